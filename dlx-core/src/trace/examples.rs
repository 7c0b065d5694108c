//! Four small lessons for watching Algorithm X: a 2×2 Latin square, Knuth's 7-item example,
//! a 4×4 Sudoku, and four queens (with secondary items: the diagonals). Each has a
//! [`Picture`](super::picture::Picture) of its puzzle for the trace page.
//!
//! ```
//! use dlx_core::{Solver, trace::examples};
//! for lesson in examples::lessons() {
//!     let problem = lesson.problem();
//!     assert!(Solver::new(&problem).count().solutions >= 1, "{}", lesson.name);
//! }
//! assert_eq!(examples::names().collect::<Vec<_>>(), ["latin2", "toy", "sudoku4", "queens4"]);
//! ```

use super::picture::{Drawing, GridBoard, Mark};
use crate::problem::{Problem, ProblemBuilder};

/// A built-in lesson: a small exact cover problem with a name, a title and a description
/// of what its items mean.
///
/// ```
/// use dlx_core::trace::examples;
/// let lesson = examples::lesson("latin2").unwrap();
/// assert_eq!(lesson.title, "2×2 Latin square");
/// assert_eq!(lesson.describe("r12").as_deref(), Some("row 1 has a 2"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The name to ask for it by (`dlx trace --example NAME`).
    pub name: &'static str,
    /// A short title.
    pub title: &'static str,
    /// What the problem is, in a sentence or two.
    pub summary: &'static str,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Latin2,
    Toy,
    Sudoku4,
    Queens4,
}

const LESSONS: [Lesson; 4] = [
    Lesson {
        name: "latin2",
        title: "2×2 Latin square",
        summary: "Fill a 2×2 grid with the values 1 and 2 so that every row and every \
                  column has each value once. Items: pRC = cell (R,C) is filled, rRV = row R \
                  has the value V, cCV = column C has V. Each option puts one value in one \
                  cell and so covers three items. 12 items, 8 options, 2 solutions.",
        kind: Kind::Latin2,
    },
    Lesson {
        name: "toy",
        title: "Knuth's 7-item example",
        summary: "The exact cover problem of TAOCP 7.2.2.1, (5): items a to g, six options \
                  (c e, a d g, b c f, a d f, b g, d e g); exactly one way to pick options \
                  that contain every item once.",
        kind: Kind::Toy,
    },
    Lesson {
        name: "sudoku4",
        title: "4×4 Sudoku",
        summary: "A 4×4 Sudoku (values 1 to 4, boxes of 2×2 cells) with four givens (the fewest a 4×4 Sudoku with one solution can have). The \
                  givens are applied before the matrix is built, as Knuth's sudoku2dlx does: \
                  the items they fulfil and the options that clash with them are left out. \
                  Items: pRC = cell (R,C) is filled, rRV = row R has V, cCV = column C has V, \
                  bBV = box B has V (boxes numbered 1 to 4 left to right, top to bottom). \
                  Every step of its search is forced: some item always has only one option.",
        kind: Kind::Sudoku4,
    },
    Lesson {
        name: "queens4",
        title: "Four queens",
        summary: "Place four queens on a 4×4 board so that none attacks another. Primary \
                  items (exactly once): rR = a queen in row R, cC = a queen in column C. \
                  Secondary items (at most once): aK = the diagonal ↗ where row + column = \
                  K + 1, bK = the diagonal ↘ where row − column = K − 4. A diagonal may stay \
                  empty, so it is secondary: options that share one can't both be chosen, but \
                  no option has to cover it. Each option puts a queen on one square: \
                  16 options, 2 solutions.",
        kind: Kind::Queens4,
    },
];

/// The Sudoku of the `sudoku4` lesson, row by row (`.` is an empty cell).
pub const SUDOKU4_GIVENS: [&str; 4] = ["1...", "..2.", ".3..", "...4"];

/// Every lesson, in the order of [`names`].
///
/// See the [module docs](self) for an example.
pub fn lessons() -> &'static [Lesson] {
    &LESSONS
}

/// The names of the lessons: `latin2`, `toy`, `sudoku4`, `queens4`.
///
/// See the [module docs](self) for an example.
pub fn names() -> impl Iterator<Item = &'static str> {
    LESSONS.iter().map(|l| l.name)
}

/// The lesson called `name`, if there is one.
///
/// ```
/// use dlx_core::trace::examples;
/// assert_eq!(examples::lesson("toy").unwrap().problem().num_items(), 7);
/// assert!(examples::lesson("chess").is_none());
/// ```
pub fn lesson(name: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.name == name)
}

impl Lesson {
    /// The lesson's exact cover problem.
    ///
    /// ```
    /// use dlx_core::trace::examples;
    /// let p = examples::lesson("latin2").unwrap().problem();
    /// assert_eq!((p.num_items(), p.num_options()), (12, 8));
    /// ```
    pub fn problem(&self) -> Problem {
        match self.kind {
            Kind::Latin2 => latin2(),
            Kind::Toy => toy(),
            Kind::Sudoku4 => sudoku4(),
            Kind::Queens4 => queens4(),
        }
    }

    /// The lesson's puzzle, for the trace page: the grid (with the Sudoku's givens), the
    /// board of the queens, or for the toy example a strip of its seven items; each option
    /// draws its digit, its queen, or the items it covers.
    ///
    /// ```
    /// use dlx_core::trace::{examples, picture::{Mark, Picture}};
    /// use dlx_core::OptionId;
    /// let lesson = examples::lesson("latin2").unwrap();
    /// let picture = lesson.picture();
    /// // Option 3 is "p12 r12 c22": a 2 in row 1, column 2.
    /// assert_eq!(picture.marks(OptionId::new(3)), [Mark::text_in(0, 1, "2")]);
    /// ```
    pub fn picture(&self) -> Drawing {
        let problem = self.problem();
        let names = |o| {
            problem
                .option_items(o)
                .map(|i| problem.item_name(i).to_string())
                .collect::<Vec<_>>()
        };
        // The digit after a prefix letter, as a 0-based index.
        let digit = |name: &str, k: usize| usize::from(name.as_bytes()[k] - b'1');
        let marks = problem
            .options()
            .map(|o| {
                let items = names(o);
                match self.kind {
                    Kind::Latin2 | Kind::Sudoku4 => {
                        // "pRC rRV ...": the value V in cell (R, C).
                        let (cell, row) = (&items[0], &items[1]);
                        let value = (row.as_bytes()[2] as char).to_string();
                        vec![Mark::text_in(digit(cell, 1), digit(cell, 2), value)]
                    }
                    Kind::Toy => items
                        .iter()
                        .map(|name| Mark::cell(0, usize::from(name.as_bytes()[0] - b'a')))
                        .collect(),
                    Kind::Queens4 => {
                        vec![Mark::text_in(
                            digit(&items[0], 1),
                            digit(&items[1], 1),
                            "\u{265B}",
                        )]
                    }
                }
            })
            .collect();
        let board = match self.kind {
            Kind::Latin2 => GridBoard::new(2, 2).build(),
            Kind::Sudoku4 => {
                let mut grid = GridBoard::new(4, 4).regions(|r, c| box_of(r + 1, c + 1));
                for (r, row) in SUDOKU4_GIVENS.iter().enumerate() {
                    for (c, ch) in row.chars().enumerate().filter(|&(_, ch)| ch != '.') {
                        grid = grid.given(r, c, ch.to_string());
                    }
                }
                grid.build()
            }
            Kind::Toy => (0..7)
                .fold(GridBoard::new(1, 7), |grid, k| {
                    grid.label(0, k, ((b'a' + k as u8) as char).to_string())
                })
                .build(),
            Kind::Queens4 => GridBoard::new(4, 4).checkered().build(),
        };
        Drawing { board, marks }
    }

    /// What an item of this lesson means, in words (`None` for the abstract items of the
    /// toy example, or a name the lesson doesn't have).
    ///
    /// ```
    /// use dlx_core::trace::examples;
    /// let sudoku = examples::lesson("sudoku4").unwrap();
    /// assert_eq!(sudoku.describe("p12").as_deref(), Some("cell (1,2) is filled"));
    /// assert_eq!(sudoku.describe("b34").as_deref(), Some("box 3 has a 4"));
    /// assert_eq!(examples::lesson("toy").unwrap().describe("a"), None);
    /// ```
    pub fn describe(&self, item: &str) -> Option<String> {
        let max = match self.kind {
            Kind::Toy => return None,
            Kind::Latin2 => b'2',
            Kind::Sudoku4 => b'4',
            Kind::Queens4 => return describe_queens4(item),
        };
        let &[kind, x, y] = item.as_bytes() else {
            return None;
        };
        if !(b'1'..=max).contains(&x) || !(b'1'..=max).contains(&y) {
            return None;
        }
        let (x, y) = (x as char, y as char);
        match kind {
            b'p' => Some(format!("cell ({x},{y}) is filled")),
            b'r' => Some(format!("row {x} has a {y}")),
            b'c' => Some(format!("column {x} has a {y}")),
            b'b' if self.kind == Kind::Sudoku4 => Some(format!("box {x} has a {y}")),
            _ => None,
        }
    }
}

/// The items of the `queens4` lesson, in words.
fn describe_queens4(item: &str) -> Option<String> {
    let &[kind, k] = item.as_bytes() else {
        return None;
    };
    let k = k.checked_sub(b'0')? as i32;
    match kind {
        b'r' if (1..=4).contains(&k) => Some(format!("a queen in row {k}")),
        b'c' if (1..=4).contains(&k) => Some(format!("a queen in column {k}")),
        b'a' if (1..=7).contains(&k) => Some(format!(
            "at most one queen on the diagonal ↗ where row + column = {}",
            k + 1
        )),
        b'b' if (1..=7).contains(&k) => Some(format!(
            "at most one queen on the diagonal ↘ where row - column = {}",
            k - 4
        )),
        _ => None,
    }
}

/// Four queens: rows and columns primary, the 7 + 7 diagonals secondary; one option per
/// square, row by row.
fn queens4() -> Problem {
    let mut b = ProblemBuilder::new();
    for prefix in ['r', 'c'] {
        for k in 1..=4 {
            b.add_primary(format!("{prefix}{k}"))
                .expect("distinct names");
        }
    }
    for prefix in ['a', 'b'] {
        for k in 1..=7 {
            b.add_secondary(format!("{prefix}{k}"))
                .expect("distinct names");
        }
    }
    for r in 1..=4 {
        for c in 1..=4 {
            let names = [
                format!("r{r}"),
                format!("c{c}"),
                format!("a{}", r + c - 1),
                format!("b{}", r + 4 - c),
            ];
            b.add_option_by_names(names.iter().map(String::as_str))
                .expect("known items");
        }
    }
    b.build().expect("a valid problem")
}

fn latin2() -> Problem {
    let mut b = ProblemBuilder::new();
    for prefix in ['p', 'r', 'c'] {
        for x in 1..=2 {
            for y in 1..=2 {
                b.add_primary(format!("{prefix}{x}{y}"))
                    .expect("distinct names");
            }
        }
    }
    for r in 1..=2 {
        for c in 1..=2 {
            for v in 1..=2 {
                let names = [format!("p{r}{c}"), format!("r{r}{v}"), format!("c{c}{v}")];
                b.add_option_by_names(names.iter().map(String::as_str))
                    .expect("known items");
            }
        }
    }
    b.build().expect("a valid problem")
}

fn toy() -> Problem {
    let mut b = ProblemBuilder::new();
    for name in ["a", "b", "c", "d", "e", "f", "g"] {
        b.add_primary(name).expect("distinct names");
    }
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
        b.add_option_by_names(option.split(' '))
            .expect("known items");
    }
    b.build().expect("a valid problem")
}

/// The box (1 to 4) of cell (r, c), both 1-based.
fn box_of(r: usize, c: usize) -> usize {
    2 * ((r - 1) / 2) + (c - 1) / 2 + 1
}

fn sudoku4() -> Problem {
    let given = |r: usize, c: usize| -> Option<usize> {
        let ch = SUDOKU4_GIVENS[r - 1].as_bytes()[c - 1];
        (ch != b'.').then(|| (ch - b'0') as usize)
    };
    let cells = || (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c)));
    // Which row, column and box already has which value.
    let mut row = [[false; 5]; 5];
    let mut col = [[false; 5]; 5];
    let mut bx = [[false; 5]; 5];
    for (r, c) in cells() {
        if let Some(v) = given(r, c) {
            row[r][v] = true;
            col[c][v] = true;
            bx[box_of(r, c)][v] = true;
        }
    }
    let mut b = ProblemBuilder::new();
    for (r, c) in cells() {
        if given(r, c).is_none() {
            b.add_primary(format!("p{r}{c}")).expect("distinct names");
        }
    }
    for (prefix, used) in [('r', &row), ('c', &col), ('b', &bx)] {
        for (x, values) in used.iter().enumerate().skip(1) {
            for (v, &taken) in values.iter().enumerate().skip(1) {
                if !taken {
                    b.add_primary(format!("{prefix}{x}{v}"))
                        .expect("distinct names");
                }
            }
        }
    }
    for (r, c) in cells() {
        if given(r, c).is_some() {
            continue;
        }
        let k = box_of(r, c);
        for v in 1..=4 {
            if row[r][v] || col[c][v] || bx[k][v] {
                continue;
            }
            let names = [
                format!("p{r}{c}"),
                format!("r{r}{v}"),
                format!("c{c}{v}"),
                format!("b{k}{v}"),
            ];
            b.add_option_by_names(names.iter().map(String::as_str))
                .expect("known items");
        }
    }
    b.build().expect("a valid problem")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn lessons_have_the_advertised_sizes_and_solutions() {
        let latin = lesson("latin2").unwrap().problem();
        assert_eq!((latin.num_items(), latin.num_options()), (12, 8));
        assert_eq!(Solver::new(&latin).count().solutions, 2);
        let toy = lesson("toy").unwrap().problem();
        assert_eq!((toy.num_items(), toy.num_options()), (7, 6));
        assert_eq!(Solver::new(&toy).count().solutions, 1);
        let sudoku = lesson("sudoku4").unwrap().problem();
        assert_eq!(Solver::new(&sudoku).count().solutions, 1);
        let queens = lesson("queens4").unwrap().problem();
        assert_eq!((queens.num_primary(), queens.num_secondary()), (8, 14));
        assert_eq!(queens.num_options(), 16);
        assert_eq!(Solver::new(&queens).count().solutions, 2);
    }

    #[test]
    fn every_lesson_draws_every_option() {
        use crate::trace::picture::Picture;
        for lesson in lessons() {
            let picture = lesson.picture();
            let problem = lesson.problem();
            assert_eq!(
                picture.marks.len(),
                problem.num_options(),
                "{}",
                lesson.name
            );
            assert!(
                picture.marks.iter().all(|m| !m.is_empty()),
                "{}",
                lesson.name
            );
            assert!(picture.board().width > 0.0);
        }
        let queens = lesson("queens4").unwrap();
        assert_eq!(
            queens.describe("b1").as_deref(),
            Some("at most one queen on the diagonal ↘ where row - column = -3")
        );
        assert_eq!(queens.describe("a8"), None);
    }

    #[test]
    fn describe_rejects_names_outside_the_lesson() {
        let latin = lesson("latin2").unwrap();
        assert_eq!(latin.describe("p13"), None);
        assert_eq!(latin.describe("b11"), None);
        assert_eq!(latin.describe("p1"), None);
        assert_eq!(latin.describe("c21").as_deref(), Some("column 2 has a 1"));
    }
}
