//! Card text in every notation of RULES §1: `As`, `10h`/`Th`, unicode suits
//! (filled and outline, with or without U+FE0F), Russian letters (Latin and
//! Cyrillic), the numeric 1..13 alphabet, and an `auto` mode that refuses an
//! ambiguous string (RULES §1.4).

use crate::cards::{card, format_card, Card, Style, DECK_SIZE};
use crate::error::{Error, Result};

/// A rank alphabet (RULES §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// 2-9, 10/T, J, Q, K, A; Cyrillic А, К, Т are folded to A, K, T (RULES §1.2).
    #[default]
    Intl,
    /// 2-9, 10, B or V (jack), D (queen), K, T (ace).
    RuLatin,
    /// 2-9, 10, В (jack), Д (queen), К (king), Т (ace).
    RuCyrillic,
    /// 1 (ace), 2-10, 11 (jack), 12 (queen), 13 (king).
    Numeric,
    /// Detect the alphabet; refuse a string that reads validly more than one way.
    Auto,
}

impl Notation {
    /// The name accepted by `from_str`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Intl => "intl",
            Notation::RuLatin => "ru_latin",
            Notation::RuCyrillic => "ru_cyrillic",
            Notation::Numeric => "numeric",
            Notation::Auto => "auto",
        }
    }
}

impl std::str::FromStr for Notation {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "intl" => Ok(Notation::Intl),
            "ru_latin" => Ok(Notation::RuLatin),
            "ru_cyrillic" => Ok(Notation::RuCyrillic),
            "numeric" | "numeric_1_13" => Ok(Notation::Numeric),
            "auto" => Ok(Notation::Auto),
            _ => Err(Error::UnknownOption {
                option: "notation".into(),
                value: s.into(),
                allowed: "'intl', 'ru_latin', 'ru_cyrillic', 'numeric', 'auto'".into(),
            }),
        }
    }
}

/// The alphabets a token can be read in; `RuAny` is the Russian reading that
/// `auto` uses (Latin and Cyrillic letters alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alphabet {
    Intl,
    RuLatin,
    RuCyrillic,
    RuAny,
    Numeric,
}

impl Alphabet {
    fn describe(self) -> &'static str {
        match self {
            Alphabet::Intl => "intl (T = ten)",
            Alphabet::RuLatin | Alphabet::RuCyrillic | Alphabet::RuAny => "Russian (T = ace)",
            Alphabet::Numeric => "numeric (1 = ace)",
        }
    }
}

/// A rank token and, for cards, its suit, with character positions.
#[derive(Clone, Debug)]
struct RawToken {
    rank: String,
    suit: Option<u8>,
    position: usize,
    text: String,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '-' | ';' | '/' | '|' | '\u{2013}')
}

fn suit_of(c: char) -> Option<u8> {
    match c {
        'c' | 'C' | '♣' | '♧' => Some(0),
        'd' | 'D' | '♦' | '♢' => Some(1),
        'h' | 'H' | '♥' | '♡' => Some(2),
        's' | 'S' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

const VARIATION_SELECTOR: char = '\u{FE0F}';

/// Splits text into rank tokens (a digit run or one character), each followed
/// by a suit when `with_suits`.
fn tokenize(text: &str, with_suits: bool) -> Result<Vec<RawToken>> {
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

/// Reads one rank token in an alphabet; `None` if it is not a rank there.
fn rank_in(token: &str, alphabet: Alphabet) -> Option<u8> {
    let mut it = token.chars();
    let first = it.next()?;
    if first.is_ascii_digit() {
        let n: u32 = token.parse().ok()?;
        return match (alphabet, n) {
            (_, 2..=9) => Some((n - 2) as u8),
            (_, 10) => Some(8),
            (Alphabet::Numeric, 1) => Some(12),
            (Alphabet::Numeric, 11..=13) => Some((n - 2) as u8),
            _ => None,
        };
    }
    if it.next().is_some() {
        return None;
    }
    let up = first.to_uppercase().next().unwrap_or(first);
    match alphabet {
        Alphabet::Intl => match up {
            'T' | 'Т' => Some(8),
            'J' => Some(9),
            'Q' => Some(10),
            'K' | 'К' => Some(11),
            'A' | 'А' => Some(12),
            _ => None,
        },
        Alphabet::RuLatin => match up {
            'B' | 'V' => Some(9),
            'D' => Some(10),
            'K' => Some(11),
            'T' => Some(12),
            _ => None,
        },
        Alphabet::RuCyrillic => match up {
            'В' => Some(9),
            'Д' => Some(10),
            'К' => Some(11),
            'Т' => Some(12),
            _ => None,
        },
        Alphabet::RuAny => match up {
            'B' | 'V' | 'В' => Some(9),
            'D' | 'Д' => Some(10),
            'K' | 'К' => Some(11),
            'T' | 'Т' => Some(12),
            _ => None,
        },
        Alphabet::Numeric => None,
    }
}

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

fn read_ranks(tokens: &[RawToken], alphabet: Alphabet) -> Result<Vec<u8>> {
    tokens
        .iter()
        .map(|tok| rank_in(&tok.rank, alphabet).ok_or_else(|| unknown_rank(tok, alphabet)))
        .collect()
}

fn fixed_alphabet(n: Notation) -> Option<Alphabet> {
    match n {
        Notation::Intl => Some(Alphabet::Intl),
        Notation::RuLatin => Some(Alphabet::RuLatin),
        Notation::RuCyrillic => Some(Alphabet::RuCyrillic),
        Notation::Numeric => Some(Alphabet::Numeric),
        Notation::Auto => None,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str, n: Notation) -> Result<Vec<Card>> {
        parse_cards(s, n)
    }

    #[test]
    fn intl_forms() {
        let want = vec![card(12, 3), card(8, 2), card(8, 1)];
        assert_eq!(p("As 10h Td", Notation::Intl).unwrap(), want);
        assert_eq!(p("as,10H-tD", Notation::Intl).unwrap(), want);
        assert_eq!(p("A♠10♥T♦", Notation::Intl).unwrap(), want);
        assert_eq!(p("A♤ 10♡ T♢", Notation::Intl).unwrap(), want);
        assert_eq!(
            p("A♠\u{FE0F}10♥\u{FE0F}T♦\u{FE0F}", Notation::Intl).unwrap(),
            want
        );
    }

    #[test]
    fn seed_vectors() {
        // RULES §11 vector 1
        let r = parse_ranks("T-2-3-4-5-6-7-8-9-10-V-D-K", Notation::RuLatin).unwrap();
        assert_eq!(r, vec![12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        // RULES §11 vector 2 (Cyrillic Т)
        let s = "2♣4♥4♣4♦4♠5♦5♠5♣6♥7♥8♥9♥Т♥";
        let intl = p(s, Notation::Intl).unwrap();
        assert_eq!(*intl.last().unwrap(), card(8, 2));
        let ru = p(s, Notation::RuCyrillic).unwrap();
        assert_eq!(*ru.last().unwrap(), card(12, 2));
        assert!(matches!(
            p(s, Notation::Auto),
            Err(Error::AmbiguousNotation { .. })
        ));
        assert_eq!(
            p("А♠К♥J♦", Notation::Auto).unwrap(),
            vec![card(12, 3), card(11, 2), card(9, 1)]
        );
        assert_eq!(
            p("А♣А♥Т♠", Notation::Auto).unwrap(),
            vec![card(12, 0), card(12, 2), card(8, 3)]
        );
    }

    #[test]
    fn errors_name_token_and_position() {
        match p("As Xh", Notation::Intl) {
            Err(Error::InvalidCard {
                token, position, ..
            }) => {
                assert_eq!(token, "Xh");
                assert_eq!(position, 3);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            p("As Ks As", Notation::Intl),
            Err(Error::DuplicateCard {
                position: 6,
                first: 0,
                ..
            })
        ));
        assert!(matches!(
            p("A", Notation::Intl),
            Err(Error::InvalidCard { .. })
        ));
        assert!(matches!(
            p("1s", Notation::Intl),
            Err(Error::InvalidCard { .. })
        ));
    }

    #[test]
    fn numeric() {
        assert_eq!(
            p("1d 13h 11c10s", Notation::Numeric).unwrap(),
            vec![card(12, 1), card(11, 2), card(9, 0), card(8, 3)]
        );
        assert_eq!(
            p("13h 1d", Notation::Auto).unwrap(),
            vec![card(11, 2), card(12, 1)]
        );
    }
}
