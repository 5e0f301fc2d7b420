//! Writing JSON text straight into a `String`, with no `serde_json::Value` tree in between.
//!
//! Everything is written exactly as `serde_json` serialises the same document (compact, same
//! escaping, same number formatting), so payloads built here are byte for byte what a
//! `Value` would have printed.

use std::fmt::{self, Write as _};

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Something written as JSON text exactly as serde_json prints it.
pub(crate) trait ToJson {
    /// Appends the JSON text.
    fn write_json(&self, out: &mut String);
}

/// Whether `s` has no character JSON escapes (`"`, `\` or a control character), checked
/// eight bytes at a time.
fn needs_no_escape(s: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Whether some byte of `v` is zero (exact as a yes/no answer).
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    let mut chunks = s.as_bytes().chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        // Some byte below 0x20, or equal to `"` or `\`.
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGH != 0;
        if control || has_zero(x ^ (ONES * u64::from(b'"'))) || has_zero(x ^ (ONES * u64::from(b'\\'))) {
            return false;
        }
    }
    chunks.remainder().iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\')
}

impl ToJson for str {
    /// A string, escaped like serde_json: `"`, `\` and control characters (`\b \t \n \f
    /// \r`, or `\u00xx` for the others).
    fn write_json(&self, out: &mut String) {
        out.push('"');
        if needs_no_escape(self) {
            out.push_str(self);
            out.push('"');
            return;
        }
        let mut start = 0;
        for (i, b) in self.bytes().enumerate() {
            let escape = match b {
                b'"' => '"',
                b'\\' => '\\',
                b'\n' => 'n',
                b'\r' => 'r',
                b'\t' => 't',
                0x08 => 'b',
                0x0c => 'f',
                0..=0x1f => 'u',
                _ => continue,
            };
            // `i` is at an ASCII byte, so on a character boundary.
            out.push_str(&self[start..i]);
            out.push('\\');
            out.push(escape);
            if escape == 'u' {
                let _ = write!(out, "{b:04x}");
            }
            start = i + 1;
        }
        out.push_str(&self[start..]);
        out.push('"');
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! integer_to_json {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            fn write_json(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        }
    )*};
}

integer_to_json!(u8, u16, u32, u64, usize);

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        push_array(out, self, |out, v| v.write_json(out));
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => b.write_json(out),
            // A `Number` displays as serde_json serialises it.
            Value::Number(n) => {
                let _ = write!(out, "{n}");
            }
            Value::String(s) => s.write_json(out),
            Value::Array(list) => list.write_json(out),
            Value::Object(members) => {
                let mut o = Obj::new(out);
                for (k, v) in members {
                    o.val(k, v);
                }
                o.close();
            }
        }
    }
}

/// Appends `value` as JSON text.
pub(crate) fn push<T: ToJson + ?Sized>(out: &mut String, value: &T) {
    value.write_json(out);
}

/// The text `write` appends to an empty string.
pub(crate) fn text(write: impl FnOnce(&mut String)) -> String {
    let mut out = String::new();
    write(&mut out);
    out
}

/// Appends a snowflake, which Discord JSON carries as a string: `"123"`.
pub(crate) fn push_sf(out: &mut String, id: u64) {
    let _ = write!(out, "\"{id}\"");
}

/// Appends `[a,b,…]`, writing each item with `item`.
pub(crate) fn push_array<T>(
    out: &mut String,
    items: impl IntoIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    out.push('[');
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(out, it);
    }
    out.push(']');
}

/// The text of a finished JSON object with one more member: `{…}` becomes `{…,"key":…}`.
/// Like setting a key that is not yet in a `Value` object, the member goes last.
pub(crate) fn with_member(mut object: String, key: &str, write: impl FnOnce(&mut String)) -> String {
    let mut o = Obj::reopen(&mut object);
    o.with(key, write);
    o.close();
    object
}

/// A JSON object being written: `{"key":value,…}`. Members appear in the order written.
pub(crate) struct Obj<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Obj<'a> {
    /// Opens an object at the end of `out`.
    pub(crate) fn new(out: &'a mut String) -> Self {
        out.push('{');
        Obj { out, empty: true }
    }

    /// Continues the finished object that `out` ends with (its closing brace is taken off).
    pub(crate) fn reopen(out: &'a mut String) -> Self {
        debug_assert!(out.ends_with('}'), "not an object: {out}");
        out.pop();
        let empty = out.ends_with('{');
        Obj { out, empty }
    }

    /// Writes the separator and the key, leaving the writer where the value goes.
    fn key(&mut self, key: &str) -> &mut String {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        push(self.out, key);
        self.out.push(':');
        self.out
    }

    /// Members already written as JSON text (`"a":1,"b":null`), for constant runs.
    pub(crate) fn members(&mut self, json: &str) -> &mut Self {
        debug_assert!(json.starts_with('"') && !json.ends_with(','), "not members: {json}");
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        self.out.push_str(json);
        self
    }

    /// The length of the text written so far (to remember where a later member can go).
    pub(crate) fn position(&self) -> usize {
        self.out.len()
    }

    /// A member whose value `write` appends.
    pub(crate) fn with(&mut self, key: &str, write: impl FnOnce(&mut String)) -> &mut Self {
        write(self.key(key));
        self
    }

    /// A member whose value is already JSON text.
    pub(crate) fn raw(&mut self, key: &str, json: &str) -> &mut Self {
        self.key(key).push_str(json);
        self
    }

    /// A member (strings, integers, booleans, options, lists, `Value`s).
    pub(crate) fn val<T: ToJson + ?Sized>(&mut self, key: &str, value: &T) -> &mut Self {
        push(self.key(key), value);
        self
    }

    /// A snowflake member (`"key":"123"`), or any 64-bit number Discord sends as a string
    /// (permission bits).
    pub(crate) fn sf(&mut self, key: &str, id: u64) -> &mut Self {
        push_sf(self.key(key), id);
        self
    }

    /// A snowflake member, or `null`.
    pub(crate) fn opt_sf(&mut self, key: &str, id: Option<u64>) -> &mut Self {
        match id {
            Some(id) => self.sf(key, id),
            None => self.raw(key, "null"),
        }
    }

    /// Closes the object.
    pub(crate) fn close(self) {
        self.out.push('}');
    }
}

/// Parses JSON text into the `Value` `serde_json::from_slice` gives, but allocates each
/// object's map and each array once, at its final size, instead of growing it element by
/// element (the members and items read so far wait on two shared stacks).
pub(crate) fn parse(bytes: &[u8]) -> serde_json::Result<Value> {
    let mut stacks = Stacks::default();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = ValueSeed(&mut stacks).deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Members and items of the objects and arrays being parsed.
#[derive(Default)]
struct Stacks {
    members: Vec<(String, Value)>,
    items: Vec<Value>,
}

/// Deserialises one `Value` (the same as `Value`'s own `Deserialize`), using the stacks.
struct ValueSeed<'s>(&'s mut Stacks);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let base = self.0.items.len();
        while let Some(item) = seq.next_element_seed(ValueSeed(self.0))? {
            self.0.items.push(item);
        }
        Ok(Value::Array(self.0.items.drain(base..).collect()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let base = self.0.members.len();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(ValueSeed(self.0))?;
            self.0.members.push((key, value));
        }
        let mut object = Map::with_capacity(self.0.members.len() - base);
        // Inserting in order keeps a repeated key where it first appeared, with its last value.
        object.extend(self.0.members.drain(base..));
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn text(v: &(impl ToJson + ?Sized)) -> String {
        let mut out = String::new();
        push(&mut out, v);
        out
    }

    #[test]
    fn strings_are_escaped_like_serde_json() {
        let all: String = (0u32..0x80).filter_map(char::from_u32).chain("é✓\u{2028}😀".chars()).collect();
        for s in [all.as_str(), "", "plain", "\"\\", "a\u{7f}b", "2026-11-21T10:45:44.844000+00:00"] {
            assert_eq!(text(s), Value::from(s).to_string());
        }
        // Every ASCII character, and some wider ones, at every place of a few words.
        let wide = ['é', '✓', '😀', '\u{80}', '\u{ff}'];
        for c in (0u8..0x80).map(char::from).chain(wide) {
            for at in 0..=17 {
                let mut s: String = "abcdefgh✓ijklmnop".chars().take(at).collect();
                s.push(c);
                s.extend("abcdefgh✓ijklmnop".chars().skip(at));
                assert_eq!(text(s.as_str()), Value::from(s.as_str()).to_string(), "{s:?}");
            }
        }
    }

    #[test]
    fn values_are_written_like_serde_json() {
        let v = json!({
            "n": [0, 1, -7, u64::MAX, i64::MIN, 1.5, -0.25, 1e300, 3.0],
            "s": "x\"y", "b": [true, false], "z": null,
            "nested": { "we\"ird\nkey": [{}, []] },
        });
        assert_eq!(text(&v), v.to_string());
    }

    #[test]
    fn objects_keep_the_order_written() {
        let mut out = String::new();
        let mut o = Obj::new(&mut out);
        o.sf("id", 42).val("text", "t").opt_sf("none", None).val("n", &7u8).raw("list", "[]");
        o.members(r#""a":1,"b":null"#).val("opt", &Some(3u64)).val("v", &vec![String::from("x")]);
        o.with("nested", |out| push_array(out, [1u8, 2], |out, n| push(out, &n)));
        o.close();
        // The text itself, in the order written (a JSON value would sort its keys).
        let expected =
            r#"{"id":"42","text":"t","none":null,"n":7,"list":[],"a":1,"b":null,"opt":3,"v":["x"],"nested":[1,2]}"#;
        assert_eq!(out, expected);
        assert!(serde_json::from_str::<Value>(&out).is_ok(), "valid JSON");
    }

    #[test]
    fn parses_like_serde_json() {
        let docs = [
            r#"{"b":1,"a":[1,-2,3.5,-0.0,"x\u00e9\n",null,true,{}],"c":{"d":{"e":[[],[{}]]}},"b":2}"#,
            r#"[]"#,
            r#" "text" "#,
            r#"18446744073709551615"#,
            r#"{"components":[{"type":1,"components":[{"type":2,"label":"A","custom_id":"a"}]}]}"#,
            "",
            "{",
            "[1,]",
            r#"{"a":1} x"#,
            "nul",
            "1e400",
        ];
        for doc in docs {
            let expected = serde_json::from_str::<Value>(doc).ok();
            let got = parse(doc.as_bytes()).ok();
            assert_eq!(got, expected, "{doc}");
            assert_eq!(got.map(|v| v.to_string()), expected.map(|v| v.to_string()), "{doc}");
        }
    }

    #[test]
    fn appends_members() {
        assert_eq!(with_member("{}".into(), "a", |o| push(o, &1u8)), r#"{"a":1}"#);
        assert_eq!(with_member(r#"{"a":1}"#.into(), "b", |o| push(o, "x")), r#"{"a":1,"b":"x"}"#);
    }
}
