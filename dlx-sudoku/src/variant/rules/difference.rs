//! White Kropki dots: the digits differ by `difference` (1 by default).

use crate::variant::rules::prelude::*;
use crate::variant::rules::ratio::{draw_dot, pair_table, read_dots};

/// A white dot: the digits differ by `difference`.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Difference};
/// let dot: Constraint = Difference { cells: [Cell::new(0, 0), Cell::new(0, 1)], difference: 1 }.into();
/// assert_eq!(dot.name(), "white dot");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// The two cells, which share a side (the mark sits on it; other pairs are refused).
    pub cells: [Cell; 2],
    /// The difference (1 by default).
    pub difference: u32,
}

impl Rule for Difference {
    fn name(&self) -> &'static str {
        "white dot"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        no_repeats(&self.cells)?;
        mark_on_a_side("a white dot", self.cells)
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let d = self.difference as Val;
        pair_table(ctx, "white", self.cells, |a, b| (a - b).abs() == d);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let (a, b) = (digit(s, self.cells[0]), digit(s, self.cells[1]));
        ensure((a - b).abs() == i64::from(self.difference), || {
            format!("{a} and {b} do not differ by {}", self.difference)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let label = (self.difference != 1).then(|| self.difference.to_string());
        draw_dot(canvas, self.cells, "#ffffff", label);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        if self.difference != 1 {
            t.insert("difference".into(), i64::from(self.difference).into());
        }
        out.table("white", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "difference",
            json!({"cells": FpOut::names(&self.cells), "value": self.difference.to_string()}),
        );
        Ok(())
    }
}

impl Read for Difference {
    const FPUZZLES_KEYS: &'static [&'static str] = &["difference"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        read_dots(key, value, fp)?
            .into_iter()
            .map(|(cells, d, text)| match (d, text) {
                (Some(d), _) => Ok(Difference {
                    cells,
                    difference: d,
                }),
                (None, Some(t)) if !t.trim().is_empty() => {
                    Err(malformed(key, format!("{t:?} is not a whole number")))
                }
                (None, _) => Ok(Difference {
                    cells,
                    difference: 1,
                }),
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("white")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "difference"])?;
        let cells = item.cells("cells")?;
        let [a, b] = cells[..] else {
            return Err(item.bad_field("cells", "a dot sits between two cells"));
        };
        Ok(vec![Difference {
            cells: [a, b],
            difference: item.opt_int("difference")?.unwrap_or(1),
        }])
    }
}

impl Sample for Difference {
    fn cases() -> Vec<Case> {
        vec![Case::new("white", |g| {
            Some(
                Difference {
                    cells: g.pair(),
                    difference: 1 + u32::from(g.chance(30)),
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Difference {
                cells: [at(7, 1), at(8, 1)],
                difference: 2,
            }],
            Vec::new(),
        )
    }
}
