//! The command line: every subcommand and its options (clap derive).

use clap::{Args, Parser, Subcommand};

/// Exact cover by Dancing Links: count, enumerate and check solutions of exact cover
/// problems and puzzles.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the solutions of an exact cover problem in Knuth's DLX format.
    Count(CountArgs),
    /// Print solutions of an exact cover problem in Knuth's DLX format.
    Solve(SolveArgs),
}

/// Options shared by commands that read a DLX problem.
#[derive(Debug, Args)]
pub struct ProblemArgs {
    /// The problem in Knuth's DLX format; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// `dlx count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// Print nodes, updates and time on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object on standard output instead of the bare count.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many search-tree nodes (the count is then incomplete).
    #[arg(long, value_name = "N")]
    pub node_budget: Option<u64>,
}

/// `dlx solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// Print every solution.
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Print at most N solutions.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Print solutions as JSON lines.
    #[arg(long)]
    pub json: bool,
    /// Print nodes, updates and time on standard error.
    #[arg(long)]
    pub stats: bool,
}
