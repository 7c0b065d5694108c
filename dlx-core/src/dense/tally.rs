//! Per-item tallies of live options, in bytes when every item has few options (a 9×9
//! Sudoku: at most 9) and in 16-bit words otherwise.

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
    /// The tally of `n` options (`n <= MAX_OPTIONS`).
    fn of(n: usize) -> Self;
    /// As a `u32`.
    fn get(self) -> u32;
    /// One less (wrapping: only secondary items' tallies, which nobody reads, may wrap).
    fn dec(self) -> Self;
    /// The index of the first tally at most `target` (`target < FLOOR`).
    fn first_at_most(tallies: &[Self], target: Self) -> Option<usize>;
}

impl Tally for u8 {
    const COVERED: u8 = 0xff;
    const FLOOR: u8 = 0x80;
    const MAX_OPTIONS: usize = 0x7f;
    #[inline(always)]
    fn of(n: usize) -> u8 {
        n as u8
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn dec(self) -> u8 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn first_at_most(tallies: &[u8], target: u8) -> Option<usize> {
        crate::search::first_at_most(tallies, target)
    }
}

impl Tally for u16 {
    const COVERED: u16 = 0xffff;
    const FLOOR: u16 = 0x8000;
    const MAX_OPTIONS: usize = 0x7fff;
    #[inline(always)]
    fn of(n: usize) -> u16 {
        n as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn dec(self) -> u16 {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn first_at_most(tallies: &[u16], target: u16) -> Option<usize> {
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
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn first_at_most_finds_the_first_small_enough_tally() {
        for len in 0..40usize {
            for at in 0..len {
                let mut words = vec![50u16; len];
                let mut bytes = vec![50u8; len];
                words[at] = 3;
                bytes[at] = 3;
                if at + 1 < len {
                    words[at + 1] = 2;
                    bytes[at + 1] = 2;
                }
                assert_eq!(u16::first_at_most(&words, 3), Some(at));
                assert_eq!(u8::first_at_most(&bytes, 3), Some(at));
                assert_eq!(u16::first_at_most(&words, 1), None);
                assert_eq!(u8::first_at_most(&bytes, 1), None);
            }
        }
    }
}
