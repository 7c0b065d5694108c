//! Counting by symmetry against the plain count, interleaved (plain, symmetric, plain,
//! symmetric, ...) so that both see the same load, on the engine `dlx count` picks, one
//! thread; prints the medians, their ratio, the nodes of each and the time to find the
//! group. `ROUNDS` (default 3) rounds; names on the command line pick the cases (`q12`,
//! `q14`, `pent6x10`, `pent8x8hole`, `nosym`).
//!
//! `cargo run --release -p benches --example symmetry_interleaved -- q14 pent6x10`

use std::time::{Duration, Instant};

use dlx_core::symmetry::{find_group, Group, SymmetricCounter};
use dlx_core::{Auto, Problem, Solver};
use dlx_sudoku::grid::Cell;
use dlx_sudoku::polyomino::{Packing, PolyominoBoard, SymmetryBreaking};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::symmetry::{packing_generators, queens_generators};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn run(name: &str, p: &Problem, g: &Group, rounds: usize) {
    let (mut tp, mut ts) = (Vec::new(), Vec::new());
    let (mut plain_nodes, mut sym_nodes, mut subs) = (0, 0, 0);
    let (mut total, mut up) = (0, None);
    for _ in 0..rounds {
        let t = Instant::now();
        let Ok(solver) = Solver::<Auto>::try_new(p);
        let c = solver.count();
        tp.push(t.elapsed());
        plain_nodes = c.stats.nodes;
        let t = Instant::now();
        let s = SymmetricCounter::new(p, g)
            .up_to_symmetry(true)
            .count()
            .expect("a group of the problem");
        ts.push(t.elapsed());
        assert_eq!(s.solutions, c.solutions, "{name}");
        (sym_nodes, subs, total, up) = (s.nodes, s.subproblems, s.solutions, s.up_to_symmetry);
    }
    let t = Instant::now();
    let found = find_group(p).expect("found");
    let tf = t.elapsed();
    let (mp, ms) = (median(tp), median(ts));
    println!(
        "{name}: {total} solutions, {up:?} up to symmetry, group of order {} | plain {:.3} s, \
         {plain_nodes} nodes | symmetric {:.3} s, {sym_nodes} nodes, {subs} sub-problems | \
         ratio {:.2} | group found in {:.1} ms (order {})",
        g.order(),
        mp.as_secs_f64(),
        ms.as_secs_f64(),
        mp.as_secs_f64() / ms.as_secs_f64(),
        tf.as_secs_f64() * 1e3,
        found.order()
    );
}

fn main() {
    let which: Vec<String> = std::env::args().skip(1).collect();
    let want = |s: &str| which.is_empty() || which.iter().any(|w| w == s);
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    for n in [12, 14] {
        let name = format!("q{n}");
        if want(&name) {
            let q = Queens::new(n).expect("a board");
            let g = Group::new(q.problem(), queens_generators(&q)).expect("a group");
            run(&name, q.problem(), &g, rounds);
        }
    }
    let hole = PolyominoBoard::rectangle(8, 8)
        .expect("a board")
        .without_rect(Cell::new(3, 3), 2, 2);
    let rect = PolyominoBoard::rectangle(6, 10).expect("a board");
    for (name, board, symmetry) in [
        ("pent6x10", rect.clone(), SymmetryBreaking::None),
        ("pent8x8hole", hole, SymmetryBreaking::None),
        ("nosym", rect, SymmetryBreaking::Auto),
    ] {
        if want(name) {
            let p = Packing::pentominoes(board, symmetry).expect("a board");
            let g = Group::new(p.problem(), packing_generators(&p)).expect("a group");
            run(name, p.problem(), &g, rounds);
        }
    }
}
