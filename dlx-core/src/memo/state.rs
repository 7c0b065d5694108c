//! The sub-problem the memoised search is in: which primary items are active, which options
//! are live, how many live options hold each item, the colour fixed on each secondary item,
//! and the key that names the sub-problem. Choosing an option changes it (Knuth's X5:
//! cover, purify); undoing puts it back from a trail (X6/X7, last change first).
//!
//! The key is canonical: a secondary item that no live option holds any more has code 0,
//! whether it was covered, purified or never touched, so two partial solutions that leave
//! the same primary items and the same live options meet in one entry of the memo (this is
//! what lets knight's tours by XCC share sub-problems: the colours fixed on the times
//! already passed are forgotten).

use super::layout::Layout;

/// The mutable state, with its trails.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Primary bits (set while active), then the secondary codes.
    key: Vec<u64>,
    /// One bit per option, set while live.
    live: Vec<u64>,
    /// Live options holding each item.
    tally: Vec<u32>,
    /// The colour fixed on each secondary item (0: none), indexed by item.
    color: Vec<u32>,
    /// Active primary items with no live option: a dead end when above 0.
    zeros: u32,
    /// Active primary items.
    active: u32,
    /// Options made not live, in order.
    killed: Vec<u32>,
    /// Secondary items given a colour, in order.
    colored: Vec<u32>,
}

/// Where the trails stood before an option was applied.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mark {
    killed: u32,
    colored: u32,
}

impl State {
    /// The root: every item active, every option live.
    pub fn new(l: &Layout) -> State {
        let mut s = State {
            key: vec![0; l.key.words],
            live: vec![0; l.options.div_ceil(64)],
            tally: (0..l.items)
                .map(|i| l.item_start[i + 1] - l.item_start[i])
                .collect(),
            color: vec![0; l.items],
            zeros: 0,
            active: l.primaries as u32,
            killed: Vec::new(),
            colored: Vec::new(),
        };
        for i in 0..l.primaries {
            s.key[i / 64] |= 1 << (i % 64);
            if s.tally[i] == 0 {
                s.zeros += 1;
            }
        }
        for o in 0..l.options {
            s.live[o / 64] |= 1 << (o % 64);
        }
        for i in l.primaries..l.items {
            s.refresh(l, i);
        }
        s
    }

    /// The key of the sub-problem.
    #[inline]
    pub fn key(&self) -> &[u64] {
        &self.key
    }

    /// True when every primary item is covered: a solution.
    #[inline]
    pub fn solved(&self) -> bool {
        self.active == 0
    }

    /// True when some active primary item has no live option left: no solution below.
    #[inline]
    pub fn dead(&self) -> bool {
        self.zeros > 0
    }

    /// True while option `o` is live.
    #[inline]
    pub fn is_live(&self, o: usize) -> bool {
        self.live[o / 64] >> (o % 64) & 1 == 1
    }

    /// Live options holding item `i`.
    #[inline]
    pub fn tally(&self, i: usize) -> u32 {
        self.tally[i]
    }

    /// The active primary items, in order.
    pub fn active_items(&self, l: &Layout) -> impl Iterator<Item = usize> + '_ {
        self.key[..l.key.primary_words]
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| {
                let mut bits = bits;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        w * 64 + b
                    })
                })
            })
    }

    /// The first active primary item.
    #[inline]
    pub fn first_active(&self, l: &Layout) -> Option<usize> {
        self.key[..l.key.primary_words]
            .iter()
            .position(|&w| w != 0)
            .map(|w| w * 64 + self.key[w].trailing_zeros() as usize)
    }

    /// Writes the code of secondary item `i` into the key.
    #[inline]
    fn refresh(&mut self, l: &Layout, i: usize) {
        let code = if self.tally[i] == 0 {
            0
        } else {
            1 + self.color[i] as u64
        };
        let (w, shift) = l.key.place(i - l.primaries);
        let mask = ((1u64 << l.key.bits) - 1) << shift;
        self.key[w] = (self.key[w] & !mask) | code << shift;
    }

    #[inline]
    fn is_active(&self, i: usize) -> bool {
        self.key[i / 64] >> (i % 64) & 1 == 1
    }

    /// Makes option `o` not live: one less live option for each of its items.
    #[inline]
    fn kill(&mut self, l: &Layout, o: usize) {
        self.live[o / 64] &= !(1 << (o % 64));
        self.killed.push(o as u32);
        for e in l.entries(o) {
            let i = l.entry_item[e] as usize;
            self.tally[i] -= 1;
            if self.tally[i] == 0 {
                if i >= l.primaries {
                    self.refresh(l, i);
                } else if self.is_active(i) {
                    self.zeros += 1;
                }
            }
        }
    }

    /// Knuth's X5 for option `o` (which must be live): its primary items become inactive;
    /// every live option that shares an uncoloured item with it is killed (cover), and for
    /// each secondary item it colours, every live option that gives that item another
    /// colour or none (purify). Returns where the trails stood, for [`State::undo`].
    pub fn apply(&mut self, l: &Layout, o: usize) -> Mark {
        let mark = Mark {
            killed: self.killed.len() as u32,
            colored: self.colored.len() as u32,
        };
        for e in l.entries(o) {
            let i = l.entry_item[e] as usize;
            if i < l.primaries {
                self.key[i / 64] &= !(1 << (i % 64));
                self.active -= 1;
            }
        }
        for e in l.entries(o) {
            let i = l.entry_item[e] as usize;
            let c = l.entry_color[e];
            if c == 0 {
                for at in l.list(i) {
                    let other = l.list_option[at] as usize;
                    if self.is_live(other) {
                        self.kill(l, other);
                    }
                }
            } else if self.color[i] != c {
                self.color[i] = c;
                self.colored.push(i as u32);
                self.refresh(l, i);
                for at in l.list(i) {
                    let other = l.list_option[at] as usize;
                    if l.list_color[at] != c && self.is_live(other) {
                        self.kill(l, other);
                    }
                }
            }
        }
        mark
    }

    /// Undoes [`State::apply`] of option `o`, which returned `mark`.
    pub fn undo(&mut self, l: &Layout, o: usize, mark: Mark) {
        while self.killed.len() > mark.killed as usize {
            let other = self.killed.pop().expect("above the mark") as usize;
            self.live[other / 64] |= 1 << (other % 64);
            for e in l.entries(other) {
                let i = l.entry_item[e] as usize;
                self.tally[i] += 1;
                if self.tally[i] == 1 {
                    if i >= l.primaries {
                        self.refresh(l, i);
                    } else if self.is_active(i) {
                        self.zeros -= 1;
                    }
                }
            }
        }
        while self.colored.len() > mark.colored as usize {
            let i = self.colored.pop().expect("above the mark") as usize;
            self.color[i] = 0;
            self.refresh(l, i);
        }
        for e in l.entries(o) {
            let i = l.entry_item[e] as usize;
            if i < l.primaries {
                self.key[i / 64] |= 1 << (i % 64);
                self.active += 1;
            }
        }
    }

    /// The bytes the state and its trails hold.
    pub fn bytes(&self) -> usize {
        8 * (self.key.capacity() + self.live.capacity())
            + 4 * (self.tally.capacity()
                + self.color.capacity()
                + self.killed.capacity()
                + self.colored.capacity())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    #[test]
    fn undo_restores_everything() {
        let p = parse("A B C | x y\nA x:1 y\nB x:1\nB x:2 y\nC\nA B C\nC y\n").unwrap();
        let l = Layout::new(&p);
        let root = State::new(&l);
        for o in 0..l.options {
            let mut s = root.clone();
            let m = s.apply(&l, o);
            assert!(!s.is_live(o));
            for o2 in 0..l.options {
                if s.is_live(o2) {
                    let mut t = s.clone();
                    let m2 = t.apply(&l, o2);
                    t.undo(&l, o2, m2);
                    assert_eq!(t.key, s.key);
                    assert_eq!(t.tally, s.tally);
                }
            }
            s.undo(&l, o, m);
            assert_eq!(s.key, root.key);
            assert_eq!(s.live, root.live);
            assert_eq!(s.tally, root.tally);
            assert_eq!(s.color, root.color);
            assert_eq!((s.zeros, s.active), (root.zeros, root.active));
        }
    }

    #[test]
    fn a_secondary_item_no_option_holds_is_forgotten() {
        // Choosing "A x:1" or "A x:2" leaves the same sub-problem (B alone): x has no live
        // option after either, so the keys agree.
        let p = parse("A B | x\nA x:1\nA x:2\nB\n").unwrap();
        let l = Layout::new(&p);
        let mut s = State::new(&l);
        let m = s.apply(&l, 0);
        let one = s.key().to_vec();
        s.undo(&l, 0, m);
        s.apply(&l, 1);
        assert_eq!(s.key(), one);
    }

    #[test]
    fn a_colour_still_in_use_is_kept() {
        let p = parse("A B C | x\nA x:1\nA x:2\nB x:1\nB x:2\nC\n").unwrap();
        let l = Layout::new(&p);
        let mut s = State::new(&l);
        let m = s.apply(&l, 0);
        let red = s.key().to_vec();
        s.undo(&l, 0, m);
        s.apply(&l, 1);
        assert_ne!(s.key(), red);
    }

    #[test]
    fn dead_ends_are_seen_at_once() {
        let p = parse("A B C\nA B\nB C\nC\n").unwrap();
        let l = Layout::new(&p);
        let mut s = State::new(&l);
        s.apply(&l, 1); // B C: A's only option is gone
        assert!(s.dead());
    }
}
