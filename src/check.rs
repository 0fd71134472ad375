//! Expectations checked against a run, and the final board for the answer.

use crate::engine::state::{CardId, Game, PlayerId, Status, Zone};
use crate::engine::{Outcome, Stop};
use crate::grammar::expect::{Fate, ZoneName};
use crate::scenario::{ExpectKind, Scenario};
use crate::trace::{Board, EventKind, PlayerBoard, Report, Verdict, count, render_text};

/// Runs a scenario and checks its expectations.
#[must_use]
pub fn run_and_check(sc: &Scenario) -> (Outcome, Report) {
    let outcome = crate::engine::run(&sc.setup);
    let board = board(sc, &outcome.game);
    let mut report = Report {
        scenario: sc.title.clone(),
        question: sc.question.clone(),
        source: sc.source.clone(),
        rules: sc.setup.policies.edition.name().to_owned(),
        events: outcome.events.clone(),
        board,
        verdicts: Vec::new(),
    };
    // `trace contains` reads the text trace without the verdicts.
    let text = render_text(&report);
    report.verdicts = sc.expects.iter().map(|e| verdict(sc, &outcome, e, &text)).collect();
    (outcome, report)
}

/// Whether a board expectation holds on an outcome (`trace contains:` reads no trace here).
#[must_use]
pub fn holds(sc: &Scenario, outcome: &Outcome, e: &crate::scenario::Expect) -> bool {
    verdict(sc, outcome, e, "").holds
}

fn label(sc: &Scenario, c: CardId) -> String {
    sc.setup.labels.get(usize::from(c.0)).cloned().unwrap_or_default()
}

fn pt(sc: &Scenario, g: &Game, c: CardId) -> (i64, i64) {
    let (p, t) = crate::engine::power_toughness(&sc.setup.library, g, c);
    (i64::from(p), i64::from(t))
}

fn where_is(sc: &Scenario, g: &Game, c: CardId) -> String {
    let card = g.card(c);
    match card.zone {
        Zone::Play => format!("in play under {}'s control", sc.setup.players[card.controller.ix()]),
        Zone::Limbo => "in limbo (being cast)".to_owned(),
        Zone::Removed => "removed from game".to_owned(),
        z => format!("in {}'s {}", sc.setup.players[card.owner.ix()], z.name()),
    }
}

fn fate_name(s: Status) -> &'static str {
    match s {
        Status::BeingCast => "still being cast",
        Status::Waiting => "still waiting in a batch",
        Status::Countered => "was countered",
        Status::Fizzled => "fizzled",
        Status::Resolved => "resolved",
    }
}

/// `(false, where it is)` unless the card is in play, else the check's own result.
fn in_play(sc: &Scenario, g: &Game, c: CardId, f: impl FnOnce() -> (bool, String)) -> (bool, String) {
    if g.card(c).zone == Zone::Play {
        f()
    } else {
        (false, format!("{} is not in play: it is {}", label(sc, c), where_is(sc, g, c)))
    }
}

#[allow(clippy::too_many_lines)]
fn verdict(sc: &Scenario, out: &Outcome, e: &crate::scenario::Expect, text: &str) -> Verdict {
    let g = &out.game;
    let (holds, found) = match &e.kind {
        ExpectKind::Life(p, n) => {
            let life = i64::from(g.player(*p).life);
            (life == *n, format!("{} has {life} life", sc.setup.players[p.ix()]))
        }
        ExpectKind::Zone(c, z, owner) => {
            let card = g.card(*c);
            let zone_ok = match z {
                ZoneName::Play => card.zone == Zone::Play,
                ZoneName::Hand => card.zone == Zone::Hand,
                ZoneName::Graveyard => card.zone == Zone::Graveyard,
                ZoneName::Library => card.zone == Zone::Library,
                ZoneName::Removed => card.zone == Zone::Removed,
            };
            let owner_ok = owner.is_none_or(|o| card.owner == o);
            (zone_ok && owner_ok, format!("{} is {}", label(sc, *c), where_is(sc, g, *c)))
        }
        ExpectKind::Tapped(c, t) => in_play(sc, g, *c, || {
            let tapped = g.card(*c).tapped;
            let word = if tapped { "tapped" } else { "untapped" };
            (tapped == *t, format!("{} is {word}", label(sc, *c)))
        }),
        ExpectKind::Damage(c, n) => in_play(sc, g, *c, || {
            let damage = g.card(*c).damage;
            (damage == *n, format!("{} has {damage} damage", label(sc, *c)))
        }),
        ExpectKind::Pt(c, p, t) => in_play(sc, g, *c, || {
            let (ap, at) = pt(sc, g, *c);
            (ap == *p && at == *t, format!("{} is {ap}/{at}", label(sc, *c)))
        }),
        ExpectKind::Subtype(c, t, on) => in_play(sc, g, *c, || {
            let ch = crate::engine::chars::chars(&sc.setup.library, g, *c);
            let has = ch.has_subtype(t);
            let types = if ch.subtypes.is_empty() {
                "of no creature or land type".to_owned()
            } else {
                format!(
                    "of type {}",
                    ch.subtypes.iter().map(|x| crate::cards::singular_type(x)).collect::<Vec<_>>().join(", ")
                )
            };
            (has == *on, format!("{} is {types}", label(sc, *c)))
        }),
        ExpectKind::Color(c, col, on) => in_play(sc, g, *c, || {
            let colors = crate::engine::chars::chars(&sc.setup.library, g, *c).color_list();
            let is = colors.contains(col);
            let now = if colors.is_empty() {
                "colorless".to_owned()
            } else {
                colors.iter().map(|x| x.name()).collect::<Vec<_>>().join(" and ")
            };
            (is == *on, format!("{} is {now}", label(sc, *c)))
        }),
        ExpectKind::Keyword(c, k, on) => in_play(sc, g, *c, || {
            let has = crate::engine::chars::chars(&sc.setup.library, g, *c).has_keyword(k);
            let word = if has { "has" } else { "does not have" };
            (has == *on, format!("{} {word} {k}", label(sc, *c)))
        }),
        ExpectKind::Counters(c, n, kind) => {
            // Every counter of the kind, whichever card made it (002 L1890-1893 keeps unnamed
            // ones apart by their maker, but they are still counters of that kind).
            let have = g
                .card(*c)
                .counters
                .iter()
                .filter(|(k, _)| crate::engine::chars::counter_kind(k) == kind)
                .fold(0u32, |a, (_, n)| a.saturating_add(*n));
            (have == *n, format!("{} has {}", label(sc, *c), count(have, &format!("{kind} counter"))))
        }
        ExpectKind::Fate(nth, c, fate) => {
            let announced: Vec<Status> = g.spells.iter().filter(|s| s.card == *c).map(|s| s.status).collect();
            let want = match fate {
                Fate::Fizzled => Status::Fizzled,
                Fate::Countered => Status::Countered,
                Fate::Resolved => Status::Resolved,
            };
            let picked: Vec<Status> = match nth {
                Some(n) => {
                    announced.get(usize::try_from(*n).unwrap_or(0).wrapping_sub(1)).copied().into_iter().collect()
                }
                None => announced.clone(),
            };
            let found = if announced.is_empty() {
                format!("nothing was announced from {}", label(sc, *c))
            } else if picked.is_empty() {
                let times = match announced.len() {
                    1 => "once".to_owned(),
                    n => format!("{n} times"),
                };
                format!("{} was announced only {times}", label(sc, *c))
            } else {
                let fates: Vec<&str> = picked.iter().map(|s| fate_name(*s)).collect();
                format!("{}: {}", label(sc, *c), fates.join(", "))
            };
            (!picked.is_empty() && picked.iter().all(|s| *s == want), found)
        }
        ExpectKind::Burned(p, n) => {
            let b = g.player(*p).burned;
            (b == *n, format!("{} burned {b}", sc.setup.players[p.ix()]))
        }
        ExpectKind::Lost(p) => (g.player(*p).lost, result(sc, g)),
        ExpectKind::Won(p) => (!g.player(*p).lost && g.player(p.other()).lost, result(sc, g)),
        ExpectKind::NobodyLost => (g.players().iter().all(|p| !p.lost), result(sc, g)),
        ExpectKind::DpSteps(n) => (g.dp_steps == *n, count(g.dp_steps, "damage prevention step")),
        ExpectKind::Illegal(t) => match &out.stopped {
            Some(Stop::Illegal(_)) => {
                let msg = out
                    .events
                    .iter()
                    .find_map(|e| match &e.kind {
                        EventKind::Illegal { text, reason, hint, .. } => Some(format!(
                            "{text}: {reason}{}",
                            hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default()
                        )),
                        _ => None,
                    })
                    .unwrap_or_default();
                (msg.to_lowercase().contains(&t.to_lowercase()), format!("stopped at `{msg}`"))
            }
            _ => (false, "the run completed without an illegal line".to_owned()),
        },
        ExpectKind::TraceContains(t) => {
            (text.lines().any(|l| l.contains(t.as_str())), "no trace line contains it".to_owned())
        }
    };
    Verdict { line: e.text.clone(), holds, found: (!holds).then_some(found) }
}

fn result(sc: &Scenario, g: &Game) -> String {
    let lost: Vec<&str> = (0..2).filter(|&i| g.players()[i].lost).map(|i| sc.setup.players[i].as_str()).collect();
    if lost.is_empty() { "nobody lost".to_owned() } else { format!("{} lost", lost.join(" and ")) }
}

/// The final board for the answer.
#[must_use]
pub fn board(sc: &Scenario, g: &Game) -> Board {
    let phase = sc.setup.policies.phases[g.phase];
    let moment = format!("{}'s {phase} phase (turn {} of the run)", sc.setup.players[g.active.ix()], g.turn);
    // Every creature's power and toughness in one pass (not a look at every card per creature).
    let all = crate::engine::power_toughness_all(&sc.setup.library, g);
    let players = (0..2u8)
        .map(|i| {
            let p = PlayerId(i);
            let names = |z: Zone| -> Vec<String> { g.zone(z, Some(p)).into_iter().map(|c| label(sc, c)).collect() };
            let in_play = g
                .zone(Zone::Play, Some(p))
                .into_iter()
                .map(|c| {
                    let card = g.card(c);
                    let mut s = label(sc, c);
                    let mut notes = Vec::new();
                    // A creature now: printed, or an animated land or artifact.
                    if sc.setup.library.get(card.def).kind.is_creature()
                        || crate::engine::chars::chars(&sc.setup.library, g, c).is_creature()
                    {
                        let (pw, t) = all.get(usize::from(c.0)).copied().unwrap_or_default();
                        notes.push(format!("{pw}/{t}"));
                    }
                    if card.tapped {
                        notes.push("tapped".into());
                    }
                    if card.damage > 0 {
                        notes.push(format!("{} damage", card.damage));
                    }
                    if !notes.is_empty() {
                        s = format!("{s} ({})", notes.join(", "));
                    }
                    s
                })
                .collect();
            let pl = g.player(p);
            let known = u32::try_from(g.zone(Zone::Library, Some(p)).len()).unwrap_or(0);
            PlayerBoard {
                name: sc.setup.players[p.ix()].clone(),
                life: pl.life,
                pool: crate::engine::pool_text(&pl.pool),
                in_play,
                hand: names(Zone::Hand),
                graveyard: names(Zone::Graveyard),
                removed: names(Zone::Removed),
                limbo: names(Zone::Limbo),
                library: known + pl.library_unknown,
                hand_unknown: pl.hand_unknown,
            }
        })
        .collect();
    let modern_zones = sc.setup.policies.stack == crate::edition::StackModel::Stack;
    Board { moment, players, modern_zones }
}
