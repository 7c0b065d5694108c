//! `dlx count --symmetry` and `dlx solve --up-to-symmetry`: the problem's symmetry group
//! (the file's `| symmetry:` lines, `--group FILE`, or found by search), the total counted
//! by orbits, the count up to symmetry, one solution per orbit.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use dlx_core::symmetry::{
    find_group, parse_generators, write_generators, Group, SymmetricCount, SymmetricCounter,
    SymmetryError,
};
use dlx_core::Problem;
use serde_json::json;

use super::progress::interrupt_flag;
use crate::cli::CountArgs;
use crate::input::{display_name, parse_problem, read_input, read_text};
use crate::output::{count_exit, note, note_stop, stdout, InputError};

/// Where a group came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The DLX file's `| symmetry:` lines.
    File,
    /// `--group FILE`.
    GroupFile,
    /// Found by search.
    Found,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::File => "file",
            Source::GroupFile => "group-file",
            Source::Found => "found",
        }
    }
}

/// A problem read with its group.
pub struct Symmetric {
    pub problem: Problem,
    pub group: Group,
    pub source: Source,
    /// Time taken to find or check the group.
    pub group_time: Duration,
}

/// An error of the symmetry machinery as an input error naming `name` (and the line and
/// column for a generator line).
fn input_error(name: &str, e: SymmetryError) -> anyhow::Error {
    match e {
        SymmetryError::At {
            line,
            column,
            error,
        } => InputError::new(format!("{name}:{line}:{column}: {error}")),
        SymmetryError::GroupTooLarge(_) => InputError::new(format!("{name}: {e}")).with_hint(
            "counting by symmetry lists the group element by element; give a subgroup with \
             --group FILE",
        ),
        e => InputError::new(format!("{name}: {e}")),
    }
    .into()
}

/// Reads the problem at `path` and its group: from `group_file` if given, else from the
/// problem's `| symmetry:` lines, else found by search.
pub fn read(path: &str, group_file: Option<&str>) -> Result<Symmetric> {
    let bytes = read_input(path)?;
    let parsed = parse_problem(path, &bytes)?;
    let problem = parsed.problem;
    let name = display_name(path);
    let start = Instant::now();
    let (generators, source) = if let Some(file) = group_file {
        let text = read_text(file)?;
        let gens =
            parse_generators(&problem, &text).map_err(|e| input_error(display_name(file), e))?;
        if gens.is_empty() && !text.lines().any(is_generator_line) {
            return Err(InputError::new(format!(
                "{}: no `| symmetry:` lines: expected one line per generator",
                display_name(file)
            ))
            .into());
        }
        (gens, Source::GroupFile)
    } else {
        let text = String::from_utf8_lossy(&bytes);
        if text.lines().any(is_generator_line) {
            let gens = parse_generators(&problem, &text).map_err(|e| input_error(name, e))?;
            (gens, Source::File)
        } else {
            let group = find_group(&problem).map_err(|e| input_error(name, e))?;
            return Ok(Symmetric {
                problem,
                group,
                source: Source::Found,
                group_time: start.elapsed(),
            });
        }
    };
    let group = Group::new(&problem, generators).map_err(|e| input_error(name, e))?;
    Ok(Symmetric {
        problem,
        group,
        source,
        group_time: start.elapsed(),
    })
}

/// True for a `| symmetry:` line.
fn is_generator_line(line: &str) -> bool {
    line.trim_start().strip_prefix('|').is_some_and(|rest| {
        rest.trim_start()
            .starts_with(dlx_core::symmetry::SYMMETRY_TAG)
    })
}

/// `dlx count --symmetry`.
pub fn run_count(args: &CountArgs) -> Result<ExitCode> {
    let interrupted = interrupt_flag();
    let s = read(&args.problem.file, args.group.as_deref())?;
    let name = display_name(&args.problem.file);
    let mut counter = SymmetricCounter::new(&s.problem, &s.group)
        .engine(args.engine.choice())
        .cancel_flag(interrupted)
        .up_to_symmetry(true)
        .threads(args.parallel.threads.unwrap_or(0));
    if let Some(budget) = args.node_budget {
        counter = counter.node_budget(budget);
    }
    let count = counter.count().map_err(|e| input_error(name, e))?;
    print(args, &s, &count)?;
    Ok(count_exit(count.stop))
}

fn print(args: &CountArgs, s: &Symmetric, count: &SymmetricCount) -> Result<()> {
    let mut out = stdout();
    let order = s.group.order();
    if args.json {
        let generators: Vec<String> = write_generators(&s.problem, s.group.generators())
            .lines()
            .map(str::to_string)
            .collect();
        let value = json!({
            "solutions": count.solutions,
            "up_to_symmetry": count.up_to_symmetry,
            "group_order": order,
            "group_source": s.source.name(),
            "generators": generators,
            "complete": count.is_complete(),
            "stopped": count.stop.map(|r| r.to_string()),
            "nodes": count.nodes,
            "updates": count.updates,
            "subproblems": count.subproblems,
            "seconds": count.elapsed.as_secs_f64(),
            "group_seconds": s.group_time.as_secs_f64(),
        });
        writeln!(out, "{value}")?;
    } else {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        match count.up_to_symmetry {
            Some(up) => writeln!(
                out,
                "{} solution{}, {up} up to symmetry (group of order {order})",
                count.solutions,
                plural(count.solutions)
            )?,
            None => writeln!(
                out,
                "{} solution{} (incomplete; group of order {order})",
                count.solutions,
                plural(count.solutions)
            )?,
        }
    }
    out.flush()?;
    note_stop(count.stop);
    if args.stats {
        note!(
            "group of order {order} ({}, {} generator{}, {:.3} s):",
            match s.source {
                Source::File => "from the file",
                Source::GroupFile => "from --group",
                Source::Found => "found",
            },
            s.group.generators().len(),
            if s.group.generators().len() == 1 {
                ""
            } else {
                "s"
            },
            s.group_time.as_secs_f64()
        );
        for line in write_generators(&s.problem, s.group.generators()).lines() {
            note!("{line}");
        }
        note!(
            "{} sub-problems, {} nodes, {} updates, {:.3} s{}",
            count.subproblems,
            count.nodes,
            count.updates,
            count.elapsed.as_secs_f64(),
            if count.is_complete() {
                ""
            } else {
                " (incomplete)"
            }
        );
    }
    Ok(())
}
