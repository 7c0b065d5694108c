//! The fuzzing harness of dlx-core: proptest targets for every parser and file format of
//! the crate (Knuth's DLX text, checkpoints, unit lines and merges). Each target feeds
//! random and mutated inputs and checks that nothing panics and that whatever is accepted
//! is right: a parsed problem writes back to itself and counts the same on every engine
//! and split; an accepted checkpoint or merge gives the exact total.
//!
//! CI runs a bounded number of cases per target (`DLX_FUZZ_CASES`, 64 by default; `.ci/run`
//! sets it). The long-running mode, for hours on a spare machine, is
//! `DLX_FUZZ_CASES=1000000 cargo test --release -p dlx-core --test integration fuzz::` (see
//! `docs/reliability.md`). A failure is shrunk and its seed saved in
//! `tests/fuzz.proptest-regressions`, which is replayed first on every run: commit it, and
//! turn the case into a named regression test beside the fix.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::links_parallel;
use dlx_core::distributed::{merge, read_lines, split_lines, unit_line_text, Line, UnitLine};
use dlx_core::format::{parse, parse_bytes, write};
use dlx_core::{
    problem_hash, split_units, Checkpoint, Problem, Progress, Solver, TreePosition, Unit,
    UnitCounts, UnitRecord, UnitSearch,
};
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

const SMALL: [&str; 4] = [
    include_str!("data/toy.dlx"),
    include_str!("data/mult.dlx"),
    include_str!("data/color.dlx"),
    include_str!("data/q8.dlx"),
];

/// `valid` with a few bytes changed, deleted, duplicated, or lines swapped.
fn mutated(valid: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<u8>(), any::<usize>(), 0u8..4), 1..6);
    edits.prop_map(move |edits| {
        let mut out = valid.as_bytes().to_vec();
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
                    // Move a line elsewhere.
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

/// Text of DLX-ish tokens: names, bars, colons, bounds, comments, odd characters.
fn dlx_like() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        Just("A ".to_string()),
        Just("B ".to_string()),
        Just("x ".to_string()),
        Just("| ".to_string()),
        Just("\n".to_string()),
        Just(":red ".to_string()),
        Just("0:4294967295|C ".to_string()),
        Just("2:3|D ".to_string()),
        Just("4294967296|E ".to_string()),
        Just("\u{1b}[31m ".to_string()),
        "[a-e:|0-9 \\n\\t]{0,6}",
    ];
    prop::collection::vec(token, 0..40).prop_map(|t| t.concat().into_bytes())
}

/// Checks what a parse gives: a problem that writes back to itself, or a short message
/// without control characters.
fn parse_checked(bytes: &[u8]) -> Option<Problem> {
    match parse_bytes(bytes) {
        Ok(parsed) => {
            let problem = parsed.problem;
            if let Ok(text) = write(&problem) {
                let again = parse(&text).expect("written text parses");
                assert_eq!(problem_hash(&again), problem_hash(&problem));
            }
            Some(problem)
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                !message.chars().any(char::is_control),
                "a control character in {message:?}"
            );
            assert!(message.chars().count() < 300, "{message}");
            None
        }
    }
}

/// When the search is small: every engine, split and thread count gives the same count.
fn counts_agree(problem: &Problem) {
    let seq = Solver::links(problem).with_node_budget(20_000).count();
    if !seq.is_complete() {
        return;
    }
    let par = links_parallel(problem).threads(2).count();
    assert_eq!(
        (par.solutions, par.stats.nodes, par.stats.updates),
        (seq.solutions, seq.stats.nodes, seq.stats.updates)
    );
    let plan = split_units(problem, 5);
    plan.check(problem).unwrap();
    let mut total = plan.totals().unwrap();
    for unit in plan.pending() {
        total += UnitSearch::new(problem, unit).unwrap().count();
    }
    assert_eq!(
        (total.solutions, total.nodes, total.updates),
        (seq.solutions, seq.stats.nodes, seq.stats.updates)
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn dlx_text_from_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        parse_checked(&bytes);
    }

    #[test]
    fn dlx_text_from_dlx_like_tokens(bytes in dlx_like()) {
        if let Some(problem) = parse_checked(&bytes) {
            counts_agree(&problem);
        }
    }

    #[test]
    fn dlx_text_mutated(
        bytes in (0..SMALL.len()).prop_flat_map(|k| mutated(SMALL[k]))
    ) {
        if let Some(problem) = parse_checked(&bytes) {
            counts_agree(&problem);
        }
    }
}

/// q8 and its exact counts.
fn q8() -> &'static (Problem, UnitCounts) {
    static Q8: OnceLock<(Problem, UnitCounts)> = OnceLock::new();
    Q8.get_or_init(|| {
        let p = parse(include_str!("data/q8.dlx")).unwrap();
        let c = Solver::links(&p).count();
        let truth = UnitCounts {
            solutions: c.solutions,
            nodes: c.stats.nodes,
            updates: c.stats.updates,
        };
        (p, truth)
    })
}

/// A checkpoint of q8 as a run stopped part way leaves it (finished parts merged, cut
/// units), made once.
fn stopped_run() -> &'static Checkpoint {
    static RUN: OnceLock<Checkpoint> = OnceLock::new();
    RUN.get_or_init(|| {
        let (p, _) = q8();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        let flag = Arc::new(AtomicBool::new(false));
        let progress = Progress::new();
        let watcher = {
            let (flag, progress) = (Arc::clone(&flag), progress.clone());
            std::thread::spawn(move || {
                while !flag.load(Ordering::Relaxed) && progress.snapshot().nodes < 300 {
                    std::thread::yield_now();
                }
                flag.store(true, Ordering::Relaxed);
            })
        };
        links_parallel(p)
            .threads(1)
            .cancel_flag(Arc::clone(&flag))
            .progress(progress)
            .checkpoint(&path, Duration::from_secs(3600))
            .count()
            .unwrap();
        flag.store(true, Ordering::Relaxed);
        watcher.join().unwrap();
        Checkpoint::load(&path).unwrap()
    })
}

fn any_position() -> impl Strategy<Value = TreePosition> {
    prop_oneof![
        Just(TreePosition::End),
        prop::collection::vec(0u32..6, 0..4).prop_map(TreePosition::At),
    ]
}

fn any_unit() -> impl Strategy<Value = Unit> {
    prop_oneof![
        Just(Unit::Root),
        (
            prop::collection::vec(0u32..6, 0..3),
            0u32..7,
            prop_oneof![0u32..9, Just(u32::MAX)]
        )
            .prop_map(|(path, first, last)| Unit::Range { path, first, last }),
    ]
}

/// What a damaged or forged file may do to its records without forging counts: drop,
/// repeat or reorder records, add units to do, change the units (or ends) of records still
/// to do, or turn a finished record into one to do.
#[derive(Clone, Debug)]
enum Edit {
    Remove(usize),
    Repeat(usize),
    Swap(usize, usize),
    AddPending(Unit, Option<TreePosition>),
    SetPendingUnit(usize, Unit),
    SetPendingEnd(usize, Option<TreePosition>),
    Undo(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Remove),
        any::<usize>().prop_map(Edit::Repeat),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
        (any_unit(), prop::option::of(any_position())).prop_map(|(u, p)| Edit::AddPending(u, p)),
        (any::<usize>(), any_unit()).prop_map(|(k, u)| Edit::SetPendingUnit(k, u)),
        (any::<usize>(), prop::option::of(any_position()))
            .prop_map(|(k, p)| Edit::SetPendingEnd(k, p)),
        any::<usize>().prop_map(Edit::Undo),
    ]
}

fn apply(units: &mut Vec<UnitRecord>, edit: &Edit) {
    let n = units.len();
    let pending = |units: &Vec<UnitRecord>, k: usize| n > 0 && units[k % n].done.is_none();
    match edit {
        Edit::Remove(k) if n > 0 => {
            units.remove(k % n);
        }
        Edit::Repeat(k) if n > 0 => units.push(units[k % n].clone()),
        Edit::Swap(a, b) if n > 0 => units.swap(a % n, b % n),
        Edit::AddPending(unit, until) => units.push(UnitRecord {
            unit: unit.clone(),
            weight: 0.0,
            done: None,
            until: until.clone(),
        }),
        Edit::SetPendingUnit(k, unit) if pending(units, *k) => units[k % n].unit = unit.clone(),
        Edit::SetPendingEnd(k, until) if pending(units, *k) => units[k % n].until = until.clone(),
        Edit::Undo(k) if n > 0 => units[k % n].done = None,
        _ => {}
    }
}

/// Resumes `c` on q8: refused, or exactly q8's counts.
fn accepted_means_exact(c: Checkpoint) {
    let (p, truth) = q8();
    let checked = c.check(p);
    let resumed = links_parallel(p).threads(2).resume(c).count();
    match (checked, resumed) {
        (Ok(()), Ok(count)) => {
            assert!(count.is_complete());
            assert_eq!(
                (count.solutions, count.stats.nodes, count.stats.updates),
                (truth.solutions, truth.nodes, truth.updates)
            );
        }
        (Err(_), Err(_)) => {}
        (checked, resumed) => panic!("check {checked:?} but resume {resumed:?}"),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn checkpoints_edited_are_refused_or_exact(
        from_run in any::<bool>(),
        units in 1usize..20,
        edits in prop::collection::vec(edit(), 0..4),
    ) {
        let (p, _) = q8();
        let mut c = if from_run { stopped_run().clone() } else { split_units(p, units) };
        for e in &edits {
            apply(&mut c.units, e);
        }
        accepted_means_exact(c);
    }

    #[test]
    fn checkpoint_files_mutated_never_panic(
        from_run in any::<bool>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), 0u8..3), 1..6),
    ) {
        let (p, _) = q8();
        let base = if from_run { stopped_run().clone() } else { split_units(p, 9) };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        base.save(&path).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        for (byte, at, kind) in edits {
            let at = at % bytes.len();
            match kind {
                0 => bytes[at] = byte,
                1 => { bytes.remove(at); }
                _ => { let b = bytes[at]; bytes.insert(at, b); }
            }
        }
        std::fs::write(&path, &bytes).unwrap();
        if let Ok(c) = Checkpoint::load(&path) {
            // Counts may have been changed too (with the digest): only no panic is asked.
            if c.check(p).is_ok() {
                let _ = links_parallel(p).threads(2).resume(c).count();
            }
        }
    }
}

/// What a hand edit may do to the records of a checkpoint file, counts untouched or not:
/// drop a record, merge a record into the one before it (its end and counts taken over),
/// give a record another end (`until`), change a count, repeat or swap records.
#[derive(Clone, Debug)]
enum FileEdit {
    Remove(usize),
    Merge(usize),
    SetEnd(usize, Option<TreePosition>),
    SetSolutions(usize, u64),
    Repeat(usize),
    Swap(usize, usize),
}

fn file_edit() -> impl Strategy<Value = FileEdit> {
    prop_oneof![
        any::<usize>().prop_map(FileEdit::Remove),
        any::<usize>().prop_map(FileEdit::Merge),
        (any::<usize>(), prop::option::of(any_position()))
            .prop_map(|(k, p)| FileEdit::SetEnd(k, p)),
        (any::<usize>(), 0u64..100).prop_map(|(k, n)| FileEdit::SetSolutions(k, n)),
        any::<usize>().prop_map(FileEdit::Repeat),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| FileEdit::Swap(a, b)),
    ]
}

/// Applies `edit` to the `units` array of a checkpoint file's JSON.
fn apply_to_file(units: &mut Vec<serde_json::Value>, edit: &FileEdit) {
    let n = units.len();
    if n == 0 {
        return;
    }
    match edit {
        FileEdit::Remove(k) => {
            units.remove(k % n);
        }
        FileEdit::Merge(k) if n > 1 => {
            let k = 1 + k % (n - 1);
            let merged = units.remove(k);
            let before = &mut units[k - 1];
            before["until"] = merged["until"].clone();
            if let (Some(a), Some(b)) = (before.get("done").cloned(), merged.get("done")) {
                let mut sum = a.clone();
                for key in ["solutions", "nodes", "updates"] {
                    let total = a[key]
                        .as_u64()
                        .unwrap_or(0)
                        .saturating_add(b[key].as_u64().unwrap_or(0));
                    sum[key] = total.into();
                }
                before["done"] = sum;
            }
        }
        FileEdit::SetEnd(k, until) => {
            units[k % n]["until"] = serde_json::to_value(until).unwrap();
        }
        FileEdit::SetSolutions(k, s) if units[k % n].get("done").is_some() => {
            units[k % n]["done"]["solutions"] = (*s).into();
        }
        FileEdit::Repeat(k) => {
            let r = units[k % n].clone();
            units.push(r);
        }
        FileEdit::Swap(a, b) => units.swap(a % n, b % n),
        _ => {}
    }
}

proptest! {
    #![proptest_config(config())]

    /// Structural hand edits of a checkpoint file (records dropped or merged, ends moved,
    /// counts changed): the file is refused, or it resumes to q8's exact counts (the edit
    /// changed nothing, such as swapping a record with itself).
    #[test]
    fn checkpoint_files_edited_by_hand_are_refused_or_exact(
        from_run in any::<bool>(),
        units in 2usize..20,
        edits in prop::collection::vec(file_edit(), 1..4),
    ) {
        let (p, _) = q8();
        let base = if from_run { stopped_run().clone() } else { split_units(p, units) };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        base.save(&path).unwrap();
        let mut json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let mut records = json["units"].as_array().unwrap().clone();
        for e in &edits {
            apply_to_file(&mut records, e);
        }
        let same = records == *json["units"].as_array().unwrap();
        json["units"] = serde_json::Value::Array(records);
        std::fs::write(&path, json.to_string()).unwrap();
        match Checkpoint::load(&path) {
            Ok(c) => {
                prop_assert!(same, "an edited file was read: {edits:?}");
                accepted_means_exact(c);
            }
            Err(e) => prop_assert!(!same, "the untouched file was refused: {e}"),
        }
    }
}

/// The split file of q8 into `n` units and every result line, as texts.
fn split_texts(n: usize) -> (String, Vec<String>) {
    let (p, _) = q8();
    let (header, lines) = split_lines(&split_units(p, n));
    let mut split = serde_json::to_string(&header).unwrap() + "\n";
    let mut results = Vec::new();
    for mut line in lines {
        split += &(unit_line_text(&line) + "\n");
        if line.done.is_none() {
            line.done = Some(UnitSearch::new(p, &line.unit).unwrap().count());
            results.push(unit_line_text(&line));
        }
    }
    (split, results)
}

#[derive(Clone, Debug)]
enum LineEdit {
    /// Drop a result line.
    Drop(usize),
    /// Repeat a result line.
    Repeat(usize),
    /// Put in a result line of another split of the same problem.
    Foreign(usize),
    /// Drop a line of the split file.
    DropSplitLine(usize),
    /// Give a result line another id.
    Renumber(usize, u64),
}

fn line_edit() -> impl Strategy<Value = LineEdit> {
    prop_oneof![
        any::<usize>().prop_map(LineEdit::Drop),
        any::<usize>().prop_map(LineEdit::Repeat),
        any::<usize>().prop_map(LineEdit::Foreign),
        any::<usize>().prop_map(LineEdit::DropSplitLine),
        (any::<usize>(), 0u64..40).prop_map(|(k, id)| LineEdit::Renumber(k, id)),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn merges_edited_are_refused_or_exact(
        n in 1usize..12,
        other in 1usize..30,
        edits in prop::collection::vec(line_edit(), 0..4),
    ) {
        let (_, truth) = q8();
        let (split, mut results) = split_texts(n);
        let (_, foreign) = split_texts(other);
        let mut split_lines: Vec<String> = split.lines().map(String::from).collect();
        for e in &edits {
            let r = results.len().max(1);
            match e {
                LineEdit::Drop(k) if !results.is_empty() => { results.remove(k % r); }
                LineEdit::Repeat(k) if !results.is_empty() => results.push(results[k % r].clone()),
                LineEdit::Foreign(k) if !foreign.is_empty() => results.push(foreign[k % foreign.len()].clone()),
                LineEdit::DropSplitLine(k) if !split_lines.is_empty() => { let s = split_lines.len(); split_lines.remove(k % s); }
                LineEdit::Renumber(k, id) if !results.is_empty() => {
                    let mut u: UnitLine = serde_json::from_str(&results[k % r]).unwrap();
                    u.id = *id;
                    results[k % r] = unit_line_text(&u);
                }
                _ => {}
            }
        }
        let split = split_lines.join("\n");
        let results = results.join("\n");
        if let Ok(merged) = merge(&[("units", &split), ("results", &results)]) {
            prop_assert_eq!(merged.counts, *truth);
        }
    }

    #[test]
    fn unit_lines_from_random_text_never_panic(text in "[{}\":,\\[\\]a-z0-9 \\n]{0,120}") {
        if let Ok(lines) = read_lines("units", &text) {
            for (_, line) in lines {
                if let Line::Unit(u) = line {
                    let _ = UnitSearch::new(&q8().0, &u.unit).map(|s| s.end());
                }
            }
        }
        let _ = merge(&[("units", &text)]);
    }
}
