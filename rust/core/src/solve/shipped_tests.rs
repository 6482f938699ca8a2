use super::*;
use crate::rules::{Rules, PRESET_NAMES};

/// The module documentation, where the two tables live.
const DOC: &str = include_str!("shipped.rs");

/// The cells of the rows of the doc table whose header starts with `first`.
fn table(first: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = DOC
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(&format!("| {first} |")))
        .unwrap_or_else(|| panic!("no table headed {first}"));
    lines[start + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().replace('`', ""))
                .collect()
        })
        .collect()
}

#[test]
fn every_preset_is_in_the_family_table_under_its_own_family() {
    let rows = table("family");
    let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    let all: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names, all, "one row per family, in Family::ALL order");
    let mut listed = Vec::new();
    for (row, family) in rows.iter().zip(Family::ALL) {
        for preset in row[2].split(',').map(str::trim) {
            if preset.starts_with('(') {
                continue; // an example of custom rules, not a preset
            }
            let rules = Rules::preset(preset).unwrap();
            assert_eq!(Family::of(&rules), family, "{preset}");
            listed.push(preset.to_string());
        }
    }
    let mut presets: Vec<String> = PRESET_NAMES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    presets.sort();
    assert_eq!(listed, presets, "every preset listed exactly once");
}

#[test]
fn every_preset_and_table_gets_a_model_that_parses() {
    for name in PRESET_NAMES {
        let rules = Rules::preset(name).unwrap();
        for players in 2..=4 {
            let m = Model::for_rules(&rules, players).unwrap();
            assert!(m.samples > 0, "{name} at {players}");
            let generic = std::ptr::eq(m, Model::embedded().unwrap());
            let entry = shipped_for(Family::of(&rules), players);
            assert_eq!(generic, entry.is_none(), "{name} at {players}");
        }
        for players in [0, 1, 5] {
            assert!(Model::for_rules(&rules, players).is_err());
        }
    }
}

#[test]
fn custom_rules_map_by_their_properties() {
    let plain = Rules::plain();
    let cases = [
        (vec![("score.method", "2-6")], Family::OverallPlain),
        (
            vec![("score.method", "2-6"), ("royalty.table", "A")],
            Family::OverallRoyalties,
        ),
        (vec![("score.method", "1-4")], Family::ScoopPlain),
        (
            vec![("score.method", "per_row"), ("score.scoop_multiplier", "3")],
            Family::DoubledScoop,
        ),
        (vec![("score.method", "russian_table")], Family::Russian),
        (
            vec![("table.topology", "pot_only_winner")],
            Family::OnlyWinnerPot,
        ),
        (
            vec![
                ("table.topology", "banker"),
                ("banker.pusoy_payoff", "true"),
            ],
            Family::PusoyBet,
        ),
    ];
    for (options, family) in cases {
        let rules = plain.with_pairs(&options).unwrap();
        assert_eq!(Family::of(&rules), family, "{options:?}");
    }
}

#[test]
fn every_shipped_file_parses_and_its_command_trains_its_family() {
    let rows = table("file");
    assert_eq!(rows.len(), SHIPPED.len(), "one documented command per file");
    for (s, model) in SHIPPED.iter().zip(PARSED.iter()) {
        let m = model.as_ref().unwrap();
        assert!(m.samples > 0 && m.foul_rate < 0.05, "{}", s.file);
        assert_eq!(Model::from_bytes(&m.to_bytes()).unwrap(), *m);
        let row = rows
            .iter()
            .find(|r| r[0] == s.file)
            .unwrap_or_else(|| panic!("{} is not documented", s.file));
        let families: Vec<&str> = s.families.iter().map(|f| f.name()).collect();
        assert_eq!(row[1], families.join(", "), "{}", s.file);
        assert_eq!(row[2], s.players.to_string());
        // The documented command's rules and table are the entry's.
        let words: Vec<&str> = row[3].split_whitespace().collect();
        let value = |flag: &str| {
            let at = words.iter().position(|w| *w == flag).unwrap();
            words[at + 1]
        };
        let options: Vec<(&str, &str)> = words
            .windows(2)
            .filter(|w| w[0] == "--option")
            .map(|w| w[1].split_once('=').unwrap())
            .collect();
        let rules = Rules::preset(value("--preset"))
            .unwrap()
            .with_pairs(&options)
            .unwrap();
        assert_eq!(Family::of(&rules), s.families[0], "{}", s.file);
        assert_eq!(value("--players"), s.players.to_string());
        assert_eq!(format!("rust/core/{}", s.file), value("--out"));
        assert_eq!(value("--average"), "true");
    }
}

#[test]
fn three_players_take_the_four_player_model_else_the_two_player_one() {
    for family in Family::ALL {
        let (two, four) = (shipped_for(family, 2), shipped_for(family, 4));
        let three = shipped_for(family, 3).map(|s| s.players);
        assert_eq!(three, four.or(two).map(|s| s.players), "{}", family.name());
    }
}

#[test]
fn the_bound_does_not_trust_shipped_joint_laws_beyond_its_slack() {
    // The branch and bound allows the generic model's joint law a
    // monotonicity defect of COPULA_DEFECT; the shipped models' laws are
    // further from monotone (about 2.1e-3 to 2.7e-3 against the generic
    // 7.7e-4), so a solver priced with one must rank the whole frontier.
    use super::super::pricing::{Solver, COPULA_DEFECT};
    use super::super::tests::copula_defect;
    // (the generic model's own defect is checked by scoop_terms_are_nearly_monotone)
    let generic = copula_defect(Model::embedded().unwrap());
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    for (s, m) in SHIPPED.iter().zip(PARSED.iter()) {
        let m = m.as_ref().unwrap();
        let d = copula_defect(m);
        println!("{}: copula defect {d:.2e} (generic {generic:.2e})", s.file);
        if d > COPULA_DEFECT / 2.0 {
            let solver = Solver::new(&rules, s.players - 1, m).unwrap();
            assert!(
                !solver.ev_monotone(),
                "{}: defect {d:.2e} but bounded",
                s.file
            );
        }
    }
}
