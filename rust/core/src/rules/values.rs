//! The option values: one enum per choice option, spelled as the options are written.

/// Declares a fieldless enum whose values are spelled as RULES §9 spells them,
/// so that parsing, printing and the documented list come from one place.
macro_rules! string_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub enum $name { $($(#[$vm])* $var),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];

            /// The option string of every value, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($s),+];

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
                        allowed: $crate::rules::values::quote_list(Self::NAMES),
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

/// `fl.stay` (RULES §7.5): which finished boards keep a Fantasyland player in
/// Fantasyland for another deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FantasylandStay {
    /// Three of a kind in the front.
    pub front_trips: bool,
    /// Four of a kind or better in the back.
    pub back_quads_plus: bool,
    /// A full house or better in the middle (classic open-face, not Pineapple).
    pub middle_full_house_plus: bool,
}

impl FantasylandStay {
    /// The condition names in the order `fl.stay` writes them.
    pub const NAMES: [&'static str; 3] = ["front_trips", "back_quads_plus", "middle_fh_plus"];

    fn flags(self) -> [bool; 3] {
        [
            self.front_trips,
            self.back_quads_plus,
            self.middle_full_house_plus,
        ]
    }

    /// The option string: the conditions joined by commas, or `none`.
    pub fn to_spec(self) -> String {
        let on: Vec<&str> = Self::NAMES
            .iter()
            .zip(self.flags())
            .filter(|(_, f)| *f)
            .map(|(n, _)| *n)
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(",")
        }
    }

    /// Parses `none` or a comma list of condition names; `option` names the option in the error.
    pub fn parse(option: &str, s: &str) -> crate::error::Result<FantasylandStay> {
        let mut stay = FantasylandStay {
            front_trips: false,
            back_quads_plus: false,
            middle_full_house_plus: false,
        };
        if s.trim() == "none" || s.trim().is_empty() {
            return Ok(stay);
        }
        for item in s.split(',').map(str::trim) {
            match item {
                "front_trips" => stay.front_trips = true,
                "back_quads_plus" => stay.back_quads_plus = true,
                "middle_fh_plus" => stay.middle_full_house_plus = true,
                _ => {
                    return Err(crate::error::Error::UnknownOption {
                        option: option.into(),
                        value: item.into(),
                        allowed: quote_list(&Self::NAMES),
                    })
                }
            }
        }
        Ok(stay)
    }
}
