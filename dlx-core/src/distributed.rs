//! The JSON lines of distributed runs: `dlx split` writes a [`SplitHeader`] and one
//! [`UnitLine`] per unit; `dlx count --unit(s-file)` writes each unit's line again with its
//! counts; [`merge`] adds the results up.
//!
//! ```text
//! {"dlx_units":2,"problem":"<hash>","split":"<digest>","total":3}
//! {"problem":"<hash>","split":"<digest>","id":0,"unit":"root","until":[1],"weight":0.1,"done":{"solutions":0,"nodes":1,"updates":12}}
//! {"problem":"<hash>","split":"<digest>","id":1,"unit":{"range":{"path":[],"first":1,"last":4}},"until":"end","weight":0.9}
//! ```
//!
//! A result carries its unit and the digest of its split, and [`merge`] compares both
//! with the split's, so results of another split of the same problem never fill a gap;
//! the split's units must cover the tree exactly once (each says where it ends, see
//! [`TreePosition`]); counts are added without wrapping; and nothing is allocated by the
//! header's word: what is kept grows with the lines read.
//!
//! ```
//! use dlx_core::{distributed::{merge, split_lines, unit_line_text}, format::parse, split_units, UnitSearch};
//! let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
//! let (header, lines) = split_lines(&split_units(&p, 6));
//! let mut split = serde_json::to_string(&header).unwrap() + "\n";
//! let mut results = String::new();
//! for mut line in lines {
//!     split += &(unit_line_text(&line) + "\n");
//!     if line.done.is_none() {
//!         line.done = Some(UnitSearch::new(&p, &line.unit).unwrap().count());
//!         results += &(unit_line_text(&line) + "\n");
//!     }
//! }
//! let merged = merge(&[("units.jsonl", &split), ("results.jsonl", &results)]).unwrap();
//! assert_eq!(merged.counts.solutions, 92);
//! // Without the results: a gap.
//! assert!(merge(&[("units.jsonl", &split)]).is_err());
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::checkpoint::Checkpoint;
use crate::engine::Counters;
use crate::unit::{TreePosition, Unit};

/// The version of the unit-line format. Version 2 added `split` (the split's digest) and
/// `until` (where each unit ends).
pub const UNITS_VERSION: u32 = 2;

/// The first line of a split.
///
/// See the [module docs](self) for an example.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SplitHeader {
    /// The format's version ([`UNITS_VERSION`]).
    pub dlx_units: u32,
    /// The problem's hash ([`problem_hash`](crate::problem_hash)).
    pub problem: String,
    /// The digest of the split's units ([`split_digest`]).
    pub split: String,
    /// How many unit lines follow (ids `0..total`).
    pub total: u64,
}

/// One unit of a split: to do (no `done`), or finished with its counts.
///
/// See the [module docs](self) for an example.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnitLine {
    /// The problem's hash.
    pub problem: String,
    /// The digest of the split the unit belongs to (absent in hand-written unit lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<String>,
    /// The unit's number within its split.
    pub id: u64,
    /// The unit.
    pub unit: Unit,
    /// Where the unit's part of the tree ends (see [`UnitRecord`](crate::UnitRecord)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<TreePosition>,
    /// Its estimated share of the tree.
    #[serde(default)]
    pub weight: f64,
    /// Its counts, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<Counters>,
}

/// A line of a units file.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    /// The header.
    Header(SplitHeader),
    /// A unit.
    Unit(UnitLine),
}

/// A mistake in a units file, or in the set of files given to [`merge`]; `at` names the
/// file and line (`FILE:LINE:COLUMN`) when there is one.
///
/// ```
/// use dlx_core::distributed::{read_lines, UnitsError};
/// let err = read_lines("units.jsonl", "{\"dlx_units\":1}\n").unwrap_err();
/// assert!(err.to_string().starts_with("units.jsonl:1:1: "), "{err}");
/// ```
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{}{message}", at.as_ref().map(|a| format!("{a}: ")).unwrap_or_default())]
pub struct UnitsError {
    /// Where: `FILE:LINE:COLUMN`.
    pub at: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl UnitsError {
    fn at(at: impl Into<String>, message: impl Into<String>) -> Self {
        UnitsError {
            at: Some(at.into()),
            message: message.into(),
        }
    }

    fn whole(message: impl Into<String>) -> Self {
        UnitsError {
            at: None,
            message: message.into(),
        }
    }
}

/// The lines of the file written by `dlx split` for `plan` (from
/// [`split_units`](crate::split_units)): the header and one line per record, in order.
///
/// See the [module docs](self) for an example.
pub fn split_lines(plan: &Checkpoint) -> (SplitHeader, Vec<UnitLine>) {
    let mut lines: Vec<UnitLine> = plan
        .units
        .iter()
        .enumerate()
        .map(|(id, r)| UnitLine {
            problem: plan.problem.clone(),
            split: None,
            id: id as u64,
            unit: r.unit.clone(),
            until: r.until.clone(),
            weight: r.weight,
            done: r.done,
        })
        .collect();
    let digest = split_digest(
        lines
            .iter()
            .map(|l| (l.id, &l.unit, l.until.as_ref(), l.problem.as_str())),
    );
    for line in &mut lines {
        line.split = Some(digest.clone());
    }
    let header = SplitHeader {
        dlx_units: UNITS_VERSION,
        problem: plan.problem.clone(),
        split: digest,
        total: lines.len() as u64,
    };
    (header, lines)
}

/// A unit line as one line of JSON.
///
/// See the [module docs](self) for an example.
pub fn unit_line_text(line: &UnitLine) -> String {
    serde_json::to_string(line).unwrap_or_default()
}

/// The digest that names a split: FNV-1a (64 bits) of the problem's hash and each unit's
/// id, unit and end, in id order, as 16 hex digits. Two splits of one problem into
/// different units have different digests.
///
/// ```
/// use dlx_core::{distributed::split_lines, format::parse, split_units};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let (a, _) = split_lines(&split_units(&p, 4));
/// let (b, _) = split_lines(&split_units(&p, 16));
/// assert_ne!(a.split, b.split);
/// ```
pub fn split_digest<'a>(
    units: impl IntoIterator<Item = (u64, &'a Unit, Option<&'a TreePosition>, &'a str)>,
) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for (id, unit, until, problem) in units {
        eat(problem.as_bytes());
        eat(&id.to_le_bytes());
        eat(serde_json::to_string(unit).unwrap_or_default().as_bytes());
        eat(serde_json::to_string(&until).unwrap_or_default().as_bytes());
        eat(b"\n");
    }
    format!("{h:016x}")
}

/// Reads the lines of a units file (`name` is used in errors); blank lines are skipped.
///
/// ```
/// use dlx_core::distributed::{read_lines, Line};
/// let text = r#"{"problem":"ab","id":3,"unit":"root"}"#;
/// let lines = read_lines("-", text).unwrap();
/// assert!(matches!(&lines[0], (1, Line::Unit(u)) if u.id == 3));
/// ```
pub fn read_lines(name: &str, text: &str) -> Result<Vec<(usize, Line)>, UnitsError> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let number = k + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| {
            UnitsError::at(
                format!("{name}:{number}:{}", e.column()),
                format!("expected a JSON object: {e}"),
            )
        })?;
        let at = format!("{name}:{number}:1");
        let line = if value.get("dlx_units").is_some() {
            let version = value.get("dlx_units").and_then(serde_json::Value::as_u64);
            if version != Some(u64::from(UNITS_VERSION)) {
                return Err(UnitsError::at(
                    at,
                    format!(
                        "units format version {} is not supported (expected {UNITS_VERSION}): \
                         split the problem again with this dlx",
                        value["dlx_units"]
                    ),
                ));
            }
            Line::Header(
                serde_json::from_value(value)
                    .map_err(|e| UnitsError::at(at, format!("bad header line: {e}")))?,
            )
        } else {
            Line::Unit(serde_json::from_value(value).map_err(|e| {
                UnitsError::at(
                    at,
                    format!("expected a unit line with problem, id and unit: {e}"),
                )
            })?)
        };
        out.push((number, line));
    }
    Ok(out)
}

/// What [`merge`] found: the split's header and the sum of its units' counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The split's header.
    pub header: SplitHeader,
    /// The sum of every unit's counts.
    pub counts: Counters,
}

/// Adds up the results of a split. `files` are `(name, text)` pairs: the file written by
/// `dlx split` (its finished units count as results) and any number of result files.
/// Refuses, naming the file and line:
///
/// - no header, two different headers, a version not read here;
/// - a line of another problem, or of another split (its digest or its unit differs from
///   the split's unit of the same id);
/// - a split whose lines are not all there, or do not match its header's digest, or whose
///   units do not cover the tree exactly once;
/// - a unit with two results (a duplicate), a unit without a result (a gap);
/// - counts that add up past 2⁶⁴ − 1.
///
/// See the [module docs](self) for an example.
pub fn merge(files: &[(&str, &str)]) -> Result<Merged, UnitsError> {
    struct Seen {
        unit: Unit,
        until: Option<TreePosition>,
        at: String,
    }
    let mut header: Option<(SplitHeader, String)> = None;
    let mut problem: Option<(String, String)> = None;
    let mut units: BTreeMap<u64, Seen> = BTreeMap::new();
    let mut results: BTreeMap<u64, (Counters, String)> = BTreeMap::new();
    // The split digest of every unit line, to compare with the header's once it is known.
    let mut digests: Vec<(Option<String>, String)> = Vec::new();
    for &(name, text) in files {
        for (number, line) in read_lines(name, text)? {
            let at = format!("{name}:{number}:1");
            let hash = match &line {
                Line::Header(h) => &h.problem,
                Line::Unit(u) => &u.problem,
            };
            match &problem {
                None => problem = Some((hash.clone(), at.clone())),
                Some((p, first)) if p != hash => {
                    return Err(UnitsError::at(
                        at,
                        format!("a line of problem {hash}, but {first} is of problem {p}"),
                    ))
                }
                Some(_) => {}
            }
            match line {
                Line::Header(h) => match &header {
                    Some((other, first)) if *other != h => {
                        return Err(UnitsError::at(
                            at,
                            format!("a second, different split header (the first is at {first})"),
                        ))
                    }
                    Some(_) => {}
                    None => header = Some((h, at)),
                },
                Line::Unit(u) => {
                    match units.get(&u.id) {
                        Some(seen) if seen.unit != u.unit || seen.until != u.until => {
                            return Err(UnitsError::at(
                                at,
                                format!(
                                    "unit {} here is not unit {} at {} (a result of another split?)",
                                    u.id, u.id, seen.at
                                ),
                            ))
                        }
                        Some(_) => {}
                        None => {
                            units.insert(
                                u.id,
                                Seen {
                                    unit: u.unit.clone(),
                                    until: u.until.clone(),
                                    at: at.clone(),
                                },
                            );
                        }
                    }
                    digests.push((u.split.clone(), at.clone()));
                    if let Some(counts) = u.done {
                        if let Some((_, first)) = results.get(&u.id) {
                            // The same place twice: the same file given twice.
                            let also = if *first == at {
                                format!("{name} is given twice, and this line is read again")
                            } else {
                                format!("also at {first}")
                            };
                            return Err(UnitsError::at(
                                at,
                                format!("unit {} counted twice ({also})", u.id),
                            ));
                        }
                        results.insert(u.id, (counts, at));
                    }
                }
            }
        }
    }
    let Some((header, _)) = header else {
        return Err(UnitsError::whole(
            "no split header: give the file written by `dlx split` as well as the results",
        ));
    };
    for (digest, at) in &digests {
        if digest.as_deref() != Some(header.split.as_str()) {
            return Err(UnitsError::at(
                at.clone(),
                format!(
                    "a unit of split {}, but the split header is of split {} (results of another split?)",
                    digest.as_deref().unwrap_or("(none)"),
                    header.split
                ),
            ));
        }
    }
    if let Some((&id, seen)) = units.range(header.total..).next() {
        return Err(UnitsError::at(
            seen.at.clone(),
            format!(
                "unit {id} is not part of the split (it has units 0..{})",
                header.total
            ),
        ));
    }
    if units.len() as u64 != header.total {
        return Err(UnitsError::whole(format!(
            "the split has {} units, but only {} of them were given: give the file written \
             by `dlx split` as well as the results",
            header.total,
            units.len()
        )));
    }
    let digest = split_digest(
        units
            .iter()
            .map(|(&id, s)| (id, &s.unit, s.until.as_ref(), header.problem.as_str())),
    );
    if digest != header.split {
        return Err(UnitsError::whole(format!(
            "the split's unit lines do not match its header (digest {digest}, header {}): \
             the split file was changed",
            header.split
        )));
    }
    check_cover(
        &units
            .values()
            .map(|s| (&s.unit, &s.until, &s.at))
            .collect::<Vec<_>>(),
    )?;
    let missing: Vec<u64> = units
        .keys()
        .filter(|id| !results.contains_key(id))
        .copied()
        .collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        return Err(UnitsError::whole(format!(
            "{} of {} units have no result (gap): {}{}",
            missing.len(),
            header.total,
            shown.join(", "),
            if missing.len() > 10 { ", ..." } else { "" }
        )));
    }
    let counts = results
        .values()
        .try_fold(Counters::default(), |a, (c, _)| a.checked_add(*c))
        .ok_or_else(|| UnitsError::whole("the counts add up to more than 2^64 - 1"))?;
    Ok(Merged { header, counts })
}

/// Checks that the units, each from its start to its `until`, cover the tree exactly once.
fn check_cover(units: &[(&Unit, &Option<TreePosition>, &String)]) -> Result<(), UnitsError> {
    let mut order: Vec<(TreePosition, TreePosition, &String)> = Vec::with_capacity(units.len());
    for &(unit, until, at) in units {
        let Some(until) = until else {
            return Err(UnitsError::at(
                at.clone(),
                "the unit does not say where it ends (`until`): split the problem again with this dlx",
            ));
        };
        order.push((unit.start(), until.clone(), at));
    }
    order.sort_by(|a, b| a.0.cmp(&b.0));
    let mut reached = TreePosition::At(Vec::new());
    for (start, end, at) in order {
        if start > reached {
            return Err(UnitsError::whole(format!(
                "the split's units do not cover the search tree: nothing covers it from {reached} to {start} (a unit is missing)"
            )));
        }
        if start < reached || end <= start {
            return Err(UnitsError::at(
                at.clone(),
                format!("this unit overlaps another at {start} (the split's units cover part of the tree twice)"),
            ));
        }
        reached = end;
    }
    if reached != TreePosition::End {
        return Err(UnitsError::whole(format!(
            "the split's units do not cover the search tree: nothing covers it from {reached} to the end (a unit is missing)"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{format::parse, split_units, UnitSearch};

    /// A split of q8 into `n` units and every result, as file texts.
    fn split_and_results(n: usize) -> (String, String) {
        let p = parse(include_str!("../tests/data/q8.dlx")).unwrap();
        let (header, lines) = split_lines(&split_units(&p, n));
        let mut split = serde_json::to_string(&header).unwrap() + "\n";
        let mut results = String::new();
        for mut line in lines {
            split += &(unit_line_text(&line) + "\n");
            if line.done.is_none() {
                line.done = Some(UnitSearch::new(&p, &line.unit).unwrap().count());
                results += &(unit_line_text(&line) + "\n");
            }
        }
        (split, results)
    }

    #[test]
    fn results_of_another_split_never_fill_a_gap() {
        // Issue 25: split with 4 and with 16 units, drop some results of the first and
        // add the same ids from the second: merge printed a wrong total, marked complete.
        let (split_a, results_a) = split_and_results(4);
        let (_, results_b) = split_and_results(16);
        let a: Vec<&str> = results_a.lines().collect();
        let b: Vec<&str> = results_b.lines().collect();
        let ids = |l: &&str| serde_json::from_str::<UnitLine>(l).unwrap().id;
        let in_b: Vec<u64> = b.iter().map(ids).collect();
        let dropped: Vec<u64> = a
            .iter()
            .map(ids)
            .filter(|id| in_b.contains(id))
            .take(2)
            .collect();
        assert_eq!(dropped.len(), 2);
        let mut mixed: Vec<&str> = a
            .iter()
            .filter(|l| !dropped.contains(&ids(l)))
            .copied()
            .collect();
        mixed.extend(b.iter().filter(|l| dropped.contains(&ids(l))));
        assert_eq!(mixed.len(), a.len(), "the other split has the same ids");
        let mixed = mixed.join("\n");
        let err = merge(&[("units", &split_a), ("results", &mixed)]).unwrap_err();
        assert!(err.message.contains("another split"), "{err}");
        // Even when the line claims the right split: its unit is not the split's.
        let forged = mixed.replace(
            &serde_json::from_str::<UnitLine>(b[0])
                .unwrap()
                .split
                .unwrap(),
            &serde_json::from_str::<UnitLine>(a[0])
                .unwrap()
                .split
                .unwrap(),
        );
        assert!(merge(&[("units", &split_a), ("results", &forged)]).is_err());
        assert_eq!(
            merge(&[("units", &split_a), ("results", &results_a)])
                .unwrap()
                .counts
                .solutions,
            92
        );
    }

    #[test]
    fn the_header_is_a_claim_not_an_allocation() {
        let (split, results) = split_and_results(4);
        for total in ["1000000000", "18446744073709551615"] {
            let big = split.replacen(
                &format!("\"total\":{}", split.lines().count() - 1),
                &format!("\"total\":{total}"),
                1,
            );
            let err = merge(&[("units", &big), ("results", &results)]).unwrap_err();
            assert!(err.message.contains("only"), "{err}");
        }
    }

    #[test]
    fn counts_never_wrap() {
        let (split, results) = split_and_results(4);
        let huge = results
            .lines()
            .map(|l| {
                let mut u: UnitLine = serde_json::from_str(l).unwrap();
                u.done = Some(Counters {
                    solutions: u64::MAX / 2,
                    nodes: 0,
                    updates: 0,
                });
                unit_line_text(&u)
            })
            .collect::<Vec<_>>()
            .join("\n");
        let err = merge(&[("units", &split), ("results", &huge)]).unwrap_err();
        assert!(err.message.contains("2^64"), "{err}");
    }

    #[test]
    fn a_changed_split_file_is_refused() {
        let (split, results) = split_and_results(6);
        // A unit line removed from the split (and its result): the header disagrees.
        let lines: Vec<&str> = split.lines().collect();
        let last = lines.len() - 1;
        let removed: String = lines[..last].join("\n");
        let id = serde_json::from_str::<UnitLine>(lines[last]).unwrap().id;
        let kept: String = results
            .lines()
            .filter(|l| serde_json::from_str::<UnitLine>(l).unwrap().id != id)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(merge(&[("units", &removed), ("results", &kept)]).is_err());
    }
}
