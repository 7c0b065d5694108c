//! Shapes made of unit squares, and the eight symmetries of the square that turn and flip
//! them.

use std::fmt;

/// One of the eight symmetries of the square (the dihedral group D4), acting on `(row, col)`
/// offsets.
///
/// ```
/// use dlx_sudoku::polyomino::Transform;
/// assert_eq!(Transform::ALL.len(), 8);
/// assert_eq!(Transform::ALL[0].apply((1, 2)), (1, 2));
/// assert_eq!(Transform::ALL[1].apply((1, 2)), (2, -1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// `(r, c) ↦ (a·r + b·c, c'·r + d·c)` with the matrix `[[a, b], [c', d]]`.
    matrix: [[i32; 2]; 2],
}

impl Transform {
    /// The identity, the three rotations (a quarter turn at a time), then the four
    /// reflections.
    pub const ALL: [Transform; 8] = [
        Transform::new([[1, 0], [0, 1]]),
        Transform::new([[0, 1], [-1, 0]]),
        Transform::new([[-1, 0], [0, -1]]),
        Transform::new([[0, -1], [1, 0]]),
        Transform::new([[1, 0], [0, -1]]),
        Transform::new([[0, 1], [1, 0]]),
        Transform::new([[-1, 0], [0, 1]]),
        Transform::new([[0, -1], [-1, 0]]),
    ];

    const fn new(matrix: [[i32; 2]; 2]) -> Self {
        Transform { matrix }
    }

    /// The image of a `(row, col)` offset.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Transform;
    /// // The half turn.
    /// assert_eq!(Transform::ALL[2].apply((3, -1)), (-3, 1));
    /// ```
    pub fn apply(self, (r, c): (i32, i32)) -> (i32, i32) {
        let [[a, b], [cc, d]] = self.matrix;
        (a * r + b * c, cc * r + d * c)
    }
}

/// A finite set of unit squares, kept translated so that its smallest row and smallest
/// column are 0, and sorted by row then column.
///
/// ```
/// use dlx_sudoku::polyomino::Shape;
/// let l: Shape = "#.\n#.\n##".parse()?;
/// assert_eq!(l.cells(), [(0, 0), (1, 0), (2, 0), (2, 1)]);
/// assert_eq!(l.orientations().len(), 8);
/// # Ok::<(), dlx_sudoku::polyomino::PolyominoError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    cells: Vec<(i32, i32)>,
}

impl Shape {
    /// The shape made of these squares (moved to the origin; repeats are dropped).
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// let s = Shape::new([(5, 5), (5, 6), (5, 5)]);
    /// assert_eq!(s.cells(), [(0, 0), (0, 1)]);
    /// ```
    pub fn new(cells: impl IntoIterator<Item = (i32, i32)>) -> Self {
        let mut cells: Vec<_> = cells.into_iter().collect();
        let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut cells {
            *p = (p.0 - r0, p.1 - c0);
        }
        cells.sort_unstable();
        cells.dedup();
        Shape { cells }
    }

    /// The squares, sorted.
    ///
    /// See [`Shape`] for an example.
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }

    /// The number of squares.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// assert_eq!(Shape::new([(0, 0), (0, 1)]).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for the shape without squares.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// assert!(Shape::new([]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The height and width of the bounding box.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// assert_eq!(Shape::new([(0, 0), (0, 1), (0, 2)]).size(), (1, 3));
    /// ```
    pub fn size(&self) -> (usize, usize) {
        let h = self.cells.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        let w = self.cells.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        (h as usize, w as usize)
    }

    /// The shape moved by a symmetry of the square (and back to the origin).
    ///
    /// ```
    /// use dlx_sudoku::polyomino::{Shape, Transform};
    /// let bar = Shape::new([(0, 0), (0, 1), (0, 2)]);
    /// assert_eq!(bar.transformed(Transform::ALL[1]).size(), (3, 1));
    /// ```
    pub fn transformed(&self, t: Transform) -> Shape {
        Shape::new(self.cells.iter().map(|&p| t.apply(p)))
    }

    /// The distinct shapes obtained by turning and flipping, in the order of
    /// [`Transform::ALL`] (first occurrence kept): 8 for a shape without symmetry, 1 for a
    /// square or a cross.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// let square = Shape::new([(0, 0), (0, 1), (1, 0), (1, 1)]);
    /// assert_eq!(square.orientations(), [square.clone()]);
    /// ```
    pub fn orientations(&self) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::with_capacity(8);
        for t in Transform::ALL {
            let s = self.transformed(t);
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// True when no turn or flip other than the identity maps the shape onto itself.
    ///
    /// ```
    /// use dlx_sudoku::polyomino::Shape;
    /// assert!(Shape::new([(0, 0), (1, 0), (2, 0), (2, 1)]).is_asymmetric());
    /// assert!(!Shape::new([(0, 0), (0, 1)]).is_asymmetric());
    /// ```
    pub fn is_asymmetric(&self) -> bool {
        self.orientations().len() == Transform::ALL.len()
    }
}

impl std::str::FromStr for Shape {
    type Err = crate::polyomino::PolyominoError;

    /// Reads a picture: `#` (or any letter) for a square, `.` or a space for none.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut cells = Vec::new();
        for (r, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' | ' ' => {}
                    '#' => cells.push((r as i32, c as i32)),
                    ch if ch.is_alphanumeric() => cells.push((r as i32, c as i32)),
                    _ => {
                        return Err(crate::polyomino::PolyominoError::BadCharacter {
                            line: r + 1,
                            column: c + 1,
                            found: ch,
                        })
                    }
                }
            }
        }
        Ok(Shape::new(cells))
    }
}

impl fmt::Display for Shape {
    /// The picture, `#` for squares and `.` for gaps, one line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, w) = self.size();
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                let ch = if self.cells.binary_search(&(r, c)).is_ok() {
                    '#'
                } else {
                    '.'
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms_form_a_group_of_eight_distinct_maps() {
        let p = (1, 2);
        let images: std::collections::HashSet<_> =
            Transform::ALL.iter().map(|t| t.apply(p)).collect();
        assert_eq!(images.len(), 8);
        // Closed under composition.
        for s in Transform::ALL {
            for t in Transform::ALL {
                let composed = t.apply(s.apply(p));
                let q = t.apply(s.apply((0, 1)));
                assert!(Transform::ALL
                    .iter()
                    .any(|u| u.apply(p) == composed && u.apply((0, 1)) == q));
            }
        }
    }

    #[test]
    fn pictures_round_trip() {
        let f: Shape = ".##\n##.\n.#.".parse().unwrap();
        assert_eq!(f.to_string(), ".##\n##.\n.#.\n");
        assert_eq!(f.len(), 5);
        assert!(f.is_asymmetric());
        assert!(matches!(
            "#?".parse::<Shape>(),
            Err(crate::polyomino::PolyominoError::BadCharacter {
                line: 1,
                column: 2,
                ..
            })
        ));
    }

    #[test]
    fn orientation_counts_follow_the_symmetry() {
        let t: Shape = "###\n.#.\n.#.".parse().unwrap();
        assert_eq!(t.orientations().len(), 4);
        let i: Shape = "#####".parse().unwrap();
        assert_eq!(i.orientations().len(), 2);
        let x: Shape = ".#.\n###\n.#.".parse().unwrap();
        assert_eq!(x.orientations().len(), 1);
    }
}
