//! The symmetry groups that the puzzle families know: the board's turns and flips for the
//! queens, pentomino packings and tilings, the reversal of Langford pairs. Each is given
//! by generators ([`Automorphism`]s of the family's problem), for
//! [`dlx_core::symmetry`]'s counts by symmetry. Where a family's options were cut to
//! break symmetry (`--symmetry-break`), only the symmetries that are still symmetries of
//! the problem are kept (none, as a rule).
//!
//! ```
//! use dlx_core::symmetry::{Group, SymmetricCounter};
//! use dlx_sudoku::queens::Queens;
//! use dlx_sudoku::symmetry::queens_generators;
//! let q = Queens::new(8)?;
//! let group = Group::new(q.problem(), queens_generators(&q))?;
//! assert_eq!(group.order(), 8);
//! let count = SymmetricCounter::new(q.problem(), &group).up_to_symmetry(true).count()?;
//! assert_eq!((count.solutions, count.up_to_symmetry), (92, Some(12)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::hash::Hash;

use dlx_core::symmetry::Automorphism;
use dlx_core::{OptionId, Problem};

use crate::grid::Cell;
use crate::langford::Langford;
use crate::polyomino::{Board, Packing, Tiles};
use crate::queens::Queens;

/// The symmetries that map each option's key through `maps` onto an option's key (those
/// that do not are left out; so is the identity).
fn by_keys<K: Eq + Hash + Clone>(
    problem: &Problem,
    key: impl Fn(OptionId) -> K,
    maps: &[&dyn Fn(&K) -> K],
) -> Vec<Automorphism> {
    let keys: Vec<K> = problem.options().map(&key).collect();
    let index: HashMap<&K, OptionId> = keys
        .iter()
        .zip(problem.options())
        .map(|(k, o)| (k, o))
        .collect();
    let mut out = Vec::new();
    'maps: for map in maps {
        let mut image = Vec::with_capacity(keys.len());
        for k in &keys {
            match index.get(&map(k)) {
                Some(&o) => image.push(o),
                None => continue 'maps,
            }
        }
        if let Ok(a) = Automorphism::from_options(problem, &image) {
            if !a.is_identity() {
                out.push(a);
            }
        }
    }
    out
}

/// The queens' board: the quarter turn and the flip in the main diagonal (the group of
/// order 8, for `n ≥ 2`).
pub fn queens_generators(queens: &Queens) -> Vec<Automorphism> {
    let n = queens.n();
    let key = |o| queens.square(o).expect("every option is a square");
    let turn = move |&(r, c): &(usize, usize)| (c, n - 1 - r);
    let flip = |&(r, c): &(usize, usize)| (c, r);
    by_keys(queens.problem(), key, &[&turn, &flip])
}

/// Langford pairs: the reversal of the slots (order 2), unless symmetry was broken.
pub fn langford_generators(langford: &Langford) -> Vec<Automorphism> {
    let slots = 2 * langford.n();
    let key = |o| langford.placement(o).expect("every option is a placement");
    let reverse = move |&(i, first): &(usize, usize)| (i, slots - 2 - first - i);
    by_keys(langford.problem(), key, &[&reverse])
}

/// The board's symmetries as maps of sorted cell lists.
fn board_maps(board: &Board) -> Vec<Box<dyn Fn(&(usize, Vec<Cell>)) -> (usize, Vec<Cell>)>> {
    board
        .symmetries()
        .into_iter()
        .skip(1)
        .map(|m| {
            Box::new(move |(piece, cells): &(usize, Vec<Cell>)| {
                let mut image: Vec<Cell> = cells.iter().map(|&c| m.apply(c)).collect();
                image.sort();
                (*piece, image)
            }) as Box<dyn Fn(&(usize, Vec<Cell>)) -> (usize, Vec<Cell>)>
        })
        .collect()
}

/// A packing: the turns and flips of the board (pieces stay themselves).
pub fn packing_generators(packing: &Packing) -> Vec<Automorphism> {
    let key = |o| {
        let p = packing.placement(o).expect("every option is a placement");
        let mut cells = p.cells.clone();
        cells.sort();
        (p.piece, cells)
    };
    let maps = board_maps(packing.board());
    let refs: Vec<&dyn Fn(&(usize, Vec<Cell>)) -> (usize, Vec<Cell>)> =
        maps.iter().map(|b| b.as_ref()).collect();
    by_keys(packing.problem(), key, &refs)
}

/// A tiling: the turns and flips of the board.
pub fn tiles_generators(tiles: &Tiles) -> Vec<Automorphism> {
    let key = |o| {
        let (piece, cells) = tiles.placement(o).expect("every option is a placement");
        let mut cells = cells.to_vec();
        cells.sort();
        (piece, cells)
    };
    let maps = board_maps(tiles.board());
    let refs: Vec<&dyn Fn(&(usize, Vec<Cell>)) -> (usize, Vec<Cell>)> =
        maps.iter().map(|b| b.as_ref()).collect();
    by_keys(tiles.problem(), key, &refs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::{PieceSet, SymmetryBreaking};
    use dlx_core::symmetry::{find_group, Group, SymmetricCounter};

    /// The group given and the group found are the same set of symmetries.
    fn same_group(problem: &Problem, given: Vec<Automorphism>) -> usize {
        let given = Group::new(problem, given).unwrap();
        let found = find_group(problem).unwrap();
        let mut a: Vec<String> = given.elements().iter().map(|g| format!("{g:?}")).collect();
        let mut b: Vec<String> = found.elements().iter().map(|g| format!("{g:?}")).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        given.order()
    }

    #[test]
    fn generators_give_the_whole_group_found() {
        // (One queen: r0 and c0 hold the same option, and swapping them is a symmetry
        // found that the board does not show.)
        for n in 2..=8 {
            let q = Queens::new(n).unwrap();
            assert_eq!(
                same_group(q.problem(), queens_generators(&q)),
                8,
                "queens {n}"
            );
        }
        for n in [3, 4, 7] {
            for broken in [false, true] {
                let l = Langford::new(n, broken).unwrap();
                let order = same_group(l.problem(), langford_generators(&l));
                assert_eq!(order, if broken { 1 } else { 2 }, "langford {n}");
            }
        }
        for (rows, cols, order) in [(3, 20, 4), (5, 12, 4), (6, 10, 4)] {
            let p = Packing::pentominoes(
                Board::rectangle(rows, cols).unwrap(),
                SymmetryBreaking::None,
            )
            .unwrap();
            assert_eq!(same_group(p.problem(), packing_generators(&p)), order);
        }
        let hole = Board::rectangle(8, 8)
            .unwrap()
            .without_rect(Cell::new(3, 3), 2, 2);
        let p = Packing::pentominoes(hole, SymmetryBreaking::None).unwrap();
        assert_eq!(same_group(p.problem(), packing_generators(&p)), 8);
        let broken =
            Packing::pentominoes(Board::rectangle(3, 20).unwrap(), SymmetryBreaking::Auto).unwrap();
        assert!(packing_generators(&broken).is_empty());
        for set in [PieceSet::Dominoes, PieceSet::Trominoes] {
            let t = Tiles::new(Board::rectangle(4, 4).unwrap(), set.pieces()).unwrap();
            assert_eq!(same_group(t.problem(), tiles_generators(&t)), 8);
        }
    }

    #[test]
    fn queens_up_to_symmetry_match_the_published_figures() {
        // Essentially different solutions, n = 1..11 (OEIS A002562).
        let published = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341];
        let totals = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];
        for n in 1..=11 {
            let q = Queens::new(n).unwrap();
            let group = Group::new(q.problem(), queens_generators(&q)).unwrap();
            let count = SymmetricCounter::new(q.problem(), &group)
                .up_to_symmetry(true)
                .count()
                .unwrap();
            assert_eq!(count.solutions, totals[n - 1], "queens {n}");
            assert_eq!(count.up_to_symmetry, Some(published[n - 1]), "queens {n}");
        }
    }

    #[test]
    fn langford_and_small_packings_up_to_symmetry() {
        // Langford pairs: solutions up to reversal (OEIS A014552): 1, 0, 0, 0, 26, 150.
        for (n, up) in [(3, 1), (4, 1), (7, 26), (8, 150)] {
            let l = Langford::new(n, false).unwrap();
            let group = Group::new(l.problem(), langford_generators(&l)).unwrap();
            let count = SymmetricCounter::new(l.problem(), &group)
                .up_to_symmetry(true)
                .count()
                .unwrap();
            assert_eq!(count.up_to_symmetry, Some(up), "langford {n}");
            assert_eq!(count.solutions, 2 * up);
        }
        // Pentominoes in 3x20: 2 packings up to symmetry, 8 in all.
        let p =
            Packing::pentominoes(Board::rectangle(3, 20).unwrap(), SymmetryBreaking::None).unwrap();
        let group = Group::new(p.problem(), packing_generators(&p)).unwrap();
        let count = SymmetricCounter::new(p.problem(), &group)
            .up_to_symmetry(true)
            .count()
            .unwrap();
        assert_eq!((count.solutions, count.up_to_symmetry), (8, Some(2)));
    }

    /// Queens 12..14 up to symmetry: 1787, 9233, 45752 (minutes in a debug build).
    #[test]
    #[ignore]
    fn queens_12_to_14_up_to_symmetry() {
        for (n, total, up) in [(12, 14200, 1787), (13, 73712, 9233), (14, 365596, 45752)] {
            let q = Queens::new(n).unwrap();
            let group = Group::new(q.problem(), queens_generators(&q)).unwrap();
            let count = SymmetricCounter::new(q.problem(), &group)
                .up_to_symmetry(true)
                .threads(0)
                .count()
                .unwrap();
            assert_eq!(
                (count.solutions, count.up_to_symmetry),
                (total, Some(up)),
                "queens {n}"
            );
        }
    }

    /// The 6x10 box: 9356 packings, 2339 up to symmetry; the 8x8 box with a 2x2 hole in
    /// the middle: 520 packings, 65 up to symmetry.
    #[test]
    #[ignore]
    fn pentominoes_6x10_and_8x8_hole_up_to_symmetry() {
        let hole = Board::rectangle(8, 8)
            .unwrap()
            .without_rect(Cell::new(3, 3), 2, 2);
        for (board, total, up) in [
            (Board::rectangle(6, 10).unwrap(), 9356, 2339),
            (hole, 520, 65),
        ] {
            let p = Packing::pentominoes(board, SymmetryBreaking::None).unwrap();
            let group = Group::new(p.problem(), packing_generators(&p)).unwrap();
            let count = SymmetricCounter::new(p.problem(), &group)
                .up_to_symmetry(true)
                .threads(0)
                .count()
                .unwrap();
            assert_eq!((count.solutions, count.up_to_symmetry), (total, Some(up)));
        }
    }
}
