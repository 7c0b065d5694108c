//! Makes stress puzzles for the variant solver: a random solution (digits, and a yin-yang
//! shading or letters where the mix needs them), then random clues of the mix's kinds
//! that hold for it, each chosen to break the second solution the solver finds, until the
//! puzzle is unique. No givens. Writes each puzzle in our TOML format.
//!
//! ```sh
//! cargo run --release -p benches --example variant_generate -- zippery 3 out/
//! ```
//!
//! Mixes: `zippery` (yin-yang and conditional lines of eight kinds), `halves` (renban
//! lines, arrows and letters in circles), `killer` (cages only).

use std::path::PathBuf;

use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::rules::sample::Rng;
use dlx_sudoku::variant::{
    to_toml, Arrow, Constraint, Killer, LetterCircle, Letters, Line, LineKind, Shade,
    VariantEngine, VariantPuzzle, VariantSolution, VariantSolver, YinYang,
};
use dlx_sudoku::Uniqueness;

/// A random walk of king moves through distinct cells.
fn walk(rng: &mut Rng, n: usize, len: usize, orthogonal: bool) -> Option<Vec<Cell>> {
    let mut path = vec![Cell::new(rng.below(n), rng.below(n))];
    while path.len() < len {
        let last = *path.last()?;
        let mut steps = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if (dr, dc) == (0, 0) || (orthogonal && dr != 0 && dc != 0) {
                    continue;
                }
                let (r, c) = (last.row as i64 + dr, last.col as i64 + dc);
                if r >= 0 && c >= 0 && r < n as i64 && c < n as i64 {
                    let cell = Cell::new(r as usize, c as usize);
                    if !path.contains(&cell) {
                        steps.push(cell);
                    }
                }
            }
        }
        if steps.is_empty() {
            return None;
        }
        path.push(steps[rng.below(steps.len())]);
    }
    Some(path)
}

/// A random solution of a puzzle, from a few random givens (or shadings).
fn random_solution(rng: &mut Rng, base: &VariantPuzzle, shading: bool) -> VariantSolution {
    let n = base.size();
    loop {
        let mut p = base.clone();
        for _ in 0..8 {
            let c = Cell::new(rng.below(n), rng.below(n));
            let _ = p.givens.set(c, Some(1 + rng.below(n) as u8));
        }
        if shading {
            for _ in 0..6 {
                let cell = Cell::new(rng.below(n), rng.below(n));
                p.constraints.push(
                    Shade {
                        cell,
                        water: rng.below(2) == 1,
                    }
                    .into(),
                );
            }
        }
        let Ok(solver) = VariantSolver::new(&p) else {
            continue;
        };
        if let Some(s) = solver
            .with_engine(VariantEngine::ClauseLearning)
            .first()
            .solution()
        {
            return s;
        }
    }
}

fn digit(s: &VariantSolution, c: Cell) -> i64 {
    i64::from(s.grid.get(c).unwrap())
}

/// A random clue of the mix that holds for the reference.
fn clue(rng: &mut Rng, mix: &str, p: &VariantPuzzle, r: &VariantSolution) -> Option<Constraint> {
    let n = p.size();
    let c: Constraint = match mix {
        "zippery" => {
            let kinds = [
                LineKind::Renban,
                LineKind::Nabner,
                LineKind::Whispers { difference: None },
                LineKind::RegionSum,
                LineKind::Parity,
                LineKind::Entropic,
                LineKind::Palindrome,
                LineKind::SameDifference,
            ];
            let len = 3 + rng.below(4);
            let cells = walk(rng, n, len, false)?;
            Line {
                kind: kinds[rng.below(kinds.len())],
                cells,
                conditional: true,
                closed: false,
            }
            .into()
        }
        "halves" => match rng.below(3) {
            0 => {
                let len = 2 + rng.below(4);
                Line::new(LineKind::Renban, walk(rng, n, len, false)?).into()
            }
            1 => {
                let len = 2 + rng.below(3);
                let w = walk(rng, n, len, false)?;
                Arrow {
                    circle: vec![w[0]],
                    shaft: w[1..].to_vec(),
                }
                .into()
            }
            _ => {
                let (row, col) = (rng.below(n - 1), rng.below(n - 1));
                let cells = vec![
                    Cell::new(row, col),
                    Cell::new(row, col + 1),
                    Cell::new(row + 1, col),
                    Cell::new(row + 1, col + 1),
                ];
                let letters = ['A', 'B', 'C', 'D', 'E'];
                LetterCircle {
                    cells,
                    letter: letters[rng.below(letters.len())],
                }
                .into()
            }
        },
        _ => {
            let len = 2 + rng.below(4);
            let cells = walk(rng, n, len, true)?;
            let sum = cells.iter().map(|&c| digit(r, c) as u32).sum();
            Killer {
                cells,
                sum: Some(sum),
            }
            .into()
        }
    };
    let mut q = p.clone();
    q.constraints.push(c.clone());
    (q.validate().is_ok() && q.check(r).is_ok()).then_some(c)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mix, count, out] = &args[..] else {
        eprintln!("usage: variant_generate zippery|halves|killer COUNT DIR");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("a number of puzzles");
    let out = PathBuf::from(out);
    std::fs::create_dir_all(&out).expect("the output folder");
    let mut rng = Rng(0x9e3779b97f4a7c15 ^ (mix.len() as u64 * 7919));
    for k in 0..count {
        let mut p = VariantPuzzle::new(Shape::classic());
        p.title = Some(format!("{mix} {}", k + 1));
        match mix.as_str() {
            "zippery" => p.constraints.push(YinYang.into()),
            "halves" => p
                .constraints
                .push(Letters(vec!['A', 'B', 'C', 'D', 'E']).into()),
            _ => {}
        }
        let reference = random_solution(&mut rng, &p, mix == "zippery");
        let mut clues = 0;
        loop {
            let solver = VariantSolver::new(&p)
                .unwrap()
                .with_engine(VariantEngine::ClauseLearning);
            let (answer, report) = solver.unique_with_report();
            if report.elapsed.as_secs_f64() > 1.0 {
                if let Some(dir) = std::env::var_os("HARD_DIR") {
                    let path = PathBuf::from(dir).join(format!("{mix}-{}-{clues}.toml", k + 1));
                    std::fs::write(path, to_toml(&p)).expect("writing the puzzle");
                }
            }
            if std::env::var_os("VERBOSE").is_some() {
                eprintln!(
                    "  {clues} clues: {:?}, {} conflicts",
                    report.elapsed, report.conflicts
                );
            }
            match answer {
                Uniqueness::Unique(s) => {
                    assert_eq!(s, reference);
                    break;
                }
                Uniqueness::Multiple(a, b) => {
                    let other = if a == reference { b } else { a };
                    // A clue true for the reference and false for the other solution; when
                    // none turns up, a shading the two solutions disagree on.
                    let mut added = false;
                    for _ in 0..5000 {
                        let Some(c) = clue(&mut rng, mix, &p, &reference) else {
                            continue;
                        };
                        let mut q = p.clone();
                        q.constraints.push(c.clone());
                        if q.check(&other).is_err() {
                            p.constraints.push(c);
                            clues += 1;
                            added = true;
                            break;
                        }
                    }
                    if !added {
                        let n = p.size();
                        let differ = (0..n * n).map(|k| Cell::from_index(k, n)).find(|&c| {
                            reference.water(c) != other.water(c)
                                || reference.grid.get(c) != other.grid.get(c)
                        });
                        let c = differ.expect("two different solutions");
                        match reference.water(c) {
                            Some(water) if other.water(c) != Some(water) => {
                                p.constraints.push(Shade { cell: c, water }.into())
                            }
                            _ => p.givens.set(c, reference.grid.get(c)).unwrap(),
                        }
                        clues += 1;
                    }
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        p.solution = Some(reference.grid.clone());
        let path = out.join(format!("{mix}-{}.toml", k + 1));
        std::fs::write(&path, to_toml(&p)).expect("writing the puzzle");
        eprintln!("{}: {clues} clues", path.display());
    }
}
