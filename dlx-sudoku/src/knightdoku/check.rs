//! Checking a solved board against its puzzle, from the rules and nothing else.

use std::fmt;

use thiserror::Error;

use crate::grid::{Cell, KNIGHT};
use crate::knightdoku::board::{Content, KnightdokuBoard};

/// A row, column or box, numbered from 0.
///
/// ```
/// use dlx_sudoku::knightdoku::House;
/// assert_eq!(House::Box(4).to_string(), "box 5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row by row.
    Box(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Column(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// How a board fails to solve a puzzle.
///
/// ```
/// use dlx_sudoku::knightdoku::{KnightdokuBoard, House, Violation};
/// let puzzle: KnightdokuBoard = "..\n..".parse()?;
/// let wrong: KnightdokuBoard = "NN\n..".parse()?;
/// assert_eq!(puzzle.check_solution(&wrong),
///            Err(Violation::HouseCount { house: House::Row(0), found: 2, expected: 1 }));
/// # Ok::<(), dlx_sudoku::knightdoku::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The boards have different geometries.
    #[error("the solution's grid is not the puzzle's")]
    GeometryMismatch,
    /// A clue or given knight of the puzzle that the solution changes, or a clue the
    /// puzzle does not have.
    #[error("the cell at row {}, column {} does not keep the puzzle's content", .0.row + 1, .0.col + 1)]
    ClueChanged(Cell),
    /// A house with the wrong number of knights.
    #[error("{house} holds {found} knights, not {expected}")]
    HouseCount {
        /// The house.
        house: House,
        /// Knights in it.
        found: usize,
        /// Knights it should hold.
        expected: usize,
    },
    /// A clue whose neighbourhood has the wrong number of knights.
    #[error("the clue {clue} at row {}, column {} sees {found} knights", .cell.row + 1, .cell.col + 1)]
    ClueCount {
        /// The clue's cell.
        cell: Cell,
        /// Its number.
        clue: u8,
        /// Knights a knight's move away.
        found: usize,
    },
}

impl KnightdokuBoard {
    /// Checks that `solution` solves this puzzle: same grid, every clue and given knight
    /// kept (and no new clues), `k` knights in every row, column and box, and every clue
    /// equal to the number of knights a knight's move away. Counts from the rules, sharing
    /// nothing with the encoding.
    ///
    /// See [`Violation`] for an example.
    pub fn check_solution(&self, solution: &KnightdokuBoard) -> Result<(), Violation> {
        let g = self.geometry();
        if solution.geometry() != g {
            return Err(Violation::GeometryMismatch);
        }
        let n = g.size();
        for cell in (0..n * n).map(|k| Cell::from_index(k, n)) {
            let (p, s) = (self.get(cell), solution.get(cell));
            let kept = match p {
                Content::Clue(_) => s == p,
                Content::Knight => s == Content::Knight,
                Content::Empty => !matches!(s, Content::Clue(_)),
            };
            if !kept {
                return Err(Violation::ClueChanged(cell));
            }
        }
        let knight = |r: usize, c: usize| solution.get(Cell::new(r, c)).has_knight();
        let (br, bc) = (g.box_rows(), g.box_cols());
        for i in 0..n {
            let row = (0..n).filter(|&c| knight(i, c)).count();
            let col = (0..n).filter(|&r| knight(r, i)).count();
            // Box i: rows from (i / (n / bc)) * br, columns from (i % (n / bc)) * bc.
            let (r0, c0) = ((i / (n / bc)) * br, (i % (n / bc)) * bc);
            let bx = (r0..r0 + br)
                .flat_map(|r| (c0..c0 + bc).map(move |c| (r, c)))
                .filter(|&(r, c)| knight(r, c))
                .count();
            for (house, found) in [
                (House::Row(i), row),
                (House::Column(i), col),
                (House::Box(i), bx),
            ] {
                if found != g.per_house() {
                    return Err(Violation::HouseCount {
                        house,
                        found,
                        expected: g.per_house(),
                    });
                }
            }
        }
        for (cell, clue) in self.clues() {
            let found = crate::grid::neighbours(n, n, cell, &KNIGHT)
                .filter(|p| knight(p.row, p.col))
                .count();
            if found != usize::from(clue) {
                return Err(Violation::ClueCount { cell, clue, found });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knightdoku::Geometry;

    fn board(text: &str) -> KnightdokuBoard {
        KnightdokuBoard::parse_with(text, Geometry::new(4, 2, 2, 1).unwrap()).unwrap()
    }

    #[test]
    fn every_rule_is_checked() {
        let puzzle = board("1...\n....\n....\n....");
        // One knight per row, column and 2×2 box; (0, 0) sees (1, 2) but not (2, 1).
        let good = board("1...\n..N.\n...N\n.N..");
        assert_eq!(puzzle.check_solution(&good), Ok(()));
        let lost = board("N...\n..N.\n...N\n.N..");
        assert_eq!(
            puzzle.check_solution(&lost),
            Err(Violation::ClueChanged(Cell::new(0, 0)))
        );
        let mut extra = good.clone();
        extra.set(Cell::new(3, 0), Content::Knight);
        assert_eq!(
            puzzle.check_solution(&extra),
            Err(Violation::HouseCount {
                house: House::Column(0),
                found: 2,
                expected: 1
            })
        );
        let wrong_count = board("2...\n..N.\n...N\n.N..");
        assert_eq!(
            board("2...\n....\n....\n....").check_solution(&wrong_count),
            Err(Violation::ClueCount {
                cell: Cell::new(0, 0),
                clue: 2,
                found: 1
            })
        );
        let other = KnightdokuBoard::empty(Geometry::new(4, 1, 4, 1).unwrap());
        assert_eq!(
            puzzle.check_solution(&other),
            Err(Violation::GeometryMismatch)
        );
    }

    #[test]
    fn boxes_are_counted_with_rectangular_shapes() {
        let g = Geometry::new(6, 2, 3, 1).unwrap();
        let puzzle = KnightdokuBoard::empty(g);
        // One knight per row, column and 2×3 box.
        let text = "N.....\n...N..\n.N....\n....N.\n..N...\n.....N\n";
        let s = KnightdokuBoard::parse_with(text, g).unwrap();
        assert_eq!(puzzle.check_solution(&s), Ok(()));
        let text = "N.....\n.N....\n..N...\n...N..\n....N.\n.....N\n";
        let s = KnightdokuBoard::parse_with(text, g).unwrap();
        assert!(matches!(
            puzzle.check_solution(&s),
            Err(Violation::HouseCount {
                house: House::Box(0),
                found: 2,
                ..
            })
        ));
    }
}
