//! The format reference keeps itself honest: every YAML example in docs/scenario-format.md is
//! run. A scenario (a mapping) must load, validate against the scenario schema, and all of its
//! expectations must hold; a card file (a list) must validate and load into the library. A block fenced `yaml fragment` is part of a file only and
//! is skipped; any other fence language (`text`, `sh`) is not YAML.

use judge::cards::{Library, read_card_file};
use judge::cli::{FileResult, load_library, run_source};
use judge::trace::render_text;

const DOC: &str = include_str!("../docs/scenario-format.md");

/// One fenced block: its info string, its first line number in the document, its text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (n, l) in doc.lines().enumerate() {
        match open.take() {
            None => {
                if let Some(info) = l.strip_prefix("```") {
                    open = Some(Block { info: info.trim().to_owned(), line: n + 2, text: String::new() });
                }
            }
            Some(mut b) => {
                if l.trim_end() == "```" {
                    out.push(b);
                } else {
                    b.text.push_str(l);
                    b.text.push('\n');
                    open = Some(b);
                }
            }
        }
    }
    assert!(open.is_none(), "docs/scenario-format.md: a code block is never closed");
    out
}

/// Whether a YAML text is a list at its top level (a card file) rather than a mapping.
fn is_card_file(text: &str) -> bool {
    text.lines().map(str::trim_start).find(|l| !l.is_empty() && !l.starts_with('#')).is_some_and(|l| l.starts_with('-'))
}

#[test]
fn every_yaml_example_runs() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    let scenario_schema = validator(&judge::schema::scenario());
    let card_schema = validator(&judge::schema::card());
    let all = blocks(DOC);
    let (mut scenarios, mut card_files, mut fragments) = (0, 0, 0);
    for b in &all {
        let name = format!("docs/scenario-format.md, example at line {}", b.line);
        match b.info.as_str() {
            "yaml fragment" => fragments += 1,
            "yaml" if is_card_file(&b.text) => {
                card_files += 1;
                schema_errors(&card_schema, &b.text, &name);
                let cards = read_card_file(&b.text).unwrap_or_else(|d| panic!("{}", d.render(&name, &b.text)));
                let mut l = Library::builtin().unwrap_or_else(|e| panic!("library: {e}"));
                l.add_source(&cards, &name, &b.text).unwrap_or_else(|d| panic!("{}", d.render(&name, &b.text)));
            }
            "yaml" => {
                scenarios += 1;
                schema_errors(&scenario_schema, &b.text, &name);
                match run_source(&name, &b.text, &lib) {
                    FileResult::Ran(report) => {
                        assert!(report.passed(), "{name}: expectations do not hold:\n{}", render_text(&report));
                    }
                    FileResult::Error(d) => panic!("{name} could not be run:\n{d}"),
                }
            }
            other => assert!(
                !other.starts_with("yaml") && !other.starts_with("yml"),
                "{name}: fence `{other}`: write `yaml` (a whole file, run) or `yaml fragment` (skipped)"
            ),
        }
    }
    // The reference is mostly runnable examples: one per verb and per edition at least.
    assert!(scenarios >= 20, "only {scenarios} scenario examples");
    assert!(card_files >= 2, "only {card_files} card file examples");
    assert!(fragments <= scenarios / 4, "{fragments} fragments for {scenarios} runnable examples");
}

fn validator(schema: &serde_json::Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("the schema itself is invalid: {e}"))
}

/// An example must also validate against the schema `judge schema` gives editors.
fn schema_errors(v: &jsonschema::Validator, text: &str, name: &str) {
    let doc: serde_json::Value = serde_saphyr::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{name} does not validate against the schema: {errors:?}");
}

/// Every verb of the action grammar, every expectation form and every phase name of each
/// edition appears in the reference.
#[test]
fn the_reference_names_everything() {
    // Each word of the action grammar, as the grammar block quotes it.
    for w in [
        "resolve",
        "go to",
        "plays",
        "taps",
        "for",
        "casts",
        "activates",
        "ability",
        "announces",
        "regenerates",
        "declares an attack",
        "attacks with",
        "nothing",
        "blocks",
        "blocks with nothing",
        "with",
        "assigns",
        "damage from",
        "to",
        "pays",
        "does not pay",
        "discards",
        "orders",
        "passes",
        "on",
        "targeting",
        "with X=",
        "choosing",
    ] {
        assert!(DOC.contains(&format!("\"{w}\"")), "the grammar does not quote `{w}`");
    }
    // And each player verb has an example line.
    for v in [
        "plays",
        "taps",
        "casts",
        "activates",
        "announces",
        "regenerates",
        "declares an attack",
        "attacks with",
        "blocks",
        "assigns",
        "pays",
        "does not pay",
        "discards",
        "orders",
        "passes",
    ] {
        assert!(DOC.contains(&format!("- Alice {v}")) || DOC.contains(&format!("- Bob {v}")), "no example of `{v}`");
    }
    for name in ["5e", "4e", "alpha", "m13"] {
        let e = judge::edition::Edition::from_name(name).unwrap_or_else(|| panic!("edition {name}"));
        for p in e.policies().phases {
            assert!(DOC.contains(&format!("`{p}`")), "phase `{p}` of {} is not documented", e.name());
        }
    }
    for s in judge::engine::state::AttackStep::ALL {
        assert!(DOC.contains(&format!("`{}`", s.name())), "attack step `{}` is not documented", s.name());
    }
    for key in [
        "format",
        "scenario",
        "question",
        "source",
        "rules",
        "costs",
        "turn",
        "phase",
        "step",
        "attacked",
        "first_turn",
        "stop",
        "players",
        "cards",
        "actions",
        "expect",
        "life",
        "land_played",
        "mana_pool",
        "in_play",
        "hand",
        "graveyard",
        "library",
        "name",
        "cost",
        "type",
        "pt",
        "text",
        "abilities",
        "modes",
        "editions",
    ] {
        assert!(DOC.contains(&format!("| `{key}` |")), "key `{key}` has no row in a table");
    }
}

/// No document, comment or scenario names a file outside the repository: documents are named
/// as the Citations section of the reference says. (The patterns are split so that this file
/// does not match itself.)
#[test]
fn nothing_points_outside_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outside = [
        ["shared", "/"].concat(),
        ["/", "work/"].concat(),
        ["SCENARIO-", "FORMAT.md"].concat(),
        ["CARDS", ".md"].concat(),
        ["seeds", "/0"].concat(),
    ];
    let mut files = vec![root.join("README.md")];
    for dir in ["docs", "rulings", "scenarios", "src", "tests", ".ci"] {
        walk(&root.join(dir), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|p| line.contains(p.as_str())) {
                found.push(format!("{}:{}: {line}", f.strip_prefix(root).unwrap_or(f).display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "lines that point outside the repository:\n{}", found.join("\n"));
}

fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}
