//! The independent tour verifier.

use thiserror::Error;

use super::board::{Square, TourBoard};
use super::path::Closure;

/// The first thing wrong with a claimed tour. Move numbers count from 1.
///
/// ```
/// use dlx_sudoku::tour::{verify_tour, TourBoard, Closure, Square, TourViolation};
/// let board = TourBoard::new(1, 2)?;
/// let err = verify_tour(board, &[Square::new(0, 0), Square::new(0, 1)], Closure::Open);
/// assert!(matches!(err, Err(TourViolation::NotAKnightMove { .. })));
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TourViolation {
    /// The tour does not have one entry per square.
    #[error("the tour has {got} squares but the board has {expected}")]
    WrongLength {
        /// Squares in the tour.
        got: usize,
        /// Squares on the board.
        expected: usize,
    },
    /// A square is not on the board.
    #[error("move {number} goes to {}, which is off the board", square.pair())]
    OffBoard {
        /// Move number.
        number: usize,
        /// The square.
        square: Square,
    },
    /// A square is visited twice.
    #[error("square {} is visited twice, at moves {first} and {second}", square.pair())]
    Repeated {
        /// The square.
        square: Square,
        /// The earlier visit.
        first: usize,
        /// The later visit.
        second: usize,
    },
    /// Two consecutive squares are not a knight's move apart.
    #[error("moves {number} and {} ({} to {}) are not a knight's move apart", number + 1, from.pair(), to.pair())]
    NotAKnightMove {
        /// Number of the first of the two moves.
        number: usize,
        /// Its square.
        from: Square,
        /// The next square.
        to: Square,
    },
    /// A closed tour whose last square is not a knight's move from its first.
    #[error("the tour should be closed, but its last square {} is not a knight's move from its first {}", last.pair(), first.pair())]
    NotClosed {
        /// The first square.
        first: Square,
        /// The last square.
        last: Square,
    },
}

/// Checks that `squares` visits every square of `board` exactly once with
/// consecutive squares a knight's move apart and, for [`Closure::Closed`], that
/// the last square is a knight's move from the first.
///
/// It shares no code with the tour constructions.
///
/// ```
/// use dlx_sudoku::tour::{verify_tour, TourBoard, Closure, Square};
/// let board = TourBoard::new(1, 1)?;
/// assert!(verify_tour(board, &[Square::new(0, 0)], Closure::Open).is_ok());
/// assert!(verify_tour(board, &[Square::new(0, 0)], Closure::Closed).is_err());
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn verify_tour(
    board: TourBoard,
    squares: &[Square],
    closure: Closure,
) -> Result<(), TourViolation> {
    if squares.len() != board.area() {
        return Err(TourViolation::WrongLength {
            got: squares.len(),
            expected: board.area(),
        });
    }
    let mut seen = vec![0usize; board.area()];
    for (i, &square) in squares.iter().enumerate() {
        if square.row >= board.rows() || square.col >= board.cols() {
            return Err(TourViolation::OffBoard {
                number: i + 1,
                square,
            });
        }
        let slot = &mut seen[square.row * board.cols() + square.col];
        if *slot != 0 {
            return Err(TourViolation::Repeated {
                square,
                first: *slot,
                second: i + 1,
            });
        }
        *slot = i + 1;
    }
    for (i, pair) in squares.windows(2).enumerate() {
        if !knight_apart(pair[0], pair[1]) {
            return Err(TourViolation::NotAKnightMove {
                number: i + 1,
                from: pair[0],
                to: pair[1],
            });
        }
    }
    if closure == Closure::Closed {
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        if !knight_apart(first, last) {
            return Err(TourViolation::NotClosed { first, last });
        }
    }
    Ok(())
}

/// Knight adjacency written out independently of [`crate::grid::is_knight_move`].
fn knight_apart(a: Square, b: Square) -> bool {
    let dr = a.row.abs_diff(b.row);
    let dc = a.col.abs_diff(b.col);
    dr * dr + dc * dc == 5
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: usize, col: usize) -> Square {
        Square::new(row, col)
    }

    /// A hand-checked open tour of the 3x4 board.
    fn three_by_four() -> Vec<Square> {
        // 1 4 7 10 / 12 9 2 5 / 3 6 11 8
        let grid = [[1, 4, 7, 10], [12, 9, 2, 5], [3, 6, 11, 8]];
        let mut squares = vec![sq(0, 0); 12];
        for (r, row) in grid.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                squares[n - 1] = sq(r, c);
            }
        }
        squares
    }

    #[test]
    fn accepts_a_known_open_tour() {
        let board = TourBoard::new(3, 4).unwrap();
        assert_eq!(verify_tour(board, &three_by_four(), Closure::Open), Ok(()));
        assert!(matches!(
            verify_tour(board, &three_by_four(), Closure::Closed),
            Err(TourViolation::NotClosed { .. })
        ));
    }

    #[test]
    fn reports_each_kind_of_fault() {
        let board = TourBoard::new(3, 4).unwrap();
        let good = three_by_four();
        assert!(matches!(
            verify_tour(board, &good[..11], Closure::Open),
            Err(TourViolation::WrongLength {
                got: 11,
                expected: 12
            })
        ));
        let mut off = good.clone();
        off[5] = sq(3, 0);
        assert!(matches!(
            verify_tour(board, &off, Closure::Open),
            Err(TourViolation::OffBoard { number: 6, .. })
        ));
        let mut twice = good.clone();
        twice[11] = twice[0];
        assert!(matches!(
            verify_tour(board, &twice, Closure::Open),
            Err(TourViolation::Repeated {
                first: 1,
                second: 12,
                ..
            })
        ));
        let mut swapped = good;
        swapped.swap(3, 4);
        assert!(matches!(
            verify_tour(board, &swapped, Closure::Open),
            Err(TourViolation::NotAKnightMove { number: 3, .. })
        ));
    }
}
