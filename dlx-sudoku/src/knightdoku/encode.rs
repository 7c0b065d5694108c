//! Knightdoku as exact cover with multiplicities, as in the reference files `kd1.dlx` and
//! `kd2.dlx`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::{
    AddedOption, Count, First, ItemId, OptionId, Problem, ProblemBuilder, Solution, Solver,
    Uniqueness,
};

use crate::grid::Cell;
use crate::knightdoku::board::{Content, KnightdokuBoard};
use crate::knightdoku::KnightdokuError;

/// The exact cover problem of a Knightdoku board.
///
/// Items, all primary: `R*`, `C*`, `B*` (rows, columns, boxes; bounds `[k, k]` for `k`
/// knights per house), then for each clue (or given knight) in reading order `K rc` (its
/// cell must hold a knight, bounds `[1, 1]`) and, for a clue `n > 0`, `N rc` with bounds
/// `[n, n]` (its neighbourhood). Indices are base-36 digits. One option per cell that may
/// hold a knight, in reading order: `R r C c B b`, then `K rc` if the cell is a clue, then
/// `N` of every clue it neighbours. A `0` clue has no item: its neighbours get no option.
///
/// ```
/// use dlx_sudoku::knightdoku::{KnightdokuBoard, Knightdoku};
/// let puzzle: KnightdokuBoard = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"),
///     "/tests/data/knightdoku/kd1.txt"))?.parse()?;
/// let kd = Knightdoku::new(&puzzle)?;
/// assert_eq!(kd.problem().num_primary(), 27 + 2 * 11);
/// let solution = kd.first().solution().unwrap();
/// kd.board().check_solution(&solution)?;
/// assert_eq!(solution.knights().count(), 27);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Knightdoku {
    board: KnightdokuBoard,
    problem: Problem,
    /// The cell of each option.
    cells: Vec<Cell>,
    /// Stops the searches when raised.
    cancel: Option<Arc<AtomicBool>>,
}

impl Knightdoku {
    /// Builds the problem for a board.
    ///
    /// ```
    /// use dlx_core::format::write;
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Geometry, Knightdoku};
    /// let board = KnightdokuBoard::parse_with("1.\n..", Geometry::new(2, 1, 2, 1)?)?;
    /// let kd = Knightdoku::new(&board)?;
    /// // No cell of a 2×2 grid is a knight's move from another: the clue can't be met.
    /// assert_eq!(write(kd.problem())?,
    ///            "R0 R1 C0 C1 B0 B1 K00 N00\nR0 C0 B0 K00\nR0 C1 B0\nR1 C0 B1\nR1 C1 B1\n");
    /// assert_eq!(kd.count().solutions, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &KnightdokuBoard) -> Result<Self, KnightdokuError> {
        let g = board.geometry();
        let n = g.size();
        let k = g.per_house() as u32;
        let mut b = ProblemBuilder::new();
        let mut houses = Vec::with_capacity(3 * n);
        for prefix in ["R", "C", "B"] {
            let items = (0..n)
                .map(|i| b.add_primary_with_bounds(format!("{prefix}{}", digit(i)), k, k))
                .collect::<Result<Vec<_>, _>>()?;
            houses.push(items);
        }
        // For each cell: its K item (a clue or given knight), and the N items it feeds.
        let mut own: Vec<Option<ItemId>> = vec![None; n * n];
        let mut feeds: Vec<Vec<ItemId>> = vec![Vec::new(); n * n];
        let mut forbidden = vec![false; n * n];
        for cell in board.knights() {
            let name = format!("{}{}", digit(cell.row), digit(cell.col));
            own[cell.index(n)] = Some(b.add_primary(format!("K{name}"))?);
            let Content::Clue(count) = board.get(cell) else {
                continue;
            };
            let around = g.knight_neighbours(cell);
            if count == 0 {
                for other in around {
                    forbidden[other.index(n)] = true;
                }
                continue;
            }
            let item = b.add_primary_with_bounds(format!("N{name}"), count.into(), count.into())?;
            for other in around {
                feeds[other.index(n)].push(item);
            }
        }
        let mut cells = Vec::with_capacity(n * n);
        for k in (0..n * n).filter(|&k| !forbidden[k]) {
            let cell = Cell::from_index(k, n);
            let mut items = vec![
                houses[0][cell.row],
                houses[1][cell.col],
                houses[2][g.box_of(cell)],
            ];
            items.extend(own[k]);
            items.extend(feeds[k].iter().copied());
            if let AddedOption::Added(_) = b.add_option(items)? {
                cells.push(cell);
            }
        }
        Ok(Knightdoku {
            board: board.clone(),
            problem: b.build()?,
            cells,
            cancel: None,
        })
    }

    /// Stops each search soon after `flag` is raised (for Ctrl-C); the answers then say
    /// they are incomplete.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Knightdoku};
    /// use dlx_sudoku::StopReason;
    /// let kd = Knightdoku::new(&"..\n..".parse::<KnightdokuBoard>()?)?;
    /// let stopped = kd.with_cancel_flag(Arc::new(AtomicBool::new(true))).count();
    /// assert_eq!(stopped.stop, Some(StopReason::Cancelled));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The puzzle.
    ///
    /// See [`Knightdoku`] for an example.
    pub fn board(&self) -> &KnightdokuBoard {
        &self.board
    }

    /// The exact cover problem.
    ///
    /// See [`Knightdoku`] for an example.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The cell where an option puts a knight.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Geometry, Knightdoku};
    /// let kd = Knightdoku::new(&KnightdokuBoard::empty(Geometry::CLASSIC))?;
    /// assert_eq!(kd.cell(OptionId::new(10)), Some(dlx_sudoku::grid::Cell::new(1, 1)));
    /// # Ok::<(), dlx_sudoku::knightdoku::KnightdokuError>(())
    /// ```
    pub fn cell(&self, option: OptionId) -> Option<Cell> {
        self.cells.get(option.index()).copied()
    }

    /// Turns a solution of [`problem`](Self::problem) into the solved board: the puzzle
    /// with a knight (`N`) on every chosen cell that is not a clue. The result is not
    /// checked: see [`KnightdokuBoard::check_solution`].
    ///
    /// ```
    /// use dlx_core::Solver;
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Knightdoku};
    /// let puzzle: KnightdokuBoard = "..\n..".parse()?;
    /// let kd = Knightdoku::new(&puzzle)?;
    /// let s = Solver::new(kd.problem()).first().solution().unwrap();
    /// assert_eq!(kd.decode(&s)?.knights().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<KnightdokuBoard, KnightdokuError> {
        let mut out = self.board.clone();
        for &o in solution.options() {
            let cell = self
                .cell(o)
                .ok_or(KnightdokuError::UnknownOption(o.index()))?;
            if out.get(cell) == Content::Empty {
                out.set(cell, Content::Knight);
            }
        }
        Ok(out)
    }

    /// The engine's solver, with the cancel flag if one was given: the engine
    /// [`Auto`](dlx_core::Auto) picks (the dense engine's Algorithm M for boards up to
    /// 2,100 options, so every usual board; the same tree as the links).
    fn solver(&self) -> Solver<'_, dlx_core::Auto> {
        let solver = Solver::new(&self.problem);
        match &self.cancel {
            Some(flag) => solver.with_cancel_flag(Arc::clone(flag)),
            None => solver,
        }
    }

    /// [`decode`](Self::decode) for the solver's own solutions.
    fn decoded(&self, solution: Solution) -> KnightdokuBoard {
        self.decode(&solution)
            .expect("the solver returns options of the problem")
    }

    /// The first solution the search finds, if any.
    ///
    /// See [`Knightdoku`] for an example.
    pub fn first(&self) -> First<KnightdokuBoard> {
        self.solver().first().map(|s| self.decoded(s))
    }

    /// Counts the solutions.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Geometry, Knightdoku};
    /// // One knight per row, column and 1×3 box of a 3×3 grid: the 6 permutations.
    /// let kd = Knightdoku::new(&KnightdokuBoard::empty(Geometry::new(3, 1, 3, 1)?))?;
    /// assert_eq!(kd.count().solutions, 6);
    /// # Ok::<(), dlx_sudoku::knightdoku::KnightdokuError>(())
    /// ```
    pub fn count(&self) -> Count {
        self.solver().count()
    }

    /// Solves and says whether the solution is unique (the search stops at the second).
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Knightdoku};
    /// use dlx_sudoku::Uniqueness;
    /// let puzzle: KnightdokuBoard = "..\n..".parse()?; // 2×2, one knight per row, column and box
    /// assert!(matches!(Knightdoku::new(&puzzle)?.unique(), Uniqueness::Multiple(_, _)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique(&self) -> Uniqueness<KnightdokuBoard> {
        self.solver().unique().map(|s| self.decoded(s))
    }

    /// Every solution, decoded, in the order the search finds them.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Geometry, Knightdoku};
    /// let puzzle = KnightdokuBoard::empty(Geometry::new(4, 2, 2, 1)?);
    /// let kd = Knightdoku::new(&puzzle)?;
    /// assert!(kd.solutions().all(|s| puzzle.check_solution(&s).is_ok()));
    /// # Ok::<(), dlx_sudoku::knightdoku::KnightdokuError>(())
    /// ```
    pub fn solutions(&self) -> impl Iterator<Item = KnightdokuBoard> + '_ {
        self.solver().solutions().map(|s| self.decoded(s))
    }
}

/// One base-36 digit.
fn digit(i: usize) -> char {
    char::from_digit(i as u32, 36).expect("indices stay below 36")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knightdoku::Geometry;

    #[test]
    fn the_automatic_engine_counts_what_the_links_count() {
        for geometry in [Geometry::new(4, 2, 2, 1), Geometry::new(6, 2, 3, 2)] {
            let kd = Knightdoku::new(&KnightdokuBoard::empty(geometry.unwrap())).unwrap();
            assert_eq!(kd.solver().engine_name(), "dense");
            let links = Solver::links(kd.problem()).count();
            let auto = kd.count();
            assert_eq!(
                (auto.solutions, auto.stats.nodes, auto.stats.profile),
                (links.solutions, links.stats.nodes, links.stats.profile)
            );
        }
    }

    #[test]
    fn a_zero_clue_removes_its_neighbours() {
        let mut board = KnightdokuBoard::empty(Geometry::CLASSIC);
        board.set(Cell::new(4, 4), Content::Clue(0));
        let kd = Knightdoku::new(&board).unwrap();
        assert_eq!(kd.problem().num_options(), 81 - 8);
        assert!(kd.problem().find_item("N44").is_none());
        assert!(kd.problem().find_item("K44").is_some());
    }

    #[test]
    fn given_knights_are_forced_without_a_count() {
        let g = Geometry::new(3, 1, 3, 1).unwrap();
        let mut board = KnightdokuBoard::empty(g);
        board.set(Cell::new(0, 1), Content::Knight);
        let kd = Knightdoku::new(&board).unwrap();
        assert_eq!(kd.count().solutions, 2);
        for s in kd.solutions() {
            assert_eq!(s.get(Cell::new(0, 1)), Content::Knight);
            board.check_solution(&s).unwrap();
        }
    }

    #[test]
    fn large_grids_use_base_36_names() {
        let kd =
            Knightdoku::new(&KnightdokuBoard::empty(Geometry::new(12, 3, 4, 3).unwrap())).unwrap();
        assert_eq!(kd.problem().find_item("Rb").map(|i| i.index()), Some(11));
    }

    #[test]
    fn decode_rejects_foreign_options() {
        let kd = Knightdoku::new(&KnightdokuBoard::empty(Geometry::CLASSIC)).unwrap();
        let bogus = Solution::new(vec![OptionId::new(500)]);
        assert_eq!(kd.decode(&bogus), Err(KnightdokuError::UnknownOption(500)));
    }
}
