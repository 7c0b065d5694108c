//! The bitboard engine: Algorithm X for Sudoku-shaped exact cover, on sets of cells.
//!
//! A Sudoku of any shape is an exact cover problem whose options are (cell, digit) and
//! whose items say that a cell is filled and that a house holds a digit. Here the options
//! left are kept as one set of cells per digit (a [`bits::Bits`], 2 words for a 9×9 grid),
//! so that covering an option's items is a few word operations, and the items with one
//! option left are found for all cells at once: cells with one candidate (naked singles)
//! by bit-sliced counting across the digits, houses with one place for a digit (hidden
//! singles) by one mask per house, and the same look at a house finds locked candidates
//! (when a digit's cells in one house all lie in a second house, every option of the digit
//! in the rest of the second would leave the first house's item without an option, so they
//! go). Those forced options are taken, and those dead options removed, before each branch;
//! then the search branches on the item with the fewest options (Algorithm X's rule), so
//! it is still the exact cover search, with each level's state copied instead of covered
//! and uncovered.
//!
//! It lives in `dlx-sudoku`, not `dlx-core`, because it must know the grid: which cells
//! make a house, so that one word operation covers a house's item for every cell.
//!
//! Shapes fit when they have at most 25 digits (the layouts are 64, 128, 256 and 640
//! cells); [`Bitboard::new`] says `None` otherwise. 9×9 shapes with 3×3 boxes (and any
//! extra houses) take the band path of [`nine`] instead, several times faster.

mod bits;
mod board;
mod layout;
mod nine;
mod search;

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Instant;

use dlx_core::{Count, First, Stats, StopReason, Uniqueness};

use crate::sudoku::shape::Shape;

use layout::Layout;
use nine::Nine;
pub(crate) use search::BitboardLimits;
use search::Node;

/// The search on the general board ([`board::State`]).
type Search<L, const W: usize, const D: usize> = search::Search<L, board::State<W, D>>;

/// The bitboard engine for one shape: its layout, in the smallest board it fits.
#[derive(Clone, Debug)]
pub(crate) enum Bitboard {
    /// 9×9 with 3×3 boxes (and extra houses, if any): the state as bands.
    Classic(Arc<Nine>),
    /// Up to 8×8.
    Small(Arc<Layout<1, 8>>),
    /// 9×9.
    Nine(Arc<Layout<2, 9>>),
    /// 10×10 and 11×11.
    Eleven(Arc<Layout<2, 11>>),
    /// 12×12 to 16×16.
    Sixteen(Arc<Layout<4, 16>>),
    /// 17×17 to 25×25.
    TwentyFive(Arc<Layout<10, 25>>),
}

/// The search's handle on a layout: borrowed (`ref`) or shared (`arc`).
macro_rules! handle {
    (ref, $x:ident) => {
        &**$x
    };
    (arc, $x:ident) => {
        Arc::clone($x)
    };
}

/// Runs `$body` with `$s` bound to a new search of the puzzle (`return None` when two
/// givens clash), whatever the board.
macro_rules! with_search {
    ($b:expr, $how:ident, $values:expr, $limits:expr, $s:ident => $body:expr) => {
        match $b {
            Bitboard::Classic(x) => {
                let $s = nine::Search::new(handle!($how, x), $values, $limits)?;
                $body
            }
            Bitboard::Small(l) => {
                let $s = Search::new(handle!($how, l), $values, $limits)?;
                $body
            }
            Bitboard::Nine(l) => {
                let $s = Search::new(handle!($how, l), $values, $limits)?;
                $body
            }
            Bitboard::Eleven(l) => {
                let $s = Search::new(handle!($how, l), $values, $limits)?;
                $body
            }
            Bitboard::Sixteen(l) => {
                let $s = Search::new(handle!($how, l), $values, $limits)?;
                $body
            }
            Bitboard::TwentyFive(l) => {
                let $s = Search::new(handle!($how, l), $values, $limits)?;
                $body
            }
        }
    };
}

/// A solution search that can be resumed: the bitboard engine's solutions one at a time.
pub(crate) trait Stepper: fmt::Debug + Send + Sync {
    /// The next solution's digits (row by row), or why there is none.
    fn next_values(&mut self) -> Result<Vec<u8>, Option<StopReason>>;
    /// True once every solution has been produced.
    fn is_complete(&self) -> bool;
}

impl<L, N> Stepper for search::Search<L, N>
where
    N: Node + Send + Sync,
    N::Branch: Send + Sync,
    L: Deref<Target = N::Board> + Send + Sync,
{
    fn next_values(&mut self) -> Result<Vec<u8>, Option<StopReason>> {
        self.step()?;
        Ok(self
            .values()
            .expect("a step that succeeds finds a solution"))
    }

    fn is_complete(&self) -> bool {
        search::Search::is_complete(self)
    }
}

impl Bitboard {
    /// The engine for a shape, or `None` when the shape is larger than 25×25.
    pub(crate) fn new(shape: &Shape) -> Option<Self> {
        let n = shape.size();
        if n == 9 && band_path() {
            if let Some(nine) = Nine::new(shape) {
                return Some(Bitboard::Classic(Arc::new(nine)));
            }
        }
        Some(if n <= 8 {
            Bitboard::Small(Arc::new(Layout::new(shape)))
        } else if n == 9 {
            Bitboard::Nine(Arc::new(Layout::new(shape)))
        } else if n <= 11 {
            Bitboard::Eleven(Arc::new(Layout::new(shape)))
        } else if n <= 16 {
            Bitboard::Sixteen(Arc::new(Layout::new(shape)))
        } else if n <= 25 {
            Bitboard::TwentyFive(Arc::new(Layout::new(shape)))
        } else {
            return None;
        })
    }

    /// Counts the solutions of the puzzle with givens `values`, stopping at `limit`; `None`
    /// when two givens clash.
    pub(crate) fn count(&self, values: &[u8], limit: u64, limits: BitboardLimits) -> Option<Count> {
        let start = Instant::now();
        with_search!(self, ref, values, limits, search => {
            let mut search = search;
            let stop = loop {
                if search.solutions >= limit {
                    break Some(StopReason::SolutionLimit);
                }
                match search.step() {
                    Ok(()) => {}
                    Err(why) => break why,
                }
            };
            Some(Count {
                solutions: search.solutions,
                stop,
                stats: stats(search.nodes, search.forced, search.solutions, start),
            })
        })
    }

    /// The first solution; `None` when two givens clash.
    pub(crate) fn first(&self, values: &[u8], limits: BitboardLimits) -> Option<First<Vec<u8>>> {
        with_search!(self, ref, values, limits, search => {
            let mut search = search;
            Some(First::from_steps(search.step().map(|()| {
                search.values().expect("a solution")
            })))
        })
    }

    /// Whether the solution is unique (the search stops at the second); `None` when two
    /// givens clash.
    pub(crate) fn unique(
        &self,
        values: &[u8],
        limits: BitboardLimits,
    ) -> Option<Uniqueness<Vec<u8>>> {
        with_search!(self, ref, values, limits, search => {
            let mut search = search;
            Some(Uniqueness::from_steps(|| {
                search.step().map(|()| search.values().expect("a solution"))
            }))
        })
    }

    /// Every solution, one at a time; `None` when two givens clash.
    pub(crate) fn solutions(
        &self,
        values: &[u8],
        limits: BitboardLimits,
    ) -> Option<Box<dyn Stepper>> {
        with_search!(self, arc, values, limits, search => {
            Some(Box::new(search) as Box<dyn Stepper>)
        })
    }
}

/// Whether 9×9 shapes with 3×3 boxes take the band path (the default); the environment
/// variable `DLX_BITBOARD=general` sends them to the general engine, for measuring.
fn band_path() -> bool {
    std::env::var_os("DLX_BITBOARD").is_none_or(|v| v != "general")
}

fn stats(nodes: u64, forced: u64, solutions: u64, start: Instant) -> Stats {
    Stats {
        nodes,
        updates: forced,
        solutions,
        profile: Vec::new(),
        elapsed: start.elapsed(),
    }
}
