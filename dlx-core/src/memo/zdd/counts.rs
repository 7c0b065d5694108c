//! The number of solutions below every node, bottom-up (children come first), in `u128`
//! while it fits and in big numbers otherwise; and the solution of a given rank, which is
//! what uniform sampling draws.

use num_bigint::BigUint;

use super::{NodeId, ZddNode, BOTTOM, TOP};
use crate::solver::Solution;

/// The counts of every node, terminals included.
#[derive(Clone, Debug)]
pub(crate) enum Counts {
    Small(Vec<u128>),
    Big(Vec<BigUint>),
}

impl Counts {
    pub fn new(nodes: &[ZddNode]) -> Counts {
        let mut small: Vec<u128> = Vec::with_capacity(nodes.len() + 2);
        small.extend([0, 1]);
        for n in nodes {
            match small[n.lo as usize].checked_add(small[n.hi as usize]) {
                Some(c) => small.push(c),
                None => return Counts::big(nodes),
            }
        }
        Counts::Small(small)
    }

    fn big(nodes: &[ZddNode]) -> Counts {
        let mut big: Vec<BigUint> = Vec::with_capacity(nodes.len() + 2);
        big.extend([BigUint::from(0u8), BigUint::from(1u8)]);
        for n in nodes {
            let c = &big[n.lo as usize] + &big[n.hi as usize];
            big.push(c);
        }
        Counts::Big(big)
    }

    pub fn get(&self, id: NodeId) -> BigUint {
        match self {
            Counts::Small(v) => BigUint::from(v[id as usize]),
            Counts::Big(v) => v[id as usize].clone(),
        }
    }

    pub fn bytes(&self) -> usize {
        match self {
            Counts::Small(v) => v.len() * 16,
            Counts::Big(v) => v.iter().map(|b| 24 + b.bits() as usize / 8).sum(),
        }
    }

    /// The solution of rank `index` below `root`: at each node, ranks below `hi`'s count
    /// take the option and go to `hi`; the others go to `lo`, less `hi`'s count.
    pub fn unrank(&self, nodes: &[ZddNode], root: NodeId, index: &BigUint) -> Option<Solution> {
        match self {
            Counts::Small(v) => {
                let index = u128::try_from(index).ok()?;
                unrank_with(nodes, root, index, |id| v[id as usize])
            }
            Counts::Big(v) => unrank_with(nodes, root, index.clone(), |id| v[id as usize].clone()),
        }
    }

    /// As [`Counts::unrank`], for a rank in `u128` (sampling draws these when it can).
    pub fn unrank_small(&self, nodes: &[ZddNode], root: NodeId, index: u128) -> Option<Solution> {
        match self {
            Counts::Small(v) => unrank_with(nodes, root, index, |id| v[id as usize]),
            Counts::Big(_) => self.unrank(nodes, root, &BigUint::from(index)),
        }
    }
}

fn unrank_with<N>(
    nodes: &[ZddNode],
    root: NodeId,
    mut index: N,
    count: impl Fn(NodeId) -> N,
) -> Option<Solution>
where
    N: PartialOrd + for<'a> std::ops::SubAssign<&'a N>,
{
    if index >= count(root) {
        return None;
    }
    let mut id = root;
    let mut options = Vec::new();
    while id != TOP {
        debug_assert_ne!(id, BOTTOM);
        let n = nodes[id as usize - 2];
        let hi = count(n.hi);
        if index < hi {
            options.push(n.option);
            id = n.hi;
        } else {
            index -= &hi;
            id = n.lo;
        }
    }
    Some(Solution::new(options))
}
