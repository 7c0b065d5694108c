//! Tiling a board with copies of pieces, each used any number of times (domino tilings,
//! tromino tilings, ...), as exact cover: the items are the squares only.
//!
//! The squares are listed along the board's shorter side first (row by row when it is at
//! least as tall as wide, column by column otherwise), so that the memoised search's
//! "first uncovered item" rule sweeps the board with the narrowest front.

use dlx_core::{AddedOption, ItemId, OptionId, Problem, ProblemBuilder, Solution};

use crate::grid::Cell;
use crate::polyomino::board::PolyominoBoard;
use crate::polyomino::packing::fits;
use crate::polyomino::piece::Piece;
use crate::polyomino::shape::Shape;
use crate::polyomino::tiling::Tiling;
use crate::polyomino::PolyominoError;

/// A set of free polyominoes: every piece with that many squares, in every orientation.
///
/// ```
/// use dlx_sudoku::polyomino::PieceSet;
/// assert_eq!(PieceSet::Tetrominoes.pieces().len(), 5);
/// assert_eq!("trominoes".parse::<PieceSet>(), Ok(PieceSet::Trominoes));
/// assert_eq!(PieceSet::Dominoes.name(), "dominoes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// The single square.
    Monominoes,
    /// The domino.
    Dominoes,
    /// The straight and the L tromino.
    Trominoes,
    /// The five free tetrominoes: I, O, T, S, L.
    Tetrominoes,
    /// The twelve free pentominoes.
    Pentominoes,
}

impl PieceSet {
    /// Every set, smallest pieces first.
    pub const ALL: [PieceSet; 5] = [
        PieceSet::Monominoes,
        PieceSet::Dominoes,
        PieceSet::Trominoes,
        PieceSet::Tetrominoes,
        PieceSet::Pentominoes,
    ];

    /// The set's name, as `dlx gen tiling --pieces` takes it.
    ///
    /// See [`PieceSet`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Monominoes => "monominoes",
            PieceSet::Dominoes => "dominoes",
            PieceSet::Trominoes => "trominoes",
            PieceSet::Tetrominoes => "tetrominoes",
            PieceSet::Pentominoes => "pentominoes",
        }
    }

    /// The pieces.
    ///
    /// See [`PieceSet`] for an example.
    pub fn pieces(self) -> Vec<Piece> {
        let pictures: &[(&str, &str)] = match self {
            PieceSet::Monominoes => &[("M", "#")],
            PieceSet::Dominoes => &[("D", "##")],
            PieceSet::Trominoes => &[("I", "###"), ("L", "#.\n##")],
            PieceSet::Tetrominoes => &[
                ("I", "####"),
                ("O", "##\n##"),
                ("T", "###\n.#."),
                ("S", ".##\n##."),
                ("L", "###\n#.."),
            ],
            PieceSet::Pentominoes => return crate::polyomino::pentominoes(),
        };
        pictures
            .iter()
            .map(|&(name, picture)| {
                let shape: Shape = picture.parse().expect("the pictures are well formed");
                Piece::new(name, shape)
            })
            .collect()
    }
}

impl std::str::FromStr for PieceSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PieceSet::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown piece set `{s}`: expected one of {}",
                    PieceSet::ALL.map(PieceSet::name).join(", ")
                )
            })
    }
}

/// The exact cover problem of tiling a board with copies of pieces. Items: the squares,
/// all primary (see the module page for their order). Options: every placement of every
/// orientation of every piece, by piece, orientation, then position in reading order; an
/// option names its squares.
///
/// ```
/// use dlx_core::Solver;
/// use dlx_sudoku::polyomino::Tiles;
/// // 2×n boards have Fibonacci many domino tilings; 8×8 has 12,988,816.
/// let t = Tiles::dominoes(2, 10)?;
/// assert_eq!(Solver::new(t.problem()).count().solutions, 89);
/// assert_eq!(t.problem().num_options(), 9 * 2 + 10);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tiles {
    board: PolyominoBoard,
    pieces: Vec<Piece>,
    problem: Problem,
    /// For each option: the piece and its squares.
    placements: Vec<(usize, Vec<Cell>)>,
}

impl Tiles {
    /// The problem of tiling `board` with copies of `pieces`.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, PieceSet, Tiles};
    /// let t = Tiles::new(PolyominoBoard::rectangle(3, 3)?, PieceSet::Trominoes.pieces())?;
    /// assert_eq!(dlx_core::Solver::new(t.problem()).count().solutions, 10);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn new(board: PolyominoBoard, pieces: Vec<Piece>) -> Result<Self, PolyominoError> {
        let mut b = ProblemBuilder::new();
        let mut cell_items: Vec<Option<ItemId>> = vec![None; board.rows() * board.cols()];
        let mut cells: Vec<Cell> = board.cells().collect();
        if board.cols() > board.rows() {
            cells.sort_by_key(|c| c.transposed());
        }
        for cell in cells {
            cell_items[cell.index(board.cols())] =
                Some(b.add_primary(PolyominoBoard::cell_name(cell))?);
        }
        let mut placements = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            for squares in fits(&board, piece) {
                let items = squares
                    .iter()
                    .map(|c| cell_items[c.index(board.cols())].expect("on the board"));
                if let AddedOption::Added(_) = b.add_option(items)? {
                    placements.push((k, squares));
                }
            }
        }
        Ok(Tiles {
            problem: b.build()?,
            board,
            pieces,
            placements,
        })
    }

    /// Domino tilings of a `rows × cols` rectangle.
    ///
    /// See [`Tiles`] for an example.
    pub fn dominoes(rows: usize, cols: usize) -> Result<Self, PolyominoError> {
        Tiles::new(
            PolyominoBoard::rectangle(rows, cols)?,
            PieceSet::Dominoes.pieces(),
        )
    }

    /// The exact cover problem.
    ///
    /// See [`Tiles`] for an example.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The board.
    ///
    /// ```
    /// let t = dlx_sudoku::polyomino::Tiles::dominoes(2, 3)?;
    /// assert_eq!(t.board().num_cells(), 6);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn board(&self) -> &PolyominoBoard {
        &self.board
    }

    /// Turns a solution into a tiling (each tile named by its piece).
    ///
    /// ```
    /// use dlx_core::Solver;
    /// use dlx_sudoku::grid::Cell;
    /// let t = dlx_sudoku::polyomino::Tiles::dominoes(2, 2)?;
    /// let s = Solver::new(t.problem()).first().solution().unwrap();
    /// let tiling = t.decode(&s)?;
    /// assert_eq!(tiling.placements().len(), 2);
    /// assert_eq!(tiling.piece_at(Cell::new(1, 1)), Some("D"));
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<Tiling, PolyominoError> {
        let mut placed = Vec::with_capacity(solution.len());
        for &o in solution.options() {
            let (piece, squares) = self
                .placement(o)
                .ok_or(PolyominoError::UnknownOption(o.index()))?;
            placed.push((self.pieces[piece].name().to_string(), squares.to_vec()));
        }
        Ok(Tiling::new(self.board.clone(), placed))
    }

    /// The piece (an index into the pieces given) and squares of an option.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::grid::Cell;
    /// let t = dlx_sudoku::polyomino::Tiles::dominoes(1, 2)?;
    /// let squares = [Cell::new(0, 0), Cell::new(0, 1)];
    /// assert_eq!(t.placement(OptionId::new(0)), Some((0, &squares[..])));
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn placement(&self, option: OptionId) -> Option<(usize, &[Cell])> {
        self.placements
            .get(option.index())
            .map(|(p, s)| (*p, s.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::Solver;

    fn count(t: &Tiles) -> u64 {
        Solver::new(t.problem()).count().solutions
    }

    #[test]
    fn known_counts() {
        // Domino tilings (OEIS A099390): 3×4 11, 4×4 36, 6×6 6728, 3×8 153.
        for (r, c, n) in [
            (3, 4, 11),
            (4, 4, 36),
            (6, 6, 6728),
            (3, 8, 153),
            (5, 4, 95),
        ] {
            assert_eq!(count(&Tiles::dominoes(r, c).unwrap()), n, "{r}x{c}");
        }
        // Trominoes: 3×3 has 10 tilings (2 with straight pieces only, 8 with L's).
        let trominoes = |r, c| {
            count(
                &Tiles::new(
                    PolyominoBoard::rectangle(r, c).unwrap(),
                    PieceSet::Trominoes.pieces(),
                )
                .unwrap(),
            )
        };
        assert_eq!(trominoes(3, 3), 10);
        // 2×3n with L trominoes only: each 2×3 block in 2 ways.
        let l_only = |c| {
            let l = PieceSet::Trominoes.pieces()[1].clone();
            count(&Tiles::new(PolyominoBoard::rectangle(2, c).unwrap(), vec![l]).unwrap())
        };
        assert_eq!([l_only(3), l_only(6), l_only(9)], [2, 4, 8]);
        // Monominoes: one way.
        let m = Tiles::new(
            PolyominoBoard::rectangle(3, 5).unwrap(),
            PieceSet::Monominoes.pieces(),
        )
        .unwrap();
        assert_eq!(count(&m), 1);
    }

    #[test]
    fn squares_run_along_the_shorter_side() {
        let wide = Tiles::dominoes(2, 5).unwrap();
        let names: Vec<_> = wide
            .problem()
            .items()
            .take(3)
            .map(|i| wide.problem().item_name(i).to_string())
            .collect();
        assert_eq!(names, ["0a", "1a", "0b"]);
        let tall = Tiles::dominoes(5, 2).unwrap();
        let names: Vec<_> = tall
            .problem()
            .items()
            .take(3)
            .map(|i| tall.problem().item_name(i).to_string())
            .collect();
        assert_eq!(names, ["0a", "0b", "1a"]);
    }

    #[test]
    fn decoded_tilings_check() {
        let t = Tiles::new(
            PolyominoBoard::rectangle(4, 4).unwrap(),
            PieceSet::Tetrominoes.pieces(),
        )
        .unwrap();
        let mut n = 0;
        for s in Solver::new(t.problem()).solutions() {
            let tiling = t.decode(&s).unwrap();
            assert_eq!(tiling.placements().len(), 4);
            n += 1;
        }
        assert!(n > 0);
    }
}
