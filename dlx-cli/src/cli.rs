//! The command line: every subcommand and its options (clap derive).

use clap::{Args, Parser, Subcommand};

mod completions;
mod gen;
mod knightdoku;
mod memo;
mod parse;
mod serve;
mod sudoku;
mod tour;
mod variant;

pub use completions::CompletionsArgs;
pub use gen::{GenArgs, GenCommand, MAX_PENTOMINO_SQUARES, MAX_TILING_SQUARES};
pub use knightdoku::{KnightdokuArgs, PictureFormat};
pub use memo::{memory_size, MemoOptions, MemoOrder, SampleArgs, ZddArgs};
pub use parse::parse;
pub use serve::ServeArgs;
pub use sudoku::{ShapeArgs, SudokuArgs, SudokuFormat, MAX_PUZZLE_SIZE};
pub use tour::{TourArgs, MAX_COUNT_SQUARES, MAX_FRONTIER_SQUARES, MAX_TOUR_SQUARES};
pub use variant::VariantArgs;

/// Exact cover by Dancing Links: count, enumerate and check solutions of exact cover
/// problems and puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = "Run `dlx help COMMAND` or `dlx COMMAND --help` for the details of a command.",
    after_long_help = OVERVIEW
)]
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
    /// Split a problem's search tree into work units (JSON lines) for distributed runs.
    Split(SplitArgs),
    /// Add up the results of work units run separately; refuses duplicates and gaps.
    Merge(MergeArgs),
    /// Watch Algorithm X step by step: text, JSON lines or an interactive HTML page.
    Trace(TraceArgs),
    /// Solve a variant Sudoku (TOML, f-puzzles JSON or link): solution, count, uniqueness, SVG.
    Variant(VariantArgs),
    /// Serve f-puzzles: the SudokuSolver userscript's websocket protocol (true candidates,
    /// solve, check, count) on ws://127.0.0.1:4545.
    Serve(ServeArgs),
    /// Solve, count or check Sudoku puzzles of any size: boxes, jigsaw regions, diagonals.
    Sudoku(SudokuArgs),
    /// Solve a Knightdoku board: knights instead of digits, clues count knight moves.
    Knightdoku(KnightdokuArgs),
    /// Find a knight's tour of an M×N board, or count the tours of a small one.
    Tour(TourArgs),
    /// Build the decision diagram (ZDD) of all solutions of a DLX problem and write it out.
    Zdd(ZddArgs),
    /// Draw solutions of a DLX problem (or a diagram from `dlx zdd`) uniformly at random.
    Sample(SampleArgs),
    /// Write an exact cover problem in DLX format: queens, Langford pairs, pentominoes, a
    /// Sudoku puzzle.
    Gen(GenArgs),
    /// Print a completion script for a shell.
    Completions(CompletionsArgs),
}

const OVERVIEW: &str = "\
An exact cover problem is a set of items and a list of options, each option a set of items;
a solution picks options that contain every item exactly once. Sudoku, queens, polyomino
packings and knight's tours are exact cover problems, and dlx solves them all with Knuth's
Dancing Links (Algorithms X, C and M).

Problems in Knuth's DLX format (a line of item names, then one option per line):
  dlx count FILE          how many solutions (all cores, progress bar, checkpoints)
  dlx count FILE --memo   count by memoised search: tilings of 10^30 in a second
  dlx zdd / sample        the diagram of all solutions; uniformly random solutions
  dlx solve FILE          the first solution, or --all, or --limit N
  dlx split / merge       cut a long count into work units for other machines
  dlx trace FILE          Algorithm X step by step
  dlx gen ...             write the problems of queens, Langford pairs, pentominoes, tilings,
                          Sudoku

Puzzles:
  dlx sudoku FILE         solve, --count or --unique, any size, jigsaw, diagonals
  dlx variant FILE        a variant Sudoku (TOML, f-puzzles JSON or link): killer, thermo,
                          arrows, Kropki, XV, ... solved, counted or proved unique
  dlx knightdoku FILE     solve a Knightdoku board
  dlx tour MxN            a knight's tour of any board, or --count them on small ones
  dlx serve               be the solver of the f-puzzles editor (docs/setters.md)

Conventions: FILE may be `-` for standard input. Results go to standard output, messages
and progress to standard error; --json prints JSON lines, one object per result.

Exit status: 0 success; 1 no solution (or, with --unique, not every puzzle unique); 2 bad
usage or input; 3 stopped at the --node-budget (what was counted so far is printed, marked
incomplete); 130 interrupted (the same).

Examples:
  dlx gen queens 12 | dlx count -
  dlx count dlx-core/tests/data/q14.dlx --threads 4 --stats
  dlx sudoku examples/sudoku/classic.txt
  dlx knightdoku examples/knightdoku/kd1.txt
  dlx tour 8x8 --svg tour.svg

Full reference with every output: docs/cli.md.";

const COUNT_EXAMPLES: &str = "\
Prints the number of solutions on standard output; --stats adds Knuth's node and update
counts on standard error. Ctrl-C stops the count and prints what was counted, marked
incomplete (exit 130); --checkpoint makes a long run resumable after a crash.

Examples:
  dlx count dlx-core/tests/data/q12.dlx                # 14200
  dlx count dlx-core/tests/data/q14.dlx --stats --threads 4
  dlx gen pentomino 6x10 | dlx count - --json
  dlx count dlx-core/tests/data/q14.dlx --checkpoint run.json   # after a crash: --resume run.json
  dlx count dlx-core/tests/data/pent4x15.dlx --engine links   # 1472, dancing links
  dlx gen dominoes 16x16 | dlx count - --memo --order first   # 31 digits, in a second

--memo counts by memoised search (DXZ): sub-problems met again are looked up, not searched,
so the time grows with the distinct sub-problems, not the solutions. Where few repeat
(queens), it falls back to plain enumeration by itself (--no-fallback keeps it); --stats and
--json say which, with the memo's hits. See docs/counting.md.";

const SOLVE_EXAMPLES: &str = "\
Prints the options of a solution, one per line (with --all or --limit, each solution after a
`solution N:` line). Exit status 1 when there is no solution.

Examples:
  dlx solve dlx-cli/tests/data/toy.dlx
  dlx solve dlx-core/tests/data/q8.dlx --limit 3 --json
  dlx gen langford 7 --symmetry-break | dlx solve - --all --threads 2";

const SPLIT_EXAMPLES: &str = "\
Examples (see docs/distributed.md):
  dlx split q12.dlx --units 16 > units.jsonl
  grep -v '\"done\"' units.jsonl | grep '\"unit\"' | dlx count q12.dlx --units-file - > results.jsonl
  dlx merge units.jsonl results.jsonl                  # 14200";

/// Options shared by commands that read a DLX problem.
#[derive(Debug, Args)]
pub struct ProblemArgs {
    /// The problem in Knuth's DLX format; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// The most threads `--threads` takes ([`dlx_core::MAX_THREADS`]).
pub const MAX_THREADS: usize = dlx_core::MAX_THREADS;

/// The most units `dlx split --units` makes: a split holds every unit until it is written
/// (about 600 bytes each: 0.62 GB at 1,000,000 units of 17 queens; 10,000,000, the limit
/// before issue 40, grew past 9 GB).
pub const MAX_SPLIT_UNITS: usize = 1_000_000;

/// `--threads N`: 0 (all cores) to [`MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("expected a number of threads from 0 (all cores) to {MAX_THREADS}"))?;
    if n > MAX_THREADS {
        return Err(format!("at most {MAX_THREADS} threads are supported"));
    }
    Ok(n)
}

/// Options for running on several threads.
#[derive(Debug, Args)]
pub struct ParallelArgs {
    /// Worker threads (default: all cores; at most 1024).
    #[arg(long, short = 't', value_name = "N", value_parser = threads)]
    pub threads: Option<usize>,
    /// Show a progress bar on standard error (default: when it is a terminal).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

/// `dlx count`.
#[derive(Debug, Args)]
#[command(after_long_help = COUNT_EXAMPLES)]
pub struct CountArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    #[command(flatten, next_help_heading = "Threads and progress")]
    pub parallel: ParallelArgs,
    /// Write a checkpoint to PATH, so that a killed run can be resumed: the first as soon as
    /// the run is split into units (within a second of the start), then every
    /// --checkpoint-interval, and at the end (a checkpoint already there is refused:
    /// --resume it, or --force to start over).
    #[arg(
        help_heading = "Checkpoints (resume a long run)",
        long,
        value_name = "PATH",
        conflicts_with_all = ["unit", "units_file"]
    )]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Replace the checkpoint at --checkpoint PATH and start the count over.
    #[arg(
        help_heading = "Checkpoints (resume a long run)",
        long,
        requires = "checkpoint"
    )]
    pub force: bool,
    /// Seconds between checkpoints (more than 0, at most 10^9).
    #[arg(
        help_heading = "Checkpoints (resume a long run)",
        long,
        value_name = "SECONDS",
        default_value_t = 30.0
    )]
    pub checkpoint_interval: f64,
    /// Resume from the checkpoint at PATH (and keep checkpointing there).
    #[arg(
        help_heading = "Checkpoints (resume a long run)",
        long,
        value_name = "PATH",
        conflicts_with_all = ["unit", "units_file"]
    )]
    pub resume: Option<std::path::PathBuf>,
    /// Count only this work unit (a line written by `dlx split`); prints a result line.
    #[arg(
        help_heading = "Work units (from dlx split)",
        long,
        value_name = "LINE",
        conflicts_with = "units_file"
    )]
    pub unit: Option<String>,
    /// Count only the units to do in this file (lines written by `dlx split`; `-` reads
    /// standard input); prints a result line per unit.
    #[arg(
        help_heading = "Work units (from dlx split)",
        long,
        value_name = "FILE"
    )]
    pub units_file: Option<String>,
    /// Print nodes, updates and time on standard error.
    #[arg(help_heading = "Output", long)]
    pub stats: bool,
    /// Print one JSON object on standard output instead of the bare count.
    #[arg(help_heading = "Output", long)]
    pub json: bool,
    /// Stop after this many search-tree nodes (the count is then incomplete; exit 3).
    /// One thread; not with checkpoints or work units.
    #[arg(
        help_heading = "Search",
        long,
        value_name = "N",
        conflicts_with_all = ["checkpoint", "resume", "unit", "units_file"]
    )]
    pub node_budget: Option<u64>,
    /// The engine: `auto` (the default: `dense` when it takes the problem and it has at
    /// most 2,100 options or a small state, `links` otherwise), `links` (dancing links) or
    /// `dense` (a state copied per level). All search the same tree; `--stats` and `--json`
    /// say which ran.
    #[arg(help_heading = "Search", long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Count by memoised search (DXZ): exact counts of any size, where sub-problems repeat
    /// (tilings) far faster than enumeration. Not with multiplicities, checkpoints or units.
    #[arg(
        help_heading = "Memoised counting",
        long,
        conflicts_with_all = ["checkpoint", "resume", "unit", "units_file"]
    )]
    pub memo: bool,
    /// With --memo: the most memory the memo may hold (bytes, or with K, M, G or T; default:
    /// a quarter of the memory dlx may use). A full memo is emptied: slower, never wrong.
    #[arg(
        help_heading = "Memoised counting",
        long,
        value_name = "SIZE",
        value_parser = memory_size,
        requires = "memo"
    )]
    pub memo_limit: Option<u64>,
    /// With --memo: which item to branch on (`first`: the first uncovered item in the file's
    /// order, for boards swept cell by cell).
    #[arg(
        help_heading = "Memoised counting",
        long,
        value_enum,
        value_name = "ORDER",
        requires = "memo"
    )]
    pub order: Option<MemoOrder>,
    /// With --memo: never fall back to plain enumeration, even where the memo does not pay.
    #[arg(help_heading = "Memoised counting", long, requires = "memo")]
    pub no_fallback: bool,
    /// Count by the problem's symmetry: the total by orbits (faster by up to the group's
    /// order) and the solutions up to symmetry (Burnside's lemma). The group: --group FILE,
    /// else the file's `| symmetry:` lines (`dlx gen` writes them), else found by search.
    /// Checkpoints record the pieces finished; --unit and --units-file count the units of
    /// `dlx split --symmetry`. Not with --memo.
    #[arg(help_heading = "Counting by symmetry", long, conflicts_with = "memo")]
    pub symmetry: bool,
    /// With --symmetry: the group's generators from FILE, one `| symmetry: a b | c d e`
    /// line each (cycles of item names), instead of the problem's own or the one found.
    #[arg(
        help_heading = "Counting by symmetry",
        long,
        value_name = "FILE",
        requires = "symmetry"
    )]
    pub group: Option<String>,
}

/// The search engine `dlx count` and `dlx solve` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// The faster engine for the problem (`dlx_core::EngineChoice::Auto`).
    #[default]
    Auto,
    /// Dancing links (`dlx_core::Links`).
    Links,
    /// A state copied per level (`dlx_core::Dense`).
    Dense,
}

impl EngineArg {
    /// The engine choice `dlx_core` takes.
    pub fn choice(self) -> dlx_core::EngineChoice {
        match self {
            EngineArg::Auto => dlx_core::EngineChoice::Auto,
            EngineArg::Links => dlx_core::EngineChoice::Links,
            EngineArg::Dense => dlx_core::EngineChoice::Dense,
        }
    }
}

/// `dlx solve`.
#[derive(Debug, Args)]
#[command(after_long_help = SOLVE_EXAMPLES)]
pub struct SolveArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// Worker threads for `--all` and `--limit` (default: 1; 0 means all cores; at most
    /// 1024).
    #[arg(long, short = 't', value_name = "N", default_value_t = 1, value_parser = threads)]
    pub threads: usize,
    /// With several threads, print solutions in the order one thread finds them.
    #[arg(long)]
    pub ordered: bool,
    /// Print every solution.
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Print at most N solutions (N at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Print solutions as JSON lines.
    #[arg(long)]
    pub json: bool,
    /// Print nodes, updates, time and the engine on standard error.
    #[arg(long)]
    pub stats: bool,
    /// The engine (see `dlx count --help`).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Print one solution per orbit under the problem's symmetry group: the canonical one,
    /// least under the group (the group as for `dlx count --symmetry`).
    #[arg(long)]
    pub up_to_symmetry: bool,
    /// With --up-to-symmetry: the group's generators from FILE (see `dlx count --help`).
    #[arg(long, value_name = "FILE", requires = "up_to_symmetry")]
    pub group: Option<String>,
}

/// `dlx split`.
#[derive(Debug, Args)]
#[command(after_long_help = SPLIT_EXAMPLES)]
pub struct SplitArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// Make at least this many units to do (1 to 1,000,000).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 64,
        value_parser = clap::value_parser!(u64).range(1..=MAX_SPLIT_UNITS as u64)
    )]
    pub units: u64,
    /// JSON lines (what split always prints; accepted like on every other command).
    #[arg(long)]
    pub json: bool,
    /// The engine that explores the top of the tree (see `dlx count --help`). Every engine
    /// makes the same units; the lines done while splitting carry its update counts, so
    /// count the units with the same `--engine`.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Split a count by symmetry (see `dlx count --help`): one unit per leaf of the orbit
    /// plan (cut further to make --units) and per fixed-point problem of Burnside's sum;
    /// count them with `dlx count --symmetry --unit(s-file)` and add them up with
    /// `dlx merge`.
    #[arg(long)]
    pub symmetry: bool,
    /// With --symmetry: the group's generators from FILE (see `dlx count --help`).
    #[arg(long, value_name = "FILE", requires = "symmetry")]
    pub group: Option<String>,
}

/// `dlx merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The file written by `dlx split`, and the result lines of `dlx count --unit(s-file)`.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// Print one JSON object instead of the bare count.
    #[arg(long)]
    pub json: bool,
}

const TRACE_EXAMPLES: &str = "\
Lessons: latin2 (a 2×2 Latin square), toy (Knuth's 7-item example), sudoku4 (a 4×4 Sudoku),
queens4 (four queens: secondary items). The HTML page draws the puzzle beside the matrix for
every lesson and for problems written by `dlx gen` (its first line says how they were made).

Examples:
  dlx trace --example toy --explain
  dlx trace --example queens4 --format html -o queens4.html
  dlx gen queens 5 | dlx trace - --format html -o queens5.html
  dlx gen sudoku examples/sudoku/classic.txt --puzzle 1 | dlx trace - --format html -o s.html
  dlx trace dlx-core/tests/data/toy.dlx --json";

/// `dlx trace`.
#[derive(Debug, Args)]
#[command(
    override_usage = "dlx trace [OPTIONS] <FILE>\n       dlx trace [OPTIONS] --example <NAME>",
    after_long_help = TRACE_EXAMPLES
)]
pub struct TraceArgs {
    /// The problem in Knuth's DLX format; `-` reads standard input.
    #[arg(
        value_name = "FILE",
        required_unless_present = "example",
        conflicts_with = "example"
    )]
    pub file: Option<String>,
    /// Trace a built-in lesson instead of a file.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = clap::builder::PossibleValuesParser::new(dlx_core::trace::examples::names())
    )]
    pub example: Option<String>,
    /// What to write: Knuth-style lines, JSON lines (one event per line) or one
    /// self-contained HTML page.
    #[arg(long, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,
    /// Write a short plain-English note under each step (text format).
    #[arg(long)]
    pub explain: bool,
    /// Record at most N steps (the search stops soon after).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1000,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub max_steps: u64,
    /// Write to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// JSON lines, one event per line (same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

/// The formats of `dlx trace`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormat {
    /// Knuth-style lines, indented by level.
    Text,
    /// JSON lines: a start line, one line per step, an end line.
    Json,
    /// One self-contained HTML page that steps through the trace.
    Html,
}
