//! The help text, snapshot by snapshot: the top level and every command this crate's
//! puzzle and generator commands add, short and long. `--help` and `--version` exit 0.

use crate::common;

use common::run;

fn help(args: &[&str]) -> String {
    let run = run(args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    run.transcript()
}

#[test]
fn top_level() {
    insta::assert_snapshot!("help_top_short", help(&["-h"]));
    insta::assert_snapshot!("help_top_long", help(&["--help"]));
}

#[test]
fn version() {
    let run = run(&["--version"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout, format!("dlx {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn puzzle_commands() {
    insta::assert_snapshot!("help_sudoku", help(&["sudoku", "--help"]));
    insta::assert_snapshot!("help_knightdoku", help(&["knightdoku", "--help"]));
    insta::assert_snapshot!("help_tour", help(&["tour", "--help"]));
}

#[test]
fn generators_and_completions() {
    insta::assert_snapshot!("help_gen", help(&["gen", "--help"]));
    insta::assert_snapshot!("help_gen_queens", help(&["gen", "queens", "--help"]));
    insta::assert_snapshot!("help_gen_langford", help(&["gen", "langford", "--help"]));
    insta::assert_snapshot!("help_gen_pentomino", help(&["gen", "pentomino", "--help"]));
    insta::assert_snapshot!("help_gen_sudoku", help(&["gen", "sudoku", "--help"]));
    insta::assert_snapshot!("help_completions", help(&["completions", "--help"]));
}

#[test]
fn problem_commands() {
    insta::assert_snapshot!("help_count", help(&["count", "--help"]));
    insta::assert_snapshot!("help_solve", help(&["solve", "--help"]));
    insta::assert_snapshot!("help_split", help(&["split", "--help"]));
}

#[test]
fn help_subcommand_and_short_flags_agree() {
    let long = run(&["sudoku", "--help"]);
    let via_help = run(&["help", "sudoku"]);
    assert_eq!(long.stdout, via_help.stdout);
    assert_eq!(via_help.code, Some(0));
    let short = run(&["sudoku", "-h"]);
    assert_eq!(short.code, Some(0));
    assert!(short.stdout.len() < long.stdout.len());
}

#[test]
fn closed_standard_output_ends_help_quietly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::DLX)
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `dlx --help` lists every command once in its sections, `variant` among them, and every
/// exit status (issue 41).
#[test]
fn the_overview_lists_each_command_once_and_every_exit_status() {
    let text = help(&["--help"]);
    assert_eq!(text.matches("\n  dlx variant FILE").count(), 1, "{text}");
    for status in [
        "0 success",
        "1 no solution",
        "2 bad",
        "3 stopped",
        "130 interrupted",
    ] {
        assert!(text.contains(status), "no exit status `{status}`");
    }
}

/// `dlx count -h` groups its options under headings, as `rg -h` does (issue 41).
#[test]
fn count_options_are_grouped_under_headings() {
    let text = help(&["count", "-h"]);
    let headings = [
        "Threads and progress:",
        "Checkpoints (resume a long run):",
        "Work units (from dlx split):",
        "Output:",
        "Search:",
        "Memoised counting:",
        "Counting by symmetry:",
    ];
    let mut at = 0;
    for heading in headings {
        let found = text[at..].find(&format!("\n{heading}\n"));
        assert!(found.is_some(), "no `{heading}` after byte {at}:\n{text}");
        at += found.unwrap() + 1;
    }
    let options = text.split("\nThreads and progress:\n").next().unwrap();
    assert!(
        !options.contains("--checkpoint"),
        "ungrouped options:\n{options}"
    );
}
