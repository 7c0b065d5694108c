//! What the engines refuse: an option that cannot be fixed, a problem the dense engine
//! cannot take, a work unit that names no part of the tree.

use thiserror::Error;

use crate::problem::OptionId;

/// Why an option could not be fixed before the search.
///
/// ```
/// use dlx_core::{PreselectError, ProblemBuilder, Solver, OptionId};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let mut s = Solver::new(&p);
/// s.preselect(OptionId::new(0)).unwrap();
/// assert_eq!(s.preselect(OptionId::new(1)), Err(PreselectError::Conflict(OptionId::new(1))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PreselectError {
    /// The option clashes with options fixed before it.
    #[error("option {} conflicts with the options fixed before it", .0.index())]
    Conflict(OptionId),
    /// No such option.
    #[error("no option {}", .0.index())]
    UnknownOption(OptionId),
    /// Options can only be fixed before the search starts.
    #[error("options can only be fixed before the search starts")]
    AlreadyStarted,
}

/// Why the dense engine cannot take a problem.
///
/// ```
/// use dlx_core::{DenseSolver, DenseError, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary_with_bounds("A", 1, 2).unwrap();
/// for _ in 0..40_000 {
///     b.add_option([a]).unwrap();
/// }
/// let p = b.build().unwrap();
/// let err = DenseSolver::try_new(&p).unwrap_err();
/// assert_eq!(err, DenseError::LongItem { item: "A".into(), options: 40_000 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DenseError {
    /// More entries than 32-bit indices can address.
    #[error("problem too large for 32-bit indices")]
    TooLarge,
    /// A primary item with more options than a 16-bit tally can count (secondary items
    /// have no tally, so any number of options).
    #[error(
        "primary item `{item}` has {options} options; the dense engine takes at most 32,767 per primary item"
    )]
    LongItem {
        /// The item's name.
        item: String,
        /// Its options.
        options: usize,
    },
}

/// Why a unit could not be started on a problem.
///
/// ```
/// use dlx_core::{format::parse, Unit, UnitError, UnitSearch};
/// let p = parse("A\nA\n").unwrap();
/// let bad = Unit::Range { path: vec![], first: 2, last: 2 };
/// assert!(matches!(UnitSearch::new(&p, &bad), Err(UnitError::NoSuchBranch { level: 0, .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitError {
    /// A branch number beyond the branches of its level.
    #[error("level {level} has no branch {branch}")]
    NoSuchBranch {
        /// The level.
        level: usize,
        /// The branch asked for (1-based).
        branch: u32,
    },
    /// The path runs through a solution or past the bottom of the tree.
    #[error("the path ends at a leaf at level {level}: there is nothing below it")]
    PathThroughLeaf {
        /// The level.
        level: usize,
    },
    /// `first` is 0 or greater than `last`.
    #[error("empty branch range {first}..={last}")]
    EmptyRange {
        /// First branch.
        first: u32,
        /// Last branch.
        last: u32,
    },
    /// The engine asked for cannot take the problem ([`UnitSearch::with_engine`](crate::UnitSearch::with_engine) with
    /// [`EngineChoice::Dense`](crate::EngineChoice::Dense)).
    #[error(transparent)]
    Engine(#[from] DenseError),
}
