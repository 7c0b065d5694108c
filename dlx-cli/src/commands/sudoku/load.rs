//! Loading a file of puzzles: reading them, building the shape of each size, and checking
//! every puzzle's givens, with errors that point into the file.

use anyhow::Result;
use dlx_sudoku::sudoku::Encoding;

use super::check::check;
use super::read::{read_puzzles, Puzzle};
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

/// Reads and checks the puzzles of `file` (`-` = standard input).
pub fn load(file: &str, shape: &ShapeArgs) -> Result<Loaded> {
    let choice = ShapeChoice::from_args(shape)?;
    let name = display_name(file).to_string();
    let text = read_text(file)?;
    let puzzles = read_puzzles(&text, choice.size()).map_err(|e| {
        let message = match e.at {
            Some((line, column)) => format!("{name}:{line}:{column}: {}", e.message),
            None => format!("{name}: {}", e.message),
        };
        match e.hint {
            Some(hint) => InputError::new(message).with_hint(hint),
            None => InputError::new(message),
        }
    })?;
    let encodings = check(&puzzles, &choice, &text, &name)?;
    Ok(Loaded {
        name,
        puzzles,
        encodings,
    })
}
