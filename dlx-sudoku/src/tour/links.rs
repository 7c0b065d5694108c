//! A tour as an adjacency list (two slots a square), for splicing tours of
//! sub-boards together in linear time.

use super::forced::NONE;

/// Each square's (up to) two tour neighbours, [`NONE`] in unused slots. A
/// closed tour fills both slots everywhere; an open one leaves one slot empty
/// at each end.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    adj: Vec<[u32; 2]>,
}

impl Links {
    /// No edges on `squares` squares.
    pub(crate) fn new(squares: usize) -> Self {
        Self {
            adj: vec![[NONE; 2]; squares],
        }
    }

    /// The neighbours of `a` (both slots).
    pub(crate) fn of(&self, a: u32) -> [u32; 2] {
        self.adj[a as usize]
    }

    /// Sets both slots of `a` directly.
    pub(crate) fn set(&mut self, a: u32, slots: [u32; 2]) {
        self.adj[a as usize] = slots;
    }

    /// Adds the edges of a walk through `order` (mapped by `map`), and the
    /// closing edge if `closed`.
    pub(crate) fn add_walk(&mut self, order: &[u32], closed: bool, map: impl Fn(u32) -> u32) {
        for pair in order.windows(2) {
            self.add_edge(map(pair[0]), map(pair[1]));
        }
        if closed && order.len() > 2 {
            self.add_edge(map(order[order.len() - 1]), map(order[0]));
        }
    }

    fn add_edge(&mut self, a: u32, b: u32) {
        Self::put(&mut self.adj[a as usize], b);
        Self::put(&mut self.adj[b as usize], a);
    }

    fn put(slots: &mut [u32; 2], x: u32) {
        let free = slots
            .iter()
            .position(|&s| s == NONE)
            .expect("a square has at most two tour neighbours");
        slots[free] = x;
    }

    /// Whether `a`–`b` is an edge.
    pub(crate) fn has_edge(&self, a: u32, b: u32) -> bool {
        self.adj[a as usize].contains(&b)
    }

    fn replace(&mut self, a: u32, old: u32, new: u32) {
        let slots = &mut self.adj[a as usize];
        let i = slots
            .iter()
            .position(|&s| s == old)
            .expect("the edge being replaced exists");
        slots[i] = new;
    }

    /// Joins two disjoint tours: removes the edges `p`–`q` and `s`–`t` and adds
    /// `p`–`s` and `q`–`t`. Two cycles become one cycle; a path and a cycle
    /// become one path with the same ends. Returns `false`, changing nothing,
    /// if either edge is missing.
    pub(crate) fn swap_join(&mut self, (p, q): (u32, u32), (s, t): (u32, u32)) -> bool {
        if !self.has_edge(p, q) || !self.has_edge(s, t) {
            return false;
        }
        self.replace(p, q, s);
        self.replace(q, p, t);
        self.replace(s, t, p);
        self.replace(t, s, q);
        true
    }

    /// Walks the tour from `start`: along slot 0 first at a cycle, along the
    /// only edge at a path's end. Stops when it comes back to `start`, reaches
    /// a dead end, or has taken as many squares as there are.
    pub(crate) fn walk(&self, start: u32) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.adj.len());
        let (mut prev, mut cur) = (NONE, start);
        loop {
            order.push(cur);
            let [a, b] = self.adj[cur as usize];
            let next = if a != NONE && a != prev {
                a
            } else if b != prev {
                b
            } else {
                NONE
            };
            if next == NONE || next == start || order.len() == self.adj.len() {
                return order;
            }
            prev = cur;
            cur = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_join_merges_two_cycles() {
        // Two squares-as-cycles 0-1-2-3 and 4-5-6-7 (abstract graph).
        let mut links = Links::new(8);
        links.add_walk(&[0, 1, 2, 3], true, |x| x);
        links.add_walk(&[4, 5, 6, 7], true, |x| x);
        assert!(links.swap_join((1, 2), (5, 6)));
        let order = links.walk(0);
        assert_eq!(order.len(), 8);
        assert!(!links.swap_join((1, 2), (5, 6)));
    }

    #[test]
    fn swap_join_keeps_path_ends() {
        let mut links = Links::new(7);
        links.add_walk(&[0, 1, 2], false, |x| x);
        links.add_walk(&[3, 4, 5, 6], true, |x| x);
        assert!(links.swap_join((1, 2), (4, 3)));
        let order = links.walk(0);
        assert_eq!(order, vec![0, 1, 4, 5, 6, 3, 2]);
    }
}
