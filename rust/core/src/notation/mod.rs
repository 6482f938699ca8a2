//! Card text in every notation of RULES §1: `As`, `10h`/`Th`, unicode suits
//! (filled and outline, with or without U+FE0F), Russian letters (Latin and
//! Cyrillic), the numeric 1..13 alphabet, and an `auto` mode that refuses an
//! ambiguous string (RULES §1.4).
//!
//! Files:
//! - `alphabet.rs`: [`Notation`] and the rank alphabets a token is read in;
//! - `tokenize.rs`: text split into rank (and suit) tokens with positions;
//! - `read.rs`: tokens read as cards or ranks, the `auto` rules, and
//!   [`parse_cards`], [`parse_ranks`].

mod alphabet;
mod read;
mod tokenize;

pub use self::alphabet::Notation;
pub use self::read::{parse_cards, parse_ranks};

#[cfg(test)]
mod tests;
