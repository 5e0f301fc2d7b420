//! The piste as two short monospace lines, readable on a phone.
//!
//! ```text
//!   1   5    10   15   20  23
//!  [A······B················]
//! ```

use engarde_rules::engarde::{PublicView, PISTE_SPACES};

/// Columns: one before the piste (Kengo's off-piste start), the 23 spaces
/// between brackets, one after.
const WIDTH: usize = PISTE_SPACES as usize + 4;

/// The scale line and the piste line, for a code block.
#[must_use]
pub fn piste(public: &PublicView) -> String {
    let mut line: Vec<char> = vec![' '; WIDTH];
    line[1] = '[';
    line[WIDTH - 2] = ']';
    for space in 1..=PISTE_SPACES {
        line[column(space)] = '·';
    }
    line[column_or_edge(public.positions.a)] = 'A';
    line[column_or_edge(public.positions.b)] = 'B';
    let mut scale: Vec<char> = vec![' '; WIDTH];
    for mark in [1u8, 5, 10, 15, 20, 23] {
        let text = mark.to_string();
        let end = column(mark);
        let start = end + 1 - text.len();
        for (i, ch) in text.chars().enumerate() {
            scale[start + i] = ch;
        }
    }
    let scale: String = scale.into_iter().collect();
    let line: String = line.into_iter().collect();
    format!("{}\n{}", scale.trim_end(), line.trim_end())
}

/// The column of a space on the piste (1..=23).
fn column(space: u8) -> usize {
    usize::from(space) + 1
}

/// The column of a fencer: off-piste starts (0 and 24) sit outside the brackets.
fn column_or_edge(space: u8) -> usize {
    match space {
        0 => 0,
        s if s > PISTE_SPACES => WIDTH - 1,
        s => column(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engarde_rules::engarde::{Config, EnGarde, Variant};

    #[test]
    fn fencers_stand_on_their_spaces() {
        let game = EnGarde::new(Config::new(Variant::EngardeStandard, 1)).unwrap();
        let text = piste(&game.public_view());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].chars().nth(2), Some('A'));
        assert_eq!(lines[1].chars().nth(24), Some('B'));
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH));
    }

    #[test]
    fn kengo_fencers_start_outside() {
        let game = EnGarde::new(Config::new(Variant::KengoNormal, 1)).unwrap();
        let text = piste(&game.public_view());
        let line = text.lines().nth(1).unwrap();
        assert!(line.starts_with("A["));
        assert!(line.ends_with("]B"));
    }
}
