//! The `dlx` crate 0.8.5's Algorithm C (colours, `dlx::c`), Algorithm M (multiplicities,
//! `dlx::m`) and both together (`dlx::mc`), fed with a [`dlx_core::Problem`].
//!
//! As for Algorithm X ([`PeerLinks`](crate::PeerLinks)), the peer's links are built once
//! and every search runs on a fresh copy ([`PeerCmLinks::problem`]), so that a benchmark can
//! keep the building out of its timed loop. Item indices are `dlx_core`'s (primaries first);
//! a colour is `dlx_core`'s 1-based colour number (the peer's colour 0 means "no colour").
//!
//! Branching rules, as Knuth's programs: Algorithm C picks the item with the fewest options,
//! ties to the leftmost (`mrv_chooser(prefer_any(), no_tiebreak())`, DLX2); Algorithms M and
//! MC pick the item of least branch degree, ties to the smaller slack and then the longer
//! list (`mrv_chooser(prefer_any(), knuth_tiebreak())`, DLX3).
//!
//! ```
//! use benches::peer_cm::PeerCmLinks;
//!
//! let t34 = benches::load("t34open").unwrap();
//! assert_eq!(PeerCmLinks::new(&t34).unwrap().count().solutions, 16);
//! let kd1 = benches::load("kd1").unwrap();
//! assert_eq!(PeerCmLinks::new(&kd1).unwrap().count().solutions, 1);
//! ```

use dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
use dlx::{Int, OptOrder, Uint};
use dlx_core::{ItemKind, Problem};

use crate::{run_peer, PeerCount, Unsupported};

/// Which of the peer's algorithms a problem needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain exact cover (`dlx::x`).
    X,
    /// Colours (`dlx::c`).
    C,
    /// Multiplicities (`dlx::m`).
    M,
    /// Multiplicities and colours (`dlx::mc`).
    Mc,
}

/// The peer's links for one problem, built once, for the algorithm the problem needs.
#[derive(Clone, Debug)]
pub enum PeerCmLinks {
    /// `dlx::x`: no colours, no multiplicities.
    X(dlx::x::INodes, dlx::x::ONodes),
    /// `dlx::c`: colours.
    C(dlx::x::INodes, dlx::c::ONodes),
    /// `dlx::m`: multiplicities.
    M(dlx::m::INodes, dlx::x::ONodes),
    /// `dlx::mc`: both.
    Mc(dlx::m::INodes, dlx::c::ONodes),
}

/// A fresh copy of the peer's links, ready to search with [`count_cm`].
#[derive(Debug)]
pub enum PeerCmProblem {
    /// `dlx::x`.
    X(dlx::x::Problem),
    /// `dlx::c`.
    C(dlx::c::Problem),
    /// `dlx::m`.
    M(dlx::m::Problem),
    /// `dlx::mc`.
    Mc(dlx::mc::Problem),
}

impl PeerCmLinks {
    /// Builds the peer's links for `problem`, options in input order (`OptOrder::Seq`),
    /// choosing `dlx::x`, `dlx::c`, `dlx::m` or `dlx::mc` from what the problem has.
    ///
    /// ```
    /// use benches::peer_cm::{Algorithm, PeerCmLinks};
    /// let links = |name| PeerCmLinks::new(&benches::load(name).unwrap()).unwrap();
    /// assert_eq!(links("q8").algorithm(), Algorithm::X);
    /// assert_eq!(links("color").algorithm(), Algorithm::C);
    /// assert_eq!(links("kd2").algorithm(), Algorithm::M);
    /// assert_eq!(links("mult").algorithm(), Algorithm::Mc);
    /// ```
    pub fn new(problem: &Problem) -> Result<PeerCmLinks, Unsupported> {
        if problem.num_primary() == 0 {
            return Err(Unsupported::NoPrimaryItems);
        }
        if problem.num_options() == 0 {
            return Err(Unsupported::NoOptions);
        }
        let np = problem.num_primary() as Uint;
        let ns = problem.num_secondary() as Uint;
        let n = np + ns;
        let plain = || -> Vec<Vec<Uint>> {
            problem
                .options()
                .map(|o| problem.option_items(o).map(|i| i.index() as Uint).collect())
                .collect()
        };
        let colored = || -> Vec<Vec<(Uint, Int)>> {
            problem
                .options()
                .map(|o| {
                    problem
                        .option(o)
                        .map(|e| {
                            (
                                e.item.index() as Uint,
                                e.color.map_or(0, |c| c.get() as Int),
                            )
                        })
                        .collect()
                })
                .collect()
        };
        let bounds = || -> Vec<(Int, Int)> {
            problem
                .items()
                .filter_map(|i| match problem.item_kind(i) {
                    ItemKind::Primary { lower, upper } => Some((lower as Int, upper as Int)),
                    ItemKind::Secondary => None,
                })
                .collect()
        };
        Ok(match (problem.has_multiplicities(), problem.has_colors()) {
            (false, false) => PeerCmLinks::X(
                dlx::x::INodes::new(np, ns),
                dlx::x::ONodes::new(n, np, &plain(), OptOrder::Seq),
            ),
            (false, true) => PeerCmLinks::C(
                dlx::x::INodes::new(np, ns),
                dlx::c::ONodes::new(n, np, &colored(), OptOrder::Seq),
            ),
            (true, false) => PeerCmLinks::M(
                dlx::m::INodes::new(bounds(), ns),
                dlx::x::ONodes::new(n, np, &plain(), OptOrder::Seq),
            ),
            (true, true) => PeerCmLinks::Mc(
                dlx::m::INodes::new(bounds(), ns),
                dlx::c::ONodes::new(n, np, &colored(), OptOrder::Seq),
            ),
        })
    }

    /// The algorithm these links are for.
    ///
    /// See [`PeerCmLinks::new`] for an example.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            PeerCmLinks::X(..) => Algorithm::X,
            PeerCmLinks::C(..) => Algorithm::C,
            PeerCmLinks::M(..) => Algorithm::M,
            PeerCmLinks::Mc(..) => Algorithm::Mc,
        }
    }

    /// A fresh copy of the links (clones of the peer's item and option arrays).
    ///
    /// ```
    /// use benches::peer_cm::{count_cm, PeerCmLinks};
    /// let links = PeerCmLinks::new(&benches::load("color").unwrap()).unwrap();
    /// let mut problem = links.problem();
    /// assert_eq!(count_cm(&mut problem).solutions, 1);
    /// ```
    pub fn problem(&self) -> PeerCmProblem {
        match self {
            PeerCmLinks::X(i, o) => PeerCmProblem::X(dlx::x::Problem::new(i.clone(), o.clone())),
            PeerCmLinks::C(i, o) => PeerCmProblem::C(dlx::c::Problem::new(i.clone(), o.clone())),
            PeerCmLinks::M(i, o) => PeerCmProblem::M(dlx::m::Problem::new(i.clone(), o.clone())),
            PeerCmLinks::Mc(i, o) => PeerCmProblem::Mc(dlx::mc::Problem::new(i.clone(), o.clone())),
        }
    }

    /// Counts the solutions on a fresh copy of the links.
    ///
    /// See the [module](self) for an example.
    pub fn count(&self) -> PeerCount {
        count_cm(&mut self.problem())
    }
}

/// Counts every solution of a fresh peer problem (see [`PeerCmLinks::problem`]) with the
/// peer's algorithm for it and Knuth's branching rule for that algorithm.
///
/// See [`PeerCmLinks::problem`] for an example.
pub fn count_cm(problem: &mut PeerCmProblem) -> PeerCount {
    match problem {
        PeerCmProblem::X(p) => run_peer(p, mrv_chooser(prefer_any(), no_tiebreak())),
        PeerCmProblem::C(p) => run_peer(p, mrv_chooser(prefer_any(), no_tiebreak())),
        PeerCmProblem::M(p) => run_peer(p, mrv_chooser(prefer_any(), knuth_tiebreak())),
        PeerCmProblem::Mc(p) => run_peer(p, mrv_chooser(prefer_any(), knuth_tiebreak())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load;

    #[test]
    fn counts_match_knuths_programs() {
        // Solutions from dlx-core/tests/data/README.md (DLX2, DLX3).
        for (name, algorithm, solutions) in [
            ("color", Algorithm::C, 1),
            ("t34open", Algorithm::C, 16),
            ("mult", Algorithm::Mc, 1),
            ("kd1", Algorithm::M, 1),
            ("kd2", Algorithm::M, 1),
            ("q8", Algorithm::X, 92),
        ] {
            let links = PeerCmLinks::new(&load(name).unwrap()).unwrap();
            assert_eq!(links.algorithm(), algorithm, "{name}");
            assert_eq!(links.count().solutions, solutions, "{name}");
        }
    }

    #[test]
    fn plain_problems_walk_dlx1s_tree() {
        let want = crate::expected("q8").unwrap();
        let links = PeerCmLinks::new(&load("q8").unwrap()).unwrap();
        let got = links.count();
        assert_eq!((got.solutions, got.nodes), (want.solutions, want.nodes));
    }
}
