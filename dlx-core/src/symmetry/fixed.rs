//! The solutions a symmetry fixes, as an exact cover problem of their own (for Burnside's
//! lemma).
//!
//! A solution is fixed by `g` when `g` maps it onto itself, that is when it is a union of
//! orbits of `⟨g⟩` on the options. So the fixed solutions are the solutions of the problem
//! whose options are those orbits (the ones whose options clash nowhere with one another),
//! each holding the items of all its options: the same items, fewer and longer options.

use crate::problem::{ItemId, OptionId, Problem, ProblemBuilder};

use super::cover::{compatible, Cover};
use super::{Automorphism, SymmetryError};

/// The problem whose solutions are the solutions of `problem` that `g` fixes (one option
/// per orbit of `g` on the options, when the orbit's options fit together).
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::{fixed_problem, Automorphism};
/// use dlx_core::Solver;
/// // A row of four squares, tiled by dominoes and two end squares: both tilings
/// // (`12 34` and `1 23 4`) are their own mirror images.
/// let p = parse("s1 s2 s3 s4\ns1 s2\ns2 s3\ns3 s4\ns1\ns4\n").unwrap();
/// let mirror = Automorphism::from_item_names(&p, &[vec!["s1", "s4"], vec!["s2", "s3"]])?;
/// let fixed = fixed_problem(&p, &mirror)?;
/// assert_eq!(Solver::new(&fixed).count().solutions, 2);
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
pub fn fixed_problem(problem: &Problem, g: &Automorphism) -> Result<Problem, SymmetryError> {
    let mut b = ProblemBuilder::new();
    for item in problem.items() {
        let name = problem.item_name(item);
        if problem.item_kind(item).is_primary() {
            b.add_primary(name)?;
        } else {
            b.add_secondary(name)?;
        }
    }
    let colours: Vec<_> = (1..=problem.num_colors() as u32)
        .map(|c| b.color(problem.color_name(crate::problem::ColorId::new(c))))
        .collect();
    let mut cover = Cover::new(problem);
    let map = g.option_map();
    let mut seen = vec![false; problem.num_options()];
    for start in 0..problem.num_options() {
        if seen[start] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut o = start;
        while !seen[o] {
            seen[o] = true;
            cycle.push(o as u32);
            o = map[o] as usize;
        }
        if !compatible(&mut cover, cycle.iter().map(|&o| OptionId::new(o))) {
            continue;
        }
        let mut entries: Vec<(u32, u32)> = cycle
            .iter()
            .flat_map(|&o| cover.entries(o).iter().copied())
            .collect();
        entries.sort_unstable();
        entries.dedup();
        b.add_colored_option(
            entries
                .into_iter()
                .map(|(i, c)| (ItemId::new(i), (c != 0).then(|| colours[c as usize - 1]))),
        )?;
    }
    Ok(b.build()?)
}
