//! Hostile sizes stay small: output grows linearly with the input, large boards do not make
//! a run quadratic or worse, and what cannot be read stops with a clear exit 2. The sizes are
//! chosen so that a quadratic or cubic scan would make these tests take minutes, while the
//! linear engine takes well under a second even in a debug build; the assertions bound output
//! size and events, never wall time.

use assert_cmd::Command;
use judge::cli::{FileResult, load_library, run_source};
use judge::trace::render_text;

fn run(src: &str) -> (usize, String) {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    match run_source("big.yaml", src, &lib) {
        FileResult::Ran(r) => (r.events.len(), render_text(&r)),
        FileResult::Error(d) => panic!("{d}"),
    }
}

fn board(alice: &str, n: usize, bob: &str) -> String {
    let cards = vec![alice; n].join(", ");
    format!("scenario: big\nturn: Alice\ncosts: free\nplayers:\n  Alice: {{in_play: [{cards}]}}\n  Bob: {{{bob}}}\n")
}

#[test]
fn a_long_batch_costs_a_line_per_activation() {
    let n = 1000;
    let mut src =
        "scenario: big\nturn: Alice\ncosts: free\nplayers:\n  Alice: {in_play: [Gray Ogre, \"Firebreathing (enchanting Gray Ogre)\"]}\n  Bob: {}\nactions:\n".to_owned();
    src.push_str(&"  - Alice activates Firebreathing\n".repeat(n));
    src.push_str("  - resolve\n");
    let (events, text) = run(&src);
    // Each activation's line names at most the six newest entries, and counts the rest.
    assert!(text.len() < n * 1500, "{} bytes of trace for {n} activations", text.len());
    assert!(events < n * 8, "{events} events");
    assert!(text.contains("waits in the batch [994 earlier, Firebreathing's ability"), "{}", &text[..2000]);
    assert!(text.contains(&format!("now {}/2", n + 2)), "the pumps all resolve");
}

#[test]
fn many_state_triggers_are_not_cubic() {
    // Sea Serpents with no Island: each is buried by its own trigger (a state trigger each).
    let (events, text) = run(&format!("{}stop: next turn\n", board("Sea Serpent", 400, "")));
    assert!(events < 400 * 12, "{events} events");
    assert!(!text.contains("in play: Sea Serpent"), "every Serpent is buried");
}

#[test]
fn many_pings_are_not_cubic() {
    let n = 600;
    let mut src = board("Prodigal Sorcerer", n, "life: 100000");
    src.push_str("actions:\n");
    for i in 1..=n {
        src.push_str(&format!("  - Alice activates Prodigal Sorcerer#{i} on Bob\n"));
    }
    src.push_str("  - resolve\n");
    let (events, text) = run(&src);
    assert!(events < n * 16, "{events} events");
    assert!(text.contains(&format!("Bob: life {}", 100_000 - n)), "every ping resolves");
}

#[test]
fn a_large_board_loads_and_prints_in_linear_work() {
    let n = 20_000;
    let (events, text) = run(&board("Grizzly Bears", n, ""));
    assert!(events < 10, "{events} events");
    assert!(text.len() < n * 40, "{} bytes", text.len());
    assert!(text.contains(&format!("Grizzly Bears#{n} (2/2)")), "labels count every copy");
}

#[test]
fn many_blockers_are_not_quadratic_per_creature() {
    let n = 1000;
    let blockers: Vec<String> = (1..=n).map(|i| format!("Grizzly Bears#{i}")).collect();
    let src = format!(
        "scenario: big\nturn: Alice\nplayers:\n  Alice: {{in_play: [Craw Wurm]}}\n  Bob: {{in_play: [{}]}}\nactions:\n  - Alice attacks with Craw Wurm\n  - Bob blocks Craw Wurm with {}\n",
        vec!["Grizzly Bears"; n].join(", "),
        blockers.join(", ")
    );
    let (events, _) = run(&src);
    assert!(events < n * 10, "{events} events");
}

#[test]
fn many_attackers_each_blocked_are_not_cubic() {
    let n = 800;
    let bears = vec!["Grizzly Bears"; n].join(", ");
    let attackers: Vec<String> = (1..=n).map(|i| format!("Grizzly Bears#{i}")).collect();
    let mut src = format!(
        "scenario: big\nturn: Alice\nplayers:\n  Alice: {{in_play: [{bears}]}}\n  Bob: {{in_play: [{bears}]}}\nactions:\n  - Alice attacks with {}\n",
        attackers.join(", ")
    );
    for i in 1..=n {
        src.push_str(&format!("  - Bob blocks Grizzly Bears#{i} with Grizzly Bears#{}\n", n + i));
    }
    src.push_str("stop: next turn\n");
    let (events, text) = run(&src);
    assert!(events < n * 16, "{events} events");
    assert!(text.contains("in play: none"), "every Bear trades");
}

#[test]
fn a_long_game_with_many_aliases_is_not_quadratic() {
    // Each player draws a named card each turn and discards it: 2,000 turns, 4,000 aliases.
    let n = 1000;
    let side = |p: &str| {
        let hand: Vec<String> = (0..7).map(|i| format!("Forest as {p}H{i}")).collect();
        let lib: Vec<String> = (0..n + 2).map(|i| format!("Forest as {p}L{i}")).collect();
        format!("{{hand: [{}], library: [{}]}}", hand.join(", "), lib.join(", "))
    };
    let mut src = format!(
        "scenario: big\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\nactions:\n  - go to next turn\n",
        side("A"),
        side("B")
    );
    for i in 0..n {
        src.push_str(&format!(
            "  - go to next turn\n  - Bob discards BL{i}\n  - go to next turn\n  - Alice discards AL{i}\n"
        ));
    }
    let (events, text) = run(&src);
    assert!(events < n * 80, "{events} events");
    assert!(text.contains(&format!("(turn {} of the run)", 2 * n + 2)), "every turn is played");
}

#[test]
fn counters_beyond_i32_saturate() {
    let src = "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (4294967295 -1/-1 counters)\"]}\n  Bob: {}\n";
    let (_, text) = run(src);
    assert!(!text.contains("Grizzly Bears (2/2)"), "{text}");
    assert!(text.contains("Grizzly Bears (-2147483645/-2147483645)"), "{text}");
}

fn judge() -> Command {
    Command::cargo_bin("judge").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn yaml_library_messages_are_reworded() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    let base = "scenario: x\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\n";
    let many = format!("{base}expect: [{}]\n", vec!["a"; 300_000].join(","));
    for (src, want) in [
        (format!("{base}---\nscenario: y\n"), "a second YAML document"),
        (format!("{base}scenario: y\n"), "key `scenario` is written twice"),
        (many, "too many values"),
    ] {
        let FileResult::Error(e) = run_source("x.yaml", &src, &lib) else { panic!("{src} ran") };
        assert!(e.place.is_some(), "positioned: {e}");
        let d = e.to_string();
        assert!(d.contains(want), "{d}");
        for internal in ["from_str_multiple", "DuplicateKeyPolicy", "budget breached", "Nodes {"] {
            assert!(!d.contains(internal), "{d}");
        }
        assert!(d.contains(" --> x.yaml:"), "positioned: {d}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_file_is_refused() {
    let o = judge().args(["run", "/dev/zero"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("larger than 1024 KiB"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_to_standard_output_is_an_error() {
    let full = std::fs::File::options().write(true).open("/dev/full").unwrap_or_else(|e| panic!("{e}"));
    let o = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["run", "scenarios/cards/firebreathing.yaml"])
        .stdout(full)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write to standard output"));
}

#[cfg(unix)]
#[test]
fn check_does_not_follow_a_folder_link_in_a_loop() {
    let dir = std::env::temp_dir().join(format!("judge-link-loop-{}", std::process::id()));
    let inner = dir.join("a");
    std::fs::create_dir_all(&inner).unwrap_or_else(|e| panic!("{e}"));
    std::fs::copy("scenarios/cards/firebreathing.yaml", inner.join("one.yaml")).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::os::unix::fs::symlink(&dir, inner.join("back"));
    let o = judge().arg("check").arg(&dir).output().unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("1 of 1 scenarios hold"));
}

#[test]
fn damage_that_keeps_causing_damage_stops_cleanly() {
    // A side effect of damage that deals damage from the same source to the same opponent
    // triggers itself again: each damage prevention step makes another. The run stops, exit 2,
    // with no panic and no stack overflow.
    let src = "scenario: loop\nturn: Alice\ncards:\n  - name: Echo Imp\n    cost: 2B\n    type: Summon Imp\n    pt: 2/2\n    abilities: [\"whenever this deals damage to an opponent, deal 1 damage to that player\"]\nplayers:\n  Alice: {in_play: [Echo Imp]}\n  Bob: {life: 1000}\nactions:\n  - Alice attacks with Echo Imp\n  - Bob blocks with nothing\n";
    let dir = std::env::temp_dir().join(format!("judge-loop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("loop.yaml");
    std::fs::write(&file, src).unwrap_or_else(|e| panic!("{e}"));
    let out = judge().arg("run").arg(&file).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a loop that would not end"), "{err}");
}
