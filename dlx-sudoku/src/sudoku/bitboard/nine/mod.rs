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

mod state;
mod tables;

use crate::sudoku::shape::{HouseKind, Shape};

use tables::Cells;

/// The search on the bands: the bitboard engine's driver on this board.
pub(crate) type Search<L> = super::search::Search<L, state::State>;

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

#[cfg(test)]
mod tests {
    use dlx_core::StopReason;
    use std::collections::HashSet;
    use std::sync::Arc;

    use super::*;
    use crate::sudoku::bitboard::layout::Layout;
    use crate::sudoku::bitboard::{Bitboard, BitboardLimits};
    use crate::sudoku::Cell;

    const SAMPLE: &str = include_str!("../../../../tests/data/sudoku_bitboard_sample");
    const SERG: &str = include_str!("../../../../tests/data/sudoku_serg_benchmark");

    fn limits() -> BitboardLimits {
        BitboardLimits {
            nodes: u64::MAX,
            cancel: None,
        }
    }

    fn puzzles(text: &str) -> impl Iterator<Item = Vec<u8>> + '_ {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                l.bytes()
                    .take(81)
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect()
            })
    }

    /// The houses as lists of cells, from first principles: rows, columns, boxes, and the
    /// extra ones given.
    fn houses(extra: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            out.push((0..9).map(|j| 9 * i + j).collect());
            out.push((0..9).map(|j| 9 * j + i).collect());
            let (r, c) = (3 * (i / 3), 3 * (i % 3));
            out.push((0..9).map(|j| 9 * (r + j / 3) + c + j % 3).collect());
        }
        out.extend(extra.iter().cloned());
        out
    }

    /// Whether `solution` fills `puzzle` and every house holds distinct digits 1 to 9.
    fn check(houses: &[Vec<usize>], puzzle: &[u8], solution: &[u8]) {
        assert_eq!(solution.len(), 81);
        for (k, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
            assert!((1..=9).contains(&s), "cell {k} holds {s}");
            assert!(p == 0 || p == s, "given {p} of cell {k} became {s}");
        }
        for h in houses {
            let digits: HashSet<u8> = h.iter().map(|&k| solution[k]).collect();
            assert_eq!(digits.len(), h.len(), "a digit twice in {h:?}");
        }
    }

    /// Both paths on one shape: the band path and the general engine.
    fn both(shape: &Shape) -> (Bitboard, Bitboard) {
        let nine = Nine::new(shape).expect("9×9 with boxes");
        (
            Bitboard::Classic(Arc::new(nine)),
            Bitboard::Nine(Arc::new(Layout::new(shape))),
        )
    }

    /// Every solution, as a set, and whether the search ended.
    fn all(b: &Bitboard, puzzle: &[u8], at_most: usize) -> Option<HashSet<Vec<u8>>> {
        let mut s = b.solutions(puzzle, limits()).expect("no clash");
        let mut out = HashSet::new();
        while out.len() < at_most {
            match s.next_values() {
                Ok(v) => assert!(out.insert(v), "a solution twice"),
                Err(None) => return Some(out),
                Err(Some(why)) => panic!("stopped: {why:?}"),
            }
        }
        None
    }

    #[test]
    fn only_boxed_nine_takes_the_band_path() {
        assert!(Nine::new(&Shape::classic()).is_some_and(|n| n.extra.is_none()));
        assert!(Nine::new(&Shape::classic().with_diagonals()).is_some_and(|n| n.extra.is_some()));
        assert!(Nine::new(&Shape::for_size(8).unwrap()).is_none());
        assert!(Nine::new(&Shape::latin(9).unwrap()).is_none());
        let jigsaw: Vec<usize> = (0..81).map(|k| k / 9).collect();
        assert!(Nine::new(&Shape::jigsaw(9, &jigsaw).unwrap()).is_none());
        assert!(matches!(
            Bitboard::new(&Shape::classic()),
            Some(Bitboard::Classic(_))
        ));
    }

    #[test]
    fn the_band_path_agrees_with_the_general_engine_on_tdokus_sample() {
        let shape = Shape::classic();
        let (band, general) = both(&shape);
        let rules = houses(&[]);
        let mut seen = 0;
        for puzzle in puzzles(SAMPLE) {
            let got = band.count(&puzzle, 2, limits()).expect("no clash");
            let want = general.count(&puzzle, 2, limits()).expect("no clash");
            assert_eq!((got.solutions, got.stop), (want.solutions, want.stop));
            let first = band.first(&puzzle, limits()).expect("no clash");
            let solution = first.solution().expect("a solution");
            check(&rules, &puzzle, &solution);
            if got.solutions == 1 {
                assert_eq!(
                    Some(solution),
                    general.first(&puzzle, limits()).unwrap().solution()
                );
            }
            seen += 1;
        }
        assert_eq!(seen, 550);
    }

    #[test]
    fn the_band_path_finds_every_solution_of_sergs_puzzles() {
        let (band, general) = both(&Shape::classic());
        let rules = houses(&[]);
        let mut compared = 0;
        for puzzle in puzzles(SERG).take(30) {
            let count = band.count(&puzzle, u64::MAX, limits()).unwrap();
            let want = general.count(&puzzle, u64::MAX, limits()).unwrap();
            assert_eq!((count.solutions, count.stop), (want.solutions, None));
            assert!(count.solutions >= 2);
            // The solutions themselves where there are at most 500.
            let got = all(&band, &puzzle, 500);
            assert_eq!(got.is_some(), count.solutions <= 500);
            if let Some(got) = got {
                assert_eq!(Some(&got), all(&general, &puzzle, 500).as_ref());
                for s in &got {
                    check(&rules, &puzzle, s);
                }
                compared += 1;
            }
        }
        assert!(compared >= 10, "{compared}");
    }

    #[test]
    fn the_band_path_with_extra_houses_agrees_with_the_general_engine() {
        let diagonals = vec![
            (0..9).map(|i| 10 * i).collect::<Vec<_>>(),
            (0..9).map(|i| 9 * i + 8 - i).collect(),
        ];
        let windows: Vec<Vec<usize>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r, c)| (0..9).map(|j| 9 * (r + j / 3) + c + j % 3).collect())
            .collect();
        let short = vec![vec![0, 40, 80]];
        let cases = [
            (Shape::classic().with_diagonals(), diagonals),
            (Shape::classic().with_windows().unwrap(), windows),
            (
                Shape::classic()
                    .with_house([Cell::new(0, 0), Cell::new(4, 4), Cell::new(8, 8)])
                    .unwrap(),
                short,
            ),
        ];
        for (shape, extra) in cases {
            let (band, general) = both(&shape);
            let rules = houses(&extra);
            // The empty grid's first 40 solutions on the band path, each checked; then
            // each of those grids with its cells kept one in `keep`: both paths find the
            // same solutions.
            let mut s = band.solutions(&[0; 81], limits()).unwrap();
            for n in 0..40 {
                let full = s.next_values().expect("many grids");
                check(&rules, &[0; 81], &full);
                let keep = 2 + n % 4;
                let puzzle: Vec<u8> = full
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| if (k * 7 + n) % keep == 0 { v } else { 0 })
                    .collect();
                let got = all(&band, &puzzle, 200);
                let want = all(&general, &puzzle, 200);
                if let (Some(got), Some(want)) = (&got, &want) {
                    assert_eq!(got, want);
                    assert!(got.contains(&full));
                    for g in got {
                        check(&rules, &puzzle, g);
                    }
                }
                let got = band.count(&puzzle, 200, limits()).unwrap();
                let want = general.count(&puzzle, 200, limits()).unwrap();
                assert_eq!((got.solutions, got.stop), (want.solutions, want.stop));
            }
        }
    }

    #[test]
    fn clashes_none_and_budgets() {
        let (band, _) = both(&Shape::classic());
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert!(band.count(&clash, 2, limits()).is_none());
        // Two givens that leave r1c9 no digit: no solution, a complete answer.
        let mut none = [0u8; 81];
        none[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        none[80] = 9; // r9c9 holds 9: r1c9 has no digit left
        let count = band.count(&none, 2, limits()).unwrap();
        assert_eq!((count.solutions, count.stop), (0, None));
        let tight = BitboardLimits {
            nodes: 1,
            cancel: None,
        };
        let count = band.count(&[0; 81], 2, tight).unwrap();
        assert_eq!(
            (count.solutions, count.stop),
            (0, Some(StopReason::NodeBudget))
        );
    }
}
