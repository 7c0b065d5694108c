//! Sums: killer cages, little killers, arrows, and the sum helper that lines share.

use crate::sudoku::Cell;
use crate::variant::encode::Ctx;
use crate::variant::model::{Domain, Gate, Model, Val, Var};
use crate::variant::puzzle::Constraint;

/// What a sum must equal.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Target {
    /// A number.
    Const(Val),
    /// A variable (a circle, a line's common sum...).
    Var(Var),
}

/// The least and greatest value of a variable outside its off value.
fn bounds(m: &Model, v: Var) -> (Val, Val) {
    let off = m.vars[v as usize].off;
    let mut it = m.dom(v).iter().filter(|&x| Some(x) != off);
    let lo = it.next().unwrap_or(0);
    let hi = it.last().unwrap_or(lo);
    (lo, hi)
}

/// `Σ vars = target`, as one table when it is small enough, else as a chain of running
/// sums `s_i = s_{i-1} + x_i` (one ternary table per step, the partial sums auxiliary
/// items coloured with their value).
pub(crate) fn sum_equals(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    target: Target,
    gate: Option<Gate>,
) {
    if vars.is_empty() {
        return;
    }
    let k = vars.len();
    // Suffix bounds: the least and greatest sum of vars[i..].
    let mut suf_lo = vec![0 as Val; k + 1];
    let mut suf_hi = vec![0 as Val; k + 1];
    for i in (0..k).rev() {
        let (lo, hi) = bounds(m, vars[i]);
        suf_lo[i] = suf_lo[i + 1] + lo;
        suf_hi[i] = suf_hi[i + 1] + hi;
    }
    let (tvars, offset): (Vec<Var>, usize) = match target {
        Target::Const(_) => (vars.to_vec(), 0),
        Target::Var(t) => (std::iter::once(t).chain(vars.iter().copied()).collect(), 1),
    };
    let attempt = {
        let suf_lo = suf_lo.clone();
        let suf_hi = suf_hi.clone();
        let cap = m.table_cap;
        m.table(name, &tvars, gate, Some(cap), move |p| {
            let goal = match target {
                Target::Const(c) => c,
                Target::Var(_) => p[0],
            };
            let done = p.len() - offset;
            let s: Val = p[offset..].iter().sum();
            s + suf_lo[done] <= goal && s + suf_hi[done] >= goal
        })
    };
    if attempt.is_ok() {
        return;
    }
    if k == 1 {
        // One term: it equals the target.
        m.small_table(name, &tvars, gate, |p| {
            p.len() < tvars.len()
                || match target {
                    Target::Const(c) => p[0] == c,
                    Target::Var(_) => p[0] == p[1],
                }
        });
        return;
    }
    // Running sums.
    let mut prev = vars[0];
    let mut lo = suf_lo[0] - suf_lo[1];
    let mut hi = suf_hi[0] - suf_hi[1];
    for (i, &x) in vars.iter().enumerate().skip(1) {
        let (xlo, xhi) = bounds(m, x);
        let last = i + 1 == k;
        if last {
            let (tv, has_var): (Vec<Var>, bool) = match target {
                Target::Const(_) => (vec![prev, x], false),
                Target::Var(t) => (vec![prev, x, t], true),
            };
            m.small_table(&format!("{name}.end"), &tv, gate, |p| {
                if p.len() < 2 {
                    return true;
                }
                let s = p[0] + p[1];
                match (target, has_var) {
                    (Target::Const(c), _) => s == c,
                    (_, true) => p.len() < 3 || s == p[2],
                    _ => unreachable!(),
                }
            });
        } else {
            lo += xlo;
            hi += xhi;
            let goal = match target {
                Target::Const(c) => (c, c),
                Target::Var(t) => bounds(m, t),
            };
            // The partial sum must leave room for the rest.
            let s_lo = lo.max(goal.0 - suf_hi[i + 1]);
            let s_hi = hi.min(goal.1 - suf_lo[i + 1]);
            let s = m.aux(&format!("{name}.s{i}"), Domain::range(s_lo, s_hi), gate);
            m.small_table(&format!("{name}.{i}"), &[prev, x, s], gate, |p| {
                p.len() < 3 || p[0] + p[1] == p[2]
            });
            prev = s;
        }
    }
}

/// A killer cage with a sum (its digits already differ: the cage is a house). Small cages
/// are one table of digit permutations; large ones choose the cage's set of digits (each
/// digit's membership an auxiliary item, coloured by the cells' own options).
pub(crate) fn killer(ctx: &mut Ctx<'_>, cells: &[Cell], sum: Val) {
    let vars = ctx.cells(cells);
    let k = vars.len();
    let n = ctx.max_digit();
    // Suffix bounds for pruning.
    let mut suf_lo = vec![0 as Val; k + 1];
    let mut suf_hi = vec![0 as Val; k + 1];
    for i in (0..k).rev() {
        let d = ctx.m.dom(vars[i]);
        suf_lo[i] = suf_lo[i + 1] + d.min().unwrap_or(0);
        suf_hi[i] = suf_hi[i + 1] + d.max().unwrap_or(0);
    }
    let small = ctx.m.table(
        "cage",
        &vars,
        None,
        Some(KILLER_TABLE_CAP.min(ctx.m.table_cap)),
        |p| {
            let s: Val = p.iter().sum();
            s + suf_lo[p.len()] <= sum && s + suf_hi[p.len()] >= sum
        },
    );
    if small.is_ok() {
        return;
    }
    // The set of digits: member[d] = 1 when some cell holds d.
    let member: Vec<Var> = (1..=n)
        .map(|d| ctx.m.aux(&format!("cage.in{d}"), Domain::range(0, 1), None))
        .collect();
    for &v in &vars {
        let values: Vec<Val> = ctx.m.dom(v).iter().collect();
        for d in values {
            ctx.m.attach(v, d, member[(d - 1) as usize], 1);
        }
    }
    let k = k as Val;
    ctx.m.small_table("cage.set", &member, None, |p| {
        // Digits 1..=l are decided: `count` of them chosen, adding up to `s`.
        let l = p.len() as Val;
        let count: Val = p.iter().sum();
        let s: Val = p.iter().enumerate().map(|(i, &b)| (i as Val + 1) * b).sum();
        let need = k - count;
        if need < 0 || need > n - l {
            return false;
        }
        let max_add: Val = (0..need).map(|j| n - j).sum();
        let min_add: Val = (1..=need).map(|j| l + j).sum();
        s + min_add <= sum && sum <= s + max_add
    });
}

/// The "45 rule": a full house holds every digit once, so the cells of a house outside the
/// killer cages (with sums) that lie wholly inside it add up to the house's total minus the
/// cages' sums. Those cells form an implied cage (their digits differ: they share the
/// house), encoded like any other. Redundant, so no solution changes, but propagation then
/// sees sums that no single rule states (Dune's boxes 4–7 and 9 each get a 4-cell cage).
pub(crate) fn implied_cages(ctx: &mut Ctx<'_>) {
    let n = ctx.max_digit();
    let total = n * (n + 1) / 2;
    let cages: Vec<(&[Cell], Val)> = ctx
        .puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer {
                cells,
                sum: Some(s),
            } => Some((cells.as_slice(), *s as Val)),
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return;
    }
    let mut implied = Vec::new();
    for house in ctx.puzzle.shape.houses() {
        if !house.is_full(n as usize) {
            continue;
        }
        let inside = |c: &Cell| house.cells().contains(c);
        let mut covered: Vec<Cell> = Vec::new();
        let mut sum = 0;
        for &(cells, s) in &cages {
            if cells.iter().all(inside) && !cells.iter().any(|c| covered.contains(c)) {
                covered.extend_from_slice(cells);
                sum += s;
            }
        }
        let rest: Vec<Cell> = house
            .cells()
            .iter()
            .copied()
            .filter(|c| !covered.contains(c))
            .collect();
        // Only short remainders: their sums say much and their tables are small (a long
        // one says little and would cost more to build than it saves).
        if !covered.is_empty() && !rest.is_empty() && rest.len() * 2 <= n as usize + 1 {
            implied.push((rest, total - sum));
        }
    }
    for (cells, sum) in implied {
        killer(ctx, &cells, sum);
    }
}

/// Killer cages up to this many permutations are one table.
pub(crate) const KILLER_TABLE_CAP: usize = 2000;

/// An arrow: the shaft sums to the circle (a pill reads as a number).
pub(crate) fn arrow(ctx: &mut Ctx<'_>, circle: &[Cell], shaft: &[Cell]) {
    let shaft_vars = ctx.cells(shaft);
    let target = if circle.len() == 1 {
        ctx.cell(circle[0])
    } else {
        let cvars = ctx.cells(circle);
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
    sum_equals(&mut ctx.m, "arrow", &shaft_vars, Target::Var(target), None);
}

/// `a` followed by the decimal digits of `d`.
pub(crate) fn concat(a: Val, d: Val) -> Val {
    let mut shift = 10;
    while d >= shift {
        shift *= 10;
    }
    a * shift + d
}
