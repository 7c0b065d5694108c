//! Exit codes, error reporting and writing to standard output.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: no solution (or, with `--unique`, not every puzzle unique).
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: usage or input error.
pub const EXIT_INPUT: u8 = 2;
/// Exit code: interrupted (what was counted so far was printed, marked incomplete).
pub const EXIT_INTERRUPTED: u8 = 130;

/// An error in what the user gave us (a file, its contents, an option): exit code 2.
#[derive(Debug)]
pub struct InputError(String);

impl InputError {
    /// An input error with a message that names the file, line and column where known.
    pub fn new(message: impl Into<String>) -> Self {
        InputError(message.into())
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Prints `dlx: error: ...` and picks the exit code. A closed standard output ends quietly.
pub fn report_error(err: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(err) {
        return ExitCode::from(EXIT_OK);
    }
    eprintln!("dlx: error: {err:#}");
    ExitCode::from(EXIT_INPUT)
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
