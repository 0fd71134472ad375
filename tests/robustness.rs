//! No input may panic: odd files, and every one-byte deletion of a real scenario.

use judge::cli::{FileResult, load_library, run_source};
use judge::trace::render_text;

const ODD: &[&str] = &[
    "",
    "scenario:",
    "- a list, not a mapping",
    "scenario: x\nturn: Alice\nplayers: {}\n",
    "scenario: x\nturn: Nobody\nplayers:\n  Alice: {}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {life: 99999999999999}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {library: -1}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {mana_pool: \"{X}\"}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {mana_pool: \"4294967295R\"}\n  Bob: {mana_pool: \"99999999999999999999\"}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Forest as Bob\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Forest as A\", \"Forest as A\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Forest#0]}\n  Bob: {}\nexpect: [\"Forest#0 is in play\", \"Forest#9 is in play\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (4294967295 damage)\", \"Grizzly Bears (99 +1/+1 counters)\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Mountain], hand: [Fireball]}\n  Bob: {}\ncosts: free\nactions: [\"Alice casts Fireball on Bob with X=4294967295\"]\nstop: next turn\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {hand: [Earthquake]}\n  Bob: {in_play: [Grizzly Bears]}\ncosts: free\nactions: [\"Alice casts Earthquake with X=2147483648\"]\nstop: end of turn\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {hand: [Stream of Life]}\n  Bob: {}\ncosts: free\nactions: [\"Alice casts Stream of Life on Alice with X=4294967295\", \"go to next turn\", \"go to main\", \"go to cleanup\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {library: 0}\n  Bob: {library: 0}\nstop: next turn\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\nactions: [resolve, \"go to upkeep\", \"Alice passes\", \"Bob passes\", \"Bob passes\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\nactions: [\"go to cleanup\", \"Alice passes\"]\n",
    "scenario: x\nturn: Alice\ncards: [{name: Forest, type: Land}, {name: Forest, type: Land}]\nplayers:\n  Alice: {}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\ncards: [{name: Odd, type: Summon Odd, cost: R}]\nplayers:\n  Alice: {}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (enchanting Grizzly Bears)\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (owned by Carol)\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Drudge Skeletons, Swamp]}\n  Bob: {}\nactions: [\"Alice regenerates Drudge Skeletons\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Samite Healer]}\n  Bob: {}\nactions: [\"Alice activates Samite Healer on Bob\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Island, Island], hand: [Counterspell]}\n  Bob: {}\nactions: [\"Alice casts Counterspell on Counterspell\"]\n",
    "scenario: \"\\xff\"\nturn: Alice\nplayers:\n  Alice: {}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nstep: damage\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (attacking)\"]}\n  Bob: {in_play: [\"Hill Giant (blocking Grizzly Bears)\"]}\n",
    "scenario: x\nturn: Alice\nstep: declare attack\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (attacking)\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [\"Grizzly Bears (blocking Grizzly Bears)\"]}\n  Bob: {}\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Grizzly Bears]}\n  Bob: {in_play: [Hill Giant]}\nactions: [\"Bob blocks Grizzly Bears with Hill Giant\", \"Alice attacks with Grizzly Bears\", \"Alice assigns 9 damage from Grizzly Bears to Bob\", \"go to first strike damage\", \"go to declare attack\"]\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [War Mammoth]}\n  Bob: {in_play: [Wall of Stone, Ornithopter]}\nactions: [\"Alice attacks with War Mammoth\", \"Bob blocks War Mammoth with Wall of Stone, Ornithopter\", \"Alice assigns 3 damage from War Mammoth to Ornithopter\"]\nstop: next turn\n",
    "scenario: x\nturn: Alice\nplayers:\n  Alice: {in_play: [Craw Wurm]}\n  Bob: {in_play: [Hill Giant, Grizzly Bears]}\nactions: [\"Alice attacks with Craw Wurm\", \"Bob blocks Craw Wurm with Hill Giant, Grizzly Bears\", \"Alice assigns 4294967295 damage from Craw Wurm to Hill Giant\", \"Alice assigns 7 damage from Craw Wurm to Grizzly Bears\"]\n",
    "scenario: x\nturn: Alice\ncards: [{name: Many X, cost: \"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXR\", type: Sorcery, abilities: [\"spell: target player gains X life\"]}]\nplayers:\n  Alice: {hand: [Many X]}\n  Bob: {}\ncosts: free\nactions: [\"Alice casts Many X on Alice with X=4294967295\"]\n",
    "scenario: x\nturn: Alice\ncards: [{name: Loop, cost: 1, type: Summon Loop, pt: 1/1, abilities: [\"when you control no islands, put a +1/+1 counter on this\"]}]\nplayers:\n  Alice: {in_play: [Loop]}\n  Bob: {in_play: [Grizzly Bears]}\nactions: [\"go to next turn\"]\n",
];

/// Runs a source: it must end in a trace or a diagnostic naming the file, never a panic; a
/// diagnostic with a position points at a line of the source and shows that line.
fn survives(lib: &judge::cards::Library, src: &str) {
    match run_source("odd.yaml", src, lib) {
        FileResult::Ran(r) => assert!(render_text(&r).starts_with("scenario: "), "{src}"),
        FileResult::Error(e) => {
            assert_eq!(e.file.as_deref(), Some("odd.yaml"), "{src}\n{e}");
            if let Some(p) = &e.place {
                let line = src.split('\n').nth(p.line - 1).map(|l| l.trim_end_matches('\r'));
                assert_eq!(line, Some(p.text.as_str()), "{src}\n{e}");
                assert!(p.column <= p.text.chars().count() + 1, "{src}\n{e}");
            }
            assert!(e.to_string().starts_with("error: "), "{src}\n{e}");
        }
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    for src in ODD {
        survives(&lib, src);
    }
}

/// Every way of deleting one character of `base` must be handled.
fn every_deletion_survives(base: &str) {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    for (i, ch) in base.char_indices() {
        survives(&lib, &format!("{}{}", &base[..i], &base[i + ch.len_utf8()..]));
    }
}

#[test]
fn every_one_byte_deletion_is_handled() {
    every_deletion_survives(include_str!("../scenarios/damage-prevention/healer-and-salve-in-one-step.yaml"));
}

#[test]
fn every_one_byte_deletion_of_a_combat_scenario_is_handled() {
    every_deletion_survives(include_str!("../scenarios/combat/first-strike-and-assigns.yaml"));
}
