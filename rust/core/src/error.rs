//! The one error type of the core. The binding crate maps each variant to one
//! Python exception class, in one place.

use std::fmt;

/// Everything the core can refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A token of card text that is not a card in the chosen notation.
    InvalidCard {
        token: String,
        position: usize,
        reason: String,
    },
    /// A numeric card code outside 0..52.
    CardCode { code: i64, position: usize },
    /// The same card twice.
    DuplicateCard {
        card: String,
        position: usize,
        first: usize,
    },
    /// Wrong number of cards.
    HandSize { expected: String, got: usize },
    /// `auto` notation found more than one reading.
    AmbiguousNotation { text: String, readings: Vec<String> },
    /// An unknown notation, style or option name.
    UnknownOption {
        option: String,
        value: String,
        allowed: String,
    },
    /// A batch row is invalid; wraps the error of that row.
    BatchRow { row: usize, error: Box<Error> },
    /// An array of the wrong shape or dtype.
    Array(String),
    /// A hand value that no hand has.
    InvalidValue(u64),
    /// A bug: a panic caught at the boundary.
    Internal(String),
    /// An option value that is malformed or contradicts another option (RULES §9).
    Rules { option: String, reason: String },
    /// A setting, declaration or table of hands that the rules cannot score.
    InvalidSetting(String),
    /// Bytes that are not a valid file of their kind (`what`: a model file,
    /// a training block).
    Format { what: String, reason: String },
    /// The caller cancelled the call (Ctrl-C) before it finished.
    Cancelled,
}

impl Error {
    /// The innermost error (through `BatchRow` wrappers): decides the Python class.
    pub fn root(&self) -> &Error {
        match self {
            Error::BatchRow { error, .. } => error.root(),
            e => e,
        }
    }
}

/// Characters of an offending value an error message quotes.
pub const QUOTED_CHARS: usize = 60;
/// Characters of a free-text reason an error message keeps.
pub const REASON_CHARS: usize = 400;

/// `text` cut to its first `keep` characters, saying how long it was: a
/// hostile value of megabytes must not come back as a message of megabytes.
///
/// ```
/// use chinese_poker_core::error::clip;
/// assert_eq!(clip("short", 60), "short");
/// assert_eq!(clip(&"9".repeat(1000), 3), "999… (1000 characters)");
/// ```
pub fn clip(text: &str, keep: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(keep) {
        None => text.into(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()).into(),
    }
}

/// [`clip`] for a quoted value.
fn q(text: &str) -> std::borrow::Cow<'_, str> {
    clip(text, QUOTED_CHARS)
}

/// [`clip`] for a free-text reason.
fn r(text: &str) -> std::borrow::Cow<'_, str> {
    clip(text, REASON_CHARS)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard {
                token,
                position,
                reason,
            } => write!(
                f,
                "invalid card {:?} at position {position}: {}",
                q(token),
                r(reason)
            ),
            Error::CardCode { code, position } => write!(
                f,
                "card code {code} at index {position} is out of range (codes are 0..51, 4*rank + suit)"
            ),
            Error::DuplicateCard {
                card,
                position,
                first,
            } => write!(
                f,
                "duplicate card {card} at position {position} (first seen at position {first})"
            ),
            Error::HandSize { expected, got } => {
                write!(f, "wrong number of cards: expected {expected}, got {got}")
            }
            Error::AmbiguousNotation { text, readings } => write!(
                f,
                "ambiguous card text {:?}: it reads validly as {}; pass notation= explicitly",
                q(text),
                r(&readings.join(" and as "))
            ),
            // A list of names reads "unknown …; expected one of 'a', 'b'"; a described
            // range ("1 to 4096 samples") is not a list, and its value is not unknown.
            Error::UnknownOption {
                option,
                value,
                allowed,
            } if allowed.starts_with('\'') => write!(
                f,
                "unknown {} {:?}; expected one of {}",
                q(option),
                q(value),
                r(allowed)
            ),
            Error::UnknownOption {
                option,
                value,
                allowed,
            } => write!(
                f,
                "invalid {} {:?}; expected {}",
                q(option),
                q(value),
                r(allowed)
            ),
            Error::BatchRow { row, error } => write!(f, "row {row}: {error}"),
            Error::Array(msg) => f.write_str(&r(msg)),
            Error::InvalidValue(v) => write!(f, "{v} is not the value of any 3- or 5-card hand"),
            Error::Rules { option, reason } => {
                write!(f, "rules option {}: {}", q(option), r(reason))
            }
            Error::InvalidSetting(msg) => write!(f, "invalid setting: {}", r(msg)),
            Error::Format { what, reason } => write!(f, "invalid {what}: {}", r(reason)),
            Error::Cancelled => f.write_str("cancelled before it finished"),
            Error::Internal(msg) => write!(
                f,
                "internal error (a bug in chinese-poker, please report it): {}",
                r(msg)
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias of the core.
pub type Result<T> = std::result::Result<T, Error>;
