//! A shape's geometry as cell sets, computed once per shape: the houses that hold every
//! digit (the primary items of the exact cover besides the cells) and, for each cell, its
//! peers (the cells that share a house with it, full or not).

use crate::sudoku::shape::Shape;

use super::bits::Bits;

/// The masks of one shape, for grids of at most `64 · W` cells and `D` digits.
#[derive(Clone, Debug)]
pub(crate) struct Layout<const W: usize, const D: usize> {
    /// Digits (and rows, and columns).
    pub(crate) n: usize,
    /// Every cell.
    pub(crate) all: Bits<W>,
    /// The houses of `n` cells, in the shape's order: each holds every digit once.
    pub(crate) full: Vec<Bits<W>>,
    /// For each cell, the other cells of its houses (a house smaller than `n` holds a
    /// digit at most once, so it only forbids).
    pub(crate) peers: Vec<Bits<W>>,
    /// For each cell, the full houses holding it, as bits (house `h` is bit `h` of
    /// `full`'s order); every bit when the shape has more than 128 full houses.
    pub(crate) houses_of: Vec<u128>,
    /// The most cells two full houses share (locked candidates look no further); 0 when
    /// `houses_of` does not name each house (more than 128 full houses), which turns locked
    /// candidates off.
    pub(crate) most_shared: u32,
}

impl<const W: usize, const D: usize> Layout<W, D> {
    /// Whether a shape fits: at most `64 · W` cells and `D` digits.
    pub(crate) fn fits(shape: &Shape) -> bool {
        shape.size() <= D && shape.num_cells() <= 64 * W
    }

    /// The masks of a shape that [`fits`](Self::fits).
    pub(crate) fn new(shape: &Shape) -> Self {
        debug_assert!(Self::fits(shape));
        let n = shape.size();
        let cells = shape.num_cells();
        let mut full = Vec::new();
        let mut peers = vec![Bits::ZERO; cells];
        let mut houses_of = vec![0u128; cells];
        let many = shape.houses().iter().filter(|h| h.is_full(n)).count() > 128;
        for house in shape.houses() {
            let mut mask = Bits::ZERO;
            for cell in house.cells() {
                mask.insert(cell.index(n));
            }
            for cell in house.cells() {
                let k = cell.index(n);
                peers[k] |= mask;
            }
            if house.is_full(n) {
                for cell in house.cells() {
                    houses_of[cell.index(n)] |= if many { u128::MAX } else { 1 << full.len() };
                }
                full.push(mask);
            }
        }
        for (k, p) in peers.iter_mut().enumerate() {
            p.remove(k);
        }
        let mut most_shared = 0;
        if !many {
            for (i, a) in full.iter().enumerate() {
                for b in &full[i + 1..] {
                    most_shared = most_shared.max((*a & *b).len());
                }
            }
        }
        Layout {
            n,
            all: Bits::first_n(cells),
            full,
            peers,
            houses_of,
            most_shared,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Cell;

    #[test]
    fn classic_masks() {
        let l = Layout::<2, 9>::new(&Shape::classic());
        assert_eq!((l.n, l.full.len(), l.all.len()), (9, 27, 81));
        // r1c1 sees 8 in its row, 8 in its column and 4 more in its box.
        assert_eq!(l.peers[0].len(), 20);
        assert_eq!(l.houses_of[80], 1 << 8 | 1 << 17 | 1 << 26);
        assert!(l.peers[0].contains(Cell::new(2, 2).index(9)));
        assert!(!l.peers[0].contains(Cell::new(3, 3).index(9)));
        let x = Layout::<2, 9>::new(&Shape::classic().with_diagonals());
        assert_eq!((x.full.len(), x.peers[0].len()), (29, 26));
        assert!(Layout::<2, 9>::fits(&Shape::classic()));
        assert!(!Layout::<2, 9>::fits(&Shape::for_size(10).unwrap()));
    }
}
