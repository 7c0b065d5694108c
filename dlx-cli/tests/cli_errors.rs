//! Every class of error, as snapshots: a `dlx: error:` line naming the file, line and
//! column where there is one, a hint where one helps, and exit code 2.

use crate::common;

use std::time::Duration;

use common::{run, run_stdin, run_with};

fn error(name: &str, run: common::Run) {
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert!(
        run.stderr.starts_with("dlx: error: "),
        "{}",
        run.transcript()
    );
    assert!(run.stdout.is_empty(), "{}", run.transcript());
    insta::assert_snapshot!(name, run.transcript());
}

/// A file of puzzles with bad ones: each bad puzzle is reported in its place (`error` on
/// standard output, the message on standard error), the others are solved, and the exit
/// code is 2 at the end (issue 25: one bad puzzle refused the whole file).
fn puzzle_errors(name: &str, run: common::Run) {
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert!(
        run.stderr.starts_with("dlx: error: "),
        "{}",
        run.transcript()
    );
    assert!(
        run.stdout.lines().any(|l| l == "error"),
        "{}",
        run.transcript()
    );
    insta::assert_snapshot!(name, run.transcript());
}

#[test]
fn files_that_cannot_be_read() {
    error("missing_file", run(&["sudoku", "examples/sudoku/nope.txt"]));
    error(
        "missing_jigsaw_file",
        run(&[
            "sudoku",
            "examples/sudoku/jigsaw.txt",
            "--jigsaw",
            "nope.txt",
        ]),
    );
    error(
        "not_utf8",
        run_with(
            &["sudoku", "-"],
            b"# fine\n12.4\xff...........\n",
            Duration::from_secs(30),
        ),
    );
    error(
        "empty_input",
        run_stdin(&["sudoku", "-"], "# only a comment\n\n"),
    );
}

#[test]
fn sudoku_text_with_mistakes() {
    puzzle_errors(
        "bad_symbol",
        run_stdin(&["sudoku", "-"], "12x4............\n"),
    );
    puzzle_errors(
        "bad_size",
        run_stdin(&["sudoku", "-"], &format!("{}\n", ".".repeat(80))),
    );
    let grid = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
                ------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . .\n\
                7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n\
                . . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
    puzzle_errors("grid_short_row", run_stdin(&["sudoku", "-"], grid));
    puzzle_errors(
        "grid_missing_rows",
        run_stdin(&["sudoku", "-", "--shape", "2x2"], "12..\n..34\n\n"),
    );
}

#[test]
fn contradictory_givens() {
    let line = format!("{}5{}\n", ".".repeat(9), ".".repeat(71));
    let two_fives = format!("5{}", &line[1..]);
    puzzle_errors(
        "contradictory_givens",
        run_stdin(
            &["sudoku", "-"],
            &format!("# two puzzles\n{line}{two_fives}"),
        ),
    );
    puzzle_errors(
        "contradictory_givens_grid",
        run_stdin(
            &["sudoku", "-"],
            "1 . | . .\n. 1 | . .\n----+----\n. . | . .\n. . | . .\n",
        ),
    );
    error(
        "contradictory_givens_gen",
        run_stdin(&["gen", "sudoku", "-"], &two_fives),
    );
}

#[test]
fn shapes() {
    error(
        "unknown_shape",
        run(&["sudoku", "examples/sudoku/classic.txt", "--shape", "3y3"]),
    );
    error(
        "shape_too_large",
        run(&["sudoku", "examples/sudoku/classic.txt", "--shape", "16x16"]),
    );
    puzzle_errors(
        "shape_size_mismatch",
        run(&["sudoku", "examples/sudoku/classic.txt", "--shape", "4x4"]),
    );
    puzzle_errors(
        "no_boxes",
        run_stdin(&["sudoku", "-"], &format!("1{}\n", ".".repeat(24))),
    );
    error(
        "bad_jigsaw_regions",
        run(&[
            "sudoku",
            "examples/sudoku/jigsaw.txt",
            "--jigsaw",
            "examples/sudoku/x.txt",
        ]),
    );
}

#[test]
fn options_that_do_not_go_together() {
    error(
        "svg_format_many_puzzles",
        run(&["sudoku", "examples/sudoku/classic.txt", "--format", "svg"]),
    );
    error(
        "grid_format_with_count",
        run(&[
            "sudoku",
            "examples/sudoku/mixed.txt",
            "--count",
            "--format",
            "grid",
        ]),
    );
    error(
        "count_and_unique",
        run(&["sudoku", "examples/sudoku/mixed.txt", "--count", "--unique"]),
    );
    error("unknown_command", run(&["frobnicate"]));
    error("missing_argument", run(&["sudoku"]));
    error("unknown_option", run(&["sudoku", "-", "--colour"]));
}

#[test]
fn knightdoku_boards_with_mistakes() {
    error(
        "knightdoku_bad_character",
        run_stdin(
            &["knightdoku", "-"],
            "# a 4×4 board\n1...\n..x.\n....\n....\n",
        ),
    );
    error(
        "knightdoku_short_row",
        run_stdin(&["knightdoku", "-"], "1...\n...\n....\n....\n"),
    );
    error(
        "knightdoku_clue_9",
        run_stdin(&["knightdoku", "-"], "9...\n....\n....\n....\n"),
    );
    error(
        "knightdoku_no_geometry",
        run_stdin(&["knightdoku", "-"], &format!("{}\n", ".".repeat(37))),
    );
}

#[test]
fn problems_with_mistakes() {
    error(
        "dlx_unknown_item",
        run_stdin(&["count", "-"], "| a comment\nA B\nA C\n"),
    );
    error("dlx_empty", run_stdin(&["solve", "-"], ""));
}

#[test]
fn generators_with_mistakes() {
    error("gen_bad_board", run(&["gen", "pentomino", "6y10"]));
    error(
        "gen_board_too_large",
        run(&["gen", "pentomino", "1000x1000"]),
    );
    error("gen_queens_zero", run(&["gen", "queens", "0"]));
    error(
        "gen_sudoku_which_puzzle",
        run(&["gen", "sudoku", "examples/sudoku/classic.txt"]),
    );
    error(
        "gen_sudoku_no_such_puzzle",
        run(&[
            "gen",
            "sudoku",
            "examples/sudoku/classic.txt",
            "--puzzle",
            "99",
        ]),
    );
    error(
        "gen_sudoku_complete",
        run_stdin(&["gen", "sudoku", "-"], "1234341221434321\n"),
    );
}

#[test]
fn tours_that_cannot_be_asked_for() {
    error("tour_bad_board", run(&["tour", "8y8"]));
    error("tour_bad_start", run(&["tour", "8x8", "--start", "1;2"]));
    error(
        "tour_start_off_board",
        run(&["tour", "8x8", "--start", "8,0"]),
    );
    error("tour_count_too_large", run(&["tour", "11x11", "--count"]));
    error("tour_too_large", run(&["tour", "2000x2000"]));
    error(
        "tour_closed_and_open",
        run(&["tour", "8x8", "--closed", "--open"]),
    );
    error(
        "tour_count_with_start",
        run(&["tour", "5x5", "--count", "--start", "0,0"]),
    );
}

#[test]
fn random_tour_arguments_never_panic() {
    let mut x: u64 = 0x853c_49e6_748f_ea9b;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    // At most four pieces: boards stay small (88x8 at most).
    let pieces = [
        "0", "1", "2", "3", "5", "8", "x", "X", "×", ",", "-", " ", "a",
    ];
    for _ in 0..60 {
        let mut word = || -> String {
            (0..1 + next(4))
                .map(|_| pieces[next(pieces.len() as u64) as usize])
                .collect()
        };
        let (board, start) = (word(), word());
        let run = run(&["tour", &board, "--start", &start]);
        assert!(matches!(run.code, Some(0..=2)), "{}", run.transcript());
        assert!(!run.stderr.contains("panicked"), "{}", run.transcript());
        if run.code == Some(2) {
            assert!(
                run.stderr.starts_with("dlx: error: "),
                "{}",
                run.transcript()
            );
        }
    }
}
