//! Tests start from a preset or the defaults and change one option at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;

fn v(s: &str) -> u32 {
    let c = parse_cards(s, Notation::Intl).unwrap();
    evaluator(crate::eval::Wheel::Lowest).value(&c).unwrap()
}

#[test]
fn value_order_decides_when_it_says_so() {
    // Every front class against every middle class, both wheels: where
    // `value_order_decides`, the check passes exactly the value order.
    use crate::solve::model::class_list;
    for wheel in [
        crate::eval::Wheel::Lowest,
        crate::eval::Wheel::SecondHighest,
    ] {
        let (threes, fives) = (class_list(wheel, 3).values(), class_list(wheel, 5).values());
        let mut decided = 0;
        for name in Rules::preset_names() {
            let rules = Rules::preset(name).unwrap();
            if !value_order_decides(&rules) {
                continue;
            }
            decided += 1;
            for &f in threes {
                for &m in fives.iter().step_by(13) {
                    let by_value = f <= m;
                    assert_eq!(
                        order_check([f, m, m], &rules).is_none(),
                        by_value,
                        "{name} {f:#x} {m:#x}"
                    );
                }
            }
            for &m in fives.iter().step_by(7) {
                for &b in fives.iter().step_by(5) {
                    assert_eq!(order_check([0, m, b], &rules).is_none(), m <= b, "{name}");
                }
            }
        }
        assert!(decided >= 2, "most presets are non-strict");
    }
    let mut r = Rules::plain();
    assert!(value_order_decides(&r));
    r.order_mode = OrderMode::Strict;
    assert!(!value_order_decides(&r));
    r.order_mode = OrderMode::NonStrict;
    r.same_category_ok = true;
    assert!(!value_order_decides(&r));
}

fn setting(s: &str) -> Setting {
    Setting::parse(s, Notation::Intl).unwrap()
}

/// RULES §3.2 table: (front, middle, default result, strict+equal result).
const TABLE_3_2: [(&str, &str, bool, bool); 6] = [
    ("Ks Kd Ac", "Kh Kc Qd Js 9h", true, true),
    ("Ks Kd 5c", "Kh Kc 5d 4s 3h", false, true),
    ("As Kd Qc", "Ah Kc Qd 7s 5h", false, true),
    ("Qs Qd Qc", "9h 9c 4d 4s 2h", true, true),
    ("As Ad 2c", "3h 3c 4d 4s 5h", false, false),
    ("7s 6d 5c", "2h 2c 4d 8s 9h", false, false),
];

#[test]
fn cross_size_table_rules_3_2_r_foul_3() {
    // A back that beats every middle above, so only the front/middle pair decides.
    let back = [v("Ac Ad As 2d 2s")];
    let mut strict = Rules::plain();
    strict.order_mode = OrderMode::Strict;
    let mut front_only = Rules::plain();
    front_only.order_mode = OrderMode::StrictFrontOnly;
    let mut five_higher = strict.clone();
    five_higher.cross_size_prefix = CrossSizePrefix::FiveCardHigher;
    for (f, m, foul_default, foul_strict) in TABLE_3_2 {
        let vals = [v(f), v(m), back[0]];
        assert_eq!(
            order_check(vals, &Rules::plain()).is_some(),
            foul_default,
            "{f} | {m}"
        );
        assert_eq!(
            order_check(vals, &strict).is_some(),
            foul_strict,
            "{f} | {m}"
        );
        assert_eq!(
            order_check(vals, &front_only).is_some(),
            foul_strict,
            "{f} | {m}"
        );
        // five_card_higher: prefix-equal is always legal, even under strict.
        assert_eq!(
            order_check(vals, &five_higher).is_some(),
            foul_default,
            "{f} | {m}"
        );
    }
    assert_eq!(
        compare_front_middle(v("Ks Kd 5c"), v("Kh Kc 5d 4s 3h")),
        CrossOrder::PrefixEqual
    );
    assert_eq!(
        compare_front_middle(v("Ks Kd 6c"), v("Kh Kc 5d 4s 3h")),
        CrossOrder::Above
    );
}

#[test]
fn middle_back_equality_r_foul_1_2() {
    // Two identical A-high straights: equal, legal only under non_strict / strict_front_only.
    let s = setting("2c 3d 5h / Ac Kd Qh Js Tc / Ad Kc Qs Jh Td");
    assert!(!s.is_foul(&Rules::plain()));
    let mut r = Rules::plain();
    r.order_mode = OrderMode::StrictFrontOnly;
    assert!(!s.is_foul(&r));
    r.order_mode = OrderMode::Strict;
    assert_eq!(s.foul_reason(&r), Some(FoulReason::MiddleEqualsBack));
    // R-FOUL-2: a 10-high straight over a 6-high straight fouls unless same_category_ok.
    let s = setting("2c 3d 5h / 6c 7d 8h 9s Tc / 2d 3c 4s 5s 6h");
    assert_eq!(
        s.foul_reason(&Rules::plain()),
        Some(FoulReason::MiddleAboveBack)
    );
    let mut r = Rules::plain();
    r.same_category_ok = true;
    assert!(!s.is_foul(&r));
}

#[test]
fn vector_3_legal_setting_and_ofc_royalties() {
    // RULES §11 vector 3: legal, OFC royalties 13 + 20 + 15 = 48 under ofc_ru_main.
    let s = setting("5c 5d 5s / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th");
    let r = Rules::preset("ofc_ru_main").unwrap();
    assert!(!s.is_foul(&r));
    assert_eq!(s.royalties(&r), [13, 20, 15]);
    assert_eq!(s.royalties(&r).iter().sum::<i64>(), 48);
    assert!(!s.is_foul(&Rules::preset("pagat_classic").unwrap()));
}

#[test]
fn vector_4_kicker_r_rank_4() {
    let r = Rules::plain();
    let (a, b) = (
        parse_cards("3c 3d 6h", Notation::Intl).unwrap(),
        parse_cards("3h 3s 2h", Notation::Intl).unwrap(),
    );
    assert_eq!(
        compare_rows(&a, v("3c 3d 6h"), &b, v("3h 3s 2h"), &r),
        Ordering::Greater
    );
}

#[test]
fn suit_order_and_top_card_only_rules_2_5() {
    let mut r = Rules::plain();
    let a = parse_cards("Ah Kd Qc Js 9h", Notation::Intl).unwrap();
    let b = parse_cards("As Kc Qd Jh 9d", Notation::Intl).unwrap();
    let (va, vb) = (v("Ah Kd Qc Js 9h"), v("As Kc Qd Jh 9d"));
    assert_eq!(compare_rows(&a, va, &b, vb, &r), Ordering::Equal);
    r.set("tie.suit_order", "SHCD").unwrap();
    assert_eq!(compare_rows(&a, va, &b, vb, &r), Ordering::Less);
    r.set("tie.suit_order", "DCHS").unwrap();
    assert_eq!(compare_rows(&a, va, &b, vb, &r), Ordering::Greater);
    let mut r = Rules::plain();
    r.compare_depth = CompareDepth::TopCardOnly;
    let c = parse_cards("Ah 2d 3c 5s 9h", Notation::Intl).unwrap();
    assert_eq!(
        compare_rows(&a, va, &c, v("Ah 2d 3c 5s 9h"), &r),
        Ordering::Equal
    );
}

#[test]
fn setting_construction_errors() {
    assert!(matches!(
        Setting::parse("5c 5d / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th", Notation::Intl),
        Err(Error::InvalidSetting(_))
    ));
    assert!(matches!(
        Setting::parse("5c 5d 5c / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th", Notation::Intl),
        Err(Error::DuplicateCard { .. })
    ));
    let s = setting("5c 5d 5s / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th");
    assert_eq!(s.to_text(), "5c 5d 5s / 4h 4c 4d 4s 2c / 6h 7h 8h 9h Th");
}
