//! The examples of docs/cli.md and the README's main job, run as written: every `$ dlx ...`
//! line of a `text` block must print what the document shows under it (timings aside).
//! Commands run with bash in a scratch directory that sees the repository's folders, with
//! the `dlx` under test first on the PATH.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{redact, root, DLX};

/// One documented command and the output shown for it.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The `$ ` commands of the ```text blocks of `markdown`, with the lines under each. A
/// block indented under a list item loses its indentation.
fn examples(markdown: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut indent: Option<String> = None;
    for (k, line) in markdown.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            indent = match indent {
                None if trimmed == "```text" => Some(line[..line.len() - trimmed.len()].into()),
                _ => None,
            };
            // A new block starts new examples.
            out.push(Example {
                line: 0,
                command: String::new(),
                expected: String::new(),
            });
            continue;
        }
        let Some(prefix) = &indent else {
            continue;
        };
        let line = line.strip_prefix(prefix.as_str()).unwrap_or(line);
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: k + 1,
                command: command.to_string(),
                expected: String::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.expected.push_str(line);
            last.expected.push('\n');
        }
    }
    out.retain(|e| !e.command.is_empty());
    out
}

/// A scratch directory with links to the repository's folders.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-docs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for folder in ["examples", "dlx-core", "dlx-cli", "dlx-sudoku"] {
        std::os::unix::fs::symlink(root().join(folder), dir.join(folder)).unwrap();
    }
    dir
}

fn run_in(dir: &Path, command: &str) -> String {
    let bin = Path::new(DLX).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-c", &format!("{command} 2>&1")])
        .current_dir(dir)
        .env("PATH", path)
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn normalise(text: &str) -> String {
    redact(text).trim_end().to_string()
}

#[test]
#[ignore = "slow (seconds of spawned runs in the test profile): .ci/run runs it with --ignored"]
fn every_example_in_the_command_line_reference_prints_what_it_shows() {
    let doc = std::fs::read_to_string(root().join("docs/cli.md")).unwrap();
    let examples = examples(&doc);
    assert!(
        examples.len() >= 40,
        "only {} examples found",
        examples.len()
    );
    let dir = scratch("cli");
    let mut failures = Vec::new();
    for example in &examples {
        let actual = run_in(&dir, &example.command);
        if normalise(&actual) != normalise(&example.expected) {
            failures.push(format!(
                "docs/cli.md:{}: $ {}\n--- documented\n{}\n--- printed\n{}",
                example.line,
                example.command,
                normalise(&example.expected),
                normalise(&actual)
            ));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_readme_shows_the_main_job() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    // The first command of the first block is the main job.
    let main_job = readme
        .lines()
        .find(|l| l.contains("target/release/dlx "))
        .expect("the main job");
    let command = main_job.split("target/release/dlx ").nth(1).unwrap();
    let shown = readme
        .split("```text\n")
        .nth(1)
        .and_then(|block| block.split("```").next())
        .expect("its output");
    let dir = scratch("readme");
    let actual = run_in(&dir, &format!("dlx {command}"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(normalise(&actual), normalise(shown));
}

/// The commands of the README's "A taste of the command line", in order: each line that
/// is not indented or a comment, without its comment (what follows two spaces and `#`).
fn readme_commands(readme: &str) -> Vec<(usize, String, String)> {
    let section = readme
        .split("## A taste of the command line")
        .nth(1)
        .expect("the README has its taste of the command line");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block");
    block
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with([' ', '#']))
        .map(|l| {
            let line = readme.lines().position(|r| r == l).map_or(0, |k| k + 1);
            let (command, comment) = l.split_once("  #").unwrap_or((l, ""));
            (
                line,
                command.trim_end().to_string(),
                comment.trim().to_string(),
            )
        })
        .collect()
}

/// The number a comment starts with (`# 14200: the total` → `14200`), if any.
fn leading_number(comment: &str) -> Option<&str> {
    let end = comment
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(comment.len());
    (end > 0).then(|| &comment[..end])
}

#[test]
#[ignore = "slow (seconds of spawned runs in the test profile): .ci/run runs it with --ignored"]
fn every_readme_command_runs_as_written_on_bundled_files() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains("cargo install --locked --path dlx-cli"),
        "the README says how to install dlx"
    );
    let commands = readme_commands(&readme);
    assert!(commands.len() >= 20, "only {} commands", commands.len());
    let dir = scratch("readme-taste");
    let mut failures = Vec::new();
    for (line, command, comment) in &commands {
        let out = run_in(
            &dir,
            &format!("set -o pipefail; {command}; echo \"exit $?\""),
        );
        let ok = out.trim_end().ends_with("exit 0");
        let shows = leading_number(comment).is_none_or(|n| out.contains(n));
        if !ok || !shows {
            failures.push(format!(
                "README.md:{line}: {command}  # {comment}\n--- printed\n{out}"
            ));
        }
    }
    // What the commands wrote: the tour's picture, the checkpoint, the units, the pages,
    // all in `out/`, which `.gitignore` names (issue 41: nothing left in the checkout).
    for file in [
        "tour.svg",
        "run.json",
        "units.jsonl",
        "results.jsonl",
        "queens4.html",
        "queens6.html",
    ] {
        if !dir.join("out").join(file).is_file() {
            failures.push(format!("out/{file} was not written"));
        }
    }
    let written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            !["examples", "dlx-core", "dlx-cli", "dlx-sudoku", "out"].contains(&name.as_str())
        })
        .collect();
    if !written.is_empty() {
        failures.push(format!("written outside out/: {written:?}"));
    }
    let ignored = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    if !ignored.lines().any(|l| l == "/out") {
        failures.push("`.gitignore` does not name /out".to_string());
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every `cargo install` the README and the docs show builds with `--locked`: without it
/// Cargo ignores `Cargo.lock`, compiles every dependency again at its newest version, and
/// the `dlx` installed is built with versions no test ran with.
#[test]
fn every_install_line_is_locked() {
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        // The pages, not docs/figures/ and its pictures.
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut installs = 0;
    let mut unlocked = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (k, line) in text.lines().enumerate() {
            if line.contains("cargo install ") {
                installs += 1;
                if !line.contains("--locked") {
                    unlocked.push(format!("{}:{}: {line}", file.display(), k + 1));
                }
            }
        }
    }
    assert!(installs >= 2, "the README says how to install dlx");
    assert!(
        unlocked.is_empty(),
        "install without --locked:\n{}",
        unlocked.join("\n")
    );
}
