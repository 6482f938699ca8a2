//! The command that regenerates the Fantasyland value table
//! (`ofc_match --fl-table FILE`), on a run small enough for a test.
#![allow(clippy::unwrap_used)]

use chinese_poker_core::ofc::fl_table::FlTable;
use std::process::Command;

/// The table text `ofc_match --fl-table` writes for two hands per card
/// count against the heuristic, on `threads` threads.
fn regenerate(threads: u32) -> String {
    let path =
        std::env::temp_dir().join(format!("ofc_fl_table_{}_{threads}.txt", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_ofc_match"))
        .args(["--fl-table", path.to_str().unwrap()])
        .args(["--hands", "2", "--seed", "5", "--strategy", "heuristic"])
        .args(["--threads", &threads.to_string()])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    text
}

#[test]
fn ofc_fl_table_regeneration_is_deterministic_and_loads() {
    let one = regenerate(1);
    assert_eq!(one, regenerate(2));
    let table = FlTable::parse(&one).unwrap();
    let presets: Vec<&str> = FlTable::builtin()
        .entries
        .iter()
        .map(|e| e.preset.as_str())
        .collect();
    let got: Vec<&str> = table.entries.iter().map(|e| e.preset.as_str()).collect();
    assert_eq!(got, presets);
    assert!(table.entries.iter().all(|e| e.hands == 2 || e.cards == 0));
}
