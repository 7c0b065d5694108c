//! The clause solver's theories together: yin-yang connectivity (conflicts only) and the
//! sums' propagator (propagations with reasons, kept in [`Reasons`]), behind batsat's one
//! theory slot.

use batsat::{lbool, Lit, Theory, TheoryArg};

use crate::variant::sat::connectivity::Connectivity;
use crate::variant::sat::sums::Sums;

/// The reasons of the literals the propagators set, kept until their level is undone.
pub(crate) struct Reasons {
    /// The reasons, one after another.
    lits: Vec<Lit>,
    /// For each solver variable a propagator set: its reason's range in `lits`.
    of: Vec<(u32, u32)>,
    /// Per decision level: the length of `lits` when it began.
    marks: Vec<usize>,
    /// Tests only: each solver variable's value in a known solution, when known; every
    /// propagation is then checked against it.
    #[cfg(test)]
    pub witness: Vec<Option<bool>>,
}

impl Reasons {
    /// Room for the reasons of `num_vars` variables.
    pub fn new(num_vars: usize) -> Self {
        Reasons {
            lits: Vec::new(),
            of: vec![(0, 0); num_vars],
            marks: Vec::new(),
            #[cfg(test)]
            witness: Vec::new(),
        }
    }

    /// Sets `p` with reason `reason` (true literals); false after a conflict (`p` was
    /// false: the reason and `¬p` are a clause false now).
    pub fn imply(&mut self, acts: &mut TheoryArg<'_>, p: Lit, reason: &[Lit]) -> bool {
        #[cfg(test)]
        self.audit(p, reason);
        let v = acts.value(p.var());
        if v != lbool::UNDEF {
            if (v == lbool::TRUE) == p.sign() {
                return true;
            }
            let mut clause: Vec<Lit> = reason.iter().map(|&l| !l).collect();
            clause.push(p);
            acts.raise_conflict(&clause, false);
            return false;
        }
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(reason);
        self.of[p.var().idx() as usize] = (start, self.lits.len() as u32);
        acts.propagate(p)
    }

    /// The reason given for `p` (true literals).
    pub fn explain(&self, p: Lit) -> &[Lit] {
        let (a, b) = self.of[p.var().idx() as usize];
        &self.lits[a as usize..b as usize]
    }
}

/// Tests only: the value of `l` in a known solution (each variable's value, when known).
#[cfg(test)]
pub(crate) fn holds_in(witness: &[Option<bool>], l: Lit) -> Option<bool> {
    let v = witness.get(l.var().idx() as usize).copied().flatten()?;
    Some(v == l.sign())
}

#[cfg(test)]
impl Reasons {
    /// Panics when `reason` holds in the known solution while `p` does not: an unsound
    /// step.
    fn audit(&self, p: Lit, reason: &[Lit]) {
        let holds = |l: Lit| holds_in(&self.witness, l);
        if self.witness.is_empty() || !reason.iter().all(|&l| holds(l) == Some(true)) {
            return;
        }
        assert_ne!(
            holds(p),
            Some(false),
            "{p:?} implied by {reason:?}, false in the known solution"
        );
    }
}

/// The theories; the solver sees one.
pub(crate) struct Theories {
    pub connectivity: Connectivity,
    pub sums: Sums,
    pub reasons: Reasons,
}

impl Theories {
    fn check(&mut self, acts: &mut TheoryArg<'_>, everything: bool) {
        self.sums.check(acts, &mut self.reasons, everything);
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
        self.reasons.marks.push(self.reasons.lits.len());
    }

    fn pop_levels(&mut self, n: usize) {
        self.connectivity.pop_levels(n);
        self.sums.pop_levels(n);
        let keep = self.reasons.marks.len() - n;
        self.reasons.lits.truncate(self.reasons.marks[keep]);
        self.reasons.marks.truncate(keep);
    }

    fn n_levels(&self) -> usize {
        self.reasons.marks.len()
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        // Connectivity only raises conflicts: every propagation is a sum's.
        self.reasons.explain(p)
    }
}
