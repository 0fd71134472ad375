//! Who divides combat damage and how: the attacker's controller among its blockers, the
//! defender when a blocker has banding, the attacking player for a blocker of a band, with
//! `assigns` lines or the contract's defaults (002 Attack Phase, Steps 5+6; Banding).

use super::action::{Action, TargetRef};
use super::refusal::{NoDivision, Refusal};
use super::script::Decision;
use super::state::{CardId, Combat, PlayerId};
use super::{Engine, Stop};
use crate::grammar::ability::Keyword;
use crate::trace::{EventKind, Rule};

/// An `assigns` line: its index, player, amount, source and recipient.
pub(super) type Assignment = (usize, PlayerId, u32, CardId, TargetRef);

impl Engine<'_> {
    /// The members still in combat of the attacking band `a` belongs to, when the band shares
    /// damage: one of them has banding when damage is assigned (002 Banding L1450-1453).
    pub(super) fn sharing_band(&self, cb: &Combat, a: CardId) -> Option<Vec<CardId>> {
        let members: Vec<CardId> = cb.band_of(a)?.iter().copied().filter(|&m| cb.in_combat(m)).collect();
        members.iter().any(|&m| self.has_keyword(m, &Keyword::Banding)).then_some(members)
    }

    /// A blocker's damage to a sharing band: as the attacking player's `assigns` lines say, or
    /// all to the member it was declared against (while in combat, else the first left).
    pub(super) fn band_division(
        &self,
        b: CardId,
        declared: CardId,
        power: u32,
        members: &[CardId],
        assigns: &[Assignment],
    ) -> Result<Vec<(CardId, u32)>, Stop> {
        let mine: Vec<&Assignment> = assigns.iter().filter(|x| x.3 == b).collect();
        if mine.is_empty() {
            let to = if members.contains(&declared) { declared } else { members[0] };
            return Ok(vec![(to, power)]);
        }
        self.lines_division(b, power, members, &mine, true)
    }

    /// A division written in `assigns` lines: each to one of `allowed`, adding up to `power`.
    /// `band`: the recipients are the members of a band a blocker blocks (else an attacker's
    /// blockers).
    fn lines_division(
        &self,
        source: CardId,
        power: u32,
        allowed: &[CardId],
        mine: &[&Assignment],
        band: bool,
    ) -> Result<Vec<(CardId, u32)>, Stop> {
        let mut out = Vec::new();
        for &&(i, _, n, _, to) in mine {
            match to {
                TargetRef::Card(m) if allowed.contains(&m) => out.push((m, n)),
                _ => {
                    return Err(Stop::refuse(Refusal::AssignOutside { source, band }).at_line(i));
                }
            }
        }
        let total = out.iter().fold(0u32, |a, (_, n)| a.saturating_add(*n));
        if total != power {
            let i = mine.last().map_or(0, |x| x.0);
            return Err(Stop::refuse(Refusal::DivisionTotal { source, power, total, band }).at_line(i));
        }
        Ok(out)
    }

    /// Says who divides an attacker's damage when a blocker has (or had) banding.
    pub(super) fn note_banding(&mut self, cb: &Combat, a: CardId) {
        let banders: Vec<CardId> =
            cb.blockers_of(a).iter().copied().filter(|&b| self.has_keyword(b, &Keyword::Banding)).collect();
        let Some(&first) = banders.first() else { return };
        let live = banders.iter().copied().find(|&b| cb.in_combat(b));
        let why = match live {
            Some(b) => format!("{} has banding", self.label(b)),
            None => format!("{} has left the combat, so no blocker gives banding any more", self.label(first)),
        };
        let rule = if live.is_some() {
            Rule::g("Banding (damage sharing: one banding blocker is enough)")
        } else {
            Rule::g("Banding (a bander removed from combat no longer shares)")
        };
        let player = self.pname(self.divider(cb, a));
        let among = "its blockers".to_owned();
        self.emit(EventKind::Divides { player, attacker: self.label(a), among, why }, Some(rule));
    }

    /// Who divides an attacker's damage among its blockers: its controller, unless a blocker
    /// has banding, when the defending player does (002 Banding: damage sharing, L1417-1419).
    /// Only blockers still in the combat count: a regenerated bander no longer shares (L1454-1456).
    pub(super) fn divider(&self, cb: &Combat, a: CardId) -> PlayerId {
        let banded = cb.blockers_of(a).iter().any(|&b| cb.in_combat(b) && self.has_keyword(b, &Keyword::Banding));
        let attacker = self.game.card(a).controller;
        if banded { attacker.other() } else { attacker }
    }

    /// `assigns` lines waiting at the cursor for attackers that deal damage in this step, taken
    /// now (step-bound); a line that cannot divide anything here is illegal, never skipped.
    pub(super) fn take_assignments(&mut self, dealing: &[CardId], cb: &Combat) -> Result<Vec<Assignment>, Stop> {
        let mut out = Vec::new();
        // An attacker dealing damage in a later step keeps its line waiting for it.
        while self.offered(&Decision::Assign { dealing, combat: cb }).is_some() {
            let Some(i) = self.take_line() else { break };
            let Some(Action::Assign(p, n, from, to)) = self.action_of(i) else { break };
            let band_blocker = cb.blocked_by(from).and_then(|a| self.sharing_band(cb, a)).is_some();
            let divider = self.divider(cb, from);
            let problem = if band_blocker {
                (p != self.game.active).then_some(NoDivision::BandDamage)
            } else if !cb.attackers.contains(&from) || !cb.in_combat(from) {
                Some(NoDivision::NotAttacking)
            } else if !cb.is_blocked(from) {
                Some(NoDivision::NotBlocked)
            } else if p != divider {
                let banding = divider != self.game.card(from).controller;
                Some(NoDivision::OtherDivides { divider, banding })
            } else if !(matches!(to, TargetRef::Card(b) if cb.blockers_of(from).contains(&b))
                // m13: a trampler assigns its excess to the defending player (001 L1337).
                || self.trample_to_player(p, from, to))
            {
                Some(NoDivision::NotToBlockers)
            } else {
                None
            };
            if let Some(why) = problem {
                return Err(Stop::refuse(Refusal::CannotDivide { player: p, source: from, why }).at_line(i));
            }
            out.push((i, p, n, from, to));
        }
        Ok(out)
    }

    /// m13: whether `to` is the defending player and `from` a trampler, whose excess damage is
    /// assigned to that player (001 L1337).
    fn trample_to_player(&self, p: PlayerId, from: CardId, to: TargetRef) -> bool {
        self.pol.blocker_damage == crate::edition::BlockerDamage::AssignmentOrder
            && matches!(to, TargetRef::Player(x) if x != p)
            && self.has_keyword(from, &Keyword::Trample)
    }

    /// How an attacker's damage is divided among its blockers: as the `assigns` lines say, or
    /// lethal damage to each in the order declared and the rest to the last (contract defaults).
    pub(super) fn division(
        &self,
        a: CardId,
        power: u32,
        live: &[CardId],
        assigns: &[Assignment],
    ) -> Result<Vec<(CardId, u32)>, Stop> {
        let mine: Vec<&Assignment> = assigns.iter().filter(|x| x.3 == a).collect();
        if mine.is_empty() {
            let mut left = power;
            let mut out = Vec::new();
            for (k, &b) in live.iter().enumerate() {
                let lethal = if k + 1 == live.len() {
                    left
                } else {
                    let t = u32::try_from(self.pt(b).1.max(0)).unwrap_or(0);
                    t.saturating_sub(self.game.card(b).damage).min(left)
                };
                left -= lethal;
                out.push((b, lethal));
            }
            return Ok(out);
        }
        // Who divides was checked when the lines were taken (`take_assignments`).
        self.lines_division(a, power, live, &mine, false)
    }
}
