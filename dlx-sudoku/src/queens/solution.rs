//! A placement of queens: checking it from the rules of chess, and drawing it as text.

use std::fmt;

use thiserror::Error;

/// How a placement of queens fails to solve the n queens problem.
///
/// ```
/// use dlx_sudoku::queens::{QueensSolution, QueensViolation};
/// let s = QueensSolution::from_squares(2, vec![(0, 0), (1, 1)]);
/// assert_eq!(s.check(), Err(QueensViolation::Attack { first: (0, 0), second: (1, 1) }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum QueensViolation {
    /// Not exactly `n` queens.
    #[error("{found} queens on a board that needs {n}")]
    WrongNumber {
        /// The queens placed.
        found: usize,
        /// The size of the board.
        n: usize,
    },
    /// A queen off the board.
    #[error("queen at row {}, column {} is off the board", .0.0 + 1, .0.1 + 1)]
    OffBoard((usize, usize)),
    /// Two queens on one line (row, column or diagonal).
    #[error("queens at row {}, column {} and row {}, column {} attack each other",
            .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
    Attack {
        /// One queen `(row, col)`.
        first: (usize, usize),
        /// Another queen on a line through it.
        second: (usize, usize),
    },
}

/// Queens on an `n × n` board, as `(row, col)` squares counted from 0 at the top left.
///
/// ```
/// use dlx_sudoku::queens::QueensSolution;
/// let s = QueensSolution::from_columns(vec![1, 3, 0, 2]);
/// assert!(s.check().is_ok());
/// assert_eq!(s.to_string(), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueensSolution {
    n: usize,
    /// Sorted.
    squares: Vec<(usize, usize)>,
}

impl QueensSolution {
    /// Queens on the given squares of an `n × n` board (in any order).
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// let s = QueensSolution::from_squares(1, vec![(0, 0)]);
    /// assert_eq!(s.squares(), [(0, 0)]);
    /// ```
    pub fn from_squares(n: usize, mut squares: Vec<(usize, usize)>) -> Self {
        squares.sort_unstable();
        QueensSolution { n, squares }
    }

    /// One queen per row: `columns[row]` is its column; the board is `columns.len()` wide.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// let s = QueensSolution::from_columns(vec![2, 0, 3, 1]);
    /// assert_eq!(s.squares()[0], (0, 2));
    /// ```
    pub fn from_columns(columns: Vec<usize>) -> Self {
        let n = columns.len();
        Self::from_squares(n, columns.into_iter().enumerate().collect())
    }

    /// The size of the board.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// assert_eq!(QueensSolution::from_columns(vec![0]).n(), 1);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens, sorted by row then column.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// let s = QueensSolution::from_squares(4, vec![(3, 2), (0, 1)]);
    /// assert_eq!(s.squares(), [(0, 1), (3, 2)]);
    /// ```
    pub fn squares(&self) -> &[(usize, usize)] {
        &self.squares
    }

    /// The queens' columns in row order.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// assert_eq!(QueensSolution::from_columns(vec![1, 3, 0, 2]).columns(), [1, 3, 0, 2]);
    /// ```
    pub fn columns(&self) -> Vec<usize> {
        self.squares.iter().map(|&(_, c)| c).collect()
    }

    /// Checks the placement from the rules: `n` queens on the board, no two on a row, a
    /// column or a diagonal. Compares every pair, sharing nothing with the encoding.
    ///
    /// ```
    /// use dlx_sudoku::queens::{QueensSolution, QueensViolation};
    /// assert!(QueensSolution::from_columns(vec![1, 3, 0, 2]).check().is_ok());
    /// assert_eq!(QueensSolution::from_columns(vec![0, 2, 0]).check(),
    ///            Err(QueensViolation::Attack { first: (0, 0), second: (2, 0) }));
    /// ```
    pub fn check(&self) -> Result<(), QueensViolation> {
        if let Some(&q) = self
            .squares
            .iter()
            .find(|&&(r, c)| r >= self.n || c >= self.n)
        {
            return Err(QueensViolation::OffBoard(q));
        }
        for (i, &first) in self.squares.iter().enumerate() {
            for &second in &self.squares[i + 1..] {
                let dr = first.0.abs_diff(second.0);
                let dc = first.1.abs_diff(second.1);
                if dr == 0 || dc == 0 || dr == dc {
                    return Err(QueensViolation::Attack { first, second });
                }
            }
        }
        if self.squares.len() != self.n {
            return Err(QueensViolation::WrongNumber {
                found: self.squares.len(),
                n: self.n,
            });
        }
        Ok(())
    }

    /// The board as text: one line per row, `Q` for a queen and `.` for an empty square,
    /// separated by spaces.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// assert_eq!(QueensSolution::from_columns(vec![0]).render_text(), "Q\n");
    /// ```
    pub fn render_text(&self) -> String {
        let mut out = String::with_capacity(2 * self.n * self.n);
        for r in 0..self.n {
            for c in 0..self.n {
                if c > 0 {
                    out.push(' ');
                }
                out.push(if self.squares.binary_search(&(r, c)).is_ok() {
                    'Q'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for QueensSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_catches_every_kind_of_attack() {
        let row = QueensSolution::from_squares(3, vec![(0, 0), (0, 2), (2, 1)]);
        assert!(matches!(row.check(), Err(QueensViolation::Attack { .. })));
        let anti = QueensSolution::from_squares(4, vec![(0, 3), (3, 0)]);
        assert!(matches!(anti.check(), Err(QueensViolation::Attack { .. })));
        let few = QueensSolution::from_squares(4, vec![(0, 1), (1, 3)]);
        assert_eq!(
            few.check(),
            Err(QueensViolation::WrongNumber { found: 2, n: 4 })
        );
        let off = QueensSolution::from_squares(2, vec![(0, 5)]);
        assert_eq!(off.check(), Err(QueensViolation::OffBoard((0, 5))));
    }

    #[test]
    fn text_marks_queens_row_by_row() {
        let s = QueensSolution::from_columns(vec![2, 0, 3, 1]);
        assert_eq!(s.render_text(), ". . Q .\nQ . . .\n. . . Q\n. Q . .\n");
        assert_eq!(s.to_string(), s.render_text());
    }

    #[test]
    fn violation_messages_count_from_one() {
        let e = QueensViolation::OffBoard((0, 5));
        assert_eq!(e.to_string(), "queen at row 1, column 6 is off the board");
    }
}
