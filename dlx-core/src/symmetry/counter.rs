//! Counting with a group: the total by orbits ([`super::orbits`]), and the count up to
//! symmetry by Burnside's lemma ([`super::fixed`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::StopReason;
use crate::engine::{Auto, EngineChoice};
use crate::problem::{OptionId, Problem};
use crate::solver::{Count, Solver};

use crate::engine::Counters;

use super::cover::Cover;
use super::orbits::plan;
use super::pieces::{refine, Piece, Pieces};
use super::{fixed_problem, Group, SymmetryError};

/// With several threads, the leaves are cut until there are this many per thread, so that
/// the threads share the work evenly (pentominoes 6x10 has 8 leaves of unequal sizes).
pub const PIECES_PER_THREAD: usize = 16;

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

    /// The pieces of the count, with the leaves cut further until there are at least
    /// `at_least` of them where they can be (for threads, checkpoints and work units: more
    /// pieces, each smaller), and the fixed-point pieces when the count up to symmetry is
    /// asked for. The same problem, group and `at_least` give the same pieces.
    ///
    /// ```
    /// use dlx_core::format::parse;
    /// use dlx_core::symmetry::{find_group, SymmetricCounter};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let group = find_group(&p)?;
    /// let counter = SymmetricCounter::new(&p, &group).up_to_symmetry(true);
    /// let pieces = counter.pieces(100)?; // here fewer: the leaves end in solutions first
    /// let count = counter.count_pieces(&pieces, &vec![None; pieces.pieces.len()], &|_, _| {})?;
    /// assert_eq!((count.solutions, count.up_to_symmetry), (92, Some(12)));
    /// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
    /// ```
    pub fn pieces(&self, at_least: usize) -> Result<Pieces, SymmetryError> {
        if self.problem.has_multiplicities() {
            return Err(SymmetryError::Multiplicities);
        }
        let mut cover = Cover::new(self.problem);
        let plan = plan(&mut cover, self.group);
        let (leaves, refined) = refine(&mut cover, plan.leaves, at_least);
        let mut pieces: Vec<Piece> = leaves
            .into_iter()
            .map(|l| Piece::Leaf {
                options: l.options,
                weight: l.weight,
            })
            .collect();
        if self.up_to_symmetry {
            for class in self.group.conjugacy_classes().into_iter().skip(1) {
                pieces.push(Piece::Fixed {
                    element: class[0],
                    class_size: class.len() as u64,
                });
            }
        }
        Ok(Pieces {
            pieces,
            plan_nodes: plan.nodes + refined,
            group_order: self.group.order(),
            up_to_symmetry: self.up_to_symmetry,
        })
    }

    /// Counts.
    pub fn count(self) -> Result<SymmetricCount, SymmetryError> {
        let threads = self.thread_count();
        // One thread takes the plan as it is; several get more, smaller pieces to share.
        let at_least = if threads > 1 {
            PIECES_PER_THREAD * threads
        } else {
            1
        };
        let pieces = self.pieces(at_least)?;
        self.count_pieces(&pieces, &vec![None; pieces.pieces.len()], &|_, _| {})
    }

    /// Counts the pieces not done yet (`done[k]`: the counts of piece `k` when it was
    /// counted before, by a run that was stopped or on another machine), calling
    /// `finished(k, counts)` as each piece is counted to the end (from the worker threads:
    /// a checkpoint writer records them). The result adds up all the pieces: complete when
    /// every piece is done.
    ///
    /// See [`pieces`](Self::pieces) for an example.
    pub fn count_pieces(
        &self,
        pieces: &Pieces,
        done: &[Option<Counters>],
        finished: &(dyn Fn(usize, Counters) + Sync),
    ) -> Result<SymmetricCount, SymmetryError> {
        let start = Instant::now();
        if self.problem.has_multiplicities() {
            return Err(SymmetryError::Multiplicities);
        }
        let list = &pieces.pieces;
        if done.len() != list.len() {
            return Err(SymmetryError::BadPiece(format!(
                "{} counts given for {} pieces",
                done.len(),
                list.len()
            )));
        }
        for piece in list {
            self.check_piece(piece)?;
        }
        let mut results: Vec<Option<Count>> = done
            .iter()
            .map(|d| {
                d.map(|c| Count {
                    solutions: c.solutions,
                    stop: None,
                    stats: crate::solver::Stats {
                        solutions: c.solutions,
                        nodes: c.nodes,
                        updates: c.updates,
                        ..Default::default()
                    },
                })
            })
            .collect();
        let pending: Vec<usize> = (0..list.len()).filter(|&k| done[k].is_none()).collect();
        self.count_pending(list, &pending, pieces.plan_nodes, &mut results, finished)?;
        let mut result = SymmetricCount {
            solutions: 0,
            up_to_symmetry: None,
            group_order: self.group.order(),
            stop: None,
            nodes: pieces.plan_nodes,
            updates: 0,
            subproblems: list
                .iter()
                .filter(|p| matches!(p, Piece::Leaf { .. }))
                .count(),
            elapsed: Duration::ZERO,
        };
        let mut sum: u128 = 0;
        for (piece, count) in list.iter().zip(&results) {
            let Some(count) = count else {
                result.stop = result.stop.or(Some(StopReason::NodeBudget));
                continue;
            };
            let add = piece
                .total_part(count.solutions)
                .ok_or(SymmetryError::Overflow)?;
            result.solutions = result
                .solutions
                .checked_add(add)
                .ok_or(SymmetryError::Overflow)?;
            sum += piece.burnside_part(count.solutions);
            result.nodes = result.nodes.saturating_add(count.stats.nodes);
            result.updates = result.updates.saturating_add(count.stats.updates);
            result.stop = result.stop.or(count.stop);
        }
        if pieces.up_to_symmetry && result.stop.is_none() {
            let order = self.group.order() as u128;
            if sum % order != 0 {
                return Err(SymmetryError::NotDivisible {
                    sum: sum.to_string(),
                    order: self.group.order(),
                });
            }
            result.up_to_symmetry =
                Some(u64::try_from(sum / order).map_err(|_| SymmetryError::Overflow)?);
        }
        result.elapsed = start.elapsed();
        Ok(result)
    }

    /// Counts one piece to the end (no node budget), on one thread.
    ///
    /// ```
    /// use dlx_core::format::parse;
    /// use dlx_core::symmetry::{find_group, SymmetricCounter};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let group = find_group(&p)?;
    /// let counter = SymmetricCounter::new(&p, &group);
    /// let pieces = counter.pieces(1)?;
    /// let mut total = 0;
    /// for piece in &pieces.pieces {
    ///     let count = counter.count_piece(piece)?;
    ///     assert!(count.stop.is_none());
    ///     total += piece.total_part(count.solutions).unwrap();
    /// }
    /// assert_eq!(total, 92);
    /// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
    /// ```
    pub fn count_piece(&self, piece: &Piece) -> Result<Count, SymmetryError> {
        self.check_piece(piece)?;
        self.count_one(&self.root()?, piece, u64::MAX)
    }

    /// Refuses a piece that does not belong to the problem and group (an option or an
    /// element out of range).
    fn check_piece(&self, piece: &Piece) -> Result<(), SymmetryError> {
        match piece {
            Piece::Leaf { options, .. } => {
                if let Some(o) = options
                    .iter()
                    .find(|&&o| o as usize >= self.problem.num_options())
                {
                    return Err(SymmetryError::BadPiece(format!(
                        "option {o} of {}",
                        self.problem.num_options()
                    )));
                }
            }
            Piece::Fixed { element, .. } => {
                if *element >= self.group.order() {
                    return Err(SymmetryError::BadPiece(format!(
                        "element {element} of a group of order {}",
                        self.group.order()
                    )));
                }
            }
        }
        Ok(())
    }

    /// The number of threads asked for (0: one per core).
    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// Counts the pieces `pending`, into `results`: on the pool when there are threads,
    /// else one after another within the node budget (`spent` nodes spent already).
    fn count_pending(
        &self,
        list: &[Piece],
        pending: &[usize],
        spent: u64,
        results: &mut [Option<Count>],
        finished: &(dyn Fn(usize, Counters) + Sync),
    ) -> Result<(), SymmetryError> {
        let root = self.root()?;
        let tell = |k: usize, count: &Count| {
            if count.stop.is_none() {
                finished(
                    k,
                    Counters {
                        solutions: count.solutions,
                        nodes: count.stats.nodes,
                        updates: count.stats.updates,
                    },
                );
            }
        };
        #[cfg(feature = "parallel")]
        if self.thread_count() > 1 && pending.len() > 1 {
            use rayon::prelude::*;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.thread_count())
                .build()
                .map_err(|e| SymmetryError::Threads(e.to_string()))?;
            let counted: Vec<(usize, Count)> = pool.install(|| {
                pending
                    .par_iter()
                    .map(|&k| {
                        let count = self.count_one(&root, &list[k], u64::MAX)?;
                        tell(k, &count);
                        Ok((k, count))
                    })
                    .collect::<Result<_, SymmetryError>>()
            })?;
            for (k, count) in counted {
                results[k] = Some(count);
            }
            return Ok(());
        }
        let mut spent = spent;
        for &k in pending {
            if spent >= self.node_budget {
                break;
            }
            let count = self.count_one(&root, &list[k], self.node_budget - spent)?;
            spent = spent.saturating_add(count.stats.nodes);
            tell(k, &count);
            let stopped = count.stop.is_some();
            results[k] = Some(count);
            if stopped {
                break;
            }
        }
        Ok(())
    }

    /// Counts one piece within `budget` nodes: a leaf on a copy of the root solver with its
    /// options preselected, a fixed-point piece on its folded problem.
    fn count_one(
        &self,
        root: &Solver<'p, Auto>,
        piece: &Piece,
        budget: u64,
    ) -> Result<Count, SymmetryError> {
        match piece {
            Piece::Leaf { options, .. } => count_through(root.clone(), options, budget),
            Piece::Fixed { element, .. } => {
                let fixed = fixed_problem(self.problem, &self.group.elements()[*element])?;
                count_through(self.solver(&fixed)?, &[], budget)
            }
        }
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
}

/// Counts the solutions of `solver`'s problem that hold `options`, within `budget` nodes.
fn count_through(
    solver: Solver<'_, Auto>,
    options: &[u32],
    budget: u64,
) -> Result<Count, SymmetryError> {
    let mut solver = solver.with_node_budget(budget);
    for &o in options {
        // The plan lists only options that fit together; a piece from elsewhere may not.
        solver
            .preselect(OptionId::new(o))
            .map_err(|e| SymmetryError::BadPiece(format!("option {o}: {e}")))?;
    }
    Ok(solver.count())
}
