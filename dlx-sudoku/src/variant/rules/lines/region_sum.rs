//! Region-sum lines: region borders cut the line into segments with equal sums. A segment
//! is a maximal run of cells in one region; re-entering a region starts a new segment (as
//! the f-puzzles solver plug-in defines it). On a closed loop the first and last runs are
//! one segment when they lie in the same region.

use crate::sudoku::Shape;
use crate::variant::encoding::{sum_equals, Target};
use crate::variant::model::{Gate, Model};
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// A region-sum line.
pub(crate) struct RegionSum;

/// The line's segments.
fn segments(shape: &Shape, line: &Cells<'_>) -> Vec<Vec<Cell>> {
    let mut segs: Vec<Vec<Cell>> = Vec::new();
    for &c in line.cells {
        match segs.last_mut() {
            Some(seg) if shape.region_of(seg[0]) == shape.region_of(c) => seg.push(c),
            _ => segs.push(vec![c]),
        }
    }
    if line.closed && segs.len() > 1 {
        let first = segs[0][0];
        let last = *segs.last().and_then(|s| s.last()).expect("a cell");
        if shape.region_of(first) == shape.region_of(last) {
            let tail = segs.pop().expect("two segments");
            segs[0].splice(0..0, tail);
        }
    }
    segs
}

impl LineRule for RegionSum {
    fn name(&self) -> &'static str {
        "region-sum line"
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
        let segs = segments(&ctx.puzzle.shape, line);
        if segs.len() < 2 {
            return;
        }
        let seg_vars: Vec<Vec<Var>> = segs.iter().map(|s| ctx.cells(s)).collect();
        let m = &mut ctx.m;
        let range = |m: &Model, vs: &[Var]| -> (Val, Val) {
            vs.iter().fold((0, 0), |(lo, hi), &v| {
                (
                    lo + m.dom(v).min().unwrap_or(0),
                    hi + m.dom(v).max().unwrap_or(0),
                )
            })
        };
        let (mut lo, mut hi) = (Val::MIN, Val::MAX);
        for s in &seg_vars {
            let (a, b) = range(m, s);
            lo = lo.max(a);
            hi = hi.min(b);
        }
        let sum = m.aux("regionsum", Domain::range(lo, hi), gate);
        for s in &seg_vars {
            sum_equals(m, "regionsum", s, Target::Var(sum), gate);
        }
    }

    fn check(&self, p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        // Sums straight from the cells' regions, not from `segments`.
        let k = line.cells.len();
        let region = |i: usize| p.shape.region_of(line.cells[i % k]);
        // Start at a region change so that a closed loop's wrap joins its runs.
        let start = if line.closed {
            (0..k)
                .find(|&i| region(i) != region(i + k - 1))
                .unwrap_or(0)
        } else {
            0
        };
        let value = |i: usize| -> i64 { v[i % k] };
        let mut sums: Vec<i64> = Vec::new();
        for step in 0..k {
            let i = start + step;
            if step > 0 && region(i) == region(i - 1) {
                *sums.last_mut().expect("a segment is open") += value(i);
            } else {
                sums.push(value(i));
            }
        }
        ensure(sums.windows(2).all(|w| w[0] == w[1]), || {
            format!(
                "the segments of {} add up to {sums:?}",
                cells_text(line.cells)
            )
        })
    }

    fn style(&self) -> Style {
        Style {
            colour: "#4a90e2",
            width: 6.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "regionsumline"
    }

    fn toml_key(&self) -> &'static str {
        "region-sum"
    }
}
