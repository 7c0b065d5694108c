//! The `memo` group (issue 21): the memoised count (DXZ) side by side with plain
//! enumeration in one run, and uniform sampling.
//!
//! - `dominoes8x8`: the 12,988,816 domino tilings of 8×8 (`dlx_sudoku::polyomino::Tiles`),
//!   memo (`first` order) against the dense engine, the fastest enumerating engine;
//! - `dominoes12x12`, `dominoes16x16`: memo only (enumeration would take years);
//! - `pent6x10` (`dlx-core/tests/data`): memo with the fall-back (what `dlx count --memo`
//!   does), memo forced to the end, and the dense engine;
//! - `q12`: the same three, where the memo does not pay;
//! - `sample12x12`: 10,000 uniform draws from the diagram of 12×12 tilings (built once,
//!   untimed), and the diagram's construction;
//! - `tour3x8`, `tour4x5` (open), `tour3x10closed`: knight's tours counted by the board's
//!   frontier (`dlx tour --count --memo`) against the exact cover problem's enumeration on
//!   the dense engine and its memoised count (`dlx_sudoku::tour_count`).
//!
//! Every routine checks its count against the dense engine's (or, past enumeration, the
//! memo's two orders against each other) before timing.
//!
//! `cargo bench -p benches --bench memo` (a few minutes).

use std::hint::black_box;
use std::time::Duration;

use benches::load;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_core::{BigUint, DenseSolver, ItemOrder, MemoSolver, Problem};
use dlx_sudoku::polyomino::Tiles;
use dlx_sudoku::tour_count::frontier::{count_tours, FrontierOptions};
use dlx_sudoku::tour_count::{TourCount, TourKind};

fn dominoes(n: usize) -> Problem {
    Tiles::dominoes(n, n).expect("a board").problem().clone()
}

fn memo_count(p: &Problem, order: ItemOrder, fallback: bool) -> BigUint {
    let c = MemoSolver::new(p)
        .expect("no multiplicities")
        .order(order)
        .fallback(fallback)
        .count()
        .expect("one thread");
    assert!(c.is_complete());
    c.solutions
}

fn dense_count(p: &Problem) -> u64 {
    DenseSolver::try_new(p).expect("dense").count().solutions
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("memo");
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));

    let d8 = dominoes(8);
    let expected = BigUint::from(dense_count(&d8));
    assert_eq!(memo_count(&d8, ItemOrder::First, true), expected);
    g.bench_function("dominoes8x8/memo", |b| {
        b.iter(|| black_box(memo_count(&d8, ItemOrder::First, true)))
    });
    g.bench_function("dominoes8x8/dense", |b| {
        b.iter(|| black_box(dense_count(&d8)))
    });

    for n in [12, 16] {
        let p = dominoes(n);
        assert_eq!(
            memo_count(&p, ItemOrder::First, true),
            memo_count(&p, ItemOrder::Fewest, false)
        );
        g.bench_function(format!("dominoes{n}x{n}/memo"), |b| {
            b.iter(|| black_box(memo_count(&p, ItemOrder::First, true)))
        });
    }

    for name in ["q12", "pent6x10"] {
        let p = load(name).expect("a reference instance");
        let expected = BigUint::from(dense_count(&p));
        assert_eq!(memo_count(&p, ItemOrder::Fewest, true), expected);
        assert_eq!(memo_count(&p, ItemOrder::Fewest, false), expected);
        g.bench_function(format!("{name}/memo"), |b| {
            b.iter(|| black_box(memo_count(&p, ItemOrder::Fewest, true)))
        });
        g.bench_function(format!("{name}/memo-forced"), |b| {
            b.iter(|| black_box(memo_count(&p, ItemOrder::Fewest, false)))
        });
        g.bench_function(format!("{name}/dense"), |b| {
            b.iter(|| black_box(dense_count(&p)))
        });
    }

    let d12 = dominoes(12);
    let zdd = MemoSolver::new(&d12)
        .expect("no multiplicities")
        .order(ItemOrder::First)
        .zdd()
        .expect("a diagram");
    assert_eq!(zdd.count(), memo_count(&d12, ItemOrder::First, false));
    g.bench_function("sample12x12/diagram", |b| {
        b.iter(|| {
            black_box(
                MemoSolver::new(&d12)
                    .expect("no multiplicities")
                    .order(ItemOrder::First)
                    .zdd()
                    .expect("a diagram")
                    .len(),
            )
        })
    });
    g.bench_function("sample12x12/10000", |b| {
        b.iter(|| black_box(zdd.sampler(42).take(10_000).map(|s| s.len()).sum::<usize>()))
    });

    for (name, rows, cols, kind) in [
        ("tour3x8", 3, 8, TourKind::Open),
        ("tour4x5", 4, 5, TourKind::Open),
        ("tour3x10closed", 3, 10, TourKind::Closed),
    ] {
        let xcc = TourCount::new(rows, cols, kind).expect("a board");
        let p = xcc.problem().clone();
        let frontier = || {
            count_tours(rows, cols, kind, &FrontierOptions::default())
                .expect("a narrow board")
                .tours
        };
        assert_eq!(frontier(), BigUint::from(xcc.distinct_tours()));
        g.bench_function(format!("{name}/frontier"), |b| {
            b.iter(|| black_box(frontier()))
        });
        g.bench_function(format!("{name}/memo"), |b| {
            b.iter(|| black_box(memo_count(&p, ItemOrder::Fewest, true)))
        });
        g.bench_function(format!("{name}/dense"), |b| {
            b.iter(|| black_box(dense_count(&p)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
