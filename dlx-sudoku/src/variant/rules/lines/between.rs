//! Between lines: the cells strictly between the two ends (circles) hold digits strictly
//! between theirs.

use crate::variant::encoding::try_table;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A between line.
pub(crate) struct Between;

impl LineRule for Between {
    fn name(&self) -> &'static str {
        "between line"
    }

    fn min_cells(&self) -> usize {
        3
    }

    fn random_lengths(&self) -> (usize, usize) {
        (3, 5)
    }

    fn loops(&self) -> bool {
        false
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let k = vars.len();
        let m = &mut ctx.m;
        let mut order = vec![vars[0], vars[k - 1]];
        order.extend(&vars[1..k - 1]);
        let between = |lo: Val, hi: Val, x: Val| lo.min(hi) < x && x < lo.max(hi);
        if !try_table(m, "between", &order, gate, |p| {
            p.len() < 3 || between(p[0], p[1], p[p.len() - 1])
        }) {
            for &x in &vars[1..k - 1] {
                m.small_table("between", &[vars[0], vars[k - 1], x], gate, |p| {
                    p.len() < 3 || between(p[0], p[1], p[2])
                });
            }
        }
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let (lo, hi) = (v[0].min(v[k - 1]), v[0].max(v[k - 1]));
        ensure(v[1..k - 1].iter().all(|&x| lo < x && x < hi), || {
            format!(
                "the middle of {} is not between {} and {}",
                cells_text(line.cells),
                v[0],
                v[k - 1]
            )
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#9ccfe8",
            width: 6.0,
            dashed: false,
            ends: Ends::Circles,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "betweenline"
    }

    fn toml_key(&self) -> &'static str {
        "between"
    }
}
