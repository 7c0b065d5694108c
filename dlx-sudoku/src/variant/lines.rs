//! Lines: thermometers, renban, whispers, nabner, region sums, parity, entropic,
//! palindromes, same difference, zippers, between lines.
//!
//! Most lines are tried first as one table over the whole line (the strongest encoding);
//! when that table would pass the model's table cap (4096 alternatives by default), the rule is decomposed into
//! small tables, with auxiliary items where the rule has a hidden quantity (a renban's
//! lowest digit, a common difference, a zipper's sum). Every encoding here can be gated
//! (see [`Gate`]), which conditional lines need; ungated renban and nabner lines also use
//! houses and forbidden pairs.

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::model::{Domain, Gate, Model, Val, Var};
use crate::variant::puzzle::LineKind;
use crate::variant::sums::{sum_equals, Target};

/// The houses and forbidden pairs of ungated lines (added before any table).
pub(crate) fn houses(ctx: &mut Ctx<'_>, kind: LineKind, cells: &[Cell]) {
    let vars = ctx.cells(cells);
    match kind {
        LineKind::Renban => ctx.m.house(vars),
        LineKind::Nabner => {
            ctx.m.house(vars.clone());
            let n = ctx.max_digit();
            for j in 0..vars.len() {
                for i in 0..j {
                    for d in 1..n {
                        ctx.m.forbid(vars[i], d, vars[j], d + 1);
                        ctx.m.forbid(vars[i], d + 1, vars[j], d);
                    }
                }
            }
        }
        _ => {}
    }
}

/// One table over the line when `ok` (checked on every prefix) allows few enough tuples.
fn try_table(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    gate: Option<Gate>,
    ok: impl FnMut(&[Val]) -> bool,
) -> bool {
    let cap = m.table_cap;
    m.table(name, vars, gate, Some(cap), ok).is_ok()
}

/// A rule between neighbours on the line: one table over the line if small, else one
/// table per neighbouring pair.
fn neighbours(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    gate: Option<Gate>,
    ok: impl Fn(Val, Val) -> bool,
) {
    if try_table(m, name, vars, gate, |p| {
        let l = p.len();
        l < 2 || ok(p[l - 2], p[l - 1])
    }) {
        return;
    }
    for w in vars.windows(2) {
        m.small_table(name, w, gate, |p| p.len() < 2 || ok(p[0], p[1]));
    }
}

/// Every pair of cells on the line (not only neighbours).
fn all_pairs(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    gate: Option<Gate>,
    ok: impl Fn(Val, Val) -> bool,
) {
    if try_table(m, name, vars, gate, |p| {
        let l = p.len();
        p[..l - 1].iter().all(|&x| ok(x, p[l - 1]))
    }) {
        return;
    }
    for j in 0..vars.len() {
        for i in 0..j {
            m.small_table(name, &[vars[i], vars[j]], gate, |p| {
                p.len() < 2 || ok(p[0], p[1])
            });
        }
    }
}

/// The class of a digit for entropic lines: 0 low, 1 middle, 2 high.
pub(crate) fn third(n: Val, d: Val) -> Val {
    (d - 1) / (n / 3)
}

/// Encodes a line's rule (its houses, if any, were added by [`houses`]).
pub(crate) fn encode(ctx: &mut Ctx<'_>, kind: LineKind, cells: &[Cell], gate: Option<Gate>) {
    let vars = ctx.cells(cells);
    let k = vars.len();
    let n = ctx.max_digit();
    let m = &mut ctx.m;
    match kind {
        LineKind::Thermometer => neighbours(m, "thermo", &vars, gate, |a, b| a < b),
        LineKind::SlowThermometer => neighbours(m, "slow", &vars, gate, |a, b| a <= b),
        LineKind::Whispers { difference } => {
            let d = difference as Val;
            neighbours(m, "whisper", &vars, gate, move |a, b| (a - b).abs() >= d)
        }
        LineKind::Renban => renban(m, &vars, gate, n),
        LineKind::Nabner => {
            if gate.is_some() {
                all_pairs(m, "nabner", &vars, gate, |a, b| (a - b).abs() >= 2);
            }
        }
        LineKind::Palindrome => {
            if !try_table(m, "palindrome", &vars, gate, |p| {
                let l = p.len() - 1;
                l < k - 1 - l || p[l] == p[k - 1 - l]
            }) {
                for i in 0..k / 2 {
                    m.small_table("palindrome", &[vars[i], vars[k - 1 - i]], gate, |p| {
                        p.len() < 2 || p[0] == p[1]
                    });
                }
            }
        }
        LineKind::Parity => {
            let feats: Vec<Var> = vars
                .iter()
                .map(|&v| m.feature(v, "par", |x| x % 2))
                .collect();
            let alts = (0..2)
                .map(|b| {
                    feats
                        .iter()
                        .enumerate()
                        .map(|(i, &f)| (f, (b + i as Val) % 2))
                        .collect()
                })
                .collect();
            m.gated_choice("parity", alts, gate, &[]);
        }
        LineKind::Entropic => {
            if k >= 3 {
                let feats: Vec<Var> = vars
                    .iter()
                    .map(|&v| m.feature(v, "ent", move |x| third(n, x)))
                    .collect();
                let perms = [
                    [0, 1, 2],
                    [0, 2, 1],
                    [1, 0, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [2, 1, 0],
                ];
                let alts = perms
                    .iter()
                    .map(|perm| {
                        feats
                            .iter()
                            .enumerate()
                            .map(|(i, &f)| (f, perm[i % 3]))
                            .collect()
                    })
                    .collect();
                m.gated_choice("entropic", alts, gate, &[]);
            }
        }
        LineKind::SameDifference => {
            if k >= 3
                && try_table(m, "samediff", &vars, gate, |p| {
                    let l = p.len();
                    l < 3 || (p[l - 1] - p[l - 2]).abs() == (p[1] - p[0]).abs()
                })
            {
                return;
            }
            if k < 3 {
                return;
            }
            let d = m.aux("samediff.d", Domain::range(0, n - 1), gate);
            for w in vars.windows(2) {
                m.small_table("samediff", &[d, w[0], w[1]], gate, |p| {
                    p.len() < 3 || (p[1] - p[2]).abs() == p[0]
                });
            }
        }
        LineKind::Zipper => zipper(m, &vars, gate, n),
        LineKind::Between => {
            if k < 3 {
                return;
            }
            let mut order = vec![vars[0], vars[k - 1]];
            order.extend(&vars[1..k - 1]);
            let between = |lo: Val, hi: Val, x: Val| lo.min(hi) < x && x < lo.max(hi);
            if !try_table(m, "between", &order, gate, |p| {
                p.len() < 3 || between(p[0], p[1], p[p.len() - 1])
            }) {
                for &x in &vars[1..k - 1] {
                    m.small_table("between", &[vars[0], vars[k - 1], x], gate, |p| {
                        p.len() < 3 || between(p[0], p[1], p[2])
                    });
                }
            }
        }
        LineKind::RegionSum => region_sum(ctx, cells, gate),
    }
}

/// Renban: distinct digits forming a run. One table if small; else an auxiliary "lowest
/// digit" `L` with a table `L ≤ x < L + k` per cell (the cells differ through their
/// house, or pairwise tables under a gate).
fn renban(m: &mut Model, vars: &[Var], gate: Option<Gate>, n: Val) {
    let k = vars.len() as Val;
    if try_table(m, "renban", vars, gate, |p| {
        let l = p.len();
        let (lo, hi) = (p.iter().min().unwrap(), p.iter().max().unwrap());
        hi - lo < k && !p[..l - 1].contains(&p[l - 1])
    }) {
        return;
    }
    if gate.is_some() {
        for j in 0..vars.len() {
            for i in 0..j {
                m.small_table("renban.ne", &[vars[i], vars[j]], gate, |p| {
                    p.len() < 2 || p[0] != p[1]
                });
            }
        }
    }
    let low = m.aux("renban.low", Domain::range(1, n - k + 1), gate);
    for &v in vars {
        m.small_table("renban", &[low, v], gate, |p| {
            p.len() < 2 || (p[0] <= p[1] && p[1] < p[0] + k)
        });
    }
}

/// Zipper: pairs equidistant from the centre sum to the centre digit (odd length) or to
/// the middle pair's sum (even length, an auxiliary item).
fn zipper(m: &mut Model, vars: &[Var], gate: Option<Gate>, n: Val) {
    let k = vars.len();
    if k < 3 {
        return;
    }
    // Order: the centre (or the middle pair) first, then the pairs outwards.
    let mut order: Vec<Var> = Vec::with_capacity(k);
    let head = if k % 2 == 1 {
        order.push(vars[k / 2]);
        1
    } else {
        order.push(vars[k / 2 - 1]);
        order.push(vars[k / 2]);
        2
    };
    for i in (0..k / 2 - (head - 1)).rev() {
        order.push(vars[i]);
        order.push(vars[k - 1 - i]);
    }
    let target = move |p: &[Val]| if head == 1 { p[0] } else { p[0] + p[1] };
    if try_table(m, "zipper", &order, gate, |p| {
        let l = p.len();
        l <= head || (l - head) % 2 == 1 || p[l - 2] + p[l - 1] == target(p)
    }) {
        return;
    }
    let sum = if head == 1 {
        vars[k / 2]
    } else {
        let s = m.aux("zipper.sum", Domain::range(2, 2 * n), gate);
        m.small_table("zipper.mid", &[s, order[0], order[1]], gate, |p| {
            p.len() < 3 || p[0] == p[1] + p[2]
        });
        s
    };
    for pair in order[head..].chunks(2) {
        m.small_table("zipper", &[sum, pair[0], pair[1]], gate, |p| {
            p.len() < 3 || p[0] == p[1] + p[2]
        });
    }
}

/// Region-sum lines: the line's segments in each box (maximal runs of cells in one
/// region) have one common sum, an auxiliary item; each segment's sum equals it.
fn region_sum(ctx: &mut Ctx<'_>, cells: &[Cell], gate: Option<Gate>) {
    let shape = &ctx.puzzle.shape;
    let mut segments: Vec<Vec<Cell>> = Vec::new();
    for &c in cells {
        match segments.last_mut() {
            Some(seg) if shape.region_of(seg[0]) == shape.region_of(c) => seg.push(c),
            _ => segments.push(vec![c]),
        }
    }
    if segments.len() < 2 {
        return;
    }
    let seg_vars: Vec<Vec<Var>> = segments.iter().map(|s| ctx.cells(s)).collect();
    let m = &mut ctx.m;
    let range = |m: &Model, vs: &[Var]| -> (Val, Val) {
        vs.iter().fold((0, 0), |(lo, hi), &v| {
            (
                lo + m.dom(v).min().unwrap_or(0),
                hi + m.dom(v).max().unwrap_or(0),
            )
        })
    };
    let (mut lo, mut hi) = (Val::MIN, Val::MAX);
    for s in &seg_vars {
        let (a, b) = range(m, s);
        lo = lo.max(a);
        hi = hi.min(b);
    }
    let sum = m.aux("regionsum", Domain::range(lo, hi), gate);
    for s in &seg_vars {
        sum_equals(m, "regionsum", s, Target::Var(sum), gate);
    }
}
