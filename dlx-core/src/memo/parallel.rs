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
        stats.peak_bytes += bytes as u64;
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

/// Frontier sub-problems wanted per thread before the threads start.
const FRONTIER_PER_THREAD: usize = 16;
/// The deepest level the frontier is expanded to.
const FRONTIER_DEPTH: usize = 12;

/// The other way to share the work (issue 21, "measure which"): the top of the tree is
/// expanded on this thread, level by level, into distinct sub-problems, each with the number
/// of paths that reach it; the threads then take them one by one, each with a memo of its
/// own (no locks, but no sharing between threads either), and the count is the sum of each
/// sub-problem's count times its paths.
pub(crate) fn count_frontier(
    solver: &MemoSolver<'_>,
    threads: usize,
) -> Result<MemoCount, Failure> {
    match frontier_with::<u128>(solver, threads) {
        Err(Failure::Overflow) => {
            let mut c = frontier_with::<BigUint>(solver, threads)?;
            c.stats.big_numbers = true;
            Ok(c)
        }
        other => other,
    }
}

fn frontier_with<N: Number + Send + Sync>(
    solver: &MemoSolver<'_>,
    threads: usize,
) -> Result<MemoCount, Failure> {
    use std::collections::HashMap;
    use std::sync::atomic::AtomicUsize;

    let (l, order, limits, limit) = solver.parts();
    // Level by level: distinct sub-problems (by key) and the paths to each.
    let mut solved = BigUint::default();
    let mut level: Vec<(State, BigUint)> = vec![(State::new(l), BigUint::from(1u8))];
    let mut expanded = 0u64;
    for _ in 0..FRONTIER_DEPTH {
        if level.len() >= FRONTIER_PER_THREAD * threads || level.is_empty() {
            break;
        }
        let mut next: HashMap<Vec<u64>, (State, BigUint)> = HashMap::new();
        for (s, paths) in level {
            expanded += 1;
            if s.solved() {
                solved += paths;
                continue;
            }
            if s.dead() {
                continue;
            }
            let item = search::choose(l, &s, order);
            for at in l.list(item) {
                let o = l.list_option[at] as usize;
                if !s.is_live(o) {
                    continue;
                }
                let mut child = s.clone();
                child.apply(l, o);
                match next.entry(child.key().to_vec()) {
                    std::collections::hash_map::Entry::Occupied(mut e) => e.get_mut().1 += &paths,
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert((child, paths.clone()));
                    }
                }
            }
        }
        level = next.into_values().collect();
    }
    let per_thread = (limit / threads.max(1)).max(1);
    let shared_table: Shared<Tally<N>> = Shared::new(l.key.words, limit);
    let share = std::env::var_os("DLX_MEMO_FRONTIER_SHARED").is_some();
    let taken = AtomicUsize::new(0);
    let level = &level;
    let results: Vec<(
        Result<BigUint, Outcome<Tally<N>>>,
        Counters,
        TableStats,
        usize,
    )> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let taken = &taken;
                let shared_table = &shared_table;
                let mut limits = limits.clone();
                if t > 0 {
                    limits.progress = None;
                }
                scope.spawn(move || {
                    let mut table: Table<Tally<N>> = Table::new(l.key.words, per_thread);
                    let mut counters = Counters::default();
                    let mut sum = BigUint::default();
                    let mut bytes = 0;
                    loop {
                        let k = taken.fetch_add(1, Ordering::Relaxed);
                        let Some((s, paths)) = level.get(k) else {
                            break;
                        };
                        let mut state = s.clone();
                        let mut g = Counting::<N>::default();
                        let outcome = if share {
                            search::run(
                                l,
                                &mut state,
                                order,
                                false,
                                &mut Handle(shared_table),
                                &mut g,
                                &limits,
                                &mut counters,
                            )
                        } else {
                            search::run(
                                l,
                                &mut state,
                                order,
                                false,
                                &mut table,
                                &mut g,
                                &limits,
                                &mut counters,
                            )
                        };
                        bytes = bytes.max(state.bytes());
                        match outcome {
                            Outcome::Done(n) => sum += n.count.big() * paths,
                            other => return (Err(other), counters, table.stats(), bytes),
                        }
                    }
                    (Ok(sum), counters, table.stats(), bytes)
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
    let mut total = solved;
    let mut stop = None;
    let mut unprofitable = false;
    for (result, counters, table, bytes) in results {
        stats.add(&counters, &table);
        stats.peak_bytes += bytes as u64;
        match result {
            Ok(sum) => total += sum,
            Err(Outcome::Refused(_)) => return Err(Failure::Overflow),
            Err(Outcome::Unprofitable) => unprofitable = true,
            Err(Outcome::Stopped(reason, partial)) => {
                total += partial;
                stop.get_or_insert(reason);
            }
            Err(Outcome::Done(_)) => unreachable!("a finished search is Ok"),
        }
    }
    stats.nodes += expanded;
    if unprofitable {
        return Err(Failure::Unprofitable(Box::new(stats)));
    }
    Ok(MemoCount {
        solutions: total,
        stop,
        stats,
    })
}
