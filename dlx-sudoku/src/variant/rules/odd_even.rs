//! Odd and even cells.

use crate::variant::rules::prelude::*;

/// The cell holds an odd digit.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Odd};
/// assert_eq!(Constraint::from(Odd(Cell::new(0, 0))).name(), "odd cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Odd(pub Cell);

/// The cell holds an even digit.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Even};
/// assert_eq!(Constraint::from(Even(Cell::new(0, 0))).name(), "even cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Even(pub Cell);

fn read_cells(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Cell>, FpuzzlesError> {
    fp.entries(key, value)?
        .iter()
        .map(|e| fp.cell(key, e.get("cell").unwrap_or(&Value::Null)))
        .collect()
}

macro_rules! parity_cell {
    ($ty:ident, $name:literal, $key:literal, $rem:literal, $draw:expr) => {
        impl Rule for $ty {
            fn name(&self) -> &'static str {
                $name
            }

            fn cells(&self) -> Vec<Cell> {
                vec![self.0]
            }

            fn declare(&self, ctx: &mut Ctx<'_>) {
                let v = ctx.cell(self.0);
                ctx.m.restrict(v, |x| x % 2 == $rem);
            }

            fn encode(&self, _ctx: &mut Ctx<'_>) {}

            fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
                let d = digit(s, self.0);
                ensure(d % 2 == $rem, || format!("{} holds {d}", self.0))
            }

            fn draw(&self, canvas: &mut Canvas) {
                let (x, y) = centre(self.0);
                let draw: fn(&mut Canvas, f64, f64) = $draw;
                draw(canvas, x, y);
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
                Ok(read_cells(key, value, fp)?.into_iter().map($ty).collect())
            }

            const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Cells($key)];

            fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
                Ok(vec![$ty(item.the_cell()?)])
            }
        }
    };
}

parity_cell!(Odd, "odd cell", "odd", 1, |c, x, y| c
    .circle(x, y, 15.0, "#d8d8d8", None));
parity_cell!(Even, "even cell", "even", 0, |c, x, y| c.raw(&format!(
    "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"28\" fill=\"#d8d8d8\"/>",
    x - 14.0,
    y - 14.0
)));

impl Sample for Odd {
    fn cases() -> Vec<Case> {
        vec![Case::new("odd", |g| Some(Odd(g.cell()).into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![Odd(at(9, 5))], Vec::new())
    }
}

impl Sample for Even {
    fn cases() -> Vec<Case> {
        vec![Case::new("even", |g| Some(Even(g.cell()).into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![Even(at(9, 6))], Vec::new())
    }
}
