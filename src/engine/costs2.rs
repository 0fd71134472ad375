//! The resolution of the second wave of cost cards' effects: ordered discards (Stupor), a
//! creature card put into play from the hand and kept by paying its cost (Flash), a sacrifice
//! a discarded hand (Psychic Vortex; its sacrifice is the general `sacrifice` effect), damage that removes
//! counters instead (Rock Hydra), a draw another player may deny for life (Zur's Weirding),
//! and the payments an enchantment asks as its creature acts (Imprison).

use super::illegal::Stop;
use super::script::{Decision, Driver as _};
use super::state::{CardId, PlayerId, SpellId, Target, Zone};
use crate::grammar::ability::Effect;
use crate::trace::{EventKind, Rule};

impl super::Engine<'_> {
    /// Applies [`Effect::TargetDiscards`], [`Effect::PutCreatureFromHand`],
    /// and [`Effect::DiscardHand`].
    pub(super) fn apply_costs2(
        &mut self,
        id: SpellId,
        effect: &Effect,
        legal: &[Target],
        buried: &mut Vec<CardId>,
    ) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let by = self.slabel(id);
        match effect {
            Effect::TargetDiscards(_, order) => {
                let Some(p) = legal.iter().find_map(|t| if let Target::Player(p) = t { Some(*p) } else { None }) else {
                    return Ok(());
                };
                // One after the other, in the order the card gives: the chosen card is picked
                // once the random one is known (002 L2162-2166).
                for &random in order {
                    if random { self.discard_at_random(p, &by)? } else { self.discard_chosen(p, &by)? }
                }
            }
            Effect::PutCreatureFromHand(reduction) => {
                if let Some(c) = self.flash_in(id, sp.controller, *reduction)? {
                    buried.push(c);
                }
            }
            Effect::DiscardHand => {
                let p = sp.controller;
                for c in self.game.zone(Zone::Hand, Some(p)) {
                    self.game.move_card(c, Zone::Graveyard);
                    self.emit(
                        EventKind::Discards { player: self.pname(p), card: self.label(c) },
                        Some(Rule::g("Discard")),
                    );
                }
                let unknown = self.game.take_hand_unknown(p);
                if unknown > 0 {
                    self.emit(
                        EventKind::PlayOut { what: format!("{} discards {unknown} unknown cards", self.pname(p)) },
                        Some(Rule::g("Discard")),
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Flash: the controller chooses a creature card in their hand (`P chooses CARD` when
    /// several), puts it into play, then buries it unless they pay its casting cost with up to
    /// `reduction` generic mana taken off. The coloured symbols must be paid as printed (002
    /// L1595-1599: "pay the casting cost" means the exact symbols; Flash is named there), and the
    /// answer names them (`P pays 1WW`). The card's "then" is a gap in the resolution where mana
    /// sources may be used (002 L720-727), in every edition: mana lines (`taps`, a mana
    /// ability) written between the choice and the answer are taken there. A payment that the pool and the untapped mana
    /// sources cannot make is not asked: the creature is buried with no line, as for a
    /// mandatory cost with no way to pay. Returns the creature to bury when the cost is not paid.
    fn flash_in(&mut self, id: SpellId, p: PlayerId, reduction: u32) -> Result<Option<CardId>, Stop> {
        let by = self.slabel(id);
        let options: Vec<CardId> =
            self.game.zone(Zone::Hand, Some(p)).into_iter().filter(|&c| self.def(c).kind.is_creature()).collect();
        let Some(c) = self.choose_card(p, &options, &by, "a creature card in their hand")? else {
            self.emit(
                EventKind::Fails { spell: by, reason: format!("{} has no creature card in hand", self.pname(p)) },
                None,
            );
            return Ok(None);
        };
        self.return_to_play(c, p)?;
        // X is 0 for a card not cast (002 L1578-1580).
        let mut cost = self.def(c).cost.unwrap_or_default();
        cost.x = 0;
        cost.generic = cost.generic.saturating_sub(reduction);
        // "Then": mana sources may be used before the payment (002 L720-727).
        while let Some(answer) = self.offered(&Decision::GapMana) {
            while self.driver.position() <= answer.last {
                let Some(i) = self.driver.take() else { break };
                self.take_mana_line(i)?;
            }
        }
        if !self.could_pay(p, &cost, true) {
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{} cannot pay {cost} for {by} (the exact coloured symbols), so {} is buried with no choice",
                        self.pname(p),
                        self.label(c)
                    ),
                },
                Some(Rule::g("Casting Cost: paying a casting cost means paying its exact colours")),
            );
            return Ok(Some(c));
        }
        let paid = self.ask_to_pay(p, &cost, id, true)?;
        Ok((!paid).then_some(c))
    }

    /// Rock Hydra: of `amount` damage being dealt to creature `c`, the part that removes its
    /// counters instead (one counter for each 1 damage, while it has them). The counters are
    /// removed here; the rest is dealt as damage. Damage prevention comes first: this happens
    /// as the damage would be successfully dealt (002 Damage Prevention: damage left at the
    /// end of the prevention step is dealt).
    pub(super) fn damage_to_counters(&mut self, c: CardId, amount: u32) -> u32 {
        let kinds: Vec<String> = self
            .def(c)
            .statics()
            .filter_map(|e| if let Effect::DamageRemovesCounters(k) = e { Some(k.clone()) } else { None })
            .collect();
        let mut left = amount;
        for kind in kinds {
            let have = self.game.card(c).counters.iter().find(|(k, _)| *k == kind).map_or(0, |(_, n)| *n);
            let taken = have.min(left);
            if taken == 0 {
                continue;
            }
            self.game.remove_counters(c, &kind, taken);
            left -= taken;
            let (pw, t) = self.pt(c);
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{} loses {} instead of taking {taken} damage (now {pw}/{t})",
                        self.label(c),
                        crate::trace::count(taken, &format!("{kind} counter"))
                    ),
                },
                Some(Rule::g("Damage Prevention, Sub-Step C: the damage left is dealt")),
            );
        }
        left
    }

    /// Zur's Weirding: before `p` draws a card that is not a cost, each other player may pay
    /// the life a permanent in play asks to have that card put into its owner's graveyard
    /// instead. Returns whether the draw was denied (the card is then in the graveyard).
    pub(super) fn draw_denied(&mut self, p: PlayerId) -> Result<bool, Stop> {
        let asks: Vec<(CardId, u32)> = self
            .game
            .zone(Zone::Play, None)
            .into_iter()
            .flat_map(|c| {
                self.def(c)
                    .statics()
                    .filter_map(|e| if let Effect::DrawMayBeDenied(n) = e { Some(*n) } else { None })
                    .map(move |n| (c, n))
                    .collect::<Vec<_>>()
            })
            .collect();
        let Some(&(source, life)) = asks.first() else { return Ok(false) };
        let top = self.game.zone(Zone::Library, Some(p)).into_iter().max_by_key(|&c| self.game.card(c).seq);
        let unknown = self.game.player(p).library_unknown;
        if top.is_none() && unknown == 0 {
            return Ok(false);
        }
        // The player who pays controls the effect, whoever controls the card (002 L1715-1721).
        let other = p.other();
        let what = match top {
            Some(c) => format!("{}, {}'s draw of {}", self.label(source), self.pname(p), self.label(c)),
            None => format!("{}, {}'s draw", self.label(source), self.pname(p)),
        };
        if !self.ask_life_for(other, life, &what)? {
            return Ok(false);
        }
        match top {
            Some(c) => {
                self.game.move_card(c, Zone::Graveyard);
                self.emit(
                    EventKind::Moved {
                        card: self.label(c),
                        from: format!("{}'s library", self.pname(p)),
                        to: Zone::Graveyard.name().to_owned(),
                    },
                    Some(Rule::g("Controller, Caster and Owner: the player who pays controls the effect")),
                );
            }
            None => {
                self.game.mill_unknown(p);
                self.emit(
                    EventKind::PlayOut {
                        what: format!("an unknown card of {}'s library goes to the graveyard instead", self.pname(p)),
                    },
                    Some(Rule::g("Controller, Caster and Owner: the player who pays controls the effect")),
                );
            }
        }
        Ok(true)
    }

    /// A cost of `need` draws can be paid only with that many cards in the library.
    pub(super) fn check_draw_cost(&self, p: PlayerId, card: CardId, need: u32) -> Result<(), Stop> {
        let known = u32::try_from(self.game.zone(Zone::Library, Some(p)).len()).unwrap_or(u32::MAX);
        let have = known.saturating_add(self.game.player(p).library_unknown);
        if have < need {
            return Err(Stop::refuse(super::refusal::Refusal::Cost {
                card,
                fault: super::costs::CostFault::Draw { have, need },
            }));
        }
        Ok(())
    }

    /// A draw by an effect or the draw phase: another player may deny it first where a
    /// permanent lets them (Zur's Weirding). Returns `false` when the library is empty.
    pub(super) fn draw_by_effect(&mut self, p: PlayerId) -> Result<bool, Stop> {
        if self.draw_denied(p)? {
            return Ok(true);
        }
        Ok(self.draw_one(p))
    }

    /// The permanents enchanting `c` that ask their controller to pay when it plays an ability
    /// (`ability`) or attacks or blocks, with the amount (Imprison).
    fn taxes_on(&self, c: CardId, ability: bool) -> Vec<(CardId, u32)> {
        self.game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&e| self.game.card(e).enchanting == Some(c))
            .flat_map(|e| {
                self.def(e)
                    .statics()
                    .filter_map(|x| match (x, ability) {
                        (Effect::EnchantedAbilityTaxed(n), true) | (Effect::EnchantedCombatTaxed(n), false) => Some(*n),
                        _ => None,
                    })
                    .map(move |n| (e, n))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Whether a permanent enchanting `c` asks for a payment when `c` plays an ability (an
    /// automatic payment never uses such a mana source: its player taps it by a line).
    pub(super) fn ability_taxed(&self, c: CardId) -> bool {
        self.game.card(c).zone == Zone::Play && !self.taxes_on(c, true).is_empty()
    }

    /// Imprison, as `c`'s ability is announced (a mana ability's too): each enchantment that
    /// asks for it asks its controller to pay, the answer being the next line. Paid, the
    /// announcement is not made: the enchantment makes the creature unavailable, so nothing of
    /// the ability is paid or played (002 L621-624, L1825-1829; L2785-2786: even a mana source).
    /// Not paid, the enchantment is destroyed and the ability goes on. Returns whether the
    /// announcement is stopped.
    pub(super) fn ability_stopped(&mut self, c: CardId) -> Result<bool, Stop> {
        if self.game.card(c).zone != Zone::Play {
            return Ok(false);
        }
        for (by, n) in self.taxes_on(c, true) {
            if self.game.card(by).zone != Zone::Play || self.game.card(by).enchanting != Some(c) {
                continue;
            }
            let payer = self.game.card(by).controller;
            let cost = crate::grammar::mana::ManaCost { generic: n, ..Default::default() };
            let what = format!("{}, {}'s ability", self.label(by), self.label(c));
            let rule = Rule::g("Costs: a resource made unavailable stops the announcement");
            if self.ask_to_pay_for(payer, &cost, &what, rule, false)? {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} stops the announcement: {}'s ability is not played, and nothing of its cost is paid",
                            self.label(by),
                            self.label(c)
                        ),
                    },
                    Some(rule),
                );
                return Ok(true);
            }
            let cause = format!("{} was not paid for", self.label(by));
            self.destroy(&[by], &cause, Rule::g("Destroy"))?;
        }
        Ok(false)
    }

    /// Imprison, as `c` is declared an attacker or a blocker: each enchantment that asks for it
    /// asks its controller to pay, the answer being the next line. Paid, the creature is tapped
    /// and removed from combat (the card's text); not paid, the enchantment is destroyed.
    pub(super) fn combat_taxed(&mut self, c: CardId) -> Result<(), Stop> {
        for (by, n) in self.taxes_on(c, false) {
            if self.game.card(by).zone != Zone::Play || self.game.card(by).enchanting != Some(c) {
                continue;
            }
            let payer = self.game.card(by).controller;
            let cost = crate::grammar::mana::ManaCost { generic: n, ..Default::default() };
            let what = format!("{}, {} in combat", self.label(by), self.label(c));
            let rule =
                Rule::g("Other Attack Phase Rulings: a creature removed from combat stops attacking or blocking");
            // Not an announcement: mana sources may be used, as in any declaration step.
            if self.ask_to_pay_for(payer, &cost, &what, rule, true)? {
                if !self.game.card(c).tapped {
                    self.game.tap(c);
                    self.emit(EventKind::Tapped { card: self.label(c), tapped: true, already: false }, None);
                }
                let why = format!("{} was paid for, as its text says", self.label(by));
                self.remove_from_combat(c, &why);
                return Ok(());
            }
            let cause = format!("{} was not paid for", self.label(by));
            self.destroy(&[by], &cause, Rule::g("Destroy"))?;
        }
        Ok(())
    }
}
