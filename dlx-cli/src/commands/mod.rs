//! One module per subcommand.

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command};

mod count;
mod merge;
mod progress;
mod split;
mod units;
mod solve;
mod stats;
mod trace;

/// Runs the chosen subcommand and returns its exit code.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Count(args) => count::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Split(args) => split::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Trace(args) => trace::run(&args),
    }
}
