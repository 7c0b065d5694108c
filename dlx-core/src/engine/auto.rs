//! [`Auto`], the engine chosen per problem (or at run time), and [`EngineChoice`]; above
//! the engines, which it holds.

use std::convert::Infallible;

use super::sealed::{self, Run};
use super::{
    Counters, DenseError, Engine, Limits, PreselectError, Step, UnitEngine, UnitError, UnitView,
};
use crate::dense::Dense;
use crate::links::arena::Arena;
use crate::links::Links;
use crate::observer::Observer;
use crate::problem::{OptionId, Problem};

/// The most options for which [`Auto`] picks the dense engine whatever its state's size.
/// Its state, copied per level, grows with the options: on pent6x10 (2,056 options) it is
/// twice as fast as the links, on a 16×16 Sudoku (4,096) no faster; 12×12 Sudoku (1,728)
/// and the queens gain (`docs/performance.md`).
pub const AUTO_DENSE_MAX_OPTIONS: usize = 2_100;

/// The most bytes of state per level ([`dense_state_bytes`]) for which [`Auto`] picks the
/// dense engine on a problem with more than [`AUTO_DENSE_MAX_OPTIONS`] options (a bit per
/// option: so at most 14,336 options). What the dense engine pays per node is
/// mostly that copy: at the same nodes it is 5× faster than the links on pentominoes in
/// 8×8 (2,308 options, 448 bytes), 3.4× on 3×10 closed knight's tours (2,901 options),
/// 2.1× and 1.8× on pentomino tilings of 12×12 and 14×14 (6,388 and 9,184 options, 1.1
/// and 1.5 KB), and no faster on tilings of 16×16 (12,484 options, 2.1 KB) or a 16×16
/// Sudoku (4,096 options, 2.5 KB: 1,024 tallies) (`docs/performance.md`).
pub const AUTO_DENSE_MAX_STATE_BYTES: usize = 1_792;

/// About how many bytes the dense engine copies per level for `problem`: a two-byte tally
/// per primary item, a bit per option and, with colours, four bytes per secondary item.
///
/// ```
/// use dlx_core::{dense_state_bytes, format::parse};
/// let q8 = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// // 16 primary items (rows and columns), 64 options: 32 + 8 bytes.
/// assert_eq!(dense_state_bytes(&q8), 40);
/// ```
pub fn dense_state_bytes(problem: &Problem) -> usize {
    let colours = if problem.has_colors() {
        4 * problem.num_secondary()
    } else {
        0
    };
    2 * problem.num_primary() + 8 * problem.num_options().div_ceil(64) + colours
}

/// Whether [`Auto`] tries the dense engine first: at most [`AUTO_DENSE_MAX_OPTIONS`]
/// options, or (without multiplicities) at most [`AUTO_DENSE_MAX_STATE_BYTES`] bytes of
/// state.
fn auto_prefers_dense(problem: &Problem) -> bool {
    problem.num_options() <= AUTO_DENSE_MAX_OPTIONS
        || (!problem.has_multiplicities()
            && dense_state_bytes(problem) <= AUTO_DENSE_MAX_STATE_BYTES)
}

/// The faster engine for the problem at hand: [`Dense`] when it takes the problem (every
/// primary item in at most 32,767 options) and the problem has at most
/// [`AUTO_DENSE_MAX_OPTIONS`] options, or more but a small state
/// ([`AUTO_DENSE_MAX_STATE_BYTES`]); [`Links`] otherwise, with or without multiplicities
/// (Algorithm M: `docs/performance.md`, "Multiplicities"). Either way the tree is the same,
/// node for node; the choice costs one branch per call into the engine, outside its loop.
///
/// ```
/// use dlx_core::{format::parse, Auto, Solver};
/// let q8 = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let solver: Solver<'_, Auto> = Solver::new(&q8); // what `Solver::new` runs
/// assert_eq!(solver.engine_name(), "dense");
/// assert_eq!(solver.count().solutions, 92);
/// let m = parse("2:2|a\na\na\n").unwrap(); // multiplicities (Algorithm M)
/// let solver = Solver::new(&m);
/// assert_eq!(solver.engine_name(), "dense");
/// assert_eq!(solver.count().solutions, 1);
/// ```
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Auto {
    /// The dancing-links engine.
    Links(Links),
    /// The dense engine.
    Dense(Dense),
}

impl From<Links> for Auto {
    fn from(links: Links) -> Self {
        Auto::Links(links)
    }
}

impl From<Dense> for Auto {
    fn from(dense: Dense) -> Self {
        Auto::Dense(dense)
    }
}

/// Which engine to run, chosen at run time: for [`Solver::with_engine_choice`],
/// [`ParallelSolver::with_engine_choice`] and [`UnitSearch::with_engine`], whose work units, checkpoints, progress, cancellation and
/// ordered streaming run on either engine (the tree, the units and the nodes are the same
/// on both; updates are each engine's own count). The default is [`Auto`](Self::Auto).
///
/// [`Solver::with_engine_choice`]: crate::Solver::with_engine_choice
/// [`ParallelSolver::with_engine_choice`]: crate::ParallelSolver::with_engine_choice
/// [`UnitSearch::with_engine`]: crate::UnitSearch::with_engine
///
/// ```
/// use dlx_core::{format::parse, EngineChoice, Unit, UnitSearch};
/// let q8 = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let unit = Unit::Range { path: vec![2], first: 1, last: 3 };
/// let dense = UnitSearch::with_engine(&q8, &unit, EngineChoice::Dense).unwrap();
/// let links = UnitSearch::with_engine(&q8, &unit, EngineChoice::Links).unwrap();
/// assert_eq!((dense.engine_name(), links.engine_name()), ("dense", "links"));
/// let (d, l) = (dense.count(), links.count());
/// assert_eq!((d.solutions, d.nodes), (l.solutions, l.nodes));
/// assert_eq!(EngineChoice::default(), EngineChoice::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineChoice {
    /// The faster engine for the problem, as [`Auto`] picks it (dense when it takes the
    /// problem and the problem has at most [`AUTO_DENSE_MAX_OPTIONS`] options or a small
    /// state, links otherwise). Never fails.
    #[default]
    Auto,
    /// The dancing-links engine. Takes every problem.
    Links,
    /// The dense engine. Fails with the [`DenseError`](DenseError) when it cannot
    /// take the problem.
    Dense,
}

impl EngineChoice {
    /// The choice's name: `"auto"`, `"links"` or `"dense"`.
    ///
    /// ```
    /// assert_eq!(dlx_core::EngineChoice::Dense.name(), "dense");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            EngineChoice::Auto => Auto::NAME,
            EngineChoice::Links => Links::NAME,
            EngineChoice::Dense => Dense::NAME,
        }
    }

    /// The engine chosen, at the root of `problem`'s search.
    pub(crate) fn build(self, problem: &Problem) -> Result<Auto, DenseError> {
        match self {
            EngineChoice::Auto => Ok(<Auto as sealed::Run>::build(problem)
                .unwrap_or_else(|never: Infallible| match never {})),
            EngineChoice::Links => Ok(Auto::Links(Links::from_arena(Arena::new(problem)))),
            EngineChoice::Dense => <Dense as sealed::Run>::build(problem).map(Auto::Dense),
        }
    }
}

/// Runs `$body` with `$e` bound to the engine `Auto` holds: the one dispatch over the
/// engines, for the solver's contract ([`Run`]) and the work units' ([`UnitEngine`]). A new
/// engine is a variant of `Auto` and an arm here.
macro_rules! on_engine {
    ($auto:expr, $e:ident => $body:expr) => {
        match $auto {
            Auto::Links($e) => $body,
            Auto::Dense($e) => $body,
        }
    };
}

impl Engine for Auto {
    type Error = Infallible;
    const NAME: &'static str = "auto";
}

impl sealed::Run for Auto {
    type BuildError = Infallible;

    fn build(problem: &Problem) -> Result<Self, Infallible> {
        if auto_prefers_dense(problem) {
            if let Ok(dense) = Dense::build(problem) {
                return Ok(Auto::Dense(dense));
            }
        }
        Links::build(problem).map(Auto::Links)
    }

    fn name(&self) -> &'static str {
        on_engine!(self, e => e.name())
    }

    fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        on_engine!(self, e => e.preselect(option))
    }

    #[inline]
    fn run<O: Observer>(&mut self, obs: &mut O, limits: &Limits) -> Step {
        on_engine!(self, e => e.run(obs, limits))
    }

    fn solution_into(&self, out: &mut Vec<OptionId>) {
        on_engine!(self, e => Run::solution_into(e, out))
    }

    #[inline]
    fn counters(&self) -> Counters {
        on_engine!(self, e => e.counters())
    }

    fn profile(&self) -> &[u64] {
        on_engine!(self, e => e.profile())
    }

    fn take_profile(&mut self) -> Vec<u64> {
        on_engine!(self, e => e.take_profile())
    }

    #[inline]
    fn is_done(&self) -> bool {
        on_engine!(self, e => e.is_done())
    }

    fn end_without_unwinding(&mut self) {
        on_engine!(self, e => e.end_without_unwinding())
    }
}

impl UnitEngine for Auto {
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_engine!(self, e => e.enter_quietly(level))
    }
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        on_engine!(self, e => e.pass_branches(level, n))
    }
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_engine!(self, e => e.take_branch_quietly(level))
    }
    fn confine(&mut self, level: usize, last: u32) {
        on_engine!(self, e => e.confine(level, last))
    }
    fn narrow(&mut self, level: usize, keep: u32) -> Counters {
        on_engine!(self, e => e.narrow(level, keep))
    }
    #[inline]
    fn run_unit(&mut self, limits: &Limits) -> Step {
        on_engine!(self, e => e.run_unit(limits))
    }
    fn solution_into(&self, out: &mut Vec<OptionId>) {
        on_engine!(self, e => UnitEngine::solution_into(e, out))
    }
    fn unit_view(&self) -> UnitView<'_> {
        on_engine!(self, e => e.unit_view())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ProblemBuilder, Solver};

    /// `items` primary items and the first `options` of their 3-subsets as options, with
    /// multiplicities `0:2` on the first item when `multiplicities`.
    fn triples(items: usize, options: usize, multiplicities: bool) -> Problem {
        let mut b = ProblemBuilder::new();
        for i in 0..items {
            let name = format!("i{i}");
            if multiplicities && i == 0 {
                b.add_primary_with_bounds(name, 0, 2).unwrap();
            } else {
                b.add_primary(name).unwrap();
            }
        }
        let mut added = 0;
        'all: for a in 0..items {
            for c in a + 2..items {
                for m in a + 1..c {
                    if added == options {
                        break 'all;
                    }
                    let names = [a, m, c].map(|k| format!("i{k}"));
                    b.add_option_by_names(names.iter().map(String::as_str))
                        .unwrap();
                    added += 1;
                }
            }
        }
        b.build().unwrap()
    }

    fn auto_name(p: &Problem) -> &'static str {
        Solver::new(p).engine_name()
    }

    #[test]
    fn auto_picks_dense_for_small_states_past_the_option_count() {
        // 3,000 options over 64 items: 128 + 376 bytes of state.
        let wide = triples(64, 3_000, false);
        assert!(wide.num_options() > AUTO_DENSE_MAX_OPTIONS);
        assert_eq!(dense_state_bytes(&wide), 128 + 376);
        assert_eq!(auto_name(&wide), "dense");
        // 2,200 options over 1,100 items: 2,200 + 280 bytes, past the bound.
        let tall = triples(1_100, 2_200, false);
        assert!(dense_state_bytes(&tall) > AUTO_DENSE_MAX_STATE_BYTES);
        assert_eq!(auto_name(&tall), "links");
        // Multiplicities keep the option count alone.
        assert_eq!(auto_name(&triples(64, 3_000, true)), "links");
        assert_eq!(auto_name(&triples(64, 2_000, true)), "dense");
        // Few items, but so many options that their bits alone pass the bound.
        let many = triples(64, 15_000, false);
        assert!(dense_state_bytes(&many) > AUTO_DENSE_MAX_STATE_BYTES);
        assert_eq!(auto_name(&many), "links");
    }
}
