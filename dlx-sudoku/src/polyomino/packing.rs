//! Packing pieces into a board as exact cover, with optional symmetry breaking.

use dlx_core::{AddedOption, ItemId, OptionId, Problem, ProblemBuilder, Solution, Solver};

use crate::grid::Cell;
use crate::polyomino::board::{BoardMap, PolyominoBoard};
use crate::polyomino::piece::{pentominoes, Piece};
use crate::polyomino::tiling::Tiling;
use crate::polyomino::PolyominoError;

/// Whether (and how) packings that are turns or flips of one another are counted once.
///
/// Breaking symmetry restricts one asymmetric piece `P` (a piece with eight distinct
/// orientations): of each class of placements of `P` that the board's symmetries map onto
/// one another, only one is kept (the one whose sorted squares come first). Because no
/// symmetry maps a placement of `P` onto itself, every class of symmetric packings keeps
/// exactly one member, on any board, holes included: the count is divided exactly by the
/// board's [`symmetry_order`](PolyominoBoard::symmetry_order).
///
/// ```
/// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
/// let board = PolyominoBoard::rectangle(3, 20)?;
/// assert_eq!(Packing::pentominoes(board.clone(), SymmetryBreaking::None)?.count(), 8);
/// assert_eq!(Packing::pentominoes(board, SymmetryBreaking::Auto)?.count(), 2);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SymmetryBreaking {
    /// Every packing counts.
    #[default]
    None,
    /// Restrict the first asymmetric piece (for the pentominoes, `F`).
    Auto,
    /// Restrict the named piece, which must be asymmetric.
    Piece(String),
}

/// Where an option puts a piece.
///
/// ```
/// use dlx_core::OptionId;
/// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
/// let p = Packing::pentominoes(PolyominoBoard::rectangle(3, 20)?, SymmetryBreaking::None)?;
/// let first = p.placement(OptionId::new(0)).unwrap();
/// assert_eq!(p.pieces()[first.piece].name(), "F");
/// assert_eq!(first.cells.len(), 5);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece, as an index into [`Packing::pieces`].
    pub piece: usize,
    /// The squares it covers, sorted.
    pub cells: Vec<Cell>,
}

/// The exact cover problem of packing pieces into a board, each piece exactly once, every
/// square covered exactly once. Items: the pieces (by name), then the squares (see
/// [`PolyominoBoard::cell_name`]), all primary. Options: `piece square...` for every orientation of
/// every piece at every position where it fits, by piece, orientation, then position in
/// reading order.
///
/// ```
/// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
/// let p = Packing::pentominoes("6x10".parse()?, SymmetryBreaking::None)?;
/// assert_eq!(p.problem().num_items(), 72);
/// assert_eq!(p.problem().num_options(), 2056);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Packing {
    board: PolyominoBoard,
    pieces: Vec<Piece>,
    problem: Problem,
    placements: Vec<Placement>,
    restricted: Option<usize>,
    symmetry_order: usize,
}

impl Packing {
    /// Builds the problem for any pieces.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, Piece, Shape, SymmetryBreaking};
    /// // Two L trominoes tile a 2×3 rectangle in two ways.
    /// let l = Shape::new([(0, 0), (1, 0), (1, 1)]);
    /// let pieces = vec![Piece::new("A", l.clone()), Piece::new("B", l)];
    /// let p = Packing::new(PolyominoBoard::rectangle(2, 3)?, pieces, SymmetryBreaking::None)?;
    /// assert_eq!(p.count(), 4);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn new(
        board: PolyominoBoard,
        pieces: Vec<Piece>,
        symmetry: SymmetryBreaking,
    ) -> Result<Self, PolyominoError> {
        let symmetries = board.symmetries();
        let restricted = restricted_piece(&pieces, &symmetry, symmetries.len())?;
        let mut b = ProblemBuilder::new();
        let piece_items = pieces
            .iter()
            .map(|p| b.add_primary(p.name()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut cell_items: Vec<Option<ItemId>> = vec![None; board.rows() * board.cols()];
        for cell in board.cells() {
            cell_items[cell.index(board.cols())] =
                Some(b.add_primary(PolyominoBoard::cell_name(cell))?);
        }
        let mut placements = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            for cells in fits(&board, piece) {
                if restricted == Some(k) && !is_representative(&cells, &symmetries) {
                    continue;
                }
                let mut items = vec![piece_items[k]];
                items.extend(
                    cells
                        .iter()
                        .map(|c| cell_items[c.index(board.cols())].expect("on the board")),
                );
                if let AddedOption::Added(_) = b.add_option(items)? {
                    placements.push(Placement { piece: k, cells });
                }
            }
        }
        Ok(Packing {
            problem: b.build()?,
            board,
            pieces,
            placements,
            restricted,
            symmetry_order: symmetries.len(),
        })
    }

    /// Builds the problem for the twelve pentominoes ([`pentominoes`]).
    ///
    /// See [`SymmetryBreaking`] for an example.
    pub fn pentominoes(
        board: PolyominoBoard,
        symmetry: SymmetryBreaking,
    ) -> Result<Self, PolyominoError> {
        Self::new(board, pentominoes(), symmetry)
    }

    /// The exact cover problem.
    ///
    /// See [`Packing`] for an example.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The board.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(5, 12)?, SymmetryBreaking::None)?;
    /// assert_eq!(p.board().cols(), 12);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn board(&self) -> &PolyominoBoard {
        &self.board
    }

    /// The pieces, in item order.
    ///
    /// See [`Placement`] for an example.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece whose placements were restricted to break symmetry, if any (none when the
    /// board has no symmetry besides the identity).
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(6, 10)?, SymmetryBreaking::Auto)?;
    /// assert_eq!(p.restricted_piece(), Some("F"));
    /// assert_eq!(p.symmetry_order(), 4);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn restricted_piece(&self) -> Option<&str> {
        self.restricted.map(|k| self.pieces[k].name())
    }

    /// The number of symmetries of the board: with symmetry broken, each solution stands
    /// for this many packings.
    ///
    /// See [`restricted_piece`](Self::restricted_piece) for an example.
    pub fn symmetry_order(&self) -> usize {
        self.symmetry_order
    }

    /// Where an option puts its piece.
    ///
    /// See [`Placement`] for an example.
    pub fn placement(&self, option: OptionId) -> Option<&Placement> {
        self.placements.get(option.index())
    }

    /// The board for the trace page: its squares (those outside the board shaded); each
    /// option fills the squares of its piece and writes the piece's name in the first.
    ///
    /// ```
    /// use dlx_core::trace::picture::{Mark, Picture};
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(3, 20)?, SymmetryBreaking::None)?;
    /// let marks = p.picture().marks(OptionId::new(0));
    /// assert_eq!(marks.len(), 5 + 1); // five squares and the name
    /// assert!(matches!(&marks[5], Mark::Text { text, .. } if text == "F"));
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn picture(&self) -> dlx_core::trace::picture::Drawing {
        use dlx_core::trace::picture::{Drawing, GridBoard, Mark, CELL, MARGIN};
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut board = GridBoard::new(rows, cols).build();
        for r in 0..rows {
            for c in (0..cols).filter(|&c| !self.board.contains(Cell::new(r, c))) {
                board.svg.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#6b7280\"/>",
                    MARGIN + c as f64 * CELL,
                    MARGIN + r as f64 * CELL
                ));
            }
        }
        let marks = self
            .placements
            .iter()
            .map(|p| {
                let mut marks: Vec<Mark> =
                    p.cells.iter().map(|c| Mark::cell(c.row, c.col)).collect();
                if let Some(c) = p.cells.first() {
                    marks.push(Mark::text_in(c.row, c.col, self.pieces[p.piece].name()));
                }
                marks
            })
            .collect();
        Drawing { board, marks }
    }

    /// Turns a solution of [`problem`](Self::problem) into a tiling. The result is not
    /// checked: see [`Tiling::check`].
    ///
    /// ```
    /// use dlx_core::Solver;
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(3, 20)?, SymmetryBreaking::Auto)?;
    /// let s = Solver::new(p.problem()).first().solution().unwrap();
    /// let tiling = p.decode(&s)?;
    /// tiling.check(p.pieces()).unwrap();
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<Tiling, PolyominoError> {
        let mut placed = Vec::with_capacity(solution.len());
        for &o in solution.options() {
            let p = self
                .placement(o)
                .ok_or(PolyominoError::UnknownOption(o.index()))?;
            placed.push((self.pieces[p.piece].name().to_string(), p.cells.clone()));
        }
        Ok(Tiling::new(self.board.clone(), placed))
    }

    /// Counts the solutions.
    ///
    /// See [`SymmetryBreaking`] for an example.
    pub fn count(&self) -> u64 {
        Solver::new(&self.problem).count().solutions
    }

    /// The first solution the search finds, if any.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(3, 21)?, SymmetryBreaking::None)?;
    /// assert!(p.first().is_none()); // 63 squares, 60 to cover them with
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn first(&self) -> Option<Tiling> {
        let s = Solver::new(&self.problem).first().solution()?;
        Some(
            self.decode(&s)
                .expect("the solver returns options of the problem"),
        )
    }

    /// Every solution, decoded, in the order the search finds them.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, Packing, SymmetryBreaking};
    /// let p = Packing::pentominoes(PolyominoBoard::rectangle(3, 20)?, SymmetryBreaking::None)?;
    /// assert!(p.solutions().all(|t| t.check(p.pieces()).is_ok()));
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn solutions(&self) -> impl Iterator<Item = Tiling> + '_ {
        Solver::new(&self.problem).solutions().map(move |s| {
            self.decode(&s)
                .expect("the solver returns options of the problem")
        })
    }
}

/// Which piece to restrict, if symmetry is to be broken and the board has any.
fn restricted_piece(
    pieces: &[Piece],
    symmetry: &SymmetryBreaking,
    symmetry_order: usize,
) -> Result<Option<usize>, PolyominoError> {
    let chosen = match symmetry {
        SymmetryBreaking::None => return Ok(None),
        SymmetryBreaking::Auto => pieces
            .iter()
            .position(|p| p.shape().is_asymmetric())
            .ok_or(PolyominoError::NoAsymmetricPiece)
            .map(Some),
        SymmetryBreaking::Piece(name) => {
            let k = pieces
                .iter()
                .position(|p| p.name() == name)
                .ok_or_else(|| PolyominoError::UnknownPiece(name.clone()))?;
            if pieces[k].shape().is_asymmetric() {
                Ok(Some(k))
            } else {
                Err(PolyominoError::SymmetricPiece(name.clone()))
            }
        }
    };
    if symmetry_order == 1 {
        return Ok(None);
    }
    chosen
}

/// Every way to put the piece on the board: orientation by orientation, then positions in
/// reading order; squares sorted.
pub(crate) fn fits(board: &PolyominoBoard, piece: &Piece) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    for shape in piece.shape().orientations() {
        let (h, w) = shape.size();
        if h > board.rows() || w > board.cols() {
            continue;
        }
        for dr in 0..=board.rows() - h {
            for dc in 0..=board.cols() - w {
                let cells: Vec<Cell> = shape
                    .cells()
                    .iter()
                    .map(|&(r, c)| Cell::new(r as usize + dr, c as usize + dc))
                    .collect();
                if cells.iter().all(|&c| board.contains(c)) {
                    out.push(cells);
                }
            }
        }
    }
    out
}

/// True when these squares come first (sorted) among their images under the symmetries.
fn is_representative(cells: &[Cell], symmetries: &[BoardMap]) -> bool {
    symmetries.iter().all(|map| {
        let mut image: Vec<Cell> = cells.iter().map(|&p| map.apply(p)).collect();
        image.sort_unstable();
        cells <= &image[..]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::Shape;

    #[test]
    fn rectangles_give_the_right_number_of_placements() {
        // 3×20: Knuth's pent3x20.dlx has 1,236 options.
        let p = Packing::pentominoes(
            PolyominoBoard::rectangle(3, 20).unwrap(),
            SymmetryBreaking::None,
        )
        .unwrap();
        assert_eq!(p.problem().num_options(), 1236);
        // Breaking symmetry keeps a quarter of F's 144 placements.
        let q = Packing::pentominoes(
            PolyominoBoard::rectangle(3, 20).unwrap(),
            SymmetryBreaking::Auto,
        )
        .unwrap();
        assert_eq!(q.problem().num_options(), 1236 - 144 + 36);
    }

    #[test]
    fn choosing_the_restricted_piece() {
        let board = PolyominoBoard::rectangle(6, 10).unwrap();
        let by_name = |name: &str| {
            Packing::pentominoes(board.clone(), SymmetryBreaking::Piece(name.into()))
                .map(|p| p.restricted_piece().map(String::from))
        };
        assert_eq!(by_name("N"), Ok(Some("N".to_string())));
        assert_eq!(
            by_name("X"),
            Err(PolyominoError::SymmetricPiece("X".into()))
        );
        assert_eq!(by_name("Q"), Err(PolyominoError::UnknownPiece("Q".into())));
        let square = Shape::new([(0, 0), (0, 1), (1, 0), (1, 1)]);
        let pieces = vec![Piece::new("O", square)];
        assert_eq!(
            Packing::new(board.clone(), pieces.clone(), SymmetryBreaking::Auto).unwrap_err(),
            PolyominoError::NoAsymmetricPiece
        );
        // A board without symmetry needs no breaking.
        let lopsided = PolyominoBoard::rectangle(2, 3)
            .unwrap()
            .without(Cell::new(0, 0));
        let p = Packing::pentominoes(lopsided, SymmetryBreaking::Auto).unwrap();
        assert_eq!(p.restricted_piece(), None);
    }

    #[test]
    fn symmetry_breaking_divides_small_counts_exactly() {
        let d = Shape::new([(0, 0), (0, 1)]);
        let l = Shape::new([(0, 0), (1, 0), (2, 0), (2, 1)]);
        // An L tetromino and two dominoes on a 2×4 board.
        let pieces = vec![
            Piece::new("L", l),
            Piece::new("A", d.clone()),
            Piece::new("B", d),
        ];
        let board = PolyominoBoard::rectangle(2, 4).unwrap();
        let all = Packing::new(board.clone(), pieces.clone(), SymmetryBreaking::None)
            .unwrap()
            .count();
        let broken = Packing::new(board, pieces, SymmetryBreaking::Auto)
            .unwrap()
            .count();
        assert!(all > 0);
        assert_eq!(all, 4 * broken);
    }
}
