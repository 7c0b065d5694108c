//! SVG pictures of Knightdoku boards: thin cell lines, thick box lines, a knight glyph
//! (♞) on every knight, clue numbers in bold on shaded cells. The output depends only on
//! the board, so it can be snapshot-tested.

use std::fmt::Write;

use crate::grid::Cell;
use crate::knightdoku::board::{Content, KnightdokuBoard};
use crate::sudoku::outline::{baseline, svg_start};

const CELL: usize = 40;
const MARGIN: usize = 4;
const CLUE_FILL: &str = "#e6e6e6";

impl KnightdokuBoard {
    /// Draws the board as SVG. A clue cell shows its number (and a small knight in its
    /// corner, since it holds one); a knight without a number shows a large knight.
    ///
    /// ```
    /// use dlx_sudoku::knightdoku::KnightdokuBoard;
    /// let board: KnightdokuBoard = "N1..\n....\n..N.\n....".parse()?;
    /// let svg = board.render_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert_eq!(svg.matches('♞').count(), 3);
    /// assert_eq!(svg.matches("font-weight=\"bold\"").count(), 1);
    /// # Ok::<(), dlx_sudoku::knightdoku::BoardError>(())
    /// ```
    pub fn render_svg(&self) -> String {
        let g = self.geometry();
        let n = g.size();
        let side = n * CELL + 2 * MARGIN;
        let mut out = svg_start(side, side);
        let w = &mut out;
        // Writing to a String cannot fail.
        for (cell, _) in self.clues() {
            let _ = writeln!(
                w,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{CLUE_FILL}\"/>",
                at(cell.col),
                at(cell.row)
            );
        }
        // Thin lines between cells, then thick lines between boxes and around the grid.
        let end = at(n);
        for k in 1..n {
            let p = at(k);
            let _ = writeln!(
                w,
                "<line x1=\"{p}\" y1=\"{MARGIN}\" x2=\"{p}\" y2=\"{end}\" stroke=\"#999999\" stroke-width=\"1\"/>"
            );
            let _ = writeln!(
                w,
                "<line x1=\"{MARGIN}\" y1=\"{p}\" x2=\"{end}\" y2=\"{p}\" stroke=\"#999999\" stroke-width=\"1\"/>"
            );
        }
        for k in (g.box_cols()..n).step_by(g.box_cols()) {
            let p = at(k);
            let _ = writeln!(
                w,
                "<line x1=\"{p}\" y1=\"{MARGIN}\" x2=\"{p}\" y2=\"{end}\" stroke=\"#000000\" stroke-width=\"3\"/>"
            );
        }
        for k in (g.box_rows()..n).step_by(g.box_rows()) {
            let p = at(k);
            let _ = writeln!(
                w,
                "<line x1=\"{MARGIN}\" y1=\"{p}\" x2=\"{end}\" y2=\"{p}\" stroke=\"#000000\" stroke-width=\"3\"/>"
            );
        }
        let _ = writeln!(
            w,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{0}\" height=\"{0}\" fill=\"none\" \
             stroke=\"#000000\" stroke-width=\"3\"/>",
            n * CELL
        );
        for r in 0..n {
            for c in 0..n {
                let (x, y) = (at(c) + CELL / 2, at(r) + CELL / 2);
                match self.get(Cell::new(r, c)) {
                    Content::Empty => {}
                    Content::Knight => {
                        let _ = writeln!(
                            w,
                            "<text x=\"{x}\" y=\"{}\" font-family=\"serif\" font-size=\"30\" \
                             text-anchor=\"middle\" fill=\"#1f3f7f\">♞</text>",
                            baseline(y as f64, 30.0)
                        );
                    }
                    Content::Clue(k) => {
                        let _ = writeln!(
                            w,
                            "<text x=\"{}\" y=\"{}\" font-family=\"serif\" font-size=\"12\" \
                             text-anchor=\"middle\" fill=\"#000000\">♞</text>",
                            at(c) + 8,
                            baseline((at(r) + 9) as f64, 12.0)
                        );
                        let _ = writeln!(
                            w,
                            "<text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" \
                             font-size=\"24\" font-weight=\"bold\" text-anchor=\"middle\" \
                             fill=\"#000000\">{k}</text>",
                            baseline(y as f64, 24.0)
                        );
                    }
                }
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

fn at(k: usize) -> usize {
    MARGIN + k * CELL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knightdoku::Geometry;

    #[test]
    fn thick_lines_follow_the_boxes() {
        let board = KnightdokuBoard::empty(Geometry::new(6, 2, 3, 2).unwrap());
        let svg = board.render_svg();
        // One thick vertical line (after column 3), two thick horizontal ones (rows 2, 4).
        assert_eq!(svg.matches("stroke-width=\"3\"/>").count(), 3 + 1);
        assert_eq!(svg.matches("stroke-width=\"1\"/>").count(), 2 * 5);
        assert!(!svg.contains('♞'));
    }
}
