//! What a user gets from `dlx count` with no engine flag (issue 24): `dlx_core`'s
//! automatic engine choice (`Solver<Auto>`: the dense engine when it takes the problem and
//! it has at most 2,100 options, dancing links otherwise) on one thread, beside the `dlx`
//! crate 0.8.5 (Algorithm X, C or M, whichever the problem needs), in one run.
//!
//! Instances and targets (ratio = the `dlx` crate's time / ours):
//!
//! | instance | algorithm | target |
//! |---|---|---|
//! | `q14` | X | ≥ 2.5× |
//! | `pent6x10` | X | ≥ 4.5× |
//! | `t45open` | C (colours) | ≥ 1.7× |
//! | `kd1`, `kd2`, `kdbig` | M (multiplicities) | ≥ 1.5× |
//!
//! Before timing, both sides' counts are checked against the known ones, and our node count
//! against the links engine's (the same tree, whichever engine runs). What is timed: the
//! search only, on copies made in criterion's untimed setup, as in the other groups.
//!
//! `cargo bench -p benches --bench default_engine` (about three minutes).

use std::hint::black_box;
use std::time::Duration;

use benches::data;
use benches::peer_cm::{count_cm, PeerCmLinks};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use dlx_core::{Auto, Solver};

/// One instance: its name (a file stem in `dlx-core/tests/data` or `benches/data`), its
/// number of solutions, and criterion's measurement time; `flat` for searches of a large
/// part of a second or more.
struct Plan {
    name: &'static str,
    solutions: u64,
    secs: u64,
    flat: bool,
}

fn bench_instance(c: &mut Criterion, plan: &Plan) {
    let Plan {
        name,
        solutions: want,
        secs,
        flat,
    } = *plan;
    let problem = data::load_any(name).unwrap_or_else(|e| panic!("{e}"));
    let ours = match Solver::<Auto>::try_new(&problem) {
        Ok(solver) => solver,
        Err(never) => match never {},
    };
    let engine = ours.engine_name();
    let count = ours.clone().count();
    assert!(count.is_complete(), "{name}: dlx-core stopped early");
    assert_eq!(count.solutions, want, "{name}: dlx-core ({engine})");
    let links = Solver::links(&problem).count();
    assert_eq!(
        count.stats.nodes, links.stats.nodes,
        "{name}: the same tree"
    );

    let peer = PeerCmLinks::new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(peer.count().solutions, want, "{name}: dlx 0.8.5");
    eprintln!(
        "{name}: {want} solutions, {} nodes; `dlx count` runs the {engine} engine; the peer \
         runs Algorithm {:?}",
        count.stats.nodes,
        peer.algorithm()
    );

    let mut group = c.benchmark_group(format!("default/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(secs));
    if flat {
        group.sampling_mode(SamplingMode::Flat);
    }
    group.bench_function(format!("dlx-core auto ({engine})"), |b| {
        b.iter_batched(
            || ours.clone(),
            |solver| assert_eq!(black_box(solver.count().solutions), want),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("dlx 0.8.5", |b| {
        b.iter_batched_ref(
            || peer.problem(),
            |links| assert_eq!(black_box(count_cm(links).solutions), want),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn default_engine(c: &mut Criterion) {
    let plans = [
        Plan {
            name: "q14",
            solutions: 365_596,
            secs: 20,
            flat: true,
        },
        Plan {
            name: "pent6x10",
            solutions: 9_356,
            secs: 30,
            flat: true,
        },
        Plan {
            name: "t45open",
            solutions: data::T45OPEN_SOLUTIONS,
            secs: 12,
            flat: true,
        },
        Plan {
            name: "kd1",
            solutions: 1,
            secs: 3,
            flat: false,
        },
        Plan {
            name: "kd2",
            solutions: 1,
            secs: 3,
            flat: false,
        },
        Plan {
            name: "kdbig",
            solutions: data::KDBIG_SOLUTIONS,
            secs: 10,
            flat: true,
        },
    ];
    for plan in &plans {
        bench_instance(c, plan);
    }
}

criterion_group!(benches, default_engine);
criterion_main!(benches);
