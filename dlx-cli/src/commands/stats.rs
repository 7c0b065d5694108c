//! Statistics lines on standard error, and their JSON form.

use crate::output::note;
use dlx_core::Stats;

/// Prints Knuth-style statistics on standard error, and the engine that searched.
pub fn print(stats: &Stats, complete: bool, engine: &str) {
    note!(
        "{} solution{}, {} nodes, {} updates, {:.3} s, {engine} engine{}",
        stats.solutions,
        if stats.solutions == 1 { "" } else { "s" },
        stats.nodes,
        stats.updates,
        stats.elapsed.as_secs_f64(),
        if complete { "" } else { " (incomplete)" }
    );
}
