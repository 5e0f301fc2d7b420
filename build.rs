//! Rebuilds when a translation file is added or changed: the Fluent files under
//! `locales/` are embedded in the binary.

fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=migrations");
}
