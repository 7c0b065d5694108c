//! Variant Sudoku on published and stress puzzles: right answers, and every engine
//! configuration agreeing on every puzzle.
//!
//! The peer suite (35 published puzzles with their solutions, from a peer solver's test
//! suite) is GPL-licensed and is not copied into the project: it is read from
//! `../shared/puzzles/variants/peer-suite/` when that folder exists, and the tests that
//! need it say so and pass when it does not. The stress puzzles under
//! `tests/data/variants/stress/` are ours (made by `benches/examples/variant_generate.rs`).
//! The 103 published puzzles under `tests/data/variants/published/` are the puzzle data of
//! another solver's project, published under CC BY 4.0 (their README names the source,
//! the setters and what was changed).

use std::path::{Path, PathBuf};

use dlx_sudoku::sudoku::Grid;
use dlx_sudoku::variant::{
    read_puzzle, VariantEngine, VariantPuzzle, VariantSolution, VariantSolver,
};
use dlx_sudoku::Uniqueness;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
const PEER_SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/puzzles/variants/peer-suite"
);

/// The puzzle files of a folder, sorted.
fn files(dir: &Path, ext: &[&str]) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| ext.contains(&x))
        })
        .collect();
    out.sort();
    out
}

fn load(path: &Path) -> VariantPuzzle {
    let text = std::fs::read_to_string(path).unwrap();
    read_puzzle(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .puzzle
}

/// The peer suite's puzzles, or none (with a note) when `../shared` is not there.
fn peer_suite() -> Vec<PathBuf> {
    let list = files(Path::new(PEER_SUITE), &["json"]);
    if list.is_empty() {
        eprintln!("note: {PEER_SUITE} not found: the peer suite is not run here");
    }
    list
}

/// Digits written one after another in decimal (a published solution of a 16×16 may have
/// been read from such a string the wrong way).
fn run_together(g: &Grid) -> String {
    g.values().iter().map(|d| d.to_string()).collect()
}

/// The answer must be unique and the published solution; where the published grid breaks
/// the rules and is the same digit string as ours read another way, ours is right.
fn assert_published(path: &Path, p: &VariantPuzzle, answer: &Uniqueness<VariantSolution>) {
    let Uniqueness::Unique(s) = answer else {
        panic!("{}: {answer:?}", path.display());
    };
    p.check(s).unwrap();
    let Some(published) = &p.solution else {
        return;
    };
    if *published == s.grid {
        return;
    }
    let theirs = VariantSolution {
        grid: published.clone(),
        shading: s.shading.clone(),
        letters: s.letters.clone(),
    };
    assert!(
        p.check(&theirs).is_err() && run_together(published) == run_together(&s.grid),
        "{}: not the published solution",
        path.display()
    );
}

/// The published puzzles of `tests/data/variants/published/`.
fn published() -> Vec<PathBuf> {
    files(&Path::new(DATA).join("published"), &["json"])
}

/// Every published puzzle is unique, and the answer is the solution the file gives, digit
/// for digit (none of them is read another way).
#[test]
fn the_published_puzzles_are_right() {
    let list = published();
    assert!(list.len() >= 100, "{} puzzles", list.len());
    for path in list {
        let p = load(&path);
        let published = p.solution.clone().expect("each file gives its solution");
        match VariantSolver::new(&p).unwrap().unique() {
            Uniqueness::Unique(s) => {
                p.check(&s).unwrap();
                assert_eq!(s.grid, published, "{}", path.display());
            }
            other => panic!("{}: {other:?}", path.display()),
        }
    }
}

#[test]
fn the_peer_suite_is_right() {
    for path in peer_suite() {
        let p = load(&path);
        let answer = VariantSolver::new(&p).unwrap().unique();
        assert_published(&path, &p, &answer);
    }
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn the_stress_puzzles_are_unique() {
    let list = files(&Path::new(DATA).join("stress"), &["toml"]);
    assert!(list.len() >= 10);
    for path in list {
        let p = load(&path);
        let answer = VariantSolver::new(&p).unwrap().unique();
        assert_published(&path, &p, &answer);
    }
}

/// Nodes each dancing-links configuration may spend on a puzzle in the differential run
/// (hard puzzles take it millions; an answer it gives must agree, running out is allowed).
const LINKS_BUDGET: u64 = 20_000;

/// The same answer from every configuration: clause learning with tables whole (sums
/// propagated, the reference, and in clauses) and every rule decomposed (always settled), and dancing links with and without look-ahead and
/// decomposed (within a budget).
fn engines_agree(path: &Path, p: &VariantPuzzle) -> usize {
    let reference = VariantSolver::new(p)
        .unwrap()
        .with_engine(VariantEngine::ClauseLearning)
        .unique();
    assert!(
        !matches!(reference, Uniqueness::Incomplete { .. }),
        "{}",
        path.display()
    );
    let key = |u: &Uniqueness<VariantSolution>| match u {
        Uniqueness::Unique(s) => format!("unique {s:?}"),
        Uniqueness::NoSolution => "none".to_string(),
        Uniqueness::Multiple(..) => "multiple".to_string(),
        Uniqueness::Incomplete { .. } => "incomplete".to_string(),
    };
    let configs: Vec<(&str, VariantSolver)> = vec![
        (
            "clauses, sums in clauses",
            VariantSolver::new(p)
                .unwrap()
                .with_engine(VariantEngine::ClauseLearning)
                .with_sum_propagator(false),
        ),
        (
            "clauses decomposed",
            VariantSolver::with_table_cap(p, 0)
                .unwrap()
                .with_engine(VariantEngine::ClauseLearning),
        ),
        (
            "links",
            VariantSolver::new(p)
                .unwrap()
                .with_engine(VariantEngine::DancingLinks)
                .with_node_budget(LINKS_BUDGET),
        ),
        (
            "links without look-ahead",
            VariantSolver::new(p)
                .unwrap()
                .with_engine(VariantEngine::DancingLinks)
                .with_lookahead(false)
                .with_node_budget(LINKS_BUDGET),
        ),
        (
            "links decomposed",
            VariantSolver::with_table_cap(p, 0)
                .unwrap()
                .with_engine(VariantEngine::DancingLinks)
                .with_node_budget(LINKS_BUDGET),
        ),
        (
            "propagation",
            VariantSolver::new(p)
                .unwrap()
                .with_engine(VariantEngine::Propagation)
                .with_node_budget(LINKS_BUDGET),
        ),
        (
            "propagation decomposed",
            VariantSolver::with_table_cap(p, 0)
                .unwrap()
                .with_engine(VariantEngine::Propagation)
                .with_node_budget(LINKS_BUDGET),
        ),
        ("auto", VariantSolver::new(p).unwrap()),
    ];
    let mut settled = 0;
    for (what, solver) in configs {
        let answer = solver.unique();
        if matches!(answer, Uniqueness::Incomplete { .. }) {
            continue;
        }
        settled += 1;
        assert_eq!(
            key(&answer),
            key(&reference),
            "{}: {what} disagrees with clause learning",
            path.display()
        );
    }
    settled
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn every_engine_agrees_on_every_puzzle() {
    let mut list = files(Path::new(DATA), &["toml", "json"]);
    list.extend(files(&Path::new(DATA).join("stress"), &["toml"]));
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/variant");
    list.extend(
        files(&examples, &["toml", "json"])
            .into_iter()
            .filter(|p| !p.to_string_lossy().contains("unsupported")),
    );
    list.extend(published());
    list.extend(peer_suite());
    let mut settled = 0;
    let mut puzzles = 0;
    for path in &list {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(imported) = read_puzzle(&text) else {
            // The neutral JSON of the seed puzzles is read by variant.rs.
            continue;
        };
        puzzles += 1;
        settled += engines_agree(path, &imported.puzzle);
    }
    eprintln!("{puzzles} puzzles, {settled} settled answers compared");
    assert!(puzzles >= 120);
}

/// A uniqueness question's second solution is near the first: no solution other than the
/// first differs from it on a strict part of the cells where the two differ. Checked
/// independently of how each engine found it: the cells outside that part are given the
/// first's digits, every solution of that puzzle is listed (clause learning), and each
/// must be the first or differ from it in every one of those cells. Published puzzles with
/// every third given removed, on the propagation engine, clause learning and auto.
#[test]
fn a_second_solution_is_near_the_first() {
    let mut checked = 0;
    for path in published().into_iter().step_by(7) {
        let mut p = load(&path);
        let n = p.givens.size();
        let mut kept = 0;
        for k in 0..n * n {
            let cell = dlx_sudoku::sudoku::Cell::from_index(k, n);
            if p.givens.get(cell).is_some() {
                kept += 1;
                if kept % 3 == 0 {
                    p.givens.set(cell, None).unwrap();
                }
            }
        }
        p.solution = None;
        for engine in [
            VariantEngine::Propagation,
            VariantEngine::ClauseLearning,
            VariantEngine::Auto,
        ] {
            let solver = VariantSolver::new(&p).unwrap().with_engine(engine);
            let Uniqueness::Multiple(a, b) = solver.unique() else {
                continue;
            };
            p.check(&a).unwrap();
            p.check(&b).unwrap();
            let differ: Vec<usize> = (0..n * n)
                .filter(|&k| a.grid.values()[k] != b.grid.values()[k])
                .collect();
            assert!(!differ.is_empty(), "{}: {engine:?}", path.display());
            let mut outside = p.clone();
            for k in (0..n * n).filter(|k| !differ.contains(k)) {
                let cell = dlx_sudoku::sudoku::Cell::from_index(k, n);
                outside.givens.set(cell, Some(a.grid.values()[k])).unwrap();
            }
            let all = VariantSolver::new(&outside)
                .unwrap()
                .with_engine(VariantEngine::ClauseLearning)
                .solutions(Some(10_000));
            assert!(all.len() >= 2 && all.len() < 10_000, "{}", path.display());
            for s in &all {
                let same = differ
                    .iter()
                    .filter(|&&k| s.grid.values()[k] == a.grid.values()[k])
                    .count();
                assert!(
                    same == 0 || same == differ.len(),
                    "{}: {engine:?}: a solution differs from the first on {} of the {} cells",
                    path.display(),
                    differ.len() - same,
                    differ.len()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} pairs checked");
}
