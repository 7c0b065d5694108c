//! Times the memoised count on one instance, for exploring (not a benchmark):
//! `cargo run --profile bench -p benches --example memo_probe -- dominoes 16 16 first [threads [memo]]`
//! (`memo`: no fallback to enumeration)
//! or `... -- file dlx-core/tests/data/pent6x10.dlx fewest`.

use std::time::Instant;

use dlx_core::{format::parse, ItemOrder, MemoSolver, Problem};
use dlx_sudoku::polyomino::Tiles;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (problem, rest): (Problem, &[String]) = match args[0].as_str() {
        "dominoes" => (
            Tiles::dominoes(args[1].parse().unwrap(), args[2].parse().unwrap())
                .unwrap()
                .problem()
                .clone(),
            &args[3..],
        ),
        "file" => (
            parse(&std::fs::read_to_string(&args[1]).unwrap()).unwrap(),
            &args[2..],
        ),
        "pent" => (
            reorder(
                &parse(&std::fs::read_to_string(&args[1]).unwrap()).unwrap(),
                args[2].parse().unwrap(),
            ),
            &args[3..],
        ),
        "tour" => (
            dlx_sudoku::tour_count::TourCount::new(
                args[1].parse().unwrap(),
                args[2].parse().unwrap(),
                if args[3] == "closed" {
                    dlx_sudoku::tour_count::TourKind::Closed
                } else {
                    dlx_sudoku::tour_count::TourKind::Open
                },
            )
            .unwrap()
            .problem()
            .clone(),
            &args[4..],
        ),
        other => panic!("unknown {other}"),
    };
    let order: ItemOrder = rest
        .first()
        .map_or(ItemOrder::Fewest, |s| s.parse().unwrap());
    let threads: usize = rest.get(1).map_or(1, |s| s.parse().unwrap());
    let fallback = rest.get(2).is_none_or(|s| s != "memo");
    eprintln!(
        "{} options, {} primary and {} secondary items, {} bytes of dense state",
        problem.num_options(),
        problem.num_primary(),
        problem.num_secondary(),
        dlx_core::dense_state_bytes(&problem)
    );
    if std::env::var_os("MEMO_PROBE_WRITE").is_some() {
        // The problem in Knuth's format, for `dlx count` (no count made).
        print!("{}", dlx_core::format::write(&problem).unwrap());
        return;
    }
    let t = Instant::now();
    let c = MemoSolver::new(&problem)
        .unwrap()
        .order(order)
        .threads(threads)
        .fallback(fallback)
        .count()
        .unwrap();
    let s = &c.stats;
    println!(
        "{} in {:.3} s: nodes {} lookups {} hits {} ({:.1}%) dead {} entries {} peak {:.1} MB flushes {} plain {} ({:.1}x) fell back {} ({} nodes)",
        c.solutions,
        t.elapsed().as_secs_f64(),
        s.nodes,
        s.lookups,
        s.hits,
        100.0 * s.hit_rate(),
        s.dead_ends,
        s.entries,
        s.peak_bytes as f64 / 1e6,
        s.flushes,
        s.plain_nodes,
        s.plain_nodes as f64 / s.nodes as f64,
        s.fell_back,
        s.enumeration_nodes
    );
}

/// The same problem with its items in another order: cells column by column (the first
/// `pieces` items, the pieces, go last).
fn reorder(p: &Problem, pieces: usize) -> Problem {
    let mut names: Vec<String> = p.items().map(|i| p.item_name(i).to_string()).collect();
    let (head, cells) = names.split_at_mut(pieces);
    let mut cells = cells.to_vec();
    cells.sort_by_key(|n| {
        let digits: String = n.chars().take_while(|c| c.is_ascii_digit()).collect();
        let letters: String = n.chars().skip_while(|c| c.is_ascii_digit()).collect();
        (letters, digits.parse::<u32>().unwrap())
    });
    let head = head.to_vec();
    names = cells.into_iter().chain(head).collect();
    let mut b = dlx_core::ProblemBuilder::new();
    for n in &names {
        b.add_primary(n.as_str()).unwrap();
    }
    for o in p.options() {
        let items: Vec<&str> = p.option_items(o).map(|i| p.item_name(i)).collect();
        b.add_option_by_names(items).unwrap();
    }
    b.build().unwrap()
}
