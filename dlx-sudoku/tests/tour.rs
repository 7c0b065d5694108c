//! Integration tests for knight's tours. Every tour is checked with the
//! independent verifier `verify_tour`.

use std::time::{Duration, Instant};

use dlx_sudoku::tour::{
    closed_tour_obstruction, find_tour, open_tour_obstruction, start_obstruction, tour_obstruction,
    verify_tour, warnsdorff_tour, Closure, NoTourReason, Square, StartReason, SvgOptions, Tour,
    TourBoard, TourError, TourOptions, DEFAULT_SEARCH_STEPS, KNIGHT_MOVES,
};

const REFERENCE_8X8: &str = concat!(
    " 1 16 51 34  3 18 21 36\n",
    "50 33  2 17 52 35  4 19\n",
    "15 64 49 56 45 20 37 22\n",
    "32 55 44 63 48 53 42  5\n",
    "61 14 57 54 43 46 23 38\n",
    "28 31 62 47 58 41  6  9\n",
    "13 60 29 26 11  8 39 24\n",
    "30 27 12 59 40 25 10  7\n",
);

fn board(rows: usize, cols: usize) -> TourBoard {
    TourBoard::new(rows, cols).unwrap()
}

fn sq(row: usize, col: usize) -> Square {
    Square::new(row, col)
}

/// Verifies `tour` independently and checks its start.
fn check(tour: &Tour, closure: Closure, start: Square) {
    assert_eq!(verify_tour(tour.board(), tour.squares(), closure), Ok(()));
    assert_eq!(tour.start(), start);
    assert_eq!(tour.squares().len(), tour.board().area());
    if closure == Closure::Closed {
        assert!(tour.is_reentrant());
    }
}

/// Knight neighbours of every square, row-major, in `KNIGHT_MOVES` order.
fn neighbours(b: TourBoard) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for r in 0..b.rows() as isize {
        for c in 0..b.cols() as isize {
            let mut list = Vec::new();
            for (dr, dc) in KNIGHT_MOVES {
                let (x, y) = (r + dr, c + dc);
                if x >= 0 && y >= 0 && (x as usize) < b.rows() && (y as usize) < b.cols() {
                    list.push(x as usize * b.cols() + y as usize);
                }
            }
            all.push(list);
        }
    }
    all
}

/// Plain Warnsdorff with backtracking, written independently of the library
/// (no pruning, recursion-free): the reference for the exact variant.
fn reference_warnsdorff(
    b: TourBoard,
    start: Square,
    closed: bool,
    limit: u64,
) -> Option<Vec<Square>> {
    let nb = neighbours(b);
    let n = b.area();
    let s = start.row * b.cols() + start.col;
    let mut visited = vec![false; n];
    visited[s] = true;
    let order = |u: usize, visited: &[bool]| {
        let mut c: Vec<usize> = nb[u].iter().copied().filter(|&x| !visited[x]).collect();
        c.sort_by_key(|&x| nb[x].iter().filter(|&&y| !visited[y]).count());
        c
    };
    let mut stack = vec![(s, order(s, &visited), 0usize)];
    let mut steps = 0;
    loop {
        let len = stack.len();
        let (u, ref cands, i) = *stack.last_mut()?;
        if len == n {
            if !closed || nb[u].contains(&s) {
                let squares = stack
                    .iter()
                    .map(|&(x, _, _)| sq(x / b.cols(), x % b.cols()))
                    .collect();
                return Some(squares);
            }
        } else if i < cands.len() {
            let w = cands[i];
            stack.last_mut().unwrap().2 += 1;
            steps += 1;
            if steps > limit {
                return None;
            }
            visited[w] = true;
            let c = order(w, &visited);
            stack.push((w, c, 0));
            continue;
        }
        let (u, _, _) = stack.pop().unwrap();
        visited[u] = false;
    }
}

/// Exhaustive check, independent of the library: is there a knight's path
/// (a cycle if `closed`) through every square, starting at `start` if given?
fn brute_force(b: TourBoard, start: Option<usize>, closed: bool) -> bool {
    let nb = neighbours(b);
    let n = b.area();
    let starts: Vec<usize> = match start {
        Some(s) => vec![s],
        None if closed => vec![0],
        None => (0..n).collect(),
    };
    for s in starts {
        let mut visited = vec![false; n];
        visited[s] = true;
        let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
        while let Some(&(u, i)) = stack.last() {
            if stack.len() == n && (!closed || nb[u].contains(&s)) {
                return true;
            }
            if i < nb[u].len() {
                let w = nb[u][i];
                stack.last_mut().unwrap().1 += 1;
                if !visited[w] {
                    visited[w] = true;
                    stack.push((w, 0));
                }
            } else {
                visited[u] = false;
                stack.pop();
            }
        }
    }
    false
}

#[test]
fn closed_8x8_warnsdorff_is_the_reference_grid() {
    let tour =
        warnsdorff_tour(board(8, 8), sq(0, 0), Closure::Closed, DEFAULT_SEARCH_STEPS).unwrap();
    check(&tour, Closure::Closed, sq(0, 0));
    assert_eq!(tour.to_text(), REFERENCE_8X8);
    // find_tour's first try on small boards is the same search.
    let tour = find_tour(board(8, 8), &TourOptions::closed()).unwrap();
    assert_eq!(tour.to_text(), REFERENCE_8X8);
    assert_eq!(tour.to_string(), REFERENCE_8X8);
}

#[test]
fn warnsdorff_matches_an_independent_plain_implementation() {
    for (m, n, start, closed) in [
        (8, 8, sq(0, 0), true),
        (6, 7, sq(0, 0), true),
        (6, 9, sq(0, 0), true),
        (7, 10, sq(0, 0), true),
        (5, 8, sq(0, 0), true),
        (5, 5, sq(0, 0), false),
        (7, 7, sq(3, 3), false),
        (8, 8, sq(4, 2), false),
        (3, 4, sq(0, 0), false),
        (12, 12, sq(5, 7), false),
    ] {
        let b = board(m, n);
        let closure = if closed {
            Closure::Closed
        } else {
            Closure::Open
        };
        let want =
            reference_warnsdorff(b, start, closed, 5_000_000).expect("reference finds a tour");
        let got = warnsdorff_tour(b, start, closure, DEFAULT_SEARCH_STEPS).unwrap();
        check(&got, closure, start);
        assert_eq!(got.squares(), &want[..], "{m}x{n} from {start}");
    }
}

#[test]
fn existence_theorems_agree_with_brute_force_on_small_boards() {
    for m in 1..=5 {
        for n in m..=8 {
            if m * n > 25 || (m == 5 && n > 5) {
                continue;
            }
            let b = board(m, n);
            let open = brute_force(b, None, false);
            let closed = brute_force(b, None, true);
            assert_eq!(open_tour_obstruction(b).is_none(), open, "open {m}x{n}");
            assert_eq!(
                closed_tour_obstruction(b).is_none(),
                closed,
                "closed {m}x{n}"
            );
            for (bb, kind, exists) in [
                (b, Closure::Open, open),
                (b.transposed(), Closure::Open, open),
                (b, Closure::Closed, closed),
            ] {
                let result = find_tour(
                    bb,
                    &TourOptions {
                        closure: Some(kind),
                        ..TourOptions::default()
                    },
                );
                match result {
                    Ok(tour) => {
                        assert!(exists, "{bb} {kind}");
                        check(&tour, kind, sq(0, 0));
                    }
                    Err(TourError::NoTour { reason, .. }) => {
                        assert!(!exists, "{bb} {kind}: {reason}")
                    }
                    Err(TourError::NoTourFromStart { .. }) => {
                        assert!(!brute_force(bb, Some(0), false), "{bb} from the corner")
                    }
                    Err(e) => panic!("{bb} {kind}: {e}"),
                }
            }
        }
    }
}

#[test]
fn every_start_square_on_small_open_boards() {
    for (m, n) in [(3, 4), (3, 7), (3, 8), (4, 5), (5, 5), (3, 9)] {
        let b = board(m, n);
        for r in 0..m {
            for c in 0..n {
                let start = sq(r, c);
                let result = find_tour(b, &TourOptions::open().with_start(start));
                let exists = brute_force(b, Some(r * n + c), false);
                match result {
                    Ok(tour) => {
                        assert!(exists);
                        check(&tour, Closure::Open, start);
                    }
                    Err(TourError::NoTourFromStart { reason, .. }) => {
                        assert!(!exists, "{m}x{n} from {start}: {reason}");
                    }
                    Err(e) => panic!("{m}x{n} from {start}: {e}"),
                }
            }
        }
    }
}

#[test]
fn closed_tours_on_every_board_up_to_sixteen() {
    for m in 3..=16 {
        for n in m..=16 {
            let b = board(m, n);
            let result = find_tour(b, &TourOptions::closed());
            match closed_tour_obstruction(b) {
                None => check(&result.unwrap(), Closure::Closed, sq(0, 0)),
                Some(reason) => assert_eq!(
                    result.unwrap_err(),
                    TourError::NoTour {
                        rows: m,
                        cols: n,
                        closure: Closure::Closed,
                        reason
                    }
                ),
            }
        }
    }
}

#[test]
fn default_tours_on_every_board_up_to_sixteen() {
    // Closed where Schwenk allows, open otherwise; both orientations.
    for m in 1..=16 {
        for n in 1..=16 {
            let b = board(m, n);
            let result = find_tour(b, &TourOptions::default());
            let want = if closed_tour_obstruction(b).is_none() {
                Some(Closure::Closed)
            } else if open_tour_obstruction(b).is_none() {
                Some(Closure::Open)
            } else {
                None
            };
            match (want, result) {
                (Some(kind), Ok(tour)) => {
                    assert_eq!(tour.closure(), kind);
                    check(&tour, kind, sq(0, 0));
                }
                (None, Err(TourError::NoTour { .. })) => {}
                (want, got) => panic!("{m}x{n}: wanted {want:?}, got {got:?}"),
            }
        }
    }
}

#[test]
fn starts_anywhere_on_medium_boards() {
    for (m, n) in [
        (3, 20),
        (4, 18),
        (5, 13),
        (7, 13),
        (13, 13),
        (10, 14),
        (3, 21),
        (21, 4),
    ] {
        let b = board(m, n);
        for r in 0..m {
            for c in (0..n).step_by(3) {
                let start = sq(r, c);
                let closure = if closed_tour_obstruction(b).is_none() {
                    Closure::Closed
                } else {
                    Closure::Open
                };
                for kind in [closure, Closure::Open] {
                    let result = find_tour(
                        b,
                        &TourOptions {
                            closure: Some(kind),
                            ..TourOptions::default()
                        }
                        .with_start(start),
                    );
                    match (start_obstruction(b, start), result) {
                        (None, Ok(tour)) => check(&tour, kind, start),
                        (Some(reason), Err(TourError::NoTourFromStart { reason: got, .. }))
                            if kind == Closure::Open =>
                        {
                            assert_eq!(reason, got)
                        }
                        (reason, result) => {
                            panic!("{m}x{n} {kind} from {start}: {reason:?} {result:?}")
                        }
                    }
                }
            }
        }
    }
}

/// Builds a tour, checks it and returns the time taken.
fn timed(m: usize, n: usize, options: TourOptions, closure: Closure) -> Duration {
    let t = Instant::now();
    let tour = find_tour(board(m, n), &options).unwrap();
    let elapsed = t.elapsed();
    check(&tour, closure, options.start);
    elapsed
}

#[test]
fn large_closed_tours_are_fast() {
    let hundred = timed(100, 100, TourOptions::closed(), Closure::Closed);
    let thousand = timed(1000, 1000, TourOptions::closed(), Closure::Closed);
    println!("100x100: {hundred:?}, 1000x1000: {thousand:?}");
    assert!(
        thousand < Duration::from_secs(5),
        "1000x1000 took {thousand:?}"
    );
}

#[test]
fn large_boards_of_every_shape() {
    let start = sq(37, 3);
    for (m, n, closure) in [
        (1001, 1001, Closure::Open),
        (999, 1000, Closure::Closed),
        (57, 203, Closure::Open),
        (5, 1000, Closure::Closed),
        (5, 999, Closure::Open),
        (998, 3, Closure::Closed),
        (3, 1001, Closure::Open),
        (4, 1001, Closure::Open),
        (1000, 4, Closure::Open),
        (12, 500, Closure::Closed),
    ] {
        let start = if m > start.row && n > start.col {
            start
        } else {
            sq(0, 0)
        };
        let options = TourOptions {
            closure: Some(closure),
            ..TourOptions::default()
        }
        .with_start(start);
        let elapsed = timed(m, n, options, closure);
        assert!(elapsed < Duration::from_secs(5), "{m}x{n} took {elapsed:?}");
    }
}

#[test]
fn strips_of_every_length() {
    // Every length up to 80 covers every residue of the band stretches.
    for n in 3..=80 {
        for (m, closure) in [(3, Closure::Closed), (3, Closure::Open), (4, Closure::Open)] {
            let b = if n % 2 == 0 { board(m, n) } else { board(n, m) };
            let options = TourOptions {
                closure: Some(closure),
                ..TourOptions::default()
            };
            match tour_obstruction(b, closure) {
                None => check(&find_tour(b, &options).unwrap(), closure, sq(0, 0)),
                Some(_) => assert!(matches!(
                    find_tour(b, &options),
                    Err(TourError::NoTour { .. })
                )),
            }
        }
    }
}

#[test]
fn start_squares_in_the_middle_of_long_strips() {
    for (m, n) in [(3, 301), (3, 300), (4, 301), (301, 4)] {
        let b = board(m, n);
        for (r, c) in [(0, 150), (1, 151), (2, 77), (3, 200), (0, 299)] {
            let start = if m > n { sq(c, r % n) } else { sq(r % m, c) };
            if !b.contains(start) || start_obstruction(b, start).is_some() {
                continue;
            }
            let tour = find_tour(b, &TourOptions::open().with_start(start)).unwrap();
            check(&tour, Closure::Open, start);
        }
    }
}

#[test]
fn errors_say_why() {
    let err = find_tour(board(5, 5), &TourOptions::closed()).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTour {
            reason: NoTourReason::BothSidesOdd,
            ..
        }
    ));
    assert!(err.to_string().contains("Schwenk's theorem"), "{err}");

    let err = find_tour(board(4, 100), &TourOptions::closed()).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTour {
            reason: NoTourReason::ShortSide { side: 4 },
            ..
        }
    ));

    let err = find_tour(board(8, 3), &TourOptions::closed()).unwrap_err();
    assert!(err.to_string().contains("3x8"), "{err}");

    let err = find_tour(board(2, 9), &TourOptions::default()).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTour {
            closure: Closure::Open,
            reason: NoTourReason::TwoWide,
            ..
        }
    ));
    assert!(err.to_string().contains("open-tour theorem"), "{err}");

    let err = find_tour(board(6, 3), &TourOptions::default()).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTour {
            reason: NoTourReason::ThreeByThreeFiveSix { other: 6 },
            ..
        }
    ));

    let err = find_tour(board(7, 9), &TourOptions::open().with_start(sq(0, 1))).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTourFromStart {
            reason: StartReason::MinorityColour,
            ..
        }
    ));

    let err = find_tour(board(4, 40), &TourOptions::open().with_start(sq(1, 20))).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTourFromStart {
            reason: StartReason::InnerLineOfFourWide,
            ..
        }
    ));

    let err = find_tour(board(3, 4), &TourOptions::open().with_start(sq(1, 1))).unwrap_err();
    assert!(matches!(
        err,
        TourError::NoTourFromStart {
            reason: StartReason::Exhausted { .. },
            ..
        }
    ));
    assert!(err.to_string().contains("exhaustive search"), "{err}");

    let err = find_tour(board(8, 8), &TourOptions::closed().with_start(sq(8, 0))).unwrap_err();
    assert!(matches!(err, TourError::StartOffBoard { .. }));

    assert!(matches!(
        TourBoard::new(0, 3),
        Err(TourError::EmptyBoard { .. })
    ));

    let err = warnsdorff_tour(board(12, 12), sq(0, 1), Closure::Closed, 10).unwrap_err();
    assert!(
        matches!(err, TourError::SearchLimit { steps: 10, .. }),
        "{err}"
    );
}

#[test]
fn one_square_board() {
    let tour = find_tour(board(1, 1), &TourOptions::default()).unwrap();
    check(&tour, Closure::Open, sq(0, 0));
    assert_eq!(tour.to_text(), "1\n");
    assert!(find_tour(board(1, 1), &TourOptions::closed()).is_err());
}

#[test]
fn closed_tours_start_where_asked() {
    let b = board(10, 12);
    for start in [sq(0, 0), sq(9, 11), sq(4, 7)] {
        let tour = find_tour(b, &TourOptions::closed().with_start(start)).unwrap();
        check(&tour, Closure::Closed, start);
    }
}

/// A minimal well-formedness check: tags nest and close, attributes quoted.
fn assert_well_formed(svg: &str) {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("tag closes") + open;
        let tag = &rest[open + 1..close];
        assert_eq!(tag.matches('"').count() % 2, 0, "quotes in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "closing </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap());
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
}

#[test]
fn svg_snapshot_of_a_small_closed_tour() {
    let tour = find_tour(board(5, 6), &TourOptions::closed()).unwrap();
    check(&tour, Closure::Closed, sq(0, 0));
    let svg = tour.to_svg_with(SvgOptions {
        square: 40,
        numbers: true,
    });
    assert_well_formed(&svg);
    insta::assert_snapshot!("tour_5x6_closed_svg", svg);
}

#[test]
fn svg_snapshot_of_a_small_open_tour() {
    let tour = find_tour(board(3, 4), &TourOptions::open()).unwrap();
    check(&tour, Closure::Open, sq(0, 0));
    let svg = tour.to_svg();
    assert_well_formed(&svg);
    assert!(!svg.contains(" Z\""), "an open path is not closed");
    insta::assert_snapshot!("tour_3x4_open_svg", svg);
    insta::assert_snapshot!("tour_3x4_open_text", tour.to_text());
}

#[test]
fn svg_is_deterministic_and_scales() {
    let tour = find_tour(board(6, 6), &TourOptions::closed()).unwrap();
    assert_eq!(tour.to_svg(), tour.to_svg());
    let small = tour.to_svg_with(SvgOptions {
        square: 5,
        numbers: false,
    });
    assert!(
        small.contains(r#"width="48" height="48""#),
        "squares raised to 8 px"
    );
    assert_well_formed(&small);
    let big = find_tour(board(60, 60), &TourOptions::closed())
        .unwrap()
        .to_svg();
    assert_well_formed(&big);
    assert_eq!(big.matches(" L").count() + big.matches("\nL").count(), 3599);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn random_boards_and_starts(m in 5usize..60, n in 5usize..60, r in 0usize..60, c in 0usize..60, open in any::<bool>()) {
            let b = board(m, n);
            let start = sq(r % m, c % n);
            let closure = if open || closed_tour_obstruction(b).is_some() { Closure::Open } else { Closure::Closed };
            let options = TourOptions { closure: Some(closure), ..TourOptions::default() }.with_start(start);
            match (start_obstruction(b, start), find_tour(b, &options)) {
                (None, Ok(tour)) => check(&tour, closure, start),
                (Some(_), Err(TourError::NoTourFromStart { .. })) if closure == Closure::Open => {}
                (reason, result) => prop_assert!(false, "{m}x{n} {closure} from {start}: {reason:?} {result:?}"),
            }
        }
    }
}

/// The picture reads (issue 41): the move numbers sit in the squares' corners, off the path
/// through the centres, the start marker does not hide the "1", and an arrowhead on the
/// first move says which way the knight goes.
#[test]
fn svg_numbers_clear_the_start_marker_and_an_arrow_gives_the_direction() {
    let tour = find_tour(board(5, 6), &TourOptions::closed()).unwrap();
    let svg = tour.to_svg_with(SvgOptions {
        square: 40,
        numbers: true,
    });
    let number = |attr: &str, from: &str| -> f64 {
        let at = from.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
        from[at..].split('"').next().unwrap().parse().unwrap()
    };
    let circle = &svg[svg.find("<circle ").unwrap()..];
    let (cx, cy, r) = (
        number("cx", circle),
        number("cy", circle),
        number("r", circle),
    );
    let one = svg.find(">1</text>").unwrap();
    let text = &svg[svg[..one].rfind("<text ").unwrap()..];
    let (x, y) = (number("x", text), number("y", text));
    // The "1" (10 px high, starting at x) lies left of or above the marker's box.
    assert!(
        x + 8.0 < cx - r || y < cy - r,
        "the 1 at ({x}, {y}) under the marker at ({cx}, {cy}) r {r}"
    );
    // Every number is left of and above its square's centre, in its top-left quarter.
    assert!(
        x < cx - 10.0 && y < cy - 5.0,
        "({x}, {y}) against ({cx}, {cy})"
    );
    assert!(svg.contains(r#"marker-end="url(#ahead)""#));
    assert!(svg.contains("<title>the first move</title>"));
    assert_well_formed(&svg);
}
