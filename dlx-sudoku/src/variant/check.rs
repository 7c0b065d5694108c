//! An independent checker: each rule tested on a finished grid straight from its
//! definition, sharing nothing with the encodings. Tests compare the solver against
//! brute force filtered by this checker.

use thiserror::Error;

use crate::sudoku::Cell;
use crate::variant::puzzle::{Constraint, Diagonal, LineKind, NegativeKind, VariantPuzzle};
use crate::variant::solve::VariantSolution;

/// A rule that a solution breaks.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Constraint, VariantPuzzle, VariantSolution};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Constraint::Odd(Cell::new(0, 0)));
/// let s = VariantSolution { grid: "2143341212344321".parse()?, shading: None, letters: vec![] };
/// let err = p.check(&s).unwrap_err();
/// assert_eq!(err.to_string(), "constraint 1 (odd cell): r1c1 holds 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleViolation {
    /// The grid is not a solved Sudoku of the shape with the givens.
    #[error("{0}")]
    Sudoku(String),
    /// A constraint does not hold.
    #[error("constraint {index} ({kind}): {message}")]
    Constraint {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Shading or letters are missing or malformed.
    #[error("{0}")]
    Missing(String),
}

type Check = Result<(), String>;

fn ensure(ok: bool, message: impl FnOnce() -> String) -> Check {
    if ok {
        Ok(())
    } else {
        Err(message())
    }
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl VariantPuzzle {
    /// Checks a solution against every rule of the puzzle: plain Sudoku with the givens,
    /// then each constraint, from its definition.
    ///
    /// See [`RuleViolation`] for an example.
    pub fn check(&self, solution: &VariantSolution) -> Result<(), RuleViolation> {
        self.shape
            .verify_solution(&self.givens, &solution.grid)
            .map_err(|e| RuleViolation::Sudoku(e.to_string()))?;
        let n = self.size();
        if self.has_shading() {
            match &solution.shading {
                Some(s) if s.len() == n * n => {}
                _ => return Err(RuleViolation::Missing("the solution has no shading".into())),
            }
        }
        let letters = self.letters();
        for &l in &letters {
            if !solution.letters.iter().any(|&(c, _)| c == l) {
                return Err(RuleViolation::Missing(format!("no digit for letter {l}")));
            }
        }
        for (i, &(a, x)) in solution.letters.iter().enumerate() {
            if x == 0 || usize::from(x) > n {
                return Err(RuleViolation::Missing(format!("letter {a} has digit {x}")));
            }
            if let Some(&(b, _)) = solution.letters[..i].iter().find(|&&(_, y)| y == x) {
                return Err(RuleViolation::Missing(format!(
                    "letters {b} and {a} both stand for {x}"
                )));
            }
        }
        for (index, c) in self.constraints.iter().enumerate() {
            self.check_one(c, solution)
                .map_err(|message| RuleViolation::Constraint {
                    index: index + 1,
                    kind: c.name(),
                    message,
                })?;
        }
        Ok(())
    }

    fn check_one(&self, c: &Constraint, s: &VariantSolution) -> Check {
        let n = self.size();
        let g = &s.grid;
        let d = |cell: Cell| -> i64 { i64::from(g.get(cell).unwrap_or(0)) };
        let digits = |cells: &[Cell]| -> Vec<i64> { cells.iter().map(|&c| d(c)).collect() };
        let letter = |l: char| -> i64 {
            s.letters
                .iter()
                .find(|&&(c, _)| c == l)
                .map_or(0, |&(_, x)| i64::from(x))
        };
        match c {
            Constraint::Killer { cells, sum } => {
                let v = digits(cells);
                distinct(&v, cells)?;
                if let Some(t) = sum {
                    let total: i64 = v.iter().sum();
                    ensure(total == i64::from(*t), || {
                        format!("{} add up to {total}, not {t}", cells_text(cells))
                    })?;
                }
                Ok(())
            }
            Constraint::LittleKiller { cells, sum } => {
                let total: i64 = digits(cells).iter().sum();
                ensure(total == i64::from(*sum), || {
                    format!("{} add up to {total}, not {sum}", cells_text(cells))
                })
            }
            Constraint::ExtraRegion { cells } => distinct(&digits(cells), cells),
            Constraint::Diagonal(which) => {
                let cells: Vec<Cell> = (0..n)
                    .map(|k| match which {
                        Diagonal::Main => Cell::new(k, k),
                        Diagonal::Anti => Cell::new(n - 1 - k, k),
                    })
                    .collect();
                distinct(&digits(&cells), &cells)
            }
            Constraint::AntiKnight | Constraint::AntiKing => {
                let moves: &[(i64, i64)] = if matches!(c, Constraint::AntiKnight) {
                    &[(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    &[(0, 1), (1, 0), (1, 1), (1, -1)]
                };
                for (a, b) in offsets(n, moves) {
                    ensure(d(a) != d(b), || format!("{a} and {b} both hold {}", d(a)))?;
                }
                Ok(())
            }
            Constraint::NonConsecutive => {
                for (a, b) in offsets(n, &[(0, 1), (1, 0)]) {
                    ensure((d(a) - d(b)).abs() != 1, || {
                        format!("{a} and {b} hold {} and {}", d(a), d(b))
                    })?;
                }
                Ok(())
            }
            Constraint::DisjointGroups => {
                // Group k: the k-th cell of each region in reading order.
                let mut position = vec![0usize; n];
                let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); n];
                for r in 0..n {
                    for col in 0..n {
                        let cell = Cell::new(r, col);
                        if let Some(region) = self.shape.region_of(cell) {
                            groups[position[region]].push(cell);
                            position[region] += 1;
                        }
                    }
                }
                for group in &groups {
                    distinct(&digits(group), group)?;
                }
                Ok(())
            }
            Constraint::Line {
                kind,
                cells,
                conditional,
            } => {
                let v = digits(cells);
                if !conditional {
                    return self.check_line(*kind, cells, &v);
                }
                let water = s.shading.as_ref().expect("checked above");
                let wet = cells.iter().filter(|c| water[c.index(n)]).count();
                if wet < cells.len() {
                    self.check_line(*kind, cells, &v)?;
                }
                if wet > 0 {
                    self.check_line(LineKind::Zipper, cells, &v)
                        .map_err(|e| format!("as a zipper line: {e}"))?;
                }
                Ok(())
            }
            Constraint::Arrow { circle, shaft } => {
                let number = circle.iter().fold(0i64, |acc, &c| {
                    format!("{acc}{}", d(c)).parse().unwrap_or(-1)
                });
                let total: i64 = digits(shaft).iter().sum();
                ensure(total == number, || {
                    format!(
                        "the shaft {} adds up to {total}, not {number}",
                        cells_text(shaft)
                    )
                })
            }
            Constraint::Ratio { cells, ratio } => {
                let (a, b) = (d(cells[0]), d(cells[1]));
                let r = i64::from(*ratio);
                ensure(a == r * b || b == r * a, || {
                    format!("{a} and {b} are not in ratio 1:{r}")
                })
            }
            Constraint::Difference { cells, difference } => {
                let (a, b) = (d(cells[0]), d(cells[1]));
                ensure((a - b).abs() == i64::from(*difference), || {
                    format!("{a} and {b} do not differ by {difference}")
                })
            }
            Constraint::Xv { cells, sum } => {
                let (a, b) = (d(cells[0]), d(cells[1]));
                ensure(a + b == i64::from(*sum), || {
                    format!("{a} + {b} is not {sum}")
                })
            }
            Constraint::Negative(kind) => {
                for (a, b) in offsets(n, &[(0, 1), (1, 0)]) {
                    let marked = self.constraints.iter().any(|c| {
                        let pair = match (c, kind) {
                            (Constraint::Ratio { cells, .. }, NegativeKind::Ratio)
                            | (Constraint::Difference { cells, .. }, NegativeKind::Difference)
                            | (Constraint::Xv { cells, .. }, NegativeKind::Xv) => cells,
                            _ => return false,
                        };
                        (pair[0] == a && pair[1] == b) || (pair[0] == b && pair[1] == a)
                    });
                    if marked {
                        continue;
                    }
                    let (x, y) = (d(a), d(b));
                    let hit = match kind {
                        NegativeKind::Ratio => x == 2 * y || y == 2 * x,
                        NegativeKind::Difference => (x - y).abs() == 1,
                        NegativeKind::Xv => x + y == 5 || x + y == 10,
                    };
                    ensure(!hit, || {
                        format!("{a} and {b} hold {x} and {y} without a clue")
                    })?;
                }
                Ok(())
            }
            Constraint::Quadruple {
                cells,
                digits: want,
            } => {
                let mut have = digits(cells);
                for &w in want {
                    match have.iter().position(|&h| h == i64::from(w)) {
                        Some(i) => {
                            have.remove(i);
                        }
                        None => {
                            return Err(format!(
                                "{} do not hold the digits {want:?}",
                                cells_text(cells)
                            ))
                        }
                    }
                }
                Ok(())
            }
            Constraint::Clone { cells, copy } => {
                for (&a, &b) in cells.iter().zip(copy) {
                    ensure(d(a) == d(b), || {
                        format!("{a} holds {} but {b} holds {}", d(a), d(b))
                    })?;
                }
                Ok(())
            }
            Constraint::Odd(cell) => {
                ensure(d(*cell) % 2 == 1, || format!("{cell} holds {}", d(*cell)))
            }
            Constraint::Even(cell) => {
                ensure(d(*cell) % 2 == 0, || format!("{cell} holds {}", d(*cell)))
            }
            Constraint::Minimum(cell) | Constraint::Maximum(cell) => {
                let max = matches!(c, Constraint::Maximum(_));
                for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                    let (r, col) = (cell.row as i64 + dr, cell.col as i64 + dc);
                    if r < 0 || col < 0 || r >= n as i64 || col >= n as i64 {
                        continue;
                    }
                    let other = Cell::new(r as usize, col as usize);
                    let ok = if max {
                        d(*cell) > d(other)
                    } else {
                        d(*cell) < d(other)
                    };
                    ensure(ok, || {
                        format!("{cell} holds {}, {other} holds {}", d(*cell), d(other))
                    })?;
                }
                Ok(())
            }
            Constraint::Letters(_) => Ok(()),
            Constraint::Letter { cell, letter: l } => ensure(d(*cell) == letter(*l), || {
                format!("{cell} holds {} but {l} is {}", d(*cell), letter(*l))
            }),
            Constraint::LetterCircle { cells, letter: l } => {
                ensure(digits(cells).contains(&letter(*l)), || {
                    format!("{l} ({}) is not in {}", letter(*l), cells_text(cells))
                })
            }
            Constraint::YinYang => {
                let water = s.shading.as_ref().expect("checked above");
                for r in 0..n.saturating_sub(1) {
                    for col in 0..n - 1 {
                        let k = r * n + col;
                        let square = [water[k], water[k + 1], water[k + n], water[k + n + 1]];
                        ensure(!square.iter().all(|&w| w == square[0]), || {
                            format!("the 2×2 square at {} is all one kind", Cell::new(r, col))
                        })?;
                    }
                }
                for kind in [false, true] {
                    ensure(crate::variant::shading::connected(n, water, kind), || {
                        format!(
                            "the {} cells are not connected",
                            if kind { "water" } else { "land" }
                        )
                    })?;
                }
                Ok(())
            }
            Constraint::Shade { cell, water } => {
                let got = s.shading.as_ref().expect("checked above")[cell.index(n)];
                ensure(got == *water, || format!("{cell} has the wrong shading"))
            }
        }
    }

    fn check_line(&self, kind: LineKind, cells: &[Cell], v: &[i64]) -> Check {
        let k = v.len();
        let n = self.size() as i64;
        let pairs = || v.windows(2).map(|w| (w[0], w[1]));
        let text = || cells_text(cells);
        match kind {
            LineKind::Thermometer => ensure(pairs().all(|(a, b)| a < b), || {
                format!("{} do not increase", text())
            }),
            LineKind::SlowThermometer => ensure(pairs().all(|(a, b)| a <= b), || {
                format!("{} decrease", text())
            }),
            LineKind::Renban => {
                let mut sorted = v.to_vec();
                sorted.sort_unstable();
                ensure(sorted.windows(2).all(|w| w[1] == w[0] + 1), || {
                    format!("{} are not a run of consecutive digits", text())
                })
            }
            LineKind::Whispers { difference } => ensure(
                pairs().all(|(a, b)| (a - b).abs() >= i64::from(difference)),
                || format!("neighbours on {} differ by less than {difference}", text()),
            ),
            LineKind::Nabner => {
                for j in 0..k {
                    for i in 0..j {
                        ensure((v[i] - v[j]).abs() >= 2, || {
                            format!("{} and {} hold {} and {}", cells[i], cells[j], v[i], v[j])
                        })?;
                    }
                }
                Ok(())
            }
            LineKind::RegionSum => {
                let mut sums: Vec<i64> = Vec::new();
                for (i, &c) in cells.iter().enumerate() {
                    let same =
                        i > 0 && self.shape.region_of(cells[i - 1]) == self.shape.region_of(c);
                    if same {
                        *sums.last_mut().expect("a segment is open") += v[i];
                    } else {
                        sums.push(v[i]);
                    }
                }
                ensure(sums.windows(2).all(|w| w[0] == w[1]), || {
                    format!("the segments of {} add up to {sums:?}", text())
                })
            }
            LineKind::Parity => ensure(pairs().all(|(a, b)| (a + b) % 2 == 1), || {
                format!("{} do not alternate odd and even", text())
            }),
            LineKind::Entropic => {
                let third = |x: i64| (x - 1) * 3 / n;
                for w in v.windows(3) {
                    let mut t: Vec<i64> = w.iter().map(|&x| third(x)).collect();
                    t.sort_unstable();
                    ensure(t == [0, 1, 2], || {
                        format!("{w:?} on {} are not low, middle and high", text())
                    })?;
                }
                Ok(())
            }
            LineKind::Palindrome => ensure(v.iter().eq(v.iter().rev()), || {
                format!("{} is not a palindrome", text())
            }),
            LineKind::SameDifference => {
                let diffs: Vec<i64> = pairs().map(|(a, b)| (a - b).abs()).collect();
                ensure(diffs.windows(2).all(|w| w[0] == w[1]), || {
                    format!("the differences along {} are {diffs:?}", text())
                })
            }
            LineKind::Zipper => {
                let target = if k % 2 == 1 {
                    v[k / 2]
                } else {
                    v[k / 2 - 1] + v[k / 2]
                };
                for i in 0..k / 2 {
                    ensure(v[i] + v[k - 1 - i] == target, || {
                        format!("{} + {} on {} is not {target}", v[i], v[k - 1 - i], text())
                    })?;
                }
                Ok(())
            }
            LineKind::Between => {
                let (lo, hi) = (v[0].min(v[k - 1]), v[0].max(v[k - 1]));
                ensure(v[1..k - 1].iter().all(|&x| lo < x && x < hi), || {
                    format!(
                        "the middle of {} is not between {} and {}",
                        text(),
                        v[0],
                        v[k - 1]
                    )
                })
            }
        }
    }
}

/// No repeated digit.
fn distinct(v: &[i64], cells: &[Cell]) -> Check {
    for j in 0..v.len() {
        for i in 0..j {
            ensure(v[i] != v[j], || {
                format!("{} and {} both hold {}", cells[i], cells[j], v[i])
            })?;
        }
    }
    Ok(())
}

/// Pairs of cells at these offsets (each unordered pair once when the offsets are one
/// half of a symmetric set).
fn offsets(n: usize, moves: &[(i64, i64)]) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            for &(dr, dc) in moves {
                let (r2, c2) = (r + dr, c + dc);
                if r2 >= 0 && c2 >= 0 && r2 < n as i64 && c2 < n as i64 {
                    out.push((
                        Cell::new(r as usize, c as usize),
                        Cell::new(r2 as usize, c2 as usize),
                    ));
                }
            }
        }
    }
    out
}
