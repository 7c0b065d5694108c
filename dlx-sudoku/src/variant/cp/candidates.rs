//! True candidates on the propagation engine: one depth-first search over every solution,
//! skipping each subtree that can teach nothing new.
//!
//! Each solution the search meets is distinct (the search tree partitions the solutions),
//! so counting it for each of its candidates keeps every count exact. Once as many
//! solutions as the overall count needs are found, a subtree is skipped when no cell's
//! values below it include a candidate whose count is still under the cap (Interactive
//! Sudoku Solver's "interesting solutions"): every solution in it would only add to counts
//! already at the cap. A candidate still under the cap at the end was never in a skipped
//! subtree's domains, so all its solutions were counted: the counts are exact. Skipping
//! starts only after `solution_cap` solutions, so a run that ends below that many skipped
//! nothing and its count of solutions is the whole count.
//!
//! That search runs first for [`FIRST_NODES_PER_CELL`] nodes a cell: a grid with few
//! solutions is settled within them. If not, short searches from the root ("probes", each
//! stopped at its first solution or after [`PROBE_NODES_PER_CELL`] nodes a cell) each try
//! a random value still under the cap first, and then the full search runs again from the
//! root. A depth-first search over every solution meets, after its first, solutions that
//! differ from it in the last cells it chose: on an open grid (a setter's first clues, a
//! 16×16 with few givens) a candidate of a cell chosen near the root waits for the search
//! to come back up there. Each probe starts from the root and so may change any cell. The
//! solutions of the first search and of the probes are kept (distinct ones only) and
//! counted; the last full search counts only the solutions not already kept, so every
//! count stays exact.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use crate::variant::cp::network::{Network, Unsupported};
use crate::variant::cp::search::{Search, State};
use crate::variant::model::{Val, Var};
use crate::variant::sat::{decode, CandidateRun, SatInput};
use dlx_core::StopReason;

/// What the search has found so far.
struct Tally {
    run: CandidateRun,
    /// Per cell: the bits of its values whose count is still under the cap.
    open: Vec<u64>,
    /// The probes' solutions (assignments of the decided variables), so that the full
    /// search does not count them twice.
    probed: HashSet<Vec<(Var, Val)>>,
    /// Whether solutions go into `probed` (the first full search and the probes) or are
    /// looked up there (the last full search).
    probing: bool,
    /// Whether a search stops at its first solution not met before (the probes).
    stop_at_first: bool,
    /// Whether the last solution was one not met before.
    new: bool,
}

/// Nodes of the first full search, per cell, before the probes: a grid with few
/// solutions is settled within them, and probes would only cost.
const FIRST_NODES_PER_CELL: u64 = 32;
/// Most nodes of one probe, per cell: past them the grid is not open enough, and the
/// probes end (on an open grid a probe needs about one a cell).
const PROBE_NODES_PER_CELL: u64 = 4;
/// Most probes before the full search, per digit and unit of the cap: a solution settles
/// one count of each of the grid's `n²` cells, and `n² · n · cap` counts are to settle, so
/// at least `n · cap` solutions are needed; four times that allows for overlaps.
const PROBES_PER_DIGIT: usize = 4;
/// Probes in a row that may spend their nodes without a solution before the full search.
const FAILED_PROBES: usize = 4;

/// True candidates of the puzzle behind `input` on the propagation engine: counts capped
/// at `cap` (at least 1), solutions counted up to `solution_cap`; stops after `budget`
/// nodes, after `work` (variables and table entries the propagators read) or when a flag
/// of `cancel` is raised (the counts are then lower bounds, and only those at the cap
/// final). Refuses a model the engine has no propagator for.
pub(crate) fn true_candidates(
    input: &SatInput<'_>,
    cap: u32,
    solution_cap: u64,
    budget: Option<u64>,
    work: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
) -> Result<CandidateRun, Unsupported> {
    search_candidates(input, cap, solution_cap, budget, work, cancel, true)
}

/// [`true_candidates`], with or without the probes.
fn search_candidates(
    input: &SatInput<'_>,
    cap: u32,
    solution_cap: u64,
    budget: Option<u64>,
    work: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
    probing: bool,
) -> Result<CandidateRun, Unsupported> {
    let start = Instant::now();
    let cap = cap.max(1);
    let n = input.puzzle.size();
    let yinyang = input.yinyang && input.shading.is_some();
    let net = Network::build(input.model, yinyang)?;
    let cells = n * n;
    let mut open = vec![0u64; cells];
    for (c, open) in open.iter_mut().enumerate() {
        for d in 1..=n as Val {
            *open |= net.bit(c as Var, d);
        }
    }
    let tally = RefCell::new(Tally {
        run: CandidateRun {
            queries: 1,
            ..CandidateRun::new(cells * n)
        },
        open,
        probed: HashSet::new(),
        probing: true,
        stop_at_first: false,
        new: false,
    });
    let mut found = |assignment: &[(Var, Val)]| {
        let mut t = tally.borrow_mut();
        t.new = false;
        let (probing, stop_at_first) = (t.probing, t.stop_at_first);
        if t.probed.contains(assignment) {
            // Counted already: a probe stops there, nothing learnt; the last full search
            // goes on.
            return !stop_at_first;
        }
        let solution = decode(input, assignment);
        if input.puzzle.check(&solution).is_err() {
            t.run.rejected += 1;
            return true;
        }
        if probing {
            t.probed.insert(assignment.to_vec());
        }
        t.new = true;
        t.run.solutions += 1;
        for (k, &d) in solution.grid.values().iter().enumerate().take(cells) {
            if d == 0 {
                continue;
            }
            let i = k * n + d as usize - 1;
            t.run.counts[i] += 1;
            if t.run.counts[i] >= cap {
                t.run.settled[i] = true;
                t.open[k] &= !net.bit(k as Var, d as Val);
            }
        }
        if t.run.examples.len() < 2 {
            t.run.examples.push(solution);
        }
        // A probe ends at its first solution.
        !stop_at_first
    };
    let mut prune = |st: &State| {
        let t = tally.borrow();
        t.run.solutions >= solution_cap
            && st.dom[..cells]
                .iter()
                .zip(&t.open)
                .all(|(&d, &open)| d & open == 0)
    };
    // A cell's values still under the cap first: the next solution is then one that
    // settles something.
    let prefer = |v: Var| {
        let t = tally.borrow();
        t.open.get(v as usize).copied().unwrap_or(0)
    };
    // The full search first, for a while: most grids are settled within it.
    let (mut nodes, mut spent) = (0u64, 0u64);
    let first = FIRST_NODES_PER_CELL * cells as u64;
    let search = Search::new(
        &net,
        Some(budget.map_or(first, |b| b.min(first))),
        cancel.clone(),
        &mut found,
    )
    .with_work_budget(work)
    .with_prune(&mut prune)
    .with_prefer(&prefer);
    let (mut stop, first_nodes, first_work) = search.finish();
    nodes += first_nodes;
    spent += first_work;
    let ran_out = |nodes: u64, spent: u64| {
        budget.is_some_and(|b| nodes >= b) || work.is_some_and(|w| spent >= w)
    };
    if stop == Some(StopReason::NodeBudget) && !ran_out(nodes, spent) {
        stop = None;
        // The probes, while they find solutions not met before (a probe may fail now and
        // then) and something is open; then the full search again, from the root.
        tally.borrow_mut().stop_at_first = true;
        let probes = if probing {
            PROBES_PER_DIGIT * n * cap as usize
        } else {
            0
        };
        let mut failed = 0;
        for probe in 0..probes {
            let most = PROBE_NODES_PER_CELL * cells as u64;
            let probe_budget = budget.map_or(most, |b| b.saturating_sub(nodes).min(most));
            let search = Search::new(&net, Some(probe_budget), cancel.clone(), &mut found)
                .with_work_budget(work.map(|w| w.saturating_sub(spent)))
                .with_prefer(&prefer)
                .with_random(probe as u64 + 1);
            let (probe_stop, probe_nodes, probe_work) = search.finish();
            nodes += probe_nodes;
            spent += probe_work;
            let t = tally.borrow();
            if matches!(probe_stop, Some(StopReason::Cancelled)) || ran_out(nodes, spent) {
                stop = probe_stop.or(Some(StopReason::NodeBudget));
                break;
            }
            match probe_stop {
                // No solution at all.
                None => break,
                Some(StopReason::SolutionLimit) if t.new => failed = 0,
                _ => failed += 1,
            }
            if failed == FAILED_PROBES || t.open.iter().all(|&o| o == 0) {
                break;
            }
        }
        {
            let mut t = tally.borrow_mut();
            t.probing = false;
            t.stop_at_first = false;
        }
        if stop.is_none() {
            let search = Search::new(
                &net,
                budget.map(|b| b.saturating_sub(nodes)),
                cancel,
                &mut found,
            )
            .with_work_budget(work.map(|w| w.saturating_sub(spent)))
            .with_prune(&mut prune)
            .with_prefer(&prefer);
            let last_nodes;
            (stop, last_nodes, _) = search.finish();
            nodes += last_nodes;
        }
    }
    let mut t = tally.into_inner();
    t.run.stop = stop;
    t.run.nodes = nodes;
    if stop.is_none() {
        // The whole tree was searched or skipped: every count is exact.
        t.run.settled.fill(true);
        t.run.all_solutions = t.run.solutions < solution_cap;
    }
    // Solutions are counted up to the cap, as the other engines count them.
    t.run.solutions = t.run.solutions.min(solution_cap);
    t.run.elapsed = start.elapsed();
    Ok(t.run)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::search_candidates;
    use crate::sudoku::Cell;
    use crate::variant::{read_puzzle, VariantSolver};

    /// The probes change how soon the counts are settled, never what they are: on every
    /// committed puzzle with every second given removed, true candidates with and without
    /// them are the same, at cap 1 and 3.
    #[test]
    fn probes_keep_the_counts_exact() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants");
        let mut compared = 0;
        for path in super::super::tests::puzzle_files(&root) {
            let Ok(imported) = read_puzzle(&std::fs::read_to_string(&path).unwrap()) else {
                continue;
            };
            let mut p = imported.puzzle;
            let n = p.size();
            if n > 9 {
                continue;
            }
            let mut kept = 0;
            for k in 0..n * n {
                let cell = Cell::from_index(k, n);
                if p.givens.get(cell).is_some() {
                    kept += 1;
                    if kept % 2 == 0 {
                        p.givens.set(cell, None).unwrap();
                    }
                }
            }
            let Ok(solver) = VariantSolver::new(&p) else {
                continue;
            };
            let Some(input) = solver.sat_input() else {
                continue;
            };
            for cap in [1, 3] {
                let run = |probing| {
                    search_candidates(&input, cap, 3, Some(100_000), None, Vec::new(), probing)
                };
                let (Ok(with), Ok(without)) = (run(true), run(false)) else {
                    continue;
                };
                if with.stop.is_some() || without.stop.is_some() {
                    continue;
                }
                let name = path.display();
                // Counts past the cap depend on the order of the search; below it they
                // are exact.
                let capped = |c: &[u32]| c.iter().map(|&k| k.min(cap)).collect::<Vec<_>>();
                assert_eq!(
                    capped(&with.counts),
                    capped(&without.counts),
                    "{name}, cap {cap}"
                );
                assert_eq!(with.solutions, without.solutions, "{name}, cap {cap}");
                assert_eq!(
                    with.all_solutions, without.all_solutions,
                    "{name}, cap {cap}"
                );
                compared += 1;
            }
        }
        assert!(compared >= 20, "{compared} runs compared");
    }
}
