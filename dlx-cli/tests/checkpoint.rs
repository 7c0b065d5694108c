//! A checkpointed count killed with SIGKILL at random moments, then resumed (and killed
//! again), ends with exactly the uninterrupted total: no unit counted twice or lost.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const DLX: &str = env!("CARGO_BIN_EXE_dlx");

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file)
}

fn count_json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(DLX).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A small xorshift generator seeded from the clock: different moments on every run.
struct Moments(u64);

impl Moments {
    fn next_millis(&mut self, lo: u64, hi: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + self.0 % (hi - lo)
    }
}

#[test]
#[ignore = "slow (seconds of spawned runs in the test profile): .ci/run runs it with --ignored"]
fn killed_runs_resume_to_the_exact_total() {
    killed_runs_resume("links", "pent4x15.dlx", 1472, 852_893);
}

#[test]
#[ignore = "slow (seconds of spawned runs in the test profile): .ci/run runs it with --ignored"]
fn killed_dense_runs_resume_to_the_exact_total() {
    // The dense engine finishes pent4x15 before it can be killed: a bigger problem.
    killed_runs_resume(
        "dense",
        "../../../dlx-core/tests/data/pent6x10.dlx",
        9356,
        3_637_261,
    );
}

/// Kills `dlx count FILE --engine ENGINE --checkpoint` at random moments, resumes it, and
/// checks the total: `solutions` and `nodes` (DLX1's), and the updates of an uninterrupted
/// run on the same engine.
fn killed_runs_resume(engine: &str, file: &str, solutions: u64, nodes: u64) {
    let problem = data(file);
    let problem = problem.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("dlx-kill-{engine}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("run.json");
    let checkpoint_arg = checkpoint.to_str().unwrap();
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut moments = Moments(seed);
    println!("seed {seed}");

    let mut kills = 0;
    for round in 0..4 {
        let mut args = vec![
            "count",
            problem,
            "--threads",
            "2",
            "--json",
            "--no-progress",
            "--engine",
            engine,
        ];
        args.extend(["--checkpoint-interval", "0.02"]);
        if checkpoint.exists() {
            args.extend(["--resume", checkpoint_arg]);
        } else {
            args.extend(["--checkpoint", checkpoint_arg]);
        }
        let mut child = Command::new(DLX)
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let wait = Duration::from_millis(moments.next_millis(30, 400));
        let start = Instant::now();
        while start.elapsed() < wait {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        child.wait().unwrap();
        println!("round {round}: killed after {wait:?}");
    }
    assert!(kills > 0, "the runs finished before they could be killed");

    let mut args = vec![
        "count",
        problem,
        "--threads",
        "2",
        "--json",
        "--no-progress",
        "--engine",
        engine,
    ];
    if checkpoint.exists() {
        args.extend(["--resume", checkpoint_arg]);
    }
    let resumed = count_json(&args);
    assert_eq!(resumed["complete"], true);
    assert_eq!(resumed["solutions"], solutions);
    assert_eq!(resumed["nodes"], nodes);
    // Updates are the engine's own measure (DLX1's on the links): the same as an
    // uninterrupted count on the same engine.
    let whole = count_json(&[
        "count",
        problem,
        "--threads",
        "1",
        "--json",
        "--engine",
        engine,
    ]);
    assert_eq!(resumed["engine"], whole["engine"]);
    assert_eq!(resumed["updates"], whole["updates"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resuming_against_another_problem_is_refused() {
    let dir = std::env::temp_dir().join(format!("dlx-other-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("q8.json");
    let q8 = data("q8.dlx");
    let q10 = data("q10.dlx");
    let first = count_json(&[
        "count",
        q8.to_str().unwrap(),
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(first["solutions"], 92);
    let out = Command::new(DLX)
        .args(["count", q10.to_str().unwrap(), "--resume"])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refusing to resume"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint of another format version is refused, naming the file.
#[test]
fn a_checkpoint_of_another_version_is_refused_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("dlx-version-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("v1.json");
    std::fs::write(
        &checkpoint,
        "{\"version\":1,\"problem\":\"x\",\"units\":[]}",
    )
    .unwrap();
    let out = Command::new(DLX)
        .args(["count", data("q8.dlx").to_str().unwrap(), "--resume"])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "dlx: error: {}: checkpoint version 1 is not supported",
            checkpoint.display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn split_count_and_merge_give_the_whole_count() {
    let q10 = data("q10.dlx");
    let q10 = q10.to_str().unwrap();
    let split = Command::new(DLX)
        .args(["split", q10, "--units", "12"])
        .output()
        .unwrap();
    assert!(split.status.success());
    let dir = std::env::temp_dir().join(format!("dlx-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let units = dir.join("units.jsonl");
    std::fs::write(&units, &split.stdout).unwrap();
    // Every unit line separately, as a batch system would run them.
    let mut results = Vec::new();
    for line in String::from_utf8(split.stdout).unwrap().lines() {
        if line.contains("\"unit\"") && !line.contains("\"done\"") {
            let out = Command::new(DLX)
                .args(["count", q10, "--threads", "1", "--unit", line])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            results.extend(out.stdout);
        }
    }
    let results_file = dir.join("results.jsonl");
    std::fs::write(&results_file, &results).unwrap();
    let merged = count_json(&[
        "merge",
        units.to_str().unwrap(),
        results_file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(merged["solutions"], 724);
    assert_eq!(merged["nodes"], 11_578);
    // Split and units on the same (default) engine: its own update count, whole.
    let whole = count_json(&["count", q10, "--threads", "1", "--json"]);
    assert_eq!(merged["updates"], whole["updates"]);
    // The whole split file through --units-file, as it was written (header and the lines
    // already done included): the same results, and the same total.
    let whole = Command::new(DLX)
        .args(["count", q10, "--threads", "1", "--units-file"])
        .arg(&units)
        .output()
        .unwrap();
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    assert_eq!(
        whole.stdout, results,
        "one result line per unit to do, in order"
    );
    // A missing result is a gap; a repeated one a duplicate.
    let half: Vec<u8> = {
        let text = String::from_utf8(results.clone()).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        lines.pop();
        (lines.join("\n") + "\n").into_bytes()
    };
    std::fs::write(&results_file, half).unwrap();
    let gap = Command::new(DLX)
        .args(["merge"])
        .arg(&units)
        .arg(&results_file)
        .output()
        .unwrap();
    assert_eq!(gap.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&gap.stderr).contains("gap"));
    std::fs::write(&results_file, [results.clone(), results].concat()).unwrap();
    let dup = Command::new(DLX)
        .args(["merge"])
        .arg(&units)
        .arg(&results_file)
        .output()
        .unwrap();
    assert_eq!(dup.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&dup.stderr).contains("counted twice"));
    std::fs::remove_dir_all(&dir).unwrap();
}
