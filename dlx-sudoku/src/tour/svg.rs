//! SVG rendering: the tour drawn over a chessboard.

use std::fmt::Write;

use super::board::Square;
use super::path::{Closure, Tour};
use crate::sudoku::outline::{baseline, svg_start};

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
/// let options = SvgOptions { square: 30, numbers: false };
/// assert_eq!(SvgOptions::default().square, 40);
/// assert!(SvgOptions::default().numbers);
/// assert!(!options.numbers);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Side of one square in pixels; raised to an even number of at least 8 so
    /// that square centres fall on whole pixels.
    pub square: u32,
    /// Write each square's move number in it (and say so in the legend).
    pub numbers: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        Self {
            square: 40,
            numbers: true,
        }
    }
}

/// The most squares [`Tour::to_svg`] writes move numbers in (beyond, the picture is a
/// path to look at, not numbers to read).
pub const MAX_NUMBERED_SQUARES: usize = 10_000;

impl Tour {
    /// The tour as a standalone SVG image with default [`SvgOptions`]: move numbers in
    /// the squares, unless the board has more than [`MAX_NUMBERED_SQUARES`] squares.
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, TourBoard, TourOptions};
    /// let tour = find_tour(TourBoard::new(6, 6)?, &TourOptions::closed())?;
    /// let svg = tour.to_svg();
    /// assert!(svg.starts_with("<svg "));
    /// assert!(svg.trim_end().ends_with("</svg>"));
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        let squares = self.squares().len();
        self.to_svg_with(SvgOptions {
            numbers: squares <= MAX_NUMBERED_SQUARES,
            ..SvgOptions::default()
        })
    }

    /// The tour as a standalone SVG image: light and dark squares, the path
    /// through the square centres (back to the start for a closed tour), a
    /// round marker on the start and a square marker on the end, move numbers if
    /// asked, and under the board a legend of the marks (and of the numbers).
    /// Every text's baseline is placed explicitly, so that all renderers agree.
    /// The output depends only on the tour and `options`.
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, TourBoard, SvgOptions, TourOptions};
    /// let tour = find_tour(TourBoard::new(3, 4)?, &TourOptions::open())?;
    /// let svg = tour.to_svg_with(SvgOptions { square: 20, numbers: true });
    /// assert!(svg.contains(r#"<rect width="80" height="60" fill="url(#squares)"/>"#));
    /// // Twelve move numbers; in the legend, the sample "1" and three labels.
    /// assert_eq!(svg.matches("<text ").count(), 12 + 4);
    /// assert!(svg.contains(">start (0,0)</text>") && svg.contains(">move number</text>"));
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn to_svg_with(&self, options: SvgOptions) -> String {
        let s = u64::from(options.square.max(8).next_multiple_of(2));
        let board = self.board();
        let (width, height) = (board.cols() as u64 * s, board.rows() as u64 * s);
        let closed = self.closure() == Closure::Closed;
        let legend = Legend::new(self, options.numbers, closed, width);
        let (picture_width, picture_height) = (width.max(legend.width), height + legend.height);
        let centre = |sq: Square| (sq.col as u64 * s + s / 2, sq.row as u64 * s + s / 2);
        let mut out = svg_start(picture_width, picture_height);
        let w = &mut out;
        let _ = writeln!(
            w,
            "<title>{} knight's tour of the {}x{} board from {} to {}</title>",
            if closed { "Closed" } else { "Open" },
            board.rows(),
            board.cols(),
            self.start().pair(),
            self.end().pair()
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
        // The direction: an arrowhead halfway along the first move.
        if let [first, second, ..] = self.squares() {
            let ((x1, y1), (x2, y2)) = (centre(*first), centre(*second));
            let _ = writeln!(
                w,
                r#"<defs><marker id="ahead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="{a}" markerHeight="{a}" markerUnits="userSpaceOnUse" orient="auto"><path d="M0 0L10 5L0 10z" fill="{LINE}"/></marker></defs>"#,
                a = (s * 3 / 10).max(4)
            );
            let _ = writeln!(
                w,
                r#"<path fill="none" stroke="none" marker-end="url(#ahead)" d="M{x1} {y1}L{} {}"><title>the first move</title></path>"#,
                (x1 + x2) / 2,
                (y1 + y2) / 2
            );
        }
        let (sx, sy) = centre(self.start());
        let _ = writeln!(
            w,
            r#"<circle cx="{sx}" cy="{sy}" r="{}" fill="{START}"><title>start {}</title></circle>"#,
            s / 8,
            self.start().pair()
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
            self.end().pair()
        );
        if options.numbers {
            let size = s / 4;
            let _ = writeln!(
                w,
                r#"<g font-family="sans-serif" font-size="{size}" text-anchor="start" fill="black" stroke="white" stroke-width="{}" stroke-linejoin="round" paint-order="stroke">"#,
                (size / 4).max(1)
            );
            for (i, &sq) in self.squares().iter().enumerate() {
                let (x, y) = centre(sq);
                // In the square's top-left corner, off the path through its centre (a
                // knight's move leaves the centre toward an edge, never a corner) and off the
                // markers on it, with a white halo where a line passes close; the baseline
                // is explicit so that every renderer puts it there.
                let _ = writeln!(
                    w,
                    r#"<text x="{}" y="{}">{}</text>"#,
                    x - s / 2 + s / 20 + 1,
                    baseline((y - s / 2 + size / 2 + s / 20 + 1) as f64, size as f64),
                    i + 1
                );
            }
            w.push_str("</g>\n");
        }
        legend.draw(w, height);
        w.push_str("</svg>\n");
        out
    }
}

/// Font size of the legend, in pixels.
const LEGEND_FONT: u64 = 12;
/// Height of one line of the legend.
const LEGEND_LINE: u64 = 20;

/// The legend under the board: the start and end marks, and how to read the move
/// numbers, laid out left to right and wrapped to the picture's width.
struct Legend {
    /// Each entry's label and where it goes (column offset, line).
    entries: Vec<(Entry, String, u64, u64)>,
    width: u64,
    height: u64,
}

/// The mark drawn before a legend entry.
#[derive(Clone, Copy)]
enum Entry {
    Start,
    End,
    Numbers,
}

impl Legend {
    fn new(tour: &Tour, numbers: bool, closed: bool, board_width: u64) -> Legend {
        let mut labels = vec![
            (Entry::Start, format!("start {}", tour.start().pair())),
            (
                Entry::End,
                if closed {
                    format!("end {}, a move from the start", tour.end().pair())
                } else {
                    format!("end {}", tour.end().pair())
                },
            ),
        ];
        if numbers {
            labels.push((Entry::Numbers, "move number".to_string()));
        }
        // A mark 16 px wide between 4 px gaps, the label at about 0.6 em per character of
        // a sans-serif font, and 8 px before the next entry.
        let item = |label: &str| {
            4 + 16 + 4 + (label.chars().count() as u64 * LEGEND_FONT * 6).div_ceil(10) + 8
        };
        let widest = labels.iter().map(|(_, l)| item(l)).max().unwrap_or(0);
        let width = board_width.max(widest);
        let (mut x, mut line) = (0, 0);
        let mut entries = Vec::new();
        for (entry, label) in labels {
            let w = item(&label);
            if x > 0 && x + w > width {
                x = 0;
                line += 1;
            }
            entries.push((entry, label, x, line));
            x += w;
        }
        Legend {
            entries,
            width,
            height: (line + 1) * LEGEND_LINE + 4,
        }
    }

    fn draw(&self, w: &mut String, top: u64) {
        let _ = writeln!(
            w,
            r#"<g font-family="sans-serif" font-size="{LEGEND_FONT}" fill="black"><title>legend</title>"#
        );
        for (entry, label, x, line) in &self.entries {
            let mid = top + 2 + line * LEGEND_LINE + LEGEND_LINE / 2;
            let mark_x = x + 4 + 8;
            match entry {
                Entry::Start => {
                    let _ = write!(
                        w,
                        r#"<circle cx="{mark_x}" cy="{mid}" r="6" fill="{START}"/>"#
                    );
                }
                Entry::End => {
                    let _ = write!(
                        w,
                        r#"<rect x="{}" y="{}" width="10" height="10" fill="{END}"/>"#,
                        mark_x - 5,
                        mid - 5
                    );
                }
                Entry::Numbers => {
                    let _ = write!(
                        w,
                        r#"<text x="{mark_x}" y="{}" text-anchor="middle">1</text>"#,
                        baseline(mid as f64, LEGEND_FONT as f64)
                    );
                }
            }
            let _ = writeln!(
                w,
                r#"<text x="{}" y="{}">{label}</text>"#,
                x + 4 + 16 + 4,
                baseline(mid as f64, LEGEND_FONT as f64)
            );
        }
        w.push_str("</g>\n");
    }
}
