//! Mana costs and amounts: `1G`, `XR`, `2WW`, `{2}{W}{W}`, `0`.

use super::primitives::number;
use super::{GrammarError, PError, PResult, parse_all};
use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{cut, map};
use nom::multi::many1;
use nom::sequence::delimited;
use std::fmt;

/// The five colours, in the order of the colour wheel (W U B R G).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Color {
    /// W
    White,
    /// U
    Blue,
    /// B
    Black,
    /// R
    Red,
    /// G
    Green,
}

impl Color {
    /// All colours in WUBRG order.
    pub const ALL: [Self; 5] = [Self::White, Self::Blue, Self::Black, Self::Red, Self::Green];

    /// The mana symbol.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Self::White => 'W',
            Self::Blue => 'U',
            Self::Black => 'B',
            Self::Red => 'R',
            Self::Green => 'G',
        }
    }

    /// The colour's name in lowercase.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::White => "white",
            Self::Blue => "blue",
            Self::Black => "black",
            Self::Red => "red",
            Self::Green => "green",
        }
    }

    /// Index in WUBRG order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    fn from_symbol(c: char) -> Option<Self> {
        match c.to_ascii_uppercase() {
            'W' => Some(Self::White),
            'U' => Some(Self::Blue),
            'B' => Some(Self::Black),
            'R' => Some(Self::Red),
            'G' => Some(Self::Green),
            _ => None,
        }
    }
}

/// A mana cost or an amount of mana: generic (or colourless) mana, coloured mana and X.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct ManaCost {
    /// Generic mana in a cost; colourless mana in an amount.
    pub generic: u32,
    /// Coloured mana, indexed in WUBRG order.
    pub colored: [u32; 5],
    /// How many X symbols.
    pub x: u8,
}

impl ManaCost {
    /// An amount of `n` generic mana.
    #[must_use]
    pub fn amount(n: u32) -> Self {
        Self { generic: n, ..Self::default() }
    }

    /// Whether the cost names coloured mana.
    #[must_use]
    pub fn has_colors(&self) -> bool {
        self.colored.iter().any(|&n| n > 0)
    }

    /// Total converted mana, X counted as zero.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.colored.iter().fold(self.generic, |a, &n| a.saturating_add(n))
    }

    /// The colours the cost names.
    #[must_use]
    pub fn colors(&self) -> Vec<Color> {
        Color::ALL.into_iter().filter(|c| self.colored[c.index()] > 0).collect()
    }

    /// This cost with X paid as `x` (added to the generic part).
    #[must_use]
    pub fn with_x(&self, x: u32) -> Self {
        Self { generic: self.generic.saturating_add(x.saturating_mul(u32::from(self.x))), x: 0, ..*self }
    }
}

impl serde::Serialize for ManaCost {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl fmt::Display for ManaCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.x {
            f.write_str("X")?;
        }
        if self.generic > 0 || (self.x == 0 && self.colored.iter().all(|&n| n == 0)) {
            write!(f, "{}", self.generic)?;
        }
        for c in Color::ALL {
            for _ in 0..self.colored[c.index()] {
                write!(f, "{}", c.symbol())?;
            }
        }
        Ok(())
    }
}

enum Symbol {
    Generic(u32),
    Colored(Color),
    X,
}

/// `symbol = number | "X" | "W" | "U" | "B" | "R" | "G"`
fn symbol(i: &str) -> PResult<'_, Symbol> {
    alt((
        map(number, Symbol::Generic),
        map(one_of("XxWUBRGwubrg"), |c| Color::from_symbol(c).map_or(Symbol::X, Symbol::Colored)),
    ))
    .parse(i)
    .map_err(|_| nom::Err::Error(PError::expected(i, "a mana symbol (a number, X, W, U, B, R or G)")))
}

/// `braced = "{" symbol "}"`
fn braced(i: &str) -> PResult<'_, Symbol> {
    delimited(char('{'), cut(symbol), cut(char('}'))).parse(i)
}

/// A colour as a word: white, blue, black, red or green.
pub(crate) fn color_word(i: &str) -> PResult<'_, Color> {
    use super::primitives::kw;
    use nom::combinator::value;
    alt((
        value(Color::White, kw("white")),
        value(Color::Blue, kw("blue")),
        value(Color::Black, kw("black")),
        value(Color::Red, kw("red")),
        value(Color::Green, kw("green")),
    ))
    .parse(i)
}

/// `mana_cost = braced+ | symbol+`
pub fn mana_cost(i: &str) -> PResult<'_, ManaCost> {
    let (rest, symbols) = alt((many1(braced), many1(symbol))).parse(i)?;
    let mut cost = ManaCost::default();
    for s in symbols {
        match s {
            Symbol::Generic(n) => cost.generic = cost.generic.saturating_add(n),
            Symbol::Colored(c) => cost.colored[c.index()] += 1,
            Symbol::X => cost.x = cost.x.saturating_add(1),
        }
    }
    Ok((rest, cost))
}

/// Parses a whole string as a mana cost.
///
/// # Errors
/// A [`GrammarError`] naming the first symbol that is not mana.
pub fn parse_mana_cost(text: &str) -> Result<ManaCost, GrammarError> {
    if text.trim().is_empty() {
        return Ok(ManaCost::default());
    }
    parse_all(text, "mana cost", mana_cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(s: &str) -> String {
        parse_mana_cost(s).map_or_else(|e| format!("error at {}: {}", e.offset, e.expected), |c| c.to_string())
    }

    #[test]
    fn plain_and_braced_forms_agree() {
        assert_eq!(cost("1G"), "1G");
        assert_eq!(cost("XR"), "XR");
        assert_eq!(cost("2WW"), "2WW");
        assert_eq!(cost("{2}{W}{W}"), "2WW");
        assert_eq!(cost("4"), "4");
        assert_eq!(cost("0"), "0");
        assert_eq!(cost("GU"), "UG");
    }

    #[test]
    fn rejects_non_mana() {
        assert_eq!(cost("2Q"), "error at 1: end of mana cost");
        assert!(cost("{2").starts_with("error at 2"));
    }

    #[test]
    fn x_is_paid_as_generic() {
        let c = parse_mana_cost("XR").unwrap_or_default();
        assert_eq!(c.with_x(3).to_string(), "3R");
    }
}
