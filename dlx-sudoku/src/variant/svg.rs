//! SVG pictures of variant puzzles: the plain grid of [`crate::sudoku::render_svg`] with
//! every clue drawn over it (cages, lines, arrows, dots, circles...), and, with a
//! solution, its digits and its shading. Deterministic, so it can be snapshot-tested.

use std::fmt::Write;

use crate::sudoku::{self, Cell, Grid};
use crate::variant::fpuzzles::little_killer_clue;
use crate::variant::puzzle::{Constraint, Diagonal, LineKind, VariantPuzzle};
use crate::variant::solve::VariantSolution;

/// Cell size and margin of the plain grid's drawing (see `sudoku::svg`).
const CELL: f64 = 40.0;
const MARGIN: f64 = 4.0;

fn centre(c: Cell) -> (f64, f64) {
    (
        MARGIN + (c.col as f64 + 0.5) * CELL,
        MARGIN + (c.row as f64 + 0.5) * CELL,
    )
}

fn points(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| {
            let (x, y) = centre(c);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn line_style(kind: LineKind) -> (&'static str, f64) {
    match kind {
        LineKind::Thermometer | LineKind::SlowThermometer => ("#c0c0c0", 10.0),
        LineKind::Renban => ("#d56cf0", 8.0),
        LineKind::Whispers { .. } => ("#5bd45b", 8.0),
        LineKind::Nabner => ("#e6d44a", 8.0),
        LineKind::RegionSum => ("#4a90e2", 6.0),
        LineKind::Parity => ("#e05555", 6.0),
        LineKind::Entropic => ("#f0a030", 8.0),
        LineKind::Palindrome => ("#a0a0a0", 8.0),
        LineKind::SameDifference => ("#f080b0", 6.0),
        LineKind::Zipper => ("#b0a0e0", 8.0),
        LineKind::Between => ("#9ccfe8", 6.0),
    }
}

/// Draws a puzzle and, if given, a solution (digits in blue, water cells in pale blue).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{render_svg, Constraint, LineKind, VariantPuzzle};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Constraint::line(LineKind::Thermometer, [Cell::new(0, 0), Cell::new(0, 1)]));
/// p.constraints.push(Constraint::Killer { cells: vec![Cell::new(3, 0), Cell::new(3, 1)], sum: Some(7) });
/// let svg = render_svg(&p, None);
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("<polyline") && svg.contains(">7</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_svg(puzzle: &VariantPuzzle, solution: Option<&VariantSolution>) -> String {
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

    let pad = if puzzle
        .constraints
        .iter()
        .any(|c| matches!(c, Constraint::LittleKiller { .. }))
    {
        CELL
    } else {
        0.0
    };
    let side = n as f64 * CELL + 2.0 * MARGIN;
    let total = side + 2.0 * pad;
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total}\" height=\"{total}\" viewBox=\"0 0 {total} {total}\">"
    );
    let _ = writeln!(
        w,
        "<rect width=\"{total}\" height=\"{total}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(w, "<g transform=\"translate({pad},{pad})\">");
    w.push_str(background);
    // Under the grid lines: shading and cell fills.
    if let Some(water) = solution.and_then(|s| s.shading.as_ref()) {
        let _ = write!(w, "<g fill=\"#bfe3f7\">");
        for (k, &wet) in water.iter().enumerate() {
            if wet {
                let c = Cell::from_index(k, n);
                let _ = write!(
                    w,
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                    MARGIN + c.col as f64 * CELL,
                    MARGIN + c.row as f64 * CELL
                );
            }
        }
        let _ = writeln!(w, "</g>");
    }
    for c in &puzzle.constraints {
        let fill = match c {
            Constraint::ExtraRegion { .. } => "#e8e8e8",
            Constraint::Clone { .. } => "#f3e6c8",
            _ => continue,
        };
        let _ = write!(w, "<g fill=\"{fill}\">");
        for cell in c.cells() {
            let _ = write!(
                w,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                MARGIN + cell.col as f64 * CELL,
                MARGIN + cell.row as f64 * CELL
            );
        }
        let _ = writeln!(w, "</g>");
    }
    w.push_str(grid);
    for c in &puzzle.constraints {
        clue(w, puzzle, c);
    }
    w.push_str(digits);
    let _ = writeln!(w, "</g>");
    out.push_str("</svg>\n");
    out
}

fn text(w: &mut String, x: f64, y: f64, size: f64, s: &str) {
    let _ = writeln!(
        w,
        "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"{size}\" text-anchor=\"middle\" dominant-baseline=\"central\">{s}</text>"
    );
}

fn midpoint(a: Cell, b: Cell) -> (f64, f64) {
    let (ax, ay) = centre(a);
    let (bx, by) = centre(b);
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}

fn clue(w: &mut String, puzzle: &VariantPuzzle, c: &Constraint) {
    let n = puzzle.size();
    match c {
        Constraint::Killer { cells, sum } => {
            // Dashed outline, inset, along the cage's border edges.
            let inset = 4.0;
            let inside = |r: i64, col: i64| {
                r >= 0 && col >= 0 && cells.contains(&Cell::new(r as usize, col as usize))
            };
            let _ = write!(
                w,
                "<g stroke=\"#000000\" stroke-width=\"1\" stroke-dasharray=\"3 2\" fill=\"none\">"
            );
            for cell in cells {
                let (r, col) = (cell.row as i64, cell.col as i64);
                let x0 = MARGIN + col as f64 * CELL;
                let y0 = MARGIN + r as f64 * CELL;
                let (x1, y1) = (x0 + CELL, y0 + CELL);
                let edges = [
                    (
                        !inside(r - 1, col),
                        (x0 + inset, y0 + inset, x1 - inset, y0 + inset),
                    ),
                    (
                        !inside(r + 1, col),
                        (x0 + inset, y1 - inset, x1 - inset, y1 - inset),
                    ),
                    (
                        !inside(r, col - 1),
                        (x0 + inset, y0 + inset, x0 + inset, y1 - inset),
                    ),
                    (
                        !inside(r, col + 1),
                        (x1 - inset, y0 + inset, x1 - inset, y1 - inset),
                    ),
                ];
                for (border, (a, b, cc, d)) in edges {
                    if border {
                        let _ = write!(w, "<line x1=\"{a}\" y1=\"{b}\" x2=\"{cc}\" y2=\"{d}\"/>");
                    }
                }
            }
            let _ = writeln!(w, "</g>");
            if let (Some(s), Some(first)) = (sum, cells.iter().min()) {
                let x = MARGIN + first.col as f64 * CELL + 9.0;
                let y = MARGIN + first.row as f64 * CELL + 10.0;
                text(w, x, y, 10.0, &s.to_string());
            }
        }
        Constraint::LittleKiller { cells, sum } => {
            let ((r, col), dir) = little_killer_clue(cells, n);
            let x = MARGIN + (col as f64 + 0.5) * CELL;
            let y = MARGIN + (r as f64 + 0.5) * CELL;
            let arrow = match dir {
                (1, 1) => '↘',
                (1, _) => '↙',
                (_, 1) => '↗',
                _ => '↖',
            };
            text(w, x, y, 14.0, &format!("{sum}{arrow}"));
        }
        Constraint::Diagonal(d) => {
            let (x0, x1) = (MARGIN, MARGIN + n as f64 * CELL);
            let (y0, y1) = match d {
                Diagonal::Main => (x0, x1),
                Diagonal::Anti => (x1, x0),
            };
            let _ = writeln!(
                w,
                "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\" stroke=\"#4060c0\" stroke-width=\"2\"/>"
            );
        }
        Constraint::Line {
            kind,
            cells,
            conditional,
        } => {
            let (colour, width) = line_style(*kind);
            let dash = if *conditional || *kind == LineKind::SlowThermometer {
                " stroke-dasharray=\"8 5\""
            } else {
                ""
            };
            let _ = writeln!(
                w,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"0.8\"{dash}/>",
                points(cells)
            );
            match kind {
                LineKind::Thermometer | LineKind::SlowThermometer => {
                    let (x, y) = centre(cells[0]);
                    let _ = writeln!(
                        w,
                        "<circle cx=\"{x}\" cy=\"{y}\" r=\"14\" fill=\"{colour}\"/>"
                    );
                }
                LineKind::Between => {
                    for &e in [cells[0], cells[cells.len() - 1]].iter() {
                        let (x, y) = centre(e);
                        let _ = writeln!(
                            w,
                            "<circle cx=\"{x}\" cy=\"{y}\" r=\"16\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"2\"/>"
                        );
                    }
                }
                _ => {}
            }
        }
        Constraint::Arrow { circle, shaft } => {
            let mut line = vec![*circle.last().unwrap_or(&shaft[0])];
            line.extend(shaft);
            let _ = writeln!(
                w,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#808080\" stroke-width=\"2\"/>",
                points(&line)
            );
            if let [.., a, b] = line[..] {
                let (ax, ay) = centre(a);
                let (bx, by) = centre(b);
                let (dx, dy) = (bx - ax, by - ay);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len * 8.0, dy / len * 8.0);
                let _ = writeln!(
                    w,
                    "<polyline points=\"{},{} {bx},{by} {},{}\" fill=\"none\" stroke=\"#808080\" stroke-width=\"2\"/>",
                    bx - ux - uy,
                    by - uy + ux,
                    bx - ux + uy,
                    by - uy - ux
                );
            }
            for &cell in circle {
                let (x, y) = centre(cell);
                let _ = writeln!(
                    w,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"17\" fill=\"#ffffff\" stroke=\"#808080\" stroke-width=\"2\"/>"
                );
            }
        }
        Constraint::Ratio { cells, ratio } => {
            let (x, y) = midpoint(cells[0], cells[1]);
            let _ = writeln!(
                w,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"#000000\"/>"
            );
            if *ratio != 2 {
                text(w, x, y - 10.0, 9.0, &ratio.to_string());
            }
        }
        Constraint::Difference { cells, difference } => {
            let (x, y) = midpoint(cells[0], cells[1]);
            let _ = writeln!(
                w,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"#ffffff\" stroke=\"#000000\"/>"
            );
            if *difference != 1 {
                text(w, x, y - 10.0, 9.0, &difference.to_string());
            }
        }
        Constraint::Xv { cells, sum } => {
            let (x, y) = midpoint(cells[0], cells[1]);
            let label = match sum {
                10 => "X".to_string(),
                5 => "V".to_string(),
                s => s.to_string(),
            };
            let _ = writeln!(
                w,
                "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"#ffffff\"/>",
                x - 6.0,
                y - 6.0
            );
            text(w, x, y, 12.0, &label);
        }
        Constraint::Quadruple { cells, digits } => {
            let (x, y) = corner(cells);
            let _ = writeln!(
                w,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"11\" fill=\"#ffffff\" stroke=\"#000000\"/>"
            );
            let s: String = digits.iter().map(|d| d.to_string()).collect();
            text(w, x, y, if s.len() > 2 { 7.0 } else { 9.0 }, &s);
        }
        Constraint::LetterCircle { cells, letter } => {
            let (x, y) = corner(cells);
            let _ = writeln!(
                w,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"10\" fill=\"#ffffff\" stroke=\"#000000\"/>"
            );
            text(w, x, y, 11.0, &letter.to_string());
        }
        Constraint::Letter { cell, letter } => {
            let (x, y) = centre(*cell);
            text(w, x + 12.0, y - 12.0, 10.0, &letter.to_string());
        }
        Constraint::Odd(cell) => {
            let (x, y) = centre(*cell);
            let _ = writeln!(
                w,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"15\" fill=\"#d8d8d8\"/>"
            );
        }
        Constraint::Even(cell) => {
            let (x, y) = centre(*cell);
            let _ = writeln!(
                w,
                "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"28\" fill=\"#d8d8d8\"/>",
                x - 14.0,
                y - 14.0
            );
        }
        Constraint::Minimum(cell) | Constraint::Maximum(cell) => {
            let (x, y) = centre(*cell);
            let sign = if matches!(c, Constraint::Maximum(_)) {
                -1.0
            } else {
                1.0
            };
            let _ = writeln!(
                w,
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"#a0a0a0\"/>",
                x - 5.0,
                y - 15.0 * sign,
                x + 5.0,
                y - 15.0 * sign,
                x,
                y - 10.0 * sign
            );
        }
        Constraint::Shade { cell, water } => {
            let (x, y) = centre(*cell);
            let fill = if *water { "#3a8fd0" } else { "#c8a060" };
            let _ = writeln!(
                w,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{fill}\"/>",
                x - 14.0,
                y + 14.0
            );
        }
        _ => {}
    }
}

/// The point the cells surround (their centres' mean).
fn corner(cells: &[Cell]) -> (f64, f64) {
    let k = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), &c| {
        let (x, y) = centre(c);
        (sx + x, sy + y)
    });
    (sx / k, sy / k)
}
