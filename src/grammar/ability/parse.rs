//! The nom parsers of the ability language (the grammar is in the module's doc).

use super::{
    Ability, ActivationCost, Affects, Amount, Change, CostChange, CostDelta, CostScope, Effect, Filter, Keyword,
    Penalty, SacrificeCost, Sacrificed, TargetKind, TargetSpec, Trigger, UpkeepCost, Who,
};
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
    if let Ok((r, _)) = (kw("cumulative"), sp, kw("upkeep"), space0, char(':'), space0).parse(i) {
        let (r, cost) = cut(activation_cost).parse(r)?;
        return Ok((
            r,
            Ability::UpkeepCost(UpkeepCost { cost, penalty: Penalty::BuryThis, mandatory: false, cumulative: true }),
        ));
    }
    if let Ok((r, _)) = (kw("during"), sp, kw("your"), sp, kw("upkeep"), space0, char(','), space0).parse(i) {
        match upkeep_cost(r) {
            Ok((r, u)) => return Ok((r, Ability::UpkeepCost(u))),
            Err(e) => {
                // Not a phase cost: a phase effect (`during your upkeep, target ... gains ...`).
                let phase_effect = |i| -> PResult<'_, Ability> {
                    let (r, t) = super::triggered::trigger(i)?;
                    let (r, _) = (space0, char(','), space0).parse(r)?;
                    let (r, t) = optional_phase_effect(r, t);
                    let (r, e) = effect(r)?;
                    Ok((r, Ability::Triggered(t, e)))
                };
                if let Ok(done) = phase_effect(i) {
                    return Ok(done);
                }
                return Err(match e {
                    nom::Err::Error(x) => nom::Err::Failure(x),
                    other => other,
                });
            }
        }
    }
    for (word, alternative) in [("additional", false), ("alternative", true)] {
        if let Ok((r, _)) = (kw(word), sp, kw("cost"), space0, char(':'), space0).parse(i) {
            let (r, c) = cut(activation_cost).parse(r)?;
            return Ok((r, if alternative { Ability::AlternativeCost(c) } else { Ability::AdditionalCost(c) }));
        }
    }
    if let Ok((r, c)) = cost_change(i) {
        return Ok((r, Ability::CostChange(c)));
    }
    if let Ok((r, (_, _, _, _, _, _, _, _, n, _, k, _, _))) = (
        kw("comes"),
        sp,
        kw("into"),
        sp,
        kw("play"),
        sp,
        kw("with"),
        sp,
        number,
        sp,
        word,
        sp,
        alt((kw("counters"), kw("counter"))),
    )
        .parse(i)
    {
        return Ok((r, Ability::EntersWithCounters(n, k.to_owned())));
    }
    if let Ok((r, (_, k, _))) =
        ((kw("comes"), sp, kw("into"), sp, kw("play"), sp, kw("with"), sp, kw("X"), sp), word, (sp, kw("counters")))
            .parse(i)
    {
        return Ok((r, Ability::EntersWithXCounters(k.to_owned())));
    }
    if let Ok((r, _)) = (kw("cast"), sp, kw("only"), sp, before_opponents_attack).parse(i) {
        return Ok((r, Ability::OpponentsTurnBeforeAttack));
    }
    if let Ok((r, _)) =
        (kw("cast"), sp, kw("only"), sp, kw("during"), sp, kw("an"), sp, kw("opponent's"), sp, kw("upkeep")).parse(i)
    {
        return Ok((r, Ability::OpponentsUpkeepOnly));
    }
    if let Ok((r, _)) =
        (kw("enters"), sp, kw("play"), sp, kw("as"), sp, kw("a"), sp, kw("copy"), sp, kw("of"), sp).parse(i)
    {
        return cut(target).map(Ability::EntersAsCopy).parse(r);
    }
    if let Ok(done) = super::triggered::flanking(i) {
        return Ok(done);
    }
    if let Ok((r, t)) = trigger(i).or_else(|_| super::triggered::trigger(i)) {
        let (r, _) = cut((space0, char(','), space0)).parse(r)?;
        // A comes-into-play effect with an "or" is a cost (002 L1688-1691).
        if t == Trigger::ComesIntoPlay
            && let Ok((r, u)) = upkeep_cost(r)
        {
            return Ok((r, Ability::Triggered(t, Effect::EntryCost(Box::new(u)))));
        }
        let (r, t) = optional_phase_effect(r, t);
        return cut(effect).map(|e| Ability::Triggered(t.clone(), e)).parse(r);
    }
    if let Ok((r, e)) = static_effect(i) {
        return Ok((r, Ability::Static(e)));
    }
    if let Ok((r, _)) = (kw("enchant"), sp, kw("only"), sp, kw("creatures"), sp, kw("you"), sp, kw("control")).parse(i)
    {
        return Ok((r, Ability::EnchantOnly(Filter::YouControl)));
    }
    if let Ok((r, _)) = super::triggered::phrase("cast only at the end of the declaration of blockers")(i) {
        return Ok((r, Ability::EndOfBlockersOnly));
    }
    if let Ok((r, _)) = super::triggered::phrase("you may cast this as an instant")(i) {
        let (r, _) = cut((space0, char(';'), space0, super::triggered::phrase("if you do"), space0, char(','), space0))
            .parse(r)?;
        let (r, e) = cut(effect).parse(r)?;
        return Ok((r, Ability::Triggered(Trigger::CastAsInstant, e)));
    }
    if let Ok((r, (_, _, _, _, x, _, _))) =
        (kw("enchant"), sp, kw("only"), sp, target_word, sp, alt((kw("creatures"), kw("creature")))).parse(i)
    {
        let TargetWord::Filter(x) = x else {
            return Err(nom::Err::Failure(PError::expected(i, "an adjective such as `flying` after `enchant only`")));
        };
        return Ok((r, Ability::EnchantOnly(x)));
    }
    if let Ok((r, _)) = (kw("as"), sp, kw("this"), sp, kw("enters"), sp, kw("play"), space0, char(','), space0).parse(i)
    {
        let (r, (_, _, n, _, _, _, _, _, _, _)) =
            cut((kw("deal"), sp, amount, sp, kw("damage"), sp, kw("to"), sp, kw("enchanted"), (sp, kw("creature"))))
                .parse(r)?;
        return Ok((r, Ability::AsEnters(Effect::DamageEnchanted(n))));
    }
    if let Ok((r, (a, c))) = continuous(i) {
        return Ok((r, Ability::Continuous(a, c)));
    }
    if let Ok((r, k)) = keyword(i) {
        return Ok((r, Ability::Keyword(k)));
    }
    let (r, cost) = activation_cost(i)
        .map_err(|_| nom::Err::Error(PError::expected(i, "a keyword, `spell: EFFECT` or `COST: EFFECT`")))?;
    let (r, _) = cut((char(':'), space0)).parse(r)?;
    let (r, e) = cut(effect).parse(r)?;
    let (r, only) = opt((
        (space0, char(';'), space0, kw("use"), sp, kw("only"), sp),
        (kw("during"), sp, kw("your"), sp, kw("upkeep")),
    ))
    .parse(r)?;
    let (r, anyone) = opt((
        (space0, char(';'), space0, kw("any"), sp, kw("player"), sp),
        (kw("may"), sp, kw("use"), sp, kw("this"), sp, kw("ability")),
    ))
    .parse(r)?;
    let (r, before) =
        opt(((space0, char(';'), space0, kw("use"), sp, kw("only"), sp), before_opponents_attack)).parse(r)?;
    let (r, once) =
        opt((space0, char(';'), space0, kw("use"), sp, kw("only"), sp, kw("once"), sp, kw("each"), sp, kw("turn")))
            .parse(r)?;
    let (r, after_blocks) = opt((
        (space0, char(';'), space0, kw("use"), sp, kw("only"), sp),
        super::triggered::phrase("after blockers are declared"),
    ))
    .parse(r)?;
    let (r, cap) = opt((
        (space0, char(';'), space0, kw("spend"), sp, kw("no"), sp, kw("more"), sp, kw("than"), sp),
        number,
        (sp, kw("this"), sp, kw("way"), sp, kw("each"), sp, kw("turn")),
    ))
    .parse(r)?;
    let (r, combat) =
        opt((space0, char(';'), space0, kw("use"), sp, kw("only"), sp, kw("during"), sp, kw("combat"))).parse(r)?;
    Ok((
        r,
        Ability::Activated(
            ActivationCost {
                upkeep_only: only.is_some(),
                any_player: anyone.is_some(),
                before_opponents_attack: before.is_some(),
                spend_cap: cap.map(|(_, n, _)| n),
                once_each_turn: once.is_some(),
                after_blocks: after_blocks.is_some(),
                combat_only: combat.is_some(),
                ..cost
            },
            e,
        ),
    ))
}

/// `during an opponent's turn, before the attack`.
fn before_opponents_attack(i: &str) -> PResult<'_, ()> {
    value(
        (),
        (
            (kw("during"), sp, kw("an"), sp, tag_no_case("opponent's"), sp, kw("turn"), space0, char(','), space0),
            (kw("before"), sp, kw("the"), sp, kw("attack")),
        ),
    )
    .parse(i)
}

/// `upkeep = ("pay" MANA | cost) (" or" | "; if you cannot,") penalty`
fn upkeep_cost(i: &str) -> PResult<'_, UpkeepCost> {
    let mana_only = (kw("pay"), sp, mana_cost).parse(i).ok().filter(|(r, _)| (sp, kw("life")).parse(*r).is_err());
    let (r, cost) = match mana_only {
        Some((r, (_, _, m))) => (r, ActivationCost { mana: m, ..ActivationCost::default() }),
        None => activation_cost(i)?,
    };
    let (r, mandatory) = alt((
        value(false, (sp, kw("or"), sp)),
        value(true, (space0, char(';'), space0, kw("if"), sp, kw("you"), sp, kw("cannot"), space0, char(','), space0)),
    ))
    .parse(r)?;
    let (r, penalty) = alt((
        value(Penalty::BuryThis, (kw("bury"), sp, kw("this"))),
        map(
            (kw("this"), sp, kw("deals"), sp, number, sp, kw("damage"), sp, kw("to"), sp, kw("you")),
            |(_, _, _, _, n, _, _, _, _, _, _)| Penalty::DamageToYou(n),
        ),
    ))
    .parse(r)?;
    Ok((r, UpkeepCost { cost, penalty, mandatory, cumulative: false }))
}

/// `cost_change = scope "cost" (N "more" | N "less" [", but not less than 1"]
///              | "an additional sacrifice of a" LAND "for each B in their costs")`
fn cost_change(i: &str) -> PResult<'_, CostChange> {
    let spells = map((opt((color, sp)), kw("spells")), |(c, _)| CostScope::Spells(c.map(|(c, _)| c)));
    let abilities = (kw("activated"), sp, kw("abilities"), sp, kw("of"), sp);
    let enchantments =
        map(preceded(abilities, (opt((color, sp)), kw("enchantments"))), |(c, _): (Option<(Color, &str)>, &str)| {
            CostScope::EnchantmentAbilities(c.map(|(c, _)| c))
        });
    let enchanted = value(
        CostScope::EnchantedAbilities,
        (kw("activated"), sp, kw("abilities"), sp, kw("of"), sp, kw("enchanted"), sp, kw("artifact")),
    );
    let both =
        value(CostScope::SpellsAndAbilities, (kw("spells"), sp, kw("and"), sp, kw("activated"), sp, kw("abilities")));
    let (r, (scope, _, _, _)) = (alt((both, spells, enchantments, enchanted)), sp, kw("cost"), sp).parse(i)?;
    if let Ok((r, (_, _, t, _, _, _, _, _, _, _))) = (
        (kw("an"), sp, kw("additional"), sp, kw("sacrifice"), sp, kw("of"), sp, kw("a")),
        sp,
        land_type,
        sp,
        kw("for"),
        sp,
        kw("each"),
        sp,
        kw("B"),
        (sp, kw("in"), sp, kw("their"), sp, kw("costs")),
    )
        .parse(r)
    {
        return Ok((r, CostChange { scope, delta: CostDelta::SacrificePerBlack(t.to_owned()) }));
    }
    let (r, (n, _)) = cut((number, sp)).parse(r)?;
    let (r, delta) = alt((
        value(CostDelta::More(n), kw("more")),
        map(
            (
                kw("less"),
                opt((
                    space0,
                    char(','),
                    space0,
                    kw("but"),
                    sp,
                    kw("not"),
                    sp,
                    kw("less"),
                    sp,
                    kw("than"),
                    sp,
                    tag("1"),
                )),
            ),
            move |(_, min)| if min.is_some() { CostDelta::LessMinOne(n) } else { CostDelta::Less(n) },
        ),
    ))
    .parse(r)?;
    Ok((r, CostChange { scope, delta }))
}

/// `sacrifice ("this" | COUNT KIND ["other than this"])`: COUNT is a, an, two, three or N.
pub(super) fn sacrifice_part(i: &str) -> PResult<'_, (bool, Option<SacrificeCost>)> {
    let (r, _) = (kw("sacrifice"), sp).parse(i)?;
    if let Ok((r, _)) = kw("this")(r) {
        return Ok((r, (true, None)));
    }
    let (r, count) =
        cut(alt((value(1, alt((kw("an"), kw("a")))), value(2, kw("two")), value(3, kw("three")), number))).parse(r)?;
    let (r, _) = sp(r)?;
    let (r, what) = cut(alt((
        value(Sacrificed::Creature, alt((kw("creatures"), kw("creature")))),
        value(Sacrificed::Artifact, alt((kw("artifacts"), kw("artifact")))),
        value(Sacrificed::Land, alt((kw("lands"), kw("land")))),
        map(land_type, Sacrificed::LandType),
    )))
    .parse(r)?;
    let (r, other) = opt((sp, kw("other"), sp, kw("than"), sp, kw("this"))).parse(r)?;
    Ok((r, (false, Some(SacrificeCost { count, what, other_than_this: other.is_some() }))))
}

/// `cost = part ("," part)*`, `part = "T" | mana_cost | "sacrifice" ... | "pay" N "life"
/// | "remove" ("a" | N) KIND ("counter" | "counters") "from this"`
fn activation_cost(i: &str) -> PResult<'_, ActivationCost> {
    #[derive(Clone)]
    enum Part {
        Tap,
        Mana(ManaCost),
        Sacrifice(bool, Option<SacrificeCost>),
        Life(u32),
        Remove(u32, String),
        Discard(u32),
        Return(Amount, String),
        Draw(u32),
    }
    // `VERB a card` or `VERB N cards`: how many.
    let cards = |verb: &'static str| {
        map(
            (
                kw(verb),
                sp,
                alt((
                    value(1, (kw("a"), sp, kw("card"))),
                    map((number, sp, kw("cards")), |(n, _, _): (u32, &str, &str)| n),
                )),
            ),
            |(_, _, n)| n,
        )
    };
    let draw = map(cards("draw"), Part::Draw);
    let returns = map(
        (
            (kw("return"), sp, amount, sp, land_type, sp),
            (kw("you"), sp, kw("control"), sp, kw("to"), sp, kw("their"), sp, tag("owner's"), sp, kw("hand")),
        ),
        |((_, _, n, _, t, _), _)| Part::Return(n, t),
    );
    let discard = map(cards("discard"), Part::Discard);
    let life = map((kw("pay"), sp, number, sp, kw("life")), |(_, _, n, _, _)| Part::Life(n));
    let remove = map(
        (
            kw("remove"),
            sp,
            alt((value(1, kw("a")), number)),
            sp,
            word,
            sp,
            alt((kw("counters"), kw("counter"))),
            (sp, kw("from"), sp, kw("this")),
        ),
        |(_, _, n, _, k, _, _, _)| Part::Remove(n, k.to_owned()),
    );
    let part = alt((
        draw,
        discard,
        returns,
        map(sacrifice_part, |(this, s)| Part::Sacrifice(this, s)),
        life,
        remove,
        value(Part::Tap, tag("T")),
        map(mana_cost, Part::Mana),
    ));
    let (r, parts) = separated_list1((space0, char(','), space0), part).parse(i)?;
    let mut cost = ActivationCost::default();
    for p in parts {
        match p {
            Part::Tap => cost.tap = true,
            Part::Sacrifice(this, s) => {
                cost.sacrifice_this |= this;
                if let Some(s) = s {
                    cost.sacrifice = Some(Box::new(s));
                }
            }
            Part::Life(n) => cost.life = cost.life.saturating_add(n),
            Part::Remove(n, k) => cost.remove_counters = Some(Box::new((n, k))),
            Part::Discard(n) => cost.discard = cost.discard.saturating_add(n),
            Part::Return(n, t) => cost.return_lands = Some(Box::new((n, t))),
            Part::Draw(n) => cost.draw = cost.draw.saturating_add(n),
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

use crate::grammar::mana::color_word as color;

/// A colour as its mana symbol: W, U, B, R or G.
fn color_symbol(i: &str) -> PResult<'_, Color> {
    alt((
        value(Color::White, tag("W")),
        value(Color::Blue, tag("U")),
        value(Color::Black, tag("B")),
        value(Color::Red, tag("R")),
        value(Color::Green, tag("G")),
    ))
    .parse(i)
}

/// `keyword = "flying" | "first strike" | ...`
pub(crate) fn keyword(i: &str) -> PResult<'_, Keyword> {
    alt((
        value(Keyword::Flying, kw("flying")),
        value(Keyword::FirstStrike, (kw("first"), sp, kw("strike"))),
        value(Keyword::Trample, kw("trample")),
        value(Keyword::Fear, kw("fear")),
        value(Keyword::Banding, alt((kw("banding"), kw("bands")))),
        // `defender` and `vigilance` are the M13 rulebook's words for the same abilities (001
        // L842-844, L1400-1402).
        value(Keyword::Wall, alt((kw("wall"), kw("defender")))),
        value(
            Keyword::NoTapToAttack,
            alt((
                value((), (kw("does"), sp, kw("not"), sp, kw("tap"), sp, kw("to"), sp, kw("attack"))),
                value((), kw("vigilance")),
            )),
        ),
        value(Keyword::NoEnchantments, super::triggered::phrase("cannot be the target of enchant creature spells")),
        value(Keyword::Untargetable, super::triggered::phrase("cannot be the target of spells or effects")),
        map(preceded((kw("protection"), sp, kw("from"), sp), cut(color)), Keyword::Protection),
        map(preceded((kw("rampage"), sp), cut(number)), Keyword::Rampage),
        map(preceded((kw("cumulative"), sp, kw("upkeep"), sp), mana_cost), Keyword::CumulativeUpkeep),
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
        value(
            K(TargetKind::GraveyardCreature),
            (kw("creature"), sp, kw("card"), sp, kw("in"), sp, kw("your"), sp, kw("graveyard")),
        ),
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
        value(F(Filter::Blocked), kw("blocked")),
        value(F(Filter::Attacking), kw("attacking")),
        value(F(Filter::NonArtifact), kw("nonartifact")),
        value(F(Filter::NonWall), kw("non-wall")),
        value(F(Filter::Flying), kw("flying")),
        map(preceded(tag("non"), color), |c| F(Filter::NotColor(c))),
        map(color, |c| F(Filter::IsColor(c))),
    ))
    .parse(i)
}

/// `target = ["any number of"] "target" (word ("," | "or" | " "))+`
pub(super) fn target(i: &str) -> PResult<'_, TargetSpec> {
    let (i, many) = opt((kw("any"), sp, kw("number"), sp, kw("of"), sp)).parse(i)?;
    let (mut i, _) = (kw("target"), sp).parse(i)?;
    let mut spec = TargetSpec { kinds: Vec::new(), filters: Vec::new(), many: many.is_some(), subtype: None };
    // `target opponent`: a player other than the controller.
    if let Ok((r, _)) = kw("opponent")(i) {
        spec.kinds.push(TargetKind::Player);
        spec.filters.push(Filter::OpponentControls);
        return Ok((r, spec));
    }
    // `target Assembly Worker`: a creature of a type, named in capitalised words.
    if target_word(i).is_err()
        && let Ok((r, t)) = type_name(i)
    {
        spec.kinds.push(TargetKind::Creature);
        spec.subtype = Some(crate::cards::type_key(&t));
        return Ok((r, spec));
    }
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
    if let Ok((r, _)) = (
        (sp, kw("the"), sp, kw("active"), sp, kw("player"), sp, kw("has"), sp),
        (kw("controlled"), sp, kw("since"), sp, kw("the"), sp, kw("turn"), sp, kw("began")),
    )
        .parse(i)
    {
        spec.filters.push(Filter::ActiveSinceTurnBegan);
        i = r;
    }
    if let Ok((r, _)) = (sp, kw("other"), sp, kw("than"), sp, kw("this")).parse(i) {
        spec.filters.push(Filter::NotThis);
        i = r;
    }
    if let Ok((r, _)) = (sp, kw("an"), sp, kw("opponent"), sp, kw("controls")).parse(i) {
        spec.filters.push(Filter::OpponentControls);
        i = r;
    }
    if let Ok((r, _)) = (sp, kw("the"), sp, kw("defending"), sp, kw("player"), sp, kw("controls")).parse(i) {
        spec.filters.push(Filter::DefenderControls);
        i = r;
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

/// A static effect that is not a change of characteristics (see [`continuous`] for those).
fn static_effect(i: &str) -> PResult<'_, Effect> {
    if let Ok(done) = statics2(i) {
        return Ok(done);
    }
    let (r, e) = effect(i)?;
    if e.is_static_only() {
        return Ok((r, e));
    }
    Err(nom::Err::Error(PError::expected(i, "a static effect")))
}

/// The static effects of Celestial Dawn, Gauntlet of Might and City in a Bottle (see the module
/// docs).
fn statics2(i: &str) -> PResult<'_, Effect> {
    const WHITE: &str =
        "you may spend white mana as though it were mana of any color and other mana only as though it were colorless";
    if let Ok((r, _)) = tag_no_case::<&str, &str, PError<'_>>(WHITE).parse(i) {
        return Ok((r, Effect::SpendWhiteAsAny));
    }
    if let Ok((r, (land, _))) = (land_type, (sp, kw("tapped"), sp, kw("for"), sp, kw("mana"), sp)).parse(i) {
        let (r, (_, _, _, _, _, m)) =
            cut((kw("produce"), sp, kw("an"), sp, (kw("additional"), sp), mana_cost)).parse(r)?;
        return Ok((r, Effect::ExtraMana(super::ManaFrom::LandType(land), m)));
    }
    if let Ok((r, _)) = (kw("enchanted"), sp, kw("land"), sp, kw("tapped"), sp, kw("for"), sp, kw("mana"), sp).parse(i)
    {
        let (r, (_, _, _, _, _, m)) =
            cut((kw("produces"), sp, kw("an"), sp, (kw("additional"), sp), mana_cost)).parse(r)?;
        return Ok((r, Effect::ExtraMana(super::ManaFrom::EnchantedLand, m)));
    }
    if let Ok((r, (_, set, _))) = ((kw("other"), sp), type_name, sp).parse(i)
        && let Ok((r, _)) = (kw("cards"), sp, kw("in"), sp, kw("play"), sp, kw("are"), sp, kw("buried")).parse(r)
    {
        return Ok((r, Effect::BuryOtherOfSet(set)));
    }
    let (r, (set, _, _, _, _, _, _)) =
        (type_name, sp, kw("cards"), sp, kw("cannot"), sp, (kw("be"), sp, kw("played"))).parse(i)?;
    Ok((r, Effect::SetCannotBePlayed(set)))
}

/// `affected = "enchanted creature" | "other" TYPE | "all creatures" | COLOR "creatures"
/// | "attacking creatures you control"`
fn affected(i: &str) -> PResult<'_, Affects> {
    alt((
        value(Affects::Enchanted, (kw("enchanted"), sp, kw("creature"))),
        value(Affects::EnchantedLand, (kw("enchanted"), sp, kw("land"))),
        value(Affects::NonbasicLands, (kw("nonbasic"), sp, kw("lands"))),
        value(Affects::EnchantedArtifact, (kw("enchanted"), sp, kw("artifact"))),
        value(Affects::This, kw("this")),
        value(Affects::OwnLands, (kw("lands"), sp, kw("you"), sp, kw("control"))),
        value(
            Affects::OwnNonland,
            (
                (kw("nonland"), sp, kw("permanents"), sp, kw("you"), sp, kw("control"), sp, kw("and"), sp),
                (kw("nonland"), sp, kw("cards"), sp, kw("you"), sp, kw("own")),
            ),
        ),
        value(Affects::AllCreatures, (kw("all"), sp, kw("creatures"))),
        map(preceded((kw("all"), sp), word), |t: &str| Affects::OfType(crate::cards::type_key(t))),
        value(Affects::OwnAttackers, (kw("attacking"), sp, kw("creatures"), sp, kw("you"), sp, kw("control"))),
        map((color, sp, kw("creatures")), |(c, _, _)| Affects::ColorCreatures(c)),
        map(preceded((kw("other"), sp), word), |t: &str| Affects::OtherOfType(crate::cards::type_key(t))),
    ))
    .parse(i)
}

/// `static = affected ("gets" | "get") signed "/" signed | affected ("gains" | "gain" | "loses" |
/// "lose") keyword | affected ("has" | "have") "base power and toughness" N "/" N` (no duration:
/// while the card is in play)
fn continuous(i: &str) -> PResult<'_, (Affects, Change)> {
    let (r, a) = affected(i)?;
    let (r, _) = sp(r)?;
    let fixed = |x: Amount| match x {
        Amount::Fixed(n) => Ok(n),
        Amount::X(_) | Amount::Power => {
            Err(nom::Err::Failure(PError::expected(i, "a number, not X, in a static ability")))
        }
    };
    let (r, c) = if let Ok((r, _)) = (alt((kw("gets"), kw("get"))), sp).parse(r) {
        let (r, (p, _, t)) = cut((signed_amount, char('/'), signed_amount)).parse(r)?;
        (r, Change::Pump(fixed(p)?, fixed(t)?))
    } else if let Ok((r, _)) = (alt((kw("gains"), kw("gain"))), sp).parse(r) {
        cut(keyword).map(Change::Grant).parse(r)?
    } else if let Ok((r, _)) = (alt((kw("loses"), kw("lose"))), sp).parse(r) {
        cut(keyword).map(Change::Lose).parse(r)?
    } else if let Ok((r, _)) = (alt((kw("is"), kw("are"))), sp).parse(r) {
        if let Ok((r, _)) = (kw("the"), sp, kw("chosen"), sp, kw("basic"), sp, kw("land"), sp, kw("type")).parse(r) {
            (r, Change::ChosenLandType)
        } else if let Ok((r, _)) = (
            (kw("a"), sp, kw("creature"), sp, kw("with"), sp, kw("power"), sp, kw("and"), sp, kw("toughness"), sp),
            (kw("equal"), sp, kw("to"), sp, kw("its"), sp, kw("casting"), sp, kw("cost")),
        )
            .parse(r)
        {
            (r, Change::Animate { pt: None, subtype: None, artifact: false })
        } else if let Ok((r, c)) = animation(r) {
            (r, c)
        } else {
            cut(land_type).map(|t| Change::LandType(crate::cards::type_key(&t))).parse(r)?
        }
    } else if let Ok((r, (_, _, c, _, _, _, _))) =
        (alt((kw("has"), kw("have"))), sp, color, sp, kw("mana"), sp, kw("symbols")).parse(r)
    {
        (r, Change::ManaSymbols(c))
    } else if let Ok((r, _)) = (
        (alt((kw("has"), kw("have"))), sp, kw("power"), sp, kw("and"), sp, kw("toughness"), sp),
        (kw("each"), sp, kw("equal"), sp, kw("to"), sp, kw("the"), sp, kw("number"), sp, kw("of"), sp),
    )
        .parse(r)
    {
        if let Ok((r, _)) = (kw("cards"), sp, kw("in"), sp, kw("its"), sp, tag("controller's"), sp, kw("hand")).parse(r)
        {
            (r, Change::PtEqual(super::Count::ControllerHand))
        } else {
            // A card name, up to " in play".
            let Some(k) = r.to_ascii_lowercase().find(" in play") else {
                return Err(nom::Err::Failure(PError::expected(r, "a card name and `in play`")));
            };
            let name = r[..k].trim().to_owned();
            (&r[k + " in play".len()..], Change::PtEqual(super::Count::InPlayNamed(name)))
        }
    } else {
        let (r, _) = (alt((kw("has"), kw("have"))), sp).parse(r)?;
        let (r, (_, _, _, _, _, _, _, _, p, _, t)) =
            cut((kw("base"), sp, kw("power"), sp, kw("and"), sp, kw("toughness"), sp, number, char('/'), number))
                .parse(r)?;
        let n = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
        (r, Change::SetPt(n(p), n(t)))
    };
    if until_eot(r).is_ok() {
        return Err(nom::Err::Error(PError::expected(i, "a static effect")));
    }
    Ok((r, (a, c)))
}

/// A creature type named in capitalised words (`Assembly Worker`).
fn type_name(i: &str) -> PResult<'_, String> {
    let mut words = Vec::new();
    let mut rest = i;
    while let Ok((r, w)) = word(rest) {
        if !w.starts_with(|c: char| c.is_ascii_uppercase()) || w == "T" || w == "X" {
            break;
        }
        words.push(w);
        rest = r;
        match sp(rest) {
            Ok((r, _)) if word(r).is_ok_and(|(_, w)| w.starts_with(|c: char| c.is_ascii_uppercase())) => rest = r,
            _ => break,
        }
    }
    if words.is_empty() {
        return Err(nom::Err::Error(PError::expected(i, "a creature type")));
    }
    Ok((rest, words.join(" ")))
}

/// `["a"] N "/" N [TYPE] ["artifact"] ("creature" | "creatures")`
fn animation(i: &str) -> PResult<'_, Change> {
    let (r, _) = opt((alt((kw("an"), kw("a"))), sp)).parse(i)?;
    let (r, (p, _, t, _)) = (number, char('/'), number, sp).parse(r)?;
    let (r, ty) = opt(|j| {
        let (j, t) = type_name(j)?;
        let (j, _) = sp(j)?;
        Ok((j, t))
    })
    .parse(r)?;
    let (r, art) = opt((kw("artifact"), sp)).parse(r)?;
    let (r, _) = alt((kw("creatures"), kw("creature"))).parse(r)?;
    let n = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
    Ok((
        r,
        Change::Animate {
            pt: Some((n(p), n(t))),
            subtype: ty.map(|t| crate::cards::type_key(&t)),
            artifact: art.is_some(),
        },
    ))
}

/// `"until end of combat"` (Jade Statue's duration).
fn until_end_of_combat(i: &str) -> PResult<'_, ()> {
    value((), (sp, kw("until"), sp, kw("end"), sp, kw("of"), sp, kw("combat"))).parse(i)
}

pub(super) fn until_eot(i: &str) -> PResult<'_, ()> {
    value((), (sp, kw("until"), sp, kw("end"), sp, kw("of"), sp, kw("turn"))).parse(i)
}

/// `"for as long as this remains tapped"` (a tap-and-hold duration)
fn while_tapped(i: &str) -> PResult<'_, ()> {
    value(
        (),
        (
            sp,
            kw("for"),
            sp,
            kw("as"),
            sp,
            kw("long"),
            sp,
            kw("as"),
            sp,
            kw("this"),
            sp,
            kw("remains"),
            sp,
            kw("tapped"),
        ),
    )
    .parse(i)
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
    if let Ok((r, _)) = (
        (kw("each"), sp, tag_no_case("non-wall"), sp, kw("creature"), sp, kw("the"), sp, kw("active"), sp),
        (kw("player"), sp, kw("has"), sp, kw("controlled"), sp, kw("since"), sp, kw("the"), sp, kw("turn")),
        (sp, kw("began"), sp),
    )
        .parse(i)
    {
        let (r, ()) = cut(must_attack).parse(r)?;
        return Ok((r, Effect::AttackOrDieAll));
    }
    if let Ok((r, t)) = target(i)
        && let Ok((r, ())) = preceded(sp, must_attack).parse(r)
    {
        return Ok((r, Effect::AttackOrDie(t)));
    }
    if let Ok((r, (_, _, c, _))) = (
        kw("add"),
        sp,
        color_symbol,
        (sp, kw("for"), sp, kw("each"), sp, kw("mana"), sp, kw("in"), sp, kw("the"), sp, kw("converted")),
    )
        .parse(i)
    {
        let (r, _) = cut((
            (sp, kw("casting"), sp, kw("cost"), sp, kw("of"), sp, kw("the"), sp),
            (kw("sacrificed"), sp, kw("creature")),
        ))
        .parse(r)?;
        return Ok((r, Effect::AddManaPerSacrificedCost(c)));
    }
    if let Ok((r, _)) = (
        (kw("gain"), sp, kw("life"), sp, kw("equal"), sp, kw("to"), sp, kw("the"), sp),
        (kw("toughness"), sp, kw("of"), sp, kw("the"), sp, kw("sacrificed"), sp, kw("creature")),
    )
        .parse(i)
    {
        return Ok((r, Effect::GainLifeSacrificedToughness));
    }
    if let Ok((r, _)) = (kw("add"), sp).parse(i) {
        return cut(mana_cost).map(Effect::AddMana).parse(r);
    }
    if let Ok((r, _)) = (
        kw("deal"),
        sp,
        kw("damage"),
        sp,
        kw("equal"),
        sp,
        kw("to"),
        sp,
        tag("this's"),
        sp,
        kw("power"),
        sp,
        kw("to"),
        sp,
    )
        .parse(i)
    {
        let (r, t) = cut(target).parse(r)?;
        let (r, _) = cut((
            (space0, char(';'), space0, kw("it"), sp, kw("deals"), sp, kw("damage"), sp, kw("equal"), sp),
            (kw("to"), sp, kw("its"), sp, kw("power"), sp, kw("to"), sp, kw("this")),
        ))
        .parse(r)?;
        return Ok((r, Effect::Fight(t)));
    }
    if let Ok((r, _)) =
        (kw("deal"), sp, kw("damage"), sp, kw("equal"), sp, kw("to"), sp, kw("the"), sp, kw("number"), sp, kw("of"), sp)
            .parse(i)
    {
        let (r, (l, _, _, _, _, _, _, _)) =
            cut((land_type, sp, kw("you"), sp, kw("control"), sp, kw("to"), sp)).parse(r)?;
        let (r, t) = cut(target).parse(r)?;
        return Ok((r, Effect::DamagePerLand(l, t)));
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
            let snow =
                (space0, char(','), space0, kw("or"), sp, amount, sp, kw("if"), sp, kw("you"), sp, kw("control"))
                    .parse(r);
            if let Ok((r, (_, _, _, _, _, m, _, _, _, _, _, _))) = snow {
                let (r, (_, _, _, _, land)) =
                    cut((sp, kw("a"), sp, tag_no_case("snow-covered "), land_type)).parse(r)?;
                return Ok((r, Effect::DamageEachCreatureAndPlayerOrSnow(n, m, land)));
            }
            return Ok((r, Effect::DamageEachCreatureAndPlayer(n)));
        }
        if let Ok((r, _)) = (kw("divided"), sp, kw("evenly"), sp, kw("among"), sp).parse(r) {
            return cut(target).map(|t| Effect::DamageDivided(n, t)).parse(r);
        }
        if let Ok((r, _)) = (kw("divided"), sp, kw("as"), sp, kw("you"), sp, kw("choose"), sp, kw("among"), sp).parse(r)
        {
            return cut(target).map(|t| Effect::DamageDividedAsChosen(n, t)).parse(r);
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
    if let Ok((r, _)) = (kw("creatures"), sp, kw("cannot"), sp, kw("attack"), sp, kw("this"), sp, kw("turn")).parse(i) {
        return Ok((r, Effect::NoAttack));
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
    if let Ok((r, _)) = (kw("you"), sp, kw("control"), sp, kw("enchanted"), sp, kw("creature")).parse(i) {
        return Ok((r, Effect::ControlEnchanted));
    }
    if let Ok((r, (_, n, _))) = (
        (kw("creatures"), sp, kw("with"), sp, kw("power"), sp),
        number,
        (
            (sp, kw("or"), sp, kw("greater"), sp, kw("do"), sp, kw("not"), sp, kw("untap"), sp),
            (kw("during"), sp, kw("their"), sp, tag_no_case("controllers'"), sp, kw("untap"), sp, kw("phases")),
        ),
    )
        .parse(i)
    {
        return Ok((r, Effect::NoUntapPowerAtLeast(i32::try_from(n).unwrap_or(i32::MAX))));
    }
    if let Ok((r, _)) = (
        (kw("if"), sp, kw("the"), sp, kw("discarded"), sp, kw("card"), sp, kw("is"), sp, kw("a"), sp, kw("land")),
        (space0, char(','), space0, kw("deal"), sp),
    )
        .parse(i)
    {
        let (r, (n, _, _, _, _, _, t)) = cut((amount, sp, kw("damage"), sp, kw("to"), sp, target)).parse(r)?;
        return Ok((r, Effect::DamageIfDiscardedLand(n, t)));
    }
    if let Ok((r, _)) = (kw("bury"), sp, kw("this")).parse(i) {
        return Ok((r, Effect::BuryThis));
    }
    if let Ok((r, _)) = (kw("sacrifice"), sp, kw("this")).parse(i) {
        return Ok((r, Effect::SacrificeThis));
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
        sp,
    )
        .parse(i)
    {
        if let Ok((r, _)) = kw("this")(r) {
            return Ok((r, Effect::CountersOnThis(n.unwrap_or(1), kind.to_owned())));
        }
        return cut(target).map(|t| Effect::CountersOnTarget(n.unwrap_or(1), kind.to_owned(), t)).parse(r);
    }
    if let Ok((r, (_, _, t, _, _, _, _))) = (kw("put"), sp, target, sp, kw("into"), sp, kw("play")).parse(i) {
        return Ok((r, Effect::ReturnToPlay(t)));
    }
    if let Ok((r, _)) = (kw("move"), sp).parse(i) {
        let (r, (e, _, _, _, d)) = cut((target, sp, kw("onto"), sp, target)).parse(r)?;
        return Ok((r, Effect::MoveEnchantment(e, Box::new(d))));
    }
    if let Ok((r, _)) = (kw("remove"), sp, nom::combinator::peek(tag("target"))).parse(i) {
        let (r, t) = cut(target).parse(r)?;
        let (r, _) = cut((sp, kw("from"), sp, kw("the"), sp, kw("game"))).parse(r)?;
        let mut rider = (
            char(';'),
            sp,
            kw("its"),
            sp,
            kw("controller"),
            sp,
            kw("gains"),
            sp,
            kw("life"),
            sp,
            kw("equal"),
            sp,
            kw("to"),
            sp,
            kw("its"),
            sp,
            kw("power"),
        );
        if let Ok((r, _)) = rider.parse(r) {
            return Ok((r, Effect::RemoveFromGame(t, true)));
        }
        return Ok((r, Effect::RemoveFromGame(t, false)));
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
        let (r, t) = cut(target).parse(r)?;
        if !bury
            && let Ok((r, _)) = (
                (space0, char(';'), space0, kw("you"), sp, kw("gain"), sp, kw("life"), sp, kw("equal"), sp),
                (kw("to"), sp, kw("its"), sp, kw("casting"), sp, kw("cost")),
            )
                .parse(r)
        {
            return Ok((r, Effect::DestroyGainCost(t)));
        }
        return Ok((r, Effect::Destroy(t, bury)));
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
        if let Ok((r, _)) =
            (sp, kw("with"), sp, kw("converted"), sp, kw("casting"), sp, kw("cost"), sp, tag("X")).parse(r)
        {
            return Ok((r, Effect::CounterCostX(t)));
        }
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
    if let Ok((r, _)) = (kw("replace"), sp, kw("one"), sp).parse(i) {
        let (r, k) = cut(alt((
            value(super::WordKind::Color, (kw("color"), sp, kw("word"))),
            value(super::WordKind::BasicLandType, (kw("basic"), sp, kw("land"), sp, kw("type"))),
        )))
        .parse(r)?;
        let (r, _) =
            cut((sp, kw("with"), sp, kw("another"), sp, kw("in"), sp, kw("the"), sp, kw("text"), sp, kw("of"), sp))
                .parse(r)?;
        return cut(target).map(|t| Effect::ReplaceWord(k, t)).parse(r);
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
    if let Ok((r, _)) = (
        (kw("each"), sp, kw("player"), sp, kw("discards"), sp, kw("his"), sp, kw("or"), sp, kw("her"), sp),
        (kw("hand"), sp, kw("and"), sp, kw("draws"), sp),
    )
        .parse(i)
    {
        let (r, (n, _, _)) = cut((amount, sp, kw("cards"))).parse(r)?;
        return Ok((r, Effect::WheelHands(n)));
    }
    if let Ok((r, _)) = (kw("all"), sp, kw("creatures"), sp, kw("get"), sp).parse(i) {
        let (r, (p, _, t, _)) = cut((signed_amount, char('/'), signed_amount, until_eot)).parse(r)?;
        return Ok((r, Effect::PumpAll(p, t)));
    }
    if let Ok((r, (_, _, land, _, _, _, _, _, _))) =
        (kw("all"), sp, land_type, sp, kw("you"), sp, kw("control"), sp, kw("become")).parse(i)
    {
        let (r, (_, c, _)) = cut((sp, animation, until_eot)).parse(r)?;
        return Ok((r, Effect::AnimateAll(land, c)));
    }
    if let Ok((r, _)) = (kw("switch"), sp).parse(i) {
        let (r, (w, _, _)) = cut((who, tag("'s power and toughness"), until_eot)).parse(r)?;
        return Ok((r, Effect::SwitchPt(w)));
    }
    let (r, w) = who(i).map_err(|_| {
        nom::Err::Error(PError::expected(
            i,
            "an effect (add, deal, return, destroy, bury, prevent, counter, tap, untap, regenerate, or WHO gets/gains)",
        ))
    })?;
    let (r, _) = sp(r)?;
    if let Ok((r, _)) = (kw("gets"), sp).parse(r) {
        let (r, (p, _, t)) = cut((signed_amount, char('/'), signed_amount)).parse(r)?;
        if let Ok((r, _)) = while_tapped(r) {
            return Ok((r, Effect::PumpWhileTapped(w, p, t)));
        }
        let (r, _) = cut(until_eot).parse(r)?;
        return Ok((r, Effect::Pump(w, p, t)));
    }
    if let Ok((r, _)) = (kw("loses"), sp).parse(r) {
        let (r, (k, _)) = cut((keyword, until_eot)).parse(r)?;
        return Ok((r, Effect::Lose(w, k)));
    }
    if let Ok((r, (_, _, c))) = (kw("becomes"), sp, color).parse(r) {
        return Ok((r, Effect::SetColor(w, c)));
    }
    if let Ok((r, (_, _, c, _))) = (kw("becomes"), sp, animation, until_eot).parse(r) {
        return Ok((r, Effect::Animate(w, c)));
    }
    if let Ok((r, (_, _, c, _))) = (kw("becomes"), sp, animation, until_end_of_combat).parse(r) {
        return Ok((r, Effect::AnimateUntilEndOfCombat(w, c)));
    }
    if let Ok((r, _)) = (kw("becomes"), sp).parse(r) {
        let (r, (p, _, t, _)) = cut((amount, char('/'), amount, until_eot)).parse(r)?;
        return Ok((r, Effect::SetPt(w, p, t)));
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

/// `must attack this turn or be destroyed at end of turn`.
fn must_attack(i: &str) -> PResult<'_, ()> {
    value(
        (),
        (
            (kw("must"), sp, kw("attack"), sp, kw("this"), sp, kw("turn"), sp, kw("or"), sp),
            (kw("be"), sp, kw("destroyed"), sp, kw("at"), sp, kw("end"), sp, kw("of"), sp, kw("turn")),
        ),
    )
    .parse(i)
}

/// `during WHOSE upkeep, you may EFFECT`: after the trigger's comma, `you may` makes the phase
/// effect optional.
fn optional_phase_effect(i: &str, t: Trigger) -> (&str, Trigger) {
    match t {
        Trigger::DuringUpkeep(w) => match (kw("you"), sp, kw("may"), sp).parse(i) {
            Ok((r, _)) => (r, Trigger::MayDuringUpkeep(w)),
            Err(_) => (i, Trigger::DuringUpkeep(w)),
        },
        t => (i, t),
    }
}
