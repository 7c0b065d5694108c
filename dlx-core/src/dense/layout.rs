//! The read-only tables of the dense engine: each option's items and each item's options,
//! as flat arrays, and the root state every copy of a solver starts from.

use crate::engine::DenseError;
use crate::Problem;

/// The most clash masks (12 bytes each) the layout builds: 2^20, 12 MiB. Larger problems
/// cover item by item.
pub(crate) const CLASH_BUDGET: usize = 1 << 20;

/// How the clash tables are stored. The solver always asks for `Smaller`; the tests ask for
/// each form, to check that they search alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) enum ClashForm {
    /// Full rows when they take no more memory than masks with word numbers, else masks.
    Smaller,
    /// Masks with word numbers.
    Masks,
    /// Full rows.
    Rows,
}

/// Options as bit masks over the live set, as X5 walks them to kill options.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Masks<'a> {
    /// One mask per word of the live set, in order.
    Row(&'a [u64]),
    /// Masks (second) of the words numbered in the first, in increasing order.
    Listed(&'a [u32], &'a [u64]),
}

impl Masks<'_> {
    /// Clears the options under the masks from `live`.
    pub fn clear(self, live: &mut [u64]) {
        match self {
            Masks::Row(row) => live.iter_mut().zip(row).for_each(|(w, &b)| *w &= !b),
            Masks::Listed(words, bits) => {
                for (&w, &b) in words.iter().zip(bits) {
                    live[w as usize] &= !b;
                }
            }
        }
    }
}

/// Tables that the search never writes, shared (by `Arc`) between copies of a solver.
#[derive(Debug)]
pub(crate) struct DenseLayout {
    /// Primary items (numbered first).
    pub num_primary: usize,
    /// Items, primary and secondary.
    pub num_items: usize,
    /// Options.
    pub num_options: usize,
    /// 64-bit words in a set of live options.
    pub words: usize,
    /// The items of option `o`: `option_items[option_start[o]..option_start[o + 1]]`.
    pub option_items: Vec<u32>,
    /// Their colours (0: none), parallel to `option_items`; empty without colours.
    pub option_colors: Vec<u32>,
    /// Where each option's items start, plus one entry for the end.
    pub option_start: Vec<u32>,
    /// The options of item `k`, in input order: `item_options[item_start[k]..item_start[k + 1]]`.
    pub item_options: Vec<u32>,
    /// The colour option `item_options[t]` gives its item, parallel to `item_options`;
    /// empty without colours.
    pub item_option_colors: Vec<u32>,
    /// Where each item's options start, plus one entry for the end.
    pub item_start: Vec<u32>,
    /// Item `k`'s options as bit masks, one per 64-bit word of the live set that holds
    /// some: words `mask_word[mask_start[k]..mask_start[k + 1]]` (increasing), masks
    /// `mask_bits[..]` alongside.
    pub mask_word: Vec<u32>,
    /// See `mask_word`.
    pub mask_bits: Vec<u64>,
    /// Where each item's masks start, plus one entry for the end.
    pub mask_start: Vec<u32>,
    /// Every option that applying option `o` kills: those that clash with it through an
    /// uncoloured item (share a primary item or an uncoloured secondary one with it, `o`
    /// included) and, with colours, those that give one of `o`'s coloured items another
    /// colour (Algorithm C's purification: once `o` is applied, that item's colour is
    /// `o`'s), as bit masks one per word of the live set that holds some: words
    /// `clash_word[clash_start[o]..clash_start[o + 1]]` (increasing), masks `clash_bits`
    /// alongside. The union of `o`'s uncoloured items' masks and of its coloured items'
    /// masks of other colours, so that X5 kills them in one walk over the live set instead
    /// of one per item. Empty (and `clash_start` too) when the problem is so large that the
    /// tables would exceed [`CLASH_BUDGET`].
    pub clash_word: Vec<u32>,
    /// See `clash_word`.
    pub clash_bits: Vec<u64>,
    /// Where each option's clash masks start, plus one entry for the end; empty when there
    /// are no clash tables or they are full rows.
    pub clash_start: Vec<u32>,
    /// True when the clash masks are stored as full rows instead: option `o`'s are
    /// `clash_bits[o * words..(o + 1) * words]`, one per word of the live set, and
    /// `clash_word` is empty. Chosen when the rows are nearly full anyway (a Sudoku's clash
    /// with options in all twelve words), so that the kill loop reads no word numbers.
    pub clash_full: bool,
    /// Each primary item's options as [`COUNTED_WORDS`] masks over the live set (zeros past
    /// its end, and for the items up to 64 that do not exist), when X3 counts the live
    /// options afresh instead of keeping tallies ([`count_at_x3`](Self::count_at_x3)).
    pub item_rows: Option<Box<[[u64; COUNTED_WORDS]; 64]>>,
    /// The uncoloured items of option `o`, each covered once by applying it.
    pub option_covers: Vec<u32>,
    /// The primary items of option `o`, the ones with a tally:
    /// `option_primaries[primary_start[o]..primary_start[o + 1]]`. With a
    /// [`primary_stride`](Self::primary_stride), padded (with item 0, for options that do
    /// not exist and so are never live) to whole words of the live set, so that X5 takes
    /// the rows of a word's 64 options as one slice of a length known at compile time.
    pub option_primaries: Vec<u32>,
    /// Where each option's primary items start, plus one entry for the end.
    pub primary_start: Vec<u32>,
    /// The number of primary items in every option, when they all have the same number
    /// (a Sudoku's 4, a queens problem's 2); 0 when they differ. Option `o`'s primary items
    /// are then simply `option_primaries[o * s..(o + 1) * s]`.
    pub primary_stride: usize,
    /// True when some secondary item is coloured.
    pub has_colors: bool,
    /// The most options any primary item has (the largest tally).
    pub longest: usize,
    /// The fewest primary items any option has (each level covers at least this many).
    pub fewest_primary: usize,
    /// Tallies in a state: one per primary item, then covered ones up to a multiple of
    /// [`TALLY_CHUNK`], so that X3's minimum runs over whole chunks.
    pub tally_stride: usize,
}

/// The most words of live options for which X3 counts them afresh
/// ([`DenseLayout::count_at_x3`]).
pub(crate) const COUNTED_WORDS: usize = 4;

/// The words at the end of a state's `fixed` slice that hold its active primary items when
/// X3 counts live options afresh: a 64-bit mask in two halves, low first.
pub(crate) const ACTIVE_WORDS: usize = 2;

/// States hold their tallies in chunks of this many (see [`DenseLayout::tally_stride`]).
pub(crate) const TALLY_CHUNK: usize = 32;

impl DenseLayout {
    /// The tables for `problem` (with or without multiplicities: the bounds are the
    /// search's, `multi.rs`).
    pub fn new(problem: &Problem) -> Result<Self, DenseError> {
        let num_items = problem.num_items();
        let num_options = problem.num_options();
        if problem.num_entries() >= u32::MAX as usize {
            return Err(DenseError::TooLarge);
        }
        let has_colors = problem.has_colors();
        let mut option_items = Vec::with_capacity(problem.num_entries());
        let mut option_colors = Vec::new();
        let mut option_start = Vec::with_capacity(num_options + 1);
        let mut len = vec![0u32; num_items];
        for o in problem.options() {
            option_start.push(option_items.len() as u32);
            for entry in problem.option(o) {
                option_items.push(entry.item.0);
                len[entry.item.index()] += 1;
                if has_colors {
                    option_colors.push(entry.color.map_or(0, |c| c.0));
                }
            }
        }
        option_start.push(option_items.len() as u32);
        let mut item_start = Vec::with_capacity(num_items + 1);
        let mut next = 0u32;
        for &l in &len {
            item_start.push(next);
            next += l;
        }
        item_start.push(next);
        let mut item_options = vec![0u32; next as usize];
        let mut item_option_colors = vec![0u32; if has_colors { next as usize } else { 0 }];
        let mut fill = item_start[..num_items].to_vec();
        for o in 0..num_options {
            for t in option_start[o]..option_start[o + 1] {
                let k = option_items[t as usize] as usize;
                item_options[fill[k] as usize] = o as u32;
                if has_colors {
                    item_option_colors[fill[k] as usize] = option_colors[t as usize];
                }
                fill[k] += 1;
            }
        }
        let num_primary = problem.num_primary();
        let longest = len[..num_primary].iter().copied().max().unwrap_or(0) as usize;
        let mut option_primaries = Vec::with_capacity(option_items.len());
        let mut primary_start = Vec::with_capacity(num_options + 1);
        for o in 0..num_options {
            primary_start.push(option_primaries.len() as u32);
            let items = &option_items[option_start[o] as usize..option_start[o + 1] as usize];
            option_primaries.extend(items.iter().filter(|&&k| (k as usize) < num_primary));
        }
        primary_start.push(option_primaries.len() as u32);
        let counts = primary_start.windows(2).map(|w| (w[1] - w[0]) as usize);
        let fewest_primary = counts.clone().min().unwrap_or(1).max(1);
        let most_primary = counts.max().unwrap_or(0);
        let primary_stride = if most_primary * num_options == option_primaries.len() {
            most_primary
        } else {
            0
        };
        if primary_stride != 0 {
            option_primaries.resize(num_options.next_multiple_of(64) * primary_stride, 0);
        }
        // The options of an item are in increasing order: one mask per word they touch.
        let mut mask_word = Vec::new();
        let mut mask_bits: Vec<u64> = Vec::new();
        let mut mask_start = Vec::with_capacity(num_items + 1);
        for k in 0..num_items {
            mask_start.push(mask_word.len() as u32);
            let first = mask_word.len();
            for &p in &item_options[item_start[k] as usize..item_start[k + 1] as usize] {
                let w = p / 64;
                if mask_word.len() == first || *mask_word.last().expect("a word") != w {
                    mask_word.push(w);
                    mask_bits.push(0);
                }
                *mask_bits.last_mut().expect("a mask") |= 1 << (p % 64);
            }
        }
        mask_start.push(mask_word.len() as u32);
        let option_covers = (0..num_options)
            .map(|o| {
                let colored = if has_colors {
                    option_colors[option_start[o] as usize..option_start[o + 1] as usize]
                        .iter()
                        .filter(|&&c| c != 0)
                        .count()
                } else {
                    0
                };
                option_start[o + 1] - option_start[o] - colored as u32
            })
            .collect();
        Ok(DenseLayout {
            num_primary,
            num_items,
            num_options,
            words: num_options.div_ceil(64),
            option_items,
            option_colors,
            option_start,
            item_options,
            item_option_colors,
            item_start,
            mask_word,
            mask_bits,
            mask_start,
            clash_word: Vec::new(),
            clash_bits: Vec::new(),
            clash_start: Vec::new(),
            clash_full: false,
            item_rows: None,
            option_covers,
            option_primaries,
            primary_start,
            primary_stride,
            has_colors,
            longest,
            fewest_primary,
            tally_stride: num_primary.next_multiple_of(TALLY_CHUNK),
        })
    }

    /// Builds the clash tables, in form `form`, when they take at most `budget` masks;
    /// returns whether it did.
    pub fn build_clashes(&mut self, budget: usize, form: ClashForm) -> bool {
        let mut acc = vec![0u64; self.words];
        let mut touched: Vec<u32> = Vec::new();
        let (mut word, mut bits) = (Vec::new(), Vec::new());
        let mut start = Vec::with_capacity(self.num_options + 1);
        for o in 0..self.num_options as u32 {
            start.push(word.len() as u32);
            for e in self.option_range(o) {
                let j = self.option_items[e];
                let c = if self.has_colors {
                    self.option_colors[e]
                } else {
                    0
                };
                if c == 0 {
                    for m in self.mask_range(j) {
                        let w = self.mask_word[m];
                        if acc[w as usize] == 0 {
                            touched.push(w);
                        }
                        acc[w as usize] |= self.mask_bits[m];
                    }
                    continue;
                }
                // Purifying j kills its options of other colours (uncoloured ones too).
                for u in self.item_range(j) {
                    if self.item_option_colors[u] == c {
                        continue;
                    }
                    let p = self.item_options[u];
                    let w = p / 64;
                    if acc[w as usize] == 0 {
                        touched.push(w);
                    }
                    acc[w as usize] |= 1 << (p % 64);
                }
            }
            touched.sort_unstable();
            for &w in &touched {
                word.push(w);
                bits.push(std::mem::take(&mut acc[w as usize]));
            }
            touched.clear();
            if word.len() > budget {
                return false;
            }
        }
        start.push(word.len() as u32);
        // Full rows take 8 bytes a word of the live set; masks 12 (a word number and its
        // bits).
        let rows_no_larger = 3 * word.len() >= 2 * self.num_options * self.words;
        if form == ClashForm::Rows || form == ClashForm::Smaller && rows_no_larger {
            let mut full = vec![0u64; self.num_options * self.words];
            for o in 0..self.num_options {
                for m in span(&start, o as u32) {
                    full[o * self.words + word[m] as usize] = bits[m];
                }
            }
            self.clash_full = true;
            self.clash_word = Vec::new();
            self.clash_bits = full;
            self.clash_start = Vec::new();
        } else {
            self.clash_full = false;
            self.clash_word = word;
            self.clash_bits = bits;
            self.clash_start = start;
        }
        true
    }

    /// Switches X3 to counting each active item's live options afresh, from its row of an
    /// item table, when the problem is small enough: clash tables built, a live set of at
    /// most [`COUNTED_WORDS`] words, at most 64 primary items, none in 256 options or more.
    /// X5 then lowers no tally (the states keep none, `tally_stride` 0): it clears the
    /// options that clash from the live set and the option's items from the state's active
    /// ones. Returns whether it did.
    pub fn count_at_x3(&mut self) -> bool {
        if !self.has_clashes()
            || self.words > COUNTED_WORDS
            || self.num_primary > 64
            || self.longest > 255
        {
            return false;
        }
        let mut rows = Box::new([[0u64; COUNTED_WORDS]; 64]);
        for (k, row) in rows.iter_mut().take(self.num_primary).enumerate() {
            for m in self.mask_range(k as u32) {
                row[self.mask_word[m] as usize] = self.mask_bits[m];
            }
        }
        self.item_rows = Some(rows);
        self.tally_stride = 0;
        true
    }

    /// True when X3 counts live options afresh ([`count_at_x3`](Self::count_at_x3)).
    #[inline(always)]
    pub fn counts_at_x3(&self) -> bool {
        self.item_rows.is_some()
    }

    /// True when the clash tables were built.
    #[inline(always)]
    pub fn has_clashes(&self) -> bool {
        self.clash_full || !self.clash_start.is_empty()
    }

    /// The options that clash with option `o` (clash tables built).
    #[inline(always)]
    pub fn clash_masks(&self, o: u32) -> Masks<'_> {
        if self.clash_full {
            let (o, w) = (o as usize, self.words);
            Masks::Row(&self.clash_bits[o * w..(o + 1) * w])
        } else {
            let m = span(&self.clash_start, o);
            Masks::Listed(&self.clash_word[m.clone()], &self.clash_bits[m])
        }
    }

    /// Item `k`'s options.
    #[inline(always)]
    pub fn item_masks(&self, k: u32) -> Masks<'_> {
        let m = self.mask_range(k);
        Masks::Listed(&self.mask_word[m.clone()], &self.mask_bits[m])
    }

    /// The indices into `option_items` of option `o`'s items.
    #[inline(always)]
    pub fn option_range(&self, o: u32) -> std::ops::Range<usize> {
        span(&self.option_start, o)
    }

    /// Colours fixed per state: one per secondary item when there are colours, else none;
    /// then, when X3 counts live options afresh, two words for the state's active primary
    /// items (a 64-bit mask, low half first; see [`ACTIVE_WORDS`]).
    pub fn fixed_stride(&self) -> usize {
        let colors = if self.has_colors {
            self.num_items - self.num_primary
        } else {
            0
        };
        colors + if self.counts_at_x3() { ACTIVE_WORDS } else { 0 }
    }

    /// The indices into `mask_word` and `mask_bits` of item `k`'s masks.
    #[inline(always)]
    pub fn mask_range(&self, k: u32) -> std::ops::Range<usize> {
        span(&self.mask_start, k)
    }

    /// The indices into `item_options` of item `k`'s options.
    #[inline(always)]
    pub fn item_range(&self, k: u32) -> std::ops::Range<usize> {
        span(&self.item_start, k)
    }
}

/// Entries `starts[i]..starts[i + 1]` of a table whose rows start at `starts` (one entry
/// more than rows).
#[inline(always)]
pub(crate) fn span(starts: &[u32], i: u32) -> std::ops::Range<usize> {
    starts[i as usize] as usize..starts[i as usize + 1] as usize
}
