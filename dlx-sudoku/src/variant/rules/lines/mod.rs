//! Lines: one rule ([`Line`]) whose kind says what its cells must satisfy. Each kind has its
//! own module (its encoding, check, style and keys); this module holds what lines share:
//! reading and writing, closed loops, conditional lines, drawing.
//!
//! Adding a kind: its module, a variant of [`LineKind`], and one arm in each of
//! `LineKind::with` and `kind_for_key` (both exhaustive where they can be).

use crate::variant::model::Gate;
use crate::variant::rules::prelude::*;
use crate::variant::rules::yin_yang::line_gates;

mod between;
mod double_arrow;
mod entropic;
mod lockout;
mod modular;
mod nabner;
mod palindrome;
mod parity;
mod region_sum;
mod renban;
mod same_difference;
mod slow_thermometer;
mod thermometer;
mod whispers;
mod zipper;

/// The rule of a line.
///
/// ```
/// use dlx_sudoku::variant::LineKind;
/// assert_eq!(LineKind::Whispers { difference: None }.name(), "German whispers");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Strictly increasing from the bulb (the first cell).
    Thermometer,
    /// Never decreasing from the bulb (digits may repeat where Sudoku allows).
    SlowThermometer,
    /// A set of consecutive digits in any order, no repeats.
    Renban,
    /// Neighbours on the line differ by at least `difference`; by default half the grid
    /// size rounded up (5 on 9×9: German whispers; Dutch whispers are 4).
    Whispers {
        /// The least difference between neighbours (`None`: half the size, rounded up).
        difference: Option<u32>,
    },
    /// No two digits on the line equal or consecutive.
    Nabner,
    /// Region borders cut the line into segments with equal sums (a segment ends where the
    /// line leaves a region; re-entering it starts a new segment).
    RegionSum,
    /// Neighbours on the line alternate odd and even.
    Parity,
    /// Every three neighbouring cells hold a low, a middle and a high digit (1-3, 4-6, 7-9
    /// on 9×9; for sizes not divisible by 3 the middle third has the odd size out, as the
    /// f-puzzles solver plug-in defines it); two neighbours differ in third.
    Entropic,
    /// Every three neighbouring cells hold one digit of each remainder modulo 3 (147, 258,
    /// 369); two neighbours differ modulo 3.
    Modular,
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
    /// The two ends (diamonds) differ by at least `difference` (by default half the size,
    /// rounded down: 4 on 9×9), and every other cell of the line lies outside the range
    /// between them.
    Lockout {
        /// The least difference between the ends (`None`: half the size, rounded down).
        difference: Option<u32>,
    },
    /// The cells between the two ends (circles) add up to the sum of the ends.
    DoubleArrow,
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub colour: &'static str,
    pub width: f64,
    pub dashed: bool,
    pub ends: Ends,
}

/// What a line's ends look like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ends {
    /// Nothing.
    Plain,
    /// A bulb at the first cell (thermometers).
    Bulb,
    /// Circles at both ends.
    Circles,
    /// Diamonds at both ends.
    Diamonds,
}

/// The cells of a line as its kind sees them.
pub(crate) struct Cells<'a> {
    pub cells: &'a [Cell],
    /// The last cell neighbours the first.
    pub closed: bool,
}

/// What each line kind does. Only checking the grid size, declaring in pass 1 and taking a
/// difference have defaults (nothing to check, declare or take), which most kinds keep.
pub(crate) trait LineRule {
    /// A human name.
    fn name(&self) -> &'static str;
    /// The least number of cells the line needs.
    fn min_cells(&self) -> usize;
    /// How long the tests' random lines of this kind are: the least and the most cells.
    fn random_lengths(&self) -> (usize, usize);
    /// Whether the line may be a closed loop.
    fn loops(&self) -> bool;
    /// Checks the kind against the grid size.
    fn validate(&self, _n: usize) -> Result<(), String> {
        Ok(())
    }
    /// Pass 1, for lines that do not depend on shading: houses and forbidden pairs.
    fn declare(&self, _ctx: &mut Ctx<'_>, _line: &Cells<'_>) {}
    /// Pass 2: the rule, under a gate for conditional lines.
    fn encode(&self, ctx: &mut Ctx<'_>, line: &Cells<'_>, gate: Option<Gate>);
    /// The independent check, on the line's digits.
    fn check(&self, puzzle: &VariantPuzzle, line: &Cells<'_>, v: &[i64]) -> Check;
    /// How the line is drawn.
    fn style(&self) -> Style;
    /// The key f-puzzles (or its solver plug-in) writes the line under.
    fn fpuzzles_key(&self) -> &'static str;
    /// The key of our TOML format.
    fn toml_key(&self) -> &'static str;
    /// The difference this kind takes, if it takes one (`Some(None)`: the default).
    fn difference(&self) -> Option<Option<u32>> {
        None
    }
}

impl LineKind {
    /// Runs `f` on the kind's behaviour.
    pub(crate) fn with<R>(self, f: impl FnOnce(&dyn LineRule) -> R) -> R {
        match self {
            LineKind::Thermometer => f(&thermometer::Thermometer),
            LineKind::SlowThermometer => f(&slow_thermometer::SlowThermometer),
            LineKind::Renban => f(&renban::Renban),
            LineKind::Whispers { difference } => f(&whispers::Whispers { difference }),
            LineKind::Nabner => f(&nabner::Nabner),
            LineKind::RegionSum => f(&region_sum::RegionSum),
            LineKind::Parity => f(&parity::Parity),
            LineKind::Entropic => f(&entropic::Entropic),
            LineKind::Modular => f(&modular::Modular),
            LineKind::Palindrome => f(&palindrome::Palindrome),
            LineKind::SameDifference => f(&same_difference::SameDifference),
            LineKind::Zipper => f(&zipper::Zipper),
            LineKind::Between => f(&between::Between),
            LineKind::Lockout { difference } => f(&lockout::Lockout { difference }),
            LineKind::DoubleArrow => f(&double_arrow::DoubleArrow),
        }
    }

    /// A human name for messages.
    ///
    /// See [`LineKind`] for an example.
    pub fn name(self) -> &'static str {
        self.with(|k| k.name())
    }

    /// Every kind, with default differences (for key tables).
    const ALL: [LineKind; 15] = [
        LineKind::Thermometer,
        LineKind::SlowThermometer,
        LineKind::Renban,
        LineKind::Whispers { difference: None },
        LineKind::Nabner,
        LineKind::RegionSum,
        LineKind::Parity,
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Palindrome,
        LineKind::SameDifference,
        LineKind::Zipper,
        LineKind::Between,
        LineKind::Lockout { difference: None },
        LineKind::DoubleArrow,
    ];
}

/// The f-puzzles line keys whose entries' `value` is read (a difference); the others' entries
/// have only `lines`.
pub(crate) const VALUED_KEYS: &[&str] = &[
    "whispers",
    "germanwhispers",
    "dutchwhispers",
    "lockout",
    "lockoutline",
];

/// The kind an f-puzzles key (and its entry's `value`) names.
fn kind_for_key(key: &str, entry: &Value, fp: &FpIn<'_>) -> Result<LineKind, FpuzzlesError> {
    let value = || fp.number(key, entry.get("value"));
    Ok(match key {
        "thermometer" => LineKind::Thermometer,
        "slowthermometer" => LineKind::SlowThermometer,
        "renban" => LineKind::Renban,
        "whispers" | "germanwhispers" => LineKind::Whispers {
            difference: value()?,
        },
        "dutchwhispers" => LineKind::Whispers {
            difference: Some(value()?.unwrap_or((fp.n as u32).div_ceil(2).saturating_sub(1))),
        },
        "nabner" | "nabnerline" => LineKind::Nabner,
        "regionsumline" | "regionSumLine" => LineKind::RegionSum,
        "parityline" => LineKind::Parity,
        "entropicline" => LineKind::Entropic,
        "modularline" => LineKind::Modular,
        "palindrome" => LineKind::Palindrome,
        "samedifferenceline" => LineKind::SameDifference,
        "zipperline" => LineKind::Zipper,
        "betweenline" => LineKind::Between,
        "lockout" | "lockoutline" => LineKind::Lockout {
            difference: value()?,
        },
        "doublearrow" => LineKind::DoubleArrow,
        other => return Err(malformed(other, "not a line")),
    })
}

/// A line with a rule. Lines are lists of cells in drawn order, each touching the one
/// before (by a side or a corner: a line listed with a jump is refused, since as drawn it
/// would pass through cells it does not list). A **closed** line is a loop: its last cell
/// touches its first (f-puzzles draws a loop by repeating the first cell at the end;
/// [`Line::new`] reads that). A **conditional** line depends on yin-yang shading: on dry
/// (unshaded) cells only it keeps its rule; on wet (shaded) cells only it is a zipper line
/// instead; on both it keeps its rule and is also a zipper line.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Line, LineKind};
/// let ring = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1), Cell::new(1, 0), Cell::new(0, 0)];
/// let line = Line::new(LineKind::Entropic, ring);
/// assert!(line.closed);
/// assert_eq!(line.cells.len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The rule.
    pub kind: LineKind,
    /// The cells in drawn order, each once (whispers and parity lines may come back to a
    /// cell), each touching the one before by a side or a corner.
    pub cells: Vec<Cell>,
    /// Whether the rule depends on shading.
    pub conditional: bool,
    /// Whether the line is a closed loop.
    pub closed: bool,
}

impl Line {
    /// An unconditional line; when the last cell repeats the first (and the line has three
    /// cells or more), the line is a closed loop through the others.
    ///
    /// See [`Line`] for an example.
    pub fn new(kind: LineKind, cells: impl IntoIterator<Item = Cell>) -> Self {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let closed = cells.len() >= 3 && cells.first() == cells.last();
        if closed {
            cells.pop();
        }
        Line {
            kind,
            cells,
            conditional: false,
            closed,
        }
    }

    fn view(&self) -> Cells<'_> {
        Cells {
            cells: &self.cells,
            closed: self.closed,
        }
    }

    /// Whether the line may pass through a cell twice: an open, unconditional line of a
    /// kind whose rule is one condition on each pair of neighbouring cells (whispers,
    /// parity), so that a line drawn through a cell again (a lasso) means that cell's
    /// pairs along both passes. Setters draw such lines and the f-puzzles solver plug-in
    /// reads them pair by pair.
    fn may_revisit(&self) -> bool {
        !self.closed
            && !self.conditional
            && matches!(self.kind, LineKind::Whispers { .. } | LineKind::Parity)
    }

    /// The line cut where it comes back to a cell it has passed: pieces with no repeated
    /// cell, each starting at the cell the one before ended on, so that every pair of
    /// neighbours on the line is a pair of neighbours in exactly one piece. A line that
    /// never comes back is one piece.
    fn pieces(&self) -> Vec<&[Cell]> {
        let mut pieces = Vec::new();
        let mut start = 0;
        for i in 1..self.cells.len() {
            if self.cells[start..i].contains(&self.cells[i]) {
                pieces.push(&self.cells[start..i]);
                start = i - 1;
            }
        }
        pieces.push(&self.cells[start..]);
        pieces
    }

    /// Encodes (or declares) the line piece by piece (see [`Line::pieces`]).
    fn each_piece(&self, mut f: impl FnMut(&Cells<'_>)) {
        if self.may_revisit() {
            for cells in self.pieces() {
                f(&Cells {
                    cells,
                    closed: false,
                });
            }
        } else {
            f(&self.view());
        }
    }
}

impl Rule for Line {
    fn shades(&self) -> bool {
        self.conditional
    }

    fn name(&self) -> &'static str {
        self.kind.name()
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, puzzle: &VariantPuzzle) -> Result<(), String> {
        if self.may_revisit() {
            if let Some(w) = self.cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(format!("cell {} follows itself", w[0]));
            }
        } else {
            no_repeats(&self.cells)?;
        }
        self.kind.with(|k| {
            if self.cells.len() < k.min_cells() {
                return Err(format!(
                    "a {} needs at least {} cells",
                    k.name(),
                    k.min_cells()
                ));
            }
            if self.closed && !k.loops() {
                return Err(format!(
                    "a {} cannot be a closed loop (it has ends)",
                    k.name()
                ));
            }
            steps_touch(&format!("the {}", k.name()), &self.cells, self.closed)?;
            k.validate(puzzle.size())
        })
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        if !self.conditional {
            self.kind
                .with(|k| self.each_piece(|cells| k.declare(ctx, cells)));
        }
    }

    fn encode(&self, ctx: &mut Ctx<'_>) {
        if self.conditional && self.kind != LineKind::Zipper {
            let (rule, zip) = line_gates(ctx, &self.cells);
            self.kind
                .with(|k| k.encode(ctx, &self.view(), Some(Gate { var: rule })));
            LineKind::Zipper.with(|k| k.encode(ctx, &self.view(), Some(Gate { var: zip })));
        } else {
            self.kind
                .with(|k| self.each_piece(|cells| k.encode(ctx, cells, None)));
        }
    }

    fn check(&self, puzzle: &VariantPuzzle, s: &VariantSolution) -> Check {
        let v = digits(s, &self.cells);
        let line = self.view();
        if !self.conditional {
            return self.kind.with(|k| k.check(puzzle, &line, &v));
        }
        let n = puzzle.size();
        let water = s.shading.as_ref().ok_or("the solution has no shading")?;
        let wet = self.cells.iter().filter(|c| water[c.index(n)]).count();
        if wet < self.cells.len() {
            self.kind.with(|k| k.check(puzzle, &line, &v))?;
        }
        if wet > 0 {
            LineKind::Zipper
                .with(|k| k.check(puzzle, &line, &v))
                .map_err(|e| format!("as a zipper line: {e}"))?;
        }
        Ok(())
    }

    fn draw(&self, canvas: &mut Canvas) {
        let style = self.kind.with(|k| k.style());
        canvas.polyline(
            &self.cells,
            style.colour,
            style.width,
            style.dashed || self.conditional,
            self.closed,
        );
        let ends: Vec<Cell> = match style.ends {
            Ends::Plain => Vec::new(),
            Ends::Bulb => vec![self.cells[0]],
            Ends::Circles | Ends::Diamonds => vec![self.cells[0], self.cells[self.cells.len() - 1]],
        };
        for e in ends {
            let (x, y) = centre(e);
            match style.ends {
                Ends::Bulb => canvas.circle(x, y, 14.0, style.colour, None),
                Ends::Circles => canvas.circle(x, y, 16.0, "#ffffff", Some(style.colour)),
                Ends::Diamonds | Ends::Plain => canvas.raw(&format!(
                    "<polygon points=\"{},{y} {x},{} {},{y} {x},{}\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"2\"/>",
                    x - 15.0,
                    y - 15.0,
                    x + 15.0,
                    y + 15.0,
                    style.colour
                )),
            }
        }
        if let LineKind::Whispers {
            difference: Some(d),
        }
        | LineKind::Lockout {
            difference: Some(d),
        } = self.kind
        {
            let (x, y) = centre(self.cells[0]);
            canvas.text(x - 12.0, y - 12.0, 9.0, &d.to_string());
        }
    }

    fn to_toml(&self, out: &mut TomlOut) {
        let mut t = toml::Table::new();
        t.insert("cells".into(), toml_cells(&self.cells).into());
        if self.conditional {
            t.insert("conditional".into(), true.into());
        }
        if self.closed {
            t.insert("closed".into(), true.into());
        }
        if let Some(Some(d)) = self.kind.with(|k| k.difference()) {
            t.insert("difference".into(), i64::from(d).into());
        }
        out.table(self.kind.with(|k| k.toml_key()), t);
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        if self.conditional {
            return Err(Inexpressible);
        }
        let mut cells = self.cells.clone();
        if self.closed {
            cells.push(cells[0]);
        }
        let mut entry = json!({ "lines": [FpOut::names(&cells)] });
        if let Some(Some(d)) = self.kind.with(|k| k.difference()) {
            entry["value"] = json!(d.to_string());
        }
        out.push(self.kind.with(|k| k.fpuzzles_key()), entry);
        Ok(())
    }
}

impl Read for Line {
    const FPUZZLES_KEYS: &'static [&'static str] = &[
        "thermometer",
        "slowthermometer",
        "renban",
        "whispers",
        "germanwhispers",
        "dutchwhispers",
        "nabner",
        "nabnerline",
        "regionsumline",
        "regionSumLine",
        "parityline",
        "entropicline",
        "modularline",
        "palindrome",
        "samedifferenceline",
        "zipperline",
        "betweenline",
        "lockout",
        "lockoutline",
        "doublearrow",
    ];

    fn from_fpuzzles(key: &str, value: &Value, fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        let mut out = Vec::new();
        for e in fp.entries(key, value)? {
            let kind = kind_for_key(key, e, fp)?;
            for line in fp.lines(key, e)? {
                if line.len() >= 2 {
                    out.push(Line::new(kind, line));
                }
            }
        }
        Ok(out)
    }

    const TOML_KEYS: &'static [TomlKey] = &[
        TomlKey::Tables("thermometer"),
        TomlKey::Tables("slow-thermometer"),
        TomlKey::Tables("renban"),
        TomlKey::Tables("whispers"),
        TomlKey::Tables("nabner"),
        TomlKey::Tables("region-sum"),
        TomlKey::Tables("parity"),
        TomlKey::Tables("entropic"),
        TomlKey::Tables("modular"),
        TomlKey::Tables("palindrome"),
        TomlKey::Tables("same-difference"),
        TomlKey::Tables("zipper"),
        TomlKey::Tables("between"),
        TomlKey::Tables("lockout"),
        TomlKey::Tables("double-arrow"),
    ];

    fn from_toml(key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        let kind = LineKind::ALL
            .into_iter()
            .find(|k| k.with(|r| r.toml_key()) == key)
            .ok_or_else(|| item.bad("not a line"))?;
        item.allow(&["cells", "conditional", "closed", "difference"])?;
        let difference = item.opt_int("difference")?;
        let kind = match (kind, difference) {
            (LineKind::Whispers { .. }, d) => LineKind::Whispers { difference: d },
            (LineKind::Lockout { .. }, d) => LineKind::Lockout { difference: d },
            (_, Some(_)) => {
                return Err(item.bad_field(
                    "difference",
                    "only whispers and lockout lines take a difference",
                ))
            }
            (k, None) => k,
        };
        let mut line = Line::new(kind, item.cells("cells")?);
        line.conditional = item.flag("conditional")?;
        if item.flag("closed")? {
            line.closed = true;
        }
        Ok(vec![line])
    }
}

impl Sample for Line {
    fn cases() -> Vec<Case> {
        let mut cases: Vec<Case> = LineKind::ALL
            .into_iter()
            .map(|kind| {
                let (lo, hi) = kind.with(|k| k.random_lengths());
                Case::new(kind.with(|k| k.toml_key()), move |g| {
                    Some(g.line(kind, lo, hi))
                })
            })
            .collect();
        cases.push(Case::new("whispers-with-difference", |g| {
            let kind = LineKind::Whispers {
                difference: Some(if g.n == 4 { 2 } else { 3 }),
            };
            let (lo, hi) = kind.with(|k| k.random_lengths());
            Some(g.line(kind, lo, hi))
        }));
        cases.push(Case::new("loop", |g| {
            let kinds = [
                LineKind::Entropic,
                LineKind::Modular,
                LineKind::Whispers {
                    difference: Some(1),
                },
                LineKind::Parity,
                LineKind::SameDifference,
                LineKind::RegionSum,
                LineKind::Renban,
                LineKind::Nabner,
            ];
            let mut cells = g.ring();
            cells.push(cells[0]);
            Some(Line::new(kinds[g.below(kinds.len())], cells).into())
        }));
        cases.push(
            Case::new("conditional", |g| {
                let kinds = [
                    LineKind::Thermometer,
                    LineKind::Renban,
                    LineKind::Whispers {
                        difference: Some(2),
                    },
                    LineKind::Palindrome,
                    LineKind::RegionSum,
                    LineKind::Parity,
                    LineKind::SameDifference,
                    LineKind::Nabner,
                    LineKind::Between,
                ];
                let kind = kinds[g.below(kinds.len())];
                let l = g.len(3, 5);
                Some(
                    Line {
                        kind,
                        cells: g.walk(l, false),
                        conditional: true,
                        closed: false,
                    }
                    .into(),
                )
            })
            .shaded(),
        );
        cases
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        // Every kind, whispers twice (the default difference and 4).
        let kinds = LineKind::ALL.into_iter().flat_map(|kind| match kind {
            LineKind::Whispers { difference: None } => {
                vec![
                    kind,
                    LineKind::Whispers {
                        difference: Some(4),
                    },
                ]
            }
            _ => vec![kind],
        });
        let mut lines: Vec<Line> = kinds
            .enumerate()
            .map(|(k, kind)| {
                let (r, col) = (k % 9 + 1, if k < 9 { 1 } else { 5 });
                Line::new(kind, [at(r, col), at(r, col + 1), at(r, col + 2)])
            })
            .collect();
        let ring = [(7, 7), (7, 8), (7, 9), (8, 9), (8, 8), (8, 7), (7, 7)];
        lines.push(Line::new(
            LineKind::Entropic,
            ring.into_iter().map(|(r, c)| at(r, c)),
        ));
        let conditional = Line {
            kind: LineKind::Renban,
            cells: vec![at(5, 1), at(5, 2)],
            conditional: true,
            closed: false,
        };
        (lines, vec![conditional])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    use crate::variant::rules::cells_at as cells;

    fn validate(line: &Line) -> Result<(), String> {
        line.validate(&VariantPuzzle::new(Shape::classic()))
    }

    #[test]
    fn every_kind_of_line_refuses_a_jump_by_its_name() {
        let jump = cells(&[(1, 1), (2, 1), (2, 2), (4, 3)]);
        let path = cells(&[(1, 1), (2, 1), (2, 2), (3, 3)]);
        for kind in LineKind::ALL {
            assert_eq!(
                validate(&Line::new(kind, jump.clone())),
                Err(format!(
                    "the {} jumps from r2c2 to r4c3, which do not touch (each cell of a line \
                     touches the next, by a side or a corner)",
                    kind.name()
                ))
            );
            assert_eq!(validate(&Line::new(kind, path.clone())), Ok(()), "{kind:?}");
            // A conditional line is the same line.
            let mut conditional = Line::new(kind, jump.clone());
            conditional.conditional = true;
            assert!(validate(&conditional).is_err(), "{kind:?}");
        }
    }

    #[test]
    fn a_loop_closes_onto_a_neighbour() {
        for kind in LineKind::ALL.into_iter().filter(|k| k.with(|r| r.loops())) {
            // Drawn f-puzzles' way (the first cell again at the end) and TOML's way.
            let ring = cells(&[(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)]);
            assert_eq!(validate(&Line::new(kind, ring)), Ok(()), "{kind:?}");
            let mut hook = Line::new(kind, cells(&[(1, 1), (1, 2), (1, 3), (2, 3)]));
            assert_eq!(validate(&hook), Ok(()), "{kind:?}");
            hook.closed = true;
            assert_eq!(
                validate(&hook),
                Err(format!(
                    "the {} closes from r2c3 back to r1c1, which do not touch (a loop's last \
                     cell touches its first)",
                    kind.name()
                ))
            );
        }
    }

    #[test]
    fn a_lasso_steps_between_neighbours_too() {
        let kind = LineKind::Whispers { difference: None };
        let lasso = cells(&[(1, 1), (1, 2), (2, 2), (2, 1), (1, 1), (1, 2), (1, 3)]);
        assert_eq!(validate(&Line::new(kind, lasso)), Ok(()));
        // Back through a cell it passed, by a jump.
        let jump = cells(&[(1, 1), (1, 2), (2, 2), (1, 1), (1, 3)]);
        assert!(validate(&Line::new(kind, jump))
            .unwrap_err()
            .contains("jumps from r1c1 to r1c3"));
        // A cell directly after itself is named as such, not as a jump.
        let stutter = cells(&[(1, 1), (1, 2), (1, 2), (1, 3)]);
        assert_eq!(
            validate(&Line::new(kind, stutter)),
            Err("cell r1c2 follows itself".to_string())
        );
    }
}
