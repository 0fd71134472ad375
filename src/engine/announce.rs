//! Announcing spells and abilities: speed and timing, targets, costs, limbo (002 Step 1).

use super::action::Announce;
use super::refusal::Refusal;
use super::state::{CardId, CtxKind, Source, Spell, Status, Target, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::grammar::ability::{Ability, Effect, TargetKind};
use crate::trace::{EventKind, Rule};

/// How a spell or ability is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Speed {
    /// Resolves at once; cannot be interrupted or responded to.
    ManaSource,
    /// Targets a spell being cast.
    Interrupt,
    /// Instant speed; in a batch.
    Instant,
    /// Only in the active player's main phase, to start a batch.
    Sorcery,
    /// Used at a special moment (regeneration).
    Specialized,
}

pub(super) const KINDS: Rule = Rule::g("Spell and Ability Timing, Kinds and Speeds of Abilities");
const STEP1: Rule = Rule::g("Spell and Ability Timing, Step 1: Announcing a Spell/Ability");

impl Engine<'_> {
    /// The speed of an announcement (002 Kinds and Speeds; mass errata on interrupts).
    pub(super) fn speed(&self, card: CardId, source: Source, effect: &Effect) -> Speed {
        let spell_kind = self.kind_under_rules(card);
        if self.on_the_stack() {
            // 001 has no interrupts and no mana source spells: every spell that is not a
            // permanent, sorcery or instant-speed is an instant on the stack (L107, L724), Dark
            // Ritual included; only abilities that add mana skip the stack (L1060-1062).
            return match (source, effect) {
                (Source::Spell(_), _)
                    if matches!(spell_kind, CardKind::Interrupt | CardKind::ManaSource | CardKind::Instant) =>
                {
                    Speed::Instant
                }
                (Source::Spell(_), _) => Speed::Sorcery,
                (_, Effect::AddMana(_)) => Speed::ManaSource,
                (Source::Ability(_), _) => Speed::Instant,
                (Source::Triggered(_), _) => Speed::Specialized,
            };
        }
        match (source, effect) {
            // Dark Ritual was an interrupt before Fifth Edition (002 Changes: Mana Source).
            (Source::Spell(_), Effect::AddMana(_) | Effect::AddManaPerSacrificedCost(_))
                if spell_kind == CardKind::Interrupt =>
            {
                Speed::Instant
            }
            (_, Effect::AddMana(_) | Effect::AddManaPerSacrificedCost(_)) => Speed::ManaSource,
            // A regeneration spell (Death Ward) is played as a specialized effect, only when the
            // creature is being destroyed (002 Regeneration, L3363-3366, L3392-3394).
            (Source::Spell(_), Effect::Regenerate(_))
                if self.pol.regeneration == crate::edition::RegenerationUse::Specialized =>
            {
                Speed::Specialized
            }
            // Fourth Edition: regeneration is an instant-speed effect (002 Changes: Regeneration).
            (Source::Ability(_), Effect::Regenerate(_)) if self.regeneration_in_prevention() => Speed::Instant,
            (Source::Ability(_), Effect::Regenerate(_)) | (Source::Triggered(_), _) => Speed::Specialized,
            // An ability aimed at a spell being cast is played as an interrupt, as its card says
            // (Stromgald Cabal; 002 Interrupt: only interrupts are played against a spell being cast).
            (Source::Ability(_), e) if e.target().is_some_and(|t| t.kinds.contains(&TargetKind::Spell)) => {
                Speed::Interrupt
            }
            (Source::Ability(_), _) => Speed::Instant,
            (Source::Spell(_), e) => match spell_kind {
                CardKind::ManaSource => Speed::ManaSource,
                // An interrupt that does not target a spell is played as an instant (002 Interrupt).
                CardKind::Interrupt if e.target().is_some_and(|t| t.kinds.contains(&TargetKind::Spell)) => {
                    Speed::Interrupt
                }
                CardKind::Interrupt | CardKind::Instant => Speed::Instant,
                _ => Speed::Sorcery,
            },
        }
    }

    /// `P casts ...` / `P activates ...` at the current moment.
    pub(super) fn announce(&mut self, an: &Announce) -> Result<(), Stop> {
        let Some(effect) = self.effect_of(an.card, an.source) else {
            return Err(Stop::refuse(Refusal::NoSuchAbility { card: an.card }));
        };
        // A phase effect a player chooses to play now (the only triggered ability a line plays).
        if let Source::Triggered(i) = an.source {
            return self.play_phase_effect(an, i, &effect);
        }
        // Attack or die: only on the turn of the player whose creatures it forces, before the
        // attack (002 Attack or Die Effects, L1387-1394).
        let before_attack = match an.source {
            Source::Ability(i) => self.ability_cost(an.card, i).is_some_and(|c| c.before_opponents_attack),
            Source::Spell(_) => {
                self.def(an.card).abilities.iter().any(|a| matches!(a, Ability::OpponentsTurnBeforeAttack))
            }
            Source::Triggered(_) => false,
        };
        if before_attack
            && (self.game.active == an.player
                || self.game.attacked
                || self.game.combat().is_some()
                || !matches!(self.phase_name(), "upkeep" | "draw" | "main"))
        {
            return Err(Stop::refuse(Refusal::Cost {
                card: an.card,
                fault: super::costs::CostFault::OnlyBeforeOpponentsAttack,
            }));
        }
        // Nor when that player cannot declare an attack later this turn (Festival: 002 L1395-1397).
        if before_attack && self.game.no_attack {
            return Err(Stop::refuse(Refusal::Cost {
                card: an.card,
                fault: super::costs::CostFault::NoAttackThisTurn,
            }));
        }
        // `cast only during an opponent's upkeep` (Festival).
        if matches!(an.source, Source::Spell(_))
            && self.def(an.card).abilities.iter().any(|a| matches!(a, Ability::OpponentsUpkeepOnly))
            && (self.game.active == an.player || self.phase_name() != "upkeep")
        {
            return Err(Stop::refuse(Refusal::Cost {
                card: an.card,
                fault: super::costs::CostFault::OnlyInOpponentsUpkeep,
            }));
        }
        if let Source::Ability(i) = an.source {
            self.check_upkeep_lock(an.card)?;
            let upkeep_only = self.ability_cost(an.card, i).is_some_and(|c| c.upkeep_only);
            if upkeep_only && (self.phase_name() != "upkeep" || self.game.active != an.player) {
                return Err(Stop::refuse(Refusal::Cost {
                    card: an.card,
                    fault: super::costs::CostFault::OnlyInUpkeep,
                }));
            }
            if self.ability_cost(an.card, i).is_some_and(|c| c.after_blocks) && !self.after_blocks_now() {
                return Err(Stop::refuse(Refusal::Cost {
                    card: an.card,
                    fault: super::costs::CostFault::OnlyAfterBlocks,
                }));
            }
            // Imprison is asked as the ability is announced (a mana ability's as it is tapped
            // for, below), unless the tap in its cost is refused anyway.
            let card = self.game.card(an.card);
            let tap_refused = self.ability_cost(an.card, i).is_some_and(|c| c.tap)
                && (card.tapped || (card.sick && self.is_creature(an.card)));
            if !tap_refused
                && self.speed(an.card, an.source, &effect) != Speed::ManaSource
                && self.ability_stopped(an.card)?
            {
                return Ok(());
            }
        }
        if matches!(an.source, Source::Spell(_)) && self.end_of_blocks_spell(an.card) && !self.end_of_blocks_now() {
            return Err(Stop::refuse(Refusal::Cost {
                card: an.card,
                fault: super::costs::CostFault::OnlyAtEndOfBlocks,
            }));
        }
        if matches!(an.source, Source::Spell(_)) {
            self.check_expansion(an.card)?;
        }
        if let Some(step) = self.combat_only_step(an)? {
            return self.specialized_now(an, &effect, step);
        }
        let mut speed = self.speed(an.card, an.source, &effect);
        // An interrupt that may aim at a spell or a permanent (a Lace, Sleight of Mind) is
        // played as an instant when it aims at permanents only (002 Interrupt, as the Blasts).
        if speed == Speed::Interrupt
            && effect.target().is_some_and(|t| t.kinds.iter().any(|k| *k != TargetKind::Spell))
            && !an.targets.is_empty()
            && an.targets.iter().all(|t| match t {
                super::action::TargetRef::Card(c) => self.game.card(*c).zone == Zone::Play,
                super::action::TargetRef::Player(_) => true,
            })
        {
            speed = Speed::Instant;
        }
        match speed {
            Speed::ManaSource => {
                self.yield_to(an.player)?;
                self.mana_source(an, &effect)
            }
            Speed::Specialized => {
                // Name the creature it would save (Regeneration the enchantment saves another).
                let saved = self.regeneration_target(&super::action::Action::Announce(an.clone()));
                Err(self.regeneration_out_of_time(saved.unwrap_or(an.card)))
            }
            Speed::Interrupt => {
                self.yield_to(an.player)?;
                if self.game.top().windows.is_empty() {
                    return Err(self.interrupt_out_of_time(an));
                }
                self.announce_into_window(an, &effect)
            }
            speed => {
                let kind = self.kind_under_rules(an.card);
                if self.on_the_stack()
                    && matches!(an.source, Source::Spell(_))
                    && matches!(kind, CardKind::Interrupt | CardKind::ManaSource)
                {
                    self.emit(
                        EventKind::PlayedAs {
                            card: self.label(an.card),
                            kind: "an instant".into(),
                            why: "the M13 rules have no interrupts and no mana source spells: it is an instant, cast on the stack".into(),
                        },
                        Some(Rule::m("Card Type (L724): artifact, creature, enchantment, instant, land, planeswalker, sorcery")),
                    );
                } else if matches!(an.source, Source::Spell(_)) && kind == CardKind::Interrupt {
                    if self.kind(an.card) != CardKind::Interrupt {
                        self.emit(
                            EventKind::PlayedAs {
                                card: self.label(an.card),
                                kind: "an interrupt".into(),
                                why: format!(
                                    "its type under `rules: {}` is Interrupt: interrupts that only add mana became mana sources with Fifth Edition",
                                    self.pol.edition.name()
                                ),
                            },
                            Some(Rule::g("Changes from Fourth Edition: Mana Source")),
                        );
                    }
                    return self.untargeted_interrupt(an, speed, &effect);
                }
                self.close_all_windows()?;
                self.yield_to(an.player)?;
                let speed = self.as_instant(an, speed, &effect);
                self.check_timing(an, speed, &effect)?;
                if matches!(an.source, Source::Spell(_))
                    && self.end_of_blocks_spell(an.card)
                    && let Some(cb) = self.combat_mut()
                {
                    cb.blocks_closed_by = Some(an.card);
                }
                self.announce_into_window(an, &effect)
            }
        }
    }

    /// A permanent spell that may be cast as an instant (Armor of Thorns) is one when a sorcery
    /// could not be cast now; it is then marked, for its delayed effect (002 L2896-2901).
    fn as_instant(&mut self, an: &Announce, speed: Speed, effect: &Effect) -> Speed {
        let may = matches!(an.source, Source::Spell(_))
            && self
                .def(an.card)
                .triggered()
                .iter()
                .any(|(t, _)| **t == crate::grammar::ability::Trigger::CastAsInstant);
        if !may || speed != Speed::Sorcery {
            return speed;
        }
        self.game.cast_as_instant.retain(|&c| c != an.card);
        // A new casting: a delay left from an earlier one is not this one's.
        self.game.delayed.retain(|d| d.card != an.card);
        if self.check_timing(an, Speed::Sorcery, effect).is_ok() {
            return speed;
        }
        self.game.cast_as_instant.push(an.card);
        self.emit(
            EventKind::PlayedAs {
                card: self.label(an.card),
                kind: "an instant".into(),
                why: "it may be cast as an instant, and a sorcery could not be cast now: its delayed effect comes with it"
                    .into(),
            },
            Some(Rule::g("Moving Enchantments: the enchantments that can be played as an instant")),
        );
        Speed::Instant
    }

    /// An ability usable only during combat (Jade Statue): refused outside the attack (from the
    /// declaration of attackers to its end: before it, fast effects belong to the main phase,
    /// 002 L301-303). Returns the declaration step it is played in, if it is one: there it is
    /// played as a specialized ability by the player declaring (002 L313-317, L342-343,
    /// L364-366; the other player's line ends the declarations, as any other line), unless the rules
    /// allow fast effects in the declarations anyway (Alpha) or have no such steps (m13).
    fn combat_only_step(&self, an: &Announce) -> Result<Option<super::state::AttackStep>, Stop> {
        use super::state::AttackStep;
        let Source::Ability(i) = an.source else { return Ok(None) };
        if !self.ability_cost(an.card, i).is_some_and(|c| c.combat_only) {
            return Ok(None);
        }
        let step = self.game.combat().map(|cb| cb.step);
        let m13 = self.combat_phase();
        match step {
            Some(s) if m13 || s >= AttackStep::DeclareAttackers => {
                let declaring = self.declaring(an.player, s);
                Ok((declaring && !m13 && !self.pol.fast_effects_in_declarations).then_some(s))
            }
            _ => Err(Stop::refuse(Refusal::Cost { card: an.card, fault: super::costs::CostFault::OnlyDuringCombat })),
        }
    }

    /// Plays an ability as a specialized ability in a declaration step of the attack: announced,
    /// paid and resolved at once, in no batch, and the declarations go on (002 L313-317).
    fn specialized_now(&mut self, an: &Announce, effect: &Effect, step: super::state::AttackStep) -> Result<(), Stop> {
        self.check_source_zone(an)?;
        let targets = self.bind_targets(an);
        self.check_targets(an, effect, &targets)?;
        let id = self.announce_paid(an, targets)?;
        let rule = if step == super::state::AttackStep::DeclareBlockers {
            super::combat::BLOCKERS
        } else {
            super::combat::ATTACKERS
        };
        self.emit(EventKind::Specialized { spell: self.slabel(id) }, Some(rule));
        self.resolve_spell(id)?;
        self.run_triggers()
    }

    /// A card printed as an interrupt, played (card or mode) on no spell. Fifth Edition's errata
    /// makes it an instant (002 Interrupt). Before it, an interrupt was an interrupt however
    /// played: it takes effect as soon as it is cast, and nobody may respond to it (4th Ed. FAQ,
    /// Timing: Red Elemental Blast on a Prodigal Sorcerer; 003 p.12, p.37). Fourth Edition also
    /// allowed any interrupt during damage prevention (002 Changes: Damage Prevention).
    fn untargeted_interrupt(&mut self, an: &Announce, speed: Speed, effect: &Effect) -> Result<(), Stop> {
        use crate::edition::InterruptResolution;
        let interrupt = self.pol.interrupt_resolution == InterruptResolution::AtOnce;
        let (kind, why, rule) = if !interrupt {
            (
                "an instant",
                "it is printed as an interrupt, but as played here (card or mode) it targets no spell",
                Rule::g("Interrupt (mass errata: old interrupts that target no spell are instants)"),
            )
        } else if self.game.top().kind == CtxKind::Prevention && self.game.top().windows.is_empty() {
            (
                "an interrupt",
                "Fourth Edition allowed interrupts during damage prevention",
                Rule::g("Changes from Fourth Edition: Damage Prevention (interrupts were allowed during it)"),
            )
        } else if !self.game.top().windows.is_empty() {
            (
                "an interrupt",
                "it targets no spell, but such interrupts could be played while a spell was being cast",
                Rule::g("Changes from Fourth Edition: Interrupts (untargeted interrupts were allowed)"),
            )
        } else {
            (
                "an interrupt",
                "it targets no spell, and an interrupt takes effect as soon as it is cast: only another interrupt may answer it",
                // (Alpha cites its own page through the edition's citation table.)
                Rule::f4("Timing: an interrupt takes effect immediately unless another interrupt is used"),
            )
        };
        self.emit(EventKind::PlayedAs { card: self.label(an.card), kind: kind.into(), why: why.into() }, Some(rule));
        if interrupt && self.game.ctx.len() == 1 && !self.pol.has_priority(self.game.phase) {
            // Nothing is being cast, and no fast effect may be played in this phase.
            return self.check_timing(an, speed, effect);
        }
        if interrupt {
            self.yield_to(an.player)?;
            return self.announce_into_window(an, effect);
        }
        self.close_all_windows()?;
        self.yield_to(an.player)?;
        self.check_timing(an, speed, effect)?;
        self.announce_into_window(an, effect)
    }

    /// A card's kind under the rules played: its edition type if the card gives one.
    pub(super) fn kind_under_rules(&self, card: CardId) -> CardKind {
        let def = self.def(card);
        self.pol
            .card_key
            .and_then(|k| def.edition_types.get(k))
            .and_then(|t| CardKind::from_type_line(t))
            .unwrap_or(def.kind)
    }

    /// Pays the tap part of a cost.
    pub(super) fn pay_tap(&mut self, c: CardId) -> Result<(), Stop> {
        let card = self.game.card(c);
        if card.tapped {
            return Err(Stop::refuse(Refusal::TappedTap { card: c }));
        }
        if self.is_creature(c) && card.sick {
            return Err(Stop::refuse(Refusal::SickTap { card: c }));
        }
        self.game.tap(c);
        Ok(())
    }

    /// Announces: targets, costs (mana first, before the announcement), limbo, the window.
    fn announce_into_window(&mut self, an: &Announce, effect: &Effect) -> Result<(), Stop> {
        self.check_source_zone(an)?;
        let targets = self.bind_targets(an);
        self.check_targets(an, effect, &targets)?;
        // A source chosen on announcement (002 Step 1: choices are made then).
        if matches!(effect, Effect::PreventAllFrom(_) | Effect::ReverseDamage) && an.packet_sources.len() > 1 {
            return Err(Stop::refuse(Refusal::OneSourceOnly { card: an.card }));
        }
        let chosen: Vec<CardId> = match effect {
            Effect::PreventAllFrom(col) => {
                let sources = self.sources_of_color(an.player, *col, &an.packet_sources);
                let what = format!("{} must choose one {} source", self.label(an.card), col.name());
                self.one_source(&sources, &what)?.into_iter().collect()
            }
            // Reverse Damage chooses its source on announcement, among those that damaged its
            // caster; like any prevention it needs damage to prevent (002 Damage Prevention).
            Effect::ReverseDamage => {
                let mut sources: Vec<CardId> = self
                    .game
                    .player_damage
                    .iter()
                    .filter(|(p, s, _)| {
                        *p == an.player && (an.packet_sources.is_empty() || an.packet_sources.contains(s))
                    })
                    .map(|(_, s, _)| *s)
                    .collect();
                sources.dedup();
                if sources.is_empty() {
                    return Err(Stop::refuse(Refusal::NothingToReverse { player: an.player }));
                }
                self.one_source(&sources, &format!("{} must choose one source", self.label(an.card)))?
                    .into_iter()
                    .collect()
            }
            _ => an.packet_sources.clone(),
        };
        let id = self.announce_paid(an, targets)?;
        let single = chosen.first().copied();
        if matches!(effect, Effect::Prevent(..)) && !chosen.is_empty() {
            let names: Vec<String> = chosen.iter().map(|&s| self.label(s)).collect();
            let choice = format!("the damage from {}", names.join(", then from "));
            self.emit(EventKind::Chooses { spell: self.slabel(id), choice }, Some(STEP1));
        }
        self.game.spell_mut(id).packet_sources = chosen;
        if let (Effect::PreventAllFrom(_) | Effect::ReverseDamage, Some(src)) = (effect, single) {
            let choice = format!("{} as the source", self.label(src));
            self.emit(EventKind::Chooses { spell: self.slabel(id), choice }, Some(STEP1));
        }
        if self.on_the_stack() {
            // m13: the spell is on the stack; abilities that triggered while its costs were paid
            // go on it above the spell, then its caster gets priority (001 L478, L1182).
            self.push_on_stack(id);
            self.run_triggers()?;
            let who = self.game.spell(id).controller;
            let top = self.game.top_mut();
            top.holder = who;
            top.passes = 0;
            return Ok(());
        }
        // The card cast counts as in its caster's hand until the announcement ends (002
        // L657-664); then a toughness it lowered (Maro) or a cost paid may kill at once.
        // (Under Fourth Edition such a creature waits for the next damage prevention step.)
        if self.pol.destruction != crate::edition::Destruction::PreventionStep {
            self.state_checks(Rule::g("Damage: lethal damage is checked whenever damage or toughness changes"))?;
        }
        // Abilities that triggered while the costs were paid (a creature sacrificed) are dealt
        // with as one group when the announcement ends (002 Step 1, L650-651).
        self.run_triggers()?;
        // Countered by one of them (Nether Void): it never reaches its interrupt window.
        if self.game.spell(id).status == Status::Countered {
            return Ok(());
        }
        self.open_window(id);
        Ok(())
    }

    /// Pays for and records an announcement; the spell card goes to limbo.
    pub(super) fn announce_paid(&mut self, an: &Announce, targets: Vec<Target>) -> Result<super::state::SpellId, Stop> {
        let bill = self.bill(an, targets.len());
        // A cap on the mana spent this way each turn counts the cost as changed (002 L1268-1273).
        let cap = match an.source {
            Source::Ability(i) => self.ability_cost(an.card, i).and_then(|c| c.spend_cap).map(|cap| (i, cap)),
            _ => None,
        };
        if let Some((i, cap)) = cap {
            let spent: u32 =
                self.game.spent.iter().filter(|(c, k, _)| *c == an.card && *k == i).map(|(_, _, n)| *n).sum();
            let cost = bill.mana.total();
            if spent.saturating_add(cost) > cap {
                return Err(Stop::refuse(Refusal::Cost {
                    card: an.card,
                    fault: super::costs::CostFault::SpendCap { cap, spent, cost },
                }));
            }
            self.game.spent.push((an.card, i, cost));
        }
        // Once each turn, for each player who controls it (002 L1276-1278).
        if let Source::Ability(i) = an.source
            && self.ability_cost(an.card, i).is_some_and(|c| c.once_each_turn)
        {
            if self.game.used.contains(&(an.card, i, an.player)) {
                return Err(Stop::refuse(Refusal::Cost {
                    card: an.card,
                    fault: super::costs::CostFault::OnceEachTurn,
                }));
            }
            self.game.used.push((an.card, i, an.player));
        }
        let tap = bill.tap;
        if tap && self.game.card(an.card).tapped {
            self.pay_tap(an.card)?;
        }
        // Every part of the cost is checked before any is paid (002 Step 1: one moment).
        self.check_extras(an.player, an.card, &bill, &an.sacrifices, &an.discards)?;
        let what = self.label(an.card);
        let paid = self.pay(an.player, &bill.mana, &what)?;
        if tap {
            self.pay_tap(an.card)?;
        }
        let (sacrificed, extras) = self.pay_extras(an.player, an.card, &bill, &an.sacrifices, &an.discards);
        let mut parts: Vec<String> = Vec::new();
        if paid != "nothing" || (!tap && extras.is_empty()) {
            parts.push(paid);
        }
        if tap {
            parts.push("T".to_owned());
        }
        parts.extend(extras);
        let cost = parts.join(", ");
        let colors = self.colors(an.card);
        let cast_spell = matches!(an.source, Source::Spell(_));
        let id = self.game.add_spell(Spell {
            card: an.card,
            controller: an.player,
            source: an.source,
            targets: targets.clone(),
            x: an.x.unwrap_or(0),
            colors,
            packet_sources: an.packet_sources.clone(),
            source_power: self.pt(an.card).0,
            chosen: an.chosen.clone(),
            replaced: an.replaced.clone(),
            text: if cast_spell { Vec::new() } else { self.chars(an.card).text },
            sacrificed,
            discarded: an.discards.clone(),
            enchanted: if cast_spell { None } else { self.game.card(an.card).enchanting },
            alternative: self.alternative_holds(an),
            division: an.division.clone(),
            status: Status::BeingCast,
            event: None,
        });
        if matches!(an.source, Source::Ability(_)) {
            match self.game.activations.iter_mut().find(|(c, _)| *c == an.card) {
                Some((_, n)) => *n = n.saturating_add(1),
                None => self.game.activations.push((an.card, 1)),
            }
            self.game.happened.push(super::state::Happening::Activated(an.card));
        }
        let cast = matches!(an.source, Source::Spell(_));
        if cast {
            self.game.happened.push(super::state::Happening::Announced(id));
        }
        if cast {
            // 002 Step 1: the spell leaves the hand and is in limbo until it resolves.
            self.game.move_card(an.card, Zone::Limbo);
            self.game.set_controller(an.card, an.player);
        }
        let mode = match an.source {
            Source::Spell(i) => {
                self.def(an.card).spell_effects().get(usize::from(i)).and_then(|(m, _)| m.map(str::to_owned))
            }
            Source::Ability(_) | Source::Triggered(_) => None,
        };
        if !self.record {
            return Ok(id);
        }
        self.emit(
            EventKind::Announced {
                id: usize::from(id.0),
                player: self.pname(an.player),
                verb: if cast { "casts" } else { "activates" }.to_owned(),
                spell: self.slabel(id),
                targets: targets.iter().map(|&t| self.tlabel(t)).collect(),
                cost,
                x: an.x,
                mode,
            },
            Some(STEP1),
        );
        Ok(id)
    }

    /// A mana source spell or ability: announced and resolved at once, never interrupted.
    pub(super) fn mana_source(&mut self, an: &Announce, effect: &Effect) -> Result<(), Stop> {
        if self.mana_of_effect(effect, &[]).is_none() {
            return Ok(());
        }
        self.check_source_zone(an)?;
        if let (Source::Ability(i), Effect::AddMana(m)) = (an.source, effect)
            && self.ability_cost(an.card, i).is_some_and(|c| c.tap && c.mana.total() == 0 && c.mana_only())
            && an.sacrifices.is_empty()
            && an.discards.is_empty()
        {
            return self.tap_for_mana(an.player, an.card, Some(*m), false).map(|_| ());
        }
        if matches!(an.source, Source::Ability(_)) && self.ability_stopped(an.card)? {
            return Ok(());
        }
        let id = self.announce_paid(an, Vec::new())?;
        self.emit(EventKind::ManaSourceResolves { spell: self.slabel(id) }, Some(Rule::g("Mana Source")));
        let sacrificed = self.game.spell(id).sacrificed.clone();
        let m = self.mana_of_effect(effect, &sacrificed).unwrap_or_default();
        self.add_mana(an.player, self.slabel(id), &m);
        self.game.spell_mut(id).status = Status::Resolved;
        if matches!(an.source, Source::Spell(_)) {
            self.put_in_graveyard(an.card);
        }
        // A mana source's triggers wait until it has resolved (002 L964-969).
        self.run_triggers()?;
        Ok(())
    }

    /// Puts a card into its owner's graveyard, with a trace line.
    pub(super) fn put_in_graveyard(&mut self, c: CardId) {
        let from = self.game.card(c).zone;
        if from == Zone::Play && self.game.disintegrated.contains(&c) {
            // Disintegrate: removed from the game instead of going to the graveyard.
            self.game.move_card(c, Zone::Removed);
            self.emit(
                EventKind::Moved {
                    card: self.label(c),
                    from: from.name().to_owned(),
                    to: "removed from the game (instead of the graveyard)".into(),
                },
                Some(Rule::r5("Removed from the Game: unavailable until the game is over")),
            );
            return;
        }
        if from == Zone::Play && self.is_creature(c) {
            self.game.died.push(c);
        }
        self.game.move_card(c, Zone::Graveyard);
        if !self.record {
            return;
        }
        let owner = self.game.card(c).owner;
        let rule = self.graveyard_rule(c, from);
        self.emit(
            EventKind::Moved {
                card: self.label(c),
                from: from.name().to_owned(),
                to: format!("{}'s graveyard", self.pname(owner)),
            },
            Some(rule),
        );
    }

    /// Why a card goes to its owner's graveyard from `from`: a spell's card when it is countered
    /// (002 L1864-1866) or has finished resolving, fizzled or not (002 Step 4, L709-712,
    /// L730-732); anything else because a card always goes to its owner's graveyard (002
    /// Controller, Caster and Owner, L1739-1741), the event that sent it there being cited before.
    fn graveyard_rule(&self, c: CardId, from: Zone) -> Rule {
        if from != Zone::Limbo {
            return Rule::g("Controller, Caster and Owner: a card goes to its owner's graveyard");
        }
        match self.game.spells.iter().rev().find(|s| s.card == c).map(|s| s.status) {
            Some(Status::Countered) => Rule::g("Countering Spells and Abilities"),
            _ => Rule::g("Spell and Ability Timing, Step 4: Resolution (then the spell's card goes to the graveyard)"),
        }
    }

    /// The error for a regeneration line outside a destruction.
    pub(super) fn regeneration_out_of_time(&self, c: CardId) -> Stop {
        let card = self.game.card(c);
        let buried = self.game.buried.contains(&c);
        if card.zone != Zone::Play && buried {
            let sacrificed = card.sacrificed_toughness.is_some();
            return Stop::refuse(Refusal::RegenerateBuried { card: c, sacrificed });
        }
        Stop::refuse(Refusal::RegenerateNotDestroyed { card: c, pending: !self.game.top().is_neutral() })
    }
}
