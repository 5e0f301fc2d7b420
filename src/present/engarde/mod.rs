//! En Garde and Kengo in words and pictures: the piste, what happened, labels of
//! actions, rules summaries.

pub mod labels;
pub mod narrate;
pub mod piste;
pub mod rules_text;
