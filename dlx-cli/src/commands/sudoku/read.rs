//! Reading a file of puzzles: one puzzle per line, or grids of one row per line, with
//! errors that name the line and column in the file.
//!
//! The file is cut into blocks at blank lines. A block is a grid (or several grids one
//! after another) when its first row has as many cells as a grid row: with a known size
//! `n`, when it has fewer than `n²` cells; otherwise when it has `n` cells and the block has
//! a multiple of `n` rows (or `n` is below 16, too short for a puzzle on one line). Every
//! other line is a puzzle on its own. Lines starting with `#` are comments, and lines made
//! of `-`, `+`, `=` and `|` only are separators.

use dlx_sudoku::sudoku::{Grid, ParseError, Parser};

/// Where a puzzle was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// On one line.
    Line,
    /// One row per line: the line numbers of its rows.
    Grid(Vec<usize>),
}

/// A puzzle of the file.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line it starts on, from 1.
    pub line: usize,
    /// How it was written.
    pub layout: Layout,
    /// Its givens.
    pub grid: Grid,
}

/// A puzzle of the file that could not be read: its number and first line, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line it starts on, from 1.
    pub line: usize,
    /// What is wrong.
    pub error: ReadError,
}

/// A reading error and where it is (line and column from 1), when it is somewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Line and column.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when we can tell.
    pub hint: Option<String>,
}

const ONE_LINE_HINT: &str = "a puzzle on one line has n² cells (81 for 9×9, 256 for 16×16); \
                             a grid has one row per line; --shape RxC gives the size";

impl ReadError {
    fn at(line: usize, column: usize, message: String) -> Self {
        ReadError {
            at: Some((line, column)),
            message,
            hint: None,
        }
    }

    fn hint(mut self, hint: &str) -> Self {
        self.hint = Some(hint.to_string());
        self
    }

    /// A parser error, its line mapped by `line_of` (the parser counts from its text).
    fn from_parse(err: ParseError, line_of: impl Fn(usize) -> usize) -> Self {
        match err {
            ParseError::BadSymbol {
                line,
                column,
                cell,
                symbol,
                size,
                alphabet,
            } => ReadError::at(
                line_of(line),
                column,
                format!(
                    "cell {cell}: {symbol:?} is not a digit or blank of a {size}×{size} puzzle \
                     (alphabet {alphabet})"
                ),
            ),
            ParseError::WrongCellCount {
                line,
                found,
                expected,
            } if found > expected => {
                // Only a fixed size (--shape, --jigsaw) reads fewer cells than a line has.
                let of = |cells: usize| match (1..=cells).find(|n| n * n >= cells) {
                    Some(n) if n * n == cells => format!(" (a {n}×{n} puzzle)"),
                    _ => String::new(),
                };
                ReadError::at(
                    line_of(line),
                    1,
                    format!(
                        "{found} cells{}, but the size given is {expected} cells{}",
                        of(found),
                        of(expected)
                    ),
                )
                .hint("--shape and --jigsaw fix the size: give the puzzle's own, or leave it out")
            }
            ParseError::WrongCellCount {
                line,
                found,
                expected,
            } => ReadError::at(
                line_of(line),
                1,
                format!("{found} cells, expected {expected}"),
            )
            .hint(ONE_LINE_HINT),
            ParseError::WrongRowCount {
                line,
                found,
                expected,
            } => ReadError::at(
                line_of(line),
                1,
                format!("a grid of {found} rows, expected {expected}"),
            )
            .hint("grids are separated by blank lines"),
            ParseError::UnknownSize { line, cells } => ReadError::at(
                line_of(line),
                1,
                format!("cannot tell the size of a puzzle from {cells} cells"),
            )
            .hint(ONE_LINE_HINT),
            ParseError::Unsupported {
                line,
                size,
                alphabet,
            } => ReadError::at(
                line_of(line),
                1,
                format!("a {size}×{size} puzzle cannot be written in alphabet {alphabet}"),
            )
            .hint("puzzles larger than 36×36 are written as numbers separated by spaces"),
            ParseError::Empty => ReadError {
                at: None,
                message: "no puzzle found".into(),
                hint: None,
            },
        }
    }
}

fn is_content(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && !t.starts_with('#')
        && !t
            .chars()
            .all(|c| matches!(c, '|' | '-' | '+' | '=') || c.is_whitespace())
}

/// The cells of a grid row: numbers separated by spaces count one each; otherwise every
/// character other than `|` and whitespace is a cell.
fn row_cells(row: &str) -> (usize, bool) {
    let words: Vec<&str> = row
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .collect();
    let numeric = |w: &&str| w.bytes().all(|b| b.is_ascii_digit()) || matches!(*w, "." | "_");
    let numbers = words.len() > 1 && words.iter().all(numeric) && words.iter().any(|w| w.len() > 1);
    if numbers {
        (words.len(), true)
    } else {
        (words.iter().map(|w| w.chars().count()).sum(), false)
    }
}

/// Whether a line holds a whole puzzle of size `n` (as the parser reads one line).
fn holds_puzzle(line: &str, n: usize) -> bool {
    let cells = n.saturating_mul(n);
    let first = line.split_whitespace().next().unwrap_or("");
    first.chars().count() >= cells || line.split_whitespace().count() >= cells
}

/// The size of the grids a block of rows holds, if it holds grids.
fn grid_size(rows: &[&str], size: Option<usize>) -> Option<usize> {
    let first = rows.first()?;
    match size {
        // A first row longer than a grid row is a puzzle line, unless the block has the
        // rows of a whole grid (then it is a grid with a mistake in its first row).
        Some(n) => {
            (n >= 2 && !holds_puzzle(first, n) && (row_cells(first).0 <= n || rows.len() >= n))
                .then_some(n)
        }
        None => {
            let (n, numbers) = row_cells(first);
            // From 16 cells on, a row may as well be a small puzzle on one line: a block is
            // grids only if all its rows but at most one per grid have n cells (a file of
            // one-line puzzles of several sizes whose first is a 4×4 puzzle was read as
            // 16×16 grids and refused whole).
            // (Counted only when the cheaper tests pass: a file of one-line 9×9 puzzles has
            // 81 cells a row and is not grids, whatever its other rows hold.)
            let rows_of_n = || rows.iter().filter(|r| row_cells(r).0 == n).count();
            let fits = rows.len() >= 2
                && n >= 2
                && (n <= 36 || numbers)
                && (n < 16 || (rows.len() % n == 0 && rows_of_n() + rows.len() / n >= rows.len()));
            fits.then_some(n)
        }
    }
}

/// Reads every puzzle of `text`; `size` fixes the size (from `--shape` or `--jigsaw`). The
/// first puzzle that cannot be read is an error.
pub fn read_puzzles(text: &str, size: Option<usize>) -> Result<Vec<Puzzle>, ReadError> {
    read_each(text, size)?
        .into_iter()
        .map(|entry| entry.map_err(|bad| bad.error))
        .collect()
}

/// Reads every puzzle of `text`, each on its own: a puzzle that cannot be read is an
/// [`Unread`] in its place, and the others are read all the same. The error is for a text
/// without any puzzle.
pub fn read_each(
    text: &str,
    size: Option<usize>,
) -> Result<Vec<Result<Puzzle, Unread>>, ReadError> {
    let parser = match size {
        Some(n) => Parser::new().size(n),
        None => Parser::new(),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut puzzles: Vec<Result<Puzzle, Unread>> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        if lines[k].trim().is_empty() {
            k += 1;
            continue;
        }
        let end = (k..lines.len())
            .find(|&j| lines[j].trim().is_empty())
            .unwrap_or(lines.len());
        // Line numbers (from 1) and texts of the block's content rows.
        let rows: Vec<(usize, &str)> = (k..end)
            .filter(|&j| is_content(lines[j]))
            .map(|j| (j + 1, lines[j]))
            .collect();
        let texts: Vec<&str> = rows.iter().map(|&(_, t)| t).collect();
        match grid_size(&texts, size) {
            Some(n) => {
                for chunk in rows.chunks(n) {
                    let grid_text: Vec<&str> = chunk.iter().map(|&(_, t)| t).collect();
                    let number = puzzles.len() + 1;
                    let grid = parser
                        .size(n)
                        .grid(&grid_text.join("\n"))
                        .map_err(|e| ReadError::from_parse(e, |l| chunk[l - 1].0));
                    puzzles.push(match grid {
                        Ok(grid) => Ok(Puzzle {
                            number,
                            line: chunk[0].0,
                            layout: Layout::Grid(chunk.iter().map(|&(l, _)| l).collect()),
                            grid,
                        }),
                        Err(error) => Err(Unread {
                            number,
                            line: chunk[0].0,
                            error,
                        }),
                    });
                }
            }
            None => {
                for &(line, row) in &rows {
                    let number = puzzles.len() + 1;
                    puzzles.push(match parser.line(row) {
                        Ok(grid) => Ok(Puzzle {
                            number,
                            line,
                            layout: Layout::Line,
                            grid,
                        }),
                        Err(e) => Err(Unread {
                            number,
                            line,
                            error: ReadError::from_parse(e, |_| line),
                        }),
                    });
                }
            }
        }
        k = end;
    }
    if puzzles.is_empty() {
        return Err(ReadError::from_parse(ParseError::Empty, |l| l)
            .hint("write one puzzle per line (81 characters for a 9×9), or a grid"));
    }
    Ok(puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "\
# a grid with separators
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";

    #[test]
    fn lines_and_grids_mix() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let text = format!("{line}\n{line} trailing words\n\n{GRID}\n1234341221434321\n");
        let puzzles = read_puzzles(&text, None).unwrap();
        let layouts: Vec<_> = puzzles.iter().map(|p| (p.number, p.line)).collect();
        assert_eq!(layouts, [(1, 1), (2, 2), (3, 5), (4, 17)]);
        assert_eq!(puzzles[2].grid.size(), 9);
        assert_eq!(
            puzzles[2].layout,
            Layout::Grid(vec![5, 6, 7, 9, 10, 11, 13, 14, 15])
        );
        assert_eq!(puzzles[3].grid.size(), 4);
    }

    #[test]
    fn grids_one_after_another_and_numbers() {
        let four = "12..\n..34\n2...\n...1\n";
        let puzzles = read_puzzles(&format!("{four}{four}"), None).unwrap();
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[1].line, 5);
        let numbers = (0..12)
            .map(|r| {
                (0..12)
                    .map(|c| {
                        if (r + c) % 5 == 0 {
                            "10".into()
                        } else {
                            ".".to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let puzzles = read_puzzles(&numbers, None).unwrap();
        assert_eq!(puzzles[0].grid.size(), 12);
    }

    #[test]
    fn errors_name_the_line_in_the_file() {
        let bad_row = GRID.replace("4 . . | 8 . 3", "4 . . | 8 . x");
        let err = read_puzzles(&format!("\n\n{bad_row}"), None).unwrap_err();
        assert_eq!(err.at, Some((9, 13)), "{err:?}");
        let short = GRID.replace("7 . . | . 2 . | . . 6", "7 . . | . 2 . | . .");
        let err = read_puzzles(&short, None).unwrap_err();
        assert_eq!(err.at, Some((8, 1)));
        assert_eq!(err.message, "8 cells, expected 9");
        let err = read_puzzles("# nothing\n\n", None).unwrap_err();
        assert_eq!((err.at, err.message.as_str()), (None, "no puzzle found"));
        let err = read_puzzles("# one line too short\n12345\n", None).unwrap_err();
        assert_eq!(err.at, Some((2, 1)));
    }

    #[test]
    fn one_line_puzzles_of_mixed_sizes_are_not_grids() {
        // Issue 25: a file of one-line puzzles, the first a 4×4 one, sixteen lines in all,
        // was read as one 16×16 grid and refused whole.
        let four = "1234341221434321";
        let nine =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut text = format!("{four}\n");
        for _ in 0..15 {
            text.push_str(nine);
            text.push('\n');
        }
        let puzzles = read_puzzles(&text, None).unwrap();
        assert_eq!(puzzles.len(), 16);
        assert_eq!(puzzles[0].grid.size(), 4);
        assert!(puzzles[1..].iter().all(|p| p.grid.size() == 9));
        // A 16×16 grid with one row too short is still a grid, with its error there.
        let mut rows = vec!["1..............."; 16];
        rows[5] = "1..............";
        let err = read_puzzles(&rows.join("\n"), None).unwrap_err();
        assert_eq!(err.at, Some((6, 1)), "{err:?}");
    }

    #[test]
    fn a_bad_puzzle_does_not_hide_the_others() {
        let nine =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let text = format!("{nine}\n12x4\n{nine}\n\n{GRID}");
        let each = read_each(&text, None).unwrap();
        assert_eq!(each.len(), 4);
        assert!(each[0].is_ok() && each[2].is_ok() && each[3].is_ok());
        let bad = each[1].as_ref().unwrap_err();
        assert_eq!((bad.number, bad.line), (2, 2));
        assert_eq!(each[3].as_ref().unwrap().number, 4);
    }

    #[test]
    fn a_known_size_refuses_a_puzzle_of_another_size() {
        // Issue 40: `--shape 2x2` on a 9×9 line counted its first 16 cells as a 4×4.
        let nine =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let err = read_puzzles(nine, Some(4)).unwrap_err();
        assert_eq!(
            (err.at, err.message.as_str()),
            (
                Some((1, 1)),
                "81 cells (a 9×9 puzzle), but the size given is 16 cells (a 4×4 puzzle)"
            )
        );
        let err = read_puzzles("1234341221434321", Some(1)).unwrap_err();
        assert!(err.message.contains("a 4×4 puzzle"), "{err:?}");
        assert!(err.message.contains("a 1×1 puzzle"), "{err:?}");
    }

    #[test]
    fn a_known_size_decides() {
        // Sixteen lines of sixteen cells: one 16×16 grid, unless the size says 4×4.
        let rows = vec!["1..............."; 16].join("\n");
        assert_eq!(read_puzzles(&rows, None).unwrap().len(), 1);
        assert_eq!(read_puzzles(&rows, Some(4)).unwrap().len(), 16);
        let err = read_puzzles("1234\n3412\n", Some(4)).unwrap_err();
        assert_eq!(err.at, Some((1, 1)));
        assert_eq!(err.message, "a grid of 2 rows, expected 4");
        // Lines of 9×9 puzzles read as 16×16: too short, not a broken grid.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let err = read_puzzles(&format!("{line}\n{line}\n"), Some(16)).unwrap_err();
        assert_eq!(
            (err.at, err.message.as_str()),
            (Some((1, 1)), "81 cells, expected 256")
        );
    }
}
