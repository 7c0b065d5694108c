//! Documented on [`MemoSolver`], which this private module defines.

mod gather;
mod layout;
mod memory;
mod parallel;
mod progress;
mod search;
mod state;
mod table;
pub mod zdd;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_bigint::BigUint;
use thiserror::Error;

use crate::engine::StopReason;
use crate::problem::Problem;
use gather::{Counting, Tally};
use layout::Layout;
use search::{Counters, Limits, Outcome};
use state::State;
use table::{Table, TableStats};
use zdd::build::{Builder, NODE_BYTES};
use zdd::Zdd;

pub use memory::default_memo_limit;
pub use progress::{MemoProgress, MemoSnapshot};

/// Which item the memoised search branches on (Knuth's X3). Any rule counts the same; the
/// rule decides how often sub-problems repeat, and so the speed.
///
/// ```
/// use dlx_core::ItemOrder;
/// assert_eq!(ItemOrder::default(), ItemOrder::Fewest);
/// assert_eq!("first".parse::<ItemOrder>(), Ok(ItemOrder::First));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ItemOrder {
    /// An item with the fewest live options, ties to the leftmost; an item with one
    /// option is taken at once (DLX1's rule, less the search for a later empty list, which
    /// the memo search finds before choosing).
    #[default]
    Fewest,
    /// The first uncovered primary item in the problem's order. When the items are cells
    /// in reading order (as `dlx gen dominoes` writes them), the covered cells are always
    /// a prefix of the board and a ragged edge, so tilings share sub-problems far more
    /// often than with [`ItemOrder::Fewest`].
    First,
}

impl std::str::FromStr for ItemOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "fewest" | "mrv" => Ok(ItemOrder::Fewest),
            "first" => Ok(ItemOrder::First),
            _ => Err(format!(
                "unknown item order `{s}`: expected fewest or first"
            )),
        }
    }
}

/// Why a memoised run could not be made.
///
/// ```
/// use dlx_core::{format::parse, MemoError, MemoSolver};
/// let p = parse("2|A\nA\nA\n").unwrap();
/// assert!(matches!(MemoSolver::new(&p), Err(MemoError::Multiplicities)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MemoError {
    /// Algorithm M's bounds are not part of the key.
    #[error("the memoised search takes no multiplicities (items with bounds other than 1)")]
    Multiplicities,
    /// The decision diagram passed the memory limit.
    #[error("the decision diagram passed the memory limit ({nodes} nodes, {bytes} bytes)")]
    DiagramTooLarge {
        /// Nodes made.
        nodes: usize,
        /// The limit, in bytes.
        bytes: u64,
    },
    /// The diagram's search was stopped: there is no diagram.
    #[error("the search was stopped ({0}) before the diagram was complete")]
    Stopped(StopReason),
    /// More threads than [`MAX_MEMO_THREADS`] were asked for.
    #[error("{0} threads asked for: at most {MAX_MEMO_THREADS} are supported")]
    TooManyThreads(usize),
}

/// Why a memoised count gave no answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A `u128` overflowed: count again with big numbers.
    Overflow,
    /// The memo did not pay; what the probe measured.
    Unprofitable(Box<MemoStats>),
}

/// The plain count on one thread (on the engine [`Auto`](crate::Auto) picks).
fn plain(problem: &Problem, budget: Option<u64>, cancel: Option<Arc<AtomicBool>>) -> crate::Count {
    let mut s = crate::Solver::new(problem);
    if let Some(b) = budget {
        s = s.with_node_budget(b);
    }
    if let Some(c) = cancel {
        s = s.with_cancel_flag(c);
    }
    s.count()
}

/// The most threads a memoised count runs on.
pub const MAX_MEMO_THREADS: usize = 1024;

/// What a memoised run measured.
///
/// ```
/// let s = dlx_core::MemoStats::default();
/// assert_eq!(s.hit_rate(), 0.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Levels entered (sub-problems met, memo hits included).
    pub nodes: u64,
    /// Sub-problems looked up in the memo (not solutions, and not dead ends found before
    /// the look-up).
    pub lookups: u64,
    /// Look-ups that found their sub-problem.
    pub hits: u64,
    /// Sub-problems found dead (an uncovered item without options) before any look-up.
    pub dead_ends: u64,
    /// Values stored in the memo.
    pub stores: u64,
    /// Entries in the memo at the end.
    pub entries: u64,
    /// Times the memo was full and emptied (0 when it never reached its limit).
    pub flushes: u64,
    /// All the memory the run held, at its most: `memo_peak_bytes + search_bytes +
    /// diagram_bytes`. Only the memo's share is bounded by `limit_bytes`, so this may pass
    /// it.
    pub peak_bytes: u64,
    /// The most bytes the memo table held at once (on several threads, the sum of its
    /// shards' peaks): the figure `limit_bytes` bounds, which it never passes (half of it,
    /// when a diagram is built).
    pub memo_peak_bytes: u64,
    /// The search's own state, every thread's (live options, tallies, colours, trails),
    /// beside the memo and outside its limit.
    pub search_bytes: u64,
    /// The decision diagram, when one was built (the builder's nodes and unique table, and
    /// the finished diagram); 0 for a count.
    pub diagram_bytes: u64,
    /// The memo's limit in bytes.
    pub limit_bytes: u64,
    /// True when the count outgrew `u128` and was made again with big numbers.
    pub big_numbers: bool,
    /// Nodes of the decision diagram, when one was built.
    pub diagram_nodes: u64,
    /// The nodes the plain search (same item choice, no memo) would have visited for the
    /// part of the tree the memo search did: its nodes plus the subtrees its hits skipped.
    /// `plain_nodes / nodes` is what the memo is worth.
    pub plain_nodes: u64,
    /// True when the memo did not pay on this problem and the count was made by plain
    /// enumeration (see [`MemoSolver::count`]).
    pub fell_back: bool,
    /// Nodes of that enumeration (0 when there was none).
    pub enumeration_nodes: u64,
    /// Threads that searched.
    pub threads: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl MemoStats {
    /// Hits per look-up, from 0 to 1: near 0, memoisation does not pay on this problem.
    ///
    /// See [`MemoStats`] for an example.
    pub fn hit_rate(&self) -> f64 {
        if self.lookups == 0 {
            0.0
        } else {
            self.hits as f64 / self.lookups as f64
        }
    }

    fn add(&mut self, c: &Counters, t: &TableStats) {
        self.nodes += c.nodes;
        self.lookups += c.lookups;
        self.hits += c.hits;
        self.dead_ends += c.dead;
        self.plain_nodes = self.plain_nodes.saturating_add(c.plain_nodes());
        self.stores += t.stores;
        self.entries += t.entries;
        self.flushes += t.flushes;
        self.memo_peak_bytes += t.peak_bytes;
        self.peak_bytes += t.peak_bytes;
    }

    /// Counts `bytes` of search state.
    fn add_search(&mut self, bytes: usize) {
        self.search_bytes += bytes as u64;
        self.peak_bytes += bytes as u64;
    }
}

/// The answer of a memoised count.
///
/// ```
/// use dlx_core::{format::parse, MemoSolver};
/// let c = MemoSolver::new(&parse("A\nA\nA\n").unwrap())?.count()?;
/// assert_eq!(c.solutions, 2u8.into());
/// assert!(c.is_complete());
/// # Ok::<(), dlx_core::MemoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoCount {
    /// The number of solutions; when the run was stopped, those counted so far (the
    /// finished branches along the path the search was on).
    pub solutions: BigUint,
    /// Why the run stopped early; `None` when the count is complete.
    pub stop: Option<StopReason>,
    /// What the run measured.
    pub stats: MemoStats,
}

impl MemoCount {
    /// True when the count is final.
    ///
    /// See [`MemoCount`] for an example.
    pub fn is_complete(&self) -> bool {
        self.stop.is_none()
    }
}

/// The memoised search of a problem: count its solutions, or build their diagram.
///
/// Counting what enumeration cannot: the memoised search (DXZ, Nishino, Yasuda, Minato and
/// Nagata, AAAI-17) for Algorithms X and C.
///
/// The plain search visits every solution, so its time grows with their number. Many
/// problems reach the same sub-problem (the same primary items still to cover, the same
/// options still live) along many paths: the memoised search stores each sub-problem's
/// count under its key and looks it up before searching below it, so a count of 10^30
/// tilings costs as many steps as there are distinct sub-problems. The same search can
/// build a decision diagram of all the solutions ([`Zdd`]), which counts, lists and draws
/// them uniformly at random.
///
/// The key of a sub-problem is a bit per primary item (set while uncovered) and a code per
/// secondary item: its colour, or "untouched", or "no live option holds it" (then it no
/// longer matters how it got there). Counts are exact: `u128` while they fit, and the search
/// is run again with big numbers the moment one would not. The memo's memory is bounded
/// ([`MemoSolver::memo_limit`]); a full memo is emptied and refilled, which costs time and
/// never exactness.
///
/// ```
/// use dlx_core::{format::parse, ItemOrder, MemoSolver, Solver};
///
/// // Domino tilings of a 2×4 board (items: cells; options: dominoes).
/// let p = parse("a b c d e f g h\na b\nb c\nc d\ne f\nf g\ng h\na e\nb f\nc g\nd h\n").unwrap();
/// let memo = MemoSolver::new(&p)?.order(ItemOrder::First).count()?;
/// assert_eq!(memo.solutions, 5u8.into());
/// assert_eq!(u64::try_from(&memo.solutions).unwrap(), Solver::new(&p).count().solutions);
/// assert!(memo.stats.hits > 0);
/// # Ok::<(), dlx_core::MemoError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MemoSolver<'p> {
    problem: &'p Problem,
    layout: Arc<Layout>,
    order: ItemOrder,
    limit: u64,
    threads: usize,
    limits: Limits,
}

impl MemoSolver<'_> {
    /// Whether a count may fall back to plain enumeration when the memo does not pay (on
    /// by default; see [`MemoSolver::count`]). Off, the memo search always runs to the end.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let c = MemoSolver::new(&p)?.fallback(false).count()?;
    /// assert!(!c.stats.fell_back);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn fallback(mut self, on: bool) -> Self {
        self.limits.probe = on;
        self
    }
}

impl<'p> MemoSolver<'p> {
    /// A memoised search of `problem` (which must have no multiplicities), with the
    /// [`ItemOrder::Fewest`] rule, one thread and [`default_memo_limit`].
    ///
    /// See [`MemoSolver`] for an example.
    pub fn new(problem: &'p Problem) -> Result<Self, MemoError> {
        if problem.has_multiplicities() {
            return Err(MemoError::Multiplicities);
        }
        Ok(MemoSolver {
            problem,
            layout: Arc::new(Layout::new(problem)),
            order: ItemOrder::default(),
            limit: default_memo_limit(),
            threads: 1,
            limits: Limits {
                probe: true,
                ..Limits::default()
            },
        })
    }

    /// The rule for choosing items.
    ///
    /// See [`MemoSolver`] for an example.
    pub fn order(mut self, order: ItemOrder) -> Self {
        self.order = order;
        self
    }

    /// The most bytes the memo (and a diagram) may hold. A count goes on exactly when the
    /// memo is full (emptying it); a diagram that passes the limit is an error.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let c = MemoSolver::new(&p)?.memo_limit(0).count()?;
    /// assert_eq!(c.solutions, 2u8.into()); // no memo at all: still exact
    /// assert_eq!(c.stats.hits, 0);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn memo_limit(mut self, bytes: u64) -> Self {
        self.limit = bytes;
        self
    }

    /// Threads for [`MemoSolver::count`] (0: all cores); they share one memo.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// assert_eq!(MemoSolver::new(&p)?.threads(2).count()?.solutions, 2u8.into());
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Stops the run when `flag` is raised (checked every 1,024 nodes); the count is then
    /// incomplete.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use dlx_core::{format::parse, MemoSolver, StopReason};
    /// let p = parse("A\nA\n").unwrap();
    /// let c = MemoSolver::new(&p)?.cancel_flag(Arc::new(AtomicBool::new(true))).count()?;
    /// // The flag is read every 1,024 nodes: this search ends before the first look.
    /// assert!(c.is_complete());
    /// assert_eq!(c.solutions, 1u8.into());
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.limits.cancel = Some(flag);
        self
    }

    /// Stops the run after `nodes` nodes (per thread); the count is then incomplete.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver, StopReason};
    /// let p = parse("A B\nA\nB\n").unwrap();
    /// let c = MemoSolver::new(&p)?.node_budget(2).count()?;
    /// assert_eq!(c.stop, Some(StopReason::NodeBudget));
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn node_budget(mut self, nodes: u64) -> Self {
        self.limits.budget = Some(nodes);
        self
    }

    /// Reports progress to `progress`.
    ///
    /// See [`MemoProgress`] for an example.
    pub fn progress(mut self, progress: MemoProgress) -> Self {
        self.limits.progress = Some(progress);
        self
    }

    fn threads_wanted(&self) -> Result<usize, MemoError> {
        match self.threads {
            0 => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
            n if n > MAX_MEMO_THREADS => Err(MemoError::TooManyThreads(n)),
            n => Ok(n),
        }
    }

    /// Counts the solutions.
    ///
    /// Unless [`MemoSolver::fallback`] turned it off, the memo first proves its worth:
    /// when, after 16,384 nodes (and again at 4×, 16×, ... up to 4 M), the plain search
    /// would have visited fewer than 4 times the nodes for the same part of the tree, the
    /// count is made by plain enumeration instead (on the engine [`Auto`](crate::Auto)
    /// picks, on as many threads), and
    /// [`MemoStats::fell_back`] says so.
    ///
    /// See [`MemoSolver`] for an example.
    pub fn count(self) -> Result<MemoCount, MemoError> {
        let started = Instant::now();
        if let Some(p) = &self.limits.progress {
            p.start();
        }
        let threads = self.threads_wanted()?;
        let attempt = |solver: &MemoSolver<'_>| -> Result<MemoCount, Failure> {
            if threads > 1 {
                parallel::count(solver, threads)
            } else {
                match solver.count_with::<u128>() {
                    Err(Failure::Overflow) => {
                        let mut c = solver.count_with::<BigUint>()?;
                        c.stats.big_numbers = true;
                        Ok(c)
                    }
                    other => other,
                }
            }
        };
        let mut count = match attempt(&self) {
            Ok(c) => c,
            Err(Failure::Unprofitable(probe)) => self.enumerate(threads, *probe),
            Err(Failure::Overflow) => unreachable!("big numbers never overflow"),
        };
        count.stats.threads = threads;
        count.stats.limit_bytes = self.limit;
        count.stats.elapsed = started.elapsed();
        if let (Some(p), true) = (&self.limits.progress, count.is_complete()) {
            p.publish(1.0, &Counters::default());
        }
        Ok(count)
    }

    /// The count by plain enumeration, after a memo probe that measured `probe`.
    fn enumerate(&self, threads: usize, probe: MemoStats) -> MemoCount {
        let budget = self
            .limits
            .budget
            .map(|b| b.saturating_sub(probe.nodes).max(1));
        let cancel = self.limits.cancel.clone();
        let count = if threads > 1 {
            self.enumerate_parallel(threads, budget, cancel)
        } else {
            plain(self.problem, budget, cancel)
        };
        let mut stats = probe;
        stats.fell_back = true;
        stats.enumeration_nodes = count.stats.nodes;
        MemoCount {
            solutions: BigUint::from(count.solutions),
            stop: count.stop,
            stats,
        }
    }

    #[cfg(feature = "parallel")]
    fn enumerate_parallel(
        &self,
        threads: usize,
        budget: Option<u64>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> crate::Count {
        if budget.is_some() {
            // The parallel engine takes no node budget.
            return plain(self.problem, budget, cancel);
        }
        // The automatic choice, as `dlx count` makes it.
        let mut p = crate::ParallelSolver::new(self.problem).threads(threads);
        if let Some(c) = cancel {
            p = p.cancel_flag(c);
        }
        p.count()
    }

    #[cfg(not(feature = "parallel"))]
    fn enumerate_parallel(
        &self,
        _threads: usize,
        budget: Option<u64>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> crate::Count {
        plain(self.problem, budget, cancel)
    }

    /// One thread, numbers of type `N`.
    fn count_with<N: gather::Number>(&self) -> Result<MemoCount, Failure> {
        let l = &*self.layout;
        let mut table: Table<Tally<N>> = Table::new(l.key.words, self.limit_usize());
        let mut g = Counting::<N>::default();
        let mut state = State::new(l);
        let mut counters = Counters::default();
        let outcome = search::run(
            l,
            &mut state,
            self.order,
            false,
            &mut table,
            &mut g,
            &self.limits,
            &mut counters,
        );
        let mut stats = MemoStats {
            threads: 1,
            ..MemoStats::default()
        };
        stats.add(&counters, &table.stats());
        stats.add_search(state.bytes());
        let (solutions, stop) = match outcome {
            Outcome::Done(n) => (n.count.big(), None),
            Outcome::Stopped(reason, partial) => (partial, Some(reason)),
            Outcome::Refused(_) => return Err(Failure::Overflow),
            Outcome::Unprofitable => return Err(Failure::Unprofitable(Box::new(stats))),
        };
        Ok(MemoCount {
            solutions,
            stop,
            stats,
        })
    }

    fn limit_usize(&self) -> usize {
        usize::try_from(self.limit).unwrap_or(usize::MAX)
    }

    /// Builds the decision diagram of all solutions (one thread), with its statistics.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let (zdd, stats) = MemoSolver::new(&p)?.zdd_with_stats()?;
    /// assert_eq!(zdd.count(), 2u8.into());
    /// assert_eq!(stats.diagram_nodes, zdd.len() as u64);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn zdd_with_stats(self) -> Result<(Zdd, MemoStats), MemoError> {
        let started = Instant::now();
        if let Some(p) = &self.limits.progress {
            p.start();
        }
        let l = &*self.layout;
        // The memo gets half the limit; the diagram the other half.
        let half = self.limit_usize() / 2;
        let mut table: Table<u32> = Table::new(l.key.words, half);
        let mut g = Builder::new(half / NODE_BYTES);
        let mut state = State::new(l);
        let mut counters = Counters::default();
        // A diagram has no plain alternative: no probe.
        let limits = Limits {
            probe: false,
            ..self.limits.clone()
        };
        let outcome = search::run(
            l,
            &mut state,
            self.order,
            false,
            &mut table,
            &mut g,
            &limits,
            &mut counters,
        );
        let root = match outcome {
            Outcome::Done(root) => root,
            Outcome::Stopped(reason, _) => return Err(MemoError::Stopped(reason)),
            Outcome::Unprofitable => unreachable!("no probe"),
            Outcome::Refused(refusal) => {
                debug_assert_eq!(refusal, gather::Refusal::Full, "diagrams hold no numbers");
                return Err(MemoError::DiagramTooLarge {
                    nodes: g.nodes.len() - 2,
                    bytes: self.limit,
                });
            }
        };
        let zdd = Zdd::from_builder(&g.nodes, root, l.options);
        let mut stats = MemoStats {
            threads: 1,
            diagram_nodes: zdd.len() as u64,
            limit_bytes: self.limit,
            ..MemoStats::default()
        };
        stats.add(&counters, &table.stats());
        stats.add_search(state.bytes());
        stats.diagram_bytes = (g.bytes() + zdd.bytes()) as u64;
        stats.peak_bytes += stats.diagram_bytes;
        stats.elapsed = started.elapsed();
        if let Some(p) = &self.limits.progress {
            p.publish(1.0, &counters);
        }
        Ok((zdd, stats))
    }

    /// Builds the decision diagram of all solutions (one thread).
    ///
    /// See [`Zdd`] for an example.
    pub fn zdd(self) -> Result<Zdd, MemoError> {
        Ok(self.zdd_with_stats()?.0)
    }

    /// The problem.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let p = parse("A\nA\n").unwrap();
    /// assert_eq!(MemoSolver::new(&p)?.problem().num_options(), 1);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    pub(crate) fn parts(&self) -> (&Layout, ItemOrder, &Limits, usize) {
        (&self.layout, self.order, &self.limits, self.limit_usize())
    }
}
