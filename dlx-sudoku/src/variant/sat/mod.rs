//! The clause-learning engine: the constraint model as clauses, solved by a CDCL solver
//! (batsat, a Rust port of MiniSat), yin-yang connectivity learnt lazily through the
//! solver's theory interface.
//!
//! Dancing links explores a search tree with no memory: on puzzles whose difficulty is
//! a long chain of implications it revisits the same dead ends in many branches. A CDCL
//! solver learns a clause from every dead end and never repeats it, which is what lazy
//! clause generation solvers (Chuffed) do on these puzzles. Both engines compile the same
//! [`Model`](crate::variant::model::Model), so every rule is written once.
//!
//! Soundness does not rest on the clauses being complete:
//!
//! - **Unsatisfiable** is a resolution proof from clauses every solution satisfies (the
//!   model's constraints, and connectivity lemmas that hold for every connected shading),
//!   so "no (other) solution" is a proof;
//! - **every solution** the solver offers is checked by the puzzle's independent checker
//!   (`VariantPuzzle::check`, written from each rule's definition) before it is reported.
//!   The solver decides only the puzzle's own variables (digits, shading, letters) and
//!   lets propagation settle the auxiliaries, so a candidate could in principle satisfy
//!   propagation without a full model; a candidate the checker refuses is excluded by a
//!   clause and the search goes on. (No puzzle in the test corpora has produced one.)

mod candidates;
mod cnf;
mod connectivity;
mod sums;
mod theory;

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use batsat::{lbool, Callbacks, SolverInterface};
use dlx_core::StopReason;

use crate::variant::model::{Model, Val, Var};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::solution::VariantSolution;

#[cfg(test)]
pub(crate) use candidates::JOINT_ANSWERS;
pub(crate) use candidates::{true_candidates, CandidateRun};
pub(crate) use cnf::{sums_propagated_by_default, Cnf};
use connectivity::Connectivity;
pub(crate) use sums::extreme_values;
use sums::Sums;
use theory::{Reasons, Theories};

/// Stops the solver when the conflict budget is spent or one of the cancel flags is raised.
/// Also starts, once, what a [`Later`] holds when its time comes.
pub(crate) struct SatLimits {
    max_conflicts: Option<u64>,
    conflicts: u64,
    cancel: Vec<Arc<AtomicBool>>,
    /// When to start what, if the search runs that long (taken when started).
    later: RefCell<Option<(Instant, Starter)>>,
    /// Calls of [`stop`](Callbacks::stop) while `later` waits: the clock is read every
    /// [`CLOCK_EVERY`] of them.
    calls: Cell<u32>,
}

/// What a [`Later`] starts.
pub(crate) type Starter = Box<dyn FnOnce() + Send>;

/// How many of the solver's checks (one per decision) pass between two readings of the
/// clock for a [`Later`].
const CLOCK_EVERY: u32 = 64;

impl Callbacks for SatLimits {
    fn on_new_clause(&mut self, _c: &[batsat::Lit], kind: batsat::ClauseKind) {
        if kind != batsat::ClauseKind::Axiom {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.start_later();
        self.budget_spent() || self.cancel.iter().any(|c| c.load(Ordering::Relaxed))
    }
}

impl SatLimits {
    /// A conflict budget and cancel flags, nothing to start later.
    pub(crate) fn new(max_conflicts: Option<u64>, cancel: Vec<Arc<AtomicBool>>) -> Self {
        SatLimits {
            max_conflicts,
            conflicts: 0,
            cancel,
            later: RefCell::new(None),
            calls: Cell::new(0),
        }
    }

    /// Starts what `later` holds when its time has come (the clock read every
    /// [`CLOCK_EVERY`] calls). It only starts a thread: the search goes on at once.
    fn start_later(&self) {
        let due = match &*self.later.borrow() {
            None => false,
            Some((at, _)) => {
                let calls = self.calls.get();
                self.calls.set(calls.wrapping_add(1));
                calls % CLOCK_EVERY == 0 && Instant::now() >= *at
            }
        };
        if due {
            if let Some((_, start)) = self.later.borrow_mut().take() {
                start();
            }
        }
    }

    fn budget_spent(&self) -> bool {
        self.max_conflicts.is_some_and(|m| self.conflicts >= m)
    }

    /// Why the solver stopped before it could answer.
    fn reason(&self) -> StopReason {
        if self.budget_spent() {
            StopReason::NodeBudget
        } else {
            StopReason::Cancelled
        }
    }
}

/// Something [`solve`] starts if its search runs long: once `after` has passed (counted
/// from its start, building the clauses included), the solver's own check between two
/// decisions calls `start` (the race's second runner, on a thread of its own), and the
/// search goes on undisturbed. No thread is started, nor waits, for a search that ends
/// before.
pub(crate) struct Later {
    /// When.
    pub after: Duration,
    /// What: it should return at once.
    pub start: Starter,
}

/// How a run of the clause solver ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SatRun {
    /// The solutions found, in order.
    pub solutions: Vec<VariantSolution>,
    /// Why the solver stopped before proving there are no more: the limit asked for (or
    /// `found` said to), the conflict budget, a cancel flag; `None` once it proved it.
    pub stop: Option<StopReason>,
    /// Conflicts (learnt clauses).
    pub conflicts: u64,
    /// Candidates the checker refused (always 0 in the test corpora; see the module
    /// documentation).
    pub rejected: u64,
    /// Time spent, compiling included.
    pub elapsed: Duration,
}

/// What the clause engine needs to know about a puzzle beyond its model.
pub(crate) struct SatInput<'a> {
    pub model: &'a Model,
    pub puzzle: &'a VariantPuzzle,
    /// Each cell's shading variable, when the puzzle has shading.
    pub shading: Option<&'a [Var]>,
    /// Whether the shading must be yin-yang connected.
    pub yinyang: bool,
    /// The letters and their variables.
    pub letters: &'a [(char, Var)],
    /// Whether long sums go to the propagator rather than into clauses.
    pub sum_propagator: bool,
}

/// Finds up to `limit` solutions (all with `None`), each checked by the puzzle's
/// checker; stops early after `max_conflicts` conflicts or when a flag of `cancel` is
/// raised. Asked for two (a uniqueness question), the second is one near the first
/// ([`nearest_other`]), so that the cells where they differ show where a clue is missing.
pub(crate) fn solve(
    input: &SatInput<'_>,
    limit: Option<u64>,
    max_conflicts: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
    later: Option<Later>,
    mut found: impl FnMut(&VariantSolution) -> bool,
) -> SatRun {
    let start = Instant::now();
    let limits = SatLimits::new(max_conflicts, cancel);
    *limits.later.borrow_mut() = later.map(|l| (start + l.after, l.start));
    let mut cnf = Cnf::build(input.model, limits, input.sum_propagator);
    let shading = if input.yinyang { input.shading } else { None };
    let mut theory = theories(&mut cnf, input.model, shading);
    let mut solutions = Vec::new();
    let mut rejected = 0;
    let mut first: Option<Vec<(Var, Val)>> = None;
    let stop = loop {
        if limit.is_some_and(|l| solutions.len() as u64 >= l) {
            break Some(StopReason::SolutionLimit);
        }
        let r = cnf.solver.solve_limited_th(&mut theory, &[]);
        if r == lbool::FALSE {
            break None;
        }
        if r != lbool::TRUE {
            break Some(cnf.solver.cb().reason());
        }
        let assignment = cnf.decided_values();
        cnf.block(&assignment);
        let mut solution = decode(input, &assignment);
        if input.puzzle.check(&solution).is_err() {
            // A candidate propagation let through but the rules refuse: excluded by its
            // blocking clause, never reported.
            rejected += 1;
            continue;
        }
        match &first {
            None => first = Some(assignment.clone()),
            Some(one) if limit == Some(2) => {
                solution = nearest_other(&mut cnf, &mut theory, input, one, assignment, solution);
            }
            Some(_) => {}
        }
        let go_on = found(&solution);
        solutions.push(solution);
        if !go_on {
            break Some(StopReason::SolutionLimit);
        }
    };
    SatRun {
        solutions,
        stop,
        conflicts: cnf.solver.cb().conflicts,
        rejected,
        elapsed: start.elapsed(),
    }
}

/// Most conflicts [`nearest_other`] spends, beyond as many as the search before it took.
const NEAREST_CONFLICTS: u64 = 2_000;

/// Most pairs of rows or columns [`nearest_other`] looks for a difference within.
const NEAREST_QUESTIONS: usize = 64;

/// A solution other than `first`, near it, starting from `other` (a checked solution,
/// which `cnf` has blocked, as it has `first`). For pairs of rows and of columns (nearest
/// first: neighbours, then one apart..., rows and columns in turn, [`NEAREST_QUESTIONS`]
/// pairs at most), a solution keeping `first`'s digits in every other cell is asked for,
/// since a Sudoku's ambiguity is usually a rectangle of four cells in two rows of a band;
/// one nearer than the nearest so far is [shrunk](shrink) and becomes it, and one of four
/// cells or fewer ends the search (no two Sudoku solutions differ in fewer). When no pair
/// gave one, `other` itself is shrunk.
/// Every cell where the answer differs from `first` is needed: no solution other than
/// `first` differs from it on a strict part of them. Spends at most as many conflicts as
/// the search before it, and at least [`NEAREST_CONFLICTS`]; stopped there (or by a cancel
/// flag), it answers the nearest found so far.
fn nearest_other(
    cnf: &mut Cnf,
    theory: &mut Theories,
    input: &SatInput<'_>,
    first: &[(Var, Val)],
    other: Vec<(Var, Val)>,
    other_solution: VariantSolution,
) -> VariantSolution {
    let spent = cnf.solver.cb().conflicts;
    let saved = cnf.solver.cb().max_conflicts;
    let cap = spent + spent.max(NEAREST_CONFLICTS);
    cnf.solver.cb_mut().max_conflicts = Some(saved.map_or(cap, |m| m.min(cap)));
    let differ = |a: &[(Var, Val)]| a.iter().zip(first).filter(|(p, q)| p != q).count();
    // `other` as it is until a line pair gives a nearer one (shrunk); shrunk at the end
    // when none did.
    let mut best = (other, other_solution);
    let (mut shrunk, mut stopped) = (false, false);
    let n = input.puzzle.size();
    let pairs = (1..n)
        .flat_map(|d| (0..n - d).flat_map(move |i| [(false, i, i + d), (true, i, i + d)]))
        .take(NEAREST_QUESTIONS);
    let mut assumptions = Vec::with_capacity(first.len());
    for (columns, i, j) in pairs {
        if stopped || differ(&best.0) <= 4 {
            break;
        }
        assumptions.clear();
        for &(v, x) in first {
            let k = v as usize;
            let line = if columns { k % n } else { k / n };
            if k >= n * n || line == i || line == j {
                continue;
            }
            assumptions.extend(cnf.lit(v, x));
        }
        let r = cnf.solver.solve_limited_th(theory, &assumptions);
        if r == lbool::FALSE {
            continue;
        }
        if r != lbool::TRUE {
            break;
        }
        let Some(found) = checked(cnf, input) else {
            continue;
        };
        if differ(&found.0) >= differ(&best.0) {
            continue;
        }
        let (nearer, stop) = shrink(cnf, theory, input, first, found);
        (best, shrunk, stopped) = (nearer, true, stop);
    }
    if !shrunk && !stopped {
        best = shrink(cnf, theory, input, first, best).0;
    }
    cnf.solver.cb_mut().max_conflicts = saved;
    best.1
}

/// The solution the solver's model describes, with its assignment, when the puzzle's
/// checker accepts it; a refused one is excluded by a blocking clause.
fn checked(cnf: &mut Cnf, input: &SatInput<'_>) -> Option<(Vec<(Var, Val)>, VariantSolution)> {
    let assignment = cnf.decided_values();
    let solution = decode(input, &assignment);
    if input.puzzle.check(&solution).is_ok() {
        Some((assignment, solution))
    } else {
        cnf.block(&assignment);
        None
    }
}

/// Brings a solution `start` (checked, other than `first`) nearer `first`: the solver is
/// asked again and again for a solution that agrees with `first` wherever the nearest so
/// far does and in at least one more place (every agreement assumed, and a clause "one of
/// the cells where they differ takes `first`'s value" through an activation literal,
/// switched off after each question). A checked answer becomes the nearest; "none" proves
/// that no solution other than `first` differs from it on a strict part of those cells.
/// Also says whether the budget or a cancel flag stopped it.
fn shrink(
    cnf: &mut Cnf,
    theory: &mut Theories,
    input: &SatInput<'_>,
    first: &[(Var, Val)],
    start: (Vec<(Var, Val)>, VariantSolution),
) -> ((Vec<(Var, Val)>, VariantSolution), bool) {
    let mut best = start;
    let mut assumptions = Vec::with_capacity(first.len() + 1);
    // Each answer agrees in one more cell at least; a refused one is excluded for good.
    loop {
        let active = cnf.fresh(false);
        let mut closer = vec![!active];
        assumptions.clear();
        for (&(v, x), &(_, y)) in first.iter().zip(&best.0) {
            let Some(l) = cnf.lit(v, x) else { continue };
            if x == y {
                assumptions.push(l);
            } else {
                closer.push(l);
            }
        }
        cnf.add(&mut closer);
        assumptions.push(active);
        let r = cnf.solver.solve_limited_th(theory, &assumptions);
        // The question's clause is switched off for good.
        cnf.add(&mut vec![!active]);
        if r == lbool::FALSE {
            return (best, false);
        }
        if r != lbool::TRUE {
            return (best, true);
        }
        // An answer the rules refuse is excluded, and the question asked again.
        if let Some(nearer) = checked(cnf, input) {
            best = nearer;
        }
    }
}

/// The theories of a puzzle's clauses: connectivity of `shading` (when yin-yang) and the
/// sums `cnf` left to the propagator.
fn theories(cnf: &mut Cnf, m: &Model, shading: Option<&[Var]>) -> Theories {
    let num_vars = cnf.solver.num_vars() as usize;
    Theories {
        connectivity: Connectivity::new(m.n, shading, cnf),
        sums: Sums::new(std::mem::take(&mut cnf.sums), num_vars),
        reasons: Reasons::new(num_vars),
    }
}

/// The solution a full assignment of the decided variables describes.
pub(crate) fn decode(input: &SatInput<'_>, assignment: &[(Var, Val)]) -> VariantSolution {
    let n = input.puzzle.size();
    let mut values: Vec<Option<Val>> = vec![None; input.model.vars.len()];
    for &(v, x) in assignment {
        values[v as usize] = Some(x);
    }
    let get = |v: Var| values.get(v as usize).copied().flatten();
    let digits: Vec<u8> = (0..n * n)
        .map(|k| get(k as Var).map_or(0, |x| x as u8))
        .collect();
    VariantSolution {
        grid: crate::sudoku::Grid::from_values(n, digits).expect("digits within the grid's size"),
        shading: input
            .shading
            .map(|vars| vars.iter().map(|&v| get(v) == Some(1)).collect()),
        letters: input
            .letters
            .iter()
            .map(|&(l, v)| (l, get(v).map_or(0, |x| x as u8)))
            .collect(),
    }
}
