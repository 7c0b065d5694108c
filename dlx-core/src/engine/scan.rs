//! The byte scan that X3 shares between engines (the links engine's byte lengths, the
//! dense engine's byte tallies).

/// The index of the first byte at most `target`. Eight bytes at a time when `target` is
/// below 128, with the "has a byte less than n" word trick: `(x - n·0x01…01) & !x &
/// 0x80…80` flags every byte below `n` that no lower byte borrowed into, so its lowest
/// flag is exact (a borrow only starts at a byte below `n`).
/// (X3 never asks for 128 or more: lengths have seven bits.)
pub(crate) fn first_at_most(bytes: &[u8], target: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if target >= 128 {
        // The word trick needs `target + 1 <= 128`.
        return bytes.iter().position(|&b| b <= target);
    }
    let below = ONES * (u64::from(target) + 1);
    let mut words = bytes.chunks_exact(8);
    for (w, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let hits = x.wrapping_sub(below) & !x & HIGHS;
        if hits != 0 {
            return Some(w * 8 + (hits.trailing_zeros() / 8) as usize);
        }
    }
    let tail = bytes.len() - words.remainder().len();
    let k = words.remainder().iter().position(|&b| b <= target)?;
    Some(tail + k)
}
