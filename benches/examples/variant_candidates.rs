//! True candidates of every f-puzzles puzzle of the folders given, with a third of its
//! givens removed (a fixed seed, the same for every run): the time of each, the number of
//! searches it took, and checks (every digit of the published solution is a candidate, a
//! puzzle still unique has its solution as candidates); then the median and the maximum.
//! Also the coloured (cap 8) candidates of the empty 9×9 grid, and of an empty grid with one
//! killer cage and one thermometer.
//!
//! ```sh
//! cargo run --release -p benches --example variant_candidates -- ../shared/puzzles/variants/peer-suite
//! ```
//!
//! `CAP=N` (default 1) counts solutions per candidate up to N; `ENGINE=auto|sat|dlx` picks
//! the engine (default auto); `REPEAT=N` takes the best of N runs per puzzle (default 1);
//! `TIMEOUT_MS=N` cancels a puzzle's search after N ms (default 60,000: it is then
//! reported INCOMPLETE); `WRITE=DIR` writes each puzzle with its givens removed as f-puzzles
//! JSON into DIR, for peers to run on the same grids. `AS_IS=1` keeps every given (to time
//! the grids `WRITE` wrote, one file at a time, beside the peers); `EMPTY=0` leaves out the
//! near-empty grids.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::rules::sample::Rng;
use dlx_sudoku::variant::{
    read_puzzle, to_fpuzzles, Killer, Line, LineKind, VariantEngine, VariantPuzzle, VariantSolver,
};

/// The puzzle with a third of its givens removed: each given goes with chance 1/3,
/// decided by a generator seeded from the file's name.
pub fn remove_third(p: &VariantPuzzle, name: &str) -> VariantPuzzle {
    let seed = name.bytes().fold(0x9e37_79b9_7f4a_7c15u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let mut rng = Rng(seed | 1);
    let mut out = p.clone();
    let n = p.size();
    for k in 0..n * n {
        let c = Cell::from_index(k, n);
        if p.givens.get(c).is_some() && rng.next_u64() % 3 == 0 {
            out.givens.set(c, None).expect("inside the grid");
        }
    }
    out
}

fn engine() -> VariantEngine {
    match std::env::var("ENGINE").as_deref() {
        Ok("sat") => VariantEngine::ClauseLearning,
        Ok("dlx") => VariantEngine::DancingLinks,
        _ => VariantEngine::Auto,
    }
}

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The best time of `repeat` runs, and the answer of the last; each run is cancelled after
/// `TIMEOUT_MS` (default 60,000), its answer then marked incomplete.
fn timed(
    solver: &VariantSolver,
    cap: u32,
    repeat: u32,
) -> (Duration, dlx_sudoku::variant::TrueCandidates) {
    let timeout = Duration::from_millis(u64::from(env_u32("TIMEOUT_MS", 60_000)));
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..repeat.max(1) {
        let flag = Arc::new(AtomicBool::new(false));
        let (done, wait) = mpsc::channel::<()>();
        let timer = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                if wait.recv_timeout(timeout).is_err() {
                    flag.store(true, Ordering::Relaxed);
                }
            })
        };
        let solver = solver.clone().with_cancel_flag(flag);
        let start = Instant::now();
        let tc = solver.true_candidates(cap);
        best = best.min(start.elapsed());
        let _ = done.send(());
        let _ = timer.join();
        last = Some(tc);
    }
    (best, last.expect("one run"))
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    match times.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2,
    }
}

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    let cap = env_u32("CAP", 1);
    let repeat = env_u32("REPEAT", 1);
    let write = std::env::var("WRITE").ok().map(PathBuf::from);
    let mut files: Vec<PathBuf> = Vec::new();
    for d in &dirs {
        let p = Path::new(d);
        if p.is_file() {
            files.push(p.to_path_buf());
            continue;
        }
        let mut list: Vec<PathBuf> = std::fs::read_dir(p)
            .unwrap_or_else(|e| panic!("{d}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        list.sort();
        files.extend(list);
    }
    let mut times = Vec::new();
    let mut faults = 0;
    println!(
        "{:44} {:>10} {:>8} {:>9} {:>6}  note",
        "puzzle", "ms", "queries", "solutions", "cands"
    );
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        let p = match read_puzzle(&text) {
            Ok(i) => i.puzzle,
            Err(e) => {
                println!("{name:44} refused: {e}");
                continue;
            }
        };
        let fewer = if env_u32("AS_IS", 0) == 1 {
            p.clone()
        } else {
            remove_third(&p, &name)
        };
        if let Some(dir) = &write {
            std::fs::create_dir_all(dir).unwrap();
            if let Ok(json) = to_fpuzzles(&fewer) {
                std::fs::write(dir.join(&name), json).unwrap();
            }
        }
        let solver = match VariantSolver::new(&fewer) {
            Ok(s) => s.with_engine(engine()),
            Err(e) => {
                println!("{name:44} refused: {e}");
                continue;
            }
        };
        let (t, tc) = timed(&solver, cap, repeat);
        let n = fewer.size();
        let open: usize = (0..n * n)
            .map(|k| tc.candidates(Cell::from_index(k, n)).len())
            .sum();
        let mut note = String::new();
        if !tc.is_complete() {
            note.push_str("INCOMPLETE ");
            faults += 1;
        }
        let published_ok = p.solution.as_ref().is_some_and(|g| {
            let s = dlx_sudoku::variant::VariantSolution {
                grid: g.clone(),
                shading: None,
                letters: Vec::new(),
            };
            p.check(&s).is_ok()
        });
        if tc.report().rejected > 0 {
            note.push_str(&format!("{} refused by the checker ", tc.report().rejected));
        }
        if let Some(sol) = p.solution.as_ref().filter(|_| published_ok) {
            let lost = (0..n * n)
                .map(|k| Cell::from_index(k, n))
                .filter(|&c| sol.get(c).is_some_and(|d| tc.count(c, d) == 0))
                .count();
            if lost > 0 && !p.has_shading() {
                note.push_str(&format!("LOST {lost} solution digits "));
                faults += 1;
            }
        }
        if tc.is_unique() {
            note.push_str("unique");
        }
        println!(
            "{name:44} {:>10.1} {:>8} {:>9} {:>6}  {note}",
            t.as_secs_f64() * 1e3,
            tc.queries(),
            if tc.all_solutions() {
                tc.solutions().to_string()
            } else {
                format!("≥{}", tc.solutions())
            },
            open
        );
        times.push(t);
    }
    if !times.is_empty() {
        let max = times.iter().max().copied().unwrap_or_default();
        let med = median(&mut times);
        println!(
            "{} puzzles, cap {cap}: median {:.1} ms, max {:.1} ms, {faults} faults",
            times.len(),
            med.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3
        );
    }
    if env_u32("EMPTY", 1) == 0 {
        if faults > 0 {
            std::process::exit(1);
        }
        return;
    }
    // Coloured candidates of near-empty grids.
    let mut empty = VariantPuzzle::new(Shape::classic());
    let solver = VariantSolver::new(&empty).unwrap().with_engine(engine());
    let (t, tc) = timed(&solver, 8, repeat);
    println!(
        "empty 9×9, cap 8: {:.1} ms, {} queries, complete {}",
        t.as_secs_f64() * 1e3,
        tc.queries(),
        tc.is_complete()
    );
    empty.constraints.push(
        Killer {
            cells: vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0)],
            sum: Some(7),
        }
        .into(),
    );
    let thermo = [
        Cell::new(4, 4),
        Cell::new(4, 5),
        Cell::new(4, 6),
        Cell::new(4, 7),
    ];
    empty
        .constraints
        .push(Line::new(LineKind::Thermometer, thermo).into());
    let solver = VariantSolver::new(&empty).unwrap().with_engine(engine());
    let (t, tc) = timed(&solver, 8, repeat);
    println!(
        "empty 9×9 with a cage and a thermometer, cap 8: {:.1} ms, {} queries, complete {}",
        t.as_secs_f64() * 1e3,
        tc.queries(),
        tc.is_complete()
    );
    if faults > 0 {
        std::process::exit(1);
    }
}
