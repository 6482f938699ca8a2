//! Tests of `strategy.rs`.

use super::*;

#[test]
fn names_round_trip_and_lists_name_the_allowed() {
    for s in Strategy::ALL {
        assert_eq!(s.to_string().parse::<Strategy>().unwrap(), s);
    }
    let e = Strategy::parse_among("best", &Strategy::MATCH).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown strategy \"best\"; expected one of 'fast', 'fast_independent', 'greedy', 'royalty_max'"
    );
    assert!(Strategy::parse_among("Fast", &Strategy::ALL).is_err());
}
