//! Anti-king: cells a king's move apart do not hold the same digit.

use crate::variant::rules::anti_knight::{check_apart, flag, two_cell_houses};
use crate::variant::rules::prelude::*;

/// Cells a king's move apart do not hold the same digit.
///
/// ```
/// use dlx_sudoku::variant::{AntiKing, Constraint};
/// assert_eq!(Constraint::from(AntiKing).name(), "anti-king");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AntiKing;

impl Rule for AntiKing {
    fn name(&self) -> &'static str {
        "anti-king"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        two_cell_houses(ctx, &KING);
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        check_apart(p, s, &KING)
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // A global rule: nothing to draw.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global("anti-king");
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.flag("antiking");
        Ok(())
    }
}

impl Read for AntiKing {
    const FPUZZLES_KEYS: &'static [&'static str] = &["antiking"];

    fn from_fpuzzles(key: &str, value: &Value, _fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        flag(key, value, AntiKing)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Global("anti-king")];

    fn from_toml(_key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![AntiKing])
    }
}

impl Sample for AntiKing {
    fn cases() -> Vec<Case> {
        vec![Case::new("anti-king", |_| Some(AntiKing.into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![AntiKing], Vec::new())
    }
}
