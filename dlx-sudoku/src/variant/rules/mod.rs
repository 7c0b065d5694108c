//! The rules of variant Sudoku, one module per rule.
//!
//! Each module holds everything about its rule: the declaration (a public type), its
//! encoding into the constraint model, its independent check on a finished solution, its
//! drawing, and how it is read from and written to f-puzzles JSON and our TOML format.
//! A rule is a type that implements the crate's `Rule` (the behaviour), `Read` (the formats)
//! and `Sample` (its random instances and format samples, for the tests: see [`sample`]);
//! the methods a rule must write have no defaults, so a rule left half-done does not compile.
//!
//! The list at the bottom of this file registers every rule: adding a rule is its own
//! module, its `mod` line and its entry there (the enum variant, its re-export, the
//! dispatch, the format tables and the tests' cases are generated from it). Lines are one
//! rule ([`Line`]) with a kind per module under `lines/` (`LineKind::with` and
//! `kind_for_key` in `lines/mod.rs` name each).

use serde_json::Value;

use crate::sudoku::Cell;
use crate::variant::draw::Canvas;
use crate::variant::io::fpuzzles::{FpIn, FpOut, FpuzzlesError};
use crate::variant::io::native::{NativeError, TomlIn, TomlKey, TomlOut};
use crate::variant::model::{Model, Val, Var};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::solution::VariantSolution;
use sample::Case;

pub(crate) mod context;
#[doc(hidden)]
pub mod sample;

/// What a rule module needs, in one import.
pub(crate) mod prelude {
    pub(crate) use serde_json::{json, Value};

    pub(crate) use crate::sudoku::Cell;
    pub(crate) use crate::variant::draw::{centre, corner, midpoint, Canvas};
    pub(crate) use crate::variant::io::fpuzzles::{malformed, FpIn, FpOut, FpuzzlesError};
    pub(crate) use crate::variant::io::native::{
        cells_text as toml_cells, NativeError, TomlIn, TomlKey, TomlOut,
    };
    pub(crate) use crate::variant::model::{Domain, Val, Var};
    pub(crate) use crate::variant::puzzle::VariantPuzzle;
    pub(crate) use crate::variant::rules::context::*;
    pub(crate) use crate::variant::rules::sample::{at, Case, Gen};
    pub(crate) use crate::variant::rules::{Constraint, Ctx, Inexpressible, Read, Rule, Sample};
    pub(crate) use crate::variant::solution::VariantSolution;
}

/// Cells from 1-based `(row, column)` pairs (tests).
#[cfg(test)]
pub(crate) fn cells_at(names: &[(usize, usize)]) -> Vec<crate::sudoku::Cell> {
    names
        .iter()
        .map(|&(r, c)| crate::sudoku::Cell::new(r - 1, c - 1))
        .collect()
}

mod anti_king;
mod anti_knight;
mod arrow;
mod candidates;
mod clone;
mod counting_circles;
mod diagonal;
mod difference;
mod disjoint_groups;
mod extra_region;
mod extremum;
mod indexer;
mod innies;
mod killer;
mod letter;
mod letter_circle;
mod letters;
pub(crate) mod lines;
mod little_killer;
mod negative;
mod non_consecutive;
mod odd_even;
mod outside;
mod quadruple;
mod ratio;
mod sandwich;
mod shade;
mod skyscraper;
pub(crate) mod sums;
mod xsum;
mod xv;
mod yin_yang;

// The rules' types are re-exported by the registry below; these are the other types
// they name.
pub use indexer::IndexerKind;
pub use lines::LineKind;
pub use negative::NegativeKind;
pub use outside::{Outside, Side};

pub(crate) use innies::implied_cages;

/// The encoder's state: the model being built and the puzzle's extra variables.
pub(crate) struct Ctx<'a> {
    /// The constraint model.
    pub m: Model,
    /// The puzzle being encoded.
    pub puzzle: &'a VariantPuzzle,
    /// The shading variable of each cell (0 land, 1 water), when the puzzle has shading.
    pub shading: Option<Vec<Var>>,
    /// The variable of each letter.
    pub letters: Vec<(char, Var)>,
}

impl Ctx<'_> {
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

/// What every rule does. Only `validate`, `declare`, `letters` and `shades` have defaults
/// (nothing to check beyond the cells, nothing for pass 1, no letters, no shading); a new
/// rule must say how it is encoded, checked, drawn and written back.
pub(crate) trait Rule {
    /// A human name for messages ("killer cage").
    fn name(&self) -> &'static str;
    /// The cells the rule names (empty for global rules); each must lie in the grid.
    fn cells(&self) -> Vec<Cell>;
    /// Checks that the rule makes sense in this puzzle beyond its cells lying in the grid
    /// (a line long enough, a digit in range...).
    fn validate(&self, _puzzle: &VariantPuzzle) -> Result<(), String> {
        Ok(())
    }
    /// Pass 1 of the encoding: houses, domain restrictions and forbidden pairs, which tables
    /// (pass 2) then rely on to know which cells differ.
    fn declare(&self, _ctx: &mut Ctx<'_>) {}
    /// The letters the rule names, each of which stands for a digit of its own.
    fn letters(&self) -> &[char] {
        &[]
    }
    /// Whether the rule needs the grid's shading (yin-yang, a shaded cell, a conditional
    /// line).
    fn shades(&self) -> bool {
        false
    }
    /// Pass 2 of the encoding: tables and auxiliary variables.
    fn encode(&self, ctx: &mut Ctx<'_>);
    /// The independent check of a finished solution, straight from the rule's definition
    /// (shares nothing with the encoding).
    fn check(&self, puzzle: &VariantPuzzle, solution: &VariantSolution) -> Result<(), String>;
    /// Draws the rule.
    fn draw(&self, canvas: &mut Canvas);
    /// Writes the rule in our TOML format.
    fn to_toml(&self, out: &mut TomlOut);
    /// Writes the rule as f-puzzles JSON, or says it cannot be. By default it cannot
    /// (f-puzzles has no such rule: letters, shading, given candidates), and writing the
    /// puzzle as f-puzzles is refused by the rule's name.
    fn to_fpuzzles(&self, _out: &mut FpOut) -> Result<(), Inexpressible> {
        Err(Inexpressible)
    }
}

/// How a rule is read. The f-puzzles side has a default for rules f-puzzles does not have
/// (no keys); the TOML side has none.
pub(crate) trait Read: Sized {
    /// The f-puzzles keys this rule reads (by default none).
    const FPUZZLES_KEYS: &'static [&'static str] = &[];
    /// Reads one f-puzzles key's value (present, not empty, not `false`). Only called for
    /// the keys in [`FPUZZLES_KEYS`](Self::FPUZZLES_KEYS); the default refuses the key.
    fn from_fpuzzles(
        key: &str,
        _value: &Value,
        _fp: &FpIn<'_>,
    ) -> Result<Vec<Self>, FpuzzlesError> {
        Err(crate::variant::io::fpuzzles::malformed(
            key,
            "this rule has no f-puzzles form",
        ))
    }
    /// The TOML keys this rule reads.
    const TOML_KEYS: &'static [TomlKey];
    /// Reads one TOML item.
    fn from_toml(key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError>;
}

/// How the tests draw a rule (see [`sample`]). No defaults: a rule registered without its
/// random instances and its samples does not compile, so the brute-force and format tests,
/// which loop over the registry, cover every rule.
pub(crate) trait Sample: Sized {
    /// The flavours of random instance the brute-force tests draw (at least one).
    fn cases() -> Vec<Case>;
    /// Fixed instances the format tests write and read back (see [`sample::samples`]):
    /// those f-puzzles can express, and those only our TOML format can.
    fn samples() -> (Vec<Self>, Vec<Self>);
}

/// The rule cannot be written in f-puzzles JSON (f-puzzles has no such rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Inexpressible;

macro_rules! rules {
    ($( $(#[$doc:meta])* $variant:ident($module:ident :: $ty:ident) ),* $(,)?) => {
        $( pub use $module::$ty; )*

        /// One rule of a puzzle. Each variant wraps the rule's own type (see its
        /// documentation for the exact meaning and the f-puzzles conventions followed).
        /// Cells are 0-based ([`Cell::new`]`(0, 0)` is r1c1).
        ///
        /// ```
        /// use dlx_sudoku::sudoku::Cell;
        /// use dlx_sudoku::variant::{Constraint, Killer, Line, LineKind};
        /// let cage: Constraint = Killer { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) }.into();
        /// assert_eq!(cage.name(), "killer cage");
        /// let thermo = Constraint::from(Line::new(LineKind::Thermometer, [Cell::new(0, 0), Cell::new(1, 0)]));
        /// assert_eq!(thermo.cells().len(), 2);
        /// ```
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Constraint {
            $( $(#[$doc])* $variant($ty), )*
        }

        $(
            impl From<$ty> for Constraint {
                fn from(rule: $ty) -> Self {
                    Constraint::$variant(rule)
                }
            }
        )*

        /// Which rule a [`Constraint`] is: one value per entry of the rule registry (the
        /// `rules!` list in `variant/rules/mod.rs`), so that tests can loop over every rule
        /// ([`Kind::ALL`]) and a rule added to the list is in it.
        ///
        /// ```
        /// use dlx_sudoku::sudoku::Cell;
        /// use dlx_sudoku::variant::{Constraint, Kind, Odd};
        /// let odd: Constraint = Odd(Cell::new(0, 0)).into();
        /// assert_eq!(odd.kind(), Kind::Odd);
        /// assert!(Kind::ALL.contains(&Kind::Killer));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $( $(#[$doc])* $variant, )*
        }

        impl Kind {
            /// Every rule, in the registry's order.
            pub const ALL: &'static [Kind] = &[$( Kind::$variant ),*];
        }

        impl Constraint {
            /// The rule's behaviour.
            pub(crate) fn rule(&self) -> &dyn Rule {
                match self {
                    $( Constraint::$variant(r) => r, )*
                }
            }

            /// Which rule this is.
            pub fn kind(&self) -> Kind {
                match self {
                    $( Constraint::$variant(_) => Kind::$variant, )*
                }
            }
        }

        /// Reads an f-puzzles key through the rule that owns it; `None` for a key no rule
        /// reads.
        pub(crate) fn read_fpuzzles(
            key: &str,
            value: &Value,
            fp: &FpIn<'_>,
        ) -> Option<Result<Vec<Constraint>, FpuzzlesError>> {
            $(
                if <$ty as Read>::FPUZZLES_KEYS.contains(&key) {
                    return Some(
                        <$ty as Read>::from_fpuzzles(key, value, fp)
                            .map(|v| v.into_iter().map(Constraint::$variant).collect()),
                    );
                }
            )*
            None
        }

        /// Reads a TOML item through the rule that owns its key; `None` for a key no rule
        /// reads.
        pub(crate) fn read_toml(
            key: &TomlKey,
            item: &TomlIn<'_>,
        ) -> Option<Result<Vec<Constraint>, NativeError>> {
            $(
                if <$ty as Read>::TOML_KEYS.contains(key) {
                    return Some(
                        <$ty as Read>::from_toml(key.name(), item)
                            .map(|v| v.into_iter().map(Constraint::$variant).collect()),
                    );
                }
            )*
            None
        }

        /// Every rule's random flavours, in the registry's order (see [`sample::cases`]).
        pub(crate) fn sample_cases() -> Vec<(Kind, Case)> {
            let mut out = Vec::new();
            $( out.extend(<$ty as Sample>::cases().into_iter().map(|c| (Kind::$variant, c))); )*
            out
        }

        /// Every rule's fixed samples, in the registry's order (see [`sample::samples`]).
        pub(crate) fn sample_rules() -> sample::Samples {
            let mut out = sample::Samples::default();
            $(
                let (fpuzzles, toml_only) = <$ty as Sample>::samples();
                out.fpuzzles.extend(fpuzzles.into_iter().map(Constraint::$variant));
                out.toml_only.extend(toml_only.into_iter().map(Constraint::$variant));
            )*
            out
        }

        /// Every TOML key some rule reads.
        pub(crate) fn toml_keys() -> Vec<TomlKey> {
            let mut keys = Vec::new();
            $( keys.extend_from_slice(<$ty as Read>::TOML_KEYS); )*
            keys
        }
    };
}

rules! {
    /// A killer cage: digits do not repeat and add up to the sum, if given.
    Killer(killer::Killer),
    /// A little killer diagonal.
    LittleKiller(little_killer::LittleKiller),
    /// An extra region whose digits do not repeat.
    ExtraRegion(extra_region::ExtraRegion),
    /// A main diagonal holds no repeated digit.
    Diagonal(diagonal::Diagonal),
    /// Cells a knight's move apart differ.
    AntiKnight(anti_knight::AntiKnight),
    /// Cells a king's move apart differ.
    AntiKing(anti_king::AntiKing),
    /// Orthogonal neighbours are not consecutive, except across a white dot.
    NonConsecutive(non_consecutive::NonConsecutive),
    /// Cells in the same position of their boxes differ.
    DisjointGroups(disjoint_groups::DisjointGroups),
    /// A line with a rule (thermometer, renban, whispers...).
    Line(lines::Line),
    /// An arrow: the shaft sums to the circle (or pill).
    Arrow(arrow::Arrow),
    /// A black Kropki dot.
    Ratio(ratio::Ratio),
    /// A white Kropki dot.
    Difference(difference::Difference),
    /// An X or a V.
    Xv(xv::Xv),
    /// All dots (or XVs) are given.
    Negative(negative::Negative),
    /// Digits around a point.
    Quadruple(quadruple::Quadruple),
    /// Two groups of cells holding the same digits.
    Clone(clone::CloneCells),
    /// An odd cell.
    Odd(odd_even::Odd),
    /// An even cell.
    Even(odd_even::Even),
    /// A minimum cell.
    Minimum(extremum::Minimum),
    /// A maximum cell.
    Maximum(extremum::Maximum),
    /// Letters standing for different digits.
    Letters(letters::Letters),
    /// A cell holding a letter's digit.
    Letter(letter::Letter),
    /// A letter in a circle between cells.
    LetterCircle(letter_circle::LetterCircle),
    /// Yin-yang shading.
    YinYang(yin_yang::YinYang),
    /// A given shading.
    Shade(shade::Shade),
    /// A sandwich sum outside the grid.
    Sandwich(sandwich::Sandwich),
    /// An X-sum outside the grid.
    XSum(xsum::XSum),
    /// A skyscraper outside the grid.
    Skyscraper(skyscraper::Skyscraper),
    /// Row, column or box indexer cells.
    Indexer(indexer::Indexer),
    /// The candidates a setter gives for a cell.
    Candidates(candidates::Candidates),
    /// Counting circles: a digit in a circle says how many circles hold it.
    CountingCircles(counting_circles::CountingCircles),
}

impl Constraint {
    /// A human name for messages.
    ///
    /// See [`Constraint`] for an example.
    pub fn name(&self) -> &'static str {
        self.rule().name()
    }

    /// The cells the constraint names (empty for global rules).
    ///
    /// See [`Constraint`] for an example.
    pub fn cells(&self) -> Vec<Cell> {
        self.rule().cells()
    }
}
