//! The parsers and printers of option value strings, and the error shapes they share.

use super::naturals::NaturalKind;
use super::values::quote_list;
use crate::error::{Error, Result};

/// The most points one option may pay: a royalty, a natural, a fixed foul
/// penalty or surrender cost, the Russian table scoop, the ante. Far above any
/// real table, and small enough (with [`MAX_MULTIPLIER`] and the stake and pot
/// limits of `score`) that no settlement can overflow.
pub const MAX_POINTS: i64 = 10_000;

/// The largest scoop multiplier (`score.scoop_multiplier`, `…_all`).
pub const MAX_MULTIPLIER: i64 = 100;

pub(super) fn rules_err(option: &str, reason: impl Into<String>) -> Error {
    Error::Rules {
        option: option.into(),
        reason: reason.into(),
    }
}

pub(super) fn parse_bool(option: &str, s: &str) -> Result<bool> {
    match s {
        "true" | "True" | "1" | "yes" | "on" => Ok(true),
        "false" | "False" | "0" | "no" | "off" => Ok(false),
        _ => Err(Error::UnknownOption {
            option: option.into(),
            value: s.into(),
            allowed: quote_list(&["true", "false"]),
        }),
    }
}

pub(super) fn parse_int(option: &str, s: &str) -> Result<i64> {
    s.trim()
        .parse::<i64>()
        .map_err(|_| rules_err(option, format!("{s:?} is not an integer")))
}

/// Suit letters in code order (c, d, h, s), upper case as RULES writes suit orders.
const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];

pub(super) fn parse_suit_order(option: &str, s: &str) -> Result<Option<[u8; 4]>> {
    if s == "none" {
        return Ok(None);
    }
    // Accept `SHCD` and `S>H>C>D`, case-insensitive; highest suit first.
    let letters: Vec<char> = s
        .chars()
        .filter(|c| *c != '>' && !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut strength = [u8::MAX; 4];
    if letters.len() != 4 {
        return Err(rules_err(
            option,
            format!("{s:?} is not 'none' or an order of the four suits such as 'SHCD'"),
        ));
    }
    for (i, c) in letters.iter().enumerate() {
        let code = SUIT_LETTERS.iter().position(|l| l == c).ok_or_else(|| {
            rules_err(
                option,
                format!("{c:?} in {s:?} is not a suit letter (S, H, D, C)"),
            )
        })?;
        if strength[code] != u8::MAX {
            return Err(rules_err(
                option,
                format!("suit {c} appears twice in {s:?}"),
            ));
        }
        strength[code] = 3 - i as u8;
    }
    Ok(Some(strength))
}

pub(super) fn suit_order_str(order: Option<[u8; 4]>) -> String {
    match order {
        None => "none".into(),
        Some(strength) => (0..4u8)
            .rev()
            .filter_map(|st| strength.iter().position(|&x| x == st))
            .map(|code| SUIT_LETTERS[code])
            .collect(),
    }
}

pub(super) fn parse_fixed(option: &str, s: &str) -> Result<Option<i64>> {
    // `fixed(6)`, `fixed:6` or a bare integer.
    let inner = s
        .strip_prefix("fixed(")
        .and_then(|r| r.strip_suffix(')'))
        .or_else(|| s.strip_prefix("fixed:"));
    match inner {
        Some(n) => parse_int(option, n).map(Some),
        None => Ok(s.trim().parse::<i64>().ok()),
    }
}

pub(super) fn naturals_str(list: &[(NaturalKind, i64)]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|(k, v)| format!("{}:{v}", k.as_str()))
        .collect::<Vec<_>>()
        .join(",")
}

pub(super) fn parse_naturals(option: &str, s: &str) -> Result<Vec<(NaturalKind, i64)>> {
    if s.trim() == "none" || s.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut out: Vec<(NaturalKind, i64)> = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        let (name, value) = match item.split_once(':') {
            Some((n, v)) => (n.trim(), Some(parse_int(option, v)?)),
            None => (item, None),
        };
        let kind = NaturalKind::parse(option, name)?;
        let value = match value.or_else(|| kind.default_value()) {
            Some(v) => v,
            None => {
                return Err(rules_err(
                    option,
                    format!("{name} has no default value; write {name}:<units>"),
                ))
            }
        };
        if out.iter().any(|(k, _)| *k == kind) {
            return Err(rules_err(option, format!("{name} is listed twice")));
        }
        out.push((kind, value));
    }
    Ok(out)
}
