//! The SVG pictures: killer cages drawn as one outline each (an L and a ring, as
//! snapshots), and text placed with explicit baselines in every picture we write (no
//! `dominant-baseline`, which renderers other than Chromium ignore).

use dlx_sudoku::knightdoku::KnightdokuBoard;
use dlx_sudoku::queens::QueensSolution;
use dlx_sudoku::sudoku::{render_svg, Cell, Shape};
use dlx_sudoku::tour::{find_tour, TourBoard, TourOptions};
use dlx_sudoku::variant::{self, Killer, VariantPuzzle};

/// Lines of `svg` that draw a cage: dashed paths and the sums' white patches and texts.
fn cage_lines(svg: &str) -> String {
    svg.lines()
        .filter(|l| {
            l.contains("stroke-dasharray")
                || (l.contains("fill=\"#ffffff\"/>") && l.contains("<rect x"))
                || l.contains("font-size=\"10\"")
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A 9×9 puzzle with an L-shaped cage in the top-left corner and a ring of eight cells
/// around the centre.
fn l_and_ring() -> VariantPuzzle {
    let mut p = VariantPuzzle::new(Shape::for_size(9).unwrap());
    let l = vec![
        Cell::new(2, 1),
        Cell::new(0, 0),
        Cell::new(1, 0),
        Cell::new(2, 0),
    ];
    let ring: Vec<Cell> = (3..6)
        .flat_map(|r| (3..6).map(move |c| Cell::new(r, c)))
        .filter(|&c| c != Cell::new(4, 4))
        .collect();
    p.constraints.push(
        Killer {
            cells: l,
            sum: Some(13),
        }
        .into(),
    );
    p.constraints.push(
        Killer {
            cells: ring,
            sum: Some(40),
        }
        .into(),
    );
    p
}

#[test]
fn each_cage_is_one_outline() {
    let svg = variant::render_svg(&l_and_ring(), None);
    let paths: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<path") && l.contains("stroke-dasharray"))
        .collect();
    assert_eq!(paths.len(), 2, "one path per cage");
    // The L: one loop of six sides; the ring: an outer loop and a hole, four sides each.
    assert_eq!(paths[0].matches(" Z").count(), 1);
    assert_eq!(paths[1].matches(" Z").count(), 2);
    assert!(
        paths[0].contains("d=\"M8,8 H40 V88 H80 V120 H8 Z\""),
        "{}",
        paths[0]
    );
    assert!(
        paths[1].contains("d=\"M128,128 H240 V240 H128 Z M160,160 V208 H208 V160 Z\""),
        "{}",
        paths[1]
    );
    // Each sum in the top-left corner of the cage's first cell in reading order: r1c1 for
    // the L (listed last but one), r4c4 for the ring.
    assert!(svg
        .contains("<text x=\"6\" y=\"14\" font-family=\"sans-serif\" font-size=\"10\">13</text>"));
    assert!(svg.contains(
        "<text x=\"126\" y=\"134\" font-family=\"sans-serif\" font-size=\"10\">40</text>"
    ));
    insta::assert_snapshot!("killer_l_and_ring", cage_lines(&svg));
}

/// Every `<text>` element of `svg`, one per line.
fn texts(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        let end = rest[start..]
            .find("</text>")
            .map_or(rest.len(), |e| start + e + 7);
        out.push(rest[start..end].to_string());
        rest = &rest[end..];
    }
    out
}

/// The pictures of every kind we write, small.
fn every_picture() -> Vec<(&'static str, String)> {
    let shape = Shape::for_size(4).unwrap();
    let puzzle = "1...............".parse().unwrap();
    let solution = "1234341221434321".parse().unwrap();
    let sudoku = render_svg(&shape, &puzzle, Some(&solution)).unwrap();
    let knightdoku: KnightdokuBoard = "N1..\n....\n..N.\n....".parse().unwrap();
    let queens = QueensSolution::from_columns(vec![1, 3, 0, 2]).render_svg();
    let tour = find_tour(TourBoard::new(3, 4).unwrap(), &TourOptions::open())
        .unwrap()
        .to_svg();
    let mut v = l_and_ring();
    v.givens = format!("5{}", ".".repeat(80)).parse().unwrap();
    let variant = variant::render_svg(&v, None);
    vec![
        ("sudoku", sudoku),
        ("knightdoku", knightdoku.render_svg()),
        ("queens", queens),
        ("tour", tour),
        ("variant", variant),
    ]
}

#[test]
fn no_picture_relies_on_dominant_baseline() {
    for (name, svg) in every_picture() {
        assert!(!svg.contains("dominant-baseline"), "{name}");
        assert!(!svg.contains(" dy="), "{name}");
        for t in texts(&svg) {
            assert!(t.contains(" y=\""), "{name}: {t}");
        }
    }
}

/// Text is centred on a point by its baseline: the centre plus 0.35 of the font size.
#[test]
fn text_placement() {
    let mut out = String::new();
    for (name, svg) in every_picture() {
        out.push_str(&format!("# {name}\n"));
        // Group attributes that texts inherit (font size, anchor).
        for l in svg.lines().filter(|l| l.starts_with("<g font")) {
            out.push_str(l);
            out.push('\n');
        }
        for t in texts(&svg).iter().take(6) {
            out.push_str(t);
            out.push('\n');
        }
    }
    // A 4×4 Sudoku: cells of 40 px from 4 px, digits of 24 px: the first row's centre is
    // at 24, its baseline at 24 + 8.4.
    assert!(
        out.contains("<text x=\"24\" y=\"32.4\" fill=\"#000000\" font-weight=\"bold\">1</text>")
    );
    insta::assert_snapshot!("text_placement", out);
}
