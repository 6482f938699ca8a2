//! Bindings of the open-face engine (`chinese_poker.ofc`): the game state,
//! moves, the placement agent and the exact Fantasyland solver. Conversion only.

use crate::args::{self, codes_of};
use crate::guard::{detached, interruptible, light};
use crate::rules::Rules;
use crate::score::ScoreResult;
use crate::setting::Setting;
use chinese_poker_core::cards::Card;
use chinese_poker_core::notation::Notation;
use chinese_poker_core::ofc::{
    best_fantasyland_setting, heuristic_move, suggest_within, Board, Move, OfcGame as CoreGame,
    OfcRules,
};
use chinese_poker_core::setting::Row;
use chinese_poker_core::Error;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Mutex, MutexGuard, TryLockError};

/// Most rollouts `suggest` takes per finalist: about a minute at worst on one
/// core (a first Pineapple street), where 10**6 would run for over an hour.
const MAX_SAMPLES: usize = 1 << 14;

const ROWS: [(&str, Row); 3] = [
    ("front", Row::Front),
    ("middle", Row::Middle),
    ("back", Row::Back),
];

fn cards_arg(ob: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Card>> {
    match ob {
        None => Ok(Vec::new()),
        Some(o) => {
            let codes = codes_of(o, Notation::Intl)?;
            codes
                .iter()
                .enumerate()
                .map(|(i, &c)| light(|| chinese_poker_core::cards::checked_card(c, i)))
                .collect()
        }
    }
}

/// `fantasyland=`: None or one card count per seat (at most 4 seats; the
/// core checks the rest).
fn fantasyland_arg(ob: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    args::opt_int_list(ob, 4, "fantasyland")
}

fn move_dict<'py>(py: Python<'py>, m: &Move) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, row) in ROWS {
        let cards: Vec<u32> = m
            .placements
            .iter()
            .filter(|(_, r)| *r == row)
            .map(|(c, _)| u32::from(*c))
            .collect();
        d.set_item(name, cards)?;
    }
    d.set_item(
        "discard",
        m.discards.iter().map(|&c| u32::from(c)).collect::<Vec<_>>(),
    )?;
    d.set_item("text", m.to_text())?;
    Ok(d)
}

fn board_tuple(b: &Board) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let row = |r: Row| b.row(r).iter().map(|&c| u32::from(c)).collect::<Vec<u32>>();
    (row(Row::Front), row(Row::Middle), row(Row::Back))
}

/// The open-face rules of `preset`, its settlement rules replaced by `rules`
/// when given (e.g. the Russian match system); dealing and Fantasyland follow
/// the `game` and `fl.*` options of the rules played.
pub(crate) fn ofc_rules_of(preset: &str, rules: Option<&Bound<'_, Rules>>) -> PyResult<OfcRules> {
    match rules {
        None => light(|| OfcRules::preset(preset)),
        Some(r) => light(|| OfcRules::with_rules(preset, r.get().inner.clone())),
    }
}

/// An open-face deal (RULES §7): 2–4 players (Pineapple 2–3), placement in
/// seat order, placed cards permanent and visible, Fantasyland when the preset
/// has it. An illegal move raises and leaves the state unchanged. With `seed`
/// the deck is reproducible (replays, tests); without one it is shuffled by
/// ChaCha20 keyed from the operating system's entropy, for games played for
/// real. `to_json()` then holds the deck: it is a server-side secret.
///
/// >>> g = OfcGame("ofc_ru_main", players=2, seed=1)
/// >>> seat = g.to_act; len(g.hand(seat))
/// 5
///
/// One game may be shared by threads: its calls take turns (a thread waits
/// with the GIL released), and `suggest` works on a copy of the state.
#[pyclass(frozen, module = "chinese_poker._core")]
pub struct OfcGame {
    state: Mutex<CoreGame>,
}

#[pymethods]
impl OfcGame {
    #[new]
    #[pyo3(signature = (preset=args::Text::Static("ofc_ru_main"), players=2, button=0, seed=None, fantasyland=None, rules=None), text_signature = "(preset='ofc_ru_main', players=2, button=0, seed=None, fantasyland=None, rules=None)")]
    fn new(
        #[pyo3(from_py_with = args::name)] preset: args::Text,
        #[pyo3(from_py_with = args::int)] players: usize,
        #[pyo3(from_py_with = args::int)] button: usize,
        #[pyo3(from_py_with = args::opt_int)] seed: Option<u64>,
        #[pyo3(from_py_with = fantasyland_arg)] fantasyland: Option<Vec<u8>>,
        rules: Option<&Bound<'_, Rules>>,
    ) -> PyResult<Self> {
        // `Text` to `&str` once, for the body below.
        let preset: &str = &preset;
        let ofc_rules = ofc_rules_of(preset, rules)?;
        let fl = fantasyland.as_deref();
        light(|| match seed {
            Some(seed) => CoreGame::new(ofc_rules, players, button, seed, fl),
            None => CoreGame::unseeded(ofc_rules, players, button, fl),
        })
        .map(OfcGame::of)
    }

    /// The seat to act, or None when every board is complete.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.lock().to_act()
    }

    /// The current street (0 = the first five cards), or None when finished.
    #[getter]
    fn street(&self) -> Option<usize> {
        self.lock().street()
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.lock().players()
    }

    /// True when every board is complete.
    fn is_finished(&self) -> bool {
        self.lock().is_finished()
    }

    /// A seat's board as (front, middle, back) lists of codes.
    fn board(
        &self,
        #[pyo3(from_py_with = args::int)] seat: usize,
    ) -> PyResult<(Vec<u32>, Vec<u32>, Vec<u32>)> {
        self.check_seat(seat)?;
        Ok(board_tuple(self.lock().board(seat)))
    }

    /// The cards a seat holds and must place now.
    fn hand(&self, #[pyo3(from_py_with = args::int)] seat: usize) -> PyResult<Vec<u32>> {
        self.check_seat(seat)?;
        Ok(self
            .lock()
            .hand(seat)
            .iter()
            .map(|&c| u32::from(c))
            .collect())
    }

    /// Is the seat playing Fantasyland this deal?
    fn in_fantasyland(&self, #[pyo3(from_py_with = args::int)] seat: usize) -> PyResult<bool> {
        self.check_seat(seat)?;
        Ok(self.lock().in_fantasyland(seat))
    }

    /// (cards to place, cards to discard) for the player to act, or None.
    fn move_shape(&self) -> Option<(usize, usize)> {
        self.lock().move_shape()
    }

    /// Every legal move of the player to act (empty on a Fantasyland turn:
    /// use `fantasyland_setting`), as dicts with 'front', 'middle', 'back', 'discard'.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        // The state is released before Python objects are made: a finalizer
        // run by their allocation may use this game again.
        let moves = self.lock().legal_moves();
        moves.iter().map(|m| move_dict(py, m)).collect()
    }

    /// Place cards for `seat`: each row gets a list of cards (text or codes);
    /// `discard` is the Pineapple/Fantasyland discard.
    #[pyo3(signature = (seat, front=None, middle=None, back=None, discard=None))]
    fn play(
        &self,
        #[pyo3(from_py_with = args::int)] seat: usize,
        front: Option<&Bound<'_, PyAny>>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
        discard: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mut placements = Vec::new();
        for (cards, row) in [
            (front, Row::Front),
            (middle, Row::Middle),
            (back, Row::Back),
        ] {
            for c in cards_arg(cards)? {
                placements.push((c, row));
            }
        }
        let mv = Move::new(placements, cards_arg(discard)?);
        light(|| self.lock().play(seat, &mv))
    }

    /// Play a move dict as returned by `legal_moves` or `suggest`.
    fn play_move(
        &self,
        #[pyo3(from_py_with = args::int)] seat: usize,
        mv: &Bound<'_, PyDict>,
    ) -> PyResult<()> {
        let get = |k: &str| mv.get_item(k);
        let (f, m, b, d) = (get("front")?, get("middle")?, get("back")?, get("discard")?);
        self.play(seat, f.as_ref(), m.as_ref(), b.as_ref(), d.as_ref())
    }

    /// The placement agent's ranked moves for `seat` (default: the player to
    /// act; another seat is an error): `samples` Monte-Carlo rollouts per
    /// finalist deal the unseen cards, give every board the cards it would
    /// receive and place them the best way, and settle exactly under the
    /// preset, a board that enters Fantasyland counting what that is worth.
    /// Returns the finalists [(move dict, estimated points)], best first.
    /// Seeded. `time_budget`
    /// (seconds, None for no limit) stops the rollouts early, averaging the
    /// ones done (at least one); Ctrl-C stops them within a tenth of a second.
    /// `samples` is 1 to 16,384.
    #[pyo3(signature = (samples=96, seed=0, seat=None, *, time_budget=None))]
    fn suggest<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::int)] samples: usize,
        #[pyo3(from_py_with = args::int)] seed: u64,
        #[pyo3(from_py_with = args::opt_int)] seat: Option<usize>,
        #[pyo3(from_py_with = args::opt_float)] time_budget: Option<f64>,
    ) -> PyResult<Vec<(Bound<'py, PyDict>, f64)>> {
        if !(1..=MAX_SAMPLES).contains(&samples) {
            return light(|| {
                Err(Error::UnknownOption {
                    option: "samples".into(),
                    value: samples.to_string(),
                    allowed: format!("a number of rollouts from 1 to {MAX_SAMPLES}"),
                })
            });
        }
        let budget = args::time_budget(time_budget)?;
        // A copy: other threads may use the game while the rollouts run.
        let game = self.lock().clone();
        let seat = seat.or(game.to_act()).unwrap_or(0);
        let ranked = interruptible(py, || suggest_within(&game, seat, samples, seed, budget))?;
        ranked
            .iter()
            .map(|(m, ev)| Ok((move_dict(py, m)?, *ev)))
            .collect()
    }

    /// The simple heuristic agent's move for the player to act.
    fn heuristic_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let m = light(|| heuristic_move(&self.lock()))?;
        move_dict(py, &m)
    }

    /// Settle the finished deal under the preset (fouls, royalties, scoops).
    fn settle(&self) -> PyResult<ScoreResult> {
        light(|| self.lock().settle()).map(|inner| ScoreResult { inner })
    }

    /// The next deal: the button moves, Fantasyland carries over; no `seed`
    /// deals from the operating system's entropy.
    #[pyo3(signature = (seed=None))]
    fn next_deal(
        &self,
        #[pyo3(from_py_with = args::opt_int)] seed: Option<u64>,
    ) -> PyResult<OfcGame> {
        light(|| self.lock().next_deal_with(seed)).map(OfcGame::of)
    }

    /// The whole state as JSON (seed and moves; `from_json` replays it).
    fn to_json(&self) -> String {
        self.lock().to_json()
    }

    /// A state from `to_json`.
    #[staticmethod]
    fn from_json(
        py: Python<'_>,
        #[pyo3(from_py_with = args::json_text)] text: args::Text,
    ) -> PyResult<OfcGame> {
        // `Text` to `&str` once, for the body below.
        let text: &str = &text;
        detached(py, || CoreGame::from_json(text)).map(OfcGame::of)
    }

    /// What `seat` may see, as JSON (None: a spectator): other hands and discards hidden.
    #[pyo3(signature = (seat=None))]
    fn view(&self, #[pyo3(from_py_with = args::opt_int)] seat: Option<usize>) -> PyResult<String> {
        if let Some(s) = seat {
            self.check_seat(s)?;
        }
        Ok(self.lock().view(seat).to_json())
    }

    fn __repr__(&self) -> String {
        let game = self.lock();
        let boards: Vec<String> = game.boards().iter().map(|b| b.to_text()).collect();
        format!("OfcGame(to_act={:?}, boards={:?})", game.to_act(), boards)
    }
}

impl OfcGame {
    fn of(game: CoreGame) -> OfcGame {
        OfcGame {
            state: Mutex::new(game),
        }
    }

    /// The state, for this thread's turn. A thread that finds it taken waits
    /// with the GIL released, since the holder may need the GIL to finish.
    /// A panic while the state was held, already raised as `InternalError`,
    /// poisons the lock; the game goes on with the state as it was left
    /// rather than refusing every later call.
    fn lock(&self) -> MutexGuard<'_, CoreGame> {
        loop {
            match self.state.try_lock() {
                Ok(g) => return g,
                Err(TryLockError::Poisoned(p)) => return p.into_inner(),
                Err(TryLockError::WouldBlock) => Python::attach(|py| {
                    py.detach(|| {
                        let _turn = self.state.lock();
                    })
                }),
            }
        }
    }

    fn check_seat(&self, seat: usize) -> PyResult<()> {
        let players = self.lock().players();
        if seat < players {
            Ok(())
        } else {
            light(|| {
                Err(Error::InvalidSetting(format!(
                    "no seat {seat} at a table of {players}"
                )))
            })
        }
    }
}

/// The exact best Fantasyland setting of 13–17 cards under an open-face
/// preset: maximises royalties plus `stay_value` if the board stays in
/// Fantasyland, never fouling when a legal setting exists. Returns a dict
/// with 'setting', 'discards', 'score', 'royalty', 'stays', 'fouled'.
///
/// >>> fantasyland_setting("2c 4h 4c 4d 4s 5d 5s 5c 6h 7h 8h 9h Th Kd", "ofc_us")["royalty"]
/// 48
#[pyfunction]
#[pyo3(signature = (cards, preset=args::Text::Static("ofc_us"), stay_value=8.0), text_signature = "(cards, preset='ofc_us', stay_value=8.0)")]
pub fn fantasyland_setting<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::name)] preset: args::Text,
    #[pyo3(from_py_with = args::float)] stay_value: f64,
) -> PyResult<Bound<'py, PyDict>> {
    // `Text` to `&str` once, for the body below.
    let preset: &str = &preset;
    let codes = cards_arg(Some(cards))?;
    let rules = light(|| OfcRules::preset(preset))?;
    let sol = detached(py, || best_fantasyland_setting(&codes, &rules, stay_value))?;
    let d = PyDict::new(py);
    d.set_item("setting", Setting { inner: sol.setting })?;
    d.set_item(
        "discards",
        sol.discards
            .iter()
            .map(|&c| u32::from(c))
            .collect::<Vec<_>>(),
    )?;
    d.set_item("score", sol.score)?;
    d.set_item("royalty", sol.royalty)?;
    d.set_item("stays", sol.stays)?;
    d.set_item("fouled", sol.fouled)?;
    Ok(d)
}

/// Adds the open-face class and `fantasyland_setting` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<OfcGame>()?;
    m.add_function(wrap_pyfunction!(fantasyland_setting, m)?)?;
    Ok(())
}
