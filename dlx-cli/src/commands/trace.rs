//! `dlx trace FILE|-` and `dlx trace --example NAME`: watch Algorithm X step by step, as
//! Knuth-style text (with notes under `--explain`), JSON lines, or one HTML page.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::trace::picture::Drawing;
use dlx_core::trace::{self, examples, html, json, text, Lesson};
use dlx_core::{OptionId, Problem};
use dlx_sudoku::langford::Langford;
use dlx_sudoku::polyomino::{self, Packing, SymmetryBreaking};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::sudoku::{trace_picture, Encoding, Grid, Shape};

use crate::cli::{TraceArgs, TraceFormat};
use crate::input::{display_name, parse_problem, read_input};
use crate::output::{stdout, InputError, EXIT_OK};

// (`--format html` keeps the steps in memory, up to `html::MAX_STEPS`.)

pub fn run(args: &TraceArgs) -> Result<ExitCode> {
    if args.explain && args.format == TraceFormat::Json {
        return Err(InputError::new(
            "--explain goes with --format text (the HTML page always has the notes)",
        )
        .into());
    }
    let (problem, lesson, title, header): (Problem, Option<&Lesson>, String, String) =
        match &args.example {
            Some(name) => {
                let lesson = examples::lesson(name)
                    .ok_or_else(|| InputError::new(format!("no example called {name:?}")))?;
                (
                    lesson.problem(),
                    Some(lesson),
                    lesson.title.to_string(),
                    String::new(),
                )
            }
            None => {
                let path = args
                    .file
                    .as_deref()
                    .expect("clap requires FILE or --example");
                let bytes = read_input(path)?;
                let header =
                    String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or(&[]))
                        .trim_end()
                        .to_string();
                let parsed = parse_problem(path, &bytes)?;
                // A problem from `dlx gen` is titled with what it is ("6 queens"), not with
                // where it came from ("<stdin>").
                let title = gen_title(&header).unwrap_or_else(|| display_name(path).to_string());
                (parsed.problem, None, title, header)
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
    // A file is written beside its final name and renamed into place at the end: a run
    // that fails leaves the old file as it was.
    let mut file = args
        .output
        .as_deref()
        .map(crate::outfile::OutputFile::create)
        .transpose()?;
    let mut out: Box<dyn Write + '_> = match &mut file {
        Some(file) => Box::new(std::io::BufWriter::new(file)),
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
            let recorded = html::trace_for_page(&problem, max_steps).map_err(traced)?;
            let drawing = if lesson.is_none() {
                gen_picture(&header, &problem)
            } else {
                None
            };
            let mut options = match (lesson, &drawing) {
                (Some(lesson), _) => html::PageOptions::for_lesson(lesson),
                (None, Some(drawing)) => html::PageOptions::titled(&title).with_picture(drawing),
                (None, None) => html::PageOptions::titled(&title),
            };
            if lesson.is_none() {
                if let Some(note) = gen_note(&header) {
                    options = options.with_note(note);
                }
            }
            out.write_all(html::render(&problem, &recorded, &options).as_bytes())?;
            recorded
        }
    };
    out.flush()?;
    drop(out);
    if let Some(file) = file {
        file.commit()?;
    }
    if recorded.truncated && recorded.steps < max_steps && args.format == TraceFormat::Html {
        crate::output::note!(
            "dlx: note: the trace stops after {} steps: a page holds at most {} option and \
             item numbers in its steps, and the search goes on (--format text or json take \
             any number)",
            recorded.steps,
            html::MAX_PAGE_NUMBERS
        );
    } else if recorded.truncated {
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

/// The puzzle of a problem written by `dlx gen`, rebuilt from its first line (`| dlx gen
/// queens 8`, `| dlx gen sudoku 1.3...`), so that the trace page can draw it. `None` for
/// any other problem, or when the problem read is not the one that line makes (an edited
/// file): a picture must never draw options as something they are not.
/// What `dlx gen` says it wrote, from its header line (`| dlx gen queens 6`): "6 queens",
/// "pentominoes 6×10"; `None` for a file that does not start with one.
fn gen_title(header: &str) -> Option<String> {
    let words: Vec<&str> = header
        .strip_prefix("| dlx gen ")?
        .split_whitespace()
        .collect();
    let (kind, rest) = words.split_first()?;
    let symmetry_break = rest.contains(&"--symmetry-break");
    let args: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|w| !w.starts_with("--"))
        .collect();
    let board = |arg: Option<&&str>| arg.map(|a| a.replace('x', "×"));
    let title = match (*kind, args.first()) {
        ("queens", Some(n)) => format!("{n} queens"),
        ("langford", Some(n)) => format!("Langford pairs, n = {n}"),
        ("pentomino" | "pentominoes", a @ Some(_)) => format!("pentominoes {}", board(a)?),
        ("dominoes", a @ Some(_)) => format!("dominoes {}", board(a)?),
        ("tiling", a @ Some(_)) => format!("tilings of {}", board(a)?),
        ("sudoku", Some(_)) => "a Sudoku puzzle".to_string(),
        _ => format!("dlx gen {}", words.join(" ")),
    };
    Some(if symmetry_break {
        format!("{title} (symmetry broken)")
    } else {
        title
    })
}

/// A note for the page of a problem from `dlx gen`, where its items' order needs a word.
fn gen_note(header: &str) -> Option<&'static str> {
    let kind = header
        .strip_prefix("| dlx gen ")?
        .split_whitespace()
        .next()?;
    (kind == "queens").then_some(
        "Rows r and columns c are primary items, listed in organ-pipe order: from the middle \
         of the board outwards (r3 r2 r4 r1 r5 r0 for six queens), as in Knuth's queens-dlx. \
         The search branches on the item with the fewest options and takes the first of a \
         tie: in this order the most constrained lines, the middle ones, come first. The \
         diagonals a and b are secondary (at most one queen each).",
    )
}

fn gen_picture(header: &str, problem: &Problem) -> Option<Drawing> {
    let words: Vec<&str> = header
        .strip_prefix("| dlx gen ")?
        .split_whitespace()
        .collect();
    let symmetry_break = words.get(2) == Some(&"--symmetry-break");
    if words.len() > 2 + usize::from(symmetry_break) {
        return None;
    }
    let same = |made: &Problem| {
        let (a, b) = (
            dlx_core::format::write(made),
            dlx_core::format::write(problem),
        );
        matches!((a, b), (Ok(a), Ok(b)) if a == b)
    };
    let arg = *words.get(1)?;
    let small = |n: usize| (1..=64).contains(&n);
    match words[0] {
        "queens" if !symmetry_break => {
            let n = arg.parse().ok().filter(|&n| small(n))?;
            let queens = Queens::new(n).ok()?;
            same(queens.problem()).then(|| queens.picture())
        }
        "langford" => {
            let n = arg.parse().ok().filter(|&n| small(n))?;
            let langford = Langford::new(n, symmetry_break).ok()?;
            same(langford.problem()).then(|| langford.picture())
        }
        "pentomino" | "pentominoes" => {
            let (rows, cols) = arg.split_once('x')?;
            let (rows, cols) = (rows.parse().ok()?, cols.parse().ok()?);
            if rows * cols > 100 {
                return None;
            }
            let symmetry = if symmetry_break {
                SymmetryBreaking::Auto
            } else {
                SymmetryBreaking::None
            };
            let board = polyomino::PolyominoBoard::rectangle(rows, cols).ok()?;
            let packing = Packing::pentominoes(board, symmetry).ok()?;
            same(packing.problem()).then(|| packing.picture())
        }
        "sudoku" if !symmetry_break => {
            let givens: Grid = arg.parse().ok()?;
            // The boxes are drawn when the problem is the one of the usual shape; a
            // jigsaw's or a Sudoku X's is drawn without them (the header does not say).
            let boxed = Shape::for_size(givens.size()).ok().filter(|shape| {
                let Ok(encoding) = Encoding::new(shape.clone()) else {
                    return false;
                };
                let chosen: Vec<OptionId> = givens
                    .cells()
                    .filter_map(|(cell, digit)| digit.map(|d| encoding.option(cell, d)))
                    .collect();
                super::gen::residual::residual(encoding.problem(), &chosen)
                    .is_ok_and(|made| same(&made))
            });
            let shape = boxed.or_else(|| Shape::latin(givens.size()).ok())?;
            Some(trace_picture(&shape, &givens, problem))
        }
        _ => None,
    }
}
