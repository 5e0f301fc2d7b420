//! Discord's message and command limits, checked like Discord does (400 `Invalid Form Body`).

use std::collections::HashSet;

use serde_json::{json, Map, Value};

/// One field error, at a path like `["components", "0", "components", "5"]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FieldError {
    pub path: Vec<String>,
    pub code: &'static str,
    pub message: String,
}

fn err(path: &[&str], code: &'static str, message: impl Into<String>) -> FieldError {
    FieldError { path: path.iter().map(|s| s.to_string()).collect(), code, message: message.into() }
}

fn max_len(errors: &mut Vec<FieldError>, path: &[String], v: &Value, max: usize) {
    if let Some(s) = v.as_str() {
        let n = s.chars().count();
        if n > max {
            errors.push(FieldError {
                path: path.to_vec(),
                code: "BASE_TYPE_MAX_LENGTH",
                message: format!("Must be {max} or fewer in length."),
            });
        }
    }
}

fn len_between(errors: &mut Vec<FieldError>, path: &[String], v: &Value, min: usize, max: usize) {
    match v.as_str() {
        Some(s) => {
            let n = s.chars().count();
            if n < min || n > max {
                errors.push(FieldError {
                    path: path.to_vec(),
                    code: "BASE_TYPE_BAD_LENGTH",
                    message: format!("Must be between {min} and {max} in length."),
                });
            }
        }
        None => errors.push(FieldError {
            path: path.to_vec(),
            code: "BASE_TYPE_REQUIRED",
            message: "This field is required".into(),
        }),
    }
}

fn p(base: &[String], more: &[&str]) -> Vec<String> {
    let mut v = base.to_vec();
    v.extend(more.iter().map(|s| s.to_string()));
    v
}

/// Checks a message body (create, edit, interaction callback data): content, embeds,
/// components. `base` prefixes paths (e.g. `["data"]` for callbacks).
pub(crate) fn check_message(body: &Value, base: &[String]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if !body.is_object() && !body.is_null() {
        errors.push(FieldError {
            path: base.to_vec(),
            code: "DICT_TYPE_CONVERT",
            message: "Only dictionaries may be used in a DictType".into(),
        });
        return errors;
    }
    let content = &body["content"];
    if !content.is_null() && !content.is_string() {
        errors.push(FieldError {
            path: p(base, &["content"]),
            code: "BASE_TYPE_STRING",
            message: "Must be a string.".into(),
        });
    }
    max_len(&mut errors, &p(base, &["content"]), content, 2000);
    check_embeds(&body["embeds"], base, &mut errors);
    check_components(&body["components"], base, &mut errors);
    errors
}

fn check_embeds(embeds: &Value, base: &[String], errors: &mut Vec<FieldError>) {
    let Some(list) = embeds.as_array() else {
        if !embeds.is_null() {
            errors.push(FieldError {
                path: p(base, &["embeds"]),
                code: "BASE_TYPE_ARRAY",
                message: "Must be an array.".into(),
            });
        }
        return;
    };
    if list.len() > 10 {
        errors.push(FieldError {
            path: p(base, &["embeds"]),
            code: "BASE_TYPE_MAX_LENGTH",
            message: "Must be 10 or fewer in length.".into(),
        });
    }
    let mut total = 0usize;
    let count = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    for (i, e) in list.iter().enumerate() {
        let i = i.to_string();
        let eb = p(base, &["embeds", &i]);
        max_len(errors, &p(&eb, &["title"]), &e["title"], 256);
        max_len(errors, &p(&eb, &["description"]), &e["description"], 4096);
        max_len(errors, &p(&eb, &["footer", "text"]), &e["footer"]["text"], 2048);
        max_len(errors, &p(&eb, &["author", "name"]), &e["author"]["name"], 256);
        total +=
            count(&e["title"]) + count(&e["description"]) + count(&e["footer"]["text"]) + count(&e["author"]["name"]);
        if let Some(fields) = e["fields"].as_array() {
            if fields.len() > 25 {
                errors.push(FieldError {
                    path: p(&eb, &["fields"]),
                    code: "BASE_TYPE_MAX_LENGTH",
                    message: "Must be 25 or fewer in length.".into(),
                });
            }
            for (j, f) in fields.iter().enumerate() {
                let j = j.to_string();
                let fb = p(&eb, &["fields", &j]);
                len_between(errors, &p(&fb, &["name"]), &f["name"], 1, 256);
                len_between(errors, &p(&fb, &["value"]), &f["value"], 1, 1024);
                total += count(&f["name"]) + count(&f["value"]);
            }
        }
    }
    if total > 6000 {
        errors.push(FieldError {
            path: p(base, &["embeds"]),
            code: "MAX_EMBED_SIZE_EXCEEDED",
            message: "Embed size exceeds maximum size of 6000".into(),
        });
    }
}

fn check_components(rows: &Value, base: &[String], errors: &mut Vec<FieldError>) {
    let Some(rows) = rows.as_array() else {
        if !rows.is_null() {
            errors.push(FieldError {
                path: p(base, &["components"]),
                code: "BASE_TYPE_ARRAY",
                message: "Must be an array.".into(),
            });
        }
        return;
    };
    if rows.len() > 5 {
        errors.push(FieldError {
            path: p(base, &["components"]),
            code: "BASE_TYPE_MAX_LENGTH",
            message: "Must be 5 or fewer in length.".into(),
        });
    }
    let mut custom_ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let i = i.to_string();
        let rb = p(base, &["components", &i]);
        if row["type"] != 1 {
            errors.push(FieldError {
                path: p(&rb, &["type"]),
                code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                message: "Top-level components must be action rows (type 1).".into(),
            });
            continue;
        }
        let children = row["components"].as_array().cloned().unwrap_or_default();
        if children.is_empty() || children.len() > 5 {
            errors.push(FieldError {
                path: p(&rb, &["components"]),
                code: "BASE_TYPE_BAD_LENGTH",
                message: "Must be between 1 and 5 in length.".into(),
            });
        }
        let has_select = children.iter().any(|c| matches!(c["type"].as_u64(), Some(3 | 5 | 6 | 7 | 8)));
        if has_select && children.len() > 1 {
            errors.push(FieldError {
                path: p(&rb, &["components"]),
                code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                message: "The specified component exceeds the maximum width".into(),
            });
        }
        for (j, c) in children.iter().enumerate() {
            let j = j.to_string();
            let cb = p(&rb, &["components", &j]);
            check_component(c, &cb, &mut custom_ids, errors);
        }
    }
}

fn check_component(c: &Value, cb: &[String], custom_ids: &mut HashSet<String>, errors: &mut Vec<FieldError>) {
    let kind = c["type"].as_u64().unwrap_or(0);
    let mut check_custom_id = |errors: &mut Vec<FieldError>| {
        len_between(errors, &p(cb, &["custom_id"]), &c["custom_id"], 1, 100);
        if let Some(id) = c["custom_id"].as_str() {
            if !custom_ids.insert(id.to_string()) {
                errors.push(FieldError {
                    path: p(cb, &["custom_id"]),
                    code: "COMPONENT_CUSTOM_ID_DUPLICATED",
                    message: "Component custom id cannot be duplicated".into(),
                });
            }
        }
    };
    match kind {
        2 => {
            max_len(errors, &p(cb, &["label"]), &c["label"], 80);
            let style = c["style"].as_u64().unwrap_or(0);
            if !(1..=6).contains(&style) {
                errors.push(FieldError {
                    path: p(cb, &["style"]),
                    code: "BASE_TYPE_CHOICES",
                    message: "Value must be one of {1, 2, 3, 4, 5, 6}.".to_string(),
                });
            }
            if style == 5 {
                if !c["url"].is_string() {
                    errors.push(FieldError {
                        path: p(cb, &["url"]),
                        code: "BUTTON_COMPONENT_URL_REQUIRED",
                        message: "A url is required".into(),
                    });
                }
                if !c["custom_id"].is_null() {
                    errors.push(FieldError {
                        path: p(cb, &["custom_id"]),
                        code: "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                        message: "A custom id cannot be specified for link buttons".into(),
                    });
                }
            } else if style != 6 {
                if !c["url"].is_null() {
                    errors.push(FieldError {
                        path: p(cb, &["url"]),
                        code: "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                        message: "A url cannot be specified for non-link buttons".into(),
                    });
                }
                check_custom_id(errors);
            }
            if c["label"].as_str().is_none_or(str::is_empty) && c["emoji"].is_null() {
                errors.push(FieldError {
                    path: p(cb, &["label"]),
                    code: "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                    message: "A label or emoji is required".into(),
                });
            }
        }
        3 | 5 | 6 | 7 | 8 => {
            check_custom_id(errors);
            max_len(errors, &p(cb, &["placeholder"]), &c["placeholder"], 150);
            let min = c["min_values"].as_u64();
            let max = c["max_values"].as_u64();
            if min.is_some_and(|m| m > 25) {
                errors.push(err_at(
                    cb,
                    "min_values",
                    "NUMBER_TYPE_MAX",
                    "int value should be less than or equal to 25.",
                ));
            }
            if max.is_some_and(|m| m == 0 || m > 25) {
                errors.push(err_at(cb, "max_values", "NUMBER_TYPE_MAX", "int value should be between 1 and 25."));
            }
            if kind == 3 {
                let options = c["options"].as_array().cloned().unwrap_or_default();
                if options.is_empty() || options.len() > 25 {
                    errors.push(err_at(cb, "options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."));
                }
                if max.unwrap_or(1) as usize > options.len() && !options.is_empty() {
                    errors.push(err_at(
                        cb,
                        "max_values",
                        "SELECT_COMPONENT_MAX_VALUES_EXCEEDED",
                        "max_values exceeds the number of options",
                    ));
                }
                let mut values = HashSet::new();
                for (k, o) in options.iter().enumerate() {
                    let k = k.to_string();
                    let ob = p(cb, &["options", &k]);
                    len_between(errors, &p(&ob, &["label"]), &o["label"], 1, 100);
                    len_between(errors, &p(&ob, &["value"]), &o["value"], 1, 100);
                    max_len(errors, &p(&ob, &["description"]), &o["description"], 100);
                    if let Some(v) = o["value"].as_str() {
                        if !values.insert(v.to_string()) {
                            errors.push(err_at(
                                &ob,
                                "value",
                                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                "Select component option values cannot be duplicated",
                            ));
                        }
                    }
                }
            }
        }
        _ => errors.push(err_at(cb, "type", "BASE_TYPE_CHOICES", "Value must be one of {2, 3, 5, 6, 7, 8}.")),
    }
}

fn err_at(base: &[String], field: &str, code: &'static str, message: &str) -> FieldError {
    FieldError { path: p(base, &[field]), code, message: message.to_string() }
}

/// Checks a list of application commands (bulk overwrite).
pub(crate) fn check_commands(commands: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let Some(list) = commands.as_array() else {
        errors.push(err(&[], "BASE_TYPE_ARRAY", "Must be an array."));
        return errors;
    };
    if list.len() > 100 {
        errors.push(err(&[], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."));
    }
    let mut names = HashSet::new();
    for (i, c) in list.iter().enumerate() {
        let i = i.to_string();
        let base = vec![i.clone()];
        let kind = c["type"].as_u64().unwrap_or(1);
        if !names.insert((kind, c["name"].as_str().unwrap_or_default().to_string())) {
            errors.push(err(
                &[&i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            ));
        }
        check_command(c, &base, kind == 1, &mut errors);
    }
    errors
}

/// Checks one command (or option) recursively.
fn check_command(c: &Value, base: &[String], chat_input: bool, errors: &mut Vec<FieldError>) {
    len_between(errors, &p(base, &["name"]), &c["name"], 1, 32);
    if chat_input {
        if let Some(name) = c["name"].as_str() {
            let ok = name.chars().all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric() && !ch.is_uppercase());
            if !ok {
                errors.push(err_at(base, "name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"));
            }
        }
        len_between(errors, &p(base, &["description"]), &c["description"], 1, 100);
    }
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        errors.push(err_at(base, "options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
    }
    let mut seen_optional = false;
    let mut names = HashSet::new();
    for (j, o) in options.iter().enumerate() {
        let j = j.to_string();
        let ob = p(base, &["options", &j]);
        let kind = o["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&kind) {
            errors.push(err_at(&ob, "type", "BASE_TYPE_CHOICES", "Value must be one of {1..11}."));
        }
        if !names.insert(o["name"].as_str().unwrap_or_default().to_string()) {
            errors.push(err_at(
                &ob,
                "name",
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            ));
        }
        let required = o["required"].as_bool().unwrap_or(false);
        if kind > 2 {
            if required && seen_optional {
                errors.push(err_at(
                    &ob,
                    "required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                ));
            }
            if !required {
                seen_optional = true;
            }
        }
        if let Some(choices) = o["choices"].as_array() {
            if choices.len() > 25 {
                errors.push(err_at(&ob, "choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
            }
        }
        check_command(o, &ob, true, errors);
    }
}

/// Builds Discord's nested `errors` object from field errors.
pub(crate) fn errors_object(errors: &[FieldError]) -> Value {
    let mut root = Map::new();
    for e in errors {
        let mut node = &mut root;
        for seg in &e.path {
            node = node
                .entry(seg.clone())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("error tree nodes are objects");
        }
        let list = node.entry("_errors").or_insert_with(|| Value::Array(Vec::new()));
        if let Some(arr) = list.as_array_mut() {
            arr.push(json!({ "code": e.code, "message": e.message }));
        }
    }
    Value::Object(root)
}

/// The full 400 body for field errors.
pub(crate) fn invalid_form_body(errors: &[FieldError]) -> Value {
    json!({
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": errors_object(errors),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_too_long() {
        let e = check_message(&json!({ "content": "x".repeat(2001) }), &[]);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].path, vec!["content"]);
        let body = invalid_form_body(&e);
        assert_eq!(body["errors"]["content"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH");
    }

    #[test]
    fn six_buttons() {
        let button = |i: usize| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")});
        let row = json!({"type": 1, "components": (0..6).map(button).collect::<Vec<_>>()});
        let e = check_message(&json!({ "components": [row] }), &["data".to_string()]);
        assert!(e.iter().any(|e| e.path == vec!["data", "components", "0", "components"]));
    }

    #[test]
    fn duplicate_custom_ids_and_link_buttons() {
        let rows = json!([{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "a", "custom_id": "x"},
            {"type": 2, "style": 1, "label": "b", "custom_id": "x"},
            {"type": 2, "style": 5, "label": "c", "custom_id": "y"},
        ]}]);
        let e = check_message(&json!({ "components": rows }), &[]);
        let codes: Vec<_> = e.iter().map(|e| e.code).collect();
        assert!(codes.contains(&"COMPONENT_CUSTOM_ID_DUPLICATED"));
        assert!(codes.contains(&"BUTTON_COMPONENT_URL_REQUIRED"));
        assert!(codes.contains(&"BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED"));
    }

    #[test]
    fn select_must_be_alone() {
        let rows = json!([{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]},
            {"type": 2, "style": 1, "label": "b", "custom_id": "b"},
        ]}]);
        let e = check_message(&json!({ "components": rows }), &[]);
        assert!(e.iter().any(|e| e.code == "COMPONENT_LAYOUT_WIDTH_EXCEEDED"));
    }

    #[test]
    fn embed_limits() {
        let fields: Vec<_> = (0..26).map(|_| json!({"name": "n", "value": "v"})).collect();
        let e = check_message(
            &json!({ "embeds": [
                { "title": "t".repeat(257), "fields": fields },
                { "description": "d".repeat(4000) },
                { "description": "d".repeat(4000) },
            ] }),
            &[],
        );
        let codes: Vec<_> = e.iter().map(|e| e.code).collect();
        assert!(codes.contains(&"BASE_TYPE_MAX_LENGTH"));
        assert!(codes.contains(&"MAX_EMBED_SIZE_EXCEEDED"));
    }
}
