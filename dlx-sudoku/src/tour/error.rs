//! Typed errors: why a tour does not exist, or why none was produced.

use thiserror::Error;

use super::board::Square;
use super::path::Closure;

/// Why a board has no knight's tour of the asked kind at all.
///
/// The messages name the theorem that rules the tour out.
///
/// ```
/// use dlx_sudoku::tour::NoTourReason;
/// let text = NoTourReason::BothSidesOdd.to_string();
/// assert!(text.contains("Schwenk"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum NoTourReason {
    /// Both sides are odd: the board has one more square of one colour, but a
    /// closed tour alternates colours (Schwenk 1991, condition 1).
    #[error(
        "both sides are odd, so the board has one more square of one colour than of the other, \
         while a closed tour alternates colours and needs as many of each \
         (Schwenk's theorem, condition 1)"
    )]
    BothSidesOdd,
    /// The shorter side is 1, 2 or 4 (Schwenk 1991, condition 2).
    #[error(
        "the shorter side is {side}; boards with a side of 1, 2 or 4 have no closed tour \
         (Schwenk's theorem, condition 2)"
    )]
    ShortSide {
        /// The shorter side: 1, 2 or 4.
        side: usize,
    },
    /// The board is 3 × 4, 3 × 6 or 3 × 8 (Schwenk 1991, condition 3).
    #[error(
        "the board is 3x{other}; 3x4, 3x6 and 3x8 boards have no closed tour \
         (Schwenk's theorem, condition 3)"
    )]
    ThreeByFourSixEight {
        /// The longer side: 4, 6 or 8.
        other: usize,
    },
    /// A board with one row and more than one square: a knight cannot move at
    /// all.
    #[error(
        "a board with a single row or column of {length} squares allows no knight move at all \
         (open-tour theorem of Cull & De Curtins and Conrad et al.)"
    )]
    SingleLine {
        /// Number of squares on the line (at least 2).
        length: usize,
    },
    /// A board of width 2: every move changes the long coordinate by 2, so
    /// the knight's graph falls apart into separate pieces.
    #[error(
        "the shorter side is 2: every move changes the long coordinate by 2, so the knight's \
         graph falls apart into separate pieces \
         (open-tour theorem of Cull & De Curtins and Conrad et al.)"
    )]
    TwoWide,
    /// 3 × 3, 3 × 5 or 3 × 6: proved by exhaustion.
    #[error(
        "the board is 3x{other}; 3x3, 3x5 and 3x6 boards have no open tour \
         (open-tour theorem of Cull & De Curtins and Conrad et al.; checked by exhaustion)"
    )]
    ThreeByThreeFiveSix {
        /// The longer side: 3, 5 or 6.
        other: usize,
    },
    /// 4 × 4: proved by exhaustion.
    #[error(
        "the board is 4x4, which has no open tour \
         (open-tour theorem of Cull & De Curtins and Conrad et al.; checked by exhaustion)"
    )]
    FourByFour,
}

/// Why no open tour starts on a given square of a board that has open tours.
///
/// ```
/// use dlx_sudoku::tour::StartReason;
/// assert!(StartReason::MinorityColour.to_string().contains("colour"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum StartReason {
    /// Both sides are odd and the start has the minority colour; an open tour
    /// visits an odd number of squares, alternating colours, so it starts and
    /// ends on the colour of the corners.
    #[error(
        "both sides are odd, so an open tour has an odd number of squares and, alternating \
         colours, starts and ends on the colour of the corners; this square has the other colour"
    )]
    MinorityColour,
    /// On a board of width 4 every open tour starts and ends on an outer line:
    /// outer squares only reach inner ones, and there are as many of each.
    #[error(
        "the board is 4 wide: outer-line squares only reach inner-line squares and there are as \
         many of each, and with the colours this forces every open tour to start and end on an \
         outer line; this square is on an inner line"
    )]
    InnerLineOfFourWide,
    /// An exhaustive search found no tour from this square.
    #[error("an exhaustive search of {steps} steps found none")]
    Exhausted {
        /// Knight moves tried by the search.
        steps: u64,
    },
}

/// Everything that can go wrong when asking for a knight's tour.
///
/// ```
/// use dlx_sudoku::tour::{find_tour, TourBoard, Closure, TourError, TourOptions};
/// let board = TourBoard::new(5, 5)?;
/// let err = find_tour(board, &TourOptions::closed()).unwrap_err();
/// assert!(matches!(err, TourError::NoTour { .. }));
/// assert!(err.to_string().contains("Schwenk"));
/// # Ok::<(), TourError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TourError {
    /// A side of the board is zero.
    #[error("a board needs at least one row and one column, got {rows}x{cols}")]
    EmptyBoard {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The board has more squares than [`MAX_SQUARES`](super::MAX_SQUARES).
    #[error("a {rows}x{cols} board has too many squares")]
    BoardTooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The start square is not on the board.
    #[error("the start square {} is off the {rows}x{cols} board", start.pair())]
    StartOffBoard {
        /// The start asked for.
        start: Square,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// No tour of the asked kind exists on this board.
    #[error("no {closure} knight's tour exists on a {rows}x{cols} board: {reason}")]
    NoTour {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The kind asked for.
        closure: Closure,
        /// The theorem that rules it out.
        reason: NoTourReason,
    },
    /// Open tours exist on the board, but none starts on this square.
    #[error("no open knight's tour of the {rows}x{cols} board starts at {}: {reason}", start.pair())]
    NoTourFromStart {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The start asked for.
        start: Square,
        /// Why not.
        reason: StartReason,
    },
    /// The search stopped at its step limit before finding a tour; one may
    /// still exist.
    #[error(
        "gave up after {steps} search steps without finding a {closure} tour of the \
         {rows}x{cols} board from {}; one may still exist",
        start.pair()
    )]
    SearchLimit {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The kind asked for.
        closure: Closure,
        /// The start asked for.
        start: Square,
        /// Knight moves tried.
        steps: u64,
    },
}
