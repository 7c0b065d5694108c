//! `dlx variant FILE`: solve a variant Sudoku given in our TOML format or as f-puzzles
//! JSON (raw, or an f-puzzles / SudokuPad link): print the solution grid (with shading and
//! letters where the puzzle has them), count solutions, prove uniqueness, draw SVG.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use dlx_sudoku::sudoku::render_text;
use dlx_sudoku::variant::{
    read_puzzle, render_svg, VariantPuzzle, VariantSolution, VariantSolver, VariantUniqueness,
};
use serde_json::json;

use crate::input::{display_name, read_input};
use crate::output::{stdout, InputError, EXIT_NO_SOLUTION, EXIT_OK};

/// `dlx variant`.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// The puzzle: our TOML format, f-puzzles JSON, or an f-puzzles or SudokuPad link (its
    /// compressed payload); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Count the solutions instead of printing one.
    #[arg(long, conflicts_with = "unique")]
    pub count: bool,
    /// Stop counting after N solutions.
    #[arg(long, value_name = "N", requires = "count")]
    pub limit: Option<u64>,
    /// Prove that the solution is unique (exit code 1 if it is not).
    #[arg(long)]
    pub unique: bool,
    /// Write an SVG picture of the puzzle and its solution instead of text.
    #[arg(long, conflicts_with = "json")]
    pub svg: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print the time taken and the size of the exact cover problem on standard error.
    #[arg(long)]
    pub stats: bool,
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

pub fn run(args: &VariantArgs) -> Result<ExitCode> {
    let bytes = read_input(&args.file)?;
    let name = display_name(&args.file);
    let text =
        String::from_utf8(bytes).map_err(|_| InputError::new(format!("{name}: not UTF-8 text")))?;
    let imported = read_puzzle(&text).map_err(|e| InputError::new(format!("{name}: {e}")))?;
    for element in &imported.ignored {
        eprintln!("dlx: warning: {name}: ignored cosmetic f-puzzles element {element}");
    }
    let puzzle = imported.puzzle;
    let start = std::time::Instant::now();
    let solver =
        VariantSolver::new(&puzzle).map_err(|e| InputError::new(format!("{name}: {e}")))?;
    let built = start.elapsed();
    let mut out = stdout();
    let code = if args.count {
        let count = solver.count(args.limit);
        if args.json {
            writeln!(
                out,
                "{}",
                json!({"solutions": count.solutions, "complete": count.complete, "nodes": count.nodes})
            )?;
        } else if count.complete {
            writeln!(out, "{}", count.solutions)?;
        } else {
            writeln!(out, "{} (stopped at the limit)", count.solutions)?;
        }
        if count.solutions == 0 {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }
    } else {
        let (solution, unique) = if args.unique {
            match solver.unique() {
                VariantUniqueness::Unique(s) => (Some(s), Some(true)),
                VariantUniqueness::Multiple(a, b) => {
                    if !args.json && !args.svg {
                        writeln!(out, "not unique: two solutions")?;
                        print_solution(&mut out, &puzzle, &a)?;
                        writeln!(out)?;
                        print_solution(&mut out, &puzzle, &b)?;
                        out.flush()?;
                        return Ok(ExitCode::from(EXIT_NO_SOLUTION));
                    }
                    (Some(a), Some(false))
                }
                VariantUniqueness::NoSolution => (None, Some(false)),
                VariantUniqueness::Incomplete { found } => (found, None),
            }
        } else {
            (solver.first(), None)
        };
        if args.json {
            let mut o = json!({ "solved": solution.is_some() });
            if let Some(s) = &solution {
                o["solution"] = solution_json(s);
            }
            if let Some(u) = unique {
                o["unique"] = json!(u);
            }
            if !imported.ignored.is_empty() {
                o["ignored"] = json!(imported.ignored);
            }
            writeln!(out, "{o}")?;
        } else if args.svg {
            write!(out, "{}", render_svg(&puzzle, solution.as_ref()))?;
        } else {
            match &solution {
                Some(s) => {
                    print_solution(&mut out, &puzzle, s)?;
                    if unique == Some(true) {
                        writeln!(out, "unique")?;
                    }
                }
                None => writeln!(out, "no solution")?,
            }
        }
        match (solution.is_some(), unique) {
            (true, None | Some(true)) => EXIT_OK,
            _ => EXIT_NO_SOLUTION,
        }
    };
    out.flush()?;
    if args.stats {
        let s = solver.stats();
        eprintln!(
            "built in {built:.2?}, total {:.2?}; {} primary and {} secondary items, {} options, {} entries",
            start.elapsed(),
            s.primary,
            s.secondary,
            s.options,
            s.entries
        );
    }
    Ok(ExitCode::from(code))
}
