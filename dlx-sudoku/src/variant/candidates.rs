//! True candidates: for every cell and digit, how many solutions put that digit there, up
//! to a cap: what a setter asks after every clue placed ("which digits can still go
//! where?"), and what the f-puzzles solver paints into the grid.
//!
//! Not one search per candidate: every solution found marks all of its candidates at once,
//! and only a candidate still below the cap gets a search of its own. On the clause
//! solver that search is an assumption on one incremental solver (`sat/candidates.rs`:
//! learnt clauses kept from question to question, found solutions blocked for good); on
//! dancing links it is the search with that candidate's option chosen first (Knuth's
//! problem with one option preselected, compiled once), enumerated up to the cap.
//! Under [`VariantEngine::Auto`] the clause solver runs on the whole-table encoding; dancing
//! links without look-ahead joins it after 40 ms (it wins on open grids, where a solution
//! lies below nearly every node), and after the same delay as a uniqueness proof's race
//! the clause solver on the decomposed encoding; the first to settle every candidate
//! answers.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::StopReason;

use crate::sudoku::Cell;
use crate::variant::sat::{self, CandidateRun};
use crate::variant::solution::VariantSolution;
use crate::variant::solve::{SearchReport, VariantEngine, VariantSolver};

/// The true candidates of a puzzle, with their counts of solutions up to a cap.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.givens = "12..34..21..4...".parse()?;
/// let tc = VariantSolver::new(&p)?.true_candidates(8);
/// assert!(tc.is_complete());
/// assert_eq!(tc.candidates(Cell::new(0, 0)), [1]);
/// assert_eq!(tc.count(Cell::new(0, 0), 1), tc.solutions().min(8) as u32);
/// assert_eq!(tc.candidates(Cell::new(3, 3)), [1, 2]); // r4 is 4 3 and then 1, 2 either way
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    size: usize,
    cap: u32,
    counts: Vec<u32>,
    settled: Vec<bool>,
    solutions: u64,
    solution_cap: u64,
    all_solutions: bool,
    examples: Vec<VariantSolution>,
    stop: Option<StopReason>,
    queries: u64,
    report: SearchReport,
}

impl TrueCandidates {
    /// The grid's size `n`.
    ///
    /// See [`TrueCandidates`] for an example.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cap on each count.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let tc = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?.true_candidates(0);
    /// assert_eq!(tc.cap(), 1); // at least 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// How many solutions put `digit` in `cell`, up to the cap: 0 is proved impossible,
    /// `k` below the cap exactly `k`, the cap itself "at least the cap" (once
    /// [complete](Self::is_complete); before that, a lower bound unless
    /// [settled](Self::is_settled)).
    ///
    /// See [`TrueCandidates`] for an example.
    pub fn count(&self, cell: Cell, digit: u8) -> u32 {
        self.counts[self.index(cell, digit)].min(self.cap)
    }

    /// Every count, capped, in the order `(row * n + col) * n + digit - 1` (the f-puzzles
    /// solver's `solutionsPerCandidate`).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.givens = "1234341221434321".parse()?;
    /// let counts = VariantSolver::new(&p)?.true_candidates(1).counts();
    /// assert_eq!(&counts[..8], [1, 0, 0, 0, 0, 1, 0, 0]); // r1c1 is 1, r1c2 is 2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counts(&self) -> Vec<u32> {
        self.counts.iter().map(|&c| c.min(self.cap)).collect()
    }

    /// The digits of `cell` that some solution found puts there, in order.
    ///
    /// See [`TrueCandidates`] for an example.
    pub fn candidates(&self, cell: Cell) -> Vec<u8> {
        (1..=self.size as u8)
            .filter(|&d| self.counts[self.index(cell, d)] > 0)
            .collect()
    }

    /// Whether the count of `digit` in `cell` is final (always, once complete).
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let cancelled = Arc::new(AtomicBool::new(true));
    /// let solver = VariantSolver::new(&VariantPuzzle::new(Shape::for_size(4)?))?
    ///     .with_cancel_flag(cancelled);
    /// let tc = solver.true_candidates(1);
    /// assert!(!tc.is_complete());
    /// assert!(!tc.is_settled(Cell::new(0, 0), 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_settled(&self, cell: Cell, digit: u8) -> bool {
        self.settled[self.index(cell, digit)]
    }

    /// Whether every count is final (the search was neither cancelled nor out of budget).
    ///
    /// See [`is_settled`](Self::is_settled) for an example.
    pub fn is_complete(&self) -> bool {
        self.stop.is_none()
    }

    /// Why the search stopped before settling every count ([`StopReason::Cancelled`] or
    /// [`StopReason::NodeBudget`]); `None` when it is complete.
    ///
    /// See [`is_settled`](Self::is_settled) for an example.
    pub fn stop(&self) -> Option<StopReason> {
        self.stop
    }

    /// Distinct solutions found: every solution when [`all_solutions`](Self::all_solutions),
    /// else a lower bound (at least [`solution_cap`](Self::solution_cap) once complete).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{VariantPuzzle, VariantSolver};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.givens = "1234341221......".parse()?;
    /// let tc = VariantSolver::new(&p)?.true_candidates(1);
    /// assert_eq!((tc.solutions(), tc.all_solutions()), (1, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Whether [`solutions`](Self::solutions) is the number of every solution (proved).
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn all_solutions(&self) -> bool {
        self.all_solutions
    }

    /// How far solutions are counted: the cap, and at least 2 (so that a unique puzzle is
    /// told from one with several solutions).
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn solution_cap(&self) -> u64 {
        self.solution_cap
    }

    /// Whether the puzzle is proved to have exactly one solution.
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn is_unique(&self) -> bool {
        self.all_solutions && self.solutions == 1
    }

    /// The first solutions found (at most two), each checked by the puzzle's checker.
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn examples(&self) -> &[VariantSolution] {
        &self.examples
    }

    /// Searches run: one per candidate that needed its own, and those of the count.
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn queries(&self) -> u64 {
        self.queries
    }

    /// The engine that answered and its effort.
    ///
    /// See [`solutions`](Self::solutions) for an example.
    pub fn report(&self) -> SearchReport {
        self.report
    }

    fn index(&self, cell: Cell, digit: u8) -> usize {
        let n = self.size;
        assert!(
            cell.row < n && cell.col < n && (1..=n).contains(&(digit as usize)),
            "r{}c{} digit {digit} outside the {n}×{n} grid",
            cell.row + 1,
            cell.col + 1
        );
        cell.index(n) * n + digit as usize - 1
    }

    fn from_run(
        n: usize,
        cap: u32,
        solution_cap: u64,
        run: CandidateRun,
        engine: VariantEngine,
    ) -> Self {
        TrueCandidates {
            size: n,
            cap,
            counts: run.counts,
            settled: run.settled,
            solutions: run.solutions,
            solution_cap,
            all_solutions: run.all_solutions,
            examples: run.examples,
            stop: run.stop,
            queries: run.queries,
            report: SearchReport {
                engine,
                nodes: run.nodes,
                conflicts: run.conflicts,
                rejected: run.rejected,
                elapsed: run.elapsed,
            },
        }
    }
}

/// How long the clause solver looks for true candidates alone before dancing links
/// joins the race ([`VariantEngine::Auto`]): most setters' grids are answered by then, and on a
/// machine with few cores a second runner only slows the first.
const LINKS_AFTER: Duration = Duration::from_millis(40);

/// Most nodes one search of dancing links may take in that race. On an open grid every
/// query ends within a few hundred nodes (the empty 9×9 grid, coloured: 22,554 nodes over
/// about 700 queries); a query that needs more is proving a candidate impossible, which
/// clause learning does better, and dancing links gives up rather than take the clause
/// solver's core.
const LINKS_RACE_NODES: u64 = 10_000;

impl VariantSolver {
    /// The true candidates: for every cell and digit, how many solutions put the digit
    /// there, up to `cap` (1: plain true candidates; 8: the f-puzzles coloured view; 0 is
    /// taken as 1), and the solutions counted up to `max(cap, 2)`. Stops when the cancel
    /// flag is raised or the step budget is spent (for clause learning, conflicts over
    /// every search; for dancing links, nodes per search): the answer then says it is
    /// incomplete, and only its settled counts are final.
    ///
    /// See [`TrueCandidates`] for an example.
    pub fn true_candidates(&self, cap: u32) -> TrueCandidates {
        let cap = cap.max(1);
        let solution_cap = u64::from(cap).max(2);
        let n = self.puzzle.size();
        match self.engine {
            VariantEngine::DancingLinks => self.links_candidates(cap, solution_cap),
            VariantEngine::Propagation => self.cp_candidates(cap, solution_cap),
            VariantEngine::ClauseLearning => {
                let flags = self.cancel.iter().cloned().collect();
                TrueCandidates::from_run(
                    n,
                    cap,
                    solution_cap,
                    self.sat_candidates(cap, self.node_budget, flags),
                    VariantEngine::ClauseLearning,
                )
            }
            VariantEngine::Auto => self.race_candidates(cap),
        }
    }

    /// True candidates on the propagation engine (clause learning answers a puzzle with a
    /// rule it has no propagator for).
    fn cp_candidates(&self, cap: u32, solution_cap: u64) -> TrueCandidates {
        let n = self.puzzle.size();
        let flags: Vec<Arc<AtomicBool>> = self.cancel.iter().cloned().collect();
        let run = match self.sat_input() {
            Some(input) => crate::variant::cp::true_candidates(
                &input,
                cap,
                solution_cap,
                self.node_budget,
                None,
                flags.clone(),
            ),
            None => Ok(self.sat_candidates(cap, self.node_budget, flags.clone())),
        };
        match run {
            Ok(run) => {
                TrueCandidates::from_run(n, cap, solution_cap, run, VariantEngine::Propagation)
            }
            Err(_) => TrueCandidates::from_run(
                n,
                cap,
                solution_cap,
                self.sat_candidates(cap, self.node_budget, flags),
                VariantEngine::ClauseLearning,
            ),
        }
    }

    fn sat_candidates(
        &self,
        cap: u32,
        budget: Option<u64>,
        flags: Vec<Arc<AtomicBool>>,
    ) -> CandidateRun {
        let n = self.puzzle.size();
        let solution_cap = u64::from(cap).max(2);
        match self.sat_input() {
            Some(input) => sat::true_candidates(&input, cap, solution_cap, budget, flags),
            // Compiling proved there is no solution: every count is 0, and final.
            None => CandidateRun {
                settled: vec![true; n * n * n],
                all_solutions: true,
                ..CandidateRun::new(n * n * n)
            },
        }
    }

    /// The race under [`VariantEngine::Auto`]: the clause solver on the whole-table encoding
    /// starts, dancing links without look-ahead joins after [`LINKS_AFTER`], the clause
    /// solver on the decomposed encoding after the solver's race delay (as a uniqueness
    /// proof's race does); the first complete answer is taken and stops the others (complete answers
    /// are the same: exact counts). Each wins somewhere: on an open grid (a setter's first clues)
    /// dancing links meets a solution at nearly every leaf and settles the coloured
    /// candidates of the empty 9×9 grid in milliseconds, where the clause solver needs
    /// one query and one blocking clause per solution (seconds); on a nearly finished
    /// puzzle most candidates must be proved impossible, which clause learning does from
    /// what it learnt before, and dancing links by one whole search each.
    fn race_candidates(&self, cap: u32) -> TrueCandidates {
        let (budget, cancel, after) = (self.node_budget, &self.cancel, self.race_after);
        let n = self.puzzle.size();
        let solution_cap = u64::from(cap).max(2);
        // The propagation engine first, within twice a solve's budget of work: a typical
        // grid is answered there (an open grid's coloured candidates need about three
        // million units: the empty 9×9 grid, cap 8, 0.07 s instead of 0.16 s through the
        // race), and nothing is reported from a run that did not finish.
        let work = crate::variant::solve::propagation_work().saturating_mul(2);
        if work > 0 {
            if let Some(input) = self.sat_input() {
                let flags: Vec<Arc<AtomicBool>> = cancel.iter().cloned().collect();
                let run = crate::variant::cp::true_candidates(
                    &input,
                    cap,
                    solution_cap,
                    budget,
                    Some(work),
                    flags,
                );
                if let Ok(run) = run {
                    if run.stop.is_none() {
                        let engine = VariantEngine::Propagation;
                        return TrueCandidates::from_run(n, cap, solution_cap, run, engine);
                    }
                }
            }
        }
        // Raised by the first complete answer, or when the caller cancels.
        let stop = Arc::new(AtomicBool::new(false));
        let mut flags: Vec<Arc<AtomicBool>> = cancel.iter().cloned().collect();
        flags.push(Arc::clone(&stop));
        let clauses = |solver: &VariantSolver| {
            let out = solver.sat_candidates(cap, budget, flags.clone());
            if out.stop.is_none() {
                stop.store(true, Ordering::Relaxed);
            }
            TrueCandidates::from_run(n, cap, solution_cap, out, VariantEngine::ClauseLearning)
        };
        let links = || {
            let mut solver = self
                .clone()
                .with_engine(VariantEngine::DancingLinks)
                .with_lookahead(false)
                .with_cancel_flag(Arc::clone(&stop));
            // A query past this many nodes means the grid is not open: dancing links
            // leaves the race to clause learning.
            let nodes = budget.map_or(LINKS_RACE_NODES, |b| b.min(LINKS_RACE_NODES));
            solver = solver.with_node_budget(nodes);
            let out = solver.links_candidates(cap, solution_cap);
            if out.stop.is_none() {
                stop.store(true, Ordering::Relaxed);
            }
            out
        };
        std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel::<()>();
            // A runner's end wakes the waiting below at once.
            let began = Instant::now();
            // Waits until `until` has passed since the start or a complete answer came,
            // passing the caller's cancel flag on to dancing links (which watches `stop`
            // alone); says whether an answer came.
            let forward_cancel = || {
                if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                    stop.store(true, Ordering::Relaxed);
                }
            };
            let wait = |until: Duration| loop {
                forward_cancel();
                if stop.load(Ordering::Relaxed) {
                    return true;
                }
                let left = until.saturating_sub(began.elapsed());
                if left.is_zero() {
                    return false;
                }
                let _ = finished.recv_timeout(left.min(Duration::from_millis(10)));
            };
            let whole = {
                let (done, clauses) = (done.clone(), &clauses);
                scope.spawn(move || {
                    let out = clauses(self);
                    let _ = done.send(());
                    out
                })
            };
            let links = (!wait(LINKS_AFTER.min(after))).then(|| {
                let (done, links) = (done.clone(), &links);
                scope.spawn(move || {
                    let out = links();
                    let _ = done.send(());
                    out
                })
            });
            let decomposed = if wait(after) {
                None
            } else {
                self.decomposed().map(|other| clauses(&other))
            };
            // Until the others end, pass the caller's cancel flag on.
            while !(whole.is_finished() && links.as_ref().is_none_or(|l| l.is_finished())) {
                forward_cancel();
                let _ = finished.recv_timeout(Duration::from_millis(10));
            }
            let whole = whole.join().expect("the clause solver does not panic");
            let links = links.map(|l| l.join().expect("dancing links does not panic"));
            if let Some(links) = links.filter(|l| l.stop.is_none()) {
                return links;
            }
            match decomposed {
                Some(other) if other.stop.is_none() && whole.stop.is_some() => other,
                // Complete, or stopped by the caller or the budget: its settled counts.
                _ => whole,
            }
        })
    }

    /// Dancing links: each candidate not yet at the cap is chosen before the search (its
    /// option preselected in the compiled problem) and its solutions enumerated up to the
    /// cap; every solution goes into one set, and each count is the number of distinct
    /// solutions in it holding the candidate.
    fn links_candidates(&self, cap: u32, solution_cap: u64) -> TrueCandidates {
        let Ok((compiled, emitted)) = self.links_side() else {
            // The exact cover problem cannot be built (too large for 32-bit links): the
            // clause solver, which reads its own model, answers instead.
            let flags = self.cancel.iter().cloned().collect();
            let n = self.puzzle.size();
            let run = self.sat_candidates(cap, self.node_budget, flags);
            let engine = VariantEngine::ClauseLearning;
            return TrueCandidates::from_run(n, cap, solution_cap, run, engine);
        };
        let start = Instant::now();
        let puzzle = &self.puzzle;
        let n = puzzle.size();
        let mut counts = vec![0u32; n * n * n];
        let mut settled = vec![false; n * n * n];
        let mut seen: HashSet<VariantSolution> = HashSet::new();
        let mut examples = Vec::new();
        let (mut nodes, mut rejected, mut queries) = (0, 0, 0);
        let mut stop = None;
        let mut add = |s: &VariantSolution, counts: &mut Vec<u32>, settled: &mut Vec<bool>| {
            if !seen.insert(s.clone()) {
                return;
            }
            if examples.len() < 2 {
                examples.push(s.clone());
            }
            for (k, &d) in s.grid.values().iter().enumerate() {
                let i = k * n + d as usize - 1;
                counts[i] += 1;
                if counts[i] >= cap {
                    settled[i] = true;
                }
            }
        };
        // The solutions of the puzzle itself, up to the solution cap.
        let (count, report) = self.count_each(Some(solution_cap), |s| {
            add(s, &mut counts, &mut settled);
            true
        });
        queries += 1;
        nodes += report.nodes;
        rejected += report.rejected;
        let all_solutions = count.stop.is_none();
        let mut solutions = count.solutions;
        match count.stop {
            None => {
                // Every solution is in the set: every count is exact.
                settled.iter_mut().for_each(|s| *s = true);
            }
            Some(StopReason::SolutionLimit) => {}
            Some(other) => stop = Some(other),
        }
        let options = compiled.assign_options(emitted);
        'candidates: for i in 0..n * n * n {
            if stop.is_some() {
                break;
            }
            if settled[i] {
                continue;
            }
            let (cell, digit) = (Cell::from_index(i / n, n), (i % n + 1) as u8);
            if puzzle.givens.get(cell).is_some_and(|g| g != digit) {
                settled[i] = true;
                continue;
            }
            // The candidate as an option chosen before the search starts: the puzzle
            // is compiled once, not once per candidate.
            let Some(option) = options[i] else {
                // Static filtering proved the digit impossible there.
                settled[i] = true;
                continue;
            };
            let outcome = self.links_from(
                compiled,
                emitted,
                Some(option),
                Some(u64::from(cap)),
                &mut |s| {
                    add(&s, &mut counts, &mut settled);
                    true
                },
            );
            queries += 1;
            nodes += outcome.report.nodes;
            rejected += outcome.report.rejected;
            match outcome.stop {
                None | Some(StopReason::SolutionLimit) => settled[i] = true,
                Some(other) => {
                    stop = Some(other);
                    break 'candidates;
                }
            }
        }
        solutions = solutions.max(seen.len() as u64);
        TrueCandidates {
            size: n,
            cap,
            counts,
            settled,
            solutions,
            solution_cap,
            all_solutions,
            examples,
            stop,
            queries,
            report: SearchReport {
                engine: VariantEngine::DancingLinks,
                nodes,
                conflicts: 0,
                rejected,
                elapsed: start.elapsed(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{test_puzzle, VariantPuzzle};

    /// The race's candidates are each encoding's alone, on a puzzle with several solutions.
    #[test]
    fn the_race_gives_each_encodings_candidates() {
        let mut p = test_puzzle("set-arrow.toml");
        p.constraints.truncate(1);
        let mut racing = VariantSolver::new(&p).expect("valid");
        racing.set_race_after(Duration::ZERO);
        let raced = racing.true_candidates(3);
        let whole = VariantSolver::new(&p)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
            .true_candidates(3);
        let decomposed = VariantSolver::with_table_cap(&p, 0)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
            .true_candidates(3);
        assert!(raced.is_complete() && whole.is_complete() && decomposed.is_complete());
        assert_eq!(raced.counts(), whole.counts());
        assert_eq!(raced.counts(), decomposed.counts());
        assert!(raced.solutions() >= 3);
    }

    /// On an open grid (the empty 4 × 4, 288 solutions) the race with dancing links gives
    /// the coloured counts that each engine gives alone: every candidate in at least 8
    /// solutions, each count exact and final.
    #[test]
    fn the_race_with_dancing_links_agrees_on_an_open_grid() {
        let p = VariantPuzzle::new(crate::sudoku::Shape::for_size(4).expect("4 × 4"));
        let mut racing = VariantSolver::new(&p).expect("valid");
        racing.set_race_after(Duration::ZERO);
        let raced = racing.true_candidates(8);
        for engine in [VariantEngine::DancingLinks, VariantEngine::ClauseLearning] {
            let alone = VariantSolver::new(&p)
                .unwrap()
                .with_engine(engine)
                .true_candidates(8);
            assert!(alone.is_complete(), "{engine:?}");
            assert_eq!(raced.counts(), alone.counts(), "{engine:?}");
        }
        assert!(raced.is_complete());
        assert!(raced.counts().iter().all(|&c| c == 8));
        assert!(raced.solutions() >= 8);
    }

    /// A unique puzzle's candidates take the clause solver three searches, whatever the
    /// number of cells: its solution, one search proving that no other solution holds
    /// any open candidate, and the count's search proving uniqueness (a search per open
    /// candidate took hundreds). The candidates are the published solution's digits.
    #[test]
    fn a_unique_puzzle_is_settled_by_one_joint_question() {
        let p = test_puzzle("set-killer.toml");
        let tc = VariantSolver::new(&p)
            .expect("valid")
            .with_engine(VariantEngine::ClauseLearning)
            .true_candidates(1);
        assert!(tc.is_complete() && tc.is_unique());
        let solution = p.solution.as_ref().expect("the file's solution");
        for k in 0..81 {
            let cell = Cell::from_index(k, 9);
            assert_eq!(tc.candidates(cell), vec![solution.get(cell).expect("full")]);
        }
        assert!(tc.queries() <= 3, "{} searches", tc.queries());
    }

    /// On a grid with many solutions (the empty 4 × 4) the joint question stops after a
    /// few answers and each open candidate gets its own: every count still exact.
    #[test]
    fn an_open_grid_goes_on_candidate_by_candidate() {
        let p = VariantPuzzle::new(crate::sudoku::Shape::for_size(4).expect("4 × 4"));
        let tc = VariantSolver::new(&p)
            .expect("valid")
            .with_engine(VariantEngine::ClauseLearning)
            .true_candidates(3);
        assert!(tc.is_complete());
        assert!(tc.counts().iter().all(|&c| c == 3));
        assert!(tc.solutions() > u64::from(sat::JOINT_ANSWERS));
    }

    /// A race cancelled before it starts says so: incomplete, nothing passed off as final.
    #[test]
    fn a_cancelled_race_for_candidates_is_incomplete() {
        let p = VariantPuzzle::new(crate::sudoku::Shape::for_size(9).expect("9 × 9"));
        let flag = Arc::new(AtomicBool::new(true));
        let mut racing = VariantSolver::new(&p)
            .expect("valid")
            .with_cancel_flag(Arc::clone(&flag));
        racing.set_race_after(Duration::ZERO);
        let raced = racing.true_candidates(8);
        assert!(!raced.is_complete());
        assert_eq!(raced.stop(), Some(StopReason::Cancelled));
    }
}
