//! Dots between two cells: Kropki (black ratio, white difference), XV, and the negative
//! constraints "all dots are given".

use std::collections::HashSet;

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::global::{pairs, ORTHOGONAL};
use crate::variant::model::Val;
use crate::variant::puzzle::{Constraint, NegativeKind};

fn pair_table(ctx: &mut Ctx<'_>, name: &str, cells: [Cell; 2], ok: impl Fn(Val, Val) -> bool) {
    let vars = ctx.cells(&cells);
    ctx.m
        .small_table(name, &vars, None, |p| p.len() < 2 || ok(p[0], p[1]));
}

/// A black dot: one digit is `ratio` times the other.
pub(crate) fn ratio(ctx: &mut Ctx<'_>, cells: [Cell; 2], ratio: Val) {
    pair_table(ctx, "black", cells, |a, b| a == ratio * b || b == ratio * a);
}

/// A white dot: the digits differ by `difference`.
pub(crate) fn difference(ctx: &mut Ctx<'_>, cells: [Cell; 2], difference: Val) {
    pair_table(ctx, "white", cells, |a, b| (a - b).abs() == difference);
}

/// An X or a V: the digits add up to `sum`.
pub(crate) fn xv(ctx: &mut Ctx<'_>, cells: [Cell; 2], sum: Val) {
    pair_table(ctx, "xv", cells, |a, b| a + b == sum);
}

/// The unordered pair of two cells.
fn key(a: Cell, b: Cell) -> (Cell, Cell) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Whether a pair of digits breaks the negative rule.
pub(crate) fn negative_hit(kind: NegativeKind, a: Val, b: Val) -> bool {
    match kind {
        NegativeKind::Ratio => a == 2 * b || b == 2 * a,
        NegativeKind::Difference => (a - b).abs() == 1,
        NegativeKind::Xv => a + b == 5 || a + b == 10,
    }
}

/// The pairs of orthogonal neighbours that carry a clue of this kind.
pub(crate) fn marked_pairs(
    constraints: &[Constraint],
    kind: NegativeKind,
) -> HashSet<(Cell, Cell)> {
    constraints
        .iter()
        .filter_map(|c| match (c, kind) {
            (Constraint::Ratio { cells, .. }, NegativeKind::Ratio)
            | (Constraint::Difference { cells, .. }, NegativeKind::Difference)
            | (Constraint::Xv { cells, .. }, NegativeKind::Xv) => Some(key(cells[0], cells[1])),
            _ => None,
        })
        .collect()
}

/// All dots given: every orthogonal pair without a clue of this kind is not in the ratio
/// 1:2 (black), not consecutive (white), or sums to neither 5 nor 10 (XV). Each forbidden
/// pair of digits is one secondary item covered by both cells' options.
pub(crate) fn negative(ctx: &mut Ctx<'_>, kind: NegativeKind) {
    let marked = marked_pairs(&ctx.puzzle.constraints, kind);
    let n = ctx.max_digit();
    for (a, b) in pairs(ctx.n(), &ORTHOGONAL) {
        if marked.contains(&key(a, b)) {
            continue;
        }
        let (va, vb) = (ctx.cell(a), ctx.cell(b));
        let sees = ctx.m.sees(va, vb);
        for x in 1..=n {
            for y in 1..=n {
                if (x == y && sees) || !negative_hit(kind, x, y) {
                    continue;
                }
                ctx.m.forbid(va, x, vb, y);
            }
        }
    }
}
