//! Black Kropki dots: one digit is `ratio` times the other (2 by default).

use crate::variant::rules::prelude::*;

/// A black dot: one digit is `ratio` times the other.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Ratio};
/// let dot: Constraint = Ratio { cells: [Cell::new(0, 0), Cell::new(0, 1)], ratio: 2 }.into();
/// assert_eq!(dot.name(), "black dot");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// The two cells, which share a side (the mark sits on it; other pairs are refused).
    pub cells: [Cell; 2],
    /// The ratio (2 by default).
    pub ratio: u32,
}

/// A rule between two cells: one table of the pairs allowed (which becomes forbidden
/// pairs, the table itself then dropped).
pub(crate) fn pair_table(
    ctx: &mut Ctx<'_>,
    name: &str,
    cells: [Cell; 2],
    ok: impl Fn(Val, Val) -> bool,
) {
    let vars = ctx.cells(&cells);
    ctx.m
        .small_table(name, &vars, None, |p| p.len() < 2 || ok(p[0], p[1]));
}

/// A dot as read: its two cells, its value as a number (if it is one), and as text.
pub(crate) type Dot = ([Cell; 2], Option<u32>, Option<String>);

/// Reads dots (`cells` and an optional `value`).
pub(crate) fn read_dots(
    key: &str,
    value: &Value,
    fp: &FpIn<'_>,
) -> Result<Vec<Dot>, FpuzzlesError> {
    fp.entries(key, value)?
        .iter()
        .map(|e| {
            let cells = fp.cells(key, e.get("cells"))?;
            if cells.len() != 2 {
                return Err(malformed(key, "a dot sits between two cells"));
            }
            let text = e.get("value").and_then(Value::as_str).map(str::to_string);
            let number = match e.get("value") {
                Some(Value::String(s)) if s.trim().parse::<u64>().is_err() => None,
                v => fp.number(key, v)?,
            };
            Ok(([cells[0], cells[1]], number, text))
        })
        .collect()
}

/// Draws a dot between two cells.
pub(crate) fn draw_dot(canvas: &mut Canvas, cells: [Cell; 2], fill: &str, label: Option<String>) {
    let (x, y) = midpoint(cells[0], cells[1]);
    canvas.raw(&format!(
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"{fill}\" stroke=\"#000000\"/>"
    ));
    if let Some(l) = label {
        canvas.text(x, y - 10.0, 9.0, &l);
    }
}

impl Rule for Ratio {
    fn name(&self) -> &'static str {
        "black dot"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(self.ratio >= 1, || "the ratio must be 1 or more".into())?;
        no_repeats(&self.cells)?;
        mark_on_a_side("a black dot", self.cells)
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let r = self.ratio as Val;
        pair_table(ctx, "black", self.cells, |a, b| a == r * b || b == r * a);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let (a, b) = (digit(s, self.cells[0]), digit(s, self.cells[1]));
        let r = i64::from(self.ratio);
        ensure(a == r * b || b == r * a, || {
            format!("{a} and {b} are not in ratio 1:{r}")
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let label = (self.ratio != 2).then(|| self.ratio.to_string());
        draw_dot(canvas, self.cells, "#000000", label);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        if self.ratio != 2 {
            t.insert("ratio".into(), i64::from(self.ratio).into());
        }
        out.table("black", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "ratio",
            json!({"cells": FpOut::names(&self.cells), "value": self.ratio.to_string()}),
        );
        Ok(())
    }
}

impl Read for Ratio {
    const FPUZZLES_KEYS: &'static [&'static str] = &["ratio"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        read_dots(key, value, fp)?
            .into_iter()
            .map(|(cells, ratio, text)| match (ratio, text) {
                (Some(r), _) => Ok(Ratio { cells, ratio: r }),
                (None, Some(t)) if !t.trim().is_empty() => {
                    Err(malformed(key, format!("{t:?} is not a whole number")))
                }
                (None, _) => Ok(Ratio { cells, ratio: 2 }),
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("black")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "ratio"])?;
        let cells = item.cells("cells")?;
        let [a, b] = cells[..] else {
            return Err(item.bad_field("cells", "a dot sits between two cells"));
        };
        Ok(vec![Ratio {
            cells: [a, b],
            ratio: item.opt_int("ratio")?.unwrap_or(2),
        }])
    }
}

impl Sample for Ratio {
    fn cases() -> Vec<Case> {
        vec![Case::new("black", |g| {
            Some(
                Ratio {
                    cells: g.pair(),
                    ratio: 2,
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Ratio {
                cells: [at(5, 9), at(6, 9)],
                ratio: 3,
            }],
            Vec::new(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;
    use crate::variant::rules::{Difference, Xv};

    #[test]
    fn every_mark_between_two_cells_sits_on_their_side() {
        let p = VariantPuzzle::new(Shape::classic());
        let apart = [Cell::new(0, 0), Cell::new(0, 2)];
        let corner = [Cell::new(0, 0), Cell::new(1, 1)];
        let side = [Cell::new(0, 0), Cell::new(1, 0)];
        let marks: [(Constraint, &str); 6] = [
            (
                Difference {
                    cells: apart,
                    difference: 1,
                }
                .into(),
                "a white dot",
            ),
            (
                Difference {
                    cells: apart,
                    difference: 3,
                }
                .into(),
                "a white dot",
            ),
            (
                Ratio {
                    cells: apart,
                    ratio: 2,
                }
                .into(),
                "a black dot",
            ),
            (
                Xv {
                    cells: apart,
                    sum: 10,
                }
                .into(),
                "an X",
            ),
            (
                Xv {
                    cells: apart,
                    sum: 5,
                }
                .into(),
                "a V",
            ),
            (
                Xv {
                    cells: apart,
                    sum: 7,
                }
                .into(),
                "an XV sum of 7",
            ),
        ];
        for (mark, what) in marks {
            assert_eq!(
                mark.rule().validate(&p),
                Err(format!(
                    "{what} between r1c1 and r1c3: the cells do not touch"
                ))
            );
            let moved = |cells: [Cell; 2]| -> Constraint {
                match mark.clone() {
                    Constraint::Difference(d) => Difference { cells, ..d }.into(),
                    Constraint::Ratio(r) => Ratio { cells, ..r }.into(),
                    Constraint::Xv(x) => Xv { cells, ..x }.into(),
                    other => other,
                }
            };
            assert!(moved(corner)
                .rule()
                .validate(&p)
                .unwrap_err()
                .contains("touch only at a corner"));
            assert_eq!(moved(side).rule().validate(&p), Ok(()), "{what}");
        }
    }
}
