//! Times `dlx-core` and the `dlx` crate 0.8.5 alternately on reference instances and prints
//! the ratio of their times (peer / ours): a cross-check of the criterion benchmarks that
//! holds up better when the machine is shared and its load changes during a run.
//!
//! ```text
//! cargo run --profile bench -p benches --example interleaved -- q10:300 q12:60 pent4x15:10
//! ```
//!
//! Each argument is `NAME[:ROUNDS]` (an instance in `dlx-core/tests/data`; 20 rounds when
//! not given).

use std::process::ExitCode;
use std::time::Duration;

use benches::{load, time_interleaved};

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: interleaved NAME[:ROUNDS]...   (for example q12:60 pent4x15:10)");
        return ExitCode::FAILURE;
    }
    println!("| instance | rounds | dlx-core min | dlx 0.8.5 min | ratio (min) | dlx-core median | dlx 0.8.5 median | ratio (median) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for arg in &args {
        let (name, rounds) = match arg.split_once(':') {
            Some((name, rounds)) => match rounds.parse::<usize>() {
                Ok(r) if r > 0 => (name, r),
                _ => {
                    eprintln!("{arg}: ROUNDS must be a positive integer");
                    return ExitCode::FAILURE;
                }
            },
            None => (arg.as_str(), 20),
        };
        let problem = match load(name) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let t = match time_interleaved(&problem, rounds) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{name}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (our_min, peer_min) = t.min();
        let (our_med, peer_med) = t.median();
        println!(
            "| {name} | {rounds} | {} | {} | {:.2} | {} | {} | {:.2} |",
            ms(our_min),
            ms(peer_min),
            t.min_ratio(),
            ms(our_med),
            ms(peer_med),
            t.median_ratio()
        );
    }
    ExitCode::SUCCESS
}
