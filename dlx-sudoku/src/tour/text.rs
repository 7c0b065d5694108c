//! Text rendering: the grid of move numbers.

use std::fmt::Write;

use super::path::Tour;

impl Tour {
    /// The move numbers (1 = start) as a grid, one board row a line, numbers
    /// right-aligned to the width of the largest and separated by one space.
    ///
    /// ```
    /// use dlx_sudoku::tour::{find_tour, TourBoard, TourOptions};
    /// let tour = find_tour(TourBoard::new(3, 4)?, &TourOptions::open())?;
    /// let text = tour.to_text();
    /// assert_eq!(text.lines().count(), 3);
    /// assert!(text.starts_with(" 1 "));
    /// # Ok::<(), dlx_sudoku::tour::TourError>(())
    /// ```
    pub fn to_text(&self) -> String {
        let board = self.board();
        let width = board.area().to_string().len();
        let numbers = self.move_numbers();
        let mut out = String::with_capacity(board.area() * (width + 1));
        for row in numbers.chunks(board.cols()) {
            for (i, n) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write!(out, "{n:>width$}").expect("writing to a String");
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::tour::{Closure, Square, Tour, TourBoard};

    #[test]
    fn pads_to_the_widest_number() {
        let board = TourBoard::new(3, 4).unwrap();
        let grid = [[1, 4, 7, 10], [12, 9, 2, 5], [3, 6, 11, 8]];
        let mut squares = vec![Square::new(0, 0); 12];
        for (r, row) in grid.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                squares[n - 1] = Square::new(r, c);
            }
        }
        let tour = Tour::new(board, squares, Closure::Open).unwrap();
        assert_eq!(tour.to_text(), " 1  4  7 10\n12  9  2  5\n 3  6 11  8\n");
        assert_eq!(tour.to_string(), tour.to_text());
    }
}
