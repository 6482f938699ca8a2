//! The exception hierarchy, defined once, and the one mapping from the core's
//! error enum to it.

use chinese_poker_core::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    chinese_poker._core,
    ChinesePokerError,
    PyValueError,
    "Base class of every error chinese-poker raises (a ValueError)."
);
create_exception!(
    chinese_poker._core,
    InvalidCardError,
    ChinesePokerError,
    "A token or code that is not a card; `.token`/`.code` and `.position` name it."
);
create_exception!(
    chinese_poker._core,
    AmbiguousNotationError,
    InvalidCardError,
    "`notation='auto'` found more than one valid reading of the text."
);
create_exception!(
    chinese_poker._core,
    DuplicateCardError,
    ChinesePokerError,
    "The same card appears twice; `.card`, `.position` and `.first` say where."
);
create_exception!(
    chinese_poker._core,
    HandSizeError,
    ChinesePokerError,
    "A hand with the wrong number of cards."
);
create_exception!(
    chinese_poker._core,
    OptionError,
    ChinesePokerError,
    "An unknown option value (notation, wheel, style, threads …)."
);
create_exception!(
    chinese_poker._core,
    ArrayError,
    ChinesePokerError,
    "A numpy array of the wrong type, dtype or shape, or a batch whose output exceeds the batch limit."
);
create_exception!(
    chinese_poker._core,
    InvalidValueError,
    ChinesePokerError,
    "An integer that is not the value of any hand."
);
create_exception!(
    chinese_poker._core,
    InvalidSettingError,
    ChinesePokerError,
    "A setting or declaration the rules cannot score (wrong rows, a false natural …)."
);
create_exception!(
    chinese_poker._core,
    RulesError,
    ChinesePokerError,
    "A rules option that is malformed or contradicts another; `.option` names it."
);
create_exception!(
    chinese_poker._core,
    FileFormatError,
    ChinesePokerError,
    "Bytes that are not a valid file of their kind: a model file, a training block."
);
create_exception!(
    chinese_poker._core,
    InternalError,
    ChinesePokerError,
    "A bug inside chinese-poker (a caught panic); please report it."
);

/// Adds every exception class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ChinesePokerError", py.get_type::<ChinesePokerError>())?;
    m.add("InvalidCardError", py.get_type::<InvalidCardError>())?;
    m.add(
        "AmbiguousNotationError",
        py.get_type::<AmbiguousNotationError>(),
    )?;
    m.add("DuplicateCardError", py.get_type::<DuplicateCardError>())?;
    m.add("HandSizeError", py.get_type::<HandSizeError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("ArrayError", py.get_type::<ArrayError>())?;
    m.add("InvalidValueError", py.get_type::<InvalidValueError>())?;
    m.add("InvalidSettingError", py.get_type::<InvalidSettingError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("FileFormatError", py.get_type::<FileFormatError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    Ok(())
}

/// Wraps a core error so `?` converts it.
pub struct CoreError(pub Error);

impl From<Error> for CoreError {
    fn from(e: Error) -> Self {
        CoreError(e)
    }
}

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        Python::attach(|py| to_pyerr(py, &e.0))
    }
}

fn set(err: &PyErr, py: Python<'_>, name: &str, value: impl for<'a> IntoPyObject<'a>) {
    // Attribute setting on a fresh exception instance cannot fail in practice;
    // if it did, the message still carries the information.
    let _ = err.value(py).setattr(name, value);
}

/// The one mapping from the core's errors to Python exceptions.
pub fn to_pyerr(py: Python<'_>, e: &Error) -> PyErr {
    let msg = e.to_string();
    let root = e.root();
    let err = match root {
        Error::InvalidCard { .. } | Error::CardCode { .. } => InvalidCardError::new_err(msg),
        Error::AmbiguousNotation { .. } => AmbiguousNotationError::new_err(msg),
        Error::DuplicateCard { .. } => DuplicateCardError::new_err(msg),
        Error::HandSize { .. } => HandSizeError::new_err(msg),
        Error::UnknownOption { .. } => OptionError::new_err(msg),
        Error::Array(_) => ArrayError::new_err(msg),
        Error::InvalidValue(_) => InvalidValueError::new_err(msg),
        Error::Internal(_) => InternalError::new_err(msg),
        Error::BatchRow { .. } => ChinesePokerError::new_err(msg),
        Error::Rules { .. } => RulesError::new_err(msg),
        Error::InvalidSetting(_) => InvalidSettingError::new_err(msg),
        Error::Format { .. } => FileFormatError::new_err(msg),
        // Only a cancel token set on Ctrl-C produces it.
        Error::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err(msg),
    };
    if let Error::BatchRow { row, .. } = e {
        set(&err, py, "row", *row);
    }
    match root {
        Error::InvalidCard {
            token, position, ..
        } => {
            set(&err, py, "token", token.as_str());
            set(&err, py, "position", *position);
        }
        Error::CardCode { code, position } => {
            set(&err, py, "code", *code);
            set(&err, py, "position", *position);
        }
        Error::DuplicateCard {
            card,
            position,
            first,
        } => {
            set(&err, py, "card", card.as_str());
            set(&err, py, "position", *position);
            set(&err, py, "first", *first);
        }
        Error::Rules { option, .. } => {
            set(&err, py, "option", option.as_str());
        }
        _ => {}
    }
    err
}

/// `to_pyerr` for callers without a `Python` token at hand.
pub fn to_pyerr_static(e: Error) -> PyErr {
    CoreError(e).into()
}
