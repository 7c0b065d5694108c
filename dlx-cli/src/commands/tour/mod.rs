//! `dlx tour MxN`: find a knight's tour and print its move numbers, or count the tours of
//! a small board by exact cover (of a narrow one by its frontier, with `--memo`).

use std::process::ExitCode;

use anyhow::Result;

use super::board_size::parse_board;
use crate::cli::{TourArgs, MAX_COUNT_SQUARES, MAX_FRONTIER_SQUARES, MAX_TOUR_SQUARES};
use crate::output::InputError;

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
    let (rows, cols) = match parse_board(&args.board, limit) {
        Err(e) if args.count && !args.memo => {
            match parse_board(&args.board, MAX_FRONTIER_SQUARES) {
                // Too large to enumerate, not to count by the frontier: say so.
                Ok((rows, cols)) => {
                    return Err(InputError::new(format!(
                        "a {rows}x{cols} board is too large to count by exact cover (at most \
                     {MAX_COUNT_SQUARES} squares); --count --memo counts boards of up to \
                     {MAX_FRONTIER_SQUARES} squares by their frontier"
                    ))
                    .into())
                }
                Err(_) => return Err(e),
            }
        }
        other => other?,
    };
    if args.count {
        count::run(args, rows, cols)
    } else {
        find::run(args, rows, cols)
    }
}
