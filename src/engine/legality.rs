//! Whether an announcement is legal where it is made: the card's zone, the moment (speed,
//! phase, damage prevention step), and its targets (002 Spell and Ability Timing, Step 1 and
//! Step 2; Kinds and Speeds; Targeting).

use super::action::{Announce, TargetRef};
use super::announce::Speed;
use super::state::{CtxKind, Source, Target, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::edition::InterruptTargets;
use crate::grammar::ability::{Effect, TargetKind};
use crate::trace::Rule;

const STEP1: Rule = Rule::g("Spell and Ability Timing, Step 1: Announcing a Spell/Ability");
const STEP2: Rule = Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability");
const DP_ONLY: Rule = Rule::g("Damage Prevention (glossary): only during a damage prevention step");
const DP_MAIN: Rule = Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step A");

impl Engine<'_> {
    /// The card must be in its caster's hand, or in play under the activating player's control.
    /// Checked as the announcement is made, after the windows the line closes and its implied
    /// passes: an interrupt that took effect meanwhile (4e, Alpha) may have moved the card.
    pub(super) fn check_source_zone(&self, an: &Announce) -> Result<(), Stop> {
        let card = self.game.card(an.card);
        let name = self.label(an.card);
        match an.source {
            Source::Spell(_) if card.zone != Zone::Hand || card.owner != an.player => Err(Stop::illegal(
                format!("{name} is not in {}'s hand (it is in {})", self.pname(an.player), self.zone_phrase(an.card)),
                Rule::g(
                    "Spell and Ability Timing, Kinds and Speeds: casting a spell means playing a card from your hand",
                ),
                None,
            )),
            Source::Ability(_) if card.zone != Zone::Play || card.controller != an.player => Err(Stop::illegal(
                format!(
                    "{} does not control {name} in play (it is in {})",
                    self.pname(an.player),
                    self.zone_phrase(an.card)
                ),
                // A card out of play has no ability to play; Alpha says so of a permanent an
                // interrupt destroyed (003 p.34), hence its own section for the citation tables.
                Rule::g(if card.zone == Zone::Play {
                    "Who Plays Abilities"
                } else {
                    "Who Plays Abilities: the controller of the card in play"
                }),
                None,
            )),
            // 002 Artifact: an artifact that is not a creature loses its abilities while tapped.
            Source::Ability(_) if card.tapped && self.def(an.card).kind == CardKind::Artifact => Err(Stop::illegal(
                format!("{name} is a tapped artifact: it has lost its abilities until it untaps"),
                Rule::g("Artifact: tapped artifacts lose their abilities"),
                None,
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn interrupt_out_of_time(&self, an: &Announce) -> Stop {
        let target = an.targets.first().and_then(|t| match t {
            TargetRef::Card(c) => Some(*c),
            TargetRef::Player(_) => None,
        });
        if let Some(c) = target
            && let Some(s) = self.live_spell_of(c)
        {
            return Stop::illegal(
                format!(
                    "{} was already successfully cast and waits in a batch; an interrupt may target only a spell while it is being cast",
                    self.slabel(s)
                ),
                STEP2,
                Some("write the interrupt right after the line that announces the spell it answers"),
            );
        }
        // A mana source resolved the moment it was announced: it never had a window.
        let mana_source = target.is_some_and(|c| {
            self.game.spells.iter().any(|sp| {
                sp.card == c
                    && self
                        .effect_of(sp.card, sp.source)
                        .is_some_and(|e| self.speed(sp.card, sp.source, &e) == Speed::ManaSource)
            })
        });
        if let Some(c) = target.filter(|_| mana_source) {
            return Stop::illegal(
                format!(
                    "{} is a mana source: it resolved as soon as it was announced and can never be interrupted",
                    self.label(c)
                ),
                Rule::g("Mana Source"),
                None,
            );
        }
        Stop::illegal("no spell is being cast, so there is nothing an interrupt can target", STEP2, None)
    }

    /// Sorcery-speed limits, damage-prevention-only moments, phases without priority.
    pub(super) fn check_timing(&self, an: &Announce, speed: Speed, effect: &Effect) -> Result<(), Stop> {
        let name = self.label(an.card);
        let top = self.game.top();
        let prevention = matches!(effect, Effect::Prevent(..) | Effect::PreventAllFrom(_));
        if self.instant_regeneration(effect) {
            let a = super::action::Action::Announce(an.clone());
            if let Some(problem) = self.regeneration_problem_4e(&a) {
                return Err(self.regeneration_out_of_step(problem));
            }
            return Ok(());
        }
        if top.kind == CtxKind::Prevention && !prevention {
            return Err(Stop::illegal(
                format!(
                    "only spells and abilities that prevent or redirect damage may be played in a damage prevention step, and {name} does not"
                ),
                DP_MAIN,
                None,
            ));
        }
        let no_step = self.pol.prevention == crate::edition::PreventionTiming::NoStep;
        if no_step && matches!(effect, Effect::ReverseDamage) {
            self.require(crate::edition::Unmodelled::AlphaReverseDamage)?;
        }
        if top.kind == CtxKind::Phase && prevention && !no_step {
            // "Where there is damage to prevent" is 5e (002 L2087-2091); 4e allowed preventing
            // none (002 L4431-4432), so there the only reason is that no step is under way.
            let where_damage = if self.pol.prevent_zero { "" } else { " where there is damage to prevent" };
            return Err(Stop::illegal(
                format!(
                    "{name} prevents damage, so it may be played only during a damage prevention step{where_damage}"
                ),
                DP_ONLY,
                (!top.is_neutral()).then_some(
                    "write `resolve` before this line: the damage prevention step comes when the damage is dealt",
                ),
            ));
        }
        if self.game.ctx.len() > 1 && top.kind == CtxKind::Phase {
            return Err(Stop::illegal(
                "a batch is resolving: nothing new may be announced until it is empty",
                Rule::g("Spell and Ability Timing, Step 4: Resolution"),
                None,
            ));
        }
        let phase = self.pol.phases[self.game.phase];
        if !self.pol.has_priority(self.game.phase) {
            return Err(Stop::illegal(
                if self.pol.mana_without_priority {
                    format!("no spell or ability may be played in the {phase} phase (only mana sources)")
                } else {
                    format!("no spell or ability may be played in the {phase} phase, not even for mana")
                },
                Rule::g("Turn Order: no spells before or during untap (Phase 1), none in cleanup (Phase 6)"),
                None,
            ));
        }
        if speed == Speed::Sorcery {
            let kinds =
                Rule::g("Spell and Ability Timing, Kinds and Speeds: sorceries, summons, artifacts and enchantments");
            if an.player != self.game.active || phase != "main" {
                return Err(Stop::illegal(
                    format!(
                        "{name} may be cast only during its caster's own main phase (now: {}'s {phase} phase)",
                        self.pname(self.game.active)
                    ),
                    kinds,
                    None,
                ));
            }
            if let Some(cb) = &self.game.combat {
                return Err(Stop::illegal(
                    format!("{name} cannot be cast during an attack (now: its {} step)", cb.step.name()),
                    kinds,
                    None,
                ));
            }
            if !top.is_neutral() || self.game.ctx.len() > 1 {
                return Err(Stop::illegal(
                    format!("{name} can only start a batch, never respond to one"),
                    kinds,
                    Some("write `resolve` before this line"),
                ));
            }
        }
        Ok(())
    }

    /// Binds the line's targets at this moment (a card being cast is the spell).
    pub(super) fn bind_targets(&self, an: &Announce) -> Vec<Target> {
        an.targets
            .iter()
            .map(|t| match *t {
                TargetRef::Player(p) => Target::Player(p),
                TargetRef::Card(c) => match (self.game.card(c).zone, self.live_spell_of(c)) {
                    (Zone::Limbo, Some(s)) => Target::Spell(s),
                    _ => Target::Card(c),
                },
            })
            .collect()
    }

    /// Checks targets on announcement: count, kinds, distinct, protection, interrupts' reach.
    pub(super) fn check_targets(&self, an: &Announce, effect: &Effect, targets: &[Target]) -> Result<(), Stop> {
        const TARGETING: Rule = Rule::g("Targeting--Announcing and Resolving");
        let name = self.label(an.card);
        let Some(spec) = effect.target() else {
            if targets.is_empty() {
                return Ok(());
            }
            return Err(Stop::illegal(format!("{name} has no targets"), STEP1, None));
        };
        if targets.is_empty() {
            return Err(Stop::illegal(format!("{name} needs a target"), STEP1, Some("add `on TARGET`")));
        }
        if !spec.many && targets.len() > 1 {
            return Err(Stop::illegal(
                format!("{name} takes one target, the line names {}", targets.len()),
                STEP1,
                None,
            ));
        }
        for (i, t) in targets.iter().enumerate() {
            if targets[..i].contains(t) {
                return Err(Stop::illegal(
                    format!("{} is chosen twice; the same target may not be selected twice", self.tlabel(*t)),
                    STEP1,
                    None,
                ));
            }
        }
        let colors = self.colors(an.card);
        for &t in targets {
            if let Some(problem) = self.target_problem(spec, t, &colors) {
                // Aiming at a spell is governed by the interrupt rules (002 Step 2).
                let rule = if matches!(t, Target::Spell(_)) && spec.kinds.contains(&TargetKind::Spell) {
                    STEP2
                } else {
                    TARGETING
                };
                return Err(Stop::illegal(format!("{} cannot target {}: {problem}", name, self.tlabel(t)), rule, None));
            }
            // The edition says which spells being cast an interrupt may reach.
            if let Target::Spell(s) = t
                && self.pol.interrupt_targets == InterruptTargets::Innermost
            {
                let innermost = self.game.top().windows.last().map(|w| w.spell);
                if innermost != Some(s) {
                    let current = innermost.map_or_else(|| "nothing".to_owned(), |w| self.slabel(w));
                    return Err(Stop::illegal(
                        format!(
                            "an interrupt may target only the spell most recently announced and still being cast ({current}), not {}",
                            self.slabel(s)
                        ),
                        STEP2,
                        None,
                    ));
                }
            }
        }
        if let Effect::PreventAllFrom(col) = effect
            && self.sources_of_color(an.player, *col, &an.packet_sources).is_empty()
        {
            return Err(Stop::illegal(
                format!("there is no damage to {} from a {} source to prevent", self.pname(an.player), col.name()),
                Rule::g("Damage Prevention (glossary): only with damage to prevent"),
                None,
            ));
        }
        if let Effect::Prevent(..) = effect {
            for &t in targets {
                // Fourth Edition allowed preventing zero damage (002 Changes: Damage Prevention).
                if !self.has_packet(t, &an.packet_sources) && !self.pol.prevent_zero {
                    return Err(Stop::illegal(
                        format!("there is no damage to {} to prevent", self.tlabel(t)),
                        Rule::g("Damage Prevention (glossary): only with damage to prevent"),
                        None,
                    ));
                }
            }
        }
        Ok(())
    }
}
