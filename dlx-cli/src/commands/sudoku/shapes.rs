//! The puzzles' geometry from `--shape`, `--jigsaw` and `--x`, and the prebuilt encoding
//! of each shape used.

use anyhow::Result;
use dlx_sudoku::sudoku::{Encoding, Shape, ShapeError};

use crate::cli::ShapeArgs;
use crate::input::{display_name, read_text};
use crate::output::InputError;

/// The shape the options ask for: one for every puzzle, or the usual one for each size.
#[derive(Clone, Debug)]
pub enum ShapeChoice {
    /// Every puzzle has this shape.
    Fixed(Shape),
    /// Each puzzle gets the usual boxes for its size (and the diagonals if asked).
    BySize {
        /// Sudoku X.
        diagonals: bool,
    },
}

impl ShapeChoice {
    /// Reads the options (and the jigsaw file).
    pub fn from_args(args: &ShapeArgs) -> Result<Self> {
        let shape = if let Some(path) = &args.jigsaw {
            let shape = jigsaw(path)?;
            let (size, max) = (shape.size(), crate::cli::MAX_PUZZLE_SIZE);
            if size > max {
                return Err(InputError::new(format!(
                    "{}: regions of a {size}×{size} grid: the largest taken is {max}×{max}",
                    display_name(path)
                ))
                .into());
            }
            shape
        } else if let Some(b) = args.shape {
            Shape::boxed(b.rows, b.cols)
                .map_err(|e| InputError::new(format!("--shape {}x{}: {e}", b.rows, b.cols)))?
        } else {
            return Ok(ShapeChoice::BySize { diagonals: args.x });
        };
        Ok(ShapeChoice::Fixed(if args.x {
            shape.with_diagonals()
        } else {
            shape
        }))
    }

    /// The size every puzzle must have, when the options fix it.
    pub fn size(&self) -> Option<usize> {
        match self {
            ShapeChoice::Fixed(shape) => Some(shape.size()),
            ShapeChoice::BySize { .. } => None,
        }
    }

    /// The shape of a puzzle of this size.
    pub fn shape_for(&self, size: usize) -> Result<Shape, ShapeError> {
        match self {
            ShapeChoice::Fixed(shape) => Ok(shape.clone()),
            ShapeChoice::BySize { diagonals } => {
                let shape = Shape::for_size(size)?;
                Ok(if *diagonals {
                    shape.with_diagonals()
                } else {
                    shape
                })
            }
        }
    }
}

/// Reads a jigsaw map: one symbol per cell; equal symbols make a region.
fn jigsaw(path: &str) -> Result<Shape> {
    let name = display_name(path);
    let text = read_text(path)?;
    let map: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    Shape::jigsaw_from_map(&map).map_err(|e| {
        let message = match e {
            // Name the region by its symbol: regions are numbered in order of appearance.
            ShapeError::RegionSize {
                region,
                cells,
                size,
            } => match symbols(&map).get(region) {
                Some(symbol) => {
                    format!("region {symbol:?} has {cells} cells, expected {size}")
                }
                None => e.to_string(),
            },
            e => e.to_string(),
        };
        InputError::new(format!("{name}: jigsaw regions: {message}"))
            .with_hint(
                "a jigsaw file has one symbol per cell, row by row (81 for a 9×9), and each \
                 symbol marks the cells of one region",
            )
            .into()
    })
}

/// The region symbols of a map in order of first appearance.
fn symbols(map: &str) -> Vec<char> {
    let mut seen = Vec::new();
    for c in map.chars().filter(|c| !c.is_whitespace()) {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen
}

/// The encodings of the shapes in use, built once and shared by every puzzle.
#[derive(Debug, Default)]
pub struct Encodings {
    by_size: Vec<(usize, Encoding)>,
}

impl Encodings {
    /// Whether puzzles of this size have their encoding yet.
    pub fn has(&self, size: usize) -> bool {
        self.get(size).is_some()
    }

    /// Adds the encoding of puzzles of this size.
    pub fn insert(&mut self, size: usize, encoding: Encoding) {
        self.by_size.push((size, encoding));
    }

    /// The encoding for puzzles of this size.
    pub fn get(&self, size: usize) -> Option<&Encoding> {
        self.by_size
            .iter()
            .find(|(s, _)| *s == size)
            .map(|(_, e)| e)
    }

    /// Every encoding, with its size.
    pub fn iter(&self) -> impl Iterator<Item = &(usize, Encoding)> {
        self.by_size.iter()
    }
}
