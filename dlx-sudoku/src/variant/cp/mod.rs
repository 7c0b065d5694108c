//! The propagation engine: a depth-first search over the clause solver's model with
//! domains as bit masks and a propagator for each kind of constraint, as the fastest
//! variant solvers work (Interactive Sudoku Solver's handlers): no clauses, no learning,
//! each node cheap.
//!
//! - [`network`]: the model read as propagators (the same constraints the clause solver
//!   states, with the same meaning);
//! - [`propagate`]: propagation to a fixpoint, and the check of a full assignment;
//! - [`search`]: the search (Algorithm X's rule: the variable with the fewest values);
//! - [`candidates`]: true candidates, one search over every solution that skips the
//!   subtrees with nothing new.
//!
//! Soundness is the clause solver's: "no (other) solution" holds when every propagator
//! removes only values no solution has (each is tested against brute force on random
//! puzzles of every rule), and every solution is checked by the network and then by the
//! puzzle's independent checker before it is reported.

mod candidates;
mod nearest;
mod network;
mod propagate;
mod search;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::StopReason;

use crate::variant::sat::{decode, SatInput};
use crate::variant::solution::VariantSolution;

pub(crate) use candidates::true_candidates;
pub(crate) use network::Unsupported;
pub(crate) use search::Starter;

/// Most nodes [`nearest::nearest_other`] spends, beyond as many as the search before it
/// took.
const NEAREST_NODES: u64 = 20_000;

/// What a run of the propagation engine found.
pub(crate) struct CpRun {
    /// The solutions found, in order.
    pub solutions: Vec<VariantSolution>,
    /// Why the search stopped before proving there are no more; `None` once it proved it.
    pub stop: Option<StopReason>,
    /// Nodes: values tried.
    pub nodes: u64,
    /// Full assignments the puzzle's checker refused (never reported).
    pub rejected: u64,
    /// Time spent, building the network included.
    pub elapsed: Duration,
}

/// Finds up to `limit` solutions (all with `None`), each checked by the puzzle's checker;
/// stops after `budget` nodes, after `work` (variables and table entries the propagators
/// read), or when a flag of `cancel` is raised. `later`: what to start, once, after so
/// much work, while the search goes on. Asked for two (a uniqueness question), the second
/// is one near the first ([`nearest::nearest_other`]), as the clause solver's is; `found`
/// sees it once it is. Refuses a model the engine has no propagator for.
pub(crate) fn solve<'f>(
    input: &SatInput<'_>,
    limit: Option<u64>,
    budget: Option<u64>,
    work: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
    later: Option<(u64, search::Starter<'f>)>,
    mut found: impl FnMut(&VariantSolution) -> bool,
) -> Result<CpRun, Unsupported> {
    let start = Instant::now();
    let yinyang = input.yinyang && input.shading.is_some();
    let net = network::Network::build(input.model, yinyang)?;
    let mut solutions = Vec::new();
    let mut rejected = 0;
    // The first solution's assignment, and the second's, kept when it is to be brought
    // near the first before `found` sees it.
    let mut first = None;
    let mut deferred = None;
    let near = limit == Some(2);
    let mut report = |assignment: &[(crate::variant::model::Var, crate::variant::model::Val)]| {
        let solution = decode(input, assignment);
        if input.puzzle.check(&solution).is_err() {
            rejected += 1;
            return true;
        }
        if near && first.is_some() {
            deferred = Some((assignment.to_vec(), solution));
            return false;
        }
        if near {
            first.get_or_insert_with(|| assignment.to_vec());
        }
        let go_on = found(&solution);
        solutions.push(solution);
        go_on && limit.is_none_or(|l| (solutions.len() as u64) < l)
    };
    let mut search =
        search::Search::new(&net, budget, cancel.clone(), &mut report).with_work_budget(work);
    if let Some((at, start)) = later {
        search = search.with_later(at, start);
    }
    let (stop, nodes, _) = search.finish();
    if let (Some(first), Some(other)) = (first, deferred) {
        let most = nodes.max(NEAREST_NODES);
        let (_, solution) = nearest::nearest_other(&net, input, &first, other, most, &cancel);
        found(&solution);
        solutions.push(solution);
    }
    Ok(CpRun {
        solutions,
        stop,
        nodes,
        rejected,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::network::{Network, ABSENT};
    use super::propagate::{Propagator, State};
    use crate::variant::{read_puzzle, VariantPuzzle, VariantSolver};

    /// The files of a folder of committed puzzles, sorted (the propagation engine's unit
    /// tests read them).
    pub(super) fn puzzle_files(dir: &Path) -> Vec<std::path::PathBuf> {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        paths
    }

    /// The committed puzzles that give their solution.
    fn solved_puzzles() -> Vec<(String, VariantPuzzle)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants");
        let mut out = Vec::new();
        for dir in [root.clone(), root.join("stress")] {
            for path in puzzle_files(&dir) {
                let text = std::fs::read_to_string(&path).unwrap();
                let Ok(imported) = read_puzzle(&text) else {
                    continue;
                };
                if imported.puzzle.solution.is_some() {
                    out.push((path.display().to_string(), imported.puzzle));
                }
            }
        }
        out
    }

    /// A sound propagator never removes a value some solution within the domains has.
    /// Each puzzle's published solution is planted: every cell keeps its digit and a
    /// random half of the others (the auxiliaries keep all their values, among them the
    /// solution's), and propagation must keep the digits, whole tables and decomposed.
    #[test]
    fn propagation_keeps_a_planted_solution() {
        let puzzles = solved_puzzles();
        assert!(puzzles.len() >= 20, "{} puzzles", puzzles.len());
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut checked = 0;
        for (name, p) in &puzzles {
            let grid = p.solution.as_ref().unwrap();
            for cap in [4096, 0] {
                let solver = VariantSolver::with_table_cap(p, cap).unwrap();
                let input = solver.sat_input().expect("a solvable puzzle compiles");
                let Ok(net) = Network::build(input.model, input.yinyang) else {
                    continue;
                };
                let cells = grid.size() * grid.size();
                for round in 0..40 {
                    let mut st = State::new(&net);
                    for (c, &digit) in grid.values().iter().enumerate().take(cells) {
                        let keep = net.bit(c as u32, digit as i32);
                        assert_ne!(
                            st.dom[c] & keep,
                            0,
                            "{name}: the digit of cell {c} was filtered out"
                        );
                        // Round 0 keeps every value: the root propagation itself.
                        let random = if round == 0 { !0 } else { next() | ABSENT };
                        st.dom[c] &= random | keep;
                    }
                    let mut prop = Propagator::new(&net);
                    prop.wake_all();
                    assert!(
                        prop.fixpoint(&mut st),
                        "{name} (cap {cap}), round {round}: a dead end"
                    );
                    for (c, &digit) in grid.values().iter().enumerate().take(cells) {
                        let keep = net.bit(c as u32, digit as i32);
                        assert_ne!(
                            st.dom[c] & keep,
                            0,
                            "{name} (cap {cap}), round {round}: cell {c} lost its digit {digit}"
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 800, "{checked} states checked");
    }

    /// A full house's hidden single, which no naked single finds: in the 4×4 grid below,
    /// row 1's 1 can only go in its last cell.
    #[test]
    fn a_full_house_places_its_hidden_single() {
        use crate::sudoku::{Cell, Shape};
        let mut p = VariantPuzzle::new(Shape::for_size(4).unwrap());
        for (k, d) in [(4, 1), (14, 1)] {
            p.givens.set(Cell::from_index(k, 4), Some(d)).unwrap();
        }
        let solver = VariantSolver::new(&p).unwrap();
        let input = solver.sat_input().unwrap();
        let net = Network::build(input.model, false).unwrap();
        let root = State::new(&net);
        assert_ne!(root.dom[3], net.bit(3, 1), "compiling alone places it");
        let mut st = root.clone();
        let mut prop = Propagator::new(&net);
        prop.wake_all();
        assert!(prop.fixpoint(&mut st));
        assert_eq!(st.dom[3], net.bit(3, 1));
    }

    /// Row 1's digits (bit `d` for the digit `d`) after the root's propagation of a 9×9
    /// grid with `givens` (row, column, digit; from 0) and a killer cage r1c1-r1c5
    /// adding up to `sum`, read by its sets of digits.
    fn row_one_after_a_cage(givens: &[(usize, usize, u8)], sum: u32) -> Vec<u64> {
        use crate::sudoku::{Cell, Shape};
        use crate::variant::Killer;
        let mut p = VariantPuzzle::new(Shape::classic());
        for &(r, c, d) in givens {
            p.givens.set(Cell::new(r, c), Some(d)).unwrap();
        }
        let cells = (0..5).map(|c| Cell::new(0, c)).collect();
        p.constraints.push(
            Killer {
                cells,
                sum: Some(sum),
            }
            .into(),
        );
        let solver = VariantSolver::new(&p).unwrap();
        let input = solver.sat_input().unwrap();
        let net = Network::build(input.model, false).unwrap();
        assert!(!net.cages.is_empty(), "the cage is read by its sets");
        let mut st = State::new(&net);
        let mut prop = Propagator::new(&net);
        prop.wake_all();
        assert!(prop.fixpoint(&mut st));
        (0..9)
            .map(|c| {
                (1..=9)
                    .filter(|&d| st.dom[c] & net.bit(c as u32, d) != 0)
                    .fold(0, |u, d| u | 1 << d)
            })
            .collect()
    }

    /// The digits `ds` as bits.
    fn digits(ds: &[u32]) -> u64 {
        ds.iter().fold(0, |u, &d| u | 1 << d)
    }

    /// A large killer cage read by its sets of digits: r1c1-r1c5 add up to 20 and cannot
    /// hold a 1 (the 1s of r2c1 and r3c4 see them), so they hold 2 to 6, the only set
    /// left, and the rest of row 1 holds none of those. The cage's bounds alone give its
    /// cells at most 6 but leave the rest of the row its 2 to 6.
    #[test]
    fn a_cage_leaves_the_rest_of_its_row_the_digits_its_sets_leave() {
        let row = row_one_after_a_cage(&[(1, 0, 1), (2, 3, 1)], 20);
        for (c, &d) in row.iter().enumerate() {
            let allowed = if c < 5 {
                digits(&[2, 3, 4, 5, 6])
            } else {
                digits(&[1, 7, 8, 9])
            };
            assert_eq!(d & !allowed, 0, "cell {c}");
        }
    }

    /// The rest of a cage's row choosing its set: r1c1-r1c5 add up to 20, and no other
    /// cell of row 1 can hold a 9 (the 9s of r5c6 and r2c8 see them), so the cage holds
    /// the 9, and the one set of five digits with a 9 adding up to 20 is 1, 2, 3, 5, 9.
    /// (Two cages see it: this one, with the rest of its row, and the 45 rule's sum of
    /// that rest, 25 in four cells without a 9, whose one set 4, 6, 7, 8 leaves the
    /// cage the others.)
    #[test]
    fn a_cage_takes_the_digits_the_rest_of_its_row_cannot_hold() {
        let row = row_one_after_a_cage(&[(4, 5, 9), (1, 7, 9)], 20);
        let union = row[..5].iter().fold(0, |u, &d| u | d);
        assert_eq!(union, digits(&[1, 2, 3, 5, 9]));
    }

    /// A model with yin-yang connectivity is refused by name, not searched.
    #[test]
    fn yin_yang_is_refused() {
        let p = VariantPuzzle::new(crate::sudoku::Shape::classic());
        let solver = VariantSolver::new(&p).unwrap();
        let input = solver.sat_input().unwrap();
        let refused = Network::build(input.model, true).unwrap_err();
        assert_eq!(refused.0, "yin-yang connectivity");
    }
}
