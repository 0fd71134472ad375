//! The annotated text trace: one sentence per event, the rule it applies in brackets.

use super::{Board, Event, EventKind, Report};
use std::fmt::Write as _;

/// "1 step", "2 steps": a number with its noun in the singular or the plural.
#[must_use]
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

fn list(items: &[String]) -> String {
    if items.is_empty() { "none".to_owned() } else { items.join(", ") }
}

/// One event as a sentence (without its rule).
#[must_use]
pub(crate) fn sentence(kind: &EventKind) -> String {
    use EventKind as K;
    match kind {
        K::Start { player, phase, step: None } => {
            format!("{player}'s turn, {phase} phase, neutral state: {player} acts first")
        }
        K::Start { player, phase, step: Some(step) } => {
            format!("{player}'s turn, {phase} phase, inside an attack: the {step} step")
        }
        K::Redefined { card, before, now } => {
            format!("card {card} is redefined by {now} (was {before})")
        }
        K::Line { number, text } => format!("line {number}: {text}"),
        K::PhaseBegins { phase, player } => format!("{player}'s {phase} phase begins"),
        K::PhaseEnds { phase, checks: true } => {
            format!("end of the {phase} phase: end-of-phase effects, then mana burn, then the life check")
        }
        K::PhaseEnds { phase, checks: false } => {
            format!("end of the {phase}: not really a phase, so no mana burn and no life check yet")
        }
        K::OnStack { spell, below, keeps } => {
            let on = if below.is_empty() {
                "on the stack".to_owned()
            } else {
                format!("on the stack, above {}", below.join(", then "))
            };
            format!("{spell} goes {on}; {keeps} keeps priority")
        }
        K::TriggerOnStack { spell, below } => {
            if below.is_empty() {
                format!("{spell} goes on the stack")
            } else {
                format!("{spell} goes on the stack, above {}", below.join(", then "))
            }
        }
        K::TopResolves { spell, left } => {
            let rest = if left.is_empty() {
                "the stack is then empty".to_owned()
            } else {
                format!("still on the stack: {}", left.join(", then "))
            };
            format!("both players pass in a row: {spell}, the top of the stack, resolves ({rest})")
        }
        K::ToughnessZero { card } => {
            format!("{card} has toughness 0 or less: it is put into its owner's graveyard (not destroyed)")
        }
        K::ShieldRegenerates { card } => format!(
            "{card}'s regeneration shield is used up: instead of being destroyed it is tapped, removed from combat and its damage removed"
        ),
        K::PartBegins { part, player } => format!("{player}'s {part} begins"),
        K::StepEnds { phase } => format!("the {phase} ends (no mana burn, no life check)"),
        K::PoolEmpties { player, mana } => {
            format!("{player}'s unused {mana} disappears from the mana pool (no mana burn)")
        }
        K::LandPlayed { player, card } => {
            format!("{player} plays {card}; play returns to the neutral state")
        }
        K::ManaAdded { player, source, mana, auto } => {
            let how = if *auto { " (paying automatically)" } else { "" };
            format!("{source} adds {mana} to {player}'s mana pool{how}")
        }
        K::Announced { player, verb, spell, targets, cost, x, mode, .. } => {
            let mut s = format!("{player} {verb} {spell}");
            if let Some(m) = mode {
                let _ = write!(s, " choosing {m}");
            }
            if let Some(x) = x {
                let _ = write!(s, " with X={x}");
            }
            if !targets.is_empty() {
                let _ = write!(s, " targeting {}", targets.join(", "));
            }
            let _ = write!(s, ", paying {cost}");
            s
        }
        K::WindowOpens { spell, ability, first } => {
            // A phase effect a player plays (the one triggered ability with a window) is played.
            let being = if spell.ends_with("triggered ability") {
                "being played"
            } else if *ability {
                "being activated"
            } else {
                "being cast"
            };
            format!("{spell} is {being}: only interrupts against it now; {first} acts first")
        }
        K::WindowCloses { spell, why } => format!("nobody interrupts {spell} ({why})"),
        K::Chooses { spell, choice } => format!("{spell}: {choice} is chosen"),
        K::PreventionStepEnds { number } => {
            format!("end of damage prevention step {number}: automatic redirection, then the damage left is dealt")
        }
        K::Specialized { spell } => {
            format!("{spell} is a specialized ability: it is not placed in a batch and resolves at once")
        }
        K::SeriesRestarts { first } => {
            format!("the event has changed: a new series of specialized abilities begins, {first} first")
        }
        K::Pays { player, amount, cost, by, paid } => {
            let what = cost.clone().unwrap_or_else(|| amount.to_string());
            if *paid {
                format!("{player} pays {what} for {by}")
            } else {
                format!("{player} does not pay {what} for {by}")
            }
        }
        K::AttackIntention { player, cancels: true } => {
            format!("{player} declares the intention to attack; the defender may respond, which cancels it")
        }
        K::AttackIntention { player, cancels: false } => format!("{player} declares the intention to attack"),
        K::AttackCancelled { by } => format!("{by} responds to the declaration: the attack is cancelled"),
        K::StepBegins { step } => format!("attack: {step} step"),
        K::Attacks { card, tapped: true } => format!("{card} attacks and becomes tapped"),
        K::Attacks { card, tapped: false } => format!("{card} attacks (it does not tap to attack)"),
        K::Blocks { blocker, attacker } => format!("{blocker} blocks {attacker}"),
        K::NoBlockers { player, more: true } => format!("{player} declares no more blockers"),
        K::NoBlockers { player, more: false } => format!("{player} declares no blockers"),
        K::Unblocked { card } => format!("{card} is not blocked"),
        K::RemovedFromCombat { card, why } => format!("{card} is removed from combat ({why})"),
        K::Redirected { source, from, to, amount, why } => {
            format!("{amount} damage from {source} to {from} is redirected to {to} ({why})")
        }
        K::CombatEnds => "the attack is over; the main phase goes on in its neutral state".to_owned(),
        K::Lasting { what } => what.clone(),
        K::Triggers { card, trigger } => format!("{card} triggers ({trigger})"),
        K::Discards { player, card } => format!("{player} discards {card}"),
        K::Sacrifices { player, card, why } => format!("{player} sacrifices {card} {why}"),
        K::PlayedAs { card, kind, why } => format!("{card} is played as {kind}: {why}"),
        K::Band { members } => format!("{} attack as a band", and_list(members)),
        K::BlocksBand { blocker, members } => {
            format!("{blocker} blocks the whole band: {} (mutual assistance)", and_list(members))
        }
        K::Divides { player, attacker, among, why } => {
            format!("{player} divides {attacker}'s damage among {among}: {why}")
        }
        K::Orders { player, cards } => {
            format!("{player} orders the abilities that triggered together: {}", cards.join(", then "))
        }
        K::LifeCheck => "life check: nobody has less than 1 life".to_owned(),
        K::Passes { player, implied } => {
            if *implied {
                format!("{player} passes (implied: the next line is the other player's)")
            } else {
                format!("{player} passes")
            }
        }
        K::InterruptsResolve { spell, order } => {
            format!("the interrupts against {spell} resolve, last in first out: {}", order.join(", then "))
        }
        K::EntersBatch { spell, ability, against, batch, earlier, first } => {
            let done = if spell.ends_with("triggered ability") {
                "successfully played"
            } else if *ability {
                "successfully activated"
            } else {
                "successfully cast"
            };
            let mut batch = batch.clone();
            if *earlier > 0 {
                batch.insert(0, format!("{earlier} earlier"));
            }
            match against {
                None => format!(
                    "{spell} is {done} and waits in the batch [{}]; {first} may respond first",
                    batch.join(", ")
                ),
                Some(target) => format!(
                    "{spell} is {done} and waits in the interrupt batch against {target} [{}]; {first} may add interrupts first",
                    batch.join(", ")
                ),
            }
        }
        K::ResolvesAtOnce { spell } => {
            format!("{spell} is successfully cast and, as an interrupt, resolves at once")
        }
        K::InterruptWaits { spell, first, target } => format!(
            "{spell} is successfully cast, but {first}, aimed at {target} before it and still being cast, takes effect first: {spell} waits"
        ),
        K::WaitedResolves { spell, after } => format!("{spell}, which waited for {after}, now takes effect"),
        K::ManaSourceResolves { spell } => {
            format!("{spell} is a mana source: it resolves at once and cannot be interrupted or responded to")
        }
        K::BatchResolves { order } => format!("the batch resolves, last in first out: {}", order.join(", then ")),
        K::Resolves { spell } => format!("{spell} resolves"),
        K::Fizzles { spell, reason } => format!("{spell} fizzles: {reason}"),
        K::PartlyFizzles { spell, illegal } => {
            format!("{spell} fizzles for {} and resolves for the rest", list(illegal))
        }
        K::Countered { spell, by } => format!("{spell} is countered by {by}"),
        K::PriorityRestored { first, passed } => {
            let note = if *passed { " (a pass made before it still stands)" } else { "" };
            format!("play returns to where it was before the countered spell: {first} acts{note}")
        }
        K::Moved { card, from, to } => format!("{card} moves from {from} to {to}"),
        K::EnchantmentMoved { card, from, to } => {
            format!(
                "{card} moves from {from} onto {to}, as if just cast there: its counters, text and colour changes and choices are gone"
            )
        }
        K::EntersPlay { card, controller } => {
            format!("{card} enters play under {controller}'s control")
        }
        K::DamageAssigned { source, to, amount } => {
            format!("{source} assigns {amount} damage to {to}")
        }
        K::PreventionStep { number, packets, on_its_way } => {
            let mut s = format!("damage prevention step {number}; packets: {}", list(packets));
            if !on_its_way.is_empty() {
                s.push_str(&format!("; on the way to the graveyard: {}", list(on_its_way)));
            }
            s
        }
        K::Places { player, spell, before, other } => {
            let side = if *before { "before" } else { "after" };
            format!("{player} places {spell} {side} {other}")
        }
        K::BatchTakesEffect { order } => {
            format!(
                "the batch takes effect together; where order matters, each later spell goes before the one it answers unless its caster placed it: {}",
                order.join(", then ")
            )
        }
        K::RegeneratedOnItsWay { card } => format!(
            "{card} regenerates: it becomes tapped and is no longer on its way to the graveyard; its damage will be ignored"
        ),
        K::OnItsWay { card, cause } => format!("{card} is on its way to the graveyard ({cause})"),
        K::Prevented { source, to, amount, by, gone } => {
            let end = if *gone { "; that packet ceases to exist" } else { "" };
            format!("{by} prevents {amount} damage from {source} to {to}{end}")
        }
        K::DamageDealt { source, to, amount } => {
            format!("{amount} damage from {source} is dealt to {to}")
        }
        K::Life { player, from, to } => format!("{player}'s life: {from} -> {to}"),
        K::BeingDestroyed { card, cause, creature: true } => {
            format!("{card} is being destroyed ({cause}); it may regenerate now")
        }
        K::BeingDestroyed { card, cause, creature: false } => format!("{card} is being destroyed ({cause})"),
        K::Regenerated { card } => {
            format!("{card} regenerates: it becomes tapped and all damage on it is removed")
        }
        K::Buried { card, creature: true } => format!("{card} is buried; it cannot be regenerated"),
        K::Buried { card, creature: false } => format!("{card} is buried"),
        K::Dies { card } => format!("{card} is destroyed"),
        K::Pumped { card, power, toughness, now } => {
            format!("{card} gets {power:+}/{toughness:+} until end of turn (now {now})")
        }
        K::Granted { card, keyword } => format!("{card} gains {keyword} until end of turn"),
        K::Animated { card, now } => format!("{card} becomes a {now} creature until end of turn"),
        K::AnimatedForCombat { card, now } => format!("{card} becomes a {now} creature until end of combat"),
        K::CombatEffectsEnd { cards } => {
            format!("the effects lasting until end of combat on {} end", cards.join(", "))
        }
        K::ColorSet { card, color, spell: false } => format!("{card} becomes {color} for as long as it is in play"),
        K::ColorSet { card, color, spell: true } => {
            format!("the spell {card} becomes {color}; a permanent it becomes keeps that colour")
        }
        K::TextChanged { card, old, new } if old.is_empty() => {
            format!("{card}'s text holds no word to replace with {new}: nothing changes")
        }
        K::TextChanged { card, old, new } => format!("{card}'s text now says {new} where it said {old}"),
        K::Lost { card, keyword } => format!("{card} loses {keyword} until end of turn"),
        K::BaseSet { card, power, toughness, now } => {
            format!("{card} becomes {power}/{toughness} until end of turn, its other effects kept (now {now})")
        }
        K::Tapped { card, tapped, already } => {
            let state = if *tapped { "tapped" } else { "untapped" };
            if *already { format!("{card} stays {state} (it already was)") } else { format!("{card} becomes {state}") }
        }
        K::Bounced { card, owner } => format!("{card} returns to {owner}'s hand"),
        K::Fails { spell, reason } => format!("{spell} fails: {reason}"),
        K::ManaBurn { player, amount, damage: false } => {
            format!("{player} takes {amount} mana burn for unspent mana")
        }
        K::ManaBurn { player, amount, damage: true } => {
            format!("{player}'s unspent mana burns: {amount} damage to {player} (damage, not loss of life)")
        }
        K::WearsOff { what } => format!("{what} wear off"),
        K::Draws { player } => format!("{player} draws a card"),
        K::Untaps { player } => format!("{player}'s permanents untap"),
        K::Loses { player, reason } => format!("{player} loses the game: {reason}"),
        K::NotPlayed { number, text } => {
            format!("line {number} not played (the game is over): {text}")
        }
        K::PlayOut { what } => what.clone(),
        K::Illegal { number, text, reason, hint } => {
            let mut s = format!("ILLEGAL line {number}: {text}\n  reason: {reason}");
            if let Some(h) = hint {
                let _ = write!(s, "\n  hint: {h}");
            }
            s
        }
    }
}

fn event_line(out: &mut String, e: &Event) {
    let indent = "  ".repeat(usize::from(e.depth));
    let text = sentence(&e.kind);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let _ = write!(out, "{indent}{first}");
    if let Some(r) = e.rule {
        let _ = write!(out, "  [{r}]");
    }
    out.push('\n');
    for l in lines {
        let _ = writeln!(out, "{indent}{l}");
    }
}

/// The final board as text.
#[must_use]
pub fn render_board(board: &Board) -> String {
    let mut out = format!("answer, at {}:\n", board.moment);
    for p in &board.players {
        let _ = writeln!(out, "  {}: life {}, mana pool {}, library {}", p.name, p.life, p.pool, p.library);
        let (play, removed, limbo) = if board.modern_zones {
            ("on the battlefield", "in exile", "on the stack")
        } else {
            ("in play", "removed from game", "in limbo (cast, not yet resolved)")
        };
        let _ = writeln!(out, "    {play}: {}", list(&p.in_play));
        let unknown = if p.hand_unknown > 0 { format!(" (and {} unknown)", p.hand_unknown) } else { String::new() };
        let _ = writeln!(out, "    hand: {}{unknown}", list(&p.hand));
        let _ = writeln!(out, "    graveyard: {}", list(&p.graveyard));
        if !p.removed.is_empty() {
            let _ = writeln!(out, "    {removed}: {}", list(&p.removed));
        }
        if !p.limbo.is_empty() {
            let _ = writeln!(out, "    {limbo}: {}", list(&p.limbo));
        }
    }
    out
}

/// The whole annotated trace: header, events, answer, expectations.
#[must_use]
pub fn render_text(report: &Report) -> String {
    let mut out = format!("scenario: {}\n", report.scenario);
    if let Some(q) = &report.question {
        let _ = writeln!(out, "question: {q}");
    }
    if let Some(s) = &report.source {
        let _ = writeln!(out, "source: {s}");
    }
    let rules = match report.rules.as_str() {
        "5e" => "5e (Fifth Edition rulebook, with the General Rulings Summary of 07/15/97 where they differ)",
        "4e" => {
            "4e (Fifth Edition rules changed back as the General Rulings Summary's list of changes from Fourth Edition says; a difference not modelled stops the run)"
        }
        other => other,
    };
    let _ = writeln!(out, "rules: {rules}\n");
    for e in &report.events {
        event_line(&mut out, e);
    }
    out.push('\n');
    out.push_str(&render_board(&report.board));
    if !report.verdicts.is_empty() {
        out.push_str("expectations:\n");
        for v in &report.verdicts {
            let mark = if v.holds { "ok  " } else { "FAIL" };
            let _ = write!(out, "  [{mark}] {}", v.line);
            if let Some(f) = &v.found {
                let _ = write!(out, " -- found: {f}");
            }
            out.push('\n');
        }
    }
    out
}

/// "A, B and C".
#[must_use]
pub fn and_list(names: &[String]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}
