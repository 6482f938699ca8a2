use super::*;
use crate::error::Error;
use crate::parallel::Threads;
use crate::rules::Rules;
use crate::solve::Model;

#[test]
fn a_model_against_itself_gains_exactly_nothing() {
    let m = Model::embedded().unwrap();
    for (preset, players) in [("cp_pro_1_6", 2), ("cp_pro_2_4", 3), ("russian_13", 4)] {
        let rules = Rules::preset(preset).unwrap();
        let r = model_match(m, m, &rules, players, 40, 3, Threads::Count(1)).unwrap();
        assert_eq!(
            (r.edge, r.se, r.same_setting_rate),
            (0.0, 0.0, 1.0),
            "{preset}"
        );
        assert_eq!((r.deals, r.players), (40, players));
    }
}

#[test]
fn heads_up_swapping_the_models_negates_the_edge() {
    // Heads-up both games are played with the seats exchanged, and the
    // reference game (B, B) is zero-sum: (A vs B) is exactly -(B vs A).
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    let (m, u) = (Model::embedded().unwrap(), Model::uniform());
    let ab = model_match(m, &u, &rules, 2, 150, 5, Threads::Count(1)).unwrap();
    let ba = model_match(&u, m, &rules, 2, 150, 5, Threads::Count(1)).unwrap();
    assert!(ab.edge != 0.0);
    assert!(
        (ab.edge + ba.edge).abs() < 1e-12,
        "{} vs {}",
        ab.edge,
        ba.edge
    );
    assert!((ab.se - ba.se).abs() < 1e-12);
    assert_eq!(ab.same_setting_rate, ba.same_setting_rate);
}

#[test]
fn a_trained_model_beats_the_uniform_one() {
    // The uniform model thinks every row class equally likely, so it
    // misjudges how often rows win; the trained one should win clearly.
    // Plain 2-4 (no royalties) keeps the variance low.
    let rules = Rules::plain().with("score.method", "2-4").unwrap();
    let m = Model::embedded().unwrap();
    for players in [2, 4] {
        let u = Model::uniform();
        let r = model_match(m, &u, &rules, players, 2000, 1, Threads::Auto).unwrap();
        assert!(r.edge > 3.0 * r.se, "{players}: {} ± {}", r.edge, r.se);
        assert!(r.same_setting_rate < 1.0);
    }
}

#[test]
fn threads_do_not_change_the_result() {
    let rules = Rules::preset("wiki_2_4").unwrap();
    let (m, u) = (Model::embedded().unwrap(), Model::uniform());
    let one = model_match(m, &u, &rules, 3, 60, 9, Threads::Count(1)).unwrap();
    let two = model_match(m, &u, &rules, 3, 60, 9, Threads::Count(2)).unwrap();
    assert_eq!(one, two);
}

#[test]
fn bad_tables_and_empty_matches_are_refused() {
    let rules = Rules::plain();
    let m = Model::embedded().unwrap();
    for players in [0, 1, 5] {
        let e = model_match(m, m, &rules, players, 10, 1, Threads::Count(1)).unwrap_err();
        assert!(
            matches!(e, Error::InvalidSetting(ref s) if s.contains("players")),
            "{e}"
        );
    }
    let e = model_match(m, m, &rules, 2, 0, 1, Threads::Count(1)).unwrap_err();
    assert!(e.to_string().contains("at least one deal"), "{e}");
}
