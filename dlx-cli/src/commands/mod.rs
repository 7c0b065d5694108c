//! One module per subcommand.

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command};

mod answer;
mod board_size;
mod candidates;
mod completions;
mod count;
mod counter;
mod engine;
mod gen;
mod knightdoku;
mod memo;
mod merge;
mod ordered;
mod progress;
pub(crate) mod serve;
mod solve;
mod split;
mod stats;
mod sudoku;
mod symmetry;
mod tour;
mod trace;
mod units;
pub(crate) mod variant;

pub(crate) use progress::interrupt_flag;

/// Runs the chosen subcommand and returns its exit code.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Count(args) => count::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Split(args) => split::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Trace(mut args) => {
            if args.json {
                args.format = crate::cli::TraceFormat::Json;
            }
            trace::run(&args)
        }
        Command::Sudoku(args) => sudoku::run(&args),
        Command::Variant(args) => variant::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Knightdoku(args) => knightdoku::run(&args),
        Command::Tour(args) => tour::run(&args),
        Command::Zdd(args) => memo::zdd::run(&args),
        Command::Sample(args) => memo::sample::run(&args),
        Command::Gen(args) => gen::run(&args),
        Command::Completions(args) => completions::run(&args),
    }
}
