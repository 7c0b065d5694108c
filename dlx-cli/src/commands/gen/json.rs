//! A problem as one JSON object: `dlx gen --json`.
//!
//! ```text
//! {"problem":"langford 2","primary":["1","2","s1","s2","s3","s4"],"secondary":[],
//!  "options":[["1","s1","s3"],["1","s2","s4"],["2","s1","s4"]]}
//! ```
//!
//! `bounds` (name → `[lower, upper]`) is present only for items whose bounds are not
//! `[1, 1]`; a coloured entry is written `item:colour`, as in the DLX format.

use std::collections::BTreeMap;

use dlx_core::{ItemKind, Problem};
use serde::Serialize;

/// The JSON form of a problem.
#[derive(Debug, Serialize)]
pub struct JsonProblem {
    problem: String,
    primary: Vec<String>,
    secondary: Vec<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    bounds: BTreeMap<String, [u32; 2]>,
    options: Vec<Vec<String>>,
}

impl JsonProblem {
    /// The problem `title` (what was generated) as JSON.
    pub fn new(title: &str, problem: &Problem) -> Self {
        let mut json = JsonProblem {
            problem: title.to_string(),
            primary: Vec::new(),
            secondary: Vec::new(),
            bounds: BTreeMap::new(),
            options: Vec::with_capacity(problem.num_options()),
        };
        for item in problem.items() {
            let name = problem.item_name(item).to_string();
            match problem.item_kind(item) {
                ItemKind::Primary { lower, upper } => {
                    if (lower, upper) != (1, 1) {
                        json.bounds.insert(name.clone(), [lower, upper]);
                    }
                    json.primary.push(name);
                }
                ItemKind::Secondary => json.secondary.push(name),
            }
        }
        for option in problem.options() {
            json.options.push(
                problem
                    .option(option)
                    .map(|e| match e.color {
                        Some(c) => {
                            format!("{}:{}", problem.item_name(e.item), problem.color_name(c))
                        }
                        None => problem.item_name(e.item).to_string(),
                    })
                    .collect(),
            );
        }
        json
    }
}

#[cfg(test)]
mod tests {
    use dlx_core::format::parse;

    use super::*;

    #[test]
    fn items_bounds_colours_and_options() {
        let p = parse("a 2:3|b | x\na b x:red\nb\n").unwrap();
        assert_eq!(
            serde_json::to_string(&JsonProblem::new("toy", &p)).unwrap(),
            r#"{"problem":"toy","primary":["a","b"],"secondary":["x"],"bounds":{"b":[2,3]},"options":[["a","b","x:red"],["b"]]}"#
        );
    }
}
