//! Knightdoku boards: reading them from text (with errors that name the line and column)
//! and writing them back.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::grid::Cell;
use crate::knightdoku::geometry::Geometry;

/// What a cell of a board holds.
///
/// ```
/// use dlx_sudoku::knightdoku::Content;
/// assert!(Content::Clue(3).has_knight());
/// assert!(Content::Knight.has_knight());
/// assert!(!Content::Empty.has_knight());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// No knight (in a puzzle: not known yet).
    Empty,
    /// A knight without a number (in a puzzle: a given knight).
    Knight,
    /// A knight with a number: how many of its knight-move neighbours hold knights.
    Clue(u8),
}

impl Content {
    /// True when the cell holds a knight.
    ///
    /// See [`Content`] for an example.
    pub fn has_knight(self) -> bool {
        !matches!(self, Content::Empty)
    }
}

/// Why a board's text could not be read, and where.
///
/// ```
/// use dlx_sudoku::knightdoku::{KnightdokuBoard, BoardError, BoardErrorKind};
/// let err = "..\n.x".parse::<KnightdokuBoard>().unwrap_err();
/// assert_eq!((err.line, err.column), (2, 2));
/// assert_eq!(err.kind, BoardErrorKind::BadCharacter('x'));
/// assert_eq!(err.to_string(), "line 2, column 2: unexpected character 'x' (expected `.`, `N` or a digit 0-8)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct BoardError {
    /// The line, from 1, counting comment lines.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: BoardErrorKind,
}

/// What is wrong with a board's text.
///
/// ```
/// use dlx_sudoku::knightdoku::BoardErrorKind;
/// assert_eq!(BoardErrorKind::ClueTooLarge(9).to_string(),
///            "clue 9 is impossible: a knight has at most 8 neighbours");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardErrorKind {
    /// A character that is not `.`, `N` or a digit.
    #[error("unexpected character {0:?} (expected `.`, `N` or a digit 0-8)")]
    BadCharacter(char),
    /// The digit 9.
    #[error("clue {0} is impossible: a knight has at most 8 neighbours")]
    ClueTooLarge(u8),
    /// A row shorter than the grid.
    #[error("row has {found} cells, expected {expected}")]
    ShortRow {
        /// Cells in the row.
        found: usize,
        /// The size of the grid.
        expected: usize,
    },
    /// A row longer than the grid.
    #[error("row is longer than {expected} cells")]
    LongRow {
        /// The size of the grid.
        expected: usize,
    },
    /// Fewer rows than the grid needs.
    #[error("the board ends after {found} rows, expected {expected}")]
    MissingRows {
        /// Rows read.
        found: usize,
        /// The size of the grid.
        expected: usize,
    },
    /// A row after the last one.
    #[error("extra row: the grid has {expected} rows")]
    ExtraRow {
        /// The size of the grid.
        expected: usize,
    },
    /// The first row's length gives no usable geometry.
    #[error("no Knightdoku geometry for a {0}×{0} grid")]
    NoGeometry(usize),
}

/// A Knightdoku board (a puzzle, or a solved grid): its geometry and what each cell holds.
///
/// Text: one line per row, one character per cell — `.` empty, `N` a knight, `0`–`8` a
/// knight with its clue; lines starting with `#` are comments, blank lines are skipped,
/// trailing white space is ignored.
///
/// ```
/// use dlx_sudoku::grid::Cell;
/// use dlx_sudoku::knightdoku::{KnightdokuBoard, Content, Geometry};
/// let text = "# a 9×9 puzzle\n.........\n1.1......\n.1...1.2.\n.........\n......4..\n\
///             .........\n........1\n3...2..2.\n..3......\n";
/// let board: KnightdokuBoard = text.parse()?;
/// assert_eq!(board.geometry(), Geometry::CLASSIC);
/// assert_eq!(board.get(Cell::new(1, 0)), Content::Clue(1));
/// assert_eq!(board.clues().count(), 11);
/// assert_eq!(board.to_string().lines().nth(4), Some("......4.."));
/// # Ok::<(), dlx_sudoku::knightdoku::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KnightdokuBoard {
    geometry: Geometry,
    cells: Vec<Content>,
}

impl KnightdokuBoard {
    /// An empty board.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Geometry};
    /// let b = KnightdokuBoard::empty(Geometry::CLASSIC);
    /// assert_eq!(b.knights().count(), 0);
    /// ```
    pub fn empty(geometry: Geometry) -> Self {
        KnightdokuBoard {
            geometry,
            cells: vec![Content::Empty; geometry.size() * geometry.size()],
        }
    }

    /// Reads a board whose size is the length of its first row, with the usual geometry
    /// for that size ([`Geometry::for_size`]). Same as `text.parse()`.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::KnightdokuBoard;
    /// let b = KnightdokuBoard::parse("N.....\n......\n......\n......\n......\n......")?;
    /// assert_eq!(b.geometry().per_house(), 2);
    /// # Ok::<(), dlx_sudoku::knightdoku::BoardError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, BoardError> {
        let rows = rows(text);
        let (line, first) = rows
            .first()
            .copied()
            .unwrap_or((text.lines().count() + 1, ""));
        let size = first.chars().count();
        let geometry = Geometry::for_size(size).map_err(|_| BoardError {
            line,
            column: 1,
            kind: BoardErrorKind::NoGeometry(size),
        })?;
        Self::read(&rows, geometry, text)
    }

    /// Reads a board of the given geometry.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, BoardErrorKind, Geometry};
    /// let g = Geometry::new(4, 2, 2, 1)?;
    /// let b = KnightdokuBoard::parse_with("1...\n....\n....\n....\n", g)?;
    /// assert_eq!(b.geometry().per_house(), 1);
    /// let err = KnightdokuBoard::parse_with("....\n....\n", g).unwrap_err();
    /// assert_eq!((err.line, err.kind), (3, BoardErrorKind::MissingRows { found: 2, expected: 4 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_with(text: &str, geometry: Geometry) -> Result<Self, BoardError> {
        Self::read(&rows(text), geometry, text)
    }

    fn read(rows: &[(usize, &str)], geometry: Geometry, text: &str) -> Result<Self, BoardError> {
        let n = geometry.size();
        let mut board = KnightdokuBoard::empty(geometry);
        for (r, &(line, row)) in rows.iter().enumerate() {
            let err = |column, kind| BoardError { line, column, kind };
            if r >= n {
                return Err(err(1, BoardErrorKind::ExtraRow { expected: n }));
            }
            let mut count = 0;
            for (c, ch) in row.chars().enumerate() {
                if c >= n {
                    return Err(err(c + 1, BoardErrorKind::LongRow { expected: n }));
                }
                board.cells[r * n + c] = match ch {
                    '.' => Content::Empty,
                    'N' => Content::Knight,
                    '0'..='8' => Content::Clue(ch as u8 - b'0'),
                    '9' => return Err(err(c + 1, BoardErrorKind::ClueTooLarge(9))),
                    _ => return Err(err(c + 1, BoardErrorKind::BadCharacter(ch))),
                };
                count += 1;
            }
            if count < n {
                let kind = BoardErrorKind::ShortRow {
                    found: count,
                    expected: n,
                };
                return Err(err(count + 1, kind));
            }
        }
        if rows.len() < n {
            return Err(BoardError {
                line: text.lines().count() + 1,
                column: 1,
                kind: BoardErrorKind::MissingRows {
                    found: rows.len(),
                    expected: n,
                },
            });
        }
        Ok(board)
    }

    /// The geometry.
    ///
    /// See [`KnightdokuBoard`] for an example.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// What a cell holds.
    ///
    /// See [`KnightdokuBoard`] for an example.
    pub fn get(&self, cell: Cell) -> Content {
        self.cells[cell.index(self.geometry.size())]
    }

    /// Sets what a cell holds.
    ///
    /// ```
    /// use dlx_sudoku::grid::Cell;
    /// use dlx_sudoku::knightdoku::{KnightdokuBoard, Content, Geometry};
    /// let mut b = KnightdokuBoard::empty(Geometry::CLASSIC);
    /// b.set(Cell::new(2, 3), Content::Clue(4));
    /// assert_eq!(b.get(Cell::new(2, 3)), Content::Clue(4));
    /// ```
    pub fn set(&mut self, cell: Cell, content: Content) {
        self.cells[cell.index(self.geometry.size())] = content;
    }

    /// The cells with clues, in reading order, with their numbers.
    ///
    /// See [`KnightdokuBoard`] for an example.
    pub fn clues(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.positions()
            .filter_map(|(cell, content)| match content {
                Content::Clue(k) => Some((cell, k)),
                _ => None,
            })
    }

    /// The cells with knights (clues included), in reading order.
    ///
    /// See [`KnightdokuBoard::empty`] for an example.
    pub fn knights(&self) -> impl Iterator<Item = Cell> + '_ {
        self.positions()
            .filter(|(_, content)| content.has_knight())
            .map(|(cell, _)| cell)
    }

    /// Every cell and what it holds, in reading order.
    fn positions(&self) -> impl Iterator<Item = (Cell, Content)> + '_ {
        let n = self.geometry.size();
        let at = move |(k, &content)| (Cell::from_index(k, n), content);
        self.cells.iter().enumerate().map(at)
    }

    /// The board as text: `.` empty, `N` a knight, digits for clues, one line per row.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::KnightdokuBoard;
    /// let text = "N1..\n....\n..N.\n...0\n";
    /// assert_eq!(KnightdokuBoard::parse(text)?.render_text(), text);
    /// # Ok::<(), dlx_sudoku::knightdoku::BoardError>(())
    /// ```
    pub fn render_text(&self) -> String {
        let n = self.geometry.size();
        let mut out = String::with_capacity(n * (n + 1));
        for row in self.cells.chunks(n) {
            for cell in row {
                out.push(match *cell {
                    Content::Empty => '.',
                    Content::Knight => 'N',
                    Content::Clue(k) => char::from(b'0' + k.min(9)),
                });
            }
            out.push('\n');
        }
        out
    }
}

/// The rows of a board's text with their line numbers (from 1): no comments, no blank
/// lines, no trailing white space.
fn rows(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim_end()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

impl FromStr for KnightdokuBoard {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        KnightdokuBoard::parse(text)
    }
}

impl fmt::Display for KnightdokuBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_line_and_column() {
        let text = "# header\n.........\n1.1.....\n";
        let err = text.parse::<KnightdokuBoard>().unwrap_err();
        assert_eq!(
            err,
            BoardError {
                line: 3,
                column: 9,
                kind: BoardErrorKind::ShortRow {
                    found: 8,
                    expected: 9
                }
            }
        );
        let err = ".........\n..........\n"
            .parse::<KnightdokuBoard>()
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, 10));
        assert_eq!(err.kind, BoardErrorKind::LongRow { expected: 9 });
        let err = "....\n.9..\n....\n....\n"
            .parse::<KnightdokuBoard>()
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, 2));
        assert_eq!(err.kind, BoardErrorKind::ClueTooLarge(9));
        let err = "..\n..\n..\n".parse::<KnightdokuBoard>().unwrap_err();
        assert_eq!((err.line, err.column), (3, 1));
        assert_eq!(err.kind, BoardErrorKind::ExtraRow { expected: 2 });
        let err = "# nothing\n".parse::<KnightdokuBoard>().unwrap_err();
        assert_eq!((err.line, err.kind), (2, BoardErrorKind::NoGeometry(0)));
    }

    #[test]
    fn comments_blank_lines_and_trailing_spaces_are_skipped() {
        let text = "# c\n\nN. \n# mid\n.0\n";
        let b = KnightdokuBoard::parse_with(text, Geometry::new(2, 1, 2, 1).unwrap()).unwrap();
        assert_eq!(b.render_text(), "N.\n.0\n");
        assert_eq!(
            b.knights().collect::<Vec<_>>(),
            [Cell::new(0, 0), Cell::new(1, 1)]
        );
        assert_eq!(b.clues().collect::<Vec<_>>(), [(Cell::new(1, 1), 0)]);
    }
}
