//! Solving one puzzle: a solution and whether it is unique, or the number of solutions.
//! The search stops early when the cancel flag is raised (Ctrl-C), and says so.

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

/// Solves or counts `puzzle` (the solver carries the cancel flag).
pub fn solve(solver: &SudokuSolver<'_>, puzzle: &Grid, mode: Mode) -> Result<Outcome, SolveError> {
    if mode == Mode::Count {
        let count = solver.count(puzzle, None)?;
        return Ok(Outcome {
            answer: Answer::of_count(&count),
            solution: None,
            solutions: count.solutions,
            complete: count.is_complete(),
        });
    }
    let (answer, solution) = Answer::of_uniqueness(solver.unique(puzzle)?);
    Ok(Outcome {
        answer,
        complete: answer != Answer::Incomplete,
        solution,
        solutions: 0,
    })
}
