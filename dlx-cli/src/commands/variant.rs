//! `dlx variant FILE`: solve a variant Sudoku given in our TOML format or as f-puzzles
//! JSON (raw, or an f-puzzles / SudokuPad link): print the solution grid (with shading and
//! letters where the puzzle has them), count solutions, prove uniqueness, draw SVG.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_sudoku::sudoku::{render_text, Cell, Grid};
use dlx_sudoku::variant::{
    read_puzzle, render_svg_with, RuleViolation, SearchReport, SvgExtras, VariantEngine,
    VariantPuzzle, VariantSolution, VariantSolver,
};
use dlx_sudoku::{First, StopReason, Uniqueness};
use serde_json::json;

use super::candidates::{
    differing_cells, to_json as candidates_json, write_differences, write_text as write_candidates,
};
use super::progress::interrupt_flag;
use crate::cli::VariantArgs;
use crate::input::{display_name, read_input};
use crate::output::{
    count_code, note, note_stop, printable, stdout, svg_target, write_count, InputError, SvgTarget,
    EXIT_INTERRUPTED, EXIT_NO_SOLUTION, EXIT_OK,
};

/// The largest grid `dlx variant` takes: 64×64. The compiled model of a grid grows as the
/// fourth power of its size (pairs of cells in each house, for each digit): measured on an
/// empty grid with the global rules, about 0.5 GB at 64×64, while a 144×144 grid took 5.9 GB
/// in its first minute and a 200×200 one ran out of memory. The library reads up to 255×255;
/// no published variant comes near this limit (f-puzzles draws up to 16×16).
pub const MAX_VARIANT_SIZE: usize = 64;

/// Where the puzzle's size is written, as `(line, column)` from 1: the value of a TOML
/// `size = N` line, or the `"size"` key of f-puzzles JSON; `None` for a link (it has no
/// lines) or when it cannot be found.
fn size_position(text: &str) -> Option<(usize, usize)> {
    let json = text.trim_start().starts_with('{');
    for (k, line) in text.lines().enumerate() {
        let at = if json {
            line.find("\"size\"")
        } else {
            line.trim_start()
                .strip_prefix("size")
                .and_then(|rest| rest.trim_start().strip_prefix('='))
                .map(|value| line.len() - value.trim_start().len())
        };
        if let Some(at) = at {
            return Some((k + 1, line[..at].chars().count() + 1));
        }
    }
    None
}

fn grid_rows(s: &VariantSolution) -> Vec<String> {
    let n = s.grid.size();
    let line = s.grid.to_string();
    let chars: Vec<char> = line.chars().collect();
    chars.chunks(n).map(|r| r.iter().collect()).collect()
}

fn solution_json(s: &VariantSolution) -> serde_json::Value {
    let mut o = json!({ "grid": grid_rows(s) });
    if let Some(text) = s.shading_text() {
        o["shading"] = json!(text.lines().collect::<Vec<_>>());
    }
    if !s.letters.is_empty() {
        o["letters"] = json!(s
            .letters
            .iter()
            .map(|(l, d)| (l.to_string(), d))
            .collect::<std::collections::BTreeMap<_, _>>());
    }
    o
}

fn print_solution(out: &mut impl Write, p: &VariantPuzzle, s: &VariantSolution) -> Result<()> {
    write!(out, "{}", render_text(&p.shape, &s.grid)?)?;
    if let Some(text) = s.shading_text() {
        writeln!(out, "shading (# water, . land):")?;
        write!(out, "{text}")?;
    }
    if !s.letters.is_empty() {
        let letters: Vec<String> = s.letters.iter().map(|(l, d)| format!("{l}={d}")).collect();
        writeln!(out, "letters: {}", letters.join(" "))?;
    }
    Ok(())
}

/// Counts (`--count`): exit 0 when the count is complete, 3 when it stopped at
/// `--limit` (as a node budget stops `dlx count`: the count is a lower bound), 130 when it
/// was interrupted; a count stopped early is `N (incomplete)`, the reason on standard
/// error, as `dlx count` prints it (`N (stopped at the limit)` at the limit).
fn count(
    args: &VariantArgs,
    solver: &VariantSolver,
    cx: &Known<'_>,
    out: &mut impl Write,
) -> Result<(u8, SearchReport)> {
    let (count, report) = solver.count_with_report(args.limit);
    let at_limit = count.stop == Some(StopReason::SolutionLimit);
    let complete = count.is_complete();
    if complete && count.solutions == 0 && cx.given.is_some() {
        return Err(contradiction(cx.name, "dlx counted no solution"));
    }
    if args.json {
        writeln!(
            out,
            "{}",
            json!({"solutions": count.solutions, "complete": complete,
                   "engine": report.engine.name(), "nodes": report.nodes,
                   "conflicts": report.conflicts})
        )?;
    } else if at_limit {
        writeln!(out, "{} (stopped at the limit)", count.solutions)?;
    } else if !complete {
        write_count(out, count.solutions, count.stop)?;
    } else {
        writeln!(out, "{}", count.solutions)?;
    }
    if complete {
        return Ok((EXIT_OK, report));
    }
    out.flush()?;
    if !at_limit {
        note_stop(count.stop);
    }
    Ok((count_code(count.stop), report))
}

/// What `solve` knows of the puzzle besides its rules: the file's name, the cosmetic
/// elements its import skipped, and the solution the file gives (checked against the rules
/// already, see [`given_solution`]).
struct Known<'a> {
    name: &'a str,
    ignored: &'a [String],
    given: Option<&'a Grid>,
}

/// The solution the file gives (f-puzzles `solution`, TOML `solution`), checked against
/// the rules as read: `None` when there is none, when the puzzle has shading or letters
/// (which the file's grid does not give), or when it is not even a solved grid with the
/// givens (a slip in the file, such as digits above 9 run together: ignored with a
/// warning). An error naming the rule when a solved grid with the givens breaks one of
/// the puzzle's rules: then dlx reads that rule otherwise than the setter meant it (or the
/// file's solution is wrong), and any answer could be wrong, so it is refused rather than
/// guessed.
fn given_solution<'a>(puzzle: &'a VariantPuzzle, name: &str) -> Result<Option<&'a Grid>> {
    let Some(grid) = &puzzle.solution else {
        return Ok(None);
    };
    if puzzle.has_shading() || !puzzle.letters().is_empty() {
        return Ok(None);
    }
    let solution = VariantSolution {
        grid: grid.clone(),
        shading: None,
        letters: Vec::new(),
    };
    match puzzle.check(&solution) {
        Ok(()) => Ok(Some(grid)),
        Err(broken @ RuleViolation::Constraint { .. }) => Err(InputError::new(format!(
            "{name}: the solution the file gives breaks {broken}: dlx reads that rule otherwise \
             than the setter meant it, or the file's solution is wrong; refused rather than \
             guessed"
        ))
        .with_hint(
            "docs/variants.md gives each rule's reading; without its `solution` the file is \
             solved by those readings",
        )
        .into()),
        Err(not_solved) => {
            eprintln!(
                "dlx: warning: {name}: the solution the file gives is not a solved grid with \
                 the givens ({not_solved}): ignored"
            );
            Ok(None)
        }
    }
}

/// An answer that contradicts the file's own solution although that solution keeps every
/// rule: a fault in dlx, reported as one rather than printed.
fn contradiction(name: &str, what: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "{name}: {what}, yet the solution the file gives keeps every rule: this is a fault \
         in dlx (please report it with the file); no answer printed"
    )
}

/// What [`solve`] knows of the solution's uniqueness when it ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Proof {
    /// Proved unique.
    Unique,
    /// Proved not unique (another solution, or none).
    NotUnique,
    /// Not asked (`--first`), the search complete.
    NotAsked,
    /// The search was interrupted.
    Interrupted,
}

/// One solution, proved unique unless `--first` (the solution printed as text, JSON or
/// SVG), checked against the solution the file gives when it gives one.
fn solve(
    args: &VariantArgs,
    svg: Option<&SvgTarget>,
    puzzle: &VariantPuzzle,
    cx: &Known<'_>,
    solver: &VariantSolver,
    out: &mut impl Write,
) -> Result<(u8, SearchReport)> {
    let (name, ignored) = (cx.name, cx.ignored);
    // A second solution and the cells where it differs, when the puzzle is not unique.
    let mut second: Option<(VariantSolution, Vec<Cell>)> = None;
    let (solution, proof, report) = if !args.first {
        let (answer, report) = solver.unique_with_report();
        match answer {
            Uniqueness::Unique(s) => {
                if cx.given.is_some_and(|g| *g != s.grid) {
                    return Err(contradiction(name, "dlx found one other solution only"));
                }
                (Some(s), Proof::Unique, report)
            }
            Uniqueness::Multiple(a, b) => {
                if !ignored.is_empty() {
                    eprintln!(
                        "dlx: note: {name}: more than one solution under the rules read; \
                         the cosmetic elements ignored ({}) may carry rules from the \
                         puzzle's rules text, which dlx does not read",
                        ignored.join(", ")
                    );
                }
                let differ = differing_cells(&a, &b);
                if !args.json && svg != Some(&SvgTarget::Stdout) {
                    writeln!(out, "not unique: two solutions")?;
                    print_solution(out, puzzle, &a)?;
                    writeln!(out)?;
                    print_solution(out, puzzle, &b)?;
                    writeln!(out)?;
                    write_differences(out, puzzle, &differ)?;
                    if let Some(SvgTarget::File(path)) = svg {
                        write_svg(path, puzzle, Some(&a), &differ)?;
                    }
                    return Ok((EXIT_NO_SOLUTION, report));
                }
                second = Some((b, differ));
                (Some(a), Proof::NotUnique, report)
            }
            Uniqueness::NoSolution => {
                if cx.given.is_some() {
                    return Err(contradiction(name, "dlx found no solution"));
                }
                (None, Proof::NotUnique, report)
            }
            Uniqueness::Incomplete { found, .. } => (found, Proof::Interrupted, report),
        }
    } else {
        let (first, report) = solver.first_with_report();
        let interrupted = matches!(first, First::Incomplete(_));
        let solution = first.solution();
        if solution.is_none() && !interrupted && cx.given.is_some() {
            return Err(contradiction(name, "dlx found no solution"));
        }
        if let (Some(s), Some(g)) = (&solution, cx.given) {
            if s.grid != *g {
                eprintln!(
                    "dlx: note: {name}: the solution the file gives is another one: the \
                     puzzle has more than one solution under the rules read"
                );
            }
        }
        let proof = if interrupted {
            Proof::Interrupted
        } else {
            Proof::NotAsked
        };
        (solution, proof, report)
    };
    let interrupted = proof == Proof::Interrupted;
    let unique = match proof {
        Proof::Unique => Some(true),
        Proof::NotUnique => Some(false),
        Proof::NotAsked | Proof::Interrupted => None,
    };
    if args.json {
        let mut o = json!({ "solved": solution.is_some(), "engine": report.engine.name() });
        if let Some(s) = &solution {
            o["solution"] = solution_json(s);
        }
        if let Some(u) = unique {
            o["unique"] = json!(u);
        }
        if interrupted {
            o["complete"] = json!(false);
        }
        if let Some((b, differ)) = &second {
            o["other_solution"] = solution_json(b);
            o["differ"] = json!(differ.iter().map(Cell::to_string).collect::<Vec<_>>());
        }
        if !ignored.is_empty() {
            o["ignored"] = json!(ignored);
        }
        writeln!(out, "{o}")?;
    } else if svg == Some(&SvgTarget::Stdout) {
        let marked = second.as_ref().map_or(&[][..], |(_, d)| &d[..]);
        let extras = SvgExtras {
            marked,
            ..SvgExtras::default()
        };
        write!(
            out,
            "{}",
            render_svg_with(puzzle, solution.as_ref(), &extras)
        )?;
    } else {
        match &solution {
            Some(s) => {
                print_solution(out, puzzle, s)?;
                if unique == Some(true) {
                    writeln!(out, "unique")?;
                }
                if interrupted {
                    writeln!(out, "interrupted before uniqueness was proved")?;
                }
            }
            None if interrupted => writeln!(out, "interrupted: no answer")?,
            None => writeln!(out, "no solution")?,
        }
    }
    if let Some(SvgTarget::File(path)) = svg {
        let marked = second.as_ref().map_or(&[][..], |(_, d)| &d[..]);
        write_svg(path, puzzle, solution.as_ref(), marked)?;
    }
    let code = match (solution.is_some(), unique, interrupted) {
        (_, _, true) => EXIT_INTERRUPTED,
        (true, None | Some(true), false) => EXIT_OK,
        _ => EXIT_NO_SOLUTION,
    };
    Ok((code, report))
}

/// Draws a puzzle, a solution if any and marked cells into a file.
fn write_svg(
    path: &std::path::Path,
    puzzle: &VariantPuzzle,
    solution: Option<&VariantSolution>,
    marked: &[Cell],
) -> Result<()> {
    let extras = SvgExtras {
        marked,
        ..SvgExtras::default()
    };
    crate::outfile::write_file(path, render_svg_with(puzzle, solution, &extras))?;
    Ok(())
}

/// True candidates (`--candidates`): text, JSON or pencil marks on the picture; exit 0
/// when complete with a solution, 1 with none, 130 (3 for a budget) when interrupted.
fn candidates(
    args: &VariantArgs,
    svg: Option<&SvgTarget>,
    puzzle: &VariantPuzzle,
    cx: &Known<'_>,
    solver: &VariantSolver,
    out: &mut impl Write,
) -> Result<(u8, SearchReport)> {
    let tc = solver.true_candidates(args.cap);
    if let Some(g) = cx.given {
        let n = puzzle.size();
        let lost = (0..n * n).map(|k| Cell::from_index(k, n)).find(|&c| {
            g.get(c)
                .is_some_and(|d| tc.count(c, d) == 0 && tc.is_settled(c, d))
        });
        if let Some(c) = lost {
            return Err(contradiction(
                cx.name,
                &format!(
                    "dlx proved r{}c{} cannot hold the file's digit",
                    c.row + 1,
                    c.col + 1
                ),
            ));
        }
    }
    let extras = SvgExtras {
        heading: true,
        candidates: Some(&tc),
        marked: &[],
    };
    if args.json {
        writeln!(out, "{}", candidates_json(&tc))?;
    } else if svg == Some(&SvgTarget::Stdout) {
        write!(out, "{}", render_svg_with(puzzle, None, &extras))?;
    } else {
        write_candidates(out, puzzle, &tc)?;
    }
    if let Some(SvgTarget::File(path)) = svg {
        crate::outfile::write_file(path, render_svg_with(puzzle, None, &extras))?;
    }
    let code = match tc.stop() {
        Some(stop) => {
            out.flush()?;
            note_stop(Some(stop));
            count_code(Some(stop))
        }
        None if tc.solutions() == 0 => EXIT_NO_SOLUTION,
        None => EXIT_OK,
    };
    Ok((code, tc.report()))
}

/// Whether the argument is a link to read as the puzzle itself rather than a file's name:
/// it starts with `http://` or `https://` and no file has that name.
fn is_link_argument(arg: &str) -> bool {
    (arg.starts_with("https://") || arg.starts_with("http://"))
        && !std::path::Path::new(arg).exists()
}

pub fn run(args: &VariantArgs) -> Result<ExitCode> {
    let svg = args.svg.as_deref().map(|p| svg_target(p, 1)).transpose()?;
    if svg.is_some() && args.count {
        return Err(InputError::new("--svg draws a solution; it does not go with --count").into());
    }
    if svg == Some(SvgTarget::Stdout) && args.json {
        return Err(
            InputError::new("--svg - and --json both write standard output")
                .with_hint("give --svg a file name, as in --svg picture.svg")
                .into(),
        );
    }
    let (text, name) = if is_link_argument(&args.file) {
        (args.file.clone(), "link")
    } else {
        let bytes = read_input(&args.file)?;
        let name = display_name(&args.file);
        let text = String::from_utf8(bytes)
            .map_err(|_| InputError::new(format!("{name}: not UTF-8 text")))?;
        (text, name)
    };
    let imported = read_puzzle(&text).map_err(|e| match e.position() {
        Some(at) => InputError::new(format!("{name}:{}:{}: {e}", at.line, at.column)),
        None => InputError::new(format!("{name}: {e}")),
    })?;
    for element in &imported.ignored {
        eprintln!("dlx: warning: {name}: ignored cosmetic f-puzzles element {element}");
    }
    let puzzle = imported.puzzle;
    let size = puzzle.shape.size();
    if size > MAX_VARIANT_SIZE {
        let max = MAX_VARIANT_SIZE;
        let place = match size_position(&text) {
            Some((line, column)) if name != "link" => format!("{name}:{line}:{column}"),
            _ => name.to_string(),
        };
        return Err(InputError::new(format!(
            "{place}: a {size}×{size} grid: the largest dlx variant takes is {max}×{max}"
        ))
        .with_hint(
            "a variant's model grows as the fourth power of the grid's size: about 0.5 GB \
             at 64×64",
        )
        .into());
    }
    if let Some(path) = &args.svg_puzzle {
        let picture = render_svg_with(
            &puzzle,
            None,
            &SvgExtras {
                heading: true,
                ..SvgExtras::default()
            },
        );
        match svg_target(path, 1)? {
            SvgTarget::File(path) => crate::outfile::write_file(&path, picture)?,
            _ => write!(stdout(), "{picture}")?,
        }
        return Ok(ExitCode::from(EXIT_OK));
    }
    let given = given_solution(&puzzle, name)?;
    let start = std::time::Instant::now();
    let engine = VariantEngine::from(args.engine);
    if engine == VariantEngine::DancingLinks {
        if let Some(advice) = dlx_sudoku::variant::links_advice(&puzzle) {
            let text = format!("--engine links on {name}: {advice}; Ctrl-C stops it");
            note!("dlx: warning: {}", printable(&text));
        }
    }
    let solver = VariantSolver::new(&puzzle)
        .map_err(|e| InputError::new(format!("{name}: {e}")))?
        .with_engine(engine)
        .with_cancel_flag(interrupt_flag());
    let built = start.elapsed();
    let mut out = stdout();
    let cx = Known {
        name,
        ignored: &imported.ignored,
        given,
    };
    let (code, report) = if args.count {
        count(args, &solver, &cx, &mut out)?
    } else if args.candidates {
        candidates(args, svg.as_ref(), &puzzle, &cx, &solver, &mut out)?
    } else {
        solve(args, svg.as_ref(), &puzzle, &cx, &solver, &mut out)?
    };
    out.flush()?;
    if args.stats {
        let total = start.elapsed();
        // The exact cover problem's sizes (built now if the search did not build it).
        let s = solver.stats()?;
        eprintln!(
            "built in {built:.2?}, total {total:.2?}; {}; {} primary and {} secondary items, {} options, {} entries",
            effort(&report),
            s.primary,
            s.secondary,
            s.options,
            s.entries
        );
    }
    Ok(ExitCode::from(code))
}

/// What the engine did, in its own unit: nodes for dancing links, conflicts for clause
/// learning (and the candidates the checker refused, when there were any).
fn effort(report: &SearchReport) -> String {
    let mut text = match report.engine {
        VariantEngine::ClauseLearning => format!("clause learning: {} conflicts", report.conflicts),
        _ => format!("{}: {} nodes", report.engine.name(), report.nodes),
    };
    if report.nodes > 0 && report.engine == VariantEngine::ClauseLearning {
        text.push_str(&format!(" (after {} dancing-links nodes)", report.nodes));
    }
    if report.rejected > 0 {
        text.push_str(&format!(
            ", {} candidates refused by the checker",
            report.rejected
        ));
    }
    text
}
