//! Indexes the built-in card files by name at build time, so that `judge` parses only the
//! cards a scenario names (see `src/cards/split.rs`).

#[path = "src/cards/split.rs"]
#[allow(dead_code, unreachable_pub)]
mod split;

use std::fmt::Write as _;

/// The built-in card files, in library order (kept in step with `BUILTIN` in src/cards/mod.rs
/// by a test there).
const FILES: &[&str] = &[
    "lands.yaml",
    "creatures.yaml",
    "spells.yaml",
    "artifacts.yaml",
    "enchantments.yaml",
    "characteristics.yaml",
    "costs.yaml",
    "triggers.yaml",
    "costs2.yaml",
    "rulings.yaml",
    "upkeep2.yaml",
    "combat2.yaml",
    "statics2.yaml",
    "wave3a.yaml",
    "wave3b.yaml",
];

fn main() {
    let mut entries: Vec<(usize, usize, usize, String, String)> = Vec::new();
    for (fi, f) in FILES.iter().enumerate() {
        let path = format!("src/cards/{f}");
        println!("cargo:rerun-if-changed={path}");
        let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        let pieces = split::split_cards(&src)
            .unwrap_or_else(|| panic!("{path}: write each card as a top-level `- ` entry with a plain `name:`"));
        for p in pieces {
            entries.push((fi, p.start, p.end, p.name.to_owned(), p.name.to_lowercase()));
        }
    }
    println!("cargo:rerun-if-changed=src/cards/split.rs");
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| entries[a].4.cmp(&entries[b].4));
    for w in order.windows(2) {
        if entries[w[0]].4 == entries[w[1]].4 {
            panic!("card `{}` is defined twice in the built-in library", entries[w[0]].3);
        }
    }
    let mut lengths: Vec<usize> = entries.iter().map(|e| e.4.len()).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    lengths.dedup();
    let mut out = String::new();
    out.push_str("/// Every built-in card: file, byte range, name, lowercase name.\n");
    out.push_str("static BUILTIN_INDEX: &[IndexEntry] = &[\n");
    for (fi, start, end, name, lower) in &entries {
        let _ = writeln!(
            out,
            "    IndexEntry {{ file: {fi}, start: {start}, end: {end}, name: Cow::Borrowed({name:?}), lower: Cow::Borrowed({lower:?}) }},"
        );
    }
    out.push_str("];\n/// Positions in `BUILTIN_INDEX`, sorted by lowercase name.\n");
    let _ = writeln!(out, "static BUILTIN_SORTED: &[u16] = &{order:?};");
    let _ = writeln!(out, "/// The distinct lengths of the built-in names, lowercase, longest first.");
    let _ = writeln!(out, "static BUILTIN_LENGTHS: &[usize] = &{lengths:?};");
    let dir = std::env::var("OUT_DIR").unwrap_or_else(|e| panic!("OUT_DIR: {e}"));
    std::fs::write(format!("{dir}/builtin_index.rs"), out).unwrap_or_else(|e| panic!("cannot write the index: {e}"));
}
