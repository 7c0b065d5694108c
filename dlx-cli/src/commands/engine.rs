//! `--engine auto|links|dense`: the engine a command runs, resolved for one problem.

use anyhow::Result;
use dlx_core::{Auto, ParallelSolver, Problem, Solver};

use crate::cli::EngineArg;
use crate::output::InputError;

/// A one-thread solver on the engine asked for: under `auto`, the one `dlx_core::Auto`
/// picks for the problem. `name` (the input's name) heads the error when `dense` cannot
/// take the problem.
pub fn sequential<'p>(
    problem: &'p Problem,
    engine: EngineArg,
    name: &str,
) -> Result<Solver<'p, Auto>> {
    Solver::with_engine_choice(problem, engine.choice())
        .map_err(|e| InputError::new(format!("{name}: {e}")).into())
}

/// A parallel solver on the engine asked for (see [`sequential`]).
pub fn parallel<'p>(
    problem: &'p Problem,
    engine: EngineArg,
    name: &str,
) -> Result<ParallelSolver<'p>> {
    ParallelSolver::with_engine_choice(problem, engine.choice())
        .map_err(|e| InputError::new(format!("{name}: {e}")).into())
}
