//! Exact cover: `dlx-core` against the `dlx` crate 0.8.5 on Knuth's reference instances.
//!
//! One criterion group per instance (`q10`, `q12`, `pent4x15`), with three functions in the
//! same run: `dlx-core` (dancing links), `dlx-core dense` (the dense engine, a state copied
//! per level) and `dlx 0.8.5`. All count every solution with Algorithm X (the
//! minimum-remaining-values rule, ties to the leftmost item, options in input order) without
//! storing them, so they search the same tree (the dense engine's nodes are checked).
//!
//! Before anything is timed, each group checks the answers: the solution count for both
//! engines, and for `dlx-core` also DLX1's node and update counts from
//! `dlx-core/tests/data/README.md`.
//!
//! What is timed: the search only. Parsing and building the links happen once, outside the
//! timed loop, for both engines; each iteration searches a fresh copy of the links made by
//! criterion's untimed setup (`Solver::clone` for `dlx-core`, cloning the peer's `INodes` and
//! `ONodes` for `dlx`). Inside the loop: for `dlx-core`, `Solver::count` (which also frees
//! the solver's copy of the links at the end); for the peer, `dlx::Solver::new` (two empty
//! vectors) and `next_solution` until it returns false.
//!
//! Run with `cargo bench -p benches` (the `bench` profile of the workspace: thin LTO, one
//! codegen unit). Throughput is reported in DLX1 updates per second.

use std::hint::black_box;
use std::time::Duration;

use benches::{count_peer, expected, load, PeerLinks};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use dlx_core::{DenseSolver, Solver};

/// How long to run one instance.
struct Plan {
    /// The reference instance (a file stem in `dlx-core/tests/data`).
    name: &'static str,
    /// Criterion's warm-up time per function.
    warm_up: Duration,
    /// Criterion's measurement time per function.
    measurement: Duration,
    /// The same number of iterations in every sample: for instances that take a second or
    /// more per search, where criterion's linear sampling would need minutes.
    flat: bool,
}

/// Checks both engines' answers on `name`, then times them side by side.
fn bench_instance(c: &mut Criterion, plan: &Plan) {
    let name = plan.name;
    let problem = load(name).unwrap_or_else(|e| panic!("{e}"));
    let want = expected(name).unwrap_or_else(|| panic!("{name}: no DLX1 figures"));

    // dlx-core: links built once; every iteration searches a clone.
    let template = Solver::links(&problem);
    let ours = template.clone().count();
    assert!(ours.is_complete(), "{name}: dlx-core stopped early");
    assert_eq!(ours.solutions, want.solutions, "{name}: dlx-core solutions");
    assert_eq!(ours.stats.nodes, want.nodes, "{name}: dlx-core nodes");
    assert_eq!(ours.stats.updates, want.updates, "{name}: dlx-core updates");

    // dlx-core's dense engine: tables built once; every iteration searches a clone (of its
    // root state). Same tree: DLX1's nodes.
    let dense = DenseSolver::try_new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    let dense_count = dense.clone().count();
    assert_eq!(
        dense_count.solutions, want.solutions,
        "{name}: dense solutions"
    );
    assert_eq!(dense_count.stats.nodes, want.nodes, "{name}: dense nodes");

    // dlx 0.8.5: links built once; every iteration searches a clone.
    let peer = PeerLinks::new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    let theirs = peer.count();
    assert_eq!(
        theirs.solutions, want.solutions,
        "{name}: dlx 0.8.5 solutions"
    );

    eprintln!(
        "{name}: {} solutions; dlx-core {} nodes, {} updates; dlx 0.8.5 {} nodes, {} updates",
        want.solutions, ours.stats.nodes, ours.stats.updates, theirs.nodes, theirs.updates
    );

    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(plan.warm_up)
        .measurement_time(plan.measurement)
        .throughput(Throughput::Elements(want.updates));
    if plan.flat {
        group.sampling_mode(SamplingMode::Flat);
    }
    group.bench_function("dlx-core", |b| {
        b.iter_batched(
            || template.clone(),
            |solver| black_box(solver.count().solutions),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("dlx-core dense", |b| {
        b.iter_batched(
            || dense.clone(),
            |solver| black_box(solver.count().solutions),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("dlx 0.8.5", |b| {
        b.iter_batched_ref(
            || peer.problem(),
            |links| black_box(count_peer(links).solutions),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// The instances: q10 (about a millisecond), q12 (the acceptance; tens of
/// milliseconds) and pent4x15 (the acceptance; seconds: ten searches per engine).
fn exact_cover(c: &mut Criterion) {
    let plans = [
        Plan {
            name: "q10",
            warm_up: Duration::from_secs(1),
            measurement: Duration::from_secs(2),
            flat: false,
        },
        Plan {
            name: "q12",
            warm_up: Duration::from_secs(1),
            measurement: Duration::from_secs(5),
            flat: false,
        },
        Plan {
            name: "pent4x15",
            warm_up: Duration::from_secs(2),
            measurement: Duration::from_secs(25),
            flat: true,
        },
    ];
    for plan in &plans {
        bench_instance(c, plan);
    }
}

criterion_group!(benches, exact_cover);
criterion_main!(benches);
