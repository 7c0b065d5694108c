//! Work units: independent pieces of the search tree, for parallel and distributed runs.
//!
//! A unit is either the whole tree ([`Unit::Root`]) or a *range*: below a path of choices
//! (the `k`-th branch at level 0, then the `k`-th at level 1, ...), the branches
//! `first..=last` of the next level ([`Unit::Range`]). Because the search is deterministic,
//! a path names the same node on every machine. A range unit counts exactly the work of its
//! branches (covering the options' items and everything below); the node at which the
//! branching happens, and everything above, belongs to the unit it was split from. So the
//! counts of a set of units that partition the tree add up to the sequential counts.
//!
//! A running unit is split at a branch boundary of its shallowest level that still has
//! untried branches: the part already explored is closed with the counts it took, the
//! branch in progress continues as a new unit, and the untried branches become another.
//! Every piece is again a plain unit, so a checkpoint is just a list of units, each done
//! (with its counts) or pending.
//!
//! Every unit is an interval of the sequential search's order, from a [`Position`] to
//! another: from the moment the search is about to try its first branch to the moment it
//! would try the branch after its last (or the end of the search). A part closed by a
//! split or by a checkpoint is such an interval too, ending where the search had got to.
//! So whether a list of records covers the tree exactly once can be checked: sorted by
//! their starts, each must end where the next begins, from the start to the end.

use std::cmp::Ordering;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::arena::Arena;
use crate::checkpoint::UnitRecord;
use crate::engine::{Auto, EngineChoice, Links};
use crate::search::{Limits, Step};
use crate::{DenseError, OptionId};

/// A piece of the search tree.
///
/// ```
/// use dlx_core::Unit;
/// let unit = Unit::Range { path: vec![2, 1], first: 3, last: 5 };
/// let json = serde_json::to_string(&unit).unwrap();
/// assert_eq!(json, r#"{"range":{"path":[2,1],"first":3,"last":5}}"#);
/// assert_eq!(serde_json::from_str::<Unit>(&json).unwrap(), unit);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// The whole search tree.
    Root,
    /// Branches `first..=last` (1-based, "k of d") at level `path.len()`, below the node
    /// reached by taking branch `path[l]` at each level `l`.
    Range {
        /// The branch taken at each level above (1-based).
        path: Vec<u32>,
        /// The first branch of this unit (1-based).
        first: u32,
        /// The last branch of this unit (1-based, inclusive).
        last: u32,
    },
}

impl Unit {
    /// Where the unit ends in the search's order on the problem behind `arena` (see
    /// [`UnitSearch::end`]), after checking that its path exists.
    pub(crate) fn end_in(&self, arena: &Arena) -> Result<Position, UnitError> {
        match self {
            Unit::Root => Ok(Position::End),
            unit => {
                let links = Auto::Links(Links::from_arena(arena.clone()));
                Ok(UnitSearch::from_engine(links, unit)?.end())
            }
        }
    }

    /// The unit's place in the order of the sequential search: units compare by this key
    /// as the search would reach them.
    ///
    /// ```
    /// use dlx_core::Unit;
    /// let a = Unit::Range { path: vec![1], first: 2, last: 2 };
    /// let b = Unit::Range { path: vec![1, 1], first: 1, last: 4 };
    /// assert!(Unit::Root.order_key() < a.order_key());
    /// assert!(b.order_key() < a.order_key());
    /// ```
    pub fn order_key(&self) -> Vec<u32> {
        match self {
            Unit::Root => Vec::new(),
            Unit::Range { path, first, .. } => {
                let mut key = path.clone();
                key.push(*first);
                key
            }
        }
    }

    /// Where the unit begins in the search's order: the start for the root, else just
    /// before its first branch.
    ///
    /// ```
    /// use dlx_core::{Position, Unit};
    /// assert_eq!(Unit::Root.start(), Position::At(vec![]));
    /// assert_eq!(Unit::Range { path: vec![2], first: 1, last: 3 }.start(), Position::At(vec![2, 1]));
    /// ```
    pub fn start(&self) -> Position {
        Position::At(self.order_key())
    }

    /// The last branch of the unit's level it may take (`u32::MAX` for the root: all).
    pub(crate) fn last(&self) -> u32 {
        match self {
            Unit::Root => u32::MAX,
            Unit::Range { last, .. } => *last,
        }
    }
}

/// A moment of the sequential search, in the order the search reaches it.
///
/// `At(path)` is the moment the search is about to try (X5) branch `path[l]` of the last
/// level `l = path.len() - 1`, below the branches `path[..l]` (1-based, as in a
/// [`Unit::Range`]); `At(vec![])` is the start, before the root node is entered. `End` is
/// the end of the search. Positions compare in the search's order: a path comes before its
/// extensions, and otherwise paths compare branch by branch. In JSON, `At` is the array of
/// its branches and `End` the string `"end"`.
///
/// ```
/// use dlx_core::{Position, Unit};
/// let root = Position::At(vec![]);
/// let deep = Position::At(vec![1, 3]);
/// let later = Position::At(vec![2]);
/// assert!(root < deep && deep < later && later < Position::End);
/// assert_eq!(Unit::Range { path: vec![1], first: 3, last: 4 }.start(), deep);
/// assert_eq!(serde_json::to_string(&deep).unwrap(), "[1,3]");
/// assert_eq!(serde_json::to_string(&Position::End).unwrap(), r#""end""#);
/// assert_eq!(serde_json::from_str::<Position>(r#""end""#).unwrap(), Position::End);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// Just before the search tries the last branch of the path (the empty path: the
    /// start of the search).
    At(Vec<u32>),
    /// The end of the search.
    End,
}

impl Ord for Position {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Position::At(a), Position::At(b)) => a.cmp(b),
            (Position::At(_), Position::End) => Ordering::Less,
            (Position::End, Position::At(_)) => Ordering::Greater,
            (Position::End, Position::End) => Ordering::Equal,
        }
    }
}

impl PartialOrd for Position {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Position::At(path) if path.is_empty() => f.write_str("the start"),
            Position::At(path) => {
                let branches: Vec<String> = path.iter().map(u32::to_string).collect();
                write!(f, "[{}]", branches.join(","))
            }
            Position::End => f.write_str("the end"),
        }
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Position::At(path) => path.serialize(serializer),
            Position::End => serializer.serialize_str("end"),
        }
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Path(Vec<u32>),
            Word(String),
        }
        match Repr::deserialize(deserializer)? {
            Repr::Path(path) => Ok(Position::At(path)),
            Repr::Word(w) if w == "end" => Ok(Position::End),
            Repr::Word(_) => Err(serde::de::Error::custom(
                "expected a position: an array of branch numbers, or \"end\"",
            )),
        }
    }
}

/// The position just after branch `branch` at level `path.len()` below `path`, given the
/// number of branches `degs[l]` at each level `l` of the path (and at its end): the next
/// branch of that level, or, after its last, of the first level above that has one.
pub(crate) fn position_after(path: &[u32], branch: u32, degs: &[u32]) -> Position {
    let mut level = path.len();
    let mut b = branch;
    loop {
        if b < degs[level] {
            let mut p = path[..level].to_vec();
            p.push(b + 1);
            return Position::At(p);
        }
        if level == 0 {
            return Position::End;
        }
        level -= 1;
        b = path[level];
    }
}

/// Why a unit could not be started on a problem.
///
/// ```
/// use dlx_core::{format::parse, Unit, UnitError, UnitSearch};
/// let p = parse("A\nA\n").unwrap();
/// let bad = Unit::Range { path: vec![], first: 2, last: 2 };
/// assert!(matches!(UnitSearch::new(&p, &bad), Err(UnitError::NoSuchBranch { level: 0, .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitError {
    /// A branch number beyond the branches of its level.
    #[error("level {level} has no branch {branch}")]
    NoSuchBranch {
        /// The level.
        level: usize,
        /// The branch asked for (1-based).
        branch: u32,
    },
    /// The path runs through a solution or past the bottom of the tree.
    #[error("the path ends at a leaf at level {level}: there is nothing below it")]
    PathThroughLeaf {
        /// The level.
        level: usize,
    },
    /// `first` is 0 or greater than `last`.
    #[error("empty branch range {first}..={last}")]
    EmptyRange {
        /// First branch.
        first: u32,
        /// Last branch.
        last: u32,
    },
    /// The engine asked for cannot take the problem ([`UnitSearch::with_engine`] with
    /// [`EngineChoice::Dense`]).
    #[error(transparent)]
    Engine(#[from] DenseError),
}

/// What a work unit asks of an engine: replay a path without counting, confine the search
/// below it, run it, and say where it has got to. The links engine
/// ([`Search`](crate::search::Search)) and the dense engine
/// (`DenseSearch`) both fulfil it, numbering branches the same way (branch `k` of a level
/// is the `k`-th option of its item's list, in input order, among those still live there),
/// so that a unit names the same subtree on either. Static dispatch: each engine's
/// `run_unit` is its own loop, compiled with the unit's bookkeeping (branch numbers,
/// counter snapshots, a floor and a last branch there), which its plain loop does without.
pub(crate) trait UnitEngine {
    /// X2–X4 without counting: enter `level` and choose its item.
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError>;
    /// Moves past `n` branches at `level` without exploring them (at least one must be
    /// left).
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError>;
    /// X5 without counting: takes the current (next) branch at `level` and goes down.
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError>;
    /// Confines the search to the branches of `level` from the current one to `last`,
    /// its counters at zero.
    fn confine(&mut self, level: usize, last: u32);
    /// Narrows the search to the branches of `level` up to `keep`, its counters restarted
    /// from the start of the branch under way there; returns what they had counted before.
    fn narrow(&mut self, level: usize, keep: u32) -> [u64; 3];
    /// Runs to the next solution, the end of the unit, or a limit.
    fn run_unit(&mut self, limits: &Limits) -> Step;
    /// Appends the options of the solution just found.
    fn solution_into(&self, out: &mut Vec<OptionId>);
    /// Where the search stands.
    fn unit_view(&self) -> UnitView<'_>;
}

/// Where an engine running a unit stands ([`UnitEngine::unit_view`]).
pub(crate) struct UnitView<'a> {
    /// Nodes, updates, solutions.
    pub counters: [u64; 3],
    /// The unit is finished.
    pub done: bool,
    /// The unit's level: the search ends when it backs up past it.
    pub floor: usize,
    /// The last branch the search may take at its floor (`u32::MAX`: all).
    pub last: u32,
    /// Per level (valid up to the current path): the branch under way (1-based).
    pub positions: &'a [u32],
    /// Per level: its branches when it was entered.
    pub degrees: &'a [u32],
    /// Per level: the counters when its branch under way began.
    pub snapshots: &'a [[u64; 3]],
    /// When the search stands between nodes, about to enter this level (as it does when
    /// interrupted at a node budget).
    pub entering: Option<usize>,
    /// The deepest level such that every level up to it has its branch under way and its
    /// snapshot at that branch's start (where a split may cut).
    pub split_top: Option<usize>,
    /// The deepest level whose branch number counts the branches finished there.
    pub progress_top: Option<usize>,
}

impl UnitEngine for Links {
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        self.search.enter_quietly(level)
    }
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        self.search.pass_branches(level, n)
    }
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        self.search.take_branch_quietly(level)
    }
    fn confine(&mut self, level: usize, last: u32) {
        self.search.confine(level, last)
    }
    fn narrow(&mut self, level: usize, keep: u32) -> [u64; 3] {
        self.search.narrow(level, keep)
    }
    fn run_unit(&mut self, limits: &Limits) -> Step {
        self.search.run_unit(&mut crate::NoObserver, limits)
    }
    fn solution_into(&self, out: &mut Vec<OptionId>) {
        self.search.solution_into(out)
    }
    fn unit_view(&self) -> UnitView<'_> {
        self.search.unit_view()
    }
}

/// Runs `$body` with `$e` bound to the engine `Auto` holds.
macro_rules! on_engine {
    ($auto:expr, $e:ident => $body:expr) => {
        match $auto {
            Auto::Links($e) => $body,
            Auto::Dense($e) => $body,
        }
    };
}

impl UnitEngine for Auto {
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_engine!(self, e => e.enter_quietly(level))
    }
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        on_engine!(self, e => e.pass_branches(level, n))
    }
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_engine!(self, e => e.take_branch_quietly(level))
    }
    fn confine(&mut self, level: usize, last: u32) {
        on_engine!(self, e => e.confine(level, last))
    }
    fn narrow(&mut self, level: usize, keep: u32) -> [u64; 3] {
        on_engine!(self, e => e.narrow(level, keep))
    }
    #[inline]
    fn run_unit(&mut self, limits: &Limits) -> Step {
        on_engine!(self, e => e.run_unit(limits))
    }
    fn solution_into(&self, out: &mut Vec<OptionId>) {
        on_engine!(self, e => e.solution_into(out))
    }
    fn unit_view(&self) -> UnitView<'_> {
        on_engine!(self, e => e.unit_view())
    }
}

/// Counts of a finished unit (or of the part of a unit closed by a split).
///
/// Counts read from files are added with [`checked_add`](Self::checked_add), which refuses
/// to wrap past 2⁶⁴; `+` saturates (it never wraps and never panics).
///
/// ```
/// use dlx_core::UnitCounts;
/// let a = UnitCounts { solutions: 1, nodes: 5, updates: 9 };
/// assert_eq!(a + a, UnitCounts { solutions: 2, nodes: 10, updates: 18 });
/// let big = UnitCounts { solutions: u64::MAX, nodes: 0, updates: 0 };
/// assert_eq!(big.checked_add(a), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitCounts {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes (Knuth's count, the same on both engines).
    pub nodes: u64,
    /// Updates: the count of the engine that searched (the links engine: Knuth's; the
    /// dense engine: items covered plus options made not live).
    pub updates: u64,
}

impl UnitCounts {
    /// The sum, or `None` when a count would pass `u64::MAX`.
    ///
    /// See [`UnitCounts`] for an example.
    pub fn checked_add(self, o: UnitCounts) -> Option<UnitCounts> {
        Some(UnitCounts {
            solutions: self.solutions.checked_add(o.solutions)?,
            nodes: self.nodes.checked_add(o.nodes)?,
            updates: self.updates.checked_add(o.updates)?,
        })
    }
}

impl std::ops::Add for UnitCounts {
    type Output = UnitCounts;
    fn add(self, o: UnitCounts) -> UnitCounts {
        UnitCounts {
            solutions: self.solutions.saturating_add(o.solutions),
            nodes: self.nodes.saturating_add(o.nodes),
            updates: self.updates.saturating_add(o.updates),
        }
    }
}

impl std::ops::AddAssign for UnitCounts {
    fn add_assign(&mut self, o: UnitCounts) {
        *self = *self + o;
    }
}

/// The result of splitting a running unit: the part it already explored (closed, with its
/// counts), the unit it goes on with, and the unit it gives away.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Split {
    pub closed: UnitCounts,
    /// Where the closed part ends (where the continuing unit begins).
    pub closed_until: Position,
    pub continuing: Unit,
    pub continuing_weight: f64,
    pub continuing_end: Position,
    pub given: Unit,
    pub given_weight: f64,
    pub given_end: Position,
}

/// Where a running unit has got to: the search is about to go below branch `at[L]` of its
/// deepest level `L = at.len() - 1` (that branch has been taken, nothing below it counted),
/// and everything of the unit before [`Position::At(at)`](Position::At) is finished, with
/// the counts `done`. `degs[l]` is the number of branches at each level `l ≤ L` of the path,
/// and `floor` the unit's own level. A checkpoint records the finished part as a closed
/// record and the rest as units to do ([`Cut::pieces`]), so that a resumed run starts
/// where the search was.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cut {
    pub at: Vec<u32>,
    pub degs: Vec<u32>,
    pub floor: usize,
    pub done: UnitCounts,
}

impl Cut {
    /// The records that stand for `unit` (of estimated share `weight`) cut here: the part
    /// finished (unless empty), then the units to do: the branch in progress and the rest
    /// of its level, then the untried branches of each level above, up to the unit's own.
    /// Each record ends where the next begins, and the last where `unit` ends.
    pub fn pieces(&self, unit: &Unit, weight: f64) -> Vec<UnitRecord> {
        let deepest = self.at.len() - 1;
        let mut todo = Vec::new();
        let mut w = 1.0;
        let mut branch_weight = Vec::with_capacity(self.at.len());
        for &d in &self.degs {
            w /= d.max(1) as f64;
            branch_weight.push(w);
        }
        for level in (self.floor..=deepest).rev() {
            let last = if level == self.floor {
                unit.last()
            } else {
                u32::MAX
            };
            let end = last.min(self.degs[level]);
            let first = if level == deepest {
                self.at[level]
            } else {
                self.at[level] + 1
            };
            if first > end {
                continue;
            }
            let path = self.at[..level].to_vec();
            let until = position_after(&path, end, &self.degs[..=level]);
            let range = Unit::Range {
                path,
                first,
                last: end,
            };
            let weight = branch_weight[level] * f64::from(end - first + 1);
            todo.push(UnitRecord::pending(range, weight, until));
        }
        let at = Position::At(self.at.clone());
        let mut out = Vec::with_capacity(todo.len() + 1);
        if at > unit.start() {
            let given: f64 = todo.iter().map(|r| r.weight).sum();
            let weight = (weight - given).max(0.0);
            out.push(UnitRecord::finished(unit.clone(), weight, self.done, at));
        }
        out.extend(todo);
        out
    }
}

/// Restarts a unit's counters from the start of the branch now taken at `level`, where
/// the search is being narrowed (every engine's `narrow`): `snapshot[level]` (the counters
/// when that branch began: nodes, updates, solutions) is taken off `counters` and off the
/// snapshots of `level` and below, the profile is cleared, and the snapshot is returned:
/// what the closed part had counted.
pub(crate) fn rebase_counters(
    snapshot: &mut [[u64; 3]],
    level: usize,
    counters: [&mut u64; 3],
    profile: &mut [u64],
) -> [u64; 3] {
    let closed = snapshot[level];
    for (counter, done) in counters.into_iter().zip(closed) {
        *counter -= done;
    }
    for snap in &mut snapshot[level..] {
        for (s, done) in snap.iter_mut().zip(closed) {
            *s = s.saturating_sub(done);
        }
    }
    profile.iter_mut().for_each(|p| *p = 0);
    closed
}

/// A search confined to one unit. It is what a worker runs; it can be split while running.
/// It runs on either engine ([`with_engine`](Self::with_engine)): a unit names the same
/// subtree on both, and counts the same nodes and solutions (updates are each engine's
/// own count).
///
/// ```
/// use dlx_core::{format::parse, Unit, UnitSearch};
/// let p = parse("A B\nA\nB\nA B\n").unwrap();
/// // The root has item A with 2 branches; the unit takes branch 2 only ("A B").
/// let unit = Unit::Range { path: vec![], first: 2, last: 2 };
/// let counts = UnitSearch::new(&p, &unit).unwrap().count();
/// assert_eq!(counts.solutions, 1);
/// ```
#[derive(Clone, Debug)]
pub struct UnitSearch {
    search: Auto,
    pub(crate) unit: Unit,
    /// The estimated fraction of the whole tree that this unit stands for.
    pub(crate) weight: f64,
}

impl UnitSearch {
    /// Prepares the search of `unit` on `problem` with the dancing-links engine (replaying
    /// its path, counting nothing).
    ///
    /// See [`UnitSearch`] for an example.
    pub fn new(problem: &crate::Problem, unit: &Unit) -> Result<UnitSearch, UnitError> {
        Self::from_arena(Arena::new(problem), unit)
    }

    /// Prepares the search of `unit` on `problem` with the engine `choice` picks (replaying
    /// its path, counting nothing). Fails with [`UnitError::Engine`] when
    /// [`EngineChoice::Dense`] is asked for a problem the dense engine cannot take.
    ///
    /// ```
    /// use dlx_core::{format::parse, EngineChoice, Unit, UnitError, UnitSearch};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap();
    /// let unit = Unit::Range { path: vec![], first: 2, last: 2 };
    /// let dense = UnitSearch::with_engine(&p, &unit, EngineChoice::Dense).unwrap();
    /// assert_eq!(dense.engine_name(), "dense");
    /// assert_eq!(dense.count().solutions, 1);
    ///
    /// // A primary item in 40,000 options: more than the dense engine's tallies count.
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// for _ in 0..40_000 {
    ///     b.add_option([a]).unwrap();
    /// }
    /// let big = b.build().unwrap();
    /// let err = UnitSearch::with_engine(&big, &Unit::Root, EngineChoice::Dense).unwrap_err();
    /// assert!(matches!(err, UnitError::Engine(_)));
    /// let auto = UnitSearch::with_engine(&big, &Unit::Root, EngineChoice::Auto).unwrap();
    /// assert_eq!(auto.engine_name(), "links");
    /// ```
    pub fn with_engine(
        problem: &crate::Problem,
        unit: &Unit,
        choice: EngineChoice,
    ) -> Result<UnitSearch, UnitError> {
        Self::from_engine(choice.build(problem)?, unit)
    }

    pub(crate) fn from_arena(arena: Arena, unit: &Unit) -> Result<UnitSearch, UnitError> {
        Self::from_engine(Auto::Links(Links::from_arena(arena)), unit)
    }

    /// The search of `unit` on `search`, an engine at the root of its problem.
    pub(crate) fn from_engine(mut search: Auto, unit: &Unit) -> Result<UnitSearch, UnitError> {
        let weight = match unit {
            Unit::Root => 1.0,
            Unit::Range { path, first, last } => {
                if *first == 0 || first > last {
                    return Err(UnitError::EmptyRange {
                        first: *first,
                        last: *last,
                    });
                }
                let mut weight = 1.0;
                for (level, &branch) in path.iter().enumerate() {
                    search.enter_quietly(level)?;
                    weight /= search.unit_view().degrees[level].max(1) as f64;
                    // Branches count from 1 (found by the fuzzing harness: a path through
                    // branch 0 underflowed).
                    let passed = branch
                        .checked_sub(1)
                        .ok_or(UnitError::NoSuchBranch { level, branch })?;
                    search.pass_branches(level, passed)?;
                    search.take_branch_quietly(level)?;
                }
                let level = path.len();
                search.enter_quietly(level)?;
                let d = search.unit_view().degrees[level];
                if *first > d {
                    return Err(UnitError::NoSuchBranch {
                        level,
                        branch: *first,
                    });
                }
                weight *= (last.min(&d) - first + 1) as f64 / d.max(1) as f64;
                search.pass_branches(level, first - 1)?;
                search.confine(level, *last);
                weight
            }
        };
        Ok(UnitSearch {
            search,
            unit: unit.clone(),
            weight,
        })
    }

    /// The unit this search is confined to.
    ///
    /// ```
    /// use dlx_core::{format::parse, Unit, UnitSearch};
    /// let p = parse("A\nA\n").unwrap();
    /// assert_eq!(UnitSearch::new(&p, &Unit::Root).unwrap().unit(), &Unit::Root);
    /// ```
    pub fn unit(&self) -> &Unit {
        &self.unit
    }

    /// The engine that searches: `"links"` or `"dense"`.
    ///
    /// See [`with_engine`](Self::with_engine) for an example.
    pub fn engine_name(&self) -> &'static str {
        crate::engine::sealed::Run::name(&self.search)
    }

    /// Counts the unit's solutions.
    ///
    /// See [`UnitSearch`] for an example.
    pub fn count(mut self) -> UnitCounts {
        let limits = Limits {
            count_through: true,
            ..Limits::default()
        };
        while self.run(&limits) != Step::Exhausted {}
        self.counts()
    }

    /// Runs to the next solution, the end of the unit, or a limit.
    #[inline]
    pub(crate) fn run(&mut self, limits: &Limits) -> Step {
        self.search.run_unit(limits)
    }

    /// Appends the options of the solution just found.
    pub(crate) fn solution_into(&self, out: &mut Vec<OptionId>) {
        self.search.solution_into(out)
    }

    /// Where the unit ends in the search's order (see [`Position`]): the end of the search
    /// for the root, else just after its last branch.
    ///
    /// ```
    /// use dlx_core::{format::parse, Position, Unit, UnitSearch};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap(); // the root has 2 branches
    /// let first = Unit::Range { path: vec![], first: 1, last: 1 };
    /// assert_eq!(UnitSearch::new(&p, &first).unwrap().end(), Position::At(vec![2]));
    /// let all = Unit::Range { path: vec![], first: 1, last: 9 };
    /// assert_eq!(UnitSearch::new(&p, &all).unwrap().end(), Position::End);
    /// ```
    pub fn end(&self) -> Position {
        match &self.unit {
            Unit::Root => Position::End,
            Unit::Range { path, last, .. } => {
                let level = path.len();
                let degs = &self.search.unit_view().degrees[..=level];
                position_after(path, (*last).min(degs[level]), degs)
            }
        }
    }

    /// Where the search has got to, when it stands between nodes below the unit's own
    /// level (as it does when interrupted at a node budget): see [`Cut`].
    pub(crate) fn cut(&self) -> Option<Cut> {
        let v = self.search.unit_view();
        let level = v.entering?;
        if level <= v.floor {
            return None;
        }
        let deepest = level - 1;
        let [nodes, updates, solutions] = v.snapshots[deepest];
        Some(Cut {
            at: v.positions[..=deepest].to_vec(),
            degs: v.degrees[..=deepest].to_vec(),
            floor: v.floor,
            done: UnitCounts {
                solutions,
                nodes,
                updates,
            },
        })
    }

    /// The counts so far.
    pub(crate) fn counts(&self) -> UnitCounts {
        let [nodes, updates, solutions] = self.search.unit_view().counters;
        UnitCounts {
            solutions,
            nodes,
            updates,
        }
    }

    /// Knuth's estimate of the fraction of the whole tree this unit has finished: the sum,
    /// over the levels of the current path, of the branches already finished there, each
    /// weighted by the product of `1/d` along the path.
    pub(crate) fn progress(&self) -> f64 {
        let v = self.search.unit_view();
        if v.done {
            return self.weight;
        }
        let (degs, pos) = (v.degrees, v.positions);
        let (mut w, first) = match &self.unit {
            Unit::Root => (1.0, 1),
            Unit::Range { path, first, .. } => {
                let mut w = 1.0;
                for &d in &degs[..path.len()] {
                    w /= d.max(1) as f64;
                }
                (w, *first)
            }
        };
        let mut done = 0.0;
        if let Some(top) = v.progress_top {
            for level in v.floor..=top {
                let d = degs[level].max(1) as f64;
                w /= d;
                let start = if level == v.floor { first } else { 1 };
                done += pos[level].saturating_sub(start) as f64 * w;
            }
        }
        done.min(self.weight)
    }

    /// Splits off the untried branches of the shallowest level that has some (half of them,
    /// at least one): see the module documentation. `None` when nothing is left to give.
    pub(crate) fn split(&mut self) -> Option<Split> {
        let v = self.search.unit_view();
        if v.done {
            return None;
        }
        // Only where every level up to `top` has its current branch under way (so that
        // its snapshot is that branch's start).
        let top = v.split_top?;
        if top < v.floor {
            return None;
        }
        let (degs, positions) = (&v.degrees[..=top], &v.positions[..=top]);
        let last_branch = |l: usize| if l == v.floor { v.last } else { u32::MAX };
        let level = (v.floor..=top).find(|&l| positions[l] < last_branch(l).min(degs[l]))?;
        let end = last_branch(level).min(degs[level]);
        let pos = positions[level];
        let untried = end - pos;
        let keep = pos + untried / 2; // give away the later half (at least one branch)
        let path: Vec<u32> = positions[..level].to_vec();
        // Weights: w is the weight of one branch at `level` on the current path.
        let mut w = 1.0;
        for &d in &degs[..=level] {
            w /= d.max(1) as f64;
        }
        let degs = &degs[..=level];
        let closed_until = Position::At(positions[..=level].to_vec());
        let continuing_end = position_after(&path, keep, degs);
        let given_end = position_after(&path, end, degs);
        let continuing = Unit::Range {
            path: path.clone(),
            first: pos,
            last: keep,
        };
        let given = Unit::Range {
            path,
            first: keep + 1,
            last: end,
        };
        let continuing_weight = w * (keep - pos + 1) as f64;
        let given_weight = w * (end - keep) as f64;
        // The search now stands for the continuing unit: rebase its counters.
        let [nodes, updates, solutions] = self.search.narrow(level, keep);
        let closed = UnitCounts {
            solutions,
            nodes,
            updates,
        };
        self.unit = continuing.clone();
        self.weight = continuing_weight;
        Some(Split {
            closed,
            closed_until,
            continuing,
            continuing_weight,
            continuing_end,
            given,
            given_weight,
            given_end,
        })
    }
}

/// Splits the search tree of `problem` into at least `at_least` units to do (fewer only if
/// the tree is smaller), for runs spread over processes or machines. The result is a
/// [`Checkpoint`](crate::Checkpoint): the parts explored while splitting are finished units
/// with their counts; the rest are pending; every record says where it ends, so the
/// records can be checked to cover the tree exactly once. Deterministic: the same problem
/// and number give the same units. The largest pending unit is split first, so units are
/// of similar size; choosing it takes a heap, so a split into `n` units takes
/// `O(n log n)` besides the replays.
///
/// ```
/// use dlx_core::{format::parse, split_units, UnitSearch, Solver};
/// let p = parse(include_str!("../tests/data/q8.dlx")).unwrap();
/// let plan = split_units(&p, 10);
/// assert!(plan.pending().count() >= 10);
/// plan.check(&p).unwrap(); // the units partition the tree
/// let mut total = plan.totals().unwrap();
/// for unit in plan.pending() {
///     total += UnitSearch::new(&p, unit).unwrap().count();
/// }
/// let seq = Solver::new(&p).count();
/// assert_eq!((total.solutions, total.nodes, total.updates),
///            (92, seq.stats.nodes, seq.stats.updates));
/// ```
pub fn split_units(problem: &crate::Problem, at_least: usize) -> crate::Checkpoint {
    split_on(
        problem,
        Auto::Links(Links::from_arena(Arena::new(problem))),
        at_least,
    )
}

/// [`split_units`] with the engine `choice` picks: the same units, positions, weights and
/// nodes and solutions of the parts explored while splitting (the tree is the same); the
/// updates of those parts are that engine's. Fails only when [`EngineChoice::Dense`] is
/// asked for a problem the dense engine cannot take.
///
/// ```
/// use dlx_core::{format::parse, split_units, split_units_with, DenseSolver, EngineChoice, UnitSearch};
/// let p = parse(include_str!("../tests/data/q8.dlx")).unwrap();
/// let plan = split_units_with(&p, 10, EngineChoice::Dense).unwrap();
/// let links = split_units(&p, 10);
/// assert_eq!(plan.pending().collect::<Vec<_>>(), links.pending().collect::<Vec<_>>());
/// let mut total = plan.totals().unwrap();
/// for unit in plan.pending() {
///     total += UnitSearch::with_engine(&p, unit, EngineChoice::Dense).unwrap().count();
/// }
/// let seq = DenseSolver::try_new(&p).unwrap().count();
/// assert_eq!((total.solutions, total.nodes, total.updates),
///            (92, seq.stats.nodes, seq.stats.updates));
/// ```
pub fn split_units_with(
    problem: &crate::Problem,
    at_least: usize,
    choice: EngineChoice,
) -> Result<crate::Checkpoint, DenseError> {
    Ok(split_on(problem, choice.build(problem)?, at_least))
}

/// [`split_units`] on `engine`, at the root of `problem`.
fn split_on(problem: &crate::Problem, engine: Auto, at_least: usize) -> crate::Checkpoint {
    use std::collections::BinaryHeap;

    /// A pending unit in the heap: the largest weight first, then the one made first.
    struct Entry {
        weight: f64,
        seq: usize,
        unit: Unit,
        end: Position,
    }
    impl PartialEq for Entry {
        fn eq(&self, other: &Self) -> bool {
            self.cmp(other) == Ordering::Equal
        }
    }
    impl Eq for Entry {}
    impl PartialOrd for Entry {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Entry {
        fn cmp(&self, other: &Self) -> Ordering {
            self.weight
                .total_cmp(&other.weight)
                .then(other.seq.cmp(&self.seq))
        }
    }

    let mut done: Vec<crate::UnitRecord> = Vec::new();
    let mut pending = BinaryHeap::new();
    pending.push(Entry {
        weight: 1.0,
        seq: 0,
        unit: Unit::Root,
        end: Position::End,
    });
    let mut seq = 1;
    while pending.len() < at_least {
        let Some(Entry {
            unit, weight, end, ..
        }) = pending.pop()
        else {
            break;
        };
        let mut us = UnitSearch::from_engine(engine.clone(), &unit)
            .expect("units made by splitting fit their problem");
        us.weight = weight;
        let mut limits = Limits::default();
        loop {
            limits.node_budget = us.counts().nodes + 1;
            match us.run(&limits) {
                Step::Solution => {}
                Step::Exhausted => {
                    done.push(UnitRecord::finished(
                        us.unit.clone(),
                        us.weight,
                        us.counts(),
                        end,
                    ));
                    break;
                }
                Step::Interrupted(_) => {
                    let unit_before = us.unit.clone();
                    let weight_before = us.weight;
                    if let Some(split) = us.split() {
                        // (Nothing is closed when the split comes at the unit's start.)
                        if split.closed_until > unit_before.start() {
                            let weight =
                                weight_before - split.continuing_weight - split.given_weight;
                            done.push(UnitRecord::finished(
                                unit_before,
                                weight.max(0.0),
                                split.closed,
                                split.closed_until,
                            ));
                        }
                        pending.push(Entry {
                            weight: split.continuing_weight,
                            seq,
                            unit: split.continuing,
                            end: split.continuing_end,
                        });
                        pending.push(Entry {
                            weight: split.given_weight,
                            seq: seq + 1,
                            unit: split.given,
                            end: split.given_end,
                        });
                        seq += 2;
                        break;
                    }
                }
            }
        }
        if pending.is_empty() {
            break;
        }
    }
    let mut units = done;
    units.extend(
        pending
            .into_iter()
            .map(|e| UnitRecord::pending(e.unit, e.weight, e.end)),
    );
    crate::Checkpoint::from_records(problem, units)
}

#[cfg(test)]
mod tests {
    use super::{Cut, Split, Unit, UnitCounts, UnitSearch};
    use crate::search::{Limits, Step};
    use crate::EngineChoice;

    /// A cut or split with its updates left out (each engine counts its own).
    fn without_updates(c: UnitCounts) -> UnitCounts {
        UnitCounts { updates: 0, ..c }
    }

    /// Runs `unit` on both engines, stopping every `step` nodes and at every solution: at
    /// each stop, the two must stand at the same place (the same counts, cut and progress),
    /// and every third stop both split alike and go on with the part they keep (at a stop
    /// for a solution only `after_solutions`: the parallel search splits a unit only when
    /// its node budget interrupts it). Returns how many stops there were.
    fn stand_alike(p: &crate::Problem, unit: &Unit, step: u64, after_solutions: bool) -> usize {
        let start = |choice| UnitSearch::with_engine(p, unit, choice).unwrap();
        let mut searches = [start(EngineChoice::Links), start(EngineChoice::Dense)];
        let mut stops = 0;
        loop {
            let steps = searches.each_mut().map(|us| {
                let limits = Limits {
                    node_budget: us.counts().nodes + step,
                    ..Limits::default()
                };
                us.run(&limits)
            });
            assert_eq!(steps[0], steps[1], "{unit:?}, stop {stops}");
            let [l, d] = &searches;
            let counts = |us: &UnitSearch| without_updates(us.counts());
            assert_eq!(counts(l), counts(d), "{unit:?}, stop {stops}");
            if steps[0] == Step::Exhausted {
                assert!((l.progress() - d.progress()).abs() < 1e-12);
                break;
            }
            let cut = |us: &UnitSearch| {
                us.cut().map(|c| Cut {
                    done: without_updates(c.done),
                    ..c
                })
            };
            assert_eq!(cut(l), cut(d), "{unit:?}, stop {stops}");
            assert!(
                (l.progress() - d.progress()).abs() < 1e-12,
                "{unit:?}, stop {stops}"
            );
            stops += 1;
            if stops % 3 == 0 && (after_solutions || steps[0] != Step::Solution) {
                let [l, d] = searches.each_mut().map(|us| {
                    us.split().map(|s| Split {
                        closed: without_updates(s.closed),
                        ..s
                    })
                });
                assert_eq!(l, d, "{unit:?}, split at stop {stops} ({:?})", steps[0]);
                assert_eq!(searches[0].unit(), searches[1].unit());
            }
        }
        stops
    }

    #[test]
    fn both_engines_stand_alike_as_a_unit_is_searched_cut_and_split() {
        // Knightdoku (multiplicities) when the dense engine takes it, split only at
        // interruptions.
        for (text, step, after_solutions) in [
            (include_str!("../tests/data/q8.dlx"), 7, true),
            (include_str!("../tests/data/q10.dlx"), 97, true),
            (include_str!("../tests/data/t34open.dlx"), 13, true),
            (include_str!("../tests/data/pent3x20.dlx"), 501, true),
            (include_str!("../tests/data/sud1.dlx"), 5, true),
            (include_str!("../tests/data/kd2.dlx"), 3, false),
        ] {
            let p = crate::format::parse(text).unwrap();
            if crate::DenseSolver::try_new(&p).is_err() {
                continue;
            }
            let mut stops = stand_alike(&p, &Unit::Root, step, after_solutions);
            let plan = super::split_units(&p, 12);
            for unit in plan.pending() {
                stops += stand_alike(&p, unit, step, after_solutions);
            }
            assert!(stops >= 10, "{stops} stops");
        }
    }
}
