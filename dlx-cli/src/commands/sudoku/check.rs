//! Checks every puzzle before any is solved: its size has a shape, and its givens do not
//! contradict each other. Errors point at the file, line and column.

use anyhow::Result;
use dlx_sudoku::sudoku::{Encoding, ShapeError};

use super::locate::cell_position;
use super::read::Puzzle;
use super::shapes::{Encodings, ShapeChoice};
use crate::output::InputError;

/// The encodings for the puzzles' sizes, once every puzzle has passed the checks.
pub fn check(
    puzzles: &[Puzzle],
    choice: &ShapeChoice,
    text: &str,
    name: &str,
) -> Result<Encodings> {
    let mut encodings = Encodings::default();
    let lines: Vec<&str> = text.lines().collect();
    for puzzle in puzzles {
        check_one(puzzle, &mut encodings, choice, &lines, name)?;
    }
    Ok(encodings)
}

/// Checks one puzzle: its size has a shape (whose encoding is added to `encodings`), and
/// its givens do not contradict each other.
pub fn check_one(
    puzzle: &Puzzle,
    encodings: &mut Encodings,
    choice: &ShapeChoice,
    lines: &[&str],
    name: &str,
) -> Result<(), InputError> {
    let size = puzzle.grid.size();
    let max = crate::cli::MAX_PUZZLE_SIZE;
    if size > max {
        return Err(InputError::new(format!(
            "{name}:{}:1: a {size}×{size} puzzle: the largest taken is {max}×{max}",
            puzzle.line
        ))
        .with_hint(format!(
            "a puzzle's exact cover problem has n³ options: about 0.9 GB of memory at \
             {max}×{max}, 5.7 GB at 255×255"
        )));
    }
    if !encodings.has(size) {
        let shape = choice
            .shape_for(size)
            .map_err(|e| shape_error(name, puzzle, e))?;
        let encoding = Encoding::new(shape).map_err(|e| {
            InputError::new(format!(
                "{name}:{}:1: cannot encode the puzzle: {e}",
                puzzle.line
            ))
        })?;
        encodings.insert(size, encoding);
    }
    let Some(encoding) = encodings.get(size) else {
        return Ok(());
    };
    let conflict = encoding
        .shape()
        .first_conflict(&puzzle.grid)
        .map_err(|e| InputError::new(format!("{name}:{}:1: {e}", puzzle.line)))?;
    if let Some(conflict) = conflict {
        let (line, column) = cell_position(lines, puzzle, conflict.second);
        let error = InputError::new(format!(
            "{name}:{line}:{column}: the givens contradict each other: {conflict}{}",
            written_as(puzzle.grid.alphabet(), conflict.digit)
        ));
        // A digit written as a symbol that is not its number (`0` for 1 in 0-9A-Z):
        // perhaps meant as a blank.
        return Err(match puzzle.grid.alphabet().symbol(conflict.digit) {
            Some('0') => error.with_hint(
                "0 is a digit here (in alphabet 0-9A-Z, used for 36×36 and 0-based files), \
                 not a blank: write blanks as '.' or '_'",
            ),
            _ => error,
        });
    }
    Ok(())
}

/// `" (written 0)"` when `digit` is written in `alphabet` as a symbol other than its own
/// number (a 36×36 grid's `0` is the digit 1), so that "two 1s" can be found in the file.
fn written_as(alphabet: dlx_sudoku::sudoku::Alphabet, digit: u8) -> String {
    match alphabet.symbol(digit) {
        Some(c) if c.to_string() != digit.to_string() => format!(" (written {c})"),
        _ => String::new(),
    }
}

fn shape_error(name: &str, puzzle: &Puzzle, err: ShapeError) -> InputError {
    let error = InputError::new(format!("{name}:{}:1: {err}", puzzle.line));
    match err {
        ShapeError::NoBoxes { .. } => {
            error.with_hint("give the regions with --jigsaw FILE, or the boxes with --shape RxC")
        }
        _ => error,
    }
}
