//! Watching the search: an [`Observer`] receives every step of Algorithm X as it happens.
//!
//! The search is generic over its observer, so with [`NoObserver`] (the default) every call
//! compiles to nothing: tracing costs nothing when it is off.

use crate::links::arena::Arena;
use crate::problem::{ItemId, OptionId};

/// A read-only look at the search's current state, handed to an [`Observer`].
///
/// ```
/// use dlx_core::{Observer, OptionId, ItemId, ProblemBuilder, Solver, View};
/// struct FirstLengths(Vec<u32>);
/// impl Observer for FirstLengths {
///     fn choose(&mut self, level: usize, _item: ItemId, view: &View<'_>) {
///         if level == 0 {
///             self.0 = view.active_items().map(|i| view.len(i)).collect();
///         }
///     }
/// }
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// let c = b.add_primary("C").unwrap();
/// b.add_option([a, c]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let mut obs = FirstLengths(vec![]);
/// Solver::new(&p).count_observed(&mut obs);
/// assert_eq!(obs.0, [2, 1]);
/// ```
pub struct View<'a> {
    pub(crate) arena: &'a Arena,
    /// `x_0 .. x_{l-1}`: the nodes chosen at the levels above (item headers where, in
    /// Algorithm M, an item was given no more options).
    pub(crate) chosen: &'a [u32],
    /// Options fixed before the search.
    pub(crate) preselected: &'a [OptionId],
}

impl View<'_> {
    /// The options chosen so far (fixed ones first, then one per level above this one): the
    /// partial solution.
    ///
    /// ```
    /// use dlx_core::{Observer, OptionId, ProblemBuilder, Solver, View};
    /// struct Partial(Vec<Vec<OptionId>>);
    /// impl Observer for Partial {
    ///     fn try_option(&mut self, _l: usize, _o: OptionId, _k: u32, _d: u32, view: &View<'_>) {
    ///         self.0.push(view.chosen().collect());
    ///     }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let c = b.add_primary("C").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([c]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut obs = Partial(vec![]);
    /// Solver::new(&p).count_observed(&mut obs);
    /// assert_eq!(obs.0, [vec![], vec![OptionId::new(0)]]);
    /// ```
    pub fn chosen(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.preselected.iter().copied().chain(
            self.chosen
                .iter()
                .filter(|&&x| !self.arena.is_header(x))
                .map(|&x| self.arena.option_of(x)),
        )
    }

    /// The primary items not yet covered, left to right.
    ///
    /// See [`View`] for an example.
    pub fn active_items(&self) -> impl Iterator<Item = ItemId> + '_ {
        let items = &self.arena.items;
        let mut i = items[0].right;
        std::iter::from_fn(move || {
            if i == 0 {
                None
            } else {
                let out = ItemId(i - 1);
                i = items[i as usize].right;
                Some(out)
            }
        })
    }

    /// How many options are still available for an item (`LEN`).
    ///
    /// See [`View`] for an example.
    pub fn len(&self, item: ItemId) -> u32 {
        self.arena.len(item.0 + 1)
    }

    /// The options still available for an item, top to bottom.
    ///
    /// ```
    /// use dlx_core::{Observer, ItemId, ProblemBuilder, Solver, View, OptionId};
    /// struct Seen(Vec<OptionId>);
    /// impl Observer for Seen {
    ///     fn choose(&mut self, level: usize, item: ItemId, view: &View<'_>) {
    ///         if level == 0 { self.0 = view.options_of(item).collect(); }
    ///     }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut seen = Seen(vec![]);
    /// Solver::new(&p).count_observed(&mut seen);
    /// assert_eq!(seen.0, [OptionId::new(0), OptionId::new(1)]);
    /// ```
    pub fn options_of(&self, item: ItemId) -> impl Iterator<Item = OptionId> + '_ {
        let head = item.0 + 1;
        let nodes = &self.arena.nodes;
        let mut p = nodes[head as usize].down;
        std::iter::from_fn(move || {
            if p == head {
                None
            } else {
                let out = self.arena.option_of(p);
                p = nodes[p as usize].down;
                Some(out)
            }
        })
    }

    /// True while an option can still be chosen: none of its items is covered, none of its
    /// colours clashes with a choice made, and no side condition removed it. (One case
    /// reads as not live though the option could still be chosen: in Algorithm M, an item
    /// whose lower bound is met is taken out of the active list for the branch that gives
    /// it no more options, and options containing it read as not live below there.)
    ///
    /// ```
    /// use dlx_core::{Observer, ItemId, ProblemBuilder, Solver, View, OptionId};
    /// struct Live(Vec<bool>);
    /// impl Observer for Live {
    ///     fn try_option(&mut self, level: usize, _o: OptionId, _k: u32, _d: u32, view: &View<'_>) {
    ///         if level == 0 { self.0.push(view.is_live(OptionId::new(1))); }
    ///     }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let mut live = Live(vec![]);
    /// Solver::new(&p).count_observed(&mut live);
    /// // A is chosen (and covered) before any of its options is tried.
    /// assert_eq!(live.0, [false, false]);
    /// ```
    pub fn is_live(&self, option: OptionId) -> bool {
        self.arena.option_is_live(option)
    }
}

/// Receives the steps of the search. Every method has an empty default, so an observer
/// implements only what it wants. Step names are Knuth's (TAOCP 7.2.2.1, Algorithm X).
///
/// ```
/// use dlx_core::{Observer, OptionId, ProblemBuilder, Solver, View};
/// #[derive(Default)]
/// struct Tally { tries: usize, solutions: usize }
/// impl Observer for Tally {
///     fn try_option(&mut self, _l: usize, _o: OptionId, _k: u32, _d: u32, _v: &View<'_>) {
///         self.tries += 1;
///     }
///     fn solution(&mut self, _level: usize, _options: &[OptionId]) { self.solutions += 1; }
/// }
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// let mut t = Tally::default();
/// assert_eq!(Solver::new(&p).count_observed(&mut t).solutions, 2);
/// assert_eq!((t.tries, t.solutions), (2, 2));
/// ```
pub trait Observer {
    /// False only for observers that watch nothing: the search then skips every call (at
    /// compile time, since it is generic over the observer).
    const ENABLED: bool = true;

    /// False when [`solution`](Self::solution) need not be called, which saves building
    /// the list of options of each solution.
    const WANTS_SOLUTIONS: bool = true;

    /// True for observers that may reject partial solutions through
    /// [`admit`](Self::admit) (side conditions that exact cover can't express, such as
    /// connectivity) or remove options through [`remove_options`](Self::remove_options) (a
    /// propagator's deductions). When false (the default) neither is ever called and they
    /// cost nothing.
    const PRUNES: bool = false;

    /// Called as each level is entered (step X2), with the partial solution in
    /// [`View::chosen`], and once more for each complete solution (`complete` true) before
    /// it is reported. Returning false treats the node as a dead end: the search backs up
    /// (and a rejected complete solution is not reported or counted). Only called when
    /// [`PRUNES`](Self::PRUNES) is true.
    ///
    /// ```
    /// use dlx_core::{Observer, OptionId, ProblemBuilder, Solver, View};
    /// // Forbid option 0 from appearing in any solution.
    /// struct NoZero;
    /// impl Observer for NoZero {
    ///     const PRUNES: bool = true;
    ///     fn admit(&mut self, _level: usize, view: &View<'_>, _complete: bool) -> bool {
    ///         view.chosen().all(|o| o != OptionId::new(0))
    ///     }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(Solver::new(&p).count_observed(&mut NoZero).solutions, 1);
    /// ```
    fn admit(&mut self, level: usize, view: &View<'_>, complete: bool) -> bool {
        let _ = (level, view, complete);
        true
    }

    /// Called right after [`admit`](Self::admit) has accepted the partial solution at
    /// `level` (so only when [`PRUNES`](Self::PRUNES) is true): push onto `out` the options
    /// that cannot belong to any solution extending it (the values a propagator has ruled
    /// out). The search removes them from their items' lists before it chooses an item
    /// (X3), so the branching rule sees the shorter lists, and puts them back when it backs
    /// up out of `level` (X8). Options no longer live are ignored. Removing an option that
    /// does belong to such a solution loses that solution, so remove only what is proven
    /// impossible. Not called by the parallel searches, which run without observers.
    ///
    /// ```
    /// use dlx_core::{Observer, OptionId, ProblemBuilder, Solver, View};
    /// // Knows that option 0 is never part of a solution: removes it at the root, so the
    /// // search branches on A with one option instead of two.
    /// struct NoZero;
    /// impl Observer for NoZero {
    ///     const PRUNES: bool = true;
    ///     fn remove_options(&mut self, level: usize, _v: &View<'_>, out: &mut Vec<OptionId>) {
    ///         if level == 0 {
    ///             out.push(OptionId::new(0));
    ///         }
    ///     }
    /// }
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// let count = Solver::new(&p).count_observed(&mut NoZero);
    /// assert_eq!((count.solutions, count.stats.profile[1]), (1, 1));
    /// ```
    fn remove_options(&mut self, level: usize, view: &View<'_>, out: &mut Vec<OptionId>) {
        let _ = (level, view, out);
    }

    /// Step X3: `item` was chosen at `level` for branching (before it is covered); the view
    /// shows every active item's length, so the reason for the choice can be shown.
    fn choose(&mut self, level: usize, item: ItemId, view: &View<'_>) {
        let _ = (level, item, view);
    }

    /// Step X5: `option` is tried at `level`; it is the `k`-th of `d` options of the chosen
    /// item (1-based). Called before its other items are covered.
    fn try_option(&mut self, level: usize, option: OptionId, k: u32, d: u32, view: &View<'_>) {
        let _ = (level, option, k, d, view);
    }

    /// Step X5 (Algorithm M): the chosen item gets no more options at this level (its lower
    /// bound is already met).
    fn skip_item(&mut self, level: usize, item: ItemId) {
        let _ = (level, item);
    }

    /// Step X2: every primary item is covered; `options` is the solution.
    fn solution(&mut self, level: usize, options: &[OptionId]) {
        let _ = (level, options);
    }

    /// Step X6: the option tried at `level` is taken back (its items uncovered).
    fn undo_option(&mut self, level: usize, option: OptionId) {
        let _ = (level, option);
    }

    /// Step X7/X8: every option of the item chosen at `level` has been tried (or there were
    /// none: a dead end); the search backs up to the level above.
    fn backtrack(&mut self, level: usize, item: ItemId) {
        let _ = (level, item);
    }
}

/// The observer that watches nothing; with it the search pays nothing for observation.
///
/// ```
/// use dlx_core::{NoObserver, ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// assert_eq!(Solver::new(&p).count_observed(&mut NoObserver).solutions, 1);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ENABLED: bool = false;
    const WANTS_SOLUTIONS: bool = false;
}

impl<O: Observer + ?Sized> Observer for &mut O {
    const ENABLED: bool = O::ENABLED;
    const WANTS_SOLUTIONS: bool = O::WANTS_SOLUTIONS;
    const PRUNES: bool = O::PRUNES;

    fn admit(&mut self, level: usize, view: &View<'_>, complete: bool) -> bool {
        (**self).admit(level, view, complete)
    }
    fn remove_options(&mut self, level: usize, view: &View<'_>, out: &mut Vec<OptionId>) {
        (**self).remove_options(level, view, out)
    }
    fn choose(&mut self, level: usize, item: ItemId, view: &View<'_>) {
        (**self).choose(level, item, view)
    }
    fn try_option(&mut self, level: usize, option: OptionId, k: u32, d: u32, view: &View<'_>) {
        (**self).try_option(level, option, k, d, view)
    }
    fn skip_item(&mut self, level: usize, item: ItemId) {
        (**self).skip_item(level, item)
    }
    fn solution(&mut self, level: usize, options: &[OptionId]) {
        (**self).solution(level, options)
    }
    fn undo_option(&mut self, level: usize, option: OptionId) {
        (**self).undo_option(level, option)
    }
    fn backtrack(&mut self, level: usize, item: ItemId) {
        (**self).backtrack(level, item)
    }
}
