//! Letters: letters stand for digits, different letters for different digits. The letters
//! of a puzzle are one decided variable each (its own item, one option per digit), all in
//! one house; this rule declares letters (any letter used elsewhere is declared too).

use crate::variant::rules::prelude::*;

/// Declares letters (different letters stand for different digits).
///
/// ```
/// use dlx_sudoku::variant::{Constraint, Letters};
/// assert_eq!(Constraint::from(Letters(vec!['A', 'B'])).name(), "letters");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Letters(pub Vec<char>);

impl Rule for Letters {
    fn letters(&self) -> &[char] {
        &self.0
    }

    fn name(&self) -> &'static str {
        "letters"
    }

    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    fn validate(&self, _p: &VariantPuzzle) -> Result<(), String> {
        match self.0.iter().find(|l| !l.is_alphabetic()) {
            Some(l) => Err(format!("{l:?} is not a letter")),
            None => Ok(()),
        }
    }

    fn declare(&self, _ctx: &mut Ctx<'_>) {
        // The letters' variables and their house are made with the grid's.
    }

    fn encode(&self, _ctx: &mut Ctx<'_>) {}

    fn check(&self, _p: &VariantPuzzle, _s: &VariantSolution) -> Check {
        // Letters standing for different digits is checked with the solution's shape.
        Ok(())
    }

    fn draw(&self, _canvas: &mut Canvas) {
        // Nothing to draw: letters appear where they are used.
    }

    fn to_toml(&self, out: &mut TomlOut) {
        out.value("letters", toml::Value::String(self.0.iter().collect()));
    }
}

impl Read for Letters {
    const TOML_KEYS: &'static [TomlKey] = &[TomlKey::Value("letters")];

    fn from_toml(_key: &str, item: &TomlIn<'_>) -> Result<Vec<Self>, NativeError> {
        let text = item
            .value()?
            .as_str()
            .ok_or_else(|| item.bad("expected letters like \"ABC\""))?;
        let letters: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        if let Some(c) = letters.iter().find(|c| !c.is_alphabetic()) {
            return Err(item.bad(format!("{c:?} is not a letter")));
        }
        Ok(vec![Letters(letters)])
    }
}

impl Sample for Letters {
    fn cases() -> Vec<Case> {
        vec![Case::new("letters", |g| {
            let letters = [vec!['A'], vec!['B'], vec!['A', 'B']];
            Some(Letters(letters[g.below(3)].clone()).into())
        })]
    }

    fn samples() -> (Vec<Self>, Vec<Self>) {
        (Vec::new(), vec![Letters(vec!['A', 'B'])])
    }
}
