//! Langford pairs as exact cover, in Knuth's encoding (TAOCP 7.2.2.1, (7)).
//!
//! Place the numbers `1, 1, 2, 2, ..., n, n` in `2n` slots so that the two copies of `i`
//! have exactly `i` numbers between them: `i` at slots `j` and `k = j + i + 1`. The items
//! are the numbers `1 ... n` and the slots `s1 ... s2n`, all primary; the options are
//! `i sj sk`, by number, then by first slot.
//!
//! Every solution read backwards is another solution. With symmetry breaking, the options
//! that put the number `m = n - [n even]` in the right half (first slot `j > n/2`) are left
//! out, as Knuth suggests: `m` is odd, so no placement of `m` is its own mirror image, and
//! of each pair of mirror-image solutions exactly one keeps `m` on the left. The count is
//! then halved exactly.
//!
//! ```
//! use dlx_sudoku::langford::Langford;
//!
//! let all = Langford::new(7, false)?;
//! let distinct = Langford::new(7, true)?;
//! assert_eq!(all.count(), 52);
//! assert_eq!(distinct.count(), 26);
//! let first = distinct.first().unwrap();
//! first.check()?;
//! assert_eq!(first.slots().len(), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

use std::fmt;

use dlx_core::{AddedOption, OptionId, Problem, ProblemBuilder, ProblemError, Solution, Solver};
use thiserror::Error;

/// Why a Langford problem could not be built, or a solution not decoded.
///
/// ```
/// use dlx_sudoku::langford::{Langford, LangfordError};
/// assert_eq!(Langford::new(0, false).unwrap_err(), LangfordError::Empty);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LangfordError {
    /// At least one pair is needed.
    #[error("a Langford problem needs at least one pair")]
    Empty,
    /// The engine refused the problem (a bug in the generator).
    #[error("building the Langford problem failed: {0}")]
    Problem(#[from] ProblemError),
    /// A solution that names an option this problem does not have.
    #[error("option {0} is not an option of this Langford problem")]
    UnknownOption(usize),
}

/// The exact cover problem of Langford pairs for `n` numbers.
///
/// ```
/// use dlx_sudoku::langford::Langford;
/// let l = Langford::new(3, false)?;
/// assert_eq!(l.problem().num_items(), 9);
/// assert_eq!(l.count(), 2);
/// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    symmetry_broken: bool,
    problem: Problem,
    /// `(number, first slot)` of each option; slots count from 0 here.
    placements: Vec<(usize, usize)>,
}

impl Langford {
    /// Builds the problem for `n` pairs; `break_symmetry` keeps one of each pair of
    /// mirror-image solutions (see the [module documentation](self)).
    ///
    /// ```
    /// use dlx_core::format::write;
    /// use dlx_sudoku::langford::Langford;
    /// let l = Langford::new(2, false)?;
    /// assert_eq!(write(l.problem()).unwrap(), "1 2 s1 s2 s3 s4\n1 s1 s3\n1 s2 s4\n2 s1 s4\n");
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn new(n: usize, break_symmetry: bool) -> Result<Self, LangfordError> {
        if n == 0 {
            return Err(LangfordError::Empty);
        }
        let mut b = ProblemBuilder::new();
        let numbers = (1..=n)
            .map(|i| b.add_primary(i.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let slots = (1..=2 * n)
            .map(|j| b.add_primary(format!("s{j}")))
            .collect::<Result<Vec<_>, _>>()?;
        let restricted = if n % 2 == 0 { n - 1 } else { n };
        let mut placements = Vec::new();
        for i in 1..=n {
            // Slots j and j + i + 1, 1-based, both at most 2n.
            for j in 1..2 * n - i {
                if break_symmetry && i == restricted && j > n / 2 {
                    continue;
                }
                let k = j + i + 1;
                let option = [numbers[i - 1], slots[j - 1], slots[k - 1]];
                if let AddedOption::Added(_) = b.add_option(option)? {
                    placements.push((i, j - 1));
                }
            }
        }
        Ok(Langford {
            n,
            symmetry_broken: break_symmetry,
            problem: b.build()?,
            placements,
        })
    }

    /// The slots for the trace page: a strip of `2n` cells numbered from 1; each option
    /// writes its number in its two slots.
    ///
    /// ```
    /// use dlx_core::trace::picture::{Mark, Picture};
    /// use dlx_core::OptionId;
    /// use dlx_sudoku::langford::Langford;
    /// let picture = Langford::new(3, false)?.picture();
    /// // Option 0 is "1 s1 s3".
    /// assert_eq!(picture.marks(OptionId::new(0)), [Mark::text_in(0, 0, "1"), Mark::text_in(0, 2, "1")]);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn picture(&self) -> dlx_core::trace::picture::Drawing {
        use dlx_core::trace::picture::{Drawing, GridBoard, Mark};
        let slots = 2 * self.n;
        let board = (0..slots)
            .fold(GridBoard::new(1, slots), |b, s| {
                b.label(0, s, (s + 1).to_string())
            })
            .build();
        let marks = self
            .placements
            .iter()
            .map(|&(i, j)| {
                vec![
                    Mark::text_in(0, j, i.to_string()),
                    Mark::text_in(0, j + i + 1, i.to_string()),
                ]
            })
            .collect();
        Drawing { board, marks }
    }

    /// The number of pairs.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::langford::Langford::new(4, true)?.n(), 4);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether mirror images were removed.
    ///
    /// ```
    /// assert!(dlx_sudoku::langford::Langford::new(4, true)?.is_symmetry_broken());
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn is_symmetry_broken(&self) -> bool {
        self.symmetry_broken
    }

    /// The exact cover problem.
    ///
    /// ```
    /// let l = dlx_sudoku::langford::Langford::new(4, false)?;
    /// // Number i has 2n - i - 1 placements: 6 + 5 + 4 + 3.
    /// assert_eq!(l.problem().num_options(), 18);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The number and its first slot (from 0) that an option places.
    ///
    /// ```
    /// use dlx_core::OptionId;
    /// let l = dlx_sudoku::langford::Langford::new(3, false)?;
    /// assert_eq!(l.placement(OptionId::new(0)), Some((1, 0)));
    /// assert_eq!(l.placement(OptionId::new(99)), None);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn placement(&self, option: OptionId) -> Option<(usize, usize)> {
        self.placements.get(option.index()).copied()
    }

    /// Turns a solution of [`problem`](Self::problem) into the sequence of slots. The
    /// result is not checked: see [`LangfordSequence::check`].
    ///
    /// ```
    /// use dlx_core::Solver;
    /// let l = dlx_sudoku::langford::Langford::new(3, true)?;
    /// let s = Solver::new(l.problem()).first().solution().unwrap();
    /// assert_eq!(l.decode(&s)?.slots(), [3, 1, 2, 1, 3, 2]);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn decode(&self, solution: &Solution) -> Result<LangfordSequence, LangfordError> {
        let mut slots = vec![0; 2 * self.n];
        for &o in solution.options() {
            let (i, j) = self
                .placement(o)
                .ok_or(LangfordError::UnknownOption(o.index()))?;
            slots[j] = i;
            slots[j + i + 1] = i;
        }
        Ok(LangfordSequence { slots })
    }

    /// Counts the solutions.
    ///
    /// ```
    /// assert_eq!(dlx_sudoku::langford::Langford::new(8, true)?.count(), 150);
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn count(&self) -> u64 {
        Solver::new(&self.problem).count().solutions
    }

    /// The first solution the search finds, if any.
    ///
    /// ```
    /// assert!(dlx_sudoku::langford::Langford::new(5, false)?.first().is_none());
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn first(&self) -> Option<LangfordSequence> {
        let s = Solver::new(&self.problem).first().solution()?;
        Some(
            self.decode(&s)
                .expect("the solver returns options of the problem"),
        )
    }

    /// Every solution, decoded, in the order the search finds them.
    ///
    /// ```
    /// let l = dlx_sudoku::langford::Langford::new(4, false)?;
    /// let all: Vec<String> = l.solutions().map(|s| s.to_string()).collect();
    /// assert_eq!(all.len(), 2);
    /// assert!(all.contains(&"4 1 3 1 2 4 3 2".to_string()));
    /// # Ok::<(), dlx_sudoku::langford::LangfordError>(())
    /// ```
    pub fn solutions(&self) -> impl Iterator<Item = LangfordSequence> + '_ {
        Solver::new(&self.problem).solutions().map(move |s| {
            self.decode(&s)
                .expect("the solver returns options of the problem")
        })
    }
}

/// A sequence of numbers in `2n` slots (0 marks an empty slot).
///
/// ```
/// use dlx_sudoku::langford::LangfordSequence;
/// let s = LangfordSequence::new(vec![2, 3, 1, 2, 1, 3]);
/// assert!(s.check().is_ok());
/// assert_eq!(s.to_string(), "2 3 1 2 1 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LangfordSequence {
    slots: Vec<usize>,
}

/// How a sequence fails to be a Langford pairing.
///
/// ```
/// use dlx_sudoku::langford::{LangfordSequence, LangfordViolation};
/// let s = LangfordSequence::new(vec![1, 1]);
/// assert_eq!(s.check(), Err(LangfordViolation::WrongGap { number: 1, first: 0, second: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum LangfordViolation {
    /// The sequence has an odd length.
    #[error("a Langford sequence has an even number of slots, not {0}")]
    OddLength(usize),
    /// A number outside `1..=n`, or an empty slot (0).
    #[error("slot {} holds {number}, not a number from 1 to {n}", .slot + 1)]
    BadNumber {
        /// The slot, from 0.
        slot: usize,
        /// What it holds.
        number: usize,
        /// The number of pairs.
        n: usize,
    },
    /// A number that does not occur exactly twice.
    #[error("{number} occurs {count} times, not twice")]
    NotAPair {
        /// The number.
        number: usize,
        /// How often it occurs.
        count: usize,
    },
    /// The two copies of a number are not `number` slots apart.
    #[error("the two {number}s are in slots {} and {}, not {number} slots apart",
            .first + 1, .second + 1)]
    WrongGap {
        /// The number.
        number: usize,
        /// Its first slot, from 0.
        first: usize,
        /// Its second slot, from 0.
        second: usize,
    },
}

impl LangfordSequence {
    /// Wraps a sequence.
    ///
    /// ```
    /// use dlx_sudoku::langford::LangfordSequence;
    /// assert_eq!(LangfordSequence::new(vec![1, 2]).slots(), [1, 2]);
    /// ```
    pub fn new(slots: Vec<usize>) -> Self {
        LangfordSequence { slots }
    }

    /// The numbers, slot by slot.
    ///
    /// ```
    /// use dlx_sudoku::langford::LangfordSequence;
    /// assert_eq!(LangfordSequence::new(vec![3, 1, 2, 1, 3, 2]).slots()[0], 3);
    /// ```
    pub fn slots(&self) -> &[usize] {
        &self.slots
    }

    /// The same sequence read backwards (also a solution when this one is).
    ///
    /// ```
    /// use dlx_sudoku::langford::LangfordSequence;
    /// let s = LangfordSequence::new(vec![3, 1, 2, 1, 3, 2]);
    /// assert_eq!(s.reversed().slots(), [2, 3, 1, 2, 1, 3]);
    /// ```
    pub fn reversed(&self) -> Self {
        LangfordSequence {
            slots: self.slots.iter().rev().copied().collect(),
        }
    }

    /// Checks the sequence from the definition: `2n` slots, every number `1..=n` exactly
    /// twice, the copies of `i` at slots `j` and `j + i + 1`.
    ///
    /// ```
    /// use dlx_sudoku::langford::{LangfordSequence, LangfordViolation};
    /// assert!(LangfordSequence::new(vec![4, 1, 3, 1, 2, 4, 3, 2]).check().is_ok());
    /// assert_eq!(LangfordSequence::new(vec![1, 2, 1]).check(),
    ///            Err(LangfordViolation::OddLength(3)));
    /// ```
    pub fn check(&self) -> Result<(), LangfordViolation> {
        let len = self.slots.len();
        if len % 2 == 1 {
            return Err(LangfordViolation::OddLength(len));
        }
        let n = len / 2;
        let mut seen: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (slot, &number) in self.slots.iter().enumerate() {
            if number == 0 || number > n {
                return Err(LangfordViolation::BadNumber { slot, number, n });
            }
            seen[number].push(slot);
        }
        for (number, at) in seen.iter().enumerate().skip(1) {
            match at[..] {
                [first, second] if second - first == number + 1 => {}
                [first, second] => {
                    return Err(LangfordViolation::WrongGap {
                        number,
                        first,
                        second,
                    })
                }
                _ => {
                    return Err(LangfordViolation::NotAPair {
                        number,
                        count: at.len(),
                    })
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for LangfordSequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, x) in self.slots.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn small_counts_with_and_without_mirror_images() {
        for (n, all, distinct) in [(1, 0, 0), (2, 0, 0), (3, 2, 1), (4, 2, 1), (5, 0, 0)] {
            assert_eq!(Langford::new(n, false).unwrap().count(), all, "n = {n}");
            assert_eq!(Langford::new(n, true).unwrap().count(), distinct, "n = {n}");
        }
    }

    #[test]
    fn breaking_keeps_exactly_one_of_each_mirror_pair() {
        let all: HashSet<_> = Langford::new(8, false).unwrap().solutions().collect();
        let kept: Vec<_> = Langford::new(8, true).unwrap().solutions().collect();
        assert_eq!(all.len(), 300);
        assert_eq!(kept.len(), 150);
        let kept_set: HashSet<_> = kept.iter().cloned().collect();
        for s in &kept {
            s.check().unwrap();
            assert!(all.contains(s));
            assert!(!kept_set.contains(&s.reversed()));
        }
    }

    #[test]
    fn check_catches_bad_sequences() {
        let empty_slot = LangfordSequence::new(vec![1, 0, 1, 0]);
        assert!(matches!(
            empty_slot.check(),
            Err(LangfordViolation::BadNumber { slot: 1, .. })
        ));
        let triple = LangfordSequence::new(vec![1, 1, 1, 2]);
        assert_eq!(
            triple.check(),
            Err(LangfordViolation::NotAPair {
                number: 1,
                count: 3
            })
        );
    }

    #[test]
    fn decode_rejects_foreign_options() {
        let l = Langford::new(3, false).unwrap();
        let bogus = Solution::new(vec![OptionId::new(40)]);
        assert_eq!(l.decode(&bogus), Err(LangfordError::UnknownOption(40)));
    }
}
