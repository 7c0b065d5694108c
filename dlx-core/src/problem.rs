//! The problem model: items, colours and options, and the builder that checks them.
//!
//! A [`Problem`] is immutable once built. Items are numbered primaries first, then
//! secondaries, exactly as in Knuth's item line; options are numbered in the order they were
//! added (options without a primary item are skipped, as Knuth's programs do, and reported by
//! [`Problem::skipped_options`]).

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::ProblemError;

/// The index of an item: primaries come first (`0..num_primary`), then secondaries.
///
/// ```
/// use dlx_core::ProblemBuilder;
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// assert_eq!(a.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// Wraps a raw index (primaries first, then secondaries).
    ///
    /// ```
    /// use dlx_core::ItemId;
    /// assert_eq!(ItemId::new(3).index(), 3);
    /// ```
    pub const fn new(index: u32) -> Self {
        ItemId(index)
    }

    /// The raw index.
    ///
    /// ```
    /// use dlx_core::ItemId;
    /// assert_eq!(ItemId::new(7).index(), 7);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The index of an option, in the order options were added to the problem (skipped options
/// take no index).
///
/// ```
/// use dlx_core::OptionId;
/// assert_eq!(OptionId::new(2).index(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// Wraps a raw option index.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// assert_eq!(OptionId::new(5).index(), 5);
    /// ```
    pub const fn new(index: u32) -> Self {
        OptionId(index)
    }

    /// The raw index.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// assert_eq!(OptionId::new(5).index(), 5);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colour that an option gives a secondary item. Colours are interned per problem and
/// numbered from 1 (0 is reserved by the engine for "no colour").
///
/// ```
/// use dlx_core::ProblemBuilder;
/// let mut b = ProblemBuilder::new();
/// let red = b.color("red");
/// assert_eq!(b.color("red"), red);
/// assert_ne!(b.color("blue"), red);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorId(pub(crate) u32);

impl ColorId {
    /// Wraps a raw colour number; it must be at least 1 and name a colour of the problem.
    ///
    /// ```
    /// use dlx_core::ColorId;
    /// assert_eq!(ColorId::new(1).get(), 1);
    /// ```
    pub const fn new(number: u32) -> Self {
        ColorId(number)
    }

    /// The raw colour number (1-based).
    ///
    /// ```
    /// use dlx_core::ColorId;
    /// assert_eq!(ColorId::new(4).get(), 4);
    /// ```
    pub const fn get(self) -> u32 {
        self.0
    }
}

/// Whether an item must be covered (primary, with multiplicity bounds) or may be covered
/// (secondary: at most once, or by several options that agree on its colour).
///
/// ```
/// use dlx_core::ItemKind;
/// let k = ItemKind::Primary { lower: 1, upper: 1 };
/// assert!(k.is_primary());
/// assert!(!ItemKind::Secondary.is_primary());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Must be covered by at least `lower` and at most `upper` chosen options.
    Primary {
        /// The least number of chosen options that contain the item (`u`).
        lower: u32,
        /// The greatest number of chosen options that contain the item (`v`).
        upper: u32,
    },
    /// Covered at most once, or by any number of options that give it the same colour.
    Secondary,
}

impl ItemKind {
    /// True for primary items.
    ///
    /// ```
    /// use dlx_core::ItemKind;
    /// assert!(ItemKind::Primary { lower: 0, upper: 2 }.is_primary());
    /// ```
    pub fn is_primary(self) -> bool {
        matches!(self, ItemKind::Primary { .. })
    }
}

/// One entry of an option: an item, and the colour it gets (secondary items only).
///
/// ```
/// use dlx_core::{ItemId, OptionEntry};
/// let e = OptionEntry { item: ItemId::new(0), color: None };
/// assert_eq!(e.item.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionEntry {
    /// The item.
    pub item: ItemId,
    /// Its colour, if any (only secondary items may be coloured).
    pub color: Option<ColorId>,
}

/// An option that was not added because it holds no primary item, when the builder was
/// asked to skip such options ([`ProblemBuilder::skip_options_without_primary`], as the
/// `.dlx` parser does: Knuth's programs print "Option ignored (no primary items)" and go
/// on); the problem keeps a record. Otherwise such an option is an error,
/// [`ProblemError::NoPrimaryItem`](crate::ProblemError::NoPrimaryItem).
///
/// ```
/// use dlx_core::{AddedOption, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// b.add_primary("A").unwrap();
/// let x = b.add_secondary("x").unwrap();
/// b.skip_options_without_primary(true);
/// assert_eq!(b.add_option([x]).unwrap(), AddedOption::Skipped);
/// let p = b.build().unwrap();
/// assert_eq!(p.skipped_options().len(), 1);
/// assert_eq!(p.skipped_options()[0].input_index, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedOption {
    /// The position of the option among all options given (kept and skipped), from 0.
    pub input_index: usize,
    /// The option's entries.
    pub entries: Vec<OptionEntry>,
}

/// What [`ProblemBuilder::add_option`] did with an option.
///
/// ```
/// use dlx_core::{AddedOption, OptionId, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// assert_eq!(b.add_option([a]).unwrap(), AddedOption::Added(OptionId::new(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddedOption {
    /// The option was added with this index.
    Added(OptionId),
    /// The option holds no primary item and was skipped (see [`SkippedOption`]; only
    /// when [`ProblemBuilder::skip_options_without_primary`] asked for it).
    Skipped,
}

/// An exact cover problem with primary items (with multiplicities), secondary items, colours
/// and options. Cheap to share; the search works on its own copy of the links.
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
/// // Knuth's toy example: items A..E primary, F G secondary.
/// let mut b = ProblemBuilder::new();
/// for name in ["A", "B", "C", "D", "E"] { b.add_primary(name).unwrap(); }
/// for name in ["F", "G"] { b.add_secondary(name).unwrap(); }
/// for opt in [["C", "E", "F"].as_slice(), &["A", "D", "G"], &["B", "C", "F"], &["A", "D"],
///             &["B", "G"], &["D", "E", "G"]] {
///     b.add_option_by_names(opt.iter().copied()).unwrap();
/// }
/// let problem = b.build().unwrap();
/// assert_eq!(problem.num_items(), 7);
/// assert_eq!(problem.num_options(), 6);
/// assert_eq!(Solver::new(&problem).count().solutions, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The names and the options' entries, shared with the solutions found (whose `Debug`
    /// prints their options' items).
    pub(crate) text: Arc<ProblemText>,
    pub(crate) item_kinds: Vec<ItemKind>,
    pub(crate) num_primary: u32,
    pub(crate) skipped: Vec<SkippedOption>,
}

/// A problem's names and its options' entries: what it takes to write an option as text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ProblemText {
    pub(crate) item_names: Vec<String>,
    pub(crate) color_names: Vec<String>,
    /// `option_starts[k]..option_starts[k + 1]` are the entries of option `k`.
    pub(crate) option_starts: Vec<u32>,
    pub(crate) entry_items: Vec<u32>,
    /// Colour per entry, 0 for none.
    pub(crate) entry_colors: Vec<u32>,
}

impl ProblemText {
    /// Option `k` as in Knuth's format: its items, each with `:colour` when it has one.
    pub(crate) fn option_text(&self, k: usize) -> String {
        let mut out = String::new();
        let range = self.option_starts[k] as usize..self.option_starts[k + 1] as usize;
        for (n, e) in range.enumerate() {
            if n > 0 {
                out.push(' ');
            }
            out.push_str(&self.item_names[self.entry_items[e] as usize]);
            if let Some(c) = self.entry_colors[e].checked_sub(1) {
                out.push(':');
                out.push_str(&self.color_names[c as usize]);
            }
        }
        out
    }
}

impl Problem {
    /// The number of items, primary and secondary.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// b.add_secondary("B").unwrap();
    /// assert_eq!(b.build().unwrap().num_items(), 2);
    /// ```
    pub fn num_items(&self) -> usize {
        self.text.item_names.len()
    }

    /// The number of primary items; they are the items `0..num_primary()`.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// b.add_secondary("B").unwrap();
    /// assert_eq!(b.build().unwrap().num_primary(), 1);
    /// ```
    pub fn num_primary(&self) -> usize {
        self.num_primary as usize
    }

    /// The number of secondary items.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// b.add_secondary("B").unwrap();
    /// assert_eq!(b.build().unwrap().num_secondary(), 1);
    /// ```
    pub fn num_secondary(&self) -> usize {
        self.num_items() - self.num_primary()
    }

    /// The number of options (skipped ones not included).
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// assert_eq!(b.build().unwrap().num_options(), 1);
    /// ```
    pub fn num_options(&self) -> usize {
        self.text.option_starts.len() - 1
    }

    /// The total number of entries over all options (the "nodes" of the matrix).
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let c = b.add_primary("C").unwrap();
    /// b.add_option([a, c]).unwrap();
    /// assert_eq!(b.build().unwrap().num_entries(), 2);
    /// ```
    pub fn num_entries(&self) -> usize {
        self.text.entry_items.len()
    }

    /// The items, in order.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(p.items().map(|i| p.item_name(i)).collect::<Vec<_>>(), ["A"]);
    /// ```
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.text.item_names.len() as u32).map(ItemId)
    }

    /// The name of an item.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("cell(1,1)").unwrap();
    /// assert_eq!(b.build().unwrap().item_name(a), "cell(1,1)");
    /// ```
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.text.item_names[item.index()]
    }

    /// Whether an item is primary (with its bounds) or secondary.
    ///
    /// ```
    /// # use dlx_core::{ItemKind, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary_with_bounds("A", 2, 3).unwrap();
    /// assert_eq!(b.build().unwrap().item_kind(a), ItemKind::Primary { lower: 2, upper: 3 });
    /// ```
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.item_kinds[item.index()]
    }

    /// Looks an item up by name (a linear scan; keep a map if you need many look-ups).
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// assert_eq!(b.build().unwrap().find_item("A"), Some(a));
    /// ```
    pub fn find_item(&self, name: &str) -> Option<ItemId> {
        self.text
            .item_names
            .iter()
            .position(|n| n == name)
            .map(|i| ItemId(i as u32))
    }

    /// The name of a colour.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let red = b.color("red");
    /// b.add_primary("A").unwrap();
    /// assert_eq!(b.build().unwrap().color_name(red), "red");
    /// ```
    pub fn color_name(&self, color: ColorId) -> &str {
        &self.text.color_names[color.0 as usize - 1]
    }

    /// The number of distinct colours.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.color("red");
    /// b.add_primary("A").unwrap();
    /// assert_eq!(b.build().unwrap().num_colors(), 1);
    /// ```
    pub fn num_colors(&self) -> usize {
        self.text.color_names.len()
    }

    /// True when some primary item has bounds other than `[1, 1]` (the search then uses
    /// Algorithm M).
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary_with_bounds("A", 0, 2).unwrap();
    /// assert!(b.build().unwrap().has_multiplicities());
    /// ```
    pub fn has_multiplicities(&self) -> bool {
        self.item_kinds
            .iter()
            .any(|k| matches!(k, ItemKind::Primary { lower, upper } if (*lower, *upper) != (1, 1)))
    }

    /// True when some option colours a secondary item.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let x = b.add_secondary("x").unwrap();
    /// let red = b.color("red");
    /// b.add_colored_option([(a, None), (x, Some(red))]).unwrap();
    /// assert!(b.build().unwrap().has_colors());
    /// ```
    pub fn has_colors(&self) -> bool {
        self.text.entry_colors.iter().any(|&c| c != 0)
    }

    /// The options, in order.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// b.add_option([a]).unwrap();
    /// assert_eq!(b.build().unwrap().options().count(), 2);
    /// ```
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.num_options() as u32).map(OptionId)
    }

    /// The entries (items and colours) of an option, in the order given.
    ///
    /// ```
    /// # use dlx_core::{OptionId, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let c = b.add_primary("C").unwrap();
    /// b.add_option([c, a]).unwrap();
    /// let p = b.build().unwrap();
    /// let items: Vec<_> = p.option(OptionId::new(0)).map(|e| p.item_name(e.item)).collect();
    /// assert_eq!(items, ["C", "A"]);
    /// ```
    pub fn option(&self, option: OptionId) -> impl ExactSizeIterator<Item = OptionEntry> + '_ {
        let range = self.option_range(option);
        self.text.entry_items[range.clone()]
            .iter()
            .zip(&self.text.entry_colors[range])
            .map(|(&item, &color)| OptionEntry {
                item: ItemId(item),
                color: (color != 0).then_some(ColorId(color)),
            })
    }

    /// The items of an option, in the order given.
    ///
    /// ```
    /// # use dlx_core::{OptionId, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(p.option_items(OptionId::new(0)).collect::<Vec<_>>(), [a]);
    /// ```
    pub fn option_items(&self, option: OptionId) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        self.text.entry_items[self.option_range(option)]
            .iter()
            .map(|&i| ItemId(i))
    }

    /// The option written as Knuth writes it: item names separated by spaces, `item:colour`
    /// for coloured entries.
    ///
    /// ```
    /// # use dlx_core::{OptionId, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let x = b.add_secondary("x").unwrap();
    /// let red = b.color("red");
    /// b.add_colored_option([(a, None), (x, Some(red))]).unwrap();
    /// assert_eq!(b.build().unwrap().option_text(OptionId::new(0)), "A x:red");
    /// ```
    pub fn option_text(&self, option: OptionId) -> String {
        self.text.option_text(option.index())
    }

    /// The options that were skipped because they hold no primary item.
    ///
    /// ```
    /// # use dlx_core::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// assert!(b.build().unwrap().skipped_options().is_empty());
    /// ```
    pub fn skipped_options(&self) -> &[SkippedOption] {
        &self.skipped
    }

    pub(crate) fn option_range(&self, option: OptionId) -> std::ops::Range<usize> {
        let k = option.index();
        self.text.option_starts[k] as usize..self.text.option_starts[k + 1] as usize
    }
}

/// Builds a [`Problem`], checking every rule as it goes.
///
/// Items are declared first (all primaries, then all secondaries, as in Knuth's format), then
/// options. Names may be of any length. [`add_option`](Self::add_option) takes item ids and
/// runs in time proportional to the option's length, so building a million-option problem
/// is linear.
///
/// ```
/// use dlx_core::{ProblemBuilder, ProblemError};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// assert!(matches!(b.add_primary("A"), Err(ProblemError::DuplicateItem { .. })));
/// assert!(matches!(b.add_option([a, a]), Err(ProblemError::RepeatedItem { .. })));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    item_names: Vec<String>,
    item_kinds: Vec<ItemKind>,
    item_index: HashMap<String, u32>,
    num_primary: u32,
    color_names: Vec<String>,
    color_index: HashMap<String, u32>,
    option_starts: Vec<u32>,
    entry_items: Vec<u32>,
    entry_colors: Vec<u32>,
    skipped: Vec<SkippedOption>,
    /// Skip options without a primary item instead of refusing them.
    skip_without_primary: bool,
    options_given: usize,
    /// `seen[item] == stamp` when the item already occurs in the option being added.
    seen: Vec<u32>,
    stamp: u32,
}

impl ProblemBuilder {
    /// An empty builder.
    ///
    /// ```
    /// let b = dlx_core::ProblemBuilder::new();
    /// assert_eq!(b.num_items(), 0);
    /// ```
    pub fn new() -> Self {
        ProblemBuilder {
            option_starts: vec![0],
            ..Default::default()
        }
    }

    /// A builder with `num_primary` primary items named `0, 1, ...` and `num_secondary`
    /// secondary items named after them: the fast path for problems built from numbers.
    ///
    /// ```
    /// use dlx_core::{ItemId, ProblemBuilder, Solver};
    /// let mut b = ProblemBuilder::with_numbered_items(2, 0);
    /// b.add_option([ItemId::new(0), ItemId::new(1)]).unwrap();
    /// b.add_option([ItemId::new(0)]).unwrap();
    /// b.add_option([ItemId::new(1)]).unwrap();
    /// let p = b.build().unwrap();
    /// assert_eq!(Solver::new(&p).count().solutions, 2);
    /// ```
    pub fn with_numbered_items(num_primary: usize, num_secondary: usize) -> Self {
        let mut b = Self::new();
        for k in 0..num_primary {
            b.add_primary(k.to_string())
                .expect("numbered names are distinct");
        }
        for k in num_primary..num_primary + num_secondary {
            b.add_secondary(k.to_string())
                .expect("numbered names are distinct");
        }
        b
    }

    /// The number of items declared so far.
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// assert_eq!(b.num_items(), 1);
    /// ```
    pub fn num_items(&self) -> usize {
        self.item_names.len()
    }

    /// Declares a primary item that must be covered exactly once.
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// assert_eq!(b.add_primary("A").unwrap().index(), 0);
    /// ```
    pub fn add_primary(&mut self, name: impl Into<String>) -> Result<ItemId, ProblemError> {
        self.add_primary_with_bounds(name, 1, 1)
    }

    /// Declares a primary item that must be covered at least `lower` and at most `upper`
    /// times.
    ///
    /// ```
    /// use dlx_core::{ProblemBuilder, ProblemError};
    /// let mut b = ProblemBuilder::new();
    /// assert!(b.add_primary_with_bounds("A", 2, 3).is_ok());
    /// assert!(matches!(b.add_primary_with_bounds("B", 3, 2),
    ///                  Err(ProblemError::BadBounds { .. })));
    /// ```
    pub fn add_primary_with_bounds(
        &mut self,
        name: impl Into<String>,
        lower: u32,
        upper: u32,
    ) -> Result<ItemId, ProblemError> {
        let name = name.into();
        if lower > upper {
            return Err(ProblemError::BadBounds { name, lower, upper });
        }
        if upper == 0 {
            return Err(ProblemError::ZeroUpperBound { name });
        }
        if self.item_names.len() > self.num_primary as usize {
            return Err(ProblemError::PrimaryAfterSecondary { name });
        }
        let id = self.add_item(name, ItemKind::Primary { lower, upper })?;
        self.num_primary += 1;
        Ok(id)
    }

    /// Declares a secondary item (after every primary item).
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// assert_eq!(b.add_secondary("x").unwrap().index(), 1);
    /// ```
    pub fn add_secondary(&mut self, name: impl Into<String>) -> Result<ItemId, ProblemError> {
        self.add_item(name.into(), ItemKind::Secondary)
    }

    fn add_item(&mut self, name: String, kind: ItemKind) -> Result<ItemId, ProblemError> {
        if self.option_starts.len() > 1 || !self.skipped.is_empty() {
            return Err(ProblemError::ItemAfterOptions { name });
        }
        if name.is_empty()
            || name
                .chars()
                .any(|c| c.is_whitespace() || c == ':' || c == '|')
        {
            return Err(ProblemError::BadName { name });
        }
        if self.item_index.contains_key(&name) {
            return Err(ProblemError::DuplicateItem { name });
        }
        let id = u32::try_from(self.item_names.len())
            .ok()
            .filter(|&n| n < u32::MAX / 4)
            .ok_or(ProblemError::TooLarge)?;
        self.item_index.insert(name.clone(), id);
        self.item_names.push(name);
        self.item_kinds.push(kind);
        self.seen.push(0);
        Ok(ItemId(id))
    }

    /// Looks up a declared item by name.
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// assert_eq!(b.item("A"), Some(a));
    /// assert_eq!(b.item("B"), None);
    /// ```
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.item_index.get(name).map(|&i| ItemId(i))
    }

    /// The colour with this name, interned on first use.
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// assert_eq!(b.color("red").get(), 1);
    /// assert_eq!(b.color("blue").get(), 2);
    /// assert_eq!(b.color("red").get(), 1);
    /// ```
    pub fn color(&mut self, name: &str) -> ColorId {
        if let Some(&c) = self.color_index.get(name) {
            return ColorId(c);
        }
        self.color_names.push(name.to_string());
        let c = self.color_names.len() as u32;
        self.color_index.insert(name.to_string(), c);
        ColorId(c)
    }

    /// Adds an option made of uncoloured items.
    ///
    /// ```
    /// use dlx_core::{AddedOption, OptionId, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// assert_eq!(b.add_option([a]).unwrap(), AddedOption::Added(OptionId::new(0)));
    /// ```
    pub fn add_option(
        &mut self,
        items: impl IntoIterator<Item = ItemId>,
    ) -> Result<AddedOption, ProblemError> {
        self.add_colored_option(items.into_iter().map(|i| (i, None)))
    }

    /// Adds an option whose secondary items may carry colours.
    ///
    /// ```
    /// use dlx_core::{ProblemBuilder, ProblemError};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let red = b.color("red");
    /// assert!(matches!(b.add_colored_option([(a, Some(red))]),
    ///                  Err(ProblemError::ColoredPrimary { .. })));
    /// ```
    pub fn add_colored_option(
        &mut self,
        entries: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
    ) -> Result<AddedOption, ProblemError> {
        let start = self.entry_items.len();
        let result = self.push_entries(entries);
        let has_primary = match result {
            Ok(p) => p,
            Err(e) => {
                self.entry_items.truncate(start);
                self.entry_colors.truncate(start);
                return Err(e);
            }
        };
        let input_index = self.options_given;
        if !has_primary && !self.skip_without_primary {
            let items = self.entries_text(start);
            self.entry_items.truncate(start);
            self.entry_colors.truncate(start);
            return Err(ProblemError::NoPrimaryItem {
                index: input_index,
                items,
            });
        }
        self.options_given += 1;
        if !has_primary {
            let entries = self.entry_items[start..]
                .iter()
                .zip(&self.entry_colors[start..])
                .map(|(&i, &c)| OptionEntry {
                    item: ItemId(i),
                    color: (c != 0).then_some(ColorId(c)),
                })
                .collect();
            self.entry_items.truncate(start);
            self.entry_colors.truncate(start);
            self.skipped.push(SkippedOption {
                input_index,
                entries,
            });
            return Ok(AddedOption::Skipped);
        }
        let end = u32::try_from(self.entry_items.len())
            .ok()
            .filter(|&n| n < u32::MAX / 4)
            .ok_or(ProblemError::TooLarge)?;
        self.option_starts.push(end);
        Ok(AddedOption::Added(OptionId(
            self.option_starts.len() as u32 - 2,
        )))
    }

    /// The entries pushed from `start` on, as in Knuth's format (`x:red y`).
    fn entries_text(&self, start: usize) -> String {
        let words: Vec<String> = self.entry_items[start..]
            .iter()
            .zip(&self.entry_colors[start..])
            .map(|(&i, &c)| match c {
                0 => self.item_names[i as usize].clone(),
                c => format!(
                    "{}:{}",
                    self.item_names[i as usize],
                    self.color_names[c as usize - 1]
                ),
            })
            .collect();
        words.join(" ")
    }

    /// Whether an option without a primary item is skipped (`true`: Knuth's programs skip
    /// it with a warning, and so does the `.dlx` parser, which records the line) or refused
    /// with [`ProblemError::NoPrimaryItem`] (`false`, the default: such an option would
    /// take part in no solution, which is seldom what a program building a problem meant).
    /// Either way the builder is as before the call, save the record of a skipped option.
    ///
    /// ```
    /// use dlx_core::{AddedOption, ProblemBuilder, ProblemError};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// let x = b.add_secondary("x").unwrap();
    /// let red = b.color("red");
    /// let err = b.add_colored_option([(x, Some(red))]).unwrap_err();
    /// assert!(matches!(err, ProblemError::NoPrimaryItem { index: 0, .. }));
    /// assert!(err.to_string().starts_with("option 0 (`x:red`) has no primary item"));
    /// b.add_option([a, x]).unwrap(); // still option 0: nothing was added
    /// b.skip_options_without_primary(true);
    /// assert_eq!(b.add_option([x]).unwrap(), AddedOption::Skipped);
    /// let p = b.build().unwrap();
    /// assert_eq!((p.num_options(), p.skipped_options().len()), (1, 1));
    /// ```
    pub fn skip_options_without_primary(&mut self, skip: bool) -> &mut Self {
        self.skip_without_primary = skip;
        self
    }

    /// Pushes the entries of one option; returns whether one of them is primary.
    fn push_entries(
        &mut self,
        entries: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
    ) -> Result<bool, ProblemError> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let mut has_primary = false;
        for (item, color) in entries {
            let k = item.index();
            if k >= self.item_names.len() {
                return Err(ProblemError::UnknownItemId { index: item.0 });
            }
            if self.seen[k] == self.stamp {
                return Err(ProblemError::RepeatedItem {
                    name: self.item_names[k].clone(),
                });
            }
            self.seen[k] = self.stamp;
            let primary = self.item_kinds[k].is_primary();
            has_primary |= primary;
            let color = match color {
                Some(_) if primary => {
                    return Err(ProblemError::ColoredPrimary {
                        name: self.item_names[k].clone(),
                    })
                }
                Some(c) if c.0 == 0 || c.0 as usize > self.color_names.len() => {
                    return Err(ProblemError::UnknownColorId { number: c.0 })
                }
                Some(c) => c.0,
                None => 0,
            };
            self.entry_items.push(item.0);
            self.entry_colors.push(color);
        }
        Ok(has_primary)
    }

    /// Adds an option given by item names, each optionally followed by `:colour`
    /// (as in Knuth's format).
    ///
    /// ```
    /// use dlx_core::{ProblemBuilder, ProblemError};
    /// let mut b = ProblemBuilder::new();
    /// b.add_primary("A").unwrap();
    /// b.add_secondary("x").unwrap();
    /// b.add_option_by_names(["A", "x:red"]).unwrap();
    /// assert!(matches!(b.add_option_by_names(["B"]), Err(ProblemError::UnknownItem { .. })));
    /// // Owned names too (any `AsRef<str>`): names built at run time need no borrowing.
    /// let names: Vec<String> = vec!["A".into(), "x:blue".into()];
    /// b.add_option_by_names(names).unwrap();
    /// ```
    pub fn add_option_by_names<S: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<AddedOption, ProblemError> {
        let mut entries = Vec::new();
        for word in names {
            let word = word.as_ref();
            let (name, color) = match word.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (word, None),
            };
            let item = self.item(name).ok_or_else(|| ProblemError::UnknownItem {
                name: name.to_string(),
            })?;
            let color = match color {
                Some("") => {
                    return Err(ProblemError::BadName {
                        name: word.to_string(),
                    })
                }
                Some(c) => Some(self.color(c)),
                None => None,
            };
            entries.push((item, color));
        }
        self.add_colored_option(entries)
    }

    /// Checks the last rules and returns the problem.
    ///
    /// ```
    /// let mut b = dlx_core::ProblemBuilder::new();
    /// let a = b.add_primary("A").unwrap();
    /// b.add_option([a]).unwrap();
    /// assert_eq!(b.build().unwrap().num_options(), 1);
    /// ```
    pub fn build(self) -> Result<Problem, ProblemError> {
        Ok(Problem {
            text: Arc::new(ProblemText {
                item_names: self.item_names,
                color_names: self.color_names,
                option_starts: self.option_starts,
                entry_items: self.entry_items,
                entry_colors: self.entry_colors,
            }),
            item_kinds: self.item_kinds,
            num_primary: self.num_primary,
            skipped: self.skipped,
        })
    }
}
