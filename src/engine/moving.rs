//! Moving a local enchantment onto another permanent (Enchantment Alteration), as if it were
//! just cast there (002, General Rulings Summary 07/15/97, Moving Enchantments L2830-2901).

use super::Engine;
use super::state::{CardId, Target};
use crate::grammar::ability::{Ability, Effect};
use crate::trace::{EventKind, Rule};

impl Engine<'_> {
    /// Moves the enchantment `e` onto `d`. The enchantment starts afresh: text and colour
    /// changes (Sleight of Mind, the Laces), counters, its choice and the upkeep dealt with are
    /// gone (L2833-2837, L2855-2857, L2864-2867); the choice is the one the move's line names
    /// with `choosing`, if any. It keeps its place in the order of effects (L2893-2895). Its own
    /// "as this enters play" effect happens again, with X as 0 (Earthbind's damage: L2838-2841,
    /// L2868-2869), while nothing else sees it enter play (L2842-2845). Whether it may stay
    /// where it arrived is the usual check that follows the resolution (L2883-2892).
    pub(super) fn move_enchantment(&mut self, e: CardId, d: CardId, chosen: Option<String>) {
        let from = self.game.card(e).enchanting;
        self.game.end_effects(|u| u.card == e && u.lasting);
        self.game.upkeep_dealt.retain(|&x| x != e);
        self.game.clear_counters(e);
        self.game.attach(e, Some(d));
        self.game.set_chosen(e, chosen);
        self.game.happened.push(super::state::Happening::Moved(e));
        self.emit(
            EventKind::EnchantmentMoved {
                card: self.label(e),
                from: from.map(|f| self.label(f)).unwrap_or_default(),
                to: self.label(d),
            },
            Some(Rule::g("Moving Enchantments: the enchantment is played from scratch on its new target")),
        );
        let lib = self.lib;
        let colors = self.colors(e);
        for a in &lib.get(self.game.card(e).def).abilities {
            if let Ability::AsEnters(Effect::DamageEnchanted(a)) = a {
                let n = u32::try_from(Self::amount(*a, 0)).unwrap_or(0);
                self.assign(e, &colors, Target::Card(d), n);
            }
        }
    }
}

impl Engine<'_> {
    /// Whether the condition that picks an effect's other amount holds as it is announced:
    /// its player controls a snow-covered land of the type named (Gangrenous Zombies; the
    /// amount is then fixed, whatever happens to the land: 002 Modal L2821-2825).
    pub(super) fn alternative_holds(&self, an: &super::action::Announce) -> bool {
        let Some(Effect::DamageEachCreatureAndPlayerOrSnow(_, _, land)) = self.effect_of(an.card, an.source) else {
            return false;
        };
        let key = crate::cards::type_key(&land);
        self.game
            .zone(super::state::Zone::Play, Some(an.player))
            .into_iter()
            .any(|c| self.def(c).name.to_lowercase().starts_with("snow-covered ") && self.chars(c).has_subtype(&key))
    }
}

impl Engine<'_> {
    /// Puts a card from a graveyard into play under `p`'s control, as if it had just been cast:
    /// summoning sick, and subject to the legend rule (Resurrection).
    pub(super) fn return_to_play(&mut self, c: CardId, p: super::state::PlayerId) -> Result<(), super::Stop> {
        use super::state::Zone;
        // A copy card chooses what it copies, a target, as it would enter play; with nothing to
        // copy the bringing into play fails and the card stays where it is (002 Copy Cards
        // L1745-1755; Graveyard L2420-2425: a Clone chooses as it is brought out).
        let copy_spec = self.def(c).abilities.iter().find_map(|a| match a {
            Ability::EntersAsCopy(spec) => Some(spec.clone()),
            _ => None,
        });
        let mut copied = None;
        if let Some(spec) = copy_spec {
            let colors = self.colors(c);
            let creatures: Vec<CardId> =
                self.game.zone(Zone::Play, None).into_iter().filter(|&o| self.is_creature(o)).collect();
            // As when cast: a creature only by an effect cannot be copied (002 L1759-1768).
            let options: Vec<super::action::TargetRef> = creatures
                .iter()
                .copied()
                .filter(|&o| {
                    self.def(o).kind.is_creature()
                        && self.target_fault(&spec, super::state::Target::Card(o), &colors).is_none()
                })
                .map(super::action::TargetRef::Card)
                .collect();
            if options.is_empty() {
                let reason = if creatures.is_empty() {
                    "there is no creature in play to copy, so it stays where it is"
                } else {
                    "no creature in play is a legal target for it to copy, so it stays where it is"
                };
                self.emit(
                    EventKind::Fails { spell: self.label(c), reason: reason.into() },
                    Some(Rule::g("Copy Cards")),
                );
                return Ok(());
            }
            copied = Some(self.copy_choice(c, p, &options)?);
        }
        self.game.move_card(c, Zone::Play);
        if let Some(orig) = copied {
            self.become_copy(c, orig);
        }
        // Features set as a card is summoned are set again, X being 0 (002 Graveyard
        // L2420-2425: a Clockwork Beast comes back fully wound).
        let counters: Vec<(String, u32)> = self
            .def(c)
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::EntersWithCounters(n, k) => Some((k.clone(), *n)),
                Ability::EntersWithXCounters(k) => Some((k.clone(), 0)),
                _ => None,
            })
            .collect();
        self.game.set_controller(c, p);
        self.game.set_sick(c, true);
        for (k, n) in counters {
            self.game.add_counters(c, &k, n);
        }
        self.emit(
            EventKind::EntersPlay { card: self.label(c), controller: self.pname(p) },
            Some(Rule::g("Spell and Ability Timing, Step 4: Resolution")),
        );
        self.bury_duplicate_legend(c)
    }

    /// The creature a copy card put into play other than by casting copies, named by its
    /// controller's `P targets CREATURE` right after the line that resolves the effect.
    fn copy_choice(
        &mut self,
        c: CardId,
        p: super::state::PlayerId,
        options: &[super::action::TargetRef],
    ) -> Result<CardId, super::Stop> {
        use super::action::{Action, TargetRef};
        use super::script::Decision;
        let asked = Decision::Target { player: p, options, optional: false };
        let name = self.pname(p);
        let card = self.label(c);
        if self.offered(&asked).is_none() {
            return Err(super::Stop::Choice {
                line: None,
                message: format!(
                    "{name} must choose the creature {card} copies as it enters play: write `{name} targets CREATURE` right after the line that resolves the effect putting it into play"
                ),
            });
        }
        let refuse =
            |i: usize, why: String| Err(super::Stop::refuse(super::Refusal::CopyTarget { card: c, why }).at_line(i));
        let Some(i) = self.take_line() else {
            return Err(super::Stop::Choice { line: None, message: format!("{name} must choose what {card} copies") });
        };
        match self.action_of(i) {
            Some(Action::Targets(_, named)) => match named.as_slice() {
                [TargetRef::Card(o)] if options.contains(&TargetRef::Card(*o)) => {
                    let o = *o;
                    self.emit(
                        EventKind::PlayOut {
                            what: format!("{name} chooses {} for {card} to copy as it enters play", self.label(o)),
                        },
                        Some(Rule::g("Copy Cards: brought into play other than by casting, the target is chosen then")),
                    );
                    Ok(o)
                }
                [] => refuse(i, "it must copy a creature, and one is a legal target".into()),
                [_] => {
                    let names: Vec<String> = options
                        .iter()
                        .map(|t| match *t {
                            TargetRef::Card(x) => self.label(x),
                            TargetRef::Player(q) => self.pname(q),
                        })
                        .collect();
                    refuse(i, format!("it must copy one of: {}", names.join(", ")))
                }
                _ => refuse(i, "it copies one creature".into()),
            },
            _ => refuse(i, "the line must name the creature it copies (`targets`)".into()),
        }
    }
}

impl Engine<'_> {
    /// Each player, the active one first, discards the hand and draws `n` cards. A player who
    /// cannot draw loses, but only once the whole resolution is over, so both may lose (002
    /// Losing L2698-2701: Wheel of Fortune with two short libraries).
    pub(super) fn wheel_hands(&mut self, n: u32) -> Result<(), super::Stop> {
        use super::state::Zone;
        let order = [self.game.active, self.game.active.other()];
        for p in order {
            for c in self.game.zone(Zone::Hand, Some(p)) {
                self.game.move_card(c, Zone::Graveyard);
                self.emit(
                    EventKind::Discards { player: self.pname(p), card: self.label(c) },
                    Some(Rule::g("Spell and Ability Timing, Step 4: Resolution")),
                );
            }
            let unknown = self.game.take_hand_unknown(p);
            if unknown > 0 {
                self.emit(
                    EventKind::PlayOut { what: format!("{} discards {unknown} unknown cards", self.pname(p)) },
                    Some(Rule::g("Spell and Ability Timing, Step 4: Resolution")),
                );
            }
        }
        // Continuous effects apply in the middle of a resolution: a Maro whose hand is now
        // empty is 0/0 and dies before the new cards are drawn (002 L746-754).
        self.state_checks(Rule::g("Spell and Ability Timing, Step 4: Resolution"))?;
        let mut losers = Vec::new();
        for p in order {
            for _ in 0..n {
                if !self.draw_by_effect(p)? {
                    losers.push(p);
                    break;
                }
            }
        }
        // Marked now, announced once the resolution is over (see `resolve_spell`).
        for &p in &losers {
            self.game.set_lost(p);
        }
        Ok(())
    }
}
