//! Phases and turns: ending a phase (mana burn, life check), beginning the next (untap, draw,
//! cleanup), and `go to` / `stop:` (002 Turn Order; 000 Phases of the Turn).

use super::action::Goal;
use super::state::{Ctx, CtxKind, Zone};
use super::{Engine, Stop};
use crate::trace::{EventKind, Rule};

impl Engine<'_> {
    fn phase_name(&self) -> &'static str {
        self.pol.phases[self.game.phase]
    }

    /// Goes on, nobody acting, to `goal`. `line` is set for `go to` (a past phase is illegal).
    pub(super) fn advance(&mut self, goal: Goal, line: Option<()>) -> Result<(), Stop> {
        // A phase after the main phase lies beyond the attack in progress: fight it out first.
        if !matches!(goal, Goal::Step(_)) && self.game.combat.is_some() {
            self.advance_combat(super::state::AttackStep::EndOfCombat)?;
            if goal == Goal::Phase(self.game.phase) && self.pol.main_phase() == self.game.phase {
                return Ok(());
            }
        }
        match goal {
            Goal::Step(step) => {
                let rule = Rule::g("Attack Phase Rules and Rulings");
                let Some(now) = self.game.combat.as_ref().map(|c| c.step) else {
                    return Err(Stop::illegal(
                        format!("no attack is in progress, so there is no {} step", step.name()),
                        rule,
                        Some("declare the attack first: `declares an attack` or `attacks with`"),
                    ));
                };
                if step <= now {
                    return Err(Stop::illegal(
                        format!("the {} step does not come again in this attack (now: {})", step.name(), now.name()),
                        rule,
                        None,
                    ));
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
                if i <= self.game.phase {
                    let reason = format!(
                        "the {} phase does not come again this turn (now: the {} phase)",
                        self.pol.phases[i],
                        self.phase_name()
                    );
                    let rule = Rule::g("Turn Order Rules and Rulings");
                    return Err(if line.is_some() {
                        Stop::illegal(reason, rule, Some("write `go to next turn` first"))
                    } else {
                        Stop::illegal(
                            format!("`stop:` cannot be reached: {reason}"),
                            rule,
                            Some("use `stop: next turn`"),
                        )
                    });
                }
                while self.game.phase < i {
                    self.next_phase()?;
                }
                Ok(())
            }
            Goal::EndOfTurn => {
                while self.game.phase + 1 < self.pol.phases.len() {
                    self.next_phase()?;
                }
                self.end_phase()
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
        self.end_phase()?;
        if self.game.phase + 1 < self.pol.phases.len() {
            self.game.phase += 1;
        } else {
            // A new turn: the other player becomes active.
            self.game.phase = 0;
            self.game.turn += 1;
            self.game.active = self.game.active.other();
            for p in &mut self.game.players {
                p.land_played = false;
            }
            self.game.attacked = false;
            let active = self.game.active;
            for c in self.game.zone(Zone::Play, Some(active)) {
                self.game.card_mut(c).sick = false;
            }
        }
        self.begin_phase()
    }

    /// 002 Turn Order, About the Phases: end effects, then mana burn, then the life check.
    fn end_phase(&mut self) -> Result<(), Stop> {
        self.depth = 0;
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
        if self.phase_name() == "cleanup" {
            // 000 Cleanup: "at end of turn" abilities are played at the end of cleanup.
            self.end_of_turn_triggers()?;
        }
        let r = self.burn_and_life_check("at the end of the phase");
        self.depth = 0;
        r
    }

    /// Mana burn for every pool, then the life check (002 About The Phases, parts 4 and 5; the
    /// same at the beginning and end of an attack).
    pub(super) fn burn_and_life_check(&mut self, when: &str) -> Result<(), Stop> {
        for p in [self.game.active, self.game.active.other()] {
            let pool = self.game.players[p.ix()].pool;
            let amount = pool.iter().fold(0u32, |a, &n| a.saturating_add(n));
            if amount == 0 {
                continue;
            }
            self.game.players[p.ix()].pool = [0; 6];
            self.game.players[p.ix()].burned = self.game.players[p.ix()].burned.saturating_add(amount);
            self.emit(EventKind::ManaBurn { player: self.pname(p), amount }, Some(self.pol.edition.mana_burn_rule()));
            self.change_life(p, -i32::try_from(amount).unwrap_or(i32::MAX), Some(self.pol.edition.mana_burn_rule()));
        }
        // 002 Losing the Game: less than 1 life at the end of a phase loses.
        let mut over = false;
        for p in [self.game.active, self.game.active.other()] {
            let life = self.game.players[p.ix()].life;
            if life < 1 {
                self.game.players[p.ix()].lost = true;
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
    fn begin_phase(&mut self) -> Result<(), Stop> {
        self.depth = 0;
        let active = self.game.active;
        self.emit(
            EventKind::PhaseBegins { phase: self.phase_name().to_owned(), player: self.pname(active) },
            Some(Rule::r5("Phases of the Turn")),
        );
        self.depth = 1;
        match self.phase_name() {
            "untap" => {
                for c in self.game.zone(Zone::Play, Some(active)) {
                    self.game.card_mut(c).tapped = false;
                }
                self.emit(EventKind::Untaps { player: self.pname(active) }, Some(Rule::r5("Untap")));
            }
            "draw" => self.draw(active)?,
            "cleanup" => {
                // 000 Cleanup: damage and until-end-of-turn effects wear off together.
                for c in self.game.zone(Zone::Play, None) {
                    self.game.card_mut(c).damage = 0;
                }
                self.game.eot.clear();
                self.game.damaged.clear();
                self.game.disintegrated.clear();
                self.game.player_damage.clear();
                self.game.no_combat_damage = false;
                self.emit(
                    EventKind::WearsOff { what: "damage on permanents and effects until end of turn".into() },
                    Some(Rule::r5("Cleanup")),
                );
            }
            _ => {}
        }
        self.depth = 0;
        self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
        Ok(())
    }

    fn draw(&mut self, p: super::state::PlayerId) -> Result<(), Stop> {
        if self.game.first_turn && self.game.turn == 1 {
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "{} skips the draw: the player who goes first does not draw on the first turn",
                        self.pname(p)
                    ),
                },
                Some(Rule::g("Turn Order, Starting the Game")),
            );
            return Ok(());
        }
        let top = self.game.zone(Zone::Library, Some(p)).into_iter().max_by_key(|&c| self.game.card(c).seq);
        match top {
            Some(c) => {
                self.game.move_card(c, Zone::Hand);
            }
            None if self.game.players[p.ix()].library_unknown > 0 => self.game.players[p.ix()].library_unknown -= 1,
            None => {
                self.game.players[p.ix()].lost = true;
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
