//! # dlx-core: exact cover by Dancing Links
//!
//! Knuth's Algorithm X (exact cover with primary and secondary items), Algorithm C
//! (colours) and Algorithm M (multiplicities), on a pointer-free arena of `u32` links, with
//! an iterative search that can be iterated, stopped, budgeted, observed and split.
//!
//! ```
//! use dlx_core::{ProblemBuilder, Solver, Uniqueness};
//!
//! // Knuth's example from TAOCP 7.2.2.1: items a..g, six options.
//! let mut b = ProblemBuilder::new();
//! for name in ["a", "b", "c", "d", "e", "f", "g"] {
//!     b.add_primary(name)?;
//! }
//! for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
//!     b.add_option_by_names(option.split(' '))?;
//! }
//! let problem = b.build()?;
//!
//! let count = Solver::new(&problem).count();
//! assert_eq!(count.solutions, 1);
//! assert_eq!(count.stats.nodes, 6); // levels entered 5 times, plus 1 solution
//!
//! let Uniqueness::Unique(solution) = Solver::new(&problem).unique() else { panic!() };
//! let mut text: Vec<String> = solution.options().iter().map(|&o| problem.option_text(o)).collect();
//! text.sort();
//! assert_eq!(text, ["a d f", "b g", "c e"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!

#![deny(missing_docs)]

mod checkpoint;
mod dense;
pub mod distributed;
mod engine;
mod error;
pub mod format;
mod links;
mod memo;
mod observer;
#[cfg(feature = "parallel")]
mod parallel;
mod problem;
mod solver;
pub mod symmetry;
pub mod trace;
mod unit;
mod verify;

pub use checkpoint::{
    problem_hash, split_units, split_units_with, Checkpoint, CheckpointError, CHECKPOINT_VERSION,
    MAX_CHECKPOINT_BYTES,
};
pub use dense::Dense;
pub use engine::{
    dense_state_bytes, Auto, Counters, Counters as UnitCounts, DenseError, Engine, EngineChoice,
    PreselectError, StopReason, UnitError, AUTO_DENSE_MAX_OPTIONS, AUTO_DENSE_MAX_STATE_BYTES,
};
pub use error::ProblemError;
pub use links::Links;
pub use memo::zdd::text as zdd_text;
pub use memo::zdd::{
    NodeId, Sampler, Solutions as ZddSolutions, Zdd, ZddError, ZddNode, BOTTOM, TOP,
};
pub use memo::{
    default_memo_limit, ItemOrder, MemoCount, MemoError, MemoProgress, MemoSnapshot, MemoSolver,
    MemoStats, MAX_MEMO_THREADS,
};
pub use num_bigint::BigUint;
pub use observer::{NoObserver, Observer, View};
#[cfg(feature = "parallel")]
pub use parallel::{
    ParallelError, ParallelJob, ParallelSolver, Progress, ProgressSnapshot, MAX_THREADS,
};
pub use problem::{
    AddedOption, ColorId, ItemId, ItemKind, OptionEntry, OptionId, Problem, ProblemBuilder,
    SkippedOption,
};
pub use solver::{
    Count, DenseSolutions, DenseSolver, First, Solution, Solutions, Solver, Stats, Uniqueness,
};
pub use unit::{TreePosition, Unit, UnitRecord, UnitSearch};
pub use verify::{verify, VerifyError};

/// The README's Rust examples, compiled and run as this crate's doc tests, so that what a
/// reader pastes compiles (`cargo test --doc -p dlx-core`).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
