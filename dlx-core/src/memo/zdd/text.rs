//! The diagram as text: the problem it belongs to, then one node per line, so that other
//! tools (and `dlx sample`) can read it back. `docs/counting.md` documents the format:
//!
//! ```text
//! dlx-zdd 1
//! problem L          the next L lines are the problem in Knuth's DLX format
//! ...
//! nodes N root R solutions S
//! ID OPTION LO HI    N lines, ID = 2, 3, ..., N + 1; LO and HI earlier ids; 0 is ⊥, 1 is ⊤
//! ```
//!
//! `OPTION` counts from 0 over the problem's options (options without a primary item are
//! skipped, as everywhere). The reader checks every line and the count.
//!
//! ```
//! use dlx_core::{format::parse, zdd_text::{read, write}, MemoSolver};
//! let p = parse("A B\nA\nB\nA B\n").unwrap();
//! let z = MemoSolver::new(&p)?.zdd()?;
//! let text = write(&p, &z).unwrap();
//! assert!(text.starts_with("dlx-zdd 1\nproblem 4\nA B\n"));
//! let (p2, z2) = read(&text).unwrap();
//! assert_eq!(p2, p);
//! assert_eq!(z2.count(), z.count());
//! # Ok::<(), dlx_core::MemoError>(())
//! ```

use std::fmt::Write as _;

use num_bigint::BigUint;
use thiserror::Error;

use super::{NodeId, Zdd, ZddNode};
use crate::format::{parse, WriteError};
use crate::problem::{OptionId, Problem};

/// The first line of every diagram file.
pub const MAGIC: &str = "dlx-zdd 1";

/// A diagram file that could not be read: where, and why.
///
/// ```
/// let err = dlx_core::zdd_text::read("dlx-zdd 2\n").unwrap_err();
/// assert_eq!((err.line, err.column), (1, 1));
/// assert_eq!(err.to_string(), "line 1, column 1: expected `dlx-zdd 1`, found `dlx-zdd 2`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ReadError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Writes `zdd`, the diagram of `problem`'s solutions, in the text format.
///
/// See the [module](self) page for an example.
pub fn write(problem: &Problem, zdd: &Zdd) -> Result<String, WriteError> {
    let dlx = crate::format::write(problem)?;
    let mut out = String::with_capacity(dlx.len() + 64 + zdd.len() * 24);
    let lines = dlx.lines().count();
    let _ = writeln!(out, "{MAGIC}\nproblem {lines}");
    out.push_str(&dlx);
    let _ = writeln!(
        out,
        "nodes {} root {} solutions {}",
        zdd.len(),
        zdd.root(),
        zdd.count()
    );
    for (k, n) in zdd.nodes().iter().enumerate() {
        let _ = writeln!(out, "{} {} {} {}", k + 2, n.option.index(), n.lo, n.hi);
    }
    Ok(out)
}

/// True when `text` starts like a diagram file.
///
/// ```
/// assert!(dlx_core::zdd_text::looks_like("dlx-zdd 1\nproblem 2\n"));
/// assert!(!dlx_core::zdd_text::looks_like("A B\nA\n"));
/// ```
pub fn looks_like(text: &str) -> bool {
    text.lines().next().is_some_and(|l| l.trim_end() == MAGIC)
}

fn err(line: usize, column: usize, message: impl Into<String>) -> ReadError {
    ReadError {
        line,
        column,
        message: message.into(),
    }
}

/// The words of a line, with their columns (from 1, in characters).
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (k, (at, ch)) in line.char_indices().enumerate() {
        column = k + 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((column, at)),
            (true, Some((c, s))) => {
                out.push((c, &line[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    let _ = column;
    if let Some((c, s)) = start {
        out.push((c, &line[s..]));
    }
    out
}

fn quote(word: &str) -> String {
    crate::format::excerpt(word)
}

/// Reads a diagram file: the problem, and the diagram of its solutions.
///
/// See the [module](self) page for an example.
pub fn read(text: &str) -> Result<(Problem, Zdd), ReadError> {
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let (_, first) = lines.next().ok_or_else(|| err(1, 1, "empty file"))?;
    if first.trim_end() != MAGIC {
        return Err(err(
            1,
            1,
            format!("expected `{MAGIC}`, found `{}`", quote(first)),
        ));
    }
    let (n, header) = lines
        .next()
        .ok_or_else(|| err(2, 1, "the file ends before `problem L`"))?;
    let w = words(header);
    let count = match w[..] {
        [(_, "problem"), (c, l)] => l
            .parse::<usize>()
            .map_err(|_| err(n, c, format!("`{}` is not a number of lines", quote(l))))?,
        _ => return Err(err(n, 1, "expected `problem L`, L the problem's lines")),
    };
    let mut dlx = String::new();
    let first_problem_line = n + 1;
    for k in 0..count {
        let (_, l) = lines.next().ok_or_else(|| {
            err(
                first_problem_line + k,
                1,
                format!("the file ends inside the problem ({count} lines said)"),
            )
        })?;
        dlx.push_str(l);
        dlx.push('\n');
    }
    let problem = parse(&dlx).map_err(|e| {
        err(
            first_problem_line + e.line - 1,
            e.column,
            format!("problem: {}", e.kind),
        )
    })?;
    let (n, header) = lines.next().ok_or_else(|| {
        err(
            first_problem_line + count,
            1,
            "the file ends before `nodes`",
        )
    })?;
    let w = words(header);
    let number = |(c, s): (usize, &str)| -> Result<u64, ReadError> {
        s.parse::<u64>()
            .map_err(|_| err(n, c, format!("`{}` is not a number", quote(s))))
    };
    let (nodes, root, solutions) = match w[..] {
        [(_, "nodes"), a, (_, "root"), b, (_, "solutions"), (c, s)] => {
            let total = s
                .parse::<BigUint>()
                .map_err(|_| err(n, c, format!("`{}` is not a number", quote(s))))?;
            (number(a)?, number(b)?, (c, total))
        }
        _ => return Err(err(n, 1, "expected `nodes N root R solutions S`")),
    };
    let mut built: Vec<ZddNode> = Vec::new();
    let options = problem.num_options();
    for k in 0..nodes {
        let (n, l) = lines.next().ok_or_else(|| {
            err(
                n + 1 + k as usize,
                1,
                format!("the file ends before node {}", k + 2),
            )
        })?;
        let w = words(l);
        if w.len() != 4 {
            return Err(err(n, 1, "expected `ID OPTION LO HI`"));
        }
        let mut v = [0u64; 4];
        for (slot, &(c, s)) in v.iter_mut().zip(&w) {
            *slot = s
                .parse::<u64>()
                .map_err(|_| err(n, c, format!("`{}` is not a number", quote(s))))?;
        }
        let id = k + 2;
        if v[0] != id {
            return Err(err(
                n,
                w[0].0,
                format!("expected node {id}, found {}", v[0]),
            ));
        }
        if v[1] >= options as u64 {
            return Err(err(
                n,
                w[1].0,
                format!(
                    "option {} is not an option of the problem ({options} options)",
                    v[1]
                ),
            ));
        }
        for (at, child) in [(2, v[2]), (3, v[3])] {
            if child >= id {
                return Err(err(
                    n,
                    w[at].0,
                    format!("node {child} is not an earlier node"),
                ));
            }
        }
        if v[3] == 0 {
            return Err(err(
                n,
                w[3].0,
                "hi is 0, which zero suppression never makes",
            ));
        }
        built.push(ZddNode {
            option: OptionId::new(v[1] as u32),
            lo: v[2] as NodeId,
            hi: v[3] as NodeId,
        });
    }
    if let Some((n, l)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(err(
            n,
            1,
            format!("unexpected text after the last node: `{}`", quote(l)),
        ));
    }
    let root_line = first_problem_line + count;
    if root >= nodes + 2 {
        return Err(err(root_line, 1, format!("the root {root} is not a node")));
    }
    let zdd =
        Zdd::new(built, root as NodeId, options).map_err(|e| err(root_line, 1, e.to_string()))?;
    if zdd.count() != solutions.1 {
        return Err(err(
            root_line,
            solutions.0,
            format!(
                "the file says {} solutions, but its nodes make {}",
                solutions.1,
                zdd.count()
            ),
        ));
    }
    Ok((problem, zdd))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::MemoSolver;

    fn sample() -> String {
        let p = parse("A B C\nA B\nC\nA\nB C\nB\n").unwrap();
        write(&p, &MemoSolver::new(&p).unwrap().zdd().unwrap()).unwrap()
    }

    #[test]
    fn round_trip() {
        let text = sample();
        let (p, z) = read(&text).unwrap();
        assert_eq!(write(&p, &z).unwrap(), text);
        assert_eq!(z.count(), BigUint::from(3u8));
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = sample();
        let bad = |from: &str, to: &str| read(&text.replacen(from, to, 1)).unwrap_err();
        let e = bad("solutions 3", "solutions 4");
        assert!(e.message.contains("says 4 solutions"), "{e}");
        let header = text.lines().find(|l| l.starts_with("nodes ")).unwrap();
        assert_eq!(
            e.column,
            header.find("solutions 3").unwrap() + 1 + "solutions ".len()
        );
        let e = bad("problem 6", "problem x");
        assert_eq!((e.line, e.column), (2, 9));
        let e = read("dlx-zdd 1\nproblem 1\nA\nnodes 1 root 2 solutions 1\n2 5 0 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (5, 3));
        let e =
            read("dlx-zdd 1\nproblem 2\nA\nA\nnodes 1 root 2 solutions 1\n2 0 2 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (6, 5));
        let e =
            read("dlx-zdd 1\nproblem 2\nA\nA\nnodes 1 root 2 solutions 1\n2 0 0 0\n").unwrap_err();
        assert!(e.message.contains("zero suppression"));
        let e = read("dlx-zdd 1\nproblem 2\nA\nA:\n").unwrap_err();
        assert_eq!(e.line, 4);
        let e =
            read("dlx-zdd 1\nproblem 2\nA\nA\nnodes 2 root 2 solutions 1\n2 0 0 1\n").unwrap_err();
        assert!(e.message.contains("ends before node 3"), "{e}");
    }
}
