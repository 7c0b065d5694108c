//! Variant Sudoku: Dune, one small puzzle per rule with a known answer, and a brute-force
//! cross-check of every rule on 4×4 and 6×6 grids.

use std::collections::HashSet;
use std::time::Instant;

use dlx_sudoku::sudoku::{Cell, Grid, Shape};
use dlx_sudoku::variant::rules::sample::{cases, Case, Rng};
use dlx_sudoku::variant::{
    AntiKing, AntiKnight, Arrow, Constraint, CountingCircles, Difference, Killer, Kind, Letter,
    Line, LineKind, Negative, NegativeKind, NonConsecutive, Ratio, Shade, VariantEngine,
    VariantPuzzle, VariantSolution, VariantSolver, YinYang,
};
use dlx_sudoku::Uniqueness;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");

fn cell(name: &str) -> Cell {
    let upper = name.to_ascii_uppercase();
    let (r, c) = upper[1..].split_once('C').expect("RrCc");
    Cell::new(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    )
}

fn cells(v: &serde_json::Value) -> Vec<Cell> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| cell(c.as_str().unwrap()))
        .collect()
}

/// Reads the neutral JSON of the seed puzzles.
fn neutral(path: &str, key: &str) -> VariantPuzzle {
    let text = std::fs::read_to_string(format!("{DATA}/{path}")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = &json[key];
    let mut puzzle = VariantPuzzle::new(Shape::classic());
    for g in p["givens"].as_array().unwrap() {
        let (c, d) = (g["cell"].as_str().unwrap(), g["digit"].as_u64().unwrap());
        puzzle.givens.set(cell(c), Some(d as u8)).unwrap();
    }
    for cage in p["killer_cages"].as_array().unwrap() {
        puzzle.constraints.push(
            Killer {
                cells: cells(&cage["cells"]),
                sum: cage["sum"].as_u64().map(|s| s as u32),
            }
            .into(),
        );
    }
    for t in p["thermometers"].as_array().unwrap() {
        puzzle
            .constraints
            .push(Line::new(LineKind::Thermometer, cells(t)).into());
    }
    for d in p["black_dots"].as_array().unwrap() {
        let c = cells(d);
        puzzle.constraints.push(
            Ratio {
                cells: [c[0], c[1]],
                ratio: 2,
            }
            .into(),
        );
    }
    for d in p["white_dots"].as_array().unwrap() {
        let c = cells(d);
        puzzle.constraints.push(
            Difference {
                cells: [c[0], c[1]],
                difference: 1,
            }
            .into(),
        );
    }
    let rows: String = p["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    puzzle.solution = Some(rows.parse().unwrap());
    puzzle
}

fn dune() -> VariantPuzzle {
    neutral("dune.json", "dune_the_mentats_diversion")
}

#[test]
fn dune_is_unique() {
    let puzzle = dune();
    let start = Instant::now();
    let solver = VariantSolver::new(&puzzle).unwrap();
    let answer = solver.unique();
    let total = start.elapsed();
    eprintln!(
        "dune: solved and proved unique in {total:?}; {:?}",
        solver.stats().unwrap()
    );
    let Uniqueness::Unique(solution) = answer else {
        panic!("Dune is not unique: {answer:?}")
    };
    assert_eq!(Some(&solution.grid), puzzle.solution.as_ref());
    puzzle.check(&solution).unwrap();
}

// ---------------------------------------------------------------------------------------
// Brute force: every grid of the shape (an independent backtracker over its houses),
// every letter assignment and every yin-yang shading, filtered by the independent checker.
// ---------------------------------------------------------------------------------------

/// Every completion of `givens` that is a Sudoku of the shape.
fn completions(shape: &Shape, givens: &Grid) -> Vec<Grid> {
    let n = shape.size();
    let mut houses_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (h, house) in shape.houses().iter().enumerate() {
        for c in house.cells() {
            houses_of[c.index(n)].push(h);
        }
    }
    let mut used = vec![vec![false; n + 1]; shape.houses().len()];
    let mut values: Vec<u8> = givens.values().to_vec();
    for (k, &d) in values.iter().enumerate() {
        if d != 0 {
            for &h in &houses_of[k] {
                assert!(!used[h][d as usize], "givens clash");
                used[h][d as usize] = true;
            }
        }
    }
    let blanks: Vec<usize> = (0..n * n).filter(|&k| values[k] == 0).collect();
    let mut out = Vec::new();
    fn go(
        i: usize,
        blanks: &[usize],
        n: usize,
        values: &mut Vec<u8>,
        used: &mut Vec<Vec<bool>>,
        houses_of: &[Vec<usize>],
        out: &mut Vec<Grid>,
    ) {
        if i == blanks.len() {
            out.push(Grid::from_values(n, values.clone()).unwrap());
            return;
        }
        let k = blanks[i];
        for d in 1..=n {
            if houses_of[k].iter().any(|&h| used[h][d]) {
                continue;
            }
            for &h in &houses_of[k] {
                used[h][d] = true;
            }
            values[k] = d as u8;
            go(i + 1, blanks, n, values, used, houses_of, out);
            values[k] = 0;
            for &h in &houses_of[k] {
                used[h][d] = false;
            }
        }
    }
    go(0, &blanks, n, &mut values, &mut used, &houses_of, &mut out);
    out
}

/// Every shading of an `n × n` grid with no 2×2 square of one kind and both kinds
/// orthogonally connected (written here from the rule, independently of the library).
fn yin_yang_shadings(n: usize) -> Vec<Vec<bool>> {
    let mut out = Vec::new();
    for mask in 0u64..(1 << (n * n)) {
        let w: Vec<bool> = (0..n * n).map(|k| mask >> k & 1 == 1).collect();
        let square_ok = (0..n - 1).all(|r| {
            (0..n - 1).all(|c| {
                let k = r * n + c;
                let q = [w[k], w[k + 1], w[k + n], w[k + n + 1]];
                !q.iter().all(|&x| x == q[0])
            })
        });
        if !square_ok {
            continue;
        }
        let connected = |kind: bool| {
            let cells: Vec<usize> = (0..n * n).filter(|&k| w[k] == kind).collect();
            let Some(&s) = cells.first() else { return true };
            let mut seen = vec![false; n * n];
            let mut stack = vec![s];
            seen[s] = true;
            let mut count = 0;
            while let Some(k) = stack.pop() {
                count += 1;
                let (r, c) = (k / n, k % n);
                let mut next = vec![];
                if r > 0 {
                    next.push(k - n)
                }
                if r + 1 < n {
                    next.push(k + n)
                }
                if c > 0 {
                    next.push(k - 1)
                }
                if c + 1 < n {
                    next.push(k + 1)
                }
                for j in next {
                    if !seen[j] && w[j] == kind {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            count == cells.len()
        };
        if connected(true) && connected(false) {
            out.push(w);
        }
    }
    out
}

/// Injective maps from `k` letters to digits `1..=n`.
fn letter_maps(k: usize, n: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for rest in letter_maps(k - 1, n) {
        for d in 1..=n as u8 {
            if !rest.contains(&d) {
                let mut m = rest.clone();
                m.push(d);
                out.push(m);
            }
        }
    }
    out
}

/// The solutions by brute force.
fn brute_force(p: &VariantPuzzle, grids: &[Grid], shadings: &[Vec<bool>]) -> Vec<VariantSolution> {
    let letters = p.letters();
    let maps = letter_maps(letters.len(), p.size());
    let shade_options: Vec<Option<Vec<bool>>> = if p.has_shading() {
        shadings.iter().cloned().map(Some).collect()
    } else {
        vec![None]
    };
    let mut out = Vec::new();
    for g in grids {
        for m in &maps {
            for sh in &shade_options {
                let s = VariantSolution {
                    grid: g.clone(),
                    shading: sh.clone(),
                    letters: letters.iter().copied().zip(m.iter().copied()).collect(),
                };
                if p.check(&s).is_ok() {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Compares every engine's solutions with brute force: dancing links with and without
/// look-ahead, dancing links with every rule decomposed, clause learning with tables
/// whole (sums propagated and in clauses) and decomposed, and the propagation engine with
/// tables whole and decomposed: the same set each time, and no solution twice.
fn cross_check(p: &VariantPuzzle, grids: &[Grid], shadings: &[Vec<bool>]) -> usize {
    let brute: HashSet<VariantSolution> = brute_force(p, grids, shadings).into_iter().collect();
    let links = |cap: usize, lookahead: bool| {
        VariantSolver::with_table_cap(p, cap)
            .unwrap()
            .with_engine(VariantEngine::DancingLinks)
            .with_lookahead(lookahead)
    };
    let clauses = |cap: usize| {
        VariantSolver::with_table_cap(p, cap)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
    };
    let propagation = |cap: usize| {
        VariantSolver::with_table_cap(p, cap)
            .unwrap()
            .with_engine(VariantEngine::Propagation)
    };
    let runs = [
        ("links", links(4096, true)),
        ("links without look-ahead", links(4096, false)),
        ("links decomposed", links(0, true)),
        ("clauses", clauses(4096)),
        (
            "clauses, sums in clauses",
            clauses(4096).with_sum_propagator(false),
        ),
        ("clauses decomposed", clauses(0)),
        ("propagation", propagation(4096)),
        ("propagation decomposed", propagation(0)),
    ];
    for (what, solver) in runs {
        let engine = solver.solutions(None);
        let set: HashSet<VariantSolution> = engine.iter().cloned().collect();
        assert_eq!(
            set.len(),
            engine.len(),
            "{what}: a solution found twice in {p:?}"
        );
        assert_eq!(set, brute, "{what} and brute force disagree on {p:?}");
        let count = solver.count(None);
        assert!(count.is_complete());
        assert_eq!(count.solutions as usize, brute.len(), "{what}: count");
    }
    check_candidates(p, &brute);
    brute.len()
}

/// The true candidates of every engine against brute force's: for each cell and digit, the
/// number of solutions holding it, capped; the count of solutions, capped at the larger of
/// the cap and 2; every example solution one of brute force's. Clause learning on both
/// encodings (cap 1 and 3), the race (cap 2); dancing links (cap 2) on the smaller ones
/// (it compiles the puzzle once per candidate).
fn check_candidates(p: &VariantPuzzle, brute: &HashSet<VariantSolution>) {
    let n = p.size();
    let exact = |cap: u32| -> Vec<u32> {
        let mut counts = vec![0u32; n * n * n];
        for s in brute {
            for (k, &d) in s.grid.values().iter().enumerate() {
                counts[k * n + d as usize - 1] += 1;
            }
        }
        counts.into_iter().map(|c| c.min(cap)).collect()
    };
    let clauses = |table_cap: usize| {
        VariantSolver::with_table_cap(p, table_cap)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
    };
    let mut runs = vec![
        ("clauses", 1, clauses(4096)),
        ("clauses decomposed", 3, clauses(0)),
        ("auto", 2, VariantSolver::new(p).unwrap()),
        (
            "propagation",
            1,
            VariantSolver::new(p)
                .unwrap()
                .with_engine(VariantEngine::Propagation),
        ),
        (
            "propagation decomposed",
            3,
            VariantSolver::with_table_cap(p, 0)
                .unwrap()
                .with_engine(VariantEngine::Propagation),
        ),
    ];
    if n == 4 {
        let links = VariantSolver::new(p)
            .unwrap()
            .with_engine(VariantEngine::DancingLinks);
        runs.push(("links", 2, links));
        // As it runs in the race of the default engine: no look-ahead, each open
        // candidate's option preselected.
        let bare = VariantSolver::new(p)
            .unwrap()
            .with_engine(VariantEngine::DancingLinks)
            .with_lookahead(false);
        runs.push(("links without look-ahead", 3, bare));
    }
    for (what, cap, solver) in runs {
        let tc = solver.true_candidates(cap);
        assert!(tc.is_complete(), "{what}");
        assert_eq!(
            tc.counts(),
            exact(cap),
            "{what}: true candidates (cap {cap}) of {p:?}"
        );
        let solution_cap = u64::from(cap).max(2);
        assert_eq!(tc.solution_cap(), solution_cap);
        if tc.all_solutions() {
            assert_eq!(tc.solutions() as usize, brute.len(), "{what}: solutions");
        } else {
            assert!(tc.solutions() >= solution_cap, "{what}: solutions");
            assert!(brute.len() as u64 >= tc.solutions(), "{what}: solutions");
        }
        assert_eq!(tc.is_unique(), brute.len() == 1, "{what}: unique");
        for s in tc.examples() {
            assert!(brute.contains(s), "{what}: an example that is no solution");
        }
        assert_eq!(tc.examples().len(), brute.len().min(2), "{what}: examples");
    }
}

/// The random cases cover the rule registry: every [`Kind`] of `Kind::ALL` (the `rules!`
/// list) comes out of some rule's cases (drawn, or added beside as yin-yang's rule is), and
/// the cases' names, which the tests' messages use, are distinct. Every rule implements its
/// cases (the registry does not compile otherwise); this holds that they draw something.
#[test]
fn the_random_cases_cover_every_rule_of_the_registry() {
    let (shape, grids, shadings) = four_by_four();
    let mut rng = Rng(0x2545f4914f6cdd1d);
    let mut seen = std::collections::BTreeSet::new();
    let mut names = HashSet::new();
    for (kind, case) in cases() {
        assert!(names.insert(case.name), "{kind:?}: {} twice", case.name);
        for _ in 0..10 {
            let reference = reference_4x4(&mut rng, &grids, &shadings);
            let mut p = VariantPuzzle::new(shape.clone());
            if let Some(c) = case.random(&mut rng, 4, &reference) {
                seen.insert(c.kind());
            }
            // What the comparison adds besides (yin-yang's rule with its shadings).
            add_true_constraints(&case, &mut rng, &mut p, &reference, 1);
            seen.extend(p.constraints.iter().map(Constraint::kind));
        }
    }
    let missing: Vec<Kind> = Kind::ALL
        .iter()
        .copied()
        .filter(|k| !seen.contains(k))
        .collect();
    assert!(missing.is_empty(), "no random instance of {missing:?}");
}

/// Adds random constraints of a kind that hold for the reference solution.
fn add_true_constraints(
    case: &Case,
    rng: &mut Rng,
    p: &mut VariantPuzzle,
    reference: &VariantSolution,
    count: usize,
) {
    if case.yin_yang && !p.constraints.contains(&YinYang.into()) {
        p.constraints.push(YinYang.into());
    }
    let mut added = 0;
    for _ in 0..400 {
        if added == count {
            break;
        }
        let Some(c) = case.random(rng, p.size(), reference) else {
            continue;
        };
        if p.constraints.contains(&c) {
            continue;
        }
        let mut one = VariantPuzzle::new(p.shape.clone());
        one.constraints = p.constraints.clone();
        one.constraints.push(c.clone());
        if one.validate().is_ok() && one.check(reference).is_ok() {
            p.constraints.push(c);
            added += 1;
        }
    }
}

fn reference_4x4(rng: &mut Rng, grids: &[Grid], shadings: &[Vec<bool>]) -> VariantSolution {
    let grid = grids[rng.below(grids.len())].clone();
    let m = letter_maps(2, 4);
    let map = &m[rng.below(m.len())];
    VariantSolution {
        grid,
        shading: Some(shadings[rng.below(shadings.len())].clone()),
        letters: vec![('A', map[0]), ('B', map[1])],
    }
}

/// Fits a reference solution to a puzzle: shading and letters only where it has them.
fn fit(p: &VariantPuzzle, r: &VariantSolution) -> VariantSolution {
    let letters = p.letters();
    VariantSolution {
        grid: r.grid.clone(),
        shading: if p.has_shading() {
            r.shading.clone()
        } else {
            None
        },
        letters: letters
            .iter()
            .map(|l| *r.letters.iter().find(|(c, _)| c == l).unwrap())
            .collect(),
    }
}

/// The 4×4 shape, every completed 4×4 grid and every yin-yang shading of 4×4: what the
/// brute-force comparisons search.
fn four_by_four() -> (Shape, Vec<Grid>, Vec<Vec<bool>>) {
    let shape = Shape::for_size(4).unwrap();
    let grids = completions(&shape, &Grid::new(4).unwrap());
    (shape, grids, yin_yang_shadings(4))
}

#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn every_rule_agrees_with_brute_force_on_4x4() {
    let (shape, grids, shadings) = four_by_four();
    assert_eq!(grids.len(), 288);
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut total = 0;
    let mut untested = Vec::new();
    for (_, case) in cases() {
        let kind = case.name;
        let mut clues = 0;
        for round in 0..3 {
            // A reference grid that the rule allows (global rules exclude many).
            let mut reference = reference_4x4(&mut rng, &grids, &shadings);
            let mut p = VariantPuzzle::new(shape.clone());
            for _ in 0..40 {
                add_true_constraints(&case, &mut rng, &mut p, &reference, 1 + round);
                if !p.constraints.is_empty() {
                    break;
                }
                reference = reference_4x4(&mut rng, &grids, &shadings);
            }
            let mut r = reference.clone();
            // Letters and shading are part of the reference only where the puzzle uses them.
            clues += p.constraints.len();
            r = fit(&p, &r);
            assert!(p.check(&r).is_ok(), "{kind}: the reference breaks {p:?}");
            let found = cross_check(&p, &grids, &shadings);
            assert!(found >= 1, "{kind}: the reference solution was lost");
            total += found;
        }
        if clues == 0 {
            untested.push(kind);
        }
    }
    eprintln!("4×4: {total} solutions compared");
    // Only rules that no 4×4 grid obeys may go untested here (each_rule_pins_down_a_known_answer
    // checks that both sides agree on none): in a 2×2 box, 2 would have to sit diagonally
    // from both 1 and 3 (non-consecutive), or from both 1 and 4 (no 1:2 pairs).
    assert_eq!(
        untested,
        [
            "anti-king",
            "non-consecutive",
            "negative-black",
            "negative-white"
        ],
        "kinds that never got a clue"
    );
}

/// Lines drawn back through a cell they passed (a lasso): whispers and parity lines are one
/// condition per pair of neighbours, so each pass counts. Every engine must agree with brute
/// force, and a line with a cell directly after itself is refused.
#[test]
fn lasso_lines_agree_with_brute_force() {
    let (shape, grids, shadings) = four_by_four();
    let lasso: Vec<Cell> = [
        "r1c1", "r1c2", "r2c2", "r2c1", "r1c1", "r1c2", "r1c3", "r2c3",
    ]
    .iter()
    .map(|c| cell(c))
    .collect();
    let loop_back: Vec<Cell> = ["r3c1", "r3c2", "r4c2", "r4c1", "r3c1"]
        .iter()
        .map(|c| cell(c))
        .collect();
    let mut compared = 0;
    for kind in [LineKind::Whispers { difference: None }, LineKind::Parity] {
        let mut p = VariantPuzzle::new(shape.clone());
        p.constraints
            .push(Constraint::Line(Line::new(kind, lasso.clone())));
        compared += cross_check(&p, &grids, &shadings);
        // A second, open line that ends where it began is a loop, and still works.
        p.constraints
            .push(Constraint::Line(Line::new(kind, loop_back.clone())));
        compared += cross_check(&p, &grids, &shadings);
    }
    assert!(compared > 0, "the lasso puzzles have solutions to compare");
    let mut p = VariantPuzzle::new(shape);
    let stutter = ["r1c1", "r1c2", "r1c2", "r1c3"].iter().map(|c| cell(c));
    p.constraints.push(Constraint::Line(Line::new(
        LineKind::Whispers { difference: None },
        stutter,
    )));
    let Err(err) = VariantSolver::new(&p) else {
        panic!("refused")
    };
    let err = err.to_string();
    assert!(err.contains("r1c2 follows itself"), "{err}");
    // A thermometer through a cell twice is still refused.
    let mut p = VariantPuzzle::new(Shape::for_size(4).unwrap());
    p.constraints
        .push(Constraint::Line(Line::new(LineKind::Thermometer, lasso)));
    let Err(err) = VariantSolver::new(&p) else {
        panic!("refused")
    };
    let err = err.to_string();
    assert!(err.contains("named twice"), "{err}");
}

/// Cages inside one house, so that the 45 rule adds an implied cage over the house's other
/// cells: the solutions must still be exactly brute force's (a wrong implied sum loses
/// some), with and without look-ahead.
#[test]
fn implied_cages_keep_every_solution() {
    let (shape, grids, shadings) = four_by_four();
    let mut rng = Rng(0x5851f42d4c957f2d);
    let mut total = 0;
    for _ in 0..24 {
        let reference = &grids[rng.below(grids.len())];
        let house = &shape.houses()[rng.below(shape.houses().len())];
        let mut cells = house.cells().to_vec();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        // One cage of 2 or 3 cells, or two of 1 and 2: one or two cells stay outside.
        let cages: Vec<Vec<Cell>> = match rng.below(3) {
            0 => vec![cells[..2].to_vec()],
            1 => vec![cells[..3].to_vec()],
            _ => vec![cells[..1].to_vec(), cells[1..3].to_vec()],
        };
        let mut p = VariantPuzzle::new(shape.clone());
        for cage in cages {
            let sum = cage
                .iter()
                .map(|&c| u32::from(reference.get(c).unwrap()))
                .sum();
            p.constraints.push(
                Killer {
                    cells: cage,
                    sum: Some(sum),
                }
                .into(),
            );
        }
        let found = cross_check(&p, &grids, &shadings);
        assert!(found >= 1, "the reference solution was lost: {p:?}");
        total += found;
    }
    eprintln!("implied cages: {total} solutions compared");
}

#[test]
fn every_rule_agrees_with_brute_force_on_6x6() {
    let shape = Shape::for_size(6).unwrap();
    let mut rng = Rng(0x2545f4914f6cdd1d);
    // A reference grid: a pattern grid, relabelled at random.
    let base: Grid = "123456456123234561561234345612612345".parse().unwrap();
    let mut perm: Vec<u8> = (1..=6).collect();
    for i in (1..6).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    let grid = Grid::from_values(
        6,
        base.values()
            .iter()
            .map(|&d| perm[d as usize - 1])
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let reference = VariantSolution {
        grid: grid.clone(),
        shading: None,
        letters: vec![('A', 2), ('B', 5)],
    };
    let mut total = 0;
    let mut untested = Vec::new();
    for (_, case) in cases().into_iter().filter(|(_, case)| !case.yin_yang) {
        let kind = case.name;
        // The pattern grid, or, for a rule it breaks (global rules), a grid the engine finds
        // for the rule alone (checked by the checker).
        let mut reference = reference.clone();
        let mut probe = VariantPuzzle::new(shape.clone());
        add_true_constraints(&case, &mut rng, &mut probe, &reference, 1);
        if probe.constraints.is_empty() {
            if let Some(c) = case.random(&mut rng, 6, &reference) {
                probe.constraints.push(c);
                let solver = VariantSolver::new(&probe)
                    .unwrap()
                    .with_engine(VariantEngine::ClauseLearning);
                if let Some(s) = solver.first().solution() {
                    probe.check(&s).unwrap();
                    reference = VariantSolution {
                        grid: s.grid,
                        shading: None,
                        letters: vec![('A', 2), ('B', 5)],
                    };
                }
            }
        }
        let grid = reference.grid.clone();
        let mut p = VariantPuzzle::new(shape.clone());
        // Keep the brute force small: half the cells given.
        for k in 0..36 {
            if rng.chance(55) {
                let c = Cell::from_index(k, 6);
                p.givens.set(c, grid.get(c)).unwrap();
            }
        }
        add_true_constraints(&case, &mut rng, &mut p, &reference, 2);
        if p.constraints.is_empty() {
            untested.push(kind);
        }
        let grids = completions(&shape, &p.givens);
        let found = cross_check(&p, &grids, &[]);
        assert!(found >= 1, "{kind}: the reference solution was lost");
        total += found;
    }
    assert_eq!(untested, Vec::<&str>::new(), "kinds that never got a clue");
    eprintln!("6×6: {total} solutions compared");
}

/// For each rule, clues of that kind that hold for a known grid are added until the
/// puzzle has exactly one solution (givens are added when a global rule alone cannot get
/// there): the answer must be the known grid.
#[test]
fn each_rule_pins_down_a_known_answer() {
    let (shape, grids, shadings) = four_by_four();
    let mut rng = Rng(0xdeadbeefcafef00d);
    for (_, case) in cases() {
        let kind = case.name;
        // A grid that the rule allows at all (global rules exclude many).
        let mut reference = reference_4x4(&mut rng, &grids, &shadings);
        let mut p = VariantPuzzle::new(shape.clone());
        add_true_constraints(&case, &mut rng, &mut p, &reference, 1);
        let mut tries = 0;
        while p.constraints.is_empty() && tries < 50 {
            reference = reference_4x4(&mut rng, &grids, &shadings);
            add_true_constraints(&case, &mut rng, &mut p, &reference, 1);
            tries += 1;
        }
        if p.constraints.is_empty() {
            // No 4×4 grid obeys this rule (anti-king, say): both sides must agree on none.
            let mut only = VariantPuzzle::new(shape.clone());
            only.constraints
                .push(case.random(&mut rng, 4, &reference).unwrap());
            assert_eq!(cross_check(&only, &grids, &shadings), 0, "{kind}");
            eprintln!("{kind}: no 4×4 grid obeys it");
            continue;
        }
        let mut clues = p.constraints.len();
        for step in 0..60 {
            let solver = VariantSolver::new(&p).unwrap();
            if let Uniqueness::Unique(s) = solver.unique() {
                assert_eq!(s, fit(&p, &reference), "{kind}: wrong answer");
                eprintln!(
                    "{kind}: unique with {clues} clues and {} givens",
                    p.givens.filled()
                );
                break;
            }
            assert!(step < 59, "{kind}: never unique");
            let before = p.constraints.len();
            if clues < 8 {
                add_true_constraints(&case, &mut rng, &mut p, &reference, 1);
            }
            if p.constraints.len() == before {
                // No new clue of this kind: give a digit.
                let blanks: Vec<Cell> = (0..16)
                    .map(|k| Cell::from_index(k, 4))
                    .filter(|&c| p.givens.get(c).is_none())
                    .collect();
                let r = fit(&p, &reference);
                let unshaded: Vec<Cell> = (0..16)
                    .map(|k| Cell::from_index(k, 4))
                    .filter(|&c| {
                        !p.constraints.iter().any(
                            |k| matches!(k, Constraint::Shade(Shade { cell, .. }) if *cell == c),
                        )
                    })
                    .collect();
                if r.shading.is_some()
                    && !unshaded.is_empty()
                    && (blanks.is_empty() || rng.chance(50))
                {
                    let cell = unshaded[rng.below(unshaded.len())];
                    let water = r.water(cell).unwrap();
                    p.constraints.push(Shade { cell, water }.into());
                    continue;
                }
                if blanks.is_empty() {
                    // Every digit given: name each letter's cell.
                    for (l, d) in fit(&p, &reference).letters {
                        let cell = (0..16)
                            .map(|k| Cell::from_index(k, 4))
                            .find(|&c| reference.grid.get(c) == Some(d))
                            .unwrap();
                        p.constraints.push(Letter { cell, letter: l }.into());
                    }
                    continue;
                }
                let c = blanks[rng.below(blanks.len())];
                p.givens.set(c, reference.grid.get(c)).unwrap();
            } else {
                clues += 1;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Input formats.
// ---------------------------------------------------------------------------------------

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{name}")).unwrap()
}

fn same_rules(a: &VariantPuzzle, b: &VariantPuzzle) -> bool {
    let key = |p: &VariantPuzzle| {
        let mut v: Vec<String> = p.constraints.iter().map(|c| format!("{c:?}")).collect();
        v.sort();
        v
    };
    a.shape == b.shape && a.givens == b.givens && key(a) == key(b)
}

#[test]
fn dune_reads_the_same_from_toml_and_fpuzzles() {
    let neutral = dune();
    let toml = dlx_sudoku::variant::from_toml(&data("dune.toml")).unwrap();
    assert!(same_rules(&neutral, &toml));
    assert_eq!(toml.solution, neutral.solution);
    let json = data("dune-fpuzzles.json");
    let fp = dlx_sudoku::variant::from_fpuzzles(&json).unwrap();
    assert!(fp.ignored.is_empty());
    assert!(same_rules(&neutral, &fp.puzzle));
    assert_eq!(fp.puzzle.solution, neutral.solution);
    // As links: f-puzzles' load= parameter and SudokuPad's fpuzzles prefix.
    let payload = lz_str::compress_to_base64(json.as_str());
    for link in [
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}"),
        payload.clone(),
    ] {
        let read = dlx_sudoku::variant::read_puzzle(&link).unwrap();
        assert!(same_rules(&neutral, &read.puzzle), "{link}");
    }
    // Our own writer round-trips.
    let again = dlx_sudoku::variant::from_toml(&dlx_sudoku::variant::to_toml(&toml)).unwrap();
    assert_eq!(again, toml);
    let again =
        dlx_sudoku::variant::from_fpuzzles(&dlx_sudoku::variant::to_fpuzzles(&toml).unwrap())
            .unwrap();
    assert!(same_rules(&again.puzzle, &toml));
}

#[test]
fn unknown_fpuzzles_constraints_are_named() {
    let json = r#"{"size": 9, "grid": [], "numberedroom": [{"cell": "R0C1", "value": "10"}],
        "clock": [{"lines": [["R1C1", "R1C2"]]}], "thermometer": [{"lines": [["R1C1", "R1C2"]]}],
        "negative": ["ratio", "sumdot"]}"#;
    let err = dlx_sudoku::variant::from_fpuzzles(json).unwrap_err();
    let text = err.to_string();
    assert_eq!(
        text,
        "unsupported f-puzzles constraints: clock, negative \"sumdot\", numberedroom"
    );
    // Cosmetic drawings are reported, not silently dropped.
    let json = r#"{"size": 4, "grid": [], "line": [{"lines": [["R1C1", "R1C2"]]}],
        "circle": [{"cells": ["R1C1"]}, {"cells": ["R2C2"]}]}"#;
    let imported = dlx_sudoku::variant::from_fpuzzles(json).unwrap();
    assert_eq!(imported.ignored, ["circle (2)", "line (1)"]);
    assert!(matches!(
        dlx_sudoku::variant::from_fpuzzles("N4IgzglgXg"),
        Err(dlx_sudoku::variant::FpuzzlesError::Decompress
            | dlx_sudoku::variant::FpuzzlesError::Json(_))
    ));
}

/// Puzzles made for these tests (6×6, few givens; `tests/data/variants/*-6x6.toml`), each
/// unique only by its rule: brute force over every completion of the givens finds exactly
/// the solution the file gives, every engine agrees with it, and without the rule there are
/// several. "All V given" and "all X given" negate one mark only: with both negated
/// (`negative-xv`), the grid's unmarked pairs adding up to the other mark's sum break it,
/// and the puzzle has no solution.
#[test]
#[ignore = "slow (seconds in the test profile): .ci/run runs it with --ignored"]
fn own_puzzles_depend_on_their_rule() {
    type Case = (&'static str, fn(&Constraint) -> bool, bool);
    let cases: [Case; 3] = [
        (
            "counting-circles-6x6.toml",
            |c| matches!(c, Constraint::CountingCircles(_)),
            false,
        ),
        (
            "negative-v-6x6.toml",
            |c| *c == Negative(NegativeKind::V).into(),
            true,
        ),
        (
            "negative-x-6x6.toml",
            |c| *c == Negative(NegativeKind::X).into(),
            true,
        ),
    ];
    for (file, is_rule, negative) in cases {
        let p = dlx_sudoku::variant::from_toml(&data(file)).unwrap();
        assert_eq!(p.constraints.iter().filter(|c| is_rule(c)).count(), 1);
        let grids = completions(&p.shape, &p.givens);
        let found = brute_force(&p, &grids, &[]);
        assert_eq!(found.len(), 1, "{file}: brute force");
        assert_eq!(Some(&found[0].grid), p.solution.as_ref(), "{file}");
        assert_eq!(cross_check(&p, &grids, &[]), 1, "{file}: the engines");
        let mut without = p.clone();
        without.constraints.retain(|c| !is_rule(c));
        let several = brute_force(&without, &grids, &[]).len();
        assert!(several > 1, "{file}: {several} solutions without its rule");
        if negative {
            let mut both = without.clone();
            both.constraints.push(Negative(NegativeKind::Xv).into());
            assert_eq!(brute_force(&both, &grids, &[]).len(), 0, "{file}: XV");
            assert_eq!(cross_check(&both, &grids, &[]), 0, "{file}: XV");
        }
        eprintln!(
            "{file}: {} completions of the givens, {several} solutions without its rule",
            grids.len()
        );
    }
}

#[test]
fn toml_errors_name_the_place() {
    use dlx_sudoku::variant::{from_toml, TextPosition};
    let at = |line, column| Some(TextPosition { line, column });
    // A cell outside the grid is refused as the entry is read, at the entry.
    let e = from_toml("size = 4\n[[thermometer]]\ncells = \"r1c1 r2c2\"\n[[thermometer]]\ncells = \"r1c1 r9c9\"\n")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "thermometer 2: cell r9c9 is outside the 4×4 grid"
    );
    assert_eq!(e.position(), at(4, 1));
    // A puzzle built in code is still checked by the solver.
    let mut p = from_toml("size = 4\n").unwrap();
    p.constraints
        .push(Line::new(LineKind::Thermometer, [Cell::new(0, 0), Cell::new(8, 8)]).into());
    let e = VariantSolver::new(&p).unwrap_err();
    assert_eq!(
        e.to_string(),
        "constraint 1 (thermometer): cell r9c9 is outside the 4×4 grid"
    );
    let e = from_toml("size = 4\nglobal = [\"anti-bishop\"]\n").unwrap_err();
    assert!(e.to_string().starts_with(
        "global: unknown rule \"anti-bishop\"; known: anti-diagonal, anti-king, anti-knight"
    ));
    assert_eq!(e.position(), at(2, 10));
    let e = from_toml("size = 4\n[[zipper]]\ncells = \"r1c1 r1c2\"\ndifference = 3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "zipper 1: only whispers and lockout lines take a difference"
    );
    assert_eq!(e.position(), at(4, 1));
    // A key of an inline table, a cell list, a missing key (the table), a value of the
    // container.
    let e = from_toml("size = 4\nkiller = [{cells = \"r1c1 r1c2\", sum = \"x\"}]\n").unwrap_err();
    assert_eq!(e.to_string(), "killer 1: sum must be a whole number");
    assert_eq!(e.position(), at(2, 33));
    let e = from_toml("size = 4\n\nodd = \"r1c1 r5c1\"\n").unwrap_err();
    assert_eq!(e.to_string(), "odd: cell r5c1 is outside the 4×4 grid");
    assert_eq!(e.position(), at(3, 7));
    let e = from_toml("size = 4\n[[killer]]\nsum = 3\n").unwrap_err();
    assert_eq!(e.to_string(), "killer 1: missing cells");
    assert_eq!(e.position(), at(2, 1));
    let e = from_toml("title = \"t\"\nsize = 4\nboxes = \"3by3\"\n").unwrap_err();
    assert_eq!(e.position(), at(3, 9));
    // Counting circles: one list of cells, each named once, none outside the grid.
    let e = from_toml("size = 4\ncounting-circles = \"\"\n").unwrap_err();
    assert_eq!(e.to_string(), "counting-circles: no circles");
    assert_eq!(e.position(), at(2, 20));
    let e = from_toml("size = 4\ncounting-circles = \"r1c1 r2c3 r1c1\"\n").unwrap_err();
    assert_eq!(e.to_string(), "counting-circles: r1c1 is named twice");
    assert_eq!(e.position(), at(2, 20));
    let e = from_toml("size = 4\n\ncounting-circles = \"r1c1 r5c1\"\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "counting-circles: cell r5c1 is outside the 4×4 grid"
    );
    assert_eq!(e.position(), at(3, 20));
    let e = from_toml("size = 4\ncounting-circles = \"r1c1 x\"\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "counting-circles: \"x\" is not a cell like r1c2"
    );
    assert_eq!(e.position(), at(2, 20));
    let e = from_toml("size = 4\ncounting-circles = [\"r1c1\"]\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "counting-circles: expected cells like \"r1c1 r2c2\""
    );
    // A second set, built in code, is refused: the format has one.
    let mut p = from_toml("size = 4\ncounting-circles = \"r1c1\"\n").unwrap();
    p.constraints.push(
        CountingCircles {
            cells: vec![cell("r4c4")],
        }
        .into(),
    );
    let e = VariantSolver::new(&p).unwrap_err();
    assert!(e.to_string().contains("one set of counting circles"), "{e}");
    // f-puzzles JSON text: the key at fault.
    let e = dlx_sudoku::variant::from_fpuzzles("{\"size\": 4,\n  \"clock\": [1]}").unwrap_err();
    assert_eq!(e.position(), at(2, 3));
}

/// Mitchell Lee's Miracle Sudoku: anti-knight, anti-king, non-consecutive, two givens.
#[test]
fn miracle_sudoku() {
    let mut p = VariantPuzzle::new(Shape::classic());
    p.givens.set(Cell::new(4, 2), Some(1)).unwrap();
    p.givens.set(Cell::new(5, 6), Some(2)).unwrap();
    p.constraints = vec![AntiKnight.into(), AntiKing.into(), NonConsecutive.into()];
    let start = Instant::now();
    let Uniqueness::Unique(s) = VariantSolver::new(&p).unwrap().unique() else {
        panic!("not unique")
    };
    eprintln!("miracle: {:?}", start.elapsed());
    assert_eq!(
        s.grid.to_string(),
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
    );
    p.check(&s).unwrap();
}

/// An arrow whose shaft snakes through boxes 1 to 3 (27 cells) adds up to 135, more than
/// a two-digit pill can hold. The sum sees a whole box as 45 (`rules/sums.rs`), so "no
/// solution" needs no search; read cell by cell, with running sums that forget that a box's
/// digits differ, the clause solver ran past this budget (and past a minute). Two rows and
/// one more cell fit a pill: the answer must still be found and check.
#[test]
fn a_shaft_through_whole_boxes_adds_their_45s() {
    let mut shaft = Vec::new();
    for (r, backwards) in [(2, true), (1, false), (0, true)] {
        let cols: Vec<usize> = if backwards {
            (0..9).rev().collect()
        } else {
            (0..9).collect()
        };
        shaft.extend(cols.into_iter().map(|c| Cell::new(r, c)));
    }
    let arrow = |shaft: Vec<Cell>| -> Constraint {
        Arrow {
            circle: vec![Cell::new(3, 7), Cell::new(3, 8)],
            shaft,
        }
        .into()
    };
    for engine in [VariantEngine::ClauseLearning, VariantEngine::DancingLinks] {
        let mut p = VariantPuzzle::new(Shape::classic());
        p.constraints = vec![arrow(shaft.clone())];
        let solver = VariantSolver::new(&p)
            .unwrap()
            .with_engine(engine)
            .with_node_budget(10_000);
        assert!(
            matches!(solver.unique(), Uniqueness::NoSolution),
            "{engine:?}: 27 cells of three boxes add up to 135"
        );
        // Rows 3 and 2, then R1C1 (a 4): 94, a pill R4C1-R4C2 can read.
        let mut shaft: Vec<Cell> = (0..9).map(|c| Cell::new(2, c)).collect();
        shaft.extend((0..9).rev().map(|c| Cell::new(1, c)));
        shaft.push(Cell::new(0, 0));
        p.constraints = vec![Arrow {
            circle: vec![Cell::new(3, 0), Cell::new(3, 1)],
            shaft,
        }
        .into()];
        p.givens.set(Cell::new(0, 0), Some(4)).unwrap();
        let solver = VariantSolver::new(&p)
            .unwrap()
            .with_engine(engine)
            .with_node_budget(10_000);
        let s = solver.first().solution().expect("a solution");
        p.check(&s).unwrap();
        assert_eq!(
            (s.grid.get(Cell::new(3, 0)), s.grid.get(Cell::new(3, 1))),
            (Some(9), Some(4)),
            "{engine:?}: the pill reads 94"
        );
    }
}

#[test]
fn svg_draws_every_clue() {
    let p = dlx_sudoku::variant::from_toml(&data("dune.toml")).unwrap();
    let svg = dlx_sudoku::variant::render_svg(&p, None);
    assert_eq!(svg.matches("stroke-dasharray=\"3 2\"").count(), 7); // one group per cage
    assert_eq!(svg.matches("<polyline").count(), 6); // thermometers
    assert_eq!(svg.matches("r=\"6\" fill=\"#000000\"").count(), 6); // black dots
}

// ---------------------------------------------------------------------------------------
// The benchmark set: 9×9 puzzles made from Dune's solution grid, each with clues of a few
// kinds (true for that grid) added until it is unique. `generate_test_set` wrote the files
// (run it with --ignored to make them again); `test_set_is_unique` solves them.
// ---------------------------------------------------------------------------------------

const TEST_SET: &[(&str, &[&str])] = &[
    ("thermo", &["thermometer"]),
    ("killer", &["killer"]),
    ("arrow", &["arrow", "pill"]),
    (
        "kropki",
        &["black", "white", "negative-black", "negative-white"],
    ),
    (
        "lines",
        &[
            "whispers-with-difference",
            "renban",
            "palindrome",
            "region-sum",
        ],
    ),
    ("sums", &["little-killer", "xv", "negative-xv"]),
    (
        "mixed",
        &[
            "between",
            "zipper",
            "same-difference",
            "parity",
            "entropic",
            "nabner",
        ],
    ),
];

/// The random case of that name.
fn case_named(name: &str) -> Case {
    cases()
        .into_iter()
        .map(|(_, case)| case)
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

#[test]
#[ignore = "writes tests/data/variants/set-*.toml"]
fn generate_test_set() {
    let dune = dune();
    let grid = dune.solution.clone().unwrap();
    let reference = VariantSolution {
        grid,
        shading: None,
        letters: vec![],
    };
    for (i, (name, kinds)) in TEST_SET.iter().enumerate() {
        if std::path::Path::new(&format!("{DATA}/set-{name}.toml")).exists() {
            continue;
        }
        let mut rng = Rng(0x51f15e5d + i as u64 * 7919);
        let mut p = VariantPuzzle::new(Shape::classic());
        p.title = Some(format!("test set: {name}"));
        p.solution = Some(reference.grid.clone());
        let mut clues = 0;
        loop {
            let solver = VariantSolver::new(&p).unwrap().with_node_budget(20_000);
            let start = Instant::now();
            let answer = solver.unique();
            let stuck = matches!(answer, Uniqueness::Incomplete { .. });
            eprintln!(
                "{name}: {clues} clues, {} givens, {:?}",
                p.givens.filled(),
                start.elapsed()
            );
            if let Uniqueness::Unique(s) = answer {
                assert_eq!(s.grid, reference.grid);
                break;
            }
            if !stuck && clues < 16 && !(clues % 3 == 2 && p.givens.filled() < clues / 3) {
                let case = case_named(kinds[rng.below(kinds.len())]);
                let before = p.constraints.len();
                add_true_constraints(&case, &mut rng, &mut p, &reference, 1);
                clues += p.constraints.len() - before;
                if p.constraints.len() > before {
                    continue;
                }
            }
            let blanks: Vec<Cell> = (0..81)
                .map(|k| Cell::from_index(k, 9))
                .filter(|&c| p.givens.get(c).is_none())
                .collect();
            let c = blanks[rng.below(blanks.len())];
            p.givens.set(c, reference.grid.get(c)).unwrap();
        }
        std::fs::write(
            format!("{DATA}/set-{name}.toml"),
            dlx_sudoku::variant::to_toml(&p),
        )
        .unwrap();
    }
}

#[test]
fn test_set_is_unique() {
    for (name, _) in TEST_SET {
        let text = data(&format!("set-{name}.toml"));
        let p = dlx_sudoku::variant::from_toml(&text).unwrap();
        let start = Instant::now();
        let answer = VariantSolver::new(&p).unwrap().unique();
        eprintln!("{name}: {:?}", start.elapsed());
        let Uniqueness::Unique(s) = answer else {
            panic!("{name} is not unique")
        };
        assert_eq!(Some(&s.grid), p.solution.as_ref());
        p.check(&s).unwrap();
    }
}

/// A unique puzzle's true candidates are its solution, at every cap; with a third of its
/// givens removed (fixed seed), the solution's digits are always among the candidates, and
/// every candidate is proved by a solution the checker accepts (the examples).
#[test]
fn true_candidates_of_the_test_set() {
    let mut rng = Rng(0x7f4a7c15);
    for name in ["thermo", "arrow", "kropki", "sums"] {
        let text = data(&format!("set-{name}.toml"));
        let p = dlx_sudoku::variant::from_toml(&text).unwrap();
        let solution = p.solution.clone().unwrap();
        let tc = VariantSolver::new(&p).unwrap().true_candidates(1);
        assert!(tc.is_complete() && tc.is_unique(), "{name}");
        for k in 0..81 {
            let c = Cell::from_index(k, 9);
            assert_eq!(tc.candidates(c), [solution.get(c).unwrap()], "{name} {c}");
        }
        let mut fewer = p.clone();
        let given: Vec<Cell> = (0..81)
            .map(|k| Cell::from_index(k, 9))
            .filter(|&c| p.givens.get(c).is_some())
            .collect();
        for &c in &given {
            if rng.below(3) == 0 {
                fewer.givens.set(c, None).unwrap();
            }
        }
        let tc = VariantSolver::new(&fewer).unwrap().true_candidates(8);
        assert!(tc.is_complete(), "{name}");
        for k in 0..81 {
            let c = Cell::from_index(k, 9);
            assert!(tc.count(c, solution.get(c).unwrap()) >= 1, "{name} {c}");
        }
        for s in tc.examples() {
            fewer.check(s).unwrap();
        }
    }
}

/// On grids past 9×9 the sandwich and X-sum automata keep running sums, not sets of digits
/// (`outside::SETS_UP_TO`): on a 16×16 whose first row is open and every other cell
/// given, the row's true sandwich sum and X-sum are kept, and a sum one higher leaves no
/// solution.
#[test]
fn sixteen_by_sixteen_sandwich_and_x_sums_keep_running_sums() {
    use dlx_sudoku::variant::{Outside, Sandwich, Side, XSum};
    let n = 16;
    let digit = |r: usize, c: usize| ((4 * (r % 4) + r / 4 + c) % n + 1) as u8;
    let row: Vec<u32> = (0..n).map(|c| u32::from(digit(0, c))).collect();
    let a = row.iter().position(|&x| x == 1).unwrap();
    let b = row.iter().position(|&x| x == n as u32).unwrap();
    let sandwich: u32 = row[a.min(b) + 1..a.max(b)].iter().sum();
    let x_sum: u32 = row.iter().take(row[0] as usize).sum();
    let clue = Outside {
        side: Side::Left,
        index: 0,
    };
    for (extra, expect_unique) in [(0, true), (1, false)] {
        for rule in [
            Constraint::from(Sandwich {
                clue,
                sum: sandwich + extra,
            }),
            Constraint::from(XSum {
                clue,
                sum: x_sum + extra,
            }),
        ] {
            let mut p = VariantPuzzle::new(Shape::for_size(n).unwrap());
            for r in 1..n {
                for c in 0..n {
                    p.givens.set(Cell::new(r, c), Some(digit(r, c))).unwrap();
                }
            }
            p.constraints = vec![rule.clone()];
            match VariantSolver::new(&p).unwrap().unique() {
                Uniqueness::Unique(s) if expect_unique => {
                    p.check(&s).unwrap();
                    assert_eq!(
                        s.grid.values()[..n],
                        row.iter().map(|&x| x as u8).collect::<Vec<_>>()[..]
                    );
                }
                Uniqueness::NoSolution if !expect_unique => {}
                other => panic!("{rule:?} (sum + {extra}): {other:?}"),
            }
        }
    }
}
