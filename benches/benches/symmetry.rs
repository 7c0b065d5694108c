//! The `symmetry` group (issue 39): counting by symmetry side by side with the plain count
//! in one run, on the engine `dlx count` picks, one thread.
//!
//! - `q12`, `q14`: the queens (group of order 8 from `dlx_sudoku::symmetry`);
//! - `pent6x10`: the twelve pentominoes in the 6x10 box (order 4);
//! - `pent8x8hole`: the 8x8 box with a 2x2 hole in the middle (order 8);
//! - `nosym`: the 6x10 box with the X pentomino restricted (`--symmetry-break`: no symmetry
//!   left), where `--symmetry` must cost next to nothing;
//! - `find/*`: finding the group of each by search.
//!
//! `symmetric` is the total and the count up to symmetry together (what
//! `dlx count --symmetry -t 1` does); every routine checks its counts before timing.
//!
//! `cargo bench -p benches --bench symmetry` (a few minutes).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_core::symmetry::{find_group, Group, SymmetricCounter};
use dlx_core::{Auto, Problem, Solver};
use dlx_sudoku::grid::Cell;
use dlx_sudoku::polyomino::{Packing, PolyominoBoard, SymmetryBreaking};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::symmetry::{packing_generators, queens_generators};

fn plain(p: &Problem) -> u64 {
    let Ok(solver) = Solver::<Auto>::try_new(p);
    solver.count().solutions
}

fn symmetric(p: &Problem, g: &Group) -> (u64, u64) {
    let c = SymmetricCounter::new(p, g)
        .up_to_symmetry(true)
        .count()
        .expect("a group of the problem");
    (c.solutions, c.up_to_symmetry.expect("complete"))
}

fn cases() -> Vec<(&'static str, Problem, Group, u64, u64)> {
    let queens = |n| {
        let q = Queens::new(n).expect("a board");
        let g = Group::new(q.problem(), queens_generators(&q)).expect("a group");
        (q.problem().clone(), g)
    };
    let packing = |board, symmetry| {
        let p = Packing::pentominoes(board, symmetry).expect("a board");
        let g = Group::new(p.problem(), packing_generators(&p)).expect("a group");
        (p.problem().clone(), g)
    };
    let rect = PolyominoBoard::rectangle(6, 10).expect("a board");
    let hole = PolyominoBoard::rectangle(8, 8)
        .expect("a board")
        .without_rect(Cell::new(3, 3), 2, 2);
    let (q12, g12) = queens(12);
    let (q14, g14) = queens(14);
    let (p610, g610) = packing(rect.clone(), SymmetryBreaking::None);
    let (p88, g88) = packing(hole, SymmetryBreaking::None);
    let (none, gnone) = packing(rect, SymmetryBreaking::Auto);
    vec![
        ("q12", q12, g12, 14_200, 1_787),
        ("q14", q14, g14, 365_596, 45_752),
        ("pent6x10", p610, g610, 9_356, 2_339),
        ("pent8x8hole", p88, g88, 520, 65),
        ("nosym", none, gnone, 2_339, 2_339),
    ]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("symmetry");
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    for (name, p, group, total, up) in cases() {
        assert_eq!(plain(&p), total, "{name}");
        assert_eq!(symmetric(&p, &group), (total, up), "{name}");
        assert_eq!(find_group(&p).expect("found").order(), group.order());
        g.bench_function(format!("{name}/plain"), |b| b.iter(|| black_box(plain(&p))));
        g.bench_function(format!("{name}/symmetric"), |b| {
            b.iter(|| black_box(symmetric(&p, &group)))
        });
        g.bench_function(format!("find/{name}"), |b| {
            b.iter(|| black_box(find_group(&p).expect("found").order()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
