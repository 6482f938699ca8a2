use super::buckets::*;
use super::fronts::*;
use super::kernels::last_disjoint::*;
use super::kernels::scan::*;
use super::kernels::scatter::*;
use super::staircase::*;
use super::sweep::*;
use super::tables::*;
use super::*;
use crate::cards::deck::{new_deck, SplitMix64};
use crate::cards::Card;
use crate::error::Error;
use crate::eval::{evaluator, Evaluator, Wheel};
use std::collections::HashSet;

/// Deterministic hands from the deck's generator.
struct Rng(SplitMix64);
impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn hand(&mut self) -> [Card; 13] {
        let mut deck = new_deck();
        self.0.shuffle_prefix(&mut deck, 13);
        std::array::from_fn(|i| deck[i])
    }

    /// A random hand's subsets, under the low wheel for even `n` and the
    /// second-highest wheel for odd `n`.
    fn subsets(&mut self, n: usize) -> ([Card; 13], HandSubsets) {
        let hand = self.hand();
        let wheel = [Wheel::Lowest, Wheel::SecondHighest][n % 2];
        (hand, HandSubsets::new(&hand, wheel))
    }

    /// A random 5-subset index.
    fn five(&mut self) -> usize {
        (self.next() % FIVE_SUBSETS as u64) as usize
    }
}

/// Subset indices strongest first (value descending, then index): the
/// order the sweep and the middle cap walk, by a plain sort.
fn strongest_first(values: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(values[i]), i));
    order
}

fn default_rule(f: u32, m: u32, b: u32) -> bool {
    f <= m && m <= b
}

/// Direct evaluation of a 13-code setting.
fn direct(s: &[Card; 13], ev: &Evaluator) -> [u32; 3] {
    [
        ev.value3([s[0], s[1], s[2]]),
        ev.value5([s[3], s[4], s[5], s[6], s[7]]),
        ev.value5([s[8], s[9], s[10], s[11], s[12]]),
    ]
}

/// Every setting by nested loops over positions and direct evaluation:
/// shares nothing with the index tables.
fn brute_settings(hand: &[Card; 13], ev: &Evaluator) -> Vec<([Card; 13], [u32; 3])> {
    let mut out = Vec::with_capacity(SETTINGS);
    for back in 0..1u16 << 13 {
        if back.count_ones() != 5 {
            continue;
        }
        for middle in 0..1u16 << 13 {
            if middle.count_ones() != 5 || middle & back != 0 {
                continue;
            }
            let front = 0x1FFF ^ back ^ middle;
            let mut s = [0; 13];
            let mut n = 0;
            for mask in [front, middle, back] {
                for (i, &c) in hand.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        s[n] = c;
                        n += 1;
                    }
                }
            }
            out.push((s, direct(&s, ev)));
        }
    }
    out
}

/// O(n^2) Pareto over the distinct legal triples.
fn brute_pareto(all: &[([Card; 13], [u32; 3])], legal: impl Legality) -> HashSet<[u32; 3]> {
    let mut triples: Vec<[u32; 3]> = all
        .iter()
        .filter(|(_, v)| legal.is_legal(v[0], v[1], v[2]))
        .map(|x| x.1)
        .collect();
    // Strongest first, so a beaten triple usually meets its beater early.
    triples.sort_unstable_by(|a, b| b.cmp(a));
    triples.dedup();
    let beats = |a: &[u32; 3], b: &[u32; 3]| a[0] >= b[0] && a[1] >= b[1] && a[2] >= b[2] && a != b;
    triples
        .iter()
        .filter(|t| !triples.iter().any(|o| beats(o, t)))
        .copied()
        .collect()
}

#[test]
fn merging_a_batch_equals_inserting_it_pair_by_pair() {
    // Small values, so that equal middles, fronts and backs are common.
    let mut rng = Rng::new(0x5EED_57A1);
    let mut small = |n: u64| (rng.next() % n) as u32;
    for _ in 0..3000 {
        let (mut one, mut merged) = (Staircase::default(), Staircase::default());
        let mut found = Vec::new();
        let mut back = 40;
        for _ in 0..small(6) {
            back -= small(3);
            for _ in 0..small(12) {
                let (m, f) = (small(24), small(24));
                if one.best_front(m) <= f {
                    found.push(Found::new(0, 0, 0, [f, m, back]));
                    one.insert(m, f, found.len() - 1, &mut found);
                    merged.insert(m, f, found.len() - 1, &mut found);
                }
            }
        }
        // A batch as the sweep builds one: not weakly beaten by a step,
        // middles strictly descending, fronts strictly ascending.
        back -= small(2);
        let mut batch: Vec<(u32, u32)> = (0..small(10)).map(|_| (small(24), small(24))).collect();
        batch.sort_unstable_by(|x, y| y.cmp(x));
        let first = found.len();
        let mut best_front = None;
        for (m, f) in batch {
            if one.best_front(m) <= f && best_front.is_none_or(|b| b < f) {
                best_front = Some(f);
                found.push(Found::new(0, 0, 0, [f, m, back]));
            }
        }
        let mut found_one = found.clone();
        for i in first..found.len() {
            let [f, m, _] = found_one[i].item.1;
            one.insert(m, f, i, &mut found_one);
        }
        merged.merge(first, &mut found);
        assert_eq!(merged.middles, one.middles);
        assert_eq!(merged.fronts, one.fronts);
        assert_eq!(merged.found, one.found);
        assert_eq!(found, found_one);
        // Steps stay strictly ascending in middle, descending in front.
        assert!(merged.middles.windows(2).all(|w| w[0] < w[1]));
        assert!(merged.fronts.windows(2).all(|w| w[0] > w[1]));
    }
}

#[test]
fn tables_have_the_right_shape() {
    let t = &*TABLES;
    assert_eq!(t.mask5.len(), FIVE_SUBSETS);
    assert_eq!(t.mask3.len(), THREE_SUBSETS);
    assert_eq!(t.splits.len(), SETTINGS);
    assert_eq!(t.halves.len(), THREE_SUBSETS * HALVES);
    assert_eq!(SETTINGS, 72_072);
}

#[test]
fn subset_values_follow_the_mask_tables() {
    // The nested loops of `with_evaluator` must produce subsets in the
    // order of `mask5` / `mask3`.
    let t = &*TABLES;
    let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let ev = evaluator(wheel);
        for _ in 0..20 {
            let hand = rng.hand();
            let subsets = HandSubsets::with_evaluator_scalar(&hand, ev);
            let pick = |mask: u16| -> Vec<Card> {
                (0..13)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| hand[i])
                    .collect()
            };
            for (i, &m) in t.mask5.iter().enumerate() {
                let c = pick(m);
                assert_eq!(
                    subsets.value5(i as u16),
                    ev.value5([c[0], c[1], c[2], c[3], c[4]])
                );
            }
            for (i, &m) in t.mask3.iter().enumerate() {
                let c = pick(m);
                assert_eq!(subsets.value3(i as u16), ev.value3([c[0], c[1], c[2]]));
            }
        }
    }
}

/// Random hands under both wheels, then a few where flushes abound.
fn simd_test_hands() -> Vec<([Card; 13], Wheel)> {
    let mut rng = Rng::new(0x0DDB_A11C_0FFE_E123);
    let mut hands: Vec<([Card; 13], Wheel)> = (0..1500)
        .map(|n| (rng.hand(), [Wheel::Lowest, Wheel::SecondHighest][n % 2]))
        .collect();
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        // 13 clubs; then 2-A of clubs and diamonds alternately
        hands.push((std::array::from_fn(|i| 4 * i as u8), wheel));
        hands.push((std::array::from_fn(|i| 4 * i as u8 + (i as u8 % 2)), wheel));
    }
    hands
}

#[test]
fn subset_values_avx2_match_scalar() {
    for (hand, wheel) in simd_test_hands() {
        let ev = evaluator(wheel);
        let scalar = HandSubsets::with_evaluator_scalar(&hand, ev);
        let Some(simd) = HandSubsets::with_evaluator_avx2(&hand, ev) else {
            return; // no AVX2 here: nothing to compare
        };
        assert_eq!(simd.five, scalar.five, "{hand:?}");
        assert_eq!(simd.three, scalar.three, "{hand:?}");
        let chosen = HandSubsets::with_evaluator(&hand, ev);
        assert_eq!(chosen.five, scalar.five, "{hand:?}");
    }
}

#[test]
fn best_middle_avx2_matches_scalar() {
    for (hand, wheel) in simd_test_hands().into_iter().step_by(3) {
        let h = HandSubsets::new(&hand, wheel);
        for f in 0..THREE_SUBSETS {
            let Some(simd) = h.best_middle_avx2(f) else {
                return; // no AVX2 here: nothing to compare
            };
            assert_eq!(simd, h.best_middle_scalar(f), "{hand:?} front {f}");
        }
    }
}

#[test]
fn scan_avx2_matches_scalar() {
    let mut rng = Rng::new(0x5CA7_7E12_3456_789B);
    let mut some = [0usize; 2];
    for (hand, wheel) in simd_test_hands().into_iter().step_by(5) {
        let h = HandSubsets::new(&hand, wheel);
        // Bounds drawn from the hand's own values (so that they split
        // its splits), now and then the extremes.
        let mut pick = || match rng.next() % 16 {
            0 => 0,
            1 => u32::MAX,
            k if k < 9 => h.five[rng.five()],
            _ => h.three[(rng.next() % THREE_SUBSETS as u64) as usize],
        };
        for b in 0..FIVE_SUBSETS {
            let bounds = ScanBounds {
                back: if b % 3 == 0 { pick() } else { h.five[b] },
                above: pick(),
                front_cap: pick(),
                mid_floor: pick(),
            };
            let (mut simd, mut scalar) = (Scan::EMPTY, Scan::EMPTY);
            if !h.scan_avx2(b, bounds, &mut simd) {
                return; // no AVX2 here: nothing to compare
            }
            h.scan_scalar(b, bounds, &mut scalar);
            let n = simd.n;
            assert_eq!(
                (n, &simd.cand[..n], simd.top),
                (scalar.n, &scalar.cand[..scalar.n], scalar.top),
                "{hand:?} back {b} {bounds:?}"
            );
            assert_eq!(
                simd.values[..SPLITS_PER_BACK],
                scalar.values[..SPLITS_PER_BACK]
            );
            // The values are the splits' own, and the top their maxima.
            let splits = &TABLES.splits[b * SPLITS_PER_BACK..(b + 1) * SPLITS_PER_BACK];
            for (&[m, f], v) in splits.iter().zip(&scalar.values) {
                assert_eq!(*v, [h.five[m as usize], h.three[f as usize]]);
            }
            let top = scalar
                .passing()
                .fold([0, 0], |t, (vm, vf, _)| [t[0].max(vm), t[1].max(vf)]);
            assert_eq!(scalar.top, top);
            some[usize::from(n > 0 && n < SPLITS_PER_BACK)] += 1;
        }
    }
    // The bounds must leave scans that pass some splits but not all.
    assert!(some[1] > some[0] / 20, "{some:?}");
}

#[test]
fn last_disjoint_avx2_matches_scalar() {
    // The masks of a real scan: random 5-subsets, every prefix length,
    // queried with random 5-subsets (about one in five is disjoint).
    let t = &*TABLES;
    let mut rng = Rng::new(0xD15_0147_A11C_E5ED);
    let mut hits = 0;
    for _ in 0..300 {
        let masks: [u16; MIDDLE_SCANS] = std::array::from_fn(|_| t.mask5[rng.five()]);
        for n in 0..=MIDDLE_SCANS + 1 {
            let mask = t.mask5[rng.five()];
            let Some(simd) = last_disjoint_avx2(&masks, n, mask) else {
                return; // no AVX2 here: nothing to compare
            };
            let scalar = last_disjoint_scalar(&masks, n, mask);
            assert_eq!(simd, scalar, "{masks:?} {n} {mask:#x}");
            hits += usize::from(scalar.is_some());
        }
    }
    assert!(hits > 1000, "{hits}");
}

/// `n` values on and beside the bucket edges (which hand values may
/// never be) and above the last bucket, with ties.
fn edge_values(rng: &mut Rng, n: usize) -> Vec<u32> {
    (0..n)
        .map(|_| {
            let edge = ((rng.next() % (BUCKETS as u64 + 8)) as u32) << 16;
            edge.wrapping_add((rng.next() % 3) as u32).wrapping_sub(1)
        })
        .collect()
}

#[test]
fn buckets_list_every_index_by_value_then_index() {
    let mut rng = Rng::new(0xB0C4_E75D_EE9F_0123);
    let mut deferred = 0;
    for (hand, wheel) in simd_test_hands().into_iter().step_by(50) {
        let h = HandSubsets::new(&hand, wheel);
        let edges = edge_values(&mut rng, 300);
        // the 5- and 3-card values, prefixes of other lengths mod 4 and
        // mod 16 (the AVX2 scatter's step), and the edges
        for values in [
            &h.five[..FIVE_SUBSETS],
            &h.three[..THREE_SUBSETS],
            &h.five[..1283],
            &h.five[..7],
            &edges[..],
        ] {
            let want: Vec<u16> = strongest_first(values).iter().map(|&i| i as u16).collect();
            let of_bucket = |k: usize| -> Vec<u16> {
                let in_k = |&&i: &&u16| bucket_of(values[usize::from(i)]) == k;
                want.iter().filter(in_k).copied().collect()
            };
            // Scattered at first: nothing, one, a few buckets' worth,
            // the solver's counts, everything.
            // The next bucket that holds an index, from every bucket.
            let b = Buckets::<FIVE_PAD>::new(values, 0);
            for k in 0..=BUCKETS {
                let below = (0..k.min(BUCKETS))
                    .rev()
                    .find(|&j| !of_bucket(j).is_empty());
                assert_eq!(b.next_below(k), below, "{hand:?} {k}");
            }
            for first in [0, 1, 17, THREE_FIRST, FIVE_FIRST, values.len()] {
                let mut fresh = || {
                    let b = Buckets::<FIVE_PAD>::new(values, first);
                    let held = usize::from(b.start[b.filled]);
                    assert!(held >= first.min(values.len()), "{hand:?} {first}");
                    deferred += usize::from(b.filled < BUCKETS);
                    b
                };
                // Each fill scatters at least twice what was there (or
                // the rest), so that a deep read costs a few passes.
                let grown = |b: &Buckets<FIVE_PAD>, before: usize| {
                    let (old, new) = (usize::from(b.start[before]), b.start[b.filled]);
                    assert!(
                        b.filled == before || b.filled == BUCKETS || usize::from(new) >= 2 * old,
                        "{hand:?} {first} {before} {}",
                        b.filled
                    );
                };
                let mut b = fresh();
                let got: Vec<u16> = (0..BUCKETS)
                    .rev()
                    .flat_map(|k| b.sorted(k, values).to_vec())
                    .collect();
                assert_eq!(got, want, "{hand:?} {first}");
                // Taken lazily: each bucket to some depth by `get`
                // (ordering a part at a time), then whole by `sorted`, and
                // both by `get`.
                for depth in [1, 3, 17, 40, 1000] {
                    let mut b = fresh();
                    let mut got = Vec::new();
                    for k in (0..BUCKETS).rev() {
                        let before = b.filled;
                        let head: Vec<u16> =
                            (0..depth).map_while(|pos| b.get(k, pos, values)).collect();
                        grown(&b, before);
                        let whole = b.sorted(k, values).to_vec();
                        assert!(whole.starts_with(&head), "{hand:?} {first} {depth}");
                        let again: Vec<u16> =
                            (0..).map_while(|pos| b.get(k, pos, values)).collect();
                        assert_eq!(again, whole, "{hand:?} {first} {depth}");
                        got.extend(whole);
                    }
                    assert_eq!(got, want, "{hand:?} {first} {depth}");
                }
                // Out of order, as `best_ordered_middle` skips to a lower
                // bucket and the sweep comes back: buckets drawn at
                // random (mostly of some value, so not empty), read to a
                // random depth by `get` or whole by `sorted`.
                let mut b = fresh();
                for _ in 0..60 {
                    let k = match rng.next() % 8 {
                        0 => (rng.next() % BUCKETS as u64) as usize,
                        _ => bucket_of(values[(rng.next() % values.len() as u64) as usize]),
                    };
                    let before = b.filled;
                    let all = of_bucket(k);
                    if rng.next() % 4 == 0 {
                        assert_eq!(b.sorted(k, values), all, "{hand:?} {first} {k}");
                    } else {
                        let depth = (rng.next() % (all.len() as u64 + 2)) as usize;
                        for pos in 0..depth {
                            let at = b.get(k, pos, values);
                            assert_eq!(at, all.get(pos).copied(), "{hand:?} {first} {k}");
                        }
                    }
                    grown(&b, before);
                }
            }
        }
    }
    // The partial scatter must have been exercised.
    assert!(deferred > 100, "{deferred}");
}

#[test]
fn scatter_range_avx2_matches_scalar() {
    let mut rng = Rng::new(0x5CA7_7E25_C0DE_F00D);
    let mut kept = [0usize; 2];
    for (hand, wheel) in simd_test_hands().into_iter().step_by(7) {
        let h = HandSubsets::new(&hand, wheel);
        let edges = edge_values(&mut rng, 200);
        for values in [
            &h.five[..FIVE_SUBSETS],
            &h.three[..THREE_SUBSETS],
            &h.five[..40],
            &h.five[..1280],
            &edges[..],
        ] {
            // Ranges of whole slots as `fill` asks, and ranges between
            // the values themselves (and the extremes).
            let pick = |rng: &mut Rng| match rng.next() % 8 {
                0 => 0,
                1 => u32::MAX,
                2..=4 => ((rng.next() % BUCKETS as u64) as u32) << 16,
                _ => values[(rng.next() % values.len() as u64) as usize],
            };
            for _ in 0..20 {
                let (x, y) = (pick(&mut rng), pick(&mut rng));
                let (lo, span) = (x.min(y), x.max(y) - x.min(y));
                let (mut simd, mut scalar) = (
                    ([0u16; FIVE_PAD], [0u16; BUCKETS + 1]),
                    ([0u16; FIVE_PAD], [0u16; BUCKETS + 1]),
                );
                let start = Buckets::<FIVE_PAD>::new(values, values.len()).start;
                (simd.1, scalar.1) = (start, start);
                let Some(first) = scatter_range_avx2(values, lo, span, &mut simd.0, &mut simd.1)
                else {
                    return; // no AVX2 here: nothing to compare
                };
                assert_eq!(first, values.len() / 16 * 16);
                scatter_range_scalar(values, first, lo, span, &mut simd.0, &mut simd.1);
                scatter_range_scalar(values, 0, lo, span, &mut scalar.0, &mut scalar.1);
                assert_eq!(simd, scalar, "{hand:?} {lo:#x} {span:#x}");
                let n = values
                    .iter()
                    .filter(|&&v| v.wrapping_sub(lo) <= span)
                    .count();
                kept[usize::from(n > 0 && n < values.len())] += 1;
            }
        }
    }
    // The ranges must keep some values but not all, mostly.
    assert!(kept[1] > kept[0], "{kept:?}");
}

#[test]
fn walk_counts_partitions_and_values() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for wheel in [Wheel::Lowest, Wheel::SecondHighest] {
        let ev = evaluator(wheel);
        for _ in 0..3 {
            let hand = rng.hand();
            let subsets = HandSubsets::new(&hand, wheel);
            let mut seen = HashSet::new();
            let mut n = 0;
            subsets.for_each_setting(|s, f, m, b| {
                n += 1;
                let [fm, mm, bm] = s.masks();
                assert_eq!(fm | mm | bm, 0x1FFF);
                assert_eq!(fm.count_ones() + mm.count_ones() + bm.count_ones(), 13);
                assert!(seen.insert((fm, mm)));
                let cards = s.cards(&hand);
                let mut sorted = cards;
                sorted.sort_unstable();
                let mut h = hand;
                h.sort_unstable();
                assert_eq!(sorted, h);
                assert_eq!(direct(&cards, ev), [f, m, b]);
                assert_eq!(subsets.values(s), [f, m, b]);
            });
            assert_eq!(n, 72_072);
        }
    }
}

#[test]
fn all_settings_filters_by_legality() {
    let hand = Rng::new(7).hand();
    let ev = evaluator(Wheel::Lowest);
    let all = all_settings(&hand, Wheel::Lowest, |_, _, _| true);
    assert_eq!(all.len(), 72_072);
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), 72_072);
    let legal = all_settings(&hand, Wheel::Lowest, default_rule);
    let expect = all
        .iter()
        .filter(|s| {
            let [f, m, b] = direct(s, ev);
            default_rule(f, m, b)
        })
        .count();
    assert_eq!(legal.len(), expect);
    assert_eq!(
        all_settings(&hand, Wheel::Lowest, VALUE_ORDER).len(),
        expect
    );
}

/// A setting as 13 codes with its values.
type Scored = ([Card; 13], [u32; 3]);

fn check_pareto(hand: &[Card; 13], wheel: Wheel, all: &[([Card; 13], [u32; 3])]) {
    let ev = evaluator(wheel);
    let strict = |f: u32, m: u32, b: u32| f < m && m < b;
    let odd = |f: u32, m: u32, b: u32| (f ^ m ^ b) % 3 > 0;
    let cases: Vec<(Vec<Scored>, HashSet<[u32; 3]>)> = vec![
        (
            pareto_settings(hand, wheel, VALUE_ORDER),
            brute_pareto(all, default_rule),
        ),
        (
            pareto_settings(hand, wheel, default_rule),
            brute_pareto(all, default_rule),
        ),
        (
            pareto_settings(hand, wheel, ValueOrder(strict)),
            brute_pareto(all, strict),
        ),
        (pareto_settings(hand, wheel, odd), brute_pareto(all, odd)),
        // An extra condition under the order promise: a beaten candidate
        // may be the legal one, so legality must come before dominance.
        (
            pareto_settings(hand, wheel, ValueOrder(odd)),
            brute_pareto(all, |f: u32, m: u32, b: u32| {
                default_rule(f, m, b) && odd(f, m, b)
            }),
        ),
    ];
    for (got, expect) in cases {
        let triples: Vec<[u32; 3]> = got.iter().map(|x| x.1).collect();
        let set: HashSet<[u32; 3]> = triples.iter().copied().collect();
        assert_eq!(set.len(), triples.len(), "one setting per triple");
        assert_eq!(set, expect);
        let mut sorted = triples.clone();
        sorted.sort_unstable_by_key(|v| std::cmp::Reverse((v[2], v[1], v[0])));
        assert_eq!(sorted, triples);
        for (cards, v) in &got {
            assert_eq!(&direct(cards, ev), v);
            let mut a = *cards;
            a.sort_unstable();
            let mut h = *hand;
            h.sort_unstable();
            assert_eq!(a, h);
        }
    }
}

#[test]
fn pareto_matches_brute_force() {
    let mut rng = Rng::new(0xDEAD_BEEF_1234_5678);
    for i in 0..30 {
        let wheel = if i % 3 == 0 {
            Wheel::SecondHighest
        } else {
            Wheel::Lowest
        };
        let hand = rng.hand();
        let all = brute_settings(&hand, evaluator(wheel));
        check_pareto(&hand, wheel, &all);
    }
}

#[test]
fn a_dead_front_has_no_ordered_setting() {
    // Whenever the cheap test calls a front dead, its 126 halvings find
    // no middle at least as strong as it; and the test must fire often
    // enough to matter (it is the point of it).
    let mut rng = Rng::new(0xDEAD);
    let (mut dead, mut empty) = (0, 0);
    for n in 0..600 {
        let (hand, h) = rng.subsets(n);
        let shape = Shape::new(&hand);
        for f in 0..THREE_SUBSETS {
            let vf = h.three[f];
            let no_setting = h.best_middle(f) < vf;
            empty += usize::from(no_setting);
            if h.front_is_dead(&shape, f, vf) {
                dead += 1;
                assert!(no_setting, "{hand:?} front {f}");
            }
        }
    }
    assert!(
        dead * 4 > empty,
        "dead {dead} of {empty} fronts without a setting"
    );
}

#[test]
fn the_known_setting_is_the_strongest_fronts_best() {
    // The sweep reports, at most once, the values of an ordered setting:
    // the strongest front value that has one, the best middle behind one
    // front of that value, and the best back beside that middle. (Not
    // when more than SEED_FRONTS fronts come first that have none, as
    // beside trips of aces.)
    struct Known(Vec<[u32; 3]>);
    impl SweepControl for Known {
        fn stop(&mut self, _: u32, _: &Corners, _: &[(SettingIdx, [u32; 3])]) -> Verdict {
            Verdict::Stop
        }
        fn known(&mut self, values: [u32; 3]) {
            self.0.push(values);
        }
    }
    let mut rng = Rng::new(0x5EED5);
    let mut silent = 0;
    for n in 0..300 {
        let (_, h) = rng.subsets(n);
        let mut ctl = Known(Vec::new());
        h.sweep(&VALUE_ORDER, &mut ctl);
        assert!(ctl.0.len() <= 1);
        let Some(&[vf, vm, vb]) = ctl.0.first() else {
            silent += 1;
            continue;
        };
        // Per front subset: its value and its best (middle, back).
        let mut best = [(0, (0, 0)); THREE_SUBSETS];
        h.for_each_setting(|s, f, m, b| {
            if f <= m && m <= b {
                let x = &mut best[s.front as usize];
                x.0 = f;
                x.1 = x.1.max((m, b));
            }
        });
        let top = best.iter().map(|x| x.0).max().unwrap();
        assert_eq!(vf, top, "{n}");
        assert!(best.contains(&(vf, (vm, vb))), "{n}: {:?}", [vf, vm, vb]);
    }
    assert!(silent < 15, "{silent} of 300 hands without a known setting");
}

#[test]
fn count_while_is_the_partition_point() {
    // Counted (short) and bisected (long) lists, with runs of equal
    // values, against the standard partition point.
    let mut rng = Rng::new(0x5EA7);
    for len in 0..200 {
        let mut xs: Vec<u32> = (0..len).map(|_| (rng.next() % 50) as u32).collect();
        xs.sort_unstable();
        for x in 0..52 {
            assert_eq!(
                count_while(&xs, |v| v < x),
                xs.partition_point(|&v| v < x),
                "{len} {x}"
            );
        }
    }
}

#[test]
fn best_ordered_middle_matches_brute_force() {
    // Brute force over the subsets at most the cap, bucket by bucket
    // strongest first: once more than MIDDLE_SCANS are met, the
    // strongest of the last bucket; otherwise the first bucket with a
    // subset disjoint from one of that bucket or a stronger gives the
    // strongest such subset, with one of its partners as the back. The
    // bound is never below the true best ordered middle.
    let t = &*TABLES;
    let mut rng = Rng::new(0xCAB5);
    let (mut found, mut capped, mut none) = (0, 0, 0);
    for n in 0..400 {
        let (hand, h) = rng.subsets(n);
        let order = strongest_first(&h.five[..FIVE_SUBSETS]);
        for cap in [
            u32::MAX,
            h.five[rng.five()],
            h.five[order[(rng.next() % 40) as usize]],
        ] {
            let below: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&i| h.five[i] <= cap)
                .collect();
            let disjoint = |x: usize, y: usize| t.mask5[x] & t.mask5[y] == 0;
            let truth = below
                .iter()
                .flat_map(|&x| below.iter().map(move |&y| (x, y)))
                .filter(|&(x, y)| disjoint(x, y) && h.five[y] <= h.five[x])
                .map(|(_, y)| h.five[y])
                .max()
                .unwrap_or(0);
            let mut backs = Buckets::<FIVE_PAD>::new(&h.five[..FIVE_SUBSETS], FIVE_FIRST);
            let (bound, back) = h.best_ordered_middle(&mut backs, cap);
            assert!(bound >= truth && back <= cap, "{hand:?} {cap}");
            // `below` is strongest first, so buckets are runs of it.
            let mut met = 0;
            let mut want = None;
            while met < below.len() {
                let bucket = bucket_of(h.five[below[met]]);
                let end = met
                    + below[met..]
                        .iter()
                        .take_while(|&&x| bucket_of(h.five[x]) == bucket)
                        .count();
                if end > MIDDLE_SCANS {
                    want = Some(h.five[below[met]]);
                    capped += 1;
                    assert_eq!((bound, back), (h.five[below[met]], h.five[below[met]]));
                    break;
                }
                let best = below[met..end]
                    .iter()
                    .filter(|&&x| below[..end].iter().any(|&y| disjoint(x, y)))
                    .map(|&x| h.five[x])
                    .max();
                if let Some(b) = best {
                    want = Some(b);
                    found += 1;
                    let partner = below[met..end].iter().any(|&x| {
                        h.five[x] == b
                            && below[..end]
                                .iter()
                                .any(|&y| disjoint(x, y) && h.five[y] == back)
                    });
                    assert!(partner, "{hand:?} {cap}: back {back} is no partner");
                    break;
                }
                met = end;
            }
            if want.is_none() {
                none += 1;
            }
            assert_eq!(bound, want.unwrap_or(0), "{hand:?} {cap}");
        }
    }
    assert!(
        found > 600 && capped > 0 && none > 0,
        "{found} found, {capped} capped, {none} none"
    );
}

#[test]
fn pareto_on_special_hands() {
    // No pair at all (the search cannot stop early), a hand of quads and
    // trips, and one full of equal-valued subsets (four suits of few ranks).
    let hands: [[Card; 13]; 3] = [
        [0, 5, 10, 15, 16, 21, 26, 31, 32, 37, 42, 47, 48],
        [0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 20, 28, 51],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    ];
    for hand in hands {
        let all = brute_settings(&hand, evaluator(Wheel::Lowest));
        check_pareto(&hand, Wheel::Lowest, &all);
    }
}

#[test]
fn greedy_is_legal_and_greedy() {
    let mut rng = Rng::new(42);
    for i in 0..2000 {
        let wheel = if i % 2 == 0 {
            Wheel::Lowest
        } else {
            Wheel::SecondHighest
        };
        let ev = evaluator(wheel);
        let hand = rng.hand();
        let s = greedy_setting(&hand, wheel);
        let [f, m, b] = direct(&s, ev);
        assert!(default_rule(f, m, b), "greedy fouls on {hand:?}");
        let subsets = HandSubsets::new(&hand, wheel);
        let best = (0..FIVE_SUBSETS as u16).map(|i| subsets.value5(i)).max();
        assert_eq!(Some(b), best);
    }
}

#[test]
fn results_are_deterministic() {
    let mut rng = Rng::new(99);
    for _ in 0..5 {
        let hand = rng.hand();
        let a = pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER);
        let b = pareto_settings(&hand, Wheel::Lowest, VALUE_ORDER);
        assert_eq!(a, b);
        assert_eq!(
            greedy_setting(&hand, Wheel::Lowest),
            greedy_setting(&hand, Wheel::Lowest)
        );
        let subsets = HandSubsets::new(&hand, Wheel::Lowest);
        assert_eq!(
            subsets.pareto(&VALUE_ORDER),
            subsets.clone().pareto(&VALUE_ORDER)
        );
    }
}

#[test]
fn checked_entry_points() {
    let codes: Vec<i64> = (0..13).map(|i| 4 * i).collect();
    let ok = checked_pareto_settings(&codes, Wheel::Lowest, VALUE_ORDER);
    assert!(ok.is_ok());
    assert!(matches!(
        hand13(&codes[..12]),
        Err(Error::HandSize { got: 12, .. })
    ));
    let mut dup = codes.clone();
    dup[5] = dup[0];
    assert!(matches!(
        HandSubsets::from_codes(&dup, Wheel::Lowest),
        Err(Error::DuplicateCard { position: 5, .. })
    ));
    let mut bad = codes.clone();
    bad[3] = 52;
    assert!(matches!(
        hand13(&bad),
        Err(Error::CardCode {
            code: 52,
            position: 3
        })
    ));
}
