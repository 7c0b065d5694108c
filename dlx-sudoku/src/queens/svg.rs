//! SVG pictures of queens on a chessboard. The output depends only on the placement, so it
//! can be snapshot-tested.

use std::fmt::Write;

use crate::queens::QueensSolution;
use crate::sudoku::outline::{baseline, svg_start};

const SQUARE: usize = 40;
const MARGIN: usize = 4;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

impl QueensSolution {
    /// Draws the board as SVG: light and dark squares (the top-left one light), a black
    /// queen glyph (♛) on each queen's square, and a frame.
    ///
    /// ```
    /// use dlx_sudoku::queens::QueensSolution;
    /// let svg = QueensSolution::from_columns(vec![1, 3, 0, 2]).render_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert_eq!(svg.matches('♛').count(), 4);
    /// assert_eq!(svg.matches("<rect").count(), 1 + 16 + 1);
    /// ```
    pub fn render_svg(&self) -> String {
        let n = self.n();
        let side = n * SQUARE + 2 * MARGIN;
        let mut out = svg_start(side, side);
        let w = &mut out;
        // Writing to a String cannot fail.
        for r in 0..n {
            for c in 0..n {
                let fill = if (r + c) % 2 == 0 { LIGHT } else { DARK };
                let _ = writeln!(
                    w,
                    "<rect x=\"{}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
                     fill=\"{fill}\"/>",
                    at(c),
                    at(r)
                );
            }
        }
        let _ = writeln!(
            w,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{0}\" height=\"{0}\" fill=\"none\" \
             stroke=\"#000000\" stroke-width=\"2\"/>",
            n * SQUARE
        );
        for &(r, c) in self.squares().iter().filter(|&&(r, c)| r < n && c < n) {
            let _ = writeln!(
                w,
                "<text x=\"{}\" y=\"{}\" font-family=\"serif\" font-size=\"32\" \
                 text-anchor=\"middle\" fill=\"#000000\">♛</text>",
                at(c) + SQUARE / 2,
                baseline((at(r) + SQUARE / 2) as f64, 32.0)
            );
        }
        out.push_str("</svg>\n");
        out
    }
}

fn at(k: usize) -> usize {
    MARGIN + k * SQUARE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_sit_in_the_middle_of_their_squares() {
        let svg = QueensSolution::from_columns(vec![0]).render_svg();
        // Centred: the baseline 0.35 of the font size below the centre (24, 24).
        assert!(svg.contains("<text x=\"24\" y=\"35.2\""));
        assert!(!svg.contains("dominant-baseline"));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn off_board_queens_are_not_drawn() {
        let svg = QueensSolution::from_squares(1, vec![(3, 3)]).render_svg();
        assert!(!svg.contains('♛'));
    }
}
