//! Makes Sudoku puzzles of any shape for measuring the engines: random givens added until
//! the puzzle is unique, then removed again in random order while it stays unique (so each
//! puzzle is minimal: every given is needed), each check a uniqueness search on the
//! bitboard engine with a node budget (a check past the budget keeps the given). With
//! `--random-jigsaw`, the regions are random too: the boxes reshaped by exchanging cells
//! of neighbouring regions while both stay connected; the map is written to `MAP` first.
//!
//! ```text
//! cargo run --release -p benches --example sudoku_generate -- --shape 4x4 COUNT SEED > sixteen.txt
//! cargo run --release -p benches --example sudoku_generate -- --jigsaw MAP COUNT SEED > jigsaw.txt
//! cargo run --release -p benches --example sudoku_generate -- --random-jigsaw MAP COUNT SEED > jigsaw.txt
//! ```
//!
//! With `KEEP=P` in the environment, each puzzle is instead a random solution with P % of
//! its cells kept (often with several solutions).
//!
//! Puzzles go to standard output, one line each, as `dlx sudoku` reads them (with
//! `--jigsaw MAP` for the jigsaw ones).

use std::process::ExitCode;

use benches::data::jigsaw_shape;
use dlx_sudoku::sudoku::{Cell, Encoding, Grid, Shape, SudokuEngine, SudokuSolver};
use dlx_sudoku::variant::rules::sample::Rng;

/// Shuffles `v` in place (Fisher-Yates).
fn shuffle<T>(rng: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}

/// The cells next to cell `k` of an `n`×`n` grid (up, down, left, right).
fn neighbours(k: usize, n: usize) -> Vec<usize> {
    let (row, col) = (k / n, k % n);
    let mut next = Vec::with_capacity(4);
    if row > 0 {
        next.push(k - n);
    }
    if row + 1 < n {
        next.push(k + n);
    }
    if col > 0 {
        next.push(k - 1);
    }
    if col + 1 < n {
        next.push(k + 1);
    }
    next
}

/// Whether the cells of region `r` are connected (orthogonally).
fn connected(regions: &[usize], n: usize, r: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&k| regions[k] == r).collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(k) = stack.pop() {
        for m in neighbours(k, n) {
            if !seen[m] && regions[m] == r {
                seen[m] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == cells.len()
}

/// Random jigsaw regions of a 9×9 grid: the boxes, reshaped by many exchanges of two cells
/// on the border of two regions that leave both connected.
fn random_regions(rng: &mut Rng) -> Vec<usize> {
    let n = 9;
    let mut regions: Vec<usize> = (0..n * n).map(|k| (k / n) / 3 * 3 + (k % n) / 3).collect();
    let mut done = 0;
    while done < 400 {
        // A cell `a` of region A next to region B, and a cell `b` of B next to A.
        let a = rng.below(n * n);
        let nb = neighbours(a, n);
        let other = nb[rng.below(nb.len())];
        let (ra, rb) = (regions[a], regions[other]);
        if ra == rb {
            continue;
        }
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&k| regions[k] == rb && neighbours(k, n).iter().any(|&m| regions[m] == ra))
            .collect();
        let b = candidates[rng.below(candidates.len())];
        regions[a] = rb;
        regions[b] = ra;
        if connected(&regions, n, ra) && connected(&regions, n, rb) {
            done += 1;
        } else {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
    regions
}

/// The number of solutions up to 2 (0 when two givens clash), or `None` past the node
/// budget.
fn count(solver: &SudokuSolver<'_>, grid: &Grid) -> Option<u64> {
    // Givens that clash: no solution.
    let Ok(c) = solver.count(grid, Some(2)) else {
        return Some(0);
    };
    match c.stop {
        None | Some(dlx_sudoku::StopReason::SolutionLimit) => Some(c.solutions),
        Some(_) => None,
    }
}

/// A minimal unique puzzle: random givens added until it is unique, then removed again
/// while it stays so; `None` when the search budget ran out while adding givens.
fn puzzle(solver: &SudokuSolver<'_>, n: usize, rng: &mut Rng) -> Option<Grid> {
    let mut grid = Grid::new(n).expect("a size");
    let mut empty: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut empty);
    // Add givens until unique.
    loop {
        let k = empty.pop()?;
        let cell = Cell::new(k / n, k % n);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        shuffle(rng, &mut digits);
        let mut settled = false;
        for d in digits {
            grid.set(cell, Some(d)).expect("a digit");
            let c = count(solver, &grid);
            if std::env::var_os("GEN_DEBUG").is_some() {
                eprintln!("{} {d} -> {c:?}", grid.filled());
            }
            match c? {
                0 => continue,
                1 => return Some(minimise(solver, grid, n, rng)),
                _ => {
                    settled = true;
                    break;
                }
            }
        }
        if !settled {
            return None;
        }
    }
}

/// A random solution with `percent` of its cells kept (not always unique).
fn sample(solver: &SudokuSolver<'_>, n: usize, rng: &mut Rng, percent: usize) -> Option<Grid> {
    // The first row a random permutation: the solver completes it.
    let mut first = Grid::new(n).expect("a size");
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    shuffle(rng, &mut digits);
    for (c, &d) in digits.iter().enumerate() {
        first.set(Cell::new(0, c), Some(d)).expect("a digit");
    }
    let dlx_sudoku::First::Found(full) = solver.solve(&first).ok()? else {
        return None;
    };
    let mut grid = Grid::new(n).expect("a size");
    for k in 0..n * n {
        if rng.below(100) < percent {
            let cell = Cell::new(k / n, k % n);
            grid.set(cell, full.get(cell)).expect("a digit");
        }
    }
    Some(grid)
}

/// Removes givens in random order while the puzzle stays unique.
fn minimise(solver: &SudokuSolver<'_>, mut grid: Grid, n: usize, rng: &mut Rng) -> Grid {
    let mut order: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut order);
    for k in order {
        let cell = Cell::new(k / n, k % n);
        let Some(d) = grid.get(cell) else { continue };
        grid.set(cell, None).expect("a cell");
        if count(solver, &grid) != Some(1) {
            grid.set(cell, Some(d)).expect("a digit");
        }
    }
    grid
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: sudoku_generate (--shape RxC | --jigsaw MAP | --random-jigsaw MAP) COUNT SEED";
    // `KEEP=P` in the environment: a random solution with P % of its cells kept instead.
    let keep: Option<usize> = std::env::var("KEEP").ok().and_then(|k| k.parse().ok());
    if args.len() != 4 {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    }
    let (Ok(total), Ok(seed)) = (args[2].parse::<usize>(), args[3].parse::<u64>()) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let mut rng = Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let shape = match args[0].as_str() {
        "--shape" => {
            let Some((r, c)) = args[1]
                .split_once('x')
                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            else {
                eprintln!("{usage}");
                return ExitCode::FAILURE;
            };
            Shape::boxed(r, c)
        }
        "--jigsaw" => match jigsaw_shape(std::path::Path::new(&args[1])) {
            Ok(s) => Ok(s),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
        "--random-jigsaw" => {
            let regions = random_regions(&mut rng);
            let map: String = regions
                .chunks(9)
                .map(|row| {
                    row.iter()
                        .map(|&r| char::from(b'A' + r as u8))
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            if let Err(e) = std::fs::write(&args[1], &map) {
                eprintln!("{}: {e}", args[1]);
                return ExitCode::FAILURE;
            }
            Shape::jigsaw(9, &regions)
        }
        _ => {
            eprintln!("{usage}");
            return ExitCode::FAILURE;
        }
    };
    let shape = match shape {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let n = shape.size();
    let encoding = Encoding::new(shape).expect("a shape");
    let solver = SudokuSolver::new(&encoding)
        .with_engine(SudokuEngine::Bitboard)
        .expect("up to 25×25")
        .with_node_budget(20_000);
    let mut made = 0;
    let mut tries = 0;
    while made < total {
        tries += 1;
        if tries > total * 20 + 100 {
            eprintln!("gave up after {tries} tries: {made} puzzles made");
            return ExitCode::FAILURE;
        }
        let grid = match keep {
            Some(percent) => sample(&solver, n, &mut rng, percent),
            None => puzzle(&solver, n, &mut rng),
        };
        if let Some(grid) = grid {
            println!("{}", grid.to_line());
            made += 1;
        }
    }
    ExitCode::SUCCESS
}
