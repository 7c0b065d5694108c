//! A progress display that counts finished items (puzzles) out of a total, on standard
//! error: an indicatif bar on a terminal, a plain line each second otherwise (when
//! `--progress` asks for it).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::output::note;

/// Draws the count until dropped.
pub struct Counter {
    done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Counter {
    /// Starts drawing `done / total` items, named `what` ("puzzles").
    pub fn start(total: u64, what: &'static str) -> Counter {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (done, stop) = (Arc::clone(&done), Arc::clone(&stop));
            std::thread::spawn(move || {
                if std::io::stderr().is_terminal() {
                    draw_bar(total, what, &done, &stop);
                } else {
                    draw_lines(total, what, &done, &stop);
                }
            })
        };
        Counter {
            done,
            stop,
            thread: Some(thread),
        }
    }

    /// One more item finished.
    pub fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

impl Drop for Counter {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn draw_bar(total: u64, what: &str, done: &AtomicU64, stop: &AtomicBool) {
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{wide_bar:.cyan/blue}}] {{pos}}/{{len}} {what} ({{per_sec}}) ETA {{eta}}"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    while !stop.load(Ordering::Relaxed) {
        bar.set_position(done.load(Ordering::Relaxed));
        std::thread::sleep(Duration::from_millis(100));
    }
    bar.finish_and_clear();
}

fn draw_lines(total: u64, what: &str, done: &AtomicU64, stop: &AtomicBool) {
    let mut ticks = 0;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        ticks += 1;
        if ticks % 10 == 0 {
            note!("progress: {}/{total} {what}", done.load(Ordering::Relaxed));
        }
    }
}
