//! Boards to pack: rectangles, or any set of squares given by a picture, and the
//! symmetries that map a board onto itself.

use std::fmt;
use std::str::FromStr;

use crate::grid::Cell;
use crate::polyomino::shape::Transform;
use crate::polyomino::PolyominoError;

/// A board: the squares of a `rows × cols` rectangle that are to be covered (the others
/// are holes).
///
/// ```
/// use dlx_sudoku::{grid::Cell, polyomino::PolyominoBoard};
/// let board = PolyominoBoard::rectangle(8, 8)?.without_rect(Cell::new(3, 3), 2, 2);
/// assert_eq!(board.num_cells(), 60);
/// assert!(!board.contains(Cell::new(3, 4)));
/// assert_eq!(board.symmetry_order(), 8);
/// let same: PolyominoBoard = "8x8".parse::<PolyominoBoard>()?.without_rect(Cell::new(3, 3), 2, 2);
/// assert_eq!(same, board);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PolyominoBoard {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
}

/// A symmetry of a board: a turn or flip followed by a shift.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoardMap {
    transform: Transform,
    shift: (i32, i32),
}

impl BoardMap {
    /// The image of a square of the board.
    pub(crate) fn apply(&self, cell: Cell) -> Cell {
        let (r, c) = self.transform.apply((cell.row as i32, cell.col as i32));
        Cell::new((r + self.shift.0) as usize, (c + self.shift.1) as usize)
    }
}

impl PolyominoBoard {
    /// The full `rows × cols` rectangle.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, PolyominoError};
    /// assert_eq!(PolyominoBoard::rectangle(6, 10)?.num_cells(), 60);
    /// assert_eq!(PolyominoBoard::rectangle(0, 10), Err(PolyominoError::EmptyBoard));
    /// # Ok::<(), PolyominoError>(())
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<Self, PolyominoError> {
        if rows == 0 || cols == 0 {
            return Err(PolyominoError::EmptyBoard);
        }
        Ok(PolyominoBoard {
            rows,
            cols,
            open: vec![true; rows * cols],
        })
    }

    /// Reads a picture: `.` for a square to cover, `#` or a space for a hole; lines may have
    /// different lengths (missing squares are holes). Errors name the line and column.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{PolyominoBoard, PolyominoError};
    /// let b = PolyominoBoard::from_picture("...\n.#.\n...")?;
    /// assert_eq!((b.rows(), b.cols(), b.num_cells()), (3, 3, 8));
    /// assert_eq!(PolyominoBoard::from_picture("..\n.x"),
    ///            Err(PolyominoError::BadCharacter { line: 2, column: 2, found: 'x' }));
    /// # Ok::<(), PolyominoError>(())
    /// ```
    pub fn from_picture(text: &str) -> Result<Self, PolyominoError> {
        let lines: Vec<&str> = text.lines().collect();
        let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let rows = lines.len();
        let mut open = vec![false; rows * cols];
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => open[r * cols + c] = true,
                    '#' | ' ' => {}
                    found => {
                        return Err(PolyominoError::BadCharacter {
                            line: r + 1,
                            column: c + 1,
                            found,
                        })
                    }
                }
            }
        }
        if !open.contains(&true) {
            return Err(PolyominoError::EmptyBoard);
        }
        Ok(PolyominoBoard { rows, cols, open })
    }

    /// The board with one square made a hole (squares outside the board are ignored).
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::PolyominoBoard};
    /// let b = PolyominoBoard::rectangle(2, 2)?.without(Cell::new(0, 1));
    /// assert_eq!(b.num_cells(), 3);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn without(mut self, cell: Cell) -> Self {
        if cell.row < self.rows && cell.col < self.cols {
            self.open[cell.index(self.cols)] = false;
        }
        self
    }

    /// The board with the `height × width` rectangle whose top-left square is `corner` made
    /// holes.
    ///
    /// See [`PolyominoBoard`] for an example.
    pub fn without_rect(mut self, corner: Cell, height: usize, width: usize) -> Self {
        for r in corner.row..corner.row + height {
            for c in corner.col..corner.col + width {
                self = self.without(Cell::new(r, c));
            }
        }
        self
    }

    /// The height of the bounding rectangle.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::polyomino::PolyominoBoard::rectangle(3, 20)?.rows(), 3);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The width of the bounding rectangle.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::polyomino::PolyominoBoard::rectangle(3, 20)?.cols(), 20);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// True when `cell` is a square to cover.
    ///
    /// ```
    /// use dlx_sudoku::grid::Cell;
    /// let b = dlx_sudoku::polyomino::PolyominoBoard::rectangle(2, 3)?;
    /// assert!(b.contains(Cell::new(1, 2)));
    /// assert!(!b.contains(Cell::new(2, 0)));
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn contains(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.open[cell.index(self.cols)]
    }

    /// The squares to cover, row by row.
    ///
    /// ```
    /// use dlx_sudoku::grid::Cell;
    /// let b = dlx_sudoku::polyomino::PolyominoBoard::rectangle(2, 2)?.without(Cell::new(0, 0));
    /// assert_eq!(b.cells().collect::<Vec<_>>(), [Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)]);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let cols = self.cols;
        (0..self.rows * cols)
            .filter(|&k| self.open[k])
            .map(move |k| Cell::from_index(k, cols))
    }

    /// The number of squares to cover.
    ///
    /// See [`PolyominoBoard`] for an example.
    pub fn num_cells(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// The item name of a square: the row in decimal, then the column in letters
    /// (`a` to `z`, then `aa`, `ab`, ...), as in Knuth's pentomino files (`0a`, `5j`).
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::PolyominoBoard};
    /// assert_eq!(PolyominoBoard::cell_name(Cell::new(0, 0)), "0a");
    /// assert_eq!(PolyominoBoard::cell_name(Cell::new(5, 9)), "5j");
    /// assert_eq!(PolyominoBoard::cell_name(Cell::new(12, 27)), "12ab");
    /// ```
    pub fn cell_name(Cell { row, col }: Cell) -> String {
        let mut letters = Vec::new();
        let mut c = col + 1;
        while c > 0 {
            c -= 1;
            letters.push(b'a' + (c % 26) as u8);
            c /= 26;
        }
        letters.reverse();
        format!(
            "{row}{}",
            String::from_utf8(letters).expect("ASCII letters")
        )
    }

    /// The symmetries of the board: the turns and flips (followed by a shift) that map its
    /// squares onto themselves, the identity first.
    pub(crate) fn symmetries(&self) -> Vec<BoardMap> {
        let cells: Vec<Cell> = self.cells().collect();
        let r0 = cells.iter().map(|p| p.row).min().unwrap_or(0) as i32;
        let c0 = cells.iter().map(|p| p.col).min().unwrap_or(0) as i32;
        let mut maps = Vec::new();
        for transform in Transform::ALL {
            let images: Vec<(i32, i32)> = cells
                .iter()
                .map(|p| transform.apply((p.row as i32, p.col as i32)))
                .collect();
            let ir = images.iter().map(|p| p.0).min().unwrap_or(0);
            let ic = images.iter().map(|p| p.1).min().unwrap_or(0);
            let map = BoardMap {
                transform,
                shift: (r0 - ir, c0 - ic),
            };
            let maps_onto_itself = images.iter().all(|&(r, c)| {
                let (r, c) = (r + map.shift.0, c + map.shift.1);
                r >= 0 && c >= 0 && self.contains(Cell::new(r as usize, c as usize))
            });
            if maps_onto_itself {
                maps.push(map);
            }
        }
        maps
    }

    /// The number of symmetries of the board (1, 2, 4 or 8): how many times each
    /// essentially different packing is counted when symmetry is not broken.
    ///
    /// ```
    /// use dlx_sudoku::{grid::Cell, polyomino::PolyominoBoard};
    /// assert_eq!(PolyominoBoard::rectangle(6, 10)?.symmetry_order(), 4);
    /// assert_eq!(PolyominoBoard::rectangle(5, 5)?.symmetry_order(), 8);
    /// assert_eq!(PolyominoBoard::rectangle(5, 5)?.without(Cell::new(0, 0)).symmetry_order(), 2);
    /// assert_eq!(PolyominoBoard::from_picture("..\n.")?.symmetry_order(), 2);
    /// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
    /// ```
    pub fn symmetry_order(&self) -> usize {
        self.symmetries().len()
    }
}

impl FromStr for PolyominoBoard {
    type Err = PolyominoError;

    /// `MxN` (or `M×N`) for an `M`-row rectangle, or else a picture as in
    /// [`PolyominoBoard::from_picture`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let spec = text.trim();
        if let Some((m, n)) = spec.split_once(['x', '×', 'X']) {
            if let (Ok(m), Ok(n)) = (m.parse(), n.parse()) {
                return PolyominoBoard::rectangle(m, n);
            }
            if !spec.contains(['.', '#']) {
                return Err(PolyominoError::BadSize(spec.to_string()));
            }
        }
        PolyominoBoard::from_picture(text)
    }
}

impl fmt::Display for PolyominoBoard {
    /// The picture: `.` for squares, `#` for holes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            for c in 0..self.cols {
                f.write_str(if self.contains(Cell::new(r, c)) {
                    "."
                } else {
                    "#"
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_reject_garbage() {
        assert_eq!("3x20".parse::<PolyominoBoard>().unwrap().num_cells(), 60);
        assert_eq!("4×15".parse::<PolyominoBoard>().unwrap().rows(), 4);
        assert_eq!(
            "4xq".parse::<PolyominoBoard>(),
            Err(PolyominoError::BadSize("4xq".into()))
        );
        assert_eq!(
            "0x5".parse::<PolyominoBoard>(),
            Err(PolyominoError::EmptyBoard)
        );
        assert!(matches!(
            "..x\n...".parse::<PolyominoBoard>(),
            Err(PolyominoError::BadCharacter {
                line: 1,
                column: 3,
                found: 'x'
            })
        ));
        assert_eq!(
            PolyominoBoard::from_picture("##\n#"),
            Err(PolyominoError::EmptyBoard)
        );
    }

    #[test]
    fn symmetries_map_squares_to_squares() {
        let b = PolyominoBoard::rectangle(8, 8)
            .unwrap()
            .without_rect(Cell::new(3, 3), 2, 2);
        let cells: Vec<_> = b.cells().collect();
        for map in b.symmetries() {
            let mut images: Vec<_> = cells.iter().map(|&p| map.apply(p)).collect();
            images.sort_unstable();
            assert_eq!(images, cells);
        }
        // A hole off centre leaves only the diagonal reflection.
        let b = PolyominoBoard::rectangle(8, 8)
            .unwrap()
            .without(Cell::new(0, 0));
        assert_eq!(b.symmetry_order(), 2);
    }

    #[test]
    fn pictures_round_trip() {
        let b = PolyominoBoard::from_picture("..#\n...").unwrap();
        assert_eq!(b.to_string(), "..#\n...\n");
        assert_eq!(PolyominoBoard::from_picture(&b.to_string()).unwrap(), b);
    }
}
