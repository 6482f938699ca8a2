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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard {
                token,
                position,
                reason,
            } => write!(f, "invalid card {token:?} at position {position}: {reason}"),
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
                "ambiguous card text {text:?}: it reads validly as {}; pass notation= explicitly",
                readings.join(" and as ")
            ),
            Error::UnknownOption {
                option,
                value,
                allowed,
            } => write!(f, "unknown {option} {value:?}; expected one of {allowed}"),
            Error::BatchRow { row, error } => write!(f, "row {row}: {error}"),
            Error::Array(msg) => f.write_str(msg),
            Error::InvalidValue(v) => write!(f, "{v} is not the value of any 3- or 5-card hand"),
            Error::Rules { option, reason } => write!(f, "rules option {option}: {reason}"),
            Error::InvalidSetting(msg) => write!(f, "invalid setting: {msg}"),
            Error::Format { what, reason } => write!(f, "invalid {what}: {reason}"),
            Error::Internal(msg) => write!(
                f,
                "internal error (a bug in chinese-poker, please report it): {msg}"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias of the core.
pub type Result<T> = std::result::Result<T, Error>;
