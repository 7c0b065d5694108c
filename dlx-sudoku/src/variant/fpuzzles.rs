//! f-puzzles JSON: import (raw, or the lz-string payload of an f-puzzles or SudokuPad link)
//! and export.
//!
//! This module reads the container: the grid (givens, regions, given pencil marks), the
//! metadata, and the cosmetic drawings; each rule key is read by the rule that owns it
//! (`rules::read_fpuzzles`). Every key is accounted for: rules become constraints,
//! cosmetic elements are listed as ignored, and anything else is an error naming it.
//! `docs/variants.md` gives each convention and its source.

use serde_json::{json, Map, Value};

use crate::sudoku::{Cell, Grid, Shape};
pub use crate::variant::io::fpuzzles::FpuzzlesError;
use crate::variant::io::fpuzzles::{malformed, number, says_nothing, FpIn, FpOut};
use crate::variant::lzstring::{self, LzError};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::rules::{self, Candidates, Constraint, Even, Inexpressible, Odd};

/// The longest f-puzzles JSON text a payload may decompress to, in UTF-16 units (4 Mi; an
/// f-puzzles puzzle is a few kilobytes, a large 16×16 a few hundred).
pub const MAX_JSON_UNITS: usize = 1 << 22;

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

/// Keys that describe the puzzle or the editor rather than constrain it.
const METADATA: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "version",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    // The editor's list of the constraint tools in use ("Killer Cage"): each rule is
    // read from its own key, so the list adds nothing.
    "activeConstraints",
];

/// The fields of a grid cell that are read: the digit, whether it is given, the region,
/// the candidates a setter gives, and (older exports) an odd or even cell.
const CELL_FIELDS: &[&str] = &["value", "given", "region", "givenPencilMarks", "parity"];

/// A cell's fields that f-puzzles writes for the player's own notes and colours: they
/// constrain nothing. Any other field of a cell is listed as ignored (a setter's tool
/// might keep a rule there), never dropped without a word.
const CELL_NOTES: &[&str] = &["centerPencilMarks", "cornerPencilMarks", "highlight"];

/// Drawings and texts without a rule of their own.
const COSMETIC: &[&str] = &[
    "line",
    "rectangle",
    "circle",
    "text",
    "cage",
    // Fog of war: the cells a puzzle shows at the start (its "lights"); the rest are
    // hidden on screen until solved. It hides, it does not constrain.
    "fogofwar",
    "successMessage",
];

/// The fields each rule key's entries may have (f-puzzles' own and the solver plug-in's).
/// A field outside these (and [`PRESENTATION`]) might change the rule, so it is refused by
/// name rather than dropped. Keys whose entries are not objects (`negative`) or that are
/// flags are not listed, nor are lines ([`known_fields`] asks the line rule).
const ENTRY_FIELDS: &[(&[&str], &[&str])] = &[
    (&["killercage"], &["cells", "value"]),
    (
        &["littlekillersum"],
        &["cell", "cells", "direction", "value"],
    ),
    (&["arrow"], &["cells", "lines"]),
    (
        &["extraregion", "rowindexer", "columnindexer", "boxindexer"],
        &["cells"],
    ),
    (&["ratio", "difference", "xv"], &["cells", "value"]),
    (&["quadruple"], &["cells", "values"]),
    (&["clone"], &["cells", "cloneCells"]),
    (&["odd", "even", "minimum", "maximum"], &["cell"]),
    (&["sandwichsum", "xsum", "skyscraper"], &["cell", "value"]),
];

/// Fields that only say how an entry is drawn (colours, sizes, which plug-in drew it).
const PRESENTATION: &[&str] = &[
    "outlineC",
    "fontC",
    "baseC",
    "color",
    "width",
    "height",
    "angle",
    "size",
    "fromConstraint",
    "isNewConstraint",
    "isLLConstraint",
    "fromRangskSolver",
];

/// The fields a rule key's entries may have: a line's `lines`, and its `value` when its kind
/// reads one (whispers, lockout); other keys' from [`ENTRY_FIELDS`].
fn known_fields(key: &str) -> Option<&'static [&'static str]> {
    if <rules::Line as rules::Read>::FPUZZLES_KEYS.contains(&key) {
        return Some(if rules::lines::VALUED_KEYS.contains(&key) {
            &["lines", "value"]
        } else {
            &["lines"]
        });
    }
    ENTRY_FIELDS
        .iter()
        .find(|(keys, _)| keys.contains(&key))
        .map(|&(_, known)| known)
}

/// The fields of a rule key's entries that no reader knows, each as `key with field "f"`.
fn unknown_fields(key: &str, v: &Value) -> Vec<String> {
    let Some(known) = known_fields(key) else {
        return Vec::new();
    };
    let mut out: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .flat_map(|e| e.keys())
        .filter(|f| !known.contains(&f.as_str()) && !PRESENTATION.contains(&f.as_str()))
        .map(|f| format!("{key} with field {f:?}"))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The rule a cosmetic drawing stands for when a solver plug-in exported it beside the
/// rule (`fromConstraint`), and the key that rule is written under.
const DRAWN_FOR: &[(&str, &str)] = &[
    ("Renban", "renban"),
    ("Whispers", "whispers"),
    ("German Whispers", "whispers"),
    ("Dutch Whispers", "whispers"),
    ("Entropic", "entropicline"),
    ("Entropic Line", "entropicline"),
    ("Modular Line", "modularline"),
    ("Region Sum Line", "regionsumline"),
    ("Nabner", "nabner"),
    ("Double Arrow", "doublearrow"),
    ("Zipper Line", "zipperline"),
    ("Slow Thermometer", "slowthermometer"),
    ("Row Indexer", "rowindexer"),
    ("Column Indexer", "columnindexer"),
    ("Box Indexer", "boxindexer"),
    ("X Sum", "xsum"),
    ("Skyscraper", "skyscraper"),
];

/// Drawings a solver plug-in exports beside a rule that they cannot stand for on their
/// own: a lockout line is drawn as a `line` and its two diamonds as `rectangle`s, none of
/// which holds the lockout's difference. Beside the rule's key they are copies; alone they
/// are refused by name.
const DRAWN_BESIDE: &[(&str, &str)] = &[("Lockout", "lockout")];

/// True when the text looks like a link or a compressed payload: one token with no
/// whitespace, or a URL.
pub(crate) fn looks_like_link(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || (!t.is_empty() && !t.contains(char::is_whitespace) && !t.starts_with('{'))
}

/// Decodes `%XX` escapes (bytes, so that no escape splits a character).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A SudokuPad link that does not carry an f-puzzles payload: the puzzle id after the
/// site (`?puzzleid=ID` or the path), when it is in SudokuPad's own format (`scl…`, `ctc…`)
/// or a short link.
fn sudokupad_without_fpuzzles(t: &str) -> Option<FpuzzlesError> {
    let site = ["sudokupad.app/", "app.crackingthecryptic.com/"]
        .iter()
        .find_map(|s| t.find(s).map(|k| &t[k + s.len()..]))?;
    if t.contains("fpuzzles") {
        return None;
    }
    let id = match site.find("puzzleid=") {
        Some(k) => &site[k + "puzzleid=".len()..],
        None => site,
    };
    let id = id.split(['&', '#']).next().unwrap_or(id);
    let id = id.strip_prefix('?').unwrap_or(id);
    let format = ["scl", "ctc"].into_iter().find(|f| id.starts_with(f));
    Some(match format {
        Some(f) => FpuzzlesError::SudokuPadFormat(f.to_string()),
        None => FpuzzlesError::SudokuPadShortLink(id.chars().take(60).collect()),
    })
}

/// The JSON inside a link or payload.
fn decompress(text: &str) -> Result<String, FpuzzlesError> {
    let t = text.trim();
    if let Some(e) = sudokupad_without_fpuzzles(t) {
        return Err(e);
    }
    let payload = if let Some(k) = t.rfind("fpuzzles") {
        &t[k + "fpuzzles".len()..]
    } else if let Some(k) = t.find("load=") {
        let rest = &t[k + "load=".len()..];
        rest.split(['&', '#']).next().unwrap_or(rest)
    } else {
        t
    };
    let payload = percent_decode(payload).replace(' ', "+");
    let fail = |e: LzError| match e {
        LzError::TooLarge { limit } => FpuzzlesError::TooLarge { limit },
        LzError::Invalid => FpuzzlesError::Decompress,
    };
    let words = match lzstring::from_base64(&payload, MAX_JSON_UNITS) {
        Ok(w) if !w.is_empty() => w,
        Err(e @ LzError::TooLarge { .. }) => return Err(fail(e)),
        Ok(_) | Err(LzError::Invalid) => {
            lzstring::from_uri_component(&payload, MAX_JSON_UNITS).map_err(fail)?
        }
    };
    String::from_utf16(&words).map_err(|_| FpuzzlesError::Decompress)
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
/// assert!(matches!(imported.puzzle.constraints[0], Constraint::AntiKnight(_)));
/// assert_eq!(imported.ignored, ["text (1)"]);
/// // The same puzzle as a link payload.
/// let link = format!("https://sudokupad.app/fpuzzles{}", lz_str::compress_to_base64(json));
/// assert_eq!(from_fpuzzles(&link)?, imported);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fpuzzles(text: &str) -> Result<Imported, FpuzzlesError> {
    // JSON text is read whole, so that positions (ours and serde_json's) count the lines
    // before the object; JSON that is not an object (`[1, 2]`, `"abc"`, `42`) is refused
    // as such, not tried as a compressed payload (no payload of a puzzle is valid JSON: an
    // object's compressed form starts `N4Ig`).
    if text.trim_start().starts_with('{') || serde_json::from_str::<Value>(text).is_ok() {
        return read_json(text, false).map_err(|e| e.located(text));
    }
    read_json(&decompress(text)?, true)
}

/// The f-puzzles JSON text of a link or compressed payload (JSON text is returned as it
/// is), decompressed within the same bound as [`from_fpuzzles`] ([`MAX_JSON_UNITS`]): for
/// callers that read fields of the editor's own (such as the solver options the f-puzzles
/// userscript adds).
///
/// ```
/// use dlx_sudoku::variant::fpuzzles_json;
/// let json = r#"{"size": 4, "truecandidatesoptions": ["colored"]}"#;
/// let payload = lz_str::compress_to_base64(json);
/// assert_eq!(fpuzzles_json(&payload)?, json);
/// assert_eq!(fpuzzles_json(json)?, json);
/// # Ok::<(), dlx_sudoku::variant::FpuzzlesError>(())
/// ```
pub fn fpuzzles_json(text: &str) -> Result<String, FpuzzlesError> {
    if text.trim_start().starts_with('{') {
        return Ok(text.to_string());
    }
    decompress(text)
}

/// Reads f-puzzles JSON: `text`, or the JSON a payload decompressed to (`compressed`).
fn read_json(json: &str, compressed: bool) -> Result<Imported, FpuzzlesError> {
    let root: Value = serde_json::from_str(json)?;
    let obj = root.as_object().ok_or(FpuzzlesError::NotObject {
        found: json_kind(&root),
        compressed,
        at: None,
    })?;
    read(obj)
}

/// What a JSON value is, with its article, for [`FpuzzlesError::NotObject`].
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Array(_) => "an array",
        Value::String(_) => "a string",
        Value::Number(_) => "a number",
        Value::Bool(_) => "a boolean",
        Value::Null => "null",
        Value::Object(_) => "an object",
    }
}

/// The default region of a cell in f-puzzles (and SudokuPad): boxes for sizes that have
/// them (`Shape::for_size`: 6 → 2×3, 8 → 2×4, 12 → 3×4...), and for prime sizes, which have
/// none, the cell's row. Returns the region of each cell of an `n × n` grid, the box shape
/// worked out once (working it out per cell made reading a large grid take the fourth
/// power of its size: 84 s for an empty 255×255).
fn default_regions(n: usize) -> impl Fn(Cell) -> usize {
    let dims = Shape::for_size(n).ok().and_then(|s| s.box_dims());
    move |c: Cell| match dims {
        Some((rows, cols)) => (c.row / rows) * (n / cols) + c.col / cols,
        None => c.row,
    }
}

fn read(obj: &Map<String, Value>) -> Result<Imported, FpuzzlesError> {
    let n = number("size", obj.get("size"))?.ok_or_else(|| malformed("size", "missing"))? as usize;
    let mut shape = Shape::for_size(n)
        .or_else(|_| Shape::latin(n))
        .map_err(|e| malformed("size", e.to_string()))?;
    let mut givens = Grid::new(n).map_err(|e| malformed("size", e.to_string()))?;
    let mut candidates: Vec<Constraint> = Vec::new();
    // Fields of grid cells that are neither read nor a player's notes, with how many
    // cells hold each.
    let mut cell_fields: std::collections::BTreeMap<String, usize> = Default::default();
    let default_of = default_regions(n);
    // The grid: givens, regions (cells without one keep their default region) and the
    // candidates a setter gives.
    if let Some(rows) = obj.get("grid") {
        let rows = rows
            .as_array()
            .ok_or_else(|| malformed("grid", "expected a list of rows"))?;
        // f-puzzles writes `size` rows of `size` cells. The solver plug-in sizes the puzzle
        // by the grid, we by `size`: when they disagree, which was meant is unknown, so it is
        // refused (an empty grid, no givens and default regions, is accepted).
        if !rows.is_empty() {
            let lengths: Vec<usize> = rows
                .iter()
                .map(|row| row.as_array().map_or(0, Vec::len))
                .collect();
            if lengths.len() != n || lengths.iter().any(|&len| len != n) {
                return Err(malformed(
                    "grid",
                    format!(
                        "{} rows of {lengths:?} cells where size is {n}",
                        lengths.len()
                    ),
                ));
            }
        }
        let mut regions = Vec::with_capacity(n * n);
        let mut custom = false;
        for r in 0..n {
            for c in 0..n {
                let cell = rows.get(r).and_then(|row| row.get(c));
                for (field, v) in cell.and_then(Value::as_object).into_iter().flatten() {
                    let f = field.as_str();
                    if !(CELL_FIELDS.contains(&f) || CELL_NOTES.contains(&f) || says_nothing(v)) {
                        *cell_fields.entry(f.to_string()).or_insert(0usize) += 1;
                    }
                }
                let at = Cell::new(r, c);
                let given =
                    cell.and_then(|x| x.get("given")).and_then(Value::as_bool) == Some(true);
                let value = number("grid", cell.and_then(|x| x.get("value")))?;
                if let (true, Some(d)) = (given, value) {
                    if d == 0 || d as usize > n {
                        return Err(malformed("grid", format!("given {d} in {at}")));
                    }
                    givens
                        .set(at, Some(d as u8))
                        .map_err(|e| malformed("grid", e.to_string()))?;
                }
                let region = match cell.and_then(|x| x.get("region")) {
                    None | Some(Value::Null) => default_of(at),
                    Some(v) => {
                        custom = true;
                        match number("grid", Some(v))? {
                            Some(k) if (k as usize) < n => k as usize,
                            _ => {
                                return Err(malformed(
                                    "grid",
                                    format!("region {v} of {at} is not between 0 and {}", n - 1),
                                ))
                            }
                        }
                    }
                };
                regions.push(region);
                // Older f-puzzles exports keep odd and even cells here rather than in the
                // `odd` and `even` keys.
                match cell.and_then(|x| x.get("parity")) {
                    None | Some(Value::Null) => {}
                    Some(v) => match v.as_str().map(str::to_ascii_lowercase).as_deref() {
                        Some("odd") => candidates.push(Odd(at).into()),
                        Some("even") => candidates.push(Even(at).into()),
                        _ => {
                            return Err(malformed(
                                "parity",
                                format!("{v} of {at} is neither \"Odd\" nor \"Even\""),
                            ))
                        }
                    },
                }
                if let Some(marks) = cell
                    .and_then(|x| x.get("givenPencilMarks"))
                    .filter(|m| !m.is_null())
                {
                    let marks = marks.as_array().ok_or_else(|| {
                        malformed("givenPencilMarks", "expected a list of digits")
                    })?;
                    if !(marks.is_empty() || given && value.is_some()) {
                        let mut digits = Vec::with_capacity(marks.len());
                        for m in marks {
                            match number("givenPencilMarks", Some(m))? {
                                Some(d) if d >= 1 && d as usize <= n => digits.push(d as u8),
                                _ => {
                                    return Err(malformed(
                                        "givenPencilMarks",
                                        format!("{m} in {at} is not a digit from 1 to {n}"),
                                    ))
                                }
                            }
                        }
                        digits.sort_unstable();
                        digits.dedup();
                        candidates.push(Candidates { cell: at, digits }.into());
                    }
                }
            }
        }
        if custom {
            let defaults: Vec<usize> = (0..n * n)
                .map(|k| default_of(Cell::from_index(k, n)))
                .collect();
            if regions != defaults || shape.box_dims().is_none() {
                shape = Shape::jigsaw(n, &regions).map_err(|e| malformed("grid", e.to_string()))?;
            }
        }
    }
    let mut puzzle = VariantPuzzle::new(shape);
    puzzle.givens = givens;
    let text = |k: &str| obj.get(k).and_then(Value::as_str).map(str::to_string);
    puzzle.title = text("title");
    puzzle.author = text("author");
    puzzle.rules = text("ruleset");
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
    let fp = FpIn { n, obj };
    let mut unsupported = Vec::new();
    let mut ignored: Vec<String> = cell_fields
        .iter()
        .map(|(field, cells)| format!("grid cells' `{field}` ({cells})"))
        .collect();
    let mut keys: Vec<&String> = obj.keys().collect();
    keys.sort();
    let mut constraints: Vec<Constraint> = Vec::new();
    let mut drawings: Vec<(&str, &Value)> = Vec::new();
    for key in keys {
        let v = &obj[key];
        let k = key.as_str();
        if METADATA.contains(&k) || says_nothing(v) {
            continue;
        }
        if COSMETIC.contains(&k) {
            drawings.push((k, v));
            continue;
        }
        let unknown = unknown_fields(k, v);
        if !unknown.is_empty() {
            unsupported.extend(unknown);
            continue;
        }
        match rules::read_fpuzzles(k, v, &fp) {
            Some(Ok(read)) => constraints.extend(checked(&puzzle, k, read)?),
            Some(Err(FpuzzlesError::Unsupported { kinds, .. })) => unsupported.extend(kinds),
            Some(Err(e)) => return Err(e),
            None => unsupported.push(k.to_string()),
        }
    }
    // Drawings last: a plug-in's copy of a rule is told by the rules read.
    for (k, v) in drawings {
        let kept = cosmetic(&fp, &puzzle, k, v, &mut constraints, &mut unsupported)?;
        if kept > 0 {
            ignored.push(format!("{k} ({kept})"));
        }
    }
    if !unsupported.is_empty() {
        unsupported.sort();
        unsupported.dedup();
        return Err(FpuzzlesError::Unsupported {
            kinds: unsupported,
            at: None,
        });
    }
    puzzle.constraints = constraints;
    puzzle.constraints.extend(candidates);
    Ok(Imported { puzzle, ignored })
}

/// What a cosmetic drawing stands for.
enum Drawn {
    /// A plain drawing.
    Plain,
    /// A drawing a solver plug-in exported for the rule it names (`fromConstraint`).
    Named(String),
    /// A drawing an old version of the plug-in exported for one of its rules without
    /// naming it (`isNewConstraint`; the plug-in itself told them apart by colour, which
    /// varied between its versions, so we do not).
    Unnamed,
}

fn drawn_for(entry: &Value) -> Drawn {
    if let Some(name) = entry.get("fromConstraint").and_then(Value::as_str) {
        return Drawn::Named(name.to_string());
    }
    if entry.get("isNewConstraint").and_then(Value::as_bool) == Some(true) {
        return Drawn::Unnamed;
    }
    Drawn::Plain
}

/// Whether a cosmetic cage's text names a digital root (`DR5`): the f-puzzles solver
/// plug-in reads such a cage as "the cage's sum has digital root 5" (any text holding `DR`
/// and a digit; we take either case).
fn digital_root(entry: &Value) -> bool {
    let Some(text) = entry.get("value").and_then(Value::as_str) else {
        return false;
    };
    let upper = text.to_ascii_uppercase();
    upper
        .match_indices("DR")
        .any(|(i, _)| upper[i + 2..].starts_with(|ch: char| ch.is_ascii_digit()))
}

/// The cells of an entry's lines.
fn entry_lines(fp: &FpIn<'_>, key: &str, e: &Value) -> Vec<Vec<Cell>> {
    fp.lines(key, e).unwrap_or_default()
}

/// Checks rules as they are read from a key (their cells in the grid, their own
/// conditions: a dot between cells that share a side, a line whose cells touch...), so
/// that an error points at the key, as the TOML reader's point at the entry.
fn checked(
    puzzle: &VariantPuzzle,
    key: &str,
    read: Vec<Constraint>,
) -> Result<Vec<Constraint>, FpuzzlesError> {
    for c in &read {
        puzzle
            .validate_constraint(c)
            .map_err(|reason| malformed(key, reason))?;
    }
    Ok(read)
}

fn cosmetic(
    fp: &FpIn<'_>,
    puzzle: &VariantPuzzle,
    key: &str,
    v: &Value,
    constraints: &mut Vec<Constraint>,
    unsupported: &mut Vec<String>,
) -> Result<usize, FpuzzlesError> {
    let Some(entries) = v.as_array() else {
        // `successMessage` is a string; any other scalar is a drawing setting.
        return Ok(1);
    };
    let mut kept = 0;
    // The lines of the rules read so far, either way round, to recognise copies.
    let ruled: Vec<Vec<Cell>> = constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Line(l) => {
                let mut cells = l.cells.clone();
                if l.closed {
                    cells.push(cells[0]);
                }
                Some(cells)
            }
            _ => None,
        })
        .collect();
    let is_ruled = |line: &[Cell]| {
        let back: Vec<Cell> = line.iter().rev().copied().collect();
        ruled.iter().any(|r| r == line || *r == back)
    };
    // Drawings of each rule whose key is missing, gathered to be read as that rule.
    let mut rebuilt: Vec<(&'static str, String, Vec<Value>)> = Vec::new();
    for e in entries {
        let name = match drawn_for(e) {
            Drawn::Plain if key == "cage" && digital_root(e) => {
                // The solver plug-in reads a cage whose text is "DR<n>" as a rule: the
                // cage's sum has digital root n.
                unsupported.push("cage with a digital root sum (DR)".to_string());
                continue;
            }
            Drawn::Plain => {
                kept += 1;
                continue;
            }
            Drawn::Unnamed => {
                let lines = entry_lines(fp, key, e);
                if key != "line" || lines.is_empty() || !lines.iter().all(|l| is_ruled(l)) {
                    unsupported.push(format!(
                        "{key} drawn by the f-puzzles solver plug-in for a rule it does not name (isNewConstraint)"
                    ));
                }
                continue;
            }
            Drawn::Named(name) => name,
        };
        if let Some(&(_, real)) = DRAWN_BESIDE.iter().find(|(n, _)| *n == name) {
            if !fp.has(real) {
                unsupported.push(format!(
                    "{key} drawn for {name:?} without its {real} key (the drawing does not hold the rule)"
                ));
            }
            continue;
        }
        let Some(&(_, real)) = DRAWN_FOR.iter().find(|(n, _)| *n == name) else {
            unsupported.push(format!("{key} drawn for {name:?}"));
            continue;
        };
        if fp.has(real) || key == "circle" {
            // A copy of a rule read from its own key, or a double arrow's or slow
            // thermometer's circle, which the line itself places.
            continue;
        }
        match rebuilt
            .iter_mut()
            .find(|(r, n, _)| *r == real && *n == name)
        {
            Some((_, _, list)) => list.push(e.clone()),
            None => rebuilt.push((real, name, vec![e.clone()])),
        }
    }
    for (real, name, list) in rebuilt {
        let value = match key {
            "line" => {
                let difference = match name.as_str() {
                    "Dutch Whispers" => Some((fp.n as u32).div_ceil(2) - 1),
                    _ => None,
                };
                Value::Array(
                    list.iter()
                        .map(|e| {
                            let mut o =
                                json!({ "lines": e.get("lines").cloned().unwrap_or(Value::Null) });
                            if let Some(d) = difference {
                                o["value"] = json!(d.to_string());
                            }
                            o
                        })
                        .collect(),
                )
            }
            "cage" => Value::Array(
                list.iter()
                    .map(|e| json!({ "cells": e.get("cells").cloned().unwrap_or(Value::Null) }))
                    .collect(),
            ),
            "text" => {
                // Two texts per clue: the rule's symbol and the clue's value.
                let symbol = match real {
                    "xsum" => "\u{25EF}",
                    _ => "\u{25AF}",
                };
                Value::Array(
                    list.iter()
                        .filter(|e| e.get("value").and_then(Value::as_str) != Some(symbol))
                        .map(|e| {
                            json!({
                                "cell": e.get("cells").and_then(|c| c.get(0)).cloned().unwrap_or(Value::Null),
                                "value": e.get("value").cloned().unwrap_or(Value::Null),
                            })
                        })
                        .collect(),
                )
            }
            _ => {
                unsupported.push(format!("{key} drawn for {name:?}"));
                continue;
            }
        };
        match rules::read_fpuzzles(real, &value, fp) {
            Some(read) => constraints.extend(checked(puzzle, key, read?)?),
            None => unsupported.push(format!("{key} drawn for {name:?}")),
        }
    }
    Ok(kept)
}

/// Writes a puzzle as f-puzzles JSON (with the keys of the solver plug-in for the newer
/// lines and outside clues). Rules f-puzzles lacks (shading, letters, conditional lines)
/// are an error naming them.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{from_fpuzzles, to_fpuzzles, Killer, VariantPuzzle, YinYang};
/// let mut p = VariantPuzzle::new(Shape::classic());
/// p.constraints.push(Killer { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) }.into());
/// let json = to_fpuzzles(&p)?;
/// assert_eq!(from_fpuzzles(&json)?.puzzle, p);
/// p.constraints.push(YinYang.into());
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
    let default = Shape::for_size(n).ok();
    let custom = p.shape.has_regions() && default.as_ref() != Some(&p.shape);
    if !p.shape.has_regions() && p.shape.box_dims().is_none() && default.is_some() {
        // f-puzzles always has regions where the size has boxes.
        return Err(FpuzzlesError::Inexpressible {
            kinds: vec![format!("a {n}×{n} grid without boxes")],
        });
    }
    let candidates: Vec<&Candidates> = p
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Candidates(k) => Some(k),
            _ => None,
        })
        .collect();
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
            if custom {
                if let Some(region) = p.shape.region_of(cell) {
                    o.insert("region".into(), json!(region));
                }
            }
            if let Some(k) = candidates.iter().find(|k| k.cell == cell) {
                o.insert("givenPencilMarks".into(), json!(k.digits));
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    obj.insert("grid".into(), Value::Array(grid));
    if let Some(s) = &p.solution {
        obj.insert("solution".into(), json!(s.values()));
    }
    let mut out = FpOut {
        n,
        ..FpOut::default()
    };
    let mut bad: Vec<String> = Vec::new();
    for c in &p.constraints {
        if let Err(Inexpressible) = c.rule().to_fpuzzles(&mut out) {
            bad.push(c.name().to_string());
        }
    }
    if !bad.is_empty() {
        bad.sort();
        bad.dedup();
        return Err(FpuzzlesError::Inexpressible { kinds: bad });
    }
    for f in out.flags {
        obj.insert(f.into(), json!(true));
    }
    if !out.negative.is_empty() {
        obj.insert("negative".into(), json!(out.negative));
    }
    obj.extend(out.lists);
    Ok(serde_json::to_string(&Value::Object(obj)).expect("JSON values serialise"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn huge_and_negative_numbers_say_so_with_the_limit() {
        // Issue 40: they said "1e+23 is not a whole number", "-4 is not a whole number".
        use serde_json::json;
        let msg = |v: serde_json::Value| super::number("size", Some(&v)).unwrap_err().to_string();
        assert_eq!(
            msg(json!(1e23)),
            "size: 1e+23 is too large (at most 4294967295)"
        );
        assert_eq!(
            msg(json!(-4)),
            "size: -4 is negative: it must be 0 or more (at most 4294967295)"
        );
        assert!(msg(json!("-4")).contains("is negative"));
        assert!(msg(json!(-1e23)).contains("is negative"));
        assert!(msg(json!(4.5)).contains("not a whole number"));
        assert_eq!(super::number("size", Some(&json!(4.0))).unwrap(), Some(4));
    }

    use super::*;

    #[test]
    fn unknown_cell_fields_are_listed_as_ignored() {
        // A 4×4 with a player's notes (known, skipped quietly) and two fields f-puzzles
        // does not write: they are named, with the number of cells holding them, so a
        // rule hidden there is not dropped without a word.
        let mut grid = vec![vec![json!({}); 4]; 4];
        grid[0][0] =
            json!({"value": 1, "given": true, "cornerPencilMarks": [2], "highlight": "#fff"});
        grid[1][2] = json!({"centerPencilMarks": [3, 4], "candidates": [3, 4], "shade": true});
        grid[3][3] = json!({"candidates": [1], "shade": false, "c": null});
        let json = json!({"size": 4, "grid": grid}).to_string();
        let imported = from_fpuzzles(&json).unwrap();
        assert_eq!(
            imported.ignored,
            ["grid cells' `candidates` (2)", "grid cells' `shade` (1)"]
        );
        // A grid with nothing but the known fields has nothing to say.
        let plain = json!({"size": 4, "grid": vec![vec![json!({"value": null}); 4]; 4]});
        assert!(from_fpuzzles(&plain.to_string())
            .unwrap()
            .ignored
            .is_empty());
    }

    #[test]
    fn a_cells_parity_is_an_odd_or_even_rule() {
        // Older f-puzzles exports keep odd and even cells in the cell ("parity"), not in
        // the `odd` and `even` keys (the peer suite's "Orbit" does).
        let mut grid = vec![vec![json!({}); 4]; 4];
        grid[0][1] = json!({"parity": "Odd"});
        grid[2][3] = json!({"parity": "even"});
        let json = json!({"size": 4, "grid": grid}).to_string();
        let imported = from_fpuzzles(&json).unwrap();
        assert!(imported.ignored.is_empty());
        let cs = &imported.puzzle.constraints;
        assert!(cs.contains(&Odd(Cell::new(0, 1)).into()), "{cs:?}");
        assert!(cs.contains(&Even(Cell::new(2, 3)).into()), "{cs:?}");
        // A parity we cannot read is refused, naming it.
        let mut grid = vec![vec![json!({}); 4]; 4];
        grid[1][1] = json!({"parity": "Prime"});
        let json = json!({"size": 4, "grid": grid}).to_string();
        let e = from_fpuzzles(&json).unwrap_err().to_string();
        assert!(e.contains("parity") && e.contains("Prime"), "{e}");
    }

    #[test]
    fn percent_escapes_never_split_characters() {
        assert_eq!(percent_decode("a%2Bb"), "a+b");
        assert_eq!(percent_decode("%aé"), "%aé");
        assert_eq!(percent_decode("%é%"), "%é%");
        assert_eq!(percent_decode("%"), "%");
        assert_eq!(percent_decode("%4"), "%4");
    }

    #[test]
    fn default_regions_follow_fpuzzles() {
        // 6×6: two rows by three columns; 7×7 (prime): rows.
        assert_eq!(default_regions(6)(Cell::new(1, 4)), 1);
        assert_eq!(default_regions(6)(Cell::new(2, 0)), 2);
        assert_eq!(default_regions(7)(Cell::new(5, 6)), 5);
        assert_eq!(default_regions(12)(Cell::new(3, 4)), 4);
    }

    #[test]
    fn numbers_never_wrap() {
        assert!(number("k", Some(&json!(4294967299u64))).is_err());
        assert!(number("k", Some(&json!("4294967300"))).is_err());
        assert!(number("k", Some(&json!("99999999999999999999999"))).is_err());
        assert_eq!(number("k", Some(&json!(" 12 "))).unwrap(), Some(12));
    }

    #[test]
    fn sudokupad_links_without_an_fpuzzles_payload_are_named() {
        for (link, format) in [
            ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA", "scl"),
            ("https://sudokupad.app/?puzzleid=ctcN4IgzglgXg", "ctc"),
            ("https://app.crackingthecryptic.com/sclN4Igzg", "scl"),
        ] {
            match from_fpuzzles(link) {
                Err(FpuzzlesError::SudokuPadFormat(f)) => assert_eq!(f, format, "{link}"),
                other => panic!("{link}: {other:?}"),
            }
        }
        for (link, id) in [
            ("https://sudokupad.app/Jan7n4kvz2", "Jan7n4kvz2"),
            (
                "https://sudokupad.app/someone/a-puzzle?setting-x=1",
                "someone/a-puzzle?setting-x=1",
            ),
        ] {
            match from_fpuzzles(link) {
                Err(FpuzzlesError::SudokuPadShortLink(got)) => assert_eq!(got, id, "{link}"),
                other => panic!("{link}: {other:?}"),
            }
        }
        // A SudokuPad link carrying f-puzzles is read as before (a bad payload: Decompress).
        assert!(matches!(
            from_fpuzzles("https://sudokupad.app/fpuzzles%%%"),
            Err(FpuzzlesError::Decompress)
        ));
    }
}
