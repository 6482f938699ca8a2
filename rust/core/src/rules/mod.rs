//! The rules of a deal as one option set (RULES §9), and the presets of RULES §8.
//!
//! Every option keeps the name and value spelling of RULES §9 so the Python
//! layer (and JSON) can pass them as strings: [`Rules::with_pairs`], [`Rules::get`],
//! [`Rules::to_pairs`] and [`Rules::from_pairs`] round-trip every option.
//! A few options that RULES describes in prose but does not list in §9 carry
//! names in the same style (`table.banker`, `banker.pusoy_payoff`,
//! `pot.ante`, `pot.carry_over`, `score.russian_match.points`,
//! `natural.require_legal_setting`, `game`, `fl.*`).
//!
//! The area holds the rules as data only; the modules that apply them
//! (`natural`, `royalty`, `setting`, `score`, `ofc`) read them and are not
//! read from here.
//!
//! - `values.rs` — the enums of the choice options (`OrderMode`, `ScoreMethod`, …)
//! - `naturals.rs` — the naturals an option set can enable (`NaturalKind`)
//! - `royalty_tables.rs` — royalty tables as data and their names
//! - `parse.rs` — parsers and printers of value strings, the amount limits
//! - `options.rs` — the option table ([`OPTIONS`]) every option is declared in
//! - `presets.rs` — the presets as lists of options ([`PRESETS`])
//! - `docs.rs` — the option and preset sections of `docs/rules.md`, from the tables

mod docs;
pub mod naturals;
pub mod options;
mod parse;
pub mod presets;
pub mod royalty_tables;
pub mod values;

pub use docs::{options_markdown, presets_markdown};
pub use naturals::NaturalKind;
pub use options::{
    option, OptionKind, OptionRole, RuleOption, OPTIONS, OPTION_NAMES, VALUE_OPTION_COUNT,
};
pub use parse::{MAX_MULTIPLIER, MAX_POINTS};
pub use presets::{Preset, DEFAULT_PRESET, PRESETS, PRESET_NAMES};
pub use royalty_tables::{RoyaltyTable, TABLE_NAMES};
pub use values::{
    CompareDepth, CrossSizePrefix, FantasylandStay, FoulPenalty, FrontRunAce, Game, NaturalDeclare,
    OrderMode, OverallPointRule, RoyaltyMode, ScoopScope, ScoreMethod, SurrenderCost,
    TableBestRowPayer, Topology, TwelveRoyalsDef, VsNatural,
};

use crate::error::{Error, Result};
use crate::eval::Wheel;
use parse::rules_err;
use std::sync::OnceLock;
use values::quote_list;

/// The complete option set of a deal (RULES §9). `Rules::plain()` is the
/// plain game: 1-6, no royalties, no naturals, non-strict order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `game`.
    pub(crate) game: Game,
    /// `rank.wheel`.
    pub(crate) wheel: Wheel,
    /// `tie.suit_order`: strength of each suit code (c, d, h, s), higher = stronger.
    pub(crate) suit_order: Option<[u8; 4]>,
    /// `tie.flush_suit_first`.
    pub(crate) flush_suit_first: bool,
    /// `tie.compare_depth`.
    pub(crate) compare_depth: CompareDepth,
    /// `tie.banker_wins_ties`.
    pub(crate) banker_wins_ties: bool,
    /// `order.mode`.
    pub(crate) order_mode: OrderMode,
    /// `order.cross_size_prefix`.
    pub(crate) cross_size_prefix: CrossSizePrefix,
    /// `order.same_category_ok`.
    pub(crate) same_category_ok: bool,
    /// `score.method`.
    pub(crate) method: ScoreMethod,
    /// `score.overall_point_rule`.
    pub(crate) overall_point_rule: OverallPointRule,
    /// `score.scoop_multiplier`.
    pub(crate) scoop_multiplier: i64,
    /// `score.scoop_multiplier_all`.
    pub(crate) scoop_multiplier_all: i64,
    /// `score.scoop_multiplier_scope`.
    pub(crate) scoop_multiplier_scope: ScoopScope,
    /// `score.table_best_row_payer`.
    pub(crate) table_best_row_payer: TableBestRowPayer,
    /// `score.russian_table.scoop`.
    pub(crate) russian_table_scoop: i64,
    /// `score.russian_match.points`: 1 (= 1-6) or 2 (= 2-6).
    pub(crate) russian_match_points: i64,
    /// `foul.penalty`.
    pub(crate) foul_penalty: FoulPenalty,
    /// `surrender.allowed`.
    pub(crate) surrender_allowed: bool,
    /// `surrender.cost`.
    pub(crate) surrender_cost: SurrenderCost,
    /// `table.topology`.
    pub(crate) topology: Topology,
    /// `table.banker`: the banker's seat under the banker topology.
    pub(crate) banker: usize,
    /// `banker.pusoy_payoff`: Philippine 2-of-3 bet (RULES §4.9).
    pub(crate) pusoy_payoff: bool,
    /// `pot.ante`: units each player puts in per pot (per row under `pot_per_row`).
    pub(crate) pot_ante: i64,
    /// `pot.carry_over`: an unwon `pot_only_winner` pot stays for the next deal.
    pub(crate) pot_carry_over: bool,
    /// `royalty.table`.
    pub(crate) royalty_table: RoyaltyTable,
    /// `royalty.mode`.
    pub(crate) royalty_mode: RoyaltyMode,
    /// `royalty.cancel_when_both_qualify`.
    pub(crate) royalty_cancel_when_both_qualify: bool,
    /// `royalty.one_per_row`.
    pub(crate) royalty_one_per_row: bool,
    /// `royalty.from_dealt_cards`.
    pub(crate) royalty_from_dealt_cards: bool,
    /// `royalty.declare_required`.
    pub(crate) royalty_declare_required: bool,
    /// `royalty.middle_premium`.
    pub(crate) royalty_middle_premium: i64,
    /// `natural.enabled`: the enabled naturals with their values, lowest precedence first.
    pub(crate) naturals: Vec<(NaturalKind, i64)>,
    /// `natural.declare`.
    pub(crate) natural_declare: NaturalDeclare,
    /// `natural.vs_natural`.
    pub(crate) vs_natural: VsNatural,
    /// `natural.require_legal_setting`: a declared natural's setting must not foul.
    pub(crate) natural_require_legal_setting: bool,
    /// `nat.six_pairs.quads_as_two_pairs`.
    pub(crate) six_pairs_quads_as_two_pairs: bool,
    /// `nat.six_pairs.allow_trips`.
    pub(crate) six_pairs_allow_trips: bool,
    /// `nat.front_run.ace`.
    pub(crate) front_run_ace: FrontRunAce,
    /// `nat.twelve_royals.def`.
    pub(crate) twelve_royals_def: TwelveRoyalsDef,
    /// `nat.no_pictures.ace_is_picture`.
    pub(crate) no_pictures_ace_is_picture: bool,
    /// `fl.enabled`.
    pub(crate) fl_enabled: bool,
    /// `fl.cards`: cards dealt on entering Fantasyland.
    pub(crate) fl_cards: i64,
    /// `fl.progressive`.
    pub(crate) fl_progressive: bool,
    /// `fl.repeat_cards`: cards dealt to a player who stays.
    pub(crate) fl_repeat_cards: i64,
    /// `fl.stay`.
    pub(crate) fl_stay: FantasylandStay,
}

impl Default for Rules {
    /// The documented default, [`Rules::standard`] (the [`DEFAULT_PRESET`]).
    fn default() -> Self {
        Rules::standard().clone()
    }
}

impl Rules {
    /// The plain game (preset `plain`): every option at the default of its
    /// [`OPTIONS`] entry — 1-6, no royalties, no naturals, non-strict order.
    /// Every preset is these rules with its own options changed.
    ///
    /// ```
    /// use chinese_poker_core::rules::Rules;
    /// assert_eq!(Rules::plain(), Rules::preset("plain").unwrap());
    /// assert_ne!(Rules::plain(), Rules::default());
    /// ```
    pub fn plain() -> Rules {
        static PLAIN: OnceLock<Rules> = OnceLock::new();
        PLAIN.get_or_init(Rules::from_table_defaults).clone()
    }

    /// The rules every option's table default describes. Each value option
    /// writes its own field, so the starting values below are all replaced.
    fn from_table_defaults() -> Rules {
        let mut r = Rules::blank();
        for o in OPTIONS.iter().filter(|o| o.role == OptionRole::Value) {
            // The table's defaults are checked by the tests; one that did not
            // parse would leave the starting value of `blank`.
            let _ = o.write(&mut r, o.default);
        }
        r
    }

    /// Starting values for [`Rules::from_table_defaults`] to overwrite.
    fn blank() -> Rules {
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
            russian_table_scoop: 0,
            russian_match_points: 1,
            foul_penalty: FoulPenalty::ScoopEquivalent,
            surrender_allowed: false,
            surrender_cost: SurrenderCost::MethodBased,
            topology: Topology::Peer,
            banker: 0,
            pusoy_payoff: false,
            pot_ante: 1,
            pot_carry_over: false,
            royalty_table: RoyaltyTable::none(),
            royalty_mode: RoyaltyMode::ReplaceIfWon,
            royalty_cancel_when_both_qualify: false,
            royalty_one_per_row: false,
            royalty_from_dealt_cards: false,
            royalty_declare_required: false,
            royalty_middle_premium: 0,
            naturals: Vec::new(),
            natural_declare: NaturalDeclare::Optional,
            vs_natural: VsNatural::WinnerTakesOwnValue,
            natural_require_legal_setting: false,
            six_pairs_quads_as_two_pairs: false,
            six_pairs_allow_trips: false,
            front_run_ace: FrontRunAce::Both,
            twelve_royals_def: TwelveRoyalsDef::JqkPlusAny,
            no_pictures_ace_is_picture: false,
            fl_enabled: false,
            fl_cards: 0,
            fl_progressive: false,
            fl_repeat_cards: 0,
            fl_stay: FantasylandStay {
                front_trips: false,
                back_quads_plus: false,
                middle_full_house_plus: false,
            },
        }
    }

    /// The starting values of [`Rules::default`], before the table's defaults,
    /// so that a test can see each default written by its own option.
    #[cfg(test)]
    fn blank_for_tests() -> Rules {
        Rules::blank()
    }

    /// The rules used when a caller gives none: the [`DEFAULT_PRESET`]
    /// (`cp_pro_1_6`, RULES §13.8), built once.
    ///
    /// ```
    /// use chinese_poker_core::rules::{Rules, DEFAULT_PRESET};
    /// assert_eq!(Rules::standard(), &Rules::preset(DEFAULT_PRESET).unwrap());
    /// ```
    pub fn standard() -> &'static Rules {
        static STANDARD: OnceLock<Rules> = OnceLock::new();
        STANDARD.get_or_init(|| Rules::preset(DEFAULT_PRESET).unwrap_or_else(|_| Rules::plain()))
    }

    /// The ids accepted by [`Rules::preset`].
    pub fn preset_names() -> &'static [&'static str] {
        &PRESET_NAMES
    }

    /// The option set of a preset of RULES §8: the defaults changed by the
    /// preset's options ([`PRESETS`]), validated.
    ///
    /// ```
    /// use chinese_poker_core::rules::{Rules, ScoreMethod};
    /// let r = Rules::preset("cp_pro_1_6").unwrap();
    /// assert_eq!(r.method(), ScoreMethod::OneSix);
    /// ```
    pub fn preset(name: &str) -> Result<Rules> {
        let Some(p) = presets::preset(name) else {
            return Err(Error::UnknownOption {
                option: "preset".into(),
                value: name.into(),
                allowed: quote_list(&PRESET_NAMES),
            });
        };
        Rules::plain().with_pairs(p.options)
    }

    /// Sets one option from its RULES §9 name and value string.
    ///
    /// The value is parsed and written; the range checks and the checks that
    /// involve several options are left to [`Rules::validate`], so that a
    /// sequence of `set` calls may pass through a combination that is only
    /// valid once complete. Crate-only, so that every `Rules` outside the
    /// crate is valid by construction: callers elsewhere use
    /// [`Rules::with_pairs`], [`Rules::with`] or [`Rules::from_pairs`].
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<()> {
        match option(name) {
            Some(o) => o.write(self, value.trim()),
            None => Err(Error::UnknownOption {
                option: "option name".into(),
                value: name.into(),
                allowed: quote_list(&OPTION_NAMES),
            }),
        }
    }

    /// A copy of these rules with `(name, value)` pairs applied in order (a
    /// `("preset", id)` pair resets to that preset), then validated: the way
    /// to change several options at once, since only the finished set has to
    /// be consistent.
    ///
    /// ```
    /// use chinese_poker_core::rules::Rules;
    /// let banker = Rules::standard()
    ///     .with_pairs(&[("tie.banker_wins_ties", "true"), ("table.topology", "banker")])
    ///     .unwrap();
    /// assert_eq!(banker.get("table.topology").unwrap(), "banker");
    /// assert!(Rules::standard().with_pairs(&[("tie.banker_wins_ties", "true")]).is_err());
    /// ```
    pub fn with_pairs<S: AsRef<str>, T: AsRef<str>>(&self, pairs: &[(S, T)]) -> Result<Rules> {
        let mut r = self.clone();
        for (n, v) in pairs {
            r.set(n.as_ref(), v.as_ref())?;
        }
        r.validate()?;
        Ok(r)
    }

    /// A copy of these rules with one option changed, validated.
    ///
    /// ```
    /// use chinese_poker_core::rules::Rules;
    /// let r = Rules::standard().with("score.method", "2-4").unwrap();
    /// assert_eq!(r.get("score.method").unwrap(), "2-4");
    /// assert!(Rules::standard().with("tie.banker_wins_ties", "true").is_err()); // no banker
    /// ```
    pub fn with(&self, name: &str, value: &str) -> Result<Rules> {
        self.with_pairs(&[(name, value)])
    }

    /// The value string of one option (the spelling `set` accepts).
    pub fn get(&self, name: &str) -> Result<String> {
        option(name)
            .and_then(|o| o.read(self))
            .ok_or_else(|| Error::UnknownOption {
                option: "option name".into(),
                value: name.into(),
                allowed: quote_list(&OPTION_NAMES[..VALUE_OPTION_COUNT]),
            })
    }

    /// Every value option as `(name, value)`, in [`OPTION_NAMES`] order;
    /// `from_pairs` of the result rebuilds these rules exactly.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        OPTIONS
            .iter()
            .filter(|o| o.role == OptionRole::Value)
            .filter_map(|o| o.read(self).map(|v| (o.name.to_string(), v)))
            .collect()
    }

    /// Rules from `(name, value)` pairs applied in order to the defaults (a
    /// `("preset", id)` pair resets to that preset), then validated.
    pub fn from_pairs<S: AsRef<str>, T: AsRef<str>>(pairs: &[(S, T)]) -> Result<Rules> {
        Rules::plain().with_pairs(pairs)
    }

    /// Checks ranges and contradictory combinations; the error names the option.
    /// Every public way to make a `Rules` ([`Rules::default`],
    /// [`Rules::standard`], [`Rules::plain`], [`Rules::preset`],
    /// [`Rules::from_pairs`], [`Rules::with_pairs`], [`Rules::with`]) has
    /// passed it, so consumers never check again; only the crate's own callers
    /// of `set` need it.
    pub(crate) fn validate(&self) -> Result<()> {
        for o in OPTIONS {
            o.check(self)?;
        }
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

/// Read access to every value option's field, for code outside the crate;
/// inside it the fields are read directly.
impl Rules {
    /// `game`.
    pub fn game(&self) -> Game {
        self.game
    }

    /// `rank.wheel`.
    pub fn wheel(&self) -> Wheel {
        self.wheel
    }

    /// `tie.suit_order`: strength of each suit code (c, d, h, s), higher = stronger.
    pub fn suit_order(&self) -> Option<[u8; 4]> {
        self.suit_order
    }

    /// `tie.flush_suit_first`.
    pub fn flush_suit_first(&self) -> bool {
        self.flush_suit_first
    }

    /// `tie.compare_depth`.
    pub fn compare_depth(&self) -> CompareDepth {
        self.compare_depth
    }

    /// `tie.banker_wins_ties`.
    pub fn banker_wins_ties(&self) -> bool {
        self.banker_wins_ties
    }

    /// `order.mode`.
    pub fn order_mode(&self) -> OrderMode {
        self.order_mode
    }

    /// `order.cross_size_prefix`.
    pub fn cross_size_prefix(&self) -> CrossSizePrefix {
        self.cross_size_prefix
    }

    /// `order.same_category_ok`.
    pub fn same_category_ok(&self) -> bool {
        self.same_category_ok
    }

    /// `score.method`.
    pub fn method(&self) -> ScoreMethod {
        self.method
    }

    /// `score.overall_point_rule`.
    pub fn overall_point_rule(&self) -> OverallPointRule {
        self.overall_point_rule
    }

    /// `score.scoop_multiplier`.
    pub fn scoop_multiplier(&self) -> i64 {
        self.scoop_multiplier
    }

    /// `score.scoop_multiplier_all`.
    pub fn scoop_multiplier_all(&self) -> i64 {
        self.scoop_multiplier_all
    }

    /// `score.scoop_multiplier_scope`.
    pub fn scoop_multiplier_scope(&self) -> ScoopScope {
        self.scoop_multiplier_scope
    }

    /// `score.table_best_row_payer`.
    pub fn table_best_row_payer(&self) -> TableBestRowPayer {
        self.table_best_row_payer
    }

    /// `score.russian_table.scoop`.
    pub fn russian_table_scoop(&self) -> i64 {
        self.russian_table_scoop
    }

    /// `score.russian_match.points`: 1 (= 1-6) or 2 (= 2-6).
    pub fn russian_match_points(&self) -> i64 {
        self.russian_match_points
    }

    /// `foul.penalty`.
    pub fn foul_penalty(&self) -> FoulPenalty {
        self.foul_penalty
    }

    /// `surrender.allowed`.
    pub fn surrender_allowed(&self) -> bool {
        self.surrender_allowed
    }

    /// `surrender.cost`.
    pub fn surrender_cost(&self) -> SurrenderCost {
        self.surrender_cost
    }

    /// `table.topology`.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// `table.banker`: the banker's seat under the banker topology.
    pub fn banker(&self) -> usize {
        self.banker
    }

    /// `banker.pusoy_payoff`: Philippine 2-of-3 bet (RULES §4.9).
    pub fn pusoy_payoff(&self) -> bool {
        self.pusoy_payoff
    }

    /// `pot.ante`: units each player puts in per pot (per row under `pot_per_row`).
    pub fn pot_ante(&self) -> i64 {
        self.pot_ante
    }

    /// `pot.carry_over`: an unwon `pot_only_winner` pot stays for the next deal.
    pub fn pot_carry_over(&self) -> bool {
        self.pot_carry_over
    }

    /// `royalty.table`.
    pub fn royalty_table(&self) -> &RoyaltyTable {
        &self.royalty_table
    }

    /// `royalty.mode`.
    pub fn royalty_mode(&self) -> RoyaltyMode {
        self.royalty_mode
    }

    /// `royalty.cancel_when_both_qualify`.
    pub fn royalty_cancel_when_both_qualify(&self) -> bool {
        self.royalty_cancel_when_both_qualify
    }

    /// `royalty.one_per_row`.
    pub fn royalty_one_per_row(&self) -> bool {
        self.royalty_one_per_row
    }

    /// `royalty.from_dealt_cards`.
    pub fn royalty_from_dealt_cards(&self) -> bool {
        self.royalty_from_dealt_cards
    }

    /// `royalty.declare_required`.
    pub fn royalty_declare_required(&self) -> bool {
        self.royalty_declare_required
    }

    /// `royalty.middle_premium`.
    pub fn royalty_middle_premium(&self) -> i64 {
        self.royalty_middle_premium
    }

    /// `natural.enabled`: the enabled naturals with their values, lowest precedence first.
    pub fn naturals(&self) -> &[(NaturalKind, i64)] {
        &self.naturals
    }

    /// `natural.declare`.
    pub fn natural_declare(&self) -> NaturalDeclare {
        self.natural_declare
    }

    /// `natural.vs_natural`.
    pub fn vs_natural(&self) -> VsNatural {
        self.vs_natural
    }

    /// `natural.require_legal_setting`: a declared natural's setting must not foul.
    pub fn natural_require_legal_setting(&self) -> bool {
        self.natural_require_legal_setting
    }

    /// `nat.six_pairs.quads_as_two_pairs`.
    pub fn six_pairs_quads_as_two_pairs(&self) -> bool {
        self.six_pairs_quads_as_two_pairs
    }

    /// `nat.six_pairs.allow_trips`.
    pub fn six_pairs_allow_trips(&self) -> bool {
        self.six_pairs_allow_trips
    }

    /// `nat.front_run.ace`.
    pub fn front_run_ace(&self) -> FrontRunAce {
        self.front_run_ace
    }

    /// `nat.twelve_royals.def`.
    pub fn twelve_royals_def(&self) -> TwelveRoyalsDef {
        self.twelve_royals_def
    }

    /// `nat.no_pictures.ace_is_picture`.
    pub fn no_pictures_ace_is_picture(&self) -> bool {
        self.no_pictures_ace_is_picture
    }

    /// `fl.enabled`.
    pub fn fl_enabled(&self) -> bool {
        self.fl_enabled
    }

    /// `fl.cards`: cards dealt on entering Fantasyland.
    pub fn fl_cards(&self) -> i64 {
        self.fl_cards
    }

    /// `fl.progressive`.
    pub fn fl_progressive(&self) -> bool {
        self.fl_progressive
    }

    /// `fl.repeat_cards`: cards dealt to a player who stays.
    pub fn fl_repeat_cards(&self) -> i64 {
        self.fl_repeat_cards
    }

    /// `fl.stay`.
    pub fn fl_stay(&self) -> FantasylandStay {
        self.fl_stay
    }
}

#[cfg(test)]
mod tests;
