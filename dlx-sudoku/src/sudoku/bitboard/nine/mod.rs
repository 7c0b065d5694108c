//! The 9×9 path of the bitboard engine: the same exact cover as the general engine
//! (options (cell, digit); items the cells and the house-digits), with the state kept as
//! bands, as the fastest Sudoku solvers keep it (JCZSolve, fsss2, tdoku): for each digit,
//! three words of 27 bits, one for each band of three rows. One band update of a digit
//! ([`state`]) covers, with two table look-ups, every item of the band's rows and boxes for
//! that digit, and finds the hidden singles there; the other items (cells, columns, extra
//! houses) are examined by bit-sliced counting across digits or rows once the band updates
//! have run out.
//!
//! In Knuth's terms: propagation takes every item left with one option (the forced moves
//! that Algorithm X would take with a branch of one at the smallest item, step X3), and
//! fails when one has none (an item of length zero); then step X3 chooses the item with the
//! fewest options. After propagation every item has two options or more, so a cell with two
//! candidates is an item of two options, one of the smallest; it is taken at once when
//! there is one, and otherwise every cell and house-digit is measured. Each of its options
//! is tried in turn on a copy of the state (steps X5–X7, the cover by copying).
//!
//! It takes the classic shape (rows, columns, 3×3 boxes) and the classic shape with extra
//! houses (Sudoku X, windows, disjoint groups, houses of the user): full extra houses are
//! looked at for hidden singles, every extra house forbids a digit twice ([`Extra`]).
//! Jigsaw regions are not boxes, so jigsaw shapes stay on the general engine.

mod search;
mod state;
mod tables;

use std::fmt;
use std::ops::Deref;

use dlx_core::StopReason;

use crate::sudoku::shape::{HouseKind, Shape};

pub(crate) use search::Search;
use tables::Cells;

use super::Stepper;

/// The houses besides rows, columns and boxes, as band masks.
#[derive(Clone, Debug)]
pub(crate) struct Extra {
    /// For each cell, the other cells of its extra houses, full or not.
    peers: Vec<Cells>,
    /// The extra houses of nine cells (each holds every digit).
    full: Vec<Cells>,
}

/// A 9×9 shape with 3×3 boxes, and its extra houses if any.
#[derive(Clone, Debug)]
pub(crate) struct Nine {
    extra: Option<Extra>,
}

impl Nine {
    /// The 9×9 path for a shape: `None` unless it is 9×9 with 3×3 boxes.
    pub(crate) fn new(shape: &Shape) -> Option<Self> {
        if shape.size() != 9 || shape.box_dims() != Some((3, 3)) {
            return None;
        }
        let mut peers = vec![[0u32; 3]; 81];
        let mut full = Vec::new();
        let mut any = false;
        for house in shape.houses() {
            if matches!(
                house.kind(),
                HouseKind::Row(_) | HouseKind::Column(_) | HouseKind::Box(_)
            ) {
                continue;
            }
            any = true;
            let mut mask = [0u32; 3];
            for cell in house.cells() {
                let k = cell.index(9);
                mask[k / 27] |= 1 << (k % 27);
            }
            for cell in house.cells() {
                let k = cell.index(9);
                for b in 0..3 {
                    peers[k][b] |= mask[b];
                }
                peers[k][k / 27] &= !(1 << (k % 27));
            }
            if house.is_full(9) {
                full.push(mask);
            }
        }
        Some(Nine {
            extra: any.then_some(Extra { peers, full }),
        })
    }
}

impl<L> Stepper for Search<L>
where
    L: Deref<Target = Nine> + fmt::Debug + Send + Sync,
{
    fn next_values(&mut self) -> Result<Vec<u8>, Option<StopReason>> {
        self.step()?;
        Ok(self
            .values()
            .expect("a step that succeeds finds a solution"))
    }

    fn is_complete(&self) -> bool {
        Search::is_complete(self)
    }
}
