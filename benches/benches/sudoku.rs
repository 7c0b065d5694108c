//! Sudoku uniqueness checking, as in tdoku's benchmark: for every puzzle, find up to two
//! solutions (0: none, 1: unique, 2: several). Sets from tdoku's benchmark, copied into
//! `benches/data/sudoku`: all 49,158 17-clue puzzles, magictour's top 1465, the first 5,000
//! of the forum's hardest list rated 11+, and the forum's hardest of 2011-06 (issue 7).
//!
//! Engines:
//!
//! - `dlx-core` through `dlx_sudoku::sudoku::SudokuSolver::count(puzzle, Some(2))`: a copy of
//!   the dense engine's prebuilt root state for the empty grid (`DenseSolver`, the same
//!   search tree as DLX1), the givens preselected, the search stopped at the second
//!   solution. The links engine's figures are in the `sudoku_interleaved` example.
//! - the `sudoku` crate 0.8.0 (`Sudoku::solutions_count_up_to(2)`), a bit-parallel port of
//!   JCZSolve, a specialised Sudoku solver. Its licence is AGPL-3.0: it is a dev-dependency
//!   of this unpublished benchmark crate only, never of a published crate.
//! - the `dlx` crate 0.8.5 on a plain DLX encoding (`benches::peer_sudoku::DlxSudoku`:
//!   Knuth's `sudoku-dlx`, 324 items, 729 options): a copy of its prebuilt links, the givens'
//!   items covered, `next_solution` called until two solutions are found or the tree is
//!   exhausted.
//!
//! Before timing, every engine answers every puzzle of the set and the answers are compared
//! (all three must agree on every puzzle; in these sets every puzzle has exactly one
//! solution). Puzzles are parsed before timing (our `Grid`, the crate's `Sudoku`, 81 values
//! for the DLX encoding); parsing is not timed.
//!
//! How a set is timed: it is split into `n` chunks of equal size (`n` = the smallest divisor
//! of the set's size that is at least 10); one criterion iteration solves the next chunk, in
//! file order, cyclically; flat sampling with `n` samples, so every measurement covers the
//! whole set a whole number of times (at least twice, or for at least a second). Throughput
//! is reported in puzzles per second (`Throughput::Elements`, the chunk's size).
//!
//! `cargo bench -p benches --bench sudoku` (under two minutes); one set:
//! `-- sudoku/puzzles2_17_clue` (the answer checks of every set still run first). On a
//! shared machine, the `sudoku_interleaved` example (whole passes of each engine in turn)
//! gives steadier ratios.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::data::{sudoku_set, SUDOKU_SETS};
use benches::peer_sudoku::{values, DlxSudoku};
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use dlx_sudoku::sudoku::{Encoding, Grid, Shape, SudokuSolver};
// AGPL-3.0: a dev-dependency of this unpublished benchmark crate only.
use sudoku::Sudoku;

/// The number of chunks a set of `len` puzzles is timed in: the smallest divisor of `len`
/// that is at least 10 (criterion's least sample size), so that all chunks are equal.
fn chunk_count(len: usize) -> usize {
    (10..=len.max(10)).find(|n| len % n == 0).unwrap_or(len)
}

/// Runs `answer` on every puzzle, returning the answers and the time of the pass.
fn pass<T>(puzzles: &[T], mut answer: impl FnMut(&T) -> u64) -> (Vec<u64>, Duration) {
    let start = Instant::now();
    let answers = puzzles.iter().map(&mut answer).collect();
    (answers, start.elapsed())
}

fn bench_set(c: &mut Criterion, name: &str, size: usize, encoding: &Encoding) {
    let lines = sudoku_set(name).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lines.len(), size, "{name}: puzzles");

    let grids: Vec<Grid> = lines
        .iter()
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{name}: {l}: {e}")))
        .collect();
    let crate_puzzles: Vec<Sudoku> = lines
        .iter()
        .map(|l| Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{name}: {l}: {e:?}")))
        .collect();
    let dlx_puzzles: Vec<[u8; 81]> = lines
        .iter()
        .map(|l| values(l).unwrap_or_else(|| panic!("{name}: {l}: not 81 characters")))
        .collect();

    let ours = SudokuSolver::new(encoding);
    let peer = DlxSudoku::new();
    let solve_ours = |g: &Grid| ours.count(g, Some(2)).expect("a valid puzzle").solutions;
    let solve_crate = |s: &Sudoku| s.solutions_count_up_to(2) as u64;
    let solve_dlx = |v: &[u8; 81]| peer.count_up_to_2(v);

    // The check: every engine answers every puzzle, and the answers agree.
    let (want, t_ours) = pass(&grids, solve_ours);
    let (got_crate, t_crate) = pass(&crate_puzzles, solve_crate);
    let (got_dlx, t_dlx) = pass(&dlx_puzzles, solve_dlx);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(got_crate[k], want[k], "{name}: {line}: sudoku 0.8.0");
        assert_eq!(got_dlx[k], want[k], "{name}: {line}: dlx 0.8.5");
    }
    let unique = want.iter().filter(|&&n| n == 1).count();
    eprintln!(
        "{name}: {size} puzzles, {unique} unique, {} none, {} multiple; every engine agrees \
         (check pass: dlx-core {:.2?}, sudoku 0.8.0 {:.2?}, dlx 0.8.5 {:.2?})",
        want.iter().filter(|&&n| n == 0).count(),
        want.iter().filter(|&&n| n >= 2).count(),
        t_ours,
        t_crate,
        t_dlx
    );

    let chunks = chunk_count(size);
    let chunk = size / chunks;
    // At least two passes, or a second.
    let target = |one_pass: Duration| (one_pass * 2).max(Duration::from_secs(1));

    let mut group = c.benchmark_group(format!("sudoku/{name}"));
    group
        .sample_size(chunks)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(chunk as u64));

    group.measurement_time(target(t_ours));
    bench_chunks(&mut group, "dlx-core", &grids, (chunk, chunks), solve_ours);
    group.measurement_time(target(t_crate));
    bench_chunks(
        &mut group,
        "sudoku 0.8.0",
        &crate_puzzles,
        (chunk, chunks),
        solve_crate,
    );
    group.measurement_time(target(t_dlx));
    bench_chunks(
        &mut group,
        "dlx 0.8.5 (DLX encoding)",
        &dlx_puzzles,
        (chunk, chunks),
        solve_dlx,
    );
    group.finish();
}

/// Times one engine: each iteration solves the next of `chunks` chunks of `chunk` puzzles
/// (cycling through them), so every sample covers different puzzles and the set is seen.
fn bench_chunks<T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    puzzles: &[T],
    (chunk, chunks): (usize, usize),
    solve: impl Fn(&T) -> u64,
) {
    let mut next = 0;
    group.bench_function(label, |b| {
        b.iter(|| {
            let start = next * chunk;
            next = (next + 1) % chunks;
            let solutions: u64 = puzzles[start..start + chunk].iter().map(&solve).sum();
            black_box(solutions)
        })
    });
}

fn sudoku_sets(c: &mut Criterion) {
    let encoding = Encoding::new(Shape::classic()).expect("the classic shape");
    for &(name, size) in SUDOKU_SETS {
        bench_set(c, name, size, &encoding);
    }
}

criterion_group!(benches, sudoku_sets);
criterion_main!(benches);
