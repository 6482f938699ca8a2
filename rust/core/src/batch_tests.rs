//! Tests of `batch.rs`.

use super::*;
use crate::parallel::CHUNK_ROWS;

#[test]
fn batch_equals_scalar_and_threads_agree() {
    let mut cards = Vec::new();
    let e = evaluator(Wheel::Lowest);
    let mut expect = Vec::new();
    e.for_each_hand5(|c, v| {
        if cards.len() < 5 * 100_000 {
            cards.extend_from_slice(&c);
            expect.push(v);
        }
    });
    for t in [Threads::Count(1), Threads::Count(3), Threads::Auto] {
        let mut out = vec![0u32; expect.len()];
        evaluate_rows::<5>(&cards, &mut out, Wheel::Lowest, t).unwrap();
        assert_eq!(out, expect);
    }
}

#[test]
fn bad_rows_are_reported() {
    let mut cards: Vec<u8> = (0..40u8).map(|i| i % 40).collect();
    cards[7] = 5; // row 1 has 5 twice
    let mut out = vec![0u32; 8];
    match evaluate_rows::<5>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)) {
        Err(Error::BatchRow { row: 1, error }) => {
            assert!(matches!(*error, Error::DuplicateCard { .. }))
        }
        other => panic!("{other:?}"),
    }
    let cards = [0u8, 1, 52];
    let mut out = [0u32; 1];
    assert!(matches!(
        evaluate_rows::<3>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)),
        Err(Error::BatchRow { row: 0, .. })
    ));
}

/// Each kind of bad row (a code of 52 or more, a card twice in any pair
/// of positions), alone or after an earlier bad row, in the first chunk,
/// at the end of a chunk and in a later chunk: the error names the first
/// bad row and the right problem, whatever the thread count.
fn first_bad_row_is_named<const N: usize>() {
    let rows = 2 * CHUNK_ROWS + 7;
    let mut cards = Vec::with_capacity(rows * N);
    for i in 0..rows {
        cards.extend((0..N).map(|j| ((i * 7 + j * 11) % 52) as u8));
    }
    let mut out = vec![0u32; rows];
    assert!(evaluate_rows::<N>(&cards, &mut out, Wheel::Lowest, Threads::Count(1)).is_ok());
    let mut kinds: Vec<(usize, usize, bool)> = Vec::new(); // (position, copy of, invalid)
    for p in 0..N {
        kinds.push((p, p, true));
        for q in 0..p {
            kinds.push((p, q, false));
        }
    }
    for at in [0, 1, 2, 3, CHUNK_ROWS - 1, CHUNK_ROWS, rows - 1] {
        for &(p, q, invalid) in &kinds {
            let mut bad = cards.clone();
            bad[at * N + p] = if invalid {
                52 + (at % 204) as u8
            } else {
                bad[at * N + q]
            };
            if at < rows - 1 {
                // a later bad row must not hide this one
                bad[(rows - 1) * N] = 255;
            }
            for t in [Threads::Count(1), Threads::Count(2)] {
                match evaluate_rows::<N>(&bad, &mut out, Wheel::Lowest, t) {
                    Err(Error::BatchRow { row, error }) => {
                        assert_eq!(row, at, "{p} {q} {invalid}");
                        if invalid {
                            assert!(matches!(*error, Error::CardCode { .. }), "{error:?}");
                        } else {
                            assert!(matches!(*error, Error::DuplicateCard { .. }), "{error:?}");
                        }
                    }
                    other => panic!("row {at}, {p} {q} {invalid}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn first_bad_row_is_named_five() {
    first_bad_row_is_named::<5>();
}

#[test]
fn first_bad_row_is_named_three() {
    first_bad_row_is_named::<3>();
}

#[test]
fn score_deals_threads_agree_and_name_the_bad_row() {
    use crate::cards::deck::deal_cards;
    use crate::search::greedy_setting;
    let rules = Rules::preset("russian_13_table").unwrap();
    let mut split = rules.clone();
    split
        .set("score.table_best_row_payer", "split_one_unit")
        .unwrap();
    let mut deals = Vec::new();
    for i in 0..3000u64 {
        let deck: [u8; 39] = deal_cards(i);
        for h in deck.chunks_exact(13) {
            deals.extend(greedy_setting(h.try_into().unwrap(), rules.wheel));
        }
    }
    let (one, d1) = score_deals(&deals, 3, &rules, Threads::Count(1)).unwrap();
    let (two, d2) = score_deals(&deals, 3, &rules, Threads::Count(2)).unwrap();
    assert_eq!((one.len(), d1), (3 * 3000, 1));
    assert_eq!((&one, d1), (&two, d2));
    // Table-best rows split between two payers: twelfths (RULES §4.5).
    let (twelfths, d) = score_deals(&deals, 3, &split, Threads::Count(2)).unwrap();
    assert_eq!(d, 12);
    assert!(twelfths.chunks(3).all(|t| t.iter().sum::<i64>() == 0));
    // A card held twice in deal 2500 (in the second chunk).
    deals[2500 * 39 + 20] = deals[2500 * 39];
    match score_deals(&deals, 3, &rules, Threads::Count(2)) {
        Err(Error::BatchRow { row: 2500, error }) => {
            assert!(matches!(*error, Error::InvalidSetting(_)), "{error:?}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn declared_naturals_settle_as_score_settles_them() {
    use crate::cards::deck::deal_cards;
    use crate::score::{score, PlayerHand};
    use crate::search::greedy_setting;
    use crate::setting::Setting;
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    // Deal 0's first seat holds a dragon; the others are greedy settings.
    let dragon: [u8; 13] = std::array::from_fn(|r| (4 * r + r % 4) as u8);
    let mut deals = Vec::new();
    let mut declared = Vec::new();
    for i in 0..200u64 {
        let deck: [u8; 52] = deal_cards(i);
        let rest: Vec<u8> = deck
            .iter()
            .copied()
            .filter(|c| !dragon.contains(c))
            .collect();
        deals.extend(dragon);
        for h in rest[..26].chunks_exact(13) {
            deals.extend(greedy_setting(h.try_into().unwrap(), rules.wheel));
        }
        declared.extend([i % 2 == 0, false, false]);
    }
    let (got, d) =
        score_deals_declaring(&deals, Some(&declared), 3, &rules, Threads::Count(2)).unwrap();
    for (i, deal) in deals.chunks_exact(39).enumerate() {
        let hands: Vec<PlayerHand> = deal
            .chunks_exact(13)
            .enumerate()
            .map(|(s, c)| {
                let setting = Setting::from_cards(c).unwrap();
                if declared[3 * i + s] {
                    PlayerHand::Natural(setting)
                } else {
                    PlayerHand::Setting(setting)
                }
            })
            .collect();
        let want = score(&hands, &rules, None).unwrap();
        assert_eq!(
            (&got[3 * i..3 * i + 3], d),
            (&want.totals[..], want.denominator)
        );
    }
    // Declared: the dragon takes 13 from each of the two others (RULES' natural table).
    assert_eq!(got[0], 26);
    // A flag on a hand without a natural fails that deal.
    declared[3 * 7 + 1] = true;
    match score_deals_declaring(&deals, Some(&declared), 3, &rules, Threads::Count(2)) {
        Err(Error::BatchRow { row: 7, .. }) => {}
        other => panic!("{other:?}"),
    }
    assert!(score_deals_declaring(&deals, Some(&declared[1..]), 3, &rules, Threads::Auto).is_err());
}
