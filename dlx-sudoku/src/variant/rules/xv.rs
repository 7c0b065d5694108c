//! XV: the digits on either side of an X add up to 10, of a V to 5.

use crate::variant::rules::prelude::*;
use crate::variant::rules::ratio::{pair_table, read_dots};

/// An X (sum 10) or V (sum 5) between two cells.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Xv};
/// let x: Constraint = Xv { cells: [Cell::new(0, 0), Cell::new(0, 1)], sum: 10 }.into();
/// assert_eq!(x.name(), "XV");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xv {
    /// The two cells, which share a side (the mark sits on it; other pairs are refused).
    pub cells: [Cell; 2],
    /// The sum: 10 for X, 5 for V.
    pub sum: u32,
}

impl Rule for Xv {
    fn name(&self) -> &'static str {
        "XV"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        no_repeats(&self.cells)?;
        let mark = match self.sum {
            10 => "an X".to_string(),
            5 => "a V".to_string(),
            s => format!("an XV sum of {s}"),
        };
        mark_on_a_side(&mark, self.cells)
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let s = self.sum as Val;
        pair_table(ctx, "xv", self.cells, |a, b| a + b == s);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let (a, b) = (digit(s, self.cells[0]), digit(s, self.cells[1]));
        ensure(a + b == i64::from(self.sum), || {
            format!("{a} + {b} is not {}", self.sum)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = midpoint(self.cells[0], self.cells[1]);
        let label = match self.sum {
            10 => "X".to_string(),
            5 => "V".to_string(),
            s => s.to_string(),
        };
        canvas.raw(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"#ffffff\"/>",
            x - 6.0,
            y - 6.0
        ));
        canvas.text(x, y, 12.0, &label);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        match self.sum {
            10 => out.table("x", t),
            5 => out.table("v", t),
            s => {
                t.insert("sum".into(), i64::from(s).into());
                out.table("x", t);
            }
        }
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        let value = match self.sum {
            10 => "X",
            5 => "V",
            _ => return Err(Inexpressible),
        };
        out.push(
            "xv",
            json!({"cells": FpOut::names(&self.cells), "value": value}),
        );
        Ok(())
    }
}

impl Read for Xv {
    const FPUZZLES_KEYS: &'static [&'static str] = &["xv"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let mut out = Vec::new();
        for (cells, _, text) in read_dots(key, value, fp)? {
            let sum = match text.as_deref().map(str::trim) {
                Some("X") | Some("x") => 10,
                Some("V") | Some("v") => 5,
                // An XV marker with no letter carries no rule (the f-puzzles solver plug-in
                // skips it too).
                None | Some("") => continue,
                Some(other) => {
                    return Err(malformed(
                        key,
                        format!("value {other:?} is neither X nor V"),
                    ))
                }
            };
            out.push(Xv { cells, sum });
        }
        Ok(out)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("x"), TomlKey::Tables("v")];

    fn from_toml(key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "sum"])?;
        let cells = item.cells("cells")?;
        let [a, b] = cells[..] else {
            return Err(item.bad_field("cells", "a mark sits between two cells"));
        };
        let sum = match item.opt_int("sum")? {
            Some(s) => s,
            None if key == "v" => 5,
            None => 10,
        };
        Ok(vec![Xv { cells: [a, b], sum }])
    }
}

impl Sample for Xv {
    fn cases() -> Vec<Case> {
        vec![Case::new("xv", |g| {
            let cells = g.pair();
            let ten = g.digit(cells[0]) + g.digit(cells[1]) == 10;
            Some(
                Xv {
                    cells,
                    sum: if ten { 10 } else { 5 },
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Xv {
                cells: [at(7, 2), at(8, 2)],
                sum: 5,
            }],
            Vec::new(),
        )
    }
}
