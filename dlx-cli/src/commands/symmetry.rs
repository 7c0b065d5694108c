//! `dlx count --symmetry` and `dlx solve --up-to-symmetry`: the problem's symmetry group
//! (the file's `| symmetry:` lines, `--group FILE`, or found by search), the total counted
//! by orbits, the count up to symmetry, one solution per orbit.

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Result;
use dlx_core::symmetry::{
    find_group, parse_generators, read_symmetric_lines, symmetric_split, write_generators, Group,
    Pieces, SymmetricCheckpoint, SymmetricCount, SymmetricCounter, SymmetricLine,
    SymmetricUnitLine, SymmetryError, PIECES_PER_THREAD,
};
use dlx_core::{problem_hash, CheckpointError, Problem};
use serde_json::json;

use super::progress::interrupt_flag;
use crate::cli::{CountArgs, SplitArgs};
use crate::input::{display_name, parse_problem, read_input, read_text};
use crate::output::{count_exit, note, note_stop, stdout, InputError, EXIT_OK};

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

/// With a checkpoint, the leaves are cut until there are at least this many pieces (or
/// [`PIECES_PER_THREAD`] a thread, if more), so that a stopped run loses little: at most
/// the pieces in progress.
pub const CHECKPOINT_PIECES: usize = 256;

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
    if args.unit.is_some() || args.units_file.is_some() {
        return run_units(args, &s, &counter);
    }
    if args.checkpoint.is_some() || args.resume.is_some() {
        return run_checkpointed(args, &s, &counter);
    }
    if let Some(budget) = args.node_budget {
        counter = counter.node_budget(budget);
    }
    let count = counter.count().map_err(|e| input_error(name, e))?;
    print(args, &s, &count)?;
    Ok(count_exit(count.stop))
}

/// `--checkpoint PATH` / `--resume PATH`: the pieces finished are recorded (every
/// `--checkpoint-interval`, and at the end, interrupted or not); a resumed run makes the
/// same pieces again and counts only the others.
fn run_checkpointed(
    args: &CountArgs,
    s: &Symmetric,
    counter: &SymmetricCounter<'_>,
) -> Result<ExitCode> {
    let name = display_name(&args.problem.file);
    let hash = problem_hash(&s.problem);
    let every = super::count::checkpoint_every(args)?;
    let (pieces, saved) = match &args.resume {
        Some(path) => {
            let saved = SymmetricCheckpoint::load(path).map_err(|e| match e {
                CheckpointError::OtherProblem { .. } | CheckpointError::OtherPieces { .. } => {
                    InputError::new(format!("{}: {e}", path.display()))
                }
                e => InputError::new(e.to_string()),
            })?;
            let pieces = counter
                .pieces(saved.at_least)
                .map_err(|e| input_error(name, e))?;
            saved
                .check(&hash, &pieces)
                .map_err(|e| InputError::new(format!("{}: {e}", path.display())))?;
            (pieces, saved)
        }
        None => {
            let threads = match args.parallel.threads.unwrap_or(0) {
                0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                n => n,
            };
            let at_least = CHECKPOINT_PIECES.max(PIECES_PER_THREAD * threads);
            let pieces = counter.pieces(at_least).map_err(|e| input_error(name, e))?;
            let saved = SymmetricCheckpoint::fresh(&hash, &pieces, at_least);
            (pieces, saved)
        }
    };
    let path = args
        .checkpoint
        .as_ref()
        .or(args.resume.as_ref())
        .expect("checked by the caller");
    // The first write must succeed: nothing is lost yet.
    saved
        .save(path)
        .map_err(|e| InputError::new(e.to_string()))?;
    let before = saved.done.clone();
    let state = Mutex::new((saved, Instant::now()));
    let finished = |k: usize, counts: dlx_core::Counters| {
        let mut state = state.lock().expect("checkpoint lock");
        state.0.done[k] = Some(counts);
        if state.1.elapsed() >= every {
            if let Err(e) = state.0.save(path) {
                super::count::warn_checkpoint(&e, false);
            }
            state.1 = Instant::now();
        }
    };
    let count = counter
        .count_pieces(&pieces, &before, &finished)
        .map_err(|e| input_error(name, e))?;
    let (saved, _) = state.into_inner().expect("checkpoint lock");
    if let Err(e) = saved.save(path) {
        super::count::warn_checkpoint(&e, true);
    }
    print(args, s, &count)?;
    if args.stats {
        note!(
            "checkpoint {}: {} of {} pieces finished ({} before this run)",
            path.display(),
            saved.finished(),
            pieces.pieces.len(),
            before.iter().filter(|d| d.is_some()).count()
        );
    }
    Ok(count_exit(count.stop))
}

/// `--unit LINE` / `--units-file FILE` with `--symmetry`: counts the units (pieces) of a
/// split by symmetry, on the threads side by side, and prints each one's result line as it
/// is finished.
fn run_units(args: &CountArgs, s: &Symmetric, counter: &SymmetricCounter<'_>) -> Result<ExitCode> {
    let problem_name = display_name(&args.problem.file);
    let hash = problem_hash(&s.problem);
    let (name, text) = match (&args.unit, &args.units_file) {
        (Some(line), _) => ("--unit".to_string(), line.clone()),
        (None, Some(file)) => (display_name(file).to_string(), read_text(file)?),
        (None, None) => unreachable!("checked by the caller"),
    };
    let mut made: Option<(usize, Pieces)> = None;
    let mut todo: Vec<SymmetricUnitLine> = Vec::new();
    for (number, line) in
        read_symmetric_lines(&name, &text).map_err(|e| InputError::new(e.to_string()))?
    {
        let SymmetricLine::Unit(u) = line else {
            continue;
        };
        let at = format!("{name}:{number}:1");
        if u.problem != hash {
            return Err(InputError::new(format!(
                "{at}: unit {} is for problem {}, but {problem_name} is problem {hash}",
                u.id, u.problem
            ))
            .into());
        }
        if made.as_ref().is_none_or(|(n, _)| *n != u.at_least) {
            let pieces = counter
                .pieces(u.at_least)
                .map_err(|e| input_error(problem_name, e))?;
            made = Some((u.at_least, pieces));
        }
        let (_, pieces) = made.as_ref().expect("made above");
        let split = pieces.digest(&hash);
        let same = usize::try_from(u.id)
            .ok()
            .and_then(|id| pieces.pieces.get(id))
            .is_some_and(|p| *p == u.piece);
        if u.split != split || !same {
            return Err(InputError::new(format!(
                "{at}: unit {} is not a piece of this count by symmetry (split {}, but this \
                 problem and group make split {split}): split again with the same group",
                u.id, u.split
            ))
            .into());
        }
        if u.done.is_none() {
            todo.push(u);
        }
    }
    let Some((_, mut pieces)) = made else {
        return Ok(ExitCode::from(EXIT_OK));
    };
    // Only some pieces are counted here: no count up to symmetry (`dlx merge` makes it).
    pieces.up_to_symmetry = false;
    // Only the units to do are counted: the others are given as done.
    let mut done = vec![Some(dlx_core::Counters::default()); pieces.pieces.len()];
    let mut lines: HashMap<usize, SymmetricUnitLine> = HashMap::new();
    for u in todo {
        let id = u.id as usize;
        done[id] = None;
        lines.insert(id, u);
    }
    let out = Mutex::new(std::io::stdout());
    let failed = Mutex::new(None);
    let finished = |k: usize, counts: dlx_core::Counters| {
        let mut line = lines[&k].clone();
        line.done = Some(counts);
        let mut out = out.lock().expect("stdout lock");
        let written = serde_json::to_string(&line)
            .map_err(anyhow::Error::from)
            .and_then(|text| Ok(writeln!(out, "{text}").and_then(|()| out.flush())?));
        if let Err(e) = written {
            failed.lock().expect("lock").get_or_insert(e);
        }
    };
    let count = counter
        .count_pieces(&pieces, &done, &finished)
        .map_err(|e| input_error(problem_name, e))?;
    if let Some(e) = failed.into_inner().expect("lock") {
        return Err(e);
    }
    if count.stop.is_some() {
        note!("dlx: interrupted: the units not finished have no result line");
    }
    Ok(count_exit(count.stop))
}

/// `dlx split --symmetry`: one unit per piece of the count by symmetry.
pub fn run_split(args: &SplitArgs) -> Result<ExitCode> {
    let s = read(&args.problem.file, args.group.as_deref())?;
    let name = display_name(&args.problem.file);
    let at_least = usize::try_from(args.units).unwrap_or(usize::MAX);
    let pieces = SymmetricCounter::new(&s.problem, &s.group)
        .engine(args.engine.choice())
        .up_to_symmetry(true)
        .pieces(at_least)
        .map_err(|e| input_error(name, e))?;
    let (header, lines) = symmetric_split(&problem_hash(&s.problem), &pieces, at_least);
    let mut out = stdout();
    writeln!(out, "{}", serde_json::to_string(&header)?)?;
    for line in &lines {
        writeln!(out, "{}", serde_json::to_string(line)?)?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
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
