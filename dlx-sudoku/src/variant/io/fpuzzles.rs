//! An f-puzzles entry of a rule, read and written: what each rule's `from_fpuzzles` and
//! `to_fpuzzles` use ([`FpIn`], [`FpOut`], [`malformed`]) and the format's error,
//! [`FpuzzlesError`]. Below the rules; the whole format (the grid, the metadata, the
//! cosmetic keys, links) is `variant/fpuzzles.rs`, above them.

use serde_json::{Map, Value};
use thiserror::Error;

use crate::sudoku::Cell;
use crate::variant::io::TextPosition;

/// Why an f-puzzles puzzle could not be read or written.
///
/// ```
/// use dlx_sudoku::variant::{from_fpuzzles, FpuzzlesError};
/// let err = from_fpuzzles(r#"{"size": 4, "grid": [], "clock": [{"cells": ["R1C1"]}]}"#)
///     .unwrap_err();
/// assert!(matches!(&err, FpuzzlesError::Unsupported { kinds, .. } if kinds == &["clock"]));
/// assert_eq!(err.to_string(), "unsupported f-puzzles constraints: clock");
/// // Where the key is (line 1, column 25), for JSON text.
/// assert_eq!(err.position().map(|p| (p.line, p.column)), Some((1, 25)));
/// ```
#[derive(Debug, Error)]
pub enum FpuzzlesError {
    /// The link or payload is not lz-string compressed base64.
    #[error("cannot decompress the f-puzzles payload (expected lz-string base64)")]
    Decompress,
    /// A SudokuPad link to a puzzle in SudokuPad's own format (`scl`, `ctc`): its lines,
    /// circles and cages are drawings whose meaning is in the rules text, so they are not
    /// read (that would be guessing the rules).
    #[error(
        "a SudokuPad puzzle in SudokuPad's own format ({0}): its drawings do not name their \
         rules, so dlx does not read it; export the puzzle as f-puzzles (the f-puzzles \
         editor, or a SudokuPad link starting `fpuzzles`)"
    )]
    SudokuPadFormat(String),
    /// A SudokuPad short link: the puzzle is stored on SudokuPad's server, not in the link.
    #[error(
        "a SudokuPad short link ({0}) names a puzzle stored on SudokuPad's server, which dlx \
         does not fetch; give the f-puzzles JSON, or a link that carries the puzzle \
         (`fpuzzles…`)"
    )]
    SudokuPadShortLink(String),
    /// The payload decompresses to more than
    /// [`MAX_JSON_UNITS`](crate::variant::MAX_JSON_UNITS) characters.
    #[error("the f-puzzles payload decompresses to more than {limit} characters (an f-puzzles puzzle is a few kilobytes)")]
    TooLarge {
        /// The limit.
        limit: usize,
    },
    /// The text is not JSON.
    #[error("not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The text (or the payload, decompressed) is JSON but not an object: an array, a
    /// string, a number, a boolean or `null`.
    ///
    /// ```
    /// use dlx_sudoku::variant::{from_fpuzzles, FpuzzlesError, TextPosition};
    /// let err = from_fpuzzles("\n[1, 2]").unwrap_err();
    /// assert!(matches!(err, FpuzzlesError::NotObject { .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the data must be a JSON object ({\"size\": …, \"grid\": […]}), not an array"
    /// );
    /// assert_eq!(err.position(), Some(TextPosition { line: 2, column: 1 }));
    /// ```
    #[error("{}", not_object(.found, *.compressed))]
    NotObject {
        /// What the JSON is instead: `an array`, `a string`, `a number`, `a boolean`,
        /// `null`.
        found: &'static str,
        /// Whether it came from a compressed payload (a link) rather than JSON text.
        compressed: bool,
        /// Where the JSON value starts, when read from JSON text (not a link).
        at: Option<TextPosition>,
    },
    /// Constraint kinds we do not support (or do not know), by their f-puzzles names.
    #[error("unsupported f-puzzles constraints: {}", .kinds.join(", "))]
    Unsupported {
        /// The names.
        kinds: Vec<String>,
        /// Where the first of them appears, when read from JSON text (not a link).
        at: Option<TextPosition>,
    },
    /// An entry that does not have the expected form.
    #[error("{key}: {message}")]
    Malformed {
        /// The key (constraint kind) of the entry.
        key: String,
        /// What is wrong.
        message: String,
        /// Where the key first appears, when read from JSON text (not a link).
        at: Option<TextPosition>,
    },
    /// Constraints that f-puzzles cannot express (on export).
    #[error("f-puzzles cannot express: {}", .kinds.join(", "))]
    Inexpressible {
        /// The constraint kinds.
        kinds: Vec<String>,
    },
}

/// The reading context a rule gets: the grid size and helpers that name the key in
/// every error.
pub(crate) struct FpIn<'a> {
    /// The grid's size.
    pub n: usize,
    /// The whole puzzle object.
    pub obj: &'a Map<String, Value>,
}

pub(crate) fn malformed(key: &str, message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Malformed {
        key: key.to_string(),
        message: message.into(),
        at: None,
    }
}

impl FpIn<'_> {
    /// The entries of a list-valued key.
    pub fn entries<'v>(&self, key: &str, v: &'v Value) -> Result<&'v Vec<Value>, FpuzzlesError> {
        v.as_array()
            .ok_or_else(|| malformed(key, "expected a list of entries"))
    }

    /// A cell name `R1C1` (any case) as 1-based coordinates; cells outside the grid
    /// (clues beside it) are allowed here.
    pub fn position(&self, key: &str, v: &Value) -> Result<(i64, i64), FpuzzlesError> {
        let s = v
            .as_str()
            .ok_or_else(|| malformed(key, format!("{v} is not a cell name")))?;
        let upper = s.to_ascii_uppercase();
        let bad = || malformed(key, format!("{s:?} is not a cell name like R1C1"));
        let rest = upper.strip_prefix('R').ok_or_else(bad)?;
        let (r, c) = rest.split_once('C').ok_or_else(bad)?;
        let parse = |t: &str| -> Result<i64, FpuzzlesError> {
            let x: i64 = t.parse().map_err(|_| bad())?;
            if !(-1..=1000).contains(&x) {
                return Err(bad());
            }
            Ok(x)
        };
        Ok((parse(r)?, parse(c)?))
    }

    /// A cell in the grid.
    pub fn cell(&self, key: &str, v: &Value) -> Result<Cell, FpuzzlesError> {
        let (r, c) = self.position(key, v)?;
        let n = self.n as i64;
        if r < 1 || c < 1 || r > n || c > n {
            return Err(malformed(key, format!("{v} is outside the grid")));
        }
        Ok(Cell::new(r as usize - 1, c as usize - 1))
    }

    /// A list of cells in the grid.
    pub fn cells(&self, key: &str, v: Option<&Value>) -> Result<Vec<Cell>, FpuzzlesError> {
        v.and_then(Value::as_array)
            .ok_or_else(|| malformed(key, "expected a list of cells"))?
            .iter()
            .map(|c| self.cell(key, c))
            .collect()
    }

    /// The `lines` of an entry, each a list of cells.
    pub fn lines(&self, key: &str, entry: &Value) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
        entry
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| malformed(key, "expected \"lines\""))?
            .iter()
            .map(|l| self.cells(key, Some(l)))
            .collect()
    }

    /// A whole number given as a string or a number; `None` when absent or empty.
    pub fn number(&self, key: &str, v: Option<&Value>) -> Result<Option<u32>, FpuzzlesError> {
        number(key, v)
    }

    /// True when the puzzle has this key with something in it.
    pub fn has(&self, key: &str) -> bool {
        self.obj.get(key).is_some_and(|v| !says_nothing(v))
    }
}

/// A whole number given as a string or a number; `None` when absent or empty. Numbers
/// that do not fit in 32 bits are errors, never wrapped.
pub(crate) fn number(key: &str, v: Option<&Value>) -> Result<Option<u32>, FpuzzlesError> {
    let too_big = |x: &dyn std::fmt::Display| {
        malformed(key, format!("{x} is too large (at most {})", u32::MAX))
    };
    let negative = |x: &dyn std::fmt::Display| {
        malformed(
            key,
            format!(
                "{x} is negative: it must be 0 or more (at most {})",
                u32::MAX
            ),
        )
    };
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(x)) => match (x.as_u64(), x.as_i64(), x.as_f64()) {
            (Some(u), _, _) => u32::try_from(u).map(Some).map_err(|_| too_big(x)),
            (None, Some(_), _) => Err(negative(x)),
            // A whole number written as a float (1e+23, 4.0).
            (None, None, Some(f)) if f.fract() == 0.0 && f < 0.0 => Err(negative(x)),
            (None, None, Some(f)) if f.fract() == 0.0 && f > f64::from(u32::MAX) => Err(too_big(x)),
            (None, None, Some(f)) if f.fract() == 0.0 => Ok(Some(f as u32)),
            _ => Err(malformed(key, format!("{x} is not a whole number"))),
        },
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => {
            let t = s.trim();
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            match t.parse::<u64>() {
                Ok(u) => u32::try_from(u).map(Some).map_err(|_| too_big(&t)),
                Err(_) if digits(t) => Err(too_big(&t)),
                Err(_) if t.strip_prefix('-').is_some_and(digits) => Err(negative(&t)),
                Err(_) => Err(malformed(key, format!("{s:?} is not a whole number"))),
            }
        }
        Some(other) => Err(malformed(key, format!("{other} is not a number"))),
    }
}

/// Empty lists, `false` and `null` say nothing.
pub(crate) fn says_nothing(v: &Value) -> bool {
    v.as_array().is_some_and(|a| a.is_empty()) || v == &Value::Bool(false) || v.is_null()
}

/// The writing context a rule gets.
#[derive(Default)]
pub(crate) struct FpOut {
    /// The grid's size.
    pub n: usize,
    pub lists: Map<String, Value>,
    pub flags: Vec<&'static str>,
    pub negative: Vec<&'static str>,
}

impl FpOut {
    /// Appends an entry to a list-valued key.
    pub fn push(&mut self, key: &str, v: Value) {
        self.lists
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("lists are arrays")
            .push(v);
    }

    /// Sets a flag (`"antiknight": true`).
    pub fn flag(&mut self, key: &'static str) {
        if !self.flags.contains(&key) {
            self.flags.push(key);
        }
    }

    /// Adds a kind to the `negative` list.
    pub fn negative(&mut self, kind: &'static str) {
        if !self.negative.contains(&kind) {
            self.negative.push(kind);
        }
    }

    /// A cell's name, `R1C1`.
    pub fn name(c: Cell) -> Value {
        Value::String(format!("R{}C{}", c.row + 1, c.col + 1))
    }

    /// Cells' names.
    pub fn names(cells: &[Cell]) -> Value {
        Value::Array(cells.iter().map(|&c| Self::name(c)).collect())
    }
}

/// The message of [`FpuzzlesError::NotObject`].
fn not_object(found: &str, compressed: bool) -> String {
    let object = r#"the data must be a JSON object ({"size": …, "grid": […]})"#;
    if compressed {
        format!("the payload decompresses to {found}: {object}")
    } else {
        format!("{object}, not {found}")
    }
}

impl FpuzzlesError {
    /// Where in the JSON text the key at fault first appears, for errors about a key of a
    /// puzzle read from JSON text (a link's payload has no lines to point at; a JSON syntax
    /// error's message gives its own line and column).
    ///
    /// See [`FpuzzlesError`] for an example.
    pub fn position(&self) -> Option<TextPosition> {
        match self {
            FpuzzlesError::Unsupported { at, .. }
            | FpuzzlesError::Malformed { at, .. }
            | FpuzzlesError::NotObject { at, .. } => *at,
            _ => None,
        }
    }

    /// Finds the key of an error in the JSON text it was read from.
    pub(crate) fn located(self, text: &str) -> FpuzzlesError {
        match self {
            FpuzzlesError::Unsupported { kinds, at: None } => {
                // A kind may name its key and more (`negative sum`).
                let at = kinds.first().and_then(|k| {
                    key_position(text, k).or_else(|| key_position(text, k.split(' ').next()?))
                });
                FpuzzlesError::Unsupported { kinds, at }
            }
            FpuzzlesError::Malformed {
                key,
                message,
                at: None,
            } => {
                let at = key_position(text, &key);
                FpuzzlesError::Malformed { key, message, at }
            }
            // The value starts at the text's first character that is not white space.
            FpuzzlesError::NotObject {
                found,
                compressed: false,
                at: None,
            } => {
                let start = text.len() - text.trim_start().len();
                let at = Some(TextPosition::of_offset(text, start));
                FpuzzlesError::NotObject {
                    found,
                    compressed: false,
                    at,
                }
            }
            other => other,
        }
    }
}

/// Where `"key"` first appears as an object key (followed by a colon) in JSON text.
fn key_position(text: &str, key: &str) -> Option<TextPosition> {
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    while let Some(i) = text[from..].find(&quoted) {
        let start = from + i;
        let after = &text[start + quoted.len()..];
        if after.trim_start().starts_with(':') {
            return Some(TextPosition::of_offset(text, start));
        }
        from = start + quoted.len();
    }
    None
}
