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
fn each_shipped_law_is_searched_within_a_defect_that_bounds_a_finer_scan() {
    // The shipped laws stray further from monotone than the generic one
    // (about 2.1e-3 to 2.8e-3 on the fine scan against 7.7e-4), so each
    // model measures its own defect. It must cover what a scan 4 times
    // finer along the axis finds, and a solver priced with the model must
    // still run the branch and bound.
    use super::super::monotone::DEFECT_FLOOR;
    use super::super::pricing::Solver;
    use super::super::tests::fine_defect;
    let rules = Rules::preset("cp_pro_1_6").unwrap();
    for (s, m) in SHIPPED.iter().zip(PARSED.iter()) {
        let m = m.as_ref().unwrap();
        let (fine, d) = (fine_defect(m), m.monotone_defect());
        println!("{}: fine scan {fine:.2e}, defect {d:.2e}", s.file);
        assert!(fine <= d, "{}: fine scan {fine:.2e} above {d:.2e}", s.file);
        assert!(
            fine > DEFECT_FLOOR / 10.0,
            "{}: a scan that sees nothing",
            s.file
        );
        let solver = Solver::new(&rules, s.players - 1, m).unwrap();
        assert!(solver.ev_monotone(), "{}: no branch and bound", s.file);
    }
}

#[test]
fn the_branch_and_bound_with_each_shipped_model_equals_its_whole_frontier() {
    // Under rules of the family each model serves, at its table size:
    // the widened bound must never drop the best setting or a runner-up.
    use super::super::pricing::Solver;
    use super::super::tests::hands;
    use super::super::TOP_CANDIDATES;
    for (i, (s, m)) in SHIPPED.iter().zip(PARSED.iter()).enumerate() {
        let m = m.as_ref().unwrap();
        // A preset of the model's own family (plain 2-4 has none).
        let family = s.families[0];
        let rules = PRESET_NAMES
            .iter()
            .map(|p| Rules::preset(p).unwrap())
            .find(|r| Family::of(r) == family)
            .unwrap_or_else(|| Rules::plain().with("score.method", "2-4").unwrap());
        assert_eq!(Family::of(&rules), family);
        let solver = Solver::new(&rules, s.players - 1, m).unwrap();
        // Every family but the Russian table system is searched with the
        // bound, so the comparison below tests it.
        assert_eq!(solver.monotone, family != Family::Russian, "{}", s.file);
        for hand in hands(250, 0x5EA7 + i as u64) {
            let full = solver.solve_with(&hand, false, TOP_CANDIDATES).unwrap();
            let fast = solver.solve_with(&hand, true, TOP_CANDIDATES).unwrap();
            assert_eq!(fast, full, "{} {hand:?}", s.file);
            let one = solver.solve_with(&hand, true, 1).unwrap();
            assert_eq!((one.setting, one.ev), (full.setting, full.ev), "{}", s.file);
        }
    }
}
