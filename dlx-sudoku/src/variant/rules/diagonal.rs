//! Main diagonals that hold no repeated digit (Sudoku X).

use crate::variant::rules::prelude::*;

/// Which main diagonal holds no repeated digit.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Diagonal};
/// assert_eq!(Constraint::from(Diagonal::Anti).name(), "anti-diagonal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// From the top left to the bottom right (f-puzzles `diagonal-`).
    Main,
    /// From the bottom left to the top right (f-puzzles `diagonal+`).
    Anti,
}

impl Diagonal {
    fn cells_of(self, n: usize) -> Vec<Cell> {
        (0..n)
            .map(|k| match self {
                Diagonal::Main => Cell::new(k, k),
                Diagonal::Anti => Cell::new(n - 1 - k, k),
            })
            .collect()
    }
}

impl Rule for Diagonal {
    fn name(&self) -> &'static str {
        match self {
            Diagonal::Main => "main diagonal",
            Diagonal::Anti => "anti-diagonal",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.cells_of(ctx.n()));
        ctx.m.house(vars);
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let cells = self.cells_of(p.size());
        distinct(&digits(s, &cells), &cells)
    }

    fn draw(&self, canvas: &mut Canvas) {
        use crate::variant::draw::{CELL, MARGIN};
        let (x0, x1) = (MARGIN, MARGIN + canvas.n as f64 * CELL);
        let (y0, y1) = match self {
            Diagonal::Main => (x0, x1),
            Diagonal::Anti => (x1, x0),
        };
        canvas.raw(&format!(
            "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\" stroke=\"#4060c0\" stroke-width=\"2\"/>"
        ));
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global(match self {
            Diagonal::Main => "diagonal",
            Diagonal::Anti => "anti-diagonal",
        });
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.flag(match self {
            Diagonal::Main => "diagonal-",
            Diagonal::Anti => "diagonal+",
        });
        Ok(())
    }
}

impl Read for Diagonal {
    const FPUZZLES_KEYS: &'static [&'static str] = &["diagonal+", "diagonal-"];

    fn from_fpuzzles(key: &str, value: &Value, _fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        if value != &Value::Bool(true) {
            return Err(malformed(key, "expected true or false"));
        }
        Ok(vec![if key == "diagonal+" {
            Diagonal::Anti
        } else {
            Diagonal::Main
        }])
    }

    const TOML_KEYS: &'static [TomlKey] = &[
        TomlKey::Global("diagonal"),
        TomlKey::Global("anti-diagonal"),
    ];

    fn from_toml(key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![if key == "anti-diagonal" {
            Diagonal::Anti
        } else {
            Diagonal::Main
        }])
    }
}

impl Sample for Diagonal {
    fn cases() -> Vec<Case> {
        vec![
            Case::new("diagonal", |_| Some(Diagonal::Main.into())),
            Case::new("anti-diagonal", |_| Some(Diagonal::Anti.into())),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![Diagonal::Main, Diagonal::Anti], Vec::new())
    }
}
