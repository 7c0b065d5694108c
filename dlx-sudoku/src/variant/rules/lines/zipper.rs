//! Zipper lines: digits equidistant from the centre sum to the centre digit (odd length)
//! or to the sum of the middle pair (even length).

use crate::variant::encoding::try_table;
use crate::variant::model::{Gate, Model};
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A zipper line.
pub(crate) struct Zipper;

impl LineRule for Zipper {
    fn name(&self) -> &'static str {
        "zipper line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (3, 7)
    }

    fn loops(&self) -> bool {
        false
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let n = ctx.max_digit();
        zipper(&mut ctx.m, &vars, gate, n);
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let target = if k % 2 == 1 {
            v[k / 2]
        } else {
            v[k / 2 - 1] + v[k / 2]
        };
        for i in 0..k / 2 {
            ensure(v[i] + v[k - 1 - i] == target, || {
                format!(
                    "{} + {} on {} is not {target}",
                    v[i],
                    v[k - 1 - i],
                    cells_text(line.cells)
                )
            })?;
        }
        Ok(())
    }

    fn style(&self) -> Style {
        Style {
            colour: "#b0a0e0",
            width: 8.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "zipperline"
    }

    fn toml_key(&self) -> &'static str {
        "zipper"
    }
}

/// The centre (or the middle pair's sum, an auxiliary) and one ternary table per mirrored
/// pair, unless one table over the line is small enough.
fn zipper(m: &mut Model, vars: &[Var], gate: Option<Gate>, n: Val) {
    let k = vars.len();
    if k < 3 {
        return;
    }
    // Order: the centre (or the middle pair) first, then the pairs outwards.
    let mut order: Vec<Var> = Vec::with_capacity(k);
    let head = if k % 2 == 1 {
        order.push(vars[k / 2]);
        1
    } else {
        order.push(vars[k / 2 - 1]);
        order.push(vars[k / 2]);
        2
    };
    for i in (0..k / 2 - (head - 1)).rev() {
        order.push(vars[i]);
        order.push(vars[k - 1 - i]);
    }
    let target = move |p: &[Val]| if head == 1 { p[0] } else { p[0] + p[1] };
    if try_table(m, "zipper", &order, gate, |p| {
        let l = p.len();
        l <= head || (l - head) % 2 == 1 || p[l - 2] + p[l - 1] == target(p)
    }) {
        return;
    }
    let sum = if head == 1 {
        vars[k / 2]
    } else {
        let s = m.aux("zipper.sum", Domain::range(2, 2 * n), gate);
        m.small_table("zipper.mid", &[s, order[0], order[1]], gate, |p| {
            p.len() < 3 || p[0] == p[1] + p[2]
        });
        s
    };
    for pair in order[head..].chunks(2) {
        m.small_table("zipper", &[sum, pair[0], pair[1]], gate, |p| {
            p.len() < 3 || p[0] == p[1] + p[2]
        });
    }
}
