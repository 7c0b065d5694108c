//! Knuth's DLX text format, in and out.
//!
//! ```
//! use dlx_core::format::{parse, write};
//! let p = parse("| Knuth's toy\nA B C | X\nA B X:1\nC X:1\nC\n").unwrap();
//! assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
//! ```

mod parse;
mod write;

pub use parse::{excerpt, parse, parse_bytes, parse_detailed, ParseError, ParseErrorKind, Parsed};
pub use write::{write, WriteError};
