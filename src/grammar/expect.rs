//! Expectation lines: what must hold after a run.
//!
//! ```text
//! expectation = "illegal:" text | "trace contains:" text | "nobody lost"
//!             | N "damage prevention" ("steps" | "step")
//!             | player ("life" N | "'s life is" N | "burned" N | "lost" | "won")
//!             | ["announcement" N "of"] ref ("fizzled" | "was countered" | "resolved")
//!             | ref "is in play" | ref "is in" [player "'s"] zone | ref "is removed from game"
//!             | ref "is on the battlefield" | ref "is in exile" | ref "is exiled"   ; 001's words
//!             | ref "is tapped" | ref "is untapped" | ref "is" N "/" N
//!             | ref "has" N "damage" | ref "has" N kind ("counters" | "counter")
//!             | ref "has" keyword | ref "does not have" keyword     (keyword: as in card abilities)
//!             | ref "is" ["not"] color | ref "is" ["not"] ("a" | "an") TYPE   (a creature or land type)
//! zone        = "hand" | "graveyard" | "library" | "play"
//! ```

use super::lexicon::{Ctx, RefSyntax};
use super::primitives::{kw, number, sp, word};
use super::{GrammarError, Lexicon, NameKind, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char, space0};
use nom::combinator::{cut, opt, value};
use nom::sequence::preceded;

/// A zone an expectation can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ZoneName {
    /// In play.
    Play,
    /// A hand.
    Hand,
    /// A graveyard.
    Graveyard,
    /// A library.
    Library,
    /// Removed from the game.
    Removed,
}

/// What became of a spell or ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Fate {
    /// Every target was illegal on resolution.
    Fizzled,
    /// Countered while being cast.
    Countered,
    /// Resolved (for all or some targets).
    Resolved,
}

/// One expectation line as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ExpectSyntax {
    /// A player's life total.
    Life(String, i64),
    /// A card's zone, with an optional owner check.
    Zone(RefSyntax, ZoneName, Option<String>),
    /// Tapped (true) or untapped.
    Tapped(RefSyntax, bool),
    /// Damage on a creature.
    Damage(RefSyntax, u32),
    /// Power and toughness.
    Pt(RefSyntax, i64, i64),
    /// Counters of a kind.
    Counters(RefSyntax, u32, String),
    /// The permanent has (true) or does not have a creature or land type now.
    Subtype(RefSyntax, String, bool),
    /// The card is (true) or is not of a colour now.
    Color(RefSyntax, crate::grammar::mana::Color, bool),
    /// The permanent has (true) or does not have a keyword now.
    Keyword(RefSyntax, crate::grammar::ability::Keyword, bool),
    /// What became of the N-th (or every) announcement from a card.
    Fate(Option<u32>, RefSyntax, Fate),
    /// Mana burn taken.
    Burned(String, u32),
    /// The player lost.
    Lost(String),
    /// The player won.
    Won(String),
    /// Nobody lost.
    NobodyLost,
    /// Number of damage prevention steps.
    DpSteps(u32),
    /// The run stopped at an illegal line containing this text.
    Illegal(String),
    /// A trace line contains this text.
    TraceContains(String),
}

/// Parses one expectation line.
///
/// # Errors
/// A [`GrammarError`] at the first word the grammar cannot take.
pub fn parse_expectation(text: &str, lex: &Lexicon) -> Result<ExpectSyntax, GrammarError> {
    let cx = Ctx { lex, full: text };
    parse_all(text, "expectation", |i| expectation(cx, i))
}

fn signed(i: &str) -> PResult<'_, i64> {
    let (i, neg) = opt(char('-')).parse(i)?;
    let (i, n) = number(i)?;
    Ok((i, if neg.is_some() { -i64::from(n) } else { i64::from(n) }))
}

use crate::grammar::mana::color_word;

fn expectation<'a>(cx: Ctx<'a>, i: &'a str) -> PResult<'a, ExpectSyntax> {
    if let Ok((rest, _)) = (tag_no_case::<_, _, PError<'a>>("illegal:"), space0).parse(i) {
        return Ok(("", ExpectSyntax::Illegal(rest.trim().to_owned())));
    }
    if let Ok((rest, _)) = (tag_no_case::<_, _, PError<'a>>("trace contains:"), space0).parse(i) {
        return Ok(("", ExpectSyntax::TraceContains(rest.trim().to_owned())));
    }
    if let Ok((rest, _)) = (kw("nobody"), sp, kw("lost")).parse(i) {
        return Ok((rest, ExpectSyntax::NobodyLost));
    }
    if let Ok((rest, (n, _, _, _, _, _, _))) =
        (number, sp, kw("damage"), sp, kw("prevention"), sp, alt((kw("steps"), kw("step")))).parse(i)
    {
        return Ok((rest, ExpectSyntax::DpSteps(n)));
    }
    if let Ok((rest, (_, _, n, _, _, _))) = (kw("announcement"), sp, number, sp, kw("of"), sp).parse(i) {
        let (rest, r) = cx.reference(rest)?;
        let (rest, f) = cut(preceded(sp, fate)).parse(rest)?;
        return Ok((rest, ExpectSyntax::Fate(Some(n), r, f)));
    }
    if cx.lex.prefix(i, |k| k == NameKind::Player).is_some()
        && let Ok(done) = player_line(cx, i)
    {
        return Ok(done);
    }
    let (i, r) = cx.reference(i)?;
    let (i, _) = sp(i)?;
    if let Ok((rest, f)) = fate(i) {
        return Ok((rest, ExpectSyntax::Fate(None, r, f)));
    }
    if let Ok((rest, (_, _, _, _, _, _, k))) =
        (kw("does"), sp, kw("not"), sp, kw("have"), sp, crate::grammar::ability::keyword_parser).parse(i)
    {
        return Ok((rest, ExpectSyntax::Keyword(r, k, false)));
    }
    if let Ok((rest, (_, _, k))) = (kw("has"), sp, crate::grammar::ability::keyword_parser).parse(i) {
        return Ok((rest, ExpectSyntax::Keyword(r, k, true)));
    }
    if let Ok((rest, _)) = kw("has")(i) {
        let (rest, (_, n, _)) = cut((sp, number, sp)).parse(rest)?;
        if let Ok((rest, _)) = kw("damage")(rest) {
            return Ok((rest, ExpectSyntax::Damage(r, n)));
        }
        let (rest, (kind, _, _)) = cut((word, sp, alt((kw("counters"), kw("counter"))))).parse(rest)?;
        return Ok((rest, ExpectSyntax::Counters(r, n, kind.to_owned())));
    }
    let (i, _) = kw("is")(i)
        .map_err(|_| nom::Err::Error(PError::expected(i, "`is`, `has`, `fizzled`, `was countered` or `resolved`")))?;
    let (i, _) = cut(sp).parse(i)?;
    if let Ok((rest, t)) = alt((value(true, kw("tapped")), value(false, kw("untapped")))).parse(i) {
        return Ok((rest, ExpectSyntax::Tapped(r, t)));
    }
    if let Ok((rest, (not, _, _))) = (opt((kw("not"), sp)), alt((kw("an"), kw("a"))), sp).parse(i) {
        let t = rest.trim();
        if t.is_empty() {
            return Err(nom::Err::Failure(PError::expected(rest, "a creature or land type (`a Goblin`, `a Plains`)")));
        }
        return Ok(("", ExpectSyntax::Subtype(r, crate::cards::type_key(t), not.is_none())));
    }
    if let Ok((rest, (not, col))) = (opt((kw("not"), sp)), color_word).parse(i) {
        return Ok((rest, ExpectSyntax::Color(r, col, not.is_none())));
    }
    if let Ok((rest, _)) = (kw("removed"), sp, kw("from"), sp, opt((kw("the"), sp)), kw("game")).parse(i) {
        return Ok((rest, ExpectSyntax::Zone(r, ZoneName::Removed, None)));
    }
    // The M13 rulebook's words: the battlefield is play, exile is removed from the game (001
    // L242-256).
    if let Ok((rest, _)) = alt((kw("exiled"), value("", (kw("in"), sp, kw("exile"))))).parse(i) {
        return Ok((rest, ExpectSyntax::Zone(r, ZoneName::Removed, None)));
    }
    if let Ok((rest, _)) = (kw("on"), sp, kw("the"), sp, kw("battlefield")).parse(i) {
        return Ok((rest, ExpectSyntax::Zone(r, ZoneName::Play, None)));
    }
    if let Ok((rest, (p, _, t))) = (signed, tag("/"), signed).parse(i) {
        return Ok((rest, ExpectSyntax::Pt(r, p, t)));
    }
    let (i, _) = (kw("in"), sp).parse(i).map_err(|_| {
        nom::Err::Failure(PError::expected(i, "`in ZONE`, `tapped`, `untapped`, `removed from game` or P/T"))
    })?;
    if let Ok((rest, _)) = kw("play")(i) {
        return Ok((rest, ExpectSyntax::Zone(r, ZoneName::Play, None)));
    }
    let (i, owner) = opt(|j| {
        let (j, (p, _)) = cx.player(j)?;
        let (j, _) = tag("'s ")(j)?;
        Ok((j, p))
    })
    .parse(i)?;
    let (i, zone) = cut(alt((
        value(ZoneName::Hand, kw("hand")),
        value(ZoneName::Graveyard, kw("graveyard")),
        value(ZoneName::Library, kw("library")),
        value(ZoneName::Play, kw("play")),
    )))
    .parse(i)
    .map_err(|_: nom::Err<PError<'a>>| nom::Err::Failure(PError::expected(i, "hand, graveyard, library or play")))?;
    Ok((i, ExpectSyntax::Zone(r, zone, owner)))
}

fn fate(i: &str) -> PResult<'_, Fate> {
    alt((
        value(Fate::Fizzled, kw("fizzled")),
        value(Fate::Countered, (kw("was"), sp, kw("countered"))),
        value(Fate::Resolved, kw("resolved")),
    ))
    .parse(i)
}

/// `player ("life" N | "'s life is" N | "burned" N | "lost" | "won")`
fn player_line<'a>(cx: Ctx<'a>, i: &'a str) -> PResult<'a, ExpectSyntax> {
    let (i, (p, _)) = cx.player(i)?;
    if let Ok((rest, (_, _, _, n))) = (sp, kw("life"), sp, signed).parse(i) {
        return Ok((rest, ExpectSyntax::Life(p, n)));
    }
    if let Ok((rest, (_, _, _, _, _, n))) = (tag("'s "), kw("life"), sp, kw("is"), sp, signed).parse(i) {
        return Ok((rest, ExpectSyntax::Life(p, n)));
    }
    if let Ok((rest, (_, _, _, n))) = (sp, kw("burned"), sp, number).parse(i) {
        return Ok((rest, ExpectSyntax::Burned(p, n)));
    }
    if let Ok((rest, _)) = (sp, kw("lost")).parse(i) {
        return Ok((rest, ExpectSyntax::Lost(p)));
    }
    if let Ok((rest, _)) = (sp, kw("won")).parse(i) {
        return Ok((rest, ExpectSyntax::Won(p)));
    }
    Err(nom::Err::Error(PError::expected(i, "`life N`, `burned N`, `lost` or `won`")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        let mut l = Lexicon::new();
        for c in ["Giant Growth", "Pearled Unicorn", "Grizzly Bears"] {
            l.add(c, NameKind::Card);
        }
        l.add("Alice", NameKind::Player);
        l.add("Cub", NameKind::Alias);
        l
    }

    fn show(s: &str) -> String {
        parse_expectation(s, &lex())
            .map_or_else(|e| format!("error at {}: {}", e.offset, e.expected), |x| format!("{x:?}"))
    }

    #[test]
    fn the_whole_table() {
        assert!(show("Alice life 17").starts_with("Life(\"Alice\", 17)"));
        assert!(show("Alice's life is -2").starts_with("Life(\"Alice\", -2)"));
        assert!(show("Pearled Unicorn is in Alice's graveyard").contains("Graveyard, Some(\"Alice\")"));
        assert!(show("Cub is in play").contains("Play, None"));
        assert!(show("Cub is removed from game").contains("Removed"));
        assert!(show("Cub is in exile").contains("Removed"));
        assert!(show("Cub is exiled").contains("Removed"));
        assert!(show("Cub is on the battlefield").contains("Play, None"));
        assert!(show("Cub is tapped").starts_with("Tapped("));
        assert!(show("Cub has 1 damage").starts_with("Damage("));
        assert!(show("Cub is 5/5").contains("5, 5)"));
        assert!(show("Cub has 2 +1/+1 counters").contains("\"+1/+1\""));
        assert!(show("Giant Growth fizzled").contains("Fizzled"));
        assert!(show("announcement 2 of Giant Growth was countered").contains("Some(2)"));
        assert!(show("Alice burned 2").starts_with("Burned"));
        assert!(show("Alice lost").starts_with("Lost"));
        assert_eq!(show("nobody lost"), "NobodyLost");
        assert_eq!(show("2 damage prevention steps"), "DpSteps(2)");
        assert_eq!(show("illegal: Counterspell"), "Illegal(\"Counterspell\")");
        assert_eq!(show("trace contains: fizzles"), "TraceContains(\"fizzles\")");
    }

    #[test]
    fn errors() {
        assert_eq!(show("Cub is in the yard"), "error at 10: hand, graveyard, library or play");
        assert!(show("Cub explodes").starts_with("error at 4: `is`"));
    }
}
