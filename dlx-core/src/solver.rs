//! The front door: [`Solver`] runs the search and answers the questions users ask — how
//! many solutions, the first one, all of them, exactly one or not — without storing
//! solutions unless asked.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::dense::Dense;
use crate::engine::{
    Auto, DenseError, Engine, EngineChoice, Limits, PreselectError, Step, StopReason,
};
use crate::links::arena::Arena;
use crate::links::Links;
use crate::observer::{NoObserver, Observer};
use crate::problem::{OptionId, Problem, ProblemText};

/// One solution: the chosen options, in the order the search chose them (options fixed
/// with [`Solver::preselect`] first).
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// let c = b.add_primary("C").unwrap();
/// b.add_option([a, c]).unwrap();
/// let p = b.build().unwrap();
/// let s = Solver::new(&p).first().solution().unwrap();
/// assert_eq!(s.len(), 1);
/// let names: Vec<_> = s.options().iter()
///     .flat_map(|&o| p.option_items(o))
///     .map(|i| p.item_name(i))
///     .collect();
/// assert_eq!(names, ["A", "C"]);
/// ```
///
/// Its `Debug` writes each option as its items (Knuth's format), when the solution comes
/// from a solver (or [`with_problem`](Self::with_problem) named its problem); option
/// numbers otherwise. Two solutions are equal when they hold the same options in the same
/// order.
///
/// ```
/// use dlx_core::{format::parse, Solver};
/// let p = parse("a b c\na b\nc\n").unwrap();
/// let s = Solver::new(&p).first().solution().unwrap();
/// assert_eq!(format!("{s:?}"), r#"Solution(["a b", "c"])"#);
/// let bare = dlx_core::Solution::new(s.options().to_vec());
/// assert_eq!(format!("{bare:?}"), "Solution([#0, #1])");
/// assert_eq!(bare, s);
/// ```
#[derive(Clone)]
pub struct Solution {
    options: Vec<OptionId>,
    /// The problem's names, to write the options in `Debug`.
    text: Option<Arc<ProblemText>>,
}

impl PartialEq for Solution {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
    }
}

impl Eq for Solution {}

impl std::hash::Hash for Solution {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.options.hash(state);
    }
}

impl std::fmt::Debug for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        /// An option number, `#k`.
        struct Number(usize);
        impl std::fmt::Debug for Number {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "#{}", self.0)
            }
        }
        let mut list = f.debug_tuple("Solution");
        match &self.text {
            Some(text) => {
                let texts: Vec<String> = self
                    .options
                    .iter()
                    .map(|o| text.option_text(o.index()))
                    .collect();
                list.field(&texts)
            }
            None => {
                let numbers: Vec<Number> = self.options.iter().map(|o| Number(o.index())).collect();
                list.field(&numbers)
            }
        }
        .finish()
    }
}

impl Solution {
    /// Wraps a list of options.
    ///
    /// ```
    /// use dlx_core::{OptionId, Solution};
    /// let s = Solution::new(vec![OptionId::new(3)]);
    /// assert_eq!(s.options(), [OptionId::new(3)]);
    /// ```
    pub fn new(options: Vec<OptionId>) -> Self {
        Solution {
            options,
            text: None,
        }
    }

    /// The same solution, told its problem: its `Debug` then writes each option as its
    /// items.
    ///
    /// ```
    /// use dlx_core::{format::parse, OptionId, Solution};
    /// let p = parse("a b\na\nb\n").unwrap();
    /// let s = Solution::new(vec![OptionId::new(1), OptionId::new(0)]).with_problem(&p);
    /// assert_eq!(format!("{s:?}"), r#"Solution(["b", "a"])"#);
    /// ```
    pub fn with_problem(mut self, problem: &Problem) -> Self {
        self.text = Some(Arc::clone(&problem.text));
        self
    }

    /// The chosen options.
    ///
    /// See [`Solution`] for an example.
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The number of chosen options.
    ///
    /// See [`Solution`] for an example.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// True for the empty solution (a problem without primary items).
    ///
    /// ```
    /// assert!(dlx_core::Solution::new(vec![]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The options sorted by index: a canonical form for comparing solutions as sets.
    ///
    /// ```
    /// use dlx_core::{OptionId, Solution};
    /// let s = Solution::new(vec![OptionId::new(3), OptionId::new(1)]);
    /// assert_eq!(s.sorted(), [OptionId::new(1), OptionId::new(3)]);
    /// ```
    pub fn sorted(&self) -> Vec<OptionId> {
        let mut v = self.options.clone();
        v.sort_unstable();
        v
    }

    /// Consumes the solution, giving its options.
    ///
    /// ```
    /// use dlx_core::{OptionId, Solution};
    /// assert_eq!(Solution::new(vec![OptionId::new(0)]).into_options(), [OptionId::new(0)]);
    /// ```
    pub fn into_options(self) -> Vec<OptionId> {
        self.options
    }
}

/// What a search measured: Knuth's nodes and updates, the nodes per level, solutions and
/// time.
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let stats = Solver::links(&p).count().stats;
/// // One node for level 0, one for the solution; cover A, hide nothing (dancing links'
/// // updates, as Knuth counts them; the dense engine counts its own).
/// assert_eq!((stats.nodes, stats.updates, stats.solutions), (2, 1, 1));
/// assert_eq!(stats.profile, [1, 1]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: one per level entered, plus one per solution (Knuth's count).
    pub nodes: u64,
    /// Items unlinked from an active list plus option nodes unlinked from an item's list.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Nodes per level (level `l` at index `l`; a solution counts at the level below its
    /// last choice), trailing zeros removed.
    pub profile: Vec<u64>,
    /// Wall-clock time spent searching.
    pub elapsed: Duration,
}

/// The answer to "how many solutions?".
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let count = Solver::new(&p).count();
/// assert_eq!(count.solutions, 2);
/// assert!(count.is_complete());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (all of them when the count is complete).
    pub solutions: u64,
    /// Why the search stopped early; `None` when the whole tree was explored.
    pub stop: Option<StopReason>,
    /// Nodes, updates and time.
    pub stats: Stats,
}

impl Count {
    /// True when the whole tree was explored, so `solutions` is final.
    ///
    /// See [`Count`] for an example.
    pub fn is_complete(&self) -> bool {
        self.stop.is_none()
    }
}

/// The answer to "find me a solution": a solution of type `S` (the engine's [`Solution`],
/// or a puzzle's own answer after [`map`](Self::map)), none, or why the search stopped
/// first.
///
/// ```
/// use dlx_core::{First, ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_primary("B").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// assert_eq!(Solver::new(&p).first(), First::NoSolution);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First<S = Solution> {
    /// A solution.
    Found(S),
    /// The whole tree was explored: there is none.
    NoSolution,
    /// The search stopped before finding one; there may or may not be one.
    Incomplete(StopReason),
}

impl<S> First<S> {
    /// The answer from a search's first step: a solution, or why there is none
    /// (`Err(None)`: the search is over; `Err(Some(reason))`: it stopped early). For front
    /// ends with searches of their own (a clause solver, say) that answer in these terms.
    ///
    /// ```
    /// use dlx_core::{First, StopReason};
    /// assert_eq!(First::from_steps(Ok("a")), First::Found("a"));
    /// assert_eq!(First::<()>::from_steps(Err(None)), First::NoSolution);
    /// let stopped = First::<()>::from_steps(Err(Some(StopReason::Cancelled)));
    /// assert_eq!(stopped, First::Incomplete(StopReason::Cancelled));
    /// ```
    pub fn from_steps(next: Result<S, Option<StopReason>>) -> Self {
        match next {
            Ok(s) => First::Found(s),
            Err(Some(reason)) => First::Incomplete(reason),
            Err(None) => First::NoSolution,
        }
    }

    /// The solution, if one was found.
    ///
    /// See [`Solution`] for an example.
    pub fn solution(self) -> Option<S> {
        match self {
            First::Found(s) => Some(s),
            _ => None,
        }
    }

    /// Why the search stopped before it could answer, if it did.
    ///
    /// ```
    /// use dlx_core::{format::parse, Solver, StopReason};
    /// let p = parse("a\na\n").unwrap();
    /// assert_eq!(Solver::new(&p).with_node_budget(0).first().stop_reason(), Some(StopReason::NodeBudget));
    /// ```
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self {
            First::Incomplete(reason) => Some(*reason),
            _ => None,
        }
    }

    /// Decodes the solution (into a puzzle's own answer, say), keeping the rest.
    ///
    /// ```
    /// use dlx_core::{format::parse, First, Solver};
    /// let p = parse("a\na\n").unwrap();
    /// let first = Solver::new(&p).first().map(|s| s.len());
    /// assert_eq!(first, First::Found(1));
    /// ```
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> First<T> {
        match self {
            First::Found(s) => First::Found(f(s)),
            First::NoSolution => First::NoSolution,
            First::Incomplete(reason) => First::Incomplete(reason),
        }
    }
}

/// The answer to "is the solution unique?" The search stops at the second solution. `S`
/// is the engine's [`Solution`], or a puzzle's own answer after [`map`](Self::map).
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver, Uniqueness};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// assert!(matches!(Solver::new(&p).unique(), Uniqueness::Unique(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<S = Solution> {
    /// Exactly one solution.
    Unique(S),
    /// No solution.
    NoSolution,
    /// At least two solutions: the first two found.
    Multiple(S, S),
    /// The search stopped before it could tell; `found` is the solution seen so far, if any.
    Incomplete {
        /// Why the search stopped.
        reason: StopReason,
        /// The one solution found before stopping, if any.
        found: Option<S>,
    },
}

impl<S> Uniqueness<S> {
    /// The answer from up to two steps of a search, each a solution or why there is none
    /// (as in [`First::from_steps`]).
    ///
    /// ```
    /// use dlx_core::{StopReason, Uniqueness};
    /// let mut steps = vec![Err(Some(StopReason::NodeBudget)), Ok(7)];
    /// let answer = Uniqueness::from_steps(|| steps.pop().unwrap());
    /// assert_eq!(answer, Uniqueness::Incomplete { reason: StopReason::NodeBudget, found: Some(7) });
    /// ```
    pub fn from_steps(mut next: impl FnMut() -> Result<S, Option<StopReason>>) -> Self {
        let first = match next() {
            Ok(s) => s,
            Err(Some(reason)) => {
                return Uniqueness::Incomplete {
                    reason,
                    found: None,
                }
            }
            Err(None) => return Uniqueness::NoSolution,
        };
        match next() {
            Ok(second) => Uniqueness::Multiple(first, second),
            Err(Some(reason)) => Uniqueness::Incomplete {
                reason,
                found: Some(first),
            },
            Err(None) => Uniqueness::Unique(first),
        }
    }

    /// Why the search stopped before it could tell, if it did.
    ///
    /// ```
    /// use dlx_core::{format::parse, Solver, StopReason};
    /// let p = parse("a\na\n").unwrap();
    /// let unique = Solver::new(&p).with_node_budget(0).unique();
    /// assert_eq!(unique.stop_reason(), Some(StopReason::NodeBudget));
    /// ```
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self {
            Uniqueness::Incomplete { reason, .. } => Some(*reason),
            _ => None,
        }
    }

    /// Decodes every solution it holds (into a puzzle's own answer, say), keeping the rest.
    ///
    /// ```
    /// use dlx_core::{format::parse, Solver, Uniqueness};
    /// let p = parse("a\na\na\n").unwrap(); // two options, each covering `a`
    /// let unique = Solver::new(&p).unique().map(|s| s.len());
    /// assert_eq!(unique, Uniqueness::Multiple(1, 1));
    /// ```
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> Uniqueness<T> {
        match self {
            Uniqueness::Unique(s) => Uniqueness::Unique(f(s)),
            Uniqueness::NoSolution => Uniqueness::NoSolution,
            Uniqueness::Multiple(a, b) => {
                let a = f(a);
                Uniqueness::Multiple(a, f(b))
            }
            Uniqueness::Incomplete { reason, found } => Uniqueness::Incomplete {
                reason,
                found: found.map(f),
            },
        }
    }
}

/// Runs Algorithm X (C, M) on a problem.
///
/// A solver owns its copy of the links; make one per question. Builders set limits: a node
/// budget, a cancellation flag, a number of solutions. An interrupted search never reports
/// "no solution": its answers say they are incomplete.
///
/// [`Solver::new`] runs the engine `dlx count` runs: [`Auto`], which picks the dense engine
/// or dancing links for the problem (the same tree, node for node, either way). To name
/// the engine: [`Solver::links`] (dancing links, with observers and Knuth's update counts),
/// `Solver::<Dense>::try_new`, or, chosen at run time as the command line's `--engine`
/// does, [`Solver::with_engine_choice`] (the same call as
/// [`ParallelSolver::with_engine_choice`](crate::ParallelSolver::with_engine_choice)).
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// // Two ways to cover {A, B}.
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// let bb = b.add_primary("B").unwrap();
/// b.add_option([a, bb]).unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([bb]).unwrap();
/// let p = b.build().unwrap();
/// assert_eq!(Solver::new(&p).count().solutions, 2);
/// let all: Vec<_> = Solver::new(&p).solutions().map(|s| s.sorted()).collect();
/// assert_eq!(all.len(), 2);
/// assert_eq!(Solver::new(&p).engine_name(), "dense"); // a small problem
/// assert_eq!(Solver::links(&p).engine_name(), "links");
/// ```
#[derive(Clone, Debug)]
pub struct Solver<'p, E: Engine = Auto> {
    problem: &'p Problem,
    pub(crate) engine: E,
    limits: Limits,
    solution_limit: u64,
    elapsed: Duration,
    stop: Option<StopReason>,
    /// The options fixed with [`preselect`](Self::preselect), in order (for an observed
    /// search under [`Auto`], which then moves to the links engine).
    preselected: Vec<OptionId>,
}

/// The default: the engine [`Auto`] picks, as `dlx count` does.
impl<'p> Solver<'p, Auto> {
    /// A solver for `problem` on the engine [`Auto`] picks for it (the dense engine when it
    /// takes the problem and the problem is small enough for its state to pay, dancing
    /// links otherwise: the choice `dlx count` makes), with no limits.
    ///
    /// See [`Solver`] for an example.
    pub fn new(problem: &'p Problem) -> Self {
        match <Auto as crate::engine::sealed::Run>::build(problem) {
            Ok(engine) => Self::with_engine(problem, engine),
            Err(never) => match never {},
        }
    }

    /// A solver for `problem` on the engine `choice` names, chosen at run time (the
    /// command line's `--engine auto|links|dense`): fails only for
    /// [`EngineChoice::Dense`] on a problem the dense engine cannot take (a primary item in
    /// more than 32,767 options). [`ParallelSolver::with_engine_choice`] takes the same
    /// choice.
    ///
    /// [`ParallelSolver::with_engine_choice`]: crate::ParallelSolver::with_engine_choice
    ///
    /// ```
    /// use dlx_core::{format::parse, EngineChoice, Solver};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// for (choice, name) in [(EngineChoice::Auto, "dense"), (EngineChoice::Links, "links"),
    ///                        (EngineChoice::Dense, "dense")] {
    ///     let solver = Solver::with_engine_choice(&p, choice)?;
    ///     assert_eq!(solver.engine_name(), name);
    ///     assert_eq!(solver.count().solutions, 92);
    /// }
    /// # Ok::<(), dlx_core::DenseError>(())
    /// ```
    pub fn with_engine_choice(
        problem: &'p Problem,
        choice: EngineChoice,
    ) -> Result<Self, DenseError> {
        Ok(Self::with_engine(problem, choice.build(problem)?))
    }

    /// Counts the solutions while an [`Observer`] watches every step. Observers watch the
    /// links engine: a solver on which [`Auto`] picked the dense engine moves to the links
    /// engine first (the same tree, the same solutions; see [`Solver::links`]).
    ///
    /// ```
    /// use dlx_core::{format::parse, Observer, OptionId, Solver};
    /// #[derive(Default)]
    /// struct Found(u64);
    /// impl Observer for Found {
    ///     fn solution(&mut self, _l: usize, _o: &[OptionId]) { self.0 += 1; }
    /// }
    /// let p = parse("a b\na b\na\nb\n").unwrap();
    /// let mut found = Found::default();
    /// let count = Solver::new(&p).count_observed(&mut found);
    /// assert_eq!((count.solutions, found.0), (2, 2));
    /// ```
    pub fn count_observed<O: Observer>(self, obs: &mut O) -> Count {
        self.on_links().count_with(obs)
    }

    /// An iterator over the solutions with an observer watching the search, on the links
    /// engine (as for [`count_observed`](Self::count_observed)).
    ///
    /// ```
    /// use dlx_core::{format::parse, Observer, OptionId, Solver};
    /// #[derive(Default)]
    /// struct Levels(usize);
    /// impl Observer for Levels {
    ///     fn solution(&mut self, level: usize, _o: &[OptionId]) { self.0 = self.0.max(level); }
    /// }
    /// let p = parse("a b\na b\na\nb\n").unwrap();
    /// let mut it = Solver::new(&p).solutions_observed(Levels::default());
    /// assert_eq!(it.by_ref().count(), 2);
    /// assert_eq!(it.observer().0, 1); // the second solution takes two options
    /// ```
    pub fn solutions_observed<O: Observer>(self, observer: O) -> Solutions<'p, O, Auto> {
        Solutions {
            solver: self.on_links(),
            observer,
        }
    }

    /// The same solver on the links engine, with the same options preselected: for the
    /// observers, which only the links engine shows its steps to. The search has not
    /// started (the methods that run it take the solver).
    fn on_links(mut self) -> Self {
        if let Auto::Dense(_) = self.engine {
            let mut links = Links::from_arena(Arena::new(self.problem));
            for &option in &self.preselected {
                // The dense engine took these options one after the other: so do the links.
                if crate::engine::sealed::Run::preselect(&mut links, option).is_err() {
                    unreachable!("an option the dense engine preselected clashes on the links");
                }
            }
            self.engine = Auto::Links(links);
        }
        self
    }
}

/// What only the links engine does: observers, branching rules, byte lengths.
impl<'p> Solver<'p, Links> {
    /// A solver for `problem` on the dancing-links engine (Algorithm X, C or M, as Knuth's
    /// DLX1, DLX2 and DLX3 run them: the same nodes and updates), with no limits.
    ///
    /// ```
    /// use dlx_core::{format::parse, Solver};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let links = Solver::links(&p);
    /// assert_eq!(links.engine_name(), "links");
    /// let count = links.count();
    /// // The same tree as the engine `Solver::new` picks; updates are each engine's own.
    /// assert_eq!(count.stats.nodes, Solver::new(&p).count().stats.nodes);
    /// ```
    pub fn links(problem: &'p Problem) -> Self {
        Self::from_arena(problem, Arena::new(problem))
    }

    pub(crate) fn from_arena(problem: &'p Problem, arena: Arena) -> Self {
        Self::with_engine(problem, Links::from_arena(arena))
    }

    /// Branches on the first active primary item (left to right) whose list holds at most
    /// `len` options, without looking at the items after it; when there is none, on the
    /// item with the fewest options as usual. The default, 0, is DLX1's rule exactly
    /// (only an empty list ends the scan early). With 1, a search that has forced moves
    /// takes the first one it sees instead of scanning every item for an empty list: the
    /// solutions are the same, the node and update counts may differ from DLX1's (a dead end
    /// further right is found one level later). It shortens X3's walk along the active
    /// items when forced moves are common; with many items,
    /// [`with_byte_lengths`](Self::with_byte_lengths) makes the walk itself cheap, and the
    /// Sudoku solver keeps DLX1's rule with it.
    ///
    /// ```
    /// # use dlx_core::{format::parse, Solver};
    /// let p = parse("a b c\na b\nc\na\nb c\n").unwrap();
    /// let dlx1 = Solver::links(&p).count();
    /// let quick = Solver::links(&p).with_branch_cutoff(1).count();
    /// assert_eq!((dlx1.solutions, quick.solutions), (2, 2));
    /// ```
    pub fn with_branch_cutoff(mut self, len: u32) -> Self {
        self.engine.set_branch_cutoff(len);
        self
    }

    /// Keeps the list lengths in bytes, one per item, instead of in the item headers, so
    /// that X3 (choose the item with the fewest options) takes a vectorised minimum over
    /// the primary items' bytes instead of walking the list of active items. The tree
    /// searched is the same, node for node, and the dance costs the same (a byte is
    /// decremented instead of a word); what it saves is the walk, which pays off when there
    /// are hundreds of primary items (Sudoku's 324: X3 had been a third of the time); with
    /// a few dozen (queens) it makes no measurable difference. Only for problems whose
    /// lists all hold at most 127 options and that have no colours or multiplicities:
    /// otherwise ignored (the search walks, as usual).
    ///
    /// ```
    /// # use dlx_core::{format::parse, Solver};
    /// let p = parse("a b c\na b\nc\na\nb c\n").unwrap();
    /// let walk = Solver::links(&p).count().stats;
    /// let bytes = Solver::links(&p).with_byte_lengths(true).count().stats;
    /// assert_eq!((walk.solutions, walk.nodes, walk.updates), (bytes.solutions, bytes.nodes, bytes.updates));
    /// ```
    pub fn with_byte_lengths(mut self, on: bool) -> Self {
        self.engine.set_byte_lengths(on);
        self
    }

    /// Counts the solutions while an [`Observer`] watches every step.
    ///
    /// See [`Observer`] for an example.
    pub fn count_observed<O: Observer>(self, obs: &mut O) -> Count {
        self.count_with(obs)
    }

    /// An iterator over the solutions with an observer watching the search.
    ///
    /// ```
    /// use dlx_core::{Observer, OptionId, ProblemBuilder, Solver};
    /// #[derive(Default)]
    /// struct Found(usize);
    /// impl Observer for Found {
    ///     fn solution(&mut self, _l: usize, _o: &[OptionId]) { self.0 += 1; }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut it = Solver::links(&p).solutions_observed(Found::default());
    /// assert!(it.next().is_some());
    /// assert_eq!(it.observer().0, 1);
    /// ```
    pub fn solutions_observed<O: Observer>(self, observer: O) -> Solutions<'p, O, Links> {
        Solutions {
            solver: self,
            observer,
        }
    }
}

impl<'p, E: Engine> Solver<'p, E> {
    /// A solver for `problem` on engine `E`, with no limits; an error if the engine cannot
    /// take the problem (the dense engine refuses a primary item in more than 32,767
    /// options).
    ///
    /// ```
    /// use dlx_core::{format::parse, Dense, DenseError, DenseSolver, Solver};
    /// let p = parse("a b\na b\na\nb\n").unwrap();
    /// assert_eq!(DenseSolver::try_new(&p)?.count().solutions, 2);
    /// let m = parse("2:2|a\na\na\n").unwrap(); // multiplicities: Algorithm M
    /// assert_eq!(Solver::<Dense>::try_new(&m)?.count().solutions, 1);
    /// # Ok::<(), DenseError>(())
    /// ```
    pub fn try_new(problem: &'p Problem) -> Result<Self, E::Error> {
        Ok(Self::with_engine(problem, E::build(problem)?))
    }

    /// The engine that searches: `"links"` or `"dense"` (under [`Auto`], the one it
    /// picked).
    ///
    /// See [`Auto`] for an example.
    pub fn engine_name(&self) -> &'static str {
        self.engine.name()
    }

    /// The same solver, its engine held as an [`Auto`] value: for front ends that choose
    /// the engine at run time and then ask one type.
    ///
    /// See the [`Engine`] documentation for an example.
    pub fn into_auto(self) -> Solver<'p, Auto>
    where
        E: Into<Auto>,
    {
        Solver {
            problem: self.problem,
            engine: self.engine.into(),
            limits: self.limits,
            solution_limit: self.solution_limit,
            elapsed: self.elapsed,
            stop: self.stop,
            preselected: self.preselected,
        }
    }

    /// A solver around an engine already built for `problem`.
    pub(crate) fn with_engine(problem: &'p Problem, engine: E) -> Self {
        Solver {
            problem,
            engine,
            limits: Limits::default(),
            solution_limit: u64::MAX,
            elapsed: Duration::ZERO,
            stop: None,
            preselected: Vec::new(),
        }
    }

    /// The problem being solved.
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver};
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(Solver::new(&p).problem().num_items(), 1);
    /// ```
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Stops the search after this many nodes (the answer is then incomplete).
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver, StopReason};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let count = Solver::new(&p).with_node_budget(0).count();
    /// assert_eq!((count.solutions, count.stop), (0, Some(StopReason::NodeBudget)));
    /// ```
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.limits.node_budget = nodes;
        self
    }

    /// Stops the search soon after `flag` becomes true (it is checked every 1,024 nodes).
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver, StopReason};
    /// # use std::sync::{Arc, atomic::AtomicBool};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let flag = Arc::new(AtomicBool::new(true));
    /// let count = Solver::new(&p).with_cancel_flag(flag).count();
    /// assert_eq!(count.stop, Some(StopReason::Cancelled));
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.limits.cancel = Some(flag);
        self
    }

    /// Stops after this many solutions.
    ///
    /// See [`StopReason`] for an example.
    pub fn with_solution_limit(mut self, solutions: u64) -> Self {
        self.solution_limit = solutions;
        self
    }

    /// Fixes an option before the search (a given of a puzzle): every solution will
    /// contain it. Fails if it clashes with options fixed before.
    ///
    /// See [`PreselectError`] for an example.
    pub fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        self.engine.preselect(option)?;
        self.preselected.push(option);
        Ok(())
    }

    /// Search statistics so far.
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut it = Solver::new(&p).solutions();
    /// it.next();
    /// assert_eq!(it.stats().solutions, 1);
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats_with(self.engine.profile().to_vec())
    }

    /// The statistics, with `profile` for the nodes per level.
    fn stats_with(&self, profile: Vec<u64>) -> Stats {
        let crate::engine::Counters {
            nodes,
            updates,
            solutions,
        } = self.engine.counters();
        Stats {
            nodes,
            updates,
            solutions,
            profile: trimmed_profile(profile),
            elapsed: self.elapsed,
        }
    }

    /// Why the search stopped early, if it did.
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut it = Solver::new(&p).solutions();
    /// while it.next().is_some() {}
    /// assert!(it.is_complete());
    /// ```
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stop
    }

    /// True once the whole tree has been explored.
    ///
    /// See [`stop_reason`](Self::stop_reason) for an example.
    pub fn is_complete(&self) -> bool {
        self.engine.is_done()
    }

    /// Runs to the next solution with an observer; `None` at the end or on interruption
    /// (then [`stop_reason`](Self::stop_reason) says why).
    pub(crate) fn next_with<O: Observer>(&mut self, obs: &mut O) -> Option<Solution> {
        if self.advance(obs) {
            let mut options = Vec::new();
            self.engine.solution_into(&mut options);
            Some(Solution::new(options).with_problem(self.problem))
        } else {
            None
        }
    }

    /// Runs to the next solution; true when one was found.
    fn advance<O: Observer>(&mut self, obs: &mut O) -> bool {
        let start = Instant::now();
        let found = self.advance_untimed(obs);
        self.elapsed += start.elapsed();
        found
    }

    /// [`advance`](Self::advance) without reading the clock (for loops timed as a whole:
    /// reading the clock once per solution is a real cost when there are millions).
    fn advance_untimed<O: Observer>(&mut self, obs: &mut O) -> bool {
        if self.engine.is_done() || self.stop.is_some() {
            return false;
        }
        if self.engine.counters().solutions >= self.solution_limit {
            self.stop = Some(StopReason::SolutionLimit);
            return false;
        }
        let step = self.engine.run(obs, &self.limits);
        match step {
            Step::Solution => true,
            Step::Exhausted => false,
            Step::Interrupted(reason) => {
                self.stop = Some(reason);
                false
            }
        }
    }

    /// Counts the solutions (up to the limits set).
    ///
    /// See [`Count`] for an example.
    pub fn count(mut self) -> Count {
        // The links are dropped with the solver: no need to restore them at the end.
        self.engine.end_without_unwinding();
        self.count_with(&mut NoObserver)
    }

    /// Counts the solutions, with `obs` watching (only the links engine shows it steps).
    fn count_with<O: Observer>(mut self, obs: &mut O) -> Count {
        // Without a solution limit nothing needs the search to pause at each solution.
        self.limits.count_through = self.solution_limit == u64::MAX;
        let start = Instant::now();
        while self.advance_untimed(obs) {}
        self.elapsed += start.elapsed();
        // The solver is done with: its profile moves into the count, uncopied.
        let profile = self.engine.take_profile();
        Count {
            solutions: self.engine.counters().solutions,
            stop: self.stop,
            stats: self.stats_with(profile),
        }
    }

    /// The first solution, or why there is none.
    ///
    /// See [`First`] for an example.
    pub fn first(mut self) -> First {
        self.engine.end_without_unwinding();
        First::from_steps(self.next_or_stop())
    }

    /// Whether there is exactly one solution; stops at the second.
    ///
    /// See [`Uniqueness`] for an example.
    pub fn unique(mut self) -> Uniqueness {
        self.engine.end_without_unwinding();
        self.solution_limit = self.solution_limit.max(2);
        Uniqueness::from_steps(|| self.next_or_stop())
    }

    /// The next solution, or why there is none: `Err(None)` when the tree is exhausted,
    /// `Err(Some(reason))` when the search stopped early.
    fn next_or_stop(&mut self) -> Result<Solution, Option<StopReason>> {
        self.next_with(&mut NoObserver).ok_or(self.stop)
    }

    /// An iterator over the solutions, found one at a time as it is advanced.
    ///
    /// See [`Solver`] for an example.
    pub fn solutions(self) -> Solutions<'p, NoObserver, E> {
        Solutions {
            solver: self,
            observer: NoObserver,
        }
    }
}

/// An iterator over solutions; see [`Solver::solutions`]. After it ends,
/// [`is_complete`](Self::is_complete) tells whether every solution was seen.
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let mut it = Solver::new(&p).solutions();
/// assert!(it.next().is_some()); // stop early: the rest is never searched
/// assert!(!it.is_complete());
/// ```
#[derive(Clone, Debug)]
pub struct Solutions<'p, O: Observer = NoObserver, E: Engine = Auto> {
    solver: Solver<'p, E>,
    observer: O,
}

impl<'p, O: Observer, E: Engine> Solutions<'p, O, E> {
    /// Statistics so far.
    ///
    /// See [`Solver::stats`] for an example.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// True once the whole tree has been explored.
    ///
    /// See [`Solutions`] for an example.
    pub fn is_complete(&self) -> bool {
        self.solver.is_complete()
    }

    /// Why the iteration stopped early, if it did.
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver, StopReason};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut it = Solver::new(&p).with_solution_limit(1).solutions();
    /// assert_eq!(it.by_ref().count(), 1);
    /// assert_eq!(it.stop_reason(), Some(StopReason::SolutionLimit));
    /// ```
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.solver.stop_reason()
    }

    /// The observer.
    ///
    /// See [`Solver::solutions_observed`] for an example.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The problem being solved.
    ///
    /// ```
    /// # use dlx_core::{ProblemBuilder, Solver};
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(Solver::new(&p).solutions().problem().num_items(), 1);
    /// ```
    pub fn problem(&self) -> &'p Problem {
        self.solver.problem
    }
}

impl<O: Observer, E: Engine> Iterator for Solutions<'_, O, E> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.solver.next_with(&mut self.observer)
    }
}

/// A profile with its trailing zeros removed (as [`Stats::profile`] reports it).
pub(crate) fn trimmed_profile(mut profile: Vec<u64>) -> Vec<u64> {
    while profile.last() == Some(&0) {
        profile.pop();
    }
    profile
}

/// A [`Solver`] on the dense engine: like the links engine's, one per question, with the
/// same limits and answers (no observers).
///
/// ```
/// use dlx_core::{DenseSolver, ProblemBuilder};
/// // Two ways to cover {A, B}.
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// let bb = b.add_primary("B").unwrap();
/// b.add_option([a, bb]).unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([bb]).unwrap();
/// let p = b.build().unwrap();
/// assert_eq!(DenseSolver::try_new(&p).unwrap().count().solutions, 2);
/// let all: Vec<_> = DenseSolver::try_new(&p).unwrap().solutions().collect();
/// assert_eq!(all.len(), 2);
/// ```
pub type DenseSolver<'p> = Solver<'p, Dense>;

/// The solutions of a [`DenseSolver`], one at a time.
///
/// ```
/// use dlx_core::{DenseSolver, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let mut it = DenseSolver::try_new(&p).unwrap().solutions();
/// assert!(it.next().is_some());
/// assert!(!it.is_complete());
/// assert_eq!(it.stats().solutions, 1);
/// ```
pub type DenseSolutions<'p> = Solutions<'p, NoObserver, Dense>;
