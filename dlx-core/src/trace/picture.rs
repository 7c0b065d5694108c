//! Pictures of the puzzle behind a problem, for the trace page: the board drawn once, and
//! for every option the marks it puts on the board while it is in the partial solution
//! (a digit in a cell, a queen on a square, the cells of a piece).
//!
//! The page draws the board beside the matrix and, at every step, the marks of the options
//! chosen so far (tinted with the colour of their level), the option being tried
//! (outlined) and, faintly, the options set aside for the item being branched on. A front
//! end that knows what its options mean hands the tracer a [`Picture`]: the lessons of
//! [`examples`](super::examples) have one each, and so do the puzzle families of
//! `dlx-sudoku` (Sudoku, queens, Langford pairs, polyominoes).
//!
//! Boards made with [`GridBoard`] use cells of [`CELL`] units with a margin of [`MARGIN`],
//! so that [`Mark::text_in`] and [`Mark::cell`] can place marks by row and column.
//!
//! ```
//! use dlx_core::trace::picture::{Drawing, GridBoard, Mark, Picture};
//! use dlx_core::OptionId;
//!
//! // A 2×2 grid where option k writes k + 1 in cell (k / 2, k % 2).
//! let drawing = Drawing {
//!     board: GridBoard::new(2, 2).build(),
//!     marks: (0..4).map(|k| vec![Mark::text_in(k / 2, k % 2, (k + 1).to_string())]).collect(),
//! };
//! assert_eq!(drawing.board().width, 2.0 * 40.0 + 2.0 * 4.0);
//! assert_eq!(drawing.marks(OptionId::new(3)), [Mark::text_in(1, 1, "4")]);
//! assert!(drawing.marks(OptionId::new(9)).is_empty());
//! ```

use std::fmt::Write;

use serde::Serialize;

use crate::problem::OptionId;

/// The side of a cell of a [`GridBoard`], in the units of the marks.
pub const CELL: f64 = 40.0;

/// The margin around a [`GridBoard`].
pub const MARGIN: f64 = 4.0;

/// What a front end hands the tracer so that the page can draw the puzzle filling in.
///
/// ```
/// use dlx_core::trace::picture::{PictureBoard, Mark, Picture};
/// use dlx_core::OptionId;
///
/// /// Options are squares of a 1×3 strip.
/// struct Strip;
/// impl Picture for Strip {
///     fn board(&self) -> PictureBoard {
///         PictureBoard { width: 120.0, height: 40.0, svg: String::new() }
///     }
///     fn marks(&self, option: OptionId) -> Vec<Mark> {
///         vec![Mark::Rect { x: 40.0 * option.index() as f64, y: 0.0, width: 40.0, height: 40.0 }]
///     }
/// }
/// assert_eq!(Strip.marks(OptionId::new(2)).len(), 1);
/// ```
pub trait Picture {
    /// The board, drawn once, under every mark.
    fn board(&self) -> PictureBoard;
    /// The marks `option` adds to the board while it is in the partial solution (none for
    /// an option that draws nothing, or one the picture does not know).
    fn marks(&self, option: OptionId) -> Vec<Mark>;
}

/// The board of a [`Picture`]: its size and what is drawn before any option is chosen.
///
/// See [`Picture`] for an example.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PictureBoard {
    /// The drawing's width, in the units of the marks.
    pub width: f64,
    /// The drawing's height.
    pub height: f64,
    /// SVG elements drawn under the marks (grid lines, givens, the rules of a variant), in
    /// the same units; whole elements only, no `<svg>` root.
    pub svg: String,
}

/// One thing an option draws. The page tints it with the colour of the level that chose
/// the option.
///
/// ```
/// use dlx_core::trace::picture::Mark;
/// // Centred in cell (1, 2) of a grid board: x = 4 + 2.5 × 40, y = 4 + 1.5 × 40.
/// assert_eq!(
///     Mark::text_in(1, 2, "7"),
///     Mark::Text { x: 104.0, y: 64.0, size: 24.0, text: "7".into() }
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mark {
    /// Text centred on (`x`, `y`), `size` units high: a digit, a queen, a letter.
    Text {
        /// The centre, across.
        x: f64,
        /// The centre, down.
        y: f64,
        /// The font size.
        size: f64,
        /// What is written.
        text: String,
    },
    /// A filled rectangle: a cell of a piece, an item that an option covers.
    Rect {
        /// The left edge.
        x: f64,
        /// The top edge.
        y: f64,
        /// The width.
        width: f64,
        /// The height.
        height: f64,
    },
}

impl Mark {
    /// Text centred in cell (`row`, `col`) of a [`GridBoard`], 0.6 of a cell high.
    ///
    /// See [`Mark`] for an example.
    pub fn text_in(row: usize, col: usize, text: impl Into<String>) -> Mark {
        let (x, y) = centre(row, col);
        Mark::Text {
            x,
            y,
            size: CELL * 0.6,
            text: text.into(),
        }
    }

    /// Cell (`row`, `col`) of a [`GridBoard`], filled.
    ///
    /// ```
    /// use dlx_core::trace::picture::Mark;
    /// assert_eq!(Mark::cell(0, 1), Mark::Rect { x: 44.0, y: 4.0, width: 40.0, height: 40.0 });
    /// ```
    pub fn cell(row: usize, col: usize) -> Mark {
        Mark::Rect {
            x: MARGIN + col as f64 * CELL,
            y: MARGIN + row as f64 * CELL,
            width: CELL,
            height: CELL,
        }
    }
}

/// The centre of cell (`row`, `col`) of a [`GridBoard`].
fn centre(row: usize, col: usize) -> (f64, f64) {
    (
        MARGIN + (col as f64 + 0.5) * CELL,
        MARGIN + (row as f64 + 0.5) * CELL,
    )
}

/// A ready-made [`Picture`]: a board and, for each option by index, its marks.
///
/// See the [module docs](self) for an example.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The board.
    pub board: PictureBoard,
    /// The marks of option `k` at index `k` (options past the end draw nothing).
    pub marks: Vec<Vec<Mark>>,
}

impl Picture for Drawing {
    fn board(&self) -> PictureBoard {
        self.board.clone()
    }

    fn marks(&self, option: OptionId) -> Vec<Mark> {
        self.marks.get(option.index()).cloned().unwrap_or_default()
    }
}

/// A board of `rows × cols` square cells: thin lines between cells, optionally thick
/// lines between regions (a Sudoku's boxes), chessboard squares, and fixed text (givens).
///
/// ```
/// use dlx_core::trace::picture::GridBoard;
/// let board = GridBoard::new(4, 4)
///     .regions(|r, c| 2 * (r / 2) + c / 2)
///     .given(0, 0, "1")
///     .build();
/// assert_eq!((board.width, board.height), (168.0, 168.0));
/// assert!(board.svg.contains(">1</text>"));
/// // Two thick lines inside the grid (one each way), drawn as runs of cell edges.
/// assert_eq!(board.svg.matches("stroke-width=\"3\"").count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct GridBoard {
    rows: usize,
    cols: usize,
    regions: Option<Vec<usize>>,
    checkered: bool,
    texts: Vec<(usize, usize, String)>,
    labels: Vec<(usize, usize, String)>,
}

impl GridBoard {
    /// A plain grid.
    ///
    /// See [`GridBoard`] for an example.
    pub fn new(rows: usize, cols: usize) -> Self {
        GridBoard {
            rows,
            cols,
            regions: None,
            checkered: false,
            texts: Vec::new(),
            labels: Vec::new(),
        }
    }

    /// Thick lines between cells of different regions (`region(row, col)`).
    ///
    /// See [`GridBoard`] for an example.
    pub fn regions(mut self, region: impl Fn(usize, usize) -> usize) -> Self {
        let mut ids = Vec::with_capacity(self.rows * self.cols);
        for r in 0..self.rows {
            for c in 0..self.cols {
                ids.push(region(r, c));
            }
        }
        self.regions = Some(ids);
        self
    }

    /// Light and dark squares, the top-left one light.
    ///
    /// ```
    /// use dlx_core::trace::picture::GridBoard;
    /// let board = GridBoard::new(2, 2).checkered().build();
    /// // The two dark squares of a 2×2 board, in one group of the dark colour.
    /// let dark = board.svg.split("<g fill=\"#b58863\">").nth(1).unwrap();
    /// let dark = &dark[..dark.find("</g>").unwrap()];
    /// assert_eq!(dark.matches("<rect").count(), 2);
    /// ```
    pub fn checkered(mut self) -> Self {
        self.checkered = true;
        self
    }

    /// Text fixed in cell (`row`, `col`): a given, in bold.
    ///
    /// See [`GridBoard`] for an example.
    pub fn given(mut self, row: usize, col: usize, text: impl Into<String>) -> Self {
        self.texts.push((row, col, text.into()));
        self
    }

    /// A small label in the top-left corner of cell (`row`, `col`): an item's name.
    ///
    /// ```
    /// use dlx_core::trace::picture::GridBoard;
    /// let board = GridBoard::new(1, 2).label(0, 1, "b").build();
    /// assert!(board.svg.contains(">b</text>"));
    /// ```
    pub fn label(mut self, row: usize, col: usize, text: impl Into<String>) -> Self {
        self.labels.push((row, col, text.into()));
        self
    }

    /// The board as drawn.
    ///
    /// See [`GridBoard`] for an example.
    pub fn build(self) -> PictureBoard {
        let (rows, cols) = (self.rows, self.cols);
        let width = cols as f64 * CELL + 2.0 * MARGIN;
        let height = rows as f64 * CELL + 2.0 * MARGIN;
        let at = |k: usize| MARGIN + k as f64 * CELL;
        let mut svg = String::new();
        let w = &mut svg;
        // Writing to a String cannot fail.
        let _ = write!(
            w,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        if self.checkered {
            let _ = write!(
                w,
                "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"#f0d9b5\"/>",
                cols as f64 * CELL,
                rows as f64 * CELL
            );
            let _ = write!(w, "<g fill=\"#b58863\">");
            for r in 0..rows {
                for c in (0..cols).filter(|c| (r + c) % 2 == 1) {
                    let _ = write!(
                        w,
                        "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                        at(c),
                        at(r)
                    );
                }
            }
            let _ = write!(w, "</g>");
        } else {
            let _ = write!(w, "<g stroke=\"#a0a4ab\" stroke-width=\"1\">");
            for c in 1..cols {
                let _ = write!(
                    w,
                    "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                    at(c),
                    at(0),
                    at(rows)
                );
            }
            for r in 1..rows {
                let _ = write!(
                    w,
                    "<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\"/>",
                    at(r),
                    at(0),
                    at(cols)
                );
            }
            let _ = write!(w, "</g>");
        }
        if let Some(region) = &self.regions {
            let id = |r: usize, c: usize| region[r * cols + c];
            let _ = write!(
                w,
                "<g stroke=\"#000000\" stroke-width=\"3\" stroke-linecap=\"square\">"
            );
            let mut path = String::new();
            // Vertical runs between columns c - 1 and c, horizontal ones between rows.
            for c in 1..cols {
                let mut r = 0;
                while r < rows {
                    if id(r, c - 1) == id(r, c) {
                        r += 1;
                        continue;
                    }
                    let start = r;
                    while r < rows && id(r, c - 1) != id(r, c) {
                        r += 1;
                    }
                    let _ = write!(path, "M{} {}V{}", at(c), at(start), at(r));
                }
            }
            for r in 1..rows {
                let mut c = 0;
                while c < cols {
                    if id(r - 1, c) == id(r, c) {
                        c += 1;
                        continue;
                    }
                    let start = c;
                    while c < cols && id(r - 1, c) != id(r, c) {
                        c += 1;
                    }
                    let _ = write!(path, "M{} {}H{}", at(start), at(r), at(c));
                }
            }
            if !path.is_empty() {
                let _ = write!(w, "<path fill=\"none\" d=\"{path}\"/>");
            }
            let _ = write!(w, "</g>");
        }
        let _ = write!(
            w,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"none\" \
             stroke=\"#000000\" stroke-width=\"3\"/>",
            cols as f64 * CELL,
            rows as f64 * CELL
        );
        if !self.labels.is_empty() {
            let _ = write!(
                w,
                "<g font-family=\"sans-serif\" font-size=\"{}\" fill=\"#6b7280\">",
                CELL * 0.3
            );
            for (r, c, text) in &self.labels {
                let _ = write!(
                    w,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    at(*c) + CELL * 0.08,
                    at(*r) + CELL * 0.3,
                    escape_xml(text)
                );
            }
            let _ = write!(w, "</g>");
        }
        if !self.texts.is_empty() {
            // The baseline is placed explicitly, 0.35 of the font size below the centre,
            // so that every renderer centres the text (some ignore dominant-baseline).
            let _ = write!(
                w,
                "<g font-family=\"sans-serif\" font-size=\"{}\" font-weight=\"bold\" \
                 text-anchor=\"middle\" fill=\"#000000\">",
                CELL * 0.6
            );
            for (r, c, text) in &self.texts {
                let (x, y) = centre(*r, *c);
                let _ = write!(
                    w,
                    "<text class=\"given\" x=\"{x}\" y=\"{}\">{}</text>",
                    ((y + 0.35 * CELL * 0.6) * 100.0).round() / 100.0,
                    escape_xml(text)
                );
            }
            let _ = write!(w, "</g>");
        }
        PictureBoard { width, height, svg }
    }
}

/// Escapes text for SVG content and attribute values.
///
/// ```
/// use dlx_core::trace::picture::escape_xml;
/// assert_eq!(escape_xml("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders_are_runs_between_regions() {
        // Two regions side by side on a 3×2 grid: one vertical run of 3 cells.
        let board = GridBoard::new(3, 2).regions(|_, c| c).build();
        assert!(board.svg.contains("d=\"M44 4V124\""), "{}", board.svg);
        // One region: no borders inside.
        let board = GridBoard::new(3, 2).regions(|_, _| 0).build();
        assert!(!board.svg.contains("<path"));
    }

    #[test]
    fn marks_serialise_with_their_kind() {
        let json = serde_json::to_string(&Mark::cell(0, 0)).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"rect","x":4.0,"y":4.0,"width":40.0,"height":40.0}"#
        );
    }
}
