//! Non-consecutive: orthogonal neighbours do not hold consecutive digits, except across a
//! Kropki dot. f-puzzles' global `nonconsecutive` is the "all white dots are given" rule
//! (the f-puzzles solver plug-in reads it as the negative of difference 1), so a pair
//! that carries a white dot follows its dot instead; and, as in the plug-in (which lets
//! either colour of Kropki dot lift the other colour's negative rule), so does a pair that
//! carries a black dot: a dot between 1 and 2 may be either colour.

use crate::variant::rules::prelude::*;
use crate::variant::rules::Difference;

/// Orthogonal neighbours do not hold consecutive digits, except across a white or a black
/// dot.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, NonConsecutive};
/// assert_eq!(Constraint::from(NonConsecutive).name(), "non-consecutive");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NonConsecutive;

/// The pairs of orthogonal neighbours that carry a Kropki dot (white or black).
pub(crate) fn kropki_dots(p: &VariantPuzzle) -> std::collections::HashSet<(Cell, Cell)> {
    p.constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Difference(d) => Some(pair_key(d.cells[0], d.cells[1])),
            Constraint::Ratio(d) => Some(pair_key(d.cells[0], d.cells[1])),
            _ => None,
        })
        .collect()
}

impl Rule for NonConsecutive {
    fn name(&self) -> &'static str {
        "non-consecutive"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let marked = kropki_dots(ctx.puzzle);
        let n = ctx.max_digit();
        for (a, b) in pairs(ctx.n(), &ORTHOGONAL) {
            if marked.contains(&(a, b)) {
                continue;
            }
            let (va, vb) = (ctx.cell(a), ctx.cell(b));
            for d in 1..n {
                ctx.m.forbid(va, d, vb, d + 1);
                ctx.m.forbid(va, d + 1, vb, d);
            }
        }
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let dotted = |a: Cell, b: Cell| {
            p.constraints.iter().any(|c| {
                let cells = match c {
                    Constraint::Difference(d) => d.cells,
                    Constraint::Ratio(d) => d.cells,
                    _ => return false,
                };
                cells == [a, b] || cells == [b, a]
            })
        };
        let n = p.size();
        for r in 0..n {
            for c in 0..n {
                let a = Cell::new(r, c);
                for b in [Cell::new(r, c + 1), Cell::new(r + 1, c)] {
                    if b.row >= n || b.col >= n || dotted(a, b) {
                        continue;
                    }
                    let (x, y) = (digit(s, a), digit(s, b));
                    ensure((x - y).abs() != 1, || {
                        format!("{a} and {b} hold {x} and {y}")
                    })?;
                }
            }
        }
        Ok(())
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // A global rule: nothing to draw.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global("non-consecutive");
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.flag("nonconsecutive");
        Ok(())
    }
}

impl Read for NonConsecutive {
    const FPUZZLES_KEYS: &'static [&'static str] = &["nonconsecutive"];

    fn from_fpuzzles(key: &str, value: &Value, _fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        crate::variant::rules::anti_knight::flag(key, value, NonConsecutive)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Global("non-consecutive")];

    fn from_toml(_key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![NonConsecutive])
    }
}

impl Sample for NonConsecutive {
    fn cases() -> Vec<Case> {
        vec![
            Case::new("non-consecutive", |_| Some(NonConsecutive.into())),
            // White dots beside the rule, which they lift.
            Case::new("white-and-non-consecutive", |g| {
                Some(if g.chance(30) {
                    NonConsecutive.into()
                } else {
                    Difference {
                        cells: g.pair(),
                        difference: 1,
                    }
                    .into()
                })
            }),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![NonConsecutive], Vec::new())
    }
}
