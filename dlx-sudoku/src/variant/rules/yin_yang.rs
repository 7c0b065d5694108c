//! Yin-yang shading: every cell is land or water (unshaded or shaded); each kind is one
//! orthogonally connected area, and no 2×2 square is all one kind.
//!
//! Each cell's shading is a decided variable (0 land, 1 water), made with the grid's. The
//! 2×2 rule is one table of 12 alternatives per square (the 16 patterns less the two
//! uniform ones and the two checkerboards, which connectivity rules out anyway: the two
//! diagonal pairs could not both be joined). Connectivity itself is not local: the
//! dancing-links search checks it on every partial solution (`links::connectivity`), the
//! clause solver learns it lazily (`sat::connectivity`). This module also makes the gates
//! of conditional lines, which read the shading.

use crate::variant::encoding::automaton;
use crate::variant::rules::prelude::*;
use crate::variant::rules::Shade;

/// Yin-yang: every cell is land or water; each kind is one orthogonally connected area,
/// and no 2×2 square is all one kind.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, YinYang};
/// assert_eq!(Constraint::from(YinYang).name(), "yin-yang");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YinYang;

impl Rule for YinYang {
    fn shades(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "yin-yang"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        let n = ctx.n();
        // Around the edge of the grid each kind is one run: were there two runs of water
        // with land between them, the path joining them through the grid would cut the land
        // in two. Implied by connectivity (so no solution changes), but local, so the
        // searches use it before connectivity can be checked.
        if n >= 2 {
            let ring: Vec<Var> = perimeter(n).into_iter().map(|c| ctx.shade(c)).collect();
            automaton(
                &mut ctx.m,
                "yinyang.edge",
                &ring,
                None,
                |s: &Option<(Val, Val, Val)>, x| match *s {
                    None => Some(Some((x, x, 0))),
                    Some((first, last, changes)) => {
                        let changes = changes + Val::from(x != last);
                        (changes <= 2).then_some(Some((first, x, changes)))
                    }
                },
                |s| match *s {
                    Some((first, last, changes)) => changes + Val::from(first != last) <= 2,
                    None => true,
                },
            );
        }
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let vars = [
                    ctx.shade(Cell::new(r, c)),
                    ctx.shade(Cell::new(r, c + 1)),
                    ctx.shade(Cell::new(r + 1, c)),
                    ctx.shade(Cell::new(r + 1, c + 1)),
                ];
                ctx.m.small_table("square", &vars, None, |p| {
                    if p.len() < 4 {
                        return true;
                    }
                    let uniform = p.iter().all(|&x| x == p[0]);
                    let checker = p[0] == p[3] && p[1] == p[2] && p[0] != p[1];
                    !uniform && !checker
                });
            }
        }
    }

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let n = p.size();
        let water = s.shading.as_ref().ok_or("the solution has no shading")?;
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
            ensure(connected(n, water, kind), || {
                format!(
                    "the {} cells are not connected",
                    if kind { "water" } else { "land" }
                )
            })?;
        }
        Ok(())
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // The shading of a solution is drawn with the solution.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global("yin-yang");
    }
}

impl Read for YinYang {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Global("yin-yang")];

    fn from_toml(_key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![YinYang])
    }
}

/// The cells around the edge of an `n × n` grid, in order around it.
fn perimeter(n: usize) -> Vec<Cell> {
    let mut out: Vec<Cell> = (0..n).map(|c| Cell::new(0, c)).collect();
    out.extend((1..n).map(|r| Cell::new(r, n - 1)));
    out.extend((0..n - 1).rev().map(|c| Cell::new(n - 1, c)));
    out.extend((1..n - 1).rev().map(|r| Cell::new(r, 0)));
    out
}

/// Whether a complete shading (true for water) has each kind connected. Used by the
/// checker; written separately from the searches' tests.
pub(crate) fn connected(n: usize, water: &[bool], kind: bool) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&k| water[k] == kind).collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut count = 0;
    while let Some(k) = stack.pop() {
        count += 1;
        let (r, c) = (k / n, k % n);
        let mut nbrs = Vec::new();
        if r > 0 {
            nbrs.push(k - n);
        }
        if r + 1 < n {
            nbrs.push(k + n);
        }
        if c > 0 {
            nbrs.push(k - 1);
        }
        if c + 1 < n {
            nbrs.push(k + 1);
        }
        for j in nbrs {
            if !seen[j] && water[j] == kind {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    count == cells.len()
}

/// States of a line's shading as it is read: all land so far, all water so far, mixed.
const DRY: Val = 0;
const WET: Val = 1;
const MIXED: Val = 2;

fn step_state(state: Val, water: Val) -> Val {
    match (state, water) {
        (DRY, 0) => DRY,
        (WET, 1) => WET,
        _ => MIXED,
    }
}

/// The two gates of a conditional line: `rule` is 1 unless the line is all water, `zip`
/// is 1 unless it is all land. Short lines are one table over the shading of their cells;
/// long ones read the shading cell by cell through auxiliary states.
pub(crate) fn line_gates(ctx: &mut Ctx<'_>, cells: &[Cell]) -> (Var, Var) {
    let shades: Vec<Var> = cells.iter().map(|&c| ctx.shade(c)).collect();
    let rule = ctx.m.aux("gate.rule", Domain::range(0, 1), None);
    let zip = ctx.m.aux("gate.zip", Domain::range(0, 1), None);
    let gates = |state: Val| (Val::from(state != WET), Val::from(state != DRY));
    let k = shades.len();
    if k <= 8 {
        let mut vars = shades.clone();
        vars.push(rule);
        vars.push(zip);
        ctx.m.small_table("gates", &vars, None, |p| {
            if p.len() < k + 2 {
                return true;
            }
            let state = p[1..k].iter().fold(p[0], |s, &w| step_state(s, w));
            gates(state) == (p[k], p[k + 1])
        });
        return (rule, zip);
    }
    // The first cell's shading is the first state (0 dry, 1 wet).
    let mut prev = shades[0];
    for (i, &s) in shades.iter().enumerate().skip(1) {
        let next = ctx
            .m
            .aux(&format!("gate.state{i}"), Domain::range(0, 2), None);
        ctx.m
            .small_table("gates.step", &[prev, s, next], None, |p| {
                p.len() < 3 || step_state(p[0], p[1]) == p[2]
            });
        prev = next;
    }
    ctx.m.small_table("gates", &[prev, rule, zip], None, |p| {
        p.len() < 3 || gates(p[0]) == (p[1], p[2])
    });
    (rule, zip)
}

impl Sample for YinYang {
    fn cases() -> Vec<Case> {
        // The rule is drawn with given shadings (the brute force enumerates its shadings).
        vec![Case::new("yin-yang", |g| {
            Some(
                Shade {
                    cell: g.cell(),
                    water: g.chance(50),
                }
                .into(),
            )
        })
        .shaded()]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (Vec::new(), vec![YinYang])
    }
}
