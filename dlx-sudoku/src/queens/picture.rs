//! The trace page's picture of a queens problem: the chessboard, and a queen for each
//! option.

use dlx_core::trace::picture::{Drawing, GridBoard, Mark};

use crate::queens::Queens;

impl Queens {
    /// The board for the trace page: light and dark squares; each option puts a queen (♛)
    /// on its square.
    ///
    /// ```
    /// use dlx_core::trace::picture::{Mark, Picture};
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::queens::Queens;
    /// let picture = Queens::new(4)?.picture();
    /// assert_eq!(picture.marks(OptionId::new(0)), [Mark::text_in(0, 0, "\u{265B}")]);
    /// # Ok::<(), dlx_sudoku::queens::QueensError>(())
    /// ```
    pub fn picture(&self) -> Drawing {
        Drawing {
            board: GridBoard::new(self.n, self.n).checkered().build(),
            marks: self
                .squares
                .iter()
                .map(|&(r, c)| vec![Mark::text_in(r, c, "\u{265B}")])
                .collect(),
        }
    }
}
