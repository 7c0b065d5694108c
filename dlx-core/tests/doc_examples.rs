//! The library crates' doc examples stay compilable as one program per crate (the 2024
//! edition's merged doc tests): rustdoc writes them into one file in a temporary folder, so
//! an example that includes a file by a path relative to its source (`include_str!("../tests
//! /data/q8.dlx")`) cannot be found there; rustdoc then silently compiles every example of
//! the crate as its own program (dlx-core's 241: 63 s instead of 6). Examples name such
//! files from the crate's folder: `include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/…"))`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `file:line` of each doc comment line that includes a file by a relative path.
fn relative_includes(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read a source file");
        for (i, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            if !(doc.starts_with("///") || doc.starts_with("//!")) {
                continue;
            }
            for macro_name in ["include_str!(\"", "include_bytes!(\""] {
                if line.contains(macro_name) {
                    found.push(format!("{}:{}", file.display(), i + 1));
                }
            }
        }
    }
    found
}

#[test]
fn doc_examples_include_files_from_the_crate_folder() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["dlx-core", "dlx-sudoku"] {
        let found = relative_includes(&workspace.join(krate).join("src"));
        assert!(
            found.is_empty(),
            "doc examples that include a file by a relative path (name it with \
             concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/...\") instead, or rustdoc compiles \
             every example alone): {found:#?}"
        );
    }
}

#[test]
fn a_relative_include_is_found() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.rs"),
        "/// ```\n/// let t = include_str!(\"../tests/data/q8.dlx\");\n/// ```\npub fn f() {}\n",
    )
    .unwrap();
    assert_eq!(relative_includes(dir.path()).len(), 1);
}
