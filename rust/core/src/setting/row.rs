//! The three rows of a setting. A file of its own with no imports, so that
//! the royalty tables can name a row without depending on settings.

/// A row of a setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// The 3-card row.
    Front = 0,
    /// The middle 5-card row.
    Middle = 1,
    /// The back 5-card row.
    Back = 2,
}

impl Row {
    /// Front, middle, back.
    pub const ALL: [Row; 3] = [Row::Front, Row::Middle, Row::Back];

    /// `front`, `middle` or `back`.
    pub fn name(self) -> &'static str {
        match self {
            Row::Front => "front",
            Row::Middle => "middle",
            Row::Back => "back",
        }
    }
}
