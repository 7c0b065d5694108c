//! A count by symmetry cut into independent pieces: the leaves of the orbit plan (the
//! total's part, each weighted by its orbit) and, for the count up to symmetry, one
//! fixed-point problem per conjugacy class (Burnside's part). Threads count pieces side by
//! side, a checkpoint records the pieces finished, and `dlx split --symmetry` hands them
//! out as work units.

use serde::{Deserialize, Serialize};

use super::cover::Cover;
use super::orbits::Leaf;

/// One independent piece of a count by symmetry.
///
/// ```
/// use dlx_core::symmetry::Piece;
/// let leaf = Piece::Leaf { options: vec![3, 7], weight: 4 };
/// let json = serde_json::to_string(&leaf).unwrap();
/// assert_eq!(json, r#"{"leaf":{"options":[3,7],"weight":4}}"#);
/// assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), leaf);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// The solutions that hold all of `options` (0-based option numbers, preselected),
    /// each standing for `weight` solutions: a part of the total.
    Leaf {
        /// The options preselected.
        options: Vec<u32>,
        /// How many solutions each solution of the piece stands for (its orbit's size).
        weight: u64,
    },
    /// The solutions that the group's element number `element` fixes, for Burnside's
    /// lemma; the element stands for its conjugacy class of `class_size` elements.
    Fixed {
        /// The element (an index into [`Group::elements`](super::Group::elements)).
        element: usize,
        /// The size of its conjugacy class.
        class_size: u64,
    },
}

impl Piece {
    /// What the piece adds to the total (`weight · solutions` for a leaf, nothing for a
    /// fixed-point piece), or `None` past 2^64 - 1.
    ///
    /// ```
    /// use dlx_core::symmetry::Piece;
    /// assert_eq!(Piece::Leaf { options: vec![], weight: 4 }.total_part(5), Some(20));
    /// assert_eq!(Piece::Fixed { element: 1, class_size: 2 }.total_part(5), Some(0));
    /// ```
    pub fn total_part(&self, solutions: u64) -> Option<u64> {
        match self {
            Piece::Leaf { weight, .. } => solutions.checked_mul(*weight),
            Piece::Fixed { .. } => Some(0),
        }
    }

    /// What the piece adds to Burnside's sum `Σ_g fix(g)`: the solutions of a leaf times
    /// its weight (the identity fixes every solution), those of a fixed-point piece times
    /// its class's size.
    ///
    /// ```
    /// use dlx_core::symmetry::Piece;
    /// assert_eq!(Piece::Fixed { element: 1, class_size: 2 }.burnside_part(5), 10);
    /// ```
    pub fn burnside_part(&self, solutions: u64) -> u128 {
        let times = match self {
            Piece::Leaf { weight, .. } => *weight,
            Piece::Fixed { class_size, .. } => *class_size,
        };
        u128::from(solutions) * u128::from(times)
    }
}

/// The pieces of a count by symmetry, in the order one thread counts them (the leaves,
/// then the fixed-point pieces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// The nodes visited making them (listing extensions, refining leaves).
    pub plan_nodes: u64,
    /// The order of the group.
    pub group_order: usize,
    /// Whether the fixed-point pieces are there (the count up to symmetry asked for).
    pub up_to_symmetry: bool,
}

impl Pieces {
    /// A digest of the pieces (FNV-1a, 64 bits, as 16 hex digits), with `problem_hash`
    /// (the problem's [`problem_hash`](crate::problem_hash)) and the group's order: what a
    /// checkpoint and a split carry to tell their pieces from those of another problem or
    /// group.
    ///
    /// ```
    /// use dlx_core::symmetry::{Piece, Pieces};
    /// let a = Pieces { pieces: vec![Piece::Leaf { options: vec![1], weight: 2 }], plan_nodes: 1, group_order: 2, up_to_symmetry: false };
    /// let mut b = a.clone();
    /// b.pieces[0] = Piece::Leaf { options: vec![1], weight: 1 };
    /// assert_ne!(a.digest("p"), b.digest("p"));
    /// assert_ne!(a.digest("p"), a.digest("q"));
    /// ```
    pub fn digest(&self, problem_hash: &str) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(b"dlx symmetry pieces\n");
        eat(problem_hash.as_bytes());
        eat(b"\n");
        eat(&(self.group_order as u64).to_le_bytes());
        for p in &self.pieces {
            eat(serde_json::to_string(p).unwrap_or_default().as_bytes());
            eat(b"\n");
        }
        format!("{h:016x}")
    }
}

/// Cuts leaves further until there are at least `at_least` (or none can be cut): each leaf
/// becomes one leaf per option that fits it of its uncovered primary item with the fewest
/// such options (every solution through the leaf holds exactly one of them), with the same
/// weight; a leaf whose item has no option left has no solution and goes. Returns the
/// leaves, in the search's order, and the nodes visited.
pub(crate) fn refine(
    cover: &mut Cover,
    mut leaves: Vec<Leaf>,
    at_least: usize,
) -> (Vec<Leaf>, u64) {
    let mut nodes = 0u64;
    while leaves.len() < at_least {
        let mut out = Vec::with_capacity(leaves.len() * 4);
        let mut cut = false;
        for leaf in leaves {
            let mut marks = Vec::with_capacity(leaf.options.len());
            let mut fits = true;
            for &o in &leaf.options {
                fits &= cover.fits(o);
                marks.push(cover.place(o));
            }
            let item = if fits { branch_item(cover) } else { None };
            match item {
                None => out.push(leaf.clone()),
                Some(item) => {
                    cut = true;
                    nodes += 1;
                    for &o in cover.options_of(item) {
                        if cover.fits(o) {
                            let mut options = leaf.options.clone();
                            options.push(o);
                            out.push(Leaf {
                                options,
                                weight: leaf.weight,
                            });
                        }
                    }
                }
            }
            if let Some(&first) = marks.first() {
                cover.undo(first);
            }
        }
        leaves = out;
        if !cut {
            break;
        }
    }
    (leaves, nodes)
}

/// The uncovered primary item with the fewest options that fit (the first such in the
/// items' order); `None` when every primary item is covered.
fn branch_item(cover: &Cover) -> Option<u32> {
    let mut best: Option<(usize, u32)> = None;
    for item in 0..cover.num_items() as u32 {
        if !cover.is_primary(item) || !cover.is_free(item) {
            continue;
        }
        let live = cover
            .options_of(item)
            .iter()
            .filter(|&&o| cover.fits(o))
            .count();
        if best.is_none_or(|(n, _)| live < n) {
            best = Some((live, item));
        }
    }
    best.map(|(_, item)| item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;
    use crate::problem::OptionId;
    use crate::solver::Solver;

    fn through(p: &crate::Problem, options: &[u32]) -> u64 {
        let mut s = Solver::new(p);
        for &o in options {
            if s.preselect(OptionId::new(o)).is_err() {
                return 0;
            }
        }
        s.count().solutions
    }

    #[test]
    fn refined_leaves_count_the_same() {
        let p = parse(include_str!("../../tests/data/q8.dlx")).unwrap();
        let mut cover = Cover::new(&p);
        let root = vec![Leaf {
            options: vec![],
            weight: 1,
        }];
        for at_least in [1, 2, 10, 100, 1000] {
            let (leaves, nodes) = refine(&mut cover, root.clone(), at_least);
            assert!(leaves.len() >= at_least.min(92), "{at_least}");
            assert_eq!(nodes > 0, at_least > 1);
            let total: u64 = leaves.iter().map(|l| through(&p, &l.options)).sum();
            assert_eq!(total, 92, "{at_least}");
            assert!((0..8).all(|i| cover.is_free(i)));
        }
    }

    #[test]
    fn complete_leaves_stay_and_dead_ones_go() {
        // `b` has the fewest options: one, `a b`, below which nothing is left to cover.
        let p = parse("a b\na b\na\n").unwrap();
        let mut cover = Cover::new(&p);
        let (leaves, _) = refine(
            &mut cover,
            vec![Leaf {
                options: vec![],
                weight: 3,
            }],
            10,
        );
        assert_eq!(
            leaves,
            vec![Leaf {
                options: vec![0],
                weight: 3
            }]
        );
        // `b` has no option: no leaf is left.
        let p = parse("a b\na\n").unwrap();
        let mut cover = Cover::new(&p);
        let root = Leaf {
            options: vec![],
            weight: 1,
        };
        assert_eq!(refine(&mut cover, vec![root], 2).0, vec![]);
    }
}
