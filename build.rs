//! Rebuilds when a translation file is added or changed: the Fluent files under
//! `locales/` are embedded in the binary. Writes `$OUT_DIR/locales.rs`, the list of
//! them (`locales/<language>/<area>.ftl`, sorted), which `i18n` includes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=migrations");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let mut out = String::from(
        "/// The embedded Fluent files: (language folder, [(file name, contents)]), sorted.\n\
         pub(crate) const SOURCES: &[(&str, &[(&str, &str)])] = &[\n",
    );
    for (language, files) in locales(&root.join("locales")) {
        writeln!(out, "    ({language:?}, &[").unwrap();
        for file in files {
            let name = file.file_name().and_then(|n| n.to_str()).expect("a file name in UTF-8");
            let path = file.to_str().expect("a path in UTF-8");
            writeln!(out, "        ({name:?}, include_str!({path:?})),").unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("locales.rs");
    std::fs::write(dest, out).expect("writing locales.rs");
}

/// The `.ftl` files of each language folder under `dir`, both sorted.
fn locales(dir: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let mut languages: Vec<(String, Vec<PathBuf>)> = std::fs::read_dir(dir)
        .expect("the locales folder")
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| {
            let mut files: Vec<PathBuf> = std::fs::read_dir(e.path())
                .expect("a language folder")
                .filter_map(Result::ok)
                .map(|f| f.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ftl"))
                .collect();
            files.sort();
            (e.file_name().to_string_lossy().into_owned(), files)
        })
        .collect();
    languages.sort();
    languages
}
