//! A minimal JSON reader and string escaper for the saved-game format. The
//! format only holds integers, strings, arrays and objects, and a small
//! reader keeps the core free of a serialisation dependency.
//!
//! The reader is strict, because a save is read by the core and often by a
//! caller's own JSON library too, and the two must not read one document
//! differently: a key twice in one object, a document over
//! [`MAX_DOCUMENT_BYTES`] and a number of more than [`MAX_NUMBER_DIGITS`]
//! digits are refused.

use crate::error::{Error, Result};

/// A parsed JSON value (numbers are integers: the format has no fractions).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Int(i128),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// The largest saved game read: a finished four-player deal with its rules
/// is about 2 KB, so 1 MiB leaves room for any honest document.
pub const MAX_DOCUMENT_BYTES: usize = 1 << 20;

/// The most digits of one number (a `u64` has 20).
pub(crate) const MAX_NUMBER_DIGITS: usize = 24;

fn err(msg: impl Into<String>) -> Error {
    Error::InvalidSetting(format!("bad game JSON: {}", msg.into()))
}

impl Json {
    /// Parses a whole document.
    pub(crate) fn parse(text: &str) -> Result<Json> {
        if text.len() > MAX_DOCUMENT_BYTES {
            return Err(err(format!(
                "the document has {} bytes; a saved game has at most {MAX_DOCUMENT_BYTES}",
                text.len()
            )));
        }
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value(0)?;
        p.ws();
        if p.i != p.s.len() {
            return Err(err(format!("trailing characters at byte {}", p.i)));
        }
        Ok(v)
    }

    /// The member `key` of an object.
    pub(crate) fn get(&self, key: &str) -> Result<&Json> {
        match self {
            Json::Obj(m) => m
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .ok_or_else(|| err(format!("missing key {key:?}"))),
            _ => Err(err("expected an object")),
        }
    }

    /// Refuses an object with a key outside `known` (a misspelt or foreign
    /// key would otherwise be ignored silently).
    pub(crate) fn only_keys(&self, known: &[&str]) -> Result<()> {
        match self {
            Json::Obj(m) => match m.iter().find(|(k, _)| !known.contains(&k.as_str())) {
                Some((k, _)) => Err(err(format!(
                    "unknown key {:?}; a saved game has {}",
                    crate::error::clip(k, crate::error::QUOTED_CHARS),
                    known.join(", ")
                ))),
                None => Ok(()),
            },
            _ => Err(err("expected an object")),
        }
    }

    /// Like `get`, but `None` when the key is absent.
    pub(crate) fn get_opt(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub(crate) fn int(&self, what: &str, lo: i128, hi: i128) -> Result<i128> {
        match self {
            Json::Int(n) if (lo..=hi).contains(n) => Ok(*n),
            _ => Err(err(format!("{what}: expected an integer in {lo}..={hi}"))),
        }
    }

    pub(crate) fn str(&self, what: &str) -> Result<&str> {
        match self {
            Json::Str(s) => Ok(s),
            _ => Err(err(format!("{what}: expected a string"))),
        }
    }

    pub(crate) fn arr(&self, what: &str) -> Result<&[Json]> {
        match self {
            Json::Arr(a) => Ok(a),
            _ => Err(err(format!("{what}: expected an array"))),
        }
    }
}

/// Writes `s` as a JSON string literal.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn expect(&mut self, b: u8) -> Result<()> {
        self.ws();
        if self.peek() == Some(b) {
            self.i += 1;
            Ok(())
        } else {
            Err(err(format!("expected {:?} at byte {}", b as char, self.i)))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json> {
        // Saved games nest three levels; a cap keeps hostile input from overflowing the stack.
        if depth > 32 {
            return Err(err("nested too deeply"));
        }
        self.ws();
        match self.peek() {
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(members));
                }
                loop {
                    self.ws();
                    let at = self.i;
                    let key = self.string()?;
                    if members.iter().any(|(k, _)| *k == key) {
                        return Err(err(format!(
                            "key {:?} appears twice in one object (byte {at})",
                            crate::error::clip(&key, crate::error::QUOTED_CHARS)
                        )));
                    }
                    self.expect(b':')?;
                    members.push((key, self.value(depth + 1)?));
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(members));
                        }
                        _ => return Err(err(format!("expected ',' or '}}' at byte {}", self.i))),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(err(format!("expected ',' or ']' at byte {}", self.i))),
                    }
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                self.i += 1;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.i += 1;
                }
                if self.i - start > MAX_NUMBER_DIGITS {
                    return Err(err(format!(
                        "the number at byte {start} has {} digits; at most {MAX_NUMBER_DIGITS}",
                        self.i - start
                    )));
                }
                if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
                    return Err(err(format!("only integers are allowed (byte {start})")));
                }
                let text =
                    std::str::from_utf8(&self.s[start..self.i]).map_err(|e| err(e.to_string()))?;
                text.parse::<i128>()
                    .map(Json::Int)
                    .map_err(|_| err(format!("bad number {text:?}")))
            }
            _ => {
                for (word, v) in [
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                    ("null", Json::Null),
                ] {
                    if self.s[self.i..].starts_with(word.as_bytes()) {
                        self.i += word.len();
                        return Ok(v);
                    }
                }
                Err(err(format!("unexpected input at byte {}", self.i)))
            }
        }
    }

    fn string(&mut self) -> Result<String> {
        if self.peek() != Some(b'"') {
            return Err(err(format!("expected a string at byte {}", self.i)));
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let b = self.peek().ok_or_else(|| err("unterminated string"))?;
            self.i += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let e = self.peek().ok_or_else(|| err("unterminated escape"))?;
                    self.i += 1;
                    match e {
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'/' => out.push(b'/'),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let hex = self
                                .s
                                .get(self.i..self.i + 4)
                                .and_then(|h| std::str::from_utf8(h).ok())
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .ok_or_else(|| err("bad \\u escape"))?;
                            self.i += 4;
                            let ch = char::from_u32(hex).unwrap_or('\u{FFFD}');
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        _ => return Err(err("bad escape")),
                    }
                }
                _ => out.push(b),
            }
        }
        String::from_utf8(out).map_err(|_| err("string is not UTF-8"))
    }
}
