//! The constraint network: the clause solver's [`Model`] read as propagators over bit-mask
//! domains, one propagator for each kind of constraint the clause solver states
//! (`sat/cnf.rs`, `Cnf::build`), with the same meaning; and one the clause solver does
//! not read, a cage by the sets of digits it may hold ([`Cage`], from the model's
//! `cage_sums`), which stands in for a large cage's own encoding (a member variable per
//! digit, their ties to the cells, the table of sets, the total's bounds).
//!
//! A domain is a `u64`: bit `k` is the value `off + k` of the variable; bit 63
//! ([`ABSENT`]) is "no value", which only a free variable that some solution may leave
//! without a value has (the clause solver gives such a variable "at most one value", not
//! "exactly one"). Building refuses ([`Unsupported`]) what the masks cannot hold: a domain
//! wider than 63 values, constraints over variables whose values are not aligned, or a
//! rule the network has no propagator for (yin-yang connectivity).

use crate::variant::model::{Model, Target, Val, Var, VarKind};

/// The bit of a domain that means "no value".
pub(crate) const ABSENT: u64 = 1 << 63;
/// The bits of a domain that are values.
pub(crate) const VALUES: u64 = !ABSENT;

/// Why a model cannot be searched by this engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unsupported(pub &'static str);

/// All different: a house of the puzzle (`full`: it holds as many values as cells, so
/// every value is somewhere in it).
#[derive(Clone, Debug)]
pub(crate) struct House {
    pub vars: Vec<Var>,
    pub full: bool,
    /// The values of a full house.
    pub values: u64,
    /// Whether every variable is a cell with [`Network::peers`].
    pub cells: bool,
    /// Its cells as a set of cells (when `cells`).
    pub mask: u128,
}

/// A table: one of the alternatives holds (each an assignment to some variables).
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// The variables named by some alternative.
    pub vars: Vec<Var>,
    /// Alternative `i`'s entries are `entries[starts[i]..starts[i + 1]]`: (index into
    /// `vars`, the value's bit).
    pub starts: Vec<u32>,
    pub entries: Vec<(u16, u64)>,
    /// Where this table's alive bits start in the state's `alive` words.
    pub alive_at: usize,
    /// Per variable of `vars`: whether it is a cell with [`Network::peers`].
    pub is_cell: Vec<bool>,
}

impl Table {
    /// The number of alternatives.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }
}

/// Some variable of `vars` takes `a`'s value.
#[derive(Clone, Debug)]
pub(crate) struct Members {
    pub a: Var,
    pub vars: Vec<Var>,
}

/// At least `count` of `vars` take the value of `bit`.
#[derive(Clone, Debug)]
pub(crate) struct AtLeast {
    pub vars: Vec<Var>,
    pub bit: u64,
    pub count: usize,
}

/// Distinct consecutive digits (a renban): the window of `cells.len()` digits they fill is
/// one of `windows`, and the cells that see every cell of the run hold none of its digits.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub cells: Vec<Var>,
    pub windows: Vec<u64>,
    pub seers: Vec<Var>,
}

/// `Σ sign · (Σ group) = target`, each group's values distinct.
#[derive(Clone, Debug)]
pub(crate) struct Sum {
    pub groups: Vec<(i32, Vec<Var>)>,
    pub target: Target,
    /// Whether no variable is in two of its groups or is its target: narrowing one
    /// term then leaves the others' cells as they were.
    pub disjoint: bool,
}

impl Sum {
    /// `Σ sign · (Σ group) = target`.
    fn new(groups: Vec<(i32, Vec<Var>)>, target: Target) -> Sum {
        let mut vars: Vec<Var> = groups.iter().flat_map(|g| g.1.iter().copied()).collect();
        if let Target::Var(t) = target {
            vars.push(t);
        }
        let all = vars.len();
        vars.sort_unstable();
        vars.dedup();
        Sum {
            groups,
            target,
            disjoint: vars.len() == all,
        }
    }
}

/// Distinct values adding up to a constant (a killer cage, an innie sum inside a house),
/// read by the sets of values they may hold together: the cells keep the values of the
/// sets still possible, and the rest of a full house around them keeps the values those
/// sets leave it.
#[derive(Clone, Debug)]
pub(crate) struct Cage {
    pub cells: Vec<Var>,
    /// What the cells add up to, and the value of bit 0 of their domains.
    pub total: Val,
    pub off: Val,
    /// Every set of `cells.len()` values (as bits) the cells may hold that adds up to the
    /// total.
    pub sets: Vec<u64>,
    /// The other cells of the smallest full house that holds the cage (none when no full
    /// house does), and that house's values.
    pub rest: Vec<Var>,
    pub house_values: u64,
    /// The cage's cells as a set of cells, when they all have [`Network::peers`].
    pub mask: u128,
}

/// Most sets of values a [`Cage`] lists; a cage with more is left to the sum's bounds.
const CAGE_SETS: usize = 512;

/// Every set of `k` values of `mask` (bit `b` is the value `off + b`) adding up to
/// `total`, or `None` past [`CAGE_SETS`] of them.
fn value_sets(mask: u64, off: Val, k: usize, total: Val) -> Option<Vec<u64>> {
    fn go(bits: &[u32], off: Val, k: usize, total: Val, set: u64, out: &mut Vec<u64>) -> bool {
        if k == 0 {
            if total == 0 {
                out.push(set);
            }
            return out.len() <= CAGE_SETS;
        }
        for (i, &b) in bits.iter().enumerate() {
            let v = off + b as Val;
            // The least sum of `k` values from here on exceeds what is left: so do all
            // later ones (bits ascend).
            let least: Val = bits[i..].iter().take(k).map(|&c| off + c as Val).sum();
            if bits.len() - i < k || least > total {
                break;
            }
            if !go(&bits[i + 1..], off, k - 1, total - v, set | 1 << b, out) {
                return false;
            }
        }
        true
    }
    let bits: Vec<u32> = (0..63).filter(|b| mask >> b & 1 != 0).collect();
    let mut out = Vec::new();
    go(&bits, off, k, total, 0, &mut out).then_some(out)
}

/// A propagator, by kind and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prop {
    House(u32),
    Table(u32),
    Members(u32),
    AtLeast(u32),
    Run(u32),
    Sum(u32),
    Cage(u32),
}

/// The network.
#[derive(Clone, Debug)]
pub(crate) struct Network {
    /// Per variable: the value of bit 0.
    pub off: Vec<Val>,
    /// Per variable: its domain before the search.
    pub init: Vec<u64>,
    /// The decided variables (a solution gives each one value), in order.
    pub decided: Vec<Var>,
    /// The other variables.
    pub free: Vec<Var>,
    pub houses: Vec<House>,
    pub tables: Vec<Table>,
    pub members: Vec<Members>,
    pub at_least: Vec<AtLeast>,
    pub runs: Vec<Run>,
    pub sums: Vec<Sum>,
    pub cages: Vec<Cage>,
    pub props: Vec<Prop>,
    /// Per variable: the propagators to wake when its domain shrinks.
    pub watch: Vec<Vec<u32>>,
    /// Per variable: the sums to wake when its least or greatest value goes (sums read
    /// only bounds, and the values their groups hold together, which a removal inside
    /// the bounds changes rarely enough not to wake them for).
    pub watch_bounds: Vec<Vec<u32>>,
    /// Per variable `a`: `(bit x, b, bit y)`: `a = x` and `b = y` exclude each other
    /// (sorted).
    pub forbids: Vec<Vec<(u64, Var, u64)>>,
    /// Per variable `a`: `(bit x, t, bit y)`: `a = x` implies `t = y` (sorted).
    pub implies: Vec<Vec<(u64, Var, u64)>>,
    /// Per variable `t`: `(a, bit x, bit y)`: `a = x` implies `t = y`.
    pub implied_by: Vec<Vec<(Var, u64, u64)>>,
    /// Words of alive bits of all the tables.
    pub alive_words: usize,
    /// Per cell (variables `0..n²`), the cells that share a house with it (all different:
    /// the two never hold the same digit), when the grid has at most 128 cells; empty
    /// otherwise.
    pub peers: Vec<u128>,
}

impl Network {
    /// The value's bit in `v`'s domain (0 when out of range).
    #[inline]
    pub fn bit(&self, v: Var, x: Val) -> u64 {
        let k = x - self.off[v as usize];
        if (0..63).contains(&k) {
            1 << k
        } else {
            0
        }
    }

    /// The value of a single bit of `v`'s domain.
    #[inline]
    pub fn value(&self, v: Var, bit: u64) -> Val {
        self.off[v as usize] + bit.trailing_zeros() as Val
    }

    /// Reads the clause solver's model.
    pub fn build(m: &Model, yinyang: bool) -> Result<Network, Unsupported> {
        if yinyang {
            return Err(Unsupported("yin-yang connectivity"));
        }
        let nv = m.vars.len();
        let mut net = Network {
            off: Vec::with_capacity(nv),
            init: Vec::with_capacity(nv),
            decided: Vec::new(),
            free: Vec::new(),
            houses: Vec::new(),
            tables: Vec::new(),
            members: Vec::new(),
            at_least: Vec::new(),
            runs: Vec::new(),
            sums: Vec::new(),
            cages: Vec::new(),
            props: Vec::new(),
            watch: vec![Vec::new(); nv],
            watch_bounds: vec![Vec::new(); nv],
            forbids: vec![Vec::new(); nv],
            implies: vec![Vec::new(); nv],
            implied_by: vec![Vec::new(); nv],
            alive_words: 0,
            peers: Vec::new(),
        };
        let always = m.always_valued();
        for (v, info) in m.vars.iter().enumerate() {
            let (lo, hi) = (info.dom.min().unwrap_or(0), info.dom.max().unwrap_or(0));
            let off = if lo >= 0 && hi < 63 { 0 } else { lo };
            if hi - off >= 63 {
                return Err(Unsupported("a domain wider than 63 values"));
            }
            let mut mask = 0u64;
            if !info.links_only {
                for x in info.dom.iter() {
                    mask |= 1 << (x - off);
                }
            }
            let decided = info.kind == VarKind::Decided;
            if !decided && !always[v] {
                mask |= ABSENT;
            }
            if decided {
                net.decided.push(v as Var);
            } else {
                net.free.push(v as Var);
            }
            net.off.push(off);
            net.init.push(mask);
        }
        let aligned = |net: &Network, vars: &[Var]| {
            vars.windows(2)
                .all(|w| net.off[w[0] as usize] == net.off[w[1] as usize])
        };
        // A large cage's set of digits (its members, their ties to the cells, the table
        // of sets, the total's bounds) is what a [`Cage`] propagator reads from the
        // cells directly: those constraints are left out, and each member is given one
        // value the search never looks at (no solution reads them).
        let cage_sets: Vec<Option<Vec<u64>>> = m
            .cage_sums
            .iter()
            .map(|(cells, total)| {
                let fits = cells.len() >= 2
                    && aligned(&net, cells)
                    && cells.iter().all(|&v| net.init[v as usize] & ABSENT == 0);
                if !fits {
                    return None;
                }
                let off = net.off[cells[0] as usize];
                let union = cells.iter().fold(0, |u, &v| u | net.init[v as usize]);
                value_sets(union, off, cells.len(), *total)
            })
            .collect();
        let mut stand_in = vec![false; nv];
        let mut replaced_sums: Vec<&Vec<Var>> = Vec::new();
        for (cells, members) in &m.digit_sets {
            let replaced = m
                .cage_sums
                .iter()
                .zip(&cage_sets)
                .any(|((c, _), sets)| c == cells && sets.is_some());
            if replaced {
                replaced_sums.push(cells);
                for &x in members {
                    stand_in[x as usize] = true;
                    let d = net.init[x as usize] & VALUES;
                    net.init[x as usize] = d & d.wrapping_neg();
                }
            }
        }
        let cells = m.n * m.n;
        if cells <= 128 && (0..cells).all(|c| net.off[c] == 0) {
            net.peers = vec![0u128; cells];
            for house in &m.houses {
                if house.iter().all(|&v| (v as usize) < cells) {
                    let all = house.iter().fold(0u128, |u, &v| u | 1 << v);
                    for &v in house {
                        net.peers[v as usize] |= all & !(1 << v);
                    }
                }
            }
        }
        let has_peers = |net: &Network, v: Var| (v as usize) < net.peers.len();
        for house in &m.houses {
            if !aligned(&net, house) {
                return Err(Unsupported("a house of unaligned values"));
            }
            let union = house
                .iter()
                .fold(0, |u, &v| u | (net.init[v as usize] & VALUES));
            let full = union.count_ones() as usize == house.len();
            net.houses.push(House {
                vars: house.clone(),
                full,
                values: union,
                cells: house.iter().all(|&v| has_peers(&net, v)),
                mask: if house.iter().all(|&v| has_peers(&net, v)) {
                    house.iter().fold(0u128, |u, &v| u | 1 << v)
                } else {
                    0
                },
            });
        }
        for &(a, x, b, y) in &m.forbids {
            let (bx, by) = (net.bit(a, x), net.bit(b, y));
            if bx & net.init[a as usize] == 0 || by & net.init[b as usize] == 0 {
                continue;
            }
            net.forbids[a as usize].push((bx, b, by));
            net.forbids[b as usize].push((by, a, bx));
        }
        for &(a, x, t, y) in &m.attachments {
            if stand_in[t as usize] {
                continue;
            }
            let bx = net.bit(a, x);
            if bx & net.init[a as usize] == 0 {
                continue;
            }
            let by = net.bit(t, y) & net.init[t as usize];
            if by == 0 {
                // `a = x` needs a value `t` cannot take.
                net.init[a as usize] &= !bx;
                continue;
            }
            net.implies[a as usize].push((bx, t, by));
            net.implied_by[t as usize].push((a, bx, by));
        }
        for choice in m.choices.iter().filter(|c| !c.links_only) {
            let mut vars: Vec<Var> = choice.alts.iter().flatten().map(|p| p.0).collect();
            vars.sort_unstable();
            vars.dedup();
            if !vars.is_empty() && vars.iter().all(|&v| stand_in[v as usize]) {
                continue;
            }
            let mut starts = vec![0u32];
            let mut entries = Vec::new();
            for alt in &choice.alts {
                let bits: Option<Vec<(u16, u64)>> = alt
                    .iter()
                    .map(|&(v, x)| {
                        let b = net.bit(v, x) & net.init[v as usize];
                        let i = vars.binary_search(&v).expect("named") as u16;
                        (b != 0).then_some((i, b))
                    })
                    .collect();
                if let Some(mut bits) = bits {
                    bits.sort_unstable();
                    bits.dedup();
                    if bits.windows(2).any(|w| w[0].0 == w[1].0) {
                        // Two values for one variable: never holds.
                        continue;
                    }
                    entries.extend(bits);
                    starts.push(entries.len() as u32);
                }
            }
            let alive_at = net.alive_words;
            net.alive_words += (starts.len() - 1).div_ceil(64).max(1);
            let is_cell = vars.iter().map(|&v| has_peers(&net, v)).collect();
            net.tables.push(Table {
                is_cell,
                vars,
                starts,
                entries,
                alive_at,
            });
        }
        // Digit sets: a digit the set holds is in none of the cells that see all of it.
        for (cells, members) in &m.digit_sets {
            if members.iter().any(|&x| stand_in[x as usize]) {
                continue;
            }
            let seers = m.seers(cells);
            for (i, &member) in members.iter().enumerate() {
                let holds = net.bit(member, 1) & net.init[member as usize];
                if holds == 0 {
                    continue;
                }
                for &x in &seers {
                    let d = net.bit(x, i as Val + 1) & net.init[x as usize];
                    if d != 0 {
                        net.forbids[member as usize].push((holds, x, d));
                        net.forbids[x as usize].push((d, member, holds));
                    }
                }
            }
        }
        for cells in &m.runs {
            if !aligned(&net, cells) || cells.first().is_some_and(|&c| net.off[c as usize] != 0) {
                return Err(Unsupported("a run of unaligned values"));
            }
            let k = cells.len() as Val;
            let n = m.n as Val;
            if k == 0 || k > n {
                continue;
            }
            let span = (1u64 << k) - 1;
            net.runs.push(Run {
                cells: cells.clone(),
                windows: (1..=n - k + 1).map(|l| span << l).collect(),
                seers: m.seers(cells),
            });
        }
        for (a, vars) in &m.members {
            let mut all = vars.clone();
            all.push(*a);
            if !aligned(&net, &all) {
                return Err(Unsupported("a membership of unaligned values"));
            }
            net.members.push(Members {
                a: *a,
                vars: vars.clone(),
            });
        }
        for c in &m.at_least {
            if !aligned(&net, &c.vars) {
                return Err(Unsupported("a count of unaligned values"));
            }
            let bit = c.vars.first().map_or(0, |&v| net.bit(v, c.value));
            net.at_least.push(AtLeast {
                vars: c.vars.clone(),
                bit,
                count: c.count,
            });
        }
        let positive = |groups: &[Vec<Var>]| groups.iter().map(|g| (1, g.clone())).collect();
        for l in &m.linears {
            net.sums.push(Sum::new(positive(&l.groups), l.target));
        }
        for l in &m.implied_linears {
            if l.groups.len() == 1 && replaced_sums.contains(&&l.groups[0]) {
                continue;
            }
            net.sums.push(Sum::new(positive(&l.groups), l.target));
        }
        for d in &m.implied_differences {
            let mut groups: Vec<(i32, Vec<Var>)> = positive(&d.plus);
            groups.extend(d.minus.iter().map(|g| (-1, g.clone())));
            net.sums.push(Sum::new(groups, Target::Const(d.total)));
        }
        for s in &net.sums {
            let vars = s.groups.iter().flat_map(|g| g.1.iter());
            if vars.clone().any(|&v| net.init[v as usize] & ABSENT != 0)
                || matches!(s.target, Target::Var(t) if net.init[t as usize] & ABSENT != 0)
            {
                return Err(Unsupported("a sum over a variable that may have no value"));
            }
        }
        for ((cells, total), sets) in m.cage_sums.iter().zip(cage_sets) {
            let Some(sets) = sets else {
                continue;
            };
            let off = net.off[cells[0] as usize];
            let house = net
                .houses
                .iter()
                .filter(|h| h.full && h.vars.len() > cells.len())
                .filter(|h| cells.iter().all(|c| h.vars.contains(c)))
                .min_by_key(|h| h.vars.len());
            let (rest, house_values) = house.map_or((Vec::new(), 0), |h| {
                let rest = h.vars.iter().copied().filter(|v| !cells.contains(v));
                (rest.collect(), h.values)
            });
            // Without a house around it, a cage that is one table already has all this
            // (the table is arc consistent).
            if rest.is_empty() {
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                if net.tables.iter().any(|t| t.vars == sorted) {
                    continue;
                }
            }
            let mask = if cells.iter().all(|&v| has_peers(&net, v)) {
                cells.iter().fold(0u128, |u, &v| u | 1 << v)
            } else {
                0
            };
            net.cages.push(Cage {
                cells: cells.clone(),
                total: *total,
                off,
                sets,
                rest,
                house_values,
                mask,
            });
        }
        // Sorted by the first value's bit, so that a placed value finds its pairs by a
        // binary search.
        for list in net.forbids.iter_mut().chain(net.implies.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        net.wire();
        Ok(net)
    }

    /// Lists the propagators and what wakes each.
    fn wire(&mut self) {
        let add = |net: &mut Network, p: Prop, vars: &mut dyn Iterator<Item = Var>| {
            let id = net.props.len() as u32;
            net.props.push(p);
            let mut seen: Vec<Var> = vars.collect();
            seen.sort_unstable();
            seen.dedup();
            for v in seen {
                if matches!(p, Prop::Sum(_)) {
                    net.watch_bounds[v as usize].push(id);
                } else {
                    net.watch[v as usize].push(id);
                }
            }
        };
        for i in 0..self.houses.len() {
            let h = &self.houses[i];
            // A cage of cells whose [`Cage`] propagator runs: its digits leave the cells
            // that see them when placed ([`Network::peers`]), and the sets of digits it
            // may hold say more than that there are enough of them. Woken at the root
            // only.
            let caged = h.cells
                && !h.full
                && self.cages.iter().any(|g| {
                    g.cells.len() == h.vars.len() && g.cells.iter().all(|c| h.vars.contains(c))
                });
            let vars = if caged { Vec::new() } else { h.vars.clone() };
            add(self, Prop::House(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.tables.len() {
            let vars = self.tables[i].vars.clone();
            add(self, Prop::Table(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.members.len() {
            let mut vars = self.members[i].vars.clone();
            vars.push(self.members[i].a);
            add(self, Prop::Members(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.at_least.len() {
            let vars = self.at_least[i].vars.clone();
            add(self, Prop::AtLeast(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.runs.len() {
            let vars = self.runs[i].cells.clone();
            add(self, Prop::Run(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.sums.len() {
            let s = &self.sums[i];
            let mut vars: Vec<Var> = s.groups.iter().flat_map(|g| g.1.clone()).collect();
            if let Target::Var(t) = s.target {
                vars.push(t);
            }
            add(self, Prop::Sum(i as u32), &mut vars.into_iter());
        }
        for i in 0..self.cages.len() {
            let vars = self.cages[i].cells.clone();
            add(self, Prop::Cage(i as u32), &mut vars.into_iter());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of `k` values of `mask` adding up to `total`, by looking at every subset.
    fn every_set(mask: u64, off: Val, k: usize, total: Val) -> Vec<u64> {
        (0u64..1 << 12)
            .filter(|&s| s & !mask == 0 && s.count_ones() as usize == k)
            .filter(|&s| {
                (0..12)
                    .filter(|b| s >> b & 1 != 0)
                    .map(|b| off + b)
                    .sum::<Val>()
                    == total
            })
            .collect()
    }

    #[test]
    fn value_sets_are_every_set_of_distinct_values_with_the_total() {
        for (mask, off) in [
            (0b11_1111_1110u64, 0),
            (0b1011_0110_1101, 0),
            (0b1111_1111, 1),
            (0b110, -3),
        ] {
            for k in 1..=6 {
                for total in -10..60 {
                    let mut got = value_sets(mask, off, k, total).expect("few sets");
                    got.sort_unstable();
                    assert_eq!(
                        got,
                        every_set(mask, off, k, total),
                        "{mask:b} {off} {k} {total}"
                    );
                }
            }
        }
    }

    #[test]
    fn value_sets_give_up_past_their_cap() {
        // 12 of 24 values adding up to their middle: far more than the cap.
        assert_eq!(value_sets((1 << 24) - 1, 0, 12, 138), None);
    }
}
