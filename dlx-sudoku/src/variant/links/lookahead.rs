//! Look-ahead: a side condition that backs the search up as soon as the partial solution
//! cannot be completed under the model's constraints as a propagator sees them.
//!
//! Exact cover reacts to a choice by removing the options that clash with it (forward
//! checking). Variant rules chain further: a thermometer's bulb bounds its tip, a cage's
//! sum bounds its last cell, a digit with one place left in a row must go there. At every
//! node this observer reads the live options of the search (the domains that forward
//! checking left), propagates the model's constraints to a fixpoint on bitsets — tables
//! by generalised arc consistency, houses by naked and hidden singles and counting,
//! forbidden pairs, attachments — and rejects the node when some variable has no value
//! left. It never rejects a node that has a solution below it, so answers are unchanged;
//! only dead subtrees are cut at their root.

use dlx_core::{ItemId, Observer, OptionId, View};

use crate::variant::model::{Emitted, Meaning, Model, Val, Var, VarKind};

/// What an option does, for the propagator.
#[derive(Clone, Copy, Debug)]
enum Opt {
    /// Decided variable `var` takes the value with bit `bit`.
    Assign(u32, u8),
    /// Alternative of choice `choice`: entries `start..end` of `alt_entries`.
    Alt(u32, u32, u32),
}

/// A feature variable, its variable, and the map between their value bits.
type Feature = (u32, u32, Vec<(u8, u8)>);

/// A node's fixpoint: domains and the number of live alternatives of each choice.
#[derive(Clone, Debug, Default)]
struct Saved {
    dom: Vec<u128>,
    len: Vec<u32>,
    /// False once the node was rejected (or before any was saved at this level).
    valid: bool,
}

/// The propagator and its scratch space.
#[derive(Clone, Debug)]
pub(crate) struct Lookahead {
    full: Vec<u128>,
    tracked: Vec<bool>,
    item_of: Vec<u32>,
    decided: Vec<u32>,
    opts: Vec<Opt>,
    alt_entries: Vec<(u32, u8)>,
    choice_item: Vec<u32>,
    houses: Vec<(Vec<u32>, bool)>,
    /// Locked candidates: `(rest of A, A ∩ B, rest of B)` for a full house A (every value
    /// once) and a house B sharing at least two cells with it: a value that A can place only
    /// in the shared cells is placed there, so the rest of B can't hold it (Sudoku's
    /// "pointing" and "claiming", and the same between cages and rows).
    locked: Vec<(Vec<u32>, Vec<u32>, Vec<u32>)>,
    /// The pass in which each house, and each locked-candidates triple, was last looked at.
    house_done: Vec<u32>,
    locked_done: Vec<u32>,
    /// Per variable: `(bit, other var, other bit)` forbidden together.
    forbid_of: Vec<Vec<(u8, u32, u8)>>,
    attach: Vec<(u32, u8, u32, u8)>,
    features: Vec<Feature>,
    // Scratch.
    dom: Vec<u128>,
    fixed: Vec<bool>,
    /// Per choice: whether one of its alternatives is in the partial solution.
    chosen: Vec<bool>,
    /// Per choice: its alternatives, as a sparse set: the first `len[c]` are alive, the
    /// rest were filtered out (restoring `len` brings them back).
    live: Vec<Vec<u32>>,
    len: Vec<u32>,
    /// `len` when the current node's propagation began, so that what it filtered out can
    /// be handed to the search for removal.
    start_len: Vec<u32>,
    /// The fixpoint of every accepted node on the current path, by level: a child starts
    /// from its parent's domains and alternatives and propagates only what changed.
    saved: Vec<Saved>,
    /// The pass in which the current node's propagation began.
    call_start: u32,
    sup: Vec<u128>,
    cnt: Vec<u32>,
    touched: Vec<u32>,
    /// The variables each choice mentions.
    table_vars: Vec<Vec<u32>>,
    /// Pass counter; the pass in which each variable last changed; the pass in which each
    /// table was last filtered.
    pass: u32,
    stamp: Vec<u32>,
    done: Vec<u32>,
    /// Nodes rejected.
    pub rejected: u64,
}

impl Lookahead {
    /// Builds the propagator for a model and its emitted problem.
    pub fn new(m: &Model, e: &Emitted) -> Self {
        let nv = m.vars.len();
        let mut lo = vec![0; nv];
        let mut full = vec![0u128; nv];
        let mut tracked = vec![false; nv];
        // Members of houses share one base value, so that the same digit is the same bit
        // in each (houses compare bitsets across cells); other variables start at their
        // own minimum.
        let mut in_house = vec![false; nv];
        for h in &m.houses {
            for &v in h {
                in_house[v as usize] = true;
            }
        }
        let house_base = (0..nv)
            .filter(|&v| in_house[v])
            .filter_map(|v| m.vars[v].dom.min())
            .min();
        for (v, info) in m.vars.iter().enumerate() {
            let (Some(mut a), Some(b)) = (info.dom.min(), info.dom.max()) else {
                continue;
            };
            if let Some(base) = house_base.filter(|_| in_house[v]) {
                a = a.min(base);
            }
            if b - a < 128 {
                tracked[v] = true;
                lo[v] = a;
                full[v] = info.dom.iter().fold(0, |acc, x| acc | 1u128 << (x - a));
            }
        }
        let bit = |v: Var, x: Val| -> Option<u8> {
            let v = v as usize;
            (tracked[v] && x >= lo[v] && x - lo[v] < 128).then(|| (x - lo[v]) as u8)
        };
        let mut alt_entries = Vec::new();
        let opts: Vec<Opt> = e
            .meanings
            .iter()
            .map(|mean| match *mean {
                Meaning::Assign(v, x) => Opt::Assign(v, bit(v, x).unwrap_or(0)),
                Meaning::Alt(c, a) => {
                    let start = alt_entries.len() as u32;
                    for &(v, x) in &m.choices[c as usize].alts[a as usize] {
                        if let Some(b) = bit(v, x) {
                            alt_entries.push((v, b));
                        }
                    }
                    Opt::Alt(c, start, alt_entries.len() as u32)
                }
            })
            .collect();
        // Houses whose members are all tracked from one base; full when they have exactly
        // as many values among them as members.
        let houses: Vec<(Vec<u32>, bool)> = m
            .houses
            .iter()
            .filter(|h| {
                h.iter().all(|&v| tracked[v as usize])
                    && h.iter().all(|&v| lo[v as usize] == lo[h[0] as usize])
            })
            .map(|h| {
                let union = h
                    .iter()
                    .fold(std::collections::BTreeSet::new(), |mut acc, &v| {
                        acc.extend(m.vars[v as usize].dom.iter());
                        acc
                    });
                (h.clone(), union.len() == h.len())
            })
            .collect();
        // Locked candidates: pairs (A full, B) sharing two or more cells, B having cells
        // of its own (so B has three or more: two-cell houses, of which anti-knight and
        // anti-king make hundreds, never qualify). Found through each cell's houses.
        let mut houses_of: Vec<Vec<u32>> = vec![Vec::new(); nv];
        for (k, (h, _)) in houses.iter().enumerate() {
            if h.len() >= 3 {
                for &v in h {
                    houses_of[v as usize].push(k as u32);
                }
            }
        }
        let mut locked = Vec::new();
        let mut meets = vec![0u32; houses.len()];
        for (a, (ha, full)) in houses.iter().enumerate() {
            if !*full {
                continue;
            }
            let mut met = Vec::new();
            for &v in ha {
                for &b in &houses_of[v as usize] {
                    if meets[b as usize] == 0 {
                        met.push(b as usize);
                    }
                    meets[b as usize] += 1;
                }
            }
            for b in met {
                let n_shared = std::mem::take(&mut meets[b]) as usize;
                let hb = &houses[b].0;
                if b == a || n_shared < 2 || n_shared == hb.len() {
                    continue;
                }
                if lo[ha[0] as usize] != lo[hb[0] as usize] {
                    continue;
                }
                let shared: Vec<u32> = ha.iter().copied().filter(|v| hb.contains(v)).collect();
                let rest_a = ha.iter().copied().filter(|v| !shared.contains(v)).collect();
                let rest_b = hb.iter().copied().filter(|v| !shared.contains(v)).collect();
                locked.push((rest_a, shared, rest_b));
            }
        }
        let mut forbid_of = vec![Vec::new(); nv];
        for &(a, x, b, y) in &m.forbids {
            if let (Some(bx), Some(by)) = (bit(a, x), bit(b, y)) {
                forbid_of[a as usize].push((bx, b, by));
                forbid_of[b as usize].push((by, a, bx));
            }
        }
        let attach = m
            .attachments
            .iter()
            .filter_map(|&(a, x, t, y)| Some((a, bit(a, x)?, t, bit(t, y)?)))
            .collect();
        let features = m
            .feature_source
            .iter()
            .filter_map(|(t, a, map)| {
                let pairs: Option<Vec<(u8, u8)>> = map
                    .iter()
                    .filter(|&&(x, _)| m.vars[*a as usize].dom.contains(x))
                    .map(|&(x, y)| Some((bit(*a, x)?, bit(*t, y)?)))
                    .collect();
                Some((*t, *a, pairs?))
            })
            .collect();
        let decided: Vec<u32> = (0..nv as u32)
            .filter(|&v| {
                m.vars[v as usize].kind == VarKind::Decided && e.var_item[v as usize] != u32::MAX
            })
            .collect();
        let nc = m.choices.len();
        let mut table_vars: Vec<Vec<u32>> = vec![Vec::new(); nc];
        for opt in &opts {
            if let Opt::Alt(c, st, en) = *opt {
                for &(v, _) in &alt_entries[st as usize..en as usize] {
                    if !table_vars[c as usize].contains(&v) {
                        table_vars[c as usize].push(v);
                    }
                }
            }
        }
        Lookahead {
            full,
            tracked,
            item_of: e.var_item.clone(),
            decided,
            opts,
            alt_entries,
            choice_item: (0..nc as u32).map(|c| e.first_choice + c).collect(),
            house_done: vec![0; houses.len()],
            locked_done: vec![0; locked.len()],
            houses,
            locked,
            forbid_of,
            attach,
            features,
            dom: vec![0; nv],
            fixed: vec![false; nv],
            chosen: vec![false; nc],
            live: vec![Vec::new(); nc],
            len: vec![0; nc],
            start_len: vec![0; nc],
            saved: Vec::new(),
            call_start: 0,
            sup: vec![0; nv],
            cnt: vec![0; nv],
            touched: Vec::new(),
            table_vars,
            pass: 0,
            stamp: vec![0; nv],
            done: vec![0; nc],
            rejected: 0,
        }
    }

    /// Starts a node's propagation: a new pass number, before which nothing counts as
    /// changed.
    fn begin(&mut self) {
        self.pass += 1;
        self.call_start = self.pass;
    }

    /// Narrows `v`'s domain to `d` (a subset), marking it changed.
    #[inline]
    fn set(&mut self, v: usize, d: u128) {
        if d != self.dom[v] {
            self.dom[v] = d;
            self.stamp[v] = self.pass;
        }
    }

    /// Reads a node from scratch: domains from the options still live in the search,
    /// every choice's alternatives from its item's list. Everything counts as changed.
    fn load(&mut self, view: &View<'_>) {
        self.begin();
        self.dom.copy_from_slice(&self.full);
        self.stamp.iter_mut().for_each(|s| *s = self.call_start);
        self.fixed.iter_mut().for_each(|f| *f = false);
        self.chosen.iter_mut().for_each(|f| *f = false);
        for l in &mut self.live {
            l.clear();
        }
        for o in view.chosen() {
            match self.opts[o.index()] {
                Opt::Assign(v, b) => {
                    if self.tracked[v as usize] {
                        self.dom[v as usize] &= 1 << b;
                    }
                    self.fixed[v as usize] = true;
                }
                Opt::Alt(c, s, e) => {
                    for &(v, b) in &self.alt_entries[s as usize..e as usize] {
                        self.dom[v as usize] &= 1 << b;
                    }
                    self.live[c as usize].push(o.index() as u32);
                    self.chosen[c as usize] = true;
                }
            }
        }
        self.narrow_to_live_values(view);
        for c in 0..self.live.len() {
            if self.live[c].is_empty() {
                let item = ItemId::new(self.choice_item[c]);
                let live = &mut self.live[c];
                live.extend(view.options_of(item).map(|o: OptionId| o.index() as u32));
            }
            self.len[c] = self.live[c].len() as u32;
        }
        self.start_len.copy_from_slice(&self.len);
    }

    /// Reads a node whose parent (at `level - 1`) was accepted: starts from the parent's
    /// fixpoint and applies the choice made since, so that propagation only has to follow
    /// what that choice changed.
    fn load_child(&mut self, level: usize, view: &View<'_>) -> bool {
        self.begin();
        let parent = &self.saved[level - 1];
        self.dom.copy_from_slice(&parent.dom);
        self.len.copy_from_slice(&parent.len);
        self.fixed.iter_mut().for_each(|f| *f = false);
        self.chosen.iter_mut().for_each(|f| *f = false);
        for o in view.chosen() {
            match self.opts[o.index()] {
                Opt::Assign(v, b) => {
                    let v = v as usize;
                    if self.tracked[v] {
                        self.set(v, self.dom[v] & 1 << b);
                    }
                    self.fixed[v] = true;
                }
                Opt::Alt(c, s, e) => {
                    for i in s..e {
                        let (v, b) = self.alt_entries[i as usize];
                        self.set(v as usize, self.dom[v as usize] & 1 << b);
                    }
                    let c = c as usize;
                    self.chosen[c] = true;
                    let live = &mut self.live[c];
                    let o = o.index() as u32;
                    if self.len[c] != 1 || live[0] != o {
                        // Newly chosen: it becomes the choice's only alternative.
                        let Some(at) = live[..self.len[c] as usize].iter().position(|&x| x == o)
                        else {
                            return false; // propagation had already ruled it out
                        };
                        live.swap(0, at);
                        self.len[c] = 1;
                    }
                }
            }
        }
        self.narrow_to_live_values(view);
        self.start_len.copy_from_slice(&self.len);
        true
    }

    /// Narrows each open decided variable to the values whose options are still live in
    /// the search (what exact cover's own forward checking left).
    fn narrow_to_live_values(&mut self, view: &View<'_>) {
        for i in 0..self.decided.len() {
            let v = self.decided[i] as usize;
            if self.fixed[v] || !self.tracked[v] {
                continue;
            }
            let mut mask = 0u128;
            for o in view.options_of(ItemId::new(self.item_of[v])) {
                if let Opt::Assign(_, b) = self.opts[o.index()] {
                    mask |= 1 << b;
                }
            }
            self.set(v, self.dom[v] & mask);
        }
    }

    /// Keeps the current fixpoint as the one at `level`, for its children.
    fn save(&mut self, level: usize) {
        if self.saved.len() <= level {
            self.saved.resize_with(level + 1, Saved::default);
        }
        let s = &mut self.saved[level];
        s.dom.clone_from(&self.dom);
        s.len.clone_from(&self.len);
        s.valid = true;
    }

    /// Propagates to a fixpoint, from the changes made since [`begin`](Self::begin); false
    /// when some domain empties.
    fn propagate(&mut self) -> bool {
        let since = self.call_start;
        loop {
            self.pass += 1;
            let mut changed = false;
            // Tables with a variable changed since they were last filtered (in this node).
            for c in 0..self.live.len() {
                let after = self.done[c].max(since);
                if !self.table_vars[c]
                    .iter()
                    .any(|&v| self.stamp[v as usize] >= after)
                {
                    continue;
                }
                self.done[c] = self.pass;
                let live = &mut self.live[c];
                let dom = &self.dom;
                let entries = &self.alt_entries;
                let opts = &self.opts;
                let mut n = self.len[c] as usize;
                let mut k = 0;
                while k < n {
                    let Opt::Alt(_, s, e) = opts[live[k] as usize] else {
                        unreachable!("a choice's alternatives are Alt options");
                    };
                    let alive = entries[s as usize..e as usize]
                        .iter()
                        .all(|&(v, b)| dom[v as usize] & (1 << b) != 0);
                    if alive {
                        k += 1;
                    } else {
                        n -= 1;
                        live.swap(k, n);
                    }
                }
                self.len[c] = n as u32;
                if n == 0 {
                    return false;
                }
                for &o in &live[..n] {
                    let Opt::Alt(_, s, e) = opts[o as usize] else {
                        continue;
                    };
                    for &(v, b) in &entries[s as usize..e as usize] {
                        if self.cnt[v as usize] == 0 {
                            self.touched.push(v);
                            self.sup[v as usize] = 0;
                        }
                        self.cnt[v as usize] += 1;
                        self.sup[v as usize] |= 1 << b;
                    }
                }
                let n = n as u32;
                let mut empty = false;
                for &v in &self.touched {
                    let v = v as usize;
                    if self.cnt[v] == n {
                        let new = self.dom[v] & self.sup[v];
                        if new != self.dom[v] {
                            empty |= new == 0;
                            self.dom[v] = new;
                            self.stamp[v] = self.pass;
                            changed = true;
                        }
                    }
                    self.cnt[v] = 0;
                }
                self.touched.clear();
                if empty {
                    return false;
                }
            }
            // Houses with a member changed since they were last looked at (in this node).
            for (k, (h, full)) in self.houses.iter().enumerate() {
                let after = self.house_done[k].max(since);
                if !h.iter().any(|&v| self.stamp[v as usize] >= after) {
                    continue;
                }
                self.house_done[k] = self.pass;
                let mut union = 0u128;
                for &v in h {
                    let d = self.dom[v as usize];
                    if d == 0 {
                        return false;
                    }
                    union |= d;
                    if d & (d - 1) == 0 {
                        for &w in h {
                            if w != v && self.dom[w as usize] & d != 0 {
                                self.dom[w as usize] &= !d;
                                self.stamp[w as usize] = self.pass;
                                if self.dom[w as usize] == 0 {
                                    return false;
                                }
                                changed = true;
                            }
                        }
                    }
                }
                if (union.count_ones() as usize) < h.len() {
                    return false;
                }
                if *full {
                    // Hidden singles: a value with one place left goes there.
                    let mut once = 0u128;
                    let mut twice = 0u128;
                    for &v in h {
                        let d = self.dom[v as usize];
                        twice |= once & d;
                        once |= d;
                    }
                    let single = once & !twice;
                    if single != 0 {
                        for &v in h {
                            let d = self.dom[v as usize];
                            let s = d & single;
                            if s != 0 && d != s {
                                if s & (s - 1) != 0 {
                                    return false; // two values need this one cell
                                }
                                self.dom[v as usize] = s;
                                self.stamp[v as usize] = self.pass;
                                changed = true;
                            }
                        }
                    }
                }
            }
            // Locked candidates, where A's cells changed since the last look.
            for (k, (rest_a, shared, rest_b)) in self.locked.iter().enumerate() {
                let after = self.locked_done[k].max(since);
                if !rest_a
                    .iter()
                    .chain(shared)
                    .any(|&v| self.stamp[v as usize] >= after)
                {
                    continue;
                }
                self.locked_done[k] = self.pass;
                let inside = shared.iter().fold(0, |acc, &v| acc | self.dom[v as usize]);
                let outside = rest_a.iter().fold(0, |acc, &v| acc | self.dom[v as usize]);
                let only = inside & !outside;
                if only == 0 {
                    continue;
                }
                for &w in rest_b {
                    let d = self.dom[w as usize];
                    if d & only != 0 {
                        if d & !only == 0 {
                            return false;
                        }
                        self.dom[w as usize] = d & !only;
                        self.stamp[w as usize] = self.pass;
                        changed = true;
                    }
                }
            }
            // Forbidden pairs.
            // (Only variables changed in this pass or the one before: older singletons
            // have had their say.)
            let recent = since.max(self.pass - 1);
            for v in 0..self.forbid_of.len() {
                let d = self.dom[v];
                if self.stamp[v] < recent
                    || d == 0
                    || d & (d - 1) != 0
                    || self.forbid_of[v].is_empty()
                {
                    continue;
                }
                let x = d.trailing_zeros() as u8;
                for &(bx, w, by) in &self.forbid_of[v] {
                    if bx == x && self.dom[w as usize] & (1 << by) != 0 {
                        self.dom[w as usize] &= !(1 << by);
                        self.stamp[w as usize] = self.pass;
                        if self.dom[w as usize] == 0 {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            // Attachments: a value whose consequence is impossible is impossible.
            for &(a, x, t, y) in &self.attach {
                if self.dom[t as usize] & (1 << y) == 0 && self.dom[a as usize] & (1 << x) != 0 {
                    self.dom[a as usize] &= !(1 << x);
                    self.stamp[a as usize] = self.pass;
                    if self.dom[a as usize] == 0 {
                        return false;
                    }
                    changed = true;
                }
            }
            for (t, a, map) in &self.features {
                let da = self.dom[*a as usize];
                let image = map
                    .iter()
                    .filter(|&&(x, _)| da & (1 << x) != 0)
                    .fold(0u128, |acc, &(_, y)| acc | 1 << y);
                let new = self.dom[*t as usize] & image;
                if new != self.dom[*t as usize] {
                    if new == 0 {
                        return false;
                    }
                    self.dom[*t as usize] = new;
                    self.stamp[*t as usize] = self.pass;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

impl Observer for Lookahead {
    const WANTS_SOLUTIONS: bool = false;
    const PRUNES: bool = true;

    fn admit(&mut self, level: usize, view: &View<'_>, complete: bool) -> bool {
        if complete {
            return true;
        }
        let from_parent = level > 0 && self.saved.get(level - 1).is_some_and(|s| s.valid);
        let loaded = if from_parent {
            self.load_child(level, view)
        } else {
            self.load(view);
            true
        };
        let ok = loaded && self.propagate();
        if ok {
            self.save(level);
        } else {
            if let Some(s) = self.saved.get_mut(level) {
                s.valid = false;
            }
            self.rejected += 1;
        }
        ok
    }

    /// Called after `admit` accepted the node: every option that this node's propagation
    /// ruled out (a value taken from its variable's domain, a table row filtered out) is
    /// removed for the subtree, so the branching rule counts only the values that remain.
    /// (What the parent ruled out is already gone; what exact cover itself hid is skipped.)
    fn remove_options(&mut self, _level: usize, view: &View<'_>, out: &mut Vec<OptionId>) {
        for &v in &self.decided {
            let v = v as usize;
            if self.fixed[v] || !self.tracked[v] || self.stamp[v] <= self.call_start {
                continue;
            }
            let d = self.dom[v];
            for o in view.options_of(ItemId::new(self.item_of[v])) {
                if let Opt::Assign(_, b) = self.opts[o.index()] {
                    if d & (1 << b) == 0 {
                        out.push(o);
                    }
                }
            }
        }
        for c in 0..self.live.len() {
            if self.chosen[c] {
                continue;
            }
            let gone = &self.live[c][self.len[c] as usize..self.start_len[c] as usize];
            out.extend(gone.iter().map(|&o| OptionId::new(o)));
        }
    }
}
