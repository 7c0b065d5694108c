//! The memoised search (Nishino, Yasuda, Minato and Nagata's DXZ, for counting as well as
//! for diagrams): Algorithm X/C as an explicit loop over a stack of levels, where each
//! level first looks its sub-problem up in the memo (by its key, see `state`) and, when it
//! is there, returns its value at once instead of searching below it. A level that
//! searches stores its value when its options are exhausted.
//!
//! Knuth's steps: X2 (a solution: every primary item covered), X3 (choose an item by the
//! [`ItemOrder`]), X5 (try the next live option of its list, in input order), X6/X7 (undo
//! it and take the next), X8 (the options are exhausted: back to the level above). Before
//! X3, a level whose sub-problem has an active primary item with no live option is a dead
//! end at once (forward checking), and is not looked up.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use num_bigint::BigUint;

use super::gather::{Gather, Refusal};
use super::layout::Layout;
use super::progress::MemoProgress;
use super::state::{Mark, State};
use super::table::{hash, Table};
use super::ItemOrder;
use crate::engine::{raised, StopReason};

/// Nodes between two looks at the flags and the budget.
const CHECK_EVERY: u64 = 1024;
/// Nodes between two progress reports.
const PUBLISH_EVERY: u64 = 1 << 14;
/// Where a probing search first asks whether the memo pays (then at 4×, 16×, ... up to
/// [`PROBE_LAST`]): early enough that giving up costs little next to the plain count.
const PROBE_FIRST: u64 = 1 << 14;
/// The last node count at which a probing search may give up.
const PROBE_LAST: u64 = 1 << 22;
/// A probing search gives up when the plain search would have visited fewer than this many
/// times its nodes for the same part of the tree. A memo node costs 4-14 plain nodes
/// (measured on q14: 1.0 µs against 0.18 µs for dancing links and 0.07 µs for the dense
/// engine; docs/counting.md).
const PROBE_RATIO: u64 = 4;
/// ... and when fewer than one look-up in this many finds its sub-problem. The saving is
/// measured on the part of the tree done, and on tilings swept from a corner it is small
/// at first (the first 16,384 nodes are the last rows of the board, where the subtrees a
/// hit skips are small) and grows by orders of magnitude later; their hit rate is a third
/// from the start. Queens (12%) and pentominoes (4%) fall back.
const PROBE_HIT_RATE: u64 = 4;

/// Where sub-problems' values are kept: one thread's table, or a table shared by threads.
pub(crate) trait Memo<V> {
    /// The value stored for `key` (hash `h`).
    fn get(&mut self, key: &[u64], h: u64) -> Option<V>;
    /// Stores `value` for `key`.
    fn insert(&mut self, key: &[u64], h: u64, value: V, heap: usize);
}

impl<V: Clone> Memo<V> for Table<V> {
    #[inline]
    fn get(&mut self, key: &[u64], h: u64) -> Option<V> {
        Table::get(self, key, h).cloned()
    }
    #[inline]
    fn insert(&mut self, key: &[u64], h: u64, value: V, heap: usize) {
        Table::insert(self, key, h, value, heap)
    }
}

/// What stops a search early.
#[derive(Clone, Debug, Default)]
pub(crate) struct Limits {
    /// Raised by Ctrl-C.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Raised when another thread has the answer.
    pub done: Option<Arc<AtomicBool>>,
    /// The most nodes to visit.
    pub budget: Option<u64>,
    /// Where to report progress.
    pub progress: Option<MemoProgress>,
    /// Give up ([`Outcome::Unprofitable`]) when the memo saves too little.
    pub probe: bool,
}

/// A search's own figures (the table keeps its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Levels entered.
    pub nodes: u64,
    /// Levels that looked their sub-problem up.
    pub lookups: u64,
    /// Look-ups that found it.
    pub hits: u64,
    /// Levels that were dead ends before any look-up.
    pub dead: u64,
    /// Nodes of the plain search that the hits stood for, less the hits themselves.
    pub saved: u64,
}

impl Counters {
    /// The nodes the plain search would have visited for the part of the tree done.
    pub fn plain_nodes(&self) -> u64 {
        self.nodes.saturating_add(self.saved)
    }
}

/// How a search ended.
#[derive(Debug)]
pub(crate) enum Outcome<V> {
    /// The root's value.
    Done(V),
    /// Stopped early, with the solutions counted so far.
    Stopped(StopReason, BigUint),
    /// A value could not be formed.
    Refused(Refusal),
    /// The memo saved too little to be worth its cost (only when probing).
    Unprofitable,
}

/// A level: the item chosen, where its list is read, the option being tried.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The next entry of the item's list to read (forward), or one past it (backward).
    next: u32,
    /// The other end of the list.
    end: u32,
    option: u32,
    mark: Mark,
    hash: u64,
    /// Options started, and the item's live options when chosen (for progress).
    tried: u32,
    choices: u32,
}

/// X3: the item to branch on.
#[inline]
fn choose(l: &Layout, s: &State, order: ItemOrder) -> usize {
    match order {
        ItemOrder::First => s.first_active(l).expect("an active item"),
        ItemOrder::Fewest => {
            let mut best = usize::MAX;
            let mut fewest = u32::MAX;
            for i in s.active_items(l) {
                let t = s.tally(i);
                if t < fewest {
                    fewest = t;
                    best = i;
                    if t <= 1 {
                        break;
                    }
                }
            }
            best
        }
    }
}

/// X5/X6: the next live option of the frame's list, if any; moves the frame past it.
#[inline]
fn next_live(l: &Layout, s: &State, f: &mut Frame, backward: bool) -> Option<u32> {
    if backward {
        while f.next > f.end {
            f.next -= 1;
            let o = l.list_option[f.next as usize];
            if s.is_live(o as usize) {
                return Some(o);
            }
        }
    } else {
        while f.next < f.end {
            let o = l.list_option[f.next as usize];
            f.next += 1;
            if s.is_live(o as usize) {
                return Some(o);
            }
        }
    }
    None
}

/// Knuth's estimate of the part of the tree done, from the levels' positions.
fn fraction(frames: &[Frame]) -> f64 {
    let mut weight = 1.0;
    let mut done = 0.0;
    for f in frames {
        let d = f64::from(f.choices.max(1));
        done += weight * f64::from(f.tried.saturating_sub(1)) / d;
        weight /= d;
    }
    done
}

/// Runs the search from the sub-problem `s` is in (normally the root) to the end, or until
/// a limit stops it. `backward` tries each item's options last first (a second thread
/// sharing a table does so, to work apart from the first).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run<G: Gather, M: Memo<G::Value>>(
    l: &Layout,
    s: &mut State,
    order: ItemOrder,
    backward: bool,
    memo: &mut M,
    g: &mut G,
    limits: &Limits,
    counters: &mut Counters,
) -> Outcome<G::Value> {
    let mut frames: Vec<Frame> = Vec::new();
    let budget = limits.budget.unwrap_or(u64::MAX);
    let mut check = (counters.nodes + CHECK_EVERY).min(budget);
    let mut publish = counters.nodes + PUBLISH_EVERY;
    let mut probe = if limits.probe { PROBE_FIRST } else { u64::MAX };
    'enter: loop {
        counters.nodes += 1;
        if counters.nodes >= check {
            check = (counters.nodes + CHECK_EVERY).min(budget);
            if let Some(reason) = stop(limits, counters.nodes) {
                return Outcome::Stopped(reason, g.partial());
            }
            if counters.nodes >= probe {
                if counters.plain_nodes() < PROBE_RATIO.saturating_mul(counters.nodes)
                    && counters.hits.saturating_mul(PROBE_HIT_RATE) < counters.lookups
                {
                    return Outcome::Unprofitable;
                }
                probe = if probe >= PROBE_LAST {
                    u64::MAX
                } else {
                    probe * 4
                };
            }
            if counters.nodes >= publish {
                publish = counters.nodes + PUBLISH_EVERY;
                if let Some(p) = &limits.progress {
                    p.publish(fraction(&frames), counters);
                }
            }
        }
        let mut value = if s.solved() {
            g.unit()
        } else if s.dead() {
            counters.dead += 1;
            g.none()
        } else {
            let h = hash(s.key());
            counters.lookups += 1;
            if let Some(v) = memo.get(s.key(), h) {
                counters.hits += 1;
                counters.saved = counters
                    .saved
                    .saturating_add(G::plain_nodes(&v).saturating_sub(1));
                v
            } else {
                let item = choose(l, s, order);
                let list = l.list(item);
                let mut f = Frame {
                    next: if backward { list.end } else { list.start } as u32,
                    end: if backward { list.start } else { list.end } as u32,
                    option: 0,
                    mark: Mark::default(),
                    hash: h,
                    tried: 0,
                    choices: s.tally(item),
                };
                g.open();
                // X5: the item has a live option (the state is not a dead end).
                let o = next_live(l, s, &mut f, backward).expect("a live option");
                f.option = o;
                f.tried = 1;
                f.mark = s.apply(l, o as usize);
                frames.push(f);
                continue 'enter;
            }
        };
        // X6-X8: back up, adding the value of the branch just finished.
        loop {
            let Some(f) = frames.last_mut() else {
                return Outcome::Done(value);
            };
            s.undo(l, f.option as usize, f.mark);
            if let Err(r) = g.add(f.option, value) {
                return Outcome::Refused(r);
            }
            if let Some(o) = next_live(l, s, f, backward) {
                f.option = o;
                f.tried += 1;
                f.mark = s.apply(l, o as usize);
                continue 'enter;
            }
            let h = f.hash;
            frames.pop();
            value = match g.close() {
                Ok(v) => v,
                Err(r) => return Outcome::Refused(r),
            };
            memo.insert(s.key(), h, value.clone(), G::heap(&value));
        }
    }
}

fn stop(limits: &Limits, nodes: u64) -> Option<StopReason> {
    if raised(limits.cancel.as_deref()) || raised(limits.done.as_deref()) {
        Some(StopReason::Cancelled)
    } else if limits.budget.is_some_and(|b| nodes >= b) {
        Some(StopReason::NodeBudget)
    } else {
        None
    }
}
