//! Algorithm X on bitboards: a stack of states, one per level, each with the item chosen
//! there and its options left to try (Knuth's steps X3–X8 with the state copied per level
//! instead of covered and uncovered). Stops at a node budget or a raised flag, and resumes
//! after each solution.

use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::StopReason;

use super::board::{Branch, Dirty, State};
use super::layout::Layout;

/// How often the cancel flag is read: every this many nodes.
pub(crate) const CANCEL_EVERY: u64 = 1024;

/// A node budget and a cancel flag.
#[derive(Clone, Debug, Default)]
pub(crate) struct Limits {
    /// Nodes at most (`u64::MAX`: none).
    pub(crate) nodes: u64,
    /// Stop soon after this is raised.
    pub(crate) cancel: Option<Arc<AtomicBool>>,
}

#[derive(Clone, Copy, Debug)]
struct Frame<const W: usize, const D: usize> {
    state: State<W, D>,
    branch: Branch<W>,
}

/// One puzzle's search. `L` is a reference to (or a shared pointer to) the layout.
#[derive(Debug)]
pub(crate) struct Search<L, const W: usize, const D: usize> {
    layout: L,
    stack: Vec<Frame<W, D>>,
    /// The givens placed, before the root is searched.
    root: Option<State<W, D>>,
    /// The last solution found.
    solution: Option<State<W, D>>,
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

impl<L: Deref<Target = Layout<W, D>>, const W: usize, const D: usize> Search<L, W, D> {
    /// A search of the puzzle whose givens are `values` (row by row, 0 for a blank); `None`
    /// when two givens clash.
    pub(crate) fn new(layout: L, values: &[u8], limits: Limits) -> Option<Self> {
        let mut state = State::new(&layout);
        let mut dirty = Dirty::none();
        for (k, &v) in values.iter().enumerate() {
            if v != 0 {
                let d = usize::from(v) - 1;
                if !state.can_place(k, d) {
                    return None;
                }
                state.place(&layout, k, d, &mut dirty);
            }
        }
        Some(Search {
            layout,
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
    fn enter(&mut self, mut state: State<W, D>, mut dirty: Dirty<D>) -> bool {
        let layout = &*self.layout;
        let Ok(tally) = state.propagate(layout, &mut dirty, &mut self.forced) else {
            return false;
        };
        if state.is_solved() {
            self.solutions += 1;
            self.solution = Some(state);
            return true;
        }
        let branch = state.choose(layout, &tally);
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
            if self.enter(root, Dirty::every(self.layout.n)) {
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
            let mut child = frame.state;
            self.may_enter()?;
            let mut dirty = Dirty::none();
            child.place(&self.layout, cell, d, &mut dirty);
            if self.enter(child, dirty) {
                return Ok(());
            }
        }
    }

    /// The last solution's digits, row by row.
    pub(crate) fn values(&self) -> Option<Vec<u8>> {
        self.solution.map(|s| s.values(&self.layout))
    }

    /// True once the whole tree is explored.
    pub(crate) fn is_complete(&self) -> bool {
        self.ended == Some(None)
    }
}
