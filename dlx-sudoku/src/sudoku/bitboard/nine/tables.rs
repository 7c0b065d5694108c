//! The masks of the 9×9 path, computed at compile time.
//!
//! A band is three rows of the grid (rows 0–2, 3–5, 6–8). Its 27 cells are the low 27
//! bits of a `u32`: cell (r, c) of the band (r from 0 to 2) is bit `9r + c`. A triad is
//! the three cells of one row inside one box; the nine triads of a band are numbered
//! `3r + j` (row r of the band, box j of the band).

/// Every cell of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The nine cells of one row of a band.
pub(crate) const ROW: u32 = 0x1ff;

/// One column of a band (its three cells): column `c` is `COLUMN << c`.
pub(crate) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The first box of a band (its nine cells): box `j` of the band is `BOX << 3j`.
pub(crate) const BOX: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;

/// The cells of triad `3r + j` (row r, box j of a band).
const fn triad(t: usize) -> u32 {
    0b111 << (9 * (t / 3) + 3 * (t % 3))
}

const fn make_row_triads() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            if x >> (3 * j) & 7 != 0 {
                out[x] |= 1 << j;
            }
            j += 1;
        }
        x += 1;
    }
    out
}

/// For the nine cells of a band's row (9 bits), the boxes where they lie (3 bits).
pub(crate) const ROW_TRIADS: [u8; 512] = make_row_triads();

/// The six ways a digit can go through a band: row r of the band takes it in box
/// `PERMUTATIONS[p][r]`.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn make_allowed() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut t = 0;
    while t < 512 {
        let mut p = 0;
        while p < 6 {
            let mut cells = 0;
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                let k = 3 * r + PERMUTATIONS[p][r];
                if t >> k & 1 == 0 {
                    ok = false;
                }
                cells |= triad(k);
                r += 1;
            }
            if ok {
                out[t] |= cells;
            }
            p += 1;
        }
        t += 1;
    }
    out
}

/// For each set of a band's triads where a digit may still go (9 bits, triad `3r + j` as
/// bit `3r + j`), the cells of the triads that some way of placing it in the band uses
/// (each row of the band once, each box once: a permutation); 0 when there is none.
/// Masking a digit's band with it takes locked candidates inside the band (pointing and
/// claiming) and turns a box with one place left into a row with one place left.
pub(crate) const ALLOWED: [u32; 512] = make_allowed();

const fn make_band_peers() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        let (r, c) = (k / 9, k % 9);
        let mut peers = ROW << (9 * r);
        let mut rr = 0;
        while rr < 3 {
            peers |= 0b111 << (9 * rr + 3 * (c / 3));
            rr += 1;
        }
        out[k] = peers & !(1 << k);
        k += 1;
    }
    out
}

/// For each cell of a band, the other cells of its row and box (all inside the band).
pub(crate) const BAND_PEERS: [u32; 27] = make_band_peers();

/// A set of the 81 cells as three bands.
pub(crate) type Cells = [u32; 3];

const fn make_houses() -> [Cells; 27] {
    let mut out = [[0u32; 3]; 27];
    let mut h = 0;
    while h < 9 {
        // Row h.
        out[h][h / 3] = ROW << (9 * (h % 3));
        // Column h.
        out[9 + h] = [COLUMN << h, COLUMN << h, COLUMN << h];
        // Box h.
        let (band, col) = (h / 3, 3 * (h % 3));
        out[18 + h][band] = (0b111 | 0b111 << 9 | 0b111 << 18) << col;
        h += 1;
    }
    out
}

/// The 27 houses of the classic grid: rows, columns, boxes, in the shape's order.
pub(crate) const HOUSES: [Cells; 27] = make_houses();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_by_hand() {
        assert_eq!(ROW_TRIADS[0], 0);
        assert_eq!(ROW_TRIADS[0b100_000_001], 0b101);
        // Every triad present: every cell allowed.
        assert_eq!(ALLOWED[0x1ff], BAND);
        // Only the diagonal triads: exactly them.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(ALLOWED[diag], triad(0) | triad(4) | triad(8));
        // Row 0 only in box 0, the rest open: boxes 1 and 2 of rows 1 and 2, row 0 box 0.
        let t = 1 | 0b111 << 3 | 0b111 << 6;
        assert_eq!(
            ALLOWED[t],
            triad(0) | triad(4) | triad(5) | triad(7) | triad(8)
        );
        // Two rows only in box 0: no way.
        assert_eq!(ALLOWED[1 | 1 << 3 | 0b111 << 6], 0);
        // Eight in its row, six more in its box.
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(BAND_PEERS[13] & (1 << 13), 0);
        for h in HOUSES {
            assert_eq!(h.iter().map(|b| b.count_ones()).sum::<u32>(), 9);
        }
    }
}
