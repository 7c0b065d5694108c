//! A packing of pieces into a board: checking it from the rules, and drawing it as text.

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use crate::grid::Cell;
use crate::polyomino::board::PolyominoBoard;
use crate::polyomino::piece::Piece;

/// How a tiling fails to pack the pieces into the board.
///
/// ```
/// use dlx_sudoku::grid::Cell;
/// use dlx_sudoku::polyomino::{PolyominoBoard, Piece, Shape, Tiling, TilingViolation};
/// let board = PolyominoBoard::rectangle(1, 2)?;
/// let pieces = [Piece::new("D", Shape::new([(0, 0), (0, 1)]))];
/// let t = Tiling::new(board, vec![("D".into(), vec![Cell::new(0, 0), Cell::new(1, 0)])]);
/// let err = t.check(&pieces).unwrap_err();
/// assert_eq!(err, TilingViolation::OffBoard { piece: "D".into(), cell: Cell::new(1, 0) });
/// assert_eq!(err.to_string(), "D covers (1, 0), which is not a square of the board");
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TilingViolation {
    /// A piece on a hole or outside the board.
    #[error("{piece} covers ({}, {}), which is not a square of the board", .cell.row, .cell.col)]
    OffBoard {
        /// The piece.
        piece: String,
        /// The square.
        cell: Cell,
    },
    /// Two pieces on one square.
    #[error("{first} and {second} both cover ({}, {})", .cell.row, .cell.col)]
    Overlap {
        /// The square.
        cell: Cell,
        /// One piece.
        first: String,
        /// The other.
        second: String,
    },
    /// A square left uncovered.
    #[error("square ({}, {}) is not covered", .0.row, .0.col)]
    Uncovered(Cell),
    /// A piece not in the set.
    #[error("there is no piece {0}")]
    UnknownPiece(String),
    /// A piece placed other than once.
    #[error("piece {piece} is placed {times} times, not once")]
    NotOnce {
        /// The piece.
        piece: String,
        /// How often it is placed.
        times: usize,
    },
    /// Squares that are not a turned or flipped copy of the piece.
    #[error("the squares given to {0} do not have its shape")]
    WrongShape(String),
}

/// Pieces placed on a board: each a name and the squares it covers.
///
/// ```
/// use dlx_sudoku::grid::Cell;
/// use dlx_sudoku::polyomino::{PolyominoBoard, Piece, Shape, Tiling};
/// let pieces = [Piece::new("A", Shape::new([(0, 0), (0, 1)])),
///               Piece::new("B", Shape::new([(0, 0), (1, 0)]))];
/// let t = Tiling::new(PolyominoBoard::rectangle(2, 2)?, vec![
///     ("A".into(), vec![Cell::new(0, 0), Cell::new(1, 0)]),
///     ("B".into(), vec![Cell::new(0, 1), Cell::new(1, 1)]),
/// ]);
/// assert!(t.check(&pieces).is_ok());
/// assert_eq!(t.to_string(), "AB\nAB\n");
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    board: PolyominoBoard,
    placements: Vec<(String, Vec<Cell>)>,
}

impl Tiling {
    /// Pieces (by name) on squares of a board; sorted by piece name.
    ///
    /// See [`Tiling`] for an example.
    pub fn new(board: PolyominoBoard, mut placements: Vec<(String, Vec<Cell>)>) -> Self {
        for (_, cells) in &mut placements {
            cells.sort_unstable();
        }
        placements.sort();
        Tiling { board, placements }
    }

    /// The board.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Tiling};
    /// let t = Tiling::new(PolyominoBoard::rectangle(1, 1)?, vec![]);
    /// assert_eq!(t.board().num_cells(), 1);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn board(&self) -> &PolyominoBoard {
        &self.board
    }

    /// The placed pieces and their squares, sorted by name.
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::{PolyominoBoard, Tiling}};
    /// let t = Tiling::new(PolyominoBoard::rectangle(1, 1)?, vec![("M".into(), vec![Cell::new(0, 0)])]);
    /// assert_eq!(t.placements()[0].0, "M");
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn placements(&self) -> &[(String, Vec<Cell>)] {
        &self.placements
    }

    /// The name of the piece on a square, if one covers it.
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::{PolyominoBoard, Tiling}};
    /// let t = Tiling::new(PolyominoBoard::rectangle(1, 2)?, vec![("M".into(), vec![Cell::new(0, 0)])]);
    /// assert_eq!(t.piece_at(Cell::new(0, 0)), Some("M"));
    /// assert_eq!(t.piece_at(Cell::new(0, 1)), None);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn piece_at(&self, cell: Cell) -> Option<&str> {
        self.placements
            .iter()
            .find(|(_, cells)| cells.contains(&cell))
            .map(|(name, _)| name.as_str())
    }

    /// Checks the tiling from the rules, sharing no code with the encoding: every piece of
    /// `pieces` placed exactly once, as a turned or flipped copy of its shape, on squares of
    /// the board, without overlaps, and every square covered.
    ///
    /// See [`Tiling`] and [`TilingViolation`] for examples.
    pub fn check(&self, pieces: &[Piece]) -> Result<(), TilingViolation> {
        let shapes: HashMap<&str, Vec<(i32, i32)>> = pieces
            .iter()
            .map(|p| (p.name(), canonical(p.shape().cells())))
            .collect();
        let mut owner: HashMap<Cell, &str> = HashMap::new();
        for (name, cells) in &self.placements {
            let shape = shapes
                .get(name.as_str())
                .ok_or_else(|| TilingViolation::UnknownPiece(name.clone()))?;
            for &cell in cells {
                if !self.board.contains(cell) {
                    return Err(TilingViolation::OffBoard {
                        piece: name.clone(),
                        cell,
                    });
                }
                if let Some(first) = owner.insert(cell, name) {
                    return Err(TilingViolation::Overlap {
                        cell,
                        first: first.to_string(),
                        second: name.clone(),
                    });
                }
            }
            let placed: Vec<(i32, i32)> =
                cells.iter().map(|c| (c.row as i32, c.col as i32)).collect();
            if &canonical(&placed) != shape {
                return Err(TilingViolation::WrongShape(name.clone()));
            }
        }
        for p in pieces {
            let times = self
                .placements
                .iter()
                .filter(|(n, _)| n == p.name())
                .count();
            if times != 1 {
                return Err(TilingViolation::NotOnce {
                    piece: p.name().to_string(),
                    times,
                });
            }
        }
        if let Some(cell) = self.board.cells().find(|c| !owner.contains_key(c)) {
            return Err(TilingViolation::Uncovered(cell));
        }
        Ok(())
    }

    /// The board as text: each square shows the first letter of the piece on it, `.` if
    /// none, `#` for a hole.
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::{PolyominoBoard, Tiling}};
    /// let t = Tiling::new(PolyominoBoard::rectangle(1, 3)?.without(Cell::new(0, 2)), vec![("Q".into(), vec![Cell::new(0, 0)])]);
    /// assert_eq!(t.render_text(), "Q.#\n");
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn render_text(&self) -> String {
        let b = &self.board;
        let mut grid = vec!['.'; b.rows() * b.cols()];
        for (k, g) in grid.iter_mut().enumerate() {
            if !b.contains(Cell::from_index(k, b.cols())) {
                *g = '#';
            }
        }
        for (name, cells) in &self.placements {
            let letter = name.chars().next().unwrap_or('?');
            for c in cells
                .iter()
                .filter(|c| c.row < b.rows() && c.col < b.cols())
            {
                grid[c.index(b.cols())] = letter;
            }
        }
        let mut out = String::with_capacity(grid.len() + b.rows());
        for row in grid.chunks(b.cols()) {
            out.extend(row);
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

/// The least, over the eight turns and flips, of the squares moved to the origin and
/// sorted: equal for congruent sets of squares.
fn canonical(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    type Map = fn(i32, i32) -> (i32, i32);
    let maps: [Map; 8] = [
        |r, c| (r, c),
        |r, c| (c, -r),
        |r, c| (-r, -c),
        |r, c| (-c, r),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (c, r),
        |r, c| (-c, -r),
    ];
    maps.iter()
        .map(|m| {
            let mut v: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| m(r, c)).collect();
            let r0 = v.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = v.iter().map(|p| p.1).min().unwrap_or(0);
            for p in &mut v {
                *p = (p.0 - r0, p.1 - c0);
            }
            v.sort_unstable();
            v
        })
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::Shape;

    fn dominoes() -> Vec<Piece> {
        vec![
            Piece::new("A", Shape::new([(0, 0), (0, 1)])),
            Piece::new("B", Shape::new([(0, 0), (0, 1)])),
        ]
    }

    #[test]
    fn check_catches_every_fault() {
        let board = PolyominoBoard::rectangle(2, 2).unwrap();
        let t = |p: Vec<(&str, Vec<(usize, usize)>)>| {
            let cells = |c: Vec<_>| c.into_iter().map(|(r, c)| Cell::new(r, c)).collect();
            let p = p
                .into_iter()
                .map(|(n, c)| (n.to_string(), cells(c)))
                .collect();
            Tiling::new(board.clone(), p).check(&dominoes())
        };
        assert_eq!(
            t(vec![
                ("A", vec![(0, 0), (0, 1)]),
                ("B", vec![(0, 1), (1, 1)])
            ]),
            Err(TilingViolation::Overlap {
                cell: Cell::new(0, 1),
                first: "A".into(),
                second: "B".into()
            })
        );
        assert_eq!(
            t(vec![
                ("A", vec![(0, 0), (1, 1)]),
                ("B", vec![(0, 1), (1, 0)])
            ]),
            Err(TilingViolation::WrongShape("A".into()))
        );
        assert_eq!(
            t(vec![("A", vec![(0, 0), (0, 1)])]),
            Err(TilingViolation::NotOnce {
                piece: "B".into(),
                times: 0
            })
        );
        assert_eq!(
            t(vec![("C", vec![(0, 0), (0, 1)])]),
            Err(TilingViolation::UnknownPiece("C".into()))
        );
        assert_eq!(
            t(vec![
                ("A", vec![(0, 0), (0, 1)]),
                ("B", vec![(1, 0), (1, 1)])
            ]),
            Ok(())
        );
        let pieces = vec![Piece::new("A", Shape::new([(0, 0)]))];
        let t = Tiling::new(board, vec![("A".into(), vec![Cell::new(0, 0)])]);
        assert_eq!(
            t.check(&pieces),
            Err(TilingViolation::Uncovered(Cell::new(0, 1)))
        );
    }

    #[test]
    fn canonical_forms_agree_exactly_on_congruent_sets() {
        let s = [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]; // F
        let mirrored = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1)];
        assert_eq!(canonical(&s), canonical(&mirrored));
        let p = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)];
        assert_ne!(canonical(&s), canonical(&p));
    }
}
