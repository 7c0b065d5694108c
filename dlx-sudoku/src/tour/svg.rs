//! SVG rendering: the tour drawn over a chessboard.

use std::fmt::Write;

use super::board::Square;
use super::path::{Closure, Tour};

/// Light squares (the colour of the top-left corner).
const LIGHT: &str = "#f0d9b5";
/// Dark squares.
const DARK: &str = "#b58863";
/// The knight's path.
const LINE: &str = "#1f3a93";
/// The start marker.
const START: &str = "#2e8b57";
/// The end marker.
const END: &str = "#c0392b";

/// How to draw a tour as SVG.
///
/// ```
/// use dlx_sudoku::tour::SvgOptions;
/// let options = SvgOptions { square: 30, numbers: true };
/// assert_eq!(SvgOptions::default().square, 40);
/// assert!(options.numbers);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Side of one square in pixels; raised to an even number of at least 8 so
    /// that square centres fall on whole pixels.
    pub square: u32,
    /// Write each square's move number in it.
    pub numbers: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        Self {
            square: 40,
            numbers: false,
        }
    }
}

impl Tour {
    /// The tour as a standalone SVG image with default [`SvgOptions`].
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, Board, TourOptions};
    /// let tour = find_tour(Board::new(6, 6)?, &TourOptions::closed())?;
    /// let svg = tour.to_svg();
    /// assert!(svg.starts_with("<svg "));
    /// assert!(svg.trim_end().ends_with("</svg>"));
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        self.to_svg_with(SvgOptions::default())
    }

    /// The tour as a standalone SVG image: light and dark squares, the path
    /// through the square centres (back to the start for a closed tour), a
    /// round marker on the start and a square marker on the end. The output
    /// depends only on the tour and `options`.
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, Board, SvgOptions, TourOptions};
    /// let tour = find_tour(Board::new(3, 4)?, &TourOptions::open())?;
    /// let svg = tour.to_svg_with(SvgOptions { square: 20, numbers: true });
    /// assert!(svg.contains(r#"width="80" height="60""#));
    /// assert_eq!(svg.matches("<text ").count(), 12);
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn to_svg_with(&self, options: SvgOptions) -> String {
        let s = u64::from(options.square.max(8).next_multiple_of(2));
        let board = self.board();
        let (width, height) = (board.cols() as u64 * s, board.rows() as u64 * s);
        let centre = |sq: Square| (sq.col as u64 * s + s / 2, sq.row as u64 * s + s / 2);
        let closed = self.closure() == Closure::Closed;
        let mut out = String::with_capacity(64 + self.squares().len() * 12);
        let w = &mut out;
        let _ = writeln!(
            w,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
        );
        let _ = writeln!(
            w,
            "<title>{} knight's tour of the {}x{} board from {} to {}</title>",
            if closed { "Closed" } else { "Open" },
            board.rows(),
            board.cols(),
            self.start(),
            self.end()
        );
        let _ = writeln!(
            w,
            r#"<defs><pattern id="squares" width="{d}" height="{d}" patternUnits="userSpaceOnUse"><rect width="{d}" height="{d}" fill="{LIGHT}"/><rect x="{s}" width="{s}" height="{s}" fill="{DARK}"/><rect y="{s}" width="{s}" height="{s}" fill="{DARK}"/></pattern></defs>"#,
            d = 2 * s
        );
        let _ = writeln!(
            w,
            r#"<rect width="{width}" height="{height}" fill="url(#squares)"/>"#
        );
        let _ = write!(
            w,
            r#"<path fill="none" stroke="{LINE}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round" d=""#,
            (s / 10).max(1)
        );
        for (i, &sq) in self.squares().iter().enumerate() {
            let (x, y) = centre(sq);
            let cmd = if i == 0 { 'M' } else { 'L' };
            if i > 0 && i % 16 == 0 {
                w.push('\n');
            } else if i > 0 {
                w.push(' ');
            }
            let _ = write!(w, "{cmd}{x} {y}");
        }
        if closed {
            w.push_str(" Z");
        }
        w.push_str("\"/>\n");
        let (sx, sy) = centre(self.start());
        let _ = writeln!(
            w,
            r#"<circle cx="{sx}" cy="{sy}" r="{}" fill="{START}"><title>start {}</title></circle>"#,
            s / 5,
            self.start()
        );
        let (ex, ey) = centre(self.end());
        let half = s / 6;
        let _ = writeln!(
            w,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{END}"><title>end {}</title></rect>"#,
            ex - half,
            ey - half,
            2 * half,
            2 * half,
            self.end()
        );
        if options.numbers {
            let _ = writeln!(
                w,
                r#"<g font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="black">"#,
                s * 3 / 10
            );
            for (i, &sq) in self.squares().iter().enumerate() {
                let (x, y) = centre(sq);
                let _ = writeln!(w, r#"<text x="{x}" y="{}">{}</text>"#, y - s / 4, i + 1);
            }
            w.push_str("</g>\n");
        }
        w.push_str("</svg>\n");
        out
    }
}
