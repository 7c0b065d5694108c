//! Lockout lines: the two ends (diamonds) differ by at least a difference (by default half
//! the grid size rounded down: 4 on 9×9), and every other cell on the line holds a digit
//! outside the range between the ends, ends included (strictly below the smaller or
//! strictly above the larger).

use crate::variant::encoding::try_table;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A lockout line.
pub(crate) struct Lockout {
    /// The least difference between the ends (`None`: half the size, rounded down).
    pub difference: Option<u32>,
}

impl Lockout {
    fn difference_for(&self, n: usize) -> i64 {
        self.difference.map_or(n as i64 / 2, i64::from)
    }
}

fn outside(a: Val, b: Val, x: Val) -> bool {
    x < a.min(b) || x > a.max(b)
}

impl LineRule for Lockout {
    fn name(&self) -> &'static str {
        "lockout line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 4)
    }

    fn loops(&self) -> bool {
        false
    }

    fn validate(&self, n: usize) -> Result<(), String> {
        let d = self.difference_for(n);
        ensure(d >= 1 && d < n as i64, || {
            format!("a lockout difference of {d} is not between 1 and {}", n - 1)
        })
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let k = vars.len();
        let d = self.difference_for(ctx.n()) as Val;
        let m = &mut ctx.m;
        let (a, b) = (vars[0], vars[k - 1]);
        let mut order = vec![a, b];
        order.extend(&vars[1..k - 1]);
        if try_table(m, "lockout", &order, gate, |p| {
            let l = p.len();
            (l < 2 || (p[0] - p[1]).abs() >= d) && (l < 3 || outside(p[0], p[1], p[l - 1]))
        }) {
            return;
        }
        m.small_table("lockout.ends", &[a, b], gate, |p| {
            p.len() < 2 || (p[0] - p[1]).abs() >= d
        });
        for &x in &vars[1..k - 1] {
            m.small_table("lockout", &[a, b, x], gate, |p| {
                p.len() < 3 || ((p[0] - p[1]).abs() >= d && outside(p[0], p[1], p[2]))
            });
        }
    }

    fn check(&self, p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let d = self.difference_for(p.size());
        let (lo, hi) = (v[0].min(v[k - 1]), v[0].max(v[k - 1]));
        ensure(hi - lo >= d, || {
            format!(
                "the ends {} and {} differ by less than {d}",
                line.cells[0],
                line.cells[k - 1]
            )
        })?;
        for (cell, &x) in line.cells.iter().zip(v).take(k - 1).skip(1) {
            ensure(x < lo || x > hi, || {
                format!("{cell} holds {x}, between {lo} and {hi}")
            })?;
        }
        Ok(())
    }

    fn style(&self) -> Style {
        Style {
            colour: "#6a8fd0",
            width: 6.0,
            dashed: false,
            ends: Ends::Diamonds,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "lockout"
    }

    fn toml_key(&self) -> &'static str {
        "lockout"
    }

    fn difference(&self) -> Option<Option<u32>> {
        Some(self.difference)
    }
}
