//! Tests of card text: every notation, the `auto` rules and the errors.

use super::*;
use crate::cards::{card, Card};
use crate::error::{Error, Result};

fn p(s: &str, n: Notation) -> Result<Vec<Card>> {
    parse_cards(s, n)
}

#[test]
fn intl_forms() {
    let want = vec![card(12, 3), card(8, 2), card(8, 1)];
    assert_eq!(p("As 10h Td", Notation::Intl).unwrap(), want);
    assert_eq!(p("as,10H-tD", Notation::Intl).unwrap(), want);
    assert_eq!(p("A♠10♥T♦", Notation::Intl).unwrap(), want);
    assert_eq!(p("A♤ 10♡ T♢", Notation::Intl).unwrap(), want);
    assert_eq!(
        p("A♠\u{FE0F}10♥\u{FE0F}T♦\u{FE0F}", Notation::Intl).unwrap(),
        want
    );
}

#[test]
fn seed_vectors() {
    // RULES §11 vector 1
    let r = parse_ranks("T-2-3-4-5-6-7-8-9-10-V-D-K", Notation::RuLatin).unwrap();
    assert_eq!(r, vec![12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // RULES §11 vector 2 (Cyrillic Т)
    let s = "2♣4♥4♣4♦4♠5♦5♠5♣6♥7♥8♥9♥Т♥";
    let intl = p(s, Notation::Intl).unwrap();
    assert_eq!(*intl.last().unwrap(), card(8, 2));
    let ru = p(s, Notation::RuCyrillic).unwrap();
    assert_eq!(*ru.last().unwrap(), card(12, 2));
    assert!(matches!(
        p(s, Notation::Auto),
        Err(Error::AmbiguousNotation { .. })
    ));
    assert_eq!(
        p("А♠К♥J♦", Notation::Auto).unwrap(),
        vec![card(12, 3), card(11, 2), card(9, 1)]
    );
    assert_eq!(
        p("А♣А♥Т♠", Notation::Auto).unwrap(),
        vec![card(12, 0), card(12, 2), card(8, 3)]
    );
}

#[test]
fn errors_name_token_and_position() {
    match p("As Xh", Notation::Intl) {
        Err(Error::InvalidCard {
            token, position, ..
        }) => {
            assert_eq!(token, "Xh");
            assert_eq!(position, 3);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        p("As Ks As", Notation::Intl),
        Err(Error::DuplicateCard {
            position: 6,
            first: 0,
            ..
        })
    ));
    assert!(matches!(
        p("A", Notation::Intl),
        Err(Error::InvalidCard { .. })
    ));
    assert!(matches!(
        p("1s", Notation::Intl),
        Err(Error::InvalidCard { .. })
    ));
}

#[test]
fn numeric() {
    assert_eq!(
        p("1d 13h 11c10s", Notation::Numeric).unwrap(),
        vec![card(12, 1), card(11, 2), card(9, 0), card(8, 3)]
    );
    assert_eq!(
        p("13h 1d", Notation::Auto).unwrap(),
        vec![card(11, 2), card(12, 1)]
    );
}
