//! Warnsdorff's rule with backtracking, without recursion.
//!
//! From the current square the knight tries the unvisited squares it can reach,
//! fewest onward moves first ("onward moves" counts the unvisited squares a
//! candidate can reach, with the current square already visited); ties keep
//! [`KNIGHT_MOVES`](super::KNIGHT_MOVES) order. When every square is visited
//! the walk is accepted, or for a closed tour only if the last square is a
//! knight's move from the first. When the knight is stuck, or a full walk does
//! not close, the search backtracks to the most recent square with an untried
//! candidate. The path and the candidate lists live on an explicit stack, so
//! boards of any size are safe from stack overflow.

use super::board::{neighbour_table, Neighbours, Square, TourBoard, KNIGHT_MOVES};
use super::error::{StartReason, TourError};
use super::forced::ForcedEdges;
use super::path::{Closure, Tour};

/// A default limit on knight moves tried by a search, enough for every board
/// up to 12 × 12 and the base boards of the divide-and-conquer construction.
pub const DEFAULT_SEARCH_STEPS: u64 = 20_000_000;

/// What a search came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A tour, as row-major square indices in order.
    Found(Vec<u32>),
    /// Every possibility was tried: no tour exists with these constraints.
    Exhausted { steps: u64 },
    /// The step limit was reached first.
    OutOfSteps { steps: u64 },
}

/// A search problem: board, start, closure, optional forced edges, step limit.
pub(crate) struct Search<'a> {
    pub(crate) board: TourBoard,
    pub(crate) start: u32,
    pub(crate) closed: bool,
    pub(crate) forced: Option<&'a ForcedEdges>,
    pub(crate) max_steps: u64,
    /// The tie-break order of the moves.
    pub(crate) moves: [(isize, isize); 8],
}

/// One level of the explicit stack: the square and its ordered candidates.
struct Frame {
    square: u32,
    candidates: [u32; 8],
    len: u8,
    next: u8,
    /// The move onto `square` joined two inner-line squares of a 4-wide board.
    inner_pair: bool,
}

impl Search<'_> {
    /// Runs the search.
    pub(crate) fn run(&self) -> Outcome {
        let n = self.board.area();
        let table = neighbour_table(self.board, &self.moves);
        let visited = vec![false; n];
        let onward: Vec<u8> = table.iter().map(|t| t.len).collect();
        let mut path: Vec<u32> = Vec::with_capacity(n);
        let mut frames: Vec<Frame> = Vec::with_capacity(n);
        let mut steps = 0u64;

        let mut counts = Counts::default();
        for (sq, &d) in onward.iter().enumerate() {
            counts.add(d, !visited[sq]);
        }
        let mut state = State {
            visited,
            onward,
            counts,
            inner_pairs: 0,
        };

        state.visit(self.start, &table);
        path.push(self.start);
        if n == 1 {
            return if self.closed {
                Outcome::Exhausted { steps }
            } else {
                Outcome::Found(path)
            };
        }
        frames.push(self.frame(self.start, None, &path, &state, &table));

        while let Some(top) = frames.last_mut() {
            if top.next < top.len {
                let next = top.candidates[usize::from(top.next)];
                top.next += 1;
                if steps == self.max_steps {
                    return Outcome::OutOfSteps { steps };
                }
                steps += 1;
                let prev = top.square;
                let inner_pair = self.is_inner(prev) && self.is_inner(next);
                state.visit(next, &table);
                state.inner_pairs += usize::from(inner_pair);
                path.push(next);
                let done = path.len() == n;
                if done && self.accepts_end(next) {
                    return Outcome::Found(path);
                }
                if done || !self.feasible(next, path.len(), &state, &table) {
                    path.pop();
                    state.unvisit(next, &table);
                    state.inner_pairs -= usize::from(inner_pair);
                    continue;
                }
                let mut frame = self.frame(next, Some(prev), &path, &state, &table);
                frame.inner_pair = inner_pair;
                frames.push(frame);
            } else {
                let (square, inner_pair) = (top.square, top.inner_pair);
                frames.pop();
                path.pop();
                state.unvisit(square, &table);
                state.inner_pairs -= usize::from(inner_pair);
            }
        }
        Outcome::Exhausted { steps }
    }

    /// Whether a tour can still be completed with the knight on `current` and
    /// `placed` squares visited. Only cuts branches without solutions, so the
    /// search finds the same first tour as without it.
    fn feasible(&self, current: u32, placed: usize, state: &State, table: &[Neighbours]) -> bool {
        let n = self.board.area();
        // Unvisited neighbours of `current` with no / at most one onward move.
        let (mut near0, mut near1) = (0, 0);
        for &x in table[current as usize].as_slice() {
            if !state.visited[x as usize] {
                let d = state.onward[x as usize];
                near0 += usize::from(d == 0);
                near1 += usize::from(d <= 1);
            }
        }
        // A square nobody can enter any more.
        if state.counts.zero > near0 {
            return false;
        }
        // A square that can only be entered now, and is then stuck.
        if near0 >= 2 || (near0 == 1 && placed + 1 < n) {
            return false;
        }
        // Squares that, once entered, are stuck must be the end: at most one.
        if state.counts.low - near1 > 1 {
            return false;
        }
        // A closed tour must be able to come back to the start.
        !(self.closed && state.onward[self.start as usize] == 0)
    }

    /// Whether `sq` is on one of the two inner lines of a board 4 wide. On such
    /// a board the outer squares only reach inner ones and there are as many
    /// of each, so in every open tour the squares pair up (outer, inner) up to
    /// one point and (inner, outer) after it: at most one move joins two inner
    /// squares. The search uses this to cut branches.
    fn is_inner(&self, sq: u32) -> bool {
        let at = self.board.square(sq);
        let inner = |x: usize| x == 1 || x == 2;
        match (self.board.rows(), self.board.cols()) {
            (4, c) if c >= 4 => inner(at.row),
            (r, 4) if r >= 4 => inner(at.col),
            _ => false,
        }
    }

    /// Whether a full walk ending at `last` is a tour.
    fn accepts_end(&self, last: u32) -> bool {
        !self.closed
            || crate::grid::is_knight_move(self.board.square(last), self.board.square(self.start))
    }

    /// The candidates from `square` (reached from `prev`), in Warnsdorff order.
    fn frame(
        &self,
        square: u32,
        prev: Option<u32>,
        path: &[u32],
        state: &State,
        table: &[Neighbours],
    ) -> Frame {
        let (visited, onward) = (&state.visited[..], &state.onward[..]);
        let mut frame = Frame {
            square,
            candidates: [0; 8],
            len: 0,
            next: 0,
            inner_pair: false,
        };
        // A forced partner other than where we came from must come next; at the
        // start of a closed tour one forced partner may instead be the last.
        let neighbours = || table[square as usize].as_slice().to_vec();
        let choices: Vec<u32> = match self.forced {
            None => neighbours(),
            Some(forced) => {
                let pending: Vec<u32> = forced
                    .partners(square)
                    .filter(|&p| Some(p) != prev)
                    .collect();
                let closed_start = prev.is_none() && self.closed;
                match (pending.len(), closed_start) {
                    (0, _) | (1, true) => neighbours(),
                    (1, false) | (2, true) => pending,
                    _ => Vec::new(),
                }
            }
        };
        let last = path.len() + 1 == self.board.area();
        let allowed: Vec<u32> = choices
            .into_iter()
            .filter(|&w| !visited[w as usize] && self.may_enter(w, square, last, visited))
            .filter(|&w| state.inner_pairs == 0 || !(self.is_inner(square) && self.is_inner(w)))
            .collect();
        push_sorted(&mut frame, &allowed, onward);
        frame
    }

    /// Whether the knight may step from `from` to `w` given `w`'s forced edges.
    fn may_enter(&self, w: u32, from: u32, last: bool, visited: &[bool]) -> bool {
        let Some(forced) = self.forced else {
            return true;
        };
        let mut others = forced.partners(w).filter(|&p| p != from);
        match (others.next(), others.next()) {
            (None, _) => true,
            (Some(_), Some(_)) => false,
            (Some(x), None) => !visited[x as usize] || (self.closed && last && x == self.start),
        }
    }
}

/// Appends `squares` to `frame`, fewest onward moves first, ties in the given
/// order (the sort is stable).
fn push_sorted(frame: &mut Frame, squares: &[u32], onward: &[u8]) {
    let mut list = squares.to_vec();
    list.sort_by_key(|&x| onward[x as usize]);
    for x in list {
        frame.candidates[usize::from(frame.len)] = x;
        frame.len += 1;
    }
}

/// Finds a tour of `board` from `start` by Warnsdorff's rule with
/// backtracking, trying at most `max_steps` knight moves.
///
/// With [`Closure::Closed`] a complete walk is only accepted when its last
/// square is a knight's move from `start`. On the 8 × 8 board from the
/// top-left corner this gives the classic closed tour that begins
/// `(0,0) (1,2) (0,4) (1,6)`.
///
/// Errors: [`TourError::StartOffBoard`]; [`TourError::NoTourFromStart`] when
/// the search tried everything (so no such tour exists);
/// [`TourError::SearchLimit`] when it ran out of steps.
///
/// ```
/// use dlx_sudoku::tour::{warnsdorff_tour, TourBoard, Closure, Square, DEFAULT_SEARCH_STEPS};
/// let board = TourBoard::new(8, 8)?;
/// let tour = warnsdorff_tour(board, Square::new(0, 0), Closure::Closed, DEFAULT_SEARCH_STEPS)?;
/// assert!(tour.is_reentrant());
/// assert_eq!(tour.squares()[1], Square::new(1, 2));
/// # Ok::<(), dlx_sudoku::tour::TourError>(())
/// ```
pub fn warnsdorff_tour(
    board: TourBoard,
    start: Square,
    closure: Closure,
    max_steps: u64,
) -> Result<Tour, TourError> {
    if !board.contains(start) {
        return Err(TourError::StartOffBoard {
            start,
            rows: board.rows(),
            cols: board.cols(),
        });
    }
    let search = Search {
        board,
        start: board.index(start),
        closed: closure == Closure::Closed,
        forced: None,
        max_steps,
        moves: KNIGHT_MOVES,
    };
    match search.run() {
        Outcome::Found(order) => Ok(Tour::from_indices(board, &order, closure)
            .expect("the search only returns walks that visit every square by knight moves")),
        Outcome::Exhausted { steps } => {
            match (closure, super::existence::tour_obstruction(board, closure)) {
                (_, Some(reason)) => Err(TourError::NoTour {
                    rows: board.rows(),
                    cols: board.cols(),
                    closure,
                    reason,
                }),
                (Closure::Open, None) => Err(TourError::NoTourFromStart {
                    rows: board.rows(),
                    cols: board.cols(),
                    start,
                    reason: StartReason::Exhausted { steps },
                }),
                (Closure::Closed, None) => unreachable!(
                    "a closed tour can be rotated to start anywhere, so exhausting the search \
                 contradicts Schwenk's theorem"
                ),
            }
        }
        Outcome::OutOfSteps { steps } => Err(TourError::SearchLimit {
            rows: board.rows(),
            cols: board.cols(),
            closure,
            start,
            steps,
        }),
    }
}

/// How many unvisited squares have no onward move (`zero`) and at most one
/// (`low`).
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    zero: usize,
    low: usize,
}

impl Counts {
    fn add(&mut self, onward: u8, unvisited: bool) {
        if unvisited {
            self.zero += usize::from(onward == 0);
            self.low += usize::from(onward <= 1);
        }
    }

    fn remove(&mut self, onward: u8, unvisited: bool) {
        if unvisited {
            self.zero -= usize::from(onward == 0);
            self.low -= usize::from(onward <= 1);
        }
    }
}

/// The search's board state: visited squares and onward-move counts.
struct State {
    visited: Vec<bool>,
    onward: Vec<u8>,
    counts: Counts,
    /// Moves on the path joining two inner squares of a 4-wide board.
    inner_pairs: usize,
}

impl State {
    fn visit(&mut self, sq: u32, table: &[Neighbours]) {
        self.counts.remove(self.onward[sq as usize], true);
        self.visited[sq as usize] = true;
        for &x in table[sq as usize].as_slice() {
            let x = x as usize;
            let unvisited = !self.visited[x];
            self.counts.remove(self.onward[x], unvisited);
            self.onward[x] -= 1;
            self.counts.add(self.onward[x], unvisited);
        }
    }

    fn unvisit(&mut self, sq: u32, table: &[Neighbours]) {
        for &x in table[sq as usize].as_slice() {
            let x = x as usize;
            let unvisited = !self.visited[x];
            self.counts.remove(self.onward[x], unvisited);
            self.onward[x] += 1;
            self.counts.add(self.onward[x], unvisited);
        }
        self.visited[sq as usize] = false;
        self.counts.add(self.onward[sq as usize], true);
    }
}

/// The `k`-th tie-break order for restarts: `KNIGHT_MOVES` for `k == 0`, then
/// fixed pseudo-random shuffles.
pub(crate) fn move_order(k: u64) -> [(isize, isize); 8] {
    let mut moves = KNIGHT_MOVES;
    let mut state = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    if k > 0 {
        for i in (1..moves.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            moves.swap(i, (state % (i as u64 + 1)) as usize);
        }
    }
    moves
}

/// A search with restarts: the first try from `start` (or, for a closed tour
/// with `start == None`, from square 0) with `KNIGHT_MOVES` and `first_steps`;
/// then tries with other tie-break orders, and for a closed tour other start
/// squares, `retry_steps` each, until `total_steps` are spent. A search that
/// runs to exhaustion proves there is no tour (a cycle passes through every
/// start) and stops.
pub(crate) fn search_with_restarts(
    board: TourBoard,
    start: Option<u32>,
    closed: bool,
    forced: Option<&ForcedEdges>,
    first_steps: u64,
    retry_steps: u64,
    total_steps: u64,
) -> Outcome {
    let n = board.area() as u64;
    let mut spent = 0u64;
    let mut attempt = 0u64;
    loop {
        let (from, moves) = match start {
            Some(s) => (s, move_order(attempt)),
            // Every start with the standard order first, then shuffled orders.
            None => ((attempt % n) as u32, move_order(attempt / n)),
        };
        let budget = if attempt == 0 {
            first_steps
        } else {
            retry_steps
        }
        .min(total_steps - spent);
        let search = Search {
            board,
            start: from,
            closed,
            forced,
            max_steps: budget,
            moves,
        };
        match search.run() {
            Outcome::Found(order) => return Outcome::Found(order),
            // The search is complete: no order or (for a cycle) start can help.
            Outcome::Exhausted { steps } => {
                return Outcome::Exhausted {
                    steps: spent + steps,
                }
            }
            Outcome::OutOfSteps { steps } => spent += steps,
        }
        attempt += 1;
        if spent >= total_steps {
            return Outcome::OutOfSteps { steps: spent };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::links::Links;

    fn run(board: TourBoard, start: Square, closed: bool, forced: Option<&ForcedEdges>) -> Outcome {
        Search {
            board,
            start: board.index(start),
            closed,
            forced,
            max_steps: DEFAULT_SEARCH_STEPS,
            moves: KNIGHT_MOVES,
        }
        .run()
    }

    #[test]
    fn move_orders_are_permutations() {
        assert_eq!(move_order(0), KNIGHT_MOVES);
        for k in 1..50 {
            let mut got = move_order(k).to_vec();
            got.sort_unstable();
            let mut want = KNIGHT_MOVES.to_vec();
            want.sort_unstable();
            assert_eq!(got, want);
        }
        assert_ne!(move_order(1), move_order(2));
    }

    #[test]
    fn forced_edges_end_up_in_the_tour() {
        let board = TourBoard::new(6, 6).unwrap();
        let s = |r, c| board.index(Square::new(r, c));
        let mut forced = ForcedEdges::new(36);
        for (a, b) in [
            (s(0, 4), s(2, 5)),
            (s(1, 0), s(3, 1)),
            (s(4, 0), s(5, 2)),
            (s(0, 1), s(1, 3)),
        ] {
            assert!(forced.add(a, b));
        }
        for closed in [true, false] {
            let Outcome::Found(order) = run(board, Square::new(2, 2), closed, Some(&forced)) else {
                panic!("no structured tour");
            };
            let closure = if closed {
                Closure::Closed
            } else {
                Closure::Open
            };
            Tour::from_indices(board, &order, closure).unwrap();
            let mut links = Links::new(36);
            links.add_walk(&order, closed, |i| i);
            for a in 0..36 {
                for b in forced.partners(a) {
                    assert!(links.has_edge(a, b), "{a}-{b}");
                }
            }
        }
    }

    #[test]
    fn impossible_forced_edges_exhaust() {
        // A corner's two moves plus a third forced edge at one of its
        // neighbours that leaves the corner no way in.
        let board = TourBoard::new(5, 6).unwrap();
        let s = |r, c| board.index(Square::new(r, c));
        let mut forced = ForcedEdges::new(30);
        assert!(forced.add(s(1, 2), s(3, 3)));
        assert!(forced.add(s(1, 2), s(2, 4)));
        assert!(matches!(
            run(board, Square::new(0, 0), true, Some(&forced)),
            Outcome::Exhausted { .. }
        ));
    }

    #[test]
    fn restarts_stop_on_exhaustion_and_budget() {
        let board = TourBoard::new(4, 4).unwrap();
        let outcome =
            search_with_restarts(board, Some(0), false, None, 1_000_000, 1000, 10_000_000);
        assert!(matches!(outcome, Outcome::Exhausted { .. }));
        let board = TourBoard::new(10, 10).unwrap();
        let outcome = search_with_restarts(board, None, true, None, 5, 5, 23);
        assert_eq!(outcome, Outcome::OutOfSteps { steps: 23 });
    }

    #[test]
    fn four_wide_pruning_keeps_every_start_that_has_a_tour() {
        // 4x5: by exhaustion every outer square starts an open tour.
        let board = TourBoard::new(4, 5).unwrap();
        for r in [0, 3] {
            for c in 0..5 {
                assert!(matches!(
                    run(board, Square::new(r, c), false, None),
                    Outcome::Found(_)
                ));
            }
        }
        for c in 0..5 {
            assert!(matches!(
                run(board, Square::new(1, c), false, None),
                Outcome::Exhausted { .. }
            ));
        }
    }
}
