//! `dlx count FILE`: the number of solutions.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::Solver;
use serde_json::json;

use crate::cli::CountArgs;
use crate::input::read_problem;
use crate::output::{stdout, EXIT_INTERRUPTED, EXIT_OK};

pub fn run(args: &CountArgs) -> Result<ExitCode> {
    let parsed = read_problem(&args.problem.file)?;
    let mut solver = Solver::new(&parsed.problem);
    if let Some(budget) = args.node_budget {
        solver = solver.with_node_budget(budget);
    }
    let count = solver.count();
    let mut out = stdout();
    if args.json {
        let value = json!({
            "solutions": count.solutions,
            "complete": count.is_complete(),
            "stopped": count.stop.map(|r| r.to_string()),
            "nodes": count.stats.nodes,
            "updates": count.stats.updates,
            "seconds": count.stats.elapsed.as_secs_f64(),
        });
        writeln!(out, "{value}")?;
    } else if count.is_complete() {
        writeln!(out, "{}", count.solutions)?;
    } else {
        writeln!(
            out,
            "{} (incomplete: {})",
            count.solutions,
            count.stop.expect("incomplete")
        )?;
    }
    out.flush()?;
    if args.stats {
        super::stats::print(&count.stats, count.is_complete());
    }
    Ok(ExitCode::from(if count.is_complete() {
        EXIT_OK
    } else {
        EXIT_INTERRUPTED
    }))
}
