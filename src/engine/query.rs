//! Questions about the state: power and toughness, keywords, target legality, effects.

use super::Engine;
use super::refusal::{Place, TargetFault};
use super::state::{CardId, PlayerId, Source, Spell, SpellId, Status, Target, Zone};
use crate::cards::CardKind;
use crate::grammar::ability::{ActivationCost, Amount, Effect, Filter, Keyword, TargetKind, TargetSpec};
use crate::grammar::mana::Color;

/// Current power and toughness of a card: printed, counters, until-end-of-turn effects.
/// (It looks at every card for enchantments: a loop over many cards uses
/// [`power_toughness_all`] instead.)
#[must_use]
pub fn power_toughness(lib: &crate::cards::Library, game: &super::state::Game, c: CardId) -> (i32, i32) {
    let mut pt = printed_and_counters(lib, game, c);
    // Local enchantments on it with a static bonus (002 Enchantments).
    for card in &game.cards {
        if card.zone == Zone::Play && card.enchanting == Some(c) {
            add(&mut pt, enchantment_bonus(lib, card));
        }
    }
    for e in game.eot.iter().filter(|e| e.card == c) {
        add(&mut pt, (e.power, e.toughness));
    }
    pt
}

/// Power and toughness of every card in play at once (indexed by card id; a card elsewhere
/// reads 0/0), in one pass over the cards and the until-end-of-turn effects: what a check of
/// every creature uses.
#[must_use]
pub fn power_toughness_all(lib: &crate::cards::Library, game: &super::state::Game) -> Vec<(i32, i32)> {
    let mut all: Vec<(i32, i32)> = (0..game.cards.len())
        .map(|i| {
            let c = CardId(u16::try_from(i).unwrap_or(u16::MAX));
            if game.card(c).zone == Zone::Play { printed_and_counters(lib, game, c) } else { (0, 0) }
        })
        .collect();
    for card in &game.cards {
        if card.zone == Zone::Play
            && let Some(target) = card.enchanting
            && let Some(pt) = all.get_mut(usize::from(target.0))
        {
            add(pt, enchantment_bonus(lib, card));
        }
    }
    for e in &game.eot {
        if let Some(pt) = all.get_mut(usize::from(e.card.0)) {
            add(pt, (e.power, e.toughness));
        }
    }
    all
}

fn add(pt: &mut (i32, i32), (dp, dt): (i32, i32)) {
    *pt = (pt.0.saturating_add(dp), pt.1.saturating_add(dt));
}

/// Printed power and toughness with the card's counters (a count too large for an `i32`
/// saturates: it is at least that much).
fn printed_and_counters(lib: &crate::cards::Library, game: &super::state::Game, c: CardId) -> (i32, i32) {
    let mut pt = lib.get(game.card(c).def).pt.unwrap_or((0, 0));
    for (kind, n) in &game.card(c).counters {
        let n = i32::try_from(*n).unwrap_or(i32::MAX);
        match kind.as_str() {
            "+1/+1" => add(&mut pt, (n, n)),
            "-1/-1" => pt = (pt.0.saturating_sub(n), pt.1.saturating_sub(n)),
            _ => {}
        }
    }
    pt
}

/// The static bonus a local enchantment gives the permanent it enchants (002 Enchantments).
fn enchantment_bonus(lib: &crate::cards::Library, card: &super::state::Card) -> (i32, i32) {
    let mut bonus = (0, 0);
    for e in lib.get(card.def).statics() {
        if let Effect::Pump(crate::grammar::ability::Who::Enchanted, Amount::Fixed(dp), Amount::Fixed(dt)) = e {
            add(&mut bonus, (*dp, *dt));
        }
    }
    bonus
}

impl Engine<'_> {
    /// The effect a spell or ability uses.
    pub(super) fn effect_of(&self, card: CardId, source: Source) -> Option<Effect> {
        let def = self.def(card);
        match source {
            Source::Spell(i) => def
                .spell_effects()
                .get(usize::from(i))
                .map(|(_, e)| (*e).clone())
                .or_else(|| (i == 0).then(|| def.enchant_target().map(Effect::Enchant))?)
                .or_else(|| (i == 0 && def.kind.is_permanent()).then_some(Effect::EntersPlay)),
            Source::Ability(i) => def.activated().get(usize::from(i)).map(|(_, e)| (*e).clone()),
            Source::Triggered(i) => def.triggered().get(usize::from(i)).map(|(_, e)| (*e).clone()),
        }
    }

    /// The activation cost of an ability.
    pub(super) fn ability_cost(&self, card: CardId, i: u8) -> Option<ActivationCost> {
        self.def(card).activated().get(usize::from(i)).map(|(c, _)| (*c).clone())
    }

    /// Whether the card is a creature in play.
    pub(super) fn is_creature_in_play(&self, c: CardId) -> bool {
        self.game.card(c).zone == Zone::Play && self.def(c).kind.is_creature()
    }

    /// Current power and toughness: printed, counters, until-end-of-turn effects.
    pub(super) fn pt(&self, c: CardId) -> (i32, i32) {
        power_toughness(self.lib, &self.game, c)
    }

    /// Whether the permanent has a keyword, printed or granted.
    pub(super) fn has_keyword(&self, c: CardId, k: &Keyword) -> bool {
        self.def(c).has_keyword(k)
            || self.game.eot.iter().any(|e| e.card == c && e.keyword.as_ref() == Some(k))
            || self.game.until_upkeep.iter().any(|(x, kw, _)| *x == c && kw == k)
    }

    /// The colours of a card.
    pub(super) fn colors(&self, c: CardId) -> Vec<Color> {
        self.def(c).colors()
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
                if !self.being_cast(s) {
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
                if card.zone != Zone::Play {
                    return Some(TargetFault::NotInPlay(self.place(c)));
                }
                let kind = self.def(c).kind;
                let ok_kind = spec.kinds.iter().any(|k| kind.fits(*k));
                if !ok_kind {
                    return Some(TargetFault::WrongKind(spec.kinds.clone()));
                }
                let my_colors = self.colors(c);
                for f in &spec.filters {
                    let bad = match f {
                        Filter::Tapped => (!card.tapped).then_some(TargetFault::NotTapped),
                        Filter::Untapped => card.tapped.then_some(TargetFault::Tapped),
                        Filter::NonArtifact => kind.is_artifact().then_some(TargetFault::Artifact),
                        Filter::NotColor(col) => my_colors.contains(col).then_some(TargetFault::IsColor(*col)),
                        Filter::IsColor(col) => (!my_colors.contains(col)).then_some(TargetFault::NotColor(*col)),
                        // Tapping does not take a creature out of combat (002 Other Attack Phase Rulings).
                        Filter::Blocking => {
                            (!self.game.combat.as_ref().is_some_and(|cb| cb.in_combat(c) && cb.blocked_by(c).is_some()))
                                .then_some(TargetFault::NotBlocking)
                        }
                        Filter::NonWall => self.has_keyword(c, &Keyword::Wall).then_some(TargetFault::Wall),
                        // Whose opponent: checked where the controller is known (triggers.rs).
                        Filter::OpponentControls => None,
                        Filter::Attacking => {
                            (!self.game.combat.as_ref().is_some_and(|cb| cb.in_combat(c) && cb.attackers.contains(&c)))
                                .then_some(TargetFault::NotAttacking)
                        }
                    };
                    if bad.is_some() {
                        return bad;
                    }
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
            TargetFault::NoLongerCast => format!("{name} is no longer being cast"),
            TargetFault::NotColor(col) => format!("{name} is not {}", col.name()),
            TargetFault::IsColor(col) => format!("{name} is {}", col.name()),
            TargetFault::NotInPlay(place) => format!("{name} is not in play (it is in {})", self.place_text(place)),
            TargetFault::WrongKind(kinds) => {
                let kinds: Vec<String> = kinds.iter().map(|k| format!("{k:?}").to_lowercase()).collect();
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
            TargetFault::Protection(col) => format!("{name} has protection from {}", col.name()),
            TargetFault::Wall => format!("{name} is a Wall"),
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

    /// The spell's effect; every spell the engine made has one.
    pub(super) fn spell_effect(&self, sp: &Spell) -> Option<Effect> {
        self.effect_of(sp.card, sp.source)
    }

    /// Untapped permanents `p` controls that produce mana by tapping alone, in play order:
    /// basic lands first, then other simple sources (never a summoning-sick creature).
    pub(super) fn simple_mana_sources(&self, p: PlayerId) -> Vec<(CardId, crate::grammar::mana::ManaCost)> {
        let mut lands = Vec::new();
        let mut others = Vec::new();
        for c in self.game.zone(Zone::Play, Some(p)) {
            let card = self.game.card(c);
            if card.tapped {
                continue;
            }
            let def = self.def(c);
            if def.kind.is_creature() && card.sick {
                continue;
            }
            let acts = def.activated();
            if let [(cost, Effect::AddMana(m))] = acts.as_slice()
                && cost.tap
                && cost.mana.total() == 0
            {
                if def.kind == CardKind::Land {
                    lands.push((c, *m));
                } else {
                    others.push((c, *m));
                }
            }
        }
        lands.extend(others);
        lands
    }
}
