//! Skyscrapers: the clue beside a row or column counts the digits seen from it, a digit
//! being seen when it is larger than every digit before it.

use crate::variant::encoding::automaton;
use crate::variant::rules::outside::{clue_table, draw_clue, read_clue, read_clues, Outside, Side};
use crate::variant::rules::prelude::*;

/// A skyscraper clue: as many digits are seen from the clue as it says.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Outside, Side, Skyscraper};
/// let s: Constraint = Skyscraper { clue: Outside { side: Side::Bottom, index: 4 }, count: 3 }.into();
/// assert_eq!(s.name(), "skyscraper");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Skyscraper {
    /// Where the clue sits.
    pub clue: Outside,
    /// How many digits are seen.
    pub count: u32,
}

impl Rule for Skyscraper {
    fn name(&self) -> &'static str {
        "skyscraper"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        self.clue.validate(p.size())
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.clue.cells(ctx.n()));
        let target = self.count as Val;
        // The state: the tallest digit so far and how many were seen.
        automaton(
            &mut ctx.m,
            "skyscraper",
            &vars,
            (0 as Val, 0 as Val),
            |&(top, seen), x| {
                // The row's digits differ: the tallest so far does not come again.
                if x == top {
                    return None;
                }
                let next = if x > top { (x, seen + 1) } else { (top, seen) };
                (next.1 <= target).then_some(next)
            },
            |&(_, seen)| seen == target,
        );
    }

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let v = digits(s, &self.clue.cells(p.size()));
        let mut top = 0;
        let mut seen = 0;
        for x in v {
            if x > top {
                top = x;
                seen += 1;
            }
        }
        ensure(seen == i64::from(self.count), || {
            format!("{seen} digits are seen, not {}", self.count)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        draw_clue(canvas, self.clue, &self.count.to_string());
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.table(
            "skyscraper",
            clue_table(self.clue, out.n, "count", self.count),
        );
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "skyscraper",
            json!({"cell": self.clue.name(out.n), "value": self.count.to_string()}),
        );
        Ok(())
    }
}

impl Read for Skyscraper {
    const FPUZZLES_KEYS: &'static [&'static str] = &["skyscraper"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        Ok(read_clues(key, value, fp)?
            .into_iter()
            .map(|(clue, count)| Skyscraper { clue, count })
            .collect())
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("skyscraper")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        let (clue, count) = read_clue(item, "count")?;
        Ok(vec![Skyscraper { clue, count }])
    }
}

impl Sample for Skyscraper {
    fn cases() -> Vec<Case> {
        vec![Case::new("skyscraper", |g| {
            let clue = g.outside();
            let (mut top, mut count) = (0, 0);
            for c in clue.cells(g.n) {
                if g.digit(c) > top {
                    top = g.digit(c);
                    count += 1;
                }
            }
            let count = count + u32::from(g.chance(15));
            Some(Skyscraper { clue, count }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Skyscraper {
                clue: Outside {
                    side: Side::Bottom,
                    index: 6,
                },
                count: 3,
            }],
            Vec::new(),
        )
    }
}
