//! A grid of digits, blank or filled: a puzzle's givens or a solution.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::parse::{ParseError, Parser};
use crate::sudoku::shape::{Cell, MAX_SIZE};

/// Why a grid could not be made.
///
/// ```
/// use dlx_sudoku::sudoku::{Grid, GridError};
/// assert!(matches!(Grid::from_values(4, vec![0; 15]), Err(GridError::WrongLength { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// The size is 0 or larger than [`MAX_SIZE`].
    #[error("size {size} is not between 1 and {MAX_SIZE}")]
    BadSize {
        /// The size asked for.
        size: usize,
    },
    /// The number of values is not `size²`.
    #[error("a {size}×{size} grid has {expected} cells, got {found} values")]
    WrongLength {
        /// The size.
        size: usize,
        /// `size²`.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A digit larger than the size.
    #[error("cell {cell}: digit {digit} is larger than {size}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The size.
        size: usize,
    },
    /// A cell outside the grid.
    #[error("cell {cell} is outside the {size}×{size} grid")]
    CellOutOfRange {
        /// The cell.
        cell: Cell,
        /// The size.
        size: usize,
    },
    /// The alphabet cannot write every digit of this size.
    #[error("the alphabet {alphabet} cannot write the digits of a {size}×{size} grid")]
    AlphabetTooSmall {
        /// The alphabet.
        alphabet: Alphabet,
        /// The size.
        size: usize,
    },
}

/// An `n × n` grid of digits `1..=n`, some cells possibly blank, with the [`Alphabet`] it
/// is written in. Two grids are equal when their sizes and values are (alphabets aside).
///
/// It displays as one line in its own alphabet (81 characters for a 9×9 grid, `.` for
/// blanks) and parses from any format that [`Parser`] reads.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Grid};
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let grid: Grid = line.parse()?;
/// assert_eq!(grid.size(), 9);
/// assert_eq!(grid.get(Cell::new(0, 0)), Some(4));
/// assert_eq!(grid.get(Cell::new(0, 1)), None);
/// assert_eq!(grid.filled(), 17);
/// assert_eq!(grid.to_string(), line);
/// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
/// ```
#[derive(Clone, Debug, Eq)]
pub struct Grid {
    size: usize,
    values: Vec<u8>,
    alphabet: Alphabet,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.values == other.values
    }
}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        self.values.hash(state);
    }
}

impl Grid {
    /// An empty grid, written in the [`Standard`](Alphabet::Standard) alphabet when it can
    /// be, else in [`Numbers`](Alphabet::Numbers).
    ///
    /// ```
    /// let grid = dlx_sudoku::sudoku::Grid::new(4)?;
    /// assert_eq!(grid.to_string(), "................");
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn new(size: usize) -> Result<Self, GridError> {
        Self::from_values(size, vec![0; size.saturating_mul(size)])
    }

    /// A grid from its values, row-major, 0 for a blank.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Grid;
    /// let g = Grid::from_values(2, vec![1, 2, 2, 0])?;
    /// assert_eq!(g.to_string(), "122.");
    /// assert!(Grid::from_values(2, vec![1, 3, 0, 0]).is_err());
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn from_values(size: usize, values: impl Into<Vec<u8>>) -> Result<Self, GridError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(GridError::BadSize { size });
        }
        let values = values.into();
        if values.len() != size * size {
            return Err(GridError::WrongLength {
                size,
                expected: size * size,
                found: values.len(),
            });
        }
        if let Some(k) = values.iter().position(|&v| usize::from(v) > size) {
            return Err(GridError::DigitOutOfRange {
                cell: Cell::from_index(k, size),
                digit: values[k],
                size,
            });
        }
        let alphabet = if Alphabet::Standard.supports(size) {
            Alphabet::Standard
        } else {
            Alphabet::Numbers
        };
        Ok(Grid {
            size,
            values,
            alphabet,
        })
    }

    /// The number of rows (and columns, and digits).
    ///
    /// See [`Grid`] for an example.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The values, row-major, 0 for a blank.
    ///
    /// ```
    /// let g: dlx_sudoku::sudoku::Grid = "1.......".repeat(2).parse()?;
    /// assert_eq!(g.values()[..4], [1, 0, 0, 0]);
    /// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
    /// ```
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The digit in a cell, `None` when blank (or outside the grid).
    ///
    /// See [`Grid`] for an example.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        if cell.row >= self.size || cell.col >= self.size {
            return None;
        }
        Some(self.values[cell.index(self.size)]).filter(|&v| v != 0)
    }

    /// Writes a digit into a cell (`None` blanks it).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Grid};
    /// let mut g = Grid::new(4)?;
    /// g.set(Cell::new(1, 2), Some(3))?;
    /// assert_eq!(g.get(Cell::new(1, 2)), Some(3));
    /// assert!(g.set(Cell::new(1, 2), Some(5)).is_err());
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn set(&mut self, cell: Cell, digit: Option<u8>) -> Result<(), GridError> {
        let size = self.size;
        if cell.row >= size || cell.col >= size {
            return Err(GridError::CellOutOfRange { cell, size });
        }
        let digit = digit.unwrap_or(0);
        if usize::from(digit) > size {
            return Err(GridError::DigitOutOfRange { cell, digit, size });
        }
        self.values[cell.index(size)] = digit;
        Ok(())
    }

    /// Every cell with its digit (`None` for blanks), row-major.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Grid};
    /// let g = Grid::from_values(1, vec![1])?;
    /// assert_eq!(g.cells().collect::<Vec<_>>(), [(Cell::new(0, 0), Some(1))]);
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn cells(&self) -> impl ExactSizeIterator<Item = (Cell, Option<u8>)> + '_ {
        let n = self.size;
        self.values
            .iter()
            .enumerate()
            .map(move |(k, &v)| (Cell::from_index(k, n), Some(v).filter(|&v| v != 0)))
    }

    /// The number of filled cells.
    ///
    /// See [`Grid`] for an example.
    pub fn filled(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    ///
    /// ```
    /// let g = dlx_sudoku::sudoku::Grid::from_values(1, vec![1])?;
    /// assert!(g.is_complete());
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The alphabet the grid is written in.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Alphabet, Grid};
    /// assert_eq!(Grid::new(16)?.alphabet(), Alphabet::Standard);
    /// assert_eq!(Grid::new(49)?.alphabet(), Alphabet::Numbers);
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// The same grid written in another alphabet.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Alphabet, Grid};
    /// let g = Grid::from_values(2, vec![1, 2, 0, 0])?.with_alphabet(Alphabet::Letters)?;
    /// assert_eq!(g.to_string(), "AB..");
    /// assert!(Grid::new(30)?.with_alphabet(Alphabet::Letters).is_err());
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Result<Self, GridError> {
        if !alphabet.supports(self.size) {
            return Err(GridError::AlphabetTooSmall {
                alphabet,
                size: self.size,
            });
        }
        self.alphabet = alphabet;
        Ok(self)
    }

    /// The grid as one line in its alphabet: `size²` characters, or for
    /// [`Numbers`](Alphabet::Numbers) `size²` tokens separated by spaces.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Alphabet, Grid};
    /// let g = Grid::from_values(2, vec![1, 2, 0, 0])?.with_alphabet(Alphabet::Numbers)?;
    /// assert_eq!(g.to_line(), "1 2 . .");
    /// # Ok::<(), dlx_sudoku::sudoku::GridError>(())
    /// ```
    pub fn to_line(&self) -> String {
        let sep = if self.alphabet.is_single_char() {
            ""
        } else {
            " "
        };
        let cells: Vec<String> = self
            .values
            .iter()
            .map(|&v| self.alphabet.text(Some(v)))
            .collect();
        cells.join(sep)
    }

    pub(crate) fn set_alphabet_unchecked(&mut self, alphabet: Alphabet) {
        self.alphabet = alphabet;
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Parses one puzzle in any format [`Parser::grid`] reads, guessing size and alphabet.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Parser::new().grid(s)
    }
}
