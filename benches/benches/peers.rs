//! Plain exact cover, counting every solution: `dlx-core` against three Rust peers, the
//! `dlx` crate 0.8.5, `xcov` 0.3.1 and `dancing-links` 0.3.1, on q12, q13, q14, pent4x15 and
//! pent6x10 (issue 7).
//!
//! One criterion group per instance (`peers/q12`, ...), one function per engine. Before
//! anything is timed, every engine counts the instance once and its solution count is
//! checked against the known one (DLX1's figures in `dlx-core/tests/data/README.md`; 73,712
//! for q13), and `dlx-core`'s node and update counts against DLX1's. Each timed search also
//! asserts its count (one comparison per search, inside the timed routine).
//!
//! What is timed: the search only. Each engine's structure is built once per search in
//! criterion's untimed setup (a `Solver::clone` for `dlx-core`, clones of the peer's
//! arrays for `dlx`; `xcov` and `dancing-links` have no `Clone`, so their links are built
//! afresh in the setup); the timed routine counts every solution without storing them:
//!
//! - `dlx-core`: `Solver::count()` (dancing links).
//! - `dlx-core dense`: `DenseSolver::count()` (a state copied per level; the same tree, its
//!   node count checked against the links engine's).
//! - `dlx` 0.8.5: `dlx::Solver::next_solution` until it returns false
//!   (`benches::count_peer`, MRV with ties to the leftmost item, as DLX1).
//! - `xcov` 0.3.1: `MrvExactCoverSearch::search()` until it returns false (its MRV rule takes
//!   the first item of least length, as DLX1; options must list their items in ascending
//!   order, which changes no search tree).
//! - `dancing-links` 0.3.1: the solver's iterator, counted (`Iterator::count`). Its API has
//!   no way to count without building each solution: it allocates one `Vec` of references
//!   per solution, and that is part of its time. Its rule is also MRV, first of least size.
//!
//! All four walk the same search tree (same branching rule, options in input order).
//!
//! `cargo bench -p benches --bench peers` (the `bench` profile: thin LTO, one codegen
//! unit): about 9 minutes, pent6x10 alone about 5 (10 searches per engine, the least
//! criterion allows). One instance: `cargo bench -p benches --bench peers -- peers/q14`
//! (the answer checks of every instance still run first).

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::{count_peer, data, expected, PeerLinks};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use dlx_core::{DenseSolver, Problem, Solver};

/// An instance in the peers' input forms: options as 0-based item indices in ascending
/// order (primaries first, as `dlx_core` numbers them).
struct Sorted {
    num_primary: usize,
    num_items: usize,
    options: Vec<Vec<usize>>,
}

impl Sorted {
    fn new(problem: &Problem) -> Sorted {
        assert!(!problem.has_colors() && !problem.has_multiplicities());
        let options = problem
            .options()
            .map(|o| {
                let mut items: Vec<usize> = problem.option_items(o).map(|i| i.index()).collect();
                items.sort_unstable();
                items
            })
            .collect();
        Sorted {
            num_primary: problem.num_primary(),
            num_items: problem.num_items(),
            options,
        }
    }
}

/// `xcov` 0.3.1: its links, built from scratch (the crate's `Dlx` is not `Clone`).
fn xcov_search(input: &Sorted) -> xcov::MrvExactCoverSearch {
    let mut builder = xcov::DlxBuilder::new(input.num_primary, input.num_items - input.num_primary);
    let mut one_based = Vec::new();
    for option in &input.options {
        one_based.clear();
        one_based.extend(option.iter().map(|&i| i + 1));
        builder.add_option(&one_based);
    }
    xcov::MrvExactCoverSearch::new(builder.build())
}

/// Counts `xcov`'s solutions: `search()` returns true at each solution found, false once the
/// tree is exhausted.
fn xcov_count(search: &mut xcov::MrvExactCoverSearch) -> u64 {
    use xcov::ExactCoverProblem;
    let mut solutions = 0;
    while search.search() {
        solutions += 1;
    }
    solutions
}

/// `dancing-links` 0.3.1's problem: possibilities are option numbers, constraints item
/// numbers; secondary items are its optional constraints.
struct DancingLinks {
    input: Sorted,
    possibilities: Vec<usize>,
    constraints: Vec<usize>,
}

impl DancingLinks {
    fn new(input: Sorted) -> DancingLinks {
        DancingLinks {
            possibilities: (0..input.options.len()).collect(),
            constraints: (0..input.num_items).collect(),
            input,
        }
    }
}

impl dancing_links::ExactCover for DancingLinks {
    type Possibility = usize;
    type Constraint = usize;

    fn satisfies(&self, poss: &usize, cons: &usize) -> bool {
        self.input.options[*poss].binary_search(cons).is_ok()
    }

    fn is_optional(&self, cons: &usize) -> bool {
        *cons >= self.input.num_primary
    }

    fn possibilities(&self) -> &[usize] {
        &self.possibilities
    }

    fn constraints(&self) -> &[usize] {
        &self.constraints
    }
}

/// How to run one instance.
struct Plan {
    /// The instance: a file stem in `dlx-core/tests/data` or `benches/data`.
    name: &'static str,
    /// The number of solutions.
    solutions: u64,
    /// Criterion's warm-up time per function.
    warm_up: Duration,
    /// Criterion's measurement time per function.
    measurement: Duration,
    /// Flat sampling (the same number of searches in every sample), for instances whose
    /// search takes a large part of a second or more.
    flat: bool,
}

/// Checks every engine's count on `plan.name`, then times them side by side.
fn bench_instance(c: &mut Criterion, plan: &Plan) {
    let name = plan.name;
    let want = plan.solutions;
    let problem = data::load_any(name).unwrap_or_else(|e| panic!("{e}"));

    let ours = Solver::links(&problem);
    let start = Instant::now();
    let count = ours.clone().count();
    let t_ours = start.elapsed();
    assert!(count.is_complete(), "{name}: dlx-core stopped early");
    assert_eq!(count.solutions, want, "{name}: dlx-core");
    if let Some(e) = expected(name) {
        assert_eq!(
            (count.stats.nodes, count.stats.updates),
            (e.nodes, e.updates),
            "{name}: dlx-core nodes and updates"
        );
    }

    // The dense engine searches the same tree: same nodes.
    let dense = DenseSolver::try_new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    let start = Instant::now();
    let dense_count = dense.clone().count();
    let t_dense = start.elapsed();
    assert_eq!(dense_count.solutions, want, "{name}: dlx-core dense");
    assert_eq!(
        dense_count.stats.nodes, count.stats.nodes,
        "{name}: dlx-core dense nodes"
    );

    let peer = PeerLinks::new(&problem).unwrap_or_else(|e| panic!("{name}: {e}"));
    let start = Instant::now();
    assert_eq!(peer.count().solutions, want, "{name}: dlx 0.8.5");
    let t_dlx = start.elapsed();

    let sorted = || Sorted::new(&problem);
    let xcov_input = sorted();
    let mut search = xcov_search(&xcov_input);
    let start = Instant::now();
    assert_eq!(xcov_count(&mut search), want, "{name}: xcov 0.3.1");
    let t_xcov = start.elapsed();

    let links = DancingLinks::new(sorted());
    let solver = dancing_links::ExactCover::solver(&links);
    let start = Instant::now();
    assert_eq!(solver.count() as u64, want, "{name}: dancing-links 0.3.1");
    let t_links = start.elapsed();

    eprintln!(
        "{name}: {want} solutions, every engine agrees (check: dlx-core {t_ours:.2?}, \
         dlx-core dense {t_dense:.2?}, dlx 0.8.5 {t_dlx:.2?}, xcov 0.3.1 {t_xcov:.2?}, dancing-links 0.3.1 {t_links:.2?})"
    );

    let mut group = c.benchmark_group(format!("peers/{name}"));
    group
        .sample_size(10)
        .warm_up_time(plan.warm_up)
        .measurement_time(plan.measurement);
    if plan.flat {
        group.sampling_mode(SamplingMode::Flat);
    }
    let batch = if plan.flat {
        BatchSize::PerIteration
    } else {
        BatchSize::SmallInput
    };
    group.bench_function("dlx-core", |b| {
        b.iter_batched(
            || ours.clone(),
            |solver| assert_eq!(black_box(solver.count().solutions), want),
            batch,
        )
    });
    group.bench_function("dlx-core dense", |b| {
        b.iter_batched(
            || dense.clone(),
            |solver| assert_eq!(black_box(solver.count().solutions), want),
            batch,
        )
    });
    group.bench_function("dlx 0.8.5", |b| {
        b.iter_batched_ref(
            || peer.problem(),
            |links| assert_eq!(black_box(count_peer(links).solutions), want),
            batch,
        )
    });
    group.bench_function("xcov 0.3.1", |b| {
        b.iter_batched_ref(
            || xcov_search(&xcov_input),
            |search| assert_eq!(black_box(xcov_count(search)), want),
            batch,
        )
    });
    group.bench_function("dancing-links 0.3.1", |b| {
        b.iter_batched_ref(
            || dancing_links::ExactCover::solver(&links),
            |solver| assert_eq!(black_box(solver.count() as u64), want),
            batch,
        )
    });
    group.finish();
}

fn solutions(name: &str) -> u64 {
    expected(name).map_or_else(|| panic!("{name}: no DLX1 figures"), |e| e.solutions)
}

fn peers(c: &mut Criterion) {
    let secs = Duration::from_secs;
    // The slow instances use flat sampling with one search per sample (criterion then warns,
    // on standard error, that it cannot fit 10 samples in the target time: 10 searches per
    // engine are all it gets, the least criterion allows).
    let plans = [
        Plan {
            name: "q12",
            solutions: solutions("q12"),
            warm_up: secs(1),
            measurement: secs(5),
            flat: false,
        },
        Plan {
            name: "q13",
            solutions: data::Q13_SOLUTIONS,
            warm_up: secs(1),
            measurement: secs(4),
            flat: true,
        },
        Plan {
            name: "q14",
            solutions: solutions("q14"),
            warm_up: secs(1),
            measurement: secs(8),
            flat: true,
        },
        Plan {
            name: "pent4x15",
            solutions: solutions("pent4x15"),
            warm_up: secs(1),
            measurement: secs(12),
            flat: true,
        },
        Plan {
            name: "pent6x10",
            solutions: solutions("pent6x10"),
            warm_up: secs(1),
            measurement: secs(60),
            flat: true,
        },
    ];
    for plan in &plans {
        bench_instance(c, plan);
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
