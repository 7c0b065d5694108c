//! The shape of a Knightdoku grid: its size, its boxes, and how many knights each house
//! holds; and the knight's move.

use crate::grid::{Cell, KNIGHT};
use crate::knightdoku::KnightdokuError;

/// The largest grid: items are named with one base-36 digit per index.
pub const MAX_SIZE: usize = 36;

/// An `n × n` grid cut into `box_rows × box_cols` boxes, with `per_house` knights in every
/// row, column and box.
///
/// ```
/// use dlx_sudoku::grid::Cell;
/// use dlx_sudoku::knightdoku::Geometry;
/// let g = Geometry::CLASSIC;
/// assert_eq!((g.size(), g.box_rows(), g.box_cols(), g.per_house()), (9, 3, 3, 3));
/// assert_eq!(g.box_of(Cell::new(4, 7)), 5);
/// let six = Geometry::new(6, 2, 3, 2)?;
/// assert_eq!(Geometry::for_size(6)?, six);
/// # Ok::<(), dlx_sudoku::knightdoku::KnightdokuError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    per_house: usize,
}

impl Geometry {
    /// David Nacin's Knightdoku: 9×9, 3×3 boxes, three knights per house.
    pub const CLASSIC: Geometry = Geometry {
        size: 9,
        box_rows: 3,
        box_cols: 3,
        per_house: 3,
    };

    /// A grid of `size × size` cells with boxes of `box_rows × box_cols` cells (which must
    /// tile the grid: `box_rows · box_cols = size`) and `per_house` knights (from 1 to
    /// `size`) in every row, column and box.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{Geometry, KnightdokuError};
    /// assert!(Geometry::new(8, 2, 4, 2).is_ok());
    /// assert!(matches!(Geometry::new(8, 3, 3, 2), Err(KnightdokuError::BadGeometry { .. })));
    /// assert!(matches!(Geometry::new(4, 2, 2, 0), Err(KnightdokuError::BadGeometry { .. })));
    /// ```
    pub fn new(
        size: usize,
        box_rows: usize,
        box_cols: usize,
        per_house: usize,
    ) -> Result<Self, KnightdokuError> {
        let bad = |reason: &str| {
            Err(KnightdokuError::BadGeometry {
                size,
                box_rows,
                box_cols,
                per_house,
                reason: reason.to_string(),
            })
        };
        if size == 0 || size > MAX_SIZE {
            return bad("the size must be from 1 to 36");
        }
        if box_rows * box_cols != size {
            return bad("the boxes must have as many cells as a row");
        }
        if per_house == 0 || per_house > size {
            return bad("a house holds from 1 to size knights");
        }
        Ok(Geometry {
            size,
            box_rows,
            box_cols,
            per_house,
        })
    }

    /// The usual geometry for a size: boxes as square as possible (`r × c` with `r ≤ c`,
    /// `r` the largest divisor not above `√size`) and `r` knights per house — 9×9 with 3×3
    /// boxes and 3 knights, 6×6 with 2×3 boxes and 2 knights.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::Geometry;
    /// assert_eq!(Geometry::for_size(9)?, Geometry::CLASSIC);
    /// assert_eq!(Geometry::for_size(8)?.box_rows(), 2);
    /// # Ok::<(), dlx_sudoku::knightdoku::KnightdokuError>(())
    /// ```
    pub fn for_size(size: usize) -> Result<Self, KnightdokuError> {
        let r = (1..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last();
        let r = r.unwrap_or(1);
        Geometry::new(size, r, size / r.max(1), r)
    }

    /// The number of rows (and of columns).
    ///
    /// See [`Geometry`] for an example.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The height of a box.
    ///
    /// See [`Geometry`] for an example.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// The width of a box.
    ///
    /// See [`Geometry`] for an example.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// The number of knights in every row, column and box.
    ///
    /// See [`Geometry`] for an example.
    pub fn per_house(&self) -> usize {
        self.per_house
    }

    /// The box of a cell, numbered row by row from 0.
    ///
    /// See [`Geometry`] for an example.
    pub fn box_of(&self, cell: Cell) -> usize {
        (cell.row / self.box_rows) * (self.size / self.box_cols) + cell.col / self.box_cols
    }

    /// The cells a knight's move away from `cell`, inside the grid, in reading order.
    ///
    /// ```
    /// use dlx_sudoku::grid::Cell;
    /// use dlx_sudoku::knightdoku::Geometry;
    /// let corner = Geometry::CLASSIC.knight_neighbours(Cell::new(0, 0));
    /// assert_eq!(corner, [Cell::new(1, 2), Cell::new(2, 1)]);
    /// assert_eq!(Geometry::CLASSIC.knight_neighbours(Cell::new(4, 4)).len(), 8);
    /// ```
    pub fn knight_neighbours(&self, cell: Cell) -> Vec<Cell> {
        let mut cells: Vec<_> =
            crate::grid::neighbours(self.size, self.size, cell, &KNIGHT).collect();
        cells.sort_unstable();
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_tile_the_grid() {
        let g = Geometry::new(6, 2, 3, 2).unwrap();
        let mut sizes = [0; 6];
        for r in 0..6 {
            for c in 0..6 {
                sizes[g.box_of(Cell::new(r, c))] += 1;
            }
        }
        assert_eq!(sizes, [6; 6]);
        assert_eq!(g.box_of(Cell::new(1, 3)), 1);
        assert_eq!(g.box_of(Cell::new(2, 0)), 2);
    }

    #[test]
    fn knight_moves_are_symmetric() {
        let g = Geometry::for_size(7).unwrap();
        for k in 0..49 {
            let a = Cell::from_index(k, 7);
            for b in g.knight_neighbours(a) {
                assert!(g.knight_neighbours(b).contains(&a));
                assert_eq!(a.row.abs_diff(b.row) * a.col.abs_diff(b.col), 2);
            }
        }
    }

    #[test]
    fn default_geometries() {
        assert_eq!(
            Geometry::for_size(4).unwrap(),
            Geometry::new(4, 2, 2, 2).unwrap()
        );
        assert_eq!(
            Geometry::for_size(7).unwrap(),
            Geometry::new(7, 1, 7, 1).unwrap()
        );
        assert_eq!(
            Geometry::for_size(1).unwrap(),
            Geometry::new(1, 1, 1, 1).unwrap()
        );
        assert!(Geometry::for_size(0).is_err());
        assert!(Geometry::for_size(37).is_err());
    }
}
