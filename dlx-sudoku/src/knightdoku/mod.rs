//! Knightdoku (David Nacin, *Math Horizons*, April 2021) as exact cover with
//! multiplicities.
//!
//! On a 9×9 grid every row, column and 3×3 box holds exactly three knights; a cell with a
//! number holds a knight, and the number says how many of its knight-move neighbours hold
//! knights. Rows, columns and boxes are primary items with bounds `[3, 3]`, each clue's
//! neighbourhood an item with bounds `[n, n]`, and each clue's own cell an item that must
//! be covered; every cell is an option (see [`Knightdoku`]). Any size with rectangular
//! boxes and any number of knights per house works the same way ([`Geometry`]).
//!
//! ```
//! use dlx_sudoku::knightdoku::{KnightdokuBoard, Knightdoku};
//! use dlx_sudoku::Uniqueness;
//!
//! // Knightdoku kd2 (a board's text may also have `#` comment lines).
//! let puzzle: KnightdokuBoard = "\
//! .1.......
//! ...22...1
//! .........
//! 0.....3..
//! ......3..
//! ...1.....
//! .........
//! .1.3.....
//! .....3...
//! ".parse()?;
//! let Uniqueness::Unique(solution) = Knightdoku::new(&puzzle)?.unique() else { panic!() };
//! puzzle.check_solution(&solution)?;
//! assert_eq!(solution.render_text().lines().next(), Some("N1N......"));
//! assert!(solution.render_svg().contains('♞'));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod board;
mod check;
mod encode;
mod geometry;
mod svg;

use dlx_core::ProblemError;
use thiserror::Error;

pub use board::{BoardError, BoardErrorKind, Content, KnightdokuBoard};
pub use check::{House, Violation};
pub use encode::Knightdoku;
pub use geometry::{Geometry, MAX_SIZE};

/// What can go wrong building a Knightdoku problem.
///
/// ```
/// use dlx_sudoku::knightdoku::{Geometry, KnightdokuError};
/// let err = Geometry::new(6, 2, 2, 2).unwrap_err();
/// assert!(matches!(err, KnightdokuError::BadGeometry { size: 6, .. }));
/// assert_eq!(err.to_string(),
///            "bad geometry 6×6 with 2×2 boxes and 2 knights per house: \
///             the boxes must have as many cells as a row");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KnightdokuError {
    /// A size, box shape or knight count that does not make a grid.
    #[error("bad geometry {size}×{size} with {box_rows}×{box_cols} boxes and {per_house} knights per house: {reason}")]
    BadGeometry {
        /// The grid's size.
        size: usize,
        /// The boxes' height.
        box_rows: usize,
        /// The boxes' width.
        box_cols: usize,
        /// Knights per house.
        per_house: usize,
        /// What is wrong.
        reason: String,
    },
    /// The engine refused the problem (a bug in the generator).
    #[error("building the Knightdoku problem failed: {0}")]
    Problem(#[from] ProblemError),
    /// A solution that names an option this problem does not have.
    #[error("option {0} is not an option of this Knightdoku problem")]
    UnknownOption(usize),
}
