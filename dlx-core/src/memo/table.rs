//! The memo: sub-problem keys (fixed-width words, stored flat) to values, in an
//! open-addressing table with linear probing. Memory is bounded: when the table would grow
//! past its byte limit it is emptied instead (every entry evicted at once, counted in
//! `flushes`), a value too large for the emptied table is not stored, and a limit too
//! small for the smallest table turns caching off, so the bytes it counts (its peak, in
//! `peak_bytes`) never pass the limit. Either way the values that come out are exact: an
//! entry is only ever a finished sub-problem's value, and a missing one is computed again.

/// The fewest slots a table has.
const MIN_SLOTS: usize = 1 << 10;

/// A 64-bit hash of a key (a folded multiply per word, as in foldhash and wyhash).
#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    const M: u64 = 0xd6e8_feb8_6659_fd93;
    let mut h = K ^ key.len() as u64;
    for &w in key {
        let p = (h ^ w) as u128 * M as u128;
        h = (p as u64) ^ ((p >> 64) as u64);
    }
    let p = (h ^ K) as u128 * M as u128;
    (p as u64) ^ ((p >> 64) as u64)
}

/// What a table did and holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TableStats {
    /// Look-ups that found their key.
    pub hits: u64,
    /// Values stored.
    pub stores: u64,
    /// Times the table was emptied because it was full.
    pub flushes: u64,
    /// Entries now.
    pub entries: u64,
    /// The most entries held at once.
    pub peak_entries: u64,
    /// The most bytes held at once.
    pub peak_bytes: u64,
}

/// The memo table. `V` is the value (a count, or a node of a decision diagram).
#[derive(Debug)]
pub(crate) struct Table<V> {
    width: usize,
    keys: Vec<u64>,
    values: Vec<V>,
    /// 0: empty; else the hash's high 32 bits, then the entry's index plus 1.
    slots: Vec<u64>,
    limit: usize,
    /// Bytes the values hold on the heap (big numbers), as they report it.
    heap: usize,
    off: bool,
    stats: TableStats,
}

impl<V: Clone> Table<V> {
    /// An empty table for keys of `width` words, holding at most about `limit` bytes.
    pub fn new(width: usize, limit: usize) -> Table<V> {
        let mut t = Table {
            width,
            keys: Vec::new(),
            values: Vec::new(),
            slots: Vec::new(),
            limit,
            heap: 0,
            off: false,
            stats: TableStats::default(),
        };
        if t.bytes_for(MIN_SLOTS) > limit {
            t.off = true;
        } else {
            // Only the slots: the keys and values grow as they come, so that many tables
            // (the shards of the parallel memo) with wide keys reserve no room up front
            // (64 shards of a million-item problem reserved 4 GB before storing anything).
            t.slots = vec![0; MIN_SLOTS];
        }
        t
    }

    /// The bytes a table of `slots` slots holds when full, values' heap aside.
    fn bytes_for(&self, slots: usize) -> usize {
        slots * 8 + slots / 2 * (8 * self.width + std::mem::size_of::<V>())
    }

    /// True when caching is off (the limit is below the smallest table).
    #[cfg(test)]
    pub fn is_off(&self) -> bool {
        self.off
    }

    /// The figures so far.
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// The value stored for `key`, whose hash is `h`.
    #[inline]
    pub fn get(&mut self, key: &[u64], h: u64) -> Option<&V> {
        if self.off {
            return None;
        }
        let mask = self.slots.len() - 1;
        let tag = h >> 32;
        let mut at = h as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let e = (slot as u32 - 1) as usize;
                if self.keys[e * self.width..(e + 1) * self.width] == *key {
                    self.stats.hits += 1;
                    return Some(&self.values[e]);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Stores `value` for `key` (hash `h`), which must not be in the table; `heap` is the
    /// bytes the value holds on the heap. Emptied first when it would not fit; not stored
    /// when it would not fit even then.
    pub fn insert(&mut self, key: &[u64], h: u64, value: V, heap: usize) {
        if self.off || self.bytes_for(self.slots.len()) + heap > self.limit {
            // Too large even for the emptied table: not stored (it is computed again when
            // met again), so that the table never passes its limit.
            return;
        }
        if (self.values.len() + 1) * 2 > self.slots.len() {
            let doubled = self.slots.len() * 2;
            if self.bytes_for(doubled) + self.heap + heap <= self.limit && doubled <= 1 << 33 {
                self.resize(doubled);
            } else {
                self.flush();
            }
        } else if self.heap + heap + self.bytes_for(self.slots.len()) > self.limit {
            self.flush();
        }
        let e = self.values.len();
        self.keys.extend_from_slice(key);
        self.values.push(value);
        self.heap += heap;
        self.place(h, e);
        self.stats.stores += 1;
        self.stats.entries = self.values.len() as u64;
        self.stats.peak_entries = self.stats.peak_entries.max(self.stats.entries);
        let bytes = (self.bytes_for(self.slots.len()) + self.heap) as u64;
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
    }

    fn place(&mut self, h: u64, e: usize) {
        let mask = self.slots.len() - 1;
        let mut at = h as usize & mask;
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = (h >> 32) << 32 | (e as u64 + 1);
    }

    /// Evicts every entry, keeping the room.
    fn flush(&mut self) {
        self.keys.clear();
        self.values.clear();
        self.slots.fill(0);
        self.heap = 0;
        self.stats.flushes += 1;
    }

    fn resize(&mut self, slots: usize) {
        self.slots = vec![0; slots];
        self.keys
            .reserve_exact(slots / 2 * self.width - self.keys.len());
        self.values.reserve_exact(slots / 2 - self.values.len());
        for e in 0..self.values.len() {
            let h = hash(&self.keys[e * self.width..(e + 1) * self.width]);
            self.place(h, e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_table_reserves_no_room_for_keys() {
        let t: Table<u128> = Table::new(15_625, 1 << 30);
        assert!(!t.is_off());
        assert_eq!(t.keys.capacity(), 0);
        assert_eq!(t.values.capacity(), 0);
    }

    #[test]
    fn stores_and_finds() {
        let mut t: Table<u128> = Table::new(2, 1 << 20);
        for k in 0..5000u64 {
            let key = [k, k * 7];
            assert!(t.get(&key, hash(&key)).is_none());
            t.insert(&key, hash(&key), k as u128, 0);
        }
        for k in 0..5000u64 {
            let key = [k, k * 7];
            assert_eq!(t.get(&key, hash(&key)), Some(&(k as u128)));
        }
        assert_eq!(t.stats().flushes, 0);
        assert_eq!(t.stats().entries, 5000);
    }

    #[test]
    fn a_full_table_is_emptied_and_stays_within_its_limit() {
        let limit = 64 * 1024;
        let mut t: Table<u128> = Table::new(1, limit);
        for k in 0..100_000u64 {
            let key = [k];
            if t.get(&key, hash(&key)).is_none() {
                t.insert(&key, hash(&key), 1, 0);
            }
        }
        assert!(t.stats().flushes > 0);
        assert!(t.stats().peak_bytes <= limit as u64);
        // What is there is right.
        let key = [99_999];
        assert_eq!(t.get(&key, hash(&key)), Some(&1));
    }

    #[test]
    fn a_value_that_does_not_fit_even_an_empty_table_is_not_stored() {
        // A value whose heap (a big number) is more than the room the slots leave: stored
        // after a flush, it took the table past its limit.
        let limit = 64 * 1024;
        let mut t: Table<u128> = Table::new(1, limit);
        let room = limit - t.bytes_for(MIN_SLOTS);
        t.insert(&[1], hash(&[1]), 1, 0);
        t.insert(&[2], hash(&[2]), 2, room + 1);
        assert_eq!(t.get(&[2], hash(&[2])), None);
        assert!(t.stats().peak_bytes <= limit as u64, "{:?}", t.stats());
        // One that fits is stored.
        t.insert(&[3], hash(&[3]), 3, room / 2);
        assert_eq!(t.get(&[3], hash(&[3])), Some(&3));
        assert!(t.stats().peak_bytes <= limit as u64, "{:?}", t.stats());
    }

    #[test]
    fn a_tiny_limit_turns_caching_off() {
        let mut t: Table<u128> = Table::new(4, 100);
        assert!(t.is_off());
        t.insert(&[1, 2, 3, 4], 5, 6, 0);
        assert_eq!(t.get(&[1, 2, 3, 4], 5), None);
    }
}
