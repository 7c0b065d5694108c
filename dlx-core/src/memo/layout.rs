//! The tables the memoised search reads and never changes: each option's items (with the
//! colour it gives them) and each item's options, in compressed rows, and the shape of a
//! sub-problem's key.

use crate::problem::Problem;

/// Each option's entries and each item's options, as flat arrays with row starts.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Primary items (`0..primaries`); secondaries follow.
    pub primaries: usize,
    /// All items.
    pub items: usize,
    /// Options.
    pub options: usize,
    /// Row starts of `entry_item` / `entry_color`, one per option and one more.
    pub option_start: Vec<u32>,
    /// The items of each option, in the option's order.
    pub entry_item: Vec<u32>,
    /// The colour each entry gives its item (0: none).
    pub entry_color: Vec<u32>,
    /// Row starts of `list_option` / `list_color`, one per item and one more.
    pub item_start: Vec<u32>,
    /// The options of each item, in input order.
    pub list_option: Vec<u32>,
    /// The colour each of those options gives the item (0: none).
    pub list_color: Vec<u32>,
    /// The shape of the keys.
    pub key: KeyShape,
}

/// Where a key keeps what: a bit per primary item (set while active), then a code per
/// secondary item packed `per_word` to a 64-bit word, `bits` bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyShape {
    /// Words of primary bits.
    pub primary_words: usize,
    /// Bits per secondary code.
    pub bits: u32,
    /// Secondary codes per word.
    pub per_word: usize,
    /// Words in all.
    pub words: usize,
}

impl KeyShape {
    fn new(primaries: usize, secondaries: usize, colors: usize) -> KeyShape {
        // Codes: 0 (no live option holds the item), 1 (untouched), 1 + c (colour c).
        let values = colors as u64 + 2;
        let bits = (64 - (values - 1).leading_zeros()).max(1);
        let per_word = (64 / bits) as usize;
        let primary_words = primaries.div_ceil(64);
        KeyShape {
            primary_words,
            bits,
            per_word,
            words: primary_words + secondaries.div_ceil(per_word),
        }
    }

    /// The word and shift of secondary item `s` (counted from 0 among the secondaries).
    pub fn place(&self, s: usize) -> (usize, u32) {
        (
            self.primary_words + s / self.per_word,
            (s % self.per_word) as u32 * self.bits,
        )
    }
}

impl Layout {
    /// The tables of `problem`, which must have no multiplicities (checked by the caller).
    pub fn new(problem: &Problem) -> Layout {
        let primaries = problem.num_primary();
        let items = problem.num_items();
        let options = problem.num_options();
        let mut option_start = Vec::with_capacity(options + 1);
        let mut entry_item = Vec::with_capacity(problem.num_entries());
        let mut entry_color = Vec::with_capacity(problem.num_entries());
        let mut degree = vec![0u32; items];
        option_start.push(0);
        for o in problem.options() {
            for e in problem.option(o) {
                entry_item.push(e.item.index() as u32);
                entry_color.push(e.color.map_or(0, |c| c.get()));
                degree[e.item.index()] += 1;
            }
            option_start.push(entry_item.len() as u32);
        }
        let mut item_start = Vec::with_capacity(items + 1);
        item_start.push(0u32);
        for d in &degree {
            item_start.push(item_start.last().copied().unwrap_or(0) + d);
        }
        let total = entry_item.len();
        let mut fill: Vec<u32> = item_start[..items].to_vec();
        let mut list_option = vec![0u32; total];
        let mut list_color = vec![0u32; total];
        for o in 0..options {
            for e in option_start[o] as usize..option_start[o + 1] as usize {
                let i = entry_item[e] as usize;
                let at = fill[i] as usize;
                list_option[at] = o as u32;
                list_color[at] = entry_color[e];
                fill[i] += 1;
            }
        }
        Layout {
            primaries,
            items,
            options,
            option_start,
            entry_item,
            entry_color,
            item_start,
            list_option,
            list_color,
            key: KeyShape::new(primaries, items - primaries, problem.num_colors()),
        }
    }

    /// The entries of option `o`: indices into `entry_item` and `entry_color`.
    #[inline]
    pub fn entries(&self, o: usize) -> std::ops::Range<usize> {
        self.option_start[o] as usize..self.option_start[o + 1] as usize
    }

    /// The options of item `i`: indices into `list_option` and `list_color`.
    #[inline]
    pub fn list(&self, i: usize) -> std::ops::Range<usize> {
        self.item_start[i] as usize..self.item_start[i + 1] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    #[test]
    fn lists_follow_input_order() {
        let p = parse("A B | x\nA x:red\nB x:blue\nA B\n").unwrap();
        let l = Layout::new(&p);
        assert_eq!(
            l.list(0).map(|e| l.list_option[e]).collect::<Vec<_>>(),
            [0, 2]
        );
        assert_eq!(
            l.list(2).map(|e| l.list_color[e]).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(l.key.bits, 2); // dead, untouched, red, blue
        assert_eq!(l.key.words, 2);
    }

    #[test]
    fn keys_without_colours_take_a_bit_per_secondary() {
        let k = KeyShape::new(64, 65, 0);
        assert_eq!(
            (k.primary_words, k.bits, k.per_word, k.words),
            (1, 1, 64, 3)
        );
        assert_eq!(k.place(64), (2, 0));
    }
}
