//! The dancing-links arena: Knuth's DLX1/DLX2 layout in contiguous vectors of `u32` links.
//!
//! Node 0 is unused (the root of the item list lives in [`Arena::items`]); nodes `1..=N` are
//! the item headers; then come the options, one after another, each followed by a spacer
//! node. A spacer's `top` is 0, its `up` is the first node of the option before it and its
//! `down` the last node of the option after it, so that walking an option cyclically needs no
//! other bookkeeping (TAOCP 7.2.2.1, Table 1). A header's `top` field holds `LEN`, the number
//! of options currently in its list.
//!
//! Nothing here is a pointer: links are indices, and cloning an arena is a `memcpy` of its
//! vectors (the parts that never change during a search are shared behind an [`Arc`]).

use std::sync::Arc;

use crate::problem::{OptionId, Problem};

/// The colour value of a node that was purified (Knuth's `COLOR(q) = -1`).
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node: `up`/`down` links in its item's list and its item (or `LEN` for a header, 0 for
/// a spacer): twelve bytes, as in the `dlx` crate, so that a cache line holds more than five
/// nodes. Colours, which only Algorithm C needs, live beside the nodes in [`Arena::colors`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    /// The item of an option node, `LEN` of a header, 0 for a spacer.
    pub top: u32,
}

/// The bit of an [`Arena::small`] byte that says its item is covered (the root's byte is
/// just this); lengths use the seven bits below it, so lists longer than
/// [`BYTE_LEN_MAX`] keep no byte lengths.
pub(crate) const COVERED: u8 = 0x80;

/// The longest list [`Arena::small`] can hold.
pub(crate) const BYTE_LEN_MAX: u32 = 127;

/// Left/right links of an item in the list of active primary items (item 0 is the root).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemLinks {
    pub left: u32,
    pub right: u32,
}

/// The parts of an arena that a search never changes.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Number of primary items (`N1`); primaries are items `1..=N1`.
    pub num_primary: u32,
    /// Number of items (`N`).
    pub num_items: u32,
    /// The first node of each option.
    pub option_first: Vec<u32>,
    /// The option each node belongs to (`u32::MAX` for headers and spacers).
    pub node_option: Vec<u32>,
    /// `SLACK(i) = v - u` for each primary item (index by arena item number).
    pub slack: Vec<u32>,
    /// True when some option colours an item.
    pub has_colors: bool,
    /// The fewest primary items in any option (0 when some option has none): without
    /// multiplicities, a solution takes at most `num_primary / min_primary` options, which
    /// bounds the depth of the search.
    pub min_primary: u32,
}

/// The mutable links of a search, plus a shared [`Layout`].
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    pub nodes: Vec<Node>,
    /// `COLOR(p)` of each node (0 = none; `PURIFIED` once purified), as long as `nodes`;
    /// empty when the problem has no colours.
    pub colors: Vec<u32>,
    pub items: Vec<ItemLinks>,
    /// `BOUND(i)`: how many more times primary item `i` may be covered (Algorithm M).
    pub bound: Vec<u32>,
    /// Each item's list length as one byte, when a search keeps them (empty otherwise;
    /// only for problems without colours or multiplicities whose lists are all shorter
    /// than 128): `LEN(i)` in the low seven bits, plus [`COVERED`] (the high bit) while `i`
    /// is covered; the root's byte reads covered. While kept, these bytes *are* the
    /// lengths: `hide`/`unhide` decrement and increment the byte instead of the header's
    /// `LEN` field (which is written back when they stop being kept), so the dance costs
    /// the same, and X3 finds the leftmost shortest list by a vectorised minimum over the
    /// primary items' bytes instead of walking the list of active items. A power of two
    /// long (masked indices).
    pub small: Vec<u8>,
    pub layout: Arc<Layout>,
}

impl Arena {
    /// Lays out a problem. Linear in the problem's size.
    pub fn new(problem: &Problem) -> Arena {
        let n = problem.num_items() as u32;
        let n1 = problem.num_primary() as u32;
        let total = 1 + n as usize + problem.num_entries() + problem.num_options() + 1;
        let mut nodes = Vec::with_capacity(total);
        let mut node_option = Vec::with_capacity(total);
        let mut colors = Vec::with_capacity(total);
        nodes.push(Node::default());
        colors.push(0);
        node_option.push(u32::MAX);
        for i in 1..=n {
            nodes.push(Node {
                up: i,
                down: i,
                top: 0,
            });
            colors.push(0);
            node_option.push(u32::MAX);
        }
        // The first spacer.
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        colors.push(0);
        node_option.push(u32::MAX);
        let mut option_first = Vec::with_capacity(problem.num_options());
        let mut min_primary = u32::MAX;
        for option in problem.options() {
            let first = nodes.len() as u32;
            option_first.push(first);
            let mut primary = 0;
            for entry in problem.option(option) {
                let item = entry.item.0 + 1;
                primary += u32::from(item <= n1);
                let x = nodes.len() as u32;
                let last = nodes[item as usize].up;
                nodes.push(Node {
                    up: last,
                    down: item,
                    top: item,
                });
                colors.push(entry.color.map_or(0, |c| c.0));
                node_option.push(option.0);
                nodes[last as usize].down = x;
                nodes[item as usize].up = x;
                nodes[item as usize].top += 1;
            }
            min_primary = min_primary.min(primary);
            let last = nodes.len() as u32 - 1;
            nodes[spacer].down = last;
            spacer = nodes.len();
            nodes.push(Node {
                up: first,
                down: 0,
                top: 0,
            });
            colors.push(0);
            node_option.push(u32::MAX);
        }
        let has_colors = problem.has_colors();
        // Pad to a power of two: the hot loops mask indices with `len - 1`, which keeps
        // them in bounds without a bounds check (see `links.rs`).
        nodes.resize(nodes.len().next_power_of_two(), Node::default());
        if has_colors {
            colors.resize(nodes.len(), 0);
        } else {
            colors = Vec::new();
        }
        // Active primary items form a circular list through the root 0; active secondary
        // items another one through `N + 1` (as in DLX1), so that covering any item is the
        // same operation.
        let mut items = vec![ItemLinks::default(); n as usize + 2];
        let ring =
            |items: &mut Vec<ItemLinks>, root: u32, members: std::ops::RangeInclusive<u32>| {
                let mut prev = root;
                for i in members {
                    items[i as usize].left = prev;
                    items[prev as usize].right = i;
                    prev = i;
                }
                items[prev as usize].right = root;
                items[root as usize].left = prev;
            };
        ring(&mut items, 0, 1..=n1);
        ring(&mut items, n + 1, n1 + 1..=n);
        let mut bound = vec![0; n as usize + 2];
        let mut slack = vec![0; n as usize + 2];
        for item in problem.items() {
            if let crate::ItemKind::Primary { lower, upper } = problem.item_kind(item) {
                bound[item.index() + 1] = upper;
                slack[item.index() + 1] = upper - lower;
            }
        }
        Arena {
            nodes,
            colors,
            items,
            bound,
            small: Vec::new(),
            layout: Arc::new(Layout {
                num_primary: n1,
                num_items: n,
                option_first,
                node_option,
                slack,
                has_colors,
                min_primary: if min_primary == u32::MAX {
                    0
                } else {
                    min_primary
                },
            }),
        }
    }

    /// True when the byte lengths ([`small`](Self::small)) are kept.
    #[inline(always)]
    pub fn tracks(&self) -> bool {
        !self.small.is_empty()
    }

    /// Starts keeping the lengths in bytes (from the current state), if every list is at
    /// most [`BYTE_LEN_MAX`] long; or stops, writing them back to the headers.
    /// [`tracks`](Self::tracks) tells which.
    pub fn set_tracking(&mut self, on: bool) {
        debug_assert!(!on || !self.layout.has_colors, "colours keep their lengths");
        let n = self.layout.num_items as usize;
        if !on {
            if self.tracks() {
                for i in 1..=n {
                    self.nodes[i].top = u32::from(self.small[i] & !COVERED);
                }
                self.small = Vec::new();
            }
            return;
        }
        if self.tracks() || (1..=n).any(|i| self.nodes[i].top > BYTE_LEN_MAX) {
            return;
        }
        // A power of two, for the masked indices of the dance.
        let len = self.items.len().next_power_of_two();
        self.small = vec![COVERED; len];
        for root in [0, n + 1] {
            let mut i = self.items[root].right as usize;
            while i != root {
                self.small[i] = 0;
                i = self.items[i].right as usize;
            }
        }
        // Covered items (a search's givens, say) keep the covered bit.
        for i in 1..=n {
            self.small[i] |= self.nodes[i].top as u8;
        }
    }

    /// Adds one to `LEN(i)` (`grow`) or takes one away, wherever the lengths are kept
    /// (not for hot paths).
    #[inline]
    pub fn change_len(&mut self, i: u32, grow: bool) {
        if self.tracks() {
            let byte = &mut self.small[i as usize];
            *byte = if grow { *byte + 1 } else { *byte - 1 };
        } else {
            let len = &mut self.nodes[i as usize].top;
            *len = if grow { *len + 1 } else { *len - 1 };
        }
    }

    /// The option a (non-header, non-spacer) node belongs to.
    #[inline]
    pub fn option_of(&self, node: u32) -> OptionId {
        OptionId(self.layout.node_option[node as usize])
    }

    /// `LEN(i)`.
    #[inline]
    pub fn len(&self, item: u32) -> u32 {
        if self.tracks() {
            u32::from(self.small[item as usize] & !COVERED)
        } else {
            self.nodes[item as usize].top
        }
    }

    /// True when `node` is an item header (so a list has been run through).
    #[inline]
    pub fn is_header(&self, node: u32) -> bool {
        node <= self.layout.num_items
    }

    /// The node of option `option` in item `item`'s column, if the option holds the item.
    #[cfg(test)]
    pub fn node_in(&self, option: OptionId, item: u32) -> Option<u32> {
        let mut p = self.layout.option_first[option.index()];
        loop {
            let top = self.nodes[p as usize].top;
            if top == 0 {
                return None;
            }
            if top == item {
                return Some(p);
            }
            p += 1;
        }
    }

    /// True while the option can still be chosen: each of its items is active (not
    /// covered) and each of its nodes is linked into its item's list (not hidden).
    pub fn option_is_live(&self, option: OptionId) -> bool {
        let mut p = self.layout.option_first[option.index()];
        while self.nodes[p as usize].top != 0 {
            let node = self.nodes[p as usize];
            let links = self.items[node.top as usize];
            if self.items[links.left as usize].right != node.top {
                return false;
            }
            let purified = self.layout.has_colors && self.colors[p as usize] == PURIFIED;
            if !purified && self.nodes[node.up as usize].down != p {
                return false;
            }
            p += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    #[test]
    fn toy_layout_matches_knuth_table_1() {
        // TAOCP 7.2.2.1 (9) without the secondary items: the lists run in input order.
        let mut b = ProblemBuilder::new();
        for n in ["a", "b", "c"] {
            b.add_primary(n).unwrap();
        }
        b.add_option_by_names(["a", "c"]).unwrap();
        b.add_option_by_names(["b"]).unwrap();
        b.add_option_by_names(["a", "b"]).unwrap();
        let arena = Arena::new(&b.build().unwrap());
        // Headers 1..=3, spacer 4, option 0 at 5..=6, spacer 7, option 1 at 8, spacer 9,
        // option 2 at 10..=11, spacer 12.
        assert_eq!(arena.nodes.len(), 16, "13 nodes, padded to a power of two");
        assert_eq!(arena.len(1), 2);
        assert_eq!(arena.len(2), 2);
        assert_eq!(arena.len(3), 1);
        assert_eq!(arena.nodes[1].down, 5);
        assert_eq!(arena.nodes[5].down, 10);
        assert_eq!(arena.nodes[10].down, 1);
        assert_eq!(arena.nodes[1].up, 10);
        assert_eq!(
            arena.nodes[4].down, 6,
            "first spacer points to last node of option 0"
        );
        assert_eq!(
            arena.nodes[7].up, 5,
            "spacer points back to first node of option 0"
        );
        assert_eq!(arena.nodes[7].down, 8);
        assert_eq!(arena.nodes[12].up, 10);
        assert_eq!(arena.option_of(11), OptionId(2));
        assert_eq!(arena.items[0].right, 1);
        assert_eq!(arena.items[3].right, 0);
        assert_eq!(arena.items[0].left, 3);
        assert!(arena.option_is_live(OptionId(1)));
        assert_eq!(arena.node_in(OptionId(2), 2), Some(11));
        assert_eq!(arena.node_in(OptionId(2), 3), None);
    }
}
