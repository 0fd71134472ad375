//! Combat damage: the damage dealing steps, who deals damage to whom, and automatic
//! redirection (trample, Veteran Bodyguard) (002 Attack Phase, Steps 5+6; Trample; Damage
//! Prevention, Sub-Step B; 4th Ed. FAQ, Creature Abilities; 003 p.26-29).

use super::combat::{BAND, DAMAGE};
use super::state::{CardId, Packet, Target, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::Keyword;
use crate::trace::{EventKind, Rule};

impl Engine<'_> {
    /// A damage dealing step: the creatures that deal damage in it assign it at once; one
    /// damage prevention step follows if any was assigned (002 Steps 5 and 6).
    pub(super) fn damage_step(&mut self, first_strike: bool) -> Result<(), Stop> {
        self.drop_from_combat();
        if self.game.no_combat_damage {
            self.emit(
                EventKind::Lasting { what: "creatures deal no combat damage this turn: none is assigned".into() },
                Some(DAMAGE),
            );
            return Ok(());
        }
        let Some(cb) = self.combat().cloned() else { return Ok(()) };
        // 002 L457-461: who deals damage in which step is fixed at the start of step 5.
        let group: Vec<CardId> = if first_strike {
            let all = cb.attackers.iter().chain(cb.blocks.iter().flat_map(|(_, bs)| bs.iter()));
            let fs: Vec<CardId> =
                all.copied().filter(|&c| cb.in_combat(c) && self.has_keyword(c, &Keyword::FirstStrike)).collect();
            if let Some(c) = self.combat_mut() {
                c.first_strikers.clone_from(&fs);
            }
            fs
        } else {
            Vec::new()
        };
        let silent = self.game.no_combat_from.clone();
        let deals = |c: CardId| {
            // A creature regenerated under Fourth Edition stays in combat, dealing no damage;
            // one that used an "is not blocked" ability deals none this turn.
            cb.in_combat(c)
                && !cb.inert.contains(&c)
                && !silent.contains(&c)
                && if first_strike { group.contains(&c) } else { !cb.first_strikers.contains(&c) }
        };
        let attackers: Vec<CardId> = cb.attackers.iter().copied().filter(|&a| deals(a)).collect();
        // A band's blocker is listed under every member: count it once.
        let mut blockers: Vec<CardId> = Vec::new();
        for b in cb.blocks.iter().flat_map(|(_, bs)| bs.iter().copied()).filter(|&b| deals(b)) {
            if !blockers.contains(&b) {
                blockers.push(b);
            }
        }
        if first_strike && attackers.is_empty() && blockers.is_empty() {
            self.emit(
                EventKind::PlayOut {
                    what: "no creature in the combat has first strike: no damage in this step".into(),
                },
                Some(DAMAGE),
            );
            return Ok(());
        }
        let defender = self.game.active.other();
        let dealing: Vec<CardId> = attackers.iter().chain(&blockers).copied().collect();
        let assigns = self.take_assignments(&dealing, &cb)?;
        for &a in &attackers {
            let power = u32::try_from(self.pt(a).0.max(0)).unwrap_or(0);
            let colors = self.colors(a);
            let trample = self.has_keyword(a, &Keyword::Trample);
            if !cb.is_blocked(a) {
                self.assign_combat(a, &colors, Target::Player(defender), power, false);
                if let Some(p) =
                    self.game.packets.iter_mut().find(|p| p.source == a && p.to == Target::Player(defender))
                {
                    p.unblocked = true;
                }
                continue;
            }
            // (A regenerated blocker under Fourth Edition cannot be assigned damage.)
            let live: Vec<CardId> =
                cb.blockers_of(a).iter().copied().filter(|&b| cb.in_combat(b) && !cb.inert.contains(&b)).collect();
            // 002 Trample (L3788-3790): with no blocker left, a trampler deals it all to the player.
            // Protection does not make a blocker unable to receive damage: the damage is reduced
            // to zero in the prevention step, and only damage dealt beyond lethal tramples over.
            if live.is_empty() {
                // Blocked stays blocked; only trample reaches the player (002 Steps 5+6).
                if trample {
                    self.assign_combat(a, &colors, Target::Player(defender), power, false);
                }
                continue;
            }
            if self.pol.blocker_damage == crate::edition::BlockerDamage::AssignmentOrder {
                // m13: the damage assignment order; a trampler's excess is assigned to the
                // player now, and nothing moves later (001 L518, L1337).
                let (split, to_player) = self.ordered_division(a, power, &live, &assigns, trample)?;
                for (to, n) in split {
                    self.assign_combat(a, &colors, Target::Card(to), n, false);
                }
                self.assign_combat(a, &colors, Target::Player(defender), to_player, false);
                continue;
            }
            self.note_banding(&cb, a);
            for (to, n) in self.division(a, power, &live, &assigns)? {
                self.assign_combat(a, &colors, Target::Card(to), n, trample);
            }
        }
        for &b in &blockers {
            // A blocker deals damage only if it is still untapped (002 Steps 5+6).
            let Some(a) = cb.blocked_by(b) else { continue };
            // m13: every blocker still on the battlefield deals damage, tapped or not (001 L518).
            if self.game.card(b).tapped && !self.pol.tapped_blockers_deal_damage {
                self.emit(
                    EventKind::PlayOut {
                        what: format!("{} is tapped: a blocker tapped after blocking deals no damage", self.label(b)),
                    },
                    Some(DAMAGE),
                );
                continue;
            }
            let power = u32::try_from(self.pt(b).0.max(0)).unwrap_or(0);
            let colors = self.colors(b);
            if let Some(members) = self.sharing_band(&cb, a) {
                // The attacking player divides this blocker's damage among the band (002 Banding).
                let attacker = self.game.active;
                self.emit(
                    EventKind::Divides {
                        player: self.pname(attacker),
                        attacker: self.label(b),
                        among: "the band's members".into(),
                        why: format!("it blocks a band with banding ({})", self.labels(&members)),
                    },
                    Some(BAND),
                );
                for (to, n) in self.band_division(b, a, power, &members, &assigns)? {
                    self.assign_combat(b, &colors, Target::Card(to), n, false);
                }
                continue;
            }
            if !cb.in_combat(a) || cb.inert.contains(&a) {
                continue;
            }
            self.assign_combat(b, &colors, Target::Card(a), power, false);
        }
        if self.game.packets.is_empty() {
            let what = if self.combat_phase() {
                "no combat damage is assigned"
            } else {
                "no combat damage is assigned: no damage prevention step"
            };
            self.emit(EventKind::PlayOut { what: what.into() }, Some(DAMAGE));
            return Ok(());
        }
        if !self.pol.redirection_in_step {
            // Fourth Edition: one prevention step for the damage as assigned, redirection included.
            let moved = self.redirect_automatically();
            self.game.packets.extend(moved);
        }
        self.prevention_step()?;
        // m13: state-based actions before anyone gets priority in the step (001 L518, L382).
        self.state_based_actions()?;
        self.drop_from_combat();
        self.run_triggers()
    }

    fn assign_combat(
        &mut self,
        source: CardId,
        colors: &[crate::grammar::mana::Color],
        to: Target,
        n: u32,
        trample: bool,
    ) {
        if n == 0 {
            return;
        }
        self.assign(source, colors, to, n);
        if trample && let Some(p) = self.game.packets.iter_mut().find(|p| p.source == source && p.to == to) {
            p.trample = true;
        }
    }

    /// Sub-Step B, automatic redirection: trample damage beyond what would kill a blocker goes
    /// on to the defending player, non-trample damage applied first (002 L1155-1164); damage
    /// from unblocked attackers goes to an untapped Veteran Bodyguard. Both are dealt in a second
    /// damage prevention step.
    pub(super) fn redirect_automatically(&mut self) -> Vec<Packet> {
        let mut moved = Vec::new();
        let defender = self.game.active.other();
        // Fourth Edition assigned trample and Bodyguard damage where it ends up, when dealt.
        let (sub_b, guard_rule) = if self.pol.redirection_in_step {
            let r = Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step B");
            (r, r)
        } else {
            (
                Rule::f4(
                    "Creature Abilities: trample damage beyond what kills the blockers carries over to the defender",
                ),
                Rule::f4("Damage Prevention: a single step after each combat damage dealing"),
            )
        };
        for i in 0..self.game.packets.len() {
            let p = self.game.packets[i].clone();
            let Target::Card(b) = p.to else { continue };
            if !p.trample || !self.is_creature_in_play(b) {
                continue;
            }
            // 4e: protection reduces the trampler's damage to that blocker to zero, and nothing
            // carries over (4th Ed. FAQ, Creature Abilities: "the trample is negated").
            if self.pol.trample_negated_by_protection
                && let Some(col) = p.colors.iter().find(|col| self.has_keyword(b, &Keyword::Protection(**col)))
            {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} has protection from {}: the damage {} assigns it comes to zero, so no trample damage carries over",
                            self.label(b),
                            col.name(),
                            self.label(p.source)
                        ),
                    },
                    Some(Rule::f4("Creature Abilities: trample damage reduced to zero by protection does not carry over")),
                );
                continue;
            }
            let others: u32 = self.game.packets.iter().filter(|q| q.to == p.to && !q.trample).map(|q| q.amount).sum();
            let toughness = u32::try_from(self.pt(b).1.max(0)).unwrap_or(0);
            let room = toughness.saturating_sub(self.game.card(b).damage.saturating_add(others));
            let excess = p.amount.saturating_sub(room);
            if excess == 0 {
                continue;
            }
            self.game.packets[i].amount -= excess;
            self.emit(
                EventKind::Redirected {
                    source: self.label(p.source),
                    from: self.label(b),
                    to: self.pname(defender),
                    amount: excess,
                    why: "trample".into(),
                },
                Some(sub_b),
            );
            moved.push(Packet { to: Target::Player(defender), amount: excess, trample: false, ..p });
        }
        // Veteran Bodyguard: while untapped, it takes what unblocked attackers would deal.
        let guard = self.game.zone(Zone::Play, Some(defender)).into_iter().find(|&c| {
            !self.game.card(c).tapped
                && self.is_creature_in_play(c)
                && self.def(c).statics().any(|e| *e == crate::grammar::ability::Effect::TakeUnblockedDamage)
        });
        if let Some(g) = guard {
            for i in 0..self.game.packets.len() {
                let p = self.game.packets[i].clone();
                if !p.unblocked || p.to != Target::Player(defender) || p.amount == 0 {
                    continue;
                }
                self.game.packets[i].amount = 0;
                self.emit(
                    EventKind::Redirected {
                        source: self.label(p.source),
                        from: self.pname(defender),
                        to: self.label(g),
                        amount: p.amount,
                        why: format!("{} takes damage from unblocked attackers", self.label(g)),
                    },
                    Some(guard_rule),
                );
                moved.push(Packet { to: Target::Card(g), unblocked: false, ..p });
            }
        }
        self.game.packets.retain(|p| p.amount > 0);
        moved
    }
}
