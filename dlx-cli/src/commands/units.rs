//! The JSON lines of distributed runs (`dlx split`, `dlx count --unit(s-file)`, `dlx
//! merge`): the format and the merge live in [`dlx_core::distributed`]; here, its errors
//! become input errors.

use anyhow::Result;
use dlx_core::distributed::Line;

use crate::output::InputError;

/// Reads the lines of a units file; errors name the file and line.
pub fn read_lines(name: &str, text: &str) -> Result<Vec<(usize, Line)>> {
    dlx_core::distributed::read_lines(name, text).map_err(|e| InputError::new(e.to_string()).into())
}
