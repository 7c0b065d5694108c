//! Uniform sampling: a rank drawn uniformly below the count (rejection on random bits, so
//! no rank is favoured), then the solution of that rank.

use num_bigint::BigUint;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::counts::Counts;
use super::Zdd;
use crate::solver::Solution;

/// Solutions of a [`Zdd`] drawn uniformly and independently; see [`Zdd::sampler`].
#[derive(Clone, Debug)]
pub struct Sampler<'z> {
    zdd: &'z Zdd,
    rng: ChaCha8Rng,
    total: BigUint,
}

impl<'z> Sampler<'z> {
    pub(crate) fn new(zdd: &'z Zdd, seed: u64) -> Sampler<'z> {
        Sampler {
            zdd,
            rng: ChaCha8Rng::seed_from_u64(seed),
            total: zdd.count(),
        }
    }
}

/// A number drawn uniformly from `0..bound` (`bound` above 0).
pub(crate) fn below_u128(rng: &mut impl RngCore, bound: u128) -> u128 {
    let bits = 128 - (bound - 1).leading_zeros();
    let mask = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    loop {
        let r = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & mask;
        if r < bound {
            return r;
        }
    }
}

/// A number drawn uniformly from `0..bound` (`bound` above 0), of any size.
pub(crate) fn below_big(rng: &mut impl RngCore, bound: &BigUint) -> BigUint {
    let bits = (bound - 1u8).bits();
    let words = bits.div_ceil(32) as usize;
    loop {
        let mut digits: Vec<u32> = (0..words).map(|_| rng.next_u32()).collect();
        let spare = words as u64 * 32 - bits;
        if let Some(top) = digits.last_mut() {
            *top &= u32::MAX >> spare;
        }
        let r = BigUint::from_slice(&digits);
        if &r < bound {
            return r;
        }
    }
}

impl Iterator for Sampler<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.total == BigUint::default() {
            return None;
        }
        let z = self.zdd;
        match (z.counts(), u128::try_from(&self.total)) {
            (Counts::Small(_), Ok(total)) => {
                let r = below_u128(&mut self.rng, total);
                z.counts().unrank_small(z.nodes(), z.root(), r)
            }
            _ => {
                let r = below_big(&mut self.rng, &self.total);
                z.solution(&r)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stay_below_the_bound_and_cover_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below_u128(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        let big = BigUint::from(5u8) << 200;
        for _ in 0..100 {
            assert!(below_big(&mut rng, &big) < big);
        }
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let r = below_big(&mut rng, &BigUint::from(5u8));
            seen[usize::try_from(&r).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
    }

    #[test]
    fn the_whole_range_of_u128() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let _ = below_u128(&mut rng, u128::MAX);
        assert_eq!(below_u128(&mut rng, 1), 0);
    }
}
