//! `dlx merge FILE...`: adds up the units of a split; refuses duplicates, gaps, units of
//! other problems and results of other splits ([`dlx_core::distributed::merge`]).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::json;

use crate::cli::MergeArgs;
use crate::input::{display_name, read_text};
use crate::output::{stdout, InputError, EXIT_OK};

pub fn run(args: &MergeArgs) -> Result<ExitCode> {
    // The same file twice would count its results twice: refused by name, before reading.
    for (k, file) in args.files.iter().enumerate() {
        let same = |other: &String| {
            other == file
                || matches!(
                    (std::fs::canonicalize(other), std::fs::canonicalize(file)),
                    (Ok(a), Ok(b)) if a == b
                )
        };
        if let Some(first) = args.files[..k].iter().position(same) {
            return Err(InputError::new(format!(
                "{} is given twice (files {} and {}): its results would count twice",
                display_name(file),
                first + 1,
                k + 1
            ))
            .into());
        }
    }
    let mut texts = Vec::with_capacity(args.files.len());
    for file in &args.files {
        texts.push((display_name(file).to_string(), read_text(file)?));
    }
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    if files
        .iter()
        .any(|(_, t)| dlx_core::symmetry::is_symmetric_units(t))
    {
        return merge_symmetric(args, &files);
    }
    let merged =
        dlx_core::distributed::merge(&files).map_err(|e| InputError::new(e.to_string()))?;
    let mut out = stdout();
    if args.json {
        let value = json!({
            "solutions": merged.counts.solutions,
            "nodes": merged.counts.nodes,
            "updates": merged.counts.updates,
            "complete": true,
            "units": merged.header.total,
            "problem": merged.header.problem,
            "split": merged.header.split,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{}", merged.counts.solutions)?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}

/// The units of a split by symmetry: the total (`Σ weight · solutions`) and the count up
/// to symmetry (Burnside's sum over the group's order).
fn merge_symmetric(args: &MergeArgs, files: &[(&str, &str)]) -> Result<ExitCode> {
    let merged =
        dlx_core::symmetry::merge_symmetric(files).map_err(|e| InputError::new(e.to_string()))?;
    let order = merged.header.group_order;
    let mut out = stdout();
    if args.json {
        let value = json!({
            "solutions": merged.solutions,
            "up_to_symmetry": merged.up_to_symmetry,
            "group_order": order,
            "nodes": merged.counts.nodes,
            "updates": merged.counts.updates,
            "complete": true,
            "units": merged.header.total,
            "problem": merged.header.problem,
            "split": merged.header.split,
        });
        writeln!(out, "{value}")?;
    } else {
        let plural = if merged.solutions == 1 { "" } else { "s" };
        match merged.up_to_symmetry {
            Some(up) => writeln!(
                out,
                "{} solution{plural}, {up} up to symmetry (group of order {order})",
                merged.solutions
            )?,
            None => writeln!(
                out,
                "{} solution{plural} (group of order {order})",
                merged.solutions
            )?,
        }
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
