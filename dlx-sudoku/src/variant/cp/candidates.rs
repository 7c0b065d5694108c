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

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use crate::variant::cp::network::{Network, Unsupported};
use crate::variant::cp::search::{Search, State};
use crate::variant::model::{Val, Var};
use crate::variant::sat::{decode, CandidateRun, SatInput};

/// What the search has found so far.
struct Tally {
    run: CandidateRun,
    /// Per cell: the bits of its values whose count is still under the cap.
    open: Vec<u64>,
}

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
    });
    let mut found = |assignment: &[(Var, Val)]| {
        let solution = decode(input, assignment);
        let mut t = tally.borrow_mut();
        if input.puzzle.check(&solution).is_err() {
            t.run.rejected += 1;
            return true;
        }
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
        true
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
    let mut search = Search::new(&net, budget, cancel, &mut found)
        .with_work_budget(work)
        .with_prune(&mut prune)
        .with_prefer(&prefer);
    search.run();
    let (stop, nodes) = (search.stop, search.nodes);
    drop(search);
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
