//! `rules: m13` (the M13 basic rulebook, seed 001): what it refuses with exit 2, naming the gap,
//! rather than answer with another edition's rules.

mod common;
use common::{judge, out};

/// Runs `file` under m13: the exit code and standard error.
fn m13(file: &str) -> (i32, String) {
    let (code, _, stderr) = out(judge().args(["run", "--rules", "m13", file]));
    (code, stderr)
}

#[test]
fn banding_is_refused_naming_the_gap_in_001() {
    let (code, stderr) = m13("scenarios/cards/benalish-hero.yaml");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("reaches banding, which the M13 rulebook (001) does not have"), "{stderr}");
    assert!(stderr.contains("benalish-hero.yaml:14:5"), "{stderr}");
}

#[test]
fn reverse_damage_is_refused_as_retroactive_prevention() {
    let (code, stderr) = m13("scenarios/cards/reverse-damage.yaml");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a prevention of damage already dealt (Reverse Damage's text)"), "{stderr}");
}

#[test]
fn phase_costs_are_refused() {
    let (code, stderr) = m13("scenarios/phases/upkeep-cost-paid.yaml");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a phase cost"), "{stderr}");
}

#[test]
fn fifth_edition_phase_names_are_refused_with_the_m13_list() {
    let (code, stderr) = m13("scenarios/editions/dark-ritual-at-the-end-of-the-turn-5e.yaml");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`discard` is not a phase of m13"), "{stderr}");
    assert!(stderr.contains("untap, upkeep, draw, main, main 2, end, cleanup"), "{stderr}");
}

#[test]
fn fifth_edition_step_names_are_refused_with_the_m13_list() {
    let src = "scenario: a 5e step name\nrules: m13\nturn: Alice\nplayers:\n  Alice:\n    in_play: [Hill Giant]\n  Bob:\n    in_play: []\nactions:\n  - Alice declares an attack\n  - go to beginning of attack\n";
    let (code, _, stderr) = out(judge().args(["run", "-"]).write_stdin(src));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`beginning of attack` is not a step of m13"), "{stderr}");
    assert!(stderr.contains("beginning of combat, declare attackers"), "{stderr}");
}

#[test]
fn a_file_starting_inside_an_attack_starts_in_the_m13_step() {
    // `step: after blocks` is the priority in the declare blockers step (001 L514).
    let (code, stdout, _) = out(judge().args(["run", "--rules", "m13", "scenarios/combat/start-after-blocks.yaml"]));
    assert_eq!(code, 1, "only the count of prevention steps differs: {stdout}");
    assert!(stdout.contains("inside an attack: the declare blockers step"), "{stdout}");
    assert!(stdout.contains("[ok  ] Ironroot Treefolk is in Bob's graveyard"), "{stdout}");
    assert!(stdout.contains("[FAIL] 1 damage prevention step"), "{stdout}");
}

#[test]
fn diff_compares_all_four_editions_by_default() {
    let (code, stdout, _) = out(judge().args(["diff", "scenarios/editions/unicorn-giant-growth-bolt-m13.yaml"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("| m13 "), "{stdout}");
    assert!(stdout.contains("5e and m13 part ways after line 1"), "{stdout}");
}

#[test]
fn a_shield_facing_several_sources_at_once_asks_a_choice_no_line_makes() {
    // Healing Salve's 3 against 2 from the Bears and 3 from the Giant, dealt together: Bob
    // chooses which source's damage it prevents (001 L1176); judge stops rather than pick.
    let src = "scenario: a shield and two sources\nrules: m13\nturn: Alice\nplayers:\n  Alice:\n    in_play: [Grizzly Bears, Hill Giant]\n  Bob:\n    in_play: [Plains]\n    hand: [Healing Salve]\nactions:\n  - Alice attacks with Grizzly Bears, Hill Giant\n  - Bob blocks with nothing\n  - Bob casts Healing Salve on Bob choosing prevent\n  - resolve\n  - go to end of combat\n";
    let (code, _, stderr) = out(judge().args(["run", "-"]).write_stdin(src));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("whose source the damaged player chooses (001 L1176)"), "{stderr}");
}
