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

use benches::data::sudoku_set;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use dlx_sudoku::sudoku::{Encoding, Grid, Parser, Shape, SudokuEngine, SudokuSolver};

/// The sets: name (in `shapes/`), the jigsaw map beside it if any, and the engines timed
/// (links is left out where it takes minutes).
const SETS: &[(&str, Option<&str>, &[SudokuEngine])] = &[
    ("jigsaw-a", Some("jigsaw-a.map"), &ALL),
    ("jigsaw-b", Some("jigsaw-b.map"), &ALL),
    ("10x10-minimal", None, &ALL),
    ("12x12-minimal", None, &ALL),
    ("16x16-55", None, &ALL),
    ("16x16-minimal", None, &ALL),
    ("25x25-60", None, &ALL),
];

const ALL: [SudokuEngine; 3] = [
    SudokuEngine::Bitboard,
    SudokuEngine::Dense,
    SudokuEngine::Links,
];

fn shape_of(map: Option<&str>, size: usize) -> Shape {
    match map {
        Some(file) => {
            let path = format!("{}/data/sudoku/shapes/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            Shape::jigsaw_from_map(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
        None => Shape::for_size(size).expect("a size with boxes"),
    }
}

fn shapes(c: &mut Criterion) {
    for &(name, map, engines) in SETS {
        let lines = sudoku_set(&format!("shapes/{name}.txt")).unwrap_or_else(|e| panic!("{e}"));
        let size = (lines[0].len() as f64).sqrt() as usize;
        let parser = Parser::new().size(size);
        let grids: Vec<Grid> = lines
            .iter()
            .map(|l| parser.line(l).unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        let encoding = Encoding::new(shape_of(map, size)).expect("a shape");
        let solvers: Vec<SudokuSolver<'_>> = engines
            .iter()
            .map(|&e| SudokuSolver::new(&encoding).with_engine(e).expect("fits"))
            .collect();
        let answer =
            |s: &SudokuSolver<'_>, g: &Grid| s.count(g, Some(2)).expect("a valid puzzle").solutions;
        // The check: every engine, every puzzle, the same answer.
        for g in &grids {
            let want = answer(&solvers[0], g);
            for (k, s) in solvers.iter().enumerate().skip(1) {
                assert_eq!(answer(s, g), want, "{name}: {}: {}", engines[k].name(), g);
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
            group.bench_function(engines[k].name(), |b| {
                b.iter(|| black_box(grids.iter().map(|g| answer(s, g)).sum::<u64>()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, shapes);
criterion_main!(benches);
