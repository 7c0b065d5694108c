//! Yin-yang connectivity for the dancing-links search (the clause solver learns it
//! lazily: `sat/connectivity.rs`).

use dlx_core::{Observer, OptionId, View};

use crate::grid::flood_orthogonal;
use crate::variant::model::{Meaning, Val, Var};

/// Yin-yang connectivity as a side condition of the dancing-links search: the search is
/// told to back up as soon as the shading fixed so far cannot be completed into two
/// connected areas (treating cells not yet shaded as either), and complete solutions are
/// checked exactly.
#[derive(Clone, Debug)]
pub(crate) struct Connectivity {
    n: usize,
    /// For each option, the cells whose shading it fixes.
    fixes: Vec<Vec<(u16, u8)>>,
    /// Scratch: the shading seen (0 land, 1 water, 2 unknown), and a BFS queue.
    state: Vec<u8>,
    seen: Vec<bool>,
    queue: Vec<usize>,
}

impl Connectivity {
    /// A checker for a problem whose options are `meanings`; `shading` gives each cell's
    /// shading variable.
    pub fn new(
        n: usize,
        shading: &[Var],
        meanings: &[Meaning],
        alts: &dyn Fn(u32, u32) -> Vec<(Var, Val)>,
    ) -> Self {
        let mut cell_of = std::collections::HashMap::new();
        for (k, &v) in shading.iter().enumerate() {
            cell_of.insert(v, k as u16);
        }
        let fixes = meanings
            .iter()
            .map(|m| match *m {
                Meaning::Assign(v, x) => cell_of
                    .get(&v)
                    .map(|&k| vec![(k, x as u8)])
                    .unwrap_or_default(),
                Meaning::Alt(c, a) => alts(c, a)
                    .into_iter()
                    .filter_map(|(v, x)| cell_of.get(&v).map(|&k| (k, x as u8)))
                    .collect(),
            })
            .collect();
        Connectivity {
            n,
            fixes,
            state: vec![2; n * n],
            seen: vec![false; n * n],
            queue: Vec::with_capacity(n * n),
        }
    }

    fn load(&mut self, chosen: impl Iterator<Item = OptionId>) {
        self.state.iter_mut().for_each(|s| *s = 2);
        for o in chosen {
            for &(k, x) in &self.fixes[o.index()] {
                self.state[k as usize] = x;
            }
        }
    }

    /// True when each kind's known cells lie in one area of that kind's and unknown cells.
    fn connectable(&mut self) -> bool {
        for kind in 0..2u8 {
            let Some(start) = self.state.iter().position(|&s| s == kind) else {
                continue;
            };
            let state = &self.state;
            flood_orthogonal(
                self.n,
                start,
                |j| state[j] != 1 - kind,
                &mut self.seen,
                &mut self.queue,
            );
            if self
                .state
                .iter()
                .zip(&self.seen)
                .any(|(&s, &seen)| s == kind && !seen)
            {
                return false;
            }
        }
        true
    }
}

impl Observer for Connectivity {
    const WANTS_SOLUTIONS: bool = false;
    const PRUNES: bool = true;

    fn admit(&mut self, _level: usize, view: &View<'_>, _complete: bool) -> bool {
        self.load(view.chosen());
        self.connectable()
    }
}
