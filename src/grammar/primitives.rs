//! Shared lexemes: spaces, keywords, numbers.

use super::{PError, PResult};
use nom::Parser;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{space0, space1};
use nom::combinator::{map_res, recognize, verify};

/// `number = digit+`
pub(crate) fn number(i: &str) -> PResult<'_, u32> {
    map_res(take_while1(|c: char| c.is_ascii_digit()), str::parse::<u32>).parse(i)
}

/// A keyword, case-insensitive, that must end at a word boundary.
pub(crate) fn kw<'a>(word: &'static str) -> impl Fn(&'a str) -> PResult<'a, &'a str> {
    move |i: &'a str| {
        let (rest, w) =
            tag_no_case(word).parse(i).map_err(|_: nom::Err<PError<'a>>| nom::Err::Error(PError::expected(i, word)))?;
        if at_boundary(rest) { Ok((rest, w)) } else { Err(nom::Err::Error(PError::expected(i, word))) }
    }
}

/// Whether `rest` begins at a word boundary.
pub(crate) fn at_boundary(rest: &str) -> bool {
    // A possessive `'s` ends a name too: `Alice's`.
    if let Some(after) = rest.strip_prefix("'s") {
        return after.chars().next().is_none_or(|c| !c.is_alphanumeric());
    }
    rest.chars().next().is_none_or(|c| !c.is_alphanumeric() && c != '-' && c != '\'')
}

/// Spaces then a keyword.
pub(crate) fn skw<'a>(word: &'static str) -> impl Fn(&'a str) -> PResult<'a, &'a str> {
    move |i: &'a str| {
        let (i, _) = space0(i)?;
        kw(word)(i)
    }
}

/// At least one space.
pub(crate) fn sp(i: &str) -> PResult<'_, &str> {
    space1(i)
}

/// A lowercase word of letters (mode names, counter kinds).
pub(crate) fn word(i: &str) -> PResult<'_, &str> {
    recognize(verify(
        take_while1(|c: char| c.is_alphanumeric() || c == '-' || c == '+' || c == '/' || c == '_'),
        |s: &str| !s.is_empty(),
    ))
    .parse(i)
}
