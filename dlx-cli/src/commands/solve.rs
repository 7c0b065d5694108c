//! `dlx solve FILE`: print the first solution, the first N, or all of them (streamed, on
//! several threads if asked).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Result;
use dlx_core::symmetry::{is_canonical, Group};
use dlx_core::{Problem, Solution};
use serde_json::json;

use super::progress::interrupt_flag;
use crate::cli::SolveArgs;
use crate::input::{display_name, read_problem};
use crate::output::{note, EXIT_INTERRUPTED, EXIT_NO_SOLUTION, EXIT_OK};

pub fn run(args: &SolveArgs) -> Result<ExitCode> {
    let (problem, group) = if args.up_to_symmetry {
        let s = super::symmetry::read(&args.problem.file, args.group.as_deref())?;
        (s.problem, Some(s.group))
    } else {
        (read_problem(&args.problem.file)?.problem, None)
    };
    let problem = &problem;
    let limit = match (args.all, args.limit) {
        (true, _) => u64::MAX,
        (false, Some(n)) => n,
        (false, None) => 1,
    };
    let printer = Printer {
        problem,
        group: group.as_ref(),
        json: args.json,
        headed: args.all || limit > 1,
        out: Mutex::new(std::io::BufWriter::new(std::io::stdout())),
        found: AtomicU64::new(0),
        failed: Mutex::new(None),
    };
    let name = display_name(&args.problem.file);
    let (complete, stats, engine) = if args.threads == 1 {
        let solver = super::engine::sequential(problem, args.engine, name)?;
        let engine = solver.engine_name();
        // Up to symmetry, the limit is on the solutions printed, not those found.
        let found_limit = if printer.group.is_some() {
            u64::MAX
        } else {
            limit
        };
        let mut solutions = solver
            .with_solution_limit(found_limit)
            .with_cancel_flag(interrupt_flag())
            .solutions();
        for solution in solutions.by_ref() {
            if !printer.print(&solution) || printer.found.load(Ordering::Relaxed) >= limit {
                break;
            }
        }
        (solutions.is_complete(), solutions.stats(), engine)
    } else {
        // A write error (a closed pipe) stops the workers.
        let stop = interrupt_flag();
        let halt = Arc::new(AtomicBool::new(false));
        let mut solver =
            super::engine::parallel(problem, args.engine, name)?.cancel_flag(Arc::clone(&halt));
        let engine = solver.engine_name();
        if args.threads > 0 {
            solver = solver.threads(args.threads);
        }
        let watch = {
            let (stop, halt) = (Arc::clone(&stop), Arc::clone(&halt));
            move || {
                if stop.load(Ordering::Relaxed) {
                    halt.store(true, Ordering::Relaxed);
                }
            }
        };
        let limit_reached = |p: &Printer<'_>| p.found.load(Ordering::Relaxed) >= limit;
        let count = if args.ordered {
            solver.for_each_solution_ordered(|s| {
                watch();
                if limit_reached(&printer) || !printer.print(&s) || limit_reached(&printer) {
                    halt.store(true, Ordering::Relaxed);
                }
            })
        } else {
            solver.for_each_solution(|s| {
                watch();
                if limit_reached(&printer) || !printer.print(&s) || limit_reached(&printer) {
                    halt.store(true, Ordering::Relaxed);
                }
            })
        };
        (count.is_complete(), count.stats, engine)
    };
    if let Some(e) = printer.failed.lock().expect("printer").take() {
        return Err(e.into());
    }
    printer.out.lock().expect("printer").flush()?;
    let found = printer.found.load(Ordering::Relaxed);
    if args.stats {
        super::stats::print(&stats, complete, engine);
    }
    if found == 0 {
        if complete {
            note!("dlx: no solution");
            return Ok(ExitCode::from(EXIT_NO_SOLUTION));
        }
        note!("dlx: no solution found before the search stopped");
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    if interrupt_flag().load(Ordering::Relaxed) {
        // The solutions printed are only some of those asked for: say so.
        note!(
            "dlx: interrupted: {found} solution{} printed; the search did not finish, so the \
             list is incomplete",
            if found == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(ExitCode::from(EXIT_OK))
}

struct Printer<'a> {
    problem: &'a Problem,
    /// With `--up-to-symmetry`: only the canonical solution of each orbit is printed.
    group: Option<&'a Group>,
    json: bool,
    headed: bool,
    out: Mutex<std::io::BufWriter<std::io::Stdout>>,
    found: AtomicU64,
    failed: Mutex<Option<std::io::Error>>,
}

impl Printer<'_> {
    /// Prints a solution; false once writing has failed.
    fn print(&self, solution: &Solution) -> bool {
        if self
            .group
            .is_some_and(|g| !is_canonical(g, solution.options()))
        {
            return true;
        }
        let mut out = self.out.lock().expect("printer");
        let number = self.found.fetch_add(1, Ordering::Relaxed) + 1;
        let result = if self.json {
            writeln!(out, "{}", solution_json(self.problem, solution, number))
        } else {
            (|| {
                if self.headed {
                    writeln!(out, "solution {number}:")?;
                }
                for &option in solution.options() {
                    writeln!(out, "{}", self.problem.option_text(option))?;
                }
                Ok(())
            })()
        };
        match result {
            Ok(()) => true,
            Err(e) => {
                self.failed.lock().expect("printer").get_or_insert(e);
                false
            }
        }
    }
}

fn solution_json(problem: &Problem, solution: &Solution, number: u64) -> serde_json::Value {
    json!({ "solution": number, "options": options_json(problem, solution) })
}

/// A solution's options as JSON: each option's index and items.
pub(crate) fn options_json(problem: &Problem, solution: &Solution) -> Vec<serde_json::Value> {
    solution
        .options()
        .iter()
        .map(|&o| {
            json!({
                "index": o.index(),
                "items": problem.option_text(o).split(' ').collect::<Vec<_>>(),
            })
        })
        .collect()
}
