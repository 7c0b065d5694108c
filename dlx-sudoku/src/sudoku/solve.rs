//! Solving puzzles. By default the answers come from the bitboard engine (the
//! `bitboard` module: the same exact cover, options kept as one set of cells per digit,
//! forced options taken before each branch; 9×9 with 3×3 boxes on bands of three rows)
//! for every shape up to 25×25. The exact cover engines of `dlx-core` stay for watching the
//! search, for a branching cutoff and for larger shapes: there the givens are fixed with
//! `preselect` on a fresh copy of a prebuilt solver for the shape, and the dense engine
//! ([`DenseSolver`]), which searches the same tree as the dancing-links [`Solver`] in less
//! time, answers on request. [`SudokuEngine`] picks one.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::{
    Auto, Count, DenseSolver, First, Links, NoObserver, OptionId, PreselectError, Solution,
    Solutions, Solver, Uniqueness,
};
use thiserror::Error;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::bitboard::{Bitboard, BitboardLimits, Stepper};
use crate::sudoku::check::{Conflict, SizeMismatch};
use crate::sudoku::encode::Encoding;
use crate::sudoku::grid::Grid;
use crate::sudoku::shape::Cell;

/// Why a puzzle could not be searched.
///
/// ```
/// use dlx_sudoku::sudoku::{Encoding, Shape, SolveError, SudokuSolver};
/// let enc = Encoding::new(Shape::classic())?;
/// let solver = SudokuSolver::new(&enc);
/// let puzzle = ".5.......5.......................................................................".parse()?;
/// let err = solver.solve(&puzzle).unwrap_err();
/// assert!(matches!(err, SolveError::Conflict(_)));
/// assert_eq!(err.to_string(),
///            "the givens contradict each other: two 5s in box 1: r1c2 and r2c1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The puzzle's size is not the shape's.
    #[error(transparent)]
    Size(#[from] SizeMismatch),
    /// Two givens share a digit and a house.
    #[error("the givens contradict each other: {0}")]
    Conflict(#[from] Conflict),
    /// A given could not be fixed (only possible if the engine disagrees with the conflict
    /// check).
    #[error("cell {cell}: the given {digit} cannot be fixed: {source}")]
    Unplaceable {
        /// The cell.
        cell: Cell,
        /// The given.
        digit: u8,
        /// The engine's reason.
        source: PreselectError,
    },
}

/// The engine that answers a [`SudokuSolver`]'s questions.
///
/// ```
/// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuEngine, SudokuSolver};
/// let enc = Encoding::new(Shape::classic())?;
/// assert_eq!(SudokuSolver::new(&enc).engine(), SudokuEngine::Bitboard);
/// let dense = SudokuSolver::new(&enc).with_engine(SudokuEngine::Dense)?;
/// assert_eq!(dense.engine().name(), "dense");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SudokuEngine {
    /// The fastest for the shape: the bitboard engine up to 25×25 (unless a branching
    /// cutoff is set), else dancing links.
    #[default]
    Auto,
    /// Sets of cells per digit, forced options taken before each branch (up to 25×25; 9×9
    /// with 3×3 boxes as bands of three rows, the fast path).
    Bitboard,
    /// `dlx-core`'s dense engine: Knuth's tree, a state copied per level.
    Dense,
    /// `dlx-core`'s dancing links: Knuth's tree and DLX1's updates.
    Links,
}

impl SudokuEngine {
    /// The engine's name, as `--engine` takes it and `--stats` prints it.
    ///
    /// See [`SudokuEngine`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            SudokuEngine::Auto => "auto",
            SudokuEngine::Bitboard => "bitboard",
            SudokuEngine::Dense => "dense",
            SudokuEngine::Links => "links",
        }
    }
}

/// The engine asked for cannot take the shape.
///
/// ```
/// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuEngine, SudokuSolver};
/// let enc = Encoding::new(Shape::for_size(36)?)?;
/// let err = SudokuSolver::new(&enc).with_engine(SudokuEngine::Bitboard).unwrap_err();
/// assert_eq!(err.to_string(),
///            "the bitboard engine takes grids up to 25×25, not 36×36");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the {} engine takes grids up to {max}×{max}, not {size}×{size}", .engine.name())]
pub struct EngineError {
    /// The engine asked for.
    pub engine: SudokuEngine,
    /// The largest size it takes.
    pub max: usize,
    /// The shape's size.
    pub size: usize,
}

/// Solves puzzles of one shape: up to 25×25 by default on the bitboard engine (see
/// [`SudokuEngine`]);
/// for the exact cover engines, it holds the shape's prebuilt links and copies them for
/// each puzzle, fixing the givens before the search.
///
/// ```
/// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
/// use dlx_sudoku::Uniqueness;
/// let enc = Encoding::new(Shape::classic())?;
/// let solver = SudokuSolver::new(&enc);
/// let puzzle = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...".parse()?;
/// let Uniqueness::Unique(solution) = solver.unique(&puzzle)? else { panic!("not unique") };
/// assert_eq!(solution.to_string(),
///     "693784512487512936125963874932651487568247391741398625319475268856129743274836159");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SudokuSolver<'e> {
    encoding: &'e Encoding,
    template: Solver<'e, Links>,
    /// The same search on the dense engine, when `--engine dense` asks for it.
    dense: DenseSolver<'e>,
    branch_cutoff: u32,
    /// The bitboard engine, when the shape fits it.
    bitboard: Option<Bitboard>,
    engine: SudokuEngine,
    /// The node budget and cancel flag, for the bitboard engine.
    limits: BitboardLimits,
}

/// The largest shape the bitboard engine takes.
const BITBOARD_MAX_SIZE: usize = 25;

impl<'e> SudokuSolver<'e> {
    /// A solver for the encoding's shape, with no node budget.
    ///
    /// See [`SudokuSolver`] for an example.
    pub fn new(encoding: &'e Encoding) -> Self {
        SudokuSolver {
            encoding,
            // DLX1's branching rule, with X3 reading byte lengths: 324 primary items and
            // few updates per node, where walking the items was a third of the time.
            template: Solver::links(encoding.problem()).with_byte_lengths(true),
            dense: DenseSolver::try_new(encoding.problem())
                .expect("a Sudoku has no multiplicities and few options an item"),
            branch_cutoff: 0,
            bitboard: Bitboard::new(encoding.shape()),
            engine: SudokuEngine::Auto,
            limits: BitboardLimits {
                nodes: u64::MAX,
                cancel: None,
            },
        }
    }

    /// Answers on this engine (see [`SudokuEngine`]); fails when it cannot take the shape.
    ///
    /// See [`SudokuEngine`] for an example.
    pub fn with_engine(mut self, engine: SudokuEngine) -> Result<Self, EngineError> {
        if engine == SudokuEngine::Bitboard && self.bitboard.is_none() {
            return Err(EngineError {
                engine,
                max: BITBOARD_MAX_SIZE,
                size: self.encoding.shape().size(),
            });
        }
        self.engine = engine;
        Ok(self)
    }

    /// The engine that answers: never [`SudokuEngine::Auto`], which is resolved here for
    /// the shape.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuEngine, SudokuSolver};
    /// let big = Encoding::new(Shape::for_size(36)?)?;
    /// assert_eq!(SudokuSolver::new(&big).engine(), SudokuEngine::Links);
    /// let sixteen = Encoding::new(Shape::for_size(16)?)?;
    /// assert_eq!(SudokuSolver::new(&sixteen).engine(), SudokuEngine::Bitboard);
    /// let nine = Encoding::new(Shape::classic())?;
    /// let cut = SudokuSolver::new(&nine).with_branch_cutoff(1);
    /// assert_eq!(cut.engine(), SudokuEngine::Links);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine(&self) -> SudokuEngine {
        match self.engine {
            SudokuEngine::Auto if self.branch_cutoff == 0 && self.bitboard.is_some() => {
                SudokuEngine::Bitboard
            }
            SudokuEngine::Auto => SudokuEngine::Links,
            chosen => chosen,
        }
    }

    /// The bitboard engine, when it answers.
    fn bitboard(&self) -> Option<&Bitboard> {
        if self.engine() == SudokuEngine::Bitboard {
            self.bitboard.as_ref()
        } else {
            None
        }
    }

    /// Stops each search after this many nodes; the answers then say they are incomplete.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
    /// use dlx_sudoku::{First, StopReason};
    /// let enc = Encoding::new(Shape::classic())?;
    /// let solver = SudokuSolver::new(&enc).with_node_budget(3);
    /// assert_eq!(solver.solve(&Grid::new(9)?)?, First::Incomplete(StopReason::NodeBudget));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.template = self.template.with_node_budget(nodes);
        self.dense = self.dense.with_node_budget(nodes);
        self.limits.nodes = nodes;
        self
    }

    /// Stops each search soon after `flag` is raised (checked every 1,024 nodes); the
    /// answers then say they are incomplete. One flag may serve many solvers and threads.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let raised = Arc::new(AtomicBool::new(true));
    /// let count = SudokuSolver::new(&enc).with_cancel_flag(raised).count(&Grid::new(4)?, None)?;
    /// assert_eq!(count.stop, Some(dlx_sudoku::StopReason::Cancelled));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.template = self.template.with_cancel_flag(Arc::clone(&flag));
        self.dense = self.dense.with_cancel_flag(Arc::clone(&flag));
        self.limits.cancel = Some(flag);
        self
    }

    /// Sets the branching rule's cutoff (see [`Solver::with_branch_cutoff`]): 0 by default,
    /// which searches exactly the tree of Knuth's SUDOKU-DLX and DLX1 (the item with the
    /// fewest options, so a dead end as soon as any list is empty); 1 takes the first forced
    /// move instead, which searches about 15 % more nodes on 17-clue puzzles.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::classic())?;
    /// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let knuth = SudokuSolver::new(&enc).count(&puzzle, Some(2))?;
    /// let forced = SudokuSolver::new(&enc).with_branch_cutoff(1).count(&puzzle, Some(2))?;
    /// assert_eq!((knuth.solutions, forced.solutions), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_branch_cutoff(mut self, len: u32) -> Self {
        self.template = self.template.with_branch_cutoff(len);
        self.branch_cutoff = len;
        self
    }

    /// The encoding this solver uses.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// assert_eq!(SudokuSolver::new(&enc).encoding().shape().size(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encoding(&self) -> &'e Encoding {
        self.encoding
    }

    /// The engine's solver for a puzzle, its givens fixed, ready to search (for questions
    /// this type does not ask, or to watch the search). Fails on givens that contradict
    /// each other, naming both cells and their house.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let count = solver.prepare(&"1234............".parse()?)?.count();
    /// assert_eq!(count.solutions, 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prepare(&self, puzzle: &Grid) -> Result<Solver<'e, Links>, SolveError> {
        let mut solver = self.template.clone();
        self.fix_givens(puzzle, |o| solver.preselect(o))?;
        Ok(solver)
    }

    /// The dense engine's solver for a puzzle, its givens fixed, ready to search: the same
    /// tree as [`prepare`](Self::prepare)'s with DLX1's branching rule (the branching
    /// cutoff does not apply), in less time. Fails as `prepare` does.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let puzzle = "1234............".parse()?;
    /// let dense = solver.prepare_dense(&puzzle)?.count();
    /// let links = solver.prepare(&puzzle)?.count();
    /// assert_eq!((dense.solutions, dense.stats.nodes), (12, links.stats.nodes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prepare_dense(&self, puzzle: &Grid) -> Result<DenseSolver<'e>, SolveError> {
        let mut solver = self.dense.clone();
        self.fix_givens(puzzle, |o| solver.preselect(o))?;
        Ok(solver)
    }

    /// The exact cover search that answers when the bitboard engine does not, as one engine
    /// value: the dense engine's when it is chosen, else the links engine's (what `Auto`
    /// resolves to past 25×25 or with a branching cutoff).
    fn prepared(&self, puzzle: &Grid) -> Result<Solver<'e, Auto>, SolveError> {
        Ok(if self.engine() == SudokuEngine::Dense {
            self.prepare_dense(puzzle)?.into_auto()
        } else {
            self.prepare(puzzle)?.into_auto()
        })
    }

    /// Runs `ask` on the bitboard engine with the puzzle's givens, when that engine
    /// answers: `Ok(None)` when it does not. Givens that clash are named as the exact
    /// cover engines name them.
    fn on_bitboard<T>(
        &self,
        puzzle: &Grid,
        ask: impl FnOnce(&Bitboard, &[u8], BitboardLimits) -> Option<T>,
    ) -> Result<Option<T>, SolveError> {
        let Some(bitboard) = self.bitboard() else {
            return Ok(None);
        };
        let shape = self.encoding.shape();
        shape.check_size(puzzle)?;
        match ask(bitboard, puzzle.values(), self.limits.clone()) {
            Some(answer) => Ok(Some(answer)),
            None => match shape.first_conflict(puzzle)? {
                Some(conflict) => Err(SolveError::Conflict(conflict)),
                // Not expected: the exact cover engine answers (or names the given).
                None => Ok(None),
            },
        }
    }

    fn grid_of(&self, values: Vec<u8>, alphabet: Alphabet) -> Grid {
        let mut grid = Grid::from_values(self.encoding.shape().size(), values)
            .expect("the engine fills the shape's grid");
        grid.set_alphabet_unchecked(alphabet);
        grid
    }

    /// Fixes each given with `preselect`; when one cannot be, names the two givens that
    /// clash.
    fn fix_givens(
        &self,
        puzzle: &Grid,
        mut preselect: impl FnMut(OptionId) -> Result<(), PreselectError>,
    ) -> Result<(), SolveError> {
        let shape = self.encoding.shape();
        shape.check_size(puzzle)?;
        // Cells by number: a cell's row and column are worked out only for an error.
        for (index, &digit) in puzzle.values().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if let Err(source) = preselect(self.encoding.option_at(index, digit)) {
                // Two givens clash: name them (found only now, so that a valid puzzle
                // pays for no check beyond placing its givens).
                if let Some(conflict) = shape.first_conflict(puzzle)? {
                    return Err(SolveError::Conflict(conflict));
                }
                return Err(SolveError::Unplaceable {
                    cell: Cell::from_index(index, puzzle.size()),
                    digit,
                    source,
                });
            }
        }
        Ok(())
    }

    fn grid(&self, solution: &Solution, alphabet: Alphabet) -> Grid {
        let mut grid = self.encoding.grid(solution.options());
        grid.set_alphabet_unchecked(alphabet);
        grid
    }

    /// The first solution found.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// use dlx_sudoku::First;
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let grid = solver.solve(&"1...............".parse()?)?.solution().unwrap();
    /// assert_eq!(grid.to_string(), "1234341221434321");
    /// // A blank cell that no digit fits.
    /// let stuck = "123....4........".parse()?; // r1c4 needs the 4 of column 4
    /// assert_eq!(solver.solve(&stuck)?, First::NoSolution);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, puzzle: &Grid) -> Result<First<Grid>, SolveError> {
        if let Some(first) = self.on_bitboard(puzzle, |b, v, l| b.first(v, l))? {
            return Ok(first.map(|v| self.grid_of(v, puzzle.alphabet())));
        }
        let first = self.prepared(puzzle)?.first();
        Ok(first.map(|s| self.grid(&s, puzzle.alphabet())))
    }

    /// Counts the solutions, stopping after `limit` of them if a limit is given.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let empty = Grid::new(4)?;
    /// let all = solver.count(&empty, None)?;
    /// assert_eq!((all.solutions, all.is_complete()), (288, true));
    /// let some = solver.count(&empty, Some(10))?;
    /// assert_eq!((some.solutions, some.stop), (10, Some(dlx_sudoku::StopReason::SolutionLimit)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, puzzle: &Grid, limit: Option<u64>) -> Result<Count, SolveError> {
        let limit = limit.unwrap_or(u64::MAX);
        if let Some(count) = self.on_bitboard(puzzle, |b, v, l| b.count(v, limit, l))? {
            return Ok(count);
        }
        Ok(self.prepared(puzzle)?.with_solution_limit(limit).count())
    }

    /// Whether the puzzle has exactly one solution; the search stops at the second.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// use dlx_sudoku::Uniqueness;
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let Uniqueness::Multiple(a, b) = solver.unique(&"1234............".parse()?)? else {
    ///     panic!("expected two solutions")
    /// };
    /// assert_ne!(a, b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique(&self, puzzle: &Grid) -> Result<Uniqueness<Grid>, SolveError> {
        if let Some(unique) = self.on_bitboard(puzzle, |b, v, l| b.unique(v, l))? {
            return Ok(unique.map(|v| self.grid_of(v, puzzle.alphabet())));
        }
        let unique = self.prepared(puzzle)?.unique();
        Ok(unique.map(|s| self.grid(&s, puzzle.alphabet())))
    }

    /// Every solution, found one at a time as the iterator is advanced.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let solver = SudokuSolver::new(&enc);
    /// let puzzle = "12..34..........".parse()?;
    /// let mut all = solver.solutions(&puzzle)?;
    /// let grids: Vec<_> = all.by_ref().collect();
    /// assert_eq!(grids.len(), 12);
    /// assert!(all.is_complete());
    /// for g in &grids {
    ///     enc.shape().verify_solution(&puzzle, g)?;
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self, puzzle: &Grid) -> Result<GridSolutions<'e>, SolveError> {
        if let Some(search) = self.on_bitboard(puzzle, |b, v, l| b.solutions(v, l))? {
            return Ok(GridSolutions {
                inner: Inner::Bitboard(search),
                encoding: self.encoding,
                alphabet: puzzle.alphabet(),
            });
        }
        Ok(GridSolutions {
            inner: Inner::Exact(Box::new(self.prepared(puzzle)?.solutions())),
            encoding: self.encoding,
            alphabet: puzzle.alphabet(),
        })
    }
}

/// An iterator over the solutions of a puzzle; see [`SudokuSolver::solutions`]. Grids are
/// written in the puzzle's alphabet.
///
/// ```
/// use dlx_sudoku::sudoku::{Alphabet, Encoding, Parser, Shape, SudokuSolver};
/// let enc = Encoding::new(Shape::for_size(4)?)?;
/// let puzzle = Parser::new().alphabet(Alphabet::Letters).line("AB..CD..........")?;
/// let first = SudokuSolver::new(&enc).solutions(&puzzle)?.next().unwrap();
/// assert!(first.to_string().starts_with("AB"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GridSolutions<'e> {
    inner: Inner<'e>,
    encoding: &'e Encoding,
    alphabet: Alphabet,
}

/// The search behind a [`GridSolutions`].
#[derive(Debug)]
enum Inner<'e> {
    Exact(Box<Solutions<'e, NoObserver, Auto>>),
    Bitboard(Box<dyn Stepper>),
}

impl GridSolutions<'_> {
    /// True once every solution has been produced.
    ///
    /// See [`SudokuSolver::solutions`] for an example.
    pub fn is_complete(&self) -> bool {
        match &self.inner {
            Inner::Exact(solutions) => solutions.is_complete(),
            Inner::Bitboard(search) => search.is_complete(),
        }
    }
}

impl Iterator for GridSolutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let mut grid = match &mut self.inner {
            Inner::Exact(solutions) => self.encoding.grid(solutions.next()?.options()),
            Inner::Bitboard(search) => {
                let values = search.next_values().ok()?;
                Grid::from_values(self.encoding.shape().size(), values)
                    .expect("the engine fills the shape's grid")
            }
        };
        grid.set_alphabet_unchecked(self.alphabet);
        Some(grid)
    }
}
