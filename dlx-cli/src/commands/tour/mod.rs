//! `dlx tour MxN`: find a knight's tour and print its move numbers, or count the tours of
//! a small board by exact cover (of a narrow one by its frontier, with `--memo`).

use std::process::ExitCode;

use anyhow::Result;

use super::board_size::parse_board;
use crate::cli::{TourArgs, MAX_COUNT_SQUARES, MAX_FRONTIER_SQUARES, MAX_TOUR_SQUARES};

mod count;
mod find;

pub fn run(args: &TourArgs) -> Result<ExitCode> {
    let limit = if args.count && args.memo {
        MAX_FRONTIER_SQUARES
    } else if args.count {
        MAX_COUNT_SQUARES
    } else {
        MAX_TOUR_SQUARES
    };
    let (rows, cols) = parse_board(&args.board, limit)?;
    if args.count {
        count::run(args, rows, cols)
    } else {
        find::run(args, rows, cols)
    }
}
