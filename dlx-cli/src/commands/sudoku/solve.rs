//! Solving one puzzle: a solution and whether it is unique, or the number of solutions.
//! The search stops early when the cancel flag is raised (Ctrl-C), and says so.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::Solution;
use dlx_sudoku::sudoku::{Grid, SolveError, SudokuSolver};

pub use crate::commands::answer::Answer;

/// What is asked of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A solution (and whether it is unique: the search stops at the second).
    Solve,
    /// Whether the solution is unique (same search as `Solve`).
    Unique,
    /// The number of solutions.
    Count,
}

/// The result for one puzzle.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Unique, multiple, none, or not known.
    pub answer: Answer,
    /// The first solution found (not looked for by `Count`).
    pub solution: Option<Grid>,
    /// Solutions counted (`Count` only).
    pub solutions: u64,
    /// False when the search was stopped before it was done.
    pub complete: bool,
}

/// Solves or counts `puzzle`.
pub fn solve(
    solver: &SudokuSolver<'_>,
    puzzle: &Grid,
    mode: Mode,
    cancel: &Arc<AtomicBool>,
) -> Result<Outcome, SolveError> {
    let search = solver.prepare(puzzle)?.with_cancel_flag(Arc::clone(cancel));
    let grid = |s: &Solution| {
        let grid = solver.encoding().grid(s.options());
        grid.clone()
            .with_alphabet(puzzle.alphabet())
            .unwrap_or(grid)
    };
    if mode == Mode::Count {
        let count = search.count();
        let complete = count.is_complete();
        return Ok(Outcome {
            answer: Answer::of_count(count.solutions, complete),
            solution: None,
            solutions: count.solutions,
            complete,
        });
    }
    let (answer, solution) = match search.unique() {
        dlx_core::Uniqueness::Unique(s) => (Answer::Unique, Some(grid(&s))),
        dlx_core::Uniqueness::Multiple(s, _) => (Answer::Multiple, Some(grid(&s))),
        dlx_core::Uniqueness::NoSolution => (Answer::None, None),
        dlx_core::Uniqueness::Incomplete { found, .. } => {
            (Answer::Incomplete, found.as_ref().map(grid))
        }
    };
    Ok(Outcome {
        answer,
        complete: answer != Answer::Incomplete,
        solution,
        solutions: 0,
    })
}
