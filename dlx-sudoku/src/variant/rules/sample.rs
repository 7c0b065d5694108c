//! Random instances and fixed samples of every rule, for the tests (hidden from the API
//! documentation: not part of the crate's promised API).
//!
//! Each rule's module implements the crate's `Sample` trait (in `rules/mod.rs`) beside its
//! encoding and check: the flavours of random instance the brute-force tests draw
//! ([`Case`]) and the fixed instances the format tests write and read back. The trait has
//! no default methods and the rule registry (`rules!` in `rules/mod.rs`) calls it for every
//! entry, so a rule registered without them does not compile. The tests loop over
//! [`cases`] and [`samples`], which follow the registry: a new rule is in them.
//!
//! This is ordinary library code, not behind `cfg(test)` or a feature: the integration
//! tests (a separate crate) see only the public API, and a feature would build the library
//! twice when `cargo test -p` switches crates (see `docs/architecture.md`).
//!
//! ```
//! use dlx_sudoku::sudoku::Grid;
//! use dlx_sudoku::variant::rules::sample::{cases, Rng};
//! use dlx_sudoku::variant::VariantSolution;
//! let grid: Grid = "1234341221434321".parse()?;
//! let reference = VariantSolution { grid, shading: None, letters: vec![] };
//! let mut rng = Rng(7);
//! let (kind, case) = &cases()[0];
//! if let Some(rule) = case.random(&mut rng, 4, &reference) {
//!     assert_eq!(rule.kind(), *kind);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::sudoku::Cell;
use crate::variant::rules::{Constraint, Kind, Line, LineKind, Outside, Side};
use crate::variant::solution::VariantSolution;

/// A small xorshift generator, seeded, so every run draws the same instances.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with the given chance in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// What a rule's generator draws with: the random numbers, the grid size and a reference
/// solution the instance may be made to fit (a sum that holds for it, say; whether the
/// instance does hold is the test's business).
pub struct Gen<'a> {
    /// The random numbers.
    pub rng: &'a mut Rng,
    /// The grid size.
    pub n: usize,
    /// The solution the instance may be made to fit.
    pub reference: &'a VariantSolution,
}

impl Gen<'_> {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    /// True with the given chance in percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.rng.chance(percent)
    }

    /// A length from `lo` to `hi`, both included.
    pub fn len(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// A cell of the grid.
    pub fn cell(&mut self) -> Cell {
        let n = self.n;
        Cell::new(self.below(n), self.below(n))
    }

    /// The reference's digit in a cell.
    pub fn digit(&self, c: Cell) -> u32 {
        u32::from(self.reference.grid.get(c).expect("a complete reference"))
    }

    /// A random walk of king moves (or orthogonal steps) through `len` distinct cells.
    pub fn walk(&mut self, len: usize, orthogonal: bool) -> Vec<Cell> {
        let n = self.n as i64;
        loop {
            let mut path = vec![self.cell()];
            while path.len() < len {
                let last = *path.last().expect("a first cell");
                let steps: Vec<Cell> = (-1i64..=1)
                    .flat_map(|dr| (-1i64..=1).map(move |dc| (dr, dc)))
                    .filter(|&(dr, dc)| (dr, dc) != (0, 0) && (!orthogonal || dr == 0 || dc == 0))
                    .filter_map(|(dr, dc)| {
                        let (r, c) = (last.row as i64 + dr, last.col as i64 + dc);
                        (r >= 0 && c >= 0 && r < n && c < n)
                            .then(|| Cell::new(r as usize, c as usize))
                    })
                    .filter(|c| !path.contains(c))
                    .collect();
                if steps.is_empty() {
                    break;
                }
                path.push(steps[self.below(steps.len())]);
            }
            if path.len() == len {
                return path;
            }
        }
    }

    /// Two orthogonal neighbours.
    pub fn pair(&mut self) -> [Cell; 2] {
        let w = self.walk(2, true);
        [w[0], w[1]]
    }

    /// An open line of a kind, `lo` to `hi` cells long.
    pub fn line(&mut self, kind: LineKind, lo: usize, hi: usize) -> Constraint {
        let l = self.len(lo, hi);
        Line::new(kind, self.walk(l, false)).into()
    }

    /// `len` distinct cells anywhere in the grid.
    pub fn scattered(&mut self, len: usize) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::new();
        while cells.len() < len {
            let c = self.cell();
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        cells
    }

    /// A 2×2 square of cells, row by row.
    pub fn square(&mut self) -> Vec<Cell> {
        let (r, c) = (self.below(self.n - 1), self.below(self.n - 1));
        vec![
            Cell::new(r, c),
            Cell::new(r, c + 1),
            Cell::new(r + 1, c),
            Cell::new(r + 1, c + 1),
        ]
    }

    /// A ring of cells around a 2×2 square or a 2×3 (3×2) rectangle, in order.
    pub fn ring(&mut self) -> Vec<Cell> {
        let (h, w) = [(2, 2), (2, 3), (3, 2)][self.below(3)];
        let (r, c) = (self.below(self.n - h + 1), self.below(self.n - w + 1));
        let mut cells = Vec::new();
        for j in 0..w {
            cells.push(Cell::new(r, c + j));
        }
        for i in 1..h {
            cells.push(Cell::new(r + i, c + w - 1));
        }
        for j in (0..w - 1).rev() {
            cells.push(Cell::new(r + h - 1, c + j));
        }
        for i in (1..h - 1).rev() {
            cells.push(Cell::new(r + i, c));
        }
        cells
    }

    /// A clue beside the grid.
    pub fn outside(&mut self) -> Outside {
        Outside {
            side: [Side::Top, Side::Bottom, Side::Left, Side::Right][self.below(4)],
            index: self.below(self.n),
        }
    }
}

/// A cell from its 1-based row and column (`at(1, 1)` is r1c1), for samples.
pub(crate) fn at(row: usize, col: usize) -> Cell {
    Cell::new(row - 1, col - 1)
}

/// The function that draws one flavour of random instance.
type Make = Box<dyn Fn(&mut Gen<'_>) -> Option<Constraint>>;

/// One flavour of random instance of a rule ("killer" and "killer-nosum" for cages): a
/// name for the tests' messages and a generator. An instance is of the rule's kind, or of a
/// rule it is tested together with (a white dot beside the non-consecutive rule it lifts).
pub struct Case {
    /// A name for messages.
    pub name: &'static str,
    /// Whether the puzzle needs yin-yang's rule beside (a shaded cell, a conditional line):
    /// the brute force enumerates yin-yang shadings only.
    pub yin_yang: bool,
    make: Make,
}

impl Case {
    /// A flavour drawn by `make` (`None`: no instance this time, draw again).
    pub(crate) fn new(
        name: &'static str,
        make: impl Fn(&mut Gen<'_>) -> Option<Constraint> + 'static,
    ) -> Case {
        Case {
            name,
            yin_yang: false,
            make: Box::new(make),
        }
    }

    /// The same flavour, in a puzzle with yin-yang shading.
    pub(crate) fn shaded(self) -> Case {
        Case {
            yin_yang: true,
            ..self
        }
    }

    /// A random instance on an `n`×`n` grid, made to fit `reference` where the flavour
    /// does so; `None` when this draw gave none (draw again).
    pub fn random(
        &self,
        rng: &mut Rng,
        n: usize,
        reference: &VariantSolution,
    ) -> Option<Constraint> {
        (self.make)(&mut Gen { rng, n, reference })
    }
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Case")
            .field("name", &self.name)
            .field("yin_yang", &self.yin_yang)
            .finish()
    }
}

/// Every flavour of random instance of every rule, with its rule, in the registry's order.
pub fn cases() -> Vec<(Kind, Case)> {
    crate::variant::rules::sample_cases()
}

/// Fixed instances of rules for the format tests, in the registry's order.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Rules f-puzzles can express, with cells within r1c1–r9c9 (the tests write them on
    /// a 9×9 grid, to both formats).
    pub fpuzzles: Vec<Constraint>,
    /// Rules only our TOML format can express, with cells within r1c1–r6c6 (the tests
    /// write them on a 6×6 grid).
    pub toml_only: Vec<Constraint>,
}

/// Every rule's fixed instances, in the registry's order.
pub fn samples() -> Samples {
    crate::variant::rules::sample_rules()
}
