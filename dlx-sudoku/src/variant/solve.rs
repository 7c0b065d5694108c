//! Solving: compile once, then ask for one solution, uniqueness, a count or all of them.

use std::time::Duration;

use dlx_core::{NoObserver, Observer, Problem, Solution, Solver};

use crate::sudoku::{Cell, Grid};
use crate::variant::encode::{encode, Encoded};
use crate::variant::lookahead::Lookahead;
use crate::variant::model::{Meaning, Val};
use crate::variant::puzzle::{VariantError, VariantPuzzle};
use crate::variant::rules::Connectivity;

/// A solution: the digits, and the shading and letters where the puzzle has them.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Letter, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.givens = "12..34..21..4...".parse()?;
/// p.constraints.push(Letter { cell: Cell::new(3, 3), letter: 'A' }.into());
/// let s = VariantSolver::new(&p)?.first().expect("solvable");
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

/// The answer to "is the solution unique?".
///
/// See [`VariantSolver::unique`] for an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantUniqueness {
    /// Exactly one solution.
    Unique(VariantSolution),
    /// No solution.
    NoSolution,
    /// Two or more: the first two found.
    Multiple(VariantSolution, VariantSolution),
    /// The node budget ran out first (see [`VariantSolver::with_node_budget`]).
    Incomplete {
        /// The one solution found before stopping, if any.
        found: Option<VariantSolution>,
    },
}

/// The answer to "how many solutions?".
///
/// See [`VariantSolver::count`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantCount {
    /// Solutions found.
    pub solutions: u64,
    /// True when the whole search tree was explored, so `solutions` is the total.
    pub complete: bool,
    /// Search-tree nodes visited.
    pub nodes: u64,
    /// Time spent searching.
    pub elapsed: Duration,
}

/// The size of the compiled problem.
///
/// See [`VariantSolver::stats`] for an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingStats {
    /// Primary items.
    pub primary: usize,
    /// Secondary items.
    pub secondary: usize,
    /// Options.
    pub options: usize,
    /// Entries over all options.
    pub entries: usize,
    /// Options of each constraint's own items (tables and choices), by constraint.
    pub rule_options: Vec<usize>,
}

/// A compiled puzzle, ready to answer questions.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Diagonal, VariantPuzzle, VariantSolver, VariantUniqueness};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Diagonal::Main.into());
/// p.constraints.push(Diagonal::Anti.into());
/// let solver = VariantSolver::new(&p)?;
/// let count = solver.count(None);
/// assert!(count.complete);
/// assert_eq!(count.solutions, 48); // 4×4 Sudoku X grids
/// assert!(matches!(solver.unique(), VariantUniqueness::Multiple(..)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VariantSolver {
    encoded: Encoded,
    lookahead: bool,
    node_budget: Option<u64>,
}

impl VariantSolver {
    /// Validates and compiles a puzzle.
    ///
    /// See [`VariantSolver`] for an example.
    pub fn new(puzzle: &VariantPuzzle) -> Result<Self, VariantError> {
        Ok(VariantSolver {
            encoded: encode(puzzle, crate::variant::model::TABLE_CAP)?,
            lookahead: true,
            node_budget: None,
        })
    }

    /// Compiles a puzzle with tables capped at `cap` alternatives: rules whose table would
    /// be larger use their decomposition (running sums, auxiliary items, pairwise tables).
    /// The default is 4096; 0 decomposes every rule that has a decomposition. For
    /// experiments and tests: the answers are the same, the problem and the search differ.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Line, LineKind, VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let line = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)];
    /// p.constraints.push(Line::new(LineKind::Thermometer, line).into());
    /// let table = VariantSolver::new(&p)?.count(None).solutions;
    /// let pairs = VariantSolver::with_table_cap(&p, 0)?.count(None).solutions;
    /// assert_eq!(table, pairs);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_table_cap(puzzle: &VariantPuzzle, cap: usize) -> Result<Self, VariantError> {
        Ok(VariantSolver {
            encoded: encode(puzzle, cap)?,
            lookahead: true,
            node_budget: None,
        })
    }

    /// Stops each search after this many nodes; answers then say they are incomplete.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver, VariantUniqueness};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?.with_node_budget(2);
    /// assert!(matches!(solver.unique(), VariantUniqueness::Incomplete { .. }));
    /// assert!(!solver.count(None).complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.node_budget = Some(nodes);
        self
    }

    /// Turns the look-ahead on or off (on by default). Look-ahead propagates the rules at
    /// every node of the search and backs up from nodes with no way forward; it never
    /// changes the answers, only how many nodes the search visits.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let plain = VariantSolver::new(&p)?.with_lookahead(false).count(None);
    /// let ahead = VariantSolver::new(&p)?.count(None);
    /// assert_eq!((plain.solutions, ahead.solutions), (288, 288));
    /// assert!(ahead.nodes <= plain.nodes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_lookahead(mut self, on: bool) -> Self {
        self.lookahead = on;
        self
    }

    /// The exact cover problem.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// assert_eq!(solver.problem().num_options(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.encoded.emitted.problem
    }

    /// Sizes of the compiled problem.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Line, LineKind, VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// let row = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    /// p.constraints.push(Line::new(LineKind::Thermometer, row).into());
    /// let stats = VariantSolver::new(&p)?.stats();
    /// assert_eq!(stats.rule_options, [4]); // 123, 124, 134, 234
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> EncodingStats {
        let p = self.problem();
        EncodingStats {
            primary: p.num_primary(),
            secondary: p.num_secondary(),
            options: p.num_options(),
            entries: p.num_entries(),
            rule_options: self.encoded.rule_options.clone(),
        }
    }

    fn decode(&self, solution: &Solution) -> VariantSolution {
        let e = &self.encoded;
        let n = e.n;
        let mut values: Vec<Option<Val>> = Vec::new();
        let mut set = |v: u32, x: Val| {
            let v = v as usize;
            if values.len() <= v {
                values.resize(v + 1, None);
            }
            values[v] = Some(x);
        };
        for &o in solution.options() {
            match e.emitted.meaning(o) {
                Meaning::Assign(v, x) => set(v, x),
                Meaning::Alt(c, a) => {
                    for &(v, x) in &e.alts[c as usize][a as usize] {
                        set(v, x);
                    }
                }
            }
        }
        let get = |v: u32| values.get(v as usize).copied().flatten();
        let digits: Vec<u8> = (0..n * n)
            .map(|k| get(k as u32).map_or(0, |x| x as u8))
            .collect();
        let grid = Grid::from_values(n, digits).expect("digits within the grid's size");
        let shading = e
            .shading
            .as_ref()
            .map(|vars| vars.iter().map(|&v| get(v) == Some(1)).collect());
        let letters = e
            .letters
            .iter()
            .map(|&(l, v)| (l, get(v).map_or(0, |x| x as u8)))
            .collect();
        VariantSolution {
            grid,
            shading,
            letters,
        }
    }

    fn connectivity(&self) -> Option<Connectivity> {
        let e = &self.encoded;
        if !e.yinyang {
            return None;
        }
        let shading = e.shading.as_ref()?;
        let model_alts = &e.alts;
        Some(Connectivity::new(
            e.n,
            shading,
            &e.emitted.meanings,
            &|c, a| model_alts[c as usize][a as usize].clone(),
        ))
    }

    /// Runs the search, handing each solution to `found` until it returns false or
    /// `limit` solutions were seen.
    fn search(&self, limit: Option<u64>, mut found: impl FnMut(Solution) -> bool) -> VariantCount {
        if !self.encoded.feasible {
            return VariantCount {
                solutions: 0,
                complete: true,
                nodes: 0,
                elapsed: Duration::ZERO,
            };
        }
        let mut solver = Solver::new(self.problem());
        if let Some(limit) = limit {
            solver = solver.with_solution_limit(limit);
        }
        if let Some(nodes) = self.node_budget {
            solver = solver.with_node_budget(nodes);
        }
        let look = self.lookahead.then(|| self.encoded.lookahead.clone());
        match (look, self.connectivity()) {
            (None, None) => run(solver, NoObserver, &mut found),
            (look, conn) => run(solver, SideConditions { look, conn }, &mut found),
        }
    }

    /// The first solution found, if any.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?;
    /// assert!(solver.first().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first(&self) -> Option<VariantSolution> {
        let mut out = None;
        self.search(Some(1), |s| {
            out = Some(s);
            false
        });
        out.map(|s| self.decode(&s))
    }

    /// Whether there is exactly one solution (the search stops at the second).
    ///
    /// See [`VariantSolver`] for an example.
    pub fn unique(&self) -> VariantUniqueness {
        let mut found = Vec::new();
        let count = self.search(Some(2), |s| {
            found.push(s);
            found.len() < 2
        });
        let mut it = found.iter().map(|s| self.decode(s));
        match (it.next(), it.next()) {
            (a, None) if !count.complete => VariantUniqueness::Incomplete { found: a },
            (None, _) => VariantUniqueness::NoSolution,
            (Some(a), None) => VariantUniqueness::Unique(a),
            (Some(a), Some(b)) => VariantUniqueness::Multiple(a, b),
        }
    }

    /// Prototype: uniqueness through the SAT solver.
    #[doc(hidden)]
    pub fn unique_sat(&self) -> VariantUniqueness {
        if !self.encoded.feasible {
            return VariantUniqueness::NoSolution;
        }
        let mut cnf = crate::variant::sat::Cnf::new(&self.encoded.model);
        let Some(a) = cnf.solve() else {
            return VariantUniqueness::NoSolution;
        };
        cnf.block(&a);
        let first = self.decode_values(&a);
        let second = cnf.solve();
        match second {
            None => VariantUniqueness::Unique(first),
            Some(b) => VariantUniqueness::Multiple(first, self.decode_values(&b)),
        }
    }

    fn decode_values(&self, assignment: &[(u32, Val)]) -> VariantSolution {
        let e = &self.encoded;
        let n = e.n;
        let mut values: Vec<Option<Val>> = vec![None; e.model.vars.len()];
        for &(v, x) in assignment {
            values[v as usize] = Some(x);
        }
        let get = |v: u32| values.get(v as usize).copied().flatten();
        let digits: Vec<u8> = (0..n * n)
            .map(|k| get(k as u32).map_or(0, |x| x as u8))
            .collect();
        VariantSolution {
            grid: Grid::from_values(n, digits).expect("digits within the grid's size"),
            shading: e
                .shading
                .as_ref()
                .map(|vars| vars.iter().map(|&v| get(v) == Some(1)).collect()),
            letters: e
                .letters
                .iter()
                .map(|&(l, v)| (l, get(v).map_or(0, |x| x as u8)))
                .collect(),
        }
    }

    /// Counts the solutions, stopping after `limit` of them if a limit is given.
    ///
    /// See [`VariantSolver`] for an example.
    pub fn count(&self, limit: Option<u64>) -> VariantCount {
        self.search(limit, |_| true)
    }

    /// Every solution (up to `limit`), in the order found.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.givens = "1234341221.....1".parse()?;
    /// let all = VariantSolver::new(&p)?.solutions(None);
    /// assert_eq!(all.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self, limit: Option<u64>) -> Vec<VariantSolution> {
        let mut out = Vec::new();
        self.search(limit, |s| {
            out.push(s);
            true
        });
        out.iter().map(|s| self.decode(s)).collect()
    }
}

/// The side conditions of a search: look-ahead and yin-yang connectivity.
struct SideConditions {
    look: Option<Lookahead>,
    conn: Option<Connectivity>,
}

impl Observer for SideConditions {
    const WANTS_SOLUTIONS: bool = false;
    const PRUNES: bool = true;

    fn admit(&mut self, level: usize, view: &dlx_core::View<'_>, complete: bool) -> bool {
        self.look
            .as_mut()
            .is_none_or(|l| l.admit(level, view, complete))
            && self
                .conn
                .as_mut()
                .is_none_or(|c| c.admit(level, view, complete))
    }

    fn remove_options(
        &mut self,
        level: usize,
        view: &dlx_core::View<'_>,
        out: &mut Vec<dlx_core::OptionId>,
    ) {
        if let Some(look) = &mut self.look {
            look.remove_options(level, view, out);
        }
    }
}

fn run<O: Observer>(
    solver: Solver<'_>,
    obs: O,
    found: &mut impl FnMut(Solution) -> bool,
) -> VariantCount {
    let mut it = solver.solutions_observed(obs);
    let mut solutions = 0;
    let mut stopped = false;
    for s in it.by_ref() {
        solutions += 1;
        if !found(s) {
            stopped = true;
            break;
        }
    }
    let stats = it.stats();
    VariantCount {
        solutions,
        complete: !stopped && it.is_complete(),
        nodes: stats.nodes,
        elapsed: stats.elapsed,
    }
}
