//! The little languages of a scenario, parsed with nom without looking at the board.
//!
//! ```text
//! mana_cost   = integer | symbol+ | ("{" symbol_inner "}")+        ; 1G, XR, 2WW, {2}{W}{W}, 4
//! reference   = [player "'s "] name ["#" integer]                   ; Bob's Grizzly Bears, Cub, Forest#2
//! entry       = card_name ["(" state ("," state)* ")"] ["as" alias]
//! action      = "resolve" | "go to" phase | player verb_phrase      ; see action.rs
//! expectation = see expect.rs
//! ability     = keyword | cost ":" effect | "spell:" effect         ; see ability.rs
//! ```
//!
//! Names (cards, aliases, players) are matched longest first against a [`Lexicon`],
//! so names that hold spaces, commas or colons need no quoting.

pub mod ability;
pub mod action;
pub mod entry;
pub mod expect;
pub mod lexicon;
pub mod mana;
mod primitives;

pub use lexicon::{Lexicon, NameKind};

/// A parse failure inside one string, with a byte offset into that string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarError {
    /// Byte offset of the failure in the parsed string.
    pub offset: usize,
    /// Length of the offending text (at least one character where there is one).
    pub len: usize,
    /// What the grammar expected there.
    pub expected: String,
    /// An optional hint for a common mistake.
    pub help: Option<String>,
}

impl GrammarError {
    /// A diagnostic for this error inside `text` (a located string of a file).
    #[must_use]
    pub fn diagnostic(&self, text: &crate::span::Spanned<String>, what: &str) -> crate::diagnostic::Diagnostic {
        let d = crate::diagnostic::Diagnostic::new(
            format!("cannot read this {what}"),
            text.span.at(self.offset, self.len),
            format!("expected {}", self.expected),
        );
        match &self.help {
            Some(h) => d.with_help(h.clone()),
            None => d,
        }
    }
}

/// The nom error type of every grammar: where it failed and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PError<'a> {
    /// Remaining input at the failure.
    pub input: &'a str,
    /// Innermost "expected" label.
    pub expected: Option<&'static str>,
    /// An explicit message built for this failure (overrides `expected`).
    pub message: Option<String>,
}

impl<'a> PError<'a> {
    /// A failure at `input` expecting `what`.
    #[must_use]
    pub fn expected(input: &'a str, what: &'static str) -> Self {
        Self { input, expected: Some(what), message: None }
    }

    /// A failure at `input` with a built message.
    #[must_use]
    pub fn message(input: &'a str, message: String) -> Self {
        Self { input, expected: None, message: Some(message) }
    }
}

impl<'a> nom::error::ParseError<&'a str> for PError<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Self { input, expected: None, message: None }
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Keep the failure that got further; it explains the input best.
        if other.input.len() < self.input.len() { other } else { self }
    }
}

impl<'a, E> nom::error::FromExternalError<&'a str, E> for PError<'a> {
    fn from_external_error(input: &'a str, _kind: nom::error::ErrorKind, _e: E) -> Self {
        Self::expected(input, "a number")
    }
}

impl<'a> nom::error::ContextError<&'a str> for PError<'a> {
    fn add_context(_input: &'a str, ctx: &'static str, mut other: Self) -> Self {
        if other.expected.is_none() && other.message.is_none() {
            other.expected = Some(ctx);
        }
        other
    }
}

/// Result type of every combinator.
pub type PResult<'a, T> = nom::IResult<&'a str, T, PError<'a>>;

/// Runs `parser` over the whole of `input`, turning failures into a [`GrammarError`].
pub(crate) fn parse_all<'a, T>(
    input: &'a str,
    what: &'static str,
    mut parser: impl nom::Parser<&'a str, Output = T, Error = PError<'a>>,
) -> Result<T, GrammarError> {
    match parser.parse(input) {
        Ok((rest, value)) => {
            let rest_trim = rest.trim_start();
            if rest_trim.is_empty() {
                Ok(value)
            } else {
                let offset = input.len() - rest_trim.len();
                Err(GrammarError { offset, len: word_len(rest_trim), expected: format!("end of {what}"), help: None })
            }
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let offset = input.len() - e.input.len();
            let expected = e
                .message
                .clone()
                .or_else(|| e.expected.map(str::to_owned))
                .unwrap_or_else(|| format!("a valid {what}"));
            Err(GrammarError { offset, len: word_len(e.input), expected, help: None })
        }
        Err(nom::Err::Incomplete(_)) => {
            Err(GrammarError { offset: input.len(), len: 0, expected: format!("the rest of the {what}"), help: None })
        }
    }
}

/// Length of the first word of `s` (for underlining).
fn word_len(s: &str) -> usize {
    s.find([' ', ',', ')']).unwrap_or(s.len()).max(usize::from(!s.is_empty()))
}
