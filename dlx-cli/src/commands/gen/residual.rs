//! The problem left once some options are chosen: their items are gone, and so is every
//! option that shares an item with them. This is how a Sudoku puzzle's givens become the
//! smaller problem that Knuth's sudoku-dlx writes.

use anyhow::{bail, Result};
use dlx_core::{ItemId, ItemKind, OptionId, Problem, ProblemBuilder};

/// The problem left after choosing `chosen`, options of `problem` that share no item.
/// Items keep their names, kinds and order; options keep their order. For problems
/// without colours or multiplicities (Algorithm X), where the rule above is exact.
pub fn residual(problem: &Problem, chosen: &[OptionId]) -> Result<Problem> {
    if problem.has_colors() || problem.has_multiplicities() {
        bail!("only problems without colours or multiplicities can have options fixed");
    }
    let mut used = vec![false; problem.num_items()];
    for &option in chosen {
        for item in problem.option_items(option) {
            if std::mem::replace(&mut used[item.index()], true) {
                bail!("two fixed options share item {}", problem.item_name(item));
            }
        }
    }
    let mut b = ProblemBuilder::new();
    let mut new_id: Vec<Option<ItemId>> = vec![None; problem.num_items()];
    for item in problem.items() {
        if !used[item.index()] {
            let name = problem.item_name(item);
            new_id[item.index()] = Some(match problem.item_kind(item) {
                ItemKind::Primary { .. } => b.add_primary(name)?,
                ItemKind::Secondary => b.add_secondary(name)?,
            });
        }
    }
    for option in problem.options() {
        let items: Option<Vec<ItemId>> = problem
            .option_items(option)
            .map(|item| new_id[item.index()])
            .collect();
        if let Some(items) = items {
            b.add_option(items)?;
        }
    }
    Ok(b.build()?)
}

#[cfg(test)]
mod tests {
    use dlx_core::format::{parse, write};
    use dlx_core::Solver;

    use super::*;

    #[test]
    fn chosen_options_take_their_items_and_rivals_away() {
        let p = parse("a b c d | x\na b\nc d x\na c\nb d\nc x\nd\n").unwrap();
        // Solutions: {a b, c d x}, {a b, c x, d}, {a c, b d}; two contain `a b`.
        assert_eq!(Solver::new(&p).count().solutions, 3);
        let left = residual(&p, &[OptionId::new(0)]).unwrap();
        assert_eq!(write(&left).unwrap(), "c d | x\nc d x\nc x\nd\n");
        assert_eq!(Solver::new(&left).count().solutions, 2);
        let clash = residual(&p, &[OptionId::new(0), OptionId::new(2)]);
        assert!(clash.is_err());
        let colours = parse("a | x\na x:red\n").unwrap();
        assert!(residual(&colours, &[]).is_err());
    }
}
