//! Indexer cells (the "159" family), as the f-puzzles solver plug-in defines them:
//!
//! - a **column indexer** at (R, C) holding V: the cell (R, V) holds C (159: the indexer
//!   cells are columns 1, 5 and 9);
//! - a **row indexer** at (R, C) holding V: the cell (V, C) holds R;
//! - a **box indexer** at box position I holding V: the cell at position V of the same
//!   box holds I (positions in reading order).

use crate::variant::rules::prelude::*;

/// Which kind of indexer.
///
/// ```
/// use dlx_sudoku::variant::IndexerKind;
/// assert_ne!(IndexerKind::Row, IndexerKind::Column);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// A digit V at (R, C) puts R at (V, C).
    Row,
    /// A digit V at (R, C) puts C at (R, V).
    Column,
    /// A digit V at box position I puts I at box position V.
    Box,
}

/// Indexer cells: each says where in its row, column or box another digit is.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Indexer, IndexerKind};
/// let i: Constraint = Indexer { kind: IndexerKind::Column, cells: vec![Cell::new(0, 0)] }.into();
/// assert_eq!(i.name(), "column indexer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    /// The kind.
    pub kind: IndexerKind,
    /// The indexer cells.
    pub cells: Vec<Cell>,
}

/// The cells of a cell's region in reading order, and the cell's position among them.
fn region_cells(p: &VariantPuzzle, c: Cell) -> Option<(Vec<Cell>, usize)> {
    let region = p.shape.region_of(c)?;
    let n = p.size();
    let cells: Vec<Cell> = (0..n * n)
        .map(|k| Cell::from_index(k, n))
        .filter(|&x| p.shape.region_of(x) == Some(region))
        .collect();
    let pos = cells.iter().position(|&x| x == c)?;
    Some((cells, pos))
}

impl Indexer {
    /// The cell an indexer cell holding `v` points at, and the digit it must hold there.
    fn target(&self, p: &VariantPuzzle, c: Cell, v: usize) -> Option<(Cell, usize)> {
        match self.kind {
            IndexerKind::Column => Some((Cell::new(c.row, v - 1), c.col + 1)),
            IndexerKind::Row => Some((Cell::new(v - 1, c.col), c.row + 1)),
            IndexerKind::Box => {
                let (cells, pos) = region_cells(p, c)?;
                cells.get(v - 1).map(|&t| (t, pos + 1))
            }
        }
    }
}

impl Rule for Indexer {
    fn name(&self) -> &'static str {
        match self.kind {
            IndexerKind::Row => "row indexer",
            IndexerKind::Column => "column indexer",
            IndexerKind::Box => "box indexer",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        if self.kind == IndexerKind::Box {
            ensure(p.shape.has_regions(), || {
                "box indexers need boxes or regions".into()
            })?;
        }
        no_repeats(&self.cells)
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let n = ctx.n();
        for &c in &self.cells {
            let vc = ctx.cell(c);
            for v in 1..=n {
                let Some((t, want)) = self.target(ctx.puzzle, c, v) else {
                    continue;
                };
                if t == c {
                    // Pointing at itself: it holds `want` exactly when `v == want`.
                    if v != want {
                        ctx.m.restrict(vc, |x| x != v as Val);
                    }
                    continue;
                }
                let vt = ctx.cell(t);
                for w in 1..=n {
                    // c = v ⇒ t = want.
                    if w != want {
                        ctx.m.forbid(vc, v as Val, vt, w as Val);
                    }
                    // t = want ⇒ c = v (the converse holds anyway, since t's row, column
                    // or box holds `want` once; stated for propagation).
                    if w != v {
                        ctx.m.forbid(vt, want as Val, vc, w as Val);
                    }
                }
            }
        }
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        for &c in &self.cells {
            let v = digit(s, c) as usize;
            let (t, want) = match self.kind {
                IndexerKind::Column => (Cell::new(c.row, v - 1), c.col + 1),
                IndexerKind::Row => (Cell::new(v - 1, c.col), c.row + 1),
                IndexerKind::Box => {
                    let region = p.shape.region_of(c).ok_or("no region")?;
                    let n = p.size();
                    let box_cells: Vec<Cell> = (0..n * n)
                        .map(|k| Cell::from_index(k, n))
                        .filter(|&x| p.shape.region_of(x) == Some(region))
                        .collect();
                    let pos = box_cells.iter().position(|&x| x == c).ok_or("no region")?;
                    (box_cells[v - 1], pos + 1)
                }
            };
            ensure(digit(s, t) == want as i64, || {
                format!(
                    "{c} holds {v}, so {t} should hold {want}, not {}",
                    digit(s, t)
                )
            })?;
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        let colour = match self.kind {
            IndexerKind::Row => "#7cc77c",
            IndexerKind::Column => "#c77c7c",
            IndexerKind::Box => "#7c7cc7",
        };
        canvas.fill_cells(&self.cells, colour);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert(
            "kind".into(),
            match self.kind {
                IndexerKind::Row => "row",
                IndexerKind::Column => "column",
                IndexerKind::Box => "box",
            }
            .into(),
        );
        t.insert("cells".into(), toml_cells(&self.cells).into());
        out.table("indexer", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        let key = match self.kind {
            IndexerKind::Row => "rowindexer",
            IndexerKind::Column => "columnindexer",
            IndexerKind::Box => "boxindexer",
        };
        out.push(key, json!({"cells": FpOut::names(&self.cells)}));
        Ok(())
    }
}

impl Read for Indexer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["rowindexer", "columnindexer", "boxindexer"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let kind = match key {
            "rowindexer" => IndexerKind::Row,
            "columnindexer" => IndexerKind::Column,
            _ => IndexerKind::Box,
        };
        let mut cells = Vec::new();
        for e in fp.entries(key, value)? {
            for c in fp.cells(key, e.get("cells"))? {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        Ok(vec![Indexer { kind, cells }])
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("indexer")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["kind", "cells"])?;
        let kind = match item.text("kind")? {
            "row" => IndexerKind::Row,
            "column" => IndexerKind::Column,
            "box" => IndexerKind::Box,
            other => {
                return Err(item.bad_field(
                    "kind",
                    format!("{other:?} is not an indexer kind (row, column or box)"),
                ))
            }
        };
        Ok(vec![Indexer {
            kind,
            cells: item.cells("cells")?,
        }])
    }
}

impl Sample for Indexer {
    fn cases() -> Vec<Case> {
        let indexer = |name, kind| {
            Case::new(name, move |g| {
                let k = 1 + g.below(3);
                Some(
                    Indexer {
                        kind,
                        cells: g.scattered(k),
                    }
                    .into(),
                )
            })
        };
        vec![
            indexer("row-indexer", IndexerKind::Row),
            indexer("column-indexer", IndexerKind::Column),
            indexer("box-indexer", IndexerKind::Box),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![
                Indexer {
                    kind: IndexerKind::Column,
                    cells: vec![at(1, 1), at(2, 1)],
                },
                Indexer {
                    kind: IndexerKind::Row,
                    cells: vec![at(1, 5)],
                },
                Indexer {
                    kind: IndexerKind::Box,
                    cells: vec![at(5, 5)],
                },
            ],
            Vec::new(),
        )
    }
}
