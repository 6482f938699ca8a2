use super::*;
use crate::solve::{Model, Solver};

/// `n` choose `k`, in floating point.
fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn with_naturals(list: &str) -> Rules {
    let mut r = Rules::plain();
    r.set("natural.enabled", list).unwrap();
    r
}

#[test]
fn rules_without_naturals_cost_nothing() {
    assert_eq!(opponent_naturals(&Rules::plain()), OpponentNaturals::NONE);
}

#[test]
fn the_rate_of_no_pictures_is_the_share_of_hands_without_pictures() {
    // Hands drawn from the 40 cards below J (36 below J when the ace counts
    // as a picture): a count of hands, independent of the detector.
    for (ace_is_picture, below) in [(false, 40), (true, 36)] {
        let mut r = with_naturals("NO_PICTURES:5");
        r.set(
            "nat.no_pictures.ace_is_picture",
            &ace_is_picture.to_string(),
        )
        .unwrap();
        let p = choose(below, 13) / choose(52, 13);
        let se = (p * (1.0 - p) / SAMPLES as f64).sqrt();
        let n = opponent_naturals(&r);
        assert!(
            (n.rate - p).abs() < 4.0 * se,
            "ace is picture {ace_is_picture}: rate {} against {p}",
            n.rate
        );
        assert_eq!(n.value, 5.0);
        // Remembered, not measured again with another answer.
        assert_eq!(opponent_naturals(&r), n);
    }
}

#[test]
fn self_play_predicts_no_gain_in_a_zero_sum_game() {
    // Heads-up, every deal zero-sum: the mean predicted points over random
    // hands must be near 0. A natural worth 20 that the pricing ignored
    // (1.9 % of hands) would put it near +0.38.
    let mut rules = with_naturals("NO_PICTURES:20");
    rules
        .set("nat.no_pictures.ace_is_picture", "false")
        .unwrap();
    let model = Model::for_rules(&rules, 2).unwrap();
    let solver = Solver::new(&rules, 1, model).unwrap();
    let mut rng = crate::cards::deck::SplitMix64::new(11);
    let mut deck = new_deck();
    let (mut sum, mut sum_sq, mut hands) = (0.0, 0.0, 0.0);
    for _ in 0..4000 {
        rng.shuffle_prefix(&mut deck, 26);
        for seat in 0..2 {
            let hand: [Card; 13] = std::array::from_fn(|i| deck[13 * seat + i]);
            let ev = solver.solve(&hand).unwrap().ev;
            sum += ev;
            sum_sq += ev * ev;
            hands += 1.0;
        }
    }
    let mean = sum / hands;
    let se = ((sum_sq / hands - mean * mean) / hands).sqrt();
    assert!(mean.abs() < 0.15, "mean predicted {mean:+.3} ± {se:.3}");
}
