//! The benchmark crate's own data (`benches/data`): generated exact cover instances and the
//! Sudoku puzzle lists of tdoku's benchmark, copied from `../shared/data/sudoku`.
//!
//! Every generated instance can be rebuilt from the generators of `dlx-sudoku`
//! ([`queens_text`], [`tour_text`], [`knightdoku_text`]); the tests check that the committed
//! files are exactly what the generators write.
//!
//! ```
//! let q13 = benches::data::load("q13").unwrap();
//! assert_eq!((q13.num_primary(), q13.num_options()), (26, 169));
//! let top = benches::data::sudoku_set(benches::data::TOP1465).unwrap();
//! assert_eq!(top.len(), 1_465);
//! ```

use std::path::{Path, PathBuf};

use dlx_core::format::write;
use dlx_core::Problem;
use dlx_sudoku::knightdoku::{Knightdoku, KnightdokuBoard};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::sudoku::{Grid, Parser, Shape};
use dlx_sudoku::tour_count::{TourCount, TourKind};

use crate::LoadError;

/// The folder of the benchmark crate's data (`benches/data/`).
pub const BENCH_DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");

/// All 49,158 17-clue puzzles (file stem in `benches/data/sudoku`).
pub const SEVENTEEN_CLUE: &str = "puzzles2_17_clue";
/// magictour's top 1465.
pub const TOP1465: &str = "puzzles3_magictour_top1465";
/// The first 5,000 puzzles of the forum's hardest list of 2019-05 rated 11.0 or more.
pub const FORUM_HARDEST_11: &str = "puzzles5_forum_hardest_1905_11+_first5000";
/// The forum's hardest list of 2011-06 (375 puzzles).
pub const FORUM_HARDEST_1106: &str = "puzzles6_forum_hardest_1106";

/// The Sudoku sets of the uniqueness benchmark, in the order tdoku lists them, with their
/// sizes.
pub const SUDOKU_SETS: &[(&str, usize)] = &[
    (SEVENTEEN_CLUE, 49_158),
    (TOP1465, 1_465),
    (FORUM_HARDEST_11, 5_000),
    (FORUM_HARDEST_1106, 375),
];

/// The bigger multiplicity instance `kdbig.dlx`: the grid of Knightdoku `kd1`
/// (`examples/knightdoku/kd1.txt`) keeping 4 of its 11 clues, so that it has many
/// solutions instead of one.
pub const KDBIG_BOARD: &str = "\
.........
.........
.1.......
.........
......4..
.........
.........
3...2....
.........
";

/// The path of a generated instance (`"q13"` is `benches/data/q13.dlx`).
///
/// ```
/// assert!(benches::data::instance_path("q13").ends_with("data/q13.dlx"));
/// ```
pub fn instance_path(name: &str) -> PathBuf {
    PathBuf::from(format!("{BENCH_DATA_DIR}{name}.dlx"))
}

/// Reads and parses a generated instance of `benches/data`.
///
/// ```
/// let t45 = benches::data::load("t45open").unwrap();
/// assert!(t45.has_colors());
/// assert!(benches::data::load("no-such-instance").is_err());
/// ```
pub fn load(name: &str) -> Result<Problem, LoadError> {
    crate::load_path(instance_path(name))
}

/// A reference instance by name: Knuth's files in `dlx-core/tests/data` first, then the
/// instances kept here.
///
/// ```
/// assert!(benches::data::load_any("q8").is_ok()); // dlx-core/tests/data
/// assert!(benches::data::load_any("q13").is_ok()); // benches/data
/// assert!(benches::data::load_any("no-such-instance").is_err());
/// ```
pub fn load_any(name: &str) -> Result<Problem, LoadError> {
    match crate::load(name) {
        Err(LoadError::Io { .. }) => load(name),
        other => other,
    }
}

/// A problem in DLX text after one comment line, as `dlx gen` writes it.
fn with_title(title: &str, problem: &Problem) -> String {
    let text = write(problem).expect("the generators' problems have primary items");
    format!("| {title}\n{text}")
}

/// The text of `q{n}.dlx`: exactly what `dlx gen queens N` writes.
///
/// ```
/// let text = benches::data::queens_text(4);
/// assert!(text.starts_with("| dlx gen queens 4\n"));
/// ```
pub fn queens_text(n: usize) -> String {
    let queens = Queens::new(n).expect("n >= 1");
    with_title(&format!("dlx gen queens {n}"), queens.problem())
}

/// The text of `t{rows}{cols}open.dlx`: the directed open knight's tours of a board, as
/// exact cover with colours (the encoding of `dlx-core/tests/data/t34open.dlx`).
///
/// ```
/// let text = benches::data::tour_text(3, 4);
/// let problem = dlx_core::format::parse(&text).unwrap();
/// assert_eq!(dlx_core::Solver::new(&problem).count().solutions, 16);
/// ```
pub fn tour_text(rows: usize, cols: usize) -> String {
    let tours = TourCount::new(rows, cols, TourKind::Open).expect("a non-empty board");
    with_title(
        &format!("open knight's tours of the {rows}x{cols} board: dlx_sudoku::tour_count::TourCount::new({rows}, {cols}, TourKind::Open)"),
        tours.problem(),
    )
}

/// The text of a Knightdoku board's problem (multiplicities).
///
/// ```
/// let text = benches::data::knightdoku_text("kdbig", benches::data::KDBIG_BOARD);
/// assert!(text.starts_with("| kdbig"));
/// ```
pub fn knightdoku_text(title: &str, board: &str) -> String {
    let board: KnightdokuBoard = board.parse().expect("a valid Knightdoku board");
    let kd = Knightdoku::new(&board).expect("a Knightdoku problem");
    let mut out = format!("| {title}: dlx_sudoku::knightdoku::Knightdoku::new of the board\n");
    for row in board.render_text().lines() {
        out.push_str("| ");
        out.push_str(row);
        out.push('\n');
    }
    out.push_str(&write(kd.problem()).expect("a Knightdoku problem has primary items"));
    out
}

/// The path of a Sudoku set (a file stem in `benches/data/sudoku`).
///
/// ```
/// assert!(benches::data::sudoku_path("puzzles2_17_clue").ends_with("sudoku/puzzles2_17_clue"));
/// ```
pub fn sudoku_path(name: &str) -> PathBuf {
    PathBuf::from(format!("{BENCH_DATA_DIR}sudoku/{name}"))
}

/// The puzzles of a Sudoku set, one 81-character line each, comments (`#`) and empty lines
/// left out.
///
/// ```
/// let hardest = benches::data::sudoku_set(benches::data::FORUM_HARDEST_1106).unwrap();
/// assert_eq!(hardest.len(), 375);
/// assert!(hardest.iter().all(|p| p.len() == 81));
/// ```
pub fn sudoku_set(name: &str) -> Result<Vec<String>, LoadError> {
    let path = sudoku_path(name);
    let text = std::fs::read_to_string(&path).map_err(|source| LoadError::Io { path, source })?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect())
}

/// A jigsaw shape from a map file (one symbol per cell, row by row; equal symbols make a
/// region; whitespace and `#` comment lines ignored, as `dlx sudoku --jigsaw` reads it).
///
/// ```
/// let map = benches::data::sudoku_path("shapes/jigsaw-a.map");
/// assert_eq!(benches::data::jigsaw_shape(&map).unwrap().size(), 9);
/// ```
pub fn jigsaw_shape(path: &Path) -> Result<Shape, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let map: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    Shape::jigsaw_from_map(&map).map_err(|source| LoadError::Shape {
        path: path.to_path_buf(),
        source,
    })
}

/// A set of `sudoku/shapes/` (`"jigsaw-a"`): its shape (the jigsaw map `NAME.map` beside
/// it when there is one, else the usual boxes of the puzzles' size) and its puzzles.
///
/// ```
/// let (shape, grids) = benches::data::shape_set("16x16-minimal").unwrap();
/// assert_eq!((shape.size(), grids.len()), (16, 40));
/// ```
pub fn shape_set(name: &str) -> Result<(Shape, Vec<Grid>), LoadError> {
    let lines = sudoku_set(&format!("shapes/{name}.txt"))?;
    let path = sudoku_path(&format!("shapes/{name}.txt"));
    let size = lines.first().map_or(0, |l| l.chars().count().isqrt());
    let map = sudoku_path(&format!("shapes/{name}.map"));
    let shape = if map.exists() {
        jigsaw_shape(&map)?
    } else {
        Shape::for_size(size).map_err(|source| LoadError::Shape {
            path: path.clone(),
            source,
        })?
    };
    let parser = Parser::new().size(shape.size());
    let grids = lines
        .iter()
        .map(|l| parser.line(l))
        .collect::<Result<_, _>>()
        .map_err(|source| LoadError::Puzzle { path, source })?;
    Ok((shape, grids))
}

/// Solutions of `q13.dlx` (the 13 queens).
pub const Q13_SOLUTIONS: u64 = 73_712;
/// Solutions of `t45open.dlx` (directed open knight's tours of the 4×5 board).
pub const T45OPEN_SOLUTIONS: u64 = 164;
/// Solutions of `kdbig.dlx`.
pub const KDBIG_SOLUTIONS: u64 = 1_184_356;

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::Solver;

    fn committed(name: &str) -> String {
        std::fs::read_to_string(instance_path(name)).unwrap()
    }

    #[test]
    fn q13_is_what_dlx_gen_writes() {
        assert_eq!(committed("q13"), queens_text(13));
    }

    #[test]
    fn q12_generator_matches_knuths_file() {
        // The generator reproduces Knuth's q12.dlx option for option (not the comment).
        let ours = dlx_core::format::parse(&queens_text(12)).unwrap();
        assert_eq!(ours, crate::load("q12").unwrap());
    }

    #[test]
    fn t45open_is_what_the_tour_generator_writes() {
        assert_eq!(committed("t45open"), tour_text(4, 5));
    }

    #[test]
    fn tour_generator_matches_t34open() {
        let ours = dlx_core::format::parse(&tour_text(3, 4)).unwrap();
        assert_eq!(ours, crate::load("t34open").unwrap());
    }

    #[test]
    fn kdbig_is_what_the_knightdoku_generator_writes() {
        assert_eq!(committed("kdbig"), knightdoku_text("kdbig", KDBIG_BOARD));
    }

    #[test]
    fn generated_instances_have_their_counts() {
        let count = |name: &str| Solver::new(&load(name).unwrap()).count().solutions;
        assert_eq!(count("t45open"), T45OPEN_SOLUTIONS);
        assert_eq!(count("kdbig"), KDBIG_SOLUTIONS);
    }

    /// Writes the generated instances into `benches/data`:
    /// `cargo test -p benches --lib -- --ignored write_generated_instances`.
    #[test]
    #[ignore = "writes files; run by hand after changing a generator"]
    fn write_generated_instances() {
        for (name, text) in [
            ("q13", queens_text(13)),
            ("t45open", tour_text(4, 5)),
            ("kdbig", knightdoku_text("kdbig", KDBIG_BOARD)),
        ] {
            std::fs::write(instance_path(name), text).unwrap();
        }
    }

    #[test]
    fn sudoku_sets_have_their_sizes() {
        for &(name, size) in SUDOKU_SETS {
            let set = sudoku_set(name).unwrap();
            assert_eq!(set.len(), size, "{name}");
            assert!(set.iter().all(|p| p.len() == 81), "{name}");
        }
    }

    /// The sets of other shapes read as their README says: the sizes, each jigsaw map a
    /// shape, and the minimal sets' puzzles unique (a sample: every tenth puzzle, on the
    /// default engine) with no given that can go.
    #[test]
    fn shape_sets_are_what_their_readme_says() {
        use dlx_sudoku::sudoku::{Encoding, SudokuSolver};
        let sets: [(&str, usize, usize); 7] = [
            ("jigsaw-a", 200, 9),
            ("jigsaw-b", 200, 9),
            ("10x10-minimal", 100, 10),
            ("12x12-minimal", 100, 12),
            ("16x16-minimal", 40, 16),
            ("16x16-55", 300, 16),
            ("25x25-60", 30, 25),
        ];
        for (name, count, size) in sets {
            let (shape, grids) = shape_set(name).unwrap();
            assert_eq!((grids.len(), shape.size()), (count, size), "{name}");
            let encoding = Encoding::new(shape).unwrap();
            let solver = SudokuSolver::new(&encoding);
            let minimal = name.contains("minimal") || name.starts_with("jigsaw");
            for (k, grid) in grids.iter().enumerate() {
                assert_eq!(grid.size(), size, "{name}: {k}");
                if !minimal || k % 10 != 0 || size > 12 {
                    continue;
                }
                assert_eq!(
                    solver.count(grid, Some(2)).unwrap().solutions,
                    1,
                    "{name}: {k}"
                );
                // Minimal: without any one given, a second solution.
                for (cell, digit) in grid.cells() {
                    if digit.is_some() {
                        let mut less = grid.clone();
                        less.set(cell, None).unwrap();
                        let got = solver.count(&less, Some(2)).unwrap().solutions;
                        assert_eq!(got, 2, "{name}: {k}: {cell:?} can go");
                    }
                }
            }
        }
    }
}
