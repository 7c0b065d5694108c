//! The dancing operations on an [`Arena`]: `cover`, `hide`, `purify`, `tweak` and their
//! inverses, exactly as Knuth states them in TAOCP 7.2.2.1 (Algorithms X, C and M).
//!
//! Every operation counts its updates as Knuth's DLX1 does: one per item unlinked from an
//! active list, one per option node unlinked from its item's list. Undoing counts nothing.

use super::arena::{Arena, COVERED, PURIFIED};

/// Calls `$self.$op::<COLORS, TRACK>($args)` for the arena's kind: with colours (byte
/// lengths are never kept then), without, or without and with byte lengths.
macro_rules! by_kind {
    ($self:ident . $op:ident ( $($arg:expr),* )) => {
        match ($self.layout.has_colors, $self.tracks()) {
            (false, false) => $self.$op::<false, false>($($arg),*),
            (false, true) => $self.$op::<false, true>($($arg),*),
            (true, _) => $self.$op::<true, false>($($arg),*),
        }
    };
}

impl Arena {
    /// `hide(p)`: unlink every other node of `p`'s option from its item's list, skipping
    /// nodes already purified (Algorithm C). With `TRACK`, the lengths are the bytes of
    /// [`Arena::small`], not the headers' `LEN` fields.
    #[inline(always)]
    pub(crate) fn hide_with<const COLORS: bool, const TRACK: bool>(
        &mut self,
        p: u32,
        updates: &mut u64,
    ) {
        let nodes = &mut self.nodes[..];
        let colors = &self.colors[..];
        let (small, small_mask) = byte_lengths::<TRACK>(&mut self.small);
        // The arena's length is a power of two, so masking an index keeps it in bounds and
        // lets the compiler drop the bounds checks (links are in range anyway).
        let mask = nodes.len() - 1;
        // Counted in a register and added once: `updates` may live in memory, and adding to
        // it per node made a chain of dependent read-modify-writes through the loop.
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let node = nodes[q as usize & mask];
            if node.top == 0 {
                // A spacer: go back to the first node of this option.
                q = node.up;
                continue;
            }
            if !COLORS || colors[q as usize & mask] != PURIFIED {
                nodes[node.up as usize & mask].down = node.down;
                nodes[node.down as usize & mask].up = node.up;
                // `LEN(TOP(q)) -= 1`, in the byte while bytes are kept.
                if TRACK {
                    small[node.top as usize & small_mask] -= 1;
                } else {
                    nodes[node.top as usize & mask].top -= 1;
                }
                hidden += 1;
            }
            q += 1;
        }
        *updates += hidden;
    }

    /// `unhide(p)`: the inverse of [`hide`](Self::hide), walking the option backwards.
    #[inline(always)]
    pub(crate) fn unhide_with<const COLORS: bool, const TRACK: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let colors = &self.colors[..];
        let (small, small_mask) = byte_lengths::<TRACK>(&mut self.small);
        let mask = nodes.len() - 1;
        let mut q = p - 1;
        while q != p {
            let node = nodes[q as usize & mask];
            if node.top == 0 {
                // A spacer: go to the last node of the option after it.
                q = node.down;
                continue;
            }
            if !COLORS || colors[q as usize & mask] != PURIFIED {
                nodes[node.up as usize & mask].down = q;
                nodes[node.down as usize & mask].up = q;
                if TRACK {
                    small[node.top as usize & small_mask] += 1;
                } else {
                    nodes[node.top as usize & mask].top += 1;
                }
            }
            q -= 1;
        }
    }

    /// Removes a whole live option (every node of it, from `first` to its spacer) from its
    /// items' lists, for an observer that knows it can't be part of a solution below the
    /// current node. Nodes already purified stay (as in `hide`). Counts one update per
    /// node unlinked.
    pub(crate) fn remove_option(&mut self, first: u32, updates: &mut u64) {
        let has_colors = self.layout.has_colors;
        let mut q = first;
        loop {
            let node = self.nodes[q as usize];
            if node.top == 0 {
                break;
            }
            if !has_colors || self.colors[q as usize] != PURIFIED {
                self.nodes[node.up as usize].down = node.down;
                self.nodes[node.down as usize].up = node.up;
                self.change_len(node.top, false);
                *updates += 1;
            }
            q += 1;
        }
    }

    /// The inverse of [`remove_option`](Self::remove_option), right to left.
    pub(crate) fn restore_option(&mut self, first: u32) {
        let has_colors = self.layout.has_colors;
        let mut q = first;
        while self.nodes[q as usize].top != 0 {
            q += 1;
        }
        while q > first {
            q -= 1;
            let node = self.nodes[q as usize];
            if !has_colors || self.colors[q as usize] != PURIFIED {
                self.nodes[node.up as usize].down = q;
                self.nodes[node.down as usize].up = q;
                self.change_len(node.top, true);
            }
        }
    }

    /// [`hide_with`](Self::hide_with) for any problem (colours possible; byte lengths are
    /// kept only without colours, see [`Arena::small`]).
    #[inline(always)]
    pub(crate) fn hide(&mut self, p: u32, updates: &mut u64) {
        by_kind!(self.hide_with(p, updates))
    }

    /// [`unhide_with`](Self::unhide_with) for any problem (colours possible).
    #[inline(always)]
    pub(crate) fn unhide(&mut self, p: u32) {
        by_kind!(self.unhide_with(p))
    }

    /// `cover(i)`: hide every option in item `i`'s list, then unlink `i` from its active list.
    #[inline(always)]
    pub(crate) fn cover(&mut self, i: u32, updates: &mut u64) {
        by_kind!(self.cover_with(i, updates))
    }

    /// `uncover(i)`: the inverse of [`cover`](Self::cover).
    #[inline(always)]
    pub(crate) fn uncover(&mut self, i: u32) {
        by_kind!(self.uncover_with(i))
    }

    /// `cover(i)`; with `COLORS` false the problem has no colours, and the test for purified
    /// nodes is compiled out; with `TRACK` the lengths are the bytes of [`Arena::small`].
    #[inline(always)]
    pub(crate) fn cover_with<const COLORS: bool, const TRACK: bool>(
        &mut self,
        i: u32,
        updates: &mut u64,
    ) {
        // One addition to `updates` per cover (see `hide_with`).
        let mut counted = 1;
        let mut p = self.nodes[i as usize].down;
        while p != i {
            // `hide(p)` never changes `p`'s own links (it unlinks the other nodes of `p`'s
            // option, from other items' lists), so the next node can be read first: the
            // walk down the list then doesn't wait for the hide's stores.
            let next = self.nodes[p as usize].down;
            self.hide_with::<COLORS, TRACK>(p, &mut counted);
            p = next;
        }
        self.unlink_item(i);
        if TRACK {
            // Only active items are candidates for X3 (see `Arena::small`).
            let (small, mask) = byte_lengths::<TRACK>(&mut self.small);
            small[i as usize & mask] |= COVERED;
        }
        *updates += counted;
    }

    /// `uncover(i)`, the inverse of [`cover_with`](Self::cover_with).
    #[inline(always)]
    pub(crate) fn uncover_with<const COLORS: bool, const TRACK: bool>(&mut self, i: u32) {
        self.relink_item(i);
        if TRACK {
            let (small, mask) = byte_lengths::<TRACK>(&mut self.small);
            small[i as usize & mask] &= !COVERED;
        }
        let mut p = self.nodes[i as usize].up;
        while p != i {
            let next = self.nodes[p as usize].up; // as in `cover_with`
            self.unhide_with::<COLORS, TRACK>(p);
            p = next;
        }
    }

    /// Removes item `i` from its list of active items (no update is counted).
    #[inline(always)]
    pub(crate) fn unlink_item(&mut self, i: u32) {
        let ItemLinks { left, right } = self.items[i as usize];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
    }

    /// Puts item `i` back into its list of active items.
    #[inline(always)]
    pub(crate) fn relink_item(&mut self, i: u32) {
        let ItemLinks { left, right } = self.items[i as usize];
        self.items[left as usize].right = i;
        self.items[right as usize].left = i;
    }

    /// `purify(p)`: item `TOP(p)` takes node `p`'s colour; options that give it another
    /// colour are hidden, those that agree are marked so that they are not hidden again.
    #[inline(always)]
    pub(crate) fn purify(&mut self, p: u32, updates: &mut u64) {
        let i = self.nodes[p as usize].top;
        let color = self.colors[p as usize];
        let mut q = self.nodes[i as usize].down;
        while q != i {
            let next = self.nodes[q as usize].down; // read first, as in `cover_with`
            if self.colors[q as usize] == color {
                if q != p {
                    self.colors[q as usize] = PURIFIED;
                }
            } else {
                self.hide(q, updates);
            }
            q = next;
        }
    }

    /// `unpurify(p)`: the inverse of [`purify`](Self::purify).
    #[inline(always)]
    pub(crate) fn unpurify(&mut self, p: u32) {
        let i = self.nodes[p as usize].top;
        let color = self.colors[p as usize];
        let mut q = self.nodes[i as usize].up;
        while q != i {
            let next = self.nodes[q as usize].up; // read first, as in `cover_with`
            if self.colors[q as usize] == PURIFIED {
                self.colors[q as usize] = color;
            } else if q != p {
                self.unhide(q);
            }
            q = next;
        }
    }

    /// `commit(p, j)`: cover item `j = TOP(p)` if `p` is uncoloured, purify it if coloured,
    /// nothing if `p` was already purified.
    #[inline(always)]
    pub(crate) fn commit(&mut self, p: u32, updates: &mut u64) {
        let top = self.nodes[p as usize].top;
        if !self.layout.has_colors {
            return self.cover(top, updates);
        }
        let color = self.colors[p as usize];
        if color == 0 {
            self.cover(top, updates);
        } else if color != PURIFIED {
            self.purify(p, updates);
        }
    }

    /// `uncommit(p, j)`: the inverse of [`commit`](Self::commit).
    #[inline(always)]
    pub(crate) fn uncommit(&mut self, p: u32) {
        let top = self.nodes[p as usize].top;
        if !self.layout.has_colors {
            return self.uncover(top);
        }
        let color = self.colors[p as usize];
        if color == 0 {
            self.uncover(top);
        } else if color != PURIFIED {
            self.unpurify(p);
        }
    }

    /// Commits every item of `x`'s option except the one of `x` itself, left to right
    /// (step X5 / C5: "cover the items `≠ i` in the option that contains `x_l`").
    #[inline(always)]
    pub(crate) fn commit_others(&mut self, x: u32, updates: &mut u64) {
        by_kind!(self.commit_others_with(x, updates))
    }

    /// [`commit_others`](Self::commit_others); with `COLORS` false every item is covered.
    /// (Byte lengths are kept only without colours: with `COLORS`, `TRACK` is unused.)
    #[inline(always)]
    pub(crate) fn commit_others_with<const COLORS: bool, const TRACK: bool>(
        &mut self,
        x: u32,
        updates: &mut u64,
    ) {
        let mut p = x + 1;
        while p != x {
            let top = self.nodes[p as usize].top;
            if top == 0 {
                p = self.nodes[p as usize].up;
            } else {
                if COLORS {
                    self.commit(p, updates);
                } else {
                    self.cover_with::<false, TRACK>(top, updates);
                }
                p += 1;
            }
        }
    }

    /// Undoes [`commit_others_with`](Self::commit_others_with), right to left (step X6 /
    /// C6); with `COLORS` false every item is uncovered.
    #[inline(always)]
    pub(crate) fn uncommit_others_with<const COLORS: bool, const TRACK: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let top = self.nodes[p as usize].top;
            if top == 0 {
                p = self.nodes[p as usize].down;
            } else {
                if COLORS {
                    self.uncommit(p);
                } else {
                    self.uncover_with::<false, TRACK>(top);
                }
                p -= 1;
            }
        }
    }
}

use super::arena::ItemLinks;

/// The byte lengths and their index mask with `TRACK`; without it an empty slice, so that
/// the walking search's dance does not even load the vector's fields.
#[inline(always)]
fn byte_lengths<const TRACK: bool>(small: &mut [u8]) -> (&mut [u8], usize) {
    if TRACK {
        let mask = small.len() - 1;
        (small, mask)
    } else {
        (&mut [], 0)
    }
}

/// Algorithm M's operations on the links (TAOCP 7.2.2.1): `tweak`, `untweak`, and M6/M7's
/// bookkeeping of the other items of an option.
impl super::Links {
    /// `tweak(x, i)`: take option `x` out of item `i`'s list for the rest of this level's
    /// subtree; with `hide` also out of every other item's list (when `i` is still active).
    pub(crate) fn tweak(&mut self, x: u32, i: u32, hide: bool, updates: &mut u64) {
        if hide {
            self.arena.hide(x, updates);
        }
        let nodes = &mut self.arena.nodes;
        let d = nodes[x as usize].down;
        nodes[i as usize].down = d;
        nodes[d as usize].up = i;
        nodes[i as usize].top -= 1;
        *updates += 1;
    }

    /// `untweak(l)`: put back the options tweaked out of `i`'s list at this level, in their
    /// order, and unhide them (last tweaked first) when they were hidden.
    pub(super) fn untweak(&mut self, level: usize, i: u32, hidden: bool) {
        let first = self.first_tweaked[level];
        let nodes = &mut self.arena.nodes;
        let z = nodes[i as usize].down;
        if first == z {
            return;
        }
        nodes[i as usize].down = first;
        let mut y = i;
        let mut t = first;
        let mut k = 0;
        while t != z {
            nodes[t as usize].up = y;
            k += 1;
            y = t;
            t = nodes[t as usize].down;
        }
        nodes[z as usize].up = y;
        nodes[i as usize].top += k;
        if hidden {
            let mut t = y;
            while t != i {
                self.arena.unhide(t);
                t = self.arena.nodes[t as usize].up;
            }
        }
    }

    /// M6: for the other items of `x`'s option: a primary item's bound goes down (covered
    /// when it reaches 0); a secondary item is committed as in Algorithm C.
    pub(crate) fn commit_others_m(&mut self, x: u32, num_primary: u32, updates: &mut u64) {
        let mut p = x + 1;
        while p != x {
            let j = self.arena.nodes[p as usize].top;
            if j == 0 {
                p = self.arena.nodes[p as usize].up;
                continue;
            }
            if j <= num_primary {
                self.arena.bound[j as usize] -= 1;
                if self.arena.bound[j as usize] == 0 {
                    self.arena.cover(j, updates);
                }
            } else {
                self.arena.commit(p, updates);
            }
            p += 1;
        }
    }

    /// M7: undo [`commit_others_m`](Self::commit_others_m), right to left.
    pub(super) fn uncommit_others_m(&mut self, x: u32, num_primary: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.arena.nodes[p as usize].top;
            if j == 0 {
                p = self.arena.nodes[p as usize].down;
                continue;
            }
            if j <= num_primary {
                if self.arena.bound[j as usize] == 0 {
                    self.arena.uncover(j);
                }
                self.arena.bound[j as usize] += 1;
            } else {
                self.arena.uncommit(p);
            }
            p -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::links::arena::Arena;
    use crate::ProblemBuilder;

    fn toy() -> Arena {
        let mut b = ProblemBuilder::new();
        for n in ["A", "B", "C", "D", "E"] {
            b.add_primary(n).unwrap();
        }
        for n in ["F", "G"] {
            b.add_secondary(n).unwrap();
        }
        for o in [
            &["C", "E", "F"][..],
            &["A", "D", "G"],
            &["B", "C", "F"],
            &["A", "D"],
            &["B", "G"],
            &["D", "E", "G"],
        ] {
            b.add_option_by_names(o.iter().copied()).unwrap();
        }
        Arena::new(&b.build().unwrap())
    }

    #[test]
    fn cover_then_uncover_restores_every_link() {
        let mut arena = toy();
        let before = arena.clone();
        let mut updates = 0;
        arena.cover(1, &mut updates);
        // Covering A hides options "A D G" (2 nodes) and "A D" (1 node), and unlinks A.
        assert_eq!(updates, 4);
        assert_eq!(arena.len(4), 1, "D keeps only D E G");
        assert_eq!(arena.items[0].right, 2);
        arena.cover(4, &mut updates);
        arena.uncover(4);
        arena.uncover(1);
        assert_eq!(arena.nodes, before.nodes);
        assert_eq!(arena.items, before.items);
    }

    #[test]
    fn purify_keeps_agreeing_options() {
        let mut b = ProblemBuilder::new();
        b.add_primary("A").unwrap();
        b.add_primary("B").unwrap();
        b.add_secondary("X").unwrap();
        b.add_option_by_names(["A", "X:red"]).unwrap();
        b.add_option_by_names(["B", "X:red"]).unwrap();
        b.add_option_by_names(["B", "X:blue"]).unwrap();
        let mut arena = Arena::new(&b.build().unwrap());
        let before = arena.clone();
        let mut updates = 0;
        // Node of option 0 in X's list.
        let p = arena.node_in(crate::OptionId(0), 3).unwrap();
        arena.purify(p, &mut updates);
        assert_eq!(arena.len(2), 1, "B keeps only B X:red");
        arena.unpurify(p);
        assert_eq!(arena.nodes, before.nodes);
    }
}
