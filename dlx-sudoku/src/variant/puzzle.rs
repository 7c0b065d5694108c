//! The puzzle model: a shape, givens and a list of constraints.

use thiserror::Error;

use crate::sudoku::{Cell, Grid, Shape};
use crate::variant::rules::Constraint;

/// A variant Sudoku: a shape (size, boxes or jigsaw regions), givens, constraints, and what is
/// known about it.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{AntiKnight, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::classic());
/// p.constraints.push(AntiKnight.into());
/// p.givens.set(Cell::new(0, 0), Some(5))?;
/// assert_eq!(p.size(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The grid's geometry: size, boxes or jigsaw regions (and any extra houses).
    pub shape: Shape,
    /// The given digits.
    pub givens: Grid,
    /// The rules beyond plain Sudoku.
    pub constraints: Vec<Constraint>,
    /// The title, if known.
    pub title: Option<String>,
    /// The author, if known.
    pub author: Option<String>,
    /// The rules as the setter wrote them, if known.
    pub rules: Option<String>,
    /// The intended solution, if the file gives one.
    pub solution: Option<Grid>,
}

impl VariantPuzzle {
    /// A puzzle of this shape with no givens and no constraints.
    ///
    /// See [`VariantPuzzle`] for an example.
    pub fn new(shape: Shape) -> Self {
        let n = shape.size();
        VariantPuzzle {
            givens: Grid::new(n).expect("a shape's size is a valid grid size"),
            shape,
            constraints: Vec::new(),
            title: None,
            author: None,
            rules: None,
            solution: None,
        }
    }

    /// The grid's size.
    ///
    /// See [`VariantPuzzle`] for an example.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The letters of the puzzle, in order of first appearance.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Letter, Letters, VariantPuzzle};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.constraints.push(Letter { cell: Cell::new(0, 0), letter: 'B' }.into());
    /// p.constraints.push(Letters(vec!['A', 'B']).into());
    /// assert_eq!(p.letters(), ['B', 'A']);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn letters(&self) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for &l in self.constraints.iter().flat_map(|c| c.rule().letters()) {
            if !out.contains(&l) {
                out.push(l);
            }
        }
        out
    }

    /// True when some rule needs shading (yin-yang, a shaded cell or a conditional line).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, YinYang};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// assert!(!p.has_shading());
    /// p.constraints.push(YinYang.into());
    /// assert!(p.has_shading());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_shading(&self) -> bool {
        self.constraints.iter().any(|c| c.rule().shades())
    }

    /// True when the puzzle has the yin-yang rule (connectivity of the shading).
    pub(crate) fn has_yin_yang(&self) -> bool {
        self.constraints
            .iter()
            .any(|c| matches!(c, Constraint::YinYang(_)))
    }

    /// Checks that every cell named lies in the grid and every constraint makes sense
    /// (a dot between two cells, a letter that is a letter, a line long enough...).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Odd, VariantError, VariantPuzzle};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.constraints.push(Odd(Cell::new(4, 0)).into());
    /// assert!(matches!(p.validate(), Err(VariantError::CellOutOfRange { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), VariantError> {
        let n = self.size();
        if self.givens.size() != n {
            return Err(VariantError::GivensSize {
                found: self.givens.size(),
                size: n,
            });
        }
        for (index, c) in self.constraints.iter().enumerate() {
            if let Some(cell) = c.cells().into_iter().find(|c| c.row >= n || c.col >= n) {
                return Err(VariantError::CellOutOfRange {
                    index: index + 1,
                    kind: c.name(),
                    cell,
                    size: n,
                });
            }
            c.rule()
                .validate(self)
                .map_err(|reason| VariantError::BadConstraint {
                    index: index + 1,
                    kind: c.name(),
                    reason,
                })?;
        }
        let letters = self.letters().len();
        if letters > n {
            return Err(VariantError::TooManyLetters { letters, size: n });
        }
        Ok(())
    }

    /// Checks one constraint against the grid (its cells inside it, its own rule's
    /// conditions); the reason when it fails. Readers call it as they read each entry, so
    /// that the error can point at the entry.
    pub(crate) fn validate_constraint(&self, c: &Constraint) -> Result<(), String> {
        let n = self.size();
        if let Some(cell) = c.cells().into_iter().find(|c| c.row >= n || c.col >= n) {
            return Err(format!("cell {cell} is outside the {n}×{n} grid"));
        }
        c.rule().validate(self)
    }
}

/// Why a puzzle cannot be solved as given.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Line, LineKind, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Line::new(LineKind::Renban, [Cell::new(0, 0)]).into());
/// let err = p.validate().unwrap_err();
/// assert_eq!(err.to_string(), "constraint 1 (renban line): a renban line needs at least 2 cells");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A constraint names a cell outside the grid.
    #[error("constraint {index} ({kind}): cell {cell} is outside the {size}×{size} grid")]
    CellOutOfRange {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// The cell.
        cell: Cell,
        /// The grid size.
        size: usize,
    },
    /// A constraint that makes no sense.
    #[error("constraint {index} ({kind}): {reason}")]
    BadConstraint {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The givens are not of the shape's size.
    #[error("the givens are a {found}×{found} grid but the puzzle is {size}×{size}")]
    GivensSize {
        /// The givens' size.
        found: usize,
        /// The shape's size.
        size: usize,
    },
    /// More letters than digits.
    #[error("{letters} letters cannot stand for different digits of a {size}×{size} grid")]
    TooManyLetters {
        /// Letters used.
        letters: usize,
        /// The grid size.
        size: usize,
    },
    /// The exact cover problem could not be built (a bug if it happens).
    #[error("building the exact cover problem: {0}")]
    Problem(#[from] dlx_core::ProblemError),
}
