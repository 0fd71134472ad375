//! Phases and turns: ending a phase (mana burn, life check), beginning the next (untap, draw,
//! cleanup), and `go to` / `stop:` (002 Turn Order; 000 Phases of the Turn).

use super::action::{Action, Goal};
use super::costs::{Bill, CostFault, PHASE_COST};
use super::refusal::{Refusal, UPKEEP_COSTS};
use super::script::Decision;
use super::state::{CardId, Ctx, CtxKind, PlayerId, Target, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Moment, Penalty, UpkeepCost};
use crate::trace::{EventKind, Rule};

/// 001's name for a part of the turn: the main phases are phases, the rest steps (L1347-1370).
fn m13_part(name: &str) -> String {
    match name {
        "main" => "first main phase".to_owned(),
        "main 2" => "second main phase".to_owned(),
        other => format!("{other} step"),
    }
}

impl Engine<'_> {
    pub(super) fn phase_name(&self) -> &'static str {
        self.pol.phases[self.game.phase]
    }

    /// Goes on, nobody acting, to `goal`. `line` is set for `go to` (a past phase is illegal).
    pub(super) fn advance(&mut self, goal: Goal, line: Option<()>) -> Result<(), Stop> {
        // A phase after the main phase lies beyond the attack in progress: fight it out first.
        if !matches!(goal, Goal::Step(_)) && self.game.combat().is_some() {
            self.fight_out()?;
            // (m13: the combat phase ends in the second main phase.)
            if goal == Goal::Phase(self.game.phase) && (self.pol.main_phase() == self.game.phase || self.combat_phase())
            {
                return Ok(());
            }
            // m13: `go to main` from inside combat reaches the main phase after it (main 2).
            if self.combat_phase() && goal == Goal::Phase(self.pol.main_phase()) {
                return Ok(());
            }
        }
        match goal {
            Goal::Step(step) => {
                let Some(now) = self.game.combat().map(|c| c.step) else {
                    return Err(Stop::refuse(Refusal::NoAttackForStep { step }));
                };
                if step <= now {
                    return Err(Stop::refuse(Refusal::StepPassed { step, now }));
                }
                // Steps on the way are played without reading lines: the lines after `go to`
                // belong to the step it names (contract, Consumption 4).
                if let Some(before) = step.prev().filter(|&b| b > now) {
                    let was = std::mem::replace(&mut self.quiet, true);
                    let r = self.advance_combat(before);
                    self.quiet = was;
                    r?;
                }
                self.advance_combat(step)
            }
            Goal::Phase(i) => {
                if self.pol.play_or_draw && self.game.first_turn && self.game.turn == 1 && self.pol.phases[i] == "draw"
                {
                    return Err(Stop::refuse(Refusal::NoFirstDraw { active: self.game.active }));
                }
                if i <= self.game.phase {
                    let (now, stop) = (self.game.phase, line.is_none());
                    return Err(Stop::refuse(Refusal::PhasePassed { phase: i, now, stop }));
                }
                while self.game.phase < i {
                    self.next_phase()?;
                }
                Ok(())
            }
            Goal::EndOfTurn => {
                if self.game.between_turns {
                    return Ok(());
                }
                while self.game.phase + 1 < self.pol.phases.len() {
                    self.next_phase()?;
                }
                self.end_phase()?;
                self.game.between_turns = true;
                Ok(())
            }
            Goal::NextTurn => {
                let turn = self.game.turn;
                while self.game.turn == turn {
                    self.next_phase()?;
                }
                Ok(())
            }
        }
    }

    /// Ends the current phase and begins the next (the next turn after the last phase).
    pub(super) fn next_phase(&mut self) -> Result<(), Stop> {
        let mut new_turn = false;
        // After `go to end of turn` the last phase has already ended.
        if !std::mem::replace(&mut self.game.between_turns, false) {
            self.end_phase()?;
        }
        if self.game.phase + 1 < self.pol.phases.len() {
            self.game.phase += 1;
            // m13: the combat phase lies between the two main phases; with no attack declared
            // nobody attacks in it (001 L500-522).
            if self.combat_phase() && self.phase_name() == "main 2" && !self.game.attacked {
                self.depth = 0;
                self.emit(
                    EventKind::PlayOut {
                        what: "the combat phase passes: no attack is declared, no creature attacks".into(),
                    },
                    Some(Rule::m("Combat Phase (L500-522); Parts of the Turn (L1355-1365)")),
                );
            }
        } else {
            // A new turn: the other player becomes active.
            self.game.phase = 0;
            self.game.turn += 1;
            self.game.active = self.game.active.other();
            for p in [PlayerId(0), PlayerId(1)] {
                self.game.set_land_played(p, false);
            }
            self.game.attacked = false;
            self.game.no_attack = false;
            self.game.must_attack.clear();
            self.game.attacked_with.clear();
            self.game.spent.clear();
            self.game.used.clear();
            self.game.activations.clear();
            new_turn = true;
        }
        // 002 Starting the Game: the player who goes first skips the first draw phase.
        if self.pol.play_or_draw && self.game.first_turn && self.game.turn == 1 && self.phase_name() == "draw" {
            self.depth = 0;
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "{} skips the first draw phase: the player who goes first does not have it",
                        self.pname(self.game.active)
                    ),
                },
                Some(Rule::g("Turn Order, Starting the Game")),
            );
            self.game.phase += 1;
        }
        // A draw phase to skip is skipped as it would start (002 Phase Skipping L3176-3188).
        let active = self.game.active;
        if self.phase_name() == "draw"
            && let Some(k) = self.game.skip_draws.iter().position(|&p| p == active)
        {
            self.game.skip_draws.remove(k);
            self.depth = 0;
            self.emit(
                EventKind::PlayOut { what: format!("{} skips this draw phase", self.pname(active)) },
                Some(Rule::g("Phase Skipping")),
            );
            self.game.phase += 1;
        }
        self.begin_phase()?;
        // Summoning sickness ends after every beginning of turn effect has resolved (002
        // L109-110): a permanent that changed control then is not sick this turn.
        if new_turn {
            let active = self.game.active;
            for c in self.game.zone(Zone::Play, Some(active)) {
                self.game.set_sick(c, false);
            }
        }
        Ok(())
    }

    /// 002 Turn Order, About the Phases: end effects, then mana burn, then the life check.
    fn end_phase(&mut self) -> Result<(), Stop> {
        if self.phase_name() == "upkeep" {
            let depth = std::mem::replace(&mut self.depth, 1);
            let r = self.upkeep_phase_effects();
            self.depth = depth;
            r?;
            self.upkeep_costs()?;
        }
        // A creature that must attack obliges its controller to declare an attack, if it can
        // attack (002 L223-226).
        // Not when creatures cannot attack this turn (Festival).
        if self.phase_name() == "main" && !self.on_the_stack() && !self.game.attacked && !self.game.no_attack {
            let active = self.game.active;
            let forced = self.game.must_attack.clone();
            if let Some(&card) =
                forced.iter().find(|&&c| self.game.card(c).controller == active && self.can_attack(active, c))
            {
                return Err(Stop::refuse(Refusal::MustDeclareAttack { card }));
            }
        }
        self.depth = 0;
        if self.pol.mana_empties == crate::edition::ManaEmpties::EachStep {
            return self.end_step();
        }
        // 002 Phase 0: beginning of turn is not really a phase; its mana burns at the end of
        // the first real phase, and there is no life check.
        let checks = self.phase_name() != "beginning of turn";
        self.emit(
            EventKind::PhaseEnds { phase: self.phase_name().to_owned(), checks },
            Some(if checks {
                Rule::g("Turn Order, About The Phases")
            } else {
                Rule::g("Turn Order, Phase 0: Beginning of Turn")
            }),
        );
        if !checks {
            return Ok(());
        }
        self.depth = 1;
        if self.phase_name() == self.pol.end_of_turn_phase {
            // 000 Cleanup: "at end of turn" abilities are played at the end of cleanup (in 4e,
            // at the end of the End of Turn phase, before the healing).
            self.end_of_turn_triggers()?;
        }
        if self.phase_name() == "discard" {
            self.discard_to_seven()?;
        }
        let r = self.burn_and_life_check("at the end of the phase");
        // With no healing phase (Alpha), the turn's damage and effects end with its last phase.
        if r.is_ok() && self.pol.healing_phase.is_none() && self.game.phase + 1 == self.pol.phases.len() {
            self.depth = 1;
            let healed =
                self.heal_creatures(Rule::a("p.21, p.29: damage and enhancements last until the end of the turn"));
            self.depth = 0;
            return healed;
        }
        self.depth = 0;
        r
    }

    /// m13: a step or phase ends: "at the beginning of the end step" abilities have had their
    /// moment, and unused mana disappears with no loss of life (001 L268, L1068-1070). Nobody
    /// loses here: life is a state-based action (001 L540).
    fn end_step(&mut self) -> Result<(), Stop> {
        // A step ends only with the stack empty: what is on it resolves, nobody acting.
        self.settle_before_step_ends()?;
        self.emit(
            EventKind::StepEnds { phase: m13_part(self.phase_name()) },
            Some(Rule::m("Parts of the Turn (L478): both players pass in a row with nothing waiting")),
        );
        self.depth = 1;
        self.empty_pools()?;
        self.depth = 0;
        Ok(())
    }

    /// m13: every pool empties; the mana is lost, with no mana burn (001 L268).
    pub(super) fn empty_pools(&mut self) -> Result<(), Stop> {
        for p in [self.game.active, self.game.active.other()] {
            let pool = self.game.player(p).pool;
            if pool.iter().all(|&n| n == 0) {
                continue;
            }
            self.game.empty_pool(p, false);
            self.emit(
                EventKind::PoolEmpties { player: self.pname(p), mana: super::pool_text(&pool) },
                Some(self.pol.edition.mana_burn_rule()),
            );
        }
        Ok(())
    }

    /// 002 Phase 5: discarding down to seven cards is a mandatory phase effect at the end of the
    /// discard phase; the next lines name the cards (`Alice discards CARD`).
    fn discard_to_seven(&mut self) -> Result<(), Stop> {
        let p = self.game.active;
        let known = self.game.zone(Zone::Hand, Some(p)).len();
        let total = known + usize::try_from(self.game.player(p).hand_unknown).unwrap_or(usize::MAX);
        let mut need = total.saturating_sub(7);
        let when = if self.pol.phases.contains(&"discard") {
            "at the end of the discard phase"
        } else {
            "in the cleanup step"
        };
        while need > 0 {
            let hand = self.game.zone(Zone::Hand, Some(p));
            if self.offered(&Decision::Discard { player: p, hand: &hand }).is_none() {
                let name = self.pname(p);
                return Err(Stop::Choice {
                    line: None,
                    message: format!(
                        "{name} has {total} cards and must discard {need} more down to seven {when}: write `{name} discards CARD`"
                    ),
                });
            }
            let Some(i) = self.take_line() else { return Ok(()) };
            let Some(Action::Discard(_, c)) = self.action_of(i) else { return Ok(()) };
            let card = self.game.card(c);
            if card.zone != Zone::Hand || card.owner != p {
                return Err(Stop::refuse(Refusal::DiscardNotInHand { card: c, player: p }).at_line(i));
            }
            self.game.move_card(c, Zone::Graveyard);
            let rule = if self.pol.phases.contains(&"discard") {
                Rule::g("Turn Order, Phase 5: Discard")
            } else {
                Rule::m("Cleanup Step (L534): discard down to seven")
            };
            self.emit(EventKind::Discards { player: self.pname(p), card: self.label(c) }, Some(rule));
            need -= 1;
        }
        Ok(())
    }

    /// Phase costs: each permanent of the active player with an upkeep cost is paid for or
    /// buried before the upkeep can end; the next lines answer, in play order (002 Turn Order,
    /// About The Phases: part 3 cannot begin until phase costs are dealt with).
    fn upkeep_costs(&mut self) -> Result<(), Stop> {
        let p = self.game.active;
        let owed = self.upkeep_owed(p);
        // (m13: 001 has no phase costs.)
        if !owed.is_empty() {
            self.require(crate::edition::Unmodelled::PhaseCosts)?;
        }
        for (c, u) in owed {
            if self.game.card(c).zone != Zone::Play || self.game.upkeep_dealt.contains(&c) {
                continue;
            }
            self.upkeep_cost(p, c, &u)?;
        }
        self.game.upkeep_dealt.clear();
        Ok(())
    }

    /// The upkeep costs `p` has yet to deal with in this upkeep, each permanent's costs combined
    /// (none outside `p`'s own upkeep).
    pub(super) fn upkeep_owed(&self, p: PlayerId) -> Vec<(CardId, UpkeepCost)> {
        if self.phase_name() != "upkeep" || self.game.active != p {
            return Vec::new();
        }
        self.game
            .zone(Zone::Play, Some(p))
            .into_iter()
            .filter(|c| !self.game.upkeep_dealt.contains(c))
            .filter_map(|c| combine(&self.upkeep_costs_of(c)).map(|u| (c, u)))
            .collect()
    }

    /// `P pays ...` / `P does not pay` in P's upkeep, before it ends: deals with the first upkeep
    /// cost P has not dealt with yet. Paying a phase cost is done as an instant (002 Phase Cost,
    /// L3031-3035), so it takes P's priority.
    pub(super) fn pay_upkeep_now(&mut self, a: &Action) -> Result<(), Stop> {
        let (p, paid, named) = match a {
            Action::Pay(p, paid) => (*p, paid.map(|k| k.total()), Vec::new()),
            Action::PaySacrificing(p, k, cs) => (*p, Some(*k), cs.clone()),
            _ => return Ok(()),
        };
        let Some((c, u)) = self.upkeep_owed(p).into_iter().next() else { return Ok(()) };
        self.yield_to(p)?;
        let fits = self.upkeep_fits(p, c, &u);
        self.settle_upkeep(p, c, &u, (p, paid, named), &fits)
    }

    /// What could pay an upkeep cost's sacrifices (nobody must make more: 002 L3080-3085).
    fn upkeep_fits(&self, p: PlayerId, c: CardId, u: &UpkeepCost) -> Vec<CardId> {
        match u.cost.sacrifice.as_deref() {
            Some(s) => self.sacrifice_candidates(p, s, c),
            None => Vec::new(),
        }
    }

    /// One permanent's upkeep cost at the end of the upkeep: paid, refused, or (mandatory and
    /// unpayable) its penalty applied with no line asked (002 Phase Cost, L3080-3085, L3093-3097).
    fn upkeep_cost(&mut self, p: PlayerId, c: CardId, u: &UpkeepCost) -> Result<(), Stop> {
        let name = self.pname(p);
        let card = self.label(c);
        let n = u.cost.mana.total();
        let words = upkeep_words(u);
        let fits = self.upkeep_fits(p, c, u);
        let need = usize::try_from(u.cost.sacrifice.as_ref().map_or(0, |s| s.count)).unwrap_or(usize::MAX);
        let pool: u32 = self.game.player(p).pool.iter().sum();
        let payable = fits.len() >= need && (n == 0 || pool >= n);
        if u.mandatory && !payable {
            self.depth = 1;
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{card}'s upkeep cost ({words}) cannot be paid, so its penalty applies with no choice"
                    ),
                },
                Some(PHASE_COST),
            );
            self.game.upkeep_dealt.push(c);
            return self.upkeep_penalty(p, c, u);
        }
        let asked = Decision::Upkeep { payer: p, card: c, amount: n };
        let taken = self.offered(&asked).and_then(|_| self.take_line());
        let answer = taken.map(|i| (i, self.action_of(i)));
        let (i, answer) = match answer {
            Some((i, Some(Action::Pay(q, a)))) => (Some(i), (q, a.map(|k| k.total()), Vec::new())),
            Some((i, Some(Action::PaySacrificing(q, k, cs)))) => (Some(i), (q, Some(k), cs)),
            Some((i, Some(Action::PayLife(q, _)))) => {
                let what = format!("{card}'s upkeep cost");
                return Err(Stop::refuse(Refusal::LifeForMana { what, payer: q, amount: n }).at_line(i));
            }
            // A mandatory cost with one way to pay it is paid without a line.
            _ if u.mandatory && n == 0 && fits.len() == need => (None, (p, Some(0), fits.clone())),
            _ => {
                let how =
                    if need > 0 { format!("`{name} pays {n} sacrificing CARD`") } else { format!("`{name} pays {n}`") };
                let or = if u.mandatory { String::new() } else { format!(" or `{name} does not pay`") };
                return Err(Stop::Choice {
                    line: None,
                    message: format!(
                        "{name} must pay {words} for {card}'s upkeep{}: write {how}{or} right after the line that ends the upkeep",
                        match u.penalty {
                            _ if u.mandatory => String::new(),
                            Penalty::BuryThis => " or bury it".to_owned(),
                            Penalty::DamageToYou(d) => format!(" or take {d} damage from it"),
                        }
                    ),
                });
            }
        };
        self.depth = 1;
        self.settle_upkeep(p, c, u, answer, &fits).map_err(|s| match i {
            Some(i) => s.at_line(i),
            None => s,
        })
    }

    /// Deals with an upkeep cost by the answer (who, mana named or `None` for not paying, the
    /// sacrifices named): pays it, or applies its penalty.
    fn settle_upkeep(
        &mut self,
        p: PlayerId,
        c: CardId,
        u: &UpkeepCost,
        (q, paid, named): (PlayerId, Option<u32>, Vec<CardId>),
        fits: &[CardId],
    ) -> Result<(), Stop> {
        let rule = UPKEEP_COSTS;
        let name = self.pname(p);
        let card = self.label(c);
        let mana = u.cost.mana;
        let n = mana.total();
        let words = upkeep_words(u);
        if q != p {
            return Err(Stop::refuse(Refusal::UpkeepNotYours { player: q, payer: p, card: c }));
        }
        let bill = Bill {
            mana,
            sacrifice: u.cost.sacrifice.as_deref().cloned().into_iter().collect(),
            life: u.cost.life,
            ..Bill::default()
        };
        match paid {
            Some(k) if k != n => Err(Stop::refuse(Refusal::UpkeepAmount { card: c, payer: p, cost: mana, answer: k })),
            Some(_) => {
                self.check_extras(p, c, &bill, &named, &[])?;
                self.check_draw_cost(p, c, u.cost.draw)?;
                // Mana sources may be used: the active player holds priority in the upkeep.
                self.pay(p, &mana, &card)?;
                let by = format!("{card}'s upkeep ({words})");
                self.emit(EventKind::Pays { player: name, amount: n, cost: None, by, paid: true }, Some(rule));
                self.game.upkeep_dealt.push(c);
                if u.cost.life > 0 {
                    self.change_life(p, -i32::try_from(u.cost.life).unwrap_or(i32::MAX), Some(PHASE_COST));
                }
                for s in named {
                    self.sacrifice(p, s, &format!("for {card}'s upkeep"));
                }
                // Draws paid as a cost: no effect modifies them (002 L1861-1862).
                for _ in 0..u.cost.draw {
                    self.draw_one(p);
                }
                self.run_triggers()?;
                if u.cumulative && self.game.card(c).zone == Zone::Play {
                    // 002 L1994-1996: a paid cumulative upkeep adds a counter.
                    self.game.add_counters(c, "age", 1);
                    self.emit(
                        EventKind::Lasting { what: format!("{card} gets an age counter") },
                        Some(Rule::g("Cumulative Upkeep")),
                    );
                }
                Ok(())
            }
            None if u.mandatory && fits.len() >= usize::try_from(bill.named()).unwrap_or(usize::MAX) => {
                Err(Stop::refuse(Refusal::Cost { card: c, fault: CostFault::Mandatory }))
            }
            None => {
                let by = format!("{card}'s upkeep ({words})");
                self.emit(EventKind::Pays { player: name, amount: n, cost: None, by, paid: false }, Some(rule));
                self.game.upkeep_dealt.push(c);
                self.upkeep_penalty(p, c, u)
            }
        }
    }

    /// The penalty of an upkeep cost not paid: the permanent buries itself or deals damage to
    /// its controller (002 Phase Cost, L3089-3092).
    pub(super) fn upkeep_penalty(&mut self, p: PlayerId, c: CardId, u: &UpkeepCost) -> Result<(), Stop> {
        let words = upkeep_words(u);
        match u.penalty {
            Penalty::BuryThis => {
                if self.destruction_stepped() {
                    // 4e: a bury opens a damage prevention step (4th Ed. FAQ, Damage Prevention).
                    self.send_on_its_way(&[c], true, &format!("buried: its upkeep was not paid ({words})"));
                    self.prevention_step()?;
                } else {
                    self.bury(&[c]);
                }
            }
            Penalty::DamageToYou(n) => {
                let colors = self.colors(c);
                self.assign(c, &colors, Target::Player(p), n);
                if !self.game.packets.is_empty() {
                    self.prevention_step()?;
                }
            }
        }
        Ok(())
    }

    /// Mana burn for every pool, then the life check (002 About The Phases, parts 4 and 5; the
    /// same at the beginning and end of an attack).
    pub(super) fn burn_and_life_check(&mut self, when: &str) -> Result<(), Stop> {
        for p in [self.game.active, self.game.active.other()] {
            let amount = self.game.empty_pool(p, true);
            if amount == 0 {
                continue;
            }
            let damage = self.pol.mana_burn == crate::edition::ManaBurn::Damage;
            self.emit(
                EventKind::ManaBurn { player: self.pname(p), amount, damage },
                Some(self.pol.edition.mana_burn_rule()),
            );
            self.change_life(p, -i32::try_from(amount).unwrap_or(i32::MAX), Some(self.pol.edition.mana_burn_rule()));
        }
        // 002 Losing the Game: less than 1 life at the end of a phase loses.
        let mut over = false;
        for p in [self.game.active, self.game.active.other()] {
            let life = self.game.player(p).life;
            if life < 1 {
                self.game.set_lost(p);
                over = true;
                self.emit(
                    EventKind::Loses { player: self.pname(p), reason: format!("{life} life {when}") },
                    Some(Rule::g("Losing the Game")),
                );
            }
        }
        if !over {
            self.emit(EventKind::LifeCheck, Some(Rule::g("Losing the Game")));
        }
        if over {
            return Err(Stop::GameOver);
        }
        Ok(())
    }

    /// Begins the current phase: its beginning effects, then the neutral state.
    pub(super) fn begin_phase(&mut self) -> Result<(), Stop> {
        self.depth = 0;
        let active = self.game.active;
        // The rulebook lists six phases from untap; 002 adds the beginning of turn (Phase 0);
        // Fourth Edition ended the turn with the End of Turn and Heal Creatures phases.
        let rule = match self.phase_name() {
            "beginning of turn" => Rule::g("Turn Order, Phase 0: Beginning of Turn"),
            "end" | "heal" => Rule::g("Changes from Fourth Edition: Turn Order (End of Turn, Heal Creatures)"),
            _ => Rule::r5("Phases of the Turn"),
        };
        if self.on_the_stack() {
            let rule = if self.phase_name() == "end" { Rule::m("End Step (L530-532)") } else { rule };
            self.emit(
                EventKind::PartBegins { part: m13_part(self.phase_name()), player: self.pname(active) },
                Some(rule),
            );
        } else {
            self.emit(
                EventKind::PhaseBegins { phase: self.phase_name().to_owned(), player: self.pname(active) },
                Some(rule),
            );
        }
        self.depth = 1;
        match self.phase_name() {
            "untap" => {
                // Meekstone: creatures of this power stay tapped, while the source works (a
                // tapped artifact's continuous ability is off: 002 Artifact, L1339-1342).
                let mut holds: Vec<(CardId, i32)> = Vec::new();
                for c in self.game.zone(Zone::Play, None) {
                    let off = self.game.card(c).tapped && self.kind(c) == crate::cards::CardKind::Artifact;
                    for e in self.def(c).statics() {
                        if let crate::grammar::ability::Effect::NoUntapPowerAtLeast(n) = e
                            && !off
                        {
                            holds.push((c, *n));
                        }
                    }
                }
                for c in self.game.zone(Zone::Play, Some(active)) {
                    let held = holds
                        .iter()
                        .find(|(_, n)| self.game.card(c).tapped && self.is_creature(c) && self.pt(c).0 >= *n);
                    if let Some(&(src, _)) = held {
                        self.emit(
                            EventKind::PlayOut {
                                what: format!("{} does not untap ({})", self.label(c), self.label(src)),
                            },
                            Some(Rule::g("Artifact")),
                        );
                        continue;
                    }
                    self.game.untap(c);
                }
                self.emit(EventKind::Untaps { player: self.pname(active) }, Some(Rule::r5("Untap")));
            }
            "draw" => self.draw(active)?,
            // m13 has no discard phase: the cleanup step discards down to seven, then removes
            // damage (001 L534-536).
            name if Some(name) == self.pol.healing_phase && !self.pol.phases.contains(&"discard") => {
                self.discard_to_seven()?;
                self.heal_creatures(Rule::m(
                    "Cleanup Step (L536): damage is removed, \"until end of turn\" effects end",
                ))?;
            }
            name if Some(name) == self.pol.healing_phase => {
                let rule = if name == "cleanup" {
                    Rule::r5("Cleanup")
                } else {
                    Rule::g("Changes from Fourth Edition: Turn Order (Heal Creatures)")
                };
                self.heal_creatures(rule)?;
            }
            _ => {}
        }
        self.depth = 0;
        self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
        self.game.phase_effects.clear();
        // "Until your next upkeep" ends just before that upkeep's beginning effects (002
        // Duration Effects L1054-1058).
        if self.phase_name() == "upkeep" && self.game.until_upkeep_grants().iter().any(|e| e.2 == active) {
            self.game.end_until_upkeep(active);
            self.depth = 1;
            self.emit(
                EventKind::WearsOff { what: format!("effects lasting until {}'s next upkeep", self.pname(active)) },
                Some(Rule::g("Duration Effects")),
            );
        }
        // The first phase of a turn: effects scheduled for the beginning of the next turn
        // happen, whoever's turn it is (002 Cantrips L1547-1553).
        if self.game.phase == 0 && self.game.delayed.iter().any(|d| d.when == Moment::NextTurn) {
            self.depth = 1;
            let fired = self.due(Moment::NextTurn);
            let r = self.fire(fired);
            self.depth = 0;
            r?;
        }
        // Part 1 of the phase: its beginning effects (002 About The Phases L60-61).
        self.game.happened.push(super::state::Happening::PhaseBegins(self.game.phase));
        self.depth = 1;
        let r = self.run_triggers();
        self.depth = 0;
        r?;
        // m13: "at the beginning of the end step" abilities trigger as it begins (001 L530-532).
        if self.on_the_stack() && self.phase_name() == self.pol.end_of_turn_phase {
            self.depth = 1;
            let r = self.end_of_turn_triggers();
            self.depth = 0;
            r?;
        }
        Ok(())
    }

    /// Damage and until-end-of-turn effects wear off together (000 Cleanup; 4e Heal Creatures;
    /// Alpha: at the end of the turn, 003 p.21, p.29).
    fn heal_creatures(&mut self, rule: Rule) -> Result<(), Stop> {
        for c in self.game.zone(Zone::Play, None) {
            self.game.clear_damage(c);
        }
        // A Lace or a text change lasts while its permanent is in play.
        self.game.end_effects(|e| !e.lasting);
        let control_ends = self.game.end_controls_until_eot();
        self.game.shields.clear();
        self.game.regen_shields.clear();
        self.game.damaged.clear();
        self.game.disintegrated.clear();
        self.game.player_damage.clear();
        self.game.no_combat_damage = false;
        self.game.no_combat_from.clear();
        self.emit(
            EventKind::WearsOff { what: "damage on permanents and effects until end of turn".into() },
            Some(rule),
        );
        if control_ends {
            self.depth = 1;
            self.sync_control();
        }
        // A pump ending can leave a creature at toughness 0 or less: it dies now, and
        // regenerating cannot keep it (002 Turn Order, Phase 6: Cleanup, L264-266).
        self.depth = 1;
        if self.destruction_stepped() {
            // 4e: lethal toughness, and no fast effect (so no regeneration) in Heal Creatures
            // (4th Ed. FAQ, Damage Prevention: lethal damage includes toughness 0 or less;
            // Rules About Phases).
            for (c, _) in self.dying_now() {
                self.emit(
                    EventKind::Dies { card: self.label(c) },
                    Some(Rule::f4("Damage Prevention: lethal damage includes toughness 0 or less")),
                );
                self.put_in_graveyard(c);
            }
            self.bury_orphans();
            return Ok(());
        }
        self.check_lethal(Rule::g("Turn Order, Phase 6: Cleanup (toughness 0 or less)"))?;
        // An animation ending leaves creature enchantments on a non-creature: buried at once
        // (002 L1309-1311).
        self.bury_orphans();
        Ok(())
    }

    /// Draws one card for `p`; false when the library is empty (the caller decides when the
    /// player loses).
    pub(super) fn draw_one(&mut self, p: super::state::PlayerId) -> bool {
        let top = self.game.zone(Zone::Library, Some(p)).into_iter().max_by_key(|&c| self.game.card(c).seq);
        match top {
            Some(c) => self.game.move_card(c, Zone::Hand),
            None if self.game.draw_unknown(p) => {}
            None => return false,
        }
        self.emit(EventKind::Draws { player: self.pname(p) }, Some(Rule::r5("Draw")));
        true
    }

    fn draw(&mut self, p: super::state::PlayerId) -> Result<(), Stop> {
        // Zur's Weirding: another player may put the card into the graveyard instead.
        if self.draw_denied(p)? {
            return Ok(());
        }
        let top = self.game.zone(Zone::Library, Some(p)).into_iter().max_by_key(|&c| self.game.card(c).seq);
        match top {
            Some(c) => {
                self.game.move_card(c, Zone::Hand);
            }
            None if self.game.draw_unknown(p) => {}
            None => {
                self.game.set_lost(p);
                self.emit(
                    EventKind::Loses { player: self.pname(p), reason: "cannot draw from an empty library".into() },
                    Some(Rule::g("Losing the Game")),
                );
                return Err(Stop::GameOver);
            }
        }
        self.emit(EventKind::Draws { player: self.pname(p) }, Some(Rule::r5("Draw")));
        Ok(())
    }
}

/// A permanent's upkeep costs combined into one: all or nothing, mandatory if any part is
/// (002 Phase Cost, L3057-3069); the first penalty stands for them all here.
fn combine(costs: &[UpkeepCost]) -> Option<UpkeepCost> {
    let (first, rest) = costs.split_first()?;
    let mut out = first.clone();
    for u in rest {
        let m = &mut out.cost.mana;
        m.generic = m.generic.saturating_add(u.cost.mana.generic);
        for (slot, n) in m.colored.iter_mut().zip(u.cost.mana.colored) {
            *slot = slot.saturating_add(n);
        }
        if out.cost.sacrifice.is_none() {
            out.cost.sacrifice.clone_from(&u.cost.sacrifice);
        }
        out.cost.life = out.cost.life.saturating_add(u.cost.life);
        out.cost.draw = out.cost.draw.saturating_add(u.cost.draw);
        out.mandatory |= u.mandatory;
        out.cumulative |= u.cumulative;
    }
    Some(out)
}

/// An upkeep cost in words: its mana alone (`1U`), or all its parts.
pub(super) fn upkeep_words(u: &UpkeepCost) -> String {
    if u.cost.mana_only() { u.cost.mana.to_string() } else { u.cost.to_string() }
}
