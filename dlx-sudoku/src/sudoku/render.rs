//! Text pictures of grids: box separators for boxed shapes, region borders for jigsaws.

use crate::sudoku::check::SizeMismatch;
use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{Cell, Shape};

/// A grid as text, one row per line, in the grid's alphabet (`.` for blanks).
///
/// Boxed shapes get the usual separators (`|` between boxes, `------+------` between bands).
/// Jigsaw shapes get `|` between cells of different regions and, between rows, `-` under
/// cells whose neighbour below is in another region (`+` where borders meet). Latin squares
/// get no separators.
///
/// ```
/// use dlx_sudoku::sudoku::{render_text, Shape};
/// let shape = Shape::boxed(2, 3)?;
/// let grid = "1.3.5.4.6.2.2.4.6..1.5.3.5.1.2.6.4.3".parse()?;
/// assert_eq!(render_text(&shape, &grid)?, "\
/// 1 . 3 | . 5 .
/// 4 . 6 | . 2 .
/// ------+------
/// 2 . 4 | . 6 .
/// . 1 . | 5 . 3
/// ------+------
/// . 5 . | 1 . 2
/// . 6 . | 4 . 3
/// ");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_text(shape: &Shape, grid: &Grid) -> Result<String, SizeMismatch> {
    shape.check_size(grid)?;
    let n = shape.size();
    let alphabet = grid.alphabet();
    let width = if alphabet.is_single_char() {
        1
    } else {
        n.to_string().len()
    };
    let cell_text = |cell: Cell| format!("{:>width$}", alphabet.text(grid.get(cell)));
    let region = |r: usize, c: usize| shape.region_of(Cell::new(r, c));
    let mut out = String::new();
    match shape.box_dims() {
        Some((bh, bw)) => {
            let mut separator = String::new();
            for r in 0..n {
                let mut line = String::new();
                for c in 0..n {
                    if c > 0 {
                        line.push_str(if c % bw == 0 { " | " } else { " " });
                    }
                    line.push_str(&cell_text(Cell::new(r, c)));
                }
                if separator.is_empty() {
                    separator = line
                        .chars()
                        .map(|ch| if ch == '|' { '+' } else { '-' })
                        .collect();
                }
                if r > 0 && r % bh == 0 {
                    out.push_str(&separator);
                    out.push('\n');
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
        None => {
            for r in 0..n {
                if r > 0 && shape.has_regions() {
                    let mut line = String::new();
                    for c in 0..n {
                        let below = region(r - 1, c) != region(r, c);
                        line.push_str(&(if below { "-" } else { " " }).repeat(width));
                        if c + 1 < n {
                            let up = region(r - 1, c) != region(r - 1, c + 1);
                            let down = region(r, c) != region(r, c + 1);
                            let right = region(r - 1, c + 1) != region(r, c + 1);
                            line.push(match (up || down, below || right) {
                                (true, true) => '+',
                                (true, false) => '|',
                                (false, true) => '-',
                                (false, false) => ' ',
                            });
                        }
                    }
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
                let mut line = String::new();
                for c in 0..n {
                    if c > 0 {
                        line.push(if region(r, c - 1) != region(r, c) {
                            '|'
                        } else {
                            ' '
                        });
                    }
                    line.push_str(&cell_text(Cell::new(r, c)));
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Alphabet;

    #[test]
    fn jigsaw_borders() {
        let shape = Shape::jigsaw_from_map("AAAB ACBB CCDB CDDD").unwrap();
        let grid: Grid = "1234..............".get(..16).unwrap().parse().unwrap();
        let text = render_text(&shape, &grid).unwrap();
        assert_eq!(
            text,
            "1 2 3|4\n +-+-+\n.|.|. .\n-+ +-+\n. .|.|.\n +-+ +-\n.|. . .\n"
        );
    }

    #[test]
    fn numbers_are_right_aligned() {
        let shape = Shape::for_size(12).unwrap();
        let mut grid = Grid::new(12).unwrap();
        grid.set(Cell::new(0, 0), Some(12)).unwrap();
        grid.set(Cell::new(0, 1), Some(3)).unwrap();
        let grid = grid.with_alphabet(Alphabet::Numbers).unwrap();
        let text = render_text(&shape, &grid).unwrap();
        let first = text.lines().next().unwrap();
        assert_eq!(first, "12  3  .  . |  .  .  .  . |  .  .  .  .");
        assert_eq!(
            text.lines().nth(3).unwrap(),
            "------------+-------------+------------"
        );
    }

    #[test]
    fn latin_squares_have_no_separators() {
        let shape = Shape::latin(3).unwrap();
        let grid = Grid::from_values(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).unwrap();
        assert_eq!(render_text(&shape, &grid).unwrap(), "1 2 3\n2 3 1\n3 1 2\n");
    }
}
