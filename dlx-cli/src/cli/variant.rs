//! `dlx variant`.

use std::path::PathBuf;

use clap::Args;
use dlx_sudoku::variant::VariantEngine;

/// `dlx variant`.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// The puzzle: a file in our TOML format, f-puzzles JSON, or an f-puzzles or SudokuPad
    /// link (its compressed payload); `-` reads standard input; an argument starting with
    /// `https://` (or `http://`) that names no file is read as the link itself.
    #[arg(value_name = "FILE|LINK")]
    pub file: String,
    /// Count the solutions instead of printing one.
    #[arg(long, conflicts_with = "unique")]
    pub count: bool,
    /// Stop counting after N solutions (N at least 1; exit code 3 when the count stops
    /// there).
    #[arg(long, value_name = "N", requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Prove that the solution is unique, exit code 1 if it is not (the default: a
    /// published puzzle has one solution, and a second one under the rules as read means a
    /// rule was not read, so it is shown rather than one of the two printed as "the"
    /// answer).
    #[arg(long)]
    pub unique: bool,
    /// Print the first solution found without proving it unique.
    #[arg(long, conflicts_with_all = ["unique", "count"])]
    pub first: bool,
    /// Also draw the puzzle and its solution as SVG in PATH (a file NAME.svg), or with
    /// `--svg -` on standard output instead of the text. (As in every command: a file for
    /// one picture, a folder for several.)
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print the time taken, the engine that answered and its effort, and the size of the
    /// compiled problem on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Print the true candidates instead of a solution: every digit that some solution
    /// puts in each cell (text, `--json`, or pencil marks on the `--svg` picture, coloured
    /// by how many solutions hold each), and the number of solutions.
    #[arg(long, conflicts_with_all = ["count", "unique", "first"])]
    pub candidates: bool,
    /// With --candidates: count the solutions holding each candidate up to N (1, the
    /// default: plain true candidates; 8: the coloured view of the f-puzzles solver).
    #[arg(long, value_name = "N", requires = "candidates", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub cap: u32,
    /// Draw the puzzle alone, without solving it: its givens and clues, and its title and
    /// author when the file has them, as SVG in PATH (a file NAME.svg, or `-` for standard
    /// output); what a setter publishes.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "unique", "first", "candidates", "svg", "json", "stats"])]
    pub svg_puzzle: Option<PathBuf>,
    /// The engine: `sat` (clause learning), `links` (dancing links with look-ahead: the
    /// faster way to count or list very many solutions) or `auto` (the default: clause
    /// learning; see `docs/variants.md`).
    #[arg(long, value_enum, default_value_t = VariantEngineArg::Auto)]
    pub engine: VariantEngineArg,
}

/// The engines `dlx variant` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantEngineArg {
    /// The automatic choice.
    Auto,
    /// Dancing links with look-ahead.
    Links,
    /// Clause learning (a CDCL solver on the same model).
    Sat,
    /// Propagation: a depth-first search with a propagator per rule over bit-mask
    /// domains (no learning).
    Prop,
}

impl From<VariantEngineArg> for VariantEngine {
    fn from(e: VariantEngineArg) -> VariantEngine {
        match e {
            VariantEngineArg::Auto => VariantEngine::Auto,
            VariantEngineArg::Links => VariantEngine::DancingLinks,
            VariantEngineArg::Sat => VariantEngine::ClauseLearning,
            VariantEngineArg::Prop => VariantEngine::Propagation,
        }
    }
}
