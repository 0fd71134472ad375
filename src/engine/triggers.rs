//! Triggered abilities: found once the event that triggers them is over, then resolved at once,
//! the active player's first, each nesting its own triggers (002 Triggered Abilities).

use super::state::{CardId, PlayerId, Source, Spell, Status, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::Trigger;
use crate::trace::{EventKind, Rule};

const TRIGGERED: Rule = Rule::g("Spell and Ability Timing, Triggered Abilities");

impl Engine<'_> {
    /// Whether `p` controls a land of this basic type.
    pub(super) fn controls_land(&self, p: PlayerId, land: &str) -> bool {
        self.game.zone(Zone::Play, Some(p)).into_iter().any(|c| self.def(c).name.eq_ignore_ascii_case(land))
    }

    /// Resolves every triggered ability whose event has happened, until none is left.
    pub(super) fn run_triggers(&mut self) -> Result<(), Stop> {
        // Each round consumes what fired (deaths are taken, states are marked), so rounds end;
        // the bound only guards against a card definition that keeps killing its own victims.
        for _ in 0..64 {
            let fired = self.collect_triggers();
            if fired.is_empty() {
                return Ok(());
            }
            self.fire(fired)?;
        }
        Ok(())
    }

    /// The `at end of turn` abilities, at the end of the cleanup phase (000 Cleanup).
    pub(super) fn end_of_turn_triggers(&mut self) -> Result<(), Stop> {
        let no_creatures = !self.game.zone(Zone::Play, None).into_iter().any(|c| self.def(c).kind.is_creature());
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
        for c in self.game.zone(Zone::Play, None) {
            let controller = self.game.card(c).controller;
            // The library outlives the engine's borrow of itself.
            let lib = self.lib;
            for (i, (t, _)) in lib.get(self.game.card(c).def).triggered().iter().enumerate() {
                let i = u8::try_from(i).unwrap_or(0);
                match t {
                    Trigger::ControlNo(land) => {
                        // A state fires once each time it becomes true, not at every look.
                        let holds = !self.controls_land(controller, land);
                        let seen = self.game.state_fired.contains(&(c, i));
                        if holds && !seen {
                            self.game.state_fired.push((c, i));
                            fired.push((c, i, t.to_string()));
                        } else if !holds && seen {
                            self.game.state_fired.retain(|x| *x != (c, i));
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

    /// Resolves fired abilities: the active player's first, in play order (002 Rule Triggers).
    fn fire(&mut self, mut fired: Vec<(CardId, u8, String)>) -> Result<(), Stop> {
        let active = self.game.active;
        fired.sort_by_key(|(c, _, _)| u8::from(self.game.card(*c).controller != active));
        for (c, i, text) in fired {
            self.emit(EventKind::Triggers { card: self.label(c), trigger: text }, Some(TRIGGERED));
            let id = self.game.add_spell(Spell {
                card: c,
                controller: self.game.card(c).controller,
                source: Source::Triggered(i),
                targets: Vec::new(),
                x: 0,
                colors: self.colors(c),
                packet_sources: Vec::new(),
                status: Status::Waiting,
            });
            self.depth = self.depth.saturating_add(1);
            let r = self.resolve_spell(id);
            self.depth = self.depth.saturating_sub(1);
            r?;
        }
        Ok(())
    }
}
