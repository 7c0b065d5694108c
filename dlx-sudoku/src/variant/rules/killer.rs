//! Killer cages: digits in the cage do not repeat and, when a sum is given, add up to it.
//! Also the "45 rule": implied cages from the remainders of full houses.

use crate::variant::rules::prelude::*;

/// A killer cage: its digits do not repeat and, when a sum is given, add up to it.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Killer, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.givens = "1234............".parse()?;
/// p.constraints.push(Killer { cells: vec![Cell::new(1, 0), Cell::new(1, 1)], sum: Some(7) }.into());
/// let s = VariantSolver::new(&p)?.first().solution().unwrap();
/// assert_eq!(s.grid.get(Cell::new(1, 0)).unwrap() + s.grid.get(Cell::new(1, 1)).unwrap(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Killer {
    /// The cage.
    pub cells: Vec<Cell>,
    /// The total, if given.
    pub sum: Option<u32>,
}

/// Killer cages up to this many permutations are one table.
pub(crate) const KILLER_TABLE_CAP: usize = 2000;

/// A cage with a sum (its digits already differ: the cage is a house). Small cages are one
/// table of digit permutations; large ones choose the cage's set of digits (each digit's
/// membership an auxiliary, coloured by the cells' own options).
pub(crate) fn cage_sum(ctx: &mut Ctx<'_>, cells: &[Cell], sum: Val) {
    let vars = ctx.cells(cells);
    let k = vars.len();
    let n = ctx.max_digit();
    // Suffix bounds for pruning.
    let mut suf_lo = vec![0 as Val; k + 1];
    let mut suf_hi = vec![0 as Val; k + 1];
    for i in (0..k).rev() {
        let d = ctx.m.dom(vars[i]);
        suf_lo[i] = suf_lo[i + 1] + d.min().unwrap_or(0);
        suf_hi[i] = suf_hi[i + 1] + d.max().unwrap_or(0);
    }
    let cap = KILLER_TABLE_CAP.min(ctx.m.table_cap);
    let small = ctx.m.table("cage", &vars, None, Some(cap), |p| {
        let s: Val = p.iter().sum();
        s + suf_lo[p.len()] <= sum && s + suf_hi[p.len()] >= sum
    });
    if small.is_ok() {
        return;
    }
    // The set of digits: member[d] = 1 when some cell holds d.
    let member: Vec<Var> = (1..=n)
        .map(|d| ctx.m.aux(&format!("cage.in{d}"), Domain::range(0, 1), None))
        .collect();
    for &v in &vars {
        let values: Vec<Val> = ctx.m.dom(v).iter().collect();
        for d in values {
            ctx.m.attach(v, d, member[(d - 1) as usize], 1);
        }
    }
    let k = k as Val;
    ctx.m.small_table("cage.set", &member, None, |p| {
        // Digits 1..=l are decided: `count` of them chosen, adding up to `s`.
        let l = p.len() as Val;
        let count: Val = p.iter().sum();
        let s: Val = p.iter().enumerate().map(|(i, &b)| (i as Val + 1) * b).sum();
        let need = k - count;
        if need < 0 || need > n - l {
            return false;
        }
        let max_add: Val = (0..need).map(|j| n - j).sum();
        let min_add: Val = (1..=need).map(|j| l + j).sum();
        s + min_add <= sum && sum <= s + max_add
    });
}

/// The "45 rule": a full house holds every digit once, so the cells of a house outside the
/// killer cages (with sums) that lie wholly inside it add up to the house's total minus the
/// cages' sums. Those cells form an implied cage (their digits differ: they share the
/// house), encoded like any other. Redundant, so no solution changes, but propagation then
/// sees sums that no single rule states.
pub(crate) fn implied_cages(ctx: &mut Ctx<'_>) {
    let n = ctx.max_digit();
    let total = n * (n + 1) / 2;
    let cages: Vec<(&[Cell], Val)> = ctx
        .puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer(Killer {
                cells,
                sum: Some(s),
            }) => Some((cells.as_slice(), *s as Val)),
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return;
    }
    let mut implied = Vec::new();
    for house in ctx.puzzle.shape.houses() {
        if !house.is_full(n as usize) {
            continue;
        }
        let inside = |c: &Cell| house.cells().contains(c);
        let mut covered: Vec<Cell> = Vec::new();
        let mut sum = 0;
        for &(cells, s) in &cages {
            if cells.iter().all(inside) && !cells.iter().any(|c| covered.contains(c)) {
                covered.extend_from_slice(cells);
                sum += s;
            }
        }
        let rest: Vec<Cell> = house
            .cells()
            .iter()
            .copied()
            .filter(|c| !covered.contains(c))
            .collect();
        // Only short remainders: their sums say much and their tables are small.
        if !covered.is_empty() && !rest.is_empty() && rest.len() * 2 <= n as usize + 1 {
            implied.push((rest, total - sum));
        }
    }
    for (cells, sum) in implied {
        cage_sum(ctx, &cells, sum);
    }
}

impl Rule for Killer {
    fn name(&self) -> &'static str {
        "killer cage"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(!self.cells.is_empty(), || "no cells".into())?;
        no_repeats(&self.cells)
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.cells);
        ctx.m.house(vars);
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        if let Some(s) = self.sum {
            cage_sum(ctx, &self.cells, s as Val);
        }
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let v = digits(s, &self.cells);
        distinct(&v, &self.cells)?;
        if let Some(t) = self.sum {
            let total: i64 = v.iter().sum();
            ensure(total == i64::from(t), || {
                format!("{} add up to {total}, not {t}", cells_text(&self.cells))
            })?;
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        canvas.outline(&self.cells, "#000000", true);
        // The sum in the top-left corner of the cage's first cell in reading order.
        if let (Some(s), Some(first)) = (self.sum, self.cells.iter().min()) {
            canvas.corner_label(*first, &s.to_string());
        }
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        if let Some(s) = self.sum {
            t.insert("sum".into(), i64::from(s).into());
        }
        out.table("killer", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "killercage",
            match self.sum {
                Some(s) => json!({"cells": FpOut::names(&self.cells), "value": s.to_string()}),
                None => json!({"cells": FpOut::names(&self.cells)}),
            },
        );
        Ok(())
    }
}

impl Read for Killer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["killercage"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        fp.entries(key, value)?
            .iter()
            .map(|e| {
                Ok(Killer {
                    cells: fp.cells(key, e.get("cells"))?,
                    // A sum of 0 is no sum (f-puzzles' empty clue; the solver plug-in
                    // reads it so).
                    sum: fp.number(key, e.get("value"))?.filter(|&s| s > 0),
                })
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("killer")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "sum"])?;
        Ok(vec![Killer {
            cells: item.cells("cells")?,
            sum: item.opt_int("sum")?,
        }])
    }
}
