//! Puzzles as exact cover.
pub mod sudoku;
pub mod queens;
pub mod langford;
pub mod tour;
pub mod polyomino;
pub mod knightdoku;
pub mod tour_count;
pub mod variant;
