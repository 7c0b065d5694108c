//! Extra regions: their digits do not repeat.

use crate::variant::rules::prelude::*;

/// An extra region: its digits do not repeat.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, ExtraRegion};
/// let r: Constraint = ExtraRegion { cells: vec![Cell::new(0, 0), Cell::new(1, 1)] }.into();
/// assert_eq!(r.name(), "extra region");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExtraRegion {
    /// The region.
    pub cells: Vec<Cell>,
}

impl Rule for ExtraRegion {
    fn name(&self) -> &'static str {
        "extra region"
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

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        distinct(&digits(s, &self.cells), &self.cells)
    }

    fn draw(&self, canvas: &mut Canvas) {
        canvas.fill_cells(&self.cells, "#e8e8e8");
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        out.table("region", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push("extraregion", json!({"cells": FpOut::names(&self.cells)}));
        Ok(())
    }
}

impl Read for ExtraRegion {
    const FPUZZLES_KEYS: &'static [&'static str] = &["extraregion"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        fp.entries(key, value)?
            .iter()
            .map(|e| {
                Ok(ExtraRegion {
                    cells: fp.cells(key, e.get("cells"))?,
                })
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("region")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells"])?;
        Ok(vec![ExtraRegion {
            cells: item.cells("cells")?,
        }])
    }
}

impl Sample for ExtraRegion {
    fn cases() -> Vec<Case> {
        vec![Case::new("region", |g| {
            let l = g.len(2, g.n);
            Some(
                ExtraRegion {
                    cells: g.scattered(l),
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![ExtraRegion {
                cells: vec![at(2, 8), at(3, 9)],
            }],
            Vec::new(),
        )
    }
}
