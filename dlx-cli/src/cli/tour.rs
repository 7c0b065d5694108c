//! `dlx tour`.

use std::path::PathBuf;

use clap::Args;

use super::{ParallelArgs, PictureFormat};

/// The most squares of a board `dlx tour` finds a tour of.
pub const MAX_TOUR_SQUARES: usize = 1_000_000;
/// The most squares of a board `dlx tour --count` counts the tours of.
pub const MAX_COUNT_SQUARES: usize = 100;
/// The most squares of a board `dlx tour --count --memo` counts the tours of (the
/// frontier's width limits the other side).
pub const MAX_FRONTIER_SQUARES: usize = 10_000;

/// `dlx tour`.
#[derive(Debug, Args)]
#[command(after_long_help = TOUR_HELP)]
pub struct TourArgs {
    /// The board: M rows by N columns, as in 8x8.
    #[arg(value_name = "MxN")]
    pub board: String,
    /// A closed tour: the last square is a knight's move from the first.
    #[arg(long, conflicts_with = "open")]
    pub closed: bool,
    /// An open tour. Without --closed or --open: closed when the board has one, else
    /// open (to find); open (to count).
    #[arg(long)]
    pub open: bool,
    /// The first square: row and column counted from 0 (0,0 is the top-left corner).
    #[arg(long, value_name = "R,C")]
    pub start: Option<String>,
    /// Count the tours by exact cover instead of finding one (boards of at most 100
    /// squares; a tour and its reverse count once).
    #[arg(long, conflicts_with_all = ["start", "svg"])]
    pub count: bool,
    /// With --count: count by the board's frontier, a memoised search over the board's
    /// moves: exact, of any size, for boards of up to 10,000 squares and a few squares
    /// across (3xN in moments, 6x6 closed tours in seconds).
    #[arg(long, requires = "count")]
    pub memo: bool,
    /// What to print.
    #[arg(long, value_enum, default_value_t = PictureFormat::Text)]
    pub format: PictureFormat,
    /// Print one JSON object (same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Also draw the tour, with its move numbers and a legend, as SVG in PATH (a file
    /// NAME.svg), or with `--svg -` on standard output instead of the text. (As in every
    /// command: a file for one picture, a folder for several.)
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub parallel: ParallelArgs,
}

impl TourArgs {
    /// The format, with `--json` folded in.
    pub fn format(&self) -> PictureFormat {
        self.format.with_json(self.json)
    }
}

const TOUR_HELP: &str = "\
A knight's tour visits every square of the board once, each step a knight's move. The grid
printed gives each square's move number, 1 for the start. Small boards are searched
(Warnsdorff's rule with backtracking), large ones built by divide and conquer, so even
1000x1000 takes moments. When no tour exists, the message names the theorem that says so.

--count builds the exact cover problem of the board's tours and counts its solutions, on
all cores (--threads), with a progress bar on a terminal; Ctrl-C prints the count so far.
--count --memo decides the board's moves instead, in a sweep along its long side, and keeps
each state of the sweep line once with the number of ways to reach it (the frontier:
which squares on it have moves, and how the pieces of path join up): the time grows with
the states, not with the tours, so a 3x1000 board counts in moments. Memory grows steeply
with the short side (the open tours of 6x6 need 14 million states); past a quarter of the
memory the count stops with the tours found so far (exit 3).

Exit status: 0 found (or counted), 1 no tour of that kind exists, 2 bad board or option,
3 stopped at the memory limit, 130 interrupted.

Examples:
  dlx tour 8x8                         # a closed tour of the chessboard
  dlx tour 5x5 --start 2,2 --open      # from the centre
  dlx tour 8x8 --svg tour.svg
  dlx tour 3x4 --count                 # 8 open tours
  dlx tour 3x10 --closed --count --json
  dlx tour 6x6 --closed --count --memo # 9862, by the frontier
  dlx tour 3x100 --count --memo        # a 53-digit count, at once";
