//! Printing each puzzle's result (a line, a grid, an SVG picture or a JSON object), the
//! pictures of `--svg DIR`, and the summary on standard error.

use std::io::{BufWriter, IsTerminal, StdoutLock, Write};
use std::time::Duration;

use anyhow::Result;
use dlx_sudoku::sudoku::{render_svg, render_text, Shape};
use serde::Serialize;

use super::read::Puzzle;
use super::solve::{Answer, Mode, Outcome};
use crate::cli::SudokuFormat;
use crate::output::{stdout, SvgTarget};

/// How many puzzles got each answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles with exactly one solution.
    pub unique: usize,
    /// Puzzles with two or more.
    pub multiple: usize,
    /// Puzzles with none.
    pub none: usize,
    /// Puzzles whose search was stopped.
    pub incomplete: usize,
    /// Puzzles that could not be read (or whose givens contradict each other).
    pub errors: usize,
}

impl Tally {
    fn add(&mut self, answer: Answer) {
        match answer {
            Answer::Unique => self.unique += 1,
            Answer::Multiple => self.multiple += 1,
            Answer::None => self.none += 1,
            Answer::Incomplete => self.incomplete += 1,
        }
    }

    /// Puzzles printed.
    pub fn total(&self) -> usize {
        self.unique + self.multiple + self.none + self.incomplete + self.errors
    }
}

/// One line of `--json` output.
#[derive(Serialize)]
struct JsonLine {
    puzzle: usize,
    line: usize,
    size: usize,
    answer: &'static str,
    /// Present (a string or null) except with `--count`.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Option<String>>,
    /// Present with `--count` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    complete: bool,
}

/// The `--json` line of a puzzle that could not be read.
#[derive(Serialize)]
struct JsonError<'a> {
    puzzle: usize,
    line: usize,
    answer: &'static str,
    error: &'a str,
    complete: bool,
}

/// Writes results to standard output in input order.
pub struct Printer {
    format: SudokuFormat,
    mode: Mode,
    out: BufWriter<StdoutLock<'static>>,
    svg: Option<SvgTarget>,
    digits: usize,
    flush_each: bool,
    tally: Tally,
}

impl Printer {
    /// A printer for `total` puzzles; `svg` is the file or folder (which must exist) of
    /// `--svg`.
    pub fn new(format: SudokuFormat, mode: Mode, svg: Option<SvgTarget>, total: usize) -> Self {
        Printer {
            format,
            mode,
            out: stdout(),
            svg,
            digits: total.to_string().len(),
            flush_each: std::io::stdout().is_terminal(),
            tally: Tally::default(),
        }
    }

    /// Prints one puzzle's result (and draws its picture).
    pub fn print(&mut self, puzzle: &Puzzle, shape: &Shape, outcome: &Outcome) -> Result<()> {
        let first = self.tally.total() == 0;
        self.tally.add(outcome.answer);
        match self.format {
            SudokuFormat::Line => writeln!(self.out, "{}", self.line(outcome))?,
            SudokuFormat::Grid => {
                if !first {
                    writeln!(self.out)?;
                }
                match &outcome.solution {
                    Some(solution) => write!(self.out, "{}", render_text(shape, solution)?)?,
                    None => writeln!(self.out, "{}", outcome.answer.word())?,
                }
            }
            SudokuFormat::Svg => {
                let svg = render_svg(shape, &puzzle.grid, outcome.solution.as_ref())?;
                self.out.write_all(svg.as_bytes())?;
            }
            SudokuFormat::Json => {
                let line = JsonLine {
                    puzzle: puzzle.number,
                    line: puzzle.line,
                    size: puzzle.grid.size(),
                    answer: outcome.answer.word(),
                    solution: (self.mode != Mode::Count)
                        .then(|| outcome.solution.as_ref().map(|g| g.to_line())),
                    solutions: (self.mode == Mode::Count).then_some(outcome.solutions),
                    complete: outcome.complete,
                };
                writeln!(self.out, "{}", serde_json::to_string(&line)?)?;
            }
        }
        let path = match &self.svg {
            Some(SvgTarget::Dir(dir)) => Some(dir.join(format!(
                "puzzle-{:0width$}.svg",
                puzzle.number,
                width = self.digits
            ))),
            Some(SvgTarget::File(path)) => Some(path.clone()),
            Some(SvgTarget::Stdout) | None => None,
        };
        if let Some(path) = path {
            let svg = render_svg(shape, &puzzle.grid, outcome.solution.as_ref())?;
            crate::outfile::write_file(&path, svg)?;
        }
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Prints the place of a puzzle that could not be read: `error` (the word) in the line
    /// and grid formats, so that the results stay one per puzzle, or a JSON line with the
    /// message. (The message itself goes to standard error.)
    pub fn print_error(&mut self, number: usize, line: usize, message: &str) -> Result<()> {
        let first = self.tally.total() == 0;
        self.tally.errors += 1;
        match self.format {
            SudokuFormat::Line => writeln!(self.out, "error")?,
            SudokuFormat::Grid => {
                if !first {
                    writeln!(self.out)?;
                }
                writeln!(self.out, "error")?;
            }
            // One puzzle only, and a bad one is refused before this.
            SudokuFormat::Svg => {}
            SudokuFormat::Json => {
                let line = JsonError {
                    puzzle: number,
                    line,
                    answer: "error",
                    error: message,
                    complete: false,
                };
                writeln!(self.out, "{}", serde_json::to_string(&line)?)?;
            }
        }
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    /// The text of one puzzle's line.
    fn line(&self, outcome: &Outcome) -> String {
        match (self.mode, &outcome.solution) {
            (Mode::Count, _) if outcome.complete => outcome.solutions.to_string(),
            (Mode::Count, _) => format!("{} (incomplete)", outcome.solutions),
            (Mode::Solve, Some(solution)) => solution.to_line(),
            _ => outcome.answer.word().to_string(),
        }
    }

    /// Flushes standard output and returns the tally.
    pub fn finish(mut self) -> Result<Tally> {
        self.out.flush()?;
        Ok(self.tally)
    }
}

/// The summary line: how many puzzles got each answer, and how fast.
pub fn summary(tally: &Tally, total: usize, elapsed: Duration, interrupted: bool) -> String {
    let done = tally.total();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut text = if interrupted || done < total {
        format!(
            "interrupted after {done} of {total} puzzle{}: ",
            plural(total)
        )
    } else {
        format!("{done} puzzle{}: ", plural(done))
    };
    text.push_str(&format!(
        "{} unique, {} multiple, {} none",
        tally.unique, tally.multiple, tally.none
    ));
    if tally.incomplete > 0 {
        text.push_str(&format!(", {} incomplete", tally.incomplete));
    }
    if tally.errors > 0 {
        text.push_str(&format!(
            ", {} error{}",
            tally.errors,
            if tally.errors == 1 { "" } else { "s" }
        ));
    }
    let seconds = elapsed.as_secs_f64();
    let rate = done as f64 / seconds.max(1e-9);
    let rate = if rate >= 100.0 {
        format!("{rate:.0}")
    } else {
        format!("{rate:.1}")
    };
    text.push_str(&format!(" in {seconds:.3} s ({rate} puzzles/s)"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_say_what_happened() {
        let tally = Tally {
            unique: 3,
            multiple: 1,
            none: 1,
            incomplete: 0,
            errors: 0,
        };
        assert_eq!(
            summary(&tally, 5, Duration::from_millis(500), false),
            "5 puzzles: 3 unique, 1 multiple, 1 none in 0.500 s (10.0 puzzles/s)"
        );
        let stopped = Tally {
            incomplete: 1,
            ..tally
        };
        assert_eq!(
            summary(&stopped, 9, Duration::from_millis(10), true),
            "interrupted after 6 of 9 puzzles: 3 unique, 1 multiple, 1 none, 1 incomplete in \
             0.010 s (600 puzzles/s)"
        );
    }
}
