//! A plain DLX encoding of 9×9 Sudoku solved by the `dlx` crate 0.8.5: the peer of the
//! Sudoku uniqueness benchmark that stands for "a general DLX library, used as its README
//! suggests".
//!
//! The encoding is Knuth's `sudoku-dlx`: 324 primary items (`p` cell filled, then row,
//! column and box holds digit), 729 options (`cell · 9 + digit − 1` puts `digit` in `cell`),
//! item for item and option for option the problem of
//! [`dlx_sudoku::sudoku::Encoding`] for the classic shape. The peer's links are built once;
//! each puzzle searches a clone of them (a copy of two vectors) in which the givens'
//! options are selected first by covering their four items (`dlx::Dance::cover`, the peer's
//! own operation; the result is exactly the state Algorithm X reaches after choosing those
//! options). Then `next_solution` runs with the minimum-remaining-values rule until it has
//! found two solutions or the search is over.
//!
//! ```
//! use benches::peer_sudoku::DlxSudoku;
//!
//! let dlx = DlxSudoku::new();
//! let puzzle = benches::peer_sudoku::values(
//!     ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
//! ).unwrap();
//! assert_eq!(dlx.count_up_to_2(&puzzle), 1);
//! assert_eq!(dlx.count_up_to_2(&[0; 81]), 2); // the empty grid: many solutions
//! ```

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::{INodes, ONodes};
use dlx::{Dance, OptOrder, Uint};

/// The number of items: 81 cells, and 81 (house, digit) pairs for rows, columns and boxes.
pub const ITEMS: usize = 324;
/// The number of options: one per cell and digit.
pub const OPTIONS: usize = 729;

/// The peer's links for the empty 9×9 grid, and each option's items.
#[derive(Clone, Debug)]
pub struct DlxSudoku {
    items: INodes,
    opts: ONodes,
    /// The peer's internal (1-based) item numbers of each option.
    option_items: Vec<[Uint; 4]>,
}

impl Default for DlxSudoku {
    fn default() -> Self {
        Self::new()
    }
}

/// The options of the encoding, as 0-based item indices: `[cell, 81 + row·9 + d,
/// 162 + col·9 + d, 243 + box·9 + d]` for `d = digit − 1`.
///
/// ```
/// let options = benches::peer_sudoku::options();
/// assert_eq!(options.len(), 729);
/// assert_eq!(options[1], [0, 82, 163, 244]); // digit 2 in r1c1
/// ```
pub fn options() -> Vec<[usize; 4]> {
    let mut out = Vec::with_capacity(OPTIONS);
    for cell in 0..81 {
        let (row, col) = (cell / 9, cell % 9);
        let bx = row / 3 * 3 + col / 3;
        for d in 0..9 {
            out.push([cell, 81 + row * 9 + d, 162 + col * 9 + d, 243 + bx * 9 + d]);
        }
    }
    out
}

/// A puzzle line (81 characters, `1`–`9` for givens, anything else blank) as 81 values,
/// 0 for a blank; `None` if the line is not 81 characters long.
///
/// ```
/// let v = benches::peer_sudoku::values(&format!("5{}", ".".repeat(80))).unwrap();
/// assert_eq!((v[0], v[1]), (5, 0));
/// assert!(benches::peer_sudoku::values("123").is_none());
/// ```
pub fn values(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut out = [0u8; 81];
    for (v, &b) in out.iter_mut().zip(bytes) {
        if (b'1'..=b'9').contains(&b) {
            *v = b - b'0';
        }
    }
    Some(out)
}

impl DlxSudoku {
    /// Builds the peer's links for the empty grid, options in input order.
    ///
    /// See the [module](self) for an example.
    pub fn new() -> DlxSudoku {
        let options = options();
        let input: Vec<Vec<Uint>> = options
            .iter()
            .map(|o| o.iter().map(|&i| i as Uint).collect())
            .collect();
        DlxSudoku {
            items: INodes::new(ITEMS as Uint, 0),
            opts: ONodes::new(ITEMS as Uint, ITEMS as Uint, &input, OptOrder::Seq),
            option_items: options.iter().map(|o| o.map(|i| i as Uint + 1)).collect(),
        }
    }

    /// The number of solutions of a puzzle (81 values, 0 for a blank), counting no further
    /// than 2: 0 (none), 1 (unique) or 2 (two or more). The givens must not contradict each
    /// other (the peer has no check for it; every puzzle of the benchmark sets is valid).
    ///
    /// Costs: a copy of the prebuilt links, four covers per given, and the search.
    ///
    /// See the [module](self) for an example.
    pub fn count_up_to_2(&self, puzzle: &[u8; 81]) -> u64 {
        let mut problem = dlx::x::Problem::new(self.items.clone(), self.opts.clone());
        for (cell, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                for &item in &self.option_items[cell * 9 + usize::from(digit) - 1] {
                    problem.cover(item);
                }
            }
        }
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut solutions = 0;
        while solutions < 2 && solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{ItemId, OptionId};
    use dlx_sudoku::sudoku::{Encoding, Shape, SudokuSolver};

    #[test]
    fn encoding_is_dlx_sudokus_classic_problem() {
        let enc = Encoding::new(Shape::classic()).unwrap();
        let problem = enc.problem();
        assert_eq!(problem.num_primary(), ITEMS);
        assert_eq!(problem.num_secondary(), 0);
        for (k, option) in options().iter().enumerate() {
            let theirs: Vec<ItemId> = problem.option_items(OptionId::new(k as u32)).collect();
            let ours: Vec<ItemId> = option.iter().map(|&i| ItemId::new(i as u32)).collect();
            assert_eq!(ours, theirs, "option {k}");
        }
    }

    #[test]
    fn agrees_with_dlx_sudoku_on_hard_puzzles() {
        let enc = Encoding::new(Shape::classic()).unwrap();
        let ours = SudokuSolver::new(&enc);
        let peer = DlxSudoku::new();
        let set = crate::data::sudoku_set(crate::data::FORUM_HARDEST_1106).unwrap();
        for line in set.iter().take(20) {
            let grid = line.parse().unwrap();
            let want = ours.count(&grid, Some(2)).unwrap().solutions;
            assert_eq!(want, 1, "{line}");
            assert_eq!(peer.count_up_to_2(&values(line).unwrap()), want, "{line}");
        }
    }

    #[test]
    fn counts_stop_at_two() {
        let peer = DlxSudoku::new();
        // The 17-clue puzzle of sud1.dlx has one solution; without its last two givens, more.
        let full =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert_eq!(peer.count_up_to_2(&values(full).unwrap()), 1);
        let short =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";
        assert_eq!(peer.count_up_to_2(&values(short).unwrap()), 2);
    }
}
