//! Traces as text: one Knuth-style line per step, indented by level, and optionally a short
//! plain-English note under each line.
//!
//! ```text
//! L0: choose a, fewest options (2): a:2 b:2 c:2 d:3 e:2 f:2 g:3
//! L0: a d g (1 of 2)
//!   L1: choose b, fewest options (1): b:1 c:2 e:1 f:1
//!   L1: b c f (1 of 1)
//!     L2: choose e, fewest options (0): e:0
//!     L2: dead end: e has no options left
//!     L2: backtrack from e (no options to try)
//! ```
//!
//! Undo steps (X6) get a line only with notes on, where they say what is restored.
//!
//! ```
//! use dlx_core::trace::{trace, text, examples};
//! let lesson = examples::lesson("toy").unwrap();
//! let problem = lesson.problem();
//! let t = trace(&problem, 1000).unwrap();
//! let out = text::render(&problem, &t, false, Some(lesson));
//! assert!(out.starts_with("L0: choose a, fewest options (2): a:2 b:2 c:2 d:3 e:2 f:2 g:3\nL0: a d g (1 of 2)\n"));
//! assert!(out.ends_with("Altogether 1 solution, 6 nodes, 29 updates.\n"));
//! ```

use std::fmt::Write;

use super::examples::Lesson;
use super::{Trace, TraceEvent};
use crate::problem::{ItemId, OptionId, Problem};

/// At most this many item lengths are listed on a choice's line.
const MAX_LENGTHS: usize = 12;
/// At most this many options are named in a note.
const MAX_NAMED: usize = 8;

/// The whole trace as text: the steps' lines (with notes when `explain` is true), then a
/// closing line with the number of solutions and, for a complete search, Knuth's node and
/// update counts. `lesson` lets notes say what items mean.
///
/// See the [module docs](self) for an example.
pub fn render(problem: &Problem, trace: &Trace, explain: bool, lesson: Option<&Lesson>) -> String {
    let mut out = String::new();
    for event in &trace.events {
        if !explain && matches!(event, TraceEvent::Undo { .. }) {
            continue;
        }
        let indent = "  ".repeat(depth(event));
        let _ = writeln!(out, "{indent}{}", line(problem, event));
        if explain {
            let _ = writeln!(out, "{indent}    {}", note(problem, event, lesson));
        }
    }
    out.push_str(&summary(trace));
    out.push('\n');
    out
}

/// The indentation depth of a step's line: its level, one deeper for a solution (found
/// below the level of the last option tried).
///
/// ```
/// use dlx_core::{ItemId, trace::{TraceEvent, text}};
/// assert_eq!(text::depth(&TraceEvent::DeadEnd { level: 2, item: ItemId::new(0) }), 2);
/// assert_eq!(text::depth(&TraceEvent::Solution { level: 2, number: 1, options: vec![] }), 3);
/// ```
pub fn depth(event: &TraceEvent) -> usize {
    match event {
        TraceEvent::Solution { level, .. } => level + 1,
        e => e.level(),
    }
}

/// The closing line: `Altogether 2 solutions, 7 nodes, 24 updates.` for a complete search,
/// or how far a truncated one got.
///
/// ```
/// use dlx_core::trace::{trace, text, examples};
/// let problem = examples::lesson("latin2").unwrap().problem();
/// let t = trace(&problem, 5).unwrap();
/// assert_eq!(text::summary(&t), "Stopped after the first 5 steps (the search goes on); 0 solutions so far.");
/// ```
pub fn summary(trace: &Trace) -> String {
    let solutions = plural(trace.solutions, "solution", "solutions");
    match (trace.truncated, trace.nodes, trace.updates) {
        (false, Some(nodes), Some(updates)) => {
            format!(
                "Altogether {solutions}, {}, {}.",
                plural(nodes, "node", "nodes"),
                plural(updates, "update", "updates")
            )
        }
        _ => format!(
            "Stopped after the first {} (the search goes on); {solutions} so far.",
            plural(trace.steps as u64, "step", "steps")
        ),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn names(problem: &Problem, items: &[ItemId]) -> String {
    let names: Vec<&str> = items.iter().map(|&i| problem.item_name(i)).collect();
    names.join(" ")
}

/// The options' texts, separated by `; `, at most `max` of them then a count of the rest.
fn option_list(problem: &Problem, options: &[OptionId], max: usize) -> String {
    let mut out: Vec<String> = options
        .iter()
        .take(max)
        .map(|&o| problem.option_text(o))
        .collect();
    if options.len() > max {
        out.push(format!("… {} more", options.len() - max));
    }
    out.join("; ")
}

/// One step as a Knuth-style line, without indentation: `L2: C E F (1 of 2)` for a try.
///
/// ```
/// use dlx_core::{ItemId, OptionId, trace::{TraceEvent, text, examples}};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let e = TraceEvent::Try {
///     level: 2, option: OptionId::new(0), k: 1, d: 2,
///     covered: vec![], colored: vec![], hidden: vec![],
/// };
/// assert_eq!(text::line(&problem, &e), "L2: c e (1 of 2)");
/// let e = TraceEvent::Backtrack { level: 1, item: ItemId::new(1), tried: 1 };
/// assert_eq!(text::line(&problem, &e), "L1: backtrack from b (tried its 1 option)");
/// ```
pub fn line(problem: &Problem, event: &TraceEvent) -> String {
    match event {
        TraceEvent::Choose {
            level,
            item,
            len,
            lengths,
            ..
        } => {
            let mut shown: Vec<String> = lengths
                .iter()
                .take(MAX_LENGTHS)
                .map(|&(i, n)| format!("{}:{n}", problem.item_name(i)))
                .collect();
            if lengths.len() > MAX_LENGTHS {
                shown.push(format!("… {} more", lengths.len() - MAX_LENGTHS));
            }
            format!(
                "L{level}: choose {}, fewest options ({len}): {}",
                problem.item_name(*item),
                shown.join(" ")
            )
        }
        TraceEvent::DeadEnd { level, item } => {
            format!(
                "L{level}: dead end: {} has no options left",
                problem.item_name(*item)
            )
        }
        TraceEvent::Try {
            level,
            option,
            k,
            d,
            ..
        } => format!("L{level}: {} ({k} of {d})", problem.option_text(*option)),
        TraceEvent::Solution {
            number, options, ..
        } => format!(
            "solution {number}: {}",
            option_list(problem, options, usize::MAX)
        ),
        TraceEvent::Undo { level, option } => {
            format!("L{level}: undo {}", problem.option_text(*option))
        }
        TraceEvent::Backtrack { level, item, tried } => {
            let name = problem.item_name(*item);
            if *tried == 0 {
                format!("L{level}: backtrack from {name} (no options to try)")
            } else {
                format!(
                    "L{level}: backtrack from {name} (tried its {})",
                    plural(u64::from(*tried), "option", "options")
                )
            }
        }
    }
}

/// An item's name, with its meaning when the lesson knows it: `p11 (cell (1,1) is filled)`.
fn item_words(problem: &Problem, item: ItemId, lesson: Option<&Lesson>) -> String {
    let name = problem.item_name(item);
    match lesson.and_then(|l| l.describe(name)) {
        Some(words) => format!("{name} ({words})"),
        None => name.to_string(),
    }
}

/// A short plain-English note on what a step does and why, citing Knuth's step names.
///
/// ```
/// use dlx_core::{ItemId, trace::{TraceEvent, text, examples}};
/// let lesson = examples::lesson("latin2").unwrap();
/// let problem = lesson.problem();
/// let e = TraceEvent::DeadEnd { level: 1, item: problem.find_item("p22").unwrap() };
/// let note = text::note(&problem, &e, Some(lesson));
/// assert!(note.starts_with("X3: p22 (cell (2,2) is filled) must still be covered"), "{note}");
/// ```
pub fn note(problem: &Problem, event: &TraceEvent, lesson: Option<&Lesson>) -> String {
    match event {
        TraceEvent::Choose {
            item, len, lengths, ..
        } => {
            let who = item_words(problem, *item, lesson);
            if *len == 0 {
                return format!(
                    "X3: {who} has no options left, the fewest possible, so it is chosen."
                );
            }
            let ties = lengths.iter().filter(|&&(_, n)| n == *len).count();
            let why = match ties {
                1 => String::new(),
                2 => " (tied with 1 other item: the leftmost wins)".to_string(),
                t => format!(" (tied with {} other items: the leftmost wins)", t - 1),
            };
            let forced = if *len == 1 {
                " This step is forced: there is only one way to cover it."
            } else {
                ""
            };
            let set_aside = if *len == 1 {
                "its one option is set aside, to be tried next".to_string()
            } else {
                format!("its {len} options are set aside, to be tried one at a time")
            };
            format!(
                "X3: every active item must still be covered; {who} has the fewest options \
                 left, {len}{why}, so the search branches on it.{forced} X4: cover it: \
                 {set_aside}."
            )
        }
        TraceEvent::DeadEnd { item, .. } => format!(
            "X3: {} must still be covered, but no option that covers it is left: the choices \
             made so far can't be completed, so the search backs up.",
            item_words(problem, *item, lesson)
        ),
        TraceEvent::Try {
            option,
            k,
            d,
            covered,
            colored,
            hidden,
            ..
        } => {
            let mut s = format!(
                "X5: put \"{}\" (option {k} of {d}) into the partial solution.",
                problem.option_text(*option)
            );
            if covered.is_empty() && colored.is_empty() {
                s.push_str(" It has no other item to cover.");
            } else {
                if !covered.is_empty() {
                    let noun = if covered.len() == 1 { "item" } else { "items" };
                    let _ = write!(s, " Cover its other {noun} {}", names(problem, covered));
                }
                if !colored.is_empty() {
                    let _ = write!(
                        s,
                        "{} {} their colour",
                        if covered.is_empty() {
                            " Give"
                        } else {
                            "; give"
                        },
                        names(problem, colored)
                    );
                }
                if hidden.is_empty() {
                    let pronoun = if covered.len() + colored.len() == 1 {
                        "it"
                    } else {
                        "them"
                    };
                    let _ = write!(s, ": no other option uses {pronoun}, so nothing is hidden.");
                } else {
                    let _ = write!(
                        s,
                        ": this hides {} that would clash with it ({}).",
                        plural(hidden.len() as u64, "option", "options"),
                        option_list(problem, hidden, MAX_NAMED)
                    );
                }
            }
            s
        }
        TraceEvent::Solution { options, .. } => format!(
            "X2: no item is left to cover: the {} chosen cover every {}item exactly once. A \
             solution! The search goes on to look for more.",
            plural(options.len() as u64, "option", "options"),
            if problem.num_secondary() > 0 {
                "primary "
            } else {
                ""
            }
        ),
        TraceEvent::Undo { option, .. } => format!(
            "X6: take \"{}\" back out of the partial solution: uncover its items, right to \
             left, which brings back the options they hid.",
            problem.option_text(*option)
        ),
        TraceEvent::Backtrack { level, item, tried } => {
            let who = item_words(problem, *item, lesson);
            let first = if *tried == 0 {
                format!("X7: {who} had no option to try; uncover it")
            } else {
                format!("X7: every option of {who} has been tried; uncover it")
            };
            if *level == 0 {
                format!("{first}. X8: this was level 0, so the search is over.")
            } else {
                format!(
                    "{first}. X8: go back to level {} and try its next option.",
                    level - 1
                )
            }
        }
    }
}
