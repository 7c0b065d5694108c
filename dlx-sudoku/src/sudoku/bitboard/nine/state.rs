//! The state of a 9×9 search as bands, and its propagation.
//!
//! For each digit `d` and band `b`, `f[3d + b]` holds the cells of the band that may still
//! hold `d`, a placed `d` included; `unsolved` holds the cells not yet placed. In exact
//! cover terms the options left are the pairs (cell, `d`) with the cell unsolved and in
//! `d`'s band set. Placing `d` in a cell (choosing an option) removes the cell from every
//! other digit and the cell's row, column and box from `d`: the cover of the option's
//! items, all at once.
//!
//! Propagation takes the forced options band by band: the band update of a digit
//! ([`State::update`]) keeps only the triads that some placement of the digit through the
//! band still uses, which finds the rows and boxes of the band with one place left for it
//! (hidden singles) and places them, clearing their columns in the other two bands. It runs
//! for every digit-band that changed, until none did (the band update loop); then cells
//! with one candidate (naked singles), columns with one place for a digit and the extra
//! houses are looked at, and the loop goes on while they place something.

use super::tables::{Cells, ALLOWED, BAND_PEERS, BOX, COLUMN, HOUSES, ROW, ROW_TRIADS};
use super::Nine;
use crate::sudoku::bitboard::board::Dead;
use crate::sudoku::bitboard::search::{self, Entered, Node};

/// The candidates of every cell and digit, per band.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    /// Bit `k` of `f[3d + b]`: cell `k` of band `b` may hold digit `d` (or holds it).
    f: [u32; 27],
    /// The cells not placed yet, per band.
    unsolved: Cells,
    /// The digit-bands (bit `3d + b`) that lost a cell since their last band update.
    changed: u32,
}

/// The item branched on, with the options not yet tried: a cell and its digits, or a
/// house and digit with its cells.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Branch {
    /// The cell's item (cell `0..81`, row by row): one option per digit of `digits`.
    Cell {
        /// The cell.
        cell: usize,
        /// Its digits not yet tried (bit `d`).
        digits: u32,
    },
    /// The item "a house holds `digit`": one option per cell of `cells`.
    House {
        /// The digit (from 0).
        digit: usize,
        /// The cells not yet tried.
        cells: Cells,
    },
}

impl search::Branch for Branch {
    #[inline]
    fn is_empty(&self) -> bool {
        match self {
            Branch::Cell { digits, .. } => *digits == 0,
            Branch::House { cells, .. } => *cells == [0; 3],
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
                let b = cells.iter().position(|&x| x != 0)?;
                let k = cells[b].trailing_zeros() as usize;
                cells[b] &= cells[b] - 1;
                Some((27 * b + k, *digit))
            }
        }
    }
}

/// Keeps the cells of a band's row when the row has exactly one (x ≠ 0).
#[inline(always)]
fn single(x: u32) -> u32 {
    x & u32::from(x & x.wrapping_sub(1) == 0).wrapping_neg()
}

/// The bands (3 bits) of a set of digit-bands (bit `3d + b`).
#[inline(always)]
fn bands_of(x: u32) -> u32 {
    const EVERY_DIGIT: u32 = 0o111_111_111;
    u32::from(x & EVERY_DIGIT != 0)
        | u32::from(x & EVERY_DIGIT << 1 != 0) << 1
        | u32::from(x & EVERY_DIGIT << 2 != 0) << 2
}

/// The digits (9 bits) of a set of digit-bands (bit `3d + b`).
#[inline(always)]
fn digits_of_bits(x: u32) -> u32 {
    let mut out = 0;
    for d in 0..9 {
        out |= u32::from(x >> (3 * d) & 7 != 0) << d;
    }
    out
}

/// The columns (9 bits) where a band set has a cell.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

impl State {
    /// The empty grid: every digit possible everywhere, every digit-band to update.
    pub(crate) fn new() -> Self {
        State {
            f: [super::tables::BAND; 27],
            unsolved: [super::tables::BAND; 3],
            changed: (1 << 27) - 1,
        }
    }

    /// The state with the givens `values` (81 digits row by row, 0 for a blank) placed all
    /// at once, digit by digit: the same state as placing them one by one with
    /// [`place`](Self::place), without its per-cell work; `None` when two givens of a
    /// digit share a house (as one by one, the second would find its cell taken from it).
    pub(crate) fn with_givens(nine: &Nine, values: &[u8]) -> Option<Self> {
        // The cells of each value per band (value 0: the blanks), band by band so that
        // no cell number is divided.
        if values.len() != 81 || values.iter().any(|&v| v > 9) {
            return None;
        }
        let mut by_value = [[0u32; 3]; 10];
        for (b, band) in values.chunks_exact(27).enumerate() {
            for (k, &v) in band.iter().enumerate() {
                by_value[usize::from(v)][b] |= 1 << k;
            }
        }
        let unsolved = by_value[0];
        let given = &by_value[1..];
        let mut f = [0u32; 27];
        for (d, g) in given.iter().enumerate() {
            // A digit's givens clash when two share a row or a box (inside a band) or a
            // column (across bands; inside one band they share a box too).
            let cols = g.map(columns);
            if cols[0] & cols[1] != 0 || cols[0] & cols[2] != 0 || cols[1] & cols[2] != 0 {
                return None;
            }
            let column_peers = (cols[0] | cols[1] | cols[2]) * COLUMN;
            for b in 0..3 {
                let mut peers = column_peers;
                for j in 0..3 {
                    let row = g[b] & ROW << (9 * j);
                    let boxed = g[b] & BOX << (3 * j);
                    if row & row.wrapping_sub(1) != 0 || boxed & boxed.wrapping_sub(1) != 0 {
                        return None;
                    }
                    peers |= if row != 0 { ROW << (9 * j) } else { 0 };
                    peers |= if boxed != 0 { BOX << (3 * j) } else { 0 };
                }
                f[3 * d + b] = unsolved[b] & !peers | g[b];
            }
        }
        if let Some(extra) = &nine.extra {
            for (d, g) in given.iter().enumerate() {
                for b in 0..3 {
                    let mut left = g[b];
                    while left != 0 {
                        let k = left.trailing_zeros() as usize;
                        left &= left - 1;
                        let peers = extra.peers[27 * b + k];
                        if (0..3).any(|b2| peers[b2] & g[b2] != 0) {
                            return None;
                        }
                        for (b2, m) in peers.into_iter().enumerate() {
                            f[3 * d + b2] &= !m;
                        }
                    }
                }
            }
        }
        Some(State {
            f,
            unsolved,
            changed: (1 << 27) - 1,
        })
    }

    /// Whether `d` may go in `cell` (row by row).
    #[inline]
    pub(crate) fn can_place(&self, cell: usize, d: usize) -> bool {
        let (b, k) = (cell / 27, cell % 27);
        (self.unsolved[b] & self.f[3 * d + b]) >> k & 1 != 0
    }

    /// Removes `m` from digit-band `i`, noting the change.
    #[inline(always)]
    fn clear(&mut self, i: usize, m: u32) {
        let old = self.f[i];
        let new = old & !m;
        self.f[i] = new;
        self.changed |= u32::from(new != old) << i;
    }

    /// Places `d` in `cell` (which must allow it): the cell leaves the other digits and
    /// its peers leave `d`.
    #[inline]
    pub(crate) fn place(&mut self, nine: &Nine, cell: usize, d: usize) {
        let (b, k) = (cell / 27, cell % 27);
        let bit = 1 << k;
        let i = 3 * d + b;
        let (old, pending) = (self.f[i], self.changed & 1 << i);
        self.unsolved[b] &= !bit;
        // Every digit loses the cell and `d` its column, `d`'s own band set included;
        // that one is then set apart (without branches on the digit).
        for e in 0..9 {
            self.clear(3 * e + b, bit);
        }
        let col = COLUMN << (k % 9);
        for b2 in 0..3 {
            self.clear(3 * d + b2, col);
        }
        let own = old & !BAND_PEERS[k];
        self.f[i] = own;
        self.changed = self.changed & !(1 << i) | pending | u32::from(own != old) << i;
        if let Some(extra) = &nine.extra {
            let peers = extra.peers[cell];
            for (b2, m) in peers.into_iter().enumerate() {
                self.clear(3 * d + b2, m);
            }
        }
    }

    /// The band update of digit-band `i`: keeps the triads some placement through the band
    /// uses, places the rows left with one cell (hidden singles of rows and, through the
    /// triads, of boxes) and clears their columns in the other bands;
    /// fails when no placement through the band is left.
    #[inline(always)]
    fn update(&mut self, nine: &Nine, i: usize) -> Result<(), Dead> {
        let a = self.f[i];
        let t = usize::from(ROW_TRIADS[(a & ROW) as usize])
            | usize::from(ROW_TRIADS[(a >> 9 & ROW) as usize]) << 3
            | usize::from(ROW_TRIADS[(a >> 18 & ROW) as usize]) << 6;
        let a = a & ALLOWED[t];
        if a == 0 {
            return Err(Dead);
        }
        self.f[i] = a;
        let (d, b) = (i / 3, i % 3);
        let rows = single(a & ROW) | single(a >> 9 & ROW) << 9 | single(a >> 18) << 18;
        let new = rows & self.unsolved[b];
        if new == 0 {
            return Ok(());
        }
        self.unsolved[b] &= !new;
        // Every digit loses the cells and `d` their columns; `d`'s own band set is then
        // put back (its other cells in those columns were in the same boxes, gone already).
        for e in 0..9 {
            self.clear(3 * e + b, new);
        }
        let cols = columns(new) * COLUMN;
        for b2 in 0..3 {
            self.clear(3 * d + b2, cols);
        }
        self.f[i] = a;
        self.changed &= !(1 << i);
        if let Some(extra) = &nine.extra {
            let mut left = new;
            while left != 0 {
                let k = left.trailing_zeros() as usize;
                left &= left - 1;
                let peers = extra.peers[27 * b + k];
                for (b2, m) in peers.into_iter().enumerate() {
                    self.clear(3 * d + b2, m);
                }
            }
        }
        Ok(())
    }

    /// True once every cell is placed.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The digits that may go in `cell`, as bits.
    #[inline(always)]
    fn digits_of(&self, cell: usize) -> u32 {
        let (b, k) = (cell / 27, cell % 27);
        let mut digits = 0;
        for d in 0..9 {
            digits |= (self.f[3 * d + b] >> k & 1) << d;
        }
        digits
    }

    /// Places the naked singles (cells with one candidate); fails on a cell with none.
    /// Returns how many it placed.
    #[inline(always)]
    fn naked_singles(&mut self, nine: &Nine, bands: u32) -> Result<u32, Dead> {
        let mut placed = 0;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 || bands >> b & 1 == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0, 0);
            for d in 0..9 {
                let x = self.f[3 * d + b];
                twos |= ones & x;
                ones |= x;
            }
            if u & !ones != 0 {
                return Err(Dead);
            }
            let mut singles = u & !twos;
            while singles != 0 {
                let k = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // A placement of this batch may have taken the cell's last digit.
                let digits = self.digits_of(27 * b + k);
                if digits == 0 {
                    return Err(Dead);
                }
                self.place(nine, 27 * b + k, digits.trailing_zeros() as usize);
                placed += 1;
            }
        }
        Ok(placed)
    }

    /// Places the hidden singles of columns (a column with one place left for a digit);
    /// fails on a column with none. Returns how many it placed.
    #[inline(always)]
    fn column_singles(&mut self, nine: &Nine, digits: u32) -> Result<u32, Dead> {
        let mut placed = 0;
        for d in 0..9 {
            if digits >> d & 1 == 0 {
                continue;
            }
            let (mut ones, mut twos, mut done) = (0, 0, 0);
            for b in 0..3 {
                let a = self.f[3 * d + b];
                for r in 0..3 {
                    let x = a >> (9 * r) & ROW;
                    twos |= ones & x;
                    ones |= x;
                }
                done |= columns(a & !self.unsolved[b]);
            }
            if ones != ROW {
                return Err(Dead);
            }
            let mut left = ones & !twos & !done;
            while left != 0 {
                let c = left.trailing_zeros();
                left &= left - 1;
                let Some(b) = (0..3).find(|&b| self.f[3 * d + b] & COLUMN << c != 0) else {
                    return Err(Dead);
                };
                let k = (self.f[3 * d + b] & COLUMN << c).trailing_zeros() as usize;
                if self.unsolved[b] >> k & 1 != 0 {
                    self.place(nine, 27 * b + k, d);
                    placed += 1;
                }
            }
        }
        Ok(placed)
    }

    /// Places the hidden singles of the extra full houses; fails on one with no place
    /// left for a digit. Returns how many it placed.
    #[inline(always)]
    fn extra_singles(&mut self, nine: &Nine, digits: u32) -> Result<u32, Dead> {
        let Some(extra) = &nine.extra else {
            return Ok(0);
        };
        let mut placed = 0;
        for house in &extra.full {
            for d in 0..9 {
                if digits >> d & 1 == 0 {
                    continue;
                }
                let x = [0, 1, 2].map(|b| self.f[3 * d + b] & house[b]);
                let n: u32 = x.iter().map(|w| w.count_ones()).sum();
                if n == 0 {
                    return Err(Dead);
                }
                if n == 1 {
                    let b = x.iter().position(|&w| w != 0).expect("one cell");
                    let k = x[b].trailing_zeros() as usize;
                    if self.unsolved[b] >> k & 1 != 0 {
                        self.place(nine, 27 * b + k, d);
                        placed += 1;
                    }
                }
            }
        }
        Ok(placed)
    }

    /// Places every forced option until none is left; fails when an item has no option
    /// left. `forced` counts the placements.
    #[inline(always)]
    pub(crate) fn propagate(&mut self, nine: &Nine, forced: &mut u64) -> Result<(), Dead> {
        let before = self.unsolved.iter().map(|u| u.count_ones()).sum::<u32>();
        let result = self.propagate_all(nine);
        let after = self.unsolved.iter().map(|u| u.count_ones()).sum::<u32>();
        *forced += u64::from(before - after);
        result
    }

    /// [`propagate`](Self::propagate), without the count.
    #[inline(always)]
    fn propagate_all(&mut self, nine: &Nine) -> Result<(), Dead> {
        // The digit-bands updated since the cells (`cells`) and the columns and extra
        // houses (`digits`) were last looked at: nothing else can have changed there.
        let (mut cells, mut digits) = (0u32, 0u32);
        loop {
            let mut updated = 0;
            while self.changed != 0 {
                let i = self.changed.trailing_zeros() as usize;
                self.changed &= self.changed - 1;
                updated |= 1 << i;
                self.update(nine, i)?;
            }
            if self.is_solved() {
                return Ok(());
            }
            cells |= updated;
            digits |= updated;
            let n = self.naked_singles(nine, bands_of(std::mem::take(&mut cells)))?;
            if n != 0 {
                continue;
            }
            let todo = digits_of_bits(std::mem::take(&mut digits));
            let n = self.column_singles(nine, todo)? + self.extra_singles(nine, todo)?;
            if n != 0 {
                continue;
            }
            return Ok(());
        }
    }

    /// The item with the fewest options, given a propagated state that is not solved
    /// (Algorithm X's rule, step X3). Every item then has two options or more, so each
    /// cell with two candidates is an item of two options, one of the smallest; among
    /// those the one that sees the most unsolved cells (in its row, column and box) is
    /// taken, as its two options each cover the most. Without such a cell, the smallest of
    /// the cells and house-digits.
    #[inline(always)]
    pub(crate) fn choose(&self, nine: &Nine) -> Branch {
        let mut best = None;
        let mut most = 0;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos, mut threes) = (0, 0, 0);
            for d in 0..9 {
                let x = self.f[3 * d + b];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let mut pairs = u & twos & !threes;
            while pairs != 0 {
                let k = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let col = COLUMN << (k % 9);
                let mut seen = 1 + (u & BAND_PEERS[k]).count_ones();
                for b2 in 0..3 {
                    if b2 != b {
                        seen += (self.unsolved[b2] & col).count_ones();
                    }
                }
                if seen > most {
                    most = seen;
                    best = Some(27 * b + k);
                }
            }
        }
        match best {
            Some(cell) => Branch::Cell {
                cell,
                digits: self.digits_of(cell),
            },
            None => self.choose_slowly(nine),
        }
    }

    /// The smallest item when no cell has two candidates: every cell and every house-digit
    /// not yet covered, first among equals.
    #[cold]
    fn choose_slowly(&self, nine: &Nine) -> Branch {
        let mut best = None;
        let mut best_len = u32::MAX;
        for cell in 0..81 {
            if self.unsolved[cell / 27] >> (cell % 27) & 1 == 0 {
                continue;
            }
            let digits = self.digits_of(cell);
            if digits.count_ones() < best_len {
                best_len = digits.count_ones();
                best = Some(Branch::Cell { cell, digits });
            }
        }
        let extra = nine.extra.as_ref().map_or(&[][..], |x| &x.full[..]);
        for house in HOUSES.iter().chain(extra) {
            for digit in 0..9 {
                let cells = [0, 1, 2].map(|b| self.f[3 * digit + b] & house[b]);
                if (0..3).any(|b| cells[b] & !self.unsolved[b] != 0) {
                    continue; // placed already: the item is covered
                }
                let len = cells.iter().map(|w| w.count_ones()).sum();
                if len < best_len {
                    best_len = len;
                    best = Some(Branch::House { digit, cells });
                }
            }
        }
        best.expect("an unsolved state has an unsolved cell")
    }

    /// The digit (from 1) of every cell, row by row, 0 where none is placed (a placed cell
    /// is in its digit's set only).
    pub(crate) fn values(&self) -> Vec<u8> {
        let mut out = vec![0; 81];
        for (i, &x) in self.f.iter().enumerate() {
            let (d, b) = (i / 3, i % 3);
            let mut placed = x & !self.unsolved[b];
            while placed != 0 {
                let k = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                out[27 * b + k] = d as u8 + 1;
            }
        }
        out
    }
}

/// The 9×9 bands for the search driver ([`search::Search`]): propagation keeps its own
/// record of what changed, so the driver hands it nothing.
impl Node for State {
    type Board = Nine;
    type Branch = Branch;
    type Dirty = ();

    fn empty(_: &Nine) -> Self {
        State::new()
    }

    fn admits(&self, cell: usize, d: usize) -> bool {
        self.can_place(cell, d)
    }

    #[inline]
    fn play(&mut self, nine: &Nine, cell: usize, d: usize) {
        self.place(nine, cell, d);
    }

    fn all_changed(_: &Nine) {}

    #[inline(always)]
    fn enter(&mut self, nine: &Nine, (): (), forced: &mut u64) -> Entered<Branch> {
        if self.propagate(nine, forced).is_err() {
            return Entered::Dead;
        }
        if self.is_solved() {
            return Entered::Solved;
        }
        Entered::Live(self.choose(nine))
    }

    fn values(&self, _: &Nine) -> Vec<u8> {
        State::values(self)
    }

    fn with_givens(nine: &Nine, values: &[u8]) -> Option<Self> {
        State::with_givens(nine, values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::shape::Shape;

    const SAMPLE: &str = include_str!("../../../../tests/data/sudoku_bitboard_sample");

    /// The givens placed one by one, as the driver's default does.
    fn one_by_one(nine: &Nine, values: &[u8]) -> Option<State> {
        crate::sudoku::bitboard::search::givens_one_by_one(nine, values)
    }

    fn same(a: Option<State>, b: Option<State>) -> bool {
        match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => (a.f, a.unsolved, a.changed) == (b.f, b.unsolved, b.changed),
            _ => false,
        }
    }

    #[test]
    fn givens_at_once_make_the_state_of_givens_one_by_one() {
        let shapes = [
            Shape::classic(),
            Shape::classic().with_diagonals(),
            Shape::classic().with_windows().unwrap(),
        ];
        let puzzles: Vec<Vec<u8>> = SAMPLE
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(100)
            .map(|l| {
                l.bytes()
                    .take(81)
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect()
            })
            .collect();
        let (mut clashes, mut placed) = (0, 0);
        for shape in &shapes {
            let nine = Nine::new(shape).expect("9×9 with boxes");
            for (n, p) in puzzles.iter().enumerate() {
                // The puzzle, and copies with one given more (often clashing: in a row,
                // a column, a box, an extra house, or none).
                let mut cases = vec![p.clone()];
                for extra in 0..12 {
                    let mut q = p.clone();
                    let k = (n * 31 + extra * 17) % 81;
                    if q[k] == 0 {
                        q[k] = 1 + ((n + extra) % 9) as u8;
                        cases.push(q);
                    }
                }
                for q in cases {
                    let want = one_by_one(&nine, &q);
                    if want.is_none() {
                        clashes += 1;
                    } else {
                        placed += 1;
                    }
                    assert!(same(State::with_givens(&nine, &q), want), "{q:?}");
                }
            }
        }
        assert!(clashes > 50 && placed > 300, "{clashes} {placed}");
    }
}
