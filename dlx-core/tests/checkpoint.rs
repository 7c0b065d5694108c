//! Checkpoints (issue 25): they record the work finished as the search goes, not only
//! whole units; a resumed run redoes almost nothing; a checkpoint that does not cover the
//! tree exactly once is refused; counts never wrap; the writer never replaces what is not a
//! regular file of its own, nor follows links planted beside it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use dlx_core::{
    format::parse, split_units, Checkpoint, CheckpointError, ParallelSolver, Problem, Progress,
    Solver, TreePosition, Unit, UnitCounts, UnitRecord,
};

fn load(name: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A fresh directory of our own under the system's temporary directory.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("dlx-checkpoint-test-")
        .tempdir()
        .unwrap()
}

/// Counts `problem` on `threads` threads with a checkpoint at `path`, stopping once
/// `stop_at` nodes are visited.
fn count_until(problem: &Problem, threads: usize, path: &Path, stop_at: u64) -> dlx_core::Count {
    let flag = Arc::new(AtomicBool::new(false));
    let progress = Progress::new();
    let watcher = {
        let (flag, progress) = (Arc::clone(&flag), progress.clone());
        std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                if progress.snapshot().nodes >= stop_at {
                    flag.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        })
    };
    let count = ParallelSolver::new(problem)
        .threads(threads)
        .cancel_flag(Arc::clone(&flag))
        .progress(progress)
        .checkpoint(path, Duration::from_secs(3600))
        .count()
        .unwrap();
    flag.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    count
}

#[test]
fn a_stopped_run_keeps_everything_it_finished_and_resumes_exactly() {
    let p = load("q12.dlx");
    let seq = Solver::new(&p).count();
    for threads in [1, 2] {
        let dir = scratch();
        let path = dir.path().join("run.json");
        let stopped = count_until(&p, threads, &path, 60_000);
        assert!(
            !stopped.is_complete(),
            "{threads} threads: the run finished"
        );
        let saved = Checkpoint::load(&path).unwrap();
        saved.check(&p).unwrap();
        let kept = saved.totals().unwrap();
        // Before: with one thread the file said "root, to do" until the very end.
        assert_eq!(
            (kept.solutions, kept.nodes),
            (stopped.solutions, stopped.stats.nodes),
            "{threads} threads: the checkpoint lost finished work"
        );
        assert!(kept.updates <= stopped.stats.updates);
        // The records stay few: the finished parts merge.
        assert!(saved.units.len() < 64, "{} records", saved.units.len());
        let resumed = ParallelSolver::new(&p)
            .threads(threads)
            .resume(saved)
            .count()
            .unwrap();
        assert!(resumed.is_complete());
        assert_eq!(
            (
                resumed.solutions,
                resumed.stats.nodes,
                resumed.stats.updates
            ),
            (seq.solutions, seq.stats.nodes, seq.stats.updates)
        );
    }
}

/// A random problem with multiplicities (Algorithm M), big enough to be stopped part way:
/// 14 items, every third with bounds 1:2 and the next with 0:2, 60 options.
fn with_multiplicities() -> Problem {
    let mut state: u64 = 7;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let items: Vec<String> = (0..14).map(|k| format!("p{k}")).collect();
    let mut text: Vec<String> = vec![items
        .iter()
        .enumerate()
        .map(|(k, i)| match k % 3 {
            0 => format!("1:2|{i}"),
            1 => format!("0:2|{i}"),
            _ => i.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")];
    for _ in 0..60 {
        let mut option: Vec<&str> = Vec::new();
        let size = [2, 3, 3, 4][next(4) as usize];
        while option.len() < size {
            let item = items[next(14) as usize].as_str();
            if !option.contains(&item) {
                option.push(item);
            }
        }
        text.push(option.join(" "));
    }
    parse(&(text.join("\n") + "\n")).unwrap()
}

#[test]
fn a_stopped_run_with_multiplicities_resumes_exactly() {
    // Checkpoints cut running units by the number of branches of each level (θ in
    // Algorithm M): the pieces must exist when replayed.
    let p = with_multiplicities();
    assert!(p.has_multiplicities());
    let seq = Solver::new(&p).count();
    assert!(seq.stats.nodes > 100_000, "{}", seq.stats.nodes);
    let mut stopped_runs = 0;
    for threads in [1, 2, 1, 2] {
        let dir = scratch();
        let path = dir.path().join("run.json");
        let stopped = count_until(&p, threads, &path, seq.stats.nodes / 3);
        let saved = Checkpoint::load(&path).unwrap();
        saved.check(&p).unwrap();
        if stopped.is_complete() {
            continue;
        }
        stopped_runs += 1;
        assert_eq!(saved.totals().unwrap().nodes, stopped.stats.nodes);
        let resumed = ParallelSolver::new(&p)
            .threads(threads)
            .resume(saved)
            .count()
            .unwrap();
        assert_eq!(
            (
                resumed.solutions,
                resumed.stats.nodes,
                resumed.stats.updates
            ),
            (seq.solutions, seq.stats.nodes, seq.stats.updates)
        );
    }
    assert!(stopped_runs > 0, "every run finished before it was stopped");
}

#[test]
fn checkpoints_written_during_a_one_thread_run_show_progress() {
    // q14 on one thread takes long enough for several checkpoints 5 ms apart.
    let p = load("q14.dlx");
    let dir = scratch();
    let path = dir.path().join("run.json");
    let running = Arc::new(AtomicBool::new(true));
    let reader = {
        let (path, running) = (path.clone(), Arc::clone(&running));
        std::thread::spawn(move || {
            let mut best = 0;
            while running.load(Ordering::Relaxed) {
                if let Ok(c) = Checkpoint::load(&path) {
                    if !c.is_complete() {
                        best = best.max(c.totals().unwrap().nodes);
                    }
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            best
        })
    };
    let count = ParallelSolver::new(&p)
        .threads(1)
        .checkpoint(&path, Duration::from_millis(5))
        .count()
        .unwrap();
    running.store(false, Ordering::Relaxed);
    let best = reader.join().unwrap();
    assert_eq!(count.solutions, 365_596);
    assert!(
        best > 0,
        "no checkpoint written during the run recorded finished work"
    );
}

#[test]
fn the_first_checkpoint_is_written_as_soon_as_the_run_is_split() {
    // An interval of an hour: before issue 23 nothing but "the whole tree, to do" was on
    // disk until then. A reader stops the run as soon as the file shows the run split
    // into units (finished parts, or several units): that must happen long before q14's
    // count (a second or more) ends.
    let p = load("q14.dlx");
    for threads in [1, 2] {
        let dir = scratch();
        let path = dir.path().join("run.json");
        let stop = Arc::new(AtomicBool::new(false));
        let reader = {
            let (path, stop) = (path.clone(), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(c) = Checkpoint::load(&path) {
                        if c.units.len() > 1 || c.totals().unwrap().nodes > 0 {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
        };
        let count = ParallelSolver::new(&p)
            .threads(threads)
            .cancel_flag(Arc::clone(&stop))
            .checkpoint(&path, Duration::from_secs(3600))
            .count()
            .unwrap();
        stop.store(true, Ordering::Relaxed);
        reader.join().unwrap();
        assert!(
            !count.is_complete(),
            "{threads} threads: no checkpoint showed the run split before it ended"
        );
        // The file left covers the tree exactly once, with what was counted.
        let saved = Checkpoint::load(&path).unwrap();
        saved.check(&p).unwrap();
        assert!(saved.totals().unwrap().nodes <= count.stats.nodes);
    }
}

/// Whether some checkpoint written during a count of `problem` on two threads (every 5 ms)
/// had finished parts in two places of the tree before `share` of its nodes were done.
fn two_regions_early(problem: &Problem, total_nodes: u64, share: f64) -> bool {
    let dir = scratch();
    let path = dir.path().join("run.json");
    let running = Arc::new(AtomicBool::new(true));
    let reader = {
        let (path, running) = (path.clone(), Arc::clone(&running));
        std::thread::spawn(move || {
            let mut seen = false;
            while running.load(Ordering::Relaxed) && !seen {
                if let Ok(c) = Checkpoint::load(&path) {
                    let done = c.totals().unwrap().nodes;
                    let regions = c.units.iter().filter(|r| r.is_done()).count();
                    seen = regions >= 2 && (done as f64) < share * total_nodes as f64;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            seen
        })
    };
    ParallelSolver::new(problem)
        .threads(2)
        .checkpoint(&path, Duration::from_millis(5))
        .count()
        .unwrap();
    running.store(false, Ordering::Relaxed);
    reader.join().unwrap()
}

#[test]
fn a_checkpointed_run_keeps_every_worker_busy() {
    // The checkpoint writer waited on the workers' condition variable, so the wake-up meant
    // for an idle worker when the first unit was split (in two halves) could go to the
    // writer instead: the worker slept until the other had finished its half, and a
    // checkpointed run on two threads went on with one. With both at work, checkpoints
    // show finished parts in both halves well before half the tree is done.
    let p = load("q14.dlx");
    let total = Solver::new(&p).count().stats.nodes;
    for run in 0..3 {
        assert!(
            two_regions_early(&p, total, 0.35),
            "run {run}: one worker did all the work of the first part of the run"
        );
    }
}

/// A checkpoint of q12 as a run stopped part way leaves it.
fn partial_checkpoint(p: &Problem) -> Checkpoint {
    let dir = scratch();
    let path = dir.path().join("run.json");
    count_until(p, 2, &path, 40_000);
    Checkpoint::load(&path).unwrap()
}

#[test]
fn a_checkpoint_that_does_not_cover_the_tree_exactly_once_is_refused() {
    let p = load("q12.dlx");
    let seq = Solver::new(&p).count();
    let mut cases: Vec<(String, Checkpoint)> = Vec::new();
    for (name, base) in [
        ("split", split_units(&p, 16)),
        ("run", partial_checkpoint(&p)),
    ] {
        base.check(&p).unwrap();
        assert!(base.units.len() >= 2, "{name}");
        for k in 0..base.units.len() {
            let mut removed = base.clone();
            removed.units.remove(k);
            cases.push((format!("{name}: record {k} removed"), removed));
            let mut doubled = base.clone();
            doubled.units.push(base.units[k].clone());
            cases.push((format!("{name}: record {k} twice"), doubled));
        }
        let mut added = base.clone();
        added.units.push(UnitRecord {
            unit: Unit::Range {
                path: vec![],
                first: 1,
                last: 1,
            },
            weight: 0.0,
            done: Some(UnitCounts::default()),
            until: None,
        });
        cases.push((format!("{name}: a unit added"), added));
        let mut empty = base.clone();
        empty.units.clear();
        cases.push((format!("{name}: no records"), empty));
    }
    // A unit of a finer split of the same problem in place of one of a coarser split.
    let coarse = split_units(&p, 16);
    let fine = split_units(&p, 64);
    let mut mixed = coarse.clone();
    let k = mixed.units.iter().position(|r| r.done.is_none()).unwrap();
    let other = fine
        .units
        .iter()
        .find(|r| r.done.is_none() && !coarse.units.contains(r))
        .unwrap();
    mixed.units[k] = other.clone();
    cases.push(("a unit of another split".into(), mixed));
    for (what, c) in &cases {
        let err = c.check(&p);
        assert!(
            matches!(
                err,
                Err(CheckpointError::Gap { .. }
                    | CheckpointError::Overlap { .. }
                    | CheckpointError::BadEnd { .. })
            ),
            "{what}: {err:?}"
        );
        // The run refuses it too, rather than print a wrong total marked complete.
        let resumed = ParallelSolver::new(&p).threads(2).resume(c.clone()).count();
        assert!(resumed.is_err(), "{what}: resumed to {resumed:?}");
    }
    // The untouched ones resume to the exact total.
    for base in [split_units(&p, 16), partial_checkpoint(&p)] {
        let resumed = ParallelSolver::new(&p).resume(base).count().unwrap();
        assert_eq!(resumed.solutions, seq.solutions);
    }
}

/// Issue 40: the file of a stopped run with only its first finished record kept, and that
/// record's end moved to the end of the search, said the first record's solutions were the
/// complete total. Such edits (a record dropped, merged into another, given another end,
/// a count changed) are refused by the file's digest; the untouched file resumes exactly.
#[test]
fn a_hand_edited_checkpoint_file_is_refused() {
    let p = load("q12.dlx");
    let seq = Solver::new(&p).count();
    let dir = scratch();
    let path = dir.path().join("run.json");
    let saved = partial_checkpoint(&p);
    saved.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let units = json["units"].as_array().unwrap();
    let first_done = units.iter().position(|u| u.get("done").is_some()).unwrap();
    let mut edits: Vec<(&str, serde_json::Value)> = Vec::new();
    let mut only_first = json.clone();
    let mut kept = units[first_done].clone();
    kept["until"] = serde_json::json!("end");
    only_first["units"] = serde_json::json!([kept]);
    edits.push(("only the first finished record, until the end", only_first));
    let mut recount = json.clone();
    recount["units"][first_done]["done"]["solutions"] = serde_json::json!(1);
    edits.push(("a count changed", recount));
    let mut no_digest = json.clone();
    no_digest.as_object_mut().unwrap().remove("digest");
    edits.push(("no digest", no_digest));
    for (what, edited) in edits {
        std::fs::write(&path, edited.to_string()).unwrap();
        let err = Checkpoint::load(&path).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Digest { .. }),
            "{what}: {err}"
        );
        assert!(
            err.to_string().contains("changed after dlx wrote it"),
            "{what}: {err}"
        );
    }
    // Spaces and the order of fields do not matter: the records do.
    std::fs::write(&path, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    let c = Checkpoint::load(&path).unwrap();
    let resumed = ParallelSolver::new(&p).resume(c).count().unwrap();
    assert_eq!(resumed.solutions, seq.solutions);
}

/// A stale temporary file of a run killed while writing its checkpoint is removed by the
/// next write of that checkpoint; those of other checkpoints, and links, are left alone.
#[test]
fn the_next_write_removes_what_a_killed_writer_left() {
    let p = load("q8.dlx");
    let dir = scratch();
    let path = dir.path().join("run.json");
    let stale = dir.path().join(".dlx-checkpoint-run.json-AbC123.tmp");
    let other = dir.path().join(".dlx-checkpoint-other.json-AbC123.tmp");
    std::fs::write(&stale, "half a checkpo").unwrap();
    std::fs::write(&other, "another run's").unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let link = dir.path().join(".dlx-checkpoint-run.json-link.tmp");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    Checkpoint::fresh(&p).save(&path).unwrap();
    assert!(!stale.exists());
    assert!(other.exists());
    assert!(std::fs::symlink_metadata(&link).is_ok());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 4, "{names:?}");
}

/// Issue 40: once the checkpoint could no longer be written (its path made a directory part
/// way), the run stopped, and the last write's error lost the count. Now each failed write
/// is handed to the caller, the run goes on, and the exact count comes back.
#[test]
fn a_checkpoint_that_cannot_be_written_loses_no_count() {
    let p = load("q12.dlx");
    let seq = Solver::new(&p).count();
    for threads in [1, 2] {
        let dir = scratch();
        let path = dir.path().join("run.json");
        let progress = Progress::new();
        let done = Arc::new(AtomicBool::new(false));
        let blocker = {
            let (progress, done, path) = (progress.clone(), Arc::clone(&done), path.clone());
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) && progress.snapshot().nodes < 1_000 {
                    std::thread::sleep(Duration::from_micros(100));
                }
                // A directory in the checkpoint's place: every later write fails.
                let _ = std::fs::remove_file(&path);
                std::fs::create_dir(&path).unwrap();
            })
        };
        let failed = std::sync::Mutex::new(Vec::new());
        let count = ParallelSolver::new(&p)
            .threads(threads)
            .progress(progress)
            .checkpoint(&path, Duration::from_millis(1))
            .on_checkpoint_error(|e, last| failed.lock().unwrap().push((e.to_string(), last)))
            .count()
            .unwrap();
        done.store(true, Ordering::Relaxed);
        blocker.join().unwrap();
        assert!(count.is_complete());
        assert_eq!(count.solutions, seq.solutions);
        assert_eq!(count.stats.nodes, seq.stats.nodes);
        let failed = failed.into_inner().unwrap();
        assert_eq!(failed.last().map(|f| f.1), Some(true), "{failed:?}");
        assert!(
            failed.iter().all(|(e, _)| e.contains("directory")),
            "{failed:?}"
        );
        // Without a handler, a write that fails is the run's error (here the first).
        let err = ParallelSolver::new(&p)
            .threads(threads)
            .checkpoint(dir.path().join("run.json"), Duration::from_secs(3600))
            .count();
        assert!(err.is_err());
    }
}

#[test]
fn a_pending_unit_must_end_where_its_unit_ends() {
    let p = load("q8.dlx");
    let mut plan = split_units(&p, 8);
    let k = plan.units.iter().position(|r| r.done.is_none()).unwrap();
    plan.units[k].until = Some(TreePosition::End);
    assert!(matches!(
        plan.check(&p),
        Err(CheckpointError::BadEnd { .. } | CheckpointError::Overlap { .. })
    ));
}

#[test]
fn counts_never_wrap() {
    let p = load("q8.dlx");
    let mut plan = split_units(&p, 8);
    let huge = UnitCounts {
        solutions: u64::MAX - 1,
        nodes: 1,
        updates: 1,
    };
    // Every unit "finished", each with almost 2^64 solutions.
    for r in plan.units.iter_mut() {
        r.done = Some(huge);
    }
    assert!(plan.units.len() >= 2);
    assert!(matches!(plan.totals(), Err(CheckpointError::Overflow)));
    assert!(matches!(plan.check(&p), Err(CheckpointError::Overflow)));
    assert!(ParallelSolver::new(&p).resume(plan).count().is_err());
}

#[test]
#[cfg(unix)]
fn the_writer_refuses_a_fifo_and_leaves_it_alone() {
    let dir = scratch();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available: skipped");
        return;
    }
    let p = load("q8.dlx");
    let err = Checkpoint::fresh(&p).save(&fifo).unwrap_err();
    assert!(matches!(err, CheckpointError::Refused { .. }), "{err}");
    assert!(err.to_string().contains("not a regular file"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    // Reading it is refused at once, not a wait for a writer.
    let err = Checkpoint::load(&fifo).unwrap_err();
    assert!(matches!(err, CheckpointError::Refused { .. }), "{err}");
    // And a run with it as its checkpoint fails before searching.
    let run = ParallelSolver::new(&p)
        .checkpoint(&fifo, Duration::from_secs(1))
        .count();
    assert!(run.is_err());
    // Nothing else was left in the directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
#[cfg(unix)]
fn the_writer_follows_no_link() {
    let dir = scratch();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let p = load("q8.dlx");
    let path = dir.path().join("run.json");
    // A link planted at the temporary name the writer used to use (PATH.tmp<pid>).
    let mut planted = path.as_os_str().to_owned();
    planted.push(format!(".tmp{}", std::process::id()));
    let planted = PathBuf::from(planted);
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    Checkpoint::fresh(&p).save(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(Checkpoint::load(&path).unwrap(), Checkpoint::fresh(&p));
    // A link at the checkpoint's own path is refused, not replaced nor followed.
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let err = Checkpoint::fresh(&p).save(&link).unwrap_err();
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // No temporary file is left behind.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains("dlx-checkpoint"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn an_oversized_or_foreign_file_is_refused() {
    let dir = scratch();
    let path = dir.path().join("big.json");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(dlx_core::MAX_CHECKPOINT_BYTES + 1).unwrap();
    let err = Checkpoint::load(&path).unwrap_err();
    assert!(matches!(err, CheckpointError::Refused { .. }), "{err}");
    std::fs::write(&path, "{\"version\":1,\"problem\":\"x\",\"units\":[]}").unwrap();
    assert!(matches!(
        Checkpoint::load(&path),
        Err(CheckpointError::Version { found: 1 })
    ));
}

#[test]
fn a_path_through_branch_zero_is_refused() {
    // Found by the fuzzing harness (tests/fuzz.rs): `branch - 1` underflowed for a path
    // through branch 0 (branches count from 1).
    let p = load("q8.dlx");
    let unit = Unit::Range {
        path: vec![0],
        first: 1,
        last: 2,
    };
    assert!(matches!(
        dlx_core::UnitSearch::new(&p, &unit),
        Err(dlx_core::UnitError::NoSuchBranch {
            level: 0,
            branch: 0
        })
    ));
}
