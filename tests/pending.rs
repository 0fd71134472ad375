//! rulings/PENDING.md and the encoded rulings must not disagree: an id listed as wholly
//! pending has no scenario file, and every id is listed at most once.

use std::collections::BTreeSet;
use std::path::Path;

/// Lower-case ids ("s002-g-053") that start the names of scenario files under `dir`.
fn encoded(dir: &Path, out: &mut BTreeSet<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            encoded(&path, out)?;
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str())
            && name.ends_with(".yaml")
        {
            out.insert(name.chars().take(10).collect());
        }
    }
    Ok(())
}

#[test]
fn pending_ids_have_no_scenario_and_appear_once() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let text = std::fs::read_to_string(root.join("PENDING.md"))?;
    let mut files = BTreeSet::new();
    encoded(&root, &mut files)?;
    assert!(files.len() > 100, "expected the encoded rulings, found {}", files.len());

    let mut seen = BTreeSet::new();
    let mut partial_section = false;
    for line in text.lines() {
        if line.starts_with('#') {
            partial_section = line.contains("not covered");
            continue;
        }
        let Some(id) = line.split_whitespace().next().filter(|w| w.starts_with("S00")) else {
            continue;
        };
        // "S002-T-010 (b)" or "S002-G-165 (part)": only a part of an encoded ruling.
        let part = partial_section || line.split_whitespace().nth(1).is_some_and(|w| w.starts_with('('));
        assert!(seen.insert((id.to_owned(), part)), "{id} is listed twice in PENDING.md");
        if !part {
            let key = id.to_lowercase();
            assert!(!files.contains(&key), "{id} is listed as pending but rulings/ has a scenario for it");
        }
    }
    assert!(seen.len() > 100, "PENDING.md lists {} ids", seen.len());
    Ok(())
}
