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
    fn entry_cards(&self, values: [u32; 3]) -> Option<u8> {
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
mod tests {
    use super::*;
    use crate::ofc::OfcRules;

    #[test]
    fn the_fl_options_of_the_presets_are_what_the_preset_names_gave() {
        let on = |stay_middle: bool, progressive: bool| FantasylandRules {
            enabled: true,
            cards: 14,
            progressive,
            repeat_cards: 14,
            stay: FantasylandStay {
                front_trips: true,
                back_quads_plus: true,
                middle_full_house_plus: stay_middle,
            },
        };
        for name in Rules::preset_names() {
            let want = match *name {
                "ofc_us" => on(true, false),
                "ofc_pineapple" => on(false, false),
                "ofc_pineapple_progressive" => on(false, true),
                _ => FantasylandRules {
                    enabled: false,
                    ..on(false, false)
                },
            };
            assert_eq!(FantasylandRules::for_preset(name), want, "{name}");
        }
    }

    #[test]
    fn open_face_rules_follow_the_options_not_the_preset_name() {
        // A Russian table that plays Fantasyland and Pineapple by option.
        let rules = Rules::preset("ofc_ru_main")
            .unwrap()
            .with_pairs(&[
                ("game", "ofc_pineapple"),
                ("fl.enabled", "true"),
                ("fl.cards", "15"),
                ("fl.stay", "none"),
            ])
            .unwrap();
        let ofc = OfcRules::with_rules("ofc_ru_main", rules).unwrap();
        assert!(ofc.pineapple);
        assert!(ofc.fantasyland.enabled);
        assert_eq!(ofc.fantasyland.cards, 15);
        let trips_front = [
            evaluator(crate::eval::Wheel::Lowest).value3([0, 1, 2]),
            0,
            0,
        ];
        assert!(!ofc.fantasyland.stays(trips_front));
        assert!(FantasylandRules::for_preset("ofc_us").stays(trips_front));
    }

    #[test]
    fn fl_stay_round_trips() {
        for spec in [
            "none",
            "front_trips",
            "front_trips,back_quads_plus",
            "front_trips,back_quads_plus,middle_fh_plus",
            "back_quads_plus,middle_fh_plus",
        ] {
            let r = Rules::plain().with("fl.stay", spec).unwrap();
            assert_eq!(r.get("fl.stay").unwrap(), spec);
        }
    }

    /// Games saved before Fantasyland became options name only their preset:
    /// they replay to the same totals and the same Fantasyland seats (an
    /// `ofc_us` stay on a middle full house, a Pineapple stay on back quads,
    /// entries from queens or better).
    #[test]
    fn games_saved_before_the_fl_options_replay_the_same() {
        let saves: [(&str, [i64; 2], [u8; 2]); 4] = [
            (
                r#"{"preset":"ofc_us","rules":[],"players":2,"button":0,"seed":5,"fantasyland":[14,0],"moves":[[1,[[10,0],[8,1],[28,1],[37,2],[47,2]],[]],[0,[[41,0],[51,0],[50,0],[2,1],[0,1],[1,1],[6,1],[7,1],[13,2],[23,2],[14,2],[21,2],[12,2]],[32]],[1,[[44,1]],[]],[1,[[27,0]],[]],[1,[[35,2]],[]],[1,[[26,0]],[]],[1,[[49,2]],[]],[1,[[31,2]],[]],[1,[[24,1]],[]],[1,[[19,1]],[]]]}"#,
                [33, -33],
                [14, 0],
            ),
            (
                r#"{"preset":"ofc_us","rules":[],"players":2,"button":0,"seed":48,"fantasyland":[0,0],"moves":[[1,[[41,0],[43,0],[45,1],[30,2],[2,2]],[]],[0,[[29,0],[47,1],[35,1],[40,2],[48,2]],[]],[1,[[12,1]],[]],[0,[[16,2]],[]],[1,[[50,2]],[]],[0,[[24,2]],[]],[1,[[46,2]],[]],[0,[[25,0]],[]],[1,[[51,2]],[]],[0,[[27,0]],[]],[1,[[44,1]],[]],[0,[[23,1]],[]],[1,[[1,1]],[]],[0,[[20,2]],[]],[1,[[42,1]],[]],[0,[[39,1]],[]],[1,[[19,0]],[]],[0,[[6,1]],[]]]}"#,
                [-13, 13],
                [0, 14],
            ),
            (
                r#"{"preset":"ofc_pineapple_progressive","rules":[],"players":2,"button":0,"seed":41,"fantasyland":[0,0],"moves":[[1,[[18,1],[15,1],[11,1],[24,1],[46,2]],[]],[0,[[42,0],[40,0],[28,1],[0,2],[1,2]],[]],[1,[[21,0],[37,2]],[12]],[0,[[34,2],[33,2]],[19]],[1,[[20,2],[44,2]],[43]],[0,[[13,1],[17,2]],[26]],[1,[[2,0],[39,2]],[6]],[0,[[14,1],[31,1]],[16]],[1,[[35,0],[47,1]],[4]],[0,[[10,0],[23,1]],[29]]]}"#,
                [8, -8],
                [14, 0],
            ),
            (
                r#"{"preset":"ofc_pineapple","rules":[],"players":2,"button":0,"seed":11,"fantasyland":[14,0],"moves":[[1,[[42,0],[40,0],[51,1],[12,2],[44,2]],[]],[0,[[28,0],[23,0],[15,0],[33,1],[34,1],[17,1],[32,1],[19,1],[8,2],[2,2],[0,2],[1,2],[3,2]],[47]],[1,[[43,0],[45,2]],[11]],[1,[[38,2],[27,2]],[20]],[1,[[29,1],[30,1]],[18]],[1,[[22,1],[46,1]],[50]]]}"#,
                [28, -28],
                [14, 0],
            ),
        ];
        for (json, totals, next) in saves {
            let g = crate::ofc::OfcGame::from_json(json).unwrap();
            assert_eq!(g.settle().unwrap().totals, totals, "{json}");
            assert_eq!(g.next_fantasyland().unwrap(), next, "{json}");
            assert_eq!(g.to_json(), json);
        }
    }
}
