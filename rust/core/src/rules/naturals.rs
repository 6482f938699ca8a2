//! The naturals an option set can enable (RULES §6.2): their names and default values.
//! The detection lives in `crate::natural`, which reads these from the rules.

use super::values::string_enum;

string_enum! {
    /// A natural of RULES §6.2, spelled as there.
    NaturalKind {
        /// Six pairs and an odd card.
        #[default]
        SixPairs = "SIX_PAIRS",
        /// Five pairs and a three of a kind.
        FivePairsTrips = "FIVE_PAIRS_TRIPS",
        /// Four threes of a kind and an odd card.
        FourTrips = "FOUR_TRIPS",
        /// Straights in back and middle and a 3-card run in front.
        ThreeStraights = "THREE_STRAIGHTS",
        /// Flushes in back and middle and three cards of one suit in front.
        ThreeFlushes = "THREE_FLUSHES",
        /// Straight flushes in back and middle and a 3-card straight flush in front.
        ThreeStraightFlushes = "THREE_STRAIGHT_FLUSHES",
        /// Three fours of a kind and an odd card.
        ThreeQuads = "THREE_QUADS",
        /// All 13 cards red or all black.
        AllOneColour = "ALL_ONE_COLOUR",
        /// Exactly 12 cards of one colour.
        TwelveOneColour = "TWELVE_ONE_COLOUR",
        /// Every card 2–8.
        AllSmall = "ALL_SMALL",
        /// Every card 8–A.
        AllBig = "ALL_BIG",
        /// All twelve J/Q/K plus any card (or all from J, Q, K, A: `nat.twelve_royals.def`).
        TwelvePictures = "TWELVE_PICTURES",
        /// One card of every rank, suits not all the same.
        Dragon = "DRAGON",
        /// All 13 cards of one suit.
        DragonFlush = "DRAGON_FLUSH",
        /// No J, Q, K (nor A, by `nat.no_pictures.ace_is_picture`).
        NoPictures = "NO_PICTURES",
    }
}

impl NaturalKind {
    /// The value used when `natural.enabled` names the natural without one:
    /// the Pagat/Malay value where one exists (RULES §6.3); `NO_PICTURES` has
    /// none and must be given one.
    pub fn default_value(self) -> Option<i64> {
        use NaturalKind::*;
        Some(match self {
            SixPairs | ThreeStraights | ThreeFlushes => 3,
            FivePairsTrips => 5,
            FourTrips => 6,
            ThreeStraightFlushes | TwelvePictures => 18,
            ThreeQuads => 16,
            AllOneColour | AllSmall | AllBig => 10,
            TwelveOneColour => 4,
            Dragon => 13,
            DragonFlush => 26,
            NoPictures => return None,
        })
    }

    /// Does the natural depend on how the cards are set (a partition search)?
    pub fn needs_arrangement(self) -> bool {
        matches!(
            self,
            NaturalKind::ThreeStraights
                | NaturalKind::ThreeFlushes
                | NaturalKind::ThreeStraightFlushes
        )
    }
}
