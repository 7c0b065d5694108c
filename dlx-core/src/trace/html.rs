//! Traces as one self-contained HTML page: the puzzle, the matrix of items × options, the
//! dancing links and the search tree, with controls to step through the trace forwards
//! and backwards.
//!
//! The page needs nothing from the network: its CSS and script are inline, and the trace,
//! the matrix and the picture are embedded as JSON. At every step it shows
//!
//! * **the puzzle** (when the page has a [`Picture`]): the board, with the marks of the
//!   options in the partial solution tinted by level, the option being tried outlined, and
//!   the options set aside for the item being branched on drawn faintly;
//! * **the matrix**: which items are active or covered (tinted with the colour of the level
//!   that covered them), which options are available, set aside, hidden (by level), tried
//!   or in the partial solution, and each active item's number of options (its `LEN`).
//!   Covered items and unavailable options can be collapsed ("only what is active"), the
//!   headers stay in view, and the matrix zooms (and fits itself to the window);
//! * **the dancing links**: the running number of updates (Knuth's count), and a mode that
//!   plays a step one link at a time: every node unlinked from its item's list (or relinked,
//!   going back), with a picture of that list;
//! * **the search tree**: the nodes visited so far, dead ends and solutions marked, the
//!   current node highlighted; a click on a node goes to its step;
//! * the step's line and note, the partial solution, the solutions found, and the whole
//!   trace as a list of lines (a click goes there).
//!
//! Levels are tinted with hues that never repeat (a golden-angle walk that skips the red of
//! dead ends and the green of solutions), and the level number is written beside them.
//!
//! Buttons, the keyboard (arrows, Home/End, PageUp/PageDown; `a` only what is active, `d`
//! the links one at a time, `+`/`-`/`0` zoom, `f` fit) and a slider move through the trace;
//! the address `page.html#step=N` opens it at step `N` (0 is the start, before the first
//! step), and the page keeps that address up to date.
//!
//! For a test, every piece of state is in the DOM: `<body data-step="N">`; item headers
//! `th#item-K` with `data-state` (`active`, `covered` or `colored`), `data-level` and the
//! classes `chosen` (the item branched on at its level) and `current`; `#len-K` the item's
//! number of options while it is active; option rows `tr#option-K` with `data-state`
//! (`active`, `candidate`, `chosen`, `tried` or `hidden`) and `data-level`; the lists
//! `ol#partial` and `ol#solutions`; `#step-label` (`Step N of M`); `#line` (the step's
//! trace line); `#status` with `data-status` (`start`, `choose`, `dead-end`, `try`,
//! `solution`, `undo`, `backtrack`, `done`); `#updates`; the puzzle's marks
//! `#puzzle .mark` with `data-option` and `data-role` (`placed`, `current`, `candidate`,
//! `solution`); the tree's nodes `#tree .node` with `data-step` and `data-kind` (`choose`,
//! `dead-end`, `solution`) and the class `current`.
//!
//! ```
//! use dlx_core::trace::{trace, html, examples};
//! let lesson = examples::lesson("toy").unwrap();
//! let problem = lesson.problem();
//! let t = trace(&problem, 1000).unwrap();
//! let page = html::render(&problem, &t, &html::PageOptions::for_lesson(lesson));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(page.contains("<title>Knuth&#39;s 7-item example — Algorithm X step by step</title>"));
//! assert!(!page.contains("<script src") && !page.contains("<link"));
//! ```

use serde_json::{json, Value};

use super::examples::Lesson;
use super::picture::{Drawing, Picture};
use super::{json as json_lines, text, Trace, TraceError, TraceEvent};
use crate::problem::OptionId;
use crate::problem::Problem;

/// The page template: inline CSS and script; `__TITLE__` and `__DATA__` are filled in.
const TEMPLATE: &str = include_str!("page.html");

/// The matrix on the page shows at most this many options (rows)...
pub const MAX_ROWS: usize = 400;
/// ... and at most this many items (columns: every item of a 9×9 Sudoku); the trace,
/// the panels, the puzzle and the tree still cover all of them.
pub const MAX_COLS: usize = 324;

/// The most steps a page holds (the page embeds every step, and a browser must load it):
/// `dlx trace --format html` refuses a larger `--max-steps`. Text and JSON lines are
/// written as the search goes and take any number.
pub const MAX_STEPS: usize = 100_000;

/// The most option and item numbers the steps of a page hold (the options a step hides,
/// the items it covers, a solution's options), whatever their number of steps: a step of
/// a large problem can hide thousands of options, so 100,000 steps of a 20×20 pentomino
/// tiling grew past 4 GB. [`trace_for_page`] stops recording there (about 25 MB of page).
pub const MAX_PAGE_NUMBERS: usize = 2_000_000;

/// How many option and item numbers a step carries (see [`MAX_PAGE_NUMBERS`]).
fn numbers_in(event: &TraceEvent) -> usize {
    match event {
        TraceEvent::Try {
            covered,
            colored,
            hidden,
            ..
        } => covered.len() + colored.len() + hidden.len() + 1,
        TraceEvent::Solution { options, .. } => options.len() + 1,
        _ => 1,
    }
}

/// Records the steps of `problem`'s search for a page: at most `max_steps` of them, and no
/// more than [`MAX_PAGE_NUMBERS`] numbers in them all, so that memory and the page stay
/// bounded whatever the problem. A trace cut by the numbers is `truncated`, with fewer
/// than `max_steps` steps.
///
/// ```
/// use dlx_core::trace::{examples, html, trace};
/// let problem = examples::lesson("toy").unwrap().problem();
/// assert_eq!(html::trace_for_page(&problem, 1000).unwrap(), trace(&problem, 1000).unwrap());
/// ```
pub fn trace_for_page(problem: &Problem, max_steps: usize) -> Result<Trace, TraceError> {
    trace_bounded(problem, max_steps, MAX_PAGE_NUMBERS)
}

/// [`trace_for_page`] with another bound on the numbers.
fn trace_bounded(
    problem: &Problem,
    max_steps: usize,
    max_numbers: usize,
) -> Result<Trace, TraceError> {
    let mut events = Vec::new();
    let mut numbers = 0usize;
    let mut t = super::trace_each(problem, max_steps, |e| {
        numbers = numbers.saturating_add(numbers_in(e));
        if numbers > max_numbers {
            return false;
        }
        events.push(e.clone());
        true
    })?;
    t.steps = events.len();
    t.solutions = events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Solution { .. }))
        .count() as u64;
    t.events = events;
    Ok(t)
}

/// What the page says about the problem, and how to draw its puzzle.
///
/// ```
/// use dlx_core::trace::html::PageOptions;
/// let o = PageOptions::titled("q8.dlx");
/// assert_eq!(o.title, "q8.dlx");
/// assert!(o.lesson.is_none() && o.picture.is_none());
/// ```
#[derive(Clone, Copy)]
pub struct PageOptions<'a> {
    /// The page's title (a file name, or a lesson's title).
    pub title: &'a str,
    /// The lesson the problem comes from, if any: its summary is shown, its item
    /// descriptions appear in the notes and as tooltips on the matrix, and its picture is
    /// drawn unless [`picture`](Self::picture) gives another.
    pub lesson: Option<&'a Lesson>,
    /// The puzzle behind the problem, drawn beside the matrix and filled in step by step.
    pub picture: Option<&'a dyn Picture>,
    /// A note under the title for a problem that is not a lesson (what its items are, why
    /// they come in the order they do); a lesson's summary takes its place.
    pub note: Option<&'a str>,
}

impl std::fmt::Debug for PageOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageOptions")
            .field("title", &self.title)
            .field("lesson", &self.lesson.map(|l| l.name))
            .field("picture", &self.picture.is_some())
            .finish()
    }
}

impl<'a> PageOptions<'a> {
    /// A page with this title, for a problem that is not a lesson.
    ///
    /// See [`PageOptions`] for an example.
    pub fn titled(title: &'a str) -> Self {
        PageOptions {
            title,
            lesson: None,
            picture: None,
            note: None,
        }
    }

    /// The same page, with the puzzle drawn by `picture`.
    ///
    /// ```
    /// use dlx_core::trace::{examples, html::{self, PageOptions}, trace};
    /// let lesson = examples::lesson("queens4").unwrap();
    /// let (problem, picture) = (lesson.problem(), lesson.picture());
    /// let t = trace(&problem, 1000).unwrap();
    /// let page = html::render(&problem, &t, &PageOptions::titled("4 queens").with_picture(&picture));
    /// assert!(page.contains('\u{265B}')); // a queen
    /// ```
    pub fn with_picture(mut self, picture: &'a dyn Picture) -> Self {
        self.picture = Some(picture);
        self
    }

    /// A page for a built-in lesson: its title, summary and item descriptions.
    ///
    /// See the [module docs](self) for an example.
    pub fn for_lesson(lesson: &'a Lesson) -> Self {
        PageOptions {
            title: lesson.title,
            lesson: Some(lesson),
            picture: None,
            note: None,
        }
    }

    /// The same options with a note under the title (see [`note`](Self::note)).
    ///
    /// ```
    /// use dlx_core::{format::parse, trace::html::{self, PageOptions}};
    /// let problem = parse("a b\na b\n").unwrap();
    /// let t = html::trace_for_page(&problem, 100).unwrap();
    /// let page = html::render(&problem, &t, &PageOptions::titled("two").with_note("a note"));
    /// assert!(page.contains("a note"));
    /// ```
    pub fn with_note(mut self, note: &'a str) -> Self {
        self.note = Some(note);
        self
    }
}

/// Escapes text for HTML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The data the page's script reads: the matrix, the events (as in [`json`](super::json)),
/// and each step's line and note.
fn data(problem: &Problem, trace: &Trace, options: &PageOptions<'_>) -> Value {
    let lesson = options.lesson;
    let items: Vec<Value> = problem
        .items()
        .map(|i| {
            let name = problem.item_name(i);
            json!({
                "name": name,
                "primary": problem.item_kind(i).is_primary(),
                "note": lesson.and_then(|l| l.describe(name)),
            })
        })
        .collect();
    let rows: Vec<Value> = problem
        .options()
        .map(|o| {
            let entries: Vec<_> = problem.option(o).collect();
            json!({
                "text": problem.option_text(o),
                "items": entries.iter().map(|e| e.item.index()).collect::<Vec<_>>(),
                "colors": entries
                    .iter()
                    .map(|e| e.color.map(|c| problem.color_name(c)))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    let events: Vec<Value> = trace
        .events
        .iter()
        .enumerate()
        .map(|(k, e)| {
            serde_json::from_str(&json_lines::event_line(problem, k + 1, e))
                .expect("event lines are JSON")
        })
        .collect();
    let lesson_picture: Option<Drawing> = match (options.picture, lesson) {
        (None, Some(l)) => Some(l.picture()),
        _ => None,
    };
    let picture = options
        .picture
        .or(lesson_picture.as_ref().map(|d| d as &dyn Picture))
        .map(|p| {
            let board = p.board();
            let marks: Vec<Value> = problem
                .options()
                .map(|o: OptionId| json!(p.marks(o)))
                .collect();
            json!({
                "width": board.width,
                "height": board.height,
                "svg": board.svg,
                "marks": marks,
            })
        });
    let primary = problem.num_primary();
    let summary = format!(
        "{} items ({primary} primary, {} secondary), {} options. {}",
        problem.num_items(),
        problem.num_items() - primary,
        problem.num_options(),
        text::summary(trace)
    );
    json!({
        "title": options.title,
        "summary": summary,
        "lesson": lesson.map(|l| l.summary).or(options.note),
        "items": items,
        "options": rows,
        "events": events,
        "lines": trace.events.iter().map(|e| text::line(problem, e)).collect::<Vec<_>>(),
        "notes": trace.events.iter().map(|e| text::note(problem, e, lesson)).collect::<Vec<_>>(),
        "depths": trace.events.iter().map(text::depth).collect::<Vec<_>>(),
        "truncated": trace.truncated,
        "max_steps": trace.max_steps,
        "solutions": trace.solutions,
        "nodes": trace.nodes,
        "updates": trace.updates,
        "picture": picture,
        "max_rows": MAX_ROWS,
        "max_cols": MAX_COLS,
        "open_active_only": opens_active_only(problem),
    })
}

/// The most items, and options, a matrix may have for the page to open it whole, shrunk to
/// the panel's width; past either, it opens at full size showing only what is active (the
/// items not yet covered, the options still available), which reads, where the whole of a
/// Sudoku's (324 × 729) or the pentominoes' matrix would open at a third of its size.
pub const OPEN_WHOLE_MAX_ITEMS: usize = 40;
/// See [`OPEN_WHOLE_MAX_ITEMS`].
pub const OPEN_WHOLE_MAX_OPTIONS: usize = 200;

/// Whether the page opens `problem`'s matrix showing only what is active, at full size
/// (see [`OPEN_WHOLE_MAX_ITEMS`]); the button (or the key `a`) shows the whole again.
///
/// ```
/// use dlx_core::{format::parse, trace::html::opens_active_only};
/// assert!(!opens_active_only(&parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/toy.dlx"))).unwrap()));
/// assert!(opens_active_only(&parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sud1.dlx"))).unwrap()));
/// ```
pub fn opens_active_only(problem: &Problem) -> bool {
    problem.num_items() > OPEN_WHOLE_MAX_ITEMS || problem.num_options() > OPEN_WHOLE_MAX_OPTIONS
}

/// The page, as one HTML document.
///
/// See the [module docs](self) for an example.
pub fn render(problem: &Problem, trace: &Trace, options: &PageOptions<'_>) -> String {
    // In a <script> element only "</" (and "<!--") could end or confuse it; '<' appears in
    // JSON only inside strings, where \u003c means the same.
    let data = serde_json::to_string(&data(problem, trace, options))
        .expect("page data serialises")
        .replace('<', "\\u003c");
    let (head, tail) = TEMPLATE
        .split_once("__DATA__")
        .expect("the template has a data slot");
    let mut page = head.replace("__TITLE__", &escape(options.title));
    page.reserve(data.len() + tail.len());
    page.push_str(&data);
    page.push_str(tail);
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{examples, trace};

    #[test]
    fn data_cannot_close_the_script_element() {
        let mut b = crate::ProblemBuilder::new();
        let a = b.add_primary("</script><b>").unwrap();
        b.add_option([a]).unwrap();
        let p = b.build().unwrap();
        let t = trace(&p, 100).unwrap();
        let page = render(&p, &t, &PageOptions::titled("<i>x</i> & y"));
        assert_eq!(page.matches("</script>").count(), 2, "only the page's own");
        assert!(page.contains("<h1 id=\"title\">&lt;i&gt;x&lt;/i&gt; &amp; y</h1>"));
        assert!(page.contains("\\u003c/script>\\u003cb>"));
    }

    #[test]
    fn a_page_holds_a_bounded_number_of_numbers() {
        // Issue 40: memory grew as steps × options (4 GB at 100,000 steps of a large
        // problem). The steps stop once their numbers pass the bound.
        let p = examples::lesson("sudoku4").unwrap().problem();
        let full = trace(&p, 1000).unwrap();
        let total: usize = full.events.iter().map(numbers_in).sum();
        let cut = trace_bounded(&p, 1000, total / 2).unwrap();
        assert!(cut.truncated);
        assert_eq!(cut.steps, cut.events.len());
        assert!(cut.events.iter().map(numbers_in).sum::<usize>() <= total / 2);
        assert_eq!(cut.events[..], full.events[..cut.steps]);
        assert!(cut.nodes.is_none());
        assert_eq!(trace_bounded(&p, 1000, total).unwrap(), full);
    }

    #[test]
    fn every_step_has_a_line_and_a_note() {
        let lesson = examples::lesson("sudoku4").unwrap();
        let p = lesson.problem();
        let t = trace(&p, 1000).unwrap();
        let d = data(&p, &t, &PageOptions::for_lesson(lesson));
        let n = t.events.len();
        assert_eq!(d["events"].as_array().unwrap().len(), n);
        assert_eq!(d["lines"].as_array().unwrap().len(), n);
        assert_eq!(d["notes"].as_array().unwrap().len(), n);
        assert_eq!(d["items"][0]["note"], "cell (1,2) is filled");
    }
}
