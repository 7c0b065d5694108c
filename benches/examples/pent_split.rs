//! How much of the pentominoes' 6×10 search a memo could ever share, and what counting by
//! inclusion–exclusion over some of the pieces costs (issue 21; not a benchmark, see
//! docs/counting.md, "Why pent6x10 misses"):
//! `cargo run --profile bench -p benches --example pent_split -- K [ROWSxCOLS]`.
//!
//! The board's squares are taken column by column, the first uncovered square is always
//! the one covered next (the memo's `first` order), and a sub-problem is the set of covered
//! squares plus the set of the first `K` pieces used. The other `12 - K` pieces may be used
//! any number of times while the sweep runs; each sub-problem then carries a vector of
//! `2^(12-K)` counts, one for each subset `S` of those pieces (tilings using only pieces
//! of `S`), and inclusion–exclusion over `S` keeps the tilings that use each of them at
//! least once. A tiling of 60 squares has 12 pieces, so with the first `K` each used once
//! the other `12 - K` are each used exactly once: the result is the packing count.
//!
//! `K = 12` is the memo's own key: the program prints how many sub-problems can be
//! reached and how many of them have a solution below them (are *live*). Counts are kept
//! modulo 2^64; the result is exact because it is at most the count with every piece
//! allowed any number of times, which is checked to be below 2^64.

use std::collections::HashMap;
use std::time::Instant;

use dlx_core::OptionId;
use dlx_sudoku::polyomino::{Packing, PolyominoBoard, SymmetryBreaking};

/// One placement: the squares it covers (bit `col * rows + row`) and its piece.
#[derive(Clone, Copy)]
struct Place {
    mask: u64,
    piece: usize,
}

/// A sub-problem: covered squares, and the tracked pieces used (bits `0..K`).
type Key = (u64, u32);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tracked: usize = args.first().map_or(12, |a| a.parse().expect("K: 0..=12"));
    let board: PolyominoBoard = args
        .get(1)
        .map_or("6x10", String::as_str)
        .parse()
        .expect("a board such as 6x10");
    let packing = Packing::pentominoes(board, SymmetryBreaking::None).expect("a packing");
    let rows = packing.board().rows();
    let squares = packing.board().num_cells();
    assert!(
        squares <= 64 && squares % 5 == 0,
        "at most 64 squares, 5 per piece"
    );
    let pieces = packing.pieces().len();
    assert!(tracked <= pieces);
    let free = pieces - tracked;
    let subsets = 1usize << free;
    let full = if squares == 64 {
        u64::MAX
    } else {
        (1u64 << squares) - 1
    };

    // Placements by their first square in the sweep.
    let mut by_first: Vec<Vec<Place>> = vec![Vec::new(); squares];
    for o in 0..packing.problem().num_options() as u32 {
        let p = packing
            .placement(OptionId::new(o))
            .expect("every option is a placement");
        let mask = p
            .cells
            .iter()
            .fold(0u64, |m, c| m | 1 << (c.col * rows + c.row));
        by_first[mask.trailing_zeros() as usize].push(Place {
            mask,
            piece: p.piece,
        });
    }

    // Forward: the sub-problems reachable at each level (pieces placed), and the moves.
    let start = Instant::now();
    let levels = squares / 5;
    let mut states: Vec<Vec<Key>> = vec![vec![(0, 0)]];
    let mut moves: Vec<Vec<(u32, u32, u8)>> = Vec::new();
    for level in 0..levels {
        let mut next: Vec<Key> = Vec::new();
        let mut index: HashMap<Key, u32> = HashMap::new();
        let mut edges = Vec::new();
        for (from, &(covered, used)) in states[level].iter().enumerate() {
            for place in &by_first[(!covered).trailing_zeros() as usize] {
                if place.mask & covered != 0 {
                    continue;
                }
                let used = if place.piece < tracked {
                    if used >> place.piece & 1 == 1 {
                        continue;
                    }
                    used | 1 << place.piece
                } else {
                    used
                };
                let key = (covered | place.mask, used);
                let to = *index.entry(key).or_insert_with(|| {
                    next.push(key);
                    (next.len() - 1) as u32
                });
                edges.push((from as u32, to, place.piece as u8));
            }
        }
        states.push(next);
        moves.push(edges);
    }
    let forward = start.elapsed();

    // Live sub-problems: those with a tiling below them.
    let all_tracked = ((1u64 << tracked) - 1) as u32;
    let mut live: Vec<Vec<bool>> = states
        .iter()
        .map(|level| vec![false; level.len()])
        .collect();
    for (i, &(covered, used)) in states[levels].iter().enumerate() {
        live[levels][i] = covered == full && used == all_tracked;
    }
    for level in (0..levels).rev() {
        for &(from, to, _) in &moves[level] {
            if live[level + 1][to as usize] {
                live[level][from as usize] = true;
            }
        }
    }
    let reachable: usize = states.iter().map(Vec::len).sum();
    let reachable_moves: usize = moves.iter().map(Vec::len).sum();
    let live_states: usize = live.iter().flatten().filter(|&&l| l).count();
    let live_moves: usize = (0..levels)
        .map(|l| {
            moves[l]
                .iter()
                .filter(|m| live[l + 1][m.1 as usize])
                .count()
        })
        .sum();

    // Backward over the live sub-problems, level by level: each carries one count per
    // subset of the free pieces (modulo 2^64), and a move by a free piece adds only to the
    // subsets that hold it.
    let start = Instant::now();
    let holds: Vec<Vec<u64>> = (0..free)
        .map(|p| {
            (0..subsets)
                .map(|s| if s >> p & 1 == 1 { u64::MAX } else { 0 })
                .collect()
        })
        .collect();
    let compact = |flags: &[bool]| -> (Vec<u32>, usize) {
        let mut n = 0;
        let ids = flags
            .iter()
            .map(|&l| {
                if l {
                    n += 1;
                    n as u32 - 1
                } else {
                    u32::MAX
                }
            })
            .collect();
        (ids, n)
    };
    let (mut ids, n) = compact(&live[levels]);
    let mut below = vec![1u64; n * subsets];
    // The count with every free piece allowed, exactly: it bounds the result.
    let mut bound = vec![1u128; n];
    for level in (0..levels).rev() {
        let (up_ids, n) = compact(&live[level]);
        let mut counts = vec![0u64; n * subsets];
        let mut up_bound = vec![0u128; n];
        for &(from, to, piece) in &moves[level] {
            let child = ids[to as usize];
            if child == u32::MAX {
                continue;
            }
            let parent = up_ids[from as usize] as usize;
            up_bound[parent] = up_bound[parent]
                .checked_add(bound[child as usize])
                .expect("counts below 2^128");
            let child = &below[child as usize * subsets..][..subsets];
            let at = parent * subsets;
            let dst = &mut counts[at..at + subsets];
            let piece = piece as usize;
            if piece < tracked {
                for (d, c) in dst.iter_mut().zip(child) {
                    *d = d.wrapping_add(*c);
                }
            } else {
                for ((d, c), m) in dst.iter_mut().zip(child).zip(&holds[piece - tracked]) {
                    *d = d.wrapping_add(c & m);
                }
            }
        }
        below = counts;
        bound = up_bound;
        ids = up_ids;
    }
    assert!(
        bound[0] < 1 << 64,
        "the count modulo 2^64 is exact only below 2^64"
    );
    let root = &below[..subsets];
    let mut total = 0u64;
    for (s, &count) in root.iter().enumerate() {
        if (free as u32 - (s as u32).count_ones()) % 2 == 0 {
            total = total.wrapping_add(count);
        } else {
            total = total.wrapping_sub(count);
        }
    }
    let backward = start.elapsed();
    println!(
        "{}x{} K={tracked}: {reachable} sub-problems reachable ({reachable_moves} moves), \
         {live_states} live ({live_moves} moves); {total} packings; \
         forward {forward:.2?}, backward ({subsets} counts each) {backward:.2?}",
        rows,
        squares / rows,
    );
}
