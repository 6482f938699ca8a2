//! The lookup tables of one wheel position ([`Evaluator`]), generated on
//! first use, their single-hand look-ups, and the checked entry points.

use super::hash::{bucket, build_perfect_hash, BUCKETS, SLOTS, SLOT_BITS, SLOT_MASK};
use super::keys::{is_flush, CARD_KEY, R1, R13, R169, RANK_KEYS, THREE_SPAN};
use super::valid::is_bad_cards;
use super::value::{classify, Wheel};
use crate::cards::Card;
use crate::error::{Error, Result};
use std::sync::LazyLock;

/// Tables for one wheel position, in one block (one base register for all
/// of them). Fixed-size arrays: the 5-card indices are masked to the table's
/// size, so those look-ups need no bounds checks.
pub struct Evaluator {
    pub(super) wheel: Wheel,
    /// The displacements, then two entries of padding (0) that no hash
    /// reaches: the AVX2 kernel gathers each displacement as 32 bits, which
    /// reads the next one too, so the last must have a neighbour in bounds.
    pub(super) disp: [u16; BUCKETS + 2],
    /// Per slot, the value of a hand that is not a flush, then (from `SLOTS`
    /// on) its value as a flush (0 where the ranks repeat). One hand in 500 is
    /// a flush, so the second half stays out of the cache and the common
    /// look-up touches 32 KB, not 64 as interleaved pairs would.
    pub(super) values: [u32; 2 * SLOTS],
    /// The value of three ranks at `169 a + 13 b + c`; the tail past 13³ is
    /// padding (0) so that a masked index is in bounds (see `THREE_SPAN`).
    pub(super) three: [u32; THREE_SPAN],
}

impl Evaluator {
    fn build(wheel: Wheel) -> Box<Evaluator> {
        // Every rank multiset of five cards, at most four of a rank:
        // (rank-key sum, non-flush value, flush value if the ranks are distinct).
        let mut entries: Vec<(u32, u32, u32)> = Vec::with_capacity(6175);
        let mut ranks = [0u8; 5];
        fn rec(
            pos: usize,
            min: u8,
            ranks: &mut [u8; 5],
            wheel: Wheel,
            out: &mut Vec<(u32, u32, u32)>,
        ) {
            if pos == 5 {
                if (0..5).any(|i| ranks.iter().filter(|&&r| r == ranks[i]).count() > 4) {
                    return;
                }
                let sum: u32 = ranks.iter().map(|&r| RANK_KEYS[r as usize]).sum();
                let distinct = (1..5).all(|i| ranks[i] != ranks[i - 1]);
                let flush = if distinct {
                    classify(ranks, true, wheel)
                } else {
                    0
                };
                out.push((sum, classify(ranks, false, wheel), flush));
                return;
            }
            for r in min..13 {
                ranks[pos] = r;
                rec(pos + 1, r, ranks, wheel, out);
            }
        }
        rec(0, 0, &mut ranks, wheel, &mut entries);
        let sums: Vec<u32> = entries.iter().map(|e| e.0).collect();
        let hash =
            build_perfect_hash(&sums).expect("MULT hashes the 6175 rank multisets into 2^13 slots");
        let mut disp = [0u16; BUCKETS + 2];
        disp[..BUCKETS].copy_from_slice(&hash);
        let mut ev = Box::new(Evaluator {
            wheel,
            disp,
            values: [0; 2 * SLOTS],
            three: [0; THREE_SPAN],
        });
        for &(sum, plain, flush) in &entries {
            let slot = ev.slot(sum);
            ev.values[slot] = plain;
            ev.values[SLOTS + slot] = flush;
        }
        for a in 0..13u8 {
            for b in 0..13u8 {
                for c in 0..13u8 {
                    ev.three[a as usize * 169 + b as usize * 13 + c as usize] =
                        classify(&[a, b, c], false, wheel);
                }
            }
        }
        ev
    }

    /// The wheel position of these tables.
    pub fn wheel(&self) -> Wheel {
        self.wheel
    }

    /// Slot of a key: the suit counters sit above `SLOT_MASK` and the
    /// displacements below it, so they need no masking of their own.
    #[inline(always)]
    pub(super) fn slot(&self, key: u32) -> usize {
        ((key ^ self.disp[bucket(key)] as u32) & SLOT_MASK) as usize
    }

    /// Value of a hand from the sum of its five `CARD_KEY`s.
    #[inline(always)]
    pub fn value_of_key(&self, key: u32) -> u32 {
        self.values[self.slot(key) | (is_flush(key) as usize) << SLOT_BITS]
    }

    /// Value of five valid, distinct card codes (unchecked: codes ≥ 52 give
    /// an unspecified value but never read out of bounds).
    #[inline(always)]
    pub fn value5(&self, c: [Card; 5]) -> u32 {
        let [a, b, d, e, f] = c.map(|x| CARD_KEY[x as usize]);
        self.value_of_key(a + b + d + e + f)
    }

    /// Value of three cards (unchecked like `value5`).
    #[inline(always)]
    pub fn value3(&self, c: [Card; 3]) -> u32 {
        let i = R169[c[0] as usize] + R13[c[1] as usize] + R1[c[2] as usize];
        self.three[i as usize & (THREE_SPAN - 1)]
    }

    /// The value of five card codes, or None unless they are distinct and
    /// all below 52 (one 64-bit mask, [`is_bad_cards`]). Cannot panic: every
    /// table index is a `u8` into a 256-entry table, a shifted hash or a
    /// masked slot, so no bounds check is left on the path (the per-hand
    /// Python call relies on it to skip the panic guard).
    #[inline]
    pub fn value5_checked(&self, c: [Card; 5]) -> Option<u32> {
        (!is_bad_cards(&c)).then(|| self.value5(c))
    }

    /// `value5_checked` for three cards (the index into the 3-card table is
    /// masked to its size).
    #[inline]
    pub fn value3_checked(&self, c: [Card; 3]) -> Option<u32> {
        (!is_bad_cards(&c)).then(|| self.value3(c))
    }

    /// Value of a checked hand of 3 or 5 cards.
    pub fn value(&self, cards: &[Card]) -> Result<u32> {
        match *cards {
            [a, b, c] => Ok(self.value3([a, b, c])),
            [a, b, c, d, e] => Ok(self.value5([a, b, c, d, e])),
            _ => Err(Error::HandSize {
                expected: "3 or 5".into(),
                got: cards.len(),
            }),
        }
    }
}

/// The tables of each wheel position, shared by every caller.
static LOWEST: LazyLock<Box<Evaluator>> = LazyLock::new(|| Evaluator::build(Wheel::Lowest));
static SECOND_HIGHEST: LazyLock<Box<Evaluator>> =
    LazyLock::new(|| Evaluator::build(Wheel::SecondHighest));

/// The shared tables for a wheel position (built on first use, in a few milliseconds).
pub fn evaluator(wheel: Wheel) -> &'static Evaluator {
    match wheel {
        Wheel::Lowest => &LOWEST,
        Wheel::SecondHighest => &SECOND_HIGHEST,
    }
}

/// Checks and evaluates 3 or 5 card codes.
pub fn evaluate(codes: &[i64], wheel: Wheel) -> Result<u32> {
    // Fast path without allocation: range and distinctness by a bit mask.
    if let 3 | 5 = codes.len() {
        let mut seen = 0u64;
        let mut c = [0u8; 5];
        let mut ok = true;
        for (slot, &x) in c.iter_mut().zip(codes) {
            if !(0..52).contains(&x) || seen >> x & 1 == 1 {
                ok = false;
                break;
            }
            seen |= 1 << x;
            *slot = x as u8;
        }
        if ok {
            let e = evaluator(wheel);
            return Ok(if codes.len() == 5 {
                e.value5(c)
            } else {
                e.value3([c[0], c[1], c[2]])
            });
        }
    }
    // Slow path: the same checks, with an error that names the problem.
    let cards = crate::cards::check_hand(codes, &[3, 5])?;
    evaluator(wheel).value(&cards)
}

/// Is this the value of some 3- or 5-card hand under either wheel position?
pub fn is_valid_value(value: u32) -> bool {
    static VALID: LazyLock<std::collections::HashSet<u32>> = LazyLock::new(|| {
        let mut set = std::collections::HashSet::new();
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            // empty entries (and the 3-card table's padding) hold 0, which is
            // no hand's value (a real value has nibbles set)
            set.extend(e.three.iter().copied().filter(|&v| v != 0));
            set.extend(e.values.iter().copied().filter(|&v| v != 0));
        }
        set
    });
    VALID.contains(&value)
}
