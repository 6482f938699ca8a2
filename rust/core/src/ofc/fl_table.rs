//! What a Fantasyland deal is worth, per open-face preset and per card
//! count: the table the agent counts a qualifying board with.
//!
//! The values are measured, not typed in: `ofc_match --fl-table FILE`
//! deals seat 0 into Fantasyland every hand (the exact solver) against the
//! default agent heads-up, once per card count a board can earn (14 cards,
//! or 14 to 17 under progressive entry), and writes `fl_values.txt` beside
//! this file, which is compiled in. A row's `edge` is the Fantasyland
//! seat's points per hand (per opponent) and `stay` how often it stays;
//! entering with `n` cards is worth `edge(n) + stay(n) × V(repeat)`, where
//! `V(repeat) = edge(repeat) / (1 − stay(repeat))` is the worth of the
//! repeat deals (`fl.repeat_cards`, 14 in every preset), so a preset of
//! one card count gets `edge / (1 − stay)`. A preset without Fantasyland
//! has one row of card count 0 and value 0.
//!
//! Rules that are not a preset take the values of their preset when the
//! game form (classic or Pineapple, progressive or not) is the preset's,
//! else those of the preset of their form: `ofc_us` for classic,
//! `ofc_pineapple` or `ofc_pineapple_progressive` for Pineapple; a card
//! count the table lacks takes the nearest count it has.

use super::OfcRules;
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// The checked-in table, as `ofc_match --fl-table` wrote it.
const TABLE_TEXT: &str = include_str!("fl_values.txt");

/// The column names of the table's header line, in order.
pub const COLUMNS: [&str; 7] = [
    "preset", "cards", "value", "edge", "edge_se", "stay", "hands",
];

/// One measured row: a preset and a Fantasyland card count.
#[derive(Clone, Debug, PartialEq)]
pub struct FlEntry {
    /// The open-face preset.
    pub preset: String,
    /// Cards dealt in Fantasyland (0 for a preset without Fantasyland).
    pub cards: u8,
    /// Points per opponent of entering Fantasyland with these cards,
    /// the repeat deals included.
    pub value: f64,
    /// Points per opponent of one Fantasyland deal of these cards.
    pub edge: f64,
    /// Standard error of `edge` (over tables of hands).
    pub edge_se: f64,
    /// Share of these deals whose board stays in Fantasyland.
    pub stay: f64,
    /// Hands measured.
    pub hands: u64,
}

/// The values of Fantasyland by preset and card count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlTable {
    /// The rows, in the order of the text.
    pub entries: Vec<FlEntry>,
}

impl FlTable {
    /// The compiled-in table (empty, so worth nothing, if it did not parse;
    /// a test keeps it parsing).
    pub fn builtin() -> &'static FlTable {
        static TABLE: OnceLock<FlTable> = OnceLock::new();
        TABLE.get_or_init(|| FlTable::parse(TABLE_TEXT).unwrap_or_default())
    }

    /// Reads the text [`FlTable::to_text`] writes: `#` comment lines, a
    /// header of [`COLUMNS`], then one tab-separated row per line.
    ///
    /// ```
    /// use chinese_poker_core::ofc::fl_table::FlTable;
    /// let t = FlTable::parse("preset\tcards\tvalue\tedge\tedge_se\tstay\thands\n\
    ///                         ofc_us\t14\t13.5\t13\t0.5\t0.04\t400\n").unwrap();
    /// assert_eq!(t.entries[0].value, 13.5);
    /// ```
    pub fn parse(text: &str) -> Result<FlTable> {
        let bad = |line: usize, why: String| {
            Error::InvalidSetting(format!("Fantasyland table line {line}: {why}"))
        };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        match lines.next() {
            Some((_, h)) if h.split('\t').eq(COLUMNS) => {}
            Some((i, h)) => {
                return Err(bad(
                    i,
                    format!("header {h:?}, expected the columns {COLUMNS:?}"),
                ))
            }
            None => return Err(bad(0, "no header".into())),
        }
        let mut entries = Vec::new();
        for (i, line) in lines {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() != COLUMNS.len() {
                return Err(bad(
                    i,
                    format!("{} fields, expected {}", f.len(), COLUMNS.len()),
                ));
            }
            let num = |k: usize| {
                f[k].parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad(i, format!("{} {:?} is not a number", COLUMNS[k], f[k])))
            };
            let cards = f[1]
                .parse::<u8>()
                .ok()
                .filter(|&n| n == 0 || (13..=17).contains(&n))
                .ok_or_else(|| bad(i, format!("cards {:?}: 0 or 13 to 17", f[1])))?;
            let hands = f[6]
                .parse::<u64>()
                .map_err(|e| bad(i, format!("hands {:?}: {e}", f[6])))?;
            entries.push(FlEntry {
                preset: f[0].to_string(),
                cards,
                value: num(2)?,
                edge: num(3)?,
                edge_se: num(4)?,
                stay: num(5)?,
                hands,
            });
        }
        Ok(FlTable { entries })
    }

    /// The table as text: `comments` (each line prefixed `# `), the header
    /// and the rows, values to three decimals.
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut out = String::new();
        for c in comments {
            out.push_str("# ");
            out.push_str(c);
            out.push('\n');
        }
        out.push_str(&COLUMNS.join("\t"));
        out.push('\n');
        for e in &self.entries {
            out.push_str(&format!(
                "{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{:.4}\t{}\n",
                e.preset, e.cards, e.value, e.edge, e.edge_se, e.stay, e.hands
            ));
        }
        out
    }

    /// The rows of `preset`.
    pub fn rows<'a>(&'a self, preset: &'a str) -> impl Iterator<Item = &'a FlEntry> + 'a {
        self.entries.iter().filter(move |e| e.preset == preset)
    }

    /// Points per opponent of a board that earns `cards` Fantasyland cards
    /// under `rules` (0 without Fantasyland or for `cards == 0`); see the
    /// module notes for rules that are not a preset.
    ///
    /// ```
    /// use chinese_poker_core::ofc::{fl_table::FlTable, OfcRules};
    /// let t = FlTable::builtin();
    /// assert_eq!(t.per_opponent(&OfcRules::preset("ofc_ru_main").unwrap(), 14), 0.0);
    /// assert!(t.per_opponent(&OfcRules::preset("ofc_pineapple").unwrap(), 14) > 0.0);
    /// ```
    pub fn per_opponent(&self, rules: &OfcRules, cards: u8) -> f64 {
        if !rules.fantasyland.enabled || cards == 0 {
            return 0.0;
        }
        let preset = reference_preset(rules);
        self.rows(preset)
            .filter(|e| e.cards > 0)
            .min_by_key(|e| (e.cards.abs_diff(cards), e.cards))
            .map_or(0.0, |e| e.value)
    }
}

/// The preset whose values `rules` take: its own when its Fantasyland game
/// form is the preset's, else the preset of that form.
fn reference_preset(rules: &OfcRules) -> &str {
    let same_form = OfcRules::preset(&rules.preset).is_ok_and(|p| {
        p.pineapple == rules.pineapple
            && p.fantasyland.enabled
            && p.fantasyland.progressive == rules.fantasyland.progressive
    });
    if same_form {
        &rules.preset
    } else if !rules.pineapple {
        "ofc_us"
    } else if rules.fantasyland.progressive {
        "ofc_pineapple_progressive"
    } else {
        "ofc_pineapple"
    }
}

/// Points per opponent of entering Fantasyland with each measured card
/// count, from `(cards, edge, stay)` of single deals: `edge(n) + stay(n) ×
/// V(repeat)` with `V(repeat) = edge(repeat) / (1 − stay(repeat))`. The
/// repeat count must be among the rows (else the repeats count 0).
///
/// ```
/// use chinese_poker_core::ofc::fl_table::entering_values;
/// let v = entering_values(&[(14, 10.0, 0.2), (15, 12.0, 0.3)], 14);
/// assert_eq!(v, vec![12.5, 15.75]);
/// ```
pub fn entering_values(deals: &[(u8, f64, f64)], repeat_cards: u8) -> Vec<f64> {
    let repeat = deals
        .iter()
        .find(|d| d.0 == repeat_cards)
        .map_or(0.0, |&(_, edge, stay)| edge / (1.0 - stay).max(1e-9));
    deals
        .iter()
        .map(|&(_, edge, stay)| edge + stay * repeat)
        .collect()
}

/// The card counts a board can earn on entering Fantasyland under `rules`
/// and that a repeat deal gets, ascending (empty without Fantasyland).
///
/// ```
/// use chinese_poker_core::ofc::{fl_table::fantasyland_counts, OfcRules};
/// let p = OfcRules::preset("ofc_pineapple_progressive").unwrap();
/// assert_eq!(fantasyland_counts(&p), vec![14, 15, 16, 17]);
/// assert_eq!(fantasyland_counts(&OfcRules::preset("ofc_us").unwrap()), vec![14]);
/// ```
pub fn fantasyland_counts(rules: &OfcRules) -> Vec<u8> {
    let fl = &rules.fantasyland;
    if !fl.enabled {
        return Vec::new();
    }
    let mut counts = if fl.progressive {
        vec![14, 15, 16, 17]
    } else {
        vec![fl.cards]
    };
    counts.push(fl.repeat_cards);
    counts.sort_unstable();
    counts.dedup();
    counts
}

/// What the agent counts for a qualifying board, by its Fantasyland card
/// count: looked up once per decision, then once per rollout board.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct FlWorth {
    by_cards: [f64; 18],
}

impl FlWorth {
    /// The worth `f(cards)` for each Fantasyland card count 13..=17 (an
    /// agent passes its `AgentConfig::fantasyland_value`).
    pub(crate) fn from_fn(f: impl Fn(u8) -> f64) -> FlWorth {
        let mut by_cards = [0.0; 18];
        for cards in 13..=17u8 {
            by_cards[cards as usize] = f(cards);
        }
        FlWorth { by_cards }
    }

    /// The worth of a board earning `cards` Fantasyland cards (0 = none).
    pub(crate) fn of(&self, cards: u8) -> f64 {
        self.by_cards.get(cards as usize).copied().unwrap_or(0.0)
    }

    /// Is every card count worth nothing (no Fantasyland counted)?
    pub(crate) fn is_zero(&self) -> bool {
        self.by_cards.iter().all(|&x| x == 0.0)
    }
}

#[cfg(test)]
#[path = "fl_table_tests.rs"]
mod tests;
