//! Argument conversion that keeps the API's promise: an argument of the right
//! Python type whose value cannot be used raises a `ChinesePokerError`; only a
//! wrong type raises `TypeError`. pyo3's own conversions raise `OverflowError`
//! for an integer outside the Rust type, `UnicodeEncodeError` for a string
//! holding a lone surrogate, and allocate a list's length before reading it;
//! the extractors here (used as `#[pyo3(from_py_with = ...)]`) do neither.
//! Card codes (`codes_of`), option names (`opt`) and `threads=` are read here
//! too, once for every entry point.

use crate::errors::{to_pyerr_static, OptionError};
use crate::guard::light;
use chinese_poker_core::cards;
use chinese_poker_core::notation::{self, Notation};
use chinese_poker_core::ofc::MAX_DOCUMENT_BYTES;
use chinese_poker_core::parallel::{Threads, MAX_THREADS};
use chinese_poker_core::Error;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyString};

/// Integer types that arguments convert to, with their range for messages.
pub(crate) trait IntArg: Sized {
    const MIN: i128;
    const MAX: i128;
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl IntArg for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
int_arg!(i64, u64, usize, u8);

/// A short rendering of a value for a message (a huge integer has many digits).
fn shown(ob: &Bound<'_, PyAny>) -> String {
    let text = ob
        .str()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if text.chars().count() > 24 {
        let head: String = text.chars().take(20).collect();
        format!("{head}… ({} digits)", text.len())
    } else {
        text
    }
}

/// An integer argument; one outside `T` is an `OptionError` naming the range.
pub(crate) fn int<'py, T>(ob: &Bound<'py, PyAny>) -> PyResult<T>
where
    T: IntArg + for<'a> FromPyObject<'a, 'py, Error = PyErr>,
{
    ob.extract::<T>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(ob.py()) {
            OptionError::new_err(format!(
                "integer {} is out of range (expected {} to {})",
                shown(ob),
                T::MIN,
                T::MAX
            ))
        } else {
            e
        }
    })
}

/// `int`, or None.
pub(crate) fn opt_int<'py, T>(ob: &Bound<'py, PyAny>) -> PyResult<Option<T>>
where
    T: IntArg + for<'a> FromPyObject<'a, 'py, Error = PyErr>,
{
    if ob.is_none() {
        Ok(None)
    } else {
        int(ob).map(Some)
    }
}

/// A float argument; an integer too large for a float is an `OptionError`.
pub(crate) fn float(ob: &Bound<'_, PyAny>) -> PyResult<f64> {
    ob.extract::<f64>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(ob.py()) {
            OptionError::new_err(format!("{} is too large for a float", shown(ob)))
        } else {
            e
        }
    })
}

/// `float`, or None.
pub(crate) fn opt_float(ob: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    if ob.is_none() {
        Ok(None)
    } else {
        float(ob).map(Some)
    }
}

/// The items of a sequence (not a string), at most `max` of them: a longer
/// one is refused before anything is read or allocated.
pub(crate) fn items<'py>(
    ob: &Bound<'py, PyAny>,
    max: usize,
    what: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if ob.is_instance_of::<PyString>() || ob.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a sequence, got {}",
            ob.get_type().name()?
        )));
    }
    let too_long = |got: String| {
        to_pyerr_static(Error::HandSize {
            expected: format!("at most {max} items in {what}"),
            got: got.parse().unwrap_or(usize::MAX),
        })
    };
    if let Ok(n) = ob.len() {
        if n > max {
            return Err(too_long(n.to_string()));
        }
    }
    let mut out = Vec::new();
    for item in ob.try_iter()? {
        if out.len() == max {
            return Err(too_long("more".into()));
        }
        out.push(item?);
    }
    Ok(out)
}

/// Up to `max` integers in a `T` each, or None.
pub(crate) fn opt_int_list<'py, T>(
    ob: &Bound<'py, PyAny>,
    max: usize,
    what: &str,
) -> PyResult<Option<Vec<T>>>
where
    T: IntArg + for<'a> FromPyObject<'a, 'py, Error = PyErr>,
{
    if ob.is_none() {
        return Ok(None);
    }
    items(ob, max, what)?
        .iter()
        .map(|x| int::<T>(x))
        .collect::<PyResult<Vec<T>>>()
        .map(Some)
}

/// A string argument's text: a literal default, or the caller's string.
///
/// Not a borrowed `&str`: CPython 3.9's limited API, which the abi3 wheel
/// targets, cannot lend a string's UTF-8 buffer, so there `PyBackedStr` holds
/// an encoded copy (elsewhere it borrows the string as before). A default must
/// be a `Text::Static`, and the function then spells its Python signature in
/// `text_signature`, which pyo3 cannot render from a non-literal default.
pub(crate) enum Text {
    /// A default written in the signature.
    Static(&'static str),
    /// The text of a Python `str` argument.
    Py(PyBackedStr),
}

impl std::ops::Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Static(s) => s,
            Text::Py(s) => s,
        }
    }
}

/// A string argument's text; a lone surrogate (not UTF-8) is the error `bad`
/// makes from the text, lossily decoded, and the surrogate's index (see
/// [`Text`] for why it is not a borrowed `&str`).
fn text_or(ob: &Bound<'_, PyAny>, bad: impl FnOnce(String, usize) -> Error) -> PyResult<Text> {
    let s = ob.cast::<PyString>()?;
    PyBackedStr::try_from(s.clone()).map(Text::Py).map_err(|e| {
        let py = ob.py();
        let start = e
            .value(py)
            .getattr("start")
            .and_then(|v| v.extract::<usize>())
            .unwrap_or(0);
        to_pyerr_static(bad(s.to_string_lossy().into_owned(), start))
    })
}

/// The name of an option, preset, notation or strategy.
pub(crate) fn name(ob: &Bound<'_, PyAny>) -> PyResult<Text> {
    text_or(ob, |text, at| Error::UnknownOption {
        option: "name".into(),
        value: text,
        allowed: format!("text without lone surrogates (one at index {at})"),
    })
}

/// `name`, or None.
pub(crate) fn opt_name(ob: &Bound<'_, PyAny>) -> PyResult<Option<Text>> {
    if ob.is_none() {
        Ok(None)
    } else {
        name(ob).map(Some)
    }
}

/// Card text: a lone surrogate is an `InvalidCardError` at its position.
pub(crate) fn card_text(ob: &Bound<'_, PyAny>) -> PyResult<Text> {
    text_or(ob, |text, at| Error::InvalidCard {
        token: text.chars().nth(at).map(String::from).unwrap_or_default(),
        position: at,
        reason: "a lone surrogate is not a character (the text is not valid Unicode)".into(),
    })
}

/// A saved game (JSON text): a lone surrogate makes it a bad document.
pub(crate) fn json_text(ob: &Bound<'_, PyAny>) -> PyResult<Text> {
    // Refused before the text is converted: a document of megabytes is not
    // copied or scanned with the GIL held just to be refused afterwards.
    if let Ok(s) = ob.cast::<PyString>() {
        let chars = s.len()?;
        if chars > MAX_DOCUMENT_BYTES {
            return light(|| {
                Err(Error::InvalidSetting(format!(
                    "bad game JSON: the document has {chars} characters; a saved game has at \
                     most {MAX_DOCUMENT_BYTES}"
                )))
            });
        }
    }
    text_or(ob, |_, at| {
        Error::InvalidSetting(format!(
            "bad game JSON: a lone surrogate at character {at} (the text is not valid Unicode)"
        ))
    })
}

/// An option given by name (`wheel=`, `notation=`, `style=`…), or its default for None.
pub(crate) fn opt<T: std::str::FromStr<Err = Error> + Default>(s: Option<&str>) -> PyResult<T> {
    match s {
        None => Ok(T::default()),
        Some(s) => light(|| s.parse::<T>()),
    }
}

/// `threads=`: None (every core) or 1..=MAX_THREADS; take it with `from_py_with = args::opt_int`.
pub(crate) fn threads_opt(threads: Option<i64>) -> PyResult<Threads> {
    match threads {
        None => Ok(Threads::Auto),
        Some(n) if (1..=MAX_THREADS as i64).contains(&n) => Ok(Threads::Count(n as usize)),
        Some(n) => light(|| {
            Err(Error::UnknownOption {
                option: "threads".into(),
                value: n.to_string(),
                allowed: format!("None (all cores) or an integer from 1 to {MAX_THREADS}"),
            })
        }),
    }
}

/// One Python integer as a card code; a non-integer is a TypeError, an
/// integer out of range (however large) an InvalidCardError.
pub(crate) fn code_of(item: &Bound<'_, PyAny>, position: usize) -> PyResult<i64> {
    match item.extract::<i64>() {
        Ok(v) => Ok(v),
        Err(e) => {
            if item.is_instance_of::<pyo3::types::PyInt>() {
                light(|| {
                    Err(Error::CardCode {
                        code: i64::MAX,
                        position,
                    })
                })
            } else if item.is_instance_of::<PyString>() {
                Err(PyTypeError::new_err(format!(
                    "card {position} is a string; pass one string of card text or a sequence of integer codes"
                )))
            } else {
                Err(e)
            }
        }
    }
}

/// Card codes from a string of card text or a sequence of at most 52 integers.
pub(crate) fn codes_of(ob: &Bound<'_, PyAny>, notation: Notation) -> PyResult<Vec<i64>> {
    codes_up_to(ob, notation, cards::DECK_SIZE)
}

/// Card codes from card text or a sequence of at most `max` integers; a longer
/// sequence (a huge numpy view, say) is refused before it is read.
pub(crate) fn codes_up_to(
    ob: &Bound<'_, PyAny>,
    notation: Notation,
    max: usize,
) -> PyResult<Vec<i64>> {
    if ob.is_instance_of::<PyString>() {
        let text = card_text(ob)?;
        return light(|| notation::parse_cards(&text, notation))
            .map(|v| v.into_iter().map(i64::from).collect());
    }
    if ob.try_iter().is_err() {
        return Err(PyTypeError::new_err(format!(
            "expected card text or a sequence of card codes, got {}",
            ob.get_type().name()?
        )));
    }
    items(ob, max, "cards")?
        .iter()
        .enumerate()
        .map(|(i, x)| code_of(x, i))
        .collect()
}

/// Card codes read by identity, for the per-hand calls `value5`/`value3`.
///
/// Reading an integer through the C API (`extract`, one call per card) costs
/// about a quarter of a `value5` call. But CPython keeps one shared object for
/// each small integer (-5..=256) and returns it whenever such an integer is
/// made by the usual routes (literals, `range`, arithmetic, `tolist()`), and
/// since 3.11 these objects sit in one static array. So the codes 0..=51 are
/// 52 objects at evenly spaced addresses, and the code of an argument is its
/// address's offset from that of 0 divided by the spacing: a subtraction and
/// a shift, no call.
///
/// Sound without `unsafe` and without trusting that layout: `CardCodes` holds
/// a reference to each of the 52 objects, so no other object can live at
/// their addresses, and it exists only if the 52 addresses were found evenly
/// spaced by a power of two. An argument at no such address (an interpreter
/// laid out otherwise, an int made another way, a bool, a numpy integer, a
/// wrong type) gives `None`, and the caller takes the general path, which
/// reads the value or raises the usual error.
pub(crate) struct CardCodes {
    _held: [Py<PyAny>; 52],
    base: usize,
    shift: u32,
}

impl CardCodes {
    /// The shared table, or None if this interpreter does not lay the small
    /// integers out evenly (then every call takes the general path).
    pub(crate) fn get(py: Python<'_>) -> Option<&'static CardCodes> {
        static CELL: PyOnceLock<Option<CardCodes>> = PyOnceLock::new();
        CELL.get_or_init(py, || {
            let held: [Py<PyAny>; 52] =
                std::array::from_fn(|c| PyInt::new(py, c as u8).into_any().unbind());
            let base = held[0].as_ptr() as usize;
            let stride = (held[1].as_ptr() as usize).wrapping_sub(base);
            let even = stride.is_power_of_two()
                && held.iter().enumerate().all(|(c, ob)| {
                    Some(ob.as_ptr() as usize)
                        == stride.checked_mul(c).map(|d| base.wrapping_add(d))
                });
            even.then(|| CardCodes {
                _held: held,
                base,
                shift: stride.trailing_zeros(),
            })
        })
        .as_ref()
    }

    /// The codes of `N` arguments if each is one of the 52 objects
    /// (branch-free; wrapping arithmetic only, so nothing can panic).
    #[inline(always)]
    pub(crate) fn codes<const N: usize>(&self, obs: [&Bound<'_, PyAny>; N]) -> Option<[u8; N]> {
        let offsets = obs.map(|ob| (ob.as_ptr() as usize).wrapping_sub(self.base));
        let end = 52usize.wrapping_shl(self.shift);
        let misaligned = 1usize.wrapping_shl(self.shift).wrapping_sub(1);
        let mut bad = 0;
        for &d in &offsets {
            bad |= usize::from(d >= end) | d & misaligned;
        }
        (bad == 0).then(|| offsets.map(|d| d.wrapping_shr(self.shift) as u8))
    }
}

/// `time_budget=`: None (no limit) or a positive number of seconds.
pub fn time_budget(seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    match seconds {
        None => Ok(None),
        // Beyond Duration's range (about 5.8e11 years) there is no limit to keep.
        Some(s) if s.is_finite() && s > 0.0 => Ok(std::time::Duration::try_from_secs_f64(s).ok()),
        Some(s) => light(|| {
            Err(Error::UnknownOption {
                option: "time_budget".into(),
                value: s.to_string(),
                allowed: "None or a positive number of seconds".into(),
            })
        }),
    }
}
