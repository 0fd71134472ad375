//! Costs beyond mana: what an announcement costs once the cost changes in play apply, and
//! paying its sacrifices, life and counters (002 Costs, L1824-1862; Sacrifice, L3448-3478;
//! Step 1, L600-624: all costs are paid during announcement and nothing can undo them).

use super::action::Announce;
use super::refusal::Refusal;
use super::state::{CardId, PlayerId, Source, Zone};
use super::{Engine, Stop};
use crate::cards::CardKind;
use crate::grammar::ability::{
    Ability, ActivationCost, CostDelta, CostScope, Effect, Keyword, SacrificeCost, Sacrificed, UpkeepCost,
};
use crate::grammar::mana::{Color, ManaCost};
use crate::trace::{EventKind, Rule};

/// The rule for costs.
pub(super) const COSTS: Rule = Rule::g("Costs");
/// The rule for sacrifices.
pub(super) const SACRIFICE: Rule = Rule::g("Sacrifice");
/// The rule for phase costs.
pub(super) const PHASE_COST: Rule = Rule::g("Phase Cost");

/// Everything an announcement costs, after the cost changes in play.
#[derive(Clone, Debug, Default)]
pub(super) struct Bill {
    /// Mana.
    pub(super) mana: ManaCost,
    /// Tapping the source.
    pub(super) tap: bool,
    /// Sacrificing the source.
    pub(super) sacrifice_this: bool,
    /// Sacrifices the payer names (`sacrificing A, B`).
    pub(super) sacrifice: Vec<SacrificeCost>,
    /// Life.
    pub(super) life: u32,
    /// Counters removed from the source.
    pub(super) counters: Option<(u32, String)>,
    /// Cards discarded from the payer's hand (`discarding A`).
    pub(super) discard: u32,
    /// Lands of a type returned to their owner's hand (X of them for Infernal Harvest).
    pub(super) returns: Option<(u32, String)>,
}

impl Bill {
    /// Adds the parts of a written cost.
    fn add(&mut self, c: &ActivationCost, x: u32) {
        self.mana = add_mana(&self.mana, &c.mana.with_x(x));
        self.tap |= c.tap;
        self.sacrifice_this |= c.sacrifice_this;
        self.sacrifice.extend(c.sacrifice.as_deref().cloned());
        self.life = self.life.saturating_add(c.life);
        self.discard = self.discard.saturating_add(c.discard);
        if let Some((n, t)) = c.return_lands.as_deref() {
            let n = match n {
                crate::grammar::ability::Amount::Fixed(k) => u32::try_from(*k).unwrap_or(0),
                crate::grammar::ability::Amount::X(k) => x.saturating_mul(u32::try_from(*k).unwrap_or(0)),
                // Only a pump reads a creature's power (Berserk).
                crate::grammar::ability::Amount::Power => 0,
            };
            self.returns = Some((n, t.clone()));
        }
        if c.remove_counters.is_some() {
            self.counters = c.remove_counters.as_deref().cloned();
        }
    }

    /// How many permanents the payer must name.
    pub(super) fn named(&self) -> u32 {
        self.sacrifice.iter().fold(0, |a, s| a.saturating_add(s.count))
    }
}

fn add_mana(a: &ManaCost, b: &ManaCost) -> ManaCost {
    let mut out = *a;
    out.generic = out.generic.saturating_add(b.generic);
    for (slot, n) in out.colored.iter_mut().zip(b.colored) {
        *slot = slot.saturating_add(n);
    }
    out
}

/// Why a cost beyond mana cannot be paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostFault {
    /// `sacrificing` where the cost asks for no sacrifice.
    NoSacrificeCost,
    /// The wrong number of sacrifices named.
    SacrificeCount {
        /// How many the cost asks for.
        needed: u32,
        /// How many the line names.
        named: u32,
        /// The cost in words.
        what: String,
    },
    /// A permanent the payer does not control (002 L3451).
    NotYours(CardId),
    /// A card that is not in play.
    NotInPlay(CardId),
    /// Fourth Edition: a permanent on its way to the graveyard (002 L4484-4487).
    OnItsWay(CardId),
    /// The same permanent named twice (002 L3457-3459).
    Twice(CardId),
    /// A permanent the cost does not take.
    DoesNotFit(CardId, String),
    /// Not enough cards in the library for a draw that is a cost: a cost must be paid in full
    /// (002 L1857-1858).
    Draw {
        /// The cards the library holds.
        have: u32,
        /// The draws the cost asks for.
        need: u32,
    },
    /// Not enough life (002 L1853-1854).
    Life {
        /// The payer's life.
        life: i32,
        /// The life the cost asks for.
        cost: u32,
    },
    /// The wrong number of cards named to discard.
    DiscardCount {
        /// How many the cost asks for.
        needed: u32,
        /// How many the line names.
        named: u32,
    },
    /// A card named to discard that is not in the payer's hand.
    NotInHand(CardId),
    /// Fewer lands of the type than the cost returns.
    ReturnCount {
        /// How many the cost returns.
        needed: u32,
        /// How many the payer controls.
        have: u32,
        /// Their land type.
        land: String,
    },
    /// Not enough counters on the source.
    Counters {
        /// Counters of the kind on it.
        have: u32,
        /// Counters the cost removes.
        need: u32,
        /// Their kind.
        kind: String,
    },
    /// A mandatory phase cost refused while it can be paid (002 L3093-3097).
    Mandatory,
    /// An ability its card limits to its controller's upkeep, played at another time.
    OnlyInUpkeep,
    /// `; use only during combat` outside the attack.
    OnlyDuringCombat,
    /// A card or ability limited to an opponent's turn, before the attack, played at another
    /// time (002 Attack or Die Effects, L1387-1394).
    OnlyBeforeOpponentsAttack,
    /// An attack-or-die effect in a turn in which creatures cannot attack (002 L1395-1397).
    NoAttackThisTurn,
    /// A spell limited to an opponent's upkeep, cast at another time (Festival).
    OnlyInOpponentsUpkeep,
    /// A once-each-turn ability its player already used this turn (002 L1276-1278).
    OnceEachTurn,
    /// An ability limited to the attack after blockers are declared, used at another time.
    OnlyAfterBlocks,
    /// A spell limited to the end of the declaration of blockers, cast at another time (002
    /// L428-431).
    OnlyAtEndOfBlocks,
    /// More mana than the ability's cap for the turn (002 L1268-1276).
    SpendCap {
        /// The cap.
        cap: u32,
        /// Already spent this turn.
        spent: u32,
        /// This activation's mana.
        cost: u32,
    },
}

impl CostFault {
    /// The rule the fault breaks.
    pub(super) const fn rule(&self) -> Rule {
        match self {
            Self::NotYours(_) | Self::Twice(_) => SACRIFICE,
            Self::Mandatory => PHASE_COST,
            Self::OnlyInUpkeep => Rule::g("Activation Cost"),
            Self::OnlyDuringCombat => Rule::g("Attack Phase, Step 1: Declare Attackers"),
            Self::OnItsWay(_) => Rule::g("Changes from Fourth Edition: On Its Way to the Graveyard"),
            Self::OnlyBeforeOpponentsAttack | Self::NoAttackThisTurn => Rule::g("Attack or Die Effects"),
            Self::OnlyInOpponentsUpkeep => Rule::g("Spell and Ability Timing"),
            Self::OnlyAfterBlocks => Rule::g("Attack Phase, Step 4: Fast Effects after Blocking"),
            Self::OnlyAtEndOfBlocks => Rule::g("Attack Phase, Step 3: Declare Blockers"),
            Self::SpendCap { .. } | Self::OnceEachTurn => Rule::g("Activation Cost"),
            _ => COSTS,
        }
    }
}

impl Engine<'_> {
    /// What the announcement costs: the card's cost (or its alternative cost, when the line
    /// names sacrifices for it), its additional costs, extra targets, then the cost changes in
    /// play, which apply when the cost is announced (002 Casting Cost, L1586-1589).
    pub(super) fn bill(&self, an: &Announce, targets: usize) -> Bill {
        let def = self.def(an.card);
        let x = an.x.unwrap_or(0);
        let mut bill = Bill::default();
        match an.source {
            Source::Spell(_) => {
                let alternative = def.abilities.iter().find_map(|a| match a {
                    Ability::AlternativeCost(c) => Some(c),
                    _ => None,
                });
                match alternative {
                    Some(alt) if !an.sacrifices.is_empty() => bill.add(alt, x),
                    _ => bill.mana = def.cost.unwrap_or_default().with_x(x),
                }
                for a in &def.abilities {
                    if let Ability::AdditionalCost(c) = a {
                        bill.add(c, x);
                    }
                }
                if let Some(extra) = def.extra_target_cost() {
                    let more = u32::try_from(targets.saturating_sub(1)).unwrap_or(0);
                    for _ in 0..more {
                        bill.mana = add_mana(&bill.mana, &extra);
                    }
                }
            }
            Source::Ability(i) => {
                if let Some(c) = self.ability_cost(an.card, i) {
                    bill.add(&c, x);
                }
            }
            Source::Triggered(_) => return bill,
        }
        self.apply_cost_changes(an, &mut bill);
        bill
    }

    /// The cost changes of the permanents in play (a tapped artifact's are off: 002 Artifact).
    fn apply_cost_changes(&self, an: &Announce, bill: &mut Bill) {
        let spell = matches!(an.source, Source::Spell(_));
        let kind = self.def(an.card).kind;
        let colors = self.colors(an.card);
        let is_enchantment = matches!(kind, CardKind::Enchantment | CardKind::LocalEnchantment);
        let effects = super::chars::any_effects(self.lib, &self.game);
        for c in self.game.zone(Zone::Play, None) {
            let card = self.game.card(c);
            let def = self.def(c);
            if card.tapped && def.kind == CardKind::Artifact && self.pol.tapped_artifacts_off {
                continue;
            }
            if !def.abilities.iter().any(|a| matches!(a, Ability::CostChange(_))) {
                continue;
            }
            // Its words as text changes left them (Sleight of Mind on Gloom).
            let ch;
            let abilities: &[Ability] = if effects {
                ch = self.chars(c);
                &ch.abilities
            } else {
                &def.abilities
            };
            for a in abilities {
                let Ability::CostChange(ch) = a else { continue };
                let of = |col: &Option<Color>| col.is_none_or(|col| colors.contains(&col));
                let applies = match &ch.scope {
                    CostScope::Spells(col) => spell && of(col),
                    CostScope::EnchantmentAbilities(col) => !spell && is_enchantment && of(col),
                    CostScope::EnchantedAbilities => !spell && card.enchanting == Some(an.card),
                    CostScope::SpellsAndAbilities => true,
                };
                if !applies {
                    continue;
                }
                let m = &mut bill.mana;
                match &ch.delta {
                    CostDelta::More(n) => m.generic = m.generic.saturating_add(*n),
                    CostDelta::Less(n) => m.generic = m.generic.saturating_sub(*n),
                    CostDelta::LessMinOne(n) => {
                        let room = m.total().saturating_sub(1);
                        m.generic = m.generic.saturating_sub((*n).min(room));
                    }
                    CostDelta::SacrificePerBlack(t) => {
                        let black = m.colored[Color::Black.index()];
                        if black > 0 {
                            bill.sacrifice.push(SacrificeCost {
                                count: black,
                                what: Sacrificed::LandType(t.clone()),
                                other_than_this: false,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Whether a permanent is one a sacrifice cost takes.
    pub(super) fn fits_sacrifice(&self, c: CardId, s: &SacrificeCost, source: CardId) -> bool {
        if s.other_than_this && c == source {
            return false;
        }
        let def = self.def(c);
        match &s.what {
            // An animated land or artifact is a creature to sacrifice (002 L1308).
            Sacrificed::Creature => self.is_creature(c),
            Sacrificed::Artifact => def.kind.is_artifact(),
            Sacrificed::Land => def.kind == CardKind::Land,
            // A basic land's type is its name (Swamp, Snow-Covered Swamp); others print it.
            Sacrificed::LandType(t) => {
                def.kind == CardKind::Land
                    && (def.type_line.to_lowercase().contains(t.as_str())
                        || def.name.to_lowercase().contains(t.as_str()))
            }
        }
    }

    /// Checks the parts of a bill that are not mana against the line: the permanents named
    /// for its sacrifices, the life and the counters (all before anything is paid).
    pub(super) fn check_extras(
        &self,
        p: PlayerId,
        source: CardId,
        bill: &Bill,
        named: &[CardId],
        discards: &[CardId],
    ) -> Result<(), Stop> {
        let fault = |fault| Err(Stop::refuse(Refusal::Cost { card: source, fault }));
        if u32::try_from(discards.len()).ok() != Some(bill.discard) {
            let named = u32::try_from(discards.len()).unwrap_or(u32::MAX);
            return fault(CostFault::DiscardCount { needed: bill.discard, named });
        }
        for (i, &c) in discards.iter().enumerate() {
            if discards[..i].contains(&c) {
                return fault(CostFault::Twice(c));
            }
            let card = self.game.card(c);
            if card.zone != Zone::Hand || card.owner != p {
                return fault(CostFault::NotInHand(c));
            }
        }
        if bill.sacrifice.is_empty() && !named.is_empty() {
            return fault(CostFault::NoSacrificeCost);
        }
        let needed = bill.named();
        if u32::try_from(named.len()).ok() != Some(needed) {
            let what = bill.sacrifice.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ");
            let named = u32::try_from(named.len()).unwrap_or(u32::MAX);
            return fault(CostFault::SacrificeCount { needed, named, what });
        }
        for (i, &c) in named.iter().enumerate() {
            if named[..i].contains(&c) {
                return fault(CostFault::Twice(c));
            }
            let card = self.game.card(c);
            if card.zone != Zone::Play {
                return fault(CostFault::NotInPlay(c));
            }
            if card.controller != p {
                return fault(CostFault::NotYours(c));
            }
            // Before Fifth Edition a permanent on its way to the graveyard (destroyed, or a
            // creature with lethal damage, in the damage prevention step) could not be
            // sacrificed; the concept is gone from Fifth Edition (002 L4484-4487, L2969-2971).
            if self.destruction_stepped() && self.is_on_its_way(c) {
                return fault(CostFault::OnItsWay(c));
            }
        }
        if !self.assign_sacrifices(&bill.sacrifice, named, source) {
            let what = bill.sacrifice.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ");
            let odd = named
                .iter()
                .copied()
                .find(|&c| !bill.sacrifice.iter().any(|s| self.fits_sacrifice(c, s, source)))
                .or_else(|| named.first().copied());
            return match odd {
                Some(c) => fault(CostFault::DoesNotFit(c, what)),
                None => Ok(()),
            };
        }
        if let Some((n, t)) = &bill.returns {
            let have = u32::try_from(self.lands_to_return(p, t, named).len()).unwrap_or(u32::MAX);
            if have < *n {
                return fault(CostFault::ReturnCount { needed: *n, have, land: t.clone() });
            }
        }
        if bill.life > 0 {
            let life = self.game.player(p).life;
            if life <= 0 || i64::from(life) < i64::from(bill.life) {
                return fault(CostFault::Life { life, cost: bill.life });
            }
        }
        if let Some((need, kind)) = &bill.counters {
            let have = self.game.card(source).counters.iter().find(|(k, _)| k == kind).map_or(0, |(_, n)| *n);
            if have < *need {
                return fault(CostFault::Counters { have, need: *need, kind: kind.clone() });
            }
        }
        Ok(())
    }

    /// Whether the named permanents can be shared out among the sacrifice costs, each cost
    /// getting exactly its count of permanents it takes.
    fn assign_sacrifices(&self, costs: &[SacrificeCost], named: &[CardId], source: CardId) -> bool {
        fn go(e: &Engine<'_>, left: &mut Vec<u32>, costs: &[SacrificeCost], named: &[CardId], source: CardId) -> bool {
            let Some((&c, rest)) = named.split_first() else { return left.iter().all(|&n| n == 0) };
            for k in 0..costs.len() {
                if left[k] > 0 && e.fits_sacrifice(c, &costs[k], source) {
                    left[k] -= 1;
                    if go(e, left, costs, rest, source) {
                        return true;
                    }
                    left[k] += 1;
                }
            }
            false
        }
        let mut left: Vec<u32> = costs.iter().map(|s| s.count).collect();
        go(self, &mut left, costs, named, source)
    }

    /// Pays the parts that are not mana (checked before): sacrifices, life, counters. Returns
    /// the permanents sacrificed and the words for the announcement's cost.
    pub(super) fn pay_extras(
        &mut self,
        p: PlayerId,
        source: CardId,
        bill: &Bill,
        named: &[CardId],
        discards: &[CardId],
    ) -> (Vec<CardId>, Vec<String>) {
        let mut words = Vec::new();
        for &c in discards {
            words.push(format!("the discard of {}", self.label(c)));
            self.game.move_card(c, Zone::Graveyard);
            self.emit(EventKind::Discards { player: self.pname(p), card: self.label(c) }, Some(COSTS));
        }
        let mut gone = Vec::new();
        if bill.sacrifice_this {
            gone.push(source);
        }
        gone.extend_from_slice(named);
        for &c in &gone {
            words.push(format!("the sacrifice of {}", self.label(c)));
        }
        if bill.life > 0 {
            words.push(format!("{} life", bill.life));
        }
        if let Some((n, t)) = &bill.returns {
            // The lands the payer controls, tapped ones first (those are spent already), in
            // play order: the line gives only their number.
            let back: Vec<CardId> =
                self.lands_to_return(p, t, named).into_iter().take(usize::try_from(*n).unwrap_or(usize::MAX)).collect();
            for c in back {
                words.push(format!("the return of {}", self.label(c)));
                self.game.move_card(c, Zone::Hand);
                let owner = self.game.card(c).owner;
                self.emit(
                    EventKind::Moved {
                        card: self.label(c),
                        from: "play".to_owned(),
                        to: format!("{}'s hand, as a cost", self.pname(owner)),
                    },
                    Some(COSTS),
                );
            }
        }
        if let Some((n, kind)) = &bill.counters {
            let what = if *n == 1 { format!("a {kind} counter") } else { format!("{n} {kind} counters") };
            words.push(format!("{what} removed"));
            self.game.remove_counters(source, kind, *n);
        }
        if bill.life > 0 {
            self.change_life(p, -i32::try_from(bill.life).unwrap_or(i32::MAX), Some(COSTS));
        }
        for &c in &gone {
            self.sacrifice(p, c, "as a cost");
        }
        (gone, words)
    }

    /// Sacrifices a permanent: it goes to its owner's graveyard; nothing prevents it, and it
    /// may not be regenerated (002 Sacrifice, L3448-3478).
    pub(super) fn sacrifice(&mut self, p: PlayerId, c: CardId, why: &str) {
        if self.game.card(c).zone != Zone::Play {
            return;
        }
        self.emit(
            EventKind::Sacrifices { player: self.pname(p), card: self.label(c), why: why.to_owned() },
            Some(SACRIFICE),
        );
        if !self.game.buried.contains(&c) {
            self.game.buried.push(c);
        }
        // Its toughness as it leaves play, damage not counting (002 L2035-2037).
        let toughness = if self.is_creature(c) { Some(self.pt(c).1) } else { None };
        self.depth += 1;
        self.put_in_graveyard(c);
        self.depth -= 1;
        self.game.set_sacrificed_toughness(c, toughness);
    }

    /// Lands of a type `p` controls, tapped first, each group in play order; none named for a
    /// sacrifice of the same cost (one permanent cannot pay two parts: 002 L1858-1860).
    fn lands_to_return(&self, p: PlayerId, land: &str, sacrificed: &[CardId]) -> Vec<CardId> {
        let s = SacrificeCost { count: 1, what: Sacrificed::LandType(land.to_owned()), other_than_this: false };
        let mut lands = self.sacrifice_candidates(p, &s, CardId(u16::MAX));
        lands.retain(|c| !sacrificed.contains(c));
        lands.sort_by_key(|&c| !self.game.card(c).tapped);
        lands
    }

    /// The converted casting cost of a spell being cast: its printed cost with X as paid
    /// (002 Casting Cost, L1575-1585: what is paid for Gloom or text costs is not in it).
    pub(super) fn spell_converted_cost(&self, s: super::state::SpellId) -> u32 {
        let sp = self.game.spell(s);
        self.def(sp.card).cost.unwrap_or_default().with_x(sp.x).total()
    }

    /// The converted casting cost of a permanent or card: its printed cost, X counting 0.
    pub(super) fn card_converted_cost(&self, c: CardId) -> u32 {
        // A copy card sacrificed as a copy counts the copied card's cost.
        let def = self.game.card(c).left_as.map_or_else(|| self.def(c), |d| self.lib.get(d));
        def.cost.unwrap_or_default().total()
    }

    /// The upkeep costs of a permanent as they stand now: a cumulative upkeep's mana once for
    /// each age counter on it, plus once (002 Phase Cost; Cumulative Upkeep, L1985-1996).
    pub(super) fn upkeep_costs_of(&self, c: CardId) -> Vec<UpkeepCost> {
        let age = self.game.card(c).counters.iter().find(|(k, _)| k == "age").map_or(0, |(_, n)| *n);
        // A cumulative upkeep the permanent has as a keyword, printed or given by another card
        // (Breath of Dreams): its counters go on the permanent itself (002 L1994-2003).
        let keywords: Vec<Keyword> = if super::chars::any_effects(self.lib, &self.game) {
            self.chars(c).keyword_list()
        } else {
            self.def(c)
                .abilities
                .iter()
                .filter_map(|a| match a {
                    Ability::Keyword(k) => Some(k.clone()),
                    _ => None,
                })
                .collect()
        };
        let given = keywords.into_iter().filter_map(|k| match k {
            Keyword::CumulativeUpkeep(m) => Some(Ability::UpkeepCost(UpkeepCost {
                cost: ActivationCost { mana: m, ..ActivationCost::default() },
                penalty: crate::grammar::ability::Penalty::BuryThis,
                mandatory: false,
                cumulative: true,
            })),
            _ => None,
        });
        let printed = self.def(c).abilities.iter().filter(|a| matches!(a, Ability::UpkeepCost(_))).cloned();
        printed
            .chain(given)
            .filter_map(|a| match a {
                Ability::UpkeepCost(mut u) if u.cumulative => {
                    let times = age.saturating_add(1);
                    let m = &mut u.cost.mana;
                    m.generic = m.generic.saturating_mul(times);
                    for n in &mut m.colored {
                        *n = n.saturating_mul(times);
                    }
                    u.cost.life = u.cost.life.saturating_mul(times);
                    u.cost.draw = u.cost.draw.saturating_mul(times);
                    Some(u)
                }
                Ability::UpkeepCost(u) => Some(u),
                _ => None,
            })
            .collect()
    }

    /// A permanent may not use its abilities in its controller's upkeep until its upkeep cost
    /// is dealt with: paid or refused by a line in the upkeep, or at its end (002 Phase Cost,
    /// L3038-3045; Comes Into Play, L1679-1685).
    pub(super) fn check_upkeep_lock(&self, c: CardId) -> Result<(), Stop> {
        let card = self.game.card(c);
        if card.zone == Zone::Play
            && card.controller == self.game.active
            && self.phase_name() == "upkeep"
            && !self.game.upkeep_dealt.contains(&c)
            && !self.upkeep_costs_of(c).is_empty()
        {
            return Err(Stop::refuse(Refusal::UpkeepLock { card: c }));
        }
        Ok(())
    }

    /// The permanents `p` could sacrifice to a cost.
    pub(super) fn sacrifice_candidates(&self, p: PlayerId, s: &SacrificeCost, source: CardId) -> Vec<CardId> {
        self.game.zone(Zone::Play, Some(p)).into_iter().filter(|&c| self.fits_sacrifice(c, s, source)).collect()
    }

    /// The mana a mana-source effect adds once its costs are paid.
    pub(super) fn mana_of_effect(&self, effect: &Effect, sacrificed: &[CardId]) -> Option<ManaCost> {
        match effect {
            Effect::AddMana(m) => Some(*m),
            Effect::AddManaPerSacrificedCost(col) => {
                let n = sacrificed.iter().fold(0u32, |a, &c| a.saturating_add(self.card_converted_cost(c)));
                let mut m = ManaCost::default();
                m.colored[col.index()] = n;
                Some(m)
            }
            _ => None,
        }
    }
}
