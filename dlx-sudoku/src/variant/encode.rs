//! From a [`VariantPuzzle`] to a [`Model`]: the plain Sudoku houses and givens, then each
//! rule through its family's encoder.

use crate::sudoku::Cell;
use crate::variant::lookahead::Lookahead;
use crate::variant::model::{Domain, Emitted, Gate, Model, Val, Var};
use crate::variant::puzzle::{Constraint, LineKind, VariantError, VariantPuzzle};
use crate::variant::{cells, dots, global, letters, lines, shading, sums};

/// The encoder's state: the model being built and the puzzle's extra variables.
pub(crate) struct Ctx<'a> {
    pub m: Model,
    pub puzzle: &'a VariantPuzzle,
    /// The shading variable of each cell (0 land, 1 water), when the puzzle has shading.
    pub shading: Option<Vec<Var>>,
    /// The variable of each letter.
    pub letters: Vec<(char, Var)>,
}

impl<'a> Ctx<'a> {
    /// The variable of a cell.
    pub fn cell(&self, c: Cell) -> Var {
        self.m.cell(c.row, c.col)
    }

    /// The variables of cells.
    pub fn cells(&self, cs: &[Cell]) -> Vec<Var> {
        cs.iter().map(|&c| self.cell(c)).collect()
    }

    /// The grid's size.
    pub fn n(&self) -> usize {
        self.m.n
    }

    /// The largest digit.
    pub fn max_digit(&self) -> Val {
        self.m.n as Val
    }

    /// The shading variable of a cell (the puzzle has shading).
    pub fn shade(&self, c: Cell) -> Var {
        self.shading.as_ref().expect("the puzzle has shading")[c.index(self.n())]
    }

    /// The variable of a letter.
    pub fn letter(&self, l: char) -> Var {
        self.letters
            .iter()
            .find(|&&(c, _)| c == l)
            .map(|&(_, v)| v)
            .expect("every letter is declared first")
    }
}

/// The compiled puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Encoded {
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
}

/// Whether to probe every value before the search (failed literals).
pub(crate) const PROBE: bool = false;

/// Tables with at most this many alternatives place their cells' digits themselves.
pub(crate) const OWNER_CAP: usize = 5000;

/// Encodes a puzzle (validated first).
pub(crate) fn encode(puzzle: &VariantPuzzle, table_cap: usize) -> Result<Encoded, VariantError> {
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
        match c {
            Constraint::Killer { cells, .. } | Constraint::ExtraRegion { cells } => {
                let vars = ctx.cells(cells);
                ctx.m.house(vars);
            }
            Constraint::Diagonal(d) => global::diagonal(&mut ctx, *d),
            Constraint::AntiKnight => global::anti_knight(&mut ctx),
            Constraint::AntiKing => global::anti_king(&mut ctx),
            Constraint::NonConsecutive => global::non_consecutive(&mut ctx),
            Constraint::DisjointGroups => global::disjoint_groups(&mut ctx),
            Constraint::Odd(cell) => {
                let v = ctx.cell(*cell);
                ctx.m.restrict(v, |x| x % 2 == 1);
            }
            Constraint::Even(cell) => {
                let v = ctx.cell(*cell);
                ctx.m.restrict(v, |x| x % 2 == 0);
            }
            Constraint::Shade { cell, water } => {
                let v = ctx.shade(*cell);
                let want = Val::from(*water);
                ctx.m.restrict(v, |x| x == want);
            }
            Constraint::Line {
                kind,
                cells,
                conditional: false,
            } => lines::houses(&mut ctx, *kind, cells),
            _ => {}
        }
    }
    // Tables.
    for (k, c) in puzzle.constraints.iter().enumerate() {
        ctx.m.rule = k;
        match c {
            Constraint::Killer { cells, sum } => {
                if let Some(s) = sum {
                    sums::killer(&mut ctx, cells, *s as Val);
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                let vars = ctx.cells(cells);
                sums::sum_equals(
                    &mut ctx.m,
                    "lk",
                    &vars,
                    sums::Target::Const(*sum as Val),
                    None,
                );
            }
            Constraint::Arrow { circle, shaft } => sums::arrow(&mut ctx, circle, shaft),
            Constraint::Line {
                kind,
                cells,
                conditional,
            } => {
                if *conditional && *kind != LineKind::Zipper {
                    let (rule, zip) = shading::line_gates(&mut ctx, cells);
                    lines::encode(&mut ctx, *kind, cells, Some(Gate { var: rule }));
                    lines::encode(&mut ctx, LineKind::Zipper, cells, Some(Gate { var: zip }));
                } else {
                    lines::encode(&mut ctx, *kind, cells, None);
                }
            }
            Constraint::Ratio { cells, ratio } => dots::ratio(&mut ctx, *cells, *ratio as Val),
            Constraint::Difference { cells, difference } => {
                dots::difference(&mut ctx, *cells, *difference as Val)
            }
            Constraint::Xv { cells, sum } => dots::xv(&mut ctx, *cells, *sum as Val),
            Constraint::Negative(kind) => dots::negative(&mut ctx, *kind),
            Constraint::Quadruple { cells, digits } => cells::quadruple(&mut ctx, cells, digits),
            Constraint::Clone { cells, copy } => cells::clone(&mut ctx, cells, copy),
            Constraint::Minimum(cell) => cells::extremum(&mut ctx, *cell, false),
            Constraint::Maximum(cell) => cells::extremum(&mut ctx, *cell, true),
            Constraint::Letter { cell, letter } => letters::letter_cell(&mut ctx, *cell, *letter),
            Constraint::LetterCircle { cells, letter } => {
                letters::letter_circle(&mut ctx, cells, *letter)
            }
            Constraint::YinYang => shading::yin_yang_squares(&mut ctx),
            Constraint::ExtraRegion { .. }
            | Constraint::Diagonal(_)
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::DisjointGroups
            | Constraint::Odd(_)
            | Constraint::Even(_)
            | Constraint::Letters(_)
            | Constraint::Shade { .. } => {}
        }
    }
    // Redundant sums from the 45 rule (counted under no rule).
    ctx.m.rule = usize::MAX;
    sums::implied_cages(&mut ctx);
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
    if feasible {
        ctx.m.assign_owners(OWNER_CAP);
    }
    let mut emitted = ctx.m.emit()?;
    let mut lookahead = Lookahead::new(&ctx.m, &emitted);
    if feasible && PROBE {
        match lookahead.probe_root() {
            None => feasible = false,
            Some(doms) => {
                for (v, &bits) in doms.iter().enumerate() {
                    if bits == 0 || !lookahead.is_tracked(v) {
                        continue;
                    }
                    let keep: Vec<Val> = (0..128)
                        .filter(|b| bits >> b & 1 == 1)
                        .map(|b| lookahead.value(v, b))
                        .collect();
                    ctx.m.restrict(v as Var, |x| keep.contains(&x));
                }
                feasible = ctx.m.propagate();
                emitted = ctx.m.emit()?;
                lookahead = Lookahead::new(&ctx.m, &emitted);
            }
        }
    }
    let yinyang = puzzle
        .constraints
        .iter()
        .any(|c| matches!(c, Constraint::YinYang));
    Ok(Encoded {
        emitted,
        n,
        shading: ctx.shading,
        letters: ctx.letters,
        yinyang,
        rule_options,
        feasible,
        alts: ctx.m.choices.into_iter().map(|c| c.alts).collect(),
        lookahead,
    })
}
