//! The binary as a user runs it: exit codes, diagnostics, formats, determinism.

use assert_cmd::Command;

fn judge() -> Command {
    Command::cargo_bin("judge").unwrap_or_else(|e| panic!("{e}"))
}

fn out(cmd: &mut Command) -> (i32, String, String) {
    let o = cmd.output().unwrap_or_else(|e| panic!("{e}"));
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

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
    assert!(
        stdout.contains("| mode `prevent` | spell: prevent up to 3 damage to target creature or player"),
        "{stdout}"
    );
    assert!(stdout.contains("| used by ("), "{stdout}");
    let (code, stdout, _) = out(judge().args(["card", "--list"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("| Circle of Protection: Red |"), "{stdout}");
    // Wave 1's sixty-four, plus the wave 2 cards added for rulings.
    let count = stdout.lines().last().and_then(|l| l.strip_suffix(" cards")).and_then(|n| n.parse::<usize>().ok());
    assert!(count.is_some_and(|n| n >= 64), "{stdout}");
    let (code, _, stderr) = out(judge().args(["card", "Lightning Blot"]));
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
    let (code, stdout, _) = out(judge().args(["diff", "scenarios/editions/unicorn-giant-growth-bolt-5e.yaml"]));
    assert_eq!(code, 0, "{stdout}");
    // Dead under 5e, alive as a 5/5 with 3 damage under 4e (002 Changes: Damage Prevention).
    let row = |name: &str| -> Vec<String> {
        let line = stdout.lines().find(|l| l.starts_with(&format!("| {name} "))).unwrap_or_default();
        line.split('|').map(|c| c.trim().to_owned()).filter(|c| !c.is_empty()).collect()
    };
    assert_eq!(
        row("Alice: in play"),
        ["Alice: in play", "Forest (tapped)", "Forest (tapped), Pearled Unicorn (5/5, 3 damage)", "Forest (tapped)"],
        "{stdout}"
    );
    // Giant Growth finds no target where the Unicorn died; Alpha has no prevention step.
    assert_eq!(row("fizzled"), ["fizzled", "Giant Growth", "none", "Giant Growth"], "{stdout}");
    assert_eq!(row("damage prevention steps"), ["damage prevention steps", "1", "1", "0"], "{stdout}");
    assert!(stdout.contains("5e: damage prevention step 1"), "{stdout}");
    assert!(stdout.contains("4e: Giant Growth resolves"), "{stdout}");
    // Alpha is the third column by default: dead again, the later Bolt placed first (003 p.30);
    // its batch is worded otherwise but ordered as 5e's, so they part where the damage is dealt
    // at once, with no prevention step (003 p.23).
    assert!(stdout.contains("| alpha "), "{stdout}");
    assert!(stdout.contains("5e and alpha part ways at step 19"), "{stdout}");
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
