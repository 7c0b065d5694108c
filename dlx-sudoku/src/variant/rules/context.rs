//! What rules share besides the encoder's context (`Ctx`, in `rules/mod.rs`): the geometry
//! of the grid and small helpers for checks. Below the rules: it knows no puzzle.

use crate::grid::{neighbours, step};
pub(crate) use crate::grid::{Offset, KING, KNIGHT, ORTHOGONAL};
use crate::sudoku::Cell;
use crate::variant::solution::VariantSolution;

/// The orthogonal neighbours of a cell of an `n × n` grid.
pub(crate) fn orthogonal_neighbours(n: usize, c: Cell) -> impl Iterator<Item = Cell> {
    neighbours(n, n, c, &ORTHOGONAL)
}

/// The unordered pairs of cells `(a, b)`, `a < b`, at one of these offsets.
pub(crate) fn pairs(n: usize, offsets: &[Offset]) -> Vec<(Cell, Cell)> {
    let cells = (0..n * n).map(|k| Cell::from_index(k, n));
    let pair = |a| {
        offsets
            .iter()
            .filter_map(move |&d| step(n, n, a, d).map(|b| (a, b)))
    };
    cells.flat_map(pair).filter(|(a, b)| a < b).collect()
}

/// The unordered pair of two cells, smaller first.
pub(crate) fn pair_key(a: Cell, b: Cell) -> (Cell, Cell) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Whether two cells touch by a side or a corner (a king's move apart; a cell does not
/// touch itself).
pub(crate) fn touch(a: Cell, b: Cell) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Refuses a mark between two cells (a Kropki dot, an X or a V: `mark` names it, as in
/// "a white dot") unless the cells share a side: the mark sits on that side, and between
/// cells that share none it has no agreed meaning (a rule between two cells apart is never
/// guessed).
pub(crate) fn mark_on_a_side(mark: &str, [a, b]: [Cell; 2]) -> Result<(), String> {
    let (rows, cols) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
    match (rows, cols) {
        (0, 1) | (1, 0) => Ok(()),
        (1, 1) => Err(format!(
            "{mark} between {a} and {b}: the cells touch only at a corner (a mark between two \
             cells sits on the side they share)"
        )),
        _ => Err(format!(
            "{mark} between {a} and {b}: the cells do not touch"
        )),
    }
}

/// Refuses a line (`what` names it, as in "the thermometer") with two consecutive cells
/// that do not [`touch`], and a loop (`closed`) whose last cell does not touch its first. A
/// line is a path through the cells it lists: between two cells apart it would pass through
/// cells it does not list, which a solver reading the drawing counts as on it.
pub(crate) fn steps_touch(what: &str, cells: &[Cell], closed: bool) -> Result<(), String> {
    if let Some(w) = cells.windows(2).find(|w| !touch(w[0], w[1])) {
        return Err(format!(
            "{what} jumps from {} to {}, which do not touch (each cell of a line touches the \
             next, by a side or a corner)",
            w[0], w[1]
        ));
    }
    match (closed, cells.first(), cells.last()) {
        (true, Some(&first), Some(&last)) if !touch(last, first) => Err(format!(
            "{what} closes from {last} back to {first}, which do not touch (a loop's last cell \
             touches its first)"
        )),
        _ => Ok(()),
    }
}

/// A check's result: `Err` holds what is wrong.
pub(crate) type Check = Result<(), String>;

/// `Ok` when `ok`, else the message.
pub(crate) fn ensure(ok: bool, message: impl FnOnce() -> String) -> Check {
    if ok {
        Ok(())
    } else {
        Err(message())
    }
}

/// Cells as `r1c1 r1c2` (as the TOML format writes them).
pub(crate) use crate::variant::io::native::cells_text;

/// The digit of a cell in a solution (0 when empty).
pub(crate) fn digit(s: &VariantSolution, c: Cell) -> i64 {
    i64::from(s.grid.get(c).unwrap_or(0))
}

/// The digits of cells in a solution.
pub(crate) fn digits(s: &VariantSolution, cells: &[Cell]) -> Vec<i64> {
    cells.iter().map(|&c| digit(s, c)).collect()
}

/// The digit a letter stands for in a solution (0 when missing).
pub(crate) fn letter_digit(s: &VariantSolution, l: char) -> i64 {
    s.letters
        .iter()
        .find(|&&(c, _)| c == l)
        .map_or(0, |&(_, x)| i64::from(x))
}

/// No repeated digit among the cells.
pub(crate) fn distinct(v: &[i64], cells: &[Cell]) -> Check {
    for j in 0..v.len() {
        for i in 0..j {
            ensure(v[i] != v[j], || {
                format!("{} and {} both hold {}", cells[i], cells[j], v[i])
            })?;
        }
    }
    Ok(())
}

/// The first cell named a second time in `cells`, if any.
pub(crate) fn first_repeat(cells: &[Cell]) -> Option<Cell> {
    let mut seen = std::collections::HashSet::with_capacity(cells.len());
    cells.iter().copied().find(|&c| !seen.insert(c))
}

/// Checks that no cell is named twice.
pub(crate) fn no_repeats(cells: &[Cell]) -> Result<(), String> {
    ensure(first_repeat(cells).is_none(), || {
        "a cell is named twice".into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: usize, c: usize) -> Cell {
        Cell::new(r - 1, c - 1)
    }

    #[test]
    fn a_mark_sits_on_the_side_two_cells_share() {
        assert_eq!(
            mark_on_a_side("a white dot", [cell(1, 1), cell(1, 2)]),
            Ok(())
        );
        assert_eq!(mark_on_a_side("a V", [cell(3, 2), cell(2, 2)]), Ok(()));
        assert_eq!(
            mark_on_a_side("a white dot", [cell(1, 1), cell(1, 3)]),
            Err("a white dot between r1c1 and r1c3: the cells do not touch".to_string())
        );
        assert_eq!(
            mark_on_a_side("a black dot", [cell(2, 2), cell(1, 3)]),
            Err(
                "a black dot between r2c2 and r1c3: the cells touch only at a corner (a mark \
                 between two cells sits on the side they share)"
                    .to_string()
            )
        );
        // Far apart in both directions, and the same cell twice (no side either).
        assert!(mark_on_a_side("an X", [cell(1, 1), cell(9, 9)]).is_err());
        assert!(mark_on_a_side("an X", [cell(4, 4), cell(4, 4)]).is_err());
    }

    #[test]
    fn each_cell_of_a_line_touches_the_next() {
        let line = crate::variant::rules::cells_at;
        // Sideways and diagonal steps; a single cell has no step.
        let ok = line(&[(1, 1), (1, 2), (2, 3), (3, 3), (4, 2)]);
        assert_eq!(steps_touch("the renban line", &ok, false), Ok(()));
        assert_eq!(steps_touch("the renban line", &ok[..1], false), Ok(()));
        assert_eq!(
            steps_touch("the thermometer", &line(&[(1, 1), (4, 4)]), false),
            Err(
                "the thermometer jumps from r1c1 to r4c4, which do not touch (each cell of a \
                 line touches the next, by a side or a corner)"
                    .to_string()
            )
        );
        // A knight's move is a jump too.
        assert!(steps_touch("the parity line", &line(&[(1, 1), (2, 3)]), false).is_err());
        // A loop also steps from its last cell back to its first.
        let ring = line(&[(1, 1), (1, 2), (2, 2), (2, 1)]);
        assert_eq!(steps_touch("the entropic line", &ring, true), Ok(()));
        let hook = line(&[(1, 1), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(steps_touch("the entropic line", &hook, false), Ok(()));
        assert_eq!(
            steps_touch("the entropic line", &hook, true),
            Err(
                "the entropic line closes from r2c3 back to r1c1, which do not touch (a \
                 loop's last cell touches its first)"
                    .to_string()
            )
        );
    }
}
