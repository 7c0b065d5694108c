//! Propagation to a fixpoint: each propagator removes from the domains the values no
//! solution can have, as unit propagation removes them from the clause solver's clauses
//! (and, for houses, sums, cages and runs, a little more: hidden singles, bounds over
//! groups of distinct digits, the sets of digits a cage may hold, the digits every window
//! of a run holds).
//!
//! Every removal must be sound: a value is removed only when the constraint rules it out
//! in every solution whatever the other domains hold. What is not removed is settled by
//! the search; a full assignment is checked ([`Propagator::satisfied`]) and then by the
//! puzzle's own checker.

use crate::variant::cp::network::{Network, Prop, ABSENT, VALUES};
use crate::variant::model::{Target, Val, Var};
use crate::variant::sat::extreme_values;

/// The domains, and which alternatives of each table are still alive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub dom: Vec<u64>,
    pub alive: Vec<u64>,
    /// Per value bit (up to the greatest a cell holds): the cells (with
    /// [`Network::peers`]) that can still hold it.
    pub holders: Vec<u128>,
}

impl State {
    /// The state before the search.
    pub fn new(net: &Network) -> State {
        let mut alive = vec![0u64; net.alive_words];
        for t in &net.tables {
            let len = t.len();
            for w in 0..len.div_ceil(64) {
                let bits = (len - w * 64).min(64);
                alive[t.alive_at + w] = if bits == 64 { !0 } else { (1 << bits) - 1 };
            }
        }
        // One set per value bit a cell can hold (cells with peers hold values only).
        let bits = net.init[..net.peers.len()]
            .iter()
            .fold(0u64, |u, &d| u | d)
            .checked_ilog2()
            .map_or(0, |top| top as usize + 1);
        let mut holders = vec![0u128; bits];
        for c in 0..net.peers.len() {
            let mut d = net.init[c];
            while d != 0 {
                let b = d.trailing_zeros();
                d &= d - 1;
                holders[b as usize] |= 1 << c;
            }
        }
        State {
            dom: net.init.clone(),
            alive,
            holders,
        }
    }

    /// Copies `other` into `self` (same network) without allocating.
    pub fn copy_from(&mut self, other: &State) {
        self.dom.copy_from_slice(&other.dom);
        self.alive.copy_from_slice(&other.alive);
        self.holders.copy_from_slice(&other.holders);
    }
}

/// Whether full houses clear a value two or three of their cells can hold from every
/// cell that sees them all (`DLX_CP_POINTING=0` leaves it out, for measuring).
fn pointing() -> bool {
    static P: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *P.get_or_init(|| std::env::var("DLX_CP_POINTING").as_deref() != Ok("0"))
}

/// Whether a domain is one value (not "no value").
#[inline]
pub(crate) fn single(d: u64) -> bool {
    d.is_power_of_two() && d != ABSENT
}

/// The values placed in `vars` (whose values differ) and every value they can hold;
/// `None` when two of them hold the same one.
#[inline]
fn placed_and_held(st: &State, vars: &[Var]) -> Option<(u64, u64)> {
    let (mut placed, mut held) = (0u64, 0u64);
    for &v in vars {
        let d = st.dom[v as usize];
        if single(d) {
            if placed & d != 0 {
                return None;
            }
            placed |= d;
        }
        held |= d;
    }
    Some((placed, held))
}

/// The entries of a sorted list of pairs whose first value is `d`.
#[inline]
fn pairs_of(list: &[(u64, Var, u64)], d: u64) -> &[(u64, Var, u64)] {
    let from = list.partition_point(|e| e.0 < d);
    let to = from + list[from..].partition_point(|e| e.0 == d);
    &list[from..to]
}

/// The least and greatest value of a domain of values (not empty).
#[inline]
fn bounds(net: &Network, v: Var, d: u64) -> (i64, i64) {
    let d = d & VALUES;
    let off = net.off[v as usize] as i64;
    (
        off + d.trailing_zeros() as i64,
        off + 63 - d.leading_zeros() as i64,
    )
}

/// The bits of `v`'s values within `lo..=hi`.
#[inline]
fn range_mask(net: &Network, v: Var, lo: i64, hi: i64) -> u64 {
    let off = net.off[v as usize] as i64;
    let (a, b) = ((lo - off).max(0), (hi - off).min(62));
    if a > b {
        return 0;
    }
    let upto = if b == 63 { !0 } else { (1u64 << (b + 1)) - 1 };
    upto & !((1u64 << a) - 1)
}

/// Masks of up to this many bits have their extreme sums in [`EXTREME_BITS`].
const TABLE_BITS: usize = 10;

/// Per mask of [`TABLE_BITS`] bits and per count `k` up to that: the sums of the `k`
/// least and of the `k` greatest bit positions in it (`u8::MAX` when it has fewer than `k`),
/// computed when compiling, so that a sum's groups of digits 1-9 (bits 1-9) read their
/// bounds in one look instead of walking their bits.
static EXTREME_BITS: [[(u8, u8); TABLE_BITS + 1]; 1 << TABLE_BITS] = extreme_bits();

/// Builds [`EXTREME_BITS`].
const fn extreme_bits() -> [[(u8, u8); TABLE_BITS + 1]; 1 << TABLE_BITS] {
    // Counts beyond the mask's bits stay (MAX, MAX): no such sum.
    let mut table = [[(u8::MAX, u8::MAX); TABLE_BITS + 1]; 1 << TABLE_BITS];
    let mut mask = 0;
    while mask < 1 << TABLE_BITS {
        // Bits taken from below and from above, one more for each count.
        let (mut low, mut high) = (0u8, 0u8);
        let (mut from_low, mut from_high) = (mask as u64, mask as u64);
        table[mask][0] = (0, 0);
        let mut k = 1;
        while k <= TABLE_BITS && k <= (mask as u64).count_ones() as usize {
            let b = from_low.trailing_zeros();
            from_low &= from_low - 1;
            low += b as u8;
            let t = 63 - from_high.leading_zeros();
            from_high &= !(1 << t);
            high += t as u8;
            table[mask][k] = (low, high);
            k += 1;
        }
        mask += 1;
    }
    table
}

/// The sums of the `k` least and the `k` greatest values of `mask` (values `off + bit`),
/// or `None` when it has fewer than `k`.
#[inline]
fn extreme_sums(mask: u64, off: i64, k: usize) -> Option<(i64, i64)> {
    if mask < 1 << TABLE_BITS && k <= TABLE_BITS {
        let (low, high) = EXTREME_BITS[mask as usize][k];
        if low == u8::MAX {
            return None;
        }
        let base = off * k as i64;
        return Some((base + low as i64, base + high as i64));
    }
    if (mask.count_ones() as usize) < k {
        return None;
    }
    let base = off as Val;
    Some((
        extreme_values(mask, base, k, true).0 as i64,
        extreme_values(mask, base, k, false).0 as i64,
    ))
}

/// A group's cells: the sums of their least and of their greatest values, and the values
/// they hold together.
#[inline]
fn group_cells(net: &Network, st: &State, g: &[Var]) -> (i64, i64, u64) {
    let (mut lo, mut hi, mut union) = (0i64, 0i64, 0u64);
    for &v in g {
        let d = st.dom[v as usize];
        let (a, b) = bounds(net, v, d);
        lo += a;
        hi += b;
        union |= d & VALUES;
    }
    (lo, hi, union)
}

/// A group of a sum as [`Propagator::group_range`] read it: the least and greatest sum
/// of its distinct values (in [`Propagator::sum`]'s scratch, times the group's sign), and
/// its cells' ([`group_cells`]).
#[derive(Clone, Copy)]
struct GroupRange {
    lo: i64,
    hi: i64,
    cells: (i64, i64, u64),
}

/// The propagation queue and scratch space.
pub(crate) struct Propagator<'n> {
    pub net: &'n Network,
    /// Propagators waiting: cheap ones (houses, memberships, counts, runs), then dear
    /// ones (tables, sums), each in order of waking; `heads` are how far each was read.
    queue: [Vec<u32>; 2],
    heads: [usize; 2],
    /// Per propagator: which queue it goes to.
    dear: Vec<bool>,
    /// Per house (the first propagators): the values its cells lost since it last ran.
    dirty: Vec<u64>,
    queued: Vec<bool>,
    changed: Vec<Var>,
    union: Vec<u64>,
    count: Vec<u32>,
    /// Per sum group, scratch: its sum's least and greatest value (signed), and what was
    /// read of its cells.
    group_bounds: Vec<GroupRange>,
    /// Work done: the variables and table entries the propagators read, a measure of
    /// time that does not depend on the machine.
    pub work: u64,
}

impl<'n> Propagator<'n> {
    /// A propagator for `net`.
    pub fn new(net: &'n Network) -> Self {
        let widest = net.tables.iter().map(|t| t.vars.len()).max().unwrap_or(0);
        Propagator {
            net,
            queue: [Vec::new(), Vec::new()],
            heads: [0, 0],
            dear: net
                .props
                .iter()
                .map(|p| matches!(p, Prop::Table(_) | Prop::Sum(_) | Prop::Cage(_)))
                .collect(),
            dirty: vec![0; net.houses.len()],
            queued: vec![false; net.props.len()],
            changed: Vec::new(),
            union: vec![0; widest],
            count: vec![0; widest],
            group_bounds: Vec::new(),
            work: 0,
        }
    }

    /// Keeps only the values of `keep` in `v`'s domain; false when none is left.
    #[inline]
    pub fn set(&mut self, st: &mut State, v: Var, keep: u64) -> bool {
        let old = st.dom[v as usize];
        let new = old & keep;
        if new == old {
            return true;
        }
        if new == 0 {
            return false;
        }
        st.dom[v as usize] = new;
        let net = self.net;
        if (v as usize) < net.peers.len() {
            let mut gone = old & !new;
            while gone != 0 {
                let b = gone.trailing_zeros();
                gone &= gone - 1;
                st.holders[b as usize] &= !(1u128 << v);
            }
        }
        let gone = old & !new;
        for &p in &net.watch[v as usize] {
            if let Some(dirty) = self.dirty.get_mut(p as usize) {
                *dirty |= gone;
            }
            self.enqueue(p);
        }
        let values = old & VALUES;
        let ends =
            (values & values.wrapping_neg()) | (1u64 << (63 - values.leading_zeros().min(63)));
        if (old ^ new) & ends & VALUES != 0 {
            for &p in &net.watch_bounds[v as usize] {
                self.enqueue(p);
            }
        }
        self.changed.push(v);
        true
    }

    #[inline]
    fn enqueue(&mut self, p: u32) {
        if !self.queued[p as usize] {
            self.queued[p as usize] = true;
            self.queue[self.dear[p as usize] as usize].push(p);
        }
    }

    /// The next propagator to run, cheap ones first.
    #[inline]
    fn next(&mut self) -> Option<u32> {
        for q in 0..2 {
            if self.heads[q] < self.queue[q].len() {
                let p = self.queue[q][self.heads[q]];
                self.heads[q] += 1;
                if self.heads[q] == self.queue[q].len() {
                    self.heads[q] = 0;
                    self.queue[q].clear();
                }
                return Some(p);
            }
        }
        None
    }

    /// Every propagator woken by the domains as they are (the root).
    pub fn wake_all(&mut self) {
        self.dirty.fill(!0);
        for p in 0..self.net.props.len() {
            self.enqueue(p as u32);
        }
    }

    /// Propagates to a fixpoint; false at a dead end (the queue is then empty again).
    pub fn fixpoint(&mut self, st: &mut State) -> bool {
        let ok = self.run(st);
        if !ok {
            for q in 0..2 {
                for &p in &self.queue[q][self.heads[q]..] {
                    self.queued[p as usize] = false;
                    if let Some(dirty) = self.dirty.get_mut(p as usize) {
                        *dirty = 0;
                    }
                }
                self.queue[q].clear();
                self.heads[q] = 0;
            }
            self.changed.clear();
        }
        ok
    }

    fn run(&mut self, st: &mut State) -> bool {
        loop {
            if let Some(v) = self.changed.pop() {
                if !self.binary(st, v) {
                    return false;
                }
                continue;
            }
            let Some(p) = self.next() else {
                return true;
            };
            self.queued[p as usize] = false;
            let ok = match self.net.props[p as usize] {
                Prop::House(i) => self.house(st, i as usize),
                Prop::Table(i) => self.table(st, i as usize),
                Prop::Members(i) => self.members(st, i as usize),
                Prop::AtLeast(i) => self.at_least(st, i as usize),
                Prop::Run(i) => self.run_window(st, i as usize),
                Prop::Sum(i) => self.sum(st, i as usize),
                Prop::Cage(i) => self.cage(st, i as usize),
            };
            if !ok {
                return false;
            }
        }
    }

    /// Forbidden pairs and implications at `v`, whose domain just shrank.
    fn binary(&mut self, st: &mut State, v: Var) -> bool {
        let net = self.net;
        let d = st.dom[v as usize];
        if single(d) {
            // A placed digit leaves every cell that shares a house with it at once (the
            // houses of cells skip their naked singles).
            if (v as usize) < net.peers.len() && !self.clear_seen(st, net.peers[v as usize], d) {
                return false;
            }
            for &(_, b, by) in pairs_of(&net.forbids[v as usize], d) {
                if !self.set(st, b, !by) {
                    return false;
                }
            }
            for &(_, t, by) in pairs_of(&net.implies[v as usize], d) {
                if !self.set(st, t, by) {
                    return false;
                }
            }
        }
        for &(a, bx, by) in &net.implied_by[v as usize] {
            if d & by == 0 && !self.set(st, a, !bx) {
                return false;
            }
        }
        true
    }

    /// All different: naked singles, and in a full house hidden singles and every value
    /// somewhere; never more cells to fill than values left for them. A full house of
    /// cells is read from the holders of the values it lost instead
    /// ([`Self::full_house_of_cells`]).
    fn house(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let h = &net.houses[i];
        self.work += h.vars.len() as u64;
        let dirty = std::mem::take(&mut self.dirty[i]);
        if h.cells && h.full {
            return self.full_house_of_cells(st, i, dirty & h.values);
        }
        let (mut fixed, mut once, mut twice) = (0u64, 0u64, 0u64);
        let (mut open, mut open_union) = (0u32, 0u64);
        for &v in &h.vars {
            let d = st.dom[v as usize];
            if single(d) {
                if fixed & d != 0 {
                    return false;
                }
                fixed |= d;
            } else {
                open += 1;
                open_union |= d;
            }
            twice |= once & d;
            once |= d;
        }
        if (open_union & !fixed).count_ones() < open {
            return false;
        }
        if h.full && once & h.values != h.values {
            return false;
        }
        // Values to take out of the open cells, and (full houses) values one open cell
        // alone can hold. A change wakes this house again, for what it implies here.
        let hidden = if h.full { once & !twice & !fixed } else { 0 };
        if (open_union & fixed) | hidden == 0 {
            return true;
        }
        for &v in &h.vars {
            let d = st.dom[v as usize];
            if single(d) {
                continue;
            }
            let hd = d & hidden;
            let keep = if hd != 0 {
                if !hd.is_power_of_two() {
                    return false;
                }
                hd
            } else {
                !fixed
            };
            if !self.set(st, v, keep) {
                return false;
            }
        }
        true
    }

    /// A full house of cells, for the values its cells lost since it last ran, read from
    /// the holders of each value: none left is a dead end, one is a hidden single, two or
    /// three clear the value from every cell that sees them all. Naked singles were taken
    /// when each cell was placed ([`Self::binary`]).
    fn full_house_of_cells(&mut self, st: &mut State, i: usize, mut values: u64) -> bool {
        let net = self.net;
        let h = &net.houses[i];
        while values != 0 {
            let d = values & values.wrapping_neg();
            values &= values - 1;
            let held = st.holders[d.trailing_zeros() as usize] & h.mask;
            // Told apart without counting (no popcount in the portable build): none,
            // one, two or three, more.
            if held == 0 {
                return false;
            }
            let second = held & (held - 1);
            if second == 0 {
                let c = held.trailing_zeros();
                if st.dom[c as usize] != d && !self.set(st, c, d) {
                    return false;
                }
                continue;
            }
            let third = second & (second - 1);
            if third & third.wrapping_sub(1) == 0 && pointing() {
                let (mut held, mut common) = (held, !h.mask);
                while held != 0 && common != 0 {
                    let c = held.trailing_zeros();
                    held &= held - 1;
                    common &= net.peers[c as usize];
                }
                if common != 0 && !self.clear_seen(st, common, d) {
                    return false;
                }
            }
        }
        true
    }

    /// A table: generalised arc consistency. Alternatives with a value gone die; a
    /// variable every live alternative names keeps only the values they give it.
    fn table(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let t = &net.tables[i];
        let k = t.vars.len();
        self.union[..k].fill(0);
        self.count[..k].fill(0);
        let mut live = 0u32;
        // The digits every live alternative puts in the table's cells.
        let mut required = !0u64;
        let len = t.len();
        for w in 0..len.div_ceil(64) {
            let mut bits = st.alive[t.alive_at + w];
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let a = w * 64 + b;
                let es = &t.entries[t.starts[a] as usize..t.starts[a + 1] as usize];
                self.work += es.len() as u64;
                if es
                    .iter()
                    .all(|&(l, bit)| st.dom[t.vars[l as usize] as usize] & bit != 0)
                {
                    live += 1;
                    let mut digits = 0u64;
                    for &(l, bit) in es {
                        self.union[l as usize] |= bit;
                        self.count[l as usize] += 1;
                        if t.is_cell[l as usize] {
                            digits |= bit;
                        }
                    }
                    required &= digits;
                } else {
                    st.alive[t.alive_at + w] &= !(1u64 << b);
                }
            }
        }
        if live == 0 {
            return false;
        }
        for l in 0..k {
            if self.count[l] == live {
                let keep = self.union[l];
                if !self.set(st, t.vars[l], keep) {
                    return false;
                }
            }
        }
        // A digit the table's cells hold whatever it chooses is in one of the cells that
        // can still hold it: no cell that sees them all holds it.
        while required != 0 {
            let d = required & required.wrapping_neg();
            required &= required - 1;
            let mut common = !0u128;
            for (l, &v) in t.vars.iter().enumerate() {
                if t.is_cell[l] && st.dom[v as usize] & d != 0 {
                    common &= net.peers[v as usize];
                }
            }
            if !self.clear_seen(st, common, d) {
                return false;
            }
        }
        true
    }

    /// Takes `d` out of every cell of `cells` (a set of cells by index).
    fn clear_seen(&mut self, st: &mut State, cells: u128, d: u64) -> bool {
        let mut cells = cells & st.holders[d.trailing_zeros() as usize];
        while cells != 0 {
            let c = cells.trailing_zeros();
            cells &= cells - 1;
            if st.dom[c as usize] & d != 0 && !self.set(st, c as Var, !d) {
                return false;
            }
        }
        true
    }

    /// A value of `a` is some variable's: `a` keeps the values some variable can take,
    /// and a value of `a`'s that one variable alone can take is that variable's.
    fn members(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let c = &net.members[i];
        let any = c.vars.iter().fold(0, |u, &v| u | st.dom[v as usize]) & VALUES;
        if !self.set(st, c.a, any | ABSENT) {
            return false;
        }
        let d = st.dom[c.a as usize];
        if single(d) {
            let mut holders = c.vars.iter().filter(|&&v| st.dom[v as usize] & d != 0);
            if let (Some(&only), None) = (holders.next(), holders.next()) {
                return self.set(st, only, d);
            }
        }
        true
    }

    /// At least `count` variables take the value: too few able is a dead end; exactly
    /// enough, and each takes it.
    fn at_least(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let c = &net.at_least[i];
        if c.count == 0 {
            return true;
        }
        let able = c
            .vars
            .iter()
            .filter(|&&v| st.dom[v as usize] & c.bit != 0)
            .count();
        if able < c.count {
            return false;
        }
        if able == c.count {
            for &v in &c.vars {
                if st.dom[v as usize] & c.bit != 0 && !self.set(st, v, c.bit) {
                    return false;
                }
            }
        }
        true
    }

    /// A run: the windows every cell meets and whose every digit some cell can hold; the
    /// cells keep the digits of those windows and differ; the digits every such window
    /// holds are out of the cells that see the whole run; with one window left, a digit
    /// one cell alone can hold is that cell's.
    fn run_window(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let r = &net.runs[i];
        let union = r.cells.iter().fold(0, |u, &v| u | st.dom[v as usize]);
        self.work += (r.cells.len() * r.windows.len() + r.seers.len()) as u64;
        let (mut allowed, mut common, mut left, mut last) = (0u64, !0u64, 0, 0u64);
        for &w in &r.windows {
            if union & w == w && r.cells.iter().all(|&c| st.dom[c as usize] & w != 0) {
                allowed |= w;
                common &= w;
                left += 1;
                last = w;
            }
        }
        if left == 0 {
            return false;
        }
        let mut fixed = 0u64;
        for &c in &r.cells {
            if !self.set(st, c, allowed) {
                return false;
            }
            let d = st.dom[c as usize];
            if single(d) {
                if fixed & d != 0 {
                    return false;
                }
                fixed |= d;
            }
        }
        for &c in &r.cells {
            let d = st.dom[c as usize];
            if !single(d) && d & fixed != 0 && !self.set(st, c, !fixed) {
                return false;
            }
        }
        for &s in &r.seers {
            if !self.set(st, s, !common) {
                return false;
            }
        }
        if left == 1 {
            let mut digits = last;
            while digits != 0 {
                let d = digits & digits.wrapping_neg();
                digits &= digits - 1;
                if !self.in_one_of(st, &r.cells, d) {
                    return false;
                }
            }
        }
        true
    }

    /// The value `d` is in one of `vars`: none that can hold it is a dead end, one alone
    /// takes it.
    fn in_one_of(&mut self, st: &mut State, vars: &[Var], d: u64) -> bool {
        let mut holders = vars.iter().filter(|&&v| st.dom[v as usize] & d != 0);
        match (holders.next(), holders.next()) {
            (None, _) => false,
            (Some(&only), None) => self.set(st, only, d),
            _ => true,
        }
    }

    /// The least and greatest sum of a group of distinct values, and what
    /// [`group_cells`] read of it.
    fn group_range(&self, st: &State, g: &[Var]) -> Option<GroupRange> {
        let cells = group_cells(self.net, st, g);
        let (mut lo, mut hi, union) = cells;
        if g.len() > 1 {
            let off = self.net.off[g[0] as usize] as i64;
            let (klo, khi) = extreme_sums(union, off, g.len())?;
            lo = lo.max(klo);
            hi = hi.min(khi);
        }
        (lo <= hi).then_some(GroupRange { lo, hi, cells })
    }

    /// A sum: bounds. Each group's sum lies between its cells' least and greatest values
    /// (and those of as many distinct values as it has cells); the target and every cell
    /// keep what the other terms' bounds leave them.
    fn sum(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let s = &net.sums[i];
        let mut bounds_of = std::mem::take(&mut self.group_bounds);
        bounds_of.clear();
        let (mut lo, mut hi) = (0i64, 0i64);
        for (sign, g) in &s.groups {
            self.work += 2 * g.len() as u64;
            let Some(range) = self.group_range(st, g) else {
                self.group_bounds = bounds_of;
                return false;
            };
            let (ca, cb) = if *sign > 0 {
                (range.lo, range.hi)
            } else {
                (-range.hi, -range.lo)
            };
            lo += ca;
            hi += cb;
            bounds_of.push(GroupRange {
                lo: ca,
                hi: cb,
                ..range
            });
        }
        let (mut tlo, mut thi) = match s.target {
            Target::Const(c) => (c as i64, c as i64),
            Target::Var(t) => bounds(net, t, st.dom[t as usize]),
        };
        let ok = 'ok: {
            if hi < tlo || lo > thi {
                break 'ok false;
            }
            if let Target::Var(t) = s.target {
                if !self.set(st, t, range_mask(net, t, lo, hi)) {
                    break 'ok false;
                }
                (tlo, thi) = bounds(net, t, st.dom[t as usize]);
            }
            for (j, (sign, g)) in s.groups.iter().enumerate() {
                let GroupRange {
                    lo: ca,
                    hi: cb,
                    cells: read,
                } = bounds_of[j];
                // What this term may add up to, given the others.
                let (xa, xb) = (tlo - (hi - cb), thi - (lo - ca));
                if xa <= ca && xb >= cb {
                    continue;
                }
                let (ga, gb) = if *sign > 0 { (xa, xb) } else { (-xb, -xa) };
                if g.len() == 1 {
                    if !self.set(st, g[0], range_mask(net, g[0], ga, gb)) {
                        break 'ok false;
                    }
                    continue;
                }
                let off = net.off[g[0] as usize] as i64;
                // The cells as read above, unless narrowing the target or an earlier
                // group may have changed them.
                let (smin, smax, union) = if s.disjoint {
                    read
                } else {
                    group_cells(net, st, g)
                };
                let distinct = extreme_sums(union, off, g.len() - 1);
                for &v in g {
                    let (a, b) = bounds(net, v, st.dom[v as usize]);
                    let (mut omin, mut omax) = (smin - a, smax - b);
                    if let Some((klo, khi)) = distinct {
                        omin = omin.max(klo);
                        omax = omax.min(khi);
                    }
                    if !self.set(st, v, range_mask(net, v, ga - omax, gb - omin)) {
                        break 'ok false;
                    }
                }
            }
            true
        };
        self.group_bounds = bounds_of;
        ok
    }

    /// A cage: the sets of values it may still hold are those that keep its placed
    /// values, lie within what its cells can hold, and leave the rest of its house (when
    /// a full house holds it) values those cells can hold. The cells keep the values of
    /// those sets, the rest of the house the values they leave it; a value every set
    /// holds is in the one cage cell that can hold it, and in no cell that sees every
    /// cage cell that can.
    fn cage(&mut self, st: &mut State, i: usize) -> bool {
        let net = self.net;
        let g = &net.cages[i];
        let Some((placed, held)) = placed_and_held(st, &g.cells) else {
            return false;
        };
        let around = g.rest.iter().fold(0, |u, &v| u | st.dom[v as usize]);
        let hv = g.house_values;
        let (mut cage_keeps, mut rest_keeps, mut every) = (0u64, 0u64, !0u64);
        for &set in &g.sets {
            let fits = set & placed == placed && set & !held == 0 && hv & !set & !around == 0;
            if fits {
                cage_keeps |= set;
                rest_keeps |= hv & !set;
                every &= set;
            }
        }
        self.work += (g.cells.len() + g.rest.len() + g.sets.len() / 4) as u64;
        if cage_keeps == 0 {
            return false;
        }
        if held & !cage_keeps != 0 {
            for &v in &g.cells {
                if !self.set(st, v, cage_keeps) {
                    return false;
                }
            }
        }
        if around & hv & !rest_keeps != 0 {
            for &v in &g.rest {
                if !self.set(st, v, rest_keeps | !hv) {
                    return false;
                }
            }
        }
        if !self.last_cells(st, i) {
            return false;
        }
        let mut every = every & !placed;
        while every != 0 {
            let d = every & every.wrapping_neg();
            every &= every - 1;
            if g.mask != 0 {
                let holders = st.holders[d.trailing_zeros() as usize] & g.mask;
                if holders == 0 {
                    return false;
                }
                if holders.is_power_of_two() {
                    if !self.set(st, holders.trailing_zeros() as Var, d) {
                        return false;
                    }
                    continue;
                }
                let mut common = !0u128;
                let mut h = holders;
                while h != 0 {
                    common &= net.peers[h.trailing_zeros() as usize];
                    h &= h - 1;
                }
                if !self.clear_seen(st, common, d) {
                    return false;
                }
            } else if !self.in_one_of(st, &g.cells, d) {
                return false;
            }
        }
        true
    }

    /// A cage with two or three cells left open: each of their values keeps only if
    /// the others can complete it (distinct values adding up to what the placed ones
    /// leave), which the sets alone do not see.
    fn last_cells(&mut self, st: &mut State, i: usize) -> bool {
        let g = &self.net.cages[i];
        // Read afresh: the sets may have placed more.
        let Some((placed, _)) = placed_and_held(st, &g.cells) else {
            return false;
        };
        let mut open = [0 as Var; 3];
        let mut n = 0;
        for &v in g.cells.iter().filter(|&&v| !single(st.dom[v as usize])) {
            if n == 3 {
                return true;
            }
            open[n] = v;
            n += 1;
        }
        if n < 2 {
            return true;
        }
        // The bits the open cells must add up to (bit b stands for the value off + b).
        let mut left = g.total - g.off * g.cells.len() as Val;
        let mut p = placed;
        while p != 0 {
            left -= p.trailing_zeros() as Val;
            p &= p - 1;
        }
        let bit_of = |x: Val| if (0..63).contains(&x) { 1u64 << x } else { 0 };
        let d: [u64; 3] = std::array::from_fn(|j| {
            if j < n {
                st.dom[open[j] as usize] & VALUES & !placed
            } else {
                0
            }
        });
        let mut keep = [0u64; 3];
        let mut a = d[0];
        while a != 0 {
            let x = a.trailing_zeros() as Val;
            a &= a - 1;
            if n == 2 {
                let y = bit_of(left - x) & d[1] & !(1 << x);
                if y != 0 {
                    keep[0] |= 1 << x;
                    keep[1] |= y;
                }
                continue;
            }
            let mut b = d[1] & !(1 << x);
            while b != 0 {
                let y = b.trailing_zeros() as Val;
                b &= b - 1;
                let z = bit_of(left - x - y) & d[2] & !(1 << x) & !(1 << y);
                if z != 0 {
                    keep[0] |= 1 << x;
                    keep[1] |= 1 << y;
                    keep[2] |= z;
                }
            }
        }
        self.work += 4 * n as u64;
        (0..n).all(|j| self.set(st, open[j], keep[j]))
    }

    /// Whether a full assignment (every domain one value, or "no value") keeps every
    /// constraint of the network.
    pub fn satisfied(&self, st: &State) -> bool {
        let net = self.net;
        let dom = &st.dom;
        let has = |v: Var, bit: u64| dom[v as usize] == bit;
        for h in &net.houses {
            let mut seen = 0u64;
            for &v in &h.vars {
                let d = dom[v as usize];
                if !single(d) || seen & d != 0 {
                    return false;
                }
                seen |= d;
            }
        }
        for v in 0..dom.len() as Var {
            let d = dom[v as usize];
            if net.forbids[v as usize]
                .iter()
                .any(|&(bx, b, by)| bx == d && has(b, by))
            {
                return false;
            }
            if net.implies[v as usize]
                .iter()
                .any(|&(bx, t, by)| bx == d && !has(t, by))
            {
                return false;
            }
        }
        for t in &net.tables {
            let holds = (0..t.len()).any(|a| {
                t.entries[t.starts[a] as usize..t.starts[a + 1] as usize]
                    .iter()
                    .all(|&(l, bit)| has(t.vars[l as usize], bit))
            });
            if !holds {
                return false;
            }
        }
        for c in &net.members {
            let d = dom[c.a as usize];
            if d != ABSENT && !c.vars.iter().any(|&v| dom[v as usize] == d) {
                return false;
            }
        }
        for c in &net.at_least {
            if c.vars.iter().filter(|&&v| dom[v as usize] == c.bit).count() < c.count {
                return false;
            }
        }
        for r in &net.runs {
            let union = r.cells.iter().fold(0, |u, &v| u | dom[v as usize]);
            if !r.windows.contains(&union) || r.cells.iter().any(|&c| !single(dom[c as usize])) {
                return false;
            }
            if r.seers.iter().any(|&s| dom[s as usize] & union != 0) {
                return false;
            }
        }
        for s in &net.sums {
            let value = |v: Var| bounds(net, v, dom[v as usize]).0;
            let total: i64 = s
                .groups
                .iter()
                .map(|(sign, g)| *sign as i64 * g.iter().map(|&v| value(v)).sum::<i64>())
                .sum();
            let target = match s.target {
                Target::Const(c) => c as i64,
                Target::Var(t) => value(t),
            };
            if total != target {
                return false;
            }
        }
        true
    }

    /// The value of each decided variable (after [`satisfied`](Self::satisfied)).
    pub fn decided_values(&self, st: &State) -> Vec<(Var, Val)> {
        self.net
            .decided
            .iter()
            .map(|&v| (v, self.net.value(v, st.dom[v as usize])))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's extreme sums are those of walking the bits, for every small mask,
    /// count and offset.
    #[test]
    fn extreme_sums_from_the_table_are_the_walked_ones() {
        for mask in 0u64..1 << TABLE_BITS {
            for k in 0..=TABLE_BITS {
                for off in [-3i64, 0, 1] {
                    let walked = ((mask.count_ones() as usize) >= k).then(|| {
                        (
                            extreme_values(mask, off as Val, k, true).0 as i64,
                            extreme_values(mask, off as Val, k, false).0 as i64,
                        )
                    });
                    assert_eq!(extreme_sums(mask, off, k), walked, "{mask:b} {k} {off}");
                }
            }
        }
    }
}
