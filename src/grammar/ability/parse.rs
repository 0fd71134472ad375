//! The nom parsers of the ability language (the grammar is in the module's doc).

use super::{Ability, ActivationCost, Amount, Effect, Filter, Keyword, TargetKind, TargetSpec, Trigger, Who};
use crate::grammar::mana::{Color, ManaCost, mana_cost};
use crate::grammar::primitives::{kw, number, sp, word};
use crate::grammar::{GrammarError, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char, space0};
use nom::combinator::{cut, map, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;

pub fn parse_ability(text: &str) -> Result<Ability, GrammarError> {
    parse_all(text, "ability", ability)
}

fn ability(i: &str) -> PResult<'_, Ability> {
    if let Ok((r, _)) = (tag_no_case::<_, _, PError<'_>>("spell:"), space0).parse(i) {
        return cut(effect).map(Ability::Spell).parse(r);
    }
    if let Ok((r, (_, _, m, _, _, _, _, _, _, _, _, _, _, _, _))) = (
        kw("costs"),
        sp,
        mana_cost,
        sp,
        kw("more"),
        sp,
        kw("for"),
        sp,
        kw("each"),
        sp,
        kw("target"),
        sp,
        kw("after"),
        sp,
        (kw("the"), sp, kw("first")),
    )
        .parse(i)
    {
        return Ok((r, Ability::ExtraTargetCost(m)));
    }
    if let Ok((r, _)) =
        (kw("during"), sp, kw("your"), sp, kw("upkeep"), space0, char(','), space0, kw("pay"), sp).parse(i)
    {
        let (r, (m, _, _, _, _, _, _)) = cut((mana_cost, sp, kw("or"), sp, kw("bury"), sp, kw("this"))).parse(r)?;
        return Ok((r, Ability::UpkeepCost(m)));
    }
    if let Ok(done) = super::triggered::flanking(i) {
        return Ok(done);
    }
    if let Ok((r, t)) = trigger(i).or_else(|_| super::triggered::trigger(i)) {
        let (r, _) = cut((space0, char(','), space0)).parse(r)?;
        return cut(effect).map(|e| Ability::Triggered(t.clone(), e)).parse(r);
    }
    if let Ok((r, e)) = static_effect(i) {
        return Ok((r, Ability::Static(e)));
    }
    if let Ok((r, k)) = keyword(i) {
        return Ok((r, Ability::Keyword(k)));
    }
    let (r, cost) = activation_cost(i)
        .map_err(|_| nom::Err::Error(PError::expected(i, "a keyword, `spell: EFFECT` or `COST: EFFECT`")))?;
    let (r, _) = cut((char(':'), space0)).parse(r)?;
    let (r, e) = cut(effect).parse(r)?;
    Ok((r, Ability::Activated(cost, e)))
}

/// `cost = part ("," part)*`, `part = "T" | mana_cost`
fn activation_cost(i: &str) -> PResult<'_, ActivationCost> {
    #[derive(Clone)]
    enum Part {
        Tap,
        Mana(ManaCost),
    }
    let part = alt((value(Part::Tap, tag("T")), map(mana_cost, Part::Mana)));
    let (r, parts) = separated_list1((space0, char(','), space0), part).parse(i)?;
    let mut cost = ActivationCost::default();
    for p in parts {
        match p {
            Part::Tap => cost.tap = true,
            Part::Mana(m) => {
                cost.mana.generic = cost.mana.generic.saturating_add(m.generic);
                for (slot, n) in cost.mana.colored.iter_mut().zip(m.colored) {
                    *slot = slot.saturating_add(n);
                }
                cost.mana.x = cost.mana.x.saturating_add(m.x);
            }
        }
    }
    Ok((r, cost))
}

fn color(i: &str) -> PResult<'_, Color> {
    alt((
        value(Color::White, kw("white")),
        value(Color::Blue, kw("blue")),
        value(Color::Black, kw("black")),
        value(Color::Red, kw("red")),
        value(Color::Green, kw("green")),
    ))
    .parse(i)
}

/// `keyword = "flying" | "first strike" | ...`
pub(super) fn keyword(i: &str) -> PResult<'_, Keyword> {
    alt((
        value(Keyword::Flying, kw("flying")),
        value(Keyword::FirstStrike, (kw("first"), sp, kw("strike"))),
        value(Keyword::Trample, kw("trample")),
        value(Keyword::Banding, alt((kw("banding"), kw("bands")))),
        value(Keyword::Wall, kw("wall")),
        value(Keyword::NoTapToAttack, (kw("does"), sp, kw("not"), sp, kw("tap"), sp, kw("to"), sp, kw("attack"))),
        map(preceded((kw("protection"), sp, kw("from"), sp), cut(color)), Keyword::Protection),
        map(
            preceded(
                (
                    kw("cannot"),
                    sp,
                    kw("attack"),
                    sp,
                    kw("unless"),
                    sp,
                    kw("the"),
                    sp,
                    kw("defending"),
                    sp,
                    kw("player"),
                    sp,
                    kw("controls"),
                    sp,
                    alt((kw("an"), kw("a"))),
                    sp,
                ),
                cut(land_type),
            ),
            Keyword::AttacksOnlyIfDefenderControls,
        ),
        map(
            alt((kw("swampwalk"), kw("islandwalk"), kw("forestwalk"), kw("mountainwalk"), kw("plainswalk"))),
            |w: &str| Keyword::Landwalk(w.trim_end_matches("walk").to_lowercase()),
        ),
    ))
    .parse(i)
}

/// A basic land type, singular or plural; its singular is kept.
pub(super) fn land_type(i: &str) -> PResult<'_, String> {
    alt((
        value("island", alt((kw("islands"), kw("island")))),
        value("swamp", alt((kw("swamps"), kw("swamp")))),
        value("forest", alt((kw("forests"), kw("forest")))),
        value("mountain", alt((kw("mountains"), kw("mountain")))),
        value("plains", kw("plains")),
    ))
    .map(str::to_owned)
    .parse(i)
}

pub(super) fn amount(i: &str) -> PResult<'_, Amount> {
    alt((value(Amount::X(1), tag("X")), map(number, |n| Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX))))).parse(i)
}

pub(super) fn signed_amount(i: &str) -> PResult<'_, Amount> {
    let (i, sign) = alt((value(1, char('+')), value(-1, char('-')))).parse(i)?;
    let (i, a) = amount(i)?;
    Ok((
        i,
        match a {
            Amount::Fixed(n) => Amount::Fixed(sign * n),
            Amount::X(k) => Amount::X(sign * k),
            Amount::Power => Amount::Power,
        },
    ))
}

/// One word of a target phrase: a kind, or an adjective.
#[derive(Clone)]
enum TargetWord {
    Kind(TargetKind),
    Filter(Filter),
}

fn target_word(i: &str) -> PResult<'_, TargetWord> {
    use TargetWord::{Filter as F, Kind as K};
    alt((
        value(K(TargetKind::Creature), alt((kw("creatures"), kw("creature")))),
        value(K(TargetKind::Player), alt((kw("players"), kw("player")))),
        value(K(TargetKind::Land), alt((kw("lands"), kw("land")))),
        value(K(TargetKind::Artifact), alt((kw("artifacts"), kw("artifact")))),
        value(K(TargetKind::Enchantment), alt((kw("enchantments"), kw("enchantment")))),
        value(K(TargetKind::Spell), alt((kw("spells"), kw("spell")))),
        value(K(TargetKind::Permanent), alt((kw("permanents"), kw("permanent")))),
        value(F(Filter::Tapped), kw("tapped")),
        value(F(Filter::Untapped), kw("untapped")),
        value(F(Filter::Blocking), kw("blocking")),
        value(F(Filter::Attacking), kw("attacking")),
        value(F(Filter::NonArtifact), kw("nonartifact")),
        value(F(Filter::NonWall), kw("non-wall")),
        map(preceded(tag("non"), color), |c| F(Filter::NotColor(c))),
        map(color, |c| F(Filter::IsColor(c))),
    ))
    .parse(i)
}

/// `target = ["any number of"] "target" (word ("," | "or" | " "))+`
pub(super) fn target(i: &str) -> PResult<'_, TargetSpec> {
    let (i, many) = opt((kw("any"), sp, kw("number"), sp, kw("of"), sp)).parse(i)?;
    let (mut i, _) = (kw("target"), sp).parse(i)?;
    let mut spec = TargetSpec { kinds: Vec::new(), filters: Vec::new(), many: many.is_some() };
    loop {
        let (r, w) = cut(target_word).parse(i).map_err(|_: nom::Err<PError<'_>>| {
            nom::Err::Failure(PError::expected(
                i,
                "a target kind (creature, player, land, artifact, enchantment, spell) or adjective",
            ))
        })?;
        match w {
            TargetWord::Kind(k) => spec.kinds.push(k),
            TargetWord::Filter(f) => spec.filters.push(f),
        }
        i = r;
        let sep: PResult<'_, _> =
            alt((value((), (space0, char(','), space0)), value((), (sp, kw("or"), sp)), value((), sp))).parse(i);
        match sep {
            Ok((r, ())) if target_word(r).is_ok() => i = r,
            _ => break,
        }
    }
    if spec.kinds.is_empty() {
        return Err(nom::Err::Failure(PError::expected(i, "a target kind after the adjectives")));
    }
    if let Ok((r, _)) = (sp, kw("an"), sp, kw("opponent"), sp, kw("controls")).parse(i) {
        spec.filters.push(Filter::OpponentControls);
        return Ok((r, spec));
    }
    Ok((i, spec))
}

pub(super) fn who(i: &str) -> PResult<'_, Who> {
    alt((
        value(Who::This, kw("this")),
        value(Who::Enchanted, (kw("enchanted"), sp, kw("creature"))),
        map(target, Who::Target),
    ))
    .parse(i)
}

/// `trigger = "when you control no" LAND "s" | "whenever a creature this damaged this turn is put
/// into the graveyard" | "at end of turn, if no creatures are in play"`
fn trigger(i: &str) -> PResult<'_, Trigger> {
    if let Ok((r, (_, _, _, _, _, _, _, _, l, _))) =
        (kw("when"), sp, kw("you"), sp, kw("control"), sp, kw("no"), sp, land_type, space0).parse(i)
    {
        return Ok((r, Trigger::ControlNo(l)));
    }
    if let Ok((r, _)) = (
        (
            kw("whenever"),
            sp,
            kw("a"),
            sp,
            kw("creature"),
            sp,
            kw("this"),
            sp,
            kw("damaged"),
            sp,
            kw("this"),
            sp,
            kw("turn"),
        ),
        (sp, kw("is"), sp, kw("put"), sp, kw("into"), sp, kw("the"), sp, kw("graveyard")),
    )
        .parse(i)
    {
        return Ok((r, Trigger::DamagedCreatureDies));
    }
    let (r, _) = (
        (kw("at"), sp, kw("end"), sp, kw("of"), sp, kw("turn"), space0, char(','), space0),
        (kw("if"), sp, kw("no"), sp, kw("creatures"), sp, kw("are"), sp, kw("in"), sp, kw("play")),
    )
        .parse(i)?;
    Ok((r, Trigger::EndOfTurnIfNoCreatures))
}

/// `static = "enchanted creature gets" signed "/" signed` (no duration: while in play)
fn static_effect(i: &str) -> PResult<'_, Effect> {
    if let Ok((r, e)) = effect(i)
        && matches!(e, Effect::TakeUnblockedDamage | Effect::OpponentsEnterTapped)
    {
        return Ok((r, e));
    }
    let (r, (_, _, _, _, _, _, p, _, t)) =
        (kw("enchanted"), sp, kw("creature"), sp, kw("gets"), sp, signed_amount, char('/'), signed_amount).parse(i)?;
    if until_eot(r).is_ok() {
        return Err(nom::Err::Error(PError::expected(i, "a static effect")));
    }
    Ok((r, Effect::Pump(Who::Enchanted, p, t)))
}

pub(super) fn until_eot(i: &str) -> PResult<'_, ()> {
    value((), (sp, kw("until"), sp, kw("end"), sp, kw("of"), sp, kw("turn"))).parse(i)
}

/// `effect = ...` (see the module docs), with the trailing words of triggered effects.
fn effect(i: &str) -> PResult<'_, Effect> {
    let (r, e) = match super::triggered::effect(i) {
        Ok(done) => done,
        Err(nom::Err::Error(_)) => base_effect(i)?,
        Err(e) => return Err(e),
    };
    let (r, e) = super::triggered::suffixes(r, e)?;
    // `EFFECT; EFFECT`: a second effect on the same targets.
    if let Ok((rest, _)) = (space0::<&str, PError<'_>>, char(';'), space0).parse(r)
        && let Ok((rest, next)) = effect(rest)
    {
        return Ok((rest, Effect::Then(Box::new(e), Box::new(next))));
    }
    Ok((r, e))
}

/// An effect without the trailing words of triggered effects.
pub(super) fn base_effect(i: &str) -> PResult<'_, Effect> {
    if let Ok(done) = super::triggered::effect(i) {
        return Ok(done);
    }
    if let Ok((r, _)) = (kw("add"), sp).parse(i) {
        return cut(mana_cost).map(Effect::AddMana).parse(r);
    }
    if let Ok((r, (_, _, n, _, _, _))) = (kw("deal"), sp, amount, sp, kw("damage"), sp).parse(i) {
        if let Ok((r, _)) = (
            kw("to"),
            sp,
            kw("each"),
            sp,
            kw("creature"),
            sp,
            kw("without"),
            sp,
            kw("flying"),
            sp,
            kw("and"),
            sp,
            kw("each"),
            sp,
            kw("player"),
        )
            .parse(r)
        {
            return Ok((r, Effect::DamageEachNonFlyerAndPlayer(n)));
        }
        if let Ok((r, _)) =
            (kw("to"), sp, kw("each"), sp, kw("creature"), sp, kw("and"), sp, kw("each"), sp, kw("player")).parse(r)
        {
            return Ok((r, Effect::DamageEachCreatureAndPlayer(n)));
        }
        if let Ok((r, _)) = (kw("divided"), sp, kw("evenly"), sp, kw("among"), sp).parse(r) {
            return cut(target).map(|t| Effect::DamageDivided(n, t)).parse(r);
        }
        let (r, t) = cut(preceded((kw("to"), sp), target)).parse(r)?;
        let mut rider = (
            (space0, char(';'), space0, kw("that"), sp, kw("creature"), sp),
            (kw("cannot"), sp, kw("regenerate"), sp, kw("this"), sp, kw("turn"), sp, kw("and"), sp, kw("is"), sp),
            (kw("removed"), sp, kw("from"), sp, kw("the"), sp, kw("game"), sp, kw("instead"), sp, kw("of"), sp),
            (kw("going"), sp, kw("to"), sp, kw("the"), sp, kw("graveyard"), sp, kw("this"), sp, kw("turn")),
        );
        if let Ok((r, _)) = rider.parse(r) {
            return Ok((r, Effect::DamageDisintegrate(n, t)));
        }
        return Ok((r, Effect::Damage(n, t)));
    }
    if let Ok((r, _)) = (
        kw("creatures"),
        sp,
        kw("deal"),
        sp,
        kw("no"),
        sp,
        kw("combat"),
        sp,
        kw("damage"),
        sp,
        kw("this"),
        sp,
        kw("turn"),
    )
        .parse(i)
    {
        return Ok((r, Effect::NoCombatDamage));
    }
    if let Ok((r, _)) = (
        (kw("all"), sp, kw("damage"), sp, kw("dealt"), sp, kw("to"), sp, kw("you"), sp, kw("this"), sp, kw("turn"), sp),
        (
            kw("by"),
            sp,
            kw("one"),
            sp,
            kw("source"),
            sp,
            kw("is"),
            sp,
            kw("prevented"),
            sp,
            kw("retroactively"),
            space0,
            char(','),
        ),
        (sp, kw("and"), sp, kw("you"), sp, kw("gain"), sp, kw("that"), sp, kw("much"), sp, kw("life")),
    )
        .parse(i)
    {
        return Ok((r, Effect::ReverseDamage));
    }
    if let Ok((r, _)) = (
        (kw("all"), sp, kw("damage"), sp, kw("that"), sp, kw("unblocked"), sp, kw("attackers"), sp, kw("would"), sp),
        (kw("deal"), sp, kw("to"), sp, kw("you"), sp, kw("is"), sp, kw("dealt"), sp, kw("to"), sp, kw("this"), sp),
        (kw("instead"), sp, kw("while"), sp, kw("this"), sp, kw("is"), sp, kw("untapped")),
    )
        .parse(i)
    {
        return Ok((r, Effect::TakeUnblockedDamage));
    }
    if let Ok((r, _)) = (kw("bury"), sp, kw("this")).parse(i) {
        return Ok((r, Effect::BuryThis));
    }
    if let Ok((r, (_, _, _, n, _, kind, _, _, _, _, _))) = (
        kw("put"),
        sp,
        opt((kw("a"), sp)),
        opt(number),
        space0,
        word,
        sp,
        alt((kw("counters"), kw("counter"))),
        sp,
        kw("on"),
        (sp, kw("this")),
    )
        .parse(i)
    {
        return Ok((r, Effect::CountersOnThis(n.unwrap_or(1), kind.to_owned())));
    }
    if let Ok((r, _)) = (kw("return"), sp).parse(i) {
        let (r, t) = cut(target).parse(r)?;
        let (r, _) = cut((sp, kw("to"), sp, kw("its"), sp, tag("owner's"), sp, kw("hand"))).parse(r)?;
        return Ok((r, Effect::Bounce(t)));
    }
    if let Ok((r, bury)) = alt((value(false, kw("destroy")), value(true, kw("bury")))).parse(i) {
        let (r, _) = sp(r)?;
        if let Ok((r, _)) = (kw("all"), sp, kw("creatures")).parse(r) {
            return Ok((r, Effect::DestroyAllCreatures(bury)));
        }
        return cut(target).map(|t| Effect::Destroy(t, bury)).parse(r);
    }
    if let Ok((r, (_, _, _, _, _, _, _, _, _, _, _, _, _, _, col, _, _))) = (
        kw("prevent"),
        sp,
        kw("all"),
        sp,
        kw("damage"),
        sp,
        kw("to"),
        sp,
        kw("you"),
        sp,
        kw("from"),
        sp,
        kw("a"),
        sp,
        color,
        sp,
        kw("source"),
    )
        .parse(i)
    {
        return Ok((r, Effect::PreventAllFrom(col)));
    }
    if let Ok((r, _)) = (kw("prevent"), sp, opt((kw("up"), sp, kw("to"), sp))).parse(i) {
        let (r, (n, _, _, _, _, _, t)) = cut((amount, sp, kw("damage"), sp, kw("to"), sp, target)).parse(r)?;
        return Ok((r, Effect::Prevent(n, t)));
    }
    if let Ok((r, _)) = (kw("counter"), sp).parse(i) {
        let (r, t) = cut(target).parse(r)?;
        let mut unless = (sp, kw("unless"), sp, kw("its"), sp, kw("caster"), sp, kw("pays"), sp, amount);
        let Ok((r, (_, _, _, _, _, _, _, _, _, n))) = unless.parse(r) else {
            return Ok((r, Effect::Counter(t)));
        };
        let (r, lands) = opt((
            (space0, char(';'), space0, kw("if"), sp, kw("not"), space0, char(','), sp),
            (kw("tap"), sp, kw("all"), sp, kw("lands"), sp, kw("its"), sp, kw("caster"), sp, kw("controls")),
        ))
        .parse(r)?;
        return Ok((r, Effect::CounterUnlessPaid(t, n, lands.is_some())));
    }
    if let Ok((r, _)) = (kw("tap"), sp).parse(i) {
        return cut(target).map(Effect::Tap).parse(r);
    }
    if let Ok((r, _)) = (kw("untap"), sp).parse(i) {
        return cut(target).map(Effect::Untap).parse(r);
    }
    if let Ok((r, _)) = (kw("regenerate"), sp).parse(i) {
        return cut(who).map(Effect::Regenerate).parse(r);
    }
    let (r, w) = who(i).map_err(|_| {
        nom::Err::Error(PError::expected(
            i,
            "an effect (add, deal, return, destroy, bury, prevent, counter, tap, untap, regenerate, or WHO gets/gains)",
        ))
    })?;
    let (r, _) = sp(r)?;
    if let Ok((r, _)) = (kw("gets"), sp).parse(r) {
        let (r, (p, _, t, _)) = cut((signed_amount, char('/'), signed_amount, until_eot)).parse(r)?;
        return Ok((r, Effect::Pump(w, p, t)));
    }
    let (r, _) = cut((kw("gains"), sp)).parse(r)?;
    if let Who::Target(t) = &w
        && let Ok((r, (n, _, _))) = (amount, sp, kw("life")).parse(r)
    {
        return Ok((r, Effect::GainLife(t.clone(), n)));
    }
    let (r, (k, _)) = cut((keyword, until_eot)).parse(r)?;
    Ok((r, Effect::Grant(w, k)))
}
