//! Clues about a few cells: quadruples, clones, minimum and maximum cells. (Odd and even
//! cells only restrict a domain; see the encoder.)

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::global::ORTHOGONAL;
use crate::variant::model::Val;

/// The digits listed appear among the cells: one table over the cells (at most four).
pub(crate) fn quadruple(ctx: &mut Ctx<'_>, cells: &[Cell], digits: &[u8]) {
    let vars = ctx.cells(cells);
    let k = vars.len();
    let want: Vec<Val> = digits.iter().map(|&d| Val::from(d)).collect();
    ctx.m.small_table("quad", &vars, None, |p| {
        // Digits still missing must fit in the cells left.
        missing(&want, p) <= k - p.len()
    });
}

/// How many of the wanted digits (a multiset) the prefix does not supply.
pub(crate) fn missing(want: &[Val], have: &[Val]) -> usize {
    let mut used = vec![false; have.len()];
    let mut miss = 0;
    for &w in want {
        match (0..have.len()).find(|&i| !used[i] && have[i] == w) {
            Some(i) => used[i] = true,
            None => miss += 1,
        }
    }
    miss
}

/// Clones: corresponding cells are equal (a table of `n` pairs each).
pub(crate) fn clone(ctx: &mut Ctx<'_>, cells: &[Cell], copy: &[Cell]) {
    for (&a, &b) in cells.iter().zip(copy) {
        if a == b {
            continue;
        }
        let vars = ctx.cells(&[a, b]);
        ctx.m
            .small_table("clone", &vars, None, |p| p.len() < 2 || p[0] == p[1]);
    }
}

/// A minimum (maximum) cell is smaller (larger) than each orthogonal neighbour: one table
/// per neighbour.
pub(crate) fn extremum(ctx: &mut Ctx<'_>, cell: Cell, max: bool) {
    let n = ctx.n() as i64;
    let v = ctx.cell(cell);
    for (dr, dc) in ORTHOGONAL {
        let (r, c) = (cell.row as i64 + dr, cell.col as i64 + dc);
        if r < 0 || c < 0 || r >= n || c >= n {
            continue;
        }
        let w = ctx.cell(Cell::new(r as usize, c as usize));
        ctx.m
            .small_table(if max { "max" } else { "min" }, &[v, w], None, |p| {
                p.len() < 2 || if max { p[0] > p[1] } else { p[0] < p[1] }
            });
    }
}
