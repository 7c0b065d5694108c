//! Malformed and random bytes, from fixed seeds, fed to every command that reads input,
//! on standard input and from a file: none may panic or hang. Random bytes must end with
//! exit code 2 and a `dlx: error:` message, and so must random text given to the puzzle
//! and unit readers. Knuth's DLX format reads almost any text as a problem (`#` is an item
//! name), and mutations of valid files may still be valid, so those may also succeed (0)
//! or find no solution (1), but never anything else.

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use common::{root, run_with, Run};

/// A small xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }

    /// Printable text with newlines, biased towards the characters puzzles use.
    fn text(&mut self, len: usize) -> Vec<u8> {
        const CHARS: &[u8] = b"..........123456789ABCDEFGN0|:-+ #\n\n\n\t{}\"xyz,";
        (0..len).map(|_| CHARS[self.below(CHARS.len())]).collect()
    }

    /// `valid` with a few bytes changed, deleted or duplicated.
    fn mutate(&mut self, valid: &[u8]) -> Vec<u8> {
        let mut out = valid.to_vec();
        for _ in 0..1 + self.below(4) {
            if out.is_empty() {
                break;
            }
            let at = self.below(out.len());
            match self.below(3) {
                0 => out[at] = self.next() as u8,
                1 => {
                    out.remove(at);
                }
                _ => {
                    let b = out[at];
                    out.insert(at, b);
                }
            }
        }
        out
    }
}

/// A command that reads one input, and a valid input for it.
struct Reader {
    args: &'static [&'static str],
    valid: String,
    /// Whether random text is always an error (not so for the DLX format).
    strict: bool,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

fn readers() -> Vec<Reader> {
    let toy = read("dlx-cli/tests/data/toy.dlx");
    let units = {
        let split = common::run(&["split", "dlx-cli/tests/data/q8.dlx", "--units", "4"]);
        assert_eq!(split.code, Some(0));
        split.stdout
    };
    vec![
        Reader {
            args: &["count", "-", "--threads", "1"],
            valid: toy.clone(),
            strict: false,
        },
        Reader {
            args: &["count", "-", "--threads", "2", "--no-progress"],
            valid: toy.clone(),
            strict: false,
        },
        Reader {
            args: &["solve", "-", "--all"],
            valid: toy.clone(),
            strict: false,
        },
        Reader {
            args: &["split", "-", "--units", "3"],
            valid: toy.clone(),
            strict: false,
        },
        Reader {
            args: &["trace", "-", "--max-steps", "50"],
            valid: toy.clone(),
            strict: false,
        },
        Reader {
            args: &["trace", "-", "--format", "json", "--max-steps", "50"],
            valid: toy,
            strict: false,
        },
        Reader {
            args: &["sudoku", "-", "--threads", "1"],
            valid: read("examples/sudoku/mixed.txt"),
            strict: true,
        },
        Reader {
            args: &["sudoku", "-", "--unique", "--threads", "2"],
            valid: read("examples/sudoku/16x16.txt"),
            strict: true,
        },
        Reader {
            args: &["sudoku", "-", "--json", "--x"],
            valid: read("examples/sudoku/x.txt"),
            strict: true,
        },
        Reader {
            args: &["knightdoku", "-"],
            valid: read("examples/knightdoku/kd1.txt"),
            strict: true,
        },
        Reader {
            args: &["knightdoku", "-", "--json"],
            valid: read("examples/knightdoku/kd2.txt"),
            strict: true,
        },
        Reader {
            args: &["gen", "sudoku", "-", "--puzzle", "3"],
            valid: read("examples/sudoku/mixed.txt"),
            strict: true,
        },
        Reader {
            args: &["merge", "-"],
            valid: units.clone(),
            strict: true,
        },
        Reader {
            args: &["count", "dlx-cli/tests/data/q8.dlx", "--units-file", "-"],
            valid: units,
            strict: true,
        },
    ]
}

/// Runs a reader on `input`, and a copy that reads it from a file instead of `-`.
fn feed(reader: &Reader, input: &[u8], file: &PathBuf) -> Vec<Run> {
    std::fs::write(file, input).unwrap();
    let path = file.to_str().unwrap();
    let from_file: Vec<&str> = reader
        .args
        .iter()
        .map(|&a| if a == "-" { path } else { a })
        .collect();
    let limit = Duration::from_secs(20);
    vec![
        run_with(reader.args, input, limit),
        run_with(&from_file, b"", limit),
    ]
}

fn assert_no_panic(run: &Run, input: &[u8]) {
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    assert!(
        run.code.is_some(),
        "killed or timed out on {shown:?}: {}",
        run.transcript()
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
        "panic on {shown:?}: {}",
        run.transcript()
    );
    if run.code == Some(2) {
        assert!(
            run.stderr.starts_with("dlx: error: "),
            "{}",
            run.transcript()
        );
    }
}

#[test]
fn random_bytes_and_text_are_input_errors() {
    let file = std::env::temp_dir().join(format!("dlx-random-{}", std::process::id()));
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for reader in readers() {
        for round in 0..10 {
            let len = 1 + rng.below(300);
            let input = if round % 2 == 0 {
                rng.bytes(len)
            } else {
                rng.text(len)
            };
            for run in feed(&reader, &input, &file) {
                assert_no_panic(&run, &input);
                if round % 2 == 0 || reader.strict {
                    assert_eq!(run.code, Some(2), "{}", run.transcript());
                } else {
                    assert!(matches!(run.code, Some(0..=2)), "{}", run.transcript());
                }
            }
        }
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn mutated_files_never_panic() {
    let file = std::env::temp_dir().join(format!("dlx-mutated-{}", std::process::id()));
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for reader in readers() {
        for _ in 0..12 {
            let input = rng.mutate(reader.valid.as_bytes());
            for run in feed(&reader, &input, &file) {
                assert_no_panic(&run, &input);
                assert!(
                    matches!(run.code, Some(0) | Some(1) | Some(2)),
                    "{}",
                    run.transcript()
                );
            }
        }
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn empty_and_odd_inputs_are_input_errors() {
    let file = std::env::temp_dir().join(format!("dlx-odd-{}", std::process::id()));
    let odd: [&[u8]; 6] = [
        b"",
        b"\n\n\n",
        b"\xef\xbb\xbf",
        b"\0\0\0",
        b"#\n#\n",
        b"\r\n\r\n",
    ];
    for reader in readers() {
        for input in odd {
            // `#` and NUL are item names in Knuth's format; a blank units file has no
            // units to do.
            let item_names = input.contains(&b'#') || input.contains(&0);
            // (A byte-order mark is dropped from every text input, units files included.)
            let blank = input
                .strip_prefix(b"\xef\xbb\xbf")
                .unwrap_or(input)
                .iter()
                .all(u8::is_ascii_whitespace);
            let units = reader.args.contains(&"--units-file");
            for run in feed(&reader, input, &file) {
                assert_no_panic(&run, input);
                if units && blank {
                    assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""));
                } else if reader.strict || !item_names {
                    assert_eq!(run.code, Some(2), "{}", run.transcript());
                }
            }
        }
    }
    let _ = std::fs::remove_file(&file);
}
