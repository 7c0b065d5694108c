use dlx_core::symmetry::{find_group, Group, SymmetricCounter};
use dlx_core::{Auto, Problem, Solver};
use dlx_sudoku::grid::Cell;
use dlx_sudoku::polyomino::{Board, Packing, SymmetryBreaking};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::symmetry::*;
use std::time::Instant;
fn run(name: &str, p: &Problem, g: &Group) {
    let t = Instant::now();
    let plain = match Solver::<Auto>::try_new(p) {
        Ok(s) => s,
        Err(n) => match n {},
    }
    .count();
    let tp = t.elapsed();
    let t = Instant::now();
    let c = SymmetricCounter::new(p, g)
        .up_to_symmetry(true)
        .count()
        .unwrap();
    let ts = t.elapsed();
    let t = Instant::now();
    let found = find_group(p).unwrap();
    let tf = t.elapsed();
    println!("{name}: plain {} {:?} nodes {} | sym {} up {:?} {:?} nodes {} subs {} | ratio {:.2} | find order {} {:?}",
        plain.solutions, tp, plain.stats.nodes, c.solutions, c.up_to_symmetry, ts, c.nodes, c.subproblems,
        tp.as_secs_f64() / ts.as_secs_f64(), found.order(), tf);
}
fn main() {
    let which: Vec<String> = std::env::args().skip(1).collect();
    let want = |s: &str| which.is_empty() || which.iter().any(|w| w == s);
    if want("q12") {
        let q = Queens::new(12).unwrap();
        run(
            "q12",
            q.problem(),
            &Group::new(q.problem(), queens_generators(&q)).unwrap(),
        );
    }
    if want("q14") {
        let q = Queens::new(14).unwrap();
        run(
            "q14",
            q.problem(),
            &Group::new(q.problem(), queens_generators(&q)).unwrap(),
        );
    }
    if want("p6x10") {
        let p =
            Packing::pentominoes(Board::rectangle(6, 10).unwrap(), SymmetryBreaking::None).unwrap();
        run(
            "pent6x10",
            p.problem(),
            &Group::new(p.problem(), packing_generators(&p)).unwrap(),
        );
    }
    if want("hole") {
        let b = Board::rectangle(8, 8)
            .unwrap()
            .without_rect(Cell::new(3, 3), 2, 2);
        let p = Packing::pentominoes(b, SymmetryBreaking::None).unwrap();
        run(
            "pent8x8hole",
            p.problem(),
            &Group::new(p.problem(), packing_generators(&p)).unwrap(),
        );
    }
    if want("none") {
        let p =
            Packing::pentominoes(Board::rectangle(6, 10).unwrap(), SymmetryBreaking::Auto).unwrap();
        run(
            "pent6x10-broken",
            p.problem(),
            &Group::new(p.problem(), packing_generators(&p)).unwrap(),
        );
    }
}
