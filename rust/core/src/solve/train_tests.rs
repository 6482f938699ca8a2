//! Tests of `train.rs`.

use super::*;
use crate::solve::Solver;

fn plain24() -> Rules {
    Rules::plain().with("score.method", "2-4").unwrap()
}

fn small(deals: u64, iterations: usize, average: bool) -> TrainOptions {
    TrainOptions {
        deals,
        iterations,
        seed: 5,
        average,
    }
}

/// Trains by hand through a `Trainer`, each iteration's deals cut at `cuts`.
fn by_blocks(rules: &Rules, players: usize, opts: TrainOptions, cuts: &[u64]) -> Model {
    let mut trainer = Trainer::new(rules, players, opts).unwrap();
    while !trainer.finished() {
        let mut edges = vec![0];
        edges.extend(cuts.iter().copied().filter(|&c| c < opts.deals));
        edges.push(opts.deals);
        for w in edges.windows(2) {
            let (m, i) = (trainer.model(), trainer.iteration());
            let t = train_block(
                rules,
                players,
                m,
                opts.seed,
                i,
                w[0],
                w[1] - w[0],
                Threads::Count(2),
            )
            .unwrap();
            // Blocks travel as bytes between processes.
            let t = Tally::from_bytes(&t.to_bytes()).unwrap();
            trainer.add_block(w[0], t).unwrap();
        }
        trainer.end_iteration(None).unwrap();
    }
    trainer.into_model().unwrap()
}

#[test]
fn a_model_is_the_same_whatever_the_threads_and_blocks() {
    let rules = plain24();
    for (players, average) in [(2, true), (4, false)] {
        let opts = small(150, 2, average);
        let one = train(&rules, players, opts, Threads::Count(1), |_| true).unwrap();
        let two = train(&rules, players, opts, Threads::Count(2), |_| true).unwrap();
        let three = train(&rules, players, opts, Threads::Count(3), |_| true).unwrap();
        let blocks = by_blocks(&rules, players, opts, &[1, 64, 65, 149]);
        assert_eq!(one.to_bytes(), two.to_bytes());
        assert_eq!(one.to_bytes(), three.to_bytes());
        assert_eq!(one.to_bytes(), blocks.to_bytes());
        // Another seed is another model (the test can tell models apart).
        let other = train(
            &rules,
            players,
            TrainOptions { seed: 6, ..opts },
            Threads::Count(2),
            |_| true,
        )
        .unwrap();
        assert_ne!(one.to_bytes(), other.to_bytes());
    }
}

#[test]
fn a_block_tallies_each_deal_once_in_order() {
    let rules = plain24();
    let m = Model::embedded().unwrap();
    let whole = train_block(&rules, 3, Some(m), 9, 1, 10, 200, Threads::Count(2)).unwrap();
    let mut parts = train_block(&rules, 3, Some(m), 9, 1, 10, 77, Threads::Count(1)).unwrap();
    parts.merge(train_block(&rules, 3, Some(m), 9, 1, 87, 123, Threads::Count(2)).unwrap());
    assert_eq!(whole, parts);
    assert_eq!(whole.hands, 600);
    assert_eq!(
        whole.rows.len() as u64 + whole.fouls + whole.naturals,
        whole.hands
    );
    // Three played hands compare in 6 ordered pairs; naturals drop out.
    assert!(whole.pairs <= 6 * 200);
    assert!(whole.scoops <= whole.pairs);
    // Greedy play (iteration 0) sets every hand and declares nothing.
    let greedy = train_block(&rules, 4, None, 9, 0, 0, 50, Threads::Count(1)).unwrap();
    assert_eq!((greedy.rows.len(), greedy.naturals), (200, 0));
    assert_eq!(greedy.pairs, 50 * 12);
}

#[test]
fn blocks_must_cover_the_iteration_once_in_order() {
    let rules = plain24();
    let opts = small(20, 1, true);
    let block = |first: u64, count: u64| {
        train_block(&rules, 2, None, 5, 0, first, count, Threads::Count(1)).unwrap()
    };
    let mut t = Trainer::new(&rules, 2, opts).unwrap();
    assert!(t.end_iteration(None).is_err()); // no deals yet
    t.add_block(0, block(0, 10)).unwrap();
    let again = t.add_block(0, block(0, 10)).unwrap_err().to_string();
    assert!(again.contains("repeated"), "{again}");
    assert!(t.add_block(15, block(15, 5)).is_err()); // a gap
    assert!(t.add_block(10, block(10, 11)).is_err()); // past the end
    let half = Tally {
        hands: 3,
        rows: vec![[0, 0, 0]; 3],
        ..Tally::default()
    };
    assert!(t.add_block(10, half).is_err()); // not whole deals of 2
    t.add_block(10, block(10, 10)).unwrap();
    let r = t.end_iteration(Some(0.5)).unwrap().clone();
    assert_eq!((r.iteration, r.deals, r.rows, r.drift), (0, 20, 40, None));
    assert_eq!(t.iteration(), 1);
    assert!(t.model().is_some());
    assert!(Trainer::new(&rules, 5, opts).is_err());
    assert!(Trainer::new(&rules, 1, opts).is_err());
    assert!(Trainer::new(&rules, 2, small(0, 1, true)).is_err());
    assert!(Trainer::new(&rules, 2, small(MAX_DEALS + 1, 1, true)).is_err());
    assert!(Trainer::new(
        &rules,
        2,
        TrainOptions {
            iterations: MAX_ITERATIONS + 1,
            ..opts
        }
    )
    .is_err());
    assert!(Trainer::new(&rules, 2, opts).unwrap().into_model().is_err());
    assert!(train_block(&rules, 2, None, 5, 0, MAX_DEALS, 1, Threads::Count(1)).is_err());
    assert!(train_block(&rules, 2, None, 5, 0, u64::MAX, 2, Threads::Count(1)).is_err());
}

#[test]
fn reports_count_what_was_played_and_drift_shrinks() {
    let rules = plain24();
    let mut seen = Vec::new();
    let m = train(&rules, 2, small(400, 3, true), Threads::Count(2), |r| {
        seen.push(r.clone());
        true
    })
    .unwrap();
    let t = m.training().unwrap();
    assert_eq!(t.reports.len(), 4);
    assert_eq!(seen.len(), 4);
    for (i, r) in seen.iter().enumerate() {
        assert_eq!(r.iteration, i);
        assert_eq!(r.rows + r.fouls + r.naturals, 800);
        assert!(r.seconds.is_some());
        assert_eq!(r.drift.is_none(), i == 0);
    }
    // Self-play settles: the first refit moves the tables most.
    let d: Vec<f64> = seen[1..].iter().map(|r| r.drift.unwrap()).collect();
    assert!(d[0] > d[2], "{d:?}");
    // Averaged: the model holds the rows of every solved iteration.
    assert_eq!(m.samples, seen[1..].iter().map(|r| r.rows).sum::<u64>());
    assert_eq!(t.drift(), seen[3].drift);
    assert_eq!(t.rules().unwrap(), rules);
    assert_eq!(
        (t.players, t.options.iterations, t.options.deals),
        (2, 3, 400)
    );
    // The last iteration alone without averaging.
    let last = train(&rules, 2, small(400, 3, false), Threads::Count(2), |_| true).unwrap();
    assert_eq!(last.samples, last.training().unwrap().reports[3].rows);
}

#[test]
fn a_run_stopped_early_records_the_iterations_it_finished() {
    let rules = plain24();
    let mut calls = 0;
    let m = train(&rules, 2, small(50, 5, true), Threads::Count(1), |_| {
        calls += 1;
        calls < 2
    })
    .unwrap();
    assert_eq!(calls, 2);
    let t = m.training().unwrap();
    assert_eq!((t.options.iterations, t.reports.len()), (1, 2));
    let back = Model::from_bytes(&m.to_bytes()).unwrap();
    assert_eq!(back.training().unwrap().options.iterations, 1);
}

#[test]
fn model_files_round_trip_in_both_formats() {
    let rules = plain24();
    let m = train(&rules, 2, small(60, 2, true), Threads::Count(1), |_| true).unwrap();
    let bytes = m.to_bytes();
    assert_eq!(&bytes[..8], b"CPMODEL2");
    let back = Model::from_bytes(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    // Timings are not part of the file.
    let t = back.training().unwrap();
    assert!(t.reports.iter().all(|r| r.seconds.is_none()));
    let mut want = m.training().unwrap().clone();
    for r in &mut want.reports {
        r.seconds = None;
    }
    assert_eq!(t, &want);
    // Without the record: the first format, the tables the same.
    let v1 = m.without_training().to_bytes();
    assert_eq!(&v1[..8], b"CPMODEL1");
    assert_eq!(&v1[8..], &bytes[8..v1.len()]);
    let old = Model::from_bytes(&v1).unwrap();
    assert!(old.training().is_none());
    assert_eq!(old, m.without_training());
    // The embedded model is of the first format and writes itself back exactly.
    let e = Model::embedded().unwrap();
    assert!(e.training().is_none());
    assert_eq!(e.to_bytes(), include_bytes!("../../data/model.bin"));
}

/// Every strict prefix of `bytes` and `bytes` with junk after it is refused.
fn refuses_cut_and_padded(bytes: &[u8], read: impl Fn(&[u8]) -> Result<()>) {
    for n in (0..bytes.len())
        .step_by(bytes.len() / 97 + 1)
        .chain([bytes.len() - 1])
    {
        let e = read(&bytes[..n]).unwrap_err();
        assert!(matches!(e, Error::Format { .. }), "{n}: {e}");
    }
    let mut twice = bytes.to_vec();
    twice.extend_from_slice(bytes);
    assert!(read(&twice).is_err());
    let mut plus = bytes.to_vec();
    plus.push(0);
    assert!(
        read(&plus).unwrap_err().to_string().contains("trailing")
            || read(&plus).unwrap_err().to_string().contains("rows")
    );
    assert!(read(&bytes.iter().map(|b| b ^ 0x5A).collect::<Vec<_>>()).is_err());
    read(bytes).unwrap();
}

#[test]
fn strict_readers_refuse_truncated_duplicated_and_garbage_input() {
    let rules = plain24();
    let m = train(&rules, 3, small(40, 1, true), Threads::Count(1), |_| true).unwrap();
    refuses_cut_and_padded(&m.to_bytes(), |b| Model::from_bytes(b).map(|_| ()));
    refuses_cut_and_padded(&m.without_training().to_bytes(), |b| {
        Model::from_bytes(b).map(|_| ())
    });
    let t = train_block(&rules, 3, None, 1, 0, 0, 30, Threads::Count(1)).unwrap();
    refuses_cut_and_padded(&t.to_bytes(), |b| Tally::from_bytes(b).map(|_| ()));
    let e = Model::from_bytes(b"garbage!").unwrap_err().to_string();
    assert!(e.contains("bad magic"), "{e}");
    assert!(e.starts_with("invalid model file"), "{e}");
    let e = Tally::from_bytes(&m.to_bytes()).unwrap_err().to_string();
    assert!(e.contains("not a training block"), "{e}");
}

/// `bytes` of a format-2 model with the training record's field at `at`
/// (an offset from the record's start) overwritten by `value`.
fn patched(bytes: &[u8], record: usize, at: usize, value: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[record + at..record + at + value.len()].copy_from_slice(value);
    b
}

#[test]
fn the_training_record_is_checked_field_by_field() {
    let rules = plain24();
    let m = train(&rules, 2, small(40, 2, true), Threads::Count(1), |_| true).unwrap();
    let bytes = m.to_bytes();
    let record = m.without_training().to_bytes().len();
    Model::from_bytes(&bytes).unwrap();
    let refused = |b: Vec<u8>, what: &str| {
        let e = Model::from_bytes(&b).unwrap_err().to_string();
        assert!(e.contains(what), "{what}: {e}");
    };
    // players (u32 at 0), deals (u64 at 4), iterations (u32 at 12), seed
    // (u64 at 16), averaging (u8 at 24), option count (u32 at 25).
    refused(patched(&bytes, record, 0, &5u32.to_le_bytes()), "players");
    refused(patched(&bytes, record, 0, &3u32.to_le_bytes()), "add up");
    refused(patched(&bytes, record, 4, &0u64.to_le_bytes()), "deals");
    refused(patched(&bytes, record, 4, &41u64.to_le_bytes()), "add up");
    refused(
        patched(&bytes, record, 12, &3u32.to_le_bytes()),
        "truncated",
    );
    refused(
        patched(&bytes, record, 12, &5000u32.to_le_bytes()),
        "iterations",
    );
    refused(patched(&bytes, record, 24, &[2]), "averaging");
    refused(patched(&bytes, record, 24, &[0]), "accounts for");
    refused(
        patched(&bytes, record, 25, &u32::MAX.to_le_bytes()),
        "rules options",
    );
    // The first option's name, made unknown.
    refused(patched(&bytes, record, 31, b"x"), "not valid");
    // A drift for iteration 0, a scoop rate beyond one.
    let end = bytes.len();
    let drift0 = end - 3 * 40 + 32;
    refused(patched(&bytes, drift0, 0, &0.5f64.to_le_bytes()), "drift");
    refused(
        patched(&bytes, end - 16, 0, &2.0f64.to_le_bytes()),
        "scoop rate",
    );
    refused(
        patched(&bytes, end - 8, 0, &f64::NAN.to_le_bytes()),
        "drift",
    );
}

#[test]
fn a_tally_reader_checks_counts_and_ordinals() {
    let t = Tally {
        rows: vec![[454, 7461, 0], [1, 2, 3]],
        hands: 3,
        fouls: 1,
        naturals: 0,
        pairs: 2,
        scoops: 1,
    };
    assert_eq!(Tally::from_bytes(&t.to_bytes()).unwrap(), t);
    let bad = |t: Tally| Tally::from_bytes(&t.to_bytes()).unwrap_err().to_string();
    assert!(bad(Tally {
        rows: vec![[455, 0, 0]],
        hands: 1,
        ..Tally::default()
    })
    .contains("beyond"));
    assert!(bad(Tally {
        rows: vec![[0, 7462, 0]],
        hands: 1,
        ..Tally::default()
    })
    .contains("beyond"));
    assert!(bad(Tally {
        hands: 4,
        ..t.clone()
    })
    .contains("add up"));
    assert!(bad(Tally {
        scoops: 3,
        ..t.clone()
    })
    .contains("scoops"));
    assert!(bad(Tally {
        pairs: 7,
        scoops: 0,
        ..t.clone()
    })
    .contains("pairs"));
    // A row count that promises more than the bytes hold allocates nothing.
    let mut b = t.to_bytes();
    b[48..56].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(Tally::from_bytes(&b)
        .unwrap_err()
        .to_string()
        .contains("announced"));
}

#[test]
fn a_trained_tiny_model_solves_hands_legally() {
    use crate::cards::deck::deal_cards;
    use crate::setting::Setting;
    for rules in [plain24(), Rules::standard().clone()] {
        let m = train(&rules, 4, small(60, 2, true), Threads::Count(2), |_| true).unwrap();
        let m = Model::from_bytes(&m.to_bytes()).unwrap();
        let solver = Solver::new(&rules, 3, &m).unwrap();
        for k in 0..40u64 {
            let cards: [Card; 52] = deal_cards(k * 7919 + 1);
            let hand: [Card; 13] = std::array::from_fn(|i| cards[i]);
            let s = solver.solve(&hand).unwrap();
            let mut got = s.setting;
            let mut dealt = hand;
            got.sort_unstable();
            dealt.sort_unstable();
            assert_eq!(got, dealt, "the setting uses the dealt cards");
            let setting = Setting::from_cards(&s.setting).unwrap();
            assert!(!setting.is_foul(&rules) || s.fouled, "{k}");
            assert!(s.ev.is_finite());
        }
    }
}
