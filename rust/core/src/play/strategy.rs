//! [`Strategy`]: the ways of setting a hand, and the one parser of their
//! names.

use crate::error::{Error, Result};

/// A way of setting hands: the solvers and the baselines they are measured
/// against.
///
/// ```
/// use chinese_poker_core::play::Strategy;
/// let s: Strategy = "royalty_max".parse().unwrap();
/// assert_eq!(s, Strategy::RoyaltyMax);
/// assert_eq!(s.to_string(), "royalty_max");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The fast solver with the embedded model.
    Fast,
    /// The strong solver: Monte Carlo over the fast solver's candidates.
    Strong,
    /// The fast solver with the rows treated as independent (no copula).
    FastIndependent,
    /// Best 5 in back, best 5 of the rest in middle
    /// ([`HandSubsets::greedy`](crate::search::HandSubsets::greedy)).
    Greedy,
    /// [`royalty_max_setting`](super::royalty_max_setting).
    RoyaltyMax,
}

impl Strategy {
    /// Every strategy, in the order their names are listed.
    pub const ALL: [Strategy; 5] = [
        Strategy::Fast,
        Strategy::Strong,
        Strategy::FastIndependent,
        Strategy::Greedy,
        Strategy::RoyaltyMax,
    ];
    /// The strategies `solve` offers.
    pub const SOLVE: [Strategy; 2] = [Strategy::Fast, Strategy::Strong];
    /// The strategies a simulation sets hands with.
    pub const SIMULATE: [Strategy; 2] = [Strategy::Fast, Strategy::Greedy];
    /// The strategies a [`duplicate_match`](super::duplicate_match) plays.
    pub const MATCH: [Strategy; 4] = [
        Strategy::Fast,
        Strategy::FastIndependent,
        Strategy::Greedy,
        Strategy::RoyaltyMax,
    ];

    /// The strategy's name, as parsed.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Fast => "fast",
            Strategy::Strong => "strong",
            Strategy::FastIndependent => "fast_independent",
            Strategy::Greedy => "greedy",
            Strategy::RoyaltyMax => "royalty_max",
        }
    }

    /// Parses `name` as one of `allowed`; any other name, known or not, is an
    /// [`Error::UnknownOption`] that lists `allowed`.
    ///
    /// ```
    /// use chinese_poker_core::play::Strategy;
    /// assert_eq!(Strategy::parse_among("greedy", &Strategy::SIMULATE).unwrap(), Strategy::Greedy);
    /// let e = Strategy::parse_among("strong", &Strategy::SIMULATE).unwrap_err();
    /// assert!(e.to_string().ends_with("expected one of 'fast', 'greedy'"));
    /// ```
    pub fn parse_among(name: &str, allowed: &[Strategy]) -> Result<Strategy> {
        match Strategy::ALL.into_iter().find(|s| s.name() == name) {
            Some(s) if allowed.contains(&s) => Ok(s),
            _ => Err(Strategy::unknown(name, allowed)),
        }
    }

    /// The error for a strategy `name` outside `allowed`.
    pub fn unknown(name: &str, allowed: &[Strategy]) -> Error {
        let names: Vec<String> = allowed.iter().map(|s| format!("'{s}'")).collect();
        Error::UnknownOption {
            option: "strategy".into(),
            value: name.into(),
            allowed: names.join(", "),
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Strategy {
    type Err = Error;

    /// Any strategy by its name.
    fn from_str(name: &str) -> Result<Strategy> {
        Strategy::parse_among(name, &Strategy::ALL)
    }
}

#[cfg(test)]
#[path = "strategy_tests.rs"]
mod tests;
