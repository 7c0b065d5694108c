//! Puzzles as exact cover.
