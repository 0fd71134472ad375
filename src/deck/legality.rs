//! The checks a head judge makes of a decklist against a format on a date, each problem naming
//! the rule it breaks and the Summary line that gives it.

use super::date::Date;
use super::formats::{Format, LEGENDS_RULE, SEALED_POOL, STANDARD_RULE_FROM, Sets, Sideboard};
use super::parse::{Deck, Printing};
use super::table::{ListKind, SetKind, Table};
use crate::span::Span;
use serde::Serialize;
use std::collections::BTreeMap;

/// One way a deck breaks a rule.
#[derive(Clone, Debug, Serialize)]
pub struct Problem {
    /// A short name of the rule, stable for scripts: `deck-minimum`, `four-of`, `banned`, ...
    pub rule: &'static str,
    /// What is wrong, in words.
    pub message: String,
    /// The Summary line(s) giving the rule, e.g. `002 L4081`.
    pub cite: String,
    /// The decklist line it concerns, when one line does (1-based), filled in by the renderer.
    #[serde(skip)]
    pub span: Option<Span>,
    /// The other decklist lines it concerns (a card listed on several lines), in order.
    #[serde(skip)]
    pub more: Vec<Span>,
}

/// The verdict on a deck.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// The format's command-line name.
    pub format: &'static str,
    /// The format's name.
    pub format_name: &'static str,
    /// The event date.
    pub date: Date,
    /// Cards in the play deck.
    pub deck: usize,
    /// Cards in the sideboard.
    pub sideboard: usize,
    /// Every problem, in the order the checks run.
    pub problems: Vec<Problem>,
    /// What the check could not settle from the Summary, said plainly.
    pub notes: Vec<String>,
}

impl Verdict {
    /// No problem found.
    #[must_use]
    pub fn legal(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Options a judge sets for an event.
#[derive(Clone, Copy, Debug, Default)]
pub struct Event {
    /// The judge allows play for ante (sealed deck: 002 L4310-4312).
    pub ante: bool,
}

/// One card name's copies across deck and sideboard.
struct Tally {
    main: usize,
    side: usize,
    first: Span,
    /// The card's other lines, after the first.
    more: Vec<Span>,
}

fn problem(rule: &'static str, message: String, cite: &str, span: Option<Span>) -> Problem {
    Problem { rule, message, cite: cite.to_owned(), span, more: Vec::new() }
}

/// Checks `deck` against `format` on `date`.
#[must_use]
pub fn check(deck: &Deck, format: &'static Format, date: Date, event: Event, t: &Table) -> Verdict {
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let (main, side) = (deck.main_count(), deck.side_count());

    if let Some((ended, bound)) = format.out_of_force(date) {
        let message = if ended {
            format!("{} is no longer supported from {} (the event is on {date})", format.name, bound.date)
        } else {
            format!("{} is in force only from {} (the event is on {date})", format.name, bound.date)
        };
        problems.push(problem("format-not-in-force", message, bound.cite, None));
    }

    // Deck and sideboard sizes.
    let (minimum, min_cite) = format.minimum;
    if main < minimum {
        problems.push(problem(
            "deck-minimum",
            format!("the play deck has {main} cards; {} needs at least {minimum}", format.name),
            min_cite,
            None,
        ));
    }
    match format.sideboard {
        (Sideboard::NoneOrFifteen, cite) if side != 0 && side != 15 => problems.push(problem(
            "sideboard-size",
            format!("the sideboard has {side} cards; a sideboard, if used, must have exactly 15"),
            cite,
            None,
        )),
        _ => {}
    }
    if format.id == "sealed-deck" && side > 0 {
        let (low, high, cite) = SEALED_POOL;
        let pool = main + side;
        if !(low..=high).contains(&pool) {
            problems.push(problem(
                "sealed-pool",
                format!("deck and sideboard hold {pool} cards; a sealed deck pool has {low} to {high}"),
                cite,
                None,
            ));
        }
    }

    // Copies of each card across deck and sideboard: printings, arts and languages count as one
    // card (002 L4084-4086).
    let mut tally: BTreeMap<usize, Tally> = BTreeMap::new();
    for e in &deck.entries {
        let slot = tally.entry(e.card).or_insert(Tally { main: 0, side: 0, first: e.span, more: Vec::new() });
        if slot.first != e.span {
            slot.more.push(e.span);
        }
        if e.sideboard {
            slot.side += e.count;
        } else {
            slot.main += e.count;
        }
    }
    let split = |n: &Tally| {
        if n.side == 0 {
            "in the deck".to_owned()
        } else if n.main == 0 {
            "in the sideboard".to_owned()
        } else {
            format!("{} in the deck, {} in the sideboard", n.main, n.side)
        }
    };
    let lists: Vec<_> = t.lists.iter().filter(|l| l.format == format.id).collect();
    for (&card, n) in &tally {
        let c = &t.cards[card];
        let total = n.main + n.side;
        let at = Some(n.first);
        if let Some(cite) = format.four_of
            && !c.basic
            && total > 4
        {
            // Every line that adds copies is pointed at, not the first only.
            problems.push(Problem {
                more: n.more.clone(),
                ..problem(
                    "four-of",
                    format!("{total} {} ({}); at most 4 of a card that is not a basic land", c.name, split(n)),
                    cite,
                    at,
                )
            });
        }
        for l in lists.iter().filter(|l| l.card == card && l.from <= date) {
            match l.kind {
                ListKind::Banned => problems.push(problem(
                    "banned",
                    format!("{} is banned in {} {} ({total} {})", c.name, format.name, l.source, split(n)),
                    &l.cite,
                    at,
                )),
                ListKind::Restricted if total > 1 => problems.push(Problem {
                    more: n.more.clone(),
                    ..problem(
                        "restricted",
                        format!(
                            "{total} {} ({}); it is restricted in {} {}: one in deck and sideboard together",
                            c.name,
                            split(n),
                            format.name,
                            l.source
                        ),
                        &l.cite,
                        at,
                    )
                }),
                ListKind::Restricted => {}
            }
        }
        let (from, until, cite) = LEGENDS_RULE;
        if format.legends_rule && c.legend && total > 1 && from <= date && date < until {
            problems.push(problem(
                "restricted",
                format!(
                    "{total} {} ({}); every Summon Legend and Legendary Land was restricted from {from} until {until}",
                    c.name,
                    split(n)
                ),
                cite,
                at,
            ));
        }
        if let Some(p) = set_problem(format, date, card, t, at) {
            problems.push(p);
        }
        if format.limited
            && c.ante
            && !(event.ante && format.id == "sealed-deck")
            && (n.main > 0 || format.id == "booster-draft")
        {
            let (message, cite) = if format.id == "booster-draft" {
                (
                    format!("{} is an ante card; ante cards in boosters are replaced before the draft", c.name),
                    "002 L4362-4363",
                )
            } else {
                (
                    format!("{} is an ante card; ante cards may not be played when not playing for ante", c.name),
                    "002 L4310-4316",
                )
            };
            problems.push(problem("ante", message, cite, at));
        }
    }

    printing_problems(deck, format, t, &mut problems, &mut notes);

    // What the Summary does not settle for this date.
    let later: Vec<_> = lists.iter().filter(|l| l.from > date).collect();
    if let Some(first) = later.iter().map(|l| l.from).min() {
        notes.push(format!(
            "the Summary gives {}'s lists as in force from {first}; an earlier event may have had other lists, which are not checked",
            format.name
        ));
    }
    if format.sets.0 == Sets::Standard && date < STANDARD_RULE_FROM {
        notes.push(format!(
            "Type II's sets follow the rule of the Update of 05/01/97 (002 L4112-4118); before {STANDARD_RULE_FROM} the Summary gives only the older removal policy (002 L4123-4127), so the sets checked may differ from those of the event"
        ));
    }
    if date > Date::SUMMARY {
        notes.push(format!(
            "the Summary and the card data stop at {}: sets and lists that came after it are not known here",
            Date::SUMMARY
        ));
    }
    if format.id == "sealed-deck" && side == 0 {
        notes.push("no sideboard listed: the pool of 90 to 300 cards (002 L4299) is not checked".to_owned());
    }
    Verdict { format: format.id, format_name: format.name, date, deck: main, sideboard: side, problems, notes }
}

/// Whether a card may be played in the format on the date, by the sets that printed it.
fn set_problem(format: &Format, date: Date, card: usize, t: &Table, at: Option<Span>) -> Option<Problem> {
    let c = &t.cards[card];
    if matches!(format.sets.0, Sets::OnlyPlusBasics(_)) && c.basic {
        return None;
    }
    let legal = format.legal_sets(t, date);
    if c.sets.iter().any(|s| legal.contains(s)) {
        return None;
    }
    let printed = c.sets.iter().map(|&s| t.sets[s].code.as_str()).collect::<Vec<_>>().join(" ");
    if format.limited {
        let first = c.sets.iter().map(|&s| t.sets[s].released).min()?;
        return Some(problem(
            "set-not-released",
            format!("{} was first released on {first}, after the event ({date})", c.name),
            format.sets.1,
            at,
        ));
    }
    // A set of the format that has not joined yet.
    let pool = format.set_pool(t, date);
    if let Some(s) = c.sets.iter().copied().filter(|s| pool.contains(s)).min_by_key(|&s| t.sets[s].released) {
        let set = &t.sets[s];
        return Some(problem(
            "set-not-yet-legal",
            format!(
                "{} is only in sets not yet legal: {} (released {}) is legal in {} from {}",
                c.name,
                set.name,
                set.released,
                format.name,
                format.joins(set.released)
            ),
            "002 L4076-4080",
            at,
        ));
    }
    if let Some((old, cite)) = format.old_sets_banned
        && c.sets.iter().all(|&s| old.contains(&t.sets[s].code.as_str()) || t.sets[s].kind == SetKind::Collector)
    {
        return Some(problem(
            "banned",
            format!(
                "{} is banned in {}: printed only in {printed}, never reprinted in a more recent set",
                c.name, format.name
            ),
            cite,
            at,
        ));
    }
    if let Some(cite) = format.portal
        && c.sets.iter().all(|&s| t.sets[s].kind == SetKind::Portal)
    {
        return Some(problem(
            "portal",
            format!("{} is a Portal card without the name of a card legal in {}", c.name, format.name),
            cite,
            at,
        ));
    }
    if format.promos.is_none() && c.sets.iter().all(|&s| matches!(t.sets[s].kind, SetKind::Promo | SetKind::Collector))
    {
        return Some(problem(
            "promo",
            format!("{} is a promotional card that no set legal in {} printed", c.name, format.name),
            format.collector.unwrap_or(format.sets.1),
            at,
        ));
    }
    Some(problem(
        "set-not-legal",
        format!("{} is not in any set legal in {} on {date}: printed in {printed}", c.name, format.name),
        format.sets.1,
        at,
    ))
}

/// Rules about the physical cards a list can show: proxies, Collector's Edition, Alpha decks.
fn printing_problems(deck: &Deck, format: &Format, t: &Table, problems: &mut Vec<Problem>, notes: &mut Vec<String>) {
    let alpha = t.set("LA");
    for e in &deck.entries {
        let name = &t.cards[e.card].name;
        match e.printing {
            Some(Printing::Proxy) => problems.push(problem(
                "proxy",
                format!("{} {name} listed as a proxy; proxy cards are not allowed", e.count),
                "002 L3957",
                Some(e.span),
            )),
            Some(Printing::Set(s)) if t.sets[s].kind == SetKind::Collector => {
                if let Some(cite) = format.collector {
                    problems.push(problem(
                        "collectors-edition",
                        format!(
                            "{} {name} from {}; Collector's Edition cards are not allowed",
                            e.count, t.sets[s].name
                        ),
                        cite,
                        Some(e.span),
                    ));
                }
            }
            _ => {}
        }
    }
    let is_alpha = |p: Option<Printing>| alpha.is_some() && p == alpha.map(Printing::Set);
    let alpha_cards: usize = deck.entries.iter().filter(|e| is_alpha(e.printing)).map(|e| e.count).sum();
    if alpha_cards > 0 {
        let others: Vec<&super::parse::Entry> = deck.entries.iter().filter(|e| !is_alpha(e.printing)).collect();
        if others.is_empty() {
            notes.push("an all-Alpha deck: the player must tell the judge so (002 L3959-3960)".to_owned());
        }
        if let Some(first) = others.first() {
            let n: usize = others.iter().map(|e| e.count).sum();
            problems.push(problem(
                "alpha-deck",
                format!(
                    "{alpha_cards} cards are marked as Alpha printings and {n} are not; a deck with Alpha cards must consist entirely of them"
                ),
                "002 L3958-3960",
                Some(first.span),
            ));
        }
    }
}
