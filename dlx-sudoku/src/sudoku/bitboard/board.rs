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

/// What propagation must re-examine: for each digit, the houses where it lost a cell (for
/// hidden singles and locked candidates).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dirty<const D: usize> {
    /// Digits with houses to examine.
    digits: u32,
    /// For each digit, the houses to examine, as bits (see `Layout::houses_of`).
    houses: [u128; D],
}

impl<const D: usize> Dirty<D> {
    /// Nothing to examine.
    pub(crate) fn none() -> Self {
        Dirty {
            digits: 0,
            houses: [0; D],
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

    /// The state with the givens `values` (row by row, 0 for a blank) placed all at once,
    /// digit by digit: the state that placing them one by one makes, without the per-cell
    /// work; `None` when two givens of a digit share a house, or a value is out of range.
    pub(crate) fn with_givens(layout: &Layout<W, D>, values: &[u8]) -> Option<Self> {
        let n = layout.n;
        if values.len() != layout.peers.len() || values.iter().any(|&v| usize::from(v) > n) {
            return None;
        }
        let mut given = [Bits::<W>::ZERO; D];
        let mut seen = [Bits::<W>::ZERO; D];
        let mut placed = Bits::ZERO;
        for (k, &v) in values.iter().enumerate() {
            if v != 0 {
                let d = usize::from(v) - 1;
                if seen[d].contains(k) {
                    return None;
                }
                given[d].insert(k);
                seen[d] |= layout.peers[k];
                placed.insert(k);
            }
        }
        let unsolved = layout.all.and_not(placed);
        let mut poss = [Bits::ZERO; D];
        for d in 0..n {
            poss[d] = unsolved.and_not(seen[d]) | given[d];
        }
        Some(State { poss, unsolved })
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
    /// when one unsolved cell is (a hidden single), and removes it from the rest of every
    /// other house that holds all of its cells when several are (locked candidates). True
    /// when it placed or removed.
    #[inline(always)]
    fn examine(
        &mut self,
        layout: &Layout<W, D>,
        h: usize,
        d: usize,
        dirty: &mut Dirty<D>,
    ) -> Result<bool, Dead> {
        let x = self.poss[d] & layout.full[h];
        match x.len() {
            0 => Err(Dead),
            1 if x.intersects(&self.unsolved) => {
                let cell = x.first().expect("one cell");
                self.place(layout, cell, d, dirty);
                Ok(true)
            }
            1 => Ok(false),
            // No two houses share more than `most_shared` cells.
            k if k <= layout.most_shared => Ok(self.lock(layout, h, d, x, dirty)),
            _ => Ok(false),
        }
    }

    /// Locked candidates: `x`, the cells of house `h` that may hold `d` (two or more, none
    /// placed), all lie in the houses whose bits the cells share besides `h`; `d` must go in
    /// one of them there, so it leaves the rest of those houses. True when a cell lost it.
    #[inline(always)]
    fn lock(
        &mut self,
        layout: &Layout<W, D>,
        h: usize,
        d: usize,
        x: Bits<W>,
        dirty: &mut Dirty<D>,
    ) -> bool {
        // The lowest and highest cells first: most sets of cells share no second house,
        // and those two already say so.
        let (Some(low), Some(high)) = (x.first(), x.last()) else {
            return false;
        };
        let mut shared = layout.houses_of[low] & layout.houses_of[high] & !(1u128 << h);
        if shared == 0 {
            return false;
        }
        for cell in x.iter() {
            shared &= layout.houses_of[cell];
            if shared == 0 {
                return false;
            }
        }
        let mut lost = Bits::ZERO;
        while shared != 0 {
            let b = shared.trailing_zeros() as usize;
            shared &= shared - 1;
            lost |= (self.poss[d] & layout.full[b]).and_not(layout.full[h]);
        }
        if lost.is_empty() {
            return false;
        }
        self.poss[d] = self.poss[d].and_not(lost);
        let mut houses = 0;
        for k in lost.iter() {
            houses |= layout.houses_of[k];
        }
        dirty.mark(d, houses);
        true
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
    /// only the houses and digits `dirty` names for the latter, and locked candidates in
    /// the same pass (see [`examine`](Self::examine)). Fails when an item has no
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
            if !progress {
                return Ok(t);
            }
        }
    }

    /// The item with the fewest options (Algorithm X's rule, step X3), given the tally of a
    /// propagated state that is not solved. Every item then has at least two options, so a
    /// cell with two is a smallest item: of those, the one whose two digits the most
    /// unsolved peers may hold (the first in row order among equals). Without one, the
    /// first smallest in the encoding's item order: cells row by row, then houses in the
    /// shape's order, digits ascending.
    #[inline(always)]
    pub(crate) fn choose(&self, layout: &Layout<W, D>, t: &Tally<W>) -> Branch<W> {
        let n = layout.n;
        let pairs = t.twos.and_not(t.threes);
        if !pairs.is_empty() {
            // Of the cells with two candidates, the one whose digits the most unsolved
            // peers may hold (either choice there removes the most candidates).
            let mut best: Option<(usize, u32, u32)> = None;
            for cell in pairs.iter() {
                let digits = self.digits_of(n, cell);
                let a = digits.trailing_zeros() as usize;
                let b = (digits & (digits - 1)).trailing_zeros() as usize;
                let seen =
                    ((self.poss[a] | self.poss[b]) & layout.peers[cell] & self.unsolved).len();
                if best.is_none_or(|(_, _, most)| seen > most) {
                    best = Some((cell, digits, seen));
                }
            }
            let (cell, digits, _) = best.expect("a cell with two candidates");
            return Branch::Cell { cell, digits };
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
        let mut out = vec![0; layout.peers.len()];
        let placed = layout.all.and_not(self.unsolved);
        for (d, p) in self.poss.iter().enumerate().take(layout.n) {
            for k in (*p & placed).iter() {
                out[k] = d as u8 + 1;
            }
        }
        out
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

    fn with_givens(layout: &Layout<W, D>, values: &[u8]) -> Option<Self> {
        State::with_givens(layout, values)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::bitboard::search::givens_one_by_one;
    use crate::sudoku::shape::Shape;

    const JIGSAW: &str = "AAABBBBCC AAAABBCCC AABBBCCCC DDDDEEFFF DDEEEEFFF \
                          DDDEEHFFF GGGHEHIII GGHHHHIII GGGGHHIII";

    fn same<const W: usize, const D: usize>(a: &State<W, D>, b: &State<W, D>) -> bool {
        a.poss == b.poss && a.unsolved == b.unsolved
    }

    /// The givens placed at once make the state that placing them one by one makes, and
    /// clash where it does; on the solution of an empty grid with cells blanked at random.
    fn givens_at_once_as_one_by_one<const W: usize, const D: usize>(shape: &Shape) {
        let layout = Layout::<W, D>::new(shape);
        let n = layout.n;
        let cells = layout.peers.len();
        // The first solution of the empty grid.
        let mut search = search::Search::<_, State<W, D>>::new(
            &layout,
            &vec![0; cells],
            search::BitboardLimits {
                nodes: u64::MAX,
                cancel: None,
            },
        )
        .expect("no givens");
        search.step().expect("a solution");
        let full = search.values().expect("a solution");
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for keep in [0, 10, 30, 60, 100] {
            for _ in 0..20 {
                let mut values = full.clone();
                for v in values.iter_mut() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 100 >= keep {
                        *v = 0;
                    }
                }
                let at_once = State::with_givens(&layout, &values).expect("no clash");
                let one = givens_one_by_one::<State<W, D>>(&layout, &values).expect("no clash");
                assert!(same(&at_once, &one), "{n}: {values:?}");
                // A clash: a given repeated in a peer of its cell.
                let k = (seed % cells as u64) as usize;
                let Some(peer) = layout.peers[k].first() else {
                    continue;
                };
                let mut clash = values.clone();
                clash[k] = full[k];
                clash[peer] = full[k];
                assert!(State::with_givens(&layout, &clash).is_none());
                assert!(givens_one_by_one::<State<W, D>>(&layout, &clash).is_none());
            }
        }
        let mut wrong = vec![0; cells];
        wrong[0] = n as u8 + 1;
        assert!(State::with_givens(&layout, &wrong).is_none());
        assert!(State::with_givens(&layout, &wrong[1..]).is_none());
    }

    #[test]
    fn givens_at_once_are_the_givens_one_by_one() {
        givens_at_once_as_one_by_one::<1, 8>(&Shape::boxed(2, 3).unwrap());
        givens_at_once_as_one_by_one::<2, 9>(&Shape::classic().with_diagonals());
        givens_at_once_as_one_by_one::<2, 9>(&Shape::jigsaw_from_map(JIGSAW).unwrap());
        givens_at_once_as_one_by_one::<2, 11>(&Shape::boxed(2, 5).unwrap());
        givens_at_once_as_one_by_one::<4, 16>(&Shape::boxed(4, 4).unwrap());
    }

    #[test]
    fn locked_candidates_leave_the_rest_of_the_shared_house() {
        let shape = Shape::classic();
        let layout = Layout::<2, 9>::new(&shape);
        let index = |r: usize, c: usize| r * 9 + c;
        let row0 = (0..9).map(|c| index(0, c)).collect::<Vec<_>>();
        let box0: Vec<usize> = (0..3)
            .flat_map(|r| (0..3).map(move |c| index(r, c)))
            .collect();
        let house = |cells: &[usize]| {
            let mut mask = Bits::ZERO;
            for &k in cells {
                mask.insert(k);
            }
            layout
                .full
                .iter()
                .position(|h| *h == mask)
                .expect("a house")
        };
        let (row, boxed) = (house(&row0), house(&box0));
        // Digit 1 (index 0) in box 1 only in its first row (pointing): it leaves the
        // rest of row 1.
        let mut state = State::new(&layout);
        for r in 1..3 {
            for c in 0..3 {
                state.poss[0].remove(index(r, c));
            }
        }
        let mut dirty = Dirty::none();
        assert_eq!(state.examine(&layout, boxed, 0, &mut dirty), Ok(true));
        for c in 0..9 {
            assert_eq!(state.poss[0].contains(index(0, c)), c < 3, "r1c{}", c + 1);
        }
        // The cells that lost it mark their houses (row 1, columns 4-9, boxes 2 and 3).
        assert_eq!(dirty.digits, 1);
        assert_eq!(dirty.houses[0].count_ones(), 1 + 6 + 2);
        // Nothing more to remove: the second look finds nothing.
        assert_eq!(state.examine(&layout, boxed, 0, &mut dirty), Ok(false));
        assert_eq!(state.examine(&layout, row, 0, &mut dirty), Ok(false));
        // Claiming: digit 2 in row 1 only inside box 1 leaves the rest of box 1.
        for c in 3..9 {
            state.poss[1].remove(index(0, c));
        }
        assert_eq!(state.examine(&layout, row, 1, &mut dirty), Ok(true));
        for &k in &box0 {
            assert_eq!(state.poss[1].contains(k), k < 9, "cell {k}");
        }
        // Three cells left for a digit in a house that shares at most three with any
        // other, but spread: nothing to lock.
        let mut spread = State::new(&layout);
        for c in 0..9 {
            if ![0, 4, 8].contains(&c) {
                spread.poss[2].remove(index(0, c));
            }
        }
        assert_eq!(spread.examine(&layout, row, 2, &mut dirty), Ok(false));
        // One cell: a hidden single, placed; none: dead.
        let mut single = State::new(&layout);
        for c in 1..9 {
            single.poss[3].remove(index(0, c));
        }
        assert_eq!(single.examine(&layout, row, 3, &mut dirty), Ok(true));
        assert!(!single.unsolved.contains(index(0, 0)));
        single.poss[4] = single.poss[4].and_not(layout.full[row]);
        assert_eq!(single.examine(&layout, row, 4, &mut dirty), Err(Dead));
    }
}
