//! Regeneration as a specialized ability (5e; Alpha at the moment of destruction): which
//! abilities can save a creature, and using one as it is being destroyed (002 Regeneration).

use super::action::Action;
use super::refusal::Refusal;
use super::state::{CardId, PlayerId, Source, Status, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Effect, Who};
use crate::trace::{EventKind, Rule};

pub(super) const REGEN: Rule = Rule::g("Regeneration");

/// 002 Controller, Caster and Owner; Enchantments (L2243-2244): only the controller pays.
pub(super) const CONTROLLER_PAYS: Rule =
    Rule::g("Controller, Caster and Owner (only a permanent's controller uses its abilities)");

impl Engine<'_> {
    /// The creature a regeneration line would save.
    pub(super) fn regeneration_target(&self, a: &Action) -> Option<CardId> {
        match a {
            Action::Regenerate(_, c) => Some(*c),
            Action::Announce(an) => match self.effect_of(an.card, an.source)? {
                Effect::Regenerate(Who::This) => Some(an.card),
                Effect::Regenerate(Who::Enchanted) => self.game.card(an.card).enchanting,
                Effect::Regenerate(Who::Target(_)) => an.targets.iter().find_map(|t| match t {
                    super::action::TargetRef::Card(c) => Some(*c),
                    super::action::TargetRef::Player(_) => None,
                }),
                _ => None,
            },
            _ => None,
        }
    }

    /// The regeneration abilities `p` can use on `c`: (card with the ability, ability index).
    pub(super) fn regeneration_sources(&self, p: PlayerId, c: CardId) -> Vec<(CardId, u8)> {
        let mut out = Vec::new();
        for s in self.game.zone(Zone::Play, Some(p)) {
            for (i, (_, e)) in self.def(s).activated().iter().enumerate() {
                let fits = match e {
                    Effect::Regenerate(Who::This) => s == c,
                    Effect::Regenerate(Who::Enchanted) => self.game.card(s).enchanting == Some(c),
                    _ => false,
                };
                if fits {
                    out.push((s, u8::try_from(i).unwrap_or(0)));
                }
            }
        }
        out
    }

    /// Uses a regeneration ability on a creature being destroyed; returns the creature saved.
    /// Why `p` has no regeneration ability for `c`.
    pub(super) fn no_regeneration_source(&self, p: PlayerId, c: CardId) -> Stop {
        // The opponent's regeneration (Regeneration on this creature) is not theirs to pay.
        if let Some(&(s, _)) = self.regeneration_sources(p.other(), c).first() {
            return Stop::refuse(Refusal::RegenerationNotYours { source: s, controller: p.other(), card: c });
        }
        Stop::refuse(Refusal::NoRegeneration { player: p, card: c })
    }

    /// A regeneration spell (Death Ward) cast at the moment of destruction: it must be in the
    /// caster's hand and its target legal (it targets, 002 L3382-3384), which is checked; casting
    /// it there, where interrupts could answer it, is not modelled and stops the run (exit 2).
    fn regeneration_spell(&self, an: &super::action::Announce) -> Stop {
        if let Err(stop) = self.check_source_zone(an) {
            return stop;
        }
        let targets = self.bind_targets(an);
        if let Some(effect) = self.effect_of(an.card, an.source)
            && let Err(stop) = self.check_targets(an, &effect, &targets)
        {
            return stop;
        }
        Stop::Unsupported {
            line: None,
            message: format!(
                "{} is a regeneration spell cast as a creature is being destroyed: its targets are legal, but casting a spell at that moment (where interrupts may answer it) is not modelled yet",
                self.label(an.card)
            ),
        }
    }

    pub(super) fn regenerate(&mut self, a: &Action) -> Result<Option<CardId>, Stop> {
        let (p, source, target) = match a {
            Action::Regenerate(p, c) => {
                let srcs = self.regeneration_sources(*p, *c);
                match srcs.as_slice() {
                    [] => return Err(self.no_regeneration_source(*p, *c)),
                    [one] => (*p, *one, *c),
                    _ => {
                        return Err(Stop::Choice {
                            line: None,
                            message: format!(
                                "several regeneration abilities can save {}: write `activates CARD` to pick one",
                                self.label(*c)
                            ),
                        });
                    }
                }
            }
            Action::Announce(an) if matches!(an.source, Source::Spell(_)) => {
                return Err(self.regeneration_spell(an));
            }
            Action::Announce(an) => {
                let Source::Ability(i) = an.source else {
                    return Ok(None);
                };
                let Some(target) = self.regeneration_target(a) else {
                    return Ok(None);
                };
                if self.game.card(an.card).controller != an.player {
                    return Err(Stop::refuse(Refusal::DoesNotControl { player: an.player, card: an.card }));
                }
                (an.player, (an.card, i), target)
            }
            _ => return Ok(None),
        };
        // Imprison on the regenerating creature is asked as its ability is announced.
        if self.ability_stopped(source.0)? {
            return Ok(None);
        }
        let an = super::action::Announce::plain(p, source.0, Source::Ability(source.1));
        let id = self.announce_paid(&an, Vec::new())?;
        // 002 Step 2 still applies (only mana sources escape it); no card in the library can
        // target an ability, so the window closes at once. Step 3 is skipped: no batch.
        let caster = self.pname(p);
        self.emit(
            EventKind::WindowOpens { spell: self.slabel(id), ability: true, first: caster },
            Some(Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability")),
        );
        self.emit(
            EventKind::WindowCloses {
                spell: self.slabel(id),
                why: "no card in the library can target an ability".into(),
            },
            None,
        );
        // "Specialized" and its series are 5e notions (000 Timing); where the rules have no
        // series (Alpha, 003 p.27) the trace says only when it is used.
        let kind = if self.pol.specialized_series {
            EventKind::Specialized { spell: self.slabel(id) }
        } else {
            EventKind::PlayOut {
                what: format!(
                    "{} is used at the moment the creature would leave play, and takes effect at once",
                    self.slabel(id)
                ),
            }
        };
        self.emit(kind, Some(Rule::g("Spell and Ability Timing, Specialized Abilities")));
        self.emit(
            EventKind::Resolves { spell: self.slabel(id) },
            Some(Rule::g("Spell and Ability Timing, Step 4: Resolution")),
        );
        self.game.spell_mut(id).status = Status::Resolved;
        // Its effects nest under the resolution, like any other.
        self.depth = self.depth.saturating_add(1);
        if self.game.disintegrated.contains(&target) {
            // It may be attempted, but does nothing (002 Regeneration: "cannot regenerate").
            self.emit(
                EventKind::Fails {
                    spell: self.slabel(id),
                    reason: format!("{} cannot regenerate this turn", self.label(target)),
                },
                Some(REGEN),
            );
            self.depth = self.depth.saturating_sub(1);
            return Ok(None);
        }
        self.game.tap(target);
        self.game.clear_damage(target);
        self.emit(EventKind::Regenerated { card: self.label(target) }, Some(REGEN));
        if self.pol.regenerated_leaves_combat {
            self.remove_from_combat(target, "it regenerated");
        } else if self.game.combat().is_some_and(|cb| cb.in_combat(target)) {
            // Alpha: tapped, it stays in the combat; a tapped blocker deals no damage.
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{} stays in the combat, tapped (a tapped blocker deals no damage)",
                        self.label(target)
                    ),
                },
                Some(Rule::a(
                    "p.27: a regenerated creature is tapped; p.25-26: blocks stand, a tapped blocker deals no damage",
                )),
            );
        }
        self.depth = self.depth.saturating_sub(1);
        Ok(Some(target))
    }
}
