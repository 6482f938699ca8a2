//! The rules of a deal as one option set (RULES §9), and the presets of RULES §8.
//!
//! Every option keeps the name and value spelling of RULES §9 so the Python
//! layer (and JSON) can pass them as strings: [`Rules::set`], [`Rules::get`],
//! [`Rules::to_pairs`] and [`Rules::from_pairs`] round-trip every option.
//! A few options that RULES describes in prose but does not list in §9 carry
//! names in the same style (`table.banker`, `banker.pusoy_payoff`,
//! `pot.ante`, `pot.carry_over`, `score.russian_match.points`,
//! `natural.require_legal_setting`, `game`).

use crate::error::{Error, Result};
use crate::eval::Wheel;
use crate::natural::NaturalKind;
use crate::royalty::RoyaltyTable;

/// Declares a fieldless enum whose values are spelled as RULES §9 spells them.
macro_rules! string_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub enum $name { $($(#[$vm])* $var),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];

            /// The option string of this value (RULES §9 spelling).
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }

            /// Parses an option string; `option` names the option in the error.
            pub fn parse(option: &str, s: &str) -> $crate::error::Result<Self> {
                match s {
                    $($s => Ok($name::$var),)+
                    _ => Err($crate::error::Error::UnknownOption {
                        option: option.into(),
                        value: s.into(),
                        allowed: $crate::rules::quote_list(&[$($s),+]),
                    }),
                }
            }
        }
    };
}
pub(crate) use string_enum;

/// `'a', 'b', 'c'` for error messages.
pub(crate) fn quote_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

string_enum! {
    /// Which game the rules score (closed 13-card or the final boards of open-face).
    Game {
        /// Closed 13-card Chinese poker.
        #[default]
        Closed = "closed",
        /// Open-face Chinese poker (RULES §7).
        Ofc = "ofc",
        /// Pineapple open-face (RULES §7.5).
        OfcPineapple = "ofc_pineapple",
    }
}

string_enum! {
    /// `order.mode` (RULES R-FOUL-1).
    OrderMode {
        /// back ≥ middle ≥ front.
        #[default]
        NonStrict = "non_strict",
        /// back > middle > front.
        Strict = "strict",
        /// back ≥ middle > front.
        StrictFrontOnly = "strict_front_only",
    }
}

string_enum! {
    /// `order.cross_size_prefix` (RULES R-FOUL-3): what a prefix-equal front is.
    CrossSizePrefix {
        /// Prefix-equal counts as equal (legal unless the mode is strict at the front).
        #[default]
        Equal = "equal",
        /// The 5-card row's extra kickers make it stronger: always legal.
        FiveCardHigher = "five_card_higher",
    }
}

string_enum! {
    /// `tie.compare_depth` (RULES §2.5).
    CompareDepth {
        /// The whole comparison key.
        #[default]
        Full = "full",
        /// Category, then only the highest card of the key (HK banker rule).
        TopCardOnly = "top_card_only",
    }
}

string_enum! {
    /// `score.method` (RULES §4.3). `1-3` is accepted as a spelling of `per_row`.
    ScoreMethod {
        /// One unit per row.
        PerRow = "per_row",
        /// Per row, +1 for a scoop.
        OneFour = "1-4",
        /// Per row, +3 for a scoop.
        #[default]
        OneSix = "1-6",
        /// Per row plus the overall point.
        TwoFour = "2-4",
        /// Per row plus the overall point plus 2 for a scoop.
        TwoSix = "2-6",
        /// The Russian basic system: 1-6 (or 2-6 with `score.russian_match.points = 2`).
        RussianMatch = "russian_match",
        /// The Russian worked-example system (RULES §4.5).
        RussianTable = "russian_table",
    }
}

string_enum! {
    /// `score.overall_point_rule` (RULES §4.3).
    OverallPointRule {
        /// The overall point goes to the player who wins two or three rows.
        #[default]
        WinsAtLeastTwo = "wins_at_least_two",
        /// The overall point goes to the player whose row sum is positive.
        NetPositive = "net_positive",
    }
}

string_enum! {
    /// `score.scoop_multiplier_scope` (RULES §4.4).
    ScoopScope {
        /// The multiplier applies to rows and method bonuses, not to royalties.
        #[default]
        RowsOnly = "rows_only",
        /// Royalties are multiplied too.
        RowsAndRoyalties = "rows_and_royalties",
    }
}

string_enum! {
    /// `score.table_best_row_payer` (RULES §4.5).
    TableBestRowPayer {
        /// Every other player pays 1 for each of a player's table-best rows.
        #[default]
        EachOpponent = "each_opponent",
        /// The other players share one unit (scores in twelfths, see `score`).
        SplitOneUnit = "split_one_unit",
    }
}

string_enum! {
    /// `table.topology` (RULES §4.9, §4.10).
    Topology {
        /// Every pair of players settles.
        #[default]
        Peer = "peer",
        /// Players settle only with the banker (`table.banker`).
        Banker = "banker",
        /// Each row is a pot won by the best row at the table.
        PotPerRow = "pot_per_row",
        /// One pot, won only by a player who beats everyone on two rows.
        PotOnlyWinner = "pot_only_winner",
    }
}

string_enum! {
    /// `royalty.mode` (RULES §5.1).
    RoyaltyMode {
        /// The row winner collects the table value instead of 1.
        #[default]
        ReplaceIfWon = "replace_if_won",
        /// The row winner collects the value on top of the row unit.
        ExtraIfWon = "extra_if_won",
        /// Each player collects his royalties won or lost; only the difference moves.
        ExtraAlways = "extra_always",
    }
}

string_enum! {
    /// `natural.declare` (RULES §6.1).
    NaturalDeclare {
        /// The caller says who declares (a `PlayerHand::Natural`).
        #[default]
        Optional = "optional",
        /// A natural must be declared: the engine claims it for every hand that has one.
        Mandatory = "mandatory",
        /// The engine detects and claims the best natural of every hand.
        Auto = "auto",
    }
}

string_enum! {
    /// `natural.vs_natural` (RULES §6.4).
    VsNatural {
        /// The better natural collects its own value.
        #[default]
        WinnerTakesOwnValue = "winner_takes_own_value",
        /// The better natural collects the difference of the two values.
        WinnerTakesDifference = "winner_takes_difference",
        /// Banker against player: the banker pays the player's value.
        BankerPaysPlayer = "banker_pays_player",
        /// Two naturals exchange nothing.
        Push = "push",
    }
}

string_enum! {
    /// `nat.front_run.ace` (RULES §6.2): which 3-card runs with an ace count.
    FrontRunAce {
        /// A-2-3 and Q-K-A.
        #[default]
        Both = "both",
        /// Only Q-K-A.
        HighOnly = "high_only",
        /// Only A-2-3.
        LowOnly = "low_only",
    }
}

string_enum! {
    /// `nat.twelve_royals.def` (RULES §6.2).
    TwelveRoyalsDef {
        /// All twelve J, Q, K plus any card.
        #[default]
        JqkPlusAny = "jqk_plus_any",
        /// All thirteen cards from J, Q, K, A.
        JqkaOnly = "jqka_only",
    }
}

/// `foul.penalty` (RULES §4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FoulPenalty {
    /// The fouled hand pays as if scooped under the method.
    #[default]
    ScoopEquivalent,
    /// The fouled hand pays a fixed number of units (plus royalties).
    Fixed(i64),
}

/// `surrender.cost` (RULES §4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SurrenderCost {
    /// 3 units per opponent under 1-6 (and `russian_match` at 1 point), 2 otherwise.
    #[default]
    MethodBased,
    /// A fixed number of units per opponent.
    Fixed(i64),
    /// As though the surrenderer had won one row and lost two (no scoop).
    AsLostTwoRows,
}

/// The complete option set of a deal (RULES §9). `Rules::default()` is the
/// plain game: 1-6, no royalties, no naturals, non-strict order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `game`.
    pub game: Game,
    /// `rank.wheel`.
    pub wheel: Wheel,
    /// `tie.suit_order`: strength of each suit code (c, d, h, s), higher = stronger.
    pub suit_order: Option<[u8; 4]>,
    /// `tie.flush_suit_first`.
    pub flush_suit_first: bool,
    /// `tie.compare_depth`.
    pub compare_depth: CompareDepth,
    /// `tie.banker_wins_ties`.
    pub banker_wins_ties: bool,
    /// `order.mode`.
    pub order_mode: OrderMode,
    /// `order.cross_size_prefix`.
    pub cross_size_prefix: CrossSizePrefix,
    /// `order.same_category_ok`.
    pub same_category_ok: bool,
    /// `score.method`.
    pub method: ScoreMethod,
    /// `score.overall_point_rule`.
    pub overall_point_rule: OverallPointRule,
    /// `score.scoop_multiplier`.
    pub scoop_multiplier: i64,
    /// `score.scoop_multiplier_all`.
    pub scoop_multiplier_all: i64,
    /// `score.scoop_multiplier_scope`.
    pub scoop_multiplier_scope: ScoopScope,
    /// `score.table_best_row_payer`.
    pub table_best_row_payer: TableBestRowPayer,
    /// `score.russian_table.scoop`.
    pub russian_table_scoop: i64,
    /// `score.russian_match.points`: 1 (= 1-6) or 2 (= 2-6).
    pub russian_match_points: i64,
    /// `foul.penalty`.
    pub foul_penalty: FoulPenalty,
    /// `surrender.allowed`.
    pub surrender_allowed: bool,
    /// `surrender.cost`.
    pub surrender_cost: SurrenderCost,
    /// `table.topology`.
    pub topology: Topology,
    /// `table.banker`: the banker's seat under the banker topology.
    pub banker: usize,
    /// `banker.pusoy_payoff`: Philippine 2-of-3 bet (RULES §4.9).
    pub pusoy_payoff: bool,
    /// `pot.ante`: units each player puts in per pot (per row under `pot_per_row`).
    pub pot_ante: i64,
    /// `pot.carry_over`: an unwon `pot_only_winner` pot stays for the next deal.
    pub pot_carry_over: bool,
    /// `royalty.table`.
    pub royalty_table: RoyaltyTable,
    /// `royalty.mode`.
    pub royalty_mode: RoyaltyMode,
    /// `royalty.cancel_when_both_qualify`.
    pub royalty_cancel_when_both_qualify: bool,
    /// `royalty.one_per_row`.
    pub royalty_one_per_row: bool,
    /// `royalty.from_dealt_cards`.
    pub royalty_from_dealt_cards: bool,
    /// `royalty.declare_required`.
    pub royalty_declare_required: bool,
    /// `royalty.middle_premium`.
    pub royalty_middle_premium: i64,
    /// `natural.enabled`: the enabled naturals with their values, lowest precedence first.
    pub naturals: Vec<(NaturalKind, i64)>,
    /// `natural.declare`.
    pub natural_declare: NaturalDeclare,
    /// `natural.vs_natural`.
    pub vs_natural: VsNatural,
    /// `natural.require_legal_setting`: a declared natural's setting must not foul.
    pub natural_require_legal_setting: bool,
    /// `nat.six_pairs.quads_as_two_pairs`.
    pub six_pairs_quads_as_two_pairs: bool,
    /// `nat.six_pairs.allow_trips`.
    pub six_pairs_allow_trips: bool,
    /// `nat.front_run.ace`.
    pub front_run_ace: FrontRunAce,
    /// `nat.twelve_royals.def`.
    pub twelve_royals_def: TwelveRoyalsDef,
    /// `nat.no_pictures.ace_is_picture`.
    pub no_pictures_ace_is_picture: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            game: Game::Closed,
            wheel: Wheel::Lowest,
            suit_order: None,
            flush_suit_first: false,
            compare_depth: CompareDepth::Full,
            banker_wins_ties: false,
            order_mode: OrderMode::NonStrict,
            cross_size_prefix: CrossSizePrefix::Equal,
            same_category_ok: false,
            method: ScoreMethod::OneSix,
            overall_point_rule: OverallPointRule::WinsAtLeastTwo,
            scoop_multiplier: 1,
            scoop_multiplier_all: 1,
            scoop_multiplier_scope: ScoopScope::RowsOnly,
            table_best_row_payer: TableBestRowPayer::EachOpponent,
            russian_table_scoop: 6,
            russian_match_points: 1,
            foul_penalty: FoulPenalty::ScoopEquivalent,
            surrender_allowed: true,
            surrender_cost: SurrenderCost::MethodBased,
            topology: Topology::Peer,
            banker: 0,
            pusoy_payoff: false,
            pot_ante: 1,
            pot_carry_over: true,
            royalty_table: RoyaltyTable::none(),
            royalty_mode: RoyaltyMode::ReplaceIfWon,
            royalty_cancel_when_both_qualify: false,
            royalty_one_per_row: true,
            royalty_from_dealt_cards: false,
            royalty_declare_required: false,
            royalty_middle_premium: 0,
            naturals: Vec::new(),
            natural_declare: NaturalDeclare::Optional,
            vs_natural: VsNatural::WinnerTakesOwnValue,
            natural_require_legal_setting: false,
            six_pairs_quads_as_two_pairs: true,
            six_pairs_allow_trips: true,
            front_run_ace: FrontRunAce::Both,
            twelve_royals_def: TwelveRoyalsDef::JqkPlusAny,
            no_pictures_ace_is_picture: true,
        }
    }
}

/// Every preset id of RULES §8 (plus two named sub-presets it mentions).
pub const PRESET_NAMES: [&str; 28] = [
    "pagat_classic",
    "pagat_classic_nonstrict",
    "wiki_2_4",
    "wiki_1_6",
    "cp_pro_1_3",
    "cp_pro_1_4",
    "cp_pro_1_6",
    "cp_pro_2_4",
    "malay_banker",
    "vietnamese_pagat",
    "mau_binh_modern",
    "singapore",
    "hawaiian_gardens",
    "shisanshui_fujian",
    "shisanshui_fujian_wheel_lowest",
    "hk_13zhang_banker",
    "pusoy_ph_banker",
    "pusoy_ph_pot",
    "capsa_susun_online",
    "russian_13",
    "russian_13_table",
    "ofc_ru_main",
    "ofc_ru_alt1",
    "ofc_ru_alt2",
    "ofc_us",
    "ofc_legacy_gem",
    "ofc_pineapple",
    "ofc_pineapple_progressive",
];

/// Every option name `set`/`get` accept, in the order `to_pairs` writes them.
pub const OPTION_NAMES: [&str; 44] = [
    "game",
    "rank.wheel",
    "tie.suit_order",
    "tie.flush_suit_first",
    "tie.compare_depth",
    "tie.banker_wins_ties",
    "order.mode",
    "order.cross_size_prefix",
    "order.same_category_ok",
    "score.method",
    "score.overall_point_rule",
    "score.scoop_multiplier",
    "score.scoop_multiplier_all",
    "score.scoop_multiplier_scope",
    "score.table_best_row_payer",
    "score.russian_table.scoop",
    "score.russian_match.points",
    "foul.penalty",
    "surrender.allowed",
    "surrender.cost",
    "table.topology",
    "table.banker",
    "banker.pusoy_payoff",
    "pot.ante",
    "pot.carry_over",
    "royalty.table",
    "royalty.mode",
    "royalty.cancel_when_both_qualify",
    "royalty.one_per_row",
    "royalty.from_dealt_cards",
    "royalty.declare_required",
    "royalty.middle_premium",
    "natural.enabled",
    "natural.declare",
    "natural.vs_natural",
    "natural.require_legal_setting",
    "nat.six_pairs.quads_as_two_pairs",
    "nat.six_pairs.allow_trips",
    "nat.front_run.ace",
    "nat.twelve_royals.def",
    "nat.no_pictures.ace_is_picture",
    // Views of `natural.enabled`, accepted by `set`, not written by `to_pairs`.
    "natural.values",
    "natural.precedence",
    "preset",
];

/// The most points one option may pay: a royalty, a natural, a fixed foul
/// penalty or surrender cost, the Russian table scoop, the ante. Far above any
/// real table, and small enough (with [`MAX_MULTIPLIER`] and the stake and pot
/// limits of `score`) that no settlement can overflow.
pub const MAX_POINTS: i64 = 10_000;

/// The largest scoop multiplier (`score.scoop_multiplier`, `…_all`).
pub const MAX_MULTIPLIER: i64 = 100;

/// An integer option within its range, or an error naming the option and the range.
fn check_range(option: &str, value: i64, range: &std::ops::RangeInclusive<i64>) -> Result<()> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(rules_err(
            option,
            format!(
                "{value} is out of range (it must be {} to {})",
                range.start(),
                range.end()
            ),
        ))
    }
}

fn rules_err(option: &str, reason: impl Into<String>) -> Error {
    Error::Rules {
        option: option.into(),
        reason: reason.into(),
    }
}

fn parse_bool(option: &str, s: &str) -> Result<bool> {
    match s {
        "true" | "True" | "1" | "yes" | "on" => Ok(true),
        "false" | "False" | "0" | "no" | "off" => Ok(false),
        _ => Err(Error::UnknownOption {
            option: option.into(),
            value: s.into(),
            allowed: quote_list(&["true", "false"]),
        }),
    }
}

fn parse_int(option: &str, s: &str) -> Result<i64> {
    s.trim()
        .parse::<i64>()
        .map_err(|_| rules_err(option, format!("{s:?} is not an integer")))
}

/// Suit letters in code order (c, d, h, s), upper case as RULES writes suit orders.
const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];

fn parse_suit_order(option: &str, s: &str) -> Result<Option<[u8; 4]>> {
    if s == "none" {
        return Ok(None);
    }
    // Accept `SHCD` and `S>H>C>D`, case-insensitive; highest suit first.
    let letters: Vec<char> = s
        .chars()
        .filter(|c| *c != '>' && !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut strength = [u8::MAX; 4];
    if letters.len() != 4 {
        return Err(rules_err(
            option,
            format!("{s:?} is not 'none' or an order of the four suits such as 'SHCD'"),
        ));
    }
    for (i, c) in letters.iter().enumerate() {
        let code = SUIT_LETTERS.iter().position(|l| l == c).ok_or_else(|| {
            rules_err(
                option,
                format!("{c:?} in {s:?} is not a suit letter (S, H, D, C)"),
            )
        })?;
        if strength[code] != u8::MAX {
            return Err(rules_err(
                option,
                format!("suit {c} appears twice in {s:?}"),
            ));
        }
        strength[code] = 3 - i as u8;
    }
    Ok(Some(strength))
}

fn suit_order_str(order: Option<[u8; 4]>) -> String {
    match order {
        None => "none".into(),
        Some(strength) => (0..4u8)
            .rev()
            .filter_map(|st| strength.iter().position(|&x| x == st))
            .map(|code| SUIT_LETTERS[code])
            .collect(),
    }
}

fn parse_fixed(option: &str, s: &str) -> Result<Option<i64>> {
    // `fixed(6)`, `fixed:6` or a bare integer.
    let inner = s
        .strip_prefix("fixed(")
        .and_then(|r| r.strip_suffix(')'))
        .or_else(|| s.strip_prefix("fixed:"));
    match inner {
        Some(n) => parse_int(option, n).map(Some),
        None => Ok(s.trim().parse::<i64>().ok()),
    }
}

fn naturals_str(list: &[(NaturalKind, i64)]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|(k, v)| format!("{}:{v}", k.as_str()))
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_naturals(option: &str, s: &str) -> Result<Vec<(NaturalKind, i64)>> {
    if s.trim() == "none" || s.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut out: Vec<(NaturalKind, i64)> = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        let (name, value) = match item.split_once(':') {
            Some((n, v)) => (n.trim(), Some(parse_int(option, v)?)),
            None => (item, None),
        };
        let kind = NaturalKind::parse(option, name)?;
        let value = match value.or_else(|| kind.default_value()) {
            Some(v) => v,
            None => {
                return Err(rules_err(
                    option,
                    format!("{name} has no default value; write {name}:<units>"),
                ))
            }
        };
        if out.iter().any(|(k, _)| *k == kind) {
            return Err(rules_err(option, format!("{name} is listed twice")));
        }
        out.push((kind, value));
    }
    Ok(out)
}

impl Rules {
    /// The ids accepted by [`Rules::preset`].
    pub fn preset_names() -> &'static [&'static str] {
        &PRESET_NAMES
    }

    /// The option set of a preset of RULES §8.
    ///
    /// ```
    /// use chinese_poker_core::rules::{Rules, ScoreMethod};
    /// let r = Rules::preset("cp_pro_1_6").unwrap();
    /// assert_eq!(r.method, ScoreMethod::OneSix);
    /// ```
    pub fn preset(name: &str) -> Result<Rules> {
        use NaturalKind::*;
        let pagat_naturals = vec![
            (SixPairs, 3),
            (ThreeStraights, 3),
            (ThreeFlushes, 3),
            (Dragon, 13),
        ];
        let mut r = Rules::default();
        let table = |n: &str| RoyaltyTable::named(n);
        match name {
            "pagat_classic" | "pagat_classic_nonstrict" => {
                r.method = ScoreMethod::PerRow;
                r.royalty_table = table("A")?;
                r.royalty_mode = RoyaltyMode::ReplaceIfWon;
                r.naturals = pagat_naturals;
                r.natural_declare = NaturalDeclare::Optional;
                r.vs_natural = VsNatural::WinnerTakesOwnValue;
                r.order_mode = if name == "pagat_classic" {
                    OrderMode::Strict
                } else {
                    OrderMode::NonStrict
                };
            }
            "wiki_2_4" | "wiki_1_6" | "capsa_susun_online" => {
                r.method = if name == "wiki_1_6" {
                    ScoreMethod::OneSix
                } else {
                    ScoreMethod::TwoFour
                };
                r.royalty_table = table("F_flat")?;
                r.royalty_mode = RoyaltyMode::ExtraIfWon;
                r.royalty_one_per_row = true;
                // The seed lists the four naturals without values or order:
                // Pagat's values and order are the closest documented ones.
                r.naturals = pagat_naturals;
                r.natural_declare = NaturalDeclare::Mandatory;
                if name == "capsa_susun_online" {
                    r.suit_order = parse_suit_order("tie.suit_order", "SHCD")?;
                }
            }
            "cp_pro_1_3" | "cp_pro_1_4" | "cp_pro_1_6" | "cp_pro_2_4" => {
                r.method = match name {
                    "cp_pro_1_3" => ScoreMethod::PerRow,
                    "cp_pro_1_4" => ScoreMethod::OneFour,
                    "cp_pro_1_6" => ScoreMethod::OneSix,
                    _ => ScoreMethod::TwoFour,
                };
                r.royalty_table = table("G")?;
                r.royalty_mode = RoyaltyMode::ReplaceIfWon;
                r.naturals = vec![
                    (SixPairs, 3),
                    (ThreeStraights, 3),
                    (ThreeFlushes, 3),
                    (Dragon, 13),
                    (DragonFlush, 26),
                ];
                r.natural_require_legal_setting = true;
            }
            "malay_banker" => {
                r.topology = Topology::Banker;
                r.method = ScoreMethod::PerRow;
                r.banker_wins_ties = true;
                r.royalty_table = table("B")?;
                r.royalty_mode = RoyaltyMode::ExtraAlways;
                r.naturals = vec![
                    (ThreeFlushes, 3),
                    (ThreeStraights, 4),
                    (SixPairs, 4),
                    (FivePairsTrips, 5),
                    (FourTrips, 6),
                    (AllOneColour, 10),
                    (AllSmall, 10),
                    (AllBig, 10),
                    (ThreeQuads, 16),
                    (ThreeStraightFlushes, 18),
                    (TwelvePictures, 18),
                    (DragonFlush, 26),
                ];
                r.vs_natural = VsNatural::WinnerTakesDifference;
            }
            "vietnamese_pagat" => {
                r.method = ScoreMethod::PerRow;
                r.royalty_table = table("C")?;
                r.naturals = vec![
                    (ThreeStraights, 3),
                    (ThreeFlushes, 3),
                    (SixPairs, 3),
                    (FivePairsTrips, 6),
                    (Dragon, 13),
                    (DragonFlush, 26),
                ];
            }
            "mau_binh_modern" => {
                r.method = ScoreMethod::PerRow;
                r.wheel = Wheel::SecondHighest;
                r.scoop_multiplier = 2;
                r.scoop_multiplier_all = 2;
                r.foul_penalty = FoulPenalty::Fixed(6);
                r.royalty_table = table("C_modern")?;
                // [P-VN1] order; [P-VN2]/[P-VN3] values; twelve of one colour has
                // no published value, 6 is the flat special value of [P-VN6].
                r.naturals = vec![
                    (ThreeStraights, 3),
                    (ThreeFlushes, 3),
                    (SixPairs, 3),
                    (FivePairsTrips, 3),
                    (TwelveOneColour, 6),
                    (AllOneColour, 8),
                    (Dragon, 12),
                    (DragonFlush, 24),
                ];
                r.natural_declare = NaturalDeclare::Auto;
            }
            "singapore" => {
                r.method = ScoreMethod::PerRow;
                r.royalty_table = table("D")?;
            }
            "hawaiian_gardens" => {
                r.method = ScoreMethod::PerRow;
                r.royalty_table = table("E")?;
                r.naturals = vec![
                    (ThreeStraights, 4),
                    (ThreeFlushes, 4),
                    (TwelveOneColour, 4),
                    (SixPairs, 4),
                    (AllOneColour, 6),
                    (Dragon, 13),
                    (DragonFlush, 39),
                ];
                r.surrender_cost = SurrenderCost::Fixed(3);
            }
            "shisanshui_fujian" | "shisanshui_fujian_wheel_lowest" => {
                r.method = ScoreMethod::PerRow;
                r.order_mode = OrderMode::Strict;
                r.wheel = if name == "shisanshui_fujian" {
                    Wheel::SecondHighest
                } else {
                    Wheel::Lowest
                };
                r.scoop_multiplier = 2;
                r.scoop_multiplier_all = 2;
                r.naturals = vec![
                    (ThreeStraights, 3),
                    (ThreeFlushes, 3),
                    (SixPairs, 4),
                    (FivePairsTrips, 5),
                    (FourTrips, 6),
                    (AllOneColour, 10),
                    (AllSmall, 12),
                    (AllBig, 15),
                    (ThreeQuads, 20),
                    (ThreeStraightFlushes, 22),
                    (TwelvePictures, 24),
                    (Dragon, 36),
                    (DragonFlush, 108),
                ];
                r.twelve_royals_def = TwelveRoyalsDef::JqkaOnly;
                r.natural_declare = NaturalDeclare::Auto;
            }
            "hk_13zhang_banker" => {
                r.topology = Topology::Banker;
                r.method = ScoreMethod::PerRow;
                r.order_mode = OrderMode::Strict;
                r.banker_wins_ties = true;
                r.royalty_table = table("H")?;
                // The dragon flush's value is cut off in the source; 26 is the
                // value of the same hand in the Pagat-derived lists.
                r.naturals = vec![
                    (ThreeStraights, 3),
                    (ThreeFlushes, 3),
                    (SixPairs, 3),
                    (AllSmall, 3),
                    (AllBig, 3),
                    (Dragon, 13),
                    (DragonFlush, 26),
                ];
                r.vs_natural = VsNatural::BankerPaysPlayer;
            }
            "pusoy_ph_banker" => {
                r.topology = Topology::Banker;
                r.method = ScoreMethod::PerRow;
                r.pusoy_payoff = true;
                // "There is never a push": tied rows go to the dealer [P-BIKE, interp].
                r.banker_wins_ties = true;
                r.surrender_allowed = false;
            }
            "pusoy_ph_pot" => {
                r.topology = Topology::PotOnlyWinner;
                r.method = ScoreMethod::PerRow;
                r.pot_carry_over = true;
            }
            "russian_13" | "russian_13_table" => {
                r.method = if name == "russian_13" {
                    ScoreMethod::RussianMatch
                } else {
                    ScoreMethod::RussianTable
                };
                r.foul_penalty = FoulPenalty::Fixed(6);
                r.royalty_mode = RoyaltyMode::ExtraAlways;
            }
            "ofc_ru_main" | "ofc_ru_alt1" | "ofc_ru_alt2" => {
                r.game = Game::Ofc;
                r.method = ScoreMethod::OneSix;
                r.royalty_table = table(match name {
                    "ofc_ru_main" => "ofc_main",
                    "ofc_ru_alt1" => "ofc_alt1",
                    _ => "ofc_alt2",
                })?;
                r.royalty_mode = RoyaltyMode::ExtraAlways;
                r.foul_penalty = FoulPenalty::Fixed(6);
                r.surrender_allowed = false;
            }
            "ofc_us" | "ofc_legacy_gem" | "ofc_pineapple" | "ofc_pineapple_progressive" => {
                r.game = if name.starts_with("ofc_pineapple") {
                    Game::OfcPineapple
                } else {
                    Game::Ofc
                };
                r.method = ScoreMethod::OneSix;
                r.royalty_table = table(if name == "ofc_legacy_gem" {
                    "ofc_legacy_gem"
                } else {
                    "ofc_us"
                })?;
                r.royalty_mode = RoyaltyMode::ExtraAlways;
                r.foul_penalty = FoulPenalty::ScoopEquivalent;
                r.surrender_allowed = false;
            }
            _ => {
                return Err(Error::UnknownOption {
                    option: "preset".into(),
                    value: name.into(),
                    allowed: quote_list(&PRESET_NAMES),
                })
            }
        }
        r.validate()?;
        Ok(r)
    }

    /// Sets one option from its RULES §9 name and value string.
    ///
    /// ```
    /// use chinese_poker_core::rules::{OrderMode, Rules};
    /// let mut r = Rules::default();
    /// r.set("order.mode", "strict").unwrap();
    /// assert_eq!(r.order_mode, OrderMode::Strict);
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<()> {
        let v = value.trim();
        match name {
            "preset" => *self = Rules::preset(v)?,
            "game" => self.game = Game::parse(name, v)?,
            "rank.wheel" => {
                self.wheel = match v {
                    "lowest" => Wheel::Lowest,
                    "second_highest" => Wheel::SecondHighest,
                    _ => {
                        return Err(Error::UnknownOption {
                            option: name.into(),
                            value: v.into(),
                            allowed: quote_list(&["lowest", "second_highest"]),
                        })
                    }
                }
            }
            "tie.suit_order" => self.suit_order = parse_suit_order(name, v)?,
            "tie.flush_suit_first" => self.flush_suit_first = parse_bool(name, v)?,
            "tie.compare_depth" => self.compare_depth = CompareDepth::parse(name, v)?,
            "tie.banker_wins_ties" => self.banker_wins_ties = parse_bool(name, v)?,
            "order.mode" => self.order_mode = OrderMode::parse(name, v)?,
            "order.cross_size_prefix" => self.cross_size_prefix = CrossSizePrefix::parse(name, v)?,
            "order.same_category_ok" => self.same_category_ok = parse_bool(name, v)?,
            "score.method" => {
                self.method = if v == "1-3" {
                    ScoreMethod::PerRow
                } else {
                    ScoreMethod::parse(name, v)?
                }
            }
            "score.overall_point_rule" => {
                self.overall_point_rule = OverallPointRule::parse(name, v)?
            }
            "score.scoop_multiplier" => self.scoop_multiplier = parse_int(name, v)?,
            "score.scoop_multiplier_all" => self.scoop_multiplier_all = parse_int(name, v)?,
            "score.scoop_multiplier_scope" => {
                self.scoop_multiplier_scope = ScoopScope::parse(name, v)?
            }
            "score.table_best_row_payer" => {
                self.table_best_row_payer = TableBestRowPayer::parse(name, v)?
            }
            "score.russian_table.scoop" => self.russian_table_scoop = parse_int(name, v)?,
            "score.russian_match.points" => self.russian_match_points = parse_int(name, v)?,
            "foul.penalty" => {
                self.foul_penalty = if v == "scoop_equivalent" {
                    FoulPenalty::ScoopEquivalent
                } else {
                    match parse_fixed(name, v)? {
                        Some(n) => FoulPenalty::Fixed(n),
                        None => {
                            return Err(Error::UnknownOption {
                                option: name.into(),
                                value: v.into(),
                                allowed: quote_list(&["scoop_equivalent", "fixed(n)"]),
                            })
                        }
                    }
                }
            }
            "surrender.allowed" => self.surrender_allowed = parse_bool(name, v)?,
            "surrender.cost" => {
                self.surrender_cost = match v {
                    "method_based" | "method" => SurrenderCost::MethodBased,
                    "as_lost_two_rows" => SurrenderCost::AsLostTwoRows,
                    _ => match parse_fixed(name, v)? {
                        Some(n) => SurrenderCost::Fixed(n),
                        None => {
                            return Err(Error::UnknownOption {
                                option: name.into(),
                                value: v.into(),
                                allowed: quote_list(&[
                                    "method_based",
                                    "as_lost_two_rows",
                                    "an integer",
                                ]),
                            })
                        }
                    },
                }
            }
            "table.topology" => self.topology = Topology::parse(name, v)?,
            "table.banker" => {
                let n = parse_int(name, v)?;
                self.banker =
                    usize::try_from(n).map_err(|_| rules_err(name, "the banker's seat is 0..3"))?;
            }
            "banker.pusoy_payoff" => self.pusoy_payoff = parse_bool(name, v)?,
            "pot.ante" => self.pot_ante = parse_int(name, v)?,
            "pot.carry_over" => self.pot_carry_over = parse_bool(name, v)?,
            "royalty.table" => self.royalty_table = RoyaltyTable::parse(v)?,
            "royalty.mode" => self.royalty_mode = RoyaltyMode::parse(name, v)?,
            "royalty.cancel_when_both_qualify" => {
                self.royalty_cancel_when_both_qualify = parse_bool(name, v)?
            }
            "royalty.one_per_row" => self.royalty_one_per_row = parse_bool(name, v)?,
            "royalty.from_dealt_cards" => self.royalty_from_dealt_cards = parse_bool(name, v)?,
            "royalty.declare_required" => self.royalty_declare_required = parse_bool(name, v)?,
            "royalty.middle_premium" => self.royalty_middle_premium = parse_int(name, v)?,
            "natural.enabled" => self.naturals = parse_naturals(name, v)?,
            "natural.values" => {
                for (kind, value) in parse_naturals(name, v)? {
                    match self.naturals.iter_mut().find(|(k, _)| *k == kind) {
                        Some(entry) => entry.1 = value,
                        None => {
                            return Err(rules_err(
                                name,
                                format!("{} is not enabled (set natural.enabled)", kind.as_str()),
                            ))
                        }
                    }
                }
            }
            "natural.precedence" => {
                let order = parse_naturals(name, v)?;
                let mut out = Vec::with_capacity(order.len());
                for (kind, _) in &order {
                    match self.naturals.iter().find(|(k, _)| k == kind) {
                        Some(entry) => out.push(*entry),
                        None => {
                            return Err(rules_err(
                                name,
                                format!("{} is not enabled (set natural.enabled)", kind.as_str()),
                            ))
                        }
                    }
                }
                if out.len() != self.naturals.len() {
                    return Err(rules_err(
                        name,
                        "the precedence must list every enabled natural exactly once",
                    ));
                }
                self.naturals = out;
            }
            "natural.declare" => self.natural_declare = NaturalDeclare::parse(name, v)?,
            "natural.vs_natural" => self.vs_natural = VsNatural::parse(name, v)?,
            "natural.require_legal_setting" => {
                self.natural_require_legal_setting = parse_bool(name, v)?
            }
            "nat.six_pairs.quads_as_two_pairs" => {
                self.six_pairs_quads_as_two_pairs = parse_bool(name, v)?
            }
            "nat.six_pairs.allow_trips" => self.six_pairs_allow_trips = parse_bool(name, v)?,
            "nat.front_run.ace" => self.front_run_ace = FrontRunAce::parse(name, v)?,
            "nat.twelve_royals.def" => self.twelve_royals_def = TwelveRoyalsDef::parse(name, v)?,
            "nat.no_pictures.ace_is_picture" => {
                self.no_pictures_ace_is_picture = parse_bool(name, v)?
            }
            _ => {
                return Err(Error::UnknownOption {
                    option: "option name".into(),
                    value: name.into(),
                    allowed: quote_list(&OPTION_NAMES),
                })
            }
        }
        Ok(())
    }

    /// The value string of one option (the spelling `set` accepts).
    pub fn get(&self, name: &str) -> Result<String> {
        let b = |x: bool| x.to_string();
        Ok(match name {
            "game" => self.game.as_str().into(),
            "rank.wheel" => match self.wheel {
                Wheel::Lowest => "lowest".into(),
                Wheel::SecondHighest => "second_highest".into(),
            },
            "tie.suit_order" => suit_order_str(self.suit_order),
            "tie.flush_suit_first" => b(self.flush_suit_first),
            "tie.compare_depth" => self.compare_depth.as_str().into(),
            "tie.banker_wins_ties" => b(self.banker_wins_ties),
            "order.mode" => self.order_mode.as_str().into(),
            "order.cross_size_prefix" => self.cross_size_prefix.as_str().into(),
            "order.same_category_ok" => b(self.same_category_ok),
            "score.method" => self.method.as_str().into(),
            "score.overall_point_rule" => self.overall_point_rule.as_str().into(),
            "score.scoop_multiplier" => self.scoop_multiplier.to_string(),
            "score.scoop_multiplier_all" => self.scoop_multiplier_all.to_string(),
            "score.scoop_multiplier_scope" => self.scoop_multiplier_scope.as_str().into(),
            "score.table_best_row_payer" => self.table_best_row_payer.as_str().into(),
            "score.russian_table.scoop" => self.russian_table_scoop.to_string(),
            "score.russian_match.points" => self.russian_match_points.to_string(),
            "foul.penalty" => match self.foul_penalty {
                FoulPenalty::ScoopEquivalent => "scoop_equivalent".into(),
                FoulPenalty::Fixed(n) => format!("fixed({n})"),
            },
            "surrender.allowed" => b(self.surrender_allowed),
            "surrender.cost" => match self.surrender_cost {
                SurrenderCost::MethodBased => "method_based".into(),
                SurrenderCost::AsLostTwoRows => "as_lost_two_rows".into(),
                SurrenderCost::Fixed(n) => n.to_string(),
            },
            "table.topology" => self.topology.as_str().into(),
            "table.banker" => self.banker.to_string(),
            "banker.pusoy_payoff" => b(self.pusoy_payoff),
            "pot.ante" => self.pot_ante.to_string(),
            "pot.carry_over" => b(self.pot_carry_over),
            "royalty.table" => self.royalty_table.to_spec(),
            "royalty.mode" => self.royalty_mode.as_str().into(),
            "royalty.cancel_when_both_qualify" => b(self.royalty_cancel_when_both_qualify),
            "royalty.one_per_row" => b(self.royalty_one_per_row),
            "royalty.from_dealt_cards" => b(self.royalty_from_dealt_cards),
            "royalty.declare_required" => b(self.royalty_declare_required),
            "royalty.middle_premium" => self.royalty_middle_premium.to_string(),
            "natural.enabled" | "natural.values" => naturals_str(&self.naturals),
            "natural.precedence" => {
                if self.naturals.is_empty() {
                    "none".into()
                } else {
                    self.naturals
                        .iter()
                        .map(|(k, _)| k.as_str())
                        .collect::<Vec<_>>()
                        .join(",")
                }
            }
            "natural.declare" => self.natural_declare.as_str().into(),
            "natural.vs_natural" => self.vs_natural.as_str().into(),
            "natural.require_legal_setting" => b(self.natural_require_legal_setting),
            "nat.six_pairs.quads_as_two_pairs" => b(self.six_pairs_quads_as_two_pairs),
            "nat.six_pairs.allow_trips" => b(self.six_pairs_allow_trips),
            "nat.front_run.ace" => self.front_run_ace.as_str().into(),
            "nat.twelve_royals.def" => self.twelve_royals_def.as_str().into(),
            "nat.no_pictures.ace_is_picture" => b(self.no_pictures_ace_is_picture),
            _ => {
                return Err(Error::UnknownOption {
                    option: "option name".into(),
                    value: name.into(),
                    allowed: quote_list(&OPTION_NAMES[..41]),
                })
            }
        })
    }

    /// Every option as `(name, value)`, in [`OPTION_NAMES`] order; `from_pairs`
    /// of the result rebuilds these rules exactly.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        // The first 41 names are the canonical options; the rest are views/aliases.
        OPTION_NAMES[..41]
            .iter()
            .filter_map(|&n| self.get(n).ok().map(|v| (n.to_string(), v)))
            .collect()
    }

    /// Rules from `(name, value)` pairs applied in order to the defaults (a
    /// `("preset", id)` pair resets to that preset), then validated.
    pub fn from_pairs<S: AsRef<str>, T: AsRef<str>>(pairs: &[(S, T)]) -> Result<Rules> {
        let mut r = Rules::default();
        for (n, v) in pairs {
            r.set(n.as_ref(), v.as_ref())?;
        }
        r.validate()?;
        Ok(r)
    }

    /// Checks ranges and contradictory combinations; the error names the option.
    pub fn validate(&self) -> Result<()> {
        let multiplier = 1..=MAX_MULTIPLIER;
        check_range("score.scoop_multiplier", self.scoop_multiplier, &multiplier)?;
        check_range(
            "score.scoop_multiplier_all",
            self.scoop_multiplier_all,
            &multiplier,
        )?;
        let amount = 0..=MAX_POINTS;
        check_range(
            "score.russian_table.scoop",
            self.russian_table_scoop,
            &amount,
        )?;
        if !(1..=2).contains(&self.russian_match_points) {
            return Err(rules_err(
                "score.russian_match.points",
                "a match win is worth 1 or 2 points (RULES §4.5)",
            ));
        }
        if let FoulPenalty::Fixed(n) = self.foul_penalty {
            check_range("foul.penalty", n, &amount)?;
        }
        if let SurrenderCost::Fixed(n) = self.surrender_cost {
            check_range("surrender.cost", n, &amount)?;
        }
        check_range(
            "royalty.middle_premium",
            self.royalty_middle_premium,
            &amount,
        )?;
        if let Some(v) = self.royalty_table.values().find(|v| !amount.contains(v)) {
            check_range("royalty.table", v, &amount)?;
        }
        if self.banker > 3 {
            return Err(rules_err("table.banker", "the banker's seat is 0..3"));
        }
        check_range("pot.ante", self.pot_ante, &(1..=MAX_POINTS))?;
        if self.flush_suit_first && self.suit_order.is_none() {
            return Err(rules_err(
                "tie.flush_suit_first",
                "needs tie.suit_order (there is no suit to compare first)",
            ));
        }
        let banker = self.topology == Topology::Banker;
        if self.banker_wins_ties && !banker {
            return Err(rules_err(
                "tie.banker_wins_ties",
                "needs table.topology = banker (there is no banker to win ties)",
            ));
        }
        if self.pusoy_payoff && !banker {
            return Err(rules_err(
                "banker.pusoy_payoff",
                "needs table.topology = banker",
            ));
        }
        if self.vs_natural == VsNatural::BankerPaysPlayer && !banker {
            return Err(rules_err(
                "natural.vs_natural",
                "banker_pays_player needs table.topology = banker",
            ));
        }
        if self.method == ScoreMethod::RussianTable
            && matches!(
                self.topology,
                Topology::Banker | Topology::PotPerRow | Topology::PotOnlyWinner
            )
        {
            return Err(rules_err(
                "score.method",
                "russian_table compares every player with the whole table: it needs table.topology = peer",
            ));
        }
        if self.pusoy_payoff && self.method == ScoreMethod::RussianTable {
            return Err(rules_err(
                "banker.pusoy_payoff",
                "contradicts score.method = russian_table",
            ));
        }
        for (kind, value) in &self.naturals {
            if !amount.contains(value) {
                return Err(rules_err(
                    "natural.enabled",
                    format!(
                        "{} is worth {value}; a value is 0 to {MAX_POINTS} points",
                        kind.as_str()
                    ),
                ));
            }
        }
        for (i, (kind, _)) in self.naturals.iter().enumerate() {
            if self.naturals[..i].iter().any(|(k, _)| k == kind) {
                return Err(rules_err(
                    "natural.enabled",
                    format!("{} is listed twice", kind.as_str()),
                ));
            }
        }
        Ok(())
    }

    /// The value and precedence (index in `natural.enabled`) of a natural, if enabled.
    pub fn natural_value(&self, kind: NaturalKind) -> Option<(i64, usize)> {
        self.naturals
            .iter()
            .position(|(k, _)| *k == kind)
            .map(|i| (self.naturals[i].1, i))
    }
}

#[cfg(test)]
// Tests start from a preset or the defaults and change one option at a time.
#[allow(clippy::field_reassign_with_default)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_validates_and_round_trips() {
        for name in Rules::preset_names() {
            let r = Rules::preset(name).unwrap();
            r.validate().unwrap();
            let pairs = r.to_pairs();
            assert_eq!(pairs.len(), 41);
            let back = Rules::from_pairs(&pairs).unwrap();
            assert_eq!(back, r, "{name}");
        }
        assert!(matches!(
            Rules::preset("nope"),
            Err(Error::UnknownOption { .. })
        ));
    }

    #[test]
    fn default_is_the_plain_game_rules_13() {
        let r = Rules::default();
        assert_eq!(r.method, ScoreMethod::OneSix);
        assert!(r.naturals.is_empty());
        assert!(r.royalty_table.is_empty());
        assert_eq!(r.order_mode, OrderMode::NonStrict);
        r.validate().unwrap();
    }

    #[test]
    fn set_parses_rules_spellings() {
        let mut r = Rules::default();
        r.set("order.mode", "strict_front_only").unwrap();
        r.set("score.method", "1-3").unwrap();
        assert_eq!(r.method, ScoreMethod::PerRow);
        r.set("foul.penalty", "fixed(6)").unwrap();
        assert_eq!(r.foul_penalty, FoulPenalty::Fixed(6));
        r.set("tie.suit_order", "S>H>D>C").unwrap();
        assert_eq!(r.get("tie.suit_order").unwrap(), "SHDC");
        r.set("natural.enabled", "SIX_PAIRS,DRAGON:13").unwrap();
        r.set("natural.precedence", "DRAGON,SIX_PAIRS").unwrap();
        assert_eq!(r.get("natural.enabled").unwrap(), "DRAGON:13,SIX_PAIRS:3");
        r.set("natural.values", "SIX_PAIRS:4").unwrap();
        assert_eq!(r.natural_value(NaturalKind::SixPairs), Some((4, 1)));
        assert!(r.set("natural.enabled", "NO_PICTURES").is_err());
        let e = r.set("order.mode", "sideways").unwrap_err();
        assert!(e.to_string().contains("order.mode"));
        assert!(r.set("bogus.option", "1").is_err());
        r.set("royalty.table", "front.trips.A=5,back.quads=4")
            .unwrap();
        let spec = r.get("royalty.table").unwrap();
        let mut r2 = Rules::default();
        r2.set("royalty.table", &spec).unwrap();
        assert_eq!(r2.royalty_table, r.royalty_table);
    }

    #[test]
    fn validate_names_the_contradicting_option() {
        let mut r = Rules::default();
        r.banker_wins_ties = true;
        assert!(
            matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "tie.banker_wins_ties")
        );
        let mut r = Rules::default();
        r.flush_suit_first = true;
        assert!(
            matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "tie.flush_suit_first")
        );
        let mut r = Rules::default();
        r.method = ScoreMethod::RussianTable;
        r.topology = Topology::Banker;
        assert!(
            matches!(r.validate(), Err(Error::Rules { option, .. }) if option == "score.method")
        );
        let e = Rules::from_pairs(&[("score.scoop_multiplier", "0")]).unwrap_err();
        assert!(matches!(e, Error::Rules { option, .. } if option == "score.scoop_multiplier"));
        let e = Rules::from_pairs(&[("natural.vs_natural", "banker_pays_player")]).unwrap_err();
        assert!(matches!(e, Error::Rules { option, .. } if option == "natural.vs_natural"));
    }
}
