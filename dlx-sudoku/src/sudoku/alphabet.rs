//! How digits are written: the symbol sets in common use for Sudoku of every size.

use std::fmt;

const STANDARD: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ZERO_BASED: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A way of writing digits `1..=n`. Blank cells are written `.`; on input `_` and (except in
/// [`ZeroBased`](Alphabet::ZeroBased)) `0` are blanks too. Letters may be given in either
/// case.
///
/// ```
/// use dlx_sudoku::sudoku::Alphabet;
/// assert_eq!(Alphabet::Standard.symbol(16), Some('G'));
/// assert_eq!(Alphabet::ZeroBased.symbol(16), Some('F'));
/// assert_eq!(Alphabet::Letters.symbol(25), Some('Y'));
/// assert_eq!(Alphabet::Numbers.text(Some(16)), "16");
/// assert_eq!(Alphabet::Standard.value_of('g', 16), Some(16));
/// assert_eq!(Alphabet::Standard.value_of('0', 9), Some(0)); // a blank
/// assert_eq!(Alphabet::Standard.value_of('G', 9), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`–`9`, then `A`–`Z` (up to 35 digits): `1-9A-G` for 16×16.
    #[default]
    Standard,
    /// `0`–`9`, then `A`–`Z`, the symbol for digit `d` being the `d`-th (up to 36 digits):
    /// `0-9A-F` for 16×16. Only `.` and `_` are blanks.
    ZeroBased,
    /// `A`–`Z` (up to 26 digits): `A-Y` for 25×25.
    Letters,
    /// Decimal numbers separated by spaces, for any size.
    Numbers,
}

impl Alphabet {
    fn symbols(self) -> &'static [u8] {
        match self {
            Alphabet::Standard => STANDARD,
            Alphabet::ZeroBased => ZERO_BASED,
            Alphabet::Letters => LETTERS,
            Alphabet::Numbers => b"",
        }
    }

    /// The largest size this alphabet can write.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Alphabet;
    /// assert_eq!(Alphabet::Standard.max_size(), 35);
    /// assert_eq!(Alphabet::ZeroBased.max_size(), 36);
    /// ```
    pub fn max_size(self) -> usize {
        match self {
            Alphabet::Numbers => crate::sudoku::MAX_SIZE,
            _ => self.symbols().len(),
        }
    }

    /// True when every digit of a puzzle of this size has a symbol.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Alphabet;
    /// assert!(Alphabet::Letters.supports(25));
    /// assert!(!Alphabet::Letters.supports(27));
    /// ```
    pub fn supports(self, size: usize) -> bool {
        size <= self.max_size()
    }

    /// True when a digit takes one character (all alphabets but
    /// [`Numbers`](Alphabet::Numbers)).
    ///
    /// ```
    /// assert!(!dlx_sudoku::sudoku::Alphabet::Numbers.is_single_char());
    /// ```
    pub fn is_single_char(self) -> bool {
        self != Alphabet::Numbers
    }

    /// The character for a digit (from 1), or `None` when the alphabet has none (or writes
    /// numbers).
    ///
    /// See [`Alphabet`] for an example.
    pub fn symbol(self, digit: u8) -> Option<char> {
        let k = usize::from(digit).checked_sub(1)?;
        self.symbols().get(k).map(|&b| char::from(b))
    }

    /// The text of a cell: its symbol or number, `.` for a blank (`None` or 0), `?` for a
    /// digit the alphabet cannot write.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Alphabet;
    /// assert_eq!(Alphabet::Standard.text(None), ".");
    /// assert_eq!(Alphabet::Standard.text(Some(10)), "A");
    /// ```
    pub fn text(self, digit: Option<u8>) -> String {
        match digit.filter(|&d| d != 0) {
            None => ".".to_string(),
            Some(d) if self == Alphabet::Numbers => d.to_string(),
            Some(d) => self.symbol(d).unwrap_or('?').to_string(),
        }
    }

    /// Reads one character of a puzzle of size `size`: `Some(0)` for a blank, `Some(d)` for
    /// digit `d`, `None` when it is neither. [`Numbers`](Alphabet::Numbers) reads single
    /// decimal digits (use [`value_of_token`](Self::value_of_token) for whole numbers).
    ///
    /// See [`Alphabet`] for an example.
    pub fn value_of(self, ch: char, size: usize) -> Option<u8> {
        if ch == '.' || ch == '_' || (ch == '0' && self != Alphabet::ZeroBased) {
            return Some(0);
        }
        if self == Alphabet::Numbers {
            return self.value_of_token(ch.encode_utf8(&mut [0; 4]), size);
        }
        // The symbol's place in the alphabet (`symbols`), computed rather than searched.
        let up = ch.to_ascii_uppercase();
        let from = |first: char| up as usize - first as usize;
        let k = match (self, up) {
            (Alphabet::Standard, '1'..='9') => from('1'),
            (Alphabet::Standard, 'A'..='Z') => 9 + from('A'),
            (Alphabet::ZeroBased, '0'..='9') => from('0'),
            (Alphabet::ZeroBased, 'A'..='Z') => 10 + from('A'),
            (Alphabet::Letters, 'A'..='Z') => from('A'),
            _ => return None,
        };
        (k < size).then(|| k as u8 + 1)
    }

    /// Reads a whole token: a blank (`.`, `_`, `0`) as `Some(0)`, a decimal number
    /// `1..=size` as itself (in any alphabet), or a single symbol of this alphabet.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Alphabet;
    /// assert_eq!(Alphabet::Numbers.value_of_token("16", 16), Some(16));
    /// assert_eq!(Alphabet::Numbers.value_of_token("17", 16), None);
    /// assert_eq!(Alphabet::Numbers.value_of_token("_", 16), Some(0));
    /// ```
    pub fn value_of_token(self, token: &str, size: usize) -> Option<u8> {
        if matches!(token, "." | "_" | "0") && (self != Alphabet::ZeroBased || token != "0") {
            return Some(0);
        }
        if self != Alphabet::Numbers {
            let mut chars = token.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return None;
            };
            return self.value_of(ch, size);
        }
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let value: usize = token.parse().ok()?;
        (1..=size).contains(&value).then_some(value as u8)
    }

    /// Guesses the alphabet of a puzzle of size `size` from its text: among the alphabets
    /// that can read every symbol, [`ZeroBased`](Alphabet::ZeroBased) when `0` appears next
    /// to `.` or `_` blanks, [`Letters`](Alphabet::Letters) when no decimal digit appears,
    /// else [`Standard`](Alphabet::Standard). Characters `|`, `-`, `+`, `=` and whitespace
    /// are ignored. Sizes up to 9 are always `Standard`.
    ///
    /// ```
    /// use dlx_sudoku::sudoku::Alphabet;
    /// assert_eq!(Alphabet::detect(16, "G..1.0"), Alphabet::Standard);
    /// assert_eq!(Alphabet::detect(16, "F..1.0"), Alphabet::ZeroBased);
    /// assert_eq!(Alphabet::detect(25, "Y..A.Q"), Alphabet::Letters);
    /// ```
    pub fn detect(size: usize, text: &str) -> Alphabet {
        if size <= 9 {
            return Alphabet::Standard;
        }
        let symbols = || {
            text.chars()
                .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '-' | '+' | '='))
        };
        let fits =
            |a: Alphabet| a.supports(size) && symbols().all(|c| a.value_of(c, size).is_some());
        let has_zero = symbols().any(|c| c == '0');
        let has_blank = symbols().any(|c| c == '.' || c == '_');
        let has_decimal = symbols().any(|c| c.is_ascii_digit() && c != '0');
        if has_zero && has_blank && fits(Alphabet::ZeroBased) {
            Alphabet::ZeroBased
        } else if !has_decimal && !has_zero && fits(Alphabet::Letters) {
            Alphabet::Letters
        } else if fits(Alphabet::Standard) {
            Alphabet::Standard
        } else if fits(Alphabet::ZeroBased) {
            Alphabet::ZeroBased
        } else if fits(Alphabet::Letters) {
            Alphabet::Letters
        } else if Alphabet::Standard.supports(size) {
            Alphabet::Standard
        } else {
            Alphabet::ZeroBased
        }
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Alphabet::Standard => "1-9A-Z",
            Alphabet::ZeroBased => "0-9A-Z",
            Alphabet::Letters => "A-Z",
            Alphabet::Numbers => "numbers",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_symbol() {
        for a in [Alphabet::Standard, Alphabet::ZeroBased, Alphabet::Letters] {
            let n = a.max_size();
            for d in 1..=n as u8 {
                let c = a.symbol(d).unwrap();
                assert_eq!(a.value_of(c, n), Some(d), "{a} {d}");
                assert_eq!(a.value_of(c.to_ascii_lowercase(), n), Some(d));
            }
            assert_eq!(a.symbol(n as u8 + 1), None);
            assert_eq!(a.symbol(0), None);
        }
    }

    #[test]
    fn blanks() {
        assert_eq!(Alphabet::ZeroBased.value_of('0', 16), Some(1));
        assert_eq!(Alphabet::ZeroBased.value_of('.', 16), Some(0));
        assert_eq!(Alphabet::Letters.value_of('0', 16), Some(0));
        assert_eq!(Alphabet::ZeroBased.value_of_token("0", 16), Some(1));
        assert_eq!(Alphabet::Numbers.value_of_token("0", 16), Some(0));
        assert_eq!(Alphabet::Numbers.value_of_token("+3", 16), None);
        assert_eq!(Alphabet::Numbers.value_of('7', 9), Some(7));
    }

    #[test]
    fn detection_falls_back_when_nothing_fits() {
        assert_eq!(Alphabet::detect(9, "AB"), Alphabet::Standard);
        assert_eq!(Alphabet::detect(36, "1.Z"), Alphabet::ZeroBased);
        assert_eq!(Alphabet::detect(16, "1.2"), Alphabet::Standard);
        assert_eq!(Alphabet::detect(16, "A.B"), Alphabet::Letters);
    }

    #[test]
    fn value_of_is_the_place_in_the_alphabet() {
        for a in [Alphabet::Standard, Alphabet::ZeroBased, Alphabet::Letters] {
            for b in 0u8..=255 {
                let ch = char::from(b);
                for size in [4, 9, 16, 25, 36] {
                    let searched =
                        if ch == '.' || ch == '_' || (ch == '0' && a != Alphabet::ZeroBased) {
                            Some(0)
                        } else {
                            let up = ch.to_ascii_uppercase();
                            a.symbols()
                                .iter()
                                .position(|&s| char::from(s) == up)
                                .filter(|&k| k < size)
                                .map(|k| k as u8 + 1)
                        };
                    assert_eq!(a.value_of(ch, size), searched, "{a:?} {ch:?} {size}");
                }
            }
        }
    }
}
