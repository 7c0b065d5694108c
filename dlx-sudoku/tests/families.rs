//! The classic families against Knuth's reference files and known counts: n queens,
//! Langford pairs, pentomino packings and knight's tours.

use std::collections::{BTreeSet, HashSet};

use dlx_core::{format, Problem, Solver};
use dlx_sudoku::grid::Cell;
use dlx_sudoku::langford::Langford;
use dlx_sudoku::polyomino::{pentominoes, Packing, PolyominoBoard, SymmetryBreaking};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::tour_count::{TourCount, TourKind};

fn reference(name: &str) -> Problem {
    let path = format!("{}/tests/data/dlx/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    format::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The DLX text without comment lines.
fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// n queens

#[test]
fn queens_match_knuths_files_item_for_item() {
    for (n, file) in [(8, "q8.dlx"), (10, "q10.dlx"), (12, "q12.dlx")] {
        let ours = Queens::new(n).unwrap();
        let theirs = reference(file);
        assert_eq!(ours.problem(), &theirs, "{file}");
        let path = format!("{}/tests/data/dlx/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            format::write(ours.problem()).unwrap(),
            without_comments(&text),
            "{file}"
        );
    }
}

#[test]
fn queens_counts_and_nodes_match_dlx1() {
    for (n, solutions, nodes, updates) in [
        (8, 92, 1_049, 16_680),
        (10, 724, 11_578, 198_264),
        (12, 14_200, 211_716, 3_594_752),
    ] {
        let q = Queens::new(n).unwrap();
        let count = Solver::links(q.problem()).count();
        assert_eq!(count.solutions, solutions, "n = {n}");
        assert_eq!(count.stats.nodes, nodes, "n = {n}");
        assert_eq!(count.stats.updates, updates, "n = {n}");
    }
}

#[test]
fn every_decoded_queens_solution_is_valid_and_distinct() {
    let q = Queens::new(8).unwrap();
    let mut seen = HashSet::new();
    for s in q.solutions() {
        s.check().unwrap();
        assert_eq!(s.columns().len(), 8);
        assert!(seen.insert(s.columns()));
    }
    assert_eq!(seen.len(), 92);
}

#[test]
fn queens_renderings() {
    let first = Queens::new(8).unwrap().first().unwrap();
    first.check().unwrap();
    insta::assert_snapshot!("queens8_text", first.render_text());
    insta::assert_snapshot!("queens8_svg", first.render_svg());
}

// ---------------------------------------------------------------------------------------
// Langford pairs

#[test]
fn langford_counts_with_and_without_mirror_images() {
    for (n, distinct) in [(3, 1), (4, 1), (7, 26), (8, 150)] {
        let broken = Langford::new(n, true).unwrap();
        let all = Langford::new(n, false).unwrap();
        assert_eq!(broken.count(), distinct, "n = {n}");
        assert_eq!(all.count(), 2 * distinct, "n = {n}");
    }
}

#[test]
fn langford_has_no_solution_when_n_is_1_or_2_mod_4() {
    for n in [1, 2, 5, 6, 9, 10] {
        assert_eq!(Langford::new(n, false).unwrap().count(), 0, "n = {n}");
    }
}

#[test]
fn langford_solutions_decode_to_valid_sequences() {
    let l = Langford::new(7, false).unwrap();
    let all: BTreeSet<Vec<usize>> = l
        .solutions()
        .map(|s| {
            s.check().unwrap();
            s.slots().to_vec()
        })
        .collect();
    assert_eq!(all.len(), 52);
    for s in &all {
        let reversed: Vec<usize> = s.iter().rev().copied().collect();
        assert!(all.contains(&reversed));
    }
}

#[test]
fn langford_11_and_12() {
    for (n, distinct) in [(11, 17_792), (12, 108_144)] {
        assert_eq!(Langford::new(n, true).unwrap().count(), distinct, "n = {n}");
        assert_eq!(
            Langford::new(n, false).unwrap().count(),
            2 * distinct,
            "n = {n}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Pentomino packings

/// The options of a problem as text, as a set.
fn option_set(p: &Problem) -> BTreeSet<String> {
    p.options().map(|o| p.option_text(o)).collect()
}

/// Every solution, each as the sorted texts of its options.
fn solution_set(p: &Problem) -> BTreeSet<Vec<String>> {
    Solver::new(p)
        .solutions()
        .map(|s| {
            let mut v: Vec<String> = s.options().iter().map(|&o| p.option_text(o)).collect();
            v.sort();
            v
        })
        .collect()
}

fn pentomino_packing(size: &str, symmetry: SymmetryBreaking) -> Packing {
    Packing::pentominoes(size.parse().unwrap(), symmetry).unwrap()
}

#[test]
fn pentomino_options_are_knuths_for_every_reference_board() {
    for (size, file) in [
        ("3x20", "pent3x20.dlx"),
        ("4x15", "pent4x15.dlx"),
        ("6x10", "pent6x10.dlx"),
    ] {
        let ours = pentomino_packing(size, SymmetryBreaking::None);
        let theirs = reference(file);
        let names = |p: &Problem| {
            p.items()
                .map(|i| p.item_name(i).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(ours.problem()), names(&theirs), "{file}");
        assert_eq!(ours.problem().num_options(), theirs.num_options(), "{file}");
        assert_eq!(option_set(ours.problem()), option_set(&theirs), "{file}");
    }
}

#[test]
fn pentominoes_3x20_solutions_equal_knuths() {
    let ours = pentomino_packing("3x20", SymmetryBreaking::None);
    let count = Solver::new(ours.problem()).count();
    assert_eq!(count.solutions, 8);
    assert_eq!(count.stats.nodes, 32_978);
    let theirs = solution_set(&reference("pent3x20.dlx"));
    assert_eq!(theirs.len(), 8);
    assert_eq!(solution_set(ours.problem()), theirs);
    for tiling in ours.solutions() {
        tiling.check(ours.pieces()).unwrap();
    }
}

#[test]
fn pentominoes_3x20_with_symmetry_broken() {
    let broken = pentomino_packing("3x20", SymmetryBreaking::Auto);
    assert_eq!(broken.symmetry_order(), 4);
    let tilings: Vec<_> = broken.solutions().collect();
    assert_eq!(tilings.len(), 2);
    for t in &tilings {
        t.check(broken.pieces()).unwrap();
    }
    // The two are essentially different: no symmetry of the board maps one onto the other.
    let flip = |text: &str, rows: bool, cols: bool| -> String {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        if rows {
            lines.reverse();
        }
        if cols {
            lines = lines.iter().map(|l| l.chars().rev().collect()).collect();
        }
        lines.join("\n") + "\n"
    };
    let a = tilings[0].render_text();
    let b = tilings[1].render_text();
    for (rows, cols) in [(false, false), (true, false), (false, true), (true, true)] {
        assert_ne!(flip(&a, rows, cols), b);
    }
}

#[test]
fn pentominoes_4x15_with_symmetry_broken() {
    let broken = pentomino_packing("4x15", SymmetryBreaking::Auto);
    let mut n = 0;
    for t in broken.solutions() {
        t.check(broken.pieces()).unwrap();
        n += 1;
    }
    assert_eq!(n, 368);
}

#[test]
fn pentominoes_8x8_without_centre_with_symmetry_broken() {
    let board = PolyominoBoard::rectangle(8, 8)
        .unwrap()
        .without_rect(Cell::new(3, 3), 2, 2);
    let broken = Packing::pentominoes(board, SymmetryBreaking::Auto).unwrap();
    assert_eq!(broken.symmetry_order(), 8);
    let tilings: Vec<_> = broken.solutions().collect();
    assert_eq!(tilings.len(), 65);
    let pieces = pentominoes();
    for t in &tilings {
        t.check(&pieces).unwrap();
        assert_eq!(t.piece_at(Cell::new(3, 3)), None);
    }
}

#[test]
fn restricting_another_piece_gives_the_same_count() {
    for piece in ["L", "Y"] {
        let p = pentomino_packing("3x20", SymmetryBreaking::Piece(piece.into()));
        assert_eq!(p.count(), 2, "{piece}");
    }
}

#[test]
#[ignore = "several seconds each in the test profile"]
fn pentominoes_full_counts() {
    for (size, distinct) in [("4x15", 368), ("5x12", 1_010), ("6x10", 2_339)] {
        assert_eq!(
            pentomino_packing(size, SymmetryBreaking::Auto).count(),
            distinct,
            "{size}"
        );
        assert_eq!(
            pentomino_packing(size, SymmetryBreaking::None).count(),
            4 * distinct,
            "{size}"
        );
    }
    let board = PolyominoBoard::rectangle(8, 8)
        .unwrap()
        .without_rect(Cell::new(3, 3), 2, 2);
    assert_eq!(
        Packing::pentominoes(board, SymmetryBreaking::None)
            .unwrap()
            .count(),
        8 * 65
    );
}

#[test]
#[ignore = "several seconds in the test profile"]
fn pentominoes_4x15_solutions_equal_knuths() {
    let ours = pentomino_packing("4x15", SymmetryBreaking::None);
    let theirs = solution_set(&reference("pent4x15.dlx"));
    assert_eq!(theirs.len(), 1_472);
    assert_eq!(solution_set(ours.problem()), theirs);
}

// ---------------------------------------------------------------------------------------
// Knight's tours

/// Every directed knight's tour of a board by depth-first search (closed: from square 0,
/// ending a knight's move from it).
fn brute_force_tours(rows: usize, cols: usize, closed: bool) -> BTreeSet<Vec<usize>> {
    fn jump(cols: usize, a: usize, b: usize) -> bool {
        let dr = (a / cols).abs_diff(b / cols);
        let dc = (a % cols).abs_diff(b % cols);
        dr * dc == 2
    }
    fn extend(
        rows: usize,
        cols: usize,
        closed: bool,
        path: &mut Vec<usize>,
        used: &mut Vec<bool>,
        out: &mut BTreeSet<Vec<usize>>,
    ) {
        let n = rows * cols;
        if path.len() == n {
            if !closed || jump(cols, path[n - 1], path[0]) {
                out.insert(path.clone());
            }
            return;
        }
        let last = *path.last().expect("a start");
        for next in 0..n {
            if !used[next] && jump(cols, last, next) {
                used[next] = true;
                path.push(next);
                extend(rows, cols, closed, path, used, out);
                path.pop();
                used[next] = false;
            }
        }
    }
    let n = rows * cols;
    let mut out = BTreeSet::new();
    let starts = if closed { 1 } else { n };
    for start in 0..starts {
        let mut used = vec![false; n];
        used[start] = true;
        extend(rows, cols, closed, &mut vec![start], &mut used, &mut out);
    }
    out
}

fn tours_by_exact_cover(rows: usize, cols: usize, kind: TourKind) -> BTreeSet<Vec<usize>> {
    let t = TourCount::new(rows, cols, kind).unwrap();
    let mut all = BTreeSet::new();
    for tour in t.tours() {
        tour.check().unwrap();
        assert_eq!(tour.is_closed(), kind == TourKind::Closed);
        assert!(all.insert(tour.squares().to_vec()));
    }
    all
}

#[test]
fn tour_problem_is_knuths_t34open() {
    let t = TourCount::new(3, 4, TourKind::Open).unwrap();
    assert_eq!(t.problem(), &reference("t34open.dlx"));
    assert_eq!(Solver::new(&reference("t34open.dlx")).count().solutions, 16);
}

#[test]
fn open_tours_3x4_and_4x5() {
    let t = TourCount::new(3, 4, TourKind::Open).unwrap();
    assert_eq!((t.count(), t.distinct_tours()), (16, 8));
    for (rows, cols, directed) in [(3, 4, 16), (4, 5, 164)] {
        let ours = tours_by_exact_cover(rows, cols, TourKind::Open);
        assert_eq!(ours.len(), directed);
        assert_eq!(ours, brute_force_tours(rows, cols, false), "{rows}×{cols}");
        for tour in &ours {
            let reversed: Vec<usize> = tour.iter().rev().copied().collect();
            assert!(ours.contains(&reversed));
        }
    }
}

#[test]
fn closed_tours() {
    // No 4×n board has a closed tour; 3×10 has 16 (Schwenk).
    assert_eq!(TourCount::new(4, 5, TourKind::Closed).unwrap().count(), 0);
    assert!(brute_force_tours(4, 5, true).is_empty());
    let t = TourCount::new(3, 10, TourKind::Closed).unwrap();
    let ours = tours_by_exact_cover(3, 10, TourKind::Closed);
    assert_eq!(ours.len(), 16);
    // Each cycle once: from the corner, leaving by the lower-numbered neighbour.
    let theirs: BTreeSet<Vec<usize>> = brute_force_tours(3, 10, true)
        .into_iter()
        .filter(|tour| tour[1] < tour[tour.len() - 1])
        .collect();
    assert_eq!(ours, theirs);
    // One start; 100 moves (3×10 has 4·30 − 6·13 + 8 = 50 knight edges) at each of 29
    // times, less the move out of the corner that is not used first; one closing move.
    assert_eq!(t.problem().num_options(), 1 + 29 * 100 - 1 + 1);
}

#[test]
#[ignore = "about a minute in the test profile"]
fn open_tours_5x5() {
    assert_eq!(TourCount::new(5, 5, TourKind::Open).unwrap().count(), 1_728);
}

#[test]
#[ignore = "about a minute in the test profile"]
fn closed_tours_5x6() {
    assert_eq!(
        TourCount::new(5, 6, TourKind::Closed)
            .unwrap()
            .distinct_tours(),
        8
    );
}
