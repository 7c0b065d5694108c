//! Killer cages: digits in the cage do not repeat and, when a sum is given, add up to it.
//! (The 45 rule's implied sums are in `innies.rs`.)

use crate::variant::encoding::{digit_set_sum, suffix_bounds, Target};
use crate::variant::model::{Linear, Model};
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

/// Killer cages up to this many permutations are one table; larger ones choose their set
/// of digits. A table is arc consistent on the cage, but the clause solver pays for each
/// permutation (a selector, its clauses, long support clauses): on extreme killers (no
/// givens, 17-21 cages of 4-6 cells) a cap of 2000 permutations ran at a fifth of the
/// conflicts per second of the sets of digits for the same number of conflicts or more
/// (Wecoc #2: 126,591 conflicts, 13.7 s; sets: 13,906 conflicts, 1.2 s with the 45 rule's
/// sums). Two-cell cages (at most 8 permutations) and three-cell ones (at most 48) stay
/// tables.
pub(crate) const KILLER_TABLE_CAP: usize = 64;

/// A cage with a sum (its digits already differ: the cage is a house). Small cages are one
/// table of digit permutations; large ones choose the cage's set of digits (each digit's
/// membership an auxiliary, coloured by the cells' own options).
pub(crate) fn cage_sum(ctx: &mut Ctx<'_>, cells: &[Cell], sum: Val) {
    let vars = ctx.cells(cells);
    let k = vars.len();
    let n = ctx.max_digit();
    ctx.m.cage_sums.push((vars.clone(), sum));
    // Suffix bounds for pruning.
    let (suf_lo, suf_hi) = suffix_bounds(&ctx.m, &vars, k);
    let cap = KILLER_TABLE_CAP.min(ctx.m.table_cap);
    let small = !surely_more_permutations(&ctx.m, &vars, sum, n, cap)
        && ctx
            .m
            .table("cage", &vars, None, Some(cap), |p| {
                let s: Val = p.iter().sum();
                s + suf_lo[p.len()] <= sum && s + suf_hi[p.len()] >= sum
            })
            .is_ok();
    if small {
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
    ctx.m.digit_set(vars.clone(), member.clone());
    // The total again, for the sum propagator's bounds (the set table holds it already):
    // on the 61 hard puzzles, 20 % fewer conflicts.
    ctx.m.implied_linears.push(Linear {
        groups: vec![vars.clone()],
        target: Target::Const(sum),
    });
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

/// Whether a cage surely has more than `cap` permutations of digits, known without
/// listing them: each set of digits that every cell can hold and that adds up to `sum`
/// gives `k!` of them (the table's enumeration would give up past `cap`: on a cage of five
/// or more open cells, thousands of steps for nothing).
fn surely_more_permutations(m: &Model, vars: &[Var], sum: Val, n: Val, cap: usize) -> bool {
    let k = vars.len();
    if !(1..=16).contains(&n) || k == 0 {
        return false;
    }
    // The digits every cell can hold, as bits 1..=n.
    let common = vars.iter().fold(!0u32, |acc, &v| {
        acc & m
            .dom(v)
            .iter()
            .filter(|x| (1..=n).contains(x))
            .fold(0u32, |b, x| b | 1 << x)
    });
    let permutations = (1..=k).fold(1usize, |f, i| f.saturating_mul(i));
    let mut sets = 0usize;
    for set in 0u32..1 << n {
        let digits = set << 1;
        if digits & !common != 0 || set.count_ones() as usize != k {
            continue;
        }
        if digit_set_sum(u64::from(digits)) == sum {
            sets += 1;
            if sets.saturating_mul(permutations) > cap {
                return true;
            }
        }
    }
    false
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

impl Sample for Killer {
    fn cases() -> Vec<Case> {
        let cage = |g: &mut Gen<'_>, with_sum: bool| {
            let l = g.len(2, 4);
            let cells = g.walk(l, true);
            let sum = with_sum.then(|| cells.iter().map(|&c| g.digit(c)).sum());
            Some(Killer { cells, sum }.into())
        };
        vec![
            Case::new("killer", move |g| cage(g, true)),
            Case::new("killer-nosum", move |g| cage(g, false)),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![
                Killer {
                    cells: vec![at(9, 1), at(9, 2)],
                    sum: Some(7),
                },
                Killer {
                    cells: vec![at(9, 3)],
                    sum: None,
                },
            ],
            Vec::new(),
        )
    }
}
