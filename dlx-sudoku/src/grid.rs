//! Rectangular grids shared by every family: cells as `(row, column)` pairs counted from the
//! top-left corner, and the neighbourhoods the puzzles are made of (orthogonal steps, the
//! king's moves, the knight's moves), each written once.
//!
//! Knight's tours, Knightdoku, variant Sudoku (anti-knight, anti-king, non-consecutive and
//! the other rules on orthogonal pairs) all take their offsets from here.
//!
//! ```
//! use dlx_sudoku::grid::{neighbours, KING, KNIGHT, ORTHOGONAL};
//!
//! // A corner of a 3 × 4 grid.
//! assert_eq!(neighbours(3, 4, (0, 0), &ORTHOGONAL).count(), 2);
//! assert_eq!(neighbours(3, 4, (0, 0), &KING).count(), 3);
//! let knight: Vec<_> = neighbours(3, 4, (0, 0), &KNIGHT).collect();
//! assert_eq!(knight, [(1, 2), (2, 1)]);
//! ```

/// A step from one cell to another: `(rows down, columns right)`, negative up or left.
pub type Offset = (isize, isize);

/// A cell: `(row, column)`, zero-based from the top-left corner.
pub type Cell = (usize, usize);

/// The four orthogonal steps: right, down, left, up.
pub const ORTHOGONAL: [Offset; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The king's eight moves: the orthogonal steps, then the diagonal ones.
pub const KING: [Offset; 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The knight's eight moves, in the order in which Warnsdorff's rule breaks ties on a
/// knight's tour (see [`tour::KNIGHT_MOVES`](crate::tour::KNIGHT_MOVES), the same table).
pub const KNIGHT: [Offset; 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

/// The cell `offset` away from `cell`, if it lies on a `rows × cols` grid.
///
/// ```
/// use dlx_sudoku::grid::step;
/// assert_eq!(step(3, 3, (1, 1), (1, -1)), Some((2, 0)));
/// assert_eq!(step(3, 3, (0, 0), (-1, 0)), None);
/// assert_eq!(step(3, 3, (2, 2), (0, 1)), None);
/// ```
#[inline]
pub fn step(rows: usize, cols: usize, (row, col): Cell, (dr, dc): Offset) -> Option<Cell> {
    let r = row.checked_add_signed(dr)?;
    let c = col.checked_add_signed(dc)?;
    (r < rows && c < cols).then_some((r, c))
}

/// The cells at one of `offsets` from `cell` on a `rows × cols` grid, in the order of
/// `offsets`.
///
/// See the [module](self) for an example.
pub fn neighbours(
    rows: usize,
    cols: usize,
    cell: Cell,
    offsets: &[Offset],
) -> impl Iterator<Item = Cell> + '_ {
    offsets
        .iter()
        .filter_map(move |&d| step(rows, cols, cell, d))
}

/// Whether `a` and `b` are a knight's move apart.
///
/// ```
/// use dlx_sudoku::grid::is_knight_move;
/// assert!(is_knight_move((0, 0), (2, 1)));
/// assert!(!is_knight_move((0, 0), (1, 1)));
/// ```
pub fn is_knight_move(a: Cell, b: Cell) -> bool {
    let dr = a.0.abs_diff(b.0);
    let dc = a.1.abs_diff(b.1);
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_distinct_and_symmetric() {
        for table in [&ORTHOGONAL[..], &KING[..], &KNIGHT[..]] {
            for (k, &(dr, dc)) in table.iter().enumerate() {
                assert!(table.contains(&(-dr, -dc)));
                assert!(!table[..k].contains(&(dr, dc)));
            }
        }
        assert!(KNIGHT.iter().all(|&(r, c)| r.abs() * c.abs() == 2));
        assert!(KING.iter().all(|&(r, c)| r.abs().max(c.abs()) == 1));
        assert_eq!(KING[..4], ORTHOGONAL);
    }

    #[test]
    fn a_knight_in_the_middle_has_eight_moves() {
        assert_eq!(neighbours(5, 5, (2, 2), &KNIGHT).count(), 8);
        assert_eq!(neighbours(1, 1, (0, 0), &KING).count(), 0);
    }
}
