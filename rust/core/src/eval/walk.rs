//! Enumeration of every five-card hand in order, by a walk over rank
//! multisets that costs one look-up per hand.

use super::keys::CARD_KEY;
use super::tables::{evaluator, Evaluator};
use super::value::Wheel;
use crate::cards::Card;
use std::sync::LazyLock;

impl Evaluator {
    /// Calls `f(cards, value)` for all 2,598,960 five-card hands, in
    /// lexicographic order of codes. Walks a table of rank-multiset states so
    /// that the innermost loop costs one look-up per hand (see `RankWalk`).
    #[inline]
    pub fn for_each_hand5(&self, mut f: impl FnMut([Card; 5], u32)) {
        let w = rank_walk(self.wheel);
        for a in 0..48u8 {
            let s1 = w.next(0, a);
            for b in a + 1..49 {
                let s2 = w.next(s1, b);
                for c in b + 1..50 {
                    let s3 = w.next(s2, c);
                    for d in c + 1..51 {
                        let last = w.last(w.next(s3, d));
                        if ((a ^ b) | (a ^ c) | (a ^ d)) & 3 != 0 {
                            for e in d + 1..52 {
                                f([a, b, c, d, e], last[(e >> 2) as usize]);
                            }
                        } else {
                            // four suited cards: the fifth of that suit makes a flush
                            for e in d + 1..52 {
                                let v = if (a ^ e) & 3 == 0 {
                                    self.value5([a, b, c, d, e])
                                } else {
                                    last[(e >> 2) as usize]
                                };
                                f([a, b, c, d, e], v);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Rank-multiset states for sequential enumeration: `next` moves from the
/// state of k cards to the state of k + 1 cards by the new card's rank, and
/// `last` gives, for a 4-card state, the non-flush value of each fifth rank.
pub struct RankWalk {
    next: Vec<u16>,
    last: Vec<[u32; 13]>,
}

impl RankWalk {
    fn build(e: &Evaluator) -> RankWalk {
        use std::collections::HashMap;
        // states: multisets of at most 4 ranks, id 0 = empty; level-4 states
        // are numbered first among themselves in `last`.
        let mut ids: HashMap<Vec<u8>, u16> = HashMap::new();
        let mut order: Vec<Vec<u8>> = vec![vec![]];
        ids.insert(vec![], 0);
        let mut i = 0;
        while i < order.len() {
            let ms = order[i].clone();
            if ms.len() < 4 {
                for r in 0..13u8 {
                    let mut m = ms.clone();
                    m.push(r);
                    m.sort_unstable();
                    if !ids.contains_key(&m) {
                        ids.insert(m.clone(), order.len() as u16);
                        order.push(m);
                    }
                }
            }
            i += 1;
        }
        let mut next = vec![0u16; order.len() * 13];
        let mut last = vec![[0u32; 13]; order.len()];
        for (id, ms) in order.iter().enumerate() {
            for r in 0..13u8 {
                let mut m = ms.clone();
                m.push(r);
                if ms.len() < 4 {
                    m.sort_unstable();
                    next[id * 13 + r as usize] = ids[&m];
                } else if m.iter().filter(|&&x| x == r).count() <= 4 {
                    // any suits that are not all equal: clubs for the first card, diamonds after
                    let key: u32 = m
                        .iter()
                        .enumerate()
                        .map(|(j, &x)| CARD_KEY[(4 * x + u8::from(j > 0)) as usize])
                        .sum();
                    last[id][r as usize] = e.value_of_key(key);
                }
            }
        }
        RankWalk { next, last }
    }

    #[inline(always)]
    fn next(&self, state: usize, card: Card) -> usize {
        self.next[state * 13 + (card >> 2) as usize] as usize
    }

    #[inline(always)]
    fn last(&self, state: usize) -> &[u32; 13] {
        &self.last[state]
    }
}

/// The shared walk of a wheel position (built on first use).
fn rank_walk(wheel: Wheel) -> &'static RankWalk {
    static LOWEST_WALK: LazyLock<RankWalk> =
        LazyLock::new(|| RankWalk::build(evaluator(Wheel::Lowest)));
    static SECOND_WALK: LazyLock<RankWalk> =
        LazyLock::new(|| RankWalk::build(evaluator(Wheel::SecondHighest)));
    match wheel {
        Wheel::Lowest => &LOWEST_WALK,
        Wheel::SecondHighest => &SECOND_WALK,
    }
}
