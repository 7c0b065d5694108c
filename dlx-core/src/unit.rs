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
//! Every unit is an interval of the sequential search's order, from a [`TreePosition`] to
//! another: from the moment the search is about to try its first branch to the moment it
//! would try the branch after its last (or the end of the search). A part closed by a
//! split or by a checkpoint is such an interval too, ending where the search had got to.
//! So whether a list of records covers the tree exactly once can be checked: sorted by
//! their starts, each must end where the next begins, from the start to the end.

use std::cmp::Ordering;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::engine::UnitError;
use crate::engine::{Auto, Counters, EngineChoice, Limits, Step, UnitEngine};
use crate::links::arena::Arena;
use crate::links::Links;
use crate::problem::OptionId;

/// One unit of a checkpoint and its state.
///
/// A record covers an interval of the search's order: from the start of `unit` to
/// `until` (or, without `until`, to the unit's own end). A pending record covers its whole
/// unit; a finished one may stop earlier (a part closed by a split or a checkpoint, where
/// the rest of the unit is in other records) or, once neighbouring finished records are
/// merged, go on past it.
///
/// ```
/// use dlx_core::{TreePosition, UnitRecord, Unit, UnitCounts};
/// let r = UnitRecord { unit: Unit::Root, weight: 1.0, done: None, until: Some(TreePosition::End) };
/// assert!(!r.is_done());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitRecord {
    /// The unit.
    pub unit: Unit,
    /// Its estimated share of the tree (for progress).
    pub weight: f64,
    /// Its counts, once finished; `None` while it is still to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<Counters>,
    /// Where the record's part of the tree ends (exclusive); `None`: where its unit ends.
    /// Written for every record, so that the records can be checked to meet end to start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<TreePosition>,
}

impl UnitRecord {
    /// True once the unit is finished.
    ///
    /// See [`UnitRecord`] for an example.
    pub fn is_done(&self) -> bool {
        self.done.is_some()
    }

    /// A record of `unit` still to do, ending at `until`.
    pub(crate) fn pending(unit: Unit, weight: f64, until: TreePosition) -> UnitRecord {
        UnitRecord {
            unit,
            weight,
            done: None,
            until: Some(until),
        }
    }

    /// A record of the part of `unit` up to `until`, finished with counts `done`.
    pub(crate) fn finished(
        unit: Unit,
        weight: f64,
        done: Counters,
        until: TreePosition,
    ) -> UnitRecord {
        UnitRecord {
            unit,
            weight,
            done: Some(done),
            until: Some(until),
        }
    }
}

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
    pub(crate) fn end_in(&self, arena: &Arena) -> Result<TreePosition, UnitError> {
        match self {
            Unit::Root => Ok(TreePosition::End),
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
    /// use dlx_core::{TreePosition, Unit};
    /// assert_eq!(Unit::Root.start(), TreePosition::At(vec![]));
    /// assert_eq!(Unit::Range { path: vec![2], first: 1, last: 3 }.start(), TreePosition::At(vec![2, 1]));
    /// ```
    pub fn start(&self) -> TreePosition {
        TreePosition::At(self.order_key())
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
/// use dlx_core::{TreePosition, Unit};
/// let root = TreePosition::At(vec![]);
/// let deep = TreePosition::At(vec![1, 3]);
/// let later = TreePosition::At(vec![2]);
/// assert!(root < deep && deep < later && later < TreePosition::End);
/// assert_eq!(Unit::Range { path: vec![1], first: 3, last: 4 }.start(), deep);
/// assert_eq!(serde_json::to_string(&deep).unwrap(), "[1,3]");
/// assert_eq!(serde_json::to_string(&TreePosition::End).unwrap(), r#""end""#);
/// assert_eq!(serde_json::from_str::<TreePosition>(r#""end""#).unwrap(), TreePosition::End);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TreePosition {
    /// Just before the search tries the last branch of the path (the empty path: the
    /// start of the search).
    At(Vec<u32>),
    /// The end of the search.
    End,
}

impl Ord for TreePosition {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (TreePosition::At(a), TreePosition::At(b)) => a.cmp(b),
            (TreePosition::At(_), TreePosition::End) => Ordering::Less,
            (TreePosition::End, TreePosition::At(_)) => Ordering::Greater,
            (TreePosition::End, TreePosition::End) => Ordering::Equal,
        }
    }
}

impl PartialOrd for TreePosition {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for TreePosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreePosition::At(path) if path.is_empty() => f.write_str("the start"),
            TreePosition::At(path) => {
                let branches: Vec<String> = path.iter().map(u32::to_string).collect();
                write!(f, "[{}]", branches.join(","))
            }
            TreePosition::End => f.write_str("the end"),
        }
    }
}

impl Serialize for TreePosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            TreePosition::At(path) => path.serialize(serializer),
            TreePosition::End => serializer.serialize_str("end"),
        }
    }
}

impl<'de> Deserialize<'de> for TreePosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Path(Vec<u32>),
            Word(String),
        }
        match Repr::deserialize(deserializer)? {
            Repr::Path(path) => Ok(TreePosition::At(path)),
            Repr::Word(w) if w == "end" => Ok(TreePosition::End),
            Repr::Word(_) => Err(serde::de::Error::custom(
                "expected a position: an array of branch numbers, or \"end\"",
            )),
        }
    }
}

/// The position just after branch `branch` at level `path.len()` below `path`, given the
/// number of branches `degs[l]` at each level `l` of the path (and at its end): the next
/// branch of that level, or, after its last, of the first level above that has one.
pub(crate) fn position_after(path: &[u32], branch: u32, degs: &[u32]) -> TreePosition {
    let mut level = path.len();
    let mut b = branch;
    loop {
        if b < degs[level] {
            let mut p = path[..level].to_vec();
            p.push(b + 1);
            return TreePosition::At(p);
        }
        if level == 0 {
            return TreePosition::End;
        }
        level -= 1;
        b = path[level];
    }
}

/// The result of splitting a running unit: the part it already explored (closed, with its
/// counts), the unit it goes on with, and the unit it gives away.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Split {
    pub closed: Counters,
    /// Where the closed part ends (where the continuing unit begins).
    pub closed_until: TreePosition,
    pub continuing: Unit,
    pub continuing_weight: f64,
    pub continuing_end: TreePosition,
    pub given: Unit,
    pub given_weight: f64,
    pub given_end: TreePosition,
}

/// Where a running unit has got to: the search is about to go below branch `at[L]` of its
/// deepest level `L = at.len() - 1` (that branch has been taken, nothing below it counted),
/// and everything of the unit before [`TreePosition::At(at)`](TreePosition::At) is finished, with
/// the counts `done`. `degs[l]` is the number of branches at each level `l ≤ L` of the path,
/// and `floor` the unit's own level. A checkpoint records the finished part as a closed
/// record and the rest as units to do ([`Cut::pieces`]), so that a resumed run starts
/// where the search was.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cut {
    pub at: Vec<u32>,
    pub degs: Vec<u32>,
    pub floor: usize,
    pub done: Counters,
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
        let at = TreePosition::At(self.at.clone());
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
    pub fn count(mut self) -> Counters {
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

    /// Where the unit ends in the search's order (see [`TreePosition`]): the end of the search
    /// for the root, else just after its last branch.
    ///
    /// ```
    /// use dlx_core::{format::parse, TreePosition, Unit, UnitSearch};
    /// let p = parse("A B\nA\nB\nA B\n").unwrap(); // the root has 2 branches
    /// let first = Unit::Range { path: vec![], first: 1, last: 1 };
    /// assert_eq!(UnitSearch::new(&p, &first).unwrap().end(), TreePosition::At(vec![2]));
    /// let all = Unit::Range { path: vec![], first: 1, last: 9 };
    /// assert_eq!(UnitSearch::new(&p, &all).unwrap().end(), TreePosition::End);
    /// ```
    pub fn end(&self) -> TreePosition {
        match &self.unit {
            Unit::Root => TreePosition::End,
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
        Some(Cut {
            at: v.positions[..=deepest].to_vec(),
            degs: v.degrees[..=deepest].to_vec(),
            floor: v.floor,
            done: v.snapshots[deepest],
        })
    }

    /// The counts so far.
    pub(crate) fn counts(&self) -> Counters {
        self.search.unit_view().counters
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
        let closed_until = TreePosition::At(positions[..=level].to_vec());
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
        let closed = self.search.narrow(level, keep);
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

#[cfg(test)]
mod tests {
    use super::{Counters, Cut, Split, Unit, UnitSearch};
    use crate::engine::{Limits, Step};
    use crate::EngineChoice;

    /// A cut or split with its updates left out (each engine counts its own).
    fn without_updates(c: Counters) -> Counters {
        Counters { updates: 0, ..c }
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
            let plan = crate::split_units(&p, 12);
            for unit in plan.pending() {
                stops += stand_alike(&p, unit, step, after_solutions);
            }
            assert!(stops >= 10, "{stops} stops");
        }
    }
}
