//! Triggered abilities: found once the event that triggers them is over, then resolved at once,
//! the active player's first, each nesting its own triggers (002 Triggered Abilities).

use super::action::Action;
use super::refusal::{ACTIVE_ORDERS_ALL as ALL, Refusal};
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, PlayerId, Source, Spell, Status, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::Trigger;
use crate::trace::{EventKind, Rule};
use std::collections::HashSet;

const TRIGGERED: Rule = Rule::g("Spell and Ability Timing, Triggered Abilities");
pub(super) const ORDER: Rule =
    Rule::g("Spell and Ability Timing, Specialized Abilities (several at once: each player orders theirs)");

impl Engine<'_> {
    /// Whether `p` controls a land of this basic land type (its type now, not its name).
    pub(super) fn controls_land(&self, p: PlayerId, land: &str) -> bool {
        let key = crate::cards::type_key(land);
        self.game.zone(Zone::Play, Some(p)).into_iter().any(|c| self.is_land_of_type(c, &key))
    }

    /// Whether the permanent is a land of this type now (a [`crate::cards::type_key`]).
    pub(super) fn is_land_of_type(&self, c: CardId, key: &str) -> bool {
        let ch = self.chars(c);
        ch.kind == crate::cards::CardKind::Land && ch.has_subtype(key)
    }

    /// Resolves every triggered ability whose event has happened, until none is left.
    pub(super) fn run_triggers(&mut self) -> Result<(), Stop> {
        // m13: abilities that trigger during a resolution wait for it to end and for the
        // state-based actions; they go on the stack before anyone gets priority (001 L342-348).
        if self.on_the_stack() && self.resolving > 0 {
            return Ok(());
        }
        // Each round consumes what fired (deaths are taken, states are marked), so rounds end;
        // the bound only guards against a card definition that keeps killing its own victims.
        for _ in 0..64 {
            let fired = self.collect_triggers();
            if fired.is_empty() {
                return Ok(());
            }
            self.fire(fired)?;
        }
        Err(Stop::Unsupported {
            line: None,
            message: "triggered abilities kept firing for 64 rounds: a loop that would not end, stopped here"
                .to_owned(),
        })
    }

    /// The `at end of turn` abilities, at the end of the cleanup phase (000 Cleanup).
    pub(super) fn end_of_turn_triggers(&mut self) -> Result<(), Stop> {
        // Attack or die: each creature that had to attack and did not is destroyed, able or
        // not (002 Attack or Die Effects, L1382-1386).
        let forced = std::mem::take(&mut self.game.must_attack);
        let doomed: Vec<CardId> = forced
            .into_iter()
            .filter(|&c| {
                self.game.card(c).zone == Zone::Play && self.is_creature(c) && !self.game.attacked_with.contains(&c)
            })
            .collect();
        if !doomed.is_empty() {
            self.destroy(
                &doomed,
                "it had to attack this turn and did not",
                crate::trace::Rule::g("Attack or Die Effects"),
            )?;
        }
        let no_creatures = !self.game.zone(Zone::Play, None).into_iter().any(|c| self.is_creature(c));
        let mut fired = Vec::new();
        for c in self.game.zone(Zone::Play, None) {
            for (i, (t, _)) in self.def(c).triggered().iter().enumerate() {
                if **t == Trigger::EndOfTurnIfNoCreatures && no_creatures {
                    fired.push((c, u8::try_from(i).unwrap_or(0), t.to_string()));
                }
            }
        }
        self.fire(fired)?;
        self.run_triggers()
    }

    fn collect_triggers(&mut self) -> Vec<(CardId, u8, String)> {
        let died = std::mem::take(&mut self.game.died);
        let mut fired = Vec::new();
        let in_play = self.game.zone(Zone::Play, None);
        // The names each player controls and the states already fired, gathered once: a look
        // per trigger at every permanent would make many such cards cost the square.
        let mut controlled: [HashSet<String>; 2] = [HashSet::new(), HashSet::new()];
        let states = in_play.iter().any(|&c| {
            self.def(c).abilities.iter().any(|a| {
                matches!(a, crate::grammar::ability::Ability::Triggered(t, _) if matches!(t, Trigger::ControlNo(_)))
            })
        });
        if states {
            for &c in &in_play {
                let p = self.game.card(c).controller;
                let ch = self.chars(c);
                if ch.kind == crate::cards::CardKind::Land {
                    controlled[p.ix()].extend(ch.subtypes.iter().cloned());
                }
            }
        }
        let mut seen_states: HashSet<(CardId, u8)> = self.game.state_fired.iter().copied().collect();
        // A permanent that left play in the same event still sees it: a triggered ability can
        // trigger on its own permanent leaving play, and resolves with its source gone (002
        // L932-935), so a Sengir Vampire dying with a creature it damaged triggers too.
        // Only that kind of trigger looks at an event: a state (Sea Serpent's) is one of play.
        let gone: Vec<CardId> = died.iter().filter(|d| !in_play.contains(d)).copied().collect();
        for c in in_play.iter().chain(&gone).copied() {
            let in_play_now = !gone.contains(&c);
            let controller = self.game.card(c).controller;
            // The library outlives the engine's borrow of itself.
            let lib = self.lib;
            // With its text changed (Magical Hack on Sea Serpent), a trigger waits for the new words.
            let text = self.text_of(c);
            let swapped: Vec<crate::grammar::ability::Ability> = if text.is_empty() {
                Vec::new()
            } else {
                lib.get(self.game.card(c).def).abilities.iter().map(|a| super::chars::swap_ability(a, &text)).collect()
            };
            let triggered: Vec<(&Trigger, &crate::grammar::ability::Effect)> = if text.is_empty() {
                lib.get(self.game.card(c).def).triggered()
            } else {
                swapped
                    .iter()
                    .filter_map(|a| match a {
                        crate::grammar::ability::Ability::Triggered(t, e) => Some((t, e)),
                        _ => None,
                    })
                    .collect()
            };
            for (i, (t, _)) in triggered.iter().enumerate() {
                let i = u8::try_from(i).unwrap_or(0);
                match t {
                    Trigger::ControlNo(land) if in_play_now => {
                        // A state fires once each time it becomes true, not at every look.
                        let holds = !controlled[controller.ix()].contains(&crate::cards::type_key(land));
                        let seen = seen_states.contains(&(c, i));
                        if holds && !seen {
                            self.game.state_fired.push((c, i));
                            seen_states.insert((c, i));
                            fired.push((c, i, t.to_string()));
                        } else if !holds && seen {
                            self.game.state_fired.retain(|x| *x != (c, i));
                            seen_states.remove(&(c, i));
                        }
                    }
                    Trigger::DamagedCreatureDies => {
                        // One trigger for each creature it damaged this turn that has died.
                        for &d in &died {
                            if self.game.damaged.contains(&(c, d)) {
                                fired.push((c, i, format!("{}: {} died", t, self.label(d))));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        fired
    }

    /// Resolves fired abilities: the active player's first, then the other's, each player's in
    /// the order they choose (`orders`) or else in play order (002 Specialized Abilities, which
    /// triggered abilities follow; phase effects alike, 002 About The Phases L71-76).
    fn fire(&mut self, mut fired: Vec<(CardId, u8, String)>) -> Result<(), Stop> {
        let active = self.game.active;
        fired.sort_by_key(|(c, _, _)| u8::from(self.game.card(*c).controller != active));
        if self.pol.trigger_timing == crate::edition::TriggerTiming::OnTheStack {
            return self.stack_triggers(fired);
        }
        // Abilities that trigger together are all shown triggering before any is ordered or
        // resolved; a lone one is shown just before it resolves.
        let together = fired.len() > 1;
        if together {
            for (c, _, text) in &fired {
                self.emit(EventKind::Triggers { card: self.label(*c), trigger: text.clone() }, Some(TRIGGERED));
            }
        }
        // 4e changed the order of phase effects only (002 Changes: Phase Effects); other
        // triggers follow the specialized ability rules in every edition.
        if self.pol.active_orders_all && fired.iter().all(|&(c, i, _)| self.is_phase_effect(c, i)) {
            self.order_all(&mut fired)?;
        } else {
            for p in [active, active.other()] {
                self.order_own(p, &mut fired)?;
            }
        }
        // 4e: one damage prevention step for all the effects one event triggered, or for all
        // the "at end of turn" effects (4th Ed. FAQ, Triggered Effects; Rules About Phases).
        let hold = u32::from(self.pol.prevention == crate::edition::PreventionTiming::EndOfBatch);
        self.resolving += hold;
        self.trigger_group += hold;
        let r = self.resolve_fired(fired, together);
        self.resolving -= hold;
        self.trigger_group -= hold;
        r?;
        self.end_of_batch_step(
            "the triggered effects are over",
            Rule::f4("Triggered Effects: one damage prevention step for all the effects one event triggers"),
        )
    }

    /// m13: abilities that triggered go on the stack, each player's in the order that player
    /// chooses (`orders` names the order in which they resolve); the active player's go first,
    /// so the other player's resolve first. 001 is silent on both players' triggers at once:
    /// the 2012 Comprehensive Rules, 603.3b (APNAP order), are followed. Then the active player
    /// gets priority.
    fn stack_triggers(&mut self, mut fired: Vec<(CardId, u8, String)>) -> Result<(), Stop> {
        if fired.is_empty() {
            return Ok(());
        }
        let active = self.game.active;
        for (c, _, text) in &fired {
            self.emit(
                EventKind::Triggers { card: self.label(*c), trigger: text.clone() },
                Some(Rule::m("Triggered Abilities (L342-348): it triggers and goes on the stack")),
            );
        }
        for p in [active, active.other()] {
            self.order_own(p, &mut fired)?;
        }
        let both = fired.iter().any(|(c, _, _)| self.game.card(*c).controller == active)
            && fired.iter().any(|(c, _, _)| self.game.card(*c).controller != active);
        for p in [active, active.other()] {
            let mine: Vec<(CardId, u8)> =
                fired.iter().filter(|(c, _, _)| self.game.card(*c).controller == p).map(|(c, i, _)| (*c, *i)).collect();
            for &(c, i) in mine.iter().rev() {
                let id = self.game.add_spell(Spell {
                    card: c,
                    controller: p,
                    source: Source::Triggered(i),
                    targets: Vec::new(),
                    x: 0,
                    colors: self.colors(c),
                    packet_sources: Vec::new(),
                    chosen: None,
                    replaced: None,
                    text: self.chars(c).text,
                    sacrificed: Vec::new(),
                    discarded: Vec::new(),
                    source_power: self.pt(c).0,
                    enchanted: self.game.card(c).enchanting,
                    alternative: false,
                    division: Vec::new(),
                    status: Status::Waiting,
                });
                self.game.top_mut().batch.push(id);
                let below: Vec<String> = self.game.top().batch.iter().rev().skip(1).map(|&s| self.slabel(s)).collect();
                let rule = if both {
                    Rule::cr(
                        "603.3b: each player, in APNAP order, puts the abilities they control on the stack (001 is silent)",
                    )
                } else {
                    Rule::m("Triggered Abilities (L342-348); Parts of the Turn (L478)")
                };
                self.emit(EventKind::TriggerOnStack { spell: self.slabel(id), below }, Some(rule));
            }
        }
        let top = self.game.top_mut();
        top.holder = active;
        top.passes = 0;
        Ok(())
    }

    /// Whether a triggered ability happens at the beginning or end of a phase.
    fn is_phase_effect(&self, c: CardId, i: u8) -> bool {
        self.def(c)
            .triggered()
            .get(usize::from(i))
            .is_some_and(|(t, _)| matches!(t, crate::grammar::ability::Trigger::EndOfTurnIfNoCreatures))
    }

    /// Resolves fired abilities in order, each fully before the next.
    fn resolve_fired(&mut self, fired: Vec<(CardId, u8, String)>, together: bool) -> Result<(), Stop> {
        for (c, i, text) in fired {
            if !together {
                self.emit(EventKind::Triggers { card: self.label(c), trigger: text }, Some(TRIGGERED));
            }
            let id = self.game.add_spell(Spell {
                card: c,
                controller: self.game.card(c).controller,
                source: Source::Triggered(i),
                targets: Vec::new(),
                x: 0,
                colors: self.colors(c),
                packet_sources: Vec::new(),
                source_power: self.pt(c).0,
                chosen: None,
                replaced: None,
                text: self.chars(c).text,
                sacrificed: Vec::new(),
                discarded: Vec::new(),
                enchanted: self.game.card(c).enchanting,
                alternative: false,
                division: Vec::new(),
                status: Status::Waiting,
            });
            self.depth = self.depth.saturating_add(1);
            let r = self.resolve_spell(id);
            self.depth = self.depth.saturating_sub(1);
            r?;
        }
        Ok(())
    }

    /// Fourth Edition: the active player orders every effect that happens together, the
    /// opponent's included (002 Changes: Phase Effects; 4th Ed. FAQ, Rules About Phases).
    fn order_all(&mut self, fired: &mut [(CardId, u8, String)]) -> Result<(), Stop> {
        let active = self.game.active;
        let mut cards: Vec<CardId> = Vec::new();
        for (c, _, _) in fired.iter() {
            if !cards.contains(c) {
                cards.push(*c);
            }
        }
        if self.offered(&Decision::Order { player: active, cards: &cards, all: true }).is_none() {
            return Ok(());
        }
        let i = self.driver.position();
        let named = match self.action_of(i) {
            Some(Action::Order(q, named)) => {
                if q != active {
                    return Err(Stop::refuse(Refusal::NotActiveOrders { player: q, active }).at_line(i));
                }
                named
            }
            _ => return Ok(()),
        };
        self.take_line();
        if named.len() != cards.len() || !cards.iter().all(|c| named.contains(c)) {
            return Err(Stop::refuse(Refusal::OrderAll { cards: cards.clone() }).at_line(i));
        }
        fired.sort_by_key(|(c, _, _)| named.iter().position(|n| n == c));
        let labels = named.iter().map(|&c| self.label(c)).collect();
        self.emit(EventKind::Orders { player: self.pname(active), cards: labels }, Some(ALL));
        Ok(())
    }

    /// Applies `P orders A, B ...` at the cursor to P's abilities among `fired`, when P has
    /// abilities of two or more cards there; every such card must be named once.
    fn order_own(&mut self, p: PlayerId, fired: &mut [(CardId, u8, String)]) -> Result<(), Stop> {
        let mut cards: Vec<CardId> = Vec::new();
        for (c, _, _) in fired.iter() {
            if self.game.card(*c).controller == p && !cards.contains(c) {
                cards.push(*c);
            }
        }
        if self.offered(&Decision::Order { player: p, cards: &cards, all: false }).is_none() {
            return Ok(());
        }
        let Some(i) = self.take_line() else { return Ok(()) };
        let Some(Action::Order(_, named)) = self.action_of(i) else { return Ok(()) };
        let same = named.len() == cards.len() && cards.iter().all(|c| named.contains(c));
        if !same {
            return Err(Stop::refuse(Refusal::OrderOwn { player: p, cards: cards.clone() }).at_line(i));
        }
        // Stable: two abilities of one card keep their order; the other player's stay put.
        let start = fired.iter().position(|(c, _, _)| self.game.card(*c).controller == p).unwrap_or(0);
        let len = fired[start..].iter().take_while(|(c, _, _)| self.game.card(*c).controller == p).count();
        fired[start..start + len].sort_by_key(|(c, _, _)| named.iter().position(|n| n == c));
        let labels = named.iter().map(|&c| self.label(c)).collect();
        self.emit(EventKind::Orders { player: self.pname(p), cards: labels }, Some(ORDER));
        Ok(())
    }
}
