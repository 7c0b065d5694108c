//! `dlx gen`: write the exact cover problem of a puzzle family in Knuth's DLX format (or
//! as JSON), so that `dlx gen queens 12 | dlx count -` works.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use dlx_core::format::write;
use dlx_core::symmetry::{write_generators, Automorphism};
use dlx_core::{OptionId, Problem};
use dlx_sudoku::langford::Langford;
use dlx_sudoku::polyomino::{self, Packing, PieceSet, SymmetryBreaking, Tiles};
use dlx_sudoku::queens::Queens;
use dlx_sudoku::symmetry;

use super::board_size::parse_board;
use super::sudoku::load::{load, Loaded};
use crate::cli::{GenArgs, GenCommand, MAX_PENTOMINO_SQUARES, MAX_TILING_SQUARES};
use crate::output::{stdout, InputError, EXIT_OK};

mod json;
pub(crate) mod residual;

use json::JsonProblem;
use residual::residual;

/// The most options of a problem whose group `dlx gen` writes: working the group out takes
/// longer than writing the problem (seconds for 60x60 pentominoes), and counting by
/// symmetry lists the group element by element, each as large as the problem.
const MAX_GROUP_OPTIONS: usize = 50_000;

pub fn run(args: &GenArgs) -> Result<ExitCode> {
    let (title, problem, generators) = generate(&args.what)?;
    let mut out = stdout();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&JsonProblem::new(&title, &problem))?
        )?;
    } else {
        let text = write(&problem).map_err(|e| InputError::new(format!("{title}: {e}")))?;
        writeln!(out, "| dlx gen {title}")?;
        // The group, for `dlx count --symmetry` (comments to every other reader).
        out.write_all(write_generators(&problem, &generators).as_bytes())?;
        if problem.num_options() > MAX_GROUP_OPTIONS {
            writeln!(
                out,
                "| (its symmetries are not written above {MAX_GROUP_OPTIONS} options)"
            )?;
        }
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(ExitCode::from(EXIT_OK))
}

/// What was asked for, in words, its problem, and generators of its symmetry group (those
/// the family knows).
fn generate(what: &GenCommand) -> Result<(String, Problem, Vec<Automorphism>)> {
    let flag = |on: bool| if on { " --symmetry-break" } else { "" };
    Ok(match what {
        GenCommand::Queens { n } => {
            let queens = Queens::new(*n as usize)?;
            let generators = small(queens.problem(), || symmetry::queens_generators(&queens));
            (format!("queens {n}"), queens.problem().clone(), generators)
        }
        GenCommand::Langford { n, symmetry_break } => {
            let langford = Langford::new(*n as usize, *symmetry_break)?;
            let generators = small(langford.problem(), || {
                symmetry::langford_generators(&langford)
            });
            (
                format!("langford {n}{}", flag(*symmetry_break)),
                langford.problem().clone(),
                generators,
            )
        }
        GenCommand::Pentomino {
            board,
            symmetry_break,
        } => {
            let (rows, cols) = parse_board(board, MAX_PENTOMINO_SQUARES)?;
            let symmetry = if *symmetry_break {
                SymmetryBreaking::Auto
            } else {
                SymmetryBreaking::None
            };
            let board = polyomino::PolyominoBoard::rectangle(rows, cols)?;
            let packing = Packing::pentominoes(board, symmetry)?;
            (
                format!("pentomino {rows}x{cols}{}", flag(*symmetry_break)),
                packing.problem().clone(),
                small(packing.problem(), || symmetry::packing_generators(&packing)),
            )
        }
        GenCommand::Dominoes { board } => {
            let (rows, cols) = parse_board(board, MAX_TILING_SQUARES)?;
            let (problem, generators) = tiling(rows, cols, PieceSet::Dominoes)?;
            (format!("dominoes {rows}x{cols}"), problem, generators)
        }
        GenCommand::Tiling { board, pieces } => {
            let (rows, cols) = parse_board(board, MAX_TILING_SQUARES)?;
            let set = pieces.set();
            let (problem, generators) = tiling(rows, cols, set)?;
            (
                format!("tiling {rows}x{cols} --pieces {}", set.name()),
                problem,
                generators,
            )
        }
        GenCommand::Sudoku {
            file,
            puzzle,
            shape,
        } => sudoku(&load(file, shape)?, *puzzle)?,
    })
}

/// The generators `make` gives, for a problem of at most [`MAX_GROUP_OPTIONS`] options.
fn small(problem: &Problem, make: impl FnOnce() -> Vec<Automorphism>) -> Vec<Automorphism> {
    if problem.num_options() <= MAX_GROUP_OPTIONS {
        make()
    } else {
        Vec::new()
    }
}

/// Tilings of a `rows × cols` board with copies of a set's pieces, and the board's
/// symmetries.
fn tiling(rows: usize, cols: usize, set: PieceSet) -> Result<(Problem, Vec<Automorphism>)> {
    let tiles = Tiles::new(
        polyomino::PolyominoBoard::rectangle(rows, cols)?,
        set.pieces(),
    )?;
    let generators = small(tiles.problem(), || symmetry::tiles_generators(&tiles));
    Ok((tiles.problem().clone(), generators))
}

/// The problem of one puzzle of the file: the shape's problem with the givens' options
/// chosen.
fn sudoku(loaded: &Loaded, pick: Option<u64>) -> Result<(String, Problem, Vec<Automorphism>)> {
    let name = &loaded.name;
    let total = loaded.puzzles.len();
    let index = match pick {
        Some(k) if (k as usize) <= total => k as usize - 1,
        Some(k) => {
            return Err(InputError::new(format!(
                "--puzzle {k}: {name} has {total} puzzle{}",
                if total == 1 { "" } else { "s" }
            ))
            .into())
        }
        None if total == 1 => 0,
        None => {
            return Err(InputError::new(format!(
                "{name} has {total} puzzles, and dlx gen sudoku writes one problem"
            ))
            .with_hint("pick one with --puzzle K")
            .into())
        }
    };
    let puzzle = &loaded.puzzles[index];
    let encoding = loaded.encoding(puzzle);
    let givens: Vec<OptionId> = puzzle
        .grid
        .cells()
        .filter_map(|(cell, digit)| digit.map(|d| encoding.option(cell, d)))
        .collect();
    let problem = residual(encoding.problem(), &givens)?;
    if problem.num_primary() == 0 {
        return Err(InputError::new(format!(
            "{name}:{}:1: every cell is given: there is nothing left to solve",
            puzzle.line
        ))
        .into());
    }
    // The grid's symmetries that keep the givens (all of them for an empty grid).
    let generators = small(&problem, || {
        symmetry::sudoku_generators(encoding, &givens, &problem)
    });
    Ok((
        format!("sudoku {}", puzzle.grid.to_line()),
        problem,
        generators,
    ))
}
