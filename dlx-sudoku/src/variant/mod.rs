//! Variant Sudoku: the modern rule set (killer cages, thermometers, arrows, Kropki dots,
//! lines of every colour, letters, yin-yang shading...) as exact cover with colours.
//!
//! A [`VariantPuzzle`] is a [`Shape`], its givens and a list of [`Constraint`]s. A
//! [`VariantSolver`] compiles it into one exact cover problem: the plain Sudoku options,
//! each also colouring a secondary item of its cell with its digit, so that every other
//! rule can see digits; then one primary item per rule (or per piece of a rule) whose
//! options are the rule's allowed assignments, each colouring the cells it speaks of.
//! Where a table would be large, auxiliary coloured items (a running sum, a line's common
//! difference, a renban line's lowest digit...) keep the option counts small; see
//! `docs/variants.md` for each rule's encoding and option count. Yin-yang connectivity,
//! which exact cover cannot express, is checked on every partial solution through the
//! engine's side-condition hook ([`dlx_core::Observer::admit`]).
//!
//! Puzzles are read from f-puzzles JSON ([`from_fpuzzles`], also from the compressed
//! payload of an f-puzzles or SudokuPad link) or from our own TOML format
//! ([`from_toml`], [`to_toml`]), and drawn as SVG ([`render_svg`]).
//!
//! ```
//! use dlx_sudoku::sudoku::{Cell, Shape};
//! use dlx_sudoku::variant::{Constraint, LineKind, VariantPuzzle, VariantSolver, VariantUniqueness};
//!
//! // A 4×4 puzzle: one row given, two thermometers and a killer cage.
//! let mut puzzle = VariantPuzzle::new(Shape::for_size(4)?);
//! puzzle.givens = "1234............".parse()?;
//! let thermo = [Cell::new(3, 0), Cell::new(2, 0), Cell::new(1, 0)]; // bulb at r4c1
//! puzzle.constraints.push(Constraint::line(LineKind::Thermometer, thermo));
//! puzzle.constraints.push(Constraint::line(LineKind::Thermometer, [Cell::new(2, 2), Cell::new(2, 3)]));
//! puzzle.constraints.push(Constraint::Killer { cells: vec![Cell::new(2, 2), Cell::new(2, 3)], sum: Some(3) });
//! let solver = VariantSolver::new(&puzzle)?;
//! let VariantUniqueness::Unique(solution) = solver.unique() else { panic!("not unique") };
//! assert_eq!(solution.grid.to_string(), "1234432134122143");
//! puzzle.check(&solution)?; // the independent checker agrees
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod cells;
mod check;
mod dots;
mod encode;
mod fpuzzles;
mod global;
mod letters;
mod lines;
mod lookahead;
mod model;
mod native;
mod puzzle;
mod shading;
mod solve;
mod sums;
mod svg;

pub use check::RuleViolation;
pub use fpuzzles::{from_fpuzzles, to_fpuzzles, FpuzzlesError, Imported};
pub use native::{from_toml, to_toml, NativeError};
pub use puzzle::{Constraint, Diagonal, LineKind, NegativeKind, VariantError, VariantPuzzle};
pub use solve::{EncodingStats, VariantCount, VariantSolution, VariantSolver, VariantUniqueness};
pub use svg::render_svg;

/// Reads a puzzle in any supported format: TOML (ours), f-puzzles JSON, or the compressed
/// payload of an f-puzzles or SudokuPad link (the whole link may be given). Returns the
/// puzzle and the names of cosmetic f-puzzles elements that were ignored.
///
/// ```
/// use dlx_sudoku::variant::read_puzzle;
/// let text = "size = 4\ngivens = \"1...............\"\n";
/// let imported = read_puzzle(text)?;
/// assert_eq!(imported.puzzle.givens.filled(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_puzzle(text: &str) -> Result<Imported, ReadError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || fpuzzles::looks_like_link(trimmed) {
        Ok(from_fpuzzles(trimmed)?)
    } else {
        Ok(Imported {
            puzzle: from_toml(text)?,
            ignored: Vec::new(),
        })
    }
}

/// Why [`read_puzzle`] failed.
///
/// ```
/// use dlx_sudoku::variant::{read_puzzle, ReadError};
/// assert!(matches!(read_puzzle("size = \"big\""), Err(ReadError::Native(_))));
/// assert!(matches!(read_puzzle("{\"size\": \"four\"}"), Err(ReadError::Fpuzzles(_))));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The text looked like f-puzzles JSON or a link and could not be read as one.
    #[error("f-puzzles: {0}")]
    Fpuzzles(#[from] FpuzzlesError),
    /// The text could not be read as our TOML format.
    #[error("{0}")]
    Native(#[from] NativeError),
}
