//! TourBoard geometry: squares, the knight's moves and neighbour tables.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::error::TourError;

/// The eight knight moves as `(row, column)` offsets, in the order in which
/// Warnsdorff's rule breaks ties (the grid module's table, [`crate::grid::KNIGHT`]).
pub const KNIGHT_MOVES: [(isize, isize); 8] = crate::grid::KNIGHT;

/// The largest number of squares a [`TourBoard`] may have (square indices are kept
/// in 32 bits).
pub const MAX_SQUARES: usize = (u32::MAX - 1) as usize;

/// A square of a board: the grid's one [`Cell`](crate::grid::Cell) type (row and
/// column from the top-left corner, zero-based). Tours write it `(row,col)`
/// ([`Cell::pair`](crate::grid::Cell::pair)) and read it as `ROW,COL`.
///
/// ```
/// use dlx_sudoku::grid::is_knight_move;
/// use dlx_sudoku::tour::Square;
/// let a = Square::new(0, 0);
/// assert!(is_knight_move(a, Square::new(2, 1)));
/// assert!(!is_knight_move(a, Square::new(1, 1)));
/// assert_eq!(a.pair().to_string(), "(0,0)");
/// ```
pub type Square = crate::grid::Cell;

/// Why a square (`R,C`) or board size (`MxN`) could not be read.
///
/// ```
/// use dlx_sudoku::tour::{TourBoard, Square};
/// assert!("3;4".parse::<Square>().is_err());
/// assert!("8*8".parse::<TourBoard>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text is not two numbers around the separator.
    #[error("expected {expected}, got {text:?}")]
    Syntax {
        /// What was expected, e.g. `ROW,COL`.
        expected: &'static str,
        /// The text given.
        text: String,
    },
    /// The board size is not a valid board.
    #[error(transparent)]
    TourBoard(#[from] TourError),
}

/// Splits `text` at `sep` into two numbers.
fn two_numbers(
    text: &str,
    seps: &[char],
    expected: &'static str,
) -> Result<(usize, usize), ParseError> {
    let bad = || ParseError::Syntax {
        expected,
        text: text.to_string(),
    };
    let (a, b) = text.trim().split_once(seps).ok_or_else(bad)?;
    let a = a.trim().parse().map_err(|_| bad())?;
    let b = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

impl FromStr for Square {
    type Err = ParseError;

    /// Reads `ROW,COL` (zero-based, as in `--start 2,3`).
    ///
    /// ```
    /// use dlx_sudoku::tour::Square;
    /// assert_eq!("2,3".parse(), Ok(Square::new(2, 3)));
    /// assert_eq!(" 0 , 7 ".parse(), Ok(Square::new(0, 7)));
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (row, col) = two_numbers(text, &[','], "ROW,COL")?;
        Ok(Square::new(row, col))
    }
}

impl FromStr for TourBoard {
    type Err = ParseError;

    /// Reads `ROWSxCOLS` (or with `X` or `×`), e.g. `8x8`.
    ///
    /// ```
    /// use dlx_sudoku::tour::TourBoard;
    /// let board: TourBoard = "6x9".parse()?;
    /// assert_eq!((board.rows(), board.cols()), (6, 9));
    /// assert!("0x9".parse::<TourBoard>().is_err());
    /// # Ok::<(), dlx_sudoku::tour::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (rows, cols) = two_numbers(text, &['x', 'X', '×'], "ROWSxCOLS")?;
        Ok(TourBoard::new(rows, cols)?)
    }
}

/// A rectangular board of `rows` × `cols` squares.
///
/// ```
/// use dlx_sudoku::tour::{TourBoard, Square};
/// let board = TourBoard::new(3, 4)?;
/// assert_eq!(board.area(), 12);
/// let moves: Vec<Square> = board.knight_moves(Square::new(0, 0)).collect();
/// assert_eq!(moves, vec![Square::new(1, 2), Square::new(2, 1)]);
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TourBoard {
    rows: usize,
    cols: usize,
}

impl TourBoard {
    /// A board of `rows` × `cols` squares; both must be at least 1 and the area
    /// at most [`MAX_SQUARES`].
    pub fn new(rows: usize, cols: usize) -> Result<Self, TourError> {
        if rows == 0 || cols == 0 {
            return Err(TourError::EmptyBoard { rows, cols });
        }
        match rows.checked_mul(cols) {
            Some(area) if area <= MAX_SQUARES => Ok(Self { rows, cols }),
            _ => Err(TourError::BoardTooLarge { rows, cols }),
        }
    }

    /// Number of rows.
    pub const fn rows(self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub const fn cols(self) -> usize {
        self.cols
    }

    /// Number of squares.
    pub const fn area(self) -> usize {
        self.rows * self.cols
    }

    /// The shorter side.
    pub fn short_side(self) -> usize {
        self.rows.min(self.cols)
    }

    /// The longer side.
    pub fn long_side(self) -> usize {
        self.rows.max(self.cols)
    }

    /// The same board turned on its side (`cols` × `rows`).
    pub const fn transposed(self) -> Self {
        Self {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Whether `square` lies on the board.
    pub fn contains(self, square: Square) -> bool {
        square.row < self.rows && square.col < self.cols
    }

    /// The squares a knight on `square` can reach, in [`KNIGHT_MOVES`] order.
    pub fn knight_moves(self, square: Square) -> impl Iterator<Item = Square> {
        crate::grid::neighbours(self.rows, self.cols, square, &KNIGHT_MOVES)
    }

    /// Row-major index of a square on this board.
    pub(crate) fn index(self, square: Square) -> u32 {
        debug_assert!(self.contains(square));
        square.index(self.cols) as u32
    }

    /// The square with row-major index `index`.
    pub(crate) fn square(self, index: u32) -> Square {
        Square::from_index(index as usize, self.cols)
    }
}

impl fmt::Display for TourBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Up to eight neighbours of one square, as row-major indices in
/// [`KNIGHT_MOVES`] order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Neighbours {
    pub(crate) len: u8,
    pub(crate) squares: [u32; 8],
}

impl Neighbours {
    pub(crate) fn as_slice(&self) -> &[u32] {
        &self.squares[..usize::from(self.len)]
    }
}

/// The neighbour lists of every square of `board`, by row-major index, each
/// in the order of `moves`.
pub(crate) fn neighbour_table(board: TourBoard, moves: &[(isize, isize); 8]) -> Vec<Neighbours> {
    let mut table = Vec::with_capacity(board.area());
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let mut entry = Neighbours {
                len: 0,
                squares: [0; 8],
            };
            let cell = Square::new(row, col);
            for to in crate::grid::neighbours(board.rows(), board.cols(), cell, moves) {
                entry.squares[usize::from(entry.len)] = board.index(to);
                entry.len += 1;
            }
            table.push(entry);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_empty_and_huge_boards() {
        assert!(matches!(
            TourBoard::new(0, 5),
            Err(TourError::EmptyBoard { rows: 0, cols: 5 })
        ));
        assert!(matches!(
            TourBoard::new(usize::MAX, 2),
            Err(TourError::BoardTooLarge { .. })
        ));
    }

    #[test]
    fn moves_follow_the_tie_break_order() {
        let board = TourBoard::new(5, 5).unwrap();
        let got: Vec<Square> = board.knight_moves(Square::new(2, 2)).collect();
        let want: Vec<Square> = KNIGHT_MOVES
            .iter()
            .map(|&(dr, dc)| Square::new((2 + dr) as usize, (2 + dc) as usize))
            .collect();
        assert_eq!(got, want);
        let corner: Vec<Square> = board.knight_moves(Square::new(4, 4)).collect();
        assert_eq!(corner, vec![Square::new(3, 2), Square::new(2, 3)]);
    }

    #[test]
    fn parses_squares_and_boards() {
        assert_eq!("10,0".parse::<Square>(), Ok(Square::new(10, 0)));
        for bad in ["", "1", "1,", ",2", "a,b", "1,2,3", "-1,2"] {
            assert!(
                matches!(bad.parse::<Square>(), Err(ParseError::Syntax { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(
            "3X4".parse::<TourBoard>().unwrap(),
            TourBoard::new(3, 4).unwrap()
        );
        assert_eq!(
            "5×7".parse::<TourBoard>().unwrap(),
            TourBoard::new(5, 7).unwrap()
        );
        assert!(matches!(
            "0x4".parse::<TourBoard>(),
            Err(ParseError::TourBoard(TourError::EmptyBoard { .. }))
        ));
        assert!(matches!(
            "4,4".parse::<TourBoard>(),
            Err(ParseError::Syntax { .. })
        ));
    }

    #[test]
    fn indices_round_trip() {
        let board = TourBoard::new(3, 7).unwrap();
        for i in 0..21 {
            assert_eq!(board.index(board.square(i)), i);
        }
        let table = neighbour_table(board, &KNIGHT_MOVES);
        assert_eq!(
            table[0].as_slice(),
            &[
                board.index(Square::new(1, 2)),
                board.index(Square::new(2, 1))
            ]
        );
    }
}
