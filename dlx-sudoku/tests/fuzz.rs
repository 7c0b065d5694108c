//! The fuzzing harness of the variant readers: proptest targets for f-puzzles JSON, links
//! (the lz-string payload) and our TOML. Each feeds random and mutated inputs and checks
//! that nothing panics, that an error message holds no control character, and that
//! whatever is accepted either validates or is refused with a named error, and solves
//! (within a small budget) to an answer the independent checker accepts.
//!
//! CI runs a bounded number of cases per target (`DLX_FUZZ_CASES`, 64 by default; `.ci/run`
//! sets it). For long runs: `DLX_FUZZ_CASES=100000 cargo test --release -p dlx-sudoku --test
//! fuzz` (see `docs/reliability.md`). A failure is shrunk and its seed saved in
//! `tests/fuzz.proptest-regressions`, replayed first on every run: commit it, and turn the
//! case into a named regression test beside the fix.

use dlx_sudoku::variant::{read_puzzle, VariantEngine, VariantSolver};
use dlx_sudoku::Uniqueness;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Cases per target: `DLX_FUZZ_CASES`, or 64.
fn config() -> ProptestConfig {
    let cases = std::env::var("DLX_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

const SEEDS: [&str; 4] = [
    include_str!("data/variants/dune-fpuzzles.json"),
    include_str!("data/variants/dune.toml"),
    include_str!("data/variants/set-mixed.toml"),
    include_str!("data/variants/stress/zippery-1.toml"),
];

/// A valid puzzle with a few bytes changed, deleted, duplicated, or lines swapped.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<u8>(), any::<usize>(), 0u8..4), 1..6);
    (0..SEEDS.len(), edits).prop_map(|(seed, edits)| {
        let mut out = SEEDS[seed].as_bytes().to_vec();
        for (byte, at, kind) in edits {
            if out.is_empty() {
                break;
            }
            let at = at % out.len();
            match kind {
                0 => out[at] = byte,
                1 => {
                    out.remove(at);
                }
                2 => {
                    let b = out[at];
                    out.insert(at, b);
                }
                _ => {
                    let text = String::from_utf8_lossy(&out).into_owned();
                    let mut lines: Vec<&str> = text.lines().collect();
                    if lines.len() > 1 {
                        let from = at % lines.len();
                        let line = lines.remove(from);
                        lines.insert(usize::from(byte) % lines.len(), line);
                    }
                    out = (lines.join("\n") + "\n").into_bytes();
                }
            }
        }
        out
    })
}

/// f-puzzles-like JSON from tokens: keys of every rule, cells inside and outside the grid,
/// odd numbers.
fn fpuzzles_like() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("killercage"),
        Just("littlekillersum"),
        Just("arrow"),
        Just("thermometer"),
        Just("whispers"),
        Just("renban"),
        Just("entropicline"),
        Just("sandwichsum"),
        Just("xsum"),
        Just("skyscraper"),
        Just("columnindexer"),
        Just("ratio"),
        Just("difference"),
        Just("xv"),
        Just("quadruple"),
        Just("clone"),
        Just("minimum"),
        Just("line"),
        Just("lockout"),
        Just("doublearrow"),
    ];
    let cell = prop_oneof![
        (0i64..11, 0i64..11).prop_map(|(r, c)| format!("\"R{r}C{c}\"")),
        Just("\"R99999999999C1\"".to_string()),
        Just("\"X\"".to_string()),
        Just("7".to_string()),
    ];
    let value = prop_oneof![
        (0u64..50).prop_map(|v| format!("\"{v}\"")),
        Just("\"X\"".to_string()),
        Just("\"\"".to_string()),
        Just("4294967299".to_string()),
        Just("null".to_string()),
        Just("-3".to_string()),
    ];
    let entry = (
        prop::collection::vec(cell.clone(), 0..5),
        prop::collection::vec(cell.clone(), 0..5),
        value,
        cell,
    )
        .prop_map(|(cells, line, value, c)| {
            format!(
                "{{\"cells\": [{}], \"lines\": [[{}]], \"value\": {value}, \"cell\": {c}, \"direction\": \"DR\", \"values\": [1, 2], \"cloneCells\": [{}]}}",
                cells.join(","),
                line.join(","),
                cells.join(",")
            )
        });
    let rule = (key, prop::collection::vec(entry, 0..3))
        .prop_map(|(k, es)| format!("\"{k}\": [{}]", es.join(",")));
    (1usize..12, prop::collection::vec(rule, 0..4)).prop_map(|(size, rules)| {
        let mut parts = vec![format!("\"size\": {size}"), "\"grid\": []".to_string()];
        parts.extend(rules);
        format!("{{{}}}", parts.join(", "))
    })
}

/// What reading (and, when it reads, solving within a budget) must do: never panic; an
/// error message has no control character; an answer passes the checker.
fn read_checked(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match read_puzzle(&text) {
        Err(e) => {
            let message = e.to_string();
            assert!(
                !message.chars().any(|c| c.is_control() && c != '\n'),
                "a control character in {message:?}"
            );
        }
        Ok(imported) => {
            let p = imported.puzzle;
            if p.size() > 9 {
                return;
            }
            let Ok(solver) = VariantSolver::new(&p) else {
                return;
            };
            for engine in [VariantEngine::ClauseLearning, VariantEngine::DancingLinks] {
                let answer = solver
                    .clone()
                    .with_engine(engine)
                    .with_node_budget(2_000)
                    .unique();
                match &answer {
                    Uniqueness::Unique(s) | Uniqueness::Multiple(s, _) => p.check(s).unwrap(),
                    Uniqueness::Incomplete { found: Some(s), .. } => p.check(s).unwrap(),
                    _ => {}
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mutated_puzzles_never_panic(bytes in mutated()) {
        read_checked(&bytes);
    }

    #[test]
    fn random_fpuzzles_json_never_panics(json in fpuzzles_like()) {
        read_checked(json.as_bytes());
    }

    #[test]
    fn random_links_never_panic(payload in "[A-Za-z0-9+/=%$-]{0,200}") {
        read_checked(format!("https://www.f-puzzles.com/?load={payload}").as_bytes());
        read_checked(payload.as_bytes());
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        read_checked(&bytes);
    }
}
