//! Documented on [`Zdd`], which this private module defines.

pub(crate) mod build;
mod counts;
mod sample;
pub mod text;

use num_bigint::BigUint;
use thiserror::Error;

use crate::problem::OptionId;
use crate::solver::Solution;

use counts::Counts;
pub use sample::Sampler;

/// A node of a [`Zdd`]: 0 and 1 are the terminals, then the nodes in the order they were
/// made (children before parents).
pub type NodeId = u32;

/// The empty family (no solution).
pub const BOTTOM: NodeId = 0;
/// The family of one empty solution.
pub const TOP: NodeId = 1;

/// One node: an option and its two children.
///
/// ```
/// use dlx_core::{OptionId, ZddNode};
/// let n = ZddNode { option: OptionId::new(3), lo: 0, hi: 1 };
/// assert_eq!(n.option.index(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// The option the node decides on.
    pub option: OptionId,
    /// The solutions without it.
    pub lo: NodeId,
    /// The solutions with it (less the option).
    pub hi: NodeId,
}

/// A diagram that does not hold together.
///
/// ```
/// use dlx_core::{Zdd, ZddError, ZddNode, OptionId};
/// let bad = Zdd::new(vec![ZddNode { option: OptionId::new(0), lo: 0, hi: 2 }], 2, 1);
/// assert_eq!(bad.unwrap_err(), ZddError::Forward { node: 2, child: 2 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ZddError {
    /// A child that is not an earlier node.
    #[error("node {node} points to node {child}, which is not an earlier node")]
    Forward {
        /// The node.
        node: NodeId,
        /// Its child.
        child: NodeId,
    },
    /// A `hi` child that is ⊥ (such a node is never made: zero suppression).
    #[error("node {node} has hi = 0, which zero suppression never makes")]
    EmptyHi {
        /// The node.
        node: NodeId,
    },
    /// An option the problem does not have.
    #[error("node {node} names option {option}, but the problem has {options}")]
    NoSuchOption {
        /// The node.
        node: NodeId,
        /// Its option.
        option: usize,
        /// The problem's options.
        options: usize,
    },
    /// A root that is not a node.
    #[error("the root {root} is not a node (there are {nodes} and two terminals)")]
    NoSuchRoot {
        /// The root.
        root: NodeId,
        /// The non-terminal nodes.
        nodes: usize,
    },
}

/// The decision diagram of a solution family.
///
/// A zero-suppressed decision diagram of all the solutions of a problem, as the memoised
/// search (DXZ) builds it: each node is an option and two children, `lo` and `hi`; the
/// family of solutions of a node is `lo`'s family together with `hi`'s solutions, each with
/// the node's option added. Node 0 (⊥) is the empty family, node 1 (⊤) the family whose one
/// member is the empty solution. Equal nodes are one node, so a diagram of 10^30 solutions
/// can fit in a few megabytes.
///
/// Along a path the options need not increase (the diagram is not *ordered*: a sub-problem's
/// options come in the order its search tried them); every operation here works without
/// that, and `lo`'s family and `hi`'s never share a solution (`lo`'s solutions do not hold
/// the node's option), so counts add up exactly.
///
/// ```
/// use dlx_core::{format::parse, MemoSolver};
/// let p = parse("A B C\nA B\nC\nA\nB C\n").unwrap();
/// let zdd = MemoSolver::new(&p)?.zdd()?;
/// assert_eq!(zdd.count(), 2u8.into());
/// let all: Vec<_> = zdd.solutions().map(|s| s.sorted()).collect();
/// assert_eq!(all.len(), 2);
/// let drawn = zdd.sampler(42).next().unwrap();
/// assert!(all.contains(&drawn.sorted()));
/// # Ok::<(), dlx_core::MemoError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Zdd {
    nodes: Vec<ZddNode>,
    root: NodeId,
    options: usize,
    counts: Counts,
}

impl Zdd {
    /// A diagram from its nodes (node `k` of the vector is node `k + 2`), its root and the
    /// number of options of its problem. Every child must be an earlier node, every `hi`
    /// other than ⊥, every option below `options`.
    ///
    /// ```
    /// use dlx_core::{OptionId, Zdd, ZddNode};
    /// // {{0}, {1}}: node 2 = (1, ⊥, ⊤), node 3 = (0, 2, ⊤).
    /// let n = |o, lo, hi| ZddNode { option: OptionId::new(o), lo, hi };
    /// let z = Zdd::new(vec![n(1, 0, 1), n(0, 2, 1)], 3, 2)?;
    /// assert_eq!(z.count(), 2u8.into());
    /// # Ok::<(), dlx_core::ZddError>(())
    /// ```
    pub fn new(nodes: Vec<ZddNode>, root: NodeId, options: usize) -> Result<Zdd, ZddError> {
        for (k, n) in nodes.iter().enumerate() {
            let id = k as NodeId + 2;
            for child in [n.lo, n.hi] {
                if child >= id {
                    return Err(ZddError::Forward { node: id, child });
                }
            }
            if n.hi == BOTTOM {
                return Err(ZddError::EmptyHi { node: id });
            }
            if n.option.index() >= options {
                return Err(ZddError::NoSuchOption {
                    node: id,
                    option: n.option.index(),
                    options,
                });
            }
        }
        if root as usize >= nodes.len() + 2 {
            return Err(ZddError::NoSuchRoot {
                root,
                nodes: nodes.len(),
            });
        }
        let counts = Counts::new(&nodes);
        Ok(Zdd {
            nodes,
            root,
            options,
            counts,
        })
    }

    pub(crate) fn from_builder(built: &[(u32, u32, u32)], root: NodeId, options: usize) -> Zdd {
        let nodes: Vec<ZddNode> = built[2..]
            .iter()
            .map(|&(o, lo, hi)| ZddNode {
                option: OptionId::new(o),
                lo,
                hi,
            })
            .collect();
        let counts = Counts::new(&nodes);
        Zdd {
            nodes,
            root,
            options,
            counts,
        }
    }

    /// The root.
    ///
    /// See [`Zdd::node`] for an example.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The non-terminal nodes.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let z = MemoSolver::new(&parse("A\nA\n").unwrap())?.zdd()?;
    /// assert_eq!(z.len(), 1);
    /// assert!(!z.is_empty());
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the diagram has no non-terminal node (no solution, or only the empty one).
    ///
    /// See [`Zdd::len`] for an example.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The number of options of the problem.
    ///
    /// See [`Zdd::node`] for an example.
    pub fn num_options(&self) -> usize {
        self.options
    }

    /// Node `id` (`None` for the terminals and for ids past the end).
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver, TOP, BOTTOM};
    /// let z = MemoSolver::new(&parse("A\nA\n").unwrap())?.zdd()?;
    /// let root = z.node(z.root()).unwrap();
    /// assert_eq!((root.option.index(), root.lo, root.hi), (0, BOTTOM, TOP));
    /// assert_eq!(z.num_options(), 1);
    /// assert!(z.node(TOP).is_none());
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn node(&self, id: NodeId) -> Option<ZddNode> {
        (id as usize)
            .checked_sub(2)
            .and_then(|k| self.nodes.get(k))
            .copied()
    }

    /// The nodes, node 2 first.
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let z = MemoSolver::new(&parse("A\nA\n").unwrap())?.zdd()?;
    /// assert_eq!(z.nodes().len(), 1);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn nodes(&self) -> &[ZddNode] {
        &self.nodes
    }

    /// The number of solutions, exactly.
    ///
    /// See [`Zdd`] for an example.
    pub fn count(&self) -> BigUint {
        self.counts.get(self.root)
    }

    /// Bytes the diagram holds (nodes and counts).
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let z = MemoSolver::new(&parse("A\nA\n").unwrap())?.zdd()?;
    /// assert!(z.bytes() >= 12);
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<ZddNode>() + self.counts.bytes()
    }

    /// The solution of rank `index` (from 0) in the diagram's order, `hi` before `lo` at
    /// every node (for a diagram built by [`MemoSolver::zdd`](crate::MemoSolver::zdd), the
    /// order the plain search with the same item choice finds them in); `None` when
    /// `index` is not below [`Zdd::count`].
    ///
    /// ```
    /// use dlx_core::{format::parse, MemoSolver};
    /// let z = MemoSolver::new(&parse("A B\nA\nB\nA B\n").unwrap())?.zdd()?;
    /// let first = z.solution(&0u8.into()).unwrap();
    /// assert_eq!(first, z.solutions().next().unwrap());
    /// assert!(z.solution(&2u8.into()).is_none());
    /// # Ok::<(), dlx_core::MemoError>(())
    /// ```
    pub fn solution(&self, index: &BigUint) -> Option<Solution> {
        self.counts.unrank(&self.nodes, self.root, index)
    }

    /// Every solution, in the diagram's order (see [`Zdd::solution`]), one at a time.
    ///
    /// See [`Zdd`] for an example.
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions {
            zdd: self,
            stack: if self.root == BOTTOM {
                Vec::new()
            } else {
                vec![(self.root, 0)]
            },
            path: Vec::new(),
        }
    }

    /// Solutions drawn uniformly at random (each with probability `1 / count`,
    /// independently), reproducibly from `seed` (ChaCha8); an empty iterator when there is
    /// no solution.
    ///
    /// See [`Zdd`] for an example.
    pub fn sampler(&self, seed: u64) -> Sampler<'_> {
        Sampler::new(self, seed)
    }

    pub(crate) fn counts(&self) -> &Counts {
        &self.counts
    }
}

/// The solutions of a [`Zdd`] in order; see [`Zdd::solutions`].
#[derive(Clone, Debug)]
pub struct Solutions<'z> {
    zdd: &'z Zdd,
    /// Nodes to visit, with the path length to go back to.
    stack: Vec<(NodeId, usize)>,
    path: Vec<OptionId>,
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while let Some((mut id, depth)) = self.stack.pop() {
            self.path.truncate(depth);
            loop {
                if id == TOP {
                    return Some(Solution::new(self.path.clone()));
                }
                if id == BOTTOM {
                    break;
                }
                let n = self.zdd.nodes[id as usize - 2];
                if n.lo != BOTTOM {
                    self.stack.push((n.lo, self.path.len()));
                }
                self.path.push(n.option);
                id = n.hi;
            }
        }
        None
    }
}
