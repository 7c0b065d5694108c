//! "All dots are given": orthogonal neighbours without a clue of the kind do not have its
//! property.
//!
//! - Black dots: neighbours without a black dot are in none of the ratios the puzzle's
//!   black dots use (1:2 when it has none) — the f-puzzles solver plug-in's reading of
//!   `negative: ["ratio"]`.
//! - White dots: neighbours without a white dot are not consecutive (f-puzzles writes this
//!   rule as `nonconsecutive`; `negative: ["difference"]` is read the same way).
//! - As in the plug-in, a Kropki dot of either colour lifts both Kropki rules: the negative
//!   black rule does not apply across a white dot, nor the negative white rule across a
//!   black dot (a dot between 1 and 2 may be either colour).
//! - XV: neighbours without an X or a V add up to neither 10 nor 5 (f-puzzles always
//!   negates both).
//! - X alone: neighbours without an X do not add up to 10; V alone: neighbours without a
//!   V do not add up to 5 ("all V are given", while X is not negated, or the reverse: our
//!   TOML only, f-puzzles has no such rule). An X is an XV mark of sum 10, a V one of
//!   sum 5.

use std::collections::HashSet;

use crate::variant::rules::prelude::*;
use crate::variant::rules::{Ratio, Xv};

/// Which "all dots are given" rule.
///
/// ```
/// use dlx_sudoku::variant::NegativeKind;
/// assert_eq!(NegativeKind::Xv.name(), "negative XV");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NegativeKind {
    /// Orthogonal neighbours without a black dot are not in a ratio of the black dots.
    Ratio,
    /// Orthogonal neighbours without a white dot are not consecutive.
    Difference,
    /// Orthogonal neighbours without an X or a V sum to neither 10 nor 5.
    Xv,
    /// Orthogonal neighbours without an X do not sum to 10 (V not negated).
    X,
    /// Orthogonal neighbours without a V do not sum to 5 (X not negated).
    V,
}

impl NegativeKind {
    /// A human name for messages.
    ///
    /// See [`NegativeKind`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            NegativeKind::Ratio => "negative black dots",
            NegativeKind::Difference => "negative white dots",
            NegativeKind::Xv => "negative XV",
            NegativeKind::X => "negative X",
            NegativeKind::V => "negative V",
        }
    }
}

/// All dots of a kind are given.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Negative, NegativeKind};
/// assert_eq!(Constraint::from(Negative(NegativeKind::Ratio)).name(), "negative black dots");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Negative(pub NegativeKind);

/// Whether an XV mark of this sum lifts the rule: any mark for XV, an X (10) for X alone, a
/// V (5) for V alone; `None` for the Kropki rules.
fn lifts(kind: NegativeKind, sum: u32) -> Option<bool> {
    match kind {
        NegativeKind::Ratio | NegativeKind::Difference => None,
        NegativeKind::Xv => Some(true),
        NegativeKind::X => Some(sum == 10),
        NegativeKind::V => Some(sum == 5),
    }
}

/// The pairs of orthogonal neighbours that carry a clue lifting this rule: a Kropki dot of
/// either colour for the Kropki rules, an X or a V for XV, an X for X alone, a V for V
/// alone.
fn marked(p: &VariantPuzzle, kind: NegativeKind) -> HashSet<(Cell, Cell)> {
    if lifts(kind, 0).is_none() {
        return super::non_consecutive::kropki_dots(p);
    }
    p.constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Xv(d) if lifts(kind, d.sum) == Some(true) => {
                Some(pair_key(d.cells[0], d.cells[1]))
            }
            _ => None,
        })
        .collect()
}

/// The ratios the black dots use (2 when there are none).
fn ratios(p: &VariantPuzzle) -> Vec<i64> {
    let mut out: Vec<i64> = p
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Ratio(d) => Some(i64::from(d.ratio)),
            _ => None,
        })
        .collect();
    if out.is_empty() {
        out.push(2);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether a pair of digits has the property the rule forbids.
fn hit(kind: NegativeKind, ratios: &[i64], a: i64, b: i64) -> bool {
    match kind {
        NegativeKind::Ratio => ratios.iter().any(|&r| a == r * b || b == r * a),
        NegativeKind::Difference => (a - b).abs() == 1,
        NegativeKind::Xv => a + b == 5 || a + b == 10,
        NegativeKind::X => a + b == 10,
        NegativeKind::V => a + b == 5,
    }
}

impl Rule for Negative {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let kind = self.0;
        let marked = marked(ctx.puzzle, kind);
        let ratios = ratios(ctx.puzzle);
        let n = ctx.max_digit();
        for (a, b) in pairs(ctx.n(), &ORTHOGONAL) {
            if marked.contains(&(a, b)) {
                continue;
            }
            let (va, vb) = (ctx.cell(a), ctx.cell(b));
            let sees = ctx.m.sees(va, vb);
            for x in 1..=n {
                for y in 1..=n {
                    if (x == y && sees) || !hit(kind, &ratios, i64::from(x), i64::from(y)) {
                        continue;
                    }
                    ctx.m.forbid(va, x, vb, y);
                }
            }
        }
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let kind = self.0;
        let kropki = matches!(kind, NegativeKind::Ratio | NegativeKind::Difference);
        // The marks that lift the rule, straight from its statement.
        let mark = |sum: u32| match kind {
            NegativeKind::X => sum == 10,
            NegativeKind::V => sum == 5,
            NegativeKind::Xv | NegativeKind::Ratio | NegativeKind::Difference => true,
        };
        let ratios = ratios(p);
        let n = p.size();
        for r in 0..n {
            for c in 0..n {
                let a = Cell::new(r, c);
                for b in [Cell::new(r, c + 1), Cell::new(r + 1, c)] {
                    if b.row >= n || b.col >= n {
                        continue;
                    }
                    let clue = p.constraints.iter().any(|k| {
                        let cells = match k {
                            Constraint::Ratio(d) if kropki => d.cells,
                            Constraint::Difference(d) if kropki => d.cells,
                            Constraint::Xv(d) if !kropki && mark(d.sum) => d.cells,
                            _ => return false,
                        };
                        cells == [a, b] || cells == [b, a]
                    });
                    let (x, y) = (digit(s, a), digit(s, b));
                    ensure(clue || !hit(kind, &ratios, x, y), || {
                        format!("{a} and {b} hold {x} and {y} without a clue")
                    })?;
                }
            }
        }
        Ok(())
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // A global rule: nothing to draw.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global(match self.0 {
            NegativeKind::Ratio => "negative-black",
            NegativeKind::Difference => "negative-white",
            NegativeKind::Xv => "negative-xv",
            NegativeKind::X => "negative-x",
            NegativeKind::V => "negative-v",
        });
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        match self.0 {
            NegativeKind::Ratio => out.negative("ratio"),
            // f-puzzles' own name for negative white dots.
            NegativeKind::Difference => out.flag("nonconsecutive"),
            NegativeKind::Xv => out.negative("xv"),
            // f-puzzles negates X and V together only.
            NegativeKind::X | NegativeKind::V => return Err(Inexpressible),
        }
        Ok(())
    }
}

impl Read for Negative {
    const FPUZZLES_KEYS: &'static [&'static str] = &["negative"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let mut out = Vec::new();
        let mut unknown = Vec::new();
        for kind in fp.entries(key, value)? {
            match kind.as_str() {
                Some("ratio") => out.push(Negative(NegativeKind::Ratio)),
                Some("difference") => out.push(Negative(NegativeKind::Difference)),
                Some("xv") => out.push(Negative(NegativeKind::Xv)),
                _ => unknown.push(format!("negative {kind}")),
            }
        }
        if !unknown.is_empty() {
            return Err(FpuzzlesError::Unsupported {
                kinds: unknown,
                at: None,
            });
        }
        Ok(out)
    }

    const TOML_KEYS: &'static [TomlKey] = &[
        TomlKey::Global("negative-black"),
        TomlKey::Global("negative-white"),
        TomlKey::Global("negative-xv"),
        TomlKey::Global("negative-x"),
        TomlKey::Global("negative-v"),
    ];

    fn from_toml(key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![Negative(match key {
            "negative-black" => NegativeKind::Ratio,
            "negative-white" => NegativeKind::Difference,
            "negative-x" => NegativeKind::X,
            "negative-v" => NegativeKind::V,
            _ => NegativeKind::Xv,
        })])
    }
}

impl Sample for Negative {
    fn cases() -> Vec<Case> {
        let alone = |name, kind| Case::new(name, move |_| Some(Negative(kind).into()));
        vec![
            alone("negative-black", NegativeKind::Ratio),
            alone("negative-white", NegativeKind::Difference),
            alone("negative-xv", NegativeKind::Xv),
            alone("negative-x", NegativeKind::X),
            alone("negative-v", NegativeKind::V),
            // Black dots of ratio 2 or 3 beside "all black dots given".
            Case::new("black-and-negative", |g| {
                Some(if g.chance(30) {
                    Negative(NegativeKind::Ratio).into()
                } else {
                    Ratio {
                        cells: g.pair(),
                        ratio: 2 + u32::from(g.chance(50)),
                    }
                    .into()
                })
            }),
            // Marks of either kind with "all X given" or "all V given" (or both): a mark
            // lifts only its own kind's rule.
            Case::new("xv-and-negative", |g| {
                Some(if g.chance(30) {
                    let kinds = [NegativeKind::X, NegativeKind::V, NegativeKind::Xv];
                    Negative(kinds[g.below(3)]).into()
                } else {
                    Xv {
                        cells: g.pair(),
                        sum: [10, 5][g.below(2)],
                    }
                    .into()
                })
            }),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Negative(NegativeKind::Ratio), Negative(NegativeKind::Xv)],
            // f-puzzles negates X and V together.
            vec![Negative(NegativeKind::X), Negative(NegativeKind::V)],
        )
    }
}
