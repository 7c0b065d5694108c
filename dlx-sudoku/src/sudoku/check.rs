//! Checking grids against a shape's rules: givens that contradict each other, and complete
//! solutions.

use thiserror::Error;

use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{Cell, HouseKind, Shape};

/// A grid whose size is not the shape's.
///
/// ```
/// use dlx_sudoku::sudoku::{Grid, Shape, SizeMismatch};
/// let err = Shape::classic().check_size(&Grid::new(4)?).unwrap_err();
/// assert_eq!(err, SizeMismatch { grid: 4, shape: 9 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("a {grid}×{grid} grid does not fit a {shape}×{shape} shape")]
pub struct SizeMismatch {
    /// The grid's size.
    pub grid: usize,
    /// The shape's size.
    pub shape: usize,
}

/// The same digit twice in one house.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Conflict, HouseKind, Shape};
/// let grid = "5.....5.........................................................................."
///     .parse()?;
/// let conflicts = Shape::classic().conflicts(&grid)?;
/// assert_eq!(conflicts, [Conflict {
///     digit: 5, first: Cell::new(0, 0), second: Cell::new(0, 6), house: HouseKind::Row(0),
/// }]);
/// assert_eq!(conflicts[0].to_string(), "two 5s in row 1: r1c1 and r1c7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("two {digit}s in {house}: {first} and {second}")]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// Where it first appears in the house.
    pub first: Cell,
    /// Where it appears again.
    pub second: Cell,
    /// The house.
    pub house: HouseKind,
}

/// How a grid fails to be a solution of a puzzle.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Grid, Shape, Violation};
/// let shape = Shape::for_size(4)?;
/// let puzzle: Grid = "1...............".parse()?;
/// let good: Grid = "1234341221434321".parse()?;
/// assert_eq!(shape.verify_solution(&puzzle, &good), Ok(()));
/// let changed: Grid = "2143341212344321".parse()?;
/// assert_eq!(shape.verify_solution(&puzzle, &changed),
///            Err(Violation::GivenChanged { cell: Cell::new(0, 0), given: 1, found: 2 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grids do not fit the shape.
    #[error(transparent)]
    Size(#[from] SizeMismatch),
    /// A cell left blank.
    #[error("cell {cell} is blank")]
    Blank {
        /// The cell.
        cell: Cell,
    },
    /// A given that the solution changed.
    #[error("cell {cell} was given {given} but holds {found}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given digit.
        given: u8,
        /// The digit in the solution.
        found: u8,
    },
    /// A digit repeated in a house.
    #[error(transparent)]
    Repeated(#[from] Conflict),
}

impl Shape {
    /// Checks that a grid has the shape's size.
    ///
    /// See [`SizeMismatch`] for an example.
    pub fn check_size(&self, grid: &Grid) -> Result<(), SizeMismatch> {
        if grid.size() == self.size() {
            Ok(())
        } else {
            Err(SizeMismatch {
                grid: grid.size(),
                shape: self.size(),
            })
        }
    }

    /// Every repeated digit among a grid's filled cells, house by house (in the shape's
    /// house order), each paired with the digit's first cell in the house.
    ///
    /// See [`Conflict`] for an example.
    pub fn conflicts(&self, grid: &Grid) -> Result<Vec<Conflict>, SizeMismatch> {
        let mut found = Vec::new();
        self.scan_conflicts(grid, |c| {
            found.push(c);
            true
        })?;
        Ok(found)
    }

    /// The first repeated digit among a grid's filled cells, if any (cheaper than
    /// [`conflicts`](Self::conflicts) when only the first is wanted).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Grid, Shape};
    /// let shape = Shape::for_size(4)?;
    /// assert_eq!(shape.first_conflict(&"1234341221434321".parse()?)?, None);
    /// let c = shape.first_conflict(&"1..............1".parse()?)?;
    /// assert_eq!(c, None); // r1c1 and r4c4 share no house
    /// let c = shape.first_conflict(&"1....1..........".parse()?)?.unwrap();
    /// assert_eq!(c.to_string(), "two 1s in box 1: r1c1 and r2c2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_conflict(&self, grid: &Grid) -> Result<Option<Conflict>, SizeMismatch> {
        self.check_size(grid)?;
        if self.size() < 64 && !self.has_conflict(grid) {
            return Ok(None);
        }
        let mut first = None;
        self.scan_conflicts(grid, |c| {
            first = Some(c);
            false
        })?;
        Ok(first)
    }

    /// Whether some house holds a digit twice, for sizes below 64 (a house's digits as the
    /// bits of one word): the quick answer for the common case, a puzzle without conflict,
    /// before [`scan_conflicts`](Self::scan_conflicts) names the first one. Rows, columns
    /// and regions in one pass over the cells; the extra houses one by one.
    fn has_conflict(&self, grid: &Grid) -> bool {
        let n = self.size();
        let values = grid.values();
        let (mut rows, mut cols, mut regions) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        for (r, row) in values.chunks_exact(n).enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let bit = 1u64 << v;
                let g = self.region_of(Cell::new(r, c)).unwrap_or(0);
                if (rows[r] | cols[c] | regions[g]) & bit != 0 {
                    return true;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                if self.has_regions() {
                    regions[g] |= bit;
                }
            }
        }
        // Rows, columns and regions come first among the houses; the extras follow.
        let first = if self.has_regions() { 3 * n } else { 2 * n };
        self.houses()[first..].iter().any(|house| {
            let mut seen = 0u64;
            house.cells().iter().any(|cell| {
                // Bit 0, the blank, is never kept.
                let bit = (1u64 << values[cell.index(n)]) & !1;
                let twice = seen & bit != 0;
                seen |= bit;
                twice
            })
        })
    }

    /// Calls `report` on each conflict while it returns true.
    fn scan_conflicts(
        &self,
        grid: &Grid,
        mut report: impl FnMut(Conflict) -> bool,
    ) -> Result<(), SizeMismatch> {
        self.check_size(grid)?;
        let n = self.size();
        let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
        for house in self.houses() {
            for &cell in house.cells() {
                let digit = grid.values()[cell.index(n)];
                if digit == 0 {
                    continue;
                }
                match seen[usize::from(digit)] {
                    Some(first) => {
                        let conflict = Conflict {
                            digit,
                            first,
                            second: cell,
                            house: house.kind(),
                        };
                        if !report(conflict) {
                            return Ok(());
                        }
                    }
                    None => seen[usize::from(digit)] = Some(cell),
                }
            }
            for &cell in house.cells() {
                seen[usize::from(grid.values()[cell.index(n)])] = None;
            }
        }
        Ok(())
    }

    /// Checks that `solution` solves `puzzle` under this shape's rules: no blank cell, every
    /// given kept, no digit twice in a house (so a house of `size` cells holds every digit).
    ///
    /// See [`Violation`] for an example.
    pub fn verify_solution(&self, puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
        self.check_size(puzzle)?;
        self.check_size(solution)?;
        for ((cell, given), found) in puzzle.cells().zip(solution.values()) {
            match (given, *found) {
                (_, 0) => return Err(Violation::Blank { cell }),
                (Some(given), found) if given != found => {
                    return Err(Violation::GivenChanged { cell, given, found })
                }
                _ => {}
            }
        }
        match self.first_conflict(solution)? {
            Some(c) => Err(Violation::Repeated(c)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::{Grid, Shape};

    #[test]
    fn the_quick_check_finds_a_conflict_when_the_scan_does() {
        // Regions of 2×3 cells, given as a jigsaw.
        let jigsaw: Vec<usize> = (0..36).map(|k| k / 12 * 2 + k % 6 / 3).collect();
        let shapes = [
            Shape::for_size(4).unwrap(),
            Shape::classic(),
            Shape::classic().with_diagonals(),
            Shape::classic().with_windows().unwrap(),
            Shape::for_size(16).unwrap(),
            Shape::latin(5).unwrap(),
            Shape::jigsaw(6, &jigsaw).unwrap(),
        ];
        let mut x: u64 = 12345;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        let (mut with, mut without) = (0, 0);
        for shape in &shapes {
            let n = shape.size();
            for round in 0..300 {
                // A few givens at random: sometimes clashing, sometimes not.
                let mut values = vec![0u8; n * n];
                for _ in 0..(1 + round % (n + 3)) {
                    values[next((n * n) as u64) as usize] = 1 + next(n as u64) as u8;
                }
                let grid = Grid::from_values(n, values).unwrap();
                let mut any = false;
                shape
                    .scan_conflicts(&grid, |_| {
                        any = true;
                        false
                    })
                    .unwrap();
                assert_eq!(shape.has_conflict(&grid), any);
                assert_eq!(shape.first_conflict(&grid).unwrap().is_some(), any);
                if any {
                    with += 1;
                } else {
                    without += 1;
                }
            }
        }
        assert!(with > 100 && without > 100, "{with} {without}");
    }
}
