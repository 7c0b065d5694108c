//! `dlx sample FILE|ZDD -n N --seed S`: solutions drawn uniformly at random, printed as
//! `dlx solve --all` prints them.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{verify, zdd_text, Problem, Zdd};
use serde_json::json;

use super::zdd::build;
use crate::cli::SampleArgs;
use crate::commands::progress::interrupt_flag;
use crate::commands::solve::options_json;
use crate::input::{display_name, parse_problem, read_input};
use crate::output::{note, stdout, InputError, EXIT_INTERRUPTED, EXIT_NO_SOLUTION, EXIT_OK};

/// The problem and its diagram: read from a diagram file, or built from a problem.
fn load(args: &SampleArgs) -> Result<Option<(Problem, Zdd)>> {
    let name = display_name(&args.file);
    let bytes = read_input(&args.file)?;
    if let Ok(text) = std::str::from_utf8(&bytes) {
        if zdd_text::looks_like(text) {
            let read = zdd_text::read(text).map_err(|e| {
                InputError::new(format!("{name}:{}:{}: {}", e.line, e.column, e.message))
            })?;
            return Ok(Some(read));
        }
    }
    let parsed = parse_problem(&args.file, &bytes)?;
    let Some((zdd, _)) = build(&parsed.problem, name, &args.memo, false)? else {
        return Ok(None);
    };
    Ok(Some((parsed.problem, zdd)))
}

pub fn run(args: &SampleArgs) -> Result<ExitCode> {
    let Some((problem, zdd)) = load(args)? else {
        note!("dlx: interrupted before the diagram was complete: nothing drawn");
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    };
    if zdd.count() == 0u8.into() {
        note!("dlx: no solution: nothing to draw");
        return Ok(ExitCode::from(EXIT_NO_SOLUTION));
    }
    let seed = args.seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        note!("dlx: seed {seed} (--seed {seed} draws these again)");
        seed
    });
    let stop = interrupt_flag();
    let mut out = stdout();
    for (k, solution) in zdd.sampler(seed).take(args.count as usize).enumerate() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            out.flush()?;
            note!("dlx: interrupted: {k} of {} solutions drawn", args.count);
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
        // A diagram read from a file is checked line by line and its count, but not that
        // each of its paths solves its problem: every draw is checked before it is
        // printed, so a diagram that does not match its problem is refused, never shown
        // as a solution.
        if let Err(e) = verify(&problem, solution.options()) {
            out.flush()?;
            return Err(InputError::new(format!(
                "{}: a solution drawn from the diagram is not a solution of its problem ({e}): \
                 the diagram does not match its problem",
                display_name(&args.file)
            ))
            .into());
        }
        let number = k + 1;
        if args.json {
            let options = options_json(&problem, &solution);
            writeln!(out, "{}", json!({ "sample": number, "options": options }))?;
        } else {
            writeln!(out, "solution {number}:")?;
            for &o in solution.options() {
                writeln!(out, "{}", problem.option_text(o))?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
