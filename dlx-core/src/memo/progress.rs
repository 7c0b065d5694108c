//! Progress of a memoised run, for a display on another thread: Knuth's estimate of the
//! part of the tree done (a memo hit finishes its subtree at once), nodes and hits.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::search::Counters;

/// A handle on a memoised run's progress; clone it, give one to
/// [`MemoSolver::progress`](super::MemoSolver::progress), poll the other.
///
/// ```
/// use dlx_core::{format::parse, MemoProgress, MemoSolver};
/// let p = parse("A B\nA\nB\nA B\n").unwrap();
/// let progress = MemoProgress::new();
/// let count = MemoSolver::new(&p).unwrap().progress(progress.clone()).count().unwrap();
/// assert_eq!(count.solutions, 2u8.into());
/// assert_eq!(progress.snapshot().fraction, 1.0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MemoProgress {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    started: OnceLock<Instant>,
    fraction: AtomicU64,
    nodes: AtomicU64,
    hits: AtomicU64,
    lookups: AtomicU64,
}

/// What [`MemoProgress::snapshot`] reports.
///
/// ```
/// let s = dlx_core::MemoSnapshot::default();
/// assert_eq!(s.hit_rate(), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MemoSnapshot {
    /// Knuth's estimate of the part of the tree done, from 0 to 1.
    pub fraction: f64,
    /// Levels entered so far.
    pub nodes: u64,
    /// Memo look-ups that found their sub-problem.
    pub hits: u64,
    /// Memo look-ups.
    pub lookups: u64,
    /// Time since the run started.
    pub elapsed: Duration,
}

impl MemoSnapshot {
    /// Hits per look-up, from 0 to 1.
    ///
    /// See [`MemoSnapshot`] for an example.
    pub fn hit_rate(&self) -> f64 {
        if self.lookups == 0 {
            0.0
        } else {
            self.hits as f64 / self.lookups as f64
        }
    }
}

impl MemoProgress {
    /// A fresh handle.
    ///
    /// See [`MemoProgress`] for an example.
    pub fn new() -> MemoProgress {
        MemoProgress::default()
    }

    /// The figures now.
    ///
    /// See [`MemoProgress`] for an example.
    pub fn snapshot(&self) -> MemoSnapshot {
        let i = &self.inner;
        MemoSnapshot {
            fraction: f64::from_bits(i.fraction.load(Ordering::Relaxed)),
            nodes: i.nodes.load(Ordering::Relaxed),
            hits: i.hits.load(Ordering::Relaxed),
            lookups: i.lookups.load(Ordering::Relaxed),
            elapsed: i.started.get().map_or(Duration::ZERO, |t| t.elapsed()),
        }
    }

    pub(crate) fn start(&self) {
        let _ = self.inner.started.set(Instant::now());
    }

    pub(crate) fn publish(&self, fraction: f64, c: &Counters) {
        let i = &self.inner;
        i.fraction
            .store(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
        i.nodes.store(c.nodes, Ordering::Relaxed);
        i.hits.store(c.hits, Ordering::Relaxed);
        i.lookups.store(c.lookups, Ordering::Relaxed);
    }
}
