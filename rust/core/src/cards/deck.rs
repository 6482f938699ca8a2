//! The one deck: a seeded generator ([`SplitMix64`]), its shuffles, and the
//! deals built on them. Every seeded deal of the engine (simulation, duplicate
//! matches, the strong solver's samples, open-face games and rollouts) comes
//! from here, so a `u64` seed fixes a deal everywhere without an RNG crate.
//!
//! A seeded deal is reproducible by design, and so predictable to anyone who
//! can try seeds: games dealt for real without a seed use [`entropy_deck`]
//! instead, a ChaCha20 generator keyed with 256 bits from the operating system.

use super::{Card, DECK_SIZE};

/// Odd multiplier that spreads a stream number (a deal or sample index) over
/// the seed's bits, so neighbouring streams start far apart.
const STREAM_MIX: u64 = 0xD1B5_4A32_D192_ED03;

/// One SplitMix64 step: advances `state` and returns 64 well-mixed bits.
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64: a small, well-mixed generator, so that a `u64` seed fixes a
/// deal and a rollout everywhere (no dependency on an external RNG crate).
///
/// ```
/// # use chinese_poker_core::cards::deck::SplitMix64;
/// let mut deck: Vec<u8> = (0..52).collect();
/// SplitMix64::new(7).shuffle(&mut deck);
/// assert_eq!(deck.len(), 52);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator of stream `stream` of a run seeded with `seed`, before
    /// its first step.
    pub fn stream(seed: u64, stream: u64) -> SplitMix64 {
        SplitMix64(seed ^ stream.wrapping_mul(STREAM_MIX))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n > 0`); the multiply-shift bias is below 2^-50 for n ≤ 52.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Fisher–Yates shuffle of all of `items`, from the last position down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Fisher–Yates shuffle of the first `n` positions of `items` only (the
    /// cards dealt), from the first position up, each drawn by a remainder.
    /// The draw differs from [`SplitMix64::below`]'s so that the solver's
    /// and the strong solver's seeded deals stay the ones they have always
    /// been.
    pub fn shuffle_prefix<T>(&mut self, items: &mut [T], n: usize) {
        let len = items.len();
        for i in 0..n.min(len) {
            let j = i + (self.next_u64() % (len - i) as u64) as usize;
            items.swap(i, j);
        }
    }
}

/// Mixes a seed with a stream number so that sub-generators are independent.
///
/// ```
/// # use chinese_poker_core::cards::deck::mix_seed;
/// assert_ne!(mix_seed(1, 0), mix_seed(1, 1));
/// ```
pub fn mix_seed(seed: u64, stream: u64) -> u64 {
    SplitMix64::stream(seed, stream).next_u64()
}

/// The whole pack in code order.
pub fn new_deck() -> [Card; DECK_SIZE] {
    std::array::from_fn(|i| i as Card)
}

/// The shuffled pack of deal `index` of a run seeded with `seed`; the deal
/// depends only on `(seed, index)`, so a run split into ranges deals the same.
///
/// ```
/// # use chinese_poker_core::cards::deck::deal_deck;
/// assert_eq!(deal_deck(7, 3), deal_deck(7, 3));
/// assert_ne!(deal_deck(7, 3), deal_deck(7, 4));
/// ```
pub fn deal_deck(seed: u64, index: u64) -> [Card; DECK_SIZE] {
    let mut rng = SplitMix64::stream(seed, index);
    rng.next_u64();
    let mut deck = new_deck();
    rng.shuffle(&mut deck);
    deck
}

/// The first `N` cards of a pack shuffled from the generator state `state`
/// (`N` above 52 repeats the pack).
///
/// ```
/// # use chinese_poker_core::cards::deck::deal_cards;
/// let hands: [u8; 26] = deal_cards(5);
/// assert_eq!(hands.iter().collect::<std::collections::HashSet<_>>().len(), 26);
/// ```
pub fn deal_cards<const N: usize>(state: u64) -> [Card; N] {
    let mut deck = new_deck();
    SplitMix64::new(state).shuffle_prefix(&mut deck, N);
    std::array::from_fn(|i| deck[i % DECK_SIZE])
}

/// A pack shuffled by ChaCha20 keyed with 256 bits of the operating system's
/// entropy: every order of the 52 cards is possible and none can be foretold
/// from earlier deals. Refused (not silently weakened) when the system has no
/// entropy source.
///
/// ```
/// # use chinese_poker_core::cards::deck::entropy_deck;
/// let (a, b) = (entropy_deck().unwrap(), entropy_deck().unwrap());
/// assert_ne!(a, b);
/// let mut sorted = a;
/// sorted.sort_unstable();
/// assert_eq!(sorted, chinese_poker_core::cards::deck::new_deck());
/// ```
pub fn entropy_deck() -> crate::error::Result<[Card; DECK_SIZE]> {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha20Rng::try_from_os_rng().map_err(|e| {
        crate::error::Error::Internal(format!("the system gives no entropy to deal from: {e}"))
    })?;
    let mut deck = new_deck();
    for i in (1..DECK_SIZE).rev() {
        // Lemire's multiply-shift with rejection: uniform in 0..=i, unbiased.
        let n = (i + 1) as u64;
        let threshold = n.wrapping_neg() % n;
        let j = loop {
            let m = u128::from(rng.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                break (m >> 64) as usize;
            }
        };
        deck.swap(i, j);
    }
    Ok(deck)
}

#[cfg(test)]
#[path = "deck_tests.rs"]
mod tests;
