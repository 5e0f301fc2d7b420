//! Autocomplete (`APPLICATION_COMMAND_AUTOCOMPLETE`, interaction type 4): Discord sends the
//! options typed so far, one of them `focused`, only for options registered with
//! `autocomplete: true`; the bot answers with callback type 8 and at most 25 `choices`,
//! each a `name` of 1 to 100 characters and a `value` (a string of at most 100 characters,
//! or a number).

use serde_json::Value;

use crate::limits::{invalid_form_body, FieldError};
use crate::rest::ApiError;

/// The most choices an autocomplete answer may hold.
pub(crate) const MAX_CHOICES: usize = 25;

/// The path of the focused option in `options` (subcommand names then the option's name),
/// if exactly one option is focused.
pub(crate) fn focused_path(options: &Value) -> Option<Vec<String>> {
    let mut found = Vec::new();
    fn walk(list: &Value, path: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
        for o in list.as_array().into_iter().flatten() {
            let name = o["name"].as_str().unwrap_or_default().to_string();
            if o["focused"].as_bool() == Some(true) {
                let mut p = path.clone();
                p.push(name.clone());
                found.push(p);
            }
            if o.get("options").is_some() {
                path.push(name);
                walk(&o["options"], path, found);
                path.pop();
            }
        }
    }
    walk(options, &mut Vec::new(), &mut found);
    (found.len() == 1).then(|| found.remove(0))
}

/// Whether the registered `command` declares the option at `path` with `autocomplete: true`.
pub(crate) fn registered_with_autocomplete(command: &Value, path: &[String]) -> bool {
    let mut level = &command["options"];
    for (i, name) in path.iter().enumerate() {
        let Some(o) = level.as_array().into_iter().flatten().find(|o| o["name"].as_str() == Some(name)) else {
            return false;
        };
        if i + 1 == path.len() {
            return o["autocomplete"].as_bool() == Some(true);
        }
        level = &o["options"];
    }
    false
}

/// Checks the `data` of a type-8 callback (paths under `data`).
pub(crate) fn check_result(data: &Value) -> Result<(), ApiError> {
    let mut errors = Vec::new();
    let err = |path: &[&str], code: &'static str, message: &str| FieldError {
        path: path.iter().map(|s| s.to_string()).collect(),
        code,
        message: message.to_string(),
    };
    let Some(choices) = data["choices"].as_array() else {
        let e = err(&["data", "choices"], "BASE_TYPE_REQUIRED", "This field is required");
        return Err(ApiError::new(400, invalid_form_body(&[e])));
    };
    if choices.len() > MAX_CHOICES {
        errors.push(err(&["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
    }
    for (i, c) in choices.iter().enumerate() {
        let i = i.to_string();
        let name = c["name"].as_str().map(|n| n.chars().count());
        if !name.is_some_and(|n| (1..=100).contains(&n)) {
            errors.push(err(
                &["data", "choices", &i, "name"],
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            ));
        }
        let value_ok = match &c["value"] {
            Value::String(s) => s.chars().count() <= 100,
            Value::Number(_) => true,
            _ => false,
        };
        if !value_ok {
            errors.push(err(
                &["data", "choices", &i, "value"],
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(400, invalid_form_body(&errors)))
    }
}

/// The choices of an accepted type-8 callback, as `(name, value)`.
pub(crate) fn choices(data: &Value) -> Vec<(String, Value)> {
    data["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| (c["name"].as_str().unwrap_or_default().to_string(), c["value"].clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_focused_option_is_found_under_its_subcommand() {
        let options = json!([{ "type": 1, "name": "challenge", "options": [
            { "type": 6, "name": "opponent", "value": "1" },
            { "type": 3, "name": "variant", "value": "ken", "focused": true },
        ]}]);
        let path = focused_path(&options).unwrap();
        assert_eq!(path, ["challenge", "variant"]);
        let command = json!({ "name": "engarde", "options": [{ "type": 1, "name": "challenge", "options": [
            { "type": 6, "name": "opponent" }, { "type": 3, "name": "variant", "autocomplete": true },
        ]}]});
        assert!(registered_with_autocomplete(&command, &path));
        assert!(!registered_with_autocomplete(&command, &["challenge".into(), "opponent".into()]));
        assert_eq!(focused_path(&json!([{ "name": "a", "value": "" }])), None);
    }

    #[test]
    fn choices_are_checked() {
        let choice = |n: usize| json!({ "name": "x".repeat(n), "value": "v" });
        assert!(check_result(&json!({ "choices": [] })).is_ok());
        assert!(check_result(&json!({ "choices": [choice(1), choice(100), { "name": "n", "value": 3 }] })).is_ok());
        for bad in [json!({}), json!({ "choices": [choice(0)] }), json!({ "choices": [choice(101)] })] {
            assert_eq!(check_result(&bad).unwrap_err().body["code"], 50035, "{bad}");
        }
        let many: Vec<Value> = (0..26).map(|_| choice(3)).collect();
        let e = check_result(&json!({ "choices": many })).unwrap_err();
        assert_eq!(e.body["errors"]["data"]["choices"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH");
        assert!(check_result(&json!({ "choices": [{ "name": "n", "value": "v".repeat(101) }] })).is_err());
    }
}
