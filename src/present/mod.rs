//! Words and pictures for players, independent of Discord: the piste, what
//! happened, labels of actions, rules summaries. Everything here is built
//! from public facts, except [`labels`] of a player's own actions.

pub mod labels;
pub mod narrate;
pub mod piste;
pub mod rules_text;

/// Escapes Discord markdown in a user-chosen name.
#[must_use]
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '>' | '\\' | '#' | '[' | ']' | '(' | ')' | '-' | '@') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
