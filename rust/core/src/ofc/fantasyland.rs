//! Fantasyland (RULES §7.5): who enters and stays, how many cards, and an
//! exact solver for setting 13–17 cards at once.
//!
//! The options are the `fl.*` options of [`Rules`], read by
//! [`FantasylandRules::from_rules`]; the Russian presets leave Fantasyland
//! off because their source does not know it.

use crate::cards::{check_hand, Card};
use crate::error::{Error, Result};
use crate::eval::{category_of, evaluator, Category};
use crate::royalty::row_royalty;
use crate::rules::{FantasylandStay, Rules};
use crate::setting::{order_check, Row, Setting};

const TRIPS: u8 = Category::Trips as u8;
const PAIR: u8 = Category::Pair as u8;
const FULL_HOUSE: u8 = Category::FullHouse as u8;
const QUADS: u8 = Category::Quads as u8;
/// Rank of the queen (ranks run 0 = deuce … 12 = ace).
const QUEEN: u8 = 10;

/// Fantasyland options (RULES §7.5 `fl.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FantasylandRules {
    /// Is there Fantasyland at all?
    pub enabled: bool,
    /// Cards dealt on entry (classic and Pineapple: 14, one discarded).
    pub cards: u8,
    /// Progressive entry: QQ → 14, KK → 15, AA → 16, front trips → 17.
    pub progressive: bool,
    /// Cards dealt to a player who stays (a progressive repeat gets 14).
    pub repeat_cards: u8,
    /// The boards that stay (`fl.stay`); classic OFC also lets a full house
    /// or better in the middle stay.
    pub stay: FantasylandStay,
}

impl FantasylandRules {
    /// No Fantasyland: the `fl.*` options of the plain game.
    pub fn off() -> FantasylandRules {
        FantasylandRules::from_rules(&Rules::plain())
    }

    /// The `fl.*` options of a rule set.
    pub fn from_rules(rules: &Rules) -> FantasylandRules {
        // `validate` keeps both counts in 13..=17, so they fit a u8.
        let count = |n: i64| u8::try_from(n).unwrap_or(14);
        FantasylandRules {
            enabled: rules.fl_enabled(),
            cards: count(rules.fl_cards()),
            progressive: rules.fl_progressive(),
            repeat_cards: count(rules.fl_repeat_cards()),
            stay: rules.fl_stay(),
        }
    }

    /// The options of a preset (RULES §8), off for an unknown or closed-game
    /// one: `ofc_us` — 14 cards, stay on front trips, middle full house+ or
    /// back quads+; `ofc_pineapple` — 14 cards, stay on front trips or back
    /// quads+; `ofc_pineapple_progressive` — 14–17 cards by the front, 14 on
    /// a repeat. Kept for callers that name a preset; rules changed from a
    /// preset are read by [`FantasylandRules::from_rules`].
    pub fn for_preset(preset: &str) -> FantasylandRules {
        match Rules::preset(preset) {
            Ok(r) => FantasylandRules::from_rules(&r),
            Err(_) => FantasylandRules::off(),
        }
    }

    /// Cards for a player entering from a legal board with these row values
    /// (`None` without QQ+ in the front).
    pub(super) fn entry_cards(&self, values: [u32; 3]) -> Option<u8> {
        let front = values[0];
        let top = ((front >> 16) & 15).saturating_sub(1) as u8;
        match category_of(front) {
            TRIPS => Some(if self.progressive { 17 } else { self.cards }),
            PAIR if top >= QUEEN => Some(if self.progressive {
                14 + (top - QUEEN)
            } else {
                self.cards
            }),
            _ => None,
        }
    }

    /// Do these (legal) row values keep a Fantasyland player in Fantasyland?
    pub fn stays(&self, values: [u32; 3]) -> bool {
        self.enabled
            && ((self.stay.front_trips && category_of(values[0]) == TRIPS)
                || (self.stay.back_quads_plus && category_of(values[2]) >= QUADS)
                || (self.stay.middle_full_house_plus && category_of(values[1]) >= FULL_HOUSE))
    }

    /// Fantasyland cards for the next deal after a finished board (0 = none).
    /// A fouled board never qualifies; a player who was in Fantasyland
    /// continues only on the staying conditions.
    ///
    /// ```
    /// use chinese_poker_core::{notation::Notation, ofc::FantasylandRules, rules::Rules, setting::Setting};
    /// let fl = FantasylandRules::for_preset("ofc_pineapple_progressive");
    /// let rules = Rules::preset("ofc_pineapple_progressive").unwrap();
    /// let s = Setting::parse("Kc Kd 2s / Ac Ad 3c 4d 5h / 7s 7h 7d 9c 9h", Notation::Intl).unwrap();
    /// assert_eq!(fl.next_cards(&s, &rules, false), 15);
    /// ```
    pub fn next_cards(&self, setting: &Setting, rules: &Rules, in_fantasyland: bool) -> u8 {
        self.next_cards_for_values(setting.values(rules), rules, in_fantasyland)
    }

    /// [`FantasylandRules::next_cards`] from the row values of a finished board.
    pub fn next_cards_for_values(
        &self,
        values: [u32; 3],
        rules: &Rules,
        in_fantasyland: bool,
    ) -> u8 {
        if !self.enabled {
            return 0;
        }
        if order_check(values, rules).is_some() {
            return 0;
        }
        if in_fantasyland {
            if self.stays(values) {
                self.repeat_cards
            } else {
                0
            }
        } else {
            self.entry_cards(values).unwrap_or(0)
        }
    }
}

/// The best way to set a Fantasyland hand.
#[derive(Clone, Debug, PartialEq)]
pub struct FantasylandSolution {
    /// The 13 cards set (front, middle, back).
    pub setting: Setting,
    /// The cards left over, discarded face down.
    pub discards: Vec<Card>,
    /// Royalties plus `stay_value` if the board stays in Fantasyland
    /// (`-inf` when no legal setting exists).
    pub score: f64,
    /// Royalties of the setting (0 if fouled).
    pub royalty: i64,
    /// Does the setting keep the player in Fantasyland?
    pub stays: bool,
    /// True only when no legal setting exists (strict order rules).
    pub fouled: bool,
}

#[derive(Clone, Copy)]
struct Five {
    mask: u32,
    value: u32,
    cat: u8,
    back: f64,
    middle: f64,
    /// Upper bound of middle royalty + front royalty + stay for this middle.
    key: f64,
}

/// The exact best setting of 13–17 Fantasyland cards: it maximises
/// royalties + `stay_value` × (the board stays in Fantasyland) and never
/// fouls when a legal setting exists. Branch and bound: backs are visited by
/// an upper bound of what they can earn, middles by royalty plus the best
/// front they can carry, and the search stops when no bound beats the best.
///
/// ```
/// use chinese_poker_core::{notation::{parse_cards, Notation}, ofc::{best_fantasyland_setting, OfcRules}};
/// let cards = parse_cards("2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd", Notation::Intl).unwrap();
/// let best = best_fantasyland_setting(&cards, &OfcRules::preset("ofc_us").unwrap(), 0.0).unwrap();
/// assert_eq!(best.royalty, 13 + 20 + 15); // 555 / 4444x / 6-T straight flush
/// ```
pub fn best_fantasyland_setting(
    cards: &[Card],
    rules: &super::OfcRules,
    stay_value: f64,
) -> Result<FantasylandSolution> {
    solve(cards, &rules.rules, &rules.fantasyland, stay_value)
}

/// [`best_fantasyland_setting`] with the settlement rules and Fantasyland
/// options given separately.
pub fn solve(
    cards: &[Card],
    rules: &Rules,
    fl: &FantasylandRules,
    stay_value: f64,
) -> Result<FantasylandSolution> {
    let codes: Vec<i64> = cards.iter().map(|&c| i64::from(c)).collect();
    let cards = check_hand(&codes, &[13, 14, 15, 16, 17])?;
    if !stay_value.is_finite() {
        return Err(Error::InvalidSetting(
            "the Fantasyland stay value must be a finite number".into(),
        ));
    }
    let e = evaluator(rules.wheel());
    let n = cards.len();
    let all: u32 = (1 << n) - 1;
    let stay_bound = if fl.enabled { stay_value.max(0.0) } else { 0.0 };

    // Every 5-subset once, with both row royalties.
    let mut fives: Vec<Five> = Vec::with_capacity(6188);
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for f in d + 1..n {
                        let value = e.value5([cards[a], cards[b], cards[c], cards[d], cards[f]]);
                        fives.push(Five {
                            mask: 1 << a | 1 << b | 1 << c | 1 << d | 1 << f,
                            value,
                            cat: category_of(value),
                            back: row_royalty(rules, Row::Back, value) as f64,
                            middle: row_royalty(rules, Row::Middle, value) as f64,
                            key: 0.0,
                        });
                    }
                }
            }
        }
    }
    // Fronts that earn something or stay, best first.
    let mut fronts: Vec<(u32, u32, f64)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let v = e.value3([cards[a], cards[b], cards[c]]);
                let roy = row_royalty(rules, Row::Front, v) as f64;
                if roy > 0.0 || category_of(v) == TRIPS {
                    fronts.push((1 << a | 1 << b | 1 << c, v, roy));
                }
            }
        }
    }
    fronts.sort_by(|x, y| y.2.total_cmp(&x.2));
    let front_fits =
        |front: u32, middle: u32| order_check([front, middle, u32::MAX], rules).is_none();
    for m in fives.iter_mut() {
        let mut cap: Option<f64> = None;
        let mut trips = false;
        for &(mask, v, roy) in &fronts {
            if mask & m.mask == 0 && front_fits(v, m.value) {
                cap.get_or_insert(roy);
                trips |= category_of(v) == TRIPS;
                if trips {
                    break;
                }
            }
        }
        let stay = (fl.stay.front_trips && trips)
            || (fl.stay.middle_full_house_plus && m.cat >= FULL_HOUSE);
        m.key = m.middle + cap.unwrap_or(0.0).max(0.0) + if stay { stay_bound } else { 0.0 };
    }
    let mut middles: Vec<usize> = (0..fives.len()).collect();
    middles.sort_by(|&x, &y| fives[y].key.total_cmp(&fives[x].key));
    // A middle is never of a higher category than its back, so the best key
    // per category (and below) bounds what a back can add.
    let mut cap_by_cat = [f64::NEG_INFINITY; 10];
    for m in &fives {
        let c = (m.cat as usize).min(9);
        cap_by_cat[c] = cap_by_cat[c].max(m.key);
    }
    for c in 1..10 {
        cap_by_cat[c] = cap_by_cat[c].max(cap_by_cat[c - 1]);
    }
    let back_stay = |b: &Five| fl.enabled && fl.stay.back_quads_plus && b.cat >= QUADS;
    let back_bound = |b: &Five| {
        b.back + cap_by_cat[(b.cat as usize).min(9)] + if back_stay(b) { stay_bound } else { 0.0 }
    };
    let mut backs: Vec<usize> = (0..fives.len()).collect();
    backs.sort_by(|&x, &y| back_bound(&fives[y]).total_cmp(&back_bound(&fives[x])));

    let mut best = f64::NEG_INFINITY;
    let mut best_masks: Option<(u32, u32, u32)> = None;
    let mut rest = [0usize; 7];
    for &bi in &backs {
        let b = &fives[bi];
        if back_bound(b) <= best {
            break;
        }
        let b_stay = if back_stay(b) { stay_bound } else { 0.0 };
        for &mi in &middles {
            let m = &fives[mi];
            if b.back + m.key + b_stay <= best {
                break;
            }
            if m.mask & b.mask != 0 || order_check([0, m.value, b.value], rules).is_some() {
                continue;
            }
            let left = all & !b.mask & !m.mask;
            let mut k = 0;
            for (i, slot) in (0..n).filter(|i| left >> i & 1 == 1).zip(0..) {
                rest[slot] = i;
                k += 1;
            }
            for x in 0..k {
                for y in x + 1..k {
                    for z in y + 1..k {
                        let (i, j, l) = (rest[x], rest[y], rest[z]);
                        let vf = e.value3([cards[i], cards[j], cards[l]]);
                        let values = [vf, m.value, b.value];
                        if order_check(values, rules).is_some() {
                            continue;
                        }
                        let roy = row_royalty(rules, Row::Front, vf) as f64;
                        let stays = fl.stays(values);
                        let total = b.back + m.middle + roy + if stays { stay_value } else { 0.0 };
                        if total > best {
                            best = total;
                            best_masks = Some((1 << i | 1 << j | 1 << l, m.mask, b.mask));
                        }
                    }
                }
            }
        }
    }
    let pick = |mask: u32| -> Vec<Card> {
        (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect()
    };
    let (front, middle, back, fouled) = match best_masks {
        Some((f, m, b)) => (pick(f), pick(m), pick(b), false),
        // No legal setting (possible only under strict order): set the cards as dealt.
        None => (
            cards[..3].to_vec(),
            cards[3..8].to_vec(),
            cards[8..13].to_vec(),
            true,
        ),
    };
    let mut all_cards = front;
    all_cards.extend(middle);
    all_cards.extend(back);
    let setting = Setting::from_cards(&all_cards)?;
    let discards: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|c| !all_cards.contains(c))
        .collect();
    let royalty: i64 = setting.royalties(rules).iter().sum();
    let stays = !fouled && fl.stays(setting.values(rules));
    Ok(FantasylandSolution {
        setting,
        discards,
        score: best,
        royalty,
        stays,
        fouled,
    })
}

#[cfg(test)]
#[path = "fantasyland_tests.rs"]
mod tests;
