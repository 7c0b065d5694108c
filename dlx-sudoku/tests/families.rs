//! The classic families against Knuth's reference files and known counts: n queens,
//! Langford pairs, pentomino packings and knight's tours.

use std::collections::{BTreeSet, HashSet};

use dlx_core::{format, Problem, Solver};
use dlx_sudoku::langford::Langford;
use dlx_sudoku::queens::Queens;

fn reference(name: &str) -> Problem {
    let path = format!("{}/tests/data/dlx/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    format::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The DLX text without comment lines.
fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// n queens

#[test]
fn queens_match_knuths_files_item_for_item() {
    for (n, file) in [(8, "q8.dlx"), (10, "q10.dlx"), (12, "q12.dlx")] {
        let ours = Queens::new(n).unwrap();
        let theirs = reference(file);
        assert_eq!(ours.problem(), &theirs, "{file}");
        let path = format!("{}/tests/data/dlx/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            format::write(ours.problem()).unwrap(),
            without_comments(&text),
            "{file}"
        );
    }
}

#[test]
fn queens_counts_and_nodes_match_dlx1() {
    for (n, solutions, nodes, updates) in [
        (8, 92, 1_049, 16_680),
        (10, 724, 11_578, 198_264),
        (12, 14_200, 211_716, 3_594_752),
    ] {
        let q = Queens::new(n).unwrap();
        let count = Solver::new(q.problem()).count();
        assert_eq!(count.solutions, solutions, "n = {n}");
        assert_eq!(count.stats.nodes, nodes, "n = {n}");
        assert_eq!(count.stats.updates, updates, "n = {n}");
    }
}

#[test]
fn every_decoded_queens_solution_is_valid_and_distinct() {
    let q = Queens::new(8).unwrap();
    let mut seen = HashSet::new();
    for s in q.solutions() {
        s.check().unwrap();
        assert_eq!(s.columns().len(), 8);
        assert!(seen.insert(s.columns()));
    }
    assert_eq!(seen.len(), 92);
}

// ---------------------------------------------------------------------------------------
// Langford pairs

#[test]
fn langford_counts_with_and_without_mirror_images() {
    for (n, distinct) in [(3, 1), (4, 1), (7, 26), (8, 150)] {
        let broken = Langford::new(n, true).unwrap();
        let all = Langford::new(n, false).unwrap();
        assert_eq!(broken.count(), distinct, "n = {n}");
        assert_eq!(all.count(), 2 * distinct, "n = {n}");
    }
}

#[test]
fn langford_has_no_solution_when_n_is_1_or_2_mod_4() {
    for n in [1, 2, 5, 6, 9, 10] {
        assert_eq!(Langford::new(n, false).unwrap().count(), 0, "n = {n}");
    }
}

#[test]
fn langford_solutions_decode_to_valid_sequences() {
    let l = Langford::new(7, false).unwrap();
    let all: BTreeSet<Vec<usize>> = l
        .solutions()
        .map(|s| {
            s.check().unwrap();
            s.slots().to_vec()
        })
        .collect();
    assert_eq!(all.len(), 52);
    for s in &all {
        let reversed: Vec<usize> = s.iter().rev().copied().collect();
        assert!(all.contains(&reversed));
    }
}

#[test]
fn langford_11_and_12() {
    for (n, distinct) in [(11, 17_792), (12, 108_144)] {
        assert_eq!(Langford::new(n, true).unwrap().count(), distinct, "n = {n}");
        assert_eq!(
            Langford::new(n, false).unwrap().count(),
            2 * distinct,
            "n = {n}"
        );
    }
}
