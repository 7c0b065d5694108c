//! What the dancing-links search adds to `dlx_core`'s links engine for variant Sudoku: side
//! conditions that cut a node whose partial solution cannot be completed, as one observer
//! ([`SideConditions`]): the look-ahead over the model's constraints ([`lookahead`]) and
//! yin-yang connectivity ([`connectivity`]). The clause-learning engine is `sat/`.

use dlx_core::{Observer, OptionId, View};

pub(crate) mod connectivity;
pub(crate) mod lookahead;

/// The side conditions of a search: look-ahead and yin-yang connectivity.
pub(crate) struct SideConditions {
    /// The look-ahead, when on.
    pub look: Option<lookahead::Lookahead>,
    /// Yin-yang connectivity, when the puzzle has the rule.
    pub conn: Option<connectivity::Connectivity>,
}

impl Observer for SideConditions {
    const WANTS_SOLUTIONS: bool = false;
    const PRUNES: bool = true;

    fn admit(&mut self, level: usize, view: &View<'_>, complete: bool) -> bool {
        self.look
            .as_mut()
            .is_none_or(|l| l.admit(level, view, complete))
            && self
                .conn
                .as_mut()
                .is_none_or(|c| c.admit(level, view, complete))
    }

    fn remove_options(&mut self, level: usize, view: &View<'_>, out: &mut Vec<OptionId>) {
        if let Some(look) = &mut self.look {
            look.remove_options(level, view, out);
        }
    }
}
