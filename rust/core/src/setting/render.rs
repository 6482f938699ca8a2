//! A setting as text, one line a row: its cards, its description and, on
//! request, its royalty and the foul verdict. The library and the command
//! line print settings through this one renderer, so they always agree.

use super::{Row, Setting};
use crate::cards::{format_card, rank, suit, Card, Style};
use crate::eval::describe;
use crate::rules::Rules;

/// What [`Setting::render`] writes beside the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// `ascii` (`As`) or `unicode` (`A♠`) cards.
    pub style: Style,
    /// Each row's cards as a player reads them (bigger groups first, then
    /// higher ranks: K K 5 4 3) instead of in the order they were set.
    pub grouped: bool,
    /// A row's royalty after its description, when it has one.
    pub royalties: bool,
    /// A last line `FOUL: …` when the setting fouls under the rules.
    pub verdict: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            style: Style::Ascii,
            grouped: false,
            royalties: false,
            verdict: true,
        }
    }
}

/// The cards of a row in the order a player reads them.
fn grouped(cards: &[Card]) -> Vec<Card> {
    let count = |c: Card| cards.iter().filter(|&&d| rank(d) == rank(c)).count();
    let mut out = cards.to_vec();
    out.sort_by_key(|&c| std::cmp::Reverse((count(c), rank(c), suit(c))));
    out
}

impl Setting {
    /// The setting as text under `rules`, one line a row.
    ///
    /// ```
    /// use chinese_poker_core::notation::Notation;
    /// use chinese_poker_core::rules::Rules;
    /// use chinese_poker_core::setting::{RenderOptions, Setting};
    /// let s = Setting::parse("Ks 5d Kd / 9d As 9h Ad Ac / 7c 8c 9c Tc Jc", Notation::Intl).unwrap();
    /// let opts = RenderOptions { grouped: true, ..RenderOptions::default() };
    /// let text = s.render(&Rules::standard(), opts);
    /// assert!(text.starts_with("front   Ks Kd 5d        Pair of Kings, 5 kicker"));
    /// ```
    pub fn render(&self, rules: &Rules, opts: RenderOptions) -> String {
        let values = self.values(rules);
        let royalty = self.royalties(rules);
        let mut out = Vec::new();
        for (i, row) in Row::ALL.into_iter().enumerate() {
            let cards = if opts.grouped {
                grouped(self.row(row))
            } else {
                self.row(row).to_vec()
            };
            let text: Vec<String> = cards.iter().map(|&c| format_card(c, opts.style)).collect();
            let mut line = format!(
                "{:<6}  {:<14}  {}",
                row.name(),
                text.join(" "),
                describe(values[i])
            );
            if opts.royalties && royalty[i] != 0 {
                line.push_str(&format!("  (royalty {})", royalty[i]));
            }
            out.push(line);
        }
        if opts.verdict {
            if let Some(reason) = self.foul_reason(rules) {
                out.push(format!("FOUL: {}", reason.describe()));
            }
        }
        out.join("\n")
    }
}
