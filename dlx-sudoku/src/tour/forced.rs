//! Edges a search must put into its tour (used for the structured base tours
//! of the divide-and-conquer construction and the bands of long strips).

/// "No square" marker in fixed-size adjacency slots.
pub(crate) const NONE: u32 = u32::MAX;

/// For each square, up to two partners that must be its neighbours in the tour.
#[derive(Clone, Debug)]
pub(crate) struct ForcedEdges {
    partners: Vec<[u32; 2]>,
}

impl ForcedEdges {
    /// No forced edges on a board of `squares` squares.
    pub(crate) fn new(squares: usize) -> Self {
        Self {
            partners: vec![[NONE; 2]; squares],
        }
    }

    /// Forces the edge `a`–`b`. Returns `false` (and changes nothing) if either
    /// end already has two forced partners; adding an edge twice is a no-op.
    pub(crate) fn add(&mut self, a: u32, b: u32) -> bool {
        if self.partners(a).any(|p| p == b) {
            return true;
        }
        let free = |slots: &[u32; 2]| slots.iter().position(|&s| s == NONE);
        let (Some(i), Some(j)) = (
            free(&self.partners[a as usize]),
            free(&self.partners[b as usize]),
        ) else {
            return false;
        };
        self.partners[a as usize][i] = b;
        self.partners[b as usize][j] = a;
        true
    }

    /// The forced partners of `a`.
    pub(crate) fn partners(&self, a: u32) -> impl Iterator<Item = u32> + '_ {
        self.partners[a as usize]
            .iter()
            .copied()
            .filter(|&p| p != NONE)
    }

    /// Whether `a`–`b` is forced.
    #[cfg(test)]
    pub(crate) fn contains(&self, a: u32, b: u32) -> bool {
        self.partners(a).any(|p| p == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_two_partners() {
        let mut forced = ForcedEdges::new(5);
        assert!(forced.add(0, 1));
        assert!(forced.add(0, 2));
        assert!(forced.add(0, 1));
        assert!(!forced.add(0, 3));
        assert!(forced.contains(1, 0));
        assert!(!forced.contains(0, 3));
        assert_eq!(forced.partners(0).collect::<Vec<_>>(), vec![1, 2]);
    }
}
