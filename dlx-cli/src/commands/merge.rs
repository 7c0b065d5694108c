//! `dlx merge FILE...`: adds up the units of a split; refuses duplicates, gaps and units of
//! other problems.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::UnitCounts;
use serde_json::json;

use super::units::{read_lines, Header, Line};
use crate::cli::MergeArgs;
use crate::input::{display_name, read_input};
use crate::output::{stdout, InputError, EXIT_OK};

pub fn run(args: &MergeArgs) -> Result<ExitCode> {
    let mut header: Option<(Header, String)> = None;
    let mut done: BTreeMap<usize, (UnitCounts, String)> = BTreeMap::new();
    let mut problem: Option<String> = None;
    for file in &args.files {
        let name = display_name(file).to_string();
        let bytes = read_input(file)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| InputError::new(format!("{name}: not UTF-8 text")))?;
        for (number, line) in read_lines(&name, &text)? {
            let at = format!("{name}:{number}");
            let hash = match &line {
                Line::Header(h) => h.problem.clone(),
                Line::Unit(u) => u.problem.clone(),
            };
            match &problem {
                None => problem = Some(hash),
                Some(p) if *p != hash => {
                    return Err(InputError::new(format!(
                        "{at}:1: unit of problem {hash}, but the others are of problem {p}"
                    ))
                    .into())
                }
                Some(_) => {}
            }
            match line {
                Line::Header(h) => {
                    if let Some((other, where_)) = &header {
                        if *other != h {
                            return Err(InputError::new(format!(
                                "{at}:1: a second, different split header (the first is at {where_})"
                            ))
                            .into());
                        }
                    } else {
                        header = Some((h, at));
                    }
                }
                Line::Unit(u) => {
                    let Some(counts) = u.done else { continue };
                    if let Some((_, first)) = done.get(&u.id) {
                        return Err(InputError::new(format!(
                            "{at}:1: unit {} counted twice (also at {first})",
                            u.id
                        ))
                        .into());
                    }
                    done.insert(u.id, (counts, at));
                }
            }
        }
    }
    let Some((header, _)) = header else {
        return Err(InputError::new(
            "no split header: give the file written by `dlx split` as well as the results",
        )
        .into());
    };
    if let Some((&id, (_, at))) = done.iter().find(|(&id, _)| id >= header.total) {
        return Err(InputError::new(format!(
            "{at}:1: unit {id} is not part of the split (it has units 0..{})",
            header.total
        ))
        .into());
    }
    let missing: Vec<usize> = (0..header.total)
        .filter(|id| !done.contains_key(id))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(|id| id.to_string()).collect();
        return Err(InputError::new(format!(
            "{} of {} units have no result (gap): {}{}",
            missing.len(),
            header.total,
            shown.join(", "),
            if missing.len() > 10 { ", ..." } else { "" }
        ))
        .into());
    }
    let total = done
        .values()
        .fold(UnitCounts::default(), |a, (c, _)| a + *c);
    let mut out = stdout();
    if args.json {
        let value = json!({
            "solutions": total.solutions,
            "nodes": total.nodes,
            "updates": total.updates,
            "complete": true,
            "units": header.total,
            "problem": header.problem,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{}", total.solutions)?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}
