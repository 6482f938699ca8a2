//! Naturals: special 13-card hands (RULES §6). Detection of every natural of
//! §6.2, including the arrangement-dependent ones (three straights, three
//! flushes, three straight flushes) found by a partition search that returns
//! the legal setting showing them; the preset's precedence picks one (R-NAT-2)
//! and a key breaks ties between two naturals of the same type (§6.4).
//!
//! The names and default values of the naturals ([`NaturalKind`]) are rules
//! data and live in `rules::naturals`; they are re-exported here.
//!
//! - `mod.rs` — detection and comparison
//! - `tests.rs` — its tests

pub use crate::rules::naturals::NaturalKind;

use crate::cards::{check_hand, rank, suit, Card};
use crate::error::Result;
use crate::eval::{category_of, evaluator, Category, Wheel};
use crate::rules::{FrontRunAce, Rules, TwelveRoyalsDef};
use crate::setting::{order_check, Setting};
use std::cmp::Ordering;

/// A detected natural.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Natural {
    /// Which natural.
    pub kind: NaturalKind,
    /// Its value per opponent under the rules.
    pub value: i64,
    /// Its index in `natural.enabled` (higher = stronger).
    pub precedence: usize,
    /// Tie-break key against the same natural (RULES §6.4), compared lexicographically.
    pub key: Vec<u32>,
    /// For the arrangement-dependent naturals: the legal setting showing it,
    /// stronger 5-card row in the back.
    pub setting: Option<Setting>,
}

/// Orders two naturals: precedence first, then the same-type key (RULES §6.4).
pub fn compare_naturals(a: &Natural, b: &Natural) -> Ordering {
    a.precedence.cmp(&b.precedence).then_with(|| {
        if a.kind == b.kind {
            a.key.cmp(&b.key)
        } else {
            Ordering::Equal
        }
    })
}

fn rank_counts(cards: &[Card; 13]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank(c) as usize] += 1;
    }
    counts
}

/// Ranks high to low, with multiplicity.
fn ranks_desc(cards: &[Card; 13]) -> Vec<u32> {
    let mut r: Vec<u32> = cards.iter().map(|&c| u32::from(rank(c))).collect();
    r.sort_unstable_by(|a, b| b.cmp(a));
    r
}

/// Groups of a multiplicity, highest rank first.
fn groups(counts: &[u8; 13], size: u8) -> Vec<u32> {
    (0..13u32)
        .rev()
        .filter(|&r| counts[r as usize] == size)
        .collect()
}

/// Multiplicities, largest first.
fn shape(counts: &[u8; 13]) -> Vec<u8> {
    let mut s: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
    s.sort_unstable_by(|a, b| b.cmp(a));
    s
}

fn is_red(c: Card) -> bool {
    // suits 1 (diamonds) and 2 (hearts) are red
    matches!(suit(c), 1 | 2)
}

/// The tie-break key of a 3-card run (top rank, doubled so the A-2-3 run can
/// sit between K-high and A-high under `rank.wheel = second_highest`), or
/// `None` when the three cards are not a run the rules accept (RULES §6.2).
fn front_run_key(front: [Card; 3], rules: &Rules) -> Option<u32> {
    let mut r = front.map(rank);
    r.sort_unstable();
    if r == [0, 1, 12] {
        return match rules.front_run_ace {
            FrontRunAce::HighOnly => None,
            _ => Some(match rules.wheel {
                Wheel::Lowest => 2,
                Wheel::SecondHighest => 23,
            }),
        };
    }
    if r[1] != r[0] + 1 || r[2] != r[1] + 1 {
        return None;
    }
    if r[2] == 12 && rules.front_run_ace == FrontRunAce::LowOnly {
        return None;
    }
    Some(2 * u32::from(r[2]))
}

fn same_suit3(front: [Card; 3]) -> bool {
    suit(front[0]) == suit(front[1]) && suit(front[1]) == suit(front[2])
}

/// The best legal setting (by back, middle, front key) whose front satisfies
/// `front_key` and whose middle and back both satisfy `five_ok`;
/// `rest_ok` is a necessary condition on the ten cards left by a front for
/// two such rows, which spares the search over their splits.
fn best_arrangement(
    cards: &[Card; 13],
    rules: &Rules,
    front_key: impl Fn([Card; 3]) -> Option<u32>,
    rest_ok: impl Fn(&[Card; 10]) -> bool,
    five_ok: impl Fn(u32) -> bool,
) -> Option<(Vec<u32>, Setting)> {
    let e = evaluator(rules.wheel);
    let mut best: Option<(Vec<u32>, [Card; 13])> = None;
    for i in 0..13 {
        for j in i + 1..13 {
            for k in j + 1..13 {
                let front = [cards[i], cards[j], cards[k]];
                let Some(fk) = front_key(front) else { continue };
                let mut rest = [0 as Card; 10];
                for (r, x) in rest
                    .iter_mut()
                    .zip((0..13).filter(|&x| x != i && x != j && x != k))
                {
                    *r = cards[x];
                }
                if !rest_ok(&rest) {
                    continue;
                }
                let fv = e.value3(front);
                // Bit 0 always in the first group, so each split is seen once.
                for mask in (1u32..1024).step_by(2) {
                    if mask.count_ones() != 5 {
                        continue;
                    }
                    let mut a = [0 as Card; 5];
                    let mut b = [0 as Card; 5];
                    let (mut na, mut nb) = (0, 0);
                    for (bit, &c) in rest.iter().enumerate() {
                        if mask >> bit & 1 == 1 {
                            a[na] = c;
                            na += 1;
                        } else {
                            b[nb] = c;
                            nb += 1;
                        }
                    }
                    let (va, vb) = (e.value5(a), e.value5(b));
                    if !five_ok(va) || !five_ok(vb) {
                        continue;
                    }
                    let ((mv, m), (bv, bk)) = if va <= vb {
                        ((va, a), (vb, b))
                    } else {
                        ((vb, b), (va, a))
                    };
                    if order_check([fv, mv, bv], rules).is_some() {
                        continue;
                    }
                    let key = vec![bv, mv, fk];
                    if best.as_ref().is_none_or(|(k0, _)| key > *k0) {
                        let mut all = [0 as Card; 13];
                        all[..3].copy_from_slice(&front);
                        all[3..8].copy_from_slice(&m);
                        all[8..].copy_from_slice(&bk);
                        best = Some((key, all));
                    }
                }
            }
        }
    }
    best.and_then(|(key, all)| Setting::from_cards(&all).ok().map(|s| (key, s)))
}

/// Necessary condition for three flushes: the suit counts split into rows of
/// 3, 5 and 5 cards of one suit each. Rejects ~99% of hands before the
/// partition search.
fn suits_allow_three_flushes(cards: &[Card; 13]) -> bool {
    let mut counts = [0u8; 4];
    for &c in cards {
        counts[suit(c) as usize] += 1;
    }
    let mut nz: Vec<u8> = counts.into_iter().filter(|&n| n > 0).collect();
    nz.sort_unstable_by(|a, b| b.cmp(a));
    matches!(nz.as_slice(), [13] | [10, 3] | [8, 5] | [5, 5, 3])
}

/// Rank counts packed four bits per rank, deuce in the lowest nibble.
const fn packed_ranks(ranks: &[u8]) -> u64 {
    let mut p = 0;
    let mut i = 0;
    while i < ranks.len() {
        p += 1 << (4 * ranks[i]);
        i += 1;
    }
    p
}

/// The 5-card runs, 2-3-4-5-6 … T-J-Q-K-A and the wheel A-2-3-4-5, packed.
const FIVE_RUNS: [u64; 10] = {
    let mut runs = [0; 10];
    let mut lo = 0;
    while lo < 9 {
        runs[lo] = packed_ranks(&[0, 1, 2, 3, 4]) << (4 * lo);
        lo += 1;
    }
    runs[9] = packed_ranks(&[12, 0, 1, 2, 3]);
    runs
};

/// Is a packed rank set a 3-card run the rules accept in front (RULES §6.2
/// `nat.front_run.ace`)?
fn is_front_run(packed: u64, rules: &Rules) -> bool {
    if packed == packed_ranks(&[12, 0, 1]) {
        return rules.front_run_ace != FrontRunAce::HighOnly;
    }
    let lo = packed.trailing_zeros() / 4;
    lo <= 10
        && packed == packed_ranks(&[0, 1, 2]) << (4 * lo)
        && !(lo == 10 && rules.front_run_ace == FrontRunAce::LowOnly)
}

/// 4 in every rank's nibble: packed counts carry it so that taking runs
/// away (at most two per rank) never borrows from the next rank, and a
/// count gone negative shows as a nibble without its bit 2.
const RANK_BIAS: u64 = 0x4_4444_4444_4444;

/// Rank counts of cards packed as in [`FIVE_RUNS`] plus [`RANK_BIAS`], or
/// `None` when a rank appears more than `most` times (at most 3).
fn biased_ranks(cards: &[Card], most: u8) -> Option<u64> {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank(c) as usize] += 1;
    }
    counts.iter().all(|&n| n <= most).then(|| {
        counts
            .iter()
            .enumerate()
            .fold(RANK_BIAS, |p, (r, &n)| p + (u64::from(n) << (4 * r)))
    })
}

/// Biased packed counts less a run, if no count goes negative.
fn take_run(biased: u64, run: u64) -> Option<u64> {
    let left = biased - run;
    (left & RANK_BIAS == RANK_BIAS).then_some(left)
}

/// Necessary condition for three straights: the rank counts split into a
/// 3-card run and two 5-card runs (suits ignored).
fn ranks_allow_three_straights(cards: &[Card; 13], rules: &Rules) -> bool {
    // a rank appears at most once per run
    let Some(packed) = biased_ranks(cards, 3) else {
        return false;
    };
    FIVE_RUNS.iter().enumerate().any(|(i, &m)| {
        take_run(packed, m).is_some_and(|left| {
            FIVE_RUNS[i..].iter().any(|&b| {
                take_run(left, b).is_some_and(|front| is_front_run(front - RANK_BIAS, rules))
            })
        })
    })
}

/// Can ten cards' ranks make two 5-card runs?
fn two_runs(rest: &[Card; 10]) -> bool {
    biased_ranks(rest, 2).is_some_and(|packed| {
        FIVE_RUNS.iter().any(|&m| {
            take_run(packed, m).is_some_and(|left| FIVE_RUNS.contains(&(left - RANK_BIAS)))
        })
    })
}

/// Can ten cards make two 5-card flushes (ten of a suit, or five of two)?
fn two_flushes(rest: &[Card; 10]) -> bool {
    let mut counts = [0u8; 4];
    for &c in rest {
        counts[suit(c) as usize] += 1;
    }
    counts.iter().all(|&n| n % 5 == 0)
}

fn cat_in(v: u32, cats: &[Category]) -> bool {
    cats.iter().any(|&c| category_of(v) == c as u8)
}

/// Detects one natural in 13 distinct cards: its tie-break key and, for the
/// arrangement-dependent naturals, the legal setting that shows it.
pub fn detect(
    kind: NaturalKind,
    cards: &[Card; 13],
    rules: &Rules,
) -> Option<(Vec<u32>, Option<Setting>)> {
    use NaturalKind::*;
    let counts = rank_counts(cards);
    let plain = |key: Vec<u32>| Some((key, None));
    match kind {
        SixPairs => {
            let mut pairs = Vec::new();
            let mut odd = Vec::new();
            for r in (0..13u32).rev() {
                match counts[r as usize] {
                    0 => {}
                    1 => odd.push(r),
                    2 => pairs.push(r),
                    3 if rules.six_pairs_allow_trips => {
                        pairs.push(r);
                        odd.push(r);
                    }
                    4 if rules.six_pairs_quads_as_two_pairs => pairs.extend([r, r]),
                    _ => return None,
                }
            }
            if pairs.len() != 6 {
                return None;
            }
            pairs.extend(odd);
            plain(pairs)
        }
        FivePairsTrips => (shape(&counts) == [3, 2, 2, 2, 2, 2]).then(|| {
            let mut key = groups(&counts, 3);
            key.extend(groups(&counts, 2));
            (key, None)
        }),
        FourTrips => (shape(&counts) == [3, 3, 3, 3, 1]).then(|| {
            let mut key = groups(&counts, 3);
            key.extend(groups(&counts, 1));
            (key, None)
        }),
        ThreeQuads => (shape(&counts) == [4, 4, 4, 1]).then(|| {
            let mut key = groups(&counts, 4);
            key.extend(groups(&counts, 1));
            (key, None)
        }),
        ThreeStraights if !ranks_allow_three_straights(cards, rules) => None,
        ThreeFlushes | ThreeStraightFlushes if !suits_allow_three_flushes(cards) => None,
        ThreeStraights => {
            let five = [
                Category::Straight,
                Category::StraightFlush,
                Category::RoyalFlush,
            ];
            best_arrangement(
                cards,
                rules,
                |f| front_run_key(f, rules),
                two_runs,
                |v| cat_in(v, &five),
            )
            .map(|(k, s)| (k, Some(s)))
        }
        ThreeFlushes => {
            let five = [
                Category::Flush,
                Category::StraightFlush,
                Category::RoyalFlush,
            ];
            let e = evaluator(rules.wheel);
            best_arrangement(
                cards,
                rules,
                |f| same_suit3(f).then(|| e.value3(f)),
                two_flushes,
                |v| cat_in(v, &five),
            )
            .map(|(k, s)| (k, Some(s)))
        }
        ThreeStraightFlushes => {
            let five = [Category::StraightFlush, Category::RoyalFlush];
            best_arrangement(
                cards,
                rules,
                |f| {
                    if same_suit3(f) {
                        front_run_key(f, rules)
                    } else {
                        None
                    }
                },
                |rest| two_flushes(rest) && two_runs(rest),
                |v| cat_in(v, &five),
            )
            .map(|(k, s)| (k, Some(s)))
        }
        AllOneColour => {
            let red = cards.iter().filter(|&&c| is_red(c)).count();
            (red == 0 || red == 13).then(|| (ranks_desc(cards), None))
        }
        TwelveOneColour => {
            let red = cards.iter().filter(|&&c| is_red(c)).count();
            (red == 1 || red == 12).then(|| (ranks_desc(cards), None))
        }
        // rank 6 is the eight, which is both small and big
        AllSmall => cards
            .iter()
            .all(|&c| rank(c) <= 6)
            .then(|| (ranks_desc(cards), None)),
        AllBig => cards
            .iter()
            .all(|&c| rank(c) >= 6)
            .then(|| (ranks_desc(cards), None)),
        TwelvePictures => match rules.twelve_royals_def {
            TwelveRoyalsDef::JqkPlusAny => (counts[9] == 4 && counts[10] == 4 && counts[11] == 4)
                .then(|| (groups(&counts, 1), None)),
            TwelveRoyalsDef::JqkaOnly => cards
                .iter()
                .all(|&c| rank(c) >= 9)
                .then(|| (ranks_desc(cards), None)),
        },
        Dragon => {
            let one_suit = cards.iter().all(|&c| suit(c) == suit(cards[0]));
            (counts.iter().all(|&n| n == 1) && !one_suit).then(|| (Vec::new(), None))
        }
        DragonFlush => cards.iter().all(|&c| suit(c) == suit(cards[0])).then(|| {
            // Tied unless suits are ranked (RULES §6.4).
            let key = rules
                .suit_order
                .map(|s| vec![u32::from(s[suit(cards[0]) as usize])])
                .unwrap_or_default();
            (key, None)
        }),
        NoPictures => {
            // J, Q, K are ranks 9..=11; the ace (12) counts when ace_is_picture.
            let last = if rules.no_pictures_ace_is_picture {
                12
            } else {
                11
            };
            cards
                .iter()
                .all(|&c| !(9..=last).contains(&rank(c)))
                .then(|| (Vec::new(), None))
        }
    }
}

/// The highest-precedence enabled natural of 13 cards, or `None` (RULES
/// R-NAT-2). Cards are checked (13 distinct codes).
///
/// ```
/// use chinese_poker_core::{natural::{find_natural, NaturalKind}, rules::Rules};
/// let rules = Rules::preset("pagat_classic").unwrap();
/// let dragon: Vec<u8> = (0..13).map(|r| 4 * r + (r % 2)).collect();
/// assert_eq!(find_natural(&dragon, &rules).unwrap().unwrap().kind, NaturalKind::Dragon);
/// ```
pub fn find_natural(cards: &[Card], rules: &Rules) -> Result<Option<Natural>> {
    let codes: Vec<i64> = cards.iter().map(|&c| i64::from(c)).collect();
    let checked = check_hand(&codes, &[13])?;
    let mut hand = [0 as Card; 13];
    hand.copy_from_slice(&checked);
    Ok(find_natural_unchecked(&hand, rules))
}

/// Rank, suit and colour counts of 13 cards: enough to rule most naturals
/// out without building keys (see [`may_hold`]).
struct Tally {
    ranks: [u8; 13],
    /// Number of ranks held exactly `k` times, `k` = 0..4.
    groups: [u8; 5],
    suits: [u8; 4],
    red: u8,
}

impl Tally {
    fn of(cards: &[Card; 13]) -> Tally {
        let mut t = Tally {
            ranks: [0; 13],
            groups: [0; 5],
            suits: [0; 4],
            red: 0,
        };
        for &c in cards {
            t.ranks[rank(c) as usize] += 1;
            t.suits[suit(c) as usize] += 1;
            t.red += u8::from(is_red(c));
        }
        for &n in &t.ranks {
            t.groups[usize::from(n.min(4))] += 1;
        }
        t
    }

    fn none_in(&self, ranks: std::ops::RangeInclusive<usize>) -> bool {
        self.ranks[ranks].iter().all(|&n| n == 0)
    }
}

/// Can 13 distinct cards hold the natural? Exact for the natural of fixed
/// shape, a necessary condition for the arrangement-dependent ones: `false`
/// means [`detect`] finds nothing, without its allocations and searches.
fn may_hold(kind: NaturalKind, t: &Tally, rules: &Rules) -> bool {
    use NaturalKind::*;
    let g = &t.groups;
    match kind {
        SixPairs => {
            let trips_ok = g[3] == 0 || rules.six_pairs_allow_trips;
            let quads_ok = g[4] == 0 || rules.six_pairs_quads_as_two_pairs;
            trips_ok && quads_ok && g[2] + g[3] + 2 * g[4] == 6
        }
        FivePairsTrips => g[3] == 1 && g[2] == 5,
        FourTrips => g[3] == 4 && g[1] == 1,
        ThreeQuads => g[4] == 3 && g[1] == 1,
        // three runs hold a rank at most three times, over at least five ranks
        ThreeStraights => g[4] == 0 && 13 - g[0] >= 5,
        ThreeFlushes | ThreeStraightFlushes => {
            let mut s = t.suits;
            s.sort_unstable_by(|a, b| b.cmp(a));
            matches!(
                s,
                [13, 0, 0, 0] | [10, 3, 0, 0] | [8, 5, 0, 0] | [5, 5, 3, 0]
            )
        }
        AllOneColour => t.red == 0 || t.red == 13,
        TwelveOneColour => t.red == 1 || t.red == 12,
        // rank 6 is the eight, which is both small and big
        AllSmall => t.none_in(7..=12),
        AllBig => t.none_in(0..=5),
        TwelvePictures => match rules.twelve_royals_def {
            TwelveRoyalsDef::JqkPlusAny => t.ranks[9..12] == [4, 4, 4],
            TwelveRoyalsDef::JqkaOnly => t.none_in(0..=8),
        },
        Dragon => g[1] == 13 && !t.suits.contains(&13),
        DragonFlush => t.suits.contains(&13),
        NoPictures => t.none_in(
            9..=if rules.no_pictures_ace_is_picture {
                12
            } else {
                11
            },
        ),
    }
}

/// The kinds in `kinds` that 13 distinct cards hold under `rules`
/// (`detect(kind, ..).is_some()`), each ruled out first by the tally where it
/// can be: for counting dealt naturals without building a key per kind.
pub(crate) fn held_kinds<'k>(
    cards: &[Card; 13],
    kinds: &'k [NaturalKind],
    rules: &'k Rules,
) -> impl Iterator<Item = NaturalKind> + 'k {
    let tally = Tally::of(cards);
    let cards = *cards;
    kinds
        .iter()
        .copied()
        .filter(move |&k| may_hold(k, &tally, rules) && detect(k, &cards, rules).is_some())
}

/// `find_natural` on cards already known to be 13 distinct codes.
pub(crate) fn find_natural_unchecked(hand: &[Card; 13], rules: &Rules) -> Option<Natural> {
    if rules.naturals.is_empty() {
        return None;
    }
    let tally = Tally::of(hand);
    for (precedence, &(kind, value)) in rules.naturals.iter().enumerate().rev() {
        if !may_hold(kind, &tally, rules) {
            continue;
        }
        if let Some((key, setting)) = detect(kind, hand, rules) {
            return Some(Natural {
                kind,
                value,
                precedence,
                key,
                setting,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests;
