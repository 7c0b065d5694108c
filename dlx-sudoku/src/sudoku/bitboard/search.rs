//! Algorithm X on bitboards, one driver for both boards (the general one, [`board`], and the
//! 9×9 bands, [`nine`]): a stack of states, one per level, each with the item chosen there
//! and its options left to try (Knuth's steps X3–X8 with the state copied per level instead
//! of covered and uncovered). Stops at a node budget or a raised flag, and resumes after
//! each solution. What a board does at a node (propagate, choose, place) is its [`Node`].
//!
//! [`board`]: super::board
//! [`nine`]: super::nine

use std::fmt;
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::StopReason;

/// How often the cancel flag is read: every this many nodes.
pub(crate) const CANCEL_EVERY: u64 = 1024;

/// A node budget and a cancel flag.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitboardLimits {
    /// Nodes at most (`u64::MAX`: none).
    pub(crate) nodes: u64,
    /// Stop soon after this is raised.
    pub(crate) cancel: Option<Arc<AtomicBool>>,
}

/// The options left to try at a level (X5's list of the item chosen).
pub(crate) trait Branch: Copy {
    /// The next option to try, as (cell, digit), removing it.
    fn pop(&mut self) -> Option<(usize, usize)>;
    /// True when every option has been tried.
    fn is_empty(&self) -> bool;
}

/// What a node's state became once its forced options were placed.
pub(crate) enum Entered<B> {
    /// An item has no option left (X4: back up).
    Dead,
    /// Every item is covered (X2: a solution).
    Solved,
    /// The item to branch on, with its options (X3).
    Live(B),
}

/// A board's state, copied per level: what the driver asks of it.
pub(crate) trait Node: Copy {
    /// What every state of a puzzle reads: the layout, or the extra houses.
    type Board;
    /// The options left at a level.
    type Branch: Branch;
    /// What changed since the state was last propagated (for the board's propagation).
    type Dirty;
    /// The empty grid: every digit possible everywhere.
    fn empty(board: &Self::Board) -> Self;
    /// Whether digit `d` may still go in `cell`.
    fn admits(&self, cell: usize, d: usize) -> bool;
    /// Places digit `d` in `cell` (X5: covers the option's items); says what changed.
    fn play(&mut self, board: &Self::Board, cell: usize, d: usize) -> Self::Dirty;
    /// Everything changed: the root's state, givens placed.
    fn all_changed(board: &Self::Board) -> Self::Dirty;
    /// Places every forced option; then says whether the node is dead, solved, or which
    /// item to branch on. `forced` counts the options placed.
    fn enter(
        &mut self,
        board: &Self::Board,
        dirty: Self::Dirty,
        forced: &mut u64,
    ) -> Entered<Self::Branch>;
    /// The digits, row by row.
    fn values(&self, board: &Self::Board) -> Vec<u8>;
    /// The state with the givens `values` placed (row by row, 0 for a blank); `None` when
    /// two givens clash. By default each given is placed in turn ([`givens_one_by_one`]);
    /// a board may place them all at once.
    fn with_givens(board: &Self::Board, values: &[u8]) -> Option<Self> {
        givens_one_by_one(board, values)
    }
}

/// The state of `N` with the givens `values` placed one after another (row by row, 0 for
/// a blank); `None` when two givens clash. [`Node::with_givens`]'s default, and what a
/// board's own `with_givens` must agree with.
pub(crate) fn givens_one_by_one<N: Node>(board: &N::Board, values: &[u8]) -> Option<N> {
    let mut state = N::empty(board);
    for (k, &v) in values.iter().enumerate() {
        if v != 0 {
            let d = usize::from(v) - 1;
            if !state.admits(k, d) {
                return None;
            }
            state.play(board, k, d);
        }
    }
    Some(state)
}

#[derive(Clone, Copy)]
struct Frame<N: Node> {
    state: N,
    branch: N::Branch,
}

/// One puzzle's search on the board of `N`. `L` is a reference to (or a shared pointer
/// to) what its states read.
pub(crate) struct Search<L, N: Node> {
    board: L,
    stack: Vec<Frame<N>>,
    /// The givens placed, before the root is searched.
    root: Option<N>,
    /// The last solution found.
    solution: Option<N>,
    /// Search-tree nodes: the root and every option tried.
    pub(crate) nodes: u64,
    /// Options placed by propagation.
    pub(crate) forced: u64,
    /// Solutions found.
    pub(crate) solutions: u64,
    limits: BitboardLimits,
    /// Why the search ended, once it has: `None` when the tree is exhausted.
    ended: Option<Option<StopReason>>,
}

impl<L, N: Node> fmt::Debug for Search<L, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("depth", &self.stack.len())
            .field("nodes", &self.nodes)
            .field("forced", &self.forced)
            .field("solutions", &self.solutions)
            .field("limits", &self.limits)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl<L: Deref<Target = N::Board>, N: Node> Search<L, N> {
    /// A search of the puzzle whose givens are `values` (row by row, 0 for a blank); `None`
    /// when two givens clash.
    pub(crate) fn new(board: L, values: &[u8], limits: BitboardLimits) -> Option<Self> {
        let state = N::with_givens(&board, values)?;
        Some(Search {
            board,
            // As many levels as fit in a kilobyte (at least 4): deep enough for most 9×9
            // searches without growing, and small enough for the allocator's fast path.
            stack: Vec::with_capacity((1024 / std::mem::size_of::<Frame<N>>()).max(4)),
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
    #[inline(always)]
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
    #[inline(always)]
    fn enter(&mut self, mut state: N, dirty: N::Dirty) -> bool {
        match state.enter(&self.board, dirty, &mut self.forced) {
            Entered::Dead => false,
            Entered::Solved => {
                self.solutions += 1;
                self.solution = Some(state);
                true
            }
            Entered::Live(branch) => {
                self.stack.push(Frame { state, branch });
                false
            }
        }
    }

    /// Runs to the next solution (`Ok`), the end of the tree (`Err(None)`) or a stop: in a
    /// copy of the search loop compiled with `popcnt` when the processor has it and the
    /// build does not assume it (the boards count cells with `count_ones`, some dozen
    /// instructions a word without it), as the dense engine does.
    pub(crate) fn step(&mut self) -> Result<(), Option<StopReason>> {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: a `#[target_feature]` function asks only that the processor has the
            // feature, which was just checked.
            #[allow(unsafe_code)]
            return unsafe { self.step_with_popcnt() };
        }
        self.step_here()
    }

    /// [`step`](Self::step)'s loop (inlined here) with every `count_ones` one `popcnt`.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn step_with_popcnt(&mut self) -> Result<(), Option<StopReason>> {
        self.step_here()
    }

    /// The search loop of [`step`](Self::step).
    #[inline(always)]
    fn step_here(&mut self) -> Result<(), Option<StopReason>> {
        if let Some(why) = self.ended {
            return Err(why);
        }
        if let Some(root) = self.root.take() {
            self.may_enter()?;
            if self.enter(root, N::all_changed(&self.board)) {
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
            let dirty = child.play(&self.board, cell, d);
            if self.enter(child, dirty) {
                return Ok(());
            }
        }
    }

    /// The last solution's digits, row by row.
    pub(crate) fn values(&self) -> Option<Vec<u8>> {
        self.solution.map(|s| s.values(&self.board))
    }

    /// True once the whole tree is explored.
    pub(crate) fn is_complete(&self) -> bool {
        self.ended == Some(None)
    }
}
