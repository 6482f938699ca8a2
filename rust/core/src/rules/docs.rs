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
#[path = "docs_tests.rs"]
mod tests;
