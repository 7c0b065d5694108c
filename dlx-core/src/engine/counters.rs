//! [`Counters`]: solutions, nodes and updates, the one shape in which every engine, unit and
//! checkpoint counts.

use serde::{Deserialize, Serialize};

/// What a search counts: solutions, nodes and updates. One type everywhere: an engine's
/// running counters, a work unit's snapshot at the start of a branch, the counts of a
/// finished unit (or of the part of a unit closed by a split), a checkpoint's records. (It
/// is also named [`UnitCounts`](crate::UnitCounts), its name in checkpoints and the
/// distributed protocol.)
///
/// Counts read from files are added with [`checked_add`](Self::checked_add), which refuses
/// to wrap past 2⁶⁴; `+` saturates (it never wraps and never panics).
///
/// ```
/// use dlx_core::Counters;
/// let a = Counters { solutions: 1, nodes: 5, updates: 9 };
/// assert_eq!(a + a, Counters { solutions: 2, nodes: 10, updates: 18 });
/// let big = Counters { solutions: u64::MAX, nodes: 0, updates: 0 };
/// assert_eq!(big.checked_add(a), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counters {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes (Knuth's count, the same on both engines).
    pub nodes: u64,
    /// Updates: the count of the engine that searched (the links engine: Knuth's; the
    /// dense engine: items covered plus options made not live).
    pub updates: u64,
}

impl Counters {
    /// The sum, or `None` when a count would pass `u64::MAX`.
    ///
    /// See [`Counters`] for an example.
    pub fn checked_add(self, o: Counters) -> Option<Counters> {
        Some(Counters {
            solutions: self.solutions.checked_add(o.solutions)?,
            nodes: self.nodes.checked_add(o.nodes)?,
            updates: self.updates.checked_add(o.updates)?,
        })
    }
}

impl std::ops::Add for Counters {
    type Output = Counters;
    fn add(self, o: Counters) -> Counters {
        Counters {
            solutions: self.solutions.saturating_add(o.solutions),
            nodes: self.nodes.saturating_add(o.nodes),
            updates: self.updates.saturating_add(o.updates),
        }
    }
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        *self = *self + o;
    }
}

impl std::ops::SubAssign for Counters {
    /// Takes `o` off (plain subtraction: what is taken off was counted before).
    fn sub_assign(&mut self, o: Counters) {
        self.solutions -= o.solutions;
        self.nodes -= o.nodes;
        self.updates -= o.updates;
    }
}

impl Counters {
    /// The counters `nodes`, `updates`, `solutions` (the order in which `--stats` prints them).
    #[inline(always)]
    pub(crate) const fn new(nodes: u64, updates: u64, solutions: u64) -> Counters {
        Counters {
            solutions,
            nodes,
            updates,
        }
    }

    /// Restarts a unit's counters from the start of the branch now taken at `level`, where
    /// the search is being narrowed (every engine's `narrow`): `snapshot[level]` (the
    /// counters when that branch began) is taken off the snapshots of `level` and below,
    /// the profile is cleared, and the snapshot is returned: what the closed part had
    /// counted, for the engine to take off its own counters.
    pub(crate) fn rebase(snapshot: &mut [Counters], level: usize, profile: &mut [u64]) -> Counters {
        let closed = snapshot[level];
        for snap in &mut snapshot[level..] {
            snap.solutions = snap.solutions.saturating_sub(closed.solutions);
            snap.nodes = snap.nodes.saturating_sub(closed.nodes);
            snap.updates = snap.updates.saturating_sub(closed.updates);
        }
        profile.iter_mut().for_each(|p| *p = 0);
        closed
    }
}
