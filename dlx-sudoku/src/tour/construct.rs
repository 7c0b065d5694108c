//! Choosing a construction: search on small boards, divide and conquer on
//! large ones, stretched bands on long boards of width 3 or 4.

use super::blocks::divide_and_conquer;
use super::board::{Square, TourBoard};
use super::error::StartReason;
use super::error::TourError;
use super::existence::{closed_tour_obstruction, start_obstruction, tour_obstruction};
use super::path::{Closure, Tour};
use super::strip::strip_tour;
use super::warnsdorff::{search_with_restarts, Outcome, DEFAULT_SEARCH_STEPS};

/// Boards whose longer side is at most this are solved by search.
pub const SEARCH_SIDE: usize = 12;

/// Boards of width 3 or 4 are solved by search up to this length.
pub const SEARCH_STRIP: usize = 17;

/// Step limit for the first try of a small-board search.
const FIRST_STEPS: u64 = 2_000_000;

/// What tour to build.
///
/// ```
/// use dlx_sudoku::tour::{Closure, Square, TourOptions};
/// let options = TourOptions::open().with_start(Square::new(2, 3));
/// assert_eq!(options.closure, Some(Closure::Open));
/// assert_eq!(TourOptions::default().closure, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourOptions {
    /// The square the tour starts on (default: the top-left corner).
    pub start: Square,
    /// The kind of tour; `None` asks for a closed tour where Schwenk's theorem
    /// allows one and an open tour otherwise.
    pub closure: Option<Closure>,
    /// Step limit for the Warnsdorff search on small boards.
    pub max_search_steps: u64,
}

impl Default for TourOptions {
    fn default() -> Self {
        Self {
            start: Square::new(0, 0),
            closure: None,
            max_search_steps: DEFAULT_SEARCH_STEPS,
        }
    }
}

impl TourOptions {
    /// A closed tour from the top-left corner.
    pub fn closed() -> Self {
        Self {
            closure: Some(Closure::Closed),
            ..Self::default()
        }
    }

    /// An open tour from the top-left corner.
    pub fn open() -> Self {
        Self {
            closure: Some(Closure::Open),
            ..Self::default()
        }
    }

    /// The same options starting on `start`.
    pub fn with_start(self, start: Square) -> Self {
        Self { start, ..self }
    }
}

/// Builds a knight's tour of `board` as `options` ask.
///
/// - If no tour of the kind exists, says why ([`TourError::NoTour`], naming
///   Schwenk's theorem or the open-tour theorem), and if the theory rules out
///   the start square of an open tour, says that
///   ([`TourError::NoTourFromStart`]).
/// - Boards whose longer side is at most [`SEARCH_SIDE`] are solved by
///   Warnsdorff's rule with backtracking, restarted with other tie-break
///   orders (and, for closed tours, other start squares) when a try runs long;
///   closed tours are searched from the top-left corner first, exactly as
///   [`warnsdorff_tour`](super::warnsdorff_tour) does, and then begun at the
///   start square.
/// - Larger boards with both sides at least 5 are built by divide and conquer
///   (Parberry's method with structured base tours), in linear time.
/// - Boards of width 3 or 4 longer than [`SEARCH_STRIP`] are built from a
///   short board solved with forced periodic bands, stretched to length, in
///   linear time.
///
/// A closed tour is also a valid open tour: on boards that have closed tours,
/// an open tour may come back a knight's move from its start.
///
/// ```
/// use dlx_sudoku::tour::{find_tour, TourBoard, Square, TourOptions};
/// let board = TourBoard::new(10, 10)?;
/// let tour = find_tour(board, &TourOptions::closed().with_start(Square::new(4, 5)))?;
/// assert_eq!(tour.start(), Square::new(4, 5));
/// assert!(tour.is_reentrant());
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn find_tour(board: TourBoard, options: &TourOptions) -> Result<Tour, TourError> {
    let start = options.start;
    if !board.contains(start) {
        return Err(TourError::StartOffBoard {
            start,
            rows: board.rows(),
            cols: board.cols(),
        });
    }
    let closure = options
        .closure
        .unwrap_or(if closed_tour_obstruction(board).is_none() {
            Closure::Closed
        } else {
            Closure::Open
        });
    if let Some(reason) = tour_obstruction(board, closure) {
        return Err(TourError::NoTour {
            rows: board.rows(),
            cols: board.cols(),
            closure,
            reason,
        });
    }
    if closure == Closure::Open {
        if let Some(reason) = start_obstruction(board, start) {
            return Err(TourError::NoTourFromStart {
                rows: board.rows(),
                cols: board.cols(),
                start,
                reason,
            });
        }
    }
    let steps = options.max_search_steps;
    let (short, long) = (board.short_side(), board.long_side());
    if long <= SEARCH_SIDE {
        return small_board(board, start, closure, steps);
    }
    if short >= 5 {
        return divide_and_conquer(board, start, closure);
    }
    // Width 3 or 4: search short boards, stretch bands on long ones, and try
    // the other way if the first runs out of steps.
    let strip = || {
        if board.rows() <= 4 {
            strip_tour(board, start, closure)
        } else {
            strip_tour(board.transposed(), start.transposed(), closure).map(|t| t.transposed())
        }
    };
    if long <= SEARCH_STRIP {
        match small_board(board, start, closure, steps) {
            Err(TourError::SearchLimit { .. }) => strip(),
            other => other,
        }
    } else {
        match strip() {
            Err(TourError::SearchLimit { .. }) if long <= 2 * SEARCH_STRIP => {
                small_board(board, start, closure, steps)
            }
            other => other,
        }
    }
}

/// Step limit for each restart of a small-board search.
const RETRY_STEPS: u64 = 200_000;

/// Search on a small board, with restarts. A closed tour is searched from the
/// corner first (so the first try is exactly [`warnsdorff_tour`]), then from
/// other squares, and begun at `start`.
fn small_board(
    board: TourBoard,
    start: Square,
    closure: Closure,
    steps: u64,
) -> Result<Tour, TourError> {
    let closed = closure == Closure::Closed;
    let from = (!closed).then(|| board.index(start));
    let first = steps.min(FIRST_STEPS);
    match search_with_restarts(board, from, closed, None, first, RETRY_STEPS, steps) {
        Outcome::Found(order) => {
            let at = order
                .iter()
                .position(|&i| i == board.index(start))
                .expect("a tour visits every square");
            let mut order = order;
            order.rotate_left(at);
            Ok(Tour::from_indices(board, &order, closure).expect(
                "the search only returns tours, and rotating a closed tour keeps it closed",
            ))
        }
        Outcome::Exhausted { steps } => Err(match closure {
            Closure::Open => TourError::NoTourFromStart {
                rows: board.rows(),
                cols: board.cols(),
                start,
                reason: StartReason::Exhausted { steps },
            },
            Closure::Closed => unreachable!("Schwenk's theorem guarantees a closed tour here"),
        }),
        Outcome::OutOfSteps { steps } => Err(TourError::SearchLimit {
            rows: board.rows(),
            cols: board.cols(),
            closure,
            start,
            steps,
        }),
    }
}
