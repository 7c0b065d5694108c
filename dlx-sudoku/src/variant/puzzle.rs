//! The puzzle model: a shape, givens and a list of constraints.

use thiserror::Error;

use crate::sudoku::{Cell, Grid, Shape};

/// Which main diagonal.
///
/// ```
/// use dlx_sudoku::variant::Diagonal;
/// assert_ne!(Diagonal::Main, Diagonal::Anti);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// From the top left to the bottom right (f-puzzles `diagonal-`).
    Main,
    /// From the bottom left to the top right (f-puzzles `diagonal+`).
    Anti,
}

/// The rule of a line. Lines are lists of cells in drawn order, each orthogonally or
/// diagonally next to the one before (not checked: a rule means what it says for any
/// list of cells).
///
/// ```
/// use dlx_sudoku::variant::LineKind;
/// assert_eq!(LineKind::Whispers { difference: 5 }.name(), "German whispers");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Strictly increasing from the bulb (the first cell).
    Thermometer,
    /// Never decreasing from the bulb (digits may repeat where Sudoku allows).
    SlowThermometer,
    /// A set of consecutive digits in any order, no repeats.
    Renban,
    /// Neighbours on the line differ by at least `difference` (5 for German whispers).
    Whispers {
        /// The least difference between neighbours.
        difference: u32,
    },
    /// No two digits on the line equal or consecutive.
    Nabner,
    /// Box borders cut the line into segments with equal sums.
    RegionSum,
    /// Neighbours on the line alternate odd and even.
    Parity,
    /// Every three neighbouring cells hold one low (1-3), one middle (4-6) and one high
    /// (7-9) digit (thirds of the digits in other sizes).
    Entropic,
    /// Reads the same backwards.
    Palindrome,
    /// Neighbours on the line all differ by the same amount.
    SameDifference,
    /// Digits equidistant from the centre sum to the centre digit (odd length) or to the
    /// sum of the middle pair (even length).
    Zipper,
    /// Cells strictly between the line's two ends (its circles) hold digits strictly
    /// between theirs.
    Between,
}

impl LineKind {
    /// A human name for messages.
    ///
    /// See [`LineKind`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            LineKind::Thermometer => "thermometer",
            LineKind::SlowThermometer => "slow thermometer",
            LineKind::Renban => "renban line",
            LineKind::Whispers { difference: 5 } => "German whispers",
            LineKind::Whispers { .. } => "whispers line",
            LineKind::Nabner => "nabner line",
            LineKind::RegionSum => "region-sum line",
            LineKind::Parity => "parity line",
            LineKind::Entropic => "entropic line",
            LineKind::Palindrome => "palindrome",
            LineKind::SameDifference => "same-difference line",
            LineKind::Zipper => "zipper line",
            LineKind::Between => "between line",
        }
    }
}

/// Which "all dots are given" rule.
///
/// ```
/// use dlx_sudoku::variant::NegativeKind;
/// assert_eq!(NegativeKind::Xv.name(), "negative XV");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NegativeKind {
    /// Orthogonal neighbours without a black dot are not in the ratio 1:2.
    Ratio,
    /// Orthogonal neighbours without a white dot are not consecutive.
    Difference,
    /// Orthogonal neighbours without an X or a V sum to neither 10 nor 5.
    Xv,
}

impl NegativeKind {
    /// A human name for messages.
    ///
    /// See [`NegativeKind`] for an example.
    pub fn name(self) -> &'static str {
        match self {
            NegativeKind::Ratio => "negative black dots",
            NegativeKind::Difference => "negative white dots",
            NegativeKind::Xv => "negative XV",
        }
    }
}

/// One rule of a puzzle. Cells are 0-based ([`Cell::new`]`(0, 0)` is r1c1).
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, LineKind};
/// let cage = Constraint::Killer { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) };
/// assert_eq!(cage.name(), "killer cage");
/// let thermo = Constraint::line(LineKind::Thermometer, [Cell::new(0, 0), Cell::new(1, 0)]);
/// assert_eq!(thermo.cells().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Digits in the cage do not repeat and, when a sum is given, add up to it.
    Killer {
        /// The cage.
        cells: Vec<Cell>,
        /// The total, if given.
        sum: Option<u32>,
    },
    /// The digits on a diagonal add up to the clue (digits may repeat where Sudoku
    /// allows). `cells` runs from the clue into the grid.
    LittleKiller {
        /// The diagonal, starting next to the clue.
        cells: Vec<Cell>,
        /// The total.
        sum: u32,
    },
    /// An extra region: its digits do not repeat.
    ExtraRegion {
        /// The region.
        cells: Vec<Cell>,
    },
    /// A main diagonal holds no repeated digit.
    Diagonal(Diagonal),
    /// Cells a knight's move apart do not hold the same digit.
    AntiKnight,
    /// Cells a king's move apart do not hold the same digit.
    AntiKing,
    /// Orthogonal neighbours do not hold consecutive digits.
    NonConsecutive,
    /// Cells in the same position of their boxes do not hold the same digit.
    DisjointGroups,
    /// A line with a rule. A `conditional` line depends on yin-yang shading: on dry
    /// (unshaded) cells only it keeps its rule; on wet (shaded) cells only it is a zipper
    /// line instead; on both it keeps its rule and is also a zipper line.
    Line {
        /// The rule.
        kind: LineKind,
        /// The cells in drawn order.
        cells: Vec<Cell>,
        /// Whether the rule depends on shading.
        conditional: bool,
    },
    /// The digits on the shaft add up to the number in the circle (a pill of several cells
    /// reads as a number, left to right or top to bottom). Digits may repeat on the shaft
    /// where Sudoku allows.
    Arrow {
        /// The circle (one cell) or pill (several), in reading order.
        circle: Vec<Cell>,
        /// The shaft, from the circle outwards.
        shaft: Vec<Cell>,
    },
    /// A black Kropki dot: one digit is `ratio` times the other.
    Ratio {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The ratio (2 by default).
        ratio: u32,
    },
    /// A white Kropki dot: the digits differ by `difference`.
    Difference {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The difference (1 by default).
        difference: u32,
    },
    /// An X (sum 10) or V (sum 5) between two cells.
    Xv {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The sum: 10 for X, 5 for V.
        sum: u32,
    },
    /// All dots (or Xs and Vs) are given.
    Negative(NegativeKind),
    /// The digits listed appear (at least as often as listed) in the cells around a point.
    Quadruple {
        /// The cells around the point (up to four).
        cells: Vec<Cell>,
        /// The digits, with repeats.
        digits: Vec<u8>,
    },
    /// Two groups of cells of the same shape hold the same digits, cell for cell.
    Clone {
        /// The first group.
        cells: Vec<Cell>,
        /// The second, in corresponding order.
        copy: Vec<Cell>,
    },
    /// The cell holds an odd digit.
    Odd(Cell),
    /// The cell holds an even digit.
    Even(Cell),
    /// The cell is smaller than each orthogonal neighbour.
    Minimum(Cell),
    /// The cell is larger than each orthogonal neighbour.
    Maximum(Cell),
    /// Letters stand for digits, different letters for different digits; this declares
    /// letters (any letter used elsewhere is declared too).
    Letters(Vec<char>),
    /// The cell holds the digit of a letter.
    Letter {
        /// The cell.
        cell: Cell,
        /// The letter.
        letter: char,
    },
    /// A letter in a circle between cells: its digit appears in at least one of them.
    LetterCircle {
        /// The cells around the circle.
        cells: Vec<Cell>,
        /// The letter.
        letter: char,
    },
    /// Yin-yang: every cell is land or water (unshaded or shaded); each kind is one
    /// orthogonally connected area, and no 2×2 square is all one kind.
    YinYang,
    /// A given shading: the cell is water (shaded) or land.
    Shade {
        /// The cell.
        cell: Cell,
        /// True for water (shaded).
        water: bool,
    },
}

impl Constraint {
    /// A line without shading conditions.
    ///
    /// See [`Constraint`] for an example.
    pub fn line(kind: LineKind, cells: impl IntoIterator<Item = Cell>) -> Self {
        Constraint::Line {
            kind,
            cells: cells.into_iter().collect(),
            conditional: false,
        }
    }

    /// A human name for messages.
    ///
    /// See [`Constraint`] for an example.
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Killer { .. } => "killer cage",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::ExtraRegion { .. } => "extra region",
            Constraint::Diagonal(Diagonal::Main) => "main diagonal",
            Constraint::Diagonal(Diagonal::Anti) => "anti-diagonal",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::DisjointGroups => "disjoint groups",
            Constraint::Line { kind, .. } => kind.name(),
            Constraint::Arrow { .. } => "arrow",
            Constraint::Ratio { .. } => "black dot",
            Constraint::Difference { .. } => "white dot",
            Constraint::Xv { .. } => "XV",
            Constraint::Negative(k) => k.name(),
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Clone { .. } => "clone",
            Constraint::Odd(_) => "odd cell",
            Constraint::Even(_) => "even cell",
            Constraint::Minimum(_) => "minimum cell",
            Constraint::Maximum(_) => "maximum cell",
            Constraint::Letters(_) => "letters",
            Constraint::Letter { .. } => "letter cell",
            Constraint::LetterCircle { .. } => "letter circle",
            Constraint::YinYang => "yin-yang",
            Constraint::Shade { .. } => "shaded cell",
        }
    }

    /// The cells the constraint names (empty for global rules).
    ///
    /// See [`Constraint`] for an example.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Constraint::Killer { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::ExtraRegion { cells }
            | Constraint::Line { cells, .. }
            | Constraint::Quadruple { cells, .. }
            | Constraint::LetterCircle { cells, .. } => cells.clone(),
            Constraint::Arrow { circle, shaft } => circle.iter().chain(shaft).copied().collect(),
            Constraint::Ratio { cells, .. }
            | Constraint::Difference { cells, .. }
            | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::Clone { cells, copy } => cells.iter().chain(copy).copied().collect(),
            Constraint::Odd(c)
            | Constraint::Even(c)
            | Constraint::Minimum(c)
            | Constraint::Maximum(c)
            | Constraint::Letter { cell: c, .. }
            | Constraint::Shade { cell: c, .. } => vec![*c],
            Constraint::Diagonal(_)
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::DisjointGroups
            | Constraint::Negative(_)
            | Constraint::Letters(_)
            | Constraint::YinYang => Vec::new(),
        }
    }
}

/// A variant Sudoku: a shape (size, boxes or regions), givens, constraints, and what is
/// known about it.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Constraint, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::classic());
/// p.constraints.push(Constraint::AntiKnight);
/// p.givens.set(Cell::new(0, 0), Some(5))?;
/// assert_eq!(p.size(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The grid's geometry: size, boxes or jigsaw regions (and any extra houses).
    pub shape: Shape,
    /// The given digits.
    pub givens: Grid,
    /// The rules beyond plain Sudoku.
    pub constraints: Vec<Constraint>,
    /// The title, if known.
    pub title: Option<String>,
    /// The author, if known.
    pub author: Option<String>,
    /// The rules as the setter wrote them, if known.
    pub rules: Option<String>,
    /// The intended solution, if the file gives one.
    pub solution: Option<Grid>,
}

impl VariantPuzzle {
    /// A puzzle of this shape with no givens and no constraints.
    ///
    /// See [`VariantPuzzle`] for an example.
    pub fn new(shape: Shape) -> Self {
        let n = shape.size();
        VariantPuzzle {
            givens: Grid::new(n).expect("a shape's size is a valid grid size"),
            shape,
            constraints: Vec::new(),
            title: None,
            author: None,
            rules: None,
            solution: None,
        }
    }

    /// The grid's size.
    ///
    /// See [`VariantPuzzle`] for an example.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The letters of the puzzle, in order of first appearance.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Constraint, VariantPuzzle};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.constraints.push(Constraint::Letter { cell: Cell::new(0, 0), letter: 'B' });
    /// p.constraints.push(Constraint::Letters(vec!['A', 'B']));
    /// assert_eq!(p.letters(), ['B', 'A']);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn letters(&self) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        let mut add = |c: char| {
            if !out.contains(&c) {
                out.push(c);
            }
        };
        for c in &self.constraints {
            match c {
                Constraint::Letters(ls) => ls.iter().for_each(|&l| add(l)),
                Constraint::Letter { letter, .. } | Constraint::LetterCircle { letter, .. } => {
                    add(*letter)
                }
                _ => {}
            }
        }
        out
    }

    /// True when some rule needs shading (yin-yang, a shaded cell or a conditional line).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// use dlx_sudoku::variant::{Constraint, VariantPuzzle};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// assert!(!p.has_shading());
    /// p.constraints.push(Constraint::YinYang);
    /// assert!(p.has_shading());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_shading(&self) -> bool {
        self.constraints.iter().any(|c| {
            matches!(
                c,
                Constraint::YinYang
                    | Constraint::Shade { .. }
                    | Constraint::Line {
                        conditional: true,
                        ..
                    }
            )
        })
    }

    /// Checks that every cell named lies in the grid and every constraint makes sense
    /// (a dot between two cells, a letter that is a letter, a line long enough...).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// use dlx_sudoku::variant::{Constraint, VariantError, VariantPuzzle};
    /// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
    /// p.constraints.push(Constraint::Odd(Cell::new(4, 0)));
    /// assert!(matches!(p.validate(), Err(VariantError::CellOutOfRange { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), VariantError> {
        let n = self.size();
        if self.givens.size() != n {
            return Err(VariantError::GivensSize {
                found: self.givens.size(),
                size: n,
            });
        }
        for (index, c) in self.constraints.iter().enumerate() {
            let bad = |reason: String| VariantError::BadConstraint {
                index: index + 1,
                kind: c.name(),
                reason,
            };
            for cell in c.cells() {
                if cell.row >= n || cell.col >= n {
                    return Err(VariantError::CellOutOfRange {
                        index: index + 1,
                        kind: c.name(),
                        cell,
                        size: n,
                    });
                }
            }
            let cells = c.cells();
            let distinct = {
                let mut v = cells.clone();
                v.sort();
                v.dedup();
                v.len() == cells.len()
            };
            match c {
                Constraint::Killer { cells, .. }
                | Constraint::ExtraRegion { cells }
                | Constraint::LittleKiller { cells, .. }
                    if cells.is_empty() =>
                {
                    return Err(bad("no cells".into()))
                }
                Constraint::Line { kind, cells, .. } => {
                    if cells.len() < 2 {
                        return Err(bad("a line needs at least two cells".into()));
                    }
                    if matches!(kind, LineKind::Entropic) && n % 3 != 0 {
                        return Err(bad(format!(
                            "entropic lines need a size divisible by 3, not {n}"
                        )));
                    }
                }
                Constraint::Arrow { circle, shaft } if circle.is_empty() || shaft.is_empty() => {
                    return Err(bad("an arrow needs a circle and a shaft".into()));
                }
                Constraint::Quadruple { cells, digits } => {
                    if cells.is_empty() || digits.len() > cells.len() {
                        return Err(bad(format!(
                            "{} digits cannot fit in {} cells",
                            digits.len(),
                            cells.len()
                        )));
                    }
                    if let Some(d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                        return Err(bad(format!("digit {d} is not between 1 and {n}")));
                    }
                }
                Constraint::Clone { cells, copy } if cells.len() != copy.len() => {
                    return Err(bad(format!(
                        "the clone has {} cells, its copy {}",
                        cells.len(),
                        copy.len()
                    )));
                }
                Constraint::Letters(ls) => {
                    if let Some(l) = ls.iter().find(|l| !l.is_alphabetic()) {
                        return Err(bad(format!("{l:?} is not a letter")));
                    }
                }
                Constraint::Letter { letter, .. } | Constraint::LetterCircle { letter, .. }
                    if !letter.is_alphabetic() =>
                {
                    return Err(bad(format!("{letter:?} is not a letter")))
                }
                _ => {}
            }
            let repeats_allowed = matches!(c, Constraint::Clone { .. });
            if !distinct && !repeats_allowed {
                return Err(bad("a cell is named twice".into()));
            }
        }
        let letters = self.letters().len();
        if letters > n {
            return Err(VariantError::TooManyLetters { letters, size: n });
        }
        Ok(())
    }
}

/// Why a puzzle cannot be solved as given.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Constraint, VariantError, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Constraint::line(dlx_sudoku::variant::LineKind::Renban, [Cell::new(0, 0)]));
/// let err = p.validate().unwrap_err();
/// assert_eq!(err.to_string(), "constraint 1 (renban line): a line needs at least two cells");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A constraint names a cell outside the grid.
    #[error("constraint {index} ({kind}): cell {cell} is outside the {size}×{size} grid")]
    CellOutOfRange {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// The cell.
        cell: Cell,
        /// The grid size.
        size: usize,
    },
    /// A constraint that makes no sense.
    #[error("constraint {index} ({kind}): {reason}")]
    BadConstraint {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The givens are not of the shape's size.
    #[error("the givens are a {found}×{found} grid but the puzzle is {size}×{size}")]
    GivensSize {
        /// The givens' size.
        found: usize,
        /// The shape's size.
        size: usize,
    },
    /// More letters than digits.
    #[error("{letters} letters cannot stand for different digits of a {size}×{size} grid")]
    TooManyLetters {
        /// Letters used.
        letters: usize,
        /// The grid size.
        size: usize,
    },
    /// The exact cover problem could not be built (a bug if it happens).
    #[error("building the exact cover problem: {0}")]
    Problem(#[from] dlx_core::ProblemError),
}
