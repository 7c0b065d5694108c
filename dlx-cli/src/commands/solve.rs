//! `dlx solve FILE`: print the first solution, the first N, or all of them.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{Problem, Solution, Solver};
use serde_json::json;

use crate::cli::SolveArgs;
use crate::input::read_problem;
use crate::output::{stdout, EXIT_NO_SOLUTION, EXIT_OK};

pub fn run(args: &SolveArgs) -> Result<ExitCode> {
    let parsed = read_problem(&args.problem.file)?;
    let problem = &parsed.problem;
    let limit = match (args.all, args.limit) {
        (true, _) => u64::MAX,
        (false, Some(n)) => n,
        (false, None) => 1,
    };
    let mut solutions = Solver::new(problem).with_solution_limit(limit).solutions();
    let mut out = stdout();
    let mut found = 0u64;
    for solution in solutions.by_ref() {
        found += 1;
        if args.json {
            writeln!(out, "{}", solution_json(problem, &solution, found))?;
        } else {
            if found > 1 || args.all || limit > 1 {
                writeln!(out, "solution {found}:")?;
            }
            for &option in solution.options() {
                writeln!(out, "{}", problem.option_text(option))?;
            }
        }
    }
    out.flush()?;
    if args.stats {
        let stats = solutions.stats();
        super::stats::print(&stats, solutions.is_complete());
    }
    if found == 0 {
        if solutions.is_complete() {
            eprintln!("dlx: no solution");
        } else {
            eprintln!("dlx: no solution found before the search stopped");
        }
        return Ok(ExitCode::from(EXIT_NO_SOLUTION));
    }
    Ok(ExitCode::from(EXIT_OK))
}

fn solution_json(problem: &Problem, solution: &Solution, number: u64) -> serde_json::Value {
    let options: Vec<_> = solution
        .options()
        .iter()
        .map(|&o| {
            json!({
                "index": o.index(),
                "items": problem.option_text(o).split(' ').collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "solution": number, "options": options })
}
