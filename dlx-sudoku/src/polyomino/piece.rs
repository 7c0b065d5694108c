//! Named pieces, and the twelve pentominoes.

use crate::polyomino::shape::Shape;

/// A piece to place once: a name (an item of the exact cover problem, so without spaces,
/// `:` or `|`) and a shape.
///
/// ```
/// use dlx_sudoku::polyomino::{Piece, Shape};
/// let domino = Piece::new("D", Shape::new([(0, 0), (0, 1)]));
/// assert_eq!(domino.name(), "D");
/// assert_eq!(domino.shape().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    name: String,
    shape: Shape,
}

impl Piece {
    /// A piece with this name and shape.
    ///
    /// See [`Piece`] for an example.
    pub fn new(name: impl Into<String>, shape: Shape) -> Self {
        Piece {
            name: name.into(),
            shape,
        }
    }

    /// The piece's name.
    ///
    /// See [`Piece`] for an example.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The piece's shape (in one orientation; placements use them all).
    ///
    /// See [`Piece`] for an example.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
}

/// The twelve pentominoes with Conway's letters, in alphabetical order:
/// `F I L N P T U V W X Y Z`.
///
/// ```
/// use dlx_sudoku::polyomino::pentominoes;
/// let pieces = pentominoes();
/// assert_eq!(pieces.len(), 12);
/// assert!(pieces.iter().all(|p| p.shape().len() == 5));
/// let orientations: usize = pieces.iter().map(|p| p.shape().orientations().len()).sum();
/// assert_eq!(orientations, 63);
/// ```
pub fn pentominoes() -> Vec<Piece> {
    const PICTURES: [(&str, &str); 12] = [
        ("F", ".##\n##.\n.#."),
        ("I", "#####"),
        ("L", "####\n#..."),
        ("N", "##..\n.###"),
        ("P", "##\n##\n#."),
        ("T", "###\n.#.\n.#."),
        ("U", "#.#\n###"),
        ("V", "#..\n#..\n###"),
        ("W", "#..\n##.\n.##"),
        ("X", ".#.\n###\n.#."),
        ("Y", "####\n.#.."),
        ("Z", "##.\n.#.\n.##"),
    ];
    PICTURES
        .iter()
        .map(|&(name, picture)| {
            let shape = picture.parse().expect("the pictures are well formed");
            Piece::new(name, shape)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn the_pentominoes_are_the_twelve_free_pentominoes() {
        let pieces = pentominoes();
        let counts: Vec<usize> = pieces
            .iter()
            .map(|p| p.shape().orientations().len())
            .collect();
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        // No two are congruent.
        let mut seen = HashSet::new();
        for p in &pieces {
            for o in p.shape().orientations() {
                assert!(seen.insert(o), "{} repeats a shape", p.name());
            }
        }
        // Every one is connected.
        for p in &pieces {
            let cells = p.shape().cells();
            let mut reached = vec![cells[0]];
            let mut k = 0;
            while k < reached.len() {
                let (r, c) = reached[k];
                for q in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                    if cells.contains(&q) && !reached.contains(&q) {
                        reached.push(q);
                    }
                }
                k += 1;
            }
            assert_eq!(reached.len(), 5, "{} is connected", p.name());
        }
    }
}
