//! The `dlx` crate 0.8.5 as a whole program: reads a problem in Knuth's format and prints
//! its number of solutions. The stand-in for Knuth's DLX1 in whole-process timings of tiny
//! problems (issue 24: start-up), beside `dlx count`:
//!
//! ```text
//! cargo build --release -p benches --example peer_count -p dlx-cli
//! cargo run --release -p benches --example startup -- dlx-core/tests/data/toy.dlx
//! ```
//!
//! It reads the file with `dlx_core`'s parser (the `dlx` crate has none), builds the peer's
//! links and counts with Knuth's branching rule (the fewest options, leftmost on ties).

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: peer_count FILE.dlx");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("peer_count: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let problem = match dlx_core::format::parse(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("peer_count: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match benches::PeerLinks::new(&problem) {
        Ok(peer) => {
            println!("{}", peer.count().solutions);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("peer_count: {path}: {e}");
            ExitCode::from(2)
        }
    }
}
