//! Replays every committed fuzz input (`fuzz/corpus/<target>/*` and the crash
//! reproducers in `fuzz/regressions/<target>/*`) through the same function the
//! cargo-fuzz target runs, so `cargo test` guards every past finding without
//! nightly or libFuzzer.

use chinese_poker_core::fuzz_targets;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of one target's corpus and regressions, sorted for a stable order.
fn inputs(target: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        let dir = fuzz_dir().join(kind).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable directory entry").path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn replay(target: &str, run: fn(&[u8])) {
    let files = inputs(target);
    assert!(
        !files.is_empty(),
        "no committed inputs for fuzz target {target} under {}",
        fuzz_dir().display()
    );
    let mut failed = Vec::new();
    for path in &files {
        let data = std::fs::read(path).expect("readable corpus file");
        if catch_unwind(AssertUnwindSafe(|| run(&data))).is_err() {
            failed.push(path.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} inputs of fuzz target {target} fail:\n{}",
        failed.len(),
        files.len(),
        failed.join("\n")
    );
}

#[test]
fn corpus_notation() {
    replay("notation", fuzz_targets::notation);
}

#[test]
fn corpus_rules() {
    replay("rules", fuzz_targets::rules);
}

#[test]
fn corpus_ofc_json() {
    replay("ofc_json", fuzz_targets::ofc_json);
}

#[test]
fn corpus_batch() {
    replay("batch", fuzz_targets::batch);
}

#[test]
fn corpus_search() {
    replay("search", fuzz_targets::search);
}
