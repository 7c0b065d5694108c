//! The memoised search on the command line: `dlx count --memo` (and `dlx tour --count
//! --memo`), `dlx zdd`, `dlx sample`; a progress display and the statistics they print.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{BigUint, MemoCount, MemoError, MemoSolver, MemoStats, Problem};
use serde_json::json;

use crate::cli::{CountArgs, MemoOrder, ParallelArgs};
use crate::commands::progress::{interrupt_flag, wanted};
use crate::output::{count_exit, note, note_stop, stdout, write_count, InputError};

mod display;
pub mod sample;
pub mod zdd;

use crate::commands::progress::Display;

/// How to run a memoised count.
pub struct MemoRun<'a> {
    /// The name of the input, for messages.
    pub name: &'a str,
    pub memo_limit: Option<u64>,
    pub order: MemoOrder,
    pub fallback: bool,
    pub node_budget: Option<u64>,
}

/// A memoised solver for `problem` as asked; multiplicities are an input error.
pub fn solver<'p>(
    problem: &'p Problem,
    name: &str,
    memo_limit: Option<u64>,
    order: MemoOrder,
) -> Result<MemoSolver<'p>> {
    let mut solver = MemoSolver::new(problem)
        .map_err(|e: MemoError| InputError::new(format!("{name}: {e}")))?
        .order(order.rule())
        .cancel_flag(interrupt_flag());
    if let Some(limit) = memo_limit {
        solver = solver.memo_limit(limit);
    }
    Ok(solver)
}

/// Counts with the memo, showing progress as `parallel` asks.
pub fn count(problem: &Problem, run: &MemoRun<'_>, parallel: &ParallelArgs) -> Result<MemoCount> {
    let mut solver = solver(problem, run.name, run.memo_limit, run.order)?
        .threads(parallel.threads.unwrap_or(0))
        .fallback(run.fallback);
    if let Some(budget) = run.node_budget {
        solver = solver.node_budget(budget);
    }
    let progress = dlx_core::MemoProgress::new();
    let display = wanted(parallel).then(|| Display::start(progress.clone()));
    let count = solver.progress(progress).count();
    drop(display);
    Ok(count.map_err(|e| InputError::new(format!("{}: {e}", run.name)))?)
}

/// `dlx count FILE --memo`.
pub fn run_count(args: &CountArgs, problem: &Problem, name: &str) -> Result<ExitCode> {
    let run = MemoRun {
        name,
        memo_limit: args.memo_limit,
        order: args.order.unwrap_or(MemoOrder::Fewest),
        fallback: !args.no_fallback,
        node_budget: args.node_budget,
    };
    let count = count(problem, &run, &args.parallel)?;
    let mut out = stdout();
    if args.json {
        writeln!(out, "{}", count_json(&count))?;
    } else {
        write_count(&mut out, &count.solutions, count.stop)?;
    }
    out.flush()?;
    note_stop(count.stop);
    if args.stats {
        print_stats(&count.stats, count.is_complete());
    }
    Ok(count_exit(count.stop))
}

/// A placeholder for the `k`th big number of a JSON text, for [`fill_big`].
pub fn big_marker(k: usize) -> String {
    format!("@@dlx-big-number-{k}@@")
}

/// `text` (JSON) with the quoted [`big_marker`]s replaced by the numbers' digits: JSON
/// numbers have no bound, but serde_json's stop at 64 bits.
pub fn fill_big(mut text: String, big: &[&BigUint]) -> String {
    for (k, n) in big.iter().enumerate() {
        text = text.replacen(&format!("\"{}\"", big_marker(k)), &n.to_string(), 1);
    }
    text
}

/// `value` as JSON text, with each of `big`'s keys an integer of any size.
pub fn with_big(mut value: serde_json::Value, big: &[(&str, &BigUint)]) -> String {
    for (k, (key, _)) in big.iter().enumerate() {
        value[*key] = json!(big_marker(k));
    }
    let numbers: Vec<&BigUint> = big.iter().map(|(_, n)| *n).collect();
    fill_big(value.to_string(), &numbers)
}

/// The memo's figures as JSON fields.
pub fn stats_json(s: &MemoStats) -> serde_json::Value {
    json!({
        "engine": if s.fell_back { "enumeration (memo fell back)" } else { "memo" },
        "nodes": s.nodes,
        "lookups": s.lookups,
        "hits": s.hits,
        "hit_rate": (s.hit_rate() * 1e4).round() / 1e4,
        "dead_ends": s.dead_ends,
        "entries": s.entries,
        "flushes": s.flushes,
        "peak_bytes": s.peak_bytes,
        "memo_peak_bytes": s.memo_peak_bytes,
        "search_bytes": s.search_bytes,
        "limit_bytes": s.limit_bytes,
        "big_numbers": s.big_numbers,
        "plain_nodes": s.plain_nodes,
        "fell_back": s.fell_back,
        "enumeration_nodes": s.enumeration_nodes,
        "threads": s.threads,
        "seconds": s.elapsed.as_secs_f64(),
    })
}

/// The `--json` line of a memoised count.
pub fn count_json(count: &MemoCount) -> String {
    let mut value = json!({
        "solutions": 0,
        "complete": count.is_complete(),
        "stopped": count.stop.map(|r| r.to_string()),
    });
    if let (Some(v), serde_json::Value::Object(stats)) =
        (value.as_object_mut(), stats_json(&count.stats))
    {
        v.extend(stats);
    }
    with_big(value, &[("solutions", &count.solutions)])
}

/// A byte count for people.
pub fn bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{:.1} GiB", n as f64 / (1u64 << 30) as f64),
        n if n >= 1 << 20 => format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64),
        n if n >= 1 << 10 => format!("{:.1} KiB", n as f64 / 1024.0),
        n => format!("{n} B"),
    }
}

/// The statistics lines of `--stats`, on standard error. The table's peak is shown
/// against the limit, which bounds it; the search's own state, which the limit does not
/// bound, apart.
pub fn print_stats(s: &MemoStats, complete: bool) {
    let incomplete = if complete { "" } else { " (incomplete)" };
    note!(
        "memo: {} nodes, {} look-ups, {} hits ({:.1}%), {} dead ends, {} entries, table peak {} of {}, {} flushes{}; search state {} besides",
        s.nodes,
        s.lookups,
        s.hits,
        100.0 * s.hit_rate(),
        s.dead_ends,
        s.entries,
        bytes(s.memo_peak_bytes),
        bytes(s.limit_bytes),
        s.flushes,
        if s.big_numbers { ", big numbers" } else { "" },
        bytes(s.search_bytes)
    );
    let saving = if s.nodes == 0 {
        "-".to_string()
    } else {
        let r = s.plain_nodes as f64 / s.nodes as f64;
        if r < 1000.0 {
            format!("{r:.1}x")
        } else {
            format!("{r:.1e}x")
        }
    };
    if s.fell_back {
        note!(
            "memo: saved {saving} over plain search on its first {} nodes: fell back to enumeration ({} nodes), {:.3} s{incomplete}",
            s.nodes,
            s.enumeration_nodes,
            s.elapsed.as_secs_f64()
        );
    } else {
        let plain = if s.plain_nodes == u64::MAX {
            "over 1.8e19".to_string()
        } else {
            s.plain_nodes.to_string()
        };
        note!(
            "memo: plain search would visit {plain} nodes ({saving}), {} thread{}, {:.3} s{incomplete}",
            s.threads,
            if s.threads == 1 { "" } else { "s" },
            s.elapsed.as_secs_f64()
        );
    }
}
