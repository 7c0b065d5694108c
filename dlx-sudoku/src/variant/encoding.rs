//! Encoding helpers that several rules share: sums (one table, or running sums), rules
//! between neighbours on a line, and automata that read a row or column cell by cell
//! (sandwiches, X-sums, skyscrapers).
//!
//! Every auxiliary variable made here is a function of the grid, so each grid has exactly
//! one encoding (the brute-force tests check that no solution is found twice).

use std::collections::HashMap;

pub(crate) use crate::variant::model::Target;
use crate::variant::model::{Domain, Gate, Linear, Model, Val, Var};

/// The least and greatest value of a variable outside its off value.
pub(crate) fn bounds(m: &Model, v: Var) -> (Val, Val) {
    let off = m.vars[v as usize].off;
    let mut it = m.dom(v).iter().filter(|&x| Some(x) != off);
    let lo = it.next().unwrap_or(0);
    let hi = it.last().unwrap_or(lo);
    (lo, hi)
}

/// The least and greatest sums of `k` different values out of `values` (repeats among
/// them counted once); `None` when there are fewer than `k` different values.
pub(crate) fn distinct_sum_bounds(
    values: impl IntoIterator<Item = Val>,
    k: usize,
) -> Option<(Val, Val)> {
    let mut values: Vec<Val> = values.into_iter().collect();
    values.sort_unstable();
    values.dedup();
    (k <= values.len()).then(|| {
        (
            values[..k].iter().sum(),
            values[values.len() - k..].iter().sum(),
        )
    })
}

/// The least and greatest values of `Σ vars[i..]`, for each `i` from 0 to `vars.len()`,
/// where the variables from index `negated` on count negatively (`vars.len()`: none do).
pub(crate) fn suffix_bounds(m: &Model, vars: &[Var], negated: usize) -> (Vec<Val>, Vec<Val>) {
    let k = vars.len();
    let mut suf_lo = vec![0 as Val; k + 1];
    let mut suf_hi = vec![0 as Val; k + 1];
    for i in (0..k).rev() {
        let (lo, hi) = bounds(m, vars[i]);
        let (lo, hi) = if i < negated { (lo, hi) } else { (-hi, -lo) };
        suf_lo[i] = suf_lo[i + 1] + lo;
        suf_hi[i] = suf_hi[i + 1] + hi;
    }
    (suf_lo, suf_hi)
}

/// The sum of a set of digits (bit `d` for digit `d`).
pub(crate) fn digit_set_sum(mut set: u64) -> Val {
    let mut sum = 0;
    while set != 0 {
        sum += set.trailing_zeros() as Val;
        set &= set - 1;
    }
    sum
}

/// `Σ vars = target` as one table, when it has at most the model's cap of rows: true when
/// it was made. Each prefix of a row is kept only while the cells after it can still make
/// up the difference (their least and greatest sums).
pub(crate) fn sum_table(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    target: Target,
    gate: Option<Gate>,
) -> bool {
    let cap = m.table_cap;
    sum_table_capped(m, name, vars, target, gate, cap)
}

/// [`sum_table`] with at most `cap` rows.
fn sum_table_capped(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    target: Target,
    gate: Option<Gate>,
    cap: usize,
) -> bool {
    let (suf_lo, suf_hi) = suffix_bounds(m, vars, vars.len());
    let (tvars, offset): (Vec<Var>, usize) = match target {
        Target::Const(_) => (vars.to_vec(), 0),
        Target::Var(t) => (std::iter::once(t).chain(vars.iter().copied()).collect(), 1),
    };
    m.table(name, &tvars, gate, Some(cap), move |p| {
        let goal = match target {
            Target::Const(c) => c,
            Target::Var(_) => p[0],
        };
        let done = p.len() - offset;
        let s: Val = p[offset..].iter().sum();
        s + suf_lo[done] <= goal && s + suf_hi[done] >= goal
    })
    .is_ok()
}

/// `Σ vars = target`, as one table when it is small enough, else as a chain of running
/// sums `s_i = s_{i-1} + x_i` (one ternary table per step, the partial sums auxiliary
/// variables). The clause solver states a sum that needs more than [`LINEAR_TABLE_CAP`]
/// rows as a [`Linear`] instead ([`stated_as_linear`]).
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
    if stated_as_linear(m, name, &single(vars), target, gate, |m| {
        sum_equals_links(m, name, vars, target, gate)
    }) {
        return;
    }
    sum_equals_links(m, name, vars, target, gate);
}

/// Each variable a group of its own.
fn single(vars: &[Var]) -> Vec<Vec<Var>> {
    vars.iter().map(|&v| vec![v]).collect()
}

/// A sum over `groups` (cells whose digits differ within a group) for the clause solver
/// as a [`Linear`], when it is ungated, its variables always take a value, and it does not
/// fit a table of at most [`LINEAR_TABLE_CAP`] rows (which both engines then share): the
/// exact cover problem gets `links` (its own table or running sums, whose auxiliaries the
/// clause solver never sees). Returns true when the sum is encoded; false, adding
/// nothing, when the caller is to encode it for both engines alike.
///
/// Why: a table's clauses (one selector per row, supports per value) give the solver arc
/// consistency but grow with the rows, and running sums in the direct encoding make it
/// learn about single partial sums. In the order encoding (`x ≥ v` literals) what it
/// learns speaks of bounds, and each step of the sum is a few hundred short clauses: on a
/// little-killer puzzle with eight long diagonals (Hailstone) the clause solver's time
/// fell from 47 s to 7 s for as many conflicts.
pub(crate) fn stated_as_linear(
    m: &mut Model,
    name: &str,
    groups: &[Vec<Var>],
    target: Target,
    gate: Option<Gate>,
    links: impl FnOnce(&mut Model),
) -> bool {
    if m.in_links_only_sum() {
        return false;
    }
    let ungated = |v: Var| m.vars[v as usize].off.is_none();
    let target_ungated = match target {
        Target::Const(_) => true,
        Target::Var(t) => ungated(t),
    };
    if gate.is_some() || !target_ungated || !groups.iter().flatten().all(|&v| ungated(v)) {
        return false;
    }
    let vars: Vec<Var> = groups.iter().flatten().copied().collect();
    let cap = LINEAR_TABLE_CAP.min(m.table_cap);
    if sum_table_capped(m, name, &vars, target, gate, cap) {
        return true;
    }
    m.linears.push(Linear {
        groups: groups.to_vec(),
        target,
    });
    m.links_only_sum(links);
    true
}

/// Most rows of a sum's table before the clause solver states the sum as a [`Linear`]
/// instead.
pub(crate) const LINEAR_TABLE_CAP: usize = 64;

/// [`sum_equals`] for the exact cover problem (and for the clause solver when the sum is
/// not a [`Linear`]).
fn sum_equals_links(m: &mut Model, name: &str, vars: &[Var], target: Target, gate: Option<Gate>) {
    if sum_table(m, name, vars, target, gate) {
        return;
    }
    let k = vars.len();
    let (suf_lo, suf_hi) = suffix_bounds(m, vars, vars.len());
    let tvars: Vec<Var> = match target {
        Target::Const(_) => vars.to_vec(),
        Target::Var(t) => std::iter::once(t).chain(vars.iter().copied()).collect(),
    };
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
    running_sums(m, name, vars, target, gate, &suf_lo, &suf_hi);
}

/// `Σ vars = target` as a chain of running sums `s_i = s_{i-1} + x_i` (one ternary table
/// per step, the partial sums auxiliary variables, each bounded by what the cells after it
/// can still add: `suf_lo`, `suf_hi`).
fn running_sums(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    target: Target,
    gate: Option<Gate>,
    suf_lo: &[Val],
    suf_hi: &[Val],
) {
    let k = vars.len();
    let mut prev = vars[0];
    let mut lo = suf_lo[0] - suf_lo[1];
    let mut hi = suf_hi[0] - suf_hi[1];
    for (i, &x) in vars.iter().enumerate().skip(1) {
        let (xlo, xhi) = bounds(m, x);
        let last = i + 1 == k;
        if last {
            let tv: Vec<Var> = match target {
                Target::Const(_) => vec![prev, x],
                Target::Var(t) => vec![prev, x, t],
            };
            let len = tv.len();
            m.small_table(&format!("{name}.end"), &tv, gate, |p| {
                if p.len() < len {
                    return true;
                }
                let s = p[0] + p[1];
                match target {
                    Target::Const(c) => s == c,
                    Target::Var(_) => s == p[2],
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

/// `a` followed by the decimal digits of `d`.
pub(crate) fn concat(a: Val, d: Val) -> Val {
    let mut shift = 10;
    while d >= shift {
        shift *= 10;
    }
    a * shift + d
}

/// One table over the line when `ok` (checked on every prefix) allows few enough tuples.
pub(crate) fn try_table(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    gate: Option<Gate>,
    ok: impl FnMut(&[Val]) -> bool,
) -> bool {
    let cap = m.table_cap;
    m.table(name, vars, gate, Some(cap), ok).is_ok()
}

/// A rule between neighbours on a line (`closed`: the last cell also neighbours the
/// first): one table over the line if small, else one table per neighbouring pair.
pub(crate) fn neighbours(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    closed: bool,
    gate: Option<Gate>,
    ok: impl Fn(Val, Val) -> bool,
) {
    let k = vars.len();
    if try_table(m, name, vars, gate, |p| {
        let l = p.len();
        (l < 2 || ok(p[l - 2], p[l - 1])) && (!closed || l < k || ok(p[l - 1], p[0]))
    }) {
        return;
    }
    let mut pairs: Vec<[Var; 2]> = vars.windows(2).map(|w| [w[0], w[1]]).collect();
    if closed && k > 2 {
        pairs.push([vars[k - 1], vars[0]]);
    }
    for w in pairs {
        m.small_table(name, &w, gate, |p| p.len() < 2 || ok(p[0], p[1]));
    }
}

/// A rule on every pair of cells of a line (not only neighbours).
pub(crate) fn all_pairs(
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

/// A deterministic automaton reading `vars` in order: it starts in `start`, each cell's
/// digit moves it on (`step` returns `None` to reject), and it must end in a state that
/// `accept` likes. Encoded as one state variable after each cell (an auxiliary whose
/// value is the state's number, so each grid has exactly one encoding) and one table per
/// cell over (state before, digit, state after). States that cannot reach acceptance are
/// never made.
pub(crate) fn automaton<S: Clone + Eq + std::hash::Hash>(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    start: S,
    step: impl Fn(&S, Val) -> Option<S>,
    accept: impl Fn(&S) -> bool,
) {
    if vars.is_empty() {
        return;
    }
    automaton_states(
        m,
        name,
        vars,
        start,
        step,
        |s| accept(s).then_some(0),
        false,
    );
}

/// [`automaton`] whose final state says something a rule needs elsewhere: `result` gives
/// the value of each accepting state (`None`: the state rejects), and the variable after
/// the last cell takes that value (an auxiliary, named `name.end`, which is returned).
/// Counting circles use it for the number of circles holding a digit.
pub(crate) fn automaton_result<S: Clone + Eq + std::hash::Hash>(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    start: S,
    step: impl Fn(&S, Val) -> Option<S>,
    result: impl Fn(&S) -> Option<Val>,
) -> Var {
    if vars.is_empty() {
        let values: Vec<Val> = result(&start).into_iter().collect();
        let end = m.aux(
            &format!("{name}.end"),
            Domain::from_values(values.clone()),
            None,
        );
        if values.is_empty() {
            m.choice(name, Vec::new());
        }
        return end;
    }
    automaton_states(m, name, vars, start, step, result, true)
        .expect("the final state's variable is made")
}

/// The encoding of [`automaton`] and [`automaton_result`] (`vars` not empty): with
/// `keep_end`, the final states get a variable too, valued by `result`, which is returned.
fn automaton_states<S: Clone + Eq + std::hash::Hash>(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    start: S,
    step: impl Fn(&S, Val) -> Option<S>,
    result: impl Fn(&S) -> Option<Val>,
    keep_end: bool,
) -> Option<Var> {
    let k = vars.len();
    // Forward: the states reachable after each cell, and the transitions.
    let mut layers: Vec<Vec<S>> = vec![vec![start]];
    let mut edges: Vec<Vec<(usize, Val, usize)>> = Vec::with_capacity(k);
    for &v in vars {
        let prev = layers.last().expect("a layer");
        let mut next: Vec<S> = Vec::new();
        let mut index: HashMap<S, usize> = HashMap::new();
        let mut es = Vec::new();
        let digits: Vec<Val> = m.dom(v).iter().collect();
        for (i, s) in prev.iter().enumerate() {
            for &x in &digits {
                if let Some(t) = step(s, x) {
                    let j = *index.entry(t.clone()).or_insert_with(|| {
                        next.push(t);
                        next.len() - 1
                    });
                    es.push((i, x, j));
                }
            }
        }
        layers.push(next);
        edges.push(es);
    }
    // Backward: keep the states from which acceptance is reachable.
    let mut alive: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len()]).collect();
    for (j, s) in layers[k].iter().enumerate() {
        alive[k][j] = result(s).is_some();
    }
    for i in (0..k).rev() {
        for &(a, _, b) in &edges[i] {
            if alive[i + 1][b] {
                alive[i][a] = true;
            }
        }
    }
    if !alive[0][0] {
        m.choice(name, Vec::new());
        return keep_end.then(|| m.aux(&format!("{name}.end"), Domain::from_values([]), None));
    }
    // Number the live states of each layer and make the state variables; the final
    // states, when kept, are numbered by their result.
    let mut numbers: Vec<Vec<Option<Val>>> = alive
        .iter()
        .map(|flags| {
            let mut next = 0;
            flags
                .iter()
                .map(|&a| {
                    a.then(|| {
                        next += 1;
                        next - 1
                    })
                })
                .collect()
        })
        .collect();
    let mut state_vars: Vec<Option<Var>> = vec![None; k + 1];
    for (i, slot) in state_vars.iter_mut().enumerate().skip(1).take(k - 1) {
        let count = numbers[i].iter().flatten().count() as Val;
        *slot = Some(m.aux(&format!("{name}.q{i}"), Domain::range(0, count - 1), None));
    }
    if keep_end {
        numbers[k] = layers[k].iter().map(&result).collect();
        let values = numbers[k].iter().flatten().copied();
        state_vars[k] = Some(m.aux(&format!("{name}.end"), Domain::from_values(values), None));
    }
    for i in 0..k {
        let mut alts = Vec::new();
        for &(a, x, b) in &edges[i] {
            let (Some(na), Some(nb)) = (numbers[i][a], numbers[i + 1][b]) else {
                continue;
            };
            let mut alt = Vec::with_capacity(3);
            if let Some(sv) = state_vars[i] {
                alt.push((sv, na));
            }
            alt.push((vars[i], x));
            if let Some(sv) = state_vars[i + 1] {
                alt.push((sv, nb));
            }
            alts.push(alt);
        }
        m.choice(name, alts);
    }
    state_vars[k]
}

/// Neighbouring cells by threes hold one digit of each of three classes (a function of
/// the digit): the class sequence is a permutation of the classes repeated, so one table
/// of 6 alternatives over the cells' class features says it all (two cells: their classes
/// differ). A closed loop needs a length divisible by 3.
pub(crate) fn three_classes(
    m: &mut Model,
    name: &str,
    vars: &[Var],
    closed: bool,
    gate: Option<Gate>,
    key: &'static str,
    class: impl Fn(Val) -> Val,
) {
    let feats: Vec<Var> = vars.iter().map(|&v| m.feature(v, key, &class)).collect();
    const PERMS: [[Val; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let alts = if closed && feats.len() % 3 != 0 {
        Vec::new()
    } else {
        PERMS
            .iter()
            .map(|perm| {
                feats
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| (f, perm[i % 3]))
                    .collect()
            })
            .collect()
    };
    m.gated_choice(name, alts, gate, &[]);
}
