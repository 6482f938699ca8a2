//! Tests start from a preset or the defaults and change one option at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;

#[test]
fn every_preset_builds_validates_and_round_trips() {
    for name in Rules::preset_names() {
        let r = Rules::preset(name).unwrap();
        r.validate().unwrap();
        let pairs = r.to_pairs();
        assert_eq!(pairs.len(), VALUE_OPTION_COUNT);
        let back = Rules::from_pairs(&pairs).unwrap();
        assert_eq!(back, r, "{name}");
    }
    assert!(matches!(
        Rules::preset("nope"),
        Err(Error::UnknownOption { .. })
    ));
}

#[test]
fn default_is_the_plain_game_rules_13() {
    let r = Rules::plain();
    assert_eq!(r.method, ScoreMethod::OneSix);
    assert!(r.naturals.is_empty());
    assert!(r.royalty_table.is_empty());
    assert_eq!(r.order_mode, OrderMode::NonStrict);
    r.validate().unwrap();
}

#[test]
fn set_parses_rules_spellings() {
    let mut r = Rules::plain();
    r.set("order.mode", "strict_front_only").unwrap();
    r.set("score.method", "1-3").unwrap();
    assert_eq!(r.method, ScoreMethod::PerRow);
    r.set("foul.penalty", "fixed(6)").unwrap();
    assert_eq!(r.foul_penalty, FoulPenalty::Fixed(6));
    r.set("tie.suit_order", "S>H>D>C").unwrap();
    assert_eq!(r.get("tie.suit_order").unwrap(), "SHDC");
    r.set("natural.enabled", "SIX_PAIRS,DRAGON:13").unwrap();
    r.set("natural.precedence", "DRAGON,SIX_PAIRS").unwrap();
    assert_eq!(r.get("natural.enabled").unwrap(), "DRAGON:13,SIX_PAIRS:3");
    r.set("natural.values", "SIX_PAIRS:4").unwrap();
    assert_eq!(r.natural_value(NaturalKind::SixPairs), Some((4, 1)));
    assert!(r.set("natural.enabled", "NO_PICTURES").is_err());
    let e = r.set("order.mode", "sideways").unwrap_err();
    assert!(e.to_string().contains("order.mode"));
    assert!(r.set("bogus.option", "1").is_err());
    r.set("royalty.table", "front.trips.A=5,back.quads=4")
        .unwrap();
    let spec = r.get("royalty.table").unwrap();
    let mut r2 = Rules::plain();
    r2.set("royalty.table", &spec).unwrap();
    assert_eq!(r2.royalty_table, r.royalty_table);
}

#[test]
fn validate_names_the_contradicting_option() {
    let mut r = Rules::plain();
    r.banker_wins_ties = true;
    assert!(
        matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "tie.banker_wins_ties")
    );
    let mut r = Rules::plain();
    r.flush_suit_first = true;
    assert!(
        matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "tie.flush_suit_first")
    );
    let mut r = Rules::plain();
    r.method = ScoreMethod::RussianTable;
    r.topology = Topology::Banker;
    assert!(matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "score.method"));
    let e = Rules::from_pairs(&[("score.scoop_multiplier", "0")]).unwrap_err();
    assert!(matches!(e, Error::Rules { option, .. } if option == "score.scoop_multiplier"));
    let e = Rules::from_pairs(&[("natural.vs_natural", "banker_pays_player")]).unwrap_err();
    assert!(matches!(e, Error::Rules { option, .. } if option == "natural.vs_natural"));
}

#[test]
fn the_table_declares_every_option_once_with_a_default_that_reads_back() {
    // Value options first (to_pairs writes exactly those), then views and the action.
    for (i, o) in OPTIONS.iter().enumerate() {
        assert_eq!(
            o.role == OptionRole::Value,
            i < VALUE_OPTION_COUNT,
            "{}",
            o.name
        );
        assert!(!o.help.is_empty(), "{} has no help", o.name);
        assert!(
            OPTIONS[..i].iter().all(|p| p.name != o.name),
            "{} twice",
            o.name
        );
    }
    let plain = Rules::plain();
    for o in &OPTIONS[..VALUE_OPTION_COUNT] {
        // The default is written as `get` writes it, so the table and the rules agree.
        assert_eq!(plain.get(o.name).unwrap(), o.default, "{}", o.name);
        let mut r = Rules::blank_for_tests();
        r.set(o.name, o.default).unwrap();
        assert_eq!(r.get(o.name).unwrap(), o.default, "{}", o.name);
        if let OptionKind::Choice(names) = o.kind {
            for n in names {
                let r = plain.clone().with(o.name, n);
                if let Ok(r) = r {
                    assert_eq!(r.get(o.name).unwrap(), *n, "{}", o.name);
                }
            }
        }
    }
    assert!(plain.get("preset").is_err());
}

#[test]
fn integer_ranges_come_from_the_table() {
    for o in OPTIONS {
        if let OptionKind::Integer { min, max, .. } = o.kind {
            let ok = |v: i64| Rules::from_pairs(&[(o.name, v.to_string())]);
            assert!(ok(min).is_ok(), "{}", o.name);
            assert!(ok(max).is_ok(), "{}", o.name);
            let e = ok(max + 1).unwrap_err();
            assert!(
                matches!(e, Error::Rules { ref option, .. } if option == o.name),
                "{e}"
            );
        }
    }
}

#[test]
fn every_preset_name_has_its_preset_and_the_standard_is_the_default_preset() {
    assert_eq!(PRESET_NAMES.len(), PRESETS.len());
    for (n, p) in PRESET_NAMES.iter().zip(PRESETS) {
        assert_eq!(*n, p.name);
    }
    assert!(PRESET_NAMES.contains(&DEFAULT_PRESET));
    assert_eq!(Rules::standard(), &Rules::preset(DEFAULT_PRESET).unwrap());
}

#[test]
fn fantasyland_options_follow_the_open_face_presets() {
    let r = Rules::preset("ofc_us").unwrap();
    assert_eq!(r.get("fl.enabled").unwrap(), "true");
    assert_eq!(
        r.get("fl.stay").unwrap(),
        "front_trips,back_quads_plus,middle_fh_plus"
    );
    let r = Rules::preset("ofc_pineapple_progressive").unwrap();
    assert_eq!(r.get("fl.progressive").unwrap(), "true");
    assert_eq!(r.get("fl.stay").unwrap(), "front_trips,back_quads_plus");
    for name in ["ofc_ru_main", "ofc_legacy_gem", "cp_pro_1_6"] {
        assert_eq!(
            Rules::preset(name).unwrap().get("fl.enabled").unwrap(),
            "false"
        );
    }
    let e = Rules::from_pairs(&[("fl.cards", "18")]).unwrap_err();
    assert!(matches!(e, Error::Rules { option, .. } if option == "fl.cards"));
    assert!(Rules::plain().set("fl.stay", "middle_quads").is_err());
}
