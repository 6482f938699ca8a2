//! Tests of `fantasyland.rs`.

use super::*;
use crate::ofc::OfcRules;

#[test]
fn the_fl_options_of_the_presets_are_what_the_preset_names_gave() {
    let on = |stay_middle: bool, progressive: bool| FantasylandRules {
        enabled: true,
        cards: 14,
        progressive,
        repeat_cards: 14,
        stay: FantasylandStay {
            front_trips: true,
            back_quads_plus: true,
            middle_full_house_plus: stay_middle,
        },
    };
    for name in Rules::preset_names() {
        let want = match *name {
            "ofc_us" => on(true, false),
            "ofc_pineapple" => on(false, false),
            "ofc_pineapple_progressive" => on(false, true),
            _ => FantasylandRules {
                enabled: false,
                ..on(false, false)
            },
        };
        assert_eq!(FantasylandRules::for_preset(name), want, "{name}");
    }
}

#[test]
fn open_face_rules_follow_the_options_not_the_preset_name() {
    // A Russian table that plays Fantasyland and Pineapple by option.
    let rules = Rules::preset("ofc_ru_main")
        .unwrap()
        .with_pairs(&[
            ("game", "ofc_pineapple"),
            ("fl.enabled", "true"),
            ("fl.cards", "15"),
            ("fl.stay", "none"),
        ])
        .unwrap();
    let ofc = OfcRules::with_rules("ofc_ru_main", rules).unwrap();
    assert!(ofc.pineapple);
    assert!(ofc.fantasyland.enabled);
    assert_eq!(ofc.fantasyland.cards, 15);
    let trips_front = [
        evaluator(crate::eval::Wheel::Lowest).value3([0, 1, 2]),
        0,
        0,
    ];
    assert!(!ofc.fantasyland.stays(trips_front));
    assert!(FantasylandRules::for_preset("ofc_us").stays(trips_front));
}

#[test]
fn fl_stay_round_trips() {
    for spec in [
        "none",
        "front_trips",
        "front_trips,back_quads_plus",
        "front_trips,back_quads_plus,middle_fh_plus",
        "back_quads_plus,middle_fh_plus",
    ] {
        let r = Rules::plain().with("fl.stay", spec).unwrap();
        assert_eq!(r.get("fl.stay").unwrap(), spec);
    }
}

/// Games saved before Fantasyland became options name only their preset:
/// they replay to the same totals and the same Fantasyland seats (an
/// `ofc_us` stay on a middle full house, a Pineapple stay on back quads,
/// entries from queens or better).
#[test]
fn games_saved_before_the_fl_options_replay_the_same() {
    let saves: [(&str, [i64; 2], [u8; 2]); 4] = [
        (
            r#"{"preset":"ofc_us","rules":[],"players":2,"button":0,"seed":5,"fantasyland":[14,0],"moves":[[1,[[10,0],[8,1],[28,1],[37,2],[47,2]],[]],[0,[[41,0],[51,0],[50,0],[2,1],[0,1],[1,1],[6,1],[7,1],[13,2],[23,2],[14,2],[21,2],[12,2]],[32]],[1,[[44,1]],[]],[1,[[27,0]],[]],[1,[[35,2]],[]],[1,[[26,0]],[]],[1,[[49,2]],[]],[1,[[31,2]],[]],[1,[[24,1]],[]],[1,[[19,1]],[]]]}"#,
            [33, -33],
            [14, 0],
        ),
        (
            r#"{"preset":"ofc_us","rules":[],"players":2,"button":0,"seed":48,"fantasyland":[0,0],"moves":[[1,[[41,0],[43,0],[45,1],[30,2],[2,2]],[]],[0,[[29,0],[47,1],[35,1],[40,2],[48,2]],[]],[1,[[12,1]],[]],[0,[[16,2]],[]],[1,[[50,2]],[]],[0,[[24,2]],[]],[1,[[46,2]],[]],[0,[[25,0]],[]],[1,[[51,2]],[]],[0,[[27,0]],[]],[1,[[44,1]],[]],[0,[[23,1]],[]],[1,[[1,1]],[]],[0,[[20,2]],[]],[1,[[42,1]],[]],[0,[[39,1]],[]],[1,[[19,0]],[]],[0,[[6,1]],[]]]}"#,
            [-13, 13],
            [0, 14],
        ),
        (
            r#"{"preset":"ofc_pineapple_progressive","rules":[],"players":2,"button":0,"seed":41,"fantasyland":[0,0],"moves":[[1,[[18,1],[15,1],[11,1],[24,1],[46,2]],[]],[0,[[42,0],[40,0],[28,1],[0,2],[1,2]],[]],[1,[[21,0],[37,2]],[12]],[0,[[34,2],[33,2]],[19]],[1,[[20,2],[44,2]],[43]],[0,[[13,1],[17,2]],[26]],[1,[[2,0],[39,2]],[6]],[0,[[14,1],[31,1]],[16]],[1,[[35,0],[47,1]],[4]],[0,[[10,0],[23,1]],[29]]]}"#,
            [8, -8],
            [14, 0],
        ),
        (
            r#"{"preset":"ofc_pineapple","rules":[],"players":2,"button":0,"seed":11,"fantasyland":[14,0],"moves":[[1,[[42,0],[40,0],[51,1],[12,2],[44,2]],[]],[0,[[28,0],[23,0],[15,0],[33,1],[34,1],[17,1],[32,1],[19,1],[8,2],[2,2],[0,2],[1,2],[3,2]],[47]],[1,[[43,0],[45,2]],[11]],[1,[[38,2],[27,2]],[20]],[1,[[29,1],[30,1]],[18]],[1,[[22,1],[46,1]],[50]]]}"#,
            [28, -28],
            [14, 0],
        ),
    ];
    for (json, totals, next) in saves {
        let g = crate::ofc::OfcGame::from_json(json).unwrap();
        assert_eq!(g.settle().unwrap().totals, totals, "{json}");
        assert_eq!(g.next_fantasyland().unwrap(), next, "{json}");
        assert_eq!(g.to_json(), json);
    }
}
