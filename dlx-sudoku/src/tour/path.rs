//! The [`Tour`] type: a verified sequence of squares, and [`Closure`].

use std::fmt;

use super::board::{Square, TourBoard};
use super::verify::{verify_tour, TourViolation};

/// Whether a tour must end a knight's move away from its start.
///
/// ```
/// use dlx_sudoku::tour::Closure;
/// assert_eq!(Closure::Closed.to_string(), "closed");
/// assert_eq!(Closure::Open.to_string(), "open");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Closure {
    /// Every square once; the end may be anywhere (a closed tour is also an
    /// open one).
    Open,
    /// Every square once, and the last square is a knight's move from the first
    /// (a re-entrant tour, a Hamiltonian cycle).
    Closed,
}

impl fmt::Display for Closure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Closure::Open => "open",
            Closure::Closed => "closed",
        })
    }
}

/// A knight's tour: every square of a board exactly once, consecutive squares a
/// knight's move apart. A `Tour` can only be built through the verifier, so
/// holding one means it is valid.
///
/// ```
/// use dlx_sudoku::tour::{TourBoard, Closure, Square, Tour};
/// let board = TourBoard::new(1, 1)?;
/// let tour = Tour::new(board, vec![Square::new(0, 0)], Closure::Open).unwrap();
/// assert_eq!(tour.start(), Square::new(0, 0));
/// assert_eq!(tour.to_text(), "1\n");
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    board: TourBoard,
    squares: Vec<Square>,
    closure: Closure,
}

impl Tour {
    /// Checks `squares` with [`verify_tour`] and wraps them.
    pub fn new(
        board: TourBoard,
        squares: Vec<Square>,
        closure: Closure,
    ) -> Result<Self, TourViolation> {
        verify_tour(board, &squares, closure)?;
        Ok(Self {
            board,
            squares,
            closure,
        })
    }

    /// Builds a tour from row-major square indices (internal constructors).
    pub(crate) fn from_indices(
        board: TourBoard,
        indices: &[u32],
        closure: Closure,
    ) -> Result<Self, TourViolation> {
        let squares = indices.iter().map(|&i| board.square(i)).collect();
        Self::new(board, squares, closure)
    }

    /// The board toured.
    pub fn board(&self) -> TourBoard {
        self.board
    }

    /// The squares in the order visited.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The kind of tour that was asked for and verified.
    pub fn closure(&self) -> Closure {
        self.closure
    }

    /// The first square.
    pub fn start(&self) -> Square {
        self.squares[0]
    }

    /// The last square.
    pub fn end(&self) -> Square {
        self.squares[self.squares.len() - 1]
    }

    /// Whether the last square is a knight's move from the first, whatever
    /// was asked for.
    pub fn is_reentrant(&self) -> bool {
        crate::grid::is_knight_move(self.end(), self.start())
    }

    /// Move numbers (1 for the start) in row-major order.
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, TourBoard, TourOptions};
    /// let tour = find_tour(TourBoard::new(3, 4)?, &TourOptions::open())?;
    /// let numbers = tour.move_numbers();
    /// assert_eq!(numbers[0], 1);
    /// assert_eq!(numbers.len(), 12);
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn move_numbers(&self) -> Vec<usize> {
        let mut numbers = vec![0; self.board.area()];
        for (i, square) in self.squares.iter().enumerate() {
            numbers[square.row * self.board.cols() + square.col] = i + 1;
        }
        numbers
    }

    /// The same tour on the transposed board.
    pub(crate) fn transposed(&self) -> Self {
        Self {
            board: self.board.transposed(),
            squares: self.squares.iter().map(|s| s.transposed()).collect(),
            closure: self.closure,
        }
    }
}

impl fmt::Display for Tour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
