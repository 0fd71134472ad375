//! `judge coverage`: every id of the rulings catalogue is encoded or pending, never both; the
//! README's counts are the command's; a broken catalogue is reported with exit 1.

mod common;
use common::{judge, out};

fn coverage_json(args: &[&str]) -> (i32, serde_json::Value) {
    let (code, stdout, stderr) = out(judge().arg("coverage").args(["--format", "json"]).args(args));
    let v = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (code, v)
}

#[test]
fn every_catalogue_id_is_encoded_or_pending_never_both() {
    let (code, v) = coverage_json(&["rulings", "tests/fixtures/decks"]);
    assert_eq!(v["version"], 1);
    let problems = &v["problems"];
    for key in ["both", "missing", "listed_twice", "outside_catalogue"] {
        assert_eq!(problems[key], serde_json::json!([]), "{key}: {problems}");
    }
    assert_eq!(code, 0);
    let t = &v["totals"];
    let n = |k: &str| t[k].as_u64().unwrap_or(u64::MAX);
    assert_eq!(n("encoded") + n("pending"), n("ids"), "{t}");
    // The eight sections of the Summary's catalogue, 891 ids.
    assert_eq!(v["sections"].as_array().map(Vec::len), Some(8));
    assert_eq!(n("ids"), 891);
    // Each pending id is in one group, with its reason.
    let grouped: usize =
        v["pending"].as_array().into_iter().flatten().map(|g| g["ids"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(grouped as u64, n("pending"));
    let first = &v["pending"][0]["ids"][0];
    assert!(first["reason"].as_str().is_some_and(|r| !r.is_empty()), "{first}");
}

#[test]
fn the_readme_counts_come_from_judge_coverage() {
    let (_, v) = coverage_json(&["rulings", "tests/fixtures/decks"]);
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap_or_default();
    let start = "<!-- coverage: judge coverage rulings tests/fixtures/decks -->\n";
    let block = readme.split(start).nth(1).and_then(|r| r.split("\n<!-- /coverage -->").next()).unwrap_or_default();
    let summary = v["summary"].as_str().unwrap_or_default();
    assert!(summary.starts_with("Encoded: "), "{v}");
    assert_eq!(
        block, summary,
        "README.md's coverage line is stale: paste there the `summary` of `judge coverage --format json rulings tests/fixtures/decks`"
    );
}

#[test]
fn a_broken_catalogue_is_exit_1_naming_the_ids() {
    let (code, v) = coverage_json(&["tests/fixtures/coverage/broken"]);
    assert_eq!(code, 1);
    let p = &v["problems"];
    assert_eq!(p["both"], serde_json::json!(["S002-A-001"]), "{p}");
    assert_eq!(p["missing"], serde_json::json!(["S002-A-004", "S002-A-005"]), "{p}");
    assert_eq!(p["listed_twice"], serde_json::json!(["S002-A-002"]), "{p}");
    assert_eq!(p["outside_catalogue"], serde_json::json!(["S002-B-009"]), "{p}");
    // S002-A-003 is encoded (by a `source:`) with a part pending.
    assert_eq!(v["totals"]["parts_pending"], 1);
    let (code, stdout, _) = out(judge().args(["coverage", "tests/fixtures/coverage/broken"]));
    assert_eq!(code, 1);
    for line in
        ["Encoded and pending at once (1):\n  S002-A-001", "Neither encoded nor pending (2):\n  S002-A-004 S002-A-005"]
    {
        assert!(stdout.contains(line), "{stdout}");
    }
}

#[test]
fn no_pending_file_is_exit_2() {
    let (code, _, stderr) = out(judge().args(["coverage", "tests/fixtures/decks"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("no PENDING.md"), "{stderr}");
    let (code, v) = coverage_json(&["no/such/folder"]);
    assert_eq!(code, 2);
    assert!(v["error"]["message"].as_str().is_some_and(|m| m.contains("does not exist")), "{v}");
}
