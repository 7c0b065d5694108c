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
    let recorded =
        trace::trace(&problem, max_steps).map_err(|e| InputError::new(format!("{title}: {e}")))?;
    let rendered = match args.format {
        TraceFormat::Text => text::render(&problem, &recorded, args.explain, lesson),
        TraceFormat::Json => json::render(&problem, &recorded),
        TraceFormat::Html => {
            let options = match lesson {
                Some(lesson) => html::PageOptions::for_lesson(lesson),
                None => html::PageOptions::titled(&title),
            };
            html::render(&problem, &recorded, &options)
        }
    };
    match &args.output {
        Some(path) => std::fs::write(path, rendered)
            .with_context(|| format!("{}: cannot write file", path.display()))?,
        None => {
            let mut out = stdout();
            out.write_all(rendered.as_bytes())?;
            out.flush()?;
        }
    }
    if recorded.truncated {
        eprintln!(
            "dlx: note: the trace stops after {} steps; the search goes on (raise --max-steps)",
            recorded.events.len()
        );
    }
    Ok(ExitCode::from(EXIT_OK))
}
