//! Step traces of Algorithm X, for teaching: every choice, try, dead end, backtrack and
//! solution of the search, with what each step covers and hides.
//!
//! A [`Tracer`] is an [`Observer`]: attach it to a [`Solver`] and it records one
//! [`TraceEvent`] per step, computing the details (the lengths of the candidates when an
//! item is chosen, the items covered and the options hidden when an option is tried) from
//! the search's [`View`] *before* the step changes anything. [`trace`] does all of this in
//! one call and stops the search once enough steps are recorded.
//!
//! The events can then be written three ways:
//!
//! * [`text`]: Knuth-style lines such as `L2: C E F (1 of 2)`, indented by level, with an
//!   optional plain-English note per step;
//! * [`json`]: JSON lines, one event per line (the schema is in that module's docs);
//! * [`html`]: one self-contained page that steps through the trace over the matrix, with
//!   the puzzle drawn beside it (a [`picture::Picture`] from the front end), the dancing
//!   links and the search tree.
//!
//! [`examples`] holds four small lessons: a 2×2 Latin square, Knuth's 7-item example, a
//! 4×4 Sudoku and four queens (secondary items).
//!
//! ```
//! use dlx_core::trace::{trace, TraceEvent, examples};
//!
//! let problem = examples::lesson("latin2").unwrap().problem();
//! let t = trace(&problem, 1000).unwrap();
//! assert!(!t.truncated);
//! assert_eq!(t.solutions, 2);
//! // The first step chooses an item (X3); the second tries its first option (X5).
//! assert!(matches!(t.events[0], TraceEvent::Choose { level: 0, .. }));
//! assert!(matches!(t.events[1], TraceEvent::Try { level: 0, k: 1, d: 2, .. }));
//! ```
//!
//! Without a tracer the search runs with [`NoObserver`](crate::NoObserver), whose calls
//! compile to nothing: tracing costs nothing when it is off.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use thiserror::Error;

use crate::observer::{Observer, View};
use crate::problem::{ItemId, OptionId, Problem};
use crate::solver::Solver;

pub mod examples;
pub mod html;
pub mod json;
pub mod picture;
pub mod text;

pub use examples::Lesson;

/// One step of Algorithm X, with the details a student needs to follow it. Step names are
/// Knuth's (TAOCP 7.2.2.1, Algorithm X).
///
/// ```
/// use dlx_core::trace::{trace, TraceEvent, examples};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let t = trace(&problem, 100).unwrap();
/// let dead_ends = t.events.iter().filter(|e| matches!(e, TraceEvent::DeadEnd { .. })).count();
/// assert!(dead_ends > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// X3–X4: `item` is chosen at `level` because it has the fewest options left (`len`;
    /// ties go to the leftmost item), and is covered: its `options` are set aside, to be
    /// tried one at a time.
    Choose {
        /// The level (depth of the search tree), from 0.
        level: usize,
        /// The item chosen for branching.
        item: ItemId,
        /// How many options it has left.
        len: u32,
        /// Every active primary item with its number of options, left to right: the
        /// candidates the choice was made among.
        lengths: Vec<(ItemId, u32)>,
        /// The options of `item`, in the order they will be tried.
        options: Vec<OptionId>,
    },
    /// X3: the item just chosen has no options left, so the partial solution can't be
    /// completed; the search backs up at once.
    DeadEnd {
        /// The level.
        level: usize,
        /// The item no option can cover.
        item: ItemId,
    },
    /// X5: `option`, the `k`-th of the `d` options of the item chosen at `level`, joins the
    /// partial solution; its other items are covered, which hides every option that shares
    /// an item with it.
    Try {
        /// The level.
        level: usize,
        /// The option tried.
        option: OptionId,
        /// Its position among the options of the chosen item (1-based).
        k: u32,
        /// How many options the chosen item had.
        d: u32,
        /// The option's other items that are covered (taken out of the active list).
        covered: Vec<ItemId>,
        /// The option's coloured secondary items that get its colour for the first time
        /// (Algorithm C's `purify`): options giving them another colour are hidden.
        colored: Vec<ItemId>,
        /// The options hidden by covering (or colouring) those items, by index.
        hidden: Vec<OptionId>,
    },
    /// X2: every primary item is covered: a solution.
    Solution {
        /// The level of the last option tried.
        level: usize,
        /// Which solution this is, from 1.
        number: u64,
        /// The options of the solution, in the order they were chosen.
        options: Vec<OptionId>,
    },
    /// X6: the option tried at `level` is taken back: its items are uncovered (right to
    /// left), which brings back the options they hid.
    Undo {
        /// The level.
        level: usize,
        /// The option taken back.
        option: OptionId,
    },
    /// X7–X8: every option of the item chosen at `level` has been tried (`tried` of them;
    /// none at a dead end); the item is uncovered and the search backs up a level.
    Backtrack {
        /// The level being left.
        level: usize,
        /// The item chosen at that level.
        item: ItemId,
        /// How many options were tried.
        tried: u32,
    },
}

impl TraceEvent {
    /// The level of the search tree the step happens at.
    ///
    /// ```
    /// use dlx_core::{ItemId, trace::TraceEvent};
    /// let e = TraceEvent::DeadEnd { level: 3, item: ItemId::new(0) };
    /// assert_eq!(e.level(), 3);
    /// ```
    pub fn level(&self) -> usize {
        match *self {
            TraceEvent::Choose { level, .. }
            | TraceEvent::DeadEnd { level, .. }
            | TraceEvent::Try { level, .. }
            | TraceEvent::Solution { level, .. }
            | TraceEvent::Undo { level, .. }
            | TraceEvent::Backtrack { level, .. } => level,
        }
    }

    /// Knuth's name for the step (`"X3"`, `"X5"`, ...), as the notes and the page cite it.
    ///
    /// ```
    /// use dlx_core::{ItemId, trace::TraceEvent};
    /// let e = TraceEvent::Backtrack { level: 0, item: ItemId::new(0), tried: 2 };
    /// assert_eq!(e.knuth_step(), "X7");
    /// ```
    pub fn knuth_step(&self) -> &'static str {
        match self {
            TraceEvent::Choose { .. } => "X3",
            TraceEvent::DeadEnd { .. } => "X3",
            TraceEvent::Try { .. } => "X5",
            TraceEvent::Solution { .. } => "X2",
            TraceEvent::Undo { .. } => "X6",
            TraceEvent::Backtrack { .. } => "X7",
        }
    }
}

/// Why a problem can't be traced.
///
/// ```
/// use dlx_core::{ProblemBuilder, trace::{Tracer, TraceError}};
/// let mut b = ProblemBuilder::new();
/// b.add_primary_with_bounds("A", 1, 2).unwrap();
/// let p = b.build().unwrap();
/// assert!(matches!(Tracer::new(&p), Err(TraceError::Multiplicities)));
/// ```
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum TraceError {
    /// The problem has items with multiplicities (Algorithm M), which traces don't cover
    /// yet: only Algorithms X and C (with colours) are traced.
    #[error("traces cover Algorithms X and C only; this problem has items with multiplicities (Algorithm M)")]
    Multiplicities,
}

/// An [`Observer`] that records the search as [`TraceEvent`]s, up to a number of steps.
///
/// Attach it to a fresh [`Solver`] (without preselected options) with
/// [`Solver::count_observed`]; or let [`trace`] do it.
///
/// ```
/// use dlx_core::{Solver, trace::{Tracer, examples}};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let mut tracer = Tracer::new(&problem).unwrap().with_max_steps(5);
/// Solver::new(&problem).count_observed(&mut tracer);
/// assert_eq!(tracer.events().len(), 5);
/// assert!(tracer.is_truncated());
/// ```
#[derive(Clone, Debug)]
pub struct Tracer<'p> {
    problem: &'p Problem,
    events: Vec<TraceEvent>,
    /// Events recorded so far (those handed on by [`trace_each`] included).
    recorded: usize,
    max_steps: usize,
    truncated: bool,
    solutions: u64,
    /// The option tried at each level (the partial solution), for colours.
    stack: Vec<OptionId>,
    /// The item chosen at each level and its number of options (`d`).
    chosen: Vec<(ItemId, u32)>,
}

impl<'p> Tracer<'p> {
    /// A tracer for `problem` with no limit on the number of steps.
    ///
    /// Fails for problems with multiplicities (see [`TraceError`]).
    ///
    /// See [`Tracer`] for an example.
    pub fn new(problem: &'p Problem) -> Result<Self, TraceError> {
        if problem.has_multiplicities() {
            return Err(TraceError::Multiplicities);
        }
        Ok(Tracer {
            problem,
            events: Vec::new(),
            recorded: 0,
            max_steps: usize::MAX,
            truncated: false,
            solutions: 0,
            stack: Vec::new(),
            chosen: Vec::new(),
        })
    }

    /// Records at most `steps` events; later ones are dropped and the trace is marked
    /// truncated.
    ///
    /// See [`Tracer`] for an example.
    pub fn with_max_steps(mut self, steps: usize) -> Self {
        self.max_steps = steps;
        self
    }

    /// The events recorded so far.
    ///
    /// See [`Tracer`] for an example.
    pub fn events(&self) -> &[TraceEvent] {
        &self.events
    }

    /// True once an event had to be dropped because the step limit was reached.
    ///
    /// See [`Tracer`] for an example.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The recorded events.
    ///
    /// ```
    /// use dlx_core::{Solver, trace::{Tracer, examples}};
    /// let problem = examples::lesson("latin2").unwrap().problem();
    /// let mut tracer = Tracer::new(&problem).unwrap();
    /// Solver::new(&problem).count_observed(&mut tracer);
    /// assert!(tracer.into_events().len() > 10);
    /// ```
    pub fn into_events(self) -> Vec<TraceEvent> {
        self.events
    }

    /// True when no more events will be recorded.
    fn full(&mut self) -> bool {
        if self.recorded >= self.max_steps {
            self.truncated = true;
            true
        } else {
            false
        }
    }

    fn push(&mut self, event: TraceEvent) {
        if !self.full() {
            self.recorded += 1;
            self.events.push(event);
        }
    }

    /// The colour `option` gives `item`, if any.
    fn color_of(&self, option: OptionId, item: ItemId) -> Option<crate::ColorId> {
        self.problem
            .option(option)
            .find(|e| e.item == item)
            .and_then(|e| e.color)
    }
}

impl Observer for Tracer<'_> {
    fn choose(&mut self, level: usize, item: ItemId, view: &View<'_>) {
        if self.full() {
            return;
        }
        let len = view.len(item);
        let lengths = view.active_items().map(|i| (i, view.len(i))).collect();
        let options = view.options_of(item).collect();
        self.chosen.truncate(level);
        self.chosen.push((item, len));
        self.push(TraceEvent::Choose {
            level,
            item,
            len,
            lengths,
            options,
        });
        if len == 0 {
            self.push(TraceEvent::DeadEnd { level, item });
        }
    }

    fn try_option(&mut self, level: usize, option: OptionId, k: u32, d: u32, view: &View<'_>) {
        if self.full() {
            return;
        }
        self.stack.truncate(level);
        let chosen = self.chosen.get(level).map(|&(item, _)| item);
        let mut covered = Vec::new();
        let mut colored = Vec::new();
        let mut hidden = Vec::new();
        for entry in self.problem.option(option) {
            let j = entry.item;
            if Some(j) == chosen {
                continue;
            }
            match entry.color {
                // Covering j hides every option still in its list (the option itself and
                // its siblings left j's list when the chosen item was covered).
                None => {
                    covered.push(j);
                    hidden.extend(view.options_of(j));
                }
                // Purifying j hides the options that give it another colour; if j already
                // has this colour, nothing with another colour is left in its list.
                Some(color) => {
                    let fixed = self.stack.iter().any(|&o| self.color_of(o, j).is_some());
                    if !fixed {
                        colored.push(j);
                    }
                    hidden.extend(
                        view.options_of(j)
                            .filter(|&q| self.color_of(q, j) != Some(color)),
                    );
                }
            }
        }
        hidden.sort_unstable();
        hidden.dedup();
        self.stack.push(option);
        self.push(TraceEvent::Try {
            level,
            option,
            k,
            d,
            covered,
            colored,
            hidden,
        });
    }

    fn solution(&mut self, level: usize, options: &[OptionId]) {
        self.solutions += 1;
        let number = self.solutions;
        self.push(TraceEvent::Solution {
            level,
            number,
            options: options.to_vec(),
        });
    }

    fn undo_option(&mut self, level: usize, option: OptionId) {
        self.stack.truncate(level);
        self.push(TraceEvent::Undo { level, option });
    }

    fn backtrack(&mut self, level: usize, item: ItemId) {
        let tried = self.chosen.get(level).map_or(0, |&(_, d)| d);
        self.push(TraceEvent::Backtrack { level, item, tried });
    }
}

/// A recorded search: its first steps (all of them unless `truncated`) and what it found.
///
/// See [`trace`] for an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The steps, in order (none when they were handed on one by one by [`trace_each`]).
    pub events: Vec<TraceEvent>,
    /// How many steps were recorded.
    pub steps: usize,
    /// True when the search went on beyond the last step recorded (the step limit was
    /// reached).
    pub truncated: bool,
    /// The step limit the trace was recorded with.
    pub max_steps: usize,
    /// The number of solutions among the recorded steps.
    pub solutions: u64,
    /// The search's node count (Knuth's "nodes"), when the whole search was recorded.
    pub nodes: Option<u64>,
    /// The search's update count (Knuth's "updates"), when the whole search was recorded.
    pub updates: Option<u64>,
}

/// Runs Algorithm X on `problem` with a [`Tracer`] and returns at most `max_steps` steps.
///
/// The search stops soon after the limit (a node budget of `max_steps + 1`: every node
/// is at least one step), so a trace of a huge problem is quick.
///
/// ```
/// use dlx_core::trace::{trace, examples};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let full = trace(&problem, 10_000).unwrap();
/// assert!(!full.truncated);
/// assert_eq!(full.solutions, 1);
/// assert_eq!(full.nodes, Some(6));
/// let short = trace(&problem, 3).unwrap();
/// assert!(short.truncated);
/// assert_eq!(short.events[..], full.events[..3]);
/// ```
pub fn trace(problem: &Problem, max_steps: usize) -> Result<Trace, TraceError> {
    let mut events = Vec::new();
    let mut t = trace_each(problem, max_steps, |e| {
        events.push(e.clone());
        true
    })?;
    t.events = events;
    Ok(t)
}

/// Like [`trace`], but hands each step to `each` as the search takes it and keeps none, so
/// that its memory stays the same however many steps are asked for (the text and JSON
/// formats are written this way). `each` returns false to stop the search (its output was
/// closed). The [`Trace`] returned has no events; `steps` counts them.
///
/// ```
/// use dlx_core::trace::{trace, trace_each, examples};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let mut lines = Vec::new();
/// let t = trace_each(&problem, 10_000, |e| { lines.push(e.clone()); true }).unwrap();
/// assert!(t.events.is_empty());
/// assert_eq!(t.steps, lines.len());
/// assert_eq!(lines, trace(&problem, 10_000).unwrap().events);
/// // Stopped by the consumer after 3 steps.
/// let mut seen = 0;
/// let t = trace_each(&problem, 10_000, |_| { seen += 1; seen < 3 }).unwrap();
/// assert!(t.truncated);
/// assert_eq!(seen, 3);
/// ```
pub fn trace_each(
    problem: &Problem,
    max_steps: usize,
    each: impl FnMut(&TraceEvent) -> bool,
) -> Result<Trace, TraceError> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut streaming = Streaming {
        tracer: Tracer::new(problem)?.with_max_steps(max_steps),
        each,
        stop: Arc::clone(&stop),
        solutions: 0,
    };
    let budget = (max_steps as u64).saturating_add(1);
    let count = Solver::new(problem)
        .with_node_budget(budget)
        .with_cancel_flag(Arc::clone(&stop))
        .count_observed(&mut streaming);
    let truncated =
        streaming.tracer.truncated || !count.is_complete() || stop.load(Ordering::Relaxed);
    Ok(Trace {
        events: Vec::new(),
        steps: streaming.tracer.recorded,
        truncated,
        max_steps,
        solutions: streaming.solutions,
        nodes: (!truncated).then_some(count.stats.nodes),
        updates: (!truncated).then_some(count.stats.updates),
    })
}

/// A [`Tracer`] whose events are handed on as soon as they are made.
struct Streaming<'p, F> {
    tracer: Tracer<'p>,
    each: F,
    /// Raised when `each` asks to stop (read by the search every 1,024 nodes).
    stop: Arc<AtomicBool>,
    /// Solutions among the steps handed on.
    solutions: u64,
}

impl<F: FnMut(&TraceEvent) -> bool> Streaming<'_, F> {
    fn hand_on(&mut self) {
        for event in self.tracer.events.drain(..) {
            if self.stop.load(Ordering::Relaxed) {
                continue;
            }
            if matches!(event, TraceEvent::Solution { .. }) {
                self.solutions += 1;
            }
            if !(self.each)(&event) {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.stop.load(Ordering::Relaxed) {
            // Nothing more is wanted: record nothing more while the search winds down.
            self.tracer.max_steps = self.tracer.recorded;
        }
    }
}

impl<F: FnMut(&TraceEvent) -> bool> Observer for Streaming<'_, F> {
    fn choose(&mut self, level: usize, item: ItemId, view: &View<'_>) {
        self.tracer.choose(level, item, view);
        self.hand_on();
    }

    fn try_option(&mut self, level: usize, option: OptionId, k: u32, d: u32, view: &View<'_>) {
        self.tracer.try_option(level, option, k, d, view);
        self.hand_on();
    }

    fn solution(&mut self, level: usize, options: &[OptionId]) {
        self.tracer.solution(level, options);
        self.hand_on();
    }

    fn undo_option(&mut self, level: usize, option: OptionId) {
        self.tracer.undo_option(level, option);
        self.hand_on();
    }

    fn backtrack(&mut self, level: usize, item: ItemId) {
        self.tracer.backtrack(level, item);
        self.hand_on();
    }
}
