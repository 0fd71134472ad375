//! Effects that bring permanents into play or take them away as they resolve, with the
//! choices they ask (Eureka, Kjeldoran Dead), comes-into-play costs (Lake of the Dead), and
//! control changes until end of turn (Wellspring). 002 (General Rulings Summary 07/15/97):
//! Comes Into Play Effects L1670-1698; Targeting L3683-3686; Phase 0 L98-110.

use super::action::{Action, TargetRef};
use super::refusal::Refusal;
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, PlayerId, Source, SpellId, Target, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Effect, SacrificeCost, UpkeepCost};
use crate::trace::{EventKind, Rule};

const STEP4: Rule = Rule::g("Spell and Ability Timing, Step 4: Resolution");
const CIP: Rule = Rule::g("Comes Into Play Effects");

impl Engine<'_> {
    /// The legal targets of the card if it needs one to come into play (a local enchantment:
    /// 002 L3683-3686), or `None` when it needs none.
    pub(super) fn put_targets(&self, c: CardId) -> Option<Vec<TargetRef>> {
        let Some(Effect::Enchant(spec)) = self.effect_of(c, Source::Spell(0)) else { return None };
        let colors = self.colors(c);
        let found = self
            .game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&t| t != c && self.target_problem(&spec, Target::Card(t), &colors).is_none())
            .map(TargetRef::Card)
            .collect();
        Some(found)
    }

    /// The comes-into-play costs printed on the card (Lake of the Dead's).
    pub(super) fn entry_costs_of(&self, c: CardId) -> Vec<UpkeepCost> {
        self.def(c)
            .triggered()
            .into_iter()
            .filter_map(|(_, e)| if let Effect::EntryCost(u) = e { Some((**u).clone()) } else { None })
            .collect()
    }

    /// `sacrifice a KIND` as an effect: its controller sacrifices that many of its permanents
    /// of the kind, chosen as it resolves (`P sacrifices A`); one way to do it is taken
    /// without a line, and none does nothing (002 L1688-1691: it is an effect, not a cost,
    /// so the permanent with the ability may be the one).
    pub(super) fn sacrifice_effect(&mut self, id: SpellId, s: &SacrificeCost) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let p = sp.controller;
        let why = format!("to {}", self.slabel(id));
        let mut options = self.sacrifice_candidates(p, s, sp.card);
        for _ in 0..s.count {
            let pick = match options.as_slice() {
                [] => {
                    self.emit(
                        EventKind::Fails {
                            spell: self.slabel(id),
                            reason: format!("{} has nothing to sacrifice", self.pname(p)),
                        },
                        Some(STEP4),
                    );
                    return Ok(());
                }
                [only] => *only,
                _ => self.ask_sacrifice(id, p, &options)?,
            };
            self.sacrifice(p, pick, &why);
            options.retain(|&x| x != pick);
        }
        Ok(())
    }

    /// The permanent `p` names with `P sacrifices A` among `options`.
    fn ask_sacrifice(&mut self, id: SpellId, p: PlayerId, options: &[CardId]) -> Result<CardId, Stop> {
        let card = self.game.spell(id).card;
        let asked = Decision::Sacrifice { player: p, options };
        let name = self.pname(p);
        let Some(i) = self.offered(&asked).and_then(|_| self.take_line()) else {
            let names: Vec<String> = options.iter().map(|&c| self.label(c)).collect();
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} must choose what to sacrifice to {} (one of: {}): write `{name} sacrifices CARD` right after the line that resolves it",
                    self.slabel(id),
                    names.join(", ")
                ),
            });
        };
        match self.action_of(i) {
            Some(Action::Sacrifice(_, c)) if options.contains(&c) => Ok(c),
            _ => {
                let names: Vec<String> = options.iter().map(|&c| self.label(c)).collect();
                let why = format!("it must be one of: {}", names.join(", "));
                Err(Stop::refuse(Refusal::ResolutionChoice { card, why, needs_target: false }).at_line(i))
            }
        }
    }

    /// A comes-into-play cost (`when this comes into play, sacrifice a swamp or bury this`):
    /// asked like an upkeep cost, `P pays sacrificing A` or `P does not pay`. Until it is
    /// dealt with, the permanent's own abilities, mana abilities included, may not be used
    /// (002 L1679-1685); a mandatory one that cannot be paid takes its penalty with no line.
    pub(super) fn entry_cost(&mut self, id: SpellId, u: &UpkeepCost) -> Result<(), Stop> {
        let sp = self.game.spell(id).clone();
        let (p, c) = (sp.controller, sp.card);
        if self.game.card(c).zone != Zone::Play {
            self.emit(
                EventKind::Fails { spell: self.slabel(id), reason: format!("{} is no longer in play", self.label(c)) },
                Some(CIP),
            );
            return Ok(());
        }
        let name = self.pname(p);
        let card = self.label(c);
        let words = super::phases::upkeep_words(u);
        let fits = match u.cost.sacrifice.as_deref() {
            Some(s) => self.sacrifice_candidates(p, s, c),
            None => Vec::new(),
        };
        let need = usize::try_from(u.cost.sacrifice.as_ref().map_or(0, |s| s.count)).unwrap_or(usize::MAX);
        let n = u.cost.mana.total();
        let asked = Decision::Upkeep { payer: p, card: c, amount: n };
        let answer = match self.offered(&asked).and_then(|_| self.take_line()) {
            Some(i) => match self.action_of(i) {
                Some(Action::Pay(q, paid)) => Some((i, q, paid.map(|k| k.total()), Vec::new())),
                Some(Action::PaySacrificing(q, k, cs)) => Some((i, q, Some(k), cs)),
                Some(Action::PayLife(q, _)) => {
                    let what = format!("{card}'s comes-into-play cost");
                    return Err(Stop::refuse(Refusal::LifeForMana { what, payer: q, amount: n }).at_line(i));
                }
                _ => None,
            },
            None => None,
        };
        let Some((i, q, paid, named)) = answer else {
            // The loophole 002 closes: the permanent's own ability before its cost.
            if let Some(i) = self.driver.upcoming()
                && let Some(a) = self.action_of(i)
                && uses_card(&a, c)
            {
                self.show_line(i);
                self.driver.take();
                return Err(Stop::refuse(Refusal::EntryLock { card: c }).at_line(i));
            }
            if u.mandatory && fits.len() < need {
                return self.upkeep_penalty(p, c, u);
            }
            let how =
                if need > 0 { format!("`{name} pays {n} sacrificing CARD`") } else { format!("`{name} pays {n}`") };
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} must pay {words} for {card} as it comes into play, or not: write {how} or `{name} does not pay` right after the line that brings it into play"
                ),
            });
        };
        let at = |s: Stop| s.at_line(i);
        if q != p {
            return Err(at(Stop::refuse(Refusal::UpkeepNotYours { player: q, payer: p, card: c })));
        }
        let by = format!("{card}'s comes-into-play cost ({words})");
        match paid {
            Some(k) if k != n => {
                Err(at(Stop::refuse(Refusal::UpkeepAmount { card: c, payer: p, cost: u.cost.mana, answer: k })))
            }
            Some(_) => {
                let bill = super::costs::Bill {
                    mana: u.cost.mana,
                    sacrifice: u.cost.sacrifice.as_deref().cloned().into_iter().collect(),
                    life: u.cost.life,
                    ..super::costs::Bill::default()
                };
                self.check_extras(p, c, &bill, &named, &[]).map_err(at)?;
                self.pay(p, &u.cost.mana, &card).map_err(at)?;
                self.emit(EventKind::Pays { player: name, amount: n, cost: None, by, paid: true }, Some(CIP));
                for s in named {
                    self.sacrifice(p, s, &format!("for {card} as it comes into play"));
                }
                Ok(())
            }
            // A mandatory cost that can be paid must be (002 Phase Cost L3093-3097).
            None if u.mandatory && fits.len() >= need => {
                Err(at(Stop::refuse(Refusal::Cost { card: c, fault: super::costs::CostFault::Mandatory })))
            }
            None => {
                self.emit(EventKind::Pays { player: name, amount: n, cost: None, by, paid: false }, Some(CIP));
                self.upkeep_penalty(p, c, u).map_err(at)
            }
        }
    }

    /// `gain control of enchanted land until end of turn`: the newest control effect wins; it
    /// ends in the cleanup (002 Controller, Caster and Owner; Order to Apply Effects).
    pub(super) fn control_until_eot(&mut self, id: SpellId) {
        let Some(land) = self.enchanted_land(id) else { return };
        let controller = self.game.spell(id).controller;
        self.game.control_until_eot(land, controller);
        self.emit(
            EventKind::Lasting {
                what: format!("{} controls {} until end of turn", self.pname(controller), self.label(land)),
            },
            Some(Rule::g("Controller, Caster and Owner")),
        );
        self.sync_control();
    }

    /// The land the enchantment whose ability `id` is enchants (as announced, if it has moved
    /// since), if it is in play; otherwise the ability fails, with a trace line.
    fn enchanted_land(&mut self, id: SpellId) -> Option<CardId> {
        let sp = self.game.spell(id);
        let land = self.game.card(sp.card).enchanting.or(sp.enchanted);
        let land = land.filter(|&l| self.game.card(l).zone == Zone::Play);
        if land.is_none() {
            let reason = "it enchants no land in play".to_owned();
            self.emit(EventKind::Fails { spell: self.slabel(id), reason }, Some(STEP4));
        }
        land
    }

    /// `untap enchanted land`.
    pub(super) fn untap_enchanted(&mut self, id: SpellId) {
        let Some(land) = self.enchanted_land(id) else { return };
        let already = !self.game.card(land).tapped;
        self.game.untap(land);
        self.emit(EventKind::Tapped { card: self.label(land), tapped: false, already }, None);
    }

    /// Eureka: in rounds, each starting with the controller, each player in turn may put one
    /// permanent card from the hand into play (`P puts A into play [on T]`, `P puts nothing into
    /// play`). The card repeats whole rounds, so it ends only after a full round in which nobody
    /// put a card in: a player who passed is asked again when anyone else in that round put one
    /// (the card's "repeat this until no player puts a card into play"). A player with no permanent card known in hand puts none
    /// without a line. The cards are put into play, not cast: what triggers on their coming into
    /// play waits for the end of the resolution (002 Step 4).
    pub(super) fn each_puts_permanents(&mut self, id: SpellId) -> Result<(), Stop> {
        let caster = self.game.spell(id).controller;
        // Each card put leaves a hand, so the rounds end; the bound guards against a loop.
        for _ in 0..256 {
            let mut someone_put = false;
            for p in [caster, caster.other()] {
                let options: Vec<CardId> =
                    self.game.zone(Zone::Hand, Some(p)).into_iter().filter(|&c| self.kind(c).is_permanent()).collect();
                match self.ask_put(id, p, &options)? {
                    Some((c, on)) => {
                        someone_put = true;
                        self.return_to_play(c, p)?;
                        if let Some(t) = on {
                            self.game.attach(c, Some(t));
                            self.emit(
                                EventKind::Lasting { what: format!("{} enchants {}", self.label(c), self.label(t)) },
                                Some(STEP4),
                            );
                        }
                    }
                    None => {
                        self.emit(
                            EventKind::PlayOut { what: format!("{} puts nothing into play", self.pname(p)) },
                            Some(STEP4),
                        );
                    }
                }
            }
            if !someone_put {
                return Ok(());
            }
        }
        Err(Stop::Unsupported {
            line: None,
            message: format!("{} kept putting cards into play for 256 rounds: stopped here", self.slabel(id)),
        })
    }

    /// `p`'s answer: the card and the permanent it enchants, or `None` for none.
    fn ask_put(
        &mut self,
        id: SpellId,
        p: PlayerId,
        options: &[CardId],
    ) -> Result<Option<(CardId, Option<CardId>)>, Stop> {
        if options.is_empty() {
            return Ok(None);
        }
        let card = self.game.spell(id).card;
        let name = self.pname(p);
        let asked = Decision::PutIntoPlay { player: p, options };
        let Some(i) = self.offered(&asked).and_then(|_| self.take_line()) else {
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} may put a permanent card from the hand into play for {}: write `{name} puts CARD into play` (`on TARGET` for a local enchantment) or `{name} puts nothing into play`",
                    self.slabel(id)
                ),
            });
        };
        let refuse = |why: String, needs_target: bool| {
            Err(Stop::refuse(Refusal::ResolutionChoice { card, why, needs_target }).at_line(i))
        };
        let Some(Action::PutIntoPlay(_, answer)) = self.action_of(i) else { return Ok(None) };
        let Some((c, ts)) = answer else { return Ok(None) };
        if !options.contains(&c) {
            return refuse(format!("{} is not a permanent card in {name}'s hand", self.label(c)), false);
        }
        match (self.put_targets(c), ts.as_slice()) {
            (None, []) => Ok(Some((c, None))),
            (None, _) => refuse(format!("{} takes no target as it comes into play", self.label(c)), false),
            (Some(ok), [TargetRef::Card(t)]) if ok.contains(&TargetRef::Card(*t)) => Ok(Some((c, Some(*t)))),
            (Some(ok), _) if ok.is_empty() => refuse(
                format!("{} needs a target to come into play, and nothing in play can be one", self.label(c)),
                true,
            ),
            (Some(ok), _) => {
                let names: Vec<String> = ok
                    .iter()
                    .filter_map(|t| if let TargetRef::Card(x) = t { Some(self.label(*x)) } else { None })
                    .collect();
                refuse(format!("{} needs one target, `on` one of: {}", self.label(c), names.join(", ")), true)
            }
        }
    }
}

/// Whether the line uses an ability of `c` (taps it for mana, activates or regenerates it).
fn uses_card(a: &Action, c: CardId) -> bool {
    match a {
        Action::Tap(_, x, _) | Action::Regenerate(_, x) => *x == c,
        Action::Announce(an) => an.card == c && matches!(an.source, Source::Ability(_)),
        _ => false,
    }
}
