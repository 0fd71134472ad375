//! Questions about the state: power and toughness, keywords, target legality, effects.

use super::Engine;
use super::refusal::{Place, TargetFault};
use super::state::{CardId, PlayerId, Source, Spell, SpellId, Status, Target, Zone};
use crate::cards::CardKind;
use crate::grammar::ability::{Ability, ActivationCost, Effect, Filter, Keyword, TargetKind, TargetSpec};
use crate::grammar::mana::Color;

/// Current power and toughness of a card: printed, counters, and the continuous effects on it
/// in timestamp order (see `engine::chars`).
#[must_use]
pub fn power_toughness(lib: &crate::cards::Library, game: &super::state::Game, c: CardId) -> (i32, i32) {
    super::chars::chars(lib, game, c).pt
}

/// Power and toughness of every card in play at once (indexed by card id; a card elsewhere
/// reads 0/0): what a check of every creature uses.
#[must_use]
pub fn power_toughness_all(lib: &crate::cards::Library, game: &super::state::Game) -> Vec<(i32, i32)> {
    let mut all = vec![(0, 0); game.cards().len()];
    // Only what is or may be a creature: a land or an enchantment with no animation on it
    // keeps 0/0 without the whole computation.
    let animation = game.effects().iter().any(|e| matches!(e.change, crate::grammar::ability::Change::Animate { .. }))
        || super::chars::touched_statics_animate(lib, game);
    for (k, card) in game.cards().iter().enumerate() {
        if card.zone != Zone::Play || !(animation || lib.get(card.def).kind.is_creature()) {
            continue;
        }
        let Ok(c) = u16::try_from(k).map(CardId) else { continue };
        if let Some(pt) = all.get_mut(k) {
            *pt = power_toughness(lib, game, c);
        }
    }
    all
}

impl Engine<'_> {
    /// The effect a spell or ability uses, with the card's text as it is now.
    pub(super) fn effect_of(&self, card: CardId, source: Source) -> Option<Effect> {
        // A land whose type changed has only its new mana ability.
        if let Source::Ability(i) = source
            && self.game.card(card).zone == Zone::Play
            && super::chars::touched(self.lib, &self.game, card).abilities
            && let std::borrow::Cow::Owned(abilities) = self.chars(card).abilities
        {
            return abilities
                .into_iter()
                .filter_map(|a| match a {
                    Ability::Activated(_, e) => Some(e),
                    _ => None,
                })
                .nth(usize::from(i));
        }
        self.effect_with_text(card, source, &self.text_of(card))
    }

    /// The text changes on a card now, oldest first (only effects make them, never a static
    /// ability, so they are found among the timed effects alone).
    pub(super) fn text_of(&self, c: CardId) -> Vec<(String, String)> {
        let mut t: Vec<(u32, (String, String))> = self
            .game
            .effects()
            .iter()
            .filter(|e| e.card == c)
            .filter_map(|e| match &e.change {
                crate::grammar::ability::Change::Text(o, n) => Some((e.stamp, (o.clone(), n.clone()))),
                _ => None,
            })
            .collect();
        t.sort_by_key(|(s, _)| *s);
        t.into_iter().map(|(_, x)| x).collect()
    }

    /// The card's abilities now: printed, or as continuous effects changed them (a land type
    /// change, a text change).
    pub(super) fn abilities_now(&self, c: CardId) -> std::borrow::Cow<'_, [Ability]> {
        if !super::chars::touched(self.lib, &self.game, c).abilities {
            return std::borrow::Cow::Borrowed(&self.def(c).abilities);
        }
        match self.chars(c).abilities {
            std::borrow::Cow::Borrowed(_) => std::borrow::Cow::Borrowed(&self.def(c).abilities),
            std::borrow::Cow::Owned(v) => std::borrow::Cow::Owned(v),
        }
    }

    /// The mana a permanent can make by tapping alone now (its abilities as changed).
    pub(super) fn tap_mana_options(&self, c: CardId) -> Vec<crate::grammar::mana::ManaCost> {
        self.abilities_now(c)
            .iter()
            .filter_map(|a| match a {
                Ability::Activated(cost, Effect::AddMana(m))
                    if cost.tap && cost.mana.total() == 0 && cost.mana_only() =>
                {
                    Some(*m)
                }
                _ => None,
            })
            .collect()
    }

    /// The mana of the permanent's only activated ability, when that is to tap for mana and
    /// nothing else (a simple source).
    fn only_tap_mana(&self, c: CardId) -> Option<crate::grammar::mana::ManaCost> {
        let abilities = self.abilities_now(c);
        let mut acts = abilities.iter().filter(|a| matches!(a, Ability::Activated(..)));
        match (acts.next(), acts.next()) {
            (Some(Ability::Activated(cost, Effect::AddMana(m))), None)
                if cost.tap && cost.mana.total() == 0 && cost.mana_only() =>
            {
                Some(*m)
            }
            _ => None,
        }
    }

    /// The card's abilities with these text changes made.
    pub(super) fn abilities_with(&self, c: CardId, text: &[(String, String)]) -> std::borrow::Cow<'_, [Ability]> {
        let def = self.def(c);
        if text.is_empty() {
            return std::borrow::Cow::Borrowed(&def.abilities);
        }
        std::borrow::Cow::Owned(def.abilities.iter().map(|a| super::chars::swap_ability(a, text)).collect())
    }

    /// The effect a spell or ability uses, with these text changes made (an ability keeps the
    /// text it had when it was announced: 002 L3671-3676).
    pub(super) fn effect_with_text(&self, card: CardId, source: Source, text: &[(String, String)]) -> Option<Effect> {
        let def = self.def(card);
        if !text.is_empty() {
            let abilities = self.abilities_with(card, text);
            let mode_effects: Vec<Effect> = def
                .modes
                .iter()
                .filter_map(|(_, a)| match super::chars::swap_ability(a, text) {
                    Ability::Spell(e) => Some(e),
                    _ => None,
                })
                .collect();
            let spells: Vec<&Effect> = abilities
                .iter()
                .filter_map(|a| match a {
                    Ability::Spell(e) => Some(e),
                    _ => None,
                })
                .chain(mode_effects.iter())
                .collect();
            let found = match source {
                Source::Spell(i) => spells.get(usize::from(i)).map(|e| (*e).clone()),
                Source::Ability(i) => abilities
                    .iter()
                    .filter_map(|a| match a {
                        Ability::Activated(_, e) => Some(e),
                        _ => None,
                    })
                    .nth(usize::from(i))
                    .cloned(),
                Source::Triggered(i) => abilities
                    .iter()
                    .filter_map(|a| match a {
                        Ability::Triggered(_, e) => Some(e),
                        _ => None,
                    })
                    .nth(usize::from(i))
                    .cloned(),
            };
            if found.is_some() {
                return found;
            }
        }
        match source {
            Source::Spell(i) => def
                .spell_effects()
                .get(usize::from(i))
                .map(|(_, e)| (*e).clone())
                .or_else(|| (i == 0).then(|| def.enchant_target().map(Effect::Enchant))?)
                .or_else(|| (i == 0).then(|| def.copy_target().map(Effect::Copy))?)
                .or_else(|| (i == 0 && def.kind.is_permanent()).then_some(Effect::EntersPlay)),
            Source::Ability(i) => def.activated().get(usize::from(i)).map(|(_, e)| (*e).clone()),
            Source::Triggered(i) => def.triggered().get(usize::from(i)).map(|(_, e)| (*e).clone()),
        }
    }

    /// The activation cost of an ability.
    pub(super) fn ability_cost(&self, card: CardId, i: u8) -> Option<ActivationCost> {
        self.abilities_now(card)
            .iter()
            .filter_map(|a| match a {
                Ability::Activated(k, _) => Some(k),
                _ => None,
            })
            .nth(usize::from(i))
            .cloned()
    }

    /// Whether the card is a creature in play.
    pub(super) fn is_creature_in_play(&self, c: CardId) -> bool {
        self.game.card(c).zone == Zone::Play && self.is_creature(c)
    }

    /// The card's characteristics now (printed, then the continuous effects in timestamp order).
    pub(super) fn chars(&self, c: CardId) -> super::chars::Chars<'_> {
        super::chars::chars(self.lib, &self.game, c)
    }

    /// The card's type now.
    pub(super) fn kind(&self, c: CardId) -> CardKind {
        // No effect changes a card type yet: the printed one, without computing the rest.
        self.def(c).kind
    }

    /// Whether the card is a creature now (in play or not): printed, or animated.
    pub(super) fn is_creature(&self, c: CardId) -> bool {
        if self.kind(c).is_creature() {
            return true;
        }
        self.game.card(c).zone == Zone::Play
            && super::chars::touched(self.lib, &self.game, c).creature
            && self.chars(c).is_creature()
    }

    /// Current power and toughness: printed, counters, continuous effects.
    pub(super) fn pt(&self, c: CardId) -> (i32, i32) {
        power_toughness(self.lib, &self.game, c)
    }

    /// Whether the permanent has a keyword now (printed and not taken away, or given).
    pub(super) fn has_keyword(&self, c: CardId, k: &Keyword) -> bool {
        if self.game.until_upkeep_grants().iter().any(|(x, kw, _)| *x == c && kw == k) {
            return true;
        }
        if !super::chars::touched(self.lib, &self.game, c).keywords {
            return self.def(c).has_keyword(k);
        }
        self.chars(c).has_keyword(k)
    }

    /// The colours of a card now.
    pub(super) fn colors(&self, c: CardId) -> Vec<Color> {
        if !super::chars::touched(self.lib, &self.game, c).colors {
            return self.def(c).colors();
        }
        self.chars(c).color_list()
    }

    /// Whether a spell is being cast right now (in some window).
    pub(super) fn being_cast(&self, s: SpellId) -> bool {
        self.game.spell(s).status == Status::BeingCast
    }

    /// The spell announced from this card that is being cast or waiting, if any.
    pub(super) fn live_spell_of(&self, c: CardId) -> Option<SpellId> {
        (0..self.game.spells.len()).rev().map(|i| SpellId(u16::try_from(i).unwrap_or(0))).find(|&s| {
            let sp = self.game.spell(s);
            sp.card == c && matches!(sp.status, Status::BeingCast | Status::Waiting)
        })
    }

    /// For moving an enchantment: why the `i`-th target does not fit, given the first (the
    /// enchantment). The first must be a local enchantment on a permanent; the second a
    /// permanent the enchantment could legally be cast on now, with its colours now, other than
    /// the one it enchants (002 Moving Enchantments L2846-2851, L2873-2875, L2883-2888: a
    /// Chaoslaced Holy Armor may go onto a Black Knight).
    pub(super) fn move_fault(&self, first: Target, t: Target, i: usize) -> Option<TargetFault> {
        let Target::Card(e) = first else { return Some(TargetFault::NotEnchanting) };
        let host = self.game.card(e).enchanting;
        let spec = self.def(e).enchant_target();
        if i == 0 {
            return (host.is_none() || spec.is_none()).then_some(TargetFault::NotEnchanting);
        }
        let (Some(host), Some(spec)) = (host, spec) else { return None };
        if t == Target::Card(host) {
            return Some(TargetFault::AlreadyEnchanted);
        }
        // Bartel Runeaxe is the one exception to moving onto what cannot be targeted (002 L2850-2851).
        if let Target::Card(d) = t
            && self.has_keyword(d, &Keyword::NoEnchantments)
        {
            return Some(TargetFault::CannotCarry(e, Box::new(TargetFault::NoEnchantments)));
        }
        // The moved card is neither a spell nor an effect (002 L2846-2849).
        self.target_fault(&spec, t, &self.colors(e))
            .filter(|f| *f != TargetFault::Untargetable)
            .map(|f| TargetFault::CannotCarry(e, Box::new(f)))
    }

    /// Why `t` cannot be a target of this spec, in words (None when it can).
    pub(super) fn target_problem(&self, spec: &TargetSpec, t: Target, colors: &[Color]) -> Option<String> {
        self.target_fault(spec, t, colors).map(|f| self.target_fault_text(t, &f))
    }

    /// Why `t` cannot be a target of this spec (None when it can).
    pub(super) fn target_fault(&self, spec: &TargetSpec, t: Target, colors: &[Color]) -> Option<TargetFault> {
        match t {
            Target::Player(_) => (!spec.kinds.contains(&TargetKind::Player)).then_some(TargetFault::PlayerNotAllowed),
            Target::Spell(s) => {
                if !spec.kinds.contains(&TargetKind::Spell) {
                    return Some(TargetFault::SpellNotPermanent);
                }
                // m13: a counterspell may target any spell on the stack until it starts to
                // resolve (001 L804).
                let on_stack = self.on_the_stack() && self.game.spell(s).status == Status::Waiting;
                if !self.being_cast(s) && !on_stack {
                    return Some(TargetFault::NoLongerCast);
                }
                let sc = &self.game.spell(s).colors;
                spec.filters.iter().find_map(|f| match f {
                    Filter::IsColor(col) if !sc.contains(col) => Some(TargetFault::NotColor(*col)),
                    Filter::NotColor(col) if sc.contains(col) => Some(TargetFault::IsColor(*col)),
                    _ => None,
                })
            }
            Target::Card(c) => {
                let card = self.game.card(c);
                // A creature card in a graveyard: only its kind is asked (protection works only
                // in play, 002 L3329-3333); whose graveyard is checked at announcement.
                if spec.kinds.contains(&TargetKind::GraveyardCreature) && card.zone == Zone::Graveyard {
                    let creature = self.def(c).kind.is_creature();
                    return (!creature).then(|| TargetFault::WrongKind(spec.kinds.clone()));
                }
                if card.zone != Zone::Play {
                    return Some(TargetFault::NotInPlay(self.place(c)));
                }
                let ch = self.chars(c);
                let kind = ch.kind;
                let ok_kind = spec.kinds.iter().any(|k| ch.fits(*k));
                if !ok_kind {
                    return Some(TargetFault::WrongKind(spec.kinds.clone()));
                }
                if let Some(t) = &spec.subtype
                    && !ch.has_subtype(t)
                {
                    return Some(TargetFault::NotOfType(t.clone()));
                }
                let my_colors = self.colors(c);
                for f in &spec.filters {
                    let bad = match f {
                        Filter::Tapped => (!card.tapped).then_some(TargetFault::NotTapped),
                        Filter::Untapped => card.tapped.then_some(TargetFault::Tapped),
                        Filter::NonArtifact => {
                            (kind.is_artifact() || ch.is_artifact()).then_some(TargetFault::Artifact)
                        }
                        Filter::NotColor(col) => my_colors.contains(col).then_some(TargetFault::IsColor(*col)),
                        Filter::IsColor(col) => (!my_colors.contains(col)).then_some(TargetFault::NotColor(*col)),
                        Filter::Flying => (!self.has_keyword(c, &Keyword::Flying)).then_some(TargetFault::NoFlying),
                        // Checked where the source is known (announcement).
                        Filter::NotThis | Filter::OnlyThis => None,
                        Filter::NonWall => self.has_keyword(c, &Keyword::Wall).then_some(TargetFault::Wall),
                        // 002 Attack or Die Effects: only the active player's creatures, and not
                        // those with summoning sickness (L1387-1391, L1398).
                        Filter::ActiveSinceTurnBegan => (card.controller != self.game.active || card.sick)
                            .then_some(TargetFault::NotActiveSinceTurnBegan),
                        // Tapping does not take a creature out of combat (002 Other Attack Phase Rulings).
                        Filter::Blocking => {
                            (!self.game.combat().is_some_and(|cb| cb.in_combat(c) && cb.blocked_by(c).is_some()))
                                .then_some(TargetFault::NotBlocking)
                        }
                        // Whose opponent: checked where the controller is known (triggers.rs).
                        Filter::OpponentControls => None,
                        Filter::Blocked => (!self
                            .game
                            .combat()
                            .is_some_and(|cb| cb.in_combat(c) && cb.attackers.contains(&c) && cb.is_blocked(c)))
                        .then_some(TargetFault::NotBlocked),
                        // Whose: checked where the announcing player is known (legality.rs).
                        Filter::YouControl => None,
                        Filter::DefenderControls => (self.game.combat().is_none()
                            || card.controller == self.game.active)
                            .then_some(TargetFault::NotDefenders),
                        Filter::Attacking => {
                            (!self.game.combat().is_some_and(|cb| cb.in_combat(c) && cb.attackers.contains(&c)))
                                .then_some(TargetFault::NotAttacking)
                        }
                    };
                    if bad.is_some() {
                        return bad;
                    }
                }
                if self.has_keyword(c, &Keyword::Untargetable) {
                    return Some(TargetFault::Untargetable);
                }
                // Protection from a colour: cannot be the target of spells or abilities of that colour.
                colors
                    .iter()
                    .find(|col| self.has_keyword(c, &Keyword::Protection(**col)))
                    .map(|col| TargetFault::Protection(*col))
            }
        }
    }

    /// A target fault in words: `t` is the target it is about.
    pub(super) fn target_fault_text(&self, t: Target, f: &TargetFault) -> String {
        let name = self.tlabel(t);
        match f {
            TargetFault::PlayerNotAllowed => "a player is not an allowed target".to_owned(),
            TargetFault::SpellNotPermanent => format!("{name} is a spell, not a permanent"),
            TargetFault::NoLongerCast if self.on_the_stack() => format!("{name} is no longer on the stack"),
            TargetFault::NoLongerCast => format!("{name} is no longer being cast"),
            TargetFault::NotColor(col) => format!("{name} is not {}", col.name()),
            TargetFault::IsColor(col) => format!("{name} is {}", col.name()),
            TargetFault::NotInPlay(place) => format!("{name} is not in play (it is in {})", self.place_text(place)),
            TargetFault::WrongKind(kinds) => {
                let kinds: Vec<String> = kinds.iter().map(|k| k.word().to_owned()).collect();
                // "an artifact", "a creature": the article follows the first kind.
                let article =
                    if kinds.first().is_some_and(|k| k.starts_with(['a', 'e', 'i', 'o', 'u'])) { "an" } else { "a" };
                format!("{name} is not {article} {}", kinds.join(" or "))
            }
            TargetFault::NotTapped => format!("{name} is not tapped"),
            TargetFault::Tapped => format!("{name} is tapped"),
            TargetFault::Artifact => format!("{name} is an artifact"),
            TargetFault::NotBlocking => format!("{name} is not blocking"),
            TargetFault::NotAttacking => format!("{name} is not attacking"),
            TargetFault::NotBlocked => format!("{name} is not a blocked attacker"),
            TargetFault::NotYours => format!("{name} is not controlled by the player casting it"),
            TargetFault::NoEnchantments => format!("{name} cannot be the target of enchant creature spells"),
            TargetFault::Untargetable => format!("{name} cannot be the target of spells or effects"),
            TargetFault::NotDefenders => format!("{name} is not controlled by the defending player of an attack"),
            TargetFault::Protection(col) => format!("{name} has protection from {}", col.name()),
            TargetFault::Wall => format!("{name} is a Wall"),
            TargetFault::NoFlying => format!("{name} does not have flying"),
            TargetFault::NotActiveSinceTurnBegan => {
                if self
                    .game
                    .card(match t {
                        Target::Card(c) => c,
                        _ => {
                            return format!(
                                "{name} is not a creature the active player has controlled since the turn began"
                            );
                        }
                    })
                    .controller
                    != self.game.active
                {
                    format!("{name} is not controlled by the active player ({})", self.pname(self.game.active))
                } else {
                    format!(
                        "{name} has not been under its controller's control since the turn began (summoning sickness)"
                    )
                }
            }
            TargetFault::NotOfType(t) => format!("{name} is not a {}", crate::cards::singular_type(t)),
            TargetFault::Itself => format!("{name} is the source itself (the ability says other than this)"),
            TargetFault::NotOpponent => format!("{name} is not an opponent of the caster"),
            TargetFault::NotItself => format!("{name} is not the permanent whose ability this is (it says this)"),
            TargetFault::CreatureByEffect => {
                format!("{name} is a creature only through an effect, and a copy card copies the card as printed")
            }
            TargetFault::CostNotX { cost, x } => format!("{name} has converted casting cost {cost}, not X={x}"),
            TargetFault::NotEnchanting => format!("{name} is not an enchantment on a creature or land"),
            TargetFault::NotYourGraveyard => format!("{name} is not in the caster's own graveyard"),
            TargetFault::AlreadyEnchanted => format!("the enchantment already enchants {name}"),
            TargetFault::CannotCarry(e, inner) => format!(
                "{} could not legally be cast on {name}, so it cannot be moved there: {}",
                self.label(*e),
                self.target_fault_text(t, inner)
            ),
        }
    }

    /// Where a card is, as data for a refusal made now and put in words later.
    pub(super) fn place(&self, c: CardId) -> Place {
        let card = self.game.card(c);
        Place { zone: card.zone, owner: card.owner, controller: card.controller }
    }

    /// Where a card was, in words.
    pub(super) fn place_text(&self, p: &Place) -> String {
        match p.zone {
            Zone::Play => format!("play under {}'s control", self.pname(p.controller)),
            Zone::Limbo => "limbo, being cast".to_owned(),
            Zone::Removed => "the removed-from-game zone".to_owned(),
            z => format!("{}'s {}", self.pname(p.owner), z.name()),
        }
    }

    /// The label of a target.
    pub(super) fn tlabel(&self, t: Target) -> String {
        match t {
            Target::Card(c) => self.label(c),
            Target::Player(p) => self.pname(p),
            Target::Spell(s) => self.slabel(s),
        }
    }

    /// The spell's effect; every spell the engine made has one. A spell reads its card's text
    /// now (a change made while it is cast counts: 002 L576-583); an ability, the text it had
    /// when announced.
    pub(super) fn spell_effect(&self, sp: &Spell) -> Option<Effect> {
        match sp.source {
            Source::Spell(_) => self.effect_of(sp.card, sp.source),
            Source::Ability(_) | Source::Triggered(_) => self.effect_with_text(sp.card, sp.source, &sp.text),
        }
    }

    /// Untapped permanents `p` controls that produce mana by tapping alone, in play order:
    /// basic lands first, then other simple sources (never a summoning-sick creature).
    /// The additional mana a land makes as it is tapped for mana, by the static effects that
    /// reach it (Gauntlet of Might's Mountains, Wild Growth's land), each with its source. Figured after the land's
    /// type (002 L2568-2574); a tapped artifact's effect is off (002 L1339-1342).
    pub(super) fn extra_mana(&self, c: CardId) -> Vec<(CardId, crate::grammar::mana::ManaCost)> {
        if self.kind(c) != CardKind::Land {
            return Vec::new();
        }
        let mut out = Vec::new();
        for src in self.game.zone(Zone::Play, None) {
            for a in &self.def(src).abilities {
                let Ability::Static(Effect::ExtraMana(from, m)) = a else { continue };
                let off = self.game.card(src).tapped
                    && self.kind(src) == CardKind::Artifact
                    && !self.is_creature(src)
                    && self.pol.tapped_artifacts_off;
                let reaches = match from {
                    crate::grammar::ability::ManaFrom::LandType(land) => self.chars(c).has_subtype(land),
                    crate::grammar::ability::ManaFrom::EnchantedLand => self.game.card(src).enchanting == Some(c),
                };
                if !off && reaches {
                    out.push((src, *m));
                }
            }
        }
        out
    }

    pub(super) fn simple_mana_sources(&self, p: PlayerId) -> Vec<(CardId, crate::grammar::mana::ManaCost)> {
        let mut lands = Vec::new();
        let mut others = Vec::new();
        for c in self.game.zone(Zone::Play, Some(p)) {
            let card = self.game.card(c);
            if card.tapped {
                continue;
            }
            if self.is_creature(c) && card.sick {
                continue;
            }
            if let Some(m) = self.only_tap_mana(c)
                && self.check_upkeep_lock(c).is_ok()
                && !self.ability_taxed(c)
            {
                let m = self.extra_mana(c).iter().fold(m, |acc, (_, x)| sum_mana(&acc, x));
                if self.kind(c) == CardKind::Land {
                    lands.push((c, m));
                } else {
                    others.push((c, m));
                }
            }
        }
        lands.extend(others);
        lands
    }
}

/// Two amounts of mana together.
pub(super) fn sum_mana(
    a: &crate::grammar::mana::ManaCost,
    b: &crate::grammar::mana::ManaCost,
) -> crate::grammar::mana::ManaCost {
    let mut out = *a;
    for (slot, n) in out.colored.iter_mut().zip(b.colored) {
        *slot = slot.saturating_add(n);
    }
    out.generic = out.generic.saturating_add(b.generic);
    out
}
