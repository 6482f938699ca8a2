//! Reading tokens as cards or ranks in one alphabet, or under `auto` in
//! every alphabet that fits (RULES §1.4), and the public parsers.

use super::alphabet::{fixed_alphabet, rank_in, Alphabet, Notation};
use super::tokenize::{tokenize, RawToken};
use crate::cards::{card, format_card, Card, Style, DECK_SIZE};
use crate::error::{Error, Result};

/// The error for a token that is no rank in `alphabet`.
fn unknown_rank(tok: &RawToken, alphabet: Alphabet) -> Error {
    Error::InvalidCard {
        token: tok.text.clone(),
        position: tok.position,
        reason: format!(
            "{:?} is not a rank in notation {}",
            tok.rank,
            alphabet.describe()
        ),
    }
}

/// The cards of the tokens in one alphabet; a card seen twice is an error.
fn read_cards(tokens: &[RawToken], alphabet: Alphabet) -> Result<Vec<Card>> {
    let mut seen = [usize::MAX; DECK_SIZE];
    let mut out = Vec::with_capacity(tokens.len());
    for tok in tokens {
        let r = rank_in(&tok.rank, alphabet).ok_or_else(|| unknown_rank(tok, alphabet))?;
        let c = card(r, tok.suit.unwrap_or(0));
        if seen[c as usize] != usize::MAX {
            return Err(Error::DuplicateCard {
                card: format_card(c, Style::Ascii),
                position: tok.position,
                first: seen[c as usize],
            });
        }
        seen[c as usize] = tok.position;
        out.push(c);
    }
    Ok(out)
}

/// The ranks of the tokens in one alphabet.
fn read_ranks(tokens: &[RawToken], alphabet: Alphabet) -> Result<Vec<u8>> {
    tokens
        .iter()
        .map(|tok| rank_in(&tok.rank, alphabet).ok_or_else(|| unknown_rank(tok, alphabet)))
        .collect()
}

/// RULES §1.4 heuristics, steps 1–3: a decisive alphabet, if the letters give one.
fn auto_hint(tokens: &[RawToken]) -> Option<Alphabet> {
    let has = |set: &[&str]| {
        tokens
            .iter()
            .any(|t| set.iter().any(|s| t.rank.to_uppercase() == *s))
    };
    if has(&["B", "V", "D", "В", "Д"]) {
        Some(Alphabet::RuAny)
    } else if has(&["J", "Q", "A", "А"]) {
        Some(Alphabet::Intl)
    } else if has(&["10"]) && has(&["T", "Т"]) {
        Some(Alphabet::RuAny)
    } else {
        None
    }
}

/// Step 4: every reading that succeeds; one distinct result is taken, more is ambiguous.
fn read_auto<T: PartialEq + Clone>(
    text: &str,
    tokens: &[RawToken],
    read: impl Fn(&[RawToken], Alphabet) -> Result<T>,
    show: impl Fn(&T) -> String,
) -> Result<T> {
    if let Some(a) = auto_hint(tokens) {
        return read(tokens, a);
    }
    let mut first_err = None;
    let mut found: Vec<(Alphabet, T)> = Vec::new();
    for a in [Alphabet::Intl, Alphabet::RuAny, Alphabet::Numeric] {
        match read(tokens, a) {
            Ok(v) => {
                if !found.iter().any(|(_, w)| *w == v) {
                    found.push((a, v));
                }
            }
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    match found.len() {
        0 => Err(first_err.unwrap_or_else(|| Error::Internal("no reading".into()))),
        1 => Ok(found.remove(0).1),
        _ => Err(Error::AmbiguousNotation {
            text: text.into(),
            readings: found
                .iter()
                .map(|(a, v)| format!("{} [{}]", a.describe(), show(v)))
                .collect(),
        }),
    }
}

/// Parses card text into codes. Errors name the offending token and its
/// character position (0-based).
///
/// ```
/// use chinese_poker_core::notation::{parse_cards, Notation};
/// assert_eq!(parse_cards("As 10h", Notation::Intl).unwrap(), vec![51, 34]);
/// ```
pub fn parse_cards(text: &str, notation: Notation) -> Result<Vec<Card>> {
    let tokens = tokenize(text, true)?;
    match fixed_alphabet(notation) {
        Some(a) => read_cards(&tokens, a),
        None => read_auto(text, &tokens, read_cards, |v: &Vec<Card>| {
            v.iter()
                .map(|&c| format_card(c, Style::Ascii))
                .collect::<Vec<_>>()
                .join(" ")
        }),
    }
}

/// Parses rank-only text (e.g. `T-2-3-4-5-6-7-8-9-10-V-D-K`) into ranks 0..12.
pub fn parse_ranks(text: &str, notation: Notation) -> Result<Vec<u8>> {
    let tokens = tokenize(text, false)?;
    match fixed_alphabet(notation) {
        Some(a) => read_ranks(&tokens, a),
        None => read_auto(text, &tokens, read_ranks, |v: &Vec<u8>| {
            v.iter()
                .map(|&r| crate::cards::RANK_CHARS[r as usize].to_string())
                .collect::<Vec<_>>()
                .join("-")
        }),
    }
}
