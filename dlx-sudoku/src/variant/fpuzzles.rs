//! f-puzzles JSON: import (raw, or the lz-string payload of an f-puzzles or SudokuPad
//! link) and export. Every key is accounted for: rules become constraints, cosmetic
//! elements (lines, shapes, text drawn by the setter) are listed as ignored, and anything
//! else is an error naming it.

use serde_json::{json, Map, Value};
use thiserror::Error;

use crate::sudoku::{Cell, Grid, Shape};
use crate::variant::puzzle::{Constraint, Diagonal, LineKind, NegativeKind, VariantPuzzle};

/// Why an f-puzzles puzzle could not be read or written.
///
/// ```
/// use dlx_sudoku::variant::{from_fpuzzles, FpuzzlesError};
/// let err = from_fpuzzles(r#"{"size": 4, "grid": [], "sandwichsum": [{"cell": "R0C1", "value": "5"}]}"#)
///     .unwrap_err();
/// assert!(matches!(&err, FpuzzlesError::Unsupported { kinds } if kinds == &["sandwichsum"]));
/// assert_eq!(err.to_string(), "unsupported f-puzzles constraints: sandwichsum");
/// ```
#[derive(Debug, Error)]
pub enum FpuzzlesError {
    /// The link or payload is not lz-string compressed base64.
    #[error("cannot decompress the f-puzzles payload (expected lz-string base64)")]
    Decompress,
    /// The text is not JSON.
    #[error("not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// Constraint kinds we do not support (or do not know), by their f-puzzles names.
    #[error("unsupported f-puzzles constraints: {}", .kinds.join(", "))]
    Unsupported {
        /// The names.
        kinds: Vec<String>,
    },
    /// An entry that does not have the expected form.
    #[error("{key}: {message}")]
    Malformed {
        /// The key (constraint kind) of the entry.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// Constraints that f-puzzles cannot express (on export).
    #[error("f-puzzles cannot express: {}", .kinds.join(", "))]
    Inexpressible {
        /// The constraint kinds.
        kinds: Vec<String>,
    },
}

/// An imported puzzle, with the cosmetic elements that were skipped.
///
/// See [`from_fpuzzles`] for an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The puzzle.
    pub puzzle: VariantPuzzle,
    /// Cosmetic f-puzzles elements that carry no rule we know and were skipped, e.g.
    /// `"line (2)"`: setters sometimes give them meaning in the rules text, so callers
    /// should show them.
    pub ignored: Vec<String>,
}

/// Keys that describe the puzzle rather than constrain it.
const METADATA: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
];

/// Drawings without a rule of their own.
const COSMETIC: &[&str] = &["line", "rectangle", "circle", "text", "cage"];

/// True when the text looks like a link or a compressed payload rather than JSON or TOML.
pub(crate) fn looks_like_link(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("http")
        || t.contains("load=")
        || t.starts_with("fpuzzles")
        || (t.len() >= 16
            && !t.trim_end_matches('=').contains(['=', '\n', ' '])
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+/-$=".contains(c)))
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 3 <= bytes.len() {
            if let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The JSON inside a link or payload.
fn decompress(text: &str) -> Result<String, FpuzzlesError> {
    let t = text.trim();
    let payload = if let Some(k) = t.rfind("fpuzzles") {
        &t[k + "fpuzzles".len()..]
    } else if let Some(k) = t.find("load=") {
        let rest = &t[k + "load=".len()..];
        rest.split(['&', '#']).next().unwrap_or(rest)
    } else {
        t
    };
    let payload = percent_decode(payload).replace(' ', "+");
    let words = lz_str::decompress_from_base64(&payload)
        .filter(|w| !w.is_empty())
        .or_else(|| {
            lz_str::decompress_from_encoded_uri_component(&payload).filter(|w| !w.is_empty())
        })
        .ok_or(FpuzzlesError::Decompress)?;
    String::from_utf16(&words).map_err(|_| FpuzzlesError::Decompress)
}

fn malformed(key: &str, message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Malformed {
        key: key.to_string(),
        message: message.into(),
    }
}

/// Parses `R1C1` (any case); cells outside the grid (little killer clues) are allowed here.
fn parse_cell(key: &str, v: &Value) -> Result<(i64, i64), FpuzzlesError> {
    let s = v
        .as_str()
        .ok_or_else(|| malformed(key, format!("{v} is not a cell name")))?;
    let upper = s.to_ascii_uppercase();
    let bad = || malformed(key, format!("{s:?} is not a cell name like R1C1"));
    let rest = upper.strip_prefix('R').ok_or_else(bad)?;
    let (r, c) = rest.split_once('C').ok_or_else(bad)?;
    Ok((r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
}

fn cell_in(key: &str, v: &Value, n: usize) -> Result<Cell, FpuzzlesError> {
    let (r, c) = parse_cell(key, v)?;
    if r < 1 || c < 1 || r > n as i64 || c > n as i64 {
        return Err(malformed(key, format!("{} is outside the grid", v)));
    }
    Ok(Cell::new(r as usize - 1, c as usize - 1))
}

fn cell_list(key: &str, v: Option<&Value>, n: usize) -> Result<Vec<Cell>, FpuzzlesError> {
    v.and_then(Value::as_array)
        .ok_or_else(|| malformed(key, "expected a list of cells"))?
        .iter()
        .map(|c| cell_in(key, c, n))
        .collect()
}

fn entries<'a>(key: &str, v: &'a Value) -> Result<&'a Vec<Value>, FpuzzlesError> {
    v.as_array()
        .ok_or_else(|| malformed(key, "expected a list of entries"))
}

/// A number given as a string or a number; `None` when absent or empty.
fn number(key: &str, v: Option<&Value>) -> Result<Option<u32>, FpuzzlesError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(x)) => x
            .as_u64()
            .map(|x| Some(x as u32))
            .ok_or_else(|| malformed(key, format!("{x} is not a whole number"))),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| malformed(key, format!("{s:?} is not a whole number"))),
        Some(other) => Err(malformed(key, format!("{other} is not a number"))),
    }
}

fn lines_of(key: &str, entry: &Value, n: usize) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
    entry
        .get("lines")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed(key, "expected \"lines\""))?
        .iter()
        .map(|l| cell_list(key, Some(l), n))
        .collect()
}

/// Reads an f-puzzles puzzle: JSON text, a link (`https://www.f-puzzles.com/?load=…`,
/// `https://sudokupad.app/fpuzzles…`) or the bare compressed payload.
///
/// ```
/// use dlx_sudoku::variant::{from_fpuzzles, Constraint};
/// let json = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}],
///     [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
///     "antiknight": true, "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
///     "text": [{"cells": ["R2C2"], "value": "hi"}]}"#;
/// let imported = from_fpuzzles(json)?;
/// assert_eq!(imported.puzzle.givens.filled(), 1);
/// assert_eq!(imported.puzzle.constraints.len(), 2);
/// assert!(matches!(imported.puzzle.constraints[0], Constraint::AntiKnight));
/// assert_eq!(imported.ignored, ["text (1)"]);
/// // The same puzzle as a link payload.
/// let link = format!("https://sudokupad.app/fpuzzles{}", lz_str::compress_to_base64(json));
/// assert_eq!(from_fpuzzles(&link)?, imported);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fpuzzles(text: &str) -> Result<Imported, FpuzzlesError> {
    let t = text.trim_start();
    let json = if t.starts_with('{') {
        t.to_string()
    } else {
        decompress(t)?
    };
    let root: Value = serde_json::from_str(&json)?;
    let obj = root
        .as_object()
        .ok_or_else(|| malformed("puzzle", "expected a JSON object"))?;
    read(obj)
}

fn read(obj: &Map<String, Value>) -> Result<Imported, FpuzzlesError> {
    let n = number("size", obj.get("size"))?.ok_or_else(|| malformed("size", "missing"))? as usize;
    let mut shape = Shape::for_size(n)
        .or_else(|_| Shape::latin(n))
        .map_err(|e| malformed("size", e.to_string()))?;
    let mut givens = Grid::new(n).map_err(|e| malformed("size", e.to_string()))?;
    // The grid: givens and jigsaw regions.
    if let Some(rows) = obj.get("grid").and_then(Value::as_array) {
        let mut regions = Vec::with_capacity(n * n);
        let mut custom = false;
        for r in 0..n {
            for c in 0..n {
                let cell = rows.get(r).and_then(|row| row.get(c));
                let given =
                    cell.and_then(|x| x.get("given")).and_then(Value::as_bool) == Some(true);
                if let Some(v) = cell.and_then(|x| x.get("value")) {
                    let d = number("grid", Some(v))?;
                    if let (true, Some(d)) = (given, d) {
                        if d == 0 || d as usize > n {
                            return Err(malformed(
                                "grid",
                                format!("given {d} in r{}c{}", r + 1, c + 1),
                            ));
                        }
                        givens
                            .set(Cell::new(r, c), Some(d as u8))
                            .map_err(|e| malformed("grid", e.to_string()))?;
                    }
                }
                let region = match cell.and_then(|x| x.get("region")) {
                    Some(Value::Number(x)) => {
                        custom = true;
                        x.as_u64().unwrap_or(0) as usize
                    }
                    _ => shape.region_of(Cell::new(r, c)).unwrap_or(0),
                };
                regions.push(region);
                if let Some(marks) = cell
                    .and_then(|x| x.get("givenPencilMarks"))
                    .and_then(Value::as_array)
                {
                    if !marks.is_empty() {
                        return Err(FpuzzlesError::Unsupported {
                            kinds: vec!["givenPencilMarks".into()],
                        });
                    }
                }
            }
        }
        if custom {
            shape = Shape::jigsaw(n, &regions).map_err(|e| malformed("grid", e.to_string()))?;
        }
    }
    let mut puzzle = VariantPuzzle::new(shape);
    puzzle.givens = givens;
    puzzle.title = obj.get("title").and_then(Value::as_str).map(str::to_string);
    puzzle.author = obj
        .get("author")
        .and_then(Value::as_str)
        .map(str::to_string);
    puzzle.rules = obj
        .get("ruleset")
        .and_then(Value::as_str)
        .map(str::to_string);
    if let Some(sol) = obj.get("solution").and_then(Value::as_array) {
        let values: Option<Vec<u8>> = sol
            .iter()
            .map(|v| {
                v.as_u64()
                    .filter(|&d| d >= 1 && d as usize <= n)
                    .map(|d| d as u8)
            })
            .collect();
        if let Some(values) = values.filter(|v| v.len() == n * n) {
            puzzle.solution = Grid::from_values(n, values).ok();
        }
    }
    let mut unsupported = Vec::new();
    let mut ignored = Vec::new();
    let mut keys: Vec<&String> = obj.keys().collect();
    keys.sort();
    let cs = &mut puzzle.constraints;
    for key in keys {
        let v = &obj[key];
        let k = key.as_str();
        if METADATA.contains(&k) {
            continue;
        }
        // Empty lists and false flags say nothing.
        if v.as_array().is_some_and(|a| a.is_empty()) || v == &Value::Bool(false) || v.is_null() {
            continue;
        }
        if COSMETIC.contains(&k) {
            ignored.push(format!("{k} ({})", v.as_array().map_or(1, |a| a.len())));
            continue;
        }
        match k {
            "antiknight" => cs.push(Constraint::AntiKnight),
            "antiking" => cs.push(Constraint::AntiKing),
            "nonconsecutive" => cs.push(Constraint::NonConsecutive),
            "disjointgroups" => cs.push(Constraint::DisjointGroups),
            "diagonal+" => cs.push(Constraint::Diagonal(Diagonal::Anti)),
            "diagonal-" => cs.push(Constraint::Diagonal(Diagonal::Main)),
            "negative" => {
                for kind in entries(k, v)? {
                    match kind.as_str() {
                        Some("ratio") => cs.push(Constraint::Negative(NegativeKind::Ratio)),
                        Some("difference") => {
                            cs.push(Constraint::Negative(NegativeKind::Difference))
                        }
                        Some("xv") => cs.push(Constraint::Negative(NegativeKind::Xv)),
                        _ => unsupported.push(format!("negative {kind}")),
                    }
                }
            }
            "killercage" => {
                for e in entries(k, v)? {
                    cs.push(Constraint::Killer {
                        cells: cell_list(k, e.get("cells"), n)?,
                        sum: number(k, e.get("value"))?,
                    });
                }
            }
            "littlekillersum" => {
                for e in entries(k, v)? {
                    let Some(sum) = number(k, e.get("value"))? else {
                        continue;
                    };
                    let cells = match e.get("cells") {
                        Some(list) if list.as_array().is_some_and(|a| !a.is_empty()) => {
                            cell_list(k, Some(list), n)?
                        }
                        _ => diagonal_from_clue(k, e, n)?,
                    };
                    cs.push(Constraint::LittleKiller { cells, sum });
                }
            }
            "extraregion" => {
                for e in entries(k, v)? {
                    cs.push(Constraint::ExtraRegion {
                        cells: cell_list(k, e.get("cells"), n)?,
                    });
                }
            }
            "arrow" => {
                for e in entries(k, v)? {
                    let mut circle = cell_list(k, e.get("cells"), n)?;
                    circle.sort();
                    for line in lines_of(k, e, n)? {
                        let shaft: Vec<Cell> =
                            line.into_iter().filter(|c| !circle.contains(c)).collect();
                        if !shaft.is_empty() {
                            cs.push(Constraint::Arrow {
                                circle: circle.clone(),
                                shaft,
                            });
                        }
                    }
                }
            }
            "ratio" | "difference" | "xv" => {
                for e in entries(k, v)? {
                    let cells = cell_list(k, e.get("cells"), n)?;
                    if cells.len() != 2 {
                        return Err(malformed(k, "a dot sits between two cells"));
                    }
                    let pair = [cells[0], cells[1]];
                    cs.push(match k {
                        "ratio" => Constraint::Ratio {
                            cells: pair,
                            ratio: number(k, e.get("value"))?.unwrap_or(2),
                        },
                        "difference" => Constraint::Difference {
                            cells: pair,
                            difference: number(k, e.get("value"))?.unwrap_or(1),
                        },
                        _ => Constraint::Xv {
                            cells: pair,
                            sum: match e.get("value").and_then(Value::as_str) {
                                Some("X") | Some("x") => 10,
                                Some("V") | Some("v") => 5,
                                other => {
                                    return Err(malformed(
                                        k,
                                        format!("value {other:?} is neither X nor V"),
                                    ))
                                }
                            },
                        },
                    });
                }
            }
            "thermometer" | "slowthermometer" | "renban" | "whispers" | "palindrome"
            | "betweenline" | "regionsumline" | "regionSumLine" | "entropicline" | "zipperline"
            | "parityline" | "nabner" | "nabnerline" | "samedifferenceline" => {
                for e in entries(k, v)? {
                    let kind = match k {
                        "thermometer" => LineKind::Thermometer,
                        "slowthermometer" => LineKind::SlowThermometer,
                        "renban" => LineKind::Renban,
                        "whispers" => LineKind::Whispers {
                            difference: number(k, e.get("value"))?.unwrap_or(5),
                        },
                        "palindrome" => LineKind::Palindrome,
                        "betweenline" => LineKind::Between,
                        "entropicline" => LineKind::Entropic,
                        "zipperline" => LineKind::Zipper,
                        "parityline" => LineKind::Parity,
                        "nabner" | "nabnerline" => LineKind::Nabner,
                        "samedifferenceline" => LineKind::SameDifference,
                        _ => LineKind::RegionSum,
                    };
                    for line in lines_of(k, e, n)? {
                        cs.push(Constraint::line(kind, line));
                    }
                }
            }
            "odd" | "even" | "minimum" | "maximum" => {
                for e in entries(k, v)? {
                    let c = cell_in(k, e.get("cell").unwrap_or(&Value::Null), n)?;
                    cs.push(match k {
                        "odd" => Constraint::Odd(c),
                        "even" => Constraint::Even(c),
                        "minimum" => Constraint::Minimum(c),
                        _ => Constraint::Maximum(c),
                    });
                }
            }
            "quadruple" => {
                for e in entries(k, v)? {
                    let digits = e
                        .get("values")
                        .and_then(Value::as_array)
                        .ok_or_else(|| malformed(k, "expected \"values\""))?
                        .iter()
                        .map(|d| {
                            d.as_u64()
                                .map(|d| d as u8)
                                .ok_or_else(|| malformed(k, "digits are numbers"))
                        })
                        .collect::<Result<Vec<u8>, _>>()?;
                    cs.push(Constraint::Quadruple {
                        cells: cell_list(k, e.get("cells"), n)?,
                        digits,
                    });
                }
            }
            "clone" => {
                for e in entries(k, v)? {
                    cs.push(Constraint::Clone {
                        cells: cell_list(k, e.get("cells"), n)?,
                        copy: cell_list(k, e.get("cloneCells"), n)?,
                    });
                }
            }
            _ => unsupported.push(k.to_string()),
        }
    }
    if !unsupported.is_empty() {
        return Err(FpuzzlesError::Unsupported { kinds: unsupported });
    }
    Ok(Imported { puzzle, ignored })
}

/// The direction of a little killer, as `(row step, column step)`.
fn direction(name: &str) -> Option<(i64, i64)> {
    Some(match name {
        "DR" => (1, 1),
        "DL" => (1, -1),
        "UR" => (-1, 1),
        "UL" => (-1, -1),
        _ => return None,
    })
}

fn diagonal_from_clue(key: &str, e: &Value, n: usize) -> Result<Vec<Cell>, FpuzzlesError> {
    let (mut r, mut c) = parse_cell(key, e.get("cell").unwrap_or(&Value::Null))?;
    let (dr, dc) = e
        .get("direction")
        .and_then(Value::as_str)
        .and_then(direction)
        .ok_or_else(|| malformed(key, "expected a direction DR, DL, UR or UL"))?;
    let mut cells = Vec::new();
    r += dr;
    c += dc;
    while r >= 1 && c >= 1 && r <= n as i64 && c <= n as i64 {
        cells.push(Cell::new(r as usize - 1, c as usize - 1));
        r += dr;
        c += dc;
    }
    Ok(cells)
}

fn name(c: Cell) -> Value {
    Value::String(format!("R{}C{}", c.row + 1, c.col + 1))
}

fn names(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| name(c)).collect())
}

/// The clue cell (outside the grid) and direction of a little killer diagonal.
pub(crate) fn little_killer_clue(cells: &[Cell], n: usize) -> ((i64, i64), (i64, i64)) {
    let first = (cells[0].row as i64, cells[0].col as i64);
    let dir = if cells.len() >= 2 {
        (cells[1].row as i64 - first.0, cells[1].col as i64 - first.1)
    } else {
        // A corner cell: the direction that leaves the grid on both sides.
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .find(|&(dr, dc)| {
                let outside = |r: i64, c: i64| r < 0 || c < 0 || r >= n as i64 || c >= n as i64;
                outside(first.0 - dr, first.1 - dc) && outside(first.0 + dr, first.1 + dc)
            })
            .unwrap_or((1, 1))
    };
    ((first.0 - dir.0, first.1 - dir.1), dir)
}

/// Writes a puzzle as f-puzzles JSON. Rules f-puzzles lacks (shading, letters,
/// conditional lines and the newer lines) are an error naming them.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{from_fpuzzles, to_fpuzzles, Constraint, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::classic());
/// p.constraints.push(Constraint::Killer { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) });
/// let json = to_fpuzzles(&p)?;
/// assert_eq!(from_fpuzzles(&json)?.puzzle, p);
/// p.constraints.push(Constraint::YinYang);
/// assert!(to_fpuzzles(&p).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_fpuzzles(p: &VariantPuzzle) -> Result<String, FpuzzlesError> {
    let n = p.size();
    let mut obj = Map::new();
    obj.insert("size".into(), json!(n));
    if let Some(t) = &p.title {
        obj.insert("title".into(), json!(t));
    }
    if let Some(a) = &p.author {
        obj.insert("author".into(), json!(a));
    }
    if let Some(r) = &p.rules {
        obj.insert("ruleset".into(), json!(r));
    }
    let jigsaw = p.shape.box_dims().is_none();
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::new(r, c);
            let mut o = Map::new();
            if let Some(d) = p.givens.get(cell) {
                o.insert("value".into(), json!(d));
                o.insert("given".into(), json!(true));
            }
            if jigsaw {
                if let Some(region) = p.shape.region_of(cell) {
                    o.insert("region".into(), json!(region));
                }
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    obj.insert("grid".into(), Value::Array(grid));
    if let Some(s) = &p.solution {
        obj.insert("solution".into(), json!(s.values()));
    }
    let mut lists: Map<String, Value> = Map::new();
    let mut push = |key: &str, v: Value| {
        lists
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("lists are arrays")
            .push(v);
    };
    let mut flags: Vec<&str> = Vec::new();
    let mut negative: Vec<&str> = Vec::new();
    let mut bad: Vec<String> = Vec::new();
    for c in &p.constraints {
        match c {
            Constraint::Killer { cells, sum } => push(
                "killercage",
                match sum {
                    Some(s) => json!({"cells": names(cells), "value": s.to_string()}),
                    None => json!({"cells": names(cells)}),
                },
            ),
            Constraint::LittleKiller { cells, sum } => {
                let ((r, col), (dr, dc)) = little_killer_clue(cells, n);
                let dir = match (dr, dc) {
                    (1, 1) => "DR",
                    (1, -1) => "DL",
                    (-1, 1) => "UR",
                    _ => "UL",
                };
                push(
                    "littlekillersum",
                    json!({"cell": format!("R{}C{}", r + 1, col + 1), "cells": names(cells),
                           "direction": dir, "value": sum.to_string()}),
                );
            }
            Constraint::ExtraRegion { cells } => {
                push("extraregion", json!({"cells": names(cells)}))
            }
            Constraint::Diagonal(Diagonal::Main) => flags.push("diagonal-"),
            Constraint::Diagonal(Diagonal::Anti) => flags.push("diagonal+"),
            Constraint::AntiKnight => flags.push("antiknight"),
            Constraint::AntiKing => flags.push("antiking"),
            Constraint::NonConsecutive => flags.push("nonconsecutive"),
            Constraint::DisjointGroups => flags.push("disjointgroups"),
            Constraint::Line {
                kind,
                cells,
                conditional: false,
            } => {
                let key = match kind {
                    LineKind::Thermometer => "thermometer",
                    LineKind::Renban => "renban",
                    LineKind::Whispers { difference: 5 } => "whispers",
                    LineKind::Palindrome => "palindrome",
                    LineKind::Between => "betweenline",
                    LineKind::RegionSum => "regionsumline",
                    _ => {
                        bad.push(kind.name().to_string());
                        continue;
                    }
                };
                push(key, json!({"lines": [names(cells)]}));
            }
            Constraint::Arrow { circle, shaft } => {
                let line: Vec<Cell> = circle.iter().chain(shaft).copied().collect();
                push(
                    "arrow",
                    json!({"cells": names(circle), "lines": [names(&line)]}),
                );
            }
            Constraint::Ratio { cells, ratio } => push(
                "ratio",
                json!({"cells": names(cells), "value": ratio.to_string()}),
            ),
            Constraint::Difference { cells, difference } => push(
                "difference",
                json!({"cells": names(cells), "value": difference.to_string()}),
            ),
            Constraint::Xv { cells, sum: 10 } => {
                push("xv", json!({"cells": names(cells), "value": "X"}))
            }
            Constraint::Xv { cells, sum: 5 } => {
                push("xv", json!({"cells": names(cells), "value": "V"}))
            }
            Constraint::Negative(k) => negative.push(match k {
                NegativeKind::Ratio => "ratio",
                NegativeKind::Difference => "difference",
                NegativeKind::Xv => "xv",
            }),
            Constraint::Quadruple { cells, digits } => push(
                "quadruple",
                json!({"cells": names(cells), "values": digits}),
            ),
            Constraint::Clone { cells, copy } => push(
                "clone",
                json!({"cells": names(cells), "cloneCells": names(copy)}),
            ),
            Constraint::Odd(c) => push("odd", json!({"cell": name(*c)})),
            Constraint::Even(c) => push("even", json!({"cell": name(*c)})),
            Constraint::Minimum(c) => push("minimum", json!({"cell": name(*c)})),
            Constraint::Maximum(c) => push("maximum", json!({"cell": name(*c)})),
            other => bad.push(other.name().to_string()),
        }
    }
    if !bad.is_empty() {
        bad.sort();
        bad.dedup();
        return Err(FpuzzlesError::Inexpressible { kinds: bad });
    }
    for f in flags {
        obj.insert(f.into(), json!(true));
    }
    if !negative.is_empty() {
        obj.insert("negative".into(), json!(negative));
    }
    obj.extend(lists);
    Ok(serde_json::to_string(&Value::Object(obj)).expect("JSON values serialise"))
}
