//! How many solutions a puzzle has, as far as the search got: the words `unique`,
//! `multiple`, `none` and `incomplete` of the puzzle commands' output, read off
//! `dlx_core`'s answers.

use dlx_core::{Count, Uniqueness};

/// The answer to "how many solutions?" for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Exactly one.
    Unique,
    /// Two or more.
    Multiple,
    /// None.
    None,
    /// The search was stopped before the answer was known.
    Incomplete,
}

impl Answer {
    /// The answer a count gives: final when complete, and "multiple" as soon as two
    /// solutions are seen.
    pub fn of_count(count: &Count) -> Answer {
        match (count.solutions, count.is_complete()) {
            (0, true) => Answer::None,
            (1, true) => Answer::Unique,
            (n, _) if n >= 2 => Answer::Multiple,
            _ => Answer::Incomplete,
        }
    }

    /// The answer a uniqueness search gives, and the first solution it found.
    pub fn of_uniqueness<S>(answer: Uniqueness<S>) -> (Answer, Option<S>) {
        match answer {
            Uniqueness::Unique(s) => (Answer::Unique, Some(s)),
            Uniqueness::Multiple(s, _) => (Answer::Multiple, Some(s)),
            Uniqueness::NoSolution => (Answer::None, None),
            Uniqueness::Incomplete { found, .. } => (Answer::Incomplete, found),
        }
    }

    /// The word printed for it.
    pub fn word(self) -> &'static str {
        match self {
            Answer::Unique => "unique",
            Answer::Multiple => "multiple",
            Answer::None => "none",
            Answer::Incomplete => "incomplete",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Answer;
    use dlx_core::{Count, Stats, StopReason};

    #[test]
    fn counts_answer() {
        let of = |solutions, stop| {
            let stats = Stats::default();
            Answer::of_count(&Count {
                solutions,
                stop,
                stats,
            })
        };
        let cancelled = Some(StopReason::Cancelled);
        assert_eq!(of(0, None), Answer::None);
        assert_eq!(of(1, None), Answer::Unique);
        assert_eq!(of(5, None), Answer::Multiple);
        assert_eq!(of(2, cancelled), Answer::Multiple);
        assert_eq!(of(1, cancelled), Answer::Incomplete);
        assert_eq!(of(0, cancelled).word(), "incomplete");
    }
}
