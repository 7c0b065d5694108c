//! X5 for the dense engine: applying an option to a state covers its items (X4's and X5's
//! covers at once) and purifies its coloured ones (Algorithm C): every live option that
//! clashes with it is killed, and the tallies of the killed options' primary items are
//! lowered. The way is chosen once per search ([`with_applier`]), so that the search loop
//! is compiled for each.

use std::num::NonZeroU64;

use super::layout::{span, DenseLayout, Masks, ACTIVE_WORDS, COUNTED_WORDS};
use super::tally::Tally;

/// Each option's primary items, borrowed out of the layout so that the kill loop keeps
/// them in registers.
pub(crate) struct PrimaryRows<'a> {
    items: &'a [u32],
    start: &'a [u32],
    stride: usize,
}

impl<'a> PrimaryRows<'a> {
    /// The rows of `l`'s options.
    pub fn of(l: &'a DenseLayout) -> Self {
        PrimaryRows {
            items: &l.option_primaries,
            start: &l.primary_start,
            stride: l.primary_stride,
        }
    }

    /// The primary items of option `p`. `S` is the layout's fixed stride when it is known
    /// at compile time (loops over them then unroll), 0 otherwise.
    #[inline(always)]
    pub fn of_option_with<const S: usize>(&self, p: u32) -> &'a [u32] {
        let p = p as usize;
        if S != 0 {
            &self.items[p * S..(p + 1) * S]
        } else if self.stride != 0 {
            &self.items[p * self.stride..(p + 1) * self.stride]
        } else {
            &self.items[span(self.start, p as u32)]
        }
    }

    /// One option fewer for each primary item of option `p`, which is no longer live
    /// (`S`: see [`of_option_with`](Self::of_option_with)).
    #[inline(always)]
    fn lower<T: Tally, const S: usize>(&self, tallies: &mut [T], p: u32) {
        for &k in self.of_option_with::<S>(p) {
            tallies[k as usize] = tallies[k as usize].dec();
        }
    }

    /// One option more for each primary item of each option in `live`; returns how many
    /// options that was.
    pub fn raise<T: Tally>(&self, tallies: &mut [T], live: &[u64]) -> u64 {
        match self.stride {
            2 => self.raise_with::<T, 2>(tallies, live),
            4 => self.raise_with::<T, 4>(tallies, live),
            6 => self.raise_with::<T, 6>(tallies, live),
            _ => self.raise_with::<T, 0>(tallies, live),
        }
    }

    /// [`raise`](Self::raise) with the stride `S` (see [`of_option_with`](Self::of_option_with)).
    fn raise_with<T: Tally, const S: usize>(&self, tallies: &mut [T], live: &[u64]) -> u64 {
        let mut options = 0;
        for (w, &word) in live.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                options += 1;
                for &k in self.of_option_with::<S>(w as u32 * 64 + bits.trailing_zeros()) {
                    tallies[k as usize] = tallies[k as usize].inc();
                }
                bits &= bits - 1;
            }
        }
        options
    }

    /// Kills the live options under `masks`, lowering their primary items' tallies;
    /// returns how many it killed.
    #[inline(always)]
    fn kill<T: Tally>(&self, tallies: &mut [T], live: &mut [u64], masks: Masks<'_>) -> u64 {
        match self.stride {
            2 => self.kill_with::<T, 2>(tallies, live, masks),
            4 => self.kill_with::<T, 4>(tallies, live, masks),
            6 => self.kill_with::<T, 6>(tallies, live, masks),
            _ => self.kill_with::<T, 0>(tallies, live, masks),
        }
    }

    /// [`kill`](Self::kill) with the stride `S` (see [`lower`](Self::lower)). The loops
    /// differ only in how they find a mask's word and its options' rows; one loop over a
    /// shared helper measured 2 % more instructions.
    #[inline(always)]
    fn kill_with<T: Tally, const S: usize>(
        &self,
        tallies: &mut [T],
        live: &mut [u64],
        masks: Masks<'_>,
    ) -> u64 {
        let mut killed = 0;
        match masks {
            Masks::Row(row) if S != 0 => {
                // The rows of each word's 64 options alongside the word (the table is
                // padded to whole words): no bounds to check.
                let rows = self.items.chunks_exact(64 * S);
                for ((word, &bits), rows) in live.iter_mut().zip(row).zip(rows) {
                    let mut dying = *word & bits;
                    *word ^= dying;
                    while let Some(d) = NonZeroU64::new(dying) {
                        killed += 1;
                        lower_row::<T, S>(tallies, rows, d);
                        dying &= dying - 1;
                    }
                }
            }
            Masks::Row(row) => {
                for (w, (word, &bits)) in live.iter_mut().zip(row).enumerate() {
                    let mut dying = *word & bits;
                    *word ^= dying;
                    while dying != 0 {
                        killed += 1;
                        self.lower::<T, S>(tallies, w as u32 * 64 + dying.trailing_zeros());
                        dying &= dying - 1;
                    }
                }
            }
            Masks::Listed(words, bits) => {
                for (&w, &bits) in words.iter().zip(bits) {
                    let w = w as usize;
                    let mut dying = live[w] & bits;
                    live[w] ^= dying;
                    if S != 0 && dying != 0 {
                        let rows = &self.items[w * 64 * S..][..64 * S];
                        while let Some(d) = NonZeroU64::new(dying) {
                            killed += 1;
                            lower_row::<T, S>(tallies, rows, d);
                            dying &= dying - 1;
                        }
                    }
                    while dying != 0 {
                        killed += 1;
                        self.lower::<T, S>(tallies, w as u32 * 64 + dying.trailing_zeros());
                        dying &= dying - 1;
                    }
                }
            }
        }
        killed
    }
}

/// One option fewer for each primary item of the option at the lowest bit of `bits` in a
/// word whose options' rows are `rows` (`64 * S` items, `S` a stride): the bit's position
/// is below 64, so that its row needs no bounds check.
#[inline(always)]
fn lower_row<T: Tally, const S: usize>(tallies: &mut [T], rows: &[u32], bits: NonZeroU64) {
    let rows = &rows[..64 * S];
    let b = bits.trailing_zeros() as usize;
    for &k in &rows[b * S..(b + 1) * S] {
        tallies[k as usize] = tallies[k as usize].dec();
    }
}

/// How X5 applies an option to a state (its tallies, live options and colours fixed);
/// returns the updates it made. Chosen once per run, so that the search loop is compiled
/// for each way.
pub(crate) trait Apply<T: Tally> {
    fn apply(&self, tallies: &mut [T], live: &mut [u64], fixed: &mut [u32], o: u32) -> u64;

    /// X3 in a state (its tallies, live options and `fixed` words): the first active
    /// primary item with the fewest live options, and that number; `None` when every
    /// primary item is covered.
    #[inline(always)]
    fn choose(&self, tallies: &[T], _live: &[u64], _fixed: &[u32]) -> Option<(u32, u32)> {
        T::choose(tallies)
    }
}

/// Applies options through the clash tables and counts live options afresh at X3, for
/// problems whose live set is a few words ([`DenseLayout::count_at_x3`]): X5 is one walk
/// that clears the options that clash from the live set and counts them, and clears the
/// option's primary items from the state's active ones (the last [`ACTIVE_WORDS`] of
/// `fixed`); no tally is kept, so the kill has no loop over the options it kills. X3 counts
/// each active item's live options from its row of the item table. `COLORS`: as for
/// [`ByClashes`].
pub(crate) struct ByCounts<'a, const COLORS: bool> {
    pub layout: &'a DenseLayout,
    pub rows: PrimaryRows<'a>,
}

impl<T: Tally, const COLORS: bool> Apply<T> for ByCounts<'_, COLORS> {
    #[inline(always)]
    fn apply(&self, _tallies: &mut [T], live: &mut [u64], fixed: &mut [u32], o: u32) -> u64 {
        let l = self.layout;
        let mut dying = [0u64; COUNTED_WORDS];
        match l.clash_masks(o) {
            Masks::Row(row) => {
                for ((word, &bits), d) in live.iter_mut().zip(row).zip(&mut dying) {
                    *d = *word & bits;
                    *word ^= *d;
                }
            }
            Masks::Listed(words, bits) => {
                for (&w, &bits) in words.iter().zip(bits) {
                    let w = w as usize % COUNTED_WORDS;
                    dying[w] = live[w] & bits;
                    live[w] ^= dying[w];
                }
            }
        }
        let mut covered = 0u64;
        for &j in self.rows.of_option_with::<0>(o) {
            covered |= 1 << j;
        }
        let a = fixed.len() - ACTIVE_WORDS;
        fixed[a] &= !(covered as u32);
        fixed[a + 1] &= !((covered >> 32) as u32);
        let purified = if COLORS { fix_colors(l, fixed, o) } else { 0 };
        u64::from(l.option_covers[o as usize]) + u64::from(ones(&dying)) + purified
    }

    #[inline(always)]
    fn choose(&self, _tallies: &[T], live: &[u64], fixed: &[u32]) -> Option<(u32, u32)> {
        let a = fixed.len() - ACTIVE_WORDS;
        let mut active = u64::from(fixed[a]) | u64::from(fixed[a + 1]) << 32;
        let mut words = [0u64; COUNTED_WORDS];
        for (w, &l) in words.iter_mut().zip(live) {
            *w = l;
        }
        let rows = self.layout.item_rows.as_deref().expect("an item table");
        // The count and the item's number in one key: the least is the leftmost least.
        let mut best = u32::MAX;
        while active != 0 {
            let k = active.trailing_zeros();
            let row = &rows[k as usize % 64];
            let mut mine = [0u64; COUNTED_WORDS];
            for ((m, &w), &r) in mine.iter_mut().zip(&words).zip(row) {
                *m = w & r;
            }
            best = best.min(ones(&mine) << 8 | k);
            active &= active - 1;
        }
        (best != u32::MAX).then_some((best & 0xff, best >> 8))
    }
}

/// The bits set in `words`: one `popcnt` a word where the search runs with it
/// ([`popcnt::with_popcnt`](super::popcnt::with_popcnt); counting at X3 is chosen only
/// where the processor has it), the standard library's software count elsewhere.
#[inline(always)]
fn ones(words: &[u64; COUNTED_WORDS]) -> u32 {
    words.iter().map(|w| w.count_ones()).sum()
}

/// Applies options through the clash tables: one kill walk for all of the option's covers
/// and purifications, then the covers (and with colours, the colours fixed). `S`: the
/// problem's primary stride when it is 2, 4 or 6, else 0 (see
/// [`PrimaryRows::of_option_with`]). `COLORS`: the problem has colours (compiled out
/// without them).
pub(crate) struct ByClashes<'a, const S: usize, const COLORS: bool> {
    pub layout: &'a DenseLayout,
    pub rows: PrimaryRows<'a>,
}

impl<T: Tally, const S: usize, const COLORS: bool> Apply<T> for ByClashes<'_, S, COLORS> {
    #[inline(always)]
    fn apply(&self, tallies: &mut [T], live: &mut [u64], fixed: &mut [u32], o: u32) -> u64 {
        // Kill every live option that clashes with o or would give one of o's coloured
        // items another colour, one walk over the live set, then mark o's primary items
        // covered.
        let l = self.layout;
        let killed = self.rows.kill_with::<T, S>(tallies, live, l.clash_masks(o));
        for &j in self.rows.of_option_with::<S>(o) {
            tallies[j as usize] = T::COVERED;
        }
        let purified = if COLORS { fix_colors(l, fixed, o) } else { 0 };
        u64::from(l.option_covers[o as usize]) + killed + purified
    }
}

/// Algorithm C's purifications of option `o`'s coloured items, once their options of other
/// colours are killed (by the clash tables): fixes each item's colour, and returns how
/// many were not fixed yet (one update each; an item fixed already has `o`'s colour, or `o`
/// would have been killed).
#[inline(always)]
fn fix_colors(l: &DenseLayout, fixed: &mut [u32], o: u32) -> u64 {
    let mut purified = 0;
    for e in l.option_range(o) {
        let c = l.option_colors[e];
        if c == 0 {
            continue;
        }
        let f = &mut fixed[l.option_items[e] as usize - l.num_primary];
        if *f != c {
            *f = c;
            purified += 1;
        }
    }
    purified
}

/// Applies options item by item when there are no clash tables: every item of the option
/// is covered (its live options killed) or purified (Algorithm C: only the live options
/// that give it another colour killed).
pub(crate) struct ByItems<'a> {
    pub layout: &'a DenseLayout,
    pub rows: PrimaryRows<'a>,
}

impl<T: Tally> Apply<T> for ByItems<'_> {
    #[inline(always)]
    fn apply(&self, tallies: &mut [T], live: &mut [u64], fixed: &mut [u32], o: u32) -> u64 {
        let (l, rows) = (self.layout, &self.rows);
        let n = l.num_primary;
        let mut updates = 0;
        for e in l.option_range(o) {
            let j = l.option_items[e];
            let c = if l.has_colors { l.option_colors[e] } else { 0 };
            if (j as usize) < n {
                tallies[j as usize] = T::COVERED;
            }
            if c == 0 {
                // Cover j: every live option of j, a word at a time.
                updates += 1;
                updates += rows.kill(tallies, live, l.item_masks(j));
                continue;
            }
            // Purify j: only the live options that give it another colour go.
            let f = &mut fixed[j as usize - n];
            if *f == c {
                continue;
            }
            *f = c;
            updates += 1;
            for u in l.item_range(j) {
                let p = l.item_options[u];
                let (w, bit) = (p as usize / 64, 1u64 << (p % 64));
                if live[w] & bit == 0 || l.item_option_colors[u] == c {
                    continue;
                }
                live[w] &= !bit;
                updates += 1;
                rows.lower::<T, 0>(tallies, p);
            }
        }
        updates
    }
}

/// Runs `$body` with `$a` bound to the way to apply options that suits `$layout`: through
/// the clash tables, with the primary stride known at compile time, when there are clash
/// tables; item by item otherwise.
macro_rules! with_applier {
    ($layout:expr, $a:ident => $body:expr) => {{
        let layout: &$crate::dense::layout::DenseLayout = $layout;
        let rows = $crate::dense::apply::PrimaryRows::of(layout);
        if !layout.has_clashes() {
            let $a = $crate::dense::apply::ByItems { layout, rows };
            $body
        } else if layout.counts_at_x3() {
            if layout.has_colors {
                let $a = $crate::dense::apply::ByCounts::<true> { layout, rows };
                $body
            } else {
                let $a = $crate::dense::apply::ByCounts::<false> { layout, rows };
                $body
            }
        } else if layout.has_colors {
            // Colours: a stride of 2 (knight's tours) known at compile time, others not.
            match layout.primary_stride {
                2 => {
                    let $a = $crate::dense::apply::ByClashes::<2, true> { layout, rows };
                    $body
                }
                _ => {
                    let $a = $crate::dense::apply::ByClashes::<0, true> { layout, rows };
                    $body
                }
            }
        } else {
            match layout.primary_stride {
                2 => {
                    let $a = $crate::dense::apply::ByClashes::<2, false> { layout, rows };
                    $body
                }
                4 => {
                    let $a = $crate::dense::apply::ByClashes::<4, false> { layout, rows };
                    $body
                }
                6 => {
                    let $a = $crate::dense::apply::ByClashes::<6, false> { layout, rows };
                    $body
                }
                _ => {
                    let $a = $crate::dense::apply::ByClashes::<0, false> { layout, rows };
                    $body
                }
            }
        }
    }};
}

pub(crate) use with_applier;
