//! What observing the search costs: `Solver::count` (the search with `NoObserver`, whose
//! calls compile away) against the same search with an observer that is switched on but
//! does almost nothing (it counts the steps), and against a full `Tracer` on a short run.
//!
//! The claim checked here: with tracing off the search pays nothing for it. The search loop
//! is generic over its observer and every call sits behind `if O::ENABLED`, a constant, so
//! with `NoObserver` the calls (and the `View`s built for them) are not in the code at all.
//! `count` and `count_observed(&mut NoObserver)` are the same code; the counting observer
//! shows what the calls would cost if they stayed in; the tracer shows the price of a real
//! trace (it reads the links before every step).
//!
//! Run with `cargo bench -p benches --bench trace_overhead`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use dlx_core::trace::Tracer;
use dlx_core::{format::parse, ItemId, NoObserver, Observer, OptionId, Problem, Solver, View};

/// An observer that is on (`ENABLED`) and counts the steps, nothing more.
#[derive(Default)]
struct Steps(u64);

impl Observer for Steps {
    const WANTS_SOLUTIONS: bool = false;
    fn choose(&mut self, _: usize, _: ItemId, _: &View<'_>) {
        self.0 += 1;
    }
    fn try_option(&mut self, _: usize, _: OptionId, _: u32, _: u32, _: &View<'_>) {
        self.0 += 1;
    }
    fn undo_option(&mut self, _: usize, _: OptionId) {
        self.0 += 1;
    }
    fn backtrack(&mut self, _: usize, _: ItemId) {
        self.0 += 1;
    }
}

fn load(name: &str) -> Problem {
    let path = format!(
        "{}/../dlx-core/tests/data/{name}.dlx",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench_instance(c: &mut Criterion, name: &str, seconds: u64) {
    let problem = load(name);
    let template = Solver::links(&problem);
    let plain = template.clone().count();
    let mut steps = Steps::default();
    let observed = template.clone().count_observed(&mut steps);
    assert_eq!(plain.solutions, observed.solutions);
    assert_eq!(plain.stats.nodes, observed.stats.nodes);

    let mut group = c.benchmark_group(format!("trace_overhead/{name}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(seconds));
    group.bench_function("count (NoObserver)", |b| {
        b.iter_batched(
            || template.clone(),
            |s| black_box(s.count().solutions),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("count_observed(&mut NoObserver)", |b| {
        b.iter_batched(
            || template.clone(),
            |s| black_box(s.count_observed(&mut NoObserver).solutions),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("count_observed(step counter, ENABLED)", |b| {
        b.iter_batched(
            || template.clone(),
            |s| {
                let mut steps = Steps::default();
                let n = s.count_observed(&mut steps).solutions;
                black_box((n, steps.0))
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn bench_tracer(c: &mut Criterion) {
    // A real trace of the first 10,000 steps of q12, for scale.
    let problem = load("q12");
    let mut group = c.benchmark_group("trace_overhead/q12");
    group.sample_size(20);
    group.bench_function("Tracer, first 10000 steps", |b| {
        b.iter(|| {
            let mut tracer = Tracer::new(&problem).unwrap().with_max_steps(10_000);
            Solver::links(&problem)
                .with_node_budget(10_001)
                .count_observed(&mut tracer);
            black_box(tracer.events().len())
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_instance(c, "q10", 8);
    bench_instance(c, "q12", 20);
    bench_tracer(c);
}

criterion_group!(trace_overhead, benches);
criterion_main!(trace_overhead);
