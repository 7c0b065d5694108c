//! Counting the tours of a small board by exact cover (the problem of
//! `dlx_sudoku::tour_count`), on one thread or many, with progress and Ctrl-C; with
//! `--memo`, of any board a few squares across by its frontier
//! (`dlx_sudoku::tour_count::frontier`).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{BigUint, Count, ParallelSolver, Problem, Progress, Solver, StopReason};
use dlx_sudoku::tour_count::frontier::{
    count_tours, FrontierOptions, FrontierProgress, FrontierStop,
};
use dlx_sudoku::tour_count::{TourCount, TourKind};
use serde::Serialize;
use std::sync::Arc;

use crate::cli::{PictureFormat, TourArgs};
use crate::commands::memo;
use crate::commands::progress::{interrupt_flag, wanted, Display, Watched};
use crate::output::{
    note, note_stop, stdout, InputError, EXIT_INCOMPLETE, EXIT_INTERRUPTED, EXIT_OK,
};

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
    /// How it was counted: `exact cover` (enumerating) or `frontier` (`--memo`).
    method: &'static str,
    /// With `--memo`: the most states one step of the sweep kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    states: Option<usize>,
}

/// Bytes a state of the frontier takes, two steps' tables held at once.
const BYTES_PER_STATE: u64 = 128;

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
    let (tours, solutions, exit, states) = if args.memo {
        let (tours, exit, states) = count_by_frontier(args, rows, cols, kind)?;
        let solutions = solutions(kind, rows * cols, &tours);
        (tours, solutions, exit, Some(states))
    } else {
        let problem =
            TourCount::new(rows, cols, kind).map_err(|e| InputError::new(e.to_string()))?;
        let c = count(problem.problem(), args)?;
        let solutions = BigUint::from(c.solutions);
        note_stop(c.stop);
        let exit = if c.is_complete() {
            EXIT_OK
        } else {
            EXIT_INTERRUPTED
        };
        (tours(kind, rows * cols, &solutions), solutions, exit, None)
    };
    let complete = exit == EXIT_OK;
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
            method: if args.memo { "frontier" } else { "exact cover" },
            states,
        };
        let text = memo::fill_big(serde_json::to_string(&json)?, &[&tours, &solutions]);
        writeln!(out, "{text}")?;
    } else if complete {
        writeln!(out, "{tours}")?;
    } else {
        writeln!(out, "{tours} (incomplete)")?;
    }
    out.flush()?;
    Ok(ExitCode::from(exit))
}

/// The exact cover problem's solutions from the tours: each open tour of two or more
/// squares in both directions.
fn solutions(kind: TourKind, squares: usize, tours: &BigUint) -> BigUint {
    if kind == TourKind::Closed || squares == 1 {
        tours.clone()
    } else {
        tours * 2u8
    }
}

/// Counts by the board's frontier: the tours (those found so far when stopped early),
/// the exit status and the most states a step kept.
fn count_by_frontier(
    args: &TourArgs,
    rows: usize,
    cols: usize,
    kind: TourKind,
) -> Result<(BigUint, u8, usize)> {
    let progress = Arc::new(FrontierProgress::default());
    let options = FrontierOptions {
        max_states: usize::try_from(dlx_core::default_memo_limit() / BYTES_PER_STATE)
            .unwrap_or(usize::MAX),
        cancel: Some(interrupt_flag()),
        progress: Some(Arc::clone(&progress)),
    };
    let display = wanted(&args.parallel).then(|| Display::start(Sweep(progress)));
    let count =
        count_tours(rows, cols, kind, &options).map_err(|e| InputError::new(e.to_string()))?;
    drop(display);
    let exit = match count.stop {
        None => EXIT_OK,
        Some(FrontierStop::Cancelled) => {
            note_stop(Some(StopReason::Cancelled));
            EXIT_INTERRUPTED
        }
        Some(FrontierStop::StateLimit { states }) => {
            note!(
                "dlx: the count stopped: one step of the sweep needed more than {states} states \
                 (a quarter of the memory); the tours printed are those completed before it"
            );
            EXIT_INCOMPLETE
        }
    };
    Ok((count.tours, exit, count.peak_states))
}

/// The frontier count's progress, for the display.
struct Sweep(Arc<FrontierProgress>);

impl Watched for Sweep {
    fn look(&self) -> (f64, String) {
        (self.0.fraction(), format!("{} states", self.0.states()))
    }
}

/// Counts on the threads asked for, with a progress display when wanted.
fn count(problem: &Problem, args: &TourArgs) -> Result<Count> {
    let threads = args.parallel.threads.unwrap_or(0);
    let show = wanted(&args.parallel);
    if threads == 1 && !show {
        return Ok(Solver::new(problem)
            .with_cancel_flag(interrupt_flag())
            .count());
    }
    let mut solver = ParallelSolver::new(problem).cancel_flag(interrupt_flag());
    if threads > 0 {
        solver = solver.threads(threads);
    }
    let progress = Progress::new();
    let display = show.then(|| Display::start(progress.clone()));
    let count = solver.progress(progress).count();
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
