//! Solving: compile once, then ask for one solution, uniqueness, a count or all of them,
//! with any engine or the automatic choice.
//!
//! - **Dancing links** (`dlx_core`): the exact cover problem with colours, with the
//!   look-ahead propagator and yin-yang connectivity as side conditions. Fastest on most
//!   puzzles and the engine to enumerate or count many solutions.
//! - **Clause learning** (`sat`): the same model as clauses, solved by a CDCL solver that
//!   learns from every dead end. Robust on the puzzles whose difficulty is a long chain
//!   of implications, where a search without memory revisits the same dead ends.
//! - **Propagation** (`cp`): a depth-first search over the clause solver's model with a
//!   propagator per kind of constraint on bit-mask domains; no learning, each node cheap.
//!   Fastest on typical puzzles and on killers whose difficulty is local.
//! - **Auto** (the default): for a first solution or a uniqueness proof, the propagation
//!   engine within a small budget of work ([`propagation_work`]), then clause learning
//!   with the propagation engine going on beside it for a while
//!   ([`PROPAGATION_GOES_ON`]), the first answer taken.
//!   Measured on the peer suite (35 published puzzles; `docs/performance.md`), clause
//!   learning alone had the lower median and the lower maximum time to prove uniqueness
//!   than dancing links alone or dancing links with a node budget followed by clause
//!   learning; the propagation engine's budget then halved the median (7.3 → 3.4 ms),
//!   and cut ISS's hard collections' median by 38 %. Dancing links stays the engine to
//!   count or list very many solutions.
//!
//! Every solution any engine offers is checked by the puzzle's independent checker
//! before it is reported.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dlx_core::{
    Count, First, Links, NoObserver, Observer, OptionId, Problem, Solution, Solver, Stats,
    StopReason, Uniqueness,
};

use crate::variant::compile::{compile, Compiled};
use crate::variant::links::SideConditions;
use crate::variant::model::Emitted;
use crate::variant::puzzle::{VariantError, VariantPuzzle};
use crate::variant::sat::{self, SatInput};
use crate::variant::solution::VariantSolution;

/// Which search answers.
///
/// ```
/// use dlx_sudoku::variant::VariantEngine;
/// assert_eq!(VariantEngine::default(), VariantEngine::Auto);
/// assert_eq!(VariantEngine::ClauseLearning.name(), "clause learning");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VariantEngine {
    /// The automatic choice: clause learning (see the module documentation for the
    /// measurements behind it).
    #[default]
    Auto,
    /// Dancing links with look-ahead.
    DancingLinks,
    /// A CDCL solver on the same model.
    ClauseLearning,
    /// A depth-first search with propagators over bit-mask domains, on the clause
    /// solver's model (no learning; each node cheap). A puzzle with a rule it has no
    /// propagator for (yin-yang connectivity) is answered by clause learning.
    Propagation,
}

impl VariantEngine {
    /// The engine's name, as `--stats` prints it.
    ///
    /// See [`VariantEngine`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            VariantEngine::Auto => "auto",
            VariantEngine::DancingLinks => "dancing links",
            VariantEngine::ClauseLearning => "clause learning",
            VariantEngine::Propagation => "propagation",
        }
    }
}

/// Why [`VariantEngine::DancingLinks`] is a poor choice for `puzzle`, if it is: a grid mostly
/// open (fewer than a quarter of its cells given) with rules beyond Sudoku's. Dancing links
/// keeps no memory of its dead ends, and on such grids it can search for minutes where
/// clause learning answers at once (an empty 9×9 with anti-knight, first solution:
/// 3.5 million nodes and 30 s, against 0.03 s; issue 40). [`VariantEngine::Auto`] never runs
/// dancing links; this says so to whoever asks for it.
///
/// ```
/// use dlx_sudoku::sudoku::Shape;
/// use dlx_sudoku::variant::{links_advice, AntiKnight, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::classic());
/// assert!(links_advice(&p).is_none()); // plain Sudoku: an exact cover like any other
/// p.constraints.push(AntiKnight.into());
/// assert!(links_advice(&p).unwrap().contains("0 of its 81 cells"));
/// ```
pub fn links_advice(puzzle: &VariantPuzzle) -> Option<String> {
    let cells = puzzle.size() * puzzle.size();
    let given = puzzle.givens.filled();
    (!puzzle.constraints.is_empty() && given * 4 < cells).then(|| {
        format!(
            "the puzzle gives {given} of its {cells} cells and has rules beyond Sudoku's: \
             dancing links keeps no memory of its dead ends and can search such open grids \
             for minutes, where clause learning (the default engine) answers in a moment"
        )
    })
}

/// How a search went: the engine that answered and its effort.
///
/// See [`VariantSolver::unique_with_report`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The engine whose answer was reported (never [`VariantEngine::Auto`]).
    pub engine: VariantEngine,
    /// Dancing-links nodes visited (by the first phase too, under [`VariantEngine::Auto`]).
    pub nodes: u64,
    /// Conflicts of the clause solver.
    pub conflicts: u64,
    /// Candidate solutions the independent checker refused (they are never reported; no
    /// puzzle of the test corpora has produced one).
    pub rejected: u64,
    /// Time spent searching, compiling the clauses included.
    pub elapsed: Duration,
}

/// The size of the compiled problem.
///
/// See [`VariantSolver::stats`] for an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingStats {
    /// Primary items.
    pub primary: usize,
    /// Secondary items.
    pub secondary: usize,
    /// Options.
    pub options: usize,
    /// Entries over all options.
    pub entries: usize,
    /// Options of each constraint's own items (tables and choices), by constraint.
    pub rule_options: Vec<usize>,
}

/// A compiled puzzle, ready to answer questions.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Diagonal, VariantEngine, VariantPuzzle, VariantSolver};
/// use dlx_sudoku::Uniqueness;
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Diagonal::Main.into());
/// p.constraints.push(Diagonal::Anti.into());
/// let solver = VariantSolver::new(&p)?;
/// let count = solver.count(None);
/// assert!(count.is_complete());
/// assert_eq!(count.solutions, 48); // 4×4 Sudoku X grids
/// assert!(matches!(solver.unique(), Uniqueness::Multiple(..)));
/// // Both engines count the same.
/// let sat = VariantSolver::new(&p)?.with_engine(VariantEngine::ClauseLearning).count(None);
/// assert_eq!(sat.solutions, 48);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VariantSolver {
    /// The puzzle compiled for the clause solver (without the parts only the exact cover
    /// problem needs).
    pub(crate) compiled: Arc<Compiled>,
    /// The puzzle compiled for dancing links, the first time it is asked for
    /// ([`links_side`](Self::links_side)).
    links: OnceLock<Result<Compiled, VariantError>>,
    /// The table cap both compilations use.
    table_cap: usize,
    /// The puzzle compiled (shared, like `compiled`, with the race's second runner).
    pub(crate) puzzle: Arc<VariantPuzzle>,
    lookahead: bool,
    /// Whether the clause solver propagates sums itself ([`Self::with_sum_propagator`]).
    sum_propagator: bool,
    pub(crate) node_budget: Option<u64>,
    pub(crate) engine: VariantEngine,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
    /// When the decomposed encoding joins the race ([`RACE_AFTER`]; tests start it at once).
    pub(crate) race_after: Duration,
}

/// How long clause learning runs on the whole-table encoding alone before the decomposed
/// encoding joins the race ([`VariantSolver`] under [`VariantEngine::Auto`], for a first solution
/// or a uniqueness proof). Most published puzzles are answered well within it.
const RACE_AFTER: Duration = Duration::from_millis(150);

/// Most work (variables and table entries its propagators read) the propagation engine
/// spends on a first solution or a uniqueness proof before clause learning takes over
/// ([`VariantEngine::Auto`]); `DLX_PROPAGATION_WORK` sets another figure (0: clause
/// learning at once), for measuring.
pub(crate) fn propagation_work() -> u64 {
    static WORK: OnceLock<u64> = OnceLock::new();
    *WORK.get_or_init(|| figure_from_env("DLX_PROPAGATION_WORK", PROPAGATION_WORK))
}

/// The number the environment variable `name` holds, else `default` (read once by each
/// caller, never in a search's loop).
fn figure_from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The default of [`propagation_work`].
const PROPAGATION_WORK: u64 = 2_000_000;

/// How many times [`propagation_work`] the propagation engine spends in all on a first
/// solution or a uniqueness proof, the last part of it beside clause learning's race
/// ([`VariantSolver::propagation_first`]); `DLX_PROPAGATION_GOES_ON` sets another
/// figure (1: clause learning alone after the first part), for measuring.
fn propagation_goes_on() -> u64 {
    static TIMES: OnceLock<u64> = OnceLock::new();
    *TIMES.get_or_init(|| figure_from_env("DLX_PROPAGATION_GOES_ON", PROPAGATION_GOES_ON))
}

/// The default of [`propagation_goes_on`].
const PROPAGATION_GOES_ON: u64 = 25;

/// A racer's outcome and the solutions it found.
type Run = (Outcome, Vec<VariantSolution>);

/// One racer of [`VariantSolver::race`]: the clause solver's outcome and solutions,
/// stopped by any of `flags`; an answer raises `stop` (one of them), which stops the other
/// racer. `later`: what to start if the search runs long.
fn run_racer(
    solver: &VariantSolver,
    limit: Option<u64>,
    budget: Option<u64>,
    flags: Vec<Arc<AtomicBool>>,
    stop: &AtomicBool,
    later: Option<sat::Later>,
) -> Run {
    let mut solutions = Vec::new();
    let out = solver.clauses(limit, budget, flags, later, &mut |s| {
        solutions.push(s);
        true
    });
    if out.answered() {
        stop.store(true, Ordering::Relaxed);
    }
    (out, solutions)
}

/// Whether two compilations of a puzzle give the clause solver the same model: the same
/// variables and domains, houses, forbidden pairs, attachments, memberships, features and
/// choices, alternative for alternative. Then its two runs of a race would be one search
/// twice, and on a machine with few cores the copy only halves the first one's speed.
/// Killer puzzles compile so (their cages' sets of digits and the 45 rule's sums are
/// decomposed under any table cap).
fn same_model(a: &Compiled, b: &Compiled) -> bool {
    let (a, b) = (&a.model, &b.model);
    a.vars.len() == b.vars.len()
        && a.vars.iter().zip(&b.vars).all(|(x, y)| {
            x.kind == y.kind && x.dom == y.dom && x.off == y.off && x.links_only == y.links_only
        })
        && a.houses == b.houses
        && a.forbids == b.forbids
        && a.attachments == b.attachments
        && a.members == b.members
        && a.at_least == b.at_least
        && a.digit_sets == b.digit_sets
        && a.runs == b.runs
        && a.linears == b.linears
        && a.implied_linears == b.implied_linears
        && a.implied_differences == b.implied_differences
        && a.cage_sums == b.cage_sums
        && a.feature_source == b.feature_source
        && a.choices.len() == b.choices.len()
        && a.choices
            .iter()
            .zip(&b.choices)
            .all(|(x, y)| x.links_only == y.links_only && x.alts == y.alts)
}

/// The outcome of one search: how many solutions were handed out, why it stopped before
/// its end if it did (at the limit asked for, or when `found` said to: a solution limit),
/// and how it went.
pub(crate) struct Outcome {
    pub(crate) solutions: u64,
    pub(crate) stop: Option<StopReason>,
    pub(crate) report: SearchReport,
}

impl Outcome {
    /// The outcome of a search that a contradiction found while compiling made needless.
    fn infeasible(engine: VariantEngine) -> Outcome {
        Outcome {
            solutions: 0,
            stop: None,
            report: SearchReport {
                engine,
                nodes: 0,
                conflicts: 0,
                rejected: 0,
                elapsed: Duration::ZERO,
            },
        }
    }

    /// The outcome of a propagation engine's run that handed on `solutions` solutions.
    fn of_propagation(solutions: u64, run: &crate::variant::cp::CpRun) -> Outcome {
        Outcome {
            solutions,
            stop: run.stop,
            report: SearchReport {
                engine: VariantEngine::Propagation,
                nodes: run.nodes,
                conflicts: 0,
                rejected: run.rejected,
                elapsed: run.elapsed,
            },
        }
    }

    /// Whether the search answered: it ran to its end or to the solutions asked for.
    fn answered(&self) -> bool {
        matches!(self.stop, None | Some(StopReason::SolutionLimit))
    }
}

impl VariantSolver {
    /// Validates and compiles a puzzle.
    ///
    /// See [`VariantSolver`] for an example.
    pub fn new(puzzle: &VariantPuzzle) -> Result<Self, VariantError> {
        Self::with_table_cap(puzzle, crate::variant::model::TABLE_CAP)
    }

    /// Compiles a puzzle with tables capped at `cap` alternatives: rules whose table would
    /// be larger use their decomposition (running sums, auxiliary items, pairwise tables).
    /// The default is 4096; 0 decomposes every rule that has a decomposition. For
    /// experiments and tests: the answers are the same, the problem and the search differ.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Line, LineKind, VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let line = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)];
    /// p.constraints.push(Line::new(LineKind::Thermometer, line).into());
    /// let table = VariantSolver::new(&p)?.count(None).solutions;
    /// let pairs = VariantSolver::with_table_cap(&p, 0)?.count(None).solutions;
    /// assert_eq!(table, pairs);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_table_cap(puzzle: &VariantPuzzle, cap: usize) -> Result<Self, VariantError> {
        Ok(VariantSolver {
            compiled: Arc::new(compile(puzzle, cap, false)?),
            links: OnceLock::new(),
            table_cap: cap,
            puzzle: Arc::new(puzzle.clone()),
            lookahead: true,
            sum_propagator: sat::sums_propagated_by_default(),
            node_budget: None,
            engine: VariantEngine::Auto,
            cancel: None,
            race_after: RACE_AFTER,
        })
    }

    /// Stops each search after this many steps (dancing-links nodes, or conflicts of the
    /// clause solver); answers then say they are incomplete.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantEngine, VariantPuzzle, VariantSolver};
    /// use dlx_sudoku::StopReason;
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?
    ///     .with_engine(VariantEngine::DancingLinks)
    ///     .with_node_budget(2);
    /// assert_eq!(solver.unique().stop_reason(), Some(StopReason::NodeBudget));
    /// assert_eq!(solver.count(None).stop, Some(StopReason::NodeBudget));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.node_budget = Some(nodes);
        self
    }

    /// Chooses the engine (see [`VariantEngine`]; [`VariantEngine::Auto`] by default).
    ///
    /// See [`VariantSolver`] for an example.
    pub fn with_engine(mut self, engine: VariantEngine) -> Self {
        self.engine = engine;
        self
    }

    /// Stops searches when the flag is raised (for Ctrl-C); answers then say they are
    /// incomplete.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let flag = Arc::new(AtomicBool::new(true));
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::classic()))?.with_cancel_flag(flag);
    /// assert_eq!(solver.count(None).stop, Some(dlx_sudoku::StopReason::Cancelled));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Turns the look-ahead of the dancing-links search on or off (on by default).
    /// Look-ahead propagates the rules at every node of the search and backs up from
    /// nodes with no way forward; it never changes the answers, only how many nodes the
    /// search visits.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantEngine, VariantPuzzle, VariantSolver};
    /// let p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let links = |on| VariantSolver::new(&p).unwrap().with_engine(VariantEngine::DancingLinks).with_lookahead(on);
    /// let (plain, ahead) = (links(false).count(None), links(true).count(None));
    /// assert_eq!((plain.solutions, ahead.solutions), (288, 288));
    /// assert!(ahead.stats.nodes <= plain.stats.nodes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_lookahead(mut self, on: bool) -> Self {
        self.lookahead = on;
        self
    }

    /// Whether the clause solver propagates long sums itself, with a reason for each
    /// value it rules out, rather than through their clauses (on by default; the
    /// environment variable `DLX_SUMS=clauses` turns it off, for measuring). Either way
    /// the answers are the same; only the search differs (see `docs/performance.md`).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{VariantEngine, Killer, VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.constraints.push(Killer { cells: vec![Cell::new(0, 0), Cell::new(1, 1)], sum: Some(5) }.into());
    /// let count = |on| VariantSolver::new(&p).unwrap().with_engine(VariantEngine::ClauseLearning)
    ///     .with_sum_propagator(on).count(None).solutions;
    /// assert_eq!(count(true), count(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_sum_propagator(mut self, on: bool) -> Self {
        self.sum_propagator = on;
        self
    }

    /// The exact cover problem.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// assert_eq!(solver.problem()?.num_options(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The problem is built the first time it is asked for (the clause solver, the
    /// default engine, reads the constraint model instead); an error says it could not be
    /// built (too large for 32-bit links).
    pub fn problem(&self) -> Result<&Problem, VariantError> {
        Ok(&self.links_side()?.1.problem)
    }

    /// The puzzle compiled for dancing links (compiled the first time, with the parts only
    /// the exact cover problem needs), and its exact cover problem (built the first time).
    pub(crate) fn links_side(&self) -> Result<(&Compiled, &Emitted), VariantError> {
        let compiled = self
            .links
            .get_or_init(|| compile(&self.puzzle, self.table_cap, true))
            .as_ref()
            .map_err(Clone::clone)?;
        Ok((compiled, compiled.emitted()?))
    }

    /// Sizes of the compiled problem.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Line, LineKind, VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let row = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    /// p.constraints.push(Line::new(LineKind::Thermometer, row).into());
    /// let stats = VariantSolver::new(&p)?.stats()?;
    /// assert_eq!(stats.rule_options, [4]); // 123, 124, 134, 234
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// An error says the exact cover problem could not be built, as for
    /// [`problem`](Self::problem).
    pub fn stats(&self) -> Result<EncodingStats, VariantError> {
        let (compiled, emitted) = self.links_side()?;
        let p = &emitted.problem;
        Ok(EncodingStats {
            primary: p.num_primary(),
            secondary: p.num_secondary(),
            options: p.num_options(),
            entries: p.num_entries(),
            rule_options: compiled.rule_options.clone(),
        })
    }

    /// The clause engine's input, or `None` when compiling proved the puzzle has no
    /// solution.
    pub(crate) fn sat_input(&self) -> Option<SatInput<'_>> {
        let e = &self.compiled;
        e.feasible.then(|| SatInput {
            model: &e.model,
            puzzle: &self.puzzle,
            shading: e.shading.as_deref(),
            yinyang: e.yinyang,
            letters: &e.letters,
            sum_propagator: self.sum_propagator,
        })
    }

    /// The same puzzle with every rule decomposed and the same settings, when that gives
    /// the clause solver another model (see [`same_model`]).
    pub(crate) fn decomposed(&self) -> Option<VariantSolver> {
        let other = VariantSolver::with_table_cap(&self.puzzle, 0).ok()?;
        if same_model(&other.compiled, &self.compiled) {
            return None;
        }
        Some(VariantSolver {
            engine: self.engine,
            node_budget: self.node_budget,
            cancel: self.cancel.clone(),
            lookahead: self.lookahead,
            sum_propagator: self.sum_propagator,
            race_after: self.race_after,
            ..other
        })
    }

    /// The same solver, sharing the puzzle and its clause model, without the exact cover
    /// side (for the race's second runner, on a thread of its own).
    fn shared(&self) -> VariantSolver {
        VariantSolver {
            compiled: Arc::clone(&self.compiled),
            links: OnceLock::new(),
            table_cap: self.table_cap,
            puzzle: Arc::clone(&self.puzzle),
            lookahead: self.lookahead,
            sum_propagator: self.sum_propagator,
            node_budget: self.node_budget,
            engine: self.engine,
            cancel: self.cancel.clone(),
            race_after: self.race_after,
        }
    }

    /// Sets how long the whole-table encoding runs alone in a race (tests start the
    /// second at once).
    #[cfg(test)]
    pub(crate) fn set_race_after(&mut self, after: Duration) {
        self.race_after = after;
    }

    /// The dancing-links search, handing each checked solution to `found` until it
    /// returns false or `limit` were found; stopped after the node budget. When the exact
    /// cover problem cannot be built (too large for 32-bit links), the clause solver, which
    /// reads the model, answers instead, and its report says so.
    fn links(&self, limit: Option<u64>, found: &mut dyn FnMut(VariantSolution) -> bool) -> Outcome {
        match self.links_side() {
            Ok((compiled, emitted)) => self.links_from(compiled, emitted, None, limit, found),
            Err(_) => {
                let flags = self.cancel.iter().cloned().collect();
                self.clauses(limit, self.node_budget, flags, None, found)
            }
        }
    }

    /// The dancing-links search on `emitted`, the exact cover problem of `compiled` (this
    /// puzzle's [`links_side`](Self::links_side)), as [`links`](Self::links) runs it, with
    /// `preselected` fixed before the search (X1's initial state with that option already
    /// chosen: a candidate forced without compiling the puzzle again).
    pub(crate) fn links_from(
        &self,
        compiled: &Compiled,
        emitted: &Emitted,
        preselected: Option<OptionId>,
        limit: Option<u64>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let start = Instant::now();
        if !compiled.feasible {
            return Outcome::infeasible(VariantEngine::DancingLinks);
        }
        let mut solver = Solver::links(&emitted.problem);
        if let Some(o) = preselected {
            if solver.preselect(o).is_err() {
                // The option clashes with the puzzle itself: no solution holds it.
                return Outcome::infeasible(VariantEngine::DancingLinks);
            }
        }
        if let Some(nodes) = self.node_budget {
            solver = solver.with_node_budget(nodes);
        }
        if let Some(flag) = &self.cancel {
            solver = solver.with_cancel_flag(flag.clone());
        }
        let look = (self.lookahead && std::env::var("DLX_NO_LOOK").is_err())
            .then(|| compiled.lookahead(emitted).clone());
        let decode = |s: &Solution| compiled.decode(emitted, s);
        match (look, compiled.connectivity(emitted)) {
            (None, None) => self.links_run(&decode, solver, NoObserver, limit, start, found),
            (look, conn) => {
                let obs = SideConditions { look, conn };
                self.links_run(&decode, solver, obs, limit, start, found)
            }
        }
    }

    /// The dancing-links search under an observer (none, or the side conditions), begun
    /// at `start`.
    fn links_run<O: Observer>(
        &self,
        decode: &dyn Fn(&Solution) -> VariantSolution,
        solver: Solver<'_, Links>,
        obs: O,
        limit: Option<u64>,
        start: Instant,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let mut it = solver.solutions_observed(obs);
        let mut solutions = 0;
        let mut rejected = 0;
        let mut stop = None;
        for s in it.by_ref() {
            let solution = decode(&s);
            // Checked like the clause solver's: a solution the rules refuse is never
            // reported.
            if self.puzzle.check(&solution).is_err() {
                rejected += 1;
                continue;
            }
            solutions += 1;
            if !found(solution) || limit.is_some_and(|l| solutions >= l) {
                stop = Some(StopReason::SolutionLimit);
                break;
            }
        }
        let stop = stop.or_else(|| it.stop_reason());
        Outcome {
            solutions,
            stop,
            report: SearchReport {
                engine: VariantEngine::DancingLinks,
                nodes: it.stats().nodes,
                conflicts: 0,
                rejected,
                elapsed: start.elapsed(),
            },
        }
    }

    /// The clause-learning search, stopped after `budget` conflicts or when any of `flags`
    /// is raised.
    fn clauses(
        &self,
        limit: Option<u64>,
        budget: Option<u64>,
        flags: Vec<Arc<AtomicBool>>,
        later: Option<sat::Later>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let Some(input) = self.sat_input() else {
            return Outcome::infeasible(VariantEngine::ClauseLearning);
        };
        let run = sat::solve(&input, limit, budget, flags, later, |s| found(s.clone()));
        Outcome {
            solutions: run.solutions.len() as u64,
            stop: run.stop,
            report: SearchReport {
                engine: VariantEngine::ClauseLearning,
                nodes: 0,
                conflicts: run.conflicts,
                rejected: run.rejected,
                elapsed: run.elapsed,
            },
        }
    }

    /// The propagation engine's search, stopped after the node budget or when any of
    /// `flags` is raised; clause learning answers a model it has no propagator for.
    fn propagation(
        &self,
        limit: Option<u64>,
        flags: Vec<Arc<AtomicBool>>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let Some(input) = self.sat_input() else {
            return Outcome::infeasible(VariantEngine::Propagation);
        };
        let run = crate::variant::cp::solve(
            &input,
            limit,
            self.node_budget,
            None,
            flags.clone(),
            None,
            |s| found(s.clone()),
        );
        match run {
            Ok(run) => Outcome::of_propagation(run.solutions.len() as u64, &run),
            Err(_) => self.clauses(limit, self.node_budget, flags, None, found),
        }
    }

    /// The propagation engine first, for a first solution or a uniqueness proof. It runs
    /// alone for [`propagation_work`]; a typical puzzle is answered within it. Past that,
    /// clause learning's race ([`Self::race`]) starts beside it on a second thread, and
    /// the propagation engine goes on for up to [`PROPAGATION_GOES_ON`] times that work:
    /// the first complete answer stops the other. `None` (nothing reported) when it
    /// did not answer within the first budget, or when the puzzle has a rule it has no
    /// propagator for: clause learning then answers. Two solutions are an answer: the
    /// propagation engine brings the second near the first (`cp::solve`), as clause
    /// learning does, so that the setter sees where a clue is missing.
    fn propagation_first(
        &self,
        limit: Option<u64>,
        flags: &[Arc<AtomicBool>],
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Option<Outcome> {
        let work = propagation_work();
        if work == 0 {
            return None;
        }
        let input = self.sat_input()?;
        // Raised by the first complete answer (either side), which stops the other.
        let stop = Arc::new(AtomicBool::new(false));
        // Raised while the propagation engine runs: the race beside waits for its end to
        // start its own second runner.
        let busy = Arc::new(AtomicBool::new(true));
        let mut cp_flags = flags.to_vec();
        cp_flags.push(Arc::clone(&stop));
        let beside: Arc<Mutex<Option<JoinHandle<Run>>>> = Arc::default();
        let start: crate::variant::cp::Starter<'_> = {
            let (beside, stop, solver) = (Arc::clone(&beside), Arc::clone(&stop), self.shared());
            let busy = Arc::clone(&busy);
            Box::new(move || {
                let runner = std::thread::Builder::new()
                    .name("dlx-clauses".into())
                    .spawn(move || {
                        let mut solutions = Vec::new();
                        let out = solver.race(limit, stop, Some(busy), &mut |s| {
                            solutions.push(s);
                            true
                        });
                        (out, solutions)
                    });
                // No thread to be had: the propagation engine goes on alone.
                if let Ok(runner) = runner {
                    *beside.lock().expect("the race's slot is not poisoned") = Some(runner);
                }
            })
        };
        let long = work.saturating_mul(propagation_goes_on());
        let run = crate::variant::cp::solve(
            &input,
            limit,
            self.node_budget,
            Some(long.max(work)),
            cp_flags,
            (long > work).then_some((work, start)),
            |_| true,
        );
        busy.store(false, Ordering::Release);
        let runner = beside
            .lock()
            .expect("the race's slot is not poisoned")
            .take();
        let mut run = match run {
            Ok(run) => run,
            Err(_) => {
                // Refused before any search: nothing was started beside it.
                return None;
            }
        };
        let answered = matches!(run.stop, None | Some(StopReason::SolutionLimit));
        if !answered {
            // The race beside, if one started, answers; else the caller runs it.
            let (out, solutions) = runner?.join().expect("the clause solver does not panic");
            return Some(Self::hand(out, solutions, found));
        }
        if let Some(runner) = runner {
            stop.store(true, Ordering::Relaxed);
            // Stopped at its next look at the flags.
            let _ = runner.join();
        }
        let solutions = std::mem::take(&mut run.solutions);
        let handed = solutions.len() as u64;
        Some(Self::hand(
            Outcome::of_propagation(handed, &run),
            solutions,
            found,
        ))
    }

    /// Hands `solutions` to `found` until it says stop; `out` with the count handed.
    fn hand(
        out: Outcome,
        solutions: Vec<VariantSolution>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let mut handed = 0;
        for s in solutions {
            handed += 1;
            if !found(s) {
                break;
            }
        }
        Outcome {
            solutions: handed,
            ..out
        }
    }

    /// Runs the chosen engine.
    fn search(
        &self,
        limit: Option<u64>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let flags = self.cancel.iter().cloned().collect();
        match self.engine {
            VariantEngine::DancingLinks => self.links(limit, found),
            VariantEngine::Propagation => self.propagation(limit, flags, found),
            VariantEngine::Auto if limit.is_some_and(|l| l <= 2) => self
                .propagation_first(limit, &flags, found)
                .unwrap_or_else(|| self.race(limit, Arc::default(), None, found)),
            VariantEngine::ClauseLearning | VariantEngine::Auto => {
                self.clauses(limit, self.node_budget, flags, None, found)
            }
        }
    }

    /// Clause learning on two encodings at once, for a first solution or a uniqueness
    /// proof: the clause solver's time on a puzzle depends on how its rules were encoded
    /// (whole tables, or decomposed into running sums and pairs), and which is faster
    /// differs from puzzle to puzzle by up to tenfold (a little-killer puzzle: 9.6 s whole,
    /// 2.1 s decomposed; another: 0.13 s whole, 1.1 s decomposed). So the whole-table
    /// encoding runs alone for [`RACE_AFTER`]; if it has not answered by then, the
    /// decomposed encoding is compiled and run beside it on a second thread, and the first
    /// to finish stops the other. Both answers are proofs (every solution checked, "no more"
    /// proved), so either may be reported; on a unique puzzle they are the same answer.
    /// `stop` is raised by the first answer, and stops the race when raised from outside;
    /// while `busy_beside` is raised (a search beside the race still runs), the decomposed
    /// encoding waits: two runners at a time, on a machine of two cores.
    fn race(
        &self,
        limit: Option<u64>,
        stop: Arc<AtomicBool>,
        busy_beside: Option<Arc<AtomicBool>>,
        found: &mut dyn FnMut(VariantSolution) -> bool,
    ) -> Outcome {
        let mut flags: Vec<Arc<AtomicBool>> = self.cancel.iter().cloned().collect();
        flags.push(Arc::clone(&stop));
        let budget = self.node_budget;
        // The whole-table search runs on the calling thread, and starts the decomposed
        // one from its own checks once RACE_AFTER has passed: a typical puzzle, answered
        // well before, starts no thread. (Run on a thread of its own, on the other core,
        // whose caches did not hold the compiled puzzle, typical puzzles took 2-34 %
        // longer; with a second thread that only waited to join, still a few per cent.)
        let second: Arc<Mutex<Option<JoinHandle<Option<Run>>>>> = Arc::default();
        let later = {
            let (second, flags, stop) = (Arc::clone(&second), flags.clone(), Arc::clone(&stop));
            let whole = self.shared();
            let busy = busy_beside.clone();
            sat::Later {
                after: self.race_after,
                start: Box::new(move || {
                    let runner =
                        std::thread::Builder::new()
                            .name("dlx-race".into())
                            .spawn(move || {
                                // None when the decomposed model is the same: the same
                                // search again.
                                // A search beside the race keeps the second core until
                                // it ends.
                                if let Some(busy) = busy {
                                    while busy.load(Ordering::Acquire)
                                        && !stop.load(Ordering::Relaxed)
                                    {
                                        std::thread::sleep(Duration::from_millis(1));
                                    }
                                    if stop.load(Ordering::Relaxed) {
                                        return None;
                                    }
                                }
                                let other = whole.decomposed()?;
                                Some(run_racer(&other, limit, budget, flags, &stop, None))
                            });
                    // No thread to be had: the whole-table search goes on alone.
                    if let Ok(runner) = runner {
                        *second.lock().expect("the race's slot is not poisoned") = Some(runner);
                    }
                }),
            }
        };
        let whole = run_racer(self, limit, budget, flags, &stop, Some(later));
        let runner = second
            .lock()
            .expect("the race's slot is not poisoned")
            .take();
        let decomposed = runner.and_then(|r| r.join().expect("the clause solver does not panic"));
        let (winner, solutions) = match decomposed {
            Some(other) if other.0.answered() && !whole.0.answered() => other,
            _ => whole,
        };
        Self::hand(winner, solutions, found)
    }

    /// The first solution found, if any.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// assert!(solver.first().solution().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first(&self) -> First<VariantSolution> {
        self.first_with_report().0
    }

    /// [`first`](Self::first), and how the search went.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantEngine, VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// let (solution, report) = solver.first_with_report();
    /// assert!(solution.solution().is_some());
    /// // Auto: the propagation engine answers an open 4×4 within its budget.
    /// assert_eq!(report.engine, VariantEngine::Propagation);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_with_report(&self) -> (First<VariantSolution>, SearchReport) {
        let mut out = None;
        let outcome = self.search(Some(1), &mut |s| {
            out = Some(s);
            false
        });
        (First::from_steps(out.ok_or(outcome.stop)), outcome.report)
    }

    /// Whether there is exactly one solution (the search stops at the second).
    ///
    /// See [`VariantSolver`] for an example.
    pub fn unique(&self) -> Uniqueness<VariantSolution> {
        self.unique_with_report().0
    }

    /// [`unique`](Self::unique), and how the search went.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantEngine, VariantPuzzle, VariantSolver};
    /// use dlx_sudoku::Uniqueness;
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.givens = "1234341221434321".parse()?;
    /// let (answer, report) = VariantSolver::new(&p)?.unique_with_report();
    /// assert!(matches!(answer, Uniqueness::Unique(_)));
    /// assert_eq!(report.engine, VariantEngine::Propagation);
    /// // Clause learning, asked for by name.
    /// let sat = VariantSolver::new(&p)?.with_engine(VariantEngine::ClauseLearning);
    /// assert_eq!(sat.unique_with_report().1.engine, VariantEngine::ClauseLearning);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique_with_report(&self) -> (Uniqueness<VariantSolution>, SearchReport) {
        let mut found = Vec::new();
        let outcome = self.search(Some(2), &mut |s| {
            found.push(s);
            found.len() < 2
        });
        let mut found = found.into_iter();
        let answer = Uniqueness::from_steps(|| found.next().ok_or(outcome.stop));
        (answer, outcome.report)
    }

    /// Counts the solutions, stopping after `limit` of them if a limit is given (the count
    /// then stops with [`StopReason::SolutionLimit`]). Its statistics hold the
    /// dancing-links nodes and the time. (To count very many solutions, dancing links is
    /// the faster engine: see [`VariantEngine`].)
    ///
    /// See [`VariantSolver`] for an example.
    pub fn count(&self, limit: Option<u64>) -> Count {
        self.count_with_report(limit).0
    }

    /// [`count`](Self::count), and how the search went.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantEngine, VariantPuzzle, VariantSolver};
    /// use dlx_sudoku::StopReason;
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// let (count, report) = solver.count_with_report(Some(5));
    /// assert_eq!((count.solutions, count.stop), (5, Some(StopReason::SolutionLimit)));
    /// assert_eq!(report.engine, VariantEngine::ClauseLearning);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_with_report(&self, limit: Option<u64>) -> (Count, SearchReport) {
        self.count_each(limit, |_| true)
    }

    /// Hands each solution (up to `limit`) to `found` as the search finds it, until
    /// `found` returns false; the count and how the search went, as
    /// [`count_with_report`](Self::count_with_report) gives them. For progress reports
    /// while counting.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// let mut seen = 0;
    /// let (count, _) = solver.count_each(None, |_| { seen += 1; true });
    /// assert_eq!((count.solutions, seen), (288, 288));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_each(
        &self,
        limit: Option<u64>,
        mut found: impl FnMut(&VariantSolution) -> bool,
    ) -> (Count, SearchReport) {
        let Outcome {
            solutions,
            stop,
            report,
        } = self.search(limit, &mut |s| found(&s));
        let stats = Stats {
            nodes: report.nodes,
            solutions,
            elapsed: report.elapsed,
            ..Stats::default()
        };
        (
            Count {
                solutions,
                stop,
                stats,
            },
            report,
        )
    }

    /// Every solution (up to `limit`), in the order found.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.givens = "1234341221.....1".parse()?;
    /// let all = VariantSolver::new(&p)?.solutions(None);
    /// assert_eq!(all.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self, limit: Option<u64>) -> Vec<VariantSolution> {
        let mut out = Vec::new();
        self.search(limit, &mut |s| {
            out.push(s);
            true
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Cell;
    use crate::variant::test_puzzle;

    /// Asked whether a puzzle is unique, the clause solver's second solution differs from
    /// the first in a least set of cells: checked against every 4 × 4 grid on random
    /// puzzles with several solutions (a few givens, a killer cage, a thermometer), no
    /// other solution differs from the first on a strict part of that set.
    #[test]
    fn a_second_solution_differs_from_the_first_in_a_least_set_of_cells() {
        use crate::sudoku::Grid;
        use crate::variant::model::Val;
        use crate::variant::rules::sums::tests::sudoku_grids_4;
        use crate::variant::{Killer, Line, LineKind};
        let grids = sudoku_grids_4();
        let mut rng = crate::variant::rules::sample::Rng(0x2545_f491_4f6c_dd1d);
        let mut next = |k: usize| rng.below(k);
        let mut checked = 0;
        for _ in 0..60 {
            let planted = grids[next(grids.len())];
            let mut p = VariantPuzzle::new(crate::sudoku::Shape::for_size(4).expect("4 × 4"));
            for _ in 0..next(4) {
                let k = next(16);
                p.givens
                    .set(Cell::from_index(k, 4), Some(planted[k] as u8))
                    .expect("inside");
            }
            if next(2) == 0 {
                let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
                let sum = Some((planted[0] + planted[1]) as u32);
                p.constraints.push(Killer { cells, sum }.into());
            }
            if next(2) == 0 {
                let mut line = vec![Cell::new(3, 0), Cell::new(2, 1)];
                if planted[12] > planted[9] {
                    line.reverse();
                }
                p.constraints
                    .push(Line::new(LineKind::Thermometer, line).into());
            }
            let solver = VariantSolver::new(&p)
                .expect("valid")
                .with_engine(VariantEngine::ClauseLearning);
            let Uniqueness::Multiple(a, b) = solver.unique() else {
                continue;
            };
            let solutions: Vec<&[Val; 16]> = grids
                .iter()
                .filter(|g| {
                    let grid = Grid::from_values(4, g.map(|x| x as u8).to_vec()).expect("4 × 4");
                    let s = VariantSolution {
                        grid,
                        shading: None,
                        letters: Vec::new(),
                    };
                    p.check(&s).is_ok()
                })
                .collect();
            let digits = |s: &VariantSolution| -> Vec<Val> {
                s.grid.values().iter().map(|&d| Val::from(d)).collect()
            };
            let (a, b) = (digits(&a), digits(&b));
            assert!(
                solutions.iter().any(|g| g[..] == b[..]),
                "{p:?}: not a solution"
            );
            assert_ne!(a, b);
            let differ: Vec<usize> = (0..16).filter(|&k| a[k] != b[k]).collect();
            for g in &solutions {
                let inside = (0..16).all(|k| g[k] == a[k] || differ.contains(&k));
                let fewer = (0..16).filter(|&k| g[k] != a[k]).count();
                assert!(
                    !(inside && fewer > 0 && fewer < differ.len()),
                    "{p:?}: {g:?} differs from {a:?} on fewer cells than {b:?}"
                );
            }
            checked += 1;
        }
        assert!(
            checked >= 20,
            "only {checked} puzzles with several solutions"
        );
    }

    /// The puzzle is compiled for dancing links, and its exact cover problem built, only
    /// when something asks for them; when the problem cannot be built, dancing links hands
    /// the search to the clause solver (the same answers, its report naming the engine
    /// that ran), true candidates too, and the problem's accessors say why.
    #[test]
    fn an_exact_cover_problem_that_cannot_be_built_leaves_the_answers_to_the_clause_solver() {
        let p = test_puzzle("set-thermo.toml");
        let links = VariantSolver::new(&p)
            .expect("valid")
            .with_engine(VariantEngine::DancingLinks);
        assert!(
            links.links.get().is_none(),
            "compiled for dancing links before use"
        );
        assert!(
            !links.compiled.emitted_yet(),
            "the clause model's problem built"
        );
        let (expected, report) = links.unique_with_report();
        assert_eq!(report.engine, VariantEngine::DancingLinks);
        assert!(links.links_side().is_ok());
        let expected_candidates = links.true_candidates(1);
        let mut failing = links.clone();
        failing
            .links
            .get_mut()
            .and_then(|c| c.as_mut().ok())
            .expect("compiled for dancing links")
            .fail_emission(dlx_core::ProblemError::TooLarge);
        let (answer, report) = failing.unique_with_report();
        assert_eq!(report.engine, VariantEngine::ClauseLearning);
        assert_eq!(format!("{answer:?}"), format!("{expected:?}"));
        assert!(matches!(answer, Uniqueness::Unique(_)));
        let candidates = failing.true_candidates(1);
        assert_eq!(candidates.counts(), expected_candidates.counts());
        assert_eq!(candidates.report().engine, VariantEngine::ClauseLearning);
        assert!(candidates.is_complete());
        assert!(matches!(
            failing.problem(),
            Err(VariantError::Problem(dlx_core::ProblemError::TooLarge))
        ));
        assert!(failing.stats().is_err());
        // The default engine compiles nothing for dancing links and builds no problem.
        let auto = VariantSolver::new(&p).expect("valid");
        assert!(matches!(auto.unique(), Uniqueness::Unique(_)));
        assert!(auto.links.get().is_none());
        assert!(!auto.compiled.emitted_yet());
    }

    /// The race's answer is the answer of each encoding alone, whichever wins, on puzzles
    /// that are unique, that have several solutions and that have none.
    #[test]
    fn the_race_answers_as_each_encoding_does() {
        for name in [
            "dune.toml",
            "set-arrow.toml",
            "set-sums.toml",
            "stress/killer-3.toml",
        ] {
            let mut p = test_puzzle(name);
            for variant in 0..3 {
                if variant == 1 {
                    // Several solutions: drop most constraints.
                    p.constraints.truncate(1);
                }
                if variant == 2 {
                    // None: two equal givens in a row.
                    let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
                    p.givens.set(a, Some(1)).unwrap();
                    p.givens.set(b, Some(1)).unwrap();
                }
                let mut racing = VariantSolver::new(&p).expect("valid");
                racing.race_after = Duration::ZERO;
                let whole = VariantSolver::new(&p)
                    .unwrap()
                    .with_engine(VariantEngine::ClauseLearning);
                let decomposed = VariantSolver::with_table_cap(&p, 0)
                    .unwrap()
                    .with_engine(VariantEngine::ClauseLearning);
                let kind = |u: &Uniqueness<VariantSolution>| match u {
                    Uniqueness::Unique(s) => format!("unique {}", s.grid),
                    Uniqueness::Multiple(a, b) => {
                        assert_ne!(a, b);
                        assert!(p.check(a).is_ok() && p.check(b).is_ok());
                        "multiple".to_string()
                    }
                    Uniqueness::NoSolution => "none".to_string(),
                    Uniqueness::Incomplete { .. } => "incomplete".to_string(),
                };
                let answer = racing.unique();
                assert_eq!(answer.stop_reason(), None, "{name} ({variant})");
                assert_eq!(kind(&answer), kind(&whole.unique()), "{name} ({variant})");
                assert_eq!(
                    kind(&answer),
                    kind(&decomposed.unique()),
                    "{name} ({variant})"
                );
                let first = racing.first().solution().map(|s| p.check(&s).is_ok());
                assert_eq!(first.is_some(), answer != Uniqueness::NoSolution);
                assert_ne!(first, Some(false), "{name} ({variant}): a checked solution");
            }
        }
    }

    /// A raised cancel flag stops both runners of the race: the answer is incomplete.
    #[test]
    fn a_cancelled_race_is_incomplete() {
        let p = test_puzzle("dune.toml");
        let mut racing = VariantSolver::new(&p)
            .expect("valid")
            .with_cancel_flag(Arc::new(AtomicBool::new(true)));
        racing.race_after = Duration::ZERO;
        let answer = racing.unique();
        assert_eq!(answer.stop_reason(), Some(StopReason::Cancelled));
    }
}
