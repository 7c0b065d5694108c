//! The small readers and writers the rules use, one per format, below the rules: an
//! f-puzzles entry ([`fpuzzles`]) and a TOML entry ([`native`]), with their errors and the
//! [`TextPosition`] those point at. The formats themselves (a whole puzzle: its container, each
//! key handed to the rule that owns it) are `variant/fpuzzles.rs` and `variant/native.rs`,
//! above the rules.

pub(crate) mod fpuzzles;
pub(crate) mod native;

/// A place in a text: line and column, both from 1 (columns count characters).
///
/// ```
/// use dlx_sudoku::variant::TextPosition;
/// assert_eq!(TextPosition::of_offset("ab\ncd", 4), TextPosition { line: 2, column: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextPosition {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl TextPosition {
    /// The position of a byte offset in `text` (clamped to the text, and to a character
    /// boundary).
    ///
    /// See [`TextPosition`] for an example.
    pub fn of_offset(text: &str, offset: usize) -> TextPosition {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        TextPosition {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}
