//! Anti-knight: cells a knight's move apart do not hold the same digit.

use crate::variant::rules::prelude::*;

/// Cells a knight's move apart do not hold the same digit.
///
/// ```
/// use dlx_sudoku::variant::{AntiKnight, Constraint};
/// assert_eq!(Constraint::from(AntiKnight).name(), "anti-knight");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AntiKnight;

/// Each pair of cells at one of the offsets, not already in a common house, becomes a
/// two-cell house.
pub(crate) fn two_cell_houses(ctx: &mut Ctx<'_>, offsets: &[Offset]) {
    for (a, b) in pairs(ctx.n(), offsets) {
        let (va, vb) = (ctx.cell(a), ctx.cell(b));
        if !ctx.m.sees(va, vb) {
            ctx.m.house(vec![va, vb]);
        }
    }
}

/// No two cells at one of the offsets hold the same digit.
pub(crate) fn check_apart(p: &VariantPuzzle, s: &VariantSolution, offsets: &[Offset]) -> Check {
    for (a, b) in pairs(p.size(), offsets) {
        ensure(digit(s, a) != digit(s, b), || {
            format!("{a} and {b} both hold {}", digit(s, a))
        })?;
    }
    Ok(())
}

/// Reads a flag (`"antiknight": true`).
pub(crate) fn flag<T>(key: &str, value: &Value, rule: T) -> Result<Vec<T>, FpuzzlesError> {
    match value {
        Value::Bool(true) => Ok(vec![rule]),
        _ => Err(malformed(key, "expected true or false")),
    }
}

impl Rule for AntiKnight {
    fn name(&self) -> &'static str {
        "anti-knight"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        two_cell_houses(ctx, &KNIGHT);
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        check_apart(p, s, &KNIGHT)
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // A global rule: nothing to draw (the rules text says it).
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global("anti-knight");
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.flag("antiknight");
        Ok(())
    }
}

impl Read for AntiKnight {
    const FPUZZLES_KEYS: &'static [&'static str] = &["antiknight"];

    fn from_fpuzzles(key: &str, value: &Value, _fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        flag(key, value, AntiKnight)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Global("anti-knight")];

    fn from_toml(_key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![AntiKnight])
    }
}

impl Sample for AntiKnight {
    fn cases() -> Vec<Case> {
        vec![Case::new("anti-knight", |_| Some(AntiKnight.into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![AntiKnight], Vec::new())
    }
}
