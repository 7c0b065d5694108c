//! An independent check of a solution, written from the definition of exact cover and
//! sharing no code with the search.

use std::collections::HashMap;

use thiserror::Error;

use crate::problem::{ColorId, ItemKind, OptionId, Problem};

/// How a proposed solution breaks the rules.
///
/// ```
/// use dlx_core::{verify, OptionId, ProblemBuilder, VerifyError};
/// let mut b = ProblemBuilder::new();
/// let a = b.add_primary("A").unwrap();
/// b.add_option([a]).unwrap();
/// let p = b.build().unwrap();
/// assert_eq!(verify(&p, &[]), Err(VerifyError::Undercovered { item: "A".into(), count: 0, lower: 1 }));
/// assert_eq!(verify(&p, &[OptionId::new(0)]), Ok(()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// An option index out of range.
    #[error("no option {0}")]
    UnknownOption(usize),
    /// The same option chosen twice.
    #[error("option {0} chosen twice")]
    RepeatedOption(usize),
    /// A primary item covered fewer times than its lower bound.
    #[error("item {item} covered {count} times, fewer than {lower}")]
    Undercovered {
        /// The item.
        item: String,
        /// How often it was covered.
        count: u32,
        /// Its lower bound.
        lower: u32,
    },
    /// A primary item covered more times than its upper bound.
    #[error("item {item} covered {count} times, more than {upper}")]
    Overcovered {
        /// The item.
        item: String,
        /// How often it was covered.
        count: u32,
        /// Its upper bound.
        upper: u32,
    },
    /// A secondary item covered twice without a common colour.
    #[error("secondary item {item} covered by options that disagree on its colour")]
    ColorClash {
        /// The item.
        item: String,
    },
}

/// Checks that `options` solve `problem`: every primary item is covered within its bounds;
/// every secondary item is covered at most once or only by options giving it one colour.
///
/// See [`VerifyError`] for an example.
pub fn verify(problem: &Problem, options: &[OptionId]) -> Result<(), VerifyError> {
    let mut chosen = HashMap::new();
    let mut count = vec![0u32; problem.num_items()];
    let mut colors: Vec<Vec<Option<ColorId>>> = vec![Vec::new(); problem.num_items()];
    for &o in options {
        if o.index() >= problem.num_options() {
            return Err(VerifyError::UnknownOption(o.index()));
        }
        if chosen.insert(o, ()).is_some() {
            return Err(VerifyError::RepeatedOption(o.index()));
        }
        for e in problem.option(o) {
            count[e.item.index()] += 1;
            colors[e.item.index()].push(e.color);
        }
    }
    for item in problem.items() {
        let n = count[item.index()];
        let name = || problem.item_name(item).to_string();
        match problem.item_kind(item) {
            ItemKind::Primary { lower, upper } => {
                if n < lower {
                    return Err(VerifyError::Undercovered {
                        item: name(),
                        count: n,
                        lower,
                    });
                }
                if n > upper {
                    return Err(VerifyError::Overcovered {
                        item: name(),
                        count: n,
                        upper,
                    });
                }
            }
            ItemKind::Secondary => {
                let cs = &colors[item.index()];
                let ok = cs.len() <= 1 || (cs[0].is_some() && cs.iter().all(|&c| c == cs[0]));
                if !ok {
                    return Err(VerifyError::ColorClash { item: name() });
                }
            }
        }
    }
    Ok(())
}
