//! Traces as JSON lines: one JSON object per line, one line per step, between a `start`
//! line that describes the problem and an `end` line that sums up.
//!
//! # Schema
//!
//! Every line is an object whose `"event"` field says what it is. Items are named by their
//! names (strings); options by their index (a number from 0, in input order), which the
//! `start` line maps to the option's text. `level` is the depth in the search tree, from 0;
//! `step` numbers the steps from 1; `knuth` is the step of Knuth's Algorithm X (TAOCP
//! 7.2.2.1) that the line reports.
//!
//! | `event` | fields |
//! |---|---|
//! | `start` | `items`: `[{"name", "primary"}]`; `options`: their texts (`"a d g"`, with `item:colour` for colours); `max_steps` |
//! | `choose` (X3–X4) | `step`, `knuth`, `level`, `item` chosen, `len` (its number of options, the fewest), `lengths`: `[[item, len]]` for every active primary item left to right, `options`: the chosen item's options in the order they will be tried |
//! | `dead_end` (X3) | `step`, `knuth`, `level`, `item` (no options left) |
//! | `try` (X5) | `step`, `knuth`, `level`, `option`, `text`, `k`, `d` ("k of d"), `covered`: the option's other items now covered, `colored`: its secondary items given their colour, `hidden`: the options this hides |
//! | `solution` (X2) | `step`, `knuth`, `level` (of the last try), `number` (from 1), `options` in the order chosen |
//! | `undo` (X6) | `step`, `knuth`, `level`, `option`, `text` |
//! | `backtrack` (X7–X8) | `step`, `knuth`, `level`, `item`, `tried` (how many options were tried) |
//! | `end` | `steps` (recorded), `truncated` (the search went on beyond them), `solutions` (among the steps), `nodes` and `updates` (Knuth's counts; `null` when truncated) |
//!
//! ```
//! use dlx_core::trace::{trace, json, examples};
//! let problem = examples::lesson("toy").unwrap().problem();
//! let t = trace(&problem, 1000).unwrap();
//! let out = json::render(&problem, &t);
//! let lines: Vec<&str> = out.lines().collect();
//! assert_eq!(lines.len(), t.events.len() + 2);
//! assert!(lines[0].starts_with(r#"{"event":"start","items":[{"name":"a","primary":true}"#));
//! assert_eq!(lines[2], r#"{"event":"try","step":2,"knuth":"X5","level":0,"option":1,"text":"a d g","k":1,"d":2,"covered":["d","g"],"colored":[],"hidden":[4,5]}"#);
//! assert_eq!(*lines.last().unwrap(), r#"{"event":"end","steps":22,"truncated":false,"solutions":1,"nodes":6,"updates":29}"#);
//! ```

use serde::Serialize;

use super::{Trace, TraceEvent};
use crate::problem::{ItemId, OptionId, Problem};

#[derive(Serialize)]
struct ItemRecord<'a> {
    name: &'a str,
    primary: bool,
}

#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Record<'a> {
    Start {
        items: Vec<ItemRecord<'a>>,
        options: Vec<String>,
        max_steps: usize,
    },
    Choose {
        step: usize,
        knuth: &'static str,
        level: usize,
        item: &'a str,
        len: u32,
        lengths: Vec<(&'a str, u32)>,
        options: Vec<u32>,
    },
    DeadEnd {
        step: usize,
        knuth: &'static str,
        level: usize,
        item: &'a str,
    },
    Try {
        step: usize,
        knuth: &'static str,
        level: usize,
        option: u32,
        text: String,
        k: u32,
        d: u32,
        covered: Vec<&'a str>,
        colored: Vec<&'a str>,
        hidden: Vec<u32>,
    },
    Solution {
        step: usize,
        knuth: &'static str,
        level: usize,
        number: u64,
        options: Vec<u32>,
    },
    Undo {
        step: usize,
        knuth: &'static str,
        level: usize,
        option: u32,
        text: String,
    },
    Backtrack {
        step: usize,
        knuth: &'static str,
        level: usize,
        item: &'a str,
        tried: u32,
    },
    End {
        steps: usize,
        truncated: bool,
        solutions: u64,
        nodes: Option<u64>,
        updates: Option<u64>,
    },
}

fn ids(options: &[OptionId]) -> Vec<u32> {
    options.iter().map(|o| o.index() as u32).collect()
}

fn names<'a>(problem: &'a Problem, items: &[ItemId]) -> Vec<&'a str> {
    items.iter().map(|&i| problem.item_name(i)).collect()
}

fn to_line(record: &Record<'_>) -> String {
    serde_json::to_string(record).expect("trace records serialise")
}

/// The `start` line: the problem's items and options.
///
/// ```
/// use dlx_core::trace::{json, examples};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let line = json::start_line(&problem, 10);
/// assert!(line.ends_with(r#""options":["c e","a d g","b c f","a d f","b g","d e g"],"max_steps":10}"#));
/// ```
pub fn start_line(problem: &Problem, max_steps: usize) -> String {
    to_line(&Record::Start {
        items: problem
            .items()
            .map(|i| ItemRecord {
                name: problem.item_name(i),
                primary: problem.item_kind(i).is_primary(),
            })
            .collect(),
        options: problem.options().map(|o| problem.option_text(o)).collect(),
        max_steps,
    })
}

/// One step as a JSON object on one line; `step` numbers it (from 1).
///
/// ```
/// use dlx_core::{ItemId, trace::{TraceEvent, json, examples}};
/// let problem = examples::lesson("toy").unwrap().problem();
/// let e = TraceEvent::DeadEnd { level: 2, item: ItemId::new(4) };
/// assert_eq!(json::event_line(&problem, 7, &e),
///            r#"{"event":"dead_end","step":7,"knuth":"X3","level":2,"item":"e"}"#);
/// ```
pub fn event_line(problem: &Problem, step: usize, event: &TraceEvent) -> String {
    let knuth = event.knuth_step();
    let name = |i: ItemId| problem.item_name(i);
    let record = match event {
        TraceEvent::Choose {
            level,
            item,
            len,
            lengths,
            options,
        } => Record::Choose {
            step,
            knuth,
            level: *level,
            item: name(*item),
            len: *len,
            lengths: lengths.iter().map(|&(i, n)| (name(i), n)).collect(),
            options: ids(options),
        },
        TraceEvent::DeadEnd { level, item } => Record::DeadEnd {
            step,
            knuth,
            level: *level,
            item: name(*item),
        },
        TraceEvent::Try {
            level,
            option,
            k,
            d,
            covered,
            colored,
            hidden,
        } => Record::Try {
            step,
            knuth,
            level: *level,
            option: option.index() as u32,
            text: problem.option_text(*option),
            k: *k,
            d: *d,
            covered: names(problem, covered),
            colored: names(problem, colored),
            hidden: ids(hidden),
        },
        TraceEvent::Solution {
            level,
            number,
            options,
        } => Record::Solution {
            step,
            knuth,
            level: *level,
            number: *number,
            options: ids(options),
        },
        TraceEvent::Undo { level, option } => Record::Undo {
            step,
            knuth,
            level: *level,
            option: option.index() as u32,
            text: problem.option_text(*option),
        },
        TraceEvent::Backtrack { level, item, tried } => Record::Backtrack {
            step,
            knuth,
            level: *level,
            item: name(*item),
            tried: *tried,
        },
    };
    to_line(&record)
}

/// The `end` line.
///
/// ```
/// use dlx_core::trace::{trace, json, examples};
/// let problem = examples::lesson("latin2").unwrap().problem();
/// let t = trace(&problem, 3).unwrap();
/// assert_eq!(json::end_line(&t),
///            r#"{"event":"end","steps":3,"truncated":true,"solutions":0,"nodes":null,"updates":null}"#);
/// ```
pub fn end_line(trace: &Trace) -> String {
    to_line(&Record::End {
        steps: trace.steps,
        truncated: trace.truncated,
        solutions: trace.solutions,
        nodes: trace.nodes,
        updates: trace.updates,
    })
}

/// The whole trace as JSON lines: the `start` line, one line per step, the `end` line;
/// each line ends with a newline.
///
/// See the [module docs](self) for an example.
pub fn render(problem: &Problem, trace: &Trace) -> String {
    let mut out = start_line(problem, trace.max_steps);
    out.push('\n');
    for (k, event) in trace.events.iter().enumerate() {
        out.push_str(&event_line(problem, k + 1, event));
        out.push('\n');
    }
    out.push_str(&end_line(trace));
    out.push('\n');
    out
}
