//! A small constraint model that compiles to exact cover with colours.
//!
//! Variables hold small integers. *Decided* variables (the cells, letters, shading) get a
//! primary item with one option per value, like the cells of plain Sudoku; *free*
//! variables (auxiliaries: a line's common difference, a running sum...) get no item of
//! their own and take the value that the options colouring them agree on. Every variable
//! that some option mentions is a secondary item coloured with its value.
//!
//! Constraints are of four kinds:
//!
//! - a **house**: decided variables that all differ (items "house holds value x",
//!   primary when the house must hold every value, secondary otherwise);
//! - a **forbidden pair** `a = x, b = y`: one secondary item covered by both options;
//! - an **attachment** `a = x ⇒ t = y`: the option `a = x` also colours `t` with `y`
//!   (features of a cell such as its parity);
//! - a **choice**: a primary item with a list of alternatives, each an assignment to some
//!   variables (a table constraint when all alternatives assign the same variables).
//!
//! Before emitting the problem, domains are filtered to a fixpoint (generalised arc
//! consistency on choices, singles in houses, forbidden pairs and attachments), which
//! removes options that could never be part of a solution. The exact cover problem has
//! the same solutions either way; filtering only makes it smaller.

use std::collections::HashMap;

use dlx_core::{ColorId, ItemId, OptionId, Problem, ProblemBuilder, ProblemError};

/// A variable, by index. Cells come first, in row-major order.
pub(crate) type Var = u32;
/// A value.
pub(crate) type Val = i32;

/// What a sum must equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// A number.
    Const(Val),
    /// A variable (a circle, a line's common sum...).
    Var(Var),
}

/// A set of small integers as a bitset over `lo..`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Domain {
    lo: Val,
    bits: Vec<u64>,
    len: u32,
}

impl Domain {
    /// The values `lo..=hi` (empty when `hi < lo`).
    pub fn range(lo: Val, hi: Val) -> Self {
        Self::from_values(lo..=hi)
    }

    /// The given values.
    pub fn from_values(values: impl IntoIterator<Item = Val>) -> Self {
        let values: Vec<Val> = values.into_iter().collect();
        let lo = values.iter().copied().min().unwrap_or(0);
        let hi = values.iter().copied().max().unwrap_or(-1);
        let words = if hi < lo {
            0
        } else {
            ((hi - lo) as usize) / 64 + 1
        };
        let mut d = Domain {
            lo,
            bits: vec![0; words],
            len: 0,
        };
        for v in values {
            let k = (v - lo) as usize;
            let (w, b) = (k / 64, k % 64);
            if d.bits[w] & (1 << b) == 0 {
                d.bits[w] |= 1 << b;
                d.len += 1;
            }
        }
        d
    }

    #[inline]
    pub fn contains(&self, v: Val) -> bool {
        if v < self.lo {
            return false;
        }
        let k = (v - self.lo) as usize;
        self.bits
            .get(k / 64)
            .is_some_and(|w| w & (1 << (k % 64)) != 0)
    }

    /// Removes a value; true if it was there.
    pub fn remove(&mut self, v: Val) -> bool {
        if !self.contains(v) {
            return false;
        }
        let k = (v - self.lo) as usize;
        self.bits[k / 64] &= !(1 << (k % 64));
        self.len -= 1;
        true
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Val> + '_ {
        self.bits.iter().enumerate().flat_map(move |(w, &word)| {
            let base = self.lo + (w * 64) as Val;
            BitIter(word).map(move |b| base + b as Val)
        })
    }

    pub fn min(&self) -> Option<Val> {
        self.iter().next()
    }

    pub fn max(&self) -> Option<Val> {
        self.iter().last()
    }

    pub fn single(&self) -> Option<Val> {
        if self.len == 1 {
            self.min()
        } else {
            None
        }
    }

    /// Keeps the values for which `keep` holds; true if something was removed.
    pub fn retain(&mut self, mut keep: impl FnMut(Val) -> bool) -> bool {
        let before = self.len;
        let gone: Vec<Val> = self.iter().filter(|&v| !keep(v)).collect();
        for v in gone {
            self.remove(v);
        }
        self.len != before
    }
}

struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(b)
        }
    }
}

/// A feature variable, the variable it is a function of, and the function as pairs.
pub(crate) type FeatureSource = (Var, Var, Vec<(Val, Val)>);

/// Whether a variable has its own primary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VarKind {
    /// One option per value, covering the variable's primary item.
    Decided,
    /// Coloured by the options that mention it.
    Free,
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    pub name: String,
    pub kind: VarKind,
    pub dom: Domain,
    /// The value a gated auxiliary takes while its rule is switched off; never a value of
    /// the rule itself.
    pub off: Option<Val>,
    /// An auxiliary of a decomposition only the exact cover problem has
    /// ([`Model::links_only_sum`]): the clause solver gives it no literals.
    pub links_only: bool,
}

/// A choice: one primary item, exactly one alternative is chosen.
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub name: String,
    /// The rule (index into the puzzle's constraints) this choice encodes, for statistics.
    pub rule: usize,
    /// A decomposition that only the exact cover problem needs: the clause solver states
    /// the same constraint directly (a [`Model::members`] entry).
    pub links_only: bool,
    pub alts: Vec<Vec<(Var, Val)>>,
}

/// At least `count` of `vars` take `value` (a quadruple's digit): the clause solver
/// states it as one clause for every `vars.len() - count + 1` of the variables (some of
/// them takes it), so only for the few variables of a clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AtLeast {
    pub vars: Vec<Var>,
    pub value: Val,
    pub count: usize,
}

/// `Σ vars = target` over variables that always take a value (no gate): the clause
/// solver encodes it with order literals (`x ≥ v`) and running sums that exist only in the
/// clauses, so that what it learns from a sum speaks of bounds ("the first four cells add
/// up to at least 20") rather than of single values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Linear {
    /// The terms: groups of cells whose digits differ (one cell, or cells of one house),
    /// each group adding up to at least the sum of its least possible distinct digits and
    /// at most that of its greatest.
    pub groups: Vec<Vec<Var>>,
    /// What they add up to.
    pub target: Target,
}

/// `Σ plus − Σ minus = total` over decided cells, a sum the rules already imply (an
/// innies-and-outies sum of the 45 rule): each group's digits differ (one cell, or cells
/// of one house).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ImpliedDifference {
    /// The groups counted positively.
    pub plus: Vec<Vec<Var>>,
    /// The groups counted negatively.
    pub minus: Vec<Vec<Var>>,
    /// The difference.
    pub total: Val,
}

/// A rule that can be switched off: its tables hold only while `var` is 1; while it is 0
/// the rule's auxiliaries take their `off` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gate {
    pub var: Var,
}

/// The table (or decomposition) was too large to enumerate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooLarge;

/// What an option of the emitted problem means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// A decided variable takes a value.
    Assign(Var, Val),
    /// An alternative of a choice (choice index, alternative index).
    Alt(u32, u32),
}

/// The constraint model.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub n: usize,
    pub vars: Vec<VarInfo>,
    pub houses: Vec<Vec<Var>>,
    /// For each variable, the houses holding it.
    pub houses_of: Vec<Vec<u32>>,
    pub forbids: Vec<(Var, Val, Var, Val)>,
    /// `(var, value, target, target value)`.
    pub attachments: Vec<(Var, Val, Var, Val)>,
    pub choices: Vec<Choice>,
    /// Memberships `(a, vars)`: some variable of `vars` takes `a`'s value.
    pub members: Vec<(Var, Vec<Var>)>,
    /// Counts from below ([`AtLeast`]), stated to the clause solver directly; the exact
    /// cover problem has the rule's tables, marked [`links_only`](Choice::links_only).
    pub at_least: Vec<AtLeast>,
    /// Digit sets `(cells, members)`: `members[i]` is 1 exactly when one of `cells` holds
    /// the digit `i + 1` (a large killer cage's set of digits). The clause solver ties each
    /// member to the cells that see every cell of the set: a digit the set must hold is
    /// then ruled out around it at once.
    pub digit_sets: Vec<(Vec<Var>, Vec<Var>)>,
    /// Runs: cells that hold distinct consecutive digits (a renban), stated to the clause
    /// solver directly by the window of digits they fill; the exact cover problem has the
    /// rule's tables, marked [`links_only`](Choice::links_only).
    pub runs: Vec<Vec<Var>>,
    /// Sums the clause solver states itself, in the order encoding
    /// ([`Linear`]); the exact cover problem has their running sums as choices marked
    /// [`links_only`](Choice::links_only).
    pub linears: Vec<Linear>,
    /// Sums other constraints already imply (a large killer cage's total, which its set of
    /// digits holds): the propagator reads them for its bounds, and nothing else does.
    pub implied_linears: Vec<Linear>,
    /// Differences of sums other constraints already imply (the 45 rule's sums too long
    /// for a table): the propagator reads them for its bounds, and nothing else does.
    pub implied_differences: Vec<ImpliedDifference>,
    /// Cages: cells that hold distinct digits adding up to a total, which other
    /// constraints already state (a table of permutations, or a set of digits and its
    /// sum). The propagation engine reasons on the sets of digits they may hold (with the
    /// rest of a house around them); nothing else reads them.
    pub cage_sums: Vec<(Vec<Var>, Val)>,
    /// Whether choices added now are for the exact cover problem only.
    links_only: bool,
    /// Whether variables added now are for the exact cover problem only.
    links_only_vars: bool,
    /// Whether the parts only the exact cover problem needs are built
    /// ([`links_only`](Self::links_only), [`links_only_sum`](Self::links_only_sum)): not
    /// for the clause solver, which never reads them.
    pub links_parts: bool,
    features: HashMap<(Var, &'static str), Var>,
    /// Feature variables, their variable, and the map from its values to theirs.
    pub feature_source: Vec<FeatureSource>,
    names: HashMap<String, u32>,
    /// The rule now being encoded (for statistics).
    pub rule: usize,
    /// Most alternatives a table may have before a rule decomposes it.
    pub table_cap: usize,
    infeasible: bool,
}

/// Whether the clause solver's model keeps two-cell tables whole, for the support encoding
/// (`Cnf::pair_table`), rather than as forbidden pairs; `DLX_PAIRS=forbids` gives it the
/// forbidden pairs (for measuring).
pub(crate) fn pair_support() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("DLX_PAIRS").as_deref() != Ok("forbids"))
}

/// Most alternatives a table may have before a rule decomposes it.
pub(crate) const TABLE_CAP: usize = 4096;
/// Most search nodes spent enumerating one table.
const ENUM_NODES: usize = 100_000;

impl Model {
    /// A model with the `n × n` cells as decided variables with values `1..=n`.
    pub fn new(n: usize) -> Self {
        let mut m = Model {
            n,
            vars: Vec::with_capacity(n * n),
            houses: Vec::new(),
            houses_of: Vec::new(),
            forbids: Vec::new(),
            attachments: Vec::new(),
            choices: Vec::new(),
            members: Vec::new(),
            at_least: Vec::new(),
            digit_sets: Vec::new(),
            runs: Vec::new(),
            linears: Vec::new(),
            implied_linears: Vec::new(),
            implied_differences: Vec::new(),
            cage_sums: Vec::new(),
            links_only: false,
            links_only_vars: false,
            links_parts: true,
            features: HashMap::new(),
            feature_source: Vec::new(),
            names: HashMap::new(),
            rule: 0,
            table_cap: TABLE_CAP,
            infeasible: false,
        };
        for r in 0..n {
            for c in 0..n {
                m.vars.push(VarInfo {
                    name: format!("{},{}", r + 1, c + 1),
                    kind: VarKind::Decided,
                    dom: Domain::range(1, n as Val),
                    off: None,
                    links_only: false,
                });
                m.houses_of.push(Vec::new());
            }
        }
        m
    }

    /// The variable of the cell at `row`, `col` (from 0).
    pub fn cell(&self, row: usize, col: usize) -> Var {
        (row * self.n + col) as Var
    }

    fn unique_name(&mut self, base: &str) -> String {
        let k = self.names.entry(base.to_string()).or_insert(0);
        *k += 1;
        if *k == 1 {
            base.to_string()
        } else {
            format!("{base}~{k}")
        }
    }

    fn add_var(&mut self, name: &str, kind: VarKind, dom: Domain, off: Option<Val>) -> Var {
        let name = self.unique_name(name);
        self.vars.push(VarInfo {
            name,
            kind,
            dom,
            off,
            links_only: self.links_only_vars,
        });
        self.houses_of.push(Vec::new());
        (self.vars.len() - 1) as Var
    }

    /// A decided variable (its own primary item, one option per value).
    pub fn decided(&mut self, name: &str, dom: Domain) -> Var {
        self.add_var(name, VarKind::Decided, dom, None)
    }

    /// A free auxiliary variable; under a gate it also gets an `off` value.
    pub fn aux(&mut self, name: &str, dom: Domain, gate: Option<Gate>) -> Var {
        match gate {
            None => self.add_var(name, VarKind::Free, dom, None),
            Some(_) => {
                let off = dom.min().unwrap_or(0) - 1;
                let mut values: Vec<Val> = dom.iter().collect();
                values.push(off);
                self.add_var(name, VarKind::Free, Domain::from_values(values), Some(off))
            }
        }
    }

    /// A feature of a decided variable: a free variable equal to `f(value)`, coloured by
    /// the variable's own options. Features are shared by key.
    pub fn feature(&mut self, var: Var, key: &'static str, f: impl Fn(Val) -> Val) -> Var {
        if let Some(&v) = self.features.get(&(var, key)) {
            return v;
        }
        let values: Vec<(Val, Val)> = self.vars[var as usize]
            .dom
            .iter()
            .map(|x| (x, f(x)))
            .collect();
        let name = format!("{key}{}", self.vars[var as usize].name);
        let t = self.add_var(
            &name,
            VarKind::Free,
            Domain::from_values(values.iter().map(|p| p.1)),
            None,
        );
        for &(x, y) in &values {
            self.attachments.push((var, x, t, y));
        }
        self.features.insert((var, key), t);
        self.feature_source.push((t, var, values));
        t
    }

    /// The option `var = x` also colours `target` with `y`.
    pub fn attach(&mut self, var: Var, x: Val, target: Var, y: Val) {
        self.attachments.push((var, x, target, y));
    }

    /// Decided variables that must all differ.
    pub fn house(&mut self, vars: Vec<Var>) {
        let h = self.houses.len() as u32;
        for &v in &vars {
            debug_assert_eq!(self.vars[v as usize].kind, VarKind::Decided);
            self.houses_of[v as usize].push(h);
        }
        self.houses.push(vars);
    }

    /// Forbids `a = x` together with `b = y` (decided variables).
    pub fn forbid(&mut self, a: Var, x: Val, b: Var, y: Val) {
        self.forbids.push((a, x, b, y));
    }

    /// True when two decided variables lie in a common house, so they differ.
    pub fn sees(&self, a: Var, b: Var) -> bool {
        if a == b {
            return false;
        }
        let (ha, hb) = (&self.houses_of[a as usize], &self.houses_of[b as usize]);
        ha.iter().any(|h| hb.contains(h))
    }

    /// Restricts a variable's domain.
    pub fn restrict(&mut self, var: Var, keep: impl FnMut(Val) -> bool) {
        self.vars[var as usize].dom.retain(keep);
    }

    pub fn dom(&self, var: Var) -> &Domain {
        &self.vars[var as usize].dom
    }

    /// Some variable of `vars` takes `a`'s value (a letter's digit among the cells around
    /// its circle). The clause solver states this directly, one clause per value of `a`;
    /// the exact cover problem needs the rule's decomposition too, which the rule adds
    /// inside [`links_only`](Self::links_only).
    pub fn member(&mut self, a: Var, vars: Vec<Var>) {
        self.members.push((a, vars));
    }

    /// At least `count` of `vars` take `value` (see [`AtLeast`]); the exact cover problem
    /// needs the rule's table too, which the rule adds inside
    /// [`links_only`](Self::links_only).
    pub fn at_least(&mut self, vars: Vec<Var>, value: Val, count: usize) {
        self.at_least.push(AtLeast { vars, value, count });
    }

    /// Records that `members[i]` (a 0/1 auxiliary) is 1 exactly when one of `cells` holds
    /// digit `i + 1`; the rule states the tie itself (see [`Model::digit_sets`]).
    pub fn digit_set(&mut self, cells: Vec<Var>, members: Vec<Var>) {
        self.digit_sets.push((cells, members));
    }

    /// Records that `cells` hold distinct consecutive digits (see [`Model::runs`]).
    pub fn run(&mut self, cells: Vec<Var>) {
        self.runs.push(cells);
    }

    /// The cells outside `cells` that see every one of them (share a house with each).
    pub fn seers(&self, cells: &[Var]) -> Vec<Var> {
        let Some(&first) = cells.first() else {
            return Vec::new();
        };
        (0..(self.n * self.n) as Var)
            .filter(|&x| !cells.contains(&x) && self.sees(x, first))
            .filter(|&x| cells.iter().all(|&c| self.sees(x, c)))
            .collect()
    }

    /// Runs `f` with every choice it adds marked for the exact cover problem only; skips it
    /// when the model is not for the exact cover problem ([`links_parts`](Self::links_parts)).
    pub fn links_only(&mut self, f: impl FnOnce(&mut Model)) {
        if !self.links_parts {
            return;
        }
        let before = self.links_only;
        self.links_only = true;
        f(self);
        self.links_only = before;
    }

    /// Runs `f` with every choice and variable it adds for the exact cover problem only:
    /// the decomposition of a sum that the clause solver states as a [`Linear`]. Skipped,
    /// as [`links_only`](Self::links_only) is, when the model is for the clause solver.
    pub fn links_only_sum(&mut self, f: impl FnOnce(&mut Model)) {
        if !self.links_parts {
            return;
        }
        let before = (self.links_only, self.links_only_vars);
        self.links_only = true;
        self.links_only_vars = true;
        f(self);
        (self.links_only, self.links_only_vars) = before;
    }

    /// Whether this is inside [`links_only_sum`](Self::links_only_sum).
    pub fn in_links_only_sum(&self) -> bool {
        self.links_only_vars
    }

    /// Adds a choice with these alternatives.
    pub fn choice(&mut self, name: &str, alts: Vec<Vec<(Var, Val)>>) {
        let name = self.unique_name(name);
        if alts.is_empty() {
            self.infeasible = true;
        }
        self.choices.push(Choice {
            name,
            rule: self.rule,
            links_only: self.links_only,
            alts,
        });
    }

    /// Every tuple of values of `vars` (from their domains, off values excluded, decided
    /// variables that see each other different) for which `ok` holds, as a table's
    /// alternatives (each variable with its value). `ok` is called on every prefix and
    /// must return false only when no extension can satisfy the rule.
    pub fn tuples(
        &self,
        vars: &[Var],
        cap: Option<usize>,
        mut ok: impl FnMut(&[Val]) -> bool,
    ) -> Result<Vec<Vec<(Var, Val)>>, TooLarge> {
        let node_cap = if cap.is_some() {
            ENUM_NODES
        } else {
            usize::MAX
        };
        let cap = cap.unwrap_or(usize::MAX);
        let k = vars.len();
        let doms: Vec<Vec<Val>> = vars
            .iter()
            .map(|&v| {
                let info = &self.vars[v as usize];
                info.dom.iter().filter(|&x| Some(x) != info.off).collect()
            })
            .collect();
        // Pairs (i, j), i < j, that must differ.
        let mut differ: Vec<Vec<usize>> = vec![Vec::new(); k];
        for j in 0..k {
            for i in 0..j {
                if self.sees(vars[i], vars[j]) {
                    differ[j].push(i);
                }
            }
        }
        let mut out = Vec::new();
        if k == 0 {
            return Ok(out);
        }
        let mut prefix: Vec<Val> = Vec::with_capacity(k);
        let mut idx = vec![0usize; k];
        let mut nodes = 0usize;
        let mut depth = 0usize;
        idx[0] = 0;
        loop {
            if idx[depth] >= doms[depth].len() {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                prefix.pop();
                idx[depth] += 1;
                continue;
            }
            nodes += 1;
            if nodes > node_cap {
                return Err(TooLarge);
            }
            let x = doms[depth][idx[depth]];
            if differ[depth].iter().any(|&i| prefix[i] == x) {
                idx[depth] += 1;
                continue;
            }
            prefix.push(x);
            if !ok(&prefix) {
                prefix.pop();
                idx[depth] += 1;
                continue;
            }
            if depth + 1 == k {
                out.push(vars.iter().copied().zip(prefix.iter().copied()).collect());
                if out.len() > cap {
                    return Err(TooLarge);
                }
                prefix.pop();
                idx[depth] += 1;
            } else {
                depth += 1;
                idx[depth] = 0;
            }
        }
        Ok(out)
    }

    /// A table constraint: a choice whose alternatives are the tuples of [`tuples`]. Under
    /// a gate the tuples hold while the gate is 1; while it is 0 one alternative sets the
    /// gate to 0 and every auxiliary among `vars` to its off value.
    pub fn table(
        &mut self,
        name: &str,
        vars: &[Var],
        gate: Option<Gate>,
        cap: Option<usize>,
        ok: impl FnMut(&[Val]) -> bool,
    ) -> Result<(), TooLarge> {
        let alts = self.tuples(vars, cap, ok)?;
        self.gated_choice(name, alts, gate, vars);
        Ok(())
    }

    /// A choice that holds while its gate is 1 (always, without a gate). While the gate is
    /// 0, one more alternative sets it to 0 and every auxiliary the alternatives mention to
    /// its off value.
    pub fn gated_choice(
        &mut self,
        name: &str,
        mut alts: Vec<Vec<(Var, Val)>>,
        gate: Option<Gate>,
        also: &[Var],
    ) {
        if let Some(g) = gate {
            let mut off = vec![(g.var, 0)];
            for &v in also {
                if let Some(o) = self.vars[v as usize].off {
                    if !off.contains(&(v, o)) {
                        off.push((v, o));
                    }
                }
            }
            for a in &mut alts {
                for &(v, _) in a.iter() {
                    if let Some(o) = self.vars[v as usize].off {
                        if !off.contains(&(v, o)) {
                            off.push((v, o));
                        }
                    }
                }
                a.push((g.var, 1));
            }
            alts.push(off);
        }
        self.choice(name, alts);
    }

    /// A table enumerated without limits (for tables known to be small).
    pub fn small_table(
        &mut self,
        name: &str,
        vars: &[Var],
        gate: Option<Gate>,
        ok: impl FnMut(&[Val]) -> bool,
    ) {
        self.table(name, vars, gate, None, ok)
            .expect("an unlimited enumeration never gives up");
    }

    /// Which variables every solution gives a value: a feature whose source's every
    /// value maps to one of its own, a variable every alternative of a (clause solver's)
    /// choice names, a sum's target. Other free variables may have none.
    pub fn always_valued(&self) -> Vec<bool> {
        let mut always = vec![false; self.vars.len()];
        for (t, a, map) in &self.feature_source {
            if self.vars[*a as usize]
                .dom
                .iter()
                .all(|x| map.iter().any(|p| p.0 == x))
            {
                always[*t as usize] = true;
            }
        }
        for c in self.choices.iter().filter(|c| !c.links_only) {
            if let Some(first) = c.alts.first() {
                for &(v, _) in first {
                    if c.alts.iter().all(|a| a.iter().any(|p| p.0 == v)) {
                        always[v as usize] = true;
                    }
                }
            }
        }
        for l in &self.linears {
            if let Target::Var(t) = l.target {
                always[t as usize] = true;
            }
        }
        always
    }

    /// Filters domains to a fixpoint; returns false when some domain became empty.
    pub fn propagate(&mut self) -> bool {
        if self.infeasible {
            return false;
        }
        let mut alive: Vec<Vec<bool>> = self
            .choices
            .iter()
            .map(|c| vec![true; c.alts.len()])
            .collect();
        // Per variable: how many live alternatives of the choice at hand mention it, and
        // the values they give it (scratch, reused); the variables touched.
        let mut seen_count = vec![0usize; self.vars.len()];
        let mut seen_values: Vec<Vec<Val>> = vec![Vec::new(); self.vars.len()];
        let mut touched: Vec<Var> = Vec::new();
        // Each choice's variables, and the total size of their domains when the choice was
        // last filtered: domains only shrink, so an unchanged total means nothing to redo.
        let choice_vars: Vec<Vec<Var>> = self
            .choices
            .iter()
            .map(|c| {
                let mut vs: Vec<Var> = c.alts.iter().flatten().map(|&(v, _)| v).collect();
                vs.sort_unstable();
                vs.dedup();
                vs
            })
            .collect();
        let mut filtered_at = vec![usize::MAX; self.choices.len()];
        loop {
            let mut changed = false;
            // Choices: generalised arc consistency.
            for (ci, choice) in self.choices.iter().enumerate() {
                if filtered_at[ci] == domain_sizes(&self.vars, &choice_vars[ci]) {
                    continue;
                }
                let flags = &mut alive[ci];
                let mut count = 0usize;
                for (ai, alt) in choice.alts.iter().enumerate() {
                    if !flags[ai] {
                        continue;
                    }
                    if !alt
                        .iter()
                        .all(|&(v, x)| self.vars[v as usize].dom.contains(x))
                    {
                        flags[ai] = false;
                        continue;
                    }
                    count += 1;
                    for &(v, x) in alt {
                        if seen_count[v as usize] == 0 {
                            touched.push(v);
                        }
                        seen_count[v as usize] += 1;
                        seen_values[v as usize].push(x);
                    }
                }
                if count == 0 {
                    return false;
                }
                for &v in &touched {
                    let values = &mut seen_values[v as usize];
                    if seen_count[v as usize] == count {
                        values.sort_unstable();
                        values.dedup();
                        let dom = &mut self.vars[v as usize].dom;
                        if dom.len() > values.len()
                            && dom.retain(|x| values.binary_search(&x).is_ok())
                        {
                            changed = true;
                        }
                    }
                    values.clear();
                    seen_count[v as usize] = 0;
                }
                touched.clear();
                filtered_at[ci] = domain_sizes(&self.vars, &choice_vars[ci]);
            }
            // Attachments: a value whose target value is gone is gone; a target keeps only
            // the values that some live source value gives it (when all its sources are
            // attachments of one variable: features).
            for &(a, x, t, y) in &self.attachments {
                if !self.vars[t as usize].dom.contains(y) && self.vars[a as usize].dom.remove(x) {
                    changed = true;
                }
            }
            // Counts from below: too few variables able to take the value is no solution;
            // exactly enough, and each of them takes it.
            for c in &self.at_least {
                let able = c
                    .vars
                    .iter()
                    .filter(|&&v| self.vars[v as usize].dom.contains(c.value));
                match able.count().cmp(&c.count) {
                    std::cmp::Ordering::Less => return false,
                    std::cmp::Ordering::Equal => {
                        for &v in &c.vars {
                            let dom = &mut self.vars[v as usize].dom;
                            if dom.contains(c.value) && dom.retain(|x| x == c.value) {
                                changed = true;
                            }
                        }
                    }
                    std::cmp::Ordering::Greater => {}
                }
            }
            // Memberships: a value no variable of the list can take is gone.
            for (a, vars) in &self.members {
                let (a, vars) = (*a, vars);
                let keep: Vec<Val> = self.vars[a as usize]
                    .dom
                    .iter()
                    .filter(|&x| vars.iter().any(|&v| self.vars[v as usize].dom.contains(x)))
                    .collect();
                if self.vars[a as usize].dom.retain(|x| keep.contains(&x)) {
                    changed = true;
                }
            }
            // A feature takes only the values its variable's live values give it.
            for (t, a, map) in &self.feature_source {
                let (t, a) = (*t, *a);
                let image: Vec<Val> = map
                    .iter()
                    .filter(|&&(x, _)| self.vars[a as usize].dom.contains(x))
                    .map(|&(_, y)| y)
                    .collect();
                if self.vars[t as usize].dom.retain(|y| image.contains(&y)) {
                    changed = true;
                }
            }
            // Houses: naked singles.
            for house in &self.houses {
                for &v in house {
                    if let Some(x) = self.vars[v as usize].dom.single() {
                        for &w in house {
                            if w != v && self.vars[w as usize].dom.remove(x) {
                                changed = true;
                            }
                        }
                    }
                }
            }
            for &(a, x, b, y) in &self.forbids {
                if self.vars[a as usize].dom.single() == Some(x)
                    && self.vars[b as usize].dom.remove(y)
                {
                    changed = true;
                }
                if self.vars[b as usize].dom.single() == Some(y)
                    && self.vars[a as usize].dom.remove(x)
                {
                    changed = true;
                }
            }
            if self.vars.iter().any(|v| v.dom.is_empty()) {
                return false;
            }
            if !changed {
                break;
            }
        }
        // Drop dead alternatives for good.
        for (choice, flags) in self.choices.iter_mut().zip(&alive) {
            let mut k = 0;
            choice.alts.retain(|_| {
                k += 1;
                flags[k - 1]
            });
        }
        true
    }

    /// Adds, for every table over decided variables, the pairs of values that no
    /// alternative allows as forbidden pairs (the table's projections on pairs of its
    /// variables). They are implied, so the solutions do not change, but they act the
    /// moment one cell is chosen, where the table acts only when its own item is chosen.
    /// A table over two variables is then redundant and is dropped; the clause solver's
    /// model (without [`links_parts`](Self::links_parts)) keeps it whole instead, and
    /// gets no forbidden pairs from it: its clauses state it in the support encoding
    /// (`Cnf::pair_table`), which finds what the pairs find and also drops a value left
    /// without a partner.
    pub fn project_pairs(&mut self) {
        let mut keep = vec![true; self.choices.len()];
        let mut new_forbids = Vec::new();
        for (ci, c) in self.choices.iter().enumerate() {
            let Some(first) = c.alts.first() else {
                continue;
            };
            let vars: Vec<Var> = first.iter().map(|&(v, _)| v).collect();
            let k = vars.len();
            if k < 2
                || !vars
                    .iter()
                    .all(|&v| self.vars[v as usize].kind == VarKind::Decided)
                || !c
                    .alts
                    .iter()
                    .all(|a| a.len() == k && a.iter().zip(&vars).all(|(e, &v)| e.0 == v))
            {
                continue;
            }
            // The clause solver states a two-cell table in the support encoding instead.
            if k == 2 && !self.links_parts && pair_support() {
                continue;
            }
            let (lo, hi) = vars.iter().fold((Val::MAX, Val::MIN), |(lo, hi), &v| {
                let d = &self.vars[v as usize].dom;
                (lo.min(d.min().unwrap_or(0)), hi.max(d.max().unwrap_or(0)))
            });
            let width = (hi - lo + 1) as usize;
            let mut allowed = vec![false; width * width];
            for j in 0..k {
                for i in 0..j {
                    allowed.iter_mut().for_each(|a| *a = false);
                    for alt in &c.alts {
                        let (a, b) = (alt[i].1, alt[j].1);
                        allowed[(a - lo) as usize * width + (b - lo) as usize] = true;
                    }
                    let sees = self.sees(vars[i], vars[j]);
                    for a in self.vars[vars[i] as usize].dom.iter() {
                        for b in self.vars[vars[j] as usize].dom.iter() {
                            if (a == b && sees)
                                || allowed[(a - lo) as usize * width + (b - lo) as usize]
                            {
                                continue;
                            }
                            new_forbids.push((vars[i], a, vars[j], b));
                        }
                    }
                }
            }
            if k == 2 {
                keep[ci] = false;
            }
        }
        self.forbids.extend(new_forbids);
        let mut k = 0;
        self.choices.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// Emits the exact cover problem.
    pub fn emit(&self) -> Result<Emitted, ProblemError> {
        let mut b = ProblemBuilder::new();
        let nv = self.vars.len();
        // Which variables some option colours.
        let mut used = vec![false; nv];
        for c in &self.choices {
            for alt in &c.alts {
                for &(v, _) in alt {
                    used[v as usize] = true;
                }
            }
        }
        let live = |v: Var, x: Val| self.vars[v as usize].dom.contains(x);
        // Primary: decided variables.
        let mut var_item = vec![u32::MAX; nv];
        for (v, info) in self.vars.iter().enumerate() {
            if info.kind == VarKind::Decided {
                var_item[v] = b.add_primary(format!("p{}", info.name))?.index() as u32;
            }
        }
        // Houses: an item per value that two members may take; primary when the house
        // must hold it (as many members as values).
        let mut house_items: Vec<HashMap<Val, u32>> = Vec::with_capacity(self.houses.len());
        let mut house_values: Vec<(Vec<Val>, bool)> = Vec::with_capacity(self.houses.len());
        for house in &self.houses {
            let mut counts: HashMap<Val, usize> = HashMap::new();
            for &v in house {
                for x in self.vars[v as usize].dom.iter() {
                    *counts.entry(x).or_default() += 1;
                }
            }
            let full = counts.len() == house.len();
            let mut values: Vec<Val> = counts
                .iter()
                .filter(|&(_, &c)| full || c >= 2)
                .map(|(&x, _)| x)
                .collect();
            values.sort_unstable();
            house_values.push((values, full));
        }
        for secondary in [false, true] {
            for (h, (values, full)) in house_values.iter().enumerate() {
                if house_items.len() <= h {
                    house_items.push(HashMap::new());
                }
                if *full == secondary {
                    continue;
                }
                for &x in values {
                    let name = format!("h{h}={x}");
                    let item = if secondary {
                        b.add_secondary(name)?
                    } else {
                        b.add_primary(name)?
                    };
                    house_items[h].insert(x, item.index() as u32);
                }
            }
            if !secondary {
                // Choices are primary too.
                for c in &self.choices {
                    b.add_primary(format!("c{}", c.name))?;
                }
            }
        }
        // Forbidden pairs still possible.
        let mut forbid_items: HashMap<(Var, Val), Vec<u32>> = HashMap::new();
        for (k, &(a, x, bb, y)) in self.forbids.iter().enumerate() {
            if live(a, x) && live(bb, y) {
                let item = b.add_secondary(format!("f{k}"))?.index() as u32;
                forbid_items.entry((a, x)).or_default().push(item);
                forbid_items.entry((bb, y)).or_default().push(item);
            }
        }
        // Value items.
        let mut attach_of: HashMap<(Var, Val), Vec<(Var, Val)>> = HashMap::new();
        for &(a, x, t, y) in &self.attachments {
            if used[t as usize] && live(a, x) {
                attach_of.entry((a, x)).or_default().push((t, y));
            }
        }
        let mut value_item = vec![u32::MAX; nv];
        for v in 0..nv {
            if used[v] {
                value_item[v] = b.add_secondary(format!("v{}", self.vars[v].name))?.index() as u32;
            }
        }
        let mut colors: HashMap<Val, ColorId> = HashMap::new();
        let mut color = |b: &mut ProblemBuilder, x: Val| -> ColorId {
            *colors.entry(x).or_insert_with(|| b.color(&x.to_string()))
        };
        // Choice items were added right after the primary houses, in order.
        let first_choice = {
            let decided = self
                .vars
                .iter()
                .filter(|v| v.kind == VarKind::Decided)
                .count();
            let primary_houses: usize = house_values
                .iter()
                .filter(|(_, full)| *full)
                .map(|(v, _)| v.len())
                .sum();
            (decided + primary_houses) as u32
        };
        let mut meanings = Vec::new();
        let mut entries: Vec<(ItemId, Option<ColorId>)> = Vec::new();
        // The entries that put value x in decided variable v.
        let assign = |b: &mut ProblemBuilder,
                      color: &mut dyn FnMut(&mut ProblemBuilder, Val) -> ColorId,
                      entries: &mut Vec<(ItemId, Option<ColorId>)>,
                      v: usize,
                      x: Val| {
            entries.push((ItemId::new(var_item[v]), None));
            for &h in &self.houses_of[v] {
                if let Some(&item) = house_items[h as usize].get(&x) {
                    entries.push((ItemId::new(item), None));
                }
            }
            if let Some(items) = forbid_items.get(&(v as Var, x)) {
                entries.extend(items.iter().map(|&i| (ItemId::new(i), None)));
            }
            if value_item[v] != u32::MAX {
                let c = color(b, x);
                entries.push((ItemId::new(value_item[v]), Some(c)));
            }
            if let Some(list) = attach_of.get(&(v as Var, x)) {
                for &(t, y) in list {
                    let c = color(b, y);
                    entries.push((ItemId::new(value_item[t as usize]), Some(c)));
                }
            }
        };
        for (v, info) in self.vars.iter().enumerate() {
            if info.kind != VarKind::Decided {
                continue;
            }
            for x in info.dom.iter() {
                entries.clear();
                assign(&mut b, &mut color, &mut entries, v, x);
                b.add_colored_option(entries.iter().copied())?;
                meanings.push(Meaning::Assign(v as Var, x));
            }
        }
        for (ci, c) in self.choices.iter().enumerate() {
            for (ai, alt) in c.alts.iter().enumerate() {
                entries.clear();
                entries.push((ItemId::new(first_choice + ci as u32), None));
                for &(v, x) in alt {
                    let col = color(&mut b, x);
                    entries.push((ItemId::new(value_item[v as usize]), Some(col)));
                }
                b.add_colored_option(entries.iter().copied())?;
                meanings.push(Meaning::Alt(ci as u32, ai as u32));
            }
        }
        Ok(Emitted {
            problem: b.build()?,
            meanings,
            var_item,
            first_choice,
        })
    }
}

/// The emitted problem and what each option means.
#[derive(Clone, Debug)]
pub(crate) struct Emitted {
    pub problem: Problem,
    pub meanings: Vec<Meaning>,
    /// The primary item of each decided variable (`u32::MAX` for the others).
    pub var_item: Vec<u32>,
    /// The item of choice 0; choice `k` is item `first_choice + k`.
    pub first_choice: u32,
}

impl Emitted {
    pub fn meaning(&self, o: OptionId) -> Meaning {
        self.meanings[o.index()]
    }
}

/// The total size of the domains of `vars` (which only shrink: an unchanged total means
/// unchanged domains).
fn domain_sizes(all: &[VarInfo], vars: &[Var]) -> usize {
    vars.iter().map(|&v| all[v as usize].dom.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::Solver;

    #[test]
    fn domains() {
        let mut d = Domain::range(-1, 70);
        assert_eq!(d.len(), 72);
        assert!(d.contains(-1) && d.contains(70) && !d.contains(71));
        d.retain(|x| x % 10 == 0);
        assert_eq!(
            d.iter().collect::<Vec<_>>(),
            [0, 10, 20, 30, 40, 50, 60, 70]
        );
        assert_eq!((d.min(), d.max()), (Some(0), Some(70)));
        assert!(Domain::from_values([]).is_empty());
    }

    #[test]
    fn latin_square_with_a_table() {
        // 2×2 Latin square with r1c1 < r1c2: one solution.
        let mut m = Model::new(2);
        for r in 0..2 {
            let row = vec![m.cell(r, 0), m.cell(r, 1)];
            m.house(row);
            let col = vec![m.cell(0, r), m.cell(1, r)];
            m.house(col);
        }
        let (a, b) = (m.cell(0, 0), m.cell(0, 1));
        m.small_table("lt", &[a, b], None, |t| t.len() < 2 || t[0] < t[1]);
        assert!(m.propagate());
        assert_eq!(m.dom(a).single(), Some(1));
        let e = m.emit().unwrap();
        assert_eq!(Solver::new(&e.problem).count().solutions, 1);
    }
}
