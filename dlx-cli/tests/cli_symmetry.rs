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
