//! Reading a board size `MxN` (also `MXN` or `M×N`), with a limit on its squares.

use anyhow::Result;

use crate::output::InputError;

/// Rows and columns of `text`, at least 1 each, at most `max_squares` squares in all.
pub fn parse_board(text: &str, max_squares: usize) -> Result<(usize, usize)> {
    let bad = || InputError::new(format!("bad board size `{text}`: expected MxN, as in 6x10"));
    let (m, n) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<usize>().ok().filter(|&k| k > 0);
    let (Some(rows), Some(cols)) = (number(m), number(n)) else {
        return Err(bad().into());
    };
    if rows.saturating_mul(cols) > max_squares {
        return Err(InputError::new(format!(
            "a {rows}x{cols} board is too large: at most {max_squares} squares"
        ))
        .into());
    }
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes() {
        assert_eq!(parse_board("6x10", 60).unwrap(), (6, 10));
        assert_eq!(parse_board("3×20", 60).unwrap(), (3, 20));
        assert_eq!(parse_board(" 8 X 8 ", 64).unwrap(), (8, 8));
        for bad in ["6y10", "0x10", "x", "6x", "-1x4", "6x10x2"] {
            assert!(parse_board(bad, 100).is_err(), "{bad}");
        }
        assert!(parse_board("100000x100000", 10_000).is_err());
        assert!(parse_board("7x9", 62).is_err());
    }
}
