//! Little killers: the digits along a diagonal, from a clue beside the grid, add up to the
//! clue (digits may repeat where Sudoku allows).

use crate::variant::encoding::Target;
use crate::variant::rules::prelude::*;
use crate::variant::rules::sums::grouped_sum;

/// A little killer: the digits on the diagonal add up to the sum. `cells` runs from the
/// clue into the grid.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{LittleKiller, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// let diagonal = vec![Cell::new(0, 1), Cell::new(1, 2), Cell::new(2, 3)];
/// p.constraints.push(LittleKiller { cells: diagonal.clone(), sum: 4 }.into());
/// let s = VariantSolver::new(&p)?.first().solution().unwrap();
/// assert_eq!(diagonal.iter().map(|&c| s.grid.get(c).unwrap()).sum::<u8>(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    /// The diagonal, starting next to the clue.
    pub cells: Vec<Cell>,
    /// The total.
    pub sum: u32,
}

/// The direction of a little killer, as `(row step, column step)`.
fn direction(name: &str) -> Option<(i64, i64)> {
    Some(match name {
        "DR" => (1, 1),
        "DL" => (1, -1),
        "UR" => (-1, 1),
        "UL" => (-1, -1),
        _ => return None,
    })
}

/// The clue cell (outside the grid, 0-based) and direction of a little killer diagonal.
pub(crate) fn clue(cells: &[Cell], n: usize) -> ((i64, i64), (i64, i64)) {
    let first = (cells[0].row as i64, cells[0].col as i64);
    let dir = if cells.len() >= 2 {
        (cells[1].row as i64 - first.0, cells[1].col as i64 - first.1)
    } else {
        // A corner cell: the direction that leaves the grid on both sides.
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .find(|&(dr, dc)| {
                let outside = |r: i64, c: i64| r < 0 || c < 0 || r >= n as i64 || c >= n as i64;
                outside(first.0 - dr, first.1 - dc) && outside(first.0 + dr, first.1 + dc)
            })
            .unwrap_or((1, 1))
    };
    ((first.0 - dir.0, first.1 - dir.1), dir)
}

impl Rule for LittleKiller {
    fn name(&self) -> &'static str {
        "little killer"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        ensure(!self.cells.is_empty(), || "no cells".into())?;
        no_repeats(&self.cells)
    }

    /// The sum, with the cells that share a house grouped ([`grouped_sum`]).
    fn encode(&self, ctx: &mut Ctx<'_>) {
        let vars = ctx.cells(&self.cells);
        grouped_sum(
            &mut ctx.m,
            "lk",
            &vars,
            Target::Const(self.sum as Val),
            None,
        );
    }

    fn check(&self, _p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let total: i64 = digits(s, &self.cells).iter().sum();
        ensure(total == i64::from(self.sum), || {
            format!(
                "{} add up to {total}, not {}",
                cells_text(&self.cells),
                self.sum
            )
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let ((r, col), dir) = clue(&self.cells, canvas.n);
        let (x, y) = canvas.at(r, col);
        let arrow = match dir {
            (1, 1) => '↘',
            (1, _) => '↙',
            (_, 1) => '↗',
            _ => '↖',
        };
        canvas.text(x, y, 14.0, &format!("{}{arrow}", self.sum));
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        t.insert("sum".into(), i64::from(self.sum).into());
        out.table("little-killer", t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        let ((r, col), (dr, dc)) = clue(&self.cells, out.n);
        // f-puzzles (and every tool reading it) sums the whole diagonal from the clue to
        // the grid's edge: a part of a diagonal cannot be written.
        let n = out.n as i64;
        let whole: Vec<Cell> = (1..)
            .map(|k| (r + k * dr, col + k * dc))
            .take_while(|&(i, j)| i >= 0 && j >= 0 && i < n && j < n)
            .map(|(i, j)| Cell::new(i as usize, j as usize))
            .collect();
        if whole != self.cells {
            return Err(Inexpressible);
        }
        let dir = match (dr, dc) {
            (1, 1) => "DR",
            (1, -1) => "DL",
            (-1, 1) => "UR",
            _ => "UL",
        };
        out.push(
            "littlekillersum",
            json!({"cell": format!("R{}C{}", r + 1, col + 1), "cells": FpOut::names(&self.cells),
                   "direction": dir, "value": self.sum.to_string()}),
        );
        Ok(())
    }
}

impl Read for LittleKiller {
    const FPUZZLES_KEYS: &'static [&'static str] = &["littlekillersum"];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let mut out = Vec::new();
        for e in fp.entries(key, value)? {
            // A clue without a number (or 0, f-puzzles' empty clue) says nothing.
            let sum = match fp.number(key, e.get("value"))? {
                None | Some(0) => continue,
                Some(s) => s,
            };
            // The diagonal from the clue, as the solver plug-in reads it (it ignores
            // `cells`): from the cell beside the grid, one step in, then on to the edge.
            let from_clue = match (e.get("cell"), e.get("direction").and_then(Value::as_str)) {
                (Some(cell), Some(dir)) if !cell.is_null() => {
                    let (mut r, mut c) = fp.position(key, cell)?;
                    let (dr, dc) = direction(dir)
                        .ok_or_else(|| malformed(key, "expected a direction DR, DL, UR or UL"))?;
                    let n = fp.n as i64;
                    let inside = |r: i64, c: i64| r >= 1 && c >= 1 && r <= n && c <= n;
                    if inside(r, c) {
                        // f-puzzles places clues beside the grid only; the plug-in would
                        // count the clue's own cell, which no setter means.
                        return Err(FpuzzlesError::Unsupported {
                            kinds: vec!["littlekillersum with its clue inside the grid".into()],
                            at: None,
                        });
                    }
                    let mut cells = Vec::new();
                    r += dr;
                    c += dc;
                    while inside(r, c) {
                        cells.push(Cell::new(r as usize - 1, c as usize - 1));
                        r += dr;
                        c += dc;
                    }
                    Some(cells)
                }
                _ => None,
            };
            let listed = match e.get("cells") {
                Some(list) if list.as_array().is_some_and(|a| !a.is_empty()) => {
                    Some(fp.cells(key, Some(list))?)
                }
                _ => None,
            };
            let cells = match (from_clue, listed) {
                (Some(a), Some(b)) if a != b => {
                    return Err(FpuzzlesError::Unsupported {
                        kinds: vec![
                            "littlekillersum whose cells are not the diagonal from its clue".into(),
                        ],
                        at: None,
                    })
                }
                (Some(cells), _) | (None, Some(cells)) => cells,
                (None, None) => {
                    // Say what is missing.
                    fp.position(key, e.get("cell").unwrap_or(&Value::Null))?;
                    return Err(malformed(key, "expected a direction DR, DL, UR or UL"));
                }
            };
            if cells.is_empty() {
                return Err(malformed(
                    key,
                    "the clue's diagonal has no cells in the grid",
                ));
            }
            out.push(LittleKiller { cells, sum });
        }
        Ok(out)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Tables("little-killer")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        item.allow(&["cells", "sum"])?;
        Ok(vec![LittleKiller {
            cells: item.cells("cells")?,
            sum: item.int("sum")?,
        }])
    }
}

impl Sample for LittleKiller {
    fn cases() -> Vec<Case> {
        vec![Case::new("little-killer", |g| {
            let n = g.n as i64;
            let (dr, dc) = [(1i64, 1i64), (1, -1)][g.below(2)];
            let (mut r, mut c) = (0i64, g.below(g.n) as i64);
            let mut cells = vec![];
            while r >= 0 && c >= 0 && r < n && c < n {
                cells.push(Cell::new(r as usize, c as usize));
                r += dr;
                c += dc;
            }
            let sum = cells.iter().map(|&c| g.digit(c)).sum::<u32>() + u32::from(g.chance(20));
            Some(LittleKiller { cells, sum }.into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            vec![LittleKiller {
                cells: (1..=8).map(|r| at(r, r + 1)).collect(),
                sum: 12,
            }],
            Vec::new(),
        )
    }
}
