//! The memoised search on the command line: `dlx count --memo`, `dlx zdd`, `dlx sample`,
//! `dlx gen dominoes|tiling` and `dlx tour --count --memo`, as snapshots of what a user sees,
//! and their counts against the plain count.

use crate::common;

use common::{run, run_stdin, Run};

/// The problem `dlx gen ARGS` writes.
fn gen(args: &[&str]) -> String {
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, Some(0), "{}", r.transcript());
    r.stdout
}

fn count(input: &str, extra: &[&str]) -> Run {
    let mut args = vec!["count", "-"];
    args.extend_from_slice(extra);
    run_stdin(&args, input)
}

#[test]
fn memo_counts_equal_plain_counts() {
    for (problem, orders) in [
        (gen(&["dominoes", "4x6"]), &["fewest", "first"][..]),
        (
            gen(&["tiling", "4x6", "--pieces", "trominoes"]),
            &["fewest", "first"],
        ),
        (gen(&["queens", "8"]), &["fewest", "first"]),
        (gen(&["langford", "7"]), &["fewest"]),
        (gen(&["pentomino", "3x20", "--symmetry-break"]), &["fewest"]),
    ] {
        let plain = count(&problem, &["--threads", "1"]);
        assert_eq!(plain.code, Some(0));
        for order in orders {
            for threads in ["1", "2"] {
                let memo = count(
                    &problem,
                    &["--memo", "--no-fallback", "--order", order, "-t", threads],
                );
                assert_eq!(memo.code, Some(0), "{}", memo.transcript());
                assert_eq!(memo.stdout, plain.stdout, "{}", memo.transcript());
            }
        }
        // With the fallback (the default), whichever engine answers.
        let auto = count(&problem, &["--memo"]);
        assert_eq!(auto.stdout, plain.stdout);
    }
}

#[test]
fn count_memo_outputs() {
    let dominoes = gen(&["dominoes", "8x8"]);
    let limit = ["--memo-limit", "64M", "--threads", "1"];
    let mut args = vec!["--memo", "--order", "first", "--stats"];
    args.extend_from_slice(&limit);
    insta::assert_snapshot!(
        "count_memo_dominoes_8x8_stats",
        count(&dominoes, &args).transcript()
    );
    let mut args = vec!["--memo", "--json"];
    args.extend_from_slice(&limit);
    insta::assert_snapshot!(
        "count_memo_dominoes_8x8_json",
        count(&dominoes, &args).transcript()
    );
    // Queens: the memo does not pay, and says so.
    insta::assert_snapshot!(
        "count_memo_q12_fallback",
        run(&[
            "count",
            "dlx-core/tests/data/q12.dlx",
            "--memo",
            "--stats",
            "--memo-limit",
            "64M",
            "--threads",
            "1"
        ])
        .transcript()
    );
    // A count past 64 bits, as a JSON integer.
    let big = count(
        &gen(&["dominoes", "12x12"]),
        &[
            "--memo",
            "--order",
            "first",
            "--json",
            "--memo-limit",
            "256M",
            "-t",
            "1",
        ],
    );
    assert_eq!(big.code, Some(0));
    assert!(
        big.stdout.contains("\"solutions\":53060477521960000,"),
        "{}",
        big.stdout
    );
    let value: serde_json::Value = serde_json::from_str(&big.stdout).unwrap();
    assert_eq!(value["complete"], true);
}

#[test]
fn memo_stats_hold_the_table_to_its_limit_and_the_search_state_apart() {
    // `peak` added the search's own state to the memo table's: with no room for a table
    // (a limit below the smallest one) it read `peak 1.0 KiB of 1.0 KiB` on 8x8, a limit
    // seemingly reached by a table that held nothing. The table's peak is shown against the
    // limit, the search state beside it.
    let dominoes = gen(&["dominoes", "6x6"]);
    let args = ["--memo", "--no-fallback", "--memo-limit", "256", "-t", "1"];
    let mut stats = args.to_vec();
    stats.push("--stats");
    let r = count(&dominoes, &stats);
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "6728\n"));
    let line = r.stderr.lines().next().unwrap_or_default();
    assert!(
        line.contains(", 0 entries, table peak 0 B of 256 B, 0 flushes; search state ")
            && line.ends_with(" besides"),
        "{}",
        r.stderr
    );
    // In JSON, `peak_bytes` is still all the memory held; `memo_peak_bytes` is what the
    // limit bounds and `search_bytes` the rest.
    let mut json = args.to_vec();
    json.push("--json");
    let r = count(&dominoes, &json);
    assert_eq!(r.code, Some(0), "{}", r.transcript());
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let field = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k}: {}", r.stdout));
    assert_eq!(field("limit_bytes"), 256);
    assert_eq!(field("memo_peak_bytes"), 0);
    assert!(field("search_bytes") > 256, "{}", r.stdout);
    assert_eq!(
        field("peak_bytes"),
        field("memo_peak_bytes") + field("search_bytes")
    );
    // With room, the table's peak is within the limit, and the state is counted apart.
    let r = count(
        &dominoes,
        &["--memo", "--json", "--memo-limit", "64M", "-t", "2"],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let field = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k}: {}", r.stdout));
    assert!(field("memo_peak_bytes") > 0 && field("memo_peak_bytes") <= 64 << 20);
    assert_eq!(
        field("peak_bytes"),
        field("memo_peak_bytes") + field("search_bytes")
    );
}

#[test]
fn count_memo_stops_incomplete() {
    let r = count(
        &gen(&["dominoes", "10x10"]),
        &["--memo", "--node-budget", "100", "-t", "1"],
    );
    assert_eq!(r.code, Some(3), "{}", r.transcript());
    assert!(r.stdout.ends_with(" (incomplete)\n"), "{}", r.transcript());
    assert!(
        r.stderr.starts_with("dlx: node budget spent: "),
        "{}",
        r.transcript()
    );
}

#[test]
fn count_memo_refusals() {
    insta::assert_snapshot!(
        "count_memo_multiplicities",
        run(&["count", "dlx-core/tests/data/mult.dlx", "--memo"]).transcript()
    );
    insta::assert_snapshot!(
        "count_memo_with_checkpoint",
        run(&[
            "count",
            "dlx-core/tests/data/q8.dlx",
            "--memo",
            "--checkpoint",
            "x.json"
        ])
        .transcript()
    );
    insta::assert_snapshot!(
        "count_memo_limit_without_memo",
        run(&["count", "dlx-core/tests/data/q8.dlx", "--memo-limit", "1G"]).transcript()
    );
    insta::assert_snapshot!(
        "count_memo_bad_limit",
        run(&[
            "count",
            "dlx-core/tests/data/q8.dlx",
            "--memo",
            "--memo-limit",
            "lots"
        ])
        .transcript()
    );
}

#[test]
fn gen_tilings() {
    insta::assert_snapshot!(
        "gen_dominoes_2x3",
        run(&["gen", "dominoes", "2x3"]).transcript()
    );
    insta::assert_snapshot!(
        "gen_tiling_3x3_trominoes",
        run(&["gen", "tiling", "3x3", "--pieces", "trominoes"]).transcript()
    );
    insta::assert_snapshot!(
        "gen_dominoes_too_large",
        run(&["gen", "dominoes", "200x200"]).transcript()
    );
}

#[test]
fn zdd_and_sample() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.zdd");
    let path = path.to_str().unwrap();
    let problem = gen(&["dominoes", "3x4"]);
    let built = run_stdin(&["zdd", "-", "-o", path, "--order", "first"], &problem);
    insta::assert_snapshot!("zdd_dominoes_3x4", built.transcript().replace(path, "OUT"));
    let text = std::fs::read_to_string(path).unwrap();
    insta::assert_snapshot!("zdd_dominoes_3x4_file", text);
    // To standard output, the statistics on standard error.
    let piped = run_stdin(&["zdd", "-", "--order", "first"], &problem);
    assert_eq!(piped.stdout, text);
    assert!(piped.stderr.contains("11 solutions"), "{}", piped.stderr);
    // Samples from the file and from the problem are the same draws.
    let from_file = run(&["sample", path, "-n", "3", "--seed", "42"]);
    insta::assert_snapshot!(
        "sample_dominoes_3x4",
        from_file.transcript().replace(path, "OUT")
    );
    let from_problem = run_stdin(
        &["sample", "-", "-n", "3", "--seed", "42", "--order", "first"],
        &problem,
    );
    assert_eq!(from_problem.stdout, from_file.stdout);
    insta::assert_snapshot!(
        "sample_dominoes_3x4_json",
        run(&["sample", path, "-n", "2", "--seed", "7", "--json"])
            .transcript()
            .replace(path, "OUT")
    );
    // Every sample is a solution `dlx solve --all` lists.
    let all = run_stdin(&["solve", "-", "--all"], &problem).stdout;
    let solutions: Vec<Vec<&str>> = all
        .split("solution ")
        .skip(1)
        .map(|s| {
            let mut lines: Vec<&str> = s.lines().skip(1).collect();
            lines.sort();
            lines
        })
        .collect();
    let drawn = run(&["sample", path, "-n", "50", "--seed", "1"]).stdout;
    for s in drawn.split("solution ").skip(1) {
        let mut lines: Vec<&str> = s.lines().skip(1).collect();
        lines.sort();
        assert!(solutions.contains(&lines), "{lines:?}");
    }
}

#[test]
fn zdd_and_sample_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.zdd");
    std::fs::write(
        &path,
        "dlx-zdd 1\nproblem 2\nA\nA\nnodes 1 root 2 solutions 1\n2 0 2 1\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    insta::assert_snapshot!(
        "sample_bad_zdd",
        run(&["sample", path, "-n", "1", "--seed", "1"])
            .transcript()
            .replace(path, "BAD")
    );
    // A diagram whose paths are not solutions of its problem (node 2 takes option 0,
    // `A`, alone: `B` is never covered), though its count adds up: refused, and no
    // "solution" printed.
    let forged = dir.path().join("forged.zdd");
    std::fs::write(
        &forged,
        "dlx-zdd 1\nproblem 4\nA B\nA\nB\nA B\nnodes 1 root 2 solutions 1\n2 0 0 1\n",
    )
    .unwrap();
    let forged = forged.to_str().unwrap();
    for json in [false, true] {
        let mut args = vec!["sample", forged, "-n", "2", "--seed", "1"];
        if json {
            args.push("--json");
        }
        let drawn = run(&args);
        assert_eq!(drawn.code, Some(2), "{}", drawn.transcript());
        assert_eq!(drawn.stdout, "", "{}", drawn.transcript());
        assert!(
            drawn.stderr.starts_with(&format!("dlx: error: {forged}: "))
                && drawn.stderr.contains("not a solution of its problem")
                && drawn.stderr.contains("item B covered 0 times"),
            "{}",
            drawn.transcript()
        );
    }
    insta::assert_snapshot!(
        "sample_no_solution",
        run_stdin(&["sample", "-", "--seed", "1"], "A B\nA\n").transcript()
    );
    insta::assert_snapshot!(
        "zdd_too_large",
        run_stdin(
            &["zdd", "-", "--memo-limit", "4K"],
            &gen(&["dominoes", "6x6"])
        )
        .transcript()
    );
}

#[test]
fn tour_count_memo() {
    for (board, closed) in [
        ("3x4", false),
        ("3x8", false),
        ("3x10", true),
        ("4x5", false),
    ] {
        let mut args = vec!["tour", board, "--count", "--threads", "1"];
        if closed {
            args.push("--closed");
        }
        let plain = run(&args);
        args.push("--memo");
        let memo = run(&args);
        assert_eq!(plain.code, Some(0));
        assert_eq!(memo.stdout, plain.stdout, "{board}");
    }
    insta::assert_snapshot!(
        "tour_3x8_count_memo_json",
        run(&["tour", "3x8", "--count", "--memo", "--json", "-t", "1"]).transcript()
    );
}

#[test]
fn tour_count_memo_goes_past_enumeration() {
    // 3x100: a count of 53 digits, far past enumeration and past 128 bits; 6x6 closed:
    // the published 9,862.
    insta::assert_snapshot!(
        "tour_3x100_count_memo",
        run(&["tour", "3x100", "--count", "--memo", "--json"]).transcript()
    );
    let closed = run(&["tour", "6x6", "--closed", "--count", "--memo"]);
    assert_eq!((closed.code, closed.stdout.as_str()), (Some(0), "9862\n"));
    // Boards too wide for a frontier, or too large, are refused by name.
    insta::assert_snapshot!(
        "tour_count_memo_too_wide",
        run(&["tour", "30x30", "--count", "--memo"]).transcript()
    );
    insta::assert_snapshot!(
        "tour_count_memo_too_large",
        run(&["tour", "3x4000", "--count", "--memo"]).transcript()
    );
    // A board too large to enumerate, not to count by its frontier: the error says so.
    insta::assert_snapshot!(
        "tour_count_too_large_names_memo",
        run(&["tour", "3x40", "--count"]).transcript()
    );
}
