//! Reading inputs: a file path or `-` for standard input, with errors that name the file.

use std::io::Read;

use crate::output::note;
use anyhow::{Context, Result};
use dlx_core::format::{parse_bytes, Parsed};

/// The largest input read (256 MiB): a larger file (or `/dev/zero`) is refused with a clear
/// error instead of filling the memory. Every input of dlx is read whole (a problem is
/// needed whole before its search starts), so this bounds the memory an input can take.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Reads all bytes of `path` (`-` = standard input), at most [`MAX_INPUT_BYTES`].
pub fn read_input(path: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("{path}: cannot read file"))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(
                crate::output::InputError::new(format!("{path}: a directory, not a file")).into(),
            );
        }
        file.take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .with_context(|| format!("{path}: cannot read file"))?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(crate::output::InputError::new(format!(
            "{}: more than {} MiB: inputs are read whole, up to {} MiB",
            display_name(path),
            MAX_INPUT_BYTES >> 20,
            MAX_INPUT_BYTES >> 20
        ))
        .into());
    }
    Ok(bytes)
}

/// The name to show for an input in messages.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// Reads and parses a DLX problem; warns about options skipped for having no primary item.
pub fn read_problem(path: &str) -> Result<Parsed> {
    parse_problem(path, &read_input(path)?)
}

/// Parses `bytes`, read from `path`, as a DLX problem, as [`read_problem`] does.
pub fn parse_problem(path: &str, bytes: &[u8]) -> Result<Parsed> {
    // A byte-order mark is not an item name.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let parsed = parse_bytes(bytes).map_err(|e| {
        crate::output::InputError::new(format!(
            "{}:{}:{}: {}",
            display_name(path),
            e.line,
            e.column,
            e.kind
        ))
    })?;
    for line in &parsed.skipped_lines {
        note!(
            "dlx: warning: {}:{line}: option ignored (no primary items)",
            display_name(path)
        );
    }
    Ok(parsed)
}

/// Reads `path` (`-` = standard input) as UTF-8 text, without a leading byte-order mark.
/// Bytes that are not UTF-8 are an input error naming their line and column.
pub fn read_text(path: &str) -> Result<String> {
    let bytes = read_input(path)?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let (line, column) = position_at_end(valid);
        crate::output::InputError::new(format!(
            "{}:{line}:{column}: not UTF-8 text",
            display_name(path)
        ))
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The line and column (from 1, in characters) just after `valid`, which is UTF-8.
fn position_at_end(valid: &[u8]) -> (usize, usize) {
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let column = std::str::from_utf8(&valid[start..]).map_or(1, |s| s.chars().count() + 1);
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::position_at_end;

    #[test]
    fn positions_count_lines_and_characters() {
        assert_eq!(position_at_end(b""), (1, 1));
        assert_eq!(position_at_end(b"ab"), (1, 3));
        assert_eq!(position_at_end(b"ab\n"), (2, 1));
        assert_eq!(position_at_end("x\n\u{e9}t\u{e9}".as_bytes()), (2, 4));
    }
}
