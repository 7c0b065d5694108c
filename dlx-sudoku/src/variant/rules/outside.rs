//! Clues beside the grid (sandwich sums, X-sums, skyscrapers) read a row or a column from
//! one end: where such a clue sits, and the cells it reads.

use crate::variant::encoding::digit_set_sum;
use crate::variant::rules::prelude::*;

/// A side of the grid.
///
/// ```
/// use dlx_sudoku::variant::Side;
/// assert_ne!(Side::Top, Side::Left);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the grid: the clue reads a column downwards.
    Top,
    /// Below the grid: the clue reads a column upwards.
    Bottom,
    /// Left of the grid: the clue reads a row rightwards.
    Left,
    /// Right of the grid: the clue reads a row leftwards.
    Right,
}

/// Where a clue beside the grid sits: a side, and the row (left and right) or column (top
/// and bottom) it reads, from 0.
///
/// ```
/// use dlx_sudoku::sudoku::Cell;
/// use dlx_sudoku::variant::{Outside, Side};
/// let clue = Outside { side: Side::Right, index: 1 };
/// assert_eq!(clue.cells(4), [Cell::new(1, 3), Cell::new(1, 2), Cell::new(1, 1), Cell::new(1, 0)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outside {
    /// The side.
    pub side: Side,
    /// The row or column, from 0.
    pub index: usize,
}

impl Outside {
    /// The cells the clue reads, from its side inwards, in an `n × n` grid.
    ///
    /// See [`Outside`] for an example.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        let i = self.index;
        match self.side {
            Side::Top => (0..n).map(|r| Cell::new(r, i)).collect(),
            Side::Bottom => (0..n).rev().map(|r| Cell::new(r, i)).collect(),
            Side::Left => (0..n).map(|c| Cell::new(i, c)).collect(),
            Side::Right => (0..n).rev().map(|c| Cell::new(i, c)).collect(),
        }
    }

    /// The clue at a 1-based position beside an `n × n` grid (`r0c3` is above column 3,
    /// `r10c3` below it in a 9×9), if it is one.
    pub(crate) fn at(row: i64, col: i64, n: usize) -> Option<Outside> {
        let n = n as i64;
        let inside = |x: i64| (1..=n).contains(&x);
        let (side, index) = match (row, col) {
            (0, c) if inside(c) => (Side::Top, c),
            (r, c) if r == n + 1 && inside(c) => (Side::Bottom, c),
            (r, 0) if inside(r) => (Side::Left, r),
            (r, c) if c == n + 1 && inside(r) => (Side::Right, r),
            _ => return None,
        };
        Some(Outside {
            side,
            index: index as usize - 1,
        })
    }

    /// The clue's 1-based position (the inverse of [`Outside::at`]).
    pub(crate) fn position(self, n: usize) -> (i64, i64) {
        let (n, i) = (n as i64, self.index as i64 + 1);
        match self.side {
            Side::Top => (0, i),
            Side::Bottom => (n + 1, i),
            Side::Left => (i, 0),
            Side::Right => (i, n + 1),
        }
    }

    /// The position as a name, `R0C3`.
    pub(crate) fn name(self, n: usize) -> String {
        let (r, c) = self.position(n);
        format!("R{r}C{c}")
    }

    /// Checks the clue against the grid size.
    pub(crate) fn validate(self, n: usize) -> Result<(), String> {
        ensure(self.index < n, || {
            format!(
                "row or column {} is outside the {n}×{n} grid",
                self.index + 1
            )
        })
    }
}

/// Reads the clues of an f-puzzles key: `cell` beside the grid and a `value`. Entries with
/// no value say nothing.
pub(crate) fn read_clues(
    key: &str,
    value: &Value,
    fp: &FpIn<'_>,
) -> Result<Vec<(Outside, u32)>, FpuzzlesError> {
    let mut out = Vec::new();
    for e in fp.entries(key, value)? {
        let Some(v) = fp.number(key, e.get("value"))? else {
            continue;
        };
        let (r, c) = fp.position(key, e.get("cell").unwrap_or(&Value::Null))?;
        let clue = Outside::at(r, c, fp.n)
            .ok_or_else(|| malformed(key, format!("R{r}C{c} is not beside the grid")))?;
        out.push((clue, v));
    }
    Ok(out)
}

/// Reads a TOML clue: `clue = "r0c3"` and a value under `value_key`.
pub(crate) fn read_clue(item: &TomlIn<'_>, value_key: &str) -> Result<(Outside, u32), NativeError> {
    item.allow(&["clue", value_key])?;
    let (r, c) = item.position("clue")?;
    let clue = Outside::at(r, c, item.n)
        .ok_or_else(|| item.bad_field("clue", format!("r{r}c{c} is not beside the grid")))?;
    Ok((clue, item.int(value_key)?))
}

/// Writes a TOML clue.
pub(crate) fn clue_table(clue: Outside, n: usize, value_key: &str, value: u32) -> toml::Table {
    let (r, c) = clue.position(n);
    let mut t = toml::Table::new();
    t.insert("clue".into(), format!("r{r}c{c}").into());
    t.insert(value_key.into(), i64::from(value).into());
    t
}

/// Draws a clue's number beside the grid.
pub(crate) fn draw_clue(canvas: &mut Canvas, clue: Outside, text: &str) {
    let (x, y) = beside(canvas, clue.side, clue.index);
    canvas.text(x, y, 14.0, text);
}

/// The centre of the position beside the grid where an outside clue sits.
fn beside(canvas: &mut Canvas, side: Side, index: usize) -> (f64, f64) {
    let (n, i) = (canvas.n as i64, index as i64);
    match side {
        Side::Top => canvas.at(-1, i),
        Side::Bottom => canvas.at(n, i),
        Side::Left => canvas.at(i, -1),
        Side::Right => canvas.at(i, n),
    }
}

/// The largest digit up to which the automata of the clues that read a row or a column
/// keep the set of digits they added (bit `d` for digit `d`: the digits of a row differ, so
/// a sum allows only the sets of distinct digits that make it); past it (16×16: up to
/// 2^14 sets a layer) they keep the running sum, whose states are far fewer.
pub(crate) const SETS_UP_TO: Val = 9;

/// What an automaton keeps of the digits it added, with `x` added: the set when `sets`
/// (`None` when `x` is in it already), else the running sum.
pub(crate) fn add_digit(kept: u64, x: Val, sets: bool) -> Option<u64> {
    if !sets {
        return Some(kept + x as u64);
    }
    (kept >> x & 1 == 0).then_some(kept | 1 << x)
}

/// The sum of the digits kept ([`add_digit`]).
pub(crate) fn kept_sum(kept: u64, sets: bool) -> Val {
    if sets {
        digit_set_sum(kept)
    } else {
        kept as Val
    }
}
