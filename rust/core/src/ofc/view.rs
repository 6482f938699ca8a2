//! What one seat may see of an open-face deal, and its JSON form.

use super::board::Board;
use crate::cards::Card;

/// What a seat may see of the deal: every placed card of normal players,
/// the number (not the identity) of each player's discards, and — for the
/// seat itself — its own hand and discards. A Fantasyland board stays hidden
/// from the others until the deal is finished (RULES §7.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The viewer (`None` = a spectator who sees only public information).
    pub seat: Option<usize>,
    /// Number of players.
    pub players: usize,
    /// The button seat.
    pub button: usize,
    /// The seat to act (`None` when the deal is finished).
    pub to_act: Option<usize>,
    /// Fantasyland card count per seat (0 = a normal player).
    pub fantasyland: Vec<u8>,
    /// Each seat's board; `None` for a board the viewer may not see yet.
    pub boards: Vec<Option<Board>>,
    /// How many cards each seat has discarded.
    pub discard_counts: Vec<usize>,
    /// The viewer's own cards to place (empty unless the viewer is to act).
    pub hand: Vec<Card>,
    /// The viewer's own discards.
    pub discards: Vec<Card>,
}

impl View {
    /// The view as compact JSON (cards as codes, rows front/middle/back).
    pub fn to_json(&self) -> String {
        let opt = |o: Option<usize>| o.map_or("null".to_string(), |s| s.to_string());
        let boards: Vec<String> = self
            .boards
            .iter()
            .map(|b| b.map_or("null".to_string(), |b| b.to_json()))
            .collect();
        format!(
            "{{\"seat\":{},\"players\":{},\"button\":{},\"to_act\":{},\"fantasyland\":{:?},\"boards\":[{}],\"discard_counts\":{:?},\"hand\":{:?},\"discards\":{:?}}}",
            opt(self.seat),
            self.players,
            self.button,
            opt(self.to_act),
            self.fantasyland,
            boards.join(","),
            self.discard_counts,
            self.hand,
            self.discards
        )
        .replace(' ', "")
    }
}
