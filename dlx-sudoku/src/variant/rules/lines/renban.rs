//! Renban lines: a set of consecutive digits in any order, no repeats.

use crate::variant::encoding::try_table;
use crate::variant::model::{Gate, Model};
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A renban line.
pub(crate) struct Renban;

impl LineRule for Renban {
    fn name(&self) -> &'static str {
        "renban line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (2, 4)
    }

    fn loops(&self) -> bool {
        // A set of cells: a loop is the same rule.
        true
    }

    fn declare(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>) {
        let vars = ctx.cells(line.cells);
        ctx.m.house(vars);
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let n = ctx.max_digit();
        renban(&mut ctx.m, &vars, gate, n);
    }

    fn check(&self, _p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let mut sorted = v.to_vec();
        sorted.sort_unstable();
        ensure(sorted.windows(2).all(|w| w[1] == w[0] + 1), || {
            format!(
                "{} are not a run of consecutive digits",
                cells_text(line.cells)
            )
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#d56cf0",
            width: 8.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "renban"
    }

    fn toml_key(&self) -> &'static str {
        "renban"
    }
}

/// Distinct digits forming a run. Without a gate, the clause solver is told the run
/// itself ([`Model::run`]: the window of digits the cells fill, a handful of literals),
/// and the tables below are for the exact cover problem only: a table of a six-cell
/// renban has 2,880 rows, whose selectors made the clause solver's propagation its whole
/// cost (Hard renban 3: 1,400 conflicts a second).
fn renban(m: &mut Model, vars: &[Var], gate: Option<Gate>, n: Val) {
    let k = vars.len() as Val;
    if k > n {
        m.choice("renban", Vec::new());
        return;
    }
    if gate.is_none() {
        m.run(vars.to_vec());
        m.links_only_sum(|m| renban_tables(m, vars, None, n));
    } else {
        renban_tables(m, vars, gate, n);
    }
}

/// One table if small; else an auxiliary "lowest digit" `L` with a table `L ≤ x < L + k`
/// per cell (the cells differ through their house, or pairwise tables under a gate).
fn renban_tables(m: &mut Model, vars: &[Var], gate: Option<Gate>, n: Val) {
    let k = vars.len() as Val;
    if try_table(m, "renban", vars, gate, |p| {
        let l = p.len();
        let (lo, hi) = (p.iter().min().unwrap(), p.iter().max().unwrap());
        hi - lo < k && !p[..l - 1].contains(&p[l - 1])
    }) {
        return;
    }
    if gate.is_some() {
        for j in 0..vars.len() {
            for i in 0..j {
                m.small_table("renban.ne", &[vars[i], vars[j]], gate, |p| {
                    p.len() < 2 || p[0] != p[1]
                });
            }
        }
    }
    let low = m.aux("renban.low", Domain::range(1, n - k + 1), gate);
    for &v in vars {
        m.small_table("renban", &[low, v], gate, |p| {
            p.len() < 2 || (p[0] <= p[1] && p[1] < p[0] + k)
        });
    }
}
