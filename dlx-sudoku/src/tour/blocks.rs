//! Divide and conquer for boards whose sides are both at least 5, after
//! Parberry (1997): the board is cut into blocks with sides from 5 to 11, each
//! block gets a *structured* tour (one that contains the few edges near its
//! corners that the joins need), and neighbouring tours are joined by swapping
//! one edge of each for two edges across the seam. Linear time apart from the
//! handful of base tours, which are found once by the Warnsdorff search with
//! forced edges and cached.
//!
//! Joins (local coordinates, block `h` × `w`):
//! - left block `A`, right block `B`: remove `A(0,w-2)–A(2,w-1)` and
//!   `B(1,0)–B(3,1)`, add `A(0,w-2)–B(1,0)` and `A(2,w-1)–B(3,1)`;
//! - upper block `U`, lower block `D`: the same turned on its side: remove
//!   `U(h-2,0)–U(h-1,2)` and `D(0,1)–D(1,3)`, add `U(h-2,0)–D(0,1)` and
//!   `U(h-1,2)–D(1,3)`.
//!
//! Blocks are joined along a comb: each block row left to right, and the
//! first column top to bottom, so no edge serves two joins. Removing one edge
//! from each of two cycles and adding the two cross edges gives one cycle; a
//! path (the block holding the start of an open tour) joined to a cycle stays a
//! path with the same ends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Square, TourBoard};
use super::error::TourError;
use super::existence::closed_tour_obstruction;
use super::forced::ForcedEdges;
use super::links::Links;
use super::path::{Closure, Tour};
use super::warnsdorff::{search_with_restarts, Outcome};

/// The block has a neighbour on its right.
const RIGHT: u8 = 1;
/// The block has a neighbour on its left.
const LEFT: u8 = 2;
/// The block has a neighbour below (first block column only).
const DOWN: u8 = 4;
/// The block has a neighbour above (first block column only).
const UP: u8 = 8;

/// Step limit for the first try of a base-tour search.
const BASE_STEPS: u64 = 1_000_000;
/// Step limit for each later try (other start squares and tie-break orders).
const RETRY_STEPS: u64 = 200_000;
/// Step limit for one base tour in all.
const TOTAL_STEPS: u64 = 20_000_000;

/// The edges a block must contain for its joins, in local coordinates.
pub(crate) fn join_edges(rows: usize, cols: usize, joins: u8) -> Vec<(Square, Square)> {
    let s = Square::new;
    let mut edges = Vec::new();
    if joins & RIGHT != 0 {
        edges.push((s(0, cols - 2), s(2, cols - 1)));
    }
    if joins & LEFT != 0 {
        edges.push((s(1, 0), s(3, 1)));
    }
    if joins & DOWN != 0 {
        edges.push((s(rows - 2, 0), s(rows - 1, 2)));
    }
    if joins & UP != 0 {
        edges.push((s(0, 1), s(1, 3)));
    }
    edges
}

/// A base tour: block size, joins, and the start for an open block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct BaseKey {
    rows: usize,
    cols: usize,
    joins: u8,
    open_start: Option<Square>,
}

type BaseCache = Mutex<HashMap<BaseKey, Option<Arc<[u32]>>>>;

/// Base tours found so far (or known not to be found within the step limit).
fn cache() -> &'static BaseCache {
    static CACHE: OnceLock<BaseCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The structured tour for `key` as local row-major indices, from the cache or
/// found now.
fn base_tour(key: BaseKey) -> Option<Arc<[u32]>> {
    if let Some(found) = cache().lock().expect("base-tour cache").get(&key) {
        return found.clone();
    }
    let found = search_base(key).map(Arc::from);
    cache()
        .lock()
        .expect("base-tour cache")
        .insert(key, found.clone());
    found
}

/// Searches a structured tour for `key`.
fn search_base(key: BaseKey) -> Option<Vec<u32>> {
    let board = TourBoard::new(key.rows, key.cols).ok()?;
    let mut forced = ForcedEdges::new(board.area());
    for (a, b) in join_edges(key.rows, key.cols, key.joins) {
        if !forced.add(board.index(a), board.index(b)) {
            return None;
        }
    }
    let start = key.open_start.map(|s| board.index(s));
    match search_with_restarts(
        board,
        start,
        start.is_none(),
        Some(&forced),
        BASE_STEPS,
        RETRY_STEPS,
        TOTAL_STEPS,
    ) {
        Outcome::Found(order) => Some(order),
        Outcome::Exhausted { .. } | Outcome::OutOfSteps { .. } => None,
    }
}

/// Whether `len` can be cut into parts of 6, 8 and 10.
fn evens_ok(len: usize) -> bool {
    len == 0 || (len >= 6 && len % 2 == 0)
}

/// Cuts an even `len` (0 or at least 6) into parts of 6, 8 and 10.
fn evens(mut len: usize) -> Vec<usize> {
    let mut parts = Vec::new();
    while len > 10 {
        let part = if len - 8 >= 6 { 8 } else { 6 };
        parts.push(part);
        len -= part;
    }
    if len > 0 {
        parts.push(len);
    }
    parts
}

/// Ways to cut a side of length `len` (at least 5) into block sides from 5 to
/// 11 with at most one odd part; if `cover` is given the odd part must contain
/// that coordinate. Best first.
pub(crate) fn partitions(len: usize, cover: Option<usize>) -> Vec<Vec<usize>> {
    if len <= 11 {
        return vec![vec![len]];
    }
    if len % 2 == 0 {
        return vec![evens(len)];
    }
    let mut found = Vec::new();
    for odd in [7, 9, 5, 11] {
        match cover {
            None => {
                if evens_ok(len - odd) {
                    let mut parts = evens(len - odd);
                    parts.push(odd);
                    found.push(parts);
                }
            }
            Some(at) => {
                // Prefixes closest to centring the odd part on `at` first.
                let mut prefixes: Vec<usize> = (0..=at.min(len - odd))
                    .filter(|&p| at < p + odd && evens_ok(p) && evens_ok(len - odd - p))
                    .collect();
                prefixes.sort_by_key(|&p| (2 * (at - p)).abs_diff(odd - 1));
                for prefix in prefixes.into_iter().take(3) {
                    let mut parts = evens(prefix);
                    parts.push(odd);
                    parts.extend(evens(len - odd - prefix));
                    found.push(parts);
                }
            }
        }
    }
    found
}

/// Running offsets of `parts`.
fn offsets(parts: &[usize]) -> Vec<usize> {
    parts
        .iter()
        .scan(0, |acc, &p| {
            let at = *acc;
            *acc += p;
            Some(at)
        })
        .collect()
}

/// A tour of `board` (both sides at least 5) from `start` by divide and
/// conquer. Boards with a closed tour get one (walked from `start` whatever
/// `closure` says); the others (both sides odd) get an open tour whose start
/// block is searched from `start`.
pub(crate) fn divide_and_conquer(
    board: TourBoard,
    start: Square,
    closure: Closure,
) -> Result<Tour, TourError> {
    let has_closed = closed_tour_obstruction(board).is_none();
    let (row_cover, col_cover) = if has_closed {
        (None, None)
    } else {
        (Some(start.row), Some(start.col))
    };
    for rows in partitions(board.rows(), row_cover) {
        for cols in partitions(board.cols(), col_cover) {
            if let Some(tour) = assemble(board, &rows, &cols, start, closure, has_closed) {
                return Ok(tour);
            }
        }
    }
    Err(TourError::SearchLimit {
        rows: board.rows(),
        cols: board.cols(),
        closure,
        start,
        steps: TOTAL_STEPS,
    })
}

/// Lays the blocks `rows` × `cols`, joins them and walks the result from
/// `start`. `None` if a base tour was not found.
fn assemble(
    board: TourBoard,
    rows: &[usize],
    cols: &[usize],
    start: Square,
    closure: Closure,
    closed_blocks: bool,
) -> Option<Tour> {
    let (row_at, col_at) = (offsets(rows), offsets(cols));
    let (nr, nc) = (rows.len(), cols.len());
    let mut links = Links::new(board.area());
    let global = |bi: usize, bj: usize, local: Square| {
        board.index(Square::new(row_at[bi] + local.row, col_at[bj] + local.col))
    };
    for bi in 0..nr {
        for bj in 0..nc {
            let mut joins = 0;
            if bj + 1 < nc {
                joins |= RIGHT;
            }
            if bj > 0 {
                joins |= LEFT;
            }
            if bj == 0 && bi + 1 < nr {
                joins |= DOWN;
            }
            if bj == 0 && bi > 0 {
                joins |= UP;
            }
            let holds_start = (row_at[bi]..row_at[bi] + rows[bi]).contains(&start.row)
                && (col_at[bj]..col_at[bj] + cols[bj]).contains(&start.col);
            let open_start = (!closed_blocks && holds_start)
                .then(|| Square::new(start.row - row_at[bi], start.col - col_at[bj]));
            let key = BaseKey {
                rows: rows[bi],
                cols: cols[bj],
                joins,
                open_start,
            };
            let order = base_tour(key)?;
            let local = TourBoard::new(rows[bi], cols[bj]).ok()?;
            links.add_walk(&order, open_start.is_none(), |i| {
                global(bi, bj, local.square(i))
            });
        }
    }
    let s = Square::new;
    for bi in 0..nr {
        for (bj, &w) in cols.iter().enumerate().take(nc - 1) {
            let a = (global(bi, bj, s(0, w - 2)), global(bi, bj, s(2, w - 1)));
            let b = (global(bi, bj + 1, s(1, 0)), global(bi, bj + 1, s(3, 1)));
            if !links.swap_join(a, b) {
                return None;
            }
        }
    }
    for (bi, &h) in rows.iter().enumerate().take(nr - 1) {
        let u = (global(bi, 0, s(h - 2, 0)), global(bi, 0, s(h - 1, 2)));
        let d = (global(bi + 1, 0, s(0, 1)), global(bi + 1, 0, s(1, 3)));
        if !links.swap_join(u, d) {
            return None;
        }
    }
    let order = links.walk(board.index(start));
    Tour::from_indices(board, &order, closure).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_length() {
        for len in 5..200 {
            for parts in partitions(len, None) {
                assert_eq!(parts.iter().sum::<usize>(), len);
                assert!(
                    parts.iter().all(|&p| (5..=11).contains(&p)),
                    "{len}: {parts:?}"
                );
                assert!(parts.iter().filter(|&&p| p % 2 == 1).count() <= 1);
            }
        }
    }

    #[test]
    fn odd_part_covers_the_start() {
        for len in (13..120).step_by(2) {
            for at in 0..len {
                let all = partitions(len, Some(at));
                assert!(!all.is_empty(), "{len} {at}");
                for parts in all {
                    assert_eq!(parts.iter().sum::<usize>(), len);
                    let starts = offsets(&parts);
                    let i = parts.iter().position(|&p| p % 2 == 1).unwrap();
                    assert!(
                        (starts[i]..starts[i] + parts[i]).contains(&at),
                        "{len} {at} {parts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn base_tours_contain_their_join_edges() {
        for (rows, cols) in [(6, 6), (6, 8), (8, 10), (5, 6), (7, 10)] {
            let key = BaseKey {
                rows,
                cols,
                joins: RIGHT | LEFT | DOWN | UP,
                open_start: None,
            };
            let order = base_tour(key).expect("structured base tour");
            let board = TourBoard::new(rows, cols).unwrap();
            let mut links = Links::new(board.area());
            links.add_walk(&order, true, |i| i);
            for (a, b) in join_edges(rows, cols, key.joins) {
                assert!(
                    links.has_edge(board.index(a), board.index(b)),
                    "{rows}x{cols}: {a}-{b}"
                );
            }
            Tour::from_indices(board, &order, Closure::Closed).unwrap();
        }
    }
}
