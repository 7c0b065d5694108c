//! Same-difference lines: neighbours on the line all differ by the same amount.

use crate::variant::encoding::try_table;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A same-difference line.
pub(crate) struct SameDifference;

impl LineRule for SameDifference {
    fn name(&self) -> &'static str {
        "same-difference line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 5)
    }

    fn loops(&self) -> bool {
        true
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let k = vars.len();
        let n = ctx.max_digit();
        let pairs = if line.closed { k } else { k - 1 };
        if pairs < 2 {
            return;
        }
        let closed = line.closed;
        let m = &mut ctx.m;
        if try_table(m, "samediff", &vars, gate, |p| {
            let l = p.len();
            let d0 = |p: &[Val]| (p[1] - p[0]).abs();
            (l < 3 || (p[l - 1] - p[l - 2]).abs() == d0(p))
                && (!closed || l < k || (p[0] - p[l - 1]).abs() == d0(p))
        }) {
            return;
        }
        let d = m.aux("samediff.d", Domain::range(0, n - 1), gate);
        for i in 0..pairs {
            let w = [vars[i], vars[(i + 1) % k]];
            m.small_table("samediff", &[d, w[0], w[1]], gate, |p| {
                p.len() < 3 || (p[1] - p[2]).abs() == p[0]
            });
        }
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let pairs = if line.closed { k } else { k - 1 };
        let diffs: Vec<i64> = (0..pairs).map(|i| (v[i] - v[(i + 1) % k]).abs()).collect();
        ensure(diffs.windows(2).all(|w| w[0] == w[1]), || {
            format!(
                "the differences along {} are {diffs:?}",
                cells_text(line.cells)
            )
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#f080b0",
            width: 6.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "samedifferenceline"
    }

    fn toml_key(&self) -> &'static str {
        "same-difference"
    }
}
