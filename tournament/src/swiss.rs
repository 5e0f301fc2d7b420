//! Swiss pairing by maximum-weight matching.

use crate::types::{PlayerId, RoundPlan, RoundResult};

/// Swiss pairing for the next round: `active` are the players still in (late joiners included,
/// withdrawn players left out); `past` the finished rounds (which may name players no longer active).
pub fn swiss(active: &[PlayerId], past: &[RoundResult]) -> RoundPlan {
    let _ = (active, past);
    todo!()
}
