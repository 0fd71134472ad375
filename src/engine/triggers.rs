//! Triggered abilities: found once the event that triggers them is over, then resolved at once,
//! the active player's first, each nesting its own triggers (002 Triggered Abilities).

use super::action::{Action, TargetRef};
use super::refusal::{ACTIVE_ORDERS_ALL as ALL, Refusal};
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, Delayed, EventContext, Happening, PlayerId, Source, Spell, Status, Target, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::grammar::ability::{CreatureFilter, Moment, Trigger, Whose};
use crate::trace::{EventKind, Rule};
use std::collections::HashSet;

const TRIGGERED: Rule = Rule::g("Spell and Ability Timing, Triggered Abilities");
const PHASE_EFFECTS_INSTANT: Rule =
    Rule::g("Phase Effects and Phase Abilities: played in the middle of a phase as an instant, once each phase");
const PHASE_EFFECTS_END: Rule = Rule::g(
    "Phase Effects and Phase Abilities: each player deals with their own end of phase effects, the current player's first",
);
const PHASE_EFFECTS: Rule =
    Rule::g("Phase Effects and Phase Abilities: mandatory ones are dealt with before the phase ends");
pub(super) const ORDER: Rule =
    Rule::g("Spell and Ability Timing, Specialized Abilities (several at once: each player orders theirs)");

impl Engine<'_> {
    /// Whether `p` controls a land of this basic land type (its type now, not its name).
    pub(super) fn controls_land(&self, p: PlayerId, land: &str) -> bool {
        let key = crate::cards::type_key(land);
        self.game.zone(Zone::Play, Some(p)).into_iter().any(|c| self.is_land_of_type(c, &key))
    }

    /// Whether the permanent is a land of this type now (a [`crate::cards::type_key`]).
    pub(super) fn is_land_of_type(&self, c: CardId, key: &str) -> bool {
        let ch = self.chars(c);
        ch.kind == crate::cards::CardKind::Land && ch.has_subtype(key)
    }

    /// Resolves every triggered ability whose event has happened, until none is left.
    pub(super) fn run_triggers(&mut self) -> Result<(), Stop> {
        // m13: abilities that trigger during a resolution wait for it to end and for the
        // state-based actions; they go on the stack before anyone gets priority (001 L342-348).
        if self.on_the_stack() && self.resolving > 0 {
            return Ok(());
        }
        // Each round consumes what fired (deaths are taken, states are marked), so rounds end;
        // the bound only guards against a card definition that keeps killing its own victims.
        for _ in 0..64 {
            let fired = self.collect_triggers();
            if fired.is_empty() {
                return Ok(());
            }
            self.fire(fired)?;
        }
        Err(Stop::Unsupported {
            line: None,
            message: "triggered abilities kept firing for 64 rounds: a loop that would not end, stopped here"
                .to_owned(),
        })
    }

    /// The `at end of turn` abilities and the effects scheduled for the end of turn, dealt with
    /// in one group at the end of the cleanup phase (000 Cleanup; 002 Phase Effects L3160-3165:
    /// permanents' end of phase effects go in the same group as scheduled ones).
    pub(super) fn end_of_turn_triggers(&mut self) -> Result<(), Stop> {
        // Attack or die: each creature that had to attack and did not is destroyed, able or
        // not (002 Attack or Die Effects, L1382-1386).
        let forced = std::mem::take(&mut self.game.must_attack);
        let doomed: Vec<CardId> = forced
            .into_iter()
            .filter(|&c| {
                self.game.card(c).zone == Zone::Play && self.is_creature(c) && !self.game.attacked_with.contains(&c)
            })
            .collect();
        if !doomed.is_empty() {
            self.destroy(
                &doomed,
                "it had to attack this turn and did not",
                crate::trace::Rule::g("Attack or Die Effects"),
            )?;
        }
        let no_creatures = !self.game.zone(Zone::Play, None).into_iter().any(|c| self.is_creature(c));
        let mut fired = Vec::new();
        let mut held = Vec::new();
        for c in self.game.zone(Zone::Play, None) {
            for (i, (t, _)) in self.def(c).triggered().iter().enumerate() {
                let controller = self.game.card(c).controller;
                if **t == Trigger::EndOfYourTurn && controller == self.game.active {
                    fired.push(Fired::new(c, i, t.to_string(), controller, EventContext::default(), true));
                } else if **t == Trigger::EndOfTurnIfNoCreatures {
                    let f = Fired::new(c, i, t.to_string(), controller, EventContext::default(), true);
                    if no_creatures {
                        fired.push(f);
                    } else {
                        held.push(Fired { held: true, ..f });
                    }
                }
            }
        }
        fired.extend(self.due(Moment::EndOfTurn));
        if self.pol.trigger_timing == crate::edition::TriggerTiming::OnTheStack {
            self.fire(fired)?;
            return self.run_triggers();
        }
        // An "if no creatures are in play" that does not hold yet is looked at again when its
        // controller comes to deal with it: first in that player's part of the group, so the
        // opponent's after the active player's effects (002 L3149-3153).
        if !fired.is_empty() || held.iter().any(|f| f.controller != self.game.active) {
            held.append(&mut fired);
            fired = held;
        }
        self.eot_group = Some(false);
        let r = self
            .fire(fired)
            .and_then(|()| self.run_triggers())
            .and_then(|()| if self.eot_group == Some(false) { self.active_new_end_of_turn() } else { Ok(()) });
        self.eot_group = None;
        r?;
        // New ones for the active player once the opponent's had begun are ignored (002
        // L261-263); the opponent's new ones are dealt with as usual.
        let active = self.game.active;
        loop {
            let ignored = self.due_where(|d| d.when == Moment::EndOfTurn && d.controller == active);
            for f in ignored {
                let what = format!(
                    "{} is ignored: scheduled for {} after the opponent's end-of-turn effects began",
                    f.text,
                    self.pname(active)
                );
                self.emit(EventKind::PlayOut { what }, Some(crate::trace::Rule::g("Turn Order, Phase 6: Cleanup")));
            }
            let more = self.due(Moment::EndOfTurn);
            if more.is_empty() {
                return Ok(());
            }
            self.fire(more)?;
            self.run_triggers()?;
        }
    }

    /// "At end of turn" effects scheduled for the active player while his end-of-turn effects
    /// are being handled: dealt with before the opponent's (002 L259-261).
    fn active_new_end_of_turn(&mut self) -> Result<(), Stop> {
        let active = self.game.active;
        loop {
            let new = self.due_where(|d| d.when == Moment::EndOfTurn && d.controller == active);
            if new.is_empty() {
                return Ok(());
            }
            self.fire(new)?;
            self.run_triggers()?;
        }
    }

    /// The effects scheduled for `when`, taken from the schedule (002 Delayed or Scheduled
    /// Effects L1059-1085: they happen whatever became of their source).
    pub(super) fn due(&mut self, when: Moment) -> Vec<Fired> {
        self.due_where(|d| d.when == when)
    }

    /// The scheduled effects `pick` selects, taken from the schedule.
    fn due_where(&mut self, pick: impl Fn(&Delayed) -> bool) -> Vec<Fired> {
        let (now, later): (Vec<Delayed>, Vec<Delayed>) =
            std::mem::take(&mut self.game.delayed).into_iter().partition(|d| pick(d));
        self.game.delayed = later;
        now.into_iter()
            .filter_map(|d| {
                let effect = self.effect_of(d.card, d.source)?;
                let that = d.event.card.map(|c| format!("; that creature is {}", self.label(c))).unwrap_or_default();
                let text = match scheduled_part(&effect) {
                    Some(e) => format!("{e} (scheduled{that})"),
                    _ => effect.to_string(),
                };
                let mut event = d.event;
                event.delayed = true;
                let mut f = Fired::new(d.card, 0, text, d.controller, event, true);
                f.source = d.source;
                Some(f)
            })
            .collect()
    }

    /// The scheduled `at end of combat` effects, when the end of combat step begins (002 Step 7).
    pub(super) fn end_of_combat_effects(&mut self) -> Result<(), Stop> {
        let fired = self.due(Moment::EndOfCombat);
        self.fire(fired)?;
        self.run_triggers()
    }

    /// The mandatory phase effects of the upkeep not dealt with yet: each must be dealt with
    /// before the upkeep can end (002 Phase Effects and Phase Abilities L3107-3173; About The
    /// Phases L71-76). The engine plays them at the last moment a player could: the controller
    /// of each plays it (5e) in the upkeep of the player it names. A phase effect with no legal
    /// target is skipped; a tapped non-creature artifact's phase ability does not happen
    /// (002 L1348-1349).
    pub(super) fn upkeep_phase_effects(&mut self) -> Result<(), Stop> {
        let active = self.game.active;
        let mut fired = Vec::new();
        for c in self.game.zone(Zone::Play, None) {
            if self.switched_off(c) {
                continue;
            }
            // 4e: the current player played every phase effect (002 Changes from Fourth
            // Edition, Phase Effects L4489-4495); 5e: each its controller.
            let controller = if self.pol.active_orders_all { active } else { self.game.card(c).controller };
            for (i, (t, _)) in self.def(c).triggered().iter().enumerate() {
                // (An optional one is played only by a line: 002 L3141-3142.)
                let Trigger::DuringUpkeep(w) = t else { continue };
                if self.phase_effect_played(c, i) {
                    continue;
                }
                let Some(event) = self.phase_owner(c, *w, active) else { continue };
                fired.push(Fired::new(c, i, t.to_string(), controller, event, true));
            }
        }
        if fired.is_empty() {
            return Ok(());
        }
        self.emit(
            EventKind::PlayOut {
                what: "the upkeep's mandatory phase effects not yet dealt with are played before it can end".into(),
            },
            Some(PHASE_EFFECTS),
        );
        self.fire(fired)?;
        self.run_triggers()
    }

    /// `P plays the phase effect of CARD [on T]`: a phase effect played in the middle of its phase
    /// is played as an instant at a time its player picks, announced like any ability and open
    /// to responses in a batch; it is dealt with when it resolves, or fizzles (002 Phase Effects
    /// and Phase Abilities L3115-3124, L3143-3145). Each is used once per phase (L3118); a
    /// targeted one needs a legal target to be announced (L3133-3134). What nobody played by the
    /// end of the upkeep, the engine plays then ([`Self::upkeep_phase_effects`]).
    pub(super) fn play_phase_effect(
        &mut self,
        an: &super::action::Announce,
        i: u8,
        effect: &crate::grammar::ability::Effect,
    ) -> Result<(), Stop> {
        let c = an.card;
        let refuse = |why: String| Err(Stop::refuse(Refusal::PhaseEffect { card: c, why }));
        if self.on_the_stack() {
            return refuse(
                "under the M13 rules an upkeep ability triggers and goes on the stack by itself (001 L342-348)".into(),
            );
        }
        let Some(w) = self.def(c).triggered().get(usize::from(i)).and_then(|(t, _)| t.phase_effect()).map(|(w, _)| w)
        else {
            return Err(Stop::refuse(Refusal::NoSuchAbility { card: c }));
        };
        if self.game.card(c).zone != Zone::Play {
            return refuse("it is not in play".into());
        }
        let active = self.game.active;
        let event = if self.phase_name() == "upkeep" { self.phase_owner(c, w, active) } else { None };
        let Some(event) = event else {
            return refuse(format!(
                "it is played during {}, not now",
                match w {
                    Whose::Your => "its controller's upkeep",
                    Whose::Opponents => "the upkeep of its controller's opponent",
                    Whose::Each => "each upkeep",
                    Whose::EnchantedControllers => "the upkeep of the enchanted creature's controller",
                }
            ));
        };
        if self.switched_off(c) {
            return refuse("a tapped artifact's phase abilities are off (002 L1348-1349)".into());
        }
        // 4e: the current player played every phase effect (002 L4494-4495); 5e: its controller.
        let player = if self.pol.active_orders_all { active } else { self.game.card(c).controller };
        if an.player != player {
            let whose = if self.pol.active_orders_all { "the current player's" } else { "its controller's" };
            return refuse(format!("it is {whose} to play, {}'s", self.pname(player)));
        }
        let played = self.game.phase_effects.iter().find(|(x, k, _)| *x == c && *k == i).map(|e| e.2);
        if played.is_some_and(|s| self.game.spell(s).status != Status::Countered) {
            return refuse(
                "each phase effect is used only once each phase, and this one has been played (002 L3118)".into(),
            );
        }
        self.close_all_windows()?;
        self.yield_to(an.player)?;
        self.check_timing(an, super::announce::Speed::Instant, effect)?;
        let targets = self.bind_targets(an);
        self.check_targets(an, effect, &targets)?;
        let controller = self.game.card(c).controller;
        let opponents_only =
            effect.target().is_some_and(|t| t.filters.contains(&crate::grammar::ability::Filter::OpponentControls));
        if opponents_only
            && let Some(&Target::Card(t)) =
                targets.iter().find(|t| matches!(t, Target::Card(x) if self.game.card(*x).controller == controller))
        {
            return refuse(format!("its target must be controlled by an opponent, and {} is not", self.label(t)));
        }
        let id = self.game.add_spell(self.triggered_spell(
            c,
            player,
            Source::Triggered(i),
            targets.clone(),
            Status::BeingCast,
            event,
        ));
        self.game.phase_effects.push((c, i, id));
        self.emit(
            EventKind::Announced {
                id: usize::from(id.0),
                player: self.pname(an.player),
                verb: "plays".into(),
                spell: self.slabel(id),
                targets: targets.iter().map(|&t| self.tlabel(t)).collect(),
                cost: "nothing".into(),
                x: None,
                mode: None,
            },
            Some(PHASE_EFFECTS_INSTANT),
        );
        self.open_window(id);
        Ok(())
    }

    /// Whether the phase effect `i` of `c` has been played in this phase and not countered.
    fn phase_effect_played(&self, c: CardId, i: usize) -> bool {
        self.game
            .phase_effects
            .iter()
            .any(|&(x, k, s)| x == c && usize::from(k) == i && self.game.spell(s).status != Status::Countered)
    }

    /// A continuous effect of an opponent's permanent may make this one come into play tapped
    /// (Kismet): it is tapped as it enters, never untapped in play (002 L1013-1014).
    pub(super) fn enters_tapped(&mut self, c: CardId) {
        let controller = self.game.card(c).controller;
        let kind = self.def(c).kind;
        if !(kind.is_creature() || matches!(kind, CardKind::Artifact | CardKind::Land)) {
            return;
        }
        let by = self
            .game
            .zone(Zone::Play, Some(controller.other()))
            .into_iter()
            .find(|&k| self.def(k).statics().any(|e| *e == crate::grammar::ability::Effect::OpponentsEnterTapped));
        if let Some(k) = by {
            self.game.tap(c);
            self.emit(
                EventKind::Lasting { what: format!("{} comes into play tapped ({})", self.label(c), self.label(k)) },
                Some(Rule::g(
                    "Continuous Abilities and Continuous Effects: they may change how a permanent enters play",
                )),
            );
        }
    }

    /// Whether the phase named by `w` on `c` is the active player's phase now; the event then
    /// names that player (and the enchanted creature).
    fn phase_owner(&self, c: CardId, w: Whose, active: PlayerId) -> Option<EventContext> {
        let controller = self.game.card(c).controller;
        let enchanted = self.game.card(c).enchanting;
        let owner_ok = match w {
            Whose::Your => controller == active,
            Whose::Opponents => controller != active,
            Whose::Each => true,
            Whose::EnchantedControllers => enchanted.is_some_and(|e| self.game.card(e).controller == active),
        };
        owner_ok.then(|| EventContext { player: Some(active), card: enchanted, ..EventContext::default() })
    }

    /// A tapped artifact that is neither a creature nor a land: its continuous and phase
    /// abilities are off (002 Artifacts L1340-1349).
    fn switched_off(&self, c: CardId) -> bool {
        let kind = self.def(c).kind;
        self.game.card(c).tapped && kind == CardKind::Artifact
    }

    /// Deals with the abilities that these events alone trigger, now (the other events recorded
    /// wait for their own moment).
    pub(super) fn fire_for(&mut self, happened: &[Happening]) -> Result<(), Stop> {
        if happened.is_empty() {
            return Ok(());
        }
        let in_play = self.game.zone(Zone::Play, None);
        let mut fired = Vec::new();
        self.event_triggers(happened, &in_play, &[], &mut fired);
        self.fire(fired)
    }

    fn collect_triggers(&mut self) -> Vec<Fired> {
        let died = std::mem::take(&mut self.game.died);
        let happened = std::mem::take(&mut self.game.happened);
        let mut fired = Vec::new();
        let in_play = self.game.zone(Zone::Play, None);
        // The names each player controls and the states already fired, gathered once: a look
        // per trigger at every permanent would make many such cards cost the square.
        let mut controlled: [HashSet<String>; 2] = [HashSet::new(), HashSet::new()];
        let states = in_play.iter().any(|&c| {
            self.def(c).abilities.iter().any(|a| {
                matches!(a, crate::grammar::ability::Ability::Triggered(t, _) if matches!(t, Trigger::ControlNo(_)))
            })
        });
        if states {
            for &c in &in_play {
                let p = self.game.card(c).controller;
                let ch = self.chars(c);
                if ch.kind == crate::cards::CardKind::Land {
                    controlled[p.ix()].extend(ch.subtypes.iter().cloned());
                }
            }
        }
        let mut seen_states: HashSet<(CardId, u8)> = self.game.state_fired.iter().copied().collect();
        // A permanent that left play in the same event still sees it: a triggered ability can
        // trigger on its own permanent leaving play, and resolves with its source gone (002
        // L932-935), so a Sengir Vampire dying with a creature it damaged triggers too.
        // Only that kind of trigger looks at an event: a state (Sea Serpent's) is one of play.
        let gone: Vec<CardId> = died.iter().filter(|d| !in_play.contains(d)).copied().collect();
        for c in in_play.iter().chain(&gone).copied() {
            let in_play_now = !gone.contains(&c);
            let controller = self.game.card(c).controller;
            // The library outlives the engine's borrow of itself.
            let lib = self.lib;
            // With its text changed (Magical Hack on Sea Serpent), a trigger waits for the new words.
            let text = self.text_of(c);
            let swapped: Vec<crate::grammar::ability::Ability> = if text.is_empty() {
                Vec::new()
            } else {
                lib.get(self.game.card(c).def).abilities.iter().map(|a| super::chars::swap_ability(a, &text)).collect()
            };
            let triggered: Vec<(&Trigger, &crate::grammar::ability::Effect)> = if text.is_empty() {
                lib.get(self.game.card(c).def).triggered()
            } else {
                swapped
                    .iter()
                    .filter_map(|a| match a {
                        crate::grammar::ability::Ability::Triggered(t, e) => Some((t, e)),
                        _ => None,
                    })
                    .collect()
            };
            for (i, (t, _)) in triggered.iter().enumerate() {
                let i = u8::try_from(i).unwrap_or(0);
                match t {
                    Trigger::ControlNo(land) if in_play_now => {
                        // A state fires once each time it becomes true, not at every look.
                        let holds = !controlled[controller.ix()].contains(&crate::cards::type_key(land));
                        let seen = seen_states.contains(&(c, i));
                        if holds && !seen {
                            self.game.state_fired.push((c, i));
                            seen_states.insert((c, i));
                            fired.push(Fired::new(
                                c,
                                usize::from(i),
                                t.to_string(),
                                controller,
                                EventContext::default(),
                                false,
                            ));
                        } else if !holds && seen {
                            self.game.state_fired.retain(|x| *x != (c, i));
                            seen_states.remove(&(c, i));
                        }
                    }
                    Trigger::DamagedCreatureDies => {
                        // One trigger for each creature it damaged this turn that has died.
                        for &d in &died {
                            if self.game.damaged.contains(&(c, d)) {
                                let text = format!("{}: {} died", t, self.label(d));
                                let event = EventContext { card: Some(d), ..EventContext::default() };
                                fired.push(Fired::new(c, usize::from(i), text, controller, event, false));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if !happened.is_empty() {
            self.event_triggers(&happened, &in_play, &died, &mut fired);
        }
        fired
    }

    /// The abilities the recorded events trigger, event by event. A permanent sees an event if
    /// it was in play when the event happened: it had not yet come into play, or it left play
    /// with or after the event (002 L929-935: a trigger happens when its condition is met, even
    /// on its own permanent leaving play, and is still resolved). A card triggers at most once
    /// per event (002 L953-957).
    pub(super) fn event_triggers(
        &mut self,
        happened: &[Happening],
        in_play: &[CardId],
        died: &[CardId],
        fired: &mut Vec<Fired>,
    ) {
        let lib = self.lib;
        // Most boards have no ability that waits for an event: then there is nothing to match
        // (the state and end of turn triggers are looked at elsewhere).
        let listens = |c: CardId| {
            lib.get(self.game.card(c).def)
                .abilities
                .iter()
                .any(|a| matches!(a, crate::grammar::ability::Ability::Triggered(t, _) if t.is_event()))
        };
        let departed = happened.iter().filter_map(|h| match h {
            Happening::LeavesPlay { card, .. } => Some(*card),
            _ => None,
        });
        if !in_play.iter().copied().chain(departed).any(listens) {
            return;
        }
        for (k, h) in happened.iter().enumerate() {
            let entered_later = |c: CardId| happened[k + 1..].contains(&Happening::EntersPlay(c));
            let mut seeing: Vec<(CardId, PlayerId)> = in_play
                .iter()
                .copied()
                .filter(|&c| !entered_later(c))
                .map(|c| (c, self.game.card(c).controller))
                .collect();
            for x in &happened[k..] {
                if let Happening::LeavesPlay { card, controller, .. } = x
                    && !seeing.iter().any(|(c, _)| c == card)
                {
                    seeing.push((*card, *controller));
                }
            }
            for (c, controller) in seeing {
                for (i, (t, _)) in lib.get(self.game.card(c).def).triggered().iter().enumerate() {
                    if let Some(event) = self.matches(t, h, c, controller, died, &happened[k..]) {
                        let text = self.trigger_text(t, &event);
                        fired.push(Fired::new(c, i, text, controller, event, false));
                    }
                }
            }
        }
    }

    /// What `t` on `c` (controlled by `controller`) takes from `h`, if `h` triggers it; `died`:
    /// the permanents that went to the graveyard as creatures; `from_h`: the events from `h` on.
    fn matches(
        &self,
        t: &Trigger,
        h: &Happening,
        c: CardId,
        controller: PlayerId,
        died: &[CardId],
        from_h: &[Happening],
    ) -> Option<EventContext> {
        let ev = EventContext::default;
        // Before 5e a card could not trigger on its own trip to the graveyard.
        if let Happening::LeavesPlay { card, to: Zone::Graveyard, .. } = h
            && *card == c
            && !self.pol.own_trip_triggers
        {
            return None;
        }
        match (t, h) {
            (Trigger::BeginningOfUpkeep(w), Happening::PhaseBegins(ph)) => {
                if self.pol.phases.get(*ph) != Some(&"upkeep") || self.switched_off(c) {
                    return None;
                }
                self.phase_owner(c, *w, self.game.active)
            }
            // The first phase of the turn: Phase 0 under 5e (002 L98-110).
            (Trigger::BeginningOfTurn(w), Happening::PhaseBegins(0)) => {
                if self.switched_off(c) {
                    return None;
                }
                self.phase_owner(c, *w, self.game.active)
            }
            (Trigger::Attacks, Happening::Attacks(a)) if *a == c => Some(EventContext { card: Some(c), ..ev() }),
            (Trigger::NotBlocked, Happening::NotBlocked(a)) if *a == c => Some(EventContext { card: Some(c), ..ev() }),
            // The event names the creature and the defending player (Cloak of Confusion).
            (Trigger::EnchantedNotBlocked, Happening::NotBlocked(a)) if self.game.card(c).enchanting == Some(*a) => {
                Some(EventContext { card: Some(*a), player: Some(self.game.active.other()), ..ev() })
            }
            (Trigger::BlocksOrBlockedBy(f), Happening::Blocks { blocker, attacker, .. }) => {
                let other = if *blocker == c {
                    *attacker
                } else if *attacker == c {
                    *blocker
                } else {
                    return None;
                };
                self.creature_fits(f, other).then(|| EventContext {
                    card: Some(other),
                    block: Some((*blocker, *attacker)),
                    ..ev()
                })
            }
            (Trigger::Flanking, Happening::Blocks { blocker, attacker, assigned: true }) if *attacker == c => {
                let immune = self.def(*blocker).triggered().iter().any(|(t, _)| **t == Trigger::Flanking);
                (!immune).then(|| EventContext { card: Some(*blocker), block: Some((*blocker, *attacker)), ..ev() })
            }
            (Trigger::Cast(color, ok), Happening::Cast(s) | Happening::Announced(s))
                if *ok == matches!(h, Happening::Cast(_)) =>
            {
                let sp = self.game.spell(*s);
                let fits = color.is_none_or(|col| sp.colors.contains(&col));
                fits.then(|| EventContext { card: Some(sp.card), player: Some(sp.controller), spell: Some(*s), ..ev() })
            }
            // A creature as it left play, printed or animated (Soul Net under Animate Artifact).
            (Trigger::CreatureDies, Happening::LeavesPlay { card, to: Zone::Graveyard, controller: was, .. }) => (self
                .def(*card)
                .kind
                .is_creature()
                || died.contains(card))
            .then(|| EventContext { card: Some(*card), card_controller: Some(*was), ..ev() }),
            (
                Trigger::EnchantedDies,
                Happening::LeavesPlay { card, to: Zone::Graveyard, controller: was, attached, counters, eot },
            ) if attached.contains(&c) => Some(EventContext {
                card: Some(*card),
                card_controller: Some(*was),
                toughness: self.last_toughness(*card, attached, counters, *eot),
                ..ev()
            }),
            // The enchantment as it was when the damage was dealt: the side effect comes before
            // the dead are removed (002 L1165-1169, L1185-1189), so a Link whose creature died of
            // the same damage still sees it.
            (Trigger::EnchantedDealsDamage, Happening::Damage { source, amount, .. })
                if self.game.card(c).enchanting == Some(*source)
                    || from_h.iter().any(|x| {
                        matches!(x, Happening::LeavesPlay { card, attached, .. }
                            if card == source && attached.contains(&c))
                    }) =>
            {
                Some(EventContext { card: Some(*source), amount: *amount, ..ev() })
            }
            (Trigger::ColorDealsDamage(col), Happening::DamageAssigned { source, amount, .. }) => {
                let kind = self.def(*source).kind;
                let spell = matches!(kind, CardKind::Instant | CardKind::Sorcery | CardKind::Interrupt);
                let fits = (kind.is_creature() || spell) && self.colors(*source).contains(col);
                let owner = if spell { self.game.card(*source).owner } else { self.game.card(*source).controller };
                fits.then(|| EventContext {
                    card: Some(*source),
                    amount: *amount,
                    card_controller: Some(owner),
                    ..ev()
                })
            }
            (Trigger::TapsForMana(land), Happening::TappedForMana { card, player }) => self
                .def(*card)
                .name
                .eq_ignore_ascii_case(land)
                .then(|| EventContext { card: Some(*card), player: Some(*player), ..ev() }),
            (Trigger::CreatureEnters, Happening::EntersPlay(x)) if self.is_creature_in_play(*x) => {
                Some(EventContext { card: Some(*x), player: Some(self.game.card(*x).controller), ..ev() })
            }
            (Trigger::ComesIntoPlay, Happening::EntersPlay(x) | Happening::Moved(x)) if *x == c => {
                Some(EventContext { card: Some(c), player: Some(controller), ..ev() })
            }
            (Trigger::DamagesOpponent, Happening::Damage { source, to: Target::Player(p), amount })
                if *source == c && *p != controller =>
            {
                Some(EventContext { card: Some(c), player: Some(*p), amount: *amount, ..ev() })
            }
            (Trigger::ThisDies, Happening::LeavesPlay { card, to: Zone::Graveyard, .. }) if *card == c => {
                Some(EventContext { card: Some(c), player: Some(controller), ..ev() })
            }
            (Trigger::ActivatedTimes(n), Happening::Activated(x)) if *x == c => {
                let count = self.game.activations.iter().find(|(y, _)| *y == c).map_or(0, |(_, k)| *k);
                (count == *n).then(ev)
            }
            _ => None,
        }
    }

    /// Whether a creature passes a combat trigger's condition, checked as the block is made
    /// (002 Blocking: the condition is not rechecked later).
    fn creature_fits(&self, f: &CreatureFilter, c: CardId) -> bool {
        match f {
            CreatureFilter::NonWall => !self.has_keyword(c, &crate::grammar::ability::Keyword::Wall),
            CreatureFilter::Any => true,
            CreatureFilter::Colors(cs) => {
                let have = self.colors(c);
                cs.iter().any(|x| have.contains(x))
            }
        }
    }

    /// The toughness a creature last had in play: printed, counters, what enchanted it and
    /// its until-end-of-turn changes then.
    fn last_toughness(&self, c: CardId, attached: &[CardId], counters: &[(String, u32)], eot: (i32, i32)) -> i32 {
        let mut t = self.def(c).pt.map_or(0, |(_, t)| t);
        for (kind, n) in counters {
            let n = i32::try_from(*n).unwrap_or(i32::MAX);
            match kind.as_str() {
                "+1/+1" => t = t.saturating_add(n),
                "-1/-1" => t = t.saturating_sub(n),
                _ => {}
            }
        }
        for &e in attached {
            for a in &self.def(e).abilities {
                if let crate::grammar::ability::Ability::Continuous(
                    crate::grammar::ability::Affects::Enchanted,
                    crate::grammar::ability::Change::Pump(_, dt),
                ) = a
                {
                    t = t.saturating_add(*dt);
                }
            }
        }
        t.saturating_add(eot.1)
    }

    /// How a fired ability is shown: its trigger with what the event named.
    fn trigger_text(&self, t: &Trigger, event: &EventContext) -> String {
        let mut parts = Vec::new();
        if let Some(c) = event.card {
            parts.push(self.label(c));
        }
        if let Some(p) = event.player
            && !matches!(t, Trigger::ComesIntoPlay)
        {
            parts.push(self.pname(p));
        }
        if event.amount > 0 {
            parts.push(format!("{} damage", event.amount));
        }
        if parts.is_empty() { t.to_string() } else { format!("{t} ({})", parts.join(", ")) }
    }

    /// Resolves fired abilities: the active player's first, then the other's, each player's in
    /// the order they choose (`orders`) or else in play order (002 Specialized Abilities, which
    /// triggered abilities follow; phase effects alike, 002 About The Phases L71-76).
    pub(super) fn fire(&mut self, mut fired: Vec<Fired>) -> Result<(), Stop> {
        if fired.is_empty() {
            return Ok(());
        }
        let active = self.game.active;
        fired.sort_by_key(|f| u8::from(f.controller != active));
        if self.pol.trigger_timing == crate::edition::TriggerTiming::OnTheStack {
            return self.stack_triggers(fired);
        }
        // Abilities that trigger together are all shown triggering before any is ordered or
        // resolved; a lone one is shown just before it resolves.
        // (An ability held for a later look is shown only if it is played then.)
        let together = fired.iter().filter(|f| !f.held).count() > 1;
        if together {
            for f in fired.iter().filter(|f| !f.held) {
                self.emit(EventKind::Triggers { card: self.label(f.card), trigger: f.text.clone() }, Some(TRIGGERED));
            }
        }
        // 4e changed the order of phase effects only (002 Changes: Phase Effects); other
        // triggers follow the specialized ability rules in every edition.
        if self.pol.active_orders_all && fired.iter().all(|f| f.phase_effect) {
            self.order_all(&mut fired)?;
        } else {
            for p in [active, active.other()] {
                self.order_own(p, &mut fired)?;
            }
        }
        // 4e: one damage prevention step for all the effects one event triggered, or for all
        // the "at end of turn" effects (4th Ed. FAQ, Triggered Effects; Rules About Phases).
        let hold = u32::from(self.pol.prevention == crate::edition::PreventionTiming::EndOfBatch);
        self.resolving += hold;
        self.trigger_group += hold;
        let r = self.resolve_fired(fired, together);
        self.resolving -= hold;
        self.trigger_group -= hold;
        r?;
        self.end_of_batch_step(
            "the triggered effects are over",
            Rule::f4("Triggered Effects: one damage prevention step for all the effects one event triggers"),
        )
    }

    /// m13: abilities that triggered go on the stack, each player's in the order that player
    /// chooses (`orders` names the order in which they resolve); the active player's go first,
    /// so the other player's resolve first. 001 is silent on both players' triggers at once:
    /// the 2012 Comprehensive Rules, 603.3b (APNAP order), are followed. Then the active player
    /// gets priority.
    fn stack_triggers(&mut self, mut fired: Vec<Fired>) -> Result<(), Stop> {
        if fired.is_empty() {
            return Ok(());
        }
        let active = self.game.active;
        for f in &fired {
            self.emit(
                EventKind::Triggers { card: self.label(f.card), trigger: f.text.clone() },
                Some(Rule::m("Triggered Abilities (L342-348): it triggers and goes on the stack")),
            );
        }
        for p in [active, active.other()] {
            self.order_own(p, &mut fired)?;
        }
        let both = fired.iter().any(|f| f.controller == active) && fired.iter().any(|f| f.controller != active);
        for p in [active, active.other()] {
            let mine: Vec<Fired> = fired.iter().filter(|f| f.controller == p).cloned().collect();
            for f in mine.iter().rev() {
                let c = f.card;
                let id = self.game.add_spell(self.triggered_spell(
                    c,
                    p,
                    f.source,
                    Vec::new(),
                    Status::Waiting,
                    f.event.clone(),
                ));
                self.game.top_mut().batch.push(id);
                let below: Vec<String> = self.game.top().batch.iter().rev().skip(1).map(|&s| self.slabel(s)).collect();
                let rule = if both {
                    Rule::cr(
                        "603.3b: each player, in APNAP order, puts the abilities they control on the stack (001 is silent)",
                    )
                } else {
                    Rule::m("Triggered Abilities (L342-348); Parts of the Turn (L478)")
                };
                self.emit(EventKind::TriggerOnStack { spell: self.slabel(id), below }, Some(rule));
            }
        }
        let top = self.game.top_mut();
        top.holder = active;
        top.passes = 0;
        Ok(())
    }

    /// A triggered ability of `card` as a spell to announce: its source's colours, power, text
    /// changes and enchanted permanent as they are now (002 Step 1: locked in on announcement).
    fn triggered_spell(
        &self,
        card: CardId,
        controller: PlayerId,
        source: Source,
        targets: Vec<Target>,
        status: Status,
        event: EventContext,
    ) -> Spell {
        Spell {
            card,
            controller,
            source,
            targets,
            x: 0,
            colors: self.colors(card),
            packet_sources: Vec::new(),
            chosen: None,
            replaced: None,
            text: self.chars(card).text,
            sacrificed: Vec::new(),
            discarded: Vec::new(),
            source_power: self.pt(card).0,
            enchanted: self.game.card(card).enchanting,
            alternative: false,
            division: Vec::new(),
            status,
            event: Some(event),
        }
    }

    /// Resolves fired abilities in order, each fully before the next.
    fn resolve_fired(&mut self, fired: Vec<Fired>, together: bool) -> Result<(), Stop> {
        for f in fired {
            // The opponent's end-of-turn effects begin: the active player's new ones first.
            if self.eot_group == Some(false) && f.phase_effect && f.controller != self.game.active {
                self.active_new_end_of_turn()?;
                self.eot_group = Some(true);
            }
            // An "if no creatures are in play" is checked as its controller deals with it.
            let conditional = self
                .def(f.card)
                .triggered()
                .get(match f.source {
                    Source::Triggered(i) => usize::from(i),
                    _ => usize::MAX,
                })
                .is_some_and(|(t, _)| **t == Trigger::EndOfTurnIfNoCreatures);
            if conditional && self.game.zone(Zone::Play, None).into_iter().any(|c| self.is_creature(c)) {
                // Held: looked at for the first time now, in its controller's turn to act.
                let what = if f.held {
                    format!(
                        "{}: a creature is in play as its controller deals with it, so its \"if no creatures are in play\" does not hold and it does nothing",
                        self.label(f.card)
                    )
                } else {
                    format!(
                        "{}: a creature is in play now, so its \"if no creatures are in play\" no longer holds and it does nothing",
                        self.label(f.card)
                    )
                };
                self.emit(EventKind::PlayOut { what }, Some(PHASE_EFFECTS_END));
                continue;
            }
            if !together || f.held {
                let rule = if f.held { PHASE_EFFECTS_END } else { TRIGGERED };
                self.emit(EventKind::Triggers { card: self.label(f.card), trigger: f.text.clone() }, Some(rule));
            }
            let Some(targets) = self.trigger_targets(&f)? else { continue };
            let id = self.game.add_spell(self.triggered_spell(
                f.card,
                f.controller,
                f.source,
                targets,
                Status::Waiting,
                f.event,
            ));
            if !self.game.spell(id).targets.is_empty() {
                self.trigger_mana(id)?;
            }
            self.depth = self.depth.saturating_add(1);
            let from = self.game.seq;
            let r = self.resolve_spell(id);
            self.depth = self.depth.saturating_sub(1);
            r?;
            // What a block's trigger did until end of turn goes if the block is undone.
            if let Some((b, a)) = self.game.spell(id).event.as_ref().and_then(|e| e.block)
                && self.game.seq > from
            {
                self.game.block_effects.push((b, a, from + 1, self.game.seq));
            }
        }
        Ok(())
    }

    /// A triggered ability is played like a specialized ability (002 L921-922): no batch, no
    /// instant answers it (L865-868); but mana sources stay legal while it is being played
    /// (L553-557, L151-153), so a creature it targets may be sacrificed for mana in answer, and
    /// the ability then fizzles (002 Is Not Blocked L2520-2524). The lines are mana lines written
    /// right after the ability's target.
    fn trigger_mana(&mut self, id: super::state::SpellId) -> Result<(), Stop> {
        let mut first = true;
        while let Some(answer) = self.offered(&Decision::TriggerMana) {
            if first {
                first = false;
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} is being played: mana sources may be used before it resolves",
                            self.slabel(id)
                        ),
                    },
                    Some(Rule::g(
                        "Spell and Ability Timing, Specialized Abilities (triggered abilities are played as they are)",
                    )),
                );
            }
            while self.driver.position() <= answer.last {
                let Some(i) = self.driver.take() else { break };
                self.take_mana_line(i)?;
            }
        }
        Ok(())
    }

    /// The targets of a triggered ability, chosen by its controller as it is played (002
    /// Triggered Abilities follow the specialized ability rules: targets on announcement):
    /// `P targets T`, or `P targets nothing` to decline an optional one. `None`: it is not
    /// played, having no legal target (002 Phase Effects L3133-3140) or being declined.
    fn trigger_targets(&mut self, f: &Fired) -> Result<Option<Vec<Target>>, Stop> {
        if f.event.delayed {
            return Ok(Some(Vec::new()));
        }
        let Some(effect) = self.effect_of(f.card, f.source) else { return Ok(Some(Vec::new())) };
        let optional = effect.optional();
        let Some(spec) = effect.target().cloned() else {
            return if optional { self.ask_use(f) } else { Ok(Some(Vec::new())) };
        };
        let colors = self.colors(f.card);
        let mut options: Vec<TargetRef> = Vec::new();
        for i in 0..self.game.cards().len() {
            let Ok(c) = u16::try_from(i).map(CardId) else { continue };
            if self.game.card(c).zone == Zone::Play
                && !(spec.filters.contains(&crate::grammar::ability::Filter::OpponentControls)
                    && self.game.card(c).controller == f.controller)
                && self.target_problem(&spec, Target::Card(c), &colors).is_none()
            {
                options.push(TargetRef::Card(c));
            }
        }
        for p in [PlayerId(0), PlayerId(1)] {
            if self.target_problem(&spec, Target::Player(p), &colors).is_none() {
                options.push(TargetRef::Player(p));
            }
        }
        if options.is_empty() {
            self.emit(
                EventKind::Fails {
                    spell: self.label(f.card),
                    reason: "its triggered ability has no legal target: it is not played".into(),
                },
                Some(Rule::g("Phase Effects and Phase Abilities: no legal target, not dealt with")),
            );
            return Ok(None);
        }
        let asked = Decision::Target { player: f.controller, options: &options, optional };
        if self.offered(&asked).is_none() {
            let name = self.pname(f.controller);
            let decline = if optional { format!(" or `{name} targets nothing`") } else { String::new() };
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} must choose the target of {}'s triggered ability ({}): write `{name} targets TARGET`{decline} right after the line that makes it trigger",
                    self.label(f.card),
                    f.text
                ),
            });
        }
        let Some(i) = self.take_line() else { return Ok(None) };
        let Some(Action::Targets(_, named)) = self.action_of(i) else { return Ok(None) };
        let refuse = |why: String| Err(Stop::refuse(Refusal::TriggerTarget { card: f.card, why }).at_line(i));
        match named.as_slice() {
            [] if optional => {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} declines {}'s triggered ability",
                            self.pname(f.controller),
                            self.label(f.card)
                        ),
                    },
                    Some(Rule::g("Is Not Blocked: an optional ability is used or not at once")),
                );
                Ok(None)
            }
            [] => refuse("it must be played, and it has a legal target".into()),
            [t] if options.contains(t) => {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} plays {}'s triggered ability targeting {}",
                            self.pname(f.controller),
                            self.label(f.card),
                            self.target_refs_text(&[*t])
                        ),
                    },
                    Some(TRIGGERED),
                );
                Ok(Some(vec![match *t {
                    TargetRef::Card(c) => Target::Card(c),
                    TargetRef::Player(p) => Target::Player(p),
                }]))
            }
            [_] => refuse(format!("the target must be one of: {}", self.target_refs_text(&options))),
            _ => refuse("it takes one target".into()),
        }
    }

    /// An optional triggered ability with no target: its controller uses it or not as it
    /// triggers (002 Is Not Blocked L2513-2518: the choice cannot wait), `P uses CARD` or `P
    /// declines CARD`. `None`: declined.
    fn ask_use(&mut self, f: &Fired) -> Result<Option<Vec<Target>>, Stop> {
        let p = f.controller;
        let options = [Action::Use(p, f.card, true), Action::Use(p, f.card, false)];
        if self.offered(&Decision::OneOf { player: p, options: &options }).is_none() {
            let (name, card) = (self.pname(p), self.label(f.card));
            return Err(Stop::Choice {
                line: None,
                message: format!(
                    "{name} may use {card}'s triggered ability ({}): write `{name} uses {card}` or `{name} declines {card}` right after the line that makes it trigger",
                    f.text
                ),
            });
        }
        let Some(i) = self.take_line() else { return Ok(None) };
        let Some(Action::Use(_, c, used)) = self.action_of(i) else { return Ok(None) };
        if c != f.card {
            let why = format!("the ability asking now is {}'s", self.label(f.card));
            return Err(Stop::refuse(Refusal::TriggerTarget { card: f.card, why }).at_line(i));
        }
        let (name, card) = (self.pname(p), self.label(f.card));
        if used {
            let what = format!("{name} plays {card}'s triggered ability");
            self.emit(EventKind::PlayOut { what }, Some(TRIGGERED));
            return Ok(Some(Vec::new()));
        }
        self.emit(
            EventKind::PlayOut { what: format!("{name} declines {card}'s triggered ability") },
            Some(Rule::g("Is Not Blocked: an optional ability is used or not at once")),
        );
        Ok(None)
    }

    /// Targets as the trace names them.
    fn target_refs_text(&self, ts: &[TargetRef]) -> String {
        let names: Vec<String> = ts
            .iter()
            .map(|t| match *t {
                TargetRef::Card(c) => self.label(c),
                TargetRef::Player(p) => self.pname(p),
            })
            .collect();
        names.join(", ")
    }

    /// Fourth Edition: the active player orders every effect that happens together, the
    /// opponent's included (002 Changes: Phase Effects; 4th Ed. FAQ, Rules About Phases).
    fn order_all(&mut self, fired: &mut [Fired]) -> Result<(), Stop> {
        let active = self.game.active;
        let mut cards: Vec<CardId> = Vec::new();
        for f in fired.iter() {
            if !cards.contains(&f.card) {
                cards.push(f.card);
            }
        }
        if self.offered(&Decision::Order { player: active, cards: &cards, all: true }).is_none() {
            return Ok(());
        }
        let i = self.driver.position();
        let named = match self.action_of(i) {
            Some(Action::Order(q, named)) => {
                if q != active {
                    return Err(Stop::refuse(Refusal::NotActiveOrders { player: q, active }).at_line(i));
                }
                named
            }
            _ => return Ok(()),
        };
        self.take_line();
        if named.len() != cards.len() || !cards.iter().all(|c| named.contains(c)) {
            return Err(Stop::refuse(Refusal::OrderAll { cards: cards.clone() }).at_line(i));
        }
        fired.sort_by_key(|f| named.iter().position(|n| *n == f.card));
        let labels = named.iter().map(|&c| self.label(c)).collect();
        self.emit(EventKind::Orders { player: self.pname(active), cards: labels }, Some(ALL));
        Ok(())
    }

    /// Applies `P orders A, B ...` at the cursor to P's abilities among `fired`, when P has
    /// abilities of two or more cards there; every such card must be named once.
    fn order_own(&mut self, p: PlayerId, fired: &mut [Fired]) -> Result<(), Stop> {
        let mut cards: Vec<CardId> = Vec::new();
        // (An end-of-turn effect held for a later look is ordered too: its condition is looked
        // at where its player puts it.)
        for f in fired.iter() {
            if f.controller == p && !cards.contains(&f.card) {
                cards.push(f.card);
            }
        }
        if self.offered(&Decision::Order { player: p, cards: &cards, all: false }).is_none() {
            return Ok(());
        }
        let Some(i) = self.take_line() else { return Ok(()) };
        let Some(Action::Order(_, named)) = self.action_of(i) else { return Ok(()) };
        let same = named.len() == cards.len() && cards.iter().all(|c| named.contains(c));
        if !same {
            return Err(Stop::refuse(Refusal::OrderOwn { player: p, cards: cards.clone() }).at_line(i));
        }
        // Stable: two abilities of one card keep their order; the other player's stay put.
        let start = fired.iter().position(|f| f.controller == p).unwrap_or(0);
        let len = fired[start..].iter().take_while(|f| f.controller == p).count();
        fired[start..start + len].sort_by_key(|f| named.iter().position(|n| *n == f.card));
        let labels = named.iter().map(|&c| self.label(c)).collect();
        self.emit(EventKind::Orders { player: self.pname(p), cards: labels }, Some(ORDER));
        Ok(())
    }
}

/// An ability that has triggered (or a scheduled effect that is due), waiting to be dealt with.
#[derive(Clone, Debug)]
pub(super) struct Fired {
    /// The card whose ability it is.
    card: CardId,
    /// Which of the card's abilities: a triggered one, or a spell's delayed part.
    source: Source,
    /// How the trace shows it.
    text: String,
    /// Who controls it: the controller of its card when it triggered (002 L946-949).
    controller: PlayerId,
    /// What its event named.
    event: EventContext,
    /// A beginning or end of phase effect (ordered by the active player under 4e).
    phase_effect: bool,
    /// An end-of-turn effect whose condition did not hold as the group began, looked at again
    /// when its controller deals with it (it is played only if it holds then).
    held: bool,
}

/// The scheduled part of an effect (itself, or the part of a sequence).
fn scheduled_part(e: &crate::grammar::ability::Effect) -> Option<&crate::grammar::ability::Effect> {
    use crate::grammar::ability::Effect;
    match e {
        Effect::Scheduled(..) => Some(e),
        Effect::Then(a, b) => scheduled_part(a).or_else(|| scheduled_part(b)),
        _ => None,
    }
}

impl Fired {
    fn new(
        card: CardId,
        index: usize,
        text: String,
        controller: PlayerId,
        event: EventContext,
        phase_effect: bool,
    ) -> Self {
        let source = Source::Triggered(u8::try_from(index).unwrap_or(u8::MAX));
        Self { card, source, text, controller, event, phase_effect, held: false }
    }
}
