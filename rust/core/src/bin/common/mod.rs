//! The command-line flags the measuring and training binaries share: each
//! flag takes one value, and the rules are a preset plus `--option` pairs.

/// `(flag, value)` of every flag on the command line, or the flag that
/// lacks its value.
pub fn flags() -> impl Iterator<Item = Result<(String, String), String>> {
    let mut it = std::env::args().skip(1);
    std::iter::from_fn(move || {
        let flag = it.next()?;
        Some(match it.next() {
            Some(value) => Ok((flag, value)),
            None => Err(format!("{flag} needs a value")),
        })
    })
}

/// A whole number for `flag`.
pub fn num(flag: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|e| format!("{flag} {value}: {e}"))
}

/// The table size of `--players`: 2 to 4.
pub fn players(value: &str) -> Result<usize, String> {
    let n = num("--players", value)? as usize;
    if (2..=4).contains(&n) {
        Ok(n)
    } else {
        Err(format!("--players {value}: a table has 2 to 4 players"))
    }
}

/// One `--option KEY=VALUE`, trimmed.
pub fn option(value: &str) -> Result<(String, String), String> {
    let (k, v) = value
        .split_once('=')
        .ok_or(format!("--option {value}: expected KEY=VALUE"))?;
    Ok((k.trim().into(), v.trim().into()))
}
