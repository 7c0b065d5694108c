//! `dlx gen`: exact cover problems in Knuth's DLX format.

use clap::{Args, Subcommand};

use super::ShapeArgs;

/// The largest `n` of `dlx gen queens` (n² options).
pub const MAX_QUEENS: usize = 1000;
/// The largest `n` of `dlx gen langford` (about 2n² options).
pub const MAX_LANGFORD: usize = 1000;
/// The most squares of a `dlx gen pentomino` board.
pub const MAX_PENTOMINO_SQUARES: usize = 10_000;

/// `dlx gen`.
#[derive(Debug, Args)]
#[command(after_long_help = GEN_HELP)]
pub struct GenArgs {
    /// Which problem.
    #[command(subcommand)]
    pub what: GenCommand,
    /// Write the problem as one JSON object (items and options) instead of DLX text.
    #[arg(long, global = true)]
    pub json: bool,
}

/// The problems `dlx gen` writes.
#[derive(Debug, Subcommand)]
pub enum GenCommand {
    /// N queens on an N×N board, none attacking another (Knuth's queens-dlx encoding:
    /// rows and columns primary, diagonals secondary).
    Queens {
        /// The size of the board.
        #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_QUEENS as u64))]
        n: u64,
    },
    /// Langford pairs: 1 1 2 2 ... N N in 2N slots with i numbers between the two i's.
    Langford {
        /// How many pairs.
        #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_LANGFORD as u64))]
        n: u64,
        /// Keep one of each pair of mirror-image solutions (halves the count).
        #[arg(long)]
        symmetry_break: bool,
    },
    /// The twelve pentominoes packed into an M×N board (60 squares have solutions:
    /// 3x20, 4x15, 5x12, 6x10).
    #[command(visible_alias = "pentominoes")]
    Pentomino {
        /// The board: M rows by N columns, as in 6x10.
        #[arg(value_name = "MxN")]
        board: String,
        /// Count packings that are turns or flips of one another once (restricts the
        /// F pentomino; divides the count exactly by the board's symmetries).
        #[arg(long)]
        symmetry_break: bool,
    },
    /// A Sudoku puzzle: its givens removed, the cells, digits and options that are left
    /// (what Knuth's sudoku-dlx writes).
    Sudoku {
        /// A file of puzzles, as `dlx sudoku` reads them; `-` reads standard input.
        #[arg(value_name = "FILE")]
        file: String,
        /// Which puzzle of the file (from 1); needed when it has more than one.
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
        puzzle: Option<u64>,
        #[command(flatten)]
        shape: ShapeArgs,
    },
}

const GEN_HELP: &str = "\
The problem goes to standard output in Knuth's DLX format, ready for `dlx count -`,
`dlx solve -` or Knuth's own DLX programs.

Examples:
  dlx gen queens 12 | dlx count -                          # 14200
  dlx gen langford 11 --symmetry-break | dlx count -       # 17792
  dlx gen pentomino 6x10 --symmetry-break | dlx count -    # 2339
  dlx gen sudoku examples/sudoku/classic.txt --puzzle 2 | dlx solve -";
