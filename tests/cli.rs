//! The binary as a user runs it: exit codes, diagnostics, formats, determinism.

mod common;
use common::{judge, out};

#[test]
fn run_prints_the_trace_and_exits_0() {
    let (code, stdout, _) = out(judge().args(["run", "scenarios/fizzles/giant-growth-answered-by-bolt.yaml"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("Giant Growth fizzles: Pearled Unicorn is not in play"), "{stdout}");
    assert!(stdout.contains("[ok  ] Giant Growth fizzled"), "{stdout}");
}

#[test]
fn the_contract_example_runs() {
    let (code, stdout, stderr) = out(judge().args(["run", "tests/fixtures/contract/contract-example.yaml"]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("[ok  ] Pearled Unicorn is in Alice's graveyard"), "{stdout}");
    assert!(stdout.contains("[ok  ] Giant Growth fizzled"), "{stdout}");
}

#[test]
fn malformed_action_line_is_exit_2_with_position() {
    let (code, stdout, stderr) = out(judge().args(["run", "tests/fixtures/errors/bad-verb.yaml"]));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("tests/fixtures/errors/bad-verb.yaml:10:11"), "{stderr}");
    assert!(stderr.contains("^^^^"), "{stderr}");
}

#[test]
fn failing_expectation_and_unexpected_illegal_are_exit_1() {
    let (code, stdout, _) = out(judge().args(["run", "tests/fixtures/failing/wrong-expectation.yaml"]));
    assert_eq!(code, 1);
    assert!(
        stdout.contains("[FAIL] Grizzly Bears is in play -- found: Grizzly Bears is in Bob's graveyard"),
        "{stdout}"
    );
    let (code, stdout, _) = out(judge().args(["run", "tests/fixtures/failing/unexpected-illegal.yaml"]));
    assert_eq!(code, 1);
    assert!(stdout.contains("ILLEGAL line 2: Alice casts Stone Rain on Forest"), "{stdout}");
}

#[test]
fn check_reports_a_table_and_the_worst_code() {
    let (code, stdout, _) = out(judge().args(["check", "scenarios", "rulings"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("| scenarios/fizzles/giant-growth-answered-by-bolt.yaml"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["check", "tests/fixtures/failing", "scenarios/fizzles"]));
    assert_eq!(code, 1);
    assert!(stdout.contains("FAIL"), "{stdout}");
    let (code, _, _) = out(judge().args(["check", "tests/fixtures/errors", "scenarios/fizzles"]));
    assert_eq!(code, 2);
}

#[test]
fn check_bad_usage_is_exit_2() {
    let (code, _, stderr) = out(judge().args(["check", "no/such/folder"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("does not exist"), "{stderr}");
    let (code, _, _) = out(judge().args(["check"]));
    assert_eq!(code, 2);
    let (code, _, stderr) = out(judge().args(["check", "src/cards"]));
    assert_eq!(code, 2, "card files are not scenarios: {stderr}");
}

#[test]
fn json_output_is_valid_and_deterministic() {
    let (code, first, _) =
        out(judge().args(["run", "--format", "json", "scenarios/batches/respond-to-own-spell.yaml"]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&first).unwrap_or_else(|e| panic!("{e}: {first}"));
    assert!(v["events"].as_array().is_some_and(|a| !a.is_empty()));
    let (_, second, _) = out(judge().args(["run", "--format", "json", "scenarios/batches/respond-to-own-spell.yaml"]));
    assert_eq!(first, second);
    let (code, check, _) = out(judge().args(["check", "--format", "json", "scenarios/fizzles"]));
    assert_eq!(code, 0);
    assert!(serde_json::from_str::<serde_json::Value>(&check).is_ok(), "{check}");
}

#[test]
fn card_shows_the_parsed_abilities() {
    let (code, stdout, _) = out(judge().args(["card", "healing salve"]));
    assert_eq!(code, 0);
    // (The first column is as wide as its longest key, here `under m13: text`.)
    assert!(stdout.contains("| mode `prevent`"), "{stdout}");
    assert!(stdout.contains("| spell: prevent up to 3 damage to target creature or player"), "{stdout}");
    assert!(stdout.contains("| used by ("), "{stdout}");
    assert!(stdout.contains("| under m13: text"), "{stdout}");
    // Under m13 the card reads as its `editions: m13` entry gives it: Sea Serpent is sacrificed.
    let (code, stdout, _) = out(judge().args(["card", "sea serpent", "--rules", "m13", "--format", "json"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("when you control no islands, sacrifice this"), "{stdout}");
    assert!(!stdout.contains("bury this"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["card", "sea serpent", "--format", "json"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("when you control no islands, bury this"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["card", "counterspell", "--rules", "m13", "--format", "json"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("played as an instant under m13"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["card", "--list"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("| Circle of Protection: Red |"), "{stdout}");
    // Wave 1's sixty-four, plus the wave 2 cards added for rulings.
    let count = stdout.lines().last().and_then(|l| l.strip_suffix(" cards")).and_then(|n| n.parse::<usize>().ok());
    assert!(count.is_some_and(|n| n >= 64), "{stdout}");
    // (Not "Lightning Blot": one letter from Lightning Blow, a card of the library too.)
    let (code, _, stderr) = out(judge().args(["card", "Lightnin Bolt"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `Lightning Bolt`?"), "{stderr}");
}

#[test]
fn extra_card_file_is_loaded_and_errors_point_into_it() {
    let (code, stdout, _) =
        out(judge().args(["--cards", "tests/fixtures/cards/extra.yaml", "card", "Volcanic Hammer"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("| defined in ") && stdout.contains("tests/fixtures/cards/extra.yaml"), "{stdout}");
    let (code, _, stderr) = out(judge().args(["--cards", "tests/fixtures/cards/broken.yaml", "card", "Forest"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("tests/fixtures/cards/broken.yaml:4:"), "{stderr}");
}

#[test]
fn help_lists_commands_and_examples() {
    let (code, stdout, _) = out(judge().arg("--help"));
    assert_eq!(code, 0);
    for word in ["run", "check", "card", "Examples:", "Exit codes"] {
        assert!(stdout.contains(word), "{word} missing from\n{stdout}");
    }
}

#[test]
fn diff_names_where_fourth_edition_parts_ways() {
    let (code, stdout, _) =
        out(judge().args(["diff", "--format", "json", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"]));
    assert_eq!(code, 0, "{stdout}");
    let v = json(&stdout);
    assert_eq!(v["rules"], serde_json::json!(["5e", "4e", "alpha", "m13"]));
    // Dead under 5e, alive as a 5/5 with 3 damage under 4e (002 Changes: Damage Prevention).
    let row = |name: &str| -> serde_json::Value {
        v["outcomes"]
            .as_array()
            .and_then(|a| a.iter().find(|r| r["aspect"] == name))
            .map_or(serde_json::Value::Null, |r| r["values"].clone())
    };
    assert_eq!(
        row("Alice: in play"),
        serde_json::json!([
            "Forest (tapped)",
            "Forest (tapped), Pearled Unicorn (5/5, 3 damage)",
            "Forest (tapped)",
            "Forest (tapped)"
        ]),
        "{stdout}"
    );
    // Giant Growth finds no target where the Unicorn died; Alpha has no prevention step.
    // m13 agrees with 5e: the Bolt on top of the stack resolves first and kills the 2/2, with
    // no prevention step (001 L330-332).
    assert_eq!(row("fizzled"), serde_json::json!(["Giant Growth", "none", "Giant Growth", "Giant Growth"]), "{stdout}");
    assert_eq!(row("damage prevention steps"), serde_json::json!(["1", "1", "0", "0"]), "{stdout}");
    assert_eq!(v["partings"][1]["rules"], "alpha");
    assert_eq!(v["partings"][1]["step"], 19);
    assert_eq!(v["partings"][1]["line"], 2);
    assert_eq!(v["partings"][1]["line_text"], "Bob casts Lightning Bolt on Pearled Unicorn");
    let (code, stdout, _) = out(judge().args(["diff", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.lines().all(|l| !l.starts_with('|') || l.chars().count() <= 80), "{stdout}");
    assert!(stdout.contains("5e: damage prevention step 1"), "{stdout}");
    assert!(stdout.contains("4e: Giant Growth resolves"), "{stdout}");
    // Alpha is the third column by default: dead again, the later Bolt placed first (003 p.30);
    // its batch is worded otherwise but ordered as 5e's, so they part where the damage is dealt
    // at once, with no prevention step (003 p.23).
    assert!(stdout.contains("| alpha "), "{stdout}");
    // The parting is named by the action line the trace shows, not an internal step count.
    assert!(stdout.contains("5e and alpha part ways after line 2 (Bob casts"), "{stdout}");
    assert!(!stdout.contains("step 19"), "{stdout}");
    assert!(stdout.contains("alpha: the damage is dealt at once"), "{stdout}");
    let (code, stdout, _) =
        out(judge().args(["run", "--rules", "4e", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"]));
    assert_eq!(code, 1, "the 5e expectations fail under 4e: {stdout}");
    assert!(stdout.contains("Pearled Unicorn (5/5, 3 damage)"), "{stdout}");
    // Under Alpha the batch takes effect together and Bob, who cast the later spell, puts his
    // Bolt first by default: the Unicorn dies with no prevention step (003 p.30, p.23).
    let (code, stdout, _) =
        out(judge().args(["run", "--rules", "alpha", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"]));
    assert_eq!(code, 1, "no prevention step under Alpha: {stdout}");
    assert!(stdout.contains("Pearled Unicorn is destroyed"), "{stdout}");
    assert!(stdout.contains("Alpha rulebook, p.30"), "{stdout}");
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn check_error_rows_show_the_place_and_the_underlined_line() {
    let (code, stdout, _) = out(judge().args(["check", "tests/fixtures/errors/bad-verb.yaml"]));
    assert_eq!(code, 2);
    assert!(stdout.contains("| ERROR "), "{stdout}");
    assert!(stdout.contains("tests/fixtures/errors/bad-verb.yaml:10:11"), "{stdout}");
    // The caret stands under the misspelt verb.
    let lines: Vec<&str> = stdout.lines().collect();
    let src = lines.iter().position(|l| l.contains("10 |   - Alice cast Giant")).unwrap_or_else(|| panic!("{stdout}"));
    let col = lines[src].find("cast").unwrap_or(0);
    assert_eq!(lines[src + 1].get(col..col + 4), Some("^^^^"), "{stdout}");
    assert!(!stdout.contains(" --> "), "the full diagnostic only with --verbose: {stdout}");
    let (_, stdout, _) = out(judge().args(["check", "--verbose", "tests/fixtures/errors/bad-verb.yaml"]));
    assert!(
        stdout.contains("error: cannot read this action line\n --> tests/fixtures/errors/bad-verb.yaml:10:11"),
        "{stdout}"
    );
}

#[test]
fn check_fail_rows_name_the_expectation_and_the_illegal_line() {
    let (code, stdout, _) = out(judge().args(["check", "tests/fixtures/failing"]));
    assert_eq!(code, 1);
    assert!(stdout.contains("expected: Grizzly Bears is in play"), "{stdout}");
    assert!(stdout.contains("found: Grizzly Bears is in Bob's graveyard"), "{stdout}");
    assert!(stdout.contains("| ILLEGAL "), "{stdout}");
    assert!(stdout.contains("stopped at illegal line 2: Alice casts Stone Rain on Forest"), "{stdout}");
    assert!(stdout.contains("0 of 2 scenarios hold, 1 FAIL, 1 ILLEGAL"), "{stdout}");
}

#[test]
fn check_failures_shows_only_what_does_not_hold() {
    let (code, stdout, _) = out(judge().args(["check", "--failures", "scenarios/fizzles", "tests/fixtures/failing"]));
    assert_eq!(code, 1);
    assert!(!stdout.contains("giant-growth-answered-by-bolt"), "{stdout}");
    assert!(!stdout.contains("| ok "), "{stdout}");
    assert!(stdout.contains("wrong-expectation.yaml"), "{stdout}");
    assert!(stdout.contains("6 of 8 scenarios hold"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["check", "--failures", "--format", "json", "scenarios/fizzles"]));
    assert_eq!(code, 0);
    let v = json(&stdout);
    assert_eq!(v["results"], serde_json::json!([]));
    assert_eq!(v["summary"]["ok"], 6);
}

#[test]
fn check_takes_rules_like_run() {
    let file = "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml";
    let (code, stdout, _) = out(judge().args(["check", "--rules", "4e", file]));
    assert_eq!(code, 1, "the Unicorn lives under 4e: {stdout}");
    assert!(stdout.contains("expected: Pearled Unicorn is in Alice's graveyard"), "{stdout}");
    let (code, _, _) = out(judge().args(["check", "--rules", "5e", file]));
    assert_eq!(code, 0);
    let (code, _, stderr) = out(judge().args(["check", "--rules", "6e", file]));
    assert_eq!(code, 2);
    assert!(stderr.contains("[possible values: 5e, 4e, alpha, m13]"), "{stderr}");
}

#[test]
fn every_command_speaks_json_with_a_version() {
    let cases: &[&[&str]] = &[
        &["run", "scenarios/fizzles/giant-growth-answered-by-bolt.yaml"],
        &["check", "scenarios/fizzles"],
        &["diff", "scenarios/fizzles/giant-growth-answered-by-bolt.yaml"],
        &["card", "Healing Salve"],
        &["card", "--list"],
        &["deck", "tests/fixtures/decks/type2-legal-60-with-15-sideboard.txt", "--format", "type2"],
        &["formats"],
    ];
    for args in cases {
        let (code, stdout, stderr) = out(judge().args(*args).args(["--format", "json"]));
        assert_eq!(code, 0, "{args:?}: {stderr}");
        let v = json(&stdout);
        assert_eq!(v["version"], 1, "{args:?}");
    }
    let (_, stdout, _) =
        out(judge().args(["run", "--format", "json", "scenarios/fizzles/giant-growth-answered-by-bolt.yaml"]));
    let v = json(&stdout);
    assert_eq!(v["result"], "ok");
    assert!(v["verdicts"].as_array().is_some_and(|a| a.len() == 5), "{stdout}");
    let (_, stdout, _) = out(judge().args(["card", "--format", "json", "Healing Salve"]));
    let v = json(&stdout);
    assert_eq!(v["card"]["name"], "Healing Salve");
    assert!(v["used_by"].as_array().is_some_and(|a| !a.is_empty()), "{stdout}");
    let (_, stdout, _) = out(judge().args(["card", "--list", "--format", "json"]));
    assert!(json(&stdout)["cards"].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == "Serra Angel")));
}

#[test]
fn errors_are_json_objects_when_json_is_asked() {
    let (code, stdout, stderr) = out(judge().args(["run", "--format", "json", "tests/fixtures/errors/bad-verb.yaml"]));
    assert_eq!(code, 2);
    assert!(stderr.is_empty(), "{stderr}");
    let e = &json(&stdout)["error"];
    assert_eq!(e["file"], "tests/fixtures/errors/bad-verb.yaml");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(10), Some(11)));
    assert_eq!(e["message"], "cannot read this action line");
    assert_eq!(e["help"], "write `casts`: action lines are in the third person");
    let (code, stdout, _) = out(judge().args(["check", "--format", "json", "tests/fixtures/errors/bad-phase.yaml"]));
    assert_eq!(code, 2);
    let v = json(&stdout);
    assert_eq!(v["results"][0]["result"], "error");
    assert_eq!(v["results"][0]["error"]["line"], 3);
    let (code, stdout, _) = out(judge().args(["card", "--format", "json", "Bolt"]));
    assert_eq!(code, 2);
    assert_eq!(json(&stdout)["error"]["help"], "did you mean `Lightning Bolt`?");
    let (code, stdout, _) = out(judge().args(["check", "--format", "json", "no/such/folder"]));
    assert_eq!(code, 2);
    assert!(json(&stdout)["error"]["message"].as_str().is_some_and(|m| m.contains("does not exist")), "{stdout}");
    let deck = ["deck", "tests/fixtures/decks/errors/unknown-card.txt", "--format", "type2", "--format", "json"];
    let (code, stdout, _) = out(judge().args(deck));
    assert_eq!(code, 2);
    let e = &json(&stdout)["error"];
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(5), Some(3)), "{stdout}");
}

#[test]
fn a_dash_reads_the_scenario_from_standard_input() {
    let src = std::fs::read_to_string("scenarios/fizzles/giant-growth-answered-by-bolt.yaml").unwrap_or_default();
    let (code, stdout, _) = out(judge().args(["run", "-"]).write_stdin(src.clone()));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("[ok  ] Giant Growth fizzled"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["check", "-"]).write_stdin(src.clone()));
    assert_eq!(code, 0);
    assert!(stdout.contains("| <stdin>"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["diff", "-", "--rules", "5e,4e"]).write_stdin(src));
    assert_eq!(code, 0, "{stdout}");
    let bad = "scenario: x\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\nactions: [Alice cats]\n";
    let (code, _, stderr) = out(judge().args(["run", "-"]).write_stdin(bad));
    assert_eq!(code, 2);
    assert!(stderr.contains(" --> <stdin>:6:"), "{stderr}");
    // Standard input is held to the same size limit as a file.
    let (code, _, stderr) = out(judge().args(["run", "-"]).write_stdin(vec![b'#'; 2 << 20]));
    assert_eq!(code, 2);
    assert!(stderr.contains("`<stdin>` is larger than"), "{stderr}");
    let cards = std::fs::read_to_string("tests/fixtures/cards/extra.yaml").unwrap_or_default();
    let (code, stdout, _) = out(judge().args(["--cards", "-", "card", "Volcanic Hammer"]).write_stdin(cards));
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn colour_only_on_a_terminal() {
    let file = "tests/fixtures/failing/wrong-expectation.yaml";
    // Piped, as here: no colour.
    for args in [["run", file], ["check", file]] {
        let (_, stdout, _) = out(judge().args(args).env_remove("CLICOLOR_FORCE"));
        assert!(!stdout.contains('\x1b'), "{stdout}");
    }
    let (_, stdout, _) = out(judge().args(["run", file]).env("CLICOLOR_FORCE", "1").env_remove("NO_COLOR"));
    assert!(stdout.contains("\x1b[31m[FAIL]\x1b[0m"), "{stdout}");
    let (_, stdout, _) = out(judge().args(["check", file]).env("CLICOLOR_FORCE", "1").env_remove("NO_COLOR"));
    assert!(stdout.contains('\x1b'), "{stdout}");
    let (_, stdout, _) = out(judge().args(["run", file]).env("CLICOLOR_FORCE", "1").env("NO_COLOR", "1"));
    assert!(!stdout.contains('\x1b'), "NO_COLOR wins: {stdout}");
    let (_, stdout, _) = out(judge().args(["run", "--color", "always", file]).env("NO_COLOR", "1"));
    assert!(stdout.contains("\x1b[31m[FAIL]"), "--color always: {stdout}");
    let (_, stdout, _) = out(judge().args(["run", "--color", "never", file]).env("CLICOLOR_FORCE", "1"));
    assert!(!stdout.contains('\x1b'), "--color never: {stdout}");
}

#[test]
fn usage_errors_are_json_when_json_is_asked() {
    let (code, stdout, stderr) = out(judge().args(["chek", "scenarios", "--format", "json"]));
    assert_eq!(code, 2);
    assert!(stderr.is_empty(), "{stderr}");
    let v = json(&stdout);
    assert_eq!(v["version"], 1);
    assert_eq!(v["error"]["message"], "unrecognized subcommand 'chek'");
    assert!(v["error"]["help"].as_str().is_some_and(|h| h.contains("'check'")), "{stdout}");
    let (code, stdout, _) = out(judge().args(["run", "--format=json"]));
    assert_eq!(code, 2);
    assert!(json(&stdout)["error"]["message"].as_str().is_some_and(|m| m.contains("<FILE>")), "{stdout}");
}

#[test]
fn tables_fit_eighty_columns_when_piped() {
    for args in [
        &["check", "scenarios", "rulings", "tests/fixtures/errors", "tests/fixtures/failing"][..],
        &["card", "Healing Salve"],
        &["card", "--list"],
        &["diff", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"],
        &["formats"],
    ] {
        let (_, stdout, _) = out(judge().args(args));
        for line in stdout.lines().filter(|l| l.starts_with(['|', '+'])) {
            assert!(line.chars().count() <= 80, "{args:?}: {line}");
        }
    }
}

#[test]
fn helpful_usage_errors() {
    let (code, _, stderr) = out(judge().args(["run", "scenarios/fizzles"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("`judge check scenarios/fizzles` runs every scenario under it"), "{stderr}");
    let (code, _, stderr) = out(judge().args(["chek", "scenarios"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("'check'"), "{stderr}");
    let (_, _, stderr) = out(judge().args(["card", "Serra"]));
    assert!(stderr.contains("did you mean `Serra Angel`?"), "{stderr}");
    let (_, _, stderr) = out(judge().args(["card", "Bolt"]));
    assert!(stderr.contains("did you mean `Lightning Bolt`?"), "{stderr}");
    let (code, _, stderr) = out(judge().args(["card", "Black Lotus"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("--cards FILE"), "{stderr}");
    // In a scenario too: a word of a card's name, and a name the library does not hold.
    let scenario = |hand: &str, line: &str| {
        format!(
            "scenario: x\nturn: Alice\nplayers:\n  Alice: {{in_play: [Mountain], hand: [{hand}]}}\n  Bob: {{in_play: [Serra Angel]}}\nactions: [{line}]\n"
        )
    };
    let (_, _, stderr) =
        out(judge().args(["run", "-"]).write_stdin(scenario("Lightning Bolt", "Alice casts Bolt on Serra")));
    assert!(stderr.contains("did you mean `Lightning Bolt`?"), "{stderr}");
    let (_, _, stderr) =
        out(judge().args(["run", "-"]).write_stdin(scenario("Lightning Bolt", "Alice casts Lightning Bolt on Serra")));
    assert!(stderr.contains("did you mean `Serra Angel`?"), "{stderr}");
    let (_, _, stderr) = out(judge().args(["run", "-"]).write_stdin(scenario("Black Lotus", "resolve")));
    assert!(stderr.contains("a card name of the library") && stderr.contains("--cards FILE"), "{stderr}");
    let (code, _, stderr) = out(judge().args(["card", &"x".repeat(100_000)]));
    assert_eq!(code, 2);
    assert!(stderr.contains("--cards FILE"), "no card is near a 100 KB name");
}

#[test]
fn help_lists_every_edition() {
    for sub in ["run", "check", "diff"] {
        let (code, stdout, _) = out(judge().args([sub, "--help"]));
        assert_eq!(code, 0);
        for ed in ["5e", "4e", "alpha", "Alpha rulebook"] {
            assert!(stdout.contains(ed), "{sub} --help lacks {ed}:\n{stdout}");
        }
    }
    let (_, stdout, _) = out(judge().arg("--help"));
    assert!(stdout.contains("alpha  the 1993 Alpha rulebook"), "{stdout}");
    // Help fits an 80-column terminal.
    for sub in ["run", "check", "diff", "card", "coverage", "schema", "completions", "man"] {
        for flag in ["-h", "--help"] {
            let (_, stdout, _) = out(judge().args([sub, flag]));
            assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{sub} {flag}:\n{stdout}");
        }
    }
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, stdout, _) = out(judge().args(["completions", shell]));
        assert_eq!(code, 0, "{shell}");
        assert!(stdout.contains("judge") && stdout.contains("check"), "{shell}: {stdout}");
    }
    let (code, stdout, _) = out(judge().arg("man"));
    assert_eq!(code, 0);
    assert!(stdout.starts_with(".ie") || stdout.contains(".TH judge"), "{stdout}");
    assert!(stdout.contains("completions"), "{stdout}");
    // The examples are printed as written (no fill, no hyphenation)...
    assert!(stdout.contains(".nf\nExamples"), "{stdout}");
    // ...and every page the SUBCOMMANDS section names, `judge man` can print.
    let pages: Vec<String> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("judge\\-").and_then(|l| l.strip_suffix("(1)")).map(str::to_owned))
        .collect();
    assert!(pages.len() > 10, "{stdout}");
    for page in pages {
        let (code, text, stderr) = out(judge().args(["man", &page]));
        assert_eq!(code, 0, "{page}: {stderr}");
        assert!(text.contains(&format!(".TH judge-{page} 1")), "{page}: {text}");
    }
}

#[test]
fn help_examples_are_one_command_a_line() {
    let (_, stdout, _) = out(judge().arg("--help"));
    let examples: Vec<&str> =
        stdout.lines().skip_while(|l| !l.starts_with("Examples")).skip(1).take_while(|l| !l.is_empty()).collect();
    assert!(examples.len() > 10, "{stdout}");
    for l in examples {
        assert!(l.starts_with("  judge ") && l.chars().count() <= 80, "{l}");
    }
    let (code, _, stderr) = out(judge().arg("card"));
    assert_eq!(code, 2);
    assert!(stderr.contains("judge card [OPTIONS] --list"), "{stderr}");
    // `deck --format` completes to the format names, not to files.
    let (_, bash, _) = out(judge().args(["completions", "bash"]));
    assert!(bash.contains("sealed-deck booster-draft classic standard classic-restricted json text"), "{bash}");
}

#[test]
fn a_failed_write_to_standard_output_is_exit_2() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    for args in [&["run", "scenarios/fizzles/giant-growth-answered-by-bolt.yaml"][..], &["card", "--list"]] {
        let sink = std::fs::OpenOptions::new().write(true).open(full).unwrap_or_else(|e| panic!("{e}"));
        let o = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
            .args(args)
            .stdout(sink)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write to standard output"));
    }
}

#[test]
fn moves_lists_pasteable_lines_after_a_line() {
    let file = "scenarios/fizzles/giant-growth-answered-by-bolt.yaml";
    let (code, stdout, stderr) = out(judge().args(["moves", file, "--at", "1"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("Giant Growth is being cast: only interrupts against it; Alice holds priority"),
        "{stdout}"
    );
    assert!(stdout.contains("  Bob casts Lightning Bolt on Pearled Unicorn\n"), "{stdout}");
    let (code, json, _) = out(judge().args(["moves", file, "--format", "json"]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(v["version"], 1);
    assert_eq!(v["after_line"], 2);
    assert!(v["moves"].as_array().is_some_and(|m| !m.is_empty()), "{json}");
}

#[test]
fn explore_exit_codes_are_yes_no_and_bad_input() {
    let file = "tests/fixtures/explore/bolt-on-unicorn-giant-growth.yaml";
    let goal = "Pearled Unicorn is in play";
    let (code, stdout, _) = out(judge().args(["explore", file, "--goal", goal, "--for", "Alice"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.starts_with("yes: Alice can make"), "{stdout}");
    assert!(stdout.contains("  - Alice casts Giant Growth on Pearled Unicorn\n"), "{stdout}");
    assert!(stdout.contains("positions searched in"), "{stdout}");
    let (code, stdout, _) = out(judge().args(["explore", file, "--goal", goal, "--for", "Alice", "--depth", "0"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.starts_with("no: "), "{stdout}");
    let (code, _, stderr) =
        out(judge().args(["explore", file, "--goal", "Pearled Unicorn is in plya", "--for", "Alice"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("--goal"), "{stderr}");
    let (code, _, stderr) = out(judge().args(["explore", file, "--goal", goal, "--for", "Carol"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("`Carol` is not a player"), "{stderr}");
    let (code, json, _) = out(judge().args(["explore", file, "--goal", goal, "--for", "Alice", "--format", "json"]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(v["verdict"], "yes");
}

#[test]
fn diff_compares_the_editions_that_ran_when_one_cannot() {
    // `go to end` names a 4e phase that 5e does not have.
    let file = "scenarios/editions/end-of-turn-phase-4e.yaml";
    let (code, stdout, stderr) = out(judge().args(["diff", "--rules", "5e,4e", file]));
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.contains("could not run"), "{stdout}");
    // 4e's outcome is shown, not hidden behind the error.
    assert!(stdout.contains("Ironroot Treefolk (3/5)"), "{stdout}");
    assert!(stdout.contains("5e could not run the file:"), "{stdout}");
    assert!(stdout.contains("`end` is not a phase of 5e"), "{stdout}");
    assert!(stdout.contains(&format!("{file}:20:11")), "{stdout}");
    let (code, stdout, _) = out(judge().args(["diff", "--format", "json", "--rules", "5e,4e", file]));
    assert_eq!(code, 2, "{stdout}");
    let v = json(&stdout);
    assert_eq!(v["errors"][0]["rules"], "5e", "{stdout}");
    assert_eq!(v["errors"][0]["error"]["line"], 20, "{stdout}");
    let (code, stdout, _) = out(judge().args(["diff", "--help"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("Exit 0 when every edition ran the file"), "{stdout}");
}

#[test]
fn diff_compares_illegal_lines_by_number_and_lists_the_reasons() {
    // Every edition refuses line 2, each in its own words: the outcomes are the same.
    let file = "scenarios/combat/regeneration-before-the-blocks-is-refused.yaml";
    // (Under m13 the regeneration before the blocks is a legal shield: the four-edition default
    // would show that difference; this test is about the three that refuse.)
    let (code, stdout, _) = out(judge().args(["diff", "--rules", "5e,4e,alpha", file]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("the outcomes are the same under 5e, 4e, alpha"), "{stdout}");
    assert!(stdout.contains("5e and 4e: the traces are the same"), "{stdout}");
    assert!(stdout.contains("4e stops at illegal line 2: Drudge Skeletons may regenerate only"), "{stdout}");
    assert!(stdout.contains("5e stops at illegal line 2: Drudge Skeletons is not being destroyed"), "{stdout}");
}

#[test]
fn card_says_which_folders_it_scans() {
    let (code, stdout, _) = out(judge().args(["card", "--help"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("./scenarios and ./rulings of the"), "{stdout}");
    // Run from elsewhere, the count says where it looked.
    let dir = std::env::temp_dir();
    let (code, stdout, _) = out(judge().args(["card", "Healing Salve"]).current_dir(&dir));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("no scenario under ./scenarios or ./rulings names it"), "{stdout}");
}

#[test]
fn tables_break_long_paths_after_a_slash_or_a_dash() {
    let (code, stdout, _) = out(judge().args(["check", "rulings/damage-prevention"]));
    assert_eq!(code, 0, "{stdout}");
    // Every path's lines end at a `/` or `-` (or the path's end), never inside a word.
    for l in stdout.lines().filter(|l| l.contains("rulings/") || l.starts_with("|        | ")) {
        let cell = l.trim_end_matches('|').trim_end();
        assert!(cell.ends_with('/') || cell.ends_with('-') || cell.ends_with(".yaml"), "{l}\n{stdout}");
    }
}

#[test]
fn attack_intention_says_whether_a_response_would_cancel_it() {
    let (_, stdout, _) = out(judge().args([
        "run",
        "--format",
        "json",
        "scenarios/combat/attacker-cannot-respond-to-own-declaration.yaml",
    ]));
    let v = json(&stdout);
    let events = v["events"].as_array().cloned().unwrap_or_default();
    let intention = events.iter().find(|e| e["event"] == "attack_intention").cloned().unwrap_or_default();
    // What a response would do under these rules, not something that happened.
    assert_eq!(intention["response_cancels"], true, "{stdout}");
    assert!(intention.get("cancels").is_none(), "{stdout}");
}

#[test]
fn cards_and_color_are_offered_where_they_mean_something() {
    for sub in ["man", "schema", "completions"] {
        let (_, help, _) = out(judge().args([sub, "--help"]));
        assert!(!help.contains("--color") && !help.contains("--cards <FILE>"), "{sub}: {help}");
    }
    let (code, _, stderr) = out(judge().args(["man", "--color", "never"]));
    assert_eq!(code, 2, "{stderr}");
    // Before the subcommand or after it, alike.
    let file = "scenarios/fizzles/giant-growth-answered-by-bolt.yaml";
    for args in [&["--color", "never", "run", file][..], &["run", "--color", "never", file]] {
        let (code, stdout, _) = out(judge().args(args));
        assert_eq!(code, 0, "{args:?}: {stdout}");
    }
    let (code, stdout, _) =
        out(judge().args(["card", "--cards", "tests/fixtures/cards/extra.yaml", "Volcanic Hammer"]));
    assert_eq!(code, 0, "{stdout}");
}
