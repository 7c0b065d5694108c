//! Disjoint groups: cells in the same position of their boxes (regions, numbered in reading
//! order) do not hold the same digit.

use crate::variant::rules::prelude::*;

/// Cells in the same position of their boxes do not hold the same digit.
///
/// ```
/// use dlx_sudoku::variant::{Constraint, DisjointGroups};
/// assert_eq!(Constraint::from(DisjointGroups).name(), "disjoint groups");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DisjointGroups;

fn groups(p: &VariantPuzzle) -> Vec<Vec<Cell>> {
    let n = p.size();
    let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); n];
    let mut seen = vec![0usize; n];
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r, c);
            if let Some(region) = p.shape.region_of(cell) {
                let k = seen[region];
                seen[region] += 1;
                if k < n {
                    groups[k].push(cell);
                }
            }
        }
    }
    groups
}

impl Rule for DisjointGroups {
    fn name(&self) -> &'static str {
        "disjoint groups"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn validate(&self, p: &VariantPuzzle) -> Result<(), String> {
        ensure(p.shape.has_regions(), || {
            "disjoint groups need boxes or regions".into()
        })
    }

    fn declare(&self, ctx: &mut Ctx<'_>) {
        for g in groups(ctx.puzzle).into_iter().filter(|g| g.len() > 1) {
            let vars = ctx.cells(&g);
            ctx.m.house(vars);
        }
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, p: &VariantPuzzle, s: &VariantSolution) -> Check {
        for g in groups(p) {
            distinct(&digits(s, &g), &g)?;
        }
        Ok(())
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // A global rule: nothing to draw.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.global("disjoint-groups");
    }

    fn to_fpuzzles(&self, out: &mut FpOut) -> Result<(), Inexpressible> {
        out.flag("disjointgroups");
        Ok(())
    }
}

impl Read for DisjointGroups {
    const FPUZZLES_KEYS: &'static [&'static str] = &["disjointgroups"];

    fn from_fpuzzles(key: &str, value: &Value, _fp: &FpIn<'_>) -> Result<Vec<Self>, FpuzzlesError> {
        crate::variant::rules::anti_knight::flag(key, value, DisjointGroups)
    }

    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Global("disjoint-groups")];

    fn from_toml(_key: &str, _item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        Ok(vec![DisjointGroups])
    }
}

impl Sample for DisjointGroups {
    fn cases() -> Vec<Case> {
        vec![Case::new("disjoint", |_| Some(DisjointGroups.into()))]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (vec![DisjointGroups], Vec::new())
    }
}
