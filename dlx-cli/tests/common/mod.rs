//! Running the `dlx` binary from the repository root and describing what it did, with
//! timings replaced so that snapshots are stable.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const DLX: &str = env!("CARGO_BIN_EXE_dlx");

/// The repository root: commands run there, so paths in messages read `examples/...`.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("dlx-cli is in the workspace")
        .to_path_buf()
}

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub args: Vec<String>,
    pub stdout: String,
    pub stderr: String,
    /// The exit code; `None` when killed by a signal or the time limit.
    pub code: Option<i32>,
}

impl Run {
    /// The run as text for a snapshot: the command, standard output, standard error and
    /// the exit code, timings redacted.
    pub fn transcript(&self) -> String {
        format!(
            "$ dlx {}\n--- exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.args.join(" "),
            self.code.map_or("killed".to_string(), |c| c.to_string()),
            redact(&self.stdout),
            redact(&self.stderr)
        )
    }
}

/// Runs `dlx ARGS` from the repository root with `stdin` as standard input, within
/// `limit`; fixed terminal width, no colour.
pub fn run_with(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let mut child = Command::new(DLX)
        .args(args)
        .current_dir(root())
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx runs");
    let mut input = child.stdin.take().expect("piped");
    let data = stdin.to_vec();
    // The child may stop reading early (an error on the first line): ignore write errors.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out_reader.join().expect("reader")).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().expect("reader")).into_owned();
    Run {
        args: args.iter().map(|s| s.to_string()).collect(),
        stdout,
        stderr,
        code: status.and_then(|s| s.code()),
    }
}

/// Runs `dlx ARGS` with empty standard input and a 60 s limit.
pub fn run(args: &[&str]) -> Run {
    run_with(args, b"", Duration::from_secs(60))
}

/// Runs `dlx ARGS` with `stdin` and a 60 s limit.
pub fn run_stdin(args: &[&str], stdin: &str) -> Run {
    run_with(args, stdin.as_bytes(), Duration::from_secs(60))
}

/// Replaces timings: `0.123 s` becomes `[s] s`, `(1234 puzzles/s)` becomes
/// `([rate] puzzles/s)`.
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let words: Vec<&str> = body.split(' ').collect();
        let mut kept: Vec<String> = Vec::with_capacity(words.len());
        for (k, word) in words.iter().enumerate() {
            let next = words.get(k + 1).copied().unwrap_or("");
            let number = |w: &str| !w.is_empty() && w.parse::<f64>().is_ok();
            if word.contains('.')
                && number(word)
                && (next == "s" || next.starts_with("s,") || next.starts_with("s)"))
            {
                kept.push("[s]".into());
            } else if word.starts_with('(') && number(&word[1..]) && next.starts_with("puzzles/s") {
                kept.push("([rate]".into());
            } else {
                kept.push(word.to_string());
            }
        }
        out.push_str(&redact_json_seconds(&kept.join(" ")));
        out.push_str(end);
    }
    out
}

/// Replaces the number after each `"seconds":` with `[s]`.
fn redact_json_seconds(line: &str) -> String {
    const KEY: &str = "\"seconds\":";
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+')))
            .unwrap_or(after.len());
        out.push_str("[s]");
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn redaction_keeps_everything_but_timings() {
    assert_eq!(
        redact("9 puzzles: 9 unique in 0.061 s (147.5 puzzles/s)\n3.5 cells\n"),
        "9 puzzles: 9 unique in [s] s ([rate] puzzles/s)\n3.5 cells\n"
    );
    assert_eq!(
        redact("92 solutions, 1 nodes, 2 updates, 0.000 s (incomplete)"),
        "92 solutions, 1 nodes, 2 updates, [s] s (incomplete)"
    );
    assert_eq!(
        redact(r#"{"nodes":6,"seconds":2.284e-6,"solutions":1}"#),
        r#"{"nodes":6,"seconds":[s],"solutions":1}"#
    );
}
