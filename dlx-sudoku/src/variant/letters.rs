//! Letters standing for unknown digits: each letter is a decided variable (its own
//! primary item, one option per digit), all letters in one house so that they differ.

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::model::{Domain, Val};

/// A cell that holds a letter's digit: a table of `n` equal pairs.
pub(crate) fn letter_cell(ctx: &mut Ctx<'_>, cell: Cell, letter: char) {
    let (v, l) = (ctx.cell(cell), ctx.letter(letter));
    ctx.m
        .small_table("letter", &[l, v], None, |p| p.len() < 2 || p[0] == p[1]);
}

/// A letter in a circle: its digit appears in one of the cells. One table over the letter
/// and the cells when small; otherwise an auxiliary "first cell holding it" `W`, with one
/// table per cell `j`: before `W` the cell differs from the letter, at `W` it equals it,
/// after `W` anything goes (one alternative that names only `W`), so each grid has
/// exactly one encoding.
pub(crate) fn letter_circle(ctx: &mut Ctx<'_>, cells: &[Cell], letter: char) {
    let l = ctx.letter(letter);
    let vars = ctx.cells(cells);
    let k = vars.len();
    let mut all = vec![l];
    all.extend(&vars);
    if ctx
        .m
        .table("circle", &all, None, Some(ctx.m.table_cap), |p| {
            p.len() < k + 1 || p[1..].contains(&p[0])
        })
        .is_ok()
    {
        return;
    }
    let first = ctx
        .m
        .aux("circle.first", Domain::range(0, k as Val - 1), None);
    for (j, &v) in vars.iter().enumerate() {
        let j = j as Val;
        let mut alts = Vec::new();
        for w in 0..k as Val {
            if w < j {
                alts.push(vec![(first, w)]);
                continue;
            }
            for x in ctx.m.dom(l).iter() {
                for y in ctx.m.dom(v).iter() {
                    if (w == j && x == y) || (w > j && x != y) {
                        alts.push(vec![(first, w), (l, x), (v, y)]);
                    }
                }
            }
        }
        ctx.m.choice("circle", alts);
    }
}
