//! Counting knight's tours by dynamic programming over a frontier: the memoised count of
//! [`TourCount`](super::TourCount)'s tours, for boards far beyond enumeration.
//!
//! Exact cover finds every tour one by one, and a memo over its sub-problems (the squares
//! not yet visited and the square the knight stands on) meets few repeats: a knight roams
//! the whole board, so the visited sets are as many as the paths. This counter chooses the
//! tour's **moves** instead of its squares, deciding for each knight's move of the board,
//! in a sweep along the board's long side, whether the tour uses it (the frontier-based
//! search of Knuth's SIMPATH and of Minato's Graphillion, here for Hamiltonian paths and
//! cycles). What the moves decided so far leave for the rest is summed up by the
//! **frontier**: the squares that have moves on both sides of the sweep line. For each of
//! them the state says how many chosen moves it has (0, 1 or 2) and, with one, where the
//! other end of its piece of path is; plus how many squares already ended a path for good
//! (an open tour has two ends). Partial choices with the same state have the same
//! completions, so each state is kept once with the number of ways to reach it: the
//! count grows with the number of states, not of tours.
//!
//! A frontier holds about twice the board's short side in squares, so boards up to about
//! 6 squares across count in moments, however long (3×1000: a number of hundreds of
//! digits); 7 and 8 squares across have millions of states and more
//! ([`FrontierOptions::max_states`] bounds them).
//!
//! ```
//! use dlx_sudoku::tour_count::frontier::{count_tours, FrontierOptions};
//! use dlx_sudoku::tour_count::TourKind;
//!
//! // The 9,862 closed tours of the 6×6 board.
//! let closed = count_tours(6, 6, TourKind::Closed, &FrontierOptions::default())?;
//! assert_eq!(closed.tours.to_string(), "9862");
//! assert!(closed.stop.is_none());
//! // 3×4: 8 open tours, as exact cover counts them.
//! let open = count_tours(3, 4, TourKind::Open, &FrontierOptions::default())?;
//! assert_eq!(open.tours.to_string(), "8");
//! # Ok::<(), dlx_sudoku::tour_count::frontier::FrontierError>(())
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use dlx_core::BigUint;
use thiserror::Error;

use super::TourKind;

/// The most squares a frontier may hold: five bits per square and two for the ends in a
/// 128-bit key.
pub const MAX_FRONTIER: usize = 24;

/// Why a board could not be counted.
///
/// ```
/// use dlx_sudoku::tour_count::frontier::{count_tours, FrontierError, FrontierOptions};
/// use dlx_sudoku::tour_count::TourKind;
/// let e = count_tours(0, 3, TourKind::Open, &FrontierOptions::default()).unwrap_err();
/// assert_eq!(e, FrontierError::EmptyBoard);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FrontierError {
    /// A board needs at least one square.
    #[error("the board has no squares")]
    EmptyBoard,
    /// The board is too wide: its frontier would hold more squares than a state can say
    /// (boards more than about 10 squares across).
    #[error(
        "a {rows}x{cols} board is too wide to count by its frontier (more than {MAX_FRONTIER} squares on it)"
    )]
    TooWide {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

/// Why a count stopped before the end.
///
/// ```
/// use dlx_sudoku::tour_count::frontier::FrontierStop;
/// assert_ne!(FrontierStop::Cancelled, FrontierStop::StateLimit { states: 10 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontierStop {
    /// The cancel flag was raised.
    Cancelled,
    /// One step of the sweep needed more states than [`FrontierOptions::max_states`].
    StateLimit {
        /// The states that step reached before it stopped.
        states: usize,
    },
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierCount {
    /// Tours, a tour and its reverse counted once (as [`TourCount::distinct_tours`]);
    /// when [`stop`](Self::stop) is set, those completed before it (a lower bound).
    ///
    /// [`TourCount::distinct_tours`]: super::TourCount::distinct_tours
    pub tours: BigUint,
    /// Why the count stopped early; `None` when it is exact.
    pub stop: Option<FrontierStop>,
    /// The most states one step of the sweep kept.
    pub peak_states: usize,
    /// The most squares on the frontier.
    pub width: usize,
    /// Steps of the sweep (one per knight's move of the board).
    pub steps: usize,
}

/// How far a count has gone, shared with another thread (a progress display).
///
/// ```
/// use dlx_sudoku::tour_count::frontier::FrontierProgress;
/// let p = FrontierProgress::default();
/// assert_eq!(p.fraction(), 0.0);
/// ```
#[derive(Debug, Default)]
pub struct FrontierProgress {
    done: AtomicU64,
    total: AtomicU64,
    states: AtomicU64,
}

impl FrontierProgress {
    /// The share of the sweep's steps done, from 0 to 1.
    ///
    /// See [`FrontierProgress`] for an example.
    pub fn fraction(&self) -> f64 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            self.done.load(Ordering::Relaxed) as f64 / total as f64
        }
    }

    /// The states kept after the last step done.
    ///
    /// See [`FrontierProgress`] for an example.
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }
}

/// Limits and hooks of a count.
///
/// ```
/// use dlx_sudoku::tour_count::frontier::FrontierOptions;
/// let o = FrontierOptions::default();
/// assert!(o.max_states > 1_000_000);
/// ```
#[derive(Clone, Debug)]
pub struct FrontierOptions {
    /// The most states one step may keep (about 40 bytes each; two steps are held at
    /// once). Past it the count stops with [`FrontierStop::StateLimit`].
    pub max_states: usize,
    /// Raised, the count stops with [`FrontierStop::Cancelled`] within a step.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Updated after every step.
    pub progress: Option<Arc<FrontierProgress>>,
}

impl Default for FrontierOptions {
    fn default() -> Self {
        FrontierOptions {
            max_states: 50_000_000,
            cancel: None,
            progress: None,
        }
    }
}

/// Counts the tours of a `rows × cols` board (open: Hamiltonian paths of the knight's
/// graph; closed: its Hamiltonian cycles), each once whatever its direction.
///
/// See the [module documentation](self) for an example.
pub fn count_tours(
    rows: usize,
    cols: usize,
    kind: TourKind,
    options: &FrontierOptions,
) -> Result<FrontierCount, FrontierError> {
    if rows == 0 || cols == 0 {
        return Err(FrontierError::EmptyBoard);
    }
    let sweep = Sweep::new(rows, cols);
    if sweep.width > MAX_FRONTIER {
        return Err(FrontierError::TooWide { rows, cols });
    }
    if sweep.n == 1 {
        // Standing on the only square is an open tour; a closed one needs a move back.
        let tours = BigUint::from(u8::from(kind == TourKind::Open));
        return Ok(FrontierCount {
            tours,
            stop: None,
            peak_states: 1,
            width: 0,
            steps: 0,
        });
    }
    // Exact counts in u128 while they fit; redone in big integers when one overflows.
    match run::<u128>(&sweep, kind, options) {
        Some(count) => Ok(count),
        None => Ok(run::<BigUint>(&sweep, kind, options).expect("big integers never overflow")),
    }
}

/// The board's squares in sweep order (along the long side, one line of the short side
/// after another), its moves, and for every step of the sweep the frontier before and
/// after it. When the frontier grows past [`MAX_FRONTIER`], `width` says so and the
/// steps stop there.
struct Sweep {
    n: usize,
    steps: Vec<Step>,
    width: usize,
}

/// One move `(u, w)` of the board, as the sweep decides it.
struct Step {
    /// Where `u` and `w` are on the frontier during the step.
    u: usize,
    w: usize,
    /// For each square of the frontier before the step, its place during it.
    from_prev: Vec<u8>,
    /// The squares whose last move this is: they leave the frontier after it.
    leaving: Vec<usize>,
    /// For each square during the step, its place after it (`LEFT` for leaving ones).
    to_next: Vec<u8>,
    /// Whether every square has been met by the end of this step.
    all_met: bool,
}

const LEFT: u8 = u8::MAX;

impl Step {
    /// The squares on the frontier during the step: the one before it and the move's.
    fn len(&self) -> usize {
        self.to_next.len()
    }
}

impl Sweep {
    fn new(rows: usize, cols: usize) -> Self {
        // Number the squares across the short side first, so that a move joins squares
        // at most 2 lines apart and the frontier stays narrow.
        let (short, long) = (rows.min(cols), rows.max(cols));
        let n = rows * cols;
        let id = |line: i64, across: i64| (line * short as i64 + across) as u32;
        let mut moves: Vec<(u32, u32)> = Vec::new();
        for line in 0..long as i64 {
            for across in 0..short as i64 {
                // The knight's moves to a later line (every move, seen from its earlier
                // square).
                for (dl, da) in [(1, -2), (1, 2), (2, -1), (2, 1)] {
                    let (l2, a2) = (line + dl, across + da);
                    if l2 < long as i64 && (0..short as i64).contains(&a2) {
                        let (a, b) = (id(line, across), id(l2, a2));
                        moves.push((a.min(b), a.max(b)));
                    }
                }
            }
        }
        moves.sort_unstable();
        moves.dedup();
        let mut first = vec![usize::MAX; n];
        let mut last = vec![0usize; n];
        for (e, &(u, w)) in moves.iter().enumerate() {
            for x in [u as usize, w as usize] {
                first[x] = first[x].min(e);
                last[x] = e;
            }
        }
        let mut frontier: Vec<u32> = Vec::new();
        let mut met = 0;
        let mut steps = Vec::with_capacity(moves.len());
        let mut width = 0;
        for (e, &(u, w)) in moves.iter().enumerate() {
            let mut during = frontier.clone();
            for x in [u, w] {
                if first[x as usize] == e {
                    met += 1;
                    during.push(x);
                }
            }
            during.sort_unstable();
            width = width.max(during.len());
            if width > MAX_FRONTIER {
                // Too wide to count: the caller refuses the board; no need to go on.
                break;
            }
            let place = |list: &[u32], x: u32| list.binary_search(&x).expect("on the frontier");
            let from_prev = frontier.iter().map(|&x| place(&during, x) as u8).collect();
            let leaving: Vec<usize> = during
                .iter()
                .enumerate()
                .filter(|&(_, &x)| last[x as usize] == e)
                .map(|(i, _)| i)
                .collect();
            let next: Vec<u32> = during
                .iter()
                .copied()
                .filter(|&x| last[x as usize] != e)
                .collect();
            let to_next = during
                .iter()
                .map(|&x| next.binary_search(&x).map_or(LEFT, |i| i as u8))
                .collect();
            steps.push(Step {
                u: place(&during, u),
                w: place(&during, w),
                from_prev,
                leaving,
                to_next,
                all_met: met == n,
            });
            frontier = next;
        }
        Sweep { n, steps, width }
    }
}

/// An exact count that may say it overflowed.
trait Tally: Clone + Default {
    /// Adds `other`; false when the sum does not fit.
    fn add(&mut self, other: &Self) -> bool;
    fn one() -> Self;
    fn into_big(self) -> BigUint;
}

impl Tally for u128 {
    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(s) => {
                *self = s;
                true
            }
            None => false,
        }
    }
    fn one() -> Self {
        1
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl Tally for BigUint {
    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn into_big(self) -> BigUint {
        self
    }
}

/// A state's code for one frontier square: no move yet, two moves (done), one move with
/// the other end of its path already a tour's end for good, or one move with the other
/// end at place `i` of the frontier (`MATE + i`).
const BARE: u8 = 0;
const FULL: u8 = 1;
const TO_END: u8 = 2;
const MATE: u8 = 3;

/// A state as a key: two bits for the ends made, then five bits per frontier square.
type Key = u128;

fn decode(key: Key, step: &Step, codes: &mut [u8]) -> u8 {
    codes[..step.len()].fill(BARE);
    for (i, &to) in step.from_prev.iter().enumerate() {
        let c = ((key >> (2 + 5 * i)) & 31) as u8;
        codes[to as usize] = if c >= MATE {
            MATE + step.from_prev[(c - MATE) as usize]
        } else {
            c
        };
    }
    (key & 3) as u8
}

fn encode(codes: &[u8], ends: u8, step: &Step) -> Key {
    let mut key = ends as Key;
    for (i, &c) in codes[..step.len()].iter().enumerate() {
        let to = step.to_next[i];
        if to == LEFT {
            continue;
        }
        let c = if c >= MATE {
            MATE + step.to_next[(c - MATE) as usize]
        } else {
            c
        };
        key |= (c as Key) << (2 + 5 * to as usize);
    }
    key
}

/// What became of a state after a decision.
enum Outcome {
    /// It goes on as this key.
    Next(Key),
    /// The tour is complete (every square on it): one tour per way to reach the state.
    Tour,
    /// No tour extends it.
    Dead,
}

/// Whether a tour that just closed covers the board: every square met, and every square
/// of the frontier on it with two moves (squares that left have theirs).
fn covers(codes: &[u8], step: &Step) -> bool {
    step.all_met && codes[..step.len()].iter().all(|&c| c == FULL)
}

/// The squares leaving after the step: each needs two moves, or one as a tour's end.
fn leave(codes: &mut [u8], mut ends: u8, step: &Step, kind: TourKind) -> Outcome {
    for &i in &step.leaving {
        match codes[i] {
            BARE => return Outcome::Dead,
            FULL => {}
            c => {
                // A path's end leaves for good: an open tour's end.
                if kind == TourKind::Closed || ends == 2 {
                    return Outcome::Dead;
                }
                ends += 1;
                codes[i] = FULL;
                if c == TO_END {
                    // Both ends of this path are the tour's: it is the whole tour.
                    return if covers(codes, step) {
                        Outcome::Tour
                    } else {
                        Outcome::Dead
                    };
                }
                codes[(c - MATE) as usize] = TO_END;
            }
        }
    }
    Outcome::Next(encode(codes, ends, step))
}

/// The move of `step` taken: its squares get one more move each, and their paths join.
fn take(codes: &mut [u8], ends: u8, step: &Step, kind: TourKind) -> Outcome {
    let (u, w) = (step.u, step.w);
    let (cu, cw) = (codes[u], codes[w]);
    if cu == FULL || cw == FULL {
        return Outcome::Dead;
    }
    if cu == MATE + w as u8 {
        // The two ends of one path: the move closes a cycle.
        codes[u] = FULL;
        codes[w] = FULL;
        return if kind == TourKind::Closed && covers(codes, step) {
            Outcome::Tour
        } else {
            Outcome::Dead
        };
    }
    // The far ends of the two paths (a bare square is its own far end).
    let far = |c: u8, me: usize| -> Option<usize> {
        match c {
            BARE => Some(me),
            TO_END => None,
            c => Some((c - MATE) as usize),
        }
    };
    let (a, b) = (far(cu, u), far(cw, w));
    codes[u] = if cu == BARE { MATE } else { FULL };
    codes[w] = if cw == BARE { MATE } else { FULL };
    match (a, b) {
        (None, None) => {
            // Two paths, each with a tour's end, joined: the whole tour.
            return if covers(codes, step) {
                Outcome::Tour
            } else {
                Outcome::Dead
            };
        }
        (Some(a), None) => codes[a] = TO_END,
        (None, Some(b)) => codes[b] = TO_END,
        (Some(a), Some(b)) => {
            codes[a] = MATE + b as u8;
            codes[b] = MATE + a as u8;
        }
    }
    leave(codes, ends, step, kind)
}

/// Word-at-a-time hashing of the 128-bit keys (a folded multiply).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u128(&mut self, x: u128) {
        let m = ((x as u64) ^ 0x9E37_79B9_7F4A_7C15) as u128
            * (((x >> 64) as u64) ^ 0xC2B2_AE3D_27D4_EB4F ^ self.0) as u128;
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
}

type States<C> = HashMap<Key, C, BuildHasherDefault<KeyHasher>>;

/// The sweep with counts of type `C`; `None` when a count overflowed it.
fn run<C: Tally>(
    sweep: &Sweep,
    kind: TourKind,
    options: &FrontierOptions,
) -> Option<FrontierCount> {
    let mut states: States<C> = States::default();
    states.insert(0, C::one());
    let mut tours = C::default();
    let mut peak = 1;
    let mut stop = None;
    let mut codes = [0u8; MAX_FRONTIER];
    let cancelled = || {
        options
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    };
    if let Some(p) = &options.progress {
        p.total.store(sweep.steps.len() as u64, Ordering::Relaxed);
        p.done.store(0, Ordering::Relaxed);
    }
    'sweep: for step in &sweep.steps {
        let mut next: States<C> = States::default();
        next.reserve(states.len());
        for (seen, (&key, count)) in states.iter().enumerate() {
            if seen % 65_536 == 65_535 && cancelled() {
                stop = Some(FrontierStop::Cancelled);
                break 'sweep;
            }
            let ends = decode(key, step, &mut codes);
            let mut taken = codes;
            for outcome in [
                leave(&mut codes, ends, step, kind),
                take(&mut taken, ends, step, kind),
            ] {
                match outcome {
                    Outcome::Next(k) => {
                        if !next.entry(k).or_default().add(count) {
                            return None;
                        }
                    }
                    Outcome::Tour => {
                        if !tours.add(count) {
                            return None;
                        }
                    }
                    Outcome::Dead => {}
                }
            }
            if next.len() > options.max_states {
                stop = Some(FrontierStop::StateLimit { states: next.len() });
                break 'sweep;
            }
        }
        peak = peak.max(next.len());
        states = next;
        if let Some(p) = &options.progress {
            p.done.fetch_add(1, Ordering::Relaxed);
            p.states.store(states.len() as u64, Ordering::Relaxed);
        }
        if cancelled() {
            stop = Some(FrontierStop::Cancelled);
            break;
        }
    }
    Some(FrontierCount {
        tours: tours.into_big(),
        stop,
        peak_states: peak,
        width: sweep.width,
        steps: sweep.steps.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour_count::TourCount;

    fn frontier(rows: usize, cols: usize, kind: TourKind) -> BigUint {
        let c = count_tours(rows, cols, kind, &FrontierOptions::default()).unwrap();
        assert!(c.stop.is_none());
        c.tours
    }

    #[test]
    fn agrees_with_exact_cover_on_small_boards() {
        for rows in 1..=4 {
            for cols in rows..=6 {
                for kind in [TourKind::Open, TourKind::Closed] {
                    if rows * cols > 20 {
                        continue;
                    }
                    let xcc = TourCount::new(rows, cols, kind).unwrap().distinct_tours();
                    assert_eq!(
                        frontier(rows, cols, kind),
                        BigUint::from(xcc),
                        "{rows}x{cols} {kind:?}"
                    );
                    // The sweep turns the board; the count does not change.
                    assert_eq!(frontier(cols, rows, kind), BigUint::from(xcc));
                }
            }
        }
    }

    #[test]
    fn published_counts() {
        // Closed tours: 3×16 (OEIS A070030), 5×6, 5×8 and 6×6 (Wikipedia, "Knight's
        // tour"); open tours: 3×12 (OEIS A169696: 114,496 directed), 5×5 (1,728 directed).
        for (rows, cols, kind, tours) in [
            (3, 16, TourKind::Closed, 15_424u32),
            (5, 6, TourKind::Closed, 8),
            (5, 8, TourKind::Closed, 44_202),
            (6, 6, TourKind::Closed, 9_862),
            (3, 12, TourKind::Open, 57_248),
            (5, 5, TourKind::Open, 864),
        ] {
            assert_eq!(
                frontier(rows, cols, kind),
                BigUint::from(tours),
                "{rows}x{cols}"
            );
        }
    }

    #[test]
    fn counts_past_128_bits_are_exact() {
        let sweep = Sweep::new(3, 100);
        let options = FrontierOptions::default();
        assert!(run::<u128>(&sweep, TourKind::Open, &options).is_none());
        let big = count_tours(3, 100, TourKind::Open, &options).unwrap().tours;
        assert!(big > BigUint::from(u128::MAX));
        // Where both fit, the two kinds of integer agree.
        let sweep = Sweep::new(3, 40);
        let small = run::<u128>(&sweep, TourKind::Open, &options).unwrap();
        let large = run::<BigUint>(&sweep, TourKind::Open, &options).unwrap();
        assert_eq!(small, large);
    }

    #[test]
    fn a_sweep_keeps_the_frontier_narrow() {
        let s = Sweep::new(3, 40);
        assert!(s.width <= 8, "{}", s.width);
        assert_eq!(s.n, 120);
        // Every knight's move of the board is one step.
        for (rows, cols) in [(3, 4), (4, 3), (5, 7), (1, 6)] {
            let ends: usize = (0..rows * cols)
                .map(|s| crate::tour_count::knight_moves(rows, cols, s).len())
                .sum();
            assert_eq!(Sweep::new(rows, cols).steps.len(), ends / 2);
        }
    }

    #[test]
    fn the_sweep_stops_when_asked() {
        let flag = Arc::new(AtomicBool::new(true));
        let options = FrontierOptions {
            cancel: Some(flag),
            ..FrontierOptions::default()
        };
        let c = count_tours(3, 30, TourKind::Open, &options).unwrap();
        assert_eq!(c.stop, Some(FrontierStop::Cancelled));
        let tight = FrontierOptions {
            max_states: 3,
            ..FrontierOptions::default()
        };
        let c = count_tours(5, 5, TourKind::Open, &tight).unwrap();
        assert!(matches!(c.stop, Some(FrontierStop::StateLimit { .. })));
    }

    #[test]
    fn too_wide_boards_are_refused() {
        assert!(matches!(
            count_tours(20, 20, TourKind::Open, &FrontierOptions::default()),
            Err(FrontierError::TooWide { .. })
        ));
        // At once, without building the sweep of a board of a million squares.
        assert!(matches!(
            count_tours(1000, 1000, TourKind::Closed, &FrontierOptions::default()),
            Err(FrontierError::TooWide {
                rows: 1000,
                cols: 1000
            })
        ));
    }
}
