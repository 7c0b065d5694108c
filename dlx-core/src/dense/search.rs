//! The dense engine's search loop: Algorithm X/C whose state at each level (tallies, live
//! options, colours fixed) is a copy of the level above with one option applied (or, below
//! a level trying its only or last option, that level's own state with it applied), so that
//! backtracking undoes nothing.

use std::sync::Arc;

use super::apply::{with_applier, Apply, ByCounts, PrimaryRows};
use super::layout::{DenseLayout, ACTIVE_WORDS};
use super::popcnt;
use super::tally::Tally;
use crate::engine::PreselectError;
use crate::engine::{Counters, Limits, Step, UnitError, UnitView};
use crate::problem::OptionId;

/// Where the loop is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// X2, X3: enter the current level and choose its item.
    Enter,
    /// X5: try the chosen item's next live option, or leave the level when none is left.
    Next,
    /// X8: leave the current level.
    Up,
    /// The whole tree has been explored.
    Done,
}

/// One level: the options of its item still to try, and the option being tried.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The live options of the item in word `mask_word[mask - 1]` not tried yet.
    bits: u64,
    /// The next index into the layout's `mask_word` to look at.
    mask: u32,
    /// One past the item's last index there.
    end: u32,
    /// The option being tried.
    option: u32,
    /// The state this level chooses from and walks its item's options in.
    state: u32,
    /// True when the item had a single live option: applied in place, to `state` itself,
    /// since nothing at this level needs the state before it again.
    forced: bool,
}

impl Level {
    /// True when no option of the level's item is left to try.
    #[inline(always)]
    fn exhausted(&self) -> bool {
        self.bits == 0 && self.mask == self.end
    }
}

/// The search state: states, levels, counters. Level `l` reads state `levels[l].state`;
/// a level with several options to try copies it down one place before applying one, a
/// level trying its single (forced) or last option applies it in place, so states are never
/// more than levels plus one.
#[derive(Debug)]
pub(crate) struct DenseSearch<T: Tally> {
    pub layout: Arc<DenseLayout>,
    /// State `s`'s tallies: `tallies[s * n..(s + 1) * n]`, `n` the layout's `tally_stride`:
    /// one per primary item (secondary items are never chosen, so they need none), then
    /// covered ones up to a whole chunk.
    tallies: Vec<T>,
    /// State `s`'s live options: `live[s * words..(s + 1) * words]`, one bit an option.
    live: Vec<u64>,
    /// State `s`'s colours fixed on secondary items (0: none), when there are colours.
    fixed: Vec<u32>,
    levels: Vec<Level>,
    level: usize,
    /// The state of the current level.
    state: usize,
    pub label: Label,
    pub preselected: Vec<OptionId>,
    /// While options preselected through the clash tables have killed options without
    /// lowering the tallies: how many options were live at the root before them. The
    /// tallies are then counted afresh, once, before the search starts
    /// ([`count_tallies`](Self::count_tallies)); `None` when they are up to date.
    pending: Option<u64>,
    pub nodes: u64,
    updates: u64,
    pub solutions: u64,
    pub profile: Vec<u64>,
    /// Work units only (see [`run_unit`](Self::run_unit)): the search ends when it backs
    /// up past this level (0 for a whole search).
    floor: usize,
    /// Work units only: the last branch (1-based) the search may take at the floor.
    last: u32,
    /// Work units only: each level's branch, branches and counters at the branch's start.
    book: Book,
}

/// A work unit's bookkeeping, per level (kept apart from the states so that the loop can
/// write it while it holds a state's slices).
#[derive(Clone, Debug, Default)]
struct Book {
    /// The branches taken so far (the current one's number, 1-based: the k-th live
    /// option of the level's item in input order, as the links engine numbers them; 0
    /// before the first).
    pos: Vec<u32>,
    /// The level's branches (its item's live options) when it was entered.
    deg: Vec<u32>,
    /// The counters (nodes, updates, solutions) when the branch now taken there began.
    snapshot: Vec<Counters>,
}

impl Book {
    /// `level` just entered with `branches` branches: none taken yet, or (`forced`) its
    /// only one, taken now with the counters `counters`.
    #[inline(always)]
    fn enter(&mut self, level: usize, branches: u32, forced: bool, counters: Counters) {
        if level >= self.pos.len() {
            self.grow(level);
        }
        self.pos[level] = u32::from(forced);
        self.deg[level] = branches;
        self.snapshot[level] = counters;
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, level: usize) {
        let n = (level + 1).max(64).max(2 * self.pos.len());
        self.pos.resize(n, 0);
        self.deg.resize(n, 0);
        self.snapshot.resize(n, Counters::default());
    }
}

impl<T: Tally> Clone for DenseSearch<T> {
    /// A copy of the search. Before it starts (a template with givens fixed), only the root
    /// state is copied, with room for as many levels as the search can go deep.
    fn clone(&self) -> Self {
        let l = &self.layout;
        // A template has not started and has no path (a unit's replayed path is kept).
        let whole = self.nodes != 0 || !self.levels.is_empty();
        let depth = self.depth_bound();
        DenseSearch {
            layout: Arc::clone(l),
            tallies: root_or_all(&self.tallies, l.tally_stride, depth, whole),
            live: root_or_all(&self.live, l.words, depth, whole),
            fixed: root_or_all(&self.fixed, l.fixed_stride(), depth, whole),
            levels: if whole {
                self.levels.clone()
            } else {
                Vec::with_capacity(depth)
            },
            level: self.level,
            state: self.state,
            label: self.label,
            preselected: with_room(&self.preselected, depth),
            pending: self.pending,
            nodes: self.nodes,
            updates: self.updates,
            solutions: self.solutions,
            // Zeros at the levels the search may reach, so that it seldom grows; the
            // answers trim them.
            profile: {
                let mut profile = with_room(&self.profile, depth);
                profile.resize(profile.len().max(depth), 0);
                profile
            },
            floor: self.floor,
            last: self.last,
            book: self.book.clone(),
        }
    }
}

/// The options live in `live`.
fn count_live(live: &[u64]) -> u64 {
    live.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// A copy of `v` with room for `room` elements, so that a search copied from a template
/// grows it without reallocating.
fn with_room<V: Copy>(v: &[V], room: usize) -> Vec<V> {
    let mut copy = Vec::with_capacity(v.len().max(room));
    copy.extend_from_slice(v);
    copy
}

/// The first state of `v` (`stride` elements) with room for `depth` states, or all of `v`
/// when `whole`.
fn root_or_all<V: Copy>(v: &[V], stride: usize, depth: usize, whole: bool) -> Vec<V> {
    let keep = if whole { v.len() } else { stride };
    let mut copy = Vec::with_capacity(keep.max(depth * stride));
    copy.extend_from_slice(&v[..keep]);
    copy
}

impl<T: Tally> DenseSearch<T> {
    /// A search at the root of `layout`'s problem.
    pub fn new(layout: Arc<DenseLayout>) -> Self {
        let n = layout.num_primary;
        let tallies = (0..layout.tally_stride)
            .map(|k| {
                if k < n {
                    T::of(layout.item_range(k as u32).len(), k)
                } else {
                    T::COVERED
                }
            })
            .collect();
        let mut live = vec![u64::MAX; layout.words];
        if layout.num_options % 64 != 0 {
            live[layout.words - 1] = (1u64 << (layout.num_options % 64)) - 1;
        }
        let mut fixed = vec![0; layout.fixed_stride()];
        if layout.counts_at_x3() {
            // Every primary item active.
            let active = u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
            let a = fixed.len() - ACTIVE_WORDS;
            fixed[a] = active as u32;
            fixed[a + 1] = (active >> 32) as u32;
        }
        DenseSearch {
            layout,
            tallies,
            live,
            fixed,
            levels: Vec::new(),
            level: 0,
            state: 0,
            label: Label::Enter,
            preselected: Vec::new(),
            pending: None,
            nodes: 0,
            updates: 0,
            solutions: 0,
            profile: Vec::new(),
            floor: 0,
            last: u32::MAX,
            book: Book::default(),
        }
    }

    /// States the search may need: one per level it can reach, plus the root and one to
    /// spare (each level covers at least `fewest_primary` primary items), up to 256; deeper
    /// searches grow their stacks.
    fn depth_bound(&self) -> usize {
        (self.layout.num_primary / self.layout.fewest_primary + 2).min(256)
    }

    /// True when option `o` is live at the root.
    fn is_live_at_root(&self, o: u32) -> bool {
        self.live[o as usize / 64] >> (o % 64) & 1 == 1
    }

    /// Fixes option `option` before the search starts.
    pub fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        if self.label != Label::Enter || self.level != 0 || self.nodes != 0 {
            return Err(PreselectError::AlreadyStarted);
        }
        if option.index() >= self.layout.num_options {
            return Err(PreselectError::UnknownOption(option));
        }
        if !self.is_live_at_root(option.0) {
            return Err(PreselectError::Conflict(option));
        }
        let layout = &*self.layout;
        if layout.has_colors || !layout.has_clashes() || layout.counts_at_x3() {
            self.apply(0, option.0);
        } else {
            // Only the live set and the covers now: a Sudoku's givens kill hundreds of
            // options between them, more than stay live, so the tallies are cheaper
            // counted afresh from the live options once than lowered for each killed one.
            let live = &mut self.live[..layout.words];
            if self.pending.is_none() {
                self.pending = Some(count_live(live));
            }
            layout.clash_masks(option.0).clear(live);
            for &j in PrimaryRows::of(layout).of_option_with::<0>(option.0) {
                self.tallies[j as usize] = T::COVERED;
            }
            self.updates += u64::from(layout.option_covers[option.index()]);
        }
        self.preselected.push(option);
        Ok(())
    }

    /// Counts the root's tallies afresh from its live options after preselections that
    /// left them stale (see `pending`), and adds the options those killed to the updates.
    fn count_tallies(&mut self) {
        let Some(live_before) = self.pending.take() else {
            return;
        };
        let layout = &*self.layout;
        let tallies = &mut self.tallies[..layout.tally_stride];
        for (k, t) in tallies.iter_mut().enumerate() {
            if *t < T::FLOOR {
                *t = T::of(0, k);
            }
        }
        let live_now = PrimaryRows::of(layout).raise(tallies, &self.live[..layout.words]);
        self.updates += live_before - live_now;
    }

    /// Updates so far, the kills of preselected options not yet counted included.
    pub fn updates(&self) -> u64 {
        let uncounted = self.pending.map_or(0, |before| {
            before - count_live(&self.live[..self.layout.words])
        });
        self.updates + uncounted
    }

    /// The options of the solution just found: the preselected ones, then one per level.
    pub fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.extend_from_slice(&self.preselected);
        out.extend(
            self.levels[..self.level]
                .iter()
                .map(|lv| OptionId(lv.option)),
        );
    }

    /// Makes state `s + 1` a copy of state `s`.
    #[inline(always)]
    fn copy_down(&mut self, s: usize) {
        /// Copies `v`'s state `s` (`stride` elements) one place down, inlined into the
        /// loop: a split at the state below, so that the copy is one `memcpy` of a length
        /// checked once, or a few moves when the state is at most four elements (a call to
        /// `memcpy` whose branches on the length alternate between the slices mispredicts).
        #[inline(always)]
        fn copy<V: Copy>(v: &mut Vec<V>, s: usize, stride: usize) {
            let below = (s + 1) * stride;
            if v.len() == below {
                grow(v, s, stride);
            } else {
                let (above, below) = v.split_at_mut(below);
                let (from, to) = (&above[s * stride..], &mut below[..stride]);
                match stride {
                    1 => to[..1].copy_from_slice(&from[..1]),
                    2 => to[..2].copy_from_slice(&from[..2]),
                    3 => to[..3].copy_from_slice(&from[..3]),
                    4 => to[..4].copy_from_slice(&from[..4]),
                    _ => to.copy_from_slice(from),
                }
            }
        }
        /// The first copy to state `s + 1`: `v` ends with state `s`.
        #[cold]
        #[inline(never)]
        fn grow<V: Copy>(v: &mut Vec<V>, s: usize, stride: usize) {
            v.extend_from_within(s * stride..(s + 1) * stride);
        }
        let l = &self.layout;
        if l.tally_stride != 0 {
            copy(&mut self.tallies, s, l.tally_stride);
        }
        copy(&mut self.live, s, l.words);
        let secondaries = l.fixed_stride();
        if secondaries != 0 {
            copy(&mut self.fixed, s, secondaries);
        }
    }

    /// Applies option `o` to state `s` (X5's covers and Algorithm C's purifications) as
    /// the search does, outside the search loop: for the preselections of problems with
    /// colours, without clash tables or counting at X3, which keep the state up to date as
    /// they go, and for a work unit's path.
    fn apply(&mut self, s: usize, o: u32) {
        let layout = &*self.layout;
        let (n, words, secondaries) = (layout.tally_stride, layout.words, layout.fixed_stride());
        let tallies = &mut self.tallies[s * n..(s + 1) * n];
        let live = &mut self.live[s * words..(s + 1) * words];
        let fixed = &mut self.fixed[s * secondaries..(s + 1) * secondaries];
        self.updates += with_applier!(layout, a => a.apply(tallies, live, fixed, o));
    }

    /// Runs until a solution (unless `limits.count_through`), the end of the tree, or a
    /// limit.
    pub fn run(&mut self, limits: &Limits) -> Step {
        self.count_tallies();
        let layout = Arc::clone(&self.layout);
        if layout.counts_at_x3() {
            return self.run_counting::<false>(limits);
        }
        with_applier!(&layout, a => self.run_with::<_, false>(limits, &a))
    }

    /// Like [`run`](Self::run), for a work unit: the search ends when it backs up past its
    /// floor or would take a branch past `last` there, and it keeps each level's branch
    /// number, branches and counters at the start of its branch, which cutting and
    /// splitting a unit read.
    pub fn run_unit(&mut self, limits: &Limits) -> Step {
        self.count_tallies();
        let layout = Arc::clone(&self.layout);
        if layout.counts_at_x3() {
            return self.run_counting::<true>(limits);
        }
        with_applier!(&layout, a => self.run_with::<_, true>(limits, &a))
    }

    /// [`run`](Self::run) (or with `UNIT`, [`run_unit`](Self::run_unit)) when X3 counts
    /// live options afresh: in a copy of the loop compiled with `popcnt` when the
    /// processor has it and the build does not assume it (see [`popcnt`]).
    fn run_counting<const UNIT: bool>(&mut self, limits: &Limits) -> Step {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if popcnt::available() {
            // SAFETY: a `#[target_feature]` function asks only that the processor has the
            // feature, which `available` has just checked.
            #[allow(unsafe_code)]
            return unsafe { self.run_with_popcnt::<UNIT>(limits) };
        }
        self.run_by_counts::<UNIT>(limits)
    }

    /// The search loop (inlined here) with every `count_ones` one `popcnt` instruction.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn run_with_popcnt<const UNIT: bool>(&mut self, limits: &Limits) -> Step {
        self.run_by_counts::<UNIT>(limits)
    }

    /// The search loop with [`ByCounts`], the applier of counting at X3.
    #[inline(always)]
    fn run_by_counts<const UNIT: bool>(&mut self, limits: &Limits) -> Step {
        let layout = Arc::clone(&self.layout);
        let (layout, rows) = (&*layout, PrimaryRows::of(&layout));
        if layout.has_colors {
            self.run_with::<_, UNIT>(limits, &ByCounts::<true> { layout, rows })
        } else {
            self.run_with::<_, UNIT>(limits, &ByCounts::<false> { layout, rows })
        }
    }

    /// [`run`](Self::run) (or with `UNIT`, [`run_unit`](Self::run_unit)), applying options
    /// with `applier`. The loop keeps its counters and tables in locals, written back when
    /// it returns. Without `UNIT`, the unit's bookkeeping is compiled out and the floor is
    /// the constant 0.
    #[inline(always)]
    fn run_with<A: Apply<T>, const UNIT: bool>(&mut self, limits: &Limits, applier: &A) -> Step {
        let floor = if UNIT { self.floor } else { 0 };
        let layout = Arc::clone(&self.layout);
        let layout = &*layout;
        let (n, words, secondaries) = (layout.tally_stride, layout.words, layout.fixed_stride());
        let (mask_word, mask_bits) = (&layout.mask_word[..], &layout.mask_bits[..]);
        let mut level = self.level;
        let mut state = self.state;
        let mut label = self.label;
        let mut nodes = self.nodes;
        let mut updates = self.updates;
        let mut solutions = self.solutions;
        // Where `Limits::check` can stop the search: at the node budget, and every 1,024
        // nodes for the cancellation flag.
        let next_check = |nodes: u64| limits.node_budget.min(nodes.next_multiple_of(0x400));
        let mut check_at = next_check(nodes);
        let step = 'search: loop {
            match label {
                Label::Enter => {
                    // X2 to X5 for this level, and again for every forced level below it
                    // in a row: they all apply their option to this same state, so its
                    // slices are taken once.
                    let tallies = &mut self.tallies[state * n..(state + 1) * n];
                    let live = &mut self.live[state * words..(state + 1) * words];
                    let fixed = &mut self.fixed[state * secondaries..(state + 1) * secondaries];
                    label = loop {
                        // X2: enter level l. The limits are checked where the links engine
                        // checks them: not at a solution (below the root), which the links
                        // count in X5 without entering a level, so that a budget stops
                        // both engines at the same node and splits units alike.
                        if nodes >= check_at
                            && (level == 0 || applier.choose(tallies, live, fixed).is_some())
                        {
                            if let Some(reason) = limits.check(nodes) {
                                break 'search Step::Interrupted(reason);
                            }
                            check_at = next_check(nodes + 1);
                        }
                        nodes += 1;
                        match self.profile.get_mut(level) {
                            Some(entered) => *entered += 1,
                            None => {
                                self.profile.resize(level, 0);
                                self.profile.push(1);
                            }
                        }
                        // X3: choose i.
                        let Some((i, least)) = applier.choose(tallies, live, fixed) else {
                            // Every primary item is covered: visit the solution.
                            solutions += 1;
                            if !limits.count_through {
                                label = Label::Up;
                                break 'search Step::Solution;
                            }
                            break Label::Up;
                        };
                        if least == 0 {
                            break Label::Up;
                        }
                        let range = layout.mask_range(i);
                        let mut lv = Level {
                            bits: 0,
                            mask: range.start as u32,
                            end: range.end as u32,
                            option: 0,
                            state: state as u32,
                            forced: least == 1,
                        };
                        if lv.forced {
                            // X5 at once for the item's only live option (most of a
                            // Sudoku's levels): applied to this level's own state, and
                            // nothing left to try on the way back.
                            lv.option = mask_word[range.clone()]
                                .iter()
                                .zip(&mask_bits[range])
                                .find_map(|(&w, &bits)| {
                                    let b = live[w as usize] & bits;
                                    (b != 0).then(|| w * 64 + b.trailing_zeros())
                                })
                                .expect("a tally of 1 counts a live option");
                            lv.mask = lv.end;
                        }
                        if level == self.levels.len() {
                            self.levels.push(lv);
                        } else {
                            self.levels[level] = lv;
                        }
                        if UNIT {
                            // A forced level takes its one branch now.
                            let counters = Counters::new(nodes, updates, solutions);
                            self.book.enter(level, least, lv.forced, counters);
                        }
                        if !lv.forced {
                            break Label::Next;
                        }
                        updates += applier.apply(tallies, live, fixed, lv.option);
                        level += 1;
                    };
                }
                Label::Next => {
                    // X5: try the next option of i that is live at this level (X6 needs
                    // no undoing: the level below had its own copy).
                    if UNIT && level == floor && self.book.pos[level] >= self.last {
                        // The unit's last branch at its floor has been taken.
                        label = Label::Up;
                        continue;
                    }
                    let lv = &mut self.levels[level];
                    let s = lv.state as usize;
                    let live = &self.live[s * words..(s + 1) * words];
                    while lv.bits == 0 && lv.mask < lv.end {
                        let m = lv.mask as usize;
                        lv.bits = live[mask_word[m] as usize] & mask_bits[m];
                        lv.mask += 1;
                    }
                    if lv.bits == 0 {
                        // X7: every option of i was tried.
                        label = Label::Up;
                        continue;
                    }
                    let o = mask_word[lv.mask as usize - 1] * 64 + lv.bits.trailing_zeros();
                    lv.bits &= lv.bits - 1;
                    lv.option = o;
                    if UNIT {
                        self.book.pos[level] += 1;
                        self.book.snapshot[level] = Counters::new(nodes, updates, solutions);
                    }
                    if lv.forced || lv.exhausted() {
                        // The only or the last option (no live one left in the item's last
                        // word): nothing to come back to at this level, so it is applied
                        // to the level's own state.
                        (lv.bits, lv.mask) = (0, lv.end);
                        state = s;
                    } else {
                        self.copy_down(s);
                        state = s + 1;
                    }
                    updates += applier.apply(
                        &mut self.tallies[state * n..(state + 1) * n],
                        &mut self.live[state * words..(state + 1) * words],
                        &mut self.fixed[state * secondaries..(state + 1) * secondaries],
                        o,
                    );
                    level += 1;
                    label = Label::Enter;
                }
                Label::Up => {
                    // X8: leave level l, and (X7) every level above with nothing left to
                    // try: a forced level, or one at its last option.
                    while level > floor && self.levels[level - 1].exhausted() {
                        level -= 1;
                    }
                    if level == floor {
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    label = Label::Next;
                }
                Label::Done => break Step::Exhausted,
            }
        };
        self.level = level;
        self.state = state;
        self.label = label;
        self.nodes = nodes;
        self.updates = updates;
        self.solutions = solutions;
        step
    }
}

/// Work units (`unit.rs`): replaying a unit's path without counting, confining the search
/// below it, and reading or narrowing where it has got to, as the links engine's
/// [`Search`](crate::search::Search) does; branches are numbered the same way (the k-th
/// live option of the level's item, in input order), so a unit names the same subtree on
/// both engines.
impl<T: Tally> DenseSearch<T> {
    /// X2–X3 without counting: enter `level` (the state is the current one) and choose
    /// its item.
    pub fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        self.count_tallies();
        let s = self.state;
        let Some((i, least)) = self.choose(s) else {
            return Err(UnitError::PathThroughLeaf { level });
        };
        let range = self.layout.mask_range(i);
        let lv = Level {
            bits: 0,
            mask: range.start as u32,
            end: range.end as u32,
            option: 0,
            state: s as u32,
            forced: least == 1,
        };
        self.levels.truncate(level);
        self.levels.push(lv);
        self.book.enter(level, least, false, Counters::default());
        self.level = level;
        Ok(())
    }

    /// X3 in state `s`, as the search's way of applying options chooses
    /// ([`Apply::choose`]).
    fn choose(&self, s: usize) -> Option<(u32, u32)> {
        let layout = &*self.layout;
        let (n, words, f) = (layout.tally_stride, layout.words, layout.fixed_stride());
        let tallies = &self.tallies[s * n..(s + 1) * n];
        let live = &self.live[s * words..(s + 1) * words];
        let fixed = &self.fixed[s * f..(s + 1) * f];
        with_applier!(layout, a => a.choose(tallies, live, fixed))
    }

    /// Moves `level` on to its next branch without applying it; `None` when it has none.
    fn next_branch(&mut self, level: usize) -> Option<u32> {
        let layout = &*self.layout;
        let words = layout.words;
        let lv = &mut self.levels[level];
        let s = lv.state as usize;
        let live = &self.live[s * words..(s + 1) * words];
        while lv.bits == 0 && lv.mask < lv.end {
            let m = lv.mask as usize;
            lv.bits = live[layout.mask_word[m] as usize] & layout.mask_bits[m];
            lv.mask += 1;
        }
        if lv.bits == 0 {
            return None;
        }
        let o = layout.mask_word[lv.mask as usize - 1] * 64 + lv.bits.trailing_zeros();
        lv.bits &= lv.bits - 1;
        lv.option = o;
        self.book.pos[level] += 1;
        Some(o)
    }

    /// Moves past `n` branches at `level` without exploring them; at least one must be
    /// left after them.
    pub fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        for _ in 0..n {
            // Numbered as the links engine reports it: the branch being passed.
            let branch = self.book.pos[level] + 1;
            if branch >= self.book.deg[level] {
                return Err(UnitError::NoSuchBranch { level, branch });
            }
            self.next_branch(level)
                .expect("fewer branches passed than the level has");
        }
        Ok(())
    }

    /// X5 without counting: take the next branch at `level` and go down. The option is
    /// applied to the level's own state: a unit never comes back above its floor.
    pub fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        let branch = self.book.pos[level] + 1;
        let Some(o) = self.next_branch(level) else {
            return Err(UnitError::NoSuchBranch { level, branch });
        };
        let lv = &mut self.levels[level];
        (lv.bits, lv.mask) = (0, lv.end);
        let s = lv.state as usize;
        let updates = self.updates;
        self.apply(s, o);
        self.updates = updates;
        if self.choose(s).is_none() {
            return Err(UnitError::PathThroughLeaf { level: level + 1 });
        }
        Ok(())
    }

    /// Confines the search to the branches of `level` from the next one to `last`
    /// (1-based), with its counters at zero: it resumes at X5 there and ends when it backs
    /// up past `level`.
    pub fn confine(&mut self, level: usize, last: u32) {
        self.floor = level;
        self.level = level;
        self.last = last;
        self.state = self.levels[level].state as usize;
        self.label = Label::Next;
        (self.nodes, self.updates, self.solutions) = (0, 0, 0);
        self.profile.iter_mut().for_each(|p| *p = 0);
    }

    /// Narrows the search to the branches of `level` up to `keep` and restarts its
    /// counters from the start of the branch now taken there (its snapshot), which it
    /// returns: what the search had counted before.
    pub fn narrow(&mut self, level: usize, keep: u32) -> Counters {
        self.floor = level;
        self.last = keep;
        let closed = Counters::rebase(&mut self.book.snapshot, level, &mut self.profile);
        self.nodes -= closed.nodes;
        self.updates -= closed.updates;
        self.solutions -= closed.solutions;
        closed
    }

    /// Where the search stands, for the unit's cut, split and progress.
    pub fn unit_view(&self) -> UnitView<'_> {
        let level = self.level;
        let (entering, split_top, progress_top) = match self.label {
            Label::Enter => (Some(level), level.checked_sub(1), level.checked_sub(1)),
            // A level taking its branches: the last one taken is finished.
            Label::Next => (None, None, Some(level)),
            // Leaving a solution (or a dead end): every level above has its branch under way,
            // as the links engine's levels have in X6 after a solution.
            Label::Up => (None, level.checked_sub(1), level.checked_sub(1)),
            Label::Done => (None, None, None),
        };
        UnitView {
            counters: Counters::new(self.nodes, self.updates(), self.solutions),
            done: self.label == Label::Done,
            floor: self.floor,
            last: self.last,
            positions: &self.book.pos,
            degrees: &self.book.deg,
            snapshots: &self.book.snapshot,
            entering,
            split_top,
            progress_top,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::DenseSearch;
    use crate::dense::layout::{ClashForm, DenseLayout, CLASH_BUDGET};
    use crate::dense::tally::{Keyed, Tally};
    use crate::OptionId;

    /// Preselects every `step`th option of `problem` that fits, once lowering the tallies
    /// as it goes (no clash tables) and once counting them afresh after (clash tables):
    /// the two roots must be the same.
    fn counted_afresh_equals_lowered<T: Tally>(problem: &crate::Problem, step: usize) {
        let search = |tables: bool| {
            let mut layout = DenseLayout::new(problem).unwrap();
            if tables {
                assert!(layout.build_clashes(CLASH_BUDGET, ClashForm::Smaller));
            }
            DenseSearch::<T>::new(Arc::new(layout))
        };
        let (mut lowered, mut counted) = (search(false), search(true));
        for o in (0..problem.num_options()).step_by(step) {
            let o = OptionId::new(o as u32);
            assert_eq!(lowered.preselect(o), counted.preselect(o));
        }
        assert!(lowered.pending.is_none() && counted.pending.is_some());
        assert_eq!(lowered.updates(), counted.updates());
        counted.count_tallies();
        assert!(counted.pending.is_none());
        assert_eq!(lowered.updates, counted.updates);
        assert_eq!(lowered.live, counted.live);
        // A covered item's tally is lowered below COVERED by later kills (it stays above
        // FLOOR); counted afresh, it stays COVERED.
        let covered = |t: T| if t >= T::FLOOR { T::COVERED } else { t };
        let roots = [&lowered, &counted].map(|s| s.tallies.iter().map(|&t| covered(t)));
        let [a, b] = roots.map(|r| r.collect::<Vec<_>>());
        assert_eq!(a, b);
        assert!(a.iter().any(|&t| t < T::FLOOR), "some item left active");
    }

    #[test]
    fn tallies_counted_afresh_equal_tallies_lowered() {
        let parse = |text| crate::format::parse(text).unwrap();
        let sudoku = parse(include_str!("../../tests/data/sud1.dlx"));
        let queens = parse(include_str!("../../tests/data/q8.dlx"));
        counted_afresh_equals_lowered::<Keyed>(&sudoku, 23);
        counted_afresh_equals_lowered::<u8>(&sudoku, 23);
        counted_afresh_equals_lowered::<u16>(&queens, 5);
    }
}
