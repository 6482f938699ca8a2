//! Splitting card text into tokens: a rank (a digit run or one character)
//! and, for cards, a suit letter or symbol, each with its character position.

use crate::error::{Error, Result};

/// A rank token and, for cards, its suit, with character positions.
#[derive(Clone, Debug)]
pub(super) struct RawToken {
    /// The rank as written.
    pub(super) rank: String,
    /// The suit code 0..3, for cards.
    pub(super) suit: Option<u8>,
    /// The character position of the token in the text (0-based).
    pub(super) position: usize,
    /// The whole token as written, for error messages.
    pub(super) text: String,
}

/// Characters that separate cards (and are otherwise ignored).
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '-' | ';' | '/' | '|' | '\u{2013}')
}

/// The suit of a letter or symbol (filled and outline suits alike).
fn suit_of(c: char) -> Option<u8> {
    match c {
        'c' | 'C' | '♣' | '♧' => Some(0),
        'd' | 'D' | '♦' | '♢' => Some(1),
        'h' | 'H' | '♥' | '♡' => Some(2),
        's' | 'S' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

/// U+FE0F, which may follow a suit symbol and is skipped.
const VARIATION_SELECTOR: char = '\u{FE0F}';

/// Splits text into rank tokens (a digit run or one character), each followed
/// by a suit when `with_suits`.
pub(super) fn tokenize(text: &str, with_suits: bool) -> Result<Vec<RawToken>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_separator(c) || c == VARIATION_SELECTOR {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            i += 1;
        }
        let rank: String = chars[start..i].iter().collect();
        let suit = if with_suits {
            match chars.get(i).copied().and_then(suit_of) {
                Some(s) => {
                    i += 1;
                    if chars.get(i) == Some(&VARIATION_SELECTOR) {
                        i += 1;
                    }
                    Some(s)
                }
                None => {
                    let mut token = rank.clone();
                    if let Some(&next) = chars.get(i) {
                        if !is_separator(next) {
                            token.push(next);
                        }
                    }
                    let reason = match chars.get(i) {
                        Some(&n) if !is_separator(n) => {
                            format!("{n:?} is not a suit (s, h, d, c or a suit symbol)")
                        }
                        _ => "a card is a rank followed by a suit, e.g. As, 10h, T♦".into(),
                    };
                    return Err(Error::InvalidCard {
                        token,
                        position: start,
                        reason,
                    });
                }
            }
        } else {
            None
        };
        let text: String = chars[start..i].iter().collect();
        out.push(RawToken {
            rank,
            suit,
            position: start,
            text,
        });
    }
    Ok(out)
}
