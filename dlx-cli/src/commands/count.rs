//! `dlx count FILE`: the number of solutions, on one thread or many, with progress,
//! Ctrl-C, checkpoints, and work units.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use dlx_core::distributed::{unit_line_text, Line, UnitLine};
use dlx_core::{problem_hash, Checkpoint, CheckpointError, Count, Problem, Progress, UnitSearch};
use serde_json::json;

use super::progress::{interrupt_flag, wanted, Display};
use super::units::read_lines;
use crate::cli::CountArgs;
use crate::input::{display_name, read_problem, read_text};
use crate::output::{
    count_exit, note, note_stop, printable, stdout, write_count, InputError, EXIT_INTERRUPTED,
    EXIT_OK,
};

/// The longest `--checkpoint-interval` taken, in seconds (about 31 years).
const MAX_INTERVAL: f64 = 1e9;

/// Checks `--checkpoint PATH` before the count starts: something there that is not a
/// regular file is refused (the writer would refuse it anyway), and so is a checkpoint
/// already there, unless it is the one being resumed or `--force` says to start over.
fn check_checkpoint_path(args: &CountArgs) -> Result<()> {
    let Some(path) = &args.checkpoint else {
        return Ok(());
    };
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if !meta.file_type().is_file() {
        return Err(InputError::new(format!(
            "{}: not a regular file: refusing to write a checkpoint there",
            path.display()
        ))
        .into());
    }
    if args.resume.as_ref() != Some(path) && !args.force {
        return Err(InputError::new(format!(
            "{}: a file is there already: refusing to replace it",
            path.display()
        ))
        .with_hint(format!(
            "--resume {} goes on with that run; --force starts over and replaces it",
            path.display()
        ))
        .into());
    }
    Ok(())
}

pub fn run(args: &CountArgs) -> Result<ExitCode> {
    // The Ctrl-C handler first: a Ctrl-C while the problem is read stops the count at its
    // start (it prints 0, incomplete) instead of killing the program with nothing printed.
    let interrupted = interrupt_flag();
    check_checkpoint_path(args)?;
    if args.symmetry {
        return super::symmetry::run_count(args);
    }
    let parsed = read_problem(&args.problem.file)?;
    let problem = &parsed.problem;
    if args.unit.is_some() || args.units_file.is_some() {
        return run_units(args, problem);
    }
    if args.memo {
        return super::memo::run_count(args, problem, display_name(&args.problem.file));
    }
    let name = display_name(&args.problem.file);
    let threads = args.parallel.threads.unwrap_or(0);
    let show_progress = wanted(&args.parallel);
    let sequential = args.node_budget.is_some()
        || (threads == 1 && args.checkpoint.is_none() && args.resume.is_none() && !show_progress);
    let (count, engine) = if sequential {
        let mut solver =
            super::engine::sequential(problem, args.engine, name)?.with_cancel_flag(interrupted);
        if let Some(budget) = args.node_budget {
            solver = solver.with_node_budget(budget);
        }
        let engine = solver.engine_name();
        (solver.count(), engine)
    } else {
        let mut solver =
            super::engine::parallel(problem, args.engine, name)?.cancel_flag(interrupted);
        let engine = solver.engine_name();
        if threads > 0 {
            solver = solver.threads(threads);
        }
        let progress = Progress::new();
        solver = solver.progress(progress.clone());
        let mut resumed = None;
        if let Some(path) = &args.resume {
            let checkpoint = Checkpoint::load(path).map_err(|e| match e {
                // The one error of a file that does not name it.
                CheckpointError::Version { .. } => {
                    InputError::new(format!("{}: {e}", path.display()))
                }
                e => {
                    // Only a file that was read as JSON is looked at again (never a FIFO or
                    // a device: reading one would wait forever).
                    let of_symmetry = matches!(e, CheckpointError::Format { .. })
                        && std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
                        && std::fs::read_to_string(path)
                            .is_ok_and(|t| t.contains("\"dlx_symmetry_checkpoint\""));
                    let error = InputError::new(e.to_string());
                    if of_symmetry {
                        error.with_hint(
                            "this is the checkpoint of a count by symmetry: resume it with \
                             --symmetry",
                        )
                    } else {
                        error
                    }
                }
            })?;
            checkpoint
                .check(problem)
                .map_err(|e| InputError::new(format!("{}: {e}", path.display())))?;
            resumed = Some(checkpoint);
        }
        let display = show_progress.then(|| Display::start(progress));
        // A checkpoint to write (or one resumed, which is written as the run goes on) makes
        // the run a job, whose count can fail; a plain count cannot.
        let count = match args.checkpoint.as_ref().or(args.resume.as_ref()) {
            Some(path) => {
                let every = checkpoint_every(args)?;
                let mut job = solver
                    .checkpoint(path, every)
                    .on_checkpoint_error(warn_checkpoint);
                if let Some(checkpoint) = resumed {
                    job = job.resume(checkpoint);
                }
                job.count()?
            }
            None => solver.count(),
        };
        drop(display);
        (count, engine)
    };
    report(args, &count, engine)
}

/// `--checkpoint-interval` as a duration: above 0 and at most [`MAX_INTERVAL`] seconds.
pub(super) fn checkpoint_every(args: &CountArgs) -> Result<Duration> {
    let seconds = args.checkpoint_interval;
    Ok((seconds > 0.0 && seconds <= MAX_INTERVAL)
        .then(|| Duration::try_from_secs_f64(seconds).ok())
        .flatten()
        .ok_or_else(|| {
            InputError::new(format!(
                "--checkpoint-interval must be a number of seconds above 0 and at most \
                 {MAX_INTERVAL:e}"
            ))
        })?)
}

/// A checkpoint write that failed after the start: the run goes on (the next write tries
/// again), and the count is printed at the end all the same. The first failure is told, and
/// the last write's, which leaves the file older than the count printed.
pub(super) fn warn_checkpoint(e: &CheckpointError, last: bool) {
    static TOLD: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let e = printable(&e.to_string());
    if last {
        note!(
            "dlx: warning: the checkpoint could not be written at the end of the run: {e}; \
             the file there (if any) holds an earlier state of the run than the count printed"
        );
    } else if !TOLD.swap(true, std::sync::atomic::Ordering::Relaxed) {
        note!("dlx: warning: the checkpoint could not be written: {e}; the count goes on and tries again");
    }
}

/// Prints the count; exit 0 when it is complete, 3 when the node budget stopped it, 130
/// when it was interrupted.
fn report(args: &CountArgs, count: &Count, engine: &str) -> Result<ExitCode> {
    print_count(args, count, engine)?;
    Ok(count_exit(count.stop))
}

fn print_count(args: &CountArgs, count: &Count, engine: &str) -> Result<()> {
    let mut out = stdout();
    if args.json {
        let value = json!({
            "solutions": count.solutions,
            "complete": count.is_complete(),
            "stopped": count.stop.map(|r| r.to_string()),
            "nodes": count.stats.nodes,
            "updates": count.stats.updates,
            "seconds": count.stats.elapsed.as_secs_f64(),
            "engine": engine,
        });
        writeln!(out, "{value}")?;
    } else {
        write_count(&mut out, count.solutions, count.stop)?;
    }
    out.flush()?;
    note_stop(count.stop);
    if args.stats {
        super::stats::print(&count.stats, count.is_complete(), engine);
    }
    Ok(())
}

/// `--unit LINE` / `--units-file FILE`: count the given units, one result line each.
fn run_units(args: &CountArgs, problem: &Problem) -> Result<ExitCode> {
    let hash = problem_hash(problem);
    let (name, text) = match (&args.unit, &args.units_file) {
        (Some(line), _) => ("--unit".to_string(), line.clone()),
        (None, Some(file)) => (display_name(file).to_string(), read_text(file)?),
        (None, None) => unreachable!("checked by the caller"),
    };
    if dlx_core::symmetry::is_symmetric_units(&text) {
        return Err(InputError::new(format!(
            "{name}: units of a split by symmetry (`dlx split --symmetry`)"
        ))
        .with_hint("count them with `dlx count --symmetry`")
        .into());
    }
    let mut todo: Vec<UnitLine> = Vec::new();
    for (number, line) in read_lines(&name, &text)? {
        if let Line::Unit(u) = line {
            let at = format!("{name}:{number}:1");
            if u.problem != hash {
                return Err(InputError::new(format!(
                    "{at}: unit {} is for problem {}, but {} is problem {hash}",
                    u.id,
                    u.problem,
                    display_name(&args.problem.file)
                ))
                .into());
            }
            // The unit must exist in this problem.
            let search = UnitSearch::new(problem, &u.unit)
                .map_err(|e| InputError::new(format!("{at}: unit {}: {e}", u.id)))?;
            // A line already done (the top of the tree, explored while splitting) is in
            // the split file for `dlx merge` and is not counted again; its `until` is where
            // the split stopped exploring, not where its subtree ends. A unit to do must
            // end where its line says.
            if u.done.is_some() {
                continue;
            }
            if let Some(until) = &u.until {
                let end = search.end();
                if *until != end {
                    return Err(InputError::new(format!(
                        "{at}: unit {} says it ends at {until}, but it ends at {end}",
                        u.id
                    ))
                    .into());
                }
            }
            todo.push(u);
        }
    }
    let threads = args.parallel.threads.unwrap_or(0);
    let mut out = stdout();
    for mut line in todo {
        let mut solver =
            super::engine::parallel(problem, args.engine, display_name(&args.problem.file))?
                .cancel_flag(interrupt_flag());
        if threads > 0 {
            solver = solver.threads(threads);
        }
        let count = solver
            .units(vec![line.unit.clone()])
            .count()
            .map_err(|e| InputError::new(format!("{name}: unit {}: {e}", line.id)))?;
        if !count.is_complete() {
            note!(
                "dlx: interrupted: unit {} not finished, no result written",
                line.id
            );
            out.flush()?;
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
        line.done = Some(dlx_core::UnitCounts {
            solutions: count.solutions,
            nodes: count.stats.nodes,
            updates: count.stats.updates,
        });
        writeln!(out, "{}", unit_line_text(&line))?;
        out.flush()?;
    }
    Ok(ExitCode::from(EXIT_OK))
}
