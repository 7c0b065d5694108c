//! Reading Knuth's DLX text format (DLX1, DLX2 colours, DLX3 multiplicities).
//!
//! ```text
//! | comment lines start with a vertical line
//! A B 2:3|C | X Y        <- items: primaries, then `|`, then secondaries
//! A B X:0 Y:0            <- one option per line; `item:colour` colours a secondary item
//! ```
//!
//! Names may be longer than Knuth's 8 characters; a name is any run of non-blank
//! characters without `:` or `|`.

use thiserror::Error;

use crate::error::ProblemError;
use crate::problem::{AddedOption, ItemId, Problem, ProblemBuilder};

/// What was wrong with a line of DLX text. The messages use Knuth's words where his
/// programs have them.
///
/// ```
/// use dlx_core::format::{parse, ParseErrorKind};
/// let err = parse("A B\nA C\n").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::UnknownItem("C".into()));
/// assert_eq!((err.line, err.column), (2, 3));
/// assert_eq!(err.to_string(), "line 2, column 3: unknown item name `C`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line.
    #[error("no items: expected a line naming the items")]
    NoItems,
    /// The item line names no primary item.
    #[error("no primary items: expected at least one item name before `|`")]
    NoPrimaryItems,
    /// Two items with the same name.
    #[error("duplicate item name `{}`", excerpt(.0))]
    DuplicateItem(String),
    /// An option names an unknown item.
    #[error("unknown item name `{}`", excerpt(.0))]
    UnknownItem(String),
    /// An item occurs twice in one option.
    #[error("duplicate item name `{}` in this option", excerpt(.0))]
    RepeatedItem(String),
    /// A colour on a primary item.
    #[error("primary item must be uncolored: `{}`", excerpt(.0))]
    ColoredPrimary(String),
    /// A name with a character that the format reserves.
    #[error("illegal character `{}` in item name `{}`", .1.escape_default(), excerpt(before(.0, *.1)))]
    IllegalCharacter(String, char),
    /// `item:` with nothing after the colon, or `:colour` with nothing before it.
    #[error("empty {0} name: expected a name before and after `:`")]
    EmptyName(&'static str),
    /// The item line has `|` twice.
    #[error("second `|` in the item line: expected one `|` between primary and secondary items")]
    SecondBar,
    /// A multiplicity prefix that isn't `v|` or `u:v|` with decimal numbers.
    #[error(
        "bad multiplicity `{}`: expected `v|name` or `u:v|name` with decimal numbers from 0 to \
         4294967295",
        excerpt(.0)
    )]
    BadMultiplicity(String),
    /// Multiplicities on a secondary item.
    #[error("secondary item `{}` can't have a multiplicity", excerpt(.0))]
    SecondaryMultiplicity(String),
    /// Bounds with `u > v`, or `v = 0`.
    #[error(
        "item `{}` has bounds {lower}:{upper}: expected 0 ≤ u ≤ v and v > 0",
        excerpt(name)
    )]
    BadBounds {
        /// The item.
        name: String,
        /// `u`.
        lower: u32,
        /// `v`.
        upper: u32,
    },
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8: expected text")]
    InvalidUtf8,
    /// More items, options or nodes than 32-bit links can address.
    #[error("problem too large for 32-bit links")]
    TooLarge,
}

/// The most characters of the input an error message quotes.
const EXCERPT_CHARS: usize = 24;

/// A name from the input as an error message quotes it: at most 24 (`EXCERPT_CHARS`)
/// characters (then `…`), control characters escaped, so that a message never carries a
/// terminal escape sequence or a long stretch of a file that is not DLX text (the first
/// line of `/etc/shadow`).
///
/// ```
/// use dlx_core::format::excerpt;
/// assert_eq!(excerpt("C"), "C");
/// assert_eq!(excerpt("red\u{1b}[31m"), "red\\u{1b}[31m");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(24)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (k, c) in text.chars().enumerate() {
        if k == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The part of `name` before the first `c`: an illegal character's message names no more
/// of the word than that (`root:x:0:0:...` shows `root`).
fn before(name: &str, c: char) -> &str {
    name.split(c).next().unwrap_or(name)
}

/// An error at a place in DLX text: the line and column (both from 1) and what was wrong.
/// Prefix the file name when showing it: `FILE:LINE:COLUMN: message`.
///
/// ```
/// use dlx_core::format::parse;
/// let err = parse("A B | x\nA x:red\nA:blue B\n").unwrap_err();
/// assert_eq!((err.line, err.column), (3, 1));
/// assert_eq!(format!("problem.dlx:{}:{}: {}", err.line, err.column, err.kind),
///            "problem.dlx:3:1: primary item must be uncolored: `A`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

/// A problem read from DLX text, with the line each option came from and the lines of the
/// options that were skipped because they hold no primary item.
///
/// ```
/// use dlx_core::format::parse_detailed;
/// let parsed = parse_detailed("| toy\nA | x\nx\nA x\n").unwrap();
/// assert_eq!(parsed.problem.num_options(), 1);
/// assert_eq!(parsed.option_lines, [4]);
/// assert_eq!(parsed.skipped_lines, [3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// The line (from 1) of each option, by option index.
    pub option_lines: Vec<usize>,
    /// The lines of options skipped for having no primary item ("Option ignored").
    pub skipped_lines: Vec<usize>,
}

/// Reads a problem from DLX text.
///
/// ```
/// let p = dlx_core::format::parse("A B | C\nA C:red\nB C:red\n").unwrap();
/// assert_eq!((p.num_primary(), p.num_secondary(), p.num_options()), (2, 1, 2));
/// assert_eq!(dlx_core::Solver::new(&p).count().solutions, 1);
/// ```
pub fn parse(text: &str) -> Result<Problem, ParseError> {
    parse_detailed(text).map(|p| p.problem)
}

/// Reads a problem from bytes that should be UTF-8 DLX text.
///
/// ```
/// use dlx_core::format::{parse_bytes, ParseErrorKind};
/// let err = parse_bytes(b"A\n\xff\n").unwrap_err();
/// assert_eq!((err.line, err.kind), (2, ParseErrorKind::InvalidUtf8));
/// ```
pub fn parse_bytes(bytes: &[u8]) -> Result<Parsed, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_detailed(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
            Err(ParseError {
                line,
                column,
                kind: ParseErrorKind::InvalidUtf8,
            })
        }
    }
}

/// Reads a problem from DLX text, keeping the line numbers of its options.
///
/// See [`Parsed`] for an example.
pub fn parse_detailed(text: &str) -> Result<Parsed, ParseError> {
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let mut builder = ProblemBuilder::new();
    // Knuth's programs skip an option without a primary item, with a warning: so do we,
    // keeping its line number.
    builder.skip_options_without_primary(true);
    let mut found_items = false;
    for (number, line) in lines.by_ref() {
        if is_comment_or_blank(line) {
            continue;
        }
        parse_item_line(&mut builder, number, line)?;
        found_items = true;
        break;
    }
    if !found_items {
        return Err(ParseError {
            line: text.lines().count().max(1),
            column: 1,
            kind: ParseErrorKind::NoItems,
        });
    }
    let mut option_lines = Vec::new();
    let mut skipped_lines = Vec::new();
    let mut entries = Vec::new();
    for (number, line) in lines {
        if is_comment_or_blank(line) {
            continue;
        }
        entries.clear();
        for (column, word) in words(line) {
            let at = |kind| ParseError {
                line: number,
                column,
                kind,
            };
            let (name, color) = match word.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (word, None),
            };
            if name.is_empty() {
                return Err(at(ParseErrorKind::EmptyName("item")));
            }
            if color == Some("") {
                return Err(at(ParseErrorKind::EmptyName("colour")));
            }
            let item = builder
                .item(name)
                .ok_or_else(|| at(ParseErrorKind::UnknownItem(name.to_string())))?;
            let color = color.map(|c| builder.color(c));
            entries.push((item, color, column));
        }
        let added = builder
            .add_colored_option(entries.iter().map(|&(i, c, _)| (i, c)))
            .map_err(|e| {
                let column = error_column(&builder, &e, &entries).unwrap_or(1);
                ParseError {
                    line: number,
                    column,
                    kind: problem_error_kind(e),
                }
            })?;
        match added {
            AddedOption::Added(_) => option_lines.push(number),
            AddedOption::Skipped => skipped_lines.push(number),
        }
    }
    let problem = builder.build().map_err(|e| ParseError {
        line: 1,
        column: 1,
        kind: problem_error_kind(e),
    })?;
    Ok(Parsed {
        problem,
        option_lines,
        skipped_lines,
    })
}

/// Knuth's programs skip lines that are empty or whose first non-blank character is `|`.
fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// The blank-separated words of a line with their columns (from 1, in characters).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let at = column + 1;
        column += word.chars().count();
        rest = &rest[end..];
        Some((at, word))
    })
}

fn parse_item_line(b: &mut ProblemBuilder, number: usize, line: &str) -> Result<(), ParseError> {
    let mut secondary = false;
    let mut primaries = 0;
    for (column, word) in words(line) {
        let at = |kind| ParseError {
            line: number,
            column,
            kind,
        };
        if word == "|" {
            if secondary {
                return Err(at(ParseErrorKind::SecondBar));
            }
            secondary = true;
            continue;
        }
        let (bounds, name) = match word.rsplit_once('|') {
            Some((prefix, name)) => (
                Some(
                    parse_bounds(prefix)
                        .ok_or_else(|| at(ParseErrorKind::BadMultiplicity(word.to_string())))?,
                ),
                name,
            ),
            None => (None, word),
        };
        if name.is_empty() {
            return Err(at(ParseErrorKind::EmptyName("item")));
        }
        if let Some(c) = name.chars().find(|&c| c == ':' || c == '|') {
            return Err(at(ParseErrorKind::IllegalCharacter(name.to_string(), c)));
        }
        let result = match (secondary, bounds) {
            (true, Some(_)) => {
                return Err(at(ParseErrorKind::SecondaryMultiplicity(name.to_string())))
            }
            (true, None) => b.add_secondary(name),
            (false, Some((lower, upper))) => b.add_primary_with_bounds(name, lower, upper),
            (false, None) => b.add_primary(name),
        };
        primaries += usize::from(!secondary);
        result.map_err(|e| at(problem_error_kind(e)))?;
    }
    if primaries == 0 {
        return Err(ParseError {
            line: number,
            column: 1,
            kind: ParseErrorKind::NoPrimaryItems,
        });
    }
    Ok(())
}

/// `v` or `u:v`.
fn parse_bounds(prefix: &str) -> Option<(u32, u32)> {
    let number = |s: &str| {
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse::<u32>().ok()
        } else {
            None
        }
    };
    match prefix.split_once(':') {
        Some((u, v)) => Some((number(u)?, number(v)?)),
        None => {
            let v = number(prefix)?;
            Some((v, v))
        }
    }
}

fn problem_error_kind(e: ProblemError) -> ParseErrorKind {
    match e {
        ProblemError::DuplicateItem { name } => ParseErrorKind::DuplicateItem(name),
        ProblemError::UnknownItem { name } => ParseErrorKind::UnknownItem(name),
        ProblemError::RepeatedItem { name } => ParseErrorKind::RepeatedItem(name),
        ProblemError::ColoredPrimary { name } => ParseErrorKind::ColoredPrimary(name),
        ProblemError::BadBounds { name, lower, upper } => {
            ParseErrorKind::BadBounds { name, lower, upper }
        }
        ProblemError::ZeroUpperBound { name } => ParseErrorKind::BadBounds {
            name,
            lower: 0,
            upper: 0,
        },
        ProblemError::BadName { name } => {
            let c = name.chars().find(|&c| c == ':' || c == '|').unwrap_or(' ');
            ParseErrorKind::IllegalCharacter(name, c)
        }
        ProblemError::TooLarge => ParseErrorKind::TooLarge,
        // The parser declares items before options and primaries before secondaries, and
        // only passes ids the builder handed out, so the other errors can't arise.
        other => ParseErrorKind::BadMultiplicity(other.to_string()),
    }
}

/// The column of the entry an option error is about.
fn error_column(
    b: &ProblemBuilder,
    e: &ProblemError,
    entries: &[(ItemId, Option<crate::ColorId>, usize)],
) -> Option<usize> {
    let name = match e {
        ProblemError::RepeatedItem { name } | ProblemError::ColoredPrimary { name } => name,
        _ => return None,
    };
    let id = b.item(name)?;
    let mut matching = entries.iter().filter(|(i, _, _)| *i == id);
    match e {
        // Point at the second occurrence.
        ProblemError::RepeatedItem { .. } => matching.nth(1).map(|&(_, _, c)| c),
        _ => matching.find(|(_, c, _)| c.is_some()).map(|&(_, _, c)| c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, ParseErrorKind) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn reads_knuths_toy_example() {
        let p = parse(include_str!("../../tests/data/toy.dlx")).unwrap();
        assert_eq!(
            (p.num_primary(), p.num_secondary(), p.num_options()),
            (5, 2, 6)
        );
        assert_eq!(p.option_text(crate::OptionId(1)), "A D G");
    }

    #[test]
    fn reads_multiplicities() {
        let p = parse("A 2:3|B 4|C | x\nA B C\n").unwrap();
        use crate::ItemKind::Primary;
        assert_eq!(p.item_kind(ItemId(0)), Primary { lower: 1, upper: 1 });
        assert_eq!(p.item_kind(ItemId(1)), Primary { lower: 2, upper: 3 });
        assert_eq!(p.item_kind(ItemId(2)), Primary { lower: 4, upper: 4 });
        assert_eq!(p.item_kind(ItemId(3)), crate::ItemKind::Secondary);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let p = parse("| c\n\n   | indented comment\nA\n\n| c\nA\n").unwrap();
        assert_eq!(p.num_options(), 1);
    }

    #[test]
    fn long_names_and_colours_are_accepted() {
        let p = parse("cell_row_10_col_12 | secondary_item\ncell_row_10_col_12 secondary_item:a_long_colour\n").unwrap();
        assert_eq!(
            p.option_text(crate::OptionId(0)),
            "cell_row_10_col_12 secondary_item:a_long_colour"
        );
    }

    #[test]
    fn errors_name_line_column_and_cause() {
        assert_eq!(err(""), (1, 1, ParseErrorKind::NoItems));
        assert_eq!(err("| only a comment\n"), (1, 1, ParseErrorKind::NoItems));
        assert_eq!(
            err("A B A\n"),
            (1, 5, ParseErrorKind::DuplicateItem("A".into()))
        );
        assert_eq!(
            err("A B\nA  B  A\n"),
            (2, 7, ParseErrorKind::RepeatedItem("A".into()))
        );
        assert_eq!(
            err("A | x\nA:1 x\n"),
            (2, 1, ParseErrorKind::ColoredPrimary("A".into()))
        );
        assert_eq!(err("A | x | y\n"), (1, 7, ParseErrorKind::SecondBar));
        assert_eq!(
            err("A x|B\n"),
            (1, 3, ParseErrorKind::BadMultiplicity("x|B".into()))
        );
        assert_eq!(
            err("A | 2|x\n"),
            (1, 5, ParseErrorKind::SecondaryMultiplicity("x".into()))
        );
        assert_eq!(
            err("A 3:2|B\n"),
            (
                1,
                3,
                ParseErrorKind::BadBounds {
                    name: "B".into(),
                    lower: 3,
                    upper: 2
                }
            )
        );
        assert_eq!(
            err("A B\nA :red\n"),
            (2, 3, ParseErrorKind::EmptyName("item"))
        );
        assert_eq!(
            err("A | x\nA x:\n"),
            (2, 3, ParseErrorKind::EmptyName("colour"))
        );
        assert_eq!(
            err("A a:b\n"),
            (1, 3, ParseErrorKind::IllegalCharacter("a:b".into(), ':'))
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(
            err("é ü\né ß\n"),
            (2, 3, ParseErrorKind::UnknownItem("ß".into()))
        );
    }

    #[test]
    fn options_without_primary_items_are_skipped_and_reported() {
        let parsed = parse_detailed("A | x y\nx y\nA x\n").unwrap();
        assert_eq!(parsed.skipped_lines, [2]);
        assert_eq!(parsed.problem.skipped_options().len(), 1);
        assert_eq!(parsed.problem.num_options(), 1);
    }
}
