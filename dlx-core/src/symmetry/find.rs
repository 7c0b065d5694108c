//! Finding the symmetry group of any problem, as graph-automorphism tools do: the problem
//! as a graph (a vertex per item and per option, an edge per entry, labelled with its
//! colour), colours refined until equitable, and a search that individualises one vertex at
//! a time (McKay's individualisation-refinement, without his pruning by automorphisms
//! beyond orbits).
//!
//! The first path of the search fixes vertices `v₁, v₂, …` until the partition is
//! discrete. At each level `d`, deepest first, every other vertex `w` of `v_d`'s cell that
//! is not yet in `v_d`'s orbit (under the generators found so far, which all fix
//! `v₁ … v_{d−1}`) is individualised in `v_d`'s place, and the subtree below it searched
//! for a leaf that maps the first leaf onto itself as a graph automorphism: if one is
//! found it is a new generator. The generators found generate the whole group (they hold
//! coset representatives of each stabiliser in the one above it).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::problem::{ItemId, Problem};

use super::{Automorphism, Group, SymmetryError};

/// How long [`find_group_with`] may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FindLimits {
    /// The most refinements (search nodes) before giving up with an error.
    pub max_nodes: u64,
}

impl Default for FindLimits {
    /// A million refinements.
    fn default() -> Self {
        FindLimits {
            max_nodes: 1_000_000,
        }
    }
}

/// The symmetry group of `problem` (every permutation of its items, kinds kept, that maps
/// its options onto its options, colours kept), found by search.
///
/// See the [module](super) documentation for an example.
pub fn find_group(problem: &Problem) -> Result<Group, SymmetryError> {
    find_group_with(problem, FindLimits::default())
}

/// [`find_group`] with limits.
pub fn find_group_with(problem: &Problem, limits: FindLimits) -> Result<Group, SymmetryError> {
    let generators = find_generators(problem, limits)?;
    Group::new(problem, generators)
}

/// Generators of the symmetry group of `problem` (none when it has no symmetry), without
/// listing the group (which may be too large to list: Sudoku's).
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::symmetry::{find_generators, FindLimits};
/// let p = parse("a b c\na b\nb c\n").unwrap();
/// let gens = find_generators(&p, FindLimits::default())?;
/// assert_eq!(gens.len(), 1); // a and c swapped
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
pub fn find_generators(
    problem: &Problem,
    limits: FindLimits,
) -> Result<Vec<Automorphism>, SymmetryError> {
    if problem.has_multiplicities() {
        return Err(SymmetryError::Multiplicities);
    }
    let graph = Graph::new(problem);
    let mut search = Search {
        graph: &graph,
        limits,
        nodes: 0,
        first_leaf: Vec::new(),
        traces: Vec::new(),
        orbits: (0..graph.adj.len() as u32).collect(),
        generators: Vec::new(),
    };
    let mut root = graph.initial.clone();
    let trace = refine(&graph, &mut root);
    search.traces.push(trace);
    search.first_path(root, 0)?;
    let n = problem.num_items();
    let mut out = Vec::new();
    for gamma in &search.generators {
        let items: Vec<ItemId> = gamma[..n].iter().map(|&v| ItemId::new(v)).collect();
        let a = Automorphism::from_items(problem, &items)?;
        if !a.is_identity() {
            out.push(a);
        }
    }
    Ok(out)
}

/// The problem as a graph: items `0..n`, options `n..n+m`.
struct Graph {
    /// Each vertex's neighbours with the edge's colour, sorted.
    adj: Vec<Vec<(u32, u32)>>,
    /// The starting colours: primary items, secondary items, options.
    initial: Vec<u32>,
}

impl Graph {
    fn new(problem: &Problem) -> Self {
        let n = problem.num_items();
        let mut adj = vec![Vec::new(); n + problem.num_options()];
        for o in problem.options() {
            let v = (n + o.index()) as u32;
            for e in problem.option(o) {
                let c = e.color.map_or(0, |c| c.get());
                adj[v as usize].push((e.item.index() as u32, c));
                adj[e.item.index()].push((v, c));
            }
        }
        for a in &mut adj {
            a.sort_unstable();
        }
        let initial = problem
            .items()
            .map(|i| u32::from(!problem.item_kind(i).is_primary()))
            .chain(std::iter::repeat_n(2, problem.num_options()))
            .collect();
        Graph { adj, initial }
    }
}

/// Refines `colours` until equitable: a vertex's new colour is the rank of (its colour, the
/// sorted colours of its edges and neighbours) among all vertices'. Colours are ranks, so
/// two partitions refined alike get the same numbers. Returns a hash of the refinement (the
/// signatures met), equal for partitions that an automorphism maps onto one another.
fn refine(graph: &Graph, colours: &mut [u32]) -> u64 {
    let mut hasher = DefaultHasher::new();
    let n = colours.len();
    let mut cells = count_cells(colours);
    let mut order: Vec<u32> = (0..n as u32).collect();
    loop {
        let sigs: Vec<Vec<u64>> = (0..n)
            .map(|v| {
                let mut s: Vec<u64> = graph.adj[v]
                    .iter()
                    .map(|&(w, c)| (u64::from(c) << 32) | u64::from(colours[w as usize]))
                    .collect();
                s.sort_unstable();
                s.insert(0, u64::from(colours[v]));
                s
            })
            .collect();
        order.sort_unstable_by(|&a, &b| sigs[a as usize].cmp(&sigs[b as usize]));
        let mut rank = 0u32;
        for k in 0..n {
            let v = order[k] as usize;
            if k > 0 && sigs[v] != sigs[order[k - 1] as usize] {
                rank = k as u32;
                sigs[order[k - 1] as usize].hash(&mut hasher);
                rank.hash(&mut hasher);
            }
            colours[v] = rank;
        }
        if let Some(&last) = order.last() {
            sigs[last as usize].hash(&mut hasher);
        }
        let now = count_cells(colours);
        if now == cells {
            now.hash(&mut hasher);
            return hasher.finish();
        }
        cells = now;
    }
}

/// How many distinct colours.
fn count_cells(colours: &[u32]) -> usize {
    let mut seen = vec![false; colours.len() + 1];
    let mut k = 0;
    for &c in colours {
        let c = (c as usize).min(colours.len());
        if !std::mem::replace(&mut seen[c], true) {
            k += 1;
        }
    }
    k
}

/// The colours with `v` split from its cell (given the rank just below its cell-mates'
/// share, so the numbering stays a function of the partition), then refined.
fn individualise(graph: &Graph, colours: &[u32], v: u32) -> (Vec<u32>, u64) {
    let mut c: Vec<u32> = colours.iter().map(|&x| 2 * x + 1).collect();
    c[v as usize] -= 1;
    let trace = refine(graph, &mut c);
    (c, trace)
}

/// The cell to branch on: the smallest cell of two or more vertices, the lowest colour
/// first; its vertices, in order. `None` when the partition is discrete.
fn target_cell(colours: &[u32]) -> Option<Vec<u32>> {
    let mut size = vec![0u32; colours.len()];
    for &c in colours {
        size[c as usize] += 1;
    }
    let (best, _) = size
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s >= 2)
        .min_by_key(|&(c, &s)| (s, c))?;
    Some(
        (0..colours.len() as u32)
            .filter(|&v| colours[v as usize] as usize == best)
            .collect(),
    )
}

struct Search<'g> {
    graph: &'g Graph,
    limits: FindLimits,
    nodes: u64,
    /// The first leaf: vertex → colour.
    first_leaf: Vec<u32>,
    /// The refinement hash at each depth of the first path.
    traces: Vec<u64>,
    /// Union-find of the orbits of the generators found so far.
    orbits: Vec<u32>,
    /// The generators, as vertex permutations.
    generators: Vec<Vec<u32>>,
}

impl Search<'_> {
    fn step(&mut self) -> Result<(), SymmetryError> {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Err(SymmetryError::SearchTooLong(self.limits.max_nodes));
        }
        Ok(())
    }

    fn first_path(&mut self, colours: Vec<u32>, depth: usize) -> Result<(), SymmetryError> {
        let Some(cell) = target_cell(&colours) else {
            self.first_leaf = colours;
            return Ok(());
        };
        self.step()?;
        let v = cell[0];
        let (child, trace) = individualise(self.graph, &colours, v);
        self.traces.push(trace);
        self.first_path(child, depth + 1)?;
        for &w in &cell[1..] {
            if self.find(v) == self.find(w) {
                continue;
            }
            self.step()?;
            let (child, trace) = individualise(self.graph, &colours, w);
            if trace != self.traces[depth + 1] {
                continue;
            }
            if let Some(gamma) = self.leaf_below(child, depth + 1)? {
                for (x, &y) in gamma.iter().enumerate() {
                    self.union(x as u32, y);
                }
                self.generators.push(gamma);
            }
        }
        Ok(())
    }

    /// A leaf below `colours` (at `depth` on a path like the first one) that is an
    /// automorphism's image of the first leaf.
    fn leaf_below(
        &mut self,
        colours: Vec<u32>,
        depth: usize,
    ) -> Result<Option<Vec<u32>>, SymmetryError> {
        let Some(cell) = target_cell(&colours) else {
            return Ok(self.automorphism(&colours));
        };
        for &u in &cell {
            self.step()?;
            let (child, trace) = individualise(self.graph, &colours, u);
            if depth + 1 >= self.traces.len() || trace != self.traces[depth + 1] {
                continue;
            }
            if let Some(gamma) = self.leaf_below(child, depth + 1)? {
                return Ok(Some(gamma));
            }
        }
        Ok(None)
    }

    /// The permutation taking the first leaf to `leaf`, if it is an automorphism.
    fn automorphism(&self, leaf: &[u32]) -> Option<Vec<u32>> {
        let n = leaf.len();
        let mut at = vec![0u32; n];
        for (v, &c) in leaf.iter().enumerate() {
            at[c as usize] = v as u32;
        }
        let gamma: Vec<u32> = self.first_leaf.iter().map(|&c| at[c as usize]).collect();
        let mut image = Vec::new();
        for x in 0..n {
            if self.graph.initial[x] != self.graph.initial[gamma[x] as usize] {
                return None;
            }
            image.clear();
            image.extend(
                self.graph.adj[x]
                    .iter()
                    .map(|&(y, c)| (gamma[y as usize], c)),
            );
            image.sort_unstable();
            if image != self.graph.adj[gamma[x] as usize] {
                return None;
            }
        }
        Some(gamma)
    }

    fn find(&mut self, x: u32) -> u32 {
        let mut r = x;
        while self.orbits[r as usize] != r {
            r = self.orbits[r as usize];
        }
        let mut y = x;
        while self.orbits[y as usize] != r {
            let next = self.orbits[y as usize];
            self.orbits[y as usize] = r;
            y = next;
        }
        r
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.orbits[ra.max(rb) as usize] = ra.min(rb);
        }
    }
}
