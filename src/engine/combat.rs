//! The attack, inside the main phase in 5e: the intention, attackers, blockers, the damage
//! steps and the end of combat (002 Attack Phase Rules and Rulings; 000 Combat).

use super::action::Action;
use super::refusal::{NoAttack, NoBlock, Refusal};
use super::script::Driver as _;
use super::state::{AttackStep, CardId, Combat, Ctx, CtxKind, PlayerId, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Effect, Keyword};
use crate::grammar::mana::Color;
use crate::trace::{EventKind, Rule};

/// 002 Banding (Glossary): bands, mutual assistance and damage sharing.
pub(super) const BAND: Rule = Rule::g("Banding");
pub(super) const STEP0: Rule = Rule::g("Attack Phase, Step 0: Declare intention to attack");
pub(super) const ATTACKERS: Rule = Rule::g("Attack Phase, Step 1: Declare Attackers");
pub(super) const BLOCKERS: Rule = Rule::g("Attack Phase, Step 3: Declare Blockers");
pub(super) const DAMAGE: Rule = Rule::g("Attack Phase, Step 5+6: First Strike and non-FirstStrike Damage Dealing");
const END: Rule = Rule::g("Attack Phase, Step 7: End of Combat");

const OTHER: Rule = Rule::g("Attack Phase, Other Attack Phase Rulings");

impl Engine<'_> {
    fn step(&self) -> Option<AttackStep> {
        self.game.combat().map(|c| c.step)
    }

    pub(super) fn combat(&self) -> Option<&Combat> {
        self.game.combat()
    }

    pub(super) fn combat_mut(&mut self) -> Option<&mut Combat> {
        self.game.combat_mut().as_mut()
    }

    /// Before a line is taken: a declaration step ends at the first line of another kind, and a
    /// fast effect right after the intention to attack cancels it (contract, Consumption 3).
    pub(super) fn combat_before_line(&mut self, a: &Action) -> Result<(), Stop> {
        // m13: fast effects in the beginning of combat step do not cancel the attack (001 L504).
        if self.combat_phase() && self.step() == Some(AttackStep::DeclareAttack) {
            return Ok(());
        }
        match (self.step(), a) {
            (Some(AttackStep::DeclareAttack), Action::Announce(an)) => {
                let fast = self
                    .effect_of(an.card, an.source)
                    .is_some_and(|e| self.speed(an.card, an.source, &e) != super::announce::Speed::ManaSource);
                if !fast {
                    return Ok(());
                }
                self.require(crate::edition::Unmodelled::AttackCancel)?;
                if an.player == self.game.active {
                    return Err(Stop::refuse(Refusal::AttackIntentionAnswered { attacker: an.player }));
                }
                // The defender's response cancels the attack; the defender acts now, and once
                // the batch resolves the main phase is neutral again (002 Who Announces First).
                self.require(crate::edition::Unmodelled::AttackCancel)?;
                self.emit(EventKind::AttackCancelled { by: self.pname(an.player) }, Some(STEP0));
                *self.game.combat_mut() = None;
                let top = self.game.top_mut();
                top.holder = an.player;
                top.passes = 0;
                Ok(())
            }
            // Alpha: fast effects may be used during the declarations (003 p.25).
            (
                Some(AttackStep::DeclareAttackers | AttackStep::DeclareBlockers),
                Action::Announce(_) | Action::Pass(_) | Action::Resolve | Action::ResolveTop,
            ) if self.pol.fast_effects_in_declarations => Ok(()),
            // A declaration step ends only where nothing is open (under Alpha a fast effect may be
            // open in it, 003 p.25): the line is then taken at the current moment.
            // A specialized ability (Jade Statue's) is played inside the declarations (002
            // L313-317, L342-343, L364-366).
            (Some(s @ (AttackStep::DeclareAttackers | AttackStep::DeclareBlockers)), Action::Announce(an))
                if self.combat_only(an) && self.declaring(an.player, s) =>
            {
                Ok(())
            }
            (Some(AttackStep::DeclareAttackers), a)
                if !matches!(a, Action::AttackWith(..) | Action::Tap(..)) && self.game.top().is_neutral() =>
            {
                self.advance_combat(AttackStep::BeforeBlocks)
            }
            // False Orders is cast at the end of the declaration of blockers, before the step
            // ends (002 L428-431).
            (Some(AttackStep::DeclareBlockers), Action::Announce(an))
                if matches!(an.source, super::state::Source::Spell(_)) && self.end_of_blocks_spell(an.card) =>
            {
                Ok(())
            }
            (Some(AttackStep::DeclareBlockers), a)
                if !matches!(a, Action::Block(..) | Action::Tap(..)) && self.game.top().is_neutral() =>
            {
                self.advance_combat(AttackStep::AfterBlocks)
            }
            _ => Ok(()),
        }
    }

    /// Whether `p` is the player declaring in step `s` (the attacker declares attackers, the
    /// defender blockers).
    pub(super) fn declaring(&self, p: PlayerId, s: AttackStep) -> bool {
        match s {
            AttackStep::DeclareAttackers => p == self.game.active,
            AttackStep::DeclareBlockers => p != self.game.active,
            _ => false,
        }
    }

    /// Whether the line plays an ability usable only during combat (Jade Statue).
    fn combat_only(&self, an: &super::action::Announce) -> bool {
        match an.source {
            super::state::Source::Ability(i) => self.ability_cost(an.card, i).is_some_and(|c| c.combat_only),
            _ => false,
        }
    }

    /// Why a line cannot be taken at this moment of the attack although a later moment of the
    /// same attack may take it: a regeneration (used only as its creature is being destroyed,
    /// 002 Regeneration L3363-3366; under 4e only in a damage prevention step, 002 Changes:
    /// Regeneration L4502-4505) or a prevention (only in a damage prevention step, 002 Damage
    /// Prevention L1115-1119, L2087-2091; 000 L766), where the rules have such steps (Alpha
    /// has none: a prevention is used before the damage, 003 p.38). Other lines, Giant Growth
    /// or Healing Salve choosing `gain` among them, are legal after blocks and are taken
    /// there. Returns the reason and the rule that sets its moment.
    fn waits_for_damage(&self, a: &Action) -> Option<(&'static str, Rule)> {
        // m13: regeneration is a shield, set up at any moment a player has priority.
        if self.pol.regeneration == crate::edition::RegenerationUse::Shield && matches!(a, Action::Regenerate(..)) {
            return None;
        }
        let regen = if self.regeneration_in_prevention() {
            (
                "regeneration is used only in a damage prevention step, on a creature on its way to the graveyard",
                Rule::g("Changes from Fourth Edition: Regeneration"),
            )
        } else {
            ("regeneration is used only as the creature is being destroyed", Rule::g("Regeneration"))
        };
        match a {
            // Only a creature its player can regenerate: any other line is refused as it is.
            Action::Regenerate(p, c) => (!self.regeneration_sources(*p, *c).is_empty()).then_some(regen),
            Action::Announce(an) => {
                self.check_source_zone(an).ok()?;
                match (an.source, self.effect_of(an.card, an.source)?) {
                    (super::state::Source::Ability(_), Effect::Regenerate(_)) => Some(regen),
                    (_, Effect::Prevent(..) | Effect::PreventAllFrom(_))
                        if self.pol.prevention != crate::edition::PreventionTiming::NoStep =>
                    {
                        // 5e: only in a step, on damage to its target (002 L2087-2091). 4e allowed
                        // preventing none (002 L4431-4432): a line written before the damage waits
                        // for damage to its target only by the scenario format's convention.
                        let why = if self.pol.prevent_zero {
                            "damage prevention is played only in a damage prevention step, and by the scenario format's convention, Consumption 4, one written before the damage is for damage to its target still to come"
                        } else {
                            "damage prevention is played only in a damage prevention step, on damage to its target"
                        };
                        Some((why, Rule::g("Damage Prevention (glossary): only during a damage prevention step")))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A line written after the blockers are declared whose moment is a later one of the same
    /// attack (a regeneration, a prevention) waits for it: play goes on with nobody acting
    /// (what is open resolves, then the steps follow one another) and the first damage
    /// prevention step or destruction where the line is legal takes it, as inside a resolving
    /// batch (002 Attack Phase, Step 4 L437-451 and Step 5+6 L470-471: each damage step ends
    /// with its damage prevention step and the destruction of the dead; 000 L746, L766).
    /// Play stops after the step that took it. Returns whether the line was taken; when no
    /// moment took it the attack is over and the line is taken as it stands (and refused),
    /// with a note on where it waited. Before the blocks such a line does not wait: going on
    /// would declare no blockers for the defender, so it is refused with a note saying so.
    pub(super) fn carry_to_later_moment(&mut self, i: usize) -> Result<bool, Stop> {
        let Some(step) = self.step() else { return Ok(false) };
        if self.quiet || self.game.ctx.len() != 1 || step >= AttackStep::FirstStrikeDamage {
            return Ok(false);
        }
        let Some(line) = self.driver.line(i).cloned() else { return Ok(false) };
        let Some((why, rule)) = self.waits_for_damage(&line.action) else { return Ok(false) };
        if step < AttackStep::DeclareBlockers {
            let defender = self.pname(self.game.active.other());
            self.driver.decline(
                i,
                format!(
                    "written after the blocks it would wait for its moment in the damage steps, but the blockers are not declared yet and another line does not declare them: write `{defender} blocks ...` or `{defender} blocks with nothing` before it (GRS 07/15/97, Attack Phase, Step 3: Declare Blockers)"
                ),
            );
            return Ok(false);
        }
        let now = AttackStep::AfterBlocks;
        self.driver.rewind(i);
        self.emit(
            EventKind::PlayOut {
                what: format!(
                    "line {} ({}) is not legal yet ({why}): it waits, and play goes on with nobody acting until the first moment of this attack where it is legal",
                    line.number, line.text
                ),
            },
            Some(rule),
        );
        let was = self.waiting.replace(i);
        let r = self.play_on_until_taken(i, now);
        self.waiting = was;
        r.map_err(|s| s.at_line(i))?;
        if self.driver.position() > i {
            return Ok(true);
        }
        self.driver.rewind(i + 1);
        self.driver.decline(
            i,
            format!(
                "it waited from the {} step for a moment of the attack where it would be legal, and none came before the end of combat",
                now.name()
            ),
        );
        Ok(false)
    }

    /// Plays the attack on from `now`, nobody acting, until a moment takes line `i` or the
    /// attack is over.
    fn play_on_until_taken(&mut self, i: usize, now: AttackStep) -> Result<(), Stop> {
        self.settle_top()?;
        self.advance_combat(now)?;
        while self.driver.position() == i {
            let Some(step) = self.step().filter(|&s| s < AttackStep::EndOfCombat) else { break };
            self.next_combat_step(step)?;
        }
        Ok(())
    }

    /// Checks that a step-bound line of the attack may move play forward now, and brings play to
    /// the main phase if the turn is earlier.
    fn attack_moment(&mut self, p: PlayerId) -> Result<(), Stop> {
        self.declaration_moment()?;
        let main = self.pol.main_phase();
        if self.game.combat().is_none() && p == self.game.active && self.game.phase < main {
            self.advance(super::action::Goal::Phase(main), Some(()))?;
        }
        Ok(())
    }

    /// A declaration of the attack is made only where nothing is being cast or waiting (contract,
    /// Consumption 3). Alpha lets fast effects come during the declarations (003 p.25), but a
    /// declaration does not come between a spell's announcement and its effect: only interrupts
    /// may (p.19, p.30), and nothing else happens until both players have finished (p.30).
    fn declaration_moment(&self) -> Result<(), Stop> {
        if !self.game.top().is_neutral() || self.game.ctx.len() > 1 {
            let alpha = self.pol.fast_effects_in_declarations;
            return Err(Stop::refuse(Refusal::DeclarationNotResponse { alpha }));
        }
        Ok(())
    }

    /// `P declares an attack`: the intention (5e step 0), answered by the defender or not.
    /// Whether a response to the intention to attack cancels it, as 5e has it (002 Step 0).
    fn intention_cancels(&self) -> bool {
        !self.pol.unmodelled.contains(&crate::edition::Unmodelled::AttackCancel)
    }

    pub(super) fn declare_attack(&mut self, p: PlayerId) -> Result<(), Stop> {
        if self.combat_phase() && self.game.combat().is_some() {
            return Err(Stop::refuse(Refusal::CombatM13 {
                reason: "the combat phase has already begun, and a turn has one combat phase: nothing cancelled it"
                    .into(),
                rule: Rule::m("Parts of the Turn (L1347-1370); Beginning of Combat Step (L502-504)"),
            }));
        }
        self.attack_moment(p)?;
        self.check_may_attack(p)?;
        if self.combat_phase() {
            return self.begin_combat(p);
        }
        self.yield_to(p)?;
        *self.game.combat_mut() = Some(Combat::new(AttackStep::DeclareAttack));
        self.emit(EventKind::AttackIntention { player: self.pname(p), cancels: self.intention_cancels() }, Some(STEP0));
        // The defender may now respond; the attacker has said what it does.
        let top = self.game.top_mut();
        top.holder = p.other();
        top.passes = 1;
        Ok(())
    }

    fn check_may_attack(&self, p: PlayerId) -> Result<(), Stop> {
        let phase = self.pol.phases[self.game.phase];
        if p != self.game.active || phase != "main" {
            return Err(Stop::refuse(Refusal::AttackOutsideOwnMain { player: p }));
        }
        if self.game.attacked {
            return Err(Stop::refuse(Refusal::AlreadyAttacked { player: p }));
        }
        if self.game.no_attack {
            return Err(Stop::refuse(Refusal::AttacksForbidden { player: p }));
        }
        Ok(())
    }

    /// `P attacks with A, B`: declares attackers (the intention first, if not yet declared).
    pub(super) fn attack_with(&mut self, p: PlayerId, cards: &[CardId], bands: &[Vec<CardId>]) -> Result<(), Stop> {
        match self.step() {
            None if self.combat_phase() => {
                self.attack_moment(p)?;
                self.check_may_attack(p)?;
                self.begin_combat(p)?;
                self.advance_combat(AttackStep::DeclareAttackers)?;
            }
            None => {
                self.attack_moment(p)?;
                self.check_may_attack(p)?;
                self.yield_to(p)?;
                *self.game.combat_mut() = Some(Combat::new(AttackStep::DeclareAttack));
                self.emit(
                    EventKind::AttackIntention { player: self.pname(p), cancels: self.intention_cancels() },
                    Some(STEP0),
                );
                self.advance_combat(AttackStep::DeclareAttackers)?;
            }
            Some(AttackStep::DeclareAttack | AttackStep::BeginningOfAttack) => {
                self.advance_combat(AttackStep::DeclareAttackers)?;
            }
            Some(AttackStep::DeclareAttackers) => self.declaration_moment()?,
            Some(step) => {
                return Err(Stop::refuse(Refusal::AttackersPastStep { step }));
            }
        }
        if p != self.game.active {
            return Err(Stop::refuse(Refusal::NotTheAttacker { active: self.game.active }));
        }
        // The whole line is checked before anything taps: an illegal line changes nothing.
        for (k, &c) in cards.iter().enumerate() {
            self.check_attacker(p, c)?;
            if cards[..k].contains(&c) {
                return Err(Stop::refuse(Refusal::AttackerNamedTwice { card: c }));
            }
        }
        for band in bands {
            // All, or all but one, of a band's members must have banding (002 Banding L1410-1412).
            let without: Vec<CardId> =
                band.iter().copied().filter(|&c| !self.has_keyword(c, &Keyword::Banding)).collect();
            if without.len() > 1 {
                return Err(Stop::refuse(Refusal::BandWithoutBanding { band: band.clone(), without }));
            }
        }
        // A creature that must attack goes with the attack when it can (002 Must Attack or Block).
        let must: Vec<CardId> = self.game.must_attack.clone();
        if let Some(&m) = must
            .iter()
            .find(|&&m| !cards.contains(&m) && self.game.card(m).controller == p && self.check_attacker(p, m).is_ok())
        {
            return Err(Stop::refuse(Refusal::MustAttack { card: m }));
        }
        self.game.attacked = true;
        for &c in cards {
            self.game.attacked_with.push(c);
            let tap = !self.has_keyword(c, &Keyword::NoTapToAttack);
            if tap {
                self.game.tap(c);
            }
            if let Some(cb) = self.combat_mut() {
                cb.attackers.push(c);
            }
            self.emit(EventKind::Attacks { card: self.label(c), tapped: tap }, Some(ATTACKERS));
            self.game.happened.push(super::state::Happening::Attacks(c));
        }
        for band in bands {
            if let Some(cb) = self.combat_mut() {
                cb.bands.push(band.clone());
            }
            self.emit(EventKind::Band { members: band.iter().map(|&c| self.label(c)).collect() }, Some(BAND));
        }
        // Imprison: asked as each creature is declared, in the order named.
        for &c in cards {
            self.combat_taxed(c)?;
        }
        // Triggers from declaring attackers are dealt with at once (002 L344-346, 07/03/97).
        self.run_triggers()
    }

    /// Names joined as "A, B and C".
    pub(super) fn labels(&self, cards: &[CardId]) -> String {
        let names: Vec<String> = cards.iter().map(|&c| self.label(c)).collect();
        crate::trace::and_list(&names)
    }

    /// Whether the creature could be declared as an attacker now.
    pub(super) fn can_attack(&self, p: PlayerId, c: CardId) -> bool {
        self.check_attacker(p, c).is_ok()
    }

    fn check_attacker(&self, p: PlayerId, c: CardId) -> Result<(), Stop> {
        let card = self.game.card(c);
        let why = if card.zone != Zone::Play || card.controller != p {
            Some(NoAttack::NotControlled)
        } else if !self.is_creature(c) {
            Some(NoAttack::NotCreature)
        } else if card.tapped {
            Some(NoAttack::Tapped)
        } else if card.sick {
            Some(NoAttack::Sick)
        } else if self.has_keyword(c, &Keyword::Wall) {
            Some(NoAttack::Wall)
        } else if let Some(land) = self.chars(c).keyword_list().into_iter().find_map(|k| match k {
            Keyword::AttacksOnlyIfDefenderControls(l) => Some(l),
            _ => None,
        }) && !self.controls_land(p.other(), &land)
        {
            Some(NoAttack::DefenderLacks(land))
        } else if self.combat().is_some_and(|cb| cb.attackers.contains(&c)) {
            match self.combat().and_then(|cb| cb.band_of(c)) {
                // Once in a band, a creature cannot be taken out of it (002 Banding L1413-1416).
                Some(band) => Some(NoAttack::InBand(band.iter().copied().filter(|&m| m != c).collect())),
                None => Some(NoAttack::AlreadyAttacking),
            }
        } else {
            None
        };
        why.map_or(Ok(()), |why| Err(Stop::refuse(Refusal::CannotAttack { card: c, player: p, why })))
    }

    /// `P blocks A with B, C` / `P blocks with nothing`.
    pub(super) fn block(&mut self, p: PlayerId, blk: Option<&(CardId, Vec<CardId>)>) -> Result<(), Stop> {
        let Some(step) = self.step() else {
            return Err(Stop::refuse(Refusal::NothingToBlock));
        };
        if step < AttackStep::DeclareBlockers {
            self.attack_moment(p)?;
            self.advance_combat(AttackStep::DeclareBlockers)?;
        } else if step == AttackStep::DeclareBlockers {
            self.declaration_moment()?;
        } else if step > AttackStep::DeclareBlockers {
            return Err(Stop::refuse(Refusal::BlockersPastStep { step }));
        }
        if p == self.game.active {
            return Err(Stop::refuse(Refusal::AttackerBlocks { player: p }));
        }
        if blk.is_some()
            && let Some(card) = self.combat().and_then(|cb| cb.blocks_closed_by)
        {
            return Err(Stop::refuse(Refusal::BlocksClosed { card }));
        }
        self.drop_from_combat();
        let Some((attacker, blockers)) = blk else {
            let more = self.combat().is_some_and(|cb| !cb.blocks.is_empty());
            self.emit(EventKind::NoBlockers { player: self.pname(p), more }, Some(BLOCKERS));
            return self.advance_combat(AttackStep::AfterBlocks);
        };
        let attacking = self.combat().is_some_and(|cb| cb.attackers.contains(attacker) && cb.in_combat(*attacker));
        if !attacking {
            return Err(Stop::refuse(Refusal::NotAttacking { card: *attacker }));
        }
        // Blocking one member of a band blocks the whole band (002 Banding L1426-1428).
        let band: Vec<CardId> =
            self.combat().and_then(|cb| cb.band_of(*attacker)).map(<[CardId]>::to_vec).unwrap_or_default();
        if self.combat_phase()
            && std::iter::once(attacker).chain(blockers.iter()).any(|&c| self.has_keyword(c, &Keyword::Banding))
        {
            self.require(crate::edition::Unmodelled::Banding)?;
        }
        for &b in blockers {
            self.check_blocker(p, b, *attacker)?;
            if let Some(cb) = self.combat_mut() {
                cb.declared.push((b, *attacker));
                let members = std::iter::once(*attacker).chain(band.iter().copied().filter(|m| m != attacker));
                for m in members.collect::<Vec<_>>() {
                    match cb.blocks.iter_mut().find(|(a, _)| *a == m) {
                        Some((_, bs)) => bs.push(b),
                        None => cb.blocks.push((m, vec![b])),
                    }
                }
            }
            self.emit(EventKind::Blocks { blocker: self.label(b), attacker: self.label(*attacker) }, Some(BLOCKERS));
            if !band.is_empty() {
                let members = band.iter().map(|&c| self.label(c)).collect();
                self.emit(EventKind::BlocksBand { blocker: self.label(b), members }, Some(BAND));
            }
            // It blocks each member of the band, but is assigned only to the one named (002
            // Flanking: blocks through a band are not assigned).
            self.game.happened.push(super::state::Happening::Blocks {
                blocker: b,
                attacker: *attacker,
                assigned: true,
            });
            for &m in band.iter().filter(|m| *m != attacker) {
                self.game.happened.push(super::state::Happening::Blocks { blocker: b, attacker: m, assigned: false });
            }
        }
        // Imprison: asked as each creature is declared, in the order named.
        for &b in blockers {
            self.combat_taxed(b)?;
        }
        // Triggers from declaring blockers are dealt with at once (002 L422-427, 07/03/97).
        self.run_triggers()
    }

    /// Whether `b` may block `a`: untapped, one attacker only, and past every evasion ability.
    pub(super) fn check_blocker(&self, p: PlayerId, b: CardId, a: CardId) -> Result<(), Stop> {
        let card = self.game.card(b);
        let why = if card.zone != Zone::Play || card.controller != p {
            Some(NoBlock::NotControlled)
        } else if !self.is_creature(b) {
            Some(NoBlock::NotCreature)
        } else if card.tapped {
            Some(NoBlock::Tapped)
        } else if self.combat().is_some_and(|cb| cb.blocked_by(b).is_some()) {
            Some(NoBlock::AlreadyBlocks)
        } else {
            self.evasion(b, a, p)
        };
        why.map_or(Ok(()), |why| Err(Stop::refuse(Refusal::CannotBlock { blocker: b, attacker: a, player: p, why })))
    }

    /// Which evasion ability of attacker `a` keeps `b` (of defender `p`) from blocking it.
    pub(super) fn evasion(&self, b: CardId, a: CardId, p: PlayerId) -> Option<NoBlock> {
        if self.has_keyword(a, &Keyword::Flying) && !self.has_keyword(b, &Keyword::Flying) {
            Some(NoBlock::Flying)
        } else if let Some(col) = self.colors(b).into_iter().find(|c| self.has_keyword(a, &Keyword::Protection(*c))) {
            Some(NoBlock::Protection(col))
        } else if self.has_keyword(a, &Keyword::Fear)
            && !self.colors(b).contains(&Color::Black)
            && !self.chars(b).is_artifact()
        {
            // Fear lets only black creatures and artifact creatures block (002 L413-417).
            Some(NoBlock::Fear)
        } else {
            self.landwalk_open(a, p).map(NoBlock::Landwalk)
        }
    }

    /// The land type an attacker walks through, if the defender controls one.
    fn landwalk_open(&self, a: CardId, defender: PlayerId) -> Option<String> {
        // Landwalk printed or given (Goblin King's mountainwalk), unless taken away.
        let walks: Vec<String> = self
            .chars(a)
            .keyword_list()
            .into_iter()
            .filter_map(|k| match k {
                Keyword::Landwalk(l) => Some(l),
                _ => None,
            })
            // Landwalk granted until a player's next upkeep (Erhnam Djinn's forestwalk).
            .chain(self.game.until_upkeep_grants().iter().filter(|e| e.0 == a).filter_map(|e| match &e.1 {
                Keyword::Landwalk(l) => Some(l.clone()),
                _ => None,
            }))
            .collect();
        walks.into_iter().find(|l| self.controls_land(defender, l))
    }

    /// Both players passed at a moment of the attack: play goes on to the next declaration or
    /// damage step.
    pub(super) fn combat_passed(&mut self) -> Result<(), Stop> {
        if self.combat_phase()
            && let Some(step) = self.step()
        {
            return self.combat_passed_m13(step);
        }
        match self.step() {
            Some(AttackStep::DeclareAttack | AttackStep::BeginningOfAttack) => {
                self.advance_combat(AttackStep::DeclareAttackers)
            }
            Some(AttackStep::DeclareAttackers) => self.advance_combat(AttackStep::BeforeBlocks),
            Some(AttackStep::BeforeBlocks | AttackStep::DeclareBlockers) => {
                self.advance_combat(AttackStep::AfterBlocks)
            }
            Some(_) => self.advance_combat(AttackStep::EndOfCombat),
            None => Ok(()),
        }
    }

    /// Plays the attack forward, nobody acting, until `to` has begun (the end of combat finishes it).
    pub(super) fn advance_combat(&mut self, to: AttackStep) -> Result<(), Stop> {
        while let Some(step) = self.step() {
            if step >= to {
                break;
            }
            self.next_combat_step(step)?;
        }
        Ok(())
    }

    fn next_combat_step(&mut self, step: AttackStep) -> Result<(), Stop> {
        let Some(next) = step.next() else { return Ok(()) };
        let saved = self.depth;
        self.depth = saved.min(1);
        // Creatures killed or gone during this step leave the combat at its end (002 Steps 2, 4).
        self.drop_from_combat();
        if self.combat_phase() {
            return self.next_step_m13(step, next, saved);
        }
        match step {
            AttackStep::DeclareAttack => {
                // 002 Step 0: mana burn and the life check before going on.
                self.emit(
                    EventKind::PlayOut {
                        what: "the intention to attack stands: mana burn, then the life check".into(),
                    },
                    Some(STEP0),
                );
                self.depth += 1;
                let r = self.burn_and_life_check("at the beginning of the attack");
                self.depth -= 1;
                r?;
            }
            AttackStep::DeclareAttackers => {
                self.game.attacked = true;
                if self.combat().is_some_and(|cb| cb.attackers.is_empty()) {
                    self.emit(
                        EventKind::PlayOut {
                            what: "no attackers are declared: a null attack, which still counts as the turn's attack"
                                .into(),
                        },
                        Some(ATTACKERS),
                    );
                }
            }
            AttackStep::DeclareBlockers => {
                self.drop_from_combat();
                let unblocked: Vec<CardId> = self
                    .combat()
                    .map(|cb| cb.attackers.iter().copied().filter(|&a| cb.in_combat(a) && !cb.is_blocked(a)).collect())
                    .unwrap_or_default();
                for a in unblocked {
                    self.emit(EventKind::Unblocked { card: self.label(a) }, Some(BLOCKERS));
                    self.game.happened.push(super::state::Happening::NotBlocked(a));
                }
                self.rampage_bonuses();
                // "Is not blocked" abilities are triggered abilities dealt with at the end of
                // the declaration of blockers (002 Is Not Blocked L2509-2518).
                self.run_triggers()?;
            }
            _ => {}
        }
        if let Some(cb) = self.combat_mut() {
            cb.step = next;
        }
        self.emit(EventKind::StepBegins { step: next.name().to_owned() }, Some(step_rule(next)));
        self.depth += 1;
        let r = self.enter_step(next);
        self.depth = saved;
        r
    }

    /// Rampage: as the declare blockers step ends, each attacker with `rampage N` gets +N/+N
    /// until end of turn for each creature beyond the first declared against it; the bonus is
    /// fixed then, whatever later happens to the blockers, and a Fog does not stop it (002
    /// Rampage L3342-3354: only assigned blockers count, and rampage instances add up).
    fn rampage_bonuses(&mut self) {
        let Some(cb) = self.combat() else { return };
        let counts: Vec<(CardId, usize)> = cb
            .attackers
            .iter()
            .filter(|&&a| cb.in_combat(a))
            .map(|&a| (a, cb.declared.iter().filter(|(_, at)| *at == a).count()))
            .collect();
        for (a, blockers) in counts {
            let ch = self.chars(a);
            let printed: u32 = ch
                .abilities
                .iter()
                .filter_map(|ab| match ab {
                    crate::grammar::ability::Ability::Keyword(Keyword::Rampage(n)) => Some(*n),
                    _ => None,
                })
                .sum();
            let granted: u32 = ch
                .keywords
                .iter()
                .filter_map(|(k, on)| match k {
                    Keyword::Rampage(n) if *on => Some(*n),
                    _ => None,
                })
                .sum();
            let n = printed.saturating_add(granted);
            let beyond = u32::try_from(blockers.saturating_sub(1)).unwrap_or(u32::MAX);
            if n == 0 || beyond == 0 {
                continue;
            }
            let bonus = i32::try_from(n.saturating_mul(beyond)).unwrap_or(i32::MAX);
            self.game.until_end_of_turn(a, crate::grammar::ability::Change::Pump(bonus, bonus));
            let (np, nt) = self.pt(a);
            self.emit(
                EventKind::Pumped { card: self.label(a), power: bonus, toughness: bonus, now: format!("{np}/{nt}") },
                Some(Rule::g("Rampage")),
            );
        }
    }

    /// m13: the next moment of the combat phase: a new step empties the mana pools (001 L268)
    /// and is named as 001 names it; the first strike damage step is skipped when no creature
    /// in the combat has first strike (001 L944-946).
    fn next_step_m13(&mut self, step: AttackStep, next: AttackStep, saved: u8) -> Result<(), Stop> {
        self.settle_before_step_ends()?;
        if step == AttackStep::DeclareAttackers {
            self.game.attacked = true;
            if self.combat().is_some_and(|cb| cb.attackers.is_empty()) {
                self.emit(
                    EventKind::PlayOut { what: "no attackers are declared".into() },
                    Some(Rule::m("Declare Attackers Step (L506-508)")),
                );
            }
        }
        if step == AttackStep::DeclareBlockers {
            let unblocked: Vec<CardId> = self
                .combat()
                .map(|cb| cb.attackers.iter().copied().filter(|&a| cb.in_combat(a) && !cb.is_blocked(a)).collect())
                .unwrap_or_default();
            for a in unblocked {
                self.emit(
                    EventKind::Unblocked { card: self.label(a) },
                    Some(Rule::m("Declare Blockers Step (L510-514)")),
                );
            }
        }
        // No creature has first strike: there is no first strike damage step.
        let next = if next == AttackStep::FirstStrikeDamage && !self.first_strike_needed() {
            AttackStep::Damage
        } else {
            next
        };
        if let Some(cb) = self.combat_mut() {
            cb.step = next;
        }
        if let Some(name) = Self::m13_step(next) {
            let ended = Self::m13_step(step.m13_owner()).unwrap_or("beginning of combat");
            if ended != name {
                self.emit(
                    EventKind::StepEnds { phase: format!("{ended} step") },
                    Some(Rule::m("Parts of the Turn (L478)")),
                );
                self.depth += 1;
                self.empty_pools()?;
                self.depth -= 1;
            }
            self.emit(EventKind::StepBegins { step: name.to_owned() }, Some(m13_step_rule(next)));
        }
        self.depth += 1;
        let r = self.enter_step(next);
        self.depth = saved;
        r
    }

    fn enter_step(&mut self, step: AttackStep) -> Result<(), Stop> {
        let active = self.game.active;
        match step {
            AttackStep::DeclareBlockers => {
                self.drop_from_combat();
                Ok(())
            }
            AttackStep::BeforeBlocks | AttackStep::AfterBlocks => {
                self.drop_from_combat();
                self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
                Ok(())
            }
            AttackStep::FirstStrikeDamage | AttackStep::Damage if self.combat_phase() => {
                // m13: players then get priority in the step (001 L518), after the abilities
                // its damage triggered have gone on the stack.
                self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
                self.damage_step(step == AttackStep::FirstStrikeDamage)
            }
            AttackStep::FirstStrikeDamage => self.damage_step(true),
            AttackStep::Damage => self.damage_step(false),
            AttackStep::EndOfCombat if self.combat_phase() => {
                // m13: players get priority in the end of combat step (001 L520-522).
                self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
                Ok(())
            }
            AttackStep::EndOfCombat => {
                // 002 Step 7: end-of-combat effects, mana burn, then the life check. What lasts
                // "until end of combat" has seen the "at end of combat" effects, and ends.
                self.end_of_combat_effects()?;
                self.end_combat_durations()?;
                self.burn_and_life_check("at the end of the attack")?;
                *self.game.combat_mut() = None;
                self.emit(EventKind::CombatEnds, Some(END));
                self.game.ctx = vec![Ctx::new(CtxKind::Phase, active)];
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The effects that last "until end of combat" end (Jade Statue): in the end of combat
    /// step, once its "at end of combat" effects have been dealt with (002 Step 7, L485-489).
    pub(super) fn end_combat_durations(&mut self) -> Result<(), Stop> {
        let ended = self.game.end_combat_effects();
        if ended.is_empty() {
            return Ok(());
        }
        let cards = ended.iter().map(|&c| self.label(c)).collect();
        self.emit(EventKind::CombatEffectsEnd { cards }, Some(END));
        self.drop_from_combat();
        Ok(())
    }

    /// Creatures killed, bounced or no longer creatures leave the combat (002 Steps 2 and 4).
    pub(super) fn drop_from_combat(&mut self) {
        self.drop_combatants(false);
    }

    /// The permanents of the combat still in play that are no longer creatures leave it at
    /// once (002 L500-502: if it becomes a creature again, it does not rejoin). Those that left
    /// play are dropped as the next step begins, as before.
    pub(super) fn drop_uncreatured_from_combat(&mut self) {
        self.drop_combatants(true);
    }

    fn drop_combatants(&mut self, in_play_only: bool) {
        let Some(cb) = self.combat() else { return };
        let gone: Vec<CardId> = cb
            .attackers
            .iter()
            .copied()
            .chain(cb.blocks.iter().flat_map(|(_, bs)| bs.iter().copied()))
            // The cheap tests first: `in_combat` looks through the combat's lists.
            .filter(|&c| !in_play_only || self.game.card(c).zone == Zone::Play)
            .filter(|&c| !self.is_creature_in_play(c) && cb.in_combat(c))
            .collect();
        for c in gone {
            let why =
                if self.game.card(c).zone == Zone::Play { "it is no longer a creature" } else { "it has left play" };
            self.remove_from_combat(c, why);
        }
    }

    /// Removes a creature from the combat, with a trace line.
    pub(super) fn remove_from_combat(&mut self, c: CardId, why: &str) {
        let present = self.combat().is_some_and(|cb| cb.in_combat(c));
        if let Some(cb) = self.combat_mut().filter(|_| present) {
            cb.removed.push(c);
            self.emit(EventKind::RemovedFromCombat { card: self.label(c), why: why.to_owned() }, Some(OTHER));
        }
    }
}

/// 001's section for a step of the combat phase.
const fn m13_step_rule(step: AttackStep) -> Rule {
    match step {
        AttackStep::DeclareAttack | AttackStep::BeginningOfAttack => super::combat_m13::BEGIN,
        AttackStep::DeclareAttackers | AttackStep::BeforeBlocks => Rule::m("Declare Attackers Step (L506-508)"),
        AttackStep::DeclareBlockers | AttackStep::AfterBlocks => Rule::m("Declare Blockers Step (L510-514)"),
        AttackStep::FirstStrikeDamage => Rule::m("First Strike (L944-946): a first combat damage step"),
        AttackStep::Damage => Rule::m("Combat Damage Step (L516-518)"),
        AttackStep::EndOfCombat => Rule::m("End of Combat Step (L520-522)"),
    }
}

fn step_rule(step: AttackStep) -> Rule {
    match step {
        AttackStep::DeclareAttack => STEP0,
        AttackStep::BeginningOfAttack => Rule::g("Attack Phase, Step 1/2: Beginning of Attack"),
        AttackStep::DeclareAttackers => ATTACKERS,
        AttackStep::BeforeBlocks => Rule::g("Attack Phase, Step 2: Fast Effects before Blocking"),
        AttackStep::DeclareBlockers => BLOCKERS,
        AttackStep::AfterBlocks => Rule::g("Attack Phase, Step 4: Fast Effects after Blocking"),
        AttackStep::FirstStrikeDamage | AttackStep::Damage => DAMAGE,
        AttackStep::EndOfCombat => END,
    }
}
