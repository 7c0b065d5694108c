//! `dlx split FILE --units N`: work units for distributed runs, as JSON lines.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::split_units;

use super::units::{Header, UnitLine, UNITS_VERSION};
use crate::cli::SplitArgs;
use crate::input::read_problem;
use crate::output::{stdout, InputError, EXIT_OK};

pub fn run(args: &SplitArgs) -> Result<ExitCode> {
    if args.units == 0 {
        return Err(InputError::new("--units must be at least 1").into());
    }
    let parsed = read_problem(&args.problem.file)?;
    let plan = split_units(&parsed.problem, args.units);
    let mut out = stdout();
    let header = Header {
        dlx_units: UNITS_VERSION,
        problem: plan.problem.clone(),
        total: plan.units.len(),
    };
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for (id, record) in plan.units.into_iter().enumerate() {
        let line = UnitLine {
            problem: plan.problem.clone(),
            id,
            unit: record.unit,
            weight: record.weight,
            done: record.done,
        };
        writeln!(out, "{}", serde_json::to_string(&line)?)?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
