//! The stack, as the Magic 2013 basic rulebook plays it (`rules: m13`): a spell or ability goes
//! on the stack at once and its controller keeps priority; when both players pass in a row only
//! the top object resolves, state-based actions follow, and the active player gets priority
//! again. Regeneration is a shield set up in advance.
//!
//! Source: 001, the M13 basic rulebook (July 2012), cited by section and line: The Stack
//! (L250-252), Responding to a Spell (L309-313), Resolving a Spell (L315-317), Priority
//! (L1178-1186), Regenerate (L1213-1219), Toughness (L1333), The Next Turn (L540).

use super::state::{CardId, Check, PlayerId, SpellId, Status, Zone};
use super::{Engine, Stop};
use crate::edition::{LifeCheck, StackModel};
use crate::trace::{EventKind, Rule};

const ON_STACK: Rule = Rule::m("Responding to a Spell (L309-313); Priority (L1182): you keep priority");
const TOP_RESOLVES: Rule = Rule::m(
    "Priority (L1184-1186): both players pass in a row, the top object resolves, then the active player gets priority",
);
const LIFE: Rule = Rule::m("The Next Turn (L540): as soon as a player has 0 life, the game ends immediately");
const TOUGHNESS_ZERO: Rule = Rule::m(
    "Toughness (L1333): toughness 0 or less is put into the graveyard; it is not destroyed, so regeneration cannot help (L1219)",
);
const LETHAL: Rule = Rule::m("Attacking and Blocking (L382); Toughness (L1333): lethal damage destroys");
pub(super) const REGEN_SHIELD: Rule = Rule::m(
    "Regenerate (L1213-1217): a shield; instead of being destroyed, it is tapped, removed from combat and its damage removed",
);

impl Engine<'_> {
    /// Whether spells and abilities go on the stack (m13) rather than into windows and batches.
    pub(super) fn on_the_stack(&self) -> bool {
        self.pol.stack == StackModel::Stack
    }

    /// A spell or ability just cast or activated goes on top of the stack, and its controller
    /// keeps priority (001 L309-313, L1182).
    pub(super) fn push_on_stack(&mut self, id: SpellId) {
        self.game.spell_mut(id).status = Status::Waiting;
        let who = self.game.spell(id).controller;
        let top = self.game.top_mut();
        top.batch.push(id);
        top.holder = who;
        top.passes = 0;
        if !self.record {
            return;
        }
        let below: Vec<String> = self.game.top().batch.iter().rev().skip(1).map(|&s| self.slabel(s)).collect();
        self.emit(EventKind::OnStack { spell: self.slabel(id), below, keeps: self.pname(who) }, Some(ON_STACK));
    }

    /// Both players passed in a row with something on the stack: its top object resolves, then
    /// state-based actions, then the active player gets priority (001 L1184-1186).
    pub(super) fn resolve_top(&mut self) -> Result<(), Stop> {
        let Some(s) = self.game.top_mut().batch.pop() else {
            return Ok(());
        };
        if self.record {
            let left = self.game.top().batch.iter().rev().map(|&x| self.slabel(x)).collect();
            self.emit(EventKind::TopResolves { spell: self.slabel(s), left }, Some(TOP_RESOLVES));
        }
        self.depth += 1;
        if self.condition_gone(s) {
            // CR 603.4 (001 is silent): an "if" in a triggered ability is checked again as it
            // resolves; false now, the ability does nothing.
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "{}: a creature is on the battlefield now, so its \"if no creatures\" no longer holds and it does nothing",
                        self.slabel(s)
                    ),
                },
                Some(Rule::cr("603.4: an intervening \"if\" is checked again on resolution (001 is silent)")),
            );
            self.game.spell_mut(s).status = Status::Resolved;
            self.depth -= 1;
            let active = self.game.active;
            let top = self.game.top_mut();
            top.holder = active;
            top.passes = 0;
            return Ok(());
        }
        self.resolving += 1;
        let r = self.resolve_spell(s);
        self.resolving -= 1;
        let r = r.and_then(|()| self.state_based_actions()).and_then(|()| self.run_triggers());
        self.depth -= 1;
        r?;
        let active = self.game.active;
        let top = self.game.top_mut();
        top.holder = active;
        top.passes = 0;
        Ok(())
    }

    /// Whether `s` is a triggered ability whose "if" (Pestilence's "if no creatures") has
    /// stopped holding since it triggered.
    fn condition_gone(&self, s: SpellId) -> bool {
        let sp = self.game.spell(s);
        let super::state::Source::Triggered(i) = sp.source else { return false };
        let conditional = self
            .def(sp.card)
            .triggered()
            .get(usize::from(i))
            .is_some_and(|(t, _)| matches!(t, crate::grammar::ability::Trigger::EndOfTurnIfNoCreatures));
        conditional && self.game.zone(Zone::Play, None).into_iter().any(|c| self.def(c).kind.is_creature())
    }

    /// State-based actions, checked whenever a player would receive priority, until none
    /// applies: losses together (both at once is a draw), toughness 0 or less, lethal damage
    /// (regeneration shields apply), the legend rule, Auras with nothing legal to enchant.
    /// 001 never names them; it says what happens "as soon as" (L540) and shows a creature
    /// dying before the next spell resolves (L332).
    pub(super) fn state_based_actions(&mut self) -> Result<(), Stop> {
        if self.pol.life_check != LifeCheck::StateBased {
            return Ok(());
        }
        // Each round moves a card off the battlefield or ends the game, so rounds end.
        for _ in 0..64 {
            let losers: Vec<PlayerId> = [self.game.active, self.game.active.other()]
                .into_iter()
                .filter(|p| self.game.player(*p).life < 1)
                .collect();
            for &p in &losers {
                let life = self.game.player(p).life;
                self.game.set_lost(p);
                let (reason, rule) = if losers.len() > 1 {
                    // 001 is silent on both at once; the Comprehensive Rules make it a draw.
                    let rule = Rule::cr("104.4a: all players losing at once is a draw (001 L540 is silent on it)");
                    (format!("{life} life: both players lose at once, a draw"), rule)
                } else {
                    (format!("{life} life"), LIFE)
                };
                self.emit(EventKind::Loses { player: self.pname(p), reason }, Some(rule));
            }
            if !losers.is_empty() {
                return Err(Stop::GameOver);
            }
            // Run from the journal, like the 1997 checks (`Engine::check_lethal`).
            if !self.game.changed_for(Check::Lethal) {
                debug_assert!(self.dying_now().is_empty(), "a change to damage or toughness missed the journal");
                self.game.checked(Check::Lethal);
                return Ok(());
            }
            let dying = self.dying_now();
            if dying.is_empty() {
                self.game.checked(Check::Lethal);
                return Ok(());
            }
            self.destroy_with_shields(&dying, LETHAL);
        }
        Err(Stop::Unsupported {
            line: None,
            message: "state-based actions kept applying for 64 rounds: a loop that would not end, stopped here"
                .to_owned(),
        })
    }

    /// Destroys permanents, each with its cause; a regeneration shield on one replaces its
    /// destruction. Toughness 0 or less is not destruction: no shield helps (001 L1219, L1333).
    pub(super) fn destroy_with_shields(&mut self, cards: &[(CardId, &str)], rule: Rule) {
        for &(c, cause) in cards {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            if cause == "toughness 0 or less" && self.pol.toughness_zero_not_destroyed {
                self.emit(EventKind::ToughnessZero { card: self.label(c) }, Some(TOUGHNESS_ZERO));
                self.put_in_graveyard(c);
                continue;
            }
            // (No "it may regenerate now": a shield is set up beforehand or not at all.)
            self.emit(
                EventKind::BeingDestroyed { card: self.label(c), cause: cause.to_owned(), creature: false },
                Some(rule),
            );
            // Disintegrate's "cannot be regenerated this turn" leaves a shield no effect (its
            // text; CR 701.11c as the second witness: shields still exist, they do nothing).
            let blocked = self.game.disintegrated.contains(&c);
            if let Some(k) = self.game.regen_shields.iter().position(|&x| x == c).filter(|_| !blocked) {
                self.game.regen_shields.remove(k);
                self.game.tap(c);
                self.game.clear_damage(c);
                self.emit(EventKind::ShieldRegenerates { card: self.label(c) }, Some(REGEN_SHIELD));
                if self.game.combat().is_some() {
                    self.remove_from_combat(c, "regenerated");
                }
                continue;
            }
            self.emit(EventKind::Dies { card: self.label(c) }, Some(rule));
            self.put_in_graveyard(c);
        }
        self.bury_orphans();
    }

    /// A regeneration effect resolving puts a shield on the permanent (001 L1215).
    pub(super) fn raise_regeneration_shield(&mut self, c: CardId, by: &str) {
        if self.game.card(c).zone != Zone::Play {
            return;
        }
        self.game.regen_shields.push(c);
        self.emit(
            EventKind::Lasting {
                what: format!(
                    "{by} puts a regeneration shield on {}: the next time it would be destroyed this turn, it regenerates instead",
                    self.label(c)
                ),
            },
            Some(Rule::m("Regenerate (L1215): a regeneration shield, usable at any time this turn")),
        );
    }

    /// The 2012 legend rule: two or more legendary permanents with the same name on the
    /// battlefield all go to their owners' graveyards, whoever controls them (001 L1020-1022).
    pub(super) fn legend_rule_all_copies(&mut self, c: CardId) {
        let name = self.def(c).name.clone();
        let same: Vec<CardId> =
            self.game.zone(Zone::Play, None).into_iter().filter(|&o| self.def(o).name == name).collect();
        if same.len() < 2 {
            return;
        }
        self.emit(
            EventKind::PlayOut {
                what: format!(
                    "{} legendary permanents named {name} are on the battlefield: all of them are put into their owners' graveyards",
                    same.len()
                ),
            },
            Some(Rule::m("Legendary (L1020-1022): all are put into their owners' graveyards")),
        );
        for o in same {
            self.put_in_graveyard(o);
        }
        self.bury_orphans();
    }
}
