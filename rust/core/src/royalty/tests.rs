//! Tests start from a preset or the defaults and change one option at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;
use crate::eval::{evaluator, Wheel};
use crate::notation::{parse_cards, Notation};

fn v(s: &str) -> u32 {
    let c = parse_cards(s, Notation::Intl).unwrap();
    evaluator(Wheel::Lowest).value(&c).unwrap()
}

#[test]
fn tables_of_rules_5_2() {
    let mut r = Rules::plain();
    r.royalty_table = RoyaltyTable::named("A").unwrap();
    assert_eq!(row_royalty(&r, Row::Front, v("2c 2d 2h")), 3);
    assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad 2h")), 0);
    assert_eq!(row_royalty(&r, Row::Middle, v("2c 2d 2h 3c 3d")), 2);
    assert_eq!(row_royalty(&r, Row::Back, v("2c 2d 2h 3c 3d")), 0);
    assert_eq!(row_royalty(&r, Row::Back, v("Ac Kc Qc Jc Tc")), 5);
    r.royalty_table = RoyaltyTable::named("F").unwrap();
    assert_eq!(row_royalty(&r, Row::Middle, v("Ac Kc Qc Jc Tc")), 14);
    assert_eq!(row_royalty(&r, Row::Middle, v("9c Kc Qc Jc Tc")), 10);
    r.royalty_table = RoyaltyTable::named("B").unwrap();
    assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 6);
}

#[test]
fn ofc_tables_of_rules_5_3() {
    let r = Rules::preset("ofc_ru_main").unwrap();
    assert_eq!(row_royalty(&r, Row::Front, v("6c 6d 2h")), 1);
    assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad 2h")), 9);
    assert_eq!(row_royalty(&r, Row::Front, v("5c 5d Ah")), 0);
    assert_eq!(row_royalty(&r, Row::Front, v("2c 2d 2h")), 10);
    assert_eq!(row_royalty(&r, Row::Front, v("Ac Ad Ah")), 22);
    assert_eq!(row_royalty(&r, Row::Middle, v("2c 2d 2h 3c 4d")), 0);
    assert_eq!(row_royalty(&r, Row::Middle, v("Ac Kc Qc Jc Tc")), 50);
    assert_eq!(row_royalty(&r, Row::Back, v("2c 3d 4h 5c 6d")), 2);
    let us = Rules::preset("ofc_us").unwrap();
    assert_eq!(row_royalty(&us, Row::Middle, v("2c 2d 2h 3c 4d")), 2);
    let alt1 = Rules::preset("ofc_ru_alt1").unwrap();
    assert_eq!(row_royalty(&alt1, Row::Back, v("9c 9d 9h 9s Tc")), 8);
    assert_eq!(row_royalty(&alt1, Row::Middle, v("Ac Kc Qc Jc Tc")), 30);
}

#[test]
fn modifiers_one_per_row_and_middle_premium() {
    let mut r = Rules::preset("wiki_2_4").unwrap();
    assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 1);
    r.royalty_one_per_row = false;
    // quads is also "full house or better in the middle"
    assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 2);
    let mut r = Rules::preset("pagat_classic").unwrap();
    r.royalty_middle_premium = 1; // RULES §4.6: A′ = A + 1 in the middle
    assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h 9s Tc")), 5);
    assert_eq!(row_royalty(&r, Row::Middle, v("9c Kc Qc Jc Tc")), 6);
    assert_eq!(row_royalty(&r, Row::Back, v("9c Kc Qc Jc Tc")), 5);
    assert_eq!(row_royalty(&r, Row::Middle, v("9c 9d 9h Ts Tc")), 2);
}

#[test]
fn dealt_quads_broken_up_still_pay() {
    let mut r = Rules::preset("pagat_classic_nonstrict").unwrap();
    r.royalty_from_dealt_cards = true;
    let cards: [Card; 13] = parse_cards("7c 7d 7h 2c 3d 7s 8s 9s Ts Jd Ac Kd Qc", Notation::Intl)
        .unwrap()
        .try_into()
        .unwrap();
    let rows = [v("7c 7d 7h"), v("2c 3d 7s 8s 9s"), v("Ts Jd Ac Kd Qc")];
    assert_eq!(dealt_royalty(&r, &cards, rows), 4);
    r.royalty_from_dealt_cards = false;
    assert_eq!(dealt_royalty(&r, &cards, rows), 0);
}

#[test]
fn spec_round_trip() {
    for name in TABLE_NAMES {
        let t = RoyaltyTable::named(name).unwrap();
        assert_eq!(RoyaltyTable::parse(&t.to_spec()).unwrap(), t);
    }
    let t = RoyaltyTable::parse("front.pair.Q=7,middle.flush=3").unwrap();
    assert_eq!(t.front_pair[10], 7);
    assert_eq!(RoyaltyTable::parse(&t.to_spec()).unwrap(), t);
    assert!(RoyaltyTable::parse("middle.bogus=1").is_err());
}
