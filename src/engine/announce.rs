//! Announcing spells and abilities: speed and timing, targets, costs, limbo (002 Step 1).

use super::action::{Announce, TargetRef};
use super::state::{CardId, CtxKind, Source, Spell, Status, Target, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::edition::InterruptTargets;
use crate::grammar::ability::{Effect, TargetKind};
use crate::grammar::mana::ManaCost;
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

const KINDS: Rule = Rule::g("Spell and Ability Timing, Kinds and Speeds of Abilities");
const STEP1: Rule = Rule::g("Spell and Ability Timing, Step 1: Announcing a Spell/Ability");
const STEP2: Rule = Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability");
const DP_ONLY: Rule = Rule::g("Damage Prevention (glossary): only during a damage prevention step");
const DP_MAIN: Rule = Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step A");

impl Engine<'_> {
    /// The speed of an announcement (002 Kinds and Speeds; mass errata on interrupts).
    pub(super) fn speed(&self, card: CardId, source: Source, effect: &Effect) -> Speed {
        let spell_kind = self.kind_under_rules(card);
        match (source, effect) {
            // Dark Ritual was an interrupt before Fifth Edition (002 Changes: Mana Source).
            (Source::Spell(_), Effect::AddMana(_)) if spell_kind == CardKind::Interrupt => Speed::Instant,
            (_, Effect::AddMana(_)) => Speed::ManaSource,
            // Fourth Edition: regeneration is an instant-speed effect (002 Changes: Regeneration).
            (Source::Ability(_), Effect::Regenerate(_)) if self.regeneration_in_prevention() => Speed::Instant,
            (Source::Ability(_), Effect::Regenerate(_)) | (Source::Triggered(_), _) => Speed::Specialized,
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
            return Err(Stop::illegal(format!("{} has no such ability", self.label(an.card)), KINDS, None));
        };
        self.check_source_zone(an)?;
        match self.speed(an.card, an.source, &effect) {
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
                if matches!(an.source, Source::Spell(_)) && self.kind_under_rules(an.card) == CardKind::Interrupt {
                    if self.def(an.card).kind != CardKind::Interrupt {
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
                self.check_timing(an, speed, &effect)?;
                self.announce_into_window(an, &effect)
            }
        }
    }

    /// A card printed as an interrupt, played (card or mode) on no spell. Fifth Edition's errata
    /// makes it an instant (002 Interrupt). Before it, an interrupt was an interrupt however
    /// played: it takes effect as soon as it is cast, and nobody may respond to it (4th Ed. FAQ,
    /// Timing: Red Elemental Blast on a Prodigal Sorcerer; 003 p.12, p.37). Fourth Edition also
    /// allowed any interrupt during damage prevention (002 Changes: Damage Prevention).
    fn untargeted_interrupt(&mut self, an: &Announce, speed: Speed, effect: &Effect) -> Result<(), Stop> {
        use crate::edition::{Edition, InterruptResolution};
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
                if self.pol.edition == Edition::Alpha {
                    Rule::a("p.12, p.19: interrupts may be played at any time; p.37: they take place as soon as cast")
                } else {
                    Rule::f4("Timing: an interrupt takes effect immediately unless another interrupt is used")
                },
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

    /// The card must be in its caster's hand, or in play under the activating player's control.
    fn check_source_zone(&self, an: &Announce) -> Result<(), Stop> {
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
                Rule::g("Who Plays Abilities"),
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

    fn interrupt_out_of_time(&self, an: &Announce) -> Stop {
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
    fn check_timing(&self, an: &Announce, speed: Speed, effect: &Effect) -> Result<(), Stop> {
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
            self.require(crate::edition::Unmodelled::AlphaPreventAll)?;
        }
        if top.kind == CtxKind::Phase && prevention && !no_step {
            return Err(Stop::illegal(
                format!(
                    "{name} prevents damage, so it may be played only during a damage prevention step where there is damage to prevent"
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
    fn bind_targets(&self, an: &Announce) -> Vec<Target> {
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
    fn check_targets(&self, an: &Announce, effect: &Effect, targets: &[Target]) -> Result<(), Stop> {
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

    /// The full cost: mana (with X and extra targets) and tapping.
    fn full_cost(&self, an: &Announce, targets: usize) -> (ManaCost, bool) {
        let def = self.def(an.card);
        let x = an.x.unwrap_or(0);
        match an.source {
            Source::Spell(_) => {
                let mut cost = def.cost.unwrap_or_default().with_x(x);
                if let Some(extra) = def.extra_target_cost() {
                    let more = u32::try_from(targets.saturating_sub(1)).unwrap_or(0);
                    cost.generic = cost.generic.saturating_add(extra.generic.saturating_mul(more));
                    for (slot, n) in cost.colored.iter_mut().zip(extra.colored) {
                        *slot = slot.saturating_add(n.saturating_mul(more));
                    }
                }
                (cost, false)
            }
            Source::Ability(i) => {
                self.ability_cost(an.card, i).map_or((ManaCost::default(), false), |c| (c.mana.with_x(x), c.tap))
            }
            Source::Triggered(_) => (ManaCost::default(), false),
        }
    }

    /// Pays the tap part of a cost.
    pub(super) fn pay_tap(&mut self, c: CardId) -> Result<(), Stop> {
        let card = self.game.card(c);
        let name = self.label(c);
        if card.tapped {
            return Err(Stop::illegal(format!("{name} is tapped, so its tap ability cannot be used"), STEP1, None));
        }
        if self.def(c).kind.is_creature() && card.sick {
            return Err(Stop::illegal(
                format!("{name} is summoning sick: its tap ability cannot be used"),
                Rule::g("Summoning Sickness"),
                None,
            ));
        }
        self.game.card_mut(c).tapped = true;
        Ok(())
    }

    /// Announces: targets, costs (mana first, before the announcement), limbo, the window.
    fn announce_into_window(&mut self, an: &Announce, effect: &Effect) -> Result<(), Stop> {
        let targets = self.bind_targets(an);
        self.check_targets(an, effect, &targets)?;
        // A source chosen on announcement (002 Step 1: choices are made then).
        if matches!(effect, Effect::PreventAllFrom(_) | Effect::ReverseDamage) && an.packet_sources.len() > 1 {
            return Err(Stop::illegal(
                format!("{} prevents damage from one source only; name one", self.label(an.card)),
                Rule::g("Damage Prevention (glossary): all damage of a type"),
                None,
            ));
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
                    return Err(Stop::illegal(
                        format!(
                            "no damage has been dealt to {} this turn by that source, so there is none to reverse",
                            self.pname(an.player)
                        ),
                        Rule::g("Damage Prevention (glossary): only with damage to prevent"),
                        None,
                    ));
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
        self.open_window(id);
        Ok(())
    }

    /// Pays for and records an announcement; the spell card goes to limbo.
    pub(super) fn announce_paid(&mut self, an: &Announce, targets: Vec<Target>) -> Result<super::state::SpellId, Stop> {
        let (mana, tap) = self.full_cost(an, targets.len());
        if tap && self.game.card(an.card).tapped {
            self.pay_tap(an.card)?;
        }
        let what = self.label(an.card);
        let paid = self.pay(an.player, &mana, &what)?;
        if tap {
            self.pay_tap(an.card)?;
        }
        let cost = match (tap, paid.as_str()) {
            (true, "nothing") => "T".to_owned(),
            (true, m) => format!("{m}, T"),
            (false, m) => m.to_owned(),
        };
        let colors = self.colors(an.card);
        let id = self.game.add_spell(Spell {
            card: an.card,
            controller: an.player,
            source: an.source,
            targets: targets.clone(),
            x: an.x.unwrap_or(0),
            colors,
            packet_sources: an.packet_sources.clone(),
            status: Status::BeingCast,
        });
        let cast = matches!(an.source, Source::Spell(_));
        if cast {
            // 002 Step 1: the spell leaves the hand and is in limbo until it resolves.
            self.game.move_card(an.card, Zone::Limbo);
            self.game.card_mut(an.card).controller = an.player;
        }
        let mode = match an.source {
            Source::Spell(i) => {
                self.def(an.card).spell_effects().get(usize::from(i)).and_then(|(m, _)| m.map(str::to_owned))
            }
            Source::Ability(_) | Source::Triggered(_) => None,
        };
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
        let Effect::AddMana(m) = effect else {
            return Ok(());
        };
        if let Source::Ability(i) = an.source
            && self.ability_cost(an.card, i).is_some_and(|c| c.tap && c.mana.total() == 0)
        {
            return self.tap_for_mana(an.player, an.card, Some(*m), false).map(|_| ());
        }
        let id = self.announce_paid(an, Vec::new())?;
        self.emit(EventKind::ManaSourceResolves { spell: self.slabel(id) }, Some(Rule::g("Mana Source")));
        self.add_mana(an.player, self.slabel(id), m);
        self.game.spell_mut(id).status = Status::Resolved;
        if matches!(an.source, Source::Spell(_)) {
            self.put_in_graveyard(an.card);
        }
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
                None,
            );
            return;
        }
        if from == Zone::Play && self.def(c).kind.is_creature() {
            self.game.died.push(c);
        }
        self.game.move_card(c, Zone::Graveyard);
        let owner = self.game.card(c).owner;
        self.emit(
            EventKind::Moved {
                card: self.label(c),
                from: from.name().to_owned(),
                to: format!("{}'s graveyard", self.pname(owner)),
            },
            None,
        );
    }

    /// The error for a regeneration line outside a destruction.
    pub(super) fn regeneration_out_of_time(&self, c: CardId) -> Stop {
        let name = self.label(c);
        let card = self.game.card(c);
        let buried = self.game.buried.contains(&c);
        if card.zone != Zone::Play && buried {
            return Stop::illegal(
                format!("{name} was buried: a buried creature may not be regenerated"),
                Rule::g("Bury"),
                None,
            );
        }
        Stop::illegal(
            format!(
                "{name} is not being destroyed: regeneration is a specialized ability, used only when the creature would go to the graveyard"
            ),
            Rule::g("Regeneration"),
            (!self.game.top().is_neutral()).then_some(
                "write `resolve` before this line: regeneration is used when the creature is being destroyed",
            ),
        )
    }
}
