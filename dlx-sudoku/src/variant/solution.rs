//! [`VariantSolution`]: what every engine answers, the checker checks, the formats print
//! and the pictures draw; below the rules and the engines, which all name it.

use crate::sudoku::{Cell, Grid};

/// A solution: the digits, and the shading and letters where the puzzle has them.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Letter, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.givens = "12..34..21..4...".parse()?;
/// p.constraints.push(Letter { cell: Cell::new(3, 3), letter: 'A' }.into());
/// let s = VariantSolver::new(&p)?.first().solution().expect("solvable");
/// assert_eq!(s.letters, [('A', s.grid.get(Cell::new(3, 3)).unwrap())]);
/// assert!(s.shading.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantSolution {
    /// The digits.
    pub grid: Grid,
    /// Each cell's shading in row-major order (true for water), for puzzles with shading.
    pub shading: Option<Vec<bool>>,
    /// Each letter's digit, in order of first appearance.
    pub letters: Vec<(char, u8)>,
}

impl VariantSolution {
    /// Whether a cell is water (shaded), for puzzles with shading.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Grid};
    /// use dlx_sudoku::variant::VariantSolution;
    /// let s = VariantSolution { grid: Grid::new(4)?, shading: Some(vec![true; 16]), letters: vec![] };
    /// assert_eq!(s.water(Cell::new(1, 1)), Some(true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn water(&self, cell: Cell) -> Option<bool> {
        let n = self.grid.size();
        self.shading.as_ref().map(|s| s[cell.index(n)])
    }

    /// The shading as text, one row per line: `#` for water, `.` for land.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Grid;
    /// use dlx_sudoku::variant::VariantSolution;
    /// let mut shading = vec![false; 16];
    /// shading[0] = true;
    /// let s = VariantSolution { grid: Grid::new(4)?, shading: Some(shading), letters: vec![] };
    /// assert_eq!(s.shading_text().unwrap(), "#...\n....\n....\n....\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shading_text(&self) -> Option<String> {
        let n = self.grid.size();
        self.shading.as_ref().map(|s| {
            let mut out = String::new();
            for row in s.chunks(n) {
                out.extend(row.iter().map(|&w| if w { '#' } else { '.' }));
                out.push('\n');
            }
            out
        })
    }
}
