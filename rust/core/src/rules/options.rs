//! The option table: every option once, with its kind, default, accepted
//! values, help sentence and how it reads and writes [`Rules`].
//!
//! `Rules::set`, `Rules::get`, `to_pairs`, `from_pairs`, [`OPTION_NAMES`], the
//! range checks of `validate`, `Rules::plain()` and the option section of
//! `docs/rules.md` are all produced from [`OPTIONS`], so an option added here
//! is parsed, printed, checked and documented without a second list.

use super::naturals::NaturalKind;
use super::parse::{
    naturals_str, parse_bool, parse_fixed, parse_int, parse_naturals, parse_suit_order, rules_err,
    suit_order_str, MAX_MULTIPLIER, MAX_POINTS,
};
use super::royalty_tables::RoyaltyTable;
use super::values::{
    quote_list, CompareDepth, CrossSizePrefix, FantasylandStay, FoulPenalty, FrontRunAce, Game,
    NaturalDeclare, OrderMode, OverallPointRule, RoyaltyMode, ScoopScope, ScoreMethod,
    SurrenderCost, TableBestRowPayer, Topology, TwelveRoyalsDef, VsNatural,
};
use super::Rules;
use crate::error::{Error, Result};
use crate::eval::Wheel;

/// The kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false` (also `True`/`False`, `1`/`0`, `yes`/`no`, `on`/`off`).
    Bool,
    /// An integer; `validate` rejects one outside `min..=max` with `out_of_range`
    /// as the reason when given, a generic range message otherwise.
    Integer {
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
        /// The reason given for a value outside the range, when the generic one would mislead.
        out_of_range: Option<&'static str>,
    },
    /// One of a fixed list of names.
    Choice(&'static [&'static str]),
    /// A structured string, described in words.
    Text(&'static str),
}

/// What an option is to `to_pairs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionRole {
    /// A value of its own: `to_pairs` writes it and `from_pairs` of those pairs rebuilds the rules.
    Value,
    /// Another way to write (part of) a value option; accepted by `set`, not written.
    View,
    /// An action of `set` (reset to a preset), with nothing to read back.
    Action,
}

/// How an option reads and writes the rules. Booleans and integers are parsed
/// here so that their spellings and errors are the same for every option.
#[derive(Clone, Copy)]
enum Access {
    Bool(fn(&Rules) -> bool, fn(&mut Rules, bool)),
    Int(fn(&Rules) -> i64, fn(&mut Rules, &str, i64) -> Result<()>),
    Str(
        fn(&Rules) -> String,
        fn(&mut Rules, &str, &str) -> Result<()>,
    ),
    /// Write-only (`preset`, the views): `set` only.
    SetOnly(fn(&mut Rules, &str, &str) -> Result<()>),
}

/// One option: its name as RULES §9 spells it, what it takes, its default and
/// a help sentence, and the section of `docs/rules.md` that explains it.
#[derive(Clone, Copy)]
pub struct RuleOption {
    /// The dotted name (`order.mode`).
    pub name: &'static str,
    /// The kind of value.
    pub kind: OptionKind,
    /// The value of `Rules::plain()` (the plain game), as `get` writes it.
    pub default: &'static str,
    /// What the option decides, in a sentence.
    pub help: &'static str,
    /// The section of `docs/rules.md` (numbered as RULES) that explains it.
    pub section: &'static str,
    /// Whether `to_pairs` writes it.
    pub role: OptionRole,
    access: Access,
    /// A check of the values inside a structured option (ranges of amounts, repeats).
    check: Option<fn(&Rules) -> Result<()>>,
}

impl std::fmt::Debug for RuleOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleOption")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("default", &self.default)
            .field("role", &self.role)
            .finish_non_exhaustive()
    }
}

impl RuleOption {
    /// The value string of this option in `rules`; `None` for an action (`preset`).
    pub fn read(&self, rules: &Rules) -> Option<String> {
        match self.access {
            Access::Bool(get, _) => Some(get(rules).to_string()),
            Access::Int(get, _) => Some(get(rules).to_string()),
            Access::Str(get, _) => Some(get(rules)),
            Access::SetOnly(_) => None,
        }
    }

    /// Writes this option from a (trimmed) value string, without the
    /// cross-option checks of `validate`.
    pub(crate) fn write(&self, rules: &mut Rules, value: &str) -> Result<()> {
        match self.access {
            Access::Bool(_, set) => {
                set(rules, parse_bool(self.name, value)?);
                Ok(())
            }
            Access::Int(_, set) => set(rules, self.name, parse_int(self.name, value)?),
            Access::Str(_, set) | Access::SetOnly(set) => set(rules, self.name, value),
        }
    }

    /// The range check of an integer option and the inner check of a structured one.
    pub(crate) fn check(&self, rules: &Rules) -> Result<()> {
        if let (
            OptionKind::Integer {
                min,
                max,
                out_of_range,
            },
            Access::Int(get, _),
        ) = (self.kind, self.access)
        {
            let value = get(rules);
            if !(min..=max).contains(&value) {
                return Err(match out_of_range {
                    Some(reason) => rules_err(self.name, reason),
                    None => range_err(self.name, value, min, max),
                });
            }
        }
        match self.check {
            Some(check) => check(rules),
            None => Ok(()),
        }
    }

    /// The accepted values in words, as the documentation lists them.
    pub fn values(&self) -> String {
        match self.kind {
            OptionKind::Bool => "`true`, `false`".into(),
            OptionKind::Integer { min, max, .. } => format!("an integer from {min} to {max}"),
            OptionKind::Choice(names) => names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", "),
            OptionKind::Text(words) => words.into(),
        }
    }
}

/// The generic out-of-range error of an integer or an amount inside a structured option.
pub(crate) fn range_err(option: &str, value: i64, min: i64, max: i64) -> Error {
    rules_err(
        option,
        format!("{value} is out of range (it must be {min} to {max})"),
    )
}

/// An amount (royalty, natural, fixed penalty) within `0..=MAX_POINTS`.
fn check_amount(option: &str, value: i64) -> Result<()> {
    if (0..=MAX_POINTS).contains(&value) {
        Ok(())
    } else {
        Err(range_err(option, value, 0, MAX_POINTS))
    }
}

/// A bool option on a field.
macro_rules! bool_opt {
    ($name:literal, $field:ident, $default:literal, $section:literal, $help:literal) => {
        RuleOption {
            name: $name,
            kind: OptionKind::Bool,
            default: $default,
            help: $help,
            section: $section,
            role: OptionRole::Value,
            access: Access::Bool(|r| r.$field, |r, x| r.$field = x),
            check: None,
        }
    };
}

/// An integer option on an `i64` field, range-checked by `validate`.
macro_rules! int_opt {
    ($name:literal, $field:ident, $min:expr, $max:expr, $default:literal, $section:literal, $help:literal) => {
        RuleOption {
            name: $name,
            kind: OptionKind::Integer {
                min: $min,
                max: $max,
                out_of_range: None,
            },
            default: $default,
            help: $help,
            section: $section,
            role: OptionRole::Value,
            access: Access::Int(
                |r| r.$field,
                |r, _, x| {
                    r.$field = x;
                    Ok(())
                },
            ),
            check: None,
        }
    };
}

/// A choice option on a field of a `string_enum!` type.
macro_rules! choice_opt {
    ($name:literal, $field:ident, $ty:ident, $default:literal, $section:literal, $help:literal) => {
        RuleOption {
            name: $name,
            kind: OptionKind::Choice($ty::NAMES),
            default: $default,
            help: $help,
            section: $section,
            role: OptionRole::Value,
            access: Access::Str(
                |r| r.$field.as_str().into(),
                |r, n, v| {
                    r.$field = $ty::parse(n, v)?;
                    Ok(())
                },
            ),
            check: None,
        }
    };
}

/// The options in the order `to_pairs` writes them; the views and `preset` last.
pub const OPTIONS: &[RuleOption] = &[
    choice_opt!("game", game, Game, "closed", "§7",
        "Which game is scored: closed 13-card Chinese poker or the finished boards of open-face (Pineapple deals three cards a street)."),
    RuleOption {
        name: "rank.wheel",
        kind: OptionKind::Choice(&["lowest", "second_highest"]),
        default: "lowest",
        help: "Where A-2-3-4-5 ranks among the straights (and straight flushes): the lowest, or just below the ace-high one.",
        section: "§2.2",
        role: OptionRole::Value,
        access: Access::Str(
            |r| match r.wheel {
                Wheel::Lowest => "lowest".into(),
                Wheel::SecondHighest => "second_highest".into(),
            },
            |r, n, v| {
                r.wheel = match v {
                    "lowest" => Wheel::Lowest,
                    "second_highest" => Wheel::SecondHighest,
                    _ => {
                        return Err(Error::UnknownOption {
                            option: n.into(),
                            value: v.into(),
                            allowed: quote_list(&["lowest", "second_highest"]),
                        })
                    }
                };
                Ok(())
            },
        ),
        check: None,
    },
    RuleOption {
        name: "tie.suit_order",
        kind: OptionKind::Text("`none`, or the four suit letters strongest first (`SHDC`, also written `S>H>D>C`, any case)"),
        default: "none",
        help: "Breaks otherwise exact ties between rows by the suit of the deciding card; `none` leaves them tied.",
        section: "§2.5",
        role: OptionRole::Value,
        access: Access::Str(
            |r| suit_order_str(r.suit_order),
            |r, n, v| {
                r.suit_order = parse_suit_order(n, v)?;
                Ok(())
            },
        ),
        check: None,
    },
    bool_opt!("tie.flush_suit_first", flush_suit_first, "false", "§2.5",
        "Two flushes are compared by suit before rank (needs `tie.suit_order`)."),
    choice_opt!("tie.compare_depth", compare_depth, CompareDepth, "full", "§2.5",
        "How deep equal categories are compared: the whole key, or only the top card (the Hong Kong banker rule)."),
    bool_opt!("tie.banker_wins_ties", banker_wins_ties, "false", "§2.5",
        "A row that ties against the banker goes to the banker (needs `table.topology = banker`)."),
    choice_opt!("order.mode", order_mode, OrderMode, "non_strict", "§3.1",
        "How the rows must be ordered: back at least middle at least front, strictly stronger each, or strictly stronger only at the front."),
    choice_opt!("order.cross_size_prefix", cross_size_prefix, CrossSizePrefix, "equal", "§3.2",
        "A 3-card front whose cards equal the first cards of the middle's key: counts as equal, or the 5-card row counts as stronger."),
    bool_opt!("order.same_category_ok", same_category_ok, "false", "§3.1",
        "A setting whose rows are of the same category (a pair in front and middle) is legal whatever their keys."),
    RuleOption {
        name: "score.method",
        kind: OptionKind::Choice(ScoreMethod::NAMES),
        default: "1-6",
        help: "How a pair of players settles the three rows and the scoop; `1-3` is accepted as another spelling of `per_row`.",
        section: "§4.3",
        role: OptionRole::Value,
        access: Access::Str(
            |r| r.method.as_str().into(),
            |r, n, v| {
                r.method = if v == "1-3" {
                    ScoreMethod::PerRow
                } else {
                    ScoreMethod::parse(n, v)?
                };
                Ok(())
            },
        ),
        check: None,
    },
    choice_opt!("score.overall_point_rule", overall_point_rule, OverallPointRule, "wins_at_least_two", "§4.3",
        "Who takes the overall point of 2-4 and 2-6: the winner of two or three rows, or the player whose row sum is positive."),
    int_opt!("score.scoop_multiplier", scoop_multiplier, 1, MAX_MULTIPLIER, "1", "§4.4",
        "The factor on a pair's result when one player wins all three rows against the other."),
    int_opt!("score.scoop_multiplier_all", scoop_multiplier_all, 1, MAX_MULTIPLIER, "1", "§4.4",
        "A further factor when one player scoops every opponent at the table."),
    choice_opt!("score.scoop_multiplier_scope", scoop_multiplier_scope, ScoopScope, "rows_only", "§4.4",
        "Whether the scoop multipliers also multiply royalties."),
    choice_opt!("score.table_best_row_payer", table_best_row_payer, TableBestRowPayer, "each_opponent", "§4.5",
        "Under `russian_table`, who pays for a row that is best at the table: every other player 1, or the others sharing 1."),
    int_opt!("score.russian_table.scoop", russian_table_scoop, 0, MAX_POINTS, "6", "§4.5",
        "What a scoop is worth under `russian_table`."),
    RuleOption {
        name: "score.russian_match.points",
        kind: OptionKind::Integer {
            min: 1,
            max: 2,
            out_of_range: Some("a match win is worth 1 or 2 points (RULES §4.5)"),
        },
        default: "1",
        help: "What a won match is worth under `russian_match`: 1 (scored as 1-6) or 2 (scored as 2-6).",
        section: "§4.5",
        role: OptionRole::Value,
        access: Access::Int(
            |r| r.russian_match_points,
            |r, _, x| {
                r.russian_match_points = x;
                Ok(())
            },
        ),
        check: None,
    },
    RuleOption {
        name: "foul.penalty",
        kind: OptionKind::Text("`scoop_equivalent`, or `fixed(n)` (also `fixed:n` or a bare integer) with n from 0 to 10000"),
        default: "scoop_equivalent",
        help: "What a fouled hand pays each legal opponent: as if scooped under the method, or a fixed number of units (plus royalties).",
        section: "§4.7",
        role: OptionRole::Value,
        access: Access::Str(
            |r| match r.foul_penalty {
                FoulPenalty::ScoopEquivalent => "scoop_equivalent".into(),
                FoulPenalty::Fixed(n) => format!("fixed({n})"),
            },
            |r, n, v| {
                r.foul_penalty = if v == "scoop_equivalent" {
                    FoulPenalty::ScoopEquivalent
                } else {
                    match parse_fixed(n, v)? {
                        Some(x) => FoulPenalty::Fixed(x),
                        None => {
                            return Err(Error::UnknownOption {
                                option: n.into(),
                                value: v.into(),
                                allowed: quote_list(&["scoop_equivalent", "fixed(n)"]),
                            })
                        }
                    }
                };
                Ok(())
            },
        ),
        check: Some(|r| match r.foul_penalty {
            FoulPenalty::Fixed(n) => check_amount("foul.penalty", n),
            FoulPenalty::ScoopEquivalent => Ok(()),
        }),
    },
    bool_opt!("surrender.allowed", surrender_allowed, "true", "§4.8",
        "Whether a player may surrender (fold) his hand for a fixed cost instead of playing it."),
    RuleOption {
        name: "surrender.cost",
        kind: OptionKind::Text("`method_based` (also `method`), `as_lost_two_rows`, or an integer from 0 to 10000 (also `fixed(n)`)"),
        default: "method_based",
        help: "What a surrender costs per opponent: 3 under 1-6 and 2 otherwise, the result of losing two rows and winning one, or a fixed number.",
        section: "§4.8",
        role: OptionRole::Value,
        access: Access::Str(
            |r| match r.surrender_cost {
                SurrenderCost::MethodBased => "method_based".into(),
                SurrenderCost::AsLostTwoRows => "as_lost_two_rows".into(),
                SurrenderCost::Fixed(n) => n.to_string(),
            },
            |r, n, v| {
                r.surrender_cost = match v {
                    "method_based" | "method" => SurrenderCost::MethodBased,
                    "as_lost_two_rows" => SurrenderCost::AsLostTwoRows,
                    _ => match parse_fixed(n, v)? {
                        Some(x) => SurrenderCost::Fixed(x),
                        None => {
                            return Err(Error::UnknownOption {
                                option: n.into(),
                                value: v.into(),
                                allowed: quote_list(&[
                                    "method_based",
                                    "as_lost_two_rows",
                                    "an integer",
                                ]),
                            })
                        }
                    },
                };
                Ok(())
            },
        ),
        check: Some(|r| match r.surrender_cost {
            SurrenderCost::Fixed(n) => check_amount("surrender.cost", n),
            _ => Ok(()),
        }),
    },
    choice_opt!("table.topology", topology, Topology, "peer", "§4.9",
        "Who settles with whom: every pair, every player with the banker, or pots won by the best row or the only two-row winner."),
    RuleOption {
        name: "table.banker",
        kind: OptionKind::Integer {
            min: 0,
            max: 3,
            out_of_range: Some("the banker's seat is 0..3"),
        },
        default: "0",
        help: "The banker's seat under `table.topology = banker`.",
        section: "§4.9",
        role: OptionRole::Value,
        access: Access::Int(
            |r| r.banker as i64,
            |r, n, x| {
                r.banker =
                    usize::try_from(x).map_err(|_| rules_err(n, "the banker's seat is 0..3"))?;
                Ok(())
            },
        ),
        check: None,
    },
    bool_opt!("banker.pusoy_payoff", pusoy_payoff, "false", "§4.9",
        "The Philippine bet against the banker: two rows win one bet, three rows two, one row loses one, none loses two."),
    int_opt!("pot.ante", pot_ante, 1, MAX_POINTS, "1", "§4.10",
        "The units each player puts into a pot (into each row's pot under `pot_per_row`)."),
    bool_opt!("pot.carry_over", pot_carry_over, "true", "§4.10",
        "Under `pot_only_winner`, a pot nobody wins stays on the table for the next deal."),
    RuleOption {
        name: "royalty.table",
        kind: OptionKind::Text("a table name (`none`, `A`, `A_prime`, `A_double_prime`, `B`, `C`, `G`, `C_modern`, `H`, `D`, `E`, `F`, `F_flat`, `ofc_main`, `ofc_alt1`, `ofc_alt2`, `ofc_us`, `ofc_legacy_gem`) or a list such as `front.trips=3,front.pair.Q=7,middle.full_house=2`; amounts 0 to 10000"),
        default: "none",
        help: "The bonus each row's hand earns: a named table of §5.2 and §5.3, or a custom list of row.hand=value entries.",
        section: "§5.2",
        role: OptionRole::Value,
        access: Access::Str(
            |r| r.royalty_table.to_spec(),
            |r, _, v| {
                r.royalty_table = RoyaltyTable::parse(v)?;
                Ok(())
            },
        ),
        check: Some(|r| match r.royalty_table.values().find(|&v| !(0..=MAX_POINTS).contains(&v)) {
            Some(v) => check_amount("royalty.table", v),
            None => Ok(()),
        }),
    },
    choice_opt!("royalty.mode", royalty_mode, RoyaltyMode, "replace_if_won", "§5.1",
        "How a royalty is paid: instead of the row unit when the row wins, on top of it when it wins, or always, won or lost."),
    bool_opt!("royalty.cancel_when_both_qualify", royalty_cancel_when_both_qualify, "false", "§5.1",
        "When both players hold a royalty in the same row, neither is paid."),
    bool_opt!("royalty.one_per_row", royalty_one_per_row, "true", "§5.1",
        "A row collects only its best royalty; off, a middle four of a kind or straight flush also collects the middle full-house entry."),
    bool_opt!("royalty.from_dealt_cards", royalty_from_dealt_cards, "false", "§5.1",
        "A four of a kind or straight flush that was dealt but broken up by the setting still earns its back-row royalty."),
    bool_opt!("royalty.declare_required", royalty_declare_required, "false", "§5.1",
        "A royalty is paid only when the player declared it."),
    int_opt!("royalty.middle_premium", royalty_middle_premium, 0, MAX_POINTS, "0", "§4.6",
        "Extra units on a priced middle four of a kind or straight flush."),
    RuleOption {
        name: "natural.enabled",
        kind: OptionKind::Text("`none`, or a comma list of naturals (§6.2 names) each optionally with its value, `SIX_PAIRS:3,DRAGON:13`, weakest first; values 0 to 10000"),
        default: "none",
        help: "Which naturals count, what each is worth per opponent, and their precedence (later in the list beats earlier).",
        section: "§6.3",
        role: OptionRole::Value,
        access: Access::Str(
            |r| naturals_str(&r.naturals),
            |r, n, v| {
                r.naturals = parse_naturals(n, v)?;
                Ok(())
            },
        ),
        check: Some(check_naturals),
    },
    choice_opt!("natural.declare", natural_declare, NaturalDeclare, "optional", "§6.1",
        "Who claims a natural: the caller, the engine for every hand that has one (mandatory), or the engine claiming the best one (auto)."),
    choice_opt!("natural.vs_natural", vs_natural, VsNatural, "winner_takes_own_value", "§6.4",
        "What two naturals exchange: the better one's value, the difference, the banker pays the player's value, or nothing."),
    bool_opt!("natural.require_legal_setting", natural_require_legal_setting, "false", "§6.1",
        "A declared natural's cards must also be set as a legal (unfouled) hand."),
    bool_opt!("nat.six_pairs.quads_as_two_pairs", six_pairs_quads_as_two_pairs, "true", "§6.2",
        "A four of a kind counts as two of the six pairs."),
    bool_opt!("nat.six_pairs.allow_trips", six_pairs_allow_trips, "true", "§6.2",
        "Six pairs may include a three of a kind (pair plus odd card)."),
    choice_opt!("nat.front_run.ace", front_run_ace, FrontRunAce, "both", "§6.2",
        "Which 3-card runs with an ace count for three straights: A-2-3 and Q-K-A, only Q-K-A, or only A-2-3."),
    choice_opt!("nat.twelve_royals.def", twelve_royals_def, TwelveRoyalsDef, "jqk_plus_any", "§6.2",
        "What twelve pictures means: all twelve J, Q, K plus any card, or all thirteen cards from J, Q, K, A."),
    bool_opt!("nat.no_pictures.ace_is_picture", no_pictures_ace_is_picture, "true", "§6.2",
        "For no pictures, the ace counts as a picture card."),
    bool_opt!("fl.enabled", fl_enabled, "false", "§7.5",
        "Open-face: a legal board with queens or better in the front earns a Fantasyland deal."),
    int_opt!("fl.cards", fl_cards, 13, 17, "14", "§7.5",
        "Open-face: the cards dealt at once to a player entering Fantasyland (those beyond 13 are discarded)."),
    bool_opt!("fl.progressive", fl_progressive, "false", "§7.5",
        "Open-face: the entry deal grows with the front: QQ 14 cards, KK 15, AA 16, trips 17."),
    int_opt!("fl.repeat_cards", fl_repeat_cards, 13, 17, "14", "§7.5",
        "Open-face: the cards dealt to a player who stays in Fantasyland."),
    RuleOption {
        name: "fl.stay",
        kind: OptionKind::Text("`none`, or a comma list of `front_trips`, `back_quads_plus`, `middle_fh_plus`"),
        default: "front_trips,back_quads_plus",
        help: "Open-face: the finished boards that keep a Fantasyland player in Fantasyland for another deal.",
        section: "§7.5",
        role: OptionRole::Value,
        access: Access::Str(
            |r| r.fl_stay.to_spec(),
            |r, n, v| {
                r.fl_stay = FantasylandStay::parse(n, v)?;
                Ok(())
            },
        ),
        check: None,
    },
    RuleOption {
        name: "natural.values",
        kind: OptionKind::Text("a comma list `NAME:value` of enabled naturals"),
        default: "none",
        help: "Changes the values of naturals already enabled, keeping their precedence.",
        section: "§6.3",
        role: OptionRole::View,
        access: Access::Str(
            |r| naturals_str(&r.naturals),
            |r, n, v| {
                for (kind, value) in parse_naturals(n, v)? {
                    match r.naturals.iter_mut().find(|(k, _)| *k == kind) {
                        Some(entry) => entry.1 = value,
                        None => return Err(not_enabled(n, kind)),
                    }
                }
                Ok(())
            },
        ),
        check: None,
    },
    RuleOption {
        name: "natural.precedence",
        kind: OptionKind::Text("every enabled natural once, comma-separated, weakest first"),
        default: "none",
        help: "Reorders the enabled naturals, keeping their values.",
        section: "§6.3",
        role: OptionRole::View,
        access: Access::Str(
            |r| {
                if r.naturals.is_empty() {
                    "none".into()
                } else {
                    r.naturals
                        .iter()
                        .map(|(k, _)| k.as_str())
                        .collect::<Vec<_>>()
                        .join(",")
                }
            },
            |r, n, v| {
                let order = parse_naturals(n, v)?;
                let mut out = Vec::with_capacity(order.len());
                for (kind, _) in &order {
                    match r.naturals.iter().find(|(k, _)| k == kind) {
                        Some(entry) => out.push(*entry),
                        None => return Err(not_enabled(n, *kind)),
                    }
                }
                if out.len() != r.naturals.len() {
                    return Err(rules_err(
                        n,
                        "the precedence must list every enabled natural exactly once",
                    ));
                }
                r.naturals = out;
                Ok(())
            },
        ),
        check: None,
    },
    RuleOption {
        name: "preset",
        kind: OptionKind::Text("a preset id (§8)"),
        default: "",
        help: "Resets every option to a preset; options given after it change the preset.",
        section: "§8",
        role: OptionRole::Action,
        access: Access::SetOnly(|r, _, v| {
            *r = Rules::preset(v)?;
            Ok(())
        }),
        check: None,
    },
];

fn not_enabled(option: &str, kind: NaturalKind) -> Error {
    rules_err(
        option,
        format!("{} is not enabled (set natural.enabled)", kind.as_str()),
    )
}

/// Every natural's value is an amount and no natural is listed twice.
fn check_naturals(r: &Rules) -> Result<()> {
    for (kind, value) in &r.naturals {
        if !(0..=MAX_POINTS).contains(value) {
            return Err(rules_err(
                "natural.enabled",
                format!(
                    "{} is worth {value}; a value is 0 to {MAX_POINTS} points",
                    kind.as_str()
                ),
            ));
        }
    }
    for (i, (kind, _)) in r.naturals.iter().enumerate() {
        if r.naturals[..i].iter().any(|(k, _)| k == kind) {
            return Err(rules_err(
                "natural.enabled",
                format!("{} is listed twice", kind.as_str()),
            ));
        }
    }
    Ok(())
}

/// How many options the table holds.
pub const OPTION_COUNT: usize = OPTIONS.len();

/// How many of them are values: `to_pairs` writes these, which come first in the table.
pub const VALUE_OPTION_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < OPTION_COUNT {
        if matches!(OPTIONS[i].role, OptionRole::Value) {
            n += 1;
        }
        i += 1;
    }
    n
};

/// Every option name `set` accepts, in table order (the order `to_pairs` writes them).
pub const OPTION_NAMES: [&str; OPTION_COUNT] = {
    let mut names = [""; OPTION_COUNT];
    let mut i = 0;
    while i < OPTION_COUNT {
        names[i] = OPTIONS[i].name;
        i += 1;
    }
    names
};

/// The option of a name.
pub fn option(name: &str) -> Option<&'static RuleOption> {
    OPTIONS.iter().find(|o| o.name == name)
}
