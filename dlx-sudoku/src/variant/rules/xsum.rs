//! X-sums: the clue beside a row or column is the sum of its first X digits read from the
//! clue, where X is the first digit.

use crate::variant::encoding::automaton;
use crate::variant::rules::outside::{
    add_digit, clue_table, draw_clue, kept_sum, read_clue, read_clues, Outside, Side, SETS_UP_TO,
};
use crate::variant::rules::prelude::*;

/// An X-sum: the first X digits from the clue, X being the first, add up to the sum.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Outside, Side, XSum};
/// let s: Constraint = XSum { clue: Outside { side: Side::Left, index: 2 }, sum: 10 }.into();
/// assert_eq!(s.name(), "X-sum");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XSum {
    /// Where the clue sits.
    pub clue: Outside,
    /// The sum of the first X digits.
    pub sum: u32,
}

/// Reading the line: at the start, with cells still to add and the set of digits added so
/// far (bits; they differ, as a row's digits do, so a sum allows only the sets of distinct
/// digits that make it; the running sum past [`SETS_UP_TO`]), or done (the first X digits
/// made the sum).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum State {
    Start,
    Counting { left: Val, set: u64 },
    Done,
}

impl Rule for XSum {
    fn name(&self) -> &'static str {
        "X-sum"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        self.clue.validate(p.size())
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.clue.cells(ctx.n()));
        let target = self.sum as Val;
        let sets = ctx.max_digit() <= SETS_UP_TO;
        automaton(
            &mut ctx.m,
            "xsum",
            &vars,
            State::Start,
            move |s, x| {
                let (left, set) = match *s {
                    State::Done => return Some(State::Done),
                    State::Start => (x - 1, add_digit(0, x, sets)?),
                    State::Counting { left, set } => (left - 1, add_digit(set, x, sets)?),
                };
                let sum = kept_sum(set, sets);
                if left == 0 {
                    (sum == target).then_some(State::Done)
                } else {
                    (sum < target).then_some(State::Counting { left, set })
                }
            },
            |s| *s == State::Done,
        );
    }

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let v = digits(s, &self.clue.cells(p.size()));
        let x = v[0] as usize;
        let total: i64 = v.iter().take(x).sum();
        ensure(total == i64::from(self.sum), || {
            format!("the first {x} digits add up to {total}, not {}", self.sum)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        draw_clue(canvas, self.clue, &format!("{}ˣ", self.sum));
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.table("x-sum", clue_table(self.clue, out.n, "sum", self.sum));
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.push(
            "xsum",
            json!({"cell": self.clue.name(out.n), "value": self.sum.to_string()}),
        );
        Ok(())
    }
}

impl Read for XSum {
    const FPUZZLES_KEYS: &'static [&'static str] = &["xsum"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        Ok(read_clues(key, value, fp)?
            .into_iter()
            .map(|(clue, sum)| XSum { clue, sum })
            .collect())
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("x-sum")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        let (clue, sum) = read_clue(item, "sum")?;
        Ok(vec![XSum { clue, sum }])
    }
}

impl Sample for XSum {
    fn cases() -> Vec<Case> {
        vec![Case::new("x-sum", |g| {
            let clue = g.outside();
            let v: Vec<u32> = clue.cells(g.n).iter().map(|&c| g.digit(c)).collect();
            let sum = v.iter().take(v[0] as usize).sum::<u32>() + u32::from(g.chance(15));
            Some(XSum { clue, sum }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![XSum {
                clue: Outside {
                    side: Side::Right,
                    index: 4,
                },
                sum: 20,
            }],
            Vec::new(),
        )
    }
}
