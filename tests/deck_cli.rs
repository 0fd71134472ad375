//! `judge deck` and `judge formats` as a user runs them: exit codes, JSON, dates, errors.

mod common;
use common::{judge, out};

const LEGAL: &str = "tests/fixtures/decks/type2-legal-60-with-15-sideboard.txt";

#[test]
fn a_legal_type2_deck_is_exit_0() {
    let (code, stdout, stderr) = out(judge().args(["deck", LEGAL, "--format", "type2"]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("legal in Type II (Standard) on 1997-07-15"), "{stdout}");
    assert!(stdout.contains("play deck 60 cards, sideboard 15 cards"), "{stdout}");
}

#[test]
fn an_illegal_deck_is_exit_1_with_each_problem_and_its_line() {
    let (code, stdout, _) =
        out(judge().args(["deck", "tests/fixtures/decks/type2-many-problems.txt", "--format", "type2"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("NOT legal in Type II (Standard) on 1997-07-15: 5 problems"), "{stdout}");
    assert!(stdout.contains("[banned] Zuran Orb is banned in Type II (Standard)"), "{stdout}");
    assert!(stdout.contains("(002 L4144)"), "{stdout}");
}

#[test]
fn the_date_changes_the_verdict() {
    // The same Type I deck with Weatherlight cards, before and after Weatherlight joins.
    let deck = "tests/fixtures/decks/s002-h-322-weatherlight-in-july.txt";
    let (code, stdout, _) = out(judge().args(["deck", deck, "--format", "type1", "--date", "1997-06-30"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("[set-not-yet-legal]"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["deck", deck, "--format", "type1", "--date", "1997-07-01"]));
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn json_output_with_a_second_format_value() {
    let (code, stdout, _) = out(judge().args(["deck", LEGAL, "--format", "type2", "--format", "json"]));
    assert_eq!(code, 0, "{stdout}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    assert_eq!(doc["legal"], true);
    assert_eq!(doc["format"], "type2");
    assert_eq!(doc["date"], "1997-07-15");
    assert_eq!(doc["sideboard"], 15);
}

#[test]
fn an_unknown_card_is_exit_2_with_position_and_suggestion() {
    let (code, stdout, stderr) =
        out(judge().args(["deck", "tests/fixtures/decks/errors/unknown-card.txt", "--format", "type2"]));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("tests/fixtures/decks/errors/unknown-card.txt:5:3"), "{stderr}");
    assert!(stderr.contains("^^^^^^^^^^^^^"), "{stderr}");
    assert!(stderr.contains("did you mean `Lightning Bolt`?"), "{stderr}");
}

#[test]
fn bad_usage_is_exit_2() {
    for (args, what) in [
        (vec!["deck", LEGAL, "--format", "type3"], "unknown format `type3`"),
        (vec!["deck", LEGAL, "--format", "text"], "must name the tournament format"),
        (vec!["deck", LEGAL, "--format", "type2", "--date", "1997-02-30"], "not a day of the calendar"),
        (vec!["deck", "no/such/deck.txt", "--format", "type2"], "cannot read `no/such/deck.txt`"),
        (vec!["formats", "--date", "07/15/97"], "expected YYYY-MM-DD"),
    ] {
        let (code, _, stderr) = out(judge().args(&args));
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(what), "{args:?}: {stderr}");
    }
}

#[test]
fn formats_prints_each_format_with_its_sets_and_lists() {
    let (code, stdout, _) = out(judge().args(["formats"]));
    assert_eq!(code, 0);
    for id in [
        "type1",
        "type2",
        "type1.5",
        "extended",
        "ice-age-block",
        "mirage-block",
        "ice-age",
        "ice-age-alliances",
        "sealed-deck",
        "booster-draft",
    ] {
        assert!(stdout.contains(&format!("| {id} ")), "{id} missing:\n{stdout}");
    }
    assert!(stdout.contains("Squandered Resources"), "{stdout}");
    assert!(stdout.contains("| WL  | Weatherlight"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["formats", "--date", "1997-06-15", "--format", "json"]));
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    let extended = doc["formats"].as_array().and_then(|f| f.iter().find(|f| f["format"] == "extended")).cloned();
    assert_eq!(extended.map(|e| e["in_force"].clone()), Some(serde_json::Value::Bool(false)));
}

#[test]
fn json_asked_without_a_tournament_format_is_a_json_error_on_stdout() {
    let (code, stdout, stderr) = out(judge().args(["deck", LEGAL, "--format", "json"]));
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    assert_eq!(doc["version"], 1);
    let message = doc["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("must name the tournament format"), "{stdout}");
}

#[test]
fn formats_lists_are_alphabetical() {
    let (code, stdout, _) = out(judge().args(["formats", "--format", "json"]));
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    let type1 = doc["formats"].as_array().and_then(|f| f.iter().find(|f| f["format"] == "type1")).cloned();
    let restricted: Vec<String> = type1
        .and_then(|t| t["restricted"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    assert!(restricted.len() > 20, "{stdout}");
    let mut sorted = restricted.clone();
    sorted.sort();
    assert_eq!(restricted, sorted);
    let (_, text, _) = out(judge().args(["formats"]));
    assert!(text.contains("restricted: Ancestral Recall, Balance, Berserk, Black"), "{text}");
}

#[test]
fn the_summarys_names_of_formats_are_accepted() {
    for (alias, name) in
        [("standard", "Type II (Standard)"), ("Classic", "Type I (Classic)"), ("classic-restricted", "Type 1.5")]
    {
        let (code, stdout, stderr) = out(judge().args(["deck", LEGAL, "--format", alias]));
        assert_eq!(code, 0, "{alias}: {stdout}{stderr}");
        assert!(stdout.contains(&format!("legal in {name}")), "{alias}: {stdout}");
    }
}

#[test]
fn a_card_over_four_points_at_every_line_that_adds_copies() {
    let deck = "tests/fixtures/decks/s002-h-305-printings-are-one-card.txt";
    let (code, stdout, _) = out(judge().args(["deck", deck, "--format", "type1"]));
    assert_eq!(code, 1, "{stdout}");
    for line in ["12:1: 2 Lightning Bolt (RV)", "13:1: 2 Lightning Bolt (4E)", "14:1: 1 Lightning Bolt (UL)"] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
    let (_, stdout, _) = out(judge().args(["deck", deck, "--format", "type1", "--format", "json"]));
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    assert_eq!(doc["problems"][0]["line"], 12, "{stdout}");
    assert_eq!(doc["problems"][0]["lines"], serde_json::json!([12, 13, 14]), "{stdout}");
}
