//! Sudoku against ground truths: the 17-clue puzzles (each unique), Serg's multi-solution
//! benchmark (1,982,741 solutions in all), the 288 4×4 grids, the 576 and 161,280 Latin
//! squares of order 4 and 5, and the 28,200,960 6×6 grids (ignored: slow). Every solution is
//! checked by rules computed here from first principles, and counts are compared with a
//! plain backtracking solver written here, which shares no code with the crate. The
//! bitboard engine (the default) is compared with the dense engine puzzle by puzzle: on a
//! sample of tdoku's sets here, on random puzzles of every shape (proptest), and on whole
//! sets in an ignored test (`DLX_SUDOKU_SETS=DIR cargo test --release -p dlx-sudoku --test
//! sudoku -- --ignored bitboard_agrees_on_whole_sets`).

use std::collections::HashSet;

use dlx_sudoku::sudoku::{
    render_svg, render_text, Alphabet, Cell, Conflict, Encoding, Grid, HouseKind, ParseError,
    Parser, Shape, SolveError, SudokuEngine, SudokuSolver,
};
use dlx_sudoku::{First, StopReason, Uniqueness};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).expect("test data")
}

/// A 9×9 jigsaw layout (regions A–I, each connected, nine cells each).
const JIGSAW_MAP: &str = "AAABBBBCC AAAABBCCC AABBBCCCC DDDDEEFFF DDEEEEFFF DDDEEHFFF \
                          GGGHEHIII GGHHHHIII GGGGHHIII";

/// The rules of a puzzle as lists of cell indices, built without the crate.
#[derive(Clone)]
struct Rules {
    n: usize,
    houses: Vec<Vec<usize>>,
}

impl Rules {
    fn latin(n: usize) -> Rules {
        let mut houses = Vec::new();
        for r in 0..n {
            houses.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            houses.push((0..n).map(|r| r * n + c).collect());
        }
        Rules { n, houses }
    }

    fn boxed(bh: usize, bw: usize) -> Rules {
        let n = bh * bw;
        let mut rules = Rules::latin(n);
        for b in 0..n {
            let (r0, c0) = ((b / bh) * bh, (b % bh) * bw);
            rules
                .houses
                .push((0..n).map(|k| (r0 + k / bw) * n + c0 + k % bw).collect());
        }
        rules
    }

    fn jigsaw(map: &str) -> Rules {
        let symbols: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        let n = (symbols.len() as f64).sqrt() as usize;
        let mut rules = Rules::latin(n);
        let mut names: Vec<char> = symbols.clone();
        names.sort();
        names.dedup();
        for name in names {
            rules.houses.push(
                symbols
                    .iter()
                    .enumerate()
                    .filter(|&(_, &s)| s == name)
                    .map(|(k, _)| k)
                    .collect(),
            );
        }
        rules
    }

    fn with_diagonals(mut self) -> Rules {
        let n = self.n;
        self.houses.push((0..n).map(|k| k * n + k).collect());
        self.houses
            .push((0..n).map(|k| k * n + n - 1 - k).collect());
        self
    }

    /// The four windows of 9×9 hyper-Sudoku: rows and columns 2–4 and 6–8 (1-based).
    fn with_windows_9(mut self) -> Rules {
        for r0 in [1, 5] {
            for c0 in [1, 5] {
                self.houses
                    .push((0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3).collect());
            }
        }
        self
    }

    fn with_disjoint_groups(mut self, bh: usize, bw: usize) -> Rules {
        let n = self.n;
        for i in 0..bh {
            for j in 0..bw {
                let mut group = Vec::new();
                for r in (i..n).step_by(bh) {
                    for c in (j..n).step_by(bw) {
                        group.push(r * n + c);
                    }
                }
                self.houses.push(group);
            }
        }
        self
    }

    fn with_house(mut self, cells: &[usize]) -> Rules {
        self.houses.push(cells.to_vec());
        self
    }

    /// Is `solution` a complete grid, keeping the givens, with no digit twice in a house
    /// and every digit in each house of `n` cells?
    fn check(&self, puzzle: &[u8], solution: &[u8]) -> Result<(), String> {
        let n = self.n;
        if solution.len() != n * n || puzzle.len() != n * n {
            return Err("wrong length".into());
        }
        for (k, (&g, &s)) in puzzle.iter().zip(solution).enumerate() {
            if s == 0 || usize::from(s) > n {
                return Err(format!("cell {k} holds {s}"));
            }
            if g != 0 && g != s {
                return Err(format!("cell {k}: given {g} became {s}"));
            }
        }
        for house in &self.houses {
            let mut seen = vec![false; n + 1];
            for &k in house {
                let d = usize::from(solution[k]);
                if std::mem::replace(&mut seen[d], true) {
                    return Err(format!("digit {d} twice in house {house:?}"));
                }
            }
            if house.len() == n && seen[1..].iter().any(|&s| !s) {
                return Err(format!("house {house:?} misses a digit"));
            }
        }
        Ok(())
    }

    /// Counts the solutions (up to `limit`) by backtracking on the cell with the fewest
    /// candidates.
    fn brute_count(&self, puzzle: &[u8], limit: u64) -> u64 {
        let n = self.n;
        let mut cell_houses = vec![Vec::new(); n * n];
        let mut masks = vec![0u64; self.houses.len()];
        for (h, house) in self.houses.iter().enumerate() {
            for &k in house {
                cell_houses[k].push(h);
                if puzzle[k] != 0 {
                    let bit = 1u64 << puzzle[k];
                    if masks[h] & bit != 0 {
                        return 0;
                    }
                    masks[h] |= bit;
                }
            }
        }
        let mut values = puzzle.to_vec();
        let mut count = 0;
        self.backtrack(&cell_houses, &mut values, &mut masks, limit, &mut count);
        count
    }

    fn backtrack(
        &self,
        cell_houses: &[Vec<usize>],
        values: &mut [u8],
        masks: &mut [u64],
        limit: u64,
        count: &mut u64,
    ) {
        let full = ((1u64 << self.n) - 1) << 1;
        let mut best: Option<(usize, u64)> = None;
        for (k, &v) in values.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let used = cell_houses[k].iter().fold(0, |m, &h| m | masks[h]);
            let free = full & !used;
            if free == 0 {
                return;
            }
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((k, free));
            }
        }
        let Some((k, mut free)) = best else {
            *count += 1;
            return;
        };
        while free != 0 && *count < limit {
            let d = free.trailing_zeros();
            free &= free - 1;
            values[k] = d as u8;
            for &h in &cell_houses[k] {
                masks[h] |= 1 << d;
            }
            self.backtrack(cell_houses, values, masks, limit, count);
            for &h in &cell_houses[k] {
                masks[h] &= !(1 << d);
            }
        }
        values[k] = 0;
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A valid grid for boxes of `bh × bw`: the classic shifted pattern.
fn pattern(bh: usize, bw: usize) -> Vec<u8> {
    let n = bh * bw;
    (0..n * n)
        .map(|k| {
            let (r, c) = (k / n, k % n);
            ((bw * (r % bh) + r / bh + c) % n + 1) as u8
        })
        .collect()
}

fn grid(text: &str) -> Grid {
    text.parse().expect("test grid")
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn seventeen_clue_sample_every_puzzle_is_unique() {
    let text = data("sudoku_17_clue_first5000");
    let enc = Encoding::new(Shape::classic()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let rules = Rules::boxed(3, 3);
    let mut seen = 0;
    for (k, entry) in Parser::new().puzzles(&text).enumerate() {
        let entry = entry.unwrap();
        assert_eq!(entry.grid.filled(), 17, "line {}", entry.line);
        let Uniqueness::Unique(solution) = solver.unique(&entry.grid).unwrap() else {
            panic!("line {}: not unique", entry.line)
        };
        if let Err(e) = rules.check(entry.grid.values(), solution.values()) {
            panic!("line {}: {e}", entry.line);
        }
        if k < 100 {
            assert_eq!(
                rules.brute_count(entry.grid.values(), 2),
                1,
                "line {}",
                entry.line
            );
        }
        seen += 1;
    }
    assert_eq!(seen, 5000);
}

/// Knuth's `sudoku-dlx` reduction: only the items the givens leave open, and only the
/// options that fit them, named and ordered as his program writes them.
fn knuth_reduced(puzzle: &Grid) -> dlx_core::Problem {
    let v = puzzle.values();
    let bx = |j: usize, k: usize| (j / 3) * 3 + k / 3;
    let (mut row, mut col, mut boxes) = ([[false; 9]; 9], [[false; 9]; 9], [[false; 9]; 9]);
    for j in 0..9 {
        for k in 0..9 {
            if let Some(d) = usize::from(v[j * 9 + k]).checked_sub(1) {
                row[j][d] = true;
                col[k][d] = true;
                boxes[bx(j, k)][d] = true;
            }
        }
    }
    let mut b = dlx_core::ProblemBuilder::new();
    for j in 0..9 {
        for k in 0..9 {
            if v[j * 9 + k] == 0 {
                b.add_primary(format!("p{j}{k}")).unwrap();
            }
        }
    }
    for (letter, used) in [("r", &row), ("c", &col), ("b", &boxes)] {
        for (j, digits) in used.iter().enumerate() {
            for (d, &taken) in digits.iter().enumerate() {
                if !taken {
                    b.add_primary(format!("{letter}{j}{}", d + 1)).unwrap();
                }
            }
        }
    }
    for j in 0..9 {
        for k in 0..9 {
            for d in 0..9 {
                let x = bx(j, k);
                if v[j * 9 + k] == 0 && !row[j][d] && !col[k][d] && !boxes[x][d] {
                    let names = [
                        format!("p{j}{k}"),
                        format!("r{j}{}", d + 1),
                        format!("c{k}{}", d + 1),
                        format!("b{x}{}", d + 1),
                    ];
                    b.add_option_by_names(names.iter().map(String::as_str))
                        .unwrap();
                }
            }
        }
    }
    b.build().unwrap()
}

#[test]
fn preselected_givens_search_the_same_tree_as_knuths_reduced_problem() {
    // Fixing the givens on the prebuilt problem leaves exactly the items and options that
    // Knuth's SUDOKU-DLX writes, in the same order, so the search trees are identical.
    // That holds for DLX1's branching rule (cutoff 0, the solver's default, answered by
    // the dense engine) and for cutoff 1 (the links engine, where X3 reads byte lengths
    // instead of walking the items).
    let enc = Encoding::new(Shape::classic()).unwrap();
    let text = data("sudoku_17_clue_first5000");
    let serg = data("sudoku_serg_benchmark");
    let puzzles = Parser::new()
        .puzzles(&text)
        .take(100)
        .chain(Parser::new().puzzles(&serg).take(20));
    let (mut fewer, mut more) = (0, 0);
    for entry in puzzles {
        let entry = entry.unwrap();
        let reduced = knuth_reduced(&entry.grid);
        let knuth = SudokuSolver::new(&enc)
            .with_engine(SudokuEngine::Dense)
            .unwrap()
            .count(&entry.grid, None)
            .unwrap();
        let quick = SudokuSolver::new(&enc)
            .with_branch_cutoff(1)
            .count(&entry.grid, None)
            .unwrap();
        for (cutoff, ours) in [(0, &knuth), (1, &quick)] {
            let theirs = dlx_core::Solver::links(&reduced)
                .with_branch_cutoff(cutoff)
                .count();
            assert_eq!(ours.solutions, theirs.solutions, "line {}", entry.line);
            assert_eq!(ours.stats.nodes, theirs.stats.nodes, "line {}", entry.line);
        }
        assert_eq!(quick.solutions, knuth.solutions, "line {}", entry.line);
        fewer += usize::from(quick.stats.nodes < knuth.stats.nodes);
        more += usize::from(quick.stats.nodes > knuth.stats.nodes);
    }
    // The rules differ only when an empty list lies right of a forced move.
    assert!(
        fewer + more > 0,
        "the two rules never searched different trees"
    );
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn serg_benchmark_totals_1982741_solutions() {
    let text = data("sudoku_serg_benchmark");
    let enc = Encoding::new(Shape::classic()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let (mut puzzles, mut total, mut exactly_two) = (0, 0, 0);
    for entry in Parser::new().puzzles(&text) {
        let entry = entry.unwrap();
        let count = solver.count(&entry.grid, None).unwrap();
        assert!(count.is_complete());
        assert!(count.solutions >= 2, "line {}", entry.line);
        exactly_two += u64::from(count.solutions == 2);
        total += count.solutions;
        puzzles += 1;
    }
    assert_eq!(puzzles, 10_000);
    assert_eq!(exactly_two, 8);
    assert_eq!(total, 1_982_741);
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn serg_first_500_solutions_are_valid_distinct_and_match_brute_force() {
    let text = data("sudoku_serg_benchmark");
    let enc = Encoding::new(Shape::classic()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let rules = Rules::boxed(3, 3);
    for entry in Parser::new().puzzles(&text).take(500) {
        let entry = entry.unwrap();
        let mut all = solver.solutions(&entry.grid).unwrap();
        let mut distinct = HashSet::new();
        for s in all.by_ref() {
            if let Err(e) = rules.check(entry.grid.values(), s.values()) {
                panic!("line {}: {e}", entry.line);
            }
            assert!(distinct.insert(s.values().to_vec()), "line {}", entry.line);
        }
        assert!(all.is_complete());
        let expected = rules.brute_count(entry.grid.values(), u64::MAX);
        assert_eq!(distinct.len() as u64, expected, "line {}", entry.line);
    }
}

#[test]
fn four_by_four_has_288_grids() {
    let enc = Encoding::new(Shape::for_size(4).unwrap()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let empty = Grid::new(4).unwrap();
    let rules = Rules::boxed(2, 2);
    let mut distinct = HashSet::new();
    for g in solver.solutions(&empty).unwrap() {
        rules.check(empty.values(), g.values()).unwrap();
        distinct.insert(g.values().to_vec());
    }
    assert_eq!(distinct.len(), 288);
    assert_eq!(solver.count(&empty, None).unwrap().solutions, 288);
    assert_eq!(rules.brute_count(empty.values(), u64::MAX), 288);
}

#[test]
#[ignore = "28 million solutions: about a minute single-threaded"]
fn six_by_six_has_28200960_grids() {
    let enc = Encoding::new(Shape::boxed(2, 3).unwrap()).unwrap();
    let count = SudokuSolver::new(&enc)
        .count(&Grid::new(6).unwrap(), None)
        .unwrap();
    assert!(count.is_complete());
    assert_eq!(count.solutions, 28_200_960);
}

#[test]
fn latin_squares_of_order_4_and_5() {
    for (n, expected) in [(4, 576), (5, 161_280)] {
        let enc = Encoding::new(Shape::latin(n).unwrap()).unwrap();
        let count = SudokuSolver::new(&enc)
            .count(&Grid::new(n).unwrap(), None)
            .unwrap();
        assert_eq!(count.solutions, expected, "order {n}");
    }
}

#[test]
fn small_variant_totals_match_brute_force() {
    let x4 = Shape::for_size(4).unwrap().with_diagonals();
    let hyper4 = Shape::for_size(4).unwrap().with_windows().unwrap();
    let dg4 = Shape::for_size(4).unwrap().with_disjoint_groups().unwrap();
    let jig4 = Shape::jigsaw_from_map("AAAB CCAB CDBB CDDD").unwrap();
    let short = Shape::for_size(4)
        .unwrap()
        .with_house([Cell::new(0, 0), Cell::new(3, 3)])
        .unwrap();
    let cases = [
        (x4, Rules::boxed(2, 2).with_diagonals()),
        (hyper4, Rules::boxed(2, 2).with_house(&[5, 6, 9, 10])),
        (dg4, Rules::boxed(2, 2).with_disjoint_groups(2, 2)),
        (jig4, Rules::jigsaw("AAAB CCAB CDBB CDDD")),
        (short, Rules::boxed(2, 2).with_house(&[0, 15])),
    ];
    for (k, (shape, rules)) in cases.into_iter().enumerate() {
        let enc = Encoding::new(shape).unwrap();
        let solver = SudokuSolver::new(&enc);
        let empty = Grid::new(4).unwrap();
        let mut found = 0u64;
        for g in solver.solutions(&empty).unwrap() {
            rules.check(empty.values(), g.values()).unwrap();
            found += 1;
        }
        assert!(found > 0, "case {k}");
        assert_eq!(
            found,
            rules.brute_count(empty.values(), u64::MAX),
            "case {k}"
        );
    }
    // A jigsaw layout that admits no grid at all.
    let map = "AAAB ACBB CCDB CDDD";
    let enc = Encoding::new(Shape::jigsaw_from_map(map).unwrap()).unwrap();
    let empty = Grid::new(4).unwrap();
    let count = SudokuSolver::new(&enc).count(&empty, None).unwrap();
    assert_eq!((count.solutions, count.is_complete()), (0, true));
    assert_eq!(Rules::jigsaw(map).brute_count(empty.values(), u64::MAX), 0);
}

/// Generated unique puzzles of each variant, with their solutions.
fn variant_cases() -> Vec<(&'static str, Shape, Rules, &'static str, &'static str)> {
    vec![
        (
            "jigsaw",
            Shape::jigsaw_from_map(JIGSAW_MAP).unwrap(),
            Rules::jigsaw(JIGSAW_MAP),
            ".......74..3.......7....2...16......2....4..83.........4..68..2..1.....61..95....",
            "598632174423175689674891235916483527259714368387526491745368912831249756162957843",
        ),
        (
            "sudoku X",
            Shape::classic().with_diagonals(),
            Rules::boxed(3, 3).with_diagonals(),
            "6................9..9...2........5....8....1....4.18...1..72..58..3.9.......4...8",
            "654928731123567489789134256291783564348256917567491823416872395875319642932645178",
        ),
        (
            "windoku",
            Shape::classic().with_windows().unwrap(),
            Rules::boxed(3, 3).with_windows_9(),
            "...2......7....3....8.7.....6...............9.5......4...4..7......2..814..7...6.",
            "613258947972146358548379126169534872284617539357892614821463795736925481495781263",
        ),
        (
            "disjoint groups",
            Shape::classic().with_disjoint_groups().unwrap(),
            Rules::boxed(3, 3).with_disjoint_groups(3, 3),
            "..6......2....7..95...3.1.....5...3....7.....81.........2...85...1...4.......16..",
            "176985324234167589598234167467519238325748916819326745742693851651872493983451672",
        ),
        (
            "6×6 sudoku X",
            Shape::boxed(2, 3).unwrap().with_diagonals(),
            Rules::boxed(2, 3).with_diagonals(),
            "......4..5.............3.5..61......",
            "235614416532543126162453354261621345",
        ),
    ]
}

#[test]
fn variant_puzzles_are_unique_and_weakened_ones_match_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (name, shape, rules, puzzle, expected) in variant_cases() {
        let enc = Encoding::new(shape).unwrap();
        let solver = SudokuSolver::new(&enc);
        let puzzle = grid(puzzle);
        rules
            .check(puzzle.values(), grid(expected).values())
            .unwrap();
        let Uniqueness::Unique(solution) = solver.unique(&puzzle).unwrap() else {
            panic!("{name}: not unique")
        };
        assert_eq!(solution, grid(expected), "{name}");
        assert_eq!(rules.brute_count(puzzle.values(), 2), 1, "{name}");
        // Without the variant's extra houses the puzzle is no longer unique.
        let n = puzzle.size();
        let plain = if n == 9 && name != "jigsaw" {
            Shape::classic()
        } else if n == 6 {
            Shape::boxed(2, 3).unwrap()
        } else {
            Shape::latin(9).unwrap()
        };
        let plain_enc = Encoding::new(plain).unwrap();
        assert!(matches!(
            SudokuSolver::new(&plain_enc).unique(&puzzle).unwrap(),
            Uniqueness::Multiple(..)
        ));
        // Remove givens: the counts must agree with plain backtracking.
        for _ in 0..4 {
            let mut weaker = puzzle.clone();
            for _ in 0..3 {
                let k = rng.below(n * n);
                weaker.set(Cell::from_index(k, n), None).unwrap();
            }
            let mut count = 0u64;
            for s in solver.solutions(&weaker).unwrap().take(20_000) {
                rules.check(weaker.values(), s.values()).unwrap();
                count += 1;
            }
            let expected = rules.brute_count(weaker.values(), 20_000);
            assert_eq!(count, expected, "{name}: {weaker}");
        }
    }
}

#[test]
fn sixteen_by_sixteen_in_both_alphabets() {
    let puzzle = ".D3.F.A97.52.B...2.5.....A....FG9BCG....8.....7A...F..D.136..4...6....5A.FC...\
                  B.G...2...3......D....D.E..6..9.A.B79D...F..G.5..C..2.....CG4.....C.G.....B.951.\
                  4...E...1.....6..B.5..9....1F....3...2.59C.E.D7..4.G...4F......DE6.....E..4C....\
                  .5.C...8B......G..";
    let g = Parser::new().line(puzzle).unwrap();
    assert_eq!(
        (g.size(), g.alphabet(), g.filled()),
        (16, Alphabet::Standard, 92)
    );
    let enc = Encoding::new(Shape::for_size(16).unwrap()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let Uniqueness::Unique(solution) = solver.unique(&g).unwrap() else {
        panic!("not unique")
    };
    Rules::boxed(4, 4)
        .check(g.values(), solution.values())
        .unwrap();
    assert_eq!(solution.alphabet(), Alphabet::Standard);
    assert!(solution.to_string().starts_with("6D3EFGA974528BC1"));
    // The same puzzle written 0-9A-F reads back to the same grid.
    let zero_based = g.clone().with_alphabet(Alphabet::ZeroBased).unwrap();
    let line = zero_based.to_string();
    assert!(line.contains('0'));
    let back = Parser::new().line(&line).unwrap();
    assert_eq!((back.alphabet(), &back), (Alphabet::ZeroBased, &g));
    let solved = solver.solve(&back).unwrap().solution().unwrap();
    assert_eq!(solved, solution);
    assert_eq!(solved.alphabet(), Alphabet::ZeroBased);
    assert!(solved.to_string().starts_with("5C2DEF9863417AB0"));
}

#[test]
fn every_size_up_to_36_solves() {
    let mut rng = Rng(42);
    for (bh, bw) in [
        (1, 1),
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 4),
        (4, 5),
    ]
    .into_iter()
    .chain([(5, 5), (5, 6), (6, 6)])
    {
        let n = bh * bw;
        let rules = Rules::boxed(bh, bw);
        let full = pattern(bh, bw);
        rules.check(&full, &full).unwrap();
        // Blank 40% of a valid grid. (Random puzzles with many more blanks can send any
        // depth-first search into very long dead ends on the largest sizes.)
        let mut values = full.clone();
        for v in values.iter_mut() {
            if rng.below(100) < 40 {
                *v = 0;
            }
        }
        let puzzle = Grid::from_values(n, values).unwrap();
        let shape = Shape::boxed(bh, bw).unwrap();
        let enc = Encoding::new(shape).unwrap();
        // A budget turns a pathological search into a failure rather than a hang.
        let solver = SudokuSolver::new(&enc).with_node_budget(2_000_000);
        let solution = solver.solve(&puzzle).unwrap().solution().unwrap();
        rules
            .check(puzzle.values(), solution.values())
            .unwrap_or_else(|e| panic!("{bh}×{bw}: {e}"));
        // The puzzle round-trips through its text form, and the empty grid has a solution.
        assert_eq!(Parser::new().line(&puzzle.to_string()).unwrap(), puzzle);
        let empty = Grid::new(n).unwrap();
        let filled = solver.solve(&empty).unwrap().solution().unwrap();
        rules
            .check(empty.values(), filled.values())
            .unwrap_or_else(|e| panic!("empty {bh}×{bw}: {e}"));
    }
}

#[test]
fn large_alphabets_read_back() {
    // 25×25 written A-Y, and 36×36 as numbers separated by spaces.
    let g25 = Grid::from_values(25, pattern(5, 5))
        .unwrap()
        .with_alphabet(Alphabet::Letters)
        .unwrap();
    let line = g25.to_string();
    assert_eq!(&line[..5], "ABCDE");
    let back = Parser::new().line(&line.replace('Y', ".")).unwrap();
    assert_eq!((back.size(), back.alphabet()), (25, Alphabet::Letters));
    let enc = Encoding::new(Shape::for_size(25).unwrap()).unwrap();
    let Uniqueness::Unique(solved) = SudokuSolver::new(&enc).unique(&back).unwrap() else {
        panic!("one blank per row: unique")
    };
    assert_eq!(solved, g25);
    assert_eq!(solved.to_string(), line);

    let g36 = Grid::from_values(36, pattern(6, 6))
        .unwrap()
        .with_alphabet(Alphabet::Numbers)
        .unwrap();
    let line = g36.to_string();
    assert!(line.starts_with("1 2 3 4 5 6 7 8 9 10 11"));
    let back = Parser::new().line(&line).unwrap();
    assert_eq!((back.size(), back.alphabet()), (36, Alphabet::Numbers));
    assert_eq!(back, g36);
    let rows: Vec<String> = line
        .split(' ')
        .collect::<Vec<_>>()
        .chunks(36)
        .map(|row| row.join(" "))
        .collect();
    assert_eq!(Parser::new().grid(&rows.join("\n")).unwrap(), g36);
    let zero = Grid::from_values(36, pattern(6, 6))
        .unwrap()
        .with_alphabet(Alphabet::ZeroBased)
        .unwrap();
    let back = Parser::new()
        .line(&zero.to_string().replacen('0', ".", 1))
        .unwrap();
    assert_eq!(back.alphabet(), Alphabet::ZeroBased);
}

#[test]
fn grid_format_with_separators_and_comments() {
    let text = "\
# Wikipedia's example
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    let g = Parser::new().grid(text).unwrap();
    let compact: Grid =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
            .parse()
            .unwrap();
    assert_eq!(g, compact);
    let enc = Encoding::new(Shape::classic()).unwrap();
    let solution = SudokuSolver::new(&enc)
        .solve(&g)
        .unwrap()
        .solution()
        .unwrap();
    assert_eq!(
        solution.to_string(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    // The text rendering reads back.
    let rendered = render_text(enc.shape(), &g).unwrap();
    assert_eq!(Parser::new().grid(&rendered).unwrap(), g);
    // A row too short names its line.
    let bad = text.replace("4 . . | 8 . 3 | . . 1", "4 . . | 8 . 3 | . .");
    assert_eq!(
        Parser::new().grid(&bad).unwrap_err(),
        ParseError::WrongCellCount {
            line: 7,
            found: 8,
            expected: 9
        }
    );
    // A bad symbol names line, column and cell.
    let bad = text.replace("7 . . | . 2 .", "7 . . | . Z .");
    assert_eq!(
        Parser::new().grid(&bad).unwrap_err(),
        ParseError::BadSymbol {
            line: 8,
            column: 11,
            cell: Cell::new(5, 4),
            symbol: "Z".into(),
            size: 9,
            alphabet: Alphabet::Standard
        }
    );
}

#[test]
fn puzzle_files_name_the_line_of_each_error() {
    let text = "# comment\n\
                4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... rating 3.2\n\
                \n\
                52...6.........7.13...........4..8..6......5...........418.........3..2...87....\n\
                ..........?......................................................................\n";
    let all: Vec<_> = Parser::new().puzzles(text).collect();
    assert_eq!(all.len(), 3);
    let first = all[0].as_ref().unwrap();
    assert_eq!((first.number, first.line, first.grid.filled()), (1, 2, 17));
    assert_eq!(
        all[1].as_ref().unwrap_err(),
        &ParseError::UnknownSize { line: 4, cells: 80 }
    );
    let err = all[2].as_ref().unwrap_err();
    assert_eq!(err.line(), Some(5));
    assert_eq!(
        err.to_string(),
        "line 5, column 11, cell r2c2: \"?\" is not a digit or blank of a 9×9 puzzle (alphabet 1-9A-Z)"
    );
    // With the size fixed, the short line says how many cells it has.
    let err = Parser::new()
        .size(9)
        .puzzles(text)
        .nth(1)
        .unwrap()
        .unwrap_err();
    assert_eq!(
        err,
        ParseError::WrongCellCount {
            line: 4,
            found: 80,
            expected: 81
        }
    );
}

#[test]
fn contradicting_givens_are_reported_before_search() {
    let enc = Encoding::new(Shape::classic().with_diagonals()).unwrap();
    let solver = SudokuSolver::new(&enc);
    // Two 5s in row 1.
    let mut g = Grid::new(9).unwrap();
    g.set(Cell::new(0, 1), Some(5)).unwrap();
    g.set(Cell::new(0, 7), Some(5)).unwrap();
    let conflict = Conflict {
        digit: 5,
        first: Cell::new(0, 1),
        second: Cell::new(0, 7),
        house: HouseKind::Row(0),
    };
    assert_eq!(solver.unique(&g), Err(SolveError::Conflict(conflict)));
    assert_eq!(
        solver.count(&g, None).unwrap_err().to_string(),
        "the givens contradict each other: two 5s in row 1: r1c2 and r1c8"
    );
    // Two 3s on the anti-diagonal only.
    let mut g = Grid::new(9).unwrap();
    g.set(Cell::new(0, 8), Some(3)).unwrap();
    g.set(Cell::new(8, 0), Some(3)).unwrap();
    let Err(SolveError::Conflict(c)) = solver.solve(&g) else {
        panic!("conflict expected")
    };
    assert_eq!(c.house, HouseKind::AntiDiagonal);
    assert_eq!(enc.shape().conflicts(&g).unwrap(), [c]);
    // Fine without the diagonals.
    let plain = Encoding::new(Shape::classic()).unwrap();
    assert!(SudokuSolver::new(&plain).solve(&g).is_ok());
    // Wrong size.
    assert!(matches!(
        solver.solve(&Grid::new(4).unwrap()),
        Err(SolveError::Size(_))
    ));
}

#[test]
fn answers_for_no_solution_many_solutions_and_budgets() {
    let enc = Encoding::new(Shape::classic()).unwrap();
    let solver = SudokuSolver::new(&enc);
    let rules = Rules::boxed(3, 3);
    // r1c9 can hold nothing: 1-8 in its row, 9 in its column.
    let mut stuck = grid(&format!("12345678.{}", ".".repeat(72)));
    stuck.set(Cell::new(8, 8), Some(9)).unwrap();
    assert_eq!(solver.solve(&stuck).unwrap(), First::NoSolution);
    assert_eq!(solver.unique(&stuck).unwrap(), Uniqueness::NoSolution);
    assert_eq!(solver.count(&stuck, None).unwrap().solutions, 0);
    // A serg puzzle has two or more.
    let text = data("sudoku_serg_benchmark");
    let puzzle = Parser::new().puzzles(&text).next().unwrap().unwrap().grid;
    let Uniqueness::Multiple(a, b) = solver.unique(&puzzle).unwrap() else {
        panic!("multiple expected")
    };
    assert_ne!(a, b);
    rules.check(puzzle.values(), a.values()).unwrap();
    rules.check(puzzle.values(), b.values()).unwrap();
    let limited = solver.count(&puzzle, Some(3)).unwrap();
    assert_eq!(
        (limited.solutions, limited.stop),
        (3, Some(StopReason::SolutionLimit))
    );
    // A node budget makes the answers incomplete (the dense engine's nodes: the bitboard
    // engine needs fewer, see bitboard_stops_at_budgets_and_flags).
    let tight = solver
        .clone()
        .with_engine(SudokuEngine::Dense)
        .unwrap()
        .with_node_budget(5);
    let budget = StopReason::NodeBudget;
    assert_eq!(tight.solve(&puzzle).unwrap(), First::Incomplete(budget));
    assert_eq!(
        tight.unique(&puzzle).unwrap(),
        Uniqueness::Incomplete {
            reason: budget,
            found: None
        }
    );
    assert_eq!(tight.count(&puzzle, None).unwrap().stop, Some(budget));
}

fn first_17_clue() -> Grid {
    grid(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
}

#[test]
fn snapshot_text_classic() {
    let enc = Encoding::new(Shape::classic()).unwrap();
    let puzzle = first_17_clue();
    let solution = SudokuSolver::new(&enc)
        .solve(&puzzle)
        .unwrap()
        .solution()
        .unwrap();
    let text = format!(
        "{}\n{}",
        render_text(enc.shape(), &puzzle).unwrap(),
        render_text(enc.shape(), &solution).unwrap()
    );
    insta::assert_snapshot!("text_classic", text);
}

#[test]
fn snapshot_text_jigsaw_and_numbers() {
    let (_, shape, _, puzzle, _) = variant_cases().swap_remove(0);
    let text = render_text(&shape, &grid(puzzle)).unwrap();
    assert_eq!(Parser::new().grid(&text).unwrap(), grid(puzzle));
    insta::assert_snapshot!("text_jigsaw", text);
    let g12 = Grid::from_values(12, pattern(3, 4))
        .unwrap()
        .with_alphabet(Alphabet::Numbers)
        .unwrap();
    let shape = Shape::for_size(12).unwrap();
    let text = render_text(&shape, &g12).unwrap();
    let back = Parser::new().grid(&text).unwrap();
    assert_eq!((&back, back.alphabet()), (&g12, Alphabet::Numbers));
    insta::assert_snapshot!("text_12x12_numbers", text);
}

#[test]
fn snapshot_svg_classic() {
    let enc = Encoding::new(Shape::classic()).unwrap();
    let puzzle = first_17_clue();
    let solution = SudokuSolver::new(&enc)
        .solve(&puzzle)
        .unwrap()
        .solution()
        .unwrap();
    let svg = render_svg(enc.shape(), &puzzle, Some(&solution)).unwrap();
    assert_eq!(svg.matches("<text").count(), 81);
    assert_eq!(svg.matches("font-weight=\"bold\"").count(), 17);
    insta::assert_snapshot!("svg_classic", svg);
}

#[test]
fn snapshot_svg_jigsaw() {
    let (_, shape, _, puzzle, solution) = variant_cases().swap_remove(0);
    let svg = render_svg(&shape, &grid(puzzle), Some(&grid(solution))).unwrap();
    insta::assert_snapshot!("svg_jigsaw", svg);
}

#[test]
fn snapshot_svg_variants() {
    // Sudoku X with windows and an extra house, givens only.
    let shape = Shape::classic()
        .with_diagonals()
        .with_windows()
        .unwrap()
        .with_house([
            Cell::new(0, 4),
            Cell::new(4, 0),
            Cell::new(4, 8),
            Cell::new(8, 4),
        ])
        .unwrap();
    let mut puzzle = Grid::new(9).unwrap();
    for d in 1..=7u8 {
        let k = usize::from(d - 1) * 12;
        puzzle.set(Cell::from_index(k, 9), Some(d)).unwrap();
    }
    let svg = render_svg(&shape, &puzzle, None).unwrap();
    assert_eq!(svg.matches("<text").count(), 7);
    insta::assert_snapshot!("svg_variants", svg);
}

#[test]
fn snapshot_svg_16x16() {
    let g = Grid::from_values(16, pattern(4, 4))
        .unwrap()
        .with_alphabet(Alphabet::ZeroBased)
        .unwrap();
    let mut puzzle = g.clone();
    for k in (0..256).filter(|k| k % 3 != 0) {
        puzzle.set(Cell::from_index(k, 16), None).unwrap();
    }
    let puzzle = puzzle.with_alphabet(Alphabet::ZeroBased).unwrap();
    let svg = render_svg(&Shape::for_size(16).unwrap(), &puzzle, Some(&g)).unwrap();
    insta::assert_snapshot!("svg_16x16", svg);
}

#[test]
fn both_engines_search_the_same_tree_on_every_shape_size() {
    // The dense engine answers up to 12×12 and the links engine beyond; `prepare_dense`
    // works for every size.
    for n in [4, 6, 9, 12, 16] {
        let enc = Encoding::new(Shape::for_size(n).unwrap()).unwrap();
        let solver = SudokuSolver::new(&enc).with_node_budget(5_000);
        let empty = Grid::new(n).unwrap();
        let dense = solver
            .prepare_dense(&empty)
            .unwrap()
            .with_solution_limit(20)
            .count();
        let links = solver
            .prepare(&empty)
            .unwrap()
            .with_solution_limit(20)
            .count();
        assert_eq!(dense.solutions, links.solutions, "{n}×{n}");
        assert_eq!(dense.stats.nodes, links.stats.nodes, "{n}×{n}");
        assert_eq!(dense.stats.profile, links.stats.profile, "{n}×{n}");
        let answer = solver
            .clone()
            .with_engine(SudokuEngine::Dense)
            .unwrap()
            .count(&empty, Some(20))
            .unwrap();
        assert_eq!(
            (answer.solutions, answer.stats.nodes),
            (20, dense.stats.nodes)
        );
        for grid in solver.solutions(&empty).unwrap().take(3) {
            enc.shape().verify_solution(&empty, &grid).unwrap();
        }
    }
}

/// The bitboard engine and the dense engine on one puzzle: the same count (up to `limit`),
/// the same completeness, and, when the count is complete, the same set of solutions,
/// each checked by `rules`. `budget` bounds the dense engine's search; `false` when it ran
/// out (nothing compared).
fn engines_agree(enc: &Encoding, rules: &Rules, puzzle: &Grid, limit: u64, budget: u64) -> bool {
    let bitboard = SudokuSolver::new(enc)
        .with_engine(SudokuEngine::Bitboard)
        .unwrap();
    let dense = SudokuSolver::new(enc)
        .with_engine(SudokuEngine::Dense)
        .unwrap()
        .with_node_budget(budget);
    let want = dense.count(puzzle, Some(limit)).unwrap();
    if want.stop == Some(StopReason::NodeBudget) {
        return false;
    }
    let got = bitboard.count(puzzle, Some(limit)).unwrap();
    assert_eq!(
        (got.solutions, got.stop),
        (want.solutions, want.stop),
        "{puzzle}"
    );
    if want.is_complete() && want.solutions >= 2 {
        let mut all = bitboard.solutions(puzzle).unwrap();
        let found: HashSet<Grid> = all.by_ref().collect();
        assert!(all.is_complete());
        let expected: HashSet<Grid> = dense.solutions(puzzle).unwrap().collect();
        assert_eq!(found.len() as u64, want.solutions, "{puzzle}");
        assert_eq!(found, expected, "{puzzle}");
        for g in &found {
            if let Err(e) = rules.check(puzzle.values(), g.values()) {
                panic!("{puzzle}: {e}");
            }
        }
    }
    // The other questions agree with the count.
    let unique = bitboard.unique(puzzle).unwrap();
    match (want.solutions, want.stop) {
        (0, None) => assert_eq!(unique, Uniqueness::NoSolution),
        (1, None) => {
            let Uniqueness::Unique(g) = unique else {
                panic!("{puzzle}: not unique on the bitboard engine")
            };
            if let Err(e) = rules.check(puzzle.values(), g.values()) {
                panic!("{puzzle}: {e}");
            }
            assert_eq!(dense.solve(puzzle).unwrap(), First::Found(g));
        }
        _ if want.solutions >= 2 => assert!(matches!(unique, Uniqueness::Multiple(..))),
        _ => {}
    }
    true
}

#[test]
fn bitboard_agrees_with_dense_on_a_sample_of_tdokus_sets() {
    let enc = Encoding::new(Shape::classic()).unwrap();
    let rules = Rules::boxed(3, 3);
    let mut seen = 0;
    for entry in Parser::new().puzzles(&data("sudoku_bitboard_sample")) {
        let puzzle = entry.unwrap().grid;
        assert!(engines_agree(&enc, &rules, &puzzle, 2, u64::MAX));
        seen += 1;
    }
    assert_eq!(seen, 550);
    // Serg's puzzles have two or more solutions: the first 40 counted to 50.
    for entry in Parser::new()
        .puzzles(&data("sudoku_serg_benchmark"))
        .take(40)
    {
        assert!(engines_agree(
            &enc,
            &rules,
            &entry.unwrap().grid,
            50,
            u64::MAX
        ));
    }
}

/// The shapes the bitboard engine is compared on, with their rules built here.
fn bitboard_shapes() -> Vec<(&'static str, Shape, Rules)> {
    let boxed = |r, c| (Shape::boxed(r, c).unwrap(), Rules::boxed(r, c));
    let mut out = vec![
        ("4×4", boxed(2, 2)),
        ("6×6", boxed(2, 3)),
        ("8×8", boxed(2, 4)),
        ("9×9", boxed(3, 3)),
        ("10×10", boxed(2, 5)),
        ("12×12", boxed(3, 4)),
        ("16×16", boxed(4, 4)),
        ("latin 5", (Shape::latin(5).unwrap(), Rules::latin(5))),
    ];
    out.push((
        "9×9 X",
        (
            Shape::classic().with_diagonals(),
            Rules::boxed(3, 3).with_diagonals(),
        ),
    ));
    out.push((
        "9×9 jigsaw",
        (
            Shape::jigsaw_from_map(JIGSAW_MAP).unwrap(),
            Rules::jigsaw(JIGSAW_MAP),
        ),
    ));
    out.push((
        "9×9 windows",
        (
            Shape::classic().with_windows().unwrap(),
            Rules::boxed(3, 3).with_windows_9(),
        ),
    ));
    out.push((
        "6×6 disjoint groups",
        (
            Shape::boxed(2, 3).unwrap().with_disjoint_groups().unwrap(),
            Rules::boxed(2, 3).with_disjoint_groups(2, 3),
        ),
    ));
    // A house of three cells: each digit at most once there (a secondary item).
    let short = [Cell::new(0, 0), Cell::new(4, 4), Cell::new(8, 8)];
    out.push((
        "9×9 short house",
        (
            Shape::classic().with_house(short).unwrap(),
            Rules::boxed(3, 3).with_house(&[0, 40, 80]),
        ),
    ));
    out.into_iter().map(|(name, (s, r))| (name, s, r)).collect()
}

/// A random full grid of the shape: random givens kept while the dense engine still finds
/// a solution, then its first solution.
fn random_full_grid(enc: &Encoding, rng: &mut Rng) -> Option<Grid> {
    let n = enc.shape().size();
    let dense = SudokuSolver::new(enc)
        .with_engine(SudokuEngine::Dense)
        .unwrap()
        .with_node_budget(20_000);
    let mut grid = Grid::new(n).unwrap();
    let mut last = None;
    for _ in 0..n {
        let cell = Cell::new(rng.below(n), rng.below(n));
        let digit = rng.below(n) as u8 + 1;
        let mut next = grid.clone();
        next.set(cell, Some(digit)).unwrap();
        if enc.shape().first_conflict(&next).unwrap().is_some() {
            continue;
        }
        if let First::Found(full) = dense.solve(&next).unwrap() {
            grid = next;
            last = Some(full);
        }
    }
    last.or_else(|| dense.solve(&grid).unwrap().solution())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 16,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Random grids of every shape with clues removed (so 1 or many solutions), and with a
    /// clue changed (often none): the bitboard and dense engines count alike (to 30) and
    /// find the same solutions.
    #[test]
    fn bitboard_counts_as_the_dense_engine_on_random_puzzles(
        seed in 1u64..u64::MAX,
        keep in 0usize..100,
        spoil in proptest::prelude::any::<bool>(),
    ) {
        for (name, shape, rules) in bitboard_shapes() {
            let enc = Encoding::new(shape).unwrap();
            let n = enc.shape().size();
            let mut rng = Rng(seed);
            let Some(full) = random_full_grid(&enc, &mut rng) else { continue };
            rules.check(&vec![0; n * n], full.values()).unwrap();
            // Keep about `keep` % of the cells (many solutions when few).
            let mut puzzle = full.clone();
            for k in 0..n * n {
                if rng.below(100) >= keep {
                    puzzle.set(Cell::from_index(k, n), None).unwrap();
                }
            }
            if spoil {
                let k = rng.below(n * n);
                let other = (full.values()[k] as usize % n) as u8 + 1;
                puzzle.set(Cell::from_index(k, n), Some(other)).unwrap();
                if enc.shape().first_conflict(&puzzle).unwrap().is_some() {
                    continue;
                }
            }
            let budget = if n >= 12 { 20_000 } else { 200_000 };
            let _compared = engines_agree(&enc, &rules, &puzzle, 30, budget);
            let _ = name;
        }
    }
}

#[test]
fn bitboard_answers_on_every_shape_size_and_names_itself() {
    for n in 1..=25 {
        let Ok(shape) = Shape::for_size(n).or_else(|_| Shape::latin(n)) else {
            continue;
        };
        let enc = Encoding::new(shape).unwrap();
        let auto = SudokuSolver::new(&enc).engine();
        assert_eq!(auto, SudokuEngine::Bitboard, "{n}×{n}");
        let solver = SudokuSolver::new(&enc)
            .with_engine(SudokuEngine::Bitboard)
            .unwrap();
        assert_eq!(solver.engine(), SudokuEngine::Bitboard, "{n}×{n}");
        let empty = Grid::new(n).unwrap();
        let First::Found(grid) = solver.solve(&empty).unwrap() else {
            panic!("{n}×{n}: no grid")
        };
        enc.shape().verify_solution(&empty, &grid).unwrap();
    }
    let big = Encoding::new(Shape::for_size(36).unwrap()).unwrap();
    assert_eq!(SudokuSolver::new(&big).engine(), SudokuEngine::Links);
    let err = SudokuSolver::new(&big)
        .with_engine(SudokuEngine::Bitboard)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the bitboard engine takes grids up to 25×25, not 36×36"
    );
    // Clashing givens are named as the exact cover engines name them.
    let enc = Encoding::new(Shape::classic()).unwrap();
    let clash = grid(&format!("5.......5{}", ".".repeat(72)));
    for engine in [SudokuEngine::Bitboard, SudokuEngine::Dense] {
        let solver = SudokuSolver::new(&enc).with_engine(engine).unwrap();
        let err = solver.unique(&clash).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the givens contradict each other: two 5s in row 1: r1c1 and r1c9"
        );
    }
}

#[test]
fn bitboard_stops_at_budgets_and_flags() {
    let enc = Encoding::new(Shape::classic()).unwrap();
    let empty = Grid::new(9).unwrap();
    let solver = SudokuSolver::new(&enc).with_node_budget(1);
    assert_eq!(solver.engine(), SudokuEngine::Bitboard);
    // The root is one node; the first guess would be the second.
    assert_eq!(
        solver.solve(&empty).unwrap(),
        First::Incomplete(StopReason::NodeBudget)
    );
    let count = solver.count(&empty, None).unwrap();
    assert_eq!(
        (count.solutions, count.stop),
        (0, Some(StopReason::NodeBudget))
    );
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = SudokuSolver::new(&enc).with_cancel_flag(flag);
    assert_eq!(
        cancelled.count(&empty, None).unwrap().stop,
        Some(StopReason::Cancelled)
    );
    // A whole count: the 4×4 grids, nodes counted.
    let enc4 = Encoding::new(Shape::for_size(4).unwrap()).unwrap();
    let all = SudokuSolver::new(&enc4)
        .count(&Grid::new(4).unwrap(), None)
        .unwrap();
    assert_eq!((all.solutions, all.is_complete()), (288, true));
    assert!(all.stats.nodes > 1 && all.stats.nodes < 288 * 4);
}

/// Every puzzle of every set in `DLX_SUDOKU_SETS` (a folder of tdoku's sets, such as
/// `../shared/data/sudoku`): the bitboard engine against the dense engine, counting to
/// 2 (`puzzles7_serg_benchmark`: every solution, 1,982,741 in all). Release build advised:
/// `DLX_SUDOKU_SETS=../shared/data/sudoku cargo test --release -p dlx-sudoku --test sudoku
/// -- --ignored bitboard_agrees_on_whole_sets`.
#[test]
#[ignore = "minutes; reads the folder named by DLX_SUDOKU_SETS"]
fn bitboard_agrees_on_whole_sets() {
    let Some(dir) = std::env::var_os("DLX_SUDOKU_SETS") else {
        eprintln!(
            "DLX_SUDOKU_SETS is not set: nothing to compare (give it the folder of the sets)"
        );
        return;
    };
    let enc = Encoding::new(Shape::classic()).unwrap();
    let bitboard = SudokuSolver::new(&enc);
    let dense = SudokuSolver::new(&enc)
        .with_engine(SudokuEngine::Dense)
        .unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder DLX_SUDOKU_SETS names")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("puzzles"))
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no puzzles* files in {}",
        dir.to_string_lossy()
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let all = path.to_string_lossy().contains("serg");
        let limit = if all { None } else { Some(2) };
        let (mut puzzles, mut solutions) = (0u64, 0u64);
        for entry in Parser::new().puzzles(&text) {
            let entry = entry.unwrap();
            let got = bitboard.count(&entry.grid, limit).unwrap();
            let want = dense.count(&entry.grid, limit).unwrap();
            assert_eq!(
                (got.solutions, got.stop),
                (want.solutions, want.stop),
                "{}:{}",
                path.display(),
                entry.line
            );
            if let Uniqueness::Unique(g) = bitboard.unique(&entry.grid).unwrap() {
                enc.shape().verify_solution(&entry.grid, &g).unwrap();
                assert_eq!(dense.solve(&entry.grid).unwrap(), First::Found(g));
            }
            puzzles += 1;
            solutions += got.solutions;
        }
        eprintln!(
            "{}: {puzzles} puzzles agree ({solutions} solutions)",
            path.display()
        );
        if all {
            assert_eq!(solutions, 1_982_741);
        }
    }
}

#[test]
fn bitboard_with_more_than_128_full_houses() {
    // The rows again, twelve times over: 135 full houses, the same puzzles.
    let mut shape = Shape::classic();
    for _ in 0..12 {
        for r in 0..9 {
            shape = shape.with_house((0..9).map(|c| Cell::new(r, c))).unwrap();
        }
    }
    let many = Encoding::new(shape).unwrap();
    let classic = Encoding::new(Shape::classic()).unwrap();
    let rules = Rules::boxed(3, 3);
    let text = data("sudoku_bitboard_sample");
    for entry in Parser::new().puzzles(&text).skip(200).take(20) {
        let puzzle = entry.unwrap().grid;
        let want = SudokuSolver::new(&classic).unique(&puzzle).unwrap();
        assert_eq!(SudokuSolver::new(&many).unique(&puzzle).unwrap(), want);
        assert!(engines_agree(&many, &rules, &puzzle, 2, u64::MAX));
    }
    let serg = data("sudoku_serg_benchmark");
    let puzzle = Parser::new().puzzles(&serg).next().unwrap().unwrap().grid;
    assert!(engines_agree(&many, &rules, &puzzle, 30, u64::MAX));
}
