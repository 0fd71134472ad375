//! Damage packets, the damage prevention step, destruction, regeneration and burial
//! (002 Spell and Ability Timing: Damage Prevention; glossary: Damage, Regeneration, Bury).

use super::action::{Action, TargetRef};
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, Ctx, CtxKind, PlayerId, Source, Target, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Effect, Keyword};
use crate::grammar::mana::Color;
use crate::trace::{EventKind, Rule};

const DP: Rule = Rule::g("Spell and Ability Timing, Damage Prevention");
/// How many damage prevention steps may follow one another before a loop is stopped.
const STEPS_LIMIT: usize = 64;

impl Engine<'_> {
    /// The damage now waiting, as events abilities may trigger on (Justice: 002 L1110-1114).
    pub(super) fn damage_assigned(&self) -> Vec<super::state::Happening> {
        self.game
            .packets
            .iter()
            .filter(|p| p.amount > 0)
            .map(|p| super::state::Happening::DamageAssigned { source: p.source, to: p.to, amount: p.amount })
            .collect()
    }

    /// Whether there is damage to `t` (from one of `sources`, if any are named) to prevent.
    pub(super) fn has_packet(&self, t: Target, sources: &[CardId]) -> bool {
        self.game
            .packets
            .iter()
            .any(|p| p.to == t && p.amount > 0 && (sources.is_empty() || sources.contains(&p.source)))
    }

    /// Sources of a colour with damage waiting for player `p` (only those `chosen`, if any).
    pub(super) fn sources_of_color(&self, p: PlayerId, col: Color, chosen: &[CardId]) -> Vec<CardId> {
        if self.pol.prevention == crate::edition::PreventionTiming::NoStep {
            // Alpha: the source is chosen before it deals damage, among the cards of that
            // colour in play or being cast (003 p.20, p.37).
            return (0..self.game.cards().len())
                .map(|i| CardId(u16::try_from(i).unwrap_or(0)))
                .filter(|&c| self.game.card(c).zone == Zone::Play || self.live_spell_of(c).is_some())
                .filter(|&c| self.colors(c).contains(&col))
                .filter(|c| chosen.is_empty() || chosen.contains(c))
                .collect();
        }
        let mut out: Vec<CardId> = self
            .game
            .packets
            .iter()
            .filter(|k| k.to == Target::Player(p) && k.amount > 0 && k.colors.contains(&col))
            .filter(|k| chosen.is_empty() || chosen.contains(&k.source))
            .map(|k| k.source)
            .collect();
        out.dedup();
        out
    }

    /// The one source among `sources` (none if empty); several is a choice no line made.
    pub(super) fn one_source(&self, sources: &[CardId], what: &str) -> Result<Option<CardId>, Stop> {
        match sources {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            several => {
                let names: Vec<String> = several.iter().map(|&s| format!("`choosing {}`", self.label(s))).collect();
                Err(Stop::Choice { line: None, message: format!("{what}: add {}", names.join(" or ")) })
            }
        }
    }

    /// Prevents up to `n` damage to `t`. With sources named, the amount is divided among
    /// their packets in the order named, as much to each as it can take (002 Damage
    /// Prevention, 07/03/97: one or more packets); with none named there must be one packet.
    pub(super) fn prevent(&mut self, t: Target, n: u32, chosen: &[CardId], by: &str) -> Result<(), Stop> {
        let mut present: Vec<CardId> = Vec::new();
        for p in &self.game.packets {
            if p.to == t && p.amount > 0 && !present.contains(&p.source) {
                present.push(p.source);
            }
        }
        let order: Vec<CardId> = if chosen.is_empty() {
            let what = format!("{by} must choose which packet of damage to {} it prevents", self.tlabel(t));
            self.one_source(&present, &what)?.into_iter().collect()
        } else {
            chosen.iter().copied().filter(|s| present.contains(s)).collect()
        };
        let mut left = n;
        let picks = order.iter().flat_map(|&s| {
            self.game.packets.iter().enumerate().filter(move |(_, p)| p.to == t && p.source == s).map(|(i, _)| i)
        });
        for i in picks.collect::<Vec<usize>>() {
            let p = &self.game.packets[i];
            if left == 0 || p.amount == 0 {
                continue;
            }
            let k = left.min(p.amount);
            left -= k;
            let src = p.source;
            self.game.packets[i].amount -= k;
            let gone = self.game.packets[i].amount == 0;
            self.emit(
                EventKind::Prevented {
                    source: self.label(src),
                    to: self.tlabel(t),
                    amount: k,
                    by: by.to_owned(),
                    gone,
                },
                Some(if n == u32::MAX {
                    Rule::g("Damage Prevention (glossary): all damage of a type")
                } else {
                    Rule::g("Damage Prevention (glossary): a specific amount")
                }),
            );
        }
        // A packet with all its damage prevented ceases to exist.
        self.game.packets.retain(|p| p.amount > 0);
        Ok(())
    }

    /// Why an announcement cannot be played in the damage prevention step now open, if it cannot.
    fn prevention_problem(&self, an: &super::action::Announce) -> Option<String> {
        let Some(effect) = self.effect_of(an.card, an.source) else {
            return Some("it has no such effect".to_owned());
        };
        // Fourth Edition: any interrupt could be used during damage prevention.
        if self.pol.interrupts_in_prevention
            && matches!(an.source, Source::Spell(_))
            && self.kind_under_rules(an.card) == crate::cards::CardKind::Interrupt
        {
            return None;
        }
        match effect {
            Effect::PreventAllFrom(col) => self
                .sources_of_color(an.player, col, &an.packet_sources)
                .is_empty()
                .then(|| format!("there was no damage to {} from a {} source", self.pname(an.player), col.name())),
            Effect::Prevent(_, ref spec) => {
                let colors = self.colors(an.card);
                an.targets.iter().find_map(|t| {
                    let t = match *t {
                        TargetRef::Card(c) => Target::Card(c),
                        TargetRef::Player(p) => Target::Player(p),
                    };
                    if !self.has_packet(t, &an.packet_sources) && !self.pol.prevent_zero {
                        Some(format!("there was no damage to {} to prevent", self.tlabel(t)))
                    } else {
                        self.target_problem(spec, t, &colors)
                            .map(|p| format!("it could not target {}: {p}", self.tlabel(t)))
                    }
                })
            }
            Effect::Regenerate(_) if self.regeneration_in_prevention() => {
                self.regeneration_problem_4e(&Action::Announce(an.clone()))
            }
            e if self.speed(an.card, an.source, &e) == super::announce::Speed::Interrupt => {
                self.game.top().windows.is_empty().then(|| "nothing was being cast there to interrupt".to_owned())
            }
            _ if self.regeneration_in_prevention() => Some(
                "only spells and abilities that prevent or redirect damage, regenerate a creature on its way to the graveyard, or interrupt may be played there".to_owned(),
            ),
            _ => Some("only spells and abilities that prevent or redirect damage may be played there".to_owned()),
        }
    }

    /// Whether a line may be taken in the damage prevention step now open.
    pub(super) fn legal_in_prevention(&self, a: &Action) -> bool {
        match a {
            Action::Announce(an) => self.prevention_problem(an).is_none(),
            Action::Regenerate(..) if self.regeneration_in_prevention() => self.regeneration_problem_4e(a).is_none(),
            Action::Pass(_) | Action::Resolve | Action::ResolveTop => !self.game.top().is_neutral(),
            _ => false,
        }
    }

    /// A damage prevention step (002 Damage Prevention, Sub-Steps A to D), and the steps that
    /// follow it for damage it moved on or caused.
    pub(super) fn prevention_step(&mut self) -> Result<(), Stop> {
        if self.pol.prevention == crate::edition::PreventionTiming::NoStep {
            return self.deal_at_once();
        }
        // Damage that keeps causing damage (a side effect that triggers itself again) would
        // never end: it is stopped.
        for _ in 0..STEPS_LIMIT {
            if !self.one_prevention_step()? {
                return Ok(());
            }
        }
        Err(Stop::Unsupported {
            line: None,
            message: format!(
                "damage kept causing new damage prevention steps for {STEPS_LIMIT} steps: a loop that would not end, stopped here"
            ),
        })
    }

    /// One damage prevention step; true when damage it redirected or caused waits for another.
    fn one_prevention_step(&mut self) -> Result<bool, Stop> {
        self.game.dp_steps += 1;
        if self.record {
            let packets = self
                .game
                .packets
                .iter()
                .map(|p| format!("{} from {} to {}", p.amount, self.label(p.source), self.tlabel(p.to)))
                .collect();
            let on_its_way = if self.destruction_stepped() { self.on_its_way_list() } else { Vec::new() };
            self.emit(EventKind::PreventionStep { number: self.game.dp_steps, packets, on_its_way }, Some(DP));
        }
        self.depth += 1;
        self.protect_automatically();
        // Abilities that trigger on damage being assigned are dealt with here, like automatic
        // prevention (002 L1110-1114); the damage they deal joins this step (002 L1125-1129).
        let assigned = self.damage_assigned();
        // Then batches of prevention, the active player first.
        let active = self.game.active;
        self.game.ctx.push(Ctx::new(CtxKind::Prevention, active));
        let r = self.fire_for(&assigned).and_then(|()| self.prevention_batches());
        self.game.ctx.pop();
        r?;
        self.emit(
            EventKind::PreventionStepEnds { number: self.game.dp_steps },
            Some(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step B")),
        );
        // Sub-step B: automatic redirection (trample) moves damage on, for a second step.
        let moved = if self.pol.redirection_in_step { self.redirect_automatically() } else { Vec::new() };
        // Sub-step C: the damage is successfully dealt; players lose life.
        let mark = self.game.happened.len();
        self.deal_packets(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step C"));
        // Sub-step D: creatures with lethal damage go to the graveyard (they may regenerate).
        // Fourth Edition: what is still on its way goes there; regeneration was in the step.
        let r = if self.destruction_stepped() {
            self.end_of_step_4e()
        } else {
            // The side effects of the damage come first (Sub-Step C).
            self.damage_side_effects(mark)
                .and_then(|()| self.check_lethal(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step D")))
        };
        self.depth -= 1;
        r?;
        // Damage the side effects assigned follows, with any redirected damage, in a second
        // damage prevention step (002 Sub-Steps B and C).
        let mut next = std::mem::take(&mut self.game.packets);
        next.extend(moved);
        if next.is_empty() {
            return Ok(false);
        }
        self.game.packets = next;
        Ok(true)
    }

    /// Sub-step C: the side effects of the damage just dealt (Spirit Link, Hypnotic Specter)
    /// take effect before the dead go to the graveyard, the current player's first (002 L1165-1171,
    /// L1185-1187). `mark`: where the damage dealt begins among the recorded events. The other
    /// events recorded wait for their own moment; damage the side effects assign waits for a
    /// damage prevention step after this one.
    fn damage_side_effects(&mut self, mark: usize) -> Result<(), Stop> {
        let dealt = self.game.happened.split_off(mark.min(self.game.happened.len()));
        if dealt.is_empty() {
            return Ok(());
        }
        let in_play = self.game.zone(Zone::Play, None);
        let mut fired = Vec::new();
        self.event_triggers(&dealt, &in_play, &[], &mut fired);
        if fired.is_empty() {
            return Ok(());
        }
        self.emit(
            EventKind::PlayOut {
                what: "the side effects of the damage dealt take effect, before the dead go to the graveyard".into(),
            },
            Some(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step C: Side-Effects of Damage")),
        );
        let earlier = (std::mem::take(&mut self.game.happened), std::mem::take(&mut self.game.died));
        let active = self.game.active;
        self.game.ctx.push(Ctx::new(CtxKind::Prevention, active));
        let was = std::mem::replace(&mut self.side_effects, true);
        let r = self.fire(fired);
        self.side_effects = was;
        self.game.ctx.pop();
        let (mut happened, mut died) = earlier;
        happened.append(&mut self.game.happened);
        died.append(&mut self.game.died);
        self.game.happened = happened;
        self.game.died = died;
        r
    }

    /// Sub-step A's automatic prevention: protection from a colour stops damage of that colour.
    pub(super) fn protect_automatically(&mut self) {
        for i in 0..self.game.packets.len() {
            let p = self.game.packets[i].clone();
            if let Target::Card(c) = p.to
                && let Some(col) = p.colors.iter().find(|col| self.has_keyword(c, &Keyword::Protection(**col)))
            {
                let by = format!("protection from {}", col.name());
                self.game.packets[i].amount = 0;
                self.emit(
                    EventKind::Prevented {
                        source: self.label(p.source),
                        to: self.label(c),
                        amount: p.amount,
                        by,
                        // (A "packet" is 5e's word; with no prevention step none is held.)
                        gone: self.pol.prevention != crate::edition::PreventionTiming::NoStep,
                    },
                    Some(Rule::g("Protection from Color")),
                );
            }
        }
        self.game.packets.retain(|p| p.amount > 0);
    }

    /// The damage left is successfully dealt; players lose life.
    pub(super) fn deal_packets(&mut self, rule: Rule) {
        let packets = std::mem::take(&mut self.game.packets);
        for p in packets {
            match p.to {
                Target::Card(c) if self.is_creature_in_play(c) => {
                    // Rock Hydra: damage that removes counters instead is never dealt.
                    let amount = self.damage_to_counters(c, p.amount);
                    if amount == 0 {
                        continue;
                    }
                    let p = super::state::Packet { amount, ..p };
                    self.game.mark_damage(c, p.amount);
                    self.game.damaged.push((p.source, c));
                    self.game.happened.push(super::state::Happening::Damage {
                        source: p.source,
                        to: p.to,
                        amount: p.amount,
                    });
                    self.emit(
                        EventKind::DamageDealt { source: self.label(p.source), to: self.label(c), amount: p.amount },
                        Some(rule),
                    );
                }
                Target::Player(pl) => {
                    self.game.player_damage.push((pl, p.source, p.amount));
                    self.game.happened.push(super::state::Happening::Damage {
                        source: p.source,
                        to: p.to,
                        amount: p.amount,
                    });
                    self.emit(
                        EventKind::DamageDealt { source: self.label(p.source), to: self.pname(pl), amount: p.amount },
                        Some(rule),
                    );
                    self.change_life(pl, -i32::try_from(p.amount).unwrap_or(i32::MAX), Some(Rule::g("Damage")));
                }
                _ => {}
            }
        }
    }

    fn prevention_batches(&mut self) -> Result<(), Stop> {
        loop {
            // (A prevention written before an attack's damage waits for damage to its target.)
            if let Some(answer) = self.offered(&Decision::Prevent).filter(|a| !self.waits_for_its_damage(a.last)) {
                while self.driver.position() <= answer.last {
                    let Some(i) = self.driver.take() else { break };
                    self.take(i)?;
                }
            } else if self.offered(&Decision::LastMana).is_some() {
                // A mana source is legal wherever a player may act (contract, Consumption 4).
                if let Some(i) = self.driver.take() {
                    self.take_mana_line(i)?;
                }
            } else if !self.game.top().is_neutral() {
                self.settle_top()?;
            } else {
                self.note_declined();
                let n = self.game.dp_steps;
                self.note_passed_by_go_to(Self::legal_in_prevention, &format!("in its damage prevention step {n}"));
                return Ok(());
            }
        }
    }

    /// `go to STEP` passes the steps of the attack before STEP with nobody acting (contract,
    /// Consumption 4). When the line after it would have been legal at a moment of such a step
    /// (`legal`), a refusal of that line later says so and names the `go to` that reaches it.
    pub(super) fn note_passed_by_go_to(&mut self, legal: impl Fn(&Self, &Action) -> bool, moment: &str) {
        let Some(step) = self.combat().map(|c| c.step).filter(|_| self.quiet) else { return };
        self.quiet = false;
        let end = self.peek(legal);
        self.quiet = true;
        let Some(end) = end.filter(|&e| !self.driver.declined(e)) else { return };
        let go_to = self
            .driver
            .position()
            .checked_sub(1)
            .and_then(|g| self.driver.line(g))
            .filter(|l| matches!(l.action, Action::GoTo(_)))
            .map_or_else(|| "`go to`".to_owned(), |l| format!("line {} (`{}`)", l.number, l.text));
        self.driver.decline(
            end,
            format!(
                "{go_to} passed through the {} step with nobody acting, and this line would have been legal there, {moment}: write `go to {}` instead to take it there (GRS 07/15/97, Attack Phase, Step 5+6: each damage step has its own damage prevention step)",
                step.name(),
                step.name()
            ),
        );
    }

    /// Whether line `end` is a prevention written before the damage of an attack that has no
    /// damage to prevent in this step: under rules that allow preventing none (4e, 002 Changes:
    /// Damage Prevention) it would be legal here, but it was written for damage still to come,
    /// so it waits for a step with damage to its target.
    fn waits_for_its_damage(&self, end: usize) -> bool {
        if self.waiting != Some(end) {
            return false;
        }
        let Some(Action::Announce(an)) = self.action_of(end) else { return false };
        let Some(Effect::Prevent(..)) = self.effect_of(an.card, an.source) else { return false };
        !an.targets.iter().any(|t| {
            let t = match *t {
                TargetRef::Card(c) => Target::Card(c),
                TargetRef::Player(p) => Target::Player(p),
            };
            self.has_packet(t, &an.packet_sources)
        })
    }

    /// Records why the next announcement was not taken in this damage prevention step.
    fn note_declined(&mut self) {
        let Some(end) = self.peek(|_, a| matches!(a, Action::Announce(_))) else { return };
        let Some(Action::Announce(an)) = self.action_of(end) else { return };
        let problem = if self.waits_for_its_damage(end) {
            Some("it was written before the damage and there was no damage to its target to prevent yet".to_owned())
        } else {
            self.prevention_problem(&an)
        };
        let Some(problem) = problem else { return };
        if self.driver.declined(end) {
            return;
        }
        let n = self.game.dp_steps;
        let mut why = format!(
            "in damage prevention step {n} it was not taken: {problem} (GRS 07/15/97, Spell and Ability Timing, Damage Prevention)"
        );
        if self.resolving > 0 {
            why.push_str(
                "; nor could it be announced later while the batch was resolving: until the batch is empty only specialized abilities, and damage prevention in its step, may be used (GRS 07/15/97, Step 4: Resolution)",
            );
        }
        self.driver.decline(end, why);
    }
}
