//! SVG pictures of variant puzzles: the plain grid of [`crate::sudoku::render_svg`] with
//! every clue drawn over it (each rule draws itself on a [`Canvas`]), and, with a
//! solution, its digits and its shading. Deterministic, so it can be snapshot-tested.

use std::fmt::Write;

use crate::sudoku::outline::{baseline, svg_start};
use crate::sudoku::{self, Cell, Grid};
use crate::variant::candidates::TrueCandidates;
use crate::variant::draw::{centre, escape, Canvas, CELL, MARGIN};
use crate::variant::puzzle::VariantPuzzle;
use crate::variant::solution::VariantSolution;

/// Draws a puzzle and, if given, a solution (digits in blue, water cells in pale blue).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{render_svg, Killer, Line, LineKind, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Line::new(LineKind::Thermometer, [Cell::new(0, 0), Cell::new(0, 1)]).into());
/// p.constraints.push(Killer { cells: vec![Cell::new(3, 0), Cell::new(3, 1)], sum: Some(7) }.into());
/// let svg = render_svg(&p, None);
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("<polyline") && svg.contains(">7</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_svg(puzzle: &VariantPuzzle, solution: Option<&VariantSolution>) -> String {
    render_svg_with(puzzle, solution, &SvgExtras::default())
}

/// What [`render_svg_with`] draws besides the puzzle and its solution.
///
/// See [`render_svg_with`] for an example.
#[derive(Clone, Copy, Debug, Default)]
pub struct SvgExtras<'a> {
    /// A heading with the puzzle's title and author (when the puzzle has them).
    pub heading: bool,
    /// True candidates as pencil marks in the cells without a given or a solution digit,
    /// coloured by their count of solutions.
    pub candidates: Option<&'a TrueCandidates>,
    /// Cells to mark (tinted red): where two solutions differ.
    pub marked: &'a [Cell],
}

/// The colour of a pencil mark held by `count` solutions under a cap of `cap`: one
/// colour when the cap is 1, else from red (one solution) through orange, olive and green
/// to blue (the cap or more).
pub fn candidate_colour(count: u32, cap: u32) -> &'static str {
    if cap <= 1 {
        return "#333333";
    }
    match count {
        c if c >= cap => "#1f5fbf",
        1 => "#d62728",
        2 => "#e67e00",
        3 | 4 => "#8c8c00",
        _ => "#2ca02c",
    }
}

/// Height of the heading band drawn by [`SvgExtras::heading`].
const HEADING: f64 = 44.0;

/// Draws a puzzle and, if given, a solution, with the extras asked for: the heading a
/// setter publishes the puzzle with, the true candidates as pencil marks, cells marked.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{render_svg_with, SvgExtras, VariantPuzzle, VariantSolver};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.title = Some("Tiny".into());
/// p.author = Some("Me & you".into());
/// let tc = VariantSolver::new(&p)?.true_candidates(8);
/// let marked = [Cell::new(0, 0)];
/// let extras = SvgExtras { heading: true, candidates: Some(&tc), marked: &marked };
/// let svg = render_svg_with(&p, None, &extras);
/// assert!(svg.contains(">Tiny</text>") && svg.contains("by Me &amp; you"));
/// assert!(svg.contains("class=\"candidates\"") && svg.contains("#f4b6b6"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_svg_with(
    puzzle: &VariantPuzzle,
    solution: Option<&VariantSolution>,
    extras: &SvgExtras<'_>,
) -> String {
    let n = puzzle.size();
    let base = sudoku::render_svg(&puzzle.shape, &puzzle.givens, solution.map(|s| &s.grid))
        .unwrap_or_else(|_| {
            let empty = Grid::new(n).expect("valid size");
            sudoku::render_svg(&puzzle.shape, &empty, None).expect("sizes match")
        });
    // Split the base drawing: its inside, with the digits last.
    let body_start = base.find('\n').map_or(0, |k| k + 1);
    let body_end = base.rfind("</svg>").unwrap_or(base.len());
    let body = &base[body_start..body_end];
    let digits_at = body.find("<g font-family").unwrap_or(body.len());
    let (under, digits) = body.split_at(digits_at);
    let bg_end = under.find('\n').map_or(0, |k| k + 1);
    let (background, grid) = under.split_at(bg_end);

    let mut canvas = Canvas {
        n,
        ..Canvas::default()
    };
    // Under the grid lines: shading first.
    if let Some(water) = solution.and_then(|s| s.shading.as_ref()) {
        let wet: Vec<Cell> = water
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w)
            .map(|(k, _)| Cell::from_index(k, n))
            .collect();
        canvas.fill_cells(&wet, "#bfe3f7");
    }
    if !extras.marked.is_empty() {
        canvas.fill_cells(extras.marked, "#f4b6b6");
    }
    for c in &puzzle.constraints {
        c.rule().draw(&mut canvas);
    }
    let pad = if canvas.outside { CELL } else { 0.0 };
    let side = n as f64 * CELL + 2.0 * MARGIN;
    let total = side + 2.0 * pad;
    let heading: Vec<(String, f64, &str)> = if extras.heading {
        let mut lines = Vec::new();
        if let Some(t) = puzzle.title.as_deref().filter(|t| !t.trim().is_empty()) {
            lines.push((t.trim().to_string(), 18.0, "bold"));
        }
        if let Some(a) = puzzle.author.as_deref().filter(|a| !a.trim().is_empty()) {
            lines.push((format!("by {}", a.trim()), 13.0, "normal"));
        }
        lines
    } else {
        Vec::new()
    };
    let top = if heading.is_empty() { 0.0 } else { HEADING };
    let mut out = svg_start(total, total + top);
    let w = &mut out;
    let mut y = 4.0;
    for (text, size, weight) in &heading {
        let _ = writeln!(
            w,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\" font-weight=\"{weight}\" text-anchor=\"middle\">{}</text>",
            total / 2.0,
            baseline(y + size / 2.0 + 1.0, *size),
            escape(text)
        );
        y += size + 6.0;
    }
    let _ = writeln!(w, "<g transform=\"translate({pad},{})\">", pad + top);
    w.push_str(background);
    w.push_str(&canvas.under);
    w.push_str(grid);
    w.push_str(&canvas.over);
    if let Some(tc) = extras.candidates {
        pencil_marks(w, puzzle, solution, tc);
    }
    w.push_str(digits);
    let _ = writeln!(w, "</g>");
    out.push_str("</svg>\n");
    out
}

/// The true candidates as pencil marks: each digit at its own place in a small grid inside
/// the cell (digit `d` at row `(d-1) / k`, column `(d-1) % k` of a `k`-wide grid), coloured
/// by its count; a cell with one candidate left shows it large. Cells with a given or a
/// solution digit are left to those.
fn pencil_marks(
    w: &mut String,
    puzzle: &VariantPuzzle,
    solution: Option<&VariantSolution>,
    tc: &TrueCandidates,
) {
    let n = puzzle.size();
    if tc.size() != n {
        return;
    }
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(n);
    let step = CELL / k as f64;
    let small = (step * 0.8).min(14.0);
    let _ = writeln!(
        w,
        "<g class=\"candidates\" font-family=\"sans-serif\" text-anchor=\"middle\">"
    );
    for index in 0..n * n {
        let cell = Cell::from_index(index, n);
        if puzzle.givens.get(cell).is_some() || solution.is_some_and(|s| s.grid.get(cell).is_some())
        {
            continue;
        }
        let digits = tc.candidates(cell);
        let (x0, y0) = (
            MARGIN + cell.col as f64 * CELL,
            MARGIN + cell.row as f64 * CELL,
        );
        if let [d] = digits[..] {
            let colour = candidate_colour(tc.count(cell, d), tc.cap());
            let (x, y) = centre(cell);
            let size = 0.55 * CELL;
            let _ = writeln!(
                w,
                "<text x=\"{x}\" y=\"{}\" font-size=\"{size}\" fill=\"{colour}\">{}</text>",
                baseline(y, size),
                digit_text(d)
            );
            continue;
        }
        for d in digits {
            let i = d as usize - 1;
            let x = x0 + (i % k) as f64 * step + step / 2.0;
            let y = y0 + (i / k) as f64 * step + step / 2.0;
            let colour = candidate_colour(tc.count(cell, d), tc.cap());
            let _ = writeln!(
                w,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{small:.1}\" fill=\"{colour}\">{}</text>",
                baseline(y, small),
                digit_text(d)
            );
        }
    }
    let _ = writeln!(w, "</g>");
}

/// A digit as the grids write it: 1-9, then A, B, ... (as in 16×16 Sudoku).
fn digit_text(d: u8) -> String {
    match d {
        1..=9 => d.to_string(),
        _ => ((b'A' + d - 10) as char).to_string(),
    }
}
