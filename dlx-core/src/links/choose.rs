//! X3 and M3: the choice of the item to branch on (the fewest options, or the fewest
//! branches under multiplicities), by walking the active items or from the byte lengths.

use super::arena::COVERED;
use super::Links;
use crate::engine::first_at_most;

impl Links {
    /// The active primary item with the fewest options, ties to the leftmost, and its length;
    /// or the first item with at most [`branch_cutoff`](Self::branch_cutoff) options.
    #[inline(always)]
    pub(crate) fn choose_fewest(&self) -> (u32, u32) {
        if self.arena.tracks() {
            self.choose_fewest_with::<true>()
        } else {
            self.choose_fewest_with::<false>()
        }
    }

    /// [`choose_fewest`](Self::choose_fewest), reading the byte lengths if `BYTES` (they
    /// must be kept then); without, the byte scan is not even compiled in, so that the
    /// walking search's loop stays as small as it was (2.5 % fewer instructions on
    /// pent3x20 than with a run-time test).
    #[inline(always)]
    pub(crate) fn choose_fewest_with<const BYTES: bool>(&self) -> (u32, u32) {
        let items = &self.arena.items[..];
        let nodes = &self.arena.nodes[..];
        if BYTES {
            if let Some(chosen) = self.choose_by_bytes() {
                return chosen;
            }
        }
        let cutoff = self.branch_cutoff;
        let mut k = items[0].right;
        let mut best = k;
        let mut best_len = u32::MAX;
        while k != 0 {
            let len = nodes[k as usize].top;
            if len < best_len {
                best_len = len;
                best = k;
                if len <= cutoff {
                    break;
                }
            }
            k = items[k as usize].right;
        }
        (best, best_len)
    }

    /// [`choose_fewest`](Self::choose_fewest) from the arena's byte lengths, in two passes
    /// that need no walk: the least byte of the primary items (a reduction the compiler
    /// turns into vector minima; covered items' bytes are 128 or more), then the first byte
    /// at most `max(least, cutoff)`, eight at a time. The active primary items lie in the
    /// list of active items in index order, so the first such byte is the very item the
    /// walk would stop at. Returns the item and its length (its byte: it is active);
    /// `None` when no primary item is active.
    #[inline(always)]
    pub(super) fn choose_by_bytes(&self) -> Option<(u32, u32)> {
        let n1 = self.arena.layout.num_primary as usize;
        // Item 0, the root, reads covered.
        let bytes = &self.arena.small[..n1 + 1];
        let least = bytes.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED {
            return None;
        }
        // A cutoff of 127 or more takes the first active item, as the walk does.
        let target = least.max(self.branch_cutoff.min(127) as u8);
        first_at_most(bytes, target).map(|i| (i as u32, u32::from(bytes[i])))
    }

    /// M3: the active primary item with the fewest branches
    /// `θ = LEN(i) + 1 − monus(BOUND(i), SLACK(i))`; among equals, DLX3's choice: the
    /// smaller slack, then the longer list, then the leftmost (which reproduces DLX3's
    /// node counts).
    pub(crate) fn choose_fewest_branches(&self) -> (u32, i64) {
        let items = &self.arena.items[..];
        let nodes = &self.arena.nodes[..];
        let slack = &self.arena.layout.slack[..];
        let bound = &self.arena.bound[..];
        let mut k = items[0].right;
        let mut best = k;
        let mut best_theta = i64::MAX;
        let mut best_slack = u32::MAX;
        let mut best_len = 0;
        while k != 0 {
            // θ = LEN + 1 − monus(BOUND, SLACK), with s = min(SLACK, BOUND) as DLX3 has it.
            let b = bound[k as usize];
            let s = slack[k as usize].min(b);
            let len = nodes[k as usize].top;
            let theta = i64::from(len) + 1 - i64::from(b - s);
            // DLX3's tie-break: the smaller slack, then the longer list, then the leftmost.
            if theta < best_theta
                || (theta == best_theta && (s < best_slack || (s == best_slack && len > best_len)))
            {
                best = k;
                best_theta = theta;
                best_slack = s;
                best_len = len;
            }
            k = items[k as usize].right;
        }
        (best, best_theta)
    }
}
