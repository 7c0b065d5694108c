//! Long boards of width 3 or 4: a short board is solved by search with
//! *bands* of forced, periodic edges, then each band is stretched to the
//! length needed.
//!
//! A band pattern is a set of knight moves on the endless strip that repeats
//! every `period` columns and gives every square exactly two of them, with no
//! finite cycle: it is made of endless tracks. If every track repeats after
//! `stretch` columns, then adding `stretch` columns inside a band, filled with
//! the same pattern, connects the squares on either side exactly as before. So
//! one short search serves boards of any length, in linear time.

use super::board::{Square, TourBoard};
use super::error::TourError;
use super::existence::closed_tour_obstruction;
use super::forced::{ForcedEdges, NONE};
use super::links::Links;
use super::path::{Closure, Tour};
use super::warnsdorff::{search_with_restarts, Outcome};

/// A knight move between two squares given as `(row, column)`.
type Move = ((usize, usize), (usize, usize));

/// A periodic pattern of knight moves on an endless strip.
#[derive(Debug)]
pub(crate) struct Band {
    /// Rows of the strip.
    pub(crate) rows: usize,
    /// The pattern repeats every `period` columns.
    pub(crate) period: usize,
    /// Every track repeats after `stretch` columns (a multiple of `period`).
    pub(crate) stretch: usize,
    /// The moves from columns `0..period`; all others are these shifted by
    /// multiples of `period`.
    pub(crate) moves: &'static [Move],
}

/// Width 4: four zigzag tracks, rows 0/2 and 1/3; four moves cross each
/// column boundary.
pub(crate) const FOUR_ROWS: Band = Band {
    rows: 4,
    period: 1,
    stretch: 2,
    moves: &[
        ((0, 0), (2, 1)),
        ((2, 0), (0, 1)),
        ((1, 0), (3, 1)),
        ((3, 0), (1, 1)),
    ],
};

/// Width 3, tracks always moving right: five moves cross each column
/// boundary, so a path crosses the band an odd number of times.
pub(crate) const THREE_ROWS_ODD: Band = Band {
    rows: 3,
    period: 1,
    stretch: 5,
    moves: &[((0, 0), (1, 2)), ((1, 0), (2, 2)), ((2, 0), (0, 1))],
};

/// Width 3, four moves crossing each column boundary (so a closed tour can
/// cross the band).
pub(crate) const THREE_ROWS_EVEN: Band = Band {
    rows: 3,
    period: 2,
    stretch: 8,
    moves: &[
        ((0, 0), (1, 2)),
        ((0, 0), (2, 1)),
        ((0, 1), (1, 3)),
        ((1, 0), (2, 2)),
        ((1, 1), (2, 3)),
        ((2, 0), (0, 1)),
    ],
};

impl Band {
    /// The pattern's neighbours of `(row, col)` in the pattern's own column
    /// numbering.
    pub(crate) fn neighbours(&self, row: usize, col: usize) -> Vec<(usize, usize)> {
        let p = self.period;
        let mut out = Vec::with_capacity(2);
        for &((r1, c1), (r2, c2)) in self.moves {
            // The pattern's move shifted so that one end is on `col`.
            if row == r1 && col % p == c1 % p {
                out.push((r2, col + c2 - c1));
            }
            if row == r2 && col % p == c2 % p && col + c1 >= c2 {
                out.push((r1, col + c1 - c2));
            }
        }
        out
    }
}

/// The widest left cap that holds the start.
const MAX_CAP: usize = 16;

/// Base width of a band in the short board.
const BAND_WIDTH: usize = 4;
/// Step limits for one short-board search: first try, each restart, in all.
#[derive(Clone, Copy, Debug)]
struct Budget {
    first: u64,
    retry: u64,
    total: u64,
}

/// The budgets tried in turn for every layout.
const BUDGETS: [Budget; 2] = [
    Budget {
        first: 50_000,
        retry: 10_000,
        total: 100_000,
    },
    Budget {
        first: 1_000_000,
        retry: 100_000,
        total: 3_000_000,
    },
];

/// One piece of the short board, left to right.
#[derive(Clone, Copy, Debug)]
enum Piece {
    /// Free columns.
    Free(usize),
    /// A band of `BAND_WIDTH` columns, stretched by `extra` columns.
    Band(&'static Band, usize),
}

/// A short board cut into pieces, with the start's column on it.
#[derive(Clone, Debug)]
struct Layout {
    pieces: Vec<Piece>,
    start_col: usize,
}

/// A tour of a board with 3 or 4 rows and many columns, from `start`.
pub(crate) fn strip_tour(
    board: TourBoard,
    start: Square,
    closure: Closure,
) -> Result<Tour, TourError> {
    let cols = board.cols();
    if start.col > (cols - 1) / 2 {
        let mirrored = Square::new(start.row, cols - 1 - start.col);
        let tour = strip_tour(board, mirrored, closure)?;
        let squares = tour
            .squares()
            .iter()
            .map(|s| Square::new(s.row, cols - 1 - s.col))
            .collect();
        return Tour::new(board, squares, closure).map_err(|_| limit(board, start, closure, 0));
    }
    let has_closed = closed_tour_obstruction(board).is_none();
    let layouts = layouts(board, start.col, has_closed);
    // Every layout with a small budget first, then with a large one.
    for budget in BUDGETS {
        for layout in &layouts {
            if let Some(tour) = build(board, layout, start, closure, has_closed, budget) {
                return Ok(tour);
            }
        }
    }
    let tried = layouts.len() as u64;
    Err(limit(board, start, closure, tried))
}

/// The error after every layout failed: steps are an upper bound.
fn limit(board: TourBoard, start: Square, closure: Closure, layouts_tried: u64) -> TourError {
    TourError::SearchLimit {
        rows: board.rows(),
        cols: board.cols(),
        closure,
        start,
        steps: BUDGETS.iter().map(|b| b.total).sum::<u64>() * layouts_tried,
    }
}

/// Candidate layouts, most promising first.
fn layouts(board: TourBoard, start_col: usize, closed: bool) -> Vec<Layout> {
    let n = board.cols();
    let mut out = Vec::new();
    // Closes `pieces` with a right cap of at least `cap` columns, stretching the
    // last band so that the total is `n`.
    let finish = |mut pieces: Vec<Piece>, cap: usize, start_col: usize| -> Option<Layout> {
        let used: usize = pieces
            .iter()
            .map(|p| match p {
                Piece::Free(w) => *w,
                Piece::Band(_, extra) => BAND_WIDTH + extra,
            })
            .sum();
        let rest = n.checked_sub(used + cap)?;
        let band = pieces.iter().rposition(|p| matches!(p, Piece::Band(..)))?;
        let Piece::Band(kind, extra) = pieces[band] else {
            return None;
        };
        let more = rest / kind.stretch * kind.stretch;
        pieces[band] = Piece::Band(kind, extra + more);
        pieces.push(Piece::Free(cap + rest - more));
        Some(Layout { pieces, start_col })
    };
    let bands: &[&'static Band] = match (board.rows(), closed) {
        (4, _) => &[&FOUR_ROWS],
        (_, true) => &[&THREE_ROWS_EVEN],
        _ => &[&THREE_ROWS_ODD, &THREE_ROWS_EVEN],
    };
    if closed {
        // The left cap sets the right cap's width modulo the band's stretch.
        for left in 4..=10 {
            for cap in [5, 4, 6] {
                let pieces = vec![Piece::Free(left), Piece::Band(bands[0], 0)];
                out.extend(finish(pieces, cap, start_col));
            }
        }
    }
    for cap in [5, 4, 6] {
        if closed {
            break;
        }
        // Start in the left cap, which is widened step by step.
        let narrowest = cap.max(start_col + 2);
        for left in narrowest..=MAX_CAP.min(narrowest + 4) {
            for &band in bands {
                out.extend(finish(
                    vec![Piece::Free(left), Piece::Band(band, 0)],
                    cap,
                    start_col,
                ));
            }
        }
        // Start between two bands.
        for margin in [2, 3] {
            let low = cap + BAND_WIDTH + margin;
            let Some(above) = start_col.checked_sub(low) else {
                continue;
            };
            for &first in bands {
                for &second in bands {
                    let odd = |b: &Band| std::ptr::eq(b, &THREE_ROWS_ODD);
                    if odd(first) && odd(second) {
                        continue;
                    }
                    let extra = above / first.stretch * first.stretch;
                    let pieces = vec![
                        Piece::Free(cap),
                        Piece::Band(first, extra),
                        Piece::Free(2 * margin + first.stretch),
                        Piece::Band(second, 0),
                    ];
                    out.extend(finish(pieces, cap, start_col - extra));
                }
            }
        }
    }
    let mut unique: Vec<Layout> = Vec::with_capacity(out.len());
    for layout in out {
        if !unique.iter().any(|u| u.same_as(&layout)) {
            unique.push(layout);
        }
    }
    unique
}

impl Layout {
    fn same_as(&self, other: &Layout) -> bool {
        self.start_col == other.start_col
            && self.pieces.len() == other.pieces.len()
            && self
                .pieces
                .iter()
                .zip(&other.pieces)
                .all(|(a, b)| match (a, b) {
                    (Piece::Free(x), Piece::Free(y)) => x == y,
                    (Piece::Band(p, x), Piece::Band(q, y)) => std::ptr::eq(*p, *q) && x == y,
                    _ => false,
                })
    }
}

/// Solves the short board of `layout` and stretches it to `board`.
fn build(
    board: TourBoard,
    layout: &Layout,
    start: Square,
    closure: Closure,
    closed: bool,
    budget: Budget,
) -> Option<Tour> {
    let rows = board.rows();
    // Short-board and long-board column ranges of every piece.
    let mut short_at = 0;
    let mut long_at = 0;
    let mut spans = Vec::new();
    for piece in &layout.pieces {
        let (short, long) = match *piece {
            Piece::Free(w) => (w, w),
            Piece::Band(_, extra) => (BAND_WIDTH, BAND_WIDTH + extra),
        };
        spans.push((*piece, short_at, long_at, short, long));
        short_at += short;
        long_at += long;
    }
    debug_assert_eq!(long_at, board.cols());
    let short_board = TourBoard::new(rows, short_at).ok()?;
    let mut forced = ForcedEdges::new(short_board.area());
    for &(piece, from, _, width, _) in &spans {
        if let Piece::Band(band, _) = piece {
            if band.rows != rows {
                return None;
            }
            for col in from..from + width {
                for row in 0..rows {
                    for (r, c) in band.neighbours(row, col) {
                        if c >= short_at {
                            return None;
                        }
                        let a = short_board.index(Square::new(row, col));
                        if !forced.add(a, short_board.index(Square::new(r, c))) {
                            return None;
                        }
                    }
                }
            }
        }
    }
    let short_start = Square::new(start.row, layout.start_col);
    let search_start = (!closed).then(|| short_board.index(short_start));
    let outcome = search_with_restarts(
        short_board,
        search_start,
        closed,
        Some(&forced),
        budget.first,
        budget.retry,
        budget.total,
    );
    let Outcome::Found(order) = outcome else {
        return None;
    };
    let mut short_links = Links::new(short_board.area());
    short_links.add_walk(&order, closed, |i| i);

    let mut links = Links::new(board.area());
    for &(piece, short_from, long_from, _, long_width) in &spans {
        let shift = long_from - short_from;
        for col in long_from..long_from + long_width {
            for row in 0..rows {
                let here = board.index(Square::new(row, col));
                let slots = match piece {
                    Piece::Free(_) => {
                        let mine = short_board.index(Square::new(row, col - shift));
                        short_links.of(mine).map(|n| {
                            if n == NONE {
                                NONE
                            } else {
                                let s = short_board.square(n);
                                board.index(Square::new(s.row, s.col + shift))
                            }
                        })
                    }
                    Piece::Band(band, _) => {
                        let found = band.neighbours(row, col - shift);
                        if found.len() != 2 {
                            return None;
                        }
                        let at = |(r, c): (usize, usize)| board.index(Square::new(r, c + shift));
                        [at(found[0]), at(found[1])]
                    }
                };
                links.set(here, slots);
            }
        }
    }
    let walk = links.walk(board.index(start));
    Tour::from_indices(board, &walk, closure).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every band pattern gives each square two moves, and every track comes
    /// back to itself after `stretch` columns without closing a finite cycle.
    #[test]
    fn band_patterns_are_endless_tracks() {
        for band in [&FOUR_ROWS, &THREE_ROWS_ODD, &THREE_ROWS_EVEN] {
            let far = 20 * band.stretch * band.rows;
            for row in 0..band.rows {
                for col in 8..8 + band.period {
                    let nbrs = band.neighbours(row, col + far);
                    assert_eq!(nbrs.len(), 2, "{band:?} ({row},{col})");
                    for (r, c) in &nbrs {
                        assert!(crate::grid::is_knight_move(
                            Square::new(row, col + far),
                            Square::new(*r, *c)
                        ));
                    }
                    // Follow the track both ways; it must reach (row, col ± stretch) but
                    // never come back to where it began.
                    let begin = (row, col + far);
                    let mut hits = Vec::new();
                    for first in nbrs {
                        let (mut prev, mut cur) = (begin, first);
                        for _ in 0..4 * band.stretch * band.rows {
                            assert_ne!(cur, begin, "finite cycle in {band:?}");
                            if cur.0 == row && cur.1.abs_diff(begin.1) % band.stretch == 0 {
                                hits.push(cur.1.abs_diff(begin.1));
                            }
                            let next = band
                                .neighbours(cur.0, cur.1)
                                .into_iter()
                                .find(|&x| x != prev)
                                .unwrap();
                            prev = cur;
                            cur = next;
                        }
                    }
                    assert!(
                        hits.contains(&band.stretch),
                        "{band:?} ({row},{col}) {hits:?}"
                    );
                }
            }
        }
    }
}
