//! Card codes: a card is the `u8` `4 * rank + suit` (rank 0 = deuce … 12 = ace;
//! suit 0..3 = clubs, diamonds, hearts, spades), in Rust and numpy alike.
//!
//! - `mod.rs`: codes, names, formatting and the hand checks.
//! - `deck.rs`: the one seeded generator, its shuffles and the deals built on it.

pub mod deck;

use crate::error::{Error, Result};

/// A card code, `4 * rank + suit`.
pub type Card = u8;

/// Number of cards in the pack.
pub const DECK_SIZE: usize = 52;

/// Rank characters, deuce first, as written in the canonical ASCII form.
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit letters in code order: clubs, diamonds, hearts, spades.
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];
/// Filled suit symbols in code order.
pub const SUIT_SYMBOLS: [char; 4] = ['♣', '♦', '♥', '♠'];

/// Rank names used in descriptions, singular and plural.
pub const RANK_NAMES: [(&str, &str); 13] = [
    ("Deuce", "Deuces"),
    ("Three", "Threes"),
    ("Four", "Fours"),
    ("Five", "Fives"),
    ("Six", "Sixes"),
    ("Seven", "Sevens"),
    ("Eight", "Eights"),
    ("Nine", "Nines"),
    ("Ten", "Tens"),
    ("Jack", "Jacks"),
    ("Queen", "Queens"),
    ("King", "Kings"),
    ("Ace", "Aces"),
];

/// The rank (0 = deuce … 12 = ace) of a card code.
#[inline(always)]
pub const fn rank(card: Card) -> u8 {
    card >> 2
}

/// The suit (0..3 = c, d, h, s) of a card code.
#[inline(always)]
pub const fn suit(card: Card) -> u8 {
    card & 3
}

/// The code of a rank and suit.
#[inline(always)]
pub const fn card(rank: u8, suit: u8) -> Card {
    4 * rank + suit
}

/// How cards are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// `As Td 2c`
    #[default]
    Ascii,
    /// `A♠ T♦ 2♣`
    Unicode,
}

impl std::str::FromStr for Style {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "ascii" => Ok(Style::Ascii),
            "unicode" => Ok(Style::Unicode),
            _ => Err(Error::UnknownOption {
                option: "style".into(),
                value: s.into(),
                allowed: "'ascii', 'unicode'".into(),
            }),
        }
    }
}

/// Checks that an integer is a card code and returns it as one.
pub fn checked_card(code: i64, position: usize) -> Result<Card> {
    if (0..DECK_SIZE as i64).contains(&code) {
        Ok(code as Card)
    } else {
        Err(Error::CardCode { code, position })
    }
}

/// Writes one card, e.g. `As` or `A♠`.
pub fn format_card(card: Card, style: Style) -> String {
    let r = RANK_CHARS[rank(card) as usize % 13];
    let s = match style {
        Style::Ascii => SUIT_CHARS[suit(card) as usize],
        Style::Unicode => SUIT_SYMBOLS[suit(card) as usize],
    };
    format!("{r}{s}")
}

/// Writes cards separated by spaces. Codes are checked.
pub fn format_cards(cards: &[i64], style: Style) -> Result<String> {
    let mut out = Vec::with_capacity(cards.len());
    for (i, &c) in cards.iter().enumerate() {
        out.push(format_card(checked_card(c, i)?, style));
    }
    Ok(out.join(" "))
}

/// Checks a hand: codes in range, no card twice, and one of the allowed sizes.
pub fn check_hand(codes: &[i64], sizes: &[usize]) -> Result<Vec<Card>> {
    if !sizes.contains(&codes.len()) {
        let expected = sizes
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        return Err(Error::HandSize {
            expected,
            got: codes.len(),
        });
    }
    let mut seen = [usize::MAX; DECK_SIZE];
    let mut out = Vec::with_capacity(codes.len());
    for (i, &c) in codes.iter().enumerate() {
        let card = checked_card(c, i)?;
        if seen[card as usize] != usize::MAX {
            return Err(Error::DuplicateCard {
                card: format_card(card, Style::Ascii),
                position: i,
                first: seen[card as usize],
            });
        }
        seen[card as usize] = i;
        out.push(card);
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
