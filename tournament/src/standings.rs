//! Standings and their tie-breaks.

use crate::types::{Format, PlayerId, RoundResult, Standing};

/// Standings after `past`: points, then Buchholz, then Sonneborn–Berger (Swiss); round robin:
/// points, then Sonneborn–Berger, then head to head.
pub fn standings(players: &[PlayerId], past: &[RoundResult], format: Format) -> Vec<Standing> {
    let _ = (players, past, format);
    todo!()
}
