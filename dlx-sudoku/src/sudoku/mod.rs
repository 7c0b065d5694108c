//! Sudoku of every shape as exact cover.
//!
//! A [`Shape`] describes the grid: its size (any `n × n` with rectangular boxes, jigsaw
//! regions or none), and its houses, including extras such as diagonals (Sudoku X),
//! windows (hyper-Sudoku), disjoint groups or any set of cells. An [`Encoding`] builds the
//! exact cover problem of the shape's empty grid once; a [`SudokuSolver`] copies it for
//! each puzzle, fixes the givens with `preselect`, and answers: one solution, how many,
//! unique or not, or all of them. A [`Parser`] reads the usual text formats; grids render
//! as text ([`render_text`]) or SVG ([`render_svg`]).
//!
//! ```
//! use dlx_sudoku::sudoku::{Encoding, Parser, Shape, SudokuSolver};
//! use dlx_sudoku::Uniqueness;
//!
//! let encoding = Encoding::new(Shape::classic())?;
//! let solver = SudokuSolver::new(&encoding);
//! let file = "# two puzzles\n\
//!     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
//!     52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
//! for puzzle in Parser::new().puzzles(file) {
//!     let puzzle = puzzle?;
//!     let Uniqueness::Unique(solution) = solver.unique(&puzzle.grid)? else {
//!         panic!("puzzle on line {} is not unique", puzzle.line);
//!     };
//!     encoding.shape().verify_solution(&puzzle.grid, &solution)?;
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod alphabet;
mod bitboard;
mod check;
mod encode;
mod grid;
pub(crate) mod outline;
mod parse;
mod picture;
mod render;
mod shape;
mod solve;
mod svg;

pub use alphabet::Alphabet;
pub use check::{Conflict, SizeMismatch, Violation};
pub use encode::Encoding;
pub use grid::{Grid, GridError};
pub use parse::{ParseError, Parser, PuzzleLine, Puzzles};
pub use picture::trace_picture;
pub use render::render_text;
pub use shape::{Cell, House, HouseKind, Shape, ShapeError, MAX_SIZE};
pub use solve::{EngineError, GridSolutions, SolveError, SudokuEngine, SudokuSolver};
pub use svg::render_svg;
