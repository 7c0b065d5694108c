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
/// Exit code: stopped at a limit the user set (`--node-budget`): what was counted so far
/// was printed, marked incomplete.
pub const EXIT_INCOMPLETE: u8 = 3;
/// Exit code: interrupted (what was counted so far was printed, marked incomplete).
pub const EXIT_INTERRUPTED: u8 = 130;

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
    note!("dlx: error: {}", printable(&format!("{err:#}")));
    if let Some(hint) = err
        .chain()
        .find_map(|e| e.downcast_ref::<InputError>())
        .and_then(InputError::hint)
    {
        note!("dlx: hint: {}", printable(hint));
    }
    ExitCode::from(EXIT_INPUT)
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
            ExitCode::from(EXIT_INPUT)
        }
    }
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
}
