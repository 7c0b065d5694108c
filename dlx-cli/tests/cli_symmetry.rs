//! `dlx count --symmetry`, `dlx solve --up-to-symmetry` and the groups `dlx gen` writes.

use crate::common::{run, run_stdin};

/// The problem `dlx gen ARGS` writes.
fn gen(args: &[&str]) -> String {
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    r.stdout
}

/// The same problem without its `| symmetry:` lines (so that the group is found).
fn without_group(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("| symmetry:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn counts_up_to_symmetry_of_generated_families() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["queens", "8"],
            "92 solutions, 12 up to symmetry (group of order 8)\n",
        ),
        (
            &["queens", "6"],
            "4 solutions, 1 up to symmetry (group of order 8)\n",
        ),
        (
            &["langford", "7"],
            "52 solutions, 26 up to symmetry (group of order 2)\n",
        ),
        (
            &["pentomino", "3x20"],
            "8 solutions, 2 up to symmetry (group of order 4)\n",
        ),
        (
            &["dominoes", "4x4"],
            "36 solutions, 9 up to symmetry (group of order 8)\n",
        ),
    ];
    for (args, expected) in cases {
        let problem = gen(args);
        for text in [problem.clone(), without_group(&problem)] {
            for threads in ["1", "2"] {
                let r = run_stdin(&["count", "--symmetry", "-", "-t", threads], &text);
                assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
                assert_eq!(r.stdout, expected, "{args:?}");
            }
        }
        // The plain count agrees with the total.
        let plain = run_stdin(&["count", "-", "-t", "1"], &problem);
        let total = expected.split(' ').next().unwrap();
        assert_eq!(plain.stdout.trim(), total, "{args:?}");
    }
}

#[test]
fn sudoku_grids_pass_their_group_on() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "................\n").unwrap();
    let problem = gen(&["sudoku", empty.to_str().unwrap()]);
    assert!(problem.contains("| symmetry: "), "{problem}");
    // 288 Shidoku grids, 2 up to the grid's 3072 symmetries; the group found is the same.
    for text in [problem.clone(), without_group(&problem)] {
        let r = run_stdin(&["count", "--symmetry", "-"], &text);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(
            r.stdout,
            "288 solutions, 2 up to symmetry (group of order 3072)\n"
        );
    }
    // A puzzle kept by the half turn with 1<->4, 2<->3 and by the transpose: the turns
    // and flips that keep it, as generators; the totals agree with a plain count.
    let puzzle = dir.path().join("turn.txt");
    std::fs::write(&puzzle, "1.....2..3.....4\n").unwrap();
    let problem = gen(&["sudoku", puzzle.to_str().unwrap()]);
    assert!(problem.contains("| symmetry: "), "{problem}");
    let plain = run_stdin(&["count", "-"], &problem);
    for text in [problem.clone(), without_group(&problem)] {
        let r = run_stdin(&["count", "--symmetry", "-"], &text);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(r.stdout.split(' ').next().unwrap(), plain.stdout.trim());
    }
    let r = run_stdin(&["count", "--symmetry", "-"], &problem);
    assert!(r.stdout.ends_with("(group of order 4)\n"), "{}", r.stdout);
}

#[test]
fn json_and_stats_report_the_group() {
    let problem = gen(&["queens", "5"]);
    let r = run_stdin(&["count", "--symmetry", "--json", "--stats", "-"], &problem);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(json["solutions"], 10);
    assert_eq!(json["up_to_symmetry"], 2);
    assert_eq!(json["group_order"], 8);
    assert_eq!(json["group_source"], "file");
    assert_eq!(json["complete"], true);
    assert_eq!(json["generators"].as_array().unwrap().len(), 2);
    assert!(
        r.stderr
            .contains("group of order 8 (from the file, 2 generators"),
        "{}",
        r.stderr
    );
    let found = run_stdin(
        &["count", "--symmetry", "--json", "-"],
        &without_group(&problem),
    );
    let json: serde_json::Value = serde_json::from_str(&found.stdout).unwrap();
    assert_eq!(json["group_source"], "found");
    assert_eq!(json["up_to_symmetry"], 2);
}

#[test]
fn a_node_budget_leaves_the_count_incomplete() {
    let problem = gen(&["queens", "8"]);
    let r = run_stdin(
        &["count", "--symmetry", "--node-budget", "50", "-"],
        &problem,
    );
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    assert!(
        r.stdout.contains("(incomplete; group of order 8)"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("node budget spent"), "{}", r.stderr);
}

#[test]
fn a_group_given_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    // A 4-cycle a-b-c-d, matched: two solutions, one up to the quarter turn.
    let problem = dir.path().join("cycle.dlx");
    std::fs::write(&problem, "a b c d\na b\nb c\nc d\nd a\n").unwrap();
    let p = problem.to_str().unwrap();
    let group = dir.path().join("turn.txt");
    std::fs::write(&group, "| symmetry: a b c d\n").unwrap();
    let r = run(&["count", "--symmetry", p, "--group", group.to_str().unwrap()]);
    assert_eq!(
        r.stdout,
        "2 solutions, 1 up to symmetry (group of order 4)\n"
    );
    // Only the half turn: both solutions are kept by it.
    std::fs::write(&group, "| symmetry: a c | b d\n").unwrap();
    let r = run(&["count", "--symmetry", p, "--group", group.to_str().unwrap()]);
    assert_eq!(
        r.stdout,
        "2 solutions, 2 up to symmetry (group of order 2)\n"
    );
    // Not a symmetry: the file, line and column, and exit 2.
    std::fs::write(&group, "| a comment\n| symmetry: a b\n").unwrap();
    let r = run(&["count", "--symmetry", p, "--group", group.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("turn.txt:2:12: not a symmetry of the problem: the image of option `b c`"),
        "{}",
        r.stderr
    );
    std::fs::write(&group, "| symmetry: a q\n").unwrap();
    let r = run(&["count", "--symmetry", p, "--group", group.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("turn.txt:1:15: unknown item name `q`"),
        "{}",
        r.stderr
    );
    std::fs::write(&group, "a b\n").unwrap();
    let r = run(&["count", "--symmetry", p, "--group", group.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("no `| symmetry:` lines"), "{}", r.stderr);
    // Multiplicities are refused, clearly.
    std::fs::write(&problem, "2:2|a b\na\nb\n").unwrap();
    let r = run(&["count", "--symmetry", p]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("does not take problems with multiplicities"),
        "{}",
        r.stderr
    );
}

#[test]
fn solve_prints_one_solution_per_orbit() {
    let problem = gen(&["queens", "6"]);
    let all = run_stdin(&["solve", "--all", "-"], &problem);
    assert_eq!(all.stdout.matches("solution ").count(), 4);
    let up = run_stdin(&["solve", "--all", "--up-to-symmetry", "-"], &problem);
    assert_eq!(up.code, Some(0), "{}", up.stderr);
    assert_eq!(up.stdout.matches("solution ").count(), 1);
    let problem = gen(&["queens", "8"]);
    for threads in ["1", "2"] {
        let up = run_stdin(
            &[
                "solve",
                "--all",
                "--up-to-symmetry",
                "--json",
                "-t",
                threads,
                "-",
            ],
            &problem,
        );
        assert_eq!(up.stdout.lines().count(), 12, "{threads} threads");
    }
    let limited = run_stdin(
        &["solve", "--limit", "5", "--up-to-symmetry", "-"],
        &problem,
    );
    assert_eq!(limited.stdout.matches("solution ").count(), 5);
}

/// q10 (a file without `| symmetry:` lines: the group is found): 724 solutions, 92 up to
/// the board's eight symmetries.
const Q10: &str = "dlx-cli/tests/data/q10.dlx";
const Q10_COUNT: &str = "724 solutions, 92 up to symmetry (group of order 8)\n";

#[test]
fn threads_count_the_same() {
    for threads in ["1", "2", "3", "0"] {
        let r = run(&["count", "--symmetry", Q10, "-t", threads]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(r.stdout, Q10_COUNT, "{threads} threads");
    }
    assert_eq!(run(&["count", Q10, "-t", "2"]).stdout, "724\n");
}

#[test]
fn checkpoints_record_the_pieces_and_resume() {
    use dlx_core::symmetry::SymmetricCheckpoint;
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("run.json");
    let ck_arg = ck.to_str().unwrap();
    let r = run(&[
        "count",
        "--symmetry",
        Q10,
        "-t",
        "2",
        "--checkpoint",
        ck_arg,
        "--stats",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, Q10_COUNT);
    let saved = SymmetricCheckpoint::load(&ck).unwrap();
    assert_eq!(saved.finished(), saved.done.len());
    assert!(
        r.stderr.contains(&format!(
            "{} of {} pieces finished (0 before this run)",
            saved.done.len(),
            saved.done.len()
        )),
        "{}",
        r.stderr
    );
    // A run stopped half way: every other piece finished (written as dlx writes it).
    let mut half = saved.clone();
    for d in half.done.iter_mut().skip(1).step_by(2) {
        *d = None;
    }
    half.save(&ck).unwrap();
    let before = half.finished();
    for threads in ["1", "2"] {
        half.save(&ck).unwrap();
        let r = run(&[
            "count",
            "--symmetry",
            Q10,
            "-t",
            threads,
            "--resume",
            ck_arg,
            "--stats",
        ]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(r.stdout, Q10_COUNT);
        assert!(
            r.stderr.contains(&format!("({before} before this run)")),
            "{}",
            r.stderr
        );
        assert_eq!(SymmetricCheckpoint::load(&ck).unwrap(), saved);
    }
    // A checkpoint already there is not replaced without --force.
    let r = run(&["count", "--symmetry", Q10, "--checkpoint", ck_arg]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("refusing to replace it"), "{}", r.stderr);
    // Another group (a subgroup given by hand) makes other pieces: refused, by name.
    let group = dir.path().join("one.txt");
    let stats = run(&["count", "--symmetry", Q10, "--stats"]);
    let first = stats
        .stderr
        .lines()
        .find(|l| l.starts_with("| symmetry:"))
        .unwrap();
    std::fs::write(&group, format!("{first}\n")).unwrap();
    let r = run(&[
        "count",
        "--symmetry",
        Q10,
        "--group",
        group.to_str().unwrap(),
        "--resume",
        ck_arg,
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("another symmetry group?"), "{}", r.stderr);
    // A plain count's resume names what the file is; and a changed file is refused.
    let r = run(&["count", Q10, "--resume", ck_arg]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("resume it with --symmetry"),
        "{}",
        r.stderr
    );
    let text = std::fs::read_to_string(&ck).unwrap();
    std::fs::write(&ck, text.replacen("\"solutions\":", "\"solutions\":1", 1)).unwrap();
    let r = run(&["count", "--symmetry", Q10, "--resume", ck_arg]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("does not match"), "{}", r.stderr);
}

#[test]
fn an_interrupted_checkpointed_count_is_incomplete_and_keeps_its_pieces() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("run.json");
    let child = Command::new(crate::common::DLX)
        .args([
            "count",
            "--symmetry",
            "dlx-core/tests/data/pent6x10.dlx",
            "-t",
            "2",
            "--checkpoint",
            ck.to_str().unwrap(),
        ])
        .current_dir(crate::common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let saved = dlx_core::symmetry::SymmetricCheckpoint::load(&ck).unwrap();
    if out.status.code() == Some(130) {
        assert!(
            stdout.contains("(incomplete; group of order 4)"),
            "{stdout}"
        );
        assert!(saved.finished() < saved.done.len());
    } else {
        // Finished before the signal (a fast machine).
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            stdout,
            "9356 solutions, 2339 up to symmetry (group of order 4)\n"
        );
        assert_eq!(saved.finished(), saved.done.len());
    }
}

#[test]
fn work_units_split_count_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let units = dir.path().join("units.jsonl");
    let split = run(&["split", "--symmetry", Q10, "--units", "40"]);
    assert_eq!(split.code, Some(0), "{}", split.stderr);
    std::fs::write(&units, &split.stdout).unwrap();
    let header: serde_json::Value =
        serde_json::from_str(split.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(header["group_order"], 8);
    let total = header["total"].as_u64().unwrap() as usize;
    assert!(total >= 40, "{total}");
    // Half the units in one file on two threads, each of the others with --unit.
    let lines: Vec<&str> = split.stdout.lines().skip(1).collect();
    let first = dir.path().join("first.jsonl");
    std::fs::write(&first, lines[..total / 2].join("\n")).unwrap();
    let r = run(&[
        "count",
        "--symmetry",
        Q10,
        "--units-file",
        first.to_str().unwrap(),
        "-t",
        "2",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut results = r.stdout;
    for line in &lines[total / 2..] {
        let r = run(&["count", "--symmetry", Q10, "--unit", line]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        results += &r.stdout;
    }
    assert_eq!(results.lines().count(), total);
    let results_file = dir.path().join("results.jsonl");
    std::fs::write(&results_file, &results).unwrap();
    let u = units.to_str().unwrap();
    let res = results_file.to_str().unwrap();
    let merged = run(&["merge", u, res]);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);
    assert_eq!(merged.stdout, Q10_COUNT);
    let json = run(&["merge", "--json", u, res]);
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(
        (json["solutions"].clone(), json["up_to_symmetry"].clone()),
        (724.into(), 92.into())
    );
    // A gap is named.
    let some = dir.path().join("some.jsonl");
    std::fs::write(
        &some,
        results.lines().skip(1).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
    let r = run(&["merge", u, some.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("have no result (a gap)"), "{}", r.stderr);
    // Units of another problem, and of a plain count, are refused by name.
    let r = run(&[
        "count",
        "--symmetry",
        "dlx-cli/tests/data/q8.dlx",
        "--unit",
        lines[0],
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("is for problem"), "{}", r.stderr);
    let r = run(&["count", Q10, "--unit", lines[0]]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("count them with `dlx count --symmetry`"),
        "{}",
        r.stderr
    );
    // A unit whose piece was changed is refused.
    let changed = lines[0].replace("\"weight\":", "\"weight\":1");
    let r = run(&["count", "--symmetry", Q10, "--unit", &changed]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("not a piece of this count"),
        "{}",
        r.stderr
    );
}
