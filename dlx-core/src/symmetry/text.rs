//! Groups written in DLX files: comment lines `| symmetry: a b | c d e`, one generator a
//! line, as cycles of item names separated by `|` (here `a` and `b` swapped, `c` to `d` to
//! `e` to `c`). Knuth's programs read them as comments; `dlx gen` writes them for the
//! families whose symmetries it knows.

use crate::problem::Problem;

use super::{Automorphism, SymmetryError};

/// What starts a generator line, after the `|` of a comment.
pub const SYMMETRY_TAG: &str = "symmetry:";

/// The generator lines of `generators`, each ending with a newline.
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::{parse_generators, write_generators, Automorphism};
/// let p = parse("a b c d\na b\nb c\nc d\nd a\n").unwrap();
/// let turn = Automorphism::from_item_names(&p, &[vec!["a", "b", "c", "d"]])?;
/// let text = write_generators(&p, std::slice::from_ref(&turn));
/// assert_eq!(text, "| symmetry: a b c d\n");
/// assert_eq!(parse_generators(&p, &text)?, [turn]);
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
pub fn write_generators(problem: &Problem, generators: &[Automorphism]) -> String {
    let mut out = String::new();
    for g in generators {
        let cycles: Vec<String> = g
            .item_cycles()
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&i| problem.item_name(i))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push_str("| ");
        out.push_str(SYMMETRY_TAG);
        out.push(' ');
        out.push_str(&cycles.join(" | "));
        out.push('\n');
    }
    out
}

/// The generators written in `text` (a DLX file, or a file of generator lines alone): every
/// line `| symmetry: ...`; other lines are skipped. An error names the line and column.
pub fn parse_generators(problem: &Problem, text: &str) -> Result<Vec<Automorphism>, SymmetryError> {
    let mut generators = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix('|') else {
            continue;
        };
        let Some(body) = rest.trim_start().strip_prefix(SYMMETRY_TAG) else {
            continue;
        };
        let body_start = line.len() - body.len();
        let at = |offset: usize, error: SymmetryError| SymmetryError::At {
            line: number + 1,
            column: line[..offset].chars().count() + 1,
            error: Box::new(error),
        };
        let mut cycles: Vec<Vec<&str>> = Vec::new();
        let mut offset = body_start;
        for part in body.split('|') {
            let names: Vec<&str> = part.split_whitespace().collect();
            for name in &names {
                if problem.find_item(name).is_none() {
                    let pos = offset + (name.as_ptr() as usize - part.as_ptr() as usize);
                    return Err(at(pos, SymmetryError::UnknownItem(name.to_string())));
                }
            }
            if !names.is_empty() {
                cycles.push(names);
            }
            offset += part.len() + 1;
        }
        let g = Automorphism::from_item_names(problem, &cycles).map_err(|e| at(body_start, e))?;
        generators.push(g);
    }
    Ok(generators)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    #[test]
    fn errors_name_line_and_column() {
        let p = parse("a b c d\na b\nb c\nc d\nd a\n").unwrap();
        let e = parse_generators(&p, "a b\n| symmetry: a c | b q\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 21: unknown item name `q`");
        let e = parse_generators(&p, "| symmetry: a b\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1, column 12: "), "{e}");
        assert!(parse_generators(&p, "| a comment\n| symmetry: a c\n").is_ok());
    }
}
