//! Sudoku uniqueness checking, the engines timed in alternation (`SudokuSolver` on its
//! default, the bitboard engine; the `sudoku` crate; the `dlx` crate; and `SudokuSolver`
//! on `dlx-core`'s dense and links engines): one pass over a whole set by
//! each engine in turn, round after round, so that a shared machine's changing load
//! falls on all of them alike. The robust companion of `cargo bench --bench sudoku` (same
//! engines, same question: up to two solutions per puzzle) for this project's noisy
//! machines:
//!
//! ```text
//! cargo run --profile bench -p benches --example sudoku_interleaved -- puzzles2_17_clue 5
//! ```
//!
//! Arguments: `SET [ROUNDS]` (a set in `benches/data/sudoku`, or the path of a set file such
//! as `../shared/data/sudoku/puzzles7_serg_benchmark`; 5 rounds when not given). "dlx
//! bitboard" is the bitboard engine's 9×9 band path; with `DLX_BITBOARD=general` in the
//! environment it is the general bitboard engine instead (the default before the band path).
//! Before timing, every engine answers every puzzle and the answers are compared. Prints
//! each engine's best and median throughput (puzzles per second) and the ratios ours /
//! peer, from the best and from the median pass.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::best_and_median;
use benches::data::sudoku_set;
use benches::peer_sudoku::{values, DlxSudoku};
use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuEngine, SudokuSolver};
// AGPL-3.0: a dev-dependency of this unpublished benchmark crate only.
use sudoku::Sudoku;

/// Times one pass of `answer` over every puzzle; returns the sum of the answers too, so that
/// the pass cannot be optimised away.
fn pass<T>(puzzles: &[T], answer: impl Fn(&T) -> u64) -> (Duration, u64) {
    let start = Instant::now();
    let total = puzzles.iter().map(answer).sum();
    (start.elapsed(), total)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: sudoku_interleaved SET [ROUNDS]");
        return ExitCode::FAILURE;
    };
    let rounds = match args.get(1).map(|r| r.parse::<usize>()) {
        None => 5,
        Some(Ok(r)) if r > 0 => r,
        Some(_) => {
            eprintln!("ROUNDS must be a positive integer");
            return ExitCode::FAILURE;
        }
    };
    let from_file = std::path::Path::new(name).is_file();
    let lines = match if from_file {
        std::fs::read_to_string(name)
            .map(|t| {
                t.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(String::from)
                    .collect()
            })
            .map_err(|e| e.to_string())
    } else {
        sudoku_set(name).map_err(|e| e.to_string())
    } {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let grids: Vec<Grid> = lines.iter().map(|l| l.parse().expect("a puzzle")).collect();
    let crate_puzzles: Vec<Sudoku> = lines
        .iter()
        .map(|l| Sudoku::from_str_line(l).expect("a puzzle"))
        .collect();
    let dlx_puzzles: Vec<[u8; 81]> = lines
        .iter()
        .map(|l| values(l).expect("81 characters"))
        .collect();

    let encoding = Encoding::new(Shape::classic()).expect("the classic shape");
    let ours = SudokuSolver::new(&encoding);
    let dense = SudokuSolver::new(&encoding)
        .with_engine(SudokuEngine::Dense)
        .expect("the dense engine takes 9×9");
    let peer = DlxSudoku::new();
    let solve_ours = |g: &Grid| ours.count(g, Some(2)).expect("a valid puzzle").solutions;
    let solve_crate = |s: &Sudoku| s.solutions_count_up_to(2) as u64;
    let solve_dlx = |v: &[u8; 81]| peer.count_up_to_2(v);
    let solve_dense = |g: &Grid| dense.count(g, Some(2)).expect("a valid puzzle").solutions;
    // The links engine through the same solver.
    let solve_links = |g: &Grid| {
        ours.prepare(g)
            .expect("a valid puzzle")
            .with_solution_limit(2)
            .count()
            .solutions
    };

    // The check: the five engines agree on every puzzle.
    for (k, line) in lines.iter().enumerate() {
        let want = solve_ours(&grids[k]);
        assert_eq!(solve_crate(&crate_puzzles[k]), want, "{line}: sudoku 0.8.0");
        assert_eq!(solve_dlx(&dlx_puzzles[k]), want, "{line}: dlx 0.8.5");
        assert_eq!(solve_links(&grids[k]), want, "{line}: dlx-core links");
        assert_eq!(solve_dense(&grids[k]), want, "{line}: dlx-core dense");
    }

    // The size of our searches: nodes a puzzle on the bitboard engine (the root and every
    // guess) and on the exact cover engines (Knuth's nodes and updates).
    let (mut bit_nodes, mut nodes, mut updates) = (0u64, 0u64, 0u64);
    for g in &grids {
        bit_nodes += ours.count(g, Some(2)).expect("a valid puzzle").stats.nodes;
        let stats = ours
            .prepare(g)
            .expect("a valid puzzle")
            .with_solution_limit(2)
            .count()
            .stats;
        nodes += stats.nodes;
        updates += stats.updates;
    }

    let mut times: [Vec<Duration>; 5] = Default::default();
    for _ in 0..rounds {
        times[0].push(pass(&grids, solve_ours).0);
        times[1].push(pass(&crate_puzzles, solve_crate).0);
        times[2].push(pass(&dlx_puzzles, solve_dlx).0);
        times[3].push(pass(&grids, solve_dense).0);
        times[4].push(pass(&grids, solve_links).0);
    }
    let n = lines.len() as f64;
    let (best, mid): (Vec<Duration>, Vec<Duration>) =
        times.iter_mut().map(|t| best_and_median(t)).unzip();
    let rate = |d: Duration| n / d.as_secs_f64();
    println!(
        "{name}: {} puzzles, {rounds} rounds; bitboard {:.2} nodes a puzzle; exact cover {:.1} nodes and {:.0} updates",
        lines.len(),
        bit_nodes as f64 / n,
        nodes as f64 / n,
        updates as f64 / n
    );
    for (k, engine) in [
        "dlx bitboard",
        "sudoku 0.8.0",
        "dlx 0.8.5",
        "dlx-core dense",
        "dlx-core links",
    ]
    .iter()
    .enumerate()
    {
        print!(
            "{engine:>13}: best {:>9.0}/s, median {:>9.0}/s",
            rate(best[k]),
            rate(mid[k])
        );
        if k > 0 {
            print!(
                "; ours/peer best {:.3}, median {:.3}",
                best[k].as_secs_f64() / best[0].as_secs_f64(),
                mid[k].as_secs_f64() / mid[0].as_secs_f64()
            );
        }
        println!();
    }
    ExitCode::SUCCESS
}
