//! Tests of `strong.rs`.

use super::*;
use crate::cards::deck::deal_deck;

#[test]
fn strong_is_deterministic_and_refines_fast_candidates() {
    let rules = Rules::preset("cp_pro_2_4").unwrap();
    let model = Model::embedded().unwrap();
    let deck = deal_deck(3, 0);
    let hand: [Card; 13] = std::array::from_fn(|i| deck[i]);
    let effort = Effort {
        samples: 64,
        ..Effort::default()
    };
    let a = solve_strong(&hand, &rules, 3, model, effort, Threads::Count(1)).unwrap();
    let b = solve_strong(&hand, &rules, 3, model, effort, Threads::Count(2)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.samples, 64);
    assert!(a.se > 0.0 && a.se.is_finite());
    let fast = solve_strong(
        &hand,
        &rules,
        3,
        model,
        Effort {
            samples: 1,
            ..effort
        },
        Threads::Count(1),
    )
    .unwrap();
    let fast_set: Vec<[Card; 13]> = fast.candidates.iter().map(|c| c.0).collect();
    assert!(
        fast_set.contains(&a.setting),
        "strong picks among the fast candidates"
    );
    assert!(!Setting::from_cards(&a.setting).unwrap().is_foul(&rules));
}
