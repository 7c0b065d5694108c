//! Partial solutions checked item by item: which options can still be added to a set of
//! options without two of them clashing (a primary item twice, a secondary item twice
//! uncoloured or in two colours). Without multiplicities this is exactly when Algorithm C
//! can take the options together.

use crate::problem::{OptionId, Problem};

use super::perm::entries;

/// The state of an item that no option holds yet.
const FREE: u32 = u32::MAX;
/// The state of an item held by an option that does not share it.
const TAKEN: u32 = u32::MAX - 1;

/// The options chosen so far and the items they hold.
#[derive(Clone, Debug)]
pub(crate) struct Cover {
    /// Each option's `(item, colour)` entries (colour 0: none).
    entries: Vec<Vec<(u32, u32)>>,
    /// Each item's options.
    options_of: Vec<Vec<u32>>,
    primary: Vec<bool>,
    /// Each item's state: [`FREE`], [`TAKEN`], or the colour it is held in.
    state: Vec<u32>,
    /// The items made non-free, in order, to undo.
    trail: Vec<u32>,
}

impl Cover {
    /// Nothing chosen.
    pub(crate) fn new(problem: &Problem) -> Self {
        let entries: Vec<Vec<(u32, u32)>> =
            problem.options().map(|o| entries(problem, o)).collect();
        let mut options_of = vec![Vec::new(); problem.num_items()];
        for (o, e) in entries.iter().enumerate() {
            for &(i, _) in e {
                options_of[i as usize].push(o as u32);
            }
        }
        Cover {
            entries,
            options_of,
            primary: problem
                .items()
                .map(|i| problem.item_kind(i).is_primary())
                .collect(),
            state: vec![FREE; problem.num_items()],
            trail: Vec::new(),
        }
    }

    /// The options that hold `item`.
    pub(crate) fn options_of(&self, item: u32) -> &[u32] {
        &self.options_of[item as usize]
    }

    /// True when `item` is held by no chosen option.
    pub(crate) fn is_free(&self, item: u32) -> bool {
        self.state[item as usize] == FREE
    }

    /// True for a primary item.
    pub(crate) fn is_primary(&self, item: u32) -> bool {
        self.primary[item as usize]
    }

    /// How many items.
    pub(crate) fn num_items(&self) -> usize {
        self.state.len()
    }

    /// An option's entries.
    pub(crate) fn entries(&self, option: u32) -> &[(u32, u32)] {
        &self.entries[option as usize]
    }

    /// True when `option` can join the chosen options.
    pub(crate) fn fits(&self, option: u32) -> bool {
        self.entries[option as usize].iter().all(|&(i, c)| {
            let s = self.state[i as usize];
            s == FREE || (c != 0 && s == c)
        })
    }

    /// Adds `option` (which [`fits`](Self::fits)); returns the mark to [`undo`](Self::undo)
    /// to.
    pub(crate) fn place(&mut self, option: u32) -> usize {
        let mark = self.trail.len();
        for &(i, c) in &self.entries[option as usize] {
            let s = &mut self.state[i as usize];
            if *s == FREE {
                *s = if c == 0 || self.primary[i as usize] {
                    TAKEN
                } else {
                    c
                };
                self.trail.push(i);
            }
        }
        mark
    }

    /// Takes back the options placed since `mark`.
    pub(crate) fn undo(&mut self, mark: usize) {
        for i in self.trail.drain(mark..) {
            self.state[i as usize] = FREE;
        }
    }
}

/// True when the options, taken together, clash nowhere.
pub(crate) fn compatible(cover: &mut Cover, options: impl IntoIterator<Item = OptionId>) -> bool {
    let mark = cover.trail.len();
    let mut ok = true;
    for o in options {
        let o = o.index() as u32;
        if !cover.fits(o) {
            ok = false;
            break;
        }
        cover.place(o);
    }
    cover.undo(mark);
    ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    #[test]
    fn clashes_follow_algorithm_c() {
        let p = parse("a b | x\na x:1\nb x:1\nb x:2\na x\nb\n").unwrap();
        let mut c = Cover::new(&p);
        let ids = |v: &[u32]| v.iter().map(|&o| OptionId::new(o)).collect::<Vec<_>>();
        assert!(compatible(&mut c, ids(&[0, 1]))); // same colour
        assert!(!compatible(&mut c, ids(&[0, 2]))); // two colours
        assert!(!compatible(&mut c, ids(&[3, 1]))); // uncoloured and coloured
        assert!(!compatible(&mut c, ids(&[1, 4]))); // primary twice
        assert!(compatible(&mut c, ids(&[3, 4])));
        assert!(c.is_free(0) && c.is_free(2));
    }
}
