//! Prototype: the constraint model as clauses, solved by a CDCL solver (batsat).

use batsat::{lbool, BasicSolver, Lit, SolverInterface};

use crate::variant::model::{Model, Val, Var, VarKind};

/// The model's variables as literals (direct encoding: one literal per value).
pub(crate) struct Cnf {
    pub solver: BasicSolver,
    /// Per model variable: its values and their literals.
    pub values: Vec<Vec<(Val, Lit)>>,
    /// The decided variables (what a solution consists of).
    pub decided: Vec<Var>,
    pub clauses: usize,
}

impl Cnf {
    fn lit(&mut self) -> Lit {
        Lit::new(self.solver.new_var(batsat::lbool::UNDEF, false), true)
    }

    fn decision_lit(&mut self) -> Lit {
        Lit::new(self.solver.new_var(batsat::lbool::UNDEF, true), true)
    }

    fn add(&mut self, mut c: Vec<Lit>) {
        self.clauses += 1;
        self.solver.add_clause_reuse(&mut c);
    }

    fn at_most_one(&mut self, lits: &[Lit]) {
        if lits.len() <= 6 {
            for j in 0..lits.len() {
                for i in 0..j {
                    self.add(vec![!lits[i], !lits[j]]);
                }
            }
            return;
        }
        // Sequential counter: s_i means "one of lits[..=i] is true".
        let k = lits.len();
        let s: Vec<Lit> = (0..k - 1).map(|_| self.lit()).collect();
        self.add(vec![!lits[0], s[0]]);
        for i in 1..k - 1 {
            self.add(vec![!lits[i], s[i]]);
            self.add(vec![!s[i - 1], s[i]]);
            self.add(vec![!lits[i], !s[i - 1]]);
        }
        self.add(vec![!lits[k - 1], !s[k - 2]]);
    }

    fn value_lit(&self, v: Var, x: Val) -> Option<Lit> {
        self.values[v as usize]
            .iter()
            .find(|&&(y, _)| y == x)
            .map(|&(_, l)| l)
    }

    /// Builds the clauses of a model (after static filtering).
    pub fn new(m: &Model) -> Self {
        let mut cnf = Cnf {
            solver: BasicSolver::default(),
            values: Vec::with_capacity(m.vars.len()),
            decided: Vec::new(),
            clauses: 0,
        };
        for (v, info) in m.vars.iter().enumerate() {
            let decided = info.kind == VarKind::Decided;
            let vals: Vec<(Val, Lit)> = info
                .dom
                .iter()
                .map(|x| {
                    (
                        x,
                        if decided {
                            cnf.decision_lit()
                        } else {
                            cnf.lit()
                        },
                    )
                })
                .collect();
            let lits: Vec<Lit> = vals.iter().map(|p| p.1).collect();
            cnf.values.push(vals);
            if info.kind == VarKind::Decided {
                cnf.decided.push(v as Var);
                cnf.add(lits.clone());
            }
            cnf.at_most_one(&lits);
        }
        // Houses.
        for house in &m.houses {
            let mut by_value: std::collections::BTreeMap<Val, Vec<Lit>> = Default::default();
            for &v in house {
                for &(x, l) in &cnf.values[v as usize] {
                    by_value.entry(x).or_default().push(l);
                }
            }
            let full = by_value.len() == house.len();
            for lits in by_value.values() {
                cnf.at_most_one(lits);
                if full {
                    cnf.add(lits.clone());
                }
            }
        }
        let lit_of = |cnf: &Cnf, v: Var, x: Val| cnf.value_lit(v, x);
        for &(a, x, b, y) in &m.forbids {
            if let (Some(p), Some(q)) = (lit_of(&cnf, a, x), lit_of(&cnf, b, y)) {
                cnf.add(vec![!p, !q]);
            }
        }
        for &(a, x, t, y) in &m.attachments {
            if let Some(p) = lit_of(&cnf, a, x) {
                match lit_of(&cnf, t, y) {
                    Some(q) => cnf.add(vec![!p, q]),
                    None => cnf.add(vec![!p]),
                }
            }
        }
        // Features: a feature value needs a value of its variable that gives it.
        for (t, a, map) in &m.feature_source {
            let vals = cnf.values[*t as usize].clone();
            for (y, ly) in vals {
                let mut c = vec![!ly];
                for &(x, fy) in map {
                    if fy == y {
                        if let Some(l) = lit_of(&cnf, *a, x) {
                            c.push(l);
                        }
                    }
                }
                cnf.add(c);
            }
        }
        // Choices.
        for choice in &m.choices {
            let alts: Vec<&Vec<(Var, Val)>> = choice
                .alts
                .iter()
                .filter(|alt| alt.iter().all(|&(v, x)| lit_of(&cnf, v, x).is_some()))
                .collect();
            let sel: Vec<Lit> = if alts.len() == 1 {
                // One alternative: its assignments hold.
                for &(v, x) in alts[0] {
                    let l = lit_of(&cnf, v, x).expect("filtered");
                    cnf.add(vec![l]);
                }
                continue;
            } else {
                alts.iter().map(|_| cnf.lit()).collect()
            };
            cnf.add(sel.clone());
            for (alt, &s) in alts.iter().zip(&sel) {
                for &(v, x) in alt.iter() {
                    let l = lit_of(&cnf, v, x).expect("filtered");
                    cnf.add(vec![!s, l]);
                }
            }
            // Supports for the variables that every alternative mentions.
            let mut vars: Vec<Var> = alts
                .first()
                .map_or(Vec::new(), |a| a.iter().map(|p| p.0).collect());
            vars.retain(|&v| alts.iter().all(|a| a.iter().any(|p| p.0 == v)));
            for v in vars {
                let vals = cnf.values[v as usize].clone();
                for (x, lx) in vals {
                    let mut c = vec![!lx];
                    for (alt, &s) in alts.iter().zip(&sel) {
                        if alt.contains(&(v, x)) {
                            c.push(s);
                        }
                    }
                    cnf.add(c);
                }
            }
        }
        cnf
    }

    /// Solves; returns the decided variables' values.
    pub fn solve(&mut self) -> Option<Vec<(Var, Val)>> {
        let r = self.solver.solve_limited(&[]);
        if r != lbool::TRUE {
            return None;
        }
        let mut out = Vec::new();
        for &v in &self.decided {
            for &(x, l) in &self.values[v as usize] {
                if self.solver.value_lit(l) == lbool::TRUE {
                    out.push((v, x));
                }
            }
        }
        Some(out)
    }

    /// Forbids a solution.
    pub fn block(&mut self, sol: &[(Var, Val)]) {
        let c: Vec<Lit> = sol
            .iter()
            .filter(|&&(v, _)| self.values[v as usize].len() > 1)
            .map(|&(v, x)| !self.value_lit(v, x).expect("a value"))
            .collect();
        self.add(c);
    }
}
