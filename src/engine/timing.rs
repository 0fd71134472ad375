//! Who acts when: the neutral state, interrupt windows, batches, passes (002, Spell and Ability
//! Timing: Life-Cycle, Step 2, Step 3, Batches, Batches of Interrupts, Who Announces First).

use super::refusal::{LANDS, Refusal};
use super::state::{CtxKind, PlayerId, Status, Window, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::trace::{EventKind, Rule};

const WHO_FIRST: Rule = Rule::g("Spell and Ability Timing, Who Announces First");
const STEP3: Rule = Rule::g("Spell and Ability Timing, Step 3: Waiting for Resolution");
const INTERRUPT_BATCH: Rule = Rule::g("Spell and Ability Timing, Batches of Interrupts");
const BATCHES: Rule = Rule::g("Spell and Ability Timing, Batches of Spells and Abilities");

impl Engine<'_> {
    /// A line from `p`: whoever holds priority before `p` has passed (contract, Consumption 2).
    pub(super) fn yield_to(&mut self, p: PlayerId) -> Result<(), Stop> {
        // Two implied passes at most can stand between `p` and acting.
        for _ in 0..4 {
            if self.game.top().holder == p {
                return Ok(());
            }
            let h = self.game.top().holder;
            self.pass(h, true)?;
        }
        Ok(())
    }

    /// `p` passes; a second pass in a row closes the innermost window, resolves the batch, or
    /// ends the phase.
    pub(super) fn pass(&mut self, p: PlayerId, implied: bool) -> Result<(), Stop> {
        if self.game.ctx.len() == 1 && self.game.top().is_neutral() && !self.pol.has_priority(self.game.phase) {
            return Err(Stop::refuse(Refusal::NoPriority { phase: self.game.phase }));
        }
        self.emit(EventKind::Passes { player: self.pname(p), implied }, Some(WHO_FIRST));
        let top = self.game.top_mut();
        top.passes += 1;
        top.holder = p.other();
        if top.passes >= 2 {
            self.both_passed()?;
        }
        Ok(())
    }

    /// Both players passed in a row at the current moment.
    fn both_passed(&mut self) -> Result<(), Stop> {
        let top = self.game.top();
        if !top.windows.is_empty() {
            self.close_window()
        } else if !top.batch.is_empty() && self.on_the_stack() {
            self.resolve_top()
        } else if !top.batch.is_empty() {
            self.resolve_batch()
        } else if top.kind == CtxKind::Phase && self.game.ctx.len() == 1 && self.game.combat().is_some() {
            // Nobody acts at this moment of the attack: it goes on to its next step.
            self.combat_passed()
        } else if top.kind == CtxKind::Phase && self.game.ctx.len() == 1 {
            // 002 Who Announces First: neither player starts a batch, so the phase ends.
            self.next_phase()
        } else {
            Ok(())
        }
    }

    /// Resolves everything open at the innermost moment: windows close, the batch resolves.
    pub(super) fn settle_top(&mut self) -> Result<(), Stop> {
        while !self.game.top().is_neutral() {
            if self.on_the_stack() {
                self.resolve_top()?;
            } else if self.game.top().windows.is_empty() {
                self.resolve_batch()?;
            } else {
                self.close_window()?;
            }
        }
        Ok(())
    }

    /// A line of another kind than an interrupt closes every open window (Consumption 1).
    pub(super) fn close_all_windows(&mut self) -> Result<(), Stop> {
        while let Some(w) = self.game.top().windows.last() {
            if w.interrupts.is_empty() {
                let spell = self.slabel(w.spell);
                self.emit(
                    EventKind::WindowCloses { spell, why: "the line being taken is not an interrupt".into() },
                    Some(Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability")),
                );
            }
            self.close_window()?;
        }
        Ok(())
    }

    /// Closes the innermost window: its interrupts resolve, last in first out; then, if its spell
    /// was not countered and no interrupts were waiting, the spell is successfully cast.
    pub(super) fn close_window(&mut self) -> Result<(), Stop> {
        let Some(w) = self.game.top().windows.last().cloned() else {
            return Ok(());
        };
        if !w.interrupts.is_empty() {
            if self.record {
                let order: Vec<String> = w.interrupts.iter().rev().map(|&s| self.slabel(s)).collect();
                self.emit(EventKind::InterruptsResolve { spell: self.slabel(w.spell), order }, Some(INTERRUPT_BATCH));
            }
            if let Some(win) = self.game.top_mut().windows.last_mut() {
                win.interrupts.clear();
            }
            self.depth += 1;
            for &s in w.interrupts.iter().rev() {
                self.resolve_spell(s)?;
            }
            self.depth -= 1;
            if self.game.spell(w.spell).status == Status::Countered {
                // 002 Who Announces First: a counter returns play to the state before the spell.
                self.game.top_mut().windows.pop();
                self.restore_priority(w.saved);
            } else {
                // Another batch of interrupts may follow (002 Step 2); the caster acts first.
                self.window_to_caster(w.spell, INTERRUPT_BATCH);
            }
            return Ok(());
        }
        // 002 Step 3: successfully cast, into the batch (or the enclosing interrupt batch).
        self.game.top_mut().windows.pop();
        self.game.spell_mut(w.spell).status = Status::Waiting;
        let at_once = match self.pol.interrupt_resolution {
            crate::edition::InterruptResolution::Batch => false,
            crate::edition::InterruptResolution::AtOnce => {
                self.game.top().windows.last().is_some() || self.is_interrupt_spell(w.spell)
            }
        };
        if at_once {
            if let Some(first) = self.earlier_interrupt(w.spell) {
                return self.wait_for(w.spell, w.waiting, first, true);
            }
            return self.interrupt_at_once(w.spell, w.waiting);
        }
        let first = if let Some(parent) = self.game.top_mut().windows.last_mut() {
            parent.interrupts.push(w.spell);
            let parent_spell = parent.spell;
            self.game.spell(parent_spell).controller
        } else {
            self.game.top_mut().batch.push(w.spell);
            self.game.active
        };
        let top = self.game.top_mut();
        top.holder = first;
        top.passes = 0;
        let all = match self.game.top().windows.last() {
            Some(parent) => &parent.interrupts,
            None => &self.game.top().batch,
        };
        // Only the newest entries are named: a line per spell stays short however long the batch.
        let earlier = all.len().saturating_sub(crate::trace::BATCH_SHOWN);
        let shown: Vec<_> = all[earlier..].to_vec();
        let batch = shown.iter().map(|&s| self.slabel(s)).collect();
        let against = self.game.top().windows.last().map(|p| self.slabel(p.spell));
        let rule = if against.is_none() { STEP3 } else { INTERRUPT_BATCH };
        self.emit(
            EventKind::EntersBatch {
                spell: self.slabel(w.spell),
                ability: self.is_ability(w.spell),
                against,
                batch,
                earlier,
                first: self.pname(first),
            },
            Some(rule),
        );
        // Triggers on a successful cast are dealt with right after it (002 L964-969).
        if matches!(self.game.spell(w.spell).source, super::state::Source::Spell(_)) {
            self.game.happened.push(super::state::Happening::Cast(w.spell));
        }
        self.run_triggers()
    }

    /// A spell countered by a triggered ability while it is being cast leaves its window, and
    /// play returns to the state before it (002 Who Announces First).
    pub(super) fn drop_countered_window(&mut self) {
        let Some(w) = self.game.top().windows.last().cloned() else { return };
        if self.game.spell(w.spell).status == Status::Countered {
            self.game.top_mut().windows.pop();
            self.restore_priority(w.saved);
        }
    }

    /// A counter returns play to the state before the countered spell (002 Who Announces First;
    /// under Alpha without the passes made then, 003 p.30).
    fn restore_priority(&mut self, (holder, passes): (PlayerId, u8)) {
        let passes = if self.pol.passes_survive_counter { passes } else { 0 };
        let top = self.game.top_mut();
        top.holder = holder;
        top.passes = passes;
        self.emit(EventKind::PriorityRestored { first: self.pname(holder), passed: passes > 0 }, Some(WHO_FIRST));
    }

    /// The spell being cast is open to interrupts (again, after some resolved), its caster first.
    fn window_to_caster(&mut self, spell: super::state::SpellId, rule: Rule) {
        let caster = self.game.spell(spell).controller;
        let top = self.game.top_mut();
        top.holder = caster;
        top.passes = 0;
        self.emit(
            EventKind::WindowOpens {
                spell: self.slabel(spell),
                ability: self.is_ability(spell),
                first: self.pname(caster),
            },
            Some(rule),
        );
    }

    /// Whether a spell record is a card cast as an interrupt under the rules played.
    fn is_interrupt_spell(&self, s: super::state::SpellId) -> bool {
        let sp = self.game.spell(s);
        matches!(sp.source, super::state::Source::Spell(_)) && self.kind_under_rules(sp.card) == CardKind::Interrupt
    }

    /// The order in which interrupts against one spell take effect: the caster's first where the
    /// edition says so (003 p.30-31), then in the order announced (002 Changes: Interrupts,
    /// "first-in-first-out"; spell ids follow announcement order).
    fn interrupt_key(&self, s: super::state::SpellId, target: super::state::SpellId) -> (bool, u16) {
        let not_caster = self.game.spell(s).controller != self.game.spell(target).controller;
        (self.pol.caster_interrupts_first && not_caster, s.0)
    }

    /// The spell `s` interrupts: its first target that is a spell.
    fn interrupted_spell(&self, s: super::state::SpellId) -> Option<super::state::SpellId> {
        self.game.spell(s).targets.iter().find_map(|t| match t {
            super::state::Target::Spell(x) => Some(*x),
            _ => None,
        })
    }

    /// Under interrupts that take effect at once: the window (index) of an interrupt against the
    /// same spell as `s`, still being cast, that must take effect before `s` (the first of them).
    /// Nested windows close innermost first, so without this a later interrupt would overtake an
    /// earlier one against the same spell (002 Changes: Interrupts, "first-in-first-out").
    fn earlier_interrupt(&self, s: super::state::SpellId) -> Option<usize> {
        let target = self.interrupted_spell(s)?;
        let key = self.interrupt_key(s, target);
        self.game
            .top()
            .windows
            .iter()
            .enumerate()
            .filter(|(_, w)| w.spell != s && self.interrupted_spell(w.spell) == Some(target))
            .map(|(i, w)| (self.interrupt_key(w.spell, target), i))
            .filter(|(k, _)| *k < key)
            .min()
            .map(|(_, i)| i)
    }

    /// `s` (and what waited for it) waits in window `at` until that window's spell has taken
    /// effect; the innermost window still open is then open to interrupts again.
    fn wait_for(
        &mut self,
        s: super::state::SpellId,
        mut also: Vec<super::state::SpellId>,
        at: usize,
        reopen: bool,
    ) -> Result<(), Stop> {
        let Some(target) = self.interrupted_spell(s) else {
            return Ok(());
        };
        let Some(first) = self.game.top().windows.get(at).map(|w| w.spell) else {
            return Ok(());
        };
        let rule = if self.pol.caster_interrupts_first {
            Rule::a(
                "p.30-31: the caster's interrupts to a spell come first, whichever was announced first; the others take effect in the order announced",
            )
        } else {
            Rule::g("Changes from Fourth Edition: Interrupts (they resolved first-in-first-out)")
        };
        self.emit(
            EventKind::InterruptWaits { spell: self.slabel(s), first: self.slabel(first), target: self.slabel(target) },
            Some(rule),
        );
        also.push(s);
        let mut waiting = std::mem::take(&mut self.game.top_mut().windows[at].waiting);
        waiting.extend(also);
        waiting.sort_by_key(|&x| self.interrupt_key(x, target));
        self.game.top_mut().windows[at].waiting = waiting;
        if reopen && let Some(w) = self.game.top().windows.last() {
            self.window_to_caster(w.spell, Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability"));
        }
        Ok(())
    }

    /// Interrupts that waited for `after` take effect now, in order, unless another interrupt
    /// against their spell, still being cast, must still come before them.
    fn release_waiting(
        &mut self,
        waiting: Vec<super::state::SpellId>,
        after: super::state::SpellId,
    ) -> Result<(), Stop> {
        for s in waiting {
            if let Some(at) = self.earlier_interrupt(s) {
                self.wait_for(s, Vec::new(), at, false)?;
                continue;
            }
            self.emit(
                EventKind::WaitedResolves { spell: self.slabel(s), after: self.slabel(after) },
                Some(Rule::f4("Timing: interrupts resolve as soon as they are successfully cast")),
            );
            self.depth += 1;
            let r = self.resolve_spell(s);
            self.depth -= 1;
            r?;
        }
        Ok(())
    }

    /// Fourth Edition: an interrupt resolves as soon as it is successfully cast; the spell it
    /// interrupted is then open to interrupts again, its caster first, unless it was countered
    /// (4th Ed. FAQ, Timing; 004 Resolving Fast Effects). Interrupts that waited for it follow.
    fn interrupt_at_once(&mut self, s: super::state::SpellId, waiting: Vec<super::state::SpellId>) -> Result<(), Stop> {
        self.emit(
            EventKind::ResolvesAtOnce { spell: self.slabel(s) },
            Some(Rule::f4("Timing: interrupts resolve as soon as they are successfully cast")),
        );
        self.depth += 1;
        let r = self.resolve_spell(s);
        self.depth -= 1;
        r?;
        self.release_waiting(waiting, s)?;
        // Spells it countered leave their windows; the innermost survivor is open again.
        let mut restored = None;
        while let Some(w) = self.game.top().windows.last().cloned() {
            if self.game.spell(w.spell).status == Status::Countered {
                self.game.top_mut().windows.pop();
                restored = Some(w.saved);
                // What waited for a countered interrupt takes effect in its place.
                self.release_waiting(w.waiting, w.spell)?;
                continue;
            }
            self.window_to_caster(w.spell, Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability"));
            return Ok(());
        }
        // Nothing is being cast any more: play returns to where it was before the countered spell.
        if let Some(saved) = restored {
            self.restore_priority(saved);
        }
        Ok(())
    }

    /// Resolves the innermost batch, last in first out; nothing may be added meanwhile (002
    /// Step 4), but damage prevention and specialized abilities may be used.
    pub(super) fn resolve_batch(&mut self) -> Result<(), Stop> {
        let batch = std::mem::take(&mut self.game.top_mut().batch);
        // Nobody holds priority while a batch resolves: earlier passes no longer count.
        let active = self.game.active;
        let top = self.game.top_mut();
        top.holder = active;
        top.passes = 0;
        let order: Vec<super::state::SpellId> = match self.pol.batch_order {
            crate::edition::BatchOrder::LaterCasterChooses => {
                let order = self.alpha_order(&batch)?;
                let names = order.iter().map(|&s| self.slabel(s)).collect();
                self.emit(
                    EventKind::BatchTakesEffect { order: names },
                    Some(Rule::a("p.30 Timing: all spells take effect simultaneously")),
                );
                order
            }
            crate::edition::BatchOrder::LastInFirstOut => {
                let order: Vec<_> = batch.iter().rev().copied().collect();
                if self.record {
                    let names = order.iter().map(|&s| self.slabel(s)).collect();
                    self.emit(EventKind::BatchResolves { order: names }, Some(BATCHES));
                }
                order
            }
        };
        self.depth += 1;
        self.resolving += 1;
        let r = order.iter().try_for_each(|&s| self.resolve_spell(s));
        self.resolving -= 1;
        r?;
        self.end_of_batch_step(
            "the batch is over",
            Rule::g("Changes from Fourth Edition: Damage Prevention (saved until the end of the batch)"),
        )?;
        self.depth -= 1;
        let active = self.game.active;
        let top = self.game.top_mut();
        top.holder = active;
        top.passes = 0;
        Ok(())
    }

    /// Fourth Edition: the damage a batch (or a group of triggered effects) dealt, and the
    /// creatures it left at lethal damage, wait for one damage prevention step at its end.
    pub(super) fn end_of_batch_step(&mut self, what: &str, rule: Rule) -> Result<(), Stop> {
        let in_step = self.game.ctx.iter().any(|c| c.kind == super::state::CtxKind::Prevention);
        if self.pol.prevention != crate::edition::PreventionTiming::EndOfBatch
            || self.resolving > 0
            || in_step
            || (self.game.packets.is_empty()
                && self.game.on_its_way.is_empty()
                && (!self.destruction_stepped() || self.dying_now().is_empty()))
        {
            return Ok(());
        }
        let goes = if !self.game.packets.is_empty() {
            "the damage dealt goes to one damage prevention step"
        } else if !self.game.on_its_way.is_empty() {
            "what was destroyed or buried goes to one damage prevention step"
        } else {
            "the creatures left at lethal damage go to one damage prevention step"
        };
        self.emit(EventKind::PlayOut { what: format!("{what}: {goes}") }, Some(rule));
        self.prevention_step()?;
        // Triggers from the deaths it caused follow it (002 Triggered Abilities).
        self.run_triggers()
    }

    /// Pushes a spell just announced into a new window where its caster acts first.
    pub(super) fn open_window(&mut self, spell: super::state::SpellId) {
        let top = self.game.top_mut();
        let saved = (top.holder, top.passes);
        top.windows.push(Window { spell, interrupts: Vec::new(), saved, waiting: Vec::new() });
        self.window_to_caster(spell, Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability"));
    }

    /// `P plays LAND`: a special action in the main phase's neutral state (002 Spell and Ability
    /// Timing, Kinds and Speeds; Who Announces First).
    pub(super) fn play_land(&mut self, p: PlayerId, c: super::state::CardId) -> Result<(), Stop> {
        if !self.game.top().is_neutral() || self.game.ctx.len() > 1 {
            return Err(Stop::refuse(Refusal::LandAsResponse));
        }
        // A step-bound line moves play forward to its phase, both players passing (contract,
        // Consumption 3): an attack in progress is fought to its end first.
        if self.game.combat().is_some() && p == self.game.active {
            self.emit(
                EventKind::PlayOut {
                    what: "a land is played in the main phase's neutral state: the attack is fought to its end first"
                        .into(),
                },
                None,
            );
            self.fight_out()?;
        }
        let main = self.pol.main_phase();
        if p == self.game.active && self.game.phase < main {
            self.emit(
                EventKind::PlayOut {
                    what: "a land is played in the main phase: both players pass until it begins".into(),
                },
                None,
            );
            self.advance(super::action::Goal::Phase(main), Some(()))?;
        }
        self.yield_to(p)?;
        let phase = self.pol.phases[self.game.phase];
        // m13: either main phase (001 L526).
        if p != self.game.active || (phase != "main" && phase != "main 2") {
            let (active, phase) = (self.game.active, self.game.phase);
            return Err(Stop::refuse(Refusal::LandOutsideOwnMain { player: p, active, phase }));
        }
        let card = self.game.card(c);
        if card.zone != Zone::Hand || card.owner != p {
            return Err(Stop::refuse(Refusal::LandNotInHand { card: c, player: p }));
        }
        if self.kind(c) != CardKind::Land {
            return Err(Stop::refuse(Refusal::NotALand { card: c }));
        }
        if self.game.player(p).land_played {
            return Err(Stop::refuse(Refusal::SecondLand { player: p }));
        }
        self.game.set_land_played(p, true);
        self.game.move_card(c, Zone::Play);
        self.game.set_controller(c, p);
        // Should it become a creature this turn, it has not been under its controller's
        // control since the turn began (002 L1303-1307, L3570-3574: an animated land).
        self.game.set_sick(c, true);
        self.emit(EventKind::LandPlayed { player: self.pname(p), card: self.label(c) }, Some(LANDS));
        self.enters_tapped(c);
        self.bury_duplicate_legend(c)?;
        // Play returns to the neutral state, the active player first.
        let top = self.game.top_mut();
        top.holder = p;
        top.passes = 0;
        // A land's "comes into play" abilities, and any that its entering triggers.
        self.run_triggers()
    }
}
