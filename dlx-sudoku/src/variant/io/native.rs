//! A TOML entry of a rule, read and written: what each rule's `read_toml` and
//! `write_toml` use ([`TomlIn`], [`TomlOut`], [`TomlKey`]) and the format's error,
//! [`NativeError`]. Below the rules; the whole format (the container, the dispatch to the
//! rules) is `variant/native.rs`, above them.

use std::collections::BTreeMap;

use thiserror::Error;
use toml::{Table, Value};

use crate::sudoku::Cell;
use crate::variant::io::TextPosition;

/// Why a TOML puzzle could not be read.
///
/// ```
/// use dlx_sudoku::variant::{from_toml, NativeError};
/// let err = from_toml("size = 4\n[[killer]]\ncells = \"r1c1 x\"\n").unwrap_err();
/// assert_eq!(err.to_string(), "killer 1: \"x\" is not a cell like r1c2");
/// assert!(matches!(from_toml("size = 4\n[[sandwhich]]\n"), Err(NativeError::Bad { .. })));
/// let err = from_toml("size = 4\nsum = 1 2\n").unwrap_err();
/// assert!(matches!(err, NativeError::Toml { .. }));
/// assert_eq!(err.position().map(|p| (p.line, p.column)), Some((2, 7)));
/// ```
#[derive(Debug, Error)]
pub enum NativeError {
    /// Not TOML: what the parser expected (control characters escaped), and where it
    /// found the fault.
    #[error("not TOML: {}", printable(message))]
    Toml {
        /// The parser's message.
        message: String,
        /// Where in the text, when the parser says.
        at: Option<TextPosition>,
    },
    /// A value that makes no sense where it is, or a key we do not know (every known key
    /// is listed in the message).
    #[error("{place}: {message}")]
    Bad {
        /// Where: a key, or a table and its number.
        place: String,
        /// What is wrong.
        message: String,
        /// The key inside the table that is wrong, when the error is about one.
        field: Option<String>,
        /// Where in the text: the value (or key) at fault, else its table. Set by
        /// [`from_toml`](crate::variant::from_toml); see [`NativeError::position`].
        at: Option<TextPosition>,
    },
}

impl NativeError {
    /// The same error, about a key of its table.
    pub(crate) fn in_field(self, key: &str) -> NativeError {
        match self {
            NativeError::Bad {
                place,
                message,
                field: None,
                at,
            } => NativeError::Bad {
                place,
                message,
                field: Some(key.to_string()),
                at,
            },
            other => other,
        }
    }
}

impl NativeError {
    /// Where in the text the error lies, for errors whose message does not say so itself
    /// (a TOML syntax error's message quotes its line and column).
    ///
    /// ```
    /// use dlx_sudoku::variant::{from_toml, TextPosition};
    /// let err = from_toml("size = 4\n[[killer]]\ncells = \"r1c1 x\"\n").unwrap_err();
    /// assert_eq!(err.position(), Some(TextPosition { line: 3, column: 1 }));
    /// ```
    pub fn position(&self) -> Option<TextPosition> {
        match self {
            NativeError::Bad { at, .. } => *at,
            NativeError::Toml { at, .. } => *at,
        }
    }

    /// A TOML parser's error in `text`, with its position.
    pub(crate) fn toml(e: toml::de::Error, text: &str) -> NativeError {
        NativeError::Toml {
            message: e.message().trim_end().to_string(),
            at: e.span().map(|s| TextPosition::of_offset(text, s.start)),
        }
    }

    /// Finds where a `Bad` error lies in the text it was read from.
    pub(crate) fn located(self, text: &str) -> NativeError {
        match self {
            NativeError::Bad {
                place,
                message,
                field,
                at: None,
            } => {
                let at = locate(text, &place, field.as_deref());
                NativeError::Bad {
                    place,
                    message,
                    field,
                    at,
                }
            }
            other => other,
        }
    }
}

/// The position of what an error's place and field name: `killer 3` and `sum` are the key
/// `sum` of the third `[[killer]]` table, `odd` is the value of `odd`, `killer 3` alone
/// the third table.
fn locate(text: &str, place: &str, field: Option<&str>) -> Option<TextPosition> {
    use toml::de::{DeTable, DeValue};
    let root = DeTable::parse(text).ok()?;
    let root = root.get_ref();
    fn lookup<'t, 'i>(
        table: &'t DeTable<'i>,
        key: &str,
    ) -> Option<(std::ops::Range<usize>, &'t toml::Spanned<DeValue<'i>>)> {
        table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(k, v)| (k.span(), v))
    }
    let (key, index) = match place.rsplit_once(' ') {
        Some((key, i)) if i.parse::<usize>().is_ok() => (key, i.parse::<usize>().ok()),
        _ => (place, None),
    };
    let (key_span, value) = lookup(root, key)?;
    let mut span = value.span();
    let mut table = None;
    match (index, value.get_ref()) {
        (Some(i), DeValue::Array(items)) => {
            let item = items.get(i.checked_sub(1)?)?;
            span = item.span();
            if let DeValue::Table(t) = item.get_ref() {
                table = Some(t);
            }
        }
        (None, DeValue::Table(t)) => table = Some(t),
        _ => {}
    }
    if let (Some(t), Some(field)) = (table, field) {
        if let Some((k, _)) = lookup(t, field) {
            span = k;
        }
    }
    if span.is_empty() {
        span = key_span;
    }
    Some(TextPosition::of_offset(text, span.start))
}

/// Text with its control characters (other than line breaks) escaped, so that an error
/// quoting the input cannot drive a terminal.
pub(crate) fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

pub(crate) fn bad(place: impl Into<String>, message: impl Into<String>) -> NativeError {
    NativeError::Bad {
        place: place.into(),
        message: message.into(),
        field: None,
        at: None,
    }
}

/// An error about one key of a table.
pub(crate) fn bad_field(
    place: impl Into<String>,
    field: &str,
    message: impl Into<String>,
) -> NativeError {
    NativeError::Bad {
        place: place.into(),
        message: message.into(),
        field: Some(field.to_string()),
        at: None,
    }
}

/// A key a rule reads, and the form its value takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TomlKey {
    /// A name in the `global = [...]` list.
    Global(&'static str),
    /// A string of cells, one rule per cell: `odd = "r1c1 r2c2"`.
    Cells(&'static str),
    /// An array of tables, one rule per table: `[[killer]]`.
    Tables(&'static str),
    /// Any value, read as a whole: `letters = "ABC"`.
    Value(&'static str),
}

impl TomlKey {
    /// The key (or global name).
    pub fn name(&self) -> &'static str {
        match *self {
            TomlKey::Global(k) | TomlKey::Cells(k) | TomlKey::Tables(k) | TomlKey::Value(k) => k,
        }
    }
}

/// What a rule reads: one entry of its key.
pub(crate) enum TomlItem<'a> {
    /// A `global` name.
    Flag,
    /// One cell of a cell list.
    Cell(Cell),
    /// One table of an array of tables.
    Table(&'a Table),
    /// A whole value.
    Value(&'a Value),
}

/// The reading context a rule gets: where the entry is (for errors), the grid size, and
/// the entry.
pub(crate) struct TomlIn<'a> {
    /// Where: `killer 3`, `odd`, `global`.
    pub place: String,
    /// The grid's size.
    pub n: usize,
    /// The entry.
    pub item: TomlItem<'a>,
}

/// Parses `r1c2` cells separated by spaces or commas (1-based; `r0` and `c0`, and one past
/// the grid, are allowed only where `outside` is true).
pub(crate) fn parse_cells(
    place: &str,
    text: &str,
    outside: bool,
) -> Result<Vec<(i64, i64)>, NativeError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let lower = t.to_ascii_lowercase();
            let err = || bad(place, format!("{t:?} is not a cell like r1c2"));
            let rest = lower.strip_prefix('r').ok_or_else(err)?;
            let (r, c) = rest.split_once('c').ok_or_else(err)?;
            let (r, c): (i64, i64) = (r.parse().map_err(|_| err())?, c.parse().map_err(|_| err())?);
            if (!outside && (r == 0 || c == 0)) || r < 0 || c < 0 || r > 1000 || c > 1000 {
                return Err(err());
            }
            Ok((r, c))
        })
        .collect()
}

pub(crate) fn to_cells(v: Vec<(i64, i64)>) -> Vec<Cell> {
    v.into_iter()
        .map(|(r, c)| Cell::new(r as usize - 1, c as usize - 1))
        .collect()
}

impl TomlIn<'_> {
    /// An error at this entry.
    pub fn bad(&self, message: impl Into<String>) -> NativeError {
        bad(self.place.clone(), message)
    }

    /// An error about one key of this entry's table.
    pub fn bad_field(&self, key: &str, message: impl Into<String>) -> NativeError {
        bad_field(self.place.clone(), key, message)
    }

    /// The entry's table.
    pub fn table(&self) -> Result<&Table, NativeError> {
        match self.item {
            TomlItem::Table(t) => Ok(t),
            TomlItem::Flag | TomlItem::Cell(_) | TomlItem::Value(_) => {
                Err(self.bad("expected a table"))
            }
        }
    }

    /// Refuses keys other than these (naming the known ones).
    pub fn allow(&self, keys: &[&str]) -> Result<(), NativeError> {
        for k in self.table()?.keys() {
            if !keys.contains(&k.as_str()) {
                return Err(
                    self.bad_field(k, format!("unknown key {k:?}; known: {}", keys.join(", ")))
                );
            }
        }
        Ok(())
    }

    /// The cell of a cell-list entry.
    pub fn the_cell(&self) -> Result<Cell, NativeError> {
        match self.item {
            TomlItem::Cell(c) => Ok(c),
            TomlItem::Flag | TomlItem::Table(_) | TomlItem::Value(_) => {
                Err(self.bad("expected cells like \"r1c1 r2c2\""))
            }
        }
    }

    /// The cells of a value entry given as `"r1c1 r2c2"` (a set of cells read as one
    /// rule: `counting-circles`), in the order listed.
    pub fn value_cells(&self) -> Result<Vec<Cell>, NativeError> {
        let text = self
            .value()?
            .as_str()
            .ok_or_else(|| self.bad("expected cells like \"r1c1 r2c2\""))?;
        Ok(to_cells(parse_cells(&self.place, text, false)?))
    }

    /// The whole value of a value entry.
    pub fn value(&self) -> Result<&Value, NativeError> {
        match self.item {
            TomlItem::Value(v) => Ok(v),
            TomlItem::Flag | TomlItem::Cell(_) | TomlItem::Table(_) => {
                Err(self.bad("expected a value"))
            }
        }
    }

    fn get(&self, key: &str) -> Result<Option<&Value>, NativeError> {
        Ok(self.table()?.get(key))
    }

    fn string(&self, key: &str) -> Result<Option<&str>, NativeError> {
        match self.get(key)? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(self.bad_field(key, format!("{key} must be a string"))),
        }
    }

    /// Cells given as `"r1c1 r1c2"`, or `None` when the key is absent.
    pub fn opt_cells(&self, key: &str) -> Result<Option<Vec<Cell>>, NativeError> {
        match self.string(key)? {
            None => Ok(None),
            Some(s) => Ok(Some(to_cells(
                parse_cells(&self.place, s, false).map_err(|e| e.in_field(key))?,
            ))),
        }
    }

    /// Cells given as `"r1c1 r1c2"`.
    pub fn cells(&self, key: &str) -> Result<Vec<Cell>, NativeError> {
        self.opt_cells(key)?
            .ok_or_else(|| self.bad(format!("missing {key}")))
    }

    /// One cell.
    pub fn cell(&self, key: &str) -> Result<Cell, NativeError> {
        match self.cells(key)?[..] {
            [c] => Ok(c),
            _ => Err(self.bad_field(key, format!("{key} must be one cell"))),
        }
    }

    /// One position, which may lie beside the grid (`r0c3`, `r10c3` in a 9×9): 1-based
    /// row and column.
    pub fn position(&self, key: &str) -> Result<(i64, i64), NativeError> {
        let s = self
            .string(key)?
            .ok_or_else(|| self.bad(format!("missing {key}")))?;
        match parse_cells(&self.place, s, true).map_err(|e| e.in_field(key))?[..] {
            [p] => Ok(p),
            _ => Err(self.bad_field(key, format!("{key} must be one position"))),
        }
    }

    /// A whole number, or `None` when absent.
    pub fn opt_int(&self, key: &str) -> Result<Option<u32>, NativeError> {
        match self.get(key)? {
            None => Ok(None),
            Some(Value::Integer(i)) => u32::try_from(*i)
                .map(Some)
                .map_err(|_| self.bad_field(key, format!("{key} = {i} is out of range"))),
            Some(_) => Err(self.bad_field(key, format!("{key} must be a whole number"))),
        }
    }

    /// A whole number.
    pub fn int(&self, key: &str) -> Result<u32, NativeError> {
        self.opt_int(key)?
            .ok_or_else(|| self.bad(format!("missing {key}")))
    }

    /// A flag (false when absent).
    pub fn flag(&self, key: &str) -> Result<bool, NativeError> {
        match self.get(key)? {
            None => Ok(false),
            Some(Value::Boolean(b)) => Ok(*b),
            Some(_) => Err(self.bad_field(key, format!("{key} must be true or false"))),
        }
    }

    /// A text.
    pub fn text(&self, key: &str) -> Result<&str, NativeError> {
        self.string(key)?
            .ok_or_else(|| self.bad(format!("missing {key}")))
    }

    /// A list of digits.
    pub fn digits(&self, key: &str) -> Result<Vec<u8>, NativeError> {
        let v = self
            .get(key)?
            .ok_or_else(|| self.bad(format!("missing {key}")))?;
        let list = v
            .as_array()
            .ok_or_else(|| self.bad_field(key, format!("{key} must be a list of digits")))?;
        list.iter()
            .map(|d| match d.as_integer() {
                Some(x) if (1..=255).contains(&x) => Ok(x as u8),
                _ => Err(self.bad_field(key, format!("{d} is not a digit"))),
            })
            .collect()
    }
}

/// Cells as `r1c1 r1c2`.
pub(crate) fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| format!("r{}c{}", c.row + 1, c.col + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The writing context a rule gets.
#[derive(Default)]
pub(crate) struct TomlOut {
    /// The grid's size.
    pub n: usize,
    pub globals: Vec<String>,
    pub cells: BTreeMap<&'static str, String>,
    pub tables: BTreeMap<&'static str, Vec<Table>>,
    pub values: BTreeMap<&'static str, Value>,
}

impl TomlOut {
    /// Adds a name to the `global` list.
    pub fn global(&mut self, name: &str) {
        if !self.globals.iter().any(|g| g == name) {
            self.globals.push(name.to_string());
        }
    }

    /// Adds a cell to a cell list.
    pub fn cell(&mut self, key: &'static str, c: Cell) {
        let t = cells_text(&[c]);
        let s = self.cells.entry(key).or_default();
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&t);
    }

    /// Adds a table to an array of tables.
    pub fn table(&mut self, key: &'static str, t: Table) {
        self.tables.entry(key).or_default().push(t);
    }

    /// Sets a whole value; a string appends to what is there.
    pub fn value(&mut self, key: &'static str, v: Value) {
        match (self.values.get_mut(key), v) {
            (Some(Value::String(s)), Value::String(t)) => s.push_str(&t),
            (_, v) => {
                self.values.insert(key, v);
            }
        }
    }
}
