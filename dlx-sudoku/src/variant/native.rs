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
//!                            # anti-diagonal, yin-yang, negative-black/-white/-xv/-x/-v
//! odd = "r1c2 r3c4"          # also even, minimum, maximum, water, land
//! counting-circles = "r1c1 r2c3"  # one set of cells for the whole puzzle
//! [[killer]]
//! cells = "r4c1 r4c2"
//! sum = 7
//! [[thermometer]]            # every line: cells in drawn order, conditional = true|false
//! cells = "r1c1 r1c2 r2c2"
//! ```
//!
//! This module reads and writes the container (size, shape, givens, metadata); each rule's
//! key is read and written by the rule that owns it.

use std::collections::BTreeMap;

use thiserror::Error;
use toml::{Table, Value};

use crate::sudoku::{Cell, Grid, Shape};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::rules;

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
        at: Option<Position>,
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
        /// [`from_toml`]; see [`NativeError::position`].
        at: Option<Position>,
    },
}

impl NativeError {
    /// The same error, about a key of its table.
    fn in_field(self, key: &str) -> NativeError {
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

/// A place in a text: line and column, both from 1 (columns count characters).
///
/// ```
/// use dlx_sudoku::variant::Position;
/// assert_eq!(Position::of_offset("ab\ncd", 4), Position { line: 2, column: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl Position {
    /// The position of a byte offset in `text` (clamped to the text, and to a character
    /// boundary).
    ///
    /// See [`Position`] for an example.
    pub fn of_offset(text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Position {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl NativeError {
    /// Where in the text the error lies, for errors whose message does not say so itself
    /// (a TOML syntax error's message quotes its line and column).
    ///
    /// ```
    /// use dlx_sudoku::variant::{from_toml, Position};
    /// let err = from_toml("size = 4\n[[killer]]\ncells = \"r1c1 x\"\n").unwrap_err();
    /// assert_eq!(err.position(), Some(Position { line: 3, column: 1 }));
    /// ```
    pub fn position(&self) -> Option<Position> {
        match self {
            NativeError::Bad { at, .. } => *at,
            NativeError::Toml { at, .. } => *at,
        }
    }

    /// A TOML parser's error in `text`, with its position.
    pub(crate) fn toml(e: toml::de::Error, text: &str) -> NativeError {
        NativeError::Toml {
            message: e.message().trim_end().to_string(),
            at: e.span().map(|s| Position::of_offset(text, s.start)),
        }
    }

    /// Finds where a `Bad` error lies in the text it was read from.
    fn located(self, text: &str) -> NativeError {
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
fn locate(text: &str, place: &str, field: Option<&str>) -> Option<Position> {
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
    Some(Position::of_offset(text, span.start))
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
fn parse_cells(place: &str, text: &str, outside: bool) -> Result<Vec<(i64, i64)>, NativeError> {
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

fn to_cells(v: Vec<(i64, i64)>) -> Vec<Cell> {
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
            _ => Err(self.bad("expected a table")),
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
            _ => Err(self.bad("expected cells like \"r1c1 r2c2\"")),
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
            _ => Err(self.bad("expected a value")),
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
    globals: Vec<String>,
    cells: BTreeMap<&'static str, String>,
    tables: BTreeMap<&'static str, Vec<Table>>,
    values: BTreeMap<&'static str, Value>,
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

/// Keys of the container (everything else is a rule's).
const CONTAINER: &[&str] = &[
    "title", "author", "rules", "size", "boxes", "regions", "givens", "solution",
];

fn opt_str<'a>(t: &'a Table, key: &str) -> Result<Option<&'a str>, NativeError> {
    match t.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(key, "must be a string")),
    }
}

fn known_keys() -> String {
    let mut keys: Vec<&str> = CONTAINER.to_vec();
    keys.push("global");
    keys.extend(
        rules::toml_keys()
            .iter()
            .filter(|k| !matches!(k, TomlKey::Global(_)))
            .map(|k| k.name()),
    );
    keys.join(", ")
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
/// assert!(matches!(&p.constraints[1], Constraint::Line(l) if l.kind == LineKind::Renban && l.conditional));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_toml(text: &str) -> Result<VariantPuzzle, NativeError> {
    read_toml(text).map_err(|e| e.located(text))
}

/// Reads one entry through the rule that owns its key and checks what it read against the
/// grid, so that an error points at the entry.
fn read_entry(p: &mut VariantPuzzle, key: &TomlKey, item: &TomlIn<'_>) -> Result<(), NativeError> {
    let read = rules::read_toml(key, item).expect("a known key")?;
    for c in &read {
        p.validate_constraint(c)
            .map_err(|reason| item.bad(reason))?;
    }
    p.constraints.extend(read);
    Ok(())
}

fn read_toml(text: &str) -> Result<VariantPuzzle, NativeError> {
    let root: Table = toml::from_str(text).map_err(|e| NativeError::toml(e, text))?;
    let n = match root.get("size") {
        Some(Value::Integer(i)) if (1..=255).contains(i) => *i as usize,
        Some(v) => return Err(bad("size", format!("{v} is not a grid size"))),
        None => return Err(bad("size", "missing")),
    };
    let regions = match root.get("regions") {
        None => Vec::new(),
        Some(Value::Array(rows)) => rows
            .iter()
            .map(|r| {
                r.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| bad("regions", "expected a list of strings"))
            })
            .collect::<Result<Vec<String>, _>>()?,
        Some(_) => return Err(bad("regions", "expected a list of strings")),
    };
    let shape = if !regions.is_empty() {
        Shape::jigsaw_from_map(&regions.concat()).map_err(|e| bad("regions", e.to_string()))?
    } else {
        match opt_str(&root, "boxes")? {
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
    p.title = opt_str(&root, "title")?.map(str::to_string);
    p.author = opt_str(&root, "author")?.map(str::to_string);
    p.rules = opt_str(&root, "rules")?.map(str::to_string);
    if let Some(g) = opt_str(&root, "givens")? {
        p.givens = parse_grid("givens", g, n)?;
    }
    if let Some(s) = opt_str(&root, "solution")? {
        p.solution = Some(parse_grid("solution", s, n)?);
    }
    let keys = rules::toml_keys();
    for (key, value) in &root {
        let k = key.as_str();
        if CONTAINER.contains(&k) {
            continue;
        }
        if k == "global" {
            let names = value
                .as_array()
                .ok_or_else(|| bad("global", "expected a list of rule names"))?;
            for name in names {
                let name = name
                    .as_str()
                    .ok_or_else(|| bad("global", format!("{name} is not a rule name")))?;
                let Some(tk) = lookup(&keys, name, TomlKey::Global) else {
                    let mut known: Vec<&str> = keys
                        .iter()
                        .filter(|t| matches!(t, TomlKey::Global(_)))
                        .map(|t| t.name())
                        .collect();
                    known.sort_unstable();
                    return Err(bad(
                        "global",
                        format!("unknown rule {name:?}; known: {}", known.join(", ")),
                    ));
                };
                let item = TomlIn {
                    place: "global".into(),
                    n,
                    item: TomlItem::Flag,
                };
                read_entry(&mut p, &tk, &item)?;
            }
            continue;
        }
        if let Some(tk) = lookup(&keys, k, TomlKey::Tables) {
            let tables = value
                .as_array()
                .ok_or_else(|| bad(k, format!("expected [[{k}]] tables")))?;
            for (i, t) in tables.iter().enumerate() {
                let t = t
                    .as_table()
                    .ok_or_else(|| bad(k, format!("expected [[{k}]] tables")))?;
                let item = TomlIn {
                    place: format!("{k} {}", i + 1),
                    n,
                    item: TomlItem::Table(t),
                };
                read_entry(&mut p, &tk, &item)?;
            }
        } else if let Some(tk) = lookup(&keys, k, TomlKey::Cells) {
            let text = value
                .as_str()
                .ok_or_else(|| bad(k, "expected cells like \"r1c1 r2c2\""))?;
            for c in to_cells(parse_cells(k, text, false)?) {
                let item = TomlIn {
                    place: k.to_string(),
                    n,
                    item: TomlItem::Cell(c),
                };
                read_entry(&mut p, &tk, &item)?;
            }
        } else if let Some(tk) = lookup(&keys, k, TomlKey::Value) {
            let item = TomlIn {
                place: k.to_string(),
                n,
                item: TomlItem::Value(value),
            };
            read_entry(&mut p, &tk, &item)?;
        } else {
            return Err(bad(k, format!("unknown key; known: {}", known_keys())));
        }
    }
    Ok(p)
}

/// The key of this form (`TomlKey::Tables`...) and name, if some rule reads it.
fn lookup(keys: &[TomlKey], name: &str, form: fn(&'static str) -> TomlKey) -> Option<TomlKey> {
    keys.iter()
        .copied()
        .find(|k| k.name() == name && *k == form(k.name()))
}

/// Writes a puzzle in our TOML format (constraints grouped by kind).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{from_toml, to_toml, Shade, VariantPuzzle, YinYang};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(YinYang.into());
/// p.constraints.push(Shade { cell: Cell::new(0, 0), water: true }.into());
/// let text = to_toml(&p);
/// assert!(text.contains("global = [\"yin-yang\"]"));
/// assert_eq!(from_toml(&text)?, p);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_toml(p: &VariantPuzzle) -> String {
    let n = p.size();
    let mut root = Table::new();
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            root.insert(k.to_string(), Value::String(v));
        }
    };
    put("title", p.title.clone());
    put("author", p.author.clone());
    put("rules", p.rules.clone());
    root.insert("size".into(), Value::Integer(n as i64));
    match p.shape.box_dims() {
        Some((r, c)) => {
            if Shape::for_size(n).ok().and_then(|s| s.box_dims()) != Some((r, c)) {
                root.insert("boxes".into(), Value::String(format!("{r}x{c}")));
            }
        }
        None if p.shape.has_regions() => {
            const SYMBOLS: &[u8] =
                b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
            let rows: Vec<Value> = (0..n)
                .map(|r| {
                    Value::String(
                        (0..n)
                            .map(|c| {
                                let k = p.shape.region_of(Cell::new(r, c)).unwrap_or(0);
                                SYMBOLS.get(k).map_or('?', |&b| b as char)
                            })
                            .collect(),
                    )
                })
                .collect();
            root.insert("regions".into(), Value::Array(rows));
        }
        None => {
            root.insert("boxes".into(), Value::String("none".into()));
        }
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
        root.insert("givens".into(), Value::String(grid_text(&p.givens)));
    }
    if let Some(s) = &p.solution {
        root.insert("solution".into(), Value::String(grid_text(s)));
    }
    let mut out = TomlOut {
        n,
        ..TomlOut::default()
    };
    for c in &p.constraints {
        c.rule().to_toml(&mut out);
    }
    if !out.globals.is_empty() {
        root.insert(
            "global".into(),
            Value::Array(out.globals.into_iter().map(Value::String).collect()),
        );
    }
    for (k, v) in out.cells {
        root.insert(k.into(), Value::String(v));
    }
    for (k, v) in out.values {
        root.insert(k.into(), v);
    }
    for (k, ts) in out.tables {
        root.insert(
            k.into(),
            Value::Array(ts.into_iter().map(Value::Table).collect()),
        );
    }
    toml::to_string(&root).expect("the native format always serialises")
}
