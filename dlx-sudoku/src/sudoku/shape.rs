//! The geometry of a puzzle: its size, its cells and its houses (rows, columns, boxes or
//! jigsaw regions, and any extra houses such as diagonals).

use std::fmt;

use thiserror::Error;

pub use crate::grid::Cell;

/// The largest supported size (digits are stored as `u8`).
pub const MAX_SIZE: usize = 255;

/// What a house is. Numbers are 0-based; the [`Display`](fmt::Display) form is 1-based
/// ("row 1", "box 9").
///
/// ```
/// use dlx_sudoku::sudoku::HouseKind;
/// assert_eq!(HouseKind::Row(0).to_string(), "row 1");
/// assert_eq!(HouseKind::MainDiagonal.to_string(), "main diagonal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A rectangular box, numbered row-major.
    Box(usize),
    /// A jigsaw region, numbered in order of first appearance (row-major).
    Region(usize),
    /// The diagonal from the top left to the bottom right (Sudoku X).
    MainDiagonal,
    /// The diagonal from the top right to the bottom left (Sudoku X).
    AntiDiagonal,
    /// A window of hyper-Sudoku (windoku), numbered row-major.
    Window(usize),
    /// A disjoint group: the cells at one position inside every box.
    DisjointGroup(usize),
    /// A house given by the user, numbered in the order given.
    Extra(usize),
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseKind::Row(k) => write!(f, "row {}", k + 1),
            HouseKind::Column(k) => write!(f, "column {}", k + 1),
            HouseKind::Box(k) => write!(f, "box {}", k + 1),
            HouseKind::Region(k) => write!(f, "region {}", k + 1),
            HouseKind::MainDiagonal => f.write_str("main diagonal"),
            HouseKind::AntiDiagonal => f.write_str("anti-diagonal"),
            HouseKind::Window(k) => write!(f, "window {}", k + 1),
            HouseKind::DisjointGroup(k) => write!(f, "disjoint group {}", k + 1),
            HouseKind::Extra(k) => write!(f, "extra house {}", k + 1),
        }
    }
}

/// A set of cells whose digits must all differ. A house of `size` cells holds every digit
/// exactly once; a smaller one holds each digit at most once.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, HouseKind, Shape};
/// let shape = Shape::classic();
/// let first_box = &shape.houses()[18];
/// assert_eq!(first_box.kind(), HouseKind::Box(0));
/// assert_eq!(first_box.cells()[4], Cell::new(1, 1));
/// assert!(first_box.is_full(9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct House {
    kind: HouseKind,
    cells: Vec<Cell>,
}

impl House {
    /// What the house is.
    ///
    /// See [`House`] for an example.
    pub fn kind(&self) -> HouseKind {
        self.kind
    }

    /// Its cells, in the order they were given (row-major for built-in houses).
    ///
    /// See [`House`] for an example.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// True when the house has `size` cells, so it must hold every digit.
    ///
    /// See [`House`] for an example.
    pub fn is_full(&self, size: usize) -> bool {
        self.cells.len() == size
    }
}

/// Why a shape could not be made.
///
/// ```
/// use dlx_sudoku::sudoku::{Shape, ShapeError};
/// assert!(matches!(Shape::for_size(7), Err(ShapeError::NoBoxes { size: 7 })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The size is 0 or larger than [`MAX_SIZE`].
    #[error("size {size} is not between 1 and {MAX_SIZE}")]
    BadSize {
        /// The size asked for.
        size: usize,
    },
    /// The size has no factorisation into boxes of at least two rows and two columns.
    #[error("a {size}×{size} grid cannot be cut into boxes (give jigsaw regions instead)")]
    NoBoxes {
        /// The size asked for.
        size: usize,
    },
    /// The region map does not have `size × size` entries.
    #[error("a region map for a {size}×{size} grid needs {expected} cells, found {found}")]
    RegionMapLength {
        /// The grid size.
        size: usize,
        /// Cells needed.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// The region map's cell count is not a square.
    #[error("a region map of {cells} cells is not square")]
    NotSquare {
        /// Cells found.
        cells: usize,
    },
    /// The regions are not `size` regions of `size` cells each.
    #[error("region {} has {cells} cells, expected {size}", .region + 1)]
    RegionSize {
        /// The region (0-based).
        region: usize,
        /// Its number of cells.
        cells: usize,
        /// The grid size.
        size: usize,
    },
    /// The region map names more (or fewer) regions than the size.
    #[error("{found} regions, expected {size}")]
    RegionCount {
        /// Regions found.
        found: usize,
        /// The grid size.
        size: usize,
    },
    /// A cell outside the grid.
    #[error("{house}: cell {cell} is outside the {size}×{size} grid")]
    CellOutOfRange {
        /// The house being added.
        house: HouseKind,
        /// The cell.
        cell: Cell,
        /// The grid size.
        size: usize,
    },
    /// The same cell twice in one house.
    #[error("{house}: cell {cell} given twice")]
    RepeatedCell {
        /// The house being added.
        house: HouseKind,
        /// The cell.
        cell: Cell,
    },
    /// A house with no cells, or with more cells than digits.
    #[error("{house} has {cells} cells; a house needs 1 to {size}")]
    HouseSize {
        /// The house being added.
        house: HouseKind,
        /// Its number of cells.
        cells: usize,
        /// The grid size.
        size: usize,
    },
    /// Windows and disjoint groups need rectangular boxes.
    #[error("{what} need a shape with rectangular boxes")]
    NeedsBoxes {
        /// What was asked for.
        what: &'static str,
    },
}

/// A puzzle's geometry: an `n × n` grid with digits `1..=n`, its rows and columns, its boxes
/// (rectangles) or jigsaw regions, and any extra houses.
///
/// Houses are kept in a fixed order: rows, columns, boxes or regions, then extras in the
/// order they were added. Built with [`Shape::boxed`], [`Shape::for_size`],
/// [`Shape::classic`], [`Shape::jigsaw`] or [`Shape::latin`], then extended with
/// [`with_diagonals`](Shape::with_diagonals), [`with_windows`](Shape::with_windows),
/// [`with_disjoint_groups`](Shape::with_disjoint_groups) or
/// [`with_house`](Shape::with_house).
///
/// ```
/// use dlx_sudoku::sudoku::Shape;
/// let shape = Shape::boxed(2, 3)?; // 6×6 with boxes of 2 rows and 3 columns
/// assert_eq!(shape.size(), 6);
/// assert_eq!(shape.houses().len(), 18);
/// let x = Shape::classic().with_diagonals();
/// assert_eq!(x.houses().len(), 29);
/// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    size: usize,
    boxes: Option<(usize, usize)>,
    /// The region (box or jigsaw piece) of each cell, row-major; empty for a Latin square.
    region_of: Vec<usize>,
    houses: Vec<House>,
    extras: usize,
}

impl Shape {
    /// The classic 9×9 shape with 3×3 boxes.
    ///
    /// ```
    /// let shape = dlx_sudoku::sudoku::Shape::classic();
    /// assert_eq!(shape.box_dims(), Some((3, 3)));
    /// ```
    pub fn classic() -> Self {
        Self::boxed(3, 3).expect("3×3 boxes are valid")
    }

    /// A grid of `box_rows × box_cols` boxes: size `box_rows * box_cols`.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// let shape = Shape::boxed(3, 4)?;
    /// assert_eq!(shape.size(), 12);
    /// assert_eq!(shape.region_of(dlx_sudoku::sudoku::Cell::new(3, 4)), Some(4));
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn boxed(box_rows: usize, box_cols: usize) -> Result<Self, ShapeError> {
        let size = box_rows.saturating_mul(box_cols);
        check_size(size)?;
        let mut region_of = Vec::with_capacity(size * size);
        for r in 0..size {
            for c in 0..size {
                region_of.push((r / box_rows) * (size / box_cols) + c / box_cols);
            }
        }
        let mut shape = Self::with_regions(size, region_of, HouseKind::Box);
        shape.boxes = Some((box_rows, box_cols));
        Ok(shape)
    }

    /// The usual shape for a size: boxes as nearly square as possible, with no more rows
    /// than columns (6 → 2×3, 8 → 2×4, 12 → 3×4, 16 → 4×4). A size of 1 gives a 1×1 box;
    /// prime sizes have no boxes.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// assert_eq!(Shape::for_size(8)?.box_dims(), Some((2, 4)));
    /// assert_eq!(Shape::for_size(36)?.box_dims(), Some((6, 6)));
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn for_size(size: usize) -> Result<Self, ShapeError> {
        check_size(size)?;
        if size == 1 {
            return Self::boxed(1, 1);
        }
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()
            .ok_or(ShapeError::NoBoxes { size })?;
        Self::boxed(rows, size / rows)
    }

    /// A Latin square: rows and columns only. Add houses with
    /// [`with_house`](Self::with_house) to describe any other variant.
    ///
    /// ```
    /// let shape = dlx_sudoku::sudoku::Shape::latin(5)?;
    /// assert_eq!(shape.houses().len(), 10);
    /// assert_eq!(shape.box_dims(), None);
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn latin(size: usize) -> Result<Self, ShapeError> {
        check_size(size)?;
        Ok(Self::with_regions(size, Vec::new(), HouseKind::Region))
    }

    /// A jigsaw shape: `regions[cell]` (row-major) names the region of each cell, from 0;
    /// there must be `size` regions of `size` cells each.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// // A 4×4 jigsaw whose regions are L-shaped and straight.
    /// let regions = [0, 0, 0, 1,
    ///                0, 2, 1, 1,
    ///                2, 2, 3, 1,
    ///                2, 3, 3, 3];
    /// let shape = Shape::jigsaw(4, &regions)?;
    /// assert_eq!(shape.houses().len(), 12);
    /// assert!(Shape::jigsaw(4, &[0; 16]).is_err());
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn jigsaw(size: usize, regions: &[usize]) -> Result<Self, ShapeError> {
        check_size(size)?;
        if regions.len() != size * size {
            return Err(ShapeError::RegionMapLength {
                size,
                expected: size * size,
                found: regions.len(),
            });
        }
        let mut counts = vec![0usize; size];
        for &r in regions {
            if r >= size {
                return Err(ShapeError::RegionCount { found: r + 1, size });
            }
            counts[r] += 1;
        }
        if let Some((region, &cells)) = counts.iter().enumerate().find(|&(_, &c)| c != size) {
            return Err(ShapeError::RegionSize {
                region,
                cells,
                size,
            });
        }
        Ok(Self::with_regions(
            size,
            regions.to_vec(),
            HouseKind::Region,
        ))
    }

    /// A jigsaw shape from a map of symbols, one per cell, row-major; whitespace is ignored
    /// and any other character names a region (regions are numbered in order of first
    /// appearance). The size is the square root of the number of symbols.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// let shape = Shape::jigsaw_from_map("
    ///     AAAB
    ///     ACBB
    ///     CCDB
    ///     CDDD")?;
    /// assert_eq!(shape.size(), 4);
    /// assert_eq!(shape.region_of(Cell::new(3, 0)), Some(2));
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn jigsaw_from_map(map: &str) -> Result<Self, ShapeError> {
        let symbols: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        let size = (1..=MAX_SIZE)
            .find(|n| n * n >= symbols.len())
            .filter(|n| n * n == symbols.len())
            .ok_or(ShapeError::NotSquare {
                cells: symbols.len(),
            })?;
        let mut names: Vec<char> = Vec::new();
        let mut regions = Vec::with_capacity(symbols.len());
        for s in symbols {
            let r = match names.iter().position(|&n| n == s) {
                Some(r) => r,
                None => {
                    names.push(s);
                    names.len() - 1
                }
            };
            regions.push(r);
        }
        if names.len() != size {
            return Err(ShapeError::RegionCount {
                found: names.len(),
                size,
            });
        }
        Self::jigsaw(size, &regions)
    }

    fn with_regions(size: usize, region_of: Vec<usize>, kind: fn(usize) -> HouseKind) -> Self {
        let mut houses = Vec::with_capacity(3 * size);
        for r in 0..size {
            houses.push(House {
                kind: HouseKind::Row(r),
                cells: (0..size).map(|c| Cell::new(r, c)).collect(),
            });
        }
        for c in 0..size {
            houses.push(House {
                kind: HouseKind::Column(c),
                cells: (0..size).map(|r| Cell::new(r, c)).collect(),
            });
        }
        if !region_of.is_empty() {
            let mut regions: Vec<Vec<Cell>> = vec![Vec::with_capacity(size); size];
            for (k, &r) in region_of.iter().enumerate() {
                regions[r].push(Cell::from_index(k, size));
            }
            for (k, cells) in regions.into_iter().enumerate() {
                houses.push(House {
                    kind: kind(k),
                    cells,
                });
            }
        }
        Shape {
            size,
            boxes: None,
            region_of,
            houses,
            extras: 0,
        }
    }

    /// Adds both main diagonals as houses (Sudoku X).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, HouseKind, Shape};
    /// let x = Shape::classic().with_diagonals();
    /// let anti = x.houses().last().unwrap();
    /// assert_eq!(anti.kind(), HouseKind::AntiDiagonal);
    /// assert_eq!(anti.cells()[0], Cell::new(0, 8));
    /// ```
    pub fn with_diagonals(mut self) -> Self {
        let n = self.size;
        self.houses.push(House {
            kind: HouseKind::MainDiagonal,
            cells: (0..n).map(|k| Cell::new(k, k)).collect(),
        });
        self.houses.push(House {
            kind: HouseKind::AntiDiagonal,
            cells: (0..n).map(|k| Cell::new(k, n - 1 - k)).collect(),
        });
        self
    }

    /// Adds the windows of hyper-Sudoku (windoku): box-sized rectangles that start at row and
    /// column 2, with one row (column) between neighbours, as many as fit inside the border.
    /// A 9×9 grid gets the usual four windows, at rows and columns 2–4 and 6–8.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// let hyper = Shape::classic().with_windows()?;
    /// assert_eq!(hyper.houses().len(), 31);
    /// assert_eq!(hyper.houses()[27].cells()[0], Cell::new(1, 1));
    /// assert_eq!(hyper.houses()[30].cells()[8], Cell::new(7, 7));
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn with_windows(mut self) -> Result<Self, ShapeError> {
        let (bh, bw) = self
            .boxes
            .ok_or(ShapeError::NeedsBoxes { what: "windows" })?;
        let n = self.size;
        let starts = |step: usize, len: usize| {
            (0..)
                .map(move |k| 1 + k * (step + 1))
                .take_while(move |s| s + len < n)
        };
        let mut k = 0;
        for r0 in starts(bh, bh) {
            for c0 in starts(bw, bw) {
                let cells = (r0..r0 + bh)
                    .flat_map(|r| (c0..c0 + bw).map(move |c| Cell::new(r, c)))
                    .collect();
                self.houses.push(House {
                    kind: HouseKind::Window(k),
                    cells,
                });
                k += 1;
            }
        }
        Ok(self)
    }

    /// Adds the disjoint groups: for each position inside a box, the cells at that position
    /// in every box.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Shape};
    /// let dg = Shape::classic().with_disjoint_groups()?;
    /// let centres = &dg.houses()[27 + 4];
    /// assert_eq!(centres.cells()[..3], [Cell::new(1, 1), Cell::new(1, 4), Cell::new(1, 7)]);
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn with_disjoint_groups(mut self) -> Result<Self, ShapeError> {
        let (bh, bw) = self.boxes.ok_or(ShapeError::NeedsBoxes {
            what: "disjoint groups",
        })?;
        let n = self.size;
        for i in 0..bh {
            for j in 0..bw {
                let cells = (0..n / bh)
                    .flat_map(|br| (0..n / bw).map(move |bc| Cell::new(br * bh + i, bc * bw + j)))
                    .collect();
                self.houses.push(House {
                    kind: HouseKind::DisjointGroup(i * bw + j),
                    cells,
                });
            }
        }
        Ok(self)
    }

    /// Adds a house of the user's choosing: 1 to `size` distinct cells whose digits must
    /// differ (a house of exactly `size` cells must hold every digit).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, HouseKind, Shape, ShapeError};
    /// let shape = Shape::for_size(4)?.with_house([Cell::new(0, 0), Cell::new(3, 3)])?;
    /// assert_eq!(shape.houses().last().unwrap().kind(), HouseKind::Extra(0));
    /// let err = Shape::for_size(4)?.with_house([Cell::new(0, 4)]).unwrap_err();
    /// assert!(matches!(err, ShapeError::CellOutOfRange { .. }));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn with_house(mut self, cells: impl IntoIterator<Item = Cell>) -> Result<Self, ShapeError> {
        let kind = HouseKind::Extra(self.extras);
        let n = self.size;
        let cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() || cells.len() > n {
            return Err(ShapeError::HouseSize {
                house: kind,
                cells: cells.len(),
                size: n,
            });
        }
        let mut seen = vec![false; n * n];
        for &cell in &cells {
            if cell.row >= n || cell.col >= n {
                return Err(ShapeError::CellOutOfRange {
                    house: kind,
                    cell,
                    size: n,
                });
            }
            if std::mem::replace(&mut seen[cell.index(n)], true) {
                return Err(ShapeError::RepeatedCell { house: kind, cell });
            }
        }
        self.houses.push(House { kind, cells });
        self.extras += 1;
        Ok(self)
    }

    /// The number of rows (and columns, and digits).
    ///
    /// See [`Shape`] for an example.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, `size²`.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::sudoku::Shape::classic().num_cells(), 81);
    /// ```
    pub fn num_cells(&self) -> usize {
        self.size * self.size
    }

    /// The box dimensions (rows, columns) when the regions are rectangular boxes.
    ///
    /// See [`Shape::classic`] for an example.
    pub fn box_dims(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// The box or jigsaw region holding a cell (0-based), or `None` for a Latin square.
    ///
    /// See [`Shape::boxed`] for an example.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.region_of.get(cell.index(self.size)).copied()
    }

    /// True when the shape has boxes or jigsaw regions.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Shape;
    /// assert!(Shape::classic().has_regions());
    /// assert!(!Shape::latin(3)?.has_regions());
    /// # Ok::<(), dlx_sudoku::sudoku::ShapeError>(())
    /// ```
    pub fn has_regions(&self) -> bool {
        !self.region_of.is_empty()
    }

    /// Every house: rows, columns, boxes or regions, then extras.
    ///
    /// See [`Shape`] for an example.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }
}

fn check_size(size: usize) -> Result<(), ShapeError> {
    if (1..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(ShapeError::BadSize { size })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_numbered_row_major() {
        let s = Shape::boxed(2, 3).unwrap();
        assert_eq!(s.region_of(Cell::new(0, 3)), Some(1));
        assert_eq!(s.region_of(Cell::new(2, 0)), Some(2));
        assert_eq!(s.region_of(Cell::new(5, 5)), Some(5));
        let b4 = &s.houses()[12 + 4];
        assert_eq!(b4.kind(), HouseKind::Box(4));
        assert_eq!(b4.cells().first(), Some(&Cell::new(4, 0)));
    }

    #[test]
    fn for_size_picks_near_square_boxes() {
        let dims = |n| Shape::for_size(n).unwrap().box_dims().unwrap();
        assert_eq!(dims(4), (2, 2));
        assert_eq!(dims(6), (2, 3));
        assert_eq!(dims(9), (3, 3));
        assert_eq!(dims(10), (2, 5));
        assert_eq!(dims(12), (3, 4));
        assert_eq!(dims(25), (5, 5));
        assert!(matches!(
            Shape::for_size(0),
            Err(ShapeError::BadSize { .. })
        ));
        assert!(matches!(
            Shape::for_size(13),
            Err(ShapeError::NoBoxes { .. })
        ));
    }

    #[test]
    fn windows_of_other_sizes() {
        // 4×4: one window in the centre.
        let s = Shape::for_size(4).unwrap().with_windows().unwrap();
        assert_eq!(s.houses().len(), 13);
        assert_eq!(s.houses()[12].cells()[0], Cell::new(1, 1));
        // 16×16: 3×3 windows of 4×4.
        let s = Shape::for_size(16).unwrap().with_windows().unwrap();
        assert_eq!(s.houses().len(), 48 + 9);
        assert_eq!(s.houses().last().unwrap().cells()[15], Cell::new(14, 14));
        assert!(Shape::latin(4).unwrap().with_windows().is_err());
    }

    #[test]
    fn jigsaw_checks_region_sizes() {
        let mut regions: Vec<usize> = (0..16).map(|k| k / 4).collect();
        regions.swap(0, 15);
        assert!(Shape::jigsaw(4, &regions).is_ok());
        regions[0] = 0;
        assert_eq!(
            Shape::jigsaw(4, &regions),
            Err(ShapeError::RegionSize {
                region: 0,
                cells: 5,
                size: 4
            })
        );
        assert!(matches!(
            Shape::jigsaw_from_map("AAB"),
            Err(ShapeError::NotSquare { cells: 3 })
        ));
        assert!(matches!(
            Shape::jigsaw_from_map("AAAAAAAAABBBBBBC"),
            Err(ShapeError::RegionCount { found: 3, size: 4 })
        ));
    }

    #[test]
    fn extra_houses_are_checked() {
        let s = Shape::classic();
        let err = s
            .clone()
            .with_house([Cell::new(0, 0), Cell::new(0, 0)])
            .unwrap_err();
        assert!(matches!(err, ShapeError::RepeatedCell { .. }));
        let err = s.clone().with_house([]).unwrap_err();
        assert!(matches!(err, ShapeError::HouseSize { cells: 0, .. }));
        let ten = (0..10).map(|c| Cell::new(c % 9, c / 9));
        assert!(s.with_house(ten).is_err());
    }
}
