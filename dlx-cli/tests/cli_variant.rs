//! `dlx variant`: what a user sees for each way of asking (text, JSON, SVG, counts,
//! uniqueness), for both input formats, and for bad input. The puzzles are in
//! `examples/variant/`: a Kropki puzzle in our TOML format and the same puzzle as f-puzzles
//! JSON, the puzzle with half its givens removed, and an f-puzzles file with a constraint we
//! do not support.

use crate::common;

use common::{run, run_stdin};

#[test]
fn toml_and_fpuzzles_give_the_same_solution() {
    let toml = run(&["variant", "examples/variant/kropki.toml"]);
    insta::assert_snapshot!("variant_toml", toml.transcript());
    let fpuzzles = run(&["variant", "examples/variant/kropki-fpuzzles.json"]);
    assert_eq!(fpuzzles.code, Some(0));
    assert_eq!(
        fpuzzles.stdout, toml.stdout,
        "the two formats describe one puzzle"
    );
    // The solution the TOML file records.
    let text = std::fs::read_to_string(common::root().join("examples/variant/kropki.toml"))
        .expect("example");
    let recorded = text
        .lines()
        .find_map(|l| l.strip_prefix("solution = "))
        .expect("a solution line")
        .trim_matches('"')
        .replace(' ', "");
    let printed: String = toml.stdout.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(printed, recorded);
}

#[test]
fn uniqueness() {
    insta::assert_snapshot!(
        "variant_unique",
        run(&[
            "variant",
            "examples/variant/kropki-fpuzzles.json",
            "--unique"
        ])
        .transcript()
    );
    let open = run(&["variant", "examples/variant/kropki-open.toml", "--unique"]);
    assert_eq!(open.code, Some(1), "not unique: exit code 1");
    // Which two solutions come first depends on the search; that both are solutions, and
    // differ, does not: checked by the independent rule checker.
    let text = std::fs::read_to_string(common::root().join("examples/variant/kropki-open.toml"))
        .expect("example");
    let puzzle = dlx_sudoku::variant::from_toml(&text).expect("a valid puzzle");
    let (grids, differ) = open
        .stdout
        .split_once("they differ in ")
        .expect("the cells where they differ");
    let digits: String = grids.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits.len(), 2 * 81, "two grids printed");
    let (a, b) = digits.split_at(81);
    // The cells listed are exactly those where the two grids differ.
    let listed: Vec<&str> = differ.lines().last().unwrap().split(' ').collect();
    let expected: Vec<String> = (0..81)
        .filter(|&k| a.as_bytes()[k] != b.as_bytes()[k])
        .map(|k| format!("r{}c{}", k / 9 + 1, k % 9 + 1))
        .collect();
    assert_eq!(listed, expected);
    let stars = differ.matches('*').count() - 1; // the legend's "(*)"
    assert_eq!(stars, expected.len());
    assert_ne!(a, b);
    for grid in [a, b] {
        let solution = dlx_sudoku::variant::VariantSolution {
            grid: grid.parse().expect("a grid"),
            shading: None,
            letters: vec![],
        };
        puzzle.check(&solution).expect("a solution of the puzzle");
    }
    insta::assert_snapshot!("variant_unique_multiple", open.transcript());
}

#[test]
fn counting() {
    insta::assert_snapshot!(
        "variant_count",
        run(&["variant", "examples/variant/kropki.toml", "--count"]).transcript()
    );
    insta::assert_snapshot!(
        "variant_count_limit",
        run(&[
            "variant",
            "examples/variant/kropki-open.toml",
            "--count",
            "--limit",
            "5"
        ])
        .transcript()
    );
}

/// Issue 40: `--count --limit 5` exited 0 although the count stopped at the limit (now 3,
/// as `dlx count` exits when a node budget stops it), and `--limit 0` was taken.
#[test]
fn a_count_stopped_at_its_limit_is_incomplete_and_the_limit_is_at_least_one() {
    let out = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--count",
        "--limit",
        "5",
        "--json",
    ]);
    assert_eq!(out.code, Some(3), "{}", out.transcript());
    assert!(out.stdout.contains("\"complete\":false"), "{}", out.stdout);
    let zero = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--count",
        "--limit",
        "0",
    ]);
    assert_eq!(zero.code, Some(2), "{}", zero.transcript());
    assert!(zero.stderr.contains("0 is not in 1.."), "{}", zero.stderr);
}

/// Issue 40: `--engine links` on an open grid with rules beyond Sudoku's says that it is
/// outside what dancing links handles well (an empty 9×9 with anti-knight took 30 s), and
/// the default engine is never dancing links.
#[test]
fn links_on_an_open_variant_grid_warns() {
    // A 6×6 stands in for the 9×9 (which takes dancing links tens of seconds).
    let toml = "size = 6\nglobal = [\"anti-knight\"]\n";
    let links = run_stdin(&["variant", "-", "--engine", "links"], toml);
    assert!(matches!(links.code, Some(0 | 1)), "{}", links.transcript());
    assert!(
        links.stderr.contains(
            "dlx: warning: --engine links on <stdin>: the puzzle gives 0 of its 36 cells"
        ),
        "{}",
        links.stderr
    );
    let auto = run_stdin(&["variant", "-", "--stats"], toml);
    assert!(matches!(auto.code, Some(0 | 1)), "{}", auto.transcript());
    assert!(
        auto.stderr.contains("propagation") || auto.stderr.contains("clause learning"),
        "{}",
        auto.stderr
    );
    assert!(!auto.stderr.contains("warning"), "{}", auto.stderr);
}

#[test]
fn json_and_svg() {
    insta::assert_snapshot!(
        "variant_json",
        run(&["variant", "examples/variant/kropki.toml", "--json"]).transcript()
    );
    let svg = run(&["variant", "examples/variant/kropki.toml", "--svg", "-"]);
    assert_eq!(svg.code, Some(0));
    assert!(svg.stdout.starts_with("<svg") || svg.stdout.starts_with("<?xml"));
    insta::assert_snapshot!("variant_svg", svg.stdout);
}

#[test]
fn standard_input_and_stats() {
    let text = std::fs::read_to_string(common::root().join("examples/variant/kropki.toml"))
        .expect("example");
    let piped = run_stdin(&["variant", "-", "--stats"], &text);
    assert_eq!(piped.code, Some(0));
    assert_eq!(
        piped.stdout,
        run(&["variant", "examples/variant/kropki.toml"]).stdout
    );
    assert!(
        piped.stderr.contains("primary and") && piped.stderr.contains("options"),
        "--stats describes the exact cover problem on standard error: {}",
        piped.stderr
    );
}

#[test]
fn bad_input() {
    insta::assert_snapshot!(
        "variant_unsupported_constraint",
        run(&["variant", "examples/variant/unsupported-fpuzzles.json"]).transcript()
    );
    let bad_type = run_stdin(&["variant", "-"], "size = 9\ngivens = 12\n");
    assert_eq!(bad_type.code, Some(2));
    insta::assert_snapshot!("variant_bad_toml", bad_type.transcript());
    let missing = run(&["variant", "examples/variant/no-such-puzzle.toml"]);
    assert_eq!(missing.code, Some(2));
    insta::assert_snapshot!("variant_missing_file", missing.transcript());
}

#[test]
fn a_link_is_read_from_the_command_line() {
    // What a setter pastes: an f-puzzles link (and a SudokuPad one) as the argument.
    let json =
        std::fs::read_to_string(common::root().join("examples/variant/kropki-fpuzzles.json"))
            .expect("example");
    let payload = lz_str::compress_to_base64(&json);
    let from_file = run(&["variant", "examples/variant/kropki-fpuzzles.json"]);
    for link in [
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}"),
    ] {
        let from_link = run(&["variant", &link, "--unique"]);
        assert_eq!(from_link.code, Some(0), "{}", from_link.stderr);
        assert!(from_link.stdout.starts_with(&from_file.stdout));
    }
    // A broken link is named as a link, not as a missing file.
    let broken = run(&["variant", "https://www.f-puzzles.com/?load=N4Ig%%%"]);
    assert_eq!(broken.code, Some(2));
    assert!(
        broken.stderr.starts_with("dlx: error: link: f-puzzles:"),
        "{}",
        broken.stderr
    );
}

#[test]
fn first_skips_the_proof_of_uniqueness() {
    // By default the solution is proved unique; `--first` prints the first one found.
    let proved = run(&["variant", "examples/variant/kropki.toml"]);
    assert_eq!(proved.code, Some(0));
    assert!(proved.stdout.ends_with("unique\n"), "{}", proved.stdout);
    let first = run(&["variant", "examples/variant/kropki.toml", "--first"]);
    assert_eq!(first.code, Some(0));
    assert_eq!(first.stdout, proved.stdout.replace("unique\n", ""));
    // A puzzle with many solutions: by default "not unique" and two of them (exit 1), with
    // `--first` one of them (exit 0).
    let open = run(&["variant", "examples/variant/kropki-open.toml"]);
    assert_eq!(open.code, Some(1));
    assert!(open.stdout.starts_with("not unique: two solutions\n"));
    let one = run(&["variant", "examples/variant/kropki-open.toml", "--first"]);
    assert_eq!(one.code, Some(0));
    assert_eq!(
        one.stdout.chars().filter(char::is_ascii_digit).count(),
        81,
        "one grid: {}",
        one.stdout
    );
    let both = run(&[
        "variant",
        "examples/variant/kropki.toml",
        "--first",
        "--unique",
    ]);
    assert_eq!(
        both.code,
        Some(2),
        "--first and --unique contradict each other"
    );
}

#[test]
fn the_solution_a_file_gives_is_checked() {
    // It breaks a rule as dlx reads it (r1c2, marked odd, holds 6): refused, exit 2, in
    // every mode, naming the rule.
    for mode in [&[][..], &["--first"], &["--count"]] {
        let mut args = vec!["variant", "dlx-cli/tests/data/variant/breaks-odd.toml"];
        args.extend_from_slice(mode);
        let refused = run(&args);
        assert_eq!(refused.code, Some(2), "{mode:?}: {}", refused.stderr);
        assert_eq!(refused.stdout, "", "no answer printed");
        assert!(refused
            .stderr
            .contains("constraint 8 (odd cell): r1c2 holds 6"));
    }
    insta::assert_snapshot!(
        "variant_given_solution_breaks_a_rule",
        run(&["variant", "dlx-cli/tests/data/variant/breaks-odd.toml"]).transcript()
    );
    // Not a solved grid with the givens (two digits swapped): a slip in the file, ignored
    // with a warning; the puzzle is solved as usual.
    let slip = run(&["variant", "dlx-cli/tests/data/variant/slip.toml"]);
    assert_eq!(slip.code, Some(0));
    assert_eq!(
        slip.stdout,
        run(&["variant", "examples/variant/kropki.toml"]).stdout
    );
    insta::assert_snapshot!("variant_given_solution_slip", slip.transcript());
}

#[test]
fn not_unique_names_the_drawings_that_may_carry_rules() {
    let open = run(&["variant", "dlx-cli/tests/data/variant/open-with-line.json"]);
    assert_eq!(open.code, Some(1));
    assert!(open.stdout.starts_with("not unique: two solutions\n"));
    assert!(
        open.stderr
            .contains("the cosmetic elements ignored (line (1)) may carry rules"),
        "{}",
        open.stderr
    );
}

#[test]
fn unknown_cell_fields_are_warned_about_and_named() {
    // Two cells carry a colour (`c`), which may stand for a rule in the rules text; a
    // player's corner marks say nothing.
    let open = run(&[
        "variant",
        "dlx-cli/tests/data/variant/open-with-coloured-cells.json",
    ]);
    assert_eq!(open.code, Some(1));
    assert!(
        open.stderr
            .contains("ignored cosmetic f-puzzles element grid cells' `c` (2)"),
        "{}",
        open.stderr
    );
    assert!(
        open.stderr
            .contains("the cosmetic elements ignored (grid cells' `c` (2)) may carry rules"),
        "{}",
        open.stderr
    );
    assert!(
        !open.stderr.contains("cornerPencilMarks"),
        "{}",
        open.stderr
    );
}

/// A grid's model grows as the fourth power of its size (a 144×144 grid took 5.9 GB in a
/// minute, a 200×200 one ran out of memory and aborted): a grid larger than the limit is
/// refused at once, at its `size`, in either format.
#[test]
fn grids_larger_than_the_limit_are_refused_at_once() {
    for (input, place) in [
        ("size = 200\n", "<stdin>:1:8: "),
        ("title = \"big\"\n  size = 65\n", "<stdin>:2:10: "),
        ("{\"size\": 65, \"grid\": []}", "<stdin>:1:2: "),
    ] {
        for extra in [
            &[][..],
            &["--count"][..],
            &["--first", "--engine", "links"][..],
        ] {
            let mut args = vec!["variant", "-"];
            args.extend_from_slice(extra);
            let start = std::time::Instant::now();
            let refused = run_stdin(&args, input);
            // Before: a minute and gigabytes (the limit of `run_stdin` was reached).
            assert!(start.elapsed() < std::time::Duration::from_secs(20));
            assert_eq!(refused.code, Some(2), "{}", refused.transcript());
            assert!(
                refused.stderr.starts_with(&format!("dlx: error: {place}"))
                    && refused
                        .stderr
                        .contains("the largest dlx variant takes is 64×64"),
                "{}",
                refused.transcript()
            );
        }
    }
}

/// A file that is not TOML is refused at the parser's line and column, its message on one
/// line (the toml crate's own text is a block quoting the line, without the file).
#[test]
fn toml_syntax_errors_name_line_and_column() {
    let refused = run_stdin(&["variant", "-"], "size = 9\n[[killer]]\nsum = 1 2\n");
    assert_eq!(refused.code, Some(2), "{}", refused.transcript());
    assert_eq!(
        refused.stderr.trim_end(),
        "dlx: error: <stdin>:3:7: not TOML: string values must be quoted, expected literal string",
        "{}",
        refused.transcript()
    );
}

/// JSON that is not an object (an array, a string, a number) is refused as such, at the
/// file's line and column; it was tried as a link's payload and refused as "cannot
/// decompress the f-puzzles payload (expected lz-string base64)".
#[test]
fn json_that_is_not_an_object_is_refused_as_such() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let object = "the data must be a JSON object ({\"size\": …, \"grid\": […]})";
    for (text, found, place) in [
        ("[1,2]", "an array", "1:1"),
        ("[1, 2]\n", "an array", "1:1"),
        ("\"abc\"", "a string", "1:1"),
        ("\n 42\n", "a number", "2:2"),
    ] {
        let path = dir.path().join("puzzle.json");
        std::fs::write(&path, text).expect("write");
        let name = path.to_str().expect("UTF-8 path");
        let refused = run(&["variant", name]);
        assert_eq!(refused.code, Some(2), "{}", refused.transcript());
        assert_eq!(
            refused.stderr,
            format!("dlx: error: {name}:{place}: f-puzzles: {object}, not {found}\n"),
            "{text:?}"
        );
        assert_eq!(refused.stdout, "");
    }
    // A link whose payload decompresses to such JSON.
    let link = format!(
        "https://sudokupad.app/fpuzzles{}",
        lz_str::compress_to_base64("[1,2]")
    );
    let refused = run(&["variant", &link]);
    assert_eq!(refused.code, Some(2), "{}", refused.transcript());
    assert_eq!(
        refused.stderr,
        format!("dlx: error: link: f-puzzles: the payload decompresses to an array: {object}\n")
    );
}

/// `--candidates`: the true candidates of a unique puzzle are its solution; of the puzzle
/// with half its givens removed, a grid of candidates (snapshot), counted per candidate with
/// `--cap`, as JSON whose counts agree with the text, and as pencil marks in the picture.
#[test]
fn true_candidates() {
    let unique = run(&["variant", "examples/variant/kropki.toml", "--candidates"]);
    assert_eq!(unique.code, Some(0));
    insta::assert_snapshot!("variant_candidates_unique", unique.transcript());
    let solved = run(&["variant", "examples/variant/kropki.toml"]);
    let grid_digits =
        |s: &str| -> String { s.chars().filter(char::is_ascii_digit).take(81).collect() };
    assert_eq!(grid_digits(&unique.stdout), grid_digits(&solved.stdout));
    let open = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--candidates",
    ]);
    assert_eq!(open.code, Some(0));
    insta::assert_snapshot!("variant_candidates_open", open.transcript());
    let capped = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--candidates",
        "--cap",
        "3",
    ]);
    assert_eq!(capped.code, Some(0));
    insta::assert_snapshot!("variant_candidates_cap", capped.transcript());
    let json = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--candidates",
        "--cap",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let counts = v["solutionsPerCandidate"].as_array().expect("counts");
    assert_eq!(counts.len(), 9 * 9 * 9);
    for (k, cell) in v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .enumerate()
    {
        let digits: Vec<u64> = cell
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .collect();
        for d in 1..=9u64 {
            let c = counts[k * 9 + d as usize - 1].as_u64().unwrap();
            assert_eq!(c > 0, digits.contains(&d));
            assert!(c <= 3);
        }
    }
    assert_eq!(v["complete"], true);
    let svg = run(&[
        "variant",
        "examples/variant/kropki-open.toml",
        "--candidates",
        "--cap",
        "3",
        "--svg",
        "-",
    ]);
    assert_eq!(svg.code, Some(0));
    assert!(svg.stdout.starts_with("<svg") && svg.stdout.contains("class=\"candidates\""));
    assert!(
        svg.stdout
            .contains("Kropki example, half its givens removed"),
        "the title"
    );
    // A puzzle with no solution: exit 1.
    let none = run_stdin(
        &["variant", "-", "--candidates"],
        "size = 4\ngivens = \"11..............\"\n",
    );
    assert_eq!(none.code, Some(1));
    assert!(none.stdout.contains("no solution"), "{}", none.stdout);
}

/// `--svg-puzzle`: the puzzle alone, unsolved, with its title; the solution's digits are
/// absent; written to a file too.
#[test]
fn the_puzzle_alone() {
    let alone = run(&[
        "variant",
        "examples/variant/kropki-fpuzzles.json",
        "--svg-puzzle",
        "-",
    ]);
    assert_eq!(alone.code, Some(0));
    assert!(alone.stdout.starts_with("<svg"));
    assert!(alone.stdout.contains(">Kropki example (f-puzzles)</text>"));
    let solved = run(&[
        "variant",
        "examples/variant/kropki-fpuzzles.json",
        "--svg",
        "-",
    ]);
    let texts = |s: &str| s.matches("<text").count();
    assert!(
        texts(&alone.stdout) < texts(&solved.stdout),
        "no solution digits"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzle.svg");
    let to_file = run(&[
        "variant",
        "examples/variant/kropki-fpuzzles.json",
        "--svg-puzzle",
        path.to_str().unwrap(),
    ]);
    assert_eq!(to_file.code, Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), alone.stdout);
}
