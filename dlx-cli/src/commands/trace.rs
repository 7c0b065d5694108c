//! `dlx trace FILE|-` and `dlx trace --example NAME`: watch Algorithm X step by step, as
//! Knuth-style text (with notes under `--explain`), JSON lines, or one HTML page.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use dlx_core::trace::{self, examples, html, json, text, Lesson};
use dlx_core::Problem;

use crate::cli::{TraceArgs, TraceFormat};
use crate::input::{display_name, read_problem};
use crate::output::{stdout, InputError, EXIT_OK};

// (`--format html` keeps the steps in memory, up to `html::MAX_STEPS`.)

pub fn run(args: &TraceArgs) -> Result<ExitCode> {
    if args.explain && args.format == TraceFormat::Json {
        return Err(InputError::new(
            "--explain goes with --format text (the HTML page always has the notes)",
        )
        .into());
    }
    let (problem, lesson, title): (Problem, Option<&Lesson>, String) = match &args.example {
        Some(name) => {
            let lesson = examples::lesson(name)
                .ok_or_else(|| InputError::new(format!("no example called {name:?}")))?;
            (lesson.problem(), Some(lesson), lesson.title.to_string())
        }
        None => {
            let path = args
                .file
                .as_deref()
                .expect("clap requires FILE or --example");
            let parsed = read_problem(path)?;
            (parsed.problem, None, display_name(path).to_string())
        }
    };
    let max_steps = usize::try_from(args.max_steps).unwrap_or(usize::MAX);
    if args.format == TraceFormat::Html && max_steps > html::MAX_STEPS {
        return Err(InputError::new(format!(
            "--format html holds at most {} steps (the page embeds every step)",
            html::MAX_STEPS
        ))
        .with_hint("lower --max-steps, or use --format text or json, which take any number")
        .into());
    }
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("{}: cannot write file", path.display()))?,
        )),
        None => Box::new(stdout()),
    };
    let traced = |e| InputError::new(format!("{title}: {e}"));
    let recorded = match args.format {
        // Text and JSON lines are written as the search goes, so that memory stays the same
        // however many steps are asked for.
        TraceFormat::Text => {
            let mut failed = None;
            let recorded = trace::trace_each(&problem, max_steps, |event| {
                let written = write_text(&mut out, &problem, event, args.explain, lesson);
                keep_going(written, &mut failed)
            })
            .map_err(traced)?;
            if let Some(e) = failed {
                return Err(e.into());
            }
            writeln!(out, "{}", text::summary(&recorded))?;
            recorded
        }
        TraceFormat::Json => {
            writeln!(out, "{}", json::start_line(&problem, max_steps))?;
            let mut failed = None;
            let mut step = 0;
            let recorded = trace::trace_each(&problem, max_steps, |event| {
                step += 1;
                let written = writeln!(out, "{}", json::event_line(&problem, step, event));
                keep_going(written, &mut failed)
            })
            .map_err(traced)?;
            if let Some(e) = failed {
                return Err(e.into());
            }
            writeln!(out, "{}", json::end_line(&recorded))?;
            recorded
        }
        TraceFormat::Html => {
            let recorded = trace::trace(&problem, max_steps).map_err(traced)?;
            let options = match lesson {
                Some(lesson) => html::PageOptions::for_lesson(lesson),
                None => html::PageOptions::titled(&title),
            };
            out.write_all(html::render(&problem, &recorded, &options).as_bytes())?;
            recorded
        }
    };
    out.flush()?;
    drop(out);
    if recorded.truncated {
        crate::output::note!(
            "dlx: note: the trace stops after {} steps; the search goes on (raise --max-steps)",
            recorded.steps
        );
    }
    Ok(ExitCode::from(EXIT_OK))
}

/// One step as text: its line, indented by level, and its note under `--explain` (undo
/// steps only then).
fn write_text(
    out: &mut dyn Write,
    problem: &Problem,
    event: &trace::TraceEvent,
    explain: bool,
    lesson: Option<&Lesson>,
) -> std::io::Result<()> {
    if !explain && matches!(event, trace::TraceEvent::Undo { .. }) {
        return Ok(());
    }
    let indent = "  ".repeat(text::depth(event));
    writeln!(out, "{indent}{}", text::line(problem, event))?;
    if explain {
        writeln!(out, "{indent}    {}", text::note(problem, event, lesson))?;
    }
    Ok(())
}

/// Whether the trace goes on after a write: not once one has failed (the error is kept).
fn keep_going(written: std::io::Result<()>, failed: &mut Option<std::io::Error>) -> bool {
    match written {
        Ok(()) => true,
        Err(e) => {
            failed.get_or_insert(e);
            false
        }
    }
}
