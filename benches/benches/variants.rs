//! Variant Sudoku: the time to compile a puzzle into exact cover, solve it and prove the
//! solution unique (`VariantSolver::new` then `unique`), per puzzle.
//!
//! The puzzles are the test set of `dlx-sudoku/tests/variant.rs`: Dune (7 killer cages, 6
//! thermometers, 6 black dots, no givens), the Miracle Sudoku (anti-knight, anti-king,
//! non-consecutive, two givens), and the generated 9×9 set (`set-*.toml`: thermometers;
//! killer cages; arrows and pills; Kropki with both negative rules; whispers, renban,
//! palindromes and region sums; little killers and XV with the negative rule; between,
//! zipper, same-difference, parity, entropic and nabner lines). Before timing, each puzzle is
//! checked to be unique with its published solution.
//!
//! Run with `cargo bench -p benches --bench variants`. Slow puzzles use flat sampling (10
//! iterations per sample, 10 samples).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::{
    from_toml, AntiKing, AntiKnight, NonConsecutive, VariantPuzzle, VariantSolver,
};
use dlx_sudoku::Uniqueness;

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../dlx-sudoku/tests/data/variants"
);

fn puzzles() -> Vec<(String, VariantPuzzle)> {
    let mut out = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(DATA)
        .expect("the test data folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    for name in names {
        let text = std::fs::read_to_string(format!("{DATA}/{name}")).expect("readable");
        let p = from_toml(&text).expect("a valid puzzle");
        out.push((name.trim_end_matches(".toml").to_string(), p));
    }
    let mut miracle = VariantPuzzle::new(Shape::classic());
    miracle
        .givens
        .set(Cell::new(4, 2), Some(1))
        .expect("in the grid");
    miracle
        .givens
        .set(Cell::new(5, 6), Some(2))
        .expect("in the grid");
    miracle.constraints = vec![AntiKnight.into(), AntiKing.into(), NonConsecutive.into()];
    out.push(("miracle".to_string(), miracle));
    out
}

fn bench(c: &mut Criterion) {
    for (name, p) in puzzles() {
        let start = std::time::Instant::now();
        let answer = VariantSolver::new(&p).expect("compiles").unique();
        let once = start.elapsed();
        let Uniqueness::Unique(s) = answer else {
            panic!("{name} is not unique")
        };
        if let Some(expected) = &p.solution {
            assert_eq!(&s.grid, expected, "{name}: wrong solution");
        }
        let mut group = c.benchmark_group(format!("variant/{name}"));
        if once > Duration::from_millis(200) {
            group.sampling_mode(SamplingMode::Flat);
            group.sample_size(10);
            group.measurement_time(once * 12);
        }
        group.bench_function("solve+unique", |b| {
            b.iter(|| {
                black_box(
                    VariantSolver::new(black_box(&p))
                        .expect("compiles")
                        .unique(),
                )
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
