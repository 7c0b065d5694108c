//! Property tests: on random small problems with secondary items, colours and
//! multiplicities, the engine agrees with a brute-force count over all subsets of options,
//! every solution it reports passes the independent verifier, and renumbering options or
//! items never changes the count.

use std::collections::BTreeSet;

use dlx_core::{
    format, verify, DenseSolver, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, Solver,
};
use proptest::prelude::*;

/// A random problem, described plainly so that it can be permuted and rebuilt.
#[derive(Clone, Debug)]
struct Spec {
    /// `(lower, upper)` per primary item.
    bounds: Vec<(u32, u32)>,
    secondaries: usize,
    /// Entries per option: item index (primaries first) and colour (0 = none).
    options: Vec<Vec<(usize, u32)>>,
}

impl Spec {
    fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new();
        b.skip_options_without_primary(true); // as the text parser: random options may hold none
        for (k, &(lower, upper)) in self.bounds.iter().enumerate() {
            b.add_primary_with_bounds(format!("p{k}"), lower, upper)
                .unwrap();
        }
        for k in 0..self.secondaries {
            b.add_secondary(format!("s{k}")).unwrap();
        }
        for option in &self.options {
            // Colours are interned on first use, as the text parser does.
            let entries: Vec<_> = option
                .iter()
                .map(|&(item, color)| {
                    let color = (color != 0).then(|| b.color(&format!("c{color}")));
                    (ItemId::new(item as u32), color)
                })
                .collect();
            b.add_colored_option(entries).unwrap();
        }
        b.build().unwrap()
    }

    /// The same problem with options and items renumbered.
    fn permuted(
        &self,
        option_order: &[usize],
        primary_order: &[usize],
        secondary_order: &[usize],
    ) -> Spec {
        let np = self.bounds.len();
        // New index of old item k.
        let mut new_index = vec![0; np + self.secondaries];
        for (new, &old) in primary_order.iter().enumerate() {
            new_index[old] = new;
        }
        for (new, &old) in secondary_order.iter().enumerate() {
            new_index[np + old] = np + new;
        }
        Spec {
            bounds: primary_order.iter().map(|&old| self.bounds[old]).collect(),
            secondaries: self.secondaries,
            options: option_order
                .iter()
                .map(|&o| {
                    let mut entries: Vec<_> = self.options[o]
                        .iter()
                        .map(|&(item, color)| (new_index[item], color))
                        .collect();
                    entries.reverse();
                    entries
                })
                .collect(),
        }
    }
}

fn spec(multiplicities: bool) -> impl Strategy<Value = Spec> {
    let bounds = if multiplicities {
        prop::collection::vec(
            (0u32..=2, 0u32..=2).prop_map(|(l, extra)| (l, (l + extra).max(1))),
            1..=4,
        )
        .boxed()
    } else {
        prop::collection::vec(Just((1u32, 1u32)), 1..=5).boxed()
    };
    spec_with(bounds, 11)
}

/// Problems larger than brute force can check, with multiplicities (bounds up to 3:6),
/// colours and up to 40 options: for comparing the engines' trees.
fn large_spec() -> impl Strategy<Value = Spec> {
    let bounds = prop::collection::vec(
        (0u32..=3, 0u32..=3).prop_map(|(l, extra)| (l, (l + extra).max(1))),
        1..=7,
    );
    spec_with(bounds.boxed(), 40)
}

/// Random options, at most `most` of them, over the primary items with `bounds` and up to
/// three secondary items.
fn spec_with(bounds: BoxedStrategy<Vec<(u32, u32)>>, most: usize) -> impl Strategy<Value = Spec> {
    (bounds, 0usize..=3).prop_flat_map(move |(bounds, secondaries)| {
        let items = bounds.len() + secondaries;
        let np = bounds.len();
        let option =
            prop::collection::btree_set(0..items, 1..=items.min(4)).prop_flat_map(move |set| {
                let set: Vec<usize> = set.into_iter().collect();
                let colors = prop::collection::vec(0u32..=2, set.len());
                (Just(set), colors).prop_map(move |(set, colors)| {
                    set.into_iter()
                        .zip(colors)
                        .map(|(item, c)| (item, if item < np { 0 } else { c }))
                        .collect::<Vec<_>>()
                })
            });
        let options = prop::collection::vec(option, 0..=most);
        (Just(bounds), Just(secondaries), options).prop_map(|(bounds, secondaries, options)| Spec {
            bounds,
            secondaries,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_dense_engine_walks_algorithm_ms_tree(spec in large_spec(), budget in 0u64..200) {
        // Same solutions in the same order, same nodes and profile, and a node budget
        // stops both engines at the same node with the same solutions found.
        // (At most 20,000 nodes each: some of these trees are large.)
        let problem = spec.build();
        let links = Solver::links(&problem).with_node_budget(20_000);
        let dense = DenseSolver::try_new(&problem).unwrap().with_node_budget(20_000);
        let a: Vec<_> = links.clone().solutions().collect();
        let b: Vec<_> = dense.clone().solutions().collect();
        prop_assert_eq!(a, b);
        let summary = |c: dlx_core::Count| (c.solutions, c.stop, c.stats.nodes, c.stats.profile);
        prop_assert_eq!(summary(links.count()), summary(dense.count()));
        let links = summary(Solver::links(&problem).with_node_budget(budget).count());
        let dense = DenseSolver::try_new(&problem).unwrap().with_node_budget(budget).count();
        prop_assert_eq!(links, summary(dense));
    }
}

/// Every subset of options that the verifier accepts, as sorted option lists.
fn brute_force(problem: &Problem) -> BTreeSet<Vec<OptionId>> {
    let n = problem.num_options();
    assert!(n <= 16);
    (0u32..1 << n)
        .map(|mask| {
            (0..n as u32)
                .filter(|k| mask >> k & 1 == 1)
                .map(OptionId::new)
                .collect::<Vec<_>>()
        })
        .filter(|subset| verify(problem, subset).is_ok())
        .collect()
}

fn engine_solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    Solver::links(problem)
        .solutions()
        .map(|s| s.sorted())
        .collect()
}

fn check_against_oracle(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = brute_force(&problem);
    let found = engine_solutions(&problem);
    for s in &found {
        prop_assert!(
            verify(&problem, s).is_ok(),
            "engine reported a bad solution {:?}",
            s
        );
    }
    let as_set: BTreeSet<_> = found.iter().cloned().collect();
    prop_assert_eq!(as_set.len(), found.len(), "a solution was reported twice");
    prop_assert_eq!(&as_set, &expected);
    let count = Solver::links(&problem).count();
    prop_assert!(count.is_complete());
    prop_assert_eq!(count.solutions, expected.len() as u64);
    prop_assert_eq!(count.stats.profile.iter().sum::<u64>(), count.stats.nodes);
    check_dense_against_oracle(&problem, &expected)?;
    Ok(())
}

/// The dense engine finds the same solutions, each once, in the same tree as the links
/// engine (same profile), and its answers agree.
fn check_dense_against_oracle(
    problem: &Problem,
    expected: &BTreeSet<Vec<OptionId>>,
) -> Result<(), TestCaseError> {
    let found: Vec<Vec<OptionId>> = DenseSolver::try_new(problem)
        .unwrap()
        .solutions()
        .map(|s| s.sorted())
        .collect();
    let as_set: BTreeSet<_> = found.iter().cloned().collect();
    prop_assert_eq!(as_set.len(), found.len(), "dense reported a solution twice");
    prop_assert_eq!(&as_set, expected, "dense");
    let count = DenseSolver::try_new(problem).unwrap().count();
    prop_assert!(count.is_complete());
    prop_assert_eq!(count.solutions, expected.len() as u64);
    prop_assert_eq!(count.stats.profile.iter().sum::<u64>(), count.stats.nodes);
    prop_assert_eq!(
        &count.stats.profile,
        &Solver::links(problem).count().stats.profile
    );
    let unique = DenseSolver::try_new(problem).unwrap().unique();
    match expected.len() {
        0 => prop_assert_eq!(unique, dlx_core::Uniqueness::NoSolution),
        1 => prop_assert!(
            matches!(unique, dlx_core::Uniqueness::Unique(ref s) if expected.contains(&s.sorted()))
        ),
        _ => prop_assert!(
            matches!(unique, dlx_core::Uniqueness::Multiple(ref a, ref b)
            if a != b && expected.contains(&a.sorted()) && expected.contains(&b.sorted()))
        ),
    }
    let first = DenseSolver::try_new(problem).unwrap().first().solution();
    prop_assert_eq!(first.is_some(), !expected.is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn exact_cover_with_colours_matches_brute_force(spec in spec(false)) {
        check_against_oracle(&spec)?;
    }

    #[test]
    fn multiplicities_match_brute_force(spec in spec(true)) {
        check_against_oracle(&spec)?;
    }

    #[test]
    fn preselection_agrees_between_the_engines(spec in spec(false), picks in prop::collection::vec(any::<prop::sample::Index>(), 0..=3)) {
        let problem = spec.build();
        prop_assume!(problem.num_options() > 0);
        let mut links = Solver::links(&problem);
        let mut dense = DenseSolver::try_new(&problem).unwrap();
        for pick in &picks {
            let option = OptionId::new(pick.index(problem.num_options()) as u32);
            prop_assert_eq!(links.preselect(option), dense.preselect(option));
        }
        let (a, b) = (links.count(), dense.count());
        prop_assert_eq!(a.solutions, b.solutions);
        prop_assert_eq!(a.stats.nodes, b.stats.nodes);
        // The profile accounts for every node, also when the preselected options leave
        // no primary item for the search (the root is then the one solution).
        prop_assert_eq!(a.stats.profile.iter().sum::<u64>(), a.stats.nodes);
        prop_assert_eq!(&a.stats.profile, &b.stats.profile);
    }

    #[test]
    fn preselection_agrees_between_the_engines_with_multiplicities(
        spec in spec(true),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..=3),
    ) {
        let problem = spec.build();
        prop_assume!(problem.num_options() > 0);
        let mut links = Solver::links(&problem);
        let mut dense = DenseSolver::try_new(&problem).unwrap();
        for pick in &picks {
            let option = OptionId::new(pick.index(problem.num_options()) as u32);
            prop_assert_eq!(links.preselect(option), dense.preselect(option));
        }
        let a: Vec<_> = links.clone().solutions().collect();
        let b: Vec<_> = dense.clone().solutions().collect();
        prop_assert_eq!(a, b);
        let (a, b) = (links.count(), dense.count());
        prop_assert_eq!((a.solutions, a.stats.nodes), (b.solutions, b.stats.nodes));
        prop_assert_eq!(&a.stats.profile, &b.stats.profile);
    }

    #[test]
    fn renumbering_never_changes_the_count(
        spec in spec(true),
        seed in any::<u64>(),
    ) {
        let mut rng = seed;
        let mut shuffle = |n: usize| {
            let mut v: Vec<usize> = (0..n).collect();
            for k in (1..n).rev() {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                v.swap(k, (rng >> 33) as usize % (k + 1));
            }
            v
        };
        let options = shuffle(spec.options.len());
        let primaries = shuffle(spec.bounds.len());
        let secondaries = shuffle(spec.secondaries);
        let permuted = spec.permuted(&options, &primaries, &secondaries);
        let a = Solver::links(&spec.build()).count().solutions;
        let b = Solver::links(&permuted.build()).count().solutions;
        prop_assert_eq!(a, b);
    }

    #[test]
    fn text_format_round_trips(spec in spec(true)) {
        let problem = spec.build();
        let text = format::write(&problem).unwrap();
        let again = format::parse(&text).unwrap();
        prop_assert_eq!(&again, &problem);
        prop_assert_eq!(format::write(&again).unwrap(), text);
    }

    #[test]
    fn unique_and_first_agree_with_count(spec in spec(true)) {
        let problem = spec.build();
        let n = Solver::links(&problem).count().solutions;
        let first = Solver::links(&problem).first();
        prop_assert_eq!(first.solution().is_some(), n > 0);
        let unique = Solver::links(&problem).unique();
        match n {
            0 => prop_assert_eq!(unique, dlx_core::Uniqueness::NoSolution),
            1 => prop_assert!(matches!(unique, dlx_core::Uniqueness::Unique(_))),
            _ => prop_assert!(matches!(unique, dlx_core::Uniqueness::Multiple(ref a, ref b) if a != b)),
        }
    }
}

/// A side condition: no two chosen options may have indices that differ by exactly 1
/// (checked on partial solutions, so it prunes), and, on complete solutions only, the sum
/// of the chosen indices must be even.
struct Spaced;

impl dlx_core::Observer for Spaced {
    const PRUNES: bool = true;
    fn admit(&mut self, _level: usize, view: &dlx_core::View<'_>, complete: bool) -> bool {
        let chosen: Vec<usize> = view.chosen().map(|o| o.index()).collect();
        let spaced = chosen
            .iter()
            .all(|a| chosen.iter().all(|b| a.abs_diff(*b) != 1));
        spaced && (!complete || chosen.iter().sum::<usize>() % 2 == 0)
    }
}

/// What [`Spaced`] accepts of a complete solution: no two option indices differing by 1,
/// and an even sum of indices.
fn spaced_and_even(solution: &[OptionId]) -> bool {
    let ix: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    ix.iter().all(|a| ix.iter().all(|b| a.abs_diff(*b) != 1)) && ix.iter().sum::<usize>() % 2 == 0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn side_conditions_prune_exactly(spec in spec(true)) {
        let problem = spec.build();
        let expected = brute_force(&problem)
            .into_iter()
            .filter(|s| spaced_and_even(s))
            .count() as u64;
        prop_assert_eq!(Solver::links(&problem).count_observed(&mut Spaced).solutions, expected);
    }
}

/// A perfect propagator: knows every solution, and at each node removes every option that
/// belongs to none of the solutions extending the partial solution. The search must still
/// find exactly the solutions (and the lists must come back whole after each removal).
struct Oracle {
    solutions: Vec<BTreeSet<OptionId>>,
    num_options: u32,
}

impl dlx_core::Observer for Oracle {
    const PRUNES: bool = true;
    fn remove_options(
        &mut self,
        _level: usize,
        view: &dlx_core::View<'_>,
        out: &mut Vec<OptionId>,
    ) {
        let chosen: BTreeSet<OptionId> = view.chosen().collect();
        let possible: BTreeSet<OptionId> = self
            .solutions
            .iter()
            .filter(|s| chosen.is_subset(s))
            .flatten()
            .copied()
            .collect();
        out.extend(
            (0..self.num_options)
                .map(OptionId::new)
                .filter(|o| !possible.contains(o)),
        );
    }
}

/// [`Spaced`], which also removes the options that its rule already forbids (those next to a
/// chosen one), as a propagator would.
struct SpacedRemoving;

impl dlx_core::Observer for SpacedRemoving {
    const PRUNES: bool = true;
    fn admit(&mut self, level: usize, view: &dlx_core::View<'_>, complete: bool) -> bool {
        Spaced.admit(level, view, complete)
    }
    fn remove_options(
        &mut self,
        _level: usize,
        view: &dlx_core::View<'_>,
        out: &mut Vec<OptionId>,
    ) {
        for o in view.chosen() {
            out.push(OptionId::new(o.index() as u32 + 1));
            if o.index() > 0 {
                out.push(OptionId::new(o.index() as u32 - 1));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn removing_impossible_options_keeps_every_solution(spec in spec(true)) {
        let problem = spec.build();
        let expected = brute_force(&problem);
        let oracle = Oracle {
            solutions: expected.iter().map(|s| s.iter().copied().collect()).collect(),
            num_options: problem.num_options() as u32,
        };
        let found: Vec<Vec<OptionId>> = Solver::links(&problem)
            .solutions_observed(oracle)
            .map(|s| s.sorted())
            .collect();
        let as_set: BTreeSet<_> = found.iter().cloned().collect();
        prop_assert_eq!(as_set.len(), found.len(), "a solution was reported twice");
        prop_assert_eq!(&as_set, &expected);
        // Option numbers past the last are ignored, not a panic.
        let spaced_expected = expected.iter().filter(|s| spaced_and_even(s)).count() as u64;
        let count = Solver::links(&problem).count_observed(&mut SpacedRemoving);
        prop_assert_eq!(count.solutions, spaced_expected);
        prop_assert!(count.is_complete());
    }
}

#[test]
fn bounds_are_reported_back() {
    let spec = Spec {
        bounds: vec![(0, 2)],
        secondaries: 0,
        options: vec![vec![(0, 0)], vec![(0, 0)]],
    };
    let p = spec.build();
    assert_eq!(
        p.item_kind(ItemId::new(0)),
        ItemKind::Primary { lower: 0, upper: 2 }
    );
    // {}, {0}, {1}, {0, 1}.
    assert_eq!(Solver::links(&p).count().solutions, 4);
}
