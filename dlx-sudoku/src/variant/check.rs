//! The independent checker: plain Sudoku with the givens, the shape of the solution
//! (shading, letters), then each rule's own check (`Rule::check`), written from the rule's
//! definition and sharing nothing with its encoding. Tests compare the solvers against
//! brute force filtered by this checker.

use thiserror::Error;

use crate::variant::puzzle::VariantPuzzle;
use crate::variant::solution::VariantSolution;

/// A rule that a solution breaks.
///
/// ```
/// use dlx_sudoku::sudoku::{Cell, Shape};
/// use dlx_sudoku::variant::{Odd, VariantPuzzle, VariantSolution};
/// let mut p = VariantPuzzle::new(Shape::for_size(4)?);
/// p.constraints.push(Odd(Cell::new(0, 0)).into());
/// let s = VariantSolution { grid: "2143341212344321".parse()?, shading: None, letters: vec![] };
/// let err = p.check(&s).unwrap_err();
/// assert_eq!(err.to_string(), "constraint 1 (odd cell): r1c1 holds 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleViolation {
    /// The grid is not a solved Sudoku of the shape with the givens.
    #[error("{0}")]
    Sudoku(String),
    /// A constraint does not hold.
    #[error("constraint {index} ({kind}): {message}")]
    Constraint {
        /// The constraint, from 1.
        index: usize,
        /// Its kind.
        kind: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Shading or letters are missing or malformed.
    #[error("{0}")]
    Missing(String),
}

impl VariantPuzzle {
    /// Checks a solution against every rule of the puzzle: plain Sudoku with the givens,
    /// then each constraint, from its definition.
    ///
    /// See [`RuleViolation`] for an example.
    pub fn check(&self, solution: &VariantSolution) -> Result<(), RuleViolation> {
        self.shape
            .verify_solution(&self.givens, &solution.grid)
            .map_err(|e| RuleViolation::Sudoku(e.to_string()))?;
        let n = self.size();
        if self.has_shading() {
            match &solution.shading {
                Some(s) if s.len() == n * n => {}
                _ => return Err(RuleViolation::Missing("the solution has no shading".into())),
            }
        }
        let letters = self.letters();
        for &l in &letters {
            if !solution.letters.iter().any(|&(c, _)| c == l) {
                return Err(RuleViolation::Missing(format!("no digit for letter {l}")));
            }
        }
        for (i, &(a, x)) in solution.letters.iter().enumerate() {
            if x == 0 || usize::from(x) > n {
                return Err(RuleViolation::Missing(format!("letter {a} has digit {x}")));
            }
            if let Some(&(b, _)) = solution.letters[..i].iter().find(|&&(_, y)| y == x) {
                return Err(RuleViolation::Missing(format!(
                    "letters {b} and {a} both stand for {x}"
                )));
            }
        }
        for (index, c) in self.constraints.iter().enumerate() {
            c.rule()
                .check(self, solution)
                .map_err(|message| RuleViolation::Constraint {
                    index: index + 1,
                    kind: c.name(),
                    message,
                })?;
        }
        Ok(())
    }
}
