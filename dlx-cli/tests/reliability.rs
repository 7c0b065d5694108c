//! Issue 25 ("Reliability"), reproduced through the binary: every case that panicked,
//! printed a wrong total, replaced a file it should not have, or took memory without
//! bound now gives a clear error or the right answer.

use crate::common;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{root, run, run_stdin, Run, DLX};

fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("dlx-reliability-")
        .tempdir()
        .unwrap()
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Exit 2 with `dlx: error:` and `words` on standard error, and no panic.
fn assert_input_error(run: &Run, words: &str) {
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert!(run.stderr.starts_with("dlx: error"), "{}", run.transcript());
    assert!(run.stderr.contains(words), "{}", run.transcript());
    assert!(!run.stderr.contains("panicked"), "{}", run.transcript());
}

#[test]
fn thread_counts_and_intervals_that_panicked_are_input_errors() {
    let q8 = "dlx-core/tests/data/q8.dlx";
    for threads in ["18446744073709551615", "4294967296", "100000", "1025"] {
        for args in [
            vec!["count", q8, "--threads", threads],
            vec!["solve", q8, "--all", "--threads", threads],
            vec!["tour", "3x4", "--count", "--threads", threads],
            vec![
                "sudoku",
                "examples/sudoku/classic.txt",
                "--threads",
                threads,
            ],
            vec![
                "count",
                q8,
                "--resume",
                "nowhere.json",
                "--threads",
                threads,
            ],
            vec!["count", q8, "--units-file", "-", "--threads", threads],
        ] {
            let start = Instant::now();
            assert_input_error(&run(&args), "at most 1024 threads");
            assert!(start.elapsed() < Duration::from_secs(10));
        }
    }
    assert_eq!(
        run(&["count", q8, "--threads", "1024", "--no-progress"]).stdout,
        "92\n"
    );
    let dir = scratch();
    let ck = dir.path().join("run.json");
    for interval in ["1e300", "inf", "NaN", "0", "-1"] {
        let flag = format!("--checkpoint-interval={interval}");
        assert_input_error(
            &run(&["count", q8, "--checkpoint", path_str(&ck), &flag]),
            "--checkpoint-interval",
        );
    }
}

#[test]
fn bounds_up_to_u32_max_count_right_and_larger_ones_are_refused() {
    let out = run_stdin(&["count", "-"], "0:4294967295|A\nA\nA\n");
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "4\n"));
    assert_input_error(
        &run_stdin(&["count", "-"], "0:4294967296|A\nA\nA\n"),
        "bad multiplicity",
    );
}

/// `dlx split` output turned into a checkpoint (the same records).
fn checkpoint_from_split(split: &str) -> serde_json::Value {
    let mut problem = String::new();
    let mut units = Vec::new();
    for line in split.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v.get("dlx_units").is_some() {
            problem = v["problem"].as_str().unwrap().to_string();
            continue;
        }
        let mut record = serde_json::json!({
            "unit": v["unit"], "weight": v["weight"], "until": v["until"],
        });
        if let Some(done) = v.get("done") {
            record["done"] = done.clone();
        }
        units.push(record);
    }
    serde_json::json!({ "version": dlx_core::CHECKPOINT_VERSION, "problem": problem, "units": units })
}

/// Writes `c` as a checkpoint file at `path`, with the digest of its records (what a
/// forger who recomputes the digest would write: the records are then checked for what
/// they cover).
fn write_checkpoint(path: &std::path::Path, c: &serde_json::Value) {
    let c: dlx_core::Checkpoint = serde_json::from_value(c.clone()).unwrap();
    c.save(path).unwrap();
}

#[test]
fn resume_refuses_a_checkpoint_that_does_not_cover_the_tree_once() {
    let q12 = "dlx-core/tests/data/q12.dlx";
    let split = run(&["split", q12, "--units", "16"]);
    let good = checkpoint_from_split(&split.stdout);
    let dir = scratch();
    let path = dir.path().join("run.json");
    let resume = |c: &serde_json::Value| {
        write_checkpoint(&path, c);
        run(&[
            "count",
            q12,
            "--resume",
            path_str(&path),
            "--threads",
            "2",
            "--no-progress",
        ])
    };
    let ok = resume(&good);
    assert_eq!((ok.code, ok.stdout.as_str()), (Some(0), "14200\n"));
    let units = good["units"].as_array().unwrap().clone();
    let pending = units.iter().position(|u| u.get("done").is_none()).unwrap();
    let mut cases = Vec::new();
    let mut removed = good.clone();
    removed["units"].as_array_mut().unwrap().remove(pending);
    cases.push(("removed", removed, "missing"));
    let mut doubled = good.clone();
    doubled["units"]
        .as_array_mut()
        .unwrap()
        .push(units[pending].clone());
    cases.push(("doubled", doubled, "twice"));
    let mut added = good.clone();
    added["units"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "unit": {"range": {"path": [], "first": 1, "last": 12}}, "weight": 0.0,
        }));
    cases.push(("added", added, "twice"));
    let mut empty = good.clone();
    empty["units"] = serde_json::json!([]);
    cases.push(("empty", empty, "missing"));
    let mut wrapped = good.clone();
    for u in wrapped["units"].as_array_mut().unwrap() {
        u["done"] = serde_json::json!({"solutions": u64::MAX / 2 + 1, "nodes": 0, "updates": 0});
    }
    cases.push(("wrapped", wrapped, "2^64"));
    for (what, c, words) in cases {
        let out = resume(&c);
        assert_eq!(out.code, Some(2), "{what}: {}", out.transcript());
        assert!(out.stderr.contains(words), "{what}: {}", out.transcript());
        assert_eq!(out.stdout, "", "{what}");
    }
}

/// Issue 40: a checkpoint file with only its first finished record kept, that record's
/// end moved to the end of the search, gave the first record's solutions as the complete
/// total (exit 0). The file's digest no longer matches its records: refused, nothing on
/// standard output.
#[test]
fn resume_refuses_a_hand_edited_checkpoint() {
    let q12 = "dlx-core/tests/data/q12.dlx";
    let split = run(&["split", q12, "--units", "16"]);
    let dir = scratch();
    let path = dir.path().join("run.json");
    write_checkpoint(&path, &checkpoint_from_split(&split.stdout));
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let units = json["units"].as_array().unwrap();
    let mut first = units
        .iter()
        .find(|u| u.get("done").is_some())
        .unwrap()
        .clone();
    first["until"] = serde_json::json!("end");
    json["units"] = serde_json::json!([first]);
    std::fs::write(&path, json.to_string()).unwrap();
    let out = run(&["count", q12, "--resume", path_str(&path), "--no-progress"]);
    assert_input_error(&out, "changed after dlx wrote it");
    assert!(out.stderr.contains(path_str(&path)), "{}", out.transcript());
    assert_eq!(out.stdout, "");
}

#[test]
fn merge_refuses_results_of_another_split() {
    // The reproduction: split q12 with --units 16 and with --units 64, count both,
    // drop ids 7 and 8 of the first and add ids 7 and 8 of the second.
    let q12 = "dlx-core/tests/data/q12.dlx";
    let dir = scratch();
    let mut results = Vec::new();
    for n in ["16", "64"] {
        let split = run(&["split", q12, "--units", n]);
        let file = dir.path().join(format!("units{n}.jsonl"));
        std::fs::write(&file, &split.stdout).unwrap();
        let todo: String = split
            .stdout
            .lines()
            .filter(|l| l.contains("\"unit\"") && !l.contains("\"done\""))
            .map(|l| format!("{l}\n"))
            .collect();
        let counted = run_stdin(
            &["count", q12, "--units-file", "-", "--threads", "1"],
            &todo,
        );
        assert_eq!(counted.code, Some(0), "{}", counted.transcript());
        results.push(counted.stdout);
    }
    let id = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_u64();
    let mut mixed: Vec<&str> = results[0]
        .lines()
        .filter(|l| !matches!(id(l), Some(7 | 8)))
        .collect();
    mixed.extend(results[1].lines().filter(|l| matches!(id(l), Some(7 | 8))));
    let mixed_file = dir.path().join("mixed.jsonl");
    std::fs::write(&mixed_file, mixed.join("\n")).unwrap();
    let units16 = dir.path().join("units16.jsonl");
    let merged = run(&["merge", "--json", path_str(&units16), path_str(&mixed_file)]);
    assert_input_error(&merged, "another split");
    let right = dir.path().join("right.jsonl");
    std::fs::write(&right, &results[0]).unwrap();
    let merged = run(&["merge", path_str(&units16), path_str(&right)]);
    assert_eq!(merged.stdout, "14200\n");
    // A header that claims more units than the file lists takes no memory by its word.
    let split = std::fs::read_to_string(&units16).unwrap();
    let total = split.lines().count() - 1;
    for claim in ["1000000000", "18446744073709551615"] {
        let big = split.replacen(
            &format!("\"total\":{total}"),
            &format!("\"total\":{claim}"),
            1,
        );
        std::fs::write(&units16, big).unwrap();
        let start = Instant::now();
        assert_input_error(
            &run(&["merge", path_str(&units16), path_str(&right)]),
            "only",
        );
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}

#[test]
#[cfg(unix)]
fn the_checkpoint_writer_replaces_nothing_it_should_not() {
    let q8 = "dlx-core/tests/data/q8.dlx";
    let dir = scratch();
    // A file already there: refused, untouched; --force replaces it; --resume goes on.
    let there = dir.path().join("there.json");
    std::fs::write(&there, "mine").unwrap();
    let out = run(&["count", q8, "--checkpoint", path_str(&there)]);
    assert_input_error(&out, "already");
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&there).unwrap(), "mine");
    let out = run(&["count", q8, "--checkpoint", path_str(&there), "--force"]);
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "92\n"));
    let out = run(&["count", q8, "--resume", path_str(&there)]);
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "92\n"));
    // A FIFO (never a real device): refused, left a FIFO, nothing else written.
    let fifo = dir.path().join("pipe");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        for force in [false, true] {
            let mut args = vec!["count", q8, "--checkpoint", path_str(&fifo)];
            if force {
                args.push("--force");
            }
            let start = Instant::now();
            assert_input_error(&run(&args), "not a regular file");
            assert!(start.elapsed() < Duration::from_secs(10));
        }
        let out = run(&["count", q8, "--resume", path_str(&fifo)]);
        assert_input_error(&out, "not a regular file");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
    }
    // A symbolic link to a file of ours: refused, the file untouched.
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    assert_input_error(
        &run(&["count", q8, "--checkpoint", path_str(&link), "--force"]),
        "not a regular file",
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    // --node-budget does not silently drop --checkpoint or --resume.
    let fresh = dir.path().join("fresh.json");
    for flag in ["--checkpoint", "--resume"] {
        let out = run(&["count", q8, "--node-budget", "10", flag, path_str(&fresh)]);
        assert_eq!(out.code, Some(2), "{}", out.transcript());
        assert!(out.stderr.contains("cannot be used with"), "{}", out.stderr);
    }
    assert!(!fresh.exists());
}

#[test]
fn exit_codes_say_what_happened() {
    let q8 = "dlx-core/tests/data/q8.dlx";
    // A limit of 0 solutions is a usage error, not an interruption.
    assert_eq!(run(&["solve", q8, "--limit", "0"]).code, Some(2));
    // A spent node budget is a limit the user set: 3, with the count marked incomplete.
    let out = run(&["count", q8, "--node-budget", "10"]);
    assert_eq!(out.code, Some(3), "{}", out.transcript());
    assert!(
        out.stdout.ends_with(" (incomplete)\n"),
        "{}",
        out.transcript()
    );
    assert!(
        out.stderr.starts_with("dlx: node budget spent: "),
        "{}",
        out.transcript()
    );
    // A failure to write the help is an error (a closed pipe is not).
    if Path::new("/dev/full").exists() {
        let status = Command::new(DLX)
            .arg("--help")
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2));
    }
}

#[test]
#[cfg(unix)]
fn an_interrupted_solve_all_says_its_list_is_incomplete() {
    let mut child = Command::new(DLX)
        .args(["solve", "dlx-core/tests/data/pent6x10.dlx", "--all"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s.len()
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    std::thread::sleep(Duration::from_millis(400));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    let printed = reader.join().unwrap();
    let stderr = err_reader.join().unwrap();
    if status.code() == Some(130) {
        assert!(printed > 0);
        assert!(stderr.contains("list is incomplete"), "{stderr}");
    } else {
        // Finished before the signal (a fast machine): then it says nothing of the kind.
        assert_eq!(status.code(), Some(0), "{stderr}");
    }
}

#[test]
fn traces_stream_and_pages_have_a_cap() {
    // Text and JSON lines are written as the search goes: the first line of a trace of a
    // hundred million steps comes at once (it used to wait for every step to be stored).
    for format in ["json", "text"] {
        let mut child = Command::new(DLX)
            .args([
                "trace",
                "dlx-core/tests/data/q14.dlx",
                "--format",
                format,
                "--max-steps",
                "100000000",
            ])
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(out).lines();
            for _ in 0..100 {
                let _ = tx.send(lines.next().and_then(Result::ok));
            }
        });
        for _ in 0..100 {
            let line = rx.recv_timeout(Duration::from_secs(20)).expect("a line");
            assert!(line.is_some());
        }
        child.kill().unwrap();
        child.wait().unwrap();
    }
    assert_input_error(
        &run(&[
            "trace",
            "dlx-core/tests/data/q8.dlx",
            "--format",
            "html",
            "--max-steps",
            "100001",
        ]),
        "at most 100000 steps",
    );
}

#[test]
fn messages_quote_little_and_escape_control_characters() {
    let out = run_stdin(&["count", "-"], "A\x1b[31mB C\nD\n");
    assert_input_error(&out, "unknown item name");
    assert!(!out.stderr.contains('\x1b'), "{:?}", out.stderr);
    // The first line of a file that is not DLX text is not echoed.
    let dir = scratch();
    let secret = dir.path().join("shadow");
    std::fs::write(
        &secret,
        "root:$6$saltsalt$verysecrethashverysecrethash:19000:0:99999:7:::\n",
    )
    .unwrap();
    let out = run(&["count", path_str(&secret)]);
    assert_input_error(&out, "illegal character");
    assert!(!out.stderr.contains("secret"), "{}", out.stderr);
    assert!(!out.stderr.contains("salt"), "{}", out.stderr);
}

#[test]
fn inputs_are_read_up_to_a_limit() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let start = Instant::now();
    assert_input_error(&run(&["count", "/dev/zero"]), "more than 256 MiB");
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn split_sizes_have_a_limit() {
    let q8 = "dlx-core/tests/data/q8.dlx";
    assert_eq!(run(&["split", q8, "--units", "0"]).code, Some(2));
    // Issue 40: 10,000,000 units grew past 9 GB; the limit is now 1,000,000 (0.62 GB).
    assert_eq!(run(&["split", q8, "--units", "1000001"]).code, Some(2));
}

#[test]
fn one_line_puzzles_of_mixed_sizes_are_read_line_by_line() {
    // Sixteen lines, the first a 4×4 puzzle: it was read as one 16×16 grid and refused.
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut text = String::from("1234341221434321\n");
    for _ in 0..15 {
        text.push_str(nine);
        text.push('\n');
    }
    let out = run_stdin(&["sudoku", "-", "--unique", "--threads", "1"], &text);
    assert_eq!(out.code, Some(0), "{}", out.transcript());
    assert_eq!(out.stdout, "unique\n".repeat(16));
}

#[test]
fn a_bad_puzzle_is_reported_and_the_others_are_solved() {
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("{nine}\n12x4............\n11..............\n{nine}\n");
    let out = run_stdin(&["sudoku", "-", "--unique", "--threads", "2"], &text);
    assert_eq!(out.code, Some(2), "{}", out.transcript());
    assert_eq!(out.stdout, "unique\nerror\nerror\nunique\n");
    assert!(out.stderr.contains("<stdin>:2:3:"), "{}", out.stderr);
    assert!(out.stderr.contains("<stdin>:3:2:"), "{}", out.stderr);
    assert!(out.stderr.contains("2 unique"), "{}", out.stderr);
    let json = run_stdin(&["sudoku", "-", "--json"], &text);
    let lines: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1]["answer"], "error");
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"].as_str().unwrap().contains("<stdin>:2:3"));
}

#[test]
fn puzzles_larger_than_the_documented_limit_are_refused_before_any_memory_is_taken() {
    let n = 196;
    let text = vec!["."; n * n].join(" ") + "\n";
    let start = Instant::now();
    let out = run_stdin(&["sudoku", "-", "--count"], &text);
    assert_eq!(out.code, Some(2), "{}", out.transcript());
    assert!(
        out.stderr.contains("the largest taken is 144×144"),
        "{}",
        out.stderr
    );
    assert!(start.elapsed() < Duration::from_secs(20));
}

/// Issue 40: with the checkpoint made unwritable part way (here its path made a folder),
/// `dlx count` ran the whole count, then printed only the OS error and exited 2: the total
/// was lost. Now each failed write is a warning, the run goes on, and the total is printed.
#[test]
fn a_checkpoint_that_cannot_be_written_loses_no_count() {
    let q12 = "dlx-core/tests/data/q12.dlx";
    let dir = scratch();
    let ck = dir.path().join("c.json");
    let child = Command::new(DLX)
        .args([
            "count",
            q12,
            "--checkpoint",
            path_str(&ck),
            "--checkpoint-interval",
            "0.001",
            "--threads",
            "2",
            "--no-progress",
        ])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first checkpoint is written at the start: then the path becomes a folder.
    let start = Instant::now();
    while !ck.exists() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_micros(200));
    }
    std::fs::remove_file(&ck).unwrap();
    std::fs::create_dir(&ck).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(stdout, "14200\n", "{stderr}");
    assert!(
        stderr.contains("dlx: warning: the checkpoint could not be written at the end"),
        "{stderr}"
    );
    assert!(!stderr.contains("dlx: error"), "{stderr}");
}

/// Issue 40: a checkpoint in a missing folder said the OS error (and the path) twice.
#[test]
fn a_checkpoint_in_a_missing_folder_says_so_once() {
    let dir = scratch();
    let ck = dir.path().join("missing").join("c.json");
    let out = run(&[
        "count",
        "dlx-core/tests/data/q8.dlx",
        "--checkpoint",
        path_str(&ck),
    ]);
    assert_input_error(&out, "No such file or directory");
    assert_eq!(
        out.stderr.matches("No such file").count(),
        1,
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.matches("c.json").count(), 1, "{}", out.stderr);
}

/// Issue 40: `dlx merge s r r` named the same place for both copies of a duplicate. The
/// same file given twice is refused by name.
#[test]
fn merge_refuses_the_same_file_twice() {
    let q8 = "dlx-core/tests/data/q8.dlx";
    let dir = scratch();
    let split = run(&["split", q8, "--units", "6"]);
    let s = dir.path().join("s.jsonl");
    std::fs::write(&s, &split.stdout).unwrap();
    let todo: String = split
        .stdout
        .lines()
        .filter(|l| l.contains("\"unit\"") && !l.contains("\"done\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let counted = run_stdin(&["count", q8, "--units-file", "-", "--threads", "1"], &todo);
    let r = dir.path().join("r.jsonl");
    std::fs::write(&r, &counted.stdout).unwrap();
    assert_eq!(run(&["merge", path_str(&s), path_str(&r)]).stdout, "92\n");
    let out = run(&["merge", path_str(&s), path_str(&r), path_str(&r)]);
    assert_input_error(&out, "is given twice (files 2 and 3)");
}
