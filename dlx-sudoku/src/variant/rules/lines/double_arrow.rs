//! Double arrows: the cells between the two ends (circles) add up to the sum of the ends.

use crate::variant::encoding::{bounds, try_table, Target};
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;
use crate::variant::rules::sums::grouped_sum;

/// A double arrow.
pub(crate) struct DoubleArrow;

impl LineRule for DoubleArrow {
    fn name(&self) -> &'static str {
        "double arrow"
    }

    fn min_cells(&self) -> usize {
        3
    }

    fn random_lengths(&self) -> (usize, usize) {
        (3, 4)
    }

    fn loops(&self) -> bool {
        false
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let k = vars.len();
        let m = &mut ctx.m;
        let (a, b) = (vars[0], vars[k - 1]);
        let inner = &vars[1..k - 1];
        // Suffix bounds of the inner cells, to prune the table's prefixes.
        let mut suf = vec![(0 as Val, 0 as Val); inner.len() + 1];
        for i in (0..inner.len()).rev() {
            let (lo, hi) = bounds(m, inner[i]);
            suf[i] = (suf[i + 1].0 + lo, suf[i + 1].1 + hi);
        }
        let mut order = vec![a, b];
        order.extend(inner);
        if try_table(m, "doublearrow", &order, gate, |p| {
            if p.len() < 2 {
                return true;
            }
            let goal = p[0] + p[1];
            let s: Val = p[2..].iter().sum();
            let rest = suf[p.len() - 2];
            s + rest.0 <= goal && goal <= s + rest.1
        }) {
            return;
        }
        let (alo, ahi) = bounds(m, a);
        let (blo, bhi) = bounds(m, b);
        let sum = m.aux("doublearrow.sum", Domain::range(alo + blo, ahi + bhi), gate);
        m.small_table("doublearrow.ends", &[sum, a, b], gate, |p| {
            p.len() < 3 || p[0] == p[1] + p[2]
        });
        grouped_sum(m, "doublearrow", inner, Target::Var(sum), gate);
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let total: i64 = v[1..k - 1].iter().sum();
        ensure(total == v[0] + v[k - 1], || {
            format!(
                "{} add up to {total}, not {} + {}",
                cells_text(&line.cells[1..k - 1]),
                v[0],
                v[k - 1]
            )
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#c54b8b",
            width: 3.0,
            dashed: false,
            ends: Ends::Circles,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "doublearrow"
    }

    fn toml_key(&self) -> &'static str {
        "double-arrow"
    }
}
