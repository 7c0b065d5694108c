//! Nabner lines: no two digits on the line are equal or consecutive.

use crate::variant::encoding::all_pairs;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A nabner line.
pub(crate) struct Nabner;

impl LineRule for Nabner {
    fn name(&self) -> &'static str {
        "nabner line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 3)
    }

    fn loops(&self) -> bool {
        true
    }

    fn declare(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>) {
        let vars = ctx.cells(line.cells);
        ctx.m.house(vars.clone());
        let n = ctx.max_digit();
        for j in 0..vars.len() {
            for i in 0..j {
                for d in 1..n {
                    ctx.m.forbid(vars[i], d, vars[j], d + 1);
                    ctx.m.forbid(vars[i], d + 1, vars[j], d);
                }
            }
        }
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        // Ungated, the house and forbidden pairs of `declare` are the whole rule.
        if gate.is_some() {
            let vars = ctx.cells(line.cells);
            all_pairs(&mut ctx.m, "nabner", &vars, gate, |a, b| (a - b).abs() >= 2);
        }
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        for j in 0..v.len() {
            for i in 0..j {
                ensure((v[i] - v[j]).abs() >= 2, || {
                    format!(
                        "{} and {} hold {} and {}",
                        line.cells[i], line.cells[j], v[i], v[j]
                    )
                })?;
            }
        }
        Ok(())
    }

    fn style(&self) -> Style {
        Style {
            colour: "#e6d44a",
            width: 8.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "nabner"
    }

    fn toml_key(&self) -> &'static str {
        "nabner"
    }
}
