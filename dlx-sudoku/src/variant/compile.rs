//! The puzzle compiled: from a [`VariantPuzzle`] to a [`Model`] (which both engines read)
//! and on to exact cover. The plain Sudoku houses and givens, the letters' and shading's
//! variables, then each rule in two passes (`Rule::declare` for houses, domains and
//! forbidden pairs; `Rule::encode` for tables), then the implied cages of the 45 rule;
//! finally static filtering, and the exact cover problem with its look-ahead.

use crate::variant::links::lookahead::Lookahead;
use crate::variant::model::{Domain, Emitted, Model, Val, Var};
use crate::variant::puzzle::{VariantError, VariantPuzzle};
use crate::variant::rules::Ctx;

/// The compiled puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub emitted: Emitted,
    pub n: usize,
    pub shading: Option<Vec<Var>>,
    pub letters: Vec<(char, Var)>,
    pub yinyang: bool,
    /// Options per constraint (index into the puzzle's constraints), choices only.
    pub rule_options: Vec<usize>,
    /// False when domain filtering already proved there is no solution.
    pub feasible: bool,
    /// The alternatives of each choice, as emitted (option meanings point here).
    pub alts: Vec<Vec<Vec<(Var, Val)>>>,
    /// The look-ahead propagator for this problem.
    pub lookahead: Lookahead,
    /// The filtered model (the clause solver compiles it).
    pub model: Model,
}

/// Compiles a puzzle (validated first).
pub(crate) fn compile(puzzle: &VariantPuzzle, table_cap: usize) -> Result<Compiled, VariantError> {
    puzzle.validate()?;
    let n = puzzle.size();
    let mut ctx = Ctx {
        m: Model::new(n),
        puzzle,
        shading: None,
        letters: Vec::new(),
    };
    ctx.m.table_cap = table_cap;
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
    let emitted = ctx.m.emit()?;
    let lookahead = Lookahead::new(&ctx.m, &emitted);
    Ok(Compiled {
        emitted,
        n,
        shading: ctx.shading,
        letters: ctx.letters,
        yinyang: puzzle.has_yin_yang(),
        rule_options,
        feasible,
        alts: ctx.m.choices.iter().map(|c| c.alts.clone()).collect(),
        lookahead,
        model: ctx.m,
    })
}
