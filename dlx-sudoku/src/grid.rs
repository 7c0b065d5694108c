//! Rectangular grids shared by every family: the one [`Cell`] type (row and column, counted
//! from the top-left corner), and the neighbourhoods the puzzles are made of (orthogonal
//! steps, the king's moves, the knight's moves), each written once.
//!
//! Sudoku and its variants, knight's tours ([`Square`](crate::tour::Square) is this type),
//! Knightdoku and polyomino boards all name cells with it; the grid families take their
//! offsets from here.
//!
//! ```
//! use dlx_sudoku::grid::{neighbours, Cell, KING, KNIGHT, ORTHOGONAL};
//!
//! // A corner of a 3 × 4 grid.
//! let corner = Cell::new(0, 0);
//! assert_eq!(neighbours(3, 4, corner, &ORTHOGONAL).count(), 2);
//! assert_eq!(neighbours(3, 4, corner, &KING).count(), 3);
//! let knight: Vec<_> = neighbours(3, 4, corner, &KNIGHT).collect();
//! assert_eq!(knight, [Cell::new(1, 2), Cell::new(2, 1)]);
//! ```

use std::fmt;

/// A step from one cell to another: `(rows down, columns right)`, negative up or left.
pub type Offset = (isize, isize);

/// A cell, by 0-based row and column. It prints as `r1c1` (1-based), the usual notation.
///
/// ```
/// use dlx_sudoku::grid::Cell;
/// let cell = Cell::new(0, 8);
/// assert_eq!(cell.to_string(), "r1c9");
/// assert_eq!(cell.index(9), 8);
/// assert_eq!(Cell::from_index(80, 9), Cell::new(8, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col` (both from 0).
    ///
    /// See [`Cell`] for an example.
    pub const fn new(row: usize, col: usize) -> Self {
        Cell { row, col }
    }

    /// The cell's position in row-major order in a grid of `cols` columns.
    ///
    /// See [`Cell`] for an example.
    pub const fn index(self, cols: usize) -> usize {
        self.row * cols + self.col
    }

    /// The cell at row-major position `index` in a grid of `cols` columns.
    ///
    /// See [`Cell`] for an example.
    pub const fn from_index(index: usize, cols: usize) -> Self {
        Cell {
            row: index / cols,
            col: index % cols,
        }
    }

    /// The cell with row and column swapped.
    ///
    /// See [`Cell::pair`] for an example.
    pub const fn transposed(self) -> Self {
        Cell::new(self.col, self.row)
    }

    /// The cell written `(row,col)`, 0-based: the knight's tour's notation (its `--start`
    /// reads `ROW,COL`), where [`Display`](fmt::Display) writes Sudoku's `r1c1`.
    ///
    /// ```
    /// use dlx_sudoku::grid::Cell;
    /// assert_eq!(Cell::new(2, 5).transposed().pair().to_string(), "(5,2)");
    /// ```
    pub fn pair(self) -> impl fmt::Display {
        struct Pair(Cell);
        impl fmt::Display for Pair {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "({},{})", self.0.row, self.0.col)
            }
        }
        Pair(self)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

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
/// use dlx_sudoku::grid::{step, Cell};
/// assert_eq!(step(3, 3, Cell::new(1, 1), (1, -1)), Some(Cell::new(2, 0)));
/// assert_eq!(step(3, 3, Cell::new(0, 0), (-1, 0)), None);
/// assert_eq!(step(3, 3, Cell::new(2, 2), (0, 1)), None);
/// ```
#[inline]
pub fn step(rows: usize, cols: usize, cell: Cell, (dr, dc): Offset) -> Option<Cell> {
    let row = cell.row.checked_add_signed(dr)?;
    let col = cell.col.checked_add_signed(dc)?;
    (row < rows && col < cols).then_some(Cell { row, col })
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

/// The cells orthogonally next to cell number `k` of an `n × n` grid (cells numbered row by
/// row), by number: above, below, left, right. For flood fills over numbered cells.
///
/// ```
/// use dlx_sudoku::grid::orthogonal_indices;
/// assert_eq!(orthogonal_indices(3, 0).collect::<Vec<_>>(), [3, 1]);
/// assert_eq!(orthogonal_indices(3, 4).collect::<Vec<_>>(), [1, 7, 3, 5]);
/// ```
pub fn orthogonal_indices(n: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / n, k % n);
    let up = (r > 0).then(|| k - n);
    let down = (r + 1 < n).then(|| k + n);
    let left = (c > 0).then(|| k - 1);
    let right = (c + 1 < n).then(|| k + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Marks in `seen` every cell of an `n × n` grid reachable from `start` by orthogonal
/// steps through cells `passable` accepts (`start` is marked whatever it is); `queue` is
/// the breadth-first queue, passed in so that a caller flooding often keeps its memory.
pub(crate) fn flood_orthogonal(
    n: usize,
    start: usize,
    passable: impl Fn(usize) -> bool,
    seen: &mut [bool],
    queue: &mut Vec<usize>,
) {
    seen.iter_mut().for_each(|s| *s = false);
    queue.clear();
    queue.push(start);
    seen[start] = true;
    let mut head = 0;
    while head < queue.len() {
        let k = queue[head];
        head += 1;
        for j in orthogonal_indices(n, k) {
            if !seen[j] && passable(j) {
                seen[j] = true;
                queue.push(j);
            }
        }
    }
}

/// Whether `a` and `b` are a knight's move apart.
///
/// ```
/// use dlx_sudoku::grid::{is_knight_move, Cell};
/// assert!(is_knight_move(Cell::new(0, 0), Cell::new(2, 1)));
/// assert!(!is_knight_move(Cell::new(0, 0), Cell::new(1, 1)));
/// ```
pub fn is_knight_move(a: Cell, b: Cell) -> bool {
    let dr = a.row.abs_diff(b.row);
    let dc = a.col.abs_diff(b.col);
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
        assert_eq!(neighbours(5, 5, Cell::new(2, 2), &KNIGHT).count(), 8);
        assert_eq!(neighbours(1, 1, Cell::new(0, 0), &KING).count(), 0);
    }
}
