//! Arrows: the digits on the shaft add up to the number in the circle. A circle of several
//! cells (a pill) reads as a number, its digits in reading order (left to right, top to
//! bottom). Digits may repeat on the shaft where Sudoku allows.

use crate::variant::encoding::{concat, Target};
use crate::variant::rules::prelude::*;
use crate::variant::rules::sums::grouped_sum;

/// An arrow: the shaft sums to the number in the circle (or pill).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Arrow, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Arrow { circle: vec![Cell::new(0, 0)], shaft: vec![Cell::new(1, 1), Cell::new(2, 2)] }.into());
/// let s = VariantSolver::new(&p)?.first().solution().unwrap();
/// let d = |r, c| s.grid.get(Cell::new(r, c)).unwrap();
/// assert_eq!(d(0, 0), d(1, 1) + d(2, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circle (one cell) or pill (several), in reading order.
    pub circle: Vec<Cell>,
    /// The shaft, from the circle outwards: its first cell touches the circle (a cell of
    /// the pill), and each cell the one before, by a side or a corner.
    pub shaft: Vec<Cell>,
}

impl Rule for Arrow {
    fn name(&self) -> &'static str {
        "arrow"
    }

    fn cells(&self) -> Vec<Cell> {
        self.circle.iter().chain(&self.shaft).copied().collect()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(!self.circle.is_empty() && !self.shaft.is_empty(), || {
            "an arrow needs a circle and a shaft".into()
        })?;
        no_repeats(&self.cells())?;
        // The shaft leaves the circle (any cell of a pill) from a neighbour, then goes on
        // from neighbour to neighbour.
        let start = self.shaft[0];
        if !self.circle.iter().any(|&c| touch(c, start)) {
            let what = if self.circle.len() == 1 {
                "circle"
            } else {
                "pill"
            };
            return Err(format!(
                "the arrow's shaft starts at {start}, which does not touch its {what} {}",
                cells_text(&self.circle)
            ));
        }
        steps_touch("the arrow", &self.shaft, false)
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let shaft_vars = ctx.cells(&self.shaft);
        let target = if self.circle.len() == 1 {
            ctx.cell(self.circle[0])
        } else {
            let cvars = ctx.cells(&self.circle);
            // The pill's number: the digits written one after the other.
            let mut numbers = vec![0 as Val];
            for &v in &cvars {
                let mut next = Vec::new();
                for &p in &numbers {
                    for d in ctx.m.dom(v).iter() {
                        next.push(concat(p, d));
                    }
                }
                numbers = next;
            }
            // Only numbers the shaft can reach.
            let (lo, hi) = shaft_vars.iter().fold((0, 0), |(lo, hi), &v| {
                (
                    lo + ctx.m.dom(v).min().unwrap_or(0),
                    hi + ctx.m.dom(v).max().unwrap_or(0),
                )
            });
            numbers.retain(|&x| (lo..=hi).contains(&x));
            let number = ctx.m.aux("pill", Domain::from_values(numbers), None);
            let mut vars = vec![number];
            vars.extend(&cvars);
            let len = vars.len();
            ctx.m.small_table("pill", &vars, None, |p| {
                if p.len() < len {
                    return true;
                }
                p[1..].iter().fold(0, |acc, &d| concat(acc, d)) == p[0]
            });
            number
        };
        grouped_sum(&mut ctx.m, "arrow", &shaft_vars, Target::Var(target), None);
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let number = self.circle.iter().fold(0i64, |acc, &c| {
            format!("{acc}{}", digit(s, c)).parse().unwrap_or(-1)
        });
        let total: i64 = digits(s, &self.shaft).iter().sum();
        ensure(total == number, || {
            format!(
                "the shaft {} adds up to {total}, not {number}",
                cells_text(&self.shaft)
            )
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let mut line = vec![*self.circle.last().unwrap_or(&self.shaft[0])];
        line.extend(&self.shaft);
        let pts: Vec<String> = line
            .iter()
            .map(|&c| {
                let (x, y) = centre(c);
                format!("{x},{y}")
            })
            .collect();
        canvas.raw(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#808080\" stroke-width=\"2\"/>",
            pts.join(" ")
        ));
        if let [.., a, b] = line[..] {
            let (ax, ay) = centre(a);
            let (bx, by) = centre(b);
            let (dx, dy) = (bx - ax, by - ay);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len * 8.0, dy / len * 8.0);
            canvas.raw(&format!(
                "<polyline points=\"{},{} {bx},{by} {},{}\" fill=\"none\" stroke=\"#808080\" stroke-width=\"2\"/>",
                bx - ux - uy,
                by - uy + ux,
                bx - ux + uy,
                by - uy - ux
            ));
        }
        for &cell in &self.circle {
            let (x, y) = centre(cell);
            canvas.circle(x, y, 17.0, "#ffffff", Some("#808080"));
        }
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("circle".into(), toml_cells(&self.circle).into());
        t.insert("shaft".into(), toml_cells(&self.shaft).into());
        out.table("arrow", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        // The line starts at the circle cell nearest the shaft (the first such), as the
        // plug-in writes it: it drops the line's first cell as the circle's.
        let near = |c: &Cell| {
            let s = self.shaft[0];
            c.row.abs_diff(s.row) + c.col.abs_diff(s.col)
        };
        let start = self
            .circle
            .iter()
            .copied()
            .min_by_key(near)
            .expect("an arrow has a circle");
        let line: Vec<Cell> = std::iter::once(start)
            .chain(self.shaft.iter().copied())
            .collect();
        out.push(
            "arrow",
            json!({"cells": FpOut::names(&self.circle), "lines": [FpOut::names(&line)]}),
        );
        Ok(())
    }
}

impl Read for Arrow {
    const FPUZZLES_KEYS: &'static [&'static str] = &["arrow"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let refuse = |what: &str| FpuzzlesError::Unsupported {
            kinds: vec![format!("arrow {what}")],
            at: None,
        };
        let mut out = Vec::new();
        for e in fp.entries(key, value)? {
            let listed = fp.cells(key, e.get("cells"))?;
            let mut circle = listed.clone();
            circle.sort();
            circle.dedup();
            if circle.len() > 1 {
                // The solver plug-in reads a pill's digits in the order listed, setters in
                // reading order: only where the two agree is the number known.
                if listed != circle {
                    return Err(refuse("whose pill is not listed in reading order"));
                }
                // Two-digit digits: the plug-in multiplies by ten, not by a hundred.
                if fp.n > 9 {
                    return Err(refuse("with a pill on a grid larger than 9×9"));
                }
            }
            for line in fp.lines(key, e)? {
                // The line starts in the circle; the rest of it is the shaft. The plug-in
                // drops the line's first cell (older versions: every circle cell), so a
                // line that starts elsewhere or comes back into the circle is ambiguous.
                let Some((first, shaft)) = line.split_first() else {
                    continue;
                };
                if !circle.contains(first) {
                    return Err(refuse("whose line does not start in its circle"));
                }
                if shaft.iter().any(|c| circle.contains(c)) {
                    return Err(refuse("whose line passes through its circle again"));
                }
                if !shaft.is_empty() {
                    out.push(Arrow {
                        circle: circle.clone(),
                        shaft: shaft.to_vec(),
                    });
                }
            }
        }
        Ok(out)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("arrow")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["circle", "shaft"])?;
        Ok(vec![Arrow {
            circle: item.cells("circle")?,
            shaft: item.cells("shaft")?,
        }])
    }
}

impl Sample for Arrow {
    fn cases() -> Vec<Case> {
        let arrow = |g: &mut Gen<'_>, pill: bool| {
            let l = g.len(if pill { 4 } else { 2 }, if pill { 6 } else { 4 });
            let w = g.walk(l, false);
            let k = if pill { 2 } else { 1 };
            let mut circle = w[..k].to_vec();
            circle.sort();
            Some(
                Arrow {
                    circle,
                    shaft: w[k..].to_vec(),
                }
                .into(),
            )
        };
        vec![
            Case::new("arrow", move |g| arrow(g, false)),
            Case::new("pill", move |g| arrow(g, true)),
        ]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![Arrow {
                circle: vec![at(4, 8), at(4, 9)],
                shaft: vec![at(5, 8), at(6, 8)],
            }],
            Vec::new(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    use crate::variant::rules::cells_at as cells;

    fn validate(circle: &[(usize, usize)], shaft: &[(usize, usize)]) -> Result<(), String> {
        let arrow = Arrow {
            circle: cells(circle),
            shaft: cells(shaft),
        };
        arrow.validate(&VariantPuzzle::new(Shape::classic()))
    }

    #[test]
    fn the_shaft_leaves_its_circle_from_a_neighbour_and_never_jumps() {
        // Sideways or diagonally from the circle, or from any cell of a pill.
        assert_eq!(validate(&[(1, 1)], &[(2, 2), (3, 2)]), Ok(()));
        assert_eq!(validate(&[(7, 6), (7, 7)], &[(7, 5), (7, 4)]), Ok(()));
        assert_eq!(
            validate(&[(1, 1)], &[(1, 3), (1, 4)]),
            Err("the arrow's shaft starts at r1c3, which does not touch its circle r1c1".into())
        );
        assert_eq!(
            validate(&[(1, 1), (1, 2)], &[(3, 3)]),
            Err("the arrow's shaft starts at r3c3, which does not touch its pill r1c1 r1c2".into())
        );
        assert_eq!(
            validate(&[(1, 1)], &[(2, 2), (2, 4)]),
            Err(
                "the arrow jumps from r2c2 to r2c4, which do not touch (each cell of a line \
                 touches the next, by a side or a corner)"
                    .into()
            )
        );
    }
}
