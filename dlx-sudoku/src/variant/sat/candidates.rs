//! True candidates on the clause solver: for every cell and digit, how many solutions put
//! that digit there, up to a cap.
//!
//! One solver answers every question, incrementally: the clauses it learns on one
//! question stay for the next. Every solution found is blocked for good (a clause that
//! excludes its assignment of the decided variables) and marks each of its candidates at
//! once. The open candidates (count still below the cap) are first asked about together,
//! "a new solution holding any of them", which a puzzle with few solutions answers in a
//! handful of searches (the last one proves every open candidate impossible at once);
//! after a few solutions, each open candidate gets a search of its own, the solver run
//! under the assumption "this cell holds this digit". Each search finds a solution not
//! found before (it is counted, and counts every candidate it holds) or proves there is
//! none, and then the counts it asked about are exact.
//!
//! Blocking every found solution for good is sound for every later question: each
//! question asks for a *new* solution holding some candidate, and the solutions already
//! found are already counted; the learnt clauses follow from the permanent clauses (the
//! assumptions are never learnt), so they hold for every question too.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use batsat::{lbool, Lit, SolverInterface};
use dlx_core::StopReason;

use super::{decode, theories, Cnf, SatInput, SatLimits, Theories};
use crate::variant::model::{Val, Var};
use crate::variant::solution::VariantSolution;

/// What a true-candidates run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CandidateRun {
    /// Solutions holding each candidate, indexed `cell * n + digit - 1`, up to the cap
    /// (exact below it once settled).
    pub counts: Vec<u32>,
    /// Whether each candidate's count is final: it reached the cap or its search proved
    /// there are no more.
    pub settled: Vec<bool>,
    /// Distinct solutions found (each checked by the puzzle's checker).
    pub solutions: u64,
    /// Whether `solutions` is every solution (proved), rather than a lower bound.
    pub all_solutions: bool,
    /// The first two solutions found.
    pub examples: Vec<VariantSolution>,
    /// Why the run stopped before settling every candidate (budget or cancel flag).
    pub stop: Option<StopReason>,
    /// Conflicts of the solver over every question.
    pub conflicts: u64,
    /// Nodes of the search (the propagation engine's; 0 for clause learning).
    pub nodes: u64,
    /// Searches run (assumption queries and the plain ones for the count).
    pub queries: u64,
    /// Candidate solutions the checker refused.
    pub rejected: u64,
    /// Time spent, compiling included.
    pub elapsed: Duration,
}

impl CandidateRun {
    /// A run that has found nothing yet, over `candidates` candidates (cells × digits).
    pub fn new(candidates: usize) -> Self {
        CandidateRun {
            counts: vec![0; candidates],
            settled: vec![false; candidates],
            solutions: 0,
            all_solutions: false,
            examples: Vec::new(),
            stop: None,
            conflicts: 0,
            nodes: 0,
            queries: 0,
            rejected: 0,
            elapsed: Duration::ZERO,
        }
    }
}

/// True candidates of the puzzle behind `input`: counts capped at `cap` (at least 1), and
/// solutions counted up to `solution_cap`; stops after `max_conflicts` conflicts in all or
/// when a flag of `cancel` is raised (then the counts are lower bounds, and only the
/// settled ones final).
pub(crate) fn true_candidates(
    input: &SatInput<'_>,
    cap: u32,
    solution_cap: u64,
    max_conflicts: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
) -> CandidateRun {
    let start = Instant::now();
    let cap = cap.max(1);
    let n = input.puzzle.size();
    let limits = SatLimits::new(max_conflicts, cancel);
    let mut cnf = Cnf::build(input.model, limits, input.sum_propagator);
    let shading = if input.yinyang { input.shading } else { None };
    let mut theory = theories(&mut cnf, input.model, shading);
    let mut run = CandidateRun::new(n * n * n);
    // Each candidate's literal; a digit static filtering removed is proved impossible.
    let lits: Vec<Option<Lit>> = (0..n * n * n)
        .map(|i| cnf.lit((i / n) as Var, (i % n + 1) as Val))
        .collect();
    for (i, l) in lits.iter().enumerate() {
        if l.is_none() {
            run.settled[i] = true;
        }
    }
    // One search under `assume`: a new checked solution (counted), none (Some(false)), or
    // a stop (None, the reason recorded).
    let search = |cnf: &mut Cnf, theory: &mut Theories, run: &mut CandidateRun, assume: &[Lit]| loop {
        run.queries += 1;
        let r = cnf.solver.solve_limited_th(theory, assume);
        if r == lbool::FALSE {
            return Some(false);
        }
        if r != lbool::TRUE {
            run.stop = Some(cnf.solver.cb().reason());
            return None;
        }
        let assignment = cnf.decided_values();
        cnf.block(&assignment);
        let solution = decode(input, &assignment);
        if input.puzzle.check(&solution).is_err() {
            // Excluded by its blocking clause, never counted; the question is asked again.
            run.rejected += 1;
            continue;
        }
        run.solutions += 1;
        for (k, &d) in solution.grid.values().iter().enumerate() {
            if d == 0 {
                continue;
            }
            let i = k * n + d as usize - 1;
            run.counts[i] += 1;
            if run.counts[i] >= cap {
                run.settled[i] = true;
            }
        }
        if run.examples.len() < 2 {
            run.examples.push(solution);
        }
        return Some(true);
    };
    // First, one question for every open candidate at once: "a new solution holding one
    // of them", asked through a fresh activation literal `a` (the clause `¬a ∨ ⋁ open`,
    // `a` assumed; switched off for good, `¬a`, once answered). A solution counts and
    // settles what it holds, and the question is asked again over what is still open;
    // "none" settles them all, each count exact. On a puzzle with few solutions that is a
    // handful of searches where a question per candidate takes hundreds (each proving one
    // candidate impossible). On a grid with many solutions the answers come close to each
    // other (the solver keeps its phases) and settle a few candidates each, so after
    // `JOINT_ANSWERS` solutions the open candidates get a question each, which spreads
    // the solutions found.
    let mut answers = 0;
    while !each_candidate_alone() && answers < JOINT_ANSWERS {
        let mut open: Vec<Lit> = lits
            .iter()
            .zip(&run.settled)
            .filter(|&(_, &settled)| !settled)
            .filter_map(|(&l, _)| l)
            .collect();
        if open.is_empty() {
            break;
        }
        let active = cnf.fresh(false);
        open.push(!active);
        cnf.add(&mut open);
        let answer = search(&mut cnf, &mut theory, &mut run, &[active]);
        cnf.add(&mut vec![!active]);
        match answer {
            Some(true) => answers += 1,
            Some(false) => {
                for (settled, l) in run.settled.iter_mut().zip(&lits) {
                    if l.is_some() {
                        *settled = true;
                    }
                }
            }
            None => break,
        }
    }
    'candidates: for (i, &lit) in lits.iter().enumerate() {
        while run.stop.is_none() && !run.settled[i] {
            let Some(l) = lit else { break };
            match search(&mut cnf, &mut theory, &mut run, &[l]) {
                Some(true) => {}
                Some(false) => run.settled[i] = true,
                None => break 'candidates,
            }
        }
    }
    // The count of solutions: the ones found, then more without assumptions up to the cap.
    while run.stop.is_none() && run.solutions < solution_cap {
        match search(&mut cnf, &mut theory, &mut run, &[]) {
            Some(true) => {}
            Some(false) => {
                run.all_solutions = true;
                break;
            }
            None => break,
        }
    }
    run.conflicts = cnf.solver.cb().conflicts;
    run.elapsed = start.elapsed();
    run
}

/// Solutions the joint question may find before the open candidates get a question each.
pub(crate) const JOINT_ANSWERS: u32 = 8;

/// Whether each open candidate gets a question of its own from the start
/// (`DLX_CANDIDATES=each`, the earlier way, kept for measuring) rather than one question
/// for all of them first.
fn each_candidate_alone() -> bool {
    std::env::var_os("DLX_CANDIDATES").is_some_and(|v| v == "each")
}
