//! The fuzzing harness of the `dlx` binary: proptest targets that feed random and mutated
//! files to every reader of the command line (Sudoku and Knightdoku files, DLX problems
//! for `trace`, unit lines, merges, checkpoints) and check that the binary ends with an
//! answer (0, 1) or a clear input error (2): never a panic, a signal or a hang, and never
//! a control character of the input on standard error.
//!
//! Each case runs the binary, so CI runs a few (`DLX_FUZZ_CASES`, 32 by default here;
//! `.ci/run` sets it). Long runs: `DLX_FUZZ_CASES=20000 cargo test --release -p dlx-cli
//! --test integration fuzz::` (see `docs/reliability.md`). Failures are saved in
//! `tests/fuzz.proptest-regressions` and replayed first: commit it, and add a named test.
//!
//! The variant readers (f-puzzles JSON and links, the variant TOML) get their own target
//! in `dlx-sudoku/tests/fuzz.rs`, on the same pattern.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::{root, run_with, Run};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    let cases = std::env::var("DLX_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .map_or(32, |n| n.div_ceil(2));
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// `valid` with a few bytes changed, deleted or duplicated.
fn mutate(valid: &[u8], edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut out = valid.to_vec();
    for &(byte, at, kind) in edits {
        if out.is_empty() {
            break;
        }
        let at = at % out.len();
        match kind % 3 {
            0 => out[at] = byte,
            1 => {
                out.remove(at);
            }
            _ => {
                let b = out[at];
                out.insert(at, b);
            }
        }
    }
    out
}

fn edits() -> impl Strategy<Value = Vec<(u8, usize, u8)>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6)
}

/// An answer or an input error, nothing else.
fn assert_sane(run: &Run) {
    assert!(
        matches!(run.code, Some(0..=3)),
        "exit {:?}\n{}",
        run.code,
        run.transcript()
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.transcript());
    assert!(
        !run.stderr.chars().any(|c| c.is_control() && c != '\n'),
        "a control character on standard error: {:?}",
        run.stderr
    );
    if run.code == Some(2) {
        assert!(run.stderr.contains("dlx: error"), "{}", run.transcript());
    }
}

fn feed(args: &[&str], input: &[u8]) -> Run {
    run_with(args, input, Duration::from_secs(60))
}

/// Writes `bytes` to a file of a fresh directory and runs `args` with `{}` replaced by its
/// path.
fn with_file(args: &[&str], bytes: &[u8]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, bytes).unwrap();
    let path = path.to_str().unwrap().to_string();
    let args: Vec<&str> = args
        .iter()
        .map(|&a| if a == "{}" { path.as_str() } else { a })
        .collect();
    feed(&args, b"")
}

const SUDOKU_FILES: [&str; 4] = [
    "examples/sudoku/mixed.txt",
    "examples/sudoku/classic.txt",
    "examples/sudoku/16x16.txt",
    "examples/sudoku/x.txt",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sudoku_files(which in 0..SUDOKU_FILES.len(), edits in edits(), unique in any::<bool>()) {
        let input = mutate(read(SUDOKU_FILES[which]).as_bytes(), &edits);
        let mode = if unique { "--unique" } else { "--json" };
        assert_sane(&feed(&["sudoku", "-", mode, "--threads", "2"], &input));
    }

    #[test]
    fn sudoku_text(text in "[.0-9A-Z|# \\n\\t\\u{1b}-]{0,300}") {
        assert_sane(&feed(&["sudoku", "-", "--threads", "1"], text.as_bytes()));
    }

    #[test]
    fn knightdoku_boards(second in any::<bool>(), edits in edits()) {
        let file = if second { "examples/knightdoku/kd2.txt" } else { "examples/knightdoku/kd1.txt" };
        let input = mutate(read(file).as_bytes(), &edits);
        assert_sane(&feed(&["knightdoku", "-"], &input));
    }

    #[test]
    fn dlx_problems_traced(edits in edits(), json in any::<bool>()) {
        let input = mutate(read("dlx-cli/tests/data/toy.dlx").as_bytes(), &edits);
        let format = if json { "json" } else { "text" };
        assert_sane(&feed(&["trace", "-", "--format", format, "--max-steps", "200"], &input));
    }
}

/// A split of q8, every result line, and a checkpoint file of the same run, as bytes.
fn distributed_files() -> (Vec<u8>, Vec<u8>) {
    let split = common::run(&["split", "dlx-cli/tests/data/q8.dlx", "--units", "6"]);
    assert_eq!(split.code, Some(0));
    let todo: String = split
        .stdout
        .lines()
        .filter(|l| l.contains("\"unit\"") && !l.contains("\"done\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let results = common::run_stdin(
        &[
            "count",
            "dlx-cli/tests/data/q8.dlx",
            "--units-file",
            "-",
            "--threads",
            "1",
        ],
        &todo,
    );
    assert_eq!(results.code, Some(0));
    (split.stdout.into_bytes(), results.stdout.into_bytes())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn unit_lines_counted(edits in edits()) {
        let (split, _) = distributed_files();
        let input = mutate(&split, &edits);
        assert_sane(&feed(
            &["count", "dlx-cli/tests/data/q8.dlx", "--units-file", "-", "--threads", "1"],
            &input,
        ));
    }

    #[test]
    fn merges(edits in edits(), in_split in any::<bool>()) {
        let (split, results) = distributed_files();
        let (split, results) = if in_split {
            (mutate(&split, &edits), results)
        } else {
            (split, mutate(&results, &edits))
        };
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("units"), dir.path().join("results"));
        std::fs::write(&a, &split).unwrap();
        std::fs::write(&b, &results).unwrap();
        let run = feed(&["merge", a.to_str().unwrap(), b.to_str().unwrap()], b"");
        assert_sane(&run);
        // Lines can be damaged, but a total is printed only for a whole, matching set;
        // counts are what a damaged digit can change, so only the refusals are checked.
        if run.code == Some(0) {
            assert!(!run.stdout.is_empty());
        }
    }

    #[test]
    fn checkpoints_resumed(edits in edits()) {
        let (split, _) = distributed_files();
        // The split's records as a checkpoint (what a run stopped there would hold).
        let mut units = Vec::new();
        let mut problem = String::new();
        for line in String::from_utf8(split).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v.get("dlx_units").is_some() {
                problem = v["problem"].as_str().unwrap().to_string();
            } else {
                let mut r = serde_json::json!({"unit": v["unit"], "weight": v["weight"], "until": v["until"]});
                if let Some(d) = v.get("done") {
                    r["done"] = d.clone();
                }
                units.push(r);
            }
        }
        let checkpoint = serde_json::json!({"version": dlx_core::CHECKPOINT_VERSION, "problem": problem, "units": units});
        // Written as dlx writes it (with its digest), then damaged.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        serde_json::from_value::<dlx_core::Checkpoint>(checkpoint).unwrap().save(&path).unwrap();
        let input = mutate(&std::fs::read(&path).unwrap(), &edits);
        let run = with_file(
            &["count", "dlx-cli/tests/data/q8.dlx", "--resume", "{}", "--threads", "2", "--no-progress"],
            &input,
        );
        assert_sane(&run);
    }
}

#[test]
fn the_regressions_file_is_where_proptest_looks() {
    // (So that a saved failure is replayed: it lives beside this file.)
    assert!(Path::new(file!()).ends_with("fuzz.rs"));
}

/// The commands that write an output file, `{}` standing for its path.
const WRITERS: &[&[&str]] = &[
    &["tour", "5x6", "--svg", "{}"],
    &["knightdoku", "examples/knightdoku/kd1.txt", "--svg", "{}"],
    &["variant", "examples/variant/kropki.toml", "--svg", "{}"],
    &[
        "sudoku",
        "examples/sudoku/x.txt",
        "--x",
        "-q",
        "--svg",
        "{}",
    ],
    &["zdd", "dlx-cli/tests/data/toy.dlx", "-o", "{}"],
    &[
        "trace",
        "dlx-cli/tests/data/toy.dlx",
        "--format",
        "html",
        "-o",
        "{}",
    ],
    &["trace", "dlx-cli/tests/data/toy.dlx", "-o", "{}"],
];

/// What may be at an output file's path, or above it, before the run.
#[derive(Clone, Copy, Debug)]
enum AtPath {
    Nothing,
    OldFile,
    ReadOnlyFile,
    LinkToVictim,
    DanglingLink,
    Folder,
    MissingFolder,
    FileAsFolder,
    ReadOnlyFolder,
}

fn at_path() -> impl Strategy<Value = AtPath> {
    prop_oneof![
        Just(AtPath::Nothing),
        Just(AtPath::OldFile),
        Just(AtPath::ReadOnlyFile),
        Just(AtPath::LinkToVictim),
        Just(AtPath::DanglingLink),
        Just(AtPath::Folder),
        Just(AtPath::MissingFolder),
        Just(AtPath::FileAsFolder),
        Just(AtPath::ReadOnlyFolder),
    ]
}

/// What is at `path`: its kind and, for a file, its contents.
fn state(path: &Path) -> Option<(bool, bool, Option<String>)> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let kind = meta.file_type();
    Some((
        kind.is_symlink(),
        kind.is_dir(),
        kind.is_file()
            .then(|| std::fs::read_to_string(path).unwrap_or_default()),
    ))
}

proptest! {
    #![proptest_config(config())]

    /// Issue 40: output files were written through links planted at their names and
    /// truncated before the run. Whatever is at the path: the run writes a whole new
    /// regular file there, or it fails and leaves the path as it was; a link is never
    /// written through, and no temporary file is left behind.
    #[test]
    fn output_paths(which in 0..WRITERS.len(), what in at_path(), name in "[a-z]{1,8}") {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let svg = WRITERS[which][0] != "zdd" && WRITERS[which][0] != "trace";
        let file = format!("{name}.{}", if svg { "svg" } else { "out" });
        let mut path = dir.path().join(&file);
        match what {
            AtPath::Nothing => {}
            AtPath::OldFile => std::fs::write(&path, "old").unwrap(),
            AtPath::ReadOnlyFile => {
                std::fs::write(&path, "old").unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
            }
            AtPath::LinkToVictim => std::os::unix::fs::symlink(&victim, &path).unwrap(),
            AtPath::DanglingLink => {
                std::os::unix::fs::symlink(dir.path().join("nowhere"), &path).unwrap()
            }
            AtPath::Folder => std::fs::create_dir(&path).unwrap(),
            AtPath::MissingFolder => path = dir.path().join("missing").join(&file),
            AtPath::FileAsFolder => path = victim.join(&file),
            AtPath::ReadOnlyFolder => {
                let sub = dir.path().join("sealed");
                std::fs::create_dir(&sub).unwrap();
                std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o555)).unwrap();
                path = sub.join(&file);
            }
        }
        let before = state(&path);
        let path_text = path.to_str().unwrap().to_string();
        let args: Vec<&str> = WRITERS[which]
            .iter()
            .map(|&a| if a == "{}" { path_text.as_str() } else { a })
            .collect();
        let run = feed(&args, b"");
        assert_sane(&run);
        prop_assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        if run.code == Some(0) {
            let (link, folder, text) = state(&path).expect("written");
            prop_assert!(!link && !folder, "{:?}: {}", what, run.transcript());
            let text = text.unwrap();
            prop_assert!(text.len() > 10 && text != "old", "{:?}: {}", what, run.transcript());
            if svg {
                prop_assert!(text.ends_with("</svg>\n"), "{:?}", what);
            }
            prop_assert!(!matches!(what, AtPath::LinkToVictim | AtPath::DanglingLink | AtPath::Folder));
        } else {
            prop_assert_eq!(state(&path), before, "{:?}: {}", what, run.transcript());
        }
        // No temporary file anywhere under the scratch folder.
        for sub in [dir.path().to_path_buf(), dir.path().join("sealed")] {
            if let Ok(entries) = std::fs::read_dir(&sub) {
                for e in entries {
                    let n = e.unwrap().file_name().to_string_lossy().into_owned();
                    prop_assert!(!n.ends_with(".tmp"), "{} left in {:?}", n, what);
                }
            }
        }
        let _ = std::fs::set_permissions(dir.path().join("sealed"), std::fs::Permissions::from_mode(0o755));
    }
}
