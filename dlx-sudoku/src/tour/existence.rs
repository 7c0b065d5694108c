//! Which boards have tours: Schwenk's theorem for closed tours and the
//! open-tour theorem (Cull & De Curtins 1978, Conrad et al. 1994).

use super::board::{Square, TourBoard};
use super::error::{NoTourReason, StartReason};
use super::path::Closure;

/// Why `board` has no closed tour, or `None` if it has one.
///
/// Schwenk (1991): an m × n board, m ≤ n, has a closed knight's tour unless
/// m and n are both odd; or m is 1, 2 or 4; or m = 3 and n is 4, 6 or 8.
///
/// ```
/// use dlx_sudoku::tour::{closed_tour_obstruction, TourBoard, NoTourReason};
/// assert_eq!(closed_tour_obstruction(TourBoard::new(8, 8)?), None);
/// assert_eq!(
///     closed_tour_obstruction(TourBoard::new(8, 3)?),
///     Some(NoTourReason::ThreeByFourSixEight { other: 8 })
/// );
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn closed_tour_obstruction(board: TourBoard) -> Option<NoTourReason> {
    let (m, n) = (board.short_side(), board.long_side());
    if m % 2 == 1 && n % 2 == 1 {
        Some(NoTourReason::BothSidesOdd)
    } else if matches!(m, 1 | 2 | 4) {
        Some(NoTourReason::ShortSide { side: m })
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Some(NoTourReason::ThreeByFourSixEight { other: n })
    } else {
        None
    }
}

/// Why `board` has no open tour, or `None` if it has one.
///
/// An m × n board, m ≤ n, has an open tour exactly when it is 1 × 1; or m = 3
/// and n = 4 or n ≥ 7; or m = 4 and n ≥ 5; or m ≥ 5.
///
/// ```
/// use dlx_sudoku::tour::{open_tour_obstruction, TourBoard, NoTourReason};
/// assert_eq!(open_tour_obstruction(TourBoard::new(3, 4)?), None);
/// assert_eq!(open_tour_obstruction(TourBoard::new(4, 4)?), Some(NoTourReason::FourByFour));
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn open_tour_obstruction(board: TourBoard) -> Option<NoTourReason> {
    let (m, n) = (board.short_side(), board.long_side());
    match (m, n) {
        (1, 1) => None,
        (1, _) => Some(NoTourReason::SingleLine { length: n }),
        (2, _) => Some(NoTourReason::TwoWide),
        (3, 3 | 5 | 6) => Some(NoTourReason::ThreeByThreeFiveSix { other: n }),
        (4, 4) => Some(NoTourReason::FourByFour),
        _ => None,
    }
}

/// Why `board` has no tour of kind `closure`, or `None` if it has one.
///
/// ```
/// use dlx_sudoku::tour::{tour_obstruction, TourBoard, Closure};
/// let board = TourBoard::new(3, 8)?;
/// assert!(tour_obstruction(board, Closure::Closed).is_some());
/// assert!(tour_obstruction(board, Closure::Open).is_none());
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn tour_obstruction(board: TourBoard, closure: Closure) -> Option<NoTourReason> {
    match closure {
        Closure::Closed => closed_tour_obstruction(board),
        Closure::Open => open_tour_obstruction(board),
    }
}

/// A reason, known without searching, why no open tour of `board` starts at
/// `start`; `None` when the theory leaves it possible. Boards with a closed
/// tour have an open tour from every square, so this only speaks about boards
/// without one.
///
/// ```
/// use dlx_sudoku::tour::{start_obstruction, TourBoard, Square, StartReason};
/// let board = TourBoard::new(5, 5)?;
/// assert_eq!(start_obstruction(board, Square::new(0, 1)), Some(StartReason::MinorityColour));
/// assert_eq!(start_obstruction(board, Square::new(2, 2)), None);
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn start_obstruction(board: TourBoard, start: Square) -> Option<StartReason> {
    // Boards with a closed tour have an open tour from every square.
    closed_tour_obstruction(board)?;
    // A knight always moves to a square of the other colour: on an odd board, a tour
    // starts on the corners' colour (`row + col` even), which has one square more.
    if board.rows() % 2 == 1 && board.cols() % 2 == 1 && (start.row + start.col) % 2 == 1 {
        return Some(StartReason::MinorityColour);
    }
    let inner = |at: usize| at == 1 || at == 2;
    let four_wide_inner = (board.rows() == 4 && board.cols() >= 4 && inner(start.row))
        || (board.cols() == 4 && board.rows() >= 4 && inner(start.col));
    if four_wide_inner {
        return Some(StartReason::InnerLineOfFourWide);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: usize, cols: usize) -> TourBoard {
        TourBoard::new(rows, cols).unwrap()
    }

    #[test]
    fn schwenk_cases() {
        for (m, n, closed) in [
            (1, 1, false),
            (2, 8, false),
            (3, 10, true),
            (3, 12, true),
            (3, 8, false),
            (4, 9, false),
            (5, 6, true),
            (5, 7, false),
            (6, 6, true),
            (7, 8, true),
        ] {
            assert_eq!(
                closed_tour_obstruction(board(m, n)).is_none(),
                closed,
                "{m}x{n}"
            );
            assert_eq!(
                closed_tour_obstruction(board(n, m)).is_none(),
                closed,
                "{n}x{m}"
            );
        }
    }

    #[test]
    fn open_cases() {
        for (m, n, open) in [
            (1, 1, true),
            (1, 2, false),
            (2, 5, false),
            (3, 3, false),
            (3, 4, true),
            (3, 5, false),
            (3, 6, false),
            (3, 7, true),
            (3, 8, true),
            (4, 4, false),
            (4, 5, true),
            (5, 5, true),
        ] {
            assert_eq!(
                open_tour_obstruction(board(m, n)).is_none(),
                open,
                "{m}x{n}"
            );
            assert_eq!(
                open_tour_obstruction(board(n, m)).is_none(),
                open,
                "{n}x{m}"
            );
        }
    }

    #[test]
    fn start_rules() {
        assert_eq!(start_obstruction(board(6, 6), Square::new(0, 1)), None);
        assert_eq!(start_obstruction(board(7, 9), Square::new(1, 1)), None);
        assert_eq!(
            start_obstruction(board(7, 9), Square::new(1, 2)),
            Some(StartReason::MinorityColour)
        );
        assert_eq!(
            start_obstruction(board(4, 9), Square::new(2, 5)),
            Some(StartReason::InnerLineOfFourWide)
        );
        assert_eq!(
            start_obstruction(board(9, 4), Square::new(5, 1)),
            Some(StartReason::InnerLineOfFourWide)
        );
        assert_eq!(start_obstruction(board(4, 9), Square::new(3, 5)), None);
    }
}
