//! Tests of the evaluator: the tables against an independent brute force,
//! and every kernel against the single-hand look-ups.

use super::*;
use crate::cards::{rank, Card};
use std::collections::HashSet;

/// Ranks of the hand, for tests: a generic brute-force comparator key that
/// shares nothing with the tables (used by the unit tests below).
fn brute_key(cards: &[Card], wheel: Wheel) -> (u8, Vec<i32>) {
    let mut rs: Vec<i32> = cards.iter().map(|&c| rank(c) as i32).collect();
    rs.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.len() == 5 && cards.iter().all(|&c| c & 3 == cards[0] & 3);
    let mut distinct = rs.clone();
    distinct.dedup();
    let straight = if cards.len() == 5 && distinct.len() == 5 {
        if rs[0] - rs[4] == 4 {
            Some(rs[0])
        } else if rs == [12, 3, 2, 1, 0] {
            Some(match wheel {
                Wheel::Lowest => 3,
                Wheel::SecondHighest => 11, // between K-high (11) and A-high (12)
            })
        } else {
            None
        }
    } else {
        None
    };
    // group by count
    let mut groups: Vec<(usize, i32)> = distinct
        .iter()
        .map(|&r| (rs.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let key: Vec<i32> = groups.iter().map(|g| g.1).collect();
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let straight_key = |t: i32| {
        // K-high = 11 vs the second-highest wheel = 11: break with a half step
        vec![2 * t + i32::from(rs == [12, 3, 2, 1, 0] && wheel == Wheel::SecondHighest)]
    };
    match (straight, flush, counts.as_slice()) {
        (Some(12), true, _) if rs[4] == 8 => (9, vec![]),
        (Some(t), true, _) => (8, straight_key(t)),
        (_, _, [4, 1]) => (7, key),
        (_, _, [3, 2]) => (6, key),
        (_, true, _) => (5, key),
        (Some(t), _, _) => (4, straight_key(t)),
        (_, _, [3, ..]) => (3, key),
        (_, _, [2, 2, 1]) => (2, key),
        (_, _, [2, ..]) => (1, key),
        _ => (0, key),
    }
}
#[test]
fn all_five_card_hands() {
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        let mut counts = [0usize; 10];
        let mut distinct = HashSet::new();
        let mut n = 0usize;
        e.for_each_hand5(|c, v| {
            counts[category_of(v) as usize] += 1;
            distinct.insert(v);
            n += 1;
            debug_assert_eq!(v, e.value5(c));
        });
        assert_eq!(n, 2_598_960);
        assert_eq!(distinct.len(), 7462);
        assert_eq!(
            counts,
            [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
        );
    }
}

#[test]
fn three_card_values() {
    let e = evaluator(Wheel::Lowest);
    let mut distinct = HashSet::new();
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                distinct.insert(e.value3([a, b, c]));
                assert_eq!(e.value3([a, b, c]), e.value3([c, a, b]));
            }
        }
    }
    assert_eq!(distinct.len(), 455);
}

#[test]
fn checked_values_agree_and_refuse_bad_cards() {
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        e.for_each_hand5(|c, v| {
            assert_eq!(e.value5_checked(c), Some(v));
            assert_eq!(e.value5_checked([c[4], c[2], c[0], c[3], c[1]]), Some(v));
        });
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    assert_eq!(e.value3_checked([a, b, c]), Some(e.value3([a, b, c])));
                }
            }
        }
        for bad in [52u8, 63, 64, 200, 255] {
            assert_eq!(e.value5_checked([0, 1, 2, 3, bad]), None);
            assert_eq!(e.value5_checked([bad, 1, 2, 3, 4]), None);
            assert_eq!(e.value3_checked([0, bad, 2]), None);
        }
        assert_eq!(e.value5_checked([0, 1, 2, 3, 0]), None);
        assert_eq!(e.value5_checked([51, 51, 2, 3, 4]), None);
        assert_eq!(e.value3_checked([7, 8, 7]), None);
        assert_eq!(e.value3_checked([9, 9, 9]), None);
    }
}

#[test]
fn ordering_matches_brute_force_on_a_sample() {
    // deterministic pseudo-random sample (xorshift), no dependency
    let mut s = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        let hands: Vec<Vec<Card>> = (0..4000)
            .map(|_| {
                let mut deck: Vec<Card> = (0..52).collect();
                for i in 0..5 {
                    let j = i + (next() % (52 - i as u64)) as usize;
                    deck.swap(i, j);
                }
                deck[..5].to_vec()
            })
            .collect();
        for w in hands.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let va = e.value(a).unwrap();
            let vb = e.value(b).unwrap();
            assert_eq!(
                va.cmp(&vb),
                brute_key(a, wheel).cmp(&brute_key(b, wheel)),
                "{a:?} {b:?}"
            );
        }
    }
}

#[test]
fn wheel_positions() {
    let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
    let v = |s: &str, w| evaluator(w).value(&p(s)).unwrap();
    for w in [Wheel::Lowest, Wheel::SecondHighest] {
        assert!(v("Ac 2d 3h 4s 5c", w) < v("Ac Kd Qh Js Tc", w));
    }
    assert!(v("Ac 2d 3h 4s 5c", Wheel::Lowest) < v("2c 3d 4h 5s 6c", Wheel::Lowest));
    assert!(v("Ac 2d 3h 4s 5c", Wheel::SecondHighest) > v("9c Kd Qh Js Tc", Wheel::SecondHighest));
    assert!(v("Ac 2c 3c 4c 5c", Wheel::SecondHighest) > v("9c Kc Qc Jc Tc", Wheel::SecondHighest));
    assert!(v("Ac 2c 3c 4c 5c", Wheel::Lowest) < v("2c 3c 4c 5c 6c", Wheel::Lowest));
    assert_eq!(
        describe(v("Ac 2d 3h 4s 5c", Wheel::SecondHighest)),
        "Straight, 5-4-3-2-A"
    );
}

#[test]
fn descriptions() {
    let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
    let d = |s: &str| describe(evaluator(Wheel::Lowest).value(&p(s)).unwrap());
    assert_eq!(d("Kh Qh 8h 6h 3h"), "Flush, K-Q-8-6-3");
    assert_eq!(d("Qh Qs 5d"), "Pair of Queens, 5 kicker");
    assert_eq!(d("Ah Kh Qh Jh Th"), "Royal flush");
    assert_eq!(d("7h 7s 7d 7c Kd"), "Four of a kind, Sevens, K kicker");
    assert_eq!(d("Qh Qs Qd 5c 5d"), "Full house, Queens full of Fives");
    assert_eq!(d("9h 9s 4d 4c 2d"), "Two pair, Nines and Fours, 2 kicker");
    assert_eq!(
        size_of(evaluator(Wheel::Lowest).value(&p("2h 3s 4d")).unwrap()),
        3
    );
}

#[test]
fn cross_size_examples_rules_3_2() {
    let p = |s: &str| crate::notation::parse_cards(s, crate::notation::Notation::Intl).unwrap();
    let v = |s: &str| evaluator(Wheel::Lowest).value(&p(s)).unwrap();
    assert!(v("Ks Kd Ac") > v("Kh Kc Qd Js 9h"));
    assert!(v("Ks Kd 5c") <= v("Kh Kc 5d 4s 3h"));
    assert!(v("As Kd Qc") <= v("Ah Kc Qd 7s 5h"));
    assert!(v("Qs Qd Qc") > v("9h 9c 4d 4s 2h"));
    assert!(v("As Ad 2c") <= v("3h 3c 4d 4s 5h"));
    assert!(v("7s 6d 5c") <= v("2h 2c 4d 8s 9h"));
}

/// Deterministic pseudo-random rows of `n` distinct valid codes.
fn random_rows(rows: usize, n: usize, seed: u64) -> Vec<u8> {
    let mut s = seed | 1;
    let mut deck: Vec<u8> = (0..52).collect();
    let mut out = Vec::with_capacity(rows * n);
    for _ in 0..rows {
        for i in 0..n {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            deck.swap(i, i + (s % (52 - i as u64)) as usize);
        }
        out.extend_from_slice(&deck[..n]);
    }
    out
}

/// Every kind of bad row of `n` codes made from `row`: each position
/// holding 52, 63, 64 (an alias of 0 in six bits), 128 and 255, and every
/// pair of positions holding the same card (the first's card, and code 0
/// as well, which an ignored zero lane must not hide).
fn bad_variants(row: &[u8]) -> Vec<Vec<u8>> {
    let n = row.len();
    let mut out = Vec::new();
    for i in 0..n {
        for bad in [52u8, 63, 64, 128, 255] {
            let mut r = row.to_vec();
            r[i] = bad;
            out.push(r);
        }
        for j in i + 1..n {
            let mut r = row.to_vec();
            r[j] = r[i];
            out.push(r);
            let mut r = row.to_vec();
            (r[i], r[j]) = (0, 0);
            out.push(r);
        }
    }
    out
}

/// The validators against `check_hand` and each other: valid batches of
/// every length around the 16-byte blocks, and each bad-row kind at every
/// row of such batches (first, middle and last row of a block, the rows
/// after the last block).
fn check_row_validators<const N: usize>() {
    let valid = |rows: &[u8]| {
        rows.chunks_exact(N).all(|r| {
            crate::cards::check_hand(&r.iter().map(|&c| c as i64).collect::<Vec<_>>(), &[N]).is_ok()
        })
    };
    let agree = |rows: &[u8], expect: bool| {
        assert_eq!(valid(rows), expect, "{rows:?}");
        assert_eq!(rows_valid_scalar::<N>(rows), expect, "{rows:?}");
        #[cfg(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            target_feature = "ssse3"
        ))]
        assert_eq!(rows_valid_simd::<N>(rows), expect, "{rows:?}");
        assert_eq!(rows_valid::<N>(rows), expect, "{rows:?}");
        let e = evaluator(Wheel::Lowest);
        let mut out = vec![0u32; rows.len() / N];
        assert_eq!(
            e.value_rows_checked::<N>(rows, &mut out),
            expect,
            "{rows:?}"
        );
        if N == 5 {
            let avx2 = e.value_rows_avx2(rows, &mut out);
            assert_eq!(avx2.is_some(), avx2_expected());
            assert!(avx2.is_none_or(|valid| valid == expect), "{rows:?}");
        }
    };
    for len in 0..40 {
        // rows that start with 0 or 51 put those codes in the ignored 16th lane
        let mut rows = random_rows(len, N, 7 + len as u64);
        for (i, r) in rows.chunks_exact_mut(N).enumerate() {
            if i % 3 == 1 {
                r.sort_unstable();
            } else if i % 3 == 2 {
                r.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        agree(&rows, true);
    }
    for len in [1, 2, 3, 4, 5, 6, 7, 11, 16, 17] {
        let rows = random_rows(len, N, 99 + len as u64);
        for at in 0..len {
            for bad in bad_variants(&rows[at * N..(at + 1) * N]) {
                let mut r = rows.clone();
                r[at * N..(at + 1) * N].copy_from_slice(&bad);
                agree(&r, false);
            }
        }
    }
}

#[test]
fn row_validators_five() {
    check_row_validators::<5>();
}

#[test]
fn row_validators_three() {
    check_row_validators::<3>();
}

#[test]
fn value_rows_on_short_and_ragged_batches() {
    // Every length from 0 to 9 rows, with a ragged tail of codes that
    // makes no row, gives every whole row.
    let e = evaluator(Wheel::Lowest);
    let hands: Vec<[u8; 5]> = (0..9u8)
        .map(|i| [i, 13 + i, 26 + i, 39 + i, 51 - i])
        .collect();
    for n in 0..=hands.len() {
        for extra in 0..5 {
            let mut rows: Vec<u8> = hands[..n].concat();
            rows.extend(std::iter::repeat_n(7u8, extra));
            let mut out = vec![0u32; n];
            e.value_rows::<5>(&rows, &mut out);
            let expect: Vec<u32> = hands[..n].iter().map(|h| e.value5(*h)).collect();
            assert_eq!(out, expect, "{n} rows, {extra} extra codes");
        }
    }
}

/// Whether `value_rows_avx2` should run here (it says false only
/// without AVX2).
fn avx2_expected() -> bool {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    return is_x86_feature_detected!("avx2");
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    false
}

/// Both 5-card kernels on `rows` (and the dispatching `value_rows`),
/// each into an output prefilled with a marker; the AVX2 one only where
/// the CPU has it, and then it must run.
fn both_kernels(e: &Evaluator, rows: &[u8], n: usize) -> [Vec<u32>; 3] {
    let mut scalar = vec![u32::MAX; n];
    e.value_rows_scalar::<5>(rows, &mut scalar);
    let mut avx2 = vec![u32::MAX; n];
    assert_eq!(
        e.value_rows_avx2(rows, &mut avx2).is_some(),
        avx2_expected()
    );
    if !avx2_expected() {
        avx2.clone_from(&scalar);
    }
    let mut dispatched = vec![u32::MAX; n];
    e.value_rows::<5>(rows, &mut dispatched);
    [scalar, avx2, dispatched]
}

#[test]
fn five_card_kernels_agree_on_every_hand() {
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        let mut rows = Vec::with_capacity(5 * 2_598_960);
        let mut expect = Vec::with_capacity(2_598_960);
        let mut i = 0usize;
        e.for_each_hand5(|mut c, v| {
            // every card in every position of a row (the kernel reads
            // the fifth card apart from the first four)
            c.rotate_left(i % 5);
            if i % 7 == 0 {
                c.reverse();
            }
            i += 1;
            rows.extend_from_slice(&c);
            expect.push(e.value5(c));
            assert_eq!(e.value5(c), v);
        });
        for out in both_kernels(e, &rows, expect.len()) {
            assert!(out == expect, "{wheel:?}");
        }
    }
}

#[test]
fn five_card_kernels_agree_on_ragged_batches() {
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        for len in 0..40 {
            for extra in 0..5 {
                let mut rows = random_rows(len, 5, 31 * len as u64 + extra as u64);
                rows.extend(std::iter::repeat_n(9u8, extra));
                let expect: Vec<u32> = rows
                    .chunks_exact(5)
                    .map(|r| e.value5([r[0], r[1], r[2], r[3], r[4]]))
                    .collect();
                for out in both_kernels(e, &rows, len) {
                    assert_eq!(out, expect, "{len} rows, {extra} extra codes");
                }
                // a longer output than there are rows: its tail untouched
                let mut out = vec![u32::MAX; len + 9];
                if e.value_rows_avx2(&rows, &mut out).is_some() {
                    assert_eq!(&out[..len], &expect[..]);
                    assert!(out[len..].iter().all(|&v| v == u32::MAX));
                }
            }
        }
    }
}

#[test]
fn five_card_kernels_survive_invalid_codes() {
    // Invalid rows get unspecified values, but the valid rows around
    // them are still right and nothing reads out of bounds.
    let e = evaluator(Wheel::Lowest);
    let base = random_rows(40, 5, 5);
    let mut bad_rows = bad_variants(&base[..5]);
    bad_rows.extend([[255u8; 5].to_vec(), [52, 53, 54, 55, 56].to_vec()]);
    bad_rows.extend((0..=255u8).map(|c| vec![c; 5]));
    bad_rows.extend((0..=255u8).map(|c| vec![c, c ^ 0x80, 255 - c, c ^ 0x3F, c ^ 0xC0]));
    for (k, bad) in bad_rows.iter().enumerate() {
        let mut rows = base.clone();
        let at = k % 40;
        rows[5 * at..5 * at + 5].copy_from_slice(bad);
        let [scalar, avx2, dispatched] = both_kernels(e, &rows, 40);
        for out in [&scalar, &avx2, &dispatched] {
            for (i, r) in rows.chunks_exact(5).enumerate() {
                if i != at {
                    assert_eq!(out[i], e.value5([r[0], r[1], r[2], r[3], r[4]]));
                }
            }
        }
    }
}

#[test]
fn value_rows_equals_value5_and_value3() {
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let e = evaluator(wheel);
        let mut rows = Vec::new();
        let mut expect = Vec::new();
        e.for_each_hand5(|c, v| {
            rows.extend_from_slice(&c);
            expect.push(v);
        });
        let mut out = vec![0u32; expect.len()];
        e.value_rows::<5>(&rows, &mut out);
        assert!(out == expect);
        assert!(rows_valid::<5>(&rows));
        let mut rows = Vec::new();
        let mut expect = Vec::new();
        for a in 0..52u8 {
            for b in (0..52u8).filter(|&b| b != a) {
                for c in (0..52u8).filter(|&c| c != a && c != b) {
                    rows.extend_from_slice(&[a, b, c]);
                    expect.push(e.value3([a, b, c]));
                }
            }
        }
        let mut out = vec![0u32; expect.len()];
        e.value_rows::<3>(&rows, &mut out);
        assert!(out == expect);
        assert!(rows_valid::<3>(&rows));
    }
}
