//! Puzzles as exact cover.
pub mod grid;
pub mod knightdoku;
pub mod langford;
pub mod polyomino;
pub mod queens;
pub mod sudoku;
pub mod tour;
pub mod tour_count;
pub mod variant;
