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
        let f = Arc::clone(&flag);
        // If a handler can't be installed, the program still works; Ctrl-C then kills it.
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// Whether to show progress: `--progress` forces it, `--no-progress` forbids it, and by
/// default it is shown when standard error is a terminal.
pub fn wanted(args: &ParallelArgs) -> bool {
    !args.no_progress && (args.progress || std::io::stderr().is_terminal())
}

/// A thread drawing some progress on standard error until dropped: with `bar` on a
/// terminal, with `lines` otherwise; each draws until the flag it is given is raised.
pub struct Painter {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Painter {
    /// Starts drawing `progress`.
    pub fn start<P: Send + 'static>(
        progress: P,
        bar: fn(&P, &AtomicBool),
        lines: fn(&P, &AtomicBool),
    ) -> Painter {
        let stop = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            if std::io::stderr().is_terminal() {
                bar(&progress, &s);
            } else {
                lines(&progress, &s);
            }
        });
        Painter {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Painter {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A thread drawing the progress of a run until dropped.
pub struct Display {
    _painter: Painter,
}

impl Display {
    /// Starts drawing `progress`: an indicatif bar on a terminal, a plain line each second
    /// otherwise (when `--progress` asked for it).
    pub fn start(progress: Progress) -> Display {
        Display {
            _painter: Painter::start(progress, draw_bar, draw_lines),
        }
    }
}

const SCALE: u64 = 1_000_000;

fn draw_bar(progress: &Progress, stop: &AtomicBool) {
    let bar = ProgressBar::new(SCALE);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar:.cyan/blue}] {percent:>3}% ETA {eta} {msg}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    while !stop.load(Ordering::Relaxed) {
        let snap = progress.snapshot();
        bar.set_position((snap.fraction * SCALE as f64) as u64);
        bar.set_message(summary(&snap));
        std::thread::sleep(Duration::from_millis(150));
    }
    bar.finish_and_clear();
}

fn draw_lines(progress: &Progress, stop: &AtomicBool) {
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
