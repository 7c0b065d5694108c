//! `dlx split FILE --units N`: work units for distributed runs, as JSON lines.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::distributed::{split_lines, unit_line_text};
use dlx_core::split_units;

use crate::cli::SplitArgs;
use crate::input::read_problem;
use crate::output::{stdout, EXIT_OK};

pub fn run(args: &SplitArgs) -> Result<ExitCode> {
    let parsed = read_problem(&args.problem.file)?;
    // (clap keeps --units within 1..=MAX_SPLIT_UNITS.)
    let units = usize::try_from(args.units).unwrap_or(usize::MAX);
    let (header, lines) = split_lines(&split_units(&parsed.problem, units));
    let mut out = stdout();
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for line in &lines {
        writeln!(out, "{}", unit_line_text(line))?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
