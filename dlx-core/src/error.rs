//! Typed errors: invalid problems, and text that is not in Knuth's format.

use thiserror::Error;

/// A problem that breaks a rule of exact cover, found while building it.
///
/// The messages use Knuth's words where his programs have them.
///
/// ```
/// use dlx_core::{ProblemBuilder, ProblemError};
/// let mut b = ProblemBuilder::new();
/// b.add_primary("A").unwrap();
/// let err = b.add_primary("A").unwrap_err();
/// assert_eq!(err.to_string(), "duplicate item name `A`");
/// assert!(matches!(err, ProblemError::DuplicateItem { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProblemError {
    /// Two items with the same name.
    #[error("duplicate item name `{name}`")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An option names an item that was never declared.
    #[error("unknown item name `{name}`")]
    UnknownItem {
        /// The unknown name.
        name: String,
    },
    /// An option names an item index beyond the declared items.
    #[error("unknown item index {index}")]
    UnknownItemId {
        /// The index given.
        index: u32,
    },
    /// An option names a colour number that was never interned.
    #[error("unknown colour number {number}")]
    UnknownColorId {
        /// The number given.
        number: u32,
    },
    /// The same item twice in one option.
    #[error("duplicate item name `{name}` in this option")]
    RepeatedItem {
        /// The repeated item.
        name: String,
    },
    /// A colour on a primary item.
    #[error("primary item must be uncolored: `{name}`")]
    ColoredPrimary {
        /// The primary item.
        name: String,
    },
    /// Multiplicity bounds with `lower > upper`.
    #[error("item `{name}` has bounds [{lower}, {upper}]: the lower bound exceeds the upper")]
    BadBounds {
        /// The item.
        name: String,
        /// The lower bound `u`.
        lower: u32,
        /// The upper bound `v`.
        upper: u32,
    },
    /// A primary item whose upper bound is zero (it could never be covered).
    #[error("item `{name}` has upper bound 0: a primary item's multiplicity must be positive")]
    ZeroUpperBound {
        /// The item.
        name: String,
    },
    /// A primary item declared after a secondary one.
    #[error("primary item `{name}` declared after a secondary item (primaries come first)")]
    PrimaryAfterSecondary {
        /// The item.
        name: String,
    },
    /// An item declared after options were added.
    #[error("item `{name}` declared after the first option (declare every item first)")]
    ItemAfterOptions {
        /// The item.
        name: String,
    },
    /// An empty name, or one with white space, `:` or `|` in it.
    #[error("bad name `{name}`: names are non-empty, without white space, `:` or `|`")]
    BadName {
        /// The name.
        name: String,
    },
    /// More items, options or entries than 32-bit links can address.
    #[error("problem too large for 32-bit links")]
    TooLarge,
    /// An option with no primary item: no solution could cover it, so it would be left out
    /// of every search (Knuth's programs print "Option ignored (no primary items)" and go
    /// on; [`ProblemBuilder::skip_options_without_primary`](crate::ProblemBuilder::skip_options_without_primary)
    /// asks for that, as the `.dlx` parser does).
    #[error(
        "option {index} (`{items}`) has no primary item: every option must hold at least one \
         (call ProblemBuilder::skip_options_without_primary to skip such options as Knuth's \
         programs do)"
    )]
    NoPrimaryItem {
        /// The option's position among the options given, from 0.
        index: usize,
        /// The option's items, as in Knuth's format (`x:red y`).
        items: String,
    },
}
