//! The trace page's picture of a Sudoku problem: the grid with its boxes or regions and its
//! givens, and for each option the digit it writes in its cell.

use dlx_core::trace::picture::{Drawing, GridBoard, Mark};
use dlx_core::Problem;

use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{Cell, Shape};

/// A [`Drawing`] of `problem`, a Sudoku problem of `shape` with its options named as
/// [`Encoding`](crate::sudoku::Encoding) names them (`p{row},{col}` and a house item
/// `…d{digit}`), such as what is left of the encoding once `givens` are chosen (what
/// `dlx gen sudoku` writes). The board shows the boxes or regions and the givens; each
/// option writes its digit. Options named otherwise draw nothing.
///
/// ```
/// use dlx_core::trace::picture::{Mark, Picture};
/// use dlx_core::OptionId;
/// use dlx_sudoku::sudoku::{trace_picture, Encoding, Grid, Shape};
/// let shape = Shape::for_size(4)?;
/// let givens: Grid = "1...............".parse()?;
/// let encoding = Encoding::new(shape.clone())?;
/// let picture = trace_picture(&shape, &givens, encoding.problem());
/// // Option 1 puts a 2 in the top-left cell.
/// assert_eq!(picture.marks(OptionId::new(1)), [Mark::text_in(0, 0, "2")]);
/// assert!(picture.board().svg.contains(">1</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn trace_picture(shape: &Shape, givens: &Grid, problem: &Problem) -> Drawing {
    let n = shape.size();
    let alphabet = givens.alphabet();
    let mut board = GridBoard::new(n, n);
    if shape.has_regions() {
        board = board.regions(|r, c| shape.region_of(Cell::new(r, c)).unwrap_or(usize::MAX));
    }
    for (cell, digit) in givens.cells() {
        if let Some(d) = digit {
            board = board.given(cell.row, cell.col, alphabet.text(Some(d)));
        }
    }
    let marks = problem
        .options()
        .map(|o| {
            let mut cell = None;
            let mut digit = None;
            for item in problem.option_items(o) {
                let name = problem.item_name(item);
                if let Some(rc) = name.strip_prefix('p') {
                    if let Some((r, c)) = rc.split_once(',') {
                        cell = r.parse::<usize>().ok().zip(c.parse::<usize>().ok());
                    }
                } else if let Some((_, d)) = name.rsplit_once('d') {
                    digit = digit.or_else(|| d.parse::<u8>().ok());
                }
            }
            match (cell, digit) {
                (Some((r, c)), Some(d)) if r < n && c < n && usize::from(d) <= n => {
                    vec![Mark::text_in(r, c, alphabet.text(Some(d)))]
                }
                _ => Vec::new(),
            }
        })
        .collect();
    Drawing {
        board: board.build(),
        marks,
    }
}
