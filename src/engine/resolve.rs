//! Resolving one spell or ability: targets checked again, fizzles, effects (002 Step 4, Fizzle).

use super::action::Action;
use super::refusal::Refusal;
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, Packet, Source, SpellId, Status, Target, UntilEot, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::grammar::ability::Change;
use crate::grammar::ability::{Amount, Effect, Keyword, Much, Payment, Recipient, Who};
use crate::trace::{EventKind, Rule};

const STEP4: Rule = Rule::g("Spell and Ability Timing, Step 4: Resolution");

impl Engine<'_> {
    pub(super) fn amount(a: Amount, x: u32) -> i32 {
        match a {
            Amount::Fixed(n) => n,
            Amount::X(k) => k.saturating_mul(i32::try_from(x).unwrap_or(i32::MAX)),
            // Read from the creature where it applies (see `Effect::Pump`).
            Amount::Power => 0,
        }
    }

    /// Resolves a spell or ability from a batch; then its damage prevention step and deaths.
    pub(super) fn resolve_spell(&mut self, id: SpellId) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let label = self.slabel(id);
        let Some(effect) = self.spell_effect(&sp) else {
            return Ok(());
        };
        // Countered while it waited in the batch (by a triggered ability): nothing to resolve.
        if sp.status == Status::Countered {
            return Ok(());
        }
        self.emit(EventKind::Resolves { spell: label.clone() }, Some(STEP4));
        self.depth += 1;
        let colors = sp.colors.clone();
        let spec = effect.target().cloned();
        let mut legal = Vec::new();
        let mut problems = Vec::new();
        if let Some(spec) = &spec {
            for (i, &t) in sp.targets.iter().enumerate() {
                let spec = effect.target_at(i).unwrap_or(spec);
                // Where a moved enchantment goes is not a target of the moving spell: only
                // whether the enchantment could be cast there counts (002 L2846-2856).
                let onto = matches!(effect, Effect::MoveEnchantment(..)) && i == 1;
                let mut problem = if onto {
                    None
                } else {
                    self.target_fault(spec, t, &colors).map(|f| self.target_fault_text(t, &f))
                };
                if let (Effect::MoveEnchantment(..), None, Some(&first)) = (&effect, &problem, sp.targets.first()) {
                    problem = self.move_fault(first, t, i).map(|f| self.target_fault_text(t, &f));
                }
                match problem {
                    None => legal.push(t),
                    Some(p) => problems.push((t, p)),
                }
            }
        }
        // (A spell's delayed part happening later is no casting.)
        let cast = matches!(sp.source, Source::Spell(_)) && !sp.event.as_ref().is_some_and(|e| e.delayed);
        if let Effect::CounterCostX(_) = effect {
            // Spell Blast: a target whose converted cost is no longer X is illegal now.
            let (fit, off): (Vec<Target>, Vec<Target>) = legal.into_iter().partition(|t| match t {
                Target::Spell(s) => self.spell_converted_cost(*s) == sp.x,
                _ => true,
            });
            legal = fit;
            for t in off {
                if let Target::Spell(s) = t {
                    let cc = self.spell_converted_cost(s);
                    problems.push((t, format!("its converted casting cost is {cc}, not {}", sp.x)));
                }
            }
        }
        if !sp.targets.is_empty() && legal.is_empty() {
            // 002 Step 4 and Fizzle: every target illegal, the spell does nothing.
            let reason = problems.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>().join("; ");
            self.emit(EventKind::Fizzles { spell: label, reason }, Some(Rule::g("Fizzle")));
            self.game.spell_mut(id).status = Status::Fizzled;
            if cast {
                self.put_in_graveyard(sp.card);
            }
            self.depth -= 1;
            return Ok(());
        }
        if !problems.is_empty() {
            let illegal = problems.iter().map(|(t, p)| format!("{} ({p})", self.tlabel(*t))).collect();
            self.emit(EventKind::PartlyFizzles { spell: label.clone(), illegal }, Some(STEP4));
        }
        self.game.spell_mut(id).status = Status::Resolved;
        let mut destroyed: Vec<CardId> = Vec::new();
        let mut buried: Vec<CardId> = Vec::new();
        self.apply(id, &effect, &legal, &mut destroyed, &mut buried)?;
        let stepped = self.pol.destruction == crate::edition::Destruction::PreventionStep;
        if stepped {
            // Fourth Edition: what the spell destroys or buries is on its way to the graveyard in
            // a damage prevention step right after it (4th Ed. FAQ, Damage Prevention).
            self.send_on_its_way(&buried, true, &format!("buried by {label}"));
            self.send_on_its_way(&destroyed, false, &format!("destroyed by {label}"));
        } else {
            // Destruction happens inside the resolution, where regeneration may be used (002 Regeneration).
            if !buried.is_empty() {
                self.bury(&buried);
            }
            if !destroyed.is_empty() {
                self.destroy(&destroyed, &format!("destroyed by {label}"), Rule::g("Destroy"))?;
            }
            // Continuous effects apply mid-resolution: a toughness drop kills at once (002 L746-753).
            self.state_checks(Rule::g("Damage: lethal damage is checked whenever damage or toughness changes"))?;
        }
        // Fourth Edition: the destroyed wait for the step, but an enchantment on a permanent
        // that has left is buried now.
        self.bury_orphans();
        // m13: an instant or sorcery "has its effect ..., then you put the card into your
        // graveyard" (001 L315): its damage is dealt before the card moves; lethal damage is
        // looked for once it has (below).
        if self.on_the_stack() && !self.game.packets.is_empty() {
            self.deal_shielded()?;
        }
        // 002 Step 4: when it finishes resolving, a spell goes into play or into the graveyard.
        if cast {
            if self.kind(sp.card).is_permanent() {
                self.game.move_card(sp.card, Zone::Play);
                if let Effect::Copy(_) = effect
                    && let Some(orig) = legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None })
                {
                    self.become_copy(sp.card, orig);
                }
                let enchanting = match effect {
                    Effect::Enchant(_) => {
                        legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None })
                    }
                    _ => None,
                };
                let counters: Vec<(String, u32)> = self
                    .def(sp.card)
                    .abilities
                    .iter()
                    .filter_map(|a| match a {
                        crate::grammar::ability::Ability::EntersWithCounters(n, k) => Some((k.clone(), *n)),
                        // X as paid for this spell (a copy's X is 0: 002 L1810-1811).
                        crate::grammar::ability::Ability::EntersWithXCounters(k) => {
                            let x = if self.game.card(sp.card).own_def.is_some() { 0 } else { sp.x };
                            Some((k.clone(), x))
                        }
                        _ => None,
                    })
                    .collect();
                let c = sp.card;
                self.game.set_controller(c, sp.controller);
                self.game.set_sick(c, true);
                self.game.attach(c, enchanting);
                self.game.set_chosen(c, sp.chosen.clone());
                for (k, n) in counters {
                    self.game.add_counters(c, &k, n);
                }
                self.emit(
                    EventKind::EntersPlay { card: self.label(sp.card), controller: self.pname(sp.controller) },
                    Some(STEP4),
                );
                self.enters_tapped(sp.card);
                self.schedule_as_instant(sp.card, sp.controller);
                self.bury_duplicate_legend(sp.card)?;
                self.bury_older_worlds(sp.card);
                // `as this enters play, ...`: part of the resolution (Earthbind's damage).
                if let Some(target) = enchanting {
                    let lib = self.lib;
                    for a in &lib.get(self.game.card(sp.card).def).abilities {
                        if let crate::grammar::ability::Ability::AsEnters(Effect::DamageEnchanted(a)) = a {
                            let n = u32::try_from(Self::amount(*a, sp.x)).unwrap_or(0);
                            self.assign(sp.card, &sp.colors, Target::Card(target), n);
                        }
                    }
                }
            } else if self.game.card(sp.card).zone == Zone::Limbo {
                self.put_in_graveyard(sp.card);
            }
        }
        // A player who could not draw during the resolution loses now that it is over (002 L2698-2701).
        let losers: Vec<_> =
            [self.game.active, self.game.active.other()].into_iter().filter(|p| self.game.player(*p).lost).collect();
        if !losers.is_empty() {
            for p in losers {
                self.emit(
                    EventKind::Loses {
                        player: self.pname(p),
                        reason: "could not draw from an empty library during the resolution, checked once it is over"
                            .into(),
                    },
                    Some(Rule::g("Losing the Game")),
                );
            }
            self.depth -= 1;
            return Err(Stop::GameOver);
        }
        // Damage assigned starts a damage prevention step, unless one is already under way: new
        // damage then joins it (002 Sub-Step A). Fourth Edition saved it for the end of the batch
        // (002 Changes: Damage Prevention).
        let in_step = self.game.ctx.iter().any(|c| c.kind == super::state::CtxKind::Prevention);
        let deferred = self.pol.prevention == crate::edition::PreventionTiming::EndOfBatch && self.resolving > 0;
        // (Effects triggered together wait for one step for all: 4th Ed. FAQ, Triggered Effects.)
        if stepped && !in_step && !self.game.on_its_way.is_empty() && self.trigger_group == 0 {
            // Only what the spell sent on its way: the batch's damage still waits for its end.
            let saved = std::mem::take(&mut self.game.packets);
            let r = self.prevention_step();
            self.game.packets.extend(saved);
            r?;
        }
        let lethal = stepped && !deferred && !in_step && !self.dying_now().is_empty();
        if (!self.game.packets.is_empty() || lethal) && !in_step && !deferred {
            self.prevention_step()?;
        }
        if stepped {
            self.bury_orphans();
        } else {
            self.state_checks(Rule::g("Damage: lethal damage is checked whenever damage or toughness changes"))?;
        }
        // A creature of the combat that stopped being a creature leaves it now, so that
        // becoming one again later in the step does not bring it back (002 L500-502).
        self.drop_uncreatured_from_combat();
        // Triggers from the resolution are dealt with once it is complete (002 Step 4).
        self.run_triggers()?;
        self.depth -= 1;
        Ok(())
    }

    /// Applies an effect to its legal targets.
    #[allow(clippy::too_many_lines)]
    fn apply(
        &mut self,
        id: SpellId,
        effect: &Effect,
        legal: &[Target],
        destroyed: &mut Vec<CardId>,
        buried: &mut Vec<CardId>,
    ) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let source = sp.card;
        let x = sp.x;
        let who = |w: &Who| -> Option<CardId> {
            match w {
                Who::This => Some(source),
                // Locked in on announcement (002 L2858-2863).
                Who::Enchanted => sp.enchanted.or(self.game.card(source).enchanting),
                Who::Target(_) => legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None }),
                Who::That => sp.event.as_ref().and_then(|e| e.card),
            }
        };
        match effect {
            Effect::MoveEnchantment(..) => {
                // Both targets must still be legal: a destination gone leaves the enchantment
                // where it was (002 L2876-2878).
                if let (Some(&Target::Card(e)), Some(&Target::Card(d))) = (sp.targets.first(), sp.targets.get(1))
                    && legal.len() == 2
                {
                    self.move_enchantment(e, d, sp.chosen.clone());
                }
            }
            Effect::AttackOrDie(_) | Effect::AttackOrDieAll => {
                let forced: Vec<CardId> = if matches!(effect, Effect::AttackOrDieAll) {
                    let active = self.game.active;
                    self.game
                        .zone(Zone::Play, Some(active))
                        .into_iter()
                        .filter(|&c| {
                            self.is_creature(c) && !self.game.card(c).sick && !self.has_keyword(c, &Keyword::Wall)
                        })
                        .collect()
                } else {
                    legal.iter().filter_map(|t| if let Target::Card(c) = t { Some(*c) } else { None }).collect()
                };
                for c in forced {
                    if !self.game.must_attack.contains(&c) {
                        self.game.must_attack.push(c);
                    }
                    self.emit(
                        EventKind::PlayOut {
                            what: format!(
                                "{} must attack this turn if able; at end of turn it is destroyed if it has not attacked",
                                self.label(c)
                            ),
                        },
                        Some(Rule::g("Attack or Die Effects")),
                    );
                }
            }
            Effect::AddMana(m) => self.add_mana(sp.controller, self.label(source), m),
            Effect::Damage(a, _) => {
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                for &t in legal {
                    self.assign(source, &sp.colors, t, n);
                }
            }
            Effect::DamageDivided(a, _) => {
                // 002 Targeting: the division is fixed among all targets chosen; an illegal
                // target's share is lost.
                let total = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                let share = total / u32::try_from(sp.targets.len().max(1)).unwrap_or(1);
                for &t in legal {
                    self.assign(source, &sp.colors, t, share);
                }
            }
            Effect::DamageEachNonFlyerAndPlayer(a)
            | Effect::DamageEachCreatureAndPlayer(a)
            | Effect::DamageEachCreatureAndPlayerOrSnow(a, ..) => {
                // The amount fixed as it was announced (002 L2821-2825).
                let a = match effect {
                    Effect::DamageEachCreatureAndPlayerOrSnow(_, b, _) if sp.alternative => b,
                    _ => a,
                };
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                let flyers_too = !matches!(effect, Effect::DamageEachNonFlyerAndPlayer(_));
                let creatures: Vec<CardId> = self
                    .game
                    .zone(Zone::Play, None)
                    .into_iter()
                    .filter(|&c| self.is_creature(c) && (flyers_too || !self.has_keyword(c, &Keyword::Flying)))
                    .collect();
                for c in creatures {
                    self.assign(source, &sp.colors, Target::Card(c), n);
                }
                for p in [self.game.active, self.game.active.other()] {
                    self.assign(source, &sp.colors, Target::Player(p), n);
                }
            }
            Effect::PumpWhileTapped(w, p, t) => {
                if let Some(c) = who(w).filter(|&c| self.is_creature_in_play(c)) {
                    let (p, t) = (Self::amount(*p, x), Self::amount(*t, x));
                    let src = sp.card;
                    let rule = Some(Rule::g("Tap-and-Hold"));
                    if self.game.card(src).zone == Zone::Play && self.game.card(src).tapped {
                        let stamp = self.game.stamp();
                        let change = Change::Pump(p, t);
                        self.game.add_effect(UntilEot {
                            card: c,
                            stamp,
                            change,
                            lasting: true,
                            while_tapped: Some(src),
                            until_combat_end: false,
                        });
                        let (np, nt) = self.pt(c);
                        self.emit(
                            EventKind::Lasting {
                                what: format!(
                                    "{} gets {p:+}/{t:+} for as long as {} remains tapped (now {np}/{nt})",
                                    self.label(c),
                                    self.label(src)
                                ),
                            },
                            rule,
                        );
                    } else {
                        // The source untapped (or left play) before this resolved: the effect
                        // happens once and ends at once (002 L3602-3606).
                        self.emit(
                            EventKind::Lasting {
                                what: format!(
                                    "{} gets {p:+}/{t:+}, which ends at once: {} is no longer tapped in play",
                                    self.label(c),
                                    self.label(src)
                                ),
                            },
                            rule,
                        );
                    }
                }
            }
            Effect::Pump(w, p, t) => {
                if let Some(c) = who(w).filter(|&c| self.is_creature_in_play(c)) {
                    let power = if *p == Amount::Power { self.pt(c).0 } else { Self::amount(*p, x) };
                    let (p, t) = (power, Self::amount(*t, x));
                    self.game.until_end_of_turn(c, Change::Pump(p, t));
                    let (np, nt) = self.pt(c);
                    self.emit(
                        EventKind::Pumped { card: self.label(c), power: p, toughness: t, now: format!("{np}/{nt}") },
                        Some(Rule::g("Duration of a Spell/Ability")),
                    );
                }
            }
            Effect::Grant(w, k) => {
                if let Some(c) = who(w).filter(|&c| self.game.card(c).zone == Zone::Play) {
                    self.game.until_end_of_turn(c, Change::Grant(k.clone()));
                    self.emit(EventKind::Granted { card: self.label(c), keyword: k.to_string() }, None);
                }
            }
            Effect::Lose(w, k) => {
                if let Some(c) = who(w).filter(|&c| self.game.card(c).zone == Zone::Play) {
                    self.game.until_end_of_turn(c, Change::Lose(k.clone()));
                    self.emit(EventKind::Lost { card: self.label(c), keyword: k.to_string() }, None);
                }
            }
            Effect::SwitchPt(w) => {
                if let Some(c) = who(w).filter(|&c| self.is_creature_in_play(c)) {
                    self.game.until_end_of_turn(c, Change::SwitchPt);
                    let (np, nt) = self.pt(c);
                    self.emit(
                        EventKind::Lasting {
                            what: format!("{}'s power and toughness are switched until end of turn (now {np}/{nt})", self.label(c)),
                        },
                        Some(Rule::g("Glossary, Order to Apply Effects: in the order they entered play (switching has no rule of its own)")),
                    );
                }
            }
            Effect::SetPt(w, p, t) => {
                if let Some(c) = who(w).filter(|&c| self.is_creature_in_play(c)) {
                    let (p, t) = (Self::amount(*p, x), Self::amount(*t, x));
                    self.game.until_end_of_turn(c, Change::SetPt(p, t));
                    let (np, nt) = self.pt(c);
                    // 002 L1927-1937: the base is rewritten; the other effects stay.
                    self.emit(
                        EventKind::BaseSet { card: self.label(c), power: p, toughness: t, now: format!("{np}/{nt}") },
                        Some(Rule::g("Creature Power and Toughness")),
                    );
                }
            }
            Effect::Animate(w, change) => {
                if let Some(c) = who(w).filter(|&c| self.game.card(c).zone == Zone::Play) {
                    self.game.until_end_of_turn(c, change.clone());
                    // 002 L1958-1962: an animation names the creature type when it gives one.
                    let now = self.animated_as(c);
                    self.emit(EventKind::Animated { card: self.label(c), now }, None);
                }
            }
            Effect::AnimateUntilEndOfCombat(w, change) => {
                if let Some(c) = who(w).filter(|&c| self.game.card(c).zone == Zone::Play) {
                    self.game.until_end_of_combat(c, change.clone());
                    let now = self.animated_as(c);
                    self.emit(EventKind::AnimatedForCombat { card: self.label(c), now }, None);
                }
            }
            Effect::AnimateAll(land, change) => {
                // The lands of that type its controller controls as it resolves, each animated
                // until end of turn (an until-end-of-turn effect: 002 L2560-2563).
                let lands: Vec<CardId> = self
                    .game
                    .zone(Zone::Play, Some(sp.controller))
                    .into_iter()
                    .filter(|&c| self.chars(c).has_subtype(land))
                    .collect();
                for c in lands {
                    self.game.until_end_of_turn(c, change.clone());
                    let now = self.animated_as(c);
                    self.emit(EventKind::Animated { card: self.label(c), now }, None);
                }
            }
            Effect::SetColor(who, col) => {
                // A Lace: on a spell being cast, its colour now and the permanent's for good
                // (002 L1665-1668); on a permanent, for as long as it stays in play. `that
                // creature`: the one the trigger's event named, untargeted (002 L3699-3702).
                let that: Vec<Target> = match who {
                    Who::That => sp
                        .event
                        .as_ref()
                        .and_then(|e| e.card)
                        .filter(|&c| self.game.card(c).zone == Zone::Play)
                        .map(Target::Card)
                        .into_iter()
                        .collect(),
                    _ => Vec::new(),
                };
                let recipients = if matches!(who, Who::That) { &that[..] } else { legal };
                for &t in recipients {
                    let c = match t {
                        Target::Spell(s) => {
                            self.game.spell_mut(s).colors = vec![*col];
                            self.game.spell(s).card
                        }
                        Target::Card(c) => c,
                        Target::Player(_) => continue,
                    };
                    let stamp = self.game.stamp();
                    self.game.add_effect(UntilEot {
                        card: c,
                        stamp,
                        // A combat creature's colour change is counter-tracked (002 L1815-1818).
                        change: if matches!(who, Who::That) {
                            Change::MarkColor(vec![*col])
                        } else {
                            Change::SetColor(vec![*col])
                        },
                        lasting: true,
                        while_tapped: None,
                        until_combat_end: false,
                    });
                    let spell = matches!(t, Target::Spell(_));
                    self.emit(EventKind::ColorSet { card: self.tlabel(t), color: col.name().to_owned(), spell }, None);
                }
            }
            Effect::ReplaceWord(kind, _) => {
                for &t in legal {
                    let c = match t {
                        Target::Spell(s) => self.game.spell(s).card,
                        Target::Card(c) => c,
                        Target::Player(_) => continue,
                    };
                    let Some(new) = sp.chosen.clone() else { continue };
                    // The word replaced is the one named, else the first of that kind the text
                    // holds now.
                    let Some(old) = sp.replaced.clone().or_else(|| super::chars::first_word(&self.chars(c), *kind))
                    else {
                        self.emit(
                            EventKind::TextChanged { card: self.tlabel(t), old: String::new(), new: new.clone() },
                            None,
                        );
                        continue;
                    };
                    if old == new {
                        continue;
                    }
                    let stamp = self.game.stamp();
                    let change = Change::Text(old.clone(), new.clone());
                    self.game.add_effect(UntilEot {
                        card: c,
                        stamp,
                        change,
                        lasting: true,
                        while_tapped: None,
                        until_combat_end: false,
                    });
                    self.emit(EventKind::TextChanged { card: self.tlabel(t), old, new }, None);
                }
            }
            Effect::GainLife(_, a) => {
                for &t in legal {
                    if let Target::Player(p) = t {
                        self.change_life(p, Self::amount(*a, x), None);
                    }
                }
            }
            Effect::WheelHands(n) => {
                let n = u32::try_from(Self::amount(*n, x)).unwrap_or(0);
                self.wheel_hands(n)?;
            }
            Effect::PumpAll(p, t) => {
                // Untargeted: protection does not stop it (002 Protection L3305-3310).
                let (p, t) = (Self::amount(*p, x), Self::amount(*t, x));
                let creatures: Vec<CardId> =
                    self.game.zone(Zone::Play, None).into_iter().filter(|&c| self.is_creature(c)).collect();
                for c in creatures {
                    self.game.until_end_of_turn(c, Change::Pump(p, t));
                    let (np, nt) = self.pt(c);
                    self.emit(
                        EventKind::Pumped { card: self.label(c), power: p, toughness: t, now: format!("{np}/{nt}") },
                        Some(Rule::g("Duration of a Spell/Ability")),
                    );
                }
            }
            Effect::ReturnToPlay(_) => {
                for &t in legal {
                    if let Target::Card(c) = t {
                        self.return_to_play(c, sp.controller)?;
                    }
                }
            }
            Effect::RemoveFromGame(_, life) => {
                for &t in legal {
                    if let Target::Card(c) = t {
                        // Its power and controller as it leaves play (Swords to Plowshares).
                        let (power, controller) = (self.pt(c).0, self.game.card(c).controller);
                        self.game.move_card(c, Zone::Removed);
                        self.emit(
                            EventKind::Moved {
                                card: self.label(c),
                                from: Zone::Play.name().to_owned(),
                                to: "removed from the game".into(),
                            },
                            Some(Rule::r5("Removed from the Game: unavailable until the game is over")),
                        );
                        if *life {
                            self.change_life(controller, power.max(0), None);
                        }
                    }
                }
            }
            Effect::Bounce(_) => {
                for &t in legal {
                    if let Target::Card(c) = t {
                        self.game.move_card(c, Zone::Hand);
                        let owner = self.game.card(c).owner;
                        self.emit(
                            EventKind::Bounced { card: self.label(c), owner: self.pname(owner) },
                            Some(Rule::g("Controller, Caster and Owner: a card goes to its owner's hand")),
                        );
                    }
                }
            }
            Effect::Destroy(_, bury) => {
                for &t in legal {
                    if let Target::Card(c) = t {
                        if *bury { buried.push(c) } else { destroyed.push(c) }
                    }
                }
            }
            Effect::Fight(_) => {
                // The source's power as announced; the target's as the resolution begins (002
                // L1215-1223), unless the source targets itself: then the target's are those
                // locked in with the source's at announcement (002 L1229-1232). Negative power
                // deals no damage (002 L1916-1921).
                for &t in legal {
                    if let Target::Card(c) = t {
                        let mine = u32::try_from(sp.source_power.max(0)).unwrap_or(0);
                        let (theirs, their_colors) = if c == source {
                            (mine, sp.colors.clone())
                        } else {
                            (u32::try_from(self.pt(c).0.max(0)).unwrap_or(0), self.colors(c))
                        };
                        self.assign(source, &sp.colors, Target::Card(c), mine);
                        if self.game.card(source).zone == Zone::Play {
                            self.assign(c, &their_colors, Target::Card(source), theirs);
                        }
                    }
                }
            }
            Effect::DamagePerLand(land, _) => {
                // Cards in play are counted as the spell resolves, not at announcement (002
                // L637-639); a land counts by its type now (Phantasmal Terrain, 002 L2545-2549).
                let key = crate::cards::type_key(land);
                let n = self
                    .game
                    .zone(Zone::Play, Some(sp.controller))
                    .into_iter()
                    .filter(|&c| self.is_land_of_type(c, &key))
                    .count();
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                for &t in legal {
                    self.assign(source, &sp.colors, t, n);
                }
            }
            Effect::DestroyGainCost(_) => {
                // The target's casting cost is read now, at the start of the resolution, and
                // still counts once it has gone to the graveyard (002 L1224-1228).
                for &t in legal {
                    if let Target::Card(c) = t {
                        let cost = self.def(c).cost.map_or(0, |m| m.total());
                        let label = self.slabel(id);
                        self.destroy(&[c], &format!("destroyed by {label}"), Rule::g("Destroy"))?;
                        self.change_life(sp.controller, i32::try_from(cost).unwrap_or(i32::MAX), None);
                    }
                }
            }
            Effect::DestroyAllCreatures(bury) => {
                let all: Vec<CardId> =
                    self.game.zone(Zone::Play, None).into_iter().filter(|&c| self.is_creature(c)).collect();
                // Alpha: protection keeps off all magic of its colour, targeted or not (003 p.28).
                let all = self.unaffected_by_magic(all, &sp.colors, &self.slabel(id));
                if *bury { buried.extend(all) } else { destroyed.extend(all) }
            }
            Effect::Prevent(a, _) if self.pol.prevention == crate::edition::PreventionTiming::NoStep => {
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                self.raise_shields(legal, n, &self.slabel(id), &sp.colors);
            }
            Effect::Prevent(a, _) => {
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                let by = self.slabel(id);
                for &t in legal {
                    if !self.has_packet(t, &sp.packet_sources) {
                        // 07/03/97: it targets the creature or player, not a packet, so it does
                        // not fizzle when the damage is gone; it just has nothing to do.
                        let reason = if self.pol.prevent_zero {
                            format!("there is no damage to {} to prevent: it prevents nothing", self.tlabel(t))
                        } else {
                            format!(
                                "no damage to {} is left to prevent (it targets {}, not the damage, so it does not fizzle)",
                                self.tlabel(t),
                                self.tlabel(t)
                            )
                        };
                        self.emit(
                            EventKind::Fails { spell: by.clone(), reason },
                            Some(Rule::g(
                                "Damage Prevention (glossary): prevention targets what the card says, 07/03/97",
                            )),
                        );
                        continue;
                    }
                    self.prevent(t, n, &sp.packet_sources, &by)?;
                }
            }
            Effect::PreventAllFrom(col) => {
                let by = self.slabel(id);
                let sources = self.sources_of_color(sp.controller, *col, &sp.packet_sources);
                match self.one_source(&sources, &format!("{by} must choose one {} source", col.name()))? {
                    None => self.emit(
                        EventKind::Fails {
                            spell: by,
                            reason: format!("no damage from a {} source is left to prevent", col.name()),
                        },
                        None,
                    ),
                    Some(one) if self.pol.prevention == crate::edition::PreventionTiming::NoStep => {
                        self.raise_shield_from(sp.controller, one, &by, sp.colors.clone());
                    }
                    Some(one) => self.prevent(Target::Player(sp.controller), u32::MAX, &[one], &by)?,
                }
            }
            Effect::DamageDividedAsChosen(a, _) => {
                // Each target its share, in target order; a share for a target gone is lost.
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                let shares = if sp.division.is_empty() { vec![n] } else { sp.division.clone() };
                for (t, share) in sp.targets.iter().zip(shares) {
                    if legal.contains(t) && share > 0 {
                        self.assign(source, &sp.colors, *t, share);
                    }
                }
            }
            Effect::DamageIfDiscardedLand(a, _) => {
                if sp.discarded.iter().any(|&c| self.def(c).kind == CardKind::Land) {
                    let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                    for &t in legal {
                        self.assign(source, &sp.colors, t, n);
                    }
                } else {
                    self.emit(
                        EventKind::Lasting { what: "the discarded card is not a land: nothing happens".to_owned() },
                        Some(STEP4),
                    );
                }
            }
            Effect::GainLifeSacrificedToughness => {
                let n = sp
                    .sacrificed
                    .iter()
                    .fold(0i32, |a, &c| a.saturating_add(self.game.card(c).sacrificed_toughness.unwrap_or(0).max(0)));
                self.change_life(sp.controller, n, None);
            }
            Effect::AddManaPerSacrificedCost(_) => {
                let m = self.mana_of_effect(effect, &sp.sacrificed).unwrap_or_default();
                self.add_mana(sp.controller, self.label(source), &m);
            }
            Effect::Counter(_) | Effect::CounterCostX(_) => {
                for &t in legal {
                    if let Target::Spell(s) = t {
                        self.counter(s, id);
                    }
                }
            }
            Effect::CounterUnlessPaid(_, a, tap_lands) => {
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                for &t in legal {
                    if let Target::Spell(s) = t {
                        let payer = self.game.spell(s).controller;
                        if !self.ask_payment(payer, n, id)? {
                            self.counter(s, id);
                            if *tap_lands {
                                for c in self.game.zone(Zone::Play, Some(payer)) {
                                    if self.kind(c) == crate::cards::CardKind::Land && !self.game.card(c).tapped {
                                        self.game.tap(c);
                                        self.emit(
                                            EventKind::Tapped { card: self.label(c), tapped: true, already: false },
                                            None,
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Effect::Sacrifice(s) => self.sacrifice_effect(id, s)?,
            Effect::EntryCost(u) => self.entry_cost(id, u)?,
            Effect::ControlEnchantedUntilEot => self.control_until_eot(id),
            Effect::UntapEnchanted => self.untap_enchanted(id),
            Effect::EachPutsPermanents => self.each_puts_permanents(id)?,
            Effect::Tap(_) | Effect::Untap(_) => {
                let tapped = matches!(effect, Effect::Tap(_));
                for &t in legal {
                    if let Target::Card(c) = t {
                        if matches!(self.kind(c), CardKind::Enchantment | CardKind::LocalEnchantment)
                            && !self.pol.enchantments_tap
                        {
                            self.emit(
                                EventKind::Lasting {
                                    what: format!(
                                        "{} is an enchantment, and under these rules enchantments cannot be tapped or untapped: nothing happens to it",
                                        self.label(c)
                                    ),
                                },
                                Some(Rule::g("Changes from Fourth Edition: Enchantments")),
                            );
                            continue;
                        }
                        let already = self.game.card(c).tapped == tapped;
                        if tapped {
                            self.game.tap(c);
                        } else {
                            self.game.untap(c);
                        }
                        self.emit(EventKind::Tapped { card: self.label(c), tapped, already }, None);
                    }
                }
            }
            // Nothing as a resolution: what enters play (done below), and the static effects
            // (kept listed here, not behind `is_static_only`, so a new effect is a compile
            // error until it is placed).
            Effect::EntersPlay
            | Effect::Enchant(_)
            | Effect::Copy(_)
            | Effect::TakeUnblockedDamage
            | Effect::NoUntapPowerAtLeast(_)
            | Effect::ControlEnchanted
            | Effect::OpponentsEnterTapped
            | Effect::DamageRemovesCounters(_)
            | Effect::HandsRevealed
            | Effect::DrawMayBeDenied(_)
            | Effect::EnchantedAbilityTaxed(_)
            | Effect::EnchantedCombatTaxed(_)
            | Effect::SpendWhiteAsAny
            | Effect::ExtraMana(..)
            | Effect::BuryOtherOfSet(_)
            | Effect::SetCannotBePlayed(_) => {}
            Effect::TargetDiscards(..) | Effect::PutCreatureFromHand(_) | Effect::DiscardHand => {
                self.apply_costs2(id, effect, legal, buried)?
            }
            // Done as the enchantment enters play (see the end of `resolve_spell`).
            Effect::DamageEnchanted(_) => {}
            Effect::DamageDisintegrate(a, _) => {
                let n = u32::try_from(Self::amount(*a, x)).unwrap_or(0);
                for &t in legal {
                    self.assign(source, &sp.colors, t, n);
                    // The creature itself is marked, prevented damage or not (the card says "that
                    // creature").
                    if let Target::Card(c) = t
                        && !self.game.disintegrated.contains(&c)
                    {
                        self.game.disintegrated.push(c);
                    }
                }
            }
            Effect::ReverseDamage => {
                let p = sp.controller;
                let from = sp.packet_sources.first().copied();
                let total: u32 = self
                    .game
                    .player_damage
                    .iter()
                    .filter(|(q, s, _)| *q == p && Some(*s) == from)
                    .map(|(_, _, n)| *n)
                    .fold(0, u32::saturating_add);
                let by = self.slabel(id);
                match from.filter(|_| total > 0) {
                    None => self.emit(
                        EventKind::Fails {
                            spell: by,
                            reason: format!("no source has dealt damage to {} this turn", self.pname(p)),
                        },
                        None,
                    ),
                    Some(src) => {
                        self.game.player_damage.retain(|(q, s, _)| !(*q == p && *s == src));
                        self.emit(
                            EventKind::Lasting {
                                what: format!(
                                    "{total} damage {} dealt to {} this turn is prevented retroactively; its other effects stay",
                                    self.label(src),
                                    self.pname(p)
                                ),
                            },
                            Some(Rule::g("Damage Prevention (glossary): retroactive prevention")),
                        );
                        // Undoing the damage puts the life back without gaining it (002 Damage);
                        // then the card's gain.
                        let n = i32::try_from(total).unwrap_or(i32::MAX);
                        self.change_life(
                            p,
                            n,
                            Some(Rule::g("Damage: retroactive damage removal is not a gain of life")),
                        );
                        // The card's own gain, separate from the undoing above.
                        self.change_life(
                            p,
                            n,
                            Some(Rule::g(
                                "Damage Prevention (glossary): then its caster gains that much life, a true gain",
                            )),
                        );
                    }
                }
            }
            Effect::NoCombatDamage => {
                self.game.no_combat_damage = true;
                self.emit(EventKind::Lasting { what: "creatures deal no combat damage this turn".into() }, None);
            }
            Effect::NoAttack => {
                self.game.no_attack = true;
                self.emit(EventKind::Lasting { what: "creatures cannot attack this turn".into() }, None);
            }
            Effect::BuryThis => {
                if self.game.card(source).zone == Zone::Play {
                    buried.push(source);
                }
            }
            Effect::SacrificeThis => {
                if self.game.card(source).zone == Zone::Play {
                    let p = self.game.card(source).controller;
                    self.sacrifice(p, source, "as its ability says");
                }
            }
            Effect::CountersOnThis(n, kind) | Effect::CountersOnTarget(n, kind, _) => {
                let on = match effect {
                    Effect::CountersOnTarget(..) => {
                        legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None })
                    }
                    _ => Some(source),
                };
                if let Some(on) = on
                    && self.game.card(on).zone == Zone::Play
                {
                    // 002 L1890-1893: an unnamed counter (one with just a value, +1/+1) put on
                    // another card works only with the card that made it, so it is kept apart
                    // under that card's name (`Dwarven Weaponsmith's +1/+1`).
                    let key = if on != source && crate::engine::chars::is_unnamed_counter(kind) {
                        format!("{}'s {kind}", self.def(source).name)
                    } else {
                        kind.clone()
                    };
                    let source = on;
                    self.game.add_counters(source, &key, *n);
                    let now = if self.is_creature(source) {
                        let (p, t) = self.pt(source);
                        format!(" (now {p}/{t})")
                    } else {
                        String::new()
                    };
                    self.emit(
                        EventKind::Lasting {
                            what: format!(
                                "{} gets {}{now}",
                                self.label(source),
                                crate::trace::count(*n, &format!("{kind} counter"))
                            ),
                        },
                        Some(Rule::g("Counters")),
                    );
                } else {
                    // Its source left play (with the creature it damaged): the ability still
                    // resolves, and a card out of play keeps no counters (002 L932-935).
                    self.emit(
                        EventKind::Fails {
                            spell: self.slabel(id),
                            reason: format!("{} is no longer in play, so no counter is put on it", self.label(source)),
                        },
                        Some(Rule::g("Spell and Ability Timing, Triggered Abilities")),
                    );
                }
            }
            Effect::DamageTo(..)
            | Effect::YouGain(_)
            | Effect::MayPay(..)
            | Effect::UnlessPaid(..)
            | Effect::Scheduled(..)
            | Effect::DestroyThat(..)
            | Effect::Then(..)
            | Effect::CountersOn(..)
            | Effect::CounterThat(..)
            | Effect::RemoveGraveyards
            | Effect::ReturnThis
            | Effect::SkipNextDraw
            | Effect::DrawCard
            | Effect::DiscardAtRandom
            | Effect::RemoveThis
            | Effect::DamageInsteadOfCombat(..)
            | Effect::NoCombatDamageInstead(_)
            | Effect::GrantUntilNextUpkeep(..) => self.apply_triggered(id, effect, legal, destroyed, buried)?,
            Effect::SwitchBlockers(_) => self.switch_blockers(id, legal)?,
            Effect::RemoveFromCombat(_, reblock) => self.remove_blocker(id, legal, *reblock)?,
            Effect::Regenerate(who) if self.regeneration_in_prevention() => {
                let target = legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None });
                self.regenerate_4e(id, who, source, target);
            }
            Effect::Regenerate(w) if self.pol.regeneration == crate::edition::RegenerationUse::Shield => {
                if let Some(c) = who(w) {
                    self.raise_regeneration_shield(c, &self.slabel(id));
                }
            }
            Effect::Regenerate(_) => {
                // 002 Regeneration: resolving with no creature dying, it fails (not a fizzle).
                self.emit(
                    EventKind::Fails { spell: self.slabel(id), reason: "no creature is being destroyed".into() },
                    Some(Rule::g("Regeneration")),
                );
            }
        }
        Ok(())
    }

    /// Applies the effects of triggered abilities, which read their event (`that player`, `that
    /// creature`, `that much`) and may ask a payment or schedule a later effect.
    fn apply_triggered(
        &mut self,
        id: SpellId,
        effect: &Effect,
        legal: &[Target],
        destroyed: &mut Vec<CardId>,
        buried: &mut Vec<CardId>,
    ) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let event = sp.event.clone().unwrap_or_default();
        match effect {
            Effect::DamageTo(n, to) => {
                let player = match to {
                    Recipient::ThatPlayer => event.player,
                    Recipient::You => Some(sp.controller),
                    Recipient::ItsController => event.card_controller,
                };
                let Some(p) = player else { return Ok(()) };
                let amount = self.count(*n, &event, p);
                if amount == 0 {
                    self.emit(
                        EventKind::Lasting { what: format!("{} deals no damage: the amount is 0", self.slabel(id)) },
                        Some(Rule::g("Damage: an amount of 0 or less deals no damage")),
                    );
                }
                self.assign(sp.card, &sp.colors, Target::Player(p), amount);
            }
            Effect::YouGain(n) => {
                let amount = self.count(*n, &event, sp.controller);
                self.change_life(sp.controller, i32::try_from(amount).unwrap_or(i32::MAX), None);
            }
            Effect::MayPay(m, inner) | Effect::UnlessPaid(inner, m) => {
                // 002 L924-926: a triggered ability with a cost triggers anyway; its controller
                // chooses whether to pay and use it. The cost is paid as it is played, where
                // mana sources may be used. `unless you pay` is the other way round.
                let paid = match m {
                    Payment::Mana(m) => self.ask_to_pay(sp.controller, m, id, true)?,
                    Payment::Life(n) => self.ask_life(sp.controller, *n, id)?,
                };
                if paid == matches!(effect, Effect::MayPay(..)) {
                    self.apply(id, inner, legal, destroyed, buried)?;
                }
            }
            Effect::Scheduled(when, inner) => {
                if event.delayed {
                    self.apply(id, inner, legal, destroyed, buried)?;
                } else {
                    // A spell's "that creature" is its target (a draw names no creature).
                    let mut event = event;
                    if event.card.is_none() && !matches!(**inner, Effect::DrawCard) {
                        event.card = legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None });
                    }
                    let text = effect.to_string();
                    let what = match event.card {
                        Some(c) => format!("{text} ({} is that creature)", self.label(c)),
                        None => text,
                    };
                    self.game.delayed.push(super::state::Delayed {
                        when: *when,
                        card: sp.card,
                        source: sp.source,
                        controller: sp.controller,
                        event,
                    });
                    self.emit(
                        EventKind::Lasting { what: format!("scheduled: {what}") },
                        Some(Rule::g("Delayed or Scheduled Effects")),
                    );
                }
            }
            Effect::Then(a, b) => {
                // The delayed part alone, when its time has come.
                for part in [a, b] {
                    if !event.delayed || matches!(**part, Effect::Scheduled(..) | Effect::Then(..)) {
                        self.apply(id, part, legal, destroyed, buried)?;
                    }
                }
            }
            Effect::DestroyThat(_, true) if event.card.is_some_and(|c| !self.game.attacked_with.contains(&c)) => {
                let c = event.card.map(|c| self.label(c)).unwrap_or_default();
                self.emit(
                    EventKind::Fails { spell: self.slabel(id), reason: format!("{c} did not attack this turn") },
                    None,
                );
            }
            Effect::DestroyThat(bury, _) => {
                // A delayed effect does what it can: on a card no longer in play, nothing
                // (002 L1072-1078).
                match event.card.filter(|&c| self.game.card(c).zone == Zone::Play) {
                    Some(c) if *bury => buried.push(c),
                    Some(c) => destroyed.push(c),
                    None => self.emit(
                        EventKind::Fails {
                            spell: self.slabel(id),
                            reason: "that creature is no longer in play".into(),
                        },
                        Some(Rule::g("Delayed or Scheduled Effects: meaningless effects do nothing")),
                    ),
                }
            }
            Effect::CountersOn(w, n, kind) => {
                let card = match w {
                    Who::This => Some(sp.card),
                    Who::Enchanted => self.game.card(sp.card).enchanting,
                    Who::That => event.card,
                    Who::Target(_) => legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None }),
                };
                if let Some(c) = card.filter(|&c| self.game.card(c).zone == Zone::Play) {
                    self.put_counters(c, *n, kind);
                }
            }
            Effect::CounterThat(unless, namesake) => {
                let Some(s) = event.spell else { return Ok(()) };
                let by = self.slabel(id);
                if !matches!(self.game.spell(s).status, Status::BeingCast | Status::Waiting) {
                    // A mana source resolves before the triggers it causes (002 L964-969).
                    let reason = format!("{} is no longer being cast or waiting to resolve", self.slabel(s));
                    self.emit(EventKind::Fails { spell: by, reason }, Some(Rule::g("Fizzle")));
                    return Ok(());
                }
                if *namesake && !self.namesake_in_view(self.game.spell(s).card) {
                    let name = &self.def(self.game.spell(s).card).name;
                    let reason = format!("no other card named {name} is in play or in a graveyard");
                    self.emit(EventKind::Fails { spell: by, reason }, None);
                    return Ok(());
                }
                let caster = self.game.spell(s).controller;
                let paid = match unless {
                    Some(m) => self.ask_payment(caster, m.total(), id)?,
                    None => false,
                };
                if !paid {
                    self.counter(s, id);
                }
            }
            Effect::DamageInsteadOfCombat(a, _) => {
                let n = u32::try_from(Self::amount(*a, sp.x)).unwrap_or(0);
                for &t in legal {
                    self.assign(sp.card, &sp.colors, t, n);
                }
                if !self.game.no_combat_from.contains(&sp.card) {
                    self.game.no_combat_from.push(sp.card);
                }
                self.emit(
                    EventKind::Lasting { what: format!("{} deals no combat damage this turn", self.label(sp.card)) },
                    Some(Rule::g("Is Not Blocked")),
                );
            }
            Effect::NoCombatDamageInstead(inner) => {
                // The creature of the event ("it"), whatever enchants it now.
                let Some(c) = event.card else { return Ok(()) };
                if !self.game.no_combat_from.contains(&c) {
                    self.game.no_combat_from.push(c);
                }
                self.emit(
                    EventKind::Lasting { what: format!("{} deals no combat damage this turn", self.label(c)) },
                    Some(Rule::g("Is Not Blocked")),
                );
                self.apply(id, inner, legal, destroyed, buried)?;
            }
            Effect::GrantUntilNextUpkeep(_, k) => {
                for &t in legal {
                    if let Target::Card(c) = t {
                        self.game.grant_until_upkeep(c, k.clone(), sp.controller);
                        self.emit(
                            EventKind::Lasting {
                                what: format!(
                                    "{} gains {k} until {}'s next upkeep",
                                    self.label(c),
                                    self.pname(sp.controller)
                                ),
                            },
                            Some(Rule::g("Duration Effects")),
                        );
                    }
                }
            }
            Effect::ReturnThis => {
                let c = sp.card;
                if self.game.card(c).zone == Zone::Graveyard {
                    let owner = self.game.card(c).owner;
                    self.game.move_card(c, Zone::Play);
                    self.game.set_controller(c, owner);
                    self.game.set_sick(c, true);
                    self.emit(
                        EventKind::EntersPlay { card: self.label(c), controller: self.pname(owner) },
                        Some(Rule::g("Delayed or Scheduled Effects")),
                    );
                } else {
                    let reason = format!("{} is no longer in the graveyard", self.label(c));
                    self.emit(
                        EventKind::Fails { spell: self.slabel(id), reason },
                        Some(Rule::g("Spell and Ability Timing, Triggered Abilities: abilities do not track a card")),
                    );
                }
            }
            Effect::DiscardAtRandom => {
                let Some(p) = event.player else { return Ok(()) };
                self.discard_at_random(p, &self.slabel(id))?;
            }
            Effect::SkipNextDraw => {
                let p = event.player.unwrap_or(sp.controller);
                self.game.skip_draws.push(p);
                self.emit(
                    EventKind::Lasting { what: format!("{} will skip their next draw phase", self.pname(p)) },
                    Some(Rule::g("Phase Skipping")),
                );
            }
            // The guard draws; with an empty library the loss is announced once the resolution
            // is over (002 L2698-2701).
            Effect::DrawCard if !self.draw_by_effect(sp.controller)? => {
                self.game.set_lost(sp.controller);
            }
            Effect::RemoveThis if self.game.card(sp.card).zone == Zone::Play => {
                self.game.move_card(sp.card, Zone::Removed);
                self.emit(
                    EventKind::Moved {
                        card: self.label(sp.card),
                        from: Zone::Play.name().to_owned(),
                        to: Zone::Removed.name().to_owned(),
                    },
                    None,
                );
            }
            Effect::RemoveGraveyards => {
                let all: Vec<CardId> = (0..self.game.cards().len())
                    .filter_map(|i| u16::try_from(i).ok().map(CardId))
                    .filter(|&c| self.game.card(c).zone == Zone::Graveyard)
                    .collect();
                for c in all {
                    self.game.move_card(c, Zone::Removed);
                    self.emit(
                        EventKind::Moved {
                            card: self.label(c),
                            from: Zone::Graveyard.name().to_owned(),
                            to: Zone::Removed.name().to_owned(),
                        },
                        None,
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether a card with the same name as `c` (another card) is in play or in a graveyard.
    fn namesake_in_view(&self, c: CardId) -> bool {
        let name = &self.def(c).name;
        (0..self.game.cards().len()).filter_map(|i| u16::try_from(i).ok().map(CardId)).any(|o| {
            o != c
                && matches!(self.game.card(o).zone, Zone::Play | Zone::Graveyard)
                && self.def(o).name.eq_ignore_ascii_case(name)
        })
    }

    /// The number a [`Much`] stands for; `p` is the player whose hand is counted.
    fn count(&self, n: Much, event: &super::state::EventContext, p: super::state::PlayerId) -> u32 {
        let hand = || {
            let known = u32::try_from(self.game.zone(Zone::Hand, Some(p)).len()).unwrap_or(u32::MAX);
            known.saturating_add(self.game.player(p).hand_unknown)
        };
        match n {
            Much::Fixed(k) => k,
            Much::ThatMuch => event.amount,
            // Negative toughness counts as 0 (002 L428).
            Much::ItsToughness => u32::try_from(event.toughness.max(0)).unwrap_or(0),
            Much::CardsOver(k) => hand().saturating_sub(k),
            Much::CardsUnder(k) => k.saturating_sub(hand()),
        }
    }

    /// What an animated permanent now is, for the trace: its P/T, and "artifact" when it is an
    /// artifact creature (Jade Statue: "a 3/6 artifact creature").
    fn animated_as(&self, c: CardId) -> String {
        let (p, t) = self.pt(c);
        if self.chars(c).is_artifact() { format!("{p}/{t} artifact") } else { format!("{p}/{t}") }
    }

    /// Puts `n` counters of a kind on a permanent, with a trace line.
    pub(super) fn put_counters(&mut self, c: CardId, n: u32, kind: &str) {
        self.game.add_counters(c, kind, n);
        let now = if self.def(c).kind.is_creature() {
            let (p, t) = self.pt(c);
            format!(" (now {p}/{t})")
        } else {
            String::new()
        };
        self.emit(
            EventKind::Lasting {
                what: format!("{} gets {}{now}", self.label(c), crate::trace::count(n, &format!("{kind} counter"))),
            },
            Some(Rule::g("Counters")),
        );
    }

    /// Counters a spell being cast; a countered spell goes to the graveyard (002 Step 2).
    fn counter(&mut self, s: SpellId, by: SpellId) {
        self.game.spell_mut(s).status = Status::Countered;
        // m13: a countered spell is removed from the stack (001 L804).
        for c in &mut self.game.ctx {
            c.batch.retain(|&x| x != s);
        }
        self.emit(
            EventKind::Countered { spell: self.slabel(s), by: self.slabel(by) },
            Some(Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability")),
        );
        let card = self.game.spell(s).card;
        if matches!(self.game.spell(s).source, Source::Spell(_)) {
            self.put_in_graveyard(card);
        }
    }

    /// Asks `payer` whether to pay `n` for `by`: the next line answers (contract, Consumption 4).
    fn ask_payment(&mut self, payer: super::state::PlayerId, n: u32, by: SpellId) -> Result<bool, Stop> {
        let cost = crate::grammar::mana::ManaCost { generic: n, ..Default::default() };
        self.ask_to_pay(payer, &cost, by, self.pol.mana_mid_resolution)
    }

    /// Asks `payer` whether to pay `cost` for `by`; `mana_ok`: mana sources may be used to pay
    /// it (tapped automatically, or by `taps` lines first).
    pub(super) fn ask_to_pay(
        &mut self,
        payer: super::state::PlayerId,
        cost: &crate::grammar::mana::ManaCost,
        by: SpellId,
        mana_ok: bool,
    ) -> Result<bool, Stop> {
        let label = self.slabel(by);
        let asked = Asking {
            by: Some(by),
            label: &label,
            mana_ok,
            rule: Rule::g("Spell and Ability Timing, Step 4: Resolution"),
            moment: "the line that resolves it",
        };
        self.ask_to_pay_labelled(payer, cost, &asked)
    }

    /// [`Self::ask_to_pay`] for a payment a permanent asks as a player announces an ability or
    /// declares a creature in combat (Imprison), named by `what`. The answer is the very next
    /// line (after `taps` lines when `mana_ok`); asked in an announcement, it is paid from the
    /// pool: nobody may get mana then (002 L603, L617-618).
    pub(super) fn ask_to_pay_for(
        &mut self,
        payer: super::state::PlayerId,
        cost: &crate::grammar::mana::ManaCost,
        what: &str,
        rule: Rule,
        mana_ok: bool,
    ) -> Result<bool, Stop> {
        let asked = Asking { by: None, label: what, mana_ok, rule, moment: "the line that makes it happen" };
        self.ask_to_pay_labelled(payer, cost, &asked)
    }

    fn ask_to_pay_labelled(
        &mut self,
        payer: super::state::PlayerId,
        cost: &crate::grammar::mana::ManaCost,
        asking: &Asking<'_>,
    ) -> Result<bool, Stop> {
        let n = cost.total();
        let by_label = asking.label.to_owned();
        let mana_ok = asking.mana_ok;
        let name = self.pname(payer);
        // The answer must be the very next line: nobody holds priority in the middle of a
        // resolution, so no mana source may come first (002 Step 4). Before 5e, tapping for mana
        // was an interrupt, usable then (4th Ed. FAQ, Timing; 003 p.14).
        if mana_ok {
            while matches!(self.upcoming_action(), Some(Action::Tap(..))) {
                let Some(i) = self.driver.take() else { break };
                self.take_mana_line(i)?;
            }
        }
        // The answer names the cost as asked: an amount, or the exact symbols (`pays 1WW`).
        let cost = &crate::grammar::mana::ManaCost { x: 0, ..*cost };
        let asked = Decision::Pay { payer, amount: *cost, mana_first: mana_ok };
        if self.offered(&asked).is_none() {
            if let (Some(i), Some(Action::Tap(..)), Some(spell)) =
                (self.driver.upcoming(), self.upcoming_action(), asking.by)
            {
                return Err(Stop::refuse(Refusal::NoManaMidResolution { spell }).at_line(i));
            }
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} must choose whether to pay {cost} for {by_label}: write `{name} pays {cost}` or `{name} does not pay` right after {}",
                    asking.moment
                ),
            });
        }
        let Some(i) = self.take_line() else { return Ok(false) };
        self.depth += 1;
        let answer = match self.action_of(i).unwrap_or(Action::Resolve) {
            Action::Pay(_, Some(k)) if k != *cost => Err(Stop::refuse(match asking.by {
                Some(spell) => Refusal::PaymentAmount { spell, payer, amount: *cost, answer: k },
                None => Refusal::LifeAmount { what: by_label.clone(), payer, amount: n, answer: k.to_string() },
            })),
            Action::Pay(_, Some(_)) => self.pay_with(payer, cost, &by_label, mana_ok).map(|_| true).map_err(|s| {
                // Asked by a permanent in an announcement, the pool alone pays.
                match s {
                    Stop::Illegal(il) if asking.by.is_none() => match *il.refusal {
                        Refusal::CannotPayMidResolution { player, cost, what, have } => {
                            Stop::refuse(Refusal::CannotPayInAnnouncement { player, cost, what, have })
                        }
                        r => Stop::Illegal(super::Illegal { refusal: Box::new(r), ..il }),
                    },
                    s => s,
                }
            }),
            Action::PayLife(..) => Err(Stop::refuse(Refusal::LifeForMana { what: by_label.clone(), payer, amount: n })),
            _ => Ok(false),
        }
        .map_err(|s| s.at_line(i));
        if let Ok(paid) = answer {
            self.emit(
                EventKind::Pays {
                    player: name,
                    amount: n,
                    cost: cost.has_colors().then(|| cost.to_string()),
                    by: by_label,
                    paid,
                },
                Some(asking.rule),
            );
        }
        self.depth -= 1;
        answer
    }

    /// Asks `payer` whether to pay `n` life for `by`: `P pays N` or `P pays N life` pays it, as a
    /// loss of life, never below zero (002 L1853-1854, L2675-2676); `P does not pay` declines.
    fn ask_life(&mut self, payer: super::state::PlayerId, n: u32, by: SpellId) -> Result<bool, Stop> {
        let label = format!("{} ({n} life)", self.slabel(by));
        self.ask_life_labelled(payer, n, &label, Some(by))
    }

    /// [`Self::ask_life`] for a payment a permanent offers as something happens (Zur's Weirding
    /// at a draw), named by `what`.
    pub(super) fn ask_life_for(&mut self, payer: super::state::PlayerId, n: u32, what: &str) -> Result<bool, Stop> {
        self.ask_life_labelled(payer, n, &format!("{what} ({n} life)"), None)
    }

    fn ask_life_labelled(
        &mut self,
        payer: super::state::PlayerId,
        n: u32,
        by_label: &str,
        by: Option<SpellId>,
    ) -> Result<bool, Stop> {
        let by_label = by_label.to_owned();
        let name = self.pname(payer);
        let asked = Decision::PayLife { payer, amount: n };
        if self.offered(&asked).is_none() {
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} must choose whether to pay {n} life for {by_label}: write `{name} pays {n} life` or `{name} does not pay` right after the line that makes it happen"
                ),
            });
        }
        let Some(i) = self.take_line() else { return Ok(false) };
        self.depth += 1;
        let life = self.game.player(payer).life;
        let amount = crate::grammar::mana::ManaCost::amount(n);
        let answer = match self.action_of(i).unwrap_or(Action::Resolve) {
            Action::Pay(_, Some(k)) if k != amount => Err(Stop::refuse(match by {
                Some(spell) => Refusal::PaymentAmount { spell, payer, amount, answer: k },
                None => Refusal::LifeAmount { what: by_label.clone(), payer, amount: n, answer: k.to_string() },
            })),
            Action::PayLife(_, k) if k != n => Err(Stop::refuse(match by {
                Some(spell) => {
                    Refusal::PaymentAmount { spell, payer, amount, answer: crate::grammar::mana::ManaCost::amount(k) }
                }
                None => Refusal::LifeAmount { what: by_label.clone(), payer, amount: n, answer: k.to_string() },
            })),
            Action::Pay(_, Some(_)) | Action::PayLife(..) => {
                let after = i64::from(life) - i64::from(n);
                if life <= 0 || after < 0 {
                    Err(Stop::refuse(Refusal::CannotPayLife { payer, amount: n, life }))
                } else {
                    Ok(true)
                }
            }
            _ => Ok(false),
        }
        .map_err(|s| s.at_line(i));
        if let Ok(paid) = answer {
            let rule = if by.is_some() {
                Rule::g("Spell and Ability Timing, Triggered Abilities")
            } else {
                Rule::g("Costs: life is paid down to 0, never below")
            };
            self.emit(EventKind::Pays { player: name, amount: n, cost: None, by: by_label, paid }, Some(rule));
            if paid {
                // Paying life is a loss of life, not damage (002 Loss of Life).
                self.change_life(payer, -i32::try_from(n).unwrap_or(i32::MAX), Some(Rule::g("Loss of Life")));
            }
        }
        self.depth -= 1;
        answer
    }

    /// Assigns a packet of damage (002 Damage: one packet per source and recipient).
    pub(super) fn assign(&mut self, source: CardId, colors: &[crate::grammar::mana::Color], to: Target, amount: u32) {
        if amount == 0 {
            return;
        }
        if let Target::Card(c) = to
            && !self.is_creature_in_play(c)
        {
            return;
        }
        self.emit(
            EventKind::DamageAssigned { source: self.label(source), to: self.tlabel(to), amount },
            Some(Rule::g("Damage")),
        );
        if let Some(p) = self.game.packets.iter_mut().find(|p| p.source == source && p.to == to) {
            p.amount = p.amount.saturating_add(amount);
        } else {
            self.game.packets.push(Packet {
                source,
                colors: colors.to_vec(),
                to,
                amount,
                trample: false,
                unblocked: false,
            });
        }
    }
}

impl Engine<'_> {
    /// A copy card entering play takes the copied card's printed characteristics (name, cost,
    /// colour, type, artifact-ness, P/T, abilities) and the text changes made to it, but not its
    /// counters, damage, tapped state or the effects of other cards on it (002 Copy Cards,
    /// L1776-1818); it enters with the counters its new text gives it (L1803-1807).
    pub(super) fn become_copy(&mut self, copy: CardId, orig: CardId) {
        let def = self.game.card(orig).def;
        let text: Vec<UntilEot> = self
            .game
            .effects()
            .iter()
            .filter(|e| e.card == orig && e.lasting && matches!(e.change, Change::Text(..) | Change::SetColor(_)))
            .cloned()
            .collect();
        self.game.become_copy_of(copy, def);
        for e in text {
            let stamp = self.game.stamp();
            self.game.add_effect(UntilEot {
                card: copy,
                stamp,
                change: e.change,
                lasting: true,
                while_tapped: None,
                until_combat_end: false,
            });
        }
        self.emit(
            EventKind::PlayOut { what: format!("{} enters play as a copy of {}", self.label(copy), self.label(orig)) },
            Some(Rule::g("Copy Cards")),
        );
    }
}

/// A payment asked of a player: what for, whether mana sources may come first, the rule.
struct Asking<'a> {
    /// The spell or ability asking, if one does (a permanent's ask has none).
    by: Option<SpellId>,
    /// What the payment is for, as the trace names it.
    label: &'a str,
    /// Whether mana sources may be used to pay.
    mana_ok: bool,
    /// The rule the payment is made under.
    rule: Rule,
    /// The line the answer follows, for the message asking for it.
    moment: &'a str,
}
