//! Loading a file of puzzles: reading them, building the shape of each size, and checking
//! every puzzle's givens, with errors that point into the file.

use anyhow::Result;
use dlx_sudoku::sudoku::Encoding;

use super::check::{check, check_one};
use super::read::{read_each, read_puzzles, Puzzle, ReadError};
use super::shapes::{Encodings, ShapeChoice};
use crate::cli::ShapeArgs;
use crate::input::{display_name, read_text};
use crate::output::InputError;

/// The puzzles of a file, checked, with the encodings of their shapes.
#[derive(Debug)]
pub struct Loaded {
    /// The file's name in messages.
    pub name: String,
    /// Its puzzles, in order.
    pub puzzles: Vec<Puzzle>,
    /// The encoding of each size.
    pub encodings: Encodings,
}

impl Loaded {
    /// The encoding of a puzzle's shape.
    pub fn encoding(&self, puzzle: &Puzzle) -> &Encoding {
        self.encodings
            .get(puzzle.grid.size())
            .expect("load encodes every puzzle's size")
    }
}

/// A read error as an input error naming the file, line and column.
fn input_error(name: &str, e: ReadError) -> InputError {
    let message = match e.at {
        Some((line, column)) => format!("{name}:{line}:{column}: {}", e.message),
        None => format!("{name}: {}", e.message),
    };
    match e.hint {
        Some(hint) => InputError::new(message).with_hint(hint),
        None => InputError::new(message),
    }
}

/// Reads and checks the puzzles of `file` (`-` = standard input); the first bad puzzle is
/// an error.
pub fn load(file: &str, shape: &ShapeArgs) -> Result<Loaded> {
    let choice = ShapeChoice::from_args(shape)?;
    let name = display_name(file).to_string();
    let text = read_text(file)?;
    let puzzles = read_puzzles(&text, choice.size()).map_err(|e| input_error(&name, e))?;
    let encodings = check(&puzzles, &choice, &text, &name)?;
    Ok(Loaded {
        name,
        puzzles,
        encodings,
    })
}

/// A puzzle of a file read by [`load_each`]: ready to solve, or why not.
#[derive(Debug)]
pub enum Entry {
    /// Read and checked.
    Good(Puzzle),
    /// Could not be read, or its givens contradict each other.
    Bad {
        /// Its number in the file, from 1.
        number: usize,
        /// The line it starts on.
        line: usize,
        /// What is wrong, naming the file, line and column.
        error: InputError,
    },
}

/// The puzzles of a file, each read and checked on its own, with the encodings of the
/// good ones' shapes.
#[derive(Debug)]
pub struct Entries {
    /// The file's name in messages.
    pub name: String,
    /// Its puzzles, in order.
    pub entries: Vec<Entry>,
    /// The encoding of each size.
    pub encodings: Encodings,
}

/// Reads and checks the puzzles of `file` each on its own: a bad puzzle is reported in its
/// place and the others are still solved. Only a file without any puzzle (or options that
/// do not fit) is an error.
pub fn load_each(file: &str, shape: &ShapeArgs) -> Result<Entries> {
    let choice = ShapeChoice::from_args(shape)?;
    let name = display_name(file).to_string();
    let text = read_text(file)?;
    let read = read_each(&text, choice.size()).map_err(|e| input_error(&name, e))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut encodings = Encodings::default();
    let entries = read
        .into_iter()
        .map(|entry| match entry {
            Ok(puzzle) => match check_one(&puzzle, &mut encodings, &choice, &lines, &name) {
                Ok(()) => Entry::Good(puzzle),
                Err(error) => Entry::Bad {
                    number: puzzle.number,
                    line: puzzle.line,
                    error,
                },
            },
            Err(bad) => Entry::Bad {
                number: bad.number,
                line: bad.line,
                error: input_error(&name, bad.error),
            },
        })
        .collect();
    Ok(Entries {
        name,
        entries,
        encodings,
    })
}
