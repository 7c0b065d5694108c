//! Yin-yang connectivity for the clause solver, learnt lazily through batsat's theory
//! interface.
//!
//! Before each decision the theory looks at the shading fixed so far. If two cells of one
//! kind (say water) cannot be joined through cells that are not land, the land cells
//! around the component of one of them are a wall: the lemma "one of the two cells is not
//! water, or one cell of the wall is water" holds in every connected shading and is false
//! now, so it is handed to the solver as a conflict (and kept, since it is costly to
//! find). Complete shadings are checked the same way, so the search never accepts a
//! disconnected one.

use batsat::{lbool, Lit, Theory, TheoryArg};

use crate::grid::{flood_orthogonal, orthogonal_indices};
use crate::variant::model::Var;
use crate::variant::sat::Cnf;

/// The theory: each cell's water and land literals, and scratch space.
pub(crate) struct Connectivity {
    n: usize,
    /// Per cell: the literal "water" and the literal "land" (either may be missing when the
    /// cell's shading is given).
    cells: Vec<(Option<Lit>, Option<Lit>)>,
    active: bool,
    levels: usize,
    state: Vec<u8>,
    seen: Vec<bool>,
    queue: Vec<usize>,
    lemma: Vec<Lit>,
}

const LAND: u8 = 0;
const WATER: u8 = 1;
const UNKNOWN: u8 = 2;

impl Connectivity {
    /// The theory for a puzzle whose cells' shading variables are `shading` (`None`: no
    /// yin-yang rule, the theory accepts everything).
    pub fn new(n: usize, shading: Option<&[Var]>, cnf: &Cnf) -> Self {
        let cells = match shading {
            Some(vars) => vars
                .iter()
                .map(|&v| (cnf.lit(v, 1), cnf.lit(v, 0)))
                .collect(),
            None => Vec::new(),
        };
        Connectivity {
            n,
            active: shading.is_some(),
            cells,
            levels: 0,
            state: vec![UNKNOWN; n * n],
            seen: vec![false; n * n],
            queue: Vec::with_capacity(n * n),
            lemma: Vec::new(),
        }
    }

    fn read(&mut self, acts: &TheoryArg<'_>) {
        let value = |l: Option<Lit>| match l {
            None => lbool::FALSE,
            Some(l) => {
                let v = acts.value(l.var());
                if v == lbool::UNDEF {
                    v
                } else if (v == lbool::TRUE) == l.sign() {
                    lbool::TRUE
                } else {
                    lbool::FALSE
                }
            }
        };
        for (k, &(water, land)) in self.cells.iter().enumerate() {
            let (w, l) = (value(water), value(land));
            self.state[k] = if w == lbool::TRUE || l == lbool::FALSE {
                WATER
            } else if l == lbool::TRUE || w == lbool::FALSE {
                LAND
            } else {
                UNKNOWN
            };
        }
    }

    /// The cells reachable from `start` through cells not of the other kind; `seen`
    /// marks them.
    fn flood(&mut self, start: usize, kind: u8) {
        let state = &self.state;
        flood_orthogonal(
            self.n,
            start,
            |j| state[j] != 1 - kind,
            &mut self.seen,
            &mut self.queue,
        );
    }

    /// The literal "cell `k` is of kind `kind`" (true now for the cells the lemma names).
    fn is(&self, k: usize, kind: u8) -> Option<Lit> {
        let (water, land) = self.cells[k];
        if kind == WATER {
            water.or(land.map(|l| !l))
        } else {
            land.or(water.map(|l| !l))
        }
    }

    /// A lemma refuting the current shading, if some kind cannot be connected.
    fn refute(&mut self) -> bool {
        let n = self.n;
        for kind in [WATER, LAND] {
            let Some(a) = self.state.iter().position(|&s| s == kind) else {
                continue;
            };
            self.flood(a, kind);
            let Some(b) = (0..n * n).find(|&k| self.state[k] == kind && !self.seen[k]) else {
                continue;
            };
            // The wall around a's component: cells of the other kind next to it. Use the
            // smaller of a's and b's walls.
            let wall_a = self.wall();
            self.flood(b, kind);
            let wall_b = self.wall();
            let wall = if wall_b.len() < wall_a.len() {
                wall_b
            } else {
                wall_a
            };
            self.lemma.clear();
            for k in [a, b] {
                if let Some(l) = self.is(k, kind) {
                    self.lemma.push(!l);
                }
            }
            for k in wall {
                if let Some(l) = self.is(k, kind) {
                    self.lemma.push(l);
                }
            }
            return true;
        }
        false
    }

    /// The cells next to the flooded area that are not in it.
    fn wall(&self) -> Vec<usize> {
        let n = self.n;
        let mut out = Vec::new();
        for &k in &self.queue {
            for j in orthogonal_indices(n, k) {
                if !self.seen[j] && !out.contains(&j) {
                    out.push(j);
                }
            }
        }
        out
    }

    /// Raises a conflict when the shading fixed so far cannot be connected.
    pub fn check(&mut self, acts: &mut TheoryArg<'_>) {
        if !self.active {
            return;
        }
        self.read(acts);
        if self.refute() {
            if self.lemma.is_empty() {
                // Every cell named is given: no solution at all. A clause false at the
                // root makes the solver say so.
                let l = self.cells.iter().find_map(|&(w, l)| w.or(l));
                if let Some(l) = l {
                    let v = acts.value(l.var());
                    let lit = if (v == lbool::TRUE) == l.sign() {
                        !l
                    } else {
                        l
                    };
                    acts.raise_conflict(&[lit], true);
                }
                return;
            }
            let lemma = std::mem::take(&mut self.lemma);
            acts.raise_conflict(&lemma, true);
            self.lemma = lemma;
        }
    }
}

impl Theory for Connectivity {
    fn final_check(&mut self, acts: &mut TheoryArg<'_>) {
        self.check(acts);
    }

    fn partial_check(&mut self, acts: &mut TheoryArg<'_>) {
        self.check(acts);
    }

    fn create_level(&mut self) {
        self.levels += 1;
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn explain_propagation(&mut self, _p: Lit) -> &[Lit] {
        // The theory raises conflicts only, it never propagates.
        &[]
    }
}
