//! Minimum and maximum cells: a minimum (maximum) cell is smaller (larger) than each
//! orthogonal neighbour that is not itself a minimum (maximum) cell. Cells of one kind are
//! not compared with each other: f-puzzles (and the solver plug-in) treat all the minimum
//! cells as one rule over the set.

use crate::variant::rules::prelude::*;

/// The cell is smaller than each orthogonal neighbour that is not a minimum cell.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Minimum};
/// assert_eq!(Constraint::from(Minimum(Cell::new(0, 0))).name(), "minimum cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Minimum(pub Cell);

/// The cell is larger than each orthogonal neighbour that is not a maximum cell.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Maximum};
/// assert_eq!(Constraint::from(Maximum(Cell::new(0, 0))).name(), "maximum cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Maximum(pub Cell);

/// The cells of the puzzle's minimum (or maximum) rules.
fn kin(p: &VariantPuzzle, max: bool) -> Vec<Cell> {
    p.constraints
        .iter()
        .filter_map(|c| match (c, max) {
            (Constraint::Minimum(Minimum(x)), false) | (Constraint::Maximum(Maximum(x)), true) => {
                Some(*x)
            }
            _ => None,
        })
        .collect()
}

/// The neighbours a cell is compared with.
fn rivals(p: &VariantPuzzle, cell: Cell, max: bool) -> Vec<Cell> {
    let same = kin(p, max);
    orthogonal_neighbours(p.size(), cell)
        .filter(|c| !same.contains(c))
        .collect()
}

fn encode(ctx: &mut Ctx<'_>, cell: Cell, max: bool) {
    let v = ctx.cell(cell);
    for other in rivals(ctx.puzzle, cell, max) {
        let w = ctx.cell(other);
        ctx.m
            .small_table(if max { "max" } else { "min" }, &[v, w], None, |p| {
                p.len() < 2 || if max { p[0] > p[1] } else { p[0] < p[1] }
            });
    }
}

fn check(p: &VariantPuzzle, s: &VariantSolution, cell: Cell, max: bool) -> Check {
    let n = p.size();
    for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
        let (r, c) = (cell.row as i64 + dr, cell.col as i64 + dc);
        if r < 0 || c < 0 || r >= n as i64 || c >= n as i64 {
            continue;
        }
        let other = Cell::new(r as usize, c as usize);
        let same_kind = p.constraints.iter().any(|k| match k {
            Constraint::Minimum(Minimum(x)) => !max && *x == other,
            Constraint::Maximum(Maximum(x)) => max && *x == other,
            _ => false,
        });
        if same_kind {
            continue;
        }
        let (a, b) = (digit(s, cell), digit(s, other));
        ensure(if max { a > b } else { a < b }, || {
            format!("{cell} holds {a}, {other} holds {b}")
        })?;
    }
    Ok(())
}

fn draw(canvas: &mut Canvas, cell: Cell, max: bool) {
    let (x, y) = centre(cell);
    let sign = if max { -1.0 } else { 1.0 };
    canvas.raw(&format!(
        "<polygon points=\"{},{} {},{} {},{}\" fill=\"#a0a0a0\"/>",
        x - 5.0,
        y - 15.0 * sign,
        x + 5.0,
        y - 15.0 * sign,
        x,
        y - 10.0 * sign
    ));
}

macro_rules! extremum {
    ($ty:ident, $name:literal, $key:literal, $max:literal) => {
        impl Rule for $ty {
            fn name(&self) -> &'static str {
                $name
            }

            fn cells(&self) -> Vec<Cell> {
                vec![self.0]
            }

            fn encode(&self, ctx: &mut Ctx<'_>) {
                encode(ctx, self.0, $max);
            }

            fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
                check(p, s, self.0, $max)
            }

            fn draw(&self, canvas: &mut Canvas) {
                draw(canvas, self.0, $max);
            }

            fn to_toml(&self, out: &mut TomlOut) {
                out.cell($key, self.0);
            }

            fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
                out.push($key, json!({"cell": FpOut::name(self.0)}));
                Ok(())
            }
        }

        impl Read for $ty {
            const FPUZZLES_KEYS: &'static [&'static str] = &[$key];

            fn from_fpuzzles(
                key: &str,
                value: &Value,
                fp: &FpIn<'_>,
            ) -> Result<Vec<Self>, FpuzzlesError> {
                fp.entries(key, value)?
                    .iter()
                    .map(|e| Ok($ty(fp.cell(key, e.get("cell").unwrap_or(&Value::Null))?)))
                    .collect()
            }

            const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Cells($key)];

            fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
                Ok(vec![$ty(item.the_cell()?)])
            }
        }
    };
}

extremum!(Minimum, "minimum cell", "minimum", false);
extremum!(Maximum, "maximum cell", "maximum", true);

impl Sample for Minimum {
    fn cases() -> Vec<Case> {
        vec![
            Case::new("minimum", |g| Some(Minimum(g.cell()).into())),
            // Minimum and maximum cells next to each other: each is compared only with
            // neighbours of the other kind.
            Case::new("extremes-together", |g| {
                let l = 1 + g.below(3);
                let w = g.walk(l, true);
                let max = g.chance(50);
                let c = w[g.below(w.len())];
                Some(if max {
                    Maximum(c).into()
                } else {
                    Minimum(c).into()
                })
            }),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![Minimum(at(9, 7))], Vec::new())
    }
}

impl Sample for Maximum {
    fn cases() -> Vec<Case> {
        vec![Case::new("maximum", |g| Some(Maximum(g.cell()).into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![Maximum(at(9, 8))], Vec::new())
    }
}
