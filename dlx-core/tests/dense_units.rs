//! Work units on the dense engine (issue 24, item 1): a unit names the same subtree on both
//! engines and counts the same nodes and solutions there; the parallel solver on the dense
//! engine equals the sequential search (counts, nodes, updates, solutions in order) on any
//! number of threads; its checkpoints resume on either engine; cancellation leaves the
//! count incomplete.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx_core::{
    format::parse, split_units, split_units_with, Checkpoint, DenseSolver, EngineChoice,
    ParallelSolver, Problem, Progress, Solver, StopReason, Unit, UnitCounts, UnitError, UnitSearch,
};

fn load(name: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every reference instance without multiplicities, with how many units to split it into
/// and Knuth's figures (DLX1, DLX2: solutions, nodes, updates; `tests/data/README.md`),
/// which the links engine reproduces (`tests/reference.rs`).
const INSTANCES: [(&str, usize, (u64, u64, u64)); 11] = [
    ("toy.dlx", 4, (1, 6, 30)),
    ("color.dlx", 3, (1, 4, 14)),
    ("q8.dlx", 64, (92, 1_049, 16_680)),
    ("q10.dlx", 200, (724, 11_578, 198_264)),
    ("q12.dlx", 300, (14_200, 211_716, 3_594_752)),
    ("q14.dlx", 400, (365_596, 5_474_542, 91_497_926)),
    ("sud1.dlx", 40, (1, 386, 8_239)),
    ("t34open.dlx", 60, (16, 761, 52_957)),
    ("pent3x20.dlx", 100, (8, 32_978, 10_986_975)),
    ("pent4x15.dlx", 200, (1_472, 852_893, 279_621_691)),
    ("pent6x10.dlx", 300, (9_356, 3_637_261, 1_242_377_480)),
];

/// Solutions, nodes and updates of a sequential count.
fn summary(c: &dlx_core::Count) -> (u64, u64, u64) {
    (c.solutions, c.stats.nodes, c.stats.updates)
}

fn triple(c: UnitCounts) -> (u64, u64, u64) {
    (c.solutions, c.nodes, c.updates)
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn every_unit_counts_the_same_nodes_and_solutions_on_both_engines() {
    for (name, units, knuth) in INSTANCES {
        let p = load(name);
        let dense_seq = DenseSolver::try_new(&p).unwrap().count();
        assert_eq!(
            (dense_seq.solutions, dense_seq.stats.nodes),
            (knuth.0, knuth.1),
            "{name}"
        );
        // Splitting on either engine makes the same units, and explores the same nodes
        // while doing it; only the updates are each engine's.
        let plan = split_units(&p, units);
        let dense_plan = split_units_with(&p, units, EngineChoice::Dense).unwrap();
        assert_eq!(plan.units.len(), dense_plan.units.len(), "{name}");
        for (a, b) in plan.units.iter().zip(&dense_plan.units) {
            assert_eq!((&a.unit, &a.until, a.weight), (&b.unit, &b.until, b.weight));
            assert_eq!(
                a.done.map(|c| (c.solutions, c.nodes)),
                b.done.map(|c| (c.solutions, c.nodes)),
                "{name}: {:?}",
                a.unit
            );
        }
        dense_plan.check(&p).unwrap();
        let pending: Vec<&Unit> = plan.pending().collect();
        // (Small trees, and Sudoku's forced moves, end before they are split into as many
        // units as asked.)
        if name.starts_with('q') || name.starts_with("pent") {
            assert!(pending.len() >= units, "{name}: {} units", pending.len());
        }
        let mut links_total = plan.totals().unwrap();
        let mut dense_total = dense_plan.totals().unwrap();
        for unit in pending {
            let dense = UnitSearch::with_engine(&p, unit, EngineChoice::Dense).unwrap();
            assert_eq!(dense.engine_name(), "dense");
            let links = UnitSearch::with_engine(&p, unit, EngineChoice::Links).unwrap();
            assert_eq!(dense.end(), links.end(), "{name}: {unit:?}");
            let (d, l) = (dense.count(), links.count());
            assert_eq!(
                (d.solutions, d.nodes),
                (l.solutions, l.nodes),
                "{name}: {unit:?}"
            );
            links_total += l;
            dense_total += d;
        }
        assert_eq!(triple(links_total), knuth, "{name}: links");
        assert_eq!(triple(dense_total), summary(&dense_seq), "{name}: dense");
    }
}

#[test]
fn units_with_multiplicities_count_alike_when_the_dense_engine_takes_them() {
    for (name, units) in [("mult.dlx", 3), ("kd1.dlx", 12), ("kd2.dlx", 20)] {
        let p = load(name);
        let Ok(dense_seq) = DenseSolver::try_new(&p).map(|s| s.count()) else {
            continue; // (Algorithm M not in the dense engine.)
        };
        let links_seq = Solver::links(&p).count();
        let plan = split_units(&p, units);
        let dense_plan = split_units_with(&p, units, EngineChoice::Dense).unwrap();
        let (mut links_total, mut dense_total) =
            (plan.totals().unwrap(), dense_plan.totals().unwrap());
        for unit in plan.pending() {
            let d = UnitSearch::with_engine(&p, unit, EngineChoice::Dense)
                .unwrap()
                .count();
            let l = UnitSearch::new(&p, unit).unwrap().count();
            assert_eq!(
                (d.solutions, d.nodes),
                (l.solutions, l.nodes),
                "{name}: {unit:?}"
            );
            links_total += l;
            dense_total += d;
        }
        assert_eq!(triple(links_total), summary(&links_seq), "{name}: links");
        assert_eq!(triple(dense_total), summary(&dense_seq), "{name}: dense");
    }
}

#[test]
fn a_unit_that_does_not_fit_is_refused_alike() {
    let p = load("q8.dlx");
    let units = [
        Unit::Range {
            path: vec![],
            first: 9,
            last: 9,
        },
        Unit::Range {
            path: vec![0],
            first: 1,
            last: 1,
        },
        Unit::Range {
            path: vec![9],
            first: 1,
            last: 1,
        },
        Unit::Range {
            path: vec![1, 1, 1, 1, 1, 1, 1, 1, 1],
            first: 1,
            last: 1,
        },
        Unit::Range {
            path: vec![],
            first: 3,
            last: 2,
        },
    ];
    for unit in units {
        let links = UnitSearch::with_engine(&p, &unit, EngineChoice::Links).map(|u| u.count());
        let dense = UnitSearch::with_engine(&p, &unit, EngineChoice::Dense).map(|u| u.count());
        assert!(links.is_err(), "{unit:?}");
        assert_eq!(dense, links, "{unit:?}");
    }
    // A problem the dense engine does not take.
    let big = too_long_for_dense();
    assert!(matches!(
        UnitSearch::with_engine(&big, &Unit::Root, EngineChoice::Dense),
        Err(UnitError::Engine(_))
    ));
    assert!(split_units_with(&big, 4, EngineChoice::Dense).is_err());
}

/// A primary item in 40,000 options: more than the dense engine's tallies count.
fn too_long_for_dense() -> Problem {
    let mut b = dlx_core::ProblemBuilder::new();
    let a = b.add_primary("A").unwrap();
    for _ in 0..40_000 {
        b.add_option([a]).unwrap();
    }
    b.build().unwrap()
}

fn dense(p: &Problem) -> ParallelSolver<'_> {
    let solver = ParallelSolver::with_engine_choice(p, EngineChoice::Dense).unwrap();
    assert_eq!(solver.engine_name(), "dense");
    solver
}

#[test]
fn the_dense_engine_counts_in_parallel_as_it_counts_alone() {
    for name in [
        "q10.dlx",
        "q12.dlx",
        "t34open.dlx",
        "pent3x20.dlx",
        "sud1.dlx",
    ] {
        let p = load(name);
        let seq = DenseSolver::try_new(&p).unwrap().count();
        for threads in [1, 2, 4] {
            let par = dense(&p).threads(threads).count();
            assert!(par.is_complete(), "{name}, {threads} threads");
            assert_eq!(summary(&par), summary(&seq), "{name}, {threads} threads");
        }
    }
}

#[test]
fn the_dense_engine_streams_solutions_in_the_sequential_order() {
    for name in ["q10.dlx", "t34open.dlx", "pent3x20.dlx"] {
        let p = load(name);
        let seq: Vec<_> = Solver::links(&p).solutions().collect();
        for threads in [1, 2, 4] {
            let mut ordered = Vec::new();
            let count = dense(&p)
                .threads(threads)
                .for_each_solution_ordered(|s| ordered.push(s));
            assert!(count.is_complete());
            assert_eq!(ordered, seq, "{name}, {threads} threads");
            let any = Mutex::new(Vec::new());
            dense(&p)
                .threads(threads)
                .for_each_solution(|s| any.lock().unwrap().push(s));
            let mut any = any.into_inner().unwrap();
            any.sort_by_key(|s| s.sorted());
            let mut want = seq.clone();
            want.sort_by_key(|s| s.sorted());
            assert_eq!(any, want, "{name}, {threads} threads, any order");
        }
    }
}

#[test]
fn first_and_unique_on_the_dense_engine() {
    use dlx_core::{First, Uniqueness};
    let sud = load("sud1.dlx");
    let Uniqueness::Unique(s) = dense(&sud).threads(2).unique() else {
        panic!("sud1 has one solution");
    };
    assert_eq!(
        s.sorted(),
        Solver::links(&sud).first().solution().unwrap().sorted()
    );
    let q8 = load("q8.dlx");
    assert!(matches!(
        dense(&q8).threads(2).unique(),
        Uniqueness::Multiple(..)
    ));
    let First::Found(s) = dense(&q8).threads(2).first() else {
        panic!("q8 has solutions");
    };
    dlx_core::verify(&q8, s.options()).unwrap();
}

/// A count of `problem` on `solver`'s engine and `threads` threads with a checkpoint at
/// `path`, stopped once `stop_at` nodes are visited.
fn count_until(
    solver: ParallelSolver<'_>,
    threads: usize,
    path: &Path,
    stop_at: u64,
) -> dlx_core::Count {
    let flag = Arc::new(AtomicBool::new(false));
    let progress = Progress::new();
    let watcher = {
        let (flag, progress) = (Arc::clone(&flag), progress.clone());
        std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                if progress.snapshot().nodes >= stop_at {
                    flag.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        })
    };
    let count = solver
        .threads(threads)
        .cancel_flag(Arc::clone(&flag))
        .progress(progress)
        .checkpoint(path, Duration::from_secs(3600))
        .count()
        .unwrap();
    flag.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    count
}

#[test]
fn a_checkpoint_of_a_dense_run_resumes_on_either_engine() {
    let p = load("q12.dlx");
    let dense_seq = DenseSolver::try_new(&p).unwrap().count();
    let links_seq = Solver::links(&p).count();
    for threads in [1, 2] {
        let dir = tempfile::Builder::new()
            .prefix("dlx-dense-units-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("run.json");
        let stopped = count_until(dense(&p), threads, &path, 60_000);
        assert!(
            !stopped.is_complete(),
            "{threads} threads: the run finished"
        );
        assert_eq!(stopped.stop, Some(StopReason::Cancelled));
        let saved = Checkpoint::load(&path).unwrap();
        saved.check(&p).unwrap();
        let kept = saved.totals().unwrap();
        assert_eq!(
            (kept.solutions, kept.nodes),
            (stopped.solutions, stopped.stats.nodes),
            "{threads} threads: the checkpoint lost finished work"
        );
        assert!(kept.nodes > 0 && kept.nodes < dense_seq.stats.nodes);
        // Resumed on the dense engine: everything, updates included, as one dense run.
        let resumed = dense(&p)
            .threads(threads)
            .resume(saved.clone())
            .count()
            .unwrap();
        assert!(resumed.is_complete());
        assert_eq!(summary(&resumed), summary(&dense_seq), "{threads} threads");
        // On the links: the same solutions and nodes; the updates are the dense engine's
        // for the part it finished, the links' for the rest.
        let resumed = ParallelSolver::new(&p)
            .threads(threads)
            .resume(saved.clone())
            .count()
            .unwrap();
        assert!(resumed.is_complete());
        assert_eq!(
            (resumed.solutions, resumed.stats.nodes),
            (links_seq.solutions, links_seq.stats.nodes)
        );
        // And a links checkpoint resumes on the dense engine.
        let links_path = dir.path().join("links.json");
        count_until(ParallelSolver::new(&p), threads, &links_path, 60_000);
        let saved = Checkpoint::load(&links_path).unwrap();
        let resumed = dense(&p).threads(threads).resume(saved).count().unwrap();
        assert_eq!(
            (resumed.solutions, resumed.stats.nodes),
            (links_seq.solutions, links_seq.stats.nodes)
        );
    }
}

#[test]
fn a_cancelled_dense_run_is_incomplete() {
    let p = load("q12.dlx");
    let count = dense(&p)
        .cancel_flag(Arc::new(AtomicBool::new(true)))
        .count();
    assert_eq!(count.stop, Some(StopReason::Cancelled));
    assert!(!count.is_complete());
    // A solution limit stops it too: `first` with every worker stopping at the first.
    let stopped = dense(&p)
        .threads(2)
        .cancel_flag(Arc::new(AtomicBool::new(true)));
    assert!(matches!(
        stopped.first(),
        dlx_core::First::Incomplete(StopReason::Cancelled)
    ));
}

#[test]
fn progress_reaches_the_whole_tree_on_the_dense_engine() {
    let p = load("q12.dlx");
    let progress = Progress::new();
    let count = dense(&p).threads(2).progress(progress.clone()).count();
    let snap = progress.snapshot();
    assert_eq!(
        (snap.solutions, snap.nodes),
        (count.solutions, count.stats.nodes)
    );
    assert!((snap.fraction - 1.0).abs() < 1e-9, "{}", snap.fraction);
}

#[test]
fn every_engine_that_takes_a_problem_runs_it_in_parallel() {
    // Multiplicities (Algorithm M) included: the dense engine runs them when it takes them.
    for name in ["kd1.dlx", "kd2.dlx", "mult.dlx", "q8.dlx"] {
        let p = load(name);
        let seq = Solver::links(&p).count();
        for choice in [EngineChoice::Auto, EngineChoice::Links, EngineChoice::Dense] {
            let Ok(solver) = ParallelSolver::with_engine_choice(&p, choice) else {
                assert_eq!(choice, EngineChoice::Dense, "{name}: only Dense may refuse");
                continue;
            };
            for threads in [1, 2] {
                let par = solver_clone(&p, choice).threads(threads).count();
                assert_eq!(
                    (par.solutions, par.stats.nodes),
                    (seq.solutions, seq.stats.nodes),
                    "{name}, {choice:?} ({}), {threads} threads",
                    solver.engine_name()
                );
            }
        }
    }
    let big = too_long_for_dense();
    let auto = ParallelSolver::with_engine_choice(&big, EngineChoice::Auto).unwrap();
    assert_eq!(auto.engine_name(), "links");
    assert_eq!(ParallelSolver::new(&big).engine_name(), "links");
    assert!(ParallelSolver::with_engine_choice(&big, EngineChoice::Dense).is_err());
}

fn solver_clone(p: &Problem, choice: EngineChoice) -> ParallelSolver<'_> {
    ParallelSolver::with_engine_choice(p, choice).unwrap()
}

/// A random problem in Knuth's text: 3 to 9 primary items (some with multiplicities when
/// `multi`), up to 3 secondary ones, 4 to 30 options of 1 to 4 distinct items, secondary ones
/// coloured half the time.
fn random_problem(seed: u64, multi: bool) -> Option<Problem> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (n1, n2) = (3 + next(7) as usize, next(4) as usize);
    let mut items: Vec<String> = (0..n1)
        .map(|k| match (multi, next(4)) {
            (true, 0) => format!("1:2|p{k}"),
            (true, 1) => format!("0:2|p{k}"),
            _ => format!("p{k}"),
        })
        .collect();
    items.push("|".into());
    items.extend((0..n2).map(|k| format!("s{k}")));
    let mut text = items.join(" ") + "\n";
    for _ in 0..4 + next(27) {
        let mut chosen: Vec<usize> = Vec::new();
        for _ in 0..1 + next(4) {
            let k = next((n1 + n2) as u64) as usize;
            if !chosen.contains(&k) {
                chosen.push(k);
            }
        }
        let names: Vec<String> = chosen
            .iter()
            .map(|&k| match k.checked_sub(n1) {
                None => format!("p{k}"),
                Some(s) if next(2) == 0 => format!("s{s}:{}", next(3)),
                Some(s) => format!("s{s}"),
            })
            .collect();
        text += &(names.join(" ") + "\n");
    }
    parse(&text).ok()
}

#[test]
fn random_problems_split_alike_on_both_engines() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let Some(p) = random_problem(seed, seed % 3 == 2) else {
            continue;
        };
        let Ok(dense_seq) = DenseSolver::try_new(&p).map(|s| s.count()) else {
            continue;
        };
        let links_seq = Solver::links(&p).count();
        assert_eq!(
            (dense_seq.solutions, dense_seq.stats.nodes),
            (links_seq.solutions, links_seq.stats.nodes),
            "seed {seed}"
        );
        let units = 1 + (seed % 7) as usize;
        let plan = split_units(&p, units);
        let dense_plan = split_units_with(&p, units, EngineChoice::Dense).unwrap();
        // The same plan: a node budget stops both engines at the same node.
        assert_eq!(plan.units.len(), dense_plan.units.len(), "seed {seed}");
        for (a, b) in plan.units.iter().zip(&dense_plan.units) {
            assert_eq!((&a.unit, &a.until, a.weight), (&b.unit, &b.until, b.weight));
            let nodes = |c: Option<UnitCounts>| c.map(|c| (c.solutions, c.nodes));
            assert_eq!(nodes(a.done), nodes(b.done), "seed {seed}: {:?}", a.unit);
        }
        let (mut links_total, mut dense_total) =
            (plan.totals().unwrap(), dense_plan.totals().unwrap());
        for unit in plan.pending() {
            let d = UnitSearch::with_engine(&p, unit, EngineChoice::Dense)
                .unwrap()
                .count();
            let l = UnitSearch::new(&p, unit).unwrap().count();
            assert_eq!(
                (d.solutions, d.nodes),
                (l.solutions, l.nodes),
                "seed {seed}: {unit:?}"
            );
            links_total += l;
            dense_total += d;
        }
        assert_eq!(
            triple(links_total),
            summary(&links_seq),
            "seed {seed}: links"
        );
        assert_eq!(
            triple(dense_total),
            summary(&dense_seq),
            "seed {seed}: dense"
        );
        // A node budget stops both engines at the same node.
        let nodes = links_seq.stats.nodes;
        for budget in (0..nodes + 2).step_by(1 + (seed % 5 + nodes / 40) as usize) {
            let stop = |c: dlx_core::Count| (c.solutions, c.stats.nodes, c.stop);
            let links = Solver::links(&p).with_node_budget(budget).count();
            let dense = DenseSolver::try_new(&p)
                .unwrap()
                .with_node_budget(budget)
                .count();
            assert_eq!(stop(dense), stop(links), "seed {seed}, budget {budget}");
        }
        // In order, on two threads.
        let seq: Vec<_> = Solver::links(&p).solutions().collect();
        let mut ordered = Vec::new();
        let count = dense(&p)
            .threads(2)
            .for_each_solution_ordered(|s| ordered.push(s));
        assert_eq!(ordered, seq, "seed {seed}");
        assert_eq!(
            (count.stats.nodes, count.stats.updates),
            (dense_seq.stats.nodes, dense_seq.stats.updates),
            "seed {seed}"
        );
        checked += 1;
    }
    assert!(checked >= 150, "{checked} problems checked");
}
