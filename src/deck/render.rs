//! Text and JSON for a deck's verdict, and the table of formats.

use super::date::Date;
use super::formats::{FORMATS, Format, Sets, Sideboard};
use super::legality::Verdict;
use super::table::{ListKind, SetKind, Table};
use crate::output::Style;
use crate::span::line_col;
use std::fmt::Write as _;

/// The verdict as text: one line of verdict, then each problem with its rule, citation and line.
#[must_use]
pub fn text(file: &str, src: &str, v: &Verdict) -> String {
    let mut out = String::new();
    if v.legal() {
        let _ = writeln!(out, "{file}: legal in {} on {}", v.format_name, v.date);
    } else {
        let n = v.problems.len();
        let s = if n == 1 { "" } else { "s" };
        let _ = writeln!(out, "{file}: NOT legal in {} on {}: {n} problem{s}", v.format_name, v.date);
    }
    let cards = |n: usize| if n == 1 { "1 card".to_owned() } else { format!("{n} cards") };
    let _ = writeln!(out, "  play deck {}, sideboard {}", cards(v.deck), cards(v.sideboard));
    for (i, p) in v.problems.iter().enumerate() {
        let _ = writeln!(out, "  {}. [{}] {} ({})", i + 1, p.rule, p.message, p.cite);
        for span in p.span.iter().chain(&p.more) {
            let (line, col) = line_col(src, span.offset);
            let text = src.lines().nth(line - 1).unwrap_or("").trim_end();
            let _ = writeln!(out, "     --> {file}:{line}:{col}: {}", text.trim());
        }
    }
    for note in &v.notes {
        let _ = writeln!(out, "  note: {note}");
    }
    out
}

/// The verdict as JSON text.
#[must_use]
pub fn json(file: &str, src: &str, v: &Verdict) -> String {
    serde_json::to_string_pretty(&json_value(file, src, v)).unwrap_or_default() + "\n"
}

/// The verdict as a JSON value (the CLI adds the output's `version`).
#[must_use]
pub fn json_value(file: &str, src: &str, v: &Verdict) -> serde_json::Value {
    let problems: Vec<serde_json::Value> = v
        .problems
        .iter()
        .map(|p| {
            let mut o = serde_json::json!({"rule": p.rule, "message": p.message, "cite": p.cite});
            if let Some(span) = p.span {
                let (line, col) = line_col(src, span.offset);
                o["line"] = line.into();
                o["column"] = col.into();
                // Every line the problem concerns, the first included.
                let lines: Vec<usize> =
                    std::iter::once(span).chain(p.more.iter().copied()).map(|s| line_col(src, s.offset).0).collect();
                o["lines"] = lines.into();
            }
            o
        })
        .collect();
    serde_json::json!({
        "file": file,
        "format": v.format,
        "format_name": v.format_name,
        "date": v.date,
        "legal": v.legal(),
        "deck": v.deck,
        "sideboard": v.sideboard,
        "problems": problems,
        "notes": v.notes,
    })
}

fn in_force(f: &Format, date: Date) -> String {
    let mut s = match (f.from, f.until) {
        (Some(a), Some(b)) => format!("{} to {}", a.date, b.date),
        (Some(a), None) => format!("from {}", a.date),
        (None, Some(b)) => format!("until {}", b.date),
        (None, None) => "yes".to_owned(),
    };
    if f.out_of_force(date).is_some() {
        s.push_str("\n(not on this date)");
    }
    s
}

/// One row of facts per format, as on `date`.
#[derive(Debug, serde::Serialize)]
struct Row {
    format: &'static str,
    name: &'static str,
    in_force: bool,
    from: Option<Date>,
    until: Option<Date>,
    deck_minimum: usize,
    sideboard: &'static str,
    four_of: bool,
    sets: Vec<String>,
    also: Option<String>,
    restricted: Vec<String>,
    banned: Vec<String>,
    section: &'static str,
}

fn rows(t: &Table, date: Date) -> Vec<Row> {
    FORMATS
        .iter()
        .map(|f| {
            let list = |kind: ListKind| -> Vec<String> {
                let mut names: Vec<String> = t
                    .lists
                    .iter()
                    .filter(|l| l.format == f.id && l.kind == kind && l.from <= date)
                    .map(|l| t.cards[l.card].name.clone())
                    .collect();
                // Alphabetical, whatever order the Summary's columns gave the data.
                names.sort();
                names.dedup();
                if kind == ListKind::Restricted
                    && f.legends_rule
                    && super::formats::LEGENDS_RULE.0 <= date
                    && date < super::formats::LEGENDS_RULE.1
                {
                    names.push("every Summon Legend and Legendary Land".to_owned());
                }
                names
            };
            let also = match (f.sets.0, f.old_sets_banned) {
                (Sets::OnlyPlusBasics(_), _) => Some("basic lands of any set".to_owned()),
                (_, Some((old, _))) => Some(format!("banned: cards only in {}", old.join(" "))),
                (Sets::All, _) => Some("not CE, IE; PO by name of a legal card".to_owned()),
                _ => None,
            };
            Row {
                format: f.id,
                name: f.name,
                in_force: f.out_of_force(date).is_none(),
                from: f.from.map(|b| b.date),
                until: f.until.map(|b| b.date),
                deck_minimum: f.minimum.0,
                sideboard: match f.sideboard.0 {
                    Sideboard::NoneOrFifteen => "0 or 15",
                    Sideboard::Rest => "the rest",
                },
                four_of: f.four_of.is_some(),
                sets: f.legal_sets(t, date).into_iter().map(|i| t.sets[i].code.clone()).collect(),
                also,
                restricted: list(ListKind::Restricted),
                banned: list(ListKind::Banned),
                section: f.section,
            }
        })
        .collect()
}

/// Every format as on `date`, as a table, then the sets and when each joins constructed play,
/// the tables [`DEFAULT_WIDTH`](crate::output::DEFAULT_WIDTH) columns wide.
#[must_use]
pub fn formats_text(t: &Table, date: Date) -> String {
    formats_text_styled(t, date, &Style::plain())
}

/// [`formats_text`] with the tables fitted to `style` (a terminal's width, colour).
#[must_use]
pub fn formats_text_styled(t: &Table, date: Date, style: &Style) -> String {
    let grid = || style.table();
    // One row a format, its facts one under another, so that it reads at 80 columns.
    let mut g = grid();
    g.set_header(vec!["format", "rules"]);
    for (f, r) in FORMATS.iter().zip(rows(t, date)) {
        let four = if r.four_of { "4 of a card" } else { "no 4-of rule" };
        let mut sets = r.sets.join(", ");
        if let Some(a) = &r.also {
            sets.push_str(&format!("; {a}"));
        }
        let list = |v: &[String]| if v.is_empty() { "-".to_owned() } else { v.join(", ") };
        let facts = [
            r.name.to_owned(),
            format!("in force: {}", in_force(f, date).replace('\n', " ")),
            format!("deck: {}+ cards, sideboard {}, {four}", r.deck_minimum, r.sideboard),
            format!("sets: {sets}"),
            format!("restricted: {}", list(&r.restricted)),
            format!("banned: {}", list(&r.banned)),
            format!("cited: {}", r.section),
        ];
        g.add_row(vec![r.format.to_owned(), facts.join("\n")]);
    }
    let mut s = grid();
    s.set_header(vec!["set", "name", "released", "constructed from", "kind"]);
    for set in &t.sets {
        let kind = match set.kind {
            SetKind::Core => "basic set",
            SetKind::Expansion => "expansion",
            SetKind::Collector => "collector's (not for play)",
            SetKind::Promo => "promotional",
            SetKind::Portal => "Portal",
        };
        s.add_row(vec![
            set.code.clone(),
            set.name.clone(),
            set.released.to_string(),
            set.released.effective().to_string(),
            kind.to_owned(),
        ]);
    }
    format!(
        "Formats on {date} (002 General Rulings Summary 07/15/97, Tournament Rulings)\n{g}\n{s}\n{} card names from Alpha to Weatherlight\n",
        t.cards.len()
    )
}

/// Every format as on `date`, as a JSON value (the CLI adds the output's `version`).
#[must_use]
pub fn formats_json_value(t: &Table, date: Date) -> serde_json::Value {
    let sets: Vec<serde_json::Value> = t
        .sets
        .iter()
        .map(|s| serde_json::json!({"code": s.code, "name": s.name, "released": s.released, "constructed_from": s.released.effective()}))
        .collect();
    serde_json::json!({"date": date, "formats": rows(t, date), "sets": sets, "cards": t.cards.len()})
}
