//! `dlx zdd FILE -o OUT`: the decision diagram of all solutions, in the text format of
//! docs/counting.md, with its size.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::{zdd_text, MemoError, MemoStats, Problem, StopReason, Zdd};
use serde_json::json;

use super::{bytes, solver, with_big};
use crate::cli::{MemoOptions, ZddArgs};
use crate::commands::progress::wanted;
use crate::commands::progress::Display;
use crate::input::{display_name, read_problem};
use crate::output::{note, stdout, InputError, EXIT_INTERRUPTED, EXIT_OK};

/// Builds the diagram of `problem` as `memo` asks, showing progress when `progress`.
/// `Ok(None)`: interrupted.
pub fn build(
    problem: &Problem,
    name: &str,
    memo: &MemoOptions,
    progress: bool,
) -> Result<Option<(Zdd, MemoStats)>> {
    let handle = dlx_core::MemoProgress::new();
    let display = progress.then(|| Display::start(handle.clone()));
    let built = solver(problem, name, memo.memo_limit, memo.order)?
        .progress(handle)
        .zdd_with_stats();
    drop(display);
    match built {
        Ok(b) => Ok(Some(b)),
        Err(MemoError::Stopped(StopReason::Cancelled)) => Ok(None),
        Err(e @ MemoError::DiagramTooLarge { .. }) => Err(InputError::new(format!("{name}: {e}"))
            .with_hint("--memo-limit SIZE allows more memory (the diagram gets half of it)")
            .into()),
        Err(e) => Err(InputError::new(format!("{name}: {e}")).into()),
    }
}

pub fn run(args: &ZddArgs) -> Result<ExitCode> {
    let name = display_name(&args.file);
    let parsed = read_problem(&args.file)?;
    let problem = &parsed.problem;
    let Some((zdd, stats)) = build(problem, name, &args.memo, wanted(&args.parallel()))? else {
        note!("dlx: interrupted: no diagram written");
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    };
    let text =
        zdd_text::write(problem, &zdd).map_err(|e| InputError::new(format!("{name}: {e}")))?;
    let summary = if args.json {
        let value = json!({
            "solutions": 0,
            "nodes": zdd.len(),
            "bytes": zdd.bytes(),
            "file_bytes": text.len(),
            "memo_nodes": stats.nodes,
            "hits": stats.hits,
            "peak_bytes": stats.peak_bytes,
            "seconds": stats.elapsed.as_secs_f64(),
        });
        with_big(value, &[("solutions", &zdd.count())])
    } else {
        format!(
            "{} solutions; diagram: {} nodes, {} in memory, {} as text; {} memo nodes, {:.3} s",
            zdd.count(),
            zdd.len(),
            bytes(zdd.bytes() as u64),
            bytes(text.len() as u64),
            stats.nodes,
            stats.elapsed.as_secs_f64()
        )
    };
    match &args.output {
        Some(path) => {
            crate::outfile::write_file(path, &text)?;
            let mut out = stdout();
            writeln!(out, "{summary}")?;
            out.flush()?;
        }
        None => {
            let mut out = stdout();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            note!("{summary}");
        }
    }
    Ok(ExitCode::from(EXIT_OK))
}
