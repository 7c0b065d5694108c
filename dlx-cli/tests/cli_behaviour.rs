//! How the commands behave beyond their output: input order with several threads, Ctrl-C
//! (exit 130 after printing what was counted, marked incomplete), a closed standard
//! output (quiet, exit 0), pictures written to files, exit codes.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{root, run, run_stdin, DLX};

fn classic_times(k: usize) -> String {
    let classic = std::fs::read_to_string(root().join("examples/sudoku/classic.txt")).unwrap();
    classic.repeat(k)
}

#[test]
fn several_threads_print_in_input_order() {
    let puzzles = classic_times(12);
    for format in ["line", "json"] {
        let one = run_stdin(
            &["sudoku", "-", "--threads", "1", "--format", format],
            &puzzles,
        );
        let four = run_stdin(
            &["sudoku", "-", "--threads", "4", "--format", format],
            &puzzles,
        );
        assert_eq!(one.code, Some(0), "{}", one.stderr);
        assert_eq!(four.code, Some(0), "{}", four.stderr);
        assert_eq!(one.stdout.lines().count(), 108);
        assert_eq!(one.stdout, four.stdout);
    }
    let mixed = run(&["sudoku", "examples/sudoku/mixed.txt", "--unique", "-t", "3"]);
    assert_eq!(mixed.stdout, "unique\nunique\nunique\nmultiple\nnone\n");
    assert_eq!(mixed.code, Some(1));
}

#[test]
fn exit_codes_say_what_was_found() {
    let code = |args: &[&str]| run(args).code;
    assert_eq!(
        code(&["sudoku", "examples/sudoku/classic.txt", "--unique"]),
        Some(0)
    );
    assert_eq!(
        code(&["sudoku", "examples/sudoku/mixed.txt", "--unique"]),
        Some(1)
    );
    assert_eq!(code(&["sudoku", "examples/sudoku/mixed.txt"]), Some(1));
    assert_eq!(
        code(&["sudoku", "examples/sudoku/mixed.txt", "--count"]),
        Some(0)
    );
    assert_eq!(code(&["sudoku", "examples/sudoku/x.txt"]), Some(0));
    assert_eq!(
        code(&["knightdoku", "examples/knightdoku/kd2.txt"]),
        Some(0)
    );
}

/// Starts `dlx ARGS` on `stdin`, waits `after`, sends SIGINT, and returns its output.
fn interrupted(args: &[&str], stdin: &str, after: Duration) -> std::process::Output {
    let mut child = Command::new(DLX)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin.as_bytes()).unwrap();
    }
    std::thread::sleep(after);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(20) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_prints_what_was_counted_marked_incomplete() {
    let empty = format!("{}\n", ".".repeat(81));
    for threads in ["1", "2"] {
        let out = interrupted(
            &["sudoku", "-", "--count", "--threads", threads],
            &empty.repeat(3),
            Duration::from_millis(400),
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{stdout}{stderr}");
        let mut lines = stdout.lines();
        let first = lines.next().expect("the count so far");
        let (count, mark) = first.split_once(' ').unwrap();
        assert!(count.parse::<u64>().unwrap() > 0);
        assert_eq!(mark, "(incomplete)");
        assert_eq!(lines.next(), None);
        assert!(
            stderr.starts_with("interrupted after 1 of 3 puzzles"),
            "{stderr}"
        );
    }
    let out = interrupted(
        &["sudoku", "-", "--json"],
        &empty.repeat(2),
        Duration::from_millis(0),
    );
    // Solving an empty grid is quick: it finished, or it says it was interrupted, or the
    // signal came before the handler was installed and ended it the usual way.
    use std::os::unix::process::ExitStatusExt;
    assert!(
        matches!(out.status.code(), Some(0) | Some(130)) || out.status.signal() == Some(2),
        "{:?}",
        out.status
    );
    let out = interrupted(
        &[
            "count",
            "dlx-cli/tests/data/pent4x15.dlx",
            "--threads",
            "2",
            "--no-progress",
        ],
        "",
        Duration::from_millis(300),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(130) {
        // As every counting command marks it: `N (incomplete)`, the reason on standard
        // error (it printed `N (incomplete: cancelled)`).
        let (count, mark) = stdout.trim_end().split_once(' ').expect("N (incomplete)");
        assert!(count.parse::<u64>().is_ok(), "{stdout}");
        assert_eq!(mark, "(incomplete)");
        assert_eq!(stderr, format!("{INTERRUPTED}\n"));
    } else {
        assert_eq!(stdout, "1472\n");
    }
}

/// What a count stopped by Ctrl-C says on standard error.
const INTERRUPTED: &str =
    "dlx: interrupted: the count printed is what was counted so far (a lower bound)";

/// An interrupted count's output: exit 130, `N (incomplete)` on standard output and the
/// reason on standard error.
fn assert_marked_incomplete(out: &std::process::Output, label: &str) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{label}: {stdout}{stderr}");
    let (count, mark) = stdout.trim_end().split_once(' ').expect("N (incomplete)");
    assert!(count.parse::<u64>().is_ok(), "{label}: {stdout}");
    assert_eq!(mark, "(incomplete)", "{label}");
    assert_eq!(stderr, format!("{INTERRUPTED}\n"), "{label}");
}

#[test]
fn an_interrupted_variant_count_is_marked_as_every_count_is() {
    // The empty 9×9 has 6.67e21 grids: the count never finishes. It printed
    // `N (interrupted: incomplete)`; now `N (incomplete)` and the reason on standard error,
    // as `dlx count`, `dlx sudoku --count`, `dlx knightdoku --count`, `dlx tour --count`.
    for engine in ["sat", "links"] {
        let out = interrupted(
            &["variant", "-", "--count", "--engine", engine],
            "size = 9\n",
            Duration::from_millis(500),
        );
        assert_marked_incomplete(&out, engine);
    }
}

#[test]
fn interrupted_tour_and_knightdoku_counts_are_marked_as_every_count_is() {
    // 5x6 closed by exact cover takes seconds, 6x6 open by the frontier a minute, the
    // empty Knightdoku board far longer: each is stopped early, prints what it counted
    // marked incomplete, and says why.
    let empty_board = format!("{}\n", [".........\n"; 9].concat());
    for (args, input) in [
        (&["tour", "5x6", "--closed", "--count", "-t", "1"][..], ""),
        (&["tour", "6x6", "--count", "--memo"][..], ""),
        (&["knightdoku", "-", "--count"][..], empty_board.as_str()),
    ] {
        let out = interrupted(args, input, Duration::from_millis(500));
        assert_marked_incomplete(&out, &format!("{args:?}"));
    }
}

/// Reads one line of `dlx ARGS`, closes the pipe, and returns the exit code and stderr.
fn closed_after_one_line(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(DLX)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(!line.is_empty());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_standard_output_ends_quietly() {
    assert_eq!(
        closed_after_one_line(&["gen", "queens", "600"]),
        (Some(0), String::new())
    );
    assert_eq!(
        closed_after_one_line(&["gen", "pentomino", "60x60", "--json"]),
        (Some(0), String::new())
    );
    assert_eq!(
        closed_after_one_line(&["completions", "zsh"]).0,
        Some(0),
        "completions"
    );
    let dir = std::env::temp_dir().join(format!("dlx-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let many = dir.join("many.txt");
    std::fs::write(&many, classic_times(120)).unwrap();
    for threads in ["1", "2"] {
        let (code, stderr) =
            closed_after_one_line(&["sudoku", many.to_str().unwrap(), "--threads", threads]);
        assert_eq!((code, stderr.as_str()), (Some(0), ""), "{threads} threads");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pictures_go_to_files() {
    let dir = std::env::temp_dir().join(format!("dlx-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pictures = dir.join("pictures");
    let run1 = run(&[
        "sudoku",
        "examples/sudoku/mixed.txt",
        "--svg",
        pictures.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(run1.code, Some(1));
    let mut names: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "puzzle-1.svg",
            "puzzle-2.svg",
            "puzzle-3.svg",
            "puzzle-4.svg",
            "puzzle-5.svg"
        ]
    );
    for name in &names {
        let svg = std::fs::read_to_string(pictures.join(name)).unwrap();
        assert!(
            svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
            "{name}"
        );
    }
    let board = dir.join("kd1.svg");
    let kd = run(&[
        "knightdoku",
        "examples/knightdoku/kd1.txt",
        "--svg",
        board.to_str().unwrap(),
    ]);
    assert_eq!(kd.code, Some(0));
    let svg = std::fs::read_to_string(&board).unwrap();
    assert_eq!(svg.matches('♞').count(), 27);
    let stdout_svg = run(&[
        "knightdoku",
        "examples/knightdoku/kd1.txt",
        "--format",
        "svg",
    ]);
    assert_eq!(stdout_svg.stdout, svg);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_standard_error_is_not_fatal() {
    for args in [
        &["sudoku", "examples/sudoku/mixed.txt"][..],
        &["solve", "-"],
        &[
            "count",
            "dlx-cli/tests/data/toy.dlx",
            "--stats",
            "--threads",
            "1",
        ],
    ] {
        let mut child = Command::new(DLX)
            .args(args)
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        {
            use std::io::Write;
            let mut input = child.stdin.take().unwrap();
            let _ = input.write_all(b"A B\nA\n");
        }
        let out = child.wait_with_output().unwrap();
        // No panic (101): the status is the command's own.
        assert!(
            matches!(out.status.code(), Some(0) | Some(1)),
            "{args:?}: {:?}",
            out.status
        );
    }
}

#[test]
fn the_dense_engine_counts_what_the_links_engine_counts() {
    for file in ["q8.dlx", "pent3x20.dlx", "t34open.dlx", "color.dlx"] {
        let path = format!("dlx-core/tests/data/{file}");
        let json = |engine: &str| {
            let out = run(&[
                "count",
                &path,
                "--json",
                "--threads",
                "1",
                "--engine",
                engine,
            ]);
            assert_eq!(out.code, Some(0), "{file} {engine}: {}", out.stderr);
            let v: serde_json::Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
            (
                v["solutions"].clone(),
                v["nodes"].clone(),
                v["complete"].clone(),
            )
        };
        assert_eq!(json("dense"), json("links"), "{file}");
    }
}

#[test]
fn the_dense_engine_refuses_what_it_cannot_do() {
    // Multiplicities (Algorithm M) it takes, with DLX3's nodes.
    let kd1 = run(&[
        "count",
        "dlx-core/tests/data/kd1.dlx",
        "--engine",
        "dense",
        "--json",
    ]);
    assert_eq!(kd1.code, Some(0), "{}", kd1.stderr);
    let v: serde_json::Value = serde_json::from_str(kd1.stdout.trim()).expect("JSON");
    assert_eq!(
        (v["solutions"].as_u64(), v["nodes"].as_u64()),
        (Some(1), Some(53))
    );
    // A primary item in more options than its 16-bit tally counts: refused by name, and
    // `auto` takes the links.
    let long = format!("A\n{}", "A\n".repeat(40_000));
    let refused = run_stdin(&["count", "-", "--engine", "dense"], &long);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(
        refused
            .stderr
            .contains("primary item `A` has 40000 options"),
        "{}",
        refused.stderr
    );
    let auto = run_stdin(&["count", "-", "--stats"], &long);
    assert_eq!(auto.stdout.trim(), "40000");
    assert!(auto.stderr.contains("links engine"), "{}", auto.stderr);
    // On two threads (work units), as on one, and the JSON names the engine.
    let threads = run(&[
        "count",
        "dlx-core/tests/data/q8.dlx",
        "--engine",
        "dense",
        "-t",
        "2",
        "--json",
    ]);
    assert_eq!(threads.code, Some(0), "{}", threads.stderr);
    let v: serde_json::Value = serde_json::from_str(threads.stdout.trim()).expect("JSON");
    assert_eq!(
        (v["solutions"].as_u64(), v["nodes"].as_u64()),
        (Some(92), Some(1049))
    );
    assert_eq!(v["engine"], "dense");
    let budget = run(&[
        "count",
        "dlx-core/tests/data/q8.dlx",
        "--engine",
        "dense",
        "--node-budget",
        "10",
    ]);
    // A spent budget is a limit the user set, not an interruption (issue 25): exit 3. The
    // count is marked as an interrupted one is, the reason on standard error.
    assert_eq!(budget.code, Some(3), "{}", budget.stderr);
    assert!(
        budget.stdout.ends_with(" (incomplete)\n"),
        "{}",
        budget.stdout
    );
    assert_eq!(
        budget.stderr,
        "dlx: node budget spent: the count printed is what was counted so far (a lower \
         bound)\n"
    );
}

#[test]
fn sudoku_engines_give_the_same_output_and_stats_name_them() {
    let base = ["sudoku", "examples/sudoku/mixed.txt", "--count", "-t", "1"];
    let auto = run(&[&base[..], &["--stats"]].concat());
    assert_eq!(auto.code, Some(0), "{}", auto.stderr);
    assert!(
        auto.stderr.contains("dlx: 9×9 puzzles: bitboard engine"),
        "{}",
        auto.stderr
    );
    for engine in ["bitboard", "dense", "links"] {
        let other = run(&[&base[..], &["--stats", "--engine", engine]].concat());
        assert_eq!(other.stdout, auto.stdout, "--engine {engine}");
        assert!(
            other
                .stderr
                .contains(&format!("dlx: 9×9 puzzles: {engine} engine")),
            "{}",
            other.stderr
        );
    }
    // Without --stats, no engine line.
    let quiet = run(&base);
    assert!(!quiet.stderr.contains("engine"), "{}", quiet.stderr);
}
