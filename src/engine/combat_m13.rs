//! Combat as a phase of its own (`rules: m13`): the beginning of combat, declare attackers,
//! declare blockers, first strike damage (only when needed), combat damage and end of combat
//! steps, with priority in each; the attack cannot be cancelled once combat has begun; blockers
//! in a damage assignment order; trample; the second main phase after combat.
//!
//! Source: 001, the M13 basic rulebook: Combat Phase (L500-522), Attacking and Blocking
//! (L364-382), First Strike (L944-946), Trample (L1335-1337), Parts of the Turn (L1355-1365).

use super::action::TargetRef;
use super::division::Assignment;
use super::refusal::Refusal;
use super::state::{AttackStep, CardId, Combat, Ctx, CtxKind, PlayerId};
use super::{Engine, Stop};
use crate::edition::CombatPlace;
use crate::grammar::ability::Keyword;
use crate::trace::{EventKind, Rule};

pub(super) const BEGIN: Rule =
    Rule::m("Beginning of Combat Step (L502-504): the defender's last chance to act before attackers are declared");
pub(super) const ORDER: Rule =
    Rule::m("Declare Blockers Step (L514); Attacking and Blocking (L370): the attacking player orders the blockers");
pub(super) const ASSIGN: Rule = Rule::m(
    "Combat Damage Step (L518): lethal damage to the first blocker in line before any to the next; Trample (L1337)",
);
const LEAVE: Rule = Rule::m("End of Combat Step (L520-522); Second Main Phase (L524-526)");

impl Engine<'_> {
    /// Whether combat is a phase of its own (m13).
    pub(super) fn combat_phase(&self) -> bool {
        self.pol.combat == CombatPlace::OwnPhase
    }

    /// 001's name for a moment of the attack, or none for a moment that is only the priority
    /// inside a step (after the declarations) or has no m13 counterpart.
    pub(super) const fn m13_step(step: AttackStep) -> Option<&'static str> {
        match step {
            AttackStep::DeclareAttack => Some("beginning of combat"),
            AttackStep::DeclareAttackers => Some("declare attackers"),
            AttackStep::DeclareBlockers => Some("declare blockers"),
            AttackStep::FirstStrikeDamage => Some("first strike damage"),
            AttackStep::Damage => Some("combat damage"),
            AttackStep::EndOfCombat => Some("end of combat"),
            AttackStep::BeginningOfAttack | AttackStep::BeforeBlocks | AttackStep::AfterBlocks => None,
        }
    }

    /// m13: `P declares an attack` (or the first `attacks with`): both players pass in the first
    /// main phase with the stack empty, which ends it, and the combat phase begins with its
    /// beginning of combat step, where both players get priority; nothing done there cancels
    /// the attack (001 L478, L502-504).
    pub(super) fn begin_combat(&mut self, p: PlayerId) -> Result<(), Stop> {
        self.yield_to(p)?;
        if self.game.combat().is_some() {
            return Ok(());
        }
        self.emit(
            EventKind::PlayOut {
                what: format!(
                    "{} moves to combat: both players pass in a row with the stack empty, so the first main phase ends",
                    self.pname(p)
                ),
            },
            Some(Rule::m("Parts of the Turn (L478); Priority (L1186)")),
        );
        self.emit(EventKind::StepEnds { phase: "first main phase".into() }, Some(Rule::m("Parts of the Turn (L478)")));
        self.depth += 1;
        self.empty_pools()?;
        self.depth -= 1;
        *self.game.combat_mut() = Some(Combat::new(AttackStep::DeclareAttack));
        self.emit(EventKind::StepBegins { step: "beginning of combat".into() }, Some(BEGIN));
        let active = self.game.active;
        self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
        Ok(())
    }

    /// m13: the combat phase ends after the end of combat step, and the second main phase
    /// begins (001 L520-526).
    pub(super) fn leave_combat(&mut self) -> Result<(), Stop> {
        self.settle_before_step_ends()?;
        self.depth = 0;
        self.emit(EventKind::StepEnds { phase: "end of combat step".into() }, Some(LEAVE));
        self.depth = 1;
        self.empty_pools()?;
        *self.game.combat_mut() = None;
        self.depth = 0;
        let Some(main2) = self.pol.phases.iter().position(|&x| x == "main 2") else {
            return Ok(());
        };
        self.game.phase = main2;
        self.begin_phase()
    }

    /// m13: a step ends only when both players pass with the stack empty (001 L478): what is
    /// still on it resolves first, nobody acting.
    pub(super) fn settle_before_step_ends(&mut self) -> Result<(), Stop> {
        if self.game.top().is_neutral() || self.game.ctx.len() > 1 {
            return Ok(());
        }
        self.emit(
            EventKind::PlayOut {
                what: "the step cannot end with objects on the stack: they resolve with nobody acting".into(),
            },
            Some(Rule::m("Parts of the Turn (L478)")),
        );
        self.settle_top()
    }

    /// Ends the attack in progress: the steps left are played with nobody acting, and under
    /// m13 the combat phase is left for the second main phase.
    pub(super) fn fight_out(&mut self) -> Result<(), Stop> {
        self.advance_combat(AttackStep::EndOfCombat)?;
        if self.combat_phase() && self.game.combat().is_some() {
            self.leave_combat()?;
        }
        Ok(())
    }

    /// m13: whether a creature in the combat has first strike, so that the first strike damage
    /// step happens (001 L944-946: only then).
    pub(super) fn first_strike_needed(&self) -> bool {
        let Some(cb) = self.combat() else { return false };
        cb.attackers
            .iter()
            .chain(cb.blocks.iter().flat_map(|(_, bs)| bs.iter()))
            .any(|&c| cb.in_combat(c) && self.has_keyword(c, &Keyword::FirstStrike))
    }

    /// m13: both players passed in a row at a moment of the combat: the next step begins (or,
    /// after the end of combat step, the second main phase).
    pub(super) fn combat_passed_m13(&mut self, step: AttackStep) -> Result<(), Stop> {
        let next = match step {
            AttackStep::DeclareAttack | AttackStep::BeginningOfAttack => AttackStep::DeclareAttackers,
            AttackStep::DeclareAttackers => AttackStep::BeforeBlocks,
            AttackStep::BeforeBlocks | AttackStep::DeclareBlockers => AttackStep::AfterBlocks,
            AttackStep::AfterBlocks if self.first_strike_needed() => AttackStep::FirstStrikeDamage,
            AttackStep::AfterBlocks | AttackStep::FirstStrikeDamage => AttackStep::Damage,
            AttackStep::Damage => AttackStep::EndOfCombat,
            AttackStep::EndOfCombat => return self.leave_combat(),
        };
        self.advance_combat(next)
    }

    /// m13: `P orders B1, B2` after the blocks sets the damage assignment order of the attacker
    /// they all block (001 L370, L514). Every blocker of that attacker is named once.
    pub(super) fn order_blockers(&mut self, p: PlayerId, named: &[CardId]) -> Result<(), Stop> {
        let refuse = |reason: String| Stop::refuse(Refusal::CombatM13 { reason, rule: ORDER });
        if p != self.game.active {
            return Err(refuse(format!(
                "{} is not the attacking player: the attacking player orders the blockers",
                self.pname(p)
            )));
        }
        let Some(cb) = self.combat().cloned() else {
            return Err(refuse("no attack is in progress".into()));
        };
        let Some(&first) = named.first() else {
            return Err(refuse("no blocker is named".into()));
        };
        let Some(attacker) = cb.blocked_by(first) else {
            return Err(refuse(format!("{} is not blocking", self.label(first))));
        };
        let blockers = cb.blockers_of(attacker).to_vec();
        let mut sorted = named.to_vec();
        sorted.sort();
        sorted.dedup();
        let mut all = blockers.clone();
        all.sort();
        if sorted.len() != named.len() || sorted != all {
            return Err(refuse(format!(
                "the order must name each creature blocking {} once: {}",
                self.label(attacker),
                self.labels(&blockers)
            )));
        }
        if let Some(cb) = self.combat_mut()
            && let Some((_, bs)) = cb.blocks.iter_mut().find(|(a, _)| *a == attacker)
        {
            bs.clone_from(&named.to_vec());
        }
        self.emit(
            EventKind::PlayOut {
                what: format!(
                    "{} orders {}'s blockers for damage: {}",
                    self.pname(p),
                    self.label(attacker),
                    named.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(", then ")
                ),
            },
            Some(ORDER),
        );
        Ok(())
    }

    /// m13: the lethal damage a blocker still needs: its toughness less the damage already
    /// marked on it (001 L518: "enough damage ... to destroy it").
    fn lethal_left(&self, b: CardId) -> u32 {
        let t = u32::try_from(self.pt(b).1.max(0)).unwrap_or(0);
        t.saturating_sub(self.game.card(b).damage)
    }

    /// m13: an attacker's combat damage among its blockers in their damage assignment order,
    /// with the share a trampler assigns to the defending player. Without `assigns` lines:
    /// lethal damage to each in order and the rest to the last one, or to the player with
    /// trample. Lines are checked: lethal damage to each blocker before any to the next, and to
    /// every blocker before any to the player (001 L518; Trample, L1337).
    pub(super) fn ordered_division(
        &self,
        a: CardId,
        power: u32,
        live: &[CardId],
        assigns: &[Assignment],
        trample: bool,
    ) -> Result<(Vec<(CardId, u32)>, u32), Stop> {
        let mine: Vec<&Assignment> = assigns.iter().filter(|x| x.3 == a).collect();
        let defender = self.game.card(a).controller.other();
        if mine.is_empty() {
            let mut left = power;
            let mut out = Vec::new();
            for (k, &b) in live.iter().enumerate() {
                let n = if k + 1 == live.len() && !trample { left } else { self.lethal_left(b).min(left) };
                left -= n;
                out.push((b, n));
            }
            return Ok((out, left));
        }
        let mut out: Vec<(CardId, u32)> = live.iter().map(|&b| (b, 0)).collect();
        let mut to_player = 0u32;
        for &&(i, _, n, _, to) in &mine {
            match to {
                TargetRef::Card(b) if live.contains(&b) => {
                    if let Some(slot) = out.iter_mut().find(|(x, _)| *x == b) {
                        slot.1 = slot.1.saturating_add(n);
                    }
                }
                TargetRef::Player(pl) if trample && pl == defender => to_player = to_player.saturating_add(n),
                _ => return Err(Stop::refuse(Refusal::AssignOutside { source: a, band: false }).at_line(i)),
            }
        }
        let last = mine.last().map_or(0, |x| x.0);
        let total = out.iter().fold(to_player, |s, (_, n)| s.saturating_add(*n));
        if total != power {
            return Err(Stop::refuse(Refusal::DivisionTotal { source: a, power, total, band: false }).at_line(last));
        }
        for k in 0..out.len() {
            let later: u32 = out[k + 1..].iter().map(|(_, n)| *n).sum::<u32>().saturating_add(to_player);
            let (b, n) = out[k];
            let lethal = self.lethal_left(b);
            if later > 0 && n < lethal {
                let next = out[k + 1..]
                    .iter()
                    .find(|(_, n)| *n > 0)
                    .map_or_else(|| "the defending player".to_owned(), |&(x, _)| self.label(x));
                let reason = format!(
                    "{} must assign lethal damage ({lethal}) to {} before any to {next}: the damage assignment order is {}",
                    self.label(a),
                    self.label(b),
                    live.iter().map(|&x| self.label(x)).collect::<Vec<_>>().join(", then ")
                );
                return Err(Stop::refuse(Refusal::CombatM13 { reason, rule: ASSIGN }).at_line(last));
            }
        }
        Ok((out, to_player))
    }
}
