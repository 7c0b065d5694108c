//! Counting knight's tours by exact cover with colours, as in the reference file
//! `t34open.dlx`.
//!
//! On a board of `N` squares a tour is a sequence of squares `x0, x1, ..., x(N-1)`, each
//! visited once, each a knight's move from the one before. Items: `ST` (the start), `S0 ...`
//! (every square, visited once), `M0 ... M(N-2)` (the move from time `t` to `t + 1`), all
//! primary; `X0 ... X(N-1)` (the square at time `t`) secondary, coloured by the square's
//! number in base 36. Options: `ST Ss X0:s` for each square `s`, and `Mt Sb Xt:a X(t+1):b`
//! for each time and each knight's move `a → b`. Colours make consecutive moves agree, so
//! every solution is one directed tour.
//!
//! For closed tours (the last square a knight's move from the first) the start is fixed at
//! square 0, a corner, and an item `M(N-1)` closes the cycle with options
//! `M(N-1) X(N-1):a X0:0`. A corner has at most two knight's moves, and a closed tour uses
//! both: the tour leaves by the first (`M0` has no option for the other move out of square 0)
//! and comes back by the second, so each closed tour, as a cycle without direction, is
//! counted once.
//!
//! ```
//! use dlx_sudoku::tour_count::{TourCount, TourKind};
//!
//! let open = TourCount::new(3, 4, TourKind::Open)?;
//! assert_eq!(open.count(), 16); // directed open tours of the 3×4 board
//! assert_eq!(open.distinct_tours(), 8);
//! for tour in open.tours() {
//!     tour.check()?;
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod frontier;

use std::fmt;

use dlx_core::{
    AddedOption, ColorId, ItemId, OptionId, Problem, ProblemBuilder, ProblemError, Solution, Solver,
};
use thiserror::Error;

/// Which tours to count.
///
/// ```
/// use dlx_sudoku::tour_count::TourKind;
/// assert_ne!(TourKind::Open, TourKind::Closed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TourKind {
    /// Every tour, from any square, in either direction.
    Open,
    /// Tours whose last square is a knight's move from the first, each counted once (as a
    /// cycle, from square 0, in one direction).
    Closed,
}

/// Why a tour-counting problem could not be built, or a solution not decoded.
///
/// ```
/// use dlx_sudoku::tour_count::{TourCount, TourCountError, TourKind};
/// assert_eq!(TourCount::new(0, 4, TourKind::Open).unwrap_err(), TourCountError::EmptyBoard);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TourCountError {
    /// A board needs at least one square.
    #[error("the board has no squares")]
    EmptyBoard,
    /// The engine refused the problem (a bug in the generator).
    #[error("building the tour problem failed: {0}")]
    Problem(#[from] ProblemError),
    /// A solution that names an option this problem does not have.
    #[error("option {0} is not an option of this tour problem")]
    UnknownOption(usize),
}

/// What an option says: the square visited at a time (the closing move of a closed tour
/// says it returns to square 0 at time `N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Visit {
    time: usize,
    square: usize,
}

/// The exact cover problem whose solutions are the knight's tours of a `rows × cols`
/// board; squares are numbered row by row from 0.
///
/// ```
/// use dlx_sudoku::tour_count::{TourCount, TourKind};
/// let t = TourCount::new(3, 4, TourKind::Open)?;
/// assert_eq!(t.problem().num_primary(), 1 + 12 + 11);
/// assert_eq!(t.problem().num_secondary(), 12);
/// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TourCount {
    rows: usize,
    cols: usize,
    kind: TourKind,
    problem: Problem,
    visits: Vec<Visit>,
}

impl TourCount {
    /// Builds the problem for a `rows × cols` board (`rows` lines of `cols` squares).
    ///
    /// ```
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// let t = TourCount::new(1, 1, TourKind::Open)?;
    /// assert_eq!(t.count(), 1); // standing still on the only square
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn new(rows: usize, cols: usize, kind: TourKind) -> Result<Self, TourCountError> {
        if rows == 0 || cols == 0 {
            return Err(TourCountError::EmptyBoard);
        }
        let n = rows * cols;
        let moves: Vec<Vec<usize>> = (0..n).map(|s| knight_moves(rows, cols, s)).collect();
        // A closed tour leaves the corner 0 by its first move and returns by its second (a
        // corner has at most two moves; with fewer it is on no closed tour).
        let (out_of_start, back_to_start) = match moves[0][..] {
            [first, second] if kind == TourKind::Closed => (Some(first), Some(second)),
            _ => (None, None),
        };
        let mut b = ProblemBuilder::new();
        let start = b.add_primary("ST")?;
        let squares = (0..n)
            .map(|s| b.add_primary(format!("S{s}")))
            .collect::<Result<Vec<_>, _>>()?;
        let move_count = if kind == TourKind::Closed { n } else { n - 1 };
        let steps = (0..move_count)
            .map(|t| b.add_primary(format!("M{t}")))
            .collect::<Result<Vec<_>, _>>()?;
        let times = (0..n)
            .map(|t| b.add_secondary(format!("X{t}")))
            .collect::<Result<Vec<_>, _>>()?;
        let colors: Vec<ColorId> = (0..n).map(|s| b.color(&base36(s))).collect();
        let mut visits = Vec::new();
        let mut add = |b: &mut ProblemBuilder,
                       entries: Vec<(ItemId, Option<ColorId>)>,
                       visit: Visit|
         -> Result<(), TourCountError> {
            if let AddedOption::Added(_) = b.add_colored_option(entries)? {
                visits.push(visit);
            }
            Ok(())
        };
        let starts = if kind == TourKind::Closed { 1 } else { n };
        for s in 0..starts {
            let entries = vec![
                (start, None),
                (squares[s], None),
                (times[0], Some(colors[s])),
            ];
            add(&mut b, entries, Visit { time: 0, square: s })?;
        }
        for t in 0..n - 1 {
            for (a, targets) in moves.iter().enumerate() {
                for &to in targets {
                    if t == 0 && a == 0 && out_of_start.is_some_and(|first| to != first) {
                        continue;
                    }
                    let entries = vec![
                        (steps[t], None),
                        (squares[to], None),
                        (times[t], Some(colors[a])),
                        (times[t + 1], Some(colors[to])),
                    ];
                    add(
                        &mut b,
                        entries,
                        Visit {
                            time: t + 1,
                            square: to,
                        },
                    )?;
                }
            }
        }
        if let Some(a) = back_to_start {
            let entries = vec![
                (steps[n - 1], None),
                (times[n - 1], Some(colors[a])),
                (times[0], Some(colors[0])),
            ];
            add(&mut b, entries, Visit { time: n, square: 0 })?;
        }
        Ok(TourCount {
            rows,
            cols,
            kind,
            problem: b.build()?,
            visits,
        })
    }

    /// The exact cover problem.
    ///
    /// See [`TourCount`] for an example.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Which tours the problem counts.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// assert_eq!(TourCount::new(3, 4, TourKind::Closed)?.kind(), TourKind::Closed);
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// The number of solutions: directed tours from every square for open tours (twice the
    /// number of open tours, except on a board of one square); closed tours, each once.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// assert_eq!(TourCount::new(4, 5, TourKind::Open)?.count(), 164);
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn count(&self) -> u64 {
        Solver::new(&self.problem).count().solutions
    }

    /// The number of tours up to direction: for open tours, half of
    /// [`count`](Self::count) (every tour of two or more squares is found once in each
    /// direction); for closed tours, the count itself.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// // No 4×n board has a closed tour.
    /// assert_eq!(TourCount::new(4, 4, TourKind::Closed)?.distinct_tours(), 0);
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn distinct_tours(&self) -> u64 {
        let count = self.count();
        if self.kind == TourKind::Closed || self.rows * self.cols == 1 {
            count
        } else {
            count / 2
        }
    }

    /// Turns a solution of [`problem`](Self::problem) into a tour. The result is not
    /// checked: see [`Tour::check`].
    ///
    /// ```
    /// use dlx_core::Solver;
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// let t = TourCount::new(3, 4, TourKind::Open)?;
    /// let s = Solver::new(t.problem()).first().solution().unwrap();
    /// let tour = t.decode(&s)?;
    /// assert_eq!(tour.squares().len(), 12);
    /// tour.check().unwrap();
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<Tour, TourCountError> {
        let n = self.rows * self.cols;
        let mut squares = vec![usize::MAX; n];
        for &o in solution.options() {
            let visit = self
                .visits
                .get(o.index())
                .ok_or(TourCountError::UnknownOption(o.index()))?;
            if visit.time < n {
                squares[visit.time] = visit.square;
            }
        }
        Ok(Tour {
            rows: self.rows,
            cols: self.cols,
            closed: self.kind == TourKind::Closed,
            squares,
        })
    }

    /// The square an option visits, and when (`None` for an unknown option).
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::tour_count::{TourCount, TourKind};
    /// let t = TourCount::new(3, 4, TourKind::Open)?;
    /// assert_eq!(t.visit(OptionId::new(5)), Some((0, 5)));
    /// assert_eq!(t.visit(OptionId::new(12)), Some((1, 6))); // 0 → 6 at time 1
    /// # Ok::<(), dlx_sudoku::tour_count::TourCountError>(())
    /// ```
    pub fn visit(&self, option: OptionId) -> Option<(usize, usize)> {
        self.visits.get(option.index()).map(|v| (v.time, v.square))
    }

    /// Every tour, decoded, in the order the search finds them.
    ///
    /// See the [module documentation](self) for an example.
    pub fn tours(&self) -> impl Iterator<Item = Tour> + '_ {
        Solver::new(&self.problem).solutions().map(move |s| {
            self.decode(&s)
                .expect("the solver returns options of the problem")
        })
    }
}

/// A knight's tour: the squares in the order visited (numbered row by row from 0).
///
/// ```
/// use dlx_sudoku::tour_count::{Tour, TourViolation};
/// let tour = Tour::new(3, 4, false, vec![0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]);
/// assert!(tour.check().is_ok());
/// assert_eq!(tour.render_text(), " 1  4  7 10\n12  9  2  5\n 3  6 11  8\n");
/// let swapped = Tour::new(3, 4, false, vec![6, 0, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]);
/// assert_eq!(swapped.check(), Err(TourViolation::NotAMove { from: 0, to: 8 }));
/// // Not closed: 4 is not a knight's move from 0.
/// assert!(Tour::new(3, 4, true, tour.squares().to_vec()).check().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tour {
    rows: usize,
    cols: usize,
    closed: bool,
    squares: Vec<usize>,
}

/// How a sequence of squares fails to be a knight's tour.
///
/// ```
/// use dlx_sudoku::tour_count::{Tour, TourViolation};
/// let tour = Tour::new(1, 2, false, vec![0, 0]);
/// assert_eq!(tour.check(), Err(TourViolation::Revisited(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum TourViolation {
    /// Not one square per square of the board.
    #[error("{found} squares visited on a board of {expected}")]
    WrongLength {
        /// Squares in the tour.
        found: usize,
        /// Squares on the board.
        expected: usize,
    },
    /// A square number beyond the board.
    #[error("square {0} is off the board")]
    OffBoard(usize),
    /// A square visited twice.
    #[error("square {0} is visited twice")]
    Revisited(usize),
    /// Two consecutive squares that are not a knight's move apart.
    #[error("{from} to {to} is not a knight's move")]
    NotAMove {
        /// The square moved from.
        from: usize,
        /// The square moved to.
        to: usize,
    },
}

impl Tour {
    /// A tour of a `rows × cols` board; `closed` asks [`check`](Self::check) to require the
    /// move from the last square back to the first.
    ///
    /// See [`Tour`] for an example.
    pub fn new(rows: usize, cols: usize, closed: bool, squares: Vec<usize>) -> Self {
        Tour {
            rows,
            cols,
            closed,
            squares,
        }
    }

    /// The squares in the order visited.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::Tour;
    /// assert_eq!(Tour::new(1, 1, false, vec![0]).squares(), [0]);
    /// ```
    pub fn squares(&self) -> &[usize] {
        &self.squares
    }

    /// True for a closed tour.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::Tour;
    /// assert!(!Tour::new(1, 1, false, vec![0]).is_closed());
    /// ```
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Checks the tour from the rules: every square once, every step (and for a closed
    /// tour the step back to the start) a knight's move — by coordinates, sharing nothing
    /// with the encoding.
    ///
    /// See [`Tour`] and [`TourViolation`] for examples.
    pub fn check(&self) -> Result<(), TourViolation> {
        let n = self.rows * self.cols;
        if self.squares.len() != n {
            return Err(TourViolation::WrongLength {
                found: self.squares.len(),
                expected: n,
            });
        }
        let mut seen = vec![false; n];
        for &s in &self.squares {
            if s >= n {
                return Err(TourViolation::OffBoard(s));
            }
            if std::mem::replace(&mut seen[s], true) {
                return Err(TourViolation::Revisited(s));
            }
        }
        let cell = |s: usize| crate::grid::Cell::from_index(s, self.cols);
        let jump = |a: usize, b: usize| crate::grid::is_knight_move(cell(a), cell(b));
        let mut steps: Vec<(usize, usize)> =
            self.squares.windows(2).map(|w| (w[0], w[1])).collect();
        if self.closed && n > 1 {
            steps.push((self.squares[n - 1], self.squares[0]));
        }
        if let Some(&(from, to)) = steps.iter().find(|&&(a, b)| !jump(a, b)) {
            return Err(TourViolation::NotAMove { from, to });
        }
        Ok(())
    }

    /// The board as text: each square shows when it is visited (from 1), right-aligned.
    ///
    /// ```
    /// use dlx_sudoku::tour_count::Tour;
    /// let tour = Tour::new(1, 2, false, vec![1, 0]);
    /// assert_eq!(tour.render_text(), "2 1\n");
    /// ```
    pub fn render_text(&self) -> String {
        let n = self.rows * self.cols;
        let mut when = vec![0; n];
        for (t, &s) in self.squares.iter().enumerate() {
            if s < n {
                when[s] = t + 1;
            }
        }
        let width = n.to_string().len();
        let mut out = String::new();
        for row in when.chunks(self.cols) {
            let cells: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Tour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

/// The knight's moves from square `s`, in the order of Knuth's `t34open.dlx`: for the
/// signs `(+, +), (+, −), (−, +), (−, −)`, the steps `(1, 2)` then `(2, 1)`.
fn knight_moves(rows: usize, cols: usize, s: usize) -> Vec<usize> {
    let (r, c) = ((s / cols) as i64, (s % cols) as i64);
    let mut out = Vec::with_capacity(8);
    for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        for (dr, dc) in [(1, 2), (2, 1)] {
            let (nr, nc) = (r + sr * dr, c + sc * dc);
            if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                out.push(nr as usize * cols + nc as usize);
            }
        }
    }
    out
}

/// A square's number in base 36: its colour.
fn base36(mut x: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((x % 36) as u32, 36).expect("a base-36 digit"));
        x /= 36;
        if x == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_knuths_order() {
        assert_eq!(knight_moves(3, 4, 0), [6, 9]);
        assert_eq!(knight_moves(3, 4, 1), [7, 10, 8]);
        assert_eq!(knight_moves(3, 4, 2), [11, 4, 9]);
        assert_eq!(knight_moves(3, 4, 10), [3, 4, 1]);
    }

    #[test]
    fn colours_are_base_36() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(11), "b");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }

    #[test]
    fn tiny_boards() {
        // A 1×2 board has no move, so no tour; 2×3 has none either.
        assert_eq!(TourCount::new(1, 2, TourKind::Open).unwrap().count(), 0);
        assert_eq!(TourCount::new(2, 3, TourKind::Open).unwrap().count(), 0);
        assert_eq!(TourCount::new(1, 1, TourKind::Closed).unwrap().count(), 0);
        assert_eq!(
            TourCount::new(1, 1, TourKind::Open)
                .unwrap()
                .distinct_tours(),
            1
        );
    }

    #[test]
    fn closed_tours_start_at_zero_and_close() {
        let t = TourCount::new(3, 4, TourKind::Closed).unwrap();
        assert_eq!(t.count(), 0);
        assert!(t.problem().find_item("M11").is_some());
    }

    #[test]
    fn check_catches_bad_tours() {
        let short = Tour::new(2, 2, false, vec![0]);
        assert!(matches!(
            short.check(),
            Err(TourViolation::WrongLength { .. })
        ));
        let off = Tour::new(1, 2, false, vec![0, 7]);
        assert_eq!(off.check(), Err(TourViolation::OffBoard(7)));
        let stalled = Tour::new(3, 4, false, vec![0, 6, 8, 1, 10, 4, 2, 9, 7, 5, 11, 3]);
        assert_eq!(
            stalled.check(),
            Err(TourViolation::NotAMove { from: 7, to: 5 })
        );
    }

    #[test]
    fn decode_rejects_foreign_options() {
        let t = TourCount::new(3, 4, TourKind::Open).unwrap();
        let bogus = Solution::new(vec![OptionId::new(10_000)]);
        assert_eq!(t.decode(&bogus), Err(TourCountError::UnknownOption(10_000)));
    }
}
