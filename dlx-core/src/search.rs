//! The search loop: Knuth's Algorithms X/C and M as an explicit state machine over a level
//! stack, so that it can stop after any solution and resume, stop on a budget or a flag, and
//! start below a prefix of choices (a work unit).
//!
//! Algorithm X/C follows DLX1/DLX2 step for step, so its node and update counts equal
//! Knuth's: a node is counted each time a level is entered (X2) and once more per solution;
//! the chosen item is covered even when its list is empty (the search then backs up at
//! once); a solution is recognised right after an option's items are covered (X5), as DLX1
//! does.
//!
//! Algorithm M (multiplicities) follows TAOCP 7.2.2.1's Algorithm M with its `tweak` and
//! `untweak` operations; see `docs/architecture.md` for the branching rule.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::arena::{Arena, COVERED};
use crate::observer::{Observer, View};
use crate::problem::{ItemId, OptionId};
use crate::unit::{UnitError, UnitView};

/// Why a search stopped before it had explored the whole tree.
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver, StopReason};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let count = Solver::new(&p).with_solution_limit(1).count();
/// assert_eq!(count.stop, Some(StopReason::SolutionLimit));
/// assert!(!count.is_complete());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The node budget was spent.
    NodeBudget,
    /// The cancellation flag was raised.
    Cancelled,
    /// The requested number of solutions was found.
    SolutionLimit,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeBudget => "node budget spent",
            StopReason::Cancelled => "cancelled",
            StopReason::SolutionLimit => "solution limit reached",
        })
    }
}

/// What a run of the loop ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution is in the level stack; running again resumes after it.
    Solution,
    /// The whole (sub)tree has been explored.
    Exhausted,
    /// Stopped early; running again resumes where it stopped.
    Interrupted(StopReason),
}

/// Limits checked as levels are entered.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop once this many nodes have been visited.
    pub node_budget: u64,
    /// Stop soon after this flag is raised.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Count solutions without stopping at each (the run then ends only when the search
    /// is over or interrupted): for counting, where leaving and re-entering the loop at
    /// every one of q14's 365,596 solutions is a measurable cost. An observer still sees
    /// each solution.
    pub count_through: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            node_budget: u64::MAX,
            cancel: None,
            count_through: false,
        }
    }
}

impl Limits {
    #[inline]
    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether a search that has visited `nodes` nodes must stop before the next: the node
    /// budget is spent, or the cancellation flag is up (read every 1,024 nodes).
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Option<StopReason> {
        if nodes >= self.node_budget {
            return Some(StopReason::NodeBudget);
        }
        if nodes & 0x3ff == 0 && self.cancelled() {
            return Some(StopReason::Cancelled);
        }
        None
    }
}

/// M5's test: an item whose list has `len` options left, with slack `slack` and bound
/// `bound`, has too few options left to reach its lower bound (`LEN + SLACK ≤ BOUND`).
/// In 64 bits: bounds up to `u32::MAX` are legal, and `len + slack` in 32 bits wrapped
/// (`0:4294967295|A` counted 0 solutions instead of 4).
#[inline(always)]
pub(crate) fn too_few_left(len: u32, slack: u32, bound: u32) -> bool {
    u64::from(len) + u64::from(slack) <= u64::from(bound)
}

/// Where the loop resumes. The names are Knuth's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// X2/M2: enter a new level.
    Enter,
    /// X5/M5–M6: try the option `x_l` (or, in M, decide whether `x_l` may be tried).
    Try,
    /// X6/M7: undo `x_l` and move to the next option.
    TryAgain,
    /// X7/M8: restore the chosen item and leave the level.
    Restore,
    /// The search is over.
    Done,
}

/// Counters kept while searching.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
    pub profile: Vec<u64>,
}

/// The state of one search: its own copy of the links plus the level stack.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    arena: Arena,
    /// True when some item has multiplicity bounds: use Algorithm M.
    multiplicities: bool,
    /// True when some option colours an item (Algorithm C's purification is needed).
    colors: bool,
    /// `x_l`, the node tried at each level (an item header when its list is exhausted, or,
    /// in M, when the item gets no more options).
    choice: Vec<u32>,
    /// The item branched on at each level.
    item: Vec<u32>,
    /// `k` in "k of d": the position of `x_l` among the branches of its level (1-based);
    /// kept only when an observer or a work unit needs it.
    pos: Vec<u32>,
    /// `d` in "k of d": the number of branches at each level when it was entered (kept, like
    /// `pos`, only for observers and work units).
    deg: Vec<u32>,
    /// Algorithm M's `FT_l`: the first node tweaked at each level.
    first_tweaked: Vec<u32>,
    /// Work units only: the last branch (1-based) that this search may try at each level.
    last: Vec<u32>,
    /// Work units only: the counters (nodes, updates, solutions) when the branch now being
    /// tried at each level began, so that a unit can be split at a branch boundary.
    snapshot: Vec<[u64; 3]>,
    level: usize,
    /// The search ends when it backs up past this level (0 for a whole search).
    floor: usize,
    label: Label,
    counters: Counters,
    /// Options fixed before the search started (givens).
    preselected: Vec<OptionId>,
    /// How many levels of `choice` the last solution found occupies.
    solution_depth: usize,
    /// X3 stops looking at the first item with at most this many options (0: only an
    /// empty list ends the scan early, DLX1's rule exactly).
    branch_cutoff: u32,
    /// Options removed by a pruning observer ([`Observer::remove_options`]), as their first
    /// nodes, in the order removed (a trail, restored last-in first-out).
    removed: Vec<u32>,
    /// Where each level's removals begin in `removed`.
    removed_from: Vec<u32>,
    /// Scratch: the options an observer asks to remove at the current node.
    to_remove: Vec<OptionId>,
    /// Ends Algorithm X/C as soon as no level has an option left to try, without
    /// uncovering the path back to the root (the links are then left as they were at the
    /// last dead end; see [`run_xc`](Self::run_xc)). For searches whose links nobody reads
    /// afterwards: the solver's consuming answers (`count`, `first`, `unique`).
    end_without_unwinding: bool,
}

impl Search {
    pub fn new(arena: Arena) -> Search {
        let multiplicities = arena.layout.slack.iter().any(|&s| s != 0)
            || arena
                .bound
                .iter()
                .take(arena.layout.num_primary as usize + 1)
                .skip(1)
                .any(|&b| b != 1);
        let colors = arena.layout.has_colors;
        let depth = Self::initial_depth(&arena.layout, multiplicities);
        Search {
            arena,
            multiplicities,
            colors,
            choice: vec![0; depth],
            item: vec![0; depth],
            pos: vec![0; depth],
            deg: vec![0; depth],
            first_tweaked: vec![0; depth],
            last: vec![u32::MAX; depth],
            snapshot: vec![[0; 3]; depth],
            level: 0,
            floor: 0,
            label: Label::Enter,
            counters: Counters {
                profile: vec![0; depth],
                ..Counters::default()
            },
            preselected: Vec::new(),
            solution_depth: 0,
            branch_cutoff: 0,
            removed: Vec::new(),
            removed_from: vec![0; depth],
            to_remove: Vec::new(),
            end_without_unwinding: false,
        }
    }

    /// How many levels the stacks start with. Without multiplicities a solution takes at
    /// most `N1 / min_primary` options (each covers at least `min_primary` primary items
    /// that no other covers), and the stacks get that many levels plus the one a solution is
    /// counted at, if that is at most 256: so a Sudoku's stacks hold all 83 levels its
    /// searches can reach, and none grows during the search (the prebuilt search is cloned
    /// per puzzle, and growing it mid-search cost a reallocation per stack per puzzle).
    /// Otherwise 64 levels (or one per primary item, when fewer), and
    /// [`ensure_depth`](Self::ensure_depth) grows the stacks when a search goes deeper.
    fn initial_depth(layout: &crate::arena::Layout, multiplicities: bool) -> usize {
        let n1 = layout.num_primary as usize;
        let fallback = (n1 + 2).min(64);
        if multiplicities || layout.min_primary == 0 {
            return fallback;
        }
        let bound = n1 / layout.min_primary as usize + 2;
        if bound <= 256 {
            bound
        } else {
            fallback
        }
    }

    /// Makes room for `level + 1` (the level a solution is counted at).
    #[inline(always)]
    pub(crate) fn ensure_depth(&mut self, level: usize) {
        if level + 2 > self.choice.len() {
            self.grow(level);
        }
    }

    /// Makes room for deeper levels (rare: the stacks start 64 levels deep, or as deep as
    /// there are primary items when fewer).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, level: usize) {
        let n = (level + 2).max(self.choice.len() * 2);
        self.choice.resize(n, 0);
        self.item.resize(n, 0);
        self.pos.resize(n, 0);
        self.deg.resize(n, 0);
        self.first_tweaked.resize(n, 0);
        self.last.resize(n, u32::MAX);
        self.snapshot.resize(n, [0; 3]);
        self.removed_from.resize(n, 0);
        self.counters.profile.resize(n, 0);
    }

    /// Runs until the next solution, the end, or an interruption.
    pub fn run<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        match (self.multiplicities, self.colors, self.arena.tracks()) {
            (true, _, _) => self.run_m::<O, false>(obs, limits),
            (false, true, _) => self.run_xc::<O, false, true, false>(obs, limits),
            (false, false, false) => self.run_xc::<O, false, false, false>(obs, limits),
            (false, false, true) => self.run_xc::<O, false, false, true>(obs, limits),
        }
    }

    /// Like [`run`](Self::run), for a work unit: obeys the per-level limits in `last` and
    /// keeps the counter snapshots that splitting needs.
    pub fn run_unit<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        match (self.multiplicities, self.colors, self.arena.tracks()) {
            (true, _, _) => self.run_m::<O, true>(obs, limits),
            (false, true, _) => self.run_xc::<O, true, true, false>(obs, limits),
            (false, false, false) => self.run_xc::<O, true, false, false>(obs, limits),
            (false, false, true) => self.run_xc::<O, true, false, true>(obs, limits),
        }
    }

    /// Appends the options of the solution last found to `out`.
    pub fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.extend_from_slice(&self.preselected);
        for &x in &self.choice[..self.solution_depth] {
            if !self.arena.is_header(x) {
                out.push(self.arena.option_of(x));
            }
        }
    }

    /// A read-only view for observers at `level` (the levels above hold the partial solution).
    #[inline]
    fn view(&self, level: usize) -> View<'_> {
        View {
            arena: &self.arena,
            chosen: &self.choice[..level],
            preselected: &self.preselected,
        }
    }

    /// Asks a pruning observer whether the node at `level` may be explored (or, with
    /// `complete`, whether the solution just found counts).
    #[inline(always)]
    fn admits<O: Observer>(&self, obs: &mut O, level: usize, complete: bool) -> bool {
        !O::PRUNES || obs.admit(level, &self.view(level), complete)
    }

    /// After a pruning observer admitted the node at `level`: removes the options it names
    /// (those still live), recording them so that [`restore_removed`](Self::restore_removed)
    /// puts them back when the search leaves the level.
    #[inline(always)]
    fn remove_options<O: Observer>(&mut self, obs: &mut O, level: usize, updates: &mut u64) {
        if !O::PRUNES {
            return;
        }
        self.removed_from[level] = self.removed.len() as u32;
        let mut out = std::mem::take(&mut self.to_remove);
        out.clear();
        obs.remove_options(level, &self.view(level), &mut out);
        for &o in &out {
            // Skips options already gone (covered, hidden, purified away or named twice):
            // unlinking a node twice would corrupt the lists.
            if o.index() < self.arena.layout.option_first.len() && self.arena.option_is_live(o) {
                let first = self.arena.layout.option_first[o.index()];
                self.arena.remove_option(first, updates);
                self.removed.push(first);
            }
        }
        self.to_remove = out;
    }

    /// Puts back, last first, the options removed when `level` was entered.
    #[inline(always)]
    fn restore_removed<O: Observer>(&mut self, level: usize) {
        if !O::PRUNES {
            return;
        }
        let from = self.removed_from[level] as usize;
        while self.removed.len() > from {
            let first = self.removed.pop().expect("longer than from");
            self.arena.restore_option(first);
        }
    }

    #[inline]
    fn report_solution<O: Observer>(&mut self, obs: &mut O, level: usize, depth: usize) {
        self.solution_depth = depth;
        if O::WANTS_SOLUTIONS {
            let mut options = Vec::new();
            self.solution_into(&mut options);
            obs.solution(level, &options);
        }
    }

    /// Algorithm X with colours (Algorithm C), as DLX1 and DLX2 run it. With `TRACK` (no
    /// colours; see [`set_byte_lengths`](Self::set_byte_lengths)) the lengths are the
    /// bytes of `Arena::small`, and X3 reads them.
    fn run_xc<O: Observer, const UNIT: bool, const COLORS: bool, const TRACK: bool>(
        &mut self,
        obs: &mut O,
        limits: &Limits,
    ) -> Step {
        let mut updates = 0u64;
        let mut level = self.level;
        let mut label = self.label;
        let (mut x, mut i) = match label {
            Label::TryAgain | Label::Try | Label::Restore => (self.choice[level], self.item[level]),
            _ => (0, 0),
        };
        // Ending early: with nobody to watch the links afterwards, the search ends at the
        // first X6 or X7 after which no level has an option left; the uncovering back to
        // the root would only restore links about to be dropped. `last_from_root` counts
        // the levels, from the floor down, whose option being tried is the last of its
        // list: when it passes the current level, the search is over.
        let end_early = self.end_without_unwinding && !UNIT && !O::ENABLED && !O::PRUNES;
        let mut last_from_root = if end_early {
            self.levels_on_their_last_option(level, label == Label::TryAgain)
        } else {
            0
        };
        let step = loop {
            match label {
                Label::Enter => {
                    // X2: enter level l.
                    if let Some(reason) = limits.check(self.counters.nodes) {
                        break Step::Interrupted(reason);
                    }
                    self.ensure_depth(level);
                    self.counters.nodes += 1;
                    self.counters.profile[level] += 1;
                    if self.arena.items[0].right == 0 {
                        // No primary item left at the root (none at all, or the
                        // preselected options cover them all): this node is the one
                        // solution.
                        label = Label::Done;
                        if !self.admits(obs, level, true) {
                            break Step::Exhausted;
                        }
                        self.counters.solutions += 1;
                        self.report_solution(obs, level, level);
                        break Step::Solution;
                    }
                    if !self.admits(obs, level, false) {
                        // A side condition rejects this partial solution: back up.
                        if level == self.floor {
                            label = Label::Done;
                            break Step::Exhausted;
                        }
                        level -= 1;
                        x = self.choice[level];
                        i = self.item[level];
                        label = Label::TryAgain;
                        continue;
                    }
                    self.remove_options(obs, level, &mut updates);
                    // X3: choose i, the active item with the fewest options (leftmost).
                    let (best, len) = self.choose_fewest_with::<TRACK>();
                    i = best;
                    if O::ENABLED {
                        obs.choose(level, ItemId(i - 1), &self.view(level));
                    }
                    // X4: cover i (even when its list is empty, as DLX1 does).
                    self.arena.cover_with::<COLORS, TRACK>(i, &mut updates);
                    x = self.arena.nodes[i as usize].down;
                    self.choice[level] = x;
                    self.item[level] = i;
                    if UNIT || O::ENABLED {
                        // "k of d", for observers and for splitting work units only.
                        self.pos[level] = 1;
                        self.deg[level] = len;
                    }
                    if UNIT {
                        self.last[level] = u32::MAX;
                    }
                    label = Label::Try;
                }
                Label::Try => {
                    if x == i || (UNIT && self.pos[level] > self.last[level]) {
                        // Every option of i (that this unit owns) has been tried.
                        label = Label::Restore;
                        continue;
                    }
                    if UNIT {
                        let c = &self.counters;
                        self.snapshot[level] = [c.nodes, c.updates + updates, c.solutions];
                    }
                    // X5: try x_l.
                    if O::ENABLED {
                        let view = self.view(level);
                        let option = self.arena.option_of(x);
                        obs.try_option(level, option, self.pos[level], self.deg[level], &view);
                    }
                    if end_early
                        && last_from_root == level
                        && self.arena.nodes[x as usize].down == i
                    {
                        last_from_root = level + 1;
                    }
                    self.arena
                        .commit_others_with::<COLORS, TRACK>(x, &mut updates);
                    if self.arena.items[0].right == 0 {
                        // Every primary item is covered: visit a solution (a node of its
                        // own), then continue with X6.
                        self.counters.nodes += 1;
                        self.counters.profile[level + 1] += 1;
                        label = Label::TryAgain;
                        if !self.admits(obs, level + 1, true) {
                            continue;
                        }
                        self.counters.solutions += 1;
                        self.report_solution(obs, level, level + 1);
                        if !limits.count_through {
                            break Step::Solution;
                        }
                        continue;
                    }
                    level += 1;
                    label = Label::Enter;
                }
                Label::TryAgain => {
                    if end_early && last_from_root > level {
                        // x_l and every choice above it were the last of their lists.
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    // X6: try again: uncover the items of x_l, right to left.
                    if O::ENABLED {
                        obs.undo_option(level, self.arena.option_of(x));
                    }
                    self.arena.uncommit_others_with::<COLORS, TRACK>(x);
                    x = self.arena.nodes[x as usize].down;
                    self.choice[level] = x;
                    if UNIT || O::ENABLED {
                        self.pos[level] += 1;
                    }
                    label = Label::Try;
                }
                Label::Restore => {
                    if end_early && last_from_root >= level {
                        // Every choice above this level was the last of its list.
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    // X7: backtrack: uncover i.
                    self.arena.uncover_with::<COLORS, TRACK>(i);
                    if O::ENABLED {
                        obs.backtrack(level, ItemId(i - 1));
                    }
                    self.restore_removed::<O>(level);
                    // X8: leave level l.
                    if level == self.floor {
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    x = self.choice[level];
                    i = self.item[level];
                    label = Label::TryAgain;
                }
                Label::Done => break Step::Exhausted,
            }
        };
        self.level = level;
        self.label = label;
        self.counters.updates += updates;
        step
    }

    /// How many levels, from the floor down, are trying the last option of their list: the
    /// levels above `level`, and `level` itself if `tried` (its option has been tried).
    fn levels_on_their_last_option(&self, level: usize, tried: bool) -> usize {
        let end = if tried { level + 1 } else { level };
        let mut k = self.floor;
        while k < end && self.arena.nodes[self.choice[k] as usize].down == self.item[k] {
            k += 1;
        }
        k
    }

    /// Starts or stops keeping the lengths in the arena's bytes, which let X3 take one
    /// vectorised minimum over the primary items instead of walking the active items (see
    /// [`Solver::with_byte_lengths`](crate::Solver::with_byte_lengths)). Ignored for
    /// problems with colours or multiplicities, or with a list longer than 127. Only
    /// before the search starts (the 127 limit is checked on the lists as they are).
    pub fn set_byte_lengths(&mut self, on: bool) {
        debug_assert!(!on || self.counters.nodes == 0, "byte lengths mid-search");
        self.arena
            .set_tracking(on && !self.colors && !self.multiplicities);
    }

    /// The active primary item with the fewest options, ties to the leftmost, and its length;
    /// or the first item with at most [`branch_cutoff`](Self::branch_cutoff) options.
    #[inline(always)]
    pub(crate) fn choose_fewest(&self) -> (u32, u32) {
        if self.arena.tracks() {
            self.choose_fewest_with::<true>()
        } else {
            self.choose_fewest_with::<false>()
        }
    }

    /// [`choose_fewest`](Self::choose_fewest), reading the byte lengths if `BYTES` (they
    /// must be kept then); without, the byte scan is not even compiled in, so that the
    /// walking search's loop stays as small as it was (2.5 % fewer instructions on
    /// pent3x20 than with a run-time test).
    #[inline(always)]
    pub(crate) fn choose_fewest_with<const BYTES: bool>(&self) -> (u32, u32) {
        let items = &self.arena.items[..];
        let nodes = &self.arena.nodes[..];
        if BYTES {
            if let Some(chosen) = self.choose_by_bytes() {
                return chosen;
            }
        }
        let cutoff = self.branch_cutoff;
        let mut k = items[0].right;
        let mut best = k;
        let mut best_len = u32::MAX;
        while k != 0 {
            let len = nodes[k as usize].top;
            if len < best_len {
                best_len = len;
                best = k;
                if len <= cutoff {
                    break;
                }
            }
            k = items[k as usize].right;
        }
        (best, best_len)
    }

    /// [`choose_fewest`](Self::choose_fewest) from the arena's byte lengths, in two passes
    /// that need no walk: the least byte of the primary items (a reduction the compiler
    /// turns into vector minima; covered items' bytes are 128 or more), then the first byte
    /// at most `max(least, cutoff)`, eight at a time. The active primary items lie in the
    /// list of active items in index order, so the first such byte is the very item the
    /// walk would stop at. Returns the item and its length (its byte: it is active);
    /// `None` when no primary item is active.
    #[inline(always)]
    fn choose_by_bytes(&self) -> Option<(u32, u32)> {
        let n1 = self.arena.layout.num_primary as usize;
        // Item 0, the root, reads covered.
        let bytes = &self.arena.small[..n1 + 1];
        let least = bytes.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED {
            return None;
        }
        // A cutoff of 127 or more takes the first active item, as the walk does.
        let target = least.max(self.branch_cutoff.min(127) as u8);
        first_at_most(bytes, target).map(|i| (i as u32, u32::from(bytes[i])))
    }

    /// Algorithm M: exact cover with multiplicities and colours.
    fn run_m<O: Observer, const UNIT: bool>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        let mut updates = 0u64;
        let mut level = self.level;
        let mut label = self.label;
        let num_primary = self.arena.layout.num_primary;
        let layout = Arc::clone(&self.arena.layout);
        let slack = &layout.slack[..];
        let (mut x, mut i) = match label {
            Label::TryAgain | Label::Try | Label::Restore => (self.choice[level], self.item[level]),
            _ => (0, 0),
        };
        let step = loop {
            match label {
                Label::Enter => {
                    // M2: enter level l.
                    if let Some(reason) = limits.check(self.counters.nodes) {
                        break Step::Interrupted(reason);
                    }
                    self.ensure_depth(level);
                    self.counters.nodes += 1;
                    self.counters.profile[level] += 1;
                    if self.arena.items[0].right == 0 {
                        // No primary item left at the root (none at all, or the
                        // preselected options cover them all): this node is the one
                        // solution.
                        label = Label::Done;
                        if !self.admits(obs, level, true) {
                            break Step::Exhausted;
                        }
                        self.counters.solutions += 1;
                        self.report_solution(obs, level, level);
                        break Step::Solution;
                    }
                    if !self.admits(obs, level, false) {
                        // A side condition rejects this partial solution: back up.
                        if level == self.floor {
                            label = Label::Done;
                            break Step::Exhausted;
                        }
                        level -= 1;
                        x = self.choice[level];
                        i = self.item[level];
                        label = Label::TryAgain;
                        continue;
                    }
                    self.remove_options(obs, level, &mut updates);
                    // M3: choose i with the fewest branches θ = LEN + 1 − monus(BOUND, SLACK).
                    let (best, theta) = self.choose_fewest_branches();
                    i = best;
                    if O::ENABLED {
                        obs.choose(level, ItemId(i - 1), &self.view(level));
                    }
                    // M4: prepare to branch on i.
                    self.arena.bound[i as usize] -= 1;
                    if self.arena.bound[i as usize] == 0 {
                        self.arena.cover(i, &mut updates);
                    }
                    x = self.arena.nodes[i as usize].down;
                    self.choice[level] = x;
                    self.item[level] = i;
                    self.first_tweaked[level] = x;
                    self.pos[level] = 1;
                    self.deg[level] = theta.max(0) as u32;
                    if UNIT {
                        self.last[level] = u32::MAX;
                    }
                    label = Label::Try;
                }
                Label::Try => {
                    if UNIT {
                        if self.pos[level] > self.last[level] {
                            label = Label::Restore;
                            continue;
                        }
                        let c = &self.counters;
                        self.snapshot[level] = [c.nodes, c.updates + updates, c.solutions];
                    }
                    // M5: possibly tweak x_l.
                    let bound = self.arena.bound[i as usize];
                    let s = slack[i as usize];
                    if bound == 0 && s == 0 {
                        // i is covered for good: plain Algorithm X on its list.
                        if x == i {
                            label = Label::Restore;
                            continue;
                        }
                    } else {
                        // Too few options left to reach i's lower bound?
                        if too_few_left(self.arena.len(i), s, bound) {
                            label = Label::Restore;
                            continue;
                        }
                        if x != i {
                            self.tweak(x, i, bound != 0, &mut updates);
                        } else if bound != 0 {
                            // i's lower bound is met: give it no more options.
                            self.arena.unlink_item(i);
                        }
                    }
                    // M6: try x_l.
                    if x != i {
                        if O::ENABLED {
                            let view = self.view(level);
                            let option = self.arena.option_of(x);
                            obs.try_option(level, option, self.pos[level], self.deg[level], &view);
                        }
                        self.commit_others_m(x, num_primary, &mut updates);
                    } else if O::ENABLED {
                        obs.skip_item(level, ItemId(i - 1));
                    }
                    if self.arena.items[0].right == 0 {
                        self.counters.nodes += 1;
                        self.counters.profile[level + 1] += 1;
                        label = Label::TryAgain;
                        if !self.admits(obs, level + 1, true) {
                            continue;
                        }
                        self.counters.solutions += 1;
                        self.report_solution(obs, level, level + 1);
                        if !limits.count_through {
                            break Step::Solution;
                        }
                        continue;
                    }
                    level += 1;
                    label = Label::Enter;
                }
                Label::TryAgain => {
                    // M7: try again.
                    if x == i {
                        // Back from the branch that gave i no more options.
                        if self.arena.bound[i as usize] != 0 {
                            self.arena.relink_item(i);
                        }
                        label = Label::Restore;
                        continue;
                    }
                    if O::ENABLED {
                        obs.undo_option(level, self.arena.option_of(x));
                    }
                    self.uncommit_others_m(x, num_primary);
                    x = self.arena.nodes[x as usize].down;
                    self.choice[level] = x;
                    self.pos[level] += 1;
                    label = Label::Try;
                }
                Label::Restore => {
                    // M8: restore i.
                    let bound = self.arena.bound[i as usize];
                    if bound == 0 && slack[i as usize] == 0 {
                        self.arena.uncover(i);
                    } else {
                        self.untweak(level, i, bound != 0);
                        if bound == 0 {
                            self.arena.uncover(i);
                        }
                    }
                    self.arena.bound[i as usize] += 1;
                    if O::ENABLED {
                        obs.backtrack(level, ItemId(i - 1));
                    }
                    self.restore_removed::<O>(level);
                    // M9: leave level l.
                    if level == self.floor {
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    x = self.choice[level];
                    i = self.item[level];
                    label = Label::TryAgain;
                }
                Label::Done => break Step::Exhausted,
            }
        };
        self.level = level;
        self.label = label;
        self.counters.updates += updates;
        step
    }

    /// M3: the active primary item with the fewest branches
    /// `θ = LEN(i) + 1 − monus(BOUND(i), SLACK(i))`; among equals, DLX3's choice: the
    /// smaller slack, then the longer list, then the leftmost (which reproduces DLX3's
    /// node counts).
    pub(crate) fn choose_fewest_branches(&self) -> (u32, i64) {
        let items = &self.arena.items[..];
        let nodes = &self.arena.nodes[..];
        let slack = &self.arena.layout.slack[..];
        let bound = &self.arena.bound[..];
        let mut k = items[0].right;
        let mut best = k;
        let mut best_theta = i64::MAX;
        let mut best_slack = u32::MAX;
        let mut best_len = 0;
        while k != 0 {
            // θ = LEN + 1 − monus(BOUND, SLACK), with s = min(SLACK, BOUND) as DLX3 has it.
            let b = bound[k as usize];
            let s = slack[k as usize].min(b);
            let len = nodes[k as usize].top;
            let theta = i64::from(len) + 1 - i64::from(b - s);
            // DLX3's tie-break: the smaller slack, then the longer list, then the leftmost.
            if theta < best_theta
                || (theta == best_theta && (s < best_slack || (s == best_slack && len > best_len)))
            {
                best = k;
                best_theta = theta;
                best_slack = s;
                best_len = len;
            }
            k = items[k as usize].right;
        }
        (best, best_theta)
    }

    /// `tweak(x, i)`: take option `x` out of item `i`'s list for the rest of this level's
    /// subtree; with `hide` also out of every other item's list (when `i` is still active).
    pub(crate) fn tweak(&mut self, x: u32, i: u32, hide: bool, updates: &mut u64) {
        if hide {
            self.arena.hide(x, updates);
        }
        let nodes = &mut self.arena.nodes;
        let d = nodes[x as usize].down;
        nodes[i as usize].down = d;
        nodes[d as usize].up = i;
        nodes[i as usize].top -= 1;
        *updates += 1;
    }

    /// `untweak(l)`: put back the options tweaked out of `i`'s list at this level, in their
    /// order, and unhide them (last tweaked first) when they were hidden.
    fn untweak(&mut self, level: usize, i: u32, hidden: bool) {
        let first = self.first_tweaked[level];
        let nodes = &mut self.arena.nodes;
        let z = nodes[i as usize].down;
        if first == z {
            return;
        }
        nodes[i as usize].down = first;
        let mut y = i;
        let mut t = first;
        let mut k = 0;
        while t != z {
            nodes[t as usize].up = y;
            k += 1;
            y = t;
            t = nodes[t as usize].down;
        }
        nodes[z as usize].up = y;
        nodes[i as usize].top += k;
        if hidden {
            let mut t = y;
            while t != i {
                self.arena.unhide(t);
                t = self.arena.nodes[t as usize].up;
            }
        }
    }

    /// M6: for the other items of `x`'s option: a primary item's bound goes down (covered
    /// when it reaches 0); a secondary item is committed as in Algorithm C.
    pub(crate) fn commit_others_m(&mut self, x: u32, num_primary: u32, updates: &mut u64) {
        let mut p = x + 1;
        while p != x {
            let j = self.arena.nodes[p as usize].top;
            if j == 0 {
                p = self.arena.nodes[p as usize].up;
                continue;
            }
            if j <= num_primary {
                self.arena.bound[j as usize] -= 1;
                if self.arena.bound[j as usize] == 0 {
                    self.arena.cover(j, updates);
                }
            } else {
                self.arena.commit(p, updates);
            }
            p += 1;
        }
    }

    /// M7: undo [`commit_others_m`](Self::commit_others_m), right to left.
    fn uncommit_others_m(&mut self, x: u32, num_primary: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.arena.nodes[p as usize].top;
            if j == 0 {
                p = self.arena.nodes[p as usize].down;
                continue;
            }
            if j <= num_primary {
                if self.arena.bound[j as usize] == 0 {
                    self.arena.uncover(j);
                }
                self.arena.bound[j as usize] += 1;
            } else {
                self.arena.uncommit(p);
            }
            p -= 1;
        }
    }

    /// Fixes an option before the search starts, as if it had been chosen: its items are
    /// covered (or, in M, their bounds lowered) and it can't be chosen again.
    pub fn preselect(&mut self, option: OptionId) -> Result<(), crate::PreselectError> {
        if self.label != Label::Enter || self.level != 0 || self.counters.nodes != 0 {
            return Err(crate::PreselectError::AlreadyStarted);
        }
        if option.index() >= self.arena.layout.option_first.len() {
            return Err(crate::PreselectError::UnknownOption(option));
        }
        if !self.arena.option_is_live(option) {
            return Err(crate::PreselectError::Conflict(option));
        }
        let first = self.arena.layout.option_first[option.index()];
        let mut updates = 0;
        if self.multiplicities {
            // Take the option out of every list, then count it against its items.
            let num_primary = self.arena.layout.num_primary;
            self.arena.hide(first, &mut updates);
            let i = self.arena.nodes[first as usize].top;
            let n = self.arena.nodes[first as usize];
            self.arena.nodes[n.up as usize].down = n.down;
            self.arena.nodes[n.down as usize].up = n.up;
            self.arena.nodes[i as usize].top -= 1;
            let mut p = first;
            loop {
                let j = self.arena.nodes[p as usize].top;
                if j == 0 {
                    break;
                }
                if j <= num_primary {
                    if self.arena.bound[j as usize] == 0 {
                        return Err(crate::PreselectError::Conflict(option));
                    }
                    self.arena.bound[j as usize] -= 1;
                    if self.arena.bound[j as usize] == 0 {
                        self.arena.cover(j, &mut updates);
                    }
                } else {
                    self.arena.commit(p, &mut updates);
                }
                p += 1;
            }
        } else {
            let mut p = first;
            while self.arena.nodes[p as usize].top != 0 {
                self.arena.commit(p, &mut updates);
                p += 1;
            }
        }
        self.counters.updates += updates;
        self.preselected.push(option);
        Ok(())
    }
}

/// Work units (`unit.rs`): replaying a unit's path without counting, confining the search
/// below it, and reading or narrowing where it has got to. Units use the search only
/// through these methods.
impl Search {
    /// X2–X4 (or M2–M4) without counting: enter `level`, choose its item, cover it.
    pub(crate) fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        self.ensure_depth(level);
        if self.arena.items[0].right == 0 {
            return Err(UnitError::PathThroughLeaf { level });
        }
        let mut ignored = 0;
        let (i, d) = if self.multiplicities {
            let (i, theta) = self.choose_fewest_branches();
            self.arena.bound[i as usize] -= 1;
            if self.arena.bound[i as usize] == 0 {
                self.arena.cover(i, &mut ignored);
            }
            (i, theta.max(0) as u32)
        } else {
            let (i, len) = self.choose_fewest();
            self.arena.cover(i, &mut ignored);
            (i, len)
        };
        let x = self.arena.nodes[i as usize].down;
        self.choice[level] = x;
        self.item[level] = i;
        self.first_tweaked[level] = x;
        self.pos[level] = 1;
        self.deg[level] = d;
        self.last[level] = u32::MAX;
        self.level = level;
        Ok(())
    }

    /// Moves past `n` branches at `level` without exploring them (X6 without X5; in M, the
    /// tweaks of M5 are still made, since later branches depend on them).
    pub(crate) fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        let i = self.item[level];
        for _ in 0..n {
            let x = self.choice[level];
            let branch = self.pos[level];
            let no_branch = UnitError::NoSuchBranch { level, branch };
            if self.pos[level] >= self.deg[level] || x == i {
                return Err(no_branch);
            }
            if self.multiplicities {
                let bound = self.arena.bound[i as usize];
                let s = self.arena.layout.slack[i as usize];
                if !(bound == 0 && s == 0) {
                    if too_few_left(self.arena.len(i), s, bound) {
                        return Err(no_branch);
                    }
                    let mut ignored = 0;
                    self.tweak(x, i, bound != 0, &mut ignored);
                }
            }
            self.choice[level] = self.arena.nodes[x as usize].down;
            self.pos[level] += 1;
        }
        Ok(())
    }

    /// X5 (or M5–M6) without counting: take the current branch at `level` and go down.
    pub(crate) fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        let i = self.item[level];
        let x = self.choice[level];
        let mut ignored = 0;
        if self.multiplicities {
            let bound = self.arena.bound[i as usize];
            let s = self.arena.layout.slack[i as usize];
            if bound == 0 && s == 0 {
                if x == i {
                    return Err(UnitError::NoSuchBranch {
                        level,
                        branch: self.pos[level],
                    });
                }
            } else {
                if too_few_left(self.arena.len(i), s, bound) {
                    return Err(UnitError::NoSuchBranch {
                        level,
                        branch: self.pos[level],
                    });
                }
                if x != i {
                    self.tweak(x, i, bound != 0, &mut ignored);
                } else if bound != 0 {
                    self.arena.unlink_item(i);
                }
            }
            if x != i {
                let n1 = self.arena.layout.num_primary;
                self.commit_others_m(x, n1, &mut ignored);
            }
        } else {
            if x == i {
                return Err(UnitError::NoSuchBranch {
                    level,
                    branch: self.pos[level],
                });
            }
            self.arena.commit_others(x, &mut ignored);
        }
        if self.arena.items[0].right == 0 {
            return Err(UnitError::PathThroughLeaf { level: level + 1 });
        }
        Ok(())
    }

    /// Confines the search to the branches of `level` from the current one to `last`
    /// (1-based), with its counters at zero: it resumes at X5 there and ends when it backs
    /// up past `level`.
    pub(crate) fn confine(&mut self, level: usize, last: u32) {
        self.floor = level;
        self.level = level;
        self.last[level] = last;
        self.label = Label::Try;
        self.counters = Counters {
            profile: vec![0; self.choice.len()],
            ..Counters::default()
        };
    }

    /// Narrows the search to the branches of `level` up to `keep` and restarts its
    /// counters from the start of the branch now tried there (its snapshot), which it
    /// returns as `[nodes, updates, solutions]`: what the search had counted before.
    pub(crate) fn narrow(&mut self, level: usize, keep: u32) -> [u64; 3] {
        self.floor = level;
        self.last[level] = keep;
        let c = &mut self.counters;
        crate::unit::rebase_counters(
            &mut self.snapshot,
            level,
            [&mut c.nodes, &mut c.updates, &mut c.solutions],
            &mut c.profile,
        )
    }

    /// The counters so far.
    #[inline]
    pub(crate) fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Moves the profile out (the search is over with).
    pub(crate) fn take_profile(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.counters.profile)
    }

    /// True once the search is over.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.label == Label::Done
    }

    /// How many levels the stacks hold now.
    pub(crate) fn depth(&self) -> usize {
        self.choice.len()
    }

    /// See [`Solver::with_branch_cutoff`](crate::Solver::with_branch_cutoff).
    pub(crate) fn set_branch_cutoff(&mut self, len: u32) {
        self.branch_cutoff = len;
    }

    /// Lets Algorithm X/C end without unwinding (see the field).
    pub(crate) fn end_without_unwinding(&mut self) {
        self.end_without_unwinding = true;
    }

    /// Where the search stands, for a work unit's cut, split and progress.
    pub(crate) fn unit_view(&self) -> UnitView<'_> {
        let c = &self.counters;
        let level = self.level;
        let (entering, split_top, progress_top) = match self.label {
            Label::Enter => (Some(level), level.checked_sub(1), level.checked_sub(1)),
            // Every level up to this one has its branch under way, and its snapshot is
            // that branch's start.
            Label::TryAgain => (None, Some(level), Some(level)),
            Label::Try | Label::Restore => (None, None, Some(level.min(self.depth() - 1))),
            Label::Done => (None, None, None),
        };
        UnitView {
            counters: [c.nodes, c.updates, c.solutions],
            done: self.is_done(),
            floor: self.floor,
            last: self.last[self.floor],
            positions: &self.pos,
            degrees: &self.deg,
            snapshots: &self.snapshot,
            entering,
            split_top,
            progress_top,
        }
    }
}

/// The index of the first byte at most `target`. Eight bytes at a time when `target` is
/// below 128, with the "has a byte less than n" word trick: `(x - n·0x01…01) & !x &
/// 0x80…80` flags every byte below `n` that no lower byte borrowed into, so its lowest
/// flag is exact (a borrow only starts at a byte below `n`).
/// (X3 never asks for 128 or more: lengths have seven bits.)
pub(crate) fn first_at_most(bytes: &[u8], target: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if target >= 128 {
        // The word trick needs `target + 1 <= 128`.
        return bytes.iter().position(|&b| b <= target);
    }
    let below = ONES * (u64::from(target) + 1);
    let mut words = bytes.chunks_exact(8);
    for (w, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let hits = x.wrapping_sub(below) & !x & HIGHS;
        if hits != 0 {
            return Some(w * 8 + (hits.trailing_zeros() / 8) as usize);
        }
    }
    let tail = bytes.len() - words.remainder().len();
    let k = words.remainder().iter().position(|&b| b <= target)?;
    Some(tail + k)
}

#[cfg(test)]
mod tests {
    use super::{Label, Limits, Search, Step};
    use crate::arena::Arena;
    use crate::{Observer, OptionId, ProblemBuilder, Solver, View};

    /// Removes, at every node, every live option whose index is odd and below the level's
    /// square: arbitrary, level-dependent, and not always sound (so counts may drop); what
    /// is tested is that the lists come back as they were.
    struct RemoveOdd;
    impl Observer for RemoveOdd {
        const PRUNES: bool = true;
        fn remove_options(&mut self, level: usize, view: &View<'_>, out: &mut Vec<OptionId>) {
            let below = ((level + 1) * (level + 1)).min(view.arena.layout.option_first.len());
            out.extend((1..below).step_by(2).map(|k| OptionId::new(k as u32)));
            // Named twice: the second is no longer live and must be skipped.
            out.extend((1..below).step_by(2).map(|k| OptionId::new(k as u32)));
        }
    }

    #[test]
    fn removed_options_are_restored_as_the_search_backs_up() {
        // Colours and multiplicities, so that both loops run.
        let text = "| demo\nA B C D | x y\nA x:1\nA B x:2\nB C\nC D y:1\nD y:2\nA D\nB x:1\nC\nD\n";
        let mult = "| demo\n1:2|A B 0:3|C | x\nA x:1\nA B\nB C x:1\nC\nA\nB x:2\nC A\n";
        for text in [text, mult] {
            let p = crate::format::parse(text).unwrap();
            let fresh = Arena::new(&p);
            let (_, _, search) = run_to_the_end(Search::new(fresh.clone()), &mut RemoveOdd, false);
            assert!(search.removed.is_empty());
            assert_eq!(search.arena.nodes, fresh.nodes, "{text}");
            assert_eq!(search.arena.items, fresh.items, "{text}");
            assert_eq!(search.arena.colors, fresh.colors, "{text}");
        }
    }

    #[test]
    fn a_root_with_no_primary_item_left_is_one_node_in_the_profile() {
        // Preselecting "a b" leaves nothing to choose; a problem with only secondary
        // items has nothing to choose either. Either way the root is the one solution.
        let covered = crate::format::parse("a b\na\nb\na b\n").unwrap();
        let mut b = ProblemBuilder::new();
        let x = b.add_secondary("x").unwrap();
        b.add_option([x]).unwrap();
        let secondary_only = b.build().unwrap();
        for (problem, preselect) in [(&covered, Some(2)), (&secondary_only, None)] {
            let mut solver = Solver::new(problem);
            if let Some(o) = preselect {
                solver.preselect(OptionId::new(o)).unwrap();
            }
            let count = solver.count();
            assert_eq!(count.solutions, 1, "{problem:?}");
            assert_eq!(count.stats.nodes, 1);
            assert_eq!(count.stats.profile, [1]);
        }
    }

    /// A random problem: `n1` primary items, three secondary ones, `options` options of
    /// one to four distinct items each (a small linear congruential generator, so that the
    /// test is the same on every run).
    fn random_problem(seed: u64, n1: usize, options: usize) -> crate::Problem {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as usize) % bound
        };
        let mut b = ProblemBuilder::new();
        let primary: Vec<_> = (0..n1)
            .map(|k| b.add_primary(format!("p{k}")).unwrap())
            .collect();
        let secondary: Vec<_> = (0..3)
            .map(|k| b.add_secondary(format!("s{k}")).unwrap())
            .collect();
        for _ in 0..options {
            let size = 1 + next(4);
            let mut items = vec![primary[next(n1)]];
            while items.len() < size {
                let item = if next(4) == 0 {
                    secondary[next(3)]
                } else {
                    primary[next(n1)]
                };
                if !items.contains(&item) {
                    items.push(item);
                }
            }
            b.add_option(items).unwrap();
        }
        b.build().unwrap()
    }

    /// The `seed`th random case of the byte-length tests: 1 to 40 primary items (so over
    /// word boundaries), three options per item, and `extra + seed % 3` givens.
    fn random_case(seed: u64, extra: u32) -> (crate::Problem, Vec<OptionId>) {
        let n1 = 1 + (seed as usize * 7) % 40;
        let givens = (0..extra + (seed % 3) as u32)
            .map(|k| OptionId::new(k * 5))
            .collect();
        (random_problem(seed, n1, n1 * 3), givens)
    }

    /// Counts with a branch cutoff, X3 reading the byte lengths or (`walk`) walking the list.
    fn count_with_cutoff(
        p: &crate::Problem,
        cutoff: u32,
        givens: &[OptionId],
        walk: bool,
    ) -> Option<(u64, u64, u64, Vec<u64>)> {
        let mut solver = Solver::new(p)
            .with_branch_cutoff(cutoff)
            .with_byte_lengths(!walk);
        for &option in givens {
            solver.preselect(option).ok()?;
        }
        let count = solver.count();
        let s = count.stats;
        Some((s.solutions, s.nodes, s.updates, s.profile))
    }

    #[test]
    fn byte_lengths_choose_the_item_the_walk_chooses() {
        // Same tree (nodes, updates, profile) with the byte lengths as with the walk, over
        // chunk boundaries (1 to 40 primary items), with and without givens.
        let mut tracked = 0;
        for seed in 0..120u64 {
            let (p, givens) = random_case(seed, 0);
            let solver = Solver::new(&p).with_byte_lengths(true);
            assert!(solver.engine.search.arena.tracks());
            for cutoff in 0..=3 {
                let bytes = count_with_cutoff(&p, cutoff, &givens, false);
                let walk = count_with_cutoff(&p, cutoff, &givens, true);
                assert_eq!(bytes, walk, "seed {seed}, cutoff {cutoff}");
                tracked += bytes.is_some() as u32;
            }
        }
        assert!(tracked > 400, "most givens are compatible: {tracked}");
    }

    #[test]
    fn byte_lengths_turned_on_after_the_givens_know_them() {
        // One to three givens fixed first, the bytes turned on after: the givens' items
        // must read as covered, or X3 would choose them again.
        let mut compared = 0;
        for seed in 0..120u64 {
            let (p, givens) = random_case(seed, 1);
            for cutoff in 0..=3 {
                let Some(walk) = count_with_cutoff(&p, cutoff, &givens, true) else {
                    continue;
                };
                let mut late = Solver::new(&p).with_branch_cutoff(cutoff);
                for &given in &givens {
                    late.preselect(given).unwrap();
                }
                let late = late.with_byte_lengths(true);
                assert!(late.engine.search.arena.tracks());
                let s = late.count().stats;
                assert_eq!(
                    (s.solutions, s.nodes, s.updates, s.profile),
                    walk,
                    "seed {seed}, cutoff {cutoff}"
                );
                compared += 1;
            }
        }
        assert!(compared > 200, "{compared}");
    }

    #[test]
    fn pruning_observers_see_the_same_tree_with_byte_lengths() {
        // Removed options change lengths through `change_len`: the bytes must follow,
        // and the arena must come back whole.
        for seed in 0..60u64 {
            let (p, _) = random_case(seed, 0);
            for cutoff in 0..=2 {
                let walk = Solver::new(&p)
                    .with_branch_cutoff(cutoff)
                    .count_observed(&mut RemoveOdd)
                    .stats;
                let bytes = Solver::new(&p)
                    .with_branch_cutoff(cutoff)
                    .with_byte_lengths(true)
                    .count_observed(&mut RemoveOdd)
                    .stats;
                assert_eq!(
                    (walk.solutions, walk.nodes, walk.updates, walk.profile),
                    (bytes.solutions, bytes.nodes, bytes.updates, bytes.profile),
                    "seed {seed}, cutoff {cutoff}"
                );
            }
            let fresh = Arena::new(&p);
            let mut search = Search::new(fresh.clone());
            search.set_byte_lengths(true);
            let (_, _, mut search) = run_to_the_end(search, &mut RemoveOdd, false);
            search.set_byte_lengths(false);
            assert_eq!(search.arena.nodes, fresh.nodes, "seed {seed}");
            assert_eq!(search.arena.items, fresh.items, "seed {seed}");
        }
    }

    #[test]
    fn byte_lengths_are_not_kept_with_colours_or_multiplicities() {
        for text in ["A B | x\nA x:1\nB x:2\nA B\n", "1:2|A B\nA\nA B\nB\n"] {
            let p = crate::format::parse(text).unwrap();
            let solver = Solver::new(&p).with_byte_lengths(true);
            assert!(!solver.engine.search.arena.tracks(), "{text}");
        }
    }

    #[test]
    fn the_word_trick_finds_the_first_byte_at_most_the_target() {
        // Every position of the first hit, every target, bytes above and below 128 before
        // it and anything after it (borrows run upwards: only the lowest flag is exact).
        let fill = [255u8, 254, 200, 128, 127, 9, 3];
        for len in 0..20 {
            for target in [0u8, 1, 2, 8, 126, 127, 128, 200, 253] {
                for hit in 0..=len {
                    let mut bytes: Vec<u8> = (0..len)
                        .map(|k| {
                            let b = fill[k % fill.len()];
                            if k < hit && b <= target {
                                255
                            } else {
                                b
                            }
                        })
                        .collect();
                    if hit < len {
                        bytes[hit] = target;
                    }
                    let want = bytes.iter().position(|&b| b <= target);
                    assert_eq!(
                        super::first_at_most(&bytes, target),
                        want,
                        "{bytes:?} {target}"
                    );
                }
            }
        }
    }

    #[test]
    fn byte_lengths_need_lists_of_at_most_127() {
        // Items `a` and `c` with `len` options each and `d` with two: byte lengths only
        // when every list fits in seven bits, and the same tree as the walk for every
        // cutoff, including those past the longest list.
        for (len, kept) in [(127, true), (128, false)] {
            let mut b = ProblemBuilder::new();
            let [a, c, d] = ["a", "c", "d"].map(|n| b.add_primary(n).unwrap());
            for item in [a, c] {
                for _ in 0..len {
                    b.add_option([item]).unwrap();
                }
            }
            b.add_option([d]).unwrap();
            b.add_option([d]).unwrap();
            let p = b.build().unwrap();
            let solver = Solver::new(&p).with_byte_lengths(true);
            assert_eq!(solver.engine.search.arena.tracks(), kept, "len {len}");
            for cutoff in [0, 1, 2, 126, 127, 128, 300] {
                let bytes = count_with_cutoff(&p, cutoff, &[], false).unwrap();
                let walk = count_with_cutoff(&p, cutoff, &[], true).unwrap();
                assert_eq!(bytes, walk, "len {len}, cutoff {cutoff}");
                assert_eq!(bytes.0, 2 * len * len);
            }
        }
    }

    /// Records, at each X3, the chosen item and every active item's length as a view
    /// reads it.
    #[derive(Default)]
    struct Lengths(Vec<(usize, crate::ItemId, Vec<u32>)>);
    impl Observer for Lengths {
        fn choose(&mut self, level: usize, item: crate::ItemId, view: &View<'_>) {
            let lens = view.active_items().map(|i| view.len(i)).collect();
            self.0.push((level, item, lens));
        }
    }

    #[test]
    fn observers_read_the_same_lengths_from_the_bytes() {
        let p = random_problem(5, 20, 60);
        let mut walk = Lengths::default();
        Solver::new(&p).count_observed(&mut walk);
        let mut bytes = Lengths::default();
        Solver::new(&p)
            .with_byte_lengths(true)
            .count_observed(&mut bytes);
        assert!(walk.0.len() > 10);
        assert_eq!(walk.0, bytes.0);
    }

    #[test]
    fn byte_lengths_given_up_write_the_lengths_back() {
        let p = random_problem(11, 25, 70);
        let fresh = Arena::new(&p);
        // After a whole search, and after givens.
        let mut search = Search::new(fresh.clone());
        search.set_byte_lengths(true);
        assert!(search.arena.tracks());
        let (_, _, mut search) = run_to_the_end(search, &mut crate::NoObserver, false);
        search.set_byte_lengths(false);
        assert_eq!(search.arena.nodes, fresh.nodes);
        assert_eq!(search.arena.items, fresh.items);
        let mut early = Solver::new(&p).with_byte_lengths(true);
        early.preselect(OptionId::new(1)).unwrap();
        let early = early.with_byte_lengths(false).count().stats;
        let walk = count_with_cutoff(&p, 0, &[OptionId::new(1)], true).unwrap();
        assert_eq!(
            (early.solutions, early.nodes, early.updates, early.profile),
            walk
        );
    }

    #[test]
    fn searches_deeper_than_the_first_stacks_grow_them() {
        // 150 items, each alone in an option, plus one option with the first two: a strip
        // of 150 cells tiled by monominoes and one optional domino, searched 150 levels
        // deep (149 with the domino).
        let mut b = ProblemBuilder::new();
        let items: Vec<_> = (0..150)
            .map(|k| b.add_primary(format!("i{k}")).unwrap())
            .collect();
        for &item in &items {
            b.add_option([item]).unwrap();
        }
        b.add_option([items[0], items[1]]).unwrap();
        let p = b.build().unwrap();
        let count = Solver::new(&p).count();
        assert_eq!(count.solutions, 2);
        assert_eq!(
            count.stats.profile.len(),
            151,
            "levels 0..=149, solutions one deeper"
        );
        assert_eq!(count.stats.profile[150], 1);
    }

    /// Runs a whole search with an observer, returning every solution (as it is found), the
    /// counters and the search itself; `count_through` as counting runs it.
    fn run_to_the_end<O: Observer>(
        mut search: Search,
        obs: &mut O,
        count_through: bool,
    ) -> (Vec<Vec<OptionId>>, super::Counters, Search) {
        let limits = Limits {
            count_through,
            ..Limits::default()
        };
        let mut solutions = Vec::new();
        while search.run(obs, &limits) == Step::Solution {
            let mut options = Vec::new();
            search.solution_into(&mut options);
            solutions.push(options);
        }
        assert_eq!(search.label, Label::Done);
        (solutions, search.counters.clone(), search)
    }

    #[test]
    fn ending_without_unwinding_changes_no_answer_and_no_count() {
        let colours = "A B C D | x y\nA x:1\nA B x:2\nB C\nC D y:1\nD y:2\nA D\nB x:1\nC\nD\n";
        let coloured = crate::format::parse(colours).unwrap();
        let mut left_dirty = 0;
        for seed in 0..120u64 {
            let (p, givens) = if seed == 0 {
                (coloured.clone(), Vec::new())
            } else {
                random_case(seed, 0)
            };
            for (bytes, count_through) in [(false, false), (true, false), (false, true)] {
                let fresh = || {
                    let mut solver = Solver::new(&p);
                    for &g in &givens {
                        if solver.preselect(g).is_err() {
                            return None;
                        }
                    }
                    let mut search = solver.engine.search;
                    search.set_byte_lengths(bytes);
                    Some(search)
                };
                let Some(unwinding) = fresh() else { break };
                let given = unwinding.arena.clone();
                let (want, want_counts, restored) =
                    run_to_the_end(unwinding, &mut crate::NoObserver, count_through);
                assert_eq!(restored.arena.nodes, given.nodes, "seed {seed}");
                let mut early = fresh().expect("the same givens");
                early.end_without_unwinding = true;
                let (got, got_counts, ended) =
                    run_to_the_end(early, &mut crate::NoObserver, count_through);
                assert_eq!(got, want, "seed {seed}, bytes {bytes}");
                assert_eq!(got_counts, want_counts, "seed {seed}, bytes {bytes}");
                if ended.arena.nodes != given.nodes {
                    left_dirty += 1;
                }
            }
        }
        // The point: most searches end with links still covered.
        assert!(left_dirty > 100, "{left_dirty} searches ended early");
    }

    #[test]
    fn a_search_that_needs_no_unwinding_stops_at_its_last_dead_end() {
        // One solution, {a} then {b}, both forced: the search is over right after it.
        let p = crate::format::parse("a b\na\nb\n").unwrap();
        let fresh = Search::new(Arena::new(&p));
        let (solutions, counts, restored) =
            run_to_the_end(fresh.clone(), &mut crate::NoObserver, false);
        assert_eq!((solutions.len(), counts.nodes), (1, 3));
        assert_eq!(restored.arena.items[0].right, 1, "a is back in the list");
        let mut early = fresh;
        early.end_without_unwinding = true;
        let (solutions, counts, ended) = run_to_the_end(early, &mut crate::NoObserver, false);
        assert_eq!((solutions.len(), counts.nodes), (1, 3));
        assert_eq!(ended.arena.items[0].right, 0, "a and b still covered");
        // Solver's consuming answers end so; its iterator restores the links.
        assert_eq!(Solver::new(&p).count().solutions, 1);
        assert!(matches!(
            Solver::new(&p).unique(),
            crate::Uniqueness::Unique(_)
        ));
    }

    #[test]
    fn stacks_start_as_deep_as_a_search_without_multiplicities_can_go() {
        for seed in 1..120u64 {
            let (p, _) = random_case(seed, 0);
            let search = Search::new(Arena::new(&p));
            let depth = search.choice.len();
            let (_, _, searched) = run_to_the_end(search, &mut crate::NoObserver, true);
            assert_eq!(searched.choice.len(), depth, "seed {seed}: the stacks grew");
        }
        // The 9×9 Sudoku: 324 items, four in each option: 81 levels, and one for a solution.
        let mut b = ProblemBuilder::new();
        let items: Vec<_> = (0..324)
            .map(|k| b.add_primary(format!("i{k}")).unwrap())
            .collect();
        for cell in 0..81 {
            for d in 0..9 {
                let (r, c) = (cell / 9, cell % 9);
                let bx = (r / 3) * 3 + c / 3;
                b.add_option([
                    items[cell],
                    items[81 + r * 9 + d],
                    items[162 + c * 9 + d],
                    items[243 + bx * 9 + d],
                ])
                .unwrap();
            }
        }
        let sudoku = b.build().unwrap();
        assert_eq!(Search::new(Arena::new(&sudoku)).choice.len(), 83);
        // With multiplicities a level may choose no option: 64 levels, grown on demand.
        let mult = crate::format::parse("1:2|A B 0:3|C | x\nA x:1\nA B\nB C x:1\nC\n").unwrap();
        assert_eq!(Search::new(Arena::new(&mult)).choice.len(), 5);
    }

    #[test]
    fn bounds_up_to_u32_max_do_not_wrap() {
        // Issue 25: `LEN + SLACK` wrapped in 32 bits, so an item with bounds 0:2^32-1 and two
        // options counted 0 solutions instead of 4 (any subset of the two options).
        for (text, expected) in [
            ("0:4294967295|A\nA\nA\n", 4),
            ("0:3|A\nA\nA\n", 4),
            ("0:4294967295|A\nA\nA\nA\n", 8),
            ("4294967295:4294967295|A\nA\nA\n", 0),
            ("2:4294967295|A B\nA\nA B\nA\n", 3),
            ("2:3|A B\nA\nA B\nA\n", 3),
        ] {
            let p = crate::format::parse(text).unwrap();
            assert_eq!(Solver::new(&p).count().solutions, expected, "{text:?}");
            // Work units replay the same test (M5) when they pass branches.
            let plan = crate::split_units(&p, 4);
            plan.check(&p).unwrap();
            let mut total = plan.totals().unwrap();
            for unit in plan.pending() {
                total += crate::UnitSearch::new(&p, unit).unwrap().count();
            }
            assert_eq!(total.solutions, expected, "{text:?} in units");
        }
    }
}
