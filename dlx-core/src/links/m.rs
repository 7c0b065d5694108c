//! Algorithm M: exact cover with multiplicities (and colours), as TAOCP 7.2.2.1 states it.

use super::{Label, Links};
use crate::engine::{Counters, Limits, Step};
use std::sync::Arc;

use crate::observer::Observer;
use crate::problem::ItemId;

impl Links {
    /// Algorithm M: exact cover with multiplicities and colours.
    pub(super) fn run_m<O: Observer, const UNIT: bool>(
        &mut self,
        obs: &mut O,
        limits: &Limits,
    ) -> Step {
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
                        self.snapshot[level] = Counters {
                            updates: self.counters.updates + updates,
                            ..self.counters
                        };
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
}

/// M5's test: an item whose list has `len` options left, with slack `slack` and bound
/// `bound`, has too few options left to reach its lower bound (`LEN + SLACK ≤ BOUND`).
/// In 64 bits: bounds up to `u32::MAX` are legal, and `len + slack` in 32 bits wrapped
/// (`0:4294967295|A` counted 0 solutions instead of 4).
#[inline(always)]
pub(super) fn too_few_left(len: u32, slack: u32, bound: u32) -> bool {
    u64::from(len) + u64::from(slack) <= u64::from(bound)
}
