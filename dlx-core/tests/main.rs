//! The integration tests of dlx-core, one test binary: each file of `tests/` is a module here (Cargo.toml
//! sets `autotests = false` and names this file), so that `cargo test` compiles and links
//! one program instead of one per file. A test keeps its name under its file's module:
//! `cargo test -p dlx-core --test integration checkpoint::` runs one file's tests.
//! Snapshots are named `integration__<file>__<name>.snap` accordingly.
//!
//! A new file in `tests/` needs its `mod` line here; `every_test_file_is_a_module` fails
//! until it has one.

mod checkpoint;
mod defaults;
mod dense_units;
mod doc_examples;
mod fuzz;
mod layers;
mod memo;
mod parallel;
mod properties;
mod reference;
mod trace;

/// A parallel solver on the links engine: for the tests that set its counts beside the
/// links' own (sequential counts, units split on the links, checkpoints made from them),
/// where the engine [`dlx_core::ParallelSolver::new`] picks would count its own updates.
fn links_parallel(problem: &dlx_core::Problem) -> dlx_core::ParallelSolver<'_> {
    dlx_core::ParallelSolver::with_engine_choice(problem, dlx_core::EngineChoice::Links)
        .expect("the links engine takes every problem")
}

/// Every `tests/*.rs` file (and folder module) is declared above: with `autotests = false`
/// Cargo would silently leave a new one out.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    let declared: Vec<&str> = main
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let module = match name.strip_suffix(".rs") {
            Some("main") => continue,
            Some(stem) => stem.to_owned(),
            None if path.join("mod.rs").exists() => name.clone(),
            None => continue,
        };
        assert!(
            declared.contains(&module.as_str()),
            "tests/{name} is not a module of tests/main.rs: add `mod {module};` there"
        );
    }
}

/// Every snapshot belongs to a test of this binary: a `.snap` file named as before the
/// files became modules (`<file>__<name>.snap`, no `integration__` prefix) is one that no
/// test reads any more, typically added on a branch made before the change. Rename it.
#[test]
fn snapshots_are_named_for_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name.starts_with("integration__"),
            "tests/snapshots/{name} is read by no test: snapshots are now named \
             integration__{name} (see tests/main.rs)"
        );
    }
}
