//! The 1993 (Alpha) rules where they differ in kind from the later ones: a batch takes effect
//! together, the later caster placing a spell before or after the one it answers; damage is
//! dealt at once, with no damage prevention step, so prevention is a shield put up beforehand.
//!
//! Source: 003, the Alpha rulebook, cited by page (Timing p.29-32; Damage p.23; Samite Healer
//! example p.38; Circles of Protection p.20, p.37).

use super::action::Action;
use super::refusal::Refusal;
use super::script::Decision;
use super::state::{CardId, PlayerId, SpellId, Target};
use super::{Engine, Stop};
use crate::grammar::ability::Keyword;
use crate::grammar::mana::Color;
use crate::trace::{EventKind, Rule};

const PROTECTION: Rule = Rule::a(
    "p.28 Protection: not affected by any magic of those colours; damage it deals cannot be prevented using cards of those colours",
);

pub(super) const LATER_CHOOSES: Rule = Rule::a(
    "p.30 Timing: the player casting the later spell chooses whether it occurs before or after the conflicting spell",
);

/// A prevention set up before the damage comes (Alpha): the next `amount` damage to `to` this
/// turn is prevented.
#[derive(Clone, Debug, Hash)]
pub struct Shield {
    /// What it protects.
    pub to: Target,
    /// Damage it still prevents.
    pub amount: u32,
    /// Only damage from this source (a Circle of Protection's choice).
    pub from: Option<CardId>,
    /// The spell or ability that made it, for the trace.
    pub by: String,
    /// The colours of the card that made it: a creature with protection from one of them
    /// deals damage this shield cannot prevent (003 p.28).
    pub colors: Vec<Color>,
}

impl Engine<'_> {
    /// The order in which a batch takes effect under the Alpha rules: each spell, in the order
    /// cast, goes just before the spell it answers (the previous one) unless its caster's
    /// `orders` line, read now, places it before or after another spell of the batch.
    pub(super) fn alpha_order(&mut self, batch: &[SpellId]) -> Result<Vec<SpellId>, Stop> {
        // (later spell, spell it is placed against, before?)
        let mut choices: Vec<(usize, usize, bool)> = Vec::new();
        while self.offered(&Decision::Place { batch }).is_some() {
            let Some(i) = self.take_line() else { break };
            let Some(Action::Order(p, named)) = self.action_of(i) else { break };
            let spots: Vec<Option<usize>> =
                named.iter().map(|&c| batch.iter().position(|&s| self.game.spell(s).card == c)).collect();
            let [Some(a), Some(b)] = spots.as_slice() else {
                return Err(Stop::refuse(Refusal::AlphaOrderTwo).at_line(i));
            };
            let (later, other, before) = if a > b { (*a, *b, true) } else { (*b, *a, false) };
            if later == other {
                return Err(Stop::refuse(Refusal::AlphaOrderSame).at_line(i));
            }
            if self.game.spell(batch[later]).controller != p {
                let (later, other) = (batch[later], batch[other]);
                return Err(Stop::refuse(Refusal::AlphaLaterChooses { later, other }).at_line(i));
            }
            choices.retain(|(k, ..)| *k != later);
            choices.push((later, other, before));
            let (spell, against) = (self.slabel(batch[later]), self.slabel(batch[other]));
            self.emit(EventKind::Places { player: self.pname(p), spell, before, other: against }, Some(LATER_CHOOSES));
        }
        let mut order: Vec<usize> = Vec::new();
        for k in 0..batch.len() {
            let Some(prev) = k.checked_sub(1) else {
                order.push(k);
                continue;
            };
            let (other, before) = choices.iter().find(|(l, ..)| *l == k).map_or((prev, true), |&(_, o, b)| (o, b));
            let at = order.iter().position(|&x| x == other).unwrap_or(0);
            order.insert(if before { at } else { at + 1 }, k);
        }
        Ok(order.into_iter().map(|k| batch[k]).collect())
    }

    /// Alpha damage: no prevention step. Protection and shields set up beforehand prevent what
    /// they can; the rest is dealt at once, and lethal damage destroys at once (003 p.23).
    pub(super) fn deal_at_once(&mut self) -> Result<(), Stop> {
        self.deal_shielded()?;
        self.depth += 1;
        let r = self.state_checks(Rule::a("p.23 Damage: damage equal to toughness destroys the creature"));
        self.depth -= 1;
        r
    }

    /// The damage assigned, dealt at once through the shields set up for it, without looking
    /// for lethal damage yet (m13: a spell deals its damage as its effect, and lethal damage is
    /// a state-based action once it has finished resolving, 001 L315, L382).
    pub(super) fn deal_shielded(&mut self) -> Result<(), Stop> {
        self.emit(
            EventKind::PlayOut {
                what: "the damage is dealt at once: these rules have no damage prevention step".into(),
            },
            Some(Rule::a("p.23 Damage; p.38 Samite Healer example: prevention comes before the damage")),
        );
        self.depth += 1;
        self.protect_automatically();
        // Abilities on damage being assigned (Justice) come before it is dealt; their own
        // damage is dealt by their own resolution.
        let assigned = self.damage_assigned();
        if !assigned.is_empty() {
            let saved = std::mem::take(&mut self.game.packets);
            let r = self.fire_for(&assigned);
            self.game.packets = saved;
            r?;
        }
        self.shield_choice_unmodelled()?;
        for i in 0..self.game.packets.len() {
            for s in 0..self.game.shields.len() {
                let (to, left, from) =
                    (self.game.shields[s].to, self.game.shields[s].amount, self.game.shields[s].from);
                let p = &self.game.packets[i];
                if to != p.to || left == 0 || p.amount == 0 || from.is_some_and(|f| f != p.source) {
                    continue;
                }
                let source = p.source;
                if let Some(col) = self.unpreventable_by(source, &self.game.shields[s].colors) {
                    let by = self.game.shields[s].by.clone();
                    self.emit(
                        EventKind::PlayOut {
                            what: format!(
                                "{} has protection from {}: {by} cannot prevent the damage it deals",
                                self.label(source),
                                col.name()
                            ),
                        },
                        Some(PROTECTION),
                    );
                    continue;
                }
                let k = left.min(p.amount);
                let (source, by) = (p.source, self.game.shields[s].by.clone());
                self.game.packets[i].amount -= k;
                // A shield against one source is spent on that source's next damage: each time
                // it deals damage costs a use (the Circles' text; 003 p.20, p.37).
                self.game.shields[s].amount = if from.is_some() { 0 } else { left - k };
                // No packet "ceases to exist" here: that is 5e wording (002 L2091), and these
                // rules deal the damage at once with no step to hold packets (003 p.23).
                self.emit(
                    EventKind::Prevented {
                        source: self.label(source),
                        to: self.tlabel(to),
                        amount: k,
                        by,
                        gone: false,
                    },
                    Some(Rule::a("p.38: a prevention used before the damage")),
                );
            }
        }
        self.game.packets.retain(|p| p.amount > 0);
        self.game.shields.retain(|s| s.amount > 0);
        self.deal_packets(Rule::a("p.23 Damage"));
        self.depth -= 1;
        Ok(())
    }

    /// m13: a shield that could prevent damage from several sources dealt at once, but not all
    /// of it: the damaged player chooses which source's damage it prevents (001 L1176). No line
    /// makes that choice yet, so the run stops rather than pick one. (Alpha has no such rule:
    /// its shields are used in the order the damage is listed, as before.)
    fn shield_choice_unmodelled(&self) -> Result<(), Stop> {
        if !self.on_the_stack() {
            return Ok(());
        }
        for sh in &self.game.shields {
            if sh.from.is_some() || sh.amount == 0 {
                continue;
            }
            let hits: Vec<&super::state::Packet> =
                self.game.packets.iter().filter(|p| p.to == sh.to && p.amount > 0).collect();
            let sources = hits.iter().map(|p| p.source).collect::<std::collections::BTreeSet<_>>().len();
            let total: u32 = hits.iter().map(|p| p.amount).sum();
            if sources > 1 && total > sh.amount {
                self.require(crate::edition::Unmodelled::ShieldSourceChoice)?;
            }
        }
        Ok(())
    }

    /// Alpha: a Circle of Protection cancels the next damage to its controller from the source
    /// chosen when it was used (003 p.20, p.37: one mana per source, each time it deals damage).
    pub(super) fn raise_shield_from(&mut self, p: PlayerId, source: CardId, by: &str, colors: Vec<Color>) {
        self.game.shields.push(Shield {
            to: Target::Player(p),
            amount: u32::MAX,
            from: Some(source),
            by: by.to_owned(),
            colors,
        });
        self.emit(
            EventKind::Lasting {
                what: format!(
                    "{by} will prevent all the damage {} next deals to {}",
                    self.label(source),
                    self.pname(p)
                ),
            },
            Some(Rule::a("p.20, p.37: a Circle of Protection cancels the damage from one source per mana")),
        );
    }

    /// Alpha: a prevention resolving puts up a shield on each target for the damage to come.
    pub(super) fn raise_shields(&mut self, targets: &[Target], amount: u32, by: &str, colors: &[Color]) {
        for &t in targets {
            self.game.shields.push(Shield { to: t, amount, from: None, by: by.to_owned(), colors: colors.to_vec() });
            self.emit(
                EventKind::Lasting {
                    what: format!("{by} will prevent the next {amount} damage to {} this turn", self.tlabel(t)),
                },
                Some(Rule::a("p.38: prevention is used before the damage")),
            );
        }
    }

    /// Under an edition whose protection covers all magic of a colour (003 p.28): the colour of
    /// `colors` that `source` is protected from, if any, so that its damage cannot be prevented
    /// by a card of that colour.
    pub(super) fn unpreventable_by(&self, source: CardId, colors: &[Color]) -> Option<Color> {
        if self.pol.protection != crate::edition::ProtectionScope::AllMagic || !self.is_creature_in_play(source) {
            return None;
        }
        colors.iter().copied().find(|&col| self.has_keyword(source, &Keyword::Protection(col)))
    }

    /// Under an edition whose protection covers all magic of a colour (003 p.28): the creatures
    /// among `cards` that a spell of `colors` cannot affect, each with a trace line; the rest are
    /// returned.
    pub(super) fn unaffected_by_magic(&mut self, cards: Vec<CardId>, colors: &[Color], by: &str) -> Vec<CardId> {
        if self.pol.protection != crate::edition::ProtectionScope::AllMagic {
            return cards;
        }
        let mut rest = Vec::new();
        for c in cards {
            let col = colors.iter().copied().find(|&col| self.has_keyword(c, &Keyword::Protection(col)));
            match col {
                Some(col) => self.emit(
                    EventKind::PlayOut {
                        what: format!("{} has protection from {}: {by} does not affect it", self.label(c), col.name()),
                    },
                    Some(PROTECTION),
                ),
                None => rest.push(c),
            }
        }
        rest
    }
}
