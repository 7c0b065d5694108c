//! `dlx trace` on the command line: the same output as the library, files and standard
//! input, the step limit, and the errors (exit status 2).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use dlx_core::trace::{examples, json, text, trace};

fn dlx(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dlx");
    let mut input = child.stdin.take().unwrap();
    if let Some(s) = stdin {
        input.write_all(s.as_bytes()).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "dlx failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn examples_print_what_the_library_renders() {
    for lesson in examples::lessons() {
        let p = lesson.problem();
        let t = trace(&p, 1000).unwrap();
        let name = lesson.name;
        assert_eq!(
            stdout(&dlx(&["trace", "--example", name], None)),
            text::render(&p, &t, false, Some(lesson)),
            "{name}"
        );
        assert_eq!(
            stdout(&dlx(&["trace", "--example", name, "--explain"], None)),
            text::render(&p, &t, true, Some(lesson)),
            "{name}"
        );
        assert_eq!(
            stdout(&dlx(
                &["trace", "--example", name, "--format", "json"],
                None
            )),
            json::render(&p, &t),
            "{name}"
        );
    }
}

#[test]
fn reads_standard_input_and_writes_a_file() {
    let toy = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    let out = stdout(&dlx(&["trace", "-"], Some(toy)));
    let lesson = examples::lesson("toy").unwrap();
    let p = lesson.problem();
    assert_eq!(
        out,
        text::render(&p, &trace(&p, 1000).unwrap(), false, None)
    );

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("toy.html");
    let out = dlx(
        &[
            "trace",
            "-",
            "--format",
            "html",
            "-o",
            page.to_str().unwrap(),
        ],
        Some(toy),
    );
    assert_eq!(stdout(&out), "", "the page goes to the file");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<title>&lt;stdin&gt; — Algorithm X step by step</title>"));
}

#[test]
fn max_steps_cuts_the_trace_and_says_so() {
    let out = dlx(&["trace", "--example", "latin2", "--max-steps", "3"], None);
    let text = stdout(&out);
    assert_eq!(
        text.lines().count(),
        4,
        "3 steps and the closing line:\n{text}"
    );
    assert!(text
        .ends_with("Stopped after the first 3 steps (the search goes on); 0 solutions so far.\n"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the trace stops after 3 steps"));
}

#[test]
fn errors_exit_with_status_2() {
    let cases: [(&[&str], Option<&str>, &str); 4] = [
        (&["trace", "-"], Some("2:3|A B\nA\nB\n"), "multiplicities"),
        (
            &["trace", "--example", "toy", "--format", "json", "--explain"],
            None,
            "--explain goes with --format text",
        ),
        (&["trace", "-"], Some("A B\nA C\n"), "<stdin>:2:"),
        (
            &["trace", "--example", "toy", "--max-steps", "0"],
            None,
            "invalid value '0' for '--max-steps <N>'",
        ),
    ];
    for (args, stdin, message) in cases {
        let out = dlx(args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// A page of a generated problem is titled with what the generator made (issue 41), not
/// with "<stdin>".
#[test]
fn pages_of_generated_problems_are_titled_with_the_generators_description() {
    for (args, title) in [
        (&["gen", "queens", "6"][..], "6 queens"),
        (&["gen", "pentomino", "3x5"][..], "pentominoes 3×5"),
        (
            &["gen", "langford", "3", "--symmetry-break"][..],
            "Langford pairs, n = 3 (symmetry broken)",
        ),
    ] {
        let generated = stdout(&dlx(args, None));
        let out = dlx(
            &["trace", "-", "--format", "html", "--max-steps", "50"],
            Some(&generated),
        );
        let html = stdout(&out);
        let want = format!("<title>{title} — Algorithm X step by step</title>");
        assert!(html.contains(&want), "{args:?}: no {want}");
        assert!(!html.contains("&lt;stdin&gt;"), "{args:?}");
    }
}

/// The queens' page says why rows and columns come in organ-pipe order, and a large matrix
/// opens showing only what is active, at full size, where a small one opens whole (issue 41).
#[test]
fn pages_explain_the_queens_order_and_open_large_matrices_readably() {
    let queens = stdout(&dlx(&["gen", "queens", "6"], None));
    let page = |input: &str| {
        stdout(&dlx(
            &["trace", "-", "--format", "html", "--max-steps", "50"],
            Some(input),
        ))
    };
    let q6 = page(&queens);
    assert!(q6.contains("organ-pipe order"), "no note on the order");
    assert!(q6.contains(r#""open_active_only":false"#));
    let sudoku = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data/sud1.dlx"),
    )
    .unwrap();
    let s = page(&sudoku);
    assert!(s.contains(r#""open_active_only":true"#));
    assert!(!s.contains("organ-pipe"), "the note is the queens' own");
}
