//! Slow thermometers: digits never decrease from the bulb (they may repeat where Sudoku
//! allows).

use crate::variant::encoding::neighbours;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A slow thermometer.
pub(crate) struct SlowThermometer;

impl LineRule for SlowThermometer {
    fn name(&self) -> &'static str {
        "slow thermometer"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 5)
    }

    fn loops(&self) -> bool {
        false
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        neighbours(&mut ctx.m, "slow", &vars, false, gate, |a, b| a <= b);
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        ensure(v.windows(2).all(|w| w[0] <= w[1]), || {
            format!("{} decrease", cells_text(line.cells))
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#c0c0c0",
            width: 10.0,
            dashed: true,
            ends: Ends::Bulb,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "slowthermometer"
    }

    fn toml_key(&self) -> &'static str {
        "slow-thermometer"
    }
}
