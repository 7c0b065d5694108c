//! Ctrl-C handling and the progress display on standard error.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use dlx_core::{Progress, ProgressSnapshot};
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::ParallelArgs;
use crate::output::note;

/// The flag that Ctrl-C raises. The first Ctrl-C asks the search to stop (it then prints
/// what it counted, marked incomplete); a second one exits at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        // The second Ctrl-C finds the flag raised and exits; the first raises it. No thread
        // waits for the signal (a handler thread cost every run a tenth of a millisecond).
        // If a handler can't be installed, the program still works; Ctrl-C then kills it.
        let sigint = signal_hook::consts::SIGINT;
        let _ = signal_hook::flag::register_conditional_shutdown(sigint, 130, Arc::clone(&flag));
        let _ = signal_hook::flag::register(sigint, Arc::clone(&flag));
        flag
    })
    .clone()
}

/// Whether to show progress: `--progress` forces it, `--no-progress` forbids it, and by
/// default it is shown when standard error is a terminal.
pub fn wanted(args: &ParallelArgs) -> bool {
    !args.no_progress && (args.progress || std::io::stderr().is_terminal())
}

/// Something whose progress can be drawn: the share of the work done (0 to 1) and a
/// one-line summary.
pub trait Watched: Send + 'static {
    /// The share done and the summary, now.
    fn look(&self) -> (f64, String);
}

impl Watched for Progress {
    fn look(&self) -> (f64, String) {
        let snap = self.snapshot();
        (snap.fraction, summary(&snap))
    }
}

/// A thread drawing the progress of a run on standard error until dropped: an indicatif
/// bar on a terminal, a plain line each second otherwise (when `--progress` asked for it).
pub struct Display {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Display {
    /// Starts drawing `progress`.
    pub fn start(progress: impl Watched) -> Display {
        let stop = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            if std::io::stderr().is_terminal() {
                draw_bar(&progress, &s);
            } else {
                draw_lines(&progress, &s);
            }
        });
        Display {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

const SCALE: u64 = 1_000_000;

fn draw_bar(progress: &impl Watched, stop: &AtomicBool) {
    let bar = ProgressBar::new(SCALE);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar:.cyan/blue}] {percent:>3}% ETA {eta} {msg}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    while !stop.load(Ordering::Relaxed) {
        let (fraction, summary) = progress.look();
        bar.set_position((fraction * SCALE as f64) as u64);
        bar.set_message(summary);
        std::thread::sleep(Duration::from_millis(150));
    }
    bar.finish_and_clear();
}

fn draw_lines(progress: &impl Watched, stop: &AtomicBool) {
    let mut ticks = 0;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        ticks += 1;
        if ticks % 10 == 0 {
            let (fraction, summary) = progress.look();
            note!("progress: {:.1}% {}", 100.0 * fraction, summary);
        }
    }
}

fn summary(s: &ProgressSnapshot) -> String {
    format!(
        "{} solutions, {} nodes/s",
        s.solutions,
        human(s.nodes_per_second())
    )
}

fn human(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.1}G", x / 1e9),
        x if x >= 1e6 => format!("{:.1}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}
