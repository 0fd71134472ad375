//! Mana: the pool, mana sources, paying costs (002 Mana Pool, Mana Source; Step 1: costs).

use super::refusal::Refusal;
use super::state::{CardId, PlayerId, Zone};
use super::{Engine, Stop};
use crate::grammar::mana::{Color, ManaCost};
use crate::trace::{EventKind, Rule};

pub(super) const MANA_SOURCE: Rule = Rule::g("Mana Source");
pub(super) const PAY_FIRST: Rule = Rule::g("Spell and Ability Timing, Step 1: Announcing a Spell/Ability");

/// A pool or amount in WUBRG-then-colourless order, written like a cost (`2G`, `BBB`).
#[must_use]
pub fn pool_text(pool: &[u32; 6]) -> String {
    if pool.iter().all(|&n| n == 0) {
        return "empty".to_owned();
    }
    let mut colored = [0u32; 5];
    colored.copy_from_slice(&pool[..5]);
    ManaCost { generic: pool[5], colored, x: 0 }.to_string()
}

/// The coloured symbols of a cost that are not white.
fn nonwhite(m: &ManaCost) -> u32 {
    Color::ALL.into_iter().filter(|&c| c != Color::White).map(|c| m.colored[c.index()]).sum()
}

fn add(pool: &mut [u32; 6], m: &ManaCost) {
    for (slot, n) in pool.iter_mut().zip(m.colored) {
        *slot = slot.saturating_add(n);
    }
    pool[5] = pool[5].saturating_add(m.generic);
}

impl Engine<'_> {
    /// Taps a permanent for mana (a mana source: it cannot be interrupted and resolves at once).
    /// Returns the mana added.
    pub(super) fn tap_for_mana(
        &mut self,
        p: PlayerId,
        c: CardId,
        want: Option<ManaCost>,
        auto: bool,
    ) -> Result<ManaCost, Stop> {
        let card = self.game.card(c);
        let name = self.label(c);
        if card.zone != Zone::Play || card.controller != p {
            return Err(Stop::refuse(Refusal::ManaSourceNotControlled { card: c, player: p, place: self.place(c) }));
        }
        if card.tapped {
            return Err(Stop::refuse(Refusal::ManaSourceTapped { card: c }));
        }
        if self.is_creature(c) && card.sick {
            return Err(Stop::refuse(Refusal::SickTap { card: c }));
        }
        self.check_upkeep_lock(c)?;
        let options: Vec<ManaCost> = self.tap_mana_options(c);
        let mana = match (want, options.as_slice()) {
            (_, []) => {
                return Err(Stop::refuse(Refusal::NoManaAbility { card: c }));
            }
            (None, [one]) => *one,
            (None, _) => {
                return Err(Stop::refuse(Refusal::ManaKindUnnamed { card: c }));
            }
            (Some(w), opts) => {
                *opts.iter().find(|m| **m == w).ok_or_else(|| Stop::refuse(Refusal::CannotMake { card: c, mana: w }))?
            }
        };
        // Imprison: asked as the mana ability is played, before anything of it is paid (a line
        // that taps it by name; automatic payment leaves such a source alone).
        if !auto && self.ability_stopped(c)? {
            return Ok(ManaCost::default());
        }
        let extra = self.extra_mana(c);
        self.game.tap(c);
        self.game.happened.push(super::state::Happening::TappedForMana { card: c, player: p });
        add(self.game.pool_mut(p), &mana);
        self.emit(
            EventKind::ManaAdded { player: self.pname(p), source: name.clone(), mana: mana.to_string(), auto },
            Some(MANA_SOURCE),
        );
        // Additional mana is part of what the land makes (002 L2568-2574: Wild Growth, Mana Flare).
        let mut total = mana;
        for (src, m) in extra {
            add(self.game.pool_mut(p), &m);
            total = super::query::sum_mana(&total, &m);
            let source = format!("{} (an additional mana as {name} is tapped)", self.label(src));
            self.emit(
                EventKind::ManaAdded { player: self.pname(p), source, mana: m.to_string(), auto },
                Some(MANA_SOURCE),
            );
        }
        Ok(total)
    }

    /// Adds mana from a mana source spell or ability.
    pub(super) fn add_mana(&mut self, p: PlayerId, source: String, mana: &ManaCost) {
        add(self.game.pool_mut(p), mana);
        self.emit(
            EventKind::ManaAdded { player: self.pname(p), source, mana: mana.to_string(), auto: false },
            Some(MANA_SOURCE),
        );
    }

    /// Pays `cost` from `p`'s pool, first tapping untapped simple mana sources as needed
    /// (contract: auto-payment). Returns the mana paid, as text.
    pub(super) fn pay(&mut self, p: PlayerId, cost: &ManaCost, what: &str) -> Result<String, Stop> {
        self.pay_with(p, cost, what, true)
    }

    /// Pays `cost`, tapping mana sources only if `tap_sources` (no mana sources may be used in
    /// the middle of a resolution: 002 Step 4).
    pub(super) fn pay_with(
        &mut self,
        p: PlayerId,
        cost: &ManaCost,
        what: &str,
        tap_sources: bool,
    ) -> Result<String, Stop> {
        if self.sc.costs_free {
            return Ok(if cost.total() == 0 {
                "nothing".to_owned()
            } else {
                format!("nothing ({cost} waived: costs free)")
            });
        }
        if cost.total() == 0 {
            return Ok("nothing".to_owned());
        }
        let dawn = self.white_as_any(p);
        let plan = self.plan_payment(p, cost, tap_sources);
        let Some((pool, taps)) = plan else {
            let have = self.game.player(p).pool;
            let mut could = [0u32; 6];
            for (_, m) in self.simple_mana_sources(p) {
                add(&mut could, &m);
            }
            // `what` is the label the caller gives what is paid for (a card or a spell).
            let (cost, mut what) = (*cost, what.to_owned());
            if let Some(d) = dawn.filter(|_| nonwhite(&cost) > 0) {
                what = format!("{what} (under {}, only white mana pays its coloured part)", self.label(d));
            }
            if !tap_sources {
                return Err(Stop::refuse(Refusal::CannotPayMidResolution { player: p, cost, what, have }));
            }
            return Err(Stop::refuse(Refusal::CannotPay { player: p, cost, what, have, could }));
        };
        for src in taps {
            self.tap_for_mana(p, src, None, true)?;
        }
        *self.game.pool_mut(p) = pool;
        match dawn {
            Some(d) if nonwhite(cost) > 0 => Ok(format!(
                "{cost} (under {}, white mana paid its coloured part: other mana pays only generic costs)",
                self.label(d)
            )),
            _ => Ok(cost.to_string()),
        }
    }

    /// Whether `p` could pay `cost` now from the pool and, if `tap_sources`, untapped simple mana
    /// sources; an effect's payment with no way to make it is not asked (Flash).
    pub(super) fn could_pay(&self, p: PlayerId, cost: &ManaCost, tap_sources: bool) -> bool {
        self.sc.costs_free || cost.total() == 0 || self.plan_payment(p, cost, tap_sources).is_some()
    }

    /// The pool left and the sources to tap to pay `cost`, planned on a copy so that a cost that
    /// cannot be paid taps nothing; `None` when it cannot be paid.
    fn plan_payment(&self, p: PlayerId, cost: &ManaCost, tap_sources: bool) -> Option<([u32; 6], Vec<CardId>)> {
        // Celestial Dawn: white mana pays any coloured part and other mana only generic parts,
        // so every coloured symbol is paid as a W.
        let dawn = self.white_as_any(p);
        let mut need = cost.colored;
        if dawn.is_some() {
            let all: u32 = need.iter().sum();
            need = [0; 5];
            need[Color::White.index()] = all;
        }
        let mut pool = self.game.player(p).pool;
        let mut taps: Vec<CardId> = Vec::new();
        let mut sources = if tap_sources { self.simple_mana_sources(p) } else { Vec::new() };
        for c in Color::ALL {
            let i = c.index();
            let from_pool = need[i].min(pool[i]);
            pool[i] -= from_pool;
            need[i] -= from_pool;
            while need[i] > 0 {
                let Some(pos) = sources.iter().position(|(_, m)| m.colored[i] > 0) else {
                    break;
                };
                let (src, m) = sources.remove(pos);
                taps.push(src);
                add(&mut pool, &m);
                let used = need[i].min(pool[i]);
                pool[i] -= used;
                need[i] -= used;
            }
        }
        let mut generic = cost.generic;
        let spend_pool = |pool: &mut [u32; 6], generic: &mut u32| {
            for slot in [5, 0, 1, 2, 3, 4] {
                let used = (*generic).min(pool[slot]);
                pool[slot] -= used;
                *generic -= used;
            }
        };
        spend_pool(&mut pool, &mut generic);
        while generic > 0 && !sources.is_empty() {
            let (src, m) = sources.remove(0);
            taps.push(src);
            add(&mut pool, &m);
            spend_pool(&mut pool, &mut generic);
        }
        if need.iter().any(|&n| n > 0) || generic > 0 {
            return None;
        }
        Some((pool, taps))
    }

    /// The permanent under whose rule `p` may spend white mana as mana of any colour and other
    /// mana only as colourless (Celestial Dawn), if `p` controls one.
    fn white_as_any(&self, p: PlayerId) -> Option<CardId> {
        use crate::grammar::ability::{Ability, Effect};
        self.game
            .zone(Zone::Play, Some(p))
            .into_iter()
            .find(|&c| self.def(c).abilities.iter().any(|a| matches!(a, Ability::Static(Effect::SpendWhiteAsAny))))
    }
}
