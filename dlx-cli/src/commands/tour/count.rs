//! Counting the tours of a small board by exact cover (the problem of
//! `dlx_sudoku::tour_count`), on one thread or many, with progress and Ctrl-C.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{Auto, BigUint, Count, EngineChoice, ParallelSolver, Problem, Progress, Solver};
use dlx_sudoku::tour_count::{TourCount, TourKind};
use serde::Serialize;

use crate::cli::{MemoOrder, PictureFormat, TourArgs};
use crate::commands::memo::{self, MemoRun};
use crate::commands::progress::{interrupt_flag, wanted, Display};
use crate::output::{stdout, InputError, EXIT_INTERRUPTED, EXIT_OK};

/// The `--json` object of a count (`tours` and `solutions` hold markers, replaced by
/// integers of any size).
#[derive(Serialize)]
struct JsonCount {
    rows: usize,
    cols: usize,
    closure: &'static str,
    /// Tours, a tour and its reverse counted once (a lower bound when incomplete).
    tours: String,
    /// Solutions of the exact cover problem: directed tours from every square (open),
    /// or tours from the top-left corner (closed).
    solutions: String,
    complete: bool,
}

/// Tours up to direction from the problem's solutions: an open tour of two or more
/// squares is found once in each direction; a closed tour is found once.
pub fn tours(kind: TourKind, squares: usize, solutions: &BigUint) -> BigUint {
    if kind == TourKind::Closed || squares == 1 {
        solutions.clone()
    } else {
        (solutions + 1u8) / 2u8
    }
}

pub fn run(args: &TourArgs, rows: usize, cols: usize) -> Result<ExitCode> {
    if args.format() == PictureFormat::Svg {
        return Err(
            InputError::new("--format svg draws a tour; it does not go with --count").into(),
        );
    }
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let problem = TourCount::new(rows, cols, kind).map_err(|e| InputError::new(e.to_string()))?;
    let (solutions, complete) = if args.memo {
        let run = MemoRun {
            name: &args.board,
            memo_limit: None,
            order: MemoOrder::Fewest,
            fallback: true,
            node_budget: None,
        };
        let c = memo::count(problem.problem(), &run, &args.parallel)?;
        (c.solutions, c.stop.is_none())
    } else {
        let c = count(problem.problem(), args)?;
        (BigUint::from(c.solutions), c.is_complete())
    };
    let tours = tours(kind, rows * cols, &solutions);
    let mut out = stdout();
    if args.format() == PictureFormat::Json {
        let json = JsonCount {
            rows,
            cols,
            closure: if kind == TourKind::Closed {
                "closed"
            } else {
                "open"
            },
            tours: memo::big_marker(0),
            solutions: memo::big_marker(1),
            complete,
        };
        let text = memo::fill_big(serde_json::to_string(&json)?, &[&tours, &solutions]);
        writeln!(out, "{text}")?;
    } else if complete {
        writeln!(out, "{tours}")?;
    } else {
        writeln!(out, "{tours} (incomplete)")?;
    }
    out.flush()?;
    Ok(ExitCode::from(if complete {
        EXIT_OK
    } else {
        EXIT_INTERRUPTED
    }))
}

/// Counts on the threads asked for, with a progress display when wanted.
fn count(problem: &Problem, args: &TourArgs) -> Result<Count> {
    let threads = args.parallel.threads.unwrap_or(0);
    let show = wanted(&args.parallel);
    if threads == 1 && !show {
        return Ok(Solver::<Auto>::try_new(problem)?
            .with_cancel_flag(interrupt_flag())
            .count());
    }
    let mut solver = ParallelSolver::new(problem)
        .engine(EngineChoice::Auto)?
        .cancel_flag(interrupt_flag());
    if threads > 0 {
        solver = solver.threads(threads);
    }
    let progress = Progress::new();
    let display = show.then(|| Display::start(progress.clone()));
    let count = solver.progress(progress).count()?;
    drop(display);
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tours_agree_with_the_library() {
        for (rows, cols, kind) in [
            (3, 4, TourKind::Open),
            (1, 1, TourKind::Open),
            (4, 4, TourKind::Closed),
            (3, 4, TourKind::Closed),
        ] {
            let t = TourCount::new(rows, cols, kind).unwrap();
            assert_eq!(
                tours(kind, rows * cols, &BigUint::from(t.count())),
                BigUint::from(t.distinct_tours())
            );
        }
    }
}
