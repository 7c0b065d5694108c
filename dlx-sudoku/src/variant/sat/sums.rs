//! Sums as a propagator of the clause solver, with explanations (lazy clause generation,
//! as Chuffed does), through batsat's theory interface.
//!
//! A [`Linear`](crate::variant::model::Linear) `Σ groups = target` in clauses needs running
//! sums: on an extreme killer, sixteen five-cell sums of the 45 rule were 16,000 of its
//! 29,000 clauses and 1,500 of its 5,100 variables, and every propagation walked them. Here
//! the sum has no clauses at all. After each round of unit propagation the propagator
//! reads the domains of the sums whose cells changed and narrows them by bounds:
//!
//! - a group of cells whose digits differ (cells of one house) adds up to at least the
//!   larger of the sum of its cells' least values and the sum of the `k` least values its
//!   cells can still hold together (at most, likewise); fewer values than cells is a
//!   contradiction (Hall's condition);
//! - the target lies between the least and greatest totals, and each cell between the
//!   target's bounds less what the rest of the sum adds at most and at least.
//!
//! Every value it rules out comes with its reason, the removed values the bound rests on
//! (`x ≠ v` for each), so conflict analysis learns clauses about sums as it does about any
//! clause. A conflict is a clause false now, made of the same reasons. Soundness rests on
//! the bounds alone; each reason is a set of removals under which the bound holds.

use batsat::{lbool, Lit, TheoryArg};

use crate::variant::model::Val;
use crate::variant::sat::theory::Reasons;

/// The largest span of values a sum's terms may cover (the width of a domain's mask).
pub(crate) const MAX_SPAN: Val = 64;

/// A variable's values and their literals, for a propagator.
#[derive(Clone, Debug)]
pub(crate) struct TermLits {
    /// `(value, literal of "the variable takes the value")`, in increasing value.
    pub vals: Vec<(Val, Lit)>,
}

/// One sum: groups of terms (the cells of a group differ), and the target.
#[derive(Clone, Debug)]
pub(crate) struct SumLits {
    /// Each group's terms.
    pub groups: Vec<Vec<TermLits>>,
    /// The target: a constant or a variable's values.
    pub target: TargetLits,
    /// Whether the other constraints imply the sum already: then it is narrowed only when
    /// its terms' least and greatest values leave less slack than the widest term's span,
    /// which is weaker (a group's distinct digits can bound it tighter) but cheap.
    pub redundant: bool,
}

/// What a sum adds up to.
#[derive(Clone, Debug)]
pub(crate) enum TargetLits {
    /// A number.
    Const(Val),
    /// A variable's values.
    Var(TermLits),
}

impl SumLits {
    /// The least value of any term (the base of the domain masks), if every term's values
    /// lie within [`MAX_SPAN`] of it.
    pub fn base(&self) -> Option<Val> {
        let values = || {
            self.groups
                .iter()
                .flatten()
                .flat_map(|t| t.vals.iter().map(|p| p.0))
        };
        let lo = values().min()?;
        let hi = values().max()?;
        (hi - lo < MAX_SPAN).then_some(lo)
    }

    /// Whether the sum can hold with every value still possible, as the propagator
    /// judges it (needs [`base`](Self::base)). A sum that cannot is refused by the
    /// propagator, whose conflicts must each have a removed value for a reason.
    pub fn feasible(&self) -> bool {
        let Some(base) = self.base() else {
            return false;
        };
        let mask = |t: &TermLits| t.vals.iter().fold(0u64, |m, p| m | 1 << (p.0 - base));
        let (mut lo, mut hi) = (0, 0);
        for g in &self.groups {
            let (Some(a), Some(b)) = (
                bound_of(g.iter().map(mask), base, true),
                bound_of(g.iter().map(mask), base, false),
            ) else {
                return false;
            };
            lo += a.value;
            hi += b.value;
        }
        let (tlo, thi) = match &self.target {
            TargetLits::Const(c) => (*c, *c),
            TargetLits::Var(t) => match (t.vals.first(), t.vals.last()) {
                (Some(a), Some(b)) => (a.0, b.0),
                _ => return false,
            },
        };
        lo <= thi && tlo <= hi
    }
}

/// How a group's bound was found (what its reason is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    /// The sum of each cell's least (greatest) value: the values below (above) it are gone.
    Each,
    /// The `k` least (greatest) values the cells hold together, the last of which is the
    /// given one: the values below (above) it that no cell holds are gone.
    Together(Val),
}

/// A bound on a group and its reason's kind.
#[derive(Clone, Copy, Debug)]
struct Bound {
    value: Val,
    why: Why,
}

/// A compiled sum.
struct Sum {
    base: Val,
    /// Terms, group after group.
    terms: Vec<TermLits>,
    /// Each group's range in `terms`.
    groups: Vec<(usize, usize)>,
    target: TargetLits,
    redundant: bool,
}

/// A sum to wake when a literal is set: the value `bit` of the term at `domains[term]`
/// is gone (`term` is [`TARGET`] for a value of the target, which always wakes the sum).
#[derive(Clone, Copy, Debug)]
struct Watch {
    sum: u32,
    term: u32,
    bit: u32,
}

/// [`Watch::term`] of a target's value.
const TARGET: u32 = u32::MAX;

/// The propagator for all the sums of a model.
pub(crate) struct Sums {
    sums: Vec<Sum>,
    /// Per literal, the sums to narrow again when it is set, `watch[start[l]..start[l +
    /// 1]]` (`x ≠ v` for a value of a term or of the target; `x = v` changes nothing
    /// until it sets the other values').
    start: Vec<u32>,
    watch: Vec<Watch>,
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Every sum's terms' domains, sum after sum (`offset[s]..`), as masks over the
    /// sum's `base..base + 64`, kept up to date with the trail read so far.
    domains: Vec<u64>,
    /// Where each sum's terms begin in `domains`.
    offset: Vec<u32>,
    /// Each term's group, as a range of `domains`.
    group_of: Vec<(u32, u32)>,
    /// Domains before each change (index, old mask), undone on backtracking.
    undo: Vec<(u32, u64)>,
    /// Whether the undo log was lost: the domains are then read afresh on each wake.
    undo_untrusted: bool,
    /// Trail literals read so far.
    read: usize,
    /// Per decision level: `read` and the length of `undo` when it began.
    marks: Vec<(usize, usize)>,
    /// Scratch: each term's domain as a mask over `base..base + 64`.
    masks: Vec<u64>,
    /// Scratch: each group's lower and upper bounds.
    bounds: Vec<(Bound, Bound)>,
    scratch: Vec<Lit>,
    /// Tests only: each solver variable's value in a known solution, when known; every
    /// reason is then checked against it.
    #[cfg(test)]
    pub witness: Vec<Option<bool>>,
}

/// The mask's values in increasing order, offset by `base`.
fn values(mask: u64, base: Val) -> impl Iterator<Item = Val> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros();
            m &= m - 1;
            base + b as Val
        })
    })
}

/// Whether a literal is false under the solver's assignment.
fn is_false(acts: &TheoryArg<'_>, l: Lit) -> bool {
    let v = acts.value(l.var());
    v != lbool::UNDEF && ((v == lbool::TRUE) != l.sign())
}

/// The values of `term` not yet ruled out under the solver's assignment, as a mask over
/// `base..base + 64`.
fn live_mask(acts: &TheoryArg<'_>, term: &TermLits, base: Val) -> u64 {
    let live = term.vals.iter().filter(|p| !is_false(acts, p.1));
    live.fold(0, |m, p| m | 1 << (p.0 - base))
}

/// The sum of the `k` least (`low`) or greatest values of a mask over `base..`, and the
/// last of them; the mask holds at least `k` values.
pub(crate) fn extreme_values(mask: u64, base: Val, k: usize, low: bool) -> (Val, Val) {
    let (mut m, mut total, mut last) = (mask, 0, 0);
    for _ in 0..k {
        let b = if low {
            let b = m.trailing_zeros();
            m &= m - 1;
            b
        } else {
            let b = 63 - m.leading_zeros();
            m &= !(1 << b);
            b
        };
        last = base + b as Val;
        total += last;
    }
    (total, last)
}

/// The lower (`low`) or upper bound of a group of terms whose values differ, given their
/// domains as masks over `base..`; `None` when they have fewer values than terms.
fn bound_of(masks: impl Iterator<Item = u64>, base: Val, low: bool) -> Option<Bound> {
    let mut each: Val = 0;
    let mut union = 0u64;
    let mut k = 0;
    for m in masks {
        if m == 0 {
            return None;
        }
        union |= m;
        k += 1;
        each += if low {
            base + m.trailing_zeros() as Val
        } else {
            base + 63 - m.leading_zeros() as Val
        };
    }
    if (union.count_ones() as usize) < k {
        return None;
    }
    if k <= 1 {
        return Some(Bound {
            value: each,
            why: Why::Each,
        });
    }
    let (together, last) = extreme_values(union, base, k, low);
    let better = if low {
        together > each
    } else {
        together < each
    };
    Some(Bound {
        value: if better { together } else { each },
        why: if better {
            Why::Together(last)
        } else {
            Why::Each
        },
    })
}

/// What a group's bound without one of its terms needs, computed once for the group: when
/// the term's values are all held by some other term too, the others' union is the
/// group's, and their bound ([`bound_of`] over the others) follows from the group's own
/// figures without a pass over the terms.
struct Spare {
    /// Values held by two or more terms.
    twice: u64,
    /// How many terms.
    k: usize,
    /// The terms' least (greatest) values added up.
    each: (Val, Val),
    /// The `k − 1` least (greatest) values of the union added up, and the last of them.
    together: ((Val, Val), (Val, Val)),
}

impl Spare {
    fn of(masks: &[u64], base: Val) -> Spare {
        let (mut once, mut twice) = (0u64, 0u64);
        let (mut lo, mut hi) = (0, 0);
        for &m in masks {
            twice |= once & m;
            once |= m;
            lo += base + m.trailing_zeros() as Val;
            hi += base + 63 - m.leading_zeros() as Val;
        }
        let k = masks.len();
        let enough = k >= 2 && once.count_ones() as usize >= k - 1 && masks.iter().all(|&m| m != 0);
        let together = if enough {
            (
                extreme_values(once, base, k - 1, true),
                extreme_values(once, base, k - 1, false),
            )
        } else {
            ((0, 0), (0, 0))
        };
        Spare {
            twice: if enough { twice } else { 0 },
            k,
            each: (lo, hi),
            together,
        }
    }

    /// [`bound_of`] over the group's other terms, when term `m`'s values are all held by
    /// another term; `None` when they are not (or the term has none).
    fn without(&self, m: u64, base: Val, low: bool) -> Option<Bound> {
        if m == 0 || m & !self.twice != 0 {
            return None;
        }
        let each = if low {
            self.each.0 - (base + m.trailing_zeros() as Val)
        } else {
            self.each.1 - (base + 63 - m.leading_zeros() as Val)
        };
        if self.k <= 2 {
            return Some(Bound {
                value: each,
                why: Why::Each,
            });
        }
        let (together, last) = if low {
            self.together.0
        } else {
            self.together.1
        };
        let better = if low {
            together > each
        } else {
            together < each
        };
        Some(if better {
            Bound {
                value: together,
                why: Why::Together(last),
            }
        } else {
            Bound {
                value: each,
                why: Why::Each,
            }
        })
    }
}

impl Sums {
    /// The propagator for `sums` (each with [`SumLits::base`]) over a solver with
    /// `num_vars` variables.
    pub fn new(sums: Vec<SumLits>, num_vars: usize) -> Self {
        let mut events: Vec<(u32, Watch)> = Vec::new();
        let mut compiled = Vec::with_capacity(sums.len());
        let (mut domains, mut offset, mut group_of) = (Vec::new(), Vec::new(), Vec::new());
        for (i, s) in sums.into_iter().enumerate() {
            let base = s.base().expect("sums handed to the propagator fit a mask");
            let mut terms = Vec::new();
            let mut groups = Vec::new();
            for g in s.groups {
                let start = terms.len();
                terms.extend(g);
                groups.push((start, terms.len()));
            }
            let first = domains.len() as u32;
            offset.push(first);
            for &(lo, hi) in &groups {
                let range = (first + lo as u32, first + hi as u32);
                group_of.extend(std::iter::repeat_n(range, hi - lo));
            }
            for t in &terms {
                let term = domains.len() as u32;
                let mut mask = 0u64;
                for &(v, l) in &t.vals {
                    let bit = (v - base) as u32;
                    mask |= 1 << bit;
                    let sum = i as u32;
                    events.push(((!l).idx(), Watch { sum, term, bit }));
                }
                domains.push(mask);
            }
            if let TargetLits::Var(t) = &s.target {
                for &(_, l) in &t.vals {
                    let (sum, term, bit) = (i as u32, TARGET, 0);
                    events.push(((!l).idx(), Watch { sum, term, bit }));
                }
            }
            compiled.push(Sum {
                base,
                terms,
                groups,
                target: s.target,
                redundant: s.redundant,
            });
        }
        events.sort_by_key(|e| e.0);
        let mut start = vec![0u32; 2 * num_vars + 1];
        for &(l, _) in &events {
            start[l as usize + 1] += 1;
        }
        for l in 0..2 * num_vars {
            start[l + 1] += start[l];
        }
        let watch = events.into_iter().map(|e| e.1).collect();
        let n = compiled.len();
        Sums {
            sums: compiled,
            start,
            watch,
            dirty: vec![true; n],
            queue: (0..n as u32).collect(),
            domains,
            offset,
            group_of,
            undo: Vec::new(),
            undo_untrusted: false,
            read: 0,
            marks: Vec::new(),
            masks: Vec::new(),
            bounds: Vec::new(),
            scratch: Vec::new(),
            #[cfg(test)]
            witness: Vec::new(),
        }
    }

    /// Reads the literals assigned since the last call: removes their values from the
    /// terms' domains and marks the sums to narrow again. A value gone from the inside of
    /// a term's domain (neither its least nor its greatest) changes none of the bounds
    /// when the term is alone in its group, nor when two other terms of its group still
    /// hold the value (the union of any terms but one is the same): such a removal wakes
    /// no sum, and the sum's narrowing is the same as if it had.
    fn wake(&mut self, acts: &TheoryArg<'_>) {
        if self.read > acts.model().len() {
            // The trail shrank without a backtrack (batsat always backtracks the theory
            // with its trail): the undo log cannot be trusted from here on.
            debug_assert!(false, "the trail shrank without a backtrack");
            self.undo_untrusted = true;
            self.read = acts.model().len().min(self.read);
        }
        if self.undo_untrusted {
            self.recompute(acts);
        }
        let trail = acts.model();
        for l in &trail[self.read..] {
            let i = l.idx() as usize;
            if i + 1 >= self.start.len() {
                // A variable made after the sums were (an activation literal of true
                // candidates' questions): in no sum.
                continue;
            }
            for w in &self.watch[self.start[i] as usize..self.start[i + 1] as usize] {
                let wake = if w.term == TARGET {
                    true
                } else if self.undo_untrusted {
                    // `recompute` has read the domains already.
                    continue;
                } else {
                    let t = w.term as usize;
                    let old = self.domains[t];
                    let bit = 1u64 << w.bit;
                    if old & bit == 0 {
                        continue;
                    }
                    self.undo.push((w.term, old));
                    let new = old & !bit;
                    self.domains[t] = new;
                    let inside = old & (bit - 1) != 0 && old >> w.bit > 1;
                    let (lo, hi) = self.group_of[t];
                    !inside
                        || (hi - lo > 1
                            && (lo..hi)
                                .filter(|&u| u as usize != t && self.domains[u as usize] & bit != 0)
                                .nth(1)
                                .is_none())
                };
                let s = w.sum as usize;
                if wake && !self.dirty[s] {
                    self.dirty[s] = true;
                    self.queue.push(w.sum);
                }
            }
        }
        self.read = trail.len();
    }

    /// Narrows every sum whose literals changed (`everything`: every sum), raising a
    /// conflict through `acts` when one cannot hold.
    pub fn check(&mut self, acts: &mut TheoryArg<'_>, reasons: &mut Reasons, everything: bool) {
        if everything {
            for s in 0..self.sums.len() {
                if !self.dirty[s] {
                    self.dirty[s] = true;
                    self.queue.push(s as u32);
                }
            }
        }
        self.wake(acts);
        while let Some(s) = self.queue.pop() {
            // The sums' own propagations so far, into the domains.
            self.wake(acts);
            self.dirty[s as usize] = false;
            if !self.propagate(s as usize, acts, reasons) {
                // Every literal read in this call is of the current decision level, which
                // the conflict undoes; below it every sum was already narrowed.
                for &q in &self.queue {
                    self.dirty[q as usize] = false;
                }
                self.queue.clear();
                return;
            }
        }
    }

    /// The lower (`low`) or upper bound of the terms `lo..hi` of sum `s` leaving out term
    /// `skip`; `None` when they have fewer values than cells (and a group's cells differ).
    fn group_bound(&self, s: usize, lo: usize, hi: usize, skip: usize, low: bool) -> Option<Bound> {
        let masks = (lo..hi).filter(|&t| t != skip).map(|t| self.masks[t]);
        bound_of(masks, self.sums[s].base, low)
    }

    /// The values terms `lo..hi` but `skip` can still take, together.
    fn union(&self, lo: usize, hi: usize, skip: usize) -> u64 {
        (lo..hi)
            .filter(|&t| t != skip)
            .fold(0, |u, t| u | self.masks[t])
    }

    /// Pushes the reason of a group bound (true literals `x ≠ v`) onto `out`.
    #[allow(clippy::too_many_arguments)]
    fn explain_bound(
        &self,
        acts: &TheoryArg<'_>,
        s: usize,
        lo: usize,
        hi: usize,
        skip: usize,
        low: bool,
        b: Bound,
        out: &mut Vec<Lit>,
    ) {
        let sum = &self.sums[s];
        let union = self.union(lo, hi, skip);
        for t in lo..hi {
            if t == skip {
                continue;
            }
            let m = self.masks[t];
            let (least, greatest) = (
                sum.base + m.trailing_zeros() as Val,
                sum.base + 63 - m.leading_zeros() as Val,
            );
            for &(v, l) in &sum.terms[t].vals {
                let needed = match (b.why, low) {
                    (Why::Each, true) => v < least,
                    (Why::Each, false) => v > greatest,
                    (Why::Together(last), true) => v < last && union & (1 << (v - sum.base)) == 0,
                    (Why::Together(last), false) => v > last && union & (1 << (v - sum.base)) == 0,
                };
                if needed {
                    debug_assert!(is_false(acts, l));
                    out.push(!l);
                }
            }
        }
    }

    /// The reason of Hall's condition failing on terms `lo..hi` but `skip`: every value
    /// outside their union is gone from each (or every value from one of them).
    fn explain_hall(&self, s: usize, lo: usize, hi: usize, skip: usize, out: &mut Vec<Lit>) {
        let sum = &self.sums[s];
        // A term with no value left (ruled out in this round, before unit propagation
        // saw it) is its own reason.
        if let Some(t) = (lo..hi).find(|&t| t != skip && self.masks[t] == 0) {
            out.extend(sum.terms[t].vals.iter().map(|p| !p.1));
            return;
        }
        let union = self.union(lo, hi, skip);
        for t in lo..hi {
            if t == skip {
                continue;
            }
            for &(v, l) in &sum.terms[t].vals {
                if union & (1 << (v - sum.base)) == 0 {
                    out.push(!l);
                }
            }
        }
    }

    /// Raises the conflict whose reason (true literals) is `reason`.
    fn conflict(&self, acts: &mut TheoryArg<'_>, reason: &[Lit]) {
        #[cfg(test)]
        self.audit_conflict(reason);
        let clause: Vec<Lit> = reason.iter().map(|&l| !l).collect();
        if clause.is_empty() {
            // Impossible from the start: the sums are checked before they are handed over.
            debug_assert!(false, "a sum's conflict without a reason");
            return;
        }
        acts.raise_conflict(&clause, false);
    }

    /// Narrows sum `s`; false after a conflict.
    fn propagate(&mut self, s: usize, acts: &mut TheoryArg<'_>, reasons: &mut Reasons) -> bool {
        // Domains.
        self.masks.clear();
        let first = self.offset[s] as usize;
        let count = self.sums[s].terms.len();
        self.masks
            .extend_from_slice(&self.domains[first..first + count]);
        #[cfg(debug_assertions)]
        for (t, term) in self.sums[s].terms.iter().enumerate() {
            let live = live_mask(acts, term, self.sums[s].base);
            debug_assert_eq!(live, self.masks[t], "a term's domain out of date");
        }
        if self.sums[s].redundant && self.slack_is_wide(s) {
            return true;
        }
        let mut reason = std::mem::take(&mut self.scratch);
        reason.clear();
        let (tlo, thi) = match &self.sums[s].target {
            TargetLits::Const(c) => (*c, *c),
            TargetLits::Var(t) => {
                let mut live = t.vals.iter().filter(|p| !is_false(acts, p.1)).map(|p| p.0);
                let Some(first) = live.next() else {
                    reason.extend(t.vals.iter().map(|p| !p.1));
                    self.conflict(acts, &reason);
                    self.scratch = reason;
                    return false;
                };
                (first, live.next_back().unwrap_or(first))
            }
        };
        let groups = std::mem::take(&mut self.sums[s].groups);
        let mut bounds = std::mem::take(&mut self.bounds);
        bounds.clear();
        let none = usize::MAX;
        // Each group's bounds.
        let mut ok = true;
        for &(lo, hi) in &groups {
            match (
                self.group_bound(s, lo, hi, none, true),
                self.group_bound(s, lo, hi, none, false),
            ) {
                (Some(l), Some(h)) => bounds.push((l, h)),
                _ => {
                    self.explain_hall(s, lo, hi, none, &mut reason);
                    self.conflict(acts, &reason);
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let total_lo: Val = bounds.iter().map(|b| b.0.value).sum();
            let total_hi: Val = bounds.iter().map(|b| b.1.value).sum();
            ok = self.narrow(
                s,
                acts,
                reasons,
                &groups,
                &bounds,
                (total_lo, total_hi),
                (tlo, thi),
                &mut reason,
            );
        }
        self.sums[s].groups = groups;
        self.bounds = bounds;
        self.scratch = reason;
        ok
    }

    /// Whether sum `s` (a constant target) leaves every term its whole span, judged by the
    /// terms' least and greatest values alone: then narrowing it term by term would rule
    /// out nothing, unless a group's distinct digits bound it tighter, which a redundant
    /// sum may leave to the constraints that imply it.
    fn slack_is_wide(&self, s: usize) -> bool {
        let TargetLits::Const(c) = self.sums[s].target else {
            return false;
        };
        let base = self.sums[s].base;
        let (mut lo, mut hi, mut width) = (0, 0, 0);
        for &m in &self.masks {
            if m == 0 {
                return false;
            }
            let (a, b) = (m.trailing_zeros() as Val, 63 - m.leading_zeros() as Val);
            lo += base + a;
            hi += base + b;
            width = width.max(b - a);
        }
        c - lo >= width && hi - c >= width
    }

    /// The `i`-th value of sum `s`'s target and its literal (none for a constant).
    fn target_value(&self, s: usize, i: usize) -> Option<(Val, Lit)> {
        match &self.sums[s].target {
            TargetLits::Const(_) => None,
            TargetLits::Var(t) => t.vals.get(i).copied(),
        }
    }

    /// The reasons of the target's bounds: the target's values `≥ from` (`upper`) or `≤
    /// from` are gone.
    fn explain_target(&self, s: usize, upper: bool, from: Val, out: &mut Vec<Lit>) {
        if let TargetLits::Var(t) = &self.sums[s].target {
            for &(v, l) in &t.vals {
                if (upper && v >= from) || (!upper && v <= from) {
                    out.push(!l);
                }
            }
        }
    }

    /// Narrows sum `s` given each group's bounds (lower, upper), the terms' totals and
    /// the target's bounds; false after a conflict.
    #[allow(clippy::too_many_arguments)]
    fn narrow(
        &mut self,
        s: usize,
        acts: &mut TheoryArg<'_>,
        reasons: &mut Reasons,
        groups: &[(usize, usize)],
        bounds: &[(Bound, Bound)],
        (total_lo, total_hi): (Val, Val),
        (tlo, thi): (Val, Val),
        reason: &mut Vec<Lit>,
    ) -> bool {
        let none = usize::MAX;
        let pick = |g: usize, low: bool| if low { bounds[g].0 } else { bounds[g].1 };
        // The terms cannot reach the target.
        if total_lo > thi || total_hi < tlo {
            let low = total_lo > thi;
            reason.clear();
            for (g, &(lo, hi)) in groups.iter().enumerate() {
                self.explain_bound(acts, s, lo, hi, none, low, pick(g, low), reason);
            }
            if low {
                self.explain_target(s, true, total_lo, reason);
            } else {
                self.explain_target(s, false, total_hi, reason);
            }
            self.conflict(acts, reason);
            return false;
        }
        // The target between the totals.
        for low in [true, false] {
            let mut explained = false;
            let mut i = 0;
            while let Some((v, l)) = self.target_value(s, i) {
                i += 1;
                let out = if low { v < total_lo } else { v > total_hi };
                if !out || is_false(acts, l) {
                    continue;
                }
                if !explained {
                    reason.clear();
                    for (g, &(lo, hi)) in groups.iter().enumerate() {
                        self.explain_bound(acts, s, lo, hi, none, low, pick(g, low), reason);
                    }
                    explained = true;
                }
                if !reasons.imply(acts, !l, reason) {
                    return false;
                }
            }
        }
        // Each term between the target's bounds less the rest.
        let base = self.sums[s].base;
        for (g, &(lo, hi)) in groups.iter().enumerate() {
            let spare = Spare::of(&self.masks[lo..hi], base);
            for t in lo..hi {
                for low in [true, false] {
                    let m = self.masks[t];
                    if m == 0 {
                        continue;
                    }
                    // A term alone in its group: the rest is the total less its own
                    // bound, and when its extreme value fits there is nothing to do.
                    let (least, greatest) = (
                        base + m.trailing_zeros() as Val,
                        base + 63 - m.leading_zeros() as Val,
                    );
                    if hi - lo == 1
                        && ((low && greatest + total_lo - least <= thi)
                            || (!low && least + total_hi - greatest >= tlo))
                    {
                        continue;
                    }
                    // `low`: the rest's least total caps the term from above.
                    let rest_group = match spare.without(self.masks[t], base, low) {
                        Some(b) => Some(b),
                        None => self.group_bound(s, lo, hi, t, low),
                    };
                    let Some(rest_group) = rest_group else {
                        reason.clear();
                        self.explain_hall(s, lo, hi, t, reason);
                        self.conflict(acts, reason);
                        return false;
                    };
                    let total = if low { total_lo } else { total_hi };
                    let rest = total - pick(g, low).value + rest_group.value;
                    // Values of the term out of reach.
                    let out = if low {
                        let from = thi - rest + 1 - base;
                        if from >= 64 {
                            0
                        } else {
                            m & !((1u64 << from.max(0)) - 1)
                        }
                    } else {
                        let upto = tlo - rest - base;
                        if upto <= 0 {
                            0
                        } else if upto >= 64 {
                            m
                        } else {
                            m & ((1u64 << upto) - 1)
                        }
                    };
                    if out == 0 {
                        continue;
                    }
                    reason.clear();
                    for (h, &(hlo, hhi)) in groups.iter().enumerate() {
                        if h != g {
                            self.explain_bound(acts, s, hlo, hhi, none, low, pick(h, low), reason);
                        }
                    }
                    self.explain_bound(acts, s, lo, hi, t, low, rest_group, reason);
                    let common = reason.len();
                    for v in values(out, base) {
                        reason.truncate(common);
                        // `x = v` needs the target at `v + rest` or beyond.
                        self.explain_target(s, low, v + rest, reason);
                        let l = self.sums[s].terms[t]
                            .vals
                            .iter()
                            .find(|p| p.0 == v)
                            .expect("a value of the mask")
                            .1;
                        if !reasons.imply(acts, !l, reason) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Every domain read afresh from the solver's values, each sum whose domains changed
    /// to narrow again (the way back from an undo log that cannot be trusted; never taken
    /// in practice; the trail's literals still wake the sums of their target values).
    fn recompute(&mut self, acts: &TheoryArg<'_>) {
        for (s, sum) in self.sums.iter().enumerate() {
            let first = self.offset[s] as usize;
            let mut changed = false;
            for (t, term) in sum.terms.iter().enumerate() {
                let mask = live_mask(acts, term, sum.base);
                changed |= mask != self.domains[first + t];
                self.domains[first + t] = mask;
            }
            if changed && !self.dirty[s] {
                self.dirty[s] = true;
                self.queue.push(s as u32);
            }
        }
        self.undo.clear();
    }

    /// A new decision level.
    pub fn push_level(&mut self) {
        self.marks.push((self.read, self.undo.len()));
    }

    /// Back `n` levels: the domains as they were when the level began.
    pub fn pop_levels(&mut self, n: usize) {
        let keep = self.marks.len() - n;
        let (read, undone) = self.marks[keep];
        if !self.undo_untrusted {
            for &(t, old) in self.undo[undone..].iter().rev() {
                self.domains[t as usize] = old;
            }
            self.undo.truncate(undone);
        }
        self.read = read;
        self.marks.truncate(keep);
    }
}

#[cfg(test)]
impl Sums {
    /// Tests only: the domains read afresh on every wake, as after a lost undo log.
    pub fn distrust_undo(&mut self) {
        self.undo_untrusted = true;
    }

    /// The value of `l` in the known solution.
    fn holds(&self, l: Lit) -> Option<bool> {
        crate::variant::sat::theory::holds_in(&self.witness, l)
    }

    /// Panics when the reason of a conflict holds in the known solution: an unsound
    /// step. (Propagations are audited by [`Reasons`].)
    fn audit_conflict(&self, reason: &[Lit]) {
        if self.witness.is_empty() || !reason.iter().all(|&l| self.holds(l) == Some(true)) {
            return;
        }
        panic!("a conflict the known solution satisfies: {reason:?}");
    }

    /// Completes the known solution with each target variable's value, the sum of its
    /// terms'.
    pub fn fill_witness(&mut self) {
        for s in &self.sums {
            let TargetLits::Var(t) = &s.target else {
                continue;
            };
            let mut total = 0;
            for term in &s.terms {
                let Some(&(v, _)) = term.vals.iter().find(|p| self.holds(p.1) == Some(true)) else {
                    return;
                };
                total += v;
            }
            for &(v, l) in &t.vals {
                self.witness[l.var().idx() as usize] = Some((v == total) == l.sign());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every group of 2–5 masks over 1..=6 (a sample, by a fixed generator) and every term
    /// left out: when [`Spare::without`] answers, it is [`bound_of`] over the other terms,
    /// value and reason both.
    #[test]
    fn spare_bounds_are_the_others_bounds() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut answered = 0;
        for _ in 0..20_000 {
            let k = 2 + (next() % 4) as usize;
            let masks: Vec<u64> = (0..k).map(|_| next() & 0b11_1111).collect();
            for base in [1, -6] {
                let spare = Spare::of(&masks, base);
                for t in 0..k {
                    for low in [true, false] {
                        let Some(fast) = spare.without(masks[t], base, low) else {
                            continue;
                        };
                        answered += 1;
                        let others = (0..k).filter(|&u| u != t).map(|u| masks[u]);
                        let slow = bound_of(others, base, low).expect("the others have values");
                        assert_eq!(
                            (fast.value, fast.why),
                            (slow.value, slow.why),
                            "{masks:?} without {t}, low {low}, base {base}"
                        );
                    }
                }
            }
        }
        assert!(
            answered > 10_000,
            "the quick way answered only {answered} times"
        );
    }
}
