//! The engine layer: the contract between the solver and the engines that search, and the
//! vocabulary every engine, the work units and the parallel driver share.
//!
//! Below it: the problem, the links' arena (which observers read) and the observer. Above
//! it: the engines (`links/`, `dense/`), each in its own folder, importing only this layer
//! and what is below; above them [`Auto`] (`auto.rs`), which holds either; above that the
//! solver, the work units and the parallel and distributed drivers.
//!
//! One file a job: `limits.rs` ([`Limits`], [`Step`], [`StopReason`] and the cancellation
//! check), `counters.rs` ([`Counters`]), `error.rs` (what engines refuse), `unit.rs` (what a
//! work unit asks of an engine), `scan.rs` (the byte scan X3 shares), `auto.rs` (the
//! engine chosen per problem).

mod auto;
mod counters;
mod error;
mod limits;
mod scan;
mod unit;

pub use auto::{
    dense_state_bytes, Auto, EngineChoice, AUTO_DENSE_MAX_OPTIONS, AUTO_DENSE_MAX_STATE_BYTES,
};
pub use counters::Counters;
pub use error::{DenseError, PreselectError, UnitError};
pub(crate) use limits::raised;
pub use limits::StopReason;
pub(crate) use limits::{Limits, Step};
pub(crate) use scan::first_at_most;
pub(crate) use unit::{UnitEngine, UnitView};

use crate::observer::Observer;
use crate::problem::{OptionId, Problem};

/// An engine the [`Solver`](crate::Solver) can run: [`Links`](crate::Links) or [`Dense`](crate::Dense). Sealed: its
/// methods (preselect, run under limits, read a solution, counters) are the crate's own.
///
/// The contract between [`Solver`](crate::Solver) and the engines that search: fix options
/// before the search (preselect), run under limits to the next solution, read that
/// solution, and report the counters. [`Links`](crate::Links) (dancing links, Algorithms X, C and M) and
/// [`Dense`](crate::Dense) (a state copied per level, Algorithms X, C and M) both fulfil it, so the solver's
/// API (count, first, unique, the iterator, budgets, cancellation) is written once, as
/// `Solver<E: Engine>`, with static dispatch: each engine's search loop is compiled into
/// the solver as it is, untouched.
///
/// ```
/// use dlx_core::{format::parse, Dense, Engine, Links, Solver};
///
/// fn count<E: Engine>(p: &dlx_core::Problem) -> u64 {
///     Solver::<E>::try_new(p).expect("the engine takes the problem").count().solutions
/// }
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// assert_eq!(count::<Links>(&p), 92);
/// assert_eq!(count::<Dense>(&p), 92);
/// assert_eq!((Links::NAME, Dense::NAME), ("links", "dense"));
/// ```
///
/// Front ends that choose at run time hold one engine value, [`Auto`]: it picks the faster
/// engine for the problem (or holds the one given) and says which. It is what
/// [`Solver::new`](crate::Solver::new) runs.
///
/// ```
/// use dlx_core::{format::parse, Auto, Solver};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pent4x15.dlx"))).unwrap();
/// let solver: Solver<'_, Auto> = Solver::links(&p).with_node_budget(10).into_auto();
/// assert_eq!(solver.engine_name(), "links");
/// ```
pub trait Engine:
    Clone + std::fmt::Debug + sealed::Run<BuildError = <Self as Engine>::Error>
{
    /// Why the engine cannot take a problem ([`Infallible`](std::convert::Infallible) for one that takes them all).
    type Error: std::error::Error;
    /// The engine's name, as `--stats` prints it.
    const NAME: &'static str;
}

pub(crate) mod sealed {
    use super::{Counters, Limits, Observer, OptionId, PreselectError, Problem, Step};

    /// What the solver asks of an engine. Not nameable outside the crate, so that the
    /// search's own types stay private.
    pub trait Run: Sized {
        /// The engine's error type (see [`Engine::Error`](super::Engine::Error)).
        type BuildError;
        /// An engine at the root of `problem`'s search.
        fn build(problem: &Problem) -> Result<Self, Self::BuildError>;
        /// Fixes `option` before the search starts.
        fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError>;
        /// Runs to the next solution, the end, or an interruption. Only the links engine
        /// shows its steps to an observer; the solver gives the dense engine none.
        fn run<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step;
        /// Appends the options of the solution last found.
        fn solution_into(&self, out: &mut Vec<OptionId>);
        /// Nodes, updates and solutions so far.
        fn counters(&self) -> Counters;
        /// Nodes per level (untrimmed).
        fn profile(&self) -> &[u64];
        /// Moves the profile out (the search is over with).
        fn take_profile(&mut self) -> Vec<u64>;
        /// True once the whole tree has been explored.
        fn is_done(&self) -> bool;
        /// Lets the search end without restoring its state (nobody reads it afterwards).
        fn end_without_unwinding(&mut self) {}
        /// The name of the engine that searches (under [`Auto`](super::Auto), the one it
        /// picked).
        fn name(&self) -> &'static str;
    }
}
