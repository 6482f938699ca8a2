//! The generated sections of `docs/rules.md`: the option table and the
//! presets, written from [`OPTIONS`] and [`PRESETS`] so the document cannot
//! drift from the code (a test compares the committed file with these).

use super::options::{OptionRole, OPTIONS};
use super::presets::{DEFAULT_PRESET, PRESETS};
use super::Rules;

/// Escapes the `|` of a table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The option catalogue as Markdown: one table row per option with its
/// default, accepted values and help.
pub fn options_markdown() -> String {
    let mut out = String::new();
    out.push_str("| Option | Default | Values | What it decides | See |\n");
    out.push_str("|---|---|---|---|---|\n");
    for o in OPTIONS {
        let default = match o.role {
            OptionRole::Value => format!("`{}`", o.default),
            OptionRole::View => "(a view of `natural.enabled`)".into(),
            OptionRole::Action => "(an action)".into(),
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            o.name,
            cell(&default),
            cell(&o.values()),
            cell(o.help),
            o.section
        ));
    }
    out
}

/// The presets as Markdown: each with what it is and every option it sets
/// differently from the plain game.
pub fn presets_markdown() -> String {
    let plain = Rules::plain();
    let mut out = String::new();
    for p in PRESETS {
        let marker = if p.name == DEFAULT_PRESET {
            " (default)"
        } else {
            ""
        };
        out.push_str(&format!("#### `{}`{marker}\n\n{}\n\n", p.name, p.about));
        match Rules::preset(p.name) {
            Ok(r) => {
                let changed: Vec<String> = r
                    .to_pairs()
                    .into_iter()
                    .filter(|(k, v)| plain.get(k).ok().as_ref() != Some(v))
                    .map(|(k, v)| format!("- `{k}` = `{v}`\n"))
                    .collect();
                if changed.is_empty() {
                    out.push_str("- the plain game's defaults\n");
                }
                for line in changed {
                    out.push_str(&line);
                }
            }
            Err(e) => out.push_str(&format!("- (does not build: {e})\n")),
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
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
}
