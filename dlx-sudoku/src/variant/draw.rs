//! What the rules draw with: the [`Canvas`] each rule draws itself on, and where cells
//! lie in the picture. Below the rules; the whole picture (grid, rules, digits, pencil
//! marks) is `svg.rs`, above them.

use std::fmt::Write;

use crate::sudoku::outline::{baseline, outline_path};
use crate::sudoku::Cell;

/// Cell size and margin of the plain grid's drawing (see `sudoku::svg`).
pub(crate) const CELL: f64 = 40.0;
pub(crate) const MARGIN: f64 = 4.0;
/// How far a cage outline lies inside its cells' borders.
const CAGE_INSET: f64 = 4.0;

/// Where rules draw: fills under the grid lines, clues over them (under the digits).
#[derive(Default)]
pub(crate) struct Canvas {
    /// The grid's size.
    pub n: usize,
    pub under: String,
    pub over: String,
    /// Whether something was drawn beside the grid (the picture then gets a margin).
    pub outside: bool,
}

/// The centre of a cell.
pub(crate) fn centre(c: Cell) -> (f64, f64) {
    point(c.row as f64, c.col as f64)
}

/// The centre of the place in row `row` and column `col` (from 0; -1 and `n` lie beside
/// the grid).
fn point(row: f64, col: f64) -> (f64, f64) {
    (MARGIN + (col + 0.5) * CELL, MARGIN + (row + 0.5) * CELL)
}

impl Canvas {
    /// Fills cells under the grid lines.
    pub fn fill_cells(&mut self, cells: &[Cell], colour: &str) {
        let _ = write!(self.under, "<g fill=\"{colour}\">");
        for c in cells {
            let _ = write!(
                self.under,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                MARGIN + c.col as f64 * CELL,
                MARGIN + c.row as f64 * CELL
            );
        }
        let _ = writeln!(self.under, "</g>");
    }

    /// Raw SVG over the grid.
    pub fn raw(&mut self, s: &str) {
        self.over.push_str(s);
        if !s.ends_with('\n') {
            self.over.push('\n');
        }
    }

    /// Text centred on a point (the baseline is placed explicitly, so that every
    /// renderer centres it: see [`baseline`]).
    pub fn text(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let _ = writeln!(
            self.over,
            "<text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\" text-anchor=\"middle\">{}</text>",
            baseline(y, size),
            escape(s)
        );
    }

    /// A polyline through cell centres.
    pub fn polyline(
        &mut self,
        cells: &[Cell],
        colour: &str,
        width: f64,
        dashed: bool,
        closed: bool,
    ) {
        let mut pts: Vec<String> = cells
            .iter()
            .map(|&c| {
                let (x, y) = centre(c);
                format!("{x},{y}")
            })
            .collect();
        if closed {
            if let Some(first) = pts.first().cloned() {
                pts.push(first);
            }
        }
        let dash = if dashed {
            " stroke-dasharray=\"8 5\""
        } else {
            ""
        };
        let _ = writeln!(
            self.over,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"0.8\"{dash}/>",
            pts.join(" ")
        );
    }

    /// A circle.
    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, stroke: Option<&str>) {
        let stroke = stroke.map_or(String::new(), |s| {
            format!(" stroke=\"{s}\" stroke-width=\"2\"")
        });
        let _ = writeln!(
            self.over,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\"{stroke}/>"
        );
    }

    /// One outline around a set of cells (a killer cage), `inset` pixels inside their
    /// boundary, traced along it as one closed path per loop (the outside of each piece
    /// and each hole), whatever the cells' shape.
    pub fn outline(&mut self, cells: &[Cell], colour: &str, dashed: bool) {
        let d = outline_path(cells, CELL, MARGIN, CAGE_INSET);
        if d.is_empty() {
            return;
        }
        let dash = if dashed {
            " stroke-dasharray=\"3 2\""
        } else {
            ""
        };
        let _ = writeln!(
            self.over,
            "<path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1\"{dash}/>"
        );
    }

    /// A small label in the top-left corner of a cell, on a white patch that breaks the
    /// cage outline under it (as killer sums are printed).
    pub fn corner_label(&mut self, cell: Cell, s: &str) {
        let size = 10.0;
        let x0 = MARGIN + cell.col as f64 * CELL;
        let y0 = MARGIN + cell.row as f64 * CELL;
        let width = 2.0 + 0.6 * size * s.chars().count() as f64;
        let height = size + 1.0;
        let _ = writeln!(
            self.over,
            "<rect x=\"{}\" y=\"{}\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>",
            x0 + 1.0,
            y0 + 1.0
        );
        let _ = writeln!(
            self.over,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\">{}</text>",
            x0 + 2.0,
            baseline(y0 + 1.0 + height / 2.0, size),
            escape(s)
        );
    }

    /// The centre of a position given by row and column, which may lie beside the grid
    /// (`-1` or `n`).
    pub fn at(&mut self, row: i64, col: i64) -> (f64, f64) {
        let n = self.n as i64;
        if row < 0 || col < 0 || row >= n || col >= n {
            self.outside = true;
        }
        point(row as f64, col as f64)
    }
}

/// The midpoint between two cells' centres.
pub(crate) fn midpoint(a: Cell, b: Cell) -> (f64, f64) {
    let (ax, ay) = centre(a);
    let (bx, by) = centre(b);
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}

/// The point the cells surround (their centres' mean).
pub(crate) fn corner(cells: &[Cell]) -> (f64, f64) {
    let k = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), &c| {
        let (x, y) = centre(c);
        (sx + x, sy + y)
    });
    (sx / k, sy / k)
}

/// Escapes text for SVG.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
