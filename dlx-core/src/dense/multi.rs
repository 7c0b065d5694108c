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
//! of `BOUND` repacks the key. Keys are 16, 32, 64 or 128 bits, the narrowest that holds
//! the fields for the problem at hand ([`KeyCodec`]; a Knightdoku's take 14).
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
use crate::engine::PreselectError;
use crate::engine::{Counters, Limits, Step, UnitError, UnitView};
use crate::problem::{ItemId, ItemKind, OptionId, Problem};

/// The `option` of a level trying its skip branch (M5 with `x_l = i`).
const SKIP: u32 = u32::MAX;

/// A branching key: an integer of 16, 32, 64 or 128 bits. The narrow ones are signed, so
/// that M3's minimum is SSE2's `pminsw` (16 bits) or a compare and select (32 bits); their
/// keys and bounds stay below the sign bit.
pub(crate) trait Key: Copy + Ord + Debug + Send + Sync + 'static {
    /// An inactive item's key, above every active one's.
    const INACTIVE: Self;
    /// Keys of fewer bits than this, and bounds below `2^WIDTH`, fit.
    const WIDTH: u32;
    /// The low bits of `v`.
    fn truncate(v: u128) -> Self;
    /// The key as a wide integer.
    fn wide(self) -> u128;
    /// `self + d`, wrapping.
    fn plus(self, d: Self) -> Self;
}

macro_rules! key {
    ($t:ty, $unsigned:ty, $width:expr) => {
        impl Key for $t {
            const INACTIVE: $t = <$t>::MAX;
            const WIDTH: u32 = $width;
            #[inline(always)]
            fn truncate(v: u128) -> $t {
                v as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as $unsigned as u128
            }
            #[inline(always)]
            fn plus(self, d: $t) -> $t {
                self.wrapping_add(d)
            }
        }
    };
}
key!(i16, u16, 15);
key!(i32, u32, 31);
key!(u64, u64, 64);
key!(u128, u128, 128);

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
        if K::WIDTH <= 64 {
            // In 64 bits (shifts of a 128-bit integer by a variable cost a few more
            // instructions, at every bound lowered).
            K::truncate(u128::from(
                theta << self.theta_shift
                    | u64::from(s) << self.slack_shift
                    | u64::from(self.lmax - len) << self.len_shift
                    | u64::from(j),
            ))
        } else {
            K::truncate(
                u128::from(theta) << self.theta_shift
                    | u128::from(s) << self.slack_shift
                    | u128::from(self.lmax - len) << self.len_shift
                    | u128::from(j),
            )
        }
    }

    /// The item whose (active) key is `key`.
    #[inline(always)]
    fn item<K: Key>(&self, key: K) -> u32 {
        if K::WIDTH <= 64 {
            (key.wide() as u64 & self.item_mask as u64) as u32
        } else {
            (key.wide() & self.item_mask) as u32
        }
    }

    /// `LEN` of the item whose (active) key is `key`.
    #[inline(always)]
    fn len<K: Key>(&self, key: K) -> u32 {
        let field = if K::WIDTH <= 64 {
            (key.wide() as u64 & self.len_mask as u64) >> self.len_shift
        } else {
            ((key.wide() & self.len_mask) >> self.len_shift) as u64
        };
        self.lmax - field as u32
    }

    /// What killing one of an active item's options adds to its key: `θ` one less,
    /// `LMAX − LEN` one more.
    fn kill_delta<K: Key>(&self) -> K {
        K::truncate((1u128 << self.len_shift).wrapping_sub(1u128 << self.theta_shift))
    }

    /// What lowering an active item's bound from `BOUND` to `BOUND − 1` (still above 0)
    /// adds to its key: `θ` one more when `BOUND > SLACK` (the monus falls by one), else
    /// `min(SLACK, BOUND)` one less. The first and the second of the pair.
    fn bound_deltas<K: Key>(&self) -> (K, K) {
        (
            K::truncate(1u128 << self.theta_shift),
            K::truncate(0u128.wrapping_sub(1u128 << self.slack_shift)),
        )
    }

    /// The key type that holds this codec's keys and bounds: 16, 32, 64 or 128 bits (a key
    /// must stay below the inactive one, all ones but the sign bit when signed).
    fn key_bits(&self) -> u32 {
        let fits = |width: u32| {
            self.width < width && self.upper.iter().all(|&v| u128::from(v) < 1 << width)
        };
        if fits(i16::WIDTH) {
            16
        } else if fits(i32::WIDTH) {
            32
        } else if fits(u64::WIDTH) {
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
    let bits = codec.key_bits();
    let tables = Arc::new(Tables::new(codec, &layout));
    let layout = Arc::new(layout);
    match bits {
        16 => super::Tallies::Multi16(MultiSearch::new(layout, tables)),
        32 => super::Tallies::Multi32(MultiSearch::new(layout, tables)),
        64 => super::Tallies::Multi64(MultiSearch::new(layout, tables)),
        _ => super::Tallies::Multi128(MultiSearch::new(layout, tables)),
    }
}

/// Keys in a state are scanned by M3 this many at a time (padded with inactive ones).
const KEY_CHUNK: usize = 16;

/// The search's read-only tables beside the layout: the key codec, where a state's parts
/// lie, and each option's primary items at a fixed stride.
#[derive(Debug)]
pub(crate) struct Tables {
    codec: KeyCodec,
    /// Keys M3 scans: one per primary item, then inactive ones up to a whole chunk.
    scan: usize,
    /// A state's block of keys: `scan` keys, a spare one at `scan` (what pads the rows of
    /// `prim` names; nobody reads it), then each primary item's `BOUND` (as a key-sized
    /// integer).
    block: usize,
    /// Option `o`'s primary items: `prim[o * pstride]` of them, from `o * pstride + 1` on
    /// (each row has room for the most any option has; `pstride` is a power of two).
    prim: Vec<u32>,
    pstride: usize,
    /// Item `k`'s options as a window of the live set: `window[k] = [first, count, at]`,
    /// the masks of words `first..first + count` being `window_bits[at..at + count]` (a
    /// word without options of `k` inside the window has an empty mask). Read without a
    /// word number per mask.
    window: Vec<[u32; 3]>,
    window_bits: Vec<u64>,
    /// A state's words of live options: the layout's, or two when it has fewer.
    words: usize,
    /// When the live set is at most two words (128 options): item `k`'s options as the
    /// masks of both, `pair[k]` (a state's live set is then two words, the second one
    /// empty for 64 options or fewer), read without a window; else empty.
    pair: Vec<[u64; 2]>,
    /// True when the problem has secondary items (M6 commits them too).
    secondary: bool,
}

impl Tables {
    fn new(codec: KeyCodec, layout: &DenseLayout) -> Self {
        let n1 = layout.num_primary;
        let scan = n1.next_multiple_of(KEY_CHUNK).max(KEY_CHUNK);
        let rows = PrimaryRows::of(layout);
        let most = (0..layout.num_options as u32)
            .map(|o| rows.of_option_with::<0>(o).len())
            .max()
            .unwrap_or(0);
        // A power of two, so that a row starts at a shift of the option's number.
        let pstride = (most + 1).next_power_of_two();
        let mut prim = Vec::with_capacity(layout.num_options * pstride);
        for o in 0..layout.num_options as u32 {
            let items = rows.of_option_with::<0>(o);
            prim.push(items.len() as u32);
            prim.extend_from_slice(items);
            prim.extend((items.len()..pstride - 1).map(|_| scan as u32));
        }
        let mut window = Vec::with_capacity(layout.num_items);
        let mut window_bits = Vec::new();
        for k in 0..layout.num_items as u32 {
            let m = layout.mask_range(k);
            let (words, bits) = (&layout.mask_word[m.clone()], &layout.mask_bits[m]);
            let (first, count) = match (words.first(), words.last()) {
                (Some(&first), Some(&last)) => (first, last - first + 1),
                _ => (0, 0),
            };
            let at = window_bits.len();
            window.push([first, count, at as u32]);
            window_bits.resize(at + count as usize, 0);
            for (&w, &b) in words.iter().zip(bits) {
                window_bits[at + (w - first) as usize] = b;
            }
        }
        let pair = if layout.words <= 2 {
            (0..layout.num_items as u32)
                .map(|k| {
                    let m = layout.mask_range(k);
                    let mut pair = [0; 2];
                    for (&w, &b) in layout.mask_word[m.clone()].iter().zip(&layout.mask_bits[m]) {
                        pair[w as usize] = b;
                    }
                    pair
                })
                .collect()
        } else {
            Vec::new()
        };
        Tables {
            pair,
            words: if layout.words <= 2 { 2 } else { layout.words },
            window,
            window_bits,
            secondary: layout.num_items > n1,
            codec,
            scan,
            block: scan + 1 + n1,
            prim,
            pstride,
        }
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
    /// Primary items active in the level's state after M4 (M5's tweaks change none).
    remaining: u32,
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
    tables: Arc<Tables>,
    /// State `s`'s keys and bounds: `keys[s * block..(s + 1) * block]` (see
    /// [`Tables::block`]).
    keys: Vec<K>,
    /// State `s`'s live options: `live[s * words..(s + 1) * words]`.
    live: Vec<u64>,
    /// State `s`'s colours fixed on secondary items (0: none), when there are colours.
    fixed: Vec<u32>,
    /// Primary items active in the state about to be entered.
    remaining: u32,
    levels: Vec<Level>,
    /// The options each level may try, level after level.
    cands: Vec<u32>,
    /// Per level: the branch under way (1-based; 0 before the first).
    pos: Vec<u32>,
    /// Per level: its branches.
    deg: Vec<u32>,
    /// Work units only: per level, the counters when its branch under way began.
    snapshot: Vec<Counters>,
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

/// States a copied search starts with room for.
const ROOM: usize = 32;

/// The first `stride` elements of `v` with room for [`ROOM`] strides, or all of `v` when
/// `whole`.
fn root_or_all<V: Copy>(v: &[V], stride: usize, whole: bool) -> Vec<V> {
    let keep = if whole { v.len() } else { stride };
    let mut copy = Vec::with_capacity(keep.max(ROOM * stride));
    copy.extend_from_slice(&v[..keep]);
    copy
}

impl<K: Key> Clone for MultiSearch<K> {
    /// A copy; before it starts (a template with givens fixed) only the root state.
    fn clone(&self) -> Self {
        let whole = self.nodes != 0 || !self.levels.is_empty();
        let l = &self.layout;
        MultiSearch {
            layout: Arc::clone(l),
            tables: Arc::clone(&self.tables),
            keys: root_or_all(&self.keys, self.tables.block, whole),
            live: root_or_all(&self.live, self.tables.words, whole),
            fixed: root_or_all(&self.fixed, l.fixed_stride(), whole),
            remaining: self.remaining,
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
                vec![0; ROOM]
            },
            floor: self.floor,
            last: self.last,
        }
    }
}

/// A state's slices, as the steps that change it take them, and its active primary items.
struct State<'a, K> {
    /// Keys, the spare key, bounds ([`Tables::block`]).
    keys: &'a mut [K],
    live: &'a mut [u64],
    /// The fixed colours of every state, this state's from `fixed_at` on.
    fixed: &'a mut [u32],
    fixed_at: usize,
    remaining: u32,
}

/// State `$s` of search `$search` with `$remaining` active primary items, as a [`State`]
/// borrowing only the search's `keys`, `live` and `fixed` (its levels and candidates stay
/// free), with the strides of `$ops`.
macro_rules! state {
    ($search:expr, $ops:expr, $s:expr, $remaining:expr) => {{
        let (s, ops) = ($s, &$ops);
        State {
            keys: &mut $search.keys[s * ops.block..(s + 1) * ops.block],
            live: &mut $search.live[s * ops.words..(s + 1) * ops.words],
            // Sliced by the purification that reads it (rare), not here.
            fixed: &mut $search.fixed,
            fixed_at: s * ops.colors,
            remaining: $remaining,
        }
    }};
}

/// What applying options needs, borrowed once per run.
struct Ops<'a, K> {
    /// A state's keys and bounds ([`Tables::block`]), words of live options and fixed
    /// colours.
    block: usize,
    words: usize,
    colors: usize,
    /// Keys M3 scans ([`Tables::scan`]).
    scan: usize,
    layout: &'a DenseLayout,
    /// [`Tables::window`], [`Tables::window_bits`].
    window: &'a [[u32; 3]],
    window_bits: &'a [u64],
    /// [`Tables::pair`].
    pair: &'a [[u64; 2]],
    secondary: bool,
    codec: &'a KeyCodec,
    prim: &'a [u32],
    /// `pstride = 1 << pshift` ([`Tables::prim`]).
    pshift: u32,
    /// Where the bounds start in a state's block.
    bounds: usize,
    /// [`KeyCodec::kill_delta`].
    delta: K,
    /// [`KeyCodec::bound_deltas`].
    theta_up: K,
    slack_down: K,
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
        for &k in self.row(o) {
            keys[k as usize] = keys[k as usize].plus(self.delta);
        }
    }

    /// Option `o`'s primary items, from its row in [`Tables::prim`].
    #[inline(always)]
    fn row(&self, o: u32) -> &[u32] {
        let at = (o as usize) << self.pshift;
        let row = &self.prim[at..at + (1 << self.pshift)];
        let (&len, items) = row.split_first().expect("a row");
        &items[..len as usize]
    }

    /// `cover(j)`'s kills: every live option of item `j`; returns how many.
    #[inline(always)]
    fn kill_all(&self, st: &mut State<'_, K>, j: u32) -> u64 {
        /// The kills of a run of words numbered from `first`, with their masks of `j`.
        #[inline(always)]
        fn kill_words<'w, K: Key>(
            ops: &Ops<'_, K>,
            keys: &mut [K],
            first: u32,
            words: impl Iterator<Item = (&'w mut u64, &'w u64)>,
        ) -> u64 {
            let mut killed = 0;
            for (w, (live, &bits)) in (first..).zip(words) {
                let mut dying = *live & bits;
                *live ^= dying;
                while dying != 0 {
                    killed += 1;
                    ops.lower(keys, w * 64 + dying.trailing_zeros());
                    dying &= dying - 1;
                }
            }
            killed
        }
        if let (Ok(live), Some(masks)) = (
            <&mut [u64; 2]>::try_from(&mut *st.live),
            self.pair.get(j as usize),
        ) {
            return kill_words(self, st.keys, 0, live.iter_mut().zip(masks));
        }
        let (live, bits, first) = self.window(st.live, j);
        kill_words(self, st.keys, first, live.iter_mut().zip(bits))
    }

    /// Item `j`'s window of the live set `live`: its words, their masks of `j`'s options,
    /// and the first word's number.
    #[inline(always)]
    fn window<'l>(&self, live: &'l mut [u64], j: u32) -> (&'l mut [u64], &[u64], u32) {
        let [first, count, at] = self.window[j as usize];
        (
            &mut live[first as usize..][..count as usize],
            &self.window_bits[at as usize..][..count as usize],
            first,
        )
    }

    /// Primary item `j`'s bound in `st`.
    #[inline(always)]
    fn bound(&self, st: &State<'_, K>, j: u32) -> u32 {
        st.keys[self.bounds + j as usize].wide() as u32
    }

    /// Lowers primary item `j`'s bound by one (M4, M6): covered when it reaches 0, its key
    /// repacked otherwise. Returns the updates.
    #[inline(always)]
    fn lower_bound(&self, st: &mut State<'_, K>, j: u32) -> u64 {
        let b = self.bound(st, j) - 1;
        st.keys[self.bounds + j as usize] = K::truncate(u128::from(b));
        if b == 0 {
            // cover(j): its live options go, then it leaves the active items (after the
            // kills, which lower its own key too).
            let killed = self.kill_all(st, j);
            st.keys[j as usize] = K::INACTIVE;
            st.remaining -= 1;
            1 + killed
        } else {
            // The key changes by a constant: no need to unpack and repack it.
            let d = if b >= self.codec.slack[j as usize] {
                self.theta_up
            } else {
                self.slack_down
            };
            st.keys[j as usize] = st.keys[j as usize].plus(d);
            0
        }
    }

    /// M6 for option `o`: every item of it but `skip` is committed (a primary item's bound
    /// lowered, a secondary item covered or purified). Returns the updates.
    #[inline(always)]
    fn commit_others(&self, st: &mut State<'_, K>, o: u32, skip: u32) -> u64 {
        let mut updates = 0;
        // The primary items (a bound lowered), from the option's row.
        for &j in self.row(o) {
            if j != skip {
                updates += self.lower_bound(st, j);
            }
        }
        if !self.secondary {
            return updates;
        }
        // Then the secondary ones (the order of the commits changes no kill: each kills
        // options, each at most once, and lowers keys for them).
        let l = self.layout;
        let n1 = l.num_primary as u32;
        for e in l.option_range(o) {
            let j = l.option_items[e];
            if j < n1 {
                continue;
            }
            let c = if l.has_colors { l.option_colors[e] } else { 0 };
            if c == 0 {
                updates += 1 + self.kill_all(st, j);
                continue;
            }
            // Purify j: only the live options that give it another colour go.
            let f = &mut st.fixed[st.fixed_at + (j - n1) as usize];
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

/// M3's minimum over a state's keys (whole chunks), lane by lane and then across.
#[inline(always)]
fn least<K: Key>(keys: &[K]) -> K {
    let mut lanes = [K::INACTIVE; KEY_CHUNK];
    for chunk in keys.chunks_exact(KEY_CHUNK) {
        for (lane, &k) in lanes.iter_mut().zip(chunk) {
            // A select, not a conditional store, so that the loop is vectorised.
            *lane = if k < *lane { k } else { *lane };
        }
    }
    lanes
        .iter()
        .fold(K::INACTIVE, |m, &k| if k < m { k } else { m })
}

impl<K: Key> MultiSearch<K> {
    /// A search at the root of `layout`'s problem (with multiplicities).
    fn new(layout: Arc<DenseLayout>, tables: Arc<Tables>) -> Self {
        let n1 = layout.num_primary;
        let codec = &tables.codec;
        let mut keys = vec![K::INACTIVE; tables.block];
        for j in 0..n1 {
            let len = layout.item_range(j as u32).len() as u32;
            keys[j] = codec.pack(j as u32, len, codec.upper[j]);
            keys[tables.scan + 1 + j] = K::truncate(u128::from(codec.upper[j]));
        }
        let mut live = vec![0; tables.words];
        live[..layout.words].fill(u64::MAX);
        if layout.num_options % 64 != 0 {
            live[layout.words - 1] = (1u64 << (layout.num_options % 64)) - 1;
        }
        MultiSearch {
            keys,
            live,
            fixed: vec![0; layout.fixed_stride()],
            remaining: n1 as u32,
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
            tables,
        }
    }

    /// Updates so far.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// The ways to apply options, borrowed from `layout` and `tables`.
    fn ops<'a>(layout: &'a DenseLayout, tables: &'a Tables) -> Ops<'a, K> {
        Ops {
            block: tables.block,
            words: tables.words,
            colors: layout.fixed_stride(),
            scan: tables.scan,
            layout,
            window: &tables.window,
            window_bits: &tables.window_bits,
            pair: &tables.pair,
            secondary: tables.secondary,
            codec: &tables.codec,
            prim: &tables.prim,
            pshift: tables.pstride.trailing_zeros(),
            bounds: tables.scan + 1,
            delta: tables.codec.kill_delta(),
            theta_up: tables.codec.bound_deltas().0,
            slack_down: tables.codec.bound_deltas().1,
        }
    }

    /// Makes state `s + 1` a copy of state `s`.
    #[inline(always)]
    fn copy_down(&mut self, s: usize) {
        #[inline(always)]
        fn copy<V: Copy>(v: &mut Vec<V>, s: usize, stride: usize) {
            let from = s * stride..(s + 1) * stride;
            if v.len() == from.end {
                v.extend_from_within(from);
            } else {
                v.copy_within(from, (s + 1) * stride);
            }
        }
        copy(&mut self.keys, s, self.tables.block);
        copy(&mut self.live, s, self.tables.words);
        let secondaries = self.layout.fixed_stride();
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
        let tables = Arc::clone(&self.tables);
        let ops = Self::ops(&layout, &tables);
        let n1 = layout.num_primary as u32;
        let mut st = state!(self, ops, 0, self.remaining);
        let mut primaries = layout.option_range(o).map(|e| layout.option_items[e]);
        if primaries.any(|j| j < n1 && ops.bound(&st, j) == 0) {
            return Err(PreselectError::Conflict(option));
        }
        ops.kill(&mut st, o);
        let updates = 1 + ops.commit_others(&mut st, o, u32::MAX);
        self.remaining = st.remaining;
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

    /// M3–M4 for the level about to be entered (its state `self.state`, with
    /// `self.remaining` active primary items, at least one): choose the item, lower its
    /// bound, note its live options and branches. Returns the updates.
    #[inline(always)]
    fn enter_level(&mut self, ops: &Ops<'_, K>, level: usize) -> u64 {
        let s = self.state;
        let mut st = state!(self, ops, s, self.remaining);
        // M3: the least key is DLX3's choice.
        let best = least(&st.keys[..ops.scan]);
        let codec = ops.codec;
        let i = codec.item(best);
        let n = codec.len(best);
        // Note i's live options (the list M5 walks), in input order.
        let start = match level.checked_sub(1) {
            Some(up) => self.levels[up].start + self.levels[up].n,
            None => 0,
        };
        self.cands.truncate(start as usize);
        /// Pushes the live options of a run of words numbered from `first`, with their masks
        /// of `i`.
        #[inline(always)]
        fn push_live<'w>(
            cands: &mut Vec<u32>,
            first: u32,
            words: impl Iterator<Item = (&'w u64, &'w u64)>,
        ) {
            for (w, (&live, &bits)) in (first..).zip(words) {
                let mut bits = live & bits;
                while bits != 0 {
                    cands.push(w * 64 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
        }
        if let (Ok(live), Some(masks)) =
            (<&[u64; 2]>::try_from(&*st.live), ops.pair.get(i as usize))
        {
            push_live(&mut self.cands, 0, live.iter().zip(masks));
        } else {
            let (live, masks, first) = ops.window(st.live, i);
            push_live(&mut self.cands, first, live.iter().zip(masks));
        }
        debug_assert_eq!(self.cands.len() - start as usize, n as usize);
        // M4: prepare to branch on i.
        let updates = ops.lower_bound(&mut st, i);
        let b = ops.bound(&st, i);
        let remaining = st.remaining;
        // M5's test passes for branch k while n − (k − 1) + SLACK > BOUND.
        let slack = i64::from(codec.slack[i as usize]);
        let d = (i64::from(n) + slack - i64::from(b)).clamp(0, i64::from(n) + 1) as u32;
        let lv = Level {
            item: i,
            state: s as u32,
            start,
            n,
            remaining,
            active: b != 0,
            option: 0,
        };
        if level == self.levels.len() {
            self.levels.push(lv);
            self.pos.push(0);
            self.deg.push(d);
            self.snapshot.push(Counters::default());
        } else {
            self.levels[level] = lv;
            self.pos[level] = 0;
            self.deg[level] = d;
        }
        updates
    }

    /// M5–M6 for branch `k` (1-based, at most the level's branches) of `level`: the tweak
    /// in the level's state, then the option applied to state `t` (the level's own, or a
    /// copy one below it), whose active primary items it leaves in `self.remaining`.
    /// Returns the updates.
    #[inline(always)]
    fn take(&mut self, ops: &Ops<'_, K>, level: usize, k: u32, t: usize) -> u64 {
        let lv = self.levels[level];
        let s = lv.state as usize;
        let mut updates = 0;
        if k <= lv.n {
            let x = self.cands[(lv.start + k - 1) as usize];
            if lv.active {
                // M5: tweak(x, i), hiding x: it goes for the rest of this level.
                ops.kill(&mut state!(self, ops, s, lv.remaining), x);
                updates += 1;
            }
            if t != s {
                self.copy_down(s);
            }
            // M6: commit the other items of x.
            let mut st = state!(self, ops, t, lv.remaining);
            updates += ops.commit_others(&mut st, x, lv.item);
            self.remaining = st.remaining;
            self.levels[level].option = x;
        } else {
            // M5 with x_l = i: i gets no more options (every one of them was tweaked).
            debug_assert_eq!(t, s);
            self.remaining = lv.remaining;
            if lv.active {
                self.keys[t * self.tables.block + lv.item as usize] = K::INACTIVE;
                self.remaining -= 1;
            }
            self.levels[level].option = SKIP;
        }
        updates
    }

    /// The loop (M2–M9), a label machine so that it can stop at a solution or a limit and
    /// resume. With `UNIT`, the floor and the last branch there bound it.
    fn run_with<const UNIT: bool>(&mut self, limits: &Limits) -> Step {
        let layout = Arc::clone(&self.layout);
        let tables = Arc::clone(&self.tables);
        let ops = Self::ops(&layout, &tables);
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
                    if self.remaining == 0 {
                        // No primary item left at the root: this node is the solution.
                        solutions += 1;
                        self.solution_depth = level;
                        label = Label::Up;
                        if !limits.count_through {
                            break Step::Solution;
                        }
                        continue;
                    }
                    // M3, M4.
                    updates += self.enter_level(&ops, level);
                    label = Label::Next;
                }
                Label::Next => {
                    // M7 (nothing to undo: the branch below had its own state, or was
                    // the level's last), then M5 for the next branch.
                    let k = self.pos[level] + 1;
                    let d = self.deg[level];
                    if k > d || UNIT && level == floor && k > self.last {
                        label = Label::Up;
                        continue;
                    }
                    self.pos[level] = k;
                    if UNIT {
                        self.snapshot[level] = Counters::new(nodes, updates, solutions);
                    }
                    let s = self.levels[level].state as usize;
                    // The level's last branch is applied to its own state.
                    let t = if k == d { s } else { s + 1 };
                    updates += self.take(&ops, level, k, t);
                    if self.remaining == 0 {
                        // M6 left every primary item satisfied: a solution node.
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
        let tables = Arc::clone(&self.tables);
        let ops = Self::ops(&layout, &tables);
        self.levels.truncate(level);
        self.pos.truncate(level);
        self.deg.truncate(level);
        self.snapshot.truncate(level);
        if self.remaining == 0 {
            return Err(UnitError::PathThroughLeaf { level });
        }
        self.enter_level(&ops, level);
        self.level = level;
        Ok(())
    }

    /// Moves past `n` branches at `level` without exploring them (making the tweaks those
    /// branches make); at least one must be left after them.
    pub fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        let layout = Arc::clone(&self.layout);
        let tables = Arc::clone(&self.tables);
        let ops = Self::ops(&layout, &tables);
        for _ in 0..n {
            let branch = self.pos[level] + 1;
            let lv = self.levels[level];
            if branch >= self.deg[level] || branch > lv.n {
                return Err(UnitError::NoSuchBranch { level, branch });
            }
            if lv.active {
                let x = self.cands[(lv.start + branch - 1) as usize];
                ops.kill(&mut state!(self, ops, lv.state as usize, lv.remaining), x);
            }
            self.pos[level] = branch;
        }
        Ok(())
    }

    /// M5–M6 without counting: take the next branch at `level` and go down, in the level's
    /// own state (a unit never comes back above its floor).
    pub fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        let layout = Arc::clone(&self.layout);
        let tables = Arc::clone(&self.tables);
        let ops = Self::ops(&layout, &tables);
        let branch = self.pos[level] + 1;
        if branch > self.deg[level] {
            return Err(UnitError::NoSuchBranch { level, branch });
        }
        self.pos[level] = branch;
        let s = self.levels[level].state as usize;
        self.take(&ops, level, branch, s);
        self.state = s;
        if self.remaining == 0 {
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
    pub fn narrow(&mut self, level: usize, keep: u32) -> Counters {
        self.floor = level;
        self.last = keep;
        let closed = Counters::rebase(&mut self.snapshot, level, &mut self.profile);
        self.nodes -= closed.nodes;
        self.updates -= closed.updates;
        self.solutions -= closed.solutions;
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
            counters: Counters::new(self.nodes, self.updates, self.solutions),
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
        assert_eq!(summary(dense.count()), summary(Solver::links(&p).count()));
        let a: Vec<_> = DenseSolver::try_new(&p).unwrap().solutions().collect();
        let b: Vec<_> = Solver::links(&p).solutions().collect();
        assert_eq!(a, b);
    }

    #[test]
    fn every_width_of_key_searches_the_links_engines_tree() {
        use super::super::Tallies;
        let long: String = (0..300).map(|_| "A\n").collect();
        let cases = [
            // A Knightdoku's keys take 14 bits.
            (include_str!("../../tests/data/kd1.dlx").to_string(), 16),
            // 300 options on A: LEN and θ take 9 bits each.
            (format!("A 1:2|B\n{long}B\nB\n"), 32),
            // A slack of 2^32 − 1.
            ("0:4294967295|A\nA\nA\nA\n".to_string(), 64),
            // And a lower bound of 2^32 − 1 too.
            (
                "4294967295:4294967295|A 0:4294967295|B\nA B\nB\nA\n".to_string(),
                128,
            ),
        ];
        for (text, bits) in cases {
            let p = crate::format::parse(&text).unwrap();
            let dense = DenseSolver::try_new(&p).unwrap();
            let got = match dense.engine.search {
                Tallies::Multi16(_) => 16,
                Tallies::Multi32(_) => 32,
                Tallies::Multi64(_) => 64,
                Tallies::Multi128(_) => 128,
                _ => 0,
            };
            assert_eq!(got, bits, "{text:.40}");
            agree(&text);
        }
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
