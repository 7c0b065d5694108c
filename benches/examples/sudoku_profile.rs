//! One engine, one pass over a Sudoku set, uniqueness mode (up to two solutions a puzzle):
//! the run to hand `valgrind --tool=callgrind` (or `perf`), whose instruction counts do not
//! depend on the machine's load, so that two engines, or two versions of one, compare
//! exactly even on a shared machine:
//!
//! ```text
//! cargo build --profile bench -p benches --example sudoku_profile
//! valgrind --tool=callgrind target/release/examples/sudoku_profile ours ../shared/data/sudoku/puzzles7_serg_benchmark
//! valgrind --tool=callgrind target/release/examples/sudoku_profile crate ../shared/data/sudoku/puzzles7_serg_benchmark
//! ```
//!
//! Arguments: `ENGINE FILE [PASSES]`, the engine `ours` (`SudokuSolver` on its default, the
//! bitboard engine), `crate` (the `sudoku` crate 0.8.0) or `parse` (reading the puzzles
//! only, to subtract); one pass when not given. Prints the puzzles, the solutions found (at
//! most two a puzzle) and, for ours, the search's nodes and forced placements.

use std::process::ExitCode;

use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
// AGPL-3.0: a dev-dependency of this unpublished benchmark crate only.
use sudoku::Sudoku;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(engine), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: sudoku_profile ours|crate|parse FILE [PASSES]");
        return ExitCode::FAILURE;
    };
    let passes = match args.get(2).map(|p| p.parse::<usize>()) {
        None => 1,
        Some(Ok(p)) if p > 0 => p,
        Some(_) => {
            eprintln!("PASSES must be a positive integer");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let (mut solutions, mut nodes, mut forced) = (0u64, 0u64, 0u64);
    match engine.as_str() {
        "ours" => {
            let grids: Vec<Grid> = lines.iter().map(|l| l.parse().expect("a puzzle")).collect();
            let encoding = Encoding::new(Shape::classic()).expect("the classic shape");
            let solver = SudokuSolver::new(&encoding);
            for _ in 0..passes {
                for g in &grids {
                    let count = solver.count(g, Some(2)).expect("a valid puzzle");
                    solutions += count.solutions;
                    nodes += count.stats.nodes;
                    forced += count.stats.updates;
                }
            }
        }
        "crate" => {
            let puzzles: Vec<Sudoku> = lines
                .iter()
                .map(|l| Sudoku::from_str_line(l).expect("a puzzle"))
                .collect();
            for _ in 0..passes {
                for s in &puzzles {
                    solutions += s.solutions_count_up_to(2) as u64;
                }
            }
        }
        "parse" => {
            let grids: Vec<Grid> = lines.iter().map(|l| l.parse().expect("a puzzle")).collect();
            let puzzles: Vec<Sudoku> = lines
                .iter()
                .map(|l| Sudoku::from_str_line(l).expect("a puzzle"))
                .collect();
            solutions = (grids.len() + puzzles.len()) as u64;
        }
        other => {
            eprintln!("unknown engine {other}: ours, crate or parse");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "{file}: {} puzzles x {passes}, {solutions} solutions, {nodes} nodes, {forced} forced",
        lines.len()
    );
    ExitCode::SUCCESS
}
