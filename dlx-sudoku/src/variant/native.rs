//! Our own puzzle format: TOML that says everything a [`VariantPuzzle`] can hold,
//! including shading, letters and conditional lines. See `docs/variants.md` for the
//! format; in short:
//!
//! ```toml
//! title = "Tiny"
//! size = 4                   # boxes default to near-square; or boxes = "2x2",
//!                            # regions = ["AABB", ...] (jigsaw), boxes = "none" (Latin)
//! givens = "1... .... .... ...."
//! global = ["anti-knight"]   # also anti-king, non-consecutive, disjoint-groups, diagonal,
//!                            # anti-diagonal, yin-yang, negative-black/-white/-xv
//! odd = "r1c2 r3c4"          # also even, minimum, maximum, water, land
//! [[killer]]
//! cells = "r4c1 r4c2"
//! sum = 7
//! [[thermometer]]            # every line: cells in drawn order, conditional = true|false
//! cells = "r1c1 r1c2 r2c2"
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::sudoku::{Cell, Grid, Shape};
use crate::variant::puzzle::{Constraint, Diagonal, LineKind, NegativeKind, VariantPuzzle};

/// Why a TOML puzzle could not be read.
///
/// ```
/// use dlx_sudoku::variant::{from_toml, NativeError};
/// let err = from_toml("size = 4\n[[killer]]\ncells = \"r1c1 x\"\n").unwrap_err();
/// assert_eq!(err.to_string(), "killer 1: \"x\" is not a cell like r1c2");
/// assert!(matches!(from_toml("size = 4\n[[sandwich]]\n"), Err(NativeError::Toml(_))));
/// ```
#[derive(Debug, Error)]
pub enum NativeError {
    /// Not TOML, or a key we do not know (every rule's key is listed in the message).
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    /// A value that makes no sense where it is.
    #[error("{place}: {message}")]
    Bad {
        /// Where: a key, or a table and its number.
        place: String,
        /// What is wrong.
        message: String,
    },
}

fn bad(place: impl Into<String>, message: impl Into<String>) -> NativeError {
    NativeError::Bad {
        place: place.into(),
        message: message.into(),
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct File {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    size: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    regions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    global: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    letters: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    odd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    even: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    minimum: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    maximum: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    water: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    land: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    killer: Vec<Killer>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    little_killer: Vec<Sum>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    region: Vec<Cells>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    arrow: Vec<Arrow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    black: Vec<Black>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    white: Vec<White>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    x: Vec<Cells>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    v: Vec<Cells>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    quadruple: Vec<Quadruple>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    clone: Vec<CloneT>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    letter: Vec<LetterT>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    letter_circle: Vec<LetterCircle>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    thermometer: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    slow_thermometer: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    renban: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    whispers: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    nabner: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    region_sum: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    parity: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    entropic: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    palindrome: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    same_difference: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    zipper: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    between: Vec<Line>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Cells {
    cells: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Killer {
    cells: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sum: Option<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sum {
    cells: String,
    sum: u32,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Arrow {
    circle: String,
    shaft: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Black {
    cells: String,
    #[serde(default = "two")]
    ratio: u32,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct White {
    cells: String,
    #[serde(default = "one")]
    difference: u32,
}

fn one() -> u32 {
    1
}
fn two() -> u32 {
    2
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Quadruple {
    cells: String,
    digits: Vec<u8>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CloneT {
    cells: String,
    copy: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LetterT {
    cell: String,
    letter: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LetterCircle {
    cells: String,
    letter: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    cells: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    conditional: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difference: Option<u32>,
}

fn parse_cells(place: &str, text: &str) -> Result<Vec<Cell>, NativeError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let lower = t.to_ascii_lowercase();
            let err = || bad(place, format!("{t:?} is not a cell like r1c2"));
            let rest = lower.strip_prefix('r').ok_or_else(err)?;
            let (r, c) = rest.split_once('c').ok_or_else(err)?;
            let (r, c): (usize, usize) =
                (r.parse().map_err(|_| err())?, c.parse().map_err(|_| err())?);
            if r == 0 || c == 0 {
                return Err(err());
            }
            Ok(Cell::new(r - 1, c - 1))
        })
        .collect()
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| format!("r{}c{}", c.row + 1, c.col + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_grid(place: &str, text: &str, n: usize) -> Result<Grid, NativeError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let grid: Grid = compact.parse().map_err(|e| bad(place, format!("{e}")))?;
    if grid.size() != n {
        return Err(bad(
            place,
            format!("a {}×{} grid, expected {n}×{n}", grid.size(), grid.size()),
        ));
    }
    Ok(grid)
}

fn letter_of(place: &str, s: &str) -> Result<char, NativeError> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_alphabetic() => Ok(c),
        _ => Err(bad(place, format!("{s:?} is not one letter"))),
    }
}

const LINES: [(&str, LineKind); 12] = [
    ("thermometer", LineKind::Thermometer),
    ("slow-thermometer", LineKind::SlowThermometer),
    ("renban", LineKind::Renban),
    ("whispers", LineKind::Whispers { difference: 5 }),
    ("nabner", LineKind::Nabner),
    ("region-sum", LineKind::RegionSum),
    ("parity", LineKind::Parity),
    ("entropic", LineKind::Entropic),
    ("palindrome", LineKind::Palindrome),
    ("same-difference", LineKind::SameDifference),
    ("zipper", LineKind::Zipper),
    ("between", LineKind::Between),
];

const GLOBAL: [(&str, Constraint); 10] = [
    ("anti-knight", Constraint::AntiKnight),
    ("anti-king", Constraint::AntiKing),
    ("non-consecutive", Constraint::NonConsecutive),
    ("disjoint-groups", Constraint::DisjointGroups),
    ("diagonal", Constraint::Diagonal(Diagonal::Main)),
    ("anti-diagonal", Constraint::Diagonal(Diagonal::Anti)),
    ("yin-yang", Constraint::YinYang),
    ("negative-black", Constraint::Negative(NegativeKind::Ratio)),
    (
        "negative-white",
        Constraint::Negative(NegativeKind::Difference),
    ),
    ("negative-xv", Constraint::Negative(NegativeKind::Xv)),
];

impl File {
    fn lines(&self) -> [&Vec<Line>; 12] {
        [
            &self.thermometer,
            &self.slow_thermometer,
            &self.renban,
            &self.whispers,
            &self.nabner,
            &self.region_sum,
            &self.parity,
            &self.entropic,
            &self.palindrome,
            &self.same_difference,
            &self.zipper,
            &self.between,
        ]
    }

    fn lines_mut(&mut self, kind: LineKind) -> &mut Vec<Line> {
        match kind {
            LineKind::Thermometer => &mut self.thermometer,
            LineKind::SlowThermometer => &mut self.slow_thermometer,
            LineKind::Renban => &mut self.renban,
            LineKind::Whispers { .. } => &mut self.whispers,
            LineKind::Nabner => &mut self.nabner,
            LineKind::RegionSum => &mut self.region_sum,
            LineKind::Parity => &mut self.parity,
            LineKind::Entropic => &mut self.entropic,
            LineKind::Palindrome => &mut self.palindrome,
            LineKind::SameDifference => &mut self.same_difference,
            LineKind::Zipper => &mut self.zipper,
            LineKind::Between => &mut self.between,
        }
    }
}

/// Reads a puzzle in our TOML format. Unknown keys are errors that list the known ones.
///
/// ```
/// use dlx_sudoku::variant::{from_toml, Constraint, LineKind};
/// let p = from_toml(r#"
///     size = 4
///     givens = "1... .... .... ...."
///     global = ["diagonal"]
///     [[renban]]
///     cells = "r2c1 r2c2 r2c3"
///     conditional = true
/// "#)?;
/// assert_eq!(p.givens.filled(), 1);
/// assert!(matches!(&p.constraints[1], Constraint::Line { kind: LineKind::Renban, conditional: true, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_toml(text: &str) -> Result<VariantPuzzle, NativeError> {
    let f: File = toml::from_str(text)?;
    let n = f.size;
    let shape = if !f.regions.is_empty() {
        Shape::jigsaw_from_map(&f.regions.concat()).map_err(|e| bad("regions", e.to_string()))?
    } else {
        match f.boxes.as_deref() {
            None => Shape::for_size(n).map_err(|e| bad("size", e.to_string()))?,
            Some("none") => Shape::latin(n).map_err(|e| bad("size", e.to_string()))?,
            Some(b) => {
                let (r, c) = b
                    .split_once(['x', '×'])
                    .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
                    .ok_or_else(|| {
                        bad("boxes", format!("{b:?} is not like \"3x3\" or \"none\""))
                    })?;
                Shape::boxed(r, c).map_err(|e| bad("boxes", e.to_string()))?
            }
        }
    };
    if shape.size() != n {
        return Err(bad(
            "size",
            format!("size {n} but the regions make a {0}×{0} grid", shape.size()),
        ));
    }
    let mut p = VariantPuzzle::new(shape);
    p.title = f.title.clone();
    p.author = f.author.clone();
    p.rules = f.rules.clone();
    if let Some(g) = &f.givens {
        p.givens = parse_grid("givens", g, n)?;
    }
    if let Some(s) = &f.solution {
        p.solution = Some(parse_grid("solution", s, n)?);
    }
    let cs = &mut p.constraints;
    for name in &f.global {
        let c = GLOBAL
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, c)| c.clone())
            .ok_or_else(|| {
                let known: Vec<&str> = GLOBAL.iter().map(|g| g.0).collect();
                bad(
                    "global",
                    format!("unknown rule {name:?}; known: {}", known.join(", ")),
                )
            })?;
        cs.push(c);
    }
    if let Some(l) = &f.letters {
        let letters: Vec<char> = l
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        if let Some(c) = letters.iter().find(|c| !c.is_alphabetic()) {
            return Err(bad("letters", format!("{c:?} is not a letter")));
        }
        cs.push(Constraint::Letters(letters));
    }
    type Single<'a> = (&'a str, &'a Option<String>, fn(Cell) -> Constraint);
    let singles: [Single<'_>; 6] = [
        ("odd", &f.odd, Constraint::Odd),
        ("even", &f.even, Constraint::Even),
        ("minimum", &f.minimum, Constraint::Minimum),
        ("maximum", &f.maximum, Constraint::Maximum),
        ("water", &f.water, |cell| Constraint::Shade {
            cell,
            water: true,
        }),
        ("land", &f.land, |cell| Constraint::Shade {
            cell,
            water: false,
        }),
    ];
    for (key, text, make) in singles {
        if let Some(t) = text {
            cs.extend(parse_cells(key, t)?.into_iter().map(make));
        }
    }
    let at = |key: &str, i: usize| format!("{key} {}", i + 1);
    for (i, k) in f.killer.iter().enumerate() {
        cs.push(Constraint::Killer {
            cells: parse_cells(&at("killer", i), &k.cells)?,
            sum: k.sum,
        });
    }
    for (i, k) in f.little_killer.iter().enumerate() {
        cs.push(Constraint::LittleKiller {
            cells: parse_cells(&at("little-killer", i), &k.cells)?,
            sum: k.sum,
        });
    }
    for (i, r) in f.region.iter().enumerate() {
        cs.push(Constraint::ExtraRegion {
            cells: parse_cells(&at("region", i), &r.cells)?,
        });
    }
    for (i, a) in f.arrow.iter().enumerate() {
        cs.push(Constraint::Arrow {
            circle: parse_cells(&at("arrow", i), &a.circle)?,
            shaft: parse_cells(&at("arrow", i), &a.shaft)?,
        });
    }
    let pair = |place: String, t: &str| -> Result<[Cell; 2], NativeError> {
        let c = parse_cells(&place, t)?;
        match c[..] {
            [a, b] => Ok([a, b]),
            _ => Err(bad(place, "a dot sits between two cells")),
        }
    };
    for (i, d) in f.black.iter().enumerate() {
        cs.push(Constraint::Ratio {
            cells: pair(at("black", i), &d.cells)?,
            ratio: d.ratio,
        });
    }
    for (i, d) in f.white.iter().enumerate() {
        cs.push(Constraint::Difference {
            cells: pair(at("white", i), &d.cells)?,
            difference: d.difference,
        });
    }
    for (key, list, sum) in [("x", &f.x, 10), ("v", &f.v, 5)] {
        for (i, d) in list.iter().enumerate() {
            cs.push(Constraint::Xv {
                cells: pair(at(key, i), &d.cells)?,
                sum,
            });
        }
    }
    for (i, q) in f.quadruple.iter().enumerate() {
        cs.push(Constraint::Quadruple {
            cells: parse_cells(&at("quadruple", i), &q.cells)?,
            digits: q.digits.clone(),
        });
    }
    for (i, c) in f.clone.iter().enumerate() {
        cs.push(Constraint::Clone {
            cells: parse_cells(&at("clone", i), &c.cells)?,
            copy: parse_cells(&at("clone", i), &c.copy)?,
        });
    }
    for (i, l) in f.letter.iter().enumerate() {
        let place = at("letter", i);
        let cells = parse_cells(&place, &l.cell)?;
        let [cell] = cells[..] else {
            return Err(bad(place, "a letter sits in one cell"));
        };
        cs.push(Constraint::Letter {
            cell,
            letter: letter_of(&place, &l.letter)?,
        });
    }
    for (i, l) in f.letter_circle.iter().enumerate() {
        let place = at("letter-circle", i);
        cs.push(Constraint::LetterCircle {
            cells: parse_cells(&place, &l.cells)?,
            letter: letter_of(&place, &l.letter)?,
        });
    }
    for ((key, kind), list) in LINES.iter().zip(f.lines()) {
        for (i, l) in list.iter().enumerate() {
            let place = at(key, i);
            let kind = match (kind, l.difference) {
                (LineKind::Whispers { .. }, Some(d)) => LineKind::Whispers { difference: d },
                (_, Some(_)) => return Err(bad(place, "only whispers take a difference")),
                (k, None) => *k,
            };
            cs.push(Constraint::Line {
                kind,
                cells: parse_cells(&place, &l.cells)?,
                conditional: l.conditional,
            });
        }
    }
    Ok(p)
}

/// Writes a puzzle in our TOML format (constraints grouped by kind).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{from_toml, to_toml, Constraint, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Constraint::YinYang);
/// p.constraints.push(Constraint::Shade { cell: Cell::new(0, 0), water: true });
/// let text = to_toml(&p);
/// assert!(text.contains("global = [\"yin-yang\"]"));
/// assert_eq!(from_toml(&text)?, p);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_toml(p: &VariantPuzzle) -> String {
    let n = p.size();
    let mut f = File {
        title: p.title.clone(),
        author: p.author.clone(),
        rules: p.rules.clone(),
        size: n,
        ..File::default()
    };
    match p.shape.box_dims() {
        Some((r, c)) => {
            if Shape::for_size(n).ok().and_then(|s| s.box_dims()) != Some((r, c)) {
                f.boxes = Some(format!("{r}x{c}"));
            }
        }
        None if p.shape.has_regions() => {
            const SYMBOLS: &[u8] =
                b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
            f.regions = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| {
                            let k = p.shape.region_of(Cell::new(r, c)).unwrap_or(0);
                            SYMBOLS.get(k).map_or('?', |&b| b as char)
                        })
                        .collect()
                })
                .collect();
        }
        None => f.boxes = Some("none".into()),
    }
    let grid_text = |g: &Grid| {
        let line = g.to_string();
        let chars: Vec<char> = line.chars().collect();
        chars
            .chunks(n.max(1))
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if p.givens.filled() > 0 {
        f.givens = Some(grid_text(&p.givens));
    }
    f.solution = p.solution.as_ref().map(grid_text);
    let add_cell = |slot: &mut Option<String>, c: Cell| {
        let t = cells_text(&[c]);
        match slot {
            Some(s) => {
                s.push(' ');
                s.push_str(&t);
            }
            None => *slot = Some(t),
        }
    };
    for c in &p.constraints {
        match c {
            Constraint::Killer { cells, sum } => f.killer.push(Killer {
                cells: cells_text(cells),
                sum: *sum,
            }),
            Constraint::LittleKiller { cells, sum } => f.little_killer.push(Sum {
                cells: cells_text(cells),
                sum: *sum,
            }),
            Constraint::ExtraRegion { cells } => f.region.push(Cells {
                cells: cells_text(cells),
            }),
            Constraint::Line {
                kind,
                cells,
                conditional,
            } => {
                let difference = match kind {
                    LineKind::Whispers { difference } if *difference != 5 => Some(*difference),
                    _ => None,
                };
                f.lines_mut(*kind).push(Line {
                    cells: cells_text(cells),
                    conditional: *conditional,
                    difference,
                });
            }
            Constraint::Arrow { circle, shaft } => f.arrow.push(Arrow {
                circle: cells_text(circle),
                shaft: cells_text(shaft),
            }),
            Constraint::Ratio { cells, ratio } => f.black.push(Black {
                cells: cells_text(cells),
                ratio: *ratio,
            }),
            Constraint::Difference { cells, difference } => f.white.push(White {
                cells: cells_text(cells),
                difference: *difference,
            }),
            Constraint::Xv { cells, sum } => {
                let list = if *sum == 5 { &mut f.v } else { &mut f.x };
                list.push(Cells {
                    cells: cells_text(cells),
                });
            }
            Constraint::Quadruple { cells, digits } => f.quadruple.push(Quadruple {
                cells: cells_text(cells),
                digits: digits.clone(),
            }),
            Constraint::Clone { cells, copy } => f.clone.push(CloneT {
                cells: cells_text(cells),
                copy: cells_text(copy),
            }),
            Constraint::Odd(c) => add_cell(&mut f.odd, *c),
            Constraint::Even(c) => add_cell(&mut f.even, *c),
            Constraint::Minimum(c) => add_cell(&mut f.minimum, *c),
            Constraint::Maximum(c) => add_cell(&mut f.maximum, *c),
            Constraint::Shade { cell, water: true } => add_cell(&mut f.water, *cell),
            Constraint::Shade { cell, water: false } => add_cell(&mut f.land, *cell),
            Constraint::Letters(ls) => {
                let s: String = ls.iter().collect();
                f.letters = Some(match f.letters.take() {
                    Some(prev) => prev + &s,
                    None => s,
                });
            }
            Constraint::Letter { cell, letter } => f.letter.push(LetterT {
                cell: cells_text(&[*cell]),
                letter: letter.to_string(),
            }),
            Constraint::LetterCircle { cells, letter } => f.letter_circle.push(LetterCircle {
                cells: cells_text(cells),
                letter: letter.to_string(),
            }),
            global => {
                if let Some((name, _)) = GLOBAL.iter().find(|(_, g)| g == global) {
                    f.global.push((*name).to_string());
                }
            }
        }
    }
    toml::to_string(&f).expect("the native format always serialises")
}
