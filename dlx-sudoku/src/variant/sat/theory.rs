//! The clause solver's theories together: yin-yang connectivity (conflicts only) and the
//! sums' propagator (propagations with reasons), behind batsat's one theory slot.

use batsat::{Lit, Theory, TheoryArg};

use crate::variant::sat::connectivity::Connectivity;
use crate::variant::sat::sums::Sums;

/// Both theories; the solver sees one.
pub(crate) struct Theories {
    pub connectivity: Connectivity,
    pub sums: Sums,
}

impl Theories {
    fn check(&mut self, acts: &mut TheoryArg<'_>, everything: bool) {
        self.sums.check(acts, everything);
        if acts.is_ok() {
            self.connectivity.check(acts);
        }
    }
}

impl Theory for Theories {
    fn final_check(&mut self, acts: &mut TheoryArg<'_>) {
        self.check(acts, true);
    }

    fn partial_check(&mut self, acts: &mut TheoryArg<'_>) {
        self.check(acts, false);
    }

    fn create_level(&mut self) {
        self.connectivity.create_level();
        self.sums.push_level();
    }

    fn pop_levels(&mut self, n: usize) {
        self.connectivity.pop_levels(n);
        self.sums.pop_levels(n);
    }

    fn n_levels(&self) -> usize {
        self.sums.levels()
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        // Connectivity only raises conflicts: every propagation is a sum's.
        self.sums.explain(p)
    }
}
