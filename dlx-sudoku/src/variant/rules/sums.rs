//! Sums over cells whose digits may repeat (little killers, arrows, double arrows), encoded
//! with what the houses say about them.
//!
//! [`sum_equals`] alone reads such a sum cell by cell (running sums), forgetting that cells
//! of one box differ: three cells of a box add up to at most 24, not 27, and a shaft that
//! covers a whole box takes exactly 45 from it. The clause solver then rediscovers these
//! bounds conflict by conflict (an arrow whose 32-cell shaft crosses the grid took minutes).
//! [`grouped_sum`] states them.

use crate::variant::encoding::{
    bounds, distinct_sum_bounds, stated_as_linear, suffix_bounds, sum_equals, sum_table, Target,
};
use crate::variant::model::{Domain, Gate, Model, Val, Var};

/// `Σ vars = target`, for decided cell variables whose digits may repeat.
///
/// One table when it is small enough (as [`sum_equals`] would make). Otherwise the cells are
/// split into groups whose members share a house ([`groups`]); each group of
/// two or more cells becomes an auxiliary variable, its sum, whose domain is bounded by the
/// least and greatest sums of *different* digits, fixed by [`sum_equals`] over the group (a
/// group that must hold every value its cells can take, a whole box for instance, adds up
/// to a constant and needs nothing more); then the groups' sums add up to the target.
/// Every auxiliary is a function of the grid, so each grid still has one encoding.
pub(crate) fn grouped_sum(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    target: Target,
    gate: Option<Gate>,
) {
    let groups = groups(m, vars);
    if groups.len() == vars.len() {
        // No two cells see each other: nothing to add.
        sum_equals(m, name, vars, target, gate);
        return;
    }
    if stated_as_linear(m, name, &groups, target, gate, |m| {
        grouped_sum_links(m, name, vars, &groups, target, gate)
    }) {
        return;
    }
    grouped_sum_links(m, name, vars, &groups, target, gate);
}

/// [`grouped_sum`] for the exact cover problem (and for the clause solver when the sum is
/// not a [`Linear`](crate::variant::model::Linear)).
fn grouped_sum_links(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    groups: &[Vec<Var>],
    target: Target,
    gate: Option<Gate>,
) {
    if sum_table(m, name, vars, target, gate) {
        return;
    }
    let parts: Vec<Var> = groups
        .iter()
        .map(|g| {
            if g.len() == 1 {
                return g[0];
            }
            // The values the group's cells can take; its digits differ.
            let values = g.iter().flat_map(|&v| m.dom(v).iter());
            let Some((lo, hi)) = distinct_sum_bounds(values, g.len()) else {
                // More cells than values: no solution; say it plainly.
                m.choice(name, Vec::new());
                return g[0];
            };
            let part = m.aux(&format!("{name}.group"), Domain::range(lo, hi), gate);
            if lo < hi {
                sum_equals(m, &format!("{name}.group"), g, Target::Var(part), gate);
            }
            part
        })
        .collect();
    sum_equals(m, name, &parts, target, gate);
}

/// Splits `vars` into groups whose members share a house: again and again, the house that
/// holds the most of the cells not yet grouped (at least two) takes them (ties: the first
/// house); the rest are groups of one. Taking the largest first finds a whole box or row
/// that the cells cover.
pub(crate) fn groups(m: &Model, vars: &[Var]) -> Vec<Vec<Var>> {
    let mut left: Vec<Var> = vars.to_vec();
    let mut out = Vec::new();
    loop {
        let mut best: Option<(usize, u32)> = None;
        for &v in &left {
            for &h in &m.houses_of[v as usize] {
                let count = left
                    .iter()
                    .filter(|&&u| m.houses_of[u as usize].contains(&h))
                    .count();
                if count >= 2 && best.is_none_or(|(c, b)| count > c || (count == c && h < b)) {
                    best = Some((count, h));
                }
            }
        }
        let Some((_, h)) = best else { break };
        let (taken, rest): (Vec<Var>, Vec<Var>) = left
            .into_iter()
            .partition(|&u| m.houses_of[u as usize].contains(&h));
        out.push(taken);
        left = rest;
    }
    out.extend(left.into_iter().map(|v| vec![v]));
    out
}

/// `Σ plus − Σ minus = c`, for decided cell variables whose digits may repeat (the
/// innies-and-outies sums of [`implied_cages`](crate::variant::rules::implied_cages)).
///
/// One table over all the cells when it is small enough (each prefix kept only while the
/// cells after it can still make up the difference). Otherwise `Σ minus` becomes an
/// auxiliary `b`, `b + c` another, `t`, and the two sides are [`grouped_sum`]s: `Σ minus =
/// b` and `Σ plus = t`. Every auxiliary is a function of the grid.
pub(crate) fn difference_sum(m: &mut Model, name: &str, plus: &[Var], minus: &[Var], c: Val) {
    if minus.is_empty() {
        grouped_sum(m, name, plus, Target::Const(c), None);
        return;
    }
    if plus.is_empty() {
        grouped_sum(m, name, minus, Target::Const(-c), None);
        return;
    }
    // The table: signed bounds of the cells after each prefix.
    let vars: Vec<Var> = plus.iter().chain(minus).copied().collect();
    let (suf_lo, suf_hi) = suffix_bounds(m, &vars, plus.len());
    let cap = m.table_cap;
    let np = plus.len();
    let small = m.table(name, &vars, None, Some(cap), |p| {
        let s: Val = p
            .iter()
            .enumerate()
            .map(|(i, &x)| if i < np { x } else { -x })
            .sum();
        s + suf_lo[p.len()] <= c && c <= s + suf_hi[p.len()]
    });
    if small.is_ok() {
        return;
    }
    let (blo, bhi) = minus.iter().fold((0, 0), |(lo, hi), &v| {
        let (a, b) = bounds(m, v);
        (lo + a, hi + b)
    });
    let b = m.aux(&format!("{name}.minus"), Domain::range(blo, bhi), None);
    let t = m.aux(
        &format!("{name}.plus"),
        Domain::range(blo + c, bhi + c),
        None,
    );
    m.small_table(&format!("{name}.shift"), &[b, t], None, |p| {
        p.len() < 2 || p[1] == p[0] + c
    });
    grouped_sum(m, &format!("{name}.m"), minus, Target::Var(b), None);
    grouped_sum(m, &format!("{name}.p"), plus, Target::Var(t), None);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use dlx_core::Solver;

    /// Every 4 × 4 Sudoku grid (288), row-major, from the Sudoku solver.
    pub(crate) fn sudoku_grids_4() -> Vec<[Val; 16]> {
        use crate::sudoku::{Encoding, Grid, Shape, SudokuSolver};
        let enc = Encoding::new(Shape::for_size(4).expect("4 × 4")).expect("an encoding");
        let empty = Grid::new(4).expect("a 4 × 4 grid");
        SudokuSolver::new(&enc)
            .solutions(&empty)
            .expect("solvable")
            .map(|g| std::array::from_fn(|k| Val::from(g.values()[k])))
            .collect()
    }

    /// A 4 × 4 Sudoku model: its rows, columns and boxes as houses.
    pub(crate) fn sudoku_model_4() -> Model {
        let mut m = Model::new(4);
        for i in 0..4 {
            let row = (0..4).map(|j| m.cell(i, j)).collect();
            m.house(row);
            let col = (0..4).map(|j| m.cell(j, i)).collect();
            m.house(col);
            let (r, c) = (i / 2 * 2, i % 2 * 2);
            let bx = vec![
                m.cell(r, c),
                m.cell(r, c + 1),
                m.cell(r + 1, c),
                m.cell(r + 1, c + 1),
            ];
            m.house(bx);
        }
        m
    }

    #[test]
    fn sudoku_grids_4_are_288() {
        assert_eq!(sudoku_grids_4().len(), 288);
    }

    /// `difference_sum` as one table and decomposed (cap 0) has exactly the grids that
    /// satisfy the difference, each once, for differences whose cells repeat digits or not.
    #[test]
    fn difference_sum_matches_brute_force() {
        let grids = sudoku_grids_4();
        // (plus, minus) as cell indices, and the differences to try.
        let cases: [(&[usize], &[usize]); 5] = [
            (&[0, 5, 10], &[15]),
            (&[0, 1, 4], &[]),
            (&[], &[3, 6, 9, 12]),
            (&[0, 15], &[5, 10]),
            (&[1, 2, 7, 11], &[4, 8]),
        ];
        let mut nonzero = 0;
        for (plus, minus) in cases {
            for c in -10..=16 {
                let want = grids
                    .iter()
                    .filter(|g| {
                        let p: Val = plus.iter().map(|&k| g[k]).sum();
                        let q: Val = minus.iter().map(|&k| g[k]).sum();
                        p - q == c
                    })
                    .count() as u64;
                nonzero += u64::from(want > 0);
                for cap in [crate::variant::model::TABLE_CAP, 0] {
                    let mut m = sudoku_model_4();
                    m.table_cap = cap;
                    let pv: Vec<Var> = plus.iter().map(|&k| k as Var).collect();
                    let mv: Vec<Var> = minus.iter().map(|&k| k as Var).collect();
                    difference_sum(&mut m, "d", &pv, &mv, c);
                    let got = if m.propagate() {
                        let e = m.emit().expect("emits");
                        Solver::new(&e.problem).count().solutions
                    } else {
                        0
                    };
                    assert_eq!(got, want, "{plus:?} - {minus:?} = {c}, cap {cap}");
                }
            }
        }
        assert!(nonzero > 20, "the cases must have solutions to compare");
    }
}
