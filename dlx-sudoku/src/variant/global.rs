//! Rules over the whole grid: diagonals, disjoint groups (houses), anti-knight and
//! anti-king (two-cell houses), non-consecutive (forbidden pairs).

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::model::Val;
use crate::variant::puzzle::Diagonal;

/// A main diagonal is a house.
pub(crate) fn diagonal(ctx: &mut Ctx<'_>, d: Diagonal) {
    let n = ctx.n();
    let cells: Vec<Cell> = (0..n)
        .map(|k| match d {
            Diagonal::Main => Cell::new(k, k),
            Diagonal::Anti => Cell::new(n - 1 - k, k),
        })
        .collect();
    let vars = ctx.cells(&cells);
    ctx.m.house(vars);
}

/// Cells in the same position of their boxes (or regions, numbered in reading order) form
/// a house.
pub(crate) fn disjoint_groups(ctx: &mut Ctx<'_>) {
    let n = ctx.n();
    let shape = &ctx.puzzle.shape;
    let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); n];
    let mut seen_in_region = vec![0usize; n];
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r, c);
            if let Some(region) = shape.region_of(cell) {
                let k = seen_in_region[region];
                seen_in_region[region] += 1;
                if k < n {
                    groups[k].push(cell);
                }
            }
        }
    }
    for g in groups.into_iter().filter(|g| g.len() > 1) {
        let vars = ctx.cells(&g);
        ctx.m.house(vars);
    }
}

/// The ordered pairs of cells `(a, b)`, `a < b`, at one of these offsets.
pub(crate) fn pairs(n: usize, offsets: &[(i64, i64)]) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in offsets {
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if r2 < 0 || c2 < 0 || r2 >= n as i64 || c2 >= n as i64 {
                    continue;
                }
                let (a, b) = (Cell::new(r, c), Cell::new(r2 as usize, c2 as usize));
                if a < b {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// Knight's moves.
pub(crate) const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
/// King's moves.
pub(crate) const KING: [(i64, i64); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// Orthogonal steps.
pub(crate) const ORTHOGONAL: [(i64, i64); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn two_cell_houses(ctx: &mut Ctx<'_>, offsets: &[(i64, i64)]) {
    for (a, b) in pairs(ctx.n(), offsets) {
        let (va, vb) = (ctx.cell(a), ctx.cell(b));
        if !ctx.m.sees(va, vb) {
            ctx.m.house(vec![va, vb]);
        }
    }
}

/// A knight's move apart, digits differ: each such pair is a two-cell house.
pub(crate) fn anti_knight(ctx: &mut Ctx<'_>) {
    two_cell_houses(ctx, &KNIGHT);
}

/// A king's move apart, digits differ.
pub(crate) fn anti_king(ctx: &mut Ctx<'_>) {
    two_cell_houses(ctx, &KING);
}

/// Orthogonal neighbours are not consecutive: the pairs `(d, d + 1)` and `(d + 1, d)`
/// are forbidden, one secondary item each, covered by the two cells' options.
pub(crate) fn non_consecutive(ctx: &mut Ctx<'_>) {
    let n = ctx.max_digit();
    for (a, b) in pairs(ctx.n(), &ORTHOGONAL) {
        let (va, vb) = (ctx.cell(a), ctx.cell(b));
        for d in 1..n {
            forbid_pair(ctx, va, d, vb, d + 1);
            forbid_pair(ctx, va, d + 1, vb, d);
        }
    }
}

fn forbid_pair(ctx: &mut Ctx<'_>, a: u32, x: Val, b: u32, y: Val) {
    ctx.m.forbid(a, x, b, y);
}
