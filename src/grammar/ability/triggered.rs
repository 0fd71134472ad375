//! The words of triggered abilities, delayed effects and phase effects: their events (`whenever
//! this attacks`), the referents an event gives its effect (`that player`, `that creature`,
//! `that much`), payments asked at resolution (`you may pay 1; if you do, ...`, `... unless you
//! pay 2`) and effects scheduled for later (`... at end of combat`). 002 (General Rulings
//! Summary 07/15/97), Triggered Abilities L920-993, Delayed or Scheduled Effects L1059-1085,
//! Phase Effects and Phase Abilities L3107-3173.

use super::parse::{amount, keyword, signed_amount, until_eot};
use super::{Effect, Trigger, Who};
use crate::grammar::mana::{Color, ManaCost, mana_cost};
use crate::grammar::primitives::{kw, number, sp, word};
use crate::grammar::{PError, PResult};
use nom::Parser;
use nom::character::complete::{char, space0};
use nom::combinator::{cut, opt};
use serde::Serialize;
use std::fmt;

/// Whose phase a phase trigger or phase effect waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Whose {
    /// `your`: the controller's.
    Your,
    /// `each opponent's`: the controller's opponent's.
    Opponents,
    /// `each player's`: every player's.
    Each,
    /// `enchanted creature's controller's`.
    EnchantedControllers,
}

impl fmt::Display for Whose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Your => "your",
            Self::Opponents => "each opponent's",
            Self::Each => "each player's",
            Self::EnchantedControllers => "enchanted creature's controller's",
        })
    }
}

/// Which blockers or attackers a combat trigger looks at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CreatureFilter {
    /// `non-wall creature`.
    NonWall,
    /// `creature`: any creature (Aisling Leprechaun).
    Any,
    /// `COLOR or COLOR creature`: of any of these colours.
    Colors(Vec<Color>),
}

impl fmt::Display for CreatureFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonWall => f.write_str("non-wall creature"),
            Self::Any => f.write_str("creature"),
            Self::Colors(cs) => {
                let names: Vec<&str> = cs.iter().map(|c| c.name()).collect();
                write!(f, "{} creature", names.join(" or "))
            }
        }
    }
}

/// A number an effect reads from its event or from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Much {
    /// A fixed number.
    Fixed(u32),
    /// `that much`: the amount of the event (damage dealt).
    ThatMuch,
    /// `damage equal to its toughness`: the toughness of the event's creature as it last was
    /// in play, never below 0 (002 L428).
    ItsToughness,
    /// `1 damage ... for each card in their hand over N`.
    CardsOver(u32),
    /// `1 damage ... for each card fewer than N in their hand`.
    CardsUnder(u32),
}

/// Who a triggered effect's damage goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Recipient {
    /// `that player`: the player of the event.
    ThatPlayer,
    /// `you`: the ability's controller.
    You,
    /// `its controller`: the controller of the event's card (as it last was in play), or of the
    /// spell that dealt the damage.
    ItsController,
}

impl fmt::Display for Recipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::ThatPlayer => "that player",
            Self::You => "you",
            Self::ItsController => "its controller",
        })
    }
}

/// When a scheduled (delayed) effect happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Moment {
    /// `at end of combat`: when the attack's end of combat step begins.
    EndOfCombat,
    /// `at end of turn`: with the other "at end of turn" effects.
    EndOfTurn,
    /// `at the beginning of the next turn`, whoever's it is: a cantrip's draw (002 Cantrips
    /// L1547-1553, with the errata that older "next turn's upkeep" cantrips use this too).
    NextTurn,
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::EndOfCombat => "at end of combat",
            Self::EndOfTurn => "at end of turn",
            Self::NextTurn => "at the beginning of the next turn",
        })
    }
}

/// The text of a damage effect with a [`Much`].
pub(super) fn damage_text(f: &mut fmt::Formatter<'_>, n: Much, to: Recipient) -> fmt::Result {
    match n {
        Much::Fixed(k) => write!(f, "deal {k} damage to {to}"),
        Much::ThatMuch => write!(f, "deal that much damage to {to}"),
        Much::ItsToughness => write!(f, "deal damage equal to its toughness to {to}"),
        Much::CardsOver(k) => write!(f, "deal 1 damage to {to} for each card in their hand over {k}"),
        Much::CardsUnder(k) => write!(f, "deal 1 damage to {to} for each card fewer than {k} in their hand"),
    }
}

/// The text of a life gain with a [`Much`].
pub(super) fn gain_text(f: &mut fmt::Formatter<'_>, n: Much) -> fmt::Result {
    match n {
        Much::Fixed(k) => write!(f, "you gain {k} life"),
        Much::ThatMuch => f.write_str("you gain that much life"),
        _ => write!(f, "you gain {n:?} life"),
    }
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ControlNo(l) if l == "plains" => f.write_str("when you control no plains"),
            Self::ControlNo(l) => write!(f, "when you control no {l}s"),
            Self::DamagedCreatureDies => {
                f.write_str("whenever a creature this damaged this turn is put into the graveyard")
            }
            Self::EndOfTurnIfNoCreatures => f.write_str("at end of turn, if no creatures are in play"),
            Self::BeginningOfUpkeep(w) => write!(f, "at the beginning of {w} upkeep"),
            Self::BeginningOfTurn(w) => write!(f, "at the beginning of {w} turn"),
            Self::DuringUpkeep(w) => write!(f, "during {w} upkeep"),
            Self::MayDuringUpkeep(w) => write!(f, "during {w} upkeep, you may"),
            Self::Attacks => f.write_str("whenever this attacks"),
            Self::BlocksOrBlockedBy(c) => write!(f, "whenever this blocks or becomes blocked by a {c}"),
            Self::Flanking => f.write_str("flanking"),
            Self::NotBlocked => f.write_str("whenever this attacks and is not blocked"),
            Self::EnchantedNotBlocked => f.write_str("whenever enchanted creature attacks and is not blocked"),
            Self::CastAsInstant => f.write_str("when cast as an instant"),
            Self::Cast(c, ok) => {
                let how = if *ok { "successfully casts" } else { "casts" };
                let color = c.map(|c| format!("{} ", c.name())).unwrap_or_default();
                write!(f, "whenever a player {how} a {color}spell")
            }
            Self::CreatureDies => f.write_str("whenever a creature is put into the graveyard from play"),
            Self::EnchantedDies => f.write_str("when enchanted creature is put into the graveyard"),
            Self::EnchantedDealsDamage => f.write_str("whenever enchanted creature deals damage"),
            Self::ColorDealsDamage(c) => write!(f, "whenever a {} creature or spell deals damage", c.name()),
            Self::TapsForMana(l) => write!(f, "whenever a player taps a {l} for mana"),
            Self::ComesIntoPlay => f.write_str("when this comes into play"),
            Self::ActivatedTimes(n) => write!(f, "when this has been activated {n} times this turn"),
            Self::ThisDies => f.write_str("when this is put into the graveyard from play"),
            Self::DamagesOpponent => f.write_str("whenever this deals damage to an opponent"),
            Self::CreatureEnters => f.write_str("whenever a creature comes into play"),
            Self::EndOfYourTurn => f.write_str("at end of your turn"),
        }
    }
}

/// Consumes a phrase of words, each a keyword at a word boundary, separated by spaces.
pub(super) fn phrase<'a>(words: &'static str) -> impl Fn(&'a str) -> PResult<'a, ()> {
    move |mut i: &'a str| {
        for (k, w) in words.split(' ').enumerate() {
            if k > 0 {
                i = sp(i)?.0;
            }
            i = kw(w)(i)?.0;
        }
        Ok((i, ()))
    }
}

fn whose(i: &str) -> PResult<'_, Whose> {
    one_of(
        i,
        &[
            ("your", Whose::Your),
            ("each opponent's", Whose::Opponents),
            ("each player's", Whose::Each),
            ("enchanted creature's controller's", Whose::EnchantedControllers),
        ],
        "whose upkeep: your, each opponent's, each player's",
    )
}

/// The value of the first phrase of `table` that `i` begins with.
fn one_of<'a, T: Clone>(i: &'a str, table: &[(&'static str, T)], expected: &'static str) -> PResult<'a, T> {
    for (words, v) in table {
        if let Ok((r, ())) = phrase(words)(i) {
            return Ok((r, v.clone()));
        }
    }
    Err(nom::Err::Error(PError::expected(i, expected)))
}

fn color(i: &str) -> PResult<'_, Color> {
    for c in [Color::White, Color::Blue, Color::Black, Color::Red, Color::Green] {
        if let Ok((r, _)) = kw(c.name())(i) {
            return Ok((r, c));
        }
    }
    Err(nom::Err::Error(PError::expected(i, "a colour")))
}

fn creature_filter(i: &str) -> PResult<'_, CreatureFilter> {
    if let Ok((r, ())) = phrase("non-wall creature")(i) {
        return Ok((r, CreatureFilter::NonWall));
    }
    if let Ok((r, ())) = phrase("creature")(i) {
        return Ok((r, CreatureFilter::Any));
    }
    let (mut r, first) = color(i)?;
    let mut colors = vec![first];
    while let Ok((rest, (_, _, _, c))) = (sp, kw("or"), sp, color).parse(r) {
        colors.push(c);
        r = rest;
    }
    let (r, _) = (sp, kw("creature")).parse(r)?;
    Ok((r, CreatureFilter::Colors(colors)))
}

/// The triggers of this module (the older three are parsed in `parse.rs`).
pub(super) fn trigger(i: &str) -> PResult<'_, Trigger> {
    if let Ok(done) = super::costs2::trigger(i) {
        return Ok(done);
    }
    if let Ok((r, (_, _, w, _, _))) = (phrase("at the beginning of"), sp, whose, sp, kw("upkeep")).parse(i) {
        return Ok((r, Trigger::BeginningOfUpkeep(w)));
    }
    if let Ok((r, (_, _, w, _, _))) = (phrase("at the beginning of"), sp, whose, sp, kw("turn")).parse(i) {
        return Ok((r, Trigger::BeginningOfTurn(w)));
    }
    if let Ok((r, (_, _, w, _, _))) = (kw("during"), sp, whose, sp, kw("upkeep")).parse(i) {
        return Ok((r, Trigger::DuringUpkeep(w)));
    }
    if let Ok((r, (_, _, _, _, c))) =
        (phrase("whenever this blocks or becomes blocked by"), sp, kw("a"), sp, cut(creature_filter)).parse(i)
    {
        return Ok((r, Trigger::BlocksOrBlockedBy(c)));
    }
    if let Ok((r, (_, ok, _, _, _, c, _))) = (
        phrase("whenever a player"),
        opt((sp, kw("successfully"))),
        sp,
        kw("casts"),
        phrase_after(" a"),
        opt((sp, color)),
        (sp, kw("spell")),
    )
        .parse(i)
    {
        return Ok((r, Trigger::Cast(c.map(|(_, c)| c), ok.is_some())));
    }
    if let Ok((r, (_, _, c, _))) =
        (phrase("whenever a"), sp, color, phrase_after(" creature or spell deals damage")).parse(i)
    {
        return Ok((r, Trigger::ColorDealsDamage(c)));
    }
    if let Ok((r, (_, _, l, _))) =
        (phrase("whenever a player taps a"), sp, super::parse::land_type, phrase_after(" for mana")).parse(i)
    {
        return Ok((r, Trigger::TapsForMana(l)));
    }
    if let Ok((r, (_, _, n, _))) =
        (phrase("when this has been activated"), sp, number, phrase_after(" times this turn")).parse(i)
    {
        return Ok((r, Trigger::ActivatedTimes(n)));
    }
    // The triggers written in fixed words (a longer phrase before its own beginning).
    one_of(
        i,
        &[
            ("whenever this attacks and is not blocked", Trigger::NotBlocked),
            ("whenever enchanted creature attacks and is not blocked", Trigger::EnchantedNotBlocked),
            ("whenever this attacks", Trigger::Attacks),
            ("whenever a creature is put into the graveyard from play", Trigger::CreatureDies),
            ("when enchanted creature is put into the graveyard", Trigger::EnchantedDies),
            ("whenever enchanted creature deals damage", Trigger::EnchantedDealsDamage),
            ("whenever a creature comes into play", Trigger::CreatureEnters),
            ("whenever this deals damage to an opponent", Trigger::DamagesOpponent),
            ("when this is put into the graveyard from play", Trigger::ThisDies),
            ("when this comes into play", Trigger::ComesIntoPlay),
        ],
        "a trigger",
    )
}

/// A phrase written with its leading space: `" for mana"`.
fn phrase_after<'a>(words: &'static str) -> impl Fn(&'a str) -> PResult<'a, ()> {
    move |i: &'a str| {
        let (i, _) = sp(i)?;
        phrase(words.trim_start())(i)
    }
}

/// `flanking`: a keyword that is a triggered ability (002 Flanking L2348-2365): whenever a
/// creature without flanking is assigned to block this, it gets -1/-1 until end of turn.
pub(super) fn flanking(i: &str) -> PResult<'_, super::Ability> {
    let (r, _) = kw("flanking")(i)?;
    let minus = super::Amount::Fixed(-1);
    Ok((r, super::Ability::Triggered(Trigger::Flanking, Effect::Pump(Who::That, minus, minus))))
}

fn recipient(i: &str) -> PResult<'_, Recipient> {
    one_of(
        i,
        &[
            ("that player", Recipient::ThatPlayer),
            ("its controller", Recipient::ItsController),
            ("you", Recipient::You),
        ],
        "that player, you or its controller",
    )
}

/// The effects of this module, tried before the older ones: each begins with words the older
/// effects do not take (`deal 1 damage to that player`, `you gain`, `you may pay`, `destroy
/// that creature`, `put N KIND counters on enchanted creature`).
pub(super) fn effect(i: &str) -> PResult<'_, Effect> {
    if let Ok(done) = super::costs2::effect(i) {
        return Ok(done);
    }
    if let Ok((r, (_, _, n, _, _, _, to))) =
        (kw("deal"), sp, amount_word, sp, phrase("damage to"), sp, recipient).parse(i)
    {
        let (r, n) = match n {
            Much::Fixed(1) => {
                let over = (phrase_after(" for each card in their hand over"), sp, number).parse(r);
                let under =
                    (phrase_after(" for each card fewer than"), sp, number, phrase_after(" in their hand")).parse(r);
                match (over, under) {
                    (Ok((r, (_, _, k))), _) => (r, Much::CardsOver(k)),
                    (_, Ok((r, (_, _, k, _)))) => (r, Much::CardsUnder(k)),
                    _ => (r, n),
                }
            }
            n => (r, n),
        };
        return Ok((r, Effect::DamageTo(n, to)));
    }
    if let Ok((r, (_, _, to))) = (phrase("deal damage equal to its toughness to"), sp, recipient).parse(i) {
        return Ok((r, Effect::DamageTo(Much::ItsToughness, to)));
    }
    if let Ok((r, (_, _, n, _))) = (phrase("you gain"), sp, amount_word, phrase_after(" life")).parse(i) {
        return Ok((r, Effect::YouGain(n)));
    }
    if let Ok((r, (_, _, m, _, _))) = (phrase("you may pay"), sp, payment, space0, char(';')).parse(i) {
        let (r, (_, _, _, _, _, e)) = cut((space0, phrase("if you do"), space0, char(','), space0, base)).parse(r)?;
        return Ok((r, Effect::MayPay(m, Box::new(e))));
    }
    if let Ok((r, bury)) = (kw("destroy").map(|_| false)).or(kw("bury").map(|_| true)).parse(i)
        && let Ok((r, ())) = phrase_after(" that creature")(r)
    {
        return Ok((r, Effect::DestroyThat(bury, false)));
    }
    if let Ok((r, (_, _, n, _, kind, _, _, _, who))) = (
        kw("put"),
        sp,
        opt(number.or(kw("a").map(|_| 1))),
        space0,
        word,
        sp,
        kw("counter").or(kw("counters")).or(kw("counter")),
        phrase_after(" on"),
        (sp, phrase("enchanted creature")).map(|_| Who::Enchanted),
    )
        .parse(i)
    {
        return Ok((r, Effect::CountersOn(who, n.unwrap_or(1), kind.to_owned())));
    }
    if let Ok((r, ())) = phrase("counter that spell unless its caster pays")(i) {
        let (r, (_, m)) = cut((sp, mana_cost)).parse(r)?;
        return Ok((r, Effect::CounterThat(Some(m), false)));
    }
    if let Ok((r, ())) = phrase("counter that spell if a card with the same name is in play or in any graveyard")(i) {
        return Ok((r, Effect::CounterThat(None, true)));
    }
    if let Ok((r, ())) = phrase("artifacts, creatures and lands your opponents play come into play tapped")(i) {
        return Ok((r, Effect::OpponentsEnterTapped));
    }
    if let Ok((r, (_, _, _, n, _, _, t))) =
        (phrase("you may have this deal"), sp, space0, amount, sp, phrase("damage to"), signed_sp(super::parse::target))
            .parse(i)
    {
        let (r, _) = cut((
            space0,
            char(';'),
            space0,
            phrase("if you do"),
            space0,
            char(','),
            space0,
            phrase("this deals no combat damage this turn"),
        ))
        .parse(r)?;
        return Ok((r, Effect::DamageInsteadOfCombat(n, t)));
    }
    if let Ok((r, t)) = super::parse::target(i)
        && let Ok((r, (_, _, _, k, _))) =
            (sp, kw("gains"), sp, keyword, phrase_after(" until your next upkeep")).parse(r)
    {
        return Ok((r, Effect::GrantUntilNextUpkeep(t, k)));
    }
    if let Ok((r, (false, Some(s)))) = super::parse::sacrifice_part(i) {
        return Ok((r, Effect::Sacrifice(s)));
    }
    if let Ok((r, ())) = phrase("gain control of enchanted land until end of turn")(i) {
        return Ok((r, Effect::ControlEnchantedUntilEot));
    }
    if let Ok((r, ())) = phrase("untap enchanted land")(i) {
        return Ok((r, Effect::UntapEnchanted));
    }
    if let Ok((r, _)) = (
        phrase("starting with you, each player may put a permanent card from their hand into play"),
        (char(','), sp, phrase("until no player does")),
    )
        .parse(i)
    {
        return Ok((r, Effect::EachPutsPermanents));
    }
    if let Ok((r, ())) = phrase("return this to play under its owner's control")(i) {
        return Ok((r, Effect::ReturnThis));
    }
    if let Ok((r, ())) = phrase("that player discards a card at random")(i)
        .or_else(|_| phrase("the defending player discards a card at random")(i))
    {
        return Ok((r, Effect::DiscardAtRandom));
    }
    if let Ok((r, ())) = phrase("you may have it deal no combat damage this turn")(i) {
        let (r, _) = cut((space0, char(';'), space0, phrase("if you do"), space0, char(','), space0)).parse(r)?;
        let (r, e) = cut(base).parse(r)?;
        return Ok((r, Effect::NoCombatDamageInstead(Box::new(e))));
    }
    if let Ok((r, ())) = phrase("switch the blockers of two")(i) {
        let (r, t) = cut(signed_sp(super::parse::target)).parse(r)?;
        return Ok((r, Effect::SwitchBlockers(t)));
    }
    if let Ok((r, (_, _, t, _))) = (kw("remove"), sp, super::parse::target, phrase_after(" from combat")).parse(i) {
        let (r, more) =
            opt((space0, char(';'), space0, phrase("you may have it block another attacking creature"))).parse(r)?;
        return Ok((r, Effect::RemoveFromCombat(t, more.is_some())));
    }
    if let Ok((r, ())) = phrase("you skip your next draw phase")(i) {
        return Ok((r, Effect::SkipNextDraw));
    }
    if let Ok((r, ())) = phrase("draw a card")(i) {
        return Ok((r, Effect::DrawCard));
    }
    if let Ok((r, ())) = phrase("remove this from the game")(i) {
        return Ok((r, Effect::RemoveThis));
    }
    if let Ok((r, ())) = phrase("remove all cards in all graveyards from the game")(i) {
        return Ok((r, Effect::RemoveGraveyards));
    }
    if let Ok((r, (w, _, _, _, _, _, _))) = (
        super::parse::who,
        sp,
        kw("gets"),
        phrase_after(" +X/+0 until end of turn"),
        space0,
        char(','),
        phrase_after(" where X is its power"),
    )
        .parse(i)
    {
        return Ok((r, Effect::Pump(w, super::Amount::Power, super::Amount::Fixed(0))));
    }
    if let Ok((r, (_, _, _, p, _, t, _))) =
        (phrase("that creature"), sp, kw("gets"), signed_sp(signed_amount), char('/'), signed_amount, until_eot)
            .parse(i)
    {
        return Ok((r, Effect::Pump(Who::That, p, t)));
    }
    if let Ok((r, (_, _, _, k, _))) = (phrase("that creature"), sp, kw("gains"), sp_keyword, until_eot).parse(i) {
        return Ok((r, Effect::Grant(Who::That, k)));
    }
    // For as long as it stays in play (Aisling Leprechaun).
    if let Ok((r, (_, _, _, _, c))) = (phrase("that creature"), sp, kw("becomes"), sp, color).parse(i) {
        return Ok((r, Effect::SetColor(Who::That, c)));
    }
    Err(nom::Err::Error(PError::expected(i, "an effect")))
}

fn sp_keyword(i: &str) -> PResult<'_, super::Keyword> {
    let (i, _) = sp(i)?;
    keyword(i)
}

fn signed_sp<'a, O>(
    mut p: impl Parser<&'a str, Output = O, Error = PError<'a>>,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |i: &'a str| {
        let (i, _) = sp(i)?;
        p.parse(i)
    }
}

/// `N` or `that much`.
fn amount_word(i: &str) -> PResult<'_, Much> {
    if let Ok((r, ())) = phrase("that much")(i) {
        return Ok((r, Much::ThatMuch));
    }
    let (r, a) = amount(i)?;
    match a {
        super::Amount::Fixed(n) => Ok((r, Much::Fixed(u32::try_from(n).unwrap_or(0)))),
        super::Amount::X(_) | super::Amount::Power => Err(nom::Err::Error(PError::expected(i, "a number"))),
    }
}

/// An effect without the trailing words this module adds (`unless you pay`, `at end of ...`).
fn base(i: &str) -> PResult<'_, Effect> {
    super::parse::base_effect(i)
}

/// The trailing words of an effect: `unless you pay MANA` (a payment asked at resolution) and
/// `at end of combat` / `at end of turn` (a scheduled effect, 002 L1059-1085).
pub(super) fn suffixes(i: &str, e: Effect) -> PResult<'_, Effect> {
    let mut e = e;
    let mut r = i;
    if let Ok((rest, (_, _, _, m))) = (sp, phrase("unless you pay"), sp, payment).parse(r) {
        e = Effect::UnlessPaid(Box::new(e), m);
        r = rest;
    }
    if let Ok((rest, (_, ()))) = (sp, phrase("at end of combat")).parse(r) {
        e = Effect::Scheduled(Moment::EndOfCombat, Box::new(e));
        r = rest;
    } else if let Ok((rest, (_, ()))) = (sp, phrase("at the beginning of the next turn")).parse(r) {
        e = Effect::Scheduled(Moment::NextTurn, Box::new(e));
        r = rest;
    } else if let Ok((rest, (_, ()))) = (sp, phrase("at end of turn")).parse(r) {
        if let (Effect::DestroyThat(bury, false), Ok((rest, (_, ())))) =
            (&e, (sp, phrase("if it attacked this turn")).parse(rest))
        {
            return Ok((rest, Effect::Scheduled(Moment::EndOfTurn, Box::new(Effect::DestroyThat(*bury, true)))));
        }
        e = Effect::Scheduled(Moment::EndOfTurn, Box::new(e));
        r = rest;
    }
    Ok((r, e))
}

/// The text of a payment asked of the ability's controller.
pub(super) fn may_pay_text(f: &mut fmt::Formatter<'_>, m: &Payment, e: &Effect) -> fmt::Result {
    write!(f, "you may pay {m}; if you do, {e}")
}

/// What a payment asked at resolution takes: mana, or life (002 L1853-1854: life cannot be
/// paid below zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Payment {
    /// Mana.
    Mana(ManaCost),
    /// `N life`.
    Life(u32),
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Mana(m) => write!(f, "{m}"),
            Self::Life(n) => write!(f, "{n} life"),
        }
    }
}

/// `N life` or a mana cost.
fn payment(i: &str) -> PResult<'_, Payment> {
    if let Ok((r, (n, _, _))) = (number, sp, kw("life")).parse(i) {
        return Ok((r, Payment::Life(n)));
    }
    mana_cost.map(Payment::Mana).parse(i)
}
