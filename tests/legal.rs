//! The corpus is the witness of `legal_actions`: at its point, each line of every file under
//! scenarios/ and rulings/ is among the candidates the engine lists for its player, and taking
//! it there is legal exactly when the file does not expect it to be refused. A refused line
//! leaves the game exactly as it was before it.

use judge::cli::load_library;
use judge::engine::Stop;
use judge::engine::action::Action;
use judge::engine::legal::Scope;
use judge::engine::position::Position;
use judge::scenario::{ExpectKind, load_scenario};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
}

/// Lines that answer a decision asked inside another line's taking (their forms are checked
/// by the engine taking them, not listed before the line that asks).
const fn is_answer(a: &Action) -> bool {
    matches!(
        a,
        Action::Pay(..)
            | Action::PaySacrificing(..)
            | Action::Discard(..)
            | Action::DiscardRandom(..)
            | Action::Choose(..)
            | Action::Order(..)
            | Action::Assign(..)
    )
}

/// Each target with its share of a divided damage, in a set order.
fn pairs(a: &judge::engine::action::Announce) -> Vec<String> {
    let mut v: Vec<String> = a.targets.iter().zip(&a.division).map(|(t, n)| format!("{t:?}={n}")).collect();
    v.sort();
    v
}

/// Cards in a set order (the order sacrifices are named in does not matter).
fn cards(v: &[judge::engine::state::CardId]) -> Vec<judge::engine::state::CardId> {
    let mut v = v.to_vec();
    v.sort_by_key(|c| c.0);
    v
}

/// The same decision: a land tapped for mana whatever mana is named; the same attackers and
/// bands in any order; the same targets in any order.
fn same(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Tap(p, c, _), Action::Tap(q, d, _)) => p == q && c == d,
        (Action::AttackWith(p, x, xb), Action::AttackWith(q, y, yb)) => {
            let sorted = |v: &[judge::engine::state::CardId]| {
                let mut v = v.to_vec();
                v.sort_by_key(|c| c.0);
                v
            };
            p == q && sorted(x) == sorted(y) && xb.len() == yb.len()
        }
        (Action::PaySacrificing(p, n, x), Action::PaySacrificing(q, m, y)) => p == q && n == m && cards(x) == cards(y),
        (Action::Announce(x), Action::Announce(y)) => {
            let sorted = |v: &[judge::engine::action::TargetRef]| {
                let mut v = v.to_vec();
                v.sort_by_key(|t| format!("{t:?}"));
                v
            };
            x.player == y.player
                && x.card == y.card
                && x.source == y.source
                && x.x == y.x
                && x.packet_sources == y.packet_sources
                && sorted(&x.targets) == sorted(&y.targets)
                && cards(&x.sacrifices) == cards(&y.sacrifices)
                && cards(&x.discards) == cards(&y.discards)
                && pairs(x) == pairs(y)
        }
        _ => a == b,
    }
}

fn fingerprint(g: &judge::engine::state::Game) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.hash(&mut h);
    h.finish()
}

fn check_file(path: &Path, lib: &judge::cards::Library) -> Vec<String> {
    let mut problems = Vec::new();
    let src = std::fs::read_to_string(path).unwrap_or_default();
    let Ok(sc) = load_scenario(&src, lib) else { return problems };
    let expects_illegal = sc.expects.iter().any(|e| matches!(e.kind, ExpectKind::Illegal(_)));
    let full = Position::after_lines(&sc.setup);
    let groups = full.moves_taken().to_vec();
    let mut empty = sc.setup.clone();
    empty.lines.clear();
    let mut pos = Position::after_lines(&empty);
    if pos.stopped().is_some() {
        return problems;
    }
    for (k, &(a, b)) in groups.iter().enumerate() {
        let lines = &sc.setup.lines[a..b];
        let first = &lines[0];
        let next = pos.try_play(lines);
        // Each line read while the first is taken answers a decision asked there.
        for j in 1..lines.len() {
            if next.stopped().is_some() {
                break;
            }
            let before = pos.try_play(&lines[..j]);
            let listed = before
                .asked()
                .iter()
                .flat_map(|q| pos.answers(q, Scope::default()))
                .any(|ans| ans.iter().any(|a| same(a, &lines[j].action)));
            if !listed {
                problems
                    .push(format!("line {} `{}` is not among the answers asked for", lines[j].number, lines[j].text));
            }
        }
        if let Some(p) = first.action.player()
            && next.stopped().is_none()
            && !is_answer(&first.action)
            && !pos.candidates(p, Scope::default()).iter().any(|c| same(c, &first.action))
        {
            problems.push(format!("line {} `{}` is not among the candidates", first.number, first.text));
        }
        match next.stopped() {
            None => pos = next,
            Some(Stop::Illegal(il)) => {
                if !expects_illegal || k + 1 != groups.len() {
                    problems.push(format!("line {} `{}` is refused, unexpected", first.number, first.text));
                }
                // Check, then apply: a refused line left the game as it was before it. (An
                // answer refused inside another line's taking leaves the game at the moment it
                // was asked for.)
                let after = full.after_refusal().map(|p| fingerprint(p.game()));
                if il.line == Some(a) && after != Some(fingerprint(pos.game())) {
                    problems.push(format!("line {} `{}` was refused but changed the game", first.number, first.text));
                }
                return problems;
            }
            Some(_) => return problems,
        }
    }
    if expects_illegal && !matches!(full.stopped(), Some(Stop::Illegal(_))) {
        problems.push("the file expects a refusal and none came".into());
    }
    if full.stopped().is_none() && fingerprint(full.game()) != fingerprint(pos.game()) {
        problems.push("taking the lines move by move leaves another game than the file's run".into());
    }
    problems
}

#[test]
fn every_corpus_line_is_a_legal_action_at_its_point() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    let mut all = Vec::new();
    files(&Path::new(ROOT).join("scenarios"), &mut all);
    files(&Path::new(ROOT).join("rulings"), &mut all);
    let mut report = Vec::new();
    for f in &all {
        for p in check_file(f, &lib) {
            report.push(format!("{}: {p}", f.strip_prefix(ROOT).unwrap_or(f).display()));
        }
    }
    assert!(report.is_empty(), "{} problems:\n{}", report.len(), report.join("\n"));
}

/// A refused line carries a typed refusal: its data (who, which card), the rule it cites, and
/// the words the trace prints, made from it.
#[test]
fn a_refusal_is_typed_and_carries_its_rule() {
    use judge::engine::Refusal;
    use judge::engine::state::PlayerId;
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    let cases = [
        (
            "rulings/attack-phase/s002-a-003-only-one-attack-per-turn.yaml",
            Refusal::AlreadyAttacked { player: PlayerId(0) },
            "Attack Phase, Step 0: Declare intention to attack",
            "Alice has already attacked this turn",
        ),
        (
            "rulings/turn-order/s002-t-004-first-draw-phase-is-skipped.yaml",
            Refusal::NoFirstDraw { active: PlayerId(0) },
            "Turn Order, Starting the Game",
            "Alice goes first: this turn has no draw phase",
        ),
    ];
    for (file, refusal, section, words) in cases {
        let src = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let sc = load_scenario(&src, &lib).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        let pos = Position::after_lines(&sc.setup);
        let Some(Stop::Illegal(il)) = pos.stopped() else { panic!("{file}: no refusal") };
        assert_eq!(*il.refusal, refusal, "{file}");
        assert_eq!(il.refusal.rule().section, section, "{file}");
        assert_eq!(pos.reason(il), words, "{file}");
    }
}
