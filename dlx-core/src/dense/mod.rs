//! Documented on [`Dense`], which this private module defines.

mod apply;
mod layout;
mod multi;
mod popcnt;
mod search;
mod tally;

use std::sync::Arc;

use crate::engine::sealed::Run;
use crate::engine::{Counters, DenseError, Engine, Limits, PreselectError, Step};
use crate::observer::Observer;
use crate::problem::{OptionId, Problem};
use layout::{ClashForm, DenseLayout};
use multi::MultiSearch;
use search::{DenseSearch, Label};
use tally::{Keyed, Tally};

/// The search, with keyed tallies when there are at most 512 primary items of at most 63
/// options each, else byte tallies when every primary item has at most 127 options, 16-bit
/// ones otherwise.
#[derive(Clone, Debug)]
enum Tallies {
    Keyed(DenseSearch<Keyed>),
    Bytes(DenseSearch<u8>),
    Words(DenseSearch<u16>),
    /// Algorithm M (multiplicities), with 16-, 32-, 64- or 128-bit branching keys
    /// (`multi.rs`).
    Multi16(MultiSearch<i16>),
    Multi32(MultiSearch<i32>),
    Multi64(MultiSearch<u64>),
    Multi128(MultiSearch<u128>),
}

/// Runs `$body` with `$s` bound to the engine's search, whichever tally it keeps.
macro_rules! on_tallies {
    ($tallies:expr, $s:ident => $body:expr) => {
        match $tallies {
            Tallies::Keyed($s) => $body,
            Tallies::Bytes($s) => $body,
            Tallies::Words($s) => $body,
            Tallies::Multi16($s) => $body,
            Tallies::Multi32($s) => $body,
            Tallies::Multi64($s) => $body,
            Tallies::Multi128($s) => $body,
        }
    };
}

mod unit;

/// The dense engine: Algorithm X (C, M) with a state copied per level (see the
/// documentation of [`Dense`]). Cloning one before it starts (for instance after
/// [`preselect`](crate::Solver::preselect)) copies only its root state and shares its
/// read-only tables. Nodes and the profile are Knuth's, as the links engine counts them
/// (the same tree is searched); updates count items covered plus options made not live
/// (the option tried included).
///
/// ```
/// use dlx_core::{DenseSolver, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let stats = DenseSolver::try_new(&p).unwrap().count().stats;
/// // Cover A, and its one option is no longer live.
/// assert_eq!((stats.nodes, stats.updates, stats.solutions), (2, 2, 1));
/// assert_eq!(stats.profile, [1, 1]);
/// ```
///
/// A second engine for problems of modest size: Algorithm X with colours where each level
/// keeps its own copy of the state (a tally of live options per primary item, one bit per option,
/// the colours fixed), so that backtracking undoes nothing.
///
/// Dancing links make every change undoable in place; this engine instead copies the
/// state down one level before applying an option (a level with a single option left to
/// try applies it in place), and backtracking simply returns to the level above, whose copy
/// is intact. The state is small when the problem is (a 9×9 Sudoku's is 800 bytes: 324
/// two-byte tallies, each holding its item's number so that X3 is a single minimum, padded
/// to 352, and 729 bits), and applying an option is one walk over a precomputed row of the
/// options that clash with it, a 64-bit word at a time, with a few tally decrements per
/// option killed: a few instructions each on flat arrays instead of a chain of dependent
/// loads through the links. See `docs/architecture.md`, "The dense engine".
///
/// The tree searched is exactly Algorithm X's (the item with the fewest live options,
/// ties to the leftmost; its options in input order), so node counts and profiles equal
/// [`Solver`](crate::Solver)'s; updates count items covered plus options made not live.
/// It takes primary and secondary items, colours, and multiplicities (`u:v|item`: Algorithm
/// M, in a search of its own, `multi.rs`, whose tree is the links engine's and Knuth's DLX3's,
/// node for node).
///
/// ```
/// use dlx_core::{DenseSolver, ProblemBuilder, Solver, Uniqueness};
///
/// // Knuth's example from TAOCP 7.2.2.1: items a..g, six options.
/// let mut b = ProblemBuilder::new();
/// for name in ["a", "b", "c", "d", "e", "f", "g"] {
///     b.add_primary(name)?;
/// }
/// for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
///     b.add_option_by_names(option.split(' '))?;
/// }
/// let problem = b.build()?;
///
/// let count = DenseSolver::try_new(&problem)?.count();
/// assert_eq!(count.solutions, 1);
/// assert_eq!(count.stats.nodes, Solver::links(&problem).count().stats.nodes);
/// let Uniqueness::Unique(s) = DenseSolver::try_new(&problem)?.unique() else { panic!() };
/// assert_eq!(s.sorted(), Solver::links(&problem).first().solution().unwrap().sorted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dense {
    search: Tallies,
}

impl Dense {
    /// An engine whose layout builds clash tables of at most `budget` masks (none at all
    /// with 0, so that X5 covers item by item), in form `form`; X3 counts live options
    /// afresh when `count` and the problem is small enough
    /// ([`DenseLayout::count_at_x3`]).
    fn with_clashes(
        problem: &Problem,
        budget: usize,
        form: ClashForm,
        count: bool,
    ) -> Result<Self, DenseError> {
        let mut layout = DenseLayout::new(problem)?;
        if problem.has_multiplicities() && layout.longest <= u16::MAX_OPTIONS {
            // Algorithm M, item by item: no clash tables.
            return Ok(Dense {
                search: multi::search(problem, layout),
            });
        }
        layout.build_clashes(budget, form);
        if count {
            layout.count_at_x3();
        }
        let search =
            if layout.longest <= Keyed::MAX_OPTIONS && layout.num_primary <= Keyed::MAX_ITEMS {
                Tallies::Keyed(DenseSearch::new(Arc::new(layout)))
            } else if layout.longest <= u8::MAX_OPTIONS {
                Tallies::Bytes(DenseSearch::new(Arc::new(layout)))
            } else if layout.longest <= u16::MAX_OPTIONS {
                Tallies::Words(DenseSearch::new(Arc::new(layout)))
            } else {
                let item = (0..layout.num_primary)
                    .max_by_key(|&k| layout.item_range(k as u32).len())
                    .expect("an item");
                return Err(DenseError::LongItem {
                    item: problem
                        .item_name(crate::ItemId::new(item as u32))
                        .to_string(),
                    options: layout.longest,
                });
            };
        Ok(Dense { search })
    }
}

impl Engine for Dense {
    type Error = DenseError;
    const NAME: &'static str = "dense";
}

impl Run for Dense {
    type BuildError = DenseError;

    fn name(&self) -> &'static str {
        Self::NAME
    }

    fn build(problem: &Problem) -> Result<Self, DenseError> {
        // Counting live options at X3 pays only with a `popcnt` instruction (see `popcnt`).
        let count = popcnt::available();
        Self::with_clashes(problem, layout::CLASH_BUDGET, ClashForm::Smaller, count)
    }

    fn preselect(&mut self, option: OptionId) -> Result<(), PreselectError> {
        on_tallies!(&mut self.search, s => s.preselect(option))
    }

    #[inline]
    fn run<O: Observer>(&mut self, _obs: &mut O, limits: &Limits) -> Step {
        on_tallies!(&mut self.search, s => s.run(limits))
    }

    fn solution_into(&self, out: &mut Vec<OptionId>) {
        on_tallies!(&self.search, s => s.solution_into(out))
    }

    #[inline]
    fn counters(&self) -> Counters {
        on_tallies!(&self.search, s => Counters::new(s.nodes, s.updates(), s.solutions))
    }

    fn profile(&self) -> &[u64] {
        on_tallies!(&self.search, s => &s.profile)
    }

    fn take_profile(&mut self) -> Vec<u64> {
        on_tallies!(&mut self.search, s => std::mem::take(&mut s.profile))
    }

    #[inline]
    fn is_done(&self) -> bool {
        on_tallies!(&self.search, s => s.label == Label::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::{layout, ClashForm, Dense, DenseError, Tallies};
    use crate::Count;
    use crate::DenseSolver;
    use crate::{ProblemBuilder, Solver};

    /// Primary items `p0`..`p{n-1}`, each in an option of its own, and an item `s`
    /// (secondary, or primary when `s_primary`) in `long` options `p{t % n} s`.
    fn problem(n: usize, long: usize, s_primary: bool) -> crate::Problem {
        let mut b = ProblemBuilder::new();
        let ps: Vec<_> = (0..n)
            .map(|k| b.add_primary(format!("p{k}")).unwrap())
            .collect();
        let s = if s_primary {
            b.add_primary("s").unwrap()
        } else {
            b.add_secondary("s").unwrap()
        };
        for &p in &ps {
            b.add_option([p]).unwrap();
        }
        for t in 0..long {
            b.add_option([ps[t % n], s]).unwrap();
        }
        b.build().unwrap()
    }

    /// Counts `problem` with clash tables as masks and as full rows, without them, and
    /// with the links engine.
    fn both_ways_of_covering_agree(problem: &crate::Problem) {
        let solver = |budget, form| {
            Solver::with_engine(
                problem,
                Dense::with_clashes(problem, budget, form, false).unwrap(),
            )
        };
        let masks = solver(layout::CLASH_BUDGET, ClashForm::Masks);
        let rows = solver(layout::CLASH_BUDGET, ClashForm::Rows);
        let without = solver(0, ClashForm::Smaller);
        let has = |s: &DenseSolver<'_>| on_tallies!(&s.engine.search, e => e.layout.has_clashes());
        let full = |s: &DenseSolver<'_>| on_tallies!(&s.engine.search, e => e.layout.clash_full);
        assert!(has(&masks) && has(&rows) && !has(&without));
        assert!(!full(&masks) && full(&rows));
        let links = Solver::links(problem).count();
        let with = masks.count();
        assert_eq!(with.solutions, links.solutions);
        assert_eq!(with.stats.nodes, links.stats.nodes);
        assert_eq!(with.stats.profile, links.stats.profile);
        let summary = |c: Count| (c.solutions, c.stats.nodes, c.stats.updates, c.stats.profile);
        let with = summary(with);
        assert_eq!(with, summary(rows.count()));
        assert_eq!(with, summary(without.count()));
    }

    #[test]
    fn clash_tables_change_neither_the_tree_nor_the_updates() {
        // Queens (diagonals secondary), Knuth's colour example, and a Sudoku.
        for text in [
            include_str!("../../tests/data/q8.dlx"),
            include_str!("../../tests/data/color.dlx"),
            include_str!("../../tests/data/sud1.dlx"),
        ] {
            both_ways_of_covering_agree(&crate::format::parse(text).unwrap());
        }
    }

    #[test]
    fn counting_at_x3_searches_and_updates_like_the_tallies() {
        // Queens (one and two words of options), Knuth's colour example and his toy: the
        // same tree, updates and profile, whole, after preselections (every `step`th option
        // that fits) and stopped by node budgets, with tallies and counting at X3.
        let texts = [
            (include_str!("../../tests/data/q8.dlx"), 5),
            (include_str!("../../tests/data/q10.dlx"), 7),
            (include_str!("../../tests/data/color.dlx"), 2),
            (include_str!("../../tests/data/toy.dlx"), 4),
        ];
        let summary = |c: Count| {
            let s = c.stats;
            (c.solutions, c.stop, s.nodes, s.updates, s.profile)
        };
        for (text, step) in texts {
            let p = crate::format::parse(text).unwrap();
            let solver = |count| {
                let dense =
                    Dense::with_clashes(&p, layout::CLASH_BUDGET, ClashForm::Smaller, count);
                Solver::with_engine(&p, dense.unwrap())
            };
            let counts =
                |s: &DenseSolver<'_>| on_tallies!(&s.engine.search, e => e.layout.counts_at_x3());
            assert!(counts(&solver(true)) && !counts(&solver(false)));
            assert_eq!(
                summary(solver(true).count()),
                summary(solver(false).count())
            );
            let links = Solver::links(&p).count();
            assert_eq!(solver(true).count().stats.nodes, links.stats.nodes);
            for budget in [1, 3, 10, 100] {
                let [a, b] = [true, false].map(|c| solver(c).with_node_budget(budget).count());
                assert_eq!(summary(a), summary(b), "budget {budget}");
            }
            let [mut a, mut b] = [solver(true), solver(false)];
            for o in (0..p.num_options()).step_by(step) {
                let o = crate::OptionId::new(o as u32);
                assert_eq!(a.preselect(o), b.preselect(o));
                assert_eq!(a.stats().updates, b.stats().updates);
            }
            let solutions = |s: DenseSolver<'_>| {
                let mut all: Vec<_> = s.solutions().map(|x| x.sorted()).collect();
                all.sort();
                all
            };
            assert_eq!(summary(a.clone().count()), summary(b.clone().count()));
            assert_eq!(solutions(a), solutions(b));
        }
    }

    #[test]
    fn preselecting_through_the_clash_tables_counts_like_item_by_item() {
        // Through the clash tables, a preselection kills options without lowering the
        // tallies, which are counted afresh before the search; item by item (no tables)
        // it lowers them as it goes. Every `step`th option is tried, so that some clash.
        let texts = [
            include_str!("../../tests/data/q8.dlx"),
            include_str!("../../tests/data/sud1.dlx"),
        ];
        let mut problems: Vec<_> = texts
            .iter()
            .map(|t| crate::format::parse(t).unwrap())
            .collect();
        // Byte tallies (50 options on p0 and p1) and keyed ones with a secondary item.
        problems.push(problem(2, 100, false));
        problems.push(problem(10, 300, false));
        for (p, step) in problems.iter().zip([5, 23, 7, 31]) {
            let solver = |budget, form| {
                Solver::with_engine(p, Dense::with_clashes(p, budget, form, false).unwrap())
            };
            let mut ways = [
                solver(0, ClashForm::Smaller),
                solver(layout::CLASH_BUDGET, ClashForm::Masks),
                solver(layout::CLASH_BUDGET, ClashForm::Rows),
            ];
            let mut fixed = 0;
            for o in (0..p.num_options()).step_by(step) {
                let o = crate::OptionId::new(o as u32);
                let answers: Vec<_> = ways.iter_mut().map(|s| s.preselect(o)).collect();
                assert!(answers.iter().all(|a| *a == answers[0]), "option {o:?}");
                fixed += usize::from(answers[0].is_ok());
                // Before the search, the updates already count the kills.
                let updates: Vec<_> = ways.iter().map(|s| s.stats().updates).collect();
                assert!(updates.iter().all(|&u| u == updates[0]));
            }
            assert!(fixed >= 2, "{fixed} options fixed");
            let summary = |c: Count| (c.solutions, c.stats.nodes, c.stats.updates, c.stats.profile);
            let [without, masks, rows] = ways.map(|s| summary(s.count()));
            assert_eq!(masks, without);
            assert_eq!(rows, without);
        }
    }

    #[test]
    fn node_budgets_and_cancellation_stop_where_the_links_engine_stops() {
        // q8's 1,049 nodes: budgets on both sides of the check for the flag at node 1,024
        // and of the end.
        let p = crate::format::parse(include_str!("../../tests/data/q8.dlx")).unwrap();
        let summary = |c: Count| (c.solutions, c.stop, c.stats.nodes, c.stats.profile);
        for budget in [0, 1, 7, 1023, 1024, 1025, 1048, 1049, 1050, 5000] {
            let dense = DenseSolver::try_new(&p)
                .unwrap()
                .with_node_budget(budget)
                .count();
            let links = Solver::links(&p).with_node_budget(budget).count();
            assert_eq!(summary(dense), summary(links), "budget {budget}");
        }
        let raised = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let dense = DenseSolver::try_new(&p)
            .unwrap()
            .with_cancel_flag(raised.clone());
        let links = Solver::links(&p).with_cancel_flag(raised);
        assert_eq!(summary(dense.count()), summary(links.count()));
    }

    #[test]
    fn a_tight_budget_leaves_the_clash_tables_out() {
        let p = crate::format::parse(include_str!("../../tests/data/q8.dlx")).unwrap();
        let mut layout = super::DenseLayout::new(&p).unwrap();
        // q8: 64 options in one word; each clashes through four items, one mask in all.
        assert!(!layout.build_clashes(63, ClashForm::Smaller));
        assert!(!layout.has_clashes());
        assert!(layout.build_clashes(64, ClashForm::Masks));
        assert_eq!(layout.clash_word.len(), 64);
        assert_eq!(layout.clash_bits[0].count_ones(), 22);
        // One word a row: full rows take no more room (8 bytes an option, not 12).
        assert!(layout.build_clashes(64, ClashForm::Smaller));
        assert!(layout.clash_full && layout.clash_word.is_empty());
        assert_eq!(layout.clash_bits.len(), 64);
        // Option 0 (queen at row 0, column 0) clashes with row 0, column 0 and the
        // long diagonal b7: 8 + 7 + 7 options.
        assert_eq!(layout.clash_bits[0].count_ones(), 22);
    }

    #[test]
    fn secondary_items_need_no_tally() {
        // `s` has 300 options, each primary item 31: keyed tallies do.
        let p = problem(10, 300, false);
        let dense = DenseSolver::try_new(&p).unwrap();
        assert!(matches!(dense.engine.search, Tallies::Keyed(_)));
        let (a, b) = (dense.count(), Solver::links(&p).count());
        // The singletons only, or one option with `s` and singletons for the rest.
        assert_eq!(a.solutions, 301);
        assert_eq!((a.solutions, a.stats.nodes), (b.solutions, b.stats.nodes));
        assert_eq!(a.stats.profile, b.stats.profile);
    }

    #[test]
    fn only_a_primary_item_with_too_many_options_is_refused() {
        // 40,000 options on `s`, 20,001 on each primary item.
        let p = problem(2, 40_000, false);
        assert!(matches!(
            DenseSolver::try_new(&p).unwrap().engine.search,
            Tallies::Words(_)
        ));
        let p = problem(2, 40_000, true);
        let err = DenseSolver::try_new(&p).unwrap_err();
        assert_eq!(
            err,
            DenseError::LongItem {
                item: "s".into(),
                options: 40_000
            }
        );
        assert!(err
            .to_string()
            .contains("primary item `s` has 40000 options"));
    }
}
