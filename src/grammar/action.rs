//! Action lines: what a player announces or chooses, one line each.
//!
//! ```text
//! action    = "resolve" | "go to" phase | player " " verb
//! verb      = "plays" ref | "plays the phase effect of" ref cast_opts | "taps" ref ["for" mana] | "casts" ref cast_opts
//!           | "activates" ref ["ability" N] cast_opts | "announces" ref cast_opts
//!           | "regenerates" ref | "declares an attack" | "attacks with" ("nothing" | group ("," group)*), group = ref ("+" ref)*
//!           | "blocks with nothing" | "blocks" ref "with" refs
//!           | "assigns" N "damage from" ref "to" ref | "pays" N ["life"] | "does not pay"
//!           | "pays" [N] "sacrificing" refs
//!           | "discards" ref ["at random"] | "chooses" ref | "orders" refs | "passes" | "targets" (refs | "nothing")
//!           | ("uses" | "declines") ref          (an optional untargeted triggered ability of ref)
//!           | "has" ref "block" (ref | "nothing") (a new block a resolving spell lets its caster make)
//! cast_opts = [("on" | "targeting") refs] ["with X=" N] ["sacrificing" refs] ["discarding" refs]
//!             ["dividing" N ("," N)*] ["choosing" words]
//! refs      = ref ("," ref)*
//! ```

use super::lexicon::{Ctx, RefSyntax};
use super::mana::{ManaCost, mana_cost};
use super::primitives::{kw, number, skw, sp};
use super::{GrammarError, Lexicon, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::space0;
use nom::combinator::{cut, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;

/// An action line as written, not yet bound to the board.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ActionSyntax {
    /// `resolve`
    Resolve,
    /// `resolve top`: the player holding priority passes, then the other (two passes).
    ResolveTop,
    /// `go to PHASE` (the phase name as written, checked against the edition later).
    GoTo {
        /// The phase or `next turn` / `end of turn`.
        phase: String,
        /// Byte offset of the phase name.
        at: usize,
    },
    /// A player's line.
    Act {
        /// The acting player.
        player: String,
        /// What the player does.
        verb: Verb,
    },
}

/// What a spell or ability announcement names.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CastSyntax {
    /// The card cast or whose ability is activated.
    pub card: RefSyntax,
    /// `ability N`.
    pub ability: Option<u32>,
    /// Targets in the order written.
    pub targets: Vec<RefSyntax>,
    /// `with X=N`.
    pub x: Option<u32>,
    /// `sacrificing`, `discarding` and `dividing` (boxed: most lines have none).
    pub costs: Box<CostChoices>,
    /// `choosing MODE` with its byte offset.
    pub choosing: Option<(String, usize)>,
}

/// The choices of an announcement's costs and division, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CostChoices {
    /// `sacrificing A, B`: what is sacrificed as a cost.
    pub sacrificing: Vec<RefSyntax>,
    /// `discarding A`: the cards discarded from hand as a cost.
    pub discarding: Vec<RefSyntax>,
    /// `dividing N, M`: damage divided among the targets, in their order.
    pub dividing: Vec<u32>,
}

/// The verb phrase of a player's line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Verb {
    /// `plays CARD` (a land; a non-land means casts).
    Plays(RefSyntax),
    /// `plays the phase effect of CARD [on TARGET]`: a phase effect played, as an instant, at a
    /// time its player picks during the phase.
    PlaysPhaseEffect(CastSyntax),
    /// `taps CARD [for MANA]`.
    Taps(RefSyntax, Option<(ManaCostText, usize)>),
    /// `casts ...`.
    Casts(CastSyntax),
    /// `activates ...`.
    Activates(CastSyntax),
    /// `announces ...`: casts or activates, whichever fits.
    Announces(CastSyntax),
    /// `regenerates CARD`.
    Regenerates(RefSyntax),
    /// `declares an attack`.
    DeclaresAttack,
    /// `attacks with A, B + C` (empty: `attacks with nothing`): groups, a group of two or
    /// more (`B + C`) being a band.
    AttacksWith(Vec<Vec<RefSyntax>>),
    /// `blocks A with B, C` (`None`: `blocks with nothing`).
    Blocks(Option<(RefSyntax, Vec<RefSyntax>)>),
    /// `assigns N damage from A to B`.
    Assigns(u32, RefSyntax, RefSyntax),
    /// `pays N`, or `pays COST` with coloured symbols (`pays 1WW`).
    Pays(ManaCost),
    /// `pays N life`.
    PaysLife(u32),
    /// `targets A, B` (empty: `targets nothing`): the targets of a triggered ability as it is
    /// played.
    Targets(Vec<RefSyntax>),
    /// `pays [N] sacrificing A, B`: an upkeep cost with a sacrifice in it.
    PaysSacrificing(u32, Vec<RefSyntax>),
    /// `does not pay`.
    DoesNotPay,
    /// `discards CARD`; `true`: `discards CARD at random`, the card chance picked for a random
    /// discard (the driver tells it: the engine draws no lots).
    Discards(RefSyntax, bool),
    /// `chooses CARD`: a card chosen as an effect resolves.
    Chooses(RefSyntax),
    /// `orders A, B`.
    Orders(Vec<RefSyntax>),
    /// `passes`.
    Passes,
    /// `sacrifices CARD`: the permanent a sacrifice effect takes, chosen as it resolves.
    Sacrifices(RefSyntax),
    /// `puts CARD into play [on A]` (`None`: `puts nothing into play`): a card put into play
    /// from the hand as an effect resolves (Eureka), with the target of a local enchantment.
    PutsIntoPlay(Option<(RefSyntax, Vec<RefSyntax>)>),
    /// `uses CARD` (`true`) or `declines CARD`: whether an optional triggered ability of CARD
    /// with no target is played, as it triggers.
    Uses(RefSyntax, bool),
    /// `has A block B` (`None`: `has A block nothing`): a block a resolving spell lets its
    /// caster make (False Orders).
    HasBlock(RefSyntax, Option<RefSyntax>),
}

/// A mana amount written in a `taps ... for M` line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ManaCostText(#[serde(skip)] pub ManaCost, pub String);

const VERBS: &str = "a verb (plays, taps, casts, activates, announces, regenerates, declares an attack, \
attacks with, blocks, assigns, pays, does not pay, discards, chooses, orders, targets, uses, declines, has, passes, \
sacrifices, puts)";

/// Parses one action line against the names in `lex`.
///
/// # Errors
/// A [`GrammarError`] at the first word the grammar cannot take.
pub fn parse_action(text: &str, lex: &Lexicon) -> Result<ActionSyntax, GrammarError> {
    let cx = Ctx { lex, full: text };
    let mut err = parse_all(text, "action line", |i| action(cx, i));
    if let Err(e) = &mut err {
        e.help = errant_help(&text[e.offset.min(text.len())..]);
    }
    err
}

/// Help for the usual slips: a verb without its `s`, or a spell name left unknown.
fn errant_help(at: &str) -> Option<String> {
    let first = at.split(' ').next().unwrap_or("");
    let fixed = match first {
        "cast" | "play" | "tap" | "activate" | "regenerate" | "pass" | "discard" | "pay" => {
            format!("write `{first}s`: action lines are in the third person")
        }
        "counters" | "responds" | "interrupts" => {
            "write the spell itself: `Bob casts Counterspell on Lightning Bolt`".to_owned()
        }
        _ => return None,
    };
    Some(fixed)
}

/// `action = "resolve" ["top"] | "go to" phase | player " " verb`
fn action<'a>(cx: Ctx<'a>, i: &'a str) -> PResult<'a, ActionSyntax> {
    if let Ok((rest, _)) = kw("resolve")(i) {
        if let Ok((rest, _)) = (sp, kw("top")).parse(rest) {
            return Ok((rest, ActionSyntax::ResolveTop));
        }
        return Ok((rest, ActionSyntax::Resolve));
    }
    if let Ok((rest, _)) = (kw("go"), sp, kw("to"), sp).parse(i) {
        let phase = rest.trim().to_lowercase();
        if phase.is_empty() {
            return Err(nom::Err::Failure(PError::expected(rest, "a phase name or `next turn`")));
        }
        return Ok(("", ActionSyntax::GoTo { phase, at: cx.off(rest) }));
    }
    let (i, (player, _)) = cx.player(i).map_err(|e| match e {
        nom::Err::Error(mut pe) => {
            if pe.message.is_none() {
                pe.expected = Some("a player's name, `resolve` or `go to`");
            }
            nom::Err::Error(pe)
        }
        other => other,
    })?;
    let (i, _) = sp(i)?;
    let (i, verb) = cut(|i| verb(cx, i)).parse(i)?;
    Ok((i, ActionSyntax::Act { player, verb }))
}

fn refs<'a>(cx: Ctx<'a>, i: &'a str) -> PResult<'a, Vec<RefSyntax>> {
    separated_list1((space0, tag(","), space0), |i| cx.reference(i)).parse(i)
}

/// `verb = ...` (see the module docs)
fn verb<'a>(cx: Ctx<'a>, i: &'a str) -> PResult<'a, Verb> {
    let r = |i| cx.reference(i);
    if let Ok((i, _)) = kw("plays")(i) {
        if let Ok((i, _)) = (sp, kw("the"), sp, kw("phase"), sp, kw("effect"), sp, kw("of")).parse(i) {
            return cut(|i| cast_tail(cx, i, false)).map(Verb::PlaysPhaseEffect).parse(i);
        }
        return cut(preceded(sp, r)).map(Verb::Plays).parse(i);
    }
    if let Ok((i, _)) = kw("taps")(i) {
        let (i, card) = cut(preceded(sp, r)).parse(i)?;
        let (i, mana) = opt(preceded((sp, kw("for"), sp), |j| {
            let start = cx.off(j);
            cut(mana_cost).map(move |m| (ManaCostText(m, m.to_string()), start)).parse(j)
        }))
        .parse(i)?;
        return Ok((i, Verb::Taps(card, mana)));
    }
    if let Ok((i, _)) = kw("casts")(i) {
        return cut(|i| cast_tail(cx, i, false)).map(Verb::Casts).parse(i);
    }
    if let Ok((i, _)) = kw("activates")(i) {
        return cut(|i| cast_tail(cx, i, true)).map(Verb::Activates).parse(i);
    }
    if let Ok((i, _)) = kw("announces")(i) {
        return cut(|i| cast_tail(cx, i, true)).map(Verb::Announces).parse(i);
    }
    if let Ok((i, _)) = kw("regenerates")(i) {
        return cut(preceded(sp, r)).map(Verb::Regenerates).parse(i);
    }
    if let Ok((i, _)) = (kw("declares"), sp, kw("an"), sp, kw("attack")).parse(i) {
        return Ok((i, Verb::DeclaresAttack));
    }
    if let Ok((i, _)) = (kw("attacks"), sp, kw("with"), sp).parse(i) {
        if let Ok((i, _)) = kw("nothing")(i) {
            return Ok((i, Verb::AttacksWith(Vec::new())));
        }
        let group = |i| separated_list1((space0, tag("+"), space0), |i| cx.reference(i)).parse(i);
        return cut(separated_list1((space0, tag(","), space0), group)).map(Verb::AttacksWith).parse(i);
    }
    if let Ok((i, _)) = kw("blocks")(i) {
        if let Ok((i, _)) = (sp, kw("with"), sp, kw("nothing")).parse(i) {
            return Ok((i, Verb::Blocks(None)));
        }
        let (i, (_, attacker, _, _, _, blockers)) = cut((sp, r, sp, kw("with"), sp, |i| refs(cx, i))).parse(i)?;
        return Ok((i, Verb::Blocks(Some((attacker, blockers)))));
    }
    if let Ok((i, _)) = kw("assigns")(i) {
        let (i, (_, n, _, _, _, _, _, from, _, _, _, to)) =
            cut((sp, number, sp, kw("damage"), sp, kw("from"), sp, r, sp, kw("to"), sp, r)).parse(i)?;
        return Ok((i, Verb::Assigns(n, from, to)));
    }
    if let Ok((i, _)) = kw("pays")(i) {
        let at = i;
        let (i, cost) = opt(preceded(sp, mana_cost)).parse(i)?;
        // Life and sacrifices take a plain number; a mana answer may name its colours.
        let plain = |c: ManaCost, i| match c {
            c if c.x == 0 && !c.has_colors() => Ok(c.generic),
            _ => Err(nom::Err::Failure(PError::expected(i, "a number"))),
        };
        if let Ok((i, _)) = (sp, kw("sacrificing"), sp).parse(i) {
            let n = match cost {
                Some(c) => plain(c, at)?,
                None => 0,
            };
            return cut(|i| refs(cx, i)).map(|rs| Verb::PaysSacrificing(n, rs)).parse(i);
        }
        let Some(cost) = cost else {
            return Err(nom::Err::Failure(PError::expected(i, "an amount or `sacrificing`")));
        };
        if let Ok((i, _)) = (sp, kw("life")).parse(i) {
            return Ok((i, Verb::PaysLife(plain(cost, at)?)));
        }
        if cost.x > 0 {
            return Err(nom::Err::Failure(PError::expected(at, "an amount of mana (no X)")));
        }
        return Ok((i, Verb::Pays(cost)));
    }
    if let Ok((i, _)) = (kw("does"), sp, kw("not"), sp, kw("pay")).parse(i) {
        return Ok((i, Verb::DoesNotPay));
    }
    if let Ok((i, _)) = kw("targets")(i) {
        if let Ok((i, _)) = (sp, kw("nothing")).parse(i) {
            return Ok((i, Verb::Targets(Vec::new())));
        }
        return cut(preceded(sp, |i| refs(cx, i))).map(Verb::Targets).parse(i);
    }
    if let Ok((i, _)) = kw("discards")(i) {
        let (i, card) = cut(preceded(sp, r)).parse(i)?;
        let (i, random) = opt((sp, kw("at"), sp, kw("random"))).parse(i)?;
        return Ok((i, Verb::Discards(card, random.is_some())));
    }
    if let Ok((i, _)) = kw("chooses")(i) {
        return cut(preceded(sp, r)).map(Verb::Chooses).parse(i);
    }
    if let Ok((i, _)) = kw("orders")(i) {
        return cut(preceded(sp, |i| refs(cx, i))).map(Verb::Orders).parse(i);
    }
    if let Ok((i, _)) = kw("passes")(i) {
        return Ok((i, Verb::Passes));
    }
    if let Ok((i, _)) = kw("sacrifices")(i) {
        return cut(preceded(sp, r)).map(Verb::Sacrifices).parse(i);
    }
    if let Ok((i, _)) = kw("puts")(i) {
        if let Ok((i, _)) = (sp, kw("nothing"), sp, kw("into"), sp, kw("play")).parse(i) {
            return Ok((i, Verb::PutsIntoPlay(None)));
        }
        let (i, (_, card, _, _, _, _)) = cut((sp, r, sp, kw("into"), sp, kw("play"))).parse(i)?;
        let (i, on) = opt(preceded((sp, kw("on"), sp), cut(|i| refs(cx, i)))).parse(i)?;
        return Ok((i, Verb::PutsIntoPlay(Some((card, on.unwrap_or_default())))));
    }
    if let Ok((i, used)) = alt((value(true, kw("uses")), value(false, kw("declines")))).parse(i) {
        return cut(preceded(sp, r)).map(|c| Verb::Uses(c, used)).parse(i);
    }
    if let Ok((i, _)) = kw("has")(i) {
        let (i, (_, blocker, _, _, _)) = cut((sp, r, sp, kw("block"), sp)).parse(i)?;
        if let Ok((i, _)) = kw("nothing")(i) {
            return Ok((i, Verb::HasBlock(blocker, None)));
        }
        return cut(r).map(|a| Verb::HasBlock(blocker.clone(), Some(a))).parse(i);
    }
    Err(nom::Err::Error(PError::expected(i, VERBS)))
}

/// `cast_tail = ref ["ability" N] [("on"|"targeting") refs] ["with X=" N] ["sacrificing" refs]
/// ["discarding" refs] ["dividing" N ("," N)*] ["choosing" words]`
fn cast_tail<'a>(cx: Ctx<'a>, i: &'a str, abilities: bool) -> PResult<'a, CastSyntax> {
    let (i, card) = preceded(sp, |i| cx.reference(i)).parse(i)?;
    let (i, ability) =
        if abilities { opt(preceded((sp, kw("ability"), sp), cut(number))).parse(i)? } else { (i, None) };
    let (i, targets) = opt(preceded((sp, alt((kw("on"), kw("targeting"))), sp), cut(|i| refs(cx, i)))).parse(i)?;
    let (i, x) = opt(preceded((skw("with"), sp, tag("X="), space0), cut(number))).parse(i)?;
    let (i, sacrificing) = opt(preceded((skw("sacrificing"), sp), cut(|i| refs(cx, i)))).parse(i)?;
    let (i, discarding) = opt(preceded((skw("discarding"), sp), cut(|i| refs(cx, i)))).parse(i)?;
    let (i, dividing) =
        opt(preceded((skw("dividing"), sp), cut(separated_list1((space0, tag(","), space0), number)))).parse(i)?;
    let (i, choosing) = opt(preceded((skw("choosing"), sp), |j: &'a str| {
        let text = j.trim_end();
        if text.is_empty() {
            Err(nom::Err::Failure(PError::expected(j, "a mode or source name")))
        } else {
            Ok(("", (text.to_owned(), cx.off(j))))
        }
    }))
    .parse(i)?;
    Ok((
        i,
        CastSyntax {
            card,
            ability,
            targets: targets.unwrap_or_default(),
            x,
            costs: Box::new(CostChoices {
                sacrificing: sacrificing.unwrap_or_default(),
                discarding: discarding.unwrap_or_default(),
                dividing: dividing.unwrap_or_default(),
            }),
            choosing,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::NameKind;

    fn lex() -> Lexicon {
        let mut l = Lexicon::new();
        for c in [
            "Lightning Bolt",
            "Giant Growth",
            "Pearled Unicorn",
            "Fireball",
            "Grizzly Bears",
            "Forest",
            "Healing Salve",
        ] {
            l.add(c, NameKind::Card);
        }
        l.add("Alice", NameKind::Player);
        l.add("Bob", NameKind::Player);
        l
    }

    fn show(s: &str) -> String {
        match parse_action(s, &lex()) {
            Ok(a) => format!("{a:?}"),
            Err(e) => format!("error at {}+{}: {} {:?}", e.offset, e.len, e.expected, e.help),
        }
    }

    #[test]
    fn cast_with_target() {
        let a = show("Bob casts Lightning Bolt on Pearled Unicorn");
        assert!(a.contains("Casts(CastSyntax { card: RefSyntax { possessor: None, name: \"Lightning Bolt\""), "{a}");
        assert!(a.contains("name: \"Pearled Unicorn\""), "{a}");
    }

    #[test]
    fn fireball_with_x_and_targets() {
        let Ok(ActionSyntax::Act { verb: Verb::Casts(c), .. }) =
            parse_action("Alice casts Fireball on Bob, Bob's Grizzly Bears with X=4", &lex())
        else {
            panic!("parse")
        };
        assert_eq!(c.targets.len(), 2);
        assert_eq!(c.targets[1].possessor.as_deref(), Some("Bob"));
        assert_eq!(c.x, Some(4));
    }

    #[test]
    fn choosing_and_other_verbs() {
        assert!(show("Alice casts Healing Salve on Alice choosing gain").contains("choosing: Some((\"gain\", 44))"));
        assert!(show("Alice taps Forest for G").contains("Taps("));
        assert_eq!(show("resolve"), "Resolve");
        assert!(show("go to end of turn").contains("GoTo { phase: \"end of turn\""));
        assert!(show("Bob passes").contains("Passes"));
        assert!(show("Bob blocks with nothing").contains("Blocks(None)"));
        assert!(show("Alice assigns 2 damage from Grizzly Bears to Pearled Unicorn").contains("Assigns(2"));
    }

    #[test]
    fn phase_effect() {
        let Ok(ActionSyntax::Act { verb: Verb::PlaysPhaseEffect(c), .. }) =
            parse_action("Alice plays the phase effect of Grizzly Bears on Pearled Unicorn", &lex())
        else {
            panic!("parse")
        };
        assert_eq!(c.card.name, "Grizzly Bears");
        assert_eq!(c.targets.len(), 1);
        assert!(show("Alice plays Forest").contains("Plays("));
    }

    #[test]
    fn sacrificing() {
        let Ok(ActionSyntax::Act { verb: Verb::Casts(c), .. }) =
            parse_action("Alice casts Fireball on Bob with X=2 sacrificing Forest, Grizzly Bears", &lex())
        else {
            panic!("parse")
        };
        assert_eq!(c.x, Some(2));
        assert_eq!(c.costs.sacrificing.len(), 2);
        assert_eq!(c.costs.sacrificing[1].name, "Grizzly Bears");
        assert!(show("Alice pays 1 sacrificing Forest").contains("PaysSacrificing(1, ["));
        assert!(show("Alice pays sacrificing Forest").contains("PaysSacrificing(0, ["));
        assert!(show("Alice pays").starts_with("error at 10+0: an amount or `sacrificing`"));
    }

    #[test]
    fn a_payment_may_name_its_coloured_symbols() {
        // Flash's payment is of the exact symbols (002 L1595-1599): `pays 1WW`.
        let c = show("Alice pays 1WW");
        assert!(c.contains("Pays(ManaCost { generic: 1, colored: [2, 0, 0, 0, 0], x: 0 })"), "{c}");
        assert!(show("Alice pays 3").contains("Pays(ManaCost { generic: 3,"));
        assert!(show("Alice pays 2 life").contains("PaysLife(2)"));
        assert!(show("Alice pays 1W life").contains("a number"));
        assert!(show("Alice pays X").contains("no X"));
    }

    #[test]
    fn errors_point_at_the_word() {
        assert_eq!(
            show("Alice cast Giant Growth"),
            format!("error at 6+4: {VERBS} Some(\"write `casts`: action lines are in the third person\")")
        );
        assert!(
            show("Alice casts Giant Grwth on Pearled Unicorn")
                .starts_with("error at 12+5: a card name, alias or player; did you mean `Giant Growth`?")
        );
        assert!(show("Carol casts Giant Growth").starts_with("error at 0+5: a player's name"));
        assert!(show("Bob casts Lightning Bolt at Pearled Unicorn").starts_with("error at 25+2: end of action line"));
    }
}
