//! A letter in a cell: the cell holds the letter's digit.

use crate::variant::rules::prelude::*;

/// The cell holds the digit of a letter.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Letter};
/// assert_eq!(Constraint::from(Letter { cell: Cell::new(0, 0), letter: 'A' }).name(), "letter cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Letter {
    /// The cell.
    pub cell: Cell,
    /// The letter.
    pub letter: char,
}

/// One letter, from a TOML string.
pub(crate) fn letter_of(item: &TomlIn<'_>, s: &str) -> Result<char, NativeError> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_alphabetic() => Ok(c),
        _ => Err(item.bad_field("letter", format!("{s:?} is not one letter"))),
    }
}

impl Rule for Letter {
    fn letters(&self) -> &[char] {
        std::slice::from_ref(&self.letter)
    }

    fn name(&self) -> &'static str {
        "letter cell"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.cell]
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(self.letter.is_alphabetic(), || {
            format!("{:?} is not a letter", self.letter)
        })
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let (v, l) = (ctx.cell(self.cell), ctx.letter(self.letter));
        ctx.m
            .small_table("letter", &[l, v], None, |p| p.len() < 2 || p[0] == p[1]);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let (d, l) = (digit(s, self.cell), letter_digit(s, self.letter));
        ensure(d == l, || {
            format!("{} holds {d} but {} is {l}", self.cell, self.letter)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = centre(self.cell);
        canvas.text(x + 12.0, y - 12.0, 10.0, &self.letter.to_string());
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cell".into(), toml_cells(&[self.cell]).into());
        t.insert("letter".into(), self.letter.to_string().into());
        out.table("letter", t);
    }
}

impl Read for Letter {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("letter")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cell", "letter"])?;
        Ok(vec![Letter {
            cell: item.cell("cell")?,
            letter: letter_of(item, item.text("letter")?)?,
        }])
    }
}

impl Sample for Letter {
    fn cases() -> Vec<Case> {
        vec![Case::new("letter", |g| {
            Some(
                Letter {
                    cell: g.cell(),
                    letter: ['A', 'B'][g.below(2)],
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            Vec::new(),
            vec![Letter {
                cell: at(2, 2),
                letter: 'A',
            }],
        )
    }
}
