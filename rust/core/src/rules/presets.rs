//! The presets of RULES §8 as data: each is the plain game's defaults changed
//! by a short list of options, applied in order by [`super::Rules::preset`].
//! [`PRESET_NAMES`] and the preset section of `docs/rules.md` are read from the
//! same list.

/// One preset: its id, what it is, and the options it changes from the defaults.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// The id `Rules::preset` accepts.
    pub name: &'static str,
    /// The game or table it describes, in a sentence.
    pub about: &'static str,
    /// `(option, value)` pairs applied in order to `Rules::plain()`.
    pub options: &'static [(&'static str, &'static str)],
}

/// The id of the rules used when a caller gives none (RULES §13.8).
pub const DEFAULT_PRESET: &str = "cp_pro_1_6";

/// Pagat's standard naturals (RULES §6.3). The `wiki_*` source lists the same four
/// without values or order: Pagat's are the closest documented ones.
const PAGAT_NATURALS: &str = "SIX_PAIRS:3,THREE_STRAIGHTS:3,THREE_FLUSHES:3,DRAGON:13";
/// The Chinese Poker Pro app's naturals: Pagat's and the dragon flush.
const CP_PRO_NATURALS: &str =
    "SIX_PAIRS:3,THREE_STRAIGHTS:3,THREE_FLUSHES:3,DRAGON:13,DRAGON_FLUSH:26";
const SHISANSHUI_NATURALS: &str = "THREE_STRAIGHTS:3,THREE_FLUSHES:3,SIX_PAIRS:4,\
    FIVE_PAIRS_TRIPS:5,FOUR_TRIPS:6,ALL_ONE_COLOUR:10,ALL_SMALL:12,ALL_BIG:15,THREE_QUADS:20,\
    THREE_STRAIGHT_FLUSHES:22,TWELVE_PICTURES:24,DRAGON:36,DRAGON_FLUSH:108";

/// What the `wiki_*` and `capsa_susun_online` presets share.
macro_rules! wiki {
    ($method:literal $(, $extra:expr)*) => {
        &[
            ("score.method", $method),
            ("royalty.table", "F_flat"),
            ("royalty.mode", "extra_if_won"),
            ("royalty.one_per_row", "true"),
            ("natural.enabled", PAGAT_NATURALS),
            ("natural.declare", "mandatory"),
            $($extra,)*
        ]
    };
}

/// What the Russian open-face presets share; only the royalty table differs.
macro_rules! ofc_ru {
    ($table:literal) => {
        &[
            ("game", "ofc"),
            ("score.method", "1-6"),
            ("royalty.table", $table),
            ("royalty.mode", "extra_always"),
            ("foul.penalty", "fixed(6)"),
            ("surrender.allowed", "false"),
        ]
    };
}

/// What the American and Pineapple open-face presets share.
macro_rules! ofc_us {
    ($game:literal, $table:literal $(, $extra:expr)*) => {
        &[
            ("game", $game),
            ("score.method", "1-6"),
            ("royalty.table", $table),
            ("royalty.mode", "extra_always"),
            ("foul.penalty", "scoop_equivalent"),
            ("surrender.allowed", "false"),
            $($extra,)*
        ]
    };
}

/// Every preset of RULES §8 (plus the two named sub-presets it mentions).
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "plain",
        about: "The plain game every preset starts from: 1-6, no royalties, no naturals, non-strict order.",
        options: &[],
    },
    Preset {
        name: "pagat_classic",
        about: "The classic game as Pagat describes it, rows strictly ordered.",
        options: &[
            ("score.method", "per_row"),
            ("royalty.table", "A"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", PAGAT_NATURALS),
            ("natural.declare", "optional"),
            ("natural.vs_natural", "winner_takes_own_value"),
            ("order.mode", "strict"),
        ],
    },
    Preset {
        name: "pagat_classic_nonstrict",
        about: "`pagat_classic` with the usual non-strict row order.",
        options: &[
            ("score.method", "per_row"),
            ("royalty.table", "A"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", PAGAT_NATURALS),
            ("natural.declare", "optional"),
            ("natural.vs_natural", "winner_takes_own_value"),
            ("order.mode", "non_strict"),
        ],
    },
    Preset {
        name: "wiki_2_4",
        about: "Capsa Susun as the encyclopedia gives it, scored 2-4.",
        options: wiki!("2-4"),
    },
    Preset {
        name: "wiki_1_6",
        about: "The same game scored 1-6.",
        options: wiki!("1-6"),
    },
    Preset {
        name: "cp_pro_1_3",
        about: "The Chinese Poker Pro app, one unit a row.",
        options: &[
            ("score.method", "per_row"),
            ("royalty.table", "G"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", CP_PRO_NATURALS),
            ("natural.require_legal_setting", "true"),
        ],
    },
    Preset {
        name: "cp_pro_1_4",
        about: "The Chinese Poker Pro app, 1-4.",
        options: &[
            ("score.method", "1-4"),
            ("royalty.table", "G"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", CP_PRO_NATURALS),
            ("natural.require_legal_setting", "true"),
        ],
    },
    Preset {
        name: "cp_pro_1_6",
        about: "The Chinese Poker Pro app, 1-6: the default rules of every call that takes rules.",
        options: &[
            ("score.method", "1-6"),
            ("royalty.table", "G"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", CP_PRO_NATURALS),
            ("natural.require_legal_setting", "true"),
        ],
    },
    Preset {
        name: "cp_pro_2_4",
        about: "The Chinese Poker Pro app, 2-4.",
        options: &[
            ("score.method", "2-4"),
            ("royalty.table", "G"),
            ("royalty.mode", "replace_if_won"),
            ("natural.enabled", CP_PRO_NATURALS),
            ("natural.require_legal_setting", "true"),
        ],
    },
    Preset {
        name: "malay_banker",
        about: "The Malay banker game: three players against the bank.",
        options: &[
            ("table.topology", "banker"),
            ("score.method", "per_row"),
            ("tie.banker_wins_ties", "true"),
            ("royalty.table", "B"),
            ("royalty.mode", "extra_always"),
            (
                "natural.enabled",
                "THREE_FLUSHES:3,THREE_STRAIGHTS:4,SIX_PAIRS:4,FIVE_PAIRS_TRIPS:5,FOUR_TRIPS:6,\
                 ALL_ONE_COLOUR:10,ALL_SMALL:10,ALL_BIG:10,THREE_QUADS:16,\
                 THREE_STRAIGHT_FLUSHES:18,TWELVE_PICTURES:18,DRAGON_FLUSH:26",
            ),
            ("natural.vs_natural", "winner_takes_difference"),
        ],
    },
    Preset {
        name: "vietnamese_pagat",
        about: "The Vietnamese game as Pagat gives it.",
        options: &[
            ("score.method", "per_row"),
            ("royalty.table", "C"),
            (
                "natural.enabled",
                "THREE_STRAIGHTS:3,THREE_FLUSHES:3,SIX_PAIRS:3,FIVE_PAIRS_TRIPS:6,DRAGON:13,\
                 DRAGON_FLUSH:26",
            ),
        ],
    },
    Preset {
        name: "mau_binh_modern",
        about:
            "Modern Vietnamese Mậu Binh: doubled scoops, a fixed foul, the wheel second-highest.",
        options: &[
            ("score.method", "per_row"),
            ("rank.wheel", "second_highest"),
            ("score.scoop_multiplier", "2"),
            ("score.scoop_multiplier_all", "2"),
            ("foul.penalty", "fixed(6)"),
            ("royalty.table", "C_modern"),
            // [P-VN1] order; [P-VN2]/[P-VN3] values; twelve of one colour has
            // no published value, 6 is the flat special value of [P-VN6].
            (
                "natural.enabled",
                "THREE_STRAIGHTS:3,THREE_FLUSHES:3,SIX_PAIRS:3,FIVE_PAIRS_TRIPS:3,\
                 TWELVE_ONE_COLOUR:6,ALL_ONE_COLOUR:8,DRAGON:12,DRAGON_FLUSH:24",
            ),
            ("natural.declare", "auto"),
        ],
    },
    Preset {
        name: "singapore",
        about: "The Singapore table values.",
        options: &[("score.method", "per_row"), ("royalty.table", "D")],
    },
    Preset {
        name: "hawaiian_gardens",
        about: "The Hawaiian Gardens card room.",
        options: &[
            ("score.method", "per_row"),
            ("royalty.table", "E"),
            (
                "natural.enabled",
                "THREE_STRAIGHTS:4,THREE_FLUSHES:4,TWELVE_ONE_COLOUR:4,SIX_PAIRS:4,\
                 ALL_ONE_COLOUR:6,DRAGON:13,DRAGON_FLUSH:39",
            ),
            ("surrender.cost", "3"),
        ],
    },
    Preset {
        name: "shisanshui_fujian",
        about: "Fujian shisanshui: strict order, doubled scoops, the long naturals list.",
        options: &[
            ("score.method", "per_row"),
            ("order.mode", "strict"),
            ("rank.wheel", "second_highest"),
            ("score.scoop_multiplier", "2"),
            ("score.scoop_multiplier_all", "2"),
            ("natural.enabled", SHISANSHUI_NATURALS),
            ("nat.twelve_royals.def", "jqka_only"),
            ("natural.declare", "auto"),
        ],
    },
    Preset {
        name: "shisanshui_fujian_wheel_lowest",
        about: "`shisanshui_fujian` with the wheel the lowest straight.",
        options: &[
            ("score.method", "per_row"),
            ("order.mode", "strict"),
            ("rank.wheel", "lowest"),
            ("score.scoop_multiplier", "2"),
            ("score.scoop_multiplier_all", "2"),
            ("natural.enabled", SHISANSHUI_NATURALS),
            ("nat.twelve_royals.def", "jqka_only"),
            ("natural.declare", "auto"),
        ],
    },
    Preset {
        name: "hk_13zhang_banker",
        about: "Hong Kong thirteen cards against a banker.",
        options: &[
            ("table.topology", "banker"),
            ("score.method", "per_row"),
            ("order.mode", "strict"),
            ("tie.banker_wins_ties", "true"),
            ("royalty.table", "H"),
            // The dragon flush's value is cut off in the source; 26 is the
            // value of the same hand in the Pagat-derived lists.
            (
                "natural.enabled",
                "THREE_STRAIGHTS:3,THREE_FLUSHES:3,SIX_PAIRS:3,ALL_SMALL:3,ALL_BIG:3,DRAGON:13,\
                 DRAGON_FLUSH:26",
            ),
            ("natural.vs_natural", "banker_pays_player"),
        ],
    },
    Preset {
        name: "pusoy_ph_banker",
        about: "Philippine pusoy against a banker, paid as a 2-of-3 bet.",
        options: &[
            ("table.topology", "banker"),
            ("score.method", "per_row"),
            ("banker.pusoy_payoff", "true"),
            // "There is never a push": tied rows go to the dealer [P-BIKE, interp].
            ("tie.banker_wins_ties", "true"),
            ("surrender.allowed", "false"),
        ],
    },
    Preset {
        name: "pusoy_ph_pot",
        about: "Philippine pusoy for a pot that only a two-row winner takes.",
        options: &[
            ("table.topology", "pot_only_winner"),
            ("score.method", "per_row"),
            ("pot.carry_over", "true"),
        ],
    },
    Preset {
        name: "capsa_susun_online",
        about: "`wiki_2_4` with the suits ranked S > H > C > D, as online rooms play it.",
        options: wiki!("2-4", ("tie.suit_order", "SHCD")),
    },
    Preset {
        name: "russian_13",
        about: "The Russian closed game scored by matches.",
        options: &[
            ("score.method", "russian_match"),
            ("foul.penalty", "fixed(6)"),
            ("royalty.mode", "extra_always"),
        ],
    },
    Preset {
        name: "russian_13_table",
        about: "The Russian closed game scored against the whole table.",
        options: &[
            ("score.method", "russian_table"),
            ("foul.penalty", "fixed(6)"),
            ("royalty.mode", "extra_always"),
        ],
    },
    Preset {
        name: "ofc_ru_main",
        about: "Russian open-face with its main royalty table: the default open-face rules.",
        options: ofc_ru!("ofc_main"),
    },
    Preset {
        name: "ofc_ru_alt1",
        about: "Russian open-face with its first alternative table.",
        options: ofc_ru!("ofc_alt1"),
    },
    Preset {
        name: "ofc_ru_alt2",
        about: "Russian open-face with its second alternative table.",
        options: ofc_ru!("ofc_alt2"),
    },
    Preset {
        name: "ofc_us",
        about: "American open-face with Fantasyland; a middle full house also stays.",
        options: ofc_us!(
            "ofc",
            "ofc_us",
            ("fl.enabled", "true"),
            ("fl.stay", "front_trips,back_quads_plus,middle_fh_plus")
        ),
    },
    Preset {
        name: "ofc_legacy_gem",
        about: "Open-face with an older published royalty table, no Fantasyland.",
        options: ofc_us!("ofc", "ofc_legacy_gem"),
    },
    Preset {
        name: "ofc_pineapple",
        about: "Pineapple open-face with Fantasyland.",
        options: ofc_us!("ofc_pineapple", "ofc_us", ("fl.enabled", "true")),
    },
    Preset {
        name: "ofc_pineapple_progressive",
        about: "Pineapple open-face with progressive Fantasyland.",
        options: ofc_us!(
            "ofc_pineapple",
            "ofc_us",
            ("fl.enabled", "true"),
            ("fl.progressive", "true")
        ),
    },
];

/// How many presets there are.
pub const PRESET_COUNT: usize = PRESETS.len();

/// Every preset id, in [`PRESETS`] order.
pub const PRESET_NAMES: [&str; PRESET_COUNT] = {
    let mut names = [""; PRESET_COUNT];
    let mut i = 0;
    while i < PRESET_COUNT {
        names[i] = PRESETS[i].name;
        i += 1;
    }
    names
};

/// The preset of an id.
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}
