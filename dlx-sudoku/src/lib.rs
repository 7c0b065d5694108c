//! Puzzles as exact cover.
//!
//! Every family answers with `dlx_core`'s answer types, re-exported here: [`First`],
//! [`Uniqueness`] and [`Count`], holding the family's own solution (a Sudoku [`Grid`](
//! sudoku::Grid), a Knightdoku [`KnightdokuBoard`](knightdoku::KnightdokuBoard), a variant's solution) after
//! [`First::map`] or [`Uniqueness::map`], and the [`StopReason`] when a search stopped
//! early (node budget, cancellation, solution limit).

pub use dlx_core::{Count, First, StopReason, Uniqueness};

pub mod grid;
pub mod knightdoku;
pub mod langford;
pub mod polyomino;
pub mod queens;
pub mod sudoku;
pub mod symmetry;
pub mod tour;
pub mod tour_count;
pub mod variant;
