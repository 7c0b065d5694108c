//! Parallel search: workers on a rayon pool take work units from a shared table and split
//! their own unit whenever another worker is idle, so every core stays busy however
//! lopsided the tree. See [`unit`](crate::Unit) for how units partition the tree.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::checkpoint::{Checkpoint, CheckpointError};
use crate::engine::{
    raised, sealed::Run, Auto, Counters, DenseError, EngineChoice, Limits, Step, StopReason,
    UnitError,
};
use crate::links::arena::Arena;
use crate::problem::Problem;
use crate::solver::{Count, First, Solution, Stats, Uniqueness};
use crate::unit::{Cut, TreePosition, Unit, UnitRecord, UnitSearch};

/// Nodes a worker searches between looks at the table (to split, report, or stop).
const CHUNK: u64 = 2048;

/// Nodes the calling thread searches alone before it starts the thread pool: a problem
/// this small is counted without one (starting the workers cost a tiny problem's whole
/// process a third of a millisecond, more than its count; issue 24, "start-up"). About a
/// millisecond of search at most; the workers then go on from where it stopped.
const HEAD_START: u64 = 1 << 14;

/// Ordered output: the most a run holds in solutions found ahead of their turn, in option
/// numbers (each solution counted as its options and [`SOLUTION_OVERHEAD`] more): about
/// 16 MiB. Past it, a worker that found one waits until its unit's turn comes (the unit
/// whose turn it is streams its solutions as they are found, and never waits), so memory
/// stays bounded however far the workers would otherwise run ahead (`solve --all
/// --threads 2 --ordered` held 880 MB after 30 s of 16 queens).
pub const MAX_ORDERED_BUFFER: usize = 1 << 22;

/// What a buffered solution costs beyond its options, in option numbers (its vector's
/// header and the allocator's share).
const SOLUTION_OVERHEAD: usize = 8;

/// The most worker threads a [`ParallelSolver`] starts: [`ParallelSolver::threads`] takes
/// more as this many (each worker holds a copy of the links, and thousands of threads only
/// cost time to start: `--threads 100000` took half a minute to fail). The command line
/// refuses more when it parses `--threads`.
pub const MAX_THREADS: usize = 1024;

/// A live view of a parallel run, cheap to poll from another thread.
///
/// ```
/// use dlx_core::{format::parse, ParallelSolver, Progress};
/// let p = parse("A B\nA\nB\nA B\n").unwrap();
/// let progress = Progress::new();
/// let count = ParallelSolver::new(&p).threads(2).progress(progress.clone()).count();
/// assert_eq!(count.solutions, 2);
/// let snap = progress.snapshot();
/// assert_eq!(snap.solutions, 2);
/// assert!((snap.fraction - 1.0).abs() < 1e-9);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress {
    inner: Arc<ProgressInner>,
}

#[derive(Debug, Default)]
struct ProgressInner {
    started: Mutex<Option<Instant>>,
    /// Finished units: weight (f64 bits), solutions, nodes.
    done_weight: Mutex<f64>,
    done_solutions: AtomicU64,
    done_nodes: AtomicU64,
    /// Per-worker running figures, published every chunk.
    slots: Mutex<Vec<SlotState>>,
    units_done: AtomicUsize,
    units_total: AtomicUsize,
}

#[derive(Clone, Copy, Debug, Default)]
struct SlotState {
    fraction: f64,
    solutions: u64,
    nodes: u64,
}

/// What [`Progress::snapshot`] reports.
///
/// ```
/// let s = dlx_core::ProgressSnapshot::default();
/// assert_eq!(s.nodes_per_second(), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProgressSnapshot {
    /// Knuth's estimate of the fraction of the tree explored, from 0 to 1.
    pub fraction: f64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time since the run started.
    pub elapsed: Duration,
    /// Units finished.
    pub units_done: usize,
    /// Units made so far.
    pub units_total: usize,
}

impl ProgressSnapshot {
    /// Nodes per second so far.
    ///
    /// See [`ProgressSnapshot`] for an example.
    pub fn nodes_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.nodes as f64 / s
        } else {
            0.0
        }
    }
}

impl Progress {
    /// A fresh handle; give a clone to [`ParallelSolver::progress`] and poll this one.
    ///
    /// See [`Progress`] for an example.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// The figures now.
    ///
    /// See [`Progress`] for an example.
    pub fn snapshot(&self) -> ProgressSnapshot {
        let p = &self.inner;
        let slots = p.slots.lock().expect("progress lock");
        let running = slots.iter().fold(SlotState::default(), |a, s| SlotState {
            fraction: a.fraction + s.fraction,
            solutions: a.solutions + s.solutions,
            nodes: a.nodes + s.nodes,
        });
        drop(slots);
        let done_weight = *p.done_weight.lock().expect("progress lock");
        ProgressSnapshot {
            fraction: (done_weight + running.fraction).clamp(0.0, 1.0),
            solutions: p.done_solutions.load(Ordering::Relaxed) + running.solutions,
            nodes: p.done_nodes.load(Ordering::Relaxed) + running.nodes,
            elapsed: p
                .started
                .lock()
                .expect("progress lock")
                .map_or(Duration::ZERO, |t| t.elapsed()),
            units_done: p.units_done.load(Ordering::Relaxed),
            units_total: p.units_total.load(Ordering::Relaxed),
        }
    }

    fn start(&self, workers: usize) {
        *self.inner.started.lock().expect("progress lock") = Some(Instant::now());
        *self.inner.slots.lock().expect("progress lock") = vec![SlotState::default(); workers];
    }

    fn publish(&self, worker: usize, us: &UnitSearch) {
        let counts = us.counts();
        let mut slots = self.inner.slots.lock().expect("progress lock");
        slots[worker] = SlotState {
            fraction: us.progress(),
            solutions: counts.solutions,
            nodes: counts.nodes,
        };
    }

    fn finish_part(&self, worker: Option<usize>, weight: f64, counts: Counters) {
        *self.inner.done_weight.lock().expect("progress lock") += weight;
        self.inner
            .done_solutions
            .fetch_add(counts.solutions, Ordering::Relaxed);
        self.inner
            .done_nodes
            .fetch_add(counts.nodes, Ordering::Relaxed);
        self.inner.units_done.fetch_add(1, Ordering::Relaxed);
        if let Some(w) = worker {
            self.inner.slots.lock().expect("progress lock")[w] = SlotState::default();
        }
    }
}

/// Errors of a [`ParallelJob`]: a run that reads or writes work units (a checkpoint, a
/// resumed checkpoint, units given). A plain [`ParallelSolver`] run has none.
///
/// ```
/// use dlx_core::{format::parse, ParallelError, ParallelSolver, Checkpoint};
/// let a = parse("A\nA\n").unwrap();
/// let b = parse("B\nB\nB\n").unwrap();
/// let err = ParallelSolver::new(&b).resume(Checkpoint::fresh(&a)).count().unwrap_err();
/// assert!(matches!(err, ParallelError::Checkpoint(_)));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ParallelError {
    /// A checkpoint could not be read, written or used.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A unit does not fit the problem.
    #[error("unit {unit:?}: {source}")]
    Unit {
        /// The unit.
        unit: Unit,
        /// What is wrong with it.
        source: UnitError,
    },
    /// The counts (with those of a resumed checkpoint) passed 2⁶⁴ − 1.
    #[error("the counts passed 2^64 - 1")]
    CountOverflow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Pending,
    Running,
    Done(Counters),
}

#[derive(Debug)]
struct Record {
    unit: Unit,
    weight: f64,
    state: State,
    /// Solutions kept for ordered output, in search order.
    buffered: Vec<Solution>,
    /// Where the record's part of the tree ends: its unit's end, or, for a part closed by
    /// a split, where the search had got to. `None` only for units given without one
    /// ([`ParallelSolver::units`]) until they start.
    end: Option<TreePosition>,
    /// For a unit being searched (or stopped): where its worker had got to when it last
    /// looked (every [`CHUNK`] nodes, when checkpointing). A checkpoint records the part
    /// before it as finished.
    cut: Option<Cut>,
}

#[derive(Debug, Default)]
struct Table {
    records: Vec<Record>,
    pending: VecDeque<usize>,
    busy: usize,
    /// Ordered mode: records not yet emitted, by search order (then by age: a unit closed
    /// by a split comes before the unit that goes on from where it stopped).
    order: BTreeMap<(Vec<u32>, usize), usize>,
    /// Ordered mode: the solutions buffered ahead of their turn, in option numbers (see
    /// [`MAX_ORDERED_BUFFER`]).
    buffered_numbers: usize,
    error: Option<ParallelError>,
}

/// What a buffered solution counts against [`MAX_ORDERED_BUFFER`].
fn buffer_cost(s: &Solution) -> usize {
    s.options().len() + SOLUTION_OVERHEAD
}

impl Table {
    fn add(
        &mut self,
        unit: Unit,
        weight: f64,
        state: State,
        end: Option<TreePosition>,
        ordered: bool,
    ) -> usize {
        let id = self.records.len();
        if ordered {
            self.order.insert((unit.order_key(), id), id);
        }
        self.records.push(Record {
            unit,
            weight,
            state,
            buffered: Vec::new(),
            end,
            cut: None,
        });
        if state == State::Pending {
            self.pending.push_back(id);
        }
        id
    }

    /// Ordered mode: takes the pending unit that comes first in the search's order, so that
    /// the unit whose turn it is never waits in the queue while workers wait for it.
    fn earliest_pending(&mut self) -> Option<usize> {
        let id = self
            .order
            .values()
            .copied()
            .find(|&id| self.records[id].state == State::Pending)?;
        let at = self.pending.iter().position(|&p| p == id)?;
        self.pending.remove(at)
    }

    /// Ordered mode: the record whose turn it is (the first not yet emitted).
    fn head(&self) -> Option<usize> {
        self.order.first_key_value().map(|(_, &id)| id)
    }

    /// Whether the run is split into units: more than one record, or a unit under way
    /// that its worker has cut where it had got to. Until then a checkpoint would say
    /// only "the whole tree, to do".
    fn is_split(&self) -> bool {
        self.records.len() > 1 || self.records.iter().any(|r| r.cut.is_some())
    }

    /// The run as a checkpoint: finished records with their counts; a unit under way (or
    /// stopped) cut where its worker last looked, into its finished part and the units
    /// left to do ([`Cut::pieces`]); then finished records that meet end to start merged
    /// into one, so that the file stays a few records per thread.
    fn checkpoint(&self, problem: String) -> Checkpoint {
        let mut units = Vec::with_capacity(self.records.len());
        for r in &self.records {
            match (r.state, &r.cut) {
                // A part closed by a split at its unit's very start holds nothing.
                (State::Done(_), _) if r.end.as_ref() == Some(&r.unit.start()) => {}
                (State::Done(c), _) => units.push(UnitRecord {
                    unit: r.unit.clone(),
                    weight: r.weight,
                    done: Some(c),
                    until: r.end.clone(),
                }),
                (_, Some(cut)) => units.extend(cut.pieces(&r.unit, r.weight)),
                (_, None) => units.push(UnitRecord {
                    unit: r.unit.clone(),
                    weight: r.weight,
                    done: None,
                    until: r.end.clone(),
                }),
            }
        }
        Checkpoint {
            version: crate::checkpoint::CHECKPOINT_VERSION,
            problem,
            units: merge_finished(units),
        }
    }
}

/// Sorts the records in the search's order and merges each run of finished records that
/// meet end to start into the first of them (its `until` the last one's end, its counts
/// their sum). Left as they are when some record's end is not known.
fn merge_finished(mut units: Vec<UnitRecord>) -> Vec<UnitRecord> {
    if units.iter().any(|r| r.until.is_none()) {
        return units;
    }
    units.sort_by_cached_key(|r| r.unit.start());
    let mut out: Vec<UnitRecord> = Vec::with_capacity(units.len());
    for r in units {
        if let (Some(last), Some(done)) = (out.last_mut(), r.done) {
            if let Some(sum) = last.done.and_then(|c| c.checked_add(done)) {
                if last.until.as_ref() == Some(&r.unit.start()) {
                    last.done = Some(sum);
                    last.until = r.until;
                    last.weight += r.weight;
                    continue;
                }
            }
        }
        out.push(r);
    }
    out
}

/// What to do with solutions.
enum Sink<'a> {
    /// Count only.
    Count,
    /// Hand each to a callback as found (any order).
    Stream(&'a (dyn Fn(Solution) + Sync)),
    /// Hand them over in the sequential order.
    Ordered(&'a Mutex<&'a mut (dyn FnMut(Solution) + Send)>),
}

/// Counts, enumerates and checks uniqueness on several threads.
///
/// The whole tree is explored exactly once, so the total nodes and updates equal the
/// sequential figures. Solutions are never stored unless asked for in order. It runs the
/// engine [`Auto`] picks, as [`Solver::new`](crate::Solver::new) does, unless
/// [`with_engine_choice`](Self::with_engine_choice) names another: work units,
/// checkpoints and resume, progress, cancellation and ordered streaming are the same on
/// both.
///
/// ```
/// use dlx_core::{format::parse, ParallelSolver, Solver};
/// let text = "A B C\nA B\nC\nA\nB C\nA C\nB\n";
/// let p = parse(text).unwrap();
/// let seq = Solver::new(&p).count();
/// for threads in [1, 2, 3] {
///     let par = ParallelSolver::new(&p).threads(threads).count();
///     assert_eq!(par.solutions, seq.solutions);
///     assert_eq!((par.stats.nodes, par.stats.updates), (seq.stats.nodes, seq.stats.updates));
/// }
/// ```
pub struct ParallelSolver<'p> {
    problem: &'p Problem,
    /// The engine at the root of the problem.
    engine: Auto,
    threads: usize,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<Progress>,
    checkpoint: Option<(PathBuf, Duration)>,
    resume: Option<Checkpoint>,
    units: Option<Vec<Unit>>,
    solution_limit: u64,
    /// Told of each checkpoint write that failed after the start (see
    /// [`ParallelSolver::on_checkpoint_error`]).
    checkpoint_warn: Option<CheckpointWarn<'p>>,
    /// Ordered output: the most held ahead of its turn ([`MAX_ORDERED_BUFFER`]).
    max_ordered_buffer: usize,
    /// Tests: the most ever held ahead of its turn, in option numbers.
    ordered_peak: Option<Arc<AtomicUsize>>,
}

/// What [`ParallelSolver::on_checkpoint_error`] is given: each failed write, and whether it
/// was the last one of the run.
type CheckpointWarn<'p> = Box<dyn Fn(&CheckpointError, bool) + Send + Sync + 'p>;

impl<'p> ParallelSolver<'p> {
    /// A parallel solver using every core, on the engine [`Auto`] picks for the problem, as
    /// [`Solver::new`](crate::Solver::new) and `dlx count` do.
    ///
    /// See [`ParallelSolver`] for an example.
    pub fn new(problem: &'p Problem) -> Self {
        match <Auto as Run>::build(problem) {
            Ok(engine) => Self::with_engine(problem, engine),
            Err(never) => match never {},
        }
    }

    /// A parallel solver using every core, on the engine `choice` names, chosen at run
    /// time as [`Solver::with_engine_choice`](crate::Solver::with_engine_choice) takes it:
    /// [`EngineChoice::Auto`] picks as [`Auto`] does (what [`new`](Self::new) runs),
    /// [`EngineChoice::Links`] runs dancing links, and [`EngineChoice::Dense`] fails with
    /// the [`DenseError`] when the dense engine cannot take the problem (the only failure).
    /// Either way the units, the solutions (and their order), the nodes and the
    /// checkpoints' positions are the same; the updates are each engine's own count (see
    /// [`Checkpoint`]).
    ///
    /// ```
    /// use dlx_core::{format::parse, EngineChoice, ParallelSolver, Solver};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let dense = ParallelSolver::with_engine_choice(&p, EngineChoice::Dense).unwrap();
    /// assert_eq!(dense.engine_name(), "dense");
    /// let count = dense.threads(2).count();
    /// let seq = Solver::new(&p).count();
    /// assert_eq!((count.solutions, count.stats.nodes), (92, seq.stats.nodes));
    /// assert_eq!(ParallelSolver::new(&p).engine_name(), "dense"); // as Solver::new
    /// let links = ParallelSolver::with_engine_choice(&p, EngineChoice::Links).unwrap();
    /// assert_eq!(links.engine_name(), "links");
    ///
    /// // A primary item in 40,000 options: more than the dense engine's tallies count.
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// for _ in 0..40_000 {
    ///     b.add_option([a]).unwrap();
    /// }
    /// let big = b.build().unwrap();
    /// assert!(ParallelSolver::with_engine_choice(&big, EngineChoice::Dense).is_err());
    /// assert_eq!(ParallelSolver::new(&big).engine_name(), "links");
    /// ```
    pub fn with_engine_choice(
        problem: &'p Problem,
        choice: EngineChoice,
    ) -> Result<Self, DenseError> {
        Ok(Self::with_engine(problem, choice.build(problem)?))
    }

    fn with_engine(problem: &'p Problem, engine: Auto) -> Self {
        ParallelSolver {
            problem,
            engine,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cancel: None,
            progress: None,
            checkpoint: None,
            resume: None,
            units: None,
            solution_limit: u64::MAX,
            checkpoint_warn: None,
            max_ordered_buffer: MAX_ORDERED_BUFFER,
            ordered_peak: None,
        }
    }

    /// The engine that will search: `"links"` or `"dense"`.
    ///
    /// See [`with_engine_choice`](Self::with_engine_choice) for an example.
    pub fn engine_name(&self) -> &'static str {
        self.engine.name()
    }

    /// The number of worker threads: at least 1, at most [`MAX_THREADS`] (0 is taken as 1,
    /// more than [`MAX_THREADS`] as [`MAX_THREADS`]; the answer is the same on any number).
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, MAX_THREADS};
    /// let p = parse("A\nA\n").unwrap();
    /// assert_eq!(ParallelSolver::new(&p).threads(MAX_THREADS + 1).count().solutions, 1);
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// Stops soon after `flag` becomes true; counts so far are reported as incomplete.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, StopReason};
    /// # use std::sync::{Arc, atomic::AtomicBool};
    /// let p = parse("A\nA\nA\n").unwrap();
    /// let count = ParallelSolver::new(&p)
    ///     .cancel_flag(Arc::new(AtomicBool::new(true)))
    ///     .count();
    /// assert_eq!(count.stop, Some(StopReason::Cancelled));
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Reports progress through `progress` (see [`Progress`]).
    ///
    /// See [`Progress`] for an example.
    pub fn progress(mut self, progress: Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// A run that writes a checkpoint (see [`ParallelJob::checkpoint`]); its count is a
    /// `Result`, the write at the start being one that can fail.
    ///
    /// See [`ParallelJob::checkpoint`] for an example.
    pub fn checkpoint(self, path: impl Into<PathBuf>, every: Duration) -> ParallelJob<'p> {
        ParallelJob { solver: self }.checkpoint(path, every)
    }

    /// A run resumed from a checkpoint (see [`ParallelJob::resume`]); its count is a
    /// `Result`: the checkpoint may not fit the problem.
    ///
    /// See [`ParallelError`] for an example.
    pub fn resume(self, checkpoint: Checkpoint) -> ParallelJob<'p> {
        ParallelJob { solver: self }.resume(checkpoint)
    }

    /// A run of only these units (see [`ParallelJob::units`]); its count is a `Result`: a
    /// unit may not fit the problem.
    ///
    /// See [`ParallelJob::units`] for an example.
    pub fn units(self, units: Vec<Unit>) -> ParallelJob<'p> {
        ParallelJob { solver: self }.units(units)
    }

    /// Counts the solutions: a [`Count`], as [`Solver::count`](crate::Solver::count) gives.
    /// Nothing can fail here: the engine was settled when the solver was made
    /// ([`with_engine_choice`](Self::with_engine_choice)), the threads when they were
    /// asked for ([`threads`](Self::threads)), and a thread pool the system refuses is not
    /// an error (the calling thread searches alone). Runs that read or write files are a
    /// [`ParallelJob`], whose count is a `Result`.
    ///
    /// ```
    /// use dlx_core::{format::parse, Count, ParallelSolver, Solver};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let seq: Count = Solver::new(&p).count();
    /// let par: Count = ParallelSolver::new(&p).threads(2).count();
    /// assert_eq!((seq.solutions, par.solutions), (92, 92));
    /// assert_eq!(seq.stats.nodes, par.stats.nodes);
    /// assert!(seq.is_complete() && par.is_complete());
    /// ```
    pub fn count(self) -> Count {
        self.run(Sink::Count)
    }

    /// Calls `f` with each solution as soon as a worker finds it (in no particular order).
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver};
    /// # use std::sync::Mutex;
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let found = Mutex::new(Vec::new());
    /// let count = ParallelSolver::new(&p).threads(2)
    ///     .for_each_solution(|s| found.lock().unwrap().push(s.sorted()));
    /// assert_eq!(found.into_inner().unwrap().len() as u64, count.solutions);
    /// ```
    pub fn for_each_solution(self, f: impl Fn(Solution) + Sync) -> Count {
        self.run(Sink::Stream(&f))
    }

    /// Calls `f` with each solution in the order the sequential search finds them.
    /// Solutions found ahead of their turn wait in memory.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Solver};
    /// let p = parse("A B C\nA B\nC\nA\nB C\nA C\nB\n").unwrap();
    /// let mut parallel = Vec::new();
    /// ParallelSolver::new(&p).threads(3).for_each_solution_ordered(|s| parallel.push(s));
    /// let sequential: Vec<_> = Solver::new(&p).solutions().collect();
    /// assert_eq!(parallel, sequential);
    /// ```
    pub fn for_each_solution_ordered(self, mut f: impl FnMut(Solution) + Send) -> Count {
        let f: &mut (dyn FnMut(Solution) + Send) = &mut f;
        let sink = Mutex::new(f);
        self.run(Sink::Ordered(&sink))
    }

    /// Some solution (not necessarily the sequential search's first), or why none.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, First};
    /// let p = parse("A B\nA\n").unwrap();
    /// assert_eq!(ParallelSolver::new(&p).first(), First::NoSolution);
    /// ```
    pub fn first(mut self) -> First {
        self.solution_limit = 1;
        let found = Mutex::new(Vec::new());
        let count = self.for_each_solution(|s| found.lock().expect("lock").push(s));
        let mut found = found.into_inner().expect("lock");
        match (found.pop(), count.stop) {
            (Some(s), _) => First::Found(s),
            (None, None) => First::NoSolution,
            (None, Some(reason)) => First::Incomplete(reason),
        }
    }

    /// Whether there is exactly one solution; every worker stops at the second.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Uniqueness};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// assert!(matches!(ParallelSolver::new(&p).threads(2).unique(), Uniqueness::Multiple(..)));
    /// ```
    pub fn unique(mut self) -> Uniqueness {
        self.solution_limit = 2;
        let found = Mutex::new(Vec::new());
        let count = self.for_each_solution(|s| found.lock().expect("lock").push(s));
        let mut found = found.into_inner().expect("lock").into_iter();
        match (found.next(), found.next(), count.stop) {
            (Some(a), Some(b), _) => Uniqueness::Multiple(a, b),
            (Some(a), None, None) => Uniqueness::Unique(a),
            (None, _, None) => Uniqueness::NoSolution,
            (found, _, Some(reason)) => Uniqueness::Incomplete { reason, found },
        }
    }

    /// A run without checkpoints or units. Every error of [`drive`](Self::drive) comes
    /// from one of those (a checkpoint to read or write, a unit that does not fit; the
    /// counts are summed with overflow checked only when a checkpoint's are added), so none
    /// can arise here.
    fn run(self, sink: Sink<'_>) -> Count {
        debug_assert!(self.checkpoint.is_none() && self.resume.is_none() && self.units.is_none());
        match self.drive(sink) {
            Ok(count) => count,
            Err(e) => unreachable!("a run without checkpoints or units failed: {e}"),
        }
    }

    fn drive(self, sink: Sink<'_>) -> Result<Count, ParallelError> {
        let started = Instant::now();
        let ordered = matches!(sink, Sink::Ordered(_));
        let hash = crate::checkpoint::problem_hash(self.problem);
        let mut table = Table::default();
        let mut base = Counters::default();
        match (&self.resume, &self.units) {
            (Some(c), _) => {
                c.check_header(self.problem)?;
                // Where each unit ends is the same on either engine: the links replay it.
                let ends = c.ends(&Arena::new(self.problem))?;
                base = c.totals()?;
                for (r, end) in c.units.iter().zip(ends) {
                    let state = match r.done {
                        Some(counts) => State::Done(counts),
                        None => State::Pending,
                    };
                    table.add(r.unit.clone(), r.weight, state, Some(end), ordered);
                }
            }
            (None, Some(units)) => {
                for u in units {
                    table.add(u.clone(), 0.0, State::Pending, None, ordered);
                }
            }
            (None, None) => {
                table.add(
                    Unit::Root,
                    1.0,
                    State::Pending,
                    Some(TreePosition::End),
                    ordered,
                );
            }
        }
        let progress = self.progress.clone().unwrap_or_default();
        progress.start(self.threads);
        {
            let done_weight: f64 = table
                .records
                .iter()
                .filter(|r| matches!(r.state, State::Done(_)))
                .map(|r| r.weight)
                .sum();
            *progress.inner.done_weight.lock().expect("progress lock") = done_weight;
            progress
                .inner
                .done_solutions
                .store(base.solutions, Ordering::Relaxed);
            progress
                .inner
                .done_nodes
                .store(base.nodes, Ordering::Relaxed);
            let done = table.records.len() - table.pending.len();
            progress.inner.units_done.store(done, Ordering::Relaxed);
            progress
                .inner
                .units_total
                .store(table.records.len(), Ordering::Relaxed);
        }
        let shared = Shared {
            table: Mutex::new(table),
            wake: Condvar::new(),
            stop: Arc::new(AtomicBool::new(false)),
            stop_reason: Mutex::new(None),
            found: AtomicU64::new(0),
            idle: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            partial: Mutex::new(Counters::default()),
        };
        shared.pending.store(
            shared.table.lock().expect("table").pending.len(),
            Ordering::Relaxed,
        );
        if let Some((path, _)) = &self.checkpoint {
            // A resumable file exists from the start.
            let table = shared.table.lock().expect("table");
            table.checkpoint(hash.clone()).save(path)?;
        }
        let ctx = Context {
            engine: &self.engine,
            problem: self.problem,
            shared: &shared,
            sink: &sink,
            progress: &progress,
            cancel: self.cancel.as_deref(),
            solution_limit: self.solution_limit,
            ordered,
            checkpointing: self.checkpoint.is_some(),
            max_ordered_buffer: self.max_ordered_buffer,
            ordered_peak: self.ordered_peak.as_deref(),
        };
        // The calling thread starts alone: a tree of a few thousand nodes is done before a
        // thread pool would be. One thread and no checkpoint to write: no pool at all.
        let mut handed = if self.threads > 1 {
            ctx.head_start(HEAD_START)
        } else {
            None
        };
        let finished = {
            let table = shared.table.lock().expect("table");
            table.busy == 0 && (table.pending.is_empty() || shared.stop.load(Ordering::Relaxed))
        };
        // A pool the system refuses (no threads to be had) is not the run's failure: the
        // calling thread searches alone, to the same answer (its checkpoint written at the
        // start and at the end only).
        let pool = if finished || (self.threads == 1 && self.checkpoint.is_none()) {
            None
        } else {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .ok()
        };
        match pool {
            None if finished => {}
            None => ctx.work(0, handed.take()),
            Some(pool) => pool.in_place_scope(|scope| {
                for worker in 0..self.threads {
                    let ctx = &ctx;
                    let handed = if worker == 0 { handed.take() } else { None };
                    scope.spawn(move |_| ctx.work(worker, handed));
                }
                // This thread writes checkpoints while the workers run: the first as soon as
                // the run is split into units (a worker's unit split, or cut where it has got
                // to), so that a run killed early keeps what it did; then one every `every`.
                if let Some((path, every)) = &self.checkpoint {
                    let mut last = Instant::now();
                    let mut split_written = false;
                    loop {
                        let table = shared.table.lock().expect("table");
                        let finished = table.busy == 0
                            && (table.pending.is_empty() || shared.stop.load(Ordering::Relaxed));
                        if finished {
                            break;
                        }
                        let (table, _) = shared
                            .wake
                            .wait_timeout(table, Duration::from_millis(50))
                            .expect("table");
                        let first_split = !split_written && table.is_split();
                        if first_split || last.elapsed() >= *every {
                            split_written = true;
                            let c = table.checkpoint(hash.clone());
                            drop(table);
                            // A failed write does not stop the run: the next one tries again.
                            if let Err(e) = c.save(path) {
                                if let Some(warn) = &self.checkpoint_warn {
                                    warn(&e, false);
                                }
                            }
                            last = Instant::now();
                        }
                    }
                }
            }),
        }
        let mut table = shared.table.into_inner().expect("table");
        if let Some(e) = table.error.take() {
            return Err(e);
        }
        if let Some((path, _)) = &self.checkpoint {
            if let Err(e) = table.checkpoint(hash.clone()).save(path) {
                match &self.checkpoint_warn {
                    Some(warn) => warn(&e, true),
                    None => return Err(e.into()),
                }
            }
        }
        // Summed with overflow checked only when a checkpoint's counts are added: without
        // one the units split one tree, whose counts are the sequential search's (and
        // saturate as its do).
        let add = |t: Counters, c: Counters| match &self.resume {
            Some(_) => t.checked_add(c),
            None => Some(t + c),
        };
        let mut totals = Some(Counters::default());
        let mut complete = true;
        for r in &table.records {
            match r.state {
                State::Done(c) => totals = totals.and_then(|t| add(t, c)),
                _ => complete = false,
            }
        }
        // Work done in units that were interrupted counts too: reported as incomplete.
        let partial = *shared.partial.lock().expect("partial");
        let totals = totals
            .and_then(|t| add(t, partial))
            .ok_or(ParallelError::CountOverflow)?;
        let stop = if complete {
            None
        } else {
            Some(
                shared
                    .stop_reason
                    .into_inner()
                    .expect("stop")
                    .unwrap_or(StopReason::Cancelled),
            )
        };
        Ok(Count {
            solutions: totals.solutions,
            stop,
            stats: Stats {
                nodes: totals.nodes,
                updates: totals.updates,
                solutions: totals.solutions,
                profile: Vec::new(),
                elapsed: started.elapsed(),
            },
        })
    }
}

/// A parallel run that reads or writes work units: it writes a checkpoint
/// ([`checkpoint`](Self::checkpoint)), resumes one ([`resume`](Self::resume)) or searches
/// only the units given ([`units`](Self::units)). Made by the [`ParallelSolver`] methods of
/// the same names. Its counts are a `Result`, [`ParallelError`], unlike a plain
/// [`ParallelSolver`]'s: a checkpoint may fail to be written, or a checkpoint or unit may
/// not fit the problem. Everything else (engine, threads, cancellation, progress) is the
/// [`ParallelSolver`]'s, set before.
///
/// ```
/// use dlx_core::{format::parse, ParallelSolver, Unit};
/// let p = parse("A B\nA\nB\nA B\n").unwrap();
/// let all = ParallelSolver::new(&p).threads(2).count();
/// let part = ParallelSolver::new(&p).threads(2).units(vec![Unit::Root]).count().unwrap();
/// assert_eq!(all.solutions, part.solutions);
/// ```
pub struct ParallelJob<'p> {
    solver: ParallelSolver<'p>,
}

impl<'p> ParallelJob<'p> {
    /// Writes a checkpoint to `path`, atomically: one at the start, one as soon as the run
    /// is split into units (within milliseconds: a second worker takes a share, or the
    /// only worker notes where it has got to), then one every `every`, and one at the end.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Checkpoint};
    /// # use std::time::Duration;
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let path = std::env::temp_dir().join(format!("dlx-ck-doc-{}.json", std::process::id()));
    /// let count = ParallelSolver::new(&p).checkpoint(&path, Duration::from_secs(1)).count().unwrap();
    /// let saved = Checkpoint::load(&path).unwrap();
    /// assert!(saved.is_complete());
    /// assert_eq!(saved.totals().unwrap().solutions, count.solutions);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    ///
    /// The write at the start must succeed (the run fails at once otherwise: nothing is
    /// lost yet). A later write that fails does not stop the run: the next one tries
    /// again. A failed write after the start is handed to
    /// [`on_checkpoint_error`](Self::on_checkpoint_error) when one is given, and the count
    /// is returned all the same; without one, a failed last write is the run's error.
    pub fn checkpoint(mut self, path: impl Into<PathBuf>, every: Duration) -> Self {
        self.solver.checkpoint = Some((path.into(), every));
        self
    }

    /// Hands each checkpoint write that fails after the start of the run to `warn`, with
    /// `true` for the last write (the file then holds an older state of the run than the
    /// count returned). The run goes on, and the count is returned even when the last write
    /// failed: an answer is never lost to a checkpoint.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver};
    /// # use std::sync::Mutex;
    /// # use std::time::Duration;
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let path = std::env::temp_dir().join(format!("dlx-warn-doc-{}.json", std::process::id()));
    /// let failed = Mutex::new(Vec::new());
    /// let count = ParallelSolver::new(&p)
    ///     .threads(2)
    ///     .checkpoint(&path, Duration::from_secs(3600))
    ///     .on_checkpoint_error(|e, last| failed.lock().unwrap().push((e.to_string(), last)))
    ///     .count()
    ///     .unwrap();
    /// assert_eq!(count.solutions, 92);
    /// assert!(failed.lock().unwrap().is_empty()); // every write succeeded here
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn on_checkpoint_error(
        mut self,
        warn: impl Fn(&CheckpointError, bool) + Send + Sync + 'p,
    ) -> Self {
        self.solver.checkpoint_warn = Some(Box::new(warn));
        self
    }

    /// Resumes from a checkpoint: its finished units are counted as they stand, its
    /// pending units are searched again from their start. The checkpoint must cover the
    /// tree exactly once ([`Checkpoint::check`]); the run fails otherwise.
    ///
    /// See [`ParallelError`] for an example.
    pub fn resume(mut self, checkpoint: Checkpoint) -> Self {
        self.solver.resume = Some(checkpoint);
        self
    }

    /// Searches only these units (for distributed runs); the result counts only them.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Unit};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let unit = Unit::Range { path: vec![], first: 2, last: 2 };
    /// assert_eq!(ParallelSolver::new(&p).units(vec![unit]).count().unwrap().solutions, 1);
    /// ```
    pub fn units(mut self, units: Vec<Unit>) -> Self {
        self.solver.units = Some(units);
        self
    }

    /// Counts the solutions (of the units given, with those a resumed checkpoint had).
    ///
    /// See [`ParallelJob`] for an example.
    pub fn count(self) -> Result<Count, ParallelError> {
        self.solver.drive(Sink::Count)
    }

    /// Calls `f` with each solution as soon as a worker finds it (in no particular order):
    /// [`ParallelSolver::for_each_solution`] with units read or written.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Unit};
    /// # use std::sync::Mutex;
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let unit = Unit::Range { path: vec![], first: 2, last: 2 };
    /// let found = Mutex::new(Vec::new());
    /// let count = ParallelSolver::new(&p).units(vec![unit])
    ///     .for_each_solution(|s| found.lock().unwrap().push(s)).unwrap();
    /// assert_eq!(count.solutions, 1);
    /// ```
    pub fn for_each_solution(self, f: impl Fn(Solution) + Sync) -> Result<Count, ParallelError> {
        self.solver.drive(Sink::Stream(&f))
    }

    /// Calls `f` with each solution in the order the sequential search finds them:
    /// [`ParallelSolver::for_each_solution_ordered`] with units read or written.
    ///
    /// ```
    /// # use dlx_core::{format::parse, ParallelSolver, Unit};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let mut found = Vec::new();
    /// ParallelSolver::new(&p).units(vec![Unit::Root])
    ///     .for_each_solution_ordered(|s| found.push(s)).unwrap();
    /// assert_eq!(found.len(), 2);
    /// ```
    pub fn for_each_solution_ordered(
        self,
        mut f: impl FnMut(Solution) + Send,
    ) -> Result<Count, ParallelError> {
        let f: &mut (dyn FnMut(Solution) + Send) = &mut f;
        let sink = Mutex::new(f);
        self.solver.drive(Sink::Ordered(&sink))
    }
}

struct Shared {
    table: Mutex<Table>,
    wake: Condvar,
    /// Raised to stop every worker (cancelled, solution limit, error).
    stop: Arc<AtomicBool>,
    stop_reason: Mutex<Option<StopReason>>,
    /// Solutions found, for the solution limit.
    found: AtomicU64,
    /// Workers waiting for work.
    idle: AtomicUsize,
    /// Units waiting in the queue.
    pending: AtomicUsize,
    /// Counts of units interrupted before they finished.
    partial: Mutex<Counters>,
}

impl Shared {
    fn halt(&self, reason: StopReason) {
        let mut r = self.stop_reason.lock().expect("stop");
        r.get_or_insert(reason);
        self.stop.store(true, Ordering::Relaxed);
        self.wake.notify_all();
    }
}

struct Context<'a, 's> {
    /// The engine at the root of the problem: each unit starts from a copy.
    engine: &'a Auto,
    /// The problem (its names, for the solutions handed over).
    problem: &'a Problem,
    shared: &'a Shared,
    sink: &'a Sink<'s>,
    progress: &'a Progress,
    cancel: Option<&'a AtomicBool>,
    solution_limit: u64,
    ordered: bool,
    /// A checkpoint is being written: workers record where they have got to.
    checkpointing: bool,
    max_ordered_buffer: usize,
    ordered_peak: Option<&'a AtomicUsize>,
}

impl Context<'_, '_> {
    /// A worker: takes units until none is left (or the run stops).
    /// A worker: goes on with the unit `handed` to it (the head start's), then takes units
    /// until none is left (or the run stops).
    fn work(&self, worker: usize, handed: Option<(usize, UnitSearch)>) {
        if let Some((id, us)) = handed {
            self.drive_unit(worker, id, us, None);
        }
        while let Some(id) = self.next_unit() {
            if let Some(us) = self.start_unit(id) {
                self.drive_unit(worker, id, us, None);
            }
        }
    }

    /// The calling thread's head start: it takes the first unit and searches it for about
    /// `nodes` nodes. Returns the unit and its search when it is not finished by then.
    fn head_start(&self, nodes: u64) -> Option<(usize, UnitSearch)> {
        let id = self.next_unit()?;
        let us = self.start_unit(id)?;
        self.drive_unit(0, id, us, Some(nodes))
    }

    fn next_unit(&self) -> Option<usize> {
        let shared = self.shared;
        let mut table = shared.table.lock().expect("table");
        loop {
            if raised(self.cancel) {
                let mut r = shared.stop_reason.lock().expect("stop");
                r.get_or_insert(StopReason::Cancelled);
                shared.stop.store(true, Ordering::Relaxed);
            }
            if shared.stop.load(Ordering::Relaxed) {
                shared.wake.notify_all();
                return None;
            }
            let next = if self.ordered {
                table.earliest_pending()
            } else {
                table.pending.pop_front()
            };
            if let Some(id) = next {
                shared.pending.store(table.pending.len(), Ordering::Relaxed);
                table.busy += 1;
                table.records[id].state = State::Running;
                return Some(id);
            }
            if table.busy == 0 {
                shared.wake.notify_all();
                return None;
            }
            shared.idle.fetch_add(1, Ordering::Relaxed);
            table = shared.wake.wait(table).expect("table");
            shared.idle.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// The search of unit `id` (taken by this worker), or `None` when the unit does not
    /// exist in the problem (the error is recorded and the run stopped).
    fn start_unit(&self, id: usize) -> Option<UnitSearch> {
        let shared = self.shared;
        let unit = shared.table.lock().expect("table").records[id].unit.clone();
        let us = match UnitSearch::from_engine(self.engine.clone(), &unit) {
            Ok(us) => us,
            Err(source) => {
                let mut table = shared.table.lock().expect("table");
                table
                    .error
                    .get_or_insert(ParallelError::Unit { unit, source });
                table.busy -= 1;
                drop(table);
                shared.halt(StopReason::Cancelled);
                return None;
            }
        };
        // A unit given without a weight or an end (distributed runs) takes the ones
        // computed.
        let mut table = shared.table.lock().expect("table");
        let record = &mut table.records[id];
        if record.weight == 0.0 {
            record.weight = us.weight;
        }
        if record.end.is_none() {
            record.end = Some(us.end());
        }
        Some(us)
    }

    /// Runs unit `id` to its end, or until the run stops; with `pause_after`, only until
    /// about that many nodes (counted from the unit's start), returning the search, unless
    /// it ends first.
    fn drive_unit(
        &self,
        worker: usize,
        mut id: usize,
        mut us: UnitSearch,
        pause_after: Option<u64>,
    ) -> Option<(usize, UnitSearch)> {
        let shared = self.shared;
        let mut limits = Limits {
            node_budget: 0,
            cancel: Some(Arc::clone(&shared.stop)),
            // Plain counting needs no stop at each solution: the unit's counters have them
            // (and a shared counter bumped for each of q14's 365,596 solutions would cost
            // two threads several per cent).
            count_through: matches!(self.sink, Sink::Count) && self.solution_limit == u64::MAX,
        };
        // The budget moves on only after an interruption: a problem with a solution every
        // few nodes would otherwise never reach it, and never split.
        limits.node_budget = us.counts().nodes + CHUNK;
        loop {
            match us.run(&limits) {
                Step::Solution => self.solution(id, &us),
                Step::Exhausted => {
                    let counts = us.counts();
                    let mut table = shared.table.lock().expect("table");
                    let weight = table.records[id].weight;
                    table.records[id].state = State::Done(counts);
                    table.records[id].cut = None;
                    table.busy -= 1;
                    self.progress.finish_part(Some(worker), weight, counts);
                    if self.ordered {
                        self.emit_ordered(&mut table);
                    }
                    drop(table);
                    shared.wake.notify_all();
                    return None;
                }
                Step::Interrupted(_) => {
                    if raised(self.cancel) {
                        shared.halt(StopReason::Cancelled);
                    }
                    if shared.stop.load(Ordering::Relaxed) {
                        let mut table = shared.table.lock().expect("table");
                        // What this unit finished is kept in the last checkpoint.
                        if self.checkpointing {
                            if let Some(cut) = us.cut() {
                                table.records[id].cut = Some(cut);
                            }
                        }
                        table.records[id].state = State::Pending;
                        table.busy -= 1;
                        *shared.partial.lock().expect("partial") += us.counts();
                        drop(table);
                        shared.wake.notify_all();
                        return None;
                    }
                    self.progress.publish(worker, &us);
                    if self.checkpointing {
                        if let Some(cut) = us.cut() {
                            shared.table.lock().expect("table").records[id].cut = Some(cut);
                        }
                    }
                    if pause_after.is_some_and(|nodes| us.counts().nodes >= nodes) {
                        return Some((id, us));
                    }
                    if shared.idle.load(Ordering::Relaxed) > 0
                        && shared.pending.load(Ordering::Relaxed) == 0
                    {
                        id = self.split(worker, id, &mut us);
                    }
                    // (After the split, which rebases the counters.)
                    limits.node_budget = us.counts().nodes + CHUNK;
                }
            }
        }
    }

    /// Splits the running unit `id`; returns the id the worker goes on with.
    fn split(&self, worker: usize, id: usize, us: &mut UnitSearch) -> usize {
        let Some(split) = us.split() else {
            return id;
        };
        let shared = self.shared;
        let mut table = shared.table.lock().expect("table");
        let closed_weight =
            (table.records[id].weight - split.continuing_weight - split.given_weight).max(0.0);
        table.records[id].state = State::Done(split.closed);
        table.records[id].weight = closed_weight;
        table.records[id].end = Some(split.closed_until);
        table.records[id].cut = None;
        // Solutions found since the branch in progress began move to the continuing unit.
        let moved = if self.ordered {
            // The buffer holds this unit's solutions in order; the closed part found the
            // first `closed.solutions` of them.
            let buffered = &mut table.records[id].buffered;
            let keep = (split.closed.solutions as usize).min(buffered.len());
            buffered.split_off(keep)
        } else {
            Vec::new()
        };
        let new_id = table.add(
            split.continuing,
            split.continuing_weight,
            State::Running,
            Some(split.continuing_end),
            self.ordered,
        );
        table.records[new_id].buffered = moved;
        table.add(
            split.given,
            split.given_weight,
            State::Pending,
            Some(split.given_end),
            self.ordered,
        );
        shared.pending.store(table.pending.len(), Ordering::Relaxed);
        self.progress.finish_part(None, closed_weight, split.closed);
        self.progress
            .inner
            .units_total
            .store(table.records.len(), Ordering::Relaxed);
        self.progress.publish(worker, us);
        if self.ordered {
            self.emit_ordered(&mut table);
        }
        drop(table);
        // All, not one: the checkpoint writer waits on the same condition variable, and a
        // single wake-up taken by it left the idle worker asleep with work in the queue
        // (a checkpointed run on two threads went on with one).
        shared.wake.notify_all();
        new_id
    }

    fn solution(&self, id: usize, us: &UnitSearch) {
        let shared = self.shared;
        let n = shared.found.fetch_add(1, Ordering::Relaxed) + 1;
        if n > self.solution_limit {
            return;
        }
        match self.sink {
            Sink::Count => {}
            Sink::Stream(f) => {
                let mut options = Vec::new();
                us.solution_into(&mut options);
                f(Solution::new(options).with_problem(self.problem));
            }
            Sink::Ordered(f) => {
                let mut options = Vec::new();
                us.solution_into(&mut options);
                let solution = Solution::new(options).with_problem(self.problem);
                let mut table = shared.table.lock().expect("table");
                if table.head() == Some(id) {
                    // Its turn: what it buffered before, then this one, handed over now.
                    self.flush_head(&mut table);
                    f.lock().expect("sink")(solution);
                } else {
                    table.buffered_numbers += buffer_cost(&solution);
                    table.records[id].buffered.push(solution);
                    if let Some(peak) = self.ordered_peak {
                        peak.fetch_max(table.buffered_numbers, Ordering::Relaxed);
                    }
                    // Too much held ahead of its turn: wait while the unit whose turn it is
                    // runs (a unit still in the queue is taken by the next free worker).
                    while table.buffered_numbers > self.max_ordered_buffer
                        && !shared.stop.load(Ordering::Relaxed)
                        && table
                            .head()
                            .is_some_and(|h| h != id && table.records[h].state == State::Running)
                    {
                        if raised(self.cancel) {
                            drop(table);
                            shared.halt(StopReason::Cancelled);
                            return;
                        }
                        table = shared
                            .wake
                            .wait_timeout(table, Duration::from_millis(20))
                            .expect("table")
                            .0;
                    }
                }
            }
        }
        if n >= self.solution_limit {
            shared.halt(StopReason::SolutionLimit);
        }
    }

    /// Hands over the buffered solutions of every finished unit that comes next in order.
    fn emit_ordered(&self, table: &mut Table) {
        let Sink::Ordered(f) = self.sink else { return };
        while let Some((_, &id)) = table.order.first_key_value() {
            if !matches!(table.records[id].state, State::Done(_)) {
                break;
            }
            table.order.pop_first();
            let solutions = std::mem::take(&mut table.records[id].buffered);
            table.buffered_numbers -= solutions.iter().map(buffer_cost).sum::<usize>();
            let mut f = f.lock().expect("sink");
            for s in solutions {
                f(s);
            }
        }
        // The unit whose turn it now is hands over what it holds (and streams from now on).
        self.flush_head(table);
    }

    /// Hands over the solutions buffered by the unit whose turn it is.
    fn flush_head(&self, table: &mut Table) {
        let Sink::Ordered(f) = self.sink else { return };
        let Some(head) = table.head() else { return };
        if table.records[head].buffered.is_empty() {
            return;
        }
        let solutions = std::mem::take(&mut table.records[head].buffered);
        table.buffered_numbers -= solutions.iter().map(buffer_cost).sum::<usize>();
        let mut f = f.lock().expect("sink");
        for s in solutions {
            f(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_output_holds_a_bounded_number_of_solutions_ahead() {
        // Issue 40: `solve --all --threads 2 --ordered` held every solution found ahead
        // of its turn (880 MB after 30 s of 16 queens). With a small bound, the solutions
        // still come in the sequential order, and what is held stays near the bound (the
        // bound, and one solution per worker past it).
        let p = crate::format::parse(include_str!("../tests/data/q10.dlx")).unwrap();
        let seq: Vec<_> = crate::Solver::new(&p).solutions().collect();
        for threads in [2, 3] {
            let peak = Arc::new(AtomicUsize::new(0));
            let mut solver = ParallelSolver::new(&p).threads(threads);
            solver.max_ordered_buffer = 200;
            solver.ordered_peak = Some(Arc::clone(&peak));
            let mut ordered = Vec::new();
            let count = solver.for_each_solution_ordered(|s| ordered.push(s));
            assert!(count.is_complete());
            assert_eq!(ordered, seq, "{threads} threads");
            let most = 200 + threads * (10 + SOLUTION_OVERHEAD);
            assert!(peak.load(Ordering::Relaxed) <= most, "{threads}: {peak:?}");
        }
    }
}
