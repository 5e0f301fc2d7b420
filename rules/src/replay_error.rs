//! Why a replay stopped: the error form of `engarde replay`, the same for every game.

use serde::Serialize;
use serde_json::Value;

/// The document `engarde replay` prints for a record it cannot replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorDocument<'a> {
    /// Always `false`.
    pub ok: bool,
    /// What went wrong.
    pub error: ErrorDetail<'a>,
}

/// Where a replay stopped, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorDetail<'a> {
    /// The 0-based index of the action that could not be played; `null` for a malformed document.
    pub action: Option<usize>,
    /// Why, in plain words.
    pub reason: &'a str,
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The document is not a valid match record (exit status 2).
    Malformed(String),
    /// Action `index` (from 0) could not be played (exit status 1).
    Illegal {
        /// The 0-based index of the first action that could not be played.
        index: usize,
        /// Why, in plain words.
        reason: String,
    },
}

impl ReplayError {
    /// The exit status of `engarde replay` for this error.
    #[must_use]
    pub fn exit_status(&self) -> i32 {
        match self {
            ReplayError::Malformed(_) => 2,
            ReplayError::Illegal { .. } => 1,
        }
    }

    /// The error document printed by `engarde replay`, fields in the documented order.
    #[must_use]
    pub fn document(&self) -> ErrorDocument<'_> {
        let (action, reason) = match self {
            ReplayError::Malformed(reason) => (None, reason.as_str()),
            ReplayError::Illegal { index, reason } => (Some(*index), reason.as_str()),
        };
        ErrorDocument { ok: false, error: ErrorDetail { action, reason } }
    }

    /// The error document as a JSON value.
    #[must_use]
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self.document()).unwrap_or(Value::Null)
    }
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Malformed(reason) => write!(f, "malformed match record: {reason}"),
            ReplayError::Illegal { index, reason } => write!(f, "action {index} cannot be played: {reason}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays a record's actions in order (each as read, or why it could not be read), stopping
/// at the first that cannot be played: [`ReplayError::Illegal`] with its 0-based index.
pub(crate) fn play_all<A, E: std::fmt::Display>(
    actions: impl Iterator<Item = Result<A, String>>,
    mut play: impl FnMut(A) -> Result<(), E>,
) -> Result<(), ReplayError> {
    for (index, action) in actions.enumerate() {
        let action = action.map_err(|reason| ReplayError::Illegal { index, reason })?;
        play(action).map_err(|e| ReplayError::Illegal { index, reason: e.to_string() })?;
    }
    Ok(())
}
