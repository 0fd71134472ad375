//! The card ability language: what a card's `abilities:` lines say.
//!
//! ```text
//! ability  = keyword | "spell:" effect | cost ":" effect | static | trigger "," effect
//!          | "costs" mana "more for each target after the first"
//! keyword  = "flying" | "first strike" | "trample" | "banding" | "wall" | "does not tap to attack"
//!          | LAND "walk" | "protection from" color
//!          | "cannot attack unless the defending player controls a(n)" LAND
//! static   = "enchanted creature gets" signed "/" signed
//!          | "all damage that unblocked attackers would deal to you is dealt to this instead while
//!             this is untapped"
//! phase    = "during your upkeep, pay" mana_cost "or bury this"
//! trigger  = "when you control no" LAND-plural | "at end of turn, if no creatures are in play"
//!          | "whenever a creature this damaged this turn is put into the graveyard"
//! cost     = part ("," part)*        part = "T" | mana_cost      (mana parts add up)
//! effect   = "add" mana
//!          | "deal" amount "damage to" target [disintegrate_rider]
//!          | "deal" amount "damage divided evenly among any number of" target
//!          | "deal" amount "damage to each creature without flying and each player"
//!          | "deal" amount "damage to each creature and each player"
//!          | who "gets" signed "/" signed "until end of turn" | who "gains" keyword "until end of turn"
//!          | target "gains" amount "life" | "return" target "to its owner's hand"
//!          | ("destroy" | "bury") (target | "all creatures") | "bury this"
//!          | "prevent" ["up to"] amount "damage to" target
//!          | "prevent all damage to you from a" color "source"
//!          | "counter" target ["unless its caster pays" amount ["; if not, tap all lands its caster controls"]]
//!          | "tap" target | "untap" target | "regenerate" who
//!          | "creatures deal no combat damage this turn"
//!          | "all damage dealt to you this turn by one source is prevented retroactively, and you
//!             gain that much life"
//!          | "put" ["a"] [N] KIND ("counter" | "counters") "on this"
//! disintegrate_rider = "; that creature cannot regenerate this turn and is removed from the
//!             game instead of going to the graveyard this turn"
//! who      = "this" | "enchanted creature" | target
//! target   = ["any number of"] "target" (adjective | kind | "," | "or")+
//!            e.g. target nonartifact, nonblack creature
//! amount   = N | "X"
//! ```

use super::mana::{Color, ManaCost, mana_cost};
use super::primitives::{kw, number, sp, word};
use super::{GrammarError, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char, space0};
use nom::combinator::{cut, map, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use serde::Serialize;
use std::fmt;

/// A keyword ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Keyword {
    /// Can be blocked only by flying creatures.
    Flying,
    /// Deals combat damage first.
    FirstStrike,
    /// Excess combat damage goes through.
    Trample,
    /// Can attack or block in a band.
    Banding,
    /// Cannot attack.
    Wall,
    /// Attacking does not tap it.
    NoTapToAttack,
    /// Unblockable while the defender controls a land of this type.
    Landwalk(String),
    /// Protection from a colour.
    Protection(Color),
    /// Cannot attack unless the defending player controls a land of this type.
    AttacksOnlyIfDefenderControls(String),
}

impl std::fmt::Display for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Flying => f.write_str("flying"),
            Self::FirstStrike => f.write_str("first strike"),
            Self::Trample => f.write_str("trample"),
            Self::Banding => f.write_str("banding"),
            Self::Wall => f.write_str("wall"),
            Self::NoTapToAttack => f.write_str("does not tap to attack"),
            Self::Landwalk(l) => write!(f, "{l}walk"),
            Self::Protection(c) => write!(f, "protection from {}", c.name()),
            Self::AttacksOnlyIfDefenderControls(l) => {
                write!(f, "cannot attack unless the defending player controls an {l}")
            }
        }
    }
}

/// A number in an effect: fixed or X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Amount {
    /// A fixed number.
    Fixed(i32),
    /// The X paid (negated when `-X`).
    X(i32),
}

/// What a target may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TargetKind {
    /// A creature in play.
    Creature,
    /// A player.
    Player,
    /// A land in play.
    Land,
    /// An artifact in play.
    Artifact,
    /// An enchantment in play.
    Enchantment,
    /// A spell being cast (interrupts) or in a batch.
    Spell,
    /// Any permanent in play.
    Permanent,
}

/// A condition on a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Filter {
    /// It is tapped.
    Tapped,
    /// It is untapped.
    Untapped,
    /// It is blocking.
    Blocking,
    /// It is attacking.
    Attacking,
    /// It is not an artifact.
    NonArtifact,
    /// It is not of this colour.
    NotColor(Color),
    /// It is of this colour.
    IsColor(Color),
}

/// `target ...`: what may be chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetSpec {
    /// Kinds, any of which is acceptable.
    pub kinds: Vec<TargetKind>,
    /// Conditions that all must hold (for permanents and spells).
    pub filters: Vec<Filter>,
    /// `any number of target ...`.
    pub many: bool,
}

/// Who an effect applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Who {
    /// The permanent with the ability.
    This,
    /// The creature the enchantment enchants.
    Enchanted,
    /// A chosen target.
    Target(TargetSpec),
}

/// What a spell or ability does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// Adds mana to the controller's pool (a mana source).
    AddMana(ManaCost),
    /// Deals damage to one target.
    Damage(Amount, TargetSpec),
    /// Deals damage divided evenly, rounded down, among any number of targets.
    DamageDivided(Amount, TargetSpec),
    /// Deals damage to each creature without flying and each player.
    DamageEachNonFlyerAndPlayer(Amount),
    /// Deals damage to each creature and each player.
    DamageEachCreatureAndPlayer(Amount),
    /// Creatures deal no combat damage this turn.
    NoCombatDamage,
    /// Buries the permanent with the ability.
    BuryThis,
    /// Damage to one target; that creature cannot regenerate this turn and is removed
    /// from the game instead of going to the graveyard this turn (Disintegrate).
    DamageDisintegrate(Amount, TargetSpec),
    /// All damage dealt to the caster this turn by one source is prevented retroactively, and
    /// the caster gains that much life (Reverse Damage).
    ReverseDamage,
    /// While untapped, damage unblocked attackers would deal to its controller is dealt to it
    /// instead (Veteran Bodyguard; automatic redirection).
    TakeUnblockedDamage,
    /// Puts counters on the permanent with the ability.
    CountersOnThis(u32, String),
    /// +P/+T until end of turn.
    Pump(Who, Amount, Amount),
    /// Grants a keyword until end of turn.
    Grant(Who, Keyword),
    /// A player gains life.
    GainLife(TargetSpec, Amount),
    /// Returns a permanent to its owner's hand.
    Bounce(TargetSpec),
    /// Destroys (`bury: false`) or buries one target.
    Destroy(TargetSpec, bool),
    /// Destroys or buries all creatures.
    DestroyAllCreatures(bool),
    /// Prevents damage to a creature or player (`up to` N).
    Prevent(Amount, TargetSpec),
    /// Prevents all damage to the controller from one source of a colour (its choice).
    PreventAllFrom(Color),
    /// Counters a spell.
    Counter(TargetSpec),
    /// Counters a spell unless its caster pays; if not, optionally taps all the caster's lands.
    CounterUnlessPaid(TargetSpec, Amount, bool),
    /// Taps a permanent.
    Tap(TargetSpec),
    /// Untaps a permanent.
    Untap(TargetSpec),
    /// Regenerates the creature (a specialized ability).
    Regenerate(Who),
    /// A permanent spell: it enters play on resolution (implied by the card type, never written).
    EntersPlay,
    /// A local enchantment: it enters play on its target (implied by `Enchant KIND`, never written).
    Enchant(TargetSpec),
}

impl Effect {
    /// The target specification, if the effect targets.
    #[must_use]
    pub fn target(&self) -> Option<&TargetSpec> {
        match self {
            Self::Damage(_, t)
            | Self::DamageDisintegrate(_, t)
            | Self::DamageDivided(_, t)
            | Self::GainLife(t, _)
            | Self::Bounce(t)
            | Self::Destroy(t, _)
            | Self::Prevent(_, t)
            | Self::Counter(t)
            | Self::CounterUnlessPaid(t, _, _)
            | Self::Tap(t)
            | Self::Untap(t)
            | Self::Pump(Who::Target(t), _, _)
            | Self::Grant(Who::Target(t), _)
            | Self::Regenerate(Who::Target(t))
            | Self::Enchant(t) => Some(t),
            _ => None,
        }
    }
}

/// An activation cost: mana and/or tapping.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct ActivationCost {
    /// Mana to pay.
    pub mana: ManaCost,
    /// `T`: tap the permanent.
    pub tap: bool,
}

impl std::fmt::Display for ActivationCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mana = (self.mana.total() > 0 || self.mana.x > 0).then(|| self.mana.to_string());
        let parts: Vec<String> = mana.into_iter().chain(self.tap.then(|| "T".to_owned())).collect();
        f.write_str(&parts.join(", "))
    }
}

/// One line of a card's abilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ability {
    /// A keyword.
    Keyword(Keyword),
    /// What the card does when cast.
    Spell(Effect),
    /// An activated ability.
    Activated(ActivationCost, Effect),
    /// Extra mana for each target after the first (Fireball).
    ExtraTargetCost(ManaCost),
    /// A continuous effect while the card is in play (`enchanted creature gets +1/+2`).
    Static(Effect),
    /// A triggered ability: when the event happens, the effect follows (002 Triggered Abilities).
    Triggered(Trigger, Effect),
    /// A phase cost: `during your upkeep, pay COST or bury this` (002 Turn Order, About The
    /// Phases: it must be dealt with before the upkeep can end).
    UpkeepCost(ManaCost),
}

/// What a triggered ability waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Trigger {
    /// `when you control no LANDs`: a state its controller may be in at any moment.
    ControlNo(String),
    /// `whenever a creature this damaged this turn is put into the graveyard`.
    DamagedCreatureDies,
    /// `at end of turn, if no creatures are in play`.
    EndOfTurnIfNoCreatures,
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
        }
    }
}

/// Parses one ability line.
///
/// # Errors
/// A [`GrammarError`] at the first word the grammar cannot take.
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
    if let Ok((r, t)) = trigger(i) {
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
fn keyword(i: &str) -> PResult<'_, Keyword> {
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
fn land_type(i: &str) -> PResult<'_, String> {
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

fn amount(i: &str) -> PResult<'_, Amount> {
    alt((value(Amount::X(1), tag("X")), map(number, |n| Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX))))).parse(i)
}

fn signed_amount(i: &str) -> PResult<'_, Amount> {
    let (i, sign) = alt((value(1, char('+')), value(-1, char('-')))).parse(i)?;
    let (i, a) = amount(i)?;
    Ok((
        i,
        match a {
            Amount::Fixed(n) => Amount::Fixed(sign * n),
            Amount::X(k) => Amount::X(sign * k),
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
        map(preceded(tag("non"), color), |c| F(Filter::NotColor(c))),
        map(color, |c| F(Filter::IsColor(c))),
    ))
    .parse(i)
}

/// `target = ["any number of"] "target" (word ("," | "or" | " "))+`
fn target(i: &str) -> PResult<'_, TargetSpec> {
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
    Ok((i, spec))
}

fn who(i: &str) -> PResult<'_, Who> {
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
        && e == Effect::TakeUnblockedDamage
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

fn until_eot(i: &str) -> PResult<'_, ()> {
    value((), (sp, kw("until"), sp, kw("end"), sp, kw("of"), sp, kw("turn"))).parse(i)
}

/// `effect = ...` (see the module docs)
fn effect(i: &str) -> PResult<'_, Effect> {
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

/// The canonical text of a parsed ability: what `judge card` shows, and what parses back to it.
impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Keyword(k) => write!(f, "{k}"),
            Self::Spell(e) => write!(f, "spell: {e}"),
            Self::Activated(c, e) => write!(f, "{c}: {e}"),
            Self::ExtraTargetCost(m) => write!(f, "costs {m} more for each target after the first"),
            Self::Static(Effect::Pump(w, p, t)) => write!(f, "{w} gets {}/{}", signed(*p), signed(*t)),
            Self::Static(e) => write!(f, "{e}"),
            Self::Triggered(t, e) => write!(f, "{t}, {e}"),
            Self::UpkeepCost(m) => write!(f, "during your upkeep, pay {m} or bury this"),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::X(1) => f.write_str("X"),
            Self::X(k) => write!(f, "{k}X"),
        }
    }
}

fn signed(a: Amount) -> String {
    match a {
        Amount::Fixed(n) if n < 0 => format!("{n}"),
        Amount::X(k) if k < 0 => "-X".to_owned(),
        other => format!("+{other}"),
    }
}

impl fmt::Display for TargetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.many {
            f.write_str("any number of ")?;
        }
        f.write_str("target")?;
        let filters: Vec<String> = self
            .filters
            .iter()
            .map(|x| match x {
                Filter::Tapped => "tapped".to_owned(),
                Filter::Untapped => "untapped".to_owned(),
                Filter::Blocking => "blocking".to_owned(),
                Filter::Attacking => "attacking".to_owned(),
                Filter::NonArtifact => "nonartifact".to_owned(),
                Filter::NotColor(c) => format!("non{}", c.name()),
                Filter::IsColor(c) => c.name().to_owned(),
            })
            .collect();
        if !filters.is_empty() {
            write!(f, " {}", filters.join(", "))?;
        }
        let plural = if self.many { "s" } else { "" };
        let kinds: Vec<String> =
            self.kinds.iter().map(|k| format!("{}{plural}", format!("{k:?}").to_lowercase())).collect();
        match kinds.as_slice() {
            [] => Ok(()),
            [one] => write!(f, " {one}"),
            [rest @ .., last] => write!(f, " {} or {last}", rest.join(", ")),
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::This => f.write_str("this"),
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::Target(t) => write!(f, "{t}"),
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::AddMana(m) => write!(f, "add {m}"),
            Self::Damage(a, t) => write!(f, "deal {a} damage to {t}"),
            Self::DamageDivided(a, t) => write!(f, "deal {a} damage divided evenly among {t}"),
            Self::DamageEachCreatureAndPlayer(a) => write!(f, "deal {a} damage to each creature and each player"),
            Self::NoCombatDamage => f.write_str("creatures deal no combat damage this turn"),
            Self::BuryThis => f.write_str("bury this"),
            Self::DamageDisintegrate(a, t) => write!(
                f,
                "deal {a} damage to {t}; that creature cannot regenerate this turn and is removed from the game instead of going to the graveyard this turn"
            ),
            Self::ReverseDamage => f.write_str(
                "all damage dealt to you this turn by one source is prevented retroactively, and you gain that much life",
            ),
            Self::TakeUnblockedDamage => {
                f.write_str("all damage that unblocked attackers would deal to you is dealt to this instead while this is untapped")
            }
            Self::CountersOnThis(n, k) => write!(f, "put {n} {k} counters on this"),
            Self::DamageEachNonFlyerAndPlayer(a) => {
                write!(f, "deal {a} damage to each creature without flying and each player")
            }
            Self::Pump(w, p, t) => write!(f, "{w} gets {}/{} until end of turn", signed(*p), signed(*t)),
            Self::Grant(w, k) => write!(f, "{w} gains {k} until end of turn"),
            Self::GainLife(t, a) => write!(f, "{t} gains {a} life"),
            Self::Bounce(t) => write!(f, "return {t} to its owner's hand"),
            Self::Destroy(t, bury) => write!(f, "{} {t}", if *bury { "bury" } else { "destroy" }),
            Self::DestroyAllCreatures(bury) => write!(f, "{} all creatures", if *bury { "bury" } else { "destroy" }),
            Self::Prevent(a, t) => write!(f, "prevent up to {a} damage to {t}"),
            Self::PreventAllFrom(c) => write!(f, "prevent all damage to you from a {} source", c.name()),
            Self::Counter(t) => write!(f, "counter {t}"),
            Self::CounterUnlessPaid(t, a, lands) => {
                write!(f, "counter {t} unless its caster pays {a}")?;
                if *lands { f.write_str("; if not, tap all lands its caster controls") } else { Ok(()) }
            }
            Self::Tap(t) => write!(f, "tap {t}"),
            Self::Untap(t) => write!(f, "untap {t}"),
            Self::Regenerate(w) => write!(f, "regenerate {w}"),
            Self::EntersPlay => f.write_str("(enters play)"),
            Self::Enchant(t) => write!(f, "(enters play enchanting {t})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Ability {
        parse_ability(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn spells() {
        let Ability::Spell(Effect::Damage(Amount::Fixed(3), t)) =
            ok("spell: deal 3 damage to target creature or player")
        else {
            panic!()
        };
        assert_eq!(t.kinds, vec![TargetKind::Creature, TargetKind::Player]);
        let Ability::Spell(Effect::Destroy(t, true)) = ok("spell: bury target nonartifact, nonblack creature") else {
            panic!()
        };
        assert_eq!(t.filters, vec![Filter::NonArtifact, Filter::NotColor(Color::Black)]);
        assert_eq!(t.kinds, vec![TargetKind::Creature]);
        let Ability::Spell(Effect::Tap(t)) = ok("spell: tap target artifact, creature or land") else { panic!() };
        assert_eq!(t.kinds.len(), 3);
        assert!(matches!(
            ok("spell: target creature gets +3/+3 until end of turn"),
            Ability::Spell(Effect::Pump(Who::Target(_), Amount::Fixed(3), Amount::Fixed(3)))
        ));
        assert!(matches!(
            ok("spell: deal X damage divided evenly among any number of target creatures or players"),
            Ability::Spell(Effect::DamageDivided(Amount::X(1), TargetSpec { many: true, .. }))
        ));
        assert!(matches!(
            ok("spell: target player gains 3 life"),
            Ability::Spell(Effect::GainLife(_, Amount::Fixed(3)))
        ));
        assert!(matches!(
            ok("spell: prevent up to 3 damage to target creature or player"),
            Ability::Spell(Effect::Prevent(..))
        ));
        assert!(matches!(ok("spell: add BBB"), Ability::Spell(Effect::AddMana(_))));
        assert!(matches!(ok("spell: bury all creatures"), Ability::Spell(Effect::DestroyAllCreatures(true))));
        assert!(matches!(ok("spell: return target creature to its owner's hand"), Ability::Spell(Effect::Bounce(_))));
        assert!(matches!(ok("costs 1 more for each target after the first"), Ability::ExtraTargetCost(_)));
    }

    #[test]
    fn activated_and_keywords() {
        let Ability::Activated(c, Effect::Damage(..)) = ok("3, T: deal 1 damage to target creature or player") else {
            panic!()
        };
        assert!(c.tap);
        assert_eq!(c.to_string(), "3, T");
        assert!(matches!(ok("B: regenerate this"), Ability::Activated(_, Effect::Regenerate(Who::This))));
        assert!(matches!(
            ok("R: this gets +1/+0 until end of turn"),
            Ability::Activated(_, Effect::Pump(Who::This, ..))
        ));
        assert_eq!(ok("protection from black"), Ability::Keyword(Keyword::Protection(Color::Black)));
        assert_eq!(ok("first strike"), Ability::Keyword(Keyword::FirstStrike));
        assert_eq!(ok("swampwalk"), Ability::Keyword(Keyword::Landwalk("swamp".into())));
        assert!(matches!(ok("enchanted creature gets +1/+2"), Ability::Static(Effect::Pump(Who::Enchanted, ..))));
        assert!(matches!(
            ok("R: enchanted creature gets +1/+0 until end of turn"),
            Ability::Activated(_, Effect::Pump(Who::Enchanted, ..))
        ));
        assert!(matches!(ok("spell: destroy target red permanent"), Ability::Spell(Effect::Destroy(..))));
        assert!(matches!(
            ok("1: prevent all damage to you from a red source"),
            Ability::Activated(_, Effect::PreventAllFrom(Color::Red))
        ));
        assert!(matches!(
            ok("spell: counter target spell unless its caster pays X; if not, tap all lands its caster controls"),
            Ability::Spell(Effect::CounterUnlessPaid(_, Amount::X(1), true))
        ));
    }

    #[test]
    fn upkeep_cost() {
        let a = ok("during your upkeep, pay 1U or bury this");
        let Ability::UpkeepCost(m) = &a else { panic!("{a:?}") };
        assert_eq!(m.total(), 2);
        assert_eq!(a.to_string(), "during your upkeep, pay 1U or bury this");
        assert!(parse_ability("during your upkeep, pay 1U or destroy this").is_err());
    }

    #[test]
    fn canonical_text_parses_back() {
        let lib = crate::cards::Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        for (_, def) in lib.iter() {
            let all = def.abilities.iter().chain(def.modes.iter().map(|(_, a)| a));
            for a in all {
                let text = a.to_string();
                assert_eq!(&ok(&text), a, "{}: `{text}` does not parse back", def.name);
            }
        }
    }

    #[test]
    fn errors() {
        let e = parse_ability("spell: deal 3 damage to target wizard").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 31);
        let e = parse_ability("spell: explode").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 7);
    }
}
