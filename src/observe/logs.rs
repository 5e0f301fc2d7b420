//! The log's format (`LOG_FORMAT`): text lines by default, or one JSON object a line.

use tracing_subscriber::EnvFilter;

/// The log format's variable, read by `main` with the log filter.
pub const LOG_FORMAT: &str = "LOG_FORMAT";

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// Human-readable lines (tracing's default format).
    #[default]
    Text,
    /// One JSON object a line (tracing-subscriber's JSON layer): the time, the level, the
    /// target, the message and its fields, and the fields of the spans it is in (an
    /// interaction's id, kind and match).
    Json,
}

impl LogFormat {
    /// Reads `LOG_FORMAT` (`text` or `json`, any case; unset or blank: text).
    ///
    /// # Errors
    /// Any other value, with how to fix it (one line).
    pub fn from_value(value: Option<&str>) -> Result<LogFormat, String> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(LogFormat::Text),
            Some(v) if v.eq_ignore_ascii_case("text") => Ok(LogFormat::Text),
            Some(v) if v.eq_ignore_ascii_case("json") => Ok(LogFormat::Json),
            Some(v) => Err(format!("LOG_FORMAT must be text or json, not `{v}`")),
        }
    }
}

/// Logs with `filter`, in `format` (to standard output, as tracing's formatter does).
pub fn init(filter: EnvFilter, format: LogFormat) {
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Text => builder.init(),
        // The current span's fields and every enclosing span's: an interaction's id and
        // match on each line logged while it is handled.
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(true).init(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_by_default_json_on_request_and_anything_else_refused() {
        assert_eq!(LogFormat::from_value(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::from_value(Some(" ")), Ok(LogFormat::Text));
        assert_eq!(LogFormat::from_value(Some("JSON")), Ok(LogFormat::Json));
        assert_eq!(LogFormat::from_value(Some("text")), Ok(LogFormat::Text));
        assert_eq!(LogFormat::from_value(Some("yaml")), Err("LOG_FORMAT must be text or json, not `yaml`".into()));
    }
}
