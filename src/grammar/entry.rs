//! Zone entries: `NAME [(STATE, ...)] [as ALIAS]`.
//!
//! ```text
//! entry = card_name [ "(" state ("," state)* ")" ] [ "as" alias ]
//! state = "tapped" | "summoning sick" | "attacking" | N "damage" | N kind ("counters" | "counter")
//!       | "enchanting" words | "owned by" player | "blocking" words
//! ```
//! References inside states are kept as text and bound once every alias is known.

use super::primitives::{kw, number, sp, word};
use super::{GrammarError, Lexicon, NameKind, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::space0;
use nom::combinator::{cut, value};
use nom::multi::separated_list1;
use nom::sequence::delimited;

/// A state of a permanent as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum StateSyntax {
    /// `tapped`
    Tapped,
    /// `summoning sick`
    SummoningSick,
    /// `N damage`
    Damage(u32),
    /// `N KIND counters`
    Counters(u32, String),
    /// `enchanting REF` (text and its offset)
    Enchanting(String, usize),
    /// `owned by PLAYER` (text and its offset)
    OwnedBy(String, usize),
    /// `attacking`
    Attacking,
    /// `blocking REF` (text and its offset)
    Blocking(String, usize),
}

/// A zone entry as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EntrySyntax {
    /// The canonical card name.
    pub name: String,
    /// Byte length of the name as written.
    pub name_len: usize,
    /// States with their byte offsets.
    pub states: Vec<(StateSyntax, usize)>,
    /// `as ALIAS`, with its byte offset.
    pub alias: Option<(String, usize)>,
}

/// Parses a zone entry; `lex` needs only the card names.
///
/// # Errors
/// A [`GrammarError`] naming what was expected.
pub fn parse_entry(text: &str, lex: &Lexicon) -> Result<EntrySyntax, GrammarError> {
    parse_all(text, "zone entry", |i| entry(text, lex, i)).map_err(|mut e| {
        if e.expected == NOT_IN_LIBRARY {
            e.help = Some(crate::cards::NOT_IN_LIBRARY_HELP.to_owned());
        }
        e
    })
}

/// What an entry naming no card of the library expected.
const NOT_IN_LIBRARY: &str = "a card name of the library";

fn entry<'a>(full: &'a str, lex: &Lexicon, i: &'a str) -> PResult<'a, EntrySyntax> {
    let off = |r: &str| full.len() - r.len();
    let Some((n, name, _)) = lex.prefix(i, |k| k == NameKind::Card) else {
        let e = match lex.suggest(i, |k| k == NameKind::Card) {
            Some(s) => PError::message(i, format!("a card name; did you mean `{s}`?")),
            None => PError::message(i, NOT_IN_LIBRARY.to_owned()),
        };
        return Err(nom::Err::Error(e));
    };
    let name = name.to_owned();
    let rest = &i[n..];
    let (rest, _) = space0(rest)?;
    let (rest, states) = if rest.starts_with('(') {
        cut(delimited(
            tag("("),
            separated_list1((space0, tag(","), space0), |j| {
                let at = off(j);
                state(full, j).map(|(r, s)| (r, (s, at)))
            }),
            (space0, tag(")")),
        ))
        .parse(rest)?
    } else {
        (rest, Vec::new())
    };
    let (rest, _) = space0(rest)?;
    let mut alias = None;
    let mut rest = rest;
    if let Ok((r, _)) = (kw("as"), sp).parse(rest) {
        let a = r.trim_end();
        if a.is_empty() {
            return Err(nom::Err::Failure(PError::expected(r, "an alias after `as`")));
        }
        alias = Some((a.to_owned(), off(r)));
        rest = "";
    }
    Ok((rest, EntrySyntax { name, name_len: n, states, alias }))
}

/// Text up to the closing `)` or the next `,`.
fn ref_text(i: &str) -> PResult<'_, &str> {
    take_while1(|c| c != ',' && c != ')').parse(i)
}

fn state<'a>(full: &'a str, i: &'a str) -> PResult<'a, StateSyntax> {
    let off = |r: &str| full.len() - r.len();
    if let Ok(done) = alt((
        value(StateSyntax::Tapped, kw("tapped")),
        value(StateSyntax::SummoningSick, (kw("summoning"), sp, kw("sick"))),
        value(StateSyntax::Attacking, kw("attacking")),
    ))
    .parse(i)
    {
        return Ok(done);
    }
    if let Ok((r, (_, _))) = (kw("enchanting"), sp).parse(i) {
        let (r2, t) = cut(ref_text).parse(r)?;
        return Ok((r2, StateSyntax::Enchanting(t.trim_end().to_owned(), off(r))));
    }
    if let Ok((r, (_, _))) = (kw("blocking"), sp).parse(i) {
        let (r2, t) = cut(ref_text).parse(r)?;
        return Ok((r2, StateSyntax::Blocking(t.trim_end().to_owned(), off(r))));
    }
    if let Ok((r, _)) = (kw("owned"), sp, kw("by"), sp).parse(i) {
        let (r2, t) = cut(ref_text).parse(r)?;
        return Ok((r2, StateSyntax::OwnedBy(t.trim_end().to_owned(), off(r))));
    }
    let expected = "a state: tapped, N damage, summoning sick, N KIND counters, enchanting REF, owned by PLAYER, attacking or blocking REF";
    let (r, (n, _)) = (number, sp).parse(i).map_err(|_| nom::Err::Failure(PError::expected(i, expected)))?;
    if let Ok((r, _)) = kw("damage")(r) {
        return Ok((r, StateSyntax::Damage(n)));
    }
    let (r, (kind, _, _)) = cut((word, sp, alt((kw("counters"), kw("counter")))))
        .parse(r)
        .map_err(|_: nom::Err<PError<'a>>| nom::Err::Failure(PError::expected(r, "`damage` or `KIND counters`")))?;
    Ok((r, StateSyntax::Counters(n, kind.to_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        let mut l = Lexicon::new();
        for c in ["Grizzly Bears", "Forest", "Holy Strength"] {
            l.add(c, NameKind::Card);
        }
        l
    }

    #[test]
    fn entries() {
        let e = parse_entry("Grizzly Bears (tapped, 1 damage) as Cub", &lex()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(e.name, "Grizzly Bears");
        assert_eq!(e.states, vec![(StateSyntax::Tapped, 15), (StateSyntax::Damage(1), 23)]);
        assert_eq!(e.alias, Some(("Cub".to_owned(), 36)));
        let e = parse_entry("holy strength (enchanting Cub)", &lex()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(e.states, vec![(StateSyntax::Enchanting("Cub".to_owned(), 26), 15)]);
        let e = parse_entry("Grizzly Bears (2 +1/+1 counters)", &lex()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(e.states[0].0, StateSyntax::Counters(2, "+1/+1".to_owned()));
    }

    #[test]
    fn bad_entries() {
        let e = parse_entry("Grizly Bears", &lex()).err().unwrap_or_else(|| panic!("should fail"));
        assert_eq!(e.expected, "a card name; did you mean `Grizzly Bears`?");
        let e = parse_entry("Forest (sideways)", &lex()).err().unwrap_or_else(|| panic!("should fail"));
        assert_eq!(e.offset, 8);
    }
}
