//! Exit codes, error reporting and writing to standard output and standard error.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: no solution (or, with `--unique`, not every puzzle unique).
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: usage or input error.
pub const EXIT_INPUT: u8 = 2;
/// Exit code: stopped at a limit the user set (`--node-budget`, `dlx variant --count
/// --limit`): what was counted so far was printed, marked incomplete.
pub const EXIT_INCOMPLETE: u8 = 3;
/// Exit code: interrupted (what was counted so far was printed, marked incomplete).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The exit status of a count: 0 when complete, 3 when the node budget or a solution
/// limit stopped it, 130
/// when it was interrupted.
pub fn count_exit(stop: Option<dlx_core::StopReason>) -> ExitCode {
    ExitCode::from(count_code(stop))
}

/// The exit code of [`count_exit`].
pub fn count_code(stop: Option<dlx_core::StopReason>) -> u8 {
    match stop {
        None => EXIT_OK,
        Some(dlx_core::StopReason::NodeBudget | dlx_core::StopReason::SolutionLimit) => {
            EXIT_INCOMPLETE
        }
        Some(_) => EXIT_INTERRUPTED,
    }
}

/// Writes a count's line: the number, marked `(incomplete)` when the count stopped early,
/// as every counting command marks it; [`note_stop`] gives the reason on standard error.
pub fn write_count(
    out: &mut impl Write,
    solutions: impl fmt::Display,
    stop: Option<dlx_core::StopReason>,
) -> io::Result<()> {
    match stop {
        Some(_) => writeln!(out, "{solutions} (incomplete)"),
        None => writeln!(out, "{solutions}"),
    }
}

/// Says on standard error why a count stopped early (nothing when it did not): `dlx:
/// interrupted: …` for Ctrl-C, `dlx: node budget spent: …` for `--node-budget`.
pub fn note_stop(stop: Option<dlx_core::StopReason>) {
    let why = match stop {
        None => return,
        Some(dlx_core::StopReason::Cancelled) => "interrupted".to_string(),
        Some(reason) => reason.to_string(),
    };
    write_note(format_args!(
        "dlx: {why}: the count printed is what was counted so far (a lower bound)"
    ));
}

/// An error in what the user gave us (a file, its contents, an option): exit code 2.
/// It may carry a hint, printed on a line of its own after the message.
#[derive(Debug)]
pub struct InputError {
    message: String,
    hint: Option<String>,
}

impl InputError {
    /// An input error with a message that names the file, line and column where known.
    pub fn new(message: impl Into<String>) -> Self {
        InputError {
            message: message.into(),
            hint: None,
        }
    }

    /// The same error with a hint on how to fix it.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The hint, if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InputError {}

/// Writes a line on standard error. Unlike `eprintln!`, it never panics (a closed standard
/// error is not worth dying for).
pub fn write_note(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
}

/// `note!(...)`: `eprintln!` that never panics.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::output::write_note(format_args!($($arg)*))
    };
}
pub(crate) use note;

/// Prints `dlx: error: ...` (and `dlx: hint: ...` when there is one) and picks the exit
/// code. A closed standard output ends quietly.
pub fn report_error(err: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(err) {
        return ExitCode::from(EXIT_OK);
    }
    note!("dlx: error: {}", printable(&message(err)));
    if let Some(hint) = err
        .chain()
        .find_map(|e| e.downcast_ref::<InputError>())
        .and_then(InputError::hint)
    {
        note!("dlx: hint: {}", printable(hint));
    }
    ExitCode::from(EXIT_INPUT)
}

/// The error and its causes, joined by `: ` as `{err:#}` does, without a cause that the
/// message before it already ends with (an error that names its cause in its own message,
/// as the library errors do, would otherwise say it twice: "c.json: No such file or
/// directory (os error 2): No such file or directory (os error 2)").
fn message(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let part = cause.to_string();
        if text.is_empty() {
            text = part;
        } else if !text.ends_with(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
    }
    text
}

/// The longest message line printed: what an input error quotes of the input is short, and
/// a message longer than this is cut (with `…`).
const MAX_MESSAGE_CHARS: usize = 400;

/// `text` safe to print on a terminal: control characters (an escape sequence in a file's
/// name or contents, a carriage return) are written as Rust escapes (`\u{1b}`), and a
/// line longer than [`MAX_MESSAGE_CHARS`] is cut. Line breaks are kept.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        for (chars, c) in line.chars().enumerate() {
            if chars >= MAX_MESSAGE_CHARS {
                out.push('…');
                break;
            }
            if c.is_control() && c != '\t' {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// Reports a command-line error found by clap. `--help` and `--version` print on standard
/// output and exit 0; a usage error prints `dlx: error: ...` with the usage on standard
/// error and exits 2.
pub fn report_usage_error(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // A closed pipe (`dlx --help | head -1`) is not an error; any other failure to
            // write (`dlx --help > /dev/full`) is.
            if io::IsTerminal::is_terminal(&io::stdout()) {
                // clap picks the colours for a terminal.
                let _ = err.print();
                return ExitCode::from(EXIT_OK);
            }
            let text = err.render().to_string();
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::from(EXIT_OK),
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
                Err(e) => {
                    note!("dlx: error: writing standard output: {e}");
                    ExitCode::from(EXIT_INPUT)
                }
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            ExitCode::from(EXIT_INPUT)
        }
        _ => {
            let text = printable(&err.render().to_string());
            let mut stderr = io::stderr().lock();
            let _ = write!(stderr, "dlx: {text}");
            if is_svg_without_path(err) {
                let _ = writeln!(stderr, "dlx: hint: {SVG_PATH_HINT}");
            }
            ExitCode::from(EXIT_INPUT)
        }
    }
}

/// What to give `--svg`, for the old bare flag of `dlx variant`.
const SVG_PATH_HINT: &str = "--svg takes a PATH: --svg - prints the picture on standard output \
(what --svg alone did); --svg NAME.svg writes it to a file";

/// Whether `err` is `--svg` given without its PATH (the old flag of `dlx variant`).
fn is_svg_without_path(err: &clap::Error) -> bool {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    err.kind() == ErrorKind::InvalidValue
        && matches!(
            err.get(ContextKind::InvalidArg),
            Some(ContextValue::String(arg)) if arg.starts_with("--svg")
        )
        && matches!(
            err.get(ContextKind::InvalidValue),
            Some(ContextValue::String(v)) if v.is_empty()
        )
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Standard output, locked and buffered.
pub fn stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::new(io::stdout().lock())
}

/// For the commands that draw one picture and print text, `--format` or JSON
/// (`knightdoku`, `tour`): the format to print on standard output and the file to draw in.
/// `--svg -` prints the picture in place of the text (as `--format svg` does); with
/// `--json` or `--format json` it is refused, since both would write standard output.
pub fn svg_output(
    svg: Option<&std::path::Path>,
    format: crate::cli::PictureFormat,
) -> Result<(crate::cli::PictureFormat, Option<std::path::PathBuf>), InputError> {
    use crate::cli::PictureFormat;
    match svg.map(|p| svg_target(p, 1)).transpose()? {
        None => Ok((format, None)),
        Some(SvgTarget::File(path)) => Ok((format, Some(path))),
        Some(SvgTarget::Stdout) if format == PictureFormat::Json => Err(InputError::new(
            "--svg - and --json both write standard output",
        )
        .with_hint("give --svg a file name, as in --svg picture.svg")),
        Some(SvgTarget::Stdout) => Ok((PictureFormat::Svg, None)),
        // (One picture is never given a folder.)
        Some(SvgTarget::Dir(path)) => Ok((format, Some(path))),
    }
}

/// Where `--svg PATH` sends a picture or pictures. The rule is the same in every command:
/// PATH is a file (its name ending in `.svg`, or `-` for standard output) when the command
/// draws one picture, and a folder when it draws several (`dlx sudoku` on a file of more
/// than one puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SvgTarget {
    /// One picture, on standard output (`--svg -`), in place of the text.
    Stdout,
    /// One picture, in this file.
    File(std::path::PathBuf),
    /// Several pictures, in this folder (created if need be).
    Dir(std::path::PathBuf),
}

/// Reads `--svg PATH` for a command that draws `pictures` pictures (one, or several):
/// refuses a folder for one picture, a file for several, and an empty PATH, each with a
/// message saying what to give instead. (`--svg` without a PATH, the old flag of `dlx
/// variant`, is a usage error, given the same hint by [`report_usage_error`].)
pub fn svg_target(path: &std::path::Path, pictures: usize) -> Result<SvgTarget, InputError> {
    let text = path.to_string_lossy();
    if text.is_empty() {
        return Err(InputError::new("--svg needs a PATH").with_hint(SVG_PATH_HINT));
    }
    let looks_like_dir =
        text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir();
    let svg_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if pictures <= 1 {
        if text == "-" {
            return Ok(SvgTarget::Stdout);
        }
        if looks_like_dir || !svg_name {
            return Err(InputError::new(format!(
                "--svg {text}: this draws one picture, so --svg takes a file whose name ends in .svg"
            ))
            .with_hint("as in --svg picture.svg, or --svg - for standard output (a folder is for several pictures)"));
        }
        Ok(SvgTarget::File(path.to_path_buf()))
    } else {
        if text == "-" || svg_name || (path.exists() && !path.is_dir()) {
            return Err(InputError::new(format!(
                "--svg {text}: this draws {pictures} pictures, so --svg takes a folder"
            ))
            .with_hint("as in --svg pictures/, which gets puzzle-1.svg, puzzle-2.svg ... (a file is for one picture)"));
        }
        Ok(SvgTarget::Dir(path.to_path_buf()))
    }
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn messages_never_carry_control_characters_or_whole_files() {
        // Issue 25: an item name with an escape sequence reached the terminal as it was.
        assert_eq!(printable("bad `a\u{1b}[31mb`"), "bad `a\\u{1b}[31mb`");
        assert_eq!(printable("x\r\ny\n"), "x\\r\ny\n");
        assert_eq!(printable("\nb"), "\nb");
        let long = "z".repeat(1000);
        assert_eq!(
            printable(&long).chars().count(),
            super::MAX_MESSAGE_CHARS + 1
        );
    }

    #[test]
    fn a_cause_already_in_the_message_is_not_repeated() {
        // Issue 40: a checkpoint in a missing folder said the OS error twice.
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "No such file");
        let err = dlx_core::CheckpointError::Io {
            path: "gone/c.json".into(),
            source: io,
        };
        let err = anyhow::Error::new(dlx_core::ParallelError::Checkpoint(err));
        assert_eq!(super::message(&err), "gone/c.json: No such file");
        let err = anyhow::anyhow!("inner").context("outer");
        assert_eq!(super::message(&err), "outer: inner");
    }

    #[test]
    fn svg_paths() {
        use super::{svg_target, SvgTarget};
        use std::path::Path;
        assert_eq!(svg_target(Path::new("-"), 1).unwrap(), SvgTarget::Stdout);
        assert_eq!(
            svg_target(Path::new("a/b.SVG"), 1).unwrap(),
            SvgTarget::File("a/b.SVG".into())
        );
        assert_eq!(
            svg_target(Path::new("pictures"), 3).unwrap(),
            SvgTarget::Dir("pictures".into())
        );
        for (path, n) in [
            ("", 1),
            ("pictures/", 1),
            ("pictures", 1),
            (".", 1),
            ("-", 2),
            ("x.svg", 2),
        ] {
            assert!(svg_target(Path::new(path), n).is_err(), "{path} {n}");
        }
    }
}
