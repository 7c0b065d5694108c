//! Sudoku of other shapes, uniqueness (up to two solutions a puzzle), the three engines of
//! `SudokuSolver` side by side: the bitboard engine (the default), `dlx-core`'s dense engine
//! and its dancing links (issue 38: 16×16 and jigsaw puzzles). The sets are in
//! `benches/data/sudoku/shapes/` (made by the `sudoku_generate` example; see the README
//! there): minimal puzzles of random jigsaw regions, of 10×10, 12×12 and 16×16, and random
//! 16×16 and 25×25 solutions with 55 % and 60 % of their cells kept.
//!
//! Before timing, the three engines answer every puzzle and the answers are compared. Each
//! iteration answers the whole set; throughput in puzzles per second.
//!
//! `cargo bench -p benches --bench sudoku_shapes` (a few minutes); one set:
//! `-- shapes/jigsaw-a`. On a shared machine the `sudoku_engines` example (whole passes of
//! each engine in turn) gives steadier ratios.

use std::hint::black_box;
use std::time::Duration;

use benches::data::shape_set;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use dlx_sudoku::sudoku::{Encoding, Grid, SudokuEngine, SudokuSolver};

/// The sets (in `shapes/`).
const SETS: &[&str] = &[
    "jigsaw-a",
    "jigsaw-b",
    "10x10-minimal",
    "12x12-minimal",
    "16x16-55",
    "16x16-minimal",
    "25x25-60",
];

/// The engines timed, side by side.
const ENGINES: [SudokuEngine; 3] = [
    SudokuEngine::Bitboard,
    SudokuEngine::Dense,
    SudokuEngine::Links,
];

fn shapes(c: &mut Criterion) {
    for &name in SETS {
        let (shape, grids) = shape_set(name).unwrap_or_else(|e| panic!("{e}"));
        let encoding = Encoding::new(shape).expect("a shape");
        let solvers: Vec<SudokuSolver<'_>> = ENGINES
            .iter()
            .map(|&e| SudokuSolver::new(&encoding).with_engine(e).expect("fits"))
            .collect();
        let answer =
            |s: &SudokuSolver<'_>, g: &Grid| s.count(g, Some(2)).expect("a valid puzzle").solutions;
        // The check: every engine, every puzzle, the same answer.
        for g in &grids {
            let want = answer(&solvers[0], g);
            for (k, s) in solvers.iter().enumerate().skip(1) {
                assert_eq!(answer(s, g), want, "{name}: {}: {}", ENGINES[k].name(), g);
            }
        }
        let mut group = c.benchmark_group(format!("shapes/{name}"));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .throughput(Throughput::Elements(grids.len() as u64));
        for (k, s) in solvers.iter().enumerate() {
            group.bench_function(ENGINES[k].name(), |b| {
                b.iter(|| black_box(grids.iter().map(|g| answer(s, g)).sum::<u64>()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, shapes);
criterion_main!(benches);
