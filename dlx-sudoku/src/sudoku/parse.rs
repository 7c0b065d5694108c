//! Reading puzzles: one-line puzzles (with trailing text ignored, as in tdoku's files),
//! files of one puzzle per line with `#` comments, and multi-line grids with optional
//! separators, in any [`Alphabet`] or as numbers separated by spaces.

use thiserror::Error;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{Cell, MAX_SIZE};

/// Why a puzzle could not be read. Lines and columns count from 1.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, ParseError, Parser};
/// let err = Parser::new().line("12x4............").unwrap_err();
/// assert_eq!(err, ParseError::BadSymbol {
///     line: 1, column: 3, cell: Cell::new(0, 2), symbol: "x".into(), size: 4,
///     alphabet: dlx_sudoku::sudoku::Alphabet::Standard,
/// });
/// assert_eq!(err.to_string(),
///     "line 1, column 3, cell r1c3: \"x\" is not a digit or blank of a 4×4 puzzle (alphabet 1-9A-Z)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A symbol that is neither a digit nor a blank.
    #[error(
        "line {line}, column {column}, cell {cell}: {symbol:?} is not a digit or blank of a \
         {size}×{size} puzzle (alphabet {alphabet})"
    )]
    BadSymbol {
        /// The line.
        line: usize,
        /// The column (in characters).
        column: usize,
        /// The cell the symbol would fill.
        cell: Cell,
        /// The symbol (a whole token for numbers).
        symbol: String,
        /// The puzzle's size.
        size: usize,
        /// The alphabet it was read in.
        alphabet: Alphabet,
    },
    /// A line (or row) with too few cells; or, with the size fixed, a line whose puzzle has
    /// more cells than that size (a 9×9 line read with `size(4)`).
    #[error("line {line}: {found} cells, expected {expected}")]
    WrongCellCount {
        /// The line.
        line: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A grid with the wrong number of rows.
    #[error("grid starting at line {line}: {found} rows, expected {expected}")]
    WrongRowCount {
        /// The line of the first row.
        line: usize,
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// The size could not be told from the number of cells.
    #[error("line {line}: cannot tell the size of a puzzle from {cells} cells")]
    UnknownSize {
        /// The line.
        line: usize,
        /// The number of cells (or characters) seen.
        cells: usize,
    },
    /// The size is not supported, or the alphabet cannot write it.
    #[error("line {line}: a {size}×{size} puzzle cannot be read in alphabet {alphabet}")]
    Unsupported {
        /// The line.
        line: usize,
        /// The size.
        size: usize,
        /// The alphabet.
        alphabet: Alphabet,
    },
    /// No puzzle in the text.
    #[error("no puzzle found")]
    Empty,
}

impl ParseError {
    /// The line the error is on, when there is one.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Parser;
    /// let text = "# two puzzles\n1234341221434321\n12\n";
    /// let errors: Vec<_> = Parser::new().puzzles(text).filter_map(Result::err).collect();
    /// assert_eq!(errors[0].line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::BadSymbol { line, .. }
            | ParseError::WrongCellCount { line, .. }
            | ParseError::WrongRowCount { line, .. }
            | ParseError::UnknownSize { line, .. }
            | ParseError::Unsupported { line, .. } => Some(*line),
            ParseError::Empty => None,
        }
    }
}

/// One puzzle of a multi-puzzle file.
///
/// ```
/// use dlx_sudoku::sudoku::Parser;
/// let text = "# a 4×4 puzzle\n\n1.3..4.2........ easy\n";
/// let p = Parser::new().size(4).puzzles(text).next().unwrap()?;
/// assert_eq!((p.number, p.line), (1, 3));
/// assert_eq!(p.grid.to_string(), "1.3..4.2........");
/// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLine {
    /// The puzzle's number in the file, from 1 (comments and blank lines not counted).
    pub number: usize,
    /// The line it is on, from 1.
    pub line: usize,
    /// Its givens.
    pub grid: Grid,
}

/// Reads puzzles. By default it guesses the size (from the number of cells, which must be
/// a square) and the alphabet (see [`Alphabet::detect`]); either can be fixed.
///
/// ```
/// use dlx_sudoku::sudoku::{Alphabet, Parser};
/// // tdoku's format: 81 characters, then anything.
/// let g = Parser::new().line(
///     ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6... ;#1")?;
/// assert_eq!(g.filled(), 17);
/// // A 16×16 puzzle written 0-9A-F.
/// let line = "0123456789ABCDEF".repeat(16).replace("A", ".");
/// let g = Parser::new().line(&line)?;
/// assert_eq!((g.size(), g.alphabet()), (16, Alphabet::ZeroBased));
/// // Numbers separated by spaces.
/// let g = Parser::new().line("1 2 . 4  3 4 1 2  . 1 4 3  4 3 2 1")?;
/// assert_eq!((g.size(), g.alphabet()), (4, Alphabet::Numbers));
/// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parser {
    size: Option<usize>,
    alphabet: Option<Alphabet>,
}

/// A cell's text and where it was found.
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

fn is_separator(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=') || c.is_whitespace()
}

fn is_cell_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '_'
}

/// The maximal runs of characters that are not split points: (start byte, end byte,
/// column of the first character, from 1).
fn words(text: &str, split: fn(char) -> bool) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let mut chars = text.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while chars.next_if(|&(_, (_, c))| split(c)).is_some() {}
        let (column, (start, _)) = chars.next()?;
        let mut end = text.len();
        while let Some(&(_, (i, c))) = chars.peek() {
            if split(c) {
                end = i;
                break;
            }
            chars.next();
        }
        Some((start, end, column + 1))
    })
}

fn square_root(cells: usize) -> Option<usize> {
    (1..=MAX_SIZE)
        .find(|n| n * n >= cells)
        .filter(|n| n * n == cells)
}

impl Parser {
    /// A parser that guesses size and alphabet.
    ///
    /// See [`Parser`] for an example.
    pub fn new() -> Self {
        Parser::default()
    }

    /// Fixes the size: a one-line puzzle is then its first `size²` cells, and the rest of
    /// the line is ignored.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Parser;
    /// let g = Parser::new().size(4).line("1234341221434321 and some notes")?;
    /// assert!(g.is_complete());
    /// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
    /// ```
    pub fn size(mut self, size: usize) -> Self {
        self.size = Some(size);
        self
    }

    /// Fixes the alphabet.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Alphabet, Parser};
    /// let g = Parser::new().alphabet(Alphabet::Letters).line("ABCDCDABBADCDCBA")?;
    /// assert_eq!(g.values()[..4], [1, 2, 3, 4]);
    /// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
    /// ```
    pub fn alphabet(mut self, alphabet: Alphabet) -> Self {
        self.alphabet = Some(alphabet);
        self
    }

    /// Reads a puzzle written on one line: `size²` symbols with nothing between them (any
    /// text after them is ignored), or `size²` tokens separated by whitespace.
    ///
    /// When the size is not fixed, it is the square root of the length of the line's first
    /// word if that is a square, else of the word's leading run of letters, digits, `.` and
    /// `_` (so `<81 symbols>;note` reads as 9×9), else of the number of words.
    ///
    /// See [`Parser`] for an example.
    pub fn line(&self, line: &str) -> Result<Grid, ParseError> {
        self.line_at(line, 1)
    }

    fn line_at(&self, text: &str, line: usize) -> Result<Grid, ParseError> {
        match self.classic_line(text) {
            Some(grid) => Ok(grid),
            None => self.line_slowly(text, line),
        }
    }

    /// [`line_at`](Self::line_at) for every line: the size guessed, tokens, the alphabet.
    fn line_slowly(&self, text: &str, line: usize) -> Result<Grid, ParseError> {
        let start = text.len() - text.trim_start().len();
        let first_token = text[start..]
            .split(char::is_whitespace)
            .next()
            .unwrap_or("");
        let token_len = first_token.chars().count();
        let prefix_len = first_token.chars().take_while(|&c| is_cell_char(c)).count();
        let column0 = text[..start].chars().count() + 1;
        let symbols = |n: usize| {
            first_token
                .char_indices()
                .take(n * n)
                .enumerate()
                .map(|(k, (i, c))| Token {
                    text: &first_token[i..i + c.len_utf8()],
                    line,
                    column: column0 + k,
                })
                .collect::<Vec<_>>()
        };
        let symbol_mode = self.alphabet != Some(Alphabet::Numbers);
        match self.size {
            // A puzzle of another size is not read as the first n² of its cells: its cells
            // run on past n² (text glued after the puzzle starts with another character,
            // as in `<81 characters>;comment`).
            Some(n) if symbol_mode && prefix_len > n * n => {
                return Err(ParseError::WrongCellCount {
                    line,
                    found: prefix_len,
                    expected: n * n,
                });
            }
            Some(n) if symbol_mode && token_len >= n * n => {
                return self.read(n, symbols(n), line);
            }
            None if symbol_mode && token_len >= 4 => {
                // The whole first word, else its leading run of cell characters (trailing
                // text glued to the grid, as in `<81 characters>;comment`).
                let size = square_root(token_len)
                    .filter(|&n| n >= 2)
                    .or_else(|| square_root(prefix_len).filter(|&n| n >= 2));
                if let Some(n) = size {
                    return self.read(n, symbols(n), line);
                }
            }
            _ => {}
        }
        let mut tokens: Vec<Token<'_>> = words(text, char::is_whitespace)
            .map(|(s, e, column)| Token {
                text: &text[s..e],
                line,
                column,
            })
            .collect();
        let n = match self.size {
            Some(n) => n,
            None => match square_root(tokens.len()) {
                Some(n) if tokens.len() > 1 || token_len == 1 => n,
                _ => {
                    return Err(match tokens.len() {
                        0 => ParseError::Empty,
                        1 => ParseError::UnknownSize {
                            line,
                            cells: token_len,
                        },
                        cells => ParseError::UnknownSize { line, cells },
                    })
                }
            },
        };
        if tokens.len() < n * n {
            return Err(ParseError::WrongCellCount {
                line,
                found: if tokens.len() == 1 {
                    token_len
                } else {
                    tokens.len()
                },
                expected: n * n,
            });
        }
        // With the size fixed, a puzzle of numbers that runs on past n² numbers is of another
        // size (words after the puzzle are not numbers).
        let run = tokens
            .iter()
            .take_while(|t| Alphabet::Numbers.value_of_token(t.text, MAX_SIZE).is_some())
            .count();
        if self.size.is_some() && tokens.len() > 1 && run > n * n {
            return Err(ParseError::WrongCellCount {
                line,
                found: run,
                expected: n * n,
            });
        }
        tokens.truncate(n * n);
        let numbers = tokens
            .iter()
            .all(|t| Alphabet::Numbers.value_of_token(t.text, MAX_SIZE).is_some());
        match self.alphabet {
            None if numbers => self.alphabet(Alphabet::Numbers).read(n, tokens, line),
            _ => self.read(n, tokens, line),
        }
    }

    /// Reads one puzzle: a single line (see [`line`](Self::line)) or a grid of one row per
    /// line. Blank lines, `#` comments and lines made only of `-`, `+`, `=`, `|` and spaces
    /// are skipped; `|` and spaces inside a row are ignored. Rows are either `size`
    /// symbols or `size` whitespace-separated numbers.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Parser;
    /// let text = "
    ///     5 3 . | . 7 . | . . .
    ///     6 . . | 1 9 5 | . . .
    ///     . 9 8 | . . . | . 6 .
    ///     ------+-------+------
    ///     8 . . | . 6 . | . . 3
    ///     4 . . | 8 . 3 | . . 1
    ///     7 . . | . 2 . | . . 6
    ///     ------+-------+------
    ///     . 6 . | . . . | 2 8 .
    ///     . . . | 4 1 9 | . . 5
    ///     . . . | . 8 . | . 7 9";
    /// let g = Parser::new().grid(text)?;
    /// assert_eq!(g.to_string(),
    ///   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
    /// ```
    pub fn grid(&self, text: &str) -> Result<Grid, ParseError> {
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(k, l)| (k + 1, l))
            .filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('#') && !t.chars().all(is_separator)
            })
            .collect();
        match rows.as_slice() {
            [] => Err(ParseError::Empty),
            [(line, text)] => self.line_at(text, *line),
            _ => self.read_rows(&rows),
        }
    }

    fn read_rows(&self, rows: &[(usize, &str)]) -> Result<Grid, ParseError> {
        let first_line = rows[0].0;
        let n = self.size.unwrap_or(rows.len());
        if rows.len() != n {
            return Err(ParseError::WrongRowCount {
                line: first_line,
                found: rows.len(),
                expected: n,
            });
        }
        let mut cells = Vec::with_capacity(n * n);
        for &(line, text) in rows {
            let words: Vec<(usize, usize, usize)> =
                words(text, |c| c.is_whitespace() || c == '|').collect();
            let symbols: usize = words
                .iter()
                .map(|&(s, e, _)| text[s..e].chars().count())
                .sum();
            let before = cells.len();
            if symbols == n && self.alphabet != Some(Alphabet::Numbers) {
                for &(s, e, col) in &words {
                    for (k, (i, c)) in text[s..e].char_indices().enumerate() {
                        cells.push(Token {
                            text: &text[s + i..s + i + c.len_utf8()],
                            line,
                            column: col + k,
                        });
                    }
                }
            } else if words.len() == n {
                cells.extend(words.iter().map(|&(s, e, column)| Token {
                    text: &text[s..e],
                    line,
                    column,
                }));
            }
            if cells.len() == before {
                let numbers = words.iter().any(|&(s, e, _)| e - s > 1);
                return Err(ParseError::WrongCellCount {
                    line,
                    found: if numbers && words.len() > 1 {
                        words.len()
                    } else {
                        symbols
                    },
                    expected: n,
                });
            }
        }
        self.read(n, cells, first_line)
    }

    /// The common case of [`line_at`](Self::line_at) read byte by byte: a 9×9 puzzle in
    /// the standard alphabet, 81 digits and blanks as the line's first word (ended by the
    /// line or by ASCII white space). `None` for anything else, which the general reading
    /// then takes (and names the error of, if any): the grid is the one it would read.
    fn classic_line(&self, text: &str) -> Option<Grid> {
        if !matches!(self.size, None | Some(9))
            || !matches!(self.alphabet, None | Some(Alphabet::Standard))
        {
            return None;
        }
        let bytes = text.trim_start().as_bytes();
        let (cells, rest) = bytes.split_at_checked(81)?;
        if !rest
            .first()
            .is_none_or(|b| matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
        {
            return None;
        }
        let mut values = Vec::with_capacity(81);
        for &b in cells {
            values.push(match b {
                b'1'..=b'9' => b - b'0',
                b'.' | b'_' | b'0' => 0,
                _ => return None,
            });
        }
        let mut grid = Grid::from_values(9, values).ok()?;
        grid.set_alphabet_unchecked(Alphabet::Standard);
        Some(grid)
    }

    /// Turns `size²` tokens into a grid, choosing the alphabet if it is not fixed.
    fn read(&self, n: usize, tokens: Vec<Token<'_>>, line: usize) -> Result<Grid, ParseError> {
        let alphabet = match self.alphabet {
            Some(a) => a,
            None if tokens.iter().any(|t| t.text.len() > 1) => Alphabet::Numbers,
            None if n <= 9 => Alphabet::Standard,
            None => {
                let text: String = tokens.iter().map(|t| t.text).collect();
                Alphabet::detect(n, &text)
            }
        };
        if !(1..=MAX_SIZE).contains(&n) || !alphabet.supports(n) {
            return Err(ParseError::Unsupported {
                line,
                size: n,
                alphabet,
            });
        }
        let mut values = Vec::with_capacity(n * n);
        for (k, t) in tokens.iter().enumerate() {
            match alphabet.value_of_token(t.text, n) {
                Some(v) => values.push(v),
                None => {
                    return Err(ParseError::BadSymbol {
                        line: t.line,
                        column: t.column,
                        cell: Cell::from_index(k, n),
                        symbol: t.text.to_string(),
                        size: n,
                        alphabet,
                    })
                }
            }
        }
        let mut grid = Grid::from_values(n, values).map_err(|_| ParseError::Unsupported {
            line,
            size: n,
            alphabet,
        })?;
        grid.set_alphabet_unchecked(alphabet);
        Ok(grid)
    }

    /// Reads a file of puzzles, one per line (see [`line`](Self::line)); blank lines and
    /// lines starting with `#` are skipped. Each item is a puzzle or the error on its line.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Parser;
    /// let text = "# 4×4 puzzles\n1...\t\n\n..3.4...1......2 first\n.2..1..3.4..3..x\n";
    /// let all: Vec<_> = Parser::new().size(4).puzzles(text).collect();
    /// assert_eq!(all.len(), 3);
    /// assert!(all[0].is_err()); // "1..." has 4 cells, not 16
    /// let second = all[1].as_ref().unwrap();
    /// assert_eq!((second.number, second.line, second.grid.filled()), (2, 4, 4));
    /// assert_eq!(all[2].as_ref().unwrap_err().to_string(),
    ///     "line 5, column 16, cell r4c4: \"x\" is not a digit or blank of a 4×4 puzzle (alphabet 1-9A-Z)");
    /// ```
    pub fn puzzles<'a>(&self, text: &'a str) -> Puzzles<'a> {
        Puzzles {
            parser: *self,
            lines: text.lines().enumerate(),
            number: 0,
        }
    }
}

/// An iterator over the puzzles of a file; see [`Parser::puzzles`].
///
/// ```
/// use dlx_sudoku::sudoku::Parser;
/// let text = "1234341221434321\n# done\n";
/// let mut puzzles = Parser::new().puzzles(text);
/// assert!(puzzles.next().unwrap()?.grid.is_complete());
/// assert!(puzzles.next().is_none());
/// # Ok::<(), dlx_sudoku::sudoku::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    parser: Parser,
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    number: usize,
}

impl Iterator for Puzzles<'_> {
    type Item = Result<PuzzleLine, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        for (k, text) in self.lines.by_ref() {
            let t = text.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            self.number += 1;
            let line = k + 1;
            return Some(self.parser.line_at(text, line).map(|grid| PuzzleLine {
                number: self.number,
                line,
                grid,
            }));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_classic_line_reads_as_the_general_reading_does() {
        use super::{Alphabet, Parser};
        let nine =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let zeros = nine.replace('.', "0");
        let mut lines: Vec<String> = vec![
            nine.into(),
            zeros.clone(),
            nine.replace('.', "_"),
            format!("  {nine}"),
            format!("{nine} trailing notes"),
            format!("{nine}\tx"),
            format!("{nine}\r"),       // a line of a file with CRLF endings
            format!("{nine}\u{b}x"),   // a vertical tab: white space to both readings
            format!("{nine}\u{a0}x"),  // a non-ASCII space: the general reading
            format!("{nine};glued"),   // text glued on: the general reading
            format!("{nine}1"),        // 82 cells
            nine[..80].into(),         // 80 cells
            nine.replace('4', "a"),    // a letter
            nine.replace('4', "é"),    // not ASCII
            "1...............".into(), // 4×4
        ];
        // Every byte in one cell.
        for b in 0u8..128 {
            let mut l = nine.as_bytes().to_vec();
            l[10] = b;
            lines.push(String::from_utf8(l).unwrap());
        }
        let parsers = [
            Parser::new(),
            Parser::new().size(9),
            Parser::new().size(4),
            Parser::new().alphabet(Alphabet::Standard),
            Parser::new().alphabet(Alphabet::ZeroBased),
            Parser::new().alphabet(Alphabet::Numbers),
        ];
        let mut fast = 0;
        for p in &parsers {
            for l in &lines {
                let slow = p.line_slowly(l, 1);
                if let Some(g) = p.classic_line(l) {
                    fast += 1;
                    let slow = slow.expect("the general reading reads it too");
                    assert_eq!((&g, g.alphabet()), (&slow, slow.alphabet()), "{l:?}");
                }
                // Whichever way, the answer is the general reading's.
                let got = p.line(l);
                assert_eq!(got, p.line_slowly(l, 1), "{l:?}");
                if let (Ok(a), Ok(b)) = (got, p.line_slowly(l, 1)) {
                    assert_eq!(a.alphabet(), b.alphabet());
                }
            }
        }
        assert!(fast > 30, "{fast}");
    }

    #[test]
    fn a_fixed_size_does_not_read_part_of_a_larger_puzzle() {
        // Issue 40: `--shape 2x2` on a 9×9 line counted its first 16 characters as a 4×4.
        use super::{ParseError, Parser};
        let nine =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let err = Parser::new().size(4).line(nine).unwrap_err();
        assert_eq!(
            err,
            ParseError::WrongCellCount {
                line: 1,
                found: 81,
                expected: 16
            }
        );
        assert!(Parser::new().size(6).line(nine).is_err());
        assert!(Parser::new().size(1).line("1234341221434321").is_err());
        // Numbers: sixteen and more numbers are not a 2×2.
        let numbers = ["1"; 16].join(" ");
        assert!(Parser::new().size(2).line(&numbers).is_err());
        // Text after the puzzle is still allowed, glued or after a space.
        for tail in [" easy", ";#1", "  # 17 clues"] {
            let line = format!("{nine}{tail}");
            assert_eq!(
                Parser::new().size(9).line(&line).unwrap().filled(),
                17,
                "{tail}"
            );
        }
        let numbers = format!("{} easy 12", ["1 2 3 4"; 4].join(" "));
        assert!(Parser::new().size(4).line(&numbers).is_ok());
    }

    use super::*;

    #[test]
    fn line_sizes_are_guessed() {
        let p = Parser::new();
        assert_eq!(p.line(&".".repeat(36)).unwrap().size(), 6);
        assert_eq!(p.line(&"_".repeat(81)).unwrap().size(), 9);
        assert_eq!(p.line(&".".repeat(1296)).unwrap().size(), 36);
        assert!(matches!(
            p.line(&".".repeat(80)),
            Err(ParseError::UnknownSize { cells: 80, .. })
        ));
        // Trailing text glued to the grid.
        let g = p.line(&format!("{};12.5", "1".repeat(16))).unwrap();
        assert_eq!(g.size(), 4);
        // A bad symbol after a square number of good ones is still a bad symbol.
        let line = format!("{}?{}", ".".repeat(16), ".".repeat(64));
        assert!(matches!(
            p.line(&line),
            Err(ParseError::BadSymbol {
                column: 17,
                size: 9,
                ..
            })
        ));
    }

    #[test]
    fn bad_symbol_columns_skip_leading_space() {
        for parser in [Parser::new(), Parser::new().size(4)] {
            let err = parser.line("   123*............").unwrap_err();
            assert!(
                matches!(err, ParseError::BadSymbol { column: 7, cell, .. } if cell == Cell::new(0, 3)),
                "{err}"
            );
        }
    }

    #[test]
    fn numbers_report_token_columns() {
        let err = Parser::new()
            .line("1 2 3 4  3 4 1 2  2 1 4 3  4 3 2 17")
            .unwrap_err();
        assert_eq!(
            err,
            ParseError::BadSymbol {
                line: 1,
                column: 34,
                cell: Cell::new(3, 3),
                symbol: "17".into(),
                size: 4,
                alphabet: Alphabet::Numbers,
            }
        );
    }

    #[test]
    fn grid_rows_of_numbers() {
        let mut text = String::new();
        for r in 0..12 {
            let row: Vec<String> = (0..12)
                .map(|c| {
                    if (r + c) % 3 == 0 {
                        ".".into()
                    } else {
                        ((r * 3 + r / 4 + c) % 12 + 1).to_string()
                    }
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let g = Parser::new().grid(&text).unwrap();
        assert_eq!((g.size(), g.alphabet()), (12, Alphabet::Numbers));
        assert_eq!(g.values()[1], 2);
        let err = Parser::new()
            .grid(&text.replacen("2", "2 2", 1))
            .unwrap_err();
        assert_eq!(
            err,
            ParseError::WrongCellCount {
                line: 1,
                found: 13,
                expected: 12
            }
        );
        let err = Parser::new().grid("12\n34\n5").unwrap_err();
        assert_eq!(
            err,
            ParseError::WrongCellCount {
                line: 1,
                found: 2,
                expected: 3
            }
        );
        let err = Parser::new().size(4).grid("12\n34\n5").unwrap_err();
        assert_eq!(
            err,
            ParseError::WrongRowCount {
                line: 1,
                found: 3,
                expected: 4
            }
        );
    }
}
