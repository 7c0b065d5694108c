//! Experiment: solve a puzzle with its constraints in shuffled orders, to see how much the
//! clause solver's time depends on the order (heavy tails).
use dlx_sudoku::variant::{read_puzzle, VariantEngine, VariantSolver};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let p = read_puzzle(&text).unwrap().puzzle;
    let tries: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut state = 12345u64;
    for t in 0..tries {
        let mut q = p.clone();
        for i in (1..q.constraints.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let j = (state % (i as u64 + 1)) as usize;
            q.constraints.swap(i, j);
        }
        let solver = VariantSolver::new(&q)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
            .with_node_budget(2_000_000);
        let (a, r) = solver.unique_with_report();
        println!(
            "{t}: {:?} {} conflicts {}",
            r.elapsed,
            r.conflicts,
            matches!(a, dlx_sudoku::Uniqueness::Multiple(..))
        );
    }
}
