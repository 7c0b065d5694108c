//! Writing Knuth's DLX text format.

use std::fmt::Write as _;

use thiserror::Error;

use crate::problem::{ItemKind, OptionId, Problem};

/// Why a problem can't be written in DLX text.
///
/// ```
/// use dlx_core::{format::{write, WriteError}, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// b.add_secondary("x").unwrap();
/// assert_eq!(write(&b.build().unwrap()), Err(WriteError::NoPrimaryItems));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WriteError {
    /// The format can't say "no primary items": its item line would read as a comment.
    #[error("a problem without primary items can't be written in DLX format")]
    NoPrimaryItems,
}

/// Writes a problem in DLX text: the item line (with `u:v|` or `v|` before items whose
/// bounds aren't `[1, 1]`), then one option per line, skipped options included where they
/// stood. Knuth's programs read the result when names and colours fit their limits.
///
/// ```
/// use dlx_core::format::{parse, write};
/// let text = "A 2:3|B | x\nA B x:red\nB\n";
/// let p = parse(text).unwrap();
/// assert_eq!(write(&p).unwrap(), text);
/// assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
/// ```
pub fn write(problem: &Problem) -> Result<String, WriteError> {
    if problem.num_primary() == 0 {
        return Err(WriteError::NoPrimaryItems);
    }
    let mut out = String::with_capacity(16 * (problem.num_items() + problem.num_entries()));
    for (k, item) in problem.items().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        if k == problem.num_primary() {
            out.push_str("| ");
        }
        if let ItemKind::Primary { lower, upper } = problem.item_kind(item) {
            if (lower, upper) != (1, 1) {
                if lower == upper {
                    let _ = write!(out, "{upper}|");
                } else {
                    let _ = write!(out, "{lower}:{upper}|");
                }
            }
        }
        out.push_str(problem.item_name(item));
    }
    out.push('\n');
    let mut skipped = problem.skipped_options().iter().peekable();
    let mut kept = problem.options();
    let total = problem.num_options() + problem.skipped_options().len();
    for input_index in 0..total {
        match skipped.peek() {
            Some(s) if s.input_index == input_index => {
                for (k, e) in s.entries.iter().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push_str(problem.item_name(e.item));
                    if let Some(c) = e.color {
                        out.push(':');
                        out.push_str(problem.color_name(c));
                    }
                }
                skipped.next();
            }
            _ => {
                let option: OptionId = kept.next().expect("kept and skipped add up");
                out.push_str(&problem.option_text(option));
            }
        }
        out.push('\n');
    }
    Ok(out)
}
