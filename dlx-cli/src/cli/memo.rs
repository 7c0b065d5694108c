//! The memoised search's options (`dlx count --memo`, `dlx tour --count --memo`) and the
//! commands built on its diagrams: `dlx zdd`, `dlx sample`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::ParallelArgs;

/// `--memo-limit SIZE`: bytes, with an optional K, M, G or T suffix (powers of 1024).
pub fn memory_size(text: &str) -> Result<u64, String> {
    const EXPECTED: &str = "expected a size in bytes, with an optional K, M, G or T, as in 512M";
    let t = text.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((at, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                'B' => 0,
                _ => return Err(EXPECTED.to_string()),
            };
            (&t[..at], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.parse().map_err(|_| EXPECTED.to_string())?;
    n.checked_mul(1u64 << shift)
        .ok_or_else(|| "too large".to_string())
}

/// The item order of the memoised search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MemoOrder {
    /// The item with the fewest live options (as the plain search).
    Fewest,
    /// The first item still uncovered, in the file's order (for boards swept cell by cell,
    /// as `dlx gen dominoes` and `dlx gen tiling` write them).
    First,
}

impl MemoOrder {
    /// The library's rule.
    pub fn rule(self) -> dlx_core::ItemOrder {
        match self {
            MemoOrder::Fewest => dlx_core::ItemOrder::Fewest,
            MemoOrder::First => dlx_core::ItemOrder::First,
        }
    }
}

/// Options of the memoised search.
#[derive(Debug, Args, Clone)]
pub struct MemoOptions {
    /// The most memory the memo (and a diagram) may hold: bytes, or with a K, M, G or T
    /// suffix (default: a quarter of the memory dlx may use). A full memo is emptied and
    /// refilled: slower, never wrong.
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    pub memo_limit: Option<u64>,
    /// Which item the memoised search branches on.
    #[arg(long, value_enum, default_value_t = MemoOrder::Fewest)]
    pub order: MemoOrder,
}

/// `dlx zdd`.
#[derive(Debug, Args)]
#[command(after_long_help = ZDD_HELP)]
pub struct ZddArgs {
    /// The problem in Knuth's DLX format; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Write the diagram to FILE (default: standard output, the statistics then go to
    /// standard error).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub memo: MemoOptions,
    /// Print the statistics as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Show a progress line on standard error (default: when it is a terminal).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show progress.
    #[arg(long)]
    pub no_progress: bool,
}

impl ZddArgs {
    /// The progress switches, as the other commands take them.
    pub fn parallel(&self) -> ParallelArgs {
        ParallelArgs {
            threads: Some(1),
            progress: self.progress,
            no_progress: self.no_progress,
        }
    }
}

/// `dlx sample`.
#[derive(Debug, Args)]
#[command(after_long_help = SAMPLE_HELP)]
pub struct SampleArgs {
    /// A problem in Knuth's DLX format, or a diagram written by `dlx zdd`; `-` reads
    /// standard input.
    #[arg(value_name = "FILE|ZDD")]
    pub file: String,
    /// How many solutions to draw.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The seed of the random draws (default: from the clock, printed on standard error).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Print solutions as JSON lines.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub memo: MemoOptions,
}

const ZDD_HELP: &str = "\
Builds the zero-suppressed decision diagram of every solution with the memoised search
(DXZ) and writes it in the text format of docs/counting.md: the problem, then one node per
line. The statistics (solutions, nodes, bytes, time) go to standard output when the diagram
goes to a file, to standard error otherwise.

Examples:
  dlx gen dominoes 8x8 | dlx zdd - -o dominoes8.zdd --order first
  dlx sample dominoes8.zdd -n 3 --seed 42";

const SAMPLE_HELP: &str = "\
Draws solutions uniformly at random (each of the problem's solutions equally likely, draws
independent) from the diagram of all solutions, printed as `dlx solve --all` prints them.
The same seed draws the same solutions.

Examples:
  dlx gen dominoes 12x12 | dlx sample - -n 10 --seed 42 --order first
  dlx sample dominoes8.zdd -n 1000 --seed 7 --json";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(memory_size("0"), Ok(0));
        assert_eq!(memory_size("1500"), Ok(1500));
        assert_eq!(memory_size("512M"), Ok(512 << 20));
        assert_eq!(memory_size("4g"), Ok(4 << 30));
        assert!(memory_size("4X").is_err());
        assert!(memory_size("M").is_err());
        assert!(memory_size("99999999999T").is_err());
    }
}
