//! Sudoku of any shape, the engines of `SudokuSolver` timed in alternation: the bitboard
//! engine, `dlx-core`'s dense engine and its dancing links, each answering "unique?" (up to
//! two solutions) for every puzzle of a set, one whole pass each in turn, round after round.
//! The companion of `sudoku_interleaved` (9×9 against the peers) for the shapes the peers do
//! not read: 16×16, jigsaw, Sudoku X.
//!
//! ```text
//! cargo run --profile bench -p benches --example sudoku_engines -- SET [--jigsaw MAP | --shape RxC | --x] [ROUNDS]
//! ```
//!
//! `SET` holds one puzzle a line (as `dlx sudoku` reads them); sets made by the
//! `sudoku_generate` example are in `benches/data/sudoku/shapes/`. Every engine answers
//! every puzzle first and the answers are compared. Prints nodes a puzzle, each engine's
//! best and median throughput, and the ratios bitboard / other. `SUDOKU_ENGINES=bitboard,dense` (names, comma-separated) times
//! only those.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::best_and_median;
use benches::data::jigsaw_shape;
use dlx_sudoku::sudoku::{Encoding, Grid, Parser, Shape, SudokuEngine, SudokuSolver};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: sudoku_engines SET [--jigsaw MAP | --shape RxC | --x] [ROUNDS]";
    let Some(path) = args.first() else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let mut rest = args[1..].iter();
    let mut shape: Option<Shape> = None;
    let mut diagonals = false;
    let mut rounds = 5usize;
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--jigsaw" => {
                let Some(map) = rest.next() else {
                    eprintln!("{usage}");
                    return ExitCode::FAILURE;
                };
                match jigsaw_shape(std::path::Path::new(map)) {
                    Ok(s) => shape = Some(s),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            "--shape" => {
                let Some((r, c)) = rest
                    .next()
                    .and_then(|s| s.split_once('x'))
                    .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                else {
                    eprintln!("{usage}");
                    return ExitCode::FAILURE;
                };
                shape = Some(Shape::boxed(r, c).expect("a box shape"));
            }
            "--x" => diagonals = true,
            r => match r.parse() {
                Ok(r) if r > 0 => rounds = r,
                _ => {
                    eprintln!("{usage}");
                    return ExitCode::FAILURE;
                }
            },
        }
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let parser = match &shape {
        Some(s) => Parser::new().size(s.size()),
        None => Parser::new(),
    };
    let grids: Vec<Grid> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| parser.line(l).expect("a puzzle"))
        .collect();
    let Some(first) = grids.first() else {
        eprintln!("{path}: no puzzle");
        return ExitCode::FAILURE;
    };
    let mut shape = match shape {
        Some(s) => s,
        None => Shape::for_size(first.size()).expect("a size with boxes"),
    };
    if diagonals {
        shape = shape.with_diagonals();
    }
    let encoding = Encoding::new(shape).expect("a shape");
    // `SUDOKU_ENGINES=bitboard` (for a profile): that engine alone.
    let only = std::env::var("SUDOKU_ENGINES").ok();
    let engines: Vec<SudokuEngine> = [
        SudokuEngine::Bitboard,
        SudokuEngine::Dense,
        SudokuEngine::Links,
    ]
    .into_iter()
    .filter(|e| {
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|n| n == e.name()))
    })
    .collect();
    let solvers: Vec<SudokuSolver<'_>> = engines
        .iter()
        .map(|&e| {
            SudokuSolver::new(&encoding)
                .with_engine(e)
                .expect("the shape fits")
        })
        .collect();
    let answer = |s: &SudokuSolver<'_>, g: &Grid| s.count(g, Some(2)).expect("a valid puzzle");

    // The check, and the size of each engine's search.
    let mut nodes = vec![0u64; engines.len()];
    for g in &grids {
        let want = answer(&solvers[0], g).solutions;
        for (k, s) in solvers.iter().enumerate() {
            let c = answer(s, g);
            assert_eq!(c.solutions, want, "{}: {}", engines[k].name(), g.to_line());
            nodes[k] += c.stats.nodes;
        }
    }

    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); engines.len()];
    for _ in 0..rounds {
        for (k, s) in solvers.iter().enumerate() {
            let start = Instant::now();
            let total: u64 = grids.iter().map(|g| answer(s, g).solutions).sum();
            times[k].push(start.elapsed());
            std::hint::black_box(total);
        }
    }
    let n = grids.len() as f64;
    let (best, mid): (Vec<Duration>, Vec<Duration>) =
        times.iter_mut().map(|t| best_and_median(t)).unzip();
    let rate = |d: Duration| n / d.as_secs_f64();
    println!("{path}: {} puzzles, {rounds} rounds", grids.len());
    for (k, engine) in engines.iter().enumerate() {
        print!(
            "{:>9}: {:>9.1} nodes a puzzle, best {:>9.0}/s, median {:>9.0}/s",
            engine.name(),
            nodes[k] as f64 / n,
            rate(best[k]),
            rate(mid[k])
        );
        if k > 0 {
            print!(
                "; {} / {} best {:.3}, median {:.3}",
                engines[0].name(),
                engine.name(),
                best[k].as_secs_f64() / best[0].as_secs_f64(),
                mid[k].as_secs_f64() / mid[0].as_secs_f64()
            );
        }
        println!();
    }
    ExitCode::SUCCESS
}
