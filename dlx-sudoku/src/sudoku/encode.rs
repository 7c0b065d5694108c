//! The exact cover encoding of a shape's empty grid, built once and shared by every puzzle.
//!
//! Items, in Knuth's `sudoku-dlx` order: first one primary item per cell (`p{r},{c}`: the
//! cell is filled), then one per house and digit (`r{r}d{d}`: row `r` holds `d`; then
//! columns `c`, boxes `b` or jigsaw regions `j`, and extra houses). Houses with fewer cells
//! than digits hold each digit at most once, so their items are secondary and come last.
//! Option `(cell, d)` covers the cell's item and the item of `d` in each house holding the
//! cell; options run in row-major cell order, digits ascending, so option `cell · n + d − 1`
//! puts `d` in `cell`.

use dlx_core::{ItemId, OptionId, Problem, ProblemBuilder, ProblemError};

use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{Cell, HouseKind, Shape};

/// A shape's exact cover problem, with the maps between options and (cell, digit).
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Encoding, Shape};
/// let enc = Encoding::new(Shape::classic())?;
/// assert_eq!(enc.problem().num_primary(), 324);
/// assert_eq!(enc.problem().num_options(), 729);
/// let o = enc.option(Cell::new(0, 1), 5);
/// assert_eq!(enc.problem().option_text(o), "p0,1 r0d5 c1d5 b0d5");
/// assert_eq!(enc.decode(o), (Cell::new(0, 1), 5));
/// # Ok::<(), dlx_core::ProblemError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Encoding {
    shape: Shape,
    problem: Problem,
    /// For each house, the item of digit 1 (digit `d` is `base + d - 1`).
    house_base: Vec<u32>,
}

fn house_label(kind: HouseKind) -> String {
    match kind {
        HouseKind::Row(k) => format!("r{k}"),
        HouseKind::Column(k) => format!("c{k}"),
        HouseKind::Box(k) => format!("b{k}"),
        HouseKind::Region(k) => format!("j{k}"),
        HouseKind::MainDiagonal => "x0".to_string(),
        HouseKind::AntiDiagonal => "x1".to_string(),
        HouseKind::Window(k) => format!("w{k}"),
        HouseKind::DisjointGroup(k) => format!("g{k}"),
        HouseKind::Extra(k) => format!("e{k}"),
    }
}

impl Encoding {
    /// Builds the problem for a shape's empty grid.
    ///
    /// See [`Encoding`] for an example.
    pub fn new(shape: Shape) -> Result<Self, ProblemError> {
        let n = shape.size();
        let houses = shape.houses();
        let mut b = ProblemBuilder::new();
        for r in 0..n {
            for c in 0..n {
                b.add_primary(format!("p{r},{c}"))?;
            }
        }
        let mut house_base = vec![0u32; houses.len()];
        for secondary in [false, true] {
            for (h, house) in houses.iter().enumerate() {
                if house.is_full(n) == secondary {
                    continue;
                }
                let label = house_label(house.kind());
                for d in 1..=n {
                    let name = format!("{label}d{d}");
                    let item = if secondary {
                        b.add_secondary(name)?
                    } else {
                        b.add_primary(name)?
                    };
                    if d == 1 {
                        house_base[h] = item.index() as u32;
                    }
                }
            }
        }
        let mut houses_of: Vec<Vec<u32>> = vec![Vec::new(); n * n];
        for (h, house) in houses.iter().enumerate() {
            for &cell in house.cells() {
                houses_of[cell.index(n)].push(house_base[h]);
            }
        }
        let mut entries = Vec::new();
        for (k, bases) in houses_of.iter().enumerate() {
            for d in 0..n as u32 {
                entries.clear();
                entries.push(ItemId::new(k as u32));
                entries.extend(bases.iter().map(|&base| ItemId::new(base + d)));
                b.add_option(entries.iter().copied())?;
            }
        }
        Ok(Encoding {
            problem: b.build()?,
            shape,
            house_base,
        })
    }

    /// The shape encoded.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape};
    /// assert_eq!(Encoding::new(Shape::for_size(4)?)?.shape().size(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The exact cover problem of the empty grid.
    ///
    /// See [`Encoding`] for an example.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option that puts `digit` (from 1) in `cell`.
    ///
    /// See [`Encoding`] for an example.
    pub fn option(&self, cell: Cell, digit: u8) -> OptionId {
        self.option_at(cell.index(self.shape.size()), digit)
    }

    /// The option that puts `digit` in the cell numbered `index` (row by row).
    pub(crate) fn option_at(&self, index: usize, digit: u8) -> OptionId {
        OptionId::new((index * self.shape.size() + usize::from(digit) - 1) as u32)
    }

    /// The cell and digit of an option.
    ///
    /// See [`Encoding`] for an example.
    pub fn decode(&self, option: OptionId) -> (Cell, u8) {
        let n = self.shape.size();
        let k = option.index();
        (Cell::from_index(k / n, n), (k % n + 1) as u8)
    }

    /// The item that says "`cell` is filled".
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Encoding, Shape};
    /// let enc = Encoding::new(Shape::classic())?;
    /// assert_eq!(enc.problem().item_name(enc.cell_item(Cell::new(8, 7))), "p8,7");
    /// # Ok::<(), dlx_core::ProblemError>(())
    /// ```
    pub fn cell_item(&self, cell: Cell) -> ItemId {
        ItemId::new(cell.index(self.shape.size()) as u32)
    }

    /// The item that says "house `house` (an index into [`Shape::houses`]) holds `digit`".
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Encoding, Shape};
    /// let enc = Encoding::new(Shape::classic().with_diagonals())?;
    /// let anti = enc.house_item(28, 9);
    /// assert_eq!(enc.problem().item_name(anti), "x1d9");
    /// # Ok::<(), dlx_core::ProblemError>(())
    /// ```
    pub fn house_item(&self, house: usize, digit: u8) -> ItemId {
        ItemId::new(self.house_base[house] + u32::from(digit) - 1)
    }

    /// The grid that a set of options fills (cells without an option stay blank).
    ///
    /// ```
    /// use dlx_sudoku::sudoku::{Cell, Encoding, Shape};
    /// let enc = Encoding::new(Shape::for_size(4)?)?;
    /// let grid = enc.grid(&[enc.option(Cell::new(3, 3), 2)]);
    /// assert_eq!(grid.to_string(), "...............2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self, options: &[OptionId]) -> Grid {
        let n = self.shape.size();
        let mut values = vec![0u8; n * n];
        for &o in options {
            let k = o.index();
            values[k / n] = (k % n + 1) as u8;
        }
        Grid::from_values(n, values).expect("a shape's size is a valid grid size")
    }
}
