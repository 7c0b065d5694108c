//! What the memoised search computes for each sub-problem, from the values of the
//! sub-problems below it: a count (`u128`, or a big number once `u128` would overflow), or
//! a node of the decision diagram of all solutions (see `zdd::build`).

use num_bigint::BigUint;

/// Why a value could not be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// A `u128` count would overflow: the search is run again with big numbers.
    Overflow,
    /// The decision diagram would pass its memory limit.
    Full,
}

/// How a sub-problem's value is formed from its branches': `open` when its item is chosen,
/// `add` for each option tried (with the value of the sub-problem below it), `close` when
/// the options are exhausted. Levels nest, so implementations keep a stack.
pub(crate) trait Gather {
    /// The value of a sub-problem.
    type Value: Clone;
    /// The value of a sub-problem with no solution.
    fn none(&self) -> Self::Value;
    /// The value of a sub-problem whose only solution is empty (every primary item
    /// covered).
    fn unit(&self) -> Self::Value;
    /// A level starts.
    fn open(&mut self);
    /// Option `option` led to a sub-problem of value `child`.
    fn add(&mut self, option: u32, child: Self::Value) -> Result<(), Refusal>;
    /// The level's options are exhausted: its value.
    fn close(&mut self) -> Result<Self::Value, Refusal>;
    /// Bytes `value` holds on the heap.
    fn heap(value: &Self::Value) -> usize;
    /// The solutions counted so far by the levels still open (for a stopped count).
    fn partial(&self) -> BigUint;
    /// The nodes the plain search (no memo) visits below and at a sub-problem of value
    /// `value`, where the gatherer keeps that figure (counting does; 0 otherwise). A memo
    /// hit saves that many nodes less one: this is how the search measures what the memo
    /// is worth, and falls back to plain enumeration when it is worth little.
    fn plain_nodes(_value: &Self::Value) -> u64 {
        0
    }
}

/// A count that is either `u128` (checked) or a big number.
pub(crate) trait Number: Clone + Default {
    /// One.
    fn one() -> Self;
    /// `self += other`, or `Overflow`.
    fn add(&mut self, other: &Self) -> Result<(), Refusal>;
    /// As a big number.
    fn big(&self) -> BigUint;
    /// Bytes on the heap.
    fn heap(&self) -> usize;
}

impl Number for u128 {
    fn one() -> Self {
        1
    }
    #[inline]
    fn add(&mut self, other: &Self) -> Result<(), Refusal> {
        *self = self.checked_add(*other).ok_or(Refusal::Overflow)?;
        Ok(())
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn heap(&self) -> usize {
        0
    }
}

impl Number for BigUint {
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn add(&mut self, other: &Self) -> Result<(), Refusal> {
        *self += other;
        Ok(())
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn heap(&self) -> usize {
        (self.bits() as usize).div_ceil(64) * 8
    }
}

/// A sub-problem's count, and the size of its plain search tree (nodes, saturating).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally<N> {
    /// Solutions.
    pub count: N,
    /// Nodes of the plain search below and at the sub-problem (with the memo search's item
    /// choice), at most `u64::MAX`.
    pub nodes: u64,
}

/// Counting: a sub-problem's value is its number of solutions (and its plain tree size).
#[derive(Debug, Default)]
pub(crate) struct Counting<N> {
    open: Vec<Tally<N>>,
}

impl<N: Number> Gather for Counting<N> {
    type Value = Tally<N>;
    fn none(&self) -> Tally<N> {
        Tally {
            count: N::default(),
            nodes: 1,
        }
    }
    fn unit(&self) -> Tally<N> {
        Tally {
            count: N::one(),
            nodes: 1,
        }
    }
    #[inline]
    fn open(&mut self) {
        self.open.push(Tally {
            count: N::default(),
            nodes: 1,
        });
    }
    #[inline]
    fn add(&mut self, _option: u32, child: Tally<N>) -> Result<(), Refusal> {
        let t = self.open.last_mut().expect("a level is open");
        t.nodes = t.nodes.saturating_add(child.nodes);
        t.count.add(&child.count)
    }
    #[inline]
    fn close(&mut self) -> Result<Tally<N>, Refusal> {
        Ok(self.open.pop().expect("a level is open"))
    }
    fn heap(value: &Tally<N>) -> usize {
        value.count.heap()
    }
    fn partial(&self) -> BigUint {
        self.open.iter().map(|t| t.count.big()).sum()
    }
    #[inline]
    fn plain_nodes(value: &Tally<N>) -> u64 {
        value.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_overflow_is_refused() {
        let mut g = Counting::<u128>::default();
        g.open();
        let t = |count| Tally { count, nodes: 1 };
        g.add(0, t(u128::MAX)).unwrap();
        assert_eq!(g.add(1, t(1)), Err(Refusal::Overflow));
    }

    #[test]
    fn partial_counts_add_the_open_levels() {
        let mut g = Counting::<BigUint>::default();
        let t = |n: u8| Tally {
            count: BigUint::from(n),
            nodes: 1,
        };
        g.open();
        g.add(0, t(3)).unwrap();
        g.open();
        g.add(1, t(4)).unwrap();
        assert_eq!(g.partial(), BigUint::from(7u8));
        let inner = g.close().unwrap();
        assert_eq!(inner.nodes, 2); // the level and its one child
        g.add(1, inner).unwrap();
        assert_eq!(Counting::<BigUint>::plain_nodes(&g.close().unwrap()), 4);
    }
}
