//! Counting by symmetry: the symmetry group of a problem, totals by orbits, counts up to
//! symmetry, one solution per orbit.
//!
//! A symmetry of a problem ([`Automorphism`]) permutes its items, primary to primary and
//! secondary to secondary, so that the options go to options (colours kept). A [`Group`]
//! of them is given by generators: written in the DLX file as `| symmetry:` lines
//! ([`parse_generators`]; `dlx gen` writes them for its families), or found by
//! [`find_group`] for any problem.
//!
//! With a group, [`SymmetricCounter`] counts the solutions by cutting the search tree into
//! orbits (the total, with up to the group's order fewer nodes) and the solutions up to
//! symmetry by Burnside's lemma (the average over the group of the solutions each element
//! fixes, each a smaller exact cover problem: [`fixed_problem`]); [`is_canonical`] keeps one
//! solution per orbit.
//!
//! ```
//! use dlx_core::format::parse;
//! use dlx_core::symmetry::{find_group, SymmetricCounter};
//! // Domino tilings of a 2x3 board: 3, and 2 up to the board's four symmetries.
//! let p = parse("a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\n").unwrap();
//! let group = find_group(&p)?;
//! assert_eq!(group.order(), 4);
//! let count = SymmetricCounter::new(&p, &group).up_to_symmetry(true).count()?;
//! assert_eq!((count.solutions, count.up_to_symmetry), (3, Some(2)));
//! # Ok::<(), dlx_core::symmetry::SymmetryError>(())
//! ```

mod canonical;
mod counter;
mod cover;
mod find;
mod fixed;
mod group;
mod orbits;
mod perm;
mod pieces;
mod saved;
mod text;
mod units;

use thiserror::Error;

pub use canonical::{canonical_form, is_canonical, orbit_size};
pub use counter::{SymmetricCount, SymmetricCounter, PIECES_PER_THREAD};
pub use find::{find_generators, find_group, find_group_with, FindLimits};
pub use fixed::fixed_problem;
pub use group::{Group, MAX_GROUP_ORDER, MAX_GROUP_WORDS};
pub use perm::Automorphism;
pub use pieces::{Piece, Pieces};
pub use saved::{SymmetricCheckpoint, SYMMETRY_CHECKPOINT_VERSION};
pub use text::{parse_generators, write_generators, SYMMETRY_TAG};
pub use units::{
    is_symmetric_units, merge_symmetric, read_symmetric_lines, symmetric_split, SymmetricLine,
    SymmetricMerged, SymmetricSplitHeader, SymmetricUnitLine, SYMMETRY_UNITS_VERSION,
};

/// Why a group could not be made or used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SymmetryError {
    /// Not a permutation (an image twice, out of range, a wrong length).
    #[error("not a permutation: {0}")]
    NotAPermutation(String),
    /// An item name that the problem does not have.
    #[error("unknown item name `{0}`")]
    UnknownItem(String),
    /// A primary item sent to a secondary one or back.
    #[error(
        "item `{from}` is sent to `{to}`, which is not of the same kind (primary or secondary)"
    )]
    KindChanged {
        /// The item.
        from: String,
        /// Its image.
        to: String,
    },
    /// An option whose image is not an option: not a symmetry.
    #[error("not a symmetry of the problem: the image of option `{0}` is not an option")]
    NoImage(String),
    /// An item that no item can be the image of under a permutation of the options.
    #[error("not a symmetry of the problem: no item can be the image of item `{0}`")]
    NoItemImage(String),
    /// Symmetry of problems with multiplicities (Algorithm M) is not supported.
    #[error("counting by symmetry does not take problems with multiplicities")]
    Multiplicities,
    /// The group has more elements than are listed.
    #[error("the group has more than {0} elements: too large to list")]
    GroupTooLarge(usize),
    /// A count larger than 2^64 - 1.
    #[error("the count overflows 64 bits")]
    Overflow,
    /// Burnside's sum not a multiple of the group's order (a bug: it always is).
    #[error("Burnside's sum {sum} is not a multiple of the group's order {order}")]
    NotDivisible {
        /// The sum of the fixed-point counts.
        sum: String,
        /// The group's order.
        order: usize,
    },
    /// The engine asked for cannot take the problem.
    #[error(transparent)]
    Engine(#[from] crate::DenseError),
    /// A folded problem could not be built.
    #[error(transparent)]
    Problem(#[from] crate::ProblemError),
    /// The search for the group took more than this many refinements.
    #[error("the search for the symmetry group took more than {0} refinements: given up")]
    SearchTooLong(u64),
    /// A piece of a count that does not belong to the problem or its group.
    #[error("not a piece of this count: {0}")]
    BadPiece(String),
    /// The thread pool could not start.
    #[error("cannot start the threads: {0}")]
    Threads(String),
    /// Where in a text a generator line is wrong.
    #[error("line {line}, column {column}: {error}")]
    At {
        /// The line, from 1.
        line: usize,
        /// The column, from 1, in characters.
        column: usize,
        /// What is wrong.
        error: Box<SymmetryError>,
    },
}

#[cfg(test)]
mod tests;
