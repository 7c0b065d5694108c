//! `dlx knightdoku FILE`: solve a Knightdoku board (or count its solutions) and print the
//! grid with `N` for each knight placed and the clues kept.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_sudoku::knightdoku::{Knightdoku, KnightdokuBoard};
use serde::Serialize;

use super::answer::Answer;
use super::progress::interrupt_flag;
use crate::cli::{KnightdokuArgs, PictureFormat};
use crate::input::{display_name, read_text};
use crate::output::{
    note, note_stop, stdout, svg_output, InputError, EXIT_INTERRUPTED, EXIT_NO_SOLUTION, EXIT_OK,
};

/// The `--json` object.
#[derive(Serialize)]
struct JsonResult {
    size: usize,
    answer: &'static str,
    /// The solved board, one string per row (absent with `--count`).
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Option<Vec<String>>>,
    /// The number of solutions (`--count` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    complete: bool,
}

pub fn run(args: &KnightdokuArgs) -> Result<ExitCode> {
    let (format, svg_file) = svg_output(args.svg.as_deref(), args.format())?;
    if args.count && args.svg.is_some() {
        return Err(InputError::new("--svg draws a solution; it does not go with --count").into());
    }
    let name = display_name(&args.file);
    let text = read_text(&args.file)?;
    let board = KnightdokuBoard::parse(&text).map_err(|e| {
        InputError::new(format!("{name}:{}:{}: {}", e.line, e.column, e.kind)).with_hint(
            "a board has one line per row: `.` empty, 0-8 a clue, `N` a knight (9 lines of 9 \
             for the usual 9×9 board)",
        )
    })?;
    let kd = Knightdoku::new(&board)
        .map_err(|e| InputError::new(format!("{name}: {e}")))?
        .with_cancel_flag(interrupt_flag());
    let size = board.geometry().size();
    if args.count {
        if format == PictureFormat::Svg {
            return Err(InputError::new(
                "--format svg draws a solution; it does not go with --count",
            )
            .into());
        }
        let count = kd.count();
        let complete = count.is_complete();
        note_stop(count.stop);
        let mut out = stdout();
        if format == PictureFormat::Json {
            let result = JsonResult {
                size,
                answer: Answer::of_count(&count).word(),
                solution: None,
                solutions: Some(count.solutions),
                complete,
            };
            writeln!(out, "{}", serde_json::to_string(&result)?)?;
        } else if complete {
            writeln!(out, "{}", count.solutions)?;
        } else {
            writeln!(out, "{} (incomplete)", count.solutions)?;
        }
        out.flush()?;
        return Ok(ExitCode::from(if complete {
            EXIT_OK
        } else {
            EXIT_INTERRUPTED
        }));
    }
    let (answer, solution) = Answer::of_uniqueness(kd.unique());
    let mut out = stdout();
    match (format, &solution) {
        (PictureFormat::Json, _) => {
            let result = JsonResult {
                size,
                answer: answer.word(),
                solution: Some(solution.as_ref().map(rows)),
                solutions: None,
                complete: answer != Answer::Incomplete,
            };
            writeln!(out, "{}", serde_json::to_string(&result)?)?;
        }
        (PictureFormat::Text, Some(board)) => write!(out, "{}", board.render_text())?,
        (PictureFormat::Svg, Some(board)) => write!(out, "{}", board.render_svg())?,
        (_, None) => {}
    }
    out.flush()?;
    if let (Some(path), Some(board)) = (&svg_file, &solution) {
        crate::outfile::write_file(path, board.render_svg())?;
    }
    Ok(ExitCode::from(match answer {
        Answer::None => {
            if format != PictureFormat::Json {
                note!("dlx: {name}: no solution");
            }
            EXIT_NO_SOLUTION
        }
        Answer::Incomplete => {
            note!("dlx: interrupted before the answer was known");
            EXIT_INTERRUPTED
        }
        Answer::Multiple => {
            if format != PictureFormat::Json {
                note!("dlx: note: {name} has more than one solution; this is the first found");
            }
            EXIT_OK
        }
        Answer::Unique => EXIT_OK,
    }))
}

fn rows(board: &KnightdokuBoard) -> Vec<String> {
    board.render_text().lines().map(str::to_string).collect()
}
