//! Variant Sudoku formats: the f-puzzles conventions followed (each with a small puzzle
//! that depends on it), the solver plug-in's keys and drawings, refusals by name, and
//! round trips of every rule through f-puzzles JSON and our TOML.

use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::rules::sample::samples;
use dlx_sudoku::variant::{
    from_fpuzzles, from_toml, read_puzzle, to_fpuzzles, to_toml, Arrow, Candidates, Constraint,
    FpuzzlesError, Killer, Kind, Line, LineKind, LittleKiller, Negative, NegativeKind, Outside,
    Side, TextPosition, VariantPuzzle, VariantSolver, XSum, Xv,
};
use dlx_sudoku::Uniqueness;

fn c(r: usize, col: usize) -> Cell {
    Cell::new(r - 1, col - 1)
}

/// An f-puzzles JSON text: `size`, an empty grid, and the other keys given.
fn fp(size: usize, rest: &str) -> String {
    let row = format!("[{}]", vec!["{}"; size].join(","));
    let grid = vec![row; size].join(",");
    if rest.is_empty() {
        format!(r#"{{"size": {size}, "grid": [{grid}]}}"#)
    } else {
        format!(r#"{{"size": {size}, "grid": [{grid}], {rest}}}"#)
    }
}

fn solutions(p: &VariantPuzzle) -> u64 {
    let count = VariantSolver::new(p).unwrap().count(None);
    assert!(count.is_complete());
    count.solutions
}

#[test]
fn non_consecutive_does_not_apply_across_a_white_dot() {
    // f-puzzles' global non-consecutive is "all white dots are given": a pair with a dot
    // follows its dot. With the dot between r1c1 and r1c2 they must be consecutive.
    let json = fp(
        9,
        r#""nonconsecutive": true, "difference": [{"cells": ["R1C1", "R1C2"]}]"#,
    );
    let p = from_fpuzzles(&json).unwrap().puzzle;
    let s = VariantSolver::new(&p)
        .unwrap()
        .first()
        .solution()
        .expect("solvable");
    let (a, b) = (s.grid.get(c(1, 1)).unwrap(), s.grid.get(c(1, 2)).unwrap());
    assert_eq!(a.abs_diff(b), 1);
    p.check(&s).unwrap();
}

#[test]
fn extremes_compare_only_with_the_other_kind() {
    // Two maximum cells side by side: each is above its other neighbours, not each other.
    let json = fp(
        4,
        r#""maximum": [{"cell": "R1C1"}, {"cell": "R1C2"}], "minimum": [{"cell": "R4C4"}]"#,
    );
    let p = from_fpuzzles(&json).unwrap().puzzle;
    assert!(solutions(&p) > 0);
    for s in VariantSolver::new(&p).unwrap().solutions(None) {
        let d = |r, col| s.grid.get(c(r, col)).unwrap();
        assert!(d(1, 1) > d(2, 1) && d(1, 2) > d(2, 2) && d(1, 2) > d(1, 3));
        assert!(d(4, 4) < d(3, 4) && d(4, 4) < d(4, 3));
    }
}

#[test]
fn cells_without_a_region_keep_their_default_one() {
    // 7×7 has no boxes: a cell's default region is its row. Rows 1 and 2 swap two cells.
    let mut grid = Vec::new();
    for r in 0..7 {
        let mut row = Vec::new();
        for col in 0..7 {
            row.push(match (r, col) {
                (0, 6) => r#"{"region": 1}"#.to_string(),
                (1, 6) => r#"{"region": 0}"#.to_string(),
                _ => "{}".to_string(),
            });
        }
        grid.push(format!("[{}]", row.join(",")));
    }
    let json = format!(r#"{{"size": 7, "grid": [{}]}}"#, grid.join(","));
    let p = from_fpuzzles(&json).unwrap().puzzle;
    assert_eq!(p.shape.region_of(c(1, 1)), Some(0));
    assert_eq!(p.shape.region_of(c(1, 7)), Some(1));
    assert_eq!(p.shape.region_of(c(2, 7)), Some(0));
    assert_eq!(p.shape.region_of(c(5, 3)), Some(4));
    // 9×9 cells without a region are in their box.
    let p = from_fpuzzles(&fp(9, "")).unwrap().puzzle;
    assert_eq!(p.shape, Shape::classic());
}

#[test]
fn whispers_default_to_half_the_size_and_take_a_value() {
    let read = |size, rest: &str| from_fpuzzles(&fp(size, rest)).unwrap().puzzle.constraints;
    let line = r#"{"lines": [["R1C1", "R1C2"]]}"#;
    let kinds = |cs: Vec<Constraint>| -> Vec<LineKind> {
        cs.into_iter()
            .map(|c| match c {
                Constraint::Line(l) => l.kind,
                other => panic!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(
        kinds(read(9, &format!(r#""whispers": [{line}]"#))),
        [LineKind::Whispers { difference: None }]
    );
    let dutch = r#""whispers": [{"lines": [["R1C1", "R1C2"]], "value": "4"}]"#;
    assert_eq!(
        kinds(read(9, dutch)),
        [LineKind::Whispers {
            difference: Some(4)
        }]
    );
    assert_eq!(
        kinds(read(9, &format!(r#""dutchwhispers": [{line}]"#))),
        [LineKind::Whispers {
            difference: Some(4)
        }]
    );
    // On 6×6 the default difference is 3: 1-4, 2-5, 3-6 and reverses.
    let p = from_fpuzzles(&fp(6, &format!(r#""whispers": [{line}]"#)))
        .unwrap()
        .puzzle;
    for s in VariantSolver::new(&p).unwrap().solutions(Some(50)) {
        let (a, b) = (s.grid.get(c(1, 1)).unwrap(), s.grid.get(c(1, 2)).unwrap());
        assert!(a.abs_diff(b) >= 3);
    }
}

#[test]
fn a_line_that_ends_where_it_starts_is_a_loop() {
    let json = fp(
        9,
        r#""entropicline": [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3", "R2C2", "R2C1", "R1C1"]]}]"#,
    );
    let p = from_fpuzzles(&json).unwrap().puzzle;
    let Constraint::Line(l) = &p.constraints[0] else {
        panic!()
    };
    assert!(l.closed && l.cells.len() == 6);
    let s = VariantSolver::new(&p).unwrap().first().solution().unwrap();
    // The wrap: r2c1, r1c1 and r1c2 are one of each third too.
    let third = |d: u8| (d - 1) / 3;
    let mut t = [
        third(s.grid.get(c(2, 1)).unwrap()),
        third(s.grid.get(c(1, 1)).unwrap()),
        third(s.grid.get(c(1, 2)).unwrap()),
    ];
    t.sort_unstable();
    assert_eq!(t, [0, 1, 2]);
    // A thermometer has ends: as a loop it is refused, by name, as it is read (at its key).
    let json = fp(
        9,
        r#""thermometer": [{"lines": [["R1C1", "R1C2", "R2C2", "R1C1"]]}]"#,
    );
    let err = from_fpuzzles(&json).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("thermometer: a thermometer cannot be a closed loop"),
        "{err}"
    );
    assert!(err.position().is_some(), "{err}");
}

#[test]
fn given_pencil_marks_restrict_the_cell() {
    let mut grid: Vec<String> = Vec::new();
    for r in 0..4 {
        let mut row = vec!["{}".to_string(); 4];
        if r == 0 {
            row[0] = r#"{"givenPencilMarks": [2, 3]}"#.to_string();
            row[1] = r#"{"givenPencilMarks": null}"#.to_string();
        }
        grid.push(format!("[{}]", row.join(",")));
    }
    let json = format!(r#"{{"size": 4, "grid": [{}]}}"#, grid.join(","));
    let p = from_fpuzzles(&json).unwrap().puzzle;
    assert_eq!(
        p.constraints,
        [Constraint::from(Candidates {
            cell: c(1, 1),
            digits: vec![2, 3]
        })]
    );
    assert_eq!(solutions(&p), 144);
}

#[test]
fn plug_in_drawings_are_copies_or_the_rule_itself() {
    let line = r##"{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#F067F0", "width": 0.25, "fromConstraint": "Renban"}"##;
    // With the rule's own key: a copy, not reported.
    let both = fp(
        9,
        &format!(r#""renban": [{{"lines": [["R1C1", "R1C2", "R1C3"]]}}], "line": [{line}]"#),
    );
    let imported = from_fpuzzles(&both).unwrap();
    assert_eq!(imported.puzzle.constraints.len(), 1);
    assert!(imported.ignored.is_empty());
    // Without it: the drawing is the rule.
    let alone = from_fpuzzles(&fp(9, &format!(r#""line": [{line}]"#))).unwrap();
    assert_eq!(
        alone.puzzle.constraints,
        [Constraint::from(Line::new(
            LineKind::Renban,
            [c(1, 1), c(1, 2), c(1, 3)]
        ))]
    );
    // An outside clue drawn as two texts: the symbol and the value.
    let texts = r#""text": [{"cells": ["R0C1"], "value": "◯", "fromConstraint": "X Sum"},
        {"cells": ["R0C1"], "value": "15", "fromConstraint": "X Sum"}]"#;
    let p = from_fpuzzles(&fp(9, texts)).unwrap().puzzle;
    assert_eq!(
        p.constraints,
        [Constraint::from(XSum {
            clue: Outside {
                side: Side::Top,
                index: 0
            },
            sum: 15
        })]
    );
    // A lockout drawn by the plug-in (its line and the diamonds at its ends) beside the
    // lockout key: copies. Alone, refused by name: the drawings lack the difference.
    let lockout_drawings = r##""line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "fromConstraint": "Lockout"}],
        "rectangle": [{"cells": ["R1C1"], "fromConstraint": "Lockout"}, {"cells": ["R1C3"], "fromConstraint": "Lockout"}]"##;
    let with_rule = fp(
        9,
        &format!(
            r#""lockout": [{{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "4"}}], {lockout_drawings}"#
        ),
    );
    let imported = from_fpuzzles(&with_rule).unwrap();
    assert_eq!(imported.puzzle.constraints.len(), 1);
    assert!(imported.ignored.is_empty(), "{:?}", imported.ignored);
    let err = from_fpuzzles(&fp(9, lockout_drawings))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("drawn for \"Lockout\" without its lockout key"),
        "{err}"
    );
    // A drawing for a rule we do not know is refused by its name.
    let unknown = r#""line": [{"lines": [["R1C1", "R1C2"]], "fromConstraint": "Clock Line"}]"#;
    let err = from_fpuzzles(&fp(9, unknown)).unwrap_err().to_string();
    assert!(err.contains("\"Clock Line\""), "{err}");
    // An old export that does not name its rule, with no rule of the same line: refused.
    let old = r##""line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#60C060", "isNewConstraint": true}]"##;
    assert!(matches!(
        from_fpuzzles(&fp(9, old)),
        Err(FpuzzlesError::Unsupported { .. })
    ));
    // ... and with the rule it copies: a copy.
    let old_with_rule = fp(
        9,
        r#""whispers": [{"lines": [["R1C1", "R1C2"]]}], "line": [{"lines": [["R1C2", "R1C1"]], "isNewConstraint": true}]"#,
    );
    assert_eq!(
        from_fpuzzles(&old_with_rule)
            .unwrap()
            .puzzle
            .constraints
            .len(),
        1
    );
}

#[test]
fn cosmetic_keys_are_ignored_with_a_note() {
    let json = fp(
        4,
        r#""successMessage": "Well done!", "cage": [{"cells": ["R1C1"], "value": "7"}], "highlightConflicts": true, "fogofwar": ["R2C2"]"#,
    );
    let imported = from_fpuzzles(&json).unwrap();
    assert_eq!(
        imported.ignored,
        ["cage (1)", "fogofwar (1)", "successMessage (1)"]
    );
    assert!(imported.puzzle.constraints.is_empty());
}

#[test]
fn the_editors_list_of_active_tools_is_not_a_rule() {
    // Newer f-puzzles exports list the constraint tools in use beside the rules
    // themselves, each rule still under its own key.
    let json = fp(
        4,
        r#""killercage": [{"cells": ["R1C1", "R2C1"], "value": "3"}], "activeConstraints": ["Killer Cage"]"#,
    );
    let imported = from_fpuzzles(&json).unwrap();
    assert_eq!(imported.puzzle.constraints.len(), 1, "the cage is read");
    assert!(imported.ignored.is_empty());
}

#[test]
fn unknown_rules_are_refused_by_name() {
    let json = fp(
        9,
        r#""clock": [{"lines": [["R1C1"]]}], "sumdot(intersection)": [{"cells": ["R1C1"], "value": "3"}]"#,
    );
    assert_eq!(
        from_fpuzzles(&json).unwrap_err().to_string(),
        "unsupported f-puzzles constraints: clock, sumdot(intersection)"
    );
}

#[test]
fn a_decompression_bomb_is_refused() {
    // 200,000 characters of one letter compress to a few hundred bytes and expand
    // quadratically in the dictionary if nothing stops them; the limit is 4 Mi.
    let huge = format!(r#"{{"size": 4, "title": "{}"}}"#, "x".repeat(5_000_000));
    let payload = lz_str::compress_to_base64(huge.as_str());
    assert!(payload.len() < 100_000);
    let err = read_puzzle(&format!("https://f-puzzles.com/?load={payload}")).unwrap_err();
    assert!(
        err.to_string().contains("decompresses to more than"),
        "{err}"
    );
}

#[test]
fn links_with_escapes_never_panic() {
    for text in [
        "https://www.f-puzzles.com/?load=%aé",
        "https://www.f-puzzles.com/?load=%",
        "https://sudokupad.app/fpuzzles%é%",
    ] {
        assert!(read_puzzle(text).is_err(), "{text}");
    }
}

#[test]
fn toml_is_told_from_links_by_parsing() {
    let text = "size = 4\nrules = \"Play it at https://f-puzzles.com/?load=N4Ig\"\n";
    let p = read_puzzle(text).unwrap().puzzle;
    assert!(p.rules.unwrap().contains("load="));
    let text = "title = \"http is not a link here\"\nsize = 4\n";
    assert!(read_puzzle(text).is_ok());
}

/// A 9×9 puzzle with the samples of every rule f-puzzles can express (from the rule
/// registry), lines first, as they are drawn under the rest.
fn every_fpuzzles_rule() -> VariantPuzzle {
    let mut p = VariantPuzzle::new(Shape::classic());
    p.constraints = samples().fpuzzles;
    p.constraints.sort_by_key(|c| c.kind() != Kind::Line);
    p
}

/// The rules as sorted debug strings (formats group rules by kind).
fn rule_set(p: &VariantPuzzle) -> Vec<String> {
    let mut v: Vec<String> = p.constraints.iter().map(|c| format!("{c:?}")).collect();
    v.sort();
    v
}

#[test]
fn every_rule_round_trips_through_fpuzzles_and_toml() {
    let p = every_fpuzzles_rule();
    p.validate().unwrap();
    let json = to_fpuzzles(&p).unwrap();
    let back = from_fpuzzles(&json).unwrap();
    assert!(back.ignored.is_empty());
    assert_eq!(rule_set(&back.puzzle), rule_set(&p));
    let toml = to_toml(&p);
    let back = from_toml(&toml).unwrap();
    assert_eq!(rule_set(&back), rule_set(&p));
    // Every rule has a sample.
    let all = samples();
    let kinds: std::collections::BTreeSet<Kind> = (all.fpuzzles.iter())
        .chain(&all.toml_only)
        .map(Constraint::kind)
        .collect();
    assert_eq!(kinds.len(), Kind::ALL.len(), "a rule without a sample");
    // And the rules f-puzzles lacks, through TOML.
    let mut q = VariantPuzzle::new(Shape::for_size(6).unwrap());
    q.constraints = all.toml_only;
    let back = from_toml(&to_toml(&q)).unwrap();
    assert_eq!(rule_set(&back), rule_set(&q));
    // The circles keep their order.
    let circles = q
        .constraints
        .iter()
        .find(|c| c.kind() == Kind::CountingCircles);
    assert!(back.constraints.contains(circles.unwrap()));
    // f-puzzles refuses each of them by name.
    for rule in &q.constraints {
        let mut alone = VariantPuzzle::new(Shape::for_size(6).unwrap());
        alone.constraints = vec![rule.clone()];
        let err = to_fpuzzles(&alone).unwrap_err().to_string();
        assert!(err.starts_with("f-puzzles cannot express:"), "{err}");
        assert!(err.contains(rule.name()), "{rule:?}: {err}");
    }
}

/// "All X given" and "all V given" apart (TOML only: f-puzzles negates both together):
/// neighbours without an X do not add up to 10, without a V not to 5, and each mark lifts
/// only its own rule.
#[test]
fn all_x_given_and_all_v_given_are_apart() {
    // 4 and 6 side by side, then 2 and 3, in the first row of a 9×9 (on 6×6 the negative
    // rules leave too few grids).
    let puzzle = |rules: &str| {
        let givens = format!("4623{}", ".".repeat(77));
        from_toml(&format!("size = 9\ngivens = \"{givens}\"\n{rules}")).unwrap()
    };
    let cases = [
        ("", true),
        ("global = [\"negative-x\"]", false),
        ("global = [\"negative-v\"]", false),
        ("global = [\"negative-x\"]\n[[x]]\ncells = \"r1c1 r1c2\"", true),
        ("global = [\"negative-x\"]\n[[x]]\ncells = \"r1c2 r1c1\"\n[[v]]\ncells = \"r1c3 r1c4\"", true),
        // A V does not lift "all X given", nor an X "all V given".
        ("global = [\"negative-v\"]\n[[x]]\ncells = \"r1c1 r1c2\"", false),
        ("global = [\"negative-v\"]\n[[v]]\ncells = \"r1c3 r1c4\"", true),
        // 6 and 2 (r1c2, r1c3) add up to neither.
        ("global = [\"negative-x\", \"negative-v\"]\n[[x]]\ncells = \"r1c1 r1c2\"\n[[v]]\ncells = \"r1c3 r1c4\"", true),
        ("global = [\"negative-xv\"]\n[[x]]\ncells = \"r1c1 r1c2\"\n[[v]]\ncells = \"r1c3 r1c4\"", true),
        ("global = [\"negative-xv\"]\n[[x]]\ncells = \"r1c1 r1c2\"", false),
    ];
    for (rules, ok) in cases {
        let p = puzzle(rules);
        assert_eq!(solvable(&p), ok, "{rules}");
        // Both engines agree.
        let links = VariantSolver::new(&p)
            .unwrap()
            .with_engine(dlx_sudoku::variant::VariantEngine::DancingLinks);
        assert_eq!(links.first().solution().is_some(), ok, "{rules}: links");
    }
    // Written back as they were read; f-puzzles negates both or neither.
    let p = puzzle("global = [\"negative-v\"]");
    assert!(to_toml(&p).contains("global = [\"negative-v\"]"));
    let err = to_fpuzzles(&p).unwrap_err().to_string();
    assert_eq!(err, "f-puzzles cannot express: negative V");
    let fp_xv = from_fpuzzles(&fp(6, r#""negative": ["xv"]"#)).unwrap();
    assert_eq!(
        fp_xv.puzzle.constraints,
        [Negative(NegativeKind::Xv).into()]
    );
}

/// Counting circles (TOML only): a digit in a circle says how many circles hold it. Three
/// circles in a row can hold 1, 2, 2 (or 3, 3, 3 apart), never 1, 1, x; f-puzzles' plain
/// `circle` drawing stays a drawing.
#[test]
fn counting_circles_count_their_digits() {
    let p = from_toml(
        "size = 4\ngivens = \"1... .... .... ....\"\ncounting-circles = \"r1c1 r2c3 r4c1\"\n",
    )
    .unwrap();
    // r1c1 = 1: the other two hold the same digit, 2 (3 would need three circles), which
    // r2c3 and r4c1 can: they share no house.
    let mut count = 0;
    for s in VariantSolver::new(&p).unwrap().solutions(None) {
        assert_eq!(s.grid.get(c(2, 3)), Some(2));
        assert_eq!(s.grid.get(c(4, 1)), Some(2));
        count += 1;
    }
    assert!(count > 0);
    // Three circles that see each other (one row) cannot count: 1 + 2 would need two 2s.
    let row = from_toml("size = 4\ncounting-circles = \"r1c1 r1c2 r1c3\"\n").unwrap();
    assert_eq!(solutions(&row), 0);
    // Circles r1c1, r2c3, r3c2, nothing given: a 1 and two 2s, or three 3s (the three
    // cells share no house).
    let free = from_toml("size = 4\ncounting-circles = \"r1c1 r2c3 r3c2\"\n").unwrap();
    let digits: std::collections::BTreeSet<Vec<u8>> = VariantSolver::new(&free)
        .unwrap()
        .solutions(None)
        .iter()
        .map(|s| {
            let mut v: Vec<u8> = [c(1, 1), c(2, 3), c(3, 2)]
                .iter()
                .map(|&x| s.grid.get(x).unwrap())
                .collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(
        digits.into_iter().collect::<Vec<_>>(),
        [vec![1, 2, 2], vec![3, 3, 3]]
    );
    // A circle in f-puzzles is a drawing.
    let fp_circle = from_fpuzzles(&fp(4, r#""circle": [{"cells": ["R1C1"]}]"#)).unwrap();
    assert!(fp_circle.puzzle.constraints.is_empty());
    assert_eq!(fp_circle.ignored, ["circle (1)"]);
}

#[test]
fn every_rule_draws() {
    let p = every_fpuzzles_rule();
    let svg = dlx_sudoku::variant::render_svg(&p, None);
    insta::assert_snapshot!("every_rule", svg);
}

/// The TOML of every rule f-puzzles has: the reference the TOML section of
/// docs/variants.md is written from.
#[test]
fn every_rule_writes_toml() {
    insta::assert_snapshot!("every_rule_toml", to_toml(&every_fpuzzles_rule()));
}

#[test]
fn new_rules_read_from_toml() {
    let p = from_toml(
        r#"
        size = 4
        [[sandwich]]
        clue = "r0c2"
        sum = 5
        [[x-sum]]
        clue = "r3c5"
        sum = 7
        [[skyscraper]]
        clue = "r5c1"
        count = 2
        [[indexer]]
        kind = "column"
        cells = "r1c1 r2c1"
        [[candidates]]
        cell = "r4c4"
        digits = [1, 2]
        [[lockout]]
        cells = "r1c2 r2c2 r3c2"
        [[double-arrow]]
        cells = "r1c3 r2c3 r3c3"
        [[modular]]
        cells = "r3c4 r4c4 r4c3 r3c4"
    "#,
    )
    .unwrap();
    assert_eq!(p.constraints.len(), 8);
    assert!(matches!(
        &p.constraints[4],
        Constraint::Line(l) if l.closed && l.kind == LineKind::Modular
    ));
    let answer = VariantSolver::new(&p).unwrap().unique();
    if let Uniqueness::Unique(s) | Uniqueness::Multiple(s, _) = &answer {
        p.check(s).unwrap();
    }
    // Wrong clues are named.
    let err = from_toml("size = 4\n[[sandwich]]\nclue = \"r2c2\"\nsum = 1\n").unwrap_err();
    assert_eq!(err.to_string(), "sandwich 1: r2c2 is not beside the grid");
    let err =
        from_toml("size = 4\n[[indexer]]\nkind = \"diagonal\"\ncells = \"r1c1\"\n").unwrap_err();
    assert!(err.to_string().contains("not an indexer kind"));
}

// Conventions checked against the f-puzzles solver plug-in (audit of its f-puzzles import
// and its constraint definitions).

/// Whether the puzzle has a solution.
fn solvable(p: &VariantPuzzle) -> bool {
    VariantSolver::new(p).unwrap().first().solution().is_some()
}

#[test]
fn a_dot_of_either_colour_lifts_the_other_colours_negative_rule() {
    // The plug-in reads Kropki dots as one family: "all white dots given" (and f-puzzles'
    // non-consecutive) does not apply across a black dot, "all black dots given" not across
    // a white dot, so a dot between 1 and 2 may be either colour.
    let with_12 = |rest: &str| {
        let mut p = from_fpuzzles(&fp(9, rest)).unwrap().puzzle;
        p.givens = format!("12{}", ".".repeat(79)).parse().unwrap();
        p
    };
    for rule in [r#""nonconsecutive": true"#, r#""negative": ["difference"]"#] {
        let p = with_12(&format!(
            r#"{rule}, "ratio": [{{"cells": ["R1C1", "R1C2"]}}]"#
        ));
        assert!(solvable(&p), "{rule} with 1 and 2 across a black dot");
        // Without the dot the pair is ruled out.
        assert!(!solvable(&with_12(rule)), "{rule}");
    }
    let p = with_12(r#""negative": ["ratio"], "difference": [{"cells": ["R1C1", "R1C2"]}]"#);
    assert!(
        solvable(&p),
        "negative black dots with 1 and 2 across a white dot"
    );
    assert!(!solvable(&with_12(r#""negative": ["ratio"]"#)));
}

#[test]
fn a_digital_root_cage_is_refused_not_drawn() {
    // The plug-in reads a cosmetic cage whose text is "DR<n>" as a cage whose sum has
    // digital root n: a rule we do not have, so it must not pass as a drawing.
    let json = fp(
        9,
        r#""cage": [{"cells": ["R1C1", "R1C2"], "value": "DR5"}]"#,
    );
    let err = from_fpuzzles(&json).unwrap_err().to_string();
    assert!(
        err.contains("cage") && err.contains("digital root"),
        "{err}"
    );
    // Any other text on a cage is a drawing.
    let json = fp(
        9,
        r#""cage": [{"cells": ["R1C1", "R1C2"], "value": "DRY"}]"#,
    );
    assert_eq!(from_fpuzzles(&json).unwrap().ignored, ["cage (1)"]);
}

#[test]
fn a_killer_cage_of_sum_zero_has_no_sum() {
    // The plug-in reads a sum of 0 as no sum (f-puzzles' empty clue).
    let json = fp(
        4,
        r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "0"}]"#,
    );
    let p = from_fpuzzles(&json).unwrap().puzzle;
    assert_eq!(
        p.constraints,
        [Killer {
            cells: vec![c(1, 1), c(1, 2)],
            sum: None
        }
        .into()]
    );
}

#[test]
fn little_killers_follow_their_clue() {
    let read = |entry: &str| from_fpuzzles(&fp(4, &format!(r#""littlekillersum": [{entry}]"#)));
    // From the clue outside the grid, along its direction.
    let p = read(r#"{"cell": "R0C1", "direction": "DR", "value": "7"}"#)
        .unwrap()
        .puzzle;
    assert_eq!(
        p.constraints,
        [LittleKiller {
            cells: vec![c(1, 2), c(2, 3), c(3, 4)],
            sum: 7
        }
        .into()]
    );
    // A clue inside the grid: the plug-in counts its own cell, f-puzzles places clues
    // outside only; refused rather than guessed.
    let err = read(r#"{"cell": "R1C1", "direction": "DR", "value": "10"}"#).unwrap_err();
    assert!(err.to_string().contains("inside the grid"), "{err}");
    // Listed cells that are not the clue's diagonal: which one the setter meant is unknown.
    let err =
        read(r#"{"cell": "R0C1", "direction": "DR", "value": "7", "cells": ["R1C2", "R2C3"]}"#)
            .unwrap_err();
    assert!(err.to_string().contains("diagonal"), "{err}");
}

#[test]
fn arrows_start_in_their_circle_and_pills_read_in_order() {
    let read = |entry: &str| from_fpuzzles(&fp(9, &format!(r#""arrow": [{entry}]"#)));
    let p = read(r#"{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C2", "R3C2"]]}"#)
        .unwrap()
        .puzzle;
    assert_eq!(
        p.constraints,
        [Arrow {
            circle: vec![c(1, 1), c(1, 2)],
            shaft: vec![c(2, 2), c(3, 2)]
        }
        .into()]
    );
    // The plug-in reads a pill in the order its cells are listed; we read it in reading
    // order. When the two differ the puzzle cannot say which was meant.
    let err = read(r#"{"cells": ["R1C2", "R1C1"], "lines": [["R1C2", "R2C2"]]}"#).unwrap_err();
    assert!(err.to_string().contains("reading order"), "{err}");
    // The plug-in drops a line's first cell as the circle's (older versions dropped the
    // circle's cells wherever they were): a line that does not start in its circle, or
    // comes back into it, means different arrows to the two.
    let err = read(r#"{"cells": ["R1C1"], "lines": [["R2C2", "R3C3"]]}"#).unwrap_err();
    assert!(
        err.to_string().contains("does not start in its circle"),
        "{err}"
    );
    let err =
        read(r#"{"cells": ["R1C1", "R1C2"], "lines": [["R1C1", "R1C2", "R1C3"]]}"#).unwrap_err();
    assert!(err.to_string().contains("circle"), "{err}");
    // A pill written back starts its line at the pill cell next to the shaft, as the
    // plug-in does, so the plug-in reads the same arrow.
    let json = to_fpuzzles(&p).unwrap();
    assert!(
        json.contains(r#""lines":[["R1C2","R2C2","R3C2"]]"#),
        "{json}"
    );
    assert_eq!(from_fpuzzles(&json).unwrap().puzzle, p);
}

#[test]
fn unknown_fields_of_a_rule_entry_are_refused_by_name() {
    // A field no reader knows might change the rule: refused, naming key and field.
    let err = from_fpuzzles(&fp(
        9,
        r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "3", "operator": "x"}]"#,
    ))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"unsupported f-puzzles constraints: killercage with field "operator""#
    );
    // A value on a line that takes none is such a field too.
    let err = from_fpuzzles(&fp(
        9,
        r#""thermometer": [{"lines": [["R1C1", "R1C2"]], "value": "2"}]"#,
    ))
    .unwrap_err();
    assert!(
        err.to_string()
            .contains(r#"thermometer with field "value""#),
        "{err}"
    );
    // Drawing settings on a rule carry nothing.
    let p = from_fpuzzles(&fp(
        9,
        r##""renban": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#F067F0", "width": 0.4}]"##,
    ))
    .unwrap()
    .puzzle;
    assert_eq!(p.constraints.len(), 1);
}

#[test]
fn a_grid_that_disagrees_with_its_size_is_refused() {
    // f-puzzles writes `size` rows of `size` cells; the solver plug-in sizes a puzzle by its
    // grid, we by `size`, so a grid of another size is refused rather than read one way.
    let row = |n: usize| format!("[{}]", vec!["{}"; n].join(","));
    let json = |size: usize, rows: usize, cells: usize| {
        let grid = vec![row(cells); rows].join(",");
        format!(r#"{{"size": {size}, "grid": [{grid}]}}"#)
    };
    for (size, rows, cells) in [(4, 9, 9), (9, 4, 4), (6, 6, 5), (6, 5, 6)] {
        let err = from_fpuzzles(&json(size, rows, cells)).unwrap_err();
        assert!(
            err.to_string().contains("grid"),
            "{size}/{rows}x{cells}: {err}"
        );
    }
    // The same grid of the right size reads, and so does an empty one.
    assert_eq!(
        from_fpuzzles(&json(6, 6, 6)).unwrap().puzzle.shape.size(),
        6
    );
    assert!(from_fpuzzles(r#"{"size": 6, "grid": []}"#).is_ok());
}

/// A position in a file (1-based line and column).
fn at(line: usize, column: usize) -> Option<TextPosition> {
    Some(TextPosition { line, column })
}

#[test]
fn a_mark_between_cells_that_do_not_share_a_side_is_refused_where_it_is_written() {
    // A white dot between r1c1 and r1c3 (our own 4×4): a dot sits on the side two cells
    // share, so between cells that share none it has no meaning. Read as a rule between the
    // two cells it halved the empty grid's 288 solutions; it is refused, naming both cells,
    // at the entry in either format.
    let toml = include_str!("data/variants/refused/dots-apart.toml");
    let err = from_toml(toml).unwrap_err();
    assert_eq!(
        err.to_string(),
        "white 2: a white dot between r1c1 and r1c3: the cells do not touch"
    );
    assert_eq!(err.position(), at(9, 1));
    let json = include_str!("data/variants/refused/dots-apart.json");
    let err = from_fpuzzles(json).unwrap_err();
    assert_eq!(
        err.to_string(),
        "difference: a white dot between r1c1 and r1c3: the cells do not touch"
    );
    assert_eq!(err.position(), at(2, 2));
    // Without the stray dot the file reads: the 144 grids with r1c1 and r1c2 consecutive.
    let first_dot = toml
        .split("\n[[white]]\ncells = \"r1c1 r1c3\"")
        .next()
        .unwrap();
    assert_eq!(solutions(&from_toml(first_dot).unwrap()), 144);
    // Every mark between two cells, in both formats; cells that touch only at a corner are
    // refused too (the mark has no side to sit on).
    let toml_marks = [
        ("white", "a white dot"),
        ("black", "a black dot"),
        ("x", "an X"),
        ("v", "a V"),
    ];
    for (key, mark) in toml_marks {
        for (cells, why) in [
            ("r2c2 r4c2", "the cells do not touch"),
            ("r2c2 r3c3", "the cells touch only at a corner"),
        ] {
            let text = format!("size = 4\n[[{key}]]\ncells = \"{cells}\"\n");
            let err = from_toml(&text).unwrap_err().to_string();
            let (a, b) = cells.split_once(' ').unwrap();
            assert!(
                err.starts_with(&format!("{key} 1: {mark} between {a} and {b}: {why}")),
                "{key} {cells}: {err}"
            );
        }
        let text = format!("size = 4\n[[{key}]]\ncells = \"r2c2 r2c3\"\n");
        assert!(from_toml(&text).is_ok(), "{key}: neighbours are fine");
    }
    let fp_marks = [
        ("difference", "", "a white dot"),
        ("ratio", "", "a black dot"),
        ("xv", r#", "value": "X""#, "an X"),
        ("xv", r#", "value": "V""#, "a V"),
    ];
    for (key, value, mark) in fp_marks {
        let text = fp(
            4,
            &format!(r#""{key}": [{{"cells": ["R3C1", "R2C2"]{value}}}]"#),
        );
        let err = from_fpuzzles(&text).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{key}: {mark} between r3c1 and r2c2: the cells touch only at a corner (a mark \
                 between two cells sits on the side they share)"
            )
        );
        assert!(err.position().is_some(), "{key}: {err}");
    }
    // A puzzle built in code is refused by the solver, by the constraint's number.
    let mut p = VariantPuzzle::new(Shape::for_size(4).unwrap());
    p.constraints.push(
        Xv {
            cells: [c(1, 1), c(1, 3)],
            sum: 7,
        }
        .into(),
    );
    let err = VariantSolver::new(&p).unwrap_err().to_string();
    assert_eq!(
        err,
        "constraint 1 (XV): an XV sum of 7 between r1c1 and r1c3: the cells do not touch"
    );
}

#[test]
fn consecutive_cells_of_a_line_must_touch() {
    // A thermometer listed as r1c1, r4c4 (our own 4×4): drawn, the line passes through r2c2
    // and r3c3, which a solver counts as on it; read as two cells it had 108 solutions
    // instead of the drawn line's 2, so it is refused, naming the line and the two cells.
    let jump = "the thermometer jumps from r1c1 to r4c4, which do not touch (each cell of a \
                line touches the next, by a side or a corner)";
    let err = from_toml(include_str!("data/variants/refused/line-jump.toml")).unwrap_err();
    assert_eq!(err.to_string(), format!("thermometer 1: {jump}"));
    assert_eq!(err.position(), at(6, 1));
    let err = from_fpuzzles(include_str!("data/variants/refused/line-jump.json")).unwrap_err();
    assert_eq!(err.to_string(), format!("thermometer: {jump}"));
    assert_eq!(err.position(), at(2, 2));
    // The line as drawn: diagonal steps touch.
    let drawn = "size = 4\n[[thermometer]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n";
    assert_eq!(solutions(&from_toml(drawn).unwrap()), 2);
    // Every kind of line, in both formats.
    for key in [
        "thermometer",
        "slow-thermometer",
        "renban",
        "whispers",
        "nabner",
        "region-sum",
        "parity",
        "entropic",
        "modular",
        "palindrome",
        "same-difference",
        "zipper",
        "between",
        "lockout",
        "double-arrow",
    ] {
        let text = format!("size = 9\n[[{key}]]\ncells = \"r1c1 r2c1 r2c2 r4c3\"\n");
        let err = from_toml(&text).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("{key} 1: the ")) && err.contains("jumps from r2c2 to r4c3"),
            "{key}: {err}"
        );
        let text = format!("size = 9\n[[{key}]]\ncells = \"r1c1 r2c1 r2c2 r3c3\"\n");
        assert!(from_toml(&text).is_ok(), "{key}: a line of neighbours");
    }
    let kinds = [
        "thermometer",
        "slowthermometer",
        "renban",
        "whispers",
        "germanwhispers",
        "dutchwhispers",
        "nabner",
        "nabnerline",
        "regionsumline",
        "regionSumLine",
        "parityline",
        "entropicline",
        "modularline",
        "palindrome",
        "samedifferenceline",
        "zipperline",
        "betweenline",
        "lockout",
        "lockoutline",
        "doublearrow",
    ];
    for key in kinds {
        let text = fp(
            9,
            &format!(r#""{key}": [{{"lines": [["R1C1", "R2C1", "R2C2", "R4C3"]]}}]"#),
        );
        let err = from_fpuzzles(&text).unwrap_err();
        assert!(
            err.to_string().starts_with(&format!("{key}: the "))
                && err.to_string().contains("jumps from r2c2 to r4c3"),
            "{key}: {err}"
        );
        assert!(err.position().is_some(), "{key}: {err}");
    }
    // A plug-in drawing read as its rule is checked as the rule, at the drawing's key.
    let text = fp(
        9,
        r#""line": [{"lines": [["R1C1", "R1C3"]], "fromConstraint": "Renban"}]"#,
    );
    let err = from_fpuzzles(&text).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line: the renban line jumps from r1c1 to r1c3"),
        "{err}"
    );
    assert!(err.position().is_some());
}

#[test]
fn a_loop_closes_onto_a_neighbour_and_a_shaft_leaves_its_circle() {
    // A loop's last cell touches its first: written with `closed = true` in TOML, by
    // repeating the first cell in f-puzzles (whose last step is then an ordinary step).
    let ring = "size = 9\n[[renban]]\ncells = \"r1c1 r1c2 r2c2 r2c1\"\nclosed = true\n";
    assert!(from_toml(ring).is_ok());
    let open_ring = "size = 9\n[[renban]]\ncells = \"r1c1 r1c2 r1c3 r2c3\"\nclosed = true\n";
    let err = from_toml(open_ring).unwrap_err().to_string();
    assert_eq!(
        err,
        "renban 1: the renban line closes from r2c3 back to r1c1, which do not touch (a \
         loop's last cell touches its first)"
    );
    let text = fp(
        9,
        r#""entropicline": [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3", "R1C1"]]}]"#,
    );
    let err = from_fpuzzles(&text).unwrap_err();
    assert!(
        err.to_string()
            .contains("the entropic line closes from r2c3 back to r1c1"),
        "{err}"
    );
    // A lasso (whispers through a cell again) still reads; its steps touch.
    let lasso = fp(
        9,
        r#""whispers": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1", "R1C2", "R1C3"]]}]"#,
    );
    assert!(from_fpuzzles(&lasso).is_ok());
    // An arrow's shaft starts next to its circle (or any cell of its pill) and goes on from
    // neighbour to neighbour. The f-puzzles line may start at the far cell of a pill and
    // cross the pill: the shaft still leaves the pill from a neighbour.
    let arrow = |entry: &str| from_fpuzzles(&fp(9, &format!(r#""arrow": [{entry}]"#)));
    let p = arrow(r#"{"cells": ["R7C6", "R7C7"], "lines": [["R7C7", "R7C5", "R7C4"]]}"#)
        .unwrap()
        .puzzle;
    assert_eq!(
        p.constraints,
        [Arrow {
            circle: vec![c(7, 6), c(7, 7)],
            shaft: vec![c(7, 5), c(7, 4)]
        }
        .into()]
    );
    let err = arrow(r#"{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R2C4"]]}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("arrow: the arrow jumps from r2c2 to r2c4, which do not touch"),
        "{err}"
    );
    let far = "size = 9\n[[arrow]]\ncircle = \"r1c1 r1c2\"\nshaft = \"r3c3 r4c3\"\n";
    assert_eq!(
        from_toml(far).unwrap_err().to_string(),
        "arrow 1: the arrow's shaft starts at r3c3, which does not touch its pill r1c1 r1c2"
    );
    let far = "size = 9\n[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r1c3 r1c4\"\n";
    assert_eq!(
        from_toml(far).unwrap_err().to_string(),
        "arrow 1: the arrow's shaft starts at r1c3, which does not touch its circle r1c1"
    );
}

#[test]
fn json_that_is_not_an_object_is_named_as_such() {
    // An f-puzzles puzzle is a JSON object. Valid JSON of another kind (an array, a string,
    // a number) was tried as a compressed link payload and refused as "cannot decompress
    // the f-puzzles payload (expected lz-string base64)", which sent the reader looking for
    // a link. It is refused as what it is, where it starts.
    let object = "must be a JSON object ({\"size\": …, \"grid\": […]})";
    for (text, found, place) in [
        ("[1,2]", "an array", at(1, 1)),
        ("[1, 2]", "an array", at(1, 1)),
        ("\"abc\"", "a string", at(1, 1)),
        ("42", "a number", at(1, 1)),
        ("-1.5", "a number", at(1, 1)),
        ("null", "null", at(1, 1)),
        ("true", "a boolean", at(1, 1)),
        ("\n\n  [1,2]\n", "an array", at(3, 3)),
    ] {
        let message = format!("the data {object}, not {found}");
        let err = from_fpuzzles(text).unwrap_err();
        assert!(
            matches!(err, FpuzzlesError::NotObject { .. }),
            "{text:?}: {err:?}"
        );
        assert_eq!(err.to_string(), message, "{text:?}");
        assert_eq!(err.position(), place, "{text:?}");
        // Through the reader of every format (whose TOML parser refused `[1, 2]` as an
        // unclosed table before).
        let err = read_puzzle(text).unwrap_err();
        assert_eq!(err.to_string(), format!("f-puzzles: {message}"), "{text:?}");
        assert_eq!(err.position(), place, "{text:?}");
    }
    // A link or payload that decompresses to such JSON: no lines to point at.
    for (json, found) in [
        ("[1,2]", "an array"),
        ("\"abc\"", "a string"),
        ("42", "a number"),
    ] {
        let payload = lz_str::compress_to_base64(json);
        for text in [
            payload.clone(),
            format!("https://sudokupad.app/fpuzzles{payload}"),
            format!("https://www.f-puzzles.com/?load={payload}"),
        ] {
            let err = from_fpuzzles(&text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("the payload decompresses to {found}: the data {object}"),
                "{text}"
            );
            assert_eq!(err.position(), None, "{text}");
            assert!(read_puzzle(&text).is_err());
        }
    }
    // An object still reads, and a payload that is not lz-string is still refused as one.
    assert!(from_fpuzzles(&fp(4, "")).is_ok());
    assert!(matches!(
        from_fpuzzles("N4Ig%%%"),
        Err(FpuzzlesError::Decompress)
    ));
}

#[test]
fn fpuzzles_positions_count_the_lines_before_the_object() {
    // Blank lines before the JSON object are lines of the file: positions count them (they
    // were counted from the object's first line).
    let text = format!("\n\n{}", fp(4, r#""clock": [{"cells": ["R1C1"]}]"#));
    let err = from_fpuzzles(&text).unwrap_err();
    assert_eq!(err.to_string(), "unsupported f-puzzles constraints: clock");
    let column = text.lines().nth(2).unwrap().find("\"clock\"").unwrap() + 1;
    assert_eq!(err.position(), at(3, column));
    assert_eq!(read_puzzle(&text).unwrap_err().position(), at(3, column));
    // A syntax error's message gives serde_json's line, counted from the file's start.
    let err = read_puzzle("\n\n{\"size\": 4, \"grid\": [], ").unwrap_err();
    assert!(err.to_string().contains("at line 3 column"), "{err}");
}
