//! Hand evaluation by lookup tables, 5-card and 3-card hands on one scale
//! (RULES §2–§3).
//!
//! A value is `category << 20 | five 4-bit nibbles`, the nibbles holding the
//! comparison key high to low as `rank + 1` (0 = absent). A front (3 cards)
//! therefore compares with a middle exactly as RULES R-FOUL-3 says: same
//! category, key compared on the front's length, and a prefix-equal front is
//! *lower* (its missing kickers are zeros), so "not stronger" is `front <= middle`.
//! Straights store `(ordinal, top rank + 1)`: the ordinal orders them under the
//! chosen wheel position, the top rank lets a value describe itself.
//!
//! Tables are generated on first use from a direct classifier (`classify`) and
//! checked against an independent brute force in the tests.

#[cfg(test)]
use crate::cards::rank;
use crate::cards::{Card, RANK_CHARS, RANK_NAMES};
use crate::error::{Error, Result};
use std::sync::LazyLock;

/// Hand categories, low to high. A front only has `HighCard`, `Pair`, `Trips`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair = 1,
    TwoPair = 2,
    Trips = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    Quads = 7,
    StraightFlush = 8,
    RoyalFlush = 9,
}

impl Category {
    /// All categories, low to high.
    pub const ALL: [Category; 10] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
        Category::RoyalFlush,
    ];

    /// The category of a number 0..9.
    pub fn from_u8(n: u8) -> Option<Category> {
        Category::ALL.get(n as usize).copied()
    }
}

/// Where A-2-3-4-5 ranks among straights (and straight flushes), RULES §2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Wheel {
    /// The lowest straight (5-high).
    #[default]
    Lowest,
    /// Directly below 10-J-Q-K-A, above K-Q-J-10-9.
    SecondHighest,
}

impl std::str::FromStr for Wheel {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "lowest" => Ok(Wheel::Lowest),
            "second_highest" => Ok(Wheel::SecondHighest),
            _ => Err(Error::UnknownOption {
                option: "wheel".into(),
                value: s.into(),
                allowed: "'lowest', 'second_highest'".into(),
            }),
        }
    }
}

/// Bits of the category field.
pub const CATEGORY_SHIFT: u32 = 20;

/// The category of a value.
#[inline(always)]
pub fn category_of(value: u32) -> u8 {
    (value >> CATEGORY_SHIFT) as u8
}

fn pack(cat: Category, ranks: &[u8]) -> u32 {
    let mut v = (cat as u32) << CATEGORY_SHIFT;
    for (i, &r) in ranks.iter().enumerate() {
        v |= (r as u32 + 1) << (16 - 4 * i);
    }
    v
}

fn pack_straight(cat: Category, top: u8, wheel: Wheel) -> u32 {
    // top is the rank of the highest card of the run (3 for the wheel).
    let ordinal = match (wheel, top) {
        (Wheel::Lowest, t) => t - 2,        // wheel 1, 6-high 2, …, A-high 10
        (Wheel::SecondHighest, 3) => 9,     // just below the A-high run
        (Wheel::SecondHighest, 12) => 10,   // A-high
        (Wheel::SecondHighest, t) => t - 3, // 6-high 1, …, K-high 8
    };
    ((cat as u32) << CATEGORY_SHIFT) | ((ordinal as u32) << 16) | ((top as u32 + 1) << 12)
}

/// Classifies 3 or 5 ranks directly (the generator of the tables).
/// `flush` only matters for 5 cards.
pub fn classify(ranks: &[u8], flush: bool, wheel: Wheel) -> u32 {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    // (count, rank) groups, largest group first, then higher rank first.
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let key: Vec<u8> = groups.iter().map(|g| g.1).collect();
    if ranks.len() == 3 {
        return match groups[0].0 {
            3 => pack(Category::Trips, &key),
            2 => pack(Category::Pair, &key),
            _ => pack(Category::HighCard, &key),
        };
    }
    let straight_top = if groups.len() == 5 {
        if key[0] - key[4] == 4 {
            Some(key[0])
        } else if key == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    match (straight_top, flush, groups[0].0, groups.get(1).map(|g| g.0)) {
        (Some(12), true, _, _) => pack_straight(Category::RoyalFlush, 12, wheel),
        (Some(t), true, _, _) => pack_straight(Category::StraightFlush, t, wheel),
        (_, _, 4, _) => pack(Category::Quads, &key),
        (_, _, 3, Some(2)) => pack(Category::FullHouse, &key),
        (_, true, _, _) => pack(Category::Flush, &key),
        (Some(t), false, _, _) => pack_straight(Category::Straight, t, wheel),
        (_, _, 3, _) => pack(Category::Trips, &key),
        (_, _, 2, Some(2)) => pack(Category::TwoPair, &key),
        (_, _, 2, _) => pack(Category::Pair, &key),
        _ => pack(Category::HighCard, &key),
    }
}

/// Per-rank keys whose sums over any 5-card rank multiset (at most four of a
/// rank) are all distinct (found greedily; checked by `all_five_card_hands`).
const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
];

/// Bit where the four 4-bit suit counters start in a card key.
const SUIT_SHIFT: u32 = 32;
/// Adding 3 to every suit counter sets its bit 3 exactly when the count is 5 (a flush).
const FLUSH_ADD: u64 = 0x3333 << SUIT_SHIFT;
const FLUSH_MASK: u64 = 0x8888 << SUIT_SHIFT;

/// Key of a card code: the rank key in the low bits plus a count of one in its
/// suit's counter. Summing five keys gives the rank multiset (low 32 bits)
/// and whether the hand is a flush, without a branch. Codes 52..255 map to 0
/// so that an unchecked look-up stays in bounds.
pub static CARD_KEY: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = RANK_KEYS[c >> 2] as u64 | 1u64 << (SUIT_SHIFT as usize + 4 * (c & 3));
        c += 1;
    }
    t
};

/// One bit per card for the validity check; every invalid code sets bit 63.
static CARD_BIT: [u64; 256] = {
    let mut t = [1u64 << 63; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 1u64 << c;
        c += 1;
    }
    t
};

/// True unless the codes are distinct and all below 52 (branch-free): the
/// sum of distinct single bits has exactly one bit per card, a repeated card
/// carries into fewer bits, and an invalid code sets a bit at or above 52.
#[inline(always)]
pub fn is_bad_hand<const N: usize>(c: &[u8; N]) -> bool {
    let mut sum = 0u64;
    for &x in c {
        sum = sum.wrapping_add(CARD_BIT[x as usize]);
    }
    (sum.count_ones() != N as u32) | (sum >> 52 != 0)
}

/// `is_bad_hand` for any number of codes up to 52 (a whole deal): the same
/// sum of single bits, so a card held twice anywhere shows.
#[inline]
pub fn is_bad_cards(c: &[u8]) -> bool {
    let mut sum = 0u64;
    for &x in c {
        sum = sum.wrapping_add(CARD_BIT[x as usize]);
    }
    (sum.count_ones() as usize != c.len()) | (sum >> 52 != 0)
}

/// `is_bad_hand` for five codes packed little-endian in the low bytes of a word.
#[inline(always)]
pub fn is_bad_word5(w: u64) -> bool {
    let b = |i: u32| CARD_BIT[((w >> (8 * i)) & 0xFF) as usize];
    let sum = b(0)
        .wrapping_add(b(1))
        .wrapping_add(b(2))
        .wrapping_add(b(3))
        .wrapping_add(b(4));
    (sum.count_ones() != 5) | (sum >> 52 != 0)
}

/// The key sum of five codes packed little-endian in the low bytes of a word.
#[inline(always)]
pub fn key_of_word5(w: u64) -> u64 {
    let k = |i: u32| CARD_KEY[((w >> (8 * i)) & 0xFF) as usize];
    k(0) + k(1) + k(2) + k(3) + k(4)
}

/// Offsets for the 3-card table, indexed by card code.
static R169: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 169 * (c as u16 >> 2);
        c += 1;
    }
    t
};
static R13: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 13 * (c as u16 >> 2);
        c += 1;
    }
    t
};
static R1: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = c as u16 >> 2;
        c += 1;
    }
    t
};

const BUCKET_BITS: u32 = 11;
/// Odd multipliers tried in turn for the bucket hash until the displacement
/// search succeeds (the first one does for the shipped keys; the test
/// `all_five_card_hands` would catch a failure).
const MULTIPLIERS: [u32; 6] = [
    0x9E37_79B1,
    0x85EB_CA6B,
    0xC2B2_AE35,
    0x27D4_EB2F,
    0x1656_67B1,
    0x2545_F491,
];

/// Hash-and-displace: `slot = (sum ^ disp[bucket(sum)]) & mask`, found with
/// the largest buckets placed first. Items of one bucket must differ in their
/// low bits, otherwise no displacement separates them and `None` is returned.
fn build_perfect_hash(sums: &[u32], mult: u32, slot_bits: u32) -> Option<Vec<u16>> {
    let nslots = 1usize << slot_bits;
    let mask = (nslots - 1) as u32;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 1 << BUCKET_BITS];
    for &s in sums {
        buckets[(s.wrapping_mul(mult) >> (32 - BUCKET_BITS)) as usize].push(s & mask);
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut used = vec![false; nslots];
    let mut disp = vec![0u16; 1 << BUCKET_BITS];
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let d = (0..nslots as u32).find(|&d| {
            let slots: Vec<usize> = items.iter().map(|&h| (h ^ d) as usize).collect();
            slots
                .iter()
                .enumerate()
                .all(|(i, s)| !used[*s] && !slots[..i].contains(s))
        })?;
        for &h in items {
            used[(h ^ d) as usize] = true;
        }
        disp[b] = d as u16;
    }
    Some(disp)
}

/// Tables for one wheel position.
pub struct Evaluator {
    wheel: Wheel,
    mult: u32,
    disp: Vec<u16>,
    slot_mask: u32,
    /// Per slot: [value as a non-flush, value as a flush].
    slots: Vec<[u32; 2]>,
    three: Vec<u32>,
}

impl Evaluator {
    fn build(wheel: Wheel) -> Evaluator {
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
        let (mult, slot_bits, disp) = (13..=16)
            .flat_map(|bits| MULTIPLIERS.iter().map(move |&m| (m, bits)))
            .find_map(|(m, bits)| build_perfect_hash(&sums, m, bits).map(|d| (m, bits, d)))
            .expect("a perfect hash exists for 6175 keys in 2^16 slots");
        let mut ev = Evaluator {
            wheel,
            mult,
            disp,
            slot_mask: (1 << slot_bits) - 1,
            slots: vec![[0, 0]; 1 << slot_bits],
            three: vec![0u32; 13 * 13 * 13],
        };
        for &(sum, plain, flush) in &entries {
            let slot = ev.slot(sum);
            ev.slots[slot] = [plain, flush];
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

    #[inline(always)]
    fn slot(&self, sum: u32) -> usize {
        let bucket = (sum.wrapping_mul(self.mult) >> (32 - BUCKET_BITS)) as usize;
        ((sum ^ self.disp[bucket] as u32) & self.slot_mask) as usize
    }

    /// Value of a hand from the sum of its five `CARD_KEY`s.
    #[inline(always)]
    pub fn value_of_key(&self, key: u64) -> u32 {
        let flush = ((key + FLUSH_ADD) & FLUSH_MASK != 0) as usize;
        self.slots[self.slot(key as u32)][flush]
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
        self.three[i as usize]
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
                    let key: u64 = m
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

static LOWEST: LazyLock<Evaluator> = LazyLock::new(|| Evaluator::build(Wheel::Lowest));
static SECOND_HIGHEST: LazyLock<Evaluator> =
    LazyLock::new(|| Evaluator::build(Wheel::SecondHighest));

/// The shared tables for a wheel position (built on first use, ~ms).
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

fn nibbles(value: u32) -> [u8; 5] {
    [16, 12, 8, 4, 0].map(|s| ((value >> s) & 15) as u8)
}

/// Number of cards (3 or 5) of a valid value.
pub fn size_of(value: u32) -> usize {
    let n = nibbles(value);
    match Category::from_u8(category_of(value)) {
        Some(Category::HighCard) if n[3] == 0 => 3,
        Some(Category::Pair) if n[2] == 0 => 3,
        Some(Category::Trips) if n[1] == 0 => 3,
        _ => 5,
    }
}

/// Is this the value of some 3- or 5-card hand under either wheel position?
pub fn is_valid_value(value: u32) -> bool {
    static VALID: LazyLock<std::collections::HashSet<u32>> = LazyLock::new(|| {
        let mut set = std::collections::HashSet::new();
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            set.extend(e.three.iter().copied());
            // empty entries hold 0, which is no hand's value (a real value has nibbles set)
            set.extend(e.slots.iter().flatten().copied().filter(|&v| v != 0));
        }
        set
    });
    VALID.contains(&value)
}

fn rank_char(nibble: u8) -> char {
    RANK_CHARS[(nibble.saturating_sub(1) as usize).min(12)]
}

fn name(nibble: u8, plural: bool) -> &'static str {
    let (s, p) = RANK_NAMES[(nibble.saturating_sub(1) as usize).min(12)];
    if plural {
        p
    } else {
        s
    }
}

fn run(ns: &[u8]) -> String {
    ns.iter()
        .filter(|&&n| n != 0)
        .map(|&n| rank_char(n).to_string())
        .collect::<Vec<_>>()
        .join("-")
}

fn kickers(ns: &[u8]) -> String {
    let ks: Vec<u8> = ns.iter().copied().filter(|&n| n != 0).collect();
    match ks.len() {
        0 => String::new(),
        1 => format!(", {} kicker", rank_char(ks[0])),
        _ => format!(", {} kickers", run(&ks)),
    }
}

fn straight_cards(top_nibble: u8) -> String {
    let top = top_nibble - 1;
    if top == 3 {
        "5-4-3-2-A".into()
    } else {
        (0..5)
            .map(|i| RANK_CHARS[(top - i) as usize].to_string())
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// A description of a value, e.g. `Flush, K-Q-8-6-3` or `Pair of Queens, 5 kicker`.
pub fn describe(value: u32) -> String {
    let n = nibbles(value);
    match Category::from_u8(category_of(value)) {
        Some(Category::HighCard) => format!("High card, {}", run(&n)),
        Some(Category::Pair) => format!("Pair of {}{}", name(n[0], true), kickers(&n[1..])),
        Some(Category::TwoPair) => format!(
            "Two pair, {} and {}{}",
            name(n[0], true),
            name(n[1], true),
            kickers(&n[2..])
        ),
        Some(Category::Trips) => {
            format!("Three of a kind, {}{}", name(n[0], true), kickers(&n[1..]))
        }
        Some(Category::Straight) => format!("Straight, {}", straight_cards(n[1])),
        Some(Category::Flush) => format!("Flush, {}", run(&n)),
        Some(Category::FullHouse) => format!(
            "Full house, {} full of {}",
            name(n[0], true),
            name(n[1], true)
        ),
        Some(Category::Quads) => {
            format!("Four of a kind, {}{}", name(n[0], true), kickers(&n[1..]))
        }
        Some(Category::StraightFlush) => format!("Straight flush, {}", straight_cards(n[1])),
        Some(Category::RoyalFlush) => "Royal flush".into(),
        None => format!("invalid value {value}"),
    }
}

/// Ranks of the hand, for tests: a generic brute-force comparator key that
/// shares nothing with the tables (used by the unit tests below).
#[cfg(test)]
fn brute_key(cards: &[Card], wheel: Wheel) -> (u8, Vec<i32>) {
    let mut rs: Vec<i32> = cards.iter().map(|&c| rank(c) as i32).collect();
    rs.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.len() == 5 && cards.iter().all(|&c| c & 3 == cards[0] & 3);
    let mut distinct = rs.clone();
    distinct.dedup();
    let straight = if cards.len() == 5 && distinct.len() == 5 {
        if rs[0] - rs[4] == 4 {
            Some(rs[0])
        } else if rs == [12, 3, 2, 1, 0] {
            Some(match wheel {
                Wheel::Lowest => 3,
                Wheel::SecondHighest => 11, // between K-high (11) and A-high (12)
            })
        } else {
            None
        }
    } else {
        None
    };
    // group by count
    let mut groups: Vec<(usize, i32)> = distinct
        .iter()
        .map(|&r| (rs.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let key: Vec<i32> = groups.iter().map(|g| g.1).collect();
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let straight_key = |t: i32| {
        // K-high = 11 vs the second-highest wheel = 11: break with a half step
        vec![2 * t + i32::from(rs == [12, 3, 2, 1, 0] && wheel == Wheel::SecondHighest)]
    };
    match (straight, flush, counts.as_slice()) {
        (Some(12), true, _) if rs[4] == 8 => (9, vec![]),
        (Some(t), true, _) => (8, straight_key(t)),
        (_, _, [4, 1]) => (7, key),
        (_, _, [3, 2]) => (6, key),
        (_, true, _) => (5, key),
        (Some(t), _, _) => (4, straight_key(t)),
        (_, _, [3, ..]) => (3, key),
        (_, _, [2, 2, 1]) => (2, key),
        (_, _, [2, ..]) => (1, key),
        _ => (0, key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn all_five_card_hands() {
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let mut counts = [0usize; 10];
            let mut distinct = HashSet::new();
            let mut n = 0usize;
            e.for_each_hand5(|c, v| {
                counts[category_of(v) as usize] += 1;
                distinct.insert(v);
                n += 1;
                debug_assert_eq!(v, e.value5(c));
            });
            assert_eq!(n, 2_598_960);
            assert_eq!(distinct.len(), 7462);
            assert_eq!(
                counts,
                [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
            );
        }
    }

    #[test]
    fn three_card_values() {
        let e = evaluator(Wheel::Lowest);
        let mut distinct = HashSet::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    distinct.insert(e.value3([a, b, c]));
                    assert_eq!(e.value3([a, b, c]), e.value3([c, a, b]));
                }
            }
        }
        assert_eq!(distinct.len(), 455);
    }

    #[test]
    fn ordering_matches_brute_force_on_a_sample() {
        // deterministic pseudo-random sample (xorshift), no dependency
        let mut s = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
            let e = evaluator(wheel);
            let hands: Vec<Vec<Card>> = (0..4000)
                .map(|_| {
                    let mut deck: Vec<Card> = (0..52).collect();
                    for i in 0..5 {
                        let j = i + (next() % (52 - i as u64)) as usize;
                        deck.swap(i, j);
                    }
                    deck[..5].to_vec()
                })
                .collect();
            for w in hands.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                let va = e.value(a).unwrap();
                let vb = e.value(b).unwrap();
                assert_eq!(
                    va.cmp(&vb),
                    brute_key(a, wheel).cmp(&brute_key(b, wheel)),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn wheel_positions() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let v = |s: &str, w| evaluator(w).value(&p(s)).unwrap();
        for w in [Wheel::Lowest, Wheel::SecondHighest] {
            assert!(v("Ac 2d 3h 4s 5c", w) < v("Ac Kd Qh Js Tc", w));
        }
        assert!(v("Ac 2d 3h 4s 5c", Wheel::Lowest) < v("2c 3d 4h 5s 6c", Wheel::Lowest));
        assert!(
            v("Ac 2d 3h 4s 5c", Wheel::SecondHighest) > v("9c Kd Qh Js Tc", Wheel::SecondHighest)
        );
        assert!(
            v("Ac 2c 3c 4c 5c", Wheel::SecondHighest) > v("9c Kc Qc Jc Tc", Wheel::SecondHighest)
        );
        assert!(v("Ac 2c 3c 4c 5c", Wheel::Lowest) < v("2c 3c 4c 5c 6c", Wheel::Lowest));
        assert_eq!(
            describe(v("Ac 2d 3h 4s 5c", Wheel::SecondHighest)),
            "Straight, 5-4-3-2-A"
        );
    }

    #[test]
    fn descriptions() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let d = |s: &str| describe(evaluator(Wheel::Lowest).value(&p(s)).unwrap());
        assert_eq!(d("Kh Qh 8h 6h 3h"), "Flush, K-Q-8-6-3");
        assert_eq!(d("Qh Qs 5d"), "Pair of Queens, 5 kicker");
        assert_eq!(d("Ah Kh Qh Jh Th"), "Royal flush");
        assert_eq!(d("7h 7s 7d 7c Kd"), "Four of a kind, Sevens, K kicker");
        assert_eq!(d("Qh Qs Qd 5c 5d"), "Full house, Queens full of Fives");
        assert_eq!(d("9h 9s 4d 4c 2d"), "Two pair, Nines and Fours, 2 kicker");
        assert_eq!(
            size_of(evaluator(Wheel::Lowest).value(&p("2h 3s 4d")).unwrap()),
            3
        );
    }

    #[test]
    fn cross_size_examples_rules_3_2() {
        let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
        let v = |s: &str| evaluator(Wheel::Lowest).value(&p(s)).unwrap();
        assert!(v("Ks Kd Ac") > v("Kh Kc Qd Js 9h"));
        assert!(v("Ks Kd 5c") <= v("Kh Kc 5d 4s 3h"));
        assert!(v("As Kd Qc") <= v("Ah Kc Qd 7s 5h"));
        assert!(v("Qs Qd Qc") > v("9h 9c 4d 4s 2h"));
        assert!(v("As Ad 2c") <= v("3h 3c 4d 4s 5h"));
        assert!(v("7s 6d 5c") <= v("2h 2c 4d 8s 9h"));
    }
}
