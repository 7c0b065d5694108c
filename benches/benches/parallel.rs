//! Parallel scaling: counting with 1 and 2 threads (this machine has 2 cores), on q14,
//! pent6x10, and a deliberately unbalanced problem whose whole tree hangs below a single
//! first-level branch, with each engine (`links`, `dense`). Each count is checked
//! (solutions, nodes, updates equal to that engine's sequential figures) before timing.
//! The speed-up is the 1-thread time over the 2-thread time; the target is 1.85.
//!
//! `cargo bench -p benches --bench parallel`

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx_core::{format::parse, DenseSolver, EngineChoice, ParallelSolver, Problem, Solver};

fn load(name: &str) -> Problem {
    let path = format!("{}{name}.dlx", benches::DATA_DIR);
    parse(&std::fs::read_to_string(&path).expect("reference data")).expect("valid DLX text")
}

/// q14 below a chain of 12 forced choices (12 new items with one option each, chosen
/// first because they have the fewest options): level 0 has one branch, so a splitter that
/// only cuts the first level (or any fixed shallow depth) gets a single piece of work.
fn unbalanced() -> Problem {
    let q14 = std::fs::read_to_string(format!("{}q14.dlx", benches::DATA_DIR)).expect("q14");
    let mut lines = q14.lines().filter(|l| !l.trim_start().starts_with('|'));
    let items = lines.next().expect("item line");
    let chain: Vec<String> = (0..12).map(|k| format!("chain{k}")).collect();
    let mut text = format!("{} {items}\n", chain.join(" "));
    for name in &chain {
        text.push_str(name);
        text.push('\n');
    }
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    parse(&text).expect("valid DLX text")
}

fn scaling(c: &mut Criterion, name: &str, problem: &Problem, seconds: u64, choice: EngineChoice) {
    let seq = match choice {
        EngineChoice::Dense => DenseSolver::try_new(problem).unwrap().count(),
        _ => Solver::links(problem).count(),
    };
    let solver = || ParallelSolver::with_engine_choice(problem, choice).unwrap();
    let engine = solver().engine_name();
    let mut group = c.benchmark_group(format!("parallel/{name}/{engine}"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(seconds));
    for threads in [1, 2] {
        let check = solver().threads(threads).count();
        assert_eq!(
            (check.solutions, check.stats.nodes, check.stats.updates),
            (seq.solutions, seq.stats.nodes, seq.stats.updates),
            "{name} ({engine}) with {threads} threads"
        );
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| solver().threads(t).count().solutions)
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let (q14, unbalanced, pent) = (load("q14"), unbalanced(), load("pent6x10"));
    for choice in [EngineChoice::Links, EngineChoice::Dense] {
        scaling(c, "q14", &q14, 20, choice);
        scaling(c, "unbalanced-q14", &unbalanced, 20, choice);
        scaling(c, "pent6x10", &pent, 60, choice);
    }
}

criterion_group!(parallel, benches);
criterion_main!(parallel);
