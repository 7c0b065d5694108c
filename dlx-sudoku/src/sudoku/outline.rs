//! Shared drawing helpers for the SVG pictures of every family: the picture's start, the
//! outline of a set of cells (a killer cage, an extra region) traced along its boundary,
//! and text placed with an explicit baseline.
//!
//! The outline is found by walking the boundary edges of the cells: every side of a cell
//! whose neighbour across it is not in the set is an edge, directed so that the cells lie
//! on its right (clockwise on screen, where y grows downwards). Edges are chained into
//! closed loops — one for the outside of each piece and one for each hole — and each loop
//! is then moved inwards by the inset: each straight run becomes a segment parallel to it,
//! `inset` pixels inside, and runs meet at their corners. Where two cells of the set touch
//! only at a corner the walk turns so that they stay apart (a right turn, around the cell
//! it came along), so loops never cross.

use std::collections::HashMap;
use std::fmt::Write;

use crate::sudoku::Cell;

/// The start of a picture `width` × `height` pixels: the `<svg>` element and a white
/// background. The caller closes it with `</svg>`.
pub(crate) fn svg_start(width: impl std::fmt::Display, height: impl std::fmt::Display) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<rect width=\"{width}\" height=\"{height}\" \
         fill=\"#ffffff\"/>\n"
    )
}

/// Where the baseline of text of `size` lies for the text to look centred on `centre_y`.
/// Renderers disagree on `dominant-baseline`, so the pictures give every `<text>` the
/// baseline itself: the centre plus 0.35 of the font size (about half the height of a
/// digit), which every renderer honours.
pub(crate) fn baseline(centre_y: f64, size: f64) -> f64 {
    round(centre_y + 0.35 * size)
}

/// Rounds to hundredths so that the pictures' numbers stay short and stable.
fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// A grid point (row, column) of the cell corners.
type Point = (i64, i64);

/// The boundary loops of `cells`, each a list of corner points (row, column of the grid
/// lines) at which the boundary turns, in clockwise order on screen. Duplicate cells are
/// ignored.
pub(crate) fn boundary_loops(cells: &[Cell]) -> Vec<Vec<Point>> {
    let inside = |r: i64, c: i64| {
        r >= 0 && c >= 0 && cells.iter().any(|x| x.row as i64 == r && x.col as i64 == c)
    };
    // Directed edges, cells on the right (screen coordinates: x = column, y = row down).
    // Top side goes left to right, right side top to bottom, and so on.
    let mut starts: Vec<Point> = Vec::new();
    let mut next: HashMap<Point, Vec<Point>> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for cell in cells {
        let (r, c) = (cell.row as i64, cell.col as i64);
        if !seen.insert((r, c)) {
            continue;
        }
        let mut edge = |from: Point, to: Point| {
            starts.push(from);
            next.entry(from).or_default().push(to);
        };
        if !inside(r - 1, c) {
            edge((r, c), (r, c + 1));
        }
        if !inside(r, c + 1) {
            edge((r, c + 1), (r + 1, c + 1));
        }
        if !inside(r + 1, c) {
            edge((r + 1, c + 1), (r + 1, c));
        }
        if !inside(r, c - 1) {
            edge((r + 1, c), (r, c));
        }
    }
    starts.sort_unstable();
    let mut used: HashMap<(Point, Point), bool> = HashMap::new();
    let mut loops = Vec::new();
    for &start in &starts {
        let Some(first) = next[&start]
            .iter()
            .copied()
            .find(|&to| !used.contains_key(&(start, to)))
        else {
            continue;
        };
        let mut points = vec![start];
        let (mut from, mut to) = (start, first);
        loop {
            used.insert((from, to), true);
            points.push(to);
            let dir = (to.0 - from.0, to.1 - from.1);
            let choices: Vec<Point> = next
                .get(&to)
                .map(|v| {
                    v.iter()
                        .copied()
                        .filter(|&n| !used.contains_key(&(to, n)))
                        .collect()
                })
                .unwrap_or_default();
            // At a corner where two cells meet diagonally there are two ways on: take the
            // right turn, which keeps to the cell just passed.
            let right = (dir.1, -dir.0);
            let pick = choices
                .iter()
                .copied()
                .find(|&n| (n.0 - to.0, n.1 - to.1) == right)
                .or_else(|| choices.first().copied());
            match pick {
                Some(n) => {
                    from = to;
                    to = n;
                }
                None => break,
            }
        }
        // Keep only the corners where the direction changes.
        points.pop(); // the start again
        let k = points.len();
        let corners: Vec<Point> = (0..k)
            .filter(|&i| {
                let p = points[(i + k - 1) % k];
                let q = points[i];
                let s = points[(i + 1) % k];
                (q.0 - p.0, q.1 - p.1) != (s.0 - q.0, s.1 - q.1)
            })
            .map(|i| points[i])
            .collect();
        if !corners.is_empty() {
            loops.push(corners);
        }
    }
    loops
}

/// SVG path data (`M… H… V… Z` per loop) outlining `cells`, `inset` pixels inside their
/// boundary, for cells `cell` pixels wide whose grid starts at (`margin`, `margin`).
pub(crate) fn outline_path(cells: &[Cell], cell: f64, margin: f64, inset: f64) -> String {
    let mut d = String::new();
    for corners in boundary_loops(cells) {
        let k = corners.len();
        for i in 0..k {
            let p = corners[(i + k - 1) % k];
            let q = corners[i];
            let s = corners[(i + 1) % k];
            // Inward normals (the cells lie on the right of each edge): rotate the
            // direction a quarter turn clockwise on screen, (dx, dy) → (-dy, dx).
            let (din_r, din_c) = (sign(q.0 - p.0), sign(q.1 - p.1));
            let (dout_r, dout_c) = (sign(s.0 - q.0), sign(s.1 - q.1));
            // Direction (dr, dc) has the cells on its right: normal (dc, -dr) in (r, c).
            let nr = din_c + dout_c;
            let nc = -din_r - dout_r;
            let x = round(margin + q.1 as f64 * cell + inset * nc as f64);
            let y = round(margin + q.0 as f64 * cell + inset * nr as f64);
            if i == 0 {
                let _ = write!(d, "M{x},{y}");
            } else if din_r == 0 {
                let _ = write!(d, " H{x}");
            } else {
                let _ = write!(d, " V{y}");
            }
        }
        d.push_str(" Z ");
    }
    d.trim_end().to_string()
}

fn sign(v: i64) -> i64 {
    v.signum()
}

/// The number of straight segments of the outline of `cells` (its corners, summed over
/// its loops).
#[cfg(test)]
fn segments(cells: &[Cell]) -> usize {
    boundary_loops(cells).iter().map(Vec::len).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
    }

    #[test]
    fn a_single_cell_is_a_square() {
        let one = cells(&[(2, 3)]);
        assert_eq!(
            boundary_loops(&one),
            vec![vec![(2, 3), (2, 4), (3, 4), (3, 3)]]
        );
        assert_eq!(
            outline_path(&one, 40.0, 4.0, 4.0),
            "M128,88 H160 V120 H128 Z"
        );
    }

    #[test]
    fn a_domino_has_four_sides() {
        assert_eq!(segments(&cells(&[(0, 0), (0, 1)])), 4);
        assert_eq!(segments(&cells(&[(0, 0), (1, 0), (2, 0)])), 4);
    }

    #[test]
    fn an_l_has_six_sides_and_a_concave_corner() {
        let l = cells(&[(0, 0), (1, 0), (2, 0), (2, 1)]);
        assert_eq!(boundary_loops(&l).len(), 1);
        assert_eq!(segments(&l), 6);
        // The concave corner at grid point (2, 1) (x 44, y 84) moves into the L, to the
        // left of the upright and below the foot: (40, 88).
        let d = outline_path(&l, 40.0, 4.0, 4.0);
        assert_eq!(d, "M8,8 H40 V88 H80 V120 H8 Z");
        assert_eq!(d.matches(['H', 'V']).count() + 1, 6);
    }

    #[test]
    fn cells_in_any_order_and_repeated_give_the_same_outline() {
        let a = cells(&[(0, 0), (1, 0), (2, 0), (2, 1)]);
        let b = cells(&[(2, 1), (0, 0), (2, 0), (1, 0), (2, 1)]);
        assert_eq!(
            outline_path(&a, 40.0, 4.0, 4.0),
            outline_path(&b, 40.0, 4.0, 4.0)
        );
    }

    #[test]
    fn a_ring_has_an_outer_loop_and_a_hole() {
        let ring: Vec<Cell> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .filter(|&(r, c)| (r, c) != (1, 1))
            .map(|(r, c)| Cell::new(r, c))
            .collect();
        let loops = boundary_loops(&ring);
        assert_eq!(loops.len(), 2);
        assert_eq!(segments(&ring), 8);
        let d = outline_path(&ring, 40.0, 4.0, 4.0);
        assert_eq!(d, "M8,8 H120 V120 H8 Z M40,40 V88 H88 V40 Z");
    }

    #[test]
    fn a_plus_and_a_u_are_non_convex() {
        let plus = cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]);
        assert_eq!(segments(&plus), 12);
        let u = cells(&[(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)]);
        assert_eq!(segments(&u), 8);
    }

    #[test]
    fn cells_touching_at_a_corner_stay_apart() {
        // Two cells meeting diagonally: two squares, not a figure of eight.
        let diagonal = cells(&[(0, 0), (1, 1)]);
        assert_eq!(boundary_loops(&diagonal).len(), 2);
        assert_eq!(segments(&diagonal), 8);
        // A square with a hole of two cells meeting at a corner: the hole's loop passes
        // the shared corner twice, once around each cage cell there, so its two inset
        // corners lie apart (one in each cell) and the outline never crosses itself.
        let mut big: Vec<Cell> = Vec::new();
        for r in 0..4 {
            for c in 0..4 {
                if (r, c) != (1, 1) && (r, c) != (2, 2) {
                    big.push(Cell::new(r, c));
                }
            }
        }
        let loops = boundary_loops(&big);
        assert_eq!(loops.len(), 2);
        assert_eq!(segments(&big), 4 + 8);
        assert_eq!(loops[1].iter().filter(|&&p| p == (2, 2)).count(), 2);
        let d = outline_path(&big, 40.0, 4.0, 4.0);
        let hole = d.split(" Z").nth(1).unwrap();
        assert!(hole.contains("88") && hole.contains("80"), "{hole}");
        assert_eq!(
            d,
            "M8,8 H160 V160 H8 Z M40,40 V88 H80 V128 H128 V80 H88 V40 Z"
        );
    }

    #[test]
    fn no_cells_no_outline() {
        assert!(boundary_loops(&[]).is_empty());
        assert_eq!(outline_path(&[], 40.0, 4.0, 4.0), "");
    }

    #[test]
    fn baselines_sit_below_the_centre() {
        assert_eq!(baseline(24.0, 20.0), 31.0);
        assert_eq!(baseline(10.0, 9.0), 13.15);
    }
}
