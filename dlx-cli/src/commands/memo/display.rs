//! The progress of a memoised run on standard error: a bar on a terminal, a line a second
//! otherwise (when `--progress` asks for it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dlx_core::{MemoProgress, MemoSnapshot};
use indicatif::{ProgressBar, ProgressStyle};

use crate::commands::progress::Painter;
use crate::output::note;

/// Draws until dropped.
pub struct MemoDisplay {
    _painter: Painter,
}

impl MemoDisplay {
    /// Starts drawing `progress`.
    pub fn start(progress: MemoProgress) -> MemoDisplay {
        MemoDisplay {
            _painter: Painter::start(progress, draw_bar, draw_lines),
        }
    }
}

const SCALE: u64 = 1_000_000;

fn summary(s: &MemoSnapshot) -> String {
    format!("memo: {} nodes, {:.1}% hits", s.nodes, 100.0 * s.hit_rate())
}

fn draw_bar(progress: &MemoProgress, stop: &AtomicBool) {
    let bar = ProgressBar::new(SCALE);
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar:.cyan/blue}] {percent:>3}% ETA {eta} {msg}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    while !stop.load(Ordering::Relaxed) {
        let snap = progress.snapshot();
        bar.set_position((snap.fraction * SCALE as f64) as u64);
        bar.set_message(summary(&snap));
        std::thread::sleep(Duration::from_millis(150));
    }
    bar.finish_and_clear();
}

fn draw_lines(progress: &MemoProgress, stop: &AtomicBool) {
    let mut ticks = 0;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        ticks += 1;
        if ticks % 10 == 0 {
            let snap = progress.snapshot();
            note!("progress: {:.1}% {}", 100.0 * snap.fraction, summary(&snap));
        }
    }
}
