//! Clones: two groups of cells of the same shape hold the same digits, cell for cell.

use crate::variant::rules::prelude::*;

/// Two groups of cells hold the same digits, cell for cell.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{CloneCells, Constraint};
/// let c: Constraint = CloneCells { cells: vec![Cell::new(0, 0)], copy: vec![Cell::new(1, 2)] }.into();
/// assert_eq!(c.name(), "clone");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CloneCells {
    /// The first group.
    pub cells: Vec<Cell>,
    /// The second, in corresponding order.
    pub copy: Vec<Cell>,
}

impl Rule for CloneCells {
    fn name(&self) -> &'static str {
        "clone"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.iter().chain(&self.copy).copied().collect()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(self.cells.len() == self.copy.len(), || {
            format!(
                "the clone has {} cells, its copy {}",
                self.cells.len(),
                self.copy.len()
            )
        })
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        for (&a, &b) in self.cells.iter().zip(&self.copy) {
            if a == b {
                continue;
            }
            let vars = ctx.cells(&[a, b]);
            ctx.m
                .small_table("clone", &vars, None, |p| p.len() < 2 || p[0] == p[1]);
        }
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        for (&a, &b) in self.cells.iter().zip(&self.copy) {
            ensure(digit(s, a) == digit(s, b), || {
                format!("{a} holds {} but {b} holds {}", digit(s, a), digit(s, b))
            })?;
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        canvas.fill_cells(&self.cells(), "#f3e6c8");
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        t.insert("copy".into(), toml_cells(&self.copy).into());
        out.table("clone", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "clone",
            json!({"cells": FpOut::names(&self.cells), "cloneCells": FpOut::names(&self.copy)}),
        );
        Ok(())
    }
}

impl Read for CloneCells {
    const FPUZZLES_KEYS: &'static [&'static str] = &["clone"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        fp.entries(key, value)?
            .iter()
            .map(|e| {
                Ok(CloneCells {
                    cells: fp.cells(key, e.get("cells"))?,
                    copy: fp.cells(key, e.get("cloneCells"))?,
                })
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("clone")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "copy"])?;
        Ok(vec![CloneCells {
            cells: item.cells("cells")?,
            copy: item.cells("copy")?,
        }])
    }
}

impl Sample for CloneCells {
    fn cases() -> Vec<Case> {
        vec![Case::new("clone", |g| {
            let l = g.len(1, 3);
            let a = g.walk(l, true);
            let b = g.walk(l, true);
            if a.iter().any(|c| b.contains(c)) {
                return None;
            }
            Some(CloneCells { cells: a, copy: b }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![CloneCells {
                cells: vec![at(9, 4)],
                copy: vec![at(9, 9)],
            }],
            Vec::new(),
        )
    }
}
