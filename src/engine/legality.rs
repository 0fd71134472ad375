//! Whether an announcement is legal where it is made: the card's zone, the moment (speed,
//! phase, damage prevention step), and its targets (002 Spell and Ability Timing, Step 1 and
//! Step 2; Kinds and Speeds; Targeting).

use super::action::{Announce, TargetRef};
use super::announce::Speed;
use super::refusal::{Refusal, TargetFault};
use super::state::{CtxKind, Source, Target, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::edition::InterruptTargets;
use crate::grammar::ability::{Effect, TargetKind};
use crate::trace::Rule;

pub(super) const STEP1: Rule = Rule::g("Spell and Ability Timing, Step 1: Announcing a Spell/Ability");
pub(super) const STEP2: Rule = Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability");
pub(super) const DP_ONLY: Rule = Rule::g("Damage Prevention (glossary): only during a damage prevention step");
pub(super) const DP_MAIN: Rule = Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step A");
pub(super) const TARGETING: Rule = Rule::g("Targeting--Announcing and Resolving");

impl Engine<'_> {
    /// The card must be in its caster's hand, or in play under the activating player's control.
    /// Checked as the announcement is made, after the windows the line closes and its implied
    /// passes: an interrupt that took effect meanwhile (4e, Alpha) may have moved the card.
    pub(super) fn check_source_zone(&self, an: &Announce) -> Result<(), Stop> {
        let card = self.game.card(an.card);
        let (c, player, place) = (an.card, an.player, self.place(an.card));
        match an.source {
            Source::Spell(_) if card.zone != Zone::Hand || card.owner != an.player => {
                Err(Stop::refuse(Refusal::CastNotFromHand { card: c, player, place }))
            }
            // A card may let any player use an ability (Land's Edge).
            Source::Ability(i)
                if card.zone != Zone::Play
                    || (card.controller != an.player
                        && !self.ability_cost(an.card, i).is_some_and(|c| c.any_player)) =>
            {
                Err(Stop::refuse(Refusal::AbilityNotControlled { card: c, player, place }))
            }
            // 002 Artifact: an artifact that is not a creature loses its abilities while tapped.
            Source::Ability(_)
                if card.tapped && self.kind(an.card) == CardKind::Artifact && self.pol.tapped_artifacts_off =>
            {
                Err(Stop::refuse(Refusal::TappedArtifact { card: c }))
            }
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
            return Stop::refuse(Refusal::InterruptTooLate { spell: s });
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
            return Stop::refuse(Refusal::ManaSourceUninterruptible { card: c });
        }
        Stop::refuse(Refusal::NothingToInterrupt)
    }

    /// Sorcery-speed limits, damage-prevention-only moments, phases without priority.
    pub(super) fn check_timing(&self, an: &Announce, speed: Speed, effect: &Effect) -> Result<(), Stop> {
        let top = self.game.top();
        let prevention = matches!(effect, Effect::Prevent(..) | Effect::PreventAllFrom(_));
        if self.instant_regeneration(effect) {
            let a = super::action::Action::Announce(an.clone());
            if let Some(fault) = self.regeneration_fault_4e(&a) {
                return Err(Stop::refuse(fault));
            }
            return Ok(());
        }
        if top.kind == CtxKind::Prevention && !prevention {
            return Err(Stop::refuse(Refusal::NotPreventionInStep { card: an.card }));
        }
        let no_step = self.pol.prevention == crate::edition::PreventionTiming::NoStep;
        if no_step && matches!(effect, Effect::ReverseDamage) {
            self.require(crate::edition::Unmodelled::AlphaReverseDamage)?;
            self.require(crate::edition::Unmodelled::RetroactivePrevention)?;
        }
        if top.kind == CtxKind::Phase && prevention && !no_step {
            // "Where there is damage to prevent" is 5e (002 L2087-2091); 4e allowed preventing
            // none (002 L4431-4432), so there the only reason is that no step is under way.
            return Err(Stop::refuse(Refusal::PreventionOutsideStep {
                card: an.card,
                needs_damage: !self.pol.prevent_zero,
                pending: !top.is_neutral(),
            }));
        }
        if self.game.ctx.len() > 1 && top.kind == CtxKind::Phase {
            return Err(Stop::refuse(Refusal::BatchResolving));
        }
        let phase = self.pol.phases[self.game.phase];
        if !self.pol.has_priority(self.game.phase) {
            let (phase, mana) = (self.game.phase, self.pol.mana_without_priority);
            return Err(Stop::refuse(Refusal::NoPlayInPhase { phase, mana }));
        }
        if speed == Speed::Sorcery {
            // (m13: either main phase, 001 L289, L524-526.)
            if an.player != self.game.active || (phase != "main" && phase != "main 2") {
                let (active, phase) = (self.game.active, self.game.phase);
                return Err(Stop::refuse(Refusal::SorceryOutsideMain { card: an.card, active, phase }));
            }
            if let Some(cb) = self.game.combat() {
                return Err(Stop::refuse(Refusal::SorceryInAttack { card: an.card, step: cb.step }));
            }
            if !top.is_neutral() || self.game.ctx.len() > 1 {
                return Err(Stop::refuse(Refusal::SorceryResponds { card: an.card }));
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
        let Some(spec) = effect.target() else {
            if targets.is_empty() {
                return Ok(());
            }
            return Err(Stop::refuse(Refusal::NoTargets { card: an.card }));
        };
        if targets.is_empty() {
            return Err(Stop::refuse(Refusal::NeedsTarget { card: an.card }));
        }
        if let Some(n) = effect.target_count() {
            if targets.len() != n {
                return Err(Stop::refuse(Refusal::TargetCount { card: an.card, wanted: n, named: targets.len() }));
            }
        } else if !spec.many && targets.len() > 1 {
            return Err(Stop::refuse(Refusal::OneTarget { card: an.card, named: targets.len() }));
        }
        for (i, t) in targets.iter().enumerate() {
            if targets[..i].contains(t) {
                return Err(Stop::refuse(Refusal::TargetTwice { target: *t }));
            }
        }
        let colors = self.colors(an.card);
        for (i, &t) in targets.iter().enumerate() {
            let spec = effect.target_at(i).unwrap_or(spec);
            let itself = spec.filters.contains(&crate::grammar::ability::Filter::NotThis) && t == Target::Card(an.card);
            let moved = || match (effect, targets.first()) {
                (Effect::MoveEnchantment(..), Some(&first)) => self.move_fault(first, t, i),
                // `in your graveyard`: the caster's own graveyard.
                _ => match t {
                    Target::Card(c)
                        if spec.filters.contains(&crate::grammar::ability::Filter::YouControl)
                            && self.game.card(c).controller != an.player =>
                    {
                        Some(TargetFault::NotYours)
                    }
                    Target::Card(c)
                        if spec.kinds.contains(&TargetKind::GraveyardCreature)
                            && self.game.card(c).zone == Zone::Graveyard
                            && self.game.card(c).owner != an.player =>
                    {
                        Some(TargetFault::NotYourGraveyard)
                    }
                    _ => None,
                },
            };
            // A copy card looks at its target with every effect removed: a land or artifact made
            // a creature by an effect cannot be copied (002 Copy Cards, L1759-1768).
            let made = matches!(effect, Effect::Copy(_))
                && matches!(t, Target::Card(c) if !self.def(c).kind.is_creature() && self.is_creature(c));
            let own = if itself { Some(TargetFault::Itself) } else { made.then_some(TargetFault::CreatureByEffect) };
            // `target opponent`: any player but the caster; `this`: the ability's own permanent.
            let own = own
                .or_else(|| {
                    (spec.filters.contains(&crate::grammar::ability::Filter::OpponentControls)
                        && t == Target::Player(an.player))
                    .then_some(TargetFault::NotOpponent)
                })
                .or_else(|| {
                    (spec.filters.contains(&crate::grammar::ability::Filter::OnlyThis) && t != Target::Card(an.card))
                        .then_some(TargetFault::NotItself)
                })
                .or_else(|| {
                    // A local enchantment cast on a creature that refuses them (Bartel Runeaxe).
                    (matches!(effect, Effect::Enchant(_))
                        && matches!(t, Target::Card(c) if self.has_keyword(c, &crate::grammar::ability::Keyword::NoEnchantments)))
                    .then_some(TargetFault::NoEnchantments)
                });
            // Where a moved enchantment goes is not a target of the moving spell (002 L2846-2856):
            // only whether the enchantment could be cast there counts (`move_fault`).
            let onto = matches!(effect, Effect::MoveEnchantment(..)) && i == 1;
            let general = || if onto { None } else { self.target_fault(spec, t, &colors) };
            if let Some(fault) = own.or_else(general).or_else(moved) {
                // Aiming at a spell is governed by the interrupt rules (002 Step 2).
                let at_spell = matches!(t, Target::Spell(_)) && spec.kinds.contains(&TargetKind::Spell);
                return Err(Stop::refuse(Refusal::CannotTarget { card: an.card, target: t, fault, at_spell }));
            }
            // The edition says which spells being cast an interrupt may reach.
            if let Target::Spell(s) = t
                && self.pol.interrupt_targets == InterruptTargets::Innermost
            {
                let innermost = self.game.top().windows.last().map(|w| w.spell);
                if innermost != Some(s) {
                    return Err(Stop::refuse(Refusal::NotInnermost { innermost, spell: s }));
                }
            }
        }
        if let Effect::DamageDividedAsChosen(a, _) = effect {
            let amount = match a {
                crate::grammar::ability::Amount::Fixed(n) => u32::try_from(*n).unwrap_or(0),
                crate::grammar::ability::Amount::X(k) => {
                    an.x.unwrap_or(0).saturating_mul(u32::try_from(*k).unwrap_or(0))
                }
                // Only a pump reads a creature's power (Berserk).
                crate::grammar::ability::Amount::Power => 0,
            };
            let sum = an.division.iter().fold(0u32, |s, n| s.saturating_add(*n));
            let fits = if an.division.is_empty() {
                targets.len() == 1
            } else {
                // 002 L2050-2052: whole shares, none of them zero.
                an.division.len() == targets.len() && sum == amount && an.division.iter().all(|&n| n >= 1)
            };
            if !fits {
                return Err(Stop::refuse(Refusal::Division {
                    card: an.card,
                    amount,
                    division: an.division.clone(),
                    targets: targets.len(),
                }));
            }
        }
        if let Effect::CounterCostX(_) = effect {
            // 002 Casting Cost, L1575-1580: X paid for the target counts while it is cast.
            let x = an.x.unwrap_or(0);
            for &t in targets {
                if let Target::Spell(s) = t
                    && self.spell_converted_cost(s) != x
                {
                    let fault = TargetFault::CostNotX { cost: self.spell_converted_cost(s), x };
                    return Err(Stop::refuse(Refusal::CannotTarget {
                        card: an.card,
                        target: t,
                        fault,
                        at_spell: true,
                    }));
                }
            }
        }
        if let Effect::PreventAllFrom(col) = effect
            && self.sources_of_color(an.player, *col, &an.packet_sources).is_empty()
        {
            return Err(Stop::refuse(Refusal::NoColorDamage { player: an.player, color: *col }));
        }
        if let Effect::Prevent(..) = effect {
            for &t in targets {
                // Fourth Edition allowed preventing zero damage (002 Changes: Damage Prevention).
                if !self.has_packet(t, &an.packet_sources) && !self.pol.prevent_zero {
                    return Err(Stop::refuse(Refusal::NoDamageToPrevent { target: t }));
                }
            }
        }
        Ok(())
    }
}
