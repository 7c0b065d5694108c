//! Knightdoku: the reference boards (encoding identical to `kd1.dlx`, `kd2.dlx`, unique
//! solutions equal to those published with the boards), generalised geometries against
//! brute force, and snapshots of the text and SVG renderings.

use dlx_core::{format, Problem, Solver};
use dlx_sudoku::grid::Cell;
use dlx_sudoku::knightdoku::{Content, Geometry, Knightdoku, KnightdokuBoard};
use dlx_sudoku::Uniqueness;

fn data(path: &str) -> String {
    let path = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn reference(name: &str) -> Problem {
    format::parse(&data(&format!("dlx/{name}.dlx"))).unwrap()
}

/// The solution printed in a board file's comments, after `# solution:`.
fn published_solution(text: &str) -> String {
    text.lines()
        .skip_while(|l| !l.starts_with("# solution"))
        .skip(1)
        .map(|l| format!("{}\n", l.trim_start_matches('#').trim()))
        .collect()
}

#[test]
fn reference_boards_encode_exactly_as_the_reference_files() {
    for name in ["kd1", "kd2"] {
        let board: KnightdokuBoard = data(&format!("knightdoku/{name}.txt")).parse().unwrap();
        let kd = Knightdoku::new(&board).unwrap();
        assert_eq!(kd.problem(), &reference(name), "{name}");
    }
}

#[test]
fn reference_boards_have_the_published_unique_solutions() {
    for name in ["kd1", "kd2"] {
        let text = data(&format!("knightdoku/{name}.txt"));
        let board: KnightdokuBoard = text.parse().unwrap();
        let kd = Knightdoku::new(&board).unwrap();
        let Uniqueness::Unique(solution) = kd.unique() else {
            panic!("{name} is not unique");
        };
        board.check_solution(&solution).unwrap();
        let published = published_solution(&text);
        assert_eq!(published.lines().count(), 9);
        assert_eq!(solution.render_text(), published, "{name}");
        // The published grid, read on its own, passes the independent check.
        let theirs: KnightdokuBoard = published.parse().unwrap();
        board.check_solution(&theirs).unwrap();
        assert_eq!(kd.count().solutions, 1);
        assert_eq!(Solver::new(&reference(name)).count().solutions, 1);
    }
}

#[test]
fn removing_a_clue_loses_uniqueness_or_keeps_a_valid_solution() {
    let board: KnightdokuBoard = data("knightdoku/kd1.txt").parse().unwrap();
    for (cell, _) in board.clues() {
        let mut weaker = board.clone();
        weaker.set(cell, Content::Empty);
        let kd = Knightdoku::new(&weaker).unwrap();
        let count = kd.count().solutions;
        assert!(count >= 1, "removing {cell}");
        for s in kd.solutions().take(50) {
            weaker.check_solution(&s).unwrap();
        }
    }
}

#[test]
fn a_wrong_clue_has_no_solution() {
    let mut board: KnightdokuBoard = data("knightdoku/kd2.txt").parse().unwrap();
    board.set(Cell::new(4, 6), Content::Clue(8)); // was 3; only 8 neighbours and some are excluded
    assert_eq!(
        Knightdoku::new(&board).unwrap().unique(),
        Uniqueness::NoSolution
    );
}

// ---------------------------------------------------------------------------------------
// Other geometries, against brute force.

/// Every grid with `k` knights in each row, column and box, by backtracking row by row.
fn all_grids(g: Geometry) -> Vec<Vec<bool>> {
    fn go(
        g: Geometry,
        row: usize,
        grid: &mut Vec<bool>,
        cols: &mut Vec<usize>,
        out: &mut Vec<Vec<bool>>,
    ) {
        let n = g.size();
        if row == n {
            out.push(grid.clone());
            return;
        }
        // Every subset of k columns for this row.
        for mask in 0u64..1 << n {
            if mask.count_ones() as usize != g.per_house() {
                continue;
            }
            let chosen: Vec<usize> = (0..n).filter(|&c| mask >> c & 1 == 1).collect();
            if chosen.iter().any(|&c| cols[c] == g.per_house()) {
                continue;
            }
            for &c in &chosen {
                grid[row * n + c] = true;
                cols[c] += 1;
            }
            // Boxes are checked when their last row is done.
            let boxes_ok = (row + 1) % g.box_rows() != 0 || {
                let top = row + 1 - g.box_rows();
                (0..n / g.box_cols()).all(|b| {
                    let count = (top..=row)
                        .flat_map(|r| {
                            (b * g.box_cols()..(b + 1) * g.box_cols()).map(move |c| (r, c))
                        })
                        .filter(|&(r, c)| grid[r * n + c])
                        .count();
                    count == g.per_house()
                })
            };
            if boxes_ok {
                go(g, row + 1, grid, cols, out);
            }
            for &c in &chosen {
                grid[row * n + c] = false;
                cols[c] -= 1;
            }
        }
    }
    let n = g.size();
    let mut out = Vec::new();
    go(g, 0, &mut vec![false; n * n], &mut vec![0; n], &mut out);
    out
}

/// The knights around a cell, counted from the definition of a knight's move.
fn knights_around(grid: &[bool], n: usize, r: usize, c: usize) -> u8 {
    let mut k = 0;
    for (dr, dc) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        if nr >= 0
            && nc >= 0
            && (nr as usize) < n
            && (nc as usize) < n
            && grid[nr as usize * n + nc as usize]
        {
            k += 1;
        }
    }
    k
}

#[test]
fn empty_grids_count_like_brute_force() {
    for g in [
        Geometry::new(4, 2, 2, 1).unwrap(),
        Geometry::new(4, 2, 2, 2).unwrap(),
        Geometry::new(6, 2, 3, 1).unwrap(),
        Geometry::new(6, 2, 3, 2).unwrap(),
        Geometry::new(6, 3, 2, 3).unwrap(),
    ] {
        let expected = all_grids(g).len() as u64;
        assert!(expected > 0);
        let kd = Knightdoku::new(&KnightdokuBoard::empty(g)).unwrap();
        assert_eq!(kd.count().solutions, expected, "{g:?}");
    }
}

#[test]
fn six_by_six_puzzles_count_like_brute_force() {
    let g = Geometry::new(6, 2, 3, 2).unwrap();
    let grids = all_grids(g);
    // Puzzles made from a few of the grids: clues on some knights (a fixed pattern).
    for (t, grid) in grids.iter().enumerate().step_by(grids.len() / 7 + 1) {
        let mut puzzle = KnightdokuBoard::empty(g);
        let knights: Vec<usize> = (0..36).filter(|&k| grid[k]).collect();
        for (j, &k) in knights.iter().enumerate() {
            if (j + t) % 3 == 0 {
                let (r, c) = (k / 6, k % 6);
                puzzle.set(
                    Cell::new(r, c),
                    Content::Clue(knights_around(grid, 6, r, c)),
                );
            }
        }
        let expected = grids
            .iter()
            .filter(|other| {
                puzzle.clues().all(|(at, n)| {
                    other[at.index(6)] && knights_around(other, 6, at.row, at.col) == n
                })
            })
            .count() as u64;
        let kd = Knightdoku::new(&puzzle).unwrap();
        assert!(expected >= 1);
        assert_eq!(
            kd.count().solutions,
            expected,
            "puzzle from grid {t}:\n{puzzle}"
        );
        let mut n = 0;
        for s in kd.solutions() {
            puzzle.check_solution(&s).unwrap();
            n += 1;
        }
        assert_eq!(n, expected);
    }
}

// ---------------------------------------------------------------------------------------
// Renderings.

#[test]
fn kd1_renderings() {
    let board: KnightdokuBoard = data("knightdoku/kd1.txt").parse().unwrap();
    let Uniqueness::Unique(solution) = Knightdoku::new(&board).unwrap().unique() else {
        panic!("kd1 is unique");
    };
    insta::assert_snapshot!("kd1_solution_text", solution.render_text());
    insta::assert_snapshot!("kd1_puzzle_svg", board.render_svg());
    insta::assert_snapshot!("kd1_solution_svg", solution.render_svg());
}

#[test]
fn six_by_six_svg() {
    let g = Geometry::new(6, 2, 3, 2).unwrap();
    let board =
        KnightdokuBoard::parse_with("N.2...\n....N.\n.N..1.\n......\n..N..N\n3.....\n", g).unwrap();
    insta::assert_snapshot!("six_by_six_svg", board.render_svg());
}
