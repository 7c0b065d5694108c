//! What a work unit asks of an engine ([`UnitEngine`]) and what an engine tells it of
//! where it stands ([`UnitView`]).

use super::{Counters, Limits, Step, UnitError};
use crate::problem::OptionId;

/// What a work unit asks of an engine: replay a path without counting, confine the search
/// below it, run it, and say where it has got to. The links engine
/// (`links/unit.rs`) and the dense engine
/// (`DenseSearch`) both fulfil it, numbering branches the same way (branch `k` of a level
/// is the `k`-th option of its item's list, in input order, among those still live there),
/// so that a unit names the same subtree on either. Static dispatch: each engine's
/// `run_unit` is its own loop, compiled with the unit's bookkeeping (branch numbers,
/// counter snapshots, a floor and a last branch there), which its plain loop does without.
pub(crate) trait UnitEngine {
    /// X2–X4 without counting: enter `level` and choose its item.
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError>;
    /// Moves past `n` branches at `level` without exploring them (at least one must be
    /// left).
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError>;
    /// X5 without counting: takes the current (next) branch at `level` and goes down.
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError>;
    /// Confines the search to the branches of `level` from the current one to `last`,
    /// its counters at zero.
    fn confine(&mut self, level: usize, last: u32);
    /// Narrows the search to the branches of `level` up to `keep`, its counters restarted
    /// from the start of the branch under way there; returns what they had counted before.
    fn narrow(&mut self, level: usize, keep: u32) -> Counters;
    /// Runs to the next solution, the end of the unit, or a limit.
    fn run_unit(&mut self, limits: &Limits) -> Step;
    /// Appends the options of the solution just found.
    fn solution_into(&self, out: &mut Vec<OptionId>);
    /// Where the search stands.
    fn unit_view(&self) -> UnitView<'_>;
}

/// Where an engine running a unit stands ([`UnitEngine::unit_view`]).
pub(crate) struct UnitView<'a> {
    /// Nodes, updates, solutions.
    pub counters: Counters,
    /// The unit is finished.
    pub done: bool,
    /// The unit's level: the search ends when it backs up past it.
    pub floor: usize,
    /// The last branch the search may take at its floor (`u32::MAX`: all).
    pub last: u32,
    /// Per level (valid up to the current path): the branch under way (1-based).
    pub positions: &'a [u32],
    /// Per level: its branches when it was entered.
    pub degrees: &'a [u32],
    /// Per level: the counters when its branch under way began.
    pub snapshots: &'a [Counters],
    /// When the search stands between nodes, about to enter this level (as it does when
    /// interrupted at a node budget).
    pub entering: Option<usize>,
    /// The deepest level such that every level up to it has its branch under way and its
    /// snapshot at that branch's start (where a split may cut).
    pub split_top: Option<usize>,
    /// The deepest level whose branch number counts the branches finished there.
    pub progress_top: Option<usize>,
}
