//! Known names (cards, aliases, players) and the reference grammar that matches them.

use super::primitives::{at_boundary, number};
use super::{PError, PResult};
use crate::cards::Library;
use crate::diagnostic::did_you_mean;
use nom::Parser;
use nom::bytes::complete::tag;
use std::collections::HashMap;

/// What a name names.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, serde::Serialize)]
pub enum NameKind {
    /// A card name from the library.
    Card,
    /// An alias given with `as` in a zone entry.
    Alias,
    /// A player of the scenario.
    Player,
}

/// The names a scenario's lines may use, matched case-insensitively, longest first: the
/// library's card names (looked up in the library, never copied) and the names added here
/// (players, aliases), kept in a map so that thousands of aliases cost no more per lookup.
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    /// Added names in insertion order: (lowercase, canonical, kind).
    entries: Vec<(String, String, NameKind)>,
    /// Lowercase name to positions in `entries`, in insertion order.
    index: HashMap<String, Vec<usize>>,
    /// The distinct lengths of the added lowercase names and of the card names, in bytes.
    lengths: std::collections::BTreeSet<usize>,
    cards: Library,
}

impl Lexicon {
    /// An empty lexicon.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A lexicon whose card names are those of `cards`.
    #[must_use]
    pub fn with_cards(cards: Library) -> Self {
        let lengths = cards.name_lengths().into_iter().collect();
        Self { cards, lengths, ..Self::default() }
    }

    /// Adds a name (a longer name wins over a shorter one that starts it).
    pub fn add(&mut self, name: &str, kind: NameKind) {
        let lower = name.to_lowercase();
        let at = self.index.entry(lower.clone()).or_default();
        if at.iter().any(|&i| self.entries[i].2 == kind) {
            return;
        }
        at.push(self.entries.len());
        self.lengths.insert(lower.len());
        self.entries.push((lower, name.to_owned(), kind));
    }

    /// The added names spelled `lower`, in insertion order.
    fn added(&self, lower: &str) -> impl Iterator<Item = &(String, String, NameKind)> {
        self.index.get(lower).into_iter().flatten().map(|&i| &self.entries[i])
    }

    /// The canonical spelling and kind of `name` if it is known exactly.
    #[must_use]
    pub fn lookup(&self, name: &str) -> Option<(&str, NameKind)> {
        let lower = name.to_lowercase();
        self.at_length(&lower, |_| true)
    }

    /// The name spelled `lower` among allowed kinds: players first, then cards, then the other
    /// added names in the order added (players are added before any card name is known,
    /// aliases after).
    fn at_length(&self, lower: &str, allow: impl Fn(NameKind) -> bool) -> Option<(&str, NameKind)> {
        let mut added = self.added(lower).filter(|e| allow(e.2));
        let first = added.next().map(|e| (e.1.as_str(), e.2));
        if let Some((c, NameKind::Player)) = first {
            return Some((c, NameKind::Player));
        }
        if allow(NameKind::Card)
            && let Some(id) = self.cards.find(lower)
        {
            let canon = self.cards.name(id);
            // Case folding can change lengths: the name must be as long as what it matched.
            if canon.to_lowercase().len() == lower.len() {
                return Some((canon, NameKind::Card));
            }
        }
        first
    }

    /// The longest known name of an allowed kind that `input` starts with, ending at a word
    /// boundary: a map lookup for each length some name has, so the cost grows with neither
    /// the library nor the number of aliases, nor with a long input.
    #[must_use]
    pub fn prefix(&self, input: &str, allow: impl Fn(NameKind) -> bool) -> Option<(usize, &str, NameKind)> {
        let fits = |e: usize| e <= input.len() && input.is_char_boundary(e) && at_boundary(&input[e..]);
        self.lengths.iter().rev().copied().filter(|&e| e > 0 && fits(e)).find_map(|e| {
            let lower = input[..e].to_lowercase();
            self.at_length(&lower, &allow).map(|(c, k)| (e, c, k))
        })
    }

    /// A did-you-mean for the words at the start of `input`, among allowed kinds.
    #[must_use]
    pub fn suggest(&self, input: &str, allow: impl Fn(NameKind) -> bool) -> Option<&str> {
        // Candidates in a fixed order: longest first, then players, cards, aliases.
        let rank = |k: NameKind| match k {
            NameKind::Player => 0,
            NameKind::Card => 1,
            NameKind::Alias => 2,
        };
        let mut all: Vec<(usize, u8, &str)> =
            self.entries.iter().filter(|e| allow(e.2)).map(|e| (e.0.len(), rank(e.2), e.1.as_str())).collect();
        if allow(NameKind::Card) {
            all.extend(self.cards.names().map(|n| (n.to_lowercase().len(), 1, n)));
        }
        all.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let words: Vec<&str> = input.split(' ').collect();
        (1..=words.len().min(6)).rev().find_map(|n| {
            let guess = words[..n].join(" ");
            let guess = guess.trim_end_matches([',', '.']);
            did_you_mean(guess, all.iter().map(|e| e.2))
        })
    }
}

/// A reference to a card or player as written: `[P's] NAME[#N]`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RefSyntax {
    /// `P` in `P's NAME`.
    pub possessor: Option<String>,
    /// The canonical name (card, alias or player).
    pub name: String,
    /// What the name names.
    pub kind: NameKind,
    /// `N` in `NAME#N`.
    pub nth: Option<u32>,
    /// Byte offset in the parsed string.
    pub at: usize,
    /// Byte length in the parsed string.
    pub len: usize,
}

/// Parsing context: the lexicon and the whole string, for offsets.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// Known names.
    pub lex: &'a Lexicon,
    /// The whole string being parsed.
    pub full: &'a str,
}

impl<'a> Ctx<'a> {
    /// Byte offset of `rest` in the whole string.
    #[must_use]
    pub fn off(&self, rest: &str) -> usize {
        self.full.len().saturating_sub(rest.len())
    }

    /// `player = a player's name`
    pub fn player(&self, i: &'a str) -> PResult<'a, (String, usize)> {
        match self.lex.prefix(i, |k| k == NameKind::Player) {
            Some((n, canon, _)) => Ok((&i[n..], (canon.to_owned(), self.off(i)))),
            None => Err(nom::Err::Error(self.unknown(i, "a player's name", |k| k == NameKind::Player))),
        }
    }

    /// `reference = [player "'s "] name ["#" number] | player`
    pub fn reference(&self, i: &'a str) -> PResult<'a, RefSyntax> {
        let start = self.off(i);
        let any = |_k: NameKind| true;
        let Some((n, canon, kind)) = self.lex.prefix(i, any) else {
            return Err(nom::Err::Error(self.unknown(i, "a card name, alias or player", any)));
        };
        let mut rest = &i[n..];
        let mut possessor = None;
        let mut name = canon.to_owned();
        let mut kind = kind;
        if kind == NameKind::Player
            && let Some(after) = rest.strip_prefix("'s ")
            && let Some((m, c2, k2)) = self.lex.prefix(after, |k| k != NameKind::Player)
        {
            possessor = Some(name);
            name = c2.to_owned();
            kind = k2;
            rest = &after[m..];
        }
        let mut nth = None;
        if kind != NameKind::Player
            && let Ok((r, (_, k))) = (tag::<_, _, PError<'a>>("#"), number).parse(rest)
        {
            nth = Some(k);
            rest = r;
        }
        Ok((rest, RefSyntax { possessor, name, kind, nth, at: start, len: self.off(rest) - start }))
    }

    /// An "unknown name" error at `i`, with a did-you-mean where one is close.
    pub fn unknown(&self, i: &'a str, what: &'static str, allow: impl Fn(NameKind) -> bool) -> PError<'a> {
        match self.lex.suggest(i, allow) {
            Some(s) if !i.is_empty() => PError::message(i, format!("{what}; did you mean `{s}`?")),
            _ => PError::expected(i, what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        let mut l = Lexicon::new();
        for c in ["Grizzly Bears", "Circle of Protection: Red", "Forest", "Will-o'-the-Wisp"] {
            l.add(c, NameKind::Card);
        }
        l.add("Alice", NameKind::Player);
        l.add("Bob", NameKind::Player);
        l.add("Cub", NameKind::Alias);
        l
    }

    #[test]
    fn possessive_and_index() {
        let l = lex();
        let full = "Bob's Grizzly Bears#2 x";
        let cx = Ctx { lex: &l, full };
        let (rest, r) = cx.reference(full).unwrap_or_else(|_| panic!("parse"));
        assert_eq!(rest, " x");
        assert_eq!(r.possessor.as_deref(), Some("Bob"));
        assert_eq!(r.name, "Grizzly Bears");
        assert_eq!(r.nth, Some(2));
        assert_eq!((r.at, r.len), (0, 21));
    }

    #[test]
    fn names_with_punctuation_and_case() {
        let l = lex();
        let full = "circle of protection: red";
        let cx = Ctx { lex: &l, full };
        let (_, r) = cx.reference(full).unwrap_or_else(|_| panic!("parse"));
        assert_eq!(r.name, "Circle of Protection: Red");
        assert!(l.prefix("Forestry", |_| true).is_none());
    }

    #[test]
    fn unknown_name_suggests() {
        let l = lex();
        let full = "Grizly Bears";
        let cx = Ctx { lex: &l, full };
        let Err(nom::Err::Error(e)) = cx.reference(full) else { panic!("should fail") };
        assert_eq!(e.message.as_deref(), Some("a card name, alias or player; did you mean `Grizzly Bears`?"));
    }
}
