//! Helpers shared by the benchmark targets of the `dlx` workspace.
//!
//! The benchmarks compare our engine, [`dlx_core`], with the strongest Rust peer, the
//! [`dlx`](https://crates.io/crates/dlx) crate 0.8.5 (Ed McCardell's port of Knuth's DLX
//! programs), on the reference instances committed in `dlx-core/tests/data`. This module
//! loads those instances, knows the figures Knuth's DLX1 reports for them, converts a
//! [`dlx_core::Problem`] into the peer's representation, and counts solutions with either
//! engine without storing them.
//!
//! ```
//! use benches::{count_core, expected, load, PeerLinks};
//!
//! let problem = load("q8").unwrap();
//! let want = expected("q8").unwrap();
//! let ours = count_core(&problem);
//! assert_eq!((ours.solutions, ours.stats.nodes, ours.stats.updates),
//!            (want.solutions, want.nodes, want.updates));
//!
//! let peer = PeerLinks::new(&problem).unwrap();
//! assert_eq!(peer.count().solutions, want.solutions);
//! ```

#![deny(missing_docs)]

pub mod data;
pub mod peer_cm;
pub mod peer_sudoku;

use std::fmt;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::{INodes, ONodes};
use dlx::{OptOrder, Uint};
use dlx_core::format::ParseError;
use dlx_core::{Count, Problem, Solver};

/// The directory holding the reference instances: `dlx-core`'s committed test data (the
/// benchmark crate reads its sibling's files; nothing outside the workspace).
pub const DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../dlx-core/tests/data/");

/// Why a reference instance could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not valid DLX text.
    Parse {
        /// The file.
        path: PathBuf,
        /// Where and what.
        source: ParseError,
    },
    /// A jigsaw map that makes no shape.
    Shape {
        /// The file.
        path: PathBuf,
        /// Why.
        source: dlx_sudoku::sudoku::ShapeError,
    },
    /// A Sudoku puzzle line that does not read.
    Puzzle {
        /// The file.
        path: PathBuf,
        /// Where and what.
        source: dlx_sudoku::sudoku::ParseError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            LoadError::Parse { path, source } => write!(f, "{}: {source}", path.display()),
            LoadError::Shape { path, source } => write!(f, "{}: {source}", path.display()),
            LoadError::Puzzle { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Io { source, .. } => Some(source),
            LoadError::Parse { source, .. } => Some(source),
            LoadError::Shape { source, .. } => Some(source),
            LoadError::Puzzle { source, .. } => Some(source),
        }
    }
}

/// The path of the reference instance `name` (`"q12"` is `DATA_DIR/q12.dlx`).
///
/// ```
/// assert!(benches::instance_path("q12").ends_with("tests/data/q12.dlx"));
/// ```
pub fn instance_path(name: &str) -> PathBuf {
    PathBuf::from(format!("{DATA_DIR}{name}.dlx"))
}

/// Reads and parses the reference instance `name` (a file stem in [`DATA_DIR`], such as
/// `"q12"` or `"pent4x15"`).
///
/// ```
/// let toy = benches::load("toy").unwrap();
/// assert_eq!((toy.num_primary(), toy.num_secondary(), toy.num_options()), (5, 2, 6));
/// assert!(benches::load("no-such-instance").is_err());
/// ```
pub fn load(name: &str) -> Result<Problem, LoadError> {
    load_path(instance_path(name))
}

/// Reads and parses a file of DLX text.
pub(crate) fn load_path(path: PathBuf) -> Result<Problem, LoadError> {
    let text = std::fs::read_to_string(&path).map_err(|source| LoadError::Io {
        path: path.clone(),
        source,
    })?;
    dlx_core::format::parse(&text).map_err(|source| LoadError::Parse { path, source })
}

/// What Knuth's DLX1 reports for a reference instance (from `dlx-core/tests/data/README.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The file stem of the instance.
    pub name: &'static str,
    /// The number of solutions.
    pub solutions: u64,
    /// Search-tree nodes, one per level entered plus one per solution.
    pub nodes: u64,
    /// Items unlinked from the active list plus option nodes hidden.
    pub updates: u64,
}

/// DLX1's figures for the plain exact-cover reference instances (the ones both engines can
/// run: no colours, no multiplicities).
pub const EXPECTED: &[Expected] = &[
    Expected {
        name: "toy",
        solutions: 1,
        nodes: 6,
        updates: 30,
    },
    Expected {
        name: "q8",
        solutions: 92,
        nodes: 1_049,
        updates: 16_680,
    },
    Expected {
        name: "q10",
        solutions: 724,
        nodes: 11_578,
        updates: 198_264,
    },
    Expected {
        name: "q12",
        solutions: 14_200,
        nodes: 211_716,
        updates: 3_594_752,
    },
    Expected {
        name: "q14",
        solutions: 365_596,
        nodes: 5_474_542,
        updates: 91_497_926,
    },
    Expected {
        name: "sud1",
        solutions: 1,
        nodes: 386,
        updates: 8_239,
    },
    Expected {
        name: "pent3x20",
        solutions: 8,
        nodes: 32_978,
        updates: 10_986_975,
    },
    Expected {
        name: "pent4x15",
        solutions: 1_472,
        nodes: 852_893,
        updates: 279_621_691,
    },
    Expected {
        name: "pent6x10",
        solutions: 9_356,
        nodes: 3_637_261,
        updates: 1_242_377_480,
    },
];

/// DLX1's figures for the instance `name`, if it is one of [`EXPECTED`].
///
/// ```
/// assert_eq!(benches::expected("q12").unwrap().solutions, 14_200);
/// assert!(benches::expected("color").is_none()); // colours: not a DLX1 instance
/// ```
pub fn expected(name: &str) -> Option<Expected> {
    EXPECTED.iter().copied().find(|e| e.name == name)
}

/// Counts the solutions of `problem` with `dlx-core` (Algorithm X, or C/M when the problem
/// needs them), building the solver's links first.
///
/// To keep the link building out of a measurement, build a [`Solver`] once and time
/// `solver.clone().count()` instead (cloning is a `memcpy` of the links).
///
/// ```
/// let count = benches::count_core(&benches::load("toy").unwrap());
/// assert_eq!((count.solutions, count.stats.nodes, count.stats.updates), (1, 6, 30));
/// ```
pub fn count_core(problem: &Problem) -> Count {
    Solver::links(problem).count()
}

/// Why a problem cannot be given to the peer's Algorithm X.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The problem colours some secondary item (the peer's `dlx::c` would be needed).
    Colors,
    /// Some primary item has multiplicity bounds (the peer's `dlx::m` would be needed).
    Multiplicities,
    /// The peer requires at least one primary item.
    NoPrimaryItems,
    /// The peer requires at least one option.
    NoOptions,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unsupported::Colors => "the problem has colours",
            Unsupported::Multiplicities => "the problem has multiplicities",
            Unsupported::NoPrimaryItems => "the problem has no primary item",
            Unsupported::NoOptions => "the problem has no option",
        })
    }
}

impl std::error::Error for Unsupported {}

/// A problem in the `dlx` crate's input form: item counts and options as lists of item
/// indices (0-based, primaries `0..num_primary` first, then the secondaries), exactly
/// `dlx_core`'s [`ItemId`](dlx_core::ItemId) numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerInput {
    /// Number of primary items.
    pub num_primary: Uint,
    /// Number of secondary items.
    pub num_secondary: Uint,
    /// Each option's items, in input order.
    pub options: Vec<Vec<Uint>>,
}

impl PeerInput {
    /// Converts a plain exact-cover problem (primary and secondary items, no colours, no
    /// multiplicities) item index for item index.
    ///
    /// ```
    /// let input = benches::PeerInput::new(&benches::load("toy").unwrap()).unwrap();
    /// assert_eq!((input.num_primary, input.num_secondary), (5, 2));
    /// assert_eq!(input.options[0], [2, 4, 5]); // "c e f"
    ///
    /// let color = benches::load("color").unwrap();
    /// assert_eq!(benches::PeerInput::new(&color), Err(benches::Unsupported::Colors));
    /// ```
    pub fn new(problem: &Problem) -> Result<PeerInput, Unsupported> {
        if problem.has_multiplicities() {
            return Err(Unsupported::Multiplicities);
        }
        if problem.has_colors() {
            return Err(Unsupported::Colors);
        }
        if problem.num_primary() == 0 {
            return Err(Unsupported::NoPrimaryItems);
        }
        if problem.num_options() == 0 {
            return Err(Unsupported::NoOptions);
        }
        let options = problem
            .options()
            .map(|o| problem.option_items(o).map(|i| i.index() as Uint).collect())
            .collect();
        Ok(PeerInput {
            num_primary: problem.num_primary() as Uint,
            num_secondary: problem.num_secondary() as Uint,
            options,
        })
    }
}

/// The peer's links for one problem (its `dlx::x` item and option arrays), built once.
///
/// [`problem`](Self::problem) hands out a fresh copy to search, so that a benchmark can keep
/// building out of the timed loop.
#[derive(Clone, Debug)]
pub struct PeerLinks {
    items: INodes,
    opts: ONodes,
}

impl PeerLinks {
    /// Builds the peer's links for a plain exact-cover problem, options in input order
    /// (`OptOrder::Seq`, as DLX1 and `dlx_core` keep them).
    ///
    /// ```
    /// let links = benches::PeerLinks::new(&benches::load("q8").unwrap()).unwrap();
    /// assert_eq!(links.count().solutions, 92);
    /// ```
    pub fn new(problem: &Problem) -> Result<PeerLinks, Unsupported> {
        Ok(PeerLinks::from_input(&PeerInput::new(problem)?))
    }

    /// Builds the peer's links from its input form.
    ///
    /// ```
    /// let input = benches::PeerInput { num_primary: 2, num_secondary: 0,
    ///                                  options: vec![vec![0], vec![1], vec![0, 1]] };
    /// assert_eq!(benches::PeerLinks::from_input(&input).count().solutions, 2);
    /// ```
    pub fn from_input(input: &PeerInput) -> PeerLinks {
        let n = input.num_primary + input.num_secondary;
        PeerLinks {
            items: INodes::new(input.num_primary, input.num_secondary),
            opts: ONodes::new(n, input.num_primary, &input.options, OptOrder::Seq),
        }
    }

    /// A fresh copy of the links, ready for [`count_peer`].
    ///
    /// ```
    /// let links = benches::PeerLinks::new(&benches::load("toy").unwrap()).unwrap();
    /// let mut problem = links.problem();
    /// assert_eq!(benches::count_peer(&mut problem).solutions, 1);
    /// ```
    pub fn problem(&self) -> dlx::x::Problem {
        dlx::x::Problem::new(self.items.clone(), self.opts.clone())
    }

    /// Counts the solutions on a fresh copy of the links.
    ///
    /// See [`PeerLinks::new`] for an example.
    pub fn count(&self) -> PeerCount {
        count_peer(&mut self.problem())
    }
}

/// What a complete run of the peer's Algorithm X measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerCount {
    /// The number of solutions.
    pub solutions: u64,
    /// Search-tree nodes counted as Knuth does: the levels entered (the peer's profile)
    /// plus one per solution.
    pub nodes: u64,
    /// The peer's update counter: one per item covered, one per option node hidden. Unlike
    /// DLX1 (and `dlx_core`), the peer does not cover a chosen item whose list is empty (it
    /// backs up at once), so it counts one update fewer per such dead end.
    pub updates: u64,
}

/// Counts every solution of a peer problem with the `dlx` crate's Algorithm X, without
/// storing them: `dlx::Solver::next_solution` with the minimum-remaining-values chooser
/// (`mrv_chooser(prefer_any(), no_tiebreak())`, ties to the leftmost item, as DLX1).
///
/// A complete search restores every link, so the same `problem` can be counted again.
///
/// ```
/// let links = benches::PeerLinks::new(&benches::load("toy").unwrap()).unwrap();
/// let mut problem = links.problem();
/// let first = benches::count_peer(&mut problem);
/// // DLX1 counts 30 updates: it also covers the one item found with an empty list.
/// assert_eq!((first.solutions, first.nodes, first.updates), (1, 6, 29));
/// assert_eq!(benches::count_peer(&mut problem), first);
/// ```
pub fn count_peer(problem: &mut dlx::x::Problem) -> PeerCount {
    run_peer(problem, mrv_chooser(prefer_any(), no_tiebreak()))
}

/// Runs the peer's solver to the end with `chooser`, counting solutions without storing
/// them (any of its algorithms).
pub(crate) fn run_peer<P: dlx::Solve, C: dlx::choose::Choose<P>>(
    problem: &mut P,
    mut chooser: C,
) -> PeerCount {
    let mut solver = dlx::Solver::new(problem);
    let mut solutions = 0u64;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    let levels: usize = solver.get_profile().iter().sum();
    PeerCount {
        solutions,
        nodes: levels as u64 + solutions,
        updates: solver.get_updates().unsigned_abs() as u64,
    }
}

/// Wall times of both engines on one problem, measured alternately (see
/// [`time_interleaved`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interleaved {
    /// `dlx-core`'s search times, one per round, sorted.
    pub ours: Vec<Duration>,
    /// The peer's search times, one per round, sorted.
    pub peer: Vec<Duration>,
}

impl Interleaved {
    /// The fastest search of each engine: `(ours, peer)`.
    ///
    /// See [`time_interleaved`] for an example.
    pub fn min(&self) -> (Duration, Duration) {
        (self.ours[0], self.peer[0])
    }

    /// The median search of each engine: `(ours, peer)`.
    ///
    /// See [`time_interleaved`] for an example.
    pub fn median(&self) -> (Duration, Duration) {
        (
            self.ours[self.ours.len() / 2],
            self.peer[self.peer.len() / 2],
        )
    }

    /// Peer time over our time for the fastest searches (above 1: we are faster).
    ///
    /// See [`time_interleaved`] for an example.
    pub fn min_ratio(&self) -> f64 {
        let (ours, peer) = self.min();
        peer.as_secs_f64() / ours.as_secs_f64()
    }

    /// Peer time over our time for the median searches (above 1: we are faster).
    ///
    /// See [`time_interleaved`] for an example.
    pub fn median_ratio(&self) -> f64 {
        let (ours, peer) = self.median();
        peer.as_secs_f64() / ours.as_secs_f64()
    }
}

/// The best and the median of `times` (sorted in place), as the interleaved examples
/// report each engine's passes.
///
/// ```
/// use std::time::Duration;
/// let mut t = [3, 1, 2].map(Duration::from_millis);
/// assert_eq!(benches::best_and_median(&mut t), (Duration::from_millis(1), Duration::from_millis(2)));
/// ```
pub fn best_and_median(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    (times[0], times[times.len() / 2])
}

/// Times `rounds` complete counts with each engine, alternating them (ours first in even
/// rounds, the peer first in odd ones) so that both see the same background load: on a
/// shared, noisy machine the ratio of their minimum (or median) times is steadier than two
/// measurements taken one after the other.
///
/// As in the criterion benchmarks, only the search is timed: each engine's links are built
/// once, and each round searches a fresh copy made before its clock starts. Every count is
/// checked against the first one.
///
/// ```
/// let q8 = benches::load("q8").unwrap();
/// let t = benches::time_interleaved(&q8, 3).unwrap();
/// assert_eq!((t.ours.len(), t.peer.len()), (3, 3));
/// assert!(t.min().0 <= t.median().0);
/// assert!(t.min_ratio() > 0.0 && t.median_ratio() > 0.0);
/// ```
///
/// # Panics
///
/// If `rounds` is 0, or if the engines disagree on the number of solutions.
pub fn time_interleaved(problem: &Problem, rounds: usize) -> Result<Interleaved, Unsupported> {
    assert!(rounds > 0, "time_interleaved needs at least one round");
    let peer = PeerLinks::new(problem)?;
    let template = Solver::links(problem);
    let want = template.clone().count().solutions;
    let mut ours = Vec::with_capacity(rounds);
    let mut theirs = Vec::with_capacity(rounds);
    for round in 0..rounds {
        for turn in 0..2 {
            if (turn == 0) == (round % 2 == 0) {
                let solver = template.clone();
                let start = Instant::now();
                let solutions = black_box(solver.count().solutions);
                ours.push(start.elapsed());
                assert_eq!(solutions, want, "dlx-core solutions");
            } else {
                let mut links = peer.problem();
                let start = Instant::now();
                let solutions = black_box(count_peer(&mut links).solutions);
                theirs.push(start.elapsed());
                assert_eq!(solutions, want, "dlx 0.8.5 solutions");
            }
        }
    }
    ours.sort_unstable();
    theirs.sort_unstable();
    Ok(Interleaved { ours, peer: theirs })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both engines on one instance: solutions, and DLX1's nodes and updates for ours.
    fn agree(name: &str) -> (Count, PeerCount) {
        let want = expected(name).unwrap();
        let problem = load(name).unwrap();
        let ours = count_core(&problem);
        let peer = PeerLinks::new(&problem).unwrap().count();
        assert!(ours.is_complete());
        assert_eq!(ours.solutions, want.solutions, "{name}: dlx-core solutions");
        assert_eq!(ours.stats.nodes, want.nodes, "{name}: dlx-core nodes");
        assert_eq!(ours.stats.updates, want.updates, "{name}: dlx-core updates");
        assert_eq!(
            peer.solutions, want.solutions,
            "{name}: dlx 0.8.5 solutions"
        );
        (ours, peer)
    }

    #[test]
    fn engines_agree_on_q8() {
        let (ours, peer) = agree("q8");
        assert_eq!(ours.solutions, 92);
        assert_eq!(peer.solutions, 92);
    }

    #[test]
    fn engines_agree_on_toy() {
        let (ours, peer) = agree("toy");
        assert_eq!(ours.solutions, 1);
        assert_eq!(peer.solutions, 1);
    }

    #[test]
    fn peer_search_tree_matches_dlx1() {
        // The peer walks the same tree as DLX1 and dlx-core (same nodes); it skips covering
        // an item whose list is empty, so it counts a few updates fewer.
        for name in ["toy", "q8", "q10", "sud1"] {
            let want = expected(name).unwrap();
            let peer = PeerLinks::new(&load(name).unwrap()).unwrap().count();
            assert_eq!(
                (peer.solutions, peer.nodes),
                (want.solutions, want.nodes),
                "{name}"
            );
            assert!(peer.updates <= want.updates, "{name}");
            // At most one skipped cover per node that is not a solution.
            assert!(
                peer.updates + (want.nodes - want.solutions) >= want.updates,
                "{name}"
            );
        }
    }

    #[test]
    fn conversion_keeps_item_indices_and_option_order() {
        let problem = load("toy").unwrap();
        let input = PeerInput::new(&problem).unwrap();
        assert_eq!(input.options.len(), problem.num_options());
        for (k, o) in problem.options().enumerate() {
            let names: Vec<&str> = input.options[k]
                .iter()
                .map(|&i| problem.item_name(dlx_core::ItemId::new(i as u32)))
                .collect();
            assert_eq!(names.join(" "), problem.option_text(o));
        }
    }

    #[test]
    fn every_expected_instance_exists() {
        for e in EXPECTED {
            assert!(instance_path(e.name).is_file(), "{}", e.name);
        }
    }

    #[test]
    fn unsupported_problems_are_refused() {
        assert_eq!(
            PeerInput::new(&load("color").unwrap()),
            Err(Unsupported::Colors)
        );
        assert_eq!(
            PeerInput::new(&load("mult").unwrap()),
            Err(Unsupported::Multiplicities)
        );
    }

    #[test]
    fn missing_instance_is_an_io_error() {
        let err = load("no-such-instance").unwrap_err();
        assert!(matches!(err, LoadError::Io { .. }));
        assert!(err.to_string().contains("no-such-instance.dlx"));
    }
}
