//! The JSON lines of distributed runs: `dlx split` writes a header and one line per unit;
//! `dlx count --unit(s-file)` writes one result line per unit; `dlx merge` reads them all.
//!
//! ```text
//! {"dlx_units":1,"problem":"<hash>","total":3}
//! {"problem":"<hash>","id":0,"unit":"root","weight":0.1,"done":{"solutions":0,"nodes":1,"updates":12}}
//! {"problem":"<hash>","id":1,"unit":{"range":{"path":[],"first":1,"last":4}},"weight":0.45}
//! ```

use anyhow::Result;
use dlx_core::{Unit, UnitCounts};
use serde::{Deserialize, Serialize};

use crate::output::InputError;

/// The version of the unit-line format.
pub const UNITS_VERSION: u32 = 1;

/// The first line of `dlx split`'s output.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct Header {
    /// The format's version.
    pub dlx_units: u32,
    /// The problem's hash.
    pub problem: String,
    /// How many unit lines follow (ids `0..total`).
    pub total: usize,
}

/// One unit: to do (no `done`), or finished with its counts.
#[derive(Debug, Serialize, Deserialize, PartialEq, Clone)]
pub struct UnitLine {
    /// The problem's hash.
    pub problem: String,
    /// The unit's number within its split.
    pub id: usize,
    /// The unit.
    pub unit: Unit,
    /// Its estimated share of the tree.
    #[serde(default)]
    pub weight: f64,
    /// Its counts, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<UnitCounts>,
}

/// A line of a units file.
#[derive(Debug, PartialEq)]
pub enum Line {
    /// The header.
    Header(Header),
    /// A unit.
    Unit(UnitLine),
}

/// Reads the lines of a units file; blank lines are skipped. Errors name file and line.
pub fn read_lines(name: &str, text: &str) -> Result<Vec<(usize, Line)>> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let number = k + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| {
            InputError::new(format!(
                "{name}:{number}:{}: expected a JSON object: {e}",
                e.column()
            ))
        })?;
        let line = if value.get("dlx_units").is_some() {
            let h: Header = serde_json::from_value(value)
                .map_err(|e| InputError::new(format!("{name}:{number}:1: bad header line: {e}")))?;
            if h.dlx_units != UNITS_VERSION {
                return Err(InputError::new(format!(
                    "{name}:{number}:1: units format version {} is not supported (expected {UNITS_VERSION})",
                    h.dlx_units
                ))
                .into());
            }
            Line::Header(h)
        } else {
            Line::Unit(serde_json::from_value(value).map_err(|e| {
                InputError::new(format!(
                    "{name}:{number}:1: expected a unit line with problem, id and unit: {e}"
                ))
            })?)
        };
        out.push((number, line));
    }
    Ok(out)
}
