//! Modular lines: every three neighbouring cells hold one digit of each remainder modulo 3
//! (147, 258, 369 on 9×9); on a line of two cells the remainders differ (the f-puzzles
//! solver plug-in's definition).

use crate::variant::encoding::three_classes;
use crate::variant::model::Gate;
use crate::variant::rules::lines::entropic::check_classes;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A modular line.
pub(crate) struct Modular;

impl LineRule for Modular {
    fn name(&self) -> &'static str {
        "modular line"
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

    fn validate(&self, n: usize) -> Result<(), String> {
        ensure(n >= 3, || {
            format!("modular lines need a grid of 3×3 or more, not {n}×{n}")
        })
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        three_classes(
            &mut ctx.m,
            "modular",
            &vars,
            line.closed,
            gate,
            "mod3",
            |x| x % 3,
        );
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        check_classes(line, v, |x| x % 3, "remainder modulo 3")
    }

    fn style(&self) -> Style {
        Style {
            colour: "#33bbbb",
            width: 6.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "modularline"
    }

    fn toml_key(&self) -> &'static str {
        "modular"
    }
}
