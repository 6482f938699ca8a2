//! Tests of `deck.rs`.

use super::*;

#[test]
fn deal_deck_is_a_permutation() {
    let mut d = deal_deck(7, 3);
    d.sort_unstable();
    assert_eq!(d, new_deck());
}

#[test]
fn stream_matches_mix_seed() {
    let mut g = SplitMix64::stream(9, 4);
    assert_eq!(g.next_u64(), mix_seed(9, 4));
}

#[test]
fn shuffle_prefix_moves_only_the_prefix_draws() {
    let mut a: Vec<u8> = (0..52).collect();
    SplitMix64::new(3).shuffle_prefix(&mut a, 0);
    assert_eq!(a, (0..52).collect::<Vec<u8>>());
}
