//! A small xorshift generator for the examples that make or thin out puzzles: the same
//! seed gives the same puzzles on every machine.

/// xorshift64 (shifts 13, 7, 17). The seed must not be 0.
///
/// ```
/// let mut rng = benches::rng::Rng(7);
/// let first = rng.next();
/// assert_eq!(benches::rng::Rng(7).next(), first);
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Shuffles `v` in place (Fisher-Yates).
    ///
    /// ```
    /// let mut v = [1, 2, 3, 4];
    /// benches::rng::Rng(3).shuffle(&mut v);
    /// v.sort();
    /// assert_eq!(v, [1, 2, 3, 4]);
    /// ```
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}
