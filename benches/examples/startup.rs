//! Whole-process timings of tiny problems (issue 24, "start-up"): `dlx count FILE` as a
//! user runs it (no flags), beside the `dlx` crate 0.8.5 as a program
//! ([`peer_count`](../peer_count.rs)), run alternately so that both see the same machine.
//!
//! ```text
//! cargo build --release -p dlx-cli -p benches --example peer_count --example startup
//! target/release/examples/startup dlx-core/tests/data/toy.dlx [RUNS]
//! ```
//!
//! Prints, for each command, the median and the fastest of `RUNS` runs (default 100) and
//! the ratios peer / ours (above 1: `dlx` is faster). Both programs must print the same
//! count; the run stops if they do not.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

/// One program to time: its label and command line.
struct Contender {
    label: String,
    program: PathBuf,
    args: Vec<String>,
    times: Vec<Duration>,
}

impl Contender {
    /// Runs the program once; returns what it printed.
    fn run(&mut self) -> Result<String, String> {
        let start = Instant::now();
        let out = Command::new(&self.program)
            .args(&self.args)
            .output()
            .map_err(|e| format!("{}: {e}", self.program.display()))?;
        self.times.push(start.elapsed());
        if !out.status.success() {
            return Err(format!(
                "{} failed: {}",
                self.label,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// The median and the fastest run.
    fn summary(&self) -> (Duration, Duration) {
        let mut t = self.times.clone();
        t.sort();
        (t[t.len() / 2], t[0])
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: startup FILE.dlx [RUNS]");
        return ExitCode::from(2);
    };
    let runs: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(100);
    // target/release/examples/startup → target/release/dlx.
    let examples = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .expect("the program's folder");
    let release = examples
        .parent()
        .expect("the profile's folder")
        .to_path_buf();
    let mut contenders = [
        Contender {
            label: "dlx count FILE".into(),
            program: release.join("dlx"),
            args: vec!["count".into(), file.clone()],
            times: Vec::new(),
        },
        Contender {
            label: "dlx count FILE --threads 1".into(),
            program: release.join("dlx"),
            args: vec!["count".into(), file.clone(), "--threads".into(), "1".into()],
            times: Vec::new(),
        },
        Contender {
            label: "dlx 0.8.5 (peer_count FILE)".into(),
            program: examples.join("peer_count"),
            args: vec![file.clone()],
            times: Vec::new(),
        },
    ];
    for round in 0..runs + 3 {
        let mut answers = Vec::new();
        for c in contenders.iter_mut() {
            match c.run() {
                Ok(answer) => answers.push(answer),
                Err(e) => {
                    eprintln!("startup: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        if answers.iter().any(|a| *a != answers[0]) {
            eprintln!("startup: the programs disagree: {answers:?}");
            return ExitCode::FAILURE;
        }
        if round < 3 {
            // Warm-up runs (page cache, the dynamic loader) are not timed.
            for c in contenders.iter_mut() {
                c.times.clear();
            }
        }
    }
    let peer = contenders[2].summary();
    println!("{file}: {runs} runs each, alternating");
    for c in &contenders {
        let (median, min) = c.summary();
        println!(
            "  {:<30} median {:>8.3} ms  min {:>8.3} ms  peer/this: median {:.2}×, min {:.2}×",
            c.label,
            median.as_secs_f64() * 1e3,
            min.as_secs_f64() * 1e3,
            peer.0.as_secs_f64() / median.as_secs_f64(),
            peer.1.as_secs_f64() / min.as_secs_f64(),
        );
    }
    ExitCode::SUCCESS
}
