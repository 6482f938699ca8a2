//! Tests of `docs.rs`.

use super::*;
use std::path::PathBuf;

/// `docs/rules.md`, the user's rules document.
fn rules_doc() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md")
}

/// Replaces the text between `<!-- generated: NAME -->` and `<!-- end: NAME -->`.
fn splice(doc: &str, name: &str, body: &str) -> String {
    let begin = format!("<!-- generated: {name} (make docs) -->\n");
    let end = format!("<!-- end: {name} -->");
    let (Some(b), Some(e)) = (doc.find(&begin), doc.find(&end)) else {
        panic!("docs/rules.md has no {begin:?} … {end:?} block");
    };
    format!("{}{begin}\n{body}\n{}", &doc[..b], &doc[e..])
}

/// The option and preset sections of docs/rules.md are the tables' Markdown;
/// `UPDATE_DOCS=1` (`make docs`) rewrites them instead of failing.
#[test]
fn docs_rules_md_matches_the_option_and_preset_tables() {
    let path = rules_doc();
    let doc = std::fs::read_to_string(&path).expect("docs/rules.md is readable");
    let want = splice(&doc, "options", &options_markdown());
    let want = splice(&want, "presets", &presets_markdown());
    if std::env::var_os("UPDATE_DOCS").is_some() {
        if want != doc {
            std::fs::write(&path, &want).expect("docs/rules.md is writable");
        }
        return;
    }
    assert!(
        want == doc,
        "docs/rules.md differs from the option and preset tables: run `make docs`"
    );
}
