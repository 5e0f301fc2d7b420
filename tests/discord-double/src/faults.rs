//! Fault injection for reliability tests: rules checked against every REST request.

use std::time::Duration;

/// What to do to a matching request.
#[derive(Clone, Debug, PartialEq)]
pub enum FaultAction {
    /// Answer with this HTTP status and Discord error code/message instead of handling it.
    Error {
        /// HTTP status, e.g. 500 or 503.
        status: u16,
        /// Discord JSON error code (0 for generic errors).
        code: u64,
        /// Error message.
        message: String,
    },
    /// Answer 429 Too Many Requests with this `retry_after` (seconds).
    RateLimited {
        /// Seconds the client should wait.
        retry_after: f64,
    },
    /// Wait this long, then handle the request normally.
    Delay(Duration),
    /// Handle the request normally (a message is created, an edit applied…), then wait this
    /// long before answering: the work is done, and a client that dies meanwhile never
    /// learns it (a crash between a post and its note).
    DelayAfter(Duration),
    /// Handle the request normally (a message is created, an edit applied…), then answer
    /// with this HTTP status and Discord error instead of the real answer: the work was
    /// done but the client cannot know it (an answer lost on Discord's side).
    ErrorAfter {
        /// HTTP status, e.g. 500.
        status: u16,
        /// Discord JSON error code (0 for generic errors).
        code: u64,
        /// Error message.
        message: String,
    },
}

/// A fault rule: requests whose method and path match get `action`, `times` times.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    /// HTTP method to match (`None` matches any).
    pub method: Option<String>,
    /// Substring the request path must contain (e.g. `"/callback"`, `"/messages"`).
    pub path_contains: String,
    /// What to do.
    pub action: FaultAction,
    /// How many matching requests are affected (then the rule is spent).
    pub times: usize,
}

impl Fault {
    /// A fault for any method on paths containing `path_contains`, applied once.
    pub fn once(path_contains: impl Into<String>, action: FaultAction) -> Self {
        Fault { method: None, path_contains: path_contains.into(), action, times: 1 }
    }
}

/// The active fault rules.
#[derive(Clone, Debug, Default)]
pub struct FaultPlan {
    rules: Vec<Fault>,
    /// Faults that fired, as `(method, path, action)`.
    pub(crate) fired: Vec<(String, String, FaultAction)>,
}

impl FaultPlan {
    /// Adds a rule.
    pub(crate) fn add(&mut self, fault: Fault) {
        self.rules.push(fault);
    }

    /// Removes all rules.
    pub(crate) fn clear(&mut self) {
        self.rules.clear();
    }

    /// The action for this request, if a rule matches (consuming one use of it).
    pub(crate) fn check(&mut self, method: &str, path: &str) -> Option<FaultAction> {
        let idx = self.rules.iter().position(|r| {
            r.times > 0
                && r.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
                && path.contains(&r.path_contains)
        })?;
        let rule = &mut self.rules[idx];
        rule.times -= 1;
        let action = rule.action.clone();
        if rule.times == 0 {
            self.rules.remove(idx);
        }
        self.fired.push((method.to_string(), path.to_string(), action.clone()));
        Some(action)
    }
}
