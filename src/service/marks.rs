//! Matches that some work is being done on in this process, so that two tasks do not
//! both do it (the practice bot's search, the opening of a match's thread).

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

/// A set of marked matches, shared by the service's clones.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks(Arc<Mutex<HashSet<i64>>>);

/// A match marked in a [`Marks`], unmarked when dropped.
#[derive(Debug)]
pub(crate) struct Marked {
    marks: Marks,
    match_id: i64,
}

impl Marks {
    /// Marks `match_id`; `None` if it already is.
    pub(crate) fn mark(&self, match_id: i64) -> Option<Marked> {
        let fresh = self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(match_id);
        fresh.then(|| Marked { marks: self.clone(), match_id })
    }
}

impl Drop for Marked {
    fn drop(&mut self) {
        self.marks.0.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.match_id);
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn a_match_is_marked_once_until_dropped() {
        let marks = Marks::default();
        let first = marks.mark(7).expect("a fresh mark");
        assert!(marks.mark(7).is_none(), "marked twice");
        assert!(marks.clone().mark(8).is_some(), "another match is free");
        drop(first);
        assert!(marks.mark(7).is_some(), "free again once dropped");
    }
}
