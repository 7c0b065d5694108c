//! Variant Sudoku: the modern rule set (killer cages, thermometers, arrows, Kropki dots,
//! lines of every colour, sandwiches, X-sums, skyscrapers, indexers, letters, yin-yang
//! shading...) as one constraint model, solved by dancing links and by clause learning.
//!
//! A [`VariantPuzzle`] is a [`Shape`](crate::sudoku::Shape), its givens and a list of
//! [`Constraint`]s, one per rule (each rule is a type of its own, in a module of its own
//! under `rules/`: its declaration, encoding, independent check, drawing and formats). A
//! [`VariantSolver`] compiles the puzzle into a small constraint model (`model.rs`:
//! variables, houses, tables, forbidden pairs) and from it into one exact cover problem
//! with colours; see `docs/variants.md` for each rule's encoding and the f-puzzles
//! conventions followed. Yin-yang connectivity, which no local rule expresses, is checked
//! on every partial solution.
//!
//! Puzzles are read from f-puzzles JSON ([`from_fpuzzles`], also from the compressed
//! payload of an f-puzzles or SudokuPad link) or from our own TOML format
//! ([`from_toml`], [`to_toml`]), and drawn as SVG ([`render_svg`]).
//!
//! ```
//! use dlx_sudoku::sudoku::{Cell, Shape};
//! use dlx_sudoku::variant::{Killer, Line, LineKind, VariantPuzzle, VariantSolver};
//! use dlx_sudoku::Uniqueness;
//!
//! // A 4×4 puzzle: one row given, two thermometers and a killer cage.
//! let mut puzzle = VariantPuzzle::new(Shape::for_size(4)?);
//! puzzle.givens = "1234............".parse()?;
//! let thermo = [Cell::new(3, 0), Cell::new(2, 0), Cell::new(1, 0)]; // bulb at r4c1
//! puzzle.constraints.push(Line::new(LineKind::Thermometer, thermo).into());
//! puzzle.constraints.push(Line::new(LineKind::Thermometer, [Cell::new(2, 2), Cell::new(2, 3)]).into());
//! puzzle.constraints.push(Killer { cells: vec![Cell::new(2, 2), Cell::new(2, 3)], sum: Some(3) }.into());
//! let solver = VariantSolver::new(&puzzle)?;
//! let Uniqueness::Unique(solution) = solver.unique() else { panic!("not unique") };
//! assert_eq!(solution.grid.to_string(), "1234432134122143");
//! puzzle.check(&solution)?; // the independent checker agrees
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod candidates;
mod check;
mod compile;
mod cp;
mod draw;
mod encoding;
mod fpuzzles;
mod io;
mod links;
mod lzstring;
mod model;
mod native;
mod puzzle;
pub mod rules;
mod sat;
mod solution;
mod solve;
mod svg;

pub use candidates::TrueCandidates;
pub use check::RuleViolation;
pub use fpuzzles::{
    fpuzzles_json, from_fpuzzles, to_fpuzzles, FpuzzlesError, Imported, MAX_JSON_UNITS,
};
pub use io::TextPosition;
pub use native::{from_toml, to_toml, NativeError};
pub use puzzle::{VariantError, VariantPuzzle};
// Every rule and the types they name (the rule registry re-exports each rule).
pub use rules::*;
pub use solution::VariantSolution;
pub use solve::{links_advice, EncodingStats, SearchReport, VariantEngine, VariantSolver};
pub use svg::{candidate_colour, render_svg, render_svg_with, SvgExtras};

/// Reads a puzzle in any supported format: f-puzzles JSON (text starting with `{`; other
/// JSON, such as `[1, 2]`, is refused as not an object), our TOML format (any text that parses as TOML), or else the compressed payload of an
/// f-puzzles or SudokuPad link (the whole link may be given). Returns the puzzle and the
/// names of cosmetic f-puzzles elements that were ignored.
///
/// ```
/// use dlx_sudoku::variant::read_puzzle;
/// let text = "size = 4\ngivens = \"1...............\"\n";
/// let imported = read_puzzle(text)?;
/// assert_eq!(imported.puzzle.givens.filled(), 1);
/// // A rules text that quotes a link is still TOML.
/// let quoted = "size = 4\nrules = \"see https://f-puzzles.com/?load=abc\"\n";
/// assert!(read_puzzle(quoted).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_puzzle(text: &str) -> Result<Imported, ReadError> {
    let trimmed = text.trim_start();
    // Any JSON goes to the f-puzzles reader, which refuses JSON that is not an object as
    // such (`[1, 2]` would otherwise be TOML's "unclosed table"); the whole text, so that
    // its positions count the lines before the JSON.
    if trimmed.starts_with('{') || serde_json::from_str::<serde_json::Value>(trimmed).is_ok() {
        return Ok(from_fpuzzles(text)?);
    }
    match toml::from_str::<toml::Table>(text) {
        Ok(_) => Ok(Imported {
            puzzle: from_toml(text)?,
            ignored: Vec::new(),
        }),
        Err(e) if fpuzzles::looks_like_link(trimmed) => {
            let _ = e;
            Ok(from_fpuzzles(trimmed)?)
        }
        Err(e) => Err(ReadError::Native(NativeError::toml(e, text))),
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

impl ReadError {
    /// Where in the text the error lies, for errors whose message does not say so itself
    /// (see [`NativeError::position`] and [`FpuzzlesError::position`]).
    ///
    /// ```
    /// use dlx_sudoku::variant::{read_puzzle, TextPosition};
    /// let err = read_puzzle("size = 4\n[[killer]]\ncells = \"r1c1 r1c2\"\nsum = \"3\"\n").unwrap_err();
    /// assert_eq!(err.position(), Some(TextPosition { line: 4, column: 1 }));
    /// ```
    pub fn position(&self) -> Option<TextPosition> {
        match self {
            ReadError::Fpuzzles(e) => e.position(),
            ReadError::Native(e) => e.position(),
        }
    }
}

/// A puzzle of the crate's test data, by its path under `tests/data/variants/` (unit
/// tests).
#[cfg(test)]
pub(crate) fn test_puzzle(name: &str) -> VariantPuzzle {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
    let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("test data");
    from_toml(&text).expect("a puzzle")
}
