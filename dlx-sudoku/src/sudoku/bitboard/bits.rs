//! A set of cells as `W` 64-bit words: bit `k` of word `k / 64` is cell `k` (row-major).
//! Two words hold a 9×9 grid (81 cells), four a 16×16 one.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cells of a grid of at most `64 · W` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const W: usize> Bits<W> {
    /// No cell.
    pub(crate) const ZERO: Self = Bits([0; W]);

    /// The first `cells` cells.
    pub(crate) fn first_n(cells: usize) -> Self {
        let mut b = Self::ZERO;
        for k in 0..cells {
            b.insert(k);
        }
        b
    }

    /// Adds cell `k`.
    #[inline]
    pub(crate) fn insert(&mut self, k: usize) {
        self.0[k / 64] |= 1 << (k % 64);
    }

    /// Removes cell `k`.
    #[inline]
    pub(crate) fn remove(&mut self, k: usize) {
        self.0[k / 64] &= !(1 << (k % 64));
    }

    /// Whether cell `k` is in the set.
    #[inline]
    pub(crate) fn contains(&self, k: usize) -> bool {
        self.0[k / 64] >> (k % 64) & 1 != 0
    }

    /// True for the empty set.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub(crate) fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Cells in `self` and not in `other`.
    #[inline]
    pub(crate) fn and_not(self, other: Self) -> Self {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0) {
            *o &= !b;
        }
        out
    }

    /// The number of cells, at most `limit` (counting stops there): cheap when only
    /// "none, one, or more" matters, with no population-count instruction.
    #[inline]
    pub(crate) fn count_to(&self, limit: u32) -> u32 {
        let mut n = 0;
        for &w in &self.0 {
            let mut w = w;
            while w != 0 {
                n += 1;
                if n >= limit {
                    return n;
                }
                w &= w - 1;
            }
        }
        n
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell, if any.
    #[inline]
    pub(crate) fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, &w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The highest cell, if any.
    #[inline]
    pub(crate) fn last(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(i, &w)| i * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The cells, lowest first.
    #[inline]
    pub(crate) fn iter(self) -> Iter<W> {
        Iter {
            bits: self,
            word: 0,
        }
    }
}

/// The cells of a [`Bits`], lowest first.
pub(crate) struct Iter<const W: usize> {
    bits: Bits<W>,
    word: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = &mut self.bits.0[self.word];
            if *w != 0 {
                let k = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + k);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, rhs: Self) -> Self {
        self &= rhs;
        self
    }
}

impl<const W: usize> BitAndAssign for Bits<W> {
    #[inline]
    fn bitand_assign(&mut self, rhs: Self) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, rhs: Self) -> Self {
        self |= rhs;
        self
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_across_words() {
        let mut b = Bits::<2>::ZERO;
        assert!(b.is_empty());
        b.insert(3);
        b.insert(80);
        assert_eq!(b.iter().collect::<Vec<_>>(), [3, 80]);
        assert_eq!(
            (b.len(), b.count_to(2), b.count_to(1), b.len()),
            (2, 2, 1, 2)
        );
        assert_eq!((b.first(), b.last()), (Some(3), Some(80)));
        assert_eq!(Bits::<2>::ZERO.last(), None);
        b.remove(3);
        assert_eq!(
            (b.first(), b.len(), Bits::<2>::ZERO.len()),
            (Some(80), 1, 0)
        );
        assert!(b.contains(80) && !b.contains(3));
        let all = Bits::<2>::first_n(81);
        assert_eq!(all.len(), 81);
        assert_eq!(all.and_not(b).len(), 80);
        assert!(all.intersects(&b));
        assert_eq!((!all & Bits::first_n(100)).len(), 19);
    }
}
