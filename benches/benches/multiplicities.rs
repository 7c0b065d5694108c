//! Exact cover with multiplicities, counting every solution: `dlx-core` against the `dlx`
//! crate 0.8.5's Algorithm M (`dlx::m`; `dlx::mc` for multiplicities with colours), on
//! Knightdoku boards (issue 7):
//!
//! - `kd1`, `kd2` (`dlx-core/tests/data`): two Knightdoku puzzles, one solution each;
//! - `kdbig` (`benches/data`, generated): `kd1`'s grid with 4 of its 11 clues, so many
//!   solutions (`benches::data::KDBIG_BOARD`, `KDBIG_SOLUTIONS`);
//! - `mult` (`dlx-core/tests/data`): Knuth's DLX3 example, multiplicities and colours
//!   together (`dlx::mc`), one solution: a correctness check more than a timing.
//!
//! No other Rust crate we know of implements Algorithm M, so the `dlx` crate is the only
//! peer. `dlx-core` runs twice, side by side: on the links engine (`Solver`) and on the dense
//! engine (`DenseSolver`, `dense/multi.rs`), which `Auto` picks for all four instances.
//! Before timing, every engine's solution count is checked against the known ones (DLX3's
//! for kd1, kd2 and mult), the two `dlx-core` engines' node counts against each other, and
//! each timed run checks its count again.
//!
//! What is timed: the search only, on a copy of the solver built once (`Solver::clone`,
//! which for the dense engine copies its root state; clones of the peer's item and option
//! arrays), made in criterion's untimed setup. The peer branches with Knuth's DLX3 rule (least branch degree, then least slack,
//! then the longest list: `mrv_chooser(prefer_any(), knuth_tiebreak())`).
//!
//! `cargo bench -p benches --bench multiplicities` (about a minute).

use std::hint::black_box;
use std::time::Duration;

use benches::data;
use benches::peer_cm::{count_cm, Algorithm, PeerCmLinks};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use dlx_core::{Auto, DenseSolver, Solver};

/// How long to time one instance: criterion's measurement time, and whether to sample flat
/// (for searches of a large part of a second).
struct Timing {
    secs: u64,
    flat: bool,
}

fn bench_instance(c: &mut Criterion, name: &str, want: u64, algorithm: Algorithm, timing: Timing) {
    let problem = data::load_any(name).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        problem.has_multiplicities(),
        "{name}: expected multiplicities"
    );

    let ours = Solver::links(&problem);
    let count = ours.clone().count();
    assert!(count.is_complete(), "{name}: dlx-core stopped early");
    assert_eq!(count.solutions, want, "{name}: dlx-core");

    let peer = PeerCmLinks::new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(peer.algorithm(), algorithm, "{name}");
    let theirs = peer.count();
    assert_eq!(theirs.solutions, want, "{name}: dlx 0.8.5");

    let dense = DenseSolver::try_new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    let dense_count = dense.clone().count();
    assert_eq!(dense_count.solutions, want, "{name}: dlx-core dense");
    assert_eq!(
        dense_count.stats.nodes, count.stats.nodes,
        "{name}: dense nodes"
    );
    let auto = Solver::<Auto>::try_new(&problem).expect("Auto takes every problem");
    assert_eq!(auto.engine_name(), "dense", "{name}: Auto's pick");

    eprintln!(
        "{name}: {want} solutions, every engine agrees; nodes: dlx-core {} (links and dense), dlx 0.8.5 {}",
        count.stats.nodes, theirs.nodes
    );

    let peer_label = match algorithm {
        Algorithm::Mc => "dlx 0.8.5 (Algorithm M with colours)",
        _ => "dlx 0.8.5 (Algorithm M)",
    };
    let mut group = c.benchmark_group(format!("multiplicities/{name}"));
    group
        .sample_size(if timing.flat { 10 } else { 20 })
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(timing.secs));
    if timing.flat {
        group.sampling_mode(SamplingMode::Flat);
    }
    group.bench_function("dlx-core links", |b| {
        b.iter_batched(
            || ours.clone(),
            |solver| assert_eq!(black_box(solver.count().solutions), want),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("dlx-core dense (auto)", |b| {
        b.iter_batched(
            || dense.clone(),
            |solver| assert_eq!(black_box(solver.count().solutions), want),
            BatchSize::SmallInput,
        )
    });
    group.bench_function(peer_label, |b| {
        b.iter_batched_ref(
            || peer.problem(),
            |links| assert_eq!(black_box(count_cm(links).solutions), want),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn multiplicities(c: &mut Criterion) {
    let quick = |secs| Timing { secs, flat: false };
    bench_instance(c, "kd1", 1, Algorithm::M, quick(3));
    bench_instance(c, "kd2", 1, Algorithm::M, quick(3));
    let kdbig = Timing {
        secs: 10,
        flat: true,
    };
    bench_instance(c, "kdbig", data::KDBIG_SOLUTIONS, Algorithm::M, kdbig);
    bench_instance(c, "mult", 1, Algorithm::Mc, quick(2));
}

criterion_group!(benches, multiplicities);
criterion_main!(benches);
