//! The depth-first search: propagate, choose the decided variable with the fewest values
//! left (ties: the one whose values failed most often, a conflict-weighted choice as in
//! Interactive Sudoku Solver and dom/wdeg), try each value in turn. With every decided
//! variable settled, the free ones are searched only until one assignment keeps every
//! constraint: solutions are assignments of the decided variables, as the clause
//! solver's blocking clauses count them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::StopReason;

use crate::variant::cp::network::{Network, ABSENT};
use crate::variant::cp::propagate::Propagator;
pub(crate) use crate::variant::cp::propagate::State;
use crate::variant::model::{Val, Var};

/// How a subtree ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Searched; go on.
    Done,
    /// A solution was reported (ends the free variables' search for it).
    Found,
    /// Stop everything.
    Stop,
}

/// Limits and counters of one search.
pub(crate) struct Search<'n, 'f> {
    prop: Propagator<'n>,
    /// One spare state per depth.
    pool: Vec<State>,
    /// Per variable: how often a value of it led straight to a dead end.
    score: Vec<u32>,
    /// Nodes (values tried).
    pub nodes: u64,
    /// Dead ends so far.
    dead_ends: u64,
    budget: Option<u64>,
    /// Most work ([`Propagator::work`]) to spend.
    work_budget: Option<u64>,
    cancel: Vec<Arc<AtomicBool>>,
    /// Why the search stopped early, if it did.
    pub stop: Option<StopReason>,
    /// Full assignments the network accepted and `found` was shown.
    found: &'f mut Report<'f>,
    /// Says of a propagated state whether nothing below it is worth searching.
    prune: Option<&'f mut Prune<'f>>,
    /// The values of a variable to try first (the others follow).
    prefer: Option<&'f Prefer<'f>>,
    /// What to start once the propagators have done so much work (the search goes on).
    later: Option<(u64, Starter<'f>)>,
    /// When set, a random value among the ones to try first (xorshift state), instead of
    /// the least.
    random: Option<u64>,
    /// Values given before the root's propagation ([`Search::with_fixed`]).
    fixed: Vec<(Var, Val)>,
}

/// What a search starts once it has run long ([`Search::with_later`]).
pub(crate) type Starter<'f> = Box<dyn FnOnce() + 'f>;

/// The values (bits) of a variable to try first.
pub(crate) type Prefer<'f> = dyn Fn(Var) -> u64 + 'f;

/// Says of a propagated state whether nothing below it is worth searching.
pub(crate) type Prune<'f> = dyn FnMut(&State) -> bool + 'f;

/// What receives each full assignment of the decided variables, and says whether to go on.
pub(crate) type Report<'f> = dyn FnMut(&[(Var, Val)]) -> bool + 'f;

/// How many nodes pass between two looks at the cancel flags.
const CHECK_EVERY: u64 = 1024;
/// How many dead ends pass between two halvings of the scores (Interactive Sudoku
/// Solver's figure).
const DECAY_EVERY: u64 = 1 << 14;

impl<'n, 'f> Search<'n, 'f> {
    /// A search of `net`: at most `budget` nodes; stopped by any raised flag of `cancel`;
    /// each full assignment of the decided variables goes to `found`, which says whether
    /// to go on.
    pub fn new(
        net: &'n Network,
        budget: Option<u64>,
        cancel: Vec<Arc<AtomicBool>>,
        found: &'f mut Report<'f>,
    ) -> Self {
        Search {
            prop: Propagator::new(net),
            pool: Vec::new(),
            score: vec![0; net.init.len()],
            nodes: 0,
            dead_ends: 0,
            budget,
            work_budget: None,
            cancel,
            stop: None,
            found,
            prune: None,
            prefer: None,
            later: None,
            random: None,
            fixed: Vec::new(),
        }
    }

    /// Searches only the assignments that give each variable of `fixed` its value there.
    pub fn with_fixed(mut self, fixed: Vec<(Var, Val)>) -> Self {
        self.fixed = fixed;
        self
    }

    /// Tries a random value first (among the preferred ones) rather than the least, from
    /// `seed` (not 0): searches from the same root then differ.
    pub fn with_random(mut self, seed: u64) -> Self {
        self.random = Some(seed.max(1));
        self
    }

    /// Calls `start` once the propagators have done `work` ([`Propagator::work`]), and
    /// searches on: a search that runs long can start another beside it.
    pub fn with_later(mut self, work: u64, start: Starter<'f>) -> Self {
        self.later = Some((work, start));
        self
    }

    /// Tries the values `prefer` names for a variable before its others (the order
    /// changes what is found first, never what is found).
    pub fn with_prefer(mut self, prefer: &'f Prefer<'f>) -> Self {
        self.prefer = Some(prefer);
        self
    }

    /// Skips every subtree whose propagated state `prune` says holds nothing of interest.
    pub fn with_prune(mut self, prune: &'f mut Prune<'f>) -> Self {
        self.prune = Some(prune);
        self
    }

    /// Stops the search once its propagators have done `work` ([`Propagator::work`]).
    pub fn with_work_budget(mut self, work: Option<u64>) -> Self {
        self.work_budget = work;
        self
    }

    /// Runs the search to its end: why it stopped (`None`: the whole tree was searched),
    /// its nodes and its work.
    pub fn finish(mut self) -> (Option<StopReason>, u64, u64) {
        self.run();
        (self.stop, self.nodes, self.prop.work)
    }

    /// Searches the whole tree (or until stopped).
    pub fn run(&mut self) {
        let mut root = State::new(self.prop.net);
        for &(v, x) in &self.fixed {
            let bit = self.prop.net.bit(v, x);
            if !self.prop.set(&mut root, v, bit) {
                return;
            }
        }
        self.prop.wake_all();
        if !self.prop.fixpoint(&mut root) {
            return;
        }
        self.dfs(&mut root, 0);
    }

    /// The variable to branch on, and whether it is decided; `None` when every domain
    /// is one value or "no value". Among the decided variables, the one with the fewest
    /// values left (Algorithm X's rule), and of those the one whose values led to dead
    /// ends most often (its score). Interactive Sudoku Solver's rule, the most dead ends
    /// per value left, was measured too: it took 32 times the nodes on 25-orbit.
    fn choose(&self, st: &State) -> Option<(Var, bool)> {
        let net = self.prop.net;
        let mut best: Option<Var> = None;
        let (mut best_score, mut best_size) = (0u64, u64::MAX);
        for &v in &net.decided {
            let d = st.dom[v as usize];
            // Settled (one value) or empty: skipped before counting.
            if d & d.wrapping_sub(1) == 0 {
                continue;
            }
            let size = d.count_ones() as u64;
            let score = self.score[v as usize] as u64;
            let better = match best {
                None => true,
                Some(_) => size < best_size || (size == best_size && score > best_score),
            };
            if better {
                best = Some(v);
                (best_score, best_size) = (score, size);
            }
        }
        if let Some(v) = best {
            return Some((v, true));
        }
        net.free
            .iter()
            .find(|&&v| st.dom[v as usize].count_ones() > 1)
            .map(|&v| (v, false))
    }

    /// Notes a dead end after giving `v` a value; halves every score now and then, so
    /// that recent dead ends weigh most.
    fn dead_end(&mut self, v: Var) {
        self.score[v as usize] = self.score[v as usize].saturating_add(1);
        self.dead_ends += 1;
        if self.dead_ends % DECAY_EVERY == 0 {
            for s in &mut self.score {
                *s >>= 1;
            }
        }
    }

    /// Searches below `st` (propagated), which it may change: two-way branching, `v = x`
    /// in a child, then `v ≠ x` here, propagated, and the variable chosen afresh.
    fn dfs(&mut self, st: &mut State, depth: usize) -> Flow {
        if self.pool.len() <= depth {
            self.pool.push(st.clone());
        }
        let mut child = std::mem::replace(
            &mut self.pool[depth],
            State {
                dom: Vec::new(),
                alive: Vec::new(),
                holders: Vec::new(),
            },
        );
        let flow = loop {
            if let Some(prune) = self.prune.as_mut() {
                if prune(st) {
                    break Flow::Done;
                }
            }
            let Some((v, decided)) = self.choose(st) else {
                break self.leaf(st);
            };
            let values = st.dom[v as usize];
            // Preferred values first, then the others, "no value" last.
            let preferred = self.prefer.map_or(0, |p| p(v)) & values & !ABSENT;
            let first = if preferred != 0 {
                preferred
            } else {
                values & !ABSENT
            };
            let bit = match (first, self.random.as_mut()) {
                (0, _) => ABSENT,
                (_, None) => first & first.wrapping_neg(),
                (_, Some(state)) => {
                    *state ^= *state << 13;
                    *state ^= *state >> 7;
                    *state ^= *state << 17;
                    let mut rest = first;
                    for _ in 0..*state % u64::from(first.count_ones()) {
                        rest &= rest - 1;
                    }
                    rest & rest.wrapping_neg()
                }
            };
            self.nodes += 1;
            let watched = self.work_budget.is_some() || self.later.is_some();
            if (self.nodes % CHECK_EVERY == 0 || watched) && self.stopped() {
                break Flow::Stop;
            }
            child.copy_from(st);
            if self.prop.set(&mut child, v, bit) && self.prop.fixpoint(&mut child) {
                match self.dfs(&mut child, depth + 1) {
                    Flow::Stop => break Flow::Stop,
                    Flow::Found if !decided => break Flow::Found,
                    _ => {}
                }
            } else {
                self.dead_end(v);
            }
            if !(self.prop.set(st, v, !bit) && self.prop.fixpoint(st)) {
                break Flow::Done;
            }
        };
        self.pool[depth] = child;
        flow
    }

    /// Every variable settled: checks the assignment and reports it.
    fn leaf(&mut self, st: &State) -> Flow {
        if !self.prop.satisfied(st) {
            return Flow::Done;
        }
        let values = self.prop.decided_values(st);
        if (self.found)(&values) {
            Flow::Found
        } else {
            self.stop = Some(StopReason::SolutionLimit);
            Flow::Stop
        }
    }

    /// Whether the budget is spent or a flag raised (and why, in `stop`).
    fn stopped(&mut self) -> bool {
        if self
            .later
            .as_ref()
            .is_some_and(|(work, _)| self.prop.work >= *work)
        {
            if let Some((_, start)) = self.later.take() {
                start();
            }
        }
        if self.budget.is_some_and(|b| self.nodes >= b)
            || self.work_budget.is_some_and(|w| self.prop.work >= w)
        {
            self.stop = Some(StopReason::NodeBudget);
            return true;
        }
        if self.cancel.iter().any(|f| f.load(Ordering::Relaxed)) {
            self.stop = Some(StopReason::Cancelled);
            return true;
        }
        false
    }
}
