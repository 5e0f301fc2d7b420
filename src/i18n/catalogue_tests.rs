//! The translation catalogue is complete and consistent: every message exists in every
//! language with the same arguments, every file parses, the code asks only for messages
//! that exist and gives them exactly the arguments they use, and no message is left that
//! the code never asks for.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;
use regex::Regex;

use super::Lang;

/// Message id → the variables it uses (in any variant of any select).
type Catalogue = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn variables_of_pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, out);
        }
    }
}

fn variables_of_expression(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            variables_of_inline(selector, out);
            for v in variants {
                variables_of_pattern(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => variables_of_inline(i, out),
    }
}

fn variables_of_inline(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => variables_of_expression(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                variables_of_inline(a, out);
            }
            for a in &arguments.named {
                variables_of_inline(&a.value, out);
            }
        }
        _ => {}
    }
}

/// A language's messages, from all its files; fails on a syntax error or a message
/// defined twice.
fn catalogue(lang: Lang) -> Catalogue {
    let dir = root().join("locales").join(lang.code());
    let mut out = Catalogue::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}: {errors:?}", file.display()),
        };
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    variables_of_pattern(value, &mut vars);
                }
                assert!(m.attributes.is_empty(), "{}: {} has attributes: not used here", file.display(), m.id.name);
                let id = m.id.name.to_owned();
                assert!(out.insert(id.clone(), vars).is_none(), "{}: {id} is defined twice", lang.code());
            }
        }
    }
    out
}

#[test]
fn every_message_exists_in_every_language_with_the_same_arguments() {
    let english = catalogue(Lang::En);
    assert!(english.len() > 100, "the English catalogue looks empty: {}", english.len());
    let mut problems = Vec::new();
    for lang in Lang::ALL.into_iter().skip(1) {
        let other = catalogue(lang);
        for (id, vars) in &english {
            match other.get(id) {
                None => problems.push(format!("{}: missing {id}", lang.code())),
                Some(v) if v != vars => {
                    problems.push(format!("{}: {id} uses {v:?}, English uses {vars:?}", lang.code()));
                }
                Some(_) => {}
            }
        }
        for id in other.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{}: {id} is not in English", lang.code()));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// Every `.rs` file of the bot's sources.
fn sources() -> Vec<(PathBuf, String)> {
    walkdir::WalkDir::new(root().join("src"))
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            // Comments (doc examples) are blanked, keeping line numbers.
            let text = std::fs::read_to_string(e.path()).unwrap();
            let code: Vec<&str> = text.lines().map(|l| if l.trim_start().starts_with("//") { "" } else { l }).collect();
            (e.path().to_owned(), code.join("\n"))
        })
        .collect()
}

/// The named arguments of a macro call's tail (`, a = x, b = f(y, z))`), at depth 0.
fn named_arguments(tail: &str) -> BTreeSet<String> {
    let ident = Regex::new(r"^\s*([a-z_][a-z0-9_]*)\s*=[^=]").unwrap();
    let mut out = BTreeSet::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut in_str = false;
    let bytes = tail.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => {
                    if let Some(m) = ident.captures(&tail[start..i]) {
                        out.insert(m[1].to_owned());
                    }
                    return out;
                }
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 0 => {
                    if let Some(m) = ident.captures(&tail[start..i]) {
                        out.insert(m[1].to_owned());
                    }
                    start = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    out
}

/// Every message the code asks for by a literal id, with the arguments it gives
/// (`None`: given elsewhere, e.g. an id passed to a helper).
fn asked_for() -> Vec<(String, String, Option<BTreeSet<String>>)> {
    let t_call = Regex::new(r#"t!\(\s*[^,]+,\s*"([a-z0-9-]+)""#).unwrap();
    let text_new = Regex::new(r#"Text::new\("([a-z0-9-]+)"\)"#).unwrap();
    let arg = Regex::new(r#"^\s*\.arg\("([a-z_]+)""#).unwrap();
    let test_module = Regex::new(r"#\[cfg\(test\)\]\s*mod \w+\s*\{").unwrap();
    let literal = Regex::new(r#""([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#).unwrap();
    let mut out = Vec::new();
    for (path, text) in sources() {
        if path.ends_with("catalogue_tests.rs") {
            continue;
        }
        // Without the unit tests (a `#[cfg(test)] mod`), which may spell anything.
        let code = match test_module.find(&text) {
            Some(m) => &text[..m.start()],
            None => &text[..],
        };
        let place = |at: usize| format!("{}:{}", path.display(), code[..at].lines().count());
        let mut seen = BTreeSet::new();
        for c in t_call.captures_iter(code) {
            let m = c.get(1).unwrap();
            seen.insert(m.start());
            out.push((c[1].to_owned(), place(m.start()), Some(named_arguments(&code[m.end() + 1..]))));
        }
        for c in text_new.captures_iter(code) {
            let m = c.get(1).unwrap();
            seen.insert(m.start());
            let mut args = BTreeSet::new();
            let mut rest = &code[c.get(0).unwrap().end()..];
            while let Some(a) = arg.captures(rest) {
                args.insert(a[1].to_owned());
                // Past this argument: to the end of its parenthesis.
                let open = a.get(0).unwrap().end();
                let mut depth = 1;
                let mut end = open;
                for (i, ch) in rest[open..].char_indices() {
                    match ch {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                rest = &rest[end..];
            }
            out.push((c[1].to_owned(), place(m.start()), Some(args)));
        }
        // Ids given to helpers (`label: &str` then `t!(lang, label)`): existence only.
        for c in literal.captures_iter(code) {
            let m = c.get(1).unwrap();
            if !seen.contains(&m.start()) {
                out.push((c[1].to_owned(), place(m.start()), None));
            }
        }
    }
    out
}

/// Families of ids the code builds (`format!("variant-{}", ...)`): each with every id it
/// can build, so that these are checked like the literal ones.
fn built_ids() -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("variant-", engarde_rules::Variant::all().map(|v| format!("variant-{}", v.name())).collect()),
        ("cmd-", crate::discord::localization_ids()),
        ("rules-", rules_messages().map(|(id, _)| (*id).to_owned()).collect()),
    ]
}

/// Every message the rules crate may name: illegal moves' and refused options' reasons.
fn rules_messages() -> impl Iterator<Item = &'static (&'static str, &'static [&'static str])> {
    engarde_rules::ILLEGAL_MOVE_MESSAGES.iter().chain(engarde_rules::REFUSED_OPTION_MESSAGES)
}

/// The rules crate's refusals (illegal moves, refused options) name their messages and
/// arguments: each is worded with exactly those arguments.
#[test]
fn the_rules_refusals_are_worded_with_their_arguments() {
    for lang in Lang::ALL {
        let catalogue = catalogue(lang);
        for (id, args) in rules_messages() {
            let vars = catalogue.get(*id).unwrap_or_else(|| panic!("{}: {id} is missing", lang.code()));
            let args: BTreeSet<String> = args.iter().map(|a| (*a).to_owned()).collect();
            assert_eq!(vars, &args, "{}: {id}", lang.code());
        }
    }
}

#[test]
fn the_code_asks_for_existing_messages_with_their_arguments_and_for_every_message() {
    let english = catalogue(Lang::En);
    let mut problems = Vec::new();
    let mut used = BTreeSet::new();
    for (id, place, args) in asked_for() {
        let Some(vars) = english.get(&id) else {
            // A literal that only looks like an id (a custom id, a variant name...).
            if args.is_some() {
                problems.push(format!("{place}: {id} is not in the catalogue"));
            }
            continue;
        };
        used.insert(id.clone());
        if let Some(args) = args {
            if &args != vars {
                problems.push(format!("{place}: {id} is given {args:?} but uses {vars:?}"));
            }
        }
    }
    for (prefix, ids) in built_ids() {
        for id in ids {
            if !english.contains_key(&id) {
                problems.push(format!("{id} (built from `{prefix}`) is not in the catalogue"));
            }
            used.insert(id);
        }
    }
    for id in english.keys().filter(|id| !used.contains(*id)) {
        problems.push(format!("{id} is never used by the code"));
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_message_formats_in_every_language_without_errors() {
    // Arguments of each kind, so that selectors and numbers are exercised.
    for lang in Lang::ALL {
        for (id, vars) in catalogue(lang) {
            let mut args = super::Args::new();
            for v in &vars {
                args.insert(std::borrow::Cow::Owned(v.clone()), super::FluentValue::from(2));
            }
            let text =
                super::message_exact(lang, &id, Some(&args)).unwrap_or_else(|e| panic!("{}: {id}: {e}", lang.code()));
            assert!(!text.trim().is_empty(), "{}: {id} is empty", lang.code());
        }
    }
}

#[test]
fn locale_folders_are_the_languages() {
    let mut folders: Vec<String> = std::fs::read_dir(root().join("locales"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut codes: Vec<String> = Lang::ALL.iter().map(|l| l.code().to_owned()).collect();
    codes.sort();
    assert_eq!(folders, codes);
}
