//! Work units on the links engine: replaying a unit's path without counting, confining
//! the search below it, and reading or narrowing where it has got to. Units use the search
//! only through these methods ([`UnitEngine`]).

use super::m::too_few_left;
use super::{Label, Links};
use crate::engine::sealed::Run;
use crate::engine::{Counters, UnitEngine, UnitError, UnitView};
use crate::engine::{Limits, Step};
use crate::observer::NoObserver;
use crate::problem::OptionId;

impl UnitEngine for Links {
    /// X2–X4 (or M2–M4) without counting: enter `level`, choose its item, cover it.
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
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
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
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
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
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
    fn confine(&mut self, level: usize, last: u32) {
        self.floor = level;
        self.level = level;
        self.last[level] = last;
        self.label = Label::Try;
        self.counters = Counters::default();
        self.profile = vec![0; self.choice.len()];
    }

    /// Narrows the search to the branches of `level` up to `keep` and restarts its
    /// counters from the start of the branch now tried there (its snapshot), which it
    /// returns: what the search had counted before.
    fn narrow(&mut self, level: usize, keep: u32) -> Counters {
        self.floor = level;
        self.last[level] = keep;
        let closed = Counters::rebase(&mut self.snapshot, level, &mut self.profile);
        self.counters -= closed;
        closed
    }

    /// Where the search stands, for a work unit's cut, split and progress.
    fn unit_view(&self) -> UnitView<'_> {
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
            counters: self.counters,
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

    fn run_unit(&mut self, limits: &Limits) -> Step {
        self.run_confined(&mut NoObserver, limits)
    }

    fn solution_into(&self, out: &mut Vec<OptionId>) {
        Run::solution_into(self, out)
    }
}
