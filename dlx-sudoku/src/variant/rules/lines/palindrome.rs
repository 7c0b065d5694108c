//! Palindromes: the line reads the same backwards.

use crate::variant::encoding::try_table;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A palindrome line.
pub(crate) struct Palindrome;

impl LineRule for Palindrome {
    fn name(&self) -> &'static str {
        "palindrome"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 6)
    }

    fn loops(&self) -> bool {
        false
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let k = vars.len();
        let m = &mut ctx.m;
        if !try_table(m, "palindrome", &vars, gate, |p| {
            let l = p.len() - 1;
            l < k - 1 - l || p[l] == p[k - 1 - l]
        }) {
            for i in 0..k / 2 {
                m.small_table("palindrome", &[vars[i], vars[k - 1 - i]], gate, |p| {
                    p.len() < 2 || p[0] == p[1]
                });
            }
        }
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        ensure(v.iter().eq(v.iter().rev()), || {
            format!("{} is not a palindrome", cells_text(line.cells))
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#a0a0a0",
            width: 8.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "palindrome"
    }

    fn toml_key(&self) -> &'static str {
        "palindrome"
    }
}
