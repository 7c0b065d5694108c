//! A given shading: the cell is water (shaded) or land.

use crate::variant::rules::prelude::*;

/// A given shading: the cell is water (shaded) or land.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Constraint, Shade};
/// assert_eq!(Constraint::from(Shade { cell: Cell::new(0, 0), water: true }).name(), "shaded cell");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shade {
    /// The cell.
    pub cell: Cell,
    /// True for water (shaded).
    pub water: bool,
}

impl Rule for Shade {
    fn shades(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "shaded cell"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.cell]
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        let v = ctx.shade(self.cell);
        let want = Val::from(self.water);
        ctx.m.restrict(v, |x| x == want);
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        let water = s.shading.as_ref().ok_or("the solution has no shading")?;
        ensure(water[self.cell.index(p.size())] == self.water, || {
            format!("{} has the wrong shading", self.cell)
        })
    }

    fn draw(&self, canvas: &mut Canvas) {
        let (x, y) = centre(self.cell);
        let fill = if self.water { "#3a8fd0" } else { "#c8a060" };
        canvas.circle(x - 14.0, y + 14.0, 3.0, fill, None);
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.cell(if self.water { "water" } else { "land" }, self.cell);
    }
}

impl Read for Shade {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Cells("water"), TomlKey::Cells("land")];

    fn from_toml(key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![Shade {
            cell: item.the_cell()?,
            water: key == "water",
        }])
    }
}

impl Sample for Shade {
    fn cases() -> Vec<Case> {
        // A given shading means something only beside yin-yang's rule, whose case draws it.
        Vec::new()
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (
            Vec::new(),
            vec![Shade {
                cell: at(1, 1),
                water: true,
            }],
        )
    }
}
