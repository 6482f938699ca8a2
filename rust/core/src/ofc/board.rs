//! The board and move types of the open-face deal: a player's partial board
//! row by row, and one turn's placements and discards.

use crate::cards::{format_card, Card, Style};
use crate::setting::{Row, Setting};

/// Row capacities: front 3, middle 5, back 5.
pub const CAPACITY: [usize; 3] = [3, 5, 5];
const OFFSET: [usize; 3] = [0, 3, 8];

/// The row of index 0, 1, 2 (front, middle, back; larger indices are the back).
pub(super) fn row_of(i: usize) -> Row {
    Row::ALL[i.min(2)]
}

/// A player's (possibly partial) board: the cards placed in each row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cards: [Card; 13],
    len: [u8; 3],
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            cards: [0; 13],
            len: [0; 3],
        }
    }

    /// The cards placed in a row, in placement order.
    pub fn row(&self, row: Row) -> &[Card] {
        let r = row as usize;
        &self.cards[OFFSET[r]..OFFSET[r] + self.len[r] as usize]
    }

    /// Cards placed in a row.
    pub fn len(&self, row: Row) -> usize {
        self.len[row as usize] as usize
    }

    /// Empty slots of a row.
    pub fn free(&self, row: Row) -> usize {
        CAPACITY[row as usize] - self.len(row)
    }

    /// Cards placed on the whole board.
    pub fn count(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }

    /// No card placed yet?
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }

    /// All 13 cards placed?
    pub fn is_full(&self) -> bool {
        self.count() == 13
    }

    /// Is the card on this board?
    pub fn contains(&self, card: Card) -> bool {
        Row::ALL.iter().any(|&r| self.row(r).contains(&card))
    }

    /// All placed cards, front first.
    pub fn cards(&self) -> Vec<Card> {
        Row::ALL
            .iter()
            .flat_map(|&r| self.row(r).to_vec())
            .collect()
    }

    /// Places a card; `false` (and no change) when the row is full.
    pub fn push(&mut self, row: Row, card: Card) -> bool {
        let r = row as usize;
        if self.len[r] as usize >= CAPACITY[r] {
            return false;
        }
        self.cards[OFFSET[r] + self.len[r] as usize] = card;
        self.len[r] += 1;
        true
    }

    /// The finished board as a setting (`None` until all 13 cards are placed).
    pub fn to_setting(&self) -> Option<Setting> {
        if self.is_full() {
            Setting::from_cards(&self.cards).ok()
        } else {
            None
        }
    }

    /// A board from a finished setting.
    pub fn from_setting(setting: &Setting) -> Board {
        Board {
            cards: *setting.cards(),
            len: [3, 5, 5],
        }
    }

    /// `front / middle / back` in ASCII, empty slots left out.
    pub fn to_text(&self) -> String {
        crate::setting::rows_text(|r| self.row(r))
    }

    /// The board as JSON rows of card codes, `[[front],[middle],[back]]`.
    pub(super) fn to_json(self) -> String {
        let rows: Vec<String> = Row::ALL
            .iter()
            .map(|&r| format!("{:?}", self.row(r)))
            .collect();
        format!("[{}]", rows.join(",")).replace(' ', "")
    }
}

/// One player's action on his turn: the cards he places and the cards he
/// discards face down (Pineapple: one per street; Fantasyland: the extras).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// `(card, row)` for every card placed.
    pub placements: Vec<(Card, Row)>,
    /// Cards discarded face down.
    pub discards: Vec<Card>,
}

impl Move {
    /// A move from placements and discards.
    pub fn new(placements: Vec<(Card, Row)>, discards: Vec<Card>) -> Move {
        Move {
            placements,
            discards,
        }
    }

    /// The move that sets a whole finished board (Fantasyland).
    pub fn from_setting(setting: &Setting, discards: Vec<Card>) -> Move {
        let placements = Row::ALL
            .iter()
            .flat_map(|&r| setting.row(r).iter().map(move |&c| (c, r)))
            .collect();
        Move::new(placements, discards)
    }

    /// E.g. `As>back Kd>front x2c` (x = discarded).
    pub fn to_text(&self) -> String {
        let mut parts: Vec<String> = self
            .placements
            .iter()
            .map(|&(c, r)| format!("{}>{}", format_card(c, Style::Ascii), r.name()))
            .collect();
        parts.extend(
            self.discards
                .iter()
                .map(|&c| format!("x{}", format_card(c, Style::Ascii))),
        );
        parts.join(" ")
    }
}
