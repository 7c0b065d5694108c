//! Candidates the setter gives: the cell holds one of the digits listed (f-puzzles'
//! `givenPencilMarks`).

use crate::variant::rules::prelude::*;

/// The cell holds one of these digits.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Candidates, Constraint};
/// let c: Constraint = Candidates { cell: Cell::new(0, 0), digits: vec![1, 3] }.into();
/// assert_eq!(c.name(), "given candidates");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidates {
    /// The cell.
    pub cell: Cell,
    /// The digits it may hold.
    pub digits: Vec<u8>,
}

impl Rule for Candidates {
    fn name(&self) -> &'static str {
        "given candidates"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.cell]
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        let n = p.size();
        ensure(!self.digits.is_empty(), || "no digits".into())?;
        match self.digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
            Some(d) => Err(format!("digit {d} is not between 1 and {n}")),
            None => Ok(()),
        }
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let v = ctx.cell(self.cell);
        let digits = self.digits.clone();
        ctx.m
            .restrict(v, |x| digits.iter().any(|&d| Val::from(d) == x));
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let d = digit(s, self.cell);
        ensure(self.digits.iter().any(|&x| i64::from(x) == d), || {
            format!("{} holds {d}, not one of {:?}", self.cell, self.digits)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = centre(self.cell);
        let s: String = self.digits.iter().map(|d| d.to_string()).collect();
        canvas.text(x, y + 12.0, 8.0, &s);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cell".into(), toml_cells(&[self.cell]).into());
        t.insert(
            "digits".into(),
            toml::Value::Array(self.digits.iter().map(|&d| i64::from(d).into()).collect()),
        );
        out.table("candidates", t);
    }

    fn to_fpuzzles(&self, _out: &mut FpOut) -> Result<(), Inexpressible> {
        // Written with the grid (`givenPencilMarks`).
        Ok(())
    }
}

impl Read for Candidates {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("candidates")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cell", "digits"])?;
        Ok(vec![Candidates {
            cell: item.cell("cell")?,
            digits: item.digits("digits")?,
        }])
    }
}

impl Sample for Candidates {
    fn cases() -> Vec<Case> {
        vec![Case::new("candidates", |g| {
            let cell = g.cell();
            let mut digits: Vec<u8> = (1..=g.n as u8).filter(|_| g.chance(40)).collect();
            if g.chance(80) {
                digits.push(g.digit(cell) as u8);
            }
            digits.sort_unstable();
            digits.dedup();
            if digits.is_empty() {
                return None;
            }
            Some(Candidates { cell, digits }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Candidates {
                cell: at(6, 6),
                digits: vec![1, 4],
            }],
            Vec::new(),
        )
    }
}
