//! The library's defaults agree with the command line (issue 41, item 5): `Solver::new` and
//! `ParallelSolver::new` run the engine `dlx count` runs (`Auto`), a run-time choice is
//! taken the same way by both, and observers still watch the links engine.

use std::path::Path;

use dlx_core::{format::parse, EngineChoice, Observer, OptionId, ParallelSolver, Problem, Solver};

fn load(name: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The engine `Auto` picks, named by the one call both solvers take.
fn auto_name(p: &Problem) -> &'static str {
    Solver::with_engine_choice(p, EngineChoice::Auto)
        .unwrap()
        .engine_name()
}

#[test]
fn the_default_engine_is_the_automatic_choice_on_both_solvers() {
    // q14 is the issue's example: `dlx count` ran the dense engine, `Solver::new` the links.
    for (file, engine) in [
        ("q14.dlx", "dense"),
        ("pent6x10.dlx", "dense"),
        ("sud1.dlx", "dense"),
        ("kd1.dlx", "dense"),
        ("toy.dlx", "dense"),
    ] {
        let p = load(file);
        assert_eq!(auto_name(&p), engine, "{file}");
        assert_eq!(Solver::new(&p).engine_name(), engine, "{file}");
        assert_eq!(ParallelSolver::new(&p).engine_name(), engine, "{file}");
        assert_eq!(Solver::links(&p).engine_name(), "links", "{file}");
    }
    // Past the dense engine's tallies (a primary item in 40,000 options): links, and only
    // the dense engine named outright fails.
    let big = parse(&"A\n".repeat(40_001)).unwrap();
    assert_eq!(Solver::new(&big).engine_name(), "links");
    assert_eq!(ParallelSolver::new(&big).engine_name(), "links");
    assert!(Solver::with_engine_choice(&big, EngineChoice::Dense).is_err());
    assert!(ParallelSolver::with_engine_choice(&big, EngineChoice::Dense).is_err());
}

#[test]
fn the_default_counts_what_the_links_count_and_both_solvers_agree() {
    for file in ["q8.dlx", "pent3x20.dlx", "color.dlx", "mult.dlx"] {
        let p = load(file);
        let auto = Solver::new(&p).count();
        let links = Solver::links(&p).count();
        assert_eq!(
            (auto.solutions, auto.stats.nodes, &auto.stats.profile),
            (links.solutions, links.stats.nodes, &links.stats.profile),
            "{file}"
        );
        let par = ParallelSolver::new(&p).threads(2).count();
        assert_eq!(
            (par.solutions, par.stats.nodes, par.stats.updates),
            (auto.solutions, auto.stats.nodes, auto.stats.updates),
            "{file}: the parallel default counts the sequential default's updates"
        );
    }
}

/// Counts solutions and remembers the options chosen at each.
#[derive(Default)]
struct Seen(Vec<Vec<OptionId>>);

impl Observer for Seen {
    fn solution(&mut self, _level: usize, options: &[OptionId]) {
        let mut o = options.to_vec();
        o.sort_unstable();
        self.0.push(o);
    }
}

#[test]
fn observers_on_the_default_watch_the_links_with_the_same_preselection() {
    let p = load("q8.dlx");
    assert_eq!(Solver::new(&p).engine_name(), "dense");
    // Preselect a queen, then observe: the search moves to the links, keeping it.
    let queen = OptionId::new(3);
    let mut auto = Solver::new(&p);
    auto.preselect(queen).unwrap();
    let mut links = Solver::links(&p);
    links.preselect(queen).unwrap();
    let (mut a, mut l) = (Seen::default(), Seen::default());
    let ca = auto.count_observed(&mut a);
    let cl = links.count_observed(&mut l);
    assert_eq!(
        (ca.solutions, ca.stats.nodes, ca.stats.updates),
        (cl.solutions, cl.stats.nodes, cl.stats.updates)
    );
    assert!(ca.solutions > 0 && ca.solutions < 92);
    assert_eq!(a.0, l.0);
    assert!(a.0.iter().all(|s| s.contains(&queen)));
    // The iterator with an observer: the same solutions as the default's own.
    let mut auto = Solver::new(&p);
    auto.preselect(queen).unwrap();
    let mut it = auto.solutions_observed(Seen::default());
    let found: Vec<_> = it.by_ref().map(|s| s.sorted()).collect();
    assert_eq!(found, it.observer().0);
    let mut plain = Solver::new(&p);
    plain.preselect(queen).unwrap();
    let plain: Vec<_> = plain.solutions().map(|s| s.sorted()).collect();
    assert_eq!(found, plain);
}

#[test]
fn an_option_without_a_primary_item_is_an_error_unless_skipping_was_asked_for() {
    use dlx_core::{AddedOption, ProblemBuilder, ProblemError};
    let mut b = ProblemBuilder::new();
    let a = b.add_primary("a").unwrap();
    let x = b.add_secondary("x").unwrap();
    let y = b.add_secondary("y").unwrap();
    b.add_option([a, x]).unwrap();
    let err = b.add_option_by_names(["x", "y:red"]).unwrap_err();
    assert_eq!(
        err,
        ProblemError::NoPrimaryItem {
            index: 1,
            items: "x y:red".into()
        }
    );
    assert!(err.to_string().contains("has no primary item"), "{err}");
    // Nothing was added: the next option is option 1, and the problem has no record.
    assert_eq!(
        b.add_option([a, y]).unwrap(),
        AddedOption::Added(OptionId::new(1))
    );
    let p = b.build().unwrap();
    assert_eq!((p.num_options(), p.skipped_options().len()), (2, 0));
    assert_eq!(Solver::new(&p).count().solutions, 2);
    // Knuth's format keeps Knuth's rule: the line is skipped, and recorded.
    let parsed = dlx_core::format::parse_detailed("a | x\na x\nx\n").unwrap();
    assert_eq!(parsed.problem.num_options(), 1);
    assert_eq!(parsed.skipped_lines, [3]);
}

#[test]
fn solutions_print_their_options_items() {
    let p = parse("a b c | x\na b x:red\nc\na\nb c\n").unwrap();
    let first = Solver::new(&p).first().solution().unwrap();
    assert_eq!(format!("{first:?}"), r#"Solution(["a b x:red", "c"])"#);
    let mut all = Vec::new();
    ParallelSolver::new(&p)
        .threads(2)
        .for_each_solution_ordered(|s| all.push(format!("{s:?}")));
    assert_eq!(
        all,
        [
            r#"Solution(["a b x:red", "c"])"#,
            r#"Solution(["a", "b c"])"#
        ]
    );
}
