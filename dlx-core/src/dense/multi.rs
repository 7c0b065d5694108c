//! Algorithm M (multiplicities `u:v|item`, with or without colours) on the dense engine:
//! TAOCP 7.2.2.1's steps M1–M9 with a state copied per level instead of dancing links,
//! searching the tree the links engine's `Search::run_m` searches (Knuth's DLX3), node for
//! node and branch for branch.
//!
//! A state holds, for each primary item, its current bound (`BOUND`: how many more options
//! may still contain it) and a branching **key**; one bit per live option; the colours fixed
//! on secondary items (Algorithm C); and how many primary items are still active. An item's
//! key packs, from the most significant field down, M3's branch degree
//! `θ = LEN + 1 − monus(BOUND, SLACK)` (offset so that it is never negative), then
//! `min(SLACK, BOUND)`, then `LMAX − LEN`, then the item's number, so that the least key is
//! DLX3's choice (the fewest branches, then the smaller slack, then the longer list, then
//! the leftmost) and M3 is one minimum over the keys. An inactive item's key is all ones.
//! Killing an option (its bit cleared) lowers `LEN` of each of its primary items, which
//! lowers `θ` by one and raises `LMAX − LEN` by one: a constant added to the key. A change
//! of `BOUND` repacks the key. Keys are 32, 64 or 128 bits, the narrowest that holds the
//! fields for the problem at hand ([`KeyCodec`]).
//!
//! The links engine's lists map onto the state as follows: an active item's list is its
//! live options (hiding an option = killing it); `cover(i)` kills the live options of `i`
//! and makes `i` inactive; `tweak(x, i)` (M5) kills `x` in the level's own state, so that
//! the later branches of the level, and nothing above it, see it gone; the branch that gives
//! `i` no more options (`x_l = i`) makes `i` inactive. Each level notes the options of its
//! item that were live at M4, in input order, and how many branches it has: with `n` of
//! them and `b` the bound after M4, branch `k` exists while `n − (k − 1) + SLACK > BOUND`
//! (M5's test), so the level has `d = clamp(n + SLACK − b, 0, n + 1)` branches (= θ,
//! clamped at 0, as the links engine reports it): options 1..=min(d, n), then the skip
//! branch when `d = n + 1`.
//!
//! Updates count the dense engine's way: one per item covered or purified, one per option
//! killed (a tweak's included). Nodes and the profile are Knuth's, as the links engine
//! counts them, a solution found by M6 included.

use std::fmt::Debug;
use std::sync::Arc;

use super::apply::PrimaryRows;
use super::layout::DenseLayout;
use super::search::Label;
use crate::search::{Limits, Step};
use crate::unit::{UnitError, UnitView};
use crate::{ItemId, ItemKind, OptionId, PreselectError, Problem};

/// The `option` of a level trying its skip branch (M5 with `x_l = i`).
const SKIP: u32 = u32::MAX;

/// A branching key: an unsigned integer of 32, 64 or 128 bits.
pub(crate) trait Key: Copy + Ord + Debug + Send + Sync + 'static {
    /// An inactive item's key, above every active one's.
    const INACTIVE: Self;
    /// The low bits of `v`.
    fn truncate(v: u128) -> Self;
    /// The key as a wide integer.
    fn wide(self) -> u128;
    /// `self + d`, wrapping.
    fn plus(self, d: Self) -> Self;
}

macro_rules! key {
    ($t:ty) => {
        impl Key for $t {
            const INACTIVE: $t = <$t>::MAX;
            #[inline(always)]
            fn truncate(v: u128) -> $t {
                v as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn plus(self, d: $t) -> $t {
                self.wrapping_add(d)
            }
        }
    };
}
key!(u32);
key!(u64);
key!(u128);

/// Bits needed to write `v`.
fn bits(v: u128) -> u32 {
    128 - v.leading_zeros()
}

/// How keys are packed for a problem, and its items' fixed bounds: read-only, shared.
#[derive(Debug)]
struct KeyCodec {
    /// Each primary item's `SLACK = v − u`.
    slack: Vec<u32>,
    /// Each primary item's upper bound `v` (its `BOUND` at the root).
    upper: Vec<u32>,
    /// The most options a primary item has (`LMAX`).
    lmax: u32,
    /// Added to `θ`, so that the field is never negative: the largest lower bound less one.
    bias: u64,
    /// Where the fields start: `LMAX − LEN`, `min(SLACK, BOUND)`, `θ + bias`.
    len_shift: u32,
    slack_shift: u32,
    theta_shift: u32,
    /// Masks of the item number and of `LMAX − LEN`, in place.
    item_mask: u128,
    len_mask: u128,
    /// Bits of the whole key.
    pub width: u32,
}

impl KeyCodec {
    /// The codec for `problem`'s primary items, whose longest list has `lmax` options.
    fn new(problem: &Problem, lmax: usize) -> Self {
        let n1 = problem.num_primary();
        let (mut slack, mut upper) = (Vec::with_capacity(n1), Vec::with_capacity(n1));
        let mut most_lower = 0u64;
        for k in 0..n1 {
            let ItemKind::Primary { lower, upper: v } = problem.item_kind(ItemId::new(k as u32))
            else {
                unreachable!("primary items come first")
            };
            slack.push(v - lower);
            upper.push(v);
            most_lower = most_lower.max(u64::from(lower));
        }
        let bias = most_lower.saturating_sub(1);
        let lmax = lmax as u32;
        let item_bits = bits(n1.saturating_sub(1) as u128);
        let len_bits = bits(u128::from(lmax));
        let slack_bits = bits(u128::from(slack.iter().copied().max().unwrap_or(0)));
        let theta_bits = bits(u128::from(lmax) + 1 + u128::from(bias));
        let len_shift = item_bits;
        let slack_shift = len_shift + len_bits;
        let theta_shift = slack_shift + slack_bits;
        KeyCodec {
            slack,
            upper,
            lmax,
            bias,
            len_shift,
            slack_shift,
            theta_shift,
            item_mask: (1u128 << item_bits) - 1,
            len_mask: ((1u128 << len_bits) - 1) << len_shift,
            width: theta_shift + theta_bits,
        }
    }

    /// The key of active item `j` with `len` live options and bound `bound` (> 0).
    #[inline(always)]
    fn pack<K: Key>(&self, j: u32, len: u32, bound: u32) -> K {
        let slack = self.slack[j as usize];
        // θ = LEN + 1 − monus(BOUND, SLACK) (≥ 1 − u, so θ + bias ≥ 0), s = min(SLACK, BOUND),
        // as the links engine's `choose_fewest_branches` computes them.
        let theta = u64::from(len) + 1 + self.bias - u64::from(bound.saturating_sub(slack));
        let s = slack.min(bound);
        K::truncate(
            u128::from(theta) << self.theta_shift
                | u128::from(s) << self.slack_shift
                | u128::from(self.lmax - len) << self.len_shift
                | u128::from(j),
        )
    }

    /// The item whose (active) key is `key`.
    #[inline(always)]
    fn item<K: Key>(&self, key: K) -> u32 {
        (key.wide() & self.item_mask) as u32
    }

    /// `LEN` of the item whose (active) key is `key`.
    #[inline(always)]
    fn len<K: Key>(&self, key: K) -> u32 {
        self.lmax - ((key.wide() & self.len_mask) >> self.len_shift) as u32
    }

    /// What killing one of an active item's options adds to its key: `θ` one less,
    /// `LMAX − LEN` one more.
    fn kill_delta<K: Key>(&self) -> K {
        K::truncate((1u128 << self.len_shift).wrapping_sub(1u128 << self.theta_shift))
    }

    /// The key type that holds this codec's keys: 32, 64 or 128 bits (a key must stay
    /// below the all-ones inactive key).
    fn key_bits(&self) -> u32 {
        if self.width < u32::BITS {
            32
        } else if self.width < u64::BITS {
            64
        } else {
            128
        }
    }
}

/// The Algorithm M search for `problem` (which has multiplicities, and no primary item in
/// more than 32,767 options) on `layout`, with the narrowest keys that hold its fields.
pub(super) fn search(problem: &Problem, layout: DenseLayout) -> super::Tallies {
    let codec = KeyCodec::new(problem, layout.longest);
    let (layout, bits) = (Arc::new(layout), codec.key_bits());
    let codec = Arc::new(codec);
    match bits {
        32 => super::Tallies::Multi32(MultiSearch::new(layout, codec)),
        64 => super::Tallies::Multi64(MultiSearch::new(layout, codec)),
        _ => super::Tallies::Multi128(MultiSearch::new(layout, codec)),
    }
}

/// One level: its item, the options of it live at M4 (in `cands`), its branches.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item chosen by M3.
    item: u32,
    /// The state this level chose in and applies its tweaks to.
    state: u32,
    /// Where the item's options live at M4 start in `cands`; `n` of them.
    start: u32,
    n: u32,
    /// True when the item is still active after M4 (its bound did not reach 0): M5's
    /// tweaks then kill the option in the level's state (Knuth's `hide`), and the skip
    /// branch makes the item inactive.
    active: bool,
    /// The option being tried, or [`SKIP`].
    option: u32,
}

/// The Algorithm M search of the dense engine, with keys of type `K`.
#[derive(Debug)]
pub(crate) struct MultiSearch<K: Key> {
    pub layout: Arc<DenseLayout>,
    codec: Arc<KeyCodec>,
    /// State `s`'s keys: `keys[s * n1..(s + 1) * n1]`.
    keys: Vec<K>,
    /// State `s`'s bounds, alongside.
    bound: Vec<u32>,
    /// State `s`'s live options: `live[s * words..(s + 1) * words]`.
    live: Vec<u64>,
    /// State `s`'s colours fixed on secondary items (0: none), when there are colours.
    fixed: Vec<u32>,
    /// State `s`'s active primary items.
    remaining: Vec<u32>,
    levels: Vec<Level>,
    /// The options each level may try, level after level.
    cands: Vec<u32>,
    /// Per level: the branch under way (1-based; 0 before the first).
    pos: Vec<u32>,
    /// Per level: its branches.
    deg: Vec<u32>,
    /// Work units only: per level, the counters when its branch under way began.
    snapshot: Vec<[u64; 3]>,
    level: usize,
    /// The state of the level about to be entered.
    state: usize,
    pub label: Label,
    pub preselected: Vec<OptionId>,
    /// Levels that hold the last solution found.
    solution_depth: usize,
    pub nodes: u64,
    updates: u64,
    pub solutions: u64,
    pub profile: Vec<u64>,
    /// Work units only: the search ends when it backs up past this level.
    floor: usize,
    /// Work units only: the last branch (1-based) the search may take at the floor.
    last: u32,
}

impl<K: Key> Clone for MultiSearch<K> {
    /// A copy; before it starts (a template with givens fixed) only the root state.
    fn clone(&self) -> Self {
        let whole = self.nodes != 0 || !self.levels.is_empty();
        let l = &self.layout;
        let root = |v: &[u32], stride: usize| -> Vec<u32> {
            if whole {
                v.to_vec()
            } else {
                let mut c = Vec::with_capacity(stride * 16);
                c.extend_from_slice(&v[..stride]);
                c
            }
        };
        let (n1, words) = (l.num_primary, l.words);
        let mut keys = Vec::with_capacity(if whole { self.keys.len() } else { n1 * 16 });
        keys.extend_from_slice(if whole { &self.keys } else { &self.keys[..n1] });
        let mut live = Vec::with_capacity(if whole { self.live.len() } else { words * 16 });
        live.extend_from_slice(if whole {
            &self.live
        } else {
            &self.live[..words]
        });
        MultiSearch {
            layout: Arc::clone(l),
            codec: Arc::clone(&self.codec),
            keys,
            bound: root(&self.bound, n1),
            live,
            fixed: root(&self.fixed, l.fixed_stride()),
            remaining: root(&self.remaining, 1),
            levels: self.levels.clone(),
            cands: self.cands.clone(),
            pos: self.pos.clone(),
            deg: self.deg.clone(),
            snapshot: self.snapshot.clone(),
            level: self.level,
            state: self.state,
            label: self.label,
            preselected: self.preselected.clone(),
            solution_depth: self.solution_depth,
            nodes: self.nodes,
            updates: self.updates,
            solutions: self.solutions,
            profile: if whole {
                self.profile.clone()
            } else {
                vec![0; 16]
            },
            floor: self.floor,
            last: self.last,
        }
    }
}

/// A state's slices, as the steps that change it take them.
struct State<'a, K> {
    keys: &'a mut [K],
    bound: &'a mut [u32],
    live: &'a mut [u64],
    fixed: &'a mut [u32],
    remaining: &'a mut u32,
}

/// What applying options needs of the layout, borrowed once per run.
struct Ops<'a, K> {
    layout: &'a DenseLayout,
    codec: &'a KeyCodec,
    rows: PrimaryRows<'a>,
    /// [`KeyCodec::kill_delta`].
    delta: K,
}

impl<K: Key> Ops<'_, K> {
    /// Kills live option `o`: one option fewer for each of its primary items.
    #[inline(always)]
    fn kill(&self, st: &mut State<'_, K>, o: u32) {
        st.live[o as usize / 64] &= !(1u64 << (o % 64));
        self.lower(st.keys, o);
    }

    /// One option fewer for each primary item of option `o`, which is no longer live.
    #[inline(always)]
    fn lower(&self, keys: &mut [K], o: u32) {
        for &k in self.rows.of_option_with::<0>(o) {
            keys[k as usize] = keys[k as usize].plus(self.delta);
        }
    }

    /// `cover(j)`'s kills: every live option of item `j`; returns how many.
    #[inline(always)]
    fn kill_all(&self, st: &mut State<'_, K>, j: u32) -> u64 {
        let l = self.layout;
        let mut killed = 0;
        for m in l.mask_range(j) {
            let w = l.mask_word[m] as usize;
            let mut dying = st.live[w] & l.mask_bits[m];
            st.live[w] ^= dying;
            while dying != 0 {
                killed += 1;
                self.lower(st.keys, w as u32 * 64 + dying.trailing_zeros());
                dying &= dying - 1;
            }
        }
        killed
    }

    /// Lowers primary item `j`'s bound by one (M4, M6): covered when it reaches 0, its key
    /// repacked otherwise. Returns the updates.
    #[inline(always)]
    fn lower_bound(&self, st: &mut State<'_, K>, j: u32) -> u64 {
        let b = st.bound[j as usize] - 1;
        st.bound[j as usize] = b;
        if b == 0 {
            // cover(j): its live options go, then it leaves the active items (after the
            // kills, which lower its own key too).
            let killed = self.kill_all(st, j);
            st.keys[j as usize] = K::INACTIVE;
            *st.remaining -= 1;
            1 + killed
        } else {
            let len = self.codec.len(st.keys[j as usize]);
            st.keys[j as usize] = self.codec.pack(j, len, b);
            0
        }
    }

    /// M6 for option `o`: every item of it but `skip` is committed (a primary item's bound
    /// lowered, a secondary item covered or purified). Returns the updates.
    #[inline(always)]
    fn commit_others(&self, st: &mut State<'_, K>, o: u32, skip: u32) -> u64 {
        let l = self.layout;
        let n1 = l.num_primary as u32;
        let mut updates = 0;
        for e in l.option_range(o) {
            let j = l.option_items[e];
            if j == skip {
                continue;
            }
            if j < n1 {
                updates += self.lower_bound(st, j);
                continue;
            }
            let c = if l.has_colors { l.option_colors[e] } else { 0 };
            if c == 0 {
                updates += 1 + self.kill_all(st, j);
                continue;
            }
            // Purify j: only the live options that give it another colour go.
            let f = &mut st.fixed[(j - n1) as usize];
            if *f == c {
                continue;
            }
            *f = c;
            updates += 1;
            for u in l.item_range(j) {
                let p = l.item_options[u];
                let (w, bit) = (p as usize / 64, 1u64 << (p % 64));
                if st.live[w] & bit == 0 || l.item_option_colors[u] == c {
                    continue;
                }
                updates += 1;
                self.kill(st, p);
            }
        }
        updates
    }
}

impl<K: Key> MultiSearch<K> {
    /// A search at the root of `layout`'s problem (with multiplicities), keys by `codec`.
    fn new(layout: Arc<DenseLayout>, codec: Arc<KeyCodec>) -> Self {
        let n1 = layout.num_primary;
        let keys = (0..n1)
            .map(|j| {
                let len = layout.item_range(j as u32).len() as u32;
                codec.pack(j as u32, len, codec.upper[j])
            })
            .collect();
        let mut live = vec![u64::MAX; layout.words];
        if layout.num_options % 64 != 0 {
            live[layout.words - 1] = (1u64 << (layout.num_options % 64)) - 1;
        }
        MultiSearch {
            keys,
            bound: codec.upper.clone(),
            live,
            fixed: vec![0; layout.fixed_stride()],
            remaining: vec![n1 as u32],
            levels: Vec::new(),
            cands: Vec::new(),
            pos: Vec::new(),
            deg: Vec::new(),
            snapshot: Vec::new(),
            level: 0,
            state: 0,
            label: Label::Enter,
            preselected: Vec::new(),
            solution_depth: 0,
            nodes: 0,
            updates: 0,
            solutions: 0,
            profile: Vec::new(),
            floor: 0,
            last: u32::MAX,
            layout,
            codec,
        }
    }

    /// Updates so far.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// The ways to apply options, borrowed from `layout` and `codec`.
    fn ops<'a>(layout: &'a DenseLayout, codec: &'a KeyCodec) -> Ops<'a, K> {
        Ops {
            layout,
            codec,
            rows: PrimaryRows::of(layout),
            delta: codec.kill_delta(),
        }
    }

    /// State `s`'s slices.
    #[inline(always)]
    fn state_mut(&mut self, s: usize) -> State<'_, K> {
        let (n1, words, sec) = (
            self.layout.num_primary,
            self.layout.words,
            self.layout.fixed_stride(),
        );
        State {
            keys: &mut self.keys[s * n1..(s + 1) * n1],
            bound: &mut self.bound[s * n1..(s + 1) * n1],
            live: &mut self.live[s * words..(s + 1) * words],
            fixed: &mut self.fixed[s * sec..(s + 1) * sec],
            remaining: &mut self.remaining[s],
        }
    }

    /// Makes state `s + 1` a copy of state `s`.
    #[inline(always)]
    fn copy_down(&mut self, s: usize) {
        fn copy<V: Copy>(v: &mut Vec<V>, s: usize, stride: usize) {
            let from = s * stride..(s + 1) * stride;
            if v.len() == from.end {
                v.extend_from_within(from);
            } else {
                v.copy_within(from, (s + 1) * stride);
            }
        }
        let l = &self.layout;
        copy(&mut self.keys, s, l.num_primary);
        copy(&mut self.bound, s, l.num_primary);
        copy(&mut self.live, s, l.words);
        copy(&mut self.remaining, s, 1);
        let secondaries = l.fixed_stride();
        if secondaries != 0 {
            copy(&mut self.fixed, s, secondaries);
        }
    }

    /// True when option `o` is live at the root.
    fn is_live_at_root(&self, o: u32) -> bool {
        self.live[o as usize / 64] >> (o % 64) & 1 == 1
    }

    /// Fixes option `option` before the search starts, as if it had been chosen: it is no
    /// longer live, its primary items' bounds go down (covered at 0), its secondary items
    /// are committed.
    pub fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        if self.label != Label::Enter || self.level != 0 || self.nodes != 0 {
            return Err(PreselectError::AlreadyStarted);
        }
        if option.index() >= self.layout.num_options {
            return Err(PreselectError::UnknownOption(option));
        }
        let o = option.0;
        if !self.is_live_at_root(o) {
            return Err(PreselectError::Conflict(option));
        }
        let layout = Arc::clone(&self.layout);
        let codec = Arc::clone(&self.codec);
        let ops = Self::ops(&layout, &codec);
        let n1 = layout.num_primary as u32;
        let mut st = self.state_mut(0);
        let primaries = layout.option_range(o).map(|e| layout.option_items[e]);
        if primaries
            .filter(|&j| j < n1)
            .any(|j| st.bound[j as usize] == 0)
        {
            return Err(PreselectError::Conflict(option));
        }
        ops.kill(&mut st, o);
        let updates = 1 + ops.commit_others(&mut st, o, u32::MAX);
        self.updates += updates;
        self.preselected.push(option);
        Ok(())
    }

    /// The options of the solution just found: the preselected ones, then one per level
    /// (none for a level that took its skip branch).
    pub fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.extend_from_slice(&self.preselected);
        out.extend(
            self.levels[..self.solution_depth]
                .iter()
                .filter(|lv| lv.option != SKIP)
                .map(|lv| OptionId(lv.option)),
        );
    }

    /// Runs until a solution (unless `limits.count_through`), the end of the tree, or a
    /// limit.
    pub fn run(&mut self, limits: &Limits) -> Step {
        self.run_with::<false>(limits)
    }

    /// Like [`run`](Self::run), for a work unit: ends when it backs up past its floor or
    /// would take a branch past `last` there, and keeps each level's counters at the start
    /// of its branch.
    pub fn run_unit(&mut self, limits: &Limits) -> Step {
        self.run_with::<true>(limits)
    }

    /// M2–M4 for the level about to be entered (its state `self.state`): choose the item,
    /// lower its bound, note its live options and branches. Returns the updates, or `None`
    /// when no primary item is active (a solution).
    #[inline(always)]
    fn enter_level(&mut self, ops: &Ops<'_, K>, level: usize) -> Option<u64> {
        let s = self.state;
        let n1 = ops.layout.num_primary;
        if self.remaining[s] == 0 {
            return None;
        }
        // M3: the least key is DLX3's choice.
        let best = *self.keys[s * n1..(s + 1) * n1]
            .iter()
            .min()
            .expect("an active item");
        let codec = ops.codec;
        let i = codec.item(best);
        let n = codec.len(best);
        // Note i's live options (the list M5 walks), in input order.
        let start = match level.checked_sub(1) {
            Some(up) => self.levels[up].start + self.levels[up].n,
            None => 0,
        };
        self.cands.truncate(start as usize);
        let l = ops.layout;
        let words = l.words;
        let live = &self.live[s * words..(s + 1) * words];
        for m in l.mask_range(i) {
            let w = l.mask_word[m];
            let mut bits = live[w as usize] & l.mask_bits[m];
            while bits != 0 {
                self.cands.push(w * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        debug_assert_eq!(self.cands.len() - start as usize, n as usize);
        // M4: prepare to branch on i.
        let mut st = self.state_mut(s);
        let updates = ops.lower_bound(&mut st, i);
        let b = st.bound[i as usize];
        // M5's test passes for branch k while n − (k − 1) + SLACK > BOUND.
        let slack = i64::from(codec.slack[i as usize]);
        let d = (i64::from(n) + slack - i64::from(b)).clamp(0, i64::from(n) + 1) as u32;
        let lv = Level {
            item: i,
            state: s as u32,
            start,
            n,
            active: b != 0,
            option: 0,
        };
        if level == self.levels.len() {
            self.levels.push(lv);
            self.pos.push(0);
            self.deg.push(d);
            self.snapshot.push([0; 3]);
        } else {
            self.levels[level] = lv;
            self.pos[level] = 0;
            self.deg[level] = d;
        }
        Some(updates)
    }

    /// M5–M6 for branch `k` (1-based, at most the level's branches) of `level`: the tweak
    /// in the level's state, then the option applied to state `t` (the level's own, or a
    /// copy one below it). Returns the updates.
    #[inline(always)]
    fn take(&mut self, ops: &Ops<'_, K>, level: usize, k: u32, t: usize) -> u64 {
        let lv = self.levels[level];
        let s = lv.state as usize;
        let mut updates = 0;
        if k <= lv.n {
            let x = self.cands[(lv.start + k - 1) as usize];
            if lv.active {
                // M5: tweak(x, i), hiding x: it goes for the rest of this level.
                ops.kill(&mut self.state_mut(s), x);
                updates += 1;
            }
            if t != s {
                self.copy_down(s);
            }
            // M6: commit the other items of x.
            updates += ops.commit_others(&mut self.state_mut(t), x, lv.item);
            self.levels[level].option = x;
        } else {
            // M5 with x_l = i: i gets no more options (every one of them was tweaked).
            debug_assert_eq!(t, s);
            if lv.active {
                let st = self.state_mut(t);
                st.keys[lv.item as usize] = K::INACTIVE;
                *st.remaining -= 1;
            }
            self.levels[level].option = SKIP;
        }
        updates
    }

    /// The loop (M2–M9), a label machine so that it can stop at a solution or a limit and
    /// resume. With `UNIT`, the floor and the last branch there bound it.
    fn run_with<const UNIT: bool>(&mut self, limits: &Limits) -> Step {
        let layout = Arc::clone(&self.layout);
        let codec = Arc::clone(&self.codec);
        let ops = Self::ops(&layout, &codec);
        let floor = if UNIT { self.floor } else { 0 };
        let mut level = self.level;
        let mut label = self.label;
        let mut nodes = self.nodes;
        let mut updates = self.updates;
        let mut solutions = self.solutions;
        let next_check = |nodes: u64| limits.node_budget.min(nodes.next_multiple_of(0x400));
        let mut check_at = next_check(nodes);
        let step = loop {
            match label {
                Label::Enter => {
                    // M2: enter level l.
                    if nodes >= check_at {
                        if let Some(reason) = limits.check(nodes) {
                            break Step::Interrupted(reason);
                        }
                        check_at = next_check(nodes + 1);
                    }
                    nodes += 1;
                    bump(&mut self.profile, level);
                    // M3, M4.
                    match self.enter_level(&ops, level) {
                        Some(u) => {
                            updates += u;
                            label = Label::Next;
                        }
                        None => {
                            // No primary item left at the root: this node is the solution.
                            solutions += 1;
                            self.solution_depth = level;
                            label = Label::Up;
                            if !limits.count_through {
                                break Step::Solution;
                            }
                        }
                    }
                }
                Label::Next => {
                    // M7 (nothing to undo: the branch below had its own state, or was
                    // the level's last), then M5 for the next branch.
                    let k = self.pos[level] + 1;
                    if k > self.deg[level] || UNIT && level == floor && k > self.last {
                        label = Label::Up;
                        continue;
                    }
                    self.pos[level] = k;
                    if UNIT {
                        self.snapshot[level] = [nodes, updates, solutions];
                    }
                    let s = self.levels[level].state as usize;
                    // The level's last branch is applied to its own state.
                    let t = if k == self.deg[level] { s } else { s + 1 };
                    updates += self.take(&ops, level, k, t);
                    if self.remaining[t] == 0 {
                        // M6 found every primary item satisfied: a solution node.
                        nodes += 1;
                        bump(&mut self.profile, level + 1);
                        solutions += 1;
                        self.solution_depth = level + 1;
                        if !limits.count_through {
                            break Step::Solution;
                        }
                        continue;
                    }
                    level += 1;
                    self.state = t;
                    label = Label::Enter;
                }
                Label::Up => {
                    // M8 (nothing to restore), M9: leave level l.
                    if level == floor {
                        label = Label::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    label = Label::Next;
                }
                Label::Done => break Step::Exhausted,
            }
        };
        self.level = level;
        self.label = label;
        self.nodes = nodes;
        self.updates = updates;
        self.solutions = solutions;
        step
    }
}

/// One more node at `level` in `profile`.
#[inline(always)]
fn bump(profile: &mut Vec<u64>, level: usize) {
    match profile.get_mut(level) {
        Some(entered) => *entered += 1,
        None => {
            profile.resize(level, 0);
            profile.push(1);
        }
    }
}

/// Work units (`unit.rs`): replaying a unit's path without counting, confining the search
/// below it, and reading or narrowing where it has got to, as the links engine's
/// `Search` does for Algorithm M; branches are numbered alike (the options of the item
/// live at M4 in input order, then the skip branch), so a unit names the same subtree on
/// both engines.
impl<K: Key> MultiSearch<K> {
    /// M2–M4 without counting: enter `level` (the state is the current one), choose its
    /// item and lower its bound.
    pub fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        let layout = Arc::clone(&self.layout);
        let codec = Arc::clone(&self.codec);
        let ops = Self::ops(&layout, &codec);
        self.levels.truncate(level);
        self.pos.truncate(level);
        self.deg.truncate(level);
        self.snapshot.truncate(level);
        if self.enter_level(&ops, level).is_none() {
            return Err(UnitError::PathThroughLeaf { level });
        }
        self.level = level;
        Ok(())
    }

    /// Moves past `n` branches at `level` without exploring them (making the tweaks those
    /// branches make); at least one must be left after them.
    pub fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        let layout = Arc::clone(&self.layout);
        let codec = Arc::clone(&self.codec);
        let ops = Self::ops(&layout, &codec);
        for _ in 0..n {
            let branch = self.pos[level] + 1;
            let lv = self.levels[level];
            if branch >= self.deg[level] || branch > lv.n {
                return Err(UnitError::NoSuchBranch { level, branch });
            }
            if lv.active {
                let x = self.cands[(lv.start + branch - 1) as usize];
                ops.kill(&mut self.state_mut(lv.state as usize), x);
            }
            self.pos[level] = branch;
        }
        Ok(())
    }

    /// M5–M6 without counting: take the next branch at `level` and go down, in the level's
    /// own state (a unit never comes back above its floor).
    pub fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        let layout = Arc::clone(&self.layout);
        let codec = Arc::clone(&self.codec);
        let ops = Self::ops(&layout, &codec);
        let branch = self.pos[level] + 1;
        if branch > self.deg[level] {
            return Err(UnitError::NoSuchBranch { level, branch });
        }
        self.pos[level] = branch;
        let s = self.levels[level].state as usize;
        self.take(&ops, level, branch, s);
        self.state = s;
        if self.remaining[s] == 0 {
            return Err(UnitError::PathThroughLeaf { level: level + 1 });
        }
        Ok(())
    }

    /// Confines the search to the branches of `level` from the next one to `last`
    /// (1-based), with its counters at zero.
    pub fn confine(&mut self, level: usize, last: u32) {
        self.floor = level;
        self.level = level;
        self.last = last;
        self.state = self.levels[level].state as usize;
        self.label = Label::Next;
        (self.nodes, self.updates, self.solutions) = (0, 0, 0);
        self.profile.iter_mut().for_each(|p| *p = 0);
    }

    /// Narrows the search to the branches of `level` up to `keep` and restarts its
    /// counters from the start of the branch now taken there, which it returns.
    pub fn narrow(&mut self, level: usize, keep: u32) -> [u64; 3] {
        let closed @ [nodes, updates, solutions] = self.snapshot[level];
        self.floor = level;
        self.last = keep;
        self.nodes -= nodes;
        self.updates -= updates;
        self.solutions -= solutions;
        for snap in &mut self.snapshot[level..] {
            snap[0] = snap[0].saturating_sub(nodes);
            snap[1] = snap[1].saturating_sub(updates);
            snap[2] = snap[2].saturating_sub(solutions);
        }
        self.profile.iter_mut().for_each(|p| *p = 0);
        closed
    }

    /// Where the search stands, for the unit's cut, split and progress.
    pub fn unit_view(&self) -> UnitView<'_> {
        let level = self.level;
        let (entering, split_top, progress_top) = match self.label {
            Label::Enter => (Some(level), level.checked_sub(1), level.checked_sub(1)),
            Label::Next => (None, None, Some(level)),
            Label::Up => (None, None, level.checked_sub(1)),
            Label::Done => (None, None, None),
        };
        UnitView {
            counters: [self.nodes, self.updates, self.solutions],
            done: self.label == Label::Done,
            floor: self.floor,
            last: self.last,
            positions: &self.pos,
            degrees: &self.deg,
            snapshots: &self.snapshot,
            entering,
            split_top,
            progress_top,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Count, DenseSolver, Solver};

    /// Solutions, nodes and profile of both engines on `text`, and their solutions in order.
    fn agree(text: &str) {
        let p = crate::format::parse(text).unwrap();
        let summary = |c: Count| (c.solutions, c.stop, c.stats.nodes, c.stats.profile);
        let dense = DenseSolver::try_new(&p).unwrap();
        assert_eq!(summary(dense.count()), summary(Solver::new(&p).count()));
        let a: Vec<_> = DenseSolver::try_new(&p).unwrap().solutions().collect();
        let b: Vec<_> = Solver::new(&p).solutions().collect();
        assert_eq!(a, b);
    }

    #[test]
    fn knuths_examples_search_the_links_engines_tree() {
        for text in [
            include_str!("../../tests/data/mult.dlx"),
            include_str!("../../tests/data/kd1.dlx"),
            include_str!("../../tests/data/kd2.dlx"),
        ] {
            agree(text);
        }
    }
}
