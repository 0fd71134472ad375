//! Reading a plain-text decklist: `N Card Name` a line, `Sideboard` or `SB:` for the sideboard,
//! `#` and `//` comments, an optional printing in parentheses after the name.

use super::table::Table;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// What a line says about the physical card, when it says anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printing {
    /// A printing of this set (index into the table's sets).
    Set(usize),
    /// A proxy: a stand-in for a card (002 L3957).
    Proxy,
}

/// One line of a decklist.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Index into the table's cards.
    pub card: usize,
    /// How many.
    pub count: usize,
    /// In the sideboard rather than the play deck.
    pub sideboard: bool,
    /// The printing the line names, if any.
    pub printing: Option<Printing>,
    /// The whole line (less surrounding blanks).
    pub span: Span,
}

/// A parsed decklist.
#[derive(Clone, Debug, Default)]
pub struct Deck {
    /// Its lines, in order.
    pub entries: Vec<Entry>,
}

impl Deck {
    /// Cards in the play deck.
    #[must_use]
    pub fn main_count(&self) -> usize {
        self.entries.iter().filter(|e| !e.sideboard).map(|e| e.count).sum()
    }

    /// Cards in the sideboard.
    #[must_use]
    pub fn side_count(&self) -> usize {
        self.entries.iter().filter(|e| e.sideboard).map(|e| e.count).sum()
    }
}

/// The largest count a line may give; more is surely a typo.
const MAX_COUNT: usize = 999;

/// Reads a decklist.
///
/// # Errors
/// The first line that cannot be read, as a diagnostic pointing into `src`.
pub fn parse(src: &str, t: &Table) -> Result<Deck, Diagnostic> {
    let mut deck = Deck::default();
    let mut in_sideboard = false;
    let mut offset = 0;
    for raw in src.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let text = line.trim();
        let at = start + lead;
        if text.is_empty() || text.starts_with('#') || text.starts_with("//") {
            continue;
        }
        let lower = text.to_ascii_lowercase();
        if lower == "sideboard" || lower == "sideboard:" {
            in_sideboard = true;
            continue;
        }
        let (body, body_at, sideboard) = match lower.strip_prefix("sb:") {
            Some(rest) => {
                let skip = 3 + (rest.len() - rest.trim_start().len());
                (&text[skip..], at + skip, true)
            }
            None => (text, at, in_sideboard),
        };
        let entry = parse_entry(body, body_at, sideboard, t)?;
        deck.entries.push(Entry { span: Span::new(at, text.len()), ..entry });
    }
    Ok(deck)
}

fn parse_entry(body: &str, at: usize, sideboard: bool, t: &Table) -> Result<Entry, Diagnostic> {
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        let word = body.split_whitespace().next().unwrap_or(body);
        return Err(Diagnostic::new(
            "a card line must start with a count",
            Span::new(at, word.len()),
            "expected a count",
        )
        .with_help(
            "write `4 Lightning Bolt`; a line `Sideboard` starts the sideboard, `SB: 2 Name` puts one line there",
        ));
    }
    let count_span = Span::new(at, digits);
    let count: usize = body[..digits].parse().unwrap_or(usize::MAX);
    if count == 0 || count > MAX_COUNT {
        return Err(Diagnostic::new(
            format!("a count of {}", &body[..digits]),
            count_span,
            format!("expected 1 to {MAX_COUNT}"),
        ));
    }
    let mut rest_at = digits;
    if body[rest_at..].starts_with(['x', 'X']) {
        rest_at += 1;
    }
    let after = &body[rest_at..];
    let gap = after.len() - after.trim_start().len();
    if gap == 0 && !after.is_empty() {
        return Err(Diagnostic::new("a space must follow the count", Span::new(at + rest_at, 1), "expected a space"));
    }
    rest_at += gap;
    let rest = body[rest_at..].trim_end();
    if rest.is_empty() {
        return Err(Diagnostic::new("a count without a card name", Span::new(at + digits, 0), "expected a card name"));
    }
    // An optional printing at the end: `(RV)`, `(proxy)`.
    let (name, printing) = match rest.strip_suffix(')').and_then(|r| r.rfind('(').map(|i| (i, r))) {
        Some((open, r)) => {
            let tag = r[open + 1..].trim();
            let tag_span = Span::new(at + rest_at + open + 1, r.len() - open - 1);
            (rest[..open].trim_end(), Some((tag, tag_span)))
        }
        None => (rest, None),
    };
    let name_span = Span::new(at + rest_at, name.len());
    if name.is_empty() {
        return Err(Diagnostic::new("a count without a card name", name_span, "expected a card name"));
    }
    let Some(card) = t.find(name) else {
        let d = Diagnostic::new(
            format!("unknown card `{name}`"),
            name_span,
            "not a card printed from Alpha to Weatherlight",
        );
        return Err(match t.suggest(name) {
            Some(s) => d.with_help(format!("did you mean `{s}`?")),
            None => d,
        });
    };
    let printing = match printing {
        None => None,
        Some((tag, _)) if tag.eq_ignore_ascii_case("proxy") => Some(Printing::Proxy),
        Some((tag, span)) => {
            let codes: Vec<&str> = t.sets.iter().map(|s| s.code.as_str()).collect();
            let Some(set) = t.set(tag) else {
                return Err(Diagnostic::new(
                    format!("unknown printing `{tag}`"),
                    span,
                    "expected a set code or `proxy`",
                )
                .with_help(format!("set codes: {}", codes.join(", "))));
            };
            let c = &t.cards[card];
            if !c.sets.contains(&set) {
                let printed: Vec<&str> = c.sets.iter().map(|&i| t.sets[i].code.as_str()).collect();
                return Err(Diagnostic::new(
                    format!("{} was not printed in {}", c.name, t.sets[set].name),
                    span,
                    format!("printed in {}", printed.join(" ")),
                ));
            }
            Some(Printing::Set(set))
        }
    };
    Ok(Entry { card, count, sideboard, printing, span: name_span })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> &'static Table {
        Table::get().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn reads_the_usual_conventions() {
        let t = table();
        let src = "# a comment\n// another\n\n4 Lightning Bolt\n20x mountain\n2 Juzam Djinn (AN)\nSB: 3 Disenchant\nSideboard:\n1 Shatter (proxy)\n";
        let deck = parse(src, t).unwrap_or_else(|d| panic!("{}", d.render("x", src)));
        let rows: Vec<(String, usize, bool)> =
            deck.entries.iter().map(|e| (t.cards[e.card].name.clone(), e.count, e.sideboard)).collect();
        assert_eq!(
            rows,
            [
                ("Lightning Bolt".to_owned(), 4, false),
                ("Mountain".to_owned(), 20, false),
                ("Juzám Djinn".to_owned(), 2, false),
                ("Disenchant".to_owned(), 3, true),
                ("Shatter".to_owned(), 1, true),
            ]
        );
        assert_eq!(deck.entries[2].printing, t.set("AN").map(Printing::Set));
        assert_eq!(deck.entries[4].printing, Some(Printing::Proxy));
        assert_eq!((deck.main_count(), deck.side_count()), (26, 4));
    }

    #[test]
    fn points_at_what_cannot_be_read() {
        let t = table();
        for (src, col, what) in [
            ("Lightning Bolt\n", 1, "must start with a count"),
            ("4 Lightnig Bolt\n", 3, "did you mean `Lightning Bolt`"),
            ("0 Forest\n", 1, "a count of 0"),
            ("4\n", 2, "without a card name"),
            ("4Forest\n", 2, "a space must follow"),
            ("  SB: 2 Forest (ZZ)\n", 17, "unknown printing"),
            ("1 Lightning Bolt (5E)\n", 19, "not printed in Fifth Edition"),
        ] {
            let Err(d) = parse(src, t) else { panic!("{src} parsed") };
            let text = d.render("deck.txt", src);
            assert!(text.contains(&format!("deck.txt:1:{col}")), "{text}");
            assert!(text.contains(what), "{text}");
        }
    }
}
