//! lz-string decompression (the compression f-puzzles and SudokuPad links use), with a bound
//! on the output.
//!
//! lz-string is an LZW variant: each code names a dictionary entry, and each step adds an
//! entry one character longer than the previous one, so a payload of `k` codes can expand
//! to about `k²/2` characters (a 109 KB payload to several gigabytes). This decoder stops
//! with an error as soon as the output would pass a limit; the dictionary grows no faster
//! than the output, so memory stays bounded too. The algorithm follows the reference
//! JavaScript implementation (`decompressFromBase64`, `decompressFromEncodedURIComponent`).

/// Why a payload could not be decompressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LzError {
    /// Not a valid lz-string stream.
    Invalid,
    /// The decompressed text would be longer than the limit (in UTF-16 units).
    TooLarge {
        /// The limit.
        limit: usize,
    },
}

const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
const URI_SAFE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";

/// Decompresses a base64 payload (`compressToBase64`); characters outside the alphabet
/// are skipped, as the reference implementation does.
pub(crate) fn from_base64(text: &str, limit: usize) -> Result<Vec<u16>, LzError> {
    let values: Vec<u8> = text
        .bytes()
        .filter_map(|b| BASE64.iter().position(|&k| k == b).map(|p| p as u8))
        .collect();
    decompress(&values, limit)
}

/// Decompresses a URI-safe payload (`compressToEncodedURIComponent`); a space stands for
/// `+`.
pub(crate) fn from_uri_component(text: &str, limit: usize) -> Result<Vec<u16>, LzError> {
    let mut values = Vec::with_capacity(text.len());
    for b in text.bytes() {
        let b = if b == b' ' { b'+' } else { b };
        match URI_SAFE.iter().position(|&k| k == b) {
            Some(p) => values.push(p as u8),
            None => return Err(LzError::Invalid),
        }
    }
    decompress(&values, limit)
}

/// Reads the 6-bit values of the stream, lowest bit of each code first.
struct Bits<'a> {
    values: &'a [u8],
    index: usize,
    val: u8,
    position: u8,
}

impl Bits<'_> {
    const RESET: u8 = 32;

    fn bit(&mut self) -> u32 {
        let b = u32::from(self.val & self.position != 0);
        self.position >>= 1;
        if self.position == 0 {
            self.position = Self::RESET;
            self.val = self.values.get(self.index).copied().unwrap_or(0);
            self.index += 1;
        }
        b
    }

    fn read(&mut self, n: u32) -> u32 {
        let mut out = 0;
        for k in 0..n {
            out |= self.bit() << k;
        }
        out
    }

    fn exhausted(&self) -> bool {
        self.index > self.values.len()
    }
}

fn decompress(values: &[u8], limit: usize) -> Result<Vec<u16>, LzError> {
    let Some(&first) = values.first() else {
        return Err(LzError::Invalid);
    };
    let mut bits = Bits {
        values,
        index: 1,
        val: first,
        position: Bits::RESET,
    };
    // Entries 0, 1 and 2 are the codes "8-bit literal", "16-bit literal" and "end".
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let mut enlarge_in: u64 = 4;
    let mut num_bits: u32 = 3;
    let c = match bits.read(2) {
        0 => bits.read(8) as u16,
        1 => bits.read(16) as u16,
        _ => return Err(LzError::Invalid),
    };
    dictionary.push(vec![c]);
    let mut w: Vec<u16> = vec![c];
    let mut out: Vec<u16> = vec![c];
    loop {
        if bits.exhausted() {
            return Err(LzError::Invalid);
        }
        if num_bits > 31 {
            return Err(LzError::Invalid);
        }
        let mut code = bits.read(num_bits) as usize;
        match code {
            0 | 1 => {
                let width = if code == 0 { 8 } else { 16 };
                let ch = bits.read(width) as u16;
                dictionary.push(vec![ch]);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry: Vec<u16> = if let Some(e) = dictionary.get(code) {
            e.clone()
        } else if code == dictionary.len() {
            let mut e = w.clone();
            e.push(w[0]);
            e
        } else {
            return Err(LzError::Invalid);
        };
        if out.len() + entry.len() > limit {
            return Err(LzError::TooLarge { limit });
        }
        out.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dictionary.push(next);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(words: &[u16]) -> String {
        String::from_utf16(words).unwrap()
    }

    #[test]
    fn round_trips_the_reference_compressor() {
        for s in [
            "a",
            "hello, hello, hello world",
            "{\"size\":9,\"grid\":[[{},{}]],\"title\":\"Ünïcödé ✓\"}",
            &"abcabcabcabc".repeat(200),
        ] {
            let b64 = lz_str::compress_to_base64(s);
            assert_eq!(text(&from_base64(&b64, 1 << 20).unwrap()), s);
            let uri = lz_str::compress_to_encoded_uri_component(s);
            assert_eq!(text(&from_uri_component(&uri, 1 << 20).unwrap()), s);
        }
    }

    #[test]
    fn stops_at_the_limit() {
        let s = "x".repeat(100_000);
        let b64 = lz_str::compress_to_base64(&s);
        assert_eq!(
            from_base64(&b64, 1000),
            Err(LzError::TooLarge { limit: 1000 })
        );
        assert_eq!(from_base64(&b64, 100_000).unwrap().len(), 100_000);
    }

    #[test]
    fn rejects_garbage() {
        assert_eq!(from_base64("", 100), Err(LzError::Invalid));
        assert!(from_base64("N4IgzglgXg", 100).is_err());
        assert!(from_uri_component("%%%", 100).is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_text_round_trips(s in "\\PC{0,200}") {
            let b64 = lz_str::compress_to_base64(&s);
            if s.is_empty() {
                // The reference compressor writes an empty string as an empty payload.
                proptest::prop_assert!(from_base64(&b64, 1 << 16).is_err());
            } else {
                proptest::prop_assert_eq!(text(&from_base64(&b64, 1 << 16).unwrap()), s);
            }
        }

        #[test]
        fn any_bytes_never_panic(bytes in proptest::collection::vec(0u8..64, 0..400)) {
            let s: String = bytes.iter().map(|&b| BASE64[b as usize] as char).collect();
            let _ = from_base64(&s, 10_000);
        }
    }
}
