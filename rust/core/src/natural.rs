//! Naturals: special 13-card hands (RULES §6). Detection of every natural of
//! §6.2, including the arrangement-dependent ones (three straights, three
//! flushes, three straight flushes) found by a partition search that returns
//! the legal setting showing them; the preset's precedence picks one (R-NAT-2)
//! and a key breaks ties between two naturals of the same type (§6.4).

use crate::cards::{check_hand, rank, suit, Card};
use crate::error::Result;
use crate::eval::{category_of, evaluator, Category, Wheel};
use crate::rules::{string_enum, FrontRunAce, Rules, TwelveRoyalsDef};
use crate::setting::{order_check, Setting};
use std::cmp::Ordering;

string_enum! {
    /// A natural of RULES §6.2, spelled as there.
    NaturalKind {
        /// Six pairs and an odd card.
        #[default]
        SixPairs = "SIX_PAIRS",
        /// Five pairs and a three of a kind.
        FivePairsTrips = "FIVE_PAIRS_TRIPS",
        /// Four threes of a kind and an odd card.
        FourTrips = "FOUR_TRIPS",
        /// Straights in back and middle and a 3-card run in front.
        ThreeStraights = "THREE_STRAIGHTS",
        /// Flushes in back and middle and three cards of one suit in front.
        ThreeFlushes = "THREE_FLUSHES",
        /// Straight flushes in back and middle and a 3-card straight flush in front.
        ThreeStraightFlushes = "THREE_STRAIGHT_FLUSHES",
        /// Three fours of a kind and an odd card.
        ThreeQuads = "THREE_QUADS",
        /// All 13 cards red or all black.
        AllOneColour = "ALL_ONE_COLOUR",
        /// Exactly 12 cards of one colour.
        TwelveOneColour = "TWELVE_ONE_COLOUR",
        /// Every card 2–8.
        AllSmall = "ALL_SMALL",
        /// Every card 8–A.
        AllBig = "ALL_BIG",
        /// All twelve J/Q/K plus any card (or all from J, Q, K, A: `nat.twelve_royals.def`).
        TwelvePictures = "TWELVE_PICTURES",
        /// One card of every rank, suits not all the same.
        Dragon = "DRAGON",
        /// All 13 cards of one suit.
        DragonFlush = "DRAGON_FLUSH",
        /// No J, Q, K (nor A, by `nat.no_pictures.ace_is_picture`).
        NoPictures = "NO_PICTURES",
    }
}

impl NaturalKind {
    /// The value used when `natural.enabled` names the natural without one:
    /// the Pagat/Malay value where one exists (RULES §6.3); `NO_PICTURES` has
    /// none and must be given one.
    pub fn default_value(self) -> Option<i64> {
        use NaturalKind::*;
        Some(match self {
            SixPairs | ThreeStraights | ThreeFlushes => 3,
            FivePairsTrips => 5,
            FourTrips => 6,
            ThreeStraightFlushes | TwelvePictures => 18,
            ThreeQuads => 16,
            AllOneColour | AllSmall | AllBig => 10,
            TwelveOneColour => 4,
            Dragon => 13,
            DragonFlush => 26,
            NoPictures => return None,
        })
    }

    /// Does the natural depend on how the cards are set (a partition search)?
    pub fn needs_arrangement(self) -> bool {
        matches!(
            self,
            NaturalKind::ThreeStraights
                | NaturalKind::ThreeFlushes
                | NaturalKind::ThreeStraightFlushes
        )
    }
}

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
// Tests start from a preset or the defaults and change one option at a time.
#[allow(clippy::field_reassign_with_default)]
mod tests {
    use super::*;
    use crate::notation::{parse_cards, Notation};
    use crate::setting::Row;

    fn hand(s: &str) -> [Card; 13] {
        parse_cards(s, Notation::Intl).unwrap().try_into().unwrap()
    }

    /// Every natural enabled, in catalogue order, at its default value (1 if none).
    fn all_rules() -> Rules {
        let mut r = Rules::default();
        let list: Vec<String> = NaturalKind::ALL
            .iter()
            .map(|k| format!("{}:{}", k.as_str(), k.default_value().unwrap_or(1)))
            .collect();
        r.set("natural.enabled", &list.join(",")).unwrap();
        r
    }

    fn kinds(cards: &[Card; 13], rules: &Rules) -> Vec<NaturalKind> {
        NaturalKind::ALL
            .iter()
            .copied()
            .filter(|&k| detect(k, cards, rules).is_some())
            .collect()
    }

    #[test]
    fn catalogue_rules_6_2_on_constructed_hands() {
        use NaturalKind::*;
        let r = all_rules();
        let k = |s: &str| kinds(&hand(s), &r);
        assert_eq!(k("2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d Ks"), vec![SixPairs]);
        assert_eq!(
            k("2c 2d 2h 3c 3d 4c 4d 5c 5d 6c 6d Tc Td"),
            vec![SixPairs, FivePairsTrips, NoPictures]
        );
        assert_eq!(k("2c 2d 2h 3c 3d 3h 4c 4d 4h Tc Td Th Ks"), vec![FourTrips]);
        assert_eq!(
            k("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s Ks"),
            vec![SixPairs, ThreeQuads]
        );
        assert_eq!(
            k("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"),
            vec![ThreeStraights, Dragon]
        );
        assert_eq!(
            k("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"),
            vec![
                ThreeStraights,
                ThreeFlushes,
                ThreeStraightFlushes,
                AllOneColour,
                DragonFlush
            ]
        );
        assert_eq!(
            k("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad"),
            vec![ThreeStraights, TwelveOneColour, Dragon]
        );
        assert_eq!(
            k("2c 5c 9c 3d 6d 8d Td 2d 4h 7h Jh Kh Ah"),
            vec![ThreeFlushes]
        );
        assert_eq!(
            k("2c 2d 3h 3s 4c 4d 5h 5s 6c 7d 8h 8s 7h"),
            vec![SixPairs, AllSmall, NoPictures]
        );
        assert_eq!(
            k("8c 8d 9h 9s Tc Td Jh Js Qc Kd Ah As Qs"),
            vec![SixPairs, AllBig]
        );
        assert_eq!(
            k("Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks 2c"),
            vec![SixPairs, ThreeQuads, TwelvePictures]
        );
        assert_eq!(
            k("2c 3d 4h 5s 6c 7d 8h 9s Tc 2d 3h 4s 5c"),
            vec![NoPictures]
        );
        let mut r2 = r.clone();
        r2.no_pictures_ace_is_picture = false;
        assert!(detect(
            NoPictures,
            &hand("2c 3d 4h 5s 6c 7d 8h 9s Tc 2d 3h 4s Ac"),
            &r2
        )
        .is_some());
        assert!(detect(
            NoPictures,
            &hand("2c 3d 4h 5s 6c 7d 8h 9s Tc 2d 3h 4s Ac"),
            &r
        )
        .is_none());
        // nat.twelve_royals.def = jqka_only
        r2.twelve_royals_def = TwelveRoyalsDef::JqkaOnly;
        assert!(detect(
            TwelvePictures,
            &hand("Jc Jd Jh Js Qc Qd Qh Kc Kd Kh Ks Ac Ad"),
            &r2
        )
        .is_some());
        assert!(detect(
            TwelvePictures,
            &hand("Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks 2c"),
            &r2
        )
        .is_none());
    }

    #[test]
    fn six_pairs_options_rules_6_2() {
        let mut r = all_rules();
        let quads = hand("2c 2d 2h 2s 3c 3d 4h 4s 5c 5d 6h 6s Ks");
        let trips = hand("2c 2d 2h 3c 3d 4h 4s 5c 5d 6h 6s Ks Kd");
        assert!(detect(NaturalKind::SixPairs, &quads, &r).is_some());
        assert!(detect(NaturalKind::SixPairs, &trips, &r).is_some());
        r.six_pairs_quads_as_two_pairs = false;
        r.six_pairs_allow_trips = false;
        assert!(detect(NaturalKind::SixPairs, &quads, &r).is_none());
        assert!(detect(NaturalKind::SixPairs, &trips, &r).is_none());
        // Tie-break: pairs high to low, then the odd card (RULES §6.4).
        let r = all_rules();
        let a = detect(
            NaturalKind::SixPairs,
            &hand("2c 2d 3c 3d 4c 4d 5c 5d 6c 6d Ac Ad 7s"),
            &r,
        )
        .unwrap();
        let b = detect(
            NaturalKind::SixPairs,
            &hand("2h 2s 3h 3s 4h 4s 5h 5s 6h 6s Kc Kd Ah"),
            &r,
        )
        .unwrap();
        assert!(a.0 > b.0);
    }

    #[test]
    fn front_run_ace_option_rules_6_2() {
        // The only possible front run is A-2-3 (resp. Q-K-A): the rest is two 5-9 straights.
        let low = hand("Ac 2d 3h 5s 6c 7d 8h 9s 5c 6d 7h 8s 9c");
        let high = hand("Qc Kd Ah 5s 6c 7d 8h 9s 5c 6d 7h 8s 9c");
        let mut r = all_rules();
        let st = NaturalKind::ThreeStraights;
        assert!(detect(st, &low, &r).is_some() && detect(st, &high, &r).is_some());
        r.front_run_ace = FrontRunAce::HighOnly;
        assert!(detect(st, &low, &r).is_none() && detect(st, &high, &r).is_some());
        r.front_run_ace = FrontRunAce::LowOnly;
        assert!(detect(st, &low, &r).is_some() && detect(st, &high, &r).is_none());
        // K-A-2 is never a run.
        assert!(front_run_key([44, 48, 0], &r).is_none());
        // Under strict order the two identical straights foul, so no legal setting shows it.
        r.front_run_ace = FrontRunAce::Both;
        r.order_mode = crate::rules::OrderMode::Strict;
        assert!(detect(st, &low, &r).is_none());
    }

    #[test]
    fn arrangement_puts_stronger_row_in_back() {
        let r = all_rules();
        let h = hand("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac");
        let n = find_natural(&h, &r).unwrap().unwrap();
        assert_eq!(n.kind, NaturalKind::Dragon);
        let (_, s) = detect(NaturalKind::ThreeStraights, &h, &r).unwrap();
        let s = s.unwrap();
        let v = s.values(&r);
        assert!(v[1] <= v[2]);
        // The best split shows the A-high straight in the back.
        assert_eq!(crate::eval::describe(v[2]), "Straight, A-K-Q-J-T");
        assert_eq!(s.row(Row::Front).len(), 3);
    }

    /// Independent predicates for the brute force: ranks and suits only.
    fn is_run3(c: &[Card]) -> bool {
        let mut r: Vec<u8> = c.iter().map(|&x| rank(x)).collect();
        r.sort_unstable();
        r == [0, 1, 12] || (r[1] == r[0] + 1 && r[2] == r[1] + 1)
    }
    fn is_straight5(c: &[Card]) -> bool {
        let mut r: Vec<u8> = c.iter().map(|&x| rank(x)).collect();
        r.sort_unstable();
        r == [0, 1, 2, 3, 12] || (1..5).all(|i| r[i] == r[i - 1] + 1)
    }
    fn is_flush(c: &[Card]) -> bool {
        c.iter().all(|&x| suit(x) == suit(c[0]))
    }

    /// All 72,072 (front, middle, back) splits: does one show the natural?
    fn brute(
        cards: &[Card; 13],
        front_ok: impl Fn(&[Card]) -> bool,
        five_ok: impl Fn(&[Card]) -> bool,
    ) -> bool {
        for fm in 0u32..(1 << 13) {
            if fm.count_ones() != 3 {
                continue;
            }
            let front: Vec<Card> = (0..13)
                .filter(|b| fm >> b & 1 == 1)
                .map(|b| cards[b])
                .collect();
            if !front_ok(&front) {
                continue;
            }
            let rest: Vec<Card> = (0..13)
                .filter(|b| fm >> b & 1 == 0)
                .map(|b| cards[b])
                .collect();
            for mm in 0u32..(1 << 10) {
                if mm.count_ones() != 5 {
                    continue;
                }
                let mid: Vec<Card> = (0..10)
                    .filter(|b| mm >> b & 1 == 1)
                    .map(|b| rest[b])
                    .collect();
                let back: Vec<Card> = (0..10)
                    .filter(|b| mm >> b & 1 == 0)
                    .map(|b| rest[b])
                    .collect();
                if five_ok(&mid) && five_ok(&back) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn arrangement_naturals_match_brute_force_over_all_splits() {
        let r = all_rules();
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut found = [0usize; 3];
        for round in 0..240 {
            // Most hands are built to be close to a three-straights or
            // three-flushes hand (runs / suits from a small window, or three
            // random runs), the rest are random.
            let h: [Card; 13] = if round % 4 == 3 {
                loop {
                    let f = next() % 12;
                    let mut ranks: Vec<u8> = if f == 11 {
                        vec![12, 0, 1]
                    } else {
                        (f as u8..f as u8 + 3).collect()
                    };
                    for _ in 0..2 {
                        let st = (next() % 10) as u8;
                        ranks.extend(
                            (0..5).map(|i| if st == 0 && i == 0 { 12 } else { st + i - 1 }),
                        );
                    }
                    let cards: Vec<Card> =
                        ranks.iter().map(|&r| 4 * r + (next() % 4) as u8).collect();
                    let mut sorted = cards.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    if sorted.len() == 13 {
                        break cards.try_into().unwrap();
                    }
                }
            } else {
                let mut deck: Vec<Card> = match round % 4 {
                    0 => (0..52).collect(),
                    // ranks 3..J only: runs are likely
                    1 => (0..52).filter(|&c| (1..=9).contains(&rank(c))).collect(),
                    // two suits only: flushes are likely
                    _ => (0..52).filter(|&c| suit(c) >= 2).collect(),
                };
                for i in 0..13 {
                    let j = i + (next() % (deck.len() - i) as u64) as usize;
                    deck.swap(i, j);
                }
                deck[..13].try_into().unwrap()
            };
            let straights = brute(&h, is_run3, is_straight5);
            let flushes = brute(&h, is_flush, is_flush);
            let sfs = brute(
                &h,
                |c| is_run3(c) && is_flush(c),
                |c| is_straight5(c) && is_flush(c),
            );
            assert_eq!(
                detect(NaturalKind::ThreeStraights, &h, &r).is_some(),
                straights,
                "{h:?}"
            );
            assert_eq!(
                detect(NaturalKind::ThreeFlushes, &h, &r).is_some(),
                flushes,
                "{h:?}"
            );
            assert_eq!(
                detect(NaturalKind::ThreeStraightFlushes, &h, &r).is_some(),
                sfs,
                "{h:?}"
            );
            found[0] += usize::from(straights);
            found[1] += usize::from(flushes);
            found[2] += usize::from(sfs);
        }
        // The constructed decks make both naturals occur, so both branches are tested.
        assert!(found[0] > 0 && found[1] > 0, "{found:?}");
    }

    #[test]
    fn rank_test_of_three_straights_against_every_run_combination() {
        // Rank counts of every front run + two 5-card runs, listed directly.
        let five: Vec<Vec<u8>> = (0..9u8)
            .map(|lo| (lo..lo + 5).collect())
            .chain([vec![12, 0, 1, 2, 3]])
            .collect();
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for ace in FrontRunAce::ALL {
            let mut r = Rules::default();
            r.front_run_ace = *ace;
            let fronts: Vec<Vec<u8>> = (0..11u8)
                .map(|lo| vec![lo, lo + 1, lo + 2])
                .filter(|f| *ace != FrontRunAce::LowOnly || !f.contains(&12))
                .chain((*ace != FrontRunAce::HighOnly).then(|| vec![12, 0, 1]))
                .collect();
            let mut splittable = std::collections::HashSet::new();
            for f in &fronts {
                for m in &five {
                    for b in &five {
                        let mut counts = [0u8; 13];
                        for &x in f.iter().chain(m).chain(b) {
                            counts[x as usize] += 1;
                        }
                        splittable.insert(counts);
                    }
                }
            }
            // Every splittable rank multiset, dealt in distinct suits, passes.
            for counts in &splittable {
                let cards: Vec<Card> = (0..13u8)
                    .flat_map(|rk| (0..counts[rk as usize]).map(move |st| 4 * rk + st))
                    .collect();
                let h: [Card; 13] = cards.try_into().unwrap();
                assert!(ranks_allow_three_straights(&h, &r), "{ace:?} {h:?}");
            }
            // Random hands (half from a window of ranks) pass exactly when splittable.
            for round in 0..20_000 {
                let mut deck: Vec<Card> = if round % 2 == 0 {
                    (0..52).collect()
                } else {
                    let lo = (next() % 6) as u8;
                    (0..52)
                        .filter(|&c| rank(c) >= lo && rank(c) < lo + 8 || rank(c) == 12)
                        .collect()
                };
                for i in 0..13 {
                    let j = i + (next() % (deck.len() - i) as u64) as usize;
                    deck.swap(i, j);
                }
                let h: [Card; 13] = deck[..13].try_into().unwrap();
                let counts = rank_counts(&h);
                assert_eq!(
                    ranks_allow_three_straights(&h, &r),
                    splittable.contains(&counts),
                    "{ace:?} {h:?}"
                );
            }
        }
    }

    #[test]
    fn prefilter_agrees_with_detect() {
        // Exact for the fixed-shape naturals; for the arrangement-dependent
        // ones it may only pass hands that detect then rejects.
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut variants = vec![all_rules()];
        for (option, value) in [
            ("nat.six_pairs.allow_trips", "false"),
            ("nat.six_pairs.quads_as_two_pairs", "false"),
            ("nat.twelve_royals.def", "jqka_only"),
            ("nat.no_pictures.ace_is_picture", "false"),
            ("nat.front_run.ace", "low_only"),
        ] {
            let mut r = all_rules();
            r.set(option, value).unwrap();
            variants.push(r);
        }
        let mut found = [0usize; NaturalKind::ALL.len()];
        for round in 0..6000 {
            let colour = |c: Card| is_red(c) == (round % 2 == 0);
            // Decks that make each natural likely, and the whole deck.
            let (mut deck, extra): (Vec<Card>, Vec<Card>) = match round % 11 {
                0 => ((0..52).collect(), vec![]),
                // 4 to 7 ranks: pairs, trips and quads
                1 => {
                    let first = (next() % 6) as u8;
                    let n = 4 + (round / 11 % 4) as u8;
                    let ranks: Vec<u8> = (0..n).map(|i| (first + 2 * i) % 13).collect();
                    (
                        (0..52).filter(|&c| ranks.contains(&rank(c))).collect(),
                        vec![],
                    )
                }
                2 => ((0..52).filter(|&c| colour(c)).collect(), vec![]),
                // twelve of one colour and one of the other
                3 => {
                    let other = (0..52).filter(|&c| !colour(c)).nth((next() % 26) as usize);
                    let pool = (0..52).filter(|&c| colour(c)).collect();
                    (pool, other.into_iter().collect())
                }
                4 => ((0..52).filter(|&c| rank(c) <= 6).collect(), vec![]),
                5 => ((0..52).filter(|&c| rank(c) >= 6).collect(), vec![]),
                6 => ((0..52).filter(|&c| rank(c) >= 9).collect(), vec![]),
                // the twelve pictures and one more
                7 => {
                    let other = (0..36).nth((next() % 36) as usize);
                    ((36..48).collect(), other.into_iter().collect())
                }
                // one card of each rank: dragon, sometimes in one suit
                8 => {
                    let one = next() % 4 == 0;
                    let suit0 = (next() % 4) as u8;
                    let cards = (0..13)
                        .map(|r| 4 * r + if one { suit0 } else { (next() % 4) as u8 })
                        .collect();
                    (vec![], cards)
                }
                // two suits: three flushes
                9 => ((0..52).filter(|&c| suit(c) >= 2).collect(), vec![]),
                _ => ((0..52).filter(|&c| rank(c) <= 8).collect(), vec![]),
            };
            let take = 13 - extra.len();
            for i in 0..take {
                let j = i + (next() % (deck.len() - i) as u64) as usize;
                deck.swap(i, j);
            }
            let cards: Vec<Card> = deck[..take].iter().chain(&extra).copied().collect();
            let h: [Card; 13] = cards.try_into().unwrap();
            let tally = Tally::of(&h);
            let r = &variants[round % variants.len()];
            let listed: Vec<NaturalKind> = held_kinds(&h, NaturalKind::ALL, r).collect();
            let detected: Vec<NaturalKind> = NaturalKind::ALL
                .iter()
                .copied()
                .filter(|&k| detect(k, &h, r).is_some())
                .collect();
            assert_eq!(listed, detected, "{h:?}");
            for (i, &kind) in NaturalKind::ALL.iter().enumerate() {
                let held = detect(kind, &h, r).is_some();
                let may = may_hold(kind, &tally, r);
                if kind.needs_arrangement() {
                    assert!(may || !held, "{kind:?} {h:?}");
                } else {
                    assert_eq!(may, held, "{kind:?} {h:?}");
                }
                found[i] += usize::from(held);
            }
        }
        // Every natural occurred, so every branch of the filter was tried on a hand holding it.
        assert!(found.iter().all(|&n| n > 0), "{found:?}");
    }

    #[test]
    fn precedence_picks_the_highest_r_nat_2() {
        let r = Rules::preset("pagat_classic").unwrap();
        // Dragon (13) beats three straights (3).
        let n = find_natural(&hand("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"), &r)
            .unwrap()
            .unwrap();
        assert_eq!((n.kind, n.value), (NaturalKind::Dragon, 13));
        // Six pairs without a 5-card flush or straight.
        let h = hand("2c 2d 5c 5d 9c 9d Th Ts Jh Js Kh Ks 3h");
        let n = find_natural(&h, &r).unwrap();
        assert_eq!(n.map(|n| n.kind), Some(NaturalKind::SixPairs));
        assert!(find_natural(&[0, 1, 2], &r).is_err());
        let malay = Rules::preset("malay_banker").unwrap();
        let a = find_natural(&hand("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"), &malay)
            .unwrap()
            .unwrap();
        assert_eq!((a.kind, a.value), (NaturalKind::DragonFlush, 26));
        let b = find_natural(&hand("2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d Ks"), &malay)
            .unwrap()
            .unwrap();
        assert_eq!(compare_naturals(&a, &b), Ordering::Greater);
    }
}
