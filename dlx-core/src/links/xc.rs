//! Algorithm X with colours (Algorithm C): the links engine's loop for problems without
//! multiplicities, step for step as DLX1 and DLX2 run it.

use super::{Label, Links};
use crate::engine::{Counters, Limits, Step};
use crate::observer::Observer;
use crate::problem::ItemId;

impl Links {
    /// Algorithm X with colours (Algorithm C), as DLX1 and DLX2 run it. With `TRACK` (no
    /// colours; see [`set_byte_lengths`](Self::set_byte_lengths)) the lengths are the
    /// bytes of `Arena::small`, and X3 reads them.
    pub(super) fn run_xc<O: Observer, const UNIT: bool, const COLORS: bool, const TRACK: bool>(
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
                    self.profile[level] += 1;
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
                        self.snapshot[level] = Counters {
                            updates: self.counters.updates + updates,
                            ..self.counters
                        };
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
                        self.profile[level + 1] += 1;
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
    pub(super) fn levels_on_their_last_option(&self, level: usize, tried: bool) -> usize {
        let end = if tried { level + 1 } else { level };
        let mut k = self.floor;
        while k < end && self.arena.nodes[self.choice[k] as usize].down == self.item[k] {
            k += 1;
        }
        k
    }
}
