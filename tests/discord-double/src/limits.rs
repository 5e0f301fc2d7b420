//! Discord's message and command limits, checked like Discord does (400 `Invalid Form Body`).
//!
//! Checking allocates nothing for valid input: the path of a field is only spelled out
//! when it has an error.

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use crate::layout;

/// One field error, at a path like `["components", "0", "components", "5"]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FieldError {
    pub path: Vec<String>,
    pub code: &'static str,
    pub message: String,
}

/// Where a checked value sits in the body.
#[derive(Clone, Copy)]
pub(crate) enum Path<'a> {
    /// The prefix every path starts with (e.g. `["data"]` for interaction callbacks).
    Base(&'a [&'a str]),
    /// A member of an object.
    Key(&'a Path<'a>, &'a str),
    /// An element of an array.
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    pub(crate) fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    pub(crate) fn index(&'a self, i: usize) -> Path<'a> {
        Path::Index(self, i)
    }

    fn segments(&self) -> Vec<String> {
        match *self {
            Path::Base(base) => base.iter().map(|s| s.to_string()).collect(),
            Path::Key(parent, key) => {
                let mut v = parent.segments();
                v.push(key.to_string());
                v
            }
            Path::Index(parent, i) => {
                let mut v = parent.segments();
                v.push(i.to_string());
                v
            }
        }
    }

    /// An error at this path.
    pub(crate) fn error(&self, code: &'static str, message: impl Into<String>) -> FieldError {
        FieldError { path: self.segments(), code, message: message.into() }
    }
}

/// The elements of `v` if it is an array (none otherwise).
pub(crate) fn elements(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

pub(crate) fn max_len(errors: &mut Vec<FieldError>, path: Path<'_>, v: &Value, max: usize) {
    if let Some(s) = v.as_str() {
        if s.chars().count() > max {
            errors.push(path.error("BASE_TYPE_MAX_LENGTH", format!("Must be {max} or fewer in length.")));
        }
    }
}

pub(crate) fn len_between(errors: &mut Vec<FieldError>, path: Path<'_>, v: &Value, min: usize, max: usize) {
    match v.as_str() {
        Some(s) => {
            let n = s.chars().count();
            if n < min || n > max {
                errors.push(path.error("BASE_TYPE_BAD_LENGTH", format!("Must be between {min} and {max} in length.")));
            }
        }
        None => errors.push(path.error("BASE_TYPE_REQUIRED", "This field is required")),
    }
}

/// Checks a message body (create, edit, interaction callback data): content, embeds,
/// components. `base` prefixes paths (e.g. `["data"]` for callbacks). The body's own
/// `flags` say whether it is a layout message (`IS_COMPONENTS_V2`); see
/// [`check_message_as`] for an edit of one.
pub(crate) fn check_message(body: &Value, base: &[&str]) -> Vec<FieldError> {
    let v2 = body["flags"].as_u64().is_some_and(|f| f & layout::IS_COMPONENTS_V2 != 0);
    check_message_as(body, base, v2)
}

/// Checks a message body as [`check_message`] does, for a message that will carry
/// `IS_COMPONENTS_V2` (`v2`, e.g. an edit of a message that has it) or not.
pub(crate) fn check_message_as(body: &Value, base: &[&str], v2: bool) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let base = Path::Base(base);
    if !body.is_object() && !body.is_null() {
        errors.push(base.error("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"));
        return errors;
    }
    let content = &body["content"];
    if !content.is_null() && !content.is_string() {
        errors.push(base.key("content").error("BASE_TYPE_STRING", "Must be a string."));
    }
    max_len(&mut errors, base.key("content"), content, 2000);
    let reference = &body["message_reference"];
    if !reference.is_null() && !reference.is_object() {
        errors.push(
            base.key("message_reference").error("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
        );
    }
    check_embeds(&body["embeds"], base, &mut errors);
    if v2 {
        layout::check_no_legacy_fields(body, base, &mut errors);
        layout::check_components(&body["components"], base, &mut errors);
    } else {
        check_components(&body["components"], base, &mut errors);
    }
    errors
}

fn check_embeds(embeds: &Value, base: Path<'_>, errors: &mut Vec<FieldError>) {
    let path = base.key("embeds");
    let Some(list) = embeds.as_array() else {
        if !embeds.is_null() {
            errors.push(path.error("BASE_TYPE_ARRAY", "Must be an array."));
        }
        return;
    };
    if list.len() > 10 {
        errors.push(path.error("BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."));
    }
    let mut total = 0usize;
    let count = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    for (i, e) in list.iter().enumerate() {
        let eb = path.index(i);
        let (footer, author) = (eb.key("footer"), eb.key("author"));
        max_len(errors, eb.key("title"), &e["title"], 256);
        max_len(errors, eb.key("description"), &e["description"], 4096);
        max_len(errors, footer.key("text"), &e["footer"]["text"], 2048);
        max_len(errors, author.key("name"), &e["author"]["name"], 256);
        total +=
            count(&e["title"]) + count(&e["description"]) + count(&e["footer"]["text"]) + count(&e["author"]["name"]);
        if let Some(fields) = e["fields"].as_array() {
            let fp = eb.key("fields");
            if fields.len() > 25 {
                errors.push(fp.error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
            }
            for (j, f) in fields.iter().enumerate() {
                let fb = fp.index(j);
                len_between(errors, fb.key("name"), &f["name"], 1, 256);
                len_between(errors, fb.key("value"), &f["value"], 1, 1024);
                total += count(&f["name"]) + count(&f["value"]);
            }
        }
    }
    if total > 6000 {
        errors.push(path.error("MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"));
    }
}

fn check_components(rows: &Value, base: Path<'_>, errors: &mut Vec<FieldError>) {
    let path = base.key("components");
    let Some(rows) = rows.as_array() else {
        if !rows.is_null() {
            errors.push(path.error("BASE_TYPE_ARRAY", "Must be an array."));
        }
        return;
    };
    if rows.len() > 5 {
        errors.push(path.error("BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."));
    }
    let mut custom_ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let rb = path.index(i);
        if row["type"] != 1 {
            let message = if layout::is_layout_type(&row["type"]) {
                "This component needs the IS_COMPONENTS_V2 message flag (1 << 15)."
            } else {
                "Top-level components must be action rows (type 1)."
            };
            errors.push(rb.key("type").error("COMPONENT_LAYOUT_WIDTH_EXCEEDED", message));
            continue;
        }
        check_action_row(row, rb, &mut custom_ids, errors);
    }
}

/// Checks an action row at `rb`: one to five buttons, or one select menu.
pub(crate) fn check_action_row<'v>(
    row: &'v Value,
    rb: Path<'_>,
    custom_ids: &mut HashSet<&'v str>,
    errors: &mut Vec<FieldError>,
) {
    let children = elements(&row["components"]);
    let cp = rb.key("components");
    if children.is_empty() || children.len() > 5 {
        errors.push(cp.error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."));
    }
    let has_select = children.iter().any(|c| matches!(c["type"].as_u64(), Some(3 | 5 | 6 | 7 | 8)));
    if has_select && children.len() > 1 {
        errors.push(cp.error("COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width"));
    }
    for (j, c) in children.iter().enumerate() {
        check_component(c, cp.index(j), custom_ids, errors);
    }
}

/// Checks an action row's child (a button or a select menu) at `cb`.
pub(crate) fn check_component<'v>(
    c: &'v Value,
    cb: Path<'_>,
    custom_ids: &mut HashSet<&'v str>,
    errors: &mut Vec<FieldError>,
) {
    let kind = c["type"].as_u64().unwrap_or(0);
    let mut check_custom_id = |errors: &mut Vec<FieldError>| {
        len_between(errors, cb.key("custom_id"), &c["custom_id"], 1, 100);
        if let Some(id) = c["custom_id"].as_str() {
            if !custom_ids.insert(id) {
                errors.push(
                    cb.key("custom_id")
                        .error("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"),
                );
            }
        }
    };
    match kind {
        2 => {
            max_len(errors, cb.key("label"), &c["label"], 80);
            let style = c["style"].as_u64().unwrap_or(0);
            if !(1..=6).contains(&style) {
                errors.push(cb.key("style").error("BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}."));
            }
            if style == 5 {
                if !c["url"].is_string() {
                    errors.push(cb.key("url").error("BUTTON_COMPONENT_URL_REQUIRED", "A url is required"));
                }
                if !c["custom_id"].is_null() {
                    errors.push(cb.key("custom_id").error(
                        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                        "A custom id cannot be specified for link buttons",
                    ));
                }
            } else if style != 6 {
                if !c["url"].is_null() {
                    errors.push(
                        cb.key("url").error(
                            "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                            "A url cannot be specified for non-link buttons",
                        ),
                    );
                }
                check_custom_id(errors);
            }
            if c["label"].as_str().is_none_or(str::is_empty) && c["emoji"].is_null() {
                errors.push(
                    cb.key("label").error("BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required"),
                );
            }
        }
        3 | 5 | 6 | 7 | 8 => {
            check_custom_id(errors);
            max_len(errors, cb.key("placeholder"), &c["placeholder"], 150);
            let min = c["min_values"].as_u64();
            let max = c["max_values"].as_u64();
            if min.is_some_and(|m| m > 25) {
                errors.push(
                    cb.key("min_values").error("NUMBER_TYPE_MAX", "int value should be less than or equal to 25."),
                );
            }
            if max.is_some_and(|m| m == 0 || m > 25) {
                errors.push(cb.key("max_values").error("NUMBER_TYPE_MAX", "int value should be between 1 and 25."));
            }
            // Both default to 1: a select asking for more than it allows could never be
            // answered (discord/discord-api-docs#3202, now refused as a bad form body).
            if min.unwrap_or(1) > max.unwrap_or(1) {
                errors.push(cb.key("min_values").error(
                    "SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX",
                    "min_values must be less than or equal to max_values",
                ));
            }
            if kind == 3 {
                check_select_options(c, cb, max, errors);
            }
        }
        _ => errors.push(cb.key("type").error("BASE_TYPE_CHOICES", "Value must be one of {2, 3, 5, 6, 7, 8}.")),
    }
}

/// Checks a string select's options (`max` is its `max_values`).
fn check_select_options(c: &Value, cb: Path<'_>, max: Option<u64>, errors: &mut Vec<FieldError>) {
    let options = elements(&c["options"]);
    let op = cb.key("options");
    if options.is_empty() || options.len() > 25 {
        errors.push(op.error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."));
    }
    if max.unwrap_or(1) as usize > options.len() && !options.is_empty() {
        errors.push(
            cb.key("max_values")
                .error("SELECT_COMPONENT_MAX_VALUES_EXCEEDED", "max_values exceeds the number of options"),
        );
    }
    // A select shows its `default` options as picked: no more than it lets a user pick.
    let defaults = options.iter().filter(|o| o["default"].as_bool() == Some(true)).count();
    if defaults as u64 > max.unwrap_or(1) {
        errors.push(op.error(
            "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
            "More options are selected by default than max_values allows",
        ));
    }
    let mut values = HashSet::new();
    for (k, o) in options.iter().enumerate() {
        let ob = op.index(k);
        len_between(errors, ob.key("label"), &o["label"], 1, 100);
        len_between(errors, ob.key("value"), &o["value"], 1, 100);
        max_len(errors, ob.key("description"), &o["description"], 100);
        if let Some(v) = o["value"].as_str() {
            if !values.insert(v) {
                errors.push(ob.key("value").error(
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values cannot be duplicated",
                ));
            }
        }
    }
}

/// Checks a list of application commands (bulk overwrite).
pub(crate) fn check_commands(commands: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let root = Path::Base(&[]);
    let Some(list) = commands.as_array() else {
        errors.push(root.error("BASE_TYPE_ARRAY", "Must be an array."));
        return errors;
    };
    if list.len() > 100 {
        errors.push(root.error("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."));
    }
    let mut names = HashSet::new();
    for (i, c) in list.iter().enumerate() {
        let base = root.index(i);
        let kind = c["type"].as_u64().unwrap_or(1);
        if !names.insert((kind, c["name"].as_str().unwrap_or_default())) {
            errors.push(
                base.key("name")
                    .error("APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"),
            );
        }
        check_command(c, base, kind == 1, &mut errors);
    }
    errors
}

/// Checks one command (or option) recursively.
fn check_command(c: &Value, base: Path<'_>, chat_input: bool, errors: &mut Vec<FieldError>) {
    len_between(errors, base.key("name"), &c["name"], 1, 32);
    if chat_input {
        if let Some(name) = c["name"].as_str() {
            let ok = name.chars().all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric() && !ch.is_uppercase());
            if !ok {
                errors.push(base.key("name").error("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"));
            }
        }
        len_between(errors, base.key("description"), &c["description"], 1, 100);
    }
    let options = elements(&c["options"]);
    let op = base.key("options");
    if options.len() > 25 {
        errors.push(op.error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
    }
    let mut seen_optional = false;
    let mut names = HashSet::new();
    for (j, o) in options.iter().enumerate() {
        let ob = op.index(j);
        let kind = o["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&kind) {
            errors.push(ob.key("type").error("BASE_TYPE_CHOICES", "Value must be one of {1..11}."));
        }
        if !names.insert(o["name"].as_str().unwrap_or_default()) {
            errors.push(
                ob.key("name").error("APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"),
            );
        }
        let required = o["required"].as_bool().unwrap_or(false);
        if kind > 2 {
            if required && seen_optional {
                errors.push(ob.key("required").error(
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
                errors.push(ob.key("choices").error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."));
            }
        }
        check_command(o, ob, true, errors);
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
    fn a_reference_must_be_an_object() {
        for bad in [json!("123"), json!(5), json!([1])] {
            let e = check_message(&json!({ "content": "hi", "message_reference": bad }), &[]);
            assert_eq!(e.len(), 1, "{e:?}");
            assert_eq!((e[0].path.clone(), e[0].code), (vec!["message_reference".to_owned()], "DICT_TYPE_CONVERT"));
        }
        assert!(check_message(&json!({ "content": "hi", "message_reference": {"message_id": "1"} }), &[]).is_empty());
        assert!(check_message(&json!({ "content": "hi", "message_reference": null }), &[]).is_empty());
    }

    #[test]
    fn six_buttons() {
        let button = |i: usize| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")});
        let row = json!({"type": 1, "components": (0..6).map(button).collect::<Vec<_>>()});
        let e = check_message(&json!({ "components": [row] }), &["data"]);
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
    fn select_value_counts() {
        let options = |n: usize, defaults: usize| -> Vec<Value> {
            (0..n)
                .map(|i| json!({"label": format!("o{i}"), "value": format!("v{i}"), "default": i < defaults}))
                .collect()
        };
        let check = |select: Value| {
            let rows = json!([{"type": 1, "components": [select]}]);
            check_message(&json!({ "components": rows }), &[]).into_iter().map(|e| e.code).collect::<Vec<_>>()
        };
        // Exactly 10 of 25, 10 pre-selected: fine.
        let ok = json!({"type": 3, "custom_id": "s", "min_values": 10, "max_values": 10, "options": options(25, 10)});
        assert!(check(ok).is_empty());
        // More asked for than allowed (max_values defaults to 1).
        let e = check(json!({"type": 3, "custom_id": "s", "min_values": 2, "options": options(3, 0)}));
        assert_eq!(e, ["SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX"]);
        let e = check(json!({"type": 3, "custom_id": "s", "min_values": 6, "max_values": 5, "options": options(9, 0)}));
        assert_eq!(e, ["SELECT_COMPONENT_MIN_VALUES_EXCEEDS_MAX"]);
        // More allowed than offered; more pre-selected than allowed.
        let e = check(json!({"type": 3, "custom_id": "s", "min_values": 5, "max_values": 5, "options": options(4, 0)}));
        assert_eq!(e, ["SELECT_COMPONENT_MAX_VALUES_EXCEEDED"]);
        let e =
            check(json!({"type": 3, "custom_id": "s", "min_values": 5, "max_values": 5, "options": options(15, 6)}));
        assert_eq!(e, ["SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES"]);
        let e = check(json!({"type": 3, "custom_id": "s", "options": options(3, 2)}));
        assert_eq!(e, ["SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES"]);
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
