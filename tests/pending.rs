//! rulings/PENDING.md and the encoded rulings must not disagree: an id listed as wholly
//! pending has no scenario file (rulings/) and no decklist (tests/fixtures/decks/), and every id
//! is listed at most once. The test also prints the coverage: how many ids are encoded as
//! scenarios, as decklists, and how many are pending, and checks that every tournament ruling
//! (S002-H-301 .. S002-H-351) is one or the other.

use std::collections::BTreeSet;
use std::path::Path;

/// Lower-case ids ("s002-g-053") that start the names of files under `dir` ending in `ext`.
fn encoded(dir: &Path, ext: &str, out: &mut BTreeSet<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            encoded(&path, ext, out)?;
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str())
            && name.ends_with(ext)
            && name.starts_with("s00")
        {
            out.insert(name.chars().take(10).collect());
        }
    }
    Ok(())
}

#[test]
fn pending_ids_have_no_scenario_and_appear_once() -> std::io::Result<()> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("rulings");
    let text = std::fs::read_to_string(root.join("PENDING.md"))?;
    let mut scenarios = BTreeSet::new();
    encoded(&root, ".yaml", &mut scenarios)?;
    assert!(scenarios.len() > 100, "expected the encoded rulings, found {}", scenarios.len());
    let mut decklists = BTreeSet::new();
    encoded(&manifest.join("tests/fixtures/decks"), ".txt", &mut decklists)?;
    assert!(decklists.len() > 25, "expected the decklist rulings, found {}", decklists.len());

    let mut seen = BTreeSet::new();
    let mut partial_section = false;
    let (mut whole, mut parts) = (BTreeSet::new(), 0);
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
        let key = id.to_lowercase();
        if part {
            parts += 1;
        } else {
            assert!(!scenarios.contains(&key), "{id} is listed as pending but rulings/ has a scenario for it");
            assert!(
                !decklists.contains(&key),
                "{id} is listed as pending but tests/fixtures/decks has a decklist for it"
            );
            whole.insert(key);
        }
    }
    assert!(seen.len() > 100, "PENDING.md lists {} ids", seen.len());

    // The tournament section: each ruling is a decklist or pending, with its reason.
    for n in 301..=351 {
        let id = format!("s002-h-{n}");
        assert!(decklists.contains(&id) || whole.contains(&id), "{id} is neither a decklist nor pending");
    }
    let tournament = |set: &BTreeSet<String>| {
        set.iter().filter(|id| id.as_str() >= "s002-h-301" && id.as_str() <= "s002-h-351").count()
    };
    println!("coverage of the rulings catalogue:");
    println!("  {} ids encoded as scenarios (rulings/)", scenarios.len());
    println!("  {} ids encoded as decklists (tests/fixtures/decks/)", decklists.len());
    println!("  {} ids pending in full, {parts} parts of encoded ids pending (rulings/PENDING.md)", whole.len());
    println!(
        "  tournament rulings S002-H-301..351: {} decklists, {} pending (procedure, penalties, ratings, play)",
        tournament(&decklists),
        tournament(&whole)
    );
    assert_eq!(tournament(&decklists) + tournament(&whole), 51);
    Ok(())
}
