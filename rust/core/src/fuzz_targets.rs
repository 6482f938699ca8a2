//! The bodies of the cargo-fuzz targets in `fuzz/`, shared with the test that
//! replays the committed corpus (`tests/fuzz_corpus.rs`), so both run the same
//! code. Each function takes raw bytes and checks its oracle: no panic, no
//! `Error::Internal`, and where cheap a round trip (parse ∘ format, from_json ∘
//! to_json, from_pairs ∘ to_pairs) or an agreement (batch = scalar).
//!
//! These are test harnesses, not library calls: a broken oracle panics with a
//! message, which is how a fuzzer reports a finding.

use crate::batch;
use crate::cards::{check_hand, format_cards, Card, Style, RANK_CHARS};
use crate::error::Error;
use crate::eval::{self, Wheel};
use crate::natural::find_natural;
use crate::notation::{parse_cards, parse_ranks, Notation};
use crate::ofc::{heuristic_move, OfcGame};
use crate::parallel::Threads;
use crate::play::royalty_max_setting;
use crate::rules::{Rules, Topology, OPTION_NAMES};
use crate::score::{score, score_with_pot, PlayerHand, Status};
use crate::search::{self, VALUE_ORDER};
use crate::setting::{order_check, Setting};
use crate::solve::Model;
use crate::solve::{solve_rows, Solver};

const NOTATIONS: [Notation; 5] = [
    Notation::Intl,
    Notation::RuLatin,
    Notation::RuCyrillic,
    Notation::Numeric,
    Notation::Auto,
];

/// Panics on `Error::Internal` (a bug); any other error is a fine answer.
fn not_internal<T>(what: &str, r: &crate::Result<T>) {
    if let Err(e) = r {
        assert!(
            !matches!(e.root(), Error::Internal(_)),
            "{what}: internal error {e}"
        );
    }
}

fn codes_i64(cards: &[Card]) -> Vec<i64> {
    cards.iter().map(|&c| i64::from(c)).collect()
}

/// True when `a` holds the same cards as `b` in some order.
fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Card text in every notation (and setting text, rank text): parsed codes
/// are valid and distinct, and writing them back (ASCII and unicode) and
/// parsing that in `intl` gives the same codes.
pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = text.parse::<Notation>();
    let _ = text.parse::<Style>();
    for n in NOTATIONS {
        let parsed = parse_cards(&text, n);
        not_internal("parse_cards", &parsed);
        if let Ok(cards) = parsed {
            let codes = codes_i64(&cards);
            assert!(
                check_hand(&codes, &[cards.len()]).is_ok(),
                "parse_cards({text:?}, {n:?}) gave invalid codes {cards:?}"
            );
            for style in [Style::Ascii, Style::Unicode] {
                let written = format_cards(&codes, style).expect("valid codes format");
                assert_eq!(
                    parse_cards(&written, Notation::Intl).as_ref(),
                    Ok(&cards),
                    "{text:?} ({n:?}) written as {written:?}"
                );
            }
        }
        let ranks = parse_ranks(&text, n);
        not_internal("parse_ranks", &ranks);
        if let Ok(ranks) = ranks {
            assert!(ranks.iter().all(|&r| r < 13), "{text:?}: ranks {ranks:?}");
            let written: String = ranks
                .iter()
                .map(|&r| RANK_CHARS[r as usize].to_string())
                .collect::<Vec<_>>()
                .join("-");
            assert_eq!(
                parse_ranks(&written, Notation::Intl).as_ref(),
                Ok(&ranks),
                "{text:?} ({n:?}) written as {written:?}"
            );
        }
        let setting = Setting::parse(&text, n);
        not_internal("Setting::parse", &setting);
        if let Ok(s) = setting {
            assert_eq!(
                Setting::parse(&s.to_text(), Notation::Intl),
                Ok(s),
                "{text:?} ({n:?})"
            );
        }
    }
}

/// The tables settled under every fuzzed rule set: a plain heads-up deal, a
/// declared natural against a foul, a surrender, an announced setting.
fn fixed_players() -> [PlayerHand; 4] {
    let s = |t: &str| match Setting::parse(t, Notation::Intl) {
        Ok(s) => s,
        Err(e) => panic!("fixed setting {t:?}: {e}"),
    };
    [
        // a dragon, set legally
        PlayerHand::Natural(s("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ac")),
        // trips in front over a high-card middle: a foul
        PlayerHand::Setting(s("Kh Kd Kc / 2d 3h 4s 5c 7s / Ah Ad Qs Jh 9d")),
        PlayerHand::Setting(s("2h 3s 4c / 6d 6h 6s 8c 8d / Th Td Ts Jc Js")),
        PlayerHand::Announced(s("5d 5h 2s / 7c 7h 8s 9c 9h / Qc Qd As 3c 4d")),
    ]
}

/// The invariants RULES §4 promises of every settlement (see `ScoreResult`).
fn check_settlement(res: &crate::score::ScoreResult, rules: &Rules, what: &str) {
    let n = res.totals.len();
    assert!(
        res.denominator >= 1,
        "{what}: denominator {}",
        res.denominator
    );
    let pot_change = res.pot.as_ref().map_or(0, |p| p.pot_out - p.pot_in);
    let sum: i128 = res.totals.iter().map(|&t| i128::from(t)).sum();
    assert_eq!(
        sum + i128::from(pot_change) * i128::from(res.denominator),
        0,
        "{what}: not zero-sum {res:?}"
    );
    for i in 0..n {
        for j in 0..n {
            assert_eq!(
                i128::from(res.matrix[i][j]),
                -i128::from(res.matrix[j][i]),
                "{what}: matrix not antisymmetric"
            );
            if matches!(res.players[i].status, Status::Fouled(_))
                && matches!(res.players[j].status, Status::Played)
            {
                assert!(res.matrix[i][j] <= 0, "{what}: a foul received points");
            }
        }
        if rules.topology != Topology::PotOnlyWinner {
            let row: i128 = res.matrix[i].iter().map(|&t| i128::from(t)).sum();
            assert_eq!(row, i128::from(res.totals[i]), "{what}: row sum");
        }
    }
}

/// Rules decoded from `name=value` lines (`Rules::from_pairs`, the decoder
/// behind `Rules(**options)` and the saved-game JSON): valid rules survive
/// `to_pairs` → `from_pairs`, every option reads back, and fixed deals settle
/// under them (zero-sum, antisymmetric, batch = scalar) without overflow.
pub fn rules(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let pairs: Vec<(&str, &str)> = text
        .lines()
        .map(|l| l.split_once('=').unwrap_or((l, "")))
        .collect();
    for (name, value) in &pairs {
        let mut r = Rules::plain();
        let set = r.set(name, value);
        not_internal("Rules::set", &set);
    }
    let rules = match Rules::from_pairs(&pairs) {
        Ok(r) => r,
        Err(e) => {
            not_internal("Rules::from_pairs", &Err::<(), _>(e));
            return;
        }
    };
    assert_eq!(
        Rules::from_pairs(&rules.to_pairs()).as_ref(),
        Ok(&rules),
        "to_pairs/from_pairs round trip"
    );
    // `preset` is an action of `set` (reset to a preset), not a value to read.
    for name in OPTION_NAMES.iter().filter(|&&n| n != "preset") {
        assert!(rules.get(name).is_ok(), "option {name} does not read back");
    }
    let [natural, foul, plain, announced] = fixed_players();
    let settings = |hands: &[&PlayerHand]| -> Option<Vec<Card>> {
        let mut out = Vec::new();
        for h in hands {
            match h {
                PlayerHand::Setting(s) => out.extend_from_slice(s.cards()),
                _ => return None,
            }
        }
        Some(out)
    };
    let stakes = [[1, 2, 1, 3], [2, 1, 1, 1], [1, 1, 1, 2], [3, 1, 2, 1]];
    let tables: [(&[&PlayerHand], Option<&[[i64; 4]; 4]>, i64); 4] = [
        (&[&plain, &foul], None, 0),
        (&[&natural, &foul, &plain], Some(&stakes), 0),
        (&[&plain, &foul, &natural, &PlayerHand::Surrender], None, 3),
        (&[&natural, &foul, &plain, &announced], Some(&stakes), 2),
    ];
    for (i, (hands, stakes, pot)) in tables.iter().enumerate() {
        let owned: Vec<PlayerHand> = hands.iter().map(|&h| h.clone()).collect();
        let res = score_with_pot(&owned, &rules, *stakes, *pot);
        not_internal("score", &res);
        let Ok(res) = res else { continue };
        check_settlement(&res, &rules, &format!("table {i}"));
        if let (Some(cards), None, 0) = (settings(hands), stakes, pot) {
            let scalar = score(&owned, &rules, None).expect("scored above");
            let (totals, denominator) =
                batch::score_deals(&cards, hands.len(), &rules, Threads::Count(1))
                    .expect("the scalar call accepted this deal");
            assert_eq!(
                (totals, denominator),
                (scalar.totals, scalar.denominator),
                "score_deals differs from score (table {i})"
            );
        }
    }
}

/// The saved-game decoder `OfcGame::from_json`: a decoded game survives
/// `to_json` → `from_json`, its views and moves can be computed, the
/// heuristic agent's move is legal, and a finished deal settles.
pub fn ofc_json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let game = match OfcGame::from_json(&text) {
        Ok(g) => g,
        Err(e) => {
            not_internal("OfcGame::from_json", &Err::<(), _>(e));
            return;
        }
    };
    let json = game.to_json();
    assert_eq!(
        OfcGame::from_json(&json).as_ref(),
        Ok(&game),
        "from_json(to_json) of {json}"
    );
    let _ = game.view(None).to_json();
    for seat in 0..game.players() {
        let _ = game.view(Some(seat)).to_json();
    }
    let _ = game.legal_moves();
    match game.to_act() {
        Some(seat) => {
            let mv = heuristic_move(&game);
            not_internal("heuristic_move", &mv);
            if let Ok(mv) = mv {
                let mut next = game.clone();
                if let Err(e) = next.play(seat, &mv) {
                    panic!("the agent's move {} is illegal: {e}", mv.to_text());
                }
            }
        }
        None => {
            let settled = game.settle();
            not_internal("settle", &settled);
            if let Ok(res) = settled {
                check_settlement(&res, game.score_rules(), "open-face settlement");
            }
            not_internal("next_fantasyland", &game.next_fantasyland());
            not_internal("next_deal", &game.next_deal(1));
        }
    }
}

/// A preset picked by a byte.
fn preset_rules(byte: u8) -> Rules {
    let names = Rules::preset_names();
    let name = names[byte as usize % names.len()];
    match Rules::preset(name) {
        Ok(r) => r,
        Err(e) => panic!("preset {name}: {e}"),
    }
}

/// The batch entry points over arbitrary bytes as card codes: byte 0 picks
/// `evaluate_rows::<5>`, `evaluate_rows::<3>`, `score_deals` or
/// `categories`; the batch answer equals the scalar one row by row, and a
/// refused batch names the first bad row.
pub fn batch(data: &[u8]) {
    let [select, arg, rest @ ..] = data else {
        return;
    };
    let wheel = if select & 0x10 == 0 {
        Wheel::Lowest
    } else {
        Wheel::SecondHighest
    };
    let threads = Threads::Count(1 + usize::from(select >> 5 & 1));
    match select % 4 {
        0 | 1 => {
            let width = if select % 4 == 0 { 5 } else { 3 };
            let rows = rest.len() / width;
            // `arg` sometimes gives an output of the wrong length: refused, not a panic.
            let out_len = if arg & 1 == 1 { rows + 1 } else { rows };
            let mut out = vec![0u32; out_len];
            let cards = &rest[..rows * width];
            let r = if width == 5 {
                batch::evaluate_rows::<5>(cards, &mut out, wheel, threads)
            } else {
                batch::evaluate_rows::<3>(cards, &mut out, wheel, threads)
            };
            not_internal("evaluate_rows", &r);
            if out_len != rows {
                assert!(r.is_err(), "an output of the wrong length was accepted");
                return;
            }
            let scalar: Vec<crate::Result<u32>> = cards
                .chunks_exact(width)
                .map(|row| eval::evaluate(&codes_i64(row), wheel))
                .collect();
            match r {
                Ok(()) => {
                    for (i, (v, s)) in out.iter().zip(&scalar).enumerate() {
                        assert_eq!(Ok(*v), *s, "row {i}: batch differs from scalar");
                    }
                }
                Err(Error::BatchRow { row, .. }) => {
                    assert_eq!(
                        Some(row),
                        scalar.iter().position(|s| s.is_err()),
                        "the batch error names the wrong row"
                    );
                }
                Err(e) => panic!("evaluate_rows: unexpected error {e}"),
            }
        }
        2 => {
            let players = usize::from(arg % 4) + 1; // 1 is refused
            let rules = preset_rules(arg >> 2);
            let width = players * 13;
            let r = batch::score_deals(rest, players, &rules, threads);
            not_internal("score_deals", &r);
            if players < 2 || rest.len() % width != 0 {
                assert!(r.is_err(), "a malformed deal array was accepted");
                return;
            }
            let scalar: Vec<crate::Result<crate::score::ScoreResult>> = rest
                .chunks_exact(width)
                .map(|deal| {
                    let hands = deal
                        .chunks_exact(13)
                        .map(|s| Setting::from_cards(s).map(PlayerHand::Setting))
                        .collect::<crate::Result<Vec<_>>>()?;
                    score(&hands, &rules, None)
                })
                .collect();
            match r {
                Ok((totals, denominator)) => {
                    for (i, s) in scalar.iter().enumerate() {
                        let s = s.as_ref().expect("batch accepted the deal");
                        assert_eq!(
                            (&totals[i * players..(i + 1) * players], denominator),
                            (&s.totals[..], s.denominator),
                            "deal {i}: batch differs from scalar"
                        );
                        check_settlement(s, &rules, "score_deals");
                    }
                }
                Err(Error::BatchRow { row, .. }) => assert_eq!(
                    Some(row),
                    scalar.iter().position(|s| s.is_err()),
                    "the batch error names the wrong deal"
                ),
                Err(e) => panic!("score_deals: unexpected error {e}"),
            }
        }
        _ => {
            let values: Vec<u32> = rest
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            let mut out = vec![0u8; values.len()];
            let r = batch::categories(&values, &mut out);
            not_internal("categories", &r);
            if r.is_ok() {
                for (v, c) in values.iter().zip(&out) {
                    assert_eq!(*c, eval::category_of(*v), "category of {v}");
                }
            }
        }
    }
}

/// The search and solver entry points that take raw codes (`hand13`,
/// `checked_pareto_settings`, `royalty_max_setting`, `find_natural`,
/// `solve_rows`): byte 0 picks the rules and the reading of the codes
/// (unsigned, or signed so that negatives occur). A valid hand gives
/// settings that are permutations of it; `solve_rows` agrees with
/// `Solver::solve` and names the first bad row.
pub fn search(data: &[u8]) {
    let [select, arg, rest @ ..] = data else {
        return;
    };
    let rules = preset_rules(*arg);
    let codes: Vec<i64> = if select & 1 == 0 {
        rest.iter().map(|&b| i64::from(b)).collect()
    } else {
        rest.iter().map(|&b| i64::from(b as i8)).collect()
    };
    let hand = search::hand13(&codes);
    not_internal("hand13", &hand);
    let natural = find_natural(rest, &rules);
    not_internal("find_natural", &natural);
    if let Ok(raw) = <[u8; 13]>::try_from(rest) {
        let r = royalty_max_setting(&raw, &rules);
        not_internal("royalty_max_setting", &r);
        // its own bitmask check of the codes agrees with check_hand's
        assert_eq!(r.is_ok(), hand.is_ok(), "royalty_max_setting's card check");
        if let Ok((setting, fouled)) = r {
            assert!(same_cards(&setting, &raw), "royalty_max_setting lost cards");
            let values = Setting::from_cards(&setting)
                .expect("a permutation of a valid hand")
                .values(&rules);
            assert_eq!(
                order_check(values, &rules).is_some(),
                fouled,
                "royalty_max_setting's foul flag"
            );
        }
    }
    if let Ok(hand) = hand {
        let frontier = search::checked_pareto_settings(&codes, rules.wheel, VALUE_ORDER);
        let frontier = frontier.expect("a valid hand has a frontier");
        for (s, values) in &frontier {
            assert!(same_cards(s, &hand), "pareto setting lost cards");
            let setting = Setting::from_cards(s).expect("a permutation of a valid hand");
            assert_eq!(setting.values(&rules), *values, "pareto values");
        }
        assert!(
            same_cards(&search::greedy_setting(&hand, rules.wheel), &hand),
            "greedy setting lost cards"
        );
    }
    // Solver rows: the bytes as rows of 13 (at most two rows: a solve is ~1 ms).
    let rows = (rest.len() / 13).min(2);
    if rows > 0 {
        let hands = &rest[..rows * 13];
        let model = Model::embedded().expect("the embedded model loads");
        let opponents = 1 + usize::from(select >> 1) % 3;
        let mut settings = vec![0u8; rows * 13];
        let mut ev = vec![0f64; rows];
        let solver = Solver::new(&rules, opponents, model).expect("preset rules solve");
        let r = solve_rows(hands, &solver, Threads::Count(1), &mut settings, &mut ev);
        not_internal("solve_rows", &r);
        let scalar: Vec<_> = hands
            .chunks_exact(13)
            .map(|row| {
                let mut hand = [0u8; 13];
                hand.copy_from_slice(row);
                solver.solve(&hand)
            })
            .collect();
        match r {
            Ok(()) => {
                for (i, s) in scalar.iter().enumerate() {
                    let s = s.as_ref().expect("solve_rows accepted the row");
                    assert_eq!(&settings[i * 13..(i + 1) * 13], &s.setting[..], "row {i}");
                    assert!(
                        ev[i] == s.ev || (ev[i].is_nan() && s.ev.is_nan()),
                        "row {i}: ev {} vs {}",
                        ev[i],
                        s.ev
                    );
                    assert!(same_cards(&s.setting, &hands[i * 13..(i + 1) * 13]));
                }
            }
            Err(Error::BatchRow { row, .. }) => assert_eq!(
                Some(row),
                scalar.iter().position(|s| s.is_err()),
                "solve_rows names the wrong row"
            ),
            Err(e) => panic!("solve_rows: unexpected error {e}"),
        }
    }
}
