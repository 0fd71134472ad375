//! Fourth Edition destruction: permanents "on the way to the graveyard" during a damage
//! prevention step, and regeneration as an instant-speed effect played in that step.
//!
//! Sources: 002 Changes Between Fourth and Fifth Edition Rules (Damage Prevention,
//! Regeneration, On Its Way to the Graveyard); the Fourth Edition FAQ and General Rulings
//! Summary (Damage Prevention; The Graveyard and Going to the Graveyard; Playing Spells or
//! Using Abilities).

use super::action::{Action, Announce};
use super::refusal::Refusal;
use super::state::{CardId, Source, SpellId, Target, Zone};
use super::{Engine, Stop};
use crate::edition::{Destruction, RegenerationUse};
use crate::grammar::ability::{Effect, Who};
use crate::trace::{EventKind, Rule};

const GRAVEYARD: Rule =
    Rule::f4("The Graveyard and Going to the Graveyard: on the way only during a damage prevention step");
const REGEN_4E: Rule = Rule::g("Changes from Fourth Edition: Regeneration");
pub(super) const PLAYING: Rule = Rule::f4(
    "Playing Spells or Using Abilities: regeneration only in a damage prevention step, on a creature on the way to the graveyard",
);

impl Engine<'_> {
    /// Whether destruction waits for a damage prevention step (4e).
    pub(super) fn destruction_stepped(&self) -> bool {
        self.pol.destruction == Destruction::PreventionStep
    }

    /// Whether regeneration is an instant-speed effect of the damage prevention step (4e).
    pub(super) fn regeneration_in_prevention(&self) -> bool {
        self.pol.regeneration == RegenerationUse::InPrevention
    }

    /// Puts permanents on their way to the graveyard, for the damage prevention step that follows.
    pub(super) fn send_on_its_way(&mut self, cards: &[CardId], bury: bool, cause: &str) {
        for &c in cards {
            if self.game.card(c).zone != Zone::Play || self.game.on_its_way.iter().any(|(d, ..)| *d == c) {
                continue;
            }
            self.game.on_its_way.push((c, bury, cause.to_owned()));
            self.emit(EventKind::OnItsWay { card: self.label(c), cause: cause.to_owned() }, Some(GRAVEYARD));
        }
    }

    /// Whether a creature is on its way to the graveyard in the step now open: sent by a destroy
    /// effect, or with lethal damage counting the damage still waiting in the step.
    pub(super) fn is_on_its_way(&self, c: CardId) -> bool {
        self.is_on_its_way_at(c, None)
    }

    /// [`Self::is_on_its_way`] with the creature's toughness when the caller knows it.
    fn is_on_its_way_at(&self, c: CardId, toughness: Option<i32>) -> bool {
        if self.game.card(c).zone != Zone::Play || self.game.regenerated.contains(&c) {
            return false;
        }
        if self.game.on_its_way.iter().any(|(d, ..)| *d == c) {
            return true;
        }
        if !self.is_creature(c) {
            return false;
        }
        let waiting: u32 =
            self.game.packets.iter().filter(|p| p.to == Target::Card(c)).map(|p| p.amount).fold(0, u32::saturating_add);
        let t = toughness.unwrap_or_else(|| self.pt(c).1);
        t <= 0 || i64::from(self.game.card(c).damage.saturating_add(waiting)) >= i64::from(t)
    }

    /// The names of what is on its way at the start of a step, with why.
    pub(super) fn on_its_way_list(&self) -> Vec<String> {
        let mut out: Vec<String> =
            self.game.on_its_way.iter().map(|(c, _, cause)| format!("{} ({cause})", self.label(*c))).collect();
        let all = super::query::power_toughness_all(self.lib, &self.game);
        for c in self.game.zone(Zone::Play, None) {
            let t = all.get(usize::from(c.0)).map(|pt| pt.1);
            if self.is_creature(c) && self.is_on_its_way_at(c, t) && !self.game.on_its_way.iter().any(|(d, ..)| *d == c)
            {
                let why = if t.unwrap_or_else(|| self.pt(c).1) <= 0 { "toughness 0 or less" } else { "lethal damage" };
                out.push(format!("{} ({why})", self.label(c)));
            }
        }
        out
    }

    /// The end of a Fourth Edition step, after the damage is dealt: a regenerated creature's
    /// damage is ignored; whatever is still on its way goes to the graveyard. A regenerated
    /// creature still at toughness 0 or less is on its way again, in a new step (4th Ed. FAQ,
    /// Specific Cards: Weakness and Drudge Skeletons).
    pub(super) fn end_of_step_4e(&mut self) -> Result<(), Stop> {
        for c in self.game.regenerated.clone() {
            if self.game.card(c).zone == Zone::Play && self.game.card(c).damage > 0 {
                self.game.clear_damage(c);
                self.emit(
                    EventKind::Lasting { what: format!("the damage on {} is ignored: it regenerated", self.label(c)) },
                    Some(REGEN_4E),
                );
            }
        }
        // What the step's damage left at lethal: it dies with what was sent on its way. A creature
        // that reaches lethal only as those leave play (an enchantment's bonus lost) gets a step
        // of its own (4th Ed. FAQ, Damage Prevention: toughness lowered to lethal).
        let lethal: Vec<CardId> =
            self.dying_now().into_iter().map(|(c, _)| c).filter(|c| !self.game.regenerated.contains(c)).collect();
        let sent = std::mem::take(&mut self.game.on_its_way);
        let rule = Rule::f4("Damage Prevention: the permanents destroyed or buried are processed in that step");
        for (c, bury, _) in sent {
            if self.game.card(c).zone != Zone::Play || self.game.regenerated.contains(&c) {
                continue;
            }
            let creature = self.is_creature(c);
            if bury {
                self.game.buried.push(c);
                self.emit(EventKind::Buried { card: self.label(c), creature }, Some(rule));
            } else {
                self.emit(EventKind::Dies { card: self.label(c) }, Some(rule));
            }
            self.put_in_graveyard(c);
        }
        for c in lethal {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            self.emit(
                EventKind::Dies { card: self.label(c) },
                Some(Rule::f4("Damage Prevention: lethal damage, toughness included")),
            );
            self.put_in_graveyard(c);
        }
        self.bury_orphans();
        self.game.regenerated.clear();
        if !self.dying_now().is_empty() {
            self.emit(
                EventKind::PlayOut {
                    what: "a creature is left at lethal damage or toughness 0 or less as the step ends: it is on its way again, in a new step".into(),
                },
                Some(Rule::f4("Damage Prevention: toughness lowered to lethal; Specific Cards: Weakness (the cycle repeats)")),
            );
            return self.prevention_step();
        }
        Ok(())
    }

    /// `P regenerates C` under Fourth Edition: the regeneration ability `p` controls for `c`,
    /// announced like any instant.
    pub(super) fn regeneration_announcement(&self, p: super::state::PlayerId, c: CardId) -> Result<Announce, Stop> {
        let srcs = self.regeneration_sources(p, c);
        match srcs.as_slice() {
            [] => Err(self.no_regeneration_source(p, c)),
            [(card, i)] => Ok(Announce::plain(p, *card, Source::Ability(*i))),
            _ => Err(Stop::Choice {
                line: None,
                message: format!(
                    "several regeneration abilities can save {}: write `activates CARD` to pick one",
                    self.label(c)
                ),
            }),
        }
    }

    /// Why a regeneration cannot be played now under Fourth Edition, if it cannot.
    pub(super) fn regeneration_problem_4e(&self, a: &Action) -> Option<String> {
        self.regeneration_fault_4e(a).map(|r| self.refusal_text(&r))
    }

    /// Why a regeneration cannot be played now under Fourth Edition, as a refusal.
    pub(super) fn regeneration_fault_4e(&self, a: &Action) -> Option<Refusal> {
        let c = self.regeneration_target(a)?;
        let in_step = self.game.ctx.iter().any(|x| x.kind == super::state::CtxKind::Prevention);
        (!in_step || !self.is_on_its_way(c)).then_some(Refusal::Regeneration4e { card: c, in_step })
    }

    /// A Fourth Edition regeneration's fault in words.
    pub(super) fn regeneration_4e_text(&self, c: CardId, in_step: bool) -> String {
        if in_step {
            format!("{} is not on its way to the graveyard", self.label(c))
        } else {
            format!(
                "{} may regenerate only during a damage prevention step, while it is on its way to the graveyard",
                self.label(c)
            )
        }
    }

    /// A regeneration effect resolving under Fourth Edition.
    pub(super) fn regenerate_4e(&mut self, id: SpellId, who: &Who, source: CardId, chosen: Option<CardId>) {
        let target = match who {
            Who::This => Some(source),
            Who::Enchanted => self.game.card(source).enchanting,
            Who::Target(_) => chosen,
            Who::That => self.game.spell(id).event.as_ref().and_then(|e| e.card),
        };
        let fail = |e: &mut Self, reason: String| {
            e.emit(EventKind::Fails { spell: e.slabel(id), reason }, Some(REGEN_4E));
        };
        let Some(c) = target.filter(|&c| self.game.card(c).zone == Zone::Play) else {
            return fail(self, "the creature is no longer in play".into());
        };
        if self.game.regenerated.contains(&c) {
            return fail(
                self,
                format!("{} has already regenerated in this step: only one regeneration succeeds", self.label(c)),
            );
        }
        if self.game.on_its_way.iter().any(|(d, bury, _)| *d == c && *bury) {
            return fail(self, format!("{} is being buried, which regeneration cannot stop", self.label(c)));
        }
        if self.game.disintegrated.contains(&c) {
            return fail(self, format!("{} cannot regenerate this turn", self.label(c)));
        }
        if !self.is_on_its_way(c) {
            return fail(self, format!("{} is not on its way to the graveyard", self.label(c)));
        }
        self.game.tap(c);
        self.game.regenerated.push(c);
        self.game.on_its_way.retain(|(d, ..)| *d != c);
        self.emit(EventKind::RegeneratedOnItsWay { card: self.label(c) }, Some(REGEN_4E));
        let in_combat = self.game.combat().is_some_and(|cb| cb.in_combat(c));
        if in_combat {
            if let Some(cb) = self.game.combat_mut().as_mut() {
                cb.inert.push(c);
            }
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{} stays in the combat, but deals and is dealt no more combat damage",
                        self.label(c)
                    ),
                },
                Some(REGEN_4E),
            );
        }
    }

    /// Whether an effect is a regeneration the edition plays as an instant.
    pub(super) fn instant_regeneration(&self, effect: &Effect) -> bool {
        matches!(effect, Effect::Regenerate(_)) && self.regeneration_in_prevention()
    }
}
