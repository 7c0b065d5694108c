//! Counting circles: a digit in a circle says how many circles hold that digit.
//!
//! The rule as Cracking the Cryptic and the Sudoku-Bench puzzles state it ("if a digit n
//! appears in a circle, then the digit n appears in exactly n circles"); equivalently, for
//! every digit `d`, the number of circled cells holding `d` is 0 or `d`. The circles of a
//! puzzle are one set (a puzzle has at most one such rule): f-puzzles has no such rule, and
//! its plain `circle` drawings stay cosmetic.
//!
//! Encoding: for each digit `d`, a deterministic automaton reads the circled cells in order
//! and counts those holding `d` (states `0..=d`, a cell holding `d` in state `d` rejects),
//! accepting 0 or `d` (`encoding::automaton_result`: a state variable after each cell, one
//! table per cell over state before, digit and state after); its final state is the count
//! `c_d`, and the counts add up to the number of circles (implied: it says at once which
//! digits the circles use). Both engines compile the same tables.

use crate::variant::encoding::{automaton_result, sum_equals, Target};
use crate::variant::rules::prelude::*;

/// Counting circles: for every digit `d`, the number of these cells holding `d` is 0 or
/// `d` (a digit in a circle says how many circles hold it).
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, CountingCircles};
/// let circles = CountingCircles { cells: vec![Cell::new(0, 0), Cell::new(1, 2)] };
/// assert_eq!(Constraint::from(circles).name(), "counting circles");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountingCircles {
    /// The circled cells, each named once.
    pub cells: Vec<Cell>,
}

impl Rule for CountingCircles {
    fn name(&self) -> &'static str {
        "counting circles"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        ensure(!self.cells.is_empty(), || "no circles".into())?;
        if let Some(c) = first_repeat(&self.cells) {
            return Err(format!("{c} is named twice"));
        }
        // One set per puzzle: the TOML format has one key for it, and two sets would be
        // read back as one. (While reading, `self` is not yet among the constraints.)
        let others = p
            .constraints
            .iter()
            .filter(|k| matches!(k, Constraint::CountingCircles(o) if !std::ptr::eq(o, self)))
            .count();
        ensure(others == 0, || {
            "a puzzle has one set of counting circles; list every circle in it".into()
        })
    }

    /// One automaton per digit `d` counting the circles that hold it (0..=d; at `d` a
    /// further one rejects), whose final state, 0 or `d`, is an auxiliary `c_d`; and,
    /// implied, `Σ c_d` = the number of circles (which digits the circles use). States are
    /// functions of the grid, so each grid has exactly one encoding.
    fn encode(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.cells);
        let counts: Vec<Var> = (1..=ctx.max_digit())
            .map(|d| {
                automaton_result(
                    &mut ctx.m,
                    "counting",
                    &vars,
                    0 as Val,
                    |&s, x| match x == d {
                        false => Some(s),
                        true if s < d => Some(s + 1),
                        true => None,
                    },
                    |&s| (s == 0 || s == d).then_some(s),
                )
            })
            .collect();
        let circles = Target::Const(self.cells.len() as Val);
        sum_equals(&mut ctx.m, "counting.total", &counts, circles, None);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let held = digits(s, &self.cells);
        for (&c, &d) in self.cells.iter().zip(&held) {
            let count = held.iter().filter(|&&x| x == d).count() as i64;
            ensure(count == d, || {
                let hold = if count == 1 {
                    "circle holds"
                } else {
                    "circles hold"
                };
                format!("{c} holds {d} but {count} {hold} {d}")
            })?;
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        for &c in &self.cells {
            let (x, y) = centre(c);
            canvas.circle(x, y, 15.0, "none", Some("#000000"));
        }
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.value(
            "counting-circles",
            toml::Value::String(toml_cells(&self.cells)),
        );
    }
}

impl Read for CountingCircles {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Value("counting-circles")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        // An empty list and a cell named twice are refused by `validate`, at this key.
        Ok(vec![CountingCircles {
            cells: item.value_cells()?,
        }])
    }
}

impl Sample for CountingCircles {
    fn cases() -> Vec<Case> {
        vec![Case::new("counting-circles", |g| {
            // For each digit d, none or d of the cells holding it in the reference (so the
            // rule holds there), sometimes one cell more (so it may not), in any order.
            let n = g.n;
            let mut cells: Vec<Cell> = Vec::new();
            for x in 1..=n as u32 {
                let mut holding: Vec<Cell> = (0..n * n)
                    .map(|k| Cell::from_index(k, n))
                    .filter(|&c| g.digit(c) == x)
                    .collect();
                if g.chance(50) || holding.len() < x as usize {
                    continue;
                }
                for i in (1..holding.len()).rev() {
                    holding.swap(i, g.below(i + 1));
                }
                cells.extend(&holding[..x as usize]);
            }
            if g.chance(15) {
                let c = g.cell();
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            if cells.is_empty() {
                return None;
            }
            for i in (1..cells.len()).rev() {
                cells.swap(i, g.below(i + 1));
            }
            Some(CountingCircles { cells }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            Vec::new(),
            vec![CountingCircles {
                cells: vec![at(6, 6), at(1, 2), at(2, 1)],
            }],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::variant::rules::cells_at;

    fn solution(grid: &str) -> VariantSolution {
        VariantSolution {
            grid: grid.parse::<Grid>().unwrap(),
            shading: None,
            letters: Vec::new(),
        }
    }

    #[test]
    fn the_check_counts_each_circled_digit() {
        let p = VariantPuzzle::new(crate::sudoku::Shape::for_size(4).unwrap());
        let s = solution("1234341221434321");
        // r1c1 = 1 alone; r1c2 = 2 with r2c4 = 2.
        let ok = CountingCircles {
            cells: cells_at(&[(1, 1), (1, 2), (2, 4)]),
        };
        assert_eq!(ok.check(&p, &s), Ok(()));
        // r1c2 = 2 alone.
        let lone = CountingCircles {
            cells: cells_at(&[(1, 1), (1, 2)]),
        };
        assert_eq!(
            lone.check(&p, &s),
            Err("r1c2 holds 2 but 1 circle holds 2".into())
        );
        // Two 1s.
        let twice = CountingCircles {
            cells: cells_at(&[(1, 1), (2, 3)]),
        };
        assert!(twice.check(&p, &s).is_err());
    }
}
