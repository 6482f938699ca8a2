//! Tests start from a preset or the defaults and change one option at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;
use crate::notation::{parse_cards, Notation};
use crate::setting::Row;

fn hand(s: &str) -> [Card; 13] {
    parse_cards(s, Notation::Intl).unwrap().try_into().unwrap()
}

/// Every natural enabled, in catalogue order, at its default value (1 if none).
fn all_rules() -> Rules {
    let mut r = Rules::plain();
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
                    ranks.extend((0..5).map(|i| if st == 0 && i == 0 { 12 } else { st + i - 1 }));
                }
                let cards: Vec<Card> = ranks.iter().map(|&r| 4 * r + (next() % 4) as u8).collect();
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
        let mut r = Rules::plain();
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
