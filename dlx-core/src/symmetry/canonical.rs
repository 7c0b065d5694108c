//! One solution per orbit: the canonical one, least under the group.

use crate::problem::OptionId;

use super::Group;

/// The options of `solution` sorted: the key compared between a solution and its images.
fn key(solution: &[OptionId]) -> Vec<OptionId> {
    let mut k = solution.to_vec();
    k.sort_unstable();
    k
}

/// True when `solution` is the canonical member of its orbit under `group`: its options,
/// sorted, come first lexicographically among those of its images. Exactly one solution
/// of each orbit is canonical.
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::{is_canonical, Automorphism, Group};
/// use dlx_core::Solver;
/// let p = parse("a b c d\na b\nb c\nc d\nd a\n").unwrap();
/// let turn = Automorphism::from_item_names(&p, &[vec!["a", "b", "c", "d"]])?;
/// let g = Group::new(&p, vec![turn])?;
/// let all: Vec<_> = Solver::new(&p).solutions().collect();
/// assert_eq!(all.len(), 2);
/// assert_eq!(all.iter().filter(|s| is_canonical(&g, s.options())).count(), 1);
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
pub fn is_canonical(group: &Group, solution: &[OptionId]) -> bool {
    let mine = key(solution);
    let mut image = Vec::with_capacity(mine.len());
    group.elements().iter().all(|g| {
        image.clear();
        image.extend(mine.iter().map(|&o| g.option(o)));
        image.sort_unstable();
        image >= mine
    })
}

/// The canonical member of `solution`'s orbit (sorted options).
pub fn canonical_form(group: &Group, solution: &[OptionId]) -> Vec<OptionId> {
    let mut best = key(solution);
    for g in group.elements() {
        let mut image: Vec<OptionId> = solution.iter().map(|&o| g.option(o)).collect();
        image.sort_unstable();
        if image < best {
            best = image;
        }
    }
    best
}

/// How many solutions the orbit of `solution` holds (the group's order over the order of
/// the solution's stabiliser).
pub fn orbit_size(group: &Group, solution: &[OptionId]) -> usize {
    let mine = key(solution);
    let fixed = group
        .elements()
        .iter()
        .filter(|g| {
            let mut image: Vec<OptionId> = mine.iter().map(|&o| g.option(o)).collect();
            image.sort_unstable();
            image == mine
        })
        .count();
    group.order() / fixed
}
