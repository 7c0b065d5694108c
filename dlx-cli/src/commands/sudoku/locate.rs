//! Where a cell of a puzzle was written in the file (line and column), so that messages
//! about givens can point at them.

use dlx_sudoku::sudoku::{Alphabet, Cell};

use super::read::{Layout, Puzzle};

/// The words of `text` split at `split` characters, with the column (from 1, in
/// characters) where each starts.
fn words(text: &str, split: fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (i, c)) in text.char_indices().enumerate() {
        match (split(c), start) {
            (true, Some((col, s))) => {
                out.push((col, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((column + 1, i)),
            _ => {}
        }
    }
    if let Some((col, s)) = start {
        out.push((col, &text[s..]));
    }
    out
}

/// The column of the `k`-th cell of a run of words: the `k`-th character of the words when
/// they are single symbols, the `k`-th word when they are numbers.
fn column_of(words: &[(usize, &str)], k: usize, symbols: bool) -> Option<usize> {
    if symbols {
        words
            .iter()
            .flat_map(|&(col, w)| (0..w.chars().count()).map(move |j| col + j))
            .nth(k)
    } else {
        words.get(k).map(|&(col, _)| col)
    }
}

/// The line and column of `cell` of `puzzle` in the file's `lines`; the start of the
/// puzzle's line when it cannot be told.
pub fn cell_position(lines: &[&str], puzzle: &Puzzle, cell: Cell) -> (usize, usize) {
    let n = puzzle.grid.size();
    let numbers = puzzle.grid.alphabet() == Alphabet::Numbers;
    let (line, k, split): (usize, usize, fn(char) -> bool) = match &puzzle.layout {
        Layout::Line => (puzzle.line, cell.index(n), char::is_whitespace),
        Layout::Grid(rows) => match rows.get(cell.row) {
            Some(&line) => (line, cell.col, |c| c.is_whitespace() || c == '|'),
            None => return (puzzle.line, 1),
        },
    };
    let Some(text) = lines.get(line - 1) else {
        return (line, 1);
    };
    let words = words(text, split);
    let symbols = match &puzzle.layout {
        Layout::Line => words
            .first()
            .is_some_and(|(_, w)| w.chars().count() >= n * n),
        Layout::Grid(_) => {
            !numbers && words.iter().map(|(_, w)| w.chars().count()).sum::<usize>() == n
        }
    };
    let symbols = symbols && !numbers;
    (line, column_of(&words, k, symbols).unwrap_or(1))
}

#[cfg(test)]
mod tests {
    use super::super::read::read_puzzles;
    use super::*;

    #[test]
    fn cells_are_found_in_lines_and_grids() {
        let text = "  12..34..........\n\n1 2 | . .\n. . | 3 4\n-----\n. . | . .\n4 . | . 1\n";
        let lines: Vec<&str> = text.lines().collect();
        let puzzles = read_puzzles(text, None).unwrap();
        assert_eq!(cell_position(&lines, &puzzles[0], Cell::new(1, 2)), (1, 9));
        assert_eq!(cell_position(&lines, &puzzles[1], Cell::new(1, 3)), (4, 9));
        assert_eq!(cell_position(&lines, &puzzles[1], Cell::new(3, 0)), (7, 1));
        let numbers = "1 2 . 4  3 4 1 2  . 1 4 3  4 3 2 1";
        let puzzles = read_puzzles(numbers, None).unwrap();
        assert_eq!(
            cell_position(&[numbers], &puzzles[0], Cell::new(0, 3)),
            (1, 7)
        );
    }
}
