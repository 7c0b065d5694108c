//! `dlx variant FILE --candidates`: the true candidates of a puzzle being set, as text,
//! JSON or pencil marks on the SVG picture; and the text of the cells where two solutions
//! differ, for the default answer to a puzzle that is not unique.

use std::io::Write;

use anyhow::Result;
use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::{TrueCandidates, VariantPuzzle, VariantSolution};
use serde_json::json;

/// A digit as the grids print it: 1-9, then A, B, ... (16×16 Sudoku).
fn digit_char(d: u8) -> char {
    match d {
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

/// Lays out one text per cell as a grid: columns as wide as the widest text, boxes
/// separated by `|` and lines of `-` and `+` where the shape has regular boxes.
pub(crate) fn layout(shape: &Shape, texts: &[String]) -> String {
    let n = shape.size();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let boxes = shape.box_dims();
    let mut out = String::new();
    let mut separator = String::new();
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                let boundary = boxes.is_some_and(|(_, bw)| c % bw == 0);
                line.push_str(if boundary { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", texts[r * n + c]));
        }
        if separator.is_empty() {
            separator = line
                .chars()
                .map(|ch| if ch == '|' { '+' } else { '-' })
                .collect();
        }
        if r > 0 && boxes.is_some_and(|(bh, _)| r % bh == 0) {
            out.push_str(&separator);
            out.push('\n');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The candidates of each cell as text: its digits run together, `-` where none is left.
fn cell_texts(tc: &TrueCandidates) -> Vec<String> {
    let n = tc.size();
    (0..n * n)
        .map(|k| {
            let digits = tc.candidates(Cell::from_index(k, n));
            if digits.is_empty() {
                "-".to_string()
            } else {
                digits.into_iter().map(digit_char).collect()
            }
        })
        .collect()
}

/// The line that says how many solutions there are.
fn solutions_line(tc: &TrueCandidates) -> String {
    let s = tc.solutions();
    match (tc.is_complete(), tc.all_solutions()) {
        (false, _) => format!(
            "solutions: at least {s} (incomplete: the candidates shown are those found so far)"
        ),
        (true, true) if s == 0 => "no solution".to_string(),
        (true, true) if s == 1 => "solutions: 1 (unique)".to_string(),
        (true, true) => format!("solutions: {s}"),
        (true, false) => format!("solutions: at least {}", tc.solution_cap()),
    }
}

/// The candidates as text: the grid of candidates, then (cap above 1) each open cell's
/// counts, then the number of solutions.
pub(crate) fn write_text(
    out: &mut impl Write,
    puzzle: &VariantPuzzle,
    tc: &TrueCandidates,
) -> Result<()> {
    let n = tc.size();
    let cap = tc.cap();
    let what = if cap > 1 {
        format!("true candidates (solutions counted up to {cap} each)")
    } else {
        "true candidates".to_string()
    };
    writeln!(out, "{what}:")?;
    write!(out, "{}", layout(&puzzle.shape, &cell_texts(tc)))?;
    if cap > 1 {
        writeln!(out, "solutions per candidate ({cap}+: {cap} or more):")?;
        for k in 0..n * n {
            let cell = Cell::from_index(k, n);
            let digits = tc.candidates(cell);
            if digits.len() < 2 {
                continue;
            }
            let counts: Vec<String> = digits
                .iter()
                .map(|&d| {
                    let c = tc.count(cell, d);
                    let plus = if c >= cap { "+" } else { "" };
                    format!("{}:{c}{plus}", digit_char(d))
                })
                .collect();
            writeln!(out, "  {cell}  {}", counts.join(" "))?;
        }
    }
    writeln!(out, "{}", solutions_line(tc))?;
    Ok(())
}

/// The candidates as one JSON object: per row, per cell, the list of digits; the counts as
/// the f-puzzles solver's flat `solutionsPerCandidate`; the solutions.
pub(crate) fn to_json(tc: &TrueCandidates) -> serde_json::Value {
    let n = tc.size();
    let rows: Vec<Vec<Vec<u8>>> = (0..n)
        .map(|r| (0..n).map(|c| tc.candidates(Cell::new(r, c))).collect())
        .collect();
    let r = tc.report();
    json!({
        "size": n,
        "cap": tc.cap(),
        "complete": tc.is_complete(),
        "candidates": rows,
        "solutionsPerCandidate": tc.counts(),
        "solutions": tc.solutions(),
        "all_solutions": tc.all_solutions(),
        "unique": tc.is_unique(),
        "engine": r.engine.name(),
        "conflicts": r.conflicts,
        "nodes": r.nodes,
        "queries": tc.queries(),
    })
}

/// The cells where two solutions differ (digits, shading or letters' cells), in order.
pub(crate) fn differing_cells(a: &VariantSolution, b: &VariantSolution) -> Vec<Cell> {
    let n = a.grid.size();
    (0..n * n)
        .map(|k| Cell::from_index(k, n))
        .filter(|&c| a.grid.get(c) != b.grid.get(c) || a.water(c) != b.water(c))
        .collect()
}

/// The cells where two solutions differ, as a grid (`*` where they differ, `.` where they
/// agree) and as a list.
pub(crate) fn write_differences(
    out: &mut impl Write,
    puzzle: &VariantPuzzle,
    cells: &[Cell],
) -> Result<()> {
    let n = puzzle.size();
    let texts: Vec<String> = (0..n * n)
        .map(|k| {
            let star = cells.contains(&Cell::from_index(k, n));
            (if star { "*" } else { "." }).to_string()
        })
        .collect();
    writeln!(
        out,
        "they differ in {} cells (*), where a clue is missing:",
        cells.len()
    )?;
    write!(out, "{}", layout(&puzzle.shape, &texts))?;
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    writeln!(out, "{}", names.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_pads_cells_and_draws_boxes() {
        let shape = Shape::for_size(4).unwrap();
        let texts: Vec<String> = (0..16)
            .map(|k| if k == 0 { "12".into() } else { "3".into() })
            .collect();
        let text = layout(&shape, &texts);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "12 3  | 3  3");
        assert_eq!(lines[2], "------+------");
        assert_eq!(lines.len(), 5);
    }
}
