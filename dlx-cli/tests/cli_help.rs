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
