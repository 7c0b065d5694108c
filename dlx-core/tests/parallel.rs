//! Parallel counting and enumeration agree with the sequential search: the same counts,
//! nodes and updates, the same solutions (as sets, and in order in ordered mode), for
//! 1, 2, 3 and 8 threads; units from splitting add up to the whole.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use crate::links_parallel;
use dlx_core::{
    format::parse, split_units, verify, Checkpoint, Problem, Solver, StopReason, Unit, UnitSearch,
};

fn load(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const THREADS: [usize; 4] = [1, 2, 3, 8];

fn check_count(problem: &Problem) {
    let seq = Solver::links(problem).count();
    for threads in THREADS {
        let par = links_parallel(problem).threads(threads).count();
        assert!(par.is_complete());
        assert_eq!(par.solutions, seq.solutions, "{threads} threads");
        assert_eq!(par.stats.nodes, seq.stats.nodes, "{threads} threads: nodes");
        assert_eq!(
            par.stats.updates, seq.stats.updates,
            "{threads} threads: updates"
        );
    }
}

fn check_enumeration(problem: &Problem) {
    let seq: Vec<_> = Solver::links(problem).solutions().collect();
    let seq_set: BTreeSet<_> = seq.iter().map(|s| s.sorted()).collect();
    for threads in THREADS {
        let found = Mutex::new(Vec::new());
        links_parallel(problem)
            .threads(threads)
            .for_each_solution(|s| found.lock().unwrap().push(s));
        let found = found.into_inner().unwrap();
        for s in &found {
            verify(problem, s.options()).unwrap();
        }
        let set: BTreeSet<_> = found.iter().map(|s| s.sorted()).collect();
        assert_eq!(set.len(), found.len(), "no solution twice");
        assert_eq!(set, seq_set, "{threads} threads");

        let mut ordered = Vec::new();
        links_parallel(problem)
            .threads(threads)
            .for_each_solution_ordered(|s| ordered.push(s));
        assert_eq!(ordered, seq, "{threads} threads, ordered");
    }
}

#[test]
fn queens_counts_match() {
    for f in ["q8.dlx", "q10.dlx", "q12.dlx"] {
        check_count(&load(f));
    }
}

#[test]
fn pentominoes_3x20_count_matches() {
    check_count(&load("pent3x20.dlx"));
}

#[test]
fn colours_and_multiplicities_match() {
    for f in [
        "t34open.dlx",
        "kd1.dlx",
        "kd2.dlx",
        "mult.dlx",
        "color.dlx",
        "toy.dlx",
    ] {
        check_count(&load(f));
        check_enumeration(&load(f));
    }
}

#[test]
fn queens_enumeration_matches() {
    check_enumeration(&load("q8.dlx"));
    check_enumeration(&load("q10.dlx"));
}

#[test]
fn unique_and_first() {
    let q8 = load("q8.dlx");
    for threads in THREADS {
        let u = links_parallel(&q8).threads(threads).unique();
        assert!(matches!(u, dlx_core::Uniqueness::Multiple(ref a, ref b) if a != b));
        let f = links_parallel(&q8).threads(threads).first();
        verify(&q8, f.solution().unwrap().options()).unwrap();
    }
    let sud = load("sud1.dlx");
    assert!(matches!(
        links_parallel(&sud).threads(2).unique(),
        dlx_core::Uniqueness::Unique(_)
    ));
}

#[test]
fn split_units_add_up_to_the_whole() {
    for f in ["q10.dlx", "pent3x20.dlx", "t34open.dlx", "kd1.dlx"] {
        let p = load(f);
        let seq = Solver::links(&p).count();
        for n in [1, 7, 50] {
            let plan = split_units(&p, n);
            assert!(
                plan.pending().count() >= n.min(2) || plan.is_complete(),
                "{f}: {n}"
            );
            let mut total = plan.totals().unwrap();
            for unit in plan.pending() {
                total += UnitSearch::new(&p, unit).unwrap().count();
            }
            assert_eq!(total.solutions, seq.solutions, "{f} in {n} units");
            assert_eq!(total.nodes, seq.stats.nodes, "{f} in {n} units: nodes");
            assert_eq!(
                total.updates, seq.stats.updates,
                "{f} in {n} units: updates"
            );
            // The same units, run by the parallel solver, give the same total.
            let units: Vec<Unit> = plan.pending().cloned().collect();
            let par = links_parallel(&p).threads(2).units(units).count().unwrap();
            assert_eq!(
                par.solutions + plan.totals().unwrap().solutions,
                seq.solutions
            );
        }
    }
}

#[test]
fn resuming_a_partial_checkpoint_gives_the_total() {
    let p = load("q10.dlx");
    let seq = Solver::links(&p).count();
    // A checkpoint as a split leaves it: some units done, the rest pending.
    let plan: Checkpoint = split_units(&p, 20);
    let resumed = links_parallel(&p).threads(2).resume(plan).count().unwrap();
    assert!(resumed.is_complete());
    assert_eq!(
        (
            resumed.solutions,
            resumed.stats.nodes,
            resumed.stats.updates
        ),
        (seq.solutions, seq.stats.nodes, seq.stats.updates)
    );
}

#[test]
fn cancelled_runs_are_incomplete() {
    let p = load("q12.dlx");
    let flag = Arc::new(AtomicBool::new(true));
    let count = links_parallel(&p).threads(2).cancel_flag(flag).count();
    assert_eq!(count.stop, Some(StopReason::Cancelled));
    assert!(count.solutions < 14_200);
}

#[test]
fn an_unbalanced_tree_is_shared() {
    // Level 0 has a single branch (item R); everything lies below it, in a subtree of
    // depth 12 with 3 choices per level. Splitting must go below level 0.
    let mut text = String::from("R");
    for k in 0..12 {
        text.push_str(&format!(" P{k}"));
    }
    text.push_str("\nR\n");
    for k in 0..12 {
        for _ in 0..3 {
            text.push_str(&format!("P{k}\n"));
        }
    }
    let p = parse(&text).unwrap();
    let seq = Solver::links(&p).count();
    assert_eq!(seq.solutions, 3u64.pow(12));
    let plan = split_units(&p, 16);
    assert!(plan.pending().count() >= 16);
    assert!(plan
        .pending()
        .all(|u| matches!(u, Unit::Range { path, .. } if path[0] == 1)));
    let progress = dlx_core::Progress::new();
    let par = links_parallel(&p)
        .threads(3)
        .progress(progress.clone())
        .count();
    assert_eq!(
        (par.solutions, par.stats.nodes, par.stats.updates),
        (seq.solutions, seq.stats.nodes, seq.stats.updates)
    );
    let snap = progress.snapshot();
    assert!((snap.fraction - 1.0).abs() < 1e-6, "{snap:?}");
    assert_eq!(snap.units_done, snap.units_total);
    // A solution every node or two must not keep a worker from ever reaching the end of
    // its chunk (and so from splitting for the idle ones).
    assert!(snap.units_total > 1, "the work was never split: {snap:?}");
}
