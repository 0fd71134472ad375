//! Effects that change the blocks once they are made: switching the blockers of two attackers
//! (General Jarkeld) and taking a blocker out of the combat as if it had never blocked, with a
//! new block in its place (False Orders).

use super::action::Action;
use super::refusal::Refusal;
use super::script::Decision;
use super::state::{AttackStep, CardId, Happening, SpellId, Target};
use super::{Engine, Stop};
use crate::trace::{EventKind, Rule};

/// 002 Blocking (L1496-1510): a creature may come to block without being "assigned" to it.
const SWITCH: Rule = Rule::g("Blocking: General Jarkeld swaps blockers, which are then not \"assigned\"");
/// 002 Attack Phase, Step 3 (L428-431) and Other Attack Phase Rulings (L514-519).
const FALSE_ORDERS: Rule =
    Rule::g("Attack Phase, Step 3: Declare Blockers (False Orders: a retroactive removal, or a new block)");

impl Engine<'_> {
    /// `switch the blockers of two target blocked attacking creatures`: each creature blocking
    /// exactly one of the two blocks the other instead, provided each attacker could be blocked
    /// by every creature that would now block it (its evasion abilities are checked; the
    /// blockers were untapped when they blocked). The new blocks are not "assigned" (002
    /// L1508-1510): a flanking attacker gets no trigger from them, but an ability of blocking
    /// in general does (002 L1511-1514). Otherwise the effect does nothing.
    pub(super) fn switch_blockers(&mut self, id: SpellId, legal: &[Target]) -> Result<(), Stop> {
        let cards: Vec<CardId> =
            legal.iter().filter_map(|t| if let Target::Card(c) = t { Some(*c) } else { None }).collect();
        let (&[a, b], Some(cb)) = (cards.as_slice(), self.combat()) else {
            self.emit(
                EventKind::Fails { spell: self.slabel(id), reason: "it needs both attackers still blocked".into() },
                Some(SWITCH),
            );
            return Ok(());
        };
        let of_a: Vec<CardId> = cb.blockers_of(a).to_vec();
        let of_b: Vec<CardId> = cb.blockers_of(b).to_vec();
        let only_a: Vec<CardId> = of_a.iter().copied().filter(|x| !of_b.contains(x) && cb.in_combat(*x)).collect();
        let only_b: Vec<CardId> = of_b.iter().copied().filter(|x| !of_a.contains(x) && cb.in_combat(*x)).collect();
        let defender = self.game.active.other();
        let fault = only_a
            .iter()
            .map(|&x| (x, b))
            .chain(only_b.iter().map(|&x| (x, a)))
            .find_map(|(x, to)| self.evasion(x, to, defender).map(|why| (x, to, why)));
        if let Some((x, to, why)) = fault {
            let reason = self.refusal_text(&Refusal::CannotBlock { blocker: x, attacker: to, player: defender, why });
            self.emit(EventKind::Fails { spell: self.slabel(id), reason }, Some(SWITCH));
            return Ok(());
        }
        if let Some(cb) = self.combat_mut() {
            for (from, to, movers) in [(a, b, &only_a), (b, a, &only_b)] {
                if let Some((_, bs)) = cb.blocks.iter_mut().find(|(x, _)| *x == from) {
                    bs.retain(|x| !movers.contains(x));
                }
                match cb.blocks.iter_mut().find(|(x, _)| *x == to) {
                    Some((_, bs)) => bs.extend(movers.iter().copied()),
                    None => cb.blocks.push((to, movers.clone())),
                }
                for d in &mut cb.declared {
                    if movers.contains(&d.0) && d.1 == from {
                        d.1 = to;
                    }
                }
            }
        }
        for (movers, to) in [(&only_a, b), (&only_b, a)] {
            for &x in movers {
                let what = format!("{} now blocks {} (switched, never assigned to it)", self.label(x), self.label(to));
                self.emit(EventKind::PlayOut { what }, Some(SWITCH));
                self.game.happened.push(Happening::Blocks { blocker: x, attacker: to, assigned: false });
            }
        }
        Ok(())
    }

    /// `remove target creature the defending player controls from combat; you may have it
    /// block another attacking creature` (False Orders). Played at the end of the declaration
    /// of blockers, it undoes the creature's block as if it had never been declared (002
    /// L428-431): an attacker it alone blocked becomes unblocked, and what its block triggered
    /// and scheduled is gone (002 L353-355, L514-519). The caster may then have it block
    /// another attacker it could legally block (`P has A block B`): a new block, assigned.
    pub(super) fn remove_blocker(&mut self, id: SpellId, legal: &[Target], reblock: bool) -> Result<(), Stop> {
        let Some(c) = legal.iter().find_map(|t| if let Target::Card(c) = t { Some(*c) } else { None }) else {
            return Ok(());
        };
        let Some(cb) = self.combat() else { return Ok(()) };
        let blocked: Vec<CardId> = cb.blocks.iter().filter(|(_, bs)| bs.contains(&c)).map(|(a, _)| *a).collect();
        let freed: Vec<CardId> =
            blocked.iter().copied().filter(|&a| cb.blockers_of(a).iter().all(|&x| x == c)).collect();
        if let Some(cb) = self.combat_mut() {
            for (_, bs) in &mut cb.blocks {
                bs.retain(|&x| x != c);
            }
            cb.blocks.retain(|(_, bs)| !bs.is_empty());
            cb.declared.retain(|(x, _)| *x != c);
        }
        let what = if blocked.is_empty() {
            format!("{} is removed from the combat (it was not blocking)", self.label(c))
        } else {
            format!(
                "{} is removed from the combat, as if it had never blocked {}",
                self.label(c),
                self.labels(&blocked)
            )
        };
        self.emit(EventKind::PlayOut { what }, Some(FALSE_ORDERS));
        for &a in &freed {
            self.emit(
                EventKind::PlayOut { what: format!("{} is no longer blocked", self.label(a)) },
                Some(FALSE_ORDERS),
            );
        }
        // What the undone blocks scheduled goes with them (a Thicket Basilisk's destruction).
        let before = self.game.delayed.len();
        self.game.delayed.retain(|d| {
            let pair = |x: CardId, y: CardId| (x == c && blocked.contains(&y)) || (y == c && blocked.contains(&x));
            !d.event.card.is_some_and(|e| pair(d.card, e))
        });
        // And what it did until end of turn (a flanking attacker's -1/-1 on it).
        let undone: Vec<(u32, u32)> = self
            .game
            .block_effects
            .iter()
            .filter(|(b, a, _, _)| *b == c && blocked.contains(a))
            .map(|&(_, _, lo, hi)| (lo, hi))
            .collect();
        let effects_before = self.game.effects().len();
        self.game.end_effects(|e| undone.iter().any(|&(lo, hi)| (lo..=hi).contains(&e.stamp)));
        let effects_undone = self.game.effects().len() < effects_before;
        if self.game.delayed.len() < before || effects_undone {
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "what the block of {} triggered is undone: the block is treated as never having happened",
                        self.label(c)
                    ),
                },
                Some(Rule::g("Attack Phase, Other Attack Phase Rulings: retroactive removal from the combat")),
            );
        }
        if reblock {
            self.new_block(id, c, &blocked)?;
        }
        Ok(())
    }

    /// The caster of False Orders may have the creature block another attacker, one it could
    /// legally block: asked as `P has A block B` or `P has A block nothing`.
    fn new_block(&mut self, id: SpellId, c: CardId, was: &[CardId]) -> Result<(), Stop> {
        let caster = self.game.spell(id).controller;
        let defender = self.game.active.other();
        let attackers: Vec<CardId> = self
            .combat()
            .map(|cb| cb.attackers.iter().copied().filter(|&a| cb.in_combat(a) && !was.contains(&a)).collect())
            .unwrap_or_default();
        let able: Vec<CardId> = attackers.into_iter().filter(|&a| self.check_blocker(defender, c, a).is_ok()).collect();
        if able.is_empty() {
            return Ok(());
        }
        let options: Vec<Action> = able
            .iter()
            .map(|&a| Action::HaveBlock(caster, c, Some(a)))
            .chain(std::iter::once(Action::HaveBlock(caster, c, None)))
            .collect();
        if self.offered(&Decision::OneOf { player: caster, options: &options }).is_none() {
            let name = self.pname(caster);
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} may have {} block another attacker as {} resolves: write `{name} has {} block ATTACKER` or `{name} has {} block nothing` right after the line that resolves it",
                    self.label(c),
                    self.slabel(id),
                    self.label(c),
                    self.label(c)
                ),
            });
        }
        let Some(i) = self.take_line() else { return Ok(()) };
        let Some(Action::HaveBlock(_, b, choice)) = self.action_of(i) else { return Ok(()) };
        if b != c || !options.contains(&Action::HaveBlock(caster, c, choice)) {
            let why = format!(
                "{} may block one of: {}, or nothing",
                self.label(c),
                able.iter().map(|&a| self.label(a)).collect::<Vec<_>>().join(", ")
            );
            return Err(Stop::refuse(Refusal::NotOffered { card: self.game.spell(id).card, why }).at_line(i));
        }
        let Some(a) = choice else {
            let what = format!("{} has {} block nothing", self.pname(caster), self.label(c));
            self.emit(EventKind::PlayOut { what }, Some(FALSE_ORDERS));
            return Ok(());
        };
        if let Some(cb) = self.combat_mut() {
            cb.declared.push((c, a));
            match cb.blocks.iter_mut().find(|(x, _)| *x == a) {
                Some((_, bs)) => bs.push(c),
                None => cb.blocks.push((a, vec![c])),
            }
        }
        self.emit(EventKind::Blocks { blocker: self.label(c), attacker: self.label(a) }, Some(FALSE_ORDERS));
        self.game.happened.push(Happening::Blocks { blocker: c, attacker: a, assigned: true });
        Ok(())
    }
}

impl Engine<'_> {
    /// Whether the card is a spell cast only at the end of the declaration of blockers.
    pub(super) fn end_of_blocks_spell(&self, c: CardId) -> bool {
        self.def(c).abilities.iter().any(|a| matches!(a, crate::grammar::ability::Ability::EndOfBlockersOnly))
    }

    /// The end of the declaration of blockers, the blocks made (002 L428-431); under the M13
    /// rules, the declare blockers step, once blockers are declared.
    pub(super) fn end_of_blocks_now(&self) -> bool {
        let step = self.combat().map(|cb| cb.step);
        if self.combat_phase() {
            return matches!(step, Some(AttackStep::AfterBlocks | AttackStep::DeclareBlockers));
        }
        step == Some(AttackStep::DeclareBlockers)
    }

    /// The attack after blockers are declared and before damage: the fast effects after
    /// blocking (002 Step 4); under the M13 rules, the declare blockers step; under Alpha, whose
    /// fast effects come during the declaration itself (003 p.25), once a blocker is declared.
    pub(super) fn after_blocks_now(&self) -> bool {
        let step = self.combat().map(|cb| cb.step);
        let blocked = self.combat().is_some_and(|cb| !cb.blocks.is_empty());
        if self.pol.fast_effects_in_declarations && step == Some(AttackStep::DeclareBlockers) && blocked {
            return true;
        }
        if self.combat_phase() {
            return matches!(step, Some(AttackStep::AfterBlocks | AttackStep::DeclareBlockers));
        }
        step == Some(AttackStep::AfterBlocks)
    }
}

impl Engine<'_> {
    /// A permanent cast as an instant at a moment a sorcery could not be (Armor of Thorns):
    /// as it comes into play, its delayed effect is scheduled (`bury this at end of turn`). It
    /// stays with the card if the enchantment is moved (002 L2898-2901).
    pub(super) fn schedule_as_instant(&mut self, c: CardId, controller: super::state::PlayerId) {
        if !self.game.cast_as_instant.contains(&c) {
            return;
        }
        self.game.cast_as_instant.retain(|&x| x != c);
        let lib = self.lib;
        let found = lib.get(self.game.card(c).def).triggered().iter().enumerate().find_map(|(i, (t, e))| {
            (**t == crate::grammar::ability::Trigger::CastAsInstant).then(|| (i, (*e).clone()))
        });
        let Some((i, effect)) = found else { return };
        let crate::grammar::ability::Effect::Scheduled(when, _) = &effect else { return };
        self.game.delayed.push(super::state::Delayed {
            when: *when,
            card: c,
            source: super::state::Source::Triggered(u8::try_from(i).unwrap_or(u8::MAX)),
            controller,
            event: super::state::EventContext::default(),
        });
        self.emit(
            EventKind::Lasting { what: format!("scheduled: {effect} ({} was cast as an instant)", self.label(c)) },
            Some(Rule::g("Delayed or Scheduled Effects")),
        );
    }
}
