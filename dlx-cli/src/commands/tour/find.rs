//! Finding one tour: closed or open, from a chosen square.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_sudoku::tour::{find_tour, Closure, Square, Tour, TourBoard, TourError, TourOptions};
use serde::Serialize;

use crate::cli::{PictureFormat, TourArgs};
use crate::output::{note, stdout, svg_output, InputError, EXIT_NO_SOLUTION, EXIT_OK};

/// The `--json` object of a tour.
#[derive(Serialize)]
struct JsonTour {
    rows: usize,
    cols: usize,
    closure: String,
    /// Whether the last square is a knight's move from the first.
    reentrant: bool,
    /// The squares in the order visited, `[row, column]` from 0.
    squares: Vec<[usize; 2]>,
}

/// Reads `R,C` (row and column from 0).
fn parse_start(text: &str) -> Result<Square> {
    Ok(text.parse().map_err(|_| {
        InputError::new(format!(
            "bad start square `{text}`: expected R,C (row and column from 0), as in 0,0"
        ))
    })?)
}

pub fn run(args: &TourArgs, rows: usize, cols: usize) -> Result<ExitCode> {
    let (format, svg_file) = svg_output(args.svg.as_deref(), args.format())?;
    let board = TourBoard::new(rows, cols).map_err(|e| InputError::new(e.to_string()))?;
    let mut options = TourOptions {
        closure: match (args.closed, args.open) {
            (true, _) => Some(Closure::Closed),
            (_, true) => Some(Closure::Open),
            _ => None,
        },
        ..TourOptions::default()
    };
    if let Some(start) = &args.start {
        options = options.with_start(parse_start(start)?);
    }
    let tour = match find_tour(board, &options) {
        Ok(tour) => tour,
        Err(
            e @ (TourError::EmptyBoard { .. }
            | TourError::BoardTooLarge { .. }
            | TourError::StartOffBoard { .. }),
        ) => return Err(InputError::new(e.to_string()).into()),
        Err(e) => {
            note!("dlx: {e}");
            return Ok(ExitCode::from(EXIT_NO_SOLUTION));
        }
    };
    let mut out = stdout();
    match format {
        PictureFormat::Text => out.write_all(tour.to_text().as_bytes())?,
        PictureFormat::Svg => out.write_all(tour.to_svg().as_bytes())?,
        PictureFormat::Json => writeln!(out, "{}", serde_json::to_string(&json(&tour))?)?,
    }
    out.flush()?;
    if let Some(path) = &svg_file {
        crate::outfile::write_file(path, tour.to_svg())?;
    }
    Ok(ExitCode::from(EXIT_OK))
}

fn json(tour: &Tour) -> JsonTour {
    JsonTour {
        rows: tour.board().rows(),
        cols: tour.board().cols(),
        closure: tour.closure().to_string(),
        reentrant: tour.is_reentrant(),
        squares: tour.squares().iter().map(|s| [s.row, s.col]).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_squares() {
        assert_eq!(parse_start("2,3").unwrap(), Square::new(2, 3));
        assert_eq!(parse_start(" 0 , 7 ").unwrap(), Square::new(0, 7));
        for bad in ["2", "2;3", "a,b", "-1,0", ""] {
            assert!(parse_start(bad).is_err(), "{bad}");
        }
    }
}
