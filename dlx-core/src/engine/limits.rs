//! What bounds a run of an engine ([`Limits`]), what it ends with ([`Step`]), and why it
//! stopped early ([`StopReason`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

/// Whether the cancellation flag `flag` (if any) is raised: the one place a search reads
/// it (every engine through [`Limits::check`], the memo's search and the parallel driver
/// directly).
#[inline]
pub(crate) fn raised(flag: Option<&AtomicBool>) -> bool {
    flag.is_some_and(|c| c.load(Ordering::Relaxed))
}

impl Limits {
    /// Whether a search that has visited `nodes` nodes must stop before the next: the node
    /// budget is spent, or the cancellation flag is up (read every 1,024 nodes).
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Option<StopReason> {
        if nodes >= self.node_budget {
            return Some(StopReason::NodeBudget);
        }
        if nodes & 0x3ff == 0 && raised(self.cancel.as_deref()) {
            return Some(StopReason::Cancelled);
        }
        None
    }
}
