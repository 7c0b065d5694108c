//! `dlx sudoku FILE`: solve, count or check every puzzle of a file, on several threads,
//! printing results in input order and a summary on standard error.

use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use dlx_sudoku::sudoku::SudokuSolver;

use super::counter::Counter;
use super::ordered::run_ordered;
use super::progress::{interrupt_flag, wanted};
use crate::cli::{SudokuArgs, SudokuFormat};
use crate::output::{
    note, printable, svg_target, InputError, SvgTarget, EXIT_INPUT, EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION, EXIT_OK,
};

mod check;
pub mod load;
mod locate;
mod read;
mod report;
mod shapes;
mod solve;

use load::{load_each, Entry};
use report::{summary, Printer, Tally};
use solve::{solve, Mode};

pub fn run(args: &SudokuArgs) -> Result<ExitCode> {
    let mut format = args.format();
    // `--svg -`: the picture on standard output, as `--format svg` prints it.
    if args.svg.as_deref() == Some(std::path::Path::new("-")) {
        if matches!(format, SudokuFormat::Grid | SudokuFormat::Json) {
            return Err(InputError::new(format!(
                "--svg - and --{} both write standard output",
                if format == SudokuFormat::Json {
                    "json"
                } else {
                    "format grid"
                }
            ))
            .with_hint("give --svg a file name (one puzzle) or a folder (several)")
            .into());
        }
        format = SudokuFormat::Svg;
    }
    let mode = match (args.count, args.unique) {
        (true, _) => Mode::Count,
        (_, true) => Mode::Unique,
        _ => Mode::Solve,
    };
    if mode != Mode::Solve && matches!(format, SudokuFormat::Grid | SudokuFormat::Svg) {
        let flag = if mode == Mode::Count {
            "--count"
        } else {
            "--unique"
        };
        return Err(InputError::new(format!(
            "--format {} draws solutions; it does not go with {flag}",
            if format == SudokuFormat::Grid {
                "grid"
            } else {
                "svg"
            }
        ))
        .with_hint("use --format line or --json, and --svg DIR for pictures")
        .into());
    }
    let loaded = load_each(&args.file, &args.shape)?;
    let (name, entries) = (&loaded.name, &loaded.entries);
    let svg = match args.svg.as_deref() {
        Some(path) => match svg_target(path, entries.len()).map_err(|e| {
            let hint = e.hint().map(str::to_string);
            let e = InputError::new(format!("{name} has {}; {e}", puzzles(entries.len())));
            match hint {
                Some(h) => e.with_hint(h),
                None => e,
            }
        })? {
            SvgTarget::Stdout => None,
            target => Some(target),
        },
        None => None,
    };
    if format == SudokuFormat::Svg && entries.len() > 1 {
        return Err(InputError::new(format!(
            "--format svg draws one puzzle, and {name} has {} puzzles",
            entries.len()
        ))
        .with_hint("--svg DIR draws every puzzle in a file of its own in the folder DIR")
        .into());
    }
    if format == SudokuFormat::Svg {
        // One puzzle: if it is bad, that is the answer.
        if let Some(Entry::Bad { error, .. }) = entries.first() {
            let mut err = InputError::new(error.to_string());
            if let Some(hint) = error.hint() {
                err = err.with_hint(hint);
            }
            return Err(err.into());
        }
    }
    if let Some(SvgTarget::Dir(dir)) = &svg {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("{}: cannot create directory", dir.display()))?;
    }
    let stop = interrupt_flag();
    let solvers = loaded
        .encodings
        .iter()
        .map(|(size, encoding)| {
            let solver = SudokuSolver::new(encoding)
                .with_cancel_flag(Arc::clone(&stop))
                .with_engine(args.engine.engine())
                .map_err(|e| {
                    InputError::new(format!("{name}: {e}"))
                        .with_hint("--engine auto picks an engine that takes every shape")
                })?;
            Ok((*size, solver))
        })
        .collect::<Result<Vec<(usize, SudokuSolver<'_>)>, InputError>>()?;
    let solver_for = |size: usize| {
        solvers
            .iter()
            .find(|(s, _)| *s == size)
            .map(|(_, solver)| solver)
            .expect("load encodes every good puzzle's size")
    };

    let threads = args
        .parallel
        .threads
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let counter = wanted(&args.parallel).then(|| Counter::start(entries.len() as u64, "puzzles"));
    let mut printer = Printer::new(format, mode, svg, entries.len());
    let mut hints = std::collections::HashSet::new();
    let start = Instant::now();
    run_ordered(
        entries.len(),
        threads,
        &stop,
        |i| match &entries[i] {
            Entry::Good(puzzle) => Some(solve(solver_for(puzzle.grid.size()), &puzzle.grid, mode)),
            Entry::Bad { .. } => None,
        },
        |i, outcome| {
            if let Some(counter) = &counter {
                counter.tick();
            }
            match (&entries[i], outcome) {
                (Entry::Good(puzzle), Some(outcome)) => {
                    let outcome = outcome
                        .map_err(|e| InputError::new(format!("{name}:{}:1: {e}", puzzle.line)))?;
                    let shape = solver_for(puzzle.grid.size()).encoding().shape();
                    printer.print(puzzle, shape, &outcome)?;
                    Ok(outcome.complete)
                }
                (
                    Entry::Bad {
                        number,
                        line,
                        error,
                    },
                    _,
                ) => {
                    // Reported in its place; the others are solved all the same.
                    note!("dlx: error: {}", printable(&error.to_string()));
                    // A hint is given once, not once per puzzle.
                    if let Some(hint) = error.hint().filter(|h| hints.insert(h.to_string())) {
                        note!("dlx: hint: {}", printable(hint));
                    }
                    printer.print_error(*number, *line, &error.to_string())?;
                    Ok(true)
                }
                (Entry::Good(_), None) => unreachable!("every good puzzle is solved"),
            }
        },
    )?;
    let elapsed = start.elapsed();
    drop(counter);
    let tally = printer.finish()?;
    let interrupted = stop.load(Ordering::Relaxed);
    if args.stats {
        for (size, solver) in &solvers {
            note!(
                "dlx: {size}×{size} puzzles: {} engine",
                solver.engine().name()
            );
        }
    }
    if !args.quiet {
        note!("{}", summary(&tally, entries.len(), elapsed, interrupted));
    }
    Ok(ExitCode::from(exit_code(
        mode,
        &tally,
        entries.len(),
        interrupted,
    )))
}

/// 130 when stopped early; 2 when a puzzle could not be read (the others were still
/// solved); with `--unique`, 0 only when every puzzle is unique; with `--count`, 0;
/// otherwise 0 when every puzzle has a solution.
fn exit_code(mode: Mode, tally: &Tally, total: usize, interrupted: bool) -> u8 {
    if interrupted || tally.incomplete > 0 || tally.total() < total {
        return EXIT_INTERRUPTED;
    }
    if tally.errors > 0 {
        return EXIT_INPUT;
    }
    let all_good = match mode {
        Mode::Count => true,
        Mode::Unique => tally.unique == total,
        Mode::Solve => tally.none == 0,
    };
    if all_good {
        EXIT_OK
    } else {
        EXIT_NO_SOLUTION
    }
}

/// "1 puzzle", "3 puzzles".
fn puzzles(n: usize) -> String {
    if n == 1 {
        "1 puzzle".to_string()
    } else {
        format!("{n} puzzles")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_mode() {
        let tally = |unique, multiple, none| Tally {
            unique,
            multiple,
            none,
            incomplete: 0,
            errors: 0,
        };
        assert_eq!(exit_code(Mode::Solve, &tally(1, 1, 0), 2, false), EXIT_OK);
        assert_eq!(
            exit_code(Mode::Solve, &tally(1, 0, 1), 2, false),
            EXIT_NO_SOLUTION
        );
        assert_eq!(
            exit_code(Mode::Unique, &tally(1, 1, 0), 2, false),
            EXIT_NO_SOLUTION
        );
        assert_eq!(exit_code(Mode::Unique, &tally(2, 0, 0), 2, false), EXIT_OK);
        assert_eq!(exit_code(Mode::Count, &tally(0, 0, 2), 2, false), EXIT_OK);
        assert_eq!(
            exit_code(Mode::Count, &tally(1, 0, 0), 2, false),
            EXIT_INTERRUPTED
        );
        assert_eq!(
            exit_code(Mode::Solve, &tally(2, 0, 0), 2, true),
            EXIT_INTERRUPTED
        );
        let with_error = Tally {
            errors: 1,
            ..tally(1, 0, 0)
        };
        assert_eq!(exit_code(Mode::Count, &with_error, 2, false), EXIT_INPUT);
    }
}
