//! SVG pictures of grids: thin cell lines, thick box or region borders, givens in bold
//! black and solved digits in blue; windows, diagonals and extra houses are shaded. The
//! output depends only on its inputs (no timestamps, no randomness), so it can be
//! snapshot-tested.

use std::fmt::Write;

use crate::sudoku::check::SizeMismatch;
use crate::sudoku::grid::Grid;
use crate::sudoku::outline::{baseline, svg_start};
use crate::sudoku::shape::{Cell, HouseKind, Shape};

const CELL: usize = 40;
const MARGIN: usize = 4;
const GIVEN_COLOUR: &str = "#000000";
const FILLED_COLOUR: &str = "#1f5fbf";
const EXTRA_COLOURS: [&str; 4] = ["#fde9c9", "#d9f0d3", "#e5dcf2", "#fbd5dc"];

/// Draws a puzzle as SVG: its givens, and if a solution is given, the other cells of the
/// solution in a lighter weight and another colour. Digits are written in the puzzle's
/// alphabet.
///
/// ```
/// use dlx_sudoku::sudoku::{render_svg, Shape};
/// let shape = Shape::for_size(4)?;
/// let puzzle = "1...............".parse()?;
/// let solution = "1234341221434321".parse()?;
/// let svg = render_svg(&shape, &puzzle, Some(&solution))?;
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<text").count(), 16);
/// assert_eq!(svg.matches("font-weight=\"bold\"").count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_svg(
    shape: &Shape,
    puzzle: &Grid,
    solution: Option<&Grid>,
) -> Result<String, SizeMismatch> {
    shape.check_size(puzzle)?;
    if let Some(s) = solution {
        shape.check_size(s)?;
    }
    let n = shape.size();
    let side = n * CELL + 2 * MARGIN;
    let mut out = svg_start(side, side);
    let w = &mut out;
    // Writing to a String cannot fail.
    shade_houses(w, shape);
    grid_lines(w, n);
    region_borders(w, shape);
    let _ = writeln!(
        w,
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"none\" \
         stroke=\"#000000\" stroke-width=\"3\"/>",
        n * CELL,
        n * CELL
    );
    digits(w, puzzle, solution);
    out.push_str("</svg>\n");
    Ok(out)
}

fn x(col: usize) -> usize {
    MARGIN + col * CELL
}

/// Windows and extra houses as pale cell backgrounds; diagonals as pale lines.
fn shade_houses(w: &mut String, shape: &Shape) {
    let n = shape.size();
    let mut extra = 0;
    for house in shape.houses() {
        let fill = match house.kind() {
            HouseKind::Window(_) => "#e6e6e6",
            HouseKind::Extra(_) => {
                extra += 1;
                EXTRA_COLOURS[(extra - 1) % EXTRA_COLOURS.len()]
            }
            HouseKind::MainDiagonal => {
                let _ = writeln!(
                    w,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#b0b0b0\" \
                     stroke-width=\"2\"/>",
                    x(0),
                    x(0),
                    x(n),
                    x(n)
                );
                continue;
            }
            HouseKind::AntiDiagonal => {
                let _ = writeln!(
                    w,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#b0b0b0\" \
                     stroke-width=\"2\"/>",
                    x(n),
                    x(0),
                    x(0),
                    x(n)
                );
                continue;
            }
            _ => continue,
        };
        let _ = write!(w, "<g fill=\"{fill}\">");
        for cell in house.cells() {
            let _ = write!(
                w,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                x(cell.col),
                x(cell.row)
            );
        }
        let _ = writeln!(w, "</g>");
    }
}

/// Thin lines between all cells.
fn grid_lines(w: &mut String, n: usize) {
    let _ = write!(w, "<g stroke=\"#a0a0a0\" stroke-width=\"1\">");
    for k in 1..n {
        let _ = write!(
            w,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            x(k),
            x(0),
            x(k),
            x(n),
            x(0),
            x(k),
            x(n),
            x(k)
        );
    }
    let _ = writeln!(w, "</g>");
}

/// Thick lines wherever neighbouring cells lie in different boxes or regions, merged into
/// maximal straight segments.
fn region_borders(w: &mut String, shape: &Shape) {
    if !shape.has_regions() {
        return;
    }
    let n = shape.size();
    let region = |r: usize, c: usize| shape.region_of(Cell::new(r, c));
    let _ = write!(
        w,
        "<g stroke=\"#000000\" stroke-width=\"3\" stroke-linecap=\"square\">"
    );
    // Vertical borders: between columns c-1 and c, runs of rows.
    for c in 1..n {
        let mut r = 0;
        while r < n {
            if region(r, c - 1) == region(r, c) {
                r += 1;
                continue;
            }
            let start = r;
            while r < n && region(r, c - 1) != region(r, c) {
                r += 1;
            }
            let _ = write!(
                w,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                x(c),
                x(start),
                x(c),
                x(r)
            );
        }
    }
    // Horizontal borders: between rows r-1 and r, runs of columns.
    for r in 1..n {
        let mut c = 0;
        while c < n {
            if region(r - 1, c) == region(r, c) {
                c += 1;
                continue;
            }
            let start = c;
            while c < n && region(r - 1, c) != region(r, c) {
                c += 1;
            }
            let _ = write!(
                w,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                x(start),
                x(r),
                x(c),
                x(r)
            );
        }
    }
    let _ = writeln!(w, "</g>");
}

/// Givens bold black; the rest of the solution normal weight, blue. Each digit's baseline
/// is placed explicitly (see [`baseline`]), so that every renderer centres it.
fn digits(w: &mut String, puzzle: &Grid, solution: Option<&Grid>) {
    let alphabet = puzzle.alphabet();
    let widest = (1..=puzzle.size() as u8)
        .map(|d| alphabet.text(Some(d)).chars().count())
        .max()
        .unwrap_or(1);
    let font = if widest > 1 {
        CELL * 2 / 5
    } else {
        CELL * 3 / 5
    };
    let _ = writeln!(
        w,
        "<g font-family=\"sans-serif\" font-size=\"{font}\" text-anchor=\"middle\">"
    );
    for (cell, given) in puzzle.cells() {
        let (digit, given) = match (given, solution.and_then(|s| s.get(cell))) {
            (Some(d), _) => (d, true),
            (None, Some(d)) => (d, false),
            (None, None) => continue,
        };
        let (colour, weight) = if given {
            (GIVEN_COLOUR, " font-weight=\"bold\"")
        } else {
            (FILLED_COLOUR, "")
        };
        let _ = writeln!(
            w,
            "<text x=\"{}\" y=\"{}\" fill=\"{colour}\"{weight}>{}</text>",
            x(cell.col) + CELL / 2,
            baseline((x(cell.row) + CELL / 2) as f64, font as f64),
            alphabet.text(Some(digit))
        );
    }
    let _ = writeln!(w, "</g>");
}
