//! What rules share: the encoder's context, the geometry of the grid, and small helpers
//! for checks.

use crate::sudoku::Cell;
use crate::variant::model::{Model, Val, Var};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::solve::VariantSolution;

/// The encoder's state: the model being built and the puzzle's extra variables.
pub(crate) struct Ctx<'a> {
    /// The constraint model.
    pub m: Model,
    /// The puzzle being encoded.
    pub puzzle: &'a VariantPuzzle,
    /// The shading variable of each cell (0 land, 1 water), when the puzzle has shading.
    pub shading: Option<Vec<Var>>,
    /// The variable of each letter.
    pub letters: Vec<(char, Var)>,
}

impl Ctx<'_> {
    /// The variable of a cell.
    pub fn cell(&self, c: Cell) -> Var {
        self.m.cell(c.row, c.col)
    }

    /// The variables of cells.
    pub fn cells(&self, cs: &[Cell]) -> Vec<Var> {
        cs.iter().map(|&c| self.cell(c)).collect()
    }

    /// The grid's size.
    pub fn n(&self) -> usize {
        self.m.n
    }

    /// The largest digit.
    pub fn max_digit(&self) -> Val {
        self.m.n as Val
    }

    /// The shading variable of a cell (the puzzle has shading).
    pub fn shade(&self, c: Cell) -> Var {
        self.shading.as_ref().expect("the puzzle has shading")[c.index(self.n())]
    }

    /// The variable of a letter.
    pub fn letter(&self, l: char) -> Var {
        self.letters
            .iter()
            .find(|&&(c, _)| c == l)
            .map(|&(_, v)| v)
            .expect("every letter is declared first")
    }
}

use crate::grid::{neighbours, step};
pub(crate) use crate::grid::{Offset, KING, KNIGHT, ORTHOGONAL};

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

/// Cells as `r1c1 r1c2`.
pub(crate) fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

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

/// Checks that no cell is named twice.
pub(crate) fn no_repeats(cells: &[Cell]) -> Result<(), String> {
    let mut v = cells.to_vec();
    v.sort();
    v.dedup();
    ensure(v.len() == cells.len(), || "a cell is named twice".into())
}
