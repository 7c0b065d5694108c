//! Times Algorithm M three ways in turn, round after round, on Knightdoku-style instances:
//! `dlx-core`'s links engine, its dense engine (the one `Auto` picks) and the `dlx` crate
//! 0.8.5 (`dlx::m`, `dlx::mc` with colours), and prints each one's best and median time
//! and the ratios (peer / ours). Interleaving holds up better than criterion's one engine
//! after another when the machine is shared and its load changes during a run.
//!
//! ```text
//! cargo run --profile bench -p benches --example multi_interleaved -- kdbig:10 kd1:2000 kd2:2000
//! ```
//!
//! Each argument is `NAME[:ROUNDS]` (an instance of `benches::data::load_any`: `kd1`, `kd2`,
//! `mult`, `kdbig`; 20 rounds when not given). Every timed run checks its count.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::best_and_median;
use benches::data::load_any;
use benches::peer_cm::{count_cm, PeerCmLinks};
use dlx_core::{DenseSolver, Solver};

fn show(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.2} µs", s * 1e6)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: multi_interleaved NAME[:ROUNDS]...   (for example kdbig:10 kd1:2000)");
        return ExitCode::FAILURE;
    }
    println!("| instance | rounds | links best / median | dense best / median | dlx 0.8.5 best / median | dlx / dense (best, median) | dlx / links (best, median) |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for arg in &args {
        let (name, rounds) = match arg.split_once(':') {
            Some((n, r)) => match r.parse::<usize>() {
                Ok(r) if r > 0 => (n, r),
                _ => {
                    eprintln!("{arg}: ROUNDS must be a positive integer");
                    return ExitCode::FAILURE;
                }
            },
            None => (arg.as_str(), 20),
        };
        let problem = match load_any(name) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let links = Solver::links(&problem);
        let dense = DenseSolver::try_new(&problem).expect("the dense engine takes it");
        let peer = PeerCmLinks::new(&problem).expect("the dlx crate takes it");
        let want = links.clone().count().solutions;
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        for _ in 0..rounds {
            let solver = links.clone();
            let start = Instant::now();
            assert_eq!(solver.count().solutions, want, "{name}: links");
            times[0].push(start.elapsed());
            let solver = dense.clone();
            let start = Instant::now();
            assert_eq!(solver.count().solutions, want, "{name}: dense");
            times[1].push(start.elapsed());
            let mut links = peer.problem();
            let start = Instant::now();
            assert_eq!(count_cm(&mut links).solutions, want, "{name}: dlx 0.8.5");
            times[2].push(start.elapsed());
        }
        let [l, d, p] = times.map(|mut t| best_and_median(&mut t));
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        println!(
            "| {name} | {rounds} | {} / {} | {} / {} | {} / {} | {:.2}, {:.2} | {:.2}, {:.2} |",
            show(l.0),
            show(l.1),
            show(d.0),
            show(d.1),
            show(p.0),
            show(p.1),
            ratio(p.0, d.0),
            ratio(p.1, d.1),
            ratio(p.0, l.0),
            ratio(p.1, l.1),
        );
    }
    ExitCode::SUCCESS
}
