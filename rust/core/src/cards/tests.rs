use super::*;

#[test]
fn codes_round_trip() {
    for c in 0..52u8 {
        assert_eq!(card(rank(c), suit(c)), c);
    }
    assert_eq!(format_card(51, Style::Ascii), "As");
    assert_eq!(format_card(0, Style::Unicode), "2♣");
}

#[test]
fn check_hand_errors() {
    assert!(matches!(
        check_hand(&[1, 2, 1], &[3]),
        Err(Error::DuplicateCard {
            position: 2,
            first: 0,
            ..
        })
    ));
    assert!(matches!(
        check_hand(&[1, 52, 3], &[3]),
        Err(Error::CardCode {
            code: 52,
            position: 1
        })
    ));
    assert!(matches!(
        check_hand(&[1, 2], &[3, 5]),
        Err(Error::HandSize { got: 2, .. })
    ));
}
