//! Knight's tours on any m × n board.
//!
//! - [`find_tour`] builds a closed or open tour wherever one exists and says
//!   which theorem rules it out where none does ([`closed_tour_obstruction`]:
//!   Schwenk's theorem; [`open_tour_obstruction`]: the open-tour theorem of
//!   Cull & De Curtins and Conrad et al.).
//! - [`warnsdorff_tour`] is Warnsdorff's rule (fewest onward moves first, ties
//!   in [`KNIGHT_MOVES`] order) with backtracking on an explicit stack.
//! - Large boards are built by divide and conquer after Parberry (1997) from
//!   structured base tours found by the same search and cached; long boards of
//!   width 3 or 4 by stretching periodic bands of a short solved board.
//! - [`verify_tour`] checks any claimed tour independently.
//! - [`Tour::to_text`] and [`Tour::to_svg`] render a tour.
//!
//! ```
//! use dlx_sudoku::tour::{find_tour, TourBoard, TourOptions};
//! let tour = find_tour(TourBoard::new(8, 8)?, &TourOptions::closed())?;
//! assert_eq!(tour.to_text().lines().next(), Some(" 1 16 51 34  3 18 21 36"));
//! # Ok::<(), dlx_sudoku::tour::TourError>(())
//! ```

mod blocks;
mod board;
mod construct;
mod error;
mod existence;
mod forced;
mod links;
mod path;
mod strip;
mod svg;
mod text;
mod verify;
mod warnsdorff;

pub use board::{ParseError, Square, TourBoard, KNIGHT_MOVES, MAX_SQUARES};
pub use construct::{find_tour, TourOptions, SEARCH_SIDE, SEARCH_STRIP};
pub use error::{NoTourReason, StartReason, TourError};
pub use existence::{
    closed_tour_obstruction, open_tour_obstruction, start_obstruction, tour_obstruction,
};
pub use path::{Closure, Tour};
pub use svg::{SvgOptions, MAX_NUMBERED_SQUARES};
pub use verify::{verify_tour, TourViolation};
pub use warnsdorff::{warnsdorff_tour, DEFAULT_SEARCH_STEPS};
