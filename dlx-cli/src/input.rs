//! Reading inputs: a file path or `-` for standard input, with errors that name the file.

use std::io::Read;

use anyhow::{Context, Result};
use dlx_core::format::{parse_bytes, Parsed};

/// Reads all bytes of `path` (`-` = standard input).
pub fn read_input(path: &str) -> Result<Vec<u8>> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
        Ok(bytes)
    } else {
        std::fs::read(path).with_context(|| format!("{path}: cannot read file"))
    }
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
    let bytes = read_input(path)?;
    let parsed = parse_bytes(&bytes).map_err(|e| {
        crate::output::InputError::new(format!(
            "{}:{}:{}: {}",
            display_name(path),
            e.line,
            e.column,
            e.kind
        ))
    })?;
    for line in &parsed.skipped_lines {
        eprintln!(
            "dlx: warning: {}:{line}: option ignored (no primary items)",
            display_name(path)
        );
    }
    Ok(parsed)
}
