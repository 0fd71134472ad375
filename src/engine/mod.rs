//! The rules engine: takes bound action lines, applies the edition's rules, emits trace events.
//!
//! It never prints and does no I/O. Each rule is cited next to the code that applies it.

pub mod action;
mod alpha;
mod announce;
mod combat;
mod combat_damage;
mod damage;
mod destruction;
mod division;
mod illegal;
mod legality;
mod mana;
mod on_its_way;
mod phases;
mod query;
mod regeneration;
pub use query::{power_toughness, power_toughness_all};
mod resolve;
pub mod state;
mod timing;
mod triggers;

pub use illegal::{Illegal, Stop};
pub use mana::pool_text;

use crate::cards::{CardDef, Library};
use crate::edition::Policies;
use crate::trace::{Event, EventKind, Rule};
use action::{Action, Goal, Line};
use state::{CardId, Game, PlayerId, Source, SpellId};

/// Everything the engine plays: the starting game, the bound lines and what they refer to.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The edition's policies.
    pub policies: Policies,
    /// Mana costs waived.
    pub costs_free: bool,
    /// Player names in file order.
    pub players: [String; 2],
    /// Card labels for the trace, by card id.
    pub labels: Vec<String>,
    /// The starting game.
    pub game: Game,
    /// Action lines.
    pub lines: Vec<Line>,
    /// `stop:`.
    pub stop: Option<Goal>,
    /// A damage step or the end of combat play starts at, played first.
    pub start_step: Option<state::AttackStep>,
    /// The card library (built-in, `--cards`, `cards:`).
    pub library: Library,
    /// Redefinitions of cards, for the trace.
    pub redefinitions: Vec<crate::cards::Redefinition>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The final state.
    pub game: Game,
    /// The events, in order.
    pub events: Vec<Event>,
    /// Why the run stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// The engine over one scenario.
pub(crate) struct Engine<'a> {
    lib: &'a Library,
    pol: Policies,
    sc: &'a Setup,
    game: Game,
    events: Vec<Event>,
    cursor: usize,
    depth: u8,
    /// Lines looked at and left unread at a special moment, with why (for a later error).
    declined: Vec<(usize, String)>,
    /// While set, no moment reads lines (steps passed through on the way to a `go to` target).
    quiet: bool,
    /// Batches resolving right now (nothing new may be announced meanwhile).
    resolving: u32,
    /// Groups of effects triggered together resolving now (4e: one prevention step for all).
    trigger_group: u32,
}

/// Runs a scenario to its end: its lines, the play-out, and `stop:`.
#[must_use]
pub fn run(sc: &Setup) -> Outcome {
    let mut e = Engine {
        lib: &sc.library,
        pol: sc.policies,
        sc,
        game: sc.game.clone(),
        events: Vec::new(),
        cursor: 0,
        depth: 0,
        declined: Vec::new(),
        quiet: false,
        resolving: 0,
        trigger_group: 0,
    };
    for r in &sc.redefinitions {
        e.emit(EventKind::Redefined { card: r.name.clone(), before: r.before.clone(), now: r.now.clone() }, None);
    }
    let phase = e.pol.phases[e.game.phase].to_owned();
    let step = sc.start_step.or(e.game.combat.as_ref().map(|c| c.step)).map(|s| s.name().to_owned());
    e.emit(
        EventKind::Start { player: e.pname(e.game.active), phase, step },
        Some(Rule::g("Spell and Ability Timing, Who Announces First")),
    );
    // A scenario that starts at a damage step or the end of combat starts with that step.
    // A state trigger may already hold on the starting board (Sea Serpent with no Island).
    let started = e.run_triggers().and_then(|()| match sc.start_step {
        Some(step) => e.advance_combat(step),
        None => Ok(()),
    });
    let stopped = match started.and_then(|()| e.drive()) {
        Ok(()) => None,
        Err(stop) => {
            if let Stop::GameOver = stop {
                e.depth = 0;
                for l in &sc.lines[e.cursor.min(sc.lines.len())..] {
                    e.emit(
                        EventKind::NotPlayed { number: l.number, text: l.text.clone() },
                        Some(Rule::g("Losing the Game")),
                    );
                }
            }
            if let Stop::Illegal(il) = &stop {
                e.depth = 0;
                let number = il.line.map_or(0, |i| sc.lines[i].number);
                let text = il.line.map_or_else(String::new, |i| sc.lines[i].text.clone());
                e.emit(
                    EventKind::Illegal { number, text, reason: il.reason.clone(), hint: il.hint.clone() },
                    Some(il.rule),
                );
            }
            Some(stop)
        }
    };
    Outcome { game: e.game, events: e.events, stopped }
}

impl Engine<'_> {
    /// Takes every line, then plays out what is open and goes on to `stop:`.
    fn drive(&mut self) -> Result<(), Stop> {
        while self.cursor < self.sc.lines.len() {
            let i = self.cursor;
            self.cursor += 1;
            self.take(i)?;
        }
        // Contract, Consumption 5: everything open resolves with nobody acting.
        if !self.game.top().is_neutral() {
            self.emit(
                EventKind::PlayOut { what: "the lines have run out: what is open resolves with nobody acting".into() },
                None,
            );
            self.settle_top()?;
        }
        // An attack in progress is fought to its end of combat.
        if self.game.combat.is_some() {
            self.emit(
                EventKind::PlayOut { what: "the lines have run out: the attack is fought to its end".into() },
                None,
            );
            self.advance_combat(state::AttackStep::EndOfCombat)?;
        }
        if let Some(goal) = self.sc.stop {
            self.emit(EventKind::PlayOut { what: "`stop:` play goes on with nobody acting".into() }, None);
            self.advance(goal, None)?;
        }
        Ok(())
    }

    /// Takes line `i` at the current moment.
    fn take(&mut self, i: usize) -> Result<(), Stop> {
        let line: &Line = &self.sc.lines[i];
        // After a damage step nobody may act until the attack is over (002 L450-451): the line
        // waits for the next damage prevention step, or for the main phase.
        let after_damage = matches!(
            self.game.combat.as_ref().map(|c| c.step),
            Some(state::AttackStep::FirstStrikeDamage | state::AttackStep::Damage)
        );
        // (Lines taken inside a damage prevention step have a moment of their own.)
        if after_damage && self.game.ctx.len() == 1 {
            self.cursor = i;
            self.advance_combat(state::AttackStep::EndOfCombat).map_err(|s| s.at_line(i))?;
            if self.cursor > i {
                return Ok(());
            }
            self.cursor = i + 1;
        }
        // Lines read by a later moment (an answer to "unless ... pays", a damage division): play
        // goes on to that moment, which takes the line; if it never comes, the line is illegal.
        let deferred = match line.action {
            Action::Assign(p, ..) => Some((
                p,
                "has no combat damage to assign now",
                Rule::g("Attack Phase, Step 5+6: First Strike and non-FirstStrike Damage Dealing"),
                "`assigns` lines belong to an attack, before its damage step",
            )),
            Action::Order(p, _) => Some((
                p,
                "has no abilities that triggered together to order now",
                Rule::g("Spell and Ability Timing, Specialized Abilities (several at once: each player orders theirs)"),
                "write it right after the line whose resolution makes them trigger",
            )),
            Action::Discard(p, _) => Some((
                p,
                "is not asked to discard now",
                Rule::g("Turn Order, Phase 5: Discard (only down to seven, at the end of the phase)"),
                "write it right after the line that ends the discard phase, such as a `go to` the phase after it",
            )),
            Action::Pay(p, _) => Some((
                p,
                "is not asked to pay now",
                Rule::g("Spell and Ability Timing, Step 4: Resolution"),
                "write the answer right after the line that resolves the spell asking for it",
            )),
            _ => None,
        };
        if let Some((p, what, rule, hint)) = deferred {
            self.cursor = i;
            let alpha_order = self.pol.batch_order == crate::edition::BatchOrder::LaterCasterChooses
                && matches!(line.action, Action::Order(..))
                && !self.game.top().is_neutral();
            let r = if alpha_order {
                // Alpha: an order is read as the open batch takes effect (003 p.30).
                self.settle_top()
            } else if matches!(line.action, Action::Discard(..) | Action::Order(..)) {
                Ok(())
            } else if matches!(line.action, Action::Assign(..)) {
                match self.game.combat.as_ref().map(|c| c.step) {
                    Some(step) if step < state::AttackStep::Damage => {
                        self.settle_top().and_then(|()| self.advance_combat(state::AttackStep::Damage))
                    }
                    _ => Ok(()),
                }
            } else {
                self.close_all_windows()
            };
            r.map_err(|s| s.at_line(i))?;
            if self.cursor == i {
                self.cursor = i + 1;
                self.emit(EventKind::Line { number: line.number, text: line.text.clone() }, None);
                return Err(Stop::illegal(format!("{} {what}", self.pname(p)), rule, Some(hint)).at_line(i));
            }
            return Ok(());
        }
        let saved_depth = self.depth;
        self.emit(EventKind::Line { number: line.number, text: line.text.clone() }, None);
        self.depth += 1;
        let before = (self.game.turn, self.game.phase);
        let r = self.take_action(&line.action).map_err(|s| s.at_line(i));
        self.depth = saved_depth;
        r.map_err(|stop| self.explain(stop, i, before))
    }

    /// Adds to an illegal line's hint what happened to it before: a phase its own implied passes
    /// ended, or a special moment where it was looked at and not taken.
    fn explain(&self, stop: Stop, i: usize, before: (u32, usize)) -> Stop {
        let Stop::Illegal(mut il) = stop else { return stop };
        let mut notes: Vec<String> = il.hint.take().into_iter().collect();
        // Only the line's own implied passes: a line refused inside an earlier `go to` (read
        // at a special moment there) did not move the phase itself.
        if before != (self.game.turn, self.game.phase) && il.line.is_none_or(|l| l == i) {
            let phase = self.pol.phases[before.1];
            notes.push(format!(
                "the passes this line implies ended the {phase} phase: a pass already made in its neutral state cannot be taken back (GRS 07/15/97, Who Announces First)"
            ));
        }
        notes.extend(self.declined.iter().filter(|(j, _)| *j == i).map(|(_, why)| why.clone()));
        il.hint = (!notes.is_empty()).then(|| notes.join("; "));
        Stop::Illegal(il)
    }

    fn take_action(&mut self, a: &Action) -> Result<(), Stop> {
        if self.game.between_turns && !matches!(a, Action::GoTo(_)) {
            return Err(Stop::illegal(
                "the turn is over and the next has not begun: there is no time between turns to act",
                Rule::g("Turn Order, Phase 6: Cleanup"),
                Some("write `go to next turn` (or `go to PHASE`) first"),
            ));
        }
        self.combat_before_line(a)?;
        match a {
            Action::Resolve => {
                if self.game.top().is_neutral() {
                    return Err(Stop::illegal(
                        "nothing is being cast or waiting in a batch, so there is nothing to resolve",
                        Rule::g("Spell and Ability Timing, Batches of Spells and Abilities"),
                        Some("remove this line, or write `go to PHASE` to move on"),
                    ));
                }
                self.settle_top()
            }
            Action::GoTo(goal) => {
                self.settle_top()?;
                self.advance(*goal, Some(()))
            }
            Action::Pass(p) => {
                self.yield_to(*p)?;
                self.pass(*p, false)
            }
            Action::PlayLand(p, c) => {
                // A line of another kind closes the open windows first (Consumption 1).
                self.close_all_windows()?;
                self.play_land(*p, *c)
            }
            Action::Tap(p, c, m) => {
                // Mana sources stay legal where nobody has priority (002 Turn Order, Phase 6).
                if self.pol.has_priority(self.game.phase) {
                    self.yield_to(*p)?;
                } else if !self.pol.mana_without_priority {
                    // 4e: tapping a land for mana was an interrupt, and no fast effect could be
                    // played in the untap and heal creatures phases.
                    return Err(Stop::illegal(
                        format!(
                            "no fast effect may be played in the {} phase, and under these rules tapping for mana is an interrupt",
                            self.pol.phases[self.game.phase]
                        ),
                        Rule::f4("Timing: tapping a land for mana is always an interrupt; Rules About Phases"),
                        None,
                    ));
                }
                self.tap_for_mana(*p, *c, *m, false).map(|_| ())
            }
            Action::Announce(an) => self.announce(an),
            Action::Pay(..) | Action::Assign(..) | Action::Discard(..) | Action::Order(..) => Ok(()),
            Action::DeclareAttack(p) => self.declare_attack(*p),
            Action::AttackWith(p, cards, bands) => self.attack_with(*p, cards, bands),
            Action::Block(p, blk) => self.block(*p, blk.as_ref()),
            Action::Regenerate(p, c) if self.regeneration_in_prevention() => {
                let an = self.regeneration_announcement(*p, *c)?;
                self.announce(&an)
            }
            Action::Regenerate(p, c) => {
                self.close_all_windows()?;
                self.yield_to(*p)?;
                Err(self.regeneration_out_of_time(*c))
            }
        }
    }

    /// Emits an event at the current depth.
    fn emit(&mut self, kind: EventKind, rule: Option<Rule>) {
        let rule = rule.map(|r| self.pol.cite(r));
        self.events.push(Event { kind, rule, depth: self.depth });
    }

    /// Changes a life total by `delta`, with a trace line.
    /// Stops the run when it reaches a difference this edition's rules do not model yet.
    fn require(&self, what: crate::edition::Unmodelled) -> Result<(), Stop> {
        if self.pol.unmodelled.contains(&what) {
            return Err(Stop::Unsupported {
                line: None,
                message: format!(
                    "`rules: {}` reaches {}, which this engine does not model yet",
                    self.pol.edition.name(),
                    what.describe()
                ),
            });
        }
        Ok(())
    }

    fn change_life(&mut self, p: PlayerId, delta: i32, rule: Option<Rule>) {
        let from = self.game.players[p.ix()].life;
        let to = from.saturating_add(delta);
        self.game.players[p.ix()].life = to;
        self.emit(EventKind::Life { player: self.pname(p), from, to }, rule);
    }

    /// The card's definition.
    fn def(&self, c: CardId) -> &CardDef {
        self.lib.get(self.game.card(c).def)
    }

    /// The card's label in the trace.
    fn label(&self, c: CardId) -> String {
        self.sc.labels.get(usize::from(c.0)).cloned().unwrap_or_else(|| format!("card {}", c.0))
    }

    /// A player's name.
    fn pname(&self, p: PlayerId) -> String {
        self.sc.players[p.ix()].clone()
    }

    /// Whether a spell record is an ability rather than a spell.
    fn is_ability(&self, s: SpellId) -> bool {
        matches!(self.game.spell(s).source, Source::Ability(_))
    }

    /// A spell's or ability's label in the trace.
    fn slabel(&self, s: SpellId) -> String {
        let sp = self.game.spell(s);
        match sp.source {
            Source::Spell(_) => self.label(sp.card),
            Source::Triggered(_) => {
                let name = self.label(sp.card);
                if name.ends_with('s') {
                    format!("{name}' triggered ability")
                } else {
                    format!("{name}'s triggered ability")
                }
            }
            Source::Ability(_) => {
                let name = self.label(sp.card);
                if name.ends_with('s') { format!("{name}' ability") } else { format!("{name}'s ability") }
            }
        }
    }
}
