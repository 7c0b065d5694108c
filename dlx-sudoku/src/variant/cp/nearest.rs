//! A second solution near the first, for a uniqueness question's answer: the cells where
//! the two differ show the setter where a clue is missing. The clause solver's
//! `nearest_other` asks the same questions with assumptions; here each question is a
//! search with every other cell given the first solution's digit, which propagation
//! settles almost at once, and which lists every solution it allows.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::variant::cp::network::Network;
use crate::variant::cp::search::Search;
use crate::variant::model::{Val, Var};
use crate::variant::sat::{decode, SatInput};
use crate::variant::solution::VariantSolution;

/// An assignment of the decided variables and the solution it describes.
pub(crate) type Found = (Vec<(Var, Val)>, VariantSolution);

/// Most pairs of rows or columns looked at (the clause solver's figure).
const QUESTIONS: usize = 64;

/// Most solutions one question lists.
const SOLUTIONS_PER_QUESTION: u64 = 10_000;

/// A solution other than `first`, near it, starting from `other` (a checked solution). For
/// pairs of rows and of columns (neighbours first, then one apart..., rows and columns in
/// turn, [`QUESTIONS`] pairs at most), every solution that keeps `first`'s digits in every
/// other cell is listed, and the one nearest `first` kept when it is nearer than the
/// nearest so far; one of four cells or fewer ends that part (no two Sudoku solutions
/// differ in fewer). Then every solution that agrees with `first` wherever the nearest
/// does is listed, and the nearest of them becomes the answer, again until a listing is
/// complete. So, unless the budget ran out, every cell where the answer differs from
/// `first` is needed: no solution other than `first` differs from it on a strict part of
/// them. At most `nodes` nodes in all; stopped by the budget or a raised flag of `cancel`,
/// it answers the nearest found so far.
pub(crate) fn nearest_other(
    net: &Network,
    input: &SatInput<'_>,
    first: &[(Var, Val)],
    other: Found,
    nodes: u64,
    cancel: &[Arc<AtomicBool>],
) -> Found {
    let differ = |a: &[(Var, Val)]| distance(a, first);
    let mut best = other;
    let mut left = nodes;
    let n = input.puzzle.size();
    let pairs = (1..n)
        .flat_map(|d| (0..n - d).flat_map(move |i| [(false, i, i + d), (true, i, i + d)]))
        .take(QUESTIONS);
    for (columns, i, j) in pairs {
        if differ(&best.0) <= 4 || left == 0 {
            break;
        }
        let fixed: Vec<(Var, Val)> = first
            .iter()
            .filter(|&&(v, _)| {
                let k = v as usize;
                let line = if columns { k % n } else { k / n };
                k < n * n && line != i && line != j
            })
            .copied()
            .collect();
        let (found, _) = closest(net, input, first, fixed, &mut left, cancel);
        if let Some(found) = found {
            if differ(&found.0) < differ(&best.0) {
                best = found;
            }
        }
    }
    // Only the cells where the nearest differs may change, until a listing is complete.
    while left > 0 {
        let fixed: Vec<(Var, Val)> = first
            .iter()
            .zip(&best.0)
            .filter(|(a, b)| a == b)
            .map(|(&a, _)| a)
            .collect();
        let (found, complete) = closest(net, input, first, fixed, &mut left, cancel);
        match found {
            Some(found) if differ(&found.0) < differ(&best.0) => {
                best = found;
                if complete {
                    break;
                }
            }
            _ => break,
        }
    }
    best
}

/// In how many variables two assignments of the decided variables differ.
fn distance(a: &[(Var, Val)], b: &[(Var, Val)]) -> usize {
    a.iter().zip(b).filter(|(p, q)| p != q).count()
}

/// Lists the solutions other than `first` that give `fixed` its values, and answers the
/// one nearest `first` (the first listed of those), and whether the listing was complete.
/// Spends at most `left` nodes, and takes them off.
fn closest(
    net: &Network,
    input: &SatInput<'_>,
    first: &[(Var, Val)],
    fixed: Vec<(Var, Val)>,
    left: &mut u64,
    cancel: &[Arc<AtomicBool>],
) -> (Option<Found>, bool) {
    let mut best: Option<(usize, Found)> = None;
    let mut listed = 0u64;
    let mut report = |assignment: &[(Var, Val)]| {
        if assignment == first {
            return true;
        }
        let d = distance(assignment, first);
        if best.as_ref().is_none_or(|(b, _)| d < *b) {
            let solution = decode(input, assignment);
            if input.puzzle.check(&solution).is_err() {
                // Not a solution: neither kept nor counted.
                return true;
            }
            best = Some((d, (assignment.to_vec(), solution)));
        }
        listed += 1;
        listed < SOLUTIONS_PER_QUESTION
    };
    let search = Search::new(net, Some(*left), cancel.to_vec(), &mut report).with_fixed(fixed);
    let (stop, spent, _) = search.finish();
    *left = left.saturating_sub(spent.max(1));
    (best.map(|(_, found)| found), stop.is_none())
}
