//! A list of actions on the stack: what [`EnGarde::legal_action_list`] returns.
//!
//! [`EnGarde::legal_action_list`]: super::EnGarde::legal_action_list

use std::fmt;
use std::ops::Deref;

use super::action::Action;

/// The most legal actions a decision can have. A turn lists at most 5 advances, 5
/// retreats, 10 attacks (one per count of the distance's card, a hand holding at most 10
/// cards) and 10 lunges (one per attack card of the value left after an advance, again at
/// most 10 cards); an answer at most 7 parries (the most sub-multisets of one size and
/// total in a 10-card hand, checked by a test), 5 retreats and taking the hit.
pub const MAX_ACTIONS: usize = 32;

/// A list of at most [`MAX_ACTIONS`] actions, kept inline (small and `Copy`, nothing
/// allocated). It reads as a slice: `list.len()`, `list[i]`, `list.iter()`, `list.to_vec()`.
#[derive(Clone, Copy)]
pub struct ActionList {
    actions: [Action; MAX_ACTIONS],
    len: u8,
}

impl ActionList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> ActionList {
        ActionList { actions: [Action::AcceptHit; MAX_ACTIONS], len: 0 }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends an action.
    ///
    /// # Panics
    /// If the list is full.
    #[inline]
    pub(crate) fn push(&mut self, action: Action) {
        self.actions[usize::from(self.len)] = action;
        self.len += 1;
    }
}

/// Appends to an [`ActionList`] with its length in a local (so in a register), written
/// back when dropped.
pub(crate) struct Appender<'a> {
    list: &'a mut ActionList,
    len: usize,
}

impl Appender<'_> {
    /// Appends an action.
    #[inline]
    pub(crate) fn push(&mut self, action: Action) {
        assert!(self.len < MAX_ACTIONS, "at most {MAX_ACTIONS} actions");
        self.list.actions[self.len] = action;
        self.len += 1;
    }

    /// Appends `action` when `keep` holds, without a branch: the slot after the last is
    /// written either way and counted only if kept (the random choices of a search make
    /// such branches unpredictable).
    #[inline]
    pub(crate) fn push_if(&mut self, keep: bool, action: Action) {
        // The slot index is masked, so it needs no bounds check: a list holds fewer than
        // MAX_ACTIONS (a power of two) actions.
        debug_assert!(self.len < MAX_ACTIONS);
        self.list.actions[self.len % MAX_ACTIONS] = action;
        self.len += usize::from(keep);
    }
}

impl Drop for Appender<'_> {
    #[inline]
    fn drop(&mut self) {
        self.list.len = self.len as u8;
    }
}

impl ActionList {
    /// An appender to this list.
    #[inline]
    pub(crate) fn appender(&mut self) -> Appender<'_> {
        let len = usize::from(self.len);
        Appender { list: self, len }
    }
}

impl Default for ActionList {
    fn default() -> Self {
        ActionList::new()
    }
}

impl Deref for ActionList {
    type Target = [Action];

    #[inline]
    fn deref(&self) -> &[Action] {
        &self.actions[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for ActionList {
    fn eq(&self, other: &ActionList) -> bool {
        **self == **other
    }
}

impl Eq for ActionList {}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
