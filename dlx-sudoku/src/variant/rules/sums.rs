//! Sums over cells whose digits may repeat (little killers, arrows, double arrows), encoded
//! with what the houses say about them.
//!
//! [`sum_equals`] alone reads such a sum cell by cell (running sums), forgetting that cells
//! of one box differ: three cells of a box add up to at most 24, not 27, and a shaft that
//! covers a whole box takes exactly 45 from it. The clause solver then rediscovers these
//! bounds conflict by conflict (an arrow whose 32-cell shaft crosses the grid took minutes).
//! [`grouped_sum`] states them.

use crate::variant::encoding::{sum_equals, sum_table, Target};
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
            let mut values: Vec<Val> = g.iter().flat_map(|&v| m.dom(v).iter()).collect();
            values.sort_unstable();
            values.dedup();
            let k = g.len();
            if k > values.len() {
                // More cells than values: no solution; say it plainly.
                m.choice(name, Vec::new());
                return g[0];
            }
            let lo: Val = values[..k].iter().sum();
            let hi: Val = values[values.len() - k..].iter().sum();
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
fn groups(m: &Model, vars: &[Var]) -> Vec<Vec<Var>> {
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
