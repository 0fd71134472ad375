//! The words of the second wave of cost cards (Stupor, Rock Hydra, Psychic Vortex, Zur's
//! Weirding, Imprison's payments, Flash): ordered discards, damage that removes counters, a draw that
//! another player may turn into a loss of the card, the payments an enchantment asks as its creature acts, a creature
//! put into play from the hand, and the end-of-turn sacrifice and discard.

use super::triggered::phrase;
use super::{Effect, Filter, TargetKind, TargetSpec, Trigger};
use crate::grammar::primitives::{kw, number, sp, word};
use crate::grammar::{PError, PResult};
use nom::Parser;
use nom::character::complete::{char, space0};
use nom::combinator::opt;

/// The effects of this module, tried before the others.
pub(super) fn effect(i: &str) -> PResult<'_, Effect> {
    // `TARGET discards a card at random, then discards a card` (an order of discards, 002
    // L2162-2166).
    if let Ok((r, (t, _))) = (super::parse::target, sp).parse(i)
        && let Ok((r, first)) = one_discard(r)
    {
        let mut all = vec![first];
        let mut r = r;
        while let Ok((rest, (_, _, _, _, _, d))) = (space0, char(','), space0, kw("then"), sp, one_discard).parse(r) {
            all.push(d);
            r = rest;
        }
        return Ok((r, Effect::TargetDiscards(t, all)));
    }
    // `prevent [up to] N damage to this`: the permanent's own damage, named with `on` in a line.
    if let Ok((r, (_, _, _, n, _, _))) =
        (kw("prevent"), sp, opt((kw("up"), sp, kw("to"), sp)), super::parse::amount, sp, phrase("damage to this"))
            .parse(i)
    {
        return Ok((r, Effect::Prevent(n, only_this())));
    }
    if let Ok((r, (_, _, k, _))) =
        (phrase("each 1 damage dealt to this removes a"), sp, word, phrase_sp("counter from it instead")).parse(i)
    {
        return Ok((r, Effect::DamageRemovesCounters(k.to_owned())));
    }
    if let Ok((r, ())) = phrase("players play with their hands revealed")(i) {
        return Ok((r, Effect::HandsRevealed));
    }
    if let Ok((r, (_, _, n, _))) = (
        phrase("whenever a player would draw a card, any other player may pay"),
        sp,
        number,
        phrase_sp("life to put it into its owner's graveyard instead"),
    )
        .parse(i)
    {
        return Ok((r, Effect::DrawMayBeDenied(n)));
    }
    if let Ok((r, (_, _, n, _))) = (
        phrase("whenever a player plays an ability of enchanted creature, you may pay"),
        sp,
        number,
        phrase_sp("to stop it; if you don't, destroy this"),
    )
        .parse(i)
    {
        return Ok((r, Effect::EnchantedAbilityTaxed(n)));
    }
    if let Ok((r, (_, _, n, _))) = (
        phrase("whenever enchanted creature attacks or blocks, you may pay"),
        sp,
        number,
        phrase_sp("to tap it and remove it from combat; if you don't, destroy this"),
    )
        .parse(i)
    {
        return Ok((r, Effect::EnchantedCombatTaxed(n)));
    }
    if let Ok((r, (_, _, n))) = (
        phrase(
            "put a creature card from your hand into play; bury it unless you pay its casting cost reduced by up to",
        ),
        sp,
        number,
    )
        .parse(i)
    {
        return Ok((r, Effect::PutCreatureFromHand(n)));
    }
    if let Ok((r, ())) = phrase("discard your hand")(i) {
        return Ok((r, Effect::DiscardHand));
    }
    Err(nom::Err::Error(PError::expected(i, "an effect")))
}

/// `a card at random` (true) or `a card` (false), after `discards`.
fn one_discard(i: &str) -> PResult<'_, bool> {
    let (r, _) = phrase("discards a card")(i)?;
    let (r, random) = opt((sp, kw("at"), sp, kw("random"))).parse(r)?;
    Ok((r, random.is_some()))
}

/// A phrase with its leading space.
fn phrase_sp<'a>(words: &'static str) -> impl Fn(&'a str) -> PResult<'a, ()> {
    move |i: &'a str| {
        let (i, _) = sp(i)?;
        phrase(words)(i)
    }
}

/// The spec of `this` in `prevent N damage to this`: the permanent itself, which the line names.
#[must_use]
pub(super) fn only_this() -> TargetSpec {
    TargetSpec { kinds: vec![TargetKind::Creature], filters: vec![Filter::OnlyThis], many: false, subtype: None }
}

/// `at end of your turn`: the end of each of the controller's turns (Psychic Vortex).
pub(super) fn trigger(i: &str) -> PResult<'_, Trigger> {
    let (r, ()) = phrase("at end of your turn")(i)?;
    Ok((r, Trigger::EndOfYourTurn))
}

#[cfg(test)]
mod tests {
    use super::super::{Ability, Effect, Filter, Sacrificed, TargetKind, Trigger, parse_ability};

    fn ok(s: &str) -> Ability {
        parse_ability(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn ordered_discards_target_an_opponent() {
        let text = "spell: target opponent discards a card at random, then discards a card";
        let Ability::Spell(Effect::TargetDiscards(t, order)) = ok(text) else { panic!() };
        assert_eq!((t.kinds, t.filters), (vec![TargetKind::Player], vec![Filter::OpponentControls]));
        assert_eq!(order, vec![true, false]);
        assert_eq!(ok(text).to_string(), text);
    }

    #[test]
    fn the_other_phrases() {
        assert!(matches!(
            ok("R: prevent 1 damage to this"),
            Ability::Activated(_, Effect::Prevent(_, t)) if t.filters == [Filter::OnlyThis]
        ));
        assert_eq!(
            ok("each 1 damage dealt to this removes a +1/+1 counter from it instead"),
            Ability::Static(Effect::DamageRemovesCounters("+1/+1".into()))
        );
        assert_eq!(
            ok(
                "whenever a player plays an ability of enchanted creature, you may pay 1 to stop it; if you don't, destroy this"
            ),
            Ability::Static(Effect::EnchantedAbilityTaxed(1))
        );
        assert_eq!(
            ok(
                "whenever enchanted creature attacks or blocks, you may pay 1 to tap it and remove it from combat; if you don't, destroy this"
            ),
            Ability::Static(Effect::EnchantedCombatTaxed(1))
        );
        let Ability::UpkeepCost(u) = ok("cumulative upkeep: draw a card") else { panic!() };
        assert_eq!(u.cost.draw, 1);
        let Ability::Triggered(Trigger::EndOfYourTurn, Effect::Then(a, b)) =
            ok("at end of your turn, sacrifice a land; discard your hand")
        else {
            panic!()
        };
        assert!(matches!((*a, *b), (Effect::Sacrifice(s), Effect::DiscardHand) if s.what == Sacrificed::Land));
        // `at end of turn, if ...` keeps its older meaning.
        assert!(matches!(
            ok("at end of turn, if no creatures are in play, bury this"),
            Ability::Triggered(Trigger::EndOfTurnIfNoCreatures, _)
        ));
    }
}
