//! Component ids: every component in a message carries a numeric `id` (a 32-bit integer
//! unique within the message). Discord keeps the ids the bot gave and numbers the others
//! sequentially, in order (an action row, then its children; a container, then what it
//! holds; a section, then its texts, then its accessory), skipping ids already used
//! elsewhere in the message. An `id` of 0 counts as none.

use std::collections::HashSet;

use serde_json::{json, Value};

/// Gives every component in `rows` (and in their `components`) without an `id` the next
/// free sequential id, starting at 1.
pub(crate) fn assign(rows: &mut [Value]) {
    let mut used = HashSet::new();
    collect(rows, &mut used);
    let mut next = 1u64;
    number(rows, &used, &mut next);
}

fn collect(list: &[Value], used: &mut HashSet<u64>) {
    for c in list {
        if let Some(id) = c["id"].as_u64().filter(|id| *id != 0) {
            used.insert(id);
        }
        if let Some(children) = c.get("components").and_then(Value::as_array) {
            collect(children, used);
        }
        if let Some(accessory) = c.get("accessory").filter(|a| a.is_object()) {
            collect(std::slice::from_ref(accessory), used);
        }
    }
}

fn number(list: &mut [Value], used: &HashSet<u64>, next: &mut u64) {
    for c in list {
        let Some(obj) = c.as_object_mut() else { continue };
        if obj.get("id").and_then(Value::as_u64).is_none_or(|id| id == 0) {
            while used.contains(next) {
                *next += 1;
            }
            obj.insert("id".into(), json!(*next));
            *next += 1;
        }
        if let Some(children) = obj.get_mut("components").and_then(Value::as_array_mut) {
            number(children, used, next);
        }
        if let Some(accessory) = obj.get_mut("accessory").filter(|a| a.is_object()) {
            number(std::slice::from_mut(accessory), used, next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(custom_id: &str) -> Value {
        json!({ "type": 2, "style": 1, "label": custom_id, "custom_id": custom_id })
    }

    #[test]
    fn ids_are_sequential_in_order() {
        let mut rows = vec![
            json!({ "type": 1, "components": [button("a"), button("b")] }),
            json!({ "type": 1, "components": [button("c")] }),
        ];
        assign(&mut rows);
        let ids: Vec<u64> = crate::record::components(&rows).map(|c| c["id"].as_u64().unwrap()).collect();
        assert_eq!((rows[0]["id"].as_u64(), rows[1]["id"].as_u64()), (Some(1), Some(4)));
        assert_eq!(ids, [2, 3, 5]);
    }

    #[test]
    fn given_ids_are_kept_and_skipped() {
        let mut b = button("b");
        b["id"] = json!(2);
        let mut rows = vec![json!({ "type": 1, "components": [button("a"), b, button("c")] })];
        assign(&mut rows);
        let ids: Vec<u64> =
            rows[0]["components"].as_array().unwrap().iter().map(|c| c["id"].as_u64().unwrap()).collect();
        assert_eq!(rows[0]["id"], 1);
        assert_eq!(ids, [3, 2, 4]);
    }
}
