//! Quadruples: the digits listed appear (at least as often as listed) in the cells around
//! a point.

use crate::variant::rules::prelude::*;

/// The digits listed appear, at least as often as listed, in the cells around a point.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Quadruple};
/// let cells = vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)];
/// let q: Constraint = Quadruple { cells, digits: vec![1, 2] }.into();
/// assert_eq!(q.name(), "quadruple");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    /// The cells around the point (up to four).
    pub cells: Vec<Cell>,
    /// The digits, with repeats.
    pub digits: Vec<u8>,
}

/// How many of the wanted digits (a multiset) the prefix does not supply.
fn missing(want: &[Val], have: &[Val]) -> usize {
    let mut used = vec![false; have.len()];
    let mut miss = 0;
    for &w in want {
        match (0..have.len()).find(|&i| !used[i] && have[i] == w) {
            Some(i) => used[i] = true,
            None => miss += 1,
        }
    }
    miss
}

impl Rule for Quadruple {
    fn name(&self) -> &'static str {
        "quadruple"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        let n = p.size();
        if self.cells.is_empty() || self.digits.len() > self.cells.len() {
            return Err(format!(
                "{} digits cannot fit in {} cells",
                self.digits.len(),
                self.cells.len()
            ));
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
            return Err(format!("digit {d} is not between 1 and {n}"));
        }
        no_repeats(&self.cells)
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.cells);
        let k = vars.len();
        let want: Vec<Val> = self.digits.iter().map(|&d| Val::from(d)).collect();
        // The clause solver: each digit in at least as many cells as it is listed, which
        // is the whole rule (a cell holds one digit, so the cells hold the listed digits
        // exactly when they hold each of them often enough), in a few short clauses
        // instead of a table of hundreds of alternatives.
        if want.len() == k {
            // As many digits as cells: the cells hold those digits and no other.
            for &v in &vars {
                ctx.m.restrict(v, |x| want.contains(&x));
            }
        }
        let mut distinct = want.clone();
        distinct.sort_unstable();
        distinct.dedup();
        for d in distinct {
            let count = want.iter().filter(|&&w| w == d).count();
            ctx.m.at_least(vars.clone(), d, count);
        }
        ctx.m.links_only(|m| {
            m.small_table("quad", &vars, None, |p| {
                // Digits still missing must fit in the cells left.
                missing(&want, p) <= k - p.len()
            })
        });
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let mut have = digits(s, &self.cells);
        for &w in &self.digits {
            match have.iter().position(|&h| h == i64::from(w)) {
                Some(i) => {
                    have.remove(i);
                }
                None => {
                    return Err(format!(
                        "{} do not hold the digits {:?}",
                        cells_text(&self.cells),
                        self.digits
                    ))
                }
            }
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = corner(&self.cells);
        canvas.circle(x, y, 11.0, "#ffffff", Some("#000000"));
        let s: String = self.digits.iter().map(|d| d.to_string()).collect();
        canvas.text(x, y, if s.len() > 2 { 7.0 } else { 9.0 }, &s);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        t.insert(
            "digits".into(),
            toml::Value::Array(self.digits.iter().map(|&d| i64::from(d).into()).collect()),
        );
        out.table("quadruple", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "quadruple",
            json!({"cells": FpOut::names(&self.cells), "values": self.digits}),
        );
        Ok(())
    }
}

impl Read for Quadruple {
    const FPUZZLES_KEYS: &'static [&'static str] = &["quadruple"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        fp.entries(key, value)?
            .iter()
            .map(|e| {
                let digits = e
                    .get("values")
                    .and_then(Value::as_array)
                    .ok_or_else(|| malformed(key, "expected \"values\""))?
                    .iter()
                    .map(|d| match fp.number(key, Some(d))? {
                        Some(x) if x <= 255 => Ok(x as u8),
                        _ => Err(malformed(key, format!("{d} is not a digit"))),
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                Ok(Quadruple {
                    cells: fp.cells(key, e.get("cells"))?,
                    digits,
                })
            })
            .collect()
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("quadruple")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "digits"])?;
        Ok(vec![Quadruple {
            cells: item.cells("cells")?,
            digits: item.digits("digits")?,
        }])
    }
}

impl Sample for Quadruple {
    fn cases() -> Vec<Case> {
        vec![Case::new("quadruple", |g| {
            let cells = g.square();
            let k = 1 + g.below(3);
            let digits = cells[..k].iter().map(|&c| g.digit(c) as u8).collect();
            Some(Quadruple { cells, digits }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Quadruple {
                cells: vec![at(7, 3), at(7, 4), at(8, 3), at(8, 4)],
                digits: vec![1, 2],
            }],
            Vec::new(),
        )
    }
}
