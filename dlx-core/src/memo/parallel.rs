//! The memoised count on several threads sharing one memo.
//!
//! Every thread runs the whole search from the root, and all of them store into and look
//! up in one table (sharded: a lock per shard). Odd-numbered threads try each item's options
//! last first, so two threads start at opposite ends of the tree and meet in the middle,
//! each finding there what the other has stored. The first thread to finish has the count
//! (every value in the table is exact, whoever stored it) and tells the others to stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use super::gather::{Counting, Number, Tally};
use super::search::{self, Counters, Memo, Outcome};
use super::state::State;
use super::table::{Table, TableStats};
use super::{Failure, MemoCount, MemoSolver, MemoStats};

/// Shards of the shared table (a power of two).
const SHARDS: usize = 64;

/// One table split into shards by hash, each behind its lock.
struct Shared<V> {
    shards: Vec<Mutex<Table<V>>>,
}

impl<V: Clone> Shared<V> {
    fn new(width: usize, limit: usize) -> Shared<V> {
        Shared {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Table::new(width, limit / SHARDS)))
                .collect(),
        }
    }

    #[inline]
    fn shard(&self, h: u64) -> &Mutex<Table<V>> {
        // The table's slot uses the low bits and its tag the high 32: shard by others.
        &self.shards[(h >> 20) as usize & (SHARDS - 1)]
    }

    fn stats(&self) -> TableStats {
        let mut sum = TableStats::default();
        for s in &self.shards {
            let t = s.lock().unwrap_or_else(|e| e.into_inner()).stats();
            sum.hits += t.hits;
            sum.stores += t.stores;
            sum.flushes += t.flushes;
            sum.entries += t.entries;
            sum.peak_entries += t.peak_entries;
            sum.peak_bytes += t.peak_bytes;
        }
        sum
    }
}

/// A thread's handle on the shared table.
struct Handle<'a, V>(&'a Shared<V>);

impl<V: Clone> Memo<V> for Handle<'_, V> {
    #[inline]
    fn get(&mut self, key: &[u64], h: u64) -> Option<V> {
        let mut t = self.0.shard(h).lock().unwrap_or_else(|e| e.into_inner());
        t.get(key, h).cloned()
    }
    #[inline]
    fn insert(&mut self, key: &[u64], h: u64, value: V, heap: usize) {
        let mut t = self.0.shard(h).lock().unwrap_or_else(|e| e.into_inner());
        // Another thread may have stored it meanwhile: the values are equal.
        if t.get(key, h).is_none() {
            t.insert(key, h, value, heap);
        }
    }
}

/// Counts on `threads` threads, in `u128` and, if that overflows, again in big numbers.
pub(crate) fn count(solver: &MemoSolver<'_>, threads: usize) -> Result<MemoCount, Failure> {
    match count_with::<u128>(solver, threads) {
        Err(Failure::Overflow) => {
            let mut c = count_with::<BigUint>(solver, threads)?;
            c.stats.big_numbers = true;
            Ok(c)
        }
        other => other,
    }
}

fn count_with<N: Number + Send + Sync>(
    solver: &MemoSolver<'_>,
    threads: usize,
) -> Result<MemoCount, Failure> {
    let (l, order, limits, limit) = solver.parts();
    let shared: Shared<Tally<N>> = Shared::new(l.key.words, limit);
    let done = Arc::new(AtomicBool::new(false));
    let results: Vec<(Outcome<Tally<N>>, Counters, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let shared = &shared;
                let done = Arc::clone(&done);
                let mut limits = limits.clone();
                limits.done = Some(Arc::clone(&done));
                if t > 0 {
                    limits.progress = None;
                }
                scope.spawn(move || {
                    let mut state = State::new(l);
                    let mut g = Counting::<N>::default();
                    let mut counters = Counters::default();
                    let outcome = search::run(
                        l,
                        &mut state,
                        order,
                        t % 2 == 1,
                        &mut Handle(shared),
                        &mut g,
                        &limits,
                        &mut counters,
                    );
                    if !matches!(outcome, Outcome::Stopped(..)) {
                        done.store(true, Ordering::Relaxed);
                    }
                    (outcome, counters, state.bytes())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a memo worker panicked"))
            .collect()
    });
    let mut stats = MemoStats {
        threads,
        ..MemoStats::default()
    };
    let table = shared.stats();
    stats.add(&Counters::default(), &table);
    let mut answer: Option<BigUint> = None;
    let mut stopped: Option<(super::StopReason, BigUint)> = None;
    let mut unprofitable = false;
    for (outcome, counters, bytes) in results {
        stats.add(&counters, &TableStats::default());
        stats.add_search(bytes);
        match outcome {
            Outcome::Done(n) => answer = Some(n.count.big()),
            Outcome::Refused(_) => return Err(Failure::Overflow),
            Outcome::Unprofitable => unprofitable = true,
            Outcome::Stopped(reason, partial) => {
                // Threads told to stop because another finished say Cancelled; a partial
                // count is only reported when no thread finished.
                let best = match stopped.take() {
                    Some((r, p)) if p >= partial => (r, p),
                    _ => (reason, partial),
                };
                stopped = Some(best);
            }
        }
    }
    if unprofitable && answer.is_none() {
        return Err(Failure::Unprofitable(Box::new(stats)));
    }
    Ok(match (answer, stopped) {
        (Some(solutions), _) => MemoCount {
            solutions,
            stop: None,
            stats,
        },
        (None, Some((reason, partial))) => MemoCount {
            solutions: partial,
            stop: Some(reason),
            stats,
        },
        (None, None) => unreachable!("at least one thread"),
    })
}
