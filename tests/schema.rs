//! `judge schema`: the JSON Schemas validate every scenario and card file of the repository,
//! refuse what the loader refuses, and the copies under schemas/ are the command's output.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(yaml_files(&p));
        } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// A YAML file as the JSON value a YAML language server would check.
fn as_json(path: &Path) -> serde_json::Value {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_saphyr::from_str(&src).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn validator(schema: &serde_json::Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("the schema itself is invalid: {e}"))
}

fn errors(v: &jsonschema::Validator, doc: &serde_json::Value) -> Vec<String> {
    v.iter_errors(doc).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

#[test]
fn every_scenario_validates() {
    let v = validator(&judge::schema::scenario());
    let mut files = yaml_files(Path::new("scenarios"));
    files.extend(yaml_files(Path::new("rulings")));
    files.extend(yaml_files(Path::new("tests/fixtures/failing")));
    files.push(PathBuf::from("tests/fixtures/contract/contract-example.yaml"));
    assert!(files.len() > 500, "{}", files.len());
    for f in &files {
        let e = errors(&v, &as_json(f));
        assert!(e.is_empty(), "{}: {e:?}", f.display());
    }
}

#[test]
fn every_card_file_validates() {
    let v = validator(&judge::schema::card());
    let mut files = yaml_files(Path::new("src/cards"));
    files.push(PathBuf::from("tests/fixtures/cards/extra.yaml"));
    for f in &files {
        let e = errors(&v, &as_json(f));
        assert!(e.is_empty(), "{}: {e:?}", f.display());
    }
}

#[test]
fn the_schema_refuses_what_the_loader_refuses() {
    let v = validator(&judge::schema::scenario());
    for f in ["unknown-key.yaml", "three-players.yaml"] {
        let doc = as_json(&Path::new("tests/fixtures/errors").join(f));
        assert!(!errors(&v, &doc).is_empty(), "{f} should not validate");
    }
    let bad = serde_json::json!({"scenario": "x", "turn": "Alice", "rules": "6e", "players": {"Alice": {}, "Bob": {}}});
    assert!(!errors(&v, &bad).is_empty());
    let no_turn = serde_json::json!({"scenario": "x", "players": {"Alice": {}, "Bob": {}}});
    assert!(!errors(&v, &no_turn).is_empty());
    let card = validator(&judge::schema::card());
    let bad_card = serde_json::json!([{"name": "X", "type": "Instant", "colour": "red"}]);
    assert!(!errors(&card, &bad_card).is_empty());
}

#[test]
fn the_committed_schemas_are_the_command_output() {
    for which in ["scenario", "card"] {
        let o = Command::cargo_bin("judge")
            .unwrap_or_else(|e| panic!("{e}"))
            .args(["schema", which])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(o.status.success());
        let committed = std::fs::read_to_string(format!("schemas/{which}.schema.json")).unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            committed,
            "schemas/{which}.schema.json is stale: run `judge schema {which} > schemas/{which}.schema.json`"
        );
    }
}
