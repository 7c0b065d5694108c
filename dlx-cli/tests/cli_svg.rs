//! `--svg PATH`, the same in every command: a file (`NAME.svg`, or `-` for standard
//! output) for one picture, a folder for several; the old forms (`dlx variant --svg` as a
//! flag, `dlx sudoku --svg DIR` on a one-puzzle file) fail with a message saying what to
//! give instead, and write nothing.

use crate::common;

use std::path::PathBuf;

use common::run;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-cli-svg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The commands that draw one picture, each with its arguments.
const ONE_PICTURE: &[&[&str]] = &[
    &["tour", "5x6"],
    &["knightdoku", "examples/knightdoku/kd1.txt"],
    &["sudoku", "examples/sudoku/x.txt", "--x", "-q"],
    &["variant", "examples/variant/kropki.toml"],
];

#[test]
fn a_file_for_one_picture_and_dash_for_standard_output() {
    let dir = scratch("file");
    for (k, args) in ONE_PICTURE.iter().enumerate() {
        let file = dir.join(format!("picture-{k}.svg"));
        let plain = run(args);
        let mut with_file = args.to_vec();
        with_file.extend(["--svg", file.to_str().unwrap()]);
        let drawn = run(&with_file);
        assert_eq!(drawn.code, Some(0), "{args:?}: {}", drawn.stderr);
        // The text is printed as without --svg, and the picture is in the file.
        assert_eq!(drawn.stdout, plain.stdout, "{args:?}");
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(
            svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
            "{args:?}"
        );
        // `--svg -`: the same picture on standard output, in place of the text.
        let mut to_stdout = args.to_vec();
        to_stdout.extend(["--svg", "-"]);
        let printed = run(&to_stdout);
        assert_eq!(printed.code, Some(0), "{args:?}: {}", printed.stderr);
        assert_eq!(printed.stdout, svg, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_for_several_pictures() {
    let dir = scratch("dir");
    let pictures = dir.join("pictures");
    let out = run(&[
        "sudoku",
        "examples/sudoku/classic.txt",
        "--svg",
        pictures.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 9);
    assert_eq!(names[0], "puzzle-1.svg");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn wrong_kinds_of_path_are_refused_and_nothing_is_written() {
    let dir = scratch("errors");
    let folder = format!("{}/", dir.join("pictures").display());
    let no_suffix = dir.join("pictures").display().to_string();
    let file = dir.join("all.svg").display().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // The old flag of `dlx variant`.
        (
            vec!["variant", "examples/variant/kropki.toml", "--svg"],
            "a value is required for '--svg <PATH>'",
        ),
        // The old folder of `dlx sudoku`, on a file of one puzzle.
        (
            vec![
                "sudoku",
                "examples/sudoku/x.txt",
                "--x",
                "--svg",
                &no_suffix,
            ],
            "has 1 puzzle; --svg",
        ),
        (
            vec!["sudoku", "examples/sudoku/x.txt", "--x", "--svg", &folder],
            "so --svg takes a file whose name ends in .svg",
        ),
        (
            vec!["tour", "5x6", "--svg", &folder],
            "so --svg takes a file whose name ends in .svg",
        ),
        (
            vec![
                "knightdoku",
                "examples/knightdoku/kd1.txt",
                "--svg",
                &no_suffix,
            ],
            "so --svg takes a file whose name ends in .svg",
        ),
        // Several pictures: a file or standard output will not hold them.
        (
            vec!["sudoku", "examples/sudoku/classic.txt", "--svg", &file],
            "has 9 puzzles; --svg",
        ),
        (
            vec!["sudoku", "examples/sudoku/classic.txt", "--svg", "-"],
            "so --svg takes a folder",
        ),
        // Two things for standard output.
        (
            vec!["tour", "5x6", "--json", "--svg", "-"],
            "--svg - and --json both write standard output",
        ),
        (
            vec![
                "variant",
                "examples/variant/kropki.toml",
                "--json",
                "--svg",
                "-",
            ],
            "--svg - and --json both write standard output",
        ),
        (
            vec![
                "sudoku",
                "examples/sudoku/x.txt",
                "--x",
                "--json",
                "--svg",
                "-",
            ],
            "--svg - and --json both write standard output",
        ),
        // Nothing to draw.
        (
            vec![
                "knightdoku",
                "examples/knightdoku/kd1.txt",
                "--count",
                "--svg",
                &file,
            ],
            "does not go with --count",
        ),
        (
            vec![
                "variant",
                "examples/variant/kropki.toml",
                "--count",
                "--svg",
                &file,
            ],
            "does not go with --count",
        ),
    ];
    for (args, message) in &cases {
        let out = run(args);
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
        assert!(out.stderr.contains(message), "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("hint:") || message.contains("--count"),
            "{args:?}"
        );
    }
    // Nothing was written.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_old_variant_flag_says_what_to_give() {
    let out = run(&["variant", "examples/variant/kropki.toml", "--svg"]);
    insta::assert_snapshot!("old_variant_svg_flag", out.transcript());
}

/// Issue 40: `--svg` and `-o` wrote through a symbolic link planted at the file's name (or
/// inside the folder of `dlx sudoku --svg DIR`), overwriting what it pointed to. Now a link
/// there is refused, its target untouched; a file there is replaced whole.
#[test]
fn no_output_is_written_through_a_link() {
    let dir = scratch("links");
    let victim = dir.join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let link = dir.join("planted.svg");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let link_text = link.to_str().unwrap();
    let mut commands: Vec<Vec<&str>> = ONE_PICTURE
        .iter()
        .map(|args| {
            let mut args = args.to_vec();
            args.extend(["--svg", link_text]);
            args
        })
        .collect();
    commands.push(vec!["zdd", "dlx-cli/tests/data/toy.dlx", "-o", link_text]);
    commands.push(vec!["trace", "dlx-cli/tests/data/toy.dlx", "-o", link_text]);
    // A link inside the folder of several pictures.
    let pictures = dir.join("pictures");
    std::fs::create_dir(&pictures).unwrap();
    std::os::unix::fs::symlink(&victim, pictures.join("puzzle-1.svg")).unwrap();
    let pictures_text = pictures.to_str().unwrap();
    commands.push(vec![
        "sudoku",
        "examples/sudoku/classic.txt",
        "-q",
        "--svg",
        pictures_text,
    ]);
    for args in &commands {
        let out = run(args);
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.transcript());
        assert!(
            out.stderr.contains("a symbolic link is there"),
            "{args:?}: {}",
            out.stderr
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "precious",
            "{args:?}"
        );
    }
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // A regular file there is replaced, whole.
    let file = dir.join("old.svg");
    std::fs::write(&file, "old").unwrap();
    let out = run(&["tour", "5x6", "--svg", file.to_str().unwrap()]);
    assert_eq!(out.code, Some(0), "{}", out.transcript());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .ends_with("</svg>\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
