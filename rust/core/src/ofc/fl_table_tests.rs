//! Tests of the Fantasyland value table and its lookup.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::rules::{Rules, PRESET_NAMES};

/// The open-face presets, as rules.
fn open_face_presets() -> Vec<OfcRules> {
    PRESET_NAMES
        .iter()
        .filter_map(|n| OfcRules::preset(n).ok())
        .collect()
}

#[test]
fn the_checked_in_table_parses_and_covers_every_open_face_preset() {
    let table = FlTable::parse(TABLE_TEXT).unwrap();
    assert_eq!(&table, FlTable::builtin());
    let presets = open_face_presets();
    assert_eq!(presets.len(), 7);
    for rules in &presets {
        let cards: Vec<u8> = table.rows(&rules.preset).map(|e| e.cards).collect();
        if rules.fantasyland.enabled {
            assert_eq!(cards, fantasyland_counts(rules), "{}", rules.preset);
            for e in table.rows(&rules.preset) {
                assert!(e.value > 0.0 && e.hands > 0, "{}: {e:?}", rules.preset);
            }
        } else {
            assert_eq!(cards, vec![0], "{}", rules.preset);
        }
    }
    // Nothing but the open-face presets.
    assert!(table
        .entries
        .iter()
        .all(|e| presets.iter().any(|r| r.preset == e.preset)));
}

#[test]
fn presets_without_fantasyland_are_worth_nothing() {
    let table = FlTable::builtin();
    for rules in open_face_presets() {
        for cards in [0, 13, 14, 15, 16, 17] {
            let v = table.per_opponent(&rules, cards);
            if !rules.fantasyland.enabled || cards == 0 {
                assert_eq!(v, 0.0, "{} {cards}", rules.preset);
            } else {
                assert!(v > 0.0, "{} {cards}", rules.preset);
            }
        }
    }
}

#[test]
fn progressive_values_do_not_fall_with_the_card_count() {
    let rules = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let table = FlTable::builtin();
    let values: Vec<f64> = (14..=17).map(|c| table.per_opponent(&rules, c)).collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
}

#[test]
fn rules_changed_from_a_preset_take_the_values_of_their_form() {
    let table = FlTable::builtin();
    let of = |preset: &str, options: &[(&str, &str)]| {
        let pairs: Vec<(String, String)> = options
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let r = Rules::preset(preset).unwrap().with_pairs(&pairs).unwrap();
        OfcRules::with_rules(preset, r).unwrap()
    };
    let pineapple = OfcRules::preset("ofc_pineapple").unwrap();
    let progressive = OfcRules::preset("ofc_pineapple_progressive").unwrap();
    let us = OfcRules::preset("ofc_us").unwrap();
    // A changed staying rule keeps the preset's values.
    let stay_none = of("ofc_pineapple", &[("fl.stay", "none")]);
    assert_eq!(
        table.per_opponent(&stay_none, 14),
        table.per_opponent(&pineapple, 14)
    );
    // Progressive entry switched on takes the progressive preset's.
    let made_progressive = of("ofc_pineapple", &[("fl.progressive", "true")]);
    for cards in 14..=17 {
        assert_eq!(
            table.per_opponent(&made_progressive, cards),
            table.per_opponent(&progressive, cards)
        );
    }
    // Classic Fantasyland switched on in a Russian preset takes ofc_us's.
    let russian = of("ofc_ru_main", &[("fl.enabled", "true")]);
    assert_eq!(
        table.per_opponent(&russian, 14),
        table.per_opponent(&us, 14)
    );
    // A card count the table lacks takes the nearest one it has.
    assert_eq!(table.per_opponent(&us, 16), table.per_opponent(&us, 14));
    assert_eq!(
        table.per_opponent(&progressive, 13),
        table.per_opponent(&progressive, 14)
    );
    // Switched off: nothing.
    let off = of("ofc_pineapple", &[("fl.enabled", "false")]);
    assert_eq!(table.per_opponent(&off, 14), 0.0);
}

#[test]
fn the_text_reads_back_and_bad_text_is_refused() {
    let table = FlTable::builtin();
    let text = table.to_text(&["a comment".into()]);
    assert!(text.starts_with("# a comment\n"));
    assert_eq!(&FlTable::parse(&text).unwrap(), table);
    let header = COLUMNS.join("\t");
    for bad in [
        String::new(),
        "preset\tcards\n".to_string(),
        format!("{header}\nofc_us\t14\t1.0\n"),
        format!("{header}\nofc_us\t12\t1\t1\t0\t0\t5\n"),
        format!("{header}\nofc_us\t14\tNaN\t1\t0\t0\t5\n"),
        format!("{header}\nofc_us\t14\t1\t1\t0\t0\t-5\n"),
    ] {
        assert!(FlTable::parse(&bad).is_err(), "{bad:?}");
    }
}

#[test]
fn entering_counts_the_repeat_deals() {
    // One card count: edge / (1 - stay).
    assert_eq!(entering_values(&[(14, 6.0, 0.5)], 14), vec![12.0]);
    // More cards stay more often, and each stay is worth the repeat's value.
    let v = entering_values(&[(14, 6.0, 0.5), (17, 8.0, 0.75)], 14);
    assert_eq!(v, vec![12.0, 17.0]);
}
