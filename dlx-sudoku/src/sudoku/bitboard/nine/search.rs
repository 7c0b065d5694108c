//! Algorithm X on the bands of a 9×9 grid: a stack of states, one per level, each with the
//! item chosen there and its options left to try (Knuth's steps X3–X8 with the state
//! copied per level instead of covered and uncovered). Stops at a node budget or a raised
//! flag, and resumes after each solution.

use std::ops::Deref;
use std::sync::atomic::Ordering;

use dlx_core::StopReason;

use super::state::{Branch, State};
use super::Nine;
use crate::sudoku::bitboard::search::{Limits, CANCEL_EVERY};

#[derive(Clone, Copy, Debug)]
struct Frame {
    state: State,
    branch: Branch,
}

/// One puzzle's search. `L` is a reference to (or a shared pointer to) the extra houses.
#[derive(Debug)]
pub(crate) struct Search<L> {
    nine: L,
    stack: Vec<Frame>,
    /// The givens placed, before the root is searched.
    root: Option<State>,
    /// The last solution found.
    solution: Option<State>,
    /// Search-tree nodes: the root and every option tried.
    pub(crate) nodes: u64,
    /// Options placed by propagation.
    pub(crate) forced: u64,
    /// Solutions found.
    pub(crate) solutions: u64,
    limits: Limits,
    /// Why the search ended, once it has: `None` when the tree is exhausted.
    ended: Option<Option<StopReason>>,
}

impl<L: Deref<Target = Nine>> Search<L> {
    /// A search of the puzzle whose givens are `values` (81, row by row, 0 for a blank);
    /// `None` when two givens clash.
    pub(crate) fn new(nine: L, values: &[u8], limits: Limits) -> Option<Self> {
        let mut state = State::new();
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                let d = usize::from(v) - 1;
                if !state.can_place(cell, d) {
                    return None;
                }
                state.place(&nine, cell, d);
            }
        }
        Some(Search {
            nine,
            stack: Vec::new(),
            root: Some(state),
            solution: None,
            nodes: 0,
            forced: 0,
            solutions: 0,
            limits,
            ended: None,
        })
    }

    /// Whether the search may enter one more node; records why not.
    #[inline]
    fn may_enter(&mut self) -> Result<(), Option<StopReason>> {
        if self.nodes >= self.limits.nodes {
            return Err(self.end(Some(StopReason::NodeBudget)));
        }
        if self.nodes % CANCEL_EVERY == 0 {
            if let Some(flag) = &self.limits.cancel {
                if flag.load(Ordering::Relaxed) {
                    return Err(self.end(Some(StopReason::Cancelled)));
                }
            }
        }
        self.nodes += 1;
        Ok(())
    }

    fn end(&mut self, why: Option<StopReason>) -> Option<StopReason> {
        self.ended = Some(why);
        self.stack.clear();
        why
    }

    /// Propagates a node's state; a solution is returned, a live node pushed.
    #[inline]
    fn enter(&mut self, mut state: State) -> bool {
        let nine = &*self.nine;
        if state.propagate(nine, &mut self.forced).is_err() {
            return false;
        }
        if state.is_solved() {
            self.solutions += 1;
            self.solution = Some(state);
            return true;
        }
        let branch = state.choose(nine);
        self.stack.push(Frame { state, branch });
        false
    }

    /// Runs to the next solution (`Ok`), the end of the tree (`Err(None)`) or a stop.
    pub(crate) fn step(&mut self) -> Result<(), Option<StopReason>> {
        if let Some(why) = self.ended {
            return Err(why);
        }
        if let Some(root) = self.root.take() {
            self.may_enter()?;
            if self.enter(root) {
                return Ok(());
            }
        }
        loop {
            let Some(frame) = self.stack.last_mut() else {
                return Err(self.end(None));
            };
            let Some((cell, d)) = frame.branch.pop() else {
                self.stack.pop();
                continue;
            };
            // The last option takes the level's state itself (it is not needed after).
            let mut child = if frame.branch.is_empty() {
                self.stack.pop().expect("the frame just read").state
            } else {
                frame.state
            };
            self.may_enter()?;
            child.place(&self.nine, cell, d);
            if self.enter(child) {
                return Ok(());
            }
        }
    }

    /// The last solution's digits, row by row.
    pub(crate) fn values(&self) -> Option<Vec<u8>> {
        self.solution.map(|s| s.values())
    }

    /// True once the whole tree is explored.
    pub(crate) fn is_complete(&self) -> bool {
        self.ended == Some(None)
    }
}
