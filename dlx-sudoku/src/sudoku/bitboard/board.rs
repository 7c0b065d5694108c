//! The state of a search on bitboards, and its propagation.
//!
//! For each digit `d`, `poss[d]` holds the cells that may still hold `d`, a placed `d`
//! included; `unsolved` holds the cells not yet placed. In exact cover terms the options
//! left are the pairs (cell, `d`) with the cell in `unsolved` and in `poss[d]`; a cell's
//! item is covered once it is placed, and the item "house `h` holds `d`" once a cell of
//! `h` outside `unsolved` is in `poss[d]`. Placing `d` in a cell (choosing an option)
//! removes the cell from every other digit's set and its peers from `poss[d]`: Algorithm
//! X's covering of the option's items, for all items at once.

use super::bits::Bits;
use super::layout::Layout;
use super::search::{self, Entered, Node};

/// The candidates of every cell and digit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State<const W: usize, const D: usize> {
    /// For each digit, the cells that may hold it (placed ones included).
    pub(crate) poss: [Bits<W>; D],
    /// The cells not placed yet.
    pub(crate) unsolved: Bits<W>,
}

/// What propagation must re-examine: for each digit, the houses where it lost a cell,
/// once for hidden singles and once for locked candidates (each pass takes its own).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dirty<const D: usize> {
    /// Digits with houses to examine for hidden singles.
    digits: u32,
    /// For each digit, the houses to examine for hidden singles, as bits (see
    /// `Layout::houses_of`).
    houses: [u128; D],
    /// Digits with houses to examine for locked candidates.
    locked_digits: u32,
    /// For each digit, the houses whose overlaps to examine for locked candidates.
    locked: [u128; D],
}

impl<const D: usize> Dirty<D> {
    /// Nothing to examine.
    pub(crate) fn none() -> Self {
        Dirty {
            digits: 0,
            houses: [0; D],
            locked_digits: 0,
            locked: [0; D],
        }
    }

    /// Every house for the first `n` digits.
    pub(crate) fn every(n: usize) -> Self {
        let mut dirty = Dirty::none();
        for d in 0..n {
            dirty.mark(d, u128::MAX);
        }
        dirty
    }

    #[inline]
    fn mark(&mut self, d: usize, houses: u128) {
        self.digits |= 1 << d;
        self.houses[d] |= houses;
        self.locked_digits |= 1 << d;
        self.locked[d] |= houses;
    }
}

/// A contradiction: some item has no option left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dead;

/// How many candidates the unsolved cells have, bit-sliced: cells with at least one, at
/// least two, at least three.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tally<const W: usize> {
    ones: Bits<W>,
    twos: Bits<W>,
    threes: Bits<W>,
}

/// The item branched on, with the options not yet tried: a cell and its digits, or a
/// house and digit with its cells.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Branch<const W: usize> {
    /// The cell's item: one option per candidate digit (bit `d` of `digits`).
    Cell {
        /// The cell.
        cell: usize,
        /// Its digits not yet tried.
        digits: u32,
    },
    /// A house's item for one digit: one option per cell of `cells`.
    House {
        /// The digit (from 0).
        digit: usize,
        /// The cells not yet tried.
        cells: Bits<W>,
    },
}

impl<const W: usize> search::Branch for Branch<W> {
    #[inline]
    fn is_empty(&self) -> bool {
        match self {
            Branch::Cell { digits, .. } => *digits == 0,
            Branch::House { cells, .. } => cells.is_empty(),
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(usize, usize)> {
        match self {
            Branch::Cell { cell, digits } => {
                if *digits == 0 {
                    return None;
                }
                let d = digits.trailing_zeros() as usize;
                *digits &= *digits - 1;
                Some((*cell, d))
            }
            Branch::House { digit, cells } => {
                let k = cells.first()?;
                cells.remove(k);
                Some((k, *digit))
            }
        }
    }
}

impl<const W: usize, const D: usize> State<W, D> {
    /// The empty grid: every digit possible everywhere.
    pub(crate) fn new(layout: &Layout<W, D>) -> Self {
        let mut poss = [Bits::ZERO; D];
        for p in poss.iter_mut().take(layout.n) {
            *p = layout.all;
        }
        State {
            poss,
            unsolved: layout.all,
        }
    }

    /// Whether `d` may go in `cell`.
    #[inline]
    pub(crate) fn can_place(&self, cell: usize, d: usize) -> bool {
        self.unsolved.contains(cell) && self.poss[d].contains(cell)
    }

    /// Places `d` in `cell` (which must allow it), noting in `dirty` the houses that lost
    /// a cell for a digit: for `d`, the houses of the peers that held it; for each other
    /// digit the cell held, the cell's houses.
    #[inline(always)]
    pub(crate) fn place(
        &mut self,
        layout: &Layout<W, D>,
        cell: usize,
        d: usize,
        dirty: &mut Dirty<D>,
    ) {
        let cell_houses = layout.houses_of[cell];
        for (e, p) in self.poss.iter_mut().enumerate().take(layout.n) {
            if e != d && p.contains(cell) {
                p.remove(cell);
                dirty.mark(e, cell_houses);
            }
        }
        let lost = self.poss[d] & layout.peers[cell];
        if !lost.is_empty() {
            let mut houses = 0;
            for k in lost.iter() {
                houses |= layout.houses_of[k];
            }
            // The cell's own houses now hold `d`: nothing to find there (unless the bits
            // stand for every house).
            let own = if cell_houses == u128::MAX {
                0
            } else {
                cell_houses
            };
            dirty.mark(d, houses & !own);
            self.poss[d] = self.poss[d].and_not(lost);
        }
        self.unsolved.remove(cell);
    }

    /// Examines house `h` for digit `d`: fails when no cell is left for it, places it
    /// when one unsolved cell is (a hidden single). True when it placed.
    #[inline(always)]
    fn examine(
        &mut self,
        layout: &Layout<W, D>,
        h: usize,
        d: usize,
        dirty: &mut Dirty<D>,
    ) -> Result<bool, Dead> {
        let x = self.poss[d] & layout.full[h];
        match x.few() {
            0 => Err(Dead),
            1 if x.intersects(&self.unsolved) => {
                let cell = x.first().expect("one cell");
                self.place(layout, cell, d, dirty);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// The digits that may go in `cell`, as bits.
    #[inline(always)]
    pub(crate) fn digits_of(&self, n: usize, cell: usize) -> u32 {
        let mut digits = 0;
        for (d, p) in self.poss.iter().enumerate().take(n) {
            digits |= u32::from(p.contains(cell)) << d;
        }
        digits
    }

    /// The candidate counts of the unsolved cells, up to three.
    #[inline(always)]
    fn tally(&self, n: usize) -> Tally<W> {
        let mut t = Tally {
            ones: Bits::ZERO,
            twos: Bits::ZERO,
            threes: Bits::ZERO,
        };
        // A placed cell is in its own digit's set only: it counts one, and is taken out
        // of `ones` at the end.
        for &c in self.poss.iter().take(n) {
            t.threes |= t.twos & c;
            t.twos |= t.ones & c;
            t.ones |= c;
        }
        t.ones &= self.unsolved;
        t
    }

    /// True once every cell is placed.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved.is_empty()
    }

    /// Places every forced option until none is left: naked singles (a cell's item with one
    /// option) and hidden singles (a house's item for a digit with one option), examining
    /// only the houses and digits `dirty` names for the latter; then removes locked
    /// candidates, and goes round again while that removes any. Fails when an item has no
    /// option left. `placed` counts the placements.
    #[inline(always)]
    pub(crate) fn propagate(
        &mut self,
        layout: &Layout<W, D>,
        dirty: &mut Dirty<D>,
        placed: &mut u64,
    ) -> Result<Tally<W>, Dead> {
        let n = layout.n;
        loop {
            let t = self.tally(n);
            if !self.unsolved.and_not(t.ones).is_empty() {
                return Err(Dead);
            }
            let singles = t.ones.and_not(t.twos);
            if !singles.is_empty() {
                for cell in singles.iter() {
                    // A placement in this batch may have taken the cell's last digit.
                    let digits = self.digits_of(n, cell);
                    if digits == 0 {
                        return Err(Dead);
                    }
                    self.place(layout, cell, digits.trailing_zeros() as usize, dirty);
                    *placed += 1;
                }
                continue;
            }
            let mut progress = false;
            let houses = layout.full.len();
            while dirty.digits != 0 {
                let d = dirty.digits.trailing_zeros() as usize;
                dirty.digits &= dirty.digits - 1;
                let mut todo = std::mem::take(&mut dirty.houses[d]);
                if todo == u128::MAX {
                    // Every house (also those past the 128th).
                    for h in 0..houses {
                        if self.examine(layout, h, d, dirty)? {
                            *placed += 1;
                            progress = true;
                        }
                    }
                    continue;
                }
                while todo != 0 {
                    let h = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    if h < houses && self.examine(layout, h, d, dirty)? {
                        *placed += 1;
                        progress = true;
                    }
                }
            }
            if !progress && !self.locked(layout, dirty) {
                return Ok(t);
            }
        }
    }

    /// Locked candidates: where a digit's cells in one house all lie in a second house,
    /// the digit leaves the rest of the second. Only the overlaps of the houses `dirty`
    /// names are examined (the state was at a fixpoint before those changes). True when a
    /// candidate went.
    #[inline(always)]
    fn locked(&mut self, layout: &Layout<W, D>, dirty: &mut Dirty<D>) -> bool {
        let mut removed = false;
        while dirty.locked_digits != 0 {
            let d = dirty.locked_digits.trailing_zeros() as usize;
            dirty.locked_digits &= dirty.locked_digits - 1;
            let mut todo = std::mem::take(&mut dirty.locked[d]);
            let mut p = self.poss[d];
            let mut lost = Bits::ZERO;
            let mut check = |o: usize| {
                let (a_only, b_only) = layout.overlaps[o];
                let a = p & a_only;
                let b = p & b_only;
                if a.is_empty() != b.is_empty() {
                    let gone = if a.is_empty() { b } else { a };
                    lost |= gone;
                    p = p.and_not(gone);
                }
            };
            if todo == u128::MAX {
                for o in 0..layout.overlaps.len() {
                    check(o);
                }
            } else {
                while todo != 0 {
                    let h = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    if let Some(list) = layout.overlaps_of.get(h) {
                        for &o in list {
                            check(o as usize);
                        }
                    }
                }
            }
            if !lost.is_empty() {
                let mut houses = 0;
                for k in lost.iter() {
                    houses |= layout.houses_of[k];
                }
                self.poss[d] = p;
                dirty.mark(d, houses);
                removed = true;
            }
        }
        removed
    }

    /// The item with the fewest options (Algorithm X's rule, first in the encoding's item
    /// order among equals: cells row by row, then houses in the shape's order, digits
    /// ascending), given the tally of a propagated state that is not solved. Every item
    /// then has at least two options, so a cell with two is chosen at once.
    #[inline(always)]
    pub(crate) fn choose(&self, layout: &Layout<W, D>, t: &Tally<W>) -> Branch<W> {
        let n = layout.n;
        let pairs = t.twos.and_not(t.threes);
        if !pairs.is_empty() {
            // Of the cells with two candidates, the one that sees the most unsolved cells
            // (its placement reaches furthest).
            let mut best_cell = 0;
            let mut best_seen = 0;
            for cell in pairs.iter() {
                let seen = (layout.peers[cell] & self.unsolved).len();
                if seen > best_seen {
                    best_seen = seen;
                    best_cell = cell;
                }
            }
            if best_seen > 0 || pairs.first() == Some(best_cell) {
                return Branch::Cell {
                    cell: best_cell,
                    digits: self.digits_of(n, best_cell),
                };
            }
        }
        let mut best = None;
        let mut best_len = u32::MAX;
        for cell in t.threes.iter() {
            let digits = self.digits_of(n, cell);
            let len = digits.count_ones();
            if len < best_len {
                best_len = len;
                best = Some(Branch::Cell { cell, digits });
            }
        }
        for house in &layout.full {
            for d in 0..n {
                let x = self.poss[d] & *house;
                if x.intersects(&!self.unsolved) {
                    continue; // placed already: the item is covered
                }
                let len = x.count_to(best_len);
                if len < best_len {
                    best_len = len;
                    best = Some(Branch::House { digit: d, cells: x });
                    if len == 2 {
                        return best.expect("just set");
                    }
                }
            }
        }
        best.expect("an unsolved state has an unsolved cell")
    }

    /// The digit (from 1) of every cell, row by row, 0 where none is placed.
    pub(crate) fn values(&self, layout: &Layout<W, D>) -> Vec<u8> {
        let cells = layout.peers.len();
        (0..cells)
            .map(|k| {
                if self.unsolved.contains(k) {
                    return 0;
                }
                let digits = self.digits_of(layout.n, k);
                digits.trailing_zeros() as u8 + 1
            })
            .collect()
    }
}

/// The general board for the search driver ([`search::Search`]).
impl<const W: usize, const D: usize> Node for State<W, D> {
    type Board = Layout<W, D>;
    type Branch = Branch<W>;
    type Dirty = Dirty<D>;

    fn empty(layout: &Layout<W, D>) -> Self {
        State::new(layout)
    }

    fn admits(&self, cell: usize, d: usize) -> bool {
        self.can_place(cell, d)
    }

    #[inline(always)]
    fn play(&mut self, layout: &Layout<W, D>, cell: usize, d: usize) -> Dirty<D> {
        let mut dirty = Dirty::none();
        self.place(layout, cell, d, &mut dirty);
        dirty
    }

    fn all_changed(layout: &Layout<W, D>) -> Dirty<D> {
        Dirty::every(layout.n)
    }

    #[inline(always)]
    fn enter(
        &mut self,
        layout: &Layout<W, D>,
        mut dirty: Dirty<D>,
        forced: &mut u64,
    ) -> Entered<Branch<W>> {
        let Ok(tally) = self.propagate(layout, &mut dirty, forced) else {
            return Entered::Dead;
        };
        if self.is_solved() {
            return Entered::Solved;
        }
        Entered::Live(self.choose(layout, &tally))
    }

    fn values(&self, layout: &Layout<W, D>) -> Vec<u8> {
        State::values(self, layout)
    }
}
