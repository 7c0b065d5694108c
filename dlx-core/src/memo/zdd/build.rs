//! Building the diagram during the memoised search (DXZ): a level's value is a node, the
//! chain of its options that lead to solutions, made through a unique table so that equal
//! nodes are one node.
//!
//! A level whose item has live options `o1, ..., ok` (input order) with sub-problem nodes
//! `y1, ..., yk` gets `x = node(o1, lo: node(o2, lo: ..., hi: y2), hi: y1)`: the solutions
//! that take `o1`, then those that take `o2`, and so on, so reading `hi` before `lo` goes
//! through the solutions in the plain search's order. Options whose sub-problem has no
//! solution get no node (zero suppression).

use num_bigint::BigUint;

use super::{NodeId, BOTTOM, TOP};
use crate::memo::gather::{Gather, Refusal};

/// Bytes a node costs: the node itself and its share of the unique table.
pub(crate) const NODE_BYTES: usize = 12 + 16;

/// The diagram under construction.
#[derive(Debug)]
pub(crate) struct Builder {
    /// `(option, lo, hi)`; entries 0 and 1 stand for the terminals.
    pub nodes: Vec<(u32, u32, u32)>,
    /// Open addressing over node ids (0: empty).
    unique: Vec<u32>,
    /// The branches of the open levels, `(option, node)`.
    pending: Vec<(u32, u32)>,
    /// Where each open level's branches start in `pending`.
    marks: Vec<usize>,
    /// The most nodes allowed.
    max_nodes: usize,
}

fn node_hash(option: u32, lo: u32, hi: u32) -> u64 {
    let k = (u64::from(option) << 32 | u64::from(lo)) ^ u64::from(hi).rotate_left(17);
    let p = u128::from(k) * 0x9e37_79b9_7f4a_7c15u128;
    (p as u64) ^ ((p >> 64) as u64)
}

impl Builder {
    /// An empty diagram that may hold `max_nodes` nodes.
    pub fn new(max_nodes: usize) -> Builder {
        Builder {
            nodes: vec![(u32::MAX, 0, 0), (u32::MAX, 1, 1)],
            unique: vec![0; 1 << 10],
            pending: Vec::new(),
            marks: Vec::new(),
            max_nodes: max_nodes.min(u32::MAX as usize - 2),
        }
    }

    /// The node `(option, lo, hi)`, made if it is new.
    fn make(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, Refusal> {
        let mask = self.unique.len() - 1;
        let mut at = node_hash(option, lo, hi) as usize & mask;
        loop {
            let id = self.unique[at];
            if id == 0 {
                break;
            }
            if self.nodes[id as usize] == (option, lo, hi) {
                return Ok(id);
            }
            at = (at + 1) & mask;
        }
        if self.nodes.len() - 2 >= self.max_nodes {
            return Err(Refusal::Full);
        }
        let id = self.nodes.len() as u32;
        self.nodes.push((option, lo, hi));
        self.unique[at] = id;
        if self.nodes.len() * 2 > self.unique.len() {
            self.grow();
        }
        Ok(id)
    }

    fn grow(&mut self) {
        let size = self.unique.len() * 2;
        self.unique = vec![0; size];
        for id in 2..self.nodes.len() {
            let (o, lo, hi) = self.nodes[id];
            let mut at = node_hash(o, lo, hi) as usize & (size - 1);
            while self.unique[at] != 0 {
                at = (at + 1) & (size - 1);
            }
            self.unique[at] = id as u32;
        }
    }

    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * 12 + self.unique.len() * 4
    }
}

impl Gather for Builder {
    type Value = NodeId;
    fn none(&self) -> NodeId {
        BOTTOM
    }
    fn unit(&self) -> NodeId {
        TOP
    }
    fn open(&mut self) {
        self.marks.push(self.pending.len());
    }
    fn add(&mut self, option: u32, child: NodeId) -> Result<(), Refusal> {
        if child != BOTTOM {
            self.pending.push((option, child));
        }
        Ok(())
    }
    fn close(&mut self) -> Result<NodeId, Refusal> {
        let mark = self.marks.pop().expect("a level is open");
        let mut x = BOTTOM;
        for k in (mark..self.pending.len()).rev() {
            let (o, y) = self.pending[k];
            x = self.make(o, x, y)?;
        }
        self.pending.truncate(mark);
        Ok(x)
    }
    fn heap(_: &NodeId) -> usize {
        0
    }
    fn partial(&self) -> BigUint {
        BigUint::default()
    }
}
