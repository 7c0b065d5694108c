//! `dlx split FILE --units N`: work units for distributed runs, as JSON lines.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::distributed::{split_lines, unit_line_text};
use dlx_core::split_units_with;

use crate::cli::SplitArgs;
use crate::input::{display_name, read_problem};
use crate::output::{stdout, InputError, EXIT_OK};

pub fn run(args: &SplitArgs) -> Result<ExitCode> {
    if args.symmetry {
        return super::symmetry::run_split(args);
    }
    let parsed = read_problem(&args.problem.file)?;
    // (clap keeps --units within 1..=MAX_SPLIT_UNITS.)
    let units = usize::try_from(args.units).unwrap_or(usize::MAX);
    // The lines done while splitting carry the engine's counts, as the units counted with
    // the same `--engine` will.
    let plan = split_units_with(&parsed.problem, units, args.engine.choice())
        .map_err(|e| InputError::new(format!("{}: {e}", display_name(&args.problem.file))))?;
    let (header, lines) = split_lines(&plan);
    let mut out = stdout();
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for line in &lines {
        writeln!(out, "{}", unit_line_text(line))?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
