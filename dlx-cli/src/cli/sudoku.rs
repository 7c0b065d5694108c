//! `dlx sudoku` and the shape options it shares with `dlx gen sudoku`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::ParallelArgs;

/// The largest puzzle `dlx sudoku` and `dlx gen sudoku` take: 144×144. A puzzle's exact
/// cover problem has n³ options, and its encoding takes about 350 bytes each (measured:
/// 0.9 GB at 144×144; 2.8 GB at 196×196; 5.7 GB at 255×255, plus about 1.6 GB per further
/// thread, which ran machines out of memory), so the limit keeps a puzzle within about a
/// gigabyte and a third more per thread. The library reads up to
/// [`dlx_sudoku::sudoku::MAX_SIZE`].
pub const MAX_PUZZLE_SIZE: usize = 144;

/// Box rows and columns, as given to `--shape RxC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxShape {
    /// Rows of a box.
    pub rows: usize,
    /// Columns of a box.
    pub cols: usize,
}

/// Reads `RxC` (also `RXC` or `R×C`): a box of R rows and C columns.
pub fn parse_box_shape(text: &str) -> Result<BoxShape, String> {
    const EXPECTED: &str = "expected RxC, the rows and columns of a box, as in 3x3, 2x3 or 4x4";
    let (r, c) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("unknown shape: {EXPECTED}"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("unknown shape: {EXPECTED}"))
    };
    let (rows, cols) = (number(r)?, number(c)?);
    let max = MAX_PUZZLE_SIZE;
    if rows.saturating_mul(cols) > max {
        return Err(format!(
            "boxes of {rows}×{cols} make a {0}×{0} grid; the largest is {max}×{max}",
            rows.saturating_mul(cols)
        ));
    }
    Ok(BoxShape { rows, cols })
}

/// The grid's geometry: boxes, jigsaw regions, diagonals.
#[derive(Debug, Args)]
pub struct ShapeArgs {
    /// Boxes of R rows and C columns (the grid is R·C cells on a side): 3x3, 2x3, 4x4...
    /// [default: guessed from each puzzle's size: 4 → 2x2, 6 → 2x3, 9 → 3x3, 16 → 4x4...]
    #[arg(long, value_name = "RxC", value_parser = parse_box_shape, conflicts_with = "jigsaw")]
    pub shape: Option<BoxShape>,
    /// Jigsaw regions instead of boxes: FILE has one symbol per cell, row by row, and
    /// equal symbols make a region (whitespace and `#` comment lines are ignored).
    #[arg(long, value_name = "FILE")]
    pub jigsaw: Option<String>,
    /// Sudoku X: the two main diagonals hold every digit once too.
    #[arg(long = "x", visible_alias = "diagonals")]
    pub x: bool,
}

/// How `dlx sudoku` prints its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SudokuFormat {
    /// One line per puzzle: the solution in the puzzle's own alphabet (`none` when there
    /// is none).
    Line,
    /// Each solution as a grid with box or region borders, separated by blank lines.
    Grid,
    /// One SVG picture of the puzzle and its solution (a file with one puzzle only).
    Svg,
    /// JSON lines: one object per puzzle (see docs/cli.md).
    Json,
}

/// `dlx sudoku`.
#[derive(Debug, Args)]
#[command(after_long_help = SUDOKU_EXAMPLES)]
pub struct SudokuArgs {
    /// The puzzles: one per line (81 characters for a 9×9, `.` `0` or `_` for a blank;
    /// text after the puzzle is ignored), or grids with one row per line; `#` starts a
    /// comment line; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Print the number of solutions of each puzzle.
    #[arg(long, conflicts_with = "unique")]
    pub count: bool,
    /// Print `unique`, `none` or `multiple` for each puzzle; exit 0 only when every
    /// puzzle is unique.
    #[arg(long)]
    pub unique: bool,
    /// What to print.
    #[arg(long, value_enum, default_value_t = SudokuFormat::Line)]
    pub format: SudokuFormat,
    /// Print JSON lines, one object per puzzle (same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Also draw the puzzles with their solutions as SVG. One puzzle: in PATH, a file
    /// NAME.svg, or with `--svg -` on standard output instead of the text. Several: in the
    /// folder PATH, as PATH/puzzle-N.svg (PATH is created). (As in every command: a file
    /// for one picture, a folder for several.)
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub parallel: ParallelArgs,
    /// The engine: `auto` (the default: `bitboard` up to 25×25, `links` beyond), `bitboard`
    /// (a set of cells per digit, forced moves before each branch; up to 25×25), `dense` or
    /// `links` (Knuth's exact cover tree). All give the same answers;
    /// `--stats` says which ran.
    #[arg(long, value_enum, default_value_t = SudokuEngineArg::Auto)]
    pub engine: SudokuEngineArg,
    /// Print the engine that answered each shape's puzzles on standard error.
    #[arg(long)]
    pub stats: bool,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The engine `dlx sudoku` runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SudokuEngineArg {
    /// The fastest engine for the shape.
    #[default]
    Auto,
    /// Bitboards (grids up to 25×25; the default for them).
    Bitboard,
    /// The dense exact cover engine.
    Dense,
    /// Dancing links.
    Links,
}

impl SudokuEngineArg {
    /// The engine `dlx_sudoku` takes.
    pub fn engine(self) -> dlx_sudoku::sudoku::SudokuEngine {
        use dlx_sudoku::sudoku::SudokuEngine;
        match self {
            SudokuEngineArg::Auto => SudokuEngine::Auto,
            SudokuEngineArg::Bitboard => SudokuEngine::Bitboard,
            SudokuEngineArg::Dense => SudokuEngine::Dense,
            SudokuEngineArg::Links => SudokuEngine::Links,
        }
    }
}

impl SudokuArgs {
    /// The format, with `--json` folded in.
    pub fn format(&self) -> SudokuFormat {
        if self.json {
            SudokuFormat::Json
        } else {
            self.format
        }
    }
}

const SUDOKU_EXAMPLES: &str = "\
Each puzzle gets one line of output (or one grid, or one JSON object), in input order, even
with several threads. A summary goes to standard error: puzzles, how many are unique, have
several solutions or none, and puzzles per second.

Exit status: 0 when every puzzle has a solution (with --unique: exactly one; --count always
0), 1 otherwise, 2 for a bad file or option, 130 when interrupted.

Examples:
  dlx sudoku examples/sudoku/classic.txt            # solve a file of 9×9 puzzles
  dlx sudoku examples/sudoku/16x16.txt --format grid
  dlx sudoku puzzles.txt --unique --threads 8       # check a collection
  dlx sudoku examples/sudoku/jigsaw.txt --jigsaw examples/sudoku/jigsaw-regions.txt
  dlx sudoku examples/sudoku/x.txt --x --svg x.svg  # one puzzle: one picture, in a file
  dlx sudoku examples/sudoku/classic.txt --svg pictures/   # several: a folder of pictures
  echo 1234............ | dlx sudoku - --count      # a 4×4 puzzle: 12 solutions";
