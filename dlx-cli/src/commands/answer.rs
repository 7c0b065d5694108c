//! How many solutions a puzzle has, as far as the search got: the words `unique`,
//! `multiple`, `none` and `incomplete` of the puzzle commands' output.

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
    pub fn of_count(solutions: u64, complete: bool) -> Answer {
        match (solutions, complete) {
            (0, true) => Answer::None,
            (1, true) => Answer::Unique,
            (n, _) if n >= 2 => Answer::Multiple,
            _ => Answer::Incomplete,
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

    #[test]
    fn counts_answer() {
        assert_eq!(Answer::of_count(0, true), Answer::None);
        assert_eq!(Answer::of_count(1, true), Answer::Unique);
        assert_eq!(Answer::of_count(5, true), Answer::Multiple);
        assert_eq!(Answer::of_count(2, false), Answer::Multiple);
        assert_eq!(Answer::of_count(1, false), Answer::Incomplete);
        assert_eq!(Answer::of_count(0, false).word(), "incomplete");
    }
}
