//! Faster totals: the search tree cut into orbits.
//!
//! Every solution holds exactly one option of each primary item. Take a set `I` of
//! uncovered primary items that the group `H` (of the symmetries that keep the options
//! chosen so far) maps onto itself: every completion holds exactly one *extension* on `I`,
//! the options of the solution that hold an item of `I`, and a symmetry in `H` carries the
//! completions through one extension onto those through its image. So the number of
//! completions is `Σ |orbit(E)| · N(E)`, over one extension `E` per `H`-orbit (the least
//! under the group: its options, sorted, come first lexicographically among its images),
//! `N(E)` being the number of completions through `E`; below `E` the same again with `E`'s
//! stabiliser in `H`, until the stabiliser is trivial. The leaves of this plan are counted
//! by the engine with their options preselected.
//!
//! `I` is the orbit of one item when the extensions on it are few enough to list (the
//! pentominoes' pieces, which every symmetry of the board keeps; the four lines of the
//! queens' board that the symmetries exchange), or else one item and its stabiliser.

use super::cover::Cover;
use super::Group;

/// The most extensions (the product of the item lists' lengths) listed for one orbit at
/// the top of the plan.
pub(crate) const MAX_EXTENSIONS: u64 = 1 << 18;

/// The most extensions listed below the top, where the stabiliser left is smaller and
/// each extension is a sub-problem to set up: more cost more than they save (in the 3x20
/// pentomino box every X placement is kept by a flip; splitting below it on up to 64
/// extensions, four levels deep, made 4,985 sub-problems and took 1.5 times as long as
/// the plain count).
pub(crate) const MAX_SUB_EXTENSIONS: u64 = 16;

/// The most levels of the plan: the top split and one below (Knuth's "restrict a second
/// piece when the first one's placement is symmetric").
pub(crate) const MAX_DEPTH: usize = 2;

/// A sub-problem to count: options to preselect, and how many solutions each of its
/// solutions stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Leaf {
    pub(crate) options: Vec<u32>,
    pub(crate) weight: u64,
}

/// The plan: the leaves, and the nodes visited listing extensions.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    pub(crate) leaves: Vec<Leaf>,
    pub(crate) nodes: u64,
}

/// Builds the plan of the whole problem under `group`.
pub(crate) fn plan(cover: &mut Cover, group: &Group) -> Plan {
    let all: Vec<usize> = (0..group.order()).collect();
    let mut planner = Planner {
        cover,
        group,
        out: Plan::default(),
    };
    let mut chosen = Vec::new();
    planner.node(&mut chosen, &all, 1, 0);
    planner.out
}

/// Where the plan is: the elements that keep what is chosen, how many solutions each
/// solution below stands for, and how many splits were made above.
#[derive(Clone, Copy)]
struct Level<'a> {
    h: &'a [usize],
    weight: u64,
    depth: usize,
}

/// A candidate split: the elements kept, how many items, their options, the items, the
/// elements.
type Choice = (usize, usize, u64, Vec<u32>, Vec<usize>);

struct Planner<'a> {
    cover: &'a mut Cover,
    group: &'a Group,
    out: Plan,
}

impl Planner<'_> {
    /// The completions of `chosen` (placed in the cover), under the elements `h` (which
    /// keep `chosen`), each standing for `weight` solutions.
    fn node(&mut self, chosen: &mut Vec<u32>, h: &[usize], weight: u64, depth: usize) {
        let limit = if depth == 0 {
            MAX_EXTENSIONS
        } else {
            MAX_SUB_EXTENSIONS
        };
        let split = h.len() > 1 && depth < MAX_DEPTH;
        let Some((items, sub)) = split.then(|| self.choose(h, limit)).flatten() else {
            self.out.leaves.push(Leaf {
                options: chosen.clone(),
                weight,
            });
            return;
        };
        let mut ext = Vec::new();
        let at = Level {
            h: &sub,
            weight,
            depth,
        };
        self.extend(&items, 0, &mut ext, chosen, at);
    }

    /// Lists the extensions on `items` from `items[k]` on; each canonical one goes on.
    fn extend(
        &mut self,
        items: &[u32],
        k: usize,
        ext: &mut Vec<u32>,
        chosen: &mut Vec<u32>,
        at: Level<'_>,
    ) {
        let Some(pos) = (k..items.len()).find(|&j| self.cover.is_free(items[j])) else {
            self.extension(ext, chosen, at);
            return;
        };
        let item = items[pos];
        for idx in 0..self.cover.options_of(item).len() {
            let o = self.cover.options_of(item)[idx];
            if !self.cover.fits(o) {
                continue;
            }
            self.out.nodes += 1;
            let mark = self.cover.place(o);
            ext.push(o);
            self.extend(items, pos + 1, ext, chosen, at);
            ext.pop();
            self.cover.undo(mark);
        }
    }

    /// A complete extension: goes on below it when it is the least of its orbit.
    fn extension(&mut self, ext: &[u32], chosen: &mut Vec<u32>, at: Level<'_>) {
        let h = at.h;
        let mut e = ext.to_vec();
        e.sort_unstable();
        let mut stab = Vec::new();
        let mut image = Vec::with_capacity(e.len());
        for &g in h {
            let map = self.group.elements()[g].option_map();
            image.clear();
            image.extend(e.iter().map(|&o| map[o as usize]));
            image.sort_unstable();
            match image.as_slice().cmp(&e) {
                std::cmp::Ordering::Less => return,
                std::cmp::Ordering::Equal => stab.push(g),
                std::cmp::Ordering::Greater => {}
            }
        }
        let orbit = (h.len() / stab.len()) as u64;
        let before = chosen.len();
        chosen.extend_from_slice(&e);
        self.node(chosen, &stab, at.weight * orbit, at.depth + 1);
        chosen.truncate(before);
    }

    /// The items to branch on under `h`, and the elements of `h` that keep them (as a
    /// set): the choice that keeps most of `h`, then the fewest items, then the shortest
    /// lists; `None` when every choice keeps only the identity.
    fn choose(&self, h: &[usize], limit: u64) -> Option<(Vec<u32>, Vec<usize>)> {
        let elements = self.group.elements();
        let mut best: Option<Choice> = None;
        for item in 0..self.cover.num_items() as u32 {
            if !self.cover.is_primary(item) || !self.cover.is_free(item) {
                continue;
            }
            let len = self.live(item);
            let mut orbit: Vec<u32> = h
                .iter()
                .map(|&g| elements[g].item_map()[item as usize])
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            let product = orbit
                .iter()
                .fold(1u64, |p, &i| p.saturating_mul(self.live(i).max(1)));
            let (items, keep): (Vec<u32>, Vec<usize>) = if product <= limit {
                (orbit, h.to_vec())
            } else if len > limit {
                continue;
            } else {
                let keep = h
                    .iter()
                    .copied()
                    .filter(|&g| elements[g].item_map()[item as usize] == item)
                    .collect();
                (vec![item], keep)
            };
            let better = match &best {
                None => true,
                Some((gain, size, cost, _, _)) => {
                    (
                        keep.len(),
                        std::cmp::Reverse(items.len()),
                        std::cmp::Reverse(len),
                    ) > (*gain, std::cmp::Reverse(*size), std::cmp::Reverse(*cost))
                }
            };
            if better {
                best = Some((keep.len(), items.len(), len, items, keep));
            }
        }
        best.filter(|b| b.0 > 1)
            .map(|(_, _, _, items, keep)| (items, keep))
    }

    /// How many options of `item` fit what is chosen.
    fn live(&self, item: u32) -> u64 {
        self.cover
            .options_of(item)
            .iter()
            .filter(|&&o| self.cover.fits(o))
            .count() as u64
    }
}
