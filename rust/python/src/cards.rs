//! Card text and the deck: `parse_cards`, `parse_ranks`, `format_cards`, the
//! notation names (`notations`) and the seeded deck (`deal`).

use crate::args;
use crate::guard::light;
use chinese_poker_core::cards::deck::{deal_deck, mix_seed};
use chinese_poker_core::cards::{self, Style};
use chinese_poker_core::notation::{self, Notation};
use pyo3::prelude::*;

/// Parse card text into card codes (`4 * rank + suit`).
///
/// `notation` is one of 'intl', 'ru_latin', 'ru_cyrillic', 'numeric', 'auto'.
/// Unknown tokens, missing suits and repeated cards raise errors naming the
/// token and its character position.
///
/// >>> parse_cards("As 10h T♦")
/// [51, 34, 33]
#[pyfunction]
#[pyo3(signature = (text, notation=args::Text::Static("intl")), text_signature = "(text, notation='intl')")]
fn parse_cards(
    #[pyo3(from_py_with = args::card_text)] text: args::Text,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
) -> PyResult<Vec<u32>> {
    // `Text` to `&str` once, for the body below.
    let text: &str = &text;
    let notation: &str = &notation;
    let n = args::opt::<Notation>(Some(notation))?;
    // Vec<u32>, not Vec<u8>: pyo3 turns a Vec<u8> into `bytes`.
    light(|| notation::parse_cards(text, n)).map(|v| v.into_iter().map(u32::from).collect())
}

/// Parse rank-only text into ranks 0 (deuce) … 12 (ace).
///
/// >>> parse_ranks("T-2-3-4-5-6-7-8-9-10-V-D-K", notation="ru_latin")[:3]
/// [12, 0, 1]
#[pyfunction]
#[pyo3(signature = (text, notation=args::Text::Static("intl")), text_signature = "(text, notation='intl')")]
fn parse_ranks(
    #[pyo3(from_py_with = args::card_text)] text: args::Text,
    #[pyo3(from_py_with = args::name)] notation: args::Text,
) -> PyResult<Vec<u32>> {
    // `Text` to `&str` once, for the body below.
    let text: &str = &text;
    let notation: &str = &notation;
    let n = args::opt::<Notation>(Some(notation))?;
    light(|| notation::parse_ranks(text, n)).map(|v| v.into_iter().map(u32::from).collect())
}

/// The most cards `format_cards` writes into one string.
const FORMAT_MAX: usize = 1 << 24;

/// Write card codes (or card text) as text, style 'ascii' or 'unicode'.
///
/// >>> format_cards([51, 34, 0], style="unicode")
/// 'A♠ T♥ 2♣'
#[pyfunction]
#[pyo3(signature = (cards, style=args::Text::Static("ascii")), text_signature = "(cards, style='ascii')")]
fn format_cards(
    cards: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::name)] style: args::Text,
) -> PyResult<String> {
    // `Text` to `&str` once, for the body below.
    let style: &str = &style;
    let s = args::opt::<Style>(Some(style))?;
    let codes = args::codes_up_to(cards, Notation::Intl, FORMAT_MAX)?;
    light(|| cards::format_cards(&codes, s))
}

/// The names `notation=` accepts, as the core spells them.
///
/// >>> notations()
/// ['intl', 'ru_latin', 'ru_cyrillic', 'numeric', 'auto']
#[pyfunction]
fn notations() -> Vec<&'static str> {
    Notation::ALL.iter().map(|n| n.name()).collect()
}

/// The 52 card codes of deal `index` of a run seeded with `seed`, shuffled by
/// the core's deck (the one `simulate` deals from), so a seed deals the same
/// cards everywhere.
///
/// >>> sorted(deal(7)) == list(range(52))
/// True
#[pyfunction]
#[pyo3(signature = (seed, index=0))]
fn deal(
    #[pyo3(from_py_with = args::int)] seed: u64,
    #[pyo3(from_py_with = args::int)] index: u64,
) -> Vec<u32> {
    deal_deck(seed, index)
        .iter()
        .map(|&c| u32::from(c))
        .collect()
}

/// The engine's seed of deal `index` of a run seeded with `seed`, as an
/// open-face simulation seeds hand `index` of a table seeded `seed`: what to
/// pass to `OfcGame.next_deal` for a reproducible sequence of deals.
///
/// >>> deal_seed(7, 1) == deal_seed(7, 1) != deal_seed(7, 2)
/// True
#[pyfunction]
fn deal_seed(
    #[pyo3(from_py_with = args::int)] seed: u64,
    #[pyo3(from_py_with = args::int)] index: u64,
) -> u64 {
    mix_seed(seed, index)
}

/// Adds the card functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(parse_ranks, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    m.add_function(wrap_pyfunction!(notations, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(deal_seed, m)?)?;
    Ok(())
}
