//! Parity lines: neighbours alternate odd and even.

use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A parity line.
pub(crate) struct Parity;

impl LineRule for Parity {
    fn name(&self) -> &'static str {
        "parity line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 6)
    }

    fn loops(&self) -> bool {
        true
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let m = &mut ctx.m;
        let feats: Vec<Var> = vars
            .iter()
            .map(|&v| m.feature(v, "par", |x| x % 2))
            .collect();
        // A closed loop of odd length cannot alternate.
        let alts = if line.closed && feats.len() % 2 == 1 {
            Vec::new()
        } else {
            (0..2)
                .map(|b| {
                    feats
                        .iter()
                        .enumerate()
                        .map(|(i, &f)| (f, (b + i as Val) % 2))
                        .collect()
                })
                .collect()
        };
        m.gated_choice("parity", alts, gate, &[]);
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let k = v.len();
        let pairs = if line.closed { k } else { k - 1 };
        for i in 0..pairs {
            let j = (i + 1) % k;
            ensure((v[i] + v[j]) % 2 == 1, || {
                format!(
                    "{} and {} have the same parity",
                    line.cells[i], line.cells[j]
                )
            })?;
        }
        Ok(())
    }

    fn style(&self) -> Style {
        Style {
            colour: "#e05555",
            width: 6.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "parityline"
    }

    fn toml_key(&self) -> &'static str {
        "parity"
    }
}
