//! The open-face deal (RULES §7.1, §7.5): a seeded deck, the button, streets
//! dealt in seat order, permanent visible placements, hidden discards, and
//! Fantasyland players who set all their cards at once.

use super::json::{quote, Json};
use super::OfcRules;
use crate::cards::deck::{entropy_deck, SplitMix64};
use crate::cards::{format_card, Card, Style, DECK_SIZE};
use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::score::{score, PlayerHand, ScoreResult};
use crate::setting::Row;

use super::board::row_of;
pub use super::board::{Board, Move, CAPACITY};
pub use super::view::View;

/// A move the deal refuses.
fn illegal(msg: String) -> Error {
    Error::InvalidSetting(format!("illegal move: {msg}"))
}

/// One open-face deal for 2–4 players (Pineapple 2–3).
///
/// The deck is shuffled from a `u64` seed (reproducible, for replays,
/// simulation and tests) or, for games played for real, from the operating
/// system's entropy ([`OfcGame::unseeded`]; the state then holds the deck).
/// Each player receives his cards
/// when his turn comes (the information is the same as dealing all hands at
/// once, RULES §7.1 note), so the seed and the list of moves determine the
/// state completely.
///
/// ```
/// use chinese_poker_core::ofc::{OfcGame, OfcRules};
/// use chinese_poker_core::setting::Row;
/// let mut g = OfcGame::new(OfcRules::preset("ofc_ru_main").unwrap(), 2, 0, 7, None).unwrap();
/// let seat = g.to_act().unwrap(); // seat 1, left of the button
/// let hand = g.hand(seat).to_vec();
/// let rows = [Row::Back, Row::Back, Row::Middle, Row::Middle, Row::Front];
/// let placements: Vec<_> = hand.iter().copied().zip(rows).collect();
/// g.place(seat, &placements, None).unwrap();
/// assert_eq!(g.board(seat).count(), 5);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct OfcGame {
    rules: OfcRules,
    players: usize,
    button: usize,
    seed: u64,
    fantasyland: Vec<u8>,
    deck: Vec<Card>,
    /// The deck was given by the caller rather than shuffled from the seed.
    stacked: bool,
    next_card: usize,
    /// The turns of the deal as `(seat, street)`, in order.
    schedule: Vec<(u8, u8)>,
    turn: usize,
    boards: Vec<Board>,
    hands: Vec<Vec<Card>>,
    discards: Vec<Vec<Card>>,
    moves: Vec<(usize, Move)>,
}

/// Refuses Fantasyland counts the rules cannot produce: any under rules
/// without Fantasyland, and more cards than the rules deal (17 on a
/// progressive entry). Fewer, down to 13, happen when the pack cannot supply
/// every Fantasyland player ([`OfcGame::next_deal`]).
fn check_fantasyland(rules: &OfcRules, counts: &[u8]) -> Result<()> {
    let fl = &rules.fantasyland;
    let most = if fl.progressive {
        17
    } else {
        fl.cards.max(fl.repeat_cards)
    };
    for (seat, &n) in counts.iter().enumerate() {
        if n != 0 && !fl.enabled {
            return Err(Error::InvalidSetting(format!(
                "seat {seat} is in Fantasyland ({n} cards) but {} has no Fantasyland",
                rules.preset
            )));
        }
        if n != 0 && !(13..=most).contains(&n) {
            return Err(Error::InvalidSetting(format!(
                "seat {seat} is dealt {n} Fantasyland cards; {} deals 13 to {most} \
                 (0 = not in Fantasyland)",
                rules.preset
            )));
        }
    }
    Ok(())
}

impl OfcGame {
    /// A new deal: `players` seats, the `button` seat, a deck seed and the
    /// Fantasyland card count of each seat (`None` = nobody in Fantasyland;
    /// otherwise 0 for a normal player, 13..=17 for a Fantasyland player).
    pub fn new(
        rules: OfcRules,
        players: usize,
        button: usize,
        seed: u64,
        fantasyland: Option<&[u8]>,
    ) -> Result<OfcGame> {
        rules.check_players(players)?;
        if button >= players {
            return Err(Error::InvalidSetting(format!(
                "button seat {button} does not exist with {players} players"
            )));
        }
        let fantasyland = match fantasyland {
            None => vec![0; players],
            Some(f) => f.to_vec(),
        };
        if fantasyland.len() != players {
            return Err(Error::InvalidSetting(format!(
                "fantasyland needs one entry per seat ({players}), got {}",
                fantasyland.len()
            )));
        }
        check_fantasyland(&rules, &fantasyland)?;
        let needed: usize = fantasyland
            .iter()
            .map(|&f| {
                if f == 0 {
                    rules.cards_per_player()
                } else {
                    f as usize
                }
            })
            .sum();
        if needed > DECK_SIZE {
            return Err(Error::InvalidSetting(format!(
                "the deal needs {needed} cards but the pack has {DECK_SIZE}"
            )));
        }
        let mut deck: Vec<Card> = (0..DECK_SIZE as Card).collect();
        SplitMix64::new(seed).shuffle(&mut deck);
        OfcGame::build(rules, players, button, seed, fantasyland, deck, false)
    }

    /// A new deal from the operating system's entropy ([`entropy_deck`]):
    /// for games played for real, where a seed could be guessed. The deck is
    /// part of the state (and of [`OfcGame::to_json`], which then has no seed).
    pub fn unseeded(
        rules: OfcRules,
        players: usize,
        button: usize,
        fantasyland: Option<&[u8]>,
    ) -> Result<OfcGame> {
        OfcGame::with_deck(rules, players, button, &entropy_deck()?, fantasyland)
    }

    /// A deal from a stacked deck (cards are handed out from the front in
    /// turn order: each player's cards for a street when his turn comes).
    /// For replaying real deals and for tests; the deck may be shorter than
    /// 52 only if it still covers the whole deal.
    pub fn with_deck(
        rules: OfcRules,
        players: usize,
        button: usize,
        deck: &[Card],
        fantasyland: Option<&[u8]>,
    ) -> Result<OfcGame> {
        let codes: Vec<i64> = deck.iter().map(|&c| i64::from(c)).collect();
        let sizes: Vec<usize> = (0..=DECK_SIZE).collect();
        let deck = crate::cards::check_hand(&codes, &sizes)?;
        let g = OfcGame::new(rules, players, button, 0, fantasyland)?;
        let needed: usize = (0..players)
            .map(|s| match g.fantasyland[s] {
                0 => g.rules.cards_per_player(),
                f => f as usize,
            })
            .sum();
        if deck.len() < needed {
            return Err(Error::HandSize {
                expected: format!("at least {needed} (a stacked deck for the whole deal)"),
                got: deck.len(),
            });
        }
        OfcGame::build(g.rules, players, button, 0, g.fantasyland, deck, true)
    }

    fn build(
        rules: OfcRules,
        players: usize,
        button: usize,
        seed: u64,
        fantasyland: Vec<u8>,
        deck: Vec<Card>,
        stacked: bool,
    ) -> Result<OfcGame> {
        let mut schedule = Vec::new();
        for street in 0..rules.streets() {
            for k in 1..=players {
                let seat = (button + k) % players;
                if street == 0 || fantasyland[seat] == 0 {
                    schedule.push((seat as u8, street as u8));
                }
            }
        }
        let mut g = OfcGame {
            rules,
            players,
            button,
            seed,
            fantasyland,
            deck,
            stacked,
            next_card: 0,
            schedule,
            turn: 0,
            boards: vec![Board::new(); players],
            hands: vec![Vec::new(); players],
            discards: vec![Vec::new(); players],
            moves: Vec::new(),
        };
        g.deal_turn();
        Ok(g)
    }

    /// Gives the player to act his cards for this street.
    fn deal_turn(&mut self) {
        if let Some(&(seat, street)) = self.schedule.get(self.turn) {
            let seat = seat as usize;
            let n = match self.fantasyland[seat] {
                0 => self.rules.cards_on_street(street as usize),
                f => f as usize,
            };
            let end = (self.next_card + n).min(self.deck.len());
            self.hands[seat].extend_from_slice(&self.deck[self.next_card..end]);
            self.next_card = end;
        }
    }

    /// The rules of the deal.
    pub fn rules(&self) -> &OfcRules {
        &self.rules
    }

    /// The settlement rules (`score` options).
    pub fn score_rules(&self) -> &Rules {
        &self.rules.rules
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The button seat.
    pub fn button(&self) -> usize {
        self.button
    }

    /// The deck seed (0 for a stacked or unseeded deal, whose deck is the deal).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Fantasyland card count per seat (0 = a normal player).
    pub fn fantasyland(&self) -> &[u8] {
        &self.fantasyland
    }

    /// The seat to act, `None` when every board is complete.
    pub fn to_act(&self) -> Option<usize> {
        self.schedule.get(self.turn).map(|&(s, _)| s as usize)
    }

    /// The street of the current turn (0 = the five-card street), `None` when finished.
    pub fn street(&self) -> Option<usize> {
        self.schedule.get(self.turn).map(|&(_, s)| s as usize)
    }

    /// Is every board complete?
    pub fn is_finished(&self) -> bool {
        self.turn >= self.schedule.len()
    }

    /// A seat's board (all of it, including a hidden Fantasyland board; use
    /// [`OfcGame::view`] for what a seat may see).
    ///
    /// # Panics
    /// If `seat >= players()`.
    pub fn board(&self, seat: usize) -> &Board {
        &self.boards[seat]
    }

    /// Every board.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// The cards a seat holds and must place now (private; empty unless it is his turn).
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.hands.get(seat).map_or(&[], |h| h.as_slice())
    }

    /// A seat's discards (private).
    pub fn discards(&self, seat: usize) -> &[Card] {
        self.discards.get(seat).map_or(&[], |d| d.as_slice())
    }

    /// The moves so far as `(seat, move)`.
    pub fn moves(&self) -> &[(usize, Move)] {
        &self.moves
    }

    /// Is the seat in Fantasyland this deal?
    pub fn in_fantasyland(&self, seat: usize) -> bool {
        self.fantasyland.get(seat).is_some_and(|&f| f > 0)
    }

    /// How many cards of each kind the current turn's move must contain:
    /// `(placements, discards)`.
    pub fn move_shape(&self) -> Option<(usize, usize)> {
        let (seat, street) = *self.schedule.get(self.turn)?;
        let held = self.hands[seat as usize].len();
        Some(if self.fantasyland[seat as usize] > 0 {
            (13, held.saturating_sub(13))
        } else if street > 0 && self.rules.pineapple {
            (2, 1)
        } else {
            (held, 0)
        })
    }

    /// Checks a move for the seat without playing it; the board it would produce.
    pub fn check_move(&self, seat: usize, mv: &Move) -> Result<Board> {
        let to_act = self
            .to_act()
            .ok_or_else(|| illegal("the deal is finished".into()))?;
        if seat != to_act {
            return Err(illegal(format!(
                "it is seat {to_act}'s turn, not seat {seat}'s"
            )));
        }
        let (n_place, n_discard) = self.move_shape().unwrap_or((0, 0));
        let hand = &self.hands[seat];
        // A Fantasyland player may leave the extras implicit.
        let implicit_discards = self.in_fantasyland(seat) && mv.discards.is_empty();
        if mv.placements.len() != n_place {
            return Err(illegal(format!(
                "seat {seat} must place {n_place} card(s) now, got {}",
                mv.placements.len()
            )));
        }
        if !implicit_discards && mv.discards.len() != n_discard {
            return Err(illegal(format!(
                "seat {seat} must discard {n_discard} card(s) now, got {}",
                mv.discards.len()
            )));
        }
        let mut used = [false; DECK_SIZE];
        let cards = mv
            .placements
            .iter()
            .map(|&(c, _)| c)
            .chain(mv.discards.iter().copied());
        for c in cards {
            let name = || {
                if (c as usize) < DECK_SIZE {
                    format_card(c, Style::Ascii)
                } else {
                    format!("code {c}")
                }
            };
            if (c as usize) >= DECK_SIZE {
                return Err(illegal(format!("{} is not a card", name())));
            }
            if self.boards.iter().any(|b| b.contains(c)) {
                return Err(illegal(format!(
                    "{} is already placed; placed cards never move",
                    name()
                )));
            }
            if !hand.contains(&c) {
                return Err(illegal(format!("seat {seat} does not hold {}", name())));
            }
            if used[c as usize] {
                return Err(illegal(format!("{} is used twice", name())));
            }
            used[c as usize] = true;
        }
        let mut board = self.boards[seat];
        // A row that cannot take the move's cards is named with its room, so that "full"
        // is said only of a row that has no room at all.
        for row in Row::ALL {
            let wanted = mv.placements.iter().filter(|&&(_, r)| r == row).count();
            let free = board.free(row);
            if wanted > free {
                let capacity = CAPACITY[row as usize];
                return Err(illegal(if free == 0 {
                    format!("the {} is full ({capacity} cards)", row.name())
                } else {
                    format!(
                        "the {} has room for {free} more card(s) of its {capacity}, not {wanted}",
                        row.name()
                    )
                }));
            }
        }
        for &(c, row) in &mv.placements {
            let placed = board.push(row, c);
            debug_assert!(placed, "the room of every row was checked above");
        }
        Ok(board)
    }

    /// Plays a move for the seat to act. An illegal move (wrong turn, a card
    /// not held or already placed, a full row, wrong number of cards) is an
    /// [`Error::InvalidSetting`] and leaves the state unchanged.
    pub fn play(&mut self, seat: usize, mv: &Move) -> Result<()> {
        let board = self.check_move(seat, mv)?;
        let mut mv = mv.clone();
        let hand = std::mem::take(&mut self.hands[seat]);
        if self.in_fantasyland(seat) && mv.discards.is_empty() {
            mv.discards = hand
                .iter()
                .copied()
                .filter(|c| !mv.placements.iter().any(|&(p, _)| p == *c))
                .collect();
        }
        self.boards[seat] = board;
        self.discards[seat].extend_from_slice(&mv.discards);
        self.moves.push((seat, mv));
        self.turn += 1;
        self.deal_turn();
        Ok(())
    }

    /// Plays `placements` and at most one discard (the Pineapple street
    /// move); see [`OfcGame::play`].
    pub fn place(
        &mut self,
        seat: usize,
        placements: &[(Card, Row)],
        discard: Option<Card>,
    ) -> Result<()> {
        self.play(
            seat,
            &Move::new(placements.to_vec(), discard.into_iter().collect()),
        )
    }

    /// Every legal move of the player to act, in a fixed order (empty when
    /// the deal is finished or the player is in Fantasyland, whose millions
    /// of settings are searched by [`super::best_fantasyland_setting`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let Some(seat) = self.to_act() else {
            return Vec::new();
        };
        if self.in_fantasyland(seat) {
            return Vec::new();
        }
        let hand = &self.hands[seat];
        let board = self.boards[seat];
        let (n_place, n_discard) = self.move_shape().unwrap_or((0, 0));
        let mut out = Vec::new();
        let discard_choices: Vec<Option<usize>> = if n_discard == 1 {
            (0..hand.len()).map(Some).collect()
        } else {
            vec![None]
        };
        for d in discard_choices {
            let kept: Vec<Card> = hand
                .iter()
                .enumerate()
                .filter(|&(i, _)| Some(i) != d)
                .map(|(_, &c)| c)
                .collect();
            debug_assert_eq!(kept.len(), n_place);
            let discards: Vec<Card> = d.map(|i| hand[i]).into_iter().collect();
            // Every assignment of the kept cards to rows that fits.
            let total = 3usize.pow(kept.len() as u32);
            for code in 0..total {
                let mut free = [
                    board.free(Row::Front),
                    board.free(Row::Middle),
                    board.free(Row::Back),
                ];
                let mut x = code;
                let mut placements = Vec::with_capacity(kept.len());
                let mut fits = true;
                for &c in &kept {
                    let r = x % 3;
                    x /= 3;
                    if free[r] == 0 {
                        fits = false;
                        break;
                    }
                    free[r] -= 1;
                    placements.push((c, row_of(r)));
                }
                if fits {
                    out.push(Move::new(placements, discards.clone()));
                }
            }
        }
        out
    }

    /// Settles the finished deal with [`crate::score::score`] under the
    /// preset's rules (royalties, fouls, 1-6).
    pub fn settle(&self) -> Result<ScoreResult> {
        if !self.is_finished() {
            return Err(Error::InvalidSetting(
                "the deal is not finished: every board needs 13 cards".into(),
            ));
        }
        let hands = self
            .boards
            .iter()
            .map(|b| {
                b.to_setting()
                    .map(PlayerHand::Setting)
                    .ok_or_else(|| Error::Internal("a finished board is incomplete".into()))
            })
            .collect::<Result<Vec<_>>>()?;
        score(&hands, &self.rules.rules, None)
    }

    /// Fantasyland card count of each seat for the next deal (0 = none), from
    /// the finished boards (RULES §7.5: entry QQ+ on a legal board; a player
    /// already in Fantasyland stays only on the staying conditions).
    pub fn next_fantasyland(&self) -> Result<Vec<u8>> {
        if !self.is_finished() {
            return Err(Error::InvalidSetting("the deal is not finished".into()));
        }
        Ok(self
            .boards
            .iter()
            .zip(&self.fantasyland)
            .map(|(b, &f)| {
                b.to_setting().map_or(0, |s| {
                    self.rules
                        .fantasyland
                        .next_cards(&s, &self.rules.rules, f > 0)
                })
            })
            .collect())
    }

    /// The next deal at this table: the button moves one seat to the left and
    /// Fantasyland carries over. When the pack cannot supply every
    /// Fantasyland player's count, those counts shrink towards 13 **\[interp\]**.
    pub fn next_deal(&self, seed: u64) -> Result<OfcGame> {
        self.next_deal_with(Some(seed))
    }

    /// [`OfcGame::next_deal`] with the seed optional: `None` deals from the
    /// operating system's entropy ([`OfcGame::unseeded`]).
    pub fn next_deal_with(&self, seed: Option<u64>) -> Result<OfcGame> {
        let mut fl = self.next_fantasyland()?;
        let per = self.rules.cards_per_player();
        let needed = |fl: &[u8]| -> usize {
            fl.iter()
                .map(|&f| if f == 0 { per } else { f as usize })
                .sum()
        };
        while needed(&fl) > DECK_SIZE {
            match fl.iter_mut().filter(|f| **f > 13).max_by_key(|f| **f) {
                Some(f) => *f -= 1,
                None => break,
            }
        }
        let (rules, button) = (self.rules.clone(), (self.button + 1) % self.players);
        match seed {
            Some(seed) => OfcGame::new(rules, self.players, button, seed, Some(&fl)),
            None => OfcGame::unseeded(rules, self.players, button, Some(&fl)),
        }
    }

    /// What a seat (or a spectator, `None`) may see.
    pub fn view(&self, seat: Option<usize>) -> View {
        let finished = self.is_finished();
        View {
            seat,
            players: self.players,
            button: self.button,
            to_act: self.to_act(),
            fantasyland: self.fantasyland.clone(),
            boards: (0..self.players)
                .map(|s| {
                    if finished || !self.in_fantasyland(s) || seat == Some(s) {
                        Some(self.boards[s])
                    } else {
                        None
                    }
                })
                .collect(),
            discard_counts: self.discards.iter().map(|d| d.len()).collect(),
            hand: seat.map_or_else(Vec::new, |s| self.hand(s).to_vec()),
            discards: seat.map_or_else(Vec::new, |s| self.discards(s).to_vec()),
        }
    }

    /// The game as compact, deterministic JSON: the preset, any rule options
    /// changed from it, the table, the seed and the moves. The deck and every
    /// board follow from these, so [`OfcGame::from_json`] replays the moves.
    ///
    /// ```
    /// use chinese_poker_core::ofc::{OfcGame, OfcRules};
    /// let g = OfcGame::new(OfcRules::preset("ofc_us").unwrap(), 3, 2, 99, None).unwrap();
    /// assert_eq!(OfcGame::from_json(&g.to_json()).unwrap(), g);
    /// ```
    pub fn to_json(&self) -> String {
        let base = Rules::preset(&self.rules.preset).ok();
        let changed: Vec<String> = self
            .rules
            .rules
            .to_pairs()
            .into_iter()
            .filter(|(k, v)| base.as_ref().and_then(|b| b.get(k).ok()).as_ref() != Some(v))
            .map(|(k, v)| format!("[{},{}]", quote(&k), quote(&v)))
            .collect();
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|(seat, m)| {
                let p: Vec<String> = m
                    .placements
                    .iter()
                    .map(|&(c, r)| format!("[{c},{}]", r as u8))
                    .collect();
                format!("[{seat},[{}],{:?}]", p.join(","), m.discards).replace(' ', "")
            })
            .collect();
        let deck = if self.stacked {
            format!(",\"deck\":{:?}", self.deck).replace(' ', "")
        } else {
            String::new()
        };
        format!(
            "{{\"preset\":{},\"rules\":[{}],\"players\":{},\"button\":{},\"seed\":{}{},\"fantasyland\":{},\"moves\":[{}]}}",
            quote(&self.rules.preset),
            changed.join(","),
            self.players,
            self.button,
            // a stacked deck is the deal itself: no seed stands beside it
            if self.stacked {
                "null".to_string()
            } else {
                self.seed.to_string()
            },
            deck,
            format!("{:?}", self.fantasyland).replace(' ', ""),
            moves.join(",")
        )
    }

    /// Rebuilds a game from [`OfcGame::to_json`] by replaying its moves; a
    /// move that is illegal in the replay is an error.
    pub fn from_json(text: &str) -> Result<OfcGame> {
        let j = Json::parse(text)?;
        j.only_keys(&[
            "preset",
            "rules",
            "players",
            "button",
            "seed",
            "deck",
            "fantasyland",
            "moves",
        ])?;
        let preset = j.get("preset")?.str("preset")?;
        let mut changes = Vec::new();
        if let Some(changed) = j.get_opt("rules") {
            for pair in changed.arr("rules")? {
                match pair.arr("rules entry")? {
                    [k, v] => {
                        let name = k.str("option name")?;
                        if changes.iter().any(|(n, _)| *n == name) {
                            return Err(Error::InvalidSetting(format!(
                                "bad game JSON: rules option {:?} is set twice",
                                crate::error::clip(name, crate::error::QUOTED_CHARS)
                            )));
                        }
                        changes.push((name, v.str("option value")?));
                    }
                    _ => {
                        return Err(Error::InvalidSetting(
                            "bad game JSON: a rules entry is [name, value]".into(),
                        ))
                    }
                }
            }
        }
        let rules = Rules::preset(preset)?.with_pairs(&changes)?;
        let rules = OfcRules::with_rules(preset, rules)?;
        let players = j.get("players")?.int("players", 2, 4)? as usize;
        let button = j.get("button")?.int("button", 0, 3)? as usize;
        // One source of the cards: a seed, or the deck itself (seed null).
        let seed = match (j.get("seed")?, j.get_opt("deck")) {
            (Json::Null, Some(_)) => None,
            (Json::Null, None) => {
                return Err(Error::InvalidSetting(
                    "bad game JSON: \"seed\" is null but there is no \"deck\"".into(),
                ))
            }
            (s, None) => Some(s.int("seed", 0, u64::MAX as i128)? as u64),
            (_, Some(_)) => return Err(Error::InvalidSetting(
                "bad game JSON: a save with a \"deck\" has \"seed\": null (the deck is the deal)"
                    .into(),
            )),
        };
        let fl = j
            .get("fantasyland")?
            .arr("fantasyland")?
            .iter()
            .map(|f| f.int("fantasyland", 0, 17).map(|n| n as u8))
            .collect::<Result<Vec<u8>>>()?;
        let mut moves = Vec::new();
        for m in j.get("moves")?.arr("moves")? {
            let [seat, placements, discards] = m.arr("move")? else {
                return Err(Error::InvalidSetting(
                    "bad game JSON: a move is [seat, placements, discards]".into(),
                ));
            };
            let seat = seat.int("seat", 0, 3)? as usize;
            let placements = placements
                .arr("placements")?
                .iter()
                .map(|p| match p.arr("placement")? {
                    [c, r] => Ok((
                        c.int("card", 0, 51)? as Card,
                        row_of(r.int("row", 0, 2)? as usize),
                    )),
                    _ => Err(Error::InvalidSetting(
                        "bad game JSON: a placement is [card, row]".into(),
                    )),
                })
                .collect::<Result<Vec<_>>>()?;
            let discards = discards
                .arr("discards")?
                .iter()
                .map(|c| c.int("card", 0, 51).map(|c| c as Card))
                .collect::<Result<Vec<_>>>()?;
            moves.push((seat, Move::new(placements, discards)));
        }
        let mut g = match j.get_opt("deck") {
            Some(d) => {
                let deck = d
                    .arr("deck")?
                    .iter()
                    .map(|c| c.int("card", 0, 51).map(|c| c as Card))
                    .collect::<Result<Vec<_>>>()?;
                OfcGame::with_deck(rules, players, button, &deck, Some(&fl))?
            }
            None => OfcGame::new(rules, players, button, seed.unwrap_or(0), Some(&fl))?,
        };
        g.replay_moves(&moves)?;
        Ok(g)
    }

    fn replay_moves(&mut self, moves: &[(usize, Move)]) -> Result<()> {
        for (i, (seat, mv)) in moves.iter().enumerate() {
            self.play(*seat, mv)
                .map_err(|e| Error::InvalidSetting(format!("replay of move {i} failed: {e}")))?;
        }
        Ok(())
    }

    /// A game from its table, seed and moves (seed + moves → the same state).
    pub fn replay(
        rules: OfcRules,
        players: usize,
        button: usize,
        seed: u64,
        fantasyland: Option<&[u8]>,
        moves: &[(usize, Move)],
    ) -> Result<OfcGame> {
        let mut g = OfcGame::new(rules, players, button, seed, fantasyland)?;
        g.replay_moves(moves)?;
        Ok(g)
    }
}
