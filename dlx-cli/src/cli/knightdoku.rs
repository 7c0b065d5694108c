//! `dlx knightdoku`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// How `dlx knightdoku` and `dlx tour` print their result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    /// Text, one line per row.
    Text,
    /// One SVG picture.
    Svg,
    /// One JSON object (see docs/cli.md).
    Json,
}

impl PictureFormat {
    /// `--format` with `--json` folded in (`--json` wins).
    pub fn with_json(self, json: bool) -> PictureFormat {
        if json {
            PictureFormat::Json
        } else {
            self
        }
    }
}

/// `dlx knightdoku`.
#[derive(Debug, Args)]
#[command(after_long_help = KNIGHTDOKU_HELP)]
pub struct KnightdokuArgs {
    /// The board: one line per row, `.` for an empty cell, a digit 0-8 for a clue (a
    /// knight with that many knight-move neighbours), `N` for a given knight; `#` starts
    /// a comment line; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Print the number of solutions instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// What to print.
    #[arg(long, value_enum, default_value_t = PictureFormat::Text)]
    pub format: PictureFormat,
    /// Print one JSON object (same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Also draw the solved board as SVG in PATH (a file NAME.svg), or with `--svg -` on
    /// standard output instead of the text. (As in every command: a file for one picture,
    /// a folder for several.)
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
}

impl KnightdokuArgs {
    /// The format, with `--json` folded in.
    pub fn format(&self) -> PictureFormat {
        self.format.with_json(self.json)
    }
}

const KNIGHTDOKU_HELP: &str = "\
Knightdoku (David Nacin): every row, column and box holds the same number of knights (three
on a 9×9 board); a clue is a knight that sees exactly that many knights a knight's move away.
The solution is printed with `N` for each knight placed and the clues kept.

Exit status: 0 solved (or counted), 1 no solution, 2 bad board or option, 130 interrupted.

Examples:
  dlx knightdoku examples/knightdoku/kd1.txt
  dlx knightdoku examples/knightdoku/kd2.txt --svg kd2.svg
  dlx knightdoku examples/knightdoku/kd1.txt --count --json";
