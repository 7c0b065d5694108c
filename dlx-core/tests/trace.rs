//! Step traces: snapshots of the text and JSON traces of the three lessons, and checks of
//! every event against the exact cover matrix itself (what an item's options are, which
//! options a try must hide), on the lessons and on reference files with secondary items and
//! colours.

use std::collections::BTreeSet;

use dlx_core::format::parse;
use dlx_core::trace::{examples, json, text, trace, Trace, TraceEvent, Tracer};
use dlx_core::{ItemId, OptionId, Problem, Solver};

fn lesson(name: &str) -> (Problem, &'static examples::Lesson) {
    let lesson = examples::lesson(name).expect("a lesson");
    (lesson.problem(), lesson)
}

fn full_trace(problem: &Problem) -> Trace {
    let t = trace(problem, 1_000_000).expect("traceable");
    assert!(!t.truncated);
    t
}

fn load(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

macro_rules! snapshots {
    ($($name:ident: $lesson:literal),* $(,)?) => {$(
        mod $name {
            use super::*;

            #[test]
            fn text() {
                let (p, l) = lesson($lesson);
                insta::assert_snapshot!(text::render(&p, &full_trace(&p), false, Some(l)));
            }

            #[test]
            fn text_explained() {
                let (p, l) = lesson($lesson);
                insta::assert_snapshot!(text::render(&p, &full_trace(&p), true, Some(l)));
            }

            #[test]
            fn json_lines() {
                let (p, _) = lesson($lesson);
                let out = json::render(&p, &full_trace(&p));
                for line in out.lines() {
                    serde_json::from_str::<serde_json::Value>(line)
                        .unwrap_or_else(|e| panic!("not JSON: {e}: {line}"));
                }
                insta::assert_snapshot!(out);
            }
        }
    )*};
}

snapshots! {
    latin2: "latin2",
    toy: "toy",
    sudoku4: "sudoku4",
}

/// Whether two options can be in one solution (Algorithm C): no common item, except
/// secondary items to which both give the same colour.
fn compatible(p: &Problem, a: OptionId, b: OptionId) -> bool {
    p.option(a).all(|ea| {
        p.option(b)
            .all(|eb| ea.item != eb.item || (ea.color.is_some() && ea.color == eb.color))
    })
}

/// Replays a trace on the matrix itself (sets of items and options, no links) and checks
/// every event against it: a choice names an active item with the fewest options, its
/// options and every item's length are right; a try hides exactly the options that clash
/// with it; undo and backtrack restore; solutions are exact covers.
fn check_against_matrix(p: &Problem, t: &Trace) {
    let primary: Vec<ItemId> = p.items().filter(|&i| p.item_kind(i).is_primary()).collect();
    let mut covered: BTreeSet<ItemId> = BTreeSet::new();
    // Options still available (not set aside, hidden or chosen).
    let mut live: BTreeSet<OptionId> = p.options().collect();
    struct Frame {
        item: ItemId,
        options: Vec<OptionId>,
        tried: Option<(OptionId, Vec<ItemId>, Vec<OptionId>)>,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let options_of = |live: &BTreeSet<OptionId>, i: ItemId| -> Vec<OptionId> {
        live.iter()
            .copied()
            .filter(|&o| p.option_items(o).any(|j| j == i))
            .collect()
    };
    let mut solutions = 0;
    for (step, e) in t.events.iter().enumerate() {
        let at = format!("step {}: {}", step + 1, text::line(p, e));
        match e {
            TraceEvent::Choose {
                level,
                item,
                len,
                lengths,
                options,
            } => {
                assert_eq!(*level, stack.len(), "{at}");
                let active: Vec<ItemId> = primary
                    .iter()
                    .copied()
                    .filter(|i| !covered.contains(i))
                    .collect();
                let want: Vec<(ItemId, u32)> = active
                    .iter()
                    .map(|&i| (i, options_of(&live, i).len() as u32))
                    .collect();
                assert_eq!(lengths, &want, "{at}: lengths");
                let fewest = want.iter().map(|&(_, n)| n).min().unwrap();
                let first = want.iter().find(|&&(_, n)| n == fewest).unwrap().0;
                assert_eq!((*item, *len), (first, fewest), "{at}: MRV, leftmost");
                assert_eq!(options, &options_of(&live, *item), "{at}: options");
                covered.insert(*item);
                for o in options {
                    live.remove(o);
                }
                stack.push(Frame {
                    item: *item,
                    options: options.clone(),
                    tried: None,
                });
            }
            TraceEvent::DeadEnd { level, item } => {
                assert_eq!(level + 1, stack.len(), "{at}");
                assert_eq!(stack[*level].item, *item, "{at}");
                assert!(stack[*level].options.is_empty(), "{at}");
            }
            TraceEvent::Try {
                level,
                option,
                k,
                d,
                covered: newly,
                colored,
                hidden,
            } => {
                assert_eq!(level + 1, stack.len(), "{at}");
                let frame = &mut stack[*level];
                assert!(frame.tried.is_none(), "{at}");
                assert_eq!(frame.options[*k as usize - 1], *option, "{at}: k");
                assert_eq!(frame.options.len() as u32, *d, "{at}: d");
                let want_hidden: Vec<OptionId> = live
                    .iter()
                    .copied()
                    .filter(|&q| !compatible(p, *option, q))
                    .collect();
                assert_eq!(hidden, &want_hidden, "{at}: hidden");
                let want_covered: Vec<ItemId> = p
                    .option(*option)
                    .filter(|e| e.item != frame.item && e.color.is_none())
                    .map(|e| e.item)
                    .collect();
                assert_eq!(newly, &want_covered, "{at}: covered");
                for c in colored {
                    assert!(!p.item_kind(*c).is_primary(), "{at}");
                }
                for i in newly {
                    assert!(covered.insert(*i), "{at}: {i:?} covered twice");
                }
                for q in hidden {
                    live.remove(q);
                }
                frame.tried = Some((*option, newly.clone(), hidden.clone()));
            }
            TraceEvent::Solution { options, .. } => {
                solutions += 1;
                for i in &primary {
                    let n = options
                        .iter()
                        .filter(|&&o| p.option_items(o).any(|j| j == *i))
                        .count();
                    assert_eq!(n, 1, "{at}: {i:?} covered {n} times");
                }
                let chosen: Vec<OptionId> = stack
                    .iter()
                    .filter_map(|f| f.tried.as_ref().map(|t| t.0))
                    .collect();
                assert_eq!(options, &chosen, "{at}");
            }
            TraceEvent::Undo { level, option } => {
                assert_eq!(level + 1, stack.len(), "{at}");
                let (o, newly, hidden) = stack[*level].tried.take().expect("a try to undo");
                assert_eq!(o, *option, "{at}");
                for i in newly {
                    covered.remove(&i);
                }
                live.extend(hidden);
            }
            TraceEvent::Backtrack { level, item, tried } => {
                assert_eq!(level + 1, stack.len(), "{at}");
                let frame = stack.pop().unwrap();
                assert!(frame.tried.is_none(), "{at}: undone first");
                assert_eq!(frame.item, *item, "{at}");
                assert_eq!(frame.options.len() as u32, *tried, "{at}");
                covered.remove(item);
                live.extend(frame.options);
            }
        }
    }
    assert!(stack.is_empty(), "a complete trace ends at the root");
    assert!(covered.is_empty());
    assert_eq!(live.len(), p.num_options());
    assert_eq!(solutions, t.solutions);
}

#[test]
fn lessons_agree_with_the_matrix() {
    for l in examples::lessons() {
        let p = l.problem();
        check_against_matrix(&p, &full_trace(&p));
    }
}

#[test]
fn reference_files_with_secondary_items_agree_with_the_matrix() {
    for file in ["toy.dlx", "q8.dlx"] {
        let p = load(file);
        let t = full_trace(&p);
        check_against_matrix(&p, &t);
        let count = Solver::links(&p).count();
        assert_eq!(t.solutions, count.solutions, "{file}");
        assert_eq!(t.nodes, Some(count.stats.nodes), "{file}");
        assert_eq!(t.updates, Some(count.stats.updates), "{file}");
    }
}

#[test]
fn colours_purify_once_and_hide_other_colours() {
    let p = load("color.dlx");
    let t = full_trace(&p);
    check_against_matrix(&p, &t);
    assert_eq!(t.solutions, Solver::new(&p).count().solutions);
    // Every try colours exactly the secondary items no earlier choice coloured.
    let mut stack: Vec<OptionId> = Vec::new();
    for e in &t.events {
        match e {
            TraceEvent::Try {
                level,
                option,
                colored,
                ..
            } => {
                stack.truncate(*level);
                let want: Vec<ItemId> = p
                    .option(*option)
                    .filter(|e| e.color.is_some())
                    .map(|e| e.item)
                    .filter(|&i| !stack.iter().any(|&o| p.option_items(o).any(|j| j == i)))
                    .collect();
                assert_eq!(colored, &want, "{}", text::line(&p, e));
                stack.push(*option);
            }
            TraceEvent::Undo { level, .. } => stack.truncate(*level),
            _ => {}
        }
    }
}

#[test]
fn a_step_limit_keeps_a_prefix_and_says_so() {
    let (p, _) = lesson("toy");
    let full = full_trace(&p);
    for n in 1..full.events.len() {
        let t = trace(&p, n).unwrap();
        assert!(t.truncated, "{n}");
        assert_eq!(t.events[..], full.events[..n], "{n}");
        assert_eq!((t.nodes, t.updates), (None, None));
        let solutions = full.events[..n]
            .iter()
            .filter(|e| matches!(e, TraceEvent::Solution { .. }))
            .count();
        assert_eq!(t.solutions, solutions as u64);
        let end = format!("(the search goes on); {solutions} solution");
        assert!(text::render(&p, &t, false, None).contains(&end), "{n}");
    }
    let exact = trace(&p, full.events.len()).unwrap();
    assert!(!exact.truncated);
    assert_eq!(exact.events, full.events);
    assert_eq!((exact.nodes, exact.updates), (full.nodes, full.updates));
}

#[test]
fn a_step_limit_stops_a_long_search_early() {
    // q12 has 14,200 solutions and millions of updates; 50 steps take a moment.
    let p = load("q12.dlx");
    let t = trace(&p, 50).unwrap();
    assert!(t.truncated);
    assert_eq!(t.events.len(), 50);
    let out = json::render(&p, &t);
    let end = out.lines().last().unwrap();
    assert_eq!(
        end,
        r#"{"event":"end","steps":50,"truncated":true,"solutions":1,"nodes":null,"updates":null}"#
    );
}

#[test]
fn the_tracer_works_as_a_plain_observer() {
    let (p, _) = lesson("latin2");
    let mut tracer = Tracer::new(&p).unwrap();
    let count = Solver::new(&p).count_observed(&mut tracer);
    assert!(!tracer.is_truncated());
    let events = tracer.into_events();
    assert_eq!(events, full_trace(&p).events);
    let tries = events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Try { .. }))
        .count();
    let undos = events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Undo { .. }))
        .count();
    let chooses = events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Choose { .. }))
        .count();
    let backs = events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Backtrack { .. }))
        .count();
    assert_eq!((tries, chooses), (undos, backs));
    // Every level entered is one Choose, plus one node per solution.
    assert_eq!(chooses as u64 + count.solutions, count.stats.nodes);
}

#[test]
fn sudoku4_is_forced_all_the_way() {
    let (p, _) = lesson("sudoku4");
    let t = full_trace(&p);
    assert_eq!(t.solutions, 1);
    for e in &t.events {
        if let TraceEvent::Choose { len, .. } = e {
            assert_eq!(*len, 1, "{}", text::line(&p, e));
        }
    }
}
