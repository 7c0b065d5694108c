//! Per-item tallies of live options: keyed 16-bit words (the tally and the item's number in
//! one, so that X3's choice is a single minimum) when the problem is small enough (a 9×9
//! Sudoku: 324 primary items, at most 9 options each), else bytes when every item has few
//! options, else plain 16-bit words.

use super::layout::TALLY_CHUNK;

/// A tally of live options. A covered item's tally is set to [`COVERED`](Tally::COVERED)
/// and may then be decremented once per option it has, so it never falls below
/// [`FLOOR`](Tally::FLOOR), which no active item reaches.
pub(crate) trait Tally: Copy + Ord + std::fmt::Debug + Send + Sync + 'static {
    /// The tally of a covered item.
    const COVERED: Self;
    /// Every covered item's tally is at least this; every active one's below.
    const FLOOR: Self;
    /// The most options an item may have.
    const MAX_OPTIONS: usize;
    /// The most primary items a problem may have.
    const MAX_ITEMS: usize;
    /// The tally of `n` options of item `item` (`n <= MAX_OPTIONS`, `item < MAX_ITEMS`).
    fn of(n: usize, item: usize) -> Self;
    /// One less.
    fn dec(self) -> Self;
    /// One more.
    fn inc(self) -> Self;
    /// X3: the first item with the fewest options among `tallies`, and that number;
    /// `None` when every item is covered.
    fn choose(tallies: &[Self]) -> Option<(u32, u32)>;
}

/// The leftmost least tally, for tallies that do not hold their item's number: the least
/// one first, then where it first is.
#[inline(always)]
fn leftmost_least<T: Tally + Into<u32>>(
    tallies: &[T],
    first_at_most: impl Fn(&[T], T) -> Option<usize>,
) -> Option<(u32, u32)> {
    let least = tallies.iter().copied().min()?;
    if least >= T::FLOOR {
        return None;
    }
    let i = first_at_most(tallies, least).expect("the least tally is there");
    Some((i as u32, least.into()))
}

impl Tally for u8 {
    const COVERED: u8 = 0xff;
    const FLOOR: u8 = 0x80;
    const MAX_OPTIONS: usize = 0x7f;
    const MAX_ITEMS: usize = usize::MAX;
    #[inline(always)]
    fn of(n: usize, _item: usize) -> u8 {
        n as u8
    }
    #[inline(always)]
    fn dec(self) -> u8 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn inc(self) -> u8 {
        self + 1
    }
    #[inline(always)]
    fn choose(tallies: &[u8]) -> Option<(u32, u32)> {
        leftmost_least(tallies, crate::engine::first_at_most)
    }
}

impl Tally for u16 {
    const COVERED: u16 = 0xffff;
    const FLOOR: u16 = 0x8000;
    const MAX_OPTIONS: usize = 0x7fff;
    const MAX_ITEMS: usize = usize::MAX;
    #[inline(always)]
    fn of(n: usize, _item: usize) -> u16 {
        n as u16
    }
    #[inline(always)]
    fn dec(self) -> u16 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn inc(self) -> u16 {
        self + 1
    }
    #[inline(always)]
    fn choose(tallies: &[u16]) -> Option<(u32, u32)> {
        leftmost_least(tallies, first_at_most_u16)
    }
}

/// The index of the first of `tallies` at most `target`.
#[inline(always)]
fn first_at_most_u16(tallies: &[u16], target: u16) -> Option<usize> {
    // Eight at a time: a whole chunk is tested before its position is looked for.
    let mut chunks = tallies.chunks_exact(8);
    for (c, chunk) in chunks.by_ref().enumerate() {
        if chunk.iter().fold(false, |hit, &t| hit | (t <= target)) {
            return chunk.iter().position(|&t| t <= target).map(|k| c * 8 + k);
        }
    }
    let tail = tallies.len() - chunks.remainder().len();
    chunks
        .remainder()
        .iter()
        .position(|&t| t <= target)
        .map(|k| tail + k)
}

/// A tally and its item's number in one signed 16-bit word: `tally << KEY_BITS | item`.
/// The least word is then the leftmost item with the fewest options, so X3 takes one
/// minimum over the tallies (SSE2's `pminsw`) and no second pass to find where it is. For
/// problems with at most 512 primary items of at most 31 options each (a 9×9 Sudoku,
/// queens up to 31×31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Keyed(i16);

/// The bits of a [`Keyed`] tally that hold the item's number.
const KEY_BITS: u32 = 9;

impl Tally for Keyed {
    /// Covered items start from the top: at most 31 options lower them to 0x41ff at least,
    /// above every active item's word (at most 31 << 9 | 511 = 0x3fff).
    const COVERED: Keyed = Keyed(0x7fff);
    const FLOOR: Keyed = Keyed(0x4000);
    const MAX_OPTIONS: usize = 31;
    const MAX_ITEMS: usize = 1 << KEY_BITS;
    #[inline(always)]
    fn of(n: usize, item: usize) -> Keyed {
        Keyed(((n as i16) << KEY_BITS) | item as i16)
    }
    #[inline(always)]
    fn dec(self) -> Keyed {
        Keyed(self.0 - (1 << KEY_BITS))
    }
    #[inline(always)]
    fn inc(self) -> Keyed {
        Keyed(self.0 + (1 << KEY_BITS))
    }
    #[inline(always)]
    fn choose(tallies: &[Keyed]) -> Option<(u32, u32)> {
        // Lane by lane over whole chunks (a state's tallies are padded to them), so that
        // the loop keeps several vector minima going; then across the lanes.
        let mut lanes = [i16::MAX; TALLY_CHUNK];
        let chunks = tallies.chunks_exact(TALLY_CHUNK);
        let rest = chunks.remainder();
        for chunk in chunks {
            for (lane, t) in lanes.iter_mut().zip(chunk) {
                *lane = (*lane).min(t.0);
            }
        }
        let lanes = lanes.iter().copied();
        let least = lanes.chain(rest.iter().map(|k| k.0)).min()?;
        if least >= Self::FLOOR.0 {
            return None;
        }
        let least = least as u32;
        Some((least & ((1 << KEY_BITS) - 1), least >> KEY_BITS))
    }
}

#[cfg(test)]
mod tests {
    use super::{first_at_most_u16, Keyed, Tally};

    #[test]
    fn first_at_most_finds_the_first_small_enough_tally() {
        for len in 0..40usize {
            for at in 0..len {
                let mut words = vec![50u16; len];
                words[at] = 3;
                if at + 1 < len {
                    words[at + 1] = 2;
                }
                assert_eq!(first_at_most_u16(&words, 3), Some(at));
                assert_eq!(first_at_most_u16(&words, 1), None);
            }
        }
    }

    /// The tallies `counts` (`None`: covered, after `lowered` decrements) as each kind.
    fn tallies<T: Tally>(counts: &[Option<usize>], lowered: usize) -> Vec<T> {
        let mut t: Vec<T> = counts
            .iter()
            .enumerate()
            .map(|(k, c)| c.map_or(T::COVERED, |n| T::of(n, k)))
            .collect();
        for (k, c) in counts.iter().enumerate() {
            if c.is_none() {
                for _ in 0..lowered {
                    t[k] = t[k].dec();
                }
            }
        }
        t
    }

    #[test]
    fn every_kind_of_tally_chooses_the_leftmost_least() {
        // 300 items with counts from 1 to 31 and some covered (lowered 31 times, the most
        // a keyed tally allows); the leftmost least must win however the counts fall.
        let mut seed = 12345u32;
        for _ in 0..200 {
            let counts: Vec<Option<usize>> = (0..300)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    let r = (seed >> 16) as usize % 40;
                    (r < 32).then_some(r)
                })
                .collect();
            let want = counts
                .iter()
                .enumerate()
                .filter_map(|(k, c)| c.map(|n| (n, k)))
                .min()
                .map(|(n, k)| (k as u32, n as u32));
            assert_eq!(Keyed::choose(&tallies::<Keyed>(&counts, 31)), want);
            assert_eq!(u8::choose(&tallies::<u8>(&counts, 31)), want);
            assert_eq!(u16::choose(&tallies::<u16>(&counts, 31)), want);
        }
        let covered = vec![None; 512];
        assert_eq!(Keyed::choose(&tallies::<Keyed>(&covered, 31)), None);
        assert_eq!(Keyed::choose(&[]), None);
    }

    #[test]
    fn a_keyed_tally_holds_the_largest_item_and_count() {
        let last = Keyed::of(Keyed::MAX_OPTIONS, Keyed::MAX_ITEMS - 1);
        assert!(last < Keyed::FLOOR);
        let mut t = [Keyed::COVERED, last];
        assert_eq!(Keyed::choose(&t), Some((511, 31)));
        for _ in 0..Keyed::MAX_OPTIONS {
            t[0] = t[0].dec();
        }
        assert!(t[0] >= Keyed::FLOOR);
        assert_eq!(Keyed::choose(&t), Some((511, 31)));
    }
}
