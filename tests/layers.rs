//! No import circles in the workspace: no two source files of a crate need each other,
//! directly or through others. A circle means no part of it can be understood, tested or
//! replaced alone.
//!
//! The check reads every crate of the workspace (the members of the root `Cargo.toml`,
//! from `src/lib.rs` and `src/main.rs` down their `mod` declarations) and draws an arrow
//! from a file to each file it uses something of:
//! - every `use` declaration (`crate::`, `super::`, `self::`, a child module, or a name
//!   already in scope), each name of its braces on its own;
//! - every path in the code that starts with `crate::`, `super::`, `self::`, a child
//!   module or an imported name (`store::open(…)` after `use crate::store;`), and
//!   `crate::t!`-style calls of exported macros.
//!
//! A path leads to the file that *defines* the name, through re-exports (`pub use`, also
//! globs) and imports: `use crate::service::Service` is an arrow to the file that defines
//! `Service`, not to `service/mod.rs` that re-exports it. A `pub use` is an arrow only if
//! its module uses the name itself; a module that is only imported (`use crate::store;`)
//! is no arrow until something of it is used.
//!
//! Two kinds of use are no arrow, as in `cargo modules dependencies --acyclic`'s view:
//! - a module's use of its own ancestors (`super::Result`, `crate::discord::Context` from
//!   inside `discord/`): a parent module is its children's namespace and holds what they
//!   share, so children may use it while it lists them;
//! - test code (`#[cfg(test)]` modules and imports): a unit test may build the whole
//!   service around the module it tests.
//!
//! Comments, strings and characters are skipped; items inside functions and `impl` blocks
//! are not the module's names. Other crates (the rules, std, serenity…) are never part of
//! a circle: Cargo forbids circles between crates.
//!
//! The circles are the strongly connected components of the arrows (Tarjan's algorithm).
//! Each is listed with its files and the arrows inside it, one example path per arrow.
//! [`KNOWN_CIRCLES`] lists today's: the test fails when a circle appears that is not in
//! it or one of them grows, and also when one of them shrinks or goes (then it says so):
//! the list only ever shrinks, down to empty.
//!
//! `cargo test --test layers -- --nocapture` prints every circle found.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The import circles known today, each as its files (relative to the workspace root).
/// Only remove from this list: a new circle, or a file added to one of these, fails the
/// test; one that shrinks or goes must be shrunk or removed here.
const KNOWN_CIRCLES: &[&[&str]] = &[
    // The rules crate's registry and its trait name each other's types.
    &["rules/src/illegal.rs", "rules/src/refused_option.rs", "rules/src/registry.rs", "rules/src/rules.rs"],
    // The board's parts and each game's renderer (before one folder per game).
    &[
        "src/discord/render/board.rs",
        "src/discord/render/engarde.rs",
        "src/discord/render/forteresse.rs",
        "src/discord/render/readyfence.rs",
    ],
    // The service's use cases across each other, instead of over a floor of shared things.
    &[
        "src/service/challenge.rs",
        "src/service/finish.rs",
        "src/service/ladder.rs",
        "src/service/life/away.rs",
        "src/service/life/mod.rs",
        "src/service/play.rs",
        "src/service/practice.rs",
        "src/service/queries.rs",
        "src/service/ratings.rs",
        "src/service/schedule.rs",
        "src/service/seasons.rs",
        "src/service/tournament/report.rs",
        "src/service/views.rs",
    ],
    // The Discord double's REST dispatch and the handlers that answer with its `ApiError`.
    &[
        "tests/discord-double/src/attachments.rs",
        "tests/discord-double/src/autocomplete.rs",
        "tests/discord-double/src/gateway.rs",
        "tests/discord-double/src/interactions.rs",
        // Grown this round by the layout components' checks (`layout` ↔ `limits`): to break
        // with the rest of this circle.
        "tests/discord-double/src/layout.rs",
        "tests/discord-double/src/limits.rs",
        "tests/discord-double/src/messages.rs",
        "tests/discord-double/src/nonces.rs",
        "tests/discord-double/src/payloads.rs",
        "tests/discord-double/src/record.rs",
        "tests/discord-double/src/rest.rs",
        "tests/discord-double/src/world.rs",
    ],
];

// ---------------------------------------------------------------------------------------
// Tokens: identifiers, `::` and single punctuation; comments, literals and lifetimes gone.

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Colons,
    Punct(char),
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The index just past a quoted string whose opening `"` is at `i`.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() && b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index just past a raw string whose `#`s or opening `"` start at `i` (after the `r`).
fn skip_raw_string(b: &[u8], mut i: usize) -> usize {
    let mut hashes = 0;
    while b.get(i) == Some(&b'#') {
        hashes += 1;
        i += 1;
    }
    i += 1; // the opening quote
    while i < b.len() {
        if b[i] == b'"' && b[i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// The index just past a character literal or a lifetime starting with `'` at `i`.
fn skip_quote(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        // An escaped character: up to the closing quote after the escaped one.
        let mut j = i + 3;
        while j < b.len() && b[j] != b'\'' {
            j += 1;
        }
        return j + 1;
    }
    // One character (of 1 to 4 bytes), then a quote: a character literal.
    let len = match b.get(i + 1) {
        Some(&c) if c < 0x80 => 1,
        Some(&c) if c >= 0xF0 => 4,
        Some(&c) if c >= 0xE0 => 3,
        Some(_) => 2,
        None => return i + 1,
    };
    if b.get(i + 1 + len) == Some(&b'\'') {
        i + 2 + len
    } else {
        // A lifetime or a label: its name is no path.
        let mut j = i + 1;
        while j < b.len() && is_ident_char(b[j]) {
            j += 1;
        }
        j
    }
}

fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'"' {
            i = skip_string(b, i);
        } else if c == b'\'' {
            i = skip_quote(b, i);
        } else if is_ident_start(c) {
            let start = i;
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            let word = &src[start..i];
            let next = b.get(i).copied();
            match (word, next) {
                ("r" | "br" | "cr", Some(b'"')) => i = skip_raw_string(b, i),
                ("r" | "br" | "cr", Some(b'#')) if matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                    i = skip_raw_string(b, i);
                }
                ("r", Some(b'#')) => {
                    // A raw identifier: r#type.
                    let start = i + 1;
                    i = start;
                    while i < b.len() && is_ident_char(b[i]) {
                        i += 1;
                    }
                    out.push(Tok::Ident(src[start..i].to_owned()));
                }
                ("b" | "c", Some(b'"')) => i = skip_string(b, i),
                ("b", Some(b'\'')) => i = skip_quote(b, i),
                _ => out.push(Tok::Ident(word.to_owned())),
            }
        } else if c.is_ascii_digit() {
            while i < b.len() && (is_ident_char(b[i]) || b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
                i += 1;
            }
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push(Tok::Colons);
            i += 2;
        } else if c.is_ascii_whitespace() || !c.is_ascii() {
            i += 1;
        } else {
            out.push(Tok::Punct(char::from(c)));
            i += 1;
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Modules: the tree of each crate, with each module's names, imports and paths.

/// A name brought into a module by `use` (`name` is `None` for `as _`).
#[derive(Debug)]
struct Binding {
    name: Option<String>,
    path: Vec<String>,
    /// At the module's own level (not inside a function): visible to other modules.
    top: bool,
    /// `pub use` (of any visibility): a re-export, an arrow only if the module uses the
    /// name itself.
    public: bool,
}

#[derive(Debug, Default)]
struct Module {
    file: usize,
    parent: Option<usize>,
    root: usize,
    /// The module's path from its crate's root (`["service", "play"]`).
    path: Vec<String>,
    /// Inline (`mod x { … }`): its file's folder for children is the file's plus its path.
    inline_depth: usize,
    children: BTreeMap<String, usize>,
    items: BTreeSet<String>,
    bindings: Vec<Binding>,
    globs: Vec<Vec<String>>,
    /// Paths used in the code (and not in `use`), as written.
    paths: Vec<Vec<String>>,
    /// Every name in the code (and not in `use`).
    names: BTreeSet<String>,
    /// `#[cfg(test)]`: the module's arrows are not counted.
    test: bool,
}

#[derive(Default)]
struct Workspace {
    root: PathBuf,
    files: Vec<PathBuf>,
    modules: Vec<Module>,
}

/// Where a path leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// To a module itself.
    Module(usize),
    /// To a name defined (or re-exported from another crate) in this module.
    Item(usize),
    /// Into this module, to a name the check cannot see (made by a macro): the module.
    Unknown(usize),
    /// Out of the crate.
    External,
}

const ITEM_KEYWORDS: &[&str] = &["fn", "struct", "enum", "trait", "type", "const", "static", "union"];
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct", "trait",
    "true", "type", "unsafe", "use", "where", "while", "union", "Self",
];

impl Workspace {
    /// Every crate of the workspace at `root`.
    fn read(root: &Path) -> Workspace {
        let mut ws = Workspace { root: root.to_owned(), ..Workspace::default() };
        for member in workspace_members(root) {
            let dir = if member == "." { root.to_owned() } else { root.join(&member) };
            for main in ["src/lib.rs", "src/main.rs"] {
                let file = dir.join(main);
                if file.is_file() {
                    ws.add_crate(&file);
                }
            }
        }
        ws
    }

    fn add_crate(&mut self, file: &Path) {
        let id = self.modules.len();
        self.files.push(file.to_owned());
        self.modules.push(Module { file: self.files.len() - 1, root: id, ..Module::default() });
        self.parse_file(id);
    }

    /// The folder where the file modules declared in `module` live.
    fn child_dir(&self, module: usize) -> PathBuf {
        let m = &self.modules[module];
        let file = &self.files[m.file];
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let mut dir = file.parent().unwrap_or(Path::new("")).to_owned();
        if !matches!(stem, "lib" | "main" | "mod") {
            dir.push(stem);
        }
        for inline in &m.path[m.path.len() - m.inline_depth..] {
            dir.push(inline);
        }
        dir
    }

    fn new_child(&mut self, parent: usize, name: &str, file: usize, inline: bool) -> usize {
        let p = &self.modules[parent];
        let mut path = p.path.clone();
        path.push(name.to_owned());
        let child = Module {
            file,
            parent: Some(parent),
            root: p.root,
            path,
            inline_depth: if inline { p.inline_depth + 1 } else { 0 },
            ..Module::default()
        };
        let id = self.modules.len();
        self.modules.push(child);
        self.modules[parent].children.insert(name.to_owned(), id);
        id
    }

    fn parse_file(&mut self, module: usize) {
        let path = self.files[self.modules[module].file].clone();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let toks = tokens(&text);
        // The modules open at this point, each with the brace depth of its body.
        let mut stack: Vec<(usize, usize)> = vec![(module, 0)];
        let mut depth = 0usize;
        let mut exported_macro = false;
        // After `#[cfg(test)]`, until the item it marks.
        let mut cfg_test = false;
        let mut file_children = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            let (current, base) = *stack.last().expect("the file's own module");
            let top = depth == base;
            let ident = |k: usize| match toks.get(k) {
                Some(Tok::Ident(s)) => Some(s.as_str()),
                _ => None,
            };
            match &toks[i] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if stack.len() > 1 && depth < stack.last().expect("open").1 {
                        stack.pop();
                    }
                }
                Tok::Punct('#') if toks.get(i + 1..i + 7) == Some(&cfg_test_attribute()[..]) => {
                    cfg_test = true;
                    i += 7;
                    continue;
                }
                Tok::Ident(w) if w == "mod" && ident(i + 1).is_some() => {
                    let name = ident(i + 1).expect("checked").to_owned();
                    let test = std::mem::take(&mut cfg_test);
                    match toks.get(i + 2) {
                        Some(Tok::Punct(';')) => {
                            let dir = self.child_dir(current);
                            let flat = dir.join(format!("{name}.rs"));
                            let nested = dir.join(&name).join("mod.rs");
                            let file = if flat.is_file() { flat } else { nested };
                            assert!(file.is_file(), "{}: `mod {name};` has no file", path.display());
                            self.files.push(file);
                            let child = self.new_child(current, &name, self.files.len() - 1, false);
                            self.modules[child].test = test;
                            file_children.push(child);
                            i += 3;
                            continue;
                        }
                        Some(Tok::Punct('{')) => {
                            let file = self.modules[current].file;
                            let child = self.new_child(current, &name, file, true);
                            self.modules[child].test = test;
                            depth += 1;
                            stack.push((child, depth));
                            i += 3;
                            continue;
                        }
                        _ => {}
                    }
                }
                Tok::Ident(w) if w == "use" => {
                    let end = toks[i..].iter().position(|t| *t == Tok::Punct(';')).map_or(toks.len(), |p| i + p);
                    let mut prefix = Vec::new();
                    let public = is_public(&toks[..i]);
                    let m = &mut self.modules[current];
                    if !std::mem::take(&mut cfg_test) {
                        use_tree(&toks[i + 1..end], &mut prefix, Scope { top, public }, m);
                    }
                    i = end + 1;
                    continue;
                }
                Tok::Ident(w) if w == "macro_export" => exported_macro = true,
                Tok::Ident(w) if w == "macro_rules" && toks.get(i + 1) == Some(&Tok::Punct('!')) => {
                    if let Some(name) = ident(i + 2) {
                        self.modules[current].items.insert(name.to_owned());
                        if exported_macro {
                            // `#[macro_export]` puts it at the crate's root.
                            let root = self.modules[current].root;
                            let mut path = vec!["crate".to_owned()];
                            path.extend(self.modules[current].path.iter().cloned());
                            path.push(name.to_owned());
                            let name = Some(name.to_owned());
                            self.modules[root].bindings.push(Binding { name, path, top: true, public: true });
                        }
                    }
                    exported_macro = false;
                }
                Tok::Ident(w) if top && ITEM_KEYWORDS.contains(&w.as_str()) => {
                    cfg_test = false;
                    let mut k = i + 1;
                    while matches!(ident(k), Some("mut" | "fn" | "unsafe" | "async" | "extern")) {
                        k += 1;
                    }
                    if let Some(name) = ident(k) {
                        if name != "_" {
                            self.modules[current].items.insert(name.to_owned());
                        }
                    }
                }
                Tok::Ident(w) => {
                    self.modules[current].names.insert(w.clone());
                }
                _ => {}
            }
            // A path in the code: `a::b::c`, `crate::x`, `$crate::x`.
            let starts = match (&toks[i], toks.get(i + 1)) {
                (Tok::Punct('$'), Some(Tok::Ident(w))) if w == "crate" => Some(i + 1),
                (Tok::Ident(w), _) if !KEYWORDS.contains(&w.as_str()) => Some(i),
                _ => None,
            };
            if let Some(start) = starts {
                let preceded = start > 0 && toks[start - 1] == Tok::Colons;
                let mut segments = Vec::new();
                let mut k = start;
                while let Some(Tok::Ident(w)) = toks.get(k) {
                    segments.push(w.clone());
                    if toks.get(k + 1) == Some(&Tok::Colons) && matches!(toks.get(k + 2), Some(Tok::Ident(_))) {
                        k += 2;
                    } else {
                        break;
                    }
                }
                if !preceded && segments.len() > 1 {
                    self.modules[current].paths.push(segments);
                    i = k + 1;
                    continue;
                }
            }
            i += 1;
        }
        for child in file_children {
            self.parse_file(child);
        }
    }

    fn crate_root(&self, module: usize) -> usize {
        self.modules[module].root
    }

    /// Where `path`, written in `module`, leads.
    fn resolve(&self, module: usize, path: &[String], hops: u32) -> Target {
        if hops > 32 || path.is_empty() {
            return Target::Unknown(module);
        }
        let (mut at, rest) = match path[0].as_str() {
            "crate" => (self.crate_root(module), &path[1..]),
            "self" => (module, &path[1..]),
            "super" => match self.modules[module].parent {
                Some(parent) => (parent, &path[1..]),
                None => return Target::Unknown(module),
            },
            first => match self.in_scope(module, first, hops) {
                Some(Target::Module(m)) => (m, &path[1..]),
                Some(Target::External) | None => return Target::External,
                Some(found) => return found,
            },
        };
        for segment in rest {
            match self.step(at, segment, hops) {
                Target::Module(m) => at = m,
                Target::External => return Target::Item(at),
                // What follows an item (an enum's variant, an associated function) is in
                // the item's file.
                found @ (Target::Item(_) | Target::Unknown(_)) => return found,
            }
        }
        Target::Module(at)
    }

    /// A name as seen from inside `module` (its own children, names and imports).
    fn in_scope(&self, module: usize, name: &str, hops: u32) -> Option<Target> {
        let m = &self.modules[module];
        if let Some(&child) = m.children.get(name) {
            return Some(Target::Module(child));
        }
        if m.items.contains(name) {
            return Some(Target::Item(module));
        }
        if let Some(b) = m.bindings.iter().find(|b| b.name.as_deref() == Some(name)) {
            return Some(match self.resolve(module, &b.path, hops + 1) {
                Target::External => Target::External,
                found => found,
            });
        }
        None
    }

    /// The name `segment` inside `module`, as another module reaches it (`module::segment`).
    fn step(&self, module: usize, segment: &str, hops: u32) -> Target {
        let m = &self.modules[module];
        match segment {
            "self" => return Target::Module(module),
            "super" => return m.parent.map_or(Target::Unknown(module), Target::Module),
            _ => {}
        }
        if let Some(&child) = m.children.get(segment) {
            return Target::Module(child);
        }
        if m.items.contains(segment) {
            return Target::Item(module);
        }
        if let Some(b) = m.bindings.iter().find(|b| b.top && b.name.as_deref() == Some(segment)) {
            return match self.resolve(module, &b.path, hops + 1) {
                // Re-exported from another crate: this module is where it comes from.
                Target::External => Target::Item(module),
                found => found,
            };
        }
        for glob in &m.globs {
            if let Target::Module(g) = self.resolve(module, glob, hops + 1) {
                if g != module {
                    let found = self.step(g, segment, hops + 1);
                    if !matches!(found, Target::Unknown(_)) {
                        return found;
                    }
                }
            }
        }
        Target::Unknown(module)
    }

    /// Every arrow between two files: (from, to) → an example path.
    fn arrows(&self) -> BTreeMap<(usize, usize), String> {
        let mut arrows = BTreeMap::new();
        for (id, m) in self.modules.iter().enumerate() {
            if self.in_test(id) {
                continue;
            }
            let mut add = |target: Target, path: &[String]| {
                let to = match target {
                    Target::Item(t) | Target::Unknown(t) | Target::Module(t) => self.modules[t].file,
                    Target::External => return,
                };
                let ancestor = match target {
                    Target::Item(t) | Target::Unknown(t) | Target::Module(t) => self.is_ancestor(t, id),
                    Target::External => false,
                };
                if to != m.file && !ancestor {
                    arrows.entry((m.file, to)).or_insert_with(|| path.join("::"));
                }
            };
            for b in &m.bindings {
                if b.public && !b.name.as_ref().is_some_and(|name| m.names.contains(name)) {
                    // Re-exported only: paths through it lead past this module.
                    continue;
                }
                match self.resolve(id, &b.path, 0) {
                    // A module imported is no arrow until something of it is used.
                    Target::Module(_) => {}
                    found => add(found, &b.path),
                }
            }
            for glob in &m.globs {
                let found = self.resolve(id, glob, 0);
                add(found, glob);
            }
            for path in &m.paths {
                let found = self.resolve(id, path, 0);
                add(found, path);
            }
        }
        arrows
    }

    /// Whether `m` is test code: `#[cfg(test)]` or inside such a module.
    fn in_test(&self, mut m: usize) -> bool {
        loop {
            if self.modules[m].test {
                return true;
            }
            match self.modules[m].parent {
                Some(p) => m = p,
                None => return false,
            }
        }
    }

    /// Whether `a` is `m`'s parent, or its parent's, and so on.
    fn is_ancestor(&self, a: usize, mut m: usize) -> bool {
        while let Some(p) = self.modules[m].parent {
            if p == a {
                return true;
            }
            m = p;
        }
        false
    }

    fn name(&self, file: usize) -> String {
        let path = &self.files[file];
        path.strip_prefix(&self.root).unwrap_or(path).to_string_lossy().into_owned()
    }

    /// Every circle: its files (sorted names) and the arrows inside it.
    fn circles(&self) -> Vec<(Vec<String>, Vec<String>)> {
        let arrows = self.arrows();
        let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
        for &(from, to) in arrows.keys() {
            next.entry(from).or_default().push(to);
        }
        let mut circles = Vec::new();
        for component in strongly_connected(self.files.len(), &next) {
            if component.len() < 2 {
                continue;
            }
            let inside: BTreeSet<usize> = component.iter().copied().collect();
            let mut files: Vec<String> = inside.iter().map(|&f| self.name(f)).collect();
            files.sort();
            let mut edges: Vec<String> = arrows
                .iter()
                .filter(|((from, to), _)| inside.contains(from) && inside.contains(to))
                .map(|((from, to), example)| format!("{} → {} ({example})", self.name(*from), self.name(*to)))
                .collect();
            edges.sort();
            circles.push((files, edges));
        }
        circles.sort();
        circles
    }
}

/// Reads a `use` tree (after `use`, before `;`) under `prefix` into the module's imports.
fn use_tree(toks: &[Tok], prefix: &mut Vec<String>, scope: Scope, m: &mut Module) {
    let mut i = 0;
    let depth = prefix.len();
    if toks.first() == Some(&Tok::Colons) {
        // `use ::name`: another crate.
        return;
    }
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(w) if w == "as" => {
                let name = match toks.get(i + 1) {
                    Some(Tok::Ident(n)) if n != "_" => Some(n.clone()),
                    _ => None,
                };
                push_binding(m, prefix, name, scope);
                prefix.truncate(depth);
                return;
            }
            Tok::Ident(w) => prefix.push(if w == "self" && !prefix.is_empty() { String::new() } else { w.clone() }),
            Tok::Punct('$') => {}
            Tok::Colons | Tok::Punct('(' | ')') => {}
            Tok::Punct('*') => {
                m.globs.push(prefix.clone());
                prefix.truncate(depth);
                return;
            }
            Tok::Punct('{') => {
                // Each comma-separated branch up to the matching brace.
                let mut level = 0;
                let mut start = i + 1;
                for (k, t) in toks.iter().enumerate().skip(i) {
                    match t {
                        Tok::Punct('{') => level += 1,
                        Tok::Punct('}') => {
                            level -= 1;
                            if level == 0 {
                                let mut inner = prefix.clone();
                                use_tree(&toks[start..k], &mut inner, scope, m);
                                break;
                            }
                        }
                        Tok::Punct(',') if level == 1 => {
                            let mut inner = prefix.clone();
                            use_tree(&toks[start..k], &mut inner, scope, m);
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                prefix.truncate(depth);
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if prefix.len() > depth || depth > 0 && prefix.last().is_some_and(String::is_empty) {
        let name = prefix.iter().rev().find(|s| !s.is_empty()).cloned();
        push_binding(m, prefix, name, scope);
    }
    prefix.truncate(depth);
}

/// `[cfg(test)]`, after its `#`.
fn cfg_test_attribute() -> [Tok; 6] {
    [
        Tok::Punct('['),
        Tok::Ident("cfg".to_owned()),
        Tok::Punct('('),
        Tok::Ident("test".to_owned()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ]
}

/// Where a `use` is: at the module's level or in a function, `pub` or not.
#[derive(Clone, Copy)]
struct Scope {
    top: bool,
    public: bool,
}

/// Whether the `use` after `before` is `pub`, `pub(crate)`, `pub(super)`…
fn is_public(before: &[Tok]) -> bool {
    match before.last() {
        Some(Tok::Ident(w)) => w == "pub",
        Some(Tok::Punct(')')) => {
            let open = before.iter().rposition(|t| *t == Tok::Punct('('));
            open.is_some_and(|o| o > 0 && before[o - 1] == Tok::Ident("pub".to_owned()))
        }
        _ => false,
    }
}

fn push_binding(m: &mut Module, prefix: &[String], name: Option<String>, scope: Scope) {
    // `self` inside braces (an empty segment) names the prefix itself.
    let path: Vec<String> = prefix.iter().filter(|s| !s.is_empty()).cloned().collect();
    if path.is_empty() {
        return;
    }
    let name = name.filter(|n| n != "self");
    m.bindings.push(Binding { name, path, top: scope.top, public: scope.public });
}

/// Tarjan's strongly connected components of the graph `next` over nodes `0..n`.
fn strongly_connected(n: usize, next: &HashMap<usize, Vec<usize>>) -> Vec<Vec<usize>> {
    struct State<'a> {
        next: &'a HashMap<usize, Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in s.next.get(&v).map_or(&[][..], Vec::as_slice) {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(index) if s.on_stack[w] => s.low[v] = s.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("v is on the stack");
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut s = State {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The `members` of the workspace's `Cargo.toml`.
fn workspace_members(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("the workspace's Cargo.toml");
    let list = manifest
        .split_once("members = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("the workspace lists its members");
    list.split(',').map(|m| m.trim().trim_matches('"').to_owned()).filter(|m| !m.is_empty()).collect()
}

fn report(circles: &[(Vec<String>, Vec<String>)]) -> String {
    let mut out = String::new();
    for (files, arrows) in circles {
        let _ = writeln!(out, "circle of {} files:", files.len());
        for file in files {
            let _ = writeln!(out, "    {file}");
        }
        let _ = writeln!(out, "  through:");
        for arrow in arrows {
            let _ = writeln!(out, "    {arrow}");
        }
    }
    out
}

fn set(files: &[String]) -> BTreeSet<&str> {
    files.iter().map(String::as_str).collect()
}

#[test]
fn no_import_circle_but_the_known_ones_and_these_only_shrink() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ws = Workspace::read(root);
    assert!(ws.files.len() > 100, "the check reads the workspace's files ({} found)", ws.files.len());
    let circles = ws.circles();
    println!("{}", report(&circles));
    let found: BTreeSet<BTreeSet<&str>> = circles.iter().map(|(files, _)| set(files)).collect();
    let known: BTreeSet<BTreeSet<&str>> = KNOWN_CIRCLES.iter().map(|c| c.iter().copied().collect()).collect();
    let new: Vec<(Vec<String>, Vec<String>)> =
        circles.iter().filter(|(files, _)| !known.iter().any(|k| set(files).is_subset(k))).cloned().collect();
    assert!(
        new.is_empty(),
        "new import circles, or known ones grown (a circle means no part of it can be understood, tested or \
         replaced alone: break it with a module below both):\n{}",
        report(&new)
    );
    assert_eq!(
        found, known,
        "a known circle shrank or went: KNOWN_CIRCLES in tests/layers.rs should now list exactly the circles found \
         (above, with --nocapture)"
    );
}

// ---------------------------------------------------------------------------------------
// The check itself, on small made-up crates.

/// A workspace of one crate made of `files` (path, text) in a temporary folder.
fn made_up(files: &[(&str, &str)]) -> (tempfile::TempDir, Vec<Vec<String>>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("Cargo.toml"), "[workspace]\nmembers = [\"one\"]\n").expect("writes");
    for (path, text) in files {
        let path = dir.path().join("one").join(path);
        std::fs::create_dir_all(path.parent().expect("in a folder")).expect("makes the folder");
        std::fs::write(path, text).expect("writes");
    }
    let ws = Workspace::read(dir.path());
    let circles = ws.circles().into_iter().map(|(files, _)| files).collect();
    (dir, circles)
}

#[test]
fn a_circle_through_imports_paths_and_macros_is_found_with_its_files() {
    let (_dir, circles) = made_up(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\nmod c;\nmod d;\n"),
        // a → b by an import, b → c by a path in the code, c → a by an exported macro.
        ("src/a.rs", "use crate::b::Thing;\n#[macro_export]\nmacro_rules! shout { () => {} }\n"),
        ("src/b.rs", "pub struct Thing;\nfn f() { crate::c::g() }\n"),
        ("src/c.rs", "pub fn g() { crate::shout!(); }\n"),
        // d only uses: no circle.
        ("src/d.rs", "use crate::{a, b::Thing};\nfn h() { a::shout!(); }\n"),
    ]);
    assert_eq!(circles, vec![vec!["one/src/a.rs", "one/src/b.rs", "one/src/c.rs"]]);
}

#[test]
fn a_parent_re_exporting_its_children_is_no_circle_with_them() {
    let (_dir, circles) = made_up(&[
        ("src/lib.rs", "mod service;\n"),
        ("src/service/mod.rs", "mod play;\nmod views;\npub use play::play;\npub use views::*;\n"),
        // play uses a view through the parent's glob re-export: an arrow to views.rs.
        ("src/service/play.rs", "use super::View;\npub fn play() -> View { View }\n"),
        ("src/service/views.rs", "pub struct View;\n"),
    ]);
    assert!(circles.is_empty(), "{circles:?}");
}

#[test]
fn comments_strings_and_names_inside_functions_are_no_arrows() {
    let (_dir, circles) = made_up(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        ("src/a.rs", "pub fn f() { crate::b::g() }\n"),
        (
            "src/b.rs",
            "/// See `crate::a::f`.\npub fn g() { let _ = \"crate::a::f\"; let _ = r#\"crate::a::f\"#; let _c = '\"'; \
             /* crate::a::f() */ }\nimpl X { fn f() {} }\n",
        ),
    ]);
    assert!(circles.is_empty(), "{circles:?}");
    let (_dir, circles) = made_up(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        ("src/a.rs", "pub fn f() { crate::b::g() }\n"),
        ("src/b.rs", "use crate::a;\npub fn g() { let _c = '\"'; a::f() }\n"),
    ]);
    assert_eq!(circles, vec![vec!["one/src/a.rs", "one/src/b.rs"]]);
}

#[test]
fn children_using_their_parent_and_test_code_are_no_arrows() {
    let (_dir, circles) = made_up(&[
        ("src/lib.rs", "mod discord;\nmod other;\n"),
        ("src/discord/mod.rs", "mod publish;\npub struct Context;\npub fn run() { publish::post() }\n"),
        (
            "src/discord/publish.rs",
            "use super::Context;\npub fn post() {}\n#[cfg(test)]\nmod tests {\n    use crate::other::helper;\n}\n",
        ),
        ("src/other.rs", "pub fn helper() { crate::discord::run() }\n"),
    ]);
    assert!(circles.is_empty(), "{circles:?}");
}
