//! The 45 rule with innies and outies: sums that no single killer cage states, found the
//! way a solver of killer Sudoku finds them.
//!
//! A *region* is a union of disjoint full houses (one house, a run of neighbouring rows
//! or columns, two boxes): its digits add up to `k · T`, `k` houses of total `T` (45 in
//! classic Sudoku). With a set of disjoint killer cages (with sums) whose union is `U`:
//!
//! - **innies**: when every cage lies inside the region, the region's cells outside the
//!   cages add up to `k · T − Σ cages`;
//! - **innies and outies**: in general `Σ U − Σ R = Σ (U \ R) − Σ (R \ U)`, so the cells
//!   of the cages outside the region (the outies) minus the region's cells outside the
//!   cages (the innies) make `Σ cages − k · T`.
//!
//! Both are implied by the rules (sums of equalities every solution satisfies), so adding
//! them changes no solution. Short ones (up to [`MAX_IMPLIED`] cells: a few cells say much
//! and their tables are small) are stated as rules of the model; longer ones, up to
//! [`MAX_PROPAGATED`] cells, only to the clause solver's sum propagator, as redundant sums
//! it narrows when their slack gets tight. The clause solver otherwise has to rediscover
//! such a sum conflict by conflict, which is where extreme killers spent their
//! 60,000-130,000 conflicts.

use std::collections::BTreeSet;

use crate::sudoku::HouseKind;
use crate::variant::model::ImpliedDifference;
use crate::variant::rules::killer::cage_sum;
use crate::variant::rules::prelude::*;
use crate::variant::rules::sums::{difference_sum, groups};
use crate::variant::rules::Killer;

/// Most cells (innies and outies together) an implied sum may have.
pub(crate) const MAX_IMPLIED: usize = 5;

/// Most cells an implied sum may have at all: those longer than [`MAX_IMPLIED`] are read
/// by the clause solver's sum propagator only (no clauses, no exact cover rows), as
/// redundant sums. On ISS's 61 hard puzzles: 14 % fewer conflicts (geometric mean), and
/// Extreme killers on diagonals (HS_KILLERS) up to 30 times fewer.
pub(crate) const MAX_PROPAGATED: usize = 9;

/// [`MAX_PROPAGATED`], or `DLX_IMPLIED` when set (`DLX_IMPLIED=5`: the earlier way, only
/// the sums that fit a table), for measuring.
fn max_implied() -> usize {
    std::env::var("DLX_IMPLIED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_PROPAGATED)
}

/// Most rows an implied sum's table may have: larger ones are decomposed (running sums),
/// which the clause solver handles faster for the same reasoning.
pub(crate) const IMPLIED_TABLE_CAP: usize = 64;

/// A union of disjoint full houses: its cells (as grid indices) and how many houses.
struct Region {
    cells: Vec<bool>,
    houses: Val,
}

/// The regions the rule looks at: every full house alone; every run of two or more
/// neighbouring rows, and of columns; every two boxes (or jigsaw regions) that touch.
fn regions(puzzle: &VariantPuzzle) -> Vec<Region> {
    let n = puzzle.size();
    let houses: Vec<_> = puzzle
        .shape
        .houses()
        .iter()
        .filter(|h| h.is_full(n))
        .collect();
    let mask = |cells: &[Cell]| {
        let mut m = vec![false; n * n];
        for c in cells {
            m[c.index(n)] = true;
        }
        m
    };
    let mut out: Vec<Region> = houses
        .iter()
        .map(|h| Region {
            cells: mask(h.cells()),
            houses: 1,
        })
        .collect();
    // Runs of neighbouring rows and of columns.
    // The full rows (or columns) in order, `None` where one is not a full house.
    let lines_of = |kind: fn(usize) -> HouseKind| -> Vec<Option<&[Cell]>> {
        (0..n)
            .map(|i| {
                houses
                    .iter()
                    .find(|h| h.kind() == kind(i))
                    .map(|h| h.cells())
            })
            .collect()
    };
    let rows = lines_of(HouseKind::Row);
    let cols = lines_of(HouseKind::Column);
    for lines in [&rows, &cols] {
        for i in 0..n {
            let mut cells: Vec<Cell> = Vec::new();
            for (j, line) in lines.iter().enumerate().skip(i) {
                let Some(line) = line else { break };
                cells.extend_from_slice(line);
                if j > i {
                    out.push(Region {
                        cells: mask(&cells),
                        houses: (j - i + 1) as Val,
                    });
                }
            }
        }
    }
    // Two boxes that touch.
    let boxes: Vec<&[Cell]> = houses
        .iter()
        .filter(|h| matches!(h.kind(), HouseKind::Box(_) | HouseKind::Region(_)))
        .map(|h| h.cells())
        .collect();
    for j in 0..boxes.len() {
        for i in 0..j {
            let touch = boxes[i].iter().any(|a| {
                boxes[j]
                    .iter()
                    .any(|b| a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1)
            });
            if touch {
                let cells: Vec<Cell> = boxes[i].iter().chain(boxes[j]).copied().collect();
                out.push(Region {
                    cells: mask(&cells),
                    houses: 2,
                });
            }
        }
    }
    out
}

/// An implied sum: `Σ plus − Σ minus = total` (cells as grid indices, sorted).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Implied {
    /// Cells counted positively.
    pub plus: Vec<usize>,
    /// Cells counted negatively.
    pub minus: Vec<usize>,
    /// The difference.
    pub total: Val,
}

/// The implied sums of a puzzle's killer cages (with sums) and full houses, at most `max`
/// cells each, in a fixed order, without repeats and without the cages themselves.
pub(crate) fn implied_sums(puzzle: &VariantPuzzle, max: usize) -> Vec<Implied> {
    let n = puzzle.size();
    let t = (n * (n + 1) / 2) as Val;
    let cages: Vec<(Vec<usize>, Val)> = puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer(Killer {
                cells,
                sum: Some(s),
            }) => Some((cells.iter().map(|c| c.index(n)).collect(), *s as Val)),
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return Vec::new();
    }
    let own: BTreeSet<Vec<usize>> = cages
        .iter()
        .map(|(c, _)| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect();
    let mut found: BTreeSet<Implied> = BTreeSet::new();
    for region in regions(puzzle) {
        let r = &region.cells;
        let total = region.houses * t;
        // Disjoint cages: first those inside the region, then those that overlap it.
        let mut covered = vec![false; n * n];
        let mut sum = 0;
        let take = |cells: &[usize], s: Val, covered: &mut Vec<bool>, sum: &mut Val| {
            if cells.iter().any(|&c| covered[c]) {
                return false;
            }
            for &c in cells {
                covered[c] = true;
            }
            *sum += s;
            true
        };
        let mut inside = 0;
        for (cells, s) in &cages {
            if cells.iter().all(|&c| r[c]) && take(cells, *s, &mut covered, &mut sum) {
                inside += 1;
            }
        }
        let inside_sum = sum;
        if inside > 0 {
            let innies: Vec<usize> = (0..n * n).filter(|&c| r[c] && !covered[c]).collect();
            if !innies.is_empty() && innies.len() <= max {
                found.insert(Implied {
                    plus: innies,
                    minus: Vec::new(),
                    total: total - inside_sum,
                });
            }
        }
        let mut outside = 0;
        for (cells, s) in &cages {
            if cells.iter().any(|&c| r[c])
                && !cells.iter().all(|&c| r[c])
                && take(cells, *s, &mut covered, &mut sum)
            {
                outside += 1;
            }
        }
        if outside > 0 {
            let outies: Vec<usize> = (0..n * n).filter(|&c| covered[c] && !r[c]).collect();
            let innies: Vec<usize> = (0..n * n).filter(|&c| r[c] && !covered[c]).collect();
            if outies.len() + innies.len() <= max {
                found.insert(Implied {
                    plus: outies,
                    minus: innies,
                    total: sum - total,
                });
            }
        }
    }
    found
        .into_iter()
        .filter(|i| !(i.minus.is_empty() && own.contains(&i.plus)))
        .filter(|i| !(i.plus.is_empty() && i.minus.is_empty()))
        .collect()
}

/// Adds the implied sums of [`implied_sums`] to the model: a sum within one house is a
/// cage ([`cage_sum`]: its digits differ), any other a [`difference_sum`]; one longer than
/// [`MAX_IMPLIED`] cells is an [`ImpliedDifference`] for the clause solver alone.
pub(crate) fn implied_cages(ctx: &mut Ctx<'_>) {
    let n = ctx.n();
    let max = max_implied();
    let saved = ctx.m.table_cap;
    ctx.m.table_cap = saved.min(IMPLIED_TABLE_CAP);
    for imp in implied_sums(ctx.puzzle, max) {
        let cell = |k: &usize| Cell::from_index(*k, n);
        let plus: Vec<Cell> = imp.plus.iter().map(cell).collect();
        let minus: Vec<Cell> = imp.minus.iter().map(cell).collect();
        let pv = ctx.cells(&plus);
        let mv = ctx.cells(&minus);
        // Cells of one house (of the grid, a cage...) differ.
        let one_house = mv.is_empty()
            && ctx
                .m
                .houses
                .iter()
                .any(|h| pv.iter().all(|v| h.contains(v)));
        if pv.len() + mv.len() > MAX_IMPLIED {
            // Too long for a table: the clause solver's sum propagator reads it (the
            // exact cover problem does without), and the propagation engine's sets of
            // digits when its cells differ.
            if one_house {
                ctx.m.cage_sums.push((pv.clone(), imp.total));
            }
            ctx.m.implied_differences.push(ImpliedDifference {
                plus: groups(&ctx.m, &pv),
                minus: groups(&ctx.m, &mv),
                total: imp.total,
            });
            continue;
        }
        if one_house {
            cage_sum(ctx, &plus, imp.total);
        } else {
            difference_sum(&mut ctx.m, "innies", &pv, &mv, imp.total);
        }
    }
    ctx.m.table_cap = saved;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;
    use crate::variant::rules::sums::tests::sudoku_grids_4;

    /// A small deterministic generator (a linear congruential one).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, k: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % k as u64) as usize
        }
    }

    /// Random cages on a 4 × 4 grid: orthogonally connected, disjoint, sums taken from
    /// `grid`, so the puzzle has at least that solution; some cells stay uncaged.
    fn random_cages(rng: &mut Lcg, grid: &[Val; 16]) -> Vec<Killer> {
        let mut used = [false; 16];
        let mut cages = Vec::new();
        for _ in 0..6 {
            let free: Vec<usize> = (0..16).filter(|&k| !used[k]).collect();
            if free.is_empty() {
                break;
            }
            let start = free[rng.next(free.len())];
            let mut cells = vec![start];
            used[start] = true;
            let size = 1 + rng.next(4);
            while cells.len() < size {
                let grow: Vec<usize> = cells
                    .iter()
                    .flat_map(|&k| {
                        let (r, c) = ((k / 4) as i32, (k % 4) as i32);
                        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    })
                    .filter(|&(r, c)| (0..4).contains(&r) && (0..4).contains(&c))
                    .map(|(r, c)| (r * 4 + c) as usize)
                    .filter(|&k| !used[k])
                    .collect();
                if grow.is_empty() {
                    break;
                }
                let k = grow[rng.next(grow.len())];
                used[k] = true;
                cells.push(k);
            }
            let digits: Vec<Val> = cells.iter().map(|&k| grid[k]).collect();
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() < digits.len() {
                // Not a killer cage in this grid (a digit repeats): leave it out.
                continue;
            }
            cages.push(Killer {
                cells: cells.iter().map(|&k| Cell::from_index(k, 4)).collect(),
                sum: Some(digits.iter().sum::<Val>() as u32),
            });
        }
        cages
    }

    /// Soundness: on many random cage layouts, every implied sum holds on every grid that
    /// satisfies the cages (all 4 × 4 grids checked by brute force). The layouts also
    /// produce both kinds of sum (innies alone, and outies minus innies).
    #[test]
    fn implied_sums_hold_on_every_grid_the_cages_allow() {
        let grids = sudoku_grids_4();
        let mut rng = Lcg(7);
        let (mut innies, mut outies) = (0, 0);
        for round in 0..300 {
            let grid = grids[rng.next(grids.len())];
            let cages = random_cages(&mut rng, &grid);
            let mut p = VariantPuzzle::new(Shape::for_size(4).expect("4 × 4"));
            p.constraints
                .extend(cages.iter().cloned().map(Constraint::from));
            let implied = implied_sums(&p, 16);
            for imp in &implied {
                if imp.minus.is_empty() {
                    innies += 1;
                } else {
                    outies += 1;
                }
            }
            for g in &grids {
                let fits = cages.iter().all(|k| {
                    let v: Vec<Val> = k.cells.iter().map(|c| g[c.index(4)]).collect();
                    v.iter().sum::<Val>() == k.sum.expect("a sum") as Val
                });
                if !fits {
                    continue;
                }
                for imp in &implied {
                    let p: Val = imp.plus.iter().map(|&k| g[k]).sum();
                    let q: Val = imp.minus.iter().map(|&k| g[k]).sum();
                    assert_eq!(p - q, imp.total, "round {round}: {imp:?} on {g:?}");
                }
            }
        }
        assert!(
            innies > 100 && outies > 100,
            "{innies} innies, {outies} outies"
        );
    }

    /// The sums a human would find: a cage covering three cells of a 4 × 4 box leaves the
    /// fourth cell (innie); a cage sticking out of a row by one cell gives that cell minus
    /// the rest of the row (outie).
    #[test]
    fn finds_an_innie_and_an_outie() {
        let mut p = VariantPuzzle::new(Shape::for_size(4).expect("4 × 4"));
        let cage = |cells: &[(usize, usize)], sum| Killer {
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
            sum: Some(sum),
        };
        // Box 1 (top left) minus r2c2; and r1c3 r1c4 r2c4 sticking out of row 1.
        p.constraints
            .push(cage(&[(0, 0), (0, 1), (1, 0)], 6).into());
        p.constraints
            .push(cage(&[(0, 2), (0, 3), (1, 3)], 9).into());
        let implied = implied_sums(&p, 16);
        let innie = Implied {
            plus: vec![5],
            minus: vec![],
            total: 4,
        };
        assert!(implied.contains(&innie), "{implied:?}");
        // Row 1 = 10: the two cages make 15, so r2c4 + (r2c1 from the first cage) = 5.
        let outie = Implied {
            plus: vec![4, 7],
            minus: vec![],
            total: 5,
        };
        assert!(implied.contains(&outie), "{implied:?}");
    }
}
