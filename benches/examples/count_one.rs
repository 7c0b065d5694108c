//! Counts one reference instance with one engine, for profilers that must see a single
//! engine at work (`valgrind --tool=callgrind`, `perf stat`):
//!
//! ```text
//! cargo build --profile bench -p benches --example count_one
//! valgrind --tool=callgrind --branch-sim=yes target/release/examples/count_one ours pent3x20
//! valgrind --tool=callgrind --branch-sim=yes target/release/examples/count_one dlx pent3x20
//! ```
//!
//! Arguments: `ours|dense|parN|dparN|dlx NAME [ROUNDS]` (`dense`: the dense engine;
//! `parN`: the parallel solver on N threads, links engine; `dparN`: the same on the dense
//! engine; NAME: an instance in `dlx-core/tests/data`, or a path ending in `.dlx`; one round
//! when not given). Prints solutions, nodes and updates.

use std::process::ExitCode;

use benches::{load, PeerLinks};
use dlx_core::{DenseSolver, EngineChoice, Solver};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parallel = |e: &str| {
        let n = e.strip_prefix("dpar").or_else(|| e.strip_prefix("par"))?;
        n.parse::<usize>().ok().filter(|&n| n > 0)
    };
    let (engine, name) = match (args.first(), args.get(1)) {
        (Some(e), Some(n))
            if ["ours", "dense", "dlx"].contains(&e.as_str()) || parallel(e).is_some() =>
        {
            (e.as_str(), n.as_str())
        }
        _ => {
            eprintln!("usage: count_one ours|dense|parN|dparN|dlx NAME [ROUNDS]");
            return ExitCode::FAILURE;
        }
    };
    let rounds = match args.get(2).map(|r| r.parse::<usize>()) {
        None => 1,
        Some(Ok(r)) if r > 0 => r,
        Some(_) => {
            eprintln!("ROUNDS must be a positive integer");
            return ExitCode::FAILURE;
        }
    };
    // A path to a file of DLX text, or the name of a reference instance.
    let loaded = if name.ends_with(".dlx") {
        std::fs::read_to_string(name)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|text| dlx_core::format::parse(&text).map_err(|e| format!("{name}: {e}")))
    } else {
        load(name).map_err(|e| e.to_string())
    };
    let problem = match loaded {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    for _ in 0..rounds {
        if let Some(threads) = parallel(engine) {
            let choice = if engine.starts_with('d') {
                EngineChoice::Dense
            } else {
                EngineChoice::Links
            };
            let solver = match dlx_core::ParallelSolver::with_engine_choice(&problem, choice) {
                Ok(solver) => solver,
                Err(e) => {
                    eprintln!("{name}: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let count = solver.threads(threads).count();
            println!(
                "{} {} {}",
                count.solutions, count.stats.nodes, count.stats.updates
            );
        } else if engine == "ours" {
            let solver = Solver::links(&problem);
            let count = solver.count();
            println!(
                "{} {} {}",
                count.solutions, count.stats.nodes, count.stats.updates
            );
        } else if engine == "dense" {
            let count = match DenseSolver::try_new(&problem) {
                Ok(solver) => solver.count(),
                Err(e) => {
                    eprintln!("{name}: {e}");
                    return ExitCode::FAILURE;
                }
            };
            println!(
                "{} {} {}",
                count.solutions, count.stats.nodes, count.stats.updates
            );
        } else {
            let links = match PeerLinks::new(&problem) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("{name}: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let count = links.count();
            println!("{} {} {}", count.solutions, count.nodes, count.updates);
        }
    }
    ExitCode::SUCCESS
}
