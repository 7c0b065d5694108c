//! The dancing-links engine, [`Links`]: Knuth's Algorithms X, C and M on a pointer-free
//! arena, as an explicit state machine over a level stack, so that it can stop after any
//! solution and resume, stop on a budget or a flag, and start below a prefix of choices (a
//! work unit).
//!
//! One file a job: `arena.rs` (the links in `u32` vectors), `dance.rs` (cover, hide,
//! purify, commit, tweak and their inverses), `choose.rs` (X3, M3), `xc.rs` (Algorithm
//! X/C's loop), `m.rs` (Algorithm M's loop), `unit.rs` (replaying and confining a work
//! unit); this file holds the engine's state and what every loop shares.
//!
//! Algorithm X/C follows DLX1/DLX2 step for step, so its node and update counts equal
//! Knuth's: a node is counted each time a level is entered (X2) and once more per solution;
//! the chosen item is covered even when its list is empty (the search then backs up at
//! once); a solution is recognised right after an option's items are covered (X5), as DLX1
//! does.
//!
//! Algorithm M (multiplicities) follows TAOCP 7.2.2.1's Algorithm M with its `tweak` and
//! `untweak` operations; see `docs/architecture.md` for the branching rule.

pub(crate) mod arena;
mod choose;
mod dance;
mod m;
mod unit;
mod xc;

use std::convert::Infallible;

use self::arena::Arena;
use crate::engine::{sealed, Counters, Engine, Limits, PreselectError, Step};
use crate::observer::{Observer, View};
use crate::problem::{OptionId, Problem};

impl Engine for Links {
    type Error = Infallible;
    const NAME: &'static str = "links";
}

impl sealed::Run for Links {
    type BuildError = Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }

    fn build(problem: &Problem) -> Result<Self, Infallible> {
        Ok(Links::from_arena(Arena::new(problem)))
    }

    /// Fixes an option before the search starts, as if it had been chosen: its items are
    /// covered (or, in M, their bounds lowered) and it can't be chosen again.
    fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        if self.label != Label::Enter || self.level != 0 || self.counters.nodes != 0 {
            return Err(PreselectError::AlreadyStarted);
        }
        if option.index() >= self.arena.layout.option_first.len() {
            return Err(PreselectError::UnknownOption(option));
        }
        if !self.arena.option_is_live(option) {
            return Err(PreselectError::Conflict(option));
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
                        return Err(PreselectError::Conflict(option));
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

    /// Runs until the next solution, the end, or an interruption.
    fn run<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        match (self.multiplicities, self.colors, self.arena.tracks()) {
            (true, _, _) => self.run_m::<O, false>(obs, limits),
            (false, true, _) => self.run_xc::<O, false, true, false>(obs, limits),
            (false, false, false) => self.run_xc::<O, false, false, false>(obs, limits),
            (false, false, true) => self.run_xc::<O, false, false, true>(obs, limits),
        }
    }

    /// Appends the options of the solution last found to `out`.
    fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.extend_from_slice(&self.preselected);
        for &x in &self.choice[..self.solution_depth] {
            if !self.arena.is_header(x) {
                out.push(self.arena.option_of(x));
            }
        }
    }

    /// The counters so far.
    #[inline]
    fn counters(&self) -> Counters {
        self.counters
    }

    /// Nodes per level so far.
    fn profile(&self) -> &[u64] {
        &self.profile
    }

    /// Moves the profile out (the search is over with).
    fn take_profile(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.profile)
    }

    /// True once the search is over.
    #[inline]
    fn is_done(&self) -> bool {
        self.label == Label::Done
    }

    /// Lets Algorithm X/C end without unwinding (see the field).
    fn end_without_unwinding(&mut self) {
        self.end_without_unwinding = true;
    }
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

/// The dancing-links engine: Knuth's Algorithms X, C and M on a pointer-free arena, with
/// observers, work units and the parallel search. The default engine of
/// [`Solver`](crate::Solver). Its state: its own copy of the links plus the level stack.
///
/// See [`Engine`] for an example.
#[derive(Clone, Debug)]
pub struct Links {
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
    snapshot: Vec<Counters>,
    level: usize,
    /// The search ends when it backs up past this level (0 for a whole search).
    floor: usize,
    label: Label,
    counters: Counters,
    /// Nodes per level.
    profile: Vec<u64>,
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

impl Links {
    pub(crate) fn from_arena(arena: Arena) -> Links {
        let multiplicities = arena.layout.slack.iter().any(|&s| s != 0)
            || arena
                .bound
                .iter()
                .take(arena.layout.num_primary as usize + 1)
                .skip(1)
                .any(|&b| b != 1);
        let colors = arena.layout.has_colors;
        let depth = Self::initial_depth(&arena.layout, multiplicities);
        Links {
            arena,
            multiplicities,
            colors,
            choice: vec![0; depth],
            item: vec![0; depth],
            pos: vec![0; depth],
            deg: vec![0; depth],
            first_tweaked: vec![0; depth],
            last: vec![u32::MAX; depth],
            snapshot: vec![Counters::default(); depth],
            level: 0,
            floor: 0,
            label: Label::Enter,
            counters: Counters::default(),
            profile: vec![0; depth],
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
    fn initial_depth(layout: &arena::Layout, multiplicities: bool) -> usize {
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
        self.snapshot.resize(n, Counters::default());
        self.removed_from.resize(n, 0);
        self.profile.resize(n, 0);
    }

    /// Like [`run`](Self::run), for a work unit: obeys the per-level limits in `last` and
    /// keeps the counter snapshots that splitting needs.
    pub(crate) fn run_confined<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        match (self.multiplicities, self.colors, self.arena.tracks()) {
            (true, _, _) => self.run_m::<O, true>(obs, limits),
            (false, true, _) => self.run_xc::<O, true, true, false>(obs, limits),
            (false, false, false) => self.run_xc::<O, true, false, false>(obs, limits),
            (false, false, true) => self.run_xc::<O, true, false, true>(obs, limits),
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
            sealed::Run::solution_into(self, &mut options);
            obs.solution(level, &options);
        }
    }

    /// Starts or stops keeping the lengths in the arena's bytes, which let X3 take one
    /// vectorised minimum over the primary items instead of walking the active items (see
    /// [`Solver::with_byte_lengths`](crate::Solver::with_byte_lengths)). Ignored for
    /// problems with colours or multiplicities, or with a list longer than 127. Only
    /// before the search starts (the 127 limit is checked on the lists as they are).
    pub(crate) fn set_byte_lengths(&mut self, on: bool) {
        debug_assert!(!on || self.counters.nodes == 0, "byte lengths mid-search");
        self.arena
            .set_tracking(on && !self.colors && !self.multiplicities);
    }

    /// How many levels the stacks hold now.
    pub(crate) fn depth(&self) -> usize {
        self.choice.len()
    }

    /// See [`Solver::with_branch_cutoff`](crate::Solver::with_branch_cutoff).
    pub(crate) fn set_branch_cutoff(&mut self, len: u32) {
        self.branch_cutoff = len;
    }
}

#[cfg(test)]
mod tests {
    use super::arena::Arena;
    use super::{Label, Limits, Links, Step};
    use crate::engine::sealed::Run;
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
            let (_, _, search) =
                run_to_the_end(Links::from_arena(fresh.clone()), &mut RemoveOdd, false);
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
        b.skip_options_without_primary(true);
        let x = b.add_secondary("x").unwrap();
        b.add_option([x]).unwrap();
        let secondary_only = b.build().unwrap();
        for (problem, preselect) in [(&covered, Some(2)), (&secondary_only, None)] {
            let mut solver = Solver::links(problem);
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
        let mut solver = Solver::links(p)
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
            let solver = Solver::links(&p).with_byte_lengths(true);
            assert!(solver.engine.arena.tracks());
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
                let mut late = Solver::links(&p).with_branch_cutoff(cutoff);
                for &given in &givens {
                    late.preselect(given).unwrap();
                }
                let late = late.with_byte_lengths(true);
                assert!(late.engine.arena.tracks());
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
                let walk = Solver::links(&p)
                    .with_branch_cutoff(cutoff)
                    .count_observed(&mut RemoveOdd)
                    .stats;
                let bytes = Solver::links(&p)
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
            let mut search = Links::from_arena(fresh.clone());
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
            let solver = Solver::links(&p).with_byte_lengths(true);
            assert!(!solver.engine.arena.tracks(), "{text}");
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
                        crate::engine::first_at_most(&bytes, target),
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
            let solver = Solver::links(&p).with_byte_lengths(true);
            assert_eq!(solver.engine.arena.tracks(), kept, "len {len}");
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
        Solver::links(&p).count_observed(&mut walk);
        let mut bytes = Lengths::default();
        Solver::links(&p)
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
        let mut search = Links::from_arena(fresh.clone());
        search.set_byte_lengths(true);
        assert!(search.arena.tracks());
        let (_, _, mut search) = run_to_the_end(search, &mut crate::NoObserver, false);
        search.set_byte_lengths(false);
        assert_eq!(search.arena.nodes, fresh.nodes);
        assert_eq!(search.arena.items, fresh.items);
        let mut early = Solver::links(&p).with_byte_lengths(true);
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
        let count = Solver::links(&p).count();
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
        mut search: Links,
        obs: &mut O,
        count_through: bool,
    ) -> (Vec<Vec<OptionId>>, (super::Counters, Vec<u64>), Links) {
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
        let counts = (search.counters, search.profile.clone());
        (solutions, counts, search)
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
                    let mut solver = Solver::links(&p);
                    for &g in &givens {
                        if solver.preselect(g).is_err() {
                            return None;
                        }
                    }
                    let mut search = solver.engine;
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
        let fresh = Links::from_arena(Arena::new(&p));
        let (solutions, counts, restored) =
            run_to_the_end(fresh.clone(), &mut crate::NoObserver, false);
        assert_eq!((solutions.len(), counts.0.nodes), (1, 3));
        assert_eq!(restored.arena.items[0].right, 1, "a is back in the list");
        let mut early = fresh;
        early.end_without_unwinding = true;
        let (solutions, counts, ended) = run_to_the_end(early, &mut crate::NoObserver, false);
        assert_eq!((solutions.len(), counts.0.nodes), (1, 3));
        assert_eq!(ended.arena.items[0].right, 0, "a and b still covered");
        // Solver's consuming answers end so; its iterator restores the links.
        assert_eq!(Solver::links(&p).count().solutions, 1);
        assert!(matches!(
            Solver::links(&p).unique(),
            crate::Uniqueness::Unique(_)
        ));
    }

    #[test]
    fn stacks_start_as_deep_as_a_search_without_multiplicities_can_go() {
        for seed in 1..120u64 {
            let (p, _) = random_case(seed, 0);
            let search = Links::from_arena(Arena::new(&p));
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
        assert_eq!(Links::from_arena(Arena::new(&sudoku)).choice.len(), 83);
        // With multiplicities a level may choose no option: 64 levels, grown on demand.
        let mult = crate::format::parse("1:2|A B 0:3|C | x\nA x:1\nA B\nB C x:1\nC\n").unwrap();
        assert_eq!(Links::from_arena(Arena::new(&mult)).choice.len(), 5);
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
            assert_eq!(Solver::links(&p).count().solutions, expected, "{text:?}");
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
