//! Entropic lines: every three neighbouring cells hold a low, a middle and a high digit.
//! On 9×9 the thirds are 1-3, 4-6 and 7-9; on sizes not divisible by 3 the middle third is
//! the odd size out (7×7: 12 / 345 / 67; 8×8: 123 / 45 / 678), as the f-puzzles solver
//! plug-in defines them. Two neighbours on a line of two cells differ in third.

use crate::variant::encoding::three_classes;
use crate::variant::model::Gate;
use crate::variant::rules::lines::{Cells, Ends, LineRule, Style};
use crate::variant::rules::prelude::*;

/// An entropic line.
pub(crate) struct Entropic;

/// The third of a digit (0 low, 1 middle, 2 high) in a grid of size `n`.
pub(crate) fn third(n: i64, d: i64) -> i64 {
    let small = n / 3;
    let large = (n + 2) / 3;
    let (a, b) = match n % 3 {
        0 => (small, small),
        1 => (small, large),
        _ => (large, small),
    };
    if d <= a {
        0
    } else if d <= a + b {
        1
    } else {
        2
    }
}

/// The check shared with modular lines: windows of three hold three classes (around the
/// loop when closed); two cells differ.
pub(crate) fn check_classes(
    line: &Cells<'_>,
    v: &[i64],
    class: impl Fn(i64) -> i64,
    what: &str,
) -> Check {
    let k = v.len();
    if k == 2 {
        return ensure(class(v[0]) != class(v[1]), || {
            format!(
                "{} and {} are in the same {what}",
                line.cells[0], line.cells[1]
            )
        });
    }
    let windows = if line.closed { k } else { k - 2 };
    for i in 0..windows {
        let mut t = [class(v[i]), class(v[(i + 1) % k]), class(v[(i + 2) % k])];
        t.sort_unstable();
        ensure(t == [0, 1, 2], || {
            format!(
                "{}, {} and {} are not one of each {what}",
                line.cells[i],
                line.cells[(i + 1) % k],
                line.cells[(i + 2) % k]
            )
        })?;
    }
    Ok(())
}

impl LineRule for Entropic {
    fn name(&self) -> &'static str {
        "entropic line"
    }

    fn min_cells(&self) -> usize {
        2
    }

    fn random_lengths(&self) -> (usize, usize) {
        (3, 6)
    }

    fn loops(&self) -> bool {
        true
    }

    fn validate(&self, n: usize) -> Result<(), String> {
        ensure(n >= 3, || {
            format!("entropic lines need a grid of 3×3 or more, not {n}×{n}")
        })
    }

    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>) {
        let vars = ctx.cells(line.cells);
        let n = ctx.max_digit() as i64;
        three_classes(
            &mut ctx.m,
            "entropic",
            &vars,
            line.closed,
            gate,
            "ent",
            move |x| third(n, i64::from(x)) as Val,
        );
    }

    fn check(&self, p: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check {
        let n = p.size() as i64;
        check_classes(line, v, |x| third(n, x), "third")
    }

    fn style(&self) -> Style {
        Style {
            colour: "#f0a030",
            width: 8.0,
            dashed: false,
            ends: Ends::Plain,
        }
    }

    fn fpuzzles_key(&self) -> &'static str {
        "entropicline"
    }

    fn toml_key(&self) -> &'static str {
        "entropic"
    }
}

#[cfg(test)]
mod tests {
    use super::third;

    #[test]
    fn thirds_follow_the_plugin() {
        let classes = |n: i64| (1..=n).map(|d| third(n, d)).collect::<Vec<_>>();
        assert_eq!(classes(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(classes(7), [0, 0, 1, 1, 1, 2, 2]);
        assert_eq!(classes(8), [0, 0, 0, 1, 1, 2, 2, 2]);
        assert_eq!(classes(6), [0, 0, 1, 1, 2, 2]);
        assert_eq!(classes(4), [0, 1, 1, 2]);
    }
}
