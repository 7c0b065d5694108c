//! Polyomino packings as exact cover: any pieces (the twelve pentominoes by default) on any
//! board (a rectangle, or any set of squares, holes allowed), in every orientation, with
//! optional symmetry breaking.
//!
//! ```
//! use dlx_sudoku::grid::Cell;
//! use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
//!
//! // The 8×8 board without its centre 2×2 square: 65 essentially different packings.
//! let board = PolyominoBoard::rectangle(8, 8)?.without_rect(Cell::new(3, 3), 2, 2);
//! let packing = Packing::pentominoes(board, SymmetryBreaking::Auto)?;
//! assert_eq!(packing.symmetry_order(), 8);
//! let tiling = packing.first().unwrap();
//! tiling.check(packing.pieces())?;
//! assert_eq!(tiling.render_text().lines().nth(3).unwrap().matches('#').count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod board;
mod packing;
mod piece;
mod shape;
mod tiles;
mod tiling;

use dlx_core::ProblemError;
use thiserror::Error;

pub use board::PolyominoBoard;
pub use packing::{Packing, Placement, SymmetryBreaking};
pub use piece::{pentominoes, Piece};
pub use shape::{Shape, Transform};
pub use tiles::{PieceSet, Tiles};
pub use tiling::{Tiling, TilingViolation};

/// What can go wrong building a packing problem or reading a board or shape.
///
/// ```
/// use dlx_sudoku::polyomino::{PolyominoBoard, PolyominoError};
/// let err = "3y5".parse::<PolyominoBoard>().unwrap_err();
/// assert_eq!(err, PolyominoError::BadCharacter { line: 1, column: 1, found: '3' });
/// assert_eq!(err.to_string(), "line 1, column 1: unexpected character '3'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PolyominoError {
    /// A character that is neither a square nor a hole.
    #[error("line {line}, column {column}: unexpected character {found:?}")]
    BadCharacter {
        /// The line, from 1.
        line: usize,
        /// The column, from 1 (in characters).
        column: usize,
        /// The character.
        found: char,
    },
    /// A board without squares.
    #[error("the board has no squares")]
    EmptyBoard,
    /// A size that is not `MxN` with two numbers.
    #[error("bad board size `{0}`: expected MxN, as in 6x10")]
    BadSize(String),
    /// Symmetry breaking asked for a piece that is not in the set.
    #[error("there is no piece named {0}")]
    UnknownPiece(String),
    /// Symmetry breaking asked for a piece that has a symmetry of its own.
    #[error("piece {0} has a symmetry: only a piece with eight orientations can break the board's symmetry")]
    SymmetricPiece(String),
    /// Symmetry breaking on a symmetric board, with no asymmetric piece to restrict.
    #[error("no piece has eight orientations, so the board's symmetry can't be broken")]
    NoAsymmetricPiece,
    /// The engine refused the problem (for example a piece name with a space in it).
    #[error("building the packing problem failed: {0}")]
    Problem(#[from] ProblemError),
    /// A solution that names an option this problem does not have.
    #[error("option {0} is not an option of this packing problem")]
    UnknownOption(usize),
}
