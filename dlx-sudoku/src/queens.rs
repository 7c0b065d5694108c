//! The n queens problem as exact cover, in Knuth's `queens-dlx` encoding.
//!
//! Rows `r*` and columns `c*` are primary items, listed in "organ-pipe" order (from the
//! centre outwards, so that the search branches on the most constrained lines first); the
//! diagonals `a*` (constant `row + col`) and `b*` (constant `n - 1 - row + col`) are
//! secondary, and the two corner diagonals, which hold a single square, are left out. Items
//! are named with one base-62 digit, as Knuth's generator does, for `n <= 32`, and with
//! decimal numbers beyond. For `n = 8, 10, 12` the problem is item for item and option for
//! option the one in Knuth's `q8.dlx`, `q10.dlx` and `q12.dlx`.
//!
//! ```
//! use dlx_sudoku::queens::Queens;
//!
//! let queens = Queens::new(8)?;
//! assert_eq!(queens.problem().num_options(), 64);
//! assert_eq!(queens.count(), 92);
//! let first = queens.first().expect("8 queens can be placed");
//! first.check()?;
//! assert_eq!(first.render_text().lines().count(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod picture;
mod solution;
mod svg;

use dlx_core::{AddedOption, Problem, ProblemBuilder, ProblemError, Solution, Solver};
use thiserror::Error;

pub use solution::{QueensSolution, QueensViolation};

/// Why a queens problem could not be built, or a solution not decoded.
///
/// ```
/// use dlx_sudoku::queens::{Queens, QueensError};
/// assert_eq!(Queens::new(0).unwrap_err(), QueensError::Empty);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum QueensError {
    /// A board needs at least one square.
    #[error("the board must have at least one row")]
    Empty,
    /// The engine refused the problem (a bug in the generator).
    #[error("building the queens problem failed: {0}")]
    Problem(#[from] ProblemError),
    /// A solution that names an option this problem does not have.
    #[error("option {0} is not an option of this queens problem")]
    UnknownOption(usize),
}

/// The exact cover problem of placing `n` non-attacking queens on an `n × n` board.
///
/// ```
/// use dlx_sudoku::queens::Queens;
/// let q = Queens::new(4)?;
/// assert_eq!(q.n(), 4);
/// assert_eq!(q.count(), 2);
/// # Ok::<(), dlx_sudoku::queens::QueensError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
    /// The square `(row, col)` of each option.
    squares: Vec<(usize, usize)>,
}

impl Queens {
    /// Builds the problem for an `n × n` board.
    ///
    /// ```
    /// use dlx_sudoku::queens::Queens;
    /// let q = Queens::new(8)?;
    /// assert_eq!(q.problem().num_primary(), 16);
    /// assert_eq!(q.problem().num_secondary(), 26);
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, QueensError> {
        if n == 0 {
            return Err(QueensError::Empty);
        }
        let name = |x: usize| encode(x, n);
        let mut b = ProblemBuilder::new();
        let mut rows = vec![None; n];
        let mut cols = vec![None; n];
        for t in organ_pipe(n) {
            rows[t] = Some(b.add_primary(format!("r{}", name(t)))?);
            cols[t] = Some(b.add_primary(format!("c{}", name(t)))?);
        }
        let rows: Vec<_> = rows.into_iter().flatten().collect();
        let cols: Vec<_> = cols.into_iter().flatten().collect();
        // Diagonals 1..2n-3: the corner diagonals 0 and 2n-2 hold one square only.
        let nn = 2 * n - 2;
        let mut up = Vec::with_capacity(nn);
        let mut down = Vec::with_capacity(nn);
        for t in 1..nn {
            up.push(b.add_secondary(format!("a{}", name(t)))?);
            down.push(b.add_secondary(format!("b{}", name(t)))?);
        }
        // Diagonal t (for 0 < t < nn) is at index t - 1.
        let inner = |t: usize| (t > 0 && t < nn).then(|| t - 1);
        let mut squares = Vec::with_capacity(n * n);
        for (r, &row) in rows.iter().enumerate() {
            for (c, &col) in cols.iter().enumerate() {
                let mut items = vec![row, col];
                items.extend(inner(r + c).map(|t| up[t]));
                items.extend(inner(n - 1 - r + c).map(|t| down[t]));
                if let AddedOption::Added(_) = b.add_option(items)? {
                    squares.push((r, c));
                }
            }
        }
        Ok(Queens {
            n,
            problem: b.build()?,
            squares,
        })
    }

    /// The size of the board.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::queens::Queens::new(5)?.n(), 5);
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact cover problem.
    ///
    /// ```
    /// use dlx_core::format::write;
    /// let q = dlx_sudoku::queens::Queens::new(2)?;
    /// assert_eq!(write(q.problem()).unwrap(), "r1 c1 r0 c0 | a1 b1\nr0 c0 b1\nr0 c1 a1\nr1 c0 a1\nr1 c1 b1\n");
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The square `(row, col)` that an option places a queen on.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// let q = dlx_sudoku::queens::Queens::new(3)?;
    /// assert_eq!(q.square(OptionId::new(5)), Some((1, 2)));
    /// assert_eq!(q.square(OptionId::new(9)), None);
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn square(&self, option: dlx_core::OptionId) -> Option<(usize, usize)> {
        self.squares.get(option.index()).copied()
    }

    /// Turns a solution of [`problem`](Self::problem) into the queens' columns, row by row.
    /// The result is not checked: see [`QueensSolution::check`].
    ///
    /// ```
    /// use dlx_core::Solver;
    /// let q = dlx_sudoku::queens::Queens::new(4)?;
    /// let s = Solver::new(q.problem()).first().solution().unwrap();
    /// let board = q.decode(&s)?;
    /// assert_eq!(board.columns().len(), 4);
    /// board.check().unwrap();
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<QueensSolution, QueensError> {
        let mut placed = Vec::with_capacity(solution.len());
        for &o in solution.options() {
            let square = self
                .square(o)
                .ok_or(QueensError::UnknownOption(o.index()))?;
            placed.push(square);
        }
        Ok(QueensSolution::from_squares(self.n, placed))
    }

    /// Counts the solutions.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::queens::Queens::new(6)?.count(), 4);
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn count(&self) -> u64 {
        Solver::new(&self.problem).count().solutions
    }

    /// The first solution the search finds, if there is one.
    ///
    /// ```
    /// let q = dlx_sudoku::queens::Queens::new(3)?;
    /// assert!(q.first().is_none());
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn first(&self) -> Option<QueensSolution> {
        let s = Solver::new(&self.problem).first().solution()?;
        Some(
            self.decode(&s)
                .expect("the solver returns options of the problem"),
        )
    }

    /// Every solution, decoded, in the order the search finds them.
    ///
    /// ```
    /// let q = dlx_sudoku::queens::Queens::new(5)?;
    /// let all: Vec<_> = q.solutions().collect();
    /// assert_eq!(all.len(), 10);
    /// assert!(all.iter().all(|s| s.check().is_ok()));
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn solutions(&self) -> impl Iterator<Item = QueensSolution> + '_ {
        Solver::new(&self.problem).solutions().map(move |s| {
            self.decode(&s)
                .expect("the solver returns options of the problem")
        })
    }
}

/// Knuth's organ-pipe order: `n/2`, then alternately below and above the centre.
fn organ_pipe(n: usize) -> impl Iterator<Item = usize> {
    (0..n).map(move |j| {
        if j % 2 == 1 {
            (n - 1 - j) / 2
        } else {
            (n + j) / 2
        }
    })
}

/// One base-62 digit (`0-9a-zA-Z`) while every index fits (`n <= 32`); decimal beyond.
fn encode(x: usize, n: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if 2 * n - 2 <= DIGITS.len() && x < DIGITS.len() {
        char::from(DIGITS[x]).to_string()
    } else {
        x.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organ_pipe_orders_from_the_centre() {
        assert_eq!(organ_pipe(8).collect::<Vec<_>>(), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(5).collect::<Vec<_>>(), [2, 1, 3, 0, 4]);
        let mut all: Vec<_> = organ_pipe(13).collect();
        all.sort_unstable();
        assert_eq!(all, (0..13).collect::<Vec<_>>());
    }

    #[test]
    fn names_are_base_62_up_to_32_then_decimal() {
        assert_eq!(encode(9, 8), "9");
        assert_eq!(encode(13, 8), "d");
        assert_eq!(encode(61, 32), "Z");
        assert_eq!(encode(61, 33), "61");
        assert_eq!(encode(5, 33), "5");
    }

    #[test]
    fn one_queen_fits_a_one_square_board() {
        let q = Queens::new(1).unwrap();
        assert_eq!(q.problem().num_secondary(), 0);
        assert_eq!(q.count(), 1);
    }

    #[test]
    fn small_counts_match_the_known_sequence() {
        // OEIS A000170.
        let counts: Vec<u64> = (1..=9).map(|n| Queens::new(n).unwrap().count()).collect();
        assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352]);
    }

    #[test]
    fn large_boards_use_decimal_names() {
        let q = Queens::new(40).unwrap();
        assert_eq!(q.problem().item_name(dlx_core::ItemId::new(0)), "r20");
        assert_eq!(q.problem().num_secondary(), 2 * (2 * 40 - 3));
    }

    #[test]
    fn decode_rejects_foreign_options() {
        let q = Queens::new(4).unwrap();
        let bogus = Solution::new(vec![dlx_core::OptionId::new(99)]);
        assert_eq!(q.decode(&bogus), Err(QueensError::UnknownOption(99)));
    }
}
