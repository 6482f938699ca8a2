//! The rank alphabets: the [`Notation`] a caller names, and the readings a
//! token is tried in (the Russian reading of `auto` takes both scripts).

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
    /// Every notation, in declaration order (the order their names are listed in).
    pub const ALL: [Notation; 5] = [
        Notation::Intl,
        Notation::RuLatin,
        Notation::RuCyrillic,
        Notation::Numeric,
        Notation::Auto,
    ];

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
        // `numeric_1_13` is the long spelling of `numeric` (RULES §1.2 names it so).
        let s = if s == "numeric_1_13" { "numeric" } else { s };
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or_else(|| Error::UnknownOption {
                option: "notation".into(),
                value: s.into(),
                allowed: crate::rules::values::quote_list(&Notation::ALL.map(Notation::name)),
            })
    }
}

/// The alphabets a token can be read in; `RuAny` is the Russian reading that
/// `auto` uses (Latin and Cyrillic letters alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Alphabet {
    Intl,
    RuLatin,
    RuCyrillic,
    RuAny,
    Numeric,
}

impl Alphabet {
    /// The alphabet as error messages name it.
    pub(super) fn describe(self) -> &'static str {
        match self {
            Alphabet::Intl => "intl (T = ten)",
            Alphabet::RuLatin | Alphabet::RuCyrillic | Alphabet::RuAny => "Russian (T = ace)",
            Alphabet::Numeric => "numeric (1 = ace)",
        }
    }
}

/// The one reading of a fixed notation; `None` for `auto`.
pub(super) fn fixed_alphabet(n: Notation) -> Option<Alphabet> {
    match n {
        Notation::Intl => Some(Alphabet::Intl),
        Notation::RuLatin => Some(Alphabet::RuLatin),
        Notation::RuCyrillic => Some(Alphabet::RuCyrillic),
        Notation::Numeric => Some(Alphabet::Numeric),
        Notation::Auto => None,
    }
}

/// Reads one rank token in an alphabet; `None` if it is not a rank there.
pub(super) fn rank_in(token: &str, alphabet: Alphabet) -> Option<u8> {
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
