//! The puzzle compiled: from a [`VariantPuzzle`] to a [`Model`] (which both engines read)
//! and on to exact cover. The plain Sudoku houses and givens, the letters' and shading's
//! variables, then each rule in two passes (`Rule::declare` for houses, domains and
//! forbidden pairs; `Rule::encode` for tables), then the implied cages of the 45 rule;
//! finally static filtering; the exact cover problem and its look-ahead are made the first
//! time the dancing-links search asks for them (clause learning, the default, never does).
//! A puzzle is compiled for the clause solver without the parts only the exact cover
//! problem needs, and again, with them, if dancing links is asked to search it.
//! Back again:
//! an exact cover solution read as a [`VariantSolution`] (`Compiled::decode`).

use std::sync::OnceLock;

use dlx_core::{OptionId, ProblemError, Solution};

use crate::sudoku::Grid;
use crate::variant::links::connectivity::Connectivity;
use crate::variant::links::lookahead::Lookahead;
use crate::variant::model::{Domain, Emitted, Meaning, Model, Val, Var};
use crate::variant::puzzle::{VariantError, VariantPuzzle};
use crate::variant::rules::Ctx;
use crate::variant::solution::VariantSolution;

/// The compiled puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// The exact cover problem, emitted the first time it is asked for: the clause solver
    /// reads the model, so a puzzle it answers never builds it (emitting was about a tenth
    /// of a typical puzzle's whole run). An error (a problem too large for 32-bit links)
    /// is kept and handed to every caller.
    emitted: OnceLock<Result<Emitted, ProblemError>>,
    pub n: usize,
    pub shading: Option<Vec<Var>>,
    pub letters: Vec<(char, Var)>,
    pub yinyang: bool,
    /// Options per constraint (index into the puzzle's constraints), choices only.
    pub rule_options: Vec<usize>,
    /// False when domain filtering already proved there is no solution.
    pub feasible: bool,
    /// The look-ahead propagator for this problem, built the first time the dancing-links
    /// search asks for it (clause learning never does; building it was 2 % of a typical
    /// puzzle's whole run).
    lookahead: OnceLock<Lookahead>,
    /// The filtered model (the clause solver compiles it).
    pub model: Model,
}

/// Compiles a puzzle (validated first).
///
/// `links`: with the parts only the exact cover problem needs (tables and running sums of
/// rules the clause solver states in its own way: [`Model::links_only`]). Without them the
/// model is the clause solver's: building them was up to half of a puzzle's run (the
/// running sums of long sums), for a search that never reads them.
pub(crate) fn compile(
    puzzle: &VariantPuzzle,
    table_cap: usize,
    links: bool,
) -> Result<Compiled, VariantError> {
    puzzle.validate()?;
    let n = puzzle.size();
    let mut ctx = Ctx {
        m: Model::new(n),
        puzzle,
        shading: None,
        letters: Vec::new(),
    };
    ctx.m.table_cap = table_cap;
    ctx.m.links_parts = links;
    // Plain Sudoku.
    for house in puzzle.shape.houses() {
        let vars = ctx.cells(house.cells());
        ctx.m.house(vars);
    }
    for (cell, given) in puzzle.givens.cells() {
        if let Some(d) = given {
            let v = ctx.cell(cell);
            ctx.m.restrict(v, |x| x == Val::from(d));
        }
    }
    // Letters and shading: decided variables of their own.
    let letters = puzzle.letters();
    if !letters.is_empty() {
        let vars: Vec<Var> = letters
            .iter()
            .map(|&l| ctx.m.decided(&format!("L{l}"), Domain::range(1, n as Val)))
            .collect();
        ctx.letters = letters.into_iter().zip(vars.iter().copied()).collect();
        ctx.m.house(vars);
    }
    if puzzle.has_shading() {
        let mut vars = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                vars.push(
                    ctx.m
                        .decided(&format!("s{},{}", r + 1, c + 1), Domain::range(0, 1)),
                );
            }
        }
        ctx.shading = Some(vars);
    }
    // Houses, domains and forbidden pairs first, so that tables know which cells differ.
    for (k, c) in puzzle.constraints.iter().enumerate() {
        ctx.m.rule = k;
        c.rule().declare(&mut ctx);
    }
    for (k, c) in puzzle.constraints.iter().enumerate() {
        ctx.m.rule = k;
        c.rule().encode(&mut ctx);
    }
    // Redundant sums from the 45 rule (counted under no rule).
    ctx.m.rule = usize::MAX;
    crate::variant::rules::implied_cages(&mut ctx);
    let mut rule_options = vec![0usize; puzzle.constraints.len()];
    let mut feasible = ctx.m.propagate();
    if feasible {
        ctx.m.project_pairs();
        feasible = ctx.m.propagate();
    }
    for c in &ctx.m.choices {
        if let Some(slot) = rule_options.get_mut(c.rule) {
            *slot += c.alts.len();
        }
    }
    Ok(Compiled {
        emitted: OnceLock::new(),
        n,
        shading: ctx.shading,
        letters: ctx.letters,
        yinyang: puzzle.has_yin_yang(),
        rule_options,
        feasible,
        lookahead: OnceLock::new(),
        model: ctx.m,
    })
}

impl Compiled {
    /// The exact cover problem and what its options mean (emitted on first use).
    pub(crate) fn emitted(&self) -> Result<&Emitted, ProblemError> {
        self.emitted
            .get_or_init(|| self.model.emit())
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Whether the exact cover problem has been built (or its building failed).
    #[cfg(test)]
    pub(crate) fn emitted_yet(&self) -> bool {
        self.emitted.get().is_some()
    }

    /// Makes every later request for the exact cover problem fail as `error` (tests of
    /// what the engines do when it cannot be built).
    #[cfg(test)]
    pub(crate) fn fail_emission(&mut self, error: ProblemError) {
        self.emitted = OnceLock::from(Err(error));
    }

    /// The look-ahead propagator for `emitted`, this puzzle's exact cover problem (built on
    /// first use).
    pub(crate) fn lookahead(&self, emitted: &Emitted) -> &Lookahead {
        self.lookahead
            .get_or_init(|| Lookahead::new(&self.model, emitted))
    }

    /// The solution of an exact cover solution of `emitted`.
    pub(crate) fn decode(&self, emitted: &Emitted, solution: &Solution) -> VariantSolution {
        let n = self.n;
        let mut values: Vec<Option<Val>> = vec![None; self.model.vars.len()];
        for &o in solution.options() {
            match emitted.meaning(o) {
                Meaning::Assign(v, x) => values[v as usize] = Some(x),
                Meaning::Alt(c, a) => {
                    for &(v, x) in &self.model.choices[c as usize].alts[a as usize] {
                        values[v as usize] = Some(x);
                    }
                }
            }
        }
        let get = |v: u32| values.get(v as usize).copied().flatten();
        let digits: Vec<u8> = (0..n * n)
            .map(|k| get(k as u32).map_or(0, |x| x as u8))
            .collect();
        let grid = Grid::from_values(n, digits).expect("digits within the grid's size");
        let shading = self
            .shading
            .as_ref()
            .map(|vars| vars.iter().map(|&v| get(v) == Some(1)).collect());
        let letters = self
            .letters
            .iter()
            .map(|&(l, v)| (l, get(v).map_or(0, |x| x as u8)))
            .collect();
        VariantSolution {
            grid,
            shading,
            letters,
        }
    }

    /// The yin-yang connectivity check of the dancing-links search, when the puzzle has
    /// the rule.
    pub(crate) fn connectivity(&self, emitted: &Emitted) -> Option<Connectivity> {
        if !self.yinyang {
            return None;
        }
        let shading = self.shading.as_ref()?;
        let choices = &self.model.choices;
        Some(Connectivity::new(
            self.n,
            shading,
            &emitted.meanings,
            &|c, a| choices[c as usize].alts[a as usize].clone(),
        ))
    }

    /// For each cell (grid index `k`) and digit `d`, at index `k · n + d − 1`, the option
    /// that puts `d` in the cell, if the compiled problem has one (static filtering
    /// removes the digits it proves impossible) `emitted`.
    pub(crate) fn assign_options(&self, emitted: &Emitted) -> Vec<Option<OptionId>> {
        let n = self.n;
        let mut out = vec![None; n * n * n];
        for (o, m) in emitted.meanings.iter().enumerate() {
            if let Meaning::Assign(v, x) = *m {
                let (k, x) = (v as usize, x as usize);
                if k < n * n && (1..=n).contains(&x) {
                    out[k * n + x - 1] = Some(OptionId::new(o as u32));
                }
            }
        }
        out
    }
}
