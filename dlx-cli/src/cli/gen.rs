//! `dlx gen`: exact cover problems in Knuth's DLX format.

use clap::{Args, Subcommand};

use super::ShapeArgs;

/// The largest `n` of `dlx gen queens` (n² options).
pub const MAX_QUEENS: usize = 1000;
/// The largest `n` of `dlx gen langford` (about 2n² options).
pub const MAX_LANGFORD: usize = 1000;
/// The most squares of a `dlx gen pentomino` board.
pub const MAX_PENTOMINO_SQUARES: usize = 10_000;
/// The most squares of a `dlx gen dominoes` or `dlx gen tiling` board (as pentomino: up to
/// 63 placements a square).
pub const MAX_TILING_SQUARES: usize = 10_000;

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
    /// Domino tilings of an M×N board (squares along the shorter side first, so that
    /// `dlx count --memo --order first` sweeps the board).
    Dominoes {
        /// The board: M rows by N columns, as in 8x8.
        #[arg(value_name = "MxN")]
        board: String,
    },
    /// Tilings of an M×N board with copies of a set of polyominoes, each used any number of
    /// times, in every orientation.
    Tiling {
        /// The board: M rows by N columns, as in 8x8.
        #[arg(value_name = "MxN")]
        board: String,
        /// The pieces.
        #[arg(long, value_enum, default_value_t = Pieces::Dominoes)]
        pieces: Pieces,
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

/// The piece sets of `dlx gen tiling`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Pieces {
    /// The single square.
    Monominoes,
    /// The domino.
    Dominoes,
    /// The straight and L trominoes.
    Trominoes,
    /// The five free tetrominoes.
    Tetrominoes,
    /// The twelve free pentominoes (any number of each).
    Pentominoes,
}

impl Pieces {
    /// The library's set.
    pub fn set(self) -> dlx_sudoku::polyomino::PieceSet {
        use dlx_sudoku::polyomino::PieceSet;
        match self {
            Pieces::Monominoes => PieceSet::Monominoes,
            Pieces::Dominoes => PieceSet::Dominoes,
            Pieces::Trominoes => PieceSet::Trominoes,
            Pieces::Tetrominoes => PieceSet::Tetrominoes,
            Pieces::Pentominoes => PieceSet::Pentominoes,
        }
    }
}

const GEN_HELP: &str = "\
The problem goes to standard output in Knuth's DLX format, ready for `dlx count -`,
`dlx solve -` or Knuth's own DLX programs.

Examples:
  dlx gen queens 12 | dlx count -                          # 14200
  dlx gen langford 11 --symmetry-break | dlx count -       # 17792
  dlx gen pentomino 6x10 --symmetry-break | dlx count -    # 2339
  dlx gen dominoes 8x8 | dlx count - --memo --order first  # 12988816
  dlx gen tiling 6x6 --pieces trominoes | dlx count - --memo --order first
  dlx gen sudoku examples/sudoku/classic.txt --puzzle 2 | dlx solve -";
