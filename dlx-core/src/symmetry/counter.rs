//! Counting with a group: the total by orbits ([`super::orbits`]), and the count up to
//! symmetry by Burnside's lemma ([`super::fixed`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::StopReason;
use crate::engine::{Auto, EngineChoice};
use crate::problem::{OptionId, Problem};
use crate::solver::{Count, Solver};

use super::cover::Cover;
use super::orbits::{plan, Leaf};
use super::{fixed_problem, Group, SymmetryError};

/// What a count with a group found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricCount {
    /// The number of solutions (all of them, when the count is complete; else those found).
    pub solutions: u64,
    /// The number of solutions up to symmetry (orbits of solutions under the group), when
    /// asked for and the count is complete.
    pub up_to_symmetry: Option<u64>,
    /// The order of the group.
    pub group_order: usize,
    /// Why the count stopped early; `None` when it is complete.
    pub stop: Option<StopReason>,
    /// Search-tree nodes: those of the reduced search (the plan's, the sub-problems' and the
    /// fixed-point problems').
    pub nodes: u64,
    /// Link updates of the reduced search.
    pub updates: u64,
    /// How many sub-problems the engine counted for the total.
    pub subproblems: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl SymmetricCount {
    /// True when the whole count was done.
    pub fn is_complete(&self) -> bool {
        self.stop.is_none()
    }
}

/// Counts a problem's solutions with a group of its symmetries: the total faster (by up to
/// the group's order), and, if asked, the number up to symmetry.
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::{Automorphism, Group, SymmetricCounter};
/// // Perfect matchings of a 4-cycle a-b-c-d: two, and the quarter turn swaps them.
/// let p = parse("a b c d\na b\nb c\nc d\nd a\n").unwrap();
/// let turn = Automorphism::from_item_names(&p, &[vec!["a", "b", "c", "d"]])?;
/// let group = Group::new(&p, vec![turn])?;
/// let count = SymmetricCounter::new(&p, &group).up_to_symmetry(true).count()?;
/// assert_eq!((count.solutions, count.up_to_symmetry), (2, Some(1)));
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SymmetricCounter<'p> {
    problem: &'p Problem,
    group: &'p Group,
    engine: EngineChoice,
    node_budget: u64,
    cancel: Option<Arc<AtomicBool>>,
    threads: usize,
    up_to_symmetry: bool,
}

impl<'p> SymmetricCounter<'p> {
    /// A counter for `problem` under `group` (a group of `problem`'s symmetries), on the
    /// engine [`Auto`](crate::Auto) picks, one thread, no limits, total only.
    pub fn new(problem: &'p Problem, group: &'p Group) -> Self {
        SymmetricCounter {
            problem,
            group,
            engine: EngineChoice::Auto,
            node_budget: u64::MAX,
            cancel: None,
            threads: 1,
            up_to_symmetry: false,
        }
    }

    /// The engine that counts the sub-problems.
    pub fn engine(mut self, engine: EngineChoice) -> Self {
        self.engine = engine;
        self
    }

    /// Stops after this many nodes (the count is then incomplete). Counts on one thread.
    pub fn node_budget(mut self, nodes: u64) -> Self {
        self.node_budget = nodes;
        self.threads = 1;
        self
    }

    /// Stops soon after `flag` becomes true.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Counts the sub-problems on this many threads (0: one per core). Without the
    /// `parallel` feature, or with a node budget, one thread.
    pub fn threads(mut self, threads: usize) -> Self {
        if self.node_budget == u64::MAX {
            self.threads = threads;
        }
        self
    }

    /// Also counts the solutions up to symmetry (by Burnside's lemma).
    pub fn up_to_symmetry(mut self, on: bool) -> Self {
        self.up_to_symmetry = on;
        self
    }

    /// Counts.
    pub fn count(self) -> Result<SymmetricCount, SymmetryError> {
        let start = Instant::now();
        if self.problem.has_multiplicities() {
            return Err(SymmetryError::Multiplicities);
        }
        let mut cover = Cover::new(self.problem);
        let plan = plan(&mut cover, self.group);
        let mut result = SymmetricCount {
            solutions: 0,
            up_to_symmetry: None,
            group_order: self.group.order(),
            stop: None,
            nodes: plan.nodes,
            updates: 0,
            subproblems: plan.leaves.len(),
            elapsed: Duration::ZERO,
        };
        let counts = self.count_leaves(&plan.leaves, plan.nodes)?;
        for (leaf, count) in plan.leaves.iter().zip(&counts) {
            let add = count
                .solutions
                .checked_mul(leaf.weight)
                .ok_or(SymmetryError::Overflow)?;
            result.solutions = result
                .solutions
                .checked_add(add)
                .ok_or(SymmetryError::Overflow)?;
            result.nodes += count.stats.nodes;
            result.updates += count.stats.updates;
            result.stop = result.stop.or(count.stop);
        }
        if counts.len() < plan.leaves.len() {
            result.stop = result.stop.or(Some(StopReason::NodeBudget));
        }
        if self.up_to_symmetry && result.stop.is_none() {
            self.burnside(&mut result)?;
        }
        result.elapsed = start.elapsed();
        Ok(result)
    }

    /// The counts of the leaves (fewer than the leaves when the budget ran out first).
    fn count_leaves(&self, leaves: &[Leaf], spent: u64) -> Result<Vec<Count>, SymmetryError> {
        #[cfg(feature = "parallel")]
        if self.threads != 1 && leaves.len() > 1 {
            use rayon::prelude::*;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .map_err(|e| SymmetryError::Threads(e.to_string()))?;
            let root = self.root()?;
            return pool.install(|| {
                leaves
                    .par_iter()
                    .map(|leaf| Ok(count_through(root.clone(), &leaf.options, u64::MAX)))
                    .collect()
            });
        }
        let root = self.root()?;
        let mut spent = spent;
        let mut counts = Vec::with_capacity(leaves.len());
        let mut root = Some(root);
        for (k, leaf) in leaves.iter().enumerate() {
            if spent >= self.node_budget {
                break;
            }
            // The last leaf (the only one, without symmetry) takes the root itself.
            let solver = if k + 1 == leaves.len() {
                root.take().expect("taken by the last leaf only")
            } else {
                root.as_ref().expect("not taken yet").clone()
            };
            let count = count_through(solver, &leaf.options, self.node_budget - spent);
            spent = spent.saturating_add(count.stats.nodes);
            let stopped = count.stop.is_some();
            counts.push(count);
            if stopped {
                break;
            }
        }
        Ok(counts)
    }

    /// A solver at the root of `problem`, cloned for each sub-problem (a copy of its
    /// links costs less than building them again).
    fn root(&self) -> Result<Solver<'p, Auto>, SymmetryError> {
        self.solver(self.problem)
    }

    /// A solver for `problem` (this one or a folded one) on the engine, with the cancel flag.
    fn solver<'q>(&self, problem: &'q Problem) -> Result<Solver<'q, Auto>, SymmetryError> {
        let mut solver = Solver::with_engine(problem, self.engine.build(problem)?);
        if let Some(flag) = &self.cancel {
            solver = solver.with_cancel_flag(flag.clone());
        }
        Ok(solver)
    }

    /// Adds the count up to symmetry: `(1/|G|) Σ_g fix(g)`, a class of conjugate elements
    /// at a time (conjugates fix as many solutions).
    fn burnside(&self, result: &mut SymmetricCount) -> Result<(), SymmetryError> {
        let mut sum = result.solutions as u128;
        for class in self.group.conjugacy_classes().into_iter().skip(1) {
            let g = &self.group.elements()[class[0]];
            let fixed = fixed_problem(self.problem, g)?;
            let budget = self.node_budget.saturating_sub(result.nodes);
            let count = count_through(self.solver(&fixed)?, &[], budget);
            result.nodes += count.stats.nodes;
            result.updates += count.stats.updates;
            if count.stop.is_some() {
                result.stop = count.stop;
                return Ok(());
            }
            sum += count.solutions as u128 * class.len() as u128;
        }
        let order = self.group.order() as u128;
        if sum % order != 0 {
            return Err(SymmetryError::NotDivisible {
                sum: sum.to_string(),
                order: self.group.order(),
            });
        }
        result.up_to_symmetry =
            Some(u64::try_from(sum / order).map_err(|_| SymmetryError::Overflow)?);
        Ok(())
    }
}

/// Counts the solutions of `solver`'s problem that hold `options`, within `budget` nodes.
fn count_through(solver: Solver<'_, Auto>, options: &[u32], budget: u64) -> Count {
    let mut solver = solver.with_node_budget(budget);
    for &o in options {
        if solver.preselect(OptionId::new(o)).is_err() {
            // The plan lists only options that fit together, so this does not happen; if
            // it did, no solution holds them all.
            return Count {
                solutions: 0,
                stop: None,
                stats: Default::default(),
            };
        }
    }
    solver.count()
}
