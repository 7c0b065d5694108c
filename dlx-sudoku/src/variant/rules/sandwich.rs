//! Sandwich sums: the clue beside a row or column is the sum of the digits between its
//! smallest and largest digits (1 and 9 on 9×9).

use crate::variant::encoding::automaton;
use crate::variant::rules::outside::{
    add_digit, clue_table, draw_clue, kept_sum, read_clue, read_clues, Outside, Side, SETS_UP_TO,
};
use crate::variant::rules::prelude::*;

/// A sandwich sum: the digits between the 1 and the largest digit of the row or column add
/// up to the sum.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Outside, Sandwich, Side};
/// let s: Constraint = Sandwich { clue: Outside { side: Side::Top, index: 0 }, sum: 5 }.into();
/// assert_eq!(s.name(), "sandwich sum");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    /// Where the clue sits.
    pub clue: Outside,
    /// The sum of the digits between the smallest and the largest.
    pub sum: u32,
}

/// Reading the line: before either end digit, inside with the set of digits met so far
/// (bits; their sum is the running sum; the running sum itself past [`SETS_UP_TO`]), after
/// both. The line is a row or a column, whose digits differ, so the digits inside do: a
/// sum then allows only the sets of distinct digits that make it (35 on 9×9: every digit
/// from 2 to 8), which a running sum alone would not say.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum State {
    Before,
    Inside(u64),
    After,
}

impl Rule for Sandwich {
    fn name(&self) -> &'static str {
        "sandwich sum"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        self.clue.validate(p.size())
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let n = ctx.max_digit();
        let vars = ctx.cells(&self.clue.cells(ctx.n()));
        let target = self.sum as Val;
        let end = move |x: Val| x == 1 || x == n;
        let sets = n <= SETS_UP_TO;
        automaton(
            &mut ctx.m,
            "sandwich",
            &vars,
            State::Before,
            |s, x| match *s {
                State::Before if end(x) => Some(State::Inside(0)),
                State::Before => Some(State::Before),
                State::Inside(kept) if end(x) => {
                    (kept_sum(kept, sets) == target).then_some(State::After)
                }
                State::Inside(kept) => add_digit(kept, x, sets)
                    .filter(|&k| kept_sum(k, sets) <= target)
                    .map(State::Inside),
                State::After => (!end(x)).then_some(State::After),
            },
            |s| *s == State::After,
        );
    }

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let n = p.size() as i64;
        let v = digits(s, &self.clue.cells(p.size()));
        let one = v.iter().position(|&x| x == 1);
        let top = v.iter().position(|&x| x == n);
        let (Some(a), Some(b)) = (one, top) else {
            return Err(format!("the line has no 1 or no {n}"));
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let total: i64 = v[lo + 1..hi].iter().sum();
        ensure(total == i64::from(self.sum), || {
            format!("the sandwich adds up to {total}, not {}", self.sum)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        draw_clue(canvas, self.clue, &self.sum.to_string());
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.table("sandwich", clue_table(self.clue, out.n, "sum", self.sum));
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "sandwichsum",
            json!({"cell": self.clue.name(out.n), "value": self.sum.to_string()}),
        );
        Ok(())
    }
}

impl Read for Sandwich {
    const FPUZZLES_KEYS: &'static [&'static str] = &["sandwichsum"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        Ok(read_clues(key, value, fp)?
            .into_iter()
            .map(|(clue, sum)| Sandwich { clue, sum })
            .collect())
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("sandwich")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        let (clue, sum) = read_clue(item, "sum")?;
        Ok(vec![Sandwich { clue, sum }])
    }
}

impl Sample for Sandwich {
    fn cases() -> Vec<Case> {
        vec![Case::new("sandwich", |g| {
            let clue = g.outside();
            let n = g.n;
            let v: Vec<u32> = clue.cells(n).iter().map(|&c| g.digit(c)).collect();
            let a = v.iter().position(|&x| x == 1)?;
            let b = v.iter().position(|&x| x == n as u32)?;
            let sum = v[a.min(b) + 1..a.max(b)].iter().sum::<u32>() + u32::from(g.chance(15));
            Some(Sandwich { clue, sum }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Sandwich {
                clue: Outside {
                    side: Side::Top,
                    index: 3,
                },
                sum: 10,
            }],
            Vec::new(),
        )
    }
}
