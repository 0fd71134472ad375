//! The rules engine: takes bound action lines, applies the edition's rules, emits trace events.
//!
//! It never prints and does no I/O. Each rule is cited next to the code that applies it.

pub mod action;
mod alpha;
mod announce;
mod blockers;
pub mod chars;
mod choices;
mod combat;
mod combat_damage;
mod combat_m13;
mod costs;
mod costs2;
mod damage;
mod destruction;
mod division;
mod entering;
mod illegal;
pub mod legal;
mod legality;
mod mana;
mod moving;
mod on_its_way;
mod phases;
pub mod position;
mod query;
pub mod refusal;
mod regeneration;
pub use query::{power_toughness, power_toughness_all};
mod resolve;
pub mod script;
mod stack;
pub mod state;
mod timing;
mod triggers;

pub use illegal::{Illegal, Stop};
pub use mana::pool_text;
pub use refusal::{Refusal, Unasked};

use crate::cards::{CardDef, Library};
use crate::edition::Policies;
use crate::trace::{Event, EventKind, Rule};
use action::{Action, Goal, Line};
use script::Driver as _;
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
#[derive(Clone)]
pub(crate) struct Engine<'a> {
    lib: &'a Library,
    pol: Policies,
    sc: &'a Setup,
    game: Game,
    events: Vec<Event>,
    /// Answers the decisions the rules ask for (the scenario's lines).
    driver: script::Script<'a>,
    /// Decisions asked and left without an answer since this was last cleared.
    asked: std::cell::RefCell<Vec<script::Asked>>,
    /// The lines taken at the top level, each with those read while it was taken: `(first,
    /// end)`, end exclusive.
    taken: Vec<(usize, usize)>,
    depth: u8,
    /// While set, no moment reads lines (steps passed through on the way to a `go to` target).
    quiet: bool,
    /// A line written before the damage of an attack, waiting for its moment (its index).
    waiting: Option<usize>,
    /// Batches resolving right now (nothing new may be announced meanwhile).
    resolving: u32,
    /// Groups of effects triggered together resolving now (4e: one prevention step for all).
    trigger_group: u32,
    /// While the end-of-turn effects are handled: whether the opponent's have begun (002 L259-263).
    eot_group: Option<bool>,
    /// While the side effects of damage are dealt with in sub-step C: the dead wait for sub-step D.
    side_effects: bool,
    /// Whether events are recorded and a refused line is undone. A search plays copies whose
    /// trace nobody reads and drops a copy whose line was refused, so it turns this off (the
    /// answer's lines are written, and can be replayed, apart).
    record: bool,
}

/// 001's words for the zones (L242-256): the battlefield, the stack, exile.
fn modern_words(kind: EventKind) -> EventKind {
    let zone = |z: String| match z.as_str() {
        "play" => "the battlefield".to_owned(),
        "limbo" => "the stack".to_owned(),
        "removed from game" => "exile".to_owned(),
        _ => match z.strip_prefix("removed from the game") {
            Some(rest) => format!("exile{rest}"),
            None => z,
        },
    };
    match kind {
        EventKind::Moved { card, from, to } => EventKind::Moved { card, from: zone(from), to: zone(to) },
        EventKind::EntersPlay { card, controller } => {
            EventKind::PlayOut { what: format!("{card} enters the battlefield under {controller}'s control") }
        }
        EventKind::Fizzles { spell, reason } => EventKind::Fizzles { spell, reason: modern_phrases(&reason) },
        EventKind::PartlyFizzles { spell, illegal } => {
            EventKind::PartlyFizzles { spell, illegal: illegal.iter().map(|s| modern_phrases(s)).collect() }
        }
        EventKind::Fails { spell, reason } => EventKind::Fails { spell, reason: modern_phrases(&reason) },
        EventKind::RemovedFromCombat { card, why } => EventKind::RemovedFromCombat { card, why: modern_phrases(&why) },
        EventKind::PlayOut { what } => EventKind::PlayOut { what: modern_phrases(&what) },
        k => k,
    }
}

/// 001's words in the free text of an event: the battlefield for play, exile for the
/// removed-from-game zone, the draw step for the draw phase (001 L242-256, L492-494).
fn modern_phrases(s: &str) -> String {
    const PHRASES: &[(&str, &str)] = &[
        ("the removed-from-game zone", "exile"),
        ("is not in play", "is not on the battlefield"),
        ("no longer in play", "no longer on the battlefield"),
        ("has left play", "has left the battlefield"),
        ("skips the first draw phase", "skips the draw step of the first turn"),
    ];
    let mut out = s.to_owned();
    for (old, new) in PHRASES {
        if out.contains(old) {
            out = out.replace(old, new);
        }
    }
    out
}

/// Runs a scenario to its end: its lines, the play-out, and `stop:`.
#[must_use]
pub fn run(sc: &Setup) -> Outcome {
    let mut e = Engine::new(sc);
    let r = e.start().and_then(|()| e.drive());
    e.finish(r)
}

impl<'a> Engine<'a> {
    /// The engine at the scenario's start, before anything is emitted.
    fn new(sc: &'a Setup) -> Self {
        Engine {
            lib: &sc.library,
            pol: sc.policies,
            sc,
            game: sc.game.clone(),
            events: Vec::new(),
            driver: script::Script::new(&sc.lines),
            asked: std::cell::RefCell::new(Vec::new()),
            taken: Vec::new(),
            depth: 0,
            quiet: false,
            waiting: None,
            resolving: 0,
            trigger_group: 0,
            eot_group: None,
            side_effects: false,
            record: true,
        }
    }

    /// The start of the run: redefinitions, who acts first, triggers already holding, and the
    /// step the scenario starts at.
    fn start(&mut self) -> Result<(), Stop> {
        let sc = self.sc;
        for r in &sc.redefinitions {
            self.emit(
                EventKind::Redefined { card: r.name.clone(), before: r.before.clone(), now: r.now.clone() },
                None,
            );
        }
        let phase = self.pol.phases[self.game.phase].to_owned();
        let step = sc.start_step.or(self.game.combat().map(|c| c.step)).map(|s| {
            // m13: 001's name for the step (the moment after a declaration is in its step).
            if self.combat_phase() {
                Self::m13_step(s.m13_owner()).unwrap_or("beginning of combat").to_owned()
            } else {
                s.name().to_owned()
            }
        });
        self.emit(
            EventKind::Start { player: self.pname(self.game.active), phase, step },
            Some(Rule::g("Spell and Ability Timing, Who Announces First")),
        );
        // A scenario that starts at a damage step or the end of combat starts with that step.
        // A state trigger may already hold on the starting board (Sea Serpent with no Island).
        self.run_triggers()?;
        match sc.start_step {
            Some(step) => self.advance_combat(step),
            None => Ok(()),
        }
    }

    /// A copy to play on, without the trace so far (a search reads no trace).
    fn fork(&self) -> Self {
        Engine {
            lib: self.lib,
            pol: self.pol,
            sc: self.sc,
            game: self.game.clone(),
            events: Vec::new(),
            driver: self.driver.clone(),
            asked: std::cell::RefCell::new(Vec::new()),
            taken: self.taken.clone(),
            depth: self.depth,
            quiet: self.quiet,
            waiting: self.waiting,
            resolving: self.resolving,
            trigger_group: self.trigger_group,
            eot_group: self.eot_group,
            side_effects: self.side_effects,
            record: self.record,
        }
    }

    /// The outcome of a run that ended with `r`.
    fn finish(mut self, r: Result<(), Stop>) -> Outcome {
        let stopped = match r {
            Ok(()) => None,
            Err(stop) => {
                if let Stop::GameOver = stop {
                    self.depth = 0;
                    let unplayed: Vec<Line> =
                        (self.driver.position()..).map_while(|i| self.driver.line(i).cloned()).collect();
                    for l in &unplayed {
                        self.emit(
                            EventKind::NotPlayed { number: l.number, text: l.text.clone() },
                            Some(Rule::g("Losing the Game")),
                        );
                    }
                }
                if let Stop::Illegal(il) = &stop {
                    self.depth = 0;
                    let line = il.line.and_then(|i| self.driver.line(i));
                    let number = line.map_or(0, |l| l.number);
                    let text = line.map_or_else(String::new, |l| l.text.clone());
                    let reason = self.refusal_text(&il.refusal);
                    let notes = self.refusal_hint(&il.refusal).into_iter().chain(il.notes.iter().cloned());
                    let notes: Vec<String> = notes.collect();
                    let hint = (!notes.is_empty()).then(|| notes.join("; "));
                    self.emit(EventKind::Illegal { number, text, reason, hint }, Some(il.refusal.rule()));
                }
                Some(stop)
            }
        };
        Outcome { game: self.game, events: self.events, stopped }
    }
}

impl Engine<'_> {
    /// Takes every line, then plays out what is open and goes on to `stop:`.
    fn drive(&mut self) -> Result<(), Stop> {
        self.take_lines()?;
        self.play_out()
    }

    /// Takes the driver's lines while it has any.
    fn take_lines(&mut self) -> Result<(), Stop> {
        while self.offered(&script::Decision::Act).is_some() {
            let Some(i) = self.driver.take() else { break };
            self.taken.push((i, i + 1));
            let r = self.take(i);
            if let Some(last) = self.taken.last_mut() {
                last.1 = self.driver.position().max(i + 1);
            }
            r?;
        }
        Ok(())
    }

    /// With no more lines: what is open resolves, an attack is fought to its end, and play goes
    /// on to `stop:`, nobody acting.
    fn play_out(&mut self) -> Result<(), Stop> {
        // Contract, Consumption 5: everything open resolves with nobody acting.
        if !self.game.top().is_neutral() {
            self.emit(
                EventKind::PlayOut { what: "the lines have run out: what is open resolves with nobody acting".into() },
                None,
            );
            self.settle_top()?;
        }
        // An attack in progress is fought to its end of combat.
        if self.game.combat().is_some() {
            self.emit(
                EventKind::PlayOut { what: "the lines have run out: the attack is fought to its end".into() },
                None,
            );
            self.fight_out()?;
        }
        if let Some(goal) = self.sc.stop {
            self.emit(EventKind::PlayOut { what: "`stop:` play goes on with nobody acting".into() }, None);
            self.advance(goal, None)?;
        }
        Ok(())
    }

    /// Takes line `i` at the current moment. The line is checked on the game as its implied
    /// passes and the windows it closes leave it; refused, it leaves the game as it was before
    /// it (nothing of it is applied), and the trace shows the line and the refusal only.
    fn take(&mut self, i: usize) -> Result<(), Stop> {
        // A search's copy is dropped when a line is refused: nothing to restore there.
        let game = self.record.then(|| self.game.clone());
        let (events, depth) = (self.events.len(), self.depth);
        let before = (self.game.turn, self.game.phase);
        match self.take_applied(i) {
            Err(Stop::Illegal(il)) if il.line == Some(i) => {
                let moved = before != (self.game.turn, self.game.phase);
                if let Some(game) = game {
                    self.game = game;
                }
                self.depth = depth;
                let undone = self.undo_shown(events, i);
                let mut stop = self.explain(Stop::Illegal(il), i, moved.then_some(before.1));
                // The reason speaks of the copy, which the answer board does not show.
                if let (Stop::Illegal(il), true, false) = (&mut stop, undone, moved) {
                    il.notes.push(
                        "the reason speaks of the game as the undone steps above would leave it; the answer shows the game before this line"
                            .to_owned(),
                    );
                }
                Err(stop)
            }
            r => r.map_err(|s| self.explain(s, i, None)),
        }
    }

    /// The trace of a refused line `i`, whose events from `from` on were undone: the line, then
    /// what taking it would have done first (its implied passes, the windows it closes), one
    /// level deeper under a note saying it is undone, so the refusal can be understood.
    /// Returns whether the undone events changed the board (then the refusal may speak of it).
    fn undo_shown(&mut self, from: usize, i: usize) -> bool {
        let mut tail = self.events.split_off(from.min(self.events.len()));
        let number = self.driver.line(i).map(|l| l.number);
        if let Some(k) =
            tail.iter().position(|e| matches!(e.kind, EventKind::Line { number: n, .. } if Some(n) == number))
        {
            tail.remove(k);
        }
        self.show_line(i);
        if tail.is_empty() {
            return false;
        }
        // What changes the board, which the refusal's reason may then speak of.
        let changed = tail.iter().any(|e| {
            matches!(
                e.kind,
                EventKind::Moved { .. }
                    | EventKind::Tapped { .. }
                    | EventKind::Untaps { .. }
                    | EventKind::Dies { .. }
                    | EventKind::Buried { .. }
                    | EventKind::Bounced { .. }
                    | EventKind::DamageDealt { .. }
                    | EventKind::Countered { .. }
                    | EventKind::EntersPlay { .. }
                    | EventKind::EnchantmentMoved { .. }
                    | EventKind::Pumped { .. }
                    | EventKind::Granted { .. }
                    | EventKind::Lost { .. }
                    | EventKind::ColorSet { .. }
                    | EventKind::Animated { .. }
                    | EventKind::AnimatedForCombat { .. }
                    | EventKind::TextChanged { .. }
                    | EventKind::BaseSet { .. }
            )
        });
        self.depth += 1;
        self.emit(
            EventKind::PlayOut {
                what: "checked on a copy of the game: taking this line would first do what follows, all undone as the line is refused".into(),
            },
            None,
        );
        self.depth -= 1;
        // Under the note: phase events (at the top level) and the line's own events alike.
        let under = self.depth.saturating_add(1);
        for mut e in tail {
            e.depth = e.depth.max(under).saturating_add(1);
            self.events.push(e);
        }
        changed
    }

    /// Takes line `i`, applying what it implies as it goes (see [`Self::take`]).
    fn take_applied(&mut self, i: usize) -> Result<(), Stop> {
        let Some(line) = self.driver.line(i).cloned() else { return Ok(()) };
        // After a damage step nobody may act until the attack is over (002 L450-451): the line
        // waits for the next damage prevention step, or for the main phase.
        let after_damage = matches!(
            self.game.combat().map(|c| c.step),
            Some(state::AttackStep::FirstStrikeDamage | state::AttackStep::Damage)
        );
        // (Lines taken inside a damage prevention step have a moment of their own.)
        // (`go to` a later step of the attack moves it on itself, its lines read there.)
        let goes_on = matches!(line.action, Action::GoTo(action::Goal::Step(_)));
        // (m13: players get priority in each combat damage step, 001 L518.)
        if after_damage && self.game.ctx.len() == 1 && !goes_on && !self.combat_phase() {
            self.driver.rewind(i);
            self.advance_combat(state::AttackStep::EndOfCombat).map_err(|s| s.at_line(i))?;
            if self.driver.position() > i {
                return Ok(());
            }
            self.driver.rewind(i + 1);
        }
        // A regeneration or a prevention written before the damage waits for its moment.
        if self.carry_to_later_moment(i)? {
            return Ok(());
        }
        // m13: `orders` right after the blocks is the attacking player's damage assignment order.
        if let Action::Order(p, cards) = &line.action
            && self.combat_phase()
            && self.game.top().is_neutral()
            && matches!(
                self.game.combat().map(|c| c.step),
                Some(state::AttackStep::DeclareBlockers | state::AttackStep::AfterBlocks)
            )
        {
            let saved_depth = self.depth;
            self.show_line(i);
            self.depth += 1;
            let r = self.order_blockers(*p, cards).map_err(|s| s.at_line(i));
            self.depth = saved_depth;
            return r;
        }
        // An upkeep cost may be paid, or refused, at any time in its controller's upkeep.
        if let Action::Pay(p, _) | Action::PaySacrificing(p, ..) = line.action
            && self.game.ctx.len() == 1
            && self.game.top().is_neutral()
            && !self.upkeep_owed(p).is_empty()
        {
            // (m13: 001 has no phase costs.)
            self.require(crate::edition::Unmodelled::PhaseCosts).map_err(|s| s.at_line(i))?;
            let saved_depth = self.depth;
            self.show_line(i);
            self.depth += 1;
            let r = self.pay_upkeep_now(&line.action).map_err(|s| s.at_line(i));
            self.depth = saved_depth;
            return r;
        }
        // Lines read by a later moment (an answer to "unless ... pays", a damage division): play
        // goes on to that moment, which takes the line; if it never comes, the line is illegal.
        let deferred = match line.action {
            Action::Assign(p, ..) => Some((p, Unasked::Assign)),
            Action::Order(p, _) => Some((p, Unasked::Order)),
            Action::Discard(p, _) => Some((p, Unasked::Discard)),
            Action::Choose(p, _) | Action::DiscardRandom(p, _) => Some((p, Unasked::Choose)),
            Action::Pay(p, _) | Action::PayLife(p, _) | Action::PaySacrificing(p, ..) => Some((p, Unasked::Pay)),
            Action::Targets(p, _) => Some((p, Unasked::Target)),
            Action::Sacrifice(p, _) => Some((p, Unasked::Sacrifice)),
            Action::PutIntoPlay(p, _) => Some((p, Unasked::Put)),
            Action::Use(p, ..) | Action::HaveBlock(p, ..) => Some((p, Unasked::Choice)),
            _ => None,
        };
        if let Some((p, what)) = deferred {
            self.driver.rewind(i);
            let alpha_order = self.pol.batch_order == crate::edition::BatchOrder::LaterCasterChooses
                && matches!(line.action, Action::Order(..))
                && !self.game.top().is_neutral();
            let r = if alpha_order {
                // Alpha: an order is read as the open batch takes effect (003 p.30).
                self.settle_top()
            } else if matches!(line.action, Action::Discard(..) | Action::Order(..)) {
                Ok(())
            } else if matches!(line.action, Action::DiscardRandom(..) | Action::Choose(..)) {
                // An answer asked while an effect resolves (a random discard, a card chosen):
                // what is open resolves, and an attack goes on step by step, until a moment
                // takes the line (Hypnotic Specter's damage in the damage step).
                (|| {
                    while self.driver.position() == i {
                        if !self.game.top().is_neutral() {
                            self.settle_top()?;
                            continue;
                        }
                        match self.combat().map(|c| c.step).and_then(|s| s.next()) {
                            Some(next) => self.advance_combat(next)?,
                            None => break,
                        }
                    }
                    Ok(())
                })()
            } else if matches!(line.action, Action::Assign(..)) {
                match self.game.combat().map(|c| c.step) {
                    Some(step) if step < state::AttackStep::Damage => {
                        self.settle_top().and_then(|()| self.advance_combat(state::AttackStep::Damage))
                    }
                    _ => Ok(()),
                }
            } else if self.on_the_stack() {
                // m13: both players pass, the top object resolving each time, until the spell
                // that asks for the answer resolves and takes the line (001 L1184-1186).
                (|| {
                    while !self.game.top().is_neutral() && self.driver.position() == i {
                        self.resolve_top()?;
                    }
                    Ok(())
                })()
            } else {
                self.close_all_windows()
            };
            r.map_err(|s| s.at_line(i))?;
            if self.driver.position() == i {
                self.driver.rewind(i + 1);
                self.show_line(i);
                return Err(Stop::refuse(Refusal::Unasked { player: p, what }).at_line(i));
            }
            return Ok(());
        }
        let saved_depth = self.depth;
        self.show_line(i);
        self.depth += 1;
        let r = self.take_action(&line.action).map_err(|s| s.at_line(i));
        self.depth = saved_depth;
        r
    }

    /// Adds to an illegal line's hint what would have happened before it: a phase its own
    /// implied passes would have ended (`ended`), or a special moment where it was looked at
    /// and not taken.
    fn explain(&self, stop: Stop, i: usize, ended: Option<usize>) -> Stop {
        let Stop::Illegal(mut il) = stop else { return stop };
        if let Some(phase) = ended {
            let phase = self.pol.phases[phase];
            il.notes.push(format!(
                "the passes this line implies would have ended the {phase} phase first: a pass already made in its neutral state cannot be taken back (GRS 07/15/97, Who Announces First)"
            ));
        }
        il.notes.extend(self.driver.notes(i));
        Stop::Illegal(il)
    }

    fn take_action(&mut self, a: &Action) -> Result<(), Stop> {
        if self.game.between_turns && !matches!(a, Action::GoTo(_)) {
            return Err(Stop::refuse(Refusal::BetweenTurns));
        }
        self.gate_unmodelled(a)?;
        self.combat_before_line(a)?;
        match a {
            Action::Resolve => {
                if self.game.top().is_neutral() {
                    return Err(Stop::refuse(Refusal::NothingToResolve));
                }
                self.settle_top()
            }
            Action::ResolveTop => {
                if self.game.top().is_neutral() {
                    return Err(Stop::refuse(Refusal::NothingToResolve));
                }
                // Two passes, the priority holder's first: under the stack the top object
                // resolves (001 L1184-1186); under 5e a window closes or the batch resolves.
                let before = (self.game.top().batch.len(), self.game.top().windows.len());
                for _ in 0..2 {
                    let h = self.game.top().holder;
                    self.pass(h, false)?;
                    if (self.game.top().batch.len(), self.game.top().windows.len()) != before {
                        break;
                    }
                }
                Ok(())
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
                    if self.on_the_stack() {
                        return Err(Stop::refuse(Refusal::ManaWithoutPriority { phase: self.game.phase }));
                    }
                    return Err(Stop::refuse(Refusal::ManaIsInterrupt { phase: self.game.phase }));
                }
                self.tap_for_mana(*p, *c, *m, false)?;
                // Triggers on a mana source wait until it has resolved (002 L964-969).
                self.run_triggers()
            }
            Action::Announce(an) => {
                self.announce(an)?;
                // Triggers during an announcement wait for its end (002 L650-652, L964-969).
                self.run_triggers()?;
                self.drop_countered_window();
                Ok(())
            }
            Action::Pay(..)
            | Action::PayLife(..)
            | Action::Targets(..)
            | Action::Use(..)
            | Action::HaveBlock(..)
            | Action::PaySacrificing(..)
            | Action::Assign(..)
            | Action::Discard(..)
            | Action::Sacrifice(..)
            | Action::PutIntoPlay(..)
            | Action::DiscardRandom(..)
            | Action::Choose(..)
            | Action::Order(..) => Ok(()),
            Action::DeclareAttack(p) => self.declare_attack(*p),
            Action::AttackWith(p, cards, bands) => self.attack_with(*p, cards, bands),
            Action::Block(p, blk) => self.block(*p, blk.as_ref()),
            // m13: `regenerates CARD` activates the regeneration ability, which goes on the stack
            // and resolves into a shield (001 L1213-1215).
            Action::Regenerate(p, c)
                if self.regeneration_in_prevention()
                    || self.pol.regeneration == crate::edition::RegenerationUse::Shield =>
            {
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

    /// Stops a line that reaches a part of the edition's rules the engine does not play yet
    /// (under m13: the stack, combat as a phase, regeneration shields), naming the gap, rather
    /// than answer it with another edition's rules.
    fn gate_unmodelled(&self, a: &Action) -> Result<(), Stop> {
        use crate::edition::{CombatPlace, Unmodelled};
        match a {
            Action::AttackWith(_, _, bands) if !bands.is_empty() && self.pol.combat == CombatPlace::OwnPhase => {
                self.require(Unmodelled::Banding)
            }
            _ => Ok(()),
        }
    }

    /// Emits an event at the current depth.
    fn emit(&mut self, kind: EventKind, rule: Option<Rule>) {
        if !self.record {
            return;
        }
        let rule = rule.map(|r| self.pol.cite(r));
        let kind = if self.on_the_stack() { modern_words(kind) } else { kind };
        self.events.push(Event { kind, rule, depth: self.depth });
    }

    /// Changes a life total by `delta`, with a trace line.
    /// Stops the run when it reaches a difference this edition's rules do not model yet.
    fn require(&self, what: crate::edition::Unmodelled) -> Result<(), Stop> {
        if self.pol.unmodelled.contains(&what) {
            let message = if what.outside_source() {
                format!(
                    "`rules: {}` reaches {}: the run stops rather than answer with another edition's rules",
                    self.pol.edition.name(),
                    what.describe()
                )
            } else {
                format!(
                    "`rules: {}` reaches {}, which this engine does not model yet",
                    self.pol.edition.name(),
                    what.describe()
                )
            };
            return Err(Stop::Unsupported { line: None, message });
        }
        Ok(())
    }

    fn change_life(&mut self, p: PlayerId, delta: i32, rule: Option<Rule>) {
        let (from, to) = self.game.change_life(p, delta);
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
        matches!(self.game.spell(s).source, Source::Ability(_) | Source::Triggered(_))
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
