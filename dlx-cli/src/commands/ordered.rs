//! Work on many items over a pool of threads, with each result handed back in input order
//! as soon as it and every result before it are ready.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Result;

/// Runs `work(i)` for `i` in `0..count` on `threads` threads (the calling thread when 1)
/// and calls `sink(i, result)` in order of `i`. Items are taken in order, so results come
/// back nearly in order and few wait. `sink` returns `Ok(false)` to stop; `stop` (Ctrl-C)
/// stops the workers from taking more items. Either way, and on a `sink` error, `stop` is
/// raised so that searches under way end early; what was handed to `sink` stays handed.
pub fn run_ordered<T, W, S>(
    count: usize,
    threads: usize,
    stop: &AtomicBool,
    work: W,
    mut sink: S,
) -> Result<()>
where
    T: Send,
    W: Fn(usize) -> T + Sync,
    S: FnMut(usize, T) -> Result<bool>,
{
    if threads <= 1 || count <= 1 {
        for i in 0..count {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            match sink(i, work(i)) {
                Ok(true) => {}
                stopped => {
                    stop.store(true, Ordering::Relaxed);
                    return stopped.map(|_| ());
                }
            }
        }
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, T)>();
    let mut outcome = Ok(());
    pool.in_place_scope(|scope| {
        let (next, work) = (&next, &work);
        for _ in 0..threads.min(count) {
            let sender = sender.clone();
            scope.spawn(move |_| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || stop.load(Ordering::Relaxed) {
                    break;
                }
                if sender.send((i, work(i))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut expected = 0;
        let mut open = true;
        // Receive until every worker has finished, even after the sink stops.
        for (i, result) in receiver {
            if !open {
                continue;
            }
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&expected) {
                expected += 1;
                match sink(expected - 1, result) {
                    Ok(true) => {}
                    Ok(false) => open = false,
                    Err(e) => {
                        outcome = Err(e);
                        open = false;
                    }
                }
                if !open {
                    stop.store(true, Ordering::Relaxed);
                    waiting.clear();
                    break;
                }
            }
        }
    });
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order() {
        for threads in [1, 2, 7] {
            let stop = AtomicBool::new(false);
            let mut seen = Vec::new();
            run_ordered(
                200,
                threads,
                &stop,
                |i| {
                    // Uneven work, so that results are ready out of order.
                    std::thread::sleep(std::time::Duration::from_micros(
                        ((i * 37) % 11) as u64 * 50,
                    ));
                    i * i
                },
                |i, r| {
                    assert_eq!(r, i * i);
                    seen.push(i);
                    Ok(true)
                },
            )
            .unwrap();
            assert_eq!(seen, (0..200).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_sink_can_stop_the_work() {
        for threads in [1, 3] {
            let stop = AtomicBool::new(false);
            let done = AtomicUsize::new(0);
            let mut seen = Vec::new();
            run_ordered(
                10_000,
                threads,
                &stop,
                |i| {
                    done.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_micros(100));
                    i
                },
                |i, _| {
                    seen.push(i);
                    Ok(i < 4)
                },
            )
            .unwrap();
            assert_eq!(seen, [0, 1, 2, 3, 4]);
            assert!(stop.load(Ordering::Relaxed));
            assert!(done.load(Ordering::Relaxed) < 10_000);
            let err = run_ordered(
                5,
                threads,
                &AtomicBool::new(false),
                |i| i,
                |_, _| anyhow::bail!("closed"),
            );
            assert!(err.is_err());
        }
    }
}
