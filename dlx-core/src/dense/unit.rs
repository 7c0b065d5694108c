//! Work units on the dense engine: the [`UnitEngine`] contract, whichever tally the
//! search keeps. The replay, confine and narrow operations and the unit's loop are
//! `DenseSearch`'s own (`search.rs`); see `docs/architecture.md`, "Work units on the
//! dense engine".

use super::{Dense, Tallies};
use crate::engine::{Counters, Limits, Step, UnitEngine, UnitError, UnitView};
use crate::problem::OptionId;

impl UnitEngine for Dense {
    fn enter_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_tallies!(&mut self.search, s => s.enter_quietly(level))
    }
    fn pass_branches(&mut self, level: usize, n: u32) -> Result<(), UnitError> {
        on_tallies!(&mut self.search, s => s.pass_branches(level, n))
    }
    fn take_branch_quietly(&mut self, level: usize) -> Result<(), UnitError> {
        on_tallies!(&mut self.search, s => s.take_branch_quietly(level))
    }
    fn confine(&mut self, level: usize, last: u32) {
        on_tallies!(&mut self.search, s => s.confine(level, last))
    }
    fn narrow(&mut self, level: usize, keep: u32) -> Counters {
        on_tallies!(&mut self.search, s => s.narrow(level, keep))
    }
    #[inline]
    fn run_unit(&mut self, limits: &Limits) -> Step {
        on_tallies!(&mut self.search, s => s.run_unit(limits))
    }
    fn solution_into(&self, out: &mut Vec<OptionId>) {
        on_tallies!(&self.search, s => s.solution_into(out))
    }
    fn unit_view(&self) -> UnitView<'_> {
        on_tallies!(&self.search, s => s.unit_view())
    }
}
