//! A letter in a circle between cells: its digit appears in at least one of them.

use crate::variant::rules::letter::letter_of;
use crate::variant::rules::prelude::*;

/// A letter in a circle between cells: its digit appears in at least one of them.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, LetterCircle};
/// let cells = vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)];
/// assert_eq!(Constraint::from(LetterCircle { cells, letter: 'B' }).name(), "letter circle");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LetterCircle {
    /// The cells around the circle.
    pub cells: Vec<Cell>,
    /// The letter.
    pub letter: char,
}

impl Rule for LetterCircle {
    fn letters(&self) -> &[char] {
        std::slice::from_ref(&self.letter)
    }

    fn name(&self) -> &'static str {
        "letter circle"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(self.letter.is_alphabetic(), || {
            format!("{:?} is not a letter", self.letter)
        })?;
        ensure(!self.cells.is_empty(), || "no cells".into())?;
        no_repeats(&self.cells)
    }

    /// The letter's value is among the cells' (a membership, which the clause solver
    /// states as one clause per value), and the exact cover problem's own form.
    fn encode(&self, ctx: &mut Ctx<'_>) {
        let l = ctx.letter(self.letter);
        let vars = ctx.cells(&self.cells);
        ctx.m.member(l, vars.clone());
        ctx.m.links_only(|m| table_or_first(m, l, &vars));
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let l = letter_digit(s, self.letter);
        ensure(digits(s, &self.cells).contains(&l), || {
            format!(
                "{} ({l}) is not in {}",
                self.letter,
                cells_text(&self.cells)
            )
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = corner(&self.cells);
        canvas.circle(x, y, 10.0, "#ffffff", Some("#000000"));
        canvas.text(x, y, 11.0, &self.letter.to_string());
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        t.insert("letter".into(), self.letter.to_string().into());
        out.table("letter-circle", t);
    }
}

impl Read for LetterCircle {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("letter-circle")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "letter"])?;
        Ok(vec![LetterCircle {
            cells: item.cells("cells")?,
            letter: letter_of(item, item.text("letter")?)?,
        }])
    }
}

/// The exact cover problem's form of the rule: one table over the letter and the cells
/// when small; otherwise an auxiliary "first cell holding it" `W`, with one table per
/// cell `j`: before `W` the cell differs from the letter, at `W` it equals it, after `W`
/// anything goes (one alternative that names only `W`), so each grid has exactly one
/// encoding.
fn table_or_first(m: &mut crate::variant::model::Model, l: Var, vars: &[Var]) {
    let k = vars.len();
    let mut all = vec![l];
    all.extend(vars);
    let cap = m.table_cap;
    if m.table("circle", &all, None, Some(cap), |p| {
        p.len() < k + 1 || p[1..].contains(&p[0])
    })
    .is_ok()
    {
        return;
    }
    let first = m.aux("circle.first", Domain::range(0, k as Val - 1), None);
    for (j, &v) in vars.iter().enumerate() {
        let j = j as Val;
        let mut alts = Vec::new();
        for w in 0..k as Val {
            if w < j {
                alts.push(vec![(first, w)]);
                continue;
            }
            for x in m.dom(l).iter() {
                for y in m.dom(v).iter() {
                    if (w == j && x == y) || (w > j && x != y) {
                        alts.push(vec![(first, w), (l, x), (v, y)]);
                    }
                }
            }
        }
        m.choice("circle", alts);
    }
}

impl Sample for LetterCircle {
    fn cases() -> Vec<Case> {
        vec![Case::new("letter-circle", |g| {
            Some(
                LetterCircle {
                    cells: g.square(),
                    letter: ['A', 'B'][g.below(2)],
                }
                .into(),
            )
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            Vec::new(),
            vec![LetterCircle {
                cells: vec![at(3, 3), at(3, 4), at(4, 3), at(4, 4)],
                letter: 'B',
            }],
        )
    }
}
