//! Typical output of every puzzle and generator command, as snapshots: what a user sees on
//! standard output and standard error, and the exit code.

use crate::common;

use common::{run, run_stdin};

#[test]
fn sudoku_files_of_puzzles() {
    let classic = run(&["sudoku", "examples/sudoku/classic.txt"]);
    insta::assert_snapshot!("sudoku_classic", classic.transcript());
    insta::assert_snapshot!(
        "sudoku_mixed_unique",
        run(&["sudoku", "examples/sudoku/mixed.txt", "--unique"]).transcript()
    );
    insta::assert_snapshot!(
        "sudoku_mixed_count",
        run(&[
            "sudoku",
            "examples/sudoku/mixed.txt",
            "--count",
            "--threads",
            "2"
        ])
        .transcript()
    );
    insta::assert_snapshot!(
        "sudoku_mixed_json",
        run(&["sudoku", "examples/sudoku/mixed.txt", "--json"]).transcript()
    );
    insta::assert_snapshot!(
        "sudoku_mixed_solve",
        run(&["sudoku", "examples/sudoku/mixed.txt", "--quiet"]).transcript()
    );
}

#[test]
fn sudoku_shapes() {
    insta::assert_snapshot!(
        "sudoku_16x16_grid",
        run(&["sudoku", "examples/sudoku/16x16.txt", "--format", "grid"]).transcript()
    );
    insta::assert_snapshot!(
        "sudoku_jigsaw_grid",
        run(&[
            "sudoku",
            "examples/sudoku/jigsaw.txt",
            "--jigsaw",
            "examples/sudoku/jigsaw-regions.txt",
            "--format",
            "grid"
        ])
        .transcript()
    );
    insta::assert_snapshot!(
        "sudoku_x",
        run(&["sudoku", "examples/sudoku/x.txt", "--x"]).transcript()
    );
    insta::assert_snapshot!(
        "sudoku_x_without_diagonals",
        run(&["sudoku", "examples/sudoku/x.txt", "--unique"]).transcript()
    );
    insta::assert_snapshot!(
        "sudoku_stdin_4x4_count",
        run_stdin(&["sudoku", "-", "--count"], "1234............\n").transcript()
    );
    insta::assert_snapshot!(
        "sudoku_stdin_4x4_svg",
        run_stdin(
            &["sudoku", "-", "--format", "svg", "-q"],
            "...4....1...3.1.\n"
        )
        .transcript()
    );
}

#[test]
fn knightdoku_boards() {
    insta::assert_snapshot!(
        "knightdoku_kd1",
        run(&["knightdoku", "examples/knightdoku/kd1.txt"]).transcript()
    );
    insta::assert_snapshot!(
        "knightdoku_kd2_json",
        run(&["knightdoku", "examples/knightdoku/kd2.txt", "--json"]).transcript()
    );
    insta::assert_snapshot!(
        "knightdoku_kd1_count",
        run(&["knightdoku", "examples/knightdoku/kd1.txt", "--count"]).transcript()
    );
    insta::assert_snapshot!(
        "knightdoku_no_solution",
        run_stdin(&["knightdoku", "-"], "8...\n....\n....\n....\n").transcript()
    );
    insta::assert_snapshot!(
        "knightdoku_several_solutions",
        run_stdin(&["knightdoku", "-"], "....\n....\n....\n....\n").transcript()
    );
}

#[test]
fn knights_tours() {
    insta::assert_snapshot!("tour_8x8", run(&["tour", "8x8"]).transcript());
    insta::assert_snapshot!(
        "tour_5x5_from_the_centre",
        run(&["tour", "5x5", "--start", "2,2", "--open"]).transcript()
    );
    insta::assert_snapshot!(
        "tour_3x4_json",
        run(&["tour", "3x4", "--json"]).transcript()
    );
    insta::assert_snapshot!(
        "tour_5x5_closed",
        run(&["tour", "5x5", "--closed"]).transcript()
    );
    insta::assert_snapshot!(
        "tour_3x4_count",
        run(&["tour", "3x4", "--count"]).transcript()
    );
    insta::assert_snapshot!(
        "tour_3x10_closed_count_json",
        run(&[
            "tour",
            "3x10",
            "--closed",
            "--count",
            "--json",
            "--threads",
            "2"
        ])
        .transcript()
    );
}

#[test]
fn tour_counts_match_the_library() {
    use dlx_sudoku::tour_count::{TourCount, TourKind};
    for (board, rows, cols, kind) in [
        ("3x4", 3, 4, TourKind::Open),
        ("4x4", 4, 4, TourKind::Open),
        ("3x7", 3, 7, TourKind::Open),
        ("3x10", 3, 10, TourKind::Closed),
    ] {
        let mut args = vec!["tour", board, "--count", "--threads", "1"];
        if kind == TourKind::Closed {
            args.push("--closed");
        }
        let expected = TourCount::new(rows, cols, kind).unwrap().distinct_tours();
        assert_eq!(run(&args).stdout, format!("{expected}\n"), "{board}");
    }
}

#[test]
fn tours_are_tours() {
    for args in [
        &["tour", "8x8", "--json"][..],
        &["tour", "7x9", "--json", "--start", "6,8"],
        &["tour", "3x40", "--json", "--closed"],
        &["tour", "40x31", "--json", "--open"],
    ] {
        let out = run(args);
        assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let (rows, cols) = (
            json["rows"].as_u64().unwrap(),
            json["cols"].as_u64().unwrap(),
        );
        let squares: Vec<(i64, i64)> = json["squares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s[0].as_i64().unwrap(), s[1].as_i64().unwrap()))
            .collect();
        assert_eq!(squares.len() as u64, rows * cols);
        let mut seen = std::collections::HashSet::new();
        for pair in squares.windows(2) {
            let (dr, dc) = ((pair[0].0 - pair[1].0).abs(), (pair[0].1 - pair[1].1).abs());
            assert!(matches!((dr, dc), (1, 2) | (2, 1)), "{args:?}: {pair:?}");
        }
        for &(r, c) in &squares {
            assert!(r >= 0 && (r as u64) < rows && c >= 0 && (c as u64) < cols);
            assert!(seen.insert((r, c)), "{args:?}: ({r},{c}) twice");
        }
        if args.contains(&"--start") {
            assert_eq!(squares[0], (6, 8));
        }
        if args.contains(&"--closed") {
            assert_eq!(json["reentrant"], true);
        }
    }
}

#[test]
fn generators() {
    insta::assert_snapshot!("gen_queens_4", run(&["gen", "queens", "4"]).transcript());
    insta::assert_snapshot!(
        "gen_langford_3_json",
        run(&["gen", "langford", "3", "--json"]).transcript()
    );
    insta::assert_snapshot!(
        "gen_sudoku_4x4",
        run_stdin(&["gen", "sudoku", "-"], "12.4\n..1.\n.1..\n4.2.\n").transcript()
    );
}

#[test]
fn generated_problems_count_as_expected() {
    let cases: [(&[&str], &str); 5] = [
        (&["gen", "queens", "8"], "92\n"),
        (&["gen", "langford", "7"], "52\n"),
        (&["gen", "langford", "7", "--symmetry-break"], "26\n"),
        (&["gen", "pentomino", "3x20", "--symmetry-break"], "2\n"),
        (
            &[
                "gen",
                "sudoku",
                "examples/sudoku/classic.txt",
                "--puzzle",
                "4",
            ],
            "1\n",
        ),
    ];
    for (args, count) in cases {
        let generated = run(args);
        assert_eq!(generated.code, Some(0), "{}", generated.stderr);
        let counted = run_stdin(&["count", "-", "--threads", "1"], &generated.stdout);
        assert_eq!(counted.stdout, count, "{args:?}: {}", counted.stderr);
    }
    // `dlx gen queens 8` is Knuth's q8.dlx, item for item and option for option.
    let q8 = run(&["gen", "queens", "8"]).stdout;
    let reference =
        std::fs::read_to_string(common::root().join("dlx-cli/tests/data/q8.dlx")).unwrap();
    let body = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('|'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&q8), body(&reference));
    // A Sudoku's problem has one option per blank cell in its solution, each the digit
    // of `dlx sudoku`'s solution.
    let classic =
        std::fs::read_to_string(common::root().join("examples/sudoku/classic.txt")).unwrap();
    let puzzle = classic
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(3)
        .unwrap();
    let solution = run_stdin(&["sudoku", "-", "-q"], puzzle).stdout;
    let problem = run(&[
        "gen",
        "sudoku",
        "examples/sudoku/classic.txt",
        "--puzzle",
        "4",
    ]);
    let solved = run_stdin(&["solve", "-"], &problem.stdout);
    assert_eq!(solved.code, Some(0));
    let blanks = puzzle.chars().filter(|&c| c == '.').count();
    assert_eq!(solved.stdout.lines().count(), blanks);
    for option in solved.stdout.lines() {
        // `p{r},{c} r{r}d{d} ...`: the cell and its digit.
        let mut items = option.split(' ');
        let cell = items.next().unwrap().trim_start_matches('p');
        let (r, c) = cell.split_once(',').unwrap();
        let digit = items.next().unwrap().split_once('d').unwrap().1;
        let index = r.parse::<usize>().unwrap() * 9 + c.parse::<usize>().unwrap();
        assert_eq!(&solution[index..=index], digit, "{option}");
    }
}

#[test]
fn problems_in_dlx_format() {
    insta::assert_snapshot!(
        "count_toy",
        run(&["count", "dlx-cli/tests/data/toy.dlx", "--threads", "1"]).transcript()
    );
    insta::assert_snapshot!(
        "solve_toy_json",
        run(&["solve", "dlx-cli/tests/data/toy.dlx", "--json"]).transcript()
    );
    let json = run(&[
        "count",
        "dlx-cli/tests/data/q8.dlx",
        "--json",
        "--threads",
        "1",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["solutions"], 92);
    assert_eq!(value["complete"], true);
}

#[test]
fn completion_scripts() {
    for (shell, marker) in [
        ("bash", "_dlx()"),
        ("zsh", "#compdef dlx"),
        ("fish", "complete -c dlx"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[dlx]"),
    ] {
        let script = run(&["completions", shell]);
        assert_eq!(script.code, Some(0), "{shell}: {}", script.stderr);
        assert!(script.stdout.contains(marker), "{shell}");
        for command in ["sudoku", "knightdoku", "gen"] {
            assert!(script.stdout.contains(command), "{shell} lacks {command}");
        }
    }
}
