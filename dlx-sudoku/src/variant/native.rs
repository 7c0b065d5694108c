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

use toml::{Table, Value};

use crate::sudoku::{Cell, Grid, Shape};
pub use crate::variant::io::native::NativeError;
use crate::variant::io::native::{bad, parse_cells, to_cells, TomlIn, TomlItem, TomlKey, TomlOut};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::rules;

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
