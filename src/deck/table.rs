//! The card table of the era (which sets printed each card, and when each set came out) and the
//! DCI lists, both embedded in the binary and parsed only when a deck command asks for them.

use super::date::Date;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The generated card table (scripts/gen_card_table.py).
const CARDS_TSV: &str = include_str!("../../data/cards-1993-1997.tsv");
/// The banned and restricted lists, each entry citing its line of 002.
const LISTS_TSV: &str = include_str!("../../data/dci-lists.tsv");

static TABLE: OnceLock<Result<Table, String>> = OnceLock::new();
static LOADED: AtomicBool = AtomicBool::new(false);

/// What kind of product a set is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKind {
    /// A basic set of The Gathering (Alpha to Fifth Edition).
    Core,
    /// An expansion.
    Expansion,
    /// Collector's Edition and its international twin: never tournament cards.
    Collector,
    /// Promotional cards (books, magazines, conventions, the Arena league).
    Promo,
    /// Portal: its cards are allowed only under the name of a legal card.
    Portal,
}

/// One set of the table.
#[derive(Clone, Debug)]
pub struct Set {
    /// Its short code, as the Summary writes them where it does (RV, 4E, IA, ...).
    pub code: String,
    /// Its name.
    pub name: String,
    /// Its release date.
    pub released: Date,
    /// Its kind.
    pub kind: SetKind,
}

/// One card name and what the legality checks need to know of it.
#[derive(Clone, Debug)]
pub struct Card {
    /// The name as printed (Oracle spelling).
    pub name: String,
    /// Indexes into [`Table::sets`] of the sets that printed it, in release order.
    pub sets: Vec<usize>,
    /// A basic land (snow-covered basics included: 002 L3519-3524).
    pub basic: bool,
    /// A "Summon Legend" or "Legendary Land" (002 L2642-2644).
    pub legend: bool,
    /// An ante card.
    pub ante: bool,
}

/// Which list of a format an entry belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// None may appear in the deck or sideboard.
    Banned,
    /// Only one may appear in deck and sideboard together.
    Restricted,
}

/// One entry of a banned or restricted list.
#[derive(Clone, Debug)]
pub struct ListEntry {
    /// The format's command-line name.
    pub format: String,
    /// Banned or restricted.
    pub kind: ListKind,
    /// In force from this date.
    pub from: Date,
    /// Index into [`Table::cards`].
    pub card: usize,
    /// The Summary line that prints it, e.g. `002 L4090`.
    pub cite: String,
    /// The source the Summary gives for the list, e.g. `[Tourney Rules 10/01/96]`.
    pub source: String,
}

/// The parsed card table and lists.
#[derive(Debug)]
pub struct Table {
    /// Every set, in release order.
    pub sets: Vec<Set>,
    /// Every card name.
    pub cards: Vec<Card>,
    /// Every list entry.
    pub lists: Vec<ListEntry>,
    by_name: HashMap<String, usize>,
}

impl Table {
    /// The table, parsed on first use.
    ///
    /// # Errors
    /// A malformed embedded file (a build problem, reported rather than panicking).
    pub fn get() -> Result<&'static Self, String> {
        TABLE
            .get_or_init(|| {
                LOADED.store(true, Ordering::Relaxed);
                Self::parse(CARDS_TSV, LISTS_TSV)
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Whether this process has parsed the table (so `judge run` can be shown not to).
    #[must_use]
    pub fn loaded() -> bool {
        LOADED.load(Ordering::Relaxed)
    }

    fn parse(cards_src: &str, lists_src: &str) -> Result<Self, String> {
        let mut sets = Vec::new();
        let mut cards = Vec::new();
        let mut by_name = HashMap::new();
        let mut codes: HashMap<&str, usize> = HashMap::new();
        for (i, line) in cards_src.lines().enumerate() {
            let bad = |what: &str| format!("data/cards-1993-1997.tsv:{}: {what}", i + 1);
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            if let ["@set", code, name, released, kind] = f.as_slice() {
                let kind = match *kind {
                    "core" => SetKind::Core,
                    "expansion" => SetKind::Expansion,
                    "collector" => SetKind::Collector,
                    "promo" => SetKind::Promo,
                    "portal" => SetKind::Portal,
                    _ => return Err(bad("unknown set kind")),
                };
                codes.insert(code, sets.len());
                let released = Date::parse(released).map_err(|e| bad(&e))?;
                sets.push(Set { code: (*code).to_owned(), name: (*name).to_owned(), released, kind });
            } else if let [name, set_codes, flags] = f.as_slice() {
                let printed = set_codes
                    .split(' ')
                    .map(|c| codes.get(c).copied().ok_or_else(|| bad(&format!("unknown set `{c}`"))))
                    .collect::<Result<Vec<_>, _>>()?;
                if by_name.insert(fold(name), cards.len()).is_some() {
                    return Err(bad("a name listed twice"));
                }
                cards.push(Card {
                    name: (*name).to_owned(),
                    sets: printed,
                    basic: flags.contains('B'),
                    legend: flags.contains('L'),
                    ante: flags.contains('A'),
                });
            } else {
                return Err(bad("expected `@set CODE NAME DATE KIND` or `NAME SETS FLAGS`"));
            }
        }
        let mut lists = Vec::new();
        for (i, line) in lists_src.lines().enumerate() {
            let bad = |what: &str| format!("data/dci-lists.tsv:{}: {what}", i + 1);
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let [format, kind, from, name, cite, source] = f.as_slice() else {
                return Err(bad("expected six tab-separated fields"));
            };
            let kind = match *kind {
                "banned" => ListKind::Banned,
                "restricted" => ListKind::Restricted,
                _ => return Err(bad("expected `banned` or `restricted`")),
            };
            let card = by_name.get(&fold(name)).copied().ok_or_else(|| bad(&format!("unknown card `{name}`")))?;
            lists.push(ListEntry {
                format: (*format).to_owned(),
                kind,
                from: Date::parse(from).map_err(|e| bad(&e))?,
                card,
                cite: (*cite).to_owned(),
                source: (*source).to_owned(),
            });
        }
        Ok(Self { sets, cards, lists, by_name })
    }

    /// The card of a name, matched without regard to case, accents or the Æ ligature.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<usize> {
        self.by_name.get(&fold(name)).copied()
    }

    /// The closest card name to a near miss.
    #[must_use]
    pub fn suggest(&self, name: &str) -> Option<&str> {
        let folded = fold(name);
        crate::diagnostic::did_you_mean(&folded, self.cards.iter().map(|c| c.name.as_str()))
    }

    /// The set with this code (case-insensitive).
    #[must_use]
    pub fn set(&self, code: &str) -> Option<usize> {
        self.sets.iter().position(|s| s.code.eq_ignore_ascii_case(code))
    }

    /// The set with this code, which the data guarantees exists.
    #[must_use]
    pub fn code(&self, code: &str) -> Option<&Set> {
        self.set(code).and_then(|i| self.sets.get(i))
    }
}

/// A name folded for matching: lower case, accents dropped, Æ as "ae", curly quotes straight,
/// runs of spaces as one.
#[must_use]
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            'Æ' | 'æ' => out.push_str("ae"),
            'á' | 'à' | 'â' | 'ä' | 'Á' | 'À' | 'Â' | 'Ä' => out.push('a'),
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => out.push('i'),
            'ó' | 'ò' | 'ô' | 'ö' | 'Ó' | 'Ò' | 'Ô' | 'Ö' => out.push('o'),
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => out.push('u'),
            '\u{2018}' | '\u{2019}' | '`' => out.push('\''),
            c if c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c => out.extend(c.to_lowercase()),
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> &'static Table {
        Table::get().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_table_covers_every_set_from_alpha_to_weatherlight() {
        let t = table();
        let codes: Vec<&str> = t.sets.iter().map(|s| s.code.as_str()).collect();
        for code in [
            "LA", "LB", "UL", "CE", "IE", "AN", "AQ", "RV", "LG", "DK", "FE", "4E", "IA", "CH", "HL", "AL", "MI", "VI",
            "5E", "PO", "WL", "PR",
        ] {
            assert!(codes.contains(&code), "{code} missing from {codes:?}");
        }
        // Distinct names per set, counted from the source data, against the sets' known sizes:
        // basic lands count once whatever their arts, Alpha lacks two cards of Beta, and so on.
        for (code, names) in [
            ("LA", 290),
            ("LB", 292),
            ("UL", 292),
            ("CE", 292),
            ("IE", 292),
            ("AN", 78),
            ("AQ", 85),
            ("RV", 296),
            ("LG", 310),
            ("DK", 119),
            ("FE", 102),
            ("4E", 368),
            ("IA", 373),
            ("CH", 116),
            ("HL", 115),
            ("AL", 144),
            ("MI", 335),
            ("VI", 167),
            ("5E", 434),
            ("PO", 200),
            ("WL", 167),
            ("PR", 21),
        ] {
            let i = t.set(code).unwrap_or(usize::MAX);
            let found = t.cards.iter().filter(|c| c.sets.contains(&i)).count();
            assert_eq!(found, names, "{code}");
        }
        assert!(t.cards.len() > 2300, "{}", t.cards.len());
    }

    #[test]
    fn finds_names_without_case_accents_or_ligatures() {
        let t = table();
        for (asked, name) in [
            ("juzam djinn", "Juzám Djinn"),
            ("RING OF MA'RUF", "Ring of Ma'rûf"),
            ("AEther Storm", "Aether Storm"),
            ("Æther Storm", "Aether Storm"),
            ("Lightning  Bolt", "Lightning Bolt"),
        ] {
            let found = t.find(asked).map(|i| t.cards[i].name.as_str());
            assert_eq!(found, Some(name), "{asked}");
        }
        assert_eq!(t.suggest("Lightnig Bolt"), Some("Lightning Bolt"));
    }

    #[test]
    fn flags_basics_legends_and_ante_cards() {
        let t = table();
        let card = |n: &str| &t.cards[t.find(n).unwrap_or(usize::MAX)];
        assert!(card("Snow-Covered Swamp").basic && card("Forest").basic && !card("Strip Mine").basic);
        assert!(card("Karakas").legend && card("Hazezon Tamar").legend && !card("Lightning Bolt").legend);
        let ante: Vec<&str> = t.cards.iter().filter(|c| c.ante).map(|c| c.name.as_str()).collect();
        assert_eq!(
            ante,
            [
                "Amulet of Quoz",
                "Bronze Tablet",
                "Contract from Below",
                "Darkpact",
                "Demonic Attorney",
                "Jeweled Bird",
                "Rebirth",
                "Tempest Efreet",
                "Timmerian Fiends"
            ]
        );
    }
}
