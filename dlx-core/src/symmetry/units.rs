//! Work units of a count by symmetry: one per piece ([`Piece`]: a leaf of the orbit plan
//! with its weight, or a fixed-point problem of Burnside's sum), written by
//! `dlx split --symmetry`, counted anywhere by `dlx count --symmetry --unit`, and added up
//! by `dlx merge` into the total and the count up to symmetry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::distributed::UnitsError;
use crate::engine::Counters;

use super::{Piece, Pieces};

/// The version of the format of a split by symmetry.
pub const SYMMETRY_UNITS_VERSION: u32 = 1;

/// The first line of a split by symmetry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymmetricSplitHeader {
    /// The format's version ([`SYMMETRY_UNITS_VERSION`]).
    pub dlx_symmetry_units: u32,
    /// The problem's hash ([`problem_hash`](crate::problem_hash)).
    pub problem: String,
    /// The digest of the pieces ([`Pieces::digest`]).
    pub split: String,
    /// The number of pieces asked for (they are made again from it to check a unit).
    pub at_least: usize,
    /// The group's order.
    pub group_order: usize,
    /// How many unit lines follow (ids `0..total`).
    pub total: u64,
}

/// One unit of a split by symmetry: a piece, to do or done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymmetricUnitLine {
    /// The problem's hash.
    pub problem: String,
    /// The digest of the split's pieces.
    pub split: String,
    /// The number of pieces asked for.
    pub at_least: usize,
    /// The unit's number within its split.
    pub id: u64,
    /// The piece.
    pub piece: Piece,
    /// Its counts, once counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<Counters>,
}

/// The header and the unit lines of a split of `pieces` (made with `at_least`).
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::problem_hash;
/// use dlx_core::symmetry::{find_group, merge_symmetric, symmetric_split, SymmetricCounter, SymmetricUnitLine};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let group = find_group(&p)?;
/// let counter = SymmetricCounter::new(&p, &group).up_to_symmetry(true);
/// let pieces = counter.pieces(8)?;
/// let (header, lines) = symmetric_split(&problem_hash(&p), &pieces, 8);
/// let mut text = serde_json::to_string(&header).unwrap() + "\n";
/// for line in &lines {
///     let mut done = line.clone();
///     let c = counter.count_piece(&line.piece)?;
///     done.done = Some(dlx_core::Counters { solutions: c.solutions, nodes: c.stats.nodes, updates: c.stats.updates });
///     text += &(serde_json::to_string(&done).unwrap() + "\n");
/// }
/// let merged = merge_symmetric(&[("units.jsonl", &text)]).unwrap();
/// assert_eq!((merged.solutions, merged.up_to_symmetry), (92, Some(12)));
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
pub fn symmetric_split(
    problem_hash: &str,
    pieces: &Pieces,
    at_least: usize,
) -> (SymmetricSplitHeader, Vec<SymmetricUnitLine>) {
    let split = pieces.digest(problem_hash);
    let header = SymmetricSplitHeader {
        dlx_symmetry_units: SYMMETRY_UNITS_VERSION,
        problem: problem_hash.to_string(),
        split: split.clone(),
        at_least,
        group_order: pieces.group_order,
        total: pieces.pieces.len() as u64,
    };
    let lines = pieces
        .pieces
        .iter()
        .enumerate()
        .map(|(id, piece)| SymmetricUnitLine {
            problem: problem_hash.to_string(),
            split: split.clone(),
            at_least,
            id: id as u64,
            piece: piece.clone(),
            done: None,
        })
        .collect();
    (header, lines)
}

/// True when a units file's text is a split by symmetry (its first line is such a header,
/// or such a unit line).
///
/// ```
/// use dlx_core::symmetry::is_symmetric_units;
/// assert!(is_symmetric_units("{\"dlx_symmetry_units\":1}\n"));
/// assert!(!is_symmetric_units("{\"dlx_units\":2}\n"));
/// ```
pub fn is_symmetric_units(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .is_some_and(|v| v.get("dlx_symmetry_units").is_some() || v.get("piece").is_some())
}

/// A line of a split by symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymmetricLine {
    /// The header.
    Header(SymmetricSplitHeader),
    /// A unit.
    Unit(SymmetricUnitLine),
}

/// Reads the lines of a split by symmetry, or of its results (`name` in errors); blank
/// lines are skipped. Each is returned with its line number.
///
/// ```
/// use dlx_core::symmetry::read_symmetric_lines;
/// let err = read_symmetric_lines("u.jsonl", "{\"dlx_symmetry_units\":9}").unwrap_err();
/// assert!(err.to_string().starts_with("u.jsonl:1:1: "), "{err}");
/// ```
pub fn read_symmetric_lines(
    name: &str,
    text: &str,
) -> Result<Vec<(usize, SymmetricLine)>, UnitsError> {
    let at = |number: usize, column: usize, message: String| UnitsError {
        at: Some(format!("{name}:{number}:{column}")),
        message,
    };
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let number = k + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(raw)
            .map_err(|e| at(number, e.column(), format!("expected a JSON object: {e}")))?;
        let line = if let Some(version) = value.get("dlx_symmetry_units") {
            if version.as_u64() != Some(u64::from(SYMMETRY_UNITS_VERSION)) {
                return Err(at(
                    number,
                    1,
                    format!(
                        "symmetry units format version {version} is not supported (expected \
                         {SYMMETRY_UNITS_VERSION}): split the problem again with this dlx"
                    ),
                ));
            }
            SymmetricLine::Header(
                serde_json::from_value(value)
                    .map_err(|e| at(number, 1, format!("bad header line: {e}")))?,
            )
        } else if value.get("dlx_units").is_some() || value.get("unit").is_some() {
            return Err(at(
                number,
                1,
                "a line of a plain split (`dlx split` without --symmetry), not of a split by \
                 symmetry"
                    .into(),
            ));
        } else {
            SymmetricLine::Unit(serde_json::from_value(value).map_err(|e| {
                at(
                    number,
                    1,
                    format!("expected a unit line of a split by symmetry (problem, split, id, piece): {e}"),
                )
            })?)
        };
        out.push((number, line));
    }
    Ok(out)
}

/// What [`merge_symmetric`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricMerged {
    /// The split's header.
    pub header: SymmetricSplitHeader,
    /// The total: `Σ weight · solutions` over the leaves.
    pub solutions: u64,
    /// The count up to symmetry (Burnside's sum over the group's order), when the split
    /// has the fixed-point pieces.
    pub up_to_symmetry: Option<u64>,
    /// The nodes and updates of all the units.
    pub counts: Counters,
}

/// Adds up the results of a split by symmetry: `files` are `(name, text)` pairs, the split
/// (`dlx split --symmetry`) among them. Refuses, naming the file and line: no header or two
/// different ones; a line of another problem or another split (its digest, or its piece,
/// not the split's of that id); a unit with two results (a duplicate) or none (a gap);
/// counts past 2^64 - 1; a Burnside sum that is not a multiple of the group's order.
///
/// See [`symmetric_split`] for an example.
pub fn merge_symmetric(files: &[(&str, &str)]) -> Result<SymmetricMerged, UnitsError> {
    let whole = |message: String| UnitsError { at: None, message };
    let mut header: Option<(SymmetricSplitHeader, String)> = None;
    let mut units: Vec<(SymmetricUnitLine, String)> = Vec::new();
    for &(name, text) in files {
        for (number, line) in read_symmetric_lines(name, text)? {
            let at = format!("{name}:{number}:1");
            match line {
                SymmetricLine::Header(h) => match &header {
                    Some((other, first)) if *other != h => {
                        return Err(UnitsError {
                            at: Some(at),
                            message: format!(
                                "a second, different split header (the first is at {first})"
                            ),
                        })
                    }
                    Some(_) => {}
                    None => header = Some((h, at)),
                },
                SymmetricLine::Unit(u) => units.push((u, at)),
            }
        }
    }
    let Some((header, _)) = header else {
        return Err(whole(
            "no split header (`{\"dlx_symmetry_units\":...}`): give the file written by \
             `dlx split --symmetry` too"
                .into(),
        ));
    };
    let mut pieces: BTreeMap<u64, (Piece, String)> = BTreeMap::new();
    let mut results: BTreeMap<u64, (Counters, String)> = BTreeMap::new();
    for (u, at) in units {
        let wrong = |message: String| UnitsError {
            at: Some(at.clone()),
            message,
        };
        if u.problem != header.problem {
            return Err(wrong(format!(
                "a line of problem {}, but the split is of problem {}",
                u.problem, header.problem
            )));
        }
        if u.split != header.split || u.at_least != header.at_least || u.id >= header.total {
            return Err(wrong(format!(
                "unit {} is not of this split ({}): a result of another split?",
                u.id, header.split
            )));
        }
        match pieces.get(&u.id) {
            Some((piece, first)) if *piece != u.piece => {
                return Err(wrong(format!(
                    "unit {} here is not unit {} at {first} (a result of another split?)",
                    u.id, u.id
                )))
            }
            Some(_) => {}
            None => {
                pieces.insert(u.id, (u.piece.clone(), at.clone()));
            }
        }
        if let Some(done) = u.done {
            if let Some((_, first)) = results.get(&u.id) {
                return Err(wrong(format!(
                    "unit {} has a result already at {first} (a duplicate)",
                    u.id
                )));
            }
            results.insert(u.id, (done, at.clone()));
        }
    }
    let missing: Vec<u64> = (0..header.total)
        .filter(|id| !results.contains_key(id))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(20).map(u64::to_string).collect();
        return Err(whole(format!(
            "{} of {} units have no result (a gap): ids {}{}",
            missing.len(),
            header.total,
            shown.join(", "),
            if missing.len() > 20 { ", ..." } else { "" }
        )));
    }
    let overflow = || whole("the counts add up to more than 2^64 - 1".into());
    let mut solutions: u64 = 0;
    let mut sum: u128 = 0;
    let mut counts = Counters::default();
    let mut fixed = false;
    for (id, (done, _)) in &results {
        let (piece, _) = &pieces[id];
        fixed |= matches!(piece, Piece::Fixed { .. });
        let part = piece.total_part(done.solutions).ok_or_else(overflow)?;
        solutions = solutions.checked_add(part).ok_or_else(overflow)?;
        sum += piece.burnside_part(done.solutions);
        counts = counts
            .checked_add(Counters {
                solutions: 0,
                ..*done
            })
            .ok_or_else(overflow)?;
    }
    counts.solutions = solutions;
    let order = header.group_order.max(1) as u128;
    let up_to_symmetry = if fixed || header.group_order == 1 {
        if sum % order != 0 {
            return Err(whole(format!(
                "Burnside's sum {sum} is not a multiple of the group's order {order}: a \
                 result was changed"
            )));
        }
        Some(u64::try_from(sum / order).map_err(|_| overflow())?)
    } else {
        None
    };
    Ok(SymmetricMerged {
        header,
        solutions,
        up_to_symmetry,
        counts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem_hash;
    use crate::symmetry::{find_group, SymmetricCounter};

    /// The split of q6 (4 solutions, 1 up to symmetry) and each unit's result line.
    fn split_and_results() -> (String, Vec<String>) {
        let p = queens(6);
        let group = find_group(&p).unwrap();
        let counter = SymmetricCounter::new(&p, &group).up_to_symmetry(true);
        let pieces = counter.pieces(4).unwrap();
        let (header, lines) = symmetric_split(&problem_hash(&p), &pieces, 4);
        let mut split = serde_json::to_string(&header).unwrap() + "\n";
        let mut results = Vec::new();
        for line in lines {
            split += &(serde_json::to_string(&line).unwrap() + "\n");
            let c = counter.count_piece(&line.piece).unwrap();
            let mut done = line;
            done.done = Some(Counters {
                solutions: c.solutions,
                nodes: c.stats.nodes,
                updates: c.stats.updates,
            });
            results.push(serde_json::to_string(&done).unwrap());
        }
        (split, results)
    }

    /// n queens as a problem (rows and columns primary, diagonals secondary).
    fn queens(n: usize) -> crate::Problem {
        let mut b = crate::ProblemBuilder::new();
        let rows: Vec<_> = (0..n)
            .map(|r| b.add_primary(format!("r{r}")).unwrap())
            .collect();
        let cols: Vec<_> = (0..n)
            .map(|c| b.add_primary(format!("c{c}")).unwrap())
            .collect();
        let sums: Vec<_> = (0..2 * n - 1)
            .map(|d| b.add_secondary(format!("s{d}")).unwrap())
            .collect();
        let diffs: Vec<_> = (0..2 * n - 1)
            .map(|d| b.add_secondary(format!("d{d}")).unwrap())
            .collect();
        for r in 0..n {
            for c in 0..n {
                b.add_option([rows[r], cols[c], sums[r + c], diffs[r + n - 1 - c]])
                    .unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn merges_and_refuses_gaps_duplicates_and_strangers() {
        let (split, results) = split_and_results();
        let all = results.join("\n");
        let merged = merge_symmetric(&[("u", &split), ("r", &all)]).unwrap();
        assert_eq!((merged.solutions, merged.up_to_symmetry), (4, Some(1)));
        assert_eq!(merged.header.group_order, 8);
        // A gap.
        let some = results[1..].join("\n");
        let err = merge_symmetric(&[("u", &split), ("r", &some)]).unwrap_err();
        assert!(
            err.message.contains("gap") && err.message.contains("ids 0"),
            "{err}"
        );
        // A duplicate.
        let twice = format!("{all}\n{}", results[0]);
        let err = merge_symmetric(&[("u", &split), ("r", &twice)]).unwrap_err();
        assert!(err.to_string().contains("duplicate"), "{err}");
        // No header.
        let err = merge_symmetric(&[("r", &all)]).unwrap_err();
        assert!(err.message.contains("no split header"), "{err}");
        // A result of another split, and one whose piece was changed.
        let other = results[0].replace(&merged.header.split, "0000000000000000");
        let err = merge_symmetric(&[("u", &split), ("r", &other)]).unwrap_err();
        assert!(err.to_string().starts_with("r:1:1: "), "{err}");
        let changed = results[0].replace("\"weight\":", "\"weight\":1");
        let err = merge_symmetric(&[("u", &split), ("r", &changed)]).unwrap_err();
        assert!(err.message.contains("not unit 0"), "{err}");
        // A plain split is not read as one by symmetry.
        let err = read_symmetric_lines("p", "{\"dlx_units\":2}").unwrap_err();
        assert!(err.message.contains("plain split"), "{err}");
        assert!(is_symmetric_units(&split));
    }
}
